//! sade's breakers against the libraries' own code, decision for decision: the traces in
//! `tests/peers/breakers/traces/` were recorded by `tests/peers/breakers/record.sh`, which builds
//! resilience4j v2.4.0, sony/gobreaker v2.4.0 and Hystrix v1.5.13 from their sources at those
//! tags, drives each with seeded random calls and outcomes in virtual time (ties, late and stale
//! outcomes, calls one millisecond either side of every wait, Hystrix's snapshot instants) and
//! writes down every permit and every state. Each scenario here replays the same events through
//! sade's model and asserts every permit and every state equal.
//!
//! Polly is not among them: it needs .NET, which Debian does not package, and no faithful port
//! runs on PyPI or npm (docs/breakers.md). Its rules are checked by reading, line by line.

use sade::recovery::breaker::{gobreaker, hystrix, resilience4j, Outcome, Permit};
use sade::recovery::BreakerSettings;
use std::collections::HashMap;

/// One library's breaker behind one interface.
enum Model {
    R4j(resilience4j::CircuitBreaker),
    Go(gobreaker::CircuitBreaker),
    Hystrix(hystrix::CircuitBreaker),
}

impl Model {
    fn new(library: &str, set: &BreakerSettings) -> Model {
        match library {
            "resilience4j" => Model::R4j(resilience4j::CircuitBreaker::new(set)),
            "gobreaker" => Model::Go(gobreaker::CircuitBreaker::new(set)),
            // The driver subscribes the health stream at virtual time 0.
            "hystrix" => Model::Hystrix(hystrix::CircuitBreaker::new(set, 0.0)),
            other => panic!("no model for {other}"),
        }
    }
    fn permit(&mut self, t: f64) -> Permit {
        match self {
            Model::R4j(b) => b.permit(t),
            Model::Go(b) => b.permit(t),
            Model::Hystrix(b) => b.permit(t),
        }
    }
    fn record(&mut self, t: f64, ticket: u32, outcome: Outcome, post: bool) {
        match self {
            Model::R4j(b) => b.record(t, outcome),
            Model::Go(b) => b.record(t, ticket, outcome.ok),
            Model::Hystrix(b) => b.record(t, outcome.ok, post),
        }
    }
    fn state(&self) -> &'static str {
        match self {
            Model::R4j(b) => b.state(),
            Model::Go(b) => b.state(),
            Model::Hystrix(b) => b.state(),
        }
    }
}

/// What one scenario was: its name, events replayed, permits given and refused, and the times
/// the state changed.
#[derive(Debug, Default)]
struct Replayed {
    name: String,
    events: usize,
    permitted: usize,
    rejected: usize,
    changes: usize,
}

/// Replays every scenario of `library`'s trace; panics at the first decision or state that
/// differs, with the trace's line.
fn replay(library: &str) -> Vec<Replayed> {
    let path = format!(
        "{}/tests/peers/breakers/traces/{library}.trace",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out: Vec<Replayed> = Vec::new();
    let mut set = BreakerSettings::default();
    let mut model: Option<Model> = None;
    let mut tickets: HashMap<u64, (u32, f64)> = HashMap::new();
    let mut last = "closed";
    for (i, line) in text.lines().enumerate() {
        let at = format!("{path}:{}: `{line}`", i + 1);
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.as_slice() {
            [] => {}
            [first, ..] if first.starts_with('#') => {}
            ["scenario", name] => {
                out.push(Replayed {
                    name: name.to_string(),
                    ..Replayed::default()
                });
                set = BreakerSettings::default();
                model = None;
                tickets.clear();
                last = "closed";
            }
            ["set", name, value] => {
                assert!(model.is_none(), "{at}: a setting after the first event");
                set.set(name, value.parse().unwrap())
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
            }
            ["call", t, id, permitted, state] => {
                let m = model.get_or_insert_with(|| Model::new(library, &set));
                let t: f64 = t.parse().unwrap();
                let got = m.permit(t);
                let r = out.last_mut().expect("a scenario");
                match got {
                    Permit::Yes(ticket) => {
                        tickets.insert(id.parse().unwrap(), (ticket, t));
                        r.permitted += 1;
                    }
                    Permit::No => r.rejected += 1,
                }
                let want = *permitted == "yes";
                assert_eq!(matches!(got, Permit::Yes(_)), want, "{at}: permitted");
                assert_eq!(m.state(), *state, "{at}: the state after the call");
            }
            [kind @ ("ok" | "fail"), t, id, duration, when @ ("pre" | "post"), state] => {
                let m = model.get_or_insert_with(|| Model::new(library, &set));
                let t: f64 = t.parse().unwrap();
                let (ticket, sent) = tickets
                    .remove(&id.parse().unwrap())
                    .unwrap_or_else(|| panic!("{at}: no permitted call {id} is in flight"));
                let duration: f64 = duration.parse().unwrap();
                assert_eq!(duration, t - sent, "{at}: the duration is the call's");
                let outcome = Outcome {
                    ok: *kind == "ok",
                    duration,
                };
                m.record(t, ticket, outcome, *when == "post");
                assert_eq!(m.state(), *state, "{at}: the state after the outcome");
            }
            _ => panic!("{at}: not a trace line"),
        }
        if let (Some(m), Some(r)) = (&model, out.last_mut()) {
            r.events += usize::from(w.first().is_some_and(|w| !w.starts_with('#')))
                * usize::from(!matches!(w.first(), Some(&"scenario" | &"set")));
            if m.state() != last {
                r.changes += 1;
                last = m.state();
            }
        }
    }
    out
}

/// Every scenario replays and each was worth replaying: permits and rejections, and the
/// breaker through its states several times.
fn check(library: &str, scenarios: usize) {
    let replayed = replay(library);
    assert_eq!(replayed.len(), scenarios, "{library}: {replayed:?}");
    for r in &replayed {
        assert!(
            r.events >= 1_000 && r.permitted > 0 && r.rejected > 0 && r.changes >= 10,
            "{library} {}: too little happened: {r:?}",
            r.name
        );
    }
    eprintln!("{library}: {replayed:?}");
}

#[test]
fn resilience4j_decides_as_resilience4j_2_4_0_did() {
    check("resilience4j", 5);
}

#[test]
fn gobreaker_decides_as_gobreaker_2_4_0_did() {
    check("gobreaker", 5);
}

#[test]
fn hystrix_decides_as_hystrix_1_5_13_did() {
    check("hystrix", 5);
}

#[test]
fn polly_is_checked_by_reading_only_no_dotnet_here() {
    // Nothing of Polly runs here (no .NET in Debian, no faithful port on PyPI or npm): say so in
    // the test's name and output, and check that the guide says so too.
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/breakers.md"))
            .unwrap();
    assert!(
        guide.contains("Polly") && guide.contains(".NET"),
        "docs/breakers.md says why"
    );
    eprintln!("polly: no peer runs here (.NET is not in Debian); its rules are checked by reading");
}
