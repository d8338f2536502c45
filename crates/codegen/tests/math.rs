//! Every math intrinsic at least once, lowered, snapshotted, re-validated and checked by spirv-val.

mod common;

use codegen::{Options, lower, to_wgsl};
use common::*;
use expect_test::{Expect, expect};
use ir::*;

#[derive(Clone, Copy, Debug)]
enum A {
    F,
    F3,
    F4,
    M22,
    M23,
    U,
    I,
    U3,
    B3,
    B,
}

fn table() -> Vec<(MathFn, Vec<A>)> {
    use A::*;
    use MathFn::*;
    let mut t = vec![
        (Abs, vec![F]),
        (Abs, vec![I]),
        (Sign, vec![F]),
        (Sign, vec![I]),
        (Sign, vec![U]),
        (Min, vec![F, F]),
        (Min, vec![U, U]),
        (Max, vec![F, F]),
        (Clamp, vec![F, F, F]),
        (Saturate, vec![F]),
        (Lerp, vec![F, F, F]),
        (SmoothStep, vec![F, F, F]),
        (Step, vec![F, F]),
        (Pow, vec![F, F]),
        (Atan2, vec![F, F]),
        (Fmod, vec![F, F]),
        (Fma, vec![F, F, F]),
        (Mad, vec![F, F, F]),
        (Mad, vec![I, I, I]),
        (Dot, vec![F3, F3]),
        (Cross, vec![F3, F3]),
        (Length, vec![F3]),
        (Distance, vec![F3, F3]),
        (Normalize, vec![F3]),
        (Reflect, vec![F3, F3]),
        (Refract, vec![F3, F3, F]),
        (FaceForward, vec![F3, F3, F3]),
        (Mul, vec![M23, F3]),
        (Transpose, vec![M23]),
        (Determinant, vec![M22]),
        (IsNan, vec![F3]),
        (IsInf, vec![F]),
        (All, vec![B3]),
        (Any, vec![U3]),
        (F16ToF32, vec![U]),
        (F32ToF16, vec![F]),
        (Dst, vec![F4, F4]),
        (Lit, vec![F, F, F]),
        (CopySign, vec![F, F]),
        (CountBits, vec![I]),
        (CountBits, vec![U3]),
        (FirstBitHigh, vec![I]),
        (FirstBitLow, vec![U]),
        (ReverseBits, vec![U]),
        (WaveGetLaneIndex, vec![]),
        (WaveGetLaneCount, vec![]),
        (WaveGetWaveIndex, vec![]),
        (WaveIsFirstLane, vec![]),
        (WaveActiveSum, vec![F]),
        (WaveActiveSum, vec![F3]),
        (WaveActiveProduct, vec![I]),
        (WaveActiveMin, vec![U]),
        (WaveActiveMax, vec![F]),
        (WaveActiveBitAnd, vec![U]),
        (WaveActiveBitOr, vec![I]),
        (WaveActiveBitXor, vec![U3]),
        (WaveActiveAllTrue, vec![B]),
        (WaveActiveAnyTrue, vec![B]),
        (WaveActiveBallot, vec![B]),
        (WaveActiveCountBits, vec![B]),
        (WavePrefixSum, vec![F]),
        (WavePrefixProduct, vec![I]),
        (WavePrefixCountBits, vec![B]),
        (WaveReadLaneAt, vec![F, U]),
        (WaveReadLaneAt, vec![F3, I]),
        (WaveReadLaneFirst, vec![U]),
        (QuadReadAcrossX, vec![F]),
        (QuadReadAcrossY, vec![F3]),
        (QuadReadAcrossDiagonal, vec![I]),
        (QuadReadLaneAt, vec![F, U]),
    ];
    for f in [
        Sqrt, Rsqrt, Rcp, Exp, Exp2, Log, Log2, Log10, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh,
        Tanh, Asinh, Acosh, Atanh, Floor, Ceil, Round, Trunc, Frac, Radians, Degrees,
    ] {
        t.push((f, vec![F]));
    }
    t
}

#[test]
fn the_table_covers_every_math_function() {
    let t = table();
    let missing: Vec<&str> = MathFn::ALL
        .iter()
        .filter(|f| !t.iter().any(|(g, _)| g == *f))
        .map(|f| f.name())
        .collect();
    assert_eq!(missing, Vec::<&str>::new());
}

