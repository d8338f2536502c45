//! Lowered kernels run on the GPU (lavapipe here): HLSL semantics checked by their numbers.

mod common;

use codegen::{BindingKind, Options, Reflection, lower, to_wgsl};
use common::*;
use ir::*;

fn gpu() -> Option<gpu::Gpu> {
    let dir = std::env::temp_dir().join(format!("dslang-codegen-xdg-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_ok() {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
        // SAFETY: set before the first Vulkan start; tests in this file only read it afterwards.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    }
    let required =
        std::env::var_os("DSLANG_REQUIRE_GPU").is_some_and(|v| !v.is_empty() && v != "0");
    match gpu::Gpu::new(gpu::GpuOptions::default()) {
        Ok(g) => Some(g),
        Err(e @ gpu::GpuError::NoAdapter { .. }) if !required => {
            eprintln!("skipping GPU test: {e} (set DSLANG_REQUIRE_GPU=1 to make this a failure)");
            None
        }
        Err(e) => panic!("no GPU: {e}"),
    }
}

/// Runs the module's first entry point; `inputs` gives initial contents by binding name, other
/// buffers start zeroed with `words` 32-bit words.
fn run(
    gpu: &gpu::Gpu,
    m: &Module,
    inputs: &[(&str, Vec<u32>)],
    words: usize,
    groups: u32,
) -> (Reflection, Vec<(String, Vec<u32>)>) {
    let lowered = lower(m, &Options::wgsl()).unwrap_or_else(|e| panic!("{e}"));
    let wgsl = to_wgsl(&lowered.module, &lowered.info).unwrap();
    let mut job = gpu::ComputeJob::new(wgsl, m.entry_points[0].name.clone());
    job.dispatch = [groups, 1, 1];
    for b in &lowered.reflection.bindings {
        let initial = inputs
            .iter()
            .find(|(n, _)| *n == b.name)
            .map(|(_, w)| w.clone())
            .unwrap_or_else(|| vec![0; words]);
        job.bindings.push(gpu::Binding {
            group: b.group,
            binding: b.binding,
            name: b.name.clone(),
            kind: match b.kind {
                BindingKind::Uniform => gpu::BindingKind::Uniform,
                _ => gpu::BindingKind::Storage {
                    read_only: b.access == "read",
                },
            },
            initial: gpu::words_to_bytes(&initial),
            readback: true,
        });
    }
    let result = gpu.run_compute(&job).unwrap_or_else(|e| panic!("{e}"));
    let buffers = result
        .buffers
        .iter()
        .map(|(n, b)| (n.clone(), gpu::bytes_to_words(b)))
        .collect();
    (lowered.reflection, buffers)
}

fn floats(words: &[u32]) -> Vec<f32> {
    words.iter().map(|w| f32::from_bits(*w)).collect()
}

fn buffer<'a>(buffers: &'a [(String, Vec<u32>)], name: &str) -> &'a [u32] {
    &buffers.iter().find(|(n, _)| n == name).unwrap().1
}

#[test]
fn matrices_products_and_buffer_layout_match_hlsl() {
    let Some(gpu) = gpu() else { return };
    let mut m = Module::new();
    let m23 = m.types.matrix(Scalar::F32, 2, 3);
    let f32t = m.types.f32();
    let mats = m.add_global(
        "mats",
        m23,
        GlobalKind::StorageBuffer {
            access: BufferAccess::Read,
        },
    );
    let out = m.add_global(
        "outputBuffer",
        f32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 1, |b, _| {
        let mm = b.load(Place::global(mats).index(0));
        let f3 = b.types().vector(Scalar::F32, 3);
        let f2 = b.types().vector(Scalar::F32, 2);
        let one = b.f32(1.0);
        let ones3 = b.splat(f3, one);
        let ones2 = b.splat(f2, one);
        let mv = b.math(MathFn::Mul, &[mm, ones3]); // row sums
        let vm = b.math(MathFn::Mul, &[ones2, mm]); // column sums
        let t = b.math(MathFn::Transpose, &[mm]);
        let mmt = b.math(MathFn::Mul, &[mm, t]); // 2x2
        let e12 = b.load(Place::global(mats).index(0).index(1).index(2));
        let mut outs = vec![b.extract(mv, 0), b.extract(mv, 1)];
        for i in 0..3 {
            outs.push(b.extract(vm, i));
        }
        outs.push(e12);
        for r in 0..2 {
            let row = b.extract(mmt, r);
            for c in 0..2 {
                outs.push(b.extract(row, c));
            }
        }
        for (i, v) in outs.into_iter().enumerate() {
            b.store(Place::global(out).index(i as u32), v);
        }
    });
    // float2x3 rows (1,2,3), (4,5,6), stored column-major as Slang does.
    let input: Vec<u32> = [1.0f32, 4.0, 2.0, 5.0, 3.0, 6.0]
        .iter()
        .map(|f| f.to_bits())
        .collect();
    let (_, bufs) = run(&gpu, &m, &[("mats", input)], 16, 1);
    assert_eq!(
        &floats(buffer(&bufs, "outputBuffer"))[..10],
        &[6.0, 15.0, 5.0, 7.0, 9.0, 6.0, 14.0, 32.0, 32.0, 77.0]
    );
}

