//! The retry budgets of SPEC §8 by name, and their settings: each library's parameters with its
//! defaults and the ranges its own code accepts.

use std::fmt;

use super::setting::Check;
pub use super::setting::SettingKind;
use crate::backoff::ParamError;

/// A retry budget: what limits a client's retries beyond the schedule's attempts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Budget {
    /// No budget: every failed call with attempts left is retried.
    None = 0,
    /// gRPC's `retryThrottling` (gRFC A6, C-core's `retry_throttle.cc`).
    Grpc = 1,
    /// The AWS SDKs' retry quota in standard mode (botocore `retries/quota.py`).
    Aws = 2,
    /// Finagle's `RetryBudget` under `RetryFilter` semantics.
    Finagle = 3,
    /// Linkerd's ServiceProfile retry budget: tower's `TpsBudget`.
    Linkerd = 4,
    /// Envoy's `retry_budget`, one sidecar per client.
    Envoy = 5,
    /// The SRE book's client-side adaptive throttling.
    Sre = 6,
}

impl Budget {
    /// Every budget, in this order.
    pub const ALL: [Budget; 7] = [
        Budget::None,
        Budget::Grpc,
        Budget::Aws,
        Budget::Finagle,
        Budget::Linkerd,
        Budget::Envoy,
        Budget::Sre,
    ];

    /// The name used in flags, shortcodes and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Budget::None => "none",
            Budget::Grpc => "grpc",
            Budget::Aws => "aws",
            Budget::Finagle => "finagle",
            Budget::Linkerd => "linkerd",
            Budget::Envoy => "envoy",
            Budget::Sre => "sre",
        }
    }

    /// The budget of that name, if any.
    pub fn from_name(name: &str) -> Option<Budget> {
        Budget::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Budgets from names (each a budget's or `all`), in [`Budget::ALL`]'s order without
    /// repeats. An unknown name is an error with the closest known one.
    pub fn parse_names<'a>(
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<Budget>, UnknownBudget> {
        super::setting::parse_names(names, &Budget::ALL, Budget::from_name, |n| {
            UnknownBudget(n.into())
        })
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A budget name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBudget(pub String);

impl UnknownBudget {
    /// Every word a budget may be named by.
    pub const NAMES: [&'static str; 8] = [
        "all", "none", "grpc", "aws", "finagle", "linkerd", "envoy", "sre",
    ];

    /// The closest known name, if it is a likely typo.
    pub fn suggestion(&self) -> Option<&'static str> {
        crate::diagnostic::closest(&self.0, UnknownBudget::NAMES)
    }

    /// What to write instead.
    pub fn help(&self) -> String {
        match self.suggestion() {
            Some(s) => format!("did you mean `{s}`?"),
            None => "use all, none, grpc, aws, finagle, linkerd, envoy or sre".into(),
        }
    }
}

impl fmt::Display for UnknownBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown retry budget `{}`", self.0)
    }
}

impl std::error::Error for UnknownBudget {}

/// One budget setting: its name (the flag without `--`, the shortcode argument), the budget it
/// belongs to, its kind, its default and what it means.
#[derive(Clone, Copy, Debug)]
pub struct SettingSpec {
    /// Flag and argument name.
    pub name: &'static str,
    /// The budget it configures.
    pub budget: Budget,
    /// Whole number, number or whole seconds.
    pub kind: SettingKind,
    /// Its default: a number, or milliseconds for [`SettingKind::Seconds`].
    pub default: f64,
    /// Its range, as error messages say it.
    pub allowed: &'static str,
    /// One sentence for the guide and `--help`.
    pub doc: &'static str,
}

const fn setting(
    name: &'static str,
    budget: Budget,
    kind: SettingKind,
    default: f64,
    allowed: &'static str,
    doc: &'static str,
) -> SettingSpec {
    SettingSpec {
        name,
        budget,
        kind,
        default,
        allowed,
        doc,
    }
}

use Budget as B;
use SettingKind as K;

