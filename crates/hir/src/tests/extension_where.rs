//! Extensions as slangc applies them: a type's own conformances settle a question before
//! blanket extensions are consulted (no conformance asks for itself), blanket extensions chain
//! (`extension<T : IFoo> T : IBar`, then `extension<T : IBar> T : IBaz`), `where` clauses of an
//! extension limit where it applies, and `where A == B` makes two parameters one type.

use expect_test::expect;

use super::check_diags;

#[test]
fn blanket_extensions_chain_and_concrete_conformances_come_first() {
    check_diags(
        r#"
interface IFoo { int getVal(); }
interface IBar { int plusOne(); }
interface IBaz { int plusTwo(); }
struct MyInt { int v; }
struct Plain { int v; }
extension MyInt : IFoo { int getVal() { return v; } }
extension<T : IFoo> T : IBar { int plusOne() { return this.getVal() + 1; } }
extension<T : IBar> T : IBaz { int plusTwo() { return this.plusOne() + 1; } }
int viaFoo<T : IFoo>(T v) { return v.plusOne(); }
int viaBaz<T : IBaz>(T v) { return v.plusTwo(); }
void f()
{
    MyInt m = { 1 };
    int a = m.plusTwo() + viaFoo(m) + viaBaz(m);
    Plain p = { 2 };
    int b = p.plusOne();
}
"#,
        expect![[r#"
            17:15 error[E2003] 'plusOne' is not a member of 'Plain'. type `Plain` has no member `plusOne`: check the spelling
        "#]],
    );
}

#[test]
fn where_clauses_of_extensions_and_type_equalities() {
    check_diags(
        r#"
interface I { int get(); }
struct Foo<A, B> { int val = 0; }
extension<A, B> Foo<A, B> where A == B { [mutating] void setVal(int d) { val = d; } }
extension<A, B> Foo<A, B> where A : I { int viaI() { return 1; } }
struct Impl : I { int get() { return 3; } }
void same<A, B>(Foo<A, B> x) where A == B {}
void add(inout int a, int b) { a += b; }
int total<each T>(T v) where T == int
{
    int r = 0;
    expand add(r, each v);
    return r;
}
B convert<A, B>(A a) where A == B { return a; }
void f()
{
    Foo<int, int> x;
    x.setVal(3);
    same(x);
    Foo<int, float> y;
    y.setVal(3);
    Foo<Impl, int> z;
    int a = z.viaI() + total(1, 2, 3);
    int b = y.viaI();
}
"#,
        expect![[r#"
            22:7 error[E2003] 'setVal' is not a member of 'Foo<int,float>'. type `Foo<int, float>` has no member `setVal`: check the spelling
            25:15 error[E2003] 'viaI' is not a member of 'Foo<int,float>'. type `Foo<int, float>` has no member `viaI`: check the spelling
        "#]],
    );
}

#[test]
fn where_clauses_on_associated_types_of_the_matched_type() {
    check_diags(
        r#"
interface IValue { uint getValue(); }
interface IHasTag { associatedtype Tag; }
extension int : IValue { uint getValue() { return asuint(this); } }
extension<T : IHasTag> T : IValue where T.Tag : IValue
{
    uint getValue() { return 7; }
}
struct S : IHasTag { typealias Tag = int; }
struct N : IHasTag { typealias Tag = float; }
uint f(S s, N n) { return s.getValue() + n.getValue(); }
"#,
        expect![""],
    );
}

#[test]
fn a_parameter_equal_to_a_type_has_its_members() {
    check_diags(
        r#"
struct S { int value; }
void add(inout int r, int v) { r += v; }
void acceptAll<each T>(inout int r, expand each T values) where T == S
{
    expand add(r, (each values).value);
}
int one<T>(T x) where T == S { return x.value; }
int bad<T>(T x) where T == S { return x.missing; }
"#,
        expect![[r#"
            9:41 error[E2003] 'missing' is not a member of 'S'. type `S` has no member `missing`: check the spelling
        "#]],
    );
}
