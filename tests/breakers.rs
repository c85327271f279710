//! The circuit breakers of SPEC §10 in the fleet under load: on the engine (a breaker that never
//! opens changes nothing; what is counted where) and end to end on the real binary (`--breaker`,
//! the `"breakers"` JSON, the text table, the errors at the flag).

mod common;
#[path = "breakers/peers.rs"]
mod peers;

use common::{error_line, sade};
use sade::backoff::{Delay, Params, Strategy};
use sade::recovery::{Breaker, BreakerSettings, Inputs, Recovery, Run, Trigger};
use serde_json::Value;

fn params(clients: u32) -> Params {
    Params::builder(Delay::from_ms(100.0).unwrap())
        .factor(2.0)
        .cap(Some(Delay::from_secs(30.0).unwrap()))
        .attempts(8)
        .clients(clients)
        .seed(7)
        .strategies(vec![Strategy::Full])
        .build()
        .unwrap()
}

/// A fleet of 200 clients at 160 requests/s against 200 calls/s, a 5 s outage, 20 s after.
fn inputs(breakers: Vec<Breaker>, set: BreakerSettings) -> Inputs {
    Inputs::builder()
        .demand(160.0)
        .capacity(200.0)
        .outage(Delay::from_secs(5.0).unwrap())
        .horizon(Delay::from_secs(20.0).unwrap())
        .breakers(breakers)
        .breaker_settings(set)
        .build()
        .unwrap()
}

/// Settings under which no breaker can open in a run of a few hundred calls per client.
fn never_opening() -> BreakerSettings {
    let mut s = BreakerSettings::default();
    for (name, v) in [
        ("r4j-sliding-window-size", 10_000.0),
        ("r4j-minimum-number-of-calls", 10_000.0),
        ("polly-minimum-throughput", 1_000_000.0),
        ("gobreaker-consecutive-failures", 10_000.0),
        ("hystrix-request-volume-threshold", 1_000_000.0),
    ] {
        s.set(name, v).unwrap();
    }
    s
}

fn without_breaker(run: &Run) -> Run {
    Run {
        breaker: Breaker::None,
        ..run.clone()
    }
}

#[test]
fn a_breaker_that_never_opens_changes_nothing() {
    let p = params(200);
    let i = inputs(Breaker::ALL.to_vec(), never_opening());
    let r = Recovery::compute(&p, &i);
    let plain = r.run(Strategy::Full, sade::recovery::Budget::None).unwrap();
    assert_eq!(r.breakers.len(), 5);
    for run in &r.breakers {
        assert_eq!(run.summary.breaker_trips, 0, "{}", run.breaker);
        assert_eq!(&without_breaker(run), plain, "{}", run.breaker);
    }
    assert!(
        plain.bins.iter().any(|b| b.failed() > 0),
        "the plain run has failures a breaker could have counted"
    );
}

#[test]
fn without_failures_no_breaker_opens() {
    // A slowdown that keeps every bit of the capacity: no call fails.
    let p = params(200);
    let i = Inputs::builder()
        .demand(160.0)
        .capacity(200.0)
        .trigger(Trigger::Slowdown { degraded: 1.0 })
        .breakers(Breaker::ALL.to_vec())
        .build()
        .unwrap();
    let r = Recovery::compute(&p, &i);
    let plain = r.run(Strategy::Full, sade::recovery::Budget::None).unwrap();
    for run in &r.breakers {
        assert_eq!(&without_breaker(run), plain, "{}", run.breaker);
    }
}

