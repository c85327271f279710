//! The site's `static/` folder: files copied into the output as they are.

use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostic;
use crate::output::OutputFile;

/// Folder copied as is into the output, relative to the site root.
pub const STATIC_DIR: &str = "static";

/// Every file of `root/static` as (output path, file), without reading them, in path order.
pub fn sources(root: &Path) -> Result<Vec<(String, PathBuf)>, Diagnostic> {
    let dir = root.join(STATIC_DIR);
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.map_err(|e| Diagnostic::error(format!("cannot read static/: {e}")))?;
        if !entry.file_type().is_file() {
            continue;
        }
        files.push((
            crate::output::relative(&dir, entry.path()),
            entry.into_path(),
        ));
    }
    Ok(files)
}

/// The static file at `file`, as the output `path`.
pub fn read(path: &str, file: &Path) -> Result<OutputFile, Diagnostic> {
    let bytes = std::fs::read(file)
        .map_err(|e| Diagnostic::error(format!("cannot read {}: {e}", file.display())))?;
    Ok(OutputFile {
        path: path.to_string(),
        bytes,
    })
}
