//! sade's own words, one table per language: what tables, charts, odds and the terminal
//! calculator say. Structs rather than maps, so a word missing in one language is a compile
//! error.

use super::Lang;

/// Words that sade's own output uses (tables, charts, the terminal calculator), per language.
/// A struct rather than a map, so a word missing in one language is a compile error.
#[derive(Debug)]
pub struct Words {
    /// Column: attempt number.
    pub attempt: &'static str,
    /// Column: nominal delay.
    pub delay: &'static str,
    /// Column: shortest wait.
    pub min: &'static str,
    /// Column: longest wait.
    pub max: &'static str,
    /// Column: the seeded sample.
    pub sample: &'static str,
    /// Column: the jitter strategy.
    pub strategy: &'static str,
    /// Row: Σ max.
    pub worst_total: &'static str,
    /// Row: Σ min.
    pub best_total: &'static str,
    /// Row: mean total.
    pub mean_total: &'static str,
    /// Marks an estimated value.
    pub estimated: &'static str,
    /// Share of retries in the busiest window.
    pub peak_share: &'static str,
    /// A schedule (title).
    pub schedule: &'static str,
    /// `N attempts`.
    pub attempts: &'static str,
    /// Clients of the fleet simulation.
    pub clients: &'static str,
    /// Time axis label.
    pub time: &'static str,
    /// `retries` (chart axis).
    pub retries: &'static str,
    /// The fleet simulation's title.
    pub fleet: &'static str,
}

const TR_WORDS: Words = Words {
    attempt: "Deneme",
    delay: "Gecikme",
    min: "En az",
    max: "En çok",
    sample: "Örnek",
    strategy: "Strateji",
    worst_total: "En kötü durumda toplam bekleme",
    best_total: "En iyi durumda toplam bekleme",
    mean_total: "Ortalama toplam bekleme",
    estimated: "tahmini",
    peak_share: "Tepe payı",
    schedule: "Backoff zamanlaması",
    attempts: "deneme",
    clients: "istemci",
    time: "Zaman",
    retries: "yeniden deneme",
    fleet: "Filo simülasyonu",
};

const EN_WORDS: Words = Words {
    attempt: "Attempt",
    delay: "Delay",
    min: "Min",
    max: "Max",
    sample: "Sample",
    strategy: "Strategy",
    worst_total: "Worst-case total wait",
    best_total: "Best-case total wait",
    mean_total: "Mean total wait",
    estimated: "estimated",
    peak_share: "Peak share",
    schedule: "Backoff schedule",
    attempts: "attempts",
    clients: "clients",
    time: "Time",
    retries: "retries",
    fleet: "Fleet simulation",
};

impl Lang {
    /// sade's own words in this language.
    pub fn words(self) -> &'static Words {
        match self {
            Lang::Tr => &TR_WORDS,
            Lang::En => &EN_WORDS,
        }
    }
}

/// Words of the odds (SPEC §7): `sade calc --fail …`, `backoff_odds`, `backoff_outage`.
/// `{d}` stands for a duration (the deadline), `{o}` for the outage.
#[derive(Debug)]
pub struct OddsWords {
    /// Title of the odds section.
    pub odds: &'static str,
    /// Title of the outage section.
    pub outage: &'static str,
    /// Row: P(success).
    pub p_success: &'static str,
    /// Row: the share that still fails.
    pub p_fail: &'static str,
    /// Row: expected calls per request.
    pub load: &'static str,
    /// Row: time to success at a quantile (`{q}` = p50, p90, p99).
    pub success_at: &'static str,
    /// Row: P(done within the deadline `{d}`).
    pub within: &'static str,
    /// Row: K·τ + Σ max w.
    pub give_up_worst: &'static str,
    /// Row: the most attempts that fit `{d}`.
    pub fit_attempts: &'static str,
    /// Row: the largest base that fits `{d}`.
    pub fit_base: &'static str,
    /// Row: share that gives up before the service is back.
    pub outage_give_up: &'static str,
    /// Row: delay after recovery at a quantile (`{q}`).
    pub outage_at: &'static str,
    /// Row: share that arrives in the first 100 ms after recovery.
    pub outage_first: &'static str,
    /// Chart axis: time after the service is back.
    pub after_recovery: &'static str,
}

const TR_ODDS: OddsWords = OddsWords {
    odds: "Olasılıklar",
    outage: "Kesinti",
    p_success: "Başarılı olan istekler",
    p_fail: "Yine de başarısız olan istekler",
    load: "İstek başına çağrı (yük çarpanı)",
    success_at: "Başarıya kadar geçen süre, {q}",
    within: "Süre sınırı ({d}) içinde başarılı",
    give_up_worst: "Vazgeçene kadar en uzun süre",
    fit_attempts: "Süre sınırına ({d}) sığan en çok deneme",
    fit_base: "Süre sınırına ({d}) sığan en büyük base",
    outage_give_up: "Servis dönmeden vazgeçen istekler",
    outage_at: "Servis döndükten sonra başarı, {q}",
    outage_first: "Servis döndükten sonraki ilk 100 ms içinde gelenler",
    after_recovery: "Servis döndükten sonra geçen süre",
};

const EN_ODDS: OddsWords = OddsWords {
    odds: "Odds",
    outage: "Outage",
    p_success: "Requests that succeed",
    p_fail: "Requests that still fail",
    load: "Calls per request (load multiplier)",
    success_at: "Time to success, {q}",
    within: "Succeed within the deadline ({d})",
    give_up_worst: "Longest time before giving up",
    fit_attempts: "Most attempts that fit the deadline ({d})",
    fit_base: "Largest base that fits the deadline ({d})",
    outage_give_up: "Requests that give up before it is back",
    outage_at: "Success after recovery, {q}",
    outage_first: "Requests in the first 100 ms after recovery",
    after_recovery: "Time after the service is back",
};

impl Lang {
    /// The odds' words in this language.
    pub fn odds_words(self) -> &'static OddsWords {
        match self {
            Lang::Tr => &TR_ODDS,
            Lang::En => &EN_ODDS,
        }
    }
}

/// `Full`, `Equal`, ...: strategy names as headings (the same in both languages).
pub fn strategy_label(strategy: crate::backoff::Strategy) -> &'static str {
    use crate::backoff::Strategy;
    match strategy {
        Strategy::None => "None",
        Strategy::Full => "Full",
        Strategy::Equal => "Equal",
        Strategy::Decorrelated => "Decorrelated",
    }
}
