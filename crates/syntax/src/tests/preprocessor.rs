//! Directive lines become PP_* nodes wherever they appear; macros are not expanded.

use super::check;
use crate::SyntaxKind;
use crate::ast::{AstNode, PpDirective};
use expect_test::expect;

#[test]
fn object_and_function_like_macros() {
    check(
        "#define N 4\n#define SQ(x, y) ((x) * (y))\n#undef N\n",
        expect![[r##"
        SOURCE_FILE@0..50
          PP_DEFINE@0..11
            HASH@0..1 "#"
            IDENT@1..7 "define"
            WHITESPACE@7..8 " "
            NAME@8..9
              IDENT@8..9 "N"
            WHITESPACE@9..10 " "
            PP_BODY@10..11
              INT_NUMBER@10..11 "4"
          WHITESPACE@11..12 "\n"
          PP_DEFINE@12..40
            HASH@12..13 "#"
            IDENT@13..19 "define"
            WHITESPACE@19..20 " "
            NAME@20..22
              IDENT@20..22 "SQ"
            PP_PARAM_LIST@22..28
              L_PAREN@22..23 "("
              IDENT@23..24 "x"
              COMMA@24..25 ","
              WHITESPACE@25..26 " "
              IDENT@26..27 "y"
              R_PAREN@27..28 ")"
            WHITESPACE@28..29 " "
            PP_BODY@29..40
              L_PAREN@29..30 "("
              L_PAREN@30..31 "("
              IDENT@31..32 "x"
              R_PAREN@32..33 ")"
              WHITESPACE@33..34 " "
              STAR@34..35 "*"
              WHITESPACE@35..36 " "
              L_PAREN@36..37 "("
              IDENT@37..38 "y"
              R_PAREN@38..39 ")"
              R_PAREN@39..40 ")"
          WHITESPACE@40..41 "\n"
          PP_UNDEF@41..49
            HASH@41..42 "#"
            IDENT@42..47 "undef"
            WHITESPACE@47..48 " "
            NAME@48..49
              IDENT@48..49 "N"
          WHITESPACE@49..50 "\n"
    "##]],
    );
}

#[test]
fn conditionals_and_include() {
    check(
        "#ifdef A\n#if defined(B) && C > 1\n#elif D\n#else\n#endif\n#ifndef E\n#endif\n#include \"x.slang\"\n#pragma once\n",
        expect![[r##"
        SOURCE_FILE@0..103
          PP_IFDEF@0..8
            HASH@0..1 "#"
            IDENT@1..6 "ifdef"
            WHITESPACE@6..7 " "
            NAME@7..8
              IDENT@7..8 "A"
          WHITESPACE@8..9 "\n"
          PP_IF@9..32
            HASH@9..10 "#"
            IDENT@10..12 "if"
            WHITESPACE@12..13 " "
            PP_BODY@13..32
              IDENT@13..20 "defined"
              L_PAREN@20..21 "("
              IDENT@21..22 "B"
              R_PAREN@22..23 ")"
              WHITESPACE@23..24 " "
              AMP2@24..26 "&&"
              WHITESPACE@26..27 " "
              IDENT@27..28 "C"
              WHITESPACE@28..29 " "
              GT@29..30 ">"
              WHITESPACE@30..31 " "
              INT_NUMBER@31..32 "1"
          WHITESPACE@32..33 "\n"
          PP_ELIF@33..40
            HASH@33..34 "#"
            IDENT@34..38 "elif"
            WHITESPACE@38..39 " "
            PP_BODY@39..40
              IDENT@39..40 "D"
          WHITESPACE@40..41 "\n"
          PP_ELSE@41..46
            HASH@41..42 "#"
            IDENT@42..46 "else"
          WHITESPACE@46..47 "\n"
          PP_ENDIF@47..53
            HASH@47..48 "#"
            IDENT@48..53 "endif"
          WHITESPACE@53..54 "\n"
          PP_IFNDEF@54..63
            HASH@54..55 "#"
            IDENT@55..61 "ifndef"
            WHITESPACE@61..62 " "
            NAME@62..63
              IDENT@62..63 "E"
          WHITESPACE@63..64 "\n"
          PP_ENDIF@64..70
            HASH@64..65 "#"
            IDENT@65..70 "endif"
          WHITESPACE@70..71 "\n"
          PP_INCLUDE@71..89
            HASH@71..72 "#"
            IDENT@72..79 "include"
            WHITESPACE@79..80 " "
            PP_BODY@80..89
              STRING@80..89 "\"x.slang\""
          WHITESPACE@89..90 "\n"
          PP_PRAGMA@90..102
            HASH@90..91 "#"
            IDENT@91..97 "pragma"
            WHITESPACE@97..98 " "
            PP_BODY@98..102
              IDENT@98..102 "once"
          WHITESPACE@102..103 "\n"
    "##]],
    );
}

#[test]
fn line_continuation() {
    check(
        "#define LONG a + \\\n  b\nint x;",
        expect![[r##"
        SOURCE_FILE@0..29
          PP_DEFINE@0..22
            HASH@0..1 "#"
            IDENT@1..7 "define"
            WHITESPACE@7..8 " "
            NAME@8..12
              IDENT@8..12 "LONG"
            WHITESPACE@12..13 " "
            PP_BODY@13..22
              IDENT@13..14 "a"
              WHITESPACE@14..15 " "
              PLUS@15..16 "+"
              WHITESPACE@16..17 " "
              WHITESPACE@17..19 "\\\n"
              WHITESPACE@19..21 "  "
              IDENT@21..22 "b"
          WHITESPACE@22..23 "\n"
          VAR_DECL@23..29
            PATH_TYPE@23..26
              PATH@23..26
                PATH_SEGMENT@23..26
                  NAME_REF@23..26
                    IDENT@23..26 "int"
            WHITESPACE@26..27 " "
            DECLARATOR@27..28
              NAME@27..28
                IDENT@27..28 "x"
            SEMICOLON@28..29 ";"
    "##]],
    );
}

#[test]
fn directive_inside_function_body_and_expression() {
    check(
        "void f() {\n  x = a +\n#if FAST\n  b\n#else\n  c\n#endif\n  ;\n}",
        expect![[r##"
            SOURCE_FILE@0..56
              FN@0..56
                PATH_TYPE@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                PARAM_LIST@6..8
                  L_PAREN@6..7 "("
                  R_PAREN@7..8 ")"
                WHITESPACE@8..9 " "
                BLOCK@9..56
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..13 "\n  "
                  EXPR_STMT@13..33
                    BIN_EXPR@13..33
                      PATH_EXPR@13..14
                        NAME_REF@13..14
                          IDENT@13..14 "x"
                      WHITESPACE@14..15 " "
                      EQ@15..16 "="
                      WHITESPACE@16..17 " "
                      BIN_EXPR@17..33
                        PATH_EXPR@17..18
                          NAME_REF@17..18
                            IDENT@17..18 "a"
                        WHITESPACE@18..19 " "
                        PLUS@19..20 "+"
                        WHITESPACE@20..21 "\n"
                        PP_IF@21..29
                          HASH@21..22 "#"
                          IDENT@22..24 "if"
                          WHITESPACE@24..25 " "
                          PP_BODY@25..29
                            IDENT@25..29 "FAST"
                        WHITESPACE@29..32 "\n  "
                        PATH_EXPR@32..33
                          NAME_REF@32..33
                            IDENT@32..33 "b"
                  WHITESPACE@33..34 "\n"
                  PP_ELSE@34..39
                    HASH@34..35 "#"
                    IDENT@35..39 "else"
                  WHITESPACE@39..42 "\n  "
                  EXPR_STMT@42..54
                    PATH_EXPR@42..43
                      NAME_REF@42..43
                        IDENT@42..43 "c"
                    WHITESPACE@43..44 "\n"
                    PP_ENDIF@44..50
                      HASH@44..45 "#"
                      IDENT@45..50 "endif"
                    WHITESPACE@50..53 "\n  "
                    SEMICOLON@53..54 ";"
                  WHITESPACE@54..55 "\n"
                  R_CURLY@55..56 "}"
            error E1001 42..43: unexpected identifier, expected ';' after the expression
        "##]],
    );
}

#[test]
fn hash_not_at_line_start_is_an_error() {
    check(
        "int x; #define Y 1\n",
        expect![[r##"
            SOURCE_FILE@0..19
              VAR_DECL@0..6
                PATH_TYPE@0..3
                  PATH@0..3
                    PATH_SEGMENT@0..3
                      NAME_REF@0..3
                        IDENT@0..3 "int"
                WHITESPACE@3..4 " "
                DECLARATOR@4..5
                  NAME@4..5
                    IDENT@4..5 "x"
                SEMICOLON@5..6 ";"
              WHITESPACE@6..7 " "
              HASH@7..8 "#"
              VAR_DECL@8..16
                PATH_TYPE@8..14
                  PATH@8..14
                    PATH_SEGMENT@8..14
                      NAME_REF@8..14
                        IDENT@8..14 "define"
                WHITESPACE@14..15 " "
                DECLARATOR@15..16
                  NAME@15..16
                    IDENT@15..16 "Y"
              WHITESPACE@16..17 " "
              ERROR@17..18
                INT_NUMBER@17..18 "1"
              WHITESPACE@18..19 "\n"
            error E1005 7..8: unexpected character outside a preprocessor directive
            error E1001 17..18: unexpected integer literal, expected ';' after the declaration
        "##]],
    );
}

#[test]
fn error_and_line_directives() {
    check(
        "#error don't do this\n#line 10 \"a.slang\"\n# 20\n#\n",
        expect![[r##"
        SOURCE_FILE@0..47
          PP_ERROR@0..20
            HASH@0..1 "#"
            IDENT@1..6 "error"
            WHITESPACE@6..7 " "
            PP_BODY@7..20
              IDENT@7..10 "don"
              CHAR@10..20 "'t do this"
          WHITESPACE@20..21 "\n"
          PP_LINE@21..39
            HASH@21..22 "#"
            IDENT@22..26 "line"
            WHITESPACE@26..27 " "
            PP_BODY@27..39
              INT_NUMBER@27..29 "10"
              WHITESPACE@29..30 " "
              STRING@30..39 "\"a.slang\""
          WHITESPACE@39..40 "\n"
          PP_LINE@40..44
            HASH@40..41 "#"
            WHITESPACE@41..42 " "
            PP_BODY@42..44
              INT_NUMBER@42..44 "20"
          WHITESPACE@44..45 "\n"
          PP_UNKNOWN@45..46
            HASH@45..46 "#"
          WHITESPACE@46..47 "\n"
    "##]],
    );
}

#[test]
fn directive_accessors() {
    let parse =
        crate::parse("#define SQ(x, y) ((x) * (y)) // square\n#define N 4\n#if N > 2\n#endif\n");
    let dirs: Vec<PpDirective> = parse.tree().directives().collect();
    let summary: Vec<String> = dirs
        .iter()
        .map(|d| {
            let text = parse.syntax_node().text().to_string();
            format!(
                "{:?} name={:?} macro={:?} params={:?} fnlike={} body={:?}",
                d.kind(),
                d.directive_name().map(|t| t.text().to_string()),
                d.macro_name().map(|n| n.text()),
                d.params()
                    .iter()
                    .map(|t| t.text().to_string())
                    .collect::<Vec<_>>(),
                d.is_function_like(),
                d.replacement_range().map(|r| text[r].to_string()),
            )
        })
        .collect();
    expect![[r#"
        [
            "PP_DEFINE name=Some(\"define\") macro=Some(\"SQ\") params=[\"x\", \"y\"] fnlike=true body=Some(\"((x) * (y))\")",
            "PP_DEFINE name=Some(\"define\") macro=Some(\"N\") params=[] fnlike=false body=Some(\"4\")",
            "PP_IF name=Some(\"if\") macro=None params=[] fnlike=false body=Some(\"N > 2\")",
            "PP_ENDIF name=Some(\"endif\") macro=None params=[] fnlike=false body=None",
        ]
    "#]].assert_debug_eq(&summary);
    assert!(
        dirs.iter()
            .all(|d| d.syntax().kind() != SyntaxKind::PP_UNKNOWN)
    );
}

#[test]
fn object_like_macro_with_parenthesised_body() {
    check(
        "#define X (a + b)\n#define F(a)a\n",
        expect![[r##"
        SOURCE_FILE@0..32
          PP_DEFINE@0..17
            HASH@0..1 "#"
            IDENT@1..7 "define"
            WHITESPACE@7..8 " "
            NAME@8..9
              IDENT@8..9 "X"
            WHITESPACE@9..10 " "
            PP_BODY@10..17
              L_PAREN@10..11 "("
              IDENT@11..12 "a"
              WHITESPACE@12..13 " "
              PLUS@13..14 "+"
              WHITESPACE@14..15 " "
              IDENT@15..16 "b"
              R_PAREN@16..17 ")"
          WHITESPACE@17..18 "\n"
          PP_DEFINE@18..31
            HASH@18..19 "#"
            IDENT@19..25 "define"
            WHITESPACE@25..26 " "
            NAME@26..27
              IDENT@26..27 "F"
            PP_PARAM_LIST@27..30
              L_PAREN@27..28 "("
              IDENT@28..29 "a"
              R_PAREN@29..30 ")"
            PP_BODY@30..31
              IDENT@30..31 "a"
          WHITESPACE@31..32 "\n"
    "##]],
    );
}