#[test]
fn division_remainder_and_math_library_semantics() {
    let Some(gpu) = gpu() else { return };
    let mut k = module_with_output(|t| t.u32());
    let out = k.out;
    entry(&mut k.m, 1, |b, _| {
        let mut results: Vec<ValueId> = Vec::new();
        let f = |b: &mut FunctionBuilder, x: f32| b.f32(x);
        // floats are stored as bits
        let a = f(b, -7.5);
        let two = f(b, 2.0);
        results.push(b.math(MathFn::Fmod, &[a, two])); // -1.5
        results.push(b.binary(BinaryOp::Rem, a, two)); // -1.5
        let x = f(b, -1.25);
        results.push(b.math(MathFn::Frac, &[x])); // 0.75
        let four = f(b, 4.0);
        results.push(b.math(MathFn::Rcp, &[four])); // 0.25
        results.push(b.math(MathFn::Rsqrt, &[four])); // 0.5
        let thousand = f(b, 1000.0);
        results.push(b.math(MathFn::Log10, &[thousand])); // ~3
        let neg_zero = f(b, -0.0);
        results.push(b.math(MathFn::CopySign, &[two, neg_zero])); // -2
        let half = f(b, 0.5);
        let one = f(b, 1.0);
        results.push(b.math(MathFn::Step, &[one, half])); // 0
        results.push(b.math(MathFn::Step, &[half, one])); // 1
        let zero = f(b, 0.0);
        let ten = f(b, 10.0);
        let quarter = f(b, 0.25);
        results.push(b.math(MathFn::Lerp, &[zero, ten, quarter])); // 2.5
        results.push(b.math(MathFn::SmoothStep, &[zero, one, half])); // 0.5
        let y = f(b, 3.0);
        let xx = f(b, -3.0);
        results.push(b.math(MathFn::Atan2, &[y, xx])); // 3pi/4
        let float_results = results.len();
        let bits: Vec<ValueId> = results
            .into_iter()
            .map(|v| b.bitcast(v, Scalar::U32))
            .collect();
        let mut words = bits;
        // integers
        let i = |b: &mut FunctionBuilder, x: i32| b.i32(x);
        let m7 = i(b, -7);
        let p7 = i(b, 7);
        let three = i(b, 3);
        let m3 = i(b, -3);
        let two_i = i(b, 2);
        let ints = [
            b.binary(BinaryOp::Rem, m7, three), // -1
            b.binary(BinaryOp::Rem, p7, m3),    // 1
            b.div(m7, two_i),                   // -3
        ];
        let one_i = i(b, 1);
        let thirty_three = i(b, 33);
        let shifted = b.binary(BinaryOp::Shl, one_i, thirty_three); // HLSL masks: 2
        let neg = f(b, -2.5);
        let sign = b.math(MathFn::Sign, &[neg]); // -1
        let eight = b.u32(8);
        let fbh = b.math(MathFn::FirstBitHigh, &[eight]); // 3
        let seven_u = b.u32(7);
        let cb = b.math(MathFn::CountBits, &[seven_u]); // 3
        let one_u = b.u32(1);
        let rb = b.math(MathFn::ReverseBits, &[one_u]); // 0x80000000
        let f16 = b.math(MathFn::F32ToF16, &[one]); // 0x3c00
        let back = b.math(MathFn::F16ToF32, &[f16]); // 1.0
        let back = b.bitcast(back, Scalar::U32);
        let inf = f(b, f32::INFINITY);
        let nan = f(b, f32::NAN);
        let is_inf = b.math(MathFn::IsInf, &[inf]);
        let is_nan = b.math(MathFn::IsNan, &[nan]);
        let not_nan = b.math(MathFn::IsNan, &[inf]);
        for v in ints.into_iter().chain([shifted, sign]) {
            words.push(b.bitcast(v, Scalar::U32));
        }
        words.extend([fbh, cb, rb, f16, back]);
        for v in [is_inf, is_nan, not_nan] {
            words.push(b.convert(v, Scalar::U32));
        }
        for (k, w) in words.into_iter().enumerate() {
            b.store(Place::global(out).index(k as u32), w);
        }
        let _ = float_results;
    });
    let (_, bufs) = run(&gpu, &k.m, &[], 64, 1);
    let w = buffer(&bufs, "outputBuffer");
    let fl = floats(&w[..12]);
    assert_eq!(&fl[..5], &[-1.5, -1.5, 0.75, 0.25, 0.5]);
    assert!((fl[5] - 3.0).abs() < 1e-5, "log10(1000) = {}", fl[5]);
    assert_eq!(&fl[6..11], &[-2.0, 0.0, 1.0, 2.5, 0.5]);
    assert!((fl[11] - 3.0 * std::f32::consts::FRAC_PI_4).abs() < 1e-5);
    let ints: Vec<i32> = w[12..17].iter().map(|&x| x as i32).collect();
    assert_eq!(ints, [-1, 1, -3, 2, -1]);
    assert_eq!(&w[17..22], &[3, 3, 0x8000_0000, 0x3c00, 1.0f32.to_bits()]);
    assert_eq!(&w[22..25], &[1, 1, 0]);
}

