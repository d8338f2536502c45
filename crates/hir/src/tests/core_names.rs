//! Names of Slang's core module that programs call directly: `alignof`, the double-underscore
//! casts and type queries, `unused`/`unmodified`, tuple `concat`, pointer-sized integers,
//! `IRWArray`, coherent pointer access (stdlib/builtins.slang).

use expect_test::expect;

use super::check_lets;

#[test]
fn alignof_of_types_values_and_layouts() {
    check_lets(
        r#"
struct Pair { int8_t a; double b; }
struct Box<T> { T v; }
void f(float3 v)
{
    let a = alignof(int);
    let b = alignof(v);
    let c = alignof(Pair);
    let d = alignof(matrix<uint, 3, 2>);
    let e = alignof(Box<half>);
    let g = alignof(Pair[2], ScalarDataLayout);
    let h = alignof(1 + 1);
    int arr[alignof(Pair)];
}
"#,
        expect![[r#"
            a: int
            b: int
            c: int
            d: int
            e: int
            g: int
            h: int
        "#]],
    );
}

#[test]
fn alignof_is_a_name_elsewhere() {
    // Only a call of the bare name is the operator; a field of that name is a field.
    check_lets(
        r#"
struct S { int alignof; }
void f(S s)
{
    let a = s.alignof;
}
"#,
        expect![[r#"
            a: int
        "#]],
    );
}

#[test]
fn casts_and_type_queries() {
    check_lets(
        r#"
enum Color { Red, Green }
void f(int i, uint2 u)
{
    let a = __intCast<uint, int>(i);
    let b = __int_cast<int>(3u);
    let c = __int_cast<int>(u);
    let d = __slang_noop_cast<int>(Color.Green);
    let e = __isSignedInt<int>();
    let g = __isFloat<float3>();
    let h = asDynamicUniform(u);
}
"#,
        expect![[r#"
            a: uint
            b: int
            c: int2
            d: int
            e: bool
            g: bool
            h: uint2
        "#]],
    );
}

#[test]
fn markers_tuples_and_pointer_sized_integers() {
    check_lets(
        r#"
void g(out float x) { unused(x); }
void h(inout float x) { unmodified(x); }
void f(int* p)
{
    let t = concat(makeTuple(1, 2.0), makeTuple(true));
    let last = t._2;
    let addr = uintptr_t(p);
    let n = size_t(4);
    let s = intptr_t(-1);
}
"#,
        expect![[r#"
            t: Tuple<int, float, bool>
            last: bool
            addr: uint64_t
            n: uint64_t
            s: int64_t
        "#]],
    );
}

#[test]
fn rw_arrays_and_coherent_pointers() {
    check_lets(
        r#"
groupshared int shared[4];
void write<U, A : IRWArray<U>>(inout A a, int i, U v) { a[i] = v; }
void f()
{
    int arr[3];
    write<int>(arr, 1, 5);
    storeCoherent<4, MemoryScope::Workgroup>(&shared[0], 1);
    let x = loadCoherent<4, MemoryScope.Device>(&shared[1]);
}
"#,
        expect![[r#"
            x: int
        "#]],
    );
}