/// One kernel applying `fns` to values derived from the thread id, summing a float from each
/// result into `outputBuffer[tid]` so nothing is dead.
fn math_kernel(filter: impl Fn(MathFn) -> bool) -> Module {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let f = b.convert(x, Scalar::F32);
        let half = b.f32(0.5);
        let g = b.add(f, half);
        let f3t = b.types().vector(Scalar::F32, 3);
        let f4t = b.types().vector(Scalar::F32, 4);
        let m22t = b.types().matrix(Scalar::F32, 2, 2);
        let m23t = b.types().matrix(Scalar::F32, 2, 3);
        let u3t = b.types().vector(Scalar::U32, 3);
        let f3 = b.construct(f3t, vec![f, g, half]);
        let f4 = b.construct(f4t, vec![f3, g]);
        let m22 = b.construct(m22t, vec![f, g, half, f]);
        let m23 = b.construct(m23t, vec![f3, f3]);
        let i = b.convert(x, Scalar::I32);
        let u3 = b.splat(u3t, x);
        let zero3 = b.zero(f3t);
        let b3 = b.binary(BinaryOp::Gt, f3, zero3);
        let b1 = b.extract(b3, 0);
        let mut acc = b.f32(0.0);
        for (fun, kinds) in table() {
            if !filter(fun) {
                continue;
            }
            let args: Vec<ValueId> = kinds
                .iter()
                .map(|k| match k {
                    A::F => f,
                    A::F3 => f3,
                    A::F4 => f4,
                    A::M22 => m22,
                    A::M23 => m23,
                    A::U => x,
                    A::I => i,
                    A::U3 => u3,
                    A::B3 => b3,
                    A::B => b1,
                })
                .collect();
            let r = b.math(fun, &args);
            let scalar = to_float(b, r);
            acc = b.add(acc, scalar);
        }
        b.store(Place::global(out).dynamic(x), acc);
    });
    k.m
}

fn to_float(b: &mut FunctionBuilder, v: ValueId) -> ValueId {
    let ty = b.value_ty(v);
    match b.types().kind(ty).clone() {
        TypeKind::Scalar(Scalar::F32) => v,
        TypeKind::Scalar(Scalar::Bool) => {
            let one = b.f32(1.0);
            let zero = b.f32(0.0);
            b.select(v, one, zero)
        }
        TypeKind::Scalar(_) => b.convert(v, Scalar::F32),
        TypeKind::Vector { .. } | TypeKind::Matrix { .. } => {
            let e = b.extract(v, 0);
            to_float(b, e)
        }
        other => panic!("unexpected result {other:?}"),
    }
}

fn check_math(filter: impl Fn(MathFn) -> bool, expect: Expect) {
    let m = math_kernel(filter);
    assert_eq!(verify(&m), Ok(()));
    check(&m, expect);
}

