//! Atomics the targets cannot express (WGSL, and the SPIR-V naga writes from the same module,
//! have 32-bit atomic words; float and half atomics are compare-exchange loops on them): lowering
//! refuses each with E4105 naming the operation, the element type and the targets, never an
//! internal error.

mod common;

use expect_test::{Expect, expect};

fn check(src: &str, expected: Expect) {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    let text = match lower::lower_program(&db, file, None) {
        Ok(_) => "ok".to_string(),
        Err(diags) => common::located(src, &diags),
    };
    expected.assert_eq(&text);
}

#[test]
fn atomic_add_on_double_is_refused() {
    check(
        r#"
RWStructuredBuffer<double> total;
[numthreads(1, 1, 1)]
void computeMain() { __atomic_reduce_add(total[0], 0.25); }
"#,
        expect![
            "E4105 `__atomic_reduce_add(total[0], 0.25)`: an atomic add on `double` cannot be compiled for WGSL or SPIR-V: their atomic words are 32 bits wide, so a 64-bit float cannot be updated atomically; use a 32-bit element (for example `float`, or an `int`/`uint` holding fixed-point values)"
        ],
    );
}

/// Half atomics (and float min/max/compare-exchange) are compare-exchange loops on the words
/// holding them (codegen), and a `half2` element is updated component by component.
#[test]
fn half_and_float_cas_atomics_lower() {
    check(
        r#"
RWStructuredBuffer<half> total;
RWStructuredBuffer<half2> pairs;
RWStructuredBuffer<float> f;
groupshared float g[4];
[numthreads(1, 1, 1)]
void computeMain()
{
    __atomic_reduce_add(total[0], half(0.125));
    __atomic_reduce_add(pairs[0], half2(half(1.0), half(2.0)));
    __atomic_min(f[0], 2.0);
    __atomic_compare_exchange(f[1], 0.0, 1.0);
    __atomic_max(g[1], 3.0);
}
"#,
        expect!["ok"],
    );
}

#[test]
fn bitwise_atomic_on_float_is_refused() {
    check(
        r#"
RWStructuredBuffer<float> f;
[numthreads(1, 1, 1)]
void computeMain() { __atomic_or(f[0], 1.0); }
"#,
        expect![
            "E4105 `__atomic_or(f[0], 1.0)`: an atomic or on `float` cannot be compiled for WGSL or SPIR-V: there are no bitwise atomics on floats; use a 32-bit element (for example `float`, or an `int`/`uint` holding fixed-point values)"
        ],
    );
}

#[test]
fn interlocked_add_on_int64_is_refused() {
    check(
        r#"
RWStructuredBuffer<int64_t> total;
[numthreads(1, 1, 1)]
void computeMain() { InterlockedAdd(total[0], 1); }
"#,
        expect![
            "E4105 `InterlockedAdd(total[0], 1)`: an atomic add on `int64_t` cannot be compiled for WGSL or SPIR-V: they have atomics on 32-bit integers and `float` only; use a 32-bit element (for example `float`, or an `int`/`uint` holding fixed-point values)"
        ],
    );
}

#[test]
fn float_and_int_atomics_lower() {
    check(
        r#"
RWStructuredBuffer<float> f;
RWStructuredBuffer<uint> u;
[numthreads(1, 1, 1)]
void computeMain() { __atomic_reduce_add(f[0], 0.5); InterlockedMax(u[0], 3u); }
"#,
        expect!["ok"],
    );
}

#[test]
fn atomic_on_a_local_is_refused() {
    check(
        r#"
RWStructuredBuffer<int> out;
[numthreads(1, 1, 1)]
void computeMain() { int x = 0; InterlockedAdd(x, 1); out[0] = x; }
"#,
        expect![
            "E4105 `InterlockedAdd(x, 1)`: an atomic operation on a local variable or parameter cannot be compiled for WGSL or SPIR-V: their atomics work on an element of a read-write buffer or a `groupshared` variable"
        ],
    );
}

#[test]
fn vector_of_vectors_is_refused() {
    check(
        r#"
RWStructuredBuffer<float> out;
[numthreads(1, 1, 1)]
void computeMain() { vector<vector<float, 3>, 2> v = { { 1, 2, 3 }, { 4, 5, 6 } }; out[0] = v.x.x; }
"#,
        expect![
            "E4101 `v = { { 1, 2, 3 }, { 4, 5, 6 } }`: the type `vector<float3, 2>` cannot be compiled for WGSL or SPIR-V: the elements of their vectors and matrices are scalars; use an array of vectors instead"
        ],
    );
}

#[test]
fn narrowing_bit_cast_is_refused() {
    check(
        r#"
StructuredBuffer<uint64_t> src;
RWStructuredBuffer<uint> out;
[numthreads(1, 1, 1)]
void computeMain() { out[0] = bit_cast<uint, uint64_t>(src[0]); }
"#,
        expect![
            "E4005 `bit_cast<uint, uint64_t>(src[0])`: `bit_cast` from `uint64_t` (8 bytes) to the smaller `uint` (4 bytes): the sizes must match"
        ],
    );
}

#[test]
fn float_texel_atomic_is_refused() {
    check(
        r#"
[format("r32f")]
RWTexture2D<float> t;
[numthreads(1, 1, 1)]
void computeMain() { float old; t.InterlockedAddF32(uint2(1, 0), 1.0, old); }
"#,
        expect![
            "E4105 `t.InterlockedAddF32(uint2(1, 0), 1.0, old)`: the texel atomic `InterlockedAddF32` cannot be compiled for WGSL or SPIR-V: their storage textures have no float atomics, and a float texel cannot be updated by compare-exchange on its bits; keep the values in a `RWStructuredBuffer<float>` (whose float atomics compile) and copy them to the texture afterwards"
        ],
    );
}
