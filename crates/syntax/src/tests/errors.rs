//! Broken inputs: each must give a useful error and leave the following code intact.

use super::check;
use expect_test::expect;

#[test]
fn missing_initializer() {
    check(
        "void f() { float x = ; int y = 2; }",
        expect![[r#"
            SOURCE_FILE@0..35
              FN@0..35
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
                BLOCK@9..35
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..22
                    PATH_TYPE@11..16
                      PATH@11..16
                        PATH_SEGMENT@11..16
                          NAME_REF@11..16
                            IDENT@11..16 "float"
                    WHITESPACE@16..17 " "
                    DECLARATOR@17..20
                      NAME@17..18
                        IDENT@17..18 "x"
                      WHITESPACE@18..19 " "
                      EQ@19..20 "="
                    WHITESPACE@20..21 " "
                    SEMICOLON@21..22 ";"
                  WHITESPACE@22..23 " "
                  VAR_DECL@23..33
                    PATH_TYPE@23..26
                      PATH@23..26
                        PATH_SEGMENT@23..26
                          NAME_REF@23..26
                            IDENT@23..26 "int"
                    WHITESPACE@26..27 " "
                    DECLARATOR@27..32
                      NAME@27..28
                        IDENT@27..28 "y"
                      WHITESPACE@28..29 " "
                      EQ@29..30 "="
                      WHITESPACE@30..31 " "
                      LITERAL@31..32
                        INT_NUMBER@31..32 "2"
                    SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  R_CURLY@34..35 "}"
            error E1001 21..22: unexpected ';', expected an expression
        "#]],
    );
}

#[test]
fn unclosed_if_condition() {
    check(
        "void f() { if ( }\nvoid g() {}",
        expect![[r#"
            SOURCE_FILE@0..29
              FN@0..17
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
                BLOCK@9..17
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  IF_STMT@11..15
                    IF_KW@11..13 "if"
                    WHITESPACE@13..14 " "
                    L_PAREN@14..15 "("
                  WHITESPACE@15..16 " "
                  R_CURLY@16..17 "}"
              WHITESPACE@17..18 "\n"
              FN@18..29
                PATH_TYPE@18..22
                  PATH@18..22
                    PATH_SEGMENT@18..22
                      NAME_REF@18..22
                        IDENT@18..22 "void"
                WHITESPACE@22..23 " "
                NAME@23..24
                  IDENT@23..24 "g"
                PARAM_LIST@24..26
                  L_PAREN@24..25 "("
                  R_PAREN@25..26 ")"
                WHITESPACE@26..27 " "
                BLOCK@27..29
                  L_CURLY@27..28 "{"
                  R_CURLY@28..29 "}"
            error E1001 16..17: unexpected '}', expected an expression
        "#]],
    );
}

#[test]
fn struct_at_eof() {
    check(
        "struct S {",
        expect![[r#"
            SOURCE_FILE@0..10
              STRUCT@0..10
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                MEMBER_LIST@9..10
                  L_CURLY@9..10 "{"
            error E1001 10..10: unexpected end of file, expected '}' to close the body
        "#]],
    );
}

#[test]
fn missing_semicolon_between_statements() {
    check(
        "void f() { a = 1\n b = 2; }",
        expect![[r#"
            SOURCE_FILE@0..26
              FN@0..26
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
                BLOCK@9..26
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..16
                    BIN_EXPR@11..16
                      PATH_EXPR@11..12
                        NAME_REF@11..12
                          IDENT@11..12 "a"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      LITERAL@15..16
                        INT_NUMBER@15..16 "1"
                  WHITESPACE@16..18 "\n "
                  EXPR_STMT@18..24
                    BIN_EXPR@18..23
                      PATH_EXPR@18..19
                        NAME_REF@18..19
                          IDENT@18..19 "b"
                      WHITESPACE@19..20 " "
                      EQ@20..21 "="
                      WHITESPACE@21..22 " "
                      LITERAL@22..23
                        INT_NUMBER@22..23 "2"
                    SEMICOLON@23..24 ";"
                  WHITESPACE@24..25 " "
                  R_CURLY@25..26 "}"
            error E1001 18..19: unexpected identifier, expected ';' after the expression
        "#]],
    );
}

#[test]
fn missing_close_brace_before_next_function() {
    check(
        "void f() {\n  x = 1;\nvoid g() { y = 2; }\n",
        expect![[r#"
            SOURCE_FILE@0..40
              FN@0..19
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
                BLOCK@9..19
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..13 "\n  "
                  EXPR_STMT@13..19
                    BIN_EXPR@13..18
                      PATH_EXPR@13..14
                        NAME_REF@13..14
                          IDENT@13..14 "x"
                      WHITESPACE@14..15 " "
                      EQ@15..16 "="
                      WHITESPACE@16..17 " "
                      LITERAL@17..18
                        INT_NUMBER@17..18 "1"
                    SEMICOLON@18..19 ";"
              WHITESPACE@19..20 "\n"
              FN@20..39
                PATH_TYPE@20..24
                  PATH@20..24
                    PATH_SEGMENT@20..24
                      NAME_REF@20..24
                        IDENT@20..24 "void"
                WHITESPACE@24..25 " "
                NAME@25..26
                  IDENT@25..26 "g"
                PARAM_LIST@26..28
                  L_PAREN@26..27 "("
                  R_PAREN@27..28 ")"
                WHITESPACE@28..29 " "
                BLOCK@29..39
                  L_CURLY@29..30 "{"
                  WHITESPACE@30..31 " "
                  EXPR_STMT@31..37
                    BIN_EXPR@31..36
                      PATH_EXPR@31..32
                        NAME_REF@31..32
                          IDENT@31..32 "y"
                      WHITESPACE@32..33 " "
                      EQ@33..34 "="
                      WHITESPACE@34..35 " "
                      LITERAL@35..36
                        INT_NUMBER@35..36 "2"
                    SEMICOLON@36..37 ";"
                  WHITESPACE@37..38 " "
                  R_CURLY@38..39 "}"
              WHITESPACE@39..40 "\n"
            error E1001 20..24: unexpected identifier, expected '}' to close the block
        "#]],
    );
}

#[test]
fn missing_close_paren_in_call() {
    check(
        "void f() { g(1, 2; h(); }",
        expect![[r#"
            SOURCE_FILE@0..25
              FN@0..25
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
                BLOCK@9..25
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..18
                    CALL_EXPR@11..17
                      PATH_EXPR@11..12
                        NAME_REF@11..12
                          IDENT@11..12 "g"
                      ARG_LIST@12..17
                        L_PAREN@12..13 "("
                        LITERAL@13..14
                          INT_NUMBER@13..14 "1"
                        COMMA@14..15 ","
                        WHITESPACE@15..16 " "
                        LITERAL@16..17
                          INT_NUMBER@16..17 "2"
                    SEMICOLON@17..18 ";"
                  WHITESPACE@18..19 " "
                  EXPR_STMT@19..23
                    CALL_EXPR@19..22
                      PATH_EXPR@19..20
                        NAME_REF@19..20
                          IDENT@19..20 "h"
                      ARG_LIST@20..22
                        L_PAREN@20..21 "("
                        R_PAREN@21..22 ")"
                    SEMICOLON@22..23 ";"
                  WHITESPACE@23..24 " "
                  R_CURLY@24..25 "}"
            error E1001 17..18: unexpected ';', expected ')' to close the argument list
        "#]],
    );
}

#[test]
fn missing_function_body() {
    check(
        "float f(float x)\nfloat g() { return 1; }",
        expect![[r#"
            SOURCE_FILE@0..40
              FN@0..16
                PATH_TYPE@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "f"
                PARAM_LIST@7..16
                  L_PAREN@7..8 "("
                  PARAM@8..15
                    PATH_TYPE@8..13
                      PATH@8..13
                        PATH_SEGMENT@8..13
                          NAME_REF@8..13
                            IDENT@8..13 "float"
                    WHITESPACE@13..14 " "
                    NAME@14..15
                      IDENT@14..15 "x"
                  R_PAREN@15..16 ")"
              WHITESPACE@16..17 "\n"
              FN@17..40
                PATH_TYPE@17..22
                  PATH@17..22
                    PATH_SEGMENT@17..22
                      NAME_REF@17..22
                        IDENT@17..22 "float"
                WHITESPACE@22..23 " "
                NAME@23..24
                  IDENT@23..24 "g"
                PARAM_LIST@24..26
                  L_PAREN@24..25 "("
                  R_PAREN@25..26 ")"
                WHITESPACE@26..27 " "
                BLOCK@27..40
                  L_CURLY@27..28 "{"
                  WHITESPACE@28..29 " "
                  RETURN_STMT@29..38
                    RETURN_KW@29..35 "return"
                    WHITESPACE@35..36 " "
                    LITERAL@36..37
                      INT_NUMBER@36..37 "1"
                    SEMICOLON@37..38 ";"
                  WHITESPACE@38..39 " "
                  R_CURLY@39..40 "}"
            error E1001 17..22: unexpected identifier, expected '{' or ';' after the function signature
        "#]],
    );
}

#[test]
fn garbage_between_functions() {
    check(
        "void f() {}\n+++ 123 garbage ) ;\nvoid g() {}",
        expect![[r#"
            SOURCE_FILE@0..43
              FN@0..11
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
                BLOCK@9..11
                  L_CURLY@9..10 "{"
                  R_CURLY@10..11 "}"
              WHITESPACE@11..12 "\n"
              ERROR@12..31
                PLUS2@12..14 "++"
                PLUS@14..15 "+"
                WHITESPACE@15..16 " "
                INT_NUMBER@16..19 "123"
                WHITESPACE@19..20 " "
                IDENT@20..27 "garbage"
                WHITESPACE@27..28 " "
                R_PAREN@28..29 ")"
                WHITESPACE@29..30 " "
                SEMICOLON@30..31 ";"
              WHITESPACE@31..32 "\n"
              FN@32..43
                PATH_TYPE@32..36
                  PATH@32..36
                    PATH_SEGMENT@32..36
                      NAME_REF@32..36
                        IDENT@32..36 "void"
                WHITESPACE@36..37 " "
                NAME@37..38
                  IDENT@37..38 "g"
                PARAM_LIST@38..40
                  L_PAREN@38..39 "("
                  R_PAREN@39..40 ")"
                WHITESPACE@40..41 " "
                BLOCK@41..43
                  L_CURLY@41..42 "{"
                  R_CURLY@42..43 "}"
            error E1001 12..14: unexpected '++', expected a declaration (a function, struct, variable, ...)
        "#]],
    );
}

#[test]
fn unterminated_block_comment() {
    check(
        "void f() {} /* oops",
        expect![[r#"
        SOURCE_FILE@0..19
          FN@0..11
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
            BLOCK@9..11
              L_CURLY@9..10 "{"
              R_CURLY@10..11 "}"
          WHITESPACE@11..12 " "
          COMMENT@12..19 "/* oops"
        error E1002 12..19: unterminated block comment: add `*/` to close it
    "#]],
    );
}

#[test]
fn unterminated_string() {
    check(
        "void f() { printf(\"abc); }\nvoid g() {}",
        expect![[r#"
            SOURCE_FILE@0..38
              FN@0..26
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
                BLOCK@9..26
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..26
                    CALL_EXPR@11..26
                      PATH_EXPR@11..17
                        NAME_REF@11..17
                          IDENT@11..17 "printf"
                      ARG_LIST@17..26
                        L_PAREN@17..18 "("
                        LITERAL@18..26
                          STRING@18..26 "\"abc); }"
              WHITESPACE@26..27 "\n"
              FN@27..38
                PATH_TYPE@27..31
                  PATH@27..31
                    PATH_SEGMENT@27..31
                      NAME_REF@27..31
                        IDENT@27..31 "void"
                WHITESPACE@31..32 " "
                NAME@32..33
                  IDENT@32..33 "g"
                PARAM_LIST@33..35
                  L_PAREN@33..34 "("
                  R_PAREN@34..35 ")"
                WHITESPACE@35..36 " "
                BLOCK@36..38
                  L_CURLY@36..37 "{"
                  R_CURLY@37..38 "}"
            error E1003 18..26: unterminated string literal: add a closing `"`
            error E1001 27..31: unexpected identifier, expected ',' or ')' in the argument list
        "#]],
    );
}

#[test]
fn half_typed_declaration() {
    check(
        "void f() { float3 }\nvoid g() {}",
        expect![[r#"
            SOURCE_FILE@0..31
              FN@0..19
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
                BLOCK@9..19
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..17
                    PATH_EXPR@11..17
                      NAME_REF@11..17
                        IDENT@11..17 "float3"
                  WHITESPACE@17..18 " "
                  R_CURLY@18..19 "}"
              WHITESPACE@19..20 "\n"
              FN@20..31
                PATH_TYPE@20..24
                  PATH@20..24
                    PATH_SEGMENT@20..24
                      NAME_REF@20..24
                        IDENT@20..24 "void"
                WHITESPACE@24..25 " "
                NAME@25..26
                  IDENT@25..26 "g"
                PARAM_LIST@26..28
                  L_PAREN@26..27 "("
                  R_PAREN@27..28 ")"
                WHITESPACE@28..29 " "
                BLOCK@29..31
                  L_CURLY@29..30 "{"
                  R_CURLY@30..31 "}"
            error E1001 18..19: unexpected '}', expected ';' after the expression
        "#]],
    );
}

#[test]
fn half_typed_member_access() {
    check(
        "void f() { x = a. ; y = 1; }",
        expect![[r#"
            SOURCE_FILE@0..28
              FN@0..28
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
                BLOCK@9..28
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..19
                    BIN_EXPR@11..17
                      PATH_EXPR@11..12
                        NAME_REF@11..12
                          IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      FIELD_EXPR@15..17
                        PATH_EXPR@15..16
                          NAME_REF@15..16
                            IDENT@15..16 "a"
                        DOT@16..17 "."
                    WHITESPACE@17..18 " "
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  EXPR_STMT@20..26
                    BIN_EXPR@20..25
                      PATH_EXPR@20..21
                        NAME_REF@20..21
                          IDENT@20..21 "y"
                      WHITESPACE@21..22 " "
                      EQ@22..23 "="
                      WHITESPACE@23..24 " "
                      LITERAL@24..25
                        INT_NUMBER@24..25 "1"
                    SEMICOLON@25..26 ";"
                  WHITESPACE@26..27 " "
                  R_CURLY@27..28 "}"
            error E1001 18..19: unexpected ';', expected a member name after '.'
        "#]],
    );
}

#[test]
fn stray_close_brace_at_top_level() {
    check(
        "}\nvoid g() {}",
        expect![[r#"
            SOURCE_FILE@0..13
              ERROR@0..1
                R_CURLY@0..1 "}"
              WHITESPACE@1..2 "\n"
              FN@2..13
                PATH_TYPE@2..6
                  PATH@2..6
                    PATH_SEGMENT@2..6
                      NAME_REF@2..6
                        IDENT@2..6 "void"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "g"
                PARAM_LIST@8..10
                  L_PAREN@8..9 "("
                  R_PAREN@9..10 ")"
                WHITESPACE@10..11 " "
                BLOCK@11..13
                  L_CURLY@11..12 "{"
                  R_CURLY@12..13 "}"
            error E1001 0..1: unexpected '}', expected a declaration (a function, struct, variable, ...)
        "#]],
    );
}

#[test]
fn stray_tokens_in_struct() {
    check(
        "struct S { float a; 123; float b; }",
        expect![[r#"
            SOURCE_FILE@0..35
              STRUCT@0..35
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                MEMBER_LIST@9..35
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..19
                    PATH_TYPE@11..16
                      PATH@11..16
                        PATH_SEGMENT@11..16
                          NAME_REF@11..16
                            IDENT@11..16 "float"
                    WHITESPACE@16..17 " "
                    DECLARATOR@17..18
                      NAME@17..18
                        IDENT@17..18 "a"
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  ERROR@20..24
                    INT_NUMBER@20..23 "123"
                    SEMICOLON@23..24 ";"
                  WHITESPACE@24..25 " "
                  VAR_DECL@25..33
                    PATH_TYPE@25..30
                      PATH@25..30
                        PATH_SEGMENT@25..30
                          NAME_REF@25..30
                            IDENT@25..30 "float"
                    WHITESPACE@30..31 " "
                    DECLARATOR@31..32
                      NAME@31..32
                        IDENT@31..32 "b"
                    SEMICOLON@32..33 ";"
                  WHITESPACE@33..34 " "
                  R_CURLY@34..35 "}"
            error E1001 20..23: unexpected integer literal, expected a declaration (a function, struct, variable, ...)
        "#]],
    );
}

#[test]
fn missing_semicolon_after_field() {
    check(
        "struct S { float a\n float b; }",
        expect![[r#"
            SOURCE_FILE@0..30
              STRUCT@0..30
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                MEMBER_LIST@9..30
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..18
                    PATH_TYPE@11..16
                      PATH@11..16
                        PATH_SEGMENT@11..16
                          NAME_REF@11..16
                            IDENT@11..16 "float"
                    WHITESPACE@16..17 " "
                    DECLARATOR@17..18
                      NAME@17..18
                        IDENT@17..18 "a"
                  WHITESPACE@18..20 "\n "
                  VAR_DECL@20..28
                    PATH_TYPE@20..25
                      PATH@20..25
                        PATH_SEGMENT@20..25
                          NAME_REF@20..25
                            IDENT@20..25 "float"
                    WHITESPACE@25..26 " "
                    DECLARATOR@26..27
                      NAME@26..27
                        IDENT@26..27 "b"
                    SEMICOLON@27..28 ";"
                  WHITESPACE@28..29 " "
                  R_CURLY@29..30 "}"
            error E1001 20..25: unexpected identifier, expected ';' after the declaration
        "#]],
    );
}

#[test]
fn incomplete_generic_constraint() {
    check(
        "T f<T : >(T x) { return x; }",
        expect![[r#"
            SOURCE_FILE@0..28
              FN@0..28
                PATH_TYPE@0..1
                  PATH@0..1
                    PATH_SEGMENT@0..1
                      NAME_REF@0..1
                        IDENT@0..1 "T"
                WHITESPACE@1..2 " "
                NAME@2..3
                  IDENT@2..3 "f"
                GENERIC_PARAM_LIST@3..9
                  LT@3..4 "<"
                  TYPE_PARAM@4..7
                    NAME@4..5
                      IDENT@4..5 "T"
                    WHITESPACE@5..6 " "
                    COLON@6..7 ":"
                  WHITESPACE@7..8 " "
                  GT@8..9 ">"
                PARAM_LIST@9..14
                  L_PAREN@9..10 "("
                  PARAM@10..13
                    PATH_TYPE@10..11
                      PATH@10..11
                        PATH_SEGMENT@10..11
                          NAME_REF@10..11
                            IDENT@10..11 "T"
                    WHITESPACE@11..12 " "
                    NAME@12..13
                      IDENT@12..13 "x"
                  R_PAREN@13..14 ")"
                WHITESPACE@14..15 " "
                BLOCK@15..28
                  L_CURLY@15..16 "{"
                  WHITESPACE@16..17 " "
                  RETURN_STMT@17..26
                    RETURN_KW@17..23 "return"
                    WHITESPACE@23..24 " "
                    PATH_EXPR@24..25
                      NAME_REF@24..25
                        IDENT@24..25 "x"
                    SEMICOLON@25..26 ";"
                  WHITESPACE@26..27 " "
                  R_CURLY@27..28 "}"
            error E1001 8..9: unexpected '>', expected a type
        "#]],
    );
}

#[test]
fn missing_parameter() {
    check(
        "void f(, float x) {}",
        expect![[r#"
            SOURCE_FILE@0..20
              FN@0..20
                PATH_TYPE@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                PARAM_LIST@6..17
                  L_PAREN@6..7 "("
                  PARAM@7..7
                  ERROR@7..8
                    COMMA@7..8 ","
                  WHITESPACE@8..9 " "
                  PARAM@9..16
                    PATH_TYPE@9..14
                      PATH@9..14
                        PATH_SEGMENT@9..14
                          NAME_REF@9..14
                            IDENT@9..14 "float"
                    WHITESPACE@14..15 " "
                    NAME@15..16
                      IDENT@15..16 "x"
                  R_PAREN@16..17 ")"
                WHITESPACE@17..18 " "
                BLOCK@18..20
                  L_CURLY@18..19 "{"
                  R_CURLY@19..20 "}"
            error E1001 7..8: unexpected ',', expected a parameter
        "#]],
    );
}

#[test]
fn unclosed_attribute() {
    check(
        "[numthreads(8, 1, 1)\nvoid main() {}",
        expect![[r#"
            SOURCE_FILE@0..35
              FN@0..35
                ATTRIBUTE@0..20
                  L_BRACK@0..1 "["
                  PATH@1..11
                    PATH_SEGMENT@1..11
                      NAME_REF@1..11
                        IDENT@1..11 "numthreads"
                  ARG_LIST@11..20
                    L_PAREN@11..12 "("
                    LITERAL@12..13
                      INT_NUMBER@12..13 "8"
                    COMMA@13..14 ","
                    WHITESPACE@14..15 " "
                    LITERAL@15..16
                      INT_NUMBER@15..16 "1"
                    COMMA@16..17 ","
                    WHITESPACE@17..18 " "
                    LITERAL@18..19
                      INT_NUMBER@18..19 "1"
                    R_PAREN@19..20 ")"
                WHITESPACE@20..21 "\n"
                PATH_TYPE@21..25
                  PATH@21..25
                    PATH_SEGMENT@21..25
                      NAME_REF@21..25
                        IDENT@21..25 "void"
                WHITESPACE@25..26 " "
                NAME@26..30
                  IDENT@26..30 "main"
                PARAM_LIST@30..32
                  L_PAREN@30..31 "("
                  R_PAREN@31..32 ")"
                WHITESPACE@32..33 " "
                BLOCK@33..35
                  L_CURLY@33..34 "{"
                  R_CURLY@34..35 "}"
            error E1001 21..25: unexpected identifier, expected ']' to close the attribute
        "#]],
    );
}

#[test]
fn for_header_missing_semicolon() {
    check(
        "void f() { for (int i = 0; i < 4 i++) {} x = 1; }",
        expect![[r#"
            SOURCE_FILE@0..49
              FN@0..49
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
                BLOCK@9..49
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  FOR_STMT@11..40
                    FOR_KW@11..14 "for"
                    WHITESPACE@14..15 " "
                    L_PAREN@15..16 "("
                    VAR_DECL@16..26
                      PATH_TYPE@16..19
                        PATH@16..19
                          PATH_SEGMENT@16..19
                            NAME_REF@16..19
                              IDENT@16..19 "int"
                      WHITESPACE@19..20 " "
                      DECLARATOR@20..25
                        NAME@20..21
                          IDENT@20..21 "i"
                        WHITESPACE@21..22 " "
                        EQ@22..23 "="
                        WHITESPACE@23..24 " "
                        LITERAL@24..25
                          INT_NUMBER@24..25 "0"
                      SEMICOLON@25..26 ";"
                    WHITESPACE@26..27 " "
                    BIN_EXPR@27..32
                      PATH_EXPR@27..28
                        NAME_REF@27..28
                          IDENT@27..28 "i"
                      WHITESPACE@28..29 " "
                      LT@29..30 "<"
                      WHITESPACE@30..31 " "
                      LITERAL@31..32
                        INT_NUMBER@31..32 "4"
                    WHITESPACE@32..33 " "
                    POSTFIX_EXPR@33..36
                      PATH_EXPR@33..34
                        NAME_REF@33..34
                          IDENT@33..34 "i"
                      PLUS2@34..36 "++"
                    R_PAREN@36..37 ")"
                    WHITESPACE@37..38 " "
                    BLOCK@38..40
                      L_CURLY@38..39 "{"
                      R_CURLY@39..40 "}"
                  WHITESPACE@40..41 " "
                  EXPR_STMT@41..47
                    BIN_EXPR@41..46
                      PATH_EXPR@41..42
                        NAME_REF@41..42
                          IDENT@41..42 "x"
                      WHITESPACE@42..43 " "
                      EQ@43..44 "="
                      WHITESPACE@44..45 " "
                      LITERAL@45..46
                        INT_NUMBER@45..46 "1"
                    SEMICOLON@46..47 ";"
                  WHITESPACE@47..48 " "
                  R_CURLY@48..49 "}"
            error E1001 33..34: unexpected identifier, expected ';' after the loop condition
        "#]],
    );
}

#[test]
fn while_without_parens() {
    check(
        "void f() { while x > 0 { x--; } }",
        expect![[r#"
            SOURCE_FILE@0..33
              FN@0..33
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
                BLOCK@9..33
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  WHILE_STMT@11..31
                    WHILE_KW@11..16 "while"
                    WHITESPACE@16..17 " "
                    BIN_EXPR@17..22
                      PATH_EXPR@17..18
                        NAME_REF@17..18
                          IDENT@17..18 "x"
                      WHITESPACE@18..19 " "
                      GT@19..20 ">"
                      WHITESPACE@20..21 " "
                      LITERAL@21..22
                        INT_NUMBER@21..22 "0"
                    WHITESPACE@22..23 " "
                    BLOCK@23..31
                      L_CURLY@23..24 "{"
                      WHITESPACE@24..25 " "
                      EXPR_STMT@25..29
                        POSTFIX_EXPR@25..28
                          PATH_EXPR@25..26
                            NAME_REF@25..26
                              IDENT@25..26 "x"
                          MINUS2@26..28 "--"
                        SEMICOLON@28..29 ";"
                      WHITESPACE@29..30 " "
                      R_CURLY@30..31 "}"
                  WHITESPACE@31..32 " "
                  R_CURLY@32..33 "}"
            error E1001 17..18: unexpected identifier, expected '(' and a condition
        "#]],
    );
}

#[test]
fn else_without_if() {
    check(
        "void f() { else x = 1; y = 2; }",
        expect![[r#"
            SOURCE_FILE@0..31
              FN@0..31
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
                BLOCK@9..31
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  ERROR@11..15
                    ELSE_KW@11..15 "else"
                  WHITESPACE@15..16 " "
                  EXPR_STMT@16..22
                    BIN_EXPR@16..21
                      PATH_EXPR@16..17
                        NAME_REF@16..17
                          IDENT@16..17 "x"
                      WHITESPACE@17..18 " "
                      EQ@18..19 "="
                      WHITESPACE@19..20 " "
                      LITERAL@20..21
                        INT_NUMBER@20..21 "1"
                    SEMICOLON@21..22 ";"
                  WHITESPACE@22..23 " "
                  EXPR_STMT@23..29
                    BIN_EXPR@23..28
                      PATH_EXPR@23..24
                        NAME_REF@23..24
                          IDENT@23..24 "y"
                      WHITESPACE@24..25 " "
                      EQ@25..26 "="
                      WHITESPACE@26..27 " "
                      LITERAL@27..28
                        INT_NUMBER@27..28 "2"
                    SEMICOLON@28..29 ";"
                  WHITESPACE@29..30 " "
                  R_CURLY@30..31 "}"
            error E1001 11..15: 'else' without a matching 'if': remove it or add the 'if'
        "#]],
    );
}

#[test]
fn case_outside_switch() {
    check(
        "void f() { case 1: x = 1; }",
        expect![[r#"
            SOURCE_FILE@0..27
              FN@0..27
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
                BLOCK@9..27
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  ERROR@11..18
                    CASE_KW@11..15 "case"
                    WHITESPACE@15..16 " "
                    LITERAL@16..17
                      INT_NUMBER@16..17 "1"
                    COLON@17..18 ":"
                  WHITESPACE@18..19 " "
                  EXPR_STMT@19..25
                    BIN_EXPR@19..24
                      PATH_EXPR@19..20
                        NAME_REF@19..20
                          IDENT@19..20 "x"
                      WHITESPACE@20..21 " "
                      EQ@21..22 "="
                      WHITESPACE@22..23 " "
                      LITERAL@23..24
                        INT_NUMBER@23..24 "1"
                    SEMICOLON@24..25 ";"
                  WHITESPACE@25..26 " "
                  R_CURLY@26..27 "}"
            error E1001 11..15: 'case' and 'default' labels belong inside a 'switch' body
        "#]],
    );
}

#[test]
fn binary_operator_missing_operand() {
    check(
        "void f() { x = a + ; y = 1; }",
        expect![[r#"
            SOURCE_FILE@0..29
              FN@0..29
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
                BLOCK@9..29
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..20
                    BIN_EXPR@11..18
                      PATH_EXPR@11..12
                        NAME_REF@11..12
                          IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      BIN_EXPR@15..18
                        PATH_EXPR@15..16
                          NAME_REF@15..16
                            IDENT@15..16 "a"
                        WHITESPACE@16..17 " "
                        PLUS@17..18 "+"
                    WHITESPACE@18..19 " "
                    SEMICOLON@19..20 ";"
                  WHITESPACE@20..21 " "
                  EXPR_STMT@21..27
                    BIN_EXPR@21..26
                      PATH_EXPR@21..22
                        NAME_REF@21..22
                          IDENT@21..22 "y"
                      WHITESPACE@22..23 " "
                      EQ@23..24 "="
                      WHITESPACE@24..25 " "
                      LITERAL@25..26
                        INT_NUMBER@25..26 "1"
                    SEMICOLON@26..27 ";"
                  WHITESPACE@27..28 " "
                  R_CURLY@28..29 "}"
            error E1001 19..20: unexpected ';', expected an expression
        "#]],
    );
}

#[test]
fn ternary_missing_colon() {
    check(
        "void f() { x = c ? a ; }",
        expect![[r#"
            SOURCE_FILE@0..24
              FN@0..24
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
                BLOCK@9..24
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..22
                    BIN_EXPR@11..20
                      PATH_EXPR@11..12
                        NAME_REF@11..12
                          IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      TERNARY_EXPR@15..20
                        PATH_EXPR@15..16
                          NAME_REF@15..16
                            IDENT@15..16 "c"
                        WHITESPACE@16..17 " "
                        QUESTION@17..18 "?"
                        WHITESPACE@18..19 " "
                        PATH_EXPR@19..20
                          NAME_REF@19..20
                            IDENT@19..20 "a"
                    WHITESPACE@20..21 " "
                    SEMICOLON@21..22 ";"
                  WHITESPACE@22..23 " "
                  R_CURLY@23..24 "}"
            error E1001 21..22: unexpected ';', expected ':' and the else-value of the conditional expression
        "#]],
    );
}

#[test]
fn unknown_characters() {
    check(
        "float x = 1 $ 2;\nfloat y = 3 @;",
        expect![[r#"
            SOURCE_FILE@0..31
              VAR_DECL@0..11
                PATH_TYPE@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                DECLARATOR@6..11
                  NAME@6..7
                    IDENT@6..7 "x"
                  WHITESPACE@7..8 " "
                  EQ@8..9 "="
                  WHITESPACE@9..10 " "
                  LITERAL@10..11
                    INT_NUMBER@10..11 "1"
              WHITESPACE@11..12 " "
              ERROR@12..13 "$"
              WHITESPACE@13..14 " "
              ERROR@14..16
                INT_NUMBER@14..15 "2"
                SEMICOLON@15..16 ";"
              WHITESPACE@16..17 "\n"
              VAR_DECL@17..31
                PATH_TYPE@17..22
                  PATH@17..22
                    PATH_SEGMENT@17..22
                      NAME_REF@17..22
                        IDENT@17..22 "float"
                WHITESPACE@22..23 " "
                DECLARATOR@23..28
                  NAME@23..24
                    IDENT@23..24 "y"
                  WHITESPACE@24..25 " "
                  EQ@25..26 "="
                  WHITESPACE@26..27 " "
                  LITERAL@27..28
                    INT_NUMBER@27..28 "3"
                WHITESPACE@28..29 " "
                AT@29..30 "@"
                SEMICOLON@30..31 ";"
            error E1005 12..13: unexpected character outside a preprocessor directive
            error E1001 14..15: unexpected integer literal, expected ';' after the declaration
            error E1005 29..30: unexpected character outside a preprocessor directive
        "#]],
    );
}

#[test]
fn malformed_numbers() {
    check(
        "void f() { a = 0x; b = 1e; c = 12abc; d = 09; e = 1.5q; }",
        expect![[r#"
        SOURCE_FILE@0..57
          FN@0..57
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
            BLOCK@9..57
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..18
                BIN_EXPR@11..17
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "a"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  LITERAL@15..17
                    INT_NUMBER@15..17 "0x"
                SEMICOLON@17..18 ";"
              WHITESPACE@18..19 " "
              EXPR_STMT@19..26
                BIN_EXPR@19..25
                  PATH_EXPR@19..20
                    NAME_REF@19..20
                      IDENT@19..20 "b"
                  WHITESPACE@20..21 " "
                  EQ@21..22 "="
                  WHITESPACE@22..23 " "
                  LITERAL@23..25
                    FLOAT_NUMBER@23..25 "1e"
                SEMICOLON@25..26 ";"
              WHITESPACE@26..27 " "
              EXPR_STMT@27..37
                BIN_EXPR@27..36
                  PATH_EXPR@27..28
                    NAME_REF@27..28
                      IDENT@27..28 "c"
                  WHITESPACE@28..29 " "
                  EQ@29..30 "="
                  WHITESPACE@30..31 " "
                  LITERAL@31..36
                    INT_NUMBER@31..36 "12abc"
                SEMICOLON@36..37 ";"
              WHITESPACE@37..38 " "
              EXPR_STMT@38..45
                BIN_EXPR@38..44
                  PATH_EXPR@38..39
                    NAME_REF@38..39
                      IDENT@38..39 "d"
                  WHITESPACE@39..40 " "
                  EQ@40..41 "="
                  WHITESPACE@41..42 " "
                  LITERAL@42..44
                    INT_NUMBER@42..44 "09"
                SEMICOLON@44..45 ";"
              WHITESPACE@45..46 " "
              EXPR_STMT@46..55
                BIN_EXPR@46..54
                  PATH_EXPR@46..47
                    NAME_REF@46..47
                      IDENT@46..47 "e"
                  WHITESPACE@47..48 " "
                  EQ@48..49 "="
                  WHITESPACE@49..50 " "
                  LITERAL@50..54
                    FLOAT_NUMBER@50..54 "1.5q"
                SEMICOLON@54..55 ";"
              WHITESPACE@55..56 " "
              R_CURLY@56..57 "}"
        error E1006 15..17: malformed hexadecimal literal: expected digits after `0x`
        error E1006 23..25: malformed float literal: expected digits in the exponent
        error E1006 31..36: malformed integer literal: unknown suffix (use `u`, `l`, `ll` or `ull`)
        error E1006 42..44: malformed octal literal: digits 8 and 9 are not octal
        error E1006 50..54: malformed float literal: unknown suffix (use `f`, `h`, `l` or `lf`)
    "#]],
    );
}

#[test]
fn malformed_directives() {
    check(
        "#define\n#foo bar\n#include\n#if\n#ifdef\nint x;",
        expect![[r##"
        SOURCE_FILE@0..43
          PP_DEFINE@0..7
            HASH@0..1 "#"
            IDENT@1..7 "define"
          WHITESPACE@7..8 "\n"
          PP_UNKNOWN@8..16
            HASH@8..9 "#"
            IDENT@9..12 "foo"
            WHITESPACE@12..13 " "
            PP_BODY@13..16
              IDENT@13..16 "bar"
          WHITESPACE@16..17 "\n"
          PP_INCLUDE@17..25
            HASH@17..18 "#"
            IDENT@18..25 "include"
          WHITESPACE@25..26 "\n"
          PP_IF@26..29
            HASH@26..27 "#"
            IDENT@27..29 "if"
          WHITESPACE@29..30 "\n"
          PP_IFDEF@30..36
            HASH@30..31 "#"
            IDENT@31..36 "ifdef"
          WHITESPACE@36..37 "\n"
          VAR_DECL@37..43
            PATH_TYPE@37..40
              PATH@37..40
                PATH_SEGMENT@37..40
                  NAME_REF@37..40
                    IDENT@37..40 "int"
            WHITESPACE@40..41 " "
            DECLARATOR@41..42
              NAME@41..42
                IDENT@41..42 "x"
            SEMICOLON@42..43 ";"
        error E1007 1..7: malformed directive: expected a macro name
        error E1007 9..12: malformed directive: unknown preprocessor directive
        error E1007 18..25: malformed directive: expected a file name ("file.slang" or <file>)
        error E1007 27..29: malformed directive: expected a condition
        error E1007 31..36: malformed directive: expected a macro name
    "##]],
    );
}

#[test]
fn unclosed_macro_parameters() {
    check(
        "#define F(a, b\nint x;",
        expect![[r##"
        SOURCE_FILE@0..21
          PP_DEFINE@0..14
            HASH@0..1 "#"
            IDENT@1..7 "define"
            WHITESPACE@7..8 " "
            NAME@8..9
              IDENT@8..9 "F"
            PP_PARAM_LIST@9..14
              L_PAREN@9..10 "("
              IDENT@10..11 "a"
              COMMA@11..12 ","
              WHITESPACE@12..13 " "
              IDENT@13..14 "b"
          WHITESPACE@14..15 "\n"
          VAR_DECL@15..21
            PATH_TYPE@15..18
              PATH@15..18
                PATH_SEGMENT@15..18
                  NAME_REF@15..18
                    IDENT@15..18 "int"
            WHITESPACE@18..19 " "
            DECLARATOR@19..20
              NAME@19..20
                IDENT@19..20 "x"
            SEMICOLON@20..21 ";"
        error E1007 9..10: malformed directive: expected `)` to close the macro parameters
    "##]],
    );
}

#[test]
fn interface_requirement_missing_semicolon() {
    check(
        "interface I { float f()\n float g(); }",
        expect![[r#"
            SOURCE_FILE@0..37
              INTERFACE@0..37
                INTERFACE_KW@0..9 "interface"
                WHITESPACE@9..10 " "
                NAME@10..11
                  IDENT@10..11 "I"
                WHITESPACE@11..12 " "
                MEMBER_LIST@12..37
                  L_CURLY@12..13 "{"
                  WHITESPACE@13..14 " "
                  FN@14..23
                    PATH_TYPE@14..19
                      PATH@14..19
                        PATH_SEGMENT@14..19
                          NAME_REF@14..19
                            IDENT@14..19 "float"
                    WHITESPACE@19..20 " "
                    NAME@20..21
                      IDENT@20..21 "f"
                    PARAM_LIST@21..23
                      L_PAREN@21..22 "("
                      R_PAREN@22..23 ")"
                  WHITESPACE@23..25 "\n "
                  FN@25..35
                    PATH_TYPE@25..30
                      PATH@25..30
                        PATH_SEGMENT@25..30
                          NAME_REF@25..30
                            IDENT@25..30 "float"
                    WHITESPACE@30..31 " "
                    NAME@31..32
                      IDENT@31..32 "g"
                    PARAM_LIST@32..34
                      L_PAREN@32..33 "("
                      R_PAREN@33..34 ")"
                    SEMICOLON@34..35 ";"
                  WHITESPACE@35..36 " "
                  R_CURLY@36..37 "}"
            error E1001 25..30: unexpected identifier, expected '{' or ';' after the function signature
        "#]],
    );
}

#[test]
fn enum_missing_comma() {
    check(
        "enum E { A B, C }\nint x;",
        expect![[r#"
            SOURCE_FILE@0..24
              ENUM@0..17
                ENUM_KW@0..4 "enum"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "E"
                WHITESPACE@6..7 " "
                ENUM_VARIANT_LIST@7..17
                  L_CURLY@7..8 "{"
                  WHITESPACE@8..9 " "
                  ENUM_VARIANT@9..10
                    NAME@9..10
                      IDENT@9..10 "A"
                  WHITESPACE@10..11 " "
                  ENUM_VARIANT@11..12
                    NAME@11..12
                      IDENT@11..12 "B"
                  COMMA@12..13 ","
                  WHITESPACE@13..14 " "
                  ENUM_VARIANT@14..15
                    NAME@14..15
                      IDENT@14..15 "C"
                  WHITESPACE@15..16 " "
                  R_CURLY@16..17 "}"
              WHITESPACE@17..18 "\n"
              VAR_DECL@18..24
                PATH_TYPE@18..21
                  PATH@18..21
                    PATH_SEGMENT@18..21
                      NAME_REF@18..21
                        IDENT@18..21 "int"
                WHITESPACE@21..22 " "
                DECLARATOR@22..23
                  NAME@22..23
                    IDENT@22..23 "x"
                SEMICOLON@23..24 ";"
            error E1001 11..12: unexpected identifier, expected ',' or '}' after the enum case
        "#]],
    );
}

#[test]
fn import_without_name() {
    check(
        "import ;\nint x;",
        expect![[r#"
            SOURCE_FILE@0..15
              IMPORT@0..8
                IMPORT_KW@0..6 "import"
                WHITESPACE@6..7 " "
                SEMICOLON@7..8 ";"
              WHITESPACE@8..9 "\n"
              VAR_DECL@9..15
                PATH_TYPE@9..12
                  PATH@9..12
                    PATH_SEGMENT@9..12
                      NAME_REF@9..12
                        IDENT@9..12 "int"
                WHITESPACE@12..13 " "
                DECLARATOR@13..14
                  NAME@13..14
                    IDENT@13..14 "x"
                SEMICOLON@14..15 ";"
            error E1001 7..8: unexpected ';', expected a module name or a file name string
        "#]],
    );
}

#[test]
fn extension_missing_body() {
    check(
        "extension Foo\nvoid g() {}",
        expect![[r#"
            SOURCE_FILE@0..25
              EXTENSION@0..13
                EXTENSION_KW@0..9 "extension"
                WHITESPACE@9..10 " "
                PATH_TYPE@10..13
                  PATH@10..13
                    PATH_SEGMENT@10..13
                      NAME_REF@10..13
                        IDENT@10..13 "Foo"
              WHITESPACE@13..14 "\n"
              FN@14..25
                PATH_TYPE@14..18
                  PATH@14..18
                    PATH_SEGMENT@14..18
                      NAME_REF@14..18
                        IDENT@14..18 "void"
                WHITESPACE@18..19 " "
                NAME@19..20
                  IDENT@19..20 "g"
                PARAM_LIST@20..22
                  L_PAREN@20..21 "("
                  R_PAREN@21..22 ")"
                WHITESPACE@22..23 " "
                BLOCK@23..25
                  L_CURLY@23..24 "{"
                  R_CURLY@24..25 "}"
            error E1001 14..18: unexpected identifier, expected '{' to start the extension body
        "#]],
    );
}

#[test]
fn cast_missing_operand() {
    check(
        "void f() { x = (float)-; y = 1; }",
        expect![[r#"
            SOURCE_FILE@0..33
              FN@0..33
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
                BLOCK@9..33
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..24
                    BIN_EXPR@11..23
                      PATH_EXPR@11..12
                        NAME_REF@11..12
                          IDENT@11..12 "x"
                      WHITESPACE@12..13 " "
                      EQ@13..14 "="
                      WHITESPACE@14..15 " "
                      CAST_EXPR@15..23
                        L_PAREN@15..16 "("
                        PATH_TYPE@16..21
                          PATH@16..21
                            PATH_SEGMENT@16..21
                              NAME_REF@16..21
                                IDENT@16..21 "float"
                        R_PAREN@21..22 ")"
                        PREFIX_EXPR@22..23
                          MINUS@22..23 "-"
                    SEMICOLON@23..24 ";"
                  WHITESPACE@24..25 " "
                  EXPR_STMT@25..31
                    BIN_EXPR@25..30
                      PATH_EXPR@25..26
                        NAME_REF@25..26
                          IDENT@25..26 "y"
                      WHITESPACE@26..27 " "
                      EQ@27..28 "="
                      WHITESPACE@28..29 " "
                      LITERAL@29..30
                        INT_NUMBER@29..30 "1"
                    SEMICOLON@30..31 ";"
                  WHITESPACE@31..32 " "
                  R_CURLY@32..33 "}"
            error E1001 23..24: unexpected ';', expected an expression
        "#]],
    );
}

#[test]
fn return_missing_semicolon() {
    check(
        "float f() { return x }\nvoid g() {}",
        expect![[r#"
            SOURCE_FILE@0..34
              FN@0..22
                PATH_TYPE@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                NAME@6..7
                  IDENT@6..7 "f"
                PARAM_LIST@7..9
                  L_PAREN@7..8 "("
                  R_PAREN@8..9 ")"
                WHITESPACE@9..10 " "
                BLOCK@10..22
                  L_CURLY@10..11 "{"
                  WHITESPACE@11..12 " "
                  RETURN_STMT@12..20
                    RETURN_KW@12..18 "return"
                    WHITESPACE@18..19 " "
                    PATH_EXPR@19..20
                      NAME_REF@19..20
                        IDENT@19..20 "x"
                  WHITESPACE@20..21 " "
                  R_CURLY@21..22 "}"
              WHITESPACE@22..23 "\n"
              FN@23..34
                PATH_TYPE@23..27
                  PATH@23..27
                    PATH_SEGMENT@23..27
                      NAME_REF@23..27
                        IDENT@23..27 "void"
                WHITESPACE@27..28 " "
                NAME@28..29
                  IDENT@28..29 "g"
                PARAM_LIST@29..31
                  L_PAREN@29..30 "("
                  R_PAREN@30..31 ")"
                WHITESPACE@31..32 " "
                BLOCK@32..34
                  L_CURLY@32..33 "{"
                  R_CURLY@33..34 "}"
            error E1001 21..22: unexpected '}', expected ';' after the return statement
        "#]],
    );
}

#[test]
fn unclosed_initializer_list() {
    check(
        "float a[2] = {1, 2;\nint b;",
        expect![[r#"
            SOURCE_FILE@0..26
              VAR_DECL@0..19
                PATH_TYPE@0..5
                  PATH@0..5
                    PATH_SEGMENT@0..5
                      NAME_REF@0..5
                        IDENT@0..5 "float"
                WHITESPACE@5..6 " "
                DECLARATOR@6..18
                  NAME@6..7
                    IDENT@6..7 "a"
                  ARRAY_SUFFIX@7..10
                    L_BRACK@7..8 "["
                    LITERAL@8..9
                      INT_NUMBER@8..9 "2"
                    R_BRACK@9..10 "]"
                  WHITESPACE@10..11 " "
                  EQ@11..12 "="
                  WHITESPACE@12..13 " "
                  INIT_LIST_EXPR@13..18
                    L_CURLY@13..14 "{"
                    LITERAL@14..15
                      INT_NUMBER@14..15 "1"
                    COMMA@15..16 ","
                    WHITESPACE@16..17 " "
                    LITERAL@17..18
                      INT_NUMBER@17..18 "2"
                SEMICOLON@18..19 ";"
              WHITESPACE@19..20 "\n"
              VAR_DECL@20..26
                PATH_TYPE@20..23
                  PATH@20..23
                    PATH_SEGMENT@20..23
                      NAME_REF@20..23
                        IDENT@20..23 "int"
                WHITESPACE@23..24 " "
                DECLARATOR@24..25
                  NAME@24..25
                    IDENT@24..25 "b"
                SEMICOLON@25..26 ";"
            error E1001 18..19: unexpected ';', expected '}' to close the initialiser list
        "#]],
    );
}

#[test]
fn misspelled_struct_keyword() {
    check(
        "strcut S { float x; }\nvoid g() {}",
        expect![[r#"
            SOURCE_FILE@0..33
              VAR_DECL@0..8
                PATH_TYPE@0..6
                  PATH@0..6
                    PATH_SEGMENT@0..6
                      NAME_REF@0..6
                        IDENT@0..6 "strcut"
                WHITESPACE@6..7 " "
                DECLARATOR@7..8
                  NAME@7..8
                    IDENT@7..8 "S"
              WHITESPACE@8..9 " "
              ERROR@9..21
                L_CURLY@9..10 "{"
                WHITESPACE@10..11 " "
                IDENT@11..16 "float"
                WHITESPACE@16..17 " "
                IDENT@17..18 "x"
                SEMICOLON@18..19 ";"
                WHITESPACE@19..20 " "
                R_CURLY@20..21 "}"
              WHITESPACE@21..22 "\n"
              FN@22..33
                PATH_TYPE@22..26
                  PATH@22..26
                    PATH_SEGMENT@22..26
                      NAME_REF@22..26
                        IDENT@22..26 "void"
                WHITESPACE@26..27 " "
                NAME@27..28
                  IDENT@27..28 "g"
                PARAM_LIST@28..30
                  L_PAREN@28..29 "("
                  R_PAREN@29..30 ")"
                WHITESPACE@30..31 " "
                BLOCK@31..33
                  L_CURLY@31..32 "{"
                  R_CURLY@32..33 "}"
            error E1001 9..10: unexpected '{', expected ';' after the declaration
        "#]],
    );
}

/// `let` not followed by a name is a name itself (slangc accepts `int let; let = 3;`); hir then
/// reports it undefined when nothing declares it.
#[test]
fn let_without_name_is_a_name() {
    check(
        "void f() { let = 3; var y = 1; }",
        expect![[r#"
            SOURCE_FILE@0..32
              FN@0..32
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
                BLOCK@9..32
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  EXPR_STMT@11..19
                    BIN_EXPR@11..18
                      PATH_EXPR@11..14
                        NAME_REF@11..14
                          IDENT@11..14 "let"
                      WHITESPACE@14..15 " "
                      EQ@15..16 "="
                      WHITESPACE@16..17 " "
                      LITERAL@17..18
                        INT_NUMBER@17..18 "3"
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  VAR_DECL@20..30
                    VAR_KW@20..23 "var"
                    WHITESPACE@23..24 " "
                    DECLARATOR@24..29
                      NAME@24..25
                        IDENT@24..25 "y"
                      WHITESPACE@25..26 " "
                      EQ@26..27 "="
                      WHITESPACE@27..28 " "
                      LITERAL@28..29
                        INT_NUMBER@28..29 "1"
                    SEMICOLON@29..30 ";"
                  WHITESPACE@30..31 " "
                  R_CURLY@31..32 "}"
        "#]],
    );
}

#[test]
fn missing_close_brace_of_struct_before_namespace() {
    check(
        "struct S {\n  float a;\nnamespace n { }\n",
        expect![[r#"
            SOURCE_FILE@0..38
              STRUCT@0..21
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                MEMBER_LIST@9..21
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..13 "\n  "
                  VAR_DECL@13..21
                    PATH_TYPE@13..18
                      PATH@13..18
                        PATH_SEGMENT@13..18
                          NAME_REF@13..18
                            IDENT@13..18 "float"
                    WHITESPACE@18..19 " "
                    DECLARATOR@19..20
                      NAME@19..20
                        IDENT@19..20 "a"
                    SEMICOLON@20..21 ";"
              WHITESPACE@21..22 "\n"
              NAMESPACE@22..37
                NAMESPACE_KW@22..31 "namespace"
                WHITESPACE@31..32 " "
                NAME@32..33
                  IDENT@32..33 "n"
                WHITESPACE@33..34 " "
                ITEM_LIST@34..37
                  L_CURLY@34..35 "{"
                  WHITESPACE@35..36 " "
                  R_CURLY@36..37 "}"
              WHITESPACE@37..38 "\n"
            error E1001 22..31: unexpected identifier, expected '}' to close the body
        "#]],
    );
}

#[test]
fn unclosed_paren_in_condition_keeps_body() {
    check(
        "void f() { if (a < b { x = 1; } y = 2; }",
        expect![[r#"
            SOURCE_FILE@0..40
              FN@0..40
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
                BLOCK@9..40
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  IF_STMT@11..31
                    IF_KW@11..13 "if"
                    WHITESPACE@13..14 " "
                    L_PAREN@14..15 "("
                    BIN_EXPR@15..20
                      PATH_EXPR@15..16
                        NAME_REF@15..16
                          IDENT@15..16 "a"
                      WHITESPACE@16..17 " "
                      LT@17..18 "<"
                      WHITESPACE@18..19 " "
                      PATH_EXPR@19..20
                        NAME_REF@19..20
                          IDENT@19..20 "b"
                    WHITESPACE@20..21 " "
                    BLOCK@21..31
                      L_CURLY@21..22 "{"
                      WHITESPACE@22..23 " "
                      EXPR_STMT@23..29
                        BIN_EXPR@23..28
                          PATH_EXPR@23..24
                            NAME_REF@23..24
                              IDENT@23..24 "x"
                          WHITESPACE@24..25 " "
                          EQ@25..26 "="
                          WHITESPACE@26..27 " "
                          LITERAL@27..28
                            INT_NUMBER@27..28 "1"
                        SEMICOLON@28..29 ";"
                      WHITESPACE@29..30 " "
                      R_CURLY@30..31 "}"
                  WHITESPACE@31..32 " "
                  EXPR_STMT@32..38
                    BIN_EXPR@32..37
                      PATH_EXPR@32..33
                        NAME_REF@32..33
                          IDENT@32..33 "y"
                      WHITESPACE@33..34 " "
                      EQ@34..35 "="
                      WHITESPACE@35..36 " "
                      LITERAL@36..37
                        INT_NUMBER@36..37 "2"
                    SEMICOLON@37..38 ";"
                  WHITESPACE@38..39 " "
                  R_CURLY@39..40 "}"
            error E1001 21..22: unexpected '{', expected ')' to close the condition
        "#]],
    );
}

#[test]
fn missing_close_brace_before_struct_at_column_zero() {
    check(
        "void f() {\n  if (x) {\n    y = 1;\n  }\nstruct S { int a; };\nvoid g() {}",
        expect![[r#"
        SOURCE_FILE@0..69
          FN@0..36
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
            BLOCK@9..36
              L_CURLY@9..10 "{"
              WHITESPACE@10..13 "\n  "
              IF_STMT@13..36
                IF_KW@13..15 "if"
                WHITESPACE@15..16 " "
                L_PAREN@16..17 "("
                PATH_EXPR@17..18
                  NAME_REF@17..18
                    IDENT@17..18 "x"
                R_PAREN@18..19 ")"
                WHITESPACE@19..20 " "
                BLOCK@20..36
                  L_CURLY@20..21 "{"
                  WHITESPACE@21..26 "\n    "
                  EXPR_STMT@26..32
                    BIN_EXPR@26..31
                      PATH_EXPR@26..27
                        NAME_REF@26..27
                          IDENT@26..27 "y"
                      WHITESPACE@27..28 " "
                      EQ@28..29 "="
                      WHITESPACE@29..30 " "
                      LITERAL@30..31
                        INT_NUMBER@30..31 "1"
                    SEMICOLON@31..32 ";"
                  WHITESPACE@32..35 "\n  "
                  R_CURLY@35..36 "}"
          WHITESPACE@36..37 "\n"
          STRUCT@37..57
            STRUCT_KW@37..43 "struct"
            WHITESPACE@43..44 " "
            NAME@44..45
              IDENT@44..45 "S"
            WHITESPACE@45..46 " "
            MEMBER_LIST@46..56
              L_CURLY@46..47 "{"
              WHITESPACE@47..48 " "
              VAR_DECL@48..54
                PATH_TYPE@48..51
                  PATH@48..51
                    PATH_SEGMENT@48..51
                      NAME_REF@48..51
                        IDENT@48..51 "int"
                WHITESPACE@51..52 " "
                DECLARATOR@52..53
                  NAME@52..53
                    IDENT@52..53 "a"
                SEMICOLON@53..54 ";"
              WHITESPACE@54..55 " "
              R_CURLY@55..56 "}"
            SEMICOLON@56..57 ";"
          WHITESPACE@57..58 "\n"
          FN@58..69
            PATH_TYPE@58..62
              PATH@58..62
                PATH_SEGMENT@58..62
                  NAME_REF@58..62
                    IDENT@58..62 "void"
            WHITESPACE@62..63 " "
            NAME@63..64
              IDENT@63..64 "g"
            PARAM_LIST@64..66
              L_PAREN@64..65 "("
              R_PAREN@65..66 ")"
            WHITESPACE@66..67 " "
            BLOCK@67..69
              L_CURLY@67..68 "{"
              R_CURLY@68..69 "}"
        error E1001 37..43: unexpected identifier, expected '}' to close the block
    "#]],
    );
}

/// `>` inside a generic argument closes the list even within parentheses, as in slangc
/// ("unexpected '>', expected ')'").
#[test]
fn greater_than_in_generic_argument() {
    check(
        "Foo<(N > 2)> x;",
        expect![[r#"
            SOURCE_FILE@0..15
              VAR_DECL@0..8
                PATH_TYPE@0..8
                  PATH@0..8
                    PATH_SEGMENT@0..8
                      NAME_REF@0..3
                        IDENT@0..3 "Foo"
                      GENERIC_ARG_LIST@3..8
                        LT@3..4 "<"
                        CONST_ARG@4..6
                          PAREN_EXPR@4..6
                            L_PAREN@4..5 "("
                            PATH_EXPR@5..6
                              NAME_REF@5..6
                                IDENT@5..6 "N"
                        WHITESPACE@6..7 " "
                        GT@7..8 ">"
              WHITESPACE@8..9 " "
              ERROR@9..15
                INT_NUMBER@9..10 "2"
                R_PAREN@10..11 ")"
                GT@11..12 ">"
                WHITESPACE@12..13 " "
                IDENT@13..14 "x"
                SEMICOLON@14..15 ";"
            error E1001 7..8: unexpected '>', expected ')' to close the parenthesised expression
            error E1001 9..10: unexpected integer literal, expected a name after the type
        "#]],
    );
}
