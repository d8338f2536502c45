mod common;

use codegen::{CodegenError, Options, Target, lower, to_spirv, to_wgsl};
use common::*;
use expect_test::expect;
use ir::*;

fn double_kernel() -> Module {
    let mut k = module_with_output(|t| t.scalar(Scalar::F64));
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let d = b.convert(x, Scalar::F64);
        let half = b.literal(Literal::F64(0.5));
        let p = b.mul(d, half);
        let s = b.math(MathFn::Sqrt, &[p]);
        let nan = b.math(MathFn::IsNan, &[s]);
        let zero = b.literal(Literal::F64(0.0));
        let r = b.select(nan, zero, s);
        b.store(Place::global(out).dynamic(x), r);
    });
    k.m
}

#[test]
fn double_is_emulated_without_shader_f64_in_wgsl() {
    // Without the feature: the binary64 bits in two 32-bit words (`lower/soft_f64.rs`).
    let lowered = lower(&double_kernel(), &Options::wgsl()).unwrap();
    let text = to_wgsl(&lowered.module, &lowered.info).unwrap();
    assert!(text.contains("array<vec2<u32>>"), "{text}");
    assert!(text.contains("fn f64e_"), "{text}");
    assert!(
        !text
            .match_indices("f64")
            .any(|(i, _)| !text[i + 3..].starts_with('e')),
        "{text}"
    );
    // wgpu's WGSL takes `f64` on a device with SHADER_F64.
    let opts = Options {
        shader_f64: true,
        ..Options::wgsl()
    };
    let lowered = lower(&double_kernel(), &opts).unwrap();
    let text = to_wgsl(&lowered.module, &lowered.info).unwrap();
    assert!(text.contains("array<f64>"), "{text}");
}

#[test]
fn int64_is_emulated_without_shader_int64_in_wgsl() {
    let mut k = module_with_output(|t| t.scalar(Scalar::I64));
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let wide = b.convert(x, Scalar::I64);
        let big = b.literal(Literal::I64(1 << 40));
        let r = b.add(wide, big);
        b.store(Place::global(out).dynamic(x), r);
    });
    // Without the feature: two 32-bit words per value (`lower/wide_int.rs`).
    let lowered = lower(&k.m, &Options::wgsl()).unwrap();
    let text = to_wgsl(&lowered.module, &lowered.info).unwrap();
    assert!(text.contains("array<vec2<u32>>"), "{text}");
    assert!(text.contains("fn w64_add"), "{text}");
    assert!(!text.contains("i64"), "{text}");
    let opts = Options {
        shader_int64: true,
        ..Options::wgsl()
    };
    let lowered = lower(&k.m, &opts).unwrap();
    let text = to_wgsl(&lowered.module, &lowered.info).unwrap();
    assert!(text.contains("array<i64>"), "{text}");
}

#[test]
fn double_and_int64_compile_to_valid_spirv() {
    let mut m = double_kernel();
    let void = m.types.void();
    let mut b = FunctionBuilder::new(&mut m, "wide", void);
    let big = b.literal(Literal::I64(1 << 40));
    let ubig = b.literal(Literal::U64(3));
    let ib = b.convert(ubig, Scalar::I64);
    let sum = b.add(big, ib);
    let d = b.literal(Literal::F64(0.1));
    b.print("%lld %f\n", &[sum, d]);
    let wide = b.finish().unwrap();
    m.add_entry_point("wideMain", wide, [1, 1, 1], vec![]);
    let lowered = lower(&m, &Options::spirv()).unwrap();
    let words = to_spirv(&lowered.module, &lowered.info).unwrap();
    assert_eq!(words[0], 0x0723_0203, "SPIR-V magic number");
    let kinds = &lowered.reflection.print_formats[0].arg_kinds;
    assert_eq!(kinds, &["i64", "f64"]);
    spirv_val(&words);
}

