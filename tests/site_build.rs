//! The content → site pipeline on the fixture site: whole-file goldens (re-bless with
//! `INSTA_UPDATE=always cargo test`), determinism, atomic output, and the bundled site end to end.

mod common;

use std::collections::BTreeSet;
use std::fs;

use sade::build::{build, Options};
use sade::shortcode::Registry;

fn built(root: &std::path::Path) -> sade::output::Outputs {
    let result = build(&Options::new(root), &Registry::builtin());
    assert!(
        !result.diagnostics.has_errors(),
        "{}",
        result.diagnostics.render()
    );
    result.outputs
}

fn text(outputs: &sade::output::Outputs, path: &str) -> String {
    outputs
        .text(path)
        .unwrap_or_else(|| panic!("{path} not built"))
        .to_string()
}

#[test]
fn fixture_pages_match_goldens() {
    let site = common::fixture_site();
    let out = built(site.path());
    insta::assert_snapshot!(
        "calc_tr_main",
        common::main_of(&text(&out, "tr/tools/calc/index.html"))
    );
    insta::assert_snapshot!("calc_en_page", text(&out, "en/tools/calc/index.html"));
    insta::assert_snapshot!(
        "post_tr_main",
        common::main_of(&text(&out, "tr/blog/post/index.html"))
    );
    insta::assert_snapshot!(
        "solo_en_main",
        common::main_of(&text(&out, "en/blog/solo/index.html"))
    );
    insta::assert_snapshot!("calc_tr_index_md", text(&out, "tr/tools/calc/index.md"));
    insta::assert_snapshot!("sitemap", text(&out, "sitemap.xml"));
    insta::assert_snapshot!("atom_tr", text(&out, "tr/atom.xml"));
    insta::assert_snapshot!("llms_txt", text(&out, "llms.txt"));
    insta::assert_snapshot!("root_index", text(&out, "index.html"));
    let files: Vec<&str> = out.0.iter().map(|f| f.path.as_str()).collect();
    insta::assert_snapshot!("file_list", files.join("\n"));
}

#[test]
fn two_builds_are_byte_identical() {
    let site = common::fixture_site();
    let a = built(site.path());
    let b = built(site.path());
    assert_eq!(a.0, b.0);
}

#[test]
fn shortcodes_in_code_and_raw_html_stay_literal() {
    let site = common::fixture_site();
    let out = built(site.path());
    let html = text(&out, "tr/tools/calc/index.html");
    assert!(html.contains("<code>&lt;&lt; backoff_table(base=1s) &gt;&gt;</code>"));
    assert!(html.contains("<div><< backoff_table(base=1s) >></div>"));
    // A block shortcode is not wrapped in a paragraph.
    assert!(!html.contains("<p><figure"));
    // No placeholder or shortcode syntax leaks into prose.
    let prose =
        common::main_of(&html).replace("<code>&lt;&lt; backoff_table(base=1s) &gt;&gt;</code>", "");
    assert_eq!(
        prose.matches("<< backoff").count(),
        1,
        "only the raw HTML block keeps it"
    );
}

#[test]
fn sitemap_alternates_are_reciprocal() {
    let site = common::fixture_site();
    let out = built(site.path());
    let xml = text(&out, "sitemap.xml");
    let mut pairs = BTreeSet::new();
    for url in xml.split("<url>").skip(1) {
        let loc = url
            .split("<loc>")
            .nth(1)
            .unwrap()
            .split("</loc>")
            .next()
            .unwrap();
        for alt in url.split("hreflang=\"").skip(1) {
            let lang = alt.split('"').next().unwrap();
            let href = alt
                .split("href=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            if lang != "x-default" && href != loc {
                pairs.insert((loc.to_string(), href.to_string()));
            }
        }
    }
    assert!(!pairs.is_empty());
    for (a, b) in &pairs {
        assert!(
            pairs.contains(&(b.clone(), a.clone())),
            "{a} → {b} is not reciprocal"
        );
    }
}