#[test]
fn rejections_are_counted_in_the_bins_as_failures_and_never_reach_the_service() {
    let p = params(200);
    let i = inputs(Breaker::ALL.to_vec(), BreakerSettings::default());
    let r = Recovery::compute(&p, &i);
    let plain = r.run(Strategy::Full, sade::recovery::Budget::None).unwrap();
    for run in r.breakers.iter().filter(|r| r.breaker != Breaker::None) {
        let s = &run.summary;
        let binned: u64 = run
            .bins
            .iter()
            .map(|b| u64::from(b.rejected_by_breaker))
            .sum();
        assert_eq!(binned, s.calls_rejected_by_breaker, "{}", run.breaker);
        assert!(
            s.calls_rejected_by_breaker > 0,
            "{} rejects calls",
            run.breaker
        );
        assert!(
            s.breaker_trips >= 1,
            "{} opens in a 5 s outage",
            run.breaker
        );
        for b in &run.bins {
            let refused_or_reached =
                b.succeeded + b.refused + b.rejected + b.timed_out + b.rejected_by_breaker;
            assert_eq!(b.failed() + b.succeeded, refused_or_reached);
        }
        // Every rejected call counts as sent (the retries among them too) but not as a call.
        let calls: u64 = run.bins.iter().map(|b| u64::from(b.calls)).sum();
        let sent: u64 = run
            .bins
            .iter()
            .map(|b| u64::from(b.new_requests) + u64::from(b.retries_sent))
            .sum();
        assert_eq!(calls + s.calls_rejected_by_breaker, sent, "{}", run.breaker);
    }
    assert_eq!(plain.summary.calls_rejected_by_breaker, 0);
}

#[test]
fn a_breaker_with_a_budget_is_an_error_at_the_budget() {
    let e = Inputs::builder()
        .budgets(vec![sade::recovery::Budget::Grpc])
        .breakers(vec![Breaker::Polly])
        .build()
        .unwrap_err();
    assert_eq!(e.param.name(), "budget");
    assert!(e.to_string().contains("budget none only"), "{e}");
    // Breaker none with a budget is what §8 always ran.
    Inputs::builder()
        .budgets(sade::recovery::Budget::ALL.to_vec())
        .build()
        .unwrap();
}

/// The calculator's schedule and fleet at five times the capacity it needs: 1 000 clients at
/// 800 requests/s against 4 000 calls/s, a 10 s outage, three minutes after it.
const FIVE_TIMES: [&str; 21] = [
    "calc",
    "--base",
    "100ms",
    "--cap",
    "30s",
    "--attempts",
    "8",
    "--seed",
    "7",
    "--clients",
    "1000",
    "--jitter",
    "full",
    "--demand",
    "800",
    "--capacity",
    "4000",
    "--horizon",
    "3m",
    "--breaker",
    "all",
];

#[test]
fn at_five_times_the_capacity_the_breakers_own_open_states_decide() {
    let out = sade(&[&FIVE_TIMES[..], &["--json"]].concat())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    let b = &v["breakers"]["full"];
    let names: Vec<&str> = b.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        names,
        ["none", "resilience4j", "polly", "gobreaker", "hystrix"],
        "in Breaker::ALL's order"
    );
    let after = |name: &str| b[name]["recovered_after_ms"].as_f64();
    // §8's run without a breaker is the same run.
    assert_eq!(
        b["none"]["recovered_after_ms"],
        v["recovery"]["full"]["none"]["recovered_after_ms"]
    );
    assert_eq!(
        b["none"]["requests"],
        v["recovery"]["full"]["none"]["requests"]
    );
    assert_eq!(after("none"), Some(0.0), "no breaker: back at once");
    // Polly's 5 s break and Hystrix's 5 s sleep window: back within seconds.
    for name in ["polly", "hystrix"] {
        let t = after(name).unwrap();
        assert!((1_000.0..=10_000.0).contains(&t), "{name}: {t}");
    }
    // gobreaker's 60 s timeout: about a minute.
    let t = after("gobreaker").unwrap();
    assert!((40_000.0..=80_000.0).contains(&t), "gobreaker: {t}");
    // resilience4j's ring that never ages, then 60 s open: about two minutes.
    let t = after("resilience4j").unwrap();
    assert!(t > 90_000.0, "resilience4j: {t}");
    for name in ["resilience4j", "polly", "gobreaker", "hystrix"] {
        let run = &b[name];
        let bins = run["bins"].as_array().unwrap();
        let binned: u64 = bins
            .iter()
            .map(|x| x["rejected_by_breaker"].as_u64().unwrap())
            .sum();
        assert_eq!(
            Some(binned),
            run["calls_rejected_by_breaker"].as_u64(),
            "{name}"
        );
        // Six failures in a row and 20 outcomes in ten seconds open every client's gobreaker
        // and Hystrix; resilience4j's ring needs 100 outcomes and Polly's windows 100 in 30 s,
        // which fewer clients reach.
        let least = match name {
            "resilience4j" => 100,
            "polly" => 10,
            _ => 1000,
        };
        assert!(run["breaker_trips"].as_u64().unwrap() >= least, "{name}");
    }
    // §8's bins keep their shape: the breakers' field is only in the breakers' runs.
    let bin = &v["recovery"]["full"]["none"]["bins"][0];
    assert!(bin.get("rejected_by_breaker").is_none());
}