#[test]
fn half_needs_shader_f16_and_then_enables_it() {
    let mut k = module_with_output(|t| t.scalar(Scalar::F16));
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let h = b.convert(x, Scalar::F16);
        let k = b.literal(Literal::F16(1.5));
        let r = b.mul(h, k);
        b.store(Place::global(out).dynamic(x), r);
    });
    let err = lower(&k.m, &Options::wgsl()).unwrap_err();
    assert!(
        matches!(
            err,
            CodegenError::MissingFeature {
                feature: "SHADER_F16",
                target: Target::Wgsl,
                ..
            }
        ),
        "{err:?}"
    );
    let opts = Options {
        shader_f16: true,
        ..Options::wgsl()
    };
    let lowered = lower(&k.m, &opts).unwrap();
    let text = to_wgsl(&lowered.module, &lowered.info).unwrap();
    expect![[r#"
        enable f16;

        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<f16>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            outputBuffer[tid.x] = (f16(tid.x) * 1.5h);
        }
    "#]]
    .assert_eq(&text);
    reparse(&text);
}

#[test]
fn recursion_is_reported_not_lowered() {
    let mut m = Module::new();
    let i32t = m.types.i32();
    let mut b = FunctionBuilder::new(&mut m, "fact", i32t);
    let n = b.param("n", i32t, ParamDir::In);
    let nv = b.load(Place::param(n));
    let me = b.id();
    let r = b.call(me, vec![Arg::Value(nv)]);
    b.ret(Some(r));
    b.finish().unwrap();
    let err = lower(&m, &Options::wgsl()).unwrap_err();
    expect!["recursion (through `fact`) cannot be expressed in WGSL"].assert_eq(&err.to_string());
}

#[test]
fn malformed_ir_is_an_internal_error() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let u = m.add_global("params", f32t, GlobalKind::Uniform);
    let void = m.types.void();
    let mut b = FunctionBuilder::new(&mut m, "bad", void);
    let one = b.f32(1.0);
    b.store(Place::global(u), one);
    b.finish().unwrap();
    let err = lower(&m, &Options::wgsl()).unwrap_err();
    expect!["internal compiler error: in bad: store to a read-only global"]
        .assert_eq(&err.to_string());
}

#[test]
fn naga_validation_failures_name_the_function() {
    // A constant index past the end of an array passes our verifier (it does not evaluate
    // index values) but not naga's.
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    entry(&mut k.m, 64, |b, x| {
        let f32t = b.types().f32();
        let arr_t = b.types().array(f32t, 4);
        let a = b.local("a", arr_t);
        let seven = b.u32(7);
        let v = b.load(Place::local(a).dynamic(seven));
        b.store(Place::global(out).dynamic(x), v);
    });
    let err = lower(&k.m, &Options::wgsl()).unwrap_err();
    let CodegenError::Internal { function, message } = err else {
        panic!("{err:?}")
    };
    assert_eq!(function.as_deref(), Some("computeMain"));
    assert!(message.contains("naga validation"), "{message}");
}

