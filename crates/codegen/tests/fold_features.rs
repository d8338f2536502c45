//! Values whose type needs a device feature the target lacks compile when they are all
//! compile-time constants or dead (slangc folds them): codegen folds and prunes, then retries.

mod common;

use common::*;
use ir::*;

#[test]
fn constant_64_bit_comparisons_fold_without_int64() {
    let mut k = module_with_output(|t| t.scalar(Scalar::I32));
    let out = k.out;
    let u64_ty = k.m.types.scalar(Scalar::U64);
    let big = k.m.add_global(
        "big",
        u64_ty,
        GlobalKind::Constant(ConstValue::Literal(Literal::U64(u64::MAX))),
    );
    entry(&mut k.m, 1, |b, x| {
        let one = b.literal(Literal::I32(1));
        let wide = b.convert(one, Scalar::U64);
        let k = b.load(Place::global(big));
        let q = b.binary(BinaryOp::Div, wide, k);
        let zero = b.literal(Literal::U64(0));
        let is_zero = b.binary(BinaryOp::Eq, q, zero);
        let minus_one = b.literal(Literal::I32(-1));
        let all = b.convert(minus_one, Scalar::U64);
        let same = b.binary(BinaryOp::Eq, all, k);
        let both = b.binary(BinaryOp::LogicalAnd, is_zero, same);
        let r = b.convert(both, Scalar::I32);
        b.store(Place::global(out).dynamic(x), r);
    });
    let text = wgsl(&k.m);
    assert!(!text.contains("u64"), "{text}");
    reparse(&text);
}

#[test]
fn a_64_bit_value_computed_at_run_time_is_emulated_without_the_feature() {
    let mut k = module_with_output(|t| t.scalar(Scalar::I32));
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let wide = b.convert(x, Scalar::U64);
        let r = b.convert(wide, Scalar::I32);
        b.store(Place::global(out).dynamic(x), r);
    });
    // Two 32-bit words (`lower/wide_int.rs`): the conversions read and write them.
    let text = wgsl(&k.m);
    assert!(
        !text.contains("u64") && text.contains("vec2<u32>"),
        "{text}"
    );
    reparse(&text);
}
