//! The odds' inputs (SPEC §7): the failure rate, the timeout, the deadline, the outage, the
//! requests to simulate and nested layers, each validated with the argument it came from and
//! the range it allows.

use super::{worst_waits_ms, DEFAULT_CLIENTS, MAX_LAYERS};
use crate::backoff::{limits, Delay, Param, ParamError, Params, Strategy};

/// Validated odds inputs. Build with [`Inputs::builder`].
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    pub(super) fail: Option<f64>,
    pub(super) timeout: Delay,
    pub(super) deadline: Option<Delay>,
    pub(super) outage: Option<Delay>,
    pub(super) clients: u32,
    pub(super) layers: Option<u32>,
}

/// Collects odds inputs; [`InputsBuilder::build`] validates them against a schedule.
#[derive(Clone, Debug)]
pub struct InputsBuilder {
    fail: Option<f64>,
    timeout: Delay,
    deadline: Option<Delay>,
    outage: Option<Delay>,
    clients: u32,
    layers: Option<u32>,
}

impl InputsBuilder {
    /// The chance that one call fails, in [0, 1] (see [`parse_fail`] for `30%`).
    pub fn fail(mut self, fail: Option<f64>) -> Self {
        self.fail = fail;
        self
    }
    /// How long a failing call takes (default 0).
    pub fn timeout(mut self, timeout: Delay) -> Self {
        self.timeout = timeout;
        self
    }
    /// The deadline a request should finish within, if any.
    pub fn deadline(mut self, deadline: Option<Delay>) -> Self {
        self.deadline = deadline;
        self
    }
    /// How long the service is down from t = 0, if an outage is asked about.
    pub fn outage(mut self, outage: Option<Delay>) -> Self {
        self.outage = outage;
        self
    }
    /// Requests simulated per jittered strategy (default [`DEFAULT_CLIENTS`]).
    pub fn clients(mut self, clients: u32) -> Self {
        self.clients = clients;
        self
    }
    /// Nested retry layers to report (needs `fail`).
    pub fn layers(mut self, layers: Option<u32>) -> Self {
        self.layers = layers;
        self
    }

    /// Checks every input; `params` is the schedule they apply to (for the overflow check).
    pub fn build(self, params: &Params) -> Result<Inputs, ParamError> {
        let fail = match self.fail {
            Some(f) if !(0.0..=1.0).contains(&f) => {
                return Err(ParamError {
                    param: Param::Fail,
                    value: f.to_string(),
                    allowed: FAIL_ALLOWED.into(),
                })
            }
            // -0 is 0 (so that JSON says `0.0`, not `-0.0`).
            Some(f) => Some(f + 0.0),
            None => None,
        };
        if !(1..=limits::MAX_CLIENTS).contains(&self.clients) {
            return Err(ParamError::count(Param::OddsClients, self.clients));
        }
        if let Some(layers) = self.layers {
            if fail.is_none() {
                return Err(ParamError {
                    param: Param::Layers,
                    value: layers.to_string(),
                    allowed: "nested layers need `fail`, the chance that one call fails".into(),
                });
            }
            if !(1..=MAX_LAYERS).contains(&layers) {
                return Err(ParamError::count(Param::Layers, layers));
            }
        }
        // K·τ plus any strategy's worst-case waits must stay finite: every start time is at most
        // that, and the worst case is reported.
        let calls = f64::from(params.attempts() + 1);
        let longest = Strategy::ALL
            .iter()
            .map(|&s| worst_waits_ms(params, s))
            .fold(0.0, f64::max);
        if !(calls * self.timeout.as_ms() + longest).is_finite() {
            return Err(ParamError {
                param: Param::Timeout,
                value: self.timeout.to_string(),
                allowed: format!(
                    "{} calls of it plus the waits overflow; use a shorter timeout",
                    params.attempts() + 1
                ),
            });
        }
        Ok(Inputs {
            fail,
            timeout: self.timeout,
            deadline: self.deadline,
            outage: self.outage,
            clients: self.clients,
            layers: self.layers,
        })
    }
}

/// What `fail` may be, as error messages say it.
pub const FAIL_ALLOWED: &str =
    "it must be a share from 0 to 1 (e.g. `0.3`) or a percentage from 0% to 100% (e.g. `30%`)";

/// Parses `fail` as written by people: `0.3`, `30%` or `%30` ([`crate::i18n::parse_number`]). Out of range,
/// not a number, NaN or infinite is a [`ParamError`] naming `fail` and the allowed range.
pub fn parse_fail(text: &str) -> Result<f64, ParamError> {
    let trimmed = text.trim();
    match crate::i18n::parse_number(trimmed) {
        Some(f) if (0.0..=1.0).contains(&f) => Ok(f + 0.0),
        _ => Err(ParamError {
            param: Param::Fail,
            value: trimmed.to_string(),
            allowed: FAIL_ALLOWED.into(),
        }),
    }
}