#[test]
fn reflection_lists_bindings_entry_points_and_print_formats() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let v3 = m.types.vector(Scalar::F32, 3);
    let bool_t = m.types.bool();
    let s = m
        .types
        .add_struct("Item", vec![("pos", v3), ("alive", bool_t)]);
    let params = m.types.add_struct("Params", vec![("scale", f32t)]);
    let inp = m.add_global(
        "inputBuffer",
        s,
        GlobalKind::StorageBuffer {
            access: BufferAccess::Read,
        },
    );
    m.add_global("params", params, GlobalKind::Uniform);
    let out = m.add_global(
        "outputBuffer",
        f32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 16, |b, x| {
        let alive = b.load(Place::global(inp).dynamic(x).field(1));
        let p = b.load(Place::global(inp).dynamic(x).field(0).index(2));
        b.print("item %u alive=%d z=%f\n", &[x, alive, p]);
        b.store(Place::global(out).dynamic(x), p);
    });
    let lowered = lower(&m, &Options::wgsl()).unwrap();
    let json = serde_json::to_string_pretty(&lowered.reflection).unwrap();
    expect![[r#"
        {
          "bindings": [
            {
              "name": "inputBuffer",
              "group": 0,
              "binding": 0,
              "kind": "storage",
              "access": "read",
              "element_type": "Item",
              "wgsl_type": "Item_host",
              "element_size": 16
            },
            {
              "name": "params",
              "group": 0,
              "binding": 1,
              "kind": "uniform",
              "access": "read",
              "element_type": "Params",
              "wgsl_type": "Params_uniform",
              "element_size": 16
            },
            {
              "name": "outputBuffer",
              "group": 0,
              "binding": 2,
              "kind": "storage",
              "access": "read_write",
              "element_type": "float",
              "wgsl_type": "f32",
              "element_size": 4
            },
            {
              "name": "dslang_print_buffer",
              "group": 0,
              "binding": 3,
              "kind": "print",
              "access": "read_write",
              "element_type": "uint",
              "wgsl_type": "atomic<u32>",
              "element_size": 4
            }
          ],
          "entry_points": [
            {
              "name": "computeMain",
              "workgroup_size": [
                16,
                1,
                1
              ]
            }
          ],
          "print_formats": [
            {
              "id": 0,
              "format": "item %u alive=%d z=%f\n",
              "arg_kinds": [
                "u32",
                "bool",
                "f32"
              ]
            }
          ]
        }"#]]
    .assert_eq(&json);
    check(
        &m,
        expect![[r#"
            struct Item_host {
                pos: vec3<f32>,
                alive: u32,
            }

            struct Params_uniform {
                scale: f32,
                _pad: u32,
                _pad_1: u32,
                _pad_2: u32,
            }

            @group(0) @binding(0) 
            var<storage> inputBuffer: array<Item_host>;
            @group(0) @binding(1) 
            var<uniform> params: Params_uniform;
            @group(0) @binding(2) 
            var<storage, read_write> outputBuffer: array<f32>;
            @group(0) @binding(3) 
            var<storage, read_write> dslang_print_buffer: array<atomic<u32>>;

            @compute @workgroup_size(16, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e5 = inputBuffer[tid.x].alive;
                let _e12 = inputBuffer[tid.x].pos.z;
                let _e22 = atomicAdd((&dslang_print_buffer[0]), 5u);
                let _e24 = (_e22 + 1u);
                if ((_e24 + 5u) <= arrayLength((&dslang_print_buffer))) {
                    atomicStore((&dslang_print_buffer[(_e24 + 0u)]), 1u);
                    atomicStore((&dslang_print_buffer[(_e24 + 1u)]), 3u);
                    atomicStore((&dslang_print_buffer[(_e24 + 2u)]), tid.x);
                    atomicStore((&dslang_print_buffer[(_e24 + 3u)]), select(0u, 1u, (_e5 != u32())));
                    atomicStore((&dslang_print_buffer[(_e24 + 4u)]), bitcast<u32>(_e12));
                }
                outputBuffer[tid.x] = _e12;
            }
        "#]],
    );
}

#[test]
fn float_atomics_without_the_device_feature_are_word_loops() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let one = b.f32(1.0);
        b.atomic(AtomicOp::Add, Place::global(out).index(0), one, None);
        b.atomic(AtomicOp::Max, Place::global(out).index(1), one, None);
        let _ = x;
    });
    // Without SHADER_FLOAT32_ATOMIC: the buffer is `atomic<u32>` words, each atomic a
    // compare-exchange loop on the float's bits.
    let text = wgsl(&k.m);
    assert!(text.contains("array<atomic<u32>>"), "{text}");
    assert!(text.contains("atomicCompareExchangeWeak"), "{text}");
    assert!(text.contains("max("), "{text}");
    reparse(&text);
    check_spirv(&k.m);
}

#[test]
fn unreachable_functions_are_not_lowered() {
    // A double helper nobody calls does not stop a WGSL compile (Slang drops dead code too).
    let mut k = module_with_output(|t| t.f32());
    let f64t = k.m.types.scalar(Scalar::F64);
    let mut b = FunctionBuilder::new(&mut k.m, "unusedDouble", f64t);
    let x = b.literal(Literal::F64(1.0));
    b.ret(Some(x));
    b.finish().unwrap();
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let f = b.convert(x, Scalar::F32);
        b.store(Place::global(out).dynamic(x), f);
    });
    let text = wgsl(&k.m);
    assert!(!text.contains("unusedDouble"), "{text}");
}
