//! Byte scanners shared by sade's lexers. Each decides only on ASCII bytes, so every index it
//! returns is a character boundary (the bytes of a longer UTF-8 character are all `>= 0x80`),
//! and each stops at the end of the text: an unterminated string or comment runs to the end of
//! its line or of the block, never past it and never in a loop.

/// A byte that can start a name: a letter, `_`, or part of a non-ASCII character.
pub(super) fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

/// A byte that can go on with a name.
pub(super) fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The end of the name starting at `i`.
pub(super) fn ident_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_ident(b[i]) {
        i += 1;
    }
    i
}

/// The index of the `\n` ending the line that `i` is on, or the end of the text.
pub(super) fn line_end(b: &[u8], i: usize) -> usize {
    b[i.min(b.len())..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| i + p)
}

/// Skips spaces and tabs.
pub(super) fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    i
}

/// True when only spaces and tabs stand between the start of `i`'s line and `i`.
pub(super) fn at_line_start(b: &[u8], i: usize) -> bool {
    b[..i]
        .iter()
        .rev()
        .find(|&&c| c != b' ' && c != b'\t')
        .is_none_or(|&c| c == b'\n')
}

/// A `quote`d literal opening at `i`: the index past its closing quote. With `escape`, a
/// backslash takes the next byte with it; with `doubled`, two quotes are one quote of the text
/// (SQL's `''`, C#'s `@"…"""`). Unterminated, it ends at the end of the line (`multiline` false)
/// or of the text.
pub(super) fn quoted(
    b: &[u8],
    i: usize,
    quote: u8,
    escape: bool,
    doubled: bool,
    multiline: bool,
) -> usize {
    let mut j = i + 1;
    while j < b.len() {
        let c = b[j];
        if escape && c == b'\\' {
            j += 2;
        } else if c == quote {
            if doubled && b.get(j + 1) == Some(&quote) {
                j += 2;
            } else {
                return j + 1;
            }
        } else if !multiline && c == b'\n' {
            return j;
        } else {
            j += 1;
        }
    }
    b.len()
}

/// `/* … */` opening at `i`, nested as Kotlin and Scala nest them when `nested`: the index past
/// its end, or the end of the text.
pub(super) fn block_comment(b: &[u8], i: usize, nested: bool) -> usize {
    let mut depth = 0usize;
    let mut j = i;
    while j + 1 < b.len() {
        if b[j] == b'/' && b[j + 1] == b'*' && (nested || depth == 0) {
            depth += 1;
            j += 2;
        } else if b[j] == b'*' && b[j + 1] == b'/' {
            depth -= 1;
            j += 2;
            if depth == 0 {
                return j;
            }
        } else {
            j += 1;
        }
    }
    b.len()
}

/// A number starting at `i` (a digit, or a `.` before one): `0x`, `0b` and `0o` prefixes, `_`
/// between digits (and `'`, C++'s separator, with `quote_sep`), a fraction only when a digit
/// follows the `.` (so Kotlin's `1..10` is two numbers), an exponent, and a suffix (`L`, `f`,
/// `u8`, `ul`, C#'s `m`, Go's `i`).
pub(super) fn number_end(b: &[u8], i: usize, quote_sep: bool) -> usize {
    let digits = |mut j: usize, hex: bool| {
        while j < b.len() {
            let c = b[j];
            let sep = c == b'_'
                || (quote_sep && c == b'\'' && b.get(j + 1).is_some_and(u8::is_ascii_hexdigit));
            if c.is_ascii_digit() || sep || (hex && c.is_ascii_hexdigit()) {
                j += 1;
            } else {
                break;
            }
        }
        j
    };
    let mut j = i;
    if b[j] == b'0' && matches!(b.get(j + 1).map(|c| c | 0x20), Some(b'x' | b'b' | b'o')) {
        j = digits(j + 2, true);
    } else {
        j = digits(j, false);
        if b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
            j = digits(j + 1, false);
        }
        if b.get(j).is_some_and(|c| c | 0x20 == b'e') {
            let k = if matches!(b.get(j + 1), Some(b'+' | b'-')) {
                j + 2
            } else {
                j + 1
            };
            if b.get(k).is_some_and(u8::is_ascii_digit) {
                j = digits(k, false);
            }
        }
    }
    ident_end(b, j)
}

/// The end of a `{…}` hole in an interpolated string, `i` just past its `{`: the index past the
/// matching `}`, stepping over nested braces and over `"…"` strings (`${map["k"]}`), or the end
/// of the text.
pub(super) fn hole_end(b: &[u8], i: usize) -> usize {
    let mut depth = 1usize;
    let mut j = i;
    while j < b.len() {
        match b[j] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            b'"' => {
                j = quoted(b, j, b'"', true, false, false);
                continue;
            }
            _ => {}
        }
        j += 1;
    }
    b.len()
}

/// A `'c'` character literal opening at `i`, if it is one: a backslash escape or one character
/// between the quotes. `None` for Scala's `'sym` and other lone quotes.
pub(super) fn char_literal(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i + 1)? {
        b'\\' => Some(quoted(b, i, b'\'', true, false, false)),
        b'\n' | b'\'' => None,
        c => {
            let e = i + 1 + char_len(c);
            (b.get(e) == Some(&b'\'')).then_some(e + 1)
        }
    }
}

/// The number of bytes of the UTF-8 character that `b` starts (1 for a stray continuation).
pub(super) fn char_len(b: u8) -> usize {
    match b {
        0x00..=0xBF => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}