#[test]
fn the_text_has_a_table_per_strategy_in_both_languages() {
    for (lang, title, head) in [
        (
            "en",
            "Full jitter behind a circuit breaker (no budget)",
            "Rejected by the breaker",
        ),
        (
            "tr",
            "Full jitter, devre kesicinin arkasında (bütçe yok)",
            "Kesicinin reddettiği",
        ),
    ] {
        let out = sade(&[&FIVE_TIMES[..], &["--lang", lang]].concat())
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).unwrap();
        let table = &text[text.find(title).unwrap_or_else(|| panic!("{lang}: {text}"))..];
        assert!(table.contains(head), "{lang}: {table}");
        for label in ["resilience4j", "Polly", "gobreaker", "Hystrix"] {
            assert!(table.contains(label), "{lang}: {label}");
        }
    }
}

#[test]
fn bad_breakers_and_settings_are_errors_at_the_flag() {
    let base = ["calc", "--base", "100ms", "--jitter", "full"];
    let err = error_line(&[&base[..], &["--breaker", "hystrics"]].concat());
    assert!(
        err.contains("unknown circuit breaker `hystrics`; did you mean `hystrix`?"),
        "{err}"
    );
    let err = error_line(&[&base[..], &["--breaker", "r4j"]].concat());
    assert!(err.contains("did you mean `resilience4j`?"), "{err}");
    let err = error_line(&[&base[..], &["--breaker", "polly", "--budget", "aws"]].concat());
    assert!(
        err.contains("`budget` is aws") && err.contains("budget none only"),
        "{err}"
    );
    for (flag, value, allowed) in [
        ("--polly-failure-ratio", "1.5", "from 0 to 1"),
        ("--polly-break-duration", "100ms", "from 500ms"),
        (
            "--r4j-failure-rate-threshold",
            "0",
            "above 0 and at most 100",
        ),
        ("--gobreaker-max-requests", "0", "from 1"),
        (
            "--hystrix-error-threshold-percentage",
            "101",
            "from 0 to 100",
        ),
    ] {
        let err = error_line(&[&base[..], &["--breaker", "all", flag, value]].concat());
        assert!(
            err.contains(&format!("`{}` is", &flag[2..])) && err.contains(allowed),
            "{flag}: {err}"
        );
    }
}

#[test]
fn every_breaker_setting_is_a_flag_taking_its_default() {
    use sade::recovery::SettingKind;
    for spec in sade::recovery::BREAKER_SETTINGS {
        let value = match spec.kind {
            SettingKind::Duration => Delay::from_ms(spec.default).unwrap().to_string(),
            _ => spec.default.to_string(),
        };
        let flag = format!("--{}", spec.name);
        sade(&[
            "calc",
            "--base",
            "100ms",
            "--jitter",
            "full",
            "--clients",
            "10",
            "--demand",
            "10",
            "--capacity",
            "20",
            "--outage",
            "1s",
            "--horizon",
            "10s",
            "--breaker",
            spec.breaker.name(),
            &flag,
            &value,
        ])
        .assert()
        .success();
    }
}

// ---- `backoff_recovery(breaker=…)` on a page -------------------------------------------------

/// Builds `body` as an English and a Turkish page; the build.
fn page(body: &str) -> sade::build::Build {
    let fm = |lang: &str| {
        format!(
            "---\ntitle: \"Breakers\"\nlang: {lang}\npublished: 2026-12-07\nsection: Post\n---\n"
        )
    };
    let site = common::site_with(&[
        ("blog/b.en.md", &format!("{}{body}", fm("en"))),
        ("blog/b.tr.md", &format!("{}{body}", fm("tr"))),
    ]);
    sade::build::build(
        &sade::build::Options::new(site.path()),
        &sade::shortcode::Registry::builtin(),
    )
}

