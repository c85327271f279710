//! The preview's outputs in memory, changed in place with a record of what each change replaced,
//! so a rebuild whose link checks fail can put everything back.

use crate::output::{OutputFile, Outputs};

/// What a path held before [`apply`]: its old bytes, or nothing when it was added.
pub(super) type Undo = Vec<(String, Option<Vec<u8>>)>;

/// Puts `files` into `outputs` (replacing files with the same path), removes `remove`, and returns
/// what is needed to [`restore`] the previous contents.
pub(super) fn apply(outputs: &mut Outputs, files: Vec<OutputFile>, remove: &[String]) -> Undo {
    let mut undo = Vec::with_capacity(files.len() + remove.len());
    let mut resort = false;
    for path in remove {
        if let Ok(i) = outputs.0.binary_search_by(|f| f.path.cmp(path)) {
            let old = outputs.0.remove(i);
            undo.push((old.path, Some(old.bytes)));
        }
    }
    for file in files {
        match outputs.0.binary_search_by(|f| f.path.cmp(&file.path)) {
            Ok(i) => {
                let old = std::mem::replace(&mut outputs.0[i].bytes, file.bytes);
                undo.push((file.path, Some(old)));
            }
            Err(_) => {
                undo.push((file.path.clone(), None));
                outputs.0.push(file);
                resort = true;
            }
        }
    }
    if resort {
        outputs.sort();
    }
    undo
}

pub(super) fn restore(outputs: &mut Outputs, undo: Undo) {
    for (path, old) in undo.into_iter().rev() {
        let at = outputs.0.binary_search_by(|f| f.path.cmp(&path));
        match (at, old) {
            (Ok(i), Some(bytes)) => outputs.0[i].bytes = bytes,
            (Ok(i), None) => {
                outputs.0.remove(i);
            }
            (Err(i), Some(bytes)) => outputs.0.insert(i, OutputFile { path, bytes }),
            (Err(_), None) => {}
        }
    }
}

/// Paths touched by [`apply`] whose bytes differ now.
pub(super) fn changed_paths(outputs: &Outputs, undo: &Undo) -> Vec<String> {
    let mut changed: Vec<String> = undo
        .iter()
        .filter(|(path, old)| outputs.get(path).map(|f| &f.bytes) != old.as_ref())
        .map(|(path, _)| path.clone())
        .collect();
    changed.sort();
    changed.dedup();
    changed
}

/// Paths that differ between two sorted output lists.
pub(super) fn diff(old: &Outputs, new: &Outputs) -> Vec<String> {
    let mut changed = Vec::new();
    let (mut a, mut b) = (old.0.iter().peekable(), new.0.iter().peekable());
    loop {
        match (a.peek(), b.peek()) {
            (None, None) => break,
            (Some(x), Some(y)) if x.path == y.path => {
                if x.bytes != y.bytes {
                    changed.push(x.path.clone());
                }
                a.next();
                b.next();
            }
            (Some(x), Some(y)) if x.path < y.path => {
                changed.push(x.path.clone());
                a.next();
            }
            (Some(x), None) => {
                changed.push(x.path.clone());
                a.next();
            }
            (_, Some(y)) => {
                changed.push(y.path.clone());
                b.next();
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(files: &[(&str, &str)]) -> Outputs {
        let mut o = Outputs(
            files
                .iter()
                .map(|(p, b)| OutputFile::text(*p, b.to_string()))
                .collect(),
        );
        o.sort();
        o
    }

    #[test]
    fn apply_then_restore_is_identity() {
        let before = out(&[("a", "1"), ("b", "2"), ("c", "3")]);
        let mut o = before.clone();
        let undo = apply(
            &mut o,
            vec![
                OutputFile::text("b", "x".into()),
                OutputFile::text("d", "4".into()),
            ],
            &["c".to_string()],
        );
        assert_eq!(o.0, out(&[("a", "1"), ("b", "x"), ("d", "4")]).0);
        assert_eq!(changed_paths(&o, &undo), ["b", "c", "d"]);
        restore(&mut o, undo);
        assert_eq!(o.0, before.0);
    }

    #[test]
    fn diff_lists_added_removed_and_changed() {
        let a = out(&[("a", "1"), ("b", "2"), ("c", "3")]);
        let b = out(&[("b", "2"), ("c", "x"), ("d", "4")]);
        assert_eq!(diff(&a, &b), ["a", "c", "d"]);
    }
}
