//! The `Differential` of structs: synthesised (user guide's `MyRay`, `MyPartialDiffType`),
//! generic, own-type, declared; its Slang rendering and its members.

use std::sync::Arc;

use expect_test::{Expect, expect};

use crate::{ItemDef, RootDatabase, Ty};

/// Renders `differential_type_text` of struct `name`, then the members of `name.Differential`.
fn check_differential(fixture: &str, name: &str, expect: Expect) {
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", fixture);
    let decl = crate::file_items(&db, file)
        .into_iter()
        .find_map(|d| match d {
            ItemDef::TypeDecl(t) if t.loc(&db).name() == name => Some(t),
            _ => None,
        })
        .expect("fixture declares the struct");
    let ty = Ty::Adt(decl, Arc::from([]));
    let mut out = crate::differential_type_text(&db, &ty);
    out.push_str("\nmembers:\n");
    let assoc = Ty::Assoc(Arc::new(ty), "Differential".into());
    for m in crate::members_of(&db, file, &assoc) {
        out.push_str(&format!("  {:?} {}: {}\n", m.kind, m.name, m.detail));
    }
    for d in crate::diagnostics(&db, file) {
        out.push_str(&format!("diagnostic: {} {}\n", d.code, d.message));
    }
    expect.assert_eq(&out);
}

