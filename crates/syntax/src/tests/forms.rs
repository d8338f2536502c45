//! Round-4 conformance forms: keywords as names, operators named as values, by-reference
//! parameters, modifiers with arguments, literals; and recovery of each form half-written.

use super::check_outline;
use expect_test::expect;

#[test]
fn keywords_as_declared_names() {
    check_outline(
        "struct S { int set; int struct; int static; }\nint f(int class, float in) { int sizeof = 1; float3 out = 2; int default = 3; }",
        expect![[r#"
            SOURCE_FILE
              STRUCT STRUCT_KW(struct)
                NAME "S" (IDENT)
                MEMBER_LIST
                  VAR_DECL
                    PATH_TYPE "int"
                    DECLARATOR
                      NAME "set" (IDENT)
                  VAR_DECL
                    PATH_TYPE "int"
                    DECLARATOR
                      NAME "struct" (IDENT)
                  VAR_DECL
                    PATH_TYPE "int"
                    DECLARATOR
                      NAME "static" (IDENT)
              FN
                PATH_TYPE "int"
                NAME "f" (IDENT)
                PARAM_LIST
                  PARAM
                    PATH_TYPE "int"
                    NAME "class" (IDENT)
                  PARAM
                    PATH_TYPE "float"
                    NAME "in" (IDENT)
                BLOCK
                  VAR_DECL
                    PATH_TYPE "int"
                    DECLARATOR
                      NAME "sizeof" (IDENT)
                      LITERAL "1"
                  VAR_DECL
                    PATH_TYPE "float3"
                    DECLARATOR
                      NAME "out" (IDENT)
                      LITERAL "2"
                  VAR_DECL
                    PATH_TYPE "int"
                    DECLARATOR
                      NAME "default" (IDENT)
                      LITERAL "3"
        "#]],
    );
}

#[test]
fn keywords_as_variables_in_expressions() {
    check_outline(
        "void f() { namespace += 1; x = struct + s.static; static++; y = s.typedef * sizeof; z = fwd_diff; }",
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
                        NAME_REF "namespace" (IDENT)
                      LITERAL "1"
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "x" (IDENT)
                      BIN_EXPR
                        PATH_EXPR
                          NAME_REF "struct" (IDENT)
                        FIELD_EXPR
                          PATH_EXPR
                            NAME_REF "s" (IDENT)
                          NAME_REF "static" (IDENT)
                  EXPR_STMT
                    POSTFIX_EXPR
                      PATH_EXPR
                        NAME_REF "static" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "y" (IDENT)
                      BIN_EXPR
                        FIELD_EXPR
                          PATH_EXPR
                            NAME_REF "s" (IDENT)
                          NAME_REF "typedef" (IDENT)
                        PATH_EXPR
                          NAME_REF "sizeof" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "z" (IDENT)
                      PATH_EXPR
                        NAME_REF "fwd_diff" (IDENT)
        "#]],
    );
}

#[test]
fn statement_keywords_stay_keywords() {
    // `x` typed above `return;` is an unfinished statement, not a variable named `return`
    check_outline(
        "void f() {\n    x\n    return;\n    y =\n    break;\n}",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                BLOCK
                  EXPR_STMT
                    PATH_EXPR
                      NAME_REF "x" (IDENT)
                  RETURN_STMT RETURN_KW(return)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "y" (IDENT)
                  BREAK_STMT BREAK_KW(break)
            error E1001 21..27: unexpected identifier, expected ';' after the expression
            error E1001 41..46: unexpected identifier, expected an expression
        "#]],
    );
}

#[test]
fn operators_named_as_values() {
    check_outline(
        "void f() { bwd_diff(operator*)(a, b, g); c = operator+(a, b); d = a.operator+(b); e = S.operator[]; h = operator()(1); k = operator>>=; }",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                BLOCK
                  EXPR_STMT
                    CALL_EXPR
                      DIFF_EXPR BWD_DIFF_KW(bwd_diff)
                        PATH_EXPR
                          NAME_REF "operator *" (OPERATOR_KW STAR)
                      ARG_LIST
                        PATH_EXPR
                          NAME_REF "a" (IDENT)
                        PATH_EXPR
                          NAME_REF "b" (IDENT)
                        PATH_EXPR
                          NAME_REF "g" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "c" (IDENT)
                      CALL_EXPR
                        PATH_EXPR
                          NAME_REF "operator +" (OPERATOR_KW PLUS)
                        ARG_LIST
                          PATH_EXPR
                            NAME_REF "a" (IDENT)
                          PATH_EXPR
                            NAME_REF "b" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "d" (IDENT)
                      CALL_EXPR
                        FIELD_EXPR
                          PATH_EXPR
                            NAME_REF "a" (IDENT)
                          NAME_REF "operator +" (OPERATOR_KW PLUS)
                        ARG_LIST
                          PATH_EXPR
                            NAME_REF "b" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "e" (IDENT)
                      FIELD_EXPR
                        PATH_EXPR
                          NAME_REF "S" (IDENT)
                        NAME_REF "operator [ ]" (OPERATOR_KW L_BRACK R_BRACK)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "h" (IDENT)
                      CALL_EXPR
                        PATH_EXPR
                          NAME_REF "operator ( )" (OPERATOR_KW L_PAREN R_PAREN)
                        ARG_LIST
                          LITERAL "1"
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "k" (IDENT)
                      PATH_EXPR
                        NAME_REF "operator >>=" (OPERATOR_KW SHREQ)
        "#]],
    );
}

#[test]
fn by_reference_parameters() {
    check_outline(
        "void f(__ref float x, __constref float y, inout float z) {}",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                  PARAM REF_KW(__ref)
                    PATH_TYPE "float"
                    NAME "x" (IDENT)
                  PARAM CONSTREF_KW(__constref)
                    PATH_TYPE "float"
                    NAME "y" (IDENT)
                  PARAM INOUT_KW(inout)
                    PATH_TYPE "float"
                    NAME "z" (IDENT)
                BLOCK
        "#]],
    );
}

#[test]
fn modifiers_with_arguments() {
    check_outline(
        "layout(binding = 2, set = 1) RWStructuredBuffer<float> b;\n__target_intrinsic(glsl, \"sin($0)\") float mysin(float x);\nstruct S { __intrinsic_op(0) float g(); }\nfloat layout(float x) { return layout(x); }",
        expect![[r#"
            SOURCE_FILE
              VAR_DECL
                MODIFIER
                  NAME_REF "layout" (IDENT)
                  ARG_LIST
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "binding" (IDENT)
                      LITERAL "2"
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "set" (IDENT)
                      LITERAL "1"
                PATH_TYPE "RWStructuredBuffer < float >"
                DECLARATOR
                  NAME "b" (IDENT)
              FN
                MODIFIER
                  NAME_REF "__target_intrinsic" (IDENT)
                  ARG_LIST
                    PATH_EXPR
                      NAME_REF "glsl" (IDENT)
                    LITERAL "\"sin($0)\""
                PATH_TYPE "float"
                NAME "mysin" (IDENT)
                PARAM_LIST
                  PARAM
                    PATH_TYPE "float"
                    NAME "x" (IDENT)
              STRUCT STRUCT_KW(struct)
                NAME "S" (IDENT)
                MEMBER_LIST
                  FN
                    MODIFIER
                      NAME_REF "__intrinsic_op" (IDENT)
                      ARG_LIST
                        LITERAL "0"
                    PATH_TYPE "float"
                    NAME "g" (IDENT)
                    PARAM_LIST
              FN
                PATH_TYPE "float"
                NAME "layout" (IDENT)
                PARAM_LIST
                  PARAM
                    PATH_TYPE "float"
                    NAME "x" (IDENT)
                BLOCK
                  RETURN_STMT RETURN_KW(return)
                    CALL_EXPR
                      PATH_EXPR
                        NAME_REF "layout" (IDENT)
                      ARG_LIST
                        PATH_EXPR
                          NAME_REF "x" (IDENT)
        "#]],
    );
}

#[test]
fn bit_fields_keep_their_width() {
    // was a deliberate E1001; slangc packs bit fields, so the width is a BIT_WIDTH node
    check_outline(
        "struct S { uint a : 4; uint b; uint c : 10, d : 22; }",
        expect![[r#"
            SOURCE_FILE
              STRUCT STRUCT_KW(struct)
                NAME "S" (IDENT)
                MEMBER_LIST
                  VAR_DECL
                    PATH_TYPE "uint"
                    DECLARATOR
                      NAME "a" (IDENT)
                      BIT_WIDTH
                        LITERAL "4"
                  VAR_DECL
                    PATH_TYPE "uint"
                    DECLARATOR
                      NAME "b" (IDENT)
                  VAR_DECL
                    PATH_TYPE "uint"
                    DECLARATOR
                      NAME "c" (IDENT)
                      BIT_WIDTH
                        LITERAL "10"
                    DECLARATOR
                      NAME "d" (IDENT)
                      BIT_WIDTH
                        LITERAL "22"
        "#]],
    );
}

#[test]
fn binary_literals() {
    check_outline(
        "int a = 0b101u; int b = 0B11; int c = 0b; int d = 0b102;",
        expect![[r#"
            SOURCE_FILE
              VAR_DECL
                PATH_TYPE "int"
                DECLARATOR
                  NAME "a" (IDENT)
                  LITERAL "0b101u"
              VAR_DECL
                PATH_TYPE "int"
                DECLARATOR
                  NAME "b" (IDENT)
                  LITERAL "0B11"
              VAR_DECL
                PATH_TYPE "int"
                DECLARATOR
                  NAME "c" (IDENT)
                  LITERAL "0b"
              VAR_DECL
                PATH_TYPE "int"
                DECLARATOR
                  NAME "d" (IDENT)
                  LITERAL "0b102"
            error E1006 38..40: malformed binary literal: expected the digits 0 and 1 after `0b`
            error E1006 50..55: malformed binary literal: expected the digits 0 and 1 after `0b`
        "#]],
    );
}

#[test]
fn modern_declaration_forms() {
    check_outline(
        r#"module m;
implementing m;
import a.b;
__include "c.slang";
using namespace a.b;
namespace x.y { public func f(a : float) -> float { return a; } }
typealias V<T> = vector<T, 3>;
typedef float F;
__generic<T : IFloat> T sq(T v) { return v * v; }
[[vk::binding(0, 1)]] RWStructuredBuffer<float> buf : register(u0, space1);
[vk::push_constant] ConstantBuffer<P> pc;
interface I { associatedtype A : IFloat; property float p { get; set; } static This make(); }
internal struct S : I
{
    private float v : SV_Position;
    static const int N = 2;
    typealias A = float;
    property float p { get { return v; } set { v = newValue; } }
    __subscript(int i) -> float { get { return v; } ref; }
    [mutating] void inc() { let k : float = 1; var j : int = 2; v += k; }
    [ForceInline] [require(spirv)] static This make() { return This(); }
}
extension float : I { }
"#,
        expect![[r#"
            SOURCE_FILE
              MODULE_DECL MODULE_KW(module)
                MODULE_PATH
              IMPLEMENTING IMPLEMENTING_KW(implementing)
                MODULE_PATH
              IMPORT IMPORT_KW(import)
                MODULE_PATH
              INCLUDE INCLUDE_KW(__include)
              USING USING_KW(using) NAMESPACE_KW(namespace)
                PATH
                  PATH_SEGMENT
                    NAME_REF "a" (IDENT)
                  PATH_SEGMENT
                    NAME_REF "b" (IDENT)
              NAMESPACE NAMESPACE_KW(namespace)
                NAME "x" (IDENT)
                NAME "y" (IDENT)
                ITEM_LIST
                  FN PUBLIC_KW(public) FUNC_KW(func)
                    NAME "f" (IDENT)
                    PARAM_LIST
                      PARAM
                        NAME "a" (IDENT)
                        PATH_TYPE "float"
                    PATH_TYPE "float"
                    BLOCK
                      RETURN_STMT RETURN_KW(return)
                        PATH_EXPR
                          NAME_REF "a" (IDENT)
              TYPEALIAS TYPEALIAS_KW(typealias)
                NAME "V" (IDENT)
                GENERIC_PARAM_LIST
                  TYPE_PARAM
                    NAME "T" (IDENT)
                PATH_TYPE "vector < T , 3 >"
              TYPEDEF TYPEDEF_KW(typedef)
                PATH_TYPE "float"
                NAME "F" (IDENT)
              FN
                GENERIC_PARAM_LIST GENERIC_KW(__generic)
                  TYPE_PARAM
                    NAME "T" (IDENT)
                    PATH_TYPE "IFloat"
                PATH_TYPE "T"
                NAME "sq" (IDENT)
                PARAM_LIST
                  PARAM
                    PATH_TYPE "T"
                    NAME "v" (IDENT)
                BLOCK
                  RETURN_STMT RETURN_KW(return)
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "v" (IDENT)
                      PATH_EXPR
                        NAME_REF "v" (IDENT)
              VAR_DECL
                ATTRIBUTE
                  PATH
                    PATH_SEGMENT
                      NAME_REF "vk" (IDENT)
                    PATH_SEGMENT
                      NAME_REF "binding" (IDENT)
                  ARG_LIST
                    LITERAL "0"
                    LITERAL "1"
                PATH_TYPE "RWStructuredBuffer < float >"
                DECLARATOR
                  NAME "buf" (IDENT)
                  SEMANTIC
                    NAME_REF "register" (IDENT)
                    ARG_LIST
                      PATH_EXPR
                        NAME_REF "u0" (IDENT)
                      PATH_EXPR
                        NAME_REF "space1" (IDENT)
              VAR_DECL
                ATTRIBUTE
                  PATH
                    PATH_SEGMENT
                      NAME_REF "vk" (IDENT)
                    PATH_SEGMENT
                      NAME_REF "push_constant" (IDENT)
                PATH_TYPE "ConstantBuffer < P >"
                DECLARATOR
                  NAME "pc" (IDENT)
              INTERFACE INTERFACE_KW(interface)
                NAME "I" (IDENT)
                MEMBER_LIST
                  ASSOC_TYPE ASSOCIATEDTYPE_KW(associatedtype)
                    NAME "A" (IDENT)
                    BASE_LIST
                      PATH_TYPE "IFloat"
                  PROPERTY PROPERTY_KW(property)
                    PATH_TYPE "float"
                    NAME "p" (IDENT)
                    ACCESSOR_LIST
                      ACCESSOR GET_KW(get)
                      ACCESSOR SET_KW(set)
                  FN STATIC_KW(static)
                    PATH_TYPE "This"
                    NAME "make" (IDENT)
                    PARAM_LIST
              STRUCT INTERNAL_KW(internal) STRUCT_KW(struct)
                NAME "S" (IDENT)
                BASE_LIST
                  PATH_TYPE "I"
                MEMBER_LIST
                  VAR_DECL PRIVATE_KW(private)
                    PATH_TYPE "float"
                    DECLARATOR
                      NAME "v" (IDENT)
                      SEMANTIC
                        NAME_REF "SV_Position" (IDENT)
                  VAR_DECL STATIC_KW(static) CONST_KW(const)
                    PATH_TYPE "int"
                    DECLARATOR
                      NAME "N" (IDENT)
                      LITERAL "2"
                  TYPEALIAS TYPEALIAS_KW(typealias)
                    NAME "A" (IDENT)
                    PATH_TYPE "float"
                  PROPERTY PROPERTY_KW(property)
                    PATH_TYPE "float"
                    NAME "p" (IDENT)
                    ACCESSOR_LIST
                      ACCESSOR GET_KW(get)
                        BLOCK
                          RETURN_STMT RETURN_KW(return)
                            PATH_EXPR
                              NAME_REF "v" (IDENT)
                      ACCESSOR SET_KW(set)
                        BLOCK
                          EXPR_STMT
                            BIN_EXPR
                              PATH_EXPR
                                NAME_REF "v" (IDENT)
                              PATH_EXPR
                                NAME_REF "newValue" (IDENT)
                  SUBSCRIPT SUBSCRIPT_KW(__subscript)
                    PARAM_LIST
                      PARAM
                        PATH_TYPE "int"
                        NAME "i" (IDENT)
                    PATH_TYPE "float"
                    ACCESSOR_LIST
                      ACCESSOR GET_KW(get)
                        BLOCK
                          RETURN_STMT RETURN_KW(return)
                            PATH_EXPR
                              NAME_REF "v" (IDENT)
                      ACCESSOR REF_KW(ref)
                  FN
                    ATTRIBUTE
                      PATH
                        PATH_SEGMENT
                          NAME_REF "mutating" (IDENT)
                    PATH_TYPE "void"
                    NAME "inc" (IDENT)
                    PARAM_LIST
                    BLOCK
                      VAR_DECL LET_KW(let)
                        DECLARATOR
                          NAME "k" (IDENT)
                          PATH_TYPE "float"
                          LITERAL "1"
                      VAR_DECL VAR_KW(var)
                        DECLARATOR
                          NAME "j" (IDENT)
                          PATH_TYPE "int"
                          LITERAL "2"
                      EXPR_STMT
                        BIN_EXPR
                          PATH_EXPR
                            NAME_REF "v" (IDENT)
                          PATH_EXPR
                            NAME_REF "k" (IDENT)
                  FN STATIC_KW(static)
                    ATTRIBUTE
                      PATH
                        PATH_SEGMENT
                          NAME_REF "ForceInline" (IDENT)
                    ATTRIBUTE
                      PATH
                        PATH_SEGMENT
                          NAME_REF "require" (IDENT)
                      ARG_LIST
                        PATH_EXPR
                          NAME_REF "spirv" (IDENT)
                    PATH_TYPE "This"
                    NAME "make" (IDENT)
                    PARAM_LIST
                    BLOCK
                      RETURN_STMT RETURN_KW(return)
                        CALL_EXPR
                          PATH_EXPR
                            NAME_REF "This" (THIS_TYPE_KW)
                          ARG_LIST
              EXTENSION EXTENSION_KW(extension)
                PATH_TYPE "float"
                BASE_LIST
                  PATH_TYPE "I"
                MEMBER_LIST
        "#]],
    );
}

/// Each half-written form, followed by a complete declaration: one diagnostic, and the
/// declaration after it intact.
#[test]
fn half_written_forms_recover() {
    let top_level = [
        "func f(a : float) ->",
        "func f(a :",
        "let x :",
        "typealias X =",
        "typedef float",
        "__generic<T",
        "extension float",
        "namespace a.",
        "using namespace",
        "import",
        "module",
        "[[vk::binding(0,",
        "[vk::push_constant",
        "layout(binding =",
        "Texture2D t : register(t0,",
        "void f(__ref float",
        "__target_intrinsic(glsl, \"sin($0)\"",
        "float x = 0b",
        "int operator",
    ];
    let members = [
        "associatedtype A :",
        "property p : float { get",
        "__subscript(int i) -> float { get { return 1; } set",
        "[mutating] void g(",
        "static const int N =",
        "float operator",
    ];
    let statements = [
        "let x =",
        "var y :",
        "x = bwd_diff(operator",
        "s.operator",
        "int struct",
        "if (",
        "for (int i = 0; i <",
        "a.",
        "f(1,",
        "x = operator*(",
    ];
    let mut out = String::new();
    let mut record = |form: &str, src: String, after: &str| {
        let parse = crate::parse(&src);
        let tail = src.rfind(after).unwrap_or(src.len());
        // the declaration after the form is a node of its own (possibly taking the form's
        // attributes or generic prefix), and no error is reported inside it (the form's own
        // error is reported at its first token, the unexpected one)
        let intact = parse
            .syntax_node()
            .descendants()
            .any(|n| n.text().to_string().trim().ends_with(after))
            && parse
                .errors()
                .iter()
                .all(|e| (u32::from(e.range.start()) as usize) <= tail);
        let messages: Vec<&str> = parse.errors().iter().map(|e| e.message.as_str()).collect();
        out.push_str(&format!(
            "{form:<40} | {} | {} error(s): {}\n",
            if intact { "next intact" } else { "NEXT BROKEN" },
            messages.len(),
            messages.join(" / ")
        ));
    };
    let after = "float after() { return 1; }";
    for form in top_level {
        record(form, format!("{form}\n{after}\n"), after);
    }
    for form in members {
        let after_member = "float after;";
        record(
            form,
            format!("struct S {{\n    {form}\n    {after_member}\n}}\n"),
            after_member,
        );
    }
    for form in statements {
        let after_stmt = "float after = 1;";
        record(
            form,
            format!("void f() {{\n    {form}\n    {after_stmt}\n}}\n"),
            after_stmt,
        );
    }
    expect![[r#"
        func f(a : float) ->                     | next intact | 1 error(s): unexpected identifier, expected a type
        func f(a :                               | next intact | 1 error(s): unexpected identifier, expected a type
        let x :                                  | next intact | 1 error(s): unexpected identifier, expected a type
        typealias X =                            | next intact | 1 error(s): unexpected identifier, expected a type
        typedef float                            | next intact | 1 error(s): unexpected identifier, expected a name
        __generic<T                              | next intact | 1 error(s): unexpected identifier, expected a name
        extension float                          | next intact | 1 error(s): unexpected identifier, expected '{' to start the extension body
        namespace a.                             | next intact | 1 error(s): unexpected identifier, expected a name
        using namespace                          | next intact | 1 error(s): unexpected identifier, expected a namespace name
        import                                   | next intact | 1 error(s): unexpected identifier, expected a module name or a file name string
        module                                   | next intact | 1 error(s): unexpected identifier, expected a module name or a file name string
        [[vk::binding(0,                         | next intact | 1 error(s): unexpected identifier, expected ')' to close the argument list
        [vk::push_constant                       | next intact | 1 error(s): unexpected identifier, expected ']' to close the attribute
        layout(binding =                         | next intact | 1 error(s): unexpected identifier, expected an expression
        Texture2D t : register(t0,               | next intact | 1 error(s): unexpected identifier, expected ')' to close the argument list
        void f(__ref float                       | next intact | 1 error(s): unexpected identifier, expected a name
        __target_intrinsic(glsl, "sin($0)"       | next intact | 1 error(s): unexpected identifier, expected ',' or ')' in the argument list
        float x = 0b                             | next intact | 2 error(s): malformed binary literal: expected the digits 0 and 1 after `0b` / unexpected identifier, expected ';' after the declaration
        int operator                             | next intact | 1 error(s): unexpected identifier, expected an operator after 'operator'
        associatedtype A :                       | next intact | 1 error(s): unexpected identifier, expected a type
        property p : float { get                 | next intact | 1 error(s): unexpected identifier, expected '{' or ';' after the accessor
        __subscript(int i) -> float { get { return 1; } set | next intact | 1 error(s): unexpected identifier, expected '{' or ';' after the accessor
        [mutating] void g(                       | next intact | 1 error(s): unexpected identifier, expected ')' to close the parameter list
        static const int N =                     | next intact | 1 error(s): unexpected identifier, expected an expression
        float operator                           | next intact | 1 error(s): unexpected identifier, expected an operator after 'operator'
        let x =                                  | next intact | 1 error(s): unexpected identifier, expected an expression
        var y :                                  | next intact | 1 error(s): unexpected identifier, expected a type
        x = bwd_diff(operator                    | next intact | 1 error(s): unexpected identifier, expected an operator after 'operator'
        s.operator                               | next intact | 1 error(s): unexpected identifier, expected a member name after '.'
        int struct                               | next intact | 1 error(s): unexpected identifier, expected ';' after the declaration
        if (                                     | next intact | 1 error(s): unexpected identifier, expected an expression
        for (int i = 0; i <                      | next intact | 1 error(s): unexpected identifier, expected an expression
        a.                                       | next intact | 1 error(s): unexpected identifier, expected a member name after '.'
        f(1,                                     | next intact | 1 error(s): unexpected identifier, expected ')' to close the argument list
        x = operator*(                           | next intact | 1 error(s): unexpected identifier, expected ')' to close the argument list
    "#]]
    .assert_eq(&out);
}

#[test]
fn none_and_no_diff_as_variables() {
    // `none.a`/`none = ...` read a variable; `return none;` stays the literal. `no_diff + 1`
    // reads a variable; `no_diff f(x)` stays the operator.
    check_outline(
        "void f() { none.a = 1; none = p; return none; x = no_diff + 1; y = no_diff g(x); }",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "void"
                NAME "f" (IDENT)
                PARAM_LIST
                BLOCK
                  EXPR_STMT
                    BIN_EXPR
                      FIELD_EXPR
                        PATH_EXPR
                          NAME_REF "none" (IDENT)
                        NAME_REF "a" (IDENT)
                      LITERAL "1"
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "none" (IDENT)
                      PATH_EXPR
                        NAME_REF "p" (IDENT)
                  RETURN_STMT RETURN_KW(return)
                    LITERAL "none"
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "x" (IDENT)
                      BIN_EXPR
                        PATH_EXPR
                          NAME_REF "no_diff" (IDENT)
                        LITERAL "1"
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "y" (IDENT)
                      NO_DIFF_EXPR NO_DIFF_KW(no_diff)
                        CALL_EXPR
                          PATH_EXPR
                            NAME_REF "g" (IDENT)
                          ARG_LIST
                            PATH_EXPR
                              NAME_REF "x" (IDENT)
        "#]],
    );
}

#[test]
fn several_constraints_on_one_type_parameter() {
    check_outline(
        "float f<T : IA & IB>(T t) where T : IC, ID where U : IE & IF, V : IG { }",
        expect![[r#"
            SOURCE_FILE
              FN
                PATH_TYPE "float"
                NAME "f" (IDENT)
                GENERIC_PARAM_LIST
                  TYPE_PARAM
                    NAME "T" (IDENT)
                    PATH_TYPE "IA"
                    PATH_TYPE "IB"
                PARAM_LIST
                  PARAM
                    PATH_TYPE "T"
                    NAME "t" (IDENT)
                WHERE_CLAUSE WHERE_KW(where)
                  WHERE_PRED
                    PATH_TYPE "T"
                    PATH_TYPE "IC"
                    PATH_TYPE "ID"
                WHERE_CLAUSE WHERE_KW(where)
                  WHERE_PRED
                    PATH_TYPE "U"
                    PATH_TYPE "IE"
                    PATH_TYPE "IF"
                  WHERE_PRED
                    PATH_TYPE "V"
                    PATH_TYPE "IG"
                BLOCK
        "#]],
    );
}

#[test]
fn statement_keywords_as_variables_inside_expressions() {
    // slangc reads them as names there (`i += default;`); `case x:`/`default:` stay labels
    check_outline(
        "void f() { int default = 1; i += default * case; j = f(return, break); switch (i) { case 1: default: break; } }",
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
                      NAME "default" (IDENT)
                      LITERAL "1"
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "i" (IDENT)
                      BIN_EXPR
                        PATH_EXPR
                          NAME_REF "default" (IDENT)
                        PATH_EXPR
                          NAME_REF "case" (IDENT)
                  EXPR_STMT
                    BIN_EXPR
                      PATH_EXPR
                        NAME_REF "j" (IDENT)
                      CALL_EXPR
                        PATH_EXPR
                          NAME_REF "f" (IDENT)
                        ARG_LIST
                          PATH_EXPR
                            NAME_REF "return" (IDENT)
                          PATH_EXPR
                            NAME_REF "break" (IDENT)
                  SWITCH_STMT SWITCH_KW(switch)
                    PATH_EXPR
                      NAME_REF "i" (IDENT)
                    SWITCH_BODY
                      CASE_CLAUSE CASE_KW(case)
                        LITERAL "1"
                      DEFAULT_CLAUSE DEFAULT_KW(default)
                        BREAK_STMT BREAK_KW(break)
        "#]],
    );
}
