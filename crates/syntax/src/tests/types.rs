//! Types in declarations.

use super::check;
use expect_test::expect;

#[test]
fn qualified_and_generic_types() {
    check(
        "a::b.C x; vector<float,3> v; Foo<T>.Differential d; T.Differential e; matrix<float, 2, 2> m;",
        expect![[r#"
        SOURCE_FILE@0..92
          VAR_DECL@0..9
            PATH_TYPE@0..6
              PATH@0..6
                PATH_SEGMENT@0..1
                  NAME_REF@0..1
                    IDENT@0..1 "a"
                COLON2@1..3 "::"
                PATH_SEGMENT@3..4
                  NAME_REF@3..4
                    IDENT@3..4 "b"
                DOT@4..5 "."
                PATH_SEGMENT@5..6
                  NAME_REF@5..6
                    IDENT@5..6 "C"
            WHITESPACE@6..7 " "
            DECLARATOR@7..8
              NAME@7..8
                IDENT@7..8 "x"
            SEMICOLON@8..9 ";"
          WHITESPACE@9..10 " "
          VAR_DECL@10..28
            PATH_TYPE@10..25
              PATH@10..25
                PATH_SEGMENT@10..25
                  NAME_REF@10..16
                    IDENT@10..16 "vector"
                  GENERIC_ARG_LIST@16..25
                    LT@16..17 "<"
                    TYPE_ARG@17..22
                      PATH_TYPE@17..22
                        PATH@17..22
                          PATH_SEGMENT@17..22
                            NAME_REF@17..22
                              IDENT@17..22 "float"
                    COMMA@22..23 ","
                    CONST_ARG@23..24
                      LITERAL@23..24
                        INT_NUMBER@23..24 "3"
                    GT@24..25 ">"
            WHITESPACE@25..26 " "
            DECLARATOR@26..27
              NAME@26..27
                IDENT@26..27 "v"
            SEMICOLON@27..28 ";"
          WHITESPACE@28..29 " "
          VAR_DECL@29..51
            PATH_TYPE@29..48
              PATH@29..48
                PATH_SEGMENT@29..35
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
                PATH_SEGMENT@36..48
                  NAME_REF@36..48
                    IDENT@36..48 "Differential"
            WHITESPACE@48..49 " "
            DECLARATOR@49..50
              NAME@49..50
                IDENT@49..50 "d"
            SEMICOLON@50..51 ";"
          WHITESPACE@51..52 " "
          VAR_DECL@52..69
            PATH_TYPE@52..66
              PATH@52..66
                PATH_SEGMENT@52..53
                  NAME_REF@52..53
                    IDENT@52..53 "T"
                DOT@53..54 "."
                PATH_SEGMENT@54..66
                  NAME_REF@54..66
                    IDENT@54..66 "Differential"
            WHITESPACE@66..67 " "
            DECLARATOR@67..68
              NAME@67..68
                IDENT@67..68 "e"
            SEMICOLON@68..69 ";"
          WHITESPACE@69..70 " "
          VAR_DECL@70..92
            PATH_TYPE@70..89
              PATH@70..89
                PATH_SEGMENT@70..89
                  NAME_REF@70..76
                    IDENT@70..76 "matrix"
                  GENERIC_ARG_LIST@76..89
                    LT@76..77 "<"
                    TYPE_ARG@77..82
                      PATH_TYPE@77..82
                        PATH@77..82
                          PATH_SEGMENT@77..82
                            NAME_REF@77..82
                              IDENT@77..82 "float"
                    COMMA@82..83 ","
                    WHITESPACE@83..84 " "
                    CONST_ARG@84..85
                      LITERAL@84..85
                        INT_NUMBER@84..85 "2"
                    COMMA@85..86 ","
                    WHITESPACE@86..87 " "
                    CONST_ARG@87..88
                      LITERAL@87..88
                        INT_NUMBER@87..88 "2"
                    GT@88..89 ">"
            WHITESPACE@89..90 " "
            DECLARATOR@90..91
              NAME@90..91
                IDENT@90..91 "m"
            SEMICOLON@91..92 ";"
    "#]],
    );
}

#[test]
fn array_tuple_optional() {
    check(
        "T[4] a; T[] b; Tuple<int, float> t; Optional<T> o; DifferentialPair<float3x3> p;",
        expect![[r#"
        SOURCE_FILE@0..80
          VAR_DECL@0..7
            ARRAY_TYPE@0..4
              PATH_TYPE@0..1
                PATH@0..1
                  PATH_SEGMENT@0..1
                    NAME_REF@0..1
                      IDENT@0..1 "T"
              L_BRACK@1..2 "["
              LITERAL@2..3
                INT_NUMBER@2..3 "4"
              R_BRACK@3..4 "]"
            WHITESPACE@4..5 " "
            DECLARATOR@5..6
              NAME@5..6
                IDENT@5..6 "a"
            SEMICOLON@6..7 ";"
          WHITESPACE@7..8 " "
          VAR_DECL@8..14
            ARRAY_TYPE@8..11
              PATH_TYPE@8..9
                PATH@8..9
                  PATH_SEGMENT@8..9
                    NAME_REF@8..9
                      IDENT@8..9 "T"
              L_BRACK@9..10 "["
              R_BRACK@10..11 "]"
            WHITESPACE@11..12 " "
            DECLARATOR@12..13
              NAME@12..13
                IDENT@12..13 "b"
            SEMICOLON@13..14 ";"
          WHITESPACE@14..15 " "
          VAR_DECL@15..35
            PATH_TYPE@15..32
              PATH@15..32
                PATH_SEGMENT@15..32
                  NAME_REF@15..20
                    IDENT@15..20 "Tuple"
                  GENERIC_ARG_LIST@20..32
                    LT@20..21 "<"
                    TYPE_ARG@21..24
                      PATH_TYPE@21..24
                        PATH@21..24
                          PATH_SEGMENT@21..24
                            NAME_REF@21..24
                              IDENT@21..24 "int"
                    COMMA@24..25 ","
                    WHITESPACE@25..26 " "
                    TYPE_ARG@26..31
                      PATH_TYPE@26..31
                        PATH@26..31
                          PATH_SEGMENT@26..31
                            NAME_REF@26..31
                              IDENT@26..31 "float"
                    GT@31..32 ">"
            WHITESPACE@32..33 " "
            DECLARATOR@33..34
              NAME@33..34
                IDENT@33..34 "t"
            SEMICOLON@34..35 ";"
          WHITESPACE@35..36 " "
          VAR_DECL@36..50
            PATH_TYPE@36..47
              PATH@36..47
                PATH_SEGMENT@36..47
                  NAME_REF@36..44
                    IDENT@36..44 "Optional"
                  GENERIC_ARG_LIST@44..47
                    LT@44..45 "<"
                    TYPE_ARG@45..46
                      PATH_TYPE@45..46
                        PATH@45..46
                          PATH_SEGMENT@45..46
                            NAME_REF@45..46
                              IDENT@45..46 "T"
                    GT@46..47 ">"
            WHITESPACE@47..48 " "
            DECLARATOR@48..49
              NAME@48..49
                IDENT@48..49 "o"
            SEMICOLON@49..50 ";"
          WHITESPACE@50..51 " "
          VAR_DECL@51..80
            PATH_TYPE@51..77
              PATH@51..77
                PATH_SEGMENT@51..77
                  NAME_REF@51..67
                    IDENT@51..67 "DifferentialPair"
                  GENERIC_ARG_LIST@67..77
                    LT@67..68 "<"
                    TYPE_ARG@68..76
                      PATH_TYPE@68..76
                        PATH@68..76
                          PATH_SEGMENT@68..76
                            NAME_REF@68..76
                              IDENT@68..76 "float3x3"
                    GT@76..77 ">"
            WHITESPACE@77..78 " "
            DECLARATOR@78..79
              NAME@78..79
                IDENT@78..79 "p"
            SEMICOLON@79..80 ";"
    "#]],
    );
}

#[test]
fn nested_generics_close_with_shift() {
    check(
        "Foo<Bar<int>> a; Foo<Bar<Baz<int>>> b;",
        expect![[r#"
        SOURCE_FILE@0..38
          VAR_DECL@0..16
            PATH_TYPE@0..13
              PATH@0..13
                PATH_SEGMENT@0..13
                  NAME_REF@0..3
                    IDENT@0..3 "Foo"
                  GENERIC_ARG_LIST@3..13
                    LT@3..4 "<"
                    TYPE_ARG@4..12
                      PATH_TYPE@4..12
                        PATH@4..12
                          PATH_SEGMENT@4..12
                            NAME_REF@4..7
                              IDENT@4..7 "Bar"
                            GENERIC_ARG_LIST@7..12
                              LT@7..8 "<"
                              TYPE_ARG@8..11
                                PATH_TYPE@8..11
                                  PATH@8..11
                                    PATH_SEGMENT@8..11
                                      NAME_REF@8..11
                                        IDENT@8..11 "int"
                              GT@11..12 ">"
                    GT@12..13 ">"
            WHITESPACE@13..14 " "
            DECLARATOR@14..15
              NAME@14..15
                IDENT@14..15 "a"
            SEMICOLON@15..16 ";"
          WHITESPACE@16..17 " "
          VAR_DECL@17..38
            PATH_TYPE@17..35
              PATH@17..35
                PATH_SEGMENT@17..35
                  NAME_REF@17..20
                    IDENT@17..20 "Foo"
                  GENERIC_ARG_LIST@20..35
                    LT@20..21 "<"
                    TYPE_ARG@21..34
                      PATH_TYPE@21..34
                        PATH@21..34
                          PATH_SEGMENT@21..34
                            NAME_REF@21..24
                              IDENT@21..24 "Bar"
                            GENERIC_ARG_LIST@24..34
                              LT@24..25 "<"
                              TYPE_ARG@25..33
                                PATH_TYPE@25..33
                                  PATH@25..33
                                    PATH_SEGMENT@25..33
                                      NAME_REF@25..28
                                        IDENT@25..28 "Baz"
                                      GENERIC_ARG_LIST@28..33
                                        LT@28..29 "<"
                                        TYPE_ARG@29..32
                                          PATH_TYPE@29..32
                                            PATH@29..32
                                              PATH_SEGMENT@29..32
                                                NAME_REF@29..32
                                                  IDENT@29..32 "int"
                                        GT@32..33 ">"
                              GT@33..34 ">"
                    GT@34..35 ">"
            WHITESPACE@35..36 " "
            DECLARATOR@36..37
              NAME@36..37
                IDENT@36..37 "b"
            SEMICOLON@37..38 ";"
    "#]],
    );
}

#[test]
fn this_type() {
    check(
        "interface I { This make(This other); }",
        expect![[r#"
        SOURCE_FILE@0..38
          INTERFACE@0..38
            INTERFACE_KW@0..9 "interface"
            WHITESPACE@9..10 " "
            NAME@10..11
              IDENT@10..11 "I"
            WHITESPACE@11..12 " "
            MEMBER_LIST@12..38
              L_CURLY@12..13 "{"
              WHITESPACE@13..14 " "
              FN@14..36
                PATH_TYPE@14..18
                  PATH@14..18
                    PATH_SEGMENT@14..18
                      NAME_REF@14..18
                        THIS_TYPE_KW@14..18 "This"
                WHITESPACE@18..19 " "
                NAME@19..23
                  IDENT@19..23 "make"
                PARAM_LIST@23..35
                  L_PAREN@23..24 "("
                  PARAM@24..34
                    PATH_TYPE@24..28
                      PATH@24..28
                        PATH_SEGMENT@24..28
                          NAME_REF@24..28
                            THIS_TYPE_KW@24..28 "This"
                    WHITESPACE@28..29 " "
                    NAME@29..34
                      IDENT@29..34 "other"
                  R_PAREN@34..35 ")"
                SEMICOLON@35..36 ";"
              WHITESPACE@36..37 " "
              R_CURLY@37..38 "}"
    "#]],
    );
}

#[test]
fn generic_value_argument_expression() {
    check(
        "Buffer<float, 4> b; Buffer<float, (N + 1)> c; Arr<-1> d;",
        expect![[r#"
        SOURCE_FILE@0..56
          VAR_DECL@0..19
            PATH_TYPE@0..16
              PATH@0..16
                PATH_SEGMENT@0..16
                  NAME_REF@0..6
                    IDENT@0..6 "Buffer"
                  GENERIC_ARG_LIST@6..16
                    LT@6..7 "<"
                    TYPE_ARG@7..12
                      PATH_TYPE@7..12
                        PATH@7..12
                          PATH_SEGMENT@7..12
                            NAME_REF@7..12
                              IDENT@7..12 "float"
                    COMMA@12..13 ","
                    WHITESPACE@13..14 " "
                    CONST_ARG@14..15
                      LITERAL@14..15
                        INT_NUMBER@14..15 "4"
                    GT@15..16 ">"
            WHITESPACE@16..17 " "
            DECLARATOR@17..18
              NAME@17..18
                IDENT@17..18 "b"
            SEMICOLON@18..19 ";"
          WHITESPACE@19..20 " "
          VAR_DECL@20..45
            PATH_TYPE@20..42
              PATH@20..42
                PATH_SEGMENT@20..42
                  NAME_REF@20..26
                    IDENT@20..26 "Buffer"
                  GENERIC_ARG_LIST@26..42
                    LT@26..27 "<"
                    TYPE_ARG@27..32
                      PATH_TYPE@27..32
                        PATH@27..32
                          PATH_SEGMENT@27..32
                            NAME_REF@27..32
                              IDENT@27..32 "float"
                    COMMA@32..33 ","
                    WHITESPACE@33..34 " "
                    CONST_ARG@34..41
                      PAREN_EXPR@34..41
                        L_PAREN@34..35 "("
                        BIN_EXPR@35..40
                          PATH_EXPR@35..36
                            NAME_REF@35..36
                              IDENT@35..36 "N"
                          WHITESPACE@36..37 " "
                          PLUS@37..38 "+"
                          WHITESPACE@38..39 " "
                          LITERAL@39..40
                            INT_NUMBER@39..40 "1"
                        R_PAREN@40..41 ")"
                    GT@41..42 ">"
            WHITESPACE@42..43 " "
            DECLARATOR@43..44
              NAME@43..44
                IDENT@43..44 "c"
            SEMICOLON@44..45 ";"
          WHITESPACE@45..46 " "
          VAR_DECL@46..56
            PATH_TYPE@46..53
              PATH@46..53
                PATH_SEGMENT@46..53
                  NAME_REF@46..49
                    IDENT@46..49 "Arr"
                  GENERIC_ARG_LIST@49..53
                    LT@49..50 "<"
                    CONST_ARG@50..52
                      PREFIX_EXPR@50..52
                        MINUS@50..51 "-"
                        LITERAL@51..52
                          INT_NUMBER@51..52 "1"
                    GT@52..53 ">"
            WHITESPACE@53..54 " "
            DECLARATOR@54..55
              NAME@54..55
                IDENT@54..55 "d"
            SEMICOLON@55..56 ";"
    "#]],
    );
}

/// Value arguments written as expressions: a type when one spans the argument, otherwise an
/// expression in which `>` closes the list (slangc's reading); `<` is a comparison inside
/// parentheses and where it opens no list.
#[test]
fn generic_arguments_written_as_expressions() {
    check(
        "Buf<A + B> b; vector<float, N * 2> v; Foo<(N < 2)> f; Buf<N < 2 ? 1 : 2> g; Foo<Bar<int>, M - 1> h;",
        expect![[r#"
            SOURCE_FILE@0..99
              VAR_DECL@0..13
                PATH_TYPE@0..10
                  PATH@0..10
                    PATH_SEGMENT@0..10
                      NAME_REF@0..3
                        IDENT@0..3 "Buf"
                      GENERIC_ARG_LIST@3..10
                        LT@3..4 "<"
                        CONST_ARG@4..9
                          BIN_EXPR@4..9
                            PATH_EXPR@4..5
                              NAME_REF@4..5
                                IDENT@4..5 "A"
                            WHITESPACE@5..6 " "
                            PLUS@6..7 "+"
                            WHITESPACE@7..8 " "
                            PATH_EXPR@8..9
                              NAME_REF@8..9
                                IDENT@8..9 "B"
                        GT@9..10 ">"
                WHITESPACE@10..11 " "
                DECLARATOR@11..12
                  NAME@11..12
                    IDENT@11..12 "b"
                SEMICOLON@12..13 ";"
              WHITESPACE@13..14 " "
              VAR_DECL@14..37
                PATH_TYPE@14..34
                  PATH@14..34
                    PATH_SEGMENT@14..34
                      NAME_REF@14..20
                        IDENT@14..20 "vector"
                      GENERIC_ARG_LIST@20..34
                        LT@20..21 "<"
                        TYPE_ARG@21..26
                          PATH_TYPE@21..26
                            PATH@21..26
                              PATH_SEGMENT@21..26
                                NAME_REF@21..26
                                  IDENT@21..26 "float"
                        COMMA@26..27 ","
                        WHITESPACE@27..28 " "
                        CONST_ARG@28..33
                          BIN_EXPR@28..33
                            PATH_EXPR@28..29
                              NAME_REF@28..29
                                IDENT@28..29 "N"
                            WHITESPACE@29..30 " "
                            STAR@30..31 "*"
                            WHITESPACE@31..32 " "
                            LITERAL@32..33
                              INT_NUMBER@32..33 "2"
                        GT@33..34 ">"
                WHITESPACE@34..35 " "
                DECLARATOR@35..36
                  NAME@35..36
                    IDENT@35..36 "v"
                SEMICOLON@36..37 ";"
              WHITESPACE@37..38 " "
              VAR_DECL@38..53
                PATH_TYPE@38..50
                  PATH@38..50
                    PATH_SEGMENT@38..50
                      NAME_REF@38..41
                        IDENT@38..41 "Foo"
                      GENERIC_ARG_LIST@41..50
                        LT@41..42 "<"
                        CONST_ARG@42..49
                          PAREN_EXPR@42..49
                            L_PAREN@42..43 "("
                            BIN_EXPR@43..48
                              PATH_EXPR@43..44
                                NAME_REF@43..44
                                  IDENT@43..44 "N"
                              WHITESPACE@44..45 " "
                              LT@45..46 "<"
                              WHITESPACE@46..47 " "
                              LITERAL@47..48
                                INT_NUMBER@47..48 "2"
                            R_PAREN@48..49 ")"
                        GT@49..50 ">"
                WHITESPACE@50..51 " "
                DECLARATOR@51..52
                  NAME@51..52
                    IDENT@51..52 "f"
                SEMICOLON@52..53 ";"
              WHITESPACE@53..54 " "
              VAR_DECL@54..75
                PATH_TYPE@54..72
                  PATH@54..72
                    PATH_SEGMENT@54..72
                      NAME_REF@54..57
                        IDENT@54..57 "Buf"
                      GENERIC_ARG_LIST@57..72
                        LT@57..58 "<"
                        CONST_ARG@58..71
                          TERNARY_EXPR@58..71
                            BIN_EXPR@58..63
                              PATH_EXPR@58..59
                                NAME_REF@58..59
                                  IDENT@58..59 "N"
                              WHITESPACE@59..60 " "
                              LT@60..61 "<"
                              WHITESPACE@61..62 " "
                              LITERAL@62..63
                                INT_NUMBER@62..63 "2"
                            WHITESPACE@63..64 " "
                            QUESTION@64..65 "?"
                            WHITESPACE@65..66 " "
                            LITERAL@66..67
                              INT_NUMBER@66..67 "1"
                            WHITESPACE@67..68 " "
                            COLON@68..69 ":"
                            WHITESPACE@69..70 " "
                            LITERAL@70..71
                              INT_NUMBER@70..71 "2"
                        GT@71..72 ">"
                WHITESPACE@72..73 " "
                DECLARATOR@73..74
                  NAME@73..74
                    IDENT@73..74 "g"
                SEMICOLON@74..75 ";"
              WHITESPACE@75..76 " "
              VAR_DECL@76..99
                PATH_TYPE@76..96
                  PATH@76..96
                    PATH_SEGMENT@76..96
                      NAME_REF@76..79
                        IDENT@76..79 "Foo"
                      GENERIC_ARG_LIST@79..96
                        LT@79..80 "<"
                        TYPE_ARG@80..88
                          PATH_TYPE@80..88
                            PATH@80..88
                              PATH_SEGMENT@80..88
                                NAME_REF@80..83
                                  IDENT@80..83 "Bar"
                                GENERIC_ARG_LIST@83..88
                                  LT@83..84 "<"
                                  TYPE_ARG@84..87
                                    PATH_TYPE@84..87
                                      PATH@84..87
                                        PATH_SEGMENT@84..87
                                          NAME_REF@84..87
                                            IDENT@84..87 "int"
                                  GT@87..88 ">"
                        COMMA@88..89 ","
                        WHITESPACE@89..90 " "
                        CONST_ARG@90..95
                          BIN_EXPR@90..95
                            PATH_EXPR@90..91
                              NAME_REF@90..91
                                IDENT@90..91 "M"
                            WHITESPACE@91..92 " "
                            MINUS@92..93 "-"
                            WHITESPACE@93..94 " "
                            LITERAL@94..95
                              INT_NUMBER@94..95 "1"
                        GT@95..96 ">"
                WHITESPACE@96..97 " "
                DECLARATOR@97..98
                  NAME@97..98
                    IDENT@97..98 "h"
                SEMICOLON@98..99 ";"
        "#]],
    );
}

/// In expressions: explicit value arguments of a call, and comparisons that only look generic.
#[test]
fn generic_argument_expressions_in_calls() {
    check(
        "void f() { x = g<N * 2, int>(y); b = a < c && d > (e); Buf<B < 3 ? 4 : 5> h; }",
        expect![[r#"
            SOURCE_FILE@0..78
              FN@0..78
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
                BLOCK@9..78
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
                      CALL_EXPR@15..31
                        PATH_EXPR@15..28
                          NAME_REF@15..16
                            IDENT@15..16 "g"
                          GENERIC_ARG_LIST@16..28
                            LT@16..17 "<"
                            CONST_ARG@17..22
                              BIN_EXPR@17..22
                                PATH_EXPR@17..18
                                  NAME_REF@17..18
                                    IDENT@17..18 "N"
                                WHITESPACE@18..19 " "
                                STAR@19..20 "*"
                                WHITESPACE@20..21 " "
                                LITERAL@21..22
                                  INT_NUMBER@21..22 "2"
                            COMMA@22..23 ","
                            WHITESPACE@23..24 " "
                            TYPE_ARG@24..27
                              PATH_TYPE@24..27
                                PATH@24..27
                                  PATH_SEGMENT@24..27
                                    NAME_REF@24..27
                                      IDENT@24..27 "int"
                            GT@27..28 ">"
                        ARG_LIST@28..31
                          L_PAREN@28..29 "("
                          PATH_EXPR@29..30
                            NAME_REF@29..30
                              IDENT@29..30 "y"
                          R_PAREN@30..31 ")"
                    SEMICOLON@31..32 ";"
                  WHITESPACE@32..33 " "
                  EXPR_STMT@33..54
                    BIN_EXPR@33..53
                      PATH_EXPR@33..34
                        NAME_REF@33..34
                          IDENT@33..34 "b"
                      WHITESPACE@34..35 " "
                      EQ@35..36 "="
                      WHITESPACE@36..37 " "
                      BIN_EXPR@37..53
                        BIN_EXPR@37..42
                          PATH_EXPR@37..38
                            NAME_REF@37..38
                              IDENT@37..38 "a"
                          WHITESPACE@38..39 " "
                          LT@39..40 "<"
                          WHITESPACE@40..41 " "
                          PATH_EXPR@41..42
                            NAME_REF@41..42
                              IDENT@41..42 "c"
                        WHITESPACE@42..43 " "
                        AMP2@43..45 "&&"
                        WHITESPACE@45..46 " "
                        BIN_EXPR@46..53
                          PATH_EXPR@46..47
                            NAME_REF@46..47
                              IDENT@46..47 "d"
                          WHITESPACE@47..48 " "
                          GT@48..49 ">"
                          WHITESPACE@49..50 " "
                          PAREN_EXPR@50..53
                            L_PAREN@50..51 "("
                            PATH_EXPR@51..52
                              NAME_REF@51..52
                                IDENT@51..52 "e"
                            R_PAREN@52..53 ")"
                    SEMICOLON@53..54 ";"
                  WHITESPACE@54..55 " "
                  VAR_DECL@55..76
                    PATH_TYPE@55..73
                      PATH@55..73
                        PATH_SEGMENT@55..73
                          NAME_REF@55..58
                            IDENT@55..58 "Buf"
                          GENERIC_ARG_LIST@58..73
                            LT@58..59 "<"
                            CONST_ARG@59..72
                              TERNARY_EXPR@59..72
                                BIN_EXPR@59..64
                                  PATH_EXPR@59..60
                                    NAME_REF@59..60
                                      IDENT@59..60 "B"
                                  WHITESPACE@60..61 " "
                                  LT@61..62 "<"
                                  WHITESPACE@62..63 " "
                                  LITERAL@63..64
                                    INT_NUMBER@63..64 "3"
                                WHITESPACE@64..65 " "
                                QUESTION@65..66 "?"
                                WHITESPACE@66..67 " "
                                LITERAL@67..68
                                  INT_NUMBER@67..68 "4"
                                WHITESPACE@68..69 " "
                                COLON@69..70 ":"
                                WHITESPACE@70..71 " "
                                LITERAL@71..72
                                  INT_NUMBER@71..72 "5"
                            GT@72..73 ">"
                    WHITESPACE@73..74 " "
                    DECLARATOR@74..75
                      NAME@74..75
                        IDENT@74..75 "h"
                    SEMICOLON@75..76 ";"
                  WHITESPACE@76..77 " "
                  R_CURLY@77..78 "}"
        "#]],
    );
}

#[test]
fn pointer_types() {
    super::check_outline(
        "uniform int* a; IFoo** b; float4 *c; int f(no_diff float4* p, Foo<int*> q); int* g(); typedef int* P; uniform int * d;",
        expect![[r#"
            SOURCE_FILE
              VAR_DECL UNIFORM_KW(uniform)
                POINTER_TYPE
                  PATH_TYPE "int"
                DECLARATOR
                  NAME "a" (IDENT)
              VAR_DECL
                POINTER_TYPE
                  POINTER_TYPE
                    PATH_TYPE "IFoo"
                DECLARATOR
                  NAME "b" (IDENT)
              VAR_DECL
                POINTER_TYPE
                  PATH_TYPE "float4"
                DECLARATOR
                  NAME "c" (IDENT)
              FN
                PATH_TYPE "int"
                NAME "f" (IDENT)
                PARAM_LIST
                  PARAM NO_DIFF_KW(no_diff)
                    POINTER_TYPE
                      PATH_TYPE "float4"
                    NAME "p" (IDENT)
                  PARAM
                    PATH_TYPE "Foo < int * >"
                    NAME "q" (IDENT)
              FN
                POINTER_TYPE
                  PATH_TYPE "int"
                NAME "g" (IDENT)
                PARAM_LIST
              TYPEDEF TYPEDEF_KW(typedef)
                POINTER_TYPE
                  PATH_TYPE "int"
                NAME "P" (IDENT)
              VAR_DECL UNIFORM_KW(uniform)
                POINTER_TYPE
                  PATH_TYPE "int"
                DECLARATOR
                  NAME "d" (IDENT)
        "#]],
    );
}

#[test]
fn function_types_and_global_scope() {
    super::check_outline(
        "func f(g : functype(int, float) -> int) -> int; typedef ::Foo Foo; static ::N n = First;",
        expect![[r#"
            SOURCE_FILE
              FN FUNC_KW(func)
                NAME "f" (IDENT)
                PARAM_LIST
                  PARAM
                    NAME "g" (IDENT)
                    FUNC_TYPE FUNCTYPE_KW(functype)
                      PATH_TYPE "int"
                      PATH_TYPE "float"
                      PATH_TYPE "int"
                PATH_TYPE "int"
              TYPEDEF TYPEDEF_KW(typedef)
                PATH_TYPE ":: Foo"
                NAME "Foo" (IDENT)
              VAR_DECL STATIC_KW(static)
                PATH_TYPE ":: N"
                DECLARATOR
                  NAME "n" (IDENT)
                  PATH_EXPR
                    NAME_REF "First" (IDENT)
        "#]],
    );
}

#[test]
fn type_modifiers_in_generic_arguments() {
    super::check_outline(
        "RWStructuredBuffer<unorm float> a; ConstantBuffer<row_major float3x3> b; typealias AB = IA & IB;",
        expect![[r#"
            SOURCE_FILE
              VAR_DECL
                PATH_TYPE "RWStructuredBuffer < unorm float >"
                DECLARATOR
                  NAME "a" (IDENT)
              VAR_DECL
                PATH_TYPE "ConstantBuffer < row_major float3x3 >"
                DECLARATOR
                  NAME "b" (IDENT)
              TYPEALIAS TYPEALIAS_KW(typealias)
                NAME "AB" (IDENT)
                AND_TYPE
                  PATH_TYPE "IA"
                  PATH_TYPE "IB"
        "#]],
    );
}
