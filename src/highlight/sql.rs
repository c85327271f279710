//! SQL, as PostgreSQL, MySQL and SQLite write it: `--` and `/* */` comments, keywords in any
//! case, `'…'` strings with `''` for a quote (and their `E'…'`, `N'…'`, `X'…'` prefixes),
//! PostgreSQL's `$$…$$` and `$tag$…$tag$` bodies, numbers, parameters (`$1`, `:name`, `@name`)
//! and calls written `name(`. A `"quoted"` or `` `quoted` `` name is a name, keyword or not.

use hl_lite::Kind;

use super::out::Out;
use super::scan::{
    block_comment, ident_end, is_ident, is_ident_start, line_end, number_end, quoted,
};

/// Writes `src` highlighted as SQL into `out`.
pub(super) fn lex(out: &mut Out<'_>, src: &str) {
    let b = src.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        let (end, kind) = match c {
            b'-' if next == Some(b'-') => (line_end(b, i), Some(Kind::Comment)),
            b'/' if next == Some(b'*') => (block_comment(b, i, false), Some(Kind::Comment)),
            b'\'' => (quoted(b, i, b'\'', false, true, true), Some(Kind::String)),
            b'"' | b'`' => (quoted(b, i, c, false, true, true), None),
            b'0'..=b'9' => (number_end(b, i, false), Some(Kind::Number)),
            b'.' if next.is_some_and(|d| d.is_ascii_digit()) && (i == 0 || !is_ident(b[i - 1])) => {
                (number_end(b, i + 1, false), Some(Kind::Number))
            }
            b'$' => dollar(b, i),
            // `@name`, and SQL Server's `@@ROWCOUNT`.
            b'@' => {
                let name = if next == Some(b'@') { i + 2 } else { i + 1 };
                match b.get(name) {
                    Some(&n) if is_ident_start(n) => (ident_end(b, name), Some(Kind::Variable)),
                    _ => (i + 1, None),
                }
            }
            // `:name`, but not the `::` of a cast.
            b':' if next == Some(b':') => (i + 2, None),
            b':' if next.is_some_and(is_ident_start) => (ident_end(b, i + 1), Some(Kind::Variable)),
            _ if is_ident_start(c) => word(b, i),
            _ => (i + 1, None),
        };
        if let Some(kind) = kind {
            out.push(i, end, kind);
        }
        i = end;
    }
}

/// `$1` (a parameter), or a dollar-quoted body, `$$…$$` or `$tag$…$tag$`, running to the end of
/// the text when not closed.
fn dollar(b: &[u8], i: usize) -> (usize, Option<Kind>) {
    if b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        let e = i + 1 + b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        return (e, Some(Kind::Variable));
    }
    let tag_end = ident_end(b, i + 1);
    if b.get(tag_end) != Some(&b'$') {
        return (i + 1, None);
    }
    let tag = &b[i..=tag_end];
    let body = tag_end + 1;
    let end = b[body..]
        .windows(tag.len())
        .position(|w| w == tag)
        .map_or(b.len(), |p| body + p + tag.len());
    (end, Some(Kind::String))
}

/// The word at `i`: a keyword, a type, a constant, a call, or the prefix of a string (`E'\n'`,
/// `N'…'`, `X'ff'`, `B'01'`).
fn word(b: &[u8], i: usize) -> (usize, Option<Kind>) {
    let e = ident_end(b, i);
    if e - i == 1 && b.get(e) == Some(&b'\'') {
        let escape = b[i] | 0x20 == b'e';
        if matches!(b[i] | 0x20, b'e' | b'n' | b'x' | b'b') {
            return (quoted(b, e, b'\'', escape, true, true), Some(Kind::String));
        }
    }
    // Reserved words are ASCII and short: lowered into a small buffer, no allocation.
    let mut buf = [0u8; 20];
    let kind = match buf.get_mut(..e - i) {
        Some(lower) => {
            lower.copy_from_slice(&b[i..e]);
            lower.make_ascii_lowercase();
            reserved(lower)
        }
        None => None,
    };
    let kind = kind.or_else(|| (b.get(e) == Some(&b'(')).then_some(Kind::Function));
    (e, kind)
}

/// What a lowercased word is in SQL, if it is reserved.
fn reserved(w: &[u8]) -> Option<Kind> {
    Some(match w {
        b"add" | b"all" | b"alter" | b"analyze" | b"and" | b"any" | b"as" | b"asc" | b"begin"
        | b"between" | b"by" | b"cascade" | b"case" | b"cast" | b"check" | b"collate"
        | b"column" | b"commit" | b"conflict" | b"constraint" | b"create" | b"cross"
        | b"database" | b"declare" | b"default" | b"delete" | b"desc" | b"distinct" | b"do"
        | b"drop" | b"each" | b"else" | b"end" | b"escape" | b"except" | b"exists" | b"explain"
        | b"fetch" | b"filter" | b"first" | b"for" | b"foreign" | b"from" | b"full"
        | b"function" | b"grant" | b"group" | b"having" | b"if" | b"ilike" | b"in" | b"index"
        | b"inner" | b"insert" | b"intersect" | b"into" | b"is" | b"join" | b"key"
        | b"language" | b"lateral" | b"left" | b"like" | b"limit" | b"lock" | b"materialized"
        | b"natural" | b"next" | b"not" | b"nothing" | b"nulls" | b"offset" | b"on" | b"only"
        | b"or" | b"order" | b"outer" | b"over" | b"partition" | b"primary" | b"procedure"
        | b"recursive" | b"references" | b"rename" | b"replace" | b"restrict" | b"return"
        | b"returning" | b"returns" | b"revoke" | b"right" | b"rollback" | b"row" | b"rows"
        | b"savepoint" | b"schema" | b"select" | b"sequence" | b"set" | b"table" | b"temp"
        | b"temporary" | b"then" | b"to" | b"transaction" | b"trigger" | b"truncate" | b"union"
        | b"unique" | b"update" | b"using" | b"values" | b"view" | b"when" | b"where"
        | b"window" | b"with" | b"within" => Kind::Keyword,
        b"bigint" | b"bigserial" | b"binary" | b"blob" | b"bool" | b"boolean" | b"bytea"
        | b"char" | b"character" | b"date" | b"datetime" | b"decimal" | b"double" | b"float"
        | b"int" | b"integer" | b"interval" | b"json" | b"jsonb" | b"numeric" | b"real"
        | b"serial" | b"smallint" | b"text" | b"time" | b"timestamp" | b"timestamptz" | b"uuid"
        | b"varchar" | b"varying" => Kind::Type,
        b"false" | b"null" | b"true" | b"unknown" => Kind::Constant,
        _ => return None,
    })
}