#[test]
fn switch_fallthrough_loops_and_copy_in_copy_out() {
    let Some(gpu) = gpu() else { return };
    let mut k = module_with_output(|t| t.i32());
    let out = k.out;
    let i32t = k.m.types.i32();
    let void = k.m.types.void();
    // void bump(inout int x, out int old) { old = x; x = x * 10 + 1; }
    let mut b = FunctionBuilder::new(&mut k.m, "bump", void);
    let x = b.param("x", i32t, ParamDir::InOut);
    let old = b.param("old", i32t, ParamDir::Out);
    let xv = b.load(Place::param(x));
    b.store(Place::param(old), xv);
    let ten = b.i32(10);
    let one = b.i32(1);
    let t = b.mul(xv, ten);
    let t = b.add(t, one);
    b.store(Place::param(x), t);
    let bump = b.finish().unwrap();
    entry(&mut k.m, 8, |b, tid| {
        let r = b.local("r", i32t);
        let zero = b.i32(0);
        b.store(Place::local(r), zero);
        let sel = b.convert(tid, Scalar::I32);
        let add = |b: &mut FunctionBuilder, n: i32| {
            let cur = b.load(Place::local(r));
            let k = b.i32(n);
            let s = b.add(cur, k);
            b.store(Place::local(r), s);
        };
        let c0 = b.block(|b| add(b, 1));
        let c1 = b.block(|b| {
            add(b, 10);
            b.brk();
        });
        let c2 = b.block(|b| add(b, 100));
        b.switch(
            sel,
            vec![
                SwitchCase {
                    values: vec![0],
                    is_default: false,
                    body: c0,
                    fallthrough: true,
                },
                SwitchCase {
                    values: vec![1, 2],
                    is_default: false,
                    body: c1,
                    fallthrough: false,
                },
                SwitchCase {
                    values: vec![5],
                    is_default: true,
                    body: c2,
                    fallthrough: false,
                },
            ],
        );
        // sum of i for i in 0..10 skipping 3, stopping at 7: 0+1+2+4+5+6 = 18
        let i = b.local("i", i32t);
        b.store(Place::local(i), zero);
        b.loop_(
            LoopAttrs::default(),
            |b| {
                let iv = b.load(Place::local(i));
                let seven = b.i32(7);
                let stop = b.binary(BinaryOp::Eq, iv, seven);
                b.if_(stop, |b| b.brk(), |_| {});
                let three = b.i32(3);
                let skip = b.binary(BinaryOp::Eq, iv, three);
                b.if_(skip, |b| b.cont(), |_| {});
                let cur = b.load(Place::local(r));
                let s = b.add(cur, iv);
                b.store(Place::local(r), s);
            },
            |b| {
                let iv = b.load(Place::local(i));
                let one = b.i32(1);
                let n = b.add(iv, one);
                b.store(Place::local(i), n);
                None
            },
        );
        let rv = b.load(Place::local(r));
        b.store(Place::global(out).dynamic(tid), rv);
        // Copy-in copy-out through a buffer element: out[8 + tid] = r*10+1, out[16 + tid] = r.
        let eight = b.u32(8);
        let sixteen = b.u32(16);
        let at = b.add(tid, eight);
        let at2 = b.add(tid, sixteen);
        b.store(Place::global(out).dynamic(at), rv);
        b.call(
            bump,
            vec![
                Arg::Place(Place::global(out).dynamic(at)),
                Arg::Place(Place::global(out).dynamic(at2)),
            ],
        );
    });
    let (_, bufs) = run(&gpu, &k.m, &[], 24, 1);
    let w: Vec<i32> = buffer(&bufs, "outputBuffer")
        .iter()
        .map(|&x| x as i32)
        .collect();
    // case 0 falls into case 1: 11; 1, 2: 10; 5 and default: 100; each plus the loop's 18.
    let expected_switch = [11, 10, 10, 100, 100, 100, 100, 100];
    let sums: Vec<i32> = expected_switch.iter().map(|s| s + 18).collect();
    assert_eq!(&w[..8], &sums[..]);
    let bumped: Vec<i32> = sums.iter().map(|s| s * 10 + 1).collect();
    assert_eq!(&w[8..16], &bumped[..]);
    assert_eq!(&w[16..24], &sums[..]);
}

