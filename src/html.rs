//! HTML text: escaping, and numbers as machines read them (`<data value>`, SVG coordinates).
//! Shared by every stage that writes HTML or XML: shortcodes, templates, lists and feeds.

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    push_escaped(&mut out, text);
    out
}

/// [`escape`] appended to `out`.
pub fn push_escaped(out: &mut String, text: &str) {
    escape_pieces(text, |piece| out.push_str(piece));
}

/// [`escape`] in pieces: `push` gets the runs of plain text and the entities, in order (Tera's
/// autoescaping writes them straight into its output).
pub fn escape_pieces(text: &str, mut push: impl FnMut(&str)) {
    // The five characters are ASCII, so every other byte run is copied whole (and stays UTF-8).
    let mut copied = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        push(&text[copied..i]);
        push(entity);
        copied = i + 1;
    }
    push(&text[copied..]);
}

/// `<data value="MS">…</data>` appended to `out`, `shown` writing what people read.
pub fn push_data(out: &mut String, ms: f64, shown: impl FnOnce(&mut String)) {
    out.push_str("<data value=\"");
    push_float(out, ms);
    out.push_str("\">");
    shown(out);
    out.push_str("</data>");
}

/// `value` in plain digits for machines (`<data value>`, SVG coordinates): the shortest digits
/// that read back as the same double, never an exponent. When two shortest forms are equally
/// close, the even one, as browsers' `String(number)` picks, so the calculator's script writes
/// the same bytes (`rustF64` in `static/js/backoff.js`). Rust's `Display` rounds those rare ties
/// up instead; otherwise the two agree.
pub fn push_float(out: &mut String, value: f64) {
    use std::fmt::Write;
    if let Some(n) = whole(value).filter(|_| value != 0.0) {
        // Most table cells: no float formatting at all (zero keeps `Display`'s sign).
        out.push_str(itoa::Buffer::new().format(n));
    } else if !value.is_finite() || value == 0.0 {
        let _ = write!(out, "{value}");
    } else {
        push_plain(out, ryu::Buffer::new().format_finite(value));
    }
}

/// `value` as an integer when it is a whole number an `f64` holds exactly (below 2^53).
pub fn whole(value: f64) -> Option<i64> {
    (value.fract() == 0.0 && value.abs() < 9_007_199_254_740_992.0).then_some(value as i64)
}

/// Ryu's text (`1.5`, `1e-7`, `1.2345e20`, `-3.0`) as plain digits (`1.5`, `0.0000001`,
/// `123450000000000000000`, `-3`).
fn push_plain(out: &mut String, text: &str) {
    // Most values have no exponent: Ryu's text is then plain already, but for a `.0` ending.
    if !text.as_bytes().contains(&b'e') {
        out.push_str(text.strip_suffix(".0").unwrap_or(text));
        return;
    }
    let (sign, text) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    out.push_str(sign);
    let (mantissa, exponent) = match text.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let frac = if frac == "0" { "" } else { frac };
    if exponent == 0 {
        out.push_str(int);
        if !frac.is_empty() {
            out.push('.');
            out.push_str(frac);
        }
        return;
    }
    // The digits without the point, and where the point goes among them.
    let digits = format!("{int}{frac}");
    let digits = digits.trim_start_matches('0');
    let point = int.trim_start_matches('0').len() as i32 + exponent;
    if point <= 0 {
        out.push_str("0.");
        (0..-point).for_each(|_| out.push('0'));
        out.push_str(digits);
    } else if point as usize >= digits.len() {
        out.push_str(digits);
        (0..point as usize - digits.len()).for_each(|_| out.push('0'));
    } else {
        out.push_str(&digits[..point as usize]);
        out.push('.');
        out.push_str(&digits[point as usize..]);
    }
}

/// What a reader sees of HTML as it is written, for search: the text `markdown::text`'s
/// `html_text` would read back from that HTML, made alongside it by a writer that knows which of
/// its pieces are text (cheaper than reading the HTML again). Switched off, it keeps nothing.
///
/// The text starts at the HTML's first block (the white space that block's start makes is the
/// reader's to add) and keeps each piece of text as it is, but for white space where a piece
/// starts: that collapses with the space before it, as it does when read from HTML.
#[derive(Debug, Default)]
pub struct Seen {
    text: String,
    /// Whether the text ends in white space (or is empty).
    space: bool,
    on: bool,
}

