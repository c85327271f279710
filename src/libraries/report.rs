//! `sade calc --library`'s output: the models as JSON (SPEC §6) and as terminal text in Turkish
//! or English.

use serde_json::{json, Map, Value};

use super::Model;
use crate::i18n::{format_duration, Lang};

/// The `"libraries"` array of `sade calc --json`, in the order given.
pub fn render_json(models: &[Model]) -> Value {
    Value::Array(models.iter().map(model_json).collect())
}

/// One model as SPEC §6's object (notes in English under `notes`, Turkish under `notes_tr`).
pub fn model_json(m: &Model) -> Value {
    let config: Map<String, Value> = m
        .config
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    let rows: Vec<Value> = m
        .rows
        .iter()
        .map(|r| {
            json!({"attempt": r.attempt, "min_ms": r.min_ms, "max_ms": r.max_ms,
                   "sample_ms": r.sample_ms})
        })
        .collect();
    json!({
        "name": m.library.id(),
        "version": m.version,
        "source": m.source,
        "config": config,
        "notes": m.notes.iter().map(|n| n.en.as_str()).collect::<Vec<_>>(),
        "notes_tr": m.notes.iter().map(|n| n.tr.as_str()).collect::<Vec<_>>(),
        "rows": rows,
        "totals": {
            "best_ms": m.totals.best_ms,
            "worst_ms": m.totals.worst_ms,
            "mean_ms": m.totals.mean_ms,
            "mean_is_estimate": m.totals.mean_is_estimate,
        },
        "snippet": {"language": m.snippet.language, "code": m.snippet.code},
    })
}

/// The terminal text: per library its rows, totals, config, notes and snippet.
pub fn render_text(models: &[Model], lang: Lang) -> String {
    let w = lang.words();
    let lw = &w.libraries;
    let dur = |ms: f64| format_duration(ms, lang).replace('\u{a0}', " ");
    let mut out = format!("{}\n", lw.title);
    for m in models {
        let (package, version) = m.library.package();
        out.push_str(&format!(
            "\n{} ({package} {version})\n{}\n\n",
            m.library.label(),
            m.source
        ));
        let mut table = vec![vec![
            lw.retry.to_string(),
            w.table.min.to_string(),
            w.table.max.to_string(),
            w.table.sample.to_string(),
        ]];
        for r in &m.rows {
            table.push(vec![
                r.attempt.to_string(),
                dur(r.min_ms),
                dur(r.max_ms),
                dur(r.sample_ms),
            ]);
        }
        out.push_str(&crate::report::aligned(&table, &[true; 4]));
        let mean = if m.totals.mean_is_estimate {
            format!("{} ({})", dur(m.totals.mean_ms), w.table.estimated)
        } else {
            dur(m.totals.mean_ms)
        };
        let totals = vec![
            vec![w.table.best_total.to_string(), dur(m.totals.best_ms)],
            vec![w.table.mean_total.to_string(), mean],
            vec![w.table.worst_total.to_string(), dur(m.totals.worst_ms)],
        ];
        out.push('\n');
        out.push_str(&crate::report::aligned(&totals, &[false, true]));
        let config: Vec<String> = m
            .config
            .iter()
            .map(|(k, v)| format!("{k} = {}", config_value(v)))
            .collect();
        out.push_str(&format!("\n{}: {}\n", lw.config, config.join(", ")));
        out.push_str(&format!("{}:\n", lw.notes));
        for n in &m.notes {
            out.push_str(&format!("- {}\n", n.text(lang).replace('\u{a0}', " ")));
        }
        out.push_str(&format!("{} ({}):\n", lw.code, m.snippet.language));
        for line in m.snippet.code.lines() {
            if line.is_empty() {
                out.push('\n');
            } else {
                out.push_str("    ");
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// A config value as the snippet writes it: numbers in plain digits (`100`, not `100.0`).
fn config_value(v: &Value) -> String {
    match v.as_f64() {
        Some(x) if v.is_number() => super::snippet::num(x),
        _ => v.to_string(),
    }
}