/// Every budget setting, in budget order.
pub const SETTINGS: [SettingSpec; 16] = [
    setting("grpc-max-tokens", B::Grpc, K::Whole, 10.0, "it must be a whole number from 1 to 1000 (gRFC A6)",
        "gRPC `retryThrottling.maxTokens`: the bucket's size; retries stop at half of it"),
    setting("grpc-token-ratio", B::Grpc, K::Number, 0.1, "it must be a number from 0.001 to 1000, read to three decimals as C-core does",
        "gRPC `retryThrottling.tokenRatio`: tokens a successful call gives back"),
    setting("aws-quota", B::Aws, K::Whole, 500.0, "it must be a whole number from 1 to 1000000",
        "AWS SDK retry quota capacity (`INITIAL_CAPACITY`)"),
    setting("aws-retry-cost", B::Aws, K::Whole, 5.0, "it must be a whole number from 0 to 1000000",
        "AWS SDK quota cost of a retry (`RETRY_COST`)"),
    setting("aws-timeout-cost", B::Aws, K::Whole, 10.0, "it must be a whole number from 0 to 1000000",
        "AWS SDK quota cost of a retry after a timeout (`TIMEOUT_RETRY_COST`)"),
    setting("aws-no-retry-increment", B::Aws, K::Whole, 1.0, "it must be a whole number from 0 to 1000000",
        "AWS SDK quota refund of a request that succeeds without a retry (`NO_RETRY_INCREMENT`)"),
    setting("finagle-ttl", B::Finagle, K::Seconds, 10_000.0, "it must be whole seconds from 1s to 60s (Finagle's `require`)",
        "Finagle `RetryBudget` ttl: how long a deposit counts"),
    setting("finagle-min-retries-per-sec", B::Finagle, K::Whole, 10.0, "it must be a whole number from 0 to 10000",
        "Finagle `RetryBudget` minRetriesPerSec: the reserve, in retries per second"),
    setting("finagle-percent-can-retry", B::Finagle, K::Number, 0.2, "it must be a number from 0 to 1000 (a ratio: 0.2 is 20 %)",
        "Finagle `RetryBudget` percentCanRetry: retries per request"),
    setting("linkerd-ttl", B::Linkerd, K::Seconds, 10_000.0, "it must be whole seconds from 1s to 60s (linkerd2-proxy's check)",
        "Linkerd `retryBudget.ttl`: how long a deposit counts"),
    setting("linkerd-min-retries-per-second", B::Linkerd, K::Whole, 10.0, "it must be a whole number from 0 to 10000",
        "Linkerd `retryBudget.minRetriesPerSecond`: the reserve, in retries per second"),
    setting("linkerd-retry-ratio", B::Linkerd, K::Number, 0.2, "it must be a number from 0 to 1000 (tower reads it as a 32-bit float)",
        "Linkerd `retryBudget.retryRatio`: retries per successful call"),
    setting("envoy-budget-percent", B::Envoy, K::Number, 20.0, "it must be a number from 0 to 100",
        "Envoy `retry_budget.budget_percent`: outstanding retries per active request, in percent"),
    setting("envoy-min-retry-concurrency", B::Envoy, K::Whole, 3.0, "it must be a whole number from 0 to 10000",
        "Envoy `retry_budget.min_retry_concurrency`: outstanding retries always allowed"),
    setting("sre-k", B::Sre, K::Number, 2.0, "it must be a number from 1 to 100",
        "SRE book adaptive throttling K: requests allowed per accepted one before rejecting locally"),
    setting("sre-window", B::Sre, K::Seconds, 120_000.0, "it must be whole seconds from 1s to 3600s",
        "SRE book adaptive throttling window (two minutes in the book)"),
];

/// The setting of that name.
pub fn setting_spec(name: &str) -> Option<&'static SettingSpec> {
    SETTINGS.iter().find(|s| s.name == name)
}

/// Every budget's settings, validated: what [`crate::recovery::Inputs`] carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// `maxTokens`.
    pub grpc_max_tokens: u32,
    /// `tokenRatio` in thousandths (C-core keeps three decimals, truncated).
    pub grpc_ratio_milli: u32,
    /// The quota's capacity.
    pub aws_quota: u32,
    /// A retry's cost.
    pub aws_retry_cost: u32,
    /// A retry's cost after a timeout.
    pub aws_timeout_cost: u32,
    /// What a success without retries gives back.
    pub aws_no_retry_increment: u32,
    /// ttl, whole seconds.
    pub finagle_ttl_s: u32,
    /// minRetriesPerSec.
    pub finagle_min_retries: u32,
    /// percentCanRetry.
    pub finagle_percent: f64,
    /// ttl, whole seconds.
    pub linkerd_ttl_s: u32,
    /// minRetriesPerSecond.
    pub linkerd_min_retries: u32,
    /// retryRatio, as tower's `f32`.
    pub linkerd_ratio: f32,
    /// budget_percent.
    pub envoy_percent: f64,
    /// min_retry_concurrency.
    pub envoy_min: u32,
    /// K.
    pub sre_k: f64,
    /// The window, whole seconds.
    pub sre_window_s: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        let mut s = Settings {
            grpc_max_tokens: 0,
            grpc_ratio_milli: 0,
            aws_quota: 0,
            aws_retry_cost: 0,
            aws_timeout_cost: 0,
            aws_no_retry_increment: 0,
            finagle_ttl_s: 0,
            finagle_min_retries: 0,
            finagle_percent: 0.0,
            linkerd_ttl_s: 0,
            linkerd_min_retries: 0,
            linkerd_ratio: 0.0,
            envoy_percent: 0.0,
            envoy_min: 0,
            sre_k: 0.0,
            sre_window_s: 0,
        };
        for spec in &SETTINGS {
            s.set(spec.name, spec.default)
                .expect("every default is in its range");
        }
        s
    }
}

