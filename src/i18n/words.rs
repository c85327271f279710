//! sade's own words, one table per language: what tables, charts, the calculator's form and its
//! messages, the odds, the library comparison and the terminal calculator say. Structs rather
//! than maps, so a word missing in one language is a compile error. The browser gets the table
//! of the page's language in the calculator's JSON data block (see
//! `src/shortcode/backoff_calculator.rs`), so its script carries no words of its own.
//!
//! Sentences are templates: `{name}` stands for a value filled in by [`fill`] (and by the
//! script's `fill`, the same rule).

use serde::Serialize;

use super::Lang;

/// `template` with each `{key}` replaced by its value; unknown `{…}` stay as they are.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let key = after.find('}').map(|close| &after[..close]);
        match key.and_then(|k| values.iter().find(|(name, _)| *name == k)) {
            Some((name, value)) => {
                out.push_str(value);
                rest = &after[name.len() + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every word of one language.
#[derive(Debug, Serialize)]
pub struct Words {
    /// The schedule table.
    pub table: TableWords,
    /// The thundering-herd chart.
    pub chart: ChartWords,
    /// The parameters in a sentence (table captions).
    pub describe: DescribeWords,
    /// `sade calc`'s text output.
    pub terminal: TerminalWords,
    /// The calculator's form.
    pub form: FormWords,
    /// The calculator's messages about its fields; `{label}` is the field's label.
    pub messages: MessageWords,
    /// The odds of SPEC §7.
    pub odds: OddsWords,
    /// The library comparison of SPEC §6.
    pub libraries: LibraryWords,
    /// Words sade adds to a page's own markdown.
    pub page: PageWords,
}

/// Words sade adds to a page's own markdown.
#[derive(Debug, Serialize)]
pub struct PageWords {
    /// A task list's checked box.
    pub task_done: &'static str,
    /// A task list's empty box.
    pub task_open: &'static str,
}

/// Words of the schedule table.
#[derive(Debug, Serialize)]
pub struct TableWords {
    /// Column: attempt number.
    pub attempt: &'static str,
    /// Column: nominal delay.
    pub delay: &'static str,
    /// Shortest wait (the markdown twin's columns).
    pub min: &'static str,
    /// Longest wait.
    pub max: &'static str,
    /// The seeded sample.
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
    /// Caption of the totals table.
    pub totals: &'static str,
    /// How to read a cell: range, then the sample beneath.
    pub legend: &'static str,
}

/// Words of the thundering-herd chart.
#[derive(Debug, Serialize)]
pub struct ChartWords {
    /// Share of retries in the busiest window.
    pub peak_share: &'static str,
    /// The fleet simulation.
    pub fleet: &'static str,
    /// Title: `{fleet}`, `{clients}`.
    pub title: &'static str,
    /// One strategy's peak in a sentence: `{strategy}`, `{share}`, `{retries}`.
    pub summary: &'static str,
    /// How to read the chart: `{from}`, `{to}` (the time axis's ends).
    pub axis: &'static str,
}

/// The parameters in a sentence: "First wait 100 ms, ×2 per attempt, capped at 30 s; 8
/// attempts, seed 7".
#[derive(Debug, Serialize)]
pub struct DescribeWords {
    /// `{base}`, `{factor}`, `{cap}` (one of the two below), `{attempts}`, `{seed}`.
    pub sentence: &'static str,
    /// `{cap}`.
    pub capped: &'static str,
    /// No cap.
    pub no_cap: &'static str,
    /// One attempt: `{n}`.
    pub one_attempt: &'static str,
    /// Several attempts: `{n}`.
    pub attempts: &'static str,
}

/// Words of `sade calc`'s text output.
#[derive(Debug, Serialize)]
pub struct TerminalWords {
    /// Title of the schedule.
    pub schedule: &'static str,
    /// `{n} clients`.
    pub clients: &'static str,
    /// What the peak share counts.
    pub peak_note: &'static str,
}

/// The calculator's form: labels, hints, buttons.
#[derive(Debug, Serialize)]
pub struct FormWords {
    /// The fieldset of the schedule.
    pub legend: &'static str,
    /// The first wait.
    pub base: &'static str,
    /// Growth per attempt.
    pub factor: &'static str,
    /// Upper bound of one wait.
    pub cap: &'static str,
    /// Number of waits.
    pub attempts: &'static str,
    /// The strategies.
    pub jitter: &'static str,
    /// Every strategy.
    pub all: &'static str,
    /// Seed of the samples.
    pub seed: &'static str,
    /// Clients of the fleet simulation.
    pub clients: &'static str,
    /// Draws a new seed.
    pub new_seed: &'static str,
    /// Hint under a duration field.
    pub hint_duration: &'static str,
    /// Hint under the cap.
    pub hint_cap: &'static str,
    /// The fieldset of the odds (optional).
    pub odds_legend: &'static str,
    /// The chance that one call fails.
    pub fail: &'static str,
    /// How long a failing call takes.
    pub timeout: &'static str,
    /// The deadline of a request.
    pub deadline: &'static str,
    /// How long the service is down.
    pub outage: &'static str,
    /// Hint under the failure rate.
    pub hint_fail: &'static str,
    /// Hint under the timeout.
    pub hint_timeout: &'static str,
    /// Hint under the deadline.
    pub hint_deadline: &'static str,
    /// Hint under the outage.
    pub hint_outage: &'static str,
    /// The library choice.
    pub library: &'static str,
    /// No library.
    pub no_library: &'static str,
    /// Copies a snippet.
    pub copy: &'static str,
    /// Said once a snippet is copied.
    pub copied: &'static str,
    /// Without JavaScript.
    pub noscript: &'static str,
    /// Over results that no longer match the form.
    pub stale: &'static str,
}

/// The calculator's messages. `{label}` is the field's label, `{value}` what was typed.
#[derive(Debug, Serialize)]
pub struct MessageWords {
    /// A required field is empty.
    pub missing: &'static str,
    /// A duration without a unit.
    pub no_unit: &'static str,
    /// `{unit}` is not a unit.
    pub unknown_unit: &'static str,
    /// Not a number.
    pub not_number: &'static str,
    /// A duration written with an exponent (`{text}`: its number and exponent).
    pub exponent: &'static str,
    /// A duration below zero or too large.
    pub bad_duration: &'static str,
    /// Not a whole number (`{max}`).
    pub not_whole: &'static str,
    /// `{value}` is not a strategy.
    pub unknown_strategy: &'static str,
    /// `{value}` is not a library.
    pub unknown_library: &'static str,
    /// The first wait is zero.
    pub base_range: &'static str,
    /// The factor is below 1.
    pub factor_range: &'static str,
    /// The cap is below the first wait (`{base}`).
    pub cap_range: &'static str,
    /// A count outside 1..=`{max}`.
    pub count_range: &'static str,
    /// Attempt `{n}`'s wait overflows.
    pub overflow: &'static str,
    /// The fleet's total overflows (`{clients}`).
    pub total_overflow: &'static str,
    /// The failure rate is outside [0, 1].
    pub fail_range: &'static str,
    /// The timeout is so long that a request's worst case overflows.
    pub timeout_range: &'static str,
    /// Nested layers without a failure rate.
    pub layers_need_fail: &'static str,
    /// An argument the calculator does not take (`{suggestion}` may follow).
    pub unknown_argument: &'static str,
}

/// Words of the odds (SPEC §7): `sade calc --fail …`, `backoff_odds`, `backoff_outage`.
/// `{d}` stands for a duration (the deadline), `{q}` for a quantile's name.
#[derive(Debug, Serialize)]
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
    /// Inputs: a failure rate `{p}` and a timeout `{timeout}`.
    pub fails_with_timeout: &'static str,
    /// Inputs: a failure rate `{p}`, failing at once.
    pub fails_at_once: &'static str,
    /// Inputs: a timeout `{timeout}` only.
    pub timeout_only: &'static str,
    /// Inputs: at most `{calls}` calls, `{retries}` of them retries.
    pub calls: &'static str,
    /// Inputs: the jittered strategies are simulated with `{clients}` requests each.
    pub simulated: &'static str,
    /// The outage `{o}` in a sentence.
    pub outage_sentence: &'static str,
    /// Nested layers: `{layers}`, `{max}`, `{expected}`, `{p}`.
    pub nested: &'static str,
    /// The outage chart's title: `{outage}`, `{requests}`.
    pub outage_title: &'static str,
    /// How to read the outage chart: `{bin}`, `{tallest}`.
    pub outage_bars: &'static str,
    /// A strip's note: `{p}` in the first 100 ms.
    pub outage_first_note: &'static str,
    /// A strip's note when everyone gives up.
    pub everyone_gives_up: &'static str,
    /// One strategy's outage in a sentence: `{strategy}`, `{give_up}`, `{p50}`, `{p99}`,
    /// `{first}`.
    pub outage_fact: &'static str,
    /// One strategy's outage when every request gives up: `{strategy}`.
    pub outage_fact_none: &'static str,
}

/// Words of the library comparison.
#[derive(Debug, Serialize)]
pub struct LibraryWords {
    /// Column: the library.
    pub library: &'static str,
    /// Column: the delay of each retry.
    pub per_retry: &'static str,
    /// Column: Σ max.
    pub worst: &'static str,
    /// Column: the mean total.
    pub mean: &'static str,
    /// Marks an estimate.
    pub estimated: &'static str,
    /// Summary of a library's details.
    pub details: &'static str,
    /// `retries`.
    pub retries: &'static str,
    /// Title of the terminal comparison.
    pub title: &'static str,
    /// Column: a retry's number.
    pub retry: &'static str,
    /// A library's settings.
    pub config: &'static str,
    /// What a library cannot represent.
    pub notes: &'static str,
    /// Its snippet.
    pub code: &'static str,
}

const TR: Words = Words {
    table: TableWords {
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
        totals: "Tüm denemeler boyunca toplam bekleme",
        legend: "Her hücrede en kısa ve en uzun bekleme; altında, tohumla çekilen bir istemcinin \
                 beklemesi (örnek).",
    },
    chart: ChartWords {
        peak_share: "Tepe payı",
        fleet: "Filo simülasyonu",
        title: "{fleet}: {clients} istemcinin yeniden denemeleri zamana göre",
        summary: "{strategy}: en kalabalık pencerede {retries} yeniden denemenin {share} kadarı",
        axis: "Zaman ekseni logaritmik: {from} ile {to} arası. Bütün çubuklar aynı ölçekte; her \
               stratejinin sağındaki yüzde, yeniden denemelerinin zamanın en kalabalık \
               1/10.000'lik dilimine düşen payı.",
    },
    describe: DescribeWords {
        sentence: "İlk bekleme {base}, her denemede ×{factor}, {cap}; {attempts}, tohum {seed}",
        capped: "üst sınır {cap}",
        no_cap: "üst sınır yok",
        one_attempt: "{n} deneme",
        attempts: "{n} deneme",
    },
    terminal: TerminalWords {
        schedule: "Backoff zamanlaması",
        clients: "{n} istemci",
        peak_note: "en kalabalık pencere = zaman ekseninin 1/10.000'i",
    },
    form: FormWords {
        legend: "Zamanlama",
        base: "İlk bekleme",
        factor: "Çarpan",
        cap: "Üst sınır",
        attempts: "Deneme sayısı",
        jitter: "Jitter",
        all: "Hepsini karşılaştır",
        seed: "Tohum",
        clients: "İstemci sayısı",
        new_seed: "Yeni tohum",
        hint_duration: "örn. 100ms, 1.5s, 2m",
        hint_cap: "örn. 30s ya da none",
        odds_legend: "Olasılıklar (isteğe bağlı)",
        fail: "Başarısızlık oranı",
        timeout: "Zaman aşımı",
        deadline: "Süre sınırı",
        outage: "Kesinti süresi",
        hint_fail: "örn. 30% ya da 0.3",
        hint_timeout: "örn. 2s; başarısız bir çağrının süresi",
        hint_deadline: "örn. 20s",
        hint_outage: "örn. 60s",
        library: "Kütüphane",
        no_library: "Yok",
        copy: "Kopyala",
        copied: "Kopyalandı",
        noscript: "Değerleri değiştirmek için JavaScript gerekir; aşağıdaki sonuçlar derleme \
                   sırasında hesaplandı.",
        stale: "Girdilerden biri geçersiz: aşağıdaki sonuçlar son geçerli değerlere ait.",
    },
    messages: MessageWords {
        missing: "{label}: bir değer yazın, örneğin `100ms`",
        no_unit: "{label}: `{value}` bir birim ister (ms, s, m ya da h), örneğin `100ms`",
        unknown_unit: "{label}: `{unit}` bir birim değil; ms, s, m ya da h kullanın",
        not_number: "{label}: `{value}` bir sayı değil",
        exponent: "{label}: `{text}` üslü yazılmış; süreyi düz ondalık sayıyla yazın, örneğin `1000ms` ya da `1.5s`",
        bad_duration: "{label}: `{value}` sıfır ya da daha uzun, sonlu bir süre olmalı",
        not_whole: "{label}: `{value}` 0 ile {max} arasında bir tam sayı değil",
        unknown_strategy: "{label}: `{value}` bir strateji değil",
        unknown_library: "{label}: `{value}` bilinen bir kütüphane değil",
        base_range: "{label} sıfırdan uzun olmalı",
        factor_range: "{label} en az 1 olmalı (1 beklemeyi sabit tutar, 2 ikiye katlar)",
        cap_range: "{label} en az ilk bekleme ({base}) kadar olmalı ya da `none`",
        count_range: "{label} 1 ile {max} arasında bir tam sayı olmalı",
        overflow: "{label}: {n}. denemenin beklemesi taşıyor; bir üst sınır koyun ya da daha az \
                   deneme seçin",
        total_overflow: "{label}: {clients} istemcinin toplam beklemesi taşıyor; bir üst sınır \
                         koyun ya da daha az deneme seçin",
        fail_range: "{label} 0 ile 1 arasında bir pay ya da %0 ile %100 arasında bir yüzde olmalı",
        timeout_range: "{label} o kadar uzun ki bir isteğin en kötü süresi taşıyor",
        layers_need_fail: "{label} için bir başarısızlık oranı gerekir",
        unknown_argument: "`{label}` bilinen bir alan değil",
    },
    odds: OddsWords {
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
        fails_with_timeout: "Bir çağrı {p} olasılıkla başarısız oluyor ve başarısız bir çağrı \
                             {timeout} sürüyor",
        fails_at_once: "Bir çağrı {p} olasılıkla başarısız oluyor, hem de zaman aşımı beklemeden",
        timeout_only: "Başarısız bir çağrı {timeout} sürüyor",
        calls: "; istek başına en çok {calls} çağrı (ilki ve {retries} yeniden deneme).",
        simulated: " None kesin hesaplanır; jitter'lı stratejiler her biri {clients} istekle \
                    simüle edilir.",
        outage_sentence: "Servis ilk {o} boyunca kapalı: bu sürede başlayan her çağrı başarısız \
                          olur, sonrakilerin hepsi başarılı.",
        nested: "İç içe {layers} katman: istek başına en alttaki servise en çok {max} çağrı \
                 gider, ortalamada {expected}; isteklerin başarı oranı {p}.",
        outage_title: "{outage} süren bir kesintiden sonra başarılı çağrılar, servisin \
                       dönüşünden itibaren geçen süreye göre (strateji başına {requests} istek, \
                       hepsi aynı ölçekte)",
        outage_bars: "Her çubuk {bin} içindeki başarılı çağrıları sayar; en uzunu {tallest} \
                      çağrı. Gölgeli şerit ilk 100 ms.",
        outage_first_note: "ilk 100 ms içinde {p}",
        everyone_gives_up: "hepsi vazgeçiyor",
        outage_fact: "{strategy}: servis dönmeden vazgeçenler {give_up}; kalanların yarısı \
                      dönüşten sonraki {p50} içinde, yüzde 99'u {p99} içinde başarılı oluyor; ilk \
                      100 ms içinde gelenler {first}.",
        outage_fact_none: "{strategy}: isteklerin hepsi servis dönmeden vazgeçiyor.",
    },
    libraries: LibraryWords {
        library: "Kütüphane",
        per_retry: "Yeniden deneme başına gecikme",
        worst: "En kötü durumda toplam",
        mean: "Ortalama toplam",
        estimated: "tahmini",
        details: "notlar ve kod",
        retries: "yeniden deneme",
        title: "Yeniden deneme kütüphaneleri",
        retry: "Yeniden deneme",
        config: "Ayarlar",
        notes: "Notlar",
        code: "Kod",
    },
    page: PageWords {
        task_done: "Yapıldı",
        task_open: "Yapılmadı",
    },
};

const EN: Words = Words {
    table: TableWords {
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
        totals: "Total wait over all attempts",
        legend: "Each cell shows the shortest and the longest wait; beneath them, the wait of one \
                 client drawn with the seed (the sample).",
    },
    chart: ChartWords {
        peak_share: "Peak share",
        fleet: "Fleet simulation",
        title: "{fleet}: when {clients} clients retry, over time",
        summary: "{strategy}: {share} of {retries} retries land in the busiest window",
        axis: "The time axis is logarithmic, from {from} to {to}. All bars share one scale; the \
               percentage beside each strategy is the share of its retries in the busiest \
               1/10,000 of the time.",
    },
    describe: DescribeWords {
        sentence: "First wait {base}, ×{factor} per attempt, {cap}; {attempts}, seed {seed}",
        capped: "capped at {cap}",
        no_cap: "no cap",
        one_attempt: "{n} attempt",
        attempts: "{n} attempts",
    },
    terminal: TerminalWords {
        schedule: "Backoff schedule",
        clients: "{n} clients",
        peak_note: "busiest window = 1/10,000 of the time axis",
    },
    form: FormWords {
        legend: "Schedule",
        base: "First wait",
        factor: "Factor",
        cap: "Cap",
        attempts: "Attempts",
        jitter: "Jitter",
        all: "Compare all",
        seed: "Seed",
        clients: "Clients",
        new_seed: "New seed",
        hint_duration: "e.g. 100ms, 1.5s, 2m",
        hint_cap: "e.g. 30s or none",
        odds_legend: "Odds (optional)",
        fail: "Failure rate",
        timeout: "Timeout",
        deadline: "Deadline",
        outage: "Outage",
        hint_fail: "e.g. 30% or 0.3",
        hint_timeout: "e.g. 2s; how long a failing call takes",
        hint_deadline: "e.g. 20s",
        hint_outage: "e.g. 60s",
        library: "Library",
        no_library: "None",
        copy: "Copy",
        copied: "Copied",
        noscript: "Changing the values needs JavaScript; the results below were computed at \
                   build time.",
        stale: "One of the inputs is not valid: the results below are for the last valid values.",
    },
    messages: MessageWords {
        missing: "{label}: enter a value, e.g. `100ms`",
        no_unit: "{label}: `{value}` needs a unit (ms, s, m or h), e.g. `100ms`",
        unknown_unit: "{label}: `{unit}` is not a unit; use ms, s, m or h",
        not_number: "{label}: `{value}` is not a number",
        exponent: "{label}: `{text}` is written with an exponent; write the duration as a plain decimal, e.g. `1000ms` or `1.5s`",
        bad_duration: "{label}: `{value}` must be a finite duration of zero or more",
        not_whole: "{label}: `{value}` is not a whole number from 0 to {max}",
        unknown_strategy: "{label}: `{value}` is not a strategy",
        unknown_library: "{label}: `{value}` is not a library sade knows",
        base_range: "{label} must be longer than zero",
        factor_range: "{label} must be at least 1 (1 keeps the wait constant, 2 doubles it)",
        cap_range: "{label} must be at least the first wait ({base}), or `none`",
        count_range: "{label} must be a whole number from 1 to {max}",
        overflow: "{label}: the wait of attempt {n} overflows; set a cap or use fewer attempts",
        total_overflow: "{label}: the total wait of {clients} clients overflows; set a cap or use \
                         fewer attempts",
        fail_range: "{label} must be a share from 0 to 1 or a percentage from 0% to 100%",
        timeout_range: "{label} is so long that a request's worst case overflows",
        layers_need_fail: "{label} need a failure rate",
        unknown_argument: "`{label}` is not a field sade knows",
    },
    odds: OddsWords {
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
        fails_with_timeout: "A call fails {p} of the time and a failing call takes {timeout}",
        fails_at_once: "A call fails {p} of the time, and at once (no timeout)",
        timeout_only: "A failing call takes {timeout}",
        calls: "; at most {calls} calls per request (the first and {retries} retries).",
        simulated: " None is exact; the jittered strategies are simulated, {clients} requests \
                    each.",
        outage_sentence: "The service is down for the first {o}: every call that starts before \
                          then fails, every call after it succeeds.",
        nested: "{layers} nested layers: up to {max} calls reach the bottom service per request, \
                 {expected} on average; {p} of requests succeed.",
        outage_title: "Successful calls after a {outage} outage, by time after the service is \
                       back ({requests} requests per strategy, one scale for all)",
        outage_bars: "Each bar counts the successful calls in {bin}; the tallest holds {tallest}. \
                      The shaded band is the first 100 ms.",
        outage_first_note: "{p} in the first 100 ms",
        everyone_gives_up: "every request gives up",
        outage_fact: "{strategy}: {give_up} give up before the service is back; half of the \
                      others succeed within {p50} of the recovery, 99% within {p99}; {first} \
                      arrive in the first 100 ms.",
        outage_fact_none: "{strategy}: every request gives up before the service is back.",
    },
    libraries: LibraryWords {
        library: "Library",
        per_retry: "Delay per retry",
        worst: "Worst-case total",
        mean: "Mean total",
        estimated: "estimated",
        details: "notes and code",
        retries: "retries",
        title: "Retry libraries",
        retry: "Retry",
        config: "Config",
        notes: "Notes",
        code: "Code",
    },
    page: PageWords {
        task_done: "Done",
        task_open: "Not done",
    },
};

impl Lang {
    /// sade's own words in this language.
    pub fn words(self) -> &'static Words {
        match self {
            Lang::Tr => &TR,
            Lang::En => &EN,
        }
    }

    /// The odds' words in this language.
    pub fn odds_words(self) -> &'static OddsWords {
        &self.words().odds
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_known_keys_once_each() {
        assert_eq!(
            fill("{a} and {b}, {a}; {c} {", &[("a", "x"), ("b", "{a}")]),
            "x and {a}, x; {c} {"
        );
        assert_eq!(fill("", &[]), "");
        assert_eq!(fill("ğ{n}ş", &[("n", "3")]), "ğ3ş");
    }

    /// Both languages fill the same keys in every sentence: a template naming a key the other
    /// does not would print `{key}` in one language only.
    #[test]
    fn both_languages_use_the_same_placeholders() {
        fn keys(v: &serde_json::Value, path: String, out: &mut Vec<(String, Vec<String>)>) {
            match v {
                serde_json::Value::Object(m) => {
                    for (k, v) in m {
                        keys(v, format!("{path}.{k}"), out);
                    }
                }
                serde_json::Value::String(s) => {
                    let mut names: Vec<String> = s
                        .split('{')
                        .skip(1)
                        .filter_map(|rest| rest.split_once('}').map(|(k, _)| k.to_string()))
                        .collect();
                    names.sort();
                    out.push((path, names));
                }
                _ => {}
            }
        }
        let mut tr = Vec::new();
        let mut en = Vec::new();
        keys(&serde_json::to_value(&TR).unwrap(), String::new(), &mut tr);
        keys(&serde_json::to_value(&EN).unwrap(), String::new(), &mut en);
        assert_eq!(tr, en);
        assert!(tr.len() > 80, "{}", tr.len());
    }
}