fn article(b: &sade::build::Build, lang: &str) -> String {
    let html = b
        .outputs
        .text(&format!("{lang}/blog/b/index.html"))
        .unwrap()
        .to_string();
    html[html.find("<article").unwrap()..html.find("</article>").unwrap()].to_string()
}

/// The small fleet of the tests above, quick to simulate, at five times the capacity it needs.
const SMALL: &str = "base=100ms, cap=30s, attempts=8, seed=7, clients=200, demand=160, \
                     capacity=800, horizon=1m";

#[test]
fn the_shortcode_compares_breakers_in_its_chart_table_and_figures() {
    let body = format!(
        "<< backoff_recovery({SMALL}, breaker=all, show=table) >>\n\n\
         << backoff_recovery({SMALL}, breaker=[polly, gobreaker]) >>\n\n\
         It opened << backoff_recovery({SMALL}, breaker=gobreaker, show=breaker_trips) >> times \
         and rejected << backoff_recovery({SMALL}, breaker=gobreaker, show=rejected_by_breaker) >> \
         calls; the service << backoff_recovery({SMALL}, breaker=gobreaker, show=verdict) >>.\n"
    );
    let b = page(&body);
    assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
    // The figures are the engine's own for the same inputs.
    let p = params(200);
    let i = Inputs::builder()
        .demand(160.0)
        .capacity(800.0)
        .horizon(Delay::from_ms(60_000.0).unwrap())
        .breakers(vec![Breaker::Gobreaker])
        .build()
        .unwrap();
    let r = Recovery::compute(&p, &i);
    let s = &r
        .breaker_run(Strategy::Full, Breaker::Gobreaker)
        .unwrap()
        .summary;
    assert!(
        s.breaker_trips > 0 && s.calls_rejected_by_breaker > 0,
        "{s:?}"
    );
    let en = article(&b, "en");
    let tr = article(&b, "tr");
    for (html, lang) in [(&en, "en"), (&tr, "tr")] {
        let table = &html[..html.find("</table>").unwrap()];
        for label in ["resilience4j", "Polly", "gobreaker", "Hystrix"] {
            assert!(
                table.contains(&format!("<th scope=\"row\">{label}</th>")),
                "{lang}: {label}"
            );
        }
        assert_eq!(
            table.matches("<tr>").count(),
            6,
            "{lang}: a heading and five breakers"
        );
        assert!(
            html.contains(&format!("<data value=\"{}\">", s.breaker_trips)),
            "{lang}: the trips"
        );
        assert!(
            html.contains(&format!("<data value=\"{}\">", s.calls_rejected_by_breaker)),
            "{lang}: the rejected calls"
        );
        // The chart of two breakers: their strips, no budget's.
        let chart = &html[html.find("backoff-chart").unwrap()..];
        assert_eq!(chart.matches("<g class=\"strip ").count(), 2, "{lang}");
        assert!(chart.contains("budget-polly") && chart.contains("budget-gobreaker"));
    }
    assert!(en.contains("Rejected by the breaker") && en.contains("per circuit breaker"));
    assert!(tr.contains("Kesicinin reddettiği") && tr.contains("devre kesicilere göre"));
    assert!(en.contains("breakers opened"), "the strips' facts");
}

#[test]
fn the_shortcode_refuses_what_breakers_cannot_do_at_the_argument() {
    for (call, says) in [
        ("breaker=hystrics", "did you mean `hystrix`?"),
        ("breaker=polly, budget=grpc", "budget none only"),
        ("breaker=all, show=verdict", "name exactly one in `breaker`"),
        ("budget=none, show=breaker_trips", "name one in `breaker`"),
        (
            "breaker=polly, show=frontier",
            "not yet for circuit breakers",
        ),
        ("breaker=polly, polly-failure-ratio=2", "from 0 to 1"),
    ] {
        let site = common::site_with(&[(
            "blog/b.en.md",
            &format!(
                "---\ntitle: \"B\"\nlang: en\npublished: 2026-12-07\n---\n\n\
                 << backoff_recovery({SMALL}, {call}) >>\n"
            ),
        )]);
        let b = sade::build::build(
            &sade::build::Options::new(site.path()),
            &sade::shortcode::Registry::builtin(),
        );
        let err = b.diagnostics.render();
        assert!(b.diagnostics.has_errors(), "{call}");
        assert!(err.contains(says), "{call}: {err}");
    }
}