#[test]
fn subgroup_intrinsics() {
    let m = math_kernel(MathFn::is_subgroup);
    assert_eq!(verify(&m), Ok(()));
    let options = Options {
        subgroups: true,
        ..Options::wgsl()
    };
    let lowered = lower(&m, &options).unwrap_or_else(|e| panic!("{e}"));
    let text = to_wgsl(&lowered.module, &lowered.info).unwrap_or_else(|e| panic!("{e}"));
    expect![[r#"
        enable subgroups;
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<f32>;
        var<private> dslang_lane_index: u32;
        var<private> dslang_lane_count: u32;
        var<private> dslang_wave_index: u32;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>, @builtin(subgroup_invocation_id) dslang_lane_index_in: u32, @builtin(subgroup_size) dslang_lane_count_in: u32, @builtin(subgroup_id) dslang_wave_index_in: u32) {
            dslang_lane_index = dslang_lane_index_in;
            dslang_lane_count = dslang_lane_count_in;
            dslang_wave_index = dslang_wave_index_in;
            let _e2 = f32(tid.x);
            let _e4 = (_e2 + 0.5f);
            let _e5 = vec3<f32>(_e2, _e4, 0.5f);
            let _e11 = i32(tid.x);
            let _e18 = dslang_lane_index;
            let _e22 = dslang_lane_count;
            let _e26 = dslang_wave_index;
            let _e30 = dslang_lane_index;
            let _e31 = subgroupBroadcastFirst(_e30);
            let _e36 = subgroupAdd(_e2);
            let _e38 = subgroupAdd(_e5);
            let _e41 = subgroupMul(_e11);
            let _e44 = subgroupMin(tid.x);
            let _e47 = subgroupMax(_e2);
            let _e49 = subgroupAnd(tid.x);
            let _e52 = subgroupOr(_e11);
            let _e55 = subgroupXor(vec3(tid.x));
            let _e59 = subgroupAll((_e5 > vec3<f32>()).x);
            let _e62 = subgroupAny((_e5 > vec3<f32>()).x);
            let _e65 = subgroupBallot((_e5 > vec3<f32>()).x);
            let _e72 = subgroupAdd(select(0u, 1u, (_e5 > vec3<f32>()).x));
            let _e75 = subgroupExclusiveAdd(_e2);
            let _e77 = subgroupExclusiveMul(_e11);
            let _e83 = subgroupExclusiveAdd(select(0u, 1u, (_e5 > vec3<f32>()).x));
            let _e86 = subgroupShuffle(_e2, tid.x);
            let _e89 = subgroupShuffle(_e5, u32(_e11));
            let _e92 = subgroupBroadcastFirst(tid.x);
            let _e95 = quadSwapX(_e2);
            let _e97 = quadSwapY(_e5);
            let _e100 = quadSwapDiagonal(_e11);
            let _e104 = dslang_lane_index;
            let _e110 = subgroupShuffle(_e2, ((_e104 & 4294967292u) | (tid.x & 3u)));
            outputBuffer[tid.x] = ((((((((((((((((((((((((((0f + f32(_e18)) + f32(_e22)) + f32(_e26)) + select(0f, 1f, (_e30 == _e31))) + _e36) + _e38.x) + f32(_e41)) + f32(_e44)) + _e47) + f32(_e49)) + f32(_e52)) + f32(_e55.x)) + select(0f, 1f, _e59)) + select(0f, 1f, _e62)) + f32(_e65.x)) + f32(_e72)) + _e75) + f32(_e77)) + f32(_e83)) + _e86) + _e89.x) + f32(_e92)) + _e95) + _e97.x) + f32(_e100)) + _e110);
        }
    "#]].assert_eq(&text);
    reparse(&text);
    check_spirv(&m);
}

#[test]
fn subgroup_intrinsics_need_the_subgroup_feature() {
    let m = math_kernel(|f| f == MathFn::WaveActiveSum);
    let error = lower(&m, &Options::wgsl()).map(|_| ()).unwrap_err();
    expect!["the subgroup operation `WaveActiveSum` is not core WGSL: it needs the device feature SUBGROUP, which this compilation does not enable"].assert_eq(&error.to_string());
    // The lane queries are entry-point builtins: the same error before any function is lowered.
    let m = math_kernel(|f| f == MathFn::WaveGetLaneIndex);
    let error = lower(&m, &Options::wgsl()).map(|_| ()).unwrap_err();
    expect!["the subgroup operation `WaveGetLaneIndex` is not core WGSL: it needs the device feature SUBGROUP, which this compilation does not enable"].assert_eq(&error.to_string());
}

#[test]
fn float_unary_intrinsics() {
    use MathFn::*;
    check_math(
        |f| {
            matches!(
                f,
                Sqrt | Rsqrt
                    | Rcp
                    | Exp
                    | Exp2
                    | Log
                    | Log2
                    | Log10
                    | Sin
                    | Cos
                    | Tan
                    | Asin
                    | Acos
                    | Atan
                    | Sinh
                    | Cosh
                    | Tanh
                    | Asinh
                    | Acosh
                    | Atanh
                    | Floor
                    | Ceil
                    | Round
                    | Trunc
                    | Frac
                    | Radians
                    | Degrees
                    | Saturate
            )
        },
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e2 = f32(tid.x);
                let _e4 = (_e2 + 0.5f);
                let _e5 = vec3<f32>(_e2, _e4, 0.5f);
                outputBuffer[tid.x] = ((((((((((((((((((((((((((((0f + saturate(_e2)) + sqrt(_e2)) + inverseSqrt(_e2)) + (1f / _e2)) + exp(_e2)) + exp2(_e2)) + log(_e2)) + log2(_e2)) + (log2(_e2) * 0.30103f)) + sin(_e2)) + cos(_e2)) + tan(_e2)) + asin(_e2)) + acos(_e2)) + atan(_e2)) + sinh(_e2)) + cosh(_e2)) + tanh(_e2)) + asinh(_e2)) + acosh(_e2)) + atanh(_e2)) + floor(_e2)) + ceil(_e2)) + round(_e2)) + trunc(_e2)) + fract(_e2)) + radians(_e2)) + degrees(_e2));
            }
        "#]],
    );
}

