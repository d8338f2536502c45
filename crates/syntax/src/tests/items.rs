//! Declarations: functions, structs, interfaces, extensions, enums, namespaces, aliases,
//! buffers, modules.

use super::check;
use expect_test::expect;

#[test]
fn function_with_semantic_and_attributes() {
    check(
        "[shader(\"compute\")] [numthreads(8, 1, 1)]\nvoid computeMain(uint3 tid : SV_DispatchThreadID) {}",
        expect![[r#"
            SOURCE_FILE@0..94
              FN@0..94
                ATTRIBUTE@0..19
                  L_BRACK@0..1 "["
                  PATH@1..7
                    PATH_SEGMENT@1..7
                      NAME_REF@1..7
                        IDENT@1..7 "shader"
                  ARG_LIST@7..18
                    L_PAREN@7..8 "("
                    LITERAL@8..17
                      STRING@8..17 "\"compute\""
                    R_PAREN@17..18 ")"
                  R_BRACK@18..19 "]"
                WHITESPACE@19..20 " "
                ATTRIBUTE@20..41
                  L_BRACK@20..21 "["
                  PATH@21..31
                    PATH_SEGMENT@21..31
                      NAME_REF@21..31
                        IDENT@21..31 "numthreads"
                  ARG_LIST@31..40
                    L_PAREN@31..32 "("
                    LITERAL@32..33
                      INT_NUMBER@32..33 "8"
                    COMMA@33..34 ","
                    WHITESPACE@34..35 " "
                    LITERAL@35..36
                      INT_NUMBER@35..36 "1"
                    COMMA@36..37 ","
                    WHITESPACE@37..38 " "
                    LITERAL@38..39
                      INT_NUMBER@38..39 "1"
                    R_PAREN@39..40 ")"
                  R_BRACK@40..41 "]"
                WHITESPACE@41..42 "\n"
                PATH_TYPE@42..46
                  PATH@42..46
                    PATH_SEGMENT@42..46
                      NAME_REF@42..46
                        IDENT@42..46 "void"
                WHITESPACE@46..47 " "
                NAME@47..58
                  IDENT@47..58 "computeMain"
                PARAM_LIST@58..91
                  L_PAREN@58..59 "("
                  PARAM@59..90
                    PATH_TYPE@59..64
                      PATH@59..64
                        PATH_SEGMENT@59..64
                          NAME_REF@59..64
                            IDENT@59..64 "uint3"
                    WHITESPACE@64..65 " "
                    NAME@65..68
                      IDENT@65..68 "tid"
                    WHITESPACE@68..69 " "
                    SEMANTIC@69..90
                      COLON@69..70 ":"
                      WHITESPACE@70..71 " "
                      NAME_REF@71..90
                        IDENT@71..90 "SV_DispatchThreadID"
                  R_PAREN@90..91 ")"
                WHITESPACE@91..92 " "
                BLOCK@92..94
                  L_CURLY@92..93 "{"
                  R_CURLY@93..94 "}"
        "#]],
    );
}

#[test]
fn function_prototype_and_modifiers() {
    check(
        "public static inline float f(in float a, out float b, inout float c, no_diff float d = 1.0);",
        expect![[r#"
        SOURCE_FILE@0..92
          FN@0..92
            PUBLIC_KW@0..6 "public"
            WHITESPACE@6..7 " "
            STATIC_KW@7..13 "static"
            WHITESPACE@13..14 " "
            INLINE_KW@14..20 "inline"
            WHITESPACE@20..21 " "
            PATH_TYPE@21..26
              PATH@21..26
                PATH_SEGMENT@21..26
                  NAME_REF@21..26
                    IDENT@21..26 "float"
            WHITESPACE@26..27 " "
            NAME@27..28
              IDENT@27..28 "f"
            PARAM_LIST@28..91
              L_PAREN@28..29 "("
              PARAM@29..39
                IN_KW@29..31 "in"
                WHITESPACE@31..32 " "
                PATH_TYPE@32..37
                  PATH@32..37
                    PATH_SEGMENT@32..37
                      NAME_REF@32..37
                        IDENT@32..37 "float"
                WHITESPACE@37..38 " "
                NAME@38..39
                  IDENT@38..39 "a"
              COMMA@39..40 ","
              WHITESPACE@40..41 " "
              PARAM@41..52
                OUT_KW@41..44 "out"
                WHITESPACE@44..45 " "
                PATH_TYPE@45..50
                  PATH@45..50
                    PATH_SEGMENT@45..50
                      NAME_REF@45..50
                        IDENT@45..50 "float"
                WHITESPACE@50..51 " "
                NAME@51..52
                  IDENT@51..52 "b"
              COMMA@52..53 ","
              WHITESPACE@53..54 " "
              PARAM@54..67
                INOUT_KW@54..59 "inout"
                WHITESPACE@59..60 " "
                PATH_TYPE@60..65
                  PATH@60..65
                    PATH_SEGMENT@60..65
                      NAME_REF@60..65
                        IDENT@60..65 "float"
                WHITESPACE@65..66 " "
                NAME@66..67
                  IDENT@66..67 "c"
              COMMA@67..68 ","
              WHITESPACE@68..69 " "
              PARAM@69..90
                NO_DIFF_KW@69..76 "no_diff"
                WHITESPACE@76..77 " "
                PATH_TYPE@77..82
                  PATH@77..82
                    PATH_SEGMENT@77..82
                      NAME_REF@77..82
                        IDENT@77..82 "float"
                WHITESPACE@82..83 " "
                NAME@83..84
                  IDENT@83..84 "d"
                WHITESPACE@84..85 " "
                EQ@85..86 "="
                WHITESPACE@86..87 " "
                LITERAL@87..90
                  FLOAT_NUMBER@87..90 "1.0"
              R_PAREN@90..91 ")"
            SEMICOLON@91..92 ";"
    "#]],
    );
}

#[test]
fn generic_function_with_all_param_kinds() {
    check(
        "T twice<T : IArithmetic, let N : int, each U>(T x) { return x + x; }",
        expect![[r#"
        SOURCE_FILE@0..68
          FN@0..68
            PATH_TYPE@0..1
              PATH@0..1
                PATH_SEGMENT@0..1
                  NAME_REF@0..1
                    IDENT@0..1 "T"
            WHITESPACE@1..2 " "
            NAME@2..7
              IDENT@2..7 "twice"
            GENERIC_PARAM_LIST@7..45
              LT@7..8 "<"
              TYPE_PARAM@8..23
                NAME@8..9
                  IDENT@8..9 "T"
                WHITESPACE@9..10 " "
                COLON@10..11 ":"
                WHITESPACE@11..12 " "
                PATH_TYPE@12..23
                  PATH@12..23
                    PATH_SEGMENT@12..23
                      NAME_REF@12..23
                        IDENT@12..23 "IArithmetic"
              COMMA@23..24 ","
              WHITESPACE@24..25 " "
              VALUE_PARAM@25..36
                LET_KW@25..28 "let"
                WHITESPACE@28..29 " "
                NAME@29..30
                  IDENT@29..30 "N"
                WHITESPACE@30..31 " "
                COLON@31..32 ":"
                WHITESPACE@32..33 " "
                PATH_TYPE@33..36
                  PATH@33..36
                    PATH_SEGMENT@33..36
                      NAME_REF@33..36
                        IDENT@33..36 "int"
              COMMA@36..37 ","
              WHITESPACE@37..38 " "
              TYPE_PARAM@38..44
                EACH_KW@38..42 "each"
                WHITESPACE@42..43 " "
                NAME@43..44
                  IDENT@43..44 "U"
              GT@44..45 ">"
            PARAM_LIST@45..50
              L_PAREN@45..46 "("
              PARAM@46..49
                PATH_TYPE@46..47
                  PATH@46..47
                    PATH_SEGMENT@46..47
                      NAME_REF@46..47
                        IDENT@46..47 "T"
                WHITESPACE@47..48 " "
                NAME@48..49
                  IDENT@48..49 "x"
              R_PAREN@49..50 ")"
            WHITESPACE@50..51 " "
            BLOCK@51..68
              L_CURLY@51..52 "{"
              WHITESPACE@52..53 " "
              RETURN_STMT@53..66
                RETURN_KW@53..59 "return"
                WHITESPACE@59..60 " "
                BIN_EXPR@60..65
                  PATH_EXPR@60..61
                    NAME_REF@60..61
                      IDENT@60..61 "x"
                  WHITESPACE@61..62 " "
                  PLUS@62..63 "+"
                  WHITESPACE@63..64 " "
                  PATH_EXPR@64..65
                    NAME_REF@64..65
                      IDENT@64..65 "x"
                SEMICOLON@65..66 ";"
              WHITESPACE@66..67 " "
              R_CURLY@67..68 "}"
    "#]],
    );
}

#[test]
fn generic_prefix_form_and_where_clause() {
    check(
        "__generic<T> float g(T v) where T : IFoo, T : IBar { return v.f(); }",
        expect![[r#"
        SOURCE_FILE@0..68
          FN@0..68
            GENERIC_PARAM_LIST@0..12
              GENERIC_KW@0..9 "__generic"
              LT@9..10 "<"
              TYPE_PARAM@10..11
                NAME@10..11
                  IDENT@10..11 "T"
              GT@11..12 ">"
            WHITESPACE@12..13 " "
            PATH_TYPE@13..18
              PATH@13..18
                PATH_SEGMENT@13..18
                  NAME_REF@13..18
                    IDENT@13..18 "float"
            WHITESPACE@18..19 " "
            NAME@19..20
              IDENT@19..20 "g"
            PARAM_LIST@20..25
              L_PAREN@20..21 "("
              PARAM@21..24
                PATH_TYPE@21..22
                  PATH@21..22
                    PATH_SEGMENT@21..22
                      NAME_REF@21..22
                        IDENT@21..22 "T"
                WHITESPACE@22..23 " "
                NAME@23..24
                  IDENT@23..24 "v"
              R_PAREN@24..25 ")"
            WHITESPACE@25..26 " "
            WHERE_CLAUSE@26..50
              WHERE_KW@26..31 "where"
              WHITESPACE@31..32 " "
              WHERE_PRED@32..40
                PATH_TYPE@32..33
                  PATH@32..33
                    PATH_SEGMENT@32..33
                      NAME_REF@32..33
                        IDENT@32..33 "T"
                WHITESPACE@33..34 " "
                COLON@34..35 ":"
                WHITESPACE@35..36 " "
                PATH_TYPE@36..40
                  PATH@36..40
                    PATH_SEGMENT@36..40
                      NAME_REF@36..40
                        IDENT@36..40 "IFoo"
              COMMA@40..41 ","
              WHITESPACE@41..42 " "
              WHERE_PRED@42..50
                PATH_TYPE@42..43
                  PATH@42..43
                    PATH_SEGMENT@42..43
                      NAME_REF@42..43
                        IDENT@42..43 "T"
                WHITESPACE@43..44 " "
                COLON@44..45 ":"
                WHITESPACE@45..46 " "
                PATH_TYPE@46..50
                  PATH@46..50
                    PATH_SEGMENT@46..50
                      NAME_REF@46..50
                        IDENT@46..50 "IBar"
            WHITESPACE@50..51 " "
            BLOCK@51..68
              L_CURLY@51..52 "{"
              WHITESPACE@52..53 " "
              RETURN_STMT@53..66
                RETURN_KW@53..59 "return"
                WHITESPACE@59..60 " "
                CALL_EXPR@60..65
                  FIELD_EXPR@60..63
                    PATH_EXPR@60..61
                      NAME_REF@60..61
                        IDENT@60..61 "v"
                    DOT@61..62 "."
                    NAME_REF@62..63
                      IDENT@62..63 "f"
                  ARG_LIST@63..65
                    L_PAREN@63..64 "("
                    R_PAREN@64..65 ")"
                SEMICOLON@65..66 ";"
              WHITESPACE@66..67 " "
              R_CURLY@67..68 "}"
    "#]],
    );
}

#[test]
fn func_style_function() {
    check(
        "func add(x : float, y : float) -> float { return x + y; }",
        expect![[r#"
        SOURCE_FILE@0..57
          FN@0..57
            FUNC_KW@0..4 "func"
            WHITESPACE@4..5 " "
            NAME@5..8
              IDENT@5..8 "add"
            PARAM_LIST@8..30
              L_PAREN@8..9 "("
              PARAM@9..18
                NAME@9..10
                  IDENT@9..10 "x"
                WHITESPACE@10..11 " "
                COLON@11..12 ":"
                WHITESPACE@12..13 " "
                PATH_TYPE@13..18
                  PATH@13..18
                    PATH_SEGMENT@13..18
                      NAME_REF@13..18
                        IDENT@13..18 "float"
              COMMA@18..19 ","
              WHITESPACE@19..20 " "
              PARAM@20..29
                NAME@20..21
                  IDENT@20..21 "y"
                WHITESPACE@21..22 " "
                COLON@22..23 ":"
                WHITESPACE@23..24 " "
                PATH_TYPE@24..29
                  PATH@24..29
                    PATH_SEGMENT@24..29
                      NAME_REF@24..29
                        IDENT@24..29 "float"
              R_PAREN@29..30 ")"
            WHITESPACE@30..31 " "
            THIN_ARROW@31..33 "->"
            WHITESPACE@33..34 " "
            PATH_TYPE@34..39
              PATH@34..39
                PATH_SEGMENT@34..39
                  NAME_REF@34..39
                    IDENT@34..39 "float"
            WHITESPACE@39..40 " "
            BLOCK@40..57
              L_CURLY@40..41 "{"
              WHITESPACE@41..42 " "
              RETURN_STMT@42..55
                RETURN_KW@42..48 "return"
                WHITESPACE@48..49 " "
                BIN_EXPR@49..54
                  PATH_EXPR@49..50
                    NAME_REF@49..50
                      IDENT@49..50 "x"
                  WHITESPACE@50..51 " "
                  PLUS@51..52 "+"
                  WHITESPACE@52..53 " "
                  PATH_EXPR@53..54
                    NAME_REF@53..54
                      IDENT@53..54 "y"
                SEMICOLON@54..55 ";"
              WHITESPACE@55..56 " "
              R_CURLY@56..57 "}"
    "#]],
    );
}

#[test]
fn operator_overload() {
    check(
        "Complex operator+(Complex a, Complex b) { return a; }\nbool operator>=(A a, A b);",
        expect![[r#"
        SOURCE_FILE@0..80
          FN@0..53
            PATH_TYPE@0..7
              PATH@0..7
                PATH_SEGMENT@0..7
                  NAME_REF@0..7
                    IDENT@0..7 "Complex"
            WHITESPACE@7..8 " "
            NAME@8..17
              OPERATOR_KW@8..16 "operator"
              PLUS@16..17 "+"
            PARAM_LIST@17..39
              L_PAREN@17..18 "("
              PARAM@18..27
                PATH_TYPE@18..25
                  PATH@18..25
                    PATH_SEGMENT@18..25
                      NAME_REF@18..25
                        IDENT@18..25 "Complex"
                WHITESPACE@25..26 " "
                NAME@26..27
                  IDENT@26..27 "a"
              COMMA@27..28 ","
              WHITESPACE@28..29 " "
              PARAM@29..38
                PATH_TYPE@29..36
                  PATH@29..36
                    PATH_SEGMENT@29..36
                      NAME_REF@29..36
                        IDENT@29..36 "Complex"
                WHITESPACE@36..37 " "
                NAME@37..38
                  IDENT@37..38 "b"
              R_PAREN@38..39 ")"
            WHITESPACE@39..40 " "
            BLOCK@40..53
              L_CURLY@40..41 "{"
              WHITESPACE@41..42 " "
              RETURN_STMT@42..51
                RETURN_KW@42..48 "return"
                WHITESPACE@48..49 " "
                PATH_EXPR@49..50
                  NAME_REF@49..50
                    IDENT@49..50 "a"
                SEMICOLON@50..51 ";"
              WHITESPACE@51..52 " "
              R_CURLY@52..53 "}"
          WHITESPACE@53..54 "\n"
          FN@54..80
            PATH_TYPE@54..58
              PATH@54..58
                PATH_SEGMENT@54..58
                  NAME_REF@54..58
                    IDENT@54..58 "bool"
            WHITESPACE@58..59 " "
            NAME@59..69
              OPERATOR_KW@59..67 "operator"
              GTEQ@67..69 ">="
            PARAM_LIST@69..79
              L_PAREN@69..70 "("
              PARAM@70..73
                PATH_TYPE@70..71
                  PATH@70..71
                    PATH_SEGMENT@70..71
                      NAME_REF@70..71
                        IDENT@70..71 "A"
                WHITESPACE@71..72 " "
                NAME@72..73
                  IDENT@72..73 "a"
              COMMA@73..74 ","
              WHITESPACE@74..75 " "
              PARAM@75..78
                PATH_TYPE@75..76
                  PATH@75..76
                    PATH_SEGMENT@75..76
                      NAME_REF@75..76
                        IDENT@75..76 "A"
                WHITESPACE@76..77 " "
                NAME@77..78
                  IDENT@77..78 "b"
              R_PAREN@78..79 ")"
            SEMICOLON@79..80 ";"
    "#]],
    );
}

#[test]
fn no_diff_return_type_and_array_param() {
    check(
        "no_diff float f(float a[4], inout float3 b[2][3]);",
        expect![[r#"
        SOURCE_FILE@0..50
          FN@0..50
            NO_DIFF_KW@0..7 "no_diff"
            WHITESPACE@7..8 " "
            PATH_TYPE@8..13
              PATH@8..13
                PATH_SEGMENT@8..13
                  NAME_REF@8..13
                    IDENT@8..13 "float"
            WHITESPACE@13..14 " "
            NAME@14..15
              IDENT@14..15 "f"
            PARAM_LIST@15..49
              L_PAREN@15..16 "("
              PARAM@16..26
                PATH_TYPE@16..21
                  PATH@16..21
                    PATH_SEGMENT@16..21
                      NAME_REF@16..21
                        IDENT@16..21 "float"
                WHITESPACE@21..22 " "
                NAME@22..23
                  IDENT@22..23 "a"
                ARRAY_SUFFIX@23..26
                  L_BRACK@23..24 "["
                  LITERAL@24..25
                    INT_NUMBER@24..25 "4"
                  R_BRACK@25..26 "]"
              COMMA@26..27 ","
              WHITESPACE@27..28 " "
              PARAM@28..48
                INOUT_KW@28..33 "inout"
                WHITESPACE@33..34 " "
                PATH_TYPE@34..40
                  PATH@34..40
                    PATH_SEGMENT@34..40
                      NAME_REF@34..40
                        IDENT@34..40 "float3"
                WHITESPACE@40..41 " "
                NAME@41..42
                  IDENT@41..42 "b"
                ARRAY_SUFFIX@42..45
                  L_BRACK@42..43 "["
                  LITERAL@43..44
                    INT_NUMBER@43..44 "2"
                  R_BRACK@44..45 "]"
                ARRAY_SUFFIX@45..48
                  L_BRACK@45..46 "["
                  LITERAL@46..47
                    INT_NUMBER@46..47 "3"
                  R_BRACK@47..48 "]"
              R_PAREN@48..49 ")"
            SEMICOLON@49..50 ";"
    "#]],
    );
}

#[test]
fn struct_with_fields_methods_init() {
    check(
        "struct S : IFoo, IBar {\n  float a[3][4], b = 1;\n  static const int k = 2;\n  __init(float r) { a = r; }\n  [mutating] void grow(float d) { b += d; }\n};",
        expect![[r#"
            SOURCE_FILE@0..149
              STRUCT@0..149
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "S"
                WHITESPACE@8..9 " "
                BASE_LIST@9..21
                  COLON@9..10 ":"
                  WHITESPACE@10..11 " "
                  PATH_TYPE@11..15
                    PATH@11..15
                      PATH_SEGMENT@11..15
                        NAME_REF@11..15
                          IDENT@11..15 "IFoo"
                  COMMA@15..16 ","
                  WHITESPACE@16..17 " "
                  PATH_TYPE@17..21
                    PATH@17..21
                      PATH_SEGMENT@17..21
                        NAME_REF@17..21
                          IDENT@17..21 "IBar"
                WHITESPACE@21..22 " "
                MEMBER_LIST@22..148
                  L_CURLY@22..23 "{"
                  WHITESPACE@23..26 "\n  "
                  VAR_DECL@26..47
                    PATH_TYPE@26..31
                      PATH@26..31
                        PATH_SEGMENT@26..31
                          NAME_REF@26..31
                            IDENT@26..31 "float"
                    WHITESPACE@31..32 " "
                    DECLARATOR@32..39
                      NAME@32..33
                        IDENT@32..33 "a"
                      ARRAY_SUFFIX@33..36
                        L_BRACK@33..34 "["
                        LITERAL@34..35
                          INT_NUMBER@34..35 "3"
                        R_BRACK@35..36 "]"
                      ARRAY_SUFFIX@36..39
                        L_BRACK@36..37 "["
                        LITERAL@37..38
                          INT_NUMBER@37..38 "4"
                        R_BRACK@38..39 "]"
                    COMMA@39..40 ","
                    WHITESPACE@40..41 " "
                    DECLARATOR@41..46
                      NAME@41..42
                        IDENT@41..42 "b"
                      WHITESPACE@42..43 " "
                      EQ@43..44 "="
                      WHITESPACE@44..45 " "
                      LITERAL@45..46
                        INT_NUMBER@45..46 "1"
                    SEMICOLON@46..47 ";"
                  WHITESPACE@47..50 "\n  "
                  VAR_DECL@50..73
                    STATIC_KW@50..56 "static"
                    WHITESPACE@56..57 " "
                    CONST_KW@57..62 "const"
                    WHITESPACE@62..63 " "
                    PATH_TYPE@63..66
                      PATH@63..66
                        PATH_SEGMENT@63..66
                          NAME_REF@63..66
                            IDENT@63..66 "int"
                    WHITESPACE@66..67 " "
                    DECLARATOR@67..72
                      NAME@67..68
                        IDENT@67..68 "k"
                      WHITESPACE@68..69 " "
                      EQ@69..70 "="
                      WHITESPACE@70..71 " "
                      LITERAL@71..72
                        INT_NUMBER@71..72 "2"
                    SEMICOLON@72..73 ";"
                  WHITESPACE@73..76 "\n  "
                  INIT@76..102
                    INIT_KW@76..82 "__init"
                    PARAM_LIST@82..91
                      L_PAREN@82..83 "("
                      PARAM@83..90
                        PATH_TYPE@83..88
                          PATH@83..88
                            PATH_SEGMENT@83..88
                              NAME_REF@83..88
                                IDENT@83..88 "float"
                        WHITESPACE@88..89 " "
                        NAME@89..90
                          IDENT@89..90 "r"
                      R_PAREN@90..91 ")"
                    WHITESPACE@91..92 " "
                    BLOCK@92..102
                      L_CURLY@92..93 "{"
                      WHITESPACE@93..94 " "
                      EXPR_STMT@94..100
                        BIN_EXPR@94..99
                          PATH_EXPR@94..95
                            NAME_REF@94..95
                              IDENT@94..95 "a"
                          WHITESPACE@95..96 " "
                          EQ@96..97 "="
                          WHITESPACE@97..98 " "
                          PATH_EXPR@98..99
                            NAME_REF@98..99
                              IDENT@98..99 "r"
                        SEMICOLON@99..100 ";"
                      WHITESPACE@100..101 " "
                      R_CURLY@101..102 "}"
                  WHITESPACE@102..105 "\n  "
                  FN@105..146
                    ATTRIBUTE@105..115
                      L_BRACK@105..106 "["
                      PATH@106..114
                        PATH_SEGMENT@106..114
                          NAME_REF@106..114
                            IDENT@106..114 "mutating"
                      R_BRACK@114..115 "]"
                    WHITESPACE@115..116 " "
                    PATH_TYPE@116..120
                      PATH@116..120
                        PATH_SEGMENT@116..120
                          NAME_REF@116..120
                            IDENT@116..120 "void"
                    WHITESPACE@120..121 " "
                    NAME@121..125
                      IDENT@121..125 "grow"
                    PARAM_LIST@125..134
                      L_PAREN@125..126 "("
                      PARAM@126..133
                        PATH_TYPE@126..131
                          PATH@126..131
                            PATH_SEGMENT@126..131
                              NAME_REF@126..131
                                IDENT@126..131 "float"
                        WHITESPACE@131..132 " "
                        NAME@132..133
                          IDENT@132..133 "d"
                      R_PAREN@133..134 ")"
                    WHITESPACE@134..135 " "
                    BLOCK@135..146
                      L_CURLY@135..136 "{"
                      WHITESPACE@136..137 " "
                      EXPR_STMT@137..144
                        BIN_EXPR@137..143
                          PATH_EXPR@137..138
                            NAME_REF@137..138
                              IDENT@137..138 "b"
                          WHITESPACE@138..139 " "
                          PLUSEQ@139..141 "+="
                          WHITESPACE@141..142 " "
                          PATH_EXPR@142..143
                            NAME_REF@142..143
                              IDENT@142..143 "d"
                        SEMICOLON@143..144 ";"
                      WHITESPACE@144..145 " "
                      R_CURLY@145..146 "}"
                  WHITESPACE@146..147 "\n"
                  R_CURLY@147..148 "}"
                SEMICOLON@148..149 ";"
        "#]],
    );
}

#[test]
fn generic_struct_and_class() {
    check(
        "struct Buffer<T, let N : int> { T items[N]; }\nclass C { int x; }",
        expect![[r#"
        SOURCE_FILE@0..64
          STRUCT@0..45
            STRUCT_KW@0..6 "struct"
            WHITESPACE@6..7 " "
            NAME@7..13
              IDENT@7..13 "Buffer"
            GENERIC_PARAM_LIST@13..29
              LT@13..14 "<"
              TYPE_PARAM@14..15
                NAME@14..15
                  IDENT@14..15 "T"
              COMMA@15..16 ","
              WHITESPACE@16..17 " "
              VALUE_PARAM@17..28
                LET_KW@17..20 "let"
                WHITESPACE@20..21 " "
                NAME@21..22
                  IDENT@21..22 "N"
                WHITESPACE@22..23 " "
                COLON@23..24 ":"
                WHITESPACE@24..25 " "
                PATH_TYPE@25..28
                  PATH@25..28
                    PATH_SEGMENT@25..28
                      NAME_REF@25..28
                        IDENT@25..28 "int"
              GT@28..29 ">"
            WHITESPACE@29..30 " "
            MEMBER_LIST@30..45
              L_CURLY@30..31 "{"
              WHITESPACE@31..32 " "
              VAR_DECL@32..43
                PATH_TYPE@32..33
                  PATH@32..33
                    PATH_SEGMENT@32..33
                      NAME_REF@32..33
                        IDENT@32..33 "T"
                WHITESPACE@33..34 " "
                DECLARATOR@34..42
                  NAME@34..39
                    IDENT@34..39 "items"
                  ARRAY_SUFFIX@39..42
                    L_BRACK@39..40 "["
                    PATH_EXPR@40..41
                      NAME_REF@40..41
                        IDENT@40..41 "N"
                    R_BRACK@41..42 "]"
                SEMICOLON@42..43 ";"
              WHITESPACE@43..44 " "
              R_CURLY@44..45 "}"
          WHITESPACE@45..46 "\n"
          STRUCT@46..64
            CLASS_KW@46..51 "class"
            WHITESPACE@51..52 " "
            NAME@52..53
              IDENT@52..53 "C"
            WHITESPACE@53..54 " "
            MEMBER_LIST@54..64
              L_CURLY@54..55 "{"
              WHITESPACE@55..56 " "
              VAR_DECL@56..62
                PATH_TYPE@56..59
                  PATH@56..59
                    PATH_SEGMENT@56..59
                      NAME_REF@56..59
                        IDENT@56..59 "int"
                WHITESPACE@59..60 " "
                DECLARATOR@60..61
                  NAME@60..61
                    IDENT@60..61 "x"
                SEMICOLON@61..62 ";"
              WHITESPACE@62..63 " "
              R_CURLY@63..64 "}"
    "#]],
    );
}

#[test]
fn struct_subscript_and_properties() {
    check(
        "struct V {\n  __subscript(int i) -> float { get { return x; } set { x = newValue; } }\n  property float size { get; }\n  property len : float { get { return 1; } set(v) { x = v; } }\n}",
        expect![[r#"
            SOURCE_FILE@0..180
              STRUCT@0..180
                STRUCT_KW@0..6 "struct"
                WHITESPACE@6..7 " "
                NAME@7..8
                  IDENT@7..8 "V"
                WHITESPACE@8..9 " "
                MEMBER_LIST@9..180
                  L_CURLY@9..10 "{"
                  WHITESPACE@10..13 "\n  "
                  SUBSCRIPT@13..84
                    SUBSCRIPT_KW@13..24 "__subscript"
                    PARAM_LIST@24..31
                      L_PAREN@24..25 "("
                      PARAM@25..30
                        PATH_TYPE@25..28
                          PATH@25..28
                            PATH_SEGMENT@25..28
                              NAME_REF@25..28
                                IDENT@25..28 "int"
                        WHITESPACE@28..29 " "
                        NAME@29..30
                          IDENT@29..30 "i"
                      R_PAREN@30..31 ")"
                    WHITESPACE@31..32 " "
                    THIN_ARROW@32..34 "->"
                    WHITESPACE@34..35 " "
                    PATH_TYPE@35..40
                      PATH@35..40
                        PATH_SEGMENT@35..40
                          NAME_REF@35..40
                            IDENT@35..40 "float"
                    WHITESPACE@40..41 " "
                    ACCESSOR_LIST@41..84
                      L_CURLY@41..42 "{"
                      WHITESPACE@42..43 " "
                      ACCESSOR@43..60
                        GET_KW@43..46 "get"
                        WHITESPACE@46..47 " "
                        BLOCK@47..60
                          L_CURLY@47..48 "{"
                          WHITESPACE@48..49 " "
                          RETURN_STMT@49..58
                            RETURN_KW@49..55 "return"
                            WHITESPACE@55..56 " "
                            PATH_EXPR@56..57
                              NAME_REF@56..57
                                IDENT@56..57 "x"
                            SEMICOLON@57..58 ";"
                          WHITESPACE@58..59 " "
                          R_CURLY@59..60 "}"
                      WHITESPACE@60..61 " "
                      ACCESSOR@61..82
                        SET_KW@61..64 "set"
                        WHITESPACE@64..65 " "
                        BLOCK@65..82
                          L_CURLY@65..66 "{"
                          WHITESPACE@66..67 " "
                          EXPR_STMT@67..80
                            BIN_EXPR@67..79
                              PATH_EXPR@67..68
                                NAME_REF@67..68
                                  IDENT@67..68 "x"
                              WHITESPACE@68..69 " "
                              EQ@69..70 "="
                              WHITESPACE@70..71 " "
                              PATH_EXPR@71..79
                                NAME_REF@71..79
                                  IDENT@71..79 "newValue"
                            SEMICOLON@79..80 ";"
                          WHITESPACE@80..81 " "
                          R_CURLY@81..82 "}"
                      WHITESPACE@82..83 " "
                      R_CURLY@83..84 "}"
                  WHITESPACE@84..87 "\n  "
                  PROPERTY@87..115
                    PROPERTY_KW@87..95 "property"
                    WHITESPACE@95..96 " "
                    PATH_TYPE@96..101
                      PATH@96..101
                        PATH_SEGMENT@96..101
                          NAME_REF@96..101
                            IDENT@96..101 "float"
                    WHITESPACE@101..102 " "
                    NAME@102..106
                      IDENT@102..106 "size"
                    WHITESPACE@106..107 " "
                    ACCESSOR_LIST@107..115
                      L_CURLY@107..108 "{"
                      WHITESPACE@108..109 " "
                      ACCESSOR@109..113
                        GET_KW@109..112 "get"
                        SEMICOLON@112..113 ";"
                      WHITESPACE@113..114 " "
                      R_CURLY@114..115 "}"
                  WHITESPACE@115..118 "\n  "
                  PROPERTY@118..178
                    PROPERTY_KW@118..126 "property"
                    WHITESPACE@126..127 " "
                    NAME@127..130
                      IDENT@127..130 "len"
                    WHITESPACE@130..131 " "
                    COLON@131..132 ":"
                    WHITESPACE@132..133 " "
                    PATH_TYPE@133..138
                      PATH@133..138
                        PATH_SEGMENT@133..138
                          NAME_REF@133..138
                            IDENT@133..138 "float"
                    WHITESPACE@138..139 " "
                    ACCESSOR_LIST@139..178
                      L_CURLY@139..140 "{"
                      WHITESPACE@140..141 " "
                      ACCESSOR@141..158
                        GET_KW@141..144 "get"
                        WHITESPACE@144..145 " "
                        BLOCK@145..158
                          L_CURLY@145..146 "{"
                          WHITESPACE@146..147 " "
                          RETURN_STMT@147..156
                            RETURN_KW@147..153 "return"
                            WHITESPACE@153..154 " "
                            LITERAL@154..155
                              INT_NUMBER@154..155 "1"
                            SEMICOLON@155..156 ";"
                          WHITESPACE@156..157 " "
                          R_CURLY@157..158 "}"
                      WHITESPACE@158..159 " "
                      ACCESSOR@159..176
                        SET_KW@159..162 "set"
                        PARAM_LIST@162..165
                          L_PAREN@162..163 "("
                          PARAM@163..164
                            NAME@163..164
                              IDENT@163..164 "v"
                          R_PAREN@164..165 ")"
                        WHITESPACE@165..166 " "
                        BLOCK@166..176
                          L_CURLY@166..167 "{"
                          WHITESPACE@167..168 " "
                          EXPR_STMT@168..174
                            BIN_EXPR@168..173
                              PATH_EXPR@168..169
                                NAME_REF@168..169
                                  IDENT@168..169 "x"
                              WHITESPACE@169..170 " "
                              EQ@170..171 "="
                              WHITESPACE@171..172 " "
                              PATH_EXPR@172..173
                                NAME_REF@172..173
                                  IDENT@172..173 "v"
                            SEMICOLON@173..174 ";"
                          WHITESPACE@174..175 " "
                          R_CURLY@175..176 "}"
                      WHITESPACE@176..177 " "
                      R_CURLY@177..178 "}"
                  WHITESPACE@178..179 "\n"
                  R_CURLY@179..180 "}"
        "#]],
    );
}

#[test]
fn struct_nested_alias_and_typedef() {
    check(
        "struct S { typealias Differential = S; typedef float Real; struct Inner { int i; } }",
        expect![[r#"
        SOURCE_FILE@0..84
          STRUCT@0..84
            STRUCT_KW@0..6 "struct"
            WHITESPACE@6..7 " "
            NAME@7..8
              IDENT@7..8 "S"
            WHITESPACE@8..9 " "
            MEMBER_LIST@9..84
              L_CURLY@9..10 "{"
              WHITESPACE@10..11 " "
              TYPEALIAS@11..38
                TYPEALIAS_KW@11..20 "typealias"
                WHITESPACE@20..21 " "
                NAME@21..33
                  IDENT@21..33 "Differential"
                WHITESPACE@33..34 " "
                EQ@34..35 "="
                WHITESPACE@35..36 " "
                PATH_TYPE@36..37
                  PATH@36..37
                    PATH_SEGMENT@36..37
                      NAME_REF@36..37
                        IDENT@36..37 "S"
                SEMICOLON@37..38 ";"
              WHITESPACE@38..39 " "
              TYPEDEF@39..58
                TYPEDEF_KW@39..46 "typedef"
                WHITESPACE@46..47 " "
                PATH_TYPE@47..52
                  PATH@47..52
                    PATH_SEGMENT@47..52
                      NAME_REF@47..52
                        IDENT@47..52 "float"
                WHITESPACE@52..53 " "
                NAME@53..57
                  IDENT@53..57 "Real"
                SEMICOLON@57..58 ";"
              WHITESPACE@58..59 " "
              STRUCT@59..82
                STRUCT_KW@59..65 "struct"
                WHITESPACE@65..66 " "
                NAME@66..71
                  IDENT@66..71 "Inner"
                WHITESPACE@71..72 " "
                MEMBER_LIST@72..82
                  L_CURLY@72..73 "{"
                  WHITESPACE@73..74 " "
                  VAR_DECL@74..80
                    PATH_TYPE@74..77
                      PATH@74..77
                        PATH_SEGMENT@74..77
                          NAME_REF@74..77
                            IDENT@74..77 "int"
                    WHITESPACE@77..78 " "
                    DECLARATOR@78..79
                      NAME@78..79
                        IDENT@78..79 "i"
                    SEMICOLON@79..80 ";"
                  WHITESPACE@80..81 " "
                  R_CURLY@81..82 "}"
              WHITESPACE@82..83 " "
              R_CURLY@83..84 "}"
    "#]],
    );
}

#[test]
fn interface_requirements() {
    check(
        "interface IShape : IBase {\n  float area();\n  static This unit();\n  associatedtype Param : IDifferentiable;\n  property float size { get; }\n  [Differentiable] float sdf(float3 p) { return 0; }\n}",
        expect![[r#"
            SOURCE_FILE@0..192
              INTERFACE@0..192
                INTERFACE_KW@0..9 "interface"
                WHITESPACE@9..10 " "
                NAME@10..16
                  IDENT@10..16 "IShape"
                WHITESPACE@16..17 " "
                BASE_LIST@17..24
                  COLON@17..18 ":"
                  WHITESPACE@18..19 " "
                  PATH_TYPE@19..24
                    PATH@19..24
                      PATH_SEGMENT@19..24
                        NAME_REF@19..24
                          IDENT@19..24 "IBase"
                WHITESPACE@24..25 " "
                MEMBER_LIST@25..192
                  L_CURLY@25..26 "{"
                  WHITESPACE@26..29 "\n  "
                  FN@29..42
                    PATH_TYPE@29..34
                      PATH@29..34
                        PATH_SEGMENT@29..34
                          NAME_REF@29..34
                            IDENT@29..34 "float"
                    WHITESPACE@34..35 " "
                    NAME@35..39
                      IDENT@35..39 "area"
                    PARAM_LIST@39..41
                      L_PAREN@39..40 "("
                      R_PAREN@40..41 ")"
                    SEMICOLON@41..42 ";"
                  WHITESPACE@42..45 "\n  "
                  FN@45..64
                    STATIC_KW@45..51 "static"
                    WHITESPACE@51..52 " "
                    PATH_TYPE@52..56
                      PATH@52..56
                        PATH_SEGMENT@52..56
                          NAME_REF@52..56
                            THIS_TYPE_KW@52..56 "This"
                    WHITESPACE@56..57 " "
                    NAME@57..61
                      IDENT@57..61 "unit"
                    PARAM_LIST@61..63
                      L_PAREN@61..62 "("
                      R_PAREN@62..63 ")"
                    SEMICOLON@63..64 ";"
                  WHITESPACE@64..67 "\n  "
                  ASSOC_TYPE@67..106
                    ASSOCIATEDTYPE_KW@67..81 "associatedtype"
                    WHITESPACE@81..82 " "
                    NAME@82..87
                      IDENT@82..87 "Param"
                    WHITESPACE@87..88 " "
                    BASE_LIST@88..105
                      COLON@88..89 ":"
                      WHITESPACE@89..90 " "
                      PATH_TYPE@90..105
                        PATH@90..105
                          PATH_SEGMENT@90..105
                            NAME_REF@90..105
                              IDENT@90..105 "IDifferentiable"
                    SEMICOLON@105..106 ";"
                  WHITESPACE@106..109 "\n  "
                  PROPERTY@109..137
                    PROPERTY_KW@109..117 "property"
                    WHITESPACE@117..118 " "
                    PATH_TYPE@118..123
                      PATH@118..123
                        PATH_SEGMENT@118..123
                          NAME_REF@118..123
                            IDENT@118..123 "float"
                    WHITESPACE@123..124 " "
                    NAME@124..128
                      IDENT@124..128 "size"
                    WHITESPACE@128..129 " "
                    ACCESSOR_LIST@129..137
                      L_CURLY@129..130 "{"
                      WHITESPACE@130..131 " "
                      ACCESSOR@131..135
                        GET_KW@131..134 "get"
                        SEMICOLON@134..135 ";"
                      WHITESPACE@135..136 " "
                      R_CURLY@136..137 "}"
                  WHITESPACE@137..140 "\n  "
                  FN@140..190
                    ATTRIBUTE@140..156
                      L_BRACK@140..141 "["
                      PATH@141..155
                        PATH_SEGMENT@141..155
                          NAME_REF@141..155
                            IDENT@141..155 "Differentiable"
                      R_BRACK@155..156 "]"
                    WHITESPACE@156..157 " "
                    PATH_TYPE@157..162
                      PATH@157..162
                        PATH_SEGMENT@157..162
                          NAME_REF@157..162
                            IDENT@157..162 "float"
                    WHITESPACE@162..163 " "
                    NAME@163..166
                      IDENT@163..166 "sdf"
                    PARAM_LIST@166..176
                      L_PAREN@166..167 "("
                      PARAM@167..175
                        PATH_TYPE@167..173
                          PATH@167..173
                            PATH_SEGMENT@167..173
                              NAME_REF@167..173
                                IDENT@167..173 "float3"
                        WHITESPACE@173..174 " "
                        NAME@174..175
                          IDENT@174..175 "p"
                      R_PAREN@175..176 ")"
                    WHITESPACE@176..177 " "
                    BLOCK@177..190
                      L_CURLY@177..178 "{"
                      WHITESPACE@178..179 " "
                      RETURN_STMT@179..188
                        RETURN_KW@179..185 "return"
                        WHITESPACE@185..186 " "
                        LITERAL@186..187
                          INT_NUMBER@186..187 "0"
                        SEMICOLON@187..188 ";"
                      WHITESPACE@188..189 " "
                      R_CURLY@189..190 "}"
                  WHITESPACE@190..191 "\n"
                  R_CURLY@191..192 "}"
        "#]],
    );
}

#[test]
fn extensions() {
    check(
        "extension Circle { float diameter() { return 2 * r; } }\nextension float : IMyInterface { }\nextension<T : IFoo> Vec<T> where T : IBar { }",
        expect![[r#"
            SOURCE_FILE@0..136
              EXTENSION@0..55
                EXTENSION_KW@0..9 "extension"
                WHITESPACE@9..10 " "
                PATH_TYPE@10..16
                  PATH@10..16
                    PATH_SEGMENT@10..16
                      NAME_REF@10..16
                        IDENT@10..16 "Circle"
                WHITESPACE@16..17 " "
                MEMBER_LIST@17..55
                  L_CURLY@17..18 "{"
                  WHITESPACE@18..19 " "
                  FN@19..53
                    PATH_TYPE@19..24
                      PATH@19..24
                        PATH_SEGMENT@19..24
                          NAME_REF@19..24
                            IDENT@19..24 "float"
                    WHITESPACE@24..25 " "
                    NAME@25..33
                      IDENT@25..33 "diameter"
                    PARAM_LIST@33..35
                      L_PAREN@33..34 "("
                      R_PAREN@34..35 ")"
                    WHITESPACE@35..36 " "
                    BLOCK@36..53
                      L_CURLY@36..37 "{"
                      WHITESPACE@37..38 " "
                      RETURN_STMT@38..51
                        RETURN_KW@38..44 "return"
                        WHITESPACE@44..45 " "
                        BIN_EXPR@45..50
                          LITERAL@45..46
                            INT_NUMBER@45..46 "2"
                          WHITESPACE@46..47 " "
                          STAR@47..48 "*"
                          WHITESPACE@48..49 " "
                          PATH_EXPR@49..50
                            NAME_REF@49..50
                              IDENT@49..50 "r"
                        SEMICOLON@50..51 ";"
                      WHITESPACE@51..52 " "
                      R_CURLY@52..53 "}"
                  WHITESPACE@53..54 " "
                  R_CURLY@54..55 "}"
              WHITESPACE@55..56 "\n"
              EXTENSION@56..90
                EXTENSION_KW@56..65 "extension"
                WHITESPACE@65..66 " "
                PATH_TYPE@66..71
                  PATH@66..71
                    PATH_SEGMENT@66..71
                      NAME_REF@66..71
                        IDENT@66..71 "float"
                WHITESPACE@71..72 " "
                BASE_LIST@72..86
                  COLON@72..73 ":"
                  WHITESPACE@73..74 " "
                  PATH_TYPE@74..86
                    PATH@74..86
                      PATH_SEGMENT@74..86
                        NAME_REF@74..86
                          IDENT@74..86 "IMyInterface"
                WHITESPACE@86..87 " "
                MEMBER_LIST@87..90
                  L_CURLY@87..88 "{"
                  WHITESPACE@88..89 " "
                  R_CURLY@89..90 "}"
              WHITESPACE@90..91 "\n"
              EXTENSION@91..136
                EXTENSION_KW@91..100 "extension"
                GENERIC_PARAM_LIST@100..110
                  LT@100..101 "<"
                  TYPE_PARAM@101..109
                    NAME@101..102
                      IDENT@101..102 "T"
                    WHITESPACE@102..103 " "
                    COLON@103..104 ":"
                    WHITESPACE@104..105 " "
                    PATH_TYPE@105..109
                      PATH@105..109
                        PATH_SEGMENT@105..109
                          NAME_REF@105..109
                            IDENT@105..109 "IFoo"
                  GT@109..110 ">"
                WHITESPACE@110..111 " "
                PATH_TYPE@111..117
                  PATH@111..117
                    PATH_SEGMENT@111..117
                      NAME_REF@111..114
                        IDENT@111..114 "Vec"
                      GENERIC_ARG_LIST@114..117
                        LT@114..115 "<"
                        TYPE_ARG@115..116
                          PATH_TYPE@115..116
                            PATH@115..116
                              PATH_SEGMENT@115..116
                                NAME_REF@115..116
                                  IDENT@115..116 "T"
                        GT@116..117 ">"
                WHITESPACE@117..118 " "
                WHERE_CLAUSE@118..132
                  WHERE_KW@118..123 "where"
                  WHITESPACE@123..124 " "
                  WHERE_PRED@124..132
                    PATH_TYPE@124..125
                      PATH@124..125
                        PATH_SEGMENT@124..125
                          NAME_REF@124..125
                            IDENT@124..125 "T"
                    WHITESPACE@125..126 " "
                    COLON@126..127 ":"
                    WHITESPACE@127..128 " "
                    PATH_TYPE@128..132
                      PATH@128..132
                        PATH_SEGMENT@128..132
                          NAME_REF@128..132
                            IDENT@128..132 "IBar"
                WHITESPACE@132..133 " "
                MEMBER_LIST@133..136
                  L_CURLY@133..134 "{"
                  WHITESPACE@134..135 " "
                  R_CURLY@135..136 "}"
        "#]],
    );
}

#[test]
fn enums() {
    check(
        "enum Mode { Fast, Accurate = 4, }\nenum class E : uint { A, B };",
        expect![[r#"
        SOURCE_FILE@0..63
          ENUM@0..33
            ENUM_KW@0..4 "enum"
            WHITESPACE@4..5 " "
            NAME@5..9
              IDENT@5..9 "Mode"
            WHITESPACE@9..10 " "
            ENUM_VARIANT_LIST@10..33
              L_CURLY@10..11 "{"
              WHITESPACE@11..12 " "
              ENUM_VARIANT@12..16
                NAME@12..16
                  IDENT@12..16 "Fast"
              COMMA@16..17 ","
              WHITESPACE@17..18 " "
              ENUM_VARIANT@18..30
                NAME@18..26
                  IDENT@18..26 "Accurate"
                WHITESPACE@26..27 " "
                EQ@27..28 "="
                WHITESPACE@28..29 " "
                LITERAL@29..30
                  INT_NUMBER@29..30 "4"
              COMMA@30..31 ","
              WHITESPACE@31..32 " "
              R_CURLY@32..33 "}"
          WHITESPACE@33..34 "\n"
          ENUM@34..63
            ENUM_KW@34..38 "enum"
            WHITESPACE@38..39 " "
            CLASS_KW@39..44 "class"
            WHITESPACE@44..45 " "
            NAME@45..46
              IDENT@45..46 "E"
            WHITESPACE@46..47 " "
            BASE_LIST@47..53
              COLON@47..48 ":"
              WHITESPACE@48..49 " "
              PATH_TYPE@49..53
                PATH@49..53
                  PATH_SEGMENT@49..53
                    NAME_REF@49..53
                      IDENT@49..53 "uint"
            WHITESPACE@53..54 " "
            ENUM_VARIANT_LIST@54..62
              L_CURLY@54..55 "{"
              WHITESPACE@55..56 " "
              ENUM_VARIANT@56..57
                NAME@56..57
                  IDENT@56..57 "A"
              COMMA@57..58 ","
              WHITESPACE@58..59 " "
              ENUM_VARIANT@59..60
                NAME@59..60
                  IDENT@59..60 "B"
              WHITESPACE@60..61 " "
              R_CURLY@61..62 "}"
            SEMICOLON@62..63 ";"
    "#]],
    );
}

#[test]
fn namespaces() {
    check(
        "namespace util { float sq(float x) { return x * x; } namespace inner { } }\nnamespace a::b { }",
        expect![[r#"
        SOURCE_FILE@0..93
          NAMESPACE@0..74
            NAMESPACE_KW@0..9 "namespace"
            WHITESPACE@9..10 " "
            NAME@10..14
              IDENT@10..14 "util"
            WHITESPACE@14..15 " "
            ITEM_LIST@15..74
              L_CURLY@15..16 "{"
              WHITESPACE@16..17 " "
              FN@17..52
                PATH_TYPE@17..22
                  PATH@17..22
                    PATH_SEGMENT@17..22
                      NAME_REF@17..22
                        IDENT@17..22 "float"
                WHITESPACE@22..23 " "
                NAME@23..25
                  IDENT@23..25 "sq"
                PARAM_LIST@25..34
                  L_PAREN@25..26 "("
                  PARAM@26..33
                    PATH_TYPE@26..31
                      PATH@26..31
                        PATH_SEGMENT@26..31
                          NAME_REF@26..31
                            IDENT@26..31 "float"
                    WHITESPACE@31..32 " "
                    NAME@32..33
                      IDENT@32..33 "x"
                  R_PAREN@33..34 ")"
                WHITESPACE@34..35 " "
                BLOCK@35..52
                  L_CURLY@35..36 "{"
                  WHITESPACE@36..37 " "
                  RETURN_STMT@37..50
                    RETURN_KW@37..43 "return"
                    WHITESPACE@43..44 " "
                    BIN_EXPR@44..49
                      PATH_EXPR@44..45
                        NAME_REF@44..45
                          IDENT@44..45 "x"
                      WHITESPACE@45..46 " "
                      STAR@46..47 "*"
                      WHITESPACE@47..48 " "
                      PATH_EXPR@48..49
                        NAME_REF@48..49
                          IDENT@48..49 "x"
                    SEMICOLON@49..50 ";"
                  WHITESPACE@50..51 " "
                  R_CURLY@51..52 "}"
              WHITESPACE@52..53 " "
              NAMESPACE@53..72
                NAMESPACE_KW@53..62 "namespace"
                WHITESPACE@62..63 " "
                NAME@63..68
                  IDENT@63..68 "inner"
                WHITESPACE@68..69 " "
                ITEM_LIST@69..72
                  L_CURLY@69..70 "{"
                  WHITESPACE@70..71 " "
                  R_CURLY@71..72 "}"
              WHITESPACE@72..73 " "
              R_CURLY@73..74 "}"
          WHITESPACE@74..75 "\n"
          NAMESPACE@75..93
            NAMESPACE_KW@75..84 "namespace"
            WHITESPACE@84..85 " "
            NAME@85..86
              IDENT@85..86 "a"
            COLON2@86..88 "::"
            NAME@88..89
              IDENT@88..89 "b"
            WHITESPACE@89..90 " "
            ITEM_LIST@90..93
              L_CURLY@90..91 "{"
              WHITESPACE@91..92 " "
              R_CURLY@92..93 "}"
    "#]],
    );
}

#[test]
fn typedef_and_typealias() {
    check(
        "typedef float3 Vec;\ntypealias V = vector<float, 3>;\ntypealias Arr<T> = T[4];",
        expect![[r#"
        SOURCE_FILE@0..76
          TYPEDEF@0..19
            TYPEDEF_KW@0..7 "typedef"
            WHITESPACE@7..8 " "
            PATH_TYPE@8..14
              PATH@8..14
                PATH_SEGMENT@8..14
                  NAME_REF@8..14
                    IDENT@8..14 "float3"
            WHITESPACE@14..15 " "
            NAME@15..18
              IDENT@15..18 "Vec"
            SEMICOLON@18..19 ";"
          WHITESPACE@19..20 "\n"
          TYPEALIAS@20..51
            TYPEALIAS_KW@20..29 "typealias"
            WHITESPACE@29..30 " "
            NAME@30..31
              IDENT@30..31 "V"
            WHITESPACE@31..32 " "
            EQ@32..33 "="
            WHITESPACE@33..34 " "
            PATH_TYPE@34..50
              PATH@34..50
                PATH_SEGMENT@34..50
                  NAME_REF@34..40
                    IDENT@34..40 "vector"
                  GENERIC_ARG_LIST@40..50
                    LT@40..41 "<"
                    TYPE_ARG@41..46
                      PATH_TYPE@41..46
                        PATH@41..46
                          PATH_SEGMENT@41..46
                            NAME_REF@41..46
                              IDENT@41..46 "float"
                    COMMA@46..47 ","
                    WHITESPACE@47..48 " "
                    CONST_ARG@48..49
                      LITERAL@48..49
                        INT_NUMBER@48..49 "3"
                    GT@49..50 ">"
            SEMICOLON@50..51 ";"
          WHITESPACE@51..52 "\n"
          TYPEALIAS@52..76
            TYPEALIAS_KW@52..61 "typealias"
            WHITESPACE@61..62 " "
            NAME@62..65
              IDENT@62..65 "Arr"
            GENERIC_PARAM_LIST@65..68
              LT@65..66 "<"
              TYPE_PARAM@66..67
                NAME@66..67
                  IDENT@66..67 "T"
              GT@67..68 ">"
            WHITESPACE@68..69 " "
            EQ@69..70 "="
            WHITESPACE@70..71 " "
            ARRAY_TYPE@71..75
              PATH_TYPE@71..72
                PATH@71..72
                  PATH_SEGMENT@71..72
                    NAME_REF@71..72
                      IDENT@71..72 "T"
              L_BRACK@72..73 "["
              LITERAL@73..74
                INT_NUMBER@73..74 "4"
              R_BRACK@74..75 "]"
            SEMICOLON@75..76 ";"
    "#]],
    );
}

#[test]
fn cbuffer_and_register_semantics() {
    check(
        "cbuffer Params : register(b0) { float4x4 m; float t : packoffset(c1.x); }\nTexture2D tex : register(t0, space1);",
        expect![[r#"
            SOURCE_FILE@0..111
              CBUFFER@0..73
                CBUFFER_KW@0..7 "cbuffer"
                WHITESPACE@7..8 " "
                NAME@8..14
                  IDENT@8..14 "Params"
                WHITESPACE@14..15 " "
                SEMANTIC@15..29
                  COLON@15..16 ":"
                  WHITESPACE@16..17 " "
                  NAME_REF@17..25
                    IDENT@17..25 "register"
                  ARG_LIST@25..29
                    L_PAREN@25..26 "("
                    PATH_EXPR@26..28
                      NAME_REF@26..28
                        IDENT@26..28 "b0"
                    R_PAREN@28..29 ")"
                WHITESPACE@29..30 " "
                MEMBER_LIST@30..73
                  L_CURLY@30..31 "{"
                  WHITESPACE@31..32 " "
                  VAR_DECL@32..43
                    PATH_TYPE@32..40
                      PATH@32..40
                        PATH_SEGMENT@32..40
                          NAME_REF@32..40
                            IDENT@32..40 "float4x4"
                    WHITESPACE@40..41 " "
                    DECLARATOR@41..42
                      NAME@41..42
                        IDENT@41..42 "m"
                    SEMICOLON@42..43 ";"
                  WHITESPACE@43..44 " "
                  VAR_DECL@44..71
                    PATH_TYPE@44..49
                      PATH@44..49
                        PATH_SEGMENT@44..49
                          NAME_REF@44..49
                            IDENT@44..49 "float"
                    WHITESPACE@49..50 " "
                    DECLARATOR@50..70
                      NAME@50..51
                        IDENT@50..51 "t"
                      WHITESPACE@51..52 " "
                      SEMANTIC@52..70
                        COLON@52..53 ":"
                        WHITESPACE@53..54 " "
                        NAME_REF@54..64
                          IDENT@54..64 "packoffset"
                        ARG_LIST@64..70
                          L_PAREN@64..65 "("
                          FIELD_EXPR@65..69
                            PATH_EXPR@65..67
                              NAME_REF@65..67
                                IDENT@65..67 "c1"
                            DOT@67..68 "."
                            NAME_REF@68..69
                              IDENT@68..69 "x"
                          R_PAREN@69..70 ")"
                    SEMICOLON@70..71 ";"
                  WHITESPACE@71..72 " "
                  R_CURLY@72..73 "}"
              WHITESPACE@73..74 "\n"
              VAR_DECL@74..111
                PATH_TYPE@74..83
                  PATH@74..83
                    PATH_SEGMENT@74..83
                      NAME_REF@74..83
                        IDENT@74..83 "Texture2D"
                WHITESPACE@83..84 " "
                DECLARATOR@84..110
                  NAME@84..87
                    IDENT@84..87 "tex"
                  WHITESPACE@87..88 " "
                  SEMANTIC@88..110
                    COLON@88..89 ":"
                    WHITESPACE@89..90 " "
                    NAME_REF@90..98
                      IDENT@90..98 "register"
                    ARG_LIST@98..110
                      L_PAREN@98..99 "("
                      PATH_EXPR@99..101
                        NAME_REF@99..101
                          IDENT@99..101 "t0"
                      COMMA@101..102 ","
                      WHITESPACE@102..103 " "
                      PATH_EXPR@103..109
                        NAME_REF@103..109
                          IDENT@103..109 "space1"
                      R_PAREN@109..110 ")"
                SEMICOLON@110..111 ";"
        "#]],
    );
}

#[test]
fn globals() {
    check(
        "RWStructuredBuffer<float> outputBuffer;\nstatic const float k[2] = {1, 2};\ngroupshared float cache[64];\nuniform float4 color;\n[[vk::binding(0)]] StructuredBuffer<uint> b;",
        expect![[r#"
            SOURCE_FILE@0..169
              VAR_DECL@0..39
                PATH_TYPE@0..25
                  PATH@0..25
                    PATH_SEGMENT@0..25
                      NAME_REF@0..18
                        IDENT@0..18 "RWStructuredBuffer"
                      GENERIC_ARG_LIST@18..25
                        LT@18..19 "<"
                        TYPE_ARG@19..24
                          PATH_TYPE@19..24
                            PATH@19..24
                              PATH_SEGMENT@19..24
                                NAME_REF@19..24
                                  IDENT@19..24 "float"
                        GT@24..25 ">"
                WHITESPACE@25..26 " "
                DECLARATOR@26..38
                  NAME@26..38
                    IDENT@26..38 "outputBuffer"
                SEMICOLON@38..39 ";"
              WHITESPACE@39..40 "\n"
              VAR_DECL@40..73
                STATIC_KW@40..46 "static"
                WHITESPACE@46..47 " "
                CONST_KW@47..52 "const"
                WHITESPACE@52..53 " "
                PATH_TYPE@53..58
                  PATH@53..58
                    PATH_SEGMENT@53..58
                      NAME_REF@53..58
                        IDENT@53..58 "float"
                WHITESPACE@58..59 " "
                DECLARATOR@59..72
                  NAME@59..60
                    IDENT@59..60 "k"
                  ARRAY_SUFFIX@60..63
                    L_BRACK@60..61 "["
                    LITERAL@61..62
                      INT_NUMBER@61..62 "2"
                    R_BRACK@62..63 "]"
                  WHITESPACE@63..64 " "
                  EQ@64..65 "="
                  WHITESPACE@65..66 " "
                  INIT_LIST_EXPR@66..72
                    L_CURLY@66..67 "{"
                    LITERAL@67..68
                      INT_NUMBER@67..68 "1"
                    COMMA@68..69 ","
                    WHITESPACE@69..70 " "
                    LITERAL@70..71
                      INT_NUMBER@70..71 "2"
                    R_CURLY@71..72 "}"
                SEMICOLON@72..73 ";"
              WHITESPACE@73..74 "\n"
              VAR_DECL@74..102
                GROUPSHARED_KW@74..85 "groupshared"
                WHITESPACE@85..86 " "
                PATH_TYPE@86..91
                  PATH@86..91
                    PATH_SEGMENT@86..91
                      NAME_REF@86..91
                        IDENT@86..91 "float"
                WHITESPACE@91..92 " "
                DECLARATOR@92..101
                  NAME@92..97
                    IDENT@92..97 "cache"
                  ARRAY_SUFFIX@97..101
                    L_BRACK@97..98 "["
                    LITERAL@98..100
                      INT_NUMBER@98..100 "64"
                    R_BRACK@100..101 "]"
                SEMICOLON@101..102 ";"
              WHITESPACE@102..103 "\n"
              VAR_DECL@103..124
                UNIFORM_KW@103..110 "uniform"
                WHITESPACE@110..111 " "
                PATH_TYPE@111..117
                  PATH@111..117
                    PATH_SEGMENT@111..117
                      NAME_REF@111..117
                        IDENT@111..117 "float4"
                WHITESPACE@117..118 " "
                DECLARATOR@118..123
                  NAME@118..123
                    IDENT@118..123 "color"
                SEMICOLON@123..124 ";"
              WHITESPACE@124..125 "\n"
              VAR_DECL@125..169
                ATTRIBUTE@125..143
                  L_BRACK@125..126 "["
                  L_BRACK@126..127 "["
                  PATH@127..138
                    PATH_SEGMENT@127..129
                      NAME_REF@127..129
                        IDENT@127..129 "vk"
                    COLON2@129..131 "::"
                    PATH_SEGMENT@131..138
                      NAME_REF@131..138
                        IDENT@131..138 "binding"
                  ARG_LIST@138..141
                    L_PAREN@138..139 "("
                    LITERAL@139..140
                      INT_NUMBER@139..140 "0"
                    R_PAREN@140..141 ")"
                  R_BRACK@141..142 "]"
                  R_BRACK@142..143 "]"
                WHITESPACE@143..144 " "
                PATH_TYPE@144..166
                  PATH@144..166
                    PATH_SEGMENT@144..166
                      NAME_REF@144..160
                        IDENT@144..160 "StructuredBuffer"
                      GENERIC_ARG_LIST@160..166
                        LT@160..161 "<"
                        TYPE_ARG@161..165
                          PATH_TYPE@161..165
                            PATH@161..165
                              PATH_SEGMENT@161..165
                                NAME_REF@161..165
                                  IDENT@161..165 "uint"
                        GT@165..166 ">"
                WHITESPACE@166..167 " "
                DECLARATOR@167..168
                  NAME@167..168
                    IDENT@167..168 "b"
                SEMICOLON@168..169 ";"
        "#]],
    );
}

#[test]
fn global_let_and_var() {
    check(
        "static let k = 2.0;\nvar acc : float = 0.0;",
        expect![[r#"
        SOURCE_FILE@0..42
          VAR_DECL@0..19
            STATIC_KW@0..6 "static"
            WHITESPACE@6..7 " "
            LET_KW@7..10 "let"
            WHITESPACE@10..11 " "
            DECLARATOR@11..18
              NAME@11..12
                IDENT@11..12 "k"
              WHITESPACE@12..13 " "
              EQ@13..14 "="
              WHITESPACE@14..15 " "
              LITERAL@15..18
                FLOAT_NUMBER@15..18 "2.0"
            SEMICOLON@18..19 ";"
          WHITESPACE@19..20 "\n"
          VAR_DECL@20..42
            VAR_KW@20..23 "var"
            WHITESPACE@23..24 " "
            DECLARATOR@24..41
              NAME@24..27
                IDENT@24..27 "acc"
              WHITESPACE@27..28 " "
              COLON@28..29 ":"
              WHITESPACE@29..30 " "
              PATH_TYPE@30..35
                PATH@30..35
                  PATH_SEGMENT@30..35
                    NAME_REF@30..35
                      IDENT@30..35 "float"
              WHITESPACE@35..36 " "
              EQ@36..37 "="
              WHITESPACE@37..38 " "
              LITERAL@38..41
                FLOAT_NUMBER@38..41 "0.0"
            SEMICOLON@41..42 ";"
    "#]],
    );
}

#[test]
fn modules() {
    check(
        "module mylib;\nimplementing mylib;\n__include \"helpers.slang\";\n__include helpers;\nimport a.b;\nimport \"file.slang\";\n__exported import core;",
        expect![[r#"
            SOURCE_FILE@0..136
              MODULE_DECL@0..13
                MODULE_KW@0..6 "module"
                WHITESPACE@6..7 " "
                MODULE_PATH@7..12
                  IDENT@7..12 "mylib"
                SEMICOLON@12..13 ";"
              WHITESPACE@13..14 "\n"
              IMPLEMENTING@14..33
                IMPLEMENTING_KW@14..26 "implementing"
                WHITESPACE@26..27 " "
                MODULE_PATH@27..32
                  IDENT@27..32 "mylib"
                SEMICOLON@32..33 ";"
              WHITESPACE@33..34 "\n"
              INCLUDE@34..60
                INCLUDE_KW@34..43 "__include"
                WHITESPACE@43..44 " "
                STRING@44..59 "\"helpers.slang\""
                SEMICOLON@59..60 ";"
              WHITESPACE@60..61 "\n"
              INCLUDE@61..79
                INCLUDE_KW@61..70 "__include"
                WHITESPACE@70..71 " "
                MODULE_PATH@71..78
                  IDENT@71..78 "helpers"
                SEMICOLON@78..79 ";"
              WHITESPACE@79..80 "\n"
              IMPORT@80..91
                IMPORT_KW@80..86 "import"
                WHITESPACE@86..87 " "
                MODULE_PATH@87..90
                  IDENT@87..88 "a"
                  DOT@88..89 "."
                  IDENT@89..90 "b"
                SEMICOLON@90..91 ";"
              WHITESPACE@91..92 "\n"
              IMPORT@92..112
                IMPORT_KW@92..98 "import"
                WHITESPACE@98..99 " "
                STRING@99..111 "\"file.slang\""
                SEMICOLON@111..112 ";"
              WHITESPACE@112..113 "\n"
              IMPORT@113..136
                EXPORTED_KW@113..123 "__exported"
                WHITESPACE@123..124 " "
                IMPORT_KW@124..130 "import"
                WHITESPACE@130..131 " "
                MODULE_PATH@131..135
                  IDENT@131..135 "core"
                SEMICOLON@135..136 ";"
        "#]],
    );
}

#[test]
fn variadic_generics() {
    check(
        "void each_print<each T>(expand each T args) { }",
        expect![[r#"
        SOURCE_FILE@0..47
          FN@0..47
            PATH_TYPE@0..4
              PATH@0..4
                PATH_SEGMENT@0..4
                  NAME_REF@0..4
                    IDENT@0..4 "void"
            WHITESPACE@4..5 " "
            NAME@5..15
              IDENT@5..15 "each_print"
            GENERIC_PARAM_LIST@15..23
              LT@15..16 "<"
              TYPE_PARAM@16..22
                EACH_KW@16..20 "each"
                WHITESPACE@20..21 " "
                NAME@21..22
                  IDENT@21..22 "T"
              GT@22..23 ">"
            PARAM_LIST@23..43
              L_PAREN@23..24 "("
              PARAM@24..42
                EXPAND_TYPE@24..37
                  EXPAND_KW@24..30 "expand"
                  WHITESPACE@30..31 " "
                  EACH_TYPE@31..37
                    EACH_KW@31..35 "each"
                    WHITESPACE@35..36 " "
                    PATH_TYPE@36..37
                      PATH@36..37
                        PATH_SEGMENT@36..37
                          NAME_REF@36..37
                            IDENT@36..37 "T"
                WHITESPACE@37..38 " "
                NAME@38..42
                  IDENT@38..42 "args"
              R_PAREN@42..43 ")"
            WHITESPACE@43..44 " "
            BLOCK@44..47
              L_CURLY@44..45 "{"
              WHITESPACE@45..46 " "
              R_CURLY@46..47 "}"
    "#]],
    );
}

#[test]
fn stray_semicolons_between_items() {
    check(
        ";\nstruct S {};;\n",
        expect![[r#"
        SOURCE_FILE@0..16
          SEMICOLON@0..1 ";"
          WHITESPACE@1..2 "\n"
          STRUCT@2..14
            STRUCT_KW@2..8 "struct"
            WHITESPACE@8..9 " "
            NAME@9..10
              IDENT@9..10 "S"
            WHITESPACE@10..11 " "
            MEMBER_LIST@11..13
              L_CURLY@11..12 "{"
              R_CURLY@12..13 "}"
            SEMICOLON@13..14 ";"
          SEMICOLON@14..15 ";"
          WHITESPACE@15..16 "\n"
    "#]],
    );
}

#[test]
fn namespaced_attribute_and_tbuffer() {
    check(
        "[vk::binding(0, 1)] [BackwardDerivative(myBwd)] float f(float x);\ntbuffer T { float a; }",
        expect![[r#"
        SOURCE_FILE@0..88
          FN@0..65
            ATTRIBUTE@0..19
              L_BRACK@0..1 "["
              PATH@1..12
                PATH_SEGMENT@1..3
                  NAME_REF@1..3
                    IDENT@1..3 "vk"
                COLON2@3..5 "::"
                PATH_SEGMENT@5..12
                  NAME_REF@5..12
                    IDENT@5..12 "binding"
              ARG_LIST@12..18
                L_PAREN@12..13 "("
                LITERAL@13..14
                  INT_NUMBER@13..14 "0"
                COMMA@14..15 ","
                WHITESPACE@15..16 " "
                LITERAL@16..17
                  INT_NUMBER@16..17 "1"
                R_PAREN@17..18 ")"
              R_BRACK@18..19 "]"
            WHITESPACE@19..20 " "
            ATTRIBUTE@20..47
              L_BRACK@20..21 "["
              PATH@21..39
                PATH_SEGMENT@21..39
                  NAME_REF@21..39
                    IDENT@21..39 "BackwardDerivative"
              ARG_LIST@39..46
                L_PAREN@39..40 "("
                PATH_EXPR@40..45
                  NAME_REF@40..45
                    IDENT@40..45 "myBwd"
                R_PAREN@45..46 ")"
              R_BRACK@46..47 "]"
            WHITESPACE@47..48 " "
            PATH_TYPE@48..53
              PATH@48..53
                PATH_SEGMENT@48..53
                  NAME_REF@48..53
                    IDENT@48..53 "float"
            WHITESPACE@53..54 " "
            NAME@54..55
              IDENT@54..55 "f"
            PARAM_LIST@55..64
              L_PAREN@55..56 "("
              PARAM@56..63
                PATH_TYPE@56..61
                  PATH@56..61
                    PATH_SEGMENT@56..61
                      NAME_REF@56..61
                        IDENT@56..61 "float"
                WHITESPACE@61..62 " "
                NAME@62..63
                  IDENT@62..63 "x"
              R_PAREN@63..64 ")"
            SEMICOLON@64..65 ";"
          WHITESPACE@65..66 "\n"
          CBUFFER@66..88
            TBUFFER_KW@66..73 "tbuffer"
            WHITESPACE@73..74 " "
            NAME@74..75
              IDENT@74..75 "T"
            WHITESPACE@75..76 " "
            MEMBER_LIST@76..88
              L_CURLY@76..77 "{"
              WHITESPACE@77..78 " "
              VAR_DECL@78..86
                PATH_TYPE@78..83
                  PATH@78..83
                    PATH_SEGMENT@78..83
                      NAME_REF@78..83
                        IDENT@78..83 "float"
                WHITESPACE@83..84 " "
                DECLARATOR@84..85
                  NAME@84..85
                    IDENT@84..85 "a"
                SEMICOLON@85..86 ";"
              WHITESPACE@86..87 " "
              R_CURLY@87..88 "}"
    "#]],
    );
}

#[test]
fn generic_interface_and_struct_where() {
    check(
        "interface IFoo<T> { T get(); }\n__generic<T> struct S<U> : IFoo<U> where U : IBar { U get() { return u; } U u; }",
        expect![[r#"
        SOURCE_FILE@0..111
          INTERFACE@0..30
            INTERFACE_KW@0..9 "interface"
            WHITESPACE@9..10 " "
            NAME@10..14
              IDENT@10..14 "IFoo"
            GENERIC_PARAM_LIST@14..17
              LT@14..15 "<"
              TYPE_PARAM@15..16
                NAME@15..16
                  IDENT@15..16 "T"
              GT@16..17 ">"
            WHITESPACE@17..18 " "
            MEMBER_LIST@18..30
              L_CURLY@18..19 "{"
              WHITESPACE@19..20 " "
              FN@20..28
                PATH_TYPE@20..21
                  PATH@20..21
                    PATH_SEGMENT@20..21
                      NAME_REF@20..21
                        IDENT@20..21 "T"
                WHITESPACE@21..22 " "
                NAME@22..25
                  IDENT@22..25 "get"
                PARAM_LIST@25..27
                  L_PAREN@25..26 "("
                  R_PAREN@26..27 ")"
                SEMICOLON@27..28 ";"
              WHITESPACE@28..29 " "
              R_CURLY@29..30 "}"
          WHITESPACE@30..31 "\n"
          STRUCT@31..111
            GENERIC_PARAM_LIST@31..43
              GENERIC_KW@31..40 "__generic"
              LT@40..41 "<"
              TYPE_PARAM@41..42
                NAME@41..42
                  IDENT@41..42 "T"
              GT@42..43 ">"
            WHITESPACE@43..44 " "
            STRUCT_KW@44..50 "struct"
            WHITESPACE@50..51 " "
            NAME@51..52
              IDENT@51..52 "S"
            GENERIC_PARAM_LIST@52..55
              LT@52..53 "<"
              TYPE_PARAM@53..54
                NAME@53..54
                  IDENT@53..54 "U"
              GT@54..55 ">"
            WHITESPACE@55..56 " "
            BASE_LIST@56..65
              COLON@56..57 ":"
              WHITESPACE@57..58 " "
              PATH_TYPE@58..65
                PATH@58..65
                  PATH_SEGMENT@58..65
                    NAME_REF@58..62
                      IDENT@58..62 "IFoo"
                    GENERIC_ARG_LIST@62..65
                      LT@62..63 "<"
                      TYPE_ARG@63..64
                        PATH_TYPE@63..64
                          PATH@63..64
                            PATH_SEGMENT@63..64
                              NAME_REF@63..64
                                IDENT@63..64 "U"
                      GT@64..65 ">"
            WHITESPACE@65..66 " "
            WHERE_CLAUSE@66..80
              WHERE_KW@66..71 "where"
              WHITESPACE@71..72 " "
              WHERE_PRED@72..80
                PATH_TYPE@72..73
                  PATH@72..73
                    PATH_SEGMENT@72..73
                      NAME_REF@72..73
                        IDENT@72..73 "U"
                WHITESPACE@73..74 " "
                COLON@74..75 ":"
                WHITESPACE@75..76 " "
                PATH_TYPE@76..80
                  PATH@76..80
                    PATH_SEGMENT@76..80
                      NAME_REF@76..80
                        IDENT@76..80 "IBar"
            WHITESPACE@80..81 " "
            MEMBER_LIST@81..111
              L_CURLY@81..82 "{"
              WHITESPACE@82..83 " "
              FN@83..104
                PATH_TYPE@83..84
                  PATH@83..84
                    PATH_SEGMENT@83..84
                      NAME_REF@83..84
                        IDENT@83..84 "U"
                WHITESPACE@84..85 " "
                NAME@85..88
                  IDENT@85..88 "get"
                PARAM_LIST@88..90
                  L_PAREN@88..89 "("
                  R_PAREN@89..90 ")"
                WHITESPACE@90..91 " "
                BLOCK@91..104
                  L_CURLY@91..92 "{"
                  WHITESPACE@92..93 " "
                  RETURN_STMT@93..102
                    RETURN_KW@93..99 "return"
                    WHITESPACE@99..100 " "
                    PATH_EXPR@100..101
                      NAME_REF@100..101
                        IDENT@100..101 "u"
                    SEMICOLON@101..102 ";"
                  WHITESPACE@102..103 " "
                  R_CURLY@103..104 "}"
              WHITESPACE@104..105 " "
              VAR_DECL@105..109
                PATH_TYPE@105..106
                  PATH@105..106
                    PATH_SEGMENT@105..106
                      NAME_REF@105..106
                        IDENT@105..106 "U"
                WHITESPACE@106..107 " "
                DECLARATOR@107..108
                  NAME@107..108
                    IDENT@107..108 "u"
                SEMICOLON@108..109 ";"
              WHITESPACE@109..110 " "
              R_CURLY@110..111 "}"
    "#]],
    );
}

#[test]
fn where_type_equality() {
    check(
        "interface IDiff { associatedtype D : IDiff where D.D == D; static D dadd(D, D); }",
        expect![[r#"
        SOURCE_FILE@0..81
          INTERFACE@0..81
            INTERFACE_KW@0..9 "interface"
            WHITESPACE@9..10 " "
            NAME@10..15
              IDENT@10..15 "IDiff"
            WHITESPACE@15..16 " "
            MEMBER_LIST@16..81
              L_CURLY@16..17 "{"
              WHITESPACE@17..18 " "
              ASSOC_TYPE@18..58
                ASSOCIATEDTYPE_KW@18..32 "associatedtype"
                WHITESPACE@32..33 " "
                NAME@33..34
                  IDENT@33..34 "D"
                WHITESPACE@34..35 " "
                BASE_LIST@35..42
                  COLON@35..36 ":"
                  WHITESPACE@36..37 " "
                  PATH_TYPE@37..42
                    PATH@37..42
                      PATH_SEGMENT@37..42
                        NAME_REF@37..42
                          IDENT@37..42 "IDiff"
                WHITESPACE@42..43 " "
                WHERE_CLAUSE@43..57
                  WHERE_KW@43..48 "where"
                  WHITESPACE@48..49 " "
                  WHERE_PRED@49..57
                    PATH_TYPE@49..52
                      PATH@49..52
                        PATH_SEGMENT@49..50
                          NAME_REF@49..50
                            IDENT@49..50 "D"
                        DOT@50..51 "."
                        PATH_SEGMENT@51..52
                          NAME_REF@51..52
                            IDENT@51..52 "D"
                    WHITESPACE@52..53 " "
                    EQ2@53..55 "=="
                    WHITESPACE@55..56 " "
                    PATH_TYPE@56..57
                      PATH@56..57
                        PATH_SEGMENT@56..57
                          NAME_REF@56..57
                            IDENT@56..57 "D"
                SEMICOLON@57..58 ";"
              WHITESPACE@58..59 " "
              FN@59..79
                STATIC_KW@59..65 "static"
                WHITESPACE@65..66 " "
                PATH_TYPE@66..67
                  PATH@66..67
                    PATH_SEGMENT@66..67
                      NAME_REF@66..67
                        IDENT@66..67 "D"
                WHITESPACE@67..68 " "
                NAME@68..72
                  IDENT@68..72 "dadd"
                PARAM_LIST@72..78
                  L_PAREN@72..73 "("
                  PARAM@73..74
                    PATH_TYPE@73..74
                      PATH@73..74
                        PATH_SEGMENT@73..74
                          NAME_REF@73..74
                            IDENT@73..74 "D"
                  COMMA@74..75 ","
                  WHITESPACE@75..76 " "
                  PARAM@76..77
                    PATH_TYPE@76..77
                      PATH@76..77
                        PATH_SEGMENT@76..77
                          NAME_REF@76..77
                            IDENT@76..77 "D"
                  R_PAREN@77..78 ")"
                SEMICOLON@78..79 ";"
              WHITESPACE@79..80 " "
              R_CURLY@80..81 "}"
    "#]],
    );
}

/// `[A, B(1)]` lists several attributes in one bracket: one ATTRIBUTE node each.
#[test]
fn comma_separated_attributes() {
    check(
        "[Differentiable, MaxIters(4)] float f(float x);",
        expect![[r#"
        SOURCE_FILE@0..47
          FN@0..47
            ATTRIBUTE@0..16
              L_BRACK@0..1 "["
              PATH@1..15
                PATH_SEGMENT@1..15
                  NAME_REF@1..15
                    IDENT@1..15 "Differentiable"
              COMMA@15..16 ","
            WHITESPACE@16..17 " "
            ATTRIBUTE@17..29
              PATH@17..25
                PATH_SEGMENT@17..25
                  NAME_REF@17..25
                    IDENT@17..25 "MaxIters"
              ARG_LIST@25..28
                L_PAREN@25..26 "("
                LITERAL@26..27
                  INT_NUMBER@26..27 "4"
                R_PAREN@27..28 ")"
              R_BRACK@28..29 "]"
            WHITESPACE@29..30 " "
            PATH_TYPE@30..35
              PATH@30..35
                PATH_SEGMENT@30..35
                  NAME_REF@30..35
                    IDENT@30..35 "float"
            WHITESPACE@35..36 " "
            NAME@36..37
              IDENT@36..37 "f"
            PARAM_LIST@37..46
              L_PAREN@37..38 "("
              PARAM@38..45
                PATH_TYPE@38..43
                  PATH@38..43
                    PATH_SEGMENT@38..43
                      NAME_REF@38..43
                        IDENT@38..43 "float"
                WHITESPACE@43..44 " "
                NAME@44..45
                  IDENT@44..45 "x"
              R_PAREN@45..46 ")"
            SEMICOLON@46..47 ";"
    "#]],
    );
}

#[test]
fn value_packs_in_generic_parameters() {
    super::check_outline(
        "struct Dims<let each D : int> {} struct Old<each int D> {} int f<let H : int, let each T : int>();",
        expect![[r#"
            SOURCE_FILE
              STRUCT STRUCT_KW(struct)
                NAME "Dims" (IDENT)
                GENERIC_PARAM_LIST
                  VALUE_PARAM LET_KW(let) EACH_KW(each)
                    NAME "D" (IDENT)
                    PATH_TYPE "int"
                MEMBER_LIST
              STRUCT STRUCT_KW(struct)
                NAME "Old" (IDENT)
                GENERIC_PARAM_LIST
                  VALUE_PARAM EACH_KW(each)
                    PATH_TYPE "int"
                    NAME "D" (IDENT)
                MEMBER_LIST
              FN
                PATH_TYPE "int"
                NAME "f" (IDENT)
                GENERIC_PARAM_LIST
                  VALUE_PARAM LET_KW(let)
                    NAME "H" (IDENT)
                    PATH_TYPE "int"
                  VALUE_PARAM LET_KW(let) EACH_KW(each)
                    NAME "T" (IDENT)
                    PATH_TYPE "int"
                PARAM_LIST
        "#]],
    );
}

#[test]
fn where_clause_forms() {
    super::check_outline(
        "struct A<T> where optional T : IA where optional T : IB {}\n\
         void f<each T>() where nonempty(T) {}\n\
         int g<To, From>(From x) where To(From) implicit {}\n\
         struct H<each T> where nonempty(T) where expand each T : IE {}",
        expect![[r#"
            SOURCE_FILE
              STRUCT STRUCT_KW(struct)
                NAME "A" (IDENT)
                GENERIC_PARAM_LIST
                  TYPE_PARAM
                    NAME "T" (IDENT)
                WHERE_CLAUSE WHERE_KW(where)
                  WHERE_PRED OPTIONAL_KW(optional)
                    PATH_TYPE "T"
                    PATH_TYPE "IA"
                WHERE_CLAUSE WHERE_KW(where)
                  WHERE_PRED OPTIONAL_KW(optional)
                    PATH_TYPE "T"
                    PATH_TYPE "IB"
                MEMBER_LIST
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                GENERIC_PARAM_LIST
                  TYPE_PARAM EACH_KW(each)
                    NAME "T" (IDENT)
                PARAM_LIST
                WHERE_CLAUSE WHERE_KW(where)
                  WHERE_PRED
                    CALL_EXPR
                      PATH_EXPR
                        NAME_REF "nonempty" (IDENT)
                      ARG_LIST
                        PATH_EXPR
                          NAME_REF "T" (IDENT)
                BLOCK
              FN
                PATH_TYPE "int"
                NAME "g" (IDENT)
                GENERIC_PARAM_LIST
                  TYPE_PARAM
                    NAME "To" (IDENT)
                  TYPE_PARAM
                    NAME "From" (IDENT)
                PARAM_LIST
                  PARAM
                    PATH_TYPE "From"
                    NAME "x" (IDENT)
                WHERE_CLAUSE WHERE_KW(where)
                  WHERE_PRED IMPLICIT_KW(implicit)
                    CALL_EXPR
                      PATH_EXPR
                        NAME_REF "To" (IDENT)
                      ARG_LIST
                        PATH_EXPR
                          NAME_REF "From" (IDENT)
                BLOCK
              STRUCT STRUCT_KW(struct)
                NAME "H" (IDENT)
                GENERIC_PARAM_LIST
                  TYPE_PARAM EACH_KW(each)
                    NAME "T" (IDENT)
                WHERE_CLAUSE WHERE_KW(where)
                  WHERE_PRED
                    CALL_EXPR
                      PATH_EXPR
                        NAME_REF "nonempty" (IDENT)
                      ARG_LIST
                        PATH_EXPR
                          NAME_REF "T" (IDENT)
                WHERE_CLAUSE WHERE_KW(where)
                  WHERE_PRED
                    EXPAND_TYPE EXPAND_KW(expand)
                      EACH_TYPE EACH_KW(each)
                        PATH_TYPE "T"
                    PATH_TYPE "IE"
                MEMBER_LIST
        "#]],
    );
}

#[test]
fn generic_subscripts_properties_and_constraints() {
    super::check_outline(
        "interface I { associatedtype A; __constraint A.B : IC; __constraint A == This;\n\
         property no_diff float value { get; }\n\
         __subscript<T>(T i) -> no_diff float where T : IInteger { get; }\n\
         __subscript<each T>(T i) -> float where countof(T) == D; }",
        expect![[r#"
            SOURCE_FILE
              INTERFACE INTERFACE_KW(interface)
                NAME "I" (IDENT)
                MEMBER_LIST
                  ASSOC_TYPE ASSOCIATEDTYPE_KW(associatedtype)
                    NAME "A" (IDENT)
                  CONSTRAINT_DECL CONSTRAINT_KW(__constraint)
                    WHERE_PRED
                      PATH_TYPE "A . B"
                      PATH_TYPE "IC"
                  CONSTRAINT_DECL CONSTRAINT_KW(__constraint)
                    WHERE_PRED
                      PATH_TYPE "A"
                      PATH_TYPE "This"
                  PROPERTY PROPERTY_KW(property) NO_DIFF_KW(no_diff)
                    PATH_TYPE "float"
                    NAME "value" (IDENT)
                    ACCESSOR_LIST
                      ACCESSOR GET_KW(get)
                  SUBSCRIPT SUBSCRIPT_KW(__subscript) NO_DIFF_KW(no_diff)
                    GENERIC_PARAM_LIST
                      TYPE_PARAM
                        NAME "T" (IDENT)
                    PARAM_LIST
                      PARAM
                        PATH_TYPE "T"
                        NAME "i" (IDENT)
                    PATH_TYPE "float"
                    WHERE_CLAUSE WHERE_KW(where)
                      WHERE_PRED
                        PATH_TYPE "T"
                        PATH_TYPE "IInteger"
                    ACCESSOR_LIST
                      ACCESSOR GET_KW(get)
                  SUBSCRIPT SUBSCRIPT_KW(__subscript)
                    GENERIC_PARAM_LIST
                      TYPE_PARAM EACH_KW(each)
                        NAME "T" (IDENT)
                    PARAM_LIST
                      PARAM
                        PATH_TYPE "T"
                        NAME "i" (IDENT)
                    PATH_TYPE "float"
                    WHERE_CLAUSE WHERE_KW(where)
                      WHERE_PRED
                        BIN_EXPR
                          COUNTOF_EXPR COUNTOF_KW(countof)
                            PATH_EXPR
                              NAME_REF "T" (IDENT)
                          PATH_EXPR
                            NAME_REF "D" (IDENT)
        "#]],
    );
}

#[test]
fn modifiers_and_declaration_forms() {
    super::check_outline(
        "public dyn interface IFoo {}\n\
         struct S : IA & IB {}\n\
         extern struct V : IV = Impl;\n\
         static const struct { int b; } g = { 1 };\n\
         enum { A, B }\n\
         namespace { int x; }\n\
         __extension S : IC {}\n\
         constexpr uint k = 4;\n\
         void m(constexpr int o, out vertices V v[4], dynamic_uniform int u) {}\n\
         export __extern_cpp int main() {}\n\
         layout(std430, binding = 0) buffer B { uint data; }\n\
         buffer C { uint d[]; } outputBuffer;\n\
         layout(local_size_x = 2) in;\n\
         __func_extension fwd_diff(f)(DifferentialPair<float> x) -> DifferentialPair<float> {}\n\
         struct W { __implicit_conversion(100) __init(int x) {} }",
        expect![[r#"
            SOURCE_FILE
              INTERFACE PUBLIC_KW(public) DYN_KW(dyn) INTERFACE_KW(interface)
                NAME "IFoo" (IDENT)
                MEMBER_LIST
              STRUCT STRUCT_KW(struct)
                NAME "S" (IDENT)
                BASE_LIST
                  PATH_TYPE "IA"
                  PATH_TYPE "IB"
                MEMBER_LIST
              STRUCT EXTERN_KW(extern) STRUCT_KW(struct)
                NAME "V" (IDENT)
                BASE_LIST
                  PATH_TYPE "IV"
                PATH_TYPE "Impl"
              VAR_DECL
                STRUCT STATIC_KW(static) CONST_KW(const) STRUCT_KW(struct)
                  MEMBER_LIST
                    VAR_DECL
                      PATH_TYPE "int"
                      DECLARATOR
                        NAME "b" (IDENT)
                DECLARATOR
                  NAME "g" (IDENT)
                  INIT_LIST_EXPR
                    LITERAL "1"
              ENUM ENUM_KW(enum)
                ENUM_VARIANT_LIST
                  ENUM_VARIANT
                    NAME "A" (IDENT)
                  ENUM_VARIANT
                    NAME "B" (IDENT)
              NAMESPACE NAMESPACE_KW(namespace)
                ITEM_LIST
                  VAR_DECL
                    PATH_TYPE "int"
                    DECLARATOR
                      NAME "x" (IDENT)
              EXTENSION EXTENSION_KW(__extension)
                PATH_TYPE "S"
                BASE_LIST
                  PATH_TYPE "IC"
                MEMBER_LIST
              VAR_DECL CONSTEXPR_KW(constexpr)
                PATH_TYPE "uint"
                DECLARATOR
                  NAME "k" (IDENT)
                  LITERAL "4"
              FN
                PATH_TYPE "void"
                NAME "m" (IDENT)
                PARAM_LIST
                  PARAM CONSTEXPR_KW(constexpr)
                    PATH_TYPE "int"
                    NAME "o" (IDENT)
                  PARAM OUT_KW(out) VERTICES_KW(vertices)
                    PATH_TYPE "V"
                    NAME "v" (IDENT)
                    ARRAY_SUFFIX
                      LITERAL "4"
                  PARAM DYNAMIC_UNIFORM_KW(dynamic_uniform)
                    PATH_TYPE "int"
                    NAME "u" (IDENT)
                BLOCK
              FN EXPORT_KW(export) EXTERN_CPP_KW(__extern_cpp)
                PATH_TYPE "int"
                NAME "main" (IDENT)
                PARAM_LIST
                BLOCK
              CBUFFER BUFFER_KW(buffer)
                MODIFIER
                  NAME_REF "layout" (IDENT)
                  ARG_LIST
                    PATH_EXPR
                      NAME_REF "std430" (IDENT)
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "binding" (IDENT)
                      LITERAL "0"
                NAME "B" (IDENT)
                MEMBER_LIST
                  VAR_DECL
                    PATH_TYPE "uint"
                    DECLARATOR
                      NAME "data" (IDENT)
              VAR_DECL
                CBUFFER BUFFER_KW(buffer)
                  NAME "C" (IDENT)
                  MEMBER_LIST
                    VAR_DECL
                      PATH_TYPE "uint"
                      DECLARATOR
                        NAME "d" (IDENT)
                        ARRAY_SUFFIX
                DECLARATOR
                  NAME "outputBuffer" (IDENT)
              LAYOUT_DECL IN_KW(in)
                MODIFIER
                  NAME_REF "layout" (IDENT)
                  ARG_LIST
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "local_size_x" (IDENT)
                      LITERAL "2"
              FUNC_EXTENSION FUNC_EXTENSION_KW(__func_extension)
                DIFF_EXPR FWD_DIFF_KW(fwd_diff)
                  PATH_EXPR
                    NAME_REF "f" (IDENT)
                PARAM_LIST
                  PARAM
                    PATH_TYPE "DifferentialPair < float >"
                    NAME "x" (IDENT)
                PATH_TYPE "DifferentialPair < float >"
                BLOCK
              STRUCT STRUCT_KW(struct)
                NAME "W" (IDENT)
                MEMBER_LIST
                  INIT INIT_KW(__init)
                    MODIFIER
                      NAME_REF "__implicit_conversion" (IDENT)
                      ARG_LIST
                        LITERAL "100"
                    PARAM_LIST
                      PARAM
                        PATH_TYPE "int"
                        NAME "x" (IDENT)
                    BLOCK
        "#]],
    );
}
