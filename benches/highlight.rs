//! What one fenced block costs to highlight: the benchmark corpus's five snippets (Rust, Python,
//! YAML and shell by hl-lite, Go by sade's own lexer) and a block of the same size in each other
//! language sade's lexers read, each written whole as `code_block` writes it into a page.
//!
//! `cargo bench --bench highlight`

use divan::black_box;
use sade::highlight::{code_block, language};

fn main() {
    divan::main();
}

/// `(fence, code)`: the corpus's snippets (benches/corpus.py), then seven-line blocks of the
/// same kind of code in the other languages.
const BLOCKS: &[(&str, &str)] = &[
    (
        "rust",
        "fn delay(base_ms: f64, factor: f64, cap_ms: f64, n: u32) -> f64 {\n    \
         (base_ms * factor.powi(n as i32 - 1)).min(cap_ms)\n}\n\nfor n in 1..=8 {\n    \
         println!(\"{n}: {} ms\", delay(100.0, 2.0, 30_000.0, n));\n}\n",
    ),
    (
        "python",
        "import random\n\ndef full_jitter(base, factor, cap, n, rng=random.Random(7)):\n    \
         delay = min(cap, base * factor ** (n - 1))\n    return rng.uniform(0, delay)\n\n\
         print([round(full_jitter(0.1, 2, 30, n), 3) for n in range(1, 9)])\n",
    ),
    (
        "go",
        "func backoff(base, capDur time.Duration, n int) time.Duration {\n\td := base << (n - 1)\n\
         \tif d > capDur || d <= 0 {\n\t\treturn capDur\n\t}\n\treturn d\n}\n",
    ),
    (
        "yaml",
        "retry:\n  base: 100ms\n  factor: 2\n  cap: 30s\n  attempts: 8\n  jitter: equal\n",
    ),
    (
        "sh",
        "for i in 1 2 3 4 5; do\n  curl -fsS https://service.example/health && break\n  \
         sleep $((2 ** i))\ndone\n",
    ),
    (
        "java",
        "static long backoff(long baseMs, long capMs, int n) {\n    \
         long d = baseMs << (n - 1); // doubles\n    if (d > capMs || d <= 0) {\n        \
         return capMs;\n    }\n    return d;\n}\n",
    ),
    (
        "csharp",
        "static TimeSpan Backoff(TimeSpan @base, TimeSpan cap, int n)\n{\n    \
         var d = @base * Math.Pow(2, n - 1); // doubles\n    \
         Console.WriteLine($\"try {n}: {d.TotalMilliseconds} ms\");\n    \
         return d > cap ? cap : d;\n}\n",
    ),
    (
        "kotlin",
        "fun backoff(base: Long, cap: Long, n: Int): Long {\n    \
         val d = base shl (n - 1) // doubles\n    println(\"try $n: ${d} ms\")\n    \
         if (d > cap || d <= 0) {\n        return cap\n    }\n    return d\n}\n",
    ),
    (
        "scala",
        "def backoff(base: Long, cap: Long, n: Int): Long = {\n  \
         val d = base << (n - 1) // doubles\n  println(s\"try $n: ${d} ms\")\n  \
         if (d > cap || d <= 0) cap\n  else d\n}\n",
    ),
    (
        "c",
        "#include <stdint.h>\n\nstatic uint64_t backoff(uint64_t base, uint64_t cap, int n) {\n    \
         uint64_t d = base << (n - 1); /* doubles */\n    \
         if (d > cap || d == 0) return cap;\n    return d;\n}\n",
    ),
    (
        "cpp",
        "#include <chrono>\n\nauto backoff(std::chrono::milliseconds base, int n) {\n    \
         constexpr auto cap = std::chrono::seconds(30);\n    \
         auto d = base * (1LL << (n - 1)); // doubles\n    return d > cap ? cap : d;\n}\n",
    ),
    (
        "sql",
        "-- retries per service in the last hour\nSELECT service, COUNT(*) AS retries\n\
         FROM calls\nWHERE attempt > 1\n  AND started_at > NOW() - INTERVAL '1 hour'\n\
         GROUP BY service\nORDER BY retries DESC;\n",
    ),
];

/// One block, highlighted and written whole, as a page gets it.
#[divan::bench(args = BLOCKS.iter().map(|(fence, _)| *fence))]
fn block(bencher: divan::Bencher, fence: &str) {
    let code = BLOCKS.iter().find(|(f, _)| *f == fence).unwrap().1;
    let (word, lang) = language(fence).unwrap();
    bencher.bench(|| code_block(black_box(word), lang, black_box(code)));
}
