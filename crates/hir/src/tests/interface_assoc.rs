//! Associated types reached through interface values (Slang's existentials): `m.BSDF` of an
//! `IMaterial m` has the members its `associatedtype BSDF : IBSDF` constraint declares (also
//! through a generic interface `IData<T>` as the interface value's type binds `T`, and for an
//! associated type of an associated type), its static requirements are reachable as
//! `m.BSDF::f()`, and in a function declared `where T.Differential == T` the associated type
//! has the members of `T`.

use expect_test::expect;

use super::check_diags;

#[test]
fn members_of_an_interface_values_associated_type() {
    check_diags(
        r#"
interface IBSDF { uint lobes(); static float scale(float x); }
interface IMaterial { associatedtype BSDF : IBSDF; BSDF setup(); }
struct Tag { int t; }
void use(IMaterial m)
{
    let b = m.setup();
    uint n = b.lobes();
    float s = m.BSDF::scale(2.0);
    Tag t = b.lobes();
}
"#,
        expect![[r#"
            10:20 error[E2004] type mismatch in expression: expected an expression of type 'Tag', got 'uint': cannot convert a value of type `uint` to `Tag`
        "#]],
    );
}

#[test]
fn generic_interface_bounds_take_the_interface_values_arguments() {
    check_diags(
        r#"
interface IData<T> { T norm(); }
interface ICalc<T> { associatedtype Data : IData<T>; Data make(T q); }
struct Tag { int t; }
void use(ICalc<float> c)
{
    c.Data d = c.make(1.0);
    float f = d.norm();
    Tag t = d.norm();
}
"#,
        expect![[r#"
            9:19 error[E2004] type mismatch in expression: expected an expression of type 'Tag', got 'float': cannot convert a value of type `float` to `Tag`
        "#]],
    );
}

#[test]
fn nested_associated_types_of_an_interface_value() {
    check_diags(
        r#"
interface ILeaf { float leaf(); }
interface IBranch { associatedtype Leaf : ILeaf; }
interface ITree { associatedtype Branch : IBranch; Branch.Leaf grow(float x); }
struct Tag { int t; }
float use(ITree t)
{
    let l = t.grow(2.0);
    Tag g = l.leaf();
    return l.leaf();
}
"#,
        expect![[r#"
            9:19 error[E2004] type mismatch in expression: expected an expression of type 'Tag', got 'float': cannot convert a value of type `float` to `Tag`
        "#]],
    );
}

#[test]
fn an_associated_type_declared_equal_to_its_base_has_its_members() {
    check_diags(
        r#"
interface ICounter : IDifferentiablePtrType { int count(); }
int both<T : ICounter>(DifferentialPtrPair<T> pp)
    where T.Differential == T
{
    return pp.d.count() + pp.p.count();
}
"#,
        expect![[r#""#]],
    );
}
