//! The lower bound of a `sade build`: read every `content/**/NAME.LANG.md` of a site, render the
//! markdown with pulldown-cmark alone (front matter skipped as a metadata block, GFM tables on),
//! and write `OUT/LANG/DIR/NAME/index.html` and `index.md` (the source as read) per source file:
//! the same two files per page that sade writes. No templates, no shortcodes, no site-wide pages. Spreads the pages over all cores (or `FLOOR_THREADS`) with plain threads.
//!
//! Usage: sade-floor SITE_ROOT OUT_DIR

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use pulldown_cmark::{html, Options, Parser};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
    Ok(())
}

/// `content/a/b/NAME.tr.md` -> `OUT/tr/a/b/NAME/index.html`.
fn target(content: &Path, out: &Path, src: &Path) -> PathBuf {
    let rel = src.strip_prefix(content).expect("source under content/");
    let stem = rel.file_stem().and_then(|s| s.to_str()).unwrap_or("page");
    let (name, lang) = stem.rsplit_once('.').unwrap_or((stem, "tr"));
    let mut t = out.join(lang);
    if let Some(parent) = rel.parent() {
        t.push(parent);
    }
    t.push(name);
    t.push("index.html");
    t
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: sade-floor SITE_ROOT OUT_DIR");
        std::process::exit(2);
    }
    let content = Path::new(&args[1]).join("content");
    let out = PathBuf::from(&args[2]);
    let mut sources = Vec::new();
    collect(&content, &mut sources)?;
    sources.sort();

    let threads = std::env::var("FLOOR_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()));
    let options = Options::ENABLE_TABLES | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS;
    let next = AtomicUsize::new(0);

    thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| -> io::Result<()> {
                    let mut bytes = Vec::new();
                    let mut html_out = String::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(src) = sources.get(i) else {
                            return Ok(());
                        };
                        bytes.clear();
                        io::Read::read_to_end(&mut fs::File::open(src)?, &mut bytes)?;
                        // UTF-8 checked as sade checks it (vector instructions).
                        let text = simdutf8::basic::from_utf8(&bytes).map_err(|_| {
                            io::Error::new(io::ErrorKind::InvalidData, "not UTF-8")
                        })?;
                        html_out.clear();
                        html::push_html(&mut html_out, Parser::new_ext(text, options));
                        let dest = target(&content, &out, src);
                        fs::create_dir_all(dest.parent().expect("has a parent"))?;
                        fs::write(&dest, html_out.as_bytes())?;
                        fs::write(dest.with_file_name("index.md"), text.as_bytes())?;
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().expect("worker panicked"))
    })?;
    println!("{} pages", sources.len());
    Ok(())
}
