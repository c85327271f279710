//! The reserved words of the C-like languages: each language's keywords (with the contextual
//! ones that mostly read as keywords, such as Java's `var` or C#'s `await`), its built-in type
//! names and its literal constants. A contextual word that is as often a name (`value`, `field`,
//! Kotlin's `get` and `set`, Scala's `end`) is left out, so a variable of that name stays plain.

use hl_lite::Kind;

use super::CLike;

/// What `word` is in `lang`, if it is a reserved word.
pub(super) fn word(lang: CLike, word: &str) -> Option<Kind> {
    match lang {
        CLike::Go => go(word),
        CLike::Java => java(word),
        CLike::CSharp => csharp(word),
        CLike::Kotlin => kotlin(word),
        CLike::Scala => scala(word),
        CLike::C => c(word),
        CLike::Cpp => c(word).or_else(|| cpp(word)),
    }
}

fn go(w: &str) -> Option<Kind> {
    Some(match w {
        "break" | "case" | "chan" | "const" | "continue" | "default" | "defer" | "else"
        | "fallthrough" | "for" | "func" | "go" | "goto" | "if" | "import" | "interface"
        | "map" | "package" | "range" | "return" | "select" | "struct" | "switch" | "type"
        | "var" => Kind::Keyword,
        "any" | "bool" | "byte" | "comparable" | "complex64" | "complex128" | "error"
        | "float32" | "float64" | "int" | "int8" | "int16" | "int32" | "int64" | "rune"
        | "string" | "uint" | "uint8" | "uint16" | "uint32" | "uint64" | "uintptr" => Kind::Type,
        "true" | "false" | "nil" | "iota" => Kind::Constant,
        _ => return None,
    })
}

fn java(w: &str) -> Option<Kind> {
    Some(match w {
        "abstract" | "assert" | "break" | "case" | "catch" | "class" | "const" | "continue"
        | "default" | "do" | "else" | "enum" | "exports" | "extends" | "final" | "finally"
        | "for" | "goto" | "if" | "implements" | "import" | "instanceof" | "interface"
        | "module" | "native" | "new" | "package" | "permits" | "private" | "protected"
        | "public" | "record" | "requires" | "return" | "sealed" | "static" | "strictfp"
        | "super" | "switch" | "synchronized" | "this" | "throw" | "throws" | "transient"
        | "try" | "var" | "volatile" | "while" | "yield" => Kind::Keyword,
        "boolean" | "byte" | "char" | "double" | "float" | "int" | "long" | "short" | "void" => {
            Kind::Type
        }
        "true" | "false" | "null" => Kind::Constant,
        _ => return None,
    })
}

fn csharp(w: &str) -> Option<Kind> {
    Some(match w {
        "abstract" | "as" | "async" | "await" | "base" | "break" | "case" | "catch" | "checked"
        | "class" | "const" | "continue" | "default" | "delegate" | "do" | "dynamic" | "else"
        | "enum" | "event" | "explicit" | "extern" | "finally" | "fixed" | "for" | "foreach"
        | "get" | "goto" | "if" | "implicit" | "in" | "init" | "interface" | "internal" | "is"
        | "lock" | "nameof" | "namespace" | "new" | "operator" | "out" | "override" | "params"
        | "partial" | "private" | "protected" | "public" | "readonly" | "record" | "ref"
        | "required" | "return" | "sealed" | "set" | "sizeof" | "stackalloc" | "static"
        | "struct" | "switch" | "this" | "throw" | "try" | "typeof" | "unchecked" | "unsafe"
        | "using" | "var" | "virtual" | "volatile" | "when" | "where" | "while" | "with"
        | "yield" => Kind::Keyword,
        "bool" | "byte" | "char" | "decimal" | "double" | "float" | "int" | "long" | "nint"
        | "nuint" | "object" | "sbyte" | "short" | "string" | "uint" | "ulong" | "ushort"
        | "void" => Kind::Type,
        "true" | "false" | "null" => Kind::Constant,
        _ => return None,
    })
}

fn kotlin(w: &str) -> Option<Kind> {
    Some(match w {
        "abstract" | "actual" | "annotation" | "as" | "break" | "by" | "catch" | "class"
        | "companion" | "const" | "constructor" | "continue" | "crossinline" | "data" | "do"
        | "else" | "enum" | "expect" | "external" | "final" | "finally" | "for" | "fun" | "if"
        | "import" | "in" | "infix" | "init" | "inline" | "inner" | "interface" | "internal"
        | "is" | "lateinit" | "noinline" | "object" | "open" | "operator" | "out" | "override"
        | "package" | "private" | "protected" | "public" | "reified" | "return" | "sealed"
        | "super" | "suspend" | "tailrec" | "this" | "throw" | "try" | "typealias" | "val"
        | "var" | "vararg" | "when" | "where" | "while" => Kind::Keyword,
        "true" | "false" | "null" => Kind::Constant,
        _ => return None,
    })
}

fn scala(w: &str) -> Option<Kind> {
    Some(match w {
        "abstract" | "case" | "catch" | "class" | "def" | "derives" | "do" | "else" | "enum"
        | "export" | "extends" | "extension" | "final" | "finally" | "for" | "forSome"
        | "given" | "if" | "implicit" | "import" | "lazy" | "match" | "new" | "object"
        | "opaque" | "override" | "package" | "private" | "protected" | "return" | "sealed"
        | "super" | "then" | "this" | "throw" | "trait" | "try" | "type" | "using" | "val"
        | "var" | "while" | "with" | "yield" => Kind::Keyword,
        "true" | "false" | "null" => Kind::Constant,
        _ => return None,
    })
}

fn c(w: &str) -> Option<Kind> {
    Some(match w {
        "alignas" | "alignof" | "auto" | "break" | "case" | "const" | "continue" | "default"
        | "do" | "else" | "enum" | "extern" | "for" | "goto" | "if" | "inline" | "register"
        | "restrict" | "return" | "sizeof" | "static" | "static_assert" | "struct" | "switch"
        | "thread_local" | "typedef" | "typeof" | "union" | "volatile" | "while" | "_Alignas"
        | "_Alignof" | "_Atomic" | "_Generic" | "_Noreturn" | "_Static_assert"
        | "_Thread_local" => Kind::Keyword,
        "bool" | "char" | "double" | "float" | "int" | "long" | "short" | "signed" | "unsigned"
        | "void" | "_Bool" | "_Complex" | "FILE" => Kind::Type,
        "true" | "false" | "NULL" => Kind::Constant,
        _ => return None,
    })
}

/// C++'s words beyond C's.
fn cpp(w: &str) -> Option<Kind> {
    Some(match w {
        "and" | "and_eq" | "asm" | "bitand" | "bitor" | "catch" | "class" | "co_await"
        | "co_return" | "co_yield" | "compl" | "concept" | "const_cast" | "consteval"
        | "constexpr" | "constinit" | "decltype" | "delete" | "dynamic_cast" | "explicit"
        | "export" | "final" | "friend" | "mutable" | "namespace" | "new" | "noexcept" | "not"
        | "not_eq" | "operator" | "or" | "or_eq" | "override" | "private" | "protected"
        | "public" | "reinterpret_cast" | "requires" | "static_cast" | "template" | "this"
        | "throw" | "try" | "typeid" | "typename" | "using" | "virtual" | "xor" | "xor_eq" => {
            Kind::Keyword
        }
        "char8_t" | "char16_t" | "char32_t" | "wchar_t" => Kind::Type,
        "nullptr" => Kind::Constant,
        _ => return None,
    })
}