#[test]
fn atomics_bools_and_printf_round_trip() {
    let Some(gpu) = gpu() else { return };
    let mut m = Module::new();
    let u32t = m.types.u32();
    let bool_t = m.types.bool();
    let counters = m.add_global(
        "counters",
        u32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let flags = m.add_global(
        "flags",
        bool_t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 64, |b, tid| {
        let one = b.u32(1);
        let old = b.atomic(AtomicOp::Add, Place::global(counters).index(0), one, None);
        b.atomic(AtomicOp::Max, Place::global(counters).index(1), old, None);
        // Exactly one thread swaps 0 -> 7.
        let zero = b.u32(0);
        let seven = b.u32(7);
        let seen = b.atomic(
            AtomicOp::CompareExchange,
            Place::global(counters).index(2),
            seven,
            Some(zero),
        );
        let won = b.binary(BinaryOp::Eq, seen, zero);
        b.if_(
            won,
            |b| {
                b.atomic(AtomicOp::Add, Place::global(counters).index(3), one, None);
            },
            |_| {},
        );
        let two = b.u32(2);
        let odd = b.binary(BinaryOp::Rem, tid, two);
        let odd = b.binary(BinaryOp::Eq, odd, one);
        b.store(Place::global(flags).dynamic(tid), odd);
        let three = b.u32(3);
        let first = b.binary(BinaryOp::Lt, tid, three);
        b.if_(
            first,
            |b| {
                let f = b.convert(tid, Scalar::F32);
                let h = b.f32(0.5);
                let f = b.mul(f, h);
                let flag = b.load(Place::global(flags).dynamic(tid));
                b.print("t%u f=%.2f odd=%u\n", &[tid, f, flag]);
            },
            |_| {},
        );
    });
    let (refl, bufs) = run(&gpu, &m, &[], 64, 1);
    let c = buffer(&bufs, "counters");
    assert_eq!(&c[..4], &[64, 63, 7, 1]);
    let f = buffer(&bufs, "flags");
    assert_eq!(&f[..6], &[0, 1, 0, 1, 0, 1]);
    let formats: Vec<gpu::PrintFormat> = refl
        .print_formats
        .iter()
        .map(|p| gpu::PrintFormat {
            format: p.format.clone(),
            args: p
                .arg_kinds
                .iter()
                .map(|k| match k.as_str() {
                    "f32" => gpu::PrintArgKind::F32,
                    "i32" => gpu::PrintArgKind::I32,
                    "bool" => gpu::PrintArgKind::Bool,
                    "i64" => gpu::PrintArgKind::I64,
                    "u64" => gpu::PrintArgKind::U64,
                    "f64" => gpu::PrintArgKind::F64,
                    _ => gpu::PrintArgKind::U32,
                })
                .collect(),
        })
        .collect();
    let text = gpu::decode_print_buffer(buffer(&bufs, codegen::PRINT_BUFFER_NAME), &formats, &[]);
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort();
    assert_eq!(
        lines,
        ["t0 f=0.00 odd=0", "t1 f=0.50 odd=1", "t2 f=1.00 odd=0"]
    );
}

#[test]
fn uniform_buffers_read_std140_data() {
    let Some(gpu) = gpu() else { return };
    let mut m = Module::new();
    let f32t = m.types.f32();
    let u32t = m.types.u32();
    let bool_t = m.types.bool();
    let f2 = m.types.vector(Scalar::F32, 2);
    let weights_t = m.types.array(f32t, 3);
    let pairs_t = m.types.array(f2, 2);
    let m22 = m.types.matrix(Scalar::F32, 2, 2);
    let params = m.types.add_struct(
        "Params",
        vec![
            ("scale", f32t),
            ("weights", weights_t),
            ("m", m22),
            ("count", u32t),
            ("flag", bool_t),
            ("pairs", pairs_t),
        ],
    );
    let p = m.add_global("params", params, GlobalKind::Uniform);
    let out = m.add_global(
        "outputBuffer",
        f32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 1, |b, _| {
        let whole = b.load(Place::global(p));
        let mut outs = vec![b.extract(whole, 0)];
        let weights = b.extract(whole, 1);
        for i in 0..3 {
            outs.push(b.extract(weights, i));
        }
        let two = b.u32(2);
        outs.push(b.load(Place::global(p).field(1).dynamic(two)));
        let mm = b.extract(whole, 2);
        for r in 0..2 {
            let row = b.extract(mm, r);
            for c in 0..2 {
                outs.push(b.extract(row, c));
            }
        }
        outs.push(b.load(Place::global(p).field(2).index(1).index(0)));
        let count = b.extract(whole, 3);
        outs.push(b.convert(count, Scalar::F32));
        let flag = b.extract(whole, 4);
        outs.push(b.convert(flag, Scalar::F32));
        let one = b.u32(1);
        let pair = b.load(Place::global(p).field(5).dynamic(one));
        outs.push(b.extract(pair, 0));
        outs.push(b.extract(pair, 1));
        outs.push(b.load(Place::global(p).field(5).index(0).index(1)));
        for (i, v) in outs.into_iter().enumerate() {
            b.store(Place::global(out).index(i as u32), v);
        }
    });
    // std140: scale@0, weights@16 (16-byte slots), m@64 (columns in 16-byte slots), count@96,
    // flag@100, pairs@112 (16-byte slots).
    let mut data = vec![0u32; 36];
    let f = |x: f32| x.to_bits();
    data[0] = f(2.0);
    data[4] = f(10.0);
    data[8] = f(20.0);
    data[12] = f(30.0);
    // m = [[1, 2], [3, 4]] (rows); column 0 = (1, 3), column 1 = (2, 4)
    data[16] = f(1.0);
    data[17] = f(3.0);
    data[20] = f(2.0);
    data[21] = f(4.0);
    data[24] = 7;
    data[25] = 1;
    data[28] = f(5.0);
    data[29] = f(6.0);
    data[32] = f(8.0);
    data[33] = f(9.0);
    let (_, bufs) = run(&gpu, &m, &[("params", data)], 16, 1);
    assert_eq!(
        &floats(buffer(&bufs, "outputBuffer"))[..15],
        &[
            2.0, 10.0, 20.0, 30.0, 30.0, 1.0, 2.0, 3.0, 4.0, 3.0, 7.0, 1.0, 8.0, 9.0, 6.0
        ]
    );
}