impl Settings {
    /// Sets the setting `name` to `value` (a number; milliseconds for durations), checked
    /// against its range. `name` must be one of [`SETTINGS`].
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError> {
        let spec = setting_spec(name).expect("a setting of SETTINGS");
        let c = Check {
            name: spec.name,
            kind: spec.kind,
            allowed: spec.allowed,
            value,
        };
        match name {
            "grpc-max-tokens" => self.grpc_max_tokens = c.whole(1, 1000)?,
            "grpc-token-ratio" => {
                let milli = ratio_milli(c.number(0.001, 1000.0)?);
                if milli == 0 {
                    return Err(c.error());
                }
                self.grpc_ratio_milli = milli;
            }
            "aws-quota" => self.aws_quota = c.whole(1, 1_000_000)?,
            "aws-retry-cost" => self.aws_retry_cost = c.whole(0, 1_000_000)?,
            "aws-timeout-cost" => self.aws_timeout_cost = c.whole(0, 1_000_000)?,
            "aws-no-retry-increment" => self.aws_no_retry_increment = c.whole(0, 1_000_000)?,
            "finagle-ttl" => self.finagle_ttl_s = c.seconds(60)?,
            "finagle-min-retries-per-sec" => self.finagle_min_retries = c.whole(0, 10_000)?,
            "finagle-percent-can-retry" => self.finagle_percent = c.number(0.0, 1000.0)?,
            "linkerd-ttl" => self.linkerd_ttl_s = c.seconds(60)?,
            "linkerd-min-retries-per-second" => self.linkerd_min_retries = c.whole(0, 10_000)?,
            "linkerd-retry-ratio" => self.linkerd_ratio = c.number(0.0, 1000.0)? as f32,
            "envoy-budget-percent" => self.envoy_percent = c.number(0.0, 100.0)?,
            "envoy-min-retry-concurrency" => self.envoy_min = c.whole(0, 10_000)?,
            "sre-k" => self.sre_k = c.number(1.0, 100.0)?,
            "sre-window" => self.sre_window_s = c.seconds(3600)?,
            _ => unreachable!("every setting is handled"),
        }
        Ok(())
    }

    /// A hashable identity (floats by their bits), for caches.
    pub fn key(&self) -> [u64; 16] {
        [
            self.grpc_max_tokens.into(),
            self.grpc_ratio_milli.into(),
            self.aws_quota.into(),
            self.aws_retry_cost.into(),
            self.aws_timeout_cost.into(),
            self.aws_no_retry_increment.into(),
            self.finagle_ttl_s.into(),
            self.finagle_min_retries.into(),
            self.finagle_percent.to_bits(),
            self.linkerd_ttl_s.into(),
            self.linkerd_min_retries.into(),
            self.linkerd_ratio.to_bits().into(),
            self.envoy_percent.to_bits(),
            self.envoy_min.into(),
            self.sre_k.to_bits(),
            self.sre_window_s.into(),
        ]
    }
}

