//! Static files, copied into the output as they are: the built-in theme's
//! ([`crate::theme::statics`]) and the site's `static/` folder, whose file replaces a built-in one
//! at the same path.

use std::collections::BTreeSet;
use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::output::OutputFile;

/// Folder copied as is into the output, relative to the site root.
pub const STATIC_DIR: &str = "static";

/// Every static file's output path, the built-in theme's and the site's, in path order, without
/// reading them.
pub fn sources(root: &Path) -> Result<Vec<String>, Diagnostic> {
    let mut paths: BTreeSet<String> = crate::theme::statics()
        .map(|(path, _)| path.to_string())
        .collect();
    let dir = root.join(STATIC_DIR);
    if dir.exists() {
        for entry in walkdir::WalkDir::new(&dir) {
            let entry =
                entry.map_err(|e| Diagnostic::error(format!("cannot read static/: {e}")))?;
            if entry.file_type().is_file() {
                paths.insert(crate::output::relative(&dir, entry.path()));
            }
        }
    }
    Ok(paths.into_iter().collect())
}

/// The static file at output `path`: the site's `static/PATH` if it has one, else the built-in.
pub fn read(root: &Path, path: &str) -> Result<OutputFile, Diagnostic> {
    let file = root.join(STATIC_DIR).join(path);
    let bytes = match std::fs::read(&file) {
        Ok(bytes) => bytes,
        Err(e) => match crate::theme::static_file(path) {
            Some(bytes) if e.kind() == std::io::ErrorKind::NotFound => bytes.to_vec(),
            _ => {
                return Err(Diagnostic::error(format!(
                    "cannot read {}: {e}",
                    file.display()
                )))
            }
        },
    };
    Ok(OutputFile {
        path: path.to_string(),
        bytes,
    })
}
