//! Embeds the built-in theme: every file of `templates/` and `static/` (but `static/img/`, the
//! bundled site's own pictures) becomes an `include_str!`/`include_bytes!` entry of
//! `$OUT_DIR/theme.rs`, which `src/theme.rs` includes.
//!
//! A generated list rather than a crate such as include_dir or rust-embed: it needs no
//! dependency, the compiler tracks each embedded file's contents through the `include_*!` macros,
//! and `rerun-if-changed` on the two folders (which Cargo scans whole) regenerates the list when a
//! file is added or removed.
//!
//! Also writes `$OUT_DIR/engine_hash.txt`: a hash (FNV-1a, 64 bits) of every file of the
//! engines whose results builds keep between them (`src/backoff/`, `src/recovery/`), which
//! `src/store.rs` puts into every kept result's name.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// Folders of `static/` that belong to the bundled site, not to the theme.
const SITE_ONLY: [&str; 1] = ["img"];

fn files(dir: &Path, skip: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(dir).unwrap();
            if skip.iter().any(|s| rel == Path::new(s)) {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `templates/strings/en.yaml` → `strings/en.yaml`, with `/` on every system.
fn name(dir: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(dir).unwrap();
    rel.components()
        .map(|c| c.as_os_str().to_str().expect("theme file names are UTF-8"))
        .collect::<Vec<_>>()
        .join("/")
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let mut code = String::new();
    for (folder, konst, macro_, skip) in [
        ("templates", "TEMPLATES", "include_str", &[][..]),
        ("static", "STATIC", "include_bytes", &SITE_ONLY[..]),
    ] {
        let dir = root.join(folder);
        println!("cargo:rerun-if-changed={folder}");
        let kind = if macro_ == "include_str" {
            "str"
        } else {
            "[u8]"
        };
        writeln!(code, "/// `{folder}/`, by path below it.").unwrap();
        writeln!(code, "pub static {konst}: &[(&str, &{kind})] = &[").unwrap();
        for path in files(&dir, skip) {
            writeln!(
                code,
                "    ({:?}, {macro_}!({:?})),",
                name(&dir, &path),
                path.display().to_string()
            )
            .unwrap();
        }
        code.push_str("];\n");
    }
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    fs::write(out_dir.join("theme.rs"), code).unwrap();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for folder in ["src/backoff", "src/recovery"] {
        println!("cargo:rerun-if-changed={folder}");
        let dir = root.join(folder);
        for path in files(&dir, &[]) {
            for byte in name(&root, &path).bytes().chain(fs::read(&path).unwrap()) {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    fs::write(out_dir.join("engine_hash.txt"), format!("{hash:#018x}")).unwrap();
}