/// `tokenRatio` in thousandths, its digits past the third decimal dropped (C-core parses the
/// decimal text; A6: "0.5466 is read as 0.546"). From the shortest decimal form of the double,
/// so `0.29` is 290 though `0.29 × 1000` is 289.99….
pub fn ratio_milli(ratio: f64) -> u32 {
    let text = format!("{ratio}");
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let digits: String = frac.chars().chain("000".chars()).take(3).collect();
    let whole: u32 = whole.parse().unwrap_or(0);
    whole * 1000 + digits.parse::<u32>().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Param;

    #[test]
    fn names_parse_in_order_with_suggestions() {
        assert_eq!(
            Budget::parse_names(["sre", "grpc", "sre"]),
            Ok(vec![Budget::Grpc, Budget::Sre])
        );
        assert_eq!(Budget::parse_names(["all"]), Ok(Budget::ALL.to_vec()));
        let e = Budget::parse_names(["gprc"]).unwrap_err();
        assert_eq!(e.to_string(), "unknown retry budget `gprc`");
        assert_eq!(e.help(), "did you mean `grpc`?");
        assert_eq!(
            UnknownBudget("zzzzzz".into()).help(),
            "use all, none, grpc, aws, finagle, linkerd, envoy or sre"
        );
    }

    #[test]
    fn names_display_as_written() {
        let names: Vec<String> = Budget::ALL.iter().map(|b| b.to_string()).collect();
        assert_eq!(
            names,
            ["none", "grpc", "aws", "finagle", "linkerd", "envoy", "sre"]
        );
    }

    /// The shortcodes' cache shares runs by this key: it must change with every setting.
    #[test]
    fn the_key_changes_with_every_setting() {
        let same = Settings::default().key();
        let mut seen = vec![same];
        for spec in &SETTINGS {
            let mut s = Settings::default();
            let other = match spec.kind {
                SettingKind::Seconds => spec.default + 1_000.0,
                _ if spec.default == 1000.0 => 999.0,
                _ => spec.default + 1.0,
            };
            s.set(spec.name, other).unwrap();
            let key = s.key();
            assert!(!seen.contains(&key), "{}", spec.name);
            seen.push(key);
        }
    }

    #[test]
    fn negative_zero_is_zero() {
        let mut s = Settings::default();
        s.set("envoy-budget-percent", -0.0).unwrap();
        assert_eq!(s.envoy_percent.to_bits(), 0.0f64.to_bits());
    }

    #[test]
    fn defaults_are_the_libraries() {
        let s = Settings::default();
        assert_eq!((s.grpc_max_tokens, s.grpc_ratio_milli), (10, 100));
        assert_eq!(
            (
                s.aws_quota,
                s.aws_retry_cost,
                s.aws_timeout_cost,
                s.aws_no_retry_increment
            ),
            (500, 5, 10, 1)
        );
        assert_eq!(
            (s.finagle_ttl_s, s.finagle_min_retries, s.finagle_percent),
            (10, 10, 0.2)
        );
        assert_eq!(
            (s.linkerd_ttl_s, s.linkerd_min_retries, s.linkerd_ratio),
            (10, 10, 0.2f32)
        );
        assert_eq!((s.envoy_percent, s.envoy_min), (20.0, 3));
        assert_eq!((s.sre_k, s.sre_window_s), (2.0, 120));
    }

    #[test]
    fn ratios_keep_three_decimals() {
        assert_eq!(ratio_milli(0.1), 100);
        assert_eq!(ratio_milli(0.29), 290);
        assert_eq!(ratio_milli(0.5466), 546);
        assert_eq!(ratio_milli(2.0), 2000);
        assert_eq!(ratio_milli(12.25), 12_250);
        let mut s = Settings::default();
        let e = s.set("grpc-token-ratio", 0.0004).unwrap_err();
        assert_eq!(e.param, Param::Setting("grpc-token-ratio"));
    }

    #[test]
    fn settings_are_checked_against_their_ranges() {
        let mut s = Settings::default();
        for (name, bad) in [
            ("grpc-max-tokens", 0.0),
            ("grpc-max-tokens", 1001.0),
            ("grpc-max-tokens", 2.5),
            ("aws-quota", 0.0),
            ("finagle-ttl", 500.0),
            ("finagle-ttl", 61_000.0),
            ("finagle-ttl", 1_500.0),
            ("linkerd-retry-ratio", -0.1),
            ("envoy-budget-percent", 100.5),
            ("sre-k", 0.5),
            ("sre-window", 3_601_000.0),
        ] {
            let e = s.set(name, bad).unwrap_err();
            assert_eq!(e.param.name(), name);
        }
        assert_eq!(
            s.set("finagle-ttl", 500.0).unwrap_err().to_string(),
            "`finagle-ttl` is 500ms, but it must be whole seconds from 1s to 60s (Finagle's `require`)"
        );
        s.set("finagle-ttl", 60_000.0).unwrap();
        s.set("envoy-budget-percent", 0.0).unwrap();
        assert_eq!(s.finagle_ttl_s, 60);
        assert_eq!(s.envoy_percent, 0.0);
    }
}
