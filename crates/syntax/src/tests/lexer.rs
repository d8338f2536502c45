//! Token-level behaviour of the lexer and UTF-8 decoding.

use expect_test::expect;

fn tokens(text: &str) -> String {
    let mut offset = 0usize;
    let mut out = String::new();
    for (kind, len) in crate::lex(text) {
        let len = usize::from(len);
        out.push_str(&format!("{kind:?} {:?}\n", &text[offset..offset + len]));
        offset += len;
    }
    out
}

#[test]
fn numbers() {
    expect![[r#"
        INT_NUMBER "0"
        WHITESPACE " "
        INT_NUMBER "42"
        WHITESPACE " "
        INT_NUMBER "0x1Fu"
        WHITESPACE " "
        INT_NUMBER "017"
        WHITESPACE " "
        INT_NUMBER "7l"
        WHITESPACE " "
        INT_NUMBER "7ll"
        WHITESPACE " "
        INT_NUMBER "7ull"
        WHITESPACE " "
        FLOAT_NUMBER "1.0"
        WHITESPACE " "
        FLOAT_NUMBER "1.f"
        WHITESPACE " "
        FLOAT_NUMBER "1."
        WHITESPACE " "
        FLOAT_NUMBER ".5"
        WHITESPACE " "
        FLOAT_NUMBER "1e3"
        WHITESPACE " "
        FLOAT_NUMBER "1e-3"
        WHITESPACE " "
        FLOAT_NUMBER "2.5E+4f"
        WHITESPACE " "
        FLOAT_NUMBER "1.0h"
        WHITESPACE " "
        FLOAT_NUMBER "1.0l"
        WHITESPACE " "
        FLOAT_NUMBER "1.0lf"
        WHITESPACE " "
        FLOAT_NUMBER "3f"
        WHITESPACE " "
        INT_NUMBER "1"
        DOT "."
        IDENT "xxx"
    "#]]
    .assert_eq(&tokens(
        "0 42 0x1Fu 017 7l 7ll 7ull 1.0 1.f 1. .5 1e3 1e-3 2.5E+4f 1.0h 1.0l 1.0lf 3f 1.xxx",
    ));
}

#[test]
fn punctuation_and_greater_than() {
    expect![[r###"
        IDENT "a"
        GT ">"
        GT ">"
        EQ "="
        IDENT "b"
        GT ">"
        EQ "="
        IDENT "c"
        GT ">"
        GT ">"
        IDENT "d"
        WHITESPACE " "
        THIN_ARROW "->"
        WHITESPACE " "
        COLON2 "::"
        WHITESPACE " "
        ELLIPSIS "..."
        WHITESPACE " "
        SHLEQ "<<="
        WHITESPACE " "
        HASH2 "##"
        WHITESPACE " "
        HASH "#"
    "###]]
    .assert_eq(&tokens("a>>=b>=c>>d -> :: ... <<= ## #"));
}

#[test]
fn keywords_contextual_and_builtin_names() {
    expect![[r#"
        STRUCT_KW "struct"
        WHITESPACE " "
        THIS_TYPE_KW "This"
        WHITESPACE " "
        THIS_KW "this"
        WHITESPACE " "
        FWD_DIFF_KW "fwd_diff"
        WHITESPACE " "
        UBWD_DIFF_KW "__bwd_diff"
        WHITESPACE " "
        IDENT "out"
        WHITESPACE " "
        IDENT "property"
        WHITESPACE " "
        IDENT "where"
        WHITESPACE " "
        IDENT "float3"
        WHITESPACE " "
        NO_DIFF_KW "no_diff"
    "#]]
    .assert_eq(&tokens(
        "struct This this fwd_diff __bwd_diff out property where float3 no_diff",
    ));
}

#[test]
fn comments_strings_chars() {
    expect![[r#"
        COMMENT "// line"
        WHITESPACE "\n"
        COMMENT "/* block */"
        WHITESPACE " "
        STRING "\"s\\\"q\""
        WHITESPACE " "
        CHAR "'c'"
        WHITESPACE " "
        CHAR "'\\n'"
        WHITESPACE " "
        COMMENT "/* open"
    "#]]
    .assert_eq(&tokens("// line\n/* block */ \"s\\\"q\" 'c' '\\n' /* open"));
}

#[test]
fn non_ascii() {
    expect![[r#"
        IDENT "héllo"
        WHITESPACE " "
        ERROR "€"
        WHITESPACE " "
        IDENT "x"
    "#]]
    .assert_eq(&tokens("héllo € x"));
}

#[test]
fn decode_invalid_utf8() {
    let (text, errors) = crate::decode_source(b"ab\xff\xfecd\xc3(e\xf0");
    expect![[r#"
        (
            "ab��cd�(e�",
            [
                SyntaxError {
                    code: "E1004",
                    message: "invalid UTF-8 in the source file: save it as UTF-8 (the bad bytes are shown as U+FFFD)",
                    range: 2..8,
                },
                SyntaxError {
                    code: "E1004",
                    message: "invalid UTF-8 in the source file: save it as UTF-8 (the bad bytes are shown as U+FFFD)",
                    range: 10..13,
                },
                SyntaxError {
                    code: "E1004",
                    message: "invalid UTF-8 in the source file: save it as UTF-8 (the bad bytes are shown as U+FFFD)",
                    range: 15..18,
                },
            ],
        )
    "#]].assert_debug_eq(&(text, errors));
}

#[test]
fn decode_valid_utf8_has_no_errors() {
    let (text, errors) = crate::decode_source("float x; // é".as_bytes());
    assert_eq!(text, "float x; // é");
    assert!(errors.is_empty());
}

#[test]
fn byte_order_mark_and_crlf() {
    let text = "\u{FEFF}#define N 4\r\nfloat x = N;\r\n";
    let parse = crate::parse(text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    assert_eq!(parse.syntax_node().text().to_string(), text);
    expect![[r##"
        WHITESPACE "\u{feff}"
        HASH "#"
        IDENT "define"
        WHITESPACE " "
        IDENT "N"
        WHITESPACE " "
        INT_NUMBER "4"
        WHITESPACE "\r"
        WHITESPACE "\n"
        IDENT "float"
        WHITESPACE " "
        IDENT "x"
        WHITESPACE " "
        EQ "="
        WHITESPACE " "
        IDENT "N"
        SEMICOLON ";"
        WHITESPACE "\r\n"
    "##]]
    .assert_eq(&tokens(text));
}

/// Hexadecimal floats (`0x1p-3`, `0x1.8p1`, `0x1p3f`: the `f` after the exponent is a suffix);
/// without an exponent `0x1F` stays an integer and `0x1.x` a member access. Their values, and
/// those of decimal floats, come from `float_literal_value`.
#[test]
fn hexadecimal_floats() {
    let src = "0x1p-3 0x1.8p1 0x1p3f 0X2P+1 0x.8p0 0x1F 0x1.x 0x1p";
    let values: String = crate::lex(src)
        .into_iter()
        .scan(0usize, |at, (kind, len)| {
            let start = *at;
            *at += usize::from(len);
            Some((kind, &src[start..*at]))
        })
        .filter(|(kind, _)| *kind == crate::SyntaxKind::FLOAT_NUMBER)
        .map(|(_, text)| format!("{text} = {:?}\n", crate::float_literal_value(text)))
        .collect();
    expect![[r#"
        FLOAT_NUMBER "0x1p-3"
        WHITESPACE " "
        FLOAT_NUMBER "0x1.8p1"
        WHITESPACE " "
        FLOAT_NUMBER "0x1p3f"
        WHITESPACE " "
        FLOAT_NUMBER "0X2P+1"
        WHITESPACE " "
        FLOAT_NUMBER "0x.8p0"
        WHITESPACE " "
        INT_NUMBER "0x1F"
        WHITESPACE " "
        INT_NUMBER "0x1"
        DOT "."
        IDENT "x"
        WHITESPACE " "
        FLOAT_NUMBER "0x1p"
        0x1p-3 = Some(0.125)
        0x1.8p1 = Some(3.0)
        0x1p3f = Some(8.0)
        0X2P+1 = Some(4.0)
        0x.8p0 = Some(0.5)
        0x1p = None
    "#]]
    .assert_eq(&format!("{}{values}", tokens(src)));
    let errors: Vec<String> = crate::parse("float x = 0x1p + 0x1.8p1;")
        .errors()
        .iter()
        .map(|e| e.message.clone())
        .collect();
    expect!["malformed hexadecimal float literal: expected digits in the exponent"]
        .assert_eq(&errors.join("\n"));
    assert_eq!(crate::float_literal_value("2.5E+4f"), Some(25000.0));
    assert_eq!(crate::float_literal_value(".5h"), Some(0.5));
}
