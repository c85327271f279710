//! The fuzz corpus as regression tests, on the stable toolchain: every file of the committed
//! corpus (`fuzz/corpus/TARGET/`) and every input a fuzzer crashed on (`fuzz/regressions/TARGET/`)
//! goes through the same function its fuzz target calls (`fuzz/src/lib.rs`), which checks what
//! must hold of any result. `fuzz/run.sh` runs the targets themselves (nightly, cargo-fuzz).

#[path = "../fuzz/src/lib.rs"]
mod targets;

use std::path::Path;

/// Runs `target` over every file of its corpus and regressions; a panic names the file.
fn replay(name: &str, target: fn(&[u8])) {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut replayed = 0;
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(dir).join(name)) else {
            continue;
        };
        let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap();
            if let Err(panic) = std::panic::catch_unwind(|| target(&data)) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panic!("{name} fails on {}: {message}", file.display());
            }
            replayed += 1;
        }
    }
    assert!(
        replayed >= 10,
        "{name}: only {replayed} inputs in fuzz/corpus/{name}"
    );
}

#[test]
fn shortcode_grammar() {
    replay("shortcode_grammar", targets::shortcode_grammar);
}

#[test]
fn durations() {
    replay("durations", targets::durations);
}

#[test]
fn front_matter() {
    replay("front_matter", targets::front_matter);
}

#[test]
fn page_render() {
    replay("page_render", targets::page_render);
}