#[test]
fn failed_build_leaves_previous_output_untouched() {
    let site = common::fixture_site();
    let (code, stderr) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(0), "{stderr}");
    let page = site.path().join("public/tr/tools/calc/index.html");
    let before = fs::read(&page).unwrap();
    fs::write(
        site.path().join("content/tools/calc.en.md"),
        "---\ntitle: x\npublished: 2026-01-01\nsection: Tool\n---\n<< backoff_table(base=1) >>\n",
    )
    .unwrap();
    let (code, _) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(1));
    assert_eq!(fs::read(&page).unwrap(), before);
    common::assert_no_staging_left(site.path());
}

/// Every file below `dir`: its `/`-separated path, inode and bytes.
#[cfg(unix)]
fn tree(dir: &std::path::Path) -> std::collections::BTreeMap<String, (u64, Vec<u8>)> {
    use std::os::unix::fs::MetadataExt;
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| !e.file_type().is_dir())
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let inode = e.metadata().unwrap().ino();
            (rel, (inode, fs::read(e.path()).unwrap()))
        })
        .collect()
}

/// Builds `site` into `out` with the library call `sade build` makes; returns what it updated.
fn build_dir(site: &std::path::Path, out: &std::path::Path) -> Option<sade::output::Updated> {
    let report = sade::build::build_to_dir(&Options::new(site), &Registry::builtin(), out);
    assert!(
        !report.diagnostics.has_errors(),
        "{}",
        report.diagnostics.render()
    );
    report.updated
}

