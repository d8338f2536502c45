//! Statements, and the declaration-versus-expression decision.

use super::{check, check_outline};
use expect_test::expect;

fn body(stmts: &str) -> String {
    format!("void f() {{ {stmts} }}")
}

#[test]
fn local_declarations() {
    check(
        &body(
            "float3 v = a, w; let x = 1.0; var y : float = 2; const int n = 3; static const float k[2] = {1, 2};",
        ),
        expect![[r#"
        SOURCE_FILE@0..112
          FN@0..112
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
            BLOCK@9..112
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              VAR_DECL@11..27
                PATH_TYPE@11..17
                  PATH@11..17
                    PATH_SEGMENT@11..17
                      NAME_REF@11..17
                        IDENT@11..17 "float3"
                WHITESPACE@17..18 " "
                DECLARATOR@18..23
                  NAME@18..19
                    IDENT@18..19 "v"
                  WHITESPACE@19..20 " "
                  EQ@20..21 "="
                  WHITESPACE@21..22 " "
                  PATH_EXPR@22..23
                    NAME_REF@22..23
                      IDENT@22..23 "a"
                COMMA@23..24 ","
                WHITESPACE@24..25 " "
                DECLARATOR@25..26
                  NAME@25..26
                    IDENT@25..26 "w"
                SEMICOLON@26..27 ";"
              WHITESPACE@27..28 " "
              VAR_DECL@28..40
                LET_KW@28..31 "let"
                WHITESPACE@31..32 " "
                DECLARATOR@32..39
                  NAME@32..33
                    IDENT@32..33 "x"
                  WHITESPACE@33..34 " "
                  EQ@34..35 "="
                  WHITESPACE@35..36 " "
                  LITERAL@36..39
                    FLOAT_NUMBER@36..39 "1.0"
                SEMICOLON@39..40 ";"
              WHITESPACE@40..41 " "
              VAR_DECL@41..59
                VAR_KW@41..44 "var"
                WHITESPACE@44..45 " "
                DECLARATOR@45..58
                  NAME@45..46
                    IDENT@45..46 "y"
                  WHITESPACE@46..47 " "
                  COLON@47..48 ":"
                  WHITESPACE@48..49 " "
                  PATH_TYPE@49..54
                    PATH@49..54
                      PATH_SEGMENT@49..54
                        NAME_REF@49..54
                          IDENT@49..54 "float"
                  WHITESPACE@54..55 " "
                  EQ@55..56 "="
                  WHITESPACE@56..57 " "
                  LITERAL@57..58
                    INT_NUMBER@57..58 "2"
                SEMICOLON@58..59 ";"
              WHITESPACE@59..60 " "
              VAR_DECL@60..76
                CONST_KW@60..65 "const"
                WHITESPACE@65..66 " "
                PATH_TYPE@66..69
                  PATH@66..69
                    PATH_SEGMENT@66..69
                      NAME_REF@66..69
                        IDENT@66..69 "int"
                WHITESPACE@69..70 " "
                DECLARATOR@70..75
                  NAME@70..71
                    IDENT@70..71 "n"
                  WHITESPACE@71..72 " "
                  EQ@72..73 "="
                  WHITESPACE@73..74 " "
                  LITERAL@74..75
                    INT_NUMBER@74..75 "3"
                SEMICOLON@75..76 ";"
              WHITESPACE@76..77 " "
              VAR_DECL@77..110
                STATIC_KW@77..83 "static"
                WHITESPACE@83..84 " "
                CONST_KW@84..89 "const"
                WHITESPACE@89..90 " "
                PATH_TYPE@90..95
                  PATH@90..95
                    PATH_SEGMENT@90..95
                      NAME_REF@90..95
                        IDENT@90..95 "float"
                WHITESPACE@95..96 " "
                DECLARATOR@96..109
                  NAME@96..97
                    IDENT@96..97 "k"
                  ARRAY_SUFFIX@97..100
                    L_BRACK@97..98 "["
                    LITERAL@98..99
                      INT_NUMBER@98..99 "2"
                    R_BRACK@99..100 "]"
                  WHITESPACE@100..101 " "
                  EQ@101..102 "="
                  WHITESPACE@102..103 " "
                  INIT_LIST_EXPR@103..109
                    L_CURLY@103..104 "{"
                    LITERAL@104..105
                      INT_NUMBER@104..105 "1"
                    COMMA@105..106 ","
                    WHITESPACE@106..107 " "
                    LITERAL@107..108
                      INT_NUMBER@107..108 "2"
                    R_CURLY@108..109 "}"
                SEMICOLON@109..110 ";"
              WHITESPACE@110..111 " "
              R_CURLY@111..112 "}"
    "#]],
    );
}

#[test]
fn decl_or_expression() {
    check(
        &body("Foo<int> x; a < b; a * b; T.Differential d; x.y = 3; a[i] = 2; float[3] arr;"),
        expect![[r#"
        SOURCE_FILE@0..89
          FN@0..89
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
            BLOCK@9..89
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              VAR_DECL@11..22
                PATH_TYPE@11..19
                  PATH@11..19
                    PATH_SEGMENT@11..19
                      NAME_REF@11..14
                        IDENT@11..14 "Foo"
                      GENERIC_ARG_LIST@14..19
                        LT@14..15 "<"
                        TYPE_ARG@15..18
                          PATH_TYPE@15..18
                            PATH@15..18
                              PATH_SEGMENT@15..18
                                NAME_REF@15..18
                                  IDENT@15..18 "int"
                        GT@18..19 ">"
                WHITESPACE@19..20 " "
                DECLARATOR@20..21
                  NAME@20..21
                    IDENT@20..21 "x"
                SEMICOLON@21..22 ";"
              WHITESPACE@22..23 " "
              EXPR_STMT@23..29
                BIN_EXPR@23..28
                  PATH_EXPR@23..24
                    NAME_REF@23..24
                      IDENT@23..24 "a"
                  WHITESPACE@24..25 " "
                  LT@25..26 "<"
                  WHITESPACE@26..27 " "
                  PATH_EXPR@27..28
                    NAME_REF@27..28
                      IDENT@27..28 "b"
                SEMICOLON@28..29 ";"
              WHITESPACE@29..30 " "
              EXPR_STMT@30..36
                BIN_EXPR@30..35
                  PATH_EXPR@30..31
                    NAME_REF@30..31
                      IDENT@30..31 "a"
                  WHITESPACE@31..32 " "
                  STAR@32..33 "*"
                  WHITESPACE@33..34 " "
                  PATH_EXPR@34..35
                    NAME_REF@34..35
                      IDENT@34..35 "b"
                SEMICOLON@35..36 ";"
              WHITESPACE@36..37 " "
              VAR_DECL@37..54
                PATH_TYPE@37..51
                  PATH@37..51
                    PATH_SEGMENT@37..38
                      NAME_REF@37..38
                        IDENT@37..38 "T"
                    DOT@38..39 "."
                    PATH_SEGMENT@39..51
                      NAME_REF@39..51
                        IDENT@39..51 "Differential"
                WHITESPACE@51..52 " "
                DECLARATOR@52..53
                  NAME@52..53
                    IDENT@52..53 "d"
                SEMICOLON@53..54 ";"
              WHITESPACE@54..55 " "
              EXPR_STMT@55..63
                BIN_EXPR@55..62
                  FIELD_EXPR@55..58
                    PATH_EXPR@55..56
                      NAME_REF@55..56
                        IDENT@55..56 "x"
                    DOT@56..57 "."
                    NAME_REF@57..58
                      IDENT@57..58 "y"
                  WHITESPACE@58..59 " "
                  EQ@59..60 "="
                  WHITESPACE@60..61 " "
                  LITERAL@61..62
                    INT_NUMBER@61..62 "3"
                SEMICOLON@62..63 ";"
              WHITESPACE@63..64 " "
              EXPR_STMT@64..73
                BIN_EXPR@64..72
                  INDEX_EXPR@64..68
                    PATH_EXPR@64..65
                      NAME_REF@64..65
                        IDENT@64..65 "a"
                    L_BRACK@65..66 "["
                    PATH_EXPR@66..67
                      NAME_REF@66..67
                        IDENT@66..67 "i"
                    R_BRACK@67..68 "]"
                  WHITESPACE@68..69 " "
                  EQ@69..70 "="
                  WHITESPACE@70..71 " "
                  LITERAL@71..72
                    INT_NUMBER@71..72 "2"
                SEMICOLON@72..73 ";"
              WHITESPACE@73..74 " "
              VAR_DECL@74..87
                ARRAY_TYPE@74..82
                  PATH_TYPE@74..79
                    PATH@74..79
                      PATH_SEGMENT@74..79
                        NAME_REF@74..79
                          IDENT@74..79 "float"
                  L_BRACK@79..80 "["
                  LITERAL@80..81
                    INT_NUMBER@80..81 "3"
                  R_BRACK@81..82 "]"
                WHITESPACE@82..83 " "
                DECLARATOR@83..86
                  NAME@83..86
                    IDENT@83..86 "arr"
                SEMICOLON@86..87 ";"
              WHITESPACE@87..88 " "
              R_CURLY@88..89 "}"
    "#]],
    );
}

#[test]
fn if_else_chain() {
    check(
        &body("if (a) x = 1; else if (b) { x = 2; } else x = 3;"),
        expect![[r#"
        SOURCE_FILE@0..61
          FN@0..61
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
            BLOCK@9..61
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              IF_STMT@11..59
                IF_KW@11..13 "if"
                WHITESPACE@13..14 " "
                L_PAREN@14..15 "("
                PATH_EXPR@15..16
                  NAME_REF@15..16
                    IDENT@15..16 "a"
                R_PAREN@16..17 ")"
                WHITESPACE@17..18 " "
                EXPR_STMT@18..24
                  BIN_EXPR@18..23
                    PATH_EXPR@18..19
                      NAME_REF@18..19
                        IDENT@18..19 "x"
                    WHITESPACE@19..20 " "
                    EQ@20..21 "="
                    WHITESPACE@21..22 " "
                    LITERAL@22..23
                      INT_NUMBER@22..23 "1"
                  SEMICOLON@23..24 ";"
                WHITESPACE@24..25 " "
                ELSE_KW@25..29 "else"
                WHITESPACE@29..30 " "
                IF_STMT@30..59
                  IF_KW@30..32 "if"
                  WHITESPACE@32..33 " "
                  L_PAREN@33..34 "("
                  PATH_EXPR@34..35
                    NAME_REF@34..35
                      IDENT@34..35 "b"
                  R_PAREN@35..36 ")"
                  WHITESPACE@36..37 " "
                  BLOCK@37..47
                    L_CURLY@37..38 "{"
                    WHITESPACE@38..39 " "
                    EXPR_STMT@39..45
                      BIN_EXPR@39..44
                        PATH_EXPR@39..40
                          NAME_REF@39..40
                            IDENT@39..40 "x"
                        WHITESPACE@40..41 " "
                        EQ@41..42 "="
                        WHITESPACE@42..43 " "
                        LITERAL@43..44
                          INT_NUMBER@43..44 "2"
                      SEMICOLON@44..45 ";"
                    WHITESPACE@45..46 " "
                    R_CURLY@46..47 "}"
                  WHITESPACE@47..48 " "
                  ELSE_KW@48..52 "else"
                  WHITESPACE@52..53 " "
                  EXPR_STMT@53..59
                    BIN_EXPR@53..58
                      PATH_EXPR@53..54
                        NAME_REF@53..54
                          IDENT@53..54 "x"
                      WHITESPACE@54..55 " "
                      EQ@55..56 "="
                      WHITESPACE@56..57 " "
                      LITERAL@57..58
                        INT_NUMBER@57..58 "3"
                    SEMICOLON@58..59 ";"
              WHITESPACE@59..60 " "
              R_CURLY@60..61 "}"
    "#]],
    );
}

#[test]
fn if_let() {
    check(
        &body("if (let c = s as Circle) { c.r = 1; }"),
        expect![[r#"
        SOURCE_FILE@0..50
          FN@0..50
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
            BLOCK@9..50
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              IF_STMT@11..48
                IF_KW@11..13 "if"
                WHITESPACE@13..14 " "
                L_PAREN@14..15 "("
                VAR_DECL@15..34
                  LET_KW@15..18 "let"
                  WHITESPACE@18..19 " "
                  DECLARATOR@19..34
                    NAME@19..20
                      IDENT@19..20 "c"
                    WHITESPACE@20..21 " "
                    EQ@21..22 "="
                    WHITESPACE@22..23 " "
                    AS_EXPR@23..34
                      PATH_EXPR@23..24
                        NAME_REF@23..24
                          IDENT@23..24 "s"
                      WHITESPACE@24..25 " "
                      AS_KW@25..27 "as"
                      WHITESPACE@27..28 " "
                      PATH_TYPE@28..34
                        PATH@28..34
                          PATH_SEGMENT@28..34
                            NAME_REF@28..34
                              IDENT@28..34 "Circle"
                R_PAREN@34..35 ")"
                WHITESPACE@35..36 " "
                BLOCK@36..48
                  L_CURLY@36..37 "{"
                  WHITESPACE@37..38 " "
                  EXPR_STMT@38..46
                    BIN_EXPR@38..45
                      FIELD_EXPR@38..41
                        PATH_EXPR@38..39
                          NAME_REF@38..39
                            IDENT@38..39 "c"
                        DOT@39..40 "."
                        NAME_REF@40..41
                          IDENT@40..41 "r"
                      WHITESPACE@41..42 " "
                      EQ@42..43 "="
                      WHITESPACE@43..44 " "
                      LITERAL@44..45
                        INT_NUMBER@44..45 "1"
                    SEMICOLON@45..46 ";"
                  WHITESPACE@46..47 " "
                  R_CURLY@47..48 "}"
              WHITESPACE@48..49 " "
              R_CURLY@49..50 "}"
    "#]],
    );
}

#[test]
fn for_loops() {
    check(
        &body(
            "for (int i = 0, j = 10; i < j; i++, j--) s += 1; for (;;) break; for (i = 0; ; ) {}",
        ),
        expect![[r#"
        SOURCE_FILE@0..96
          FN@0..96
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
            BLOCK@9..96
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              FOR_STMT@11..59
                FOR_KW@11..14 "for"
                WHITESPACE@14..15 " "
                L_PAREN@15..16 "("
                VAR_DECL@16..34
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
                  COMMA@25..26 ","
                  WHITESPACE@26..27 " "
                  DECLARATOR@27..33
                    NAME@27..28
                      IDENT@27..28 "j"
                    WHITESPACE@28..29 " "
                    EQ@29..30 "="
                    WHITESPACE@30..31 " "
                    LITERAL@31..33
                      INT_NUMBER@31..33 "10"
                  SEMICOLON@33..34 ";"
                WHITESPACE@34..35 " "
                BIN_EXPR@35..40
                  PATH_EXPR@35..36
                    NAME_REF@35..36
                      IDENT@35..36 "i"
                  WHITESPACE@36..37 " "
                  LT@37..38 "<"
                  WHITESPACE@38..39 " "
                  PATH_EXPR@39..40
                    NAME_REF@39..40
                      IDENT@39..40 "j"
                SEMICOLON@40..41 ";"
                WHITESPACE@41..42 " "
                BIN_EXPR@42..50
                  POSTFIX_EXPR@42..45
                    PATH_EXPR@42..43
                      NAME_REF@42..43
                        IDENT@42..43 "i"
                    PLUS2@43..45 "++"
                  COMMA@45..46 ","
                  WHITESPACE@46..47 " "
                  POSTFIX_EXPR@47..50
                    PATH_EXPR@47..48
                      NAME_REF@47..48
                        IDENT@47..48 "j"
                    MINUS2@48..50 "--"
                R_PAREN@50..51 ")"
                WHITESPACE@51..52 " "
                EXPR_STMT@52..59
                  BIN_EXPR@52..58
                    PATH_EXPR@52..53
                      NAME_REF@52..53
                        IDENT@52..53 "s"
                    WHITESPACE@53..54 " "
                    PLUSEQ@54..56 "+="
                    WHITESPACE@56..57 " "
                    LITERAL@57..58
                      INT_NUMBER@57..58 "1"
                  SEMICOLON@58..59 ";"
              WHITESPACE@59..60 " "
              FOR_STMT@60..75
                FOR_KW@60..63 "for"
                WHITESPACE@63..64 " "
                L_PAREN@64..65 "("
                SEMICOLON@65..66 ";"
                SEMICOLON@66..67 ";"
                R_PAREN@67..68 ")"
                WHITESPACE@68..69 " "
                BREAK_STMT@69..75
                  BREAK_KW@69..74 "break"
                  SEMICOLON@74..75 ";"
              WHITESPACE@75..76 " "
              FOR_STMT@76..94
                FOR_KW@76..79 "for"
                WHITESPACE@79..80 " "
                L_PAREN@80..81 "("
                EXPR_STMT@81..87
                  BIN_EXPR@81..86
                    PATH_EXPR@81..82
                      NAME_REF@81..82
                        IDENT@81..82 "i"
                    WHITESPACE@82..83 " "
                    EQ@83..84 "="
                    WHITESPACE@84..85 " "
                    LITERAL@85..86
                      INT_NUMBER@85..86 "0"
                  SEMICOLON@86..87 ";"
                WHITESPACE@87..88 " "
                SEMICOLON@88..89 ";"
                WHITESPACE@89..90 " "
                R_PAREN@90..91 ")"
                WHITESPACE@91..92 " "
                BLOCK@92..94
                  L_CURLY@92..93 "{"
                  R_CURLY@93..94 "}"
              WHITESPACE@94..95 " "
              R_CURLY@95..96 "}"
    "#]],
    );
}

#[test]
fn while_and_do_while() {
    check(
        &body("while (i < 4) i++; do { i--; } while (i > 0);"),
        expect![[r#"
        SOURCE_FILE@0..58
          FN@0..58
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
            BLOCK@9..58
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              WHILE_STMT@11..29
                WHILE_KW@11..16 "while"
                WHITESPACE@16..17 " "
                L_PAREN@17..18 "("
                BIN_EXPR@18..23
                  PATH_EXPR@18..19
                    NAME_REF@18..19
                      IDENT@18..19 "i"
                  WHITESPACE@19..20 " "
                  LT@20..21 "<"
                  WHITESPACE@21..22 " "
                  LITERAL@22..23
                    INT_NUMBER@22..23 "4"
                R_PAREN@23..24 ")"
                WHITESPACE@24..25 " "
                EXPR_STMT@25..29
                  POSTFIX_EXPR@25..28
                    PATH_EXPR@25..26
                      NAME_REF@25..26
                        IDENT@25..26 "i"
                    PLUS2@26..28 "++"
                  SEMICOLON@28..29 ";"
              WHITESPACE@29..30 " "
              DO_STMT@30..56
                DO_KW@30..32 "do"
                WHITESPACE@32..33 " "
                BLOCK@33..41
                  L_CURLY@33..34 "{"
                  WHITESPACE@34..35 " "
                  EXPR_STMT@35..39
                    POSTFIX_EXPR@35..38
                      PATH_EXPR@35..36
                        NAME_REF@35..36
                          IDENT@35..36 "i"
                      MINUS2@36..38 "--"
                    SEMICOLON@38..39 ";"
                  WHITESPACE@39..40 " "
                  R_CURLY@40..41 "}"
                WHITESPACE@41..42 " "
                WHILE_KW@42..47 "while"
                WHITESPACE@47..48 " "
                L_PAREN@48..49 "("
                BIN_EXPR@49..54
                  PATH_EXPR@49..50
                    NAME_REF@49..50
                      IDENT@49..50 "i"
                  WHITESPACE@50..51 " "
                  GT@51..52 ">"
                  WHITESPACE@52..53 " "
                  LITERAL@53..54
                    INT_NUMBER@53..54 "0"
                R_PAREN@54..55 ")"
                SEMICOLON@55..56 ";"
              WHITESPACE@56..57 " "
              R_CURLY@57..58 "}"
    "#]],
    );
}

#[test]
fn switch_with_fallthrough() {
    check(
        &body("switch (m) { case 0: case 1: x = 1; break; case Mode::Fast: { } default: return; }"),
        expect![[r#"
        SOURCE_FILE@0..95
          FN@0..95
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
            BLOCK@9..95
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              SWITCH_STMT@11..93
                SWITCH_KW@11..17 "switch"
                WHITESPACE@17..18 " "
                L_PAREN@18..19 "("
                PATH_EXPR@19..20
                  NAME_REF@19..20
                    IDENT@19..20 "m"
                R_PAREN@20..21 ")"
                WHITESPACE@21..22 " "
                SWITCH_BODY@22..93
                  L_CURLY@22..23 "{"
                  WHITESPACE@23..24 " "
                  CASE_CLAUSE@24..31
                    CASE_KW@24..28 "case"
                    WHITESPACE@28..29 " "
                    LITERAL@29..30
                      INT_NUMBER@29..30 "0"
                    COLON@30..31 ":"
                  WHITESPACE@31..32 " "
                  CASE_CLAUSE@32..53
                    CASE_KW@32..36 "case"
                    WHITESPACE@36..37 " "
                    LITERAL@37..38
                      INT_NUMBER@37..38 "1"
                    COLON@38..39 ":"
                    WHITESPACE@39..40 " "
                    EXPR_STMT@40..46
                      BIN_EXPR@40..45
                        PATH_EXPR@40..41
                          NAME_REF@40..41
                            IDENT@40..41 "x"
                        WHITESPACE@41..42 " "
                        EQ@42..43 "="
                        WHITESPACE@43..44 " "
                        LITERAL@44..45
                          INT_NUMBER@44..45 "1"
                      SEMICOLON@45..46 ";"
                    WHITESPACE@46..47 " "
                    BREAK_STMT@47..53
                      BREAK_KW@47..52 "break"
                      SEMICOLON@52..53 ";"
                  WHITESPACE@53..54 " "
                  CASE_CLAUSE@54..74
                    CASE_KW@54..58 "case"
                    WHITESPACE@58..59 " "
                    FIELD_EXPR@59..69
                      PATH_EXPR@59..63
                        NAME_REF@59..63
                          IDENT@59..63 "Mode"
                      COLON2@63..65 "::"
                      NAME_REF@65..69
                        IDENT@65..69 "Fast"
                    COLON@69..70 ":"
                    WHITESPACE@70..71 " "
                    BLOCK@71..74
                      L_CURLY@71..72 "{"
                      WHITESPACE@72..73 " "
                      R_CURLY@73..74 "}"
                  WHITESPACE@74..75 " "
                  DEFAULT_CLAUSE@75..91
                    DEFAULT_KW@75..82 "default"
                    COLON@82..83 ":"
                    WHITESPACE@83..84 " "
                    RETURN_STMT@84..91
                      RETURN_KW@84..90 "return"
                      SEMICOLON@90..91 ";"
                  WHITESPACE@91..92 " "
                  R_CURLY@92..93 "}"
              WHITESPACE@93..94 " "
              R_CURLY@94..95 "}"
    "#]],
    );
}

#[test]
fn jumps() {
    check(
        &body("return; return a, b; break; continue; discard;"),
        expect![[r#"
        SOURCE_FILE@0..59
          FN@0..59
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
            BLOCK@9..59
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              RETURN_STMT@11..18
                RETURN_KW@11..17 "return"
                SEMICOLON@17..18 ";"
              WHITESPACE@18..19 " "
              RETURN_STMT@19..31
                RETURN_KW@19..25 "return"
                WHITESPACE@25..26 " "
                BIN_EXPR@26..30
                  PATH_EXPR@26..27
                    NAME_REF@26..27
                      IDENT@26..27 "a"
                  COMMA@27..28 ","
                  WHITESPACE@28..29 " "
                  PATH_EXPR@29..30
                    NAME_REF@29..30
                      IDENT@29..30 "b"
                SEMICOLON@30..31 ";"
              WHITESPACE@31..32 " "
              BREAK_STMT@32..38
                BREAK_KW@32..37 "break"
                SEMICOLON@37..38 ";"
              WHITESPACE@38..39 " "
              CONTINUE_STMT@39..48
                CONTINUE_KW@39..47 "continue"
                SEMICOLON@47..48 ";"
              WHITESPACE@48..49 " "
              DISCARD_STMT@49..57
                DISCARD_KW@49..56 "discard"
                SEMICOLON@56..57 ";"
              WHITESPACE@57..58 " "
              R_CURLY@58..59 "}"
    "#]],
    );
}

#[test]
fn statement_attributes() {
    check(
        &body("[MaxIters(8)] for (;;) {} [ForceUnroll] [unroll] while (x) {} [branch] if (c) {}"),
        expect![[r#"
        SOURCE_FILE@0..93
          FN@0..93
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
            BLOCK@9..93
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              FOR_STMT@11..36
                ATTRIBUTE@11..24
                  L_BRACK@11..12 "["
                  PATH@12..20
                    PATH_SEGMENT@12..20
                      NAME_REF@12..20
                        IDENT@12..20 "MaxIters"
                  ARG_LIST@20..23
                    L_PAREN@20..21 "("
                    LITERAL@21..22
                      INT_NUMBER@21..22 "8"
                    R_PAREN@22..23 ")"
                  R_BRACK@23..24 "]"
                WHITESPACE@24..25 " "
                FOR_KW@25..28 "for"
                WHITESPACE@28..29 " "
                L_PAREN@29..30 "("
                SEMICOLON@30..31 ";"
                SEMICOLON@31..32 ";"
                R_PAREN@32..33 ")"
                WHITESPACE@33..34 " "
                BLOCK@34..36
                  L_CURLY@34..35 "{"
                  R_CURLY@35..36 "}"
              WHITESPACE@36..37 " "
              WHILE_STMT@37..72
                ATTRIBUTE@37..50
                  L_BRACK@37..38 "["
                  PATH@38..49
                    PATH_SEGMENT@38..49
                      NAME_REF@38..49
                        IDENT@38..49 "ForceUnroll"
                  R_BRACK@49..50 "]"
                WHITESPACE@50..51 " "
                ATTRIBUTE@51..59
                  L_BRACK@51..52 "["
                  PATH@52..58
                    PATH_SEGMENT@52..58
                      NAME_REF@52..58
                        IDENT@52..58 "unroll"
                  R_BRACK@58..59 "]"
                WHITESPACE@59..60 " "
                WHILE_KW@60..65 "while"
                WHITESPACE@65..66 " "
                L_PAREN@66..67 "("
                PATH_EXPR@67..68
                  NAME_REF@67..68
                    IDENT@67..68 "x"
                R_PAREN@68..69 ")"
                WHITESPACE@69..70 " "
                BLOCK@70..72
                  L_CURLY@70..71 "{"
                  R_CURLY@71..72 "}"
              WHITESPACE@72..73 " "
              IF_STMT@73..91
                ATTRIBUTE@73..81
                  L_BRACK@73..74 "["
                  PATH@74..80
                    PATH_SEGMENT@74..80
                      NAME_REF@74..80
                        IDENT@74..80 "branch"
                  R_BRACK@80..81 "]"
                WHITESPACE@81..82 " "
                IF_KW@82..84 "if"
                WHITESPACE@84..85 " "
                L_PAREN@85..86 "("
                PATH_EXPR@86..87
                  NAME_REF@86..87
                    IDENT@86..87 "c"
                R_PAREN@87..88 ")"
                WHITESPACE@88..89 " "
                BLOCK@89..91
                  L_CURLY@89..90 "{"
                  R_CURLY@90..91 "}"
              WHITESPACE@91..92 " "
              R_CURLY@92..93 "}"
    "#]],
    );
}

#[test]
fn empty_and_nested_blocks() {
    check(
        &body("; { { } ; }"),
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
              EMPTY_STMT@11..12
                SEMICOLON@11..12 ";"
              WHITESPACE@12..13 " "
              BLOCK@13..22
                L_CURLY@13..14 "{"
                WHITESPACE@14..15 " "
                BLOCK@15..18
                  L_CURLY@15..16 "{"
                  WHITESPACE@16..17 " "
                  R_CURLY@17..18 "}"
                WHITESPACE@18..19 " "
                EMPTY_STMT@19..20
                  SEMICOLON@19..20 ";"
                WHITESPACE@20..21 " "
                R_CURLY@21..22 "}"
              WHITESPACE@22..23 " "
              R_CURLY@23..24 "}"
    "#]],
    );
}

#[test]
fn local_struct_and_typedef() {
    check(
        &body("struct L { int a; }; typedef float R; L l;"),
        expect![[r#"
        SOURCE_FILE@0..55
          FN@0..55
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
            BLOCK@9..55
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              STRUCT@11..31
                STRUCT_KW@11..17 "struct"
                WHITESPACE@17..18 " "
                NAME@18..19
                  IDENT@18..19 "L"
                WHITESPACE@19..20 " "
                MEMBER_LIST@20..30
                  L_CURLY@20..21 "{"
                  WHITESPACE@21..22 " "
                  VAR_DECL@22..28
                    PATH_TYPE@22..25
                      PATH@22..25
                        PATH_SEGMENT@22..25
                          NAME_REF@22..25
                            IDENT@22..25 "int"
                    WHITESPACE@25..26 " "
                    DECLARATOR@26..27
                      NAME@26..27
                        IDENT@26..27 "a"
                    SEMICOLON@27..28 ";"
                  WHITESPACE@28..29 " "
                  R_CURLY@29..30 "}"
                SEMICOLON@30..31 ";"
              WHITESPACE@31..32 " "
              TYPEDEF@32..48
                TYPEDEF_KW@32..39 "typedef"
                WHITESPACE@39..40 " "
                PATH_TYPE@40..45
                  PATH@40..45
                    PATH_SEGMENT@40..45
                      NAME_REF@40..45
                        IDENT@40..45 "float"
                WHITESPACE@45..46 " "
                NAME@46..47
                  IDENT@46..47 "R"
                SEMICOLON@47..48 ";"
              WHITESPACE@48..49 " "
              VAR_DECL@49..53
                PATH_TYPE@49..50
                  PATH@49..50
                    PATH_SEGMENT@49..50
                      NAME_REF@49..50
                        IDENT@49..50 "L"
                WHITESPACE@50..51 " "
                DECLARATOR@51..52
                  NAME@51..52
                    IDENT@51..52 "l"
                SEMICOLON@52..53 ";"
              WHITESPACE@53..54 " "
              R_CURLY@54..55 "}"
    "#]],
    );
}

#[test]
fn expression_statements() {
    check(
        &body("f(x); i++; --j; bwd_diff(f)(dp, 1.0); out.vals[0] = 1;"),
        expect![[r#"
        SOURCE_FILE@0..67
          FN@0..67
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
            BLOCK@9..67
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              EXPR_STMT@11..16
                CALL_EXPR@11..15
                  PATH_EXPR@11..12
                    NAME_REF@11..12
                      IDENT@11..12 "f"
                  ARG_LIST@12..15
                    L_PAREN@12..13 "("
                    PATH_EXPR@13..14
                      NAME_REF@13..14
                        IDENT@13..14 "x"
                    R_PAREN@14..15 ")"
                SEMICOLON@15..16 ";"
              WHITESPACE@16..17 " "
              EXPR_STMT@17..21
                POSTFIX_EXPR@17..20
                  PATH_EXPR@17..18
                    NAME_REF@17..18
                      IDENT@17..18 "i"
                  PLUS2@18..20 "++"
                SEMICOLON@20..21 ";"
              WHITESPACE@21..22 " "
              EXPR_STMT@22..26
                PREFIX_EXPR@22..25
                  MINUS2@22..24 "--"
                  PATH_EXPR@24..25
                    NAME_REF@24..25
                      IDENT@24..25 "j"
                SEMICOLON@25..26 ";"
              WHITESPACE@26..27 " "
              EXPR_STMT@27..48
                CALL_EXPR@27..47
                  DIFF_EXPR@27..38
                    BWD_DIFF_KW@27..35 "bwd_diff"
                    L_PAREN@35..36 "("
                    PATH_EXPR@36..37
                      NAME_REF@36..37
                        IDENT@36..37 "f"
                    R_PAREN@37..38 ")"
                  ARG_LIST@38..47
                    L_PAREN@38..39 "("
                    PATH_EXPR@39..41
                      NAME_REF@39..41
                        IDENT@39..41 "dp"
                    COMMA@41..42 ","
                    WHITESPACE@42..43 " "
                    LITERAL@43..46
                      FLOAT_NUMBER@43..46 "1.0"
                    R_PAREN@46..47 ")"
                SEMICOLON@47..48 ";"
              WHITESPACE@48..49 " "
              EXPR_STMT@49..65
                BIN_EXPR@49..64
                  INDEX_EXPR@49..60
                    FIELD_EXPR@49..57
                      PATH_EXPR@49..52
                        NAME_REF@49..52
                          IDENT@49..52 "out"
                      DOT@52..53 "."
                      NAME_REF@53..57
                        IDENT@53..57 "vals"
                    L_BRACK@57..58 "["
                    LITERAL@58..59
                      INT_NUMBER@58..59 "0"
                    R_BRACK@59..60 "]"
                  WHITESPACE@60..61 " "
                  EQ@61..62 "="
                  WHITESPACE@62..63 " "
                  LITERAL@63..64
                    INT_NUMBER@63..64 "1"
                SEMICOLON@64..65 ";"
              WHITESPACE@65..66 " "
              R_CURLY@66..67 "}"
    "#]],
    );
}

#[test]
fn target_switch() {
    check(
        &body("__target_switch { case wgsl: f(); default: g(); }"),
        expect![[r#"
        SOURCE_FILE@0..62
          FN@0..62
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
            BLOCK@9..62
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              SWITCH_STMT@11..60
                TARGET_SWITCH_KW@11..26 "__target_switch"
                WHITESPACE@26..27 " "
                SWITCH_BODY@27..60
                  L_CURLY@27..28 "{"
                  WHITESPACE@28..29 " "
                  CASE_CLAUSE@29..44
                    CASE_KW@29..33 "case"
                    WHITESPACE@33..34 " "
                    PATH_EXPR@34..38
                      NAME_REF@34..38
                        IDENT@34..38 "wgsl"
                    COLON@38..39 ":"
                    WHITESPACE@39..40 " "
                    EXPR_STMT@40..44
                      CALL_EXPR@40..43
                        PATH_EXPR@40..41
                          NAME_REF@40..41
                            IDENT@40..41 "f"
                        ARG_LIST@41..43
                          L_PAREN@41..42 "("
                          R_PAREN@42..43 ")"
                      SEMICOLON@43..44 ";"
                  WHITESPACE@44..45 " "
                  DEFAULT_CLAUSE@45..58
                    DEFAULT_KW@45..52 "default"
                    COLON@52..53 ":"
                    WHITESPACE@53..54 " "
                    EXPR_STMT@54..58
                      CALL_EXPR@54..57
                        PATH_EXPR@54..55
                          NAME_REF@54..55
                            IDENT@54..55 "g"
                        ARG_LIST@55..57
                          L_PAREN@55..56 "("
                          R_PAREN@56..57 ")"
                      SEMICOLON@57..58 ";"
                  WHITESPACE@58..59 " "
                  R_CURLY@59..60 "}"
              WHITESPACE@60..61 " "
              R_CURLY@61..62 "}"
    "#]],
    );
}

#[test]
fn no_diff_statement_starts() {
    check(
        &body("no_diff float a = 1; no_diff f(a);"),
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
              VAR_DECL@11..31
                NO_DIFF_KW@11..18 "no_diff"
                WHITESPACE@18..19 " "
                PATH_TYPE@19..24
                  PATH@19..24
                    PATH_SEGMENT@19..24
                      NAME_REF@19..24
                        IDENT@19..24 "float"
                WHITESPACE@24..25 " "
                DECLARATOR@25..30
                  NAME@25..26
                    IDENT@25..26 "a"
                  WHITESPACE@26..27 " "
                  EQ@27..28 "="
                  WHITESPACE@28..29 " "
                  LITERAL@29..30
                    INT_NUMBER@29..30 "1"
                SEMICOLON@30..31 ";"
              WHITESPACE@31..32 " "
              EXPR_STMT@32..45
                NO_DIFF_EXPR@32..44
                  NO_DIFF_KW@32..39 "no_diff"
                  WHITESPACE@39..40 " "
                  CALL_EXPR@40..44
                    PATH_EXPR@40..41
                      NAME_REF@40..41
                        IDENT@40..41 "f"
                    ARG_LIST@41..44
                      L_PAREN@41..42 "("
                      PATH_EXPR@42..43
                        NAME_REF@42..43
                          IDENT@42..43 "a"
                      R_PAREN@43..44 ")"
                SEMICOLON@44..45 ";"
              WHITESPACE@45..46 " "
              R_CURLY@46..47 "}"
    "#]],
    );
}

#[test]
fn defer_statement() {
    // `defer` starts a statement only before what can start one; `defer(x)` stays a call.
    check(
        &body("defer x += 1; defer { y = 2; } defer(z);"),
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
                  DEFER_STMT@11..24
                    DEFER_KW@11..16 "defer"
                    WHITESPACE@16..17 " "
                    EXPR_STMT@17..24
                      BIN_EXPR@17..23
                        PATH_EXPR@17..18
                          NAME_REF@17..18
                            IDENT@17..18 "x"
                        WHITESPACE@18..19 " "
                        PLUSEQ@19..21 "+="
                        WHITESPACE@21..22 " "
                        LITERAL@22..23
                          INT_NUMBER@22..23 "1"
                      SEMICOLON@23..24 ";"
                  WHITESPACE@24..25 " "
                  DEFER_STMT@25..41
                    DEFER_KW@25..30 "defer"
                    WHITESPACE@30..31 " "
                    BLOCK@31..41
                      L_CURLY@31..32 "{"
                      WHITESPACE@32..33 " "
                      EXPR_STMT@33..39
                        BIN_EXPR@33..38
                          PATH_EXPR@33..34
                            NAME_REF@33..34
                              IDENT@33..34 "y"
                          WHITESPACE@34..35 " "
                          EQ@35..36 "="
                          WHITESPACE@36..37 " "
                          LITERAL@37..38
                            INT_NUMBER@37..38 "2"
                        SEMICOLON@38..39 ";"
                      WHITESPACE@39..40 " "
                      R_CURLY@40..41 "}"
                  WHITESPACE@41..42 " "
                  EXPR_STMT@42..51
                    CALL_EXPR@42..50
                      PATH_EXPR@42..47
                        NAME_REF@42..47
                          IDENT@42..47 "defer"
                      ARG_LIST@47..50
                        L_PAREN@47..48 "("
                        PATH_EXPR@48..49
                          NAME_REF@48..49
                            IDENT@48..49 "z"
                        R_PAREN@49..50 ")"
                    SEMICOLON@50..51 ";"
                  WHITESPACE@51..52 " "
                  R_CURLY@52..53 "}"
        "#]],
    );
}

/// `var`, `let`, `is` and `as` as field, parameter and local names (slangc accepts them; real
/// shaders have `int var;`), while `var x` / `let x` still declare.
#[test]
fn binding_keywords_and_cast_operators_as_names() {
    check(
        "struct S { int var; float let; } void f(int var) { var = 1; int is = var, as[2]; S s; s.let = is; var x = s.var; let y = x is int; }",
        expect![[r#"
            SOURCE_FILE@0..132
              STRUCT@0..32
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                MEMBER_LIST@9..32
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..11 " "
                  VAR_DECL@11..19
                    PATH_TYPE@11..14
                      PATH@11..14
                        PATH_SEGMENT@11..14
                          NAME_REF@11..14
                            IDENT@11..14 "int"
                    WHITESPACE@14..15 " "
                    DECLARATOR@15..18
                      NAME@15..18
                        IDENT@15..18 "var"
                    SEMICOLON@18..19 ";"
                  WHITESPACE@19..20 " "
                  VAR_DECL@20..30
                    PATH_TYPE@20..25
                      PATH@20..25
                        PATH_SEGMENT@20..25
                          NAME_REF@20..25
                            IDENT@20..25 "float"
                    WHITESPACE@25..26 " "
                    DECLARATOR@26..29
                      NAME@26..29
                        IDENT@26..29 "let"
                    SEMICOLON@29..30 ";"
                  WHITESPACE@30..31 " "
                  R_CURLY@31..32 "}"
              WHITESPACE@32..33 " "
              FN@33..132
                PATH_TYPE@33..37
                  PATH@33..37
                    PATH_SEGMENT@33..37
                      NAME_REF@33..37
                        IDENT@33..37 "void"
                WHITESPACE@37..38 " "
                NAME@38..39
                  IDENT@38..39 "f"
                PARAM_LIST@39..48
                  L_PAREN@39..40 "("
                  PARAM@40..47
                    PATH_TYPE@40..43
                      PATH@40..43
                        PATH_SEGMENT@40..43
                          NAME_REF@40..43
                            IDENT@40..43 "int"
                    WHITESPACE@43..44 " "
                    NAME@44..47
                      IDENT@44..47 "var"
                  R_PAREN@47..48 ")"
                WHITESPACE@48..49 " "
                BLOCK@49..132
                  L_CURLY@49..50 "{"
                  WHITESPACE@50..51 " "
                  EXPR_STMT@51..59
                    BIN_EXPR@51..58
                      PATH_EXPR@51..54
                        NAME_REF@51..54
                          IDENT@51..54 "var"
                      WHITESPACE@54..55 " "
                      EQ@55..56 "="
                      WHITESPACE@56..57 " "
                      LITERAL@57..58
                        INT_NUMBER@57..58 "1"
                    SEMICOLON@58..59 ";"
                  WHITESPACE@59..60 " "
                  VAR_DECL@60..80
                    PATH_TYPE@60..63
                      PATH@60..63
                        PATH_SEGMENT@60..63
                          NAME_REF@60..63
                            IDENT@60..63 "int"
                    WHITESPACE@63..64 " "
                    DECLARATOR@64..72
                      NAME@64..66
                        IDENT@64..66 "is"
                      WHITESPACE@66..67 " "
                      EQ@67..68 "="
                      WHITESPACE@68..69 " "
                      PATH_EXPR@69..72
                        NAME_REF@69..72
                          IDENT@69..72 "var"
                    COMMA@72..73 ","
                    WHITESPACE@73..74 " "
                    DECLARATOR@74..79
                      NAME@74..76
                        IDENT@74..76 "as"
                      ARRAY_SUFFIX@76..79
                        L_BRACK@76..77 "["
                        LITERAL@77..78
                          INT_NUMBER@77..78 "2"
                        R_BRACK@78..79 "]"
                    SEMICOLON@79..80 ";"
                  WHITESPACE@80..81 " "
                  VAR_DECL@81..85
                    PATH_TYPE@81..82
                      PATH@81..82
                        PATH_SEGMENT@81..82
                          NAME_REF@81..82
                            IDENT@81..82 "S"
                    WHITESPACE@82..83 " "
                    DECLARATOR@83..84
                      NAME@83..84
                        IDENT@83..84 "s"
                    SEMICOLON@84..85 ";"
                  WHITESPACE@85..86 " "
                  EXPR_STMT@86..97
                    BIN_EXPR@86..96
                      FIELD_EXPR@86..91
                        PATH_EXPR@86..87
                          NAME_REF@86..87
                            IDENT@86..87 "s"
                        DOT@87..88 "."
                        NAME_REF@88..91
                          IDENT@88..91 "let"
                      WHITESPACE@91..92 " "
                      EQ@92..93 "="
                      WHITESPACE@93..94 " "
                      PATH_EXPR@94..96
                        NAME_REF@94..96
                          IDENT@94..96 "is"
                    SEMICOLON@96..97 ";"
                  WHITESPACE@97..98 " "
                  VAR_DECL@98..112
                    VAR_KW@98..101 "var"
                    WHITESPACE@101..102 " "
                    DECLARATOR@102..111
                      NAME@102..103
                        IDENT@102..103 "x"
                      WHITESPACE@103..104 " "
                      EQ@104..105 "="
                      WHITESPACE@105..106 " "
                      FIELD_EXPR@106..111
                        PATH_EXPR@106..107
                          NAME_REF@106..107
                            IDENT@106..107 "s"
                        DOT@107..108 "."
                        NAME_REF@108..111
                          IDENT@108..111 "var"
                    SEMICOLON@111..112 ";"
                  WHITESPACE@112..113 " "
                  VAR_DECL@113..130
                    LET_KW@113..116 "let"
                    WHITESPACE@116..117 " "
                    DECLARATOR@117..129
                      NAME@117..118
                        IDENT@117..118 "y"
                      WHITESPACE@118..119 " "
                      EQ@119..120 "="
                      WHITESPACE@120..121 " "
                      IS_EXPR@121..129
                        PATH_EXPR@121..122
                          NAME_REF@121..122
                            IDENT@121..122 "x"
                        WHITESPACE@122..123 " "
                        IS_KW@123..125 "is"
                        WHITESPACE@125..126 " "
                        PATH_TYPE@126..129
                          PATH@126..129
                            PATH_SEGMENT@126..129
                              NAME_REF@126..129
                                IDENT@126..129 "int"
                    SEMICOLON@129..130 ";"
                  WHITESPACE@130..131 " "
                  R_CURLY@131..132 "}"
        "#]],
    );
}

/// `let`/`var` followed by a name declare in generic parameters, `if` and `for` headers.
#[test]
fn binding_keywords_in_headers() {
    check(
        "void f<let N : int>() { if (let c = s as C) {} for (var i = 0; i < N; i++) {} }",
        expect![[r#"
            SOURCE_FILE@0..79
              FN@0..79
                PATH_TYPE@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                GENERIC_PARAM_LIST@6..19
                  LT@6..7 "<"
                  VALUE_PARAM@7..18
                    LET_KW@7..10 "let"
                    WHITESPACE@10..11 " "
                    NAME@11..12
                      IDENT@11..12 "N"
                    WHITESPACE@12..13 " "
                    COLON@13..14 ":"
                    WHITESPACE@14..15 " "
                    PATH_TYPE@15..18
                      PATH@15..18
                        PATH_SEGMENT@15..18
                          NAME_REF@15..18
                            IDENT@15..18 "int"
                  GT@18..19 ">"
                PARAM_LIST@19..21
                  L_PAREN@19..20 "("
                  R_PAREN@20..21 ")"
                WHITESPACE@21..22 " "
                BLOCK@22..79
                  L_CURLY@22..23 "{"
                  WHITESPACE@23..24 " "
                  IF_STMT@24..46
                    IF_KW@24..26 "if"
                    WHITESPACE@26..27 " "
                    L_PAREN@27..28 "("
                    VAR_DECL@28..42
                      LET_KW@28..31 "let"
                      WHITESPACE@31..32 " "
                      DECLARATOR@32..42
                        NAME@32..33
                          IDENT@32..33 "c"
                        WHITESPACE@33..34 " "
                        EQ@34..35 "="
                        WHITESPACE@35..36 " "
                        AS_EXPR@36..42
                          PATH_EXPR@36..37
                            NAME_REF@36..37
                              IDENT@36..37 "s"
                          WHITESPACE@37..38 " "
                          AS_KW@38..40 "as"
                          WHITESPACE@40..41 " "
                          PATH_TYPE@41..42
                            PATH@41..42
                              PATH_SEGMENT@41..42
                                NAME_REF@41..42
                                  IDENT@41..42 "C"
                    R_PAREN@42..43 ")"
                    WHITESPACE@43..44 " "
                    BLOCK@44..46
                      L_CURLY@44..45 "{"
                      R_CURLY@45..46 "}"
                  WHITESPACE@46..47 " "
                  FOR_STMT@47..77
                    FOR_KW@47..50 "for"
                    WHITESPACE@50..51 " "
                    L_PAREN@51..52 "("
                    VAR_DECL@52..62
                      VAR_KW@52..55 "var"
                      WHITESPACE@55..56 " "
                      DECLARATOR@56..61
                        NAME@56..57
                          IDENT@56..57 "i"
                        WHITESPACE@57..58 " "
                        EQ@58..59 "="
                        WHITESPACE@59..60 " "
                        LITERAL@60..61
                          INT_NUMBER@60..61 "0"
                      SEMICOLON@61..62 ";"
                    WHITESPACE@62..63 " "
                    BIN_EXPR@63..68
                      PATH_EXPR@63..64
                        NAME_REF@63..64
                          IDENT@63..64 "i"
                      WHITESPACE@64..65 " "
                      LT@65..66 "<"
                      WHITESPACE@66..67 " "
                      PATH_EXPR@67..68
                        NAME_REF@67..68
                          IDENT@67..68 "N"
                    SEMICOLON@68..69 ";"
                    WHITESPACE@69..70 " "
                    POSTFIX_EXPR@70..73
                      PATH_EXPR@70..71
                        NAME_REF@70..71
                          IDENT@70..71 "i"
                      PLUS2@71..73 "++"
                    R_PAREN@73..74 ")"
                    WHITESPACE@74..75 " "
                    BLOCK@75..77
                      L_CURLY@75..76 "{"
                      R_CURLY@76..77 "}"
                  WHITESPACE@77..78 " "
                  R_CURLY@78..79 "}"
        "#]],
    );
}

/// `defer f();` at column 0 is a statement, not a function declaration that ends the body.
#[test]
fn defer_at_column_zero() {
    check(
        "void f()\n{\ndefer\ng();\n}\n",
        expect![[r#"
        SOURCE_FILE@0..24
          FN@0..23
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
            WHITESPACE@8..9 "\n"
            BLOCK@9..23
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 "\n"
              DEFER_STMT@11..21
                DEFER_KW@11..16 "defer"
                WHITESPACE@16..17 "\n"
                EXPR_STMT@17..21
                  CALL_EXPR@17..20
                    PATH_EXPR@17..18
                      NAME_REF@17..18
                        IDENT@17..18 "g"
                    ARG_LIST@18..20
                      L_PAREN@18..19 "("
                      R_PAREN@19..20 ")"
                  SEMICOLON@20..21 ";"
              WHITESPACE@21..22 "\n"
              R_CURLY@22..23 "}"
          WHITESPACE@23..24 "\n"
    "#]],
    );
}

/// `defer` as the body of a loop and as a statement of a `case` clause.
#[test]
fn defer_as_loop_body_and_in_case() {
    check(
        "void f() { for (;;) defer g(); switch (x) { case 1: defer h(); break; } }",
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
                  FOR_STMT@11..30
                    FOR_KW@11..14 "for"
                    WHITESPACE@14..15 " "
                    L_PAREN@15..16 "("
                    SEMICOLON@16..17 ";"
                    SEMICOLON@17..18 ";"
                    R_PAREN@18..19 ")"
                    WHITESPACE@19..20 " "
                    DEFER_STMT@20..30
                      DEFER_KW@20..25 "defer"
                      WHITESPACE@25..26 " "
                      EXPR_STMT@26..30
                        CALL_EXPR@26..29
                          PATH_EXPR@26..27
                            NAME_REF@26..27
                              IDENT@26..27 "g"
                          ARG_LIST@27..29
                            L_PAREN@27..28 "("
                            R_PAREN@28..29 ")"
                        SEMICOLON@29..30 ";"
                  WHITESPACE@30..31 " "
                  SWITCH_STMT@31..71
                    SWITCH_KW@31..37 "switch"
                    WHITESPACE@37..38 " "
                    L_PAREN@38..39 "("
                    PATH_EXPR@39..40
                      NAME_REF@39..40
                        IDENT@39..40 "x"
                    R_PAREN@40..41 ")"
                    WHITESPACE@41..42 " "
                    SWITCH_BODY@42..71
                      L_CURLY@42..43 "{"
                      WHITESPACE@43..44 " "
                      CASE_CLAUSE@44..69
                        CASE_KW@44..48 "case"
                        WHITESPACE@48..49 " "
                        LITERAL@49..50
                          INT_NUMBER@49..50 "1"
                        COLON@50..51 ":"
                        WHITESPACE@51..52 " "
                        DEFER_STMT@52..62
                          DEFER_KW@52..57 "defer"
                          WHITESPACE@57..58 " "
                          EXPR_STMT@58..62
                            CALL_EXPR@58..61
                              PATH_EXPR@58..59
                                NAME_REF@58..59
                                  IDENT@58..59 "h"
                              ARG_LIST@59..61
                                L_PAREN@59..60 "("
                                R_PAREN@60..61 ")"
                            SEMICOLON@61..62 ";"
                        WHITESPACE@62..63 " "
                        BREAK_STMT@63..69
                          BREAK_KW@63..68 "break"
                          SEMICOLON@68..69 ";"
                      WHITESPACE@69..70 " "
                      R_CURLY@70..71 "}"
                  WHITESPACE@71..72 " "
                  R_CURLY@72..73 "}"
        "#]],
    );
}

/// Target code in user functions: `__intrinsic_asm "..."` as a `__target_switch` case's
/// statement, `spirv_asm { ... }` as an expression whose `$` operands are no stray characters.
#[test]
fn intrinsic_asm_and_spirv_asm() {
    check(
        r#"float f(float x) { __target_switch { case wgsl: __intrinsic_asm "abs($0)"; default: return spirv_asm { OpFNegate $$float result $x }; } }"#,
        expect![[r#"
            SOURCE_FILE@0..137
              FN@0..137
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
                WHITESPACE@16..17 " "
                BLOCK@17..137
                  L_CURLY@17..18 "{"
                  WHITESPACE@18..19 " "
                  SWITCH_STMT@19..135
                    TARGET_SWITCH_KW@19..34 "__target_switch"
                    WHITESPACE@34..35 " "
                    SWITCH_BODY@35..135
                      L_CURLY@35..36 "{"
                      WHITESPACE@36..37 " "
                      CASE_CLAUSE@37..74
                        CASE_KW@37..41 "case"
                        WHITESPACE@41..42 " "
                        PATH_EXPR@42..46
                          NAME_REF@42..46
                            IDENT@42..46 "wgsl"
                        COLON@46..47 ":"
                        WHITESPACE@47..48 " "
                        INTRINSIC_ASM_STMT@48..74
                          INTRINSIC_ASM_KW@48..63 "__intrinsic_asm"
                          WHITESPACE@63..64 " "
                          STRING@64..73 "\"abs($0)\""
                          SEMICOLON@73..74 ";"
                      WHITESPACE@74..75 " "
                      DEFAULT_CLAUSE@75..133
                        DEFAULT_KW@75..82 "default"
                        COLON@82..83 ":"
                        WHITESPACE@83..84 " "
                        RETURN_STMT@84..133
                          RETURN_KW@84..90 "return"
                          WHITESPACE@90..91 " "
                          SPIRV_ASM_EXPR@91..132
                            SPIRV_ASM_KW@91..100 "spirv_asm"
                            WHITESPACE@100..101 " "
                            L_CURLY@101..102 "{"
                            WHITESPACE@102..103 " "
                            IDENT@103..112 "OpFNegate"
                            WHITESPACE@112..113 " "
                            DOLLAR@113..114 "$"
                            DOLLAR@114..115 "$"
                            PATH_TYPE@115..120
                              PATH@115..120
                                PATH_SEGMENT@115..120
                                  NAME_REF@115..120
                                    IDENT@115..120 "float"
                            WHITESPACE@120..121 " "
                            IDENT@121..127 "result"
                            WHITESPACE@127..128 " "
                            DOLLAR@128..129 "$"
                            PATH_EXPR@129..130
                              NAME_REF@129..130
                                IDENT@129..130 "x"
                            WHITESPACE@130..131 " "
                            R_CURLY@131..132 "}"
                          SEMICOLON@132..133 ";"
                      WHITESPACE@133..134 " "
                      R_CURLY@134..135 "}"
                  WHITESPACE@135..136 " "
                  R_CURLY@136..137 "}"
        "#]],
    );
}

#[test]
fn labeled_statements_and_break_label() {
    check_outline(
        &body("[MaxIters(4)] outer: for (;;) { break outer; } l: switch (x) { default: break l; }"),
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                BLOCK
                  LABELED_STMT
                    ATTRIBUTE
                      PATH
                        PATH_SEGMENT
                          NAME_REF "MaxIters" (IDENT)
                      ARG_LIST
                        LITERAL "4"
                    NAME "outer" (IDENT)
                    FOR_STMT FOR_KW(for)
                      BLOCK
                        BREAK_STMT BREAK_KW(break)
                          NAME_REF "outer" (IDENT)
                  LABELED_STMT
                    NAME "l" (IDENT)
                    SWITCH_STMT SWITCH_KW(switch)
                      PATH_EXPR
                        NAME_REF "x" (IDENT)
                      SWITCH_BODY
                        DEFAULT_CLAUSE DEFAULT_KW(default)
                          BREAK_STMT BREAK_KW(break)
                            NAME_REF "l" (IDENT)
        "#]],
    );
}

#[test]
fn continue_with_a_label_is_an_error() {
    check_outline(
        &body("a: while (c) { continue a; }"),
        expect![[r#"
        SOURCE_FILE
          FN
            PATH_TYPE "void"
            NAME "f" (IDENT)
            PARAM_LIST
            BLOCK
              LABELED_STMT
                NAME "a" (IDENT)
                WHILE_STMT WHILE_KW(while)
                  PATH_EXPR
                    NAME_REF "c" (IDENT)
                  BLOCK
                    CONTINUE_STMT CONTINUE_KW(continue)
                      NAME_REF "a" (IDENT)
        error E1001 35..36: 'continue' takes no label in Slang (only 'break label;' does)
    "#]],
    );
}

#[test]
fn throw_try_and_catch() {
    super::check_outline(
        "int f(int n) throws E { if (n < 0) throw E.Fail; return n; }\n\
         void g() { do { let a = try f(1); try f(2); } catch (err : E) { } catch { } do { } while (x); }",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "int"
                NAME "f" (IDENT)
                PARAM_LIST
                  PARAM
                    PATH_TYPE "int"
                    NAME "n" (IDENT)
                THROWS_CLAUSE THROWS_KW(throws)
                  PATH_TYPE "E"
                BLOCK
                  IF_STMT IF_KW(if)
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "n" (IDENT)
                      LITERAL "0"
                    THROW_STMT THROW_KW(throw)
                      FIELD_EXPR
                        PATH_EXPR
                          NAME_REF "E" (IDENT)
                        NAME_REF "Fail" (IDENT)
                  RETURN_STMT RETURN_KW(return)
                    PATH_EXPR
                      NAME_REF "n" (IDENT)
              FN
                PATH_TYPE "void"
                NAME "g" (IDENT)
                PARAM_LIST
                BLOCK
                  DO_CATCH_STMT DO_KW(do)
                    BLOCK
                      VAR_DECL LET_KW(let)
                        DECLARATOR
                          NAME "a" (IDENT)
                          TRY_EXPR TRY_KW(try)
                            CALL_EXPR
                              PATH_EXPR
                                NAME_REF "f" (IDENT)
                              ARG_LIST
                                LITERAL "1"
                      EXPR_STMT
                        TRY_EXPR TRY_KW(try)
                          CALL_EXPR
                            PATH_EXPR
                              NAME_REF "f" (IDENT)
                            ARG_LIST
                              LITERAL "2"
                    CATCH_CLAUSE CATCH_KW(catch)
                      PARAM_LIST
                        PARAM
                          NAME "err" (IDENT)
                          PATH_TYPE "E"
                      BLOCK
                    CATCH_CLAUSE CATCH_KW(catch)
                      BLOCK
                  DO_STMT DO_KW(do) WHILE_KW(while)
                    BLOCK
                    PATH_EXPR
                      NAME_REF "x" (IDENT)
        "#]],
    );
}

#[test]
fn local_anonymous_struct_and_using() {
    super::check_outline(
        "void f() { struct { int a; } tt; static struct { int b; } uu = {t}; using namespace X; }",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                BLOCK
                  VAR_DECL
                    STRUCT STRUCT_KW(struct)
                      MEMBER_LIST
                        VAR_DECL
                          PATH_TYPE "int"
                          DECLARATOR
                            NAME "a" (IDENT)
                    DECLARATOR
                      NAME "tt" (IDENT)
                  VAR_DECL
                    STRUCT STATIC_KW(static) STRUCT_KW(struct)
                      MEMBER_LIST
                        VAR_DECL
                          PATH_TYPE "int"
                          DECLARATOR
                            NAME "b" (IDENT)
                    DECLARATOR
                      NAME "uu" (IDENT)
                      INIT_LIST_EXPR
                        PATH_EXPR
                          NAME_REF "t" (IDENT)
                  USING USING_KW(using) NAMESPACE_KW(namespace)
                    PATH
                      PATH_SEGMENT
                        NAME_REF "X" (IDENT)
        "#]],
    );
}
