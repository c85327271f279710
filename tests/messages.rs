//! What sade says is so: a failed build claims to have left a previous output untouched only when
//! there was one, the preview claims to serve the last good build only when there is one, a bad
//! `sade.yaml` is named as such, and `check --help` lists only flags `check` uses.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;

use sade::build::{build, Options};
use sade::shortcode::Registry;

fn sade(args: &[&str], root: &Path) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sade"))
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn a_failed_build_with_nothing_before_it_does_not_claim_a_previous_output() {
    let dir = tempfile::tempdir().unwrap();
    // No sade.yaml, and a root that does not exist: the build makes no folder at all.
    let root = dir.path().join("no-site");
    let (code, _, stderr) = sade(&["build"], &root);
    assert_eq!(code, Some(1));
    assert_eq!(last_line(&stderr), "build failed; nothing was written");
    assert!(!root.exists(), "a failed build created {}", root.display());

    // A site whose pages fail, built into a new nested folder: no folder is left either.
    let site = common::site_with(&[("tools/x.tr.md", "no front matter\n")]);
    let out = site.path().join("deep/er/public");
    let (code, stderr) = common::sade_build(site.path(), Some(&out));
    assert_eq!(code, Some(1));
    assert_eq!(last_line(&stderr), "build failed; nothing was written");
    assert!(!site.path().join("deep").exists());

    // Over a previous build, it is so.
    let site = common::fixture_site();
    assert_eq!(common::sade_build(site.path(), None).0, Some(0));
    std::fs::write(site.path().join("content/tools/bad.tr.md"), "x\n").unwrap();
    let (code, stderr) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(1));
    assert_eq!(
        last_line(&stderr),
        "build failed; the previous output was left untouched"
    );
}

/// A child process, killed when dropped (also when the test fails on the way).
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_preview_claims_a_last_good_build_only_when_there_is_one() {
    let site = common::fixture_copy();
    let config = site.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    std::fs::remove_file(&config).unwrap();
    let mut child = Killed(
        Command::new(env!("CARGO_BIN_EXE_sade"))
            .args(["serve", "--port", "0", "--root"])
            .arg(site.path())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let stderr = child.0.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            let _ = tx.send(line);
        }
    });
    let next_verdict = || loop {
        let line = rx
            .recv_timeout(common::TIMEOUT)
            .expect("sade serve reported a build");
        if line.starts_with("build failed;") || line.contains(" rebuild in ") {
            return line;
        }
    };
    let first = next_verdict();
    // The server is up (and watching) once it says how to stop it.
    while rx
        .recv_timeout(common::TIMEOUT)
        .expect("sade serve started")
        != "press Ctrl-C to stop"
    {}
    std::fs::write(&config, &yaml).unwrap();
    let second = next_verdict();
    std::fs::write(
        site.path().join("content/blog/hello.en.md"),
        "no front matter\n",
    )
    .unwrap();
    let third = next_verdict();
    drop(child);
    assert_eq!(
        first,
        "build failed; there is no good build to serve yet: pages show the error"
    );
    assert!(second.starts_with("full rebuild in "), "{second}");
    assert_eq!(third, "build failed; still serving the last good build");
}

/// A bad `sade.yaml` is reported as `sade.yaml`, not as front matter.
#[test]
fn a_bad_sade_yaml_is_named_as_such() {
    let site = common::site_with(&[]);
    let path = site.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, yaml.replace("default_language: tr\n", "")).unwrap();
    let result = build(&Options::new(site.path()), &Registry::builtin());
    insta::assert_snapshot!("bad_sade_yaml", result.diagnostics.render());
}

#[test]
fn check_lists_only_the_flags_it_uses() {
    let out = Command::new(env!("CARGO_BIN_EXE_sade"))
        .args(["check", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("--root"), "{help}");
    assert!(!help.contains("--out"), "check writes nothing: {help}");
}

/// Command-line habits: clap's "did you mean" is kept, a negative or exponent duration gets its
/// own reason (not "unexpected argument '-5'" or "unknown unit `e3ms`"), `--lang` takes any case.
#[test]
fn command_line_habits() {
    let mut shown = String::new();
    for args in [
        "biuld",
        "build --draft",
        "calc --bsae 5ms --attempts 3",
        "calc --base 100ms --attempts 3 --jiter full",
        "calc --base -5ms --attempts 3",
        "calc --base 100ms --cap -1s --attempts 3",
        "calc --base 1e3ms --attempts 3",
        "calc --base 100ms --factor -2 --attempts 3",
        "calc --base 1s --attempts 3 --lang TR",
        "calc --base 1s --attempts 3 --lang Fr",
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sade"))
            .args(args.split(' '))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        shown.push_str(&format!(
            "$ sade {args}\n{}{}exit {}\n\n",
            stdout
                .lines()
                .next()
                .map_or(String::new(), |l| format!("{l}\n")),
            String::from_utf8_lossy(&out.stderr),
            out.status.code().unwrap_or(-1)
        ));
    }
    insta::assert_snapshot!("command_line_habits", shown);
}