/// A build over an existing site rewrites exactly the files whose bytes changed (the others keep
/// their inode), removes what it no longer makes, and leaves the same tree as a fresh build.
#[cfg(unix)]
#[test]
fn rebuild_over_an_existing_site_touches_only_what_changed() {
    let site = common::fixture_site();
    let out = site.path().join("public");
    assert_eq!(
        build_dir(site.path(), &out),
        None,
        "a fresh folder is swapped in whole"
    );
    let first = tree(&out);

    // Nothing changed: nothing is written.
    let same = build_dir(site.path(), &out).expect("an update");
    assert_eq!(same, sade::output::Updated::default());
    assert_eq!(tree(&out), first);

    // One page edited, one removed; a stray file, a stray folder, and a file where a folder must be.
    let post = site.path().join("content/blog/post.tr.md");
    let text = fs::read_to_string(&post).unwrap();
    fs::write(
        &post,
        text.replacen("\n\n", "\n\nYeni bir paragraf.\n\n", 1),
    )
    .unwrap();
    fs::remove_file(site.path().join("content/blog/solo.en.md")).unwrap();
    fs::write(out.join("stray.txt"), "x").unwrap();
    fs::create_dir_all(out.join("old/empty")).unwrap();
    fs::remove_dir_all(out.join("tr/tools")).unwrap();
    fs::write(out.join("tr/tools"), "in the way").unwrap();
    let before = tree(&out);
    let updated = build_dir(site.path(), &out).expect("an update");
    let after = tree(&out);

    let fresh_dir = tempfile::tempdir().unwrap();
    let fresh = fresh_dir.path().join("public");
    build_dir(site.path(), &fresh);
    let fresh = tree(&fresh);
    let bytes = |t: &std::collections::BTreeMap<String, (u64, Vec<u8>)>| {
        t.iter()
            .map(|(p, (_, b))| (p.clone(), b.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(bytes(&after), bytes(&fresh), "same tree as a fresh build");
    assert!(!out.join("old").exists(), "stray folders are removed");

    let rewritten: BTreeSet<&String> = after
        .iter()
        .filter(|(p, (inode, _))| before.get(*p).is_none_or(|(old, _)| old != inode))
        .map(|(p, _)| p)
        .collect();
    let differing: BTreeSet<&String> = after
        .iter()
        .filter(|(p, (_, b))| before.get(*p).is_none_or(|(_, old)| old != b))
        .map(|(p, _)| p)
        .collect();
    assert_eq!(
        rewritten, differing,
        "exactly the changed files are rewritten"
    );
    assert!(differing.contains(&"tr/blog/post/index.html".to_string()));
    assert!(differing.contains(&"tr/tools/calc/index.html".to_string()));
    assert!(!differing.contains(&"style.css".to_string()));
    let gone = before.keys().filter(|p| !after.contains_key(*p)).count();
    assert_eq!(
        updated,
        sade::output::Updated {
            changed: differing.len(),
            removed: gone,
        }
    );
    assert!(gone >= 3, "the removed page's two files and stray.txt");
    common::assert_no_staging_left(site.path());
}

/// An output folder reached through a symbolic link is built into, not replaced: the link stays.
#[cfg(unix)]
#[test]
fn output_behind_a_symbolic_link_stays_a_link() {
    let site = common::fixture_site();
    let real = tempfile::tempdir().unwrap();
    let link = site.path().join("public");
    std::os::unix::fs::symlink(real.path(), &link).unwrap();
    assert_eq!(build_dir(site.path(), &link), None);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(real.path().join("sitemap.xml").is_file());
    let post = site.path().join("content/blog/post.tr.md");
    let text = fs::read_to_string(&post).unwrap();
    fs::write(&post, format!("{text}\nSon.\n")).unwrap();
    let updated = build_dir(site.path(), &link).expect("an update");
    assert!(updated.changed > 0);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    common::assert_no_staging_left(site.path());
    let beside: Vec<_> = fs::read_dir(real.path().parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            real.path()
                .file_name()
                .is_some_and(|r| name.starts_with(&format!(".{}.", r.to_string_lossy())))
        })
        .collect();
    assert!(beside.is_empty(), "no staging folder beside the real one");
}

/// A symbolic link inside the output where the site has a folder stops an update before anything
/// changes: files behind it were compared through it, but the link itself is not something the
/// build makes.
#[cfg(unix)]
#[test]
fn a_link_inside_the_output_stops_the_update_untouched() {
    let site = common::fixture_site();
    let out = site.path().join("public");
    build_dir(site.path(), &out);
    let elsewhere = tempfile::tempdir().unwrap();
    fs::rename(out.join("tr"), elsewhere.path().join("tr")).unwrap();
    std::os::unix::fs::symlink(elsewhere.path().join("tr"), out.join("tr")).unwrap();
    let post = site.path().join("content/blog/post.tr.md");
    let text = fs::read_to_string(&post).unwrap();
    fs::write(&post, format!("{text}\nSon.\n")).unwrap();
    let behind = tree(elsewhere.path());
    let report = sade::build::build_to_dir(&Options::new(site.path()), &Registry::builtin(), &out);
    let rendered = report.diagnostics.render();
    assert!(report.diagnostics.has_errors());
    assert!(
        rendered.contains("tr is a symbolic link where the site has a folder"),
        "{rendered}"
    );
    assert!(fs::symlink_metadata(out.join("tr"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        tree(elsewhere.path()),
        behind,
        "nothing behind the link changed"
    );
    common::assert_no_staging_left(site.path());
}

/// `sade build` refuses a destination whose files a build would remove but that are not a sade
/// build's: the site's own folders, or a folder with other files in it. Nothing is touched.
#[cfg(unix)]
#[test]
fn build_refuses_destinations_it_would_wreck() {
    let site = common::fixture_site();
    let foreign = tempfile::tempdir().unwrap();
    fs::write(foreign.path().join("notes.txt"), "mine").unwrap();
    let cases = [
        (site.path().to_path_buf(), "holds the site itself"),
        (
            site.path().join("content"),
            "inside the site's content/ folder",
        ),
        (
            site.path().join("templates/x"),
            "inside the site's templates/ folder",
        ),
        (
            foreign.path().to_path_buf(),
            "has files that sade did not make",
        ),
    ];
    let before = tree(site.path());
    for (out, why) in cases {
        let (code, stderr) = common::sade_build(site.path(), Some(&out));
        assert_eq!(code, Some(1), "{}: {stderr}", out.display());
        assert!(stderr.contains(why), "{stderr}");
        assert!(
            stderr.contains("help: build into a folder of its own"),
            "{stderr}"
        );
    }
    assert_eq!(tree(site.path()), before, "the site is untouched");
    assert_eq!(
        fs::read_to_string(foreign.path().join("notes.txt")).unwrap(),
        "mine"
    );
    assert_eq!(fs::read_dir(foreign.path()).unwrap().count(), 1);
    // Its own earlier output is fine.
    build_dir(site.path(), &site.path().join("public"));
    let (code, stderr) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("(0 changed, 0 removed)"), "{stderr}");
}

/// Every internal `href`/`src` of the built bundled site resolves to a built file (and anchor).
#[test]
fn bundled_site_builds_and_every_internal_link_resolves() {
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("public");
    let (code, stderr) = common::sade_build(&common::repo(), Some(&out));
    assert_eq!(code, Some(0), "{stderr}");
    let mut checked = 0;
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.unwrap();
        if entry.path().extension().is_none_or(|e| e != "html") {
            continue;
        }
        let rel = entry
            .path()
            .strip_prefix(&out)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let from = format!("/{}", rel.trim_end_matches("index.html"));
        let html = fs::read_to_string(entry.path()).unwrap();
        for attr in ["href=\"", "src=\""] {
            for piece in html.split(attr).skip(1) {
                let dest = piece.split('"').next().unwrap();
                let urls = sade::urls::Urls::default();
                let Some(sade::links::Resolved {
                    file: Some(file),
                    anchor,
                }) = sade::links::resolve(&urls, &from, dest)
                else {
                    continue;
                };
                let target = out.join(&file);
                assert!(
                    target.exists(),
                    "{rel}: link {dest} → {file} does not exist"
                );
                if let Some(a) = anchor.filter(|a| !a.is_empty()) {
                    let body = fs::read_to_string(&target).unwrap();
                    assert!(
                        body.contains(&format!("id=\"{a}\"")),
                        "{rel}: {dest} has no anchor"
                    );
                }
                checked += 1;
            }
        }
        // Nothing leaves the origin: no scripts, styles or images from elsewhere.
        for attr in ["src=\"http", "href=\"//"] {
            assert!(!html.contains(attr), "{rel} requests another origin");
        }
        assert!(
            !html.contains("/__sade/"),
            "{rel}: live reload leaked into build output"
        );
    }
    assert!(checked > 100, "only {checked} links checked");
    let (code, stderr) = common::sade_check(&common::repo());
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("no problems found"), "{stderr}");
}

/// A seed above 2⁵³ reaches the engine exactly: the page's table (caption and every sample) is
/// the one `sade calc` computes for the same seed, and differs from the float-rounded seed's.
#[test]
fn a_large_seed_is_used_exactly() {
    let seed = "9007199254740993";
    let call = format!("<< backoff_table(base=100ms, cap=30s, jitter=full, seed={seed}) >>\n");
    let site = common::site_with(&[(
        "tools/x.tr.md",
        &format!("---\ntitle: \"Sayfa\"\npublished: 2026-06-17\nsection: Tool\n---\n{call}"),
    )]);
    let html = text(&built(site.path()), "tr/tools/x/index.html");
    assert!(html.contains(&format!("tohum {seed}")), "{html}");
    // Each row: the nominal delay, then full jitter's min, max and sample.
    let body = &html[html.find("<tbody>").unwrap()..html.find("</tbody>").unwrap()];
    let samples: Vec<f64> = body
        .split("<tr>")
        .skip(1)
        .map(|row| {
            let values: Vec<f64> = row
                .split("<data value=\"")
                .skip(1)
                .map(|v| v[..v.find('"').unwrap()].parse().unwrap())
                .collect();
            values[3]
        })
        .collect();
    let calc = |seed: &str| -> Vec<f64> {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sade"))
            .args(["calc", "--base", "100ms", "--cap", "30s", "--attempts", "8"])
            .args(["--jitter", "full", "--json", "--seed", seed])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["full"]["sample_ms"].as_f64().unwrap())
            .collect()
    };
    assert_eq!(samples, calc(seed));
    assert_ne!(samples, calc("9007199254740992"));
}
