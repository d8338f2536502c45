//! Front-end gaps of session 14: extension parameters bound through a constraint's conformance,
//! arrays, vectors, matrices and structured buffers as `IArray`/`IRWArray`, extensions in a
//! module's fragments.

use expect_test::expect;

use super::{check_diags_files, check_lets};

#[test]
fn blanket_extension_binds_parameters_from_conformance() {
    // `T` is not named by the target `U`: it comes from `U`'s conformance to `IBuf<T>`.
    check_lets(
        r#"
interface IBuf<T> { T read(int x); }
interface IRWBuf<T> : IBuf<T> { [mutating] void write(int x, T v); }
extension<T, U : IBuf<T>> U { __subscript(int x) -> T { get { return read(x); } } }
extension<T, U : IRWBuf<T>> U
{
    __subscript(int x) -> T { get { return read(x); } set { write(x, newValue); } }
}
struct Arr<T> : IRWBuf<T>
{
    T data[2];
    T read(int x) { return data[x]; }
    [mutating] void write(int x, T v) { data[x] = v; }
}
void f()
{
    Arr<float> a;
    a[0] = 1.0;
    let x = a[1];
}
"#,
        expect![[r#"
            x: float
        "#]],
    );
}

#[test]
fn arrays_vectors_matrices_and_buffers_are_rw_arrays() {
    check_lets(
        r#"
void put<U, A : IRWArray<U>>(inout A a, int i, U v) { a[i] = v; }
void store<U, A : IRWArray<U>>(A a, int i, U v) { a[i] = v; }
U get<U, A : IArray<U>>(A a, int i) { return a[i]; }
RWStructuredBuffer<float> buf;
StructuredBuffer<int> ro;
void f()
{
    float arr[3];
    float4 v;
    float2x2 m;
    put(arr, 0, 4.0);
    put(v, 3, 3.0);
    put(m, 1, float2(1.0, 2.0));
    store(buf, 0, 1.0);
    let a = get(arr, 0);
    let b = get(v, 3);
    let c = get(m, 1);
    let d = get(ro, 0);
    let n = buf.getCount();
}
"#,
        expect![[r#"
            a: float
            b: float
            c: float2
            d: int
            n: int
        "#]],
    );
}

#[test]
fn extensions_in_fragments_of_nested_namespaces_apply() {
    check_diags_files(
        &[
            (
                "main.slang",
                "module lib;\n__include types;\n__include ext;\nstruct Leaf : outer::inner::ICol { int v; int base_value() { return v; } int collect() { return v; } }\nint f() { Leaf l = {3}; outer::inner::Pair<Leaf> p = {l}; return p.collect() + p.base_value(); }\n",
            ),
            (
                "types.slang",
                "implementing lib;\nnamespace outer { namespace inner {\npublic interface IBase { int base_value(); }\npublic interface ICol : IBase { int collect(); }\npublic struct Pair<A : IBase> : IBase { public A a; public int base_value() { return a.base_value(); } }\n} }\n",
            ),
            (
                "ext.slang",
                "implementing lib;\nnamespace outer { namespace inner {\npublic extension<A : IBase> Pair<A> : ICol where A : ICol\n{\n    public int collect() { return this.a.collect() * 2; }\n}\n} }\n",
            ),
        ],
        expect![[""]],
    );
}
