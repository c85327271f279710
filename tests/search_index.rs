//! The search index as built: its files (few, content-hashed, every shard the manifests name
//! and no other), the same bytes on every build, what a page's `search: false` and
//! `sade.yaml`'s `search: false` leave out, and the preview keeping it current.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::Serve;

const SITE: &str = "search-site";

/// Both manifests, from the Turkish search page.
fn manifests(outputs: &BTreeMap<String, Vec<u8>>) -> serde_json::Value {
    let page = std::str::from_utf8(&outputs["tr/ara/index.html"]).unwrap();
    manifests_in(page)
}

fn manifests_in(page: &str) -> serde_json::Value {
    let start = page.find("id=\"search-manifests\">").unwrap() + "id=\"search-manifests\">".len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

/// Every shard a manifest names, as output paths.
fn named(manifests: &serde_json::Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for lang in ["tr", "en"] {
        let m = &manifests[lang];
        for w in m["words"].as_array().unwrap() {
            out.insert(format!("search/{}", w[1].as_str().unwrap()));
        }
        for t in m["texts"].as_array().unwrap() {
            out.insert(format!("search/{}", t.as_str().unwrap()));
        }
    }
    out
}

/// The keys of every word shard of `lang`.
fn keys(outputs: &BTreeMap<String, Vec<u8>>, lang: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (path, bytes) in outputs {
        if path.starts_with(&format!("search/{lang}/w.")) {
            let shard: serde_json::Value = serde_json::from_slice(bytes).unwrap();
            for entry in shard["w"].as_array().unwrap() {
                out.insert(entry[0].as_str().unwrap().to_string());
            }
        }
    }
    out
}

#[test]
fn the_index_is_few_hashed_files_the_manifests_name() {
    let site = common::fixture_named(SITE);
    let outputs = common::outputs(site.path());
    let m = manifests(&outputs);
    assert_eq!(m["tr"]["pages"], 15);
    assert_eq!(m["en"]["pages"], 15);
    let shards: BTreeSet<String> = outputs
        .keys()
        .filter(|p| p.starts_with("search/"))
        .cloned()
        .collect();
    assert_eq!(shards, named(&m), "every shard named, no other");
    for path in &shards {
        let name = path.rsplit('/').next().unwrap();
        let hash = name.split('.').nth(1).unwrap();
        assert_eq!(hash.len(), 12, "{path}");
        assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()), "{path}");
    }
    // Both search pages carry the same manifests.
    let en = std::str::from_utf8(&outputs["en/search/index.html"]).unwrap();
    assert_eq!(manifests_in(en), m);
    // Folded keys: ASCII-typed Turkish finds them; the forms keep their letters.
    let tr = keys(&outputs, "tr");
    assert!(tr.contains("isik") && tr.contains("yorgunlugu") && tr.contains("kadikoy"));
    assert!(!tr
        .iter()
        .any(|k| k.contains(['ı', 'ş', 'ğ', 'ö', 'ü', 'ç'])));
    // The same bytes on a second build.
    assert_eq!(common::outputs(site.path()), outputs);
}

#[test]
fn pages_and_sites_can_leave_search() {
    let site = common::fixture_named(SITE);
    let page = site.path().join("content/blog/kahve-makinesi.tr.md");
    let text = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, text.replacen("---\n", "---\nsearch: false\n", 1)).unwrap();
    let outputs = common::outputs(site.path());
    assert_eq!(manifests(&outputs)["tr"]["pages"], 14);
    assert_eq!(manifests(&outputs)["en"]["pages"], 15);
    assert!(!keys(&outputs, "tr").contains("kahve"));
    assert!(keys(&outputs, "en").contains("coffee"));
    let search = std::str::from_utf8(&outputs["tr/ara/index.html"]).unwrap();
    assert!(!search.contains("/tr/blog/kahve-makinesi/"));
    assert!(search.contains("/tr/blog/muhendis-alimi/"));

    let config = site.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{yaml}search: false\n")).unwrap();
    let outputs = common::outputs(site.path());
    assert!(!outputs.keys().any(|p| p.starts_with("search/")));
    assert!(!outputs.contains_key("tr/ara/index.html"));
    assert!(!outputs.contains_key("en/search/index.html"));
    let home = std::str::from_utf8(&outputs["tr/index.html"]).unwrap();
    assert!(!home.contains("role=\"search\""));
    assert!(!home.contains("keys.js"));
}

#[test]
fn the_preview_keeps_the_index_current() {
    let site = common::fixture_named(SITE);
    let serve = Serve::start(site.path());
    let events = serve.events();
    let before = manifests_in(&serve.get("/tr/ara/").body);
    let old: BTreeSet<String> = named(&before);
    for path in &old {
        assert_eq!(serve.get(&format!("/{path}")).status, 200, "{path}");
    }
    let rel = "content/blog/kahve-makinesi.tr.md";
    let text = serve.read(rel);
    serve.write(rel, &format!("{text}\nZımbırtı diye bir kelime.\n"));
    events.next_named("reload");
    let after = manifests_in(&serve.get("/tr/ara/").body);
    assert_ne!(after, before);
    assert_eq!(manifests_in(&serve.get("/en/search/").body), after);
    let new = named(&after);
    // The new word is in the shard its key falls in…
    let found = new.iter().any(|path| {
        path.starts_with("search/tr/w.")
            && serve.get(&format!("/{path}")).body.contains("\"zimbirti\"")
    });
    assert!(found, "zımbırtı is indexed");
    // …and the shards the index no longer has are gone.
    assert!(old.difference(&new).next().is_some());
    for path in old.difference(&new) {
        assert_eq!(serve.get(&format!("/{path}")).status, 404, "{path}");
    }
    for path in &new {
        assert_eq!(serve.get(&format!("/{path}")).status, 200, "{path}");
    }
}
