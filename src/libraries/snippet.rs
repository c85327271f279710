//! Literals of the snippets' languages, written the same way by `static/js/libraries.js`.

use crate::html::push_float;

/// Shortest plain digits that read back as `x` (`0.1`, `30000`, `1.5`), never an exponent.
pub fn num(x: f64) -> String {
    let mut s = String::new();
    push_float(&mut s, x);
    s
}

/// A floating-point literal: [`num`] with `.0` when it has no point (`2.0`, `1.5`).
pub fn float_lit(x: f64) -> String {
    let s = num(x);
    if s.contains('.') {
        s
    } else {
        s + ".0"
    }
}

/// A JSON number: whole values as integers (`100`, not `100.0`), as JavaScript writes them.
pub fn jnum(x: f64) -> serde_json::Value {
    match crate::html::whole(x) {
        Some(n) => serde_json::Value::from(n),
        None => serde_json::Value::from(x),
    }
}

/// Seconds from milliseconds, as a Python or JSON number (`0.1`, `30`).
pub fn secs(ms: f64) -> String {
    num(ms / 1000.0)
}

/// The largest unit of `units` (name, size) that divides `n` whole, with the count.
fn in_unit(n: f64, units: &[(&'static str, f64)]) -> (f64, &'static str) {
    for &(name, size) in units {
        if n != 0.0 && n % size == 0.0 {
            return (n / size, name);
        }
    }
    let &(name, size) = units.last().expect("units");
    (n / size, name)
}

/// A Go `time.Duration` expression for `ns` nanoseconds: `100 * time.Millisecond`.
pub fn go_duration(ns: f64) -> String {
    let (n, unit) = in_unit(
        ns,
        &[
            ("time.Hour", 3.6e12),
            ("time.Minute", 6e10),
            ("time.Second", 1e9),
            ("time.Millisecond", 1e6),
            ("time.Microsecond", 1e3),
            ("time.Nanosecond", 1.0),
        ],
    );
    format!("{} * {unit}", num(n))
}

/// A Rust `Duration` expression for `ns` nanoseconds: `Duration::from_millis(100)`.
pub fn rust_duration(ns: f64) -> String {
    let (n, unit) = in_unit(
        ns,
        &[
            ("secs", 1e9),
            ("millis", 1e6),
            ("micros", 1e3),
            ("nanos", 1.0),
        ],
    );
    format!("Duration::from_{unit}({})", num(n))
}

/// A .NET `TimeSpan` expression for `ticks` (100 ns each): `TimeSpan.FromSeconds(30)`.
pub fn timespan(ticks: f64) -> String {
    let (n, unit) = in_unit(
        ticks,
        &[
            ("Hours", 3.6e10),
            ("Minutes", 6e8),
            ("Seconds", 1e7),
            ("Milliseconds", 1e4),
            ("Ticks", 1.0),
        ],
    );
    format!("TimeSpan.From{unit}({})", num(n))
}

/// A gRPC service-config duration for `ns` nanoseconds: seconds with up to 9 decimals (`0.1s`).
pub fn grpc_duration(ns: f64) -> String {
    let frac = ns % 1e9;
    let whole = (ns - frac) / 1e9;
    let mut s = num(whole);
    if frac != 0.0 {
        let digits = format!("{:0>9}", num(frac));
        s.push('.');
        s.push_str(digits.trim_end_matches('0'));
    }
    s.push('s');
    s
}

/// A Java `long` literal: `100`, or `3000000000L` past `int`.
pub fn java_long(n: f64) -> String {
    if n > 2_147_483_647.0 {
        num(n) + "L"
    } else {
        num(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(num(0.1), "0.1");
        assert_eq!(float_lit(2.0), "2.0");
        assert_eq!(float_lit(1.5), "1.5");
        assert_eq!(secs(100.0), "0.1");
        assert_eq!(secs(30_000.0), "30");
        assert_eq!(go_duration(1e8), "100 * time.Millisecond");
        assert_eq!(go_duration(3e10), "30 * time.Second");
        assert_eq!(go_duration(1.5e9), "1500 * time.Millisecond");
        assert_eq!(go_duration(33_300_001.0), "33300001 * time.Nanosecond");
        assert_eq!(rust_duration(1e8), "Duration::from_millis(100)");
        assert_eq!(rust_duration(1.2e11), "Duration::from_secs(120)");
        assert_eq!(timespan(1e6), "TimeSpan.FromMilliseconds(100)");
        assert_eq!(timespan(3e8), "TimeSpan.FromSeconds(30)");
        assert_eq!(timespan(1.2e9), "TimeSpan.FromMinutes(2)");
        assert_eq!(timespan(333.0), "TimeSpan.FromTicks(333)");
        assert_eq!(grpc_duration(1e8), "0.1s");
        assert_eq!(grpc_duration(3e10), "30s");
        assert_eq!(grpc_duration(1_000_000_001.0), "1.000000001s");
        assert_eq!(grpc_duration(33_300_000.0), "0.0333s");
        assert_eq!(java_long(30_000.0), "30000");
        assert_eq!(java_long(3e9), "3000000000L");
    }
}
