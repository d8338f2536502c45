//! Expressions: precedence, casts, generic application, autodiff operators.

use super::check;
use expect_test::expect;

fn expr(e: &str) -> String {
    format!("void f() {{ x = {e}; }}")
}

#[test]
fn precedence() {
    check(
        &expr("a || b && c | d ^ e & f == g < h << i + j * k"),
        expect![[r#"
        SOURCE_FILE@0..63
          FN@0..63
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
            BLOCK@9..63
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..61
                BIN_EXPR@11..60
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..60
                    PATH_EXPR@15..16
                      NAME_REF@15..16
                        IDENT@15..16 "a"
                    WHITESPACE@16..17 " "
                    PIPE2@17..19 "||"
                    WHITESPACE@19..20 " "
                    BIN_EXPR@20..60
                      PATH_EXPR@20..21
                        NAME_REF@20..21
                          IDENT@20..21 "b"
                      WHITESPACE@21..22 " "
                      AMP2@22..24 "&&"
                      WHITESPACE@24..25 " "
                      BIN_EXPR@25..60
                        PATH_EXPR@25..26
                          NAME_REF@25..26
                            IDENT@25..26 "c"
                        WHITESPACE@26..27 " "
                        PIPE@27..28 "|"
                        WHITESPACE@28..29 " "
                        BIN_EXPR@29..60
                          PATH_EXPR@29..30
                            NAME_REF@29..30
                              IDENT@29..30 "d"
                          WHITESPACE@30..31 " "
                          CARET@31..32 "^"
                          WHITESPACE@32..33 " "
                          BIN_EXPR@33..60
                            PATH_EXPR@33..34
                              NAME_REF@33..34
                                IDENT@33..34 "e"
                            WHITESPACE@34..35 " "
                            AMP@35..36 "&"
                            WHITESPACE@36..37 " "
                            BIN_EXPR@37..60
                              PATH_EXPR@37..38
                                NAME_REF@37..38
                                  IDENT@37..38 "f"
                              WHITESPACE@38..39 " "
                              EQ2@39..41 "=="
                              WHITESPACE@41..42 " "
                              BIN_EXPR@42..60
                                PATH_EXPR@42..43
                                  NAME_REF@42..43
                                    IDENT@42..43 "g"
                                WHITESPACE@43..44 " "
                                LT@44..45 "<"
                                WHITESPACE@45..46 " "
                                BIN_EXPR@46..60
                                  PATH_EXPR@46..47
                                    NAME_REF@46..47
                                      IDENT@46..47 "h"
                                  WHITESPACE@47..48 " "
                                  SHL@48..50 "<<"
                                  WHITESPACE@50..51 " "
                                  BIN_EXPR@51..60
                                    PATH_EXPR@51..52
                                      NAME_REF@51..52
                                        IDENT@51..52 "i"
                                    WHITESPACE@52..53 " "
                                    PLUS@53..54 "+"
                                    WHITESPACE@54..55 " "
                                    BIN_EXPR@55..60
                                      PATH_EXPR@55..56
                                        NAME_REF@55..56
                                          IDENT@55..56 "j"
                                      WHITESPACE@56..57 " "
                                      STAR@57..58 "*"
                                      WHITESPACE@58..59 " "
                                      PATH_EXPR@59..60
                                        NAME_REF@59..60
                                          IDENT@59..60 "k"
                SEMICOLON@60..61 ";"
              WHITESPACE@61..62 " "
              R_CURLY@62..63 "}"
    "#]],
    );
}

#[test]
fn assignment_is_right_associative() {
    check(
        "void f() { a = b += c; }",
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
                BIN_EXPR@11..21
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "a"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..21
                    PATH_EXPR@15..16
                      NAME_REF@15..16
                        IDENT@15..16 "b"
                    WHITESPACE@16..17 " "
                    PLUSEQ@17..19 "+="
                    WHITESPACE@19..20 " "
                    PATH_EXPR@20..21
                      NAME_REF@20..21
                        IDENT@20..21 "c"
                SEMICOLON@21..22 ";"
              WHITESPACE@22..23 " "
              R_CURLY@23..24 "}"
    "#]],
    );
}

#[test]
fn compound_assignments_and_shifts() {
    check(
        "void f() { a <<= 1; a >>= 2; b = a >> 3 >= c; }",
        expect![[r#"
        SOURCE_FILE@0..47
          FN@0..47
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
            BLOCK@9..47
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..19
                BIN_EXPR@11..18
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "a"
                  WHITESPACE@12..13 " "
                  SHLEQ@13..16 "<<="
                  WHITESPACE@16..17 " "
                  LITERAL@17..18
                    INT_NUMBER@17..18 "1"
                SEMICOLON@18..19 ";"
              WHITESPACE@19..20 " "
              EXPR_STMT@20..28
                BIN_EXPR@20..27
                  PATH_EXPR@20..21
                    NAME_REF@20..21
                      IDENT@20..21 "a"
                  WHITESPACE@21..22 " "
                  SHREQ@22..25 ">>="
                  WHITESPACE@25..26 " "
                  LITERAL@26..27
                    INT_NUMBER@26..27 "2"
                SEMICOLON@27..28 ";"
              WHITESPACE@28..29 " "
              EXPR_STMT@29..45
                BIN_EXPR@29..44
                  PATH_EXPR@29..30
                    NAME_REF@29..30
                      IDENT@29..30 "b"
                  WHITESPACE@30..31 " "
                  EQ@31..32 "="
                  WHITESPACE@32..33 " "
                  BIN_EXPR@33..44
                    BIN_EXPR@33..39
                      PATH_EXPR@33..34
                        NAME_REF@33..34
                          IDENT@33..34 "a"
                      WHITESPACE@34..35 " "
                      SHR@35..37 ">>"
                      WHITESPACE@37..38 " "
                      LITERAL@38..39
                        INT_NUMBER@38..39 "3"
                    WHITESPACE@39..40 " "
                    GTEQ@40..42 ">="
                    WHITESPACE@42..43 " "
                    PATH_EXPR@43..44
                      NAME_REF@43..44
                        IDENT@43..44 "c"
                SEMICOLON@44..45 ";"
              WHITESPACE@45..46 " "
              R_CURLY@46..47 "}"
    "#]],
    );
}

#[test]
fn ternary_nested() {
    check(
        &expr("a < 0.0 ? -1.0 : a < 2.0 ? 0.0 : 1.0"),
        expect![[r#"
        SOURCE_FILE@0..54
          FN@0..54
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
            BLOCK@9..54
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..52
                BIN_EXPR@11..51
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  TERNARY_EXPR@15..51
                    BIN_EXPR@15..22
                      PATH_EXPR@15..16
                        NAME_REF@15..16
                          IDENT@15..16 "a"
                      WHITESPACE@16..17 " "
                      LT@17..18 "<"
                      WHITESPACE@18..19 " "
                      LITERAL@19..22
                        FLOAT_NUMBER@19..22 "0.0"
                    WHITESPACE@22..23 " "
                    QUESTION@23..24 "?"
                    WHITESPACE@24..25 " "
                    PREFIX_EXPR@25..29
                      MINUS@25..26 "-"
                      LITERAL@26..29
                        FLOAT_NUMBER@26..29 "1.0"
                    WHITESPACE@29..30 " "
                    COLON@30..31 ":"
                    WHITESPACE@31..32 " "
                    TERNARY_EXPR@32..51
                      BIN_EXPR@32..39
                        PATH_EXPR@32..33
                          NAME_REF@32..33
                            IDENT@32..33 "a"
                        WHITESPACE@33..34 " "
                        LT@34..35 "<"
                        WHITESPACE@35..36 " "
                        LITERAL@36..39
                          FLOAT_NUMBER@36..39 "2.0"
                      WHITESPACE@39..40 " "
                      QUESTION@40..41 "?"
                      WHITESPACE@41..42 " "
                      LITERAL@42..45
                        FLOAT_NUMBER@42..45 "0.0"
                      WHITESPACE@45..46 " "
                      COLON@46..47 ":"
                      WHITESPACE@47..48 " "
                      LITERAL@48..51
                        FLOAT_NUMBER@48..51 "1.0"
                SEMICOLON@51..52 ";"
              WHITESPACE@52..53 " "
              R_CURLY@53..54 "}"
    "#]],
    );
}

#[test]
fn comma_in_parens() {
    check(
        &expr("(x = a, x * 2.0)"),
        expect![[r#"
        SOURCE_FILE@0..34
          FN@0..34
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
            BLOCK@9..34
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..32
                BIN_EXPR@11..31
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  PAREN_EXPR@15..31
                    L_PAREN@15..16 "("
                    BIN_EXPR@16..30
                      BIN_EXPR@16..21
                        PATH_EXPR@16..17
                          NAME_REF@16..17
                            IDENT@16..17 "x"
                        WHITESPACE@17..18 " "
                        EQ@18..19 "="
                        WHITESPACE@19..20 " "
                        PATH_EXPR@20..21
                          NAME_REF@20..21
                            IDENT@20..21 "a"
                      COMMA@21..22 ","
                      WHITESPACE@22..23 " "
                      BIN_EXPR@23..30
                        PATH_EXPR@23..24
                          NAME_REF@23..24
                            IDENT@23..24 "x"
                        WHITESPACE@24..25 " "
                        STAR@25..26 "*"
                        WHITESPACE@26..27 " "
                        LITERAL@27..30
                          FLOAT_NUMBER@27..30 "2.0"
                    R_PAREN@30..31 ")"
                SEMICOLON@31..32 ";"
              WHITESPACE@32..33 " "
              R_CURLY@33..34 "}"
    "#]],
    );
}

#[test]
fn unary_and_postfix() {
    check(
        &expr("-a + !b - ~c + ++d - e-- + +f"),
        expect![[r#"
        SOURCE_FILE@0..47
          FN@0..47
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
            BLOCK@9..47
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..45
                BIN_EXPR@11..44
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..44
                    BIN_EXPR@15..39
                      BIN_EXPR@15..33
                        BIN_EXPR@15..27
                          BIN_EXPR@15..22
                            PREFIX_EXPR@15..17
                              MINUS@15..16 "-"
                              PATH_EXPR@16..17
                                NAME_REF@16..17
                                  IDENT@16..17 "a"
                            WHITESPACE@17..18 " "
                            PLUS@18..19 "+"
                            WHITESPACE@19..20 " "
                            PREFIX_EXPR@20..22
                              BANG@20..21 "!"
                              PATH_EXPR@21..22
                                NAME_REF@21..22
                                  IDENT@21..22 "b"
                          WHITESPACE@22..23 " "
                          MINUS@23..24 "-"
                          WHITESPACE@24..25 " "
                          PREFIX_EXPR@25..27
                            TILDE@25..26 "~"
                            PATH_EXPR@26..27
                              NAME_REF@26..27
                                IDENT@26..27 "c"
                        WHITESPACE@27..28 " "
                        PLUS@28..29 "+"
                        WHITESPACE@29..30 " "
                        PREFIX_EXPR@30..33
                          PLUS2@30..32 "++"
                          PATH_EXPR@32..33
                            NAME_REF@32..33
                              IDENT@32..33 "d"
                      WHITESPACE@33..34 " "
                      MINUS@34..35 "-"
                      WHITESPACE@35..36 " "
                      POSTFIX_EXPR@36..39
                        PATH_EXPR@36..37
                          NAME_REF@36..37
                            IDENT@36..37 "e"
                        MINUS2@37..39 "--"
                    WHITESPACE@39..40 " "
                    PLUS@40..41 "+"
                    WHITESPACE@41..42 " "
                    PREFIX_EXPR@42..44
                      PLUS@42..43 "+"
                      PATH_EXPR@43..44
                        NAME_REF@43..44
                          IDENT@43..44 "f"
                SEMICOLON@44..45 ";"
              WHITESPACE@45..46 " "
              R_CURLY@46..47 "}"
    "#]],
    );
}

#[test]
fn casts_versus_parens() {
    check(
        &expr("(float)x + (MyType)y + (a) * b + (float)-x + (a) - b + (float3)(1)"),
        expect![[r#"
        SOURCE_FILE@0..84
          FN@0..84
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
            BLOCK@9..84
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..82
                BIN_EXPR@11..81
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..81
                    BIN_EXPR@15..67
                      BIN_EXPR@15..63
                        BIN_EXPR@15..57
                          BIN_EXPR@15..45
                            BIN_EXPR@15..35
                              CAST_EXPR@15..23
                                L_PAREN@15..16 "("
                                PATH_TYPE@16..21
                                  PATH@16..21
                                    PATH_SEGMENT@16..21
                                      NAME_REF@16..21
                                        IDENT@16..21 "float"
                                R_PAREN@21..22 ")"
                                PATH_EXPR@22..23
                                  NAME_REF@22..23
                                    IDENT@22..23 "x"
                              WHITESPACE@23..24 " "
                              PLUS@24..25 "+"
                              WHITESPACE@25..26 " "
                              CAST_EXPR@26..35
                                L_PAREN@26..27 "("
                                PATH_TYPE@27..33
                                  PATH@27..33
                                    PATH_SEGMENT@27..33
                                      NAME_REF@27..33
                                        IDENT@27..33 "MyType"
                                R_PAREN@33..34 ")"
                                PATH_EXPR@34..35
                                  NAME_REF@34..35
                                    IDENT@34..35 "y"
                            WHITESPACE@35..36 " "
                            PLUS@36..37 "+"
                            WHITESPACE@37..38 " "
                            BIN_EXPR@38..45
                              PAREN_EXPR@38..41
                                L_PAREN@38..39 "("
                                PATH_EXPR@39..40
                                  NAME_REF@39..40
                                    IDENT@39..40 "a"
                                R_PAREN@40..41 ")"
                              WHITESPACE@41..42 " "
                              STAR@42..43 "*"
                              WHITESPACE@43..44 " "
                              PATH_EXPR@44..45
                                NAME_REF@44..45
                                  IDENT@44..45 "b"
                          WHITESPACE@45..46 " "
                          PLUS@46..47 "+"
                          WHITESPACE@47..48 " "
                          CAST_EXPR@48..57
                            L_PAREN@48..49 "("
                            PATH_TYPE@49..54
                              PATH@49..54
                                PATH_SEGMENT@49..54
                                  NAME_REF@49..54
                                    IDENT@49..54 "float"
                            R_PAREN@54..55 ")"
                            PREFIX_EXPR@55..57
                              MINUS@55..56 "-"
                              PATH_EXPR@56..57
                                NAME_REF@56..57
                                  IDENT@56..57 "x"
                        WHITESPACE@57..58 " "
                        PLUS@58..59 "+"
                        WHITESPACE@59..60 " "
                        PAREN_EXPR@60..63
                          L_PAREN@60..61 "("
                          PATH_EXPR@61..62
                            NAME_REF@61..62
                              IDENT@61..62 "a"
                          R_PAREN@62..63 ")"
                      WHITESPACE@63..64 " "
                      MINUS@64..65 "-"
                      WHITESPACE@65..66 " "
                      PATH_EXPR@66..67
                        NAME_REF@66..67
                          IDENT@66..67 "b"
                    WHITESPACE@67..68 " "
                    PLUS@68..69 "+"
                    WHITESPACE@69..70 " "
                    CAST_EXPR@70..81
                      L_PAREN@70..71 "("
                      PATH_TYPE@71..77
                        PATH@71..77
                          PATH_SEGMENT@71..77
                            NAME_REF@71..77
                              IDENT@71..77 "float3"
                      R_PAREN@77..78 ")"
                      PAREN_EXPR@78..81
                        L_PAREN@78..79 "("
                        LITERAL@79..80
                          INT_NUMBER@79..80 "1"
                        R_PAREN@80..81 ")"
                SEMICOLON@81..82 ";"
              WHITESPACE@82..83 " "
              R_CURLY@83..84 "}"
    "#]],
    );
}

#[test]
fn constructors_and_type_members() {
    check(
        &expr("float3(1, 2, 3) + float.dzero() + int(x) + T.dadd(a, b)"),
        expect![[r#"
        SOURCE_FILE@0..73
          FN@0..73
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
            BLOCK@9..73
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..71
                BIN_EXPR@11..70
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..70
                    BIN_EXPR@15..55
                      BIN_EXPR@15..46
                        CALL_EXPR@15..30
                          PATH_EXPR@15..21
                            NAME_REF@15..21
                              IDENT@15..21 "float3"
                          ARG_LIST@21..30
                            L_PAREN@21..22 "("
                            LITERAL@22..23
                              INT_NUMBER@22..23 "1"
                            COMMA@23..24 ","
                            WHITESPACE@24..25 " "
                            LITERAL@25..26
                              INT_NUMBER@25..26 "2"
                            COMMA@26..27 ","
                            WHITESPACE@27..28 " "
                            LITERAL@28..29
                              INT_NUMBER@28..29 "3"
                            R_PAREN@29..30 ")"
                        WHITESPACE@30..31 " "
                        PLUS@31..32 "+"
                        WHITESPACE@32..33 " "
                        CALL_EXPR@33..46
                          FIELD_EXPR@33..44
                            PATH_EXPR@33..38
                              NAME_REF@33..38
                                IDENT@33..38 "float"
                            DOT@38..39 "."
                            NAME_REF@39..44
                              IDENT@39..44 "dzero"
                          ARG_LIST@44..46
                            L_PAREN@44..45 "("
                            R_PAREN@45..46 ")"
                      WHITESPACE@46..47 " "
                      PLUS@47..48 "+"
                      WHITESPACE@48..49 " "
                      CALL_EXPR@49..55
                        PATH_EXPR@49..52
                          NAME_REF@49..52
                            IDENT@49..52 "int"
                        ARG_LIST@52..55
                          L_PAREN@52..53 "("
                          PATH_EXPR@53..54
                            NAME_REF@53..54
                              IDENT@53..54 "x"
                          R_PAREN@54..55 ")"
                    WHITESPACE@55..56 " "
                    PLUS@56..57 "+"
                    WHITESPACE@57..58 " "
                    CALL_EXPR@58..70
                      FIELD_EXPR@58..64
                        PATH_EXPR@58..59
                          NAME_REF@58..59
                            IDENT@58..59 "T"
                        DOT@59..60 "."
                        NAME_REF@60..64
                          IDENT@60..64 "dadd"
                      ARG_LIST@64..70
                        L_PAREN@64..65 "("
                        PATH_EXPR@65..66
                          NAME_REF@65..66
                            IDENT@65..66 "a"
                        COMMA@66..67 ","
                        WHITESPACE@67..68 " "
                        PATH_EXPR@68..69
                          NAME_REF@68..69
                            IDENT@68..69 "b"
                        R_PAREN@69..70 ")"
                SEMICOLON@70..71 ";"
              WHITESPACE@71..72 " "
              R_CURLY@72..73 "}"
    "#]],
    );
}

#[test]
fn generic_application() {
    check(
        &expr("f<float>(x) + Foo<T>.method() + vector<float, 3>(1) + Linear<N, 3>.kCount"),
        expect![[r#"
        SOURCE_FILE@0..91
          FN@0..91
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
            BLOCK@9..91
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..89
                BIN_EXPR@11..88
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..88
                    BIN_EXPR@15..66
                      BIN_EXPR@15..44
                        CALL_EXPR@15..26
                          PATH_EXPR@15..23
                            NAME_REF@15..16
                              IDENT@15..16 "f"
                            GENERIC_ARG_LIST@16..23
                              LT@16..17 "<"
                              TYPE_ARG@17..22
                                PATH_TYPE@17..22
                                  PATH@17..22
                                    PATH_SEGMENT@17..22
                                      NAME_REF@17..22
                                        IDENT@17..22 "float"
                              GT@22..23 ">"
                          ARG_LIST@23..26
                            L_PAREN@23..24 "("
                            PATH_EXPR@24..25
                              NAME_REF@24..25
                                IDENT@24..25 "x"
                            R_PAREN@25..26 ")"
                        WHITESPACE@26..27 " "
                        PLUS@27..28 "+"
                        WHITESPACE@28..29 " "
                        CALL_EXPR@29..44
                          FIELD_EXPR@29..42
                            PATH_EXPR@29..35
                              NAME_REF@29..32
                                IDENT@29..32 "Foo"
                              GENERIC_ARG_LIST@32..35
                                LT@32..33 "<"
                                TYPE_ARG@33..34
                                  PATH_TYPE@33..34
                                    PATH@33..34
                                      PATH_SEGMENT@33..34
                                        NAME_REF@33..34
                                          IDENT@33..34 "T"
                                GT@34..35 ">"
                            DOT@35..36 "."
                            NAME_REF@36..42
                              IDENT@36..42 "method"
                          ARG_LIST@42..44
                            L_PAREN@42..43 "("
                            R_PAREN@43..44 ")"
                      WHITESPACE@44..45 " "
                      PLUS@45..46 "+"
                      WHITESPACE@46..47 " "
                      CALL_EXPR@47..66
                        PATH_EXPR@47..63
                          NAME_REF@47..53
                            IDENT@47..53 "vector"
                          GENERIC_ARG_LIST@53..63
                            LT@53..54 "<"
                            TYPE_ARG@54..59
                              PATH_TYPE@54..59
                                PATH@54..59
                                  PATH_SEGMENT@54..59
                                    NAME_REF@54..59
                                      IDENT@54..59 "float"
                            COMMA@59..60 ","
                            WHITESPACE@60..61 " "
                            CONST_ARG@61..62
                              LITERAL@61..62
                                INT_NUMBER@61..62 "3"
                            GT@62..63 ">"
                        ARG_LIST@63..66
                          L_PAREN@63..64 "("
                          LITERAL@64..65
                            INT_NUMBER@64..65 "1"
                          R_PAREN@65..66 ")"
                    WHITESPACE@66..67 " "
                    PLUS@67..68 "+"
                    WHITESPACE@68..69 " "
                    FIELD_EXPR@69..88
                      PATH_EXPR@69..81
                        NAME_REF@69..75
                          IDENT@69..75 "Linear"
                        GENERIC_ARG_LIST@75..81
                          LT@75..76 "<"
                          TYPE_ARG@76..77
                            PATH_TYPE@76..77
                              PATH@76..77
                                PATH_SEGMENT@76..77
                                  NAME_REF@76..77
                                    IDENT@76..77 "N"
                          COMMA@77..78 ","
                          WHITESPACE@78..79 " "
                          CONST_ARG@79..80
                            LITERAL@79..80
                              INT_NUMBER@79..80 "3"
                          GT@80..81 ">"
                      DOT@81..82 "."
                      NAME_REF@82..88
                        IDENT@82..88 "kCount"
                SEMICOLON@88..89 ";"
              WHITESPACE@89..90 " "
              R_CURLY@90..91 "}"
    "#]],
    );
}

#[test]
fn less_than_is_not_generic() {
    check(
        &expr("a < b && c > d"),
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
              EXPR_STMT@11..30
                BIN_EXPR@11..29
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..29
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
                    AMP2@21..23 "&&"
                    WHITESPACE@23..24 " "
                    BIN_EXPR@24..29
                      PATH_EXPR@24..25
                        NAME_REF@24..25
                          IDENT@24..25 "c"
                      WHITESPACE@25..26 " "
                      GT@26..27 ">"
                      WHITESPACE@27..28 " "
                      PATH_EXPR@28..29
                        NAME_REF@28..29
                          IDENT@28..29 "d"
                SEMICOLON@29..30 ";"
              WHITESPACE@30..31 " "
              R_CURLY@31..32 "}"
    "#]],
    );
}

#[test]
fn members_swizzles_indexing() {
    check(
        &expr("v.xyz + m[1][2] + a::b + s.arr[i].x"),
        expect![[r#"
        SOURCE_FILE@0..53
          FN@0..53
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
            BLOCK@9..53
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..51
                BIN_EXPR@11..50
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..50
                    BIN_EXPR@15..37
                      BIN_EXPR@15..30
                        FIELD_EXPR@15..20
                          PATH_EXPR@15..16
                            NAME_REF@15..16
                              IDENT@15..16 "v"
                          DOT@16..17 "."
                          NAME_REF@17..20
                            IDENT@17..20 "xyz"
                        WHITESPACE@20..21 " "
                        PLUS@21..22 "+"
                        WHITESPACE@22..23 " "
                        INDEX_EXPR@23..30
                          INDEX_EXPR@23..27
                            PATH_EXPR@23..24
                              NAME_REF@23..24
                                IDENT@23..24 "m"
                            L_BRACK@24..25 "["
                            LITERAL@25..26
                              INT_NUMBER@25..26 "1"
                            R_BRACK@26..27 "]"
                          L_BRACK@27..28 "["
                          LITERAL@28..29
                            INT_NUMBER@28..29 "2"
                          R_BRACK@29..30 "]"
                      WHITESPACE@30..31 " "
                      PLUS@31..32 "+"
                      WHITESPACE@32..33 " "
                      FIELD_EXPR@33..37
                        PATH_EXPR@33..34
                          NAME_REF@33..34
                            IDENT@33..34 "a"
                        COLON2@34..36 "::"
                        NAME_REF@36..37
                          IDENT@36..37 "b"
                    WHITESPACE@37..38 " "
                    PLUS@38..39 "+"
                    WHITESPACE@39..40 " "
                    FIELD_EXPR@40..50
                      INDEX_EXPR@40..48
                        FIELD_EXPR@40..45
                          PATH_EXPR@40..41
                            NAME_REF@40..41
                              IDENT@40..41 "s"
                          DOT@41..42 "."
                          NAME_REF@42..45
                            IDENT@42..45 "arr"
                        L_BRACK@45..46 "["
                        PATH_EXPR@46..47
                          NAME_REF@46..47
                            IDENT@46..47 "i"
                        R_BRACK@47..48 "]"
                      DOT@48..49 "."
                      NAME_REF@49..50
                        IDENT@49..50 "x"
                SEMICOLON@50..51 ";"
              WHITESPACE@51..52 " "
              R_CURLY@52..53 "}"
    "#]],
    );
}

#[test]
fn initializer_lists() {
    check(
        "void f() { float a[2][2] = {{1, 2}, {3, 4},}; S s = {}; }",
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
              VAR_DECL@11..45
                PATH_TYPE@11..16
                  PATH@11..16
                    PATH_SEGMENT@11..16
                      NAME_REF@11..16
                        IDENT@11..16 "float"
                WHITESPACE@16..17 " "
                DECLARATOR@17..44
                  NAME@17..18
                    IDENT@17..18 "a"
                  ARRAY_SUFFIX@18..21
                    L_BRACK@18..19 "["
                    LITERAL@19..20
                      INT_NUMBER@19..20 "2"
                    R_BRACK@20..21 "]"
                  ARRAY_SUFFIX@21..24
                    L_BRACK@21..22 "["
                    LITERAL@22..23
                      INT_NUMBER@22..23 "2"
                    R_BRACK@23..24 "]"
                  WHITESPACE@24..25 " "
                  EQ@25..26 "="
                  WHITESPACE@26..27 " "
                  INIT_LIST_EXPR@27..44
                    L_CURLY@27..28 "{"
                    INIT_LIST_EXPR@28..34
                      L_CURLY@28..29 "{"
                      LITERAL@29..30
                        INT_NUMBER@29..30 "1"
                      COMMA@30..31 ","
                      WHITESPACE@31..32 " "
                      LITERAL@32..33
                        INT_NUMBER@32..33 "2"
                      R_CURLY@33..34 "}"
                    COMMA@34..35 ","
                    WHITESPACE@35..36 " "
                    INIT_LIST_EXPR@36..42
                      L_CURLY@36..37 "{"
                      LITERAL@37..38
                        INT_NUMBER@37..38 "3"
                      COMMA@38..39 ","
                      WHITESPACE@39..40 " "
                      LITERAL@40..41
                        INT_NUMBER@40..41 "4"
                      R_CURLY@41..42 "}"
                    COMMA@42..43 ","
                    R_CURLY@43..44 "}"
                SEMICOLON@44..45 ";"
              WHITESPACE@45..46 " "
              VAR_DECL@46..55
                PATH_TYPE@46..47
                  PATH@46..47
                    PATH_SEGMENT@46..47
                      NAME_REF@46..47
                        IDENT@46..47 "S"
                WHITESPACE@47..48 " "
                DECLARATOR@48..54
                  NAME@48..49
                    IDENT@48..49 "s"
                  WHITESPACE@49..50 " "
                  EQ@50..51 "="
                  WHITESPACE@51..52 " "
                  INIT_LIST_EXPR@52..54
                    L_CURLY@52..53 "{"
                    R_CURLY@53..54 "}"
                SEMICOLON@54..55 ";"
              WHITESPACE@55..56 " "
              R_CURLY@56..57 "}"
    "#]],
    );
}

#[test]
fn autodiff_operators() {
    check(
        &expr(
            "fwd_diff(f)(dp) + bwd_diff(obj.method) + __fwd_diff(fwd_diff(g)) + __bwd_diff(twice<float>)",
        ),
        expect![[r#"
        SOURCE_FILE@0..109
          FN@0..109
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
            BLOCK@9..109
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..107
                BIN_EXPR@11..106
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..106
                    BIN_EXPR@15..79
                      BIN_EXPR@15..53
                        CALL_EXPR@15..30
                          DIFF_EXPR@15..26
                            FWD_DIFF_KW@15..23 "fwd_diff"
                            L_PAREN@23..24 "("
                            PATH_EXPR@24..25
                              NAME_REF@24..25
                                IDENT@24..25 "f"
                            R_PAREN@25..26 ")"
                          ARG_LIST@26..30
                            L_PAREN@26..27 "("
                            PATH_EXPR@27..29
                              NAME_REF@27..29
                                IDENT@27..29 "dp"
                            R_PAREN@29..30 ")"
                        WHITESPACE@30..31 " "
                        PLUS@31..32 "+"
                        WHITESPACE@32..33 " "
                        DIFF_EXPR@33..53
                          BWD_DIFF_KW@33..41 "bwd_diff"
                          L_PAREN@41..42 "("
                          FIELD_EXPR@42..52
                            PATH_EXPR@42..45
                              NAME_REF@42..45
                                IDENT@42..45 "obj"
                            DOT@45..46 "."
                            NAME_REF@46..52
                              IDENT@46..52 "method"
                          R_PAREN@52..53 ")"
                      WHITESPACE@53..54 " "
                      PLUS@54..55 "+"
                      WHITESPACE@55..56 " "
                      DIFF_EXPR@56..79
                        UFWD_DIFF_KW@56..66 "__fwd_diff"
                        L_PAREN@66..67 "("
                        DIFF_EXPR@67..78
                          FWD_DIFF_KW@67..75 "fwd_diff"
                          L_PAREN@75..76 "("
                          PATH_EXPR@76..77
                            NAME_REF@76..77
                              IDENT@76..77 "g"
                          R_PAREN@77..78 ")"
                        R_PAREN@78..79 ")"
                    WHITESPACE@79..80 " "
                    PLUS@80..81 "+"
                    WHITESPACE@81..82 " "
                    DIFF_EXPR@82..106
                      UBWD_DIFF_KW@82..92 "__bwd_diff"
                      L_PAREN@92..93 "("
                      PATH_EXPR@93..105
                        NAME_REF@93..98
                          IDENT@93..98 "twice"
                        GENERIC_ARG_LIST@98..105
                          LT@98..99 "<"
                          TYPE_ARG@99..104
                            PATH_TYPE@99..104
                              PATH@99..104
                                PATH_SEGMENT@99..104
                                  NAME_REF@99..104
                                    IDENT@99..104 "float"
                          GT@104..105 ">"
                      R_PAREN@105..106 ")"
                SEMICOLON@106..107 ";"
              WHITESPACE@107..108 " "
              R_CURLY@108..109 "}"
    "#]],
    );
}

#[test]
fn no_diff_is_as() {
    check(
        &expr("no_diff f(x) + (s is Circle ? 1 : 0)"),
        expect![[r#"
        SOURCE_FILE@0..54
          FN@0..54
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
            BLOCK@9..54
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..52
                BIN_EXPR@11..51
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..51
                    NO_DIFF_EXPR@15..27
                      NO_DIFF_KW@15..22 "no_diff"
                      WHITESPACE@22..23 " "
                      CALL_EXPR@23..27
                        PATH_EXPR@23..24
                          NAME_REF@23..24
                            IDENT@23..24 "f"
                        ARG_LIST@24..27
                          L_PAREN@24..25 "("
                          PATH_EXPR@25..26
                            NAME_REF@25..26
                              IDENT@25..26 "x"
                          R_PAREN@26..27 ")"
                    WHITESPACE@27..28 " "
                    PLUS@28..29 "+"
                    WHITESPACE@29..30 " "
                    PAREN_EXPR@30..51
                      L_PAREN@30..31 "("
                      TERNARY_EXPR@31..50
                        IS_EXPR@31..42
                          PATH_EXPR@31..32
                            NAME_REF@31..32
                              IDENT@31..32 "s"
                          WHITESPACE@32..33 " "
                          IS_KW@33..35 "is"
                          WHITESPACE@35..36 " "
                          PATH_TYPE@36..42
                            PATH@36..42
                              PATH_SEGMENT@36..42
                                NAME_REF@36..42
                                  IDENT@36..42 "Circle"
                        WHITESPACE@42..43 " "
                        QUESTION@43..44 "?"
                        WHITESPACE@44..45 " "
                        LITERAL@45..46
                          INT_NUMBER@45..46 "1"
                        WHITESPACE@46..47 " "
                        COLON@47..48 ":"
                        WHITESPACE@48..49 " "
                        LITERAL@49..50
                          INT_NUMBER@49..50 "0"
                      R_PAREN@50..51 ")"
                SEMICOLON@51..52 ";"
              WHITESPACE@52..53 " "
              R_CURLY@53..54 "}"
    "#]],
    );
}

#[test]
fn literals() {
    check(
        &expr(
            "1 + 0x1F + 017 + 2u + 3ull + 1.0 + 1.f + .5 + 1e-3 + 1.0h + 1.0l + 1.0lf + true + false + none + 'c' + \"s\" \"t\"",
        ),
        expect![[r#"
        SOURCE_FILE@0..128
          FN@0..128
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
            BLOCK@9..128
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..126
                BIN_EXPR@11..125
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..125
                    BIN_EXPR@15..115
                      BIN_EXPR@15..109
                        BIN_EXPR@15..102
                          BIN_EXPR@15..94
                            BIN_EXPR@15..87
                              BIN_EXPR@15..79
                                BIN_EXPR@15..72
                                  BIN_EXPR@15..65
                                    BIN_EXPR@15..58
                                      BIN_EXPR@15..53
                                        BIN_EXPR@15..47
                                          BIN_EXPR@15..41
                                            BIN_EXPR@15..34
                                              BIN_EXPR@15..29
                                                BIN_EXPR@15..23
                                                  LITERAL@15..16
                                                    INT_NUMBER@15..16 "1"
                                                  WHITESPACE@16..17 " "
                                                  PLUS@17..18 "+"
                                                  WHITESPACE@18..19 " "
                                                  LITERAL@19..23
                                                    INT_NUMBER@19..23 "0x1F"
                                                WHITESPACE@23..24 " "
                                                PLUS@24..25 "+"
                                                WHITESPACE@25..26 " "
                                                LITERAL@26..29
                                                  INT_NUMBER@26..29 "017"
                                              WHITESPACE@29..30 " "
                                              PLUS@30..31 "+"
                                              WHITESPACE@31..32 " "
                                              LITERAL@32..34
                                                INT_NUMBER@32..34 "2u"
                                            WHITESPACE@34..35 " "
                                            PLUS@35..36 "+"
                                            WHITESPACE@36..37 " "
                                            LITERAL@37..41
                                              INT_NUMBER@37..41 "3ull"
                                          WHITESPACE@41..42 " "
                                          PLUS@42..43 "+"
                                          WHITESPACE@43..44 " "
                                          LITERAL@44..47
                                            FLOAT_NUMBER@44..47 "1.0"
                                        WHITESPACE@47..48 " "
                                        PLUS@48..49 "+"
                                        WHITESPACE@49..50 " "
                                        LITERAL@50..53
                                          FLOAT_NUMBER@50..53 "1.f"
                                      WHITESPACE@53..54 " "
                                      PLUS@54..55 "+"
                                      WHITESPACE@55..56 " "
                                      LITERAL@56..58
                                        FLOAT_NUMBER@56..58 ".5"
                                    WHITESPACE@58..59 " "
                                    PLUS@59..60 "+"
                                    WHITESPACE@60..61 " "
                                    LITERAL@61..65
                                      FLOAT_NUMBER@61..65 "1e-3"
                                  WHITESPACE@65..66 " "
                                  PLUS@66..67 "+"
                                  WHITESPACE@67..68 " "
                                  LITERAL@68..72
                                    FLOAT_NUMBER@68..72 "1.0h"
                                WHITESPACE@72..73 " "
                                PLUS@73..74 "+"
                                WHITESPACE@74..75 " "
                                LITERAL@75..79
                                  FLOAT_NUMBER@75..79 "1.0l"
                              WHITESPACE@79..80 " "
                              PLUS@80..81 "+"
                              WHITESPACE@81..82 " "
                              LITERAL@82..87
                                FLOAT_NUMBER@82..87 "1.0lf"
                            WHITESPACE@87..88 " "
                            PLUS@88..89 "+"
                            WHITESPACE@89..90 " "
                            LITERAL@90..94
                              TRUE_KW@90..94 "true"
                          WHITESPACE@94..95 " "
                          PLUS@95..96 "+"
                          WHITESPACE@96..97 " "
                          LITERAL@97..102
                            FALSE_KW@97..102 "false"
                        WHITESPACE@102..103 " "
                        PLUS@103..104 "+"
                        WHITESPACE@104..105 " "
                        LITERAL@105..109
                          NONE_KW@105..109 "none"
                      WHITESPACE@109..110 " "
                      PLUS@110..111 "+"
                      WHITESPACE@111..112 " "
                      LITERAL@112..115
                        CHAR@112..115 "'c'"
                    WHITESPACE@115..116 " "
                    PLUS@116..117 "+"
                    WHITESPACE@117..118 " "
                    LITERAL@118..125
                      STRING@118..121 "\"s\""
                      WHITESPACE@121..122 " "
                      STRING@122..125 "\"t\""
                SEMICOLON@125..126 ";"
              WHITESPACE@126..127 " "
              R_CURLY@127..128 "}"
    "#]],
    );
}

#[test]
fn this_sizeof_countof() {
    check(
        &expr("this.x + sizeof(float) + sizeof(v) + countof(arr) + This.unit()"),
        expect![[r#"
        SOURCE_FILE@0..81
          FN@0..81
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
            BLOCK@9..81
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..79
                BIN_EXPR@11..78
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  BIN_EXPR@15..78
                    BIN_EXPR@15..64
                      BIN_EXPR@15..49
                        BIN_EXPR@15..37
                          FIELD_EXPR@15..21
                            THIS_EXPR@15..19
                              THIS_KW@15..19 "this"
                            DOT@19..20 "."
                            NAME_REF@20..21
                              IDENT@20..21 "x"
                          WHITESPACE@21..22 " "
                          PLUS@22..23 "+"
                          WHITESPACE@23..24 " "
                          SIZEOF_EXPR@24..37
                            SIZEOF_KW@24..30 "sizeof"
                            L_PAREN@30..31 "("
                            PATH_TYPE@31..36
                              PATH@31..36
                                PATH_SEGMENT@31..36
                                  NAME_REF@31..36
                                    IDENT@31..36 "float"
                            R_PAREN@36..37 ")"
                        WHITESPACE@37..38 " "
                        PLUS@38..39 "+"
                        WHITESPACE@39..40 " "
                        SIZEOF_EXPR@40..49
                          SIZEOF_KW@40..46 "sizeof"
                          L_PAREN@46..47 "("
                          PATH_EXPR@47..48
                            NAME_REF@47..48
                              IDENT@47..48 "v"
                          R_PAREN@48..49 ")"
                      WHITESPACE@49..50 " "
                      PLUS@50..51 "+"
                      WHITESPACE@51..52 " "
                      COUNTOF_EXPR@52..64
                        COUNTOF_KW@52..59 "countof"
                        L_PAREN@59..60 "("
                        PATH_EXPR@60..63
                          NAME_REF@60..63
                            IDENT@60..63 "arr"
                        R_PAREN@63..64 ")"
                    WHITESPACE@64..65 " "
                    PLUS@65..66 "+"
                    WHITESPACE@66..67 " "
                    CALL_EXPR@67..78
                      FIELD_EXPR@67..76
                        PATH_EXPR@67..71
                          NAME_REF@67..71
                            THIS_TYPE_KW@67..71 "This"
                        DOT@71..72 "."
                        NAME_REF@72..76
                          IDENT@72..76 "unit"
                      ARG_LIST@76..78
                        L_PAREN@76..77 "("
                        R_PAREN@77..78 ")"
                SEMICOLON@78..79 ";"
              WHITESPACE@79..80 " "
              R_CURLY@80..81 "}"
    "#]],
    );
}

#[test]
fn expand_each_in_calls() {
    check(
        &expr("g(expand each args)"),
        expect![[r#"
        SOURCE_FILE@0..37
          FN@0..37
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
            BLOCK@9..37
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..35
                BIN_EXPR@11..34
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "x"
                  WHITESPACE@12..13 " "
                  EQ@13..14 "="
                  WHITESPACE@14..15 " "
                  CALL_EXPR@15..34
                    PATH_EXPR@15..16
                      NAME_REF@15..16
                        IDENT@15..16 "g"
                    ARG_LIST@16..34
                      L_PAREN@16..17 "("
                      EXPAND_EXPR@17..33
                        EXPAND_KW@17..23 "expand"
                        WHITESPACE@23..24 " "
                        EACH_EXPR@24..33
                          EACH_KW@24..28 "each"
                          WHITESPACE@28..29 " "
                          PATH_EXPR@29..33
                            NAME_REF@29..33
                              IDENT@29..33 "args"
                      R_PAREN@33..34 ")"
                SEMICOLON@34..35 ";"
              WHITESPACE@35..36 " "
              R_CURLY@36..37 "}"
    "#]],
    );
}

#[test]
fn lambdas() {
    check(
        "void f() { let g = (float x) => x * 2.0; let h = (int i, int j) => { return i + j; }; }",
        expect![[r#"
        SOURCE_FILE@0..87
          FN@0..87
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
            BLOCK@9..87
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              VAR_DECL@11..40
                LET_KW@11..14 "let"
                WHITESPACE@14..15 " "
                DECLARATOR@15..39
                  NAME@15..16
                    IDENT@15..16 "g"
                  WHITESPACE@16..17 " "
                  EQ@17..18 "="
                  WHITESPACE@18..19 " "
                  LAMBDA_EXPR@19..39
                    PARAM_LIST@19..28
                      L_PAREN@19..20 "("
                      PARAM@20..27
                        PATH_TYPE@20..25
                          PATH@20..25
                            PATH_SEGMENT@20..25
                              NAME_REF@20..25
                                IDENT@20..25 "float"
                        WHITESPACE@25..26 " "
                        NAME@26..27
                          IDENT@26..27 "x"
                      R_PAREN@27..28 ")"
                    WHITESPACE@28..29 " "
                    FAT_ARROW@29..31 "=>"
                    WHITESPACE@31..32 " "
                    BIN_EXPR@32..39
                      PATH_EXPR@32..33
                        NAME_REF@32..33
                          IDENT@32..33 "x"
                      WHITESPACE@33..34 " "
                      STAR@34..35 "*"
                      WHITESPACE@35..36 " "
                      LITERAL@36..39
                        FLOAT_NUMBER@36..39 "2.0"
                SEMICOLON@39..40 ";"
              WHITESPACE@40..41 " "
              VAR_DECL@41..85
                LET_KW@41..44 "let"
                WHITESPACE@44..45 " "
                DECLARATOR@45..84
                  NAME@45..46
                    IDENT@45..46 "h"
                  WHITESPACE@46..47 " "
                  EQ@47..48 "="
                  WHITESPACE@48..49 " "
                  LAMBDA_EXPR@49..84
                    PARAM_LIST@49..63
                      L_PAREN@49..50 "("
                      PARAM@50..55
                        PATH_TYPE@50..53
                          PATH@50..53
                            PATH_SEGMENT@50..53
                              NAME_REF@50..53
                                IDENT@50..53 "int"
                        WHITESPACE@53..54 " "
                        NAME@54..55
                          IDENT@54..55 "i"
                      COMMA@55..56 ","
                      WHITESPACE@56..57 " "
                      PARAM@57..62
                        PATH_TYPE@57..60
                          PATH@57..60
                            PATH_SEGMENT@57..60
                              NAME_REF@57..60
                                IDENT@57..60 "int"
                        WHITESPACE@60..61 " "
                        NAME@61..62
                          IDENT@61..62 "j"
                      R_PAREN@62..63 ")"
                    WHITESPACE@63..64 " "
                    FAT_ARROW@64..66 "=>"
                    WHITESPACE@66..67 " "
                    BLOCK@67..84
                      L_CURLY@67..68 "{"
                      WHITESPACE@68..69 " "
                      RETURN_STMT@69..82
                        RETURN_KW@69..75 "return"
                        WHITESPACE@75..76 " "
                        BIN_EXPR@76..81
                          PATH_EXPR@76..77
                            NAME_REF@76..77
                              IDENT@76..77 "i"
                          WHITESPACE@77..78 " "
                          PLUS@78..79 "+"
                          WHITESPACE@79..80 " "
                          PATH_EXPR@80..81
                            NAME_REF@80..81
                              IDENT@80..81 "j"
                        SEMICOLON@81..82 ";"
                      WHITESPACE@82..83 " "
                      R_CURLY@83..84 "}"
                SEMICOLON@84..85 ";"
              WHITESPACE@85..86 " "
              R_CURLY@86..87 "}"
    "#]],
    );
}

#[test]
fn pointer_operators() {
    super::check_outline(
        "void f() { int x = *p; q = &x; *p = 1; p->x = (*p).y + t[0]->f(); return *((int *)a); }",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                BLOCK
                  VAR_DECL
                    PATH_TYPE "int"
                    DECLARATOR
                      NAME "x" (IDENT)
                      PREFIX_EXPR
                        PATH_EXPR
                          NAME_REF "p" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "q" (IDENT)
                      PREFIX_EXPR
                        PATH_EXPR
                          NAME_REF "x" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PREFIX_EXPR
                        PATH_EXPR
                          NAME_REF "p" (IDENT)
                      LITERAL "1"
                  EXPR_STMT
                    BIN_EXPR
                      FIELD_EXPR
                        PATH_EXPR
                          NAME_REF "p" (IDENT)
                        NAME_REF "x" (IDENT)
                      BIN_EXPR
                        FIELD_EXPR
                          PAREN_EXPR
                            PREFIX_EXPR
                              PATH_EXPR
                                NAME_REF "p" (IDENT)
                          NAME_REF "y" (IDENT)
                        CALL_EXPR
                          FIELD_EXPR
                            INDEX_EXPR
                              PATH_EXPR
                                NAME_REF "t" (IDENT)
                              LITERAL "0"
                            NAME_REF "f" (IDENT)
                          ARG_LIST
                  RETURN_STMT RETURN_KW(return)
                    PREFIX_EXPR
                      PAREN_EXPR
                        CAST_EXPR
                          POINTER_TYPE
                            PATH_TYPE "int"
                          PATH_EXPR
                            NAME_REF "a" (IDENT)
        "#]],
    );
}

#[test]
fn pointer_declarations_versus_products() {
    super::check_outline(
        "void f() { int* p = q; int *r; a * b; c*d; Optional<int*> o; int* ptr = bit_cast<int*>(b.d); }",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                BLOCK
                  VAR_DECL
                    POINTER_TYPE
                      PATH_TYPE "int"
                    DECLARATOR
                      NAME "p" (IDENT)
                      PATH_EXPR
                        NAME_REF "q" (IDENT)
                  VAR_DECL
                    POINTER_TYPE
                      PATH_TYPE "int"
                    DECLARATOR
                      NAME "r" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "a" (IDENT)
                      PATH_EXPR
                        NAME_REF "b" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "c" (IDENT)
                      PATH_EXPR
                        NAME_REF "d" (IDENT)
                  VAR_DECL
                    PATH_TYPE "Optional < int * >"
                    DECLARATOR
                      NAME "o" (IDENT)
                  VAR_DECL
                    POINTER_TYPE
                      PATH_TYPE "int"
                    DECLARATOR
                      NAME "ptr" (IDENT)
                      CALL_EXPR
                        PATH_EXPR
                          NAME_REF "bit_cast" (IDENT)
                          GENERIC_ARG_LIST
                            TYPE_ARG
                              POINTER_TYPE
                                PATH_TYPE "int"
                        ARG_LIST
                          FIELD_EXPR
                            PATH_EXPR
                              NAME_REF "b" (IDENT)
                            NAME_REF "d" (IDENT)
        "#]],
    );
}

#[test]
fn generic_arguments_with_bit_operators_and_countof() {
    super::check_outline(
        "void f() { x = test<E.A | E.B>(); y = G<countof(T)>.value; z = sizeof(Foo[2], L); s[]._12 = 1; ::g(); }",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                BLOCK
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "x" (IDENT)
                      CALL_EXPR
                        PATH_EXPR
                          NAME_REF "test" (IDENT)
                          GENERIC_ARG_LIST
                            CONST_ARG
                              BIN_EXPR
                                FIELD_EXPR
                                  PATH_EXPR
                                    NAME_REF "E" (IDENT)
                                  NAME_REF "A" (IDENT)
                                FIELD_EXPR
                                  PATH_EXPR
                                    NAME_REF "E" (IDENT)
                                  NAME_REF "B" (IDENT)
                        ARG_LIST
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "y" (IDENT)
                      FIELD_EXPR
                        PATH_EXPR
                          NAME_REF "G" (IDENT)
                          GENERIC_ARG_LIST
                            CONST_ARG
                              COUNTOF_EXPR COUNTOF_KW(countof)
                                PATH_EXPR
                                  NAME_REF "T" (IDENT)
                        NAME_REF "value" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "z" (IDENT)
                      SIZEOF_EXPR SIZEOF_KW(sizeof)
                        INDEX_EXPR
                          PATH_EXPR
                            NAME_REF "Foo" (IDENT)
                          LITERAL "2"
                        PATH_TYPE "L"
                  EXPR_STMT
                    BIN_EXPR
                      FIELD_EXPR
                        INDEX_EXPR
                          PATH_EXPR
                            NAME_REF "s" (IDENT)
                        NAME_REF "_12" (IDENT)
                      LITERAL "1"
                  EXPR_STMT
                    CALL_EXPR
                      PATH_EXPR
                        NAME_REF "g" (IDENT)
                      ARG_LIST
        "#]],
    );
}
