//! Type-level forms: pointers (`T*`, `Ptr<T>`, `*p`, `&x`, `p->f`, `nullptr`), function types
//! (`functype(...) -> R`), conjunctions of interfaces (`IA & IB`), bit fields, `::Name` types,
//! modifiers inside generic arguments and the `hf`/`fh`/`LF` float suffixes.

use expect_test::expect;

use super::{check_diags, check_type};

const POINTER_PRELUDE: &str = "struct S { int a; float b; };
        uniform S* gs;
        void f(int* p, Ptr<float> q) {
            let v = *p;
            let w = gs->b;
            let x = gs.a;
            let y = p[3];
            let z = p + 1;
            let c = p == z;
            bool n = q != nullptr;
            int* r = nullptr;
            *p = 4;
            gs->a = 2;
            p[1] = 5;
            uint64_t addr = uint64_t(p);
            int* back = (int*)addr;
            float* fp = (float*)p;
            ";

#[test]
fn pointer_types_and_operators() {
    let at = |name: &str| format!("{POINTER_PRELUDE}{name}$0; }}");
    check_type(&at("v"), expect!["int"]);
    check_type(&at("w"), expect!["float"]);
    check_type(&at("x"), expect!["int"]);
    check_type(&at("y"), expect!["int"]);
    check_type(&at("z"), expect!["int*"]);
    check_type(&at("c"), expect!["bool"]);
    check_type(&at("fp"), expect!["float*"]);
    check_diags(&format!("{POINTER_PRELUDE} }}"), expect![""]);
}

#[test]
fn address_of_and_get_address() {
    check_type(
        "groupshared float g[4]; void f() { let p = &g[1]; p$0; }",
        expect![["float*"]],
    );
    check_type(
        "RWStructuredBuffer<uint> b; void f() { let p = __getAddress(b[0]); p$0; }",
        expect![["uint*"]],
    );
    check_type(
        "void f() { Ptr<int, Access.Read> p; let q = Ptr<int>(p); q$0; }",
        expect![["int*"]],
    );
}

#[test]
fn pointer_errors() {
    check_diags(
        "void f(int x, Ptr<int, Access.Read> r, float* p) {
            let a = *x;
            *r = 1;
            let b = p * 2;
            let c = &(x + 1);
        }",
        expect![[r#"
            2:21 error[E2005] operator `*` needs a pointer operand, found `int`: dereference a pointer (`T*`, `Ptr<T>`)
            3:16 error[E2009] left of '=' is not an l-value. cannot assign to this expression: it is memory behind the read-only pointer `Ptr<int, 1, 0, DefaultDataLayout>`; write through a `Ptr<T, Access.ReadWrite>`
            4:23 error[E2005] operator `*` cannot be applied to `float*` and `int`: pointers add and subtract integers (`p + 1`) and compare with pointers of the same type or `nullptr`
            5:21 error[E2009] cannot take the address of this expression: it is not a variable, field, element or swizzle
        "#]],
    );
}

#[test]
fn pointer_fields_params_returns_and_extensions() {
    check_diags(
        "struct Node { int value; Node* next; };
        extension<T> Ptr<T> { bool isNull() { return this == nullptr; } }
        Node* advance(Node* n) { return n->next; }
        int sum(Node* n) {
            int s = 0;
            for (Node* it = n; !it.isNull(); it = advance(it)) { s += it->value; }
            return s;
        }
        ConstBufferPointer<float4> cbp;
        float4 g() { return cbp.get() + ConstBufferPointer<float4>.fromUInt(16).get(); }",
        expect![[""]],
    );
}

#[test]
fn function_types() {
    check_diags(
        "func apply(f : functype(int, int) -> float) -> float { return f(2, 3); }
        int add(int a, int b) { return a + b; }
        float twice(functype(float) -> float g, float x) { return g(g(x)); }
        void main() {
            let a = apply((int x, int y) => x + y);
            let b = apply(add);
            let c = twice((float v) => v * 2.0, 1.0);
        }",
        expect![[""]],
    );
    check_type(
        "float apply(functype(int) throws MyError -> float f) { return 0.0; } struct MyError {}; void g(functype(int, bool) -> void h) { h$0; }",
        expect![["functype(int, bool) -> void"]],
    );
    check_diags(
        "func apply(f : functype(int, int) -> float) -> float { return f(2, 3); }
        void main() {
            int c = 2;
            let a = apply((int x, int y) => x + y + c);
            let b = apply((int x, float y) => x + y);
            let d = apply(1);
        }",
        expect![[r#"
            4:27 error[E2004] type mismatch in expression: expected an expression of type 'functype(int, int) -> float', got 'lambda(int, int) -> int': argument 1 of `apply` has type `lambda(int, int) -> int`, which does not convert to `functype(int, int) -> float`
                related main.slang@5..10: declared here: float apply(functype(int, int) -> float f)
            5:27 error[E2004] type mismatch in expression: expected an expression of type 'functype(int, int) -> float', got 'lambda(int, float) -> float': argument 1 of `apply` has type `lambda(int, float) -> float`, which does not convert to `functype(int, int) -> float`
                related main.slang@5..10: declared here: float apply(functype(int, int) -> float f)
            6:27 error[E2004] type mismatch in expression: expected an expression of type 'functype(int, int) -> float', got 'int': argument 1 of `apply` has type `int`, which does not convert to `functype(int, int) -> float`
                related main.slang@5..10: declared here: float apply(functype(int, int) -> float f)
        "#]],
    );
}

#[test]
fn interface_conjunctions() {
    check_diags(
        "interface IA { int a(); }
        interface IB { int b(); }
        interface IC { int c(); }
        typealias IAB = IA & IB;
        struct S : IA & IB & IC { int a() { return 1; } int b() { return 2; } int c() { return 3; } }
        int useAB<T : IAB>(T t) { return t.a() + t.b(); }
        int useBC<T : IB & IC>(T t) { return t.b() + t.c(); }
        int useW<T>(T t) where T : IA & IC { return t.a() + t.c(); }
        int main() { S s; return useAB(s) + useBC(s) + useW(s); }",
        expect![[""]],
    );
    check_diags(
        "interface IA { int a(); }
        interface IB { int b(); }
        struct S : IA & IB { int a() { return 1; } }",
        expect![[r#"
            3:25 error[E2016] type 'S' does not provide required interface member 'b'. `S` does not implement method `b` required by interface `IB`: add `int b()`
                related main.slang@53..54: requirement declared here
        "#]],
    );
}

#[test]
fn global_scope_paths_and_modifiers_in_generic_arguments() {
    check_diags(
        "struct Foo { int x; };
        typedef ::Foo F2;
        static ::Foo g;
        RWStructuredBuffer<unorm float> a;
        RWTexture2D<snorm float4> t;
        int f() { F2 v = g; return v.x; }",
        expect![[""]],
    );
}

#[test]
fn float_literal_suffixes() {
    check_type("void f() { let h = 1.5hf; h$0; }", expect![["half"]]);
    check_type("void f() { let h = 1.5fh; h$0; }", expect![["half"]]);
    check_type("void f() { let d = 67.9LF; d$0; }", expect![["double"]]);
    check_type("void f() { let d = 1.0lf; d$0; }", expect![["double"]]);
    check_type("void f() { let x = 1.0f; x$0; }", expect![["float"]]);
}

#[test]
fn bit_fields() {
    check_diags(
        "typedef uint MyUInt;
        struct S { int foo : 8; MyUInt bar : 24; uint plain; int64_t wide : 40; int gap : 0; };
        uint f() {
            S s = { 7 };
            s.foo = 3;
            s.bar += 2;
            return s.bar + uint(s.foo) + s.plain + uint(s.wide);
        }",
        expect![[""]],
    );
    check_type(
        "struct S { int foo : 8; uint bar : 24; }; void f() { S s; let x = s.bar; x$0; }",
        expect![["uint"]],
    );
    check_diags(
        "struct S { int foo : 33; int64_t bar : 999; float f : 3; uint ok : 32; };",
        expect![[r#"
            1:16 error[E2081] bit-field size exceeds type width: bit-field size (33) exceeds the width of its type int (32); use a wider type or a smaller width
            1:34 error[E2081] bit-field size exceeds type width: bit-field size (999) exceeds the width of its type int64_t (64); use a wider type or a smaller width
            1:51 error[E2080] bit field `f` has the non-integer type `float`: bit fields must have an integer type (`uint f : 4;`)
        "#]],
    );
}

#[test]
fn pointers_as_conditions_and_address_spaces() {
    check_diags(
        "struct Thing { int v; Thing* next; };
        RWStructuredBuffer<Thing> things;
        groupshared int shared[4];
        int walk(int n) {
            Ptr<Thing> cur = __getAddress(things[0]);
            int s = 0;
            for (int i = 0; cur && i < n; ++i) { s += cur->v; cur = cur->next; }
            if (!cur) { s += 1; }
            while (cur) { cur = cur.next; }
            Ptr<int, Access::ReadWrite, AddressSpace::GroupShared> g = __getAddress(shared[0]);
            g[1] = 2;
            let cb = ConstBufferPointer<int>(uint64_t(0));
            return s + cb[0];
        }",
        expect![""],
    );
}
