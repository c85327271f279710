//! What killed builds leave beside the output folder (`.public.staging-PID`, `.public.old-PID`)
//! is cleared by the next build: only folders named as sade names its own, only those whose
//! process is gone; and an output a build was killed in the middle of replacing is put back.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The id of a process that has just ended.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

fn beside(site: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(site)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    names.sort();
    names
}

#[test]
fn the_next_build_clears_what_killed_builds_left() {
    let site = common::fixture_site();
    assert_eq!(common::sade_build(site.path(), None).0, Some(0));
    let dead = dead_pid();
    let me = std::process::id();
    for name in [
        format!(".public.staging-{dead}"),
        format!(".public.old-{dead}"),
        // Not sade's, or not gone: left alone.
        format!(".public.staging-{me}"),
        format!(".other.staging-{dead}"),
        ".public.staging-x1".to_string(),
        format!(".public.backup-{dead}"),
    ] {
        let dir = site.path().join(&name);
        fs::create_dir_all(dir.join("tr/x")).unwrap();
        fs::write(dir.join("tr/x/index.html"), "half a site").unwrap();
    }
    // A file with a staging folder's name is not a folder sade made.
    fs::write(
        site.path().join(format!(".public.staging-{}", dead_pid())),
        "",
    )
    .unwrap();
    let files_before = beside(site.path());
    let (code, stderr) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "removed 2 folders left by interrupted builds: .public.old-{dead}, .public.staging-{dead}\n"
        )),
        "{stderr}"
    );
    let mut kept: Vec<String> = files_before
        .into_iter()
        .filter(|n| *n != format!(".public.staging-{dead}") && *n != format!(".public.old-{dead}"))
        .collect();
    kept.sort();
    assert_eq!(beside(site.path()), kept);
    // The build itself is whole.
    assert!(site.path().join("public/sitemap.xml").is_file());
}

/// A build killed between moving the old output aside and moving the new one in left no output:
/// the next build puts the old one back first, then builds over it.
#[test]
fn an_output_moved_aside_by_a_killed_build_is_put_back() {
    let site = common::fixture_site();
    assert_eq!(common::sade_build(site.path(), None).0, Some(0));
    let public = site.path().join("public");
    fs::write(public.join("marker.txt"), "from before").unwrap();
    let old = site.path().join(format!(".public.old-{}", dead_pid()));
    fs::rename(&public, &old).unwrap();
    let (code, stderr) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "put the previous output back from {}, where an interrupted build had moved it\n",
            old.display()
        )),
        "{stderr}"
    );
    assert!(!old.exists());
    // Built over the old output: its stray file is gone, as after any build over a site.
    assert!(public.join("sitemap.xml").is_file());
    assert!(!public.join("marker.txt").exists());
    assert!(stderr.contains("1 removed"), "{stderr}");
}

/// Builds killed with SIGKILL at varied moments, then one that runs to the end: nothing is left
/// beside the output.
#[cfg(unix)]
#[test]
fn builds_killed_at_any_moment_leave_nothing_after_the_next_one() {
    let site = common::fixture_site();
    // Enough pages that a build takes a while: each has a table and a chart.
    for i in 0..150 {
        fs::write(
            site.path().join(format!("content/blog/p{i}.en.md")),
            format!(
                "---\ntitle: \"P{i}\"\npublished: 2026-01-01\nsection: Post\n---\n\n\
                 << backoff_table(base={}ms, attempts=20, seed={i}) >>\n\n\
                 << backoff_chart(base=100ms, attempts=10, clients=2000, seed={i}) >>\n",
                i + 1
            ),
        )
        .unwrap();
    }
    let mut left_behind = 0;
    for delay_ms in [30, 120, 250, 400, 700] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sade"))
            .args(["build", "--root"])
            .arg(site.path())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        left_behind += beside(site.path()).len();
    }
    let (code, stderr) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(0), "{stderr}");
    common::assert_no_staging_left(site.path());
    println!("folders left by 5 killed builds, all cleared by the next: {left_behind}");
}