impl Inputs {
    /// A builder with no failure rate, timeout 0, no deadline, no outage,
    /// [`DEFAULT_CLIENTS`] clients and no nested layers.
    pub fn builder() -> InputsBuilder {
        InputsBuilder {
            fail: None,
            timeout: Delay::ZERO,
            deadline: None,
            outage: None,
            clients: DEFAULT_CLIENTS,
            layers: None,
        }
    }
    /// The chance that one call fails.
    pub fn fail(&self) -> Option<f64> {
        self.fail
    }
    /// How long a failing call takes.
    pub fn timeout(&self) -> Delay {
        self.timeout
    }
    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Delay> {
        self.deadline
    }
    /// The outage, if any.
    pub fn outage(&self) -> Option<Delay> {
        self.outage
    }
    /// Requests simulated per jittered strategy.
    pub fn clients(&self) -> u32 {
        self.clients
    }
    /// Nested layers, if asked for.
    pub fn layers(&self) -> Option<u32> {
        self.layers
    }

    /// A hashable identity (floats by their bits), for caches.
    pub fn key(&self) -> InputsKey {
        let bits = |d: Option<Delay>| d.map(|d| d.as_ms().to_bits());
        (
            self.fail.map(f64::to_bits),
            self.timeout.as_ms().to_bits(),
            bits(self.deadline),
            bits(self.outage),
            self.clients,
            self.layers,
        )
    }
}

/// See [`Inputs::key`].
pub type InputsKey = (Option<u64>, u64, Option<u64>, Option<u64>, u32, Option<u32>);

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(x: f64) -> Delay {
        Delay::from_ms(x).unwrap()
    }

    fn params(attempts: u32) -> Params {
        Params::builder(ms(100.0))
            .cap(Some(ms(30_000.0)))
            .attempts(attempts)
            .build()
            .unwrap()
    }

    #[test]
    fn fail_parses_shares_and_percentages() {
        assert_eq!(parse_fail("0.3").unwrap(), 0.3);
        assert_eq!(parse_fail("30%").unwrap(), 0.3);
        assert_eq!(parse_fail(" 12.5 % ").unwrap(), 0.125);
        assert_eq!(parse_fail("0").unwrap().to_bits(), 0.0f64.to_bits());
        assert_eq!(parse_fail("-0").unwrap().to_bits(), 0.0f64.to_bits());
        assert_eq!(parse_fail("100%").unwrap(), 1.0);
        // Turkish writes the sign first.
        assert_eq!(parse_fail("%30").unwrap(), 0.3);
        assert_eq!(parse_fail(" % 12.5 ").unwrap(), 0.125);
        assert_eq!(parse_fail("%100").unwrap(), 1.0);
        for bad in [
            "130%",
            "%130",
            "%30%",
            "%%30",
            "-0.1",
            "1.01",
            "abc",
            "",
            "%",
            "NaN",
            "inf",
            "30 percent",
        ] {
            let e = parse_fail(bad).unwrap_err();
            assert_eq!(e.param, Param::Fail, "{bad}");
            assert!(e.to_string().contains("from 0% to 100%"), "{e}");
        }
        assert_eq!(
            parse_fail("130%").unwrap_err().to_string(),
            "`fail` is 130%, but it must be a share from 0 to 1 (e.g. `0.3`) or a percentage \
             from 0% to 100% (e.g. `30%`)"
        );
    }

    #[test]
    fn inputs_are_validated() {
        let p = params(8);
        let e = Inputs::builder().fail(Some(1.5)).build(&p).unwrap_err();
        assert_eq!(e.param, Param::Fail);
        let e = Inputs::builder().clients(0).build(&p).unwrap_err();
        assert_eq!(e.param, Param::OddsClients);
        let e = Inputs::builder().clients(100_001).build(&p).unwrap_err();
        assert_eq!(e.param, Param::OddsClients);
        let e = Inputs::builder().layers(Some(2)).build(&p).unwrap_err();
        assert_eq!(e.param, Param::Layers);
        let e = Inputs::builder()
            .fail(Some(0.1))
            .layers(Some(11))
            .build(&p)
            .unwrap_err();
        assert_eq!(e.param, Param::Layers);
        let e = Inputs::builder()
            .timeout(ms(f64::MAX / 2.0))
            .build(&p)
            .unwrap_err();
        assert_eq!(e.param, Param::Timeout);
        assert!(e.to_string().contains("9 calls"), "{e}");
        let negative_zero = Inputs::builder().fail(Some(-0.0)).build(&p).unwrap();
        assert_eq!(negative_zero.fail().unwrap().to_bits(), 0.0f64.to_bits());
    }
}