impl Seen {
    /// A writer that keeps the text when `on`, with room for `capacity` bytes of it.
    pub fn new(on: bool, capacity: usize) -> Seen {
        Seen {
            text: String::with_capacity(if on { capacity } else { 0 }),
            space: true,
            on,
        }
    }

    /// The edge of an element that is not inline (a block's start or end): a space, unless
    /// the text is empty or ends in one.
    #[inline]
    pub fn gap(&mut self) {
        if self.on && !self.space {
            self.text.push(' ');
            self.space = true;
        }
    }

    /// A piece of text between tags, unescaped.
    #[inline]
    pub fn text(&mut self, piece: &str) {
        if !self.on {
            return;
        }
        // A byte up to a space is a whole character.
        let bytes = piece.as_bytes();
        let start = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
        if start > 0 {
            self.gap();
        }
        if let Some(&last) = bytes.last().filter(|_| start < bytes.len()) {
            self.text.push_str(&piece[start..]);
            self.space = last <= b' ';
        }
    }

    /// The text, if it was kept.
    pub fn finish(self) -> Option<String> {
        self.on.then_some(self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_replaces_the_five_characters_only() {
        assert_eq!(
            escape(r#"a<b>&"c" 'ğ'"#),
            "a&lt;b&gt;&amp;&quot;c&quot; &#39;ğ&#39;"
        );
        assert_eq!(escape("İstanbul → Ankara"), "İstanbul → Ankara");
        assert_eq!(escape(""), "");
    }

    /// Display's text, except on exact ties between two shortest forms, where it rounds up and
    /// `push_float` takes the even one; both read back as `v` and have the same length.
    fn agrees_with_display(v: f64) -> Result<(), String> {
        let mut out = String::new();
        push_float(&mut out, v);
        let display = v.to_string();
        if out == display {
            return Ok(());
        }
        let last_even = out
            .bytes()
            .last()
            .is_some_and(|d| (d - b'0').is_multiple_of(2));
        if out.parse::<f64>() == Ok(v) && out.len() == display.len() && last_even {
            Ok(())
        } else {
            Err(format!("{v:?}: push_float {out}, Display {display}"))
        }
    }

    #[test]
    fn push_float_writes_plain_shortest_digits() {
        let values = [
            0.0,
            -0.0,
            1.0,
            250.0,
            30_000.0,
            0.5,
            -0.5,
            1234.567,
            1e15,
            9_007_199_254_740_992.0,
            9_007_199_254_740_994.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            1e22,
            1.5e300,
            -3.0,
            0.1 + 0.2,
            1e-7,
            1.234e-5,
            0.000_012_34,
            1e16 + 2.0,
            137.000_000_000_000_03,
        ];
        for v in values {
            let mut out = String::new();
            push_float(&mut out, v);
            assert_eq!(out, v.to_string(), "{v:?}");
        }
    }

    #[test]
    fn push_float_breaks_ties_to_even_as_browsers_do() {
        // Exactly halfway between two shortest forms; `String(x)` in a browser gives these.
        for (v, text) in [
            (1_660_497_269_074_587.0 + 0.25, "1660497269074587.2"),
            (123_349_687_790_391.0 + 0.125, "123349687790391.12"),
            (8.0 + 1.0 / 65_536.0, "8.000015258789062"),
            // A mean total wait (equal jitter; base 250 ms, factor 2.5, no cap, 11 attempts).
            (2_980_107.0 + 489.0 / 2048.0, "2980107.2387695312"),
        ] {
            let mut out = String::new();
            push_float(&mut out, v);
            assert_eq!(out, text);
            agrees_with_display(v).unwrap();
        }
    }

    proptest::proptest! {
        #[test]
        fn push_float_agrees_with_display_for_any_double(bits in proptest::num::u64::ANY) {
            let v = f64::from_bits(bits);
            proptest::prop_assume!(v.is_finite());
            proptest::prop_assert!(agrees_with_display(v).is_ok(), "{}", agrees_with_display(v).unwrap_err());
        }

        #[test]
        fn push_float_agrees_with_display_for_delays(ms in 1e-9f64..1e17) {
            proptest::prop_assert!(agrees_with_display(ms).is_ok(), "{}", agrees_with_display(ms).unwrap_err());
        }
    }
}