#[test]
fn my_ray_drops_its_integer_payload() {
    check_differential(
        r#"
struct MyRay : IDifferentiable
{
    float3 origin;
    float3 dir;
    int nonDifferentiablePayload;
};
"#,
        "MyRay",
        expect![[r#"
            struct MyRay_Differential : IDifferentiable
            {
                float3 origin;
                float3 dir;
                // dropped: int nonDifferentiablePayload (`int` does not conform to IDifferentiable)
            };
            members:
              Field origin: float3
              Field dir: float3
              StaticMethod dzero: static MyRay.Differential dzero()
              StaticMethod dadd: static MyRay.Differential dadd(MyRay.Differential a, MyRay.Differential b)
              StaticMethod dmul: static MyRay.Differential dmul<T : __BuiltinRealType>(T s, MyRay.Differential a)
        "#]],
    );
}

#[test]
fn partial_diff_type_keeps_only_float() {
    check_differential(
        r#"
struct MyPartialDiffType : IDifferentiable
{
    float x;
    uint y;
};
"#,
        "MyPartialDiffType",
        expect![[r#"
            struct MyPartialDiffType_Differential : IDifferentiable
            {
                float x;
                // dropped: uint y (`uint` does not conform to IDifferentiable)
            };
            members:
              Field x: float
              StaticMethod dzero: static MyPartialDiffType.Differential dzero()
              StaticMethod dadd: static MyPartialDiffType.Differential dadd(MyPartialDiffType.Differential a, MyPartialDiffType.Differential b)
              StaticMethod dmul: static MyPartialDiffType.Differential dmul<T : __BuiltinRealType>(T s, MyPartialDiffType.Differential a)
        "#]],
    );
}

#[test]
fn no_diff_fields_are_dropped() {
    check_differential(
        r#"
struct Particle : IDifferentiable
{
    float3 position;
    no_diff float age;
};
"#,
        "Particle",
        expect![[r#"
            struct Particle_Differential : IDifferentiable
            {
                float3 position;
                // dropped: float age (`no_diff`)
            };
            members:
              Field position: float3
              StaticMethod dzero: static Particle.Differential dzero()
              StaticMethod dadd: static Particle.Differential dadd(Particle.Differential a, Particle.Differential b)
              StaticMethod dmul: static Particle.Differential dmul<T : __BuiltinRealType>(T s, Particle.Differential a)
        "#]],
    );
}

#[test]
fn all_differentiable_fields_make_the_struct_its_own_differential() {
    check_differential(
        r#"
struct Params : IDifferentiable
{
    float a;
    float3 b;
    float2x2 m;
};
"#,
        "Params",
        expect![[r#"
            // every field of `Params` is its own differential
            typealias Differential = Params;
            members:
              Field a: float
              Field b: float3
              Field m: float2x2
              StaticMethod dzero: static Params.Differential dzero()
              StaticMethod dadd: static Params.Differential dadd(Params.Differential a, Params.Differential b)
              StaticMethod dmul: static Params.Differential dmul<T : __BuiltinRealType>(T s, Params.Differential a)
        "#]],
    );
}

#[test]
fn nested_structs_use_the_inner_differential() {
    check_differential(
        r#"
struct Inner : IDifferentiable
{
    float w;
    int tag;
};

struct Outer : IDifferentiable
{
    Inner inner;
    float s;
};
"#,
        "Outer",
        expect![[r#"
            struct Outer_Differential : IDifferentiable
            {
                Inner.Differential inner;
                float s;
            };
            members:
              Field inner: Inner.Differential
              Field s: float
              StaticMethod dzero: static Outer.Differential dzero()
              StaticMethod dadd: static Outer.Differential dadd(Outer.Differential a, Outer.Differential b)
              StaticMethod dmul: static Outer.Differential dmul<T : __BuiltinRealType>(T s, Outer.Differential a)
        "#]],
    );
}

#[test]
fn generic_struct_fields_keep_symbolic_differentials() {
    check_differential(
        r#"
struct Pair<T : IDifferentiable> : IDifferentiable
{
    T first;
    T second;
    int count;
};
"#,
        "Pair",
        expect![[r#"
            struct Pair_Differential<T> : IDifferentiable
            {
                T.Differential first;
                T.Differential second;
                // dropped: int count (`int` does not conform to IDifferentiable)
            };
            members:
              Field first: T.Differential
              Field second: T.Differential
              StaticMethod dzero: static Pair.Differential dzero()
              StaticMethod dadd: static Pair.Differential dadd(Pair.Differential a, Pair.Differential b)
              StaticMethod dmul: static Pair.Differential dmul<T : __BuiltinRealType>(T s, Pair.Differential a)
        "#]],
    );
}

#[test]
fn declared_differential_alias_is_used() {
    check_differential(
        r#"
struct MyRayDifferential : IDifferentiable
{
    float3 d_origin;
    float3 d_dir;
};

struct MyRay : IDifferentiable
{
    typealias Differential = MyRayDifferential;

    [DerivativeMember(MyRayDifferential.d_origin)]
    float3 origin;

    [DerivativeMember(MyRayDifferential.d_dir)]
    float3 dir;

    int nonDifferentiablePayload;
};
"#,
        "MyRay",
        expect![[r#"
            // declared in `MyRay`
            typealias Differential = MyRayDifferential;
            members:
              Field d_origin: float3
              Field d_dir: float3
        "#]],
    );
}

#[test]
fn struct_without_conformance_has_no_differential() {
    check_differential(
        r#"
struct Plain
{
    float x;
};
"#,
        "Plain",
        expect![[r#"
            // `Plain` does not conform to IDifferentiable: it has no Differential
            members:
        "#]],
    );
}

/// The user guide's `original(T p0, out T p1, inout T p2, ND p3, out ND p4, inout ND p5, P p6)`
/// with `P : IDifferentiablePtrType`: `p6` becomes a `DifferentialPtrPair<P>` in both modes.
#[test]
fn ptr_type_parameters_become_ptr_pairs() {
    let text = "\
struct P : IDifferentiablePtrType { typealias Differential = P; int slot; }
struct ND { int n; }
[Differentiable]
float original(float p0, out float p1, inout float p2, ND p3, out ND p4, inout ND p5, P p6) { p1 = p0; p4 = p3; return p0; }
";
    let mut db = crate::RootDatabase::default();
    let file = db.set_file("main.slang", text);
    let func = crate::file_items(&db, file)
        .into_iter()
        .find_map(|d| match d {
            crate::ItemDef::Function(f) if f.loc(&db).name() == "original" => Some(f),
            _ => None,
        })
        .expect("original is declared");
    let rendered: Vec<String> = [crate::DiffKind::Forward, crate::DiffKind::Backward]
        .into_iter()
        .map(|kind| {
            crate::derivative_signature_text(&db, func, kind).unwrap_or_else(|| "<none>".into())
        })
        .collect();
    expect![[r#"
        DifferentialPair<float> fwd_diff(original)(DifferentialPair<float> p0, out DifferentialPair<float> p1, inout DifferentialPair<float> p2, ND p3, out ND p4, inout ND p5, DifferentialPtrPair<P> p6)
        void bwd_diff(original)(inout DifferentialPair<float> p0, float p1, inout DifferentialPair<float> p2, ND p3, ND p5, DifferentialPtrPair<P> p6, float dResult)"#]].assert_eq(&rendered.join("\n"));
}

/// `struct B : A, IDifferentiable` with a differentiable `A`: the differential holds
/// `A.Differential` first (as the primal holds `A`), and `A`'s derivative fields are members.
#[test]
fn derived_struct_holds_its_base_differential() {
    check_differential(
        r#"
struct A : IDifferentiable { float x; no_diff float k; }
struct B : A, IDifferentiable { float y; }
"#,
        "B",
        expect![[r#"
            struct B_Differential : IDifferentiable
            {
                A.Differential _base; // the base struct's derivatives
                float y;
            };
            members:
              Field y: float
              Field x: float
              StaticMethod dzero: static B.Differential dzero()
              StaticMethod dadd: static B.Differential dadd(B.Differential a, B.Differential b)
              StaticMethod dmul: static B.Differential dmul<T : __BuiltinRealType>(T s, B.Differential a)
        "#]],
    );
}

/// A base whose fields are all their own differentials keeps the derived struct its own.
#[test]
fn derived_struct_of_an_own_type_base_is_its_own_differential() {
    check_differential(
        r#"
struct P : IDifferentiable { float u; }
struct Q : P, IDifferentiable { float v; }
"#,
        "Q",
        expect![[r#"
            // every field of `Q` is its own differential
            typealias Differential = Q;
            members:
              Field v: float
              Field u: float
              StaticMethod dzero: static Q.Differential dzero()
              StaticMethod dadd: static Q.Differential dadd(Q.Differential a, Q.Differential b)
              StaticMethod dmul: static Q.Differential dmul<T : __BuiltinRealType>(T s, Q.Differential a)
        "#]],
    );
}

/// A base that is not differentiable is dropped like a `no_diff` field; a derived struct that
/// does not declare `IDifferentiable` itself is not differentiable (conformances are not
/// inherited).
#[test]
fn non_differentiable_base_is_dropped() {
    check_differential(
        r#"
struct Plain { float n; }
struct M : Plain, IDifferentiable { float m; }
"#,
        "M",
        expect![[r#"
            struct M_Differential : IDifferentiable
            {
                float m;
                // dropped: Plain _base (`Plain` does not conform to IDifferentiable)
            };
            members:
              Field m: float
              StaticMethod dzero: static M.Differential dzero()
              StaticMethod dadd: static M.Differential dadd(M.Differential a, M.Differential b)
              StaticMethod dmul: static M.Differential dmul<T : __BuiltinRealType>(T s, M.Differential a)
        "#]],
    );
    check_differential(
        r#"
struct A : IDifferentiable { float x; }
struct D : A { float w; }
"#,
        "D",
        expect![[r#"
            // `D` does not conform to IDifferentiable: it has no Differential
            members:
        "#]],
    );
}

/// Diagnostics of a fixture, one per line (`none` when clean).
fn check_diagnostics(fixture: &str, expect: Expect) {
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", fixture);
    let mut out = String::new();
    for d in crate::diagnostics(&db, file) {
        out.push_str(&format!("{} {}\n", d.code, d.message));
    }
    if out.is_empty() {
        out.push_str("none\n");
    }
    expect.assert_eq(&out);
}

#[test]
fn differential_names_the_own_differential_inside_differentiable_types() {
    check_diagnostics(
        r#"
interface IFoo : IDifferentiable
{
    [Differentiable] static This create(Differential d);
}
struct Impl : IFoo
{
    float x;
    [Differentiable] static This create(Differential d) { Impl r; r.x = d.x; return r; }
    [Differentiable] static Differential twice(Differential d) { Differential o = { d.x * 2.0 }; return o; }
}
struct Plain : IDifferentiable
{
    float y;
    static Differential zero() { Differential z = { 0.0 }; return z; }
}
float use(Impl i, Plain p) { return Impl.twice(Impl.create(i).x == 0.0 ? i : i).x + Plain.zero().y; }
"#,
        expect![[r#"
            none
        "#]],
    );
}

#[test]
fn differential_is_unknown_outside_differentiable_types() {
    check_diagnostics(
        r#"
struct NotDiff
{
    float x;
    static Differential zero();
}
"#,
        expect![[r#"
            E2002 unknown type `Differential`: declare it, import the module that declares it, or check the spelling
        "#]],
    );
}