#[test]
fn arithmetic_intrinsics() {
    use MathFn::*;
    check_math(
        |f| {
            matches!(
                f,
                Abs | Sign
                    | Min
                    | Max
                    | Clamp
                    | Lerp
                    | SmoothStep
                    | Step
                    | Pow
                    | Atan2
                    | Fmod
                    | Fma
                    | Mad
                    | CopySign
            )
        },
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e2 = f32(tid.x);
                let _e4 = (_e2 + 0.5f);
                let _e5 = vec3<f32>(_e2, _e4, 0.5f);
                let _e11 = i32(tid.x);
                let _e53 = abs(_e2);
                let _e54 = abs(_e2);
                let _e56 = trunc((_e53 / _e54));
                let _e58 = (_e56 * 4097f);
                let _e60 = (_e58 - (_e58 - _e56));
                let _e61 = (_e56 - _e60);
                let _e63 = (_e54 * 4097f);
                let _e65 = (_e63 - (_e63 - _e54));
                let _e66 = (_e54 - _e65);
                let _e67 = (_e56 * _e54);
                let _e77 = ((_e53 - _e67) - (((((_e60 * _e65) - _e67) + (_e60 * _e66)) + (_e61 * _e65)) + (_e61 * _e66)));
                let _e81 = select(_e77, (_e77 + _e54), (_e77 < 0f));
                let _e84 = select(_e81, (_e81 - _e54), (_e81 >= _e54));
                outputBuffer[tid.x] = (((((((((((((((((((0f + abs(_e2)) + f32(abs(_e11))) + f32(i32(sign(_e2)))) + f32(sign(_e11))) + f32(i32((tid.x != u32())))) + min(_e2, _e2)) + f32(min(tid.x, tid.x))) + max(_e2, _e2)) + clamp(_e2, _e2, _e2)) + mix(_e2, _e2, _e2)) + smoothstep(_e2, _e2, _e2)) + step(_e2, _e2)) + pow(_e2, _e2)) + atan2(_e2, _e2)) + select(_e84, -(_e84), (_e2 < 0f))) + fma(_e2, _e2, _e2)) + fma(_e2, _e2, _e2)) + f32(((_e11 * _e11) + _e11))) + bitcast<f32>(((bitcast<u32>(_e2) & 2147483647u) | (bitcast<u32>(_e2) & 2147483648u))));
            }
        "#]],
    );
}

#[test]
fn geometry_and_matrix_intrinsics() {
    use MathFn::*;
    check_math(
        |f| {
            matches!(
                f,
                Dot | Cross
                    | Length
                    | Distance
                    | Normalize
                    | Reflect
                    | Refract
                    | FaceForward
                    | Mul
                    | Transpose
                    | Determinant
                    | Dst
                    | Lit
            )
        },
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e2 = f32(tid.x);
                let _e4 = (_e2 + 0.5f);
                let _e5 = vec3<f32>(_e2, _e4, 0.5f);
                let _e6 = vec4<f32>(_e5, _e4);
                let _e10 = mat2x3<f32>(_e5, _e5);
                outputBuffer[tid.x] = (((((((((((((0f + dot(_e5, _e5)) + cross(_e5, _e5).x) + length(_e5)) + distance(_e5, _e5)) + normalize(_e5).x) + reflect(_e5, _e5).x) + refract(_e5, _e5, _e2).x) + faceForward(_e5, _e5, _e5).x) + (_e5 * _e10).x) + transpose(_e10)[0].x) + determinant(mat2x2<f32>(vec2<f32>(_e2, _e4), vec2<f32>(0.5f, _e2)))) + vec4<f32>(1f, (_e6.y * _e6.y), _e6.z, _e6.w).x) + vec4<f32>(1f, max(_e2, 0f), select(pow(_e2, _e2), 0f, ((_e2 < 0f) || (_e2 < 0f))), 1f).x);
            }
        "#]],
    );
}

#[test]
fn classification_packing_and_bit_intrinsics() {
    use MathFn::*;
    check_math(
        |f| {
            matches!(
                f,
                IsNan
                    | IsInf
                    | All
                    | Any
                    | F16ToF32
                    | F32ToF16
                    | CountBits
                    | FirstBitHigh
                    | FirstBitLow
                    | ReverseBits
            )
        },
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e2 = f32(tid.x);
                let _e4 = (_e2 + 0.5f);
                let _e5 = vec3<f32>(_e2, _e4, 0.5f);
                let _e11 = i32(tid.x);
                let _e12 = vec3(tid.x);
                let _e14 = (_e5 > vec3<f32>());
                outputBuffer[tid.x] = (((((((((((0f + select(0f, 1f, ((bitcast<vec3<u32>>(_e5) & vec3(2147483647u)) > vec3(2139095040u)).x)) + select(0f, 1f, ((bitcast<u32>(_e2) & 2147483647u) == 2139095040u))) + select(0f, 1f, all(_e14))) + select(0f, 1f, any((_e12 != vec3<u32>())))) + unpack2x16float(tid.x).x) + f32(pack2x16float(vec2<f32>(_e2, 0f)))) + f32(bitcast<u32>(countOneBits(_e11)))) + f32(countOneBits(_e12).x)) + f32(firstLeadingBit(_e11))) + f32(firstTrailingBit(tid.x))) + f32(reverseBits(tid.x)));
            }
        "#]],
    );
}
