//! The browser engines (`static/js/backoff.js`, `static/js/odds.js`, `static/js/recovery.js`)
//! against this crate: runs `node --test tests/js/`
//! with the `sade` binary of this build and a file of formatting cases computed here by the
//! Rust functions, so the script's numbers, schedules and strings are checked against Rust's.
//!
//! Without Node `cargo test` lists the test as ignored, saying so; under `CI` it fails.

mod common;

use std::path::Path;
use std::process::Command;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use sade::html::push_float;
use sade::i18n::{format_duration, format_number, format_percent, format_probability, Lang};
use sade::shortcode::calculator_data_json;
use serde_json::{json, Value};

/// A uniform draw in `[0, 1)`.
fn unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Inputs where rounding is delicate: exact ties, near ties, unit boundaries, every magnitude.
fn format_cases() -> Value {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut values: Vec<f64> = vec![
        0.0,
        0.05,
        0.15,
        0.25,
        0.35,
        0.45,
        0.5,
        1.005,
        2.5,
        3.5,
        -2.5,
        999.5,
        999.95,
        1e15,
        1e21,
        1e22,
        4503599627370495.5,
        9007199254740993.0,
    ];
    for _ in 0..300 {
        let magnitude = 10f64.powi((unit(&mut rng) * 16.0) as i32 - 4);
        let mut v = unit(&mut rng) * magnitude;
        match rng.next_u32() % 4 {
            // Ties and near ties at 0, 1 and 2 decimals.
            0 => v = (v * 100.0).trunc() / 100.0 + 0.005,
            1 => v = (v * 10.0).trunc() / 10.0 + 0.05,
            2 => v = v.trunc() + 0.5,
            _ => {}
        }
        values.push(if rng.next_u32() % 5 == 0 { -v } else { v });
    }
    let mut numbers = Vec::new();
    let mut durations = Vec::new();
    let mut percents = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        for lang in Lang::ALL {
            let code = lang.code();
            let decimals = i % 7;
            numbers.push(json!([v, decimals, code, format_number(v, decimals, lang)]));
            let ms = v.abs();
            durations.push(json!([ms, code, format_duration(ms, lang)]));
            let share = (v.abs() / 1e4).min(1.0);
            percents.push(json!([share, code, format_percent(share, lang)]));
        }
    }
    for ms in [
        999.0,
        999.4,
        999.5,
        1000.0,
        59_949.0,
        59_950.0,
        59_999.0,
        60_000.0,
        5_999_999.0,
        3_599_999.0,
        3_600_000.0,
        359_999_999.0,
        360_000_000.0,
        204_800.0,
        25_500.0,
    ] {
        for lang in Lang::ALL {
            durations.push(json!([ms, lang.code(), format_duration(ms, lang)]));
        }
    }
    // Machine-readable numbers (`<data value>`): jittered samples at every magnitude, and exact
    // ties between two shortest forms, where the even one is written.
    let mut floats: Vec<f64> = vec![
        1_660_497_269_074_587.0 + 0.25,
        123_349_687_790_391.0 + 0.125,
        8.0 + 1.0 / 65_536.0,
        1e-7,
        5e-324,
        f64::MAX,
        1e21,
        -0.0,
    ];
    for _ in 0..2000 {
        let magnitude = 10f64.powi((unit(&mut rng) * 24.0) as i32 - 6);
        let v = unit(&mut rng) * magnitude;
        // Every fourth keeps only a few fractional bits, where ties happen.
        floats.push(match rng.next_u32() % 4 {
            0 => (v * 65_536.0).round() / 65_536.0,
            _ => v,
        });
    }
    let floats: Vec<Value> = floats
        .into_iter()
        .map(|v| {
            let mut text = String::new();
            push_float(&mut text, v);
            json!([v, text])
        })
        .collect();
    // Probabilities (static/js/odds.js): shares near 0 and 1 at every magnitude, where the
    // number of decimals changes, and the ends.
    let mut probabilities = Vec::new();
    let mut shares: Vec<f64> = vec![0.0, 1.0, 0.5, 0.96875, 1e-300, 5e-9, 4.999e-9, 0.001, 0.01];
    for _ in 0..400 {
        let tiny = unit(&mut rng) * 10f64.powi(-((unit(&mut rng) * 12.0) as i32));
        shares.push(tiny);
        shares.push(1.0 - tiny);
        shares.push(unit(&mut rng));
    }
    for share in shares {
        for lang in Lang::ALL {
            probabilities.push(json!([share, lang.code(), format_probability(share, lang)]));
        }
    }
    json!({"numbers": numbers, "durations": durations, "percents": percents, "floats": floats,
           "probabilities": probabilities})
}

fn main() {
    let missing = if common::runs("node") {
        vec![]
    } else {
        vec!["`node`".to_string()]
    };
    common::run_trials(vec![common::needing(
        "browser_engine_matches_rust",
        missing,
        browser_engine_matches_rust,
    )]);
}

fn browser_engine_matches_rust() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("format-cases.json");
    std::fs::write(&cases, format_cases().to_string()).unwrap();
    // What the calculator shortcode hands the scripts: words, limits, defaults.
    let data = dir.path().join("calculator-data.json");
    std::fs::write(
        &data,
        format!(
            "{{\"tr\":{},\"en\":{}}}",
            calculator_data_json(Lang::Tr),
            calculator_data_json(Lang::En)
        ),
    )
    .unwrap();

    let out = Command::new("node")
        .args(["--test", "tests/js/"])
        .current_dir(root)
        .env("SADE_BIN", env!("CARGO_BIN_EXE_sade"))
        .env("SADE_FORMAT_CASES", &cases)
        .env("SADE_DATA", &data)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "node --test tests/js/ failed:\n{stdout}\n{stderr}"
    );
    assert!(
        !stdout.contains("# SKIP SADE_FORMAT_CASES"),
        "the formatting cases were not read:\n{stdout}"
    );
}
