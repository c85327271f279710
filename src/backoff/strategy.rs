//! The jitter strategies of SPEC §1 and the one parser of their names.

use std::fmt;

/// A jitter strategy. The discriminant is the strategy index of SPEC §2's stream numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strategy {
    /// The bare, synchronized schedule.
    None = 0,
    /// Uniform in `[0, d]`.
    Full = 1,
    /// Uniform in `[d/2, d]`.
    Equal = 2,
    /// Uniform in `[base, 3 × previous]`, capped (AWS's formula).
    Decorrelated = 3,
}

impl Strategy {
    /// Every strategy, in index order.
    pub const ALL: [Strategy; 4] = [
        Strategy::None,
        Strategy::Full,
        Strategy::Equal,
        Strategy::Decorrelated,
    ];

    /// The name used in shortcodes, flags and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::None => "none",
            Strategy::Full => "full",
            Strategy::Equal => "equal",
            Strategy::Decorrelated => "decorrelated",
        }
    }

    /// The strategy with this name, if any.
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The ChaCha stream of `client` for this strategy: `index × 2³² + client`.
    pub fn stream(self, client: u32) -> u64 {
        ((self as u64) << 32) + u64::from(client)
    }

    /// The strategies a name stands for: `all` for every one, else the strategy of that name.
    pub fn named(name: &str) -> Result<Vec<Strategy>, UnknownStrategy> {
        if name == ALL {
            return Ok(Strategy::ALL.to_vec());
        }
        Strategy::from_name(name)
            .map(|s| vec![s])
            .ok_or_else(|| UnknownStrategy(name.to_string()))
    }

    /// Strategies from names (each a strategy's or `all`), in index order without repeats.
    pub fn parse_names<'a>(
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<Strategy>, UnknownStrategy> {
        let mut out = Vec::new();
        for name in names {
            out.extend(Strategy::named(name)?);
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// Position in [`Strategy::ALL`], for per-strategy arrays.
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The word that names every strategy at once.
pub const ALL: &str = "all";

/// A strategy name that is not one: `fulll`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl UnknownStrategy {
    /// Every word a strategy may be named by: `all` and each strategy's name.
    pub const NAMES: [&'static str; 5] = [ALL, "none", "full", "equal", "decorrelated"];

    /// The known name closest to the one written, if it is a likely typo.
    pub fn suggestion(&self) -> Option<&'static str> {
        crate::diagnostic::closest(&self.0, UnknownStrategy::NAMES)
    }

    /// What to write instead: "did you mean `full`?", or the list of names.
    pub fn help(&self) -> String {
        match self.suggestion() {
            Some(s) => format!("did you mean `{s}`?"),
            None => "use all, none, full, equal or decorrelated".to_string(),
        }
    }
}

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown jitter strategy `{}`", self.0)
    }
}

impl std::error::Error for UnknownStrategy {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_to_strategies_in_index_order() {
        assert_eq!(
            Strategy::parse_names(["equal", "none", "equal"]),
            Ok(vec![Strategy::None, Strategy::Equal])
        );
        assert_eq!(
            Strategy::parse_names(["full", "all"]),
            Ok(Strategy::ALL.to_vec())
        );
        let e = Strategy::parse_names(["full", "fulll"]).unwrap_err();
        assert_eq!(e.to_string(), "unknown jitter strategy `fulll`");
        assert_eq!(e.help(), "did you mean `full`?");
        assert_eq!(
            UnknownStrategy("xyz".into()).help(),
            "use all, none, full, equal or decorrelated"
        );
        assert_eq!(UnknownStrategy("al".into()).suggestion(), Some("all"));
    }
}
