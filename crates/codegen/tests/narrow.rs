//! 8- and 16-bit integers: held in `i32`/`u32`, wrapped after each operation that can leave their
//! range, laid out byte by byte in `u32` words in memory shared with the host.

mod common;

use common::*;
use expect_test::expect;
use ir::*;

#[test]
fn narrow_arithmetic_wraps_and_sign_extends() {
    let mut k = module_with_output(|t| t.scalar(Scalar::I32));
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let s = b.convert(x, Scalar::I8);
        let lit = b.literal(Literal::I32(300));
        let c = b.convert(lit, Scalar::I8);
        let sum = b.add(s, c);
        let u = b.convert(x, Scalar::U16);
        let p = b.mul(u, u);
        let wide = b.convert(p, Scalar::I32);
        let low = b.binary(BinaryOp::BitAnd, sum, sum);
        let low = b.convert(low, Scalar::I32);
        let r = b.add(wide, low);
        b.store(Place::global(out).dynamic(x), r);
    });
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<i32>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e11 = extractBits((extractBits(i32(tid.x), 0u, 8u) + 44i), 0u, 8u);
                let _e14 = (u32(tid.x) & 65535u);
                outputBuffer[tid.x] = (i32(((_e14 * _e14) & 65535u)) + i32((_e11 & _e11)));
            }
        "#]],
    );
}

#[test]
fn narrow_integers_in_buffers_are_words() {
    // A `RWStructuredBuffer<uint16_t>`: `u32` words with a 2-byte stride; the store clears and
    // sets its half of the word atomically (its neighbour shares the word).
    let mut k = module_with_output(|t| t.scalar(Scalar::U16));
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let v = b.convert(x, Scalar::U16);
        b.store(Place::global(out).dynamic(x), v);
    });
    let text = wgsl(&k.m);
    reparse(&text);
    assert!(text.contains("array<atomic<u32>>"), "{text}");
    assert!(
        text.contains("atomicAnd(") && text.contains("atomicOr("),
        "{text}"
    );
    assert!(text.contains("* 2u"), "2-byte stride: {text}");
}
