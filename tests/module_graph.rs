//! The modules of `src/` depend on each other in one direction only: the graph derived from every
//! `crate::NAME` path in the code (comments left out) has no cycle. A module is a file `src/X.rs`
//! or a folder `src/X/`; `main.rs` (with `src/main/`) and `lib.rs` are the roots, not modules.
//! And no file of `src/` is over 600 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module → the modules its code names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in walkdir::WalkDir::new(&src) {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = path.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "main" || module == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let uses = graph.entry(module.clone()).or_default();
        for line in text.lines() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for (at, _) in code.match_indices("crate::") {
                let name: String = code[at + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                // `use crate::{a, b}` names several modules at once.
                if name.is_empty() && code[at..].starts_with("crate::{") {
                    let inner = &code[at + "crate::{".len()..];
                    let inner = &inner[..inner.find('}').unwrap_or(inner.len())];
                    for part in inner.split(',') {
                        let name = part.trim().split("::").next().unwrap_or("").trim();
                        if !name.is_empty() && name != module {
                            uses.insert(name.to_string());
                        }
                    }
                } else if !name.is_empty() && name != module {
                    uses.insert(name);
                }
            }
        }
    }
    graph
}

/// A cycle through `node`, if there is one reachable from it.
fn cycle_from(
    graph: &BTreeMap<String, BTreeSet<String>>,
    node: &str,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(at) = path.iter().position(|n| n == node) {
        let mut cycle = path[at..].to_vec();
        cycle.push(node.to_string());
        return Some(cycle);
    }
    if done.contains(node) {
        return None;
    }
    path.push(node.to_string());
    for next in graph.get(node).into_iter().flatten() {
        if let Some(c) = cycle_from(graph, next, path, done) {
            return Some(c);
        }
    }
    path.pop();
    done.insert(node.to_string());
    None
}

#[test]
fn modules_form_no_cycle() {
    let graph = graph();
    assert!(graph.len() > 10, "modules found: {:?}", graph.keys());
    for (module, uses) in &graph {
        for used in uses {
            assert!(
                graph.contains_key(used),
                "{module} names crate::{used}, which is not a module of src/"
            );
        }
    }
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        if let Some(cycle) = cycle_from(&graph, module, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}", cycle.join(" → "));
        }
    }
}

/// The check itself finds a cycle when there is one.
#[test]
fn a_cycle_is_found() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    graph.entry("c".into()).or_default().insert("a".into());
    let found = cycle_from(&graph, "a", &mut Vec::new(), &mut BTreeSet::new());
    assert_eq!(found.unwrap(), ["a", "b", "c", "a"]);
    graph.get_mut("c").unwrap().clear();
    assert!(cycle_from(&graph, "a", &mut Vec::new(), &mut BTreeSet::new()).is_none());
}

/// No file of `src/` is longer than one can read in a sitting: a file that grows past
/// [`MAX_LINES`] is split by concern (unit tests go to a `tests.rs` beside it).
#[test]
fn no_source_file_is_over_600_lines() {
    const MAX_LINES: usize = 600;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut long = Vec::new();
    let mut files = 0;
    for entry in walkdir::WalkDir::new(&src) {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|e| e == "rs") {
            files += 1;
            let lines = std::fs::read_to_string(entry.path())
                .unwrap()
                .lines()
                .count();
            if lines > MAX_LINES {
                long.push(format!("{} ({lines} lines)", entry.path().display()));
            }
        }
    }
    assert!(files > 40, "source files found: {files}");
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines: {}",
        long.join(", ")
    );
}
