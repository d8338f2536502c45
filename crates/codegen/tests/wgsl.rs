mod common;

use common::*;
use expect_test::expect;
use ir::*;

#[test]
fn arithmetic_on_floats() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    entry(&mut k.m, 64, |b, x| {
        let xf = b.convert(x, Scalar::F32);
        let two = b.f32(2.0);
        let y = b.mul(xf, two);
        let z = b.add(y, xf);
        let w = b.div(z, two);
        let r = b.binary(BinaryOp::Rem, w, two);
        let n = b.unary(UnaryOp::Neg, r);
        b.store(Place::global(out).dynamic(x), n);
    });
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;

            @compute @workgroup_size(64, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e2 = f32(tid.x);
                let _e6 = (((_e2 * 2f) + _e2) / 2f);
                let _e7 = abs(_e6);
                let _e8 = abs(2f);
                let _e10 = trunc((_e7 / _e8));
                let _e12 = (_e10 * 4097f);
                let _e14 = (_e12 - (_e12 - _e10));
                let _e15 = (_e10 - _e14);
                let _e17 = (_e8 * 4097f);
                let _e19 = (_e17 - (_e17 - _e8));
                let _e20 = (_e8 - _e19);
                let _e21 = (_e10 * _e8);
                let _e31 = ((_e7 - _e21) - (((((_e14 * _e19) - _e21) + (_e14 * _e20)) + (_e15 * _e19)) + (_e15 * _e20)));
                let _e35 = select(_e31, (_e31 + _e8), (_e31 < 0f));
                let _e38 = select(_e35, (_e35 - _e8), (_e35 >= _e8));
                outputBuffer[tid.x] = -(select(_e38, -(_e38), (_e6 < 0f)));
            }
        "#]],
    );
}

#[test]
fn integer_division_shifts_and_bitwise() {
    let mut k = module_with_output(|t| t.i32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let i = b.convert(x, Scalar::I32);
        let seven = b.i32(-7);
        let q = b.div(seven, i);
        let r = b.binary(BinaryOp::Rem, seven, i);
        let sh = b.binary(BinaryOp::Shl, q, i);
        let shr = b.binary(BinaryOp::Shr, r, x);
        let and = b.binary(BinaryOp::BitAnd, sh, shr);
        let or = b.binary(BinaryOp::BitOr, and, i);
        let xor = b.binary(BinaryOp::BitXor, or, seven);
        let not = b.unary(UnaryOp::BitNot, xor);
        let un = b.unary(UnaryOp::Neg, x);
        let un = b.convert(un, Scalar::I32);
        let sum = b.add(not, un);
        let lt = b.lt(sum, i);
        let ge = b.binary(BinaryOp::Ge, sum, seven);
        let both = b.binary(BinaryOp::LogicalAnd, lt, ge);
        let zero = b.i32(0);
        let v = b.select(both, sum, zero);
        b.store(Place::global(out).dynamic(x), v);
    });
    check(
        &k.m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<i32>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            let _e2 = i32(tid.x);
            let _e20 = (~((((((-7i / _e2) << (u32(_e2) & 31u)) & ((-7i % _e2) >> (tid.x & 31u))) | _e2) ^ -7i)) + i32((u32() - tid.x)));
            outputBuffer[tid.x] = select(0i, _e20, ((_e20 < _e2) && (_e20 >= -7i)));
        }
    "#]],
    );
}

#[test]
fn vectors_swizzles_and_component_writes() {
    let mut k = module_with_output(|t| t.vector(Scalar::F32, 4));
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let f = b.convert(x, Scalar::F32);
        let v2t = b.types().vector(Scalar::F32, 2);
        let v3t = b.types().vector(Scalar::F32, 3);
        let v4t = b.types().vector(Scalar::F32, 4);
        let one = b.f32(1.0);
        let v2 = b.construct(v2t, vec![f, one]);
        let v3 = b.construct(v3t, vec![v2, f]);
        let s = b.splat(v3t, one);
        let sum = b.add(v3, s);
        let zyx = b.swizzle(sum, &[2, 1, 0]);
        let gt = b.binary(BinaryOp::Gt, zyx, s);
        let pick = b.select(gt, zyx, s);
        let any = b.math(MathFn::Any, &[gt]);
        let all = b.math(MathFn::All, &[gt]);
        let either = b.binary(BinaryOp::LogicalOr, any, all);
        let yz = b.swizzle(pick, &[1, 2]);
        let v4 = b.construct(v4t, vec![yz, v2]);
        let place = Place::global(out).dynamic(x);
        b.store(place.clone(), v4);
        b.if_(
            either,
            |b| {
                let w = b.f32(5.0);
                b.store(place.clone().index(3), w);
            },
            |_| {},
        );
        let e = b.extract(v4, 0);
        let i = b.u32(1);
        let d = b.extract_dyn(v4, i);
        let s2 = b.add(e, d);
        let v4b = b.insert(v4, 2, s2);
        let v4c = b.insert_dyn(v4b, i, e);
        b.store(Place::global(out).dynamic(x), v4c);
    });
    check(
        &k.m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<vec4<f32>>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var insert_tmp: vec4<f32>;
            var insert_tmp_1: vec4<f32>;

            let _e2 = f32(tid.x);
            let _e4 = vec2<f32>(_e2, 1f);
            let _e6 = vec3(1f);
            let _e8 = (vec3<f32>(_e4, _e2) + _e6).zyx;
            let _e9 = (_e8 > _e6);
            let _e15 = vec4<f32>(select(_e6, _e8, _e9).yz, _e4);
            outputBuffer[tid.x] = _e15;
            if (any(_e9) || all(_e9)) {
                outputBuffer[tid.x].w = 5f;
            }
            insert_tmp = _e15;
            insert_tmp.z = (_e15.x + _e15[1u]);
            let _e28 = insert_tmp;
            insert_tmp_1 = _e28;
            insert_tmp_1[1u] = _e15.x;
            let _e31 = insert_tmp_1;
            outputBuffer[tid.x] = _e31;
        }
    "#]],
    );
}

#[test]
fn matrices_follow_hlsl_row_major_semantics() {
    let mut k = module_with_output(|t| t.vector(Scalar::F32, 3));
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let m23 = b.types().matrix(Scalar::F32, 2, 3);
        let m33 = b.types().matrix(Scalar::F32, 3, 3);
        let v2t = b.types().vector(Scalar::F32, 2);
        let v3t = b.types().vector(Scalar::F32, 3);
        let vals: Vec<ValueId> = (1..=6).map(|i| b.f32(i as f32)).collect();
        // float2x3(1,2,3, 4,5,6): row 0 = (1,2,3)
        let m = b.construct(m23, vals.clone());
        let v3 = b.construct(v3t, vals[..3].to_vec());
        let v2 = b.construct(v2t, vals[..2].to_vec());
        let mv = b.math(MathFn::Mul, &[m, v3]); // float2
        let vm = b.math(MathFn::Mul, &[v2, m]); // float3
        let mt = b.math(MathFn::Transpose, &[m]); // float3x2
        let mm = b.math(MathFn::Mul, &[mt, m]); // float3x3
        let det = b.math(MathFn::Determinant, &[mm]);
        let half = b.f32(0.5);
        let halves = b.splat(m33, half);
        let neg = b.unary(UnaryOp::Neg, mm);
        let cw = b.mul(neg, halves); // component-wise
        let row = b.extract(cw, 1);
        let i = b.convert(x, Scalar::U32);
        let dyn_row = b.extract_dyn(mm, i);
        let s = b.mul(det, vals[0]);
        let sv = b.math(MathFn::Mul, &[s, vm]);
        let r = b.add(row, sv);
        let r = b.add(r, dyn_row);
        let mvx = b.extract(mv, 0);
        let local = b.local("acc", m33);
        b.store(Place::local(local), mm);
        b.store(Place::local(local).index(2).index(1), mvx);
        b.store(Place::local(local).dynamic(i), r);
        let back = b.load(Place::local(local).index(2));
        b.store(Place::global(out).dynamic(x), back);
    });
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<vec3<f32>>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                var acc: mat3x3<f32>;
                var index_tmp: mat3x3<f32>;

                let _e11 = mat2x3<f32>(vec3<f32>(1f, 2f, 3f), vec3<f32>(4f, 5f, 6f));
                let _e17 = (_e11 * transpose(_e11));
                let _e20 = vec3(0.5f);
                let _e21 = mat3x3<f32>(_e20, _e20, _e20);
                let _e28 = mat3x3<f32>(-(_e17[0]), -(_e17[1]), -(_e17[2]));
                let _e40 = u32(tid.x);
                index_tmp = _e17;
                let _e43 = index_tmp[_e40];
                acc = _e17;
                acc[2][1] = (vec3<f32>(1f, 2f, 3f) * _e11).x;
                acc[_e40] = ((mat3x3<f32>((_e28[0] * _e21[0]), (_e28[1] * _e21[1]), (_e28[2] * _e21[2]))[1] + ((determinant(_e17) * 1f) * (_e11 * vec2<f32>(1f, 2f)))) + _e43);
                let _e53 = acc[2];
                outputBuffer[tid.x] = _e53;
            }
        "#]],
    );
}

#[test]
fn structs_in_buffers_and_values() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let v3 = m.types.vector(Scalar::F32, 3);
    let particle = m
        .types
        .add_struct("Particle", vec![("pos", v3), ("mass", f32t)]);
    let inp = m.add_global(
        "particles",
        particle,
        GlobalKind::StorageBuffer {
            access: BufferAccess::Read,
        },
    );
    let out = m.add_global(
        "outputBuffer",
        particle,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 32, |b, x| {
        let p = b.load(Place::global(inp).dynamic(x));
        let pos = b.extract(p, 0);
        let mass = b.load(Place::global(inp).dynamic(x).field(1));
        let scaled = b.math(MathFn::Mul, &[mass, pos]);
        let q = b.construct(particle, vec![scaled, mass]);
        let two = b.f32(2.0);
        let q2 = b.insert(q, 1, two);
        b.store(Place::global(out).dynamic(x), q2);
        b.store(Place::global(out).dynamic(x).field(0).index(1), mass);
    });
    check(
        &m,
        expect![[r#"
        struct Particle {
            pos: vec3<f32>,
            mass: f32,
        }

        @group(0) @binding(0) 
        var<storage> particles: array<Particle>;
        @group(0) @binding(1) 
        var<storage, read_write> outputBuffer: array<Particle>;

        @compute @workgroup_size(32, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var insert_tmp: Particle;

            let _e4 = particles[tid.x];
            let _e9 = particles[tid.x].mass;
            insert_tmp = Particle((_e9 * _e4.pos), _e9);
            insert_tmp.mass = 2f;
            let _e15 = insert_tmp;
            outputBuffer[tid.x] = _e15;
            outputBuffer[tid.x].pos.y = _e9;
        }
    "#]],
    );
}

#[test]
fn local_arrays_with_dynamic_indices() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let f32t = b.types().f32();
        let arr_t = b.types().array(f32t, 4);
        let vals: Vec<ValueId> = (0..4).map(|i| b.f32(i as f32 * 0.5)).collect();
        let arr = b.construct(arr_t, vals);
        let a = b.local("a", arr_t);
        b.store(Place::local(a), arr);
        let three = b.u32(3);
        let i = b.binary(BinaryOp::BitAnd, x, three);
        let ten = b.f32(10.0);
        b.store(Place::local(a).dynamic(i), ten);
        let whole = b.load(Place::local(a));
        let e = b.extract_dyn(whole, i);
        let first = b.load(Place::local(a).index(0));
        let s = b.add(e, first);
        let upd = b.insert_dyn(whole, i, s);
        let last = b.extract(upd, 3);
        b.store(Place::global(out).dynamic(x), last);
    });
    check(
        &k.m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<f32>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var a: array<f32, 4>;
            var insert_tmp: array<f32, 4>;

            a = array<f32, 4>(0f, 0.5f, 1f, 1.5f);
            let _e9 = (tid.x & 3u);
            a[_e9] = 10f;
            let _e12 = a;
            let _e15 = a[0];
            insert_tmp = _e12;
            insert_tmp[_e9] = (_e12[_e9] + _e15);
            let _e19 = insert_tmp;
            outputBuffer[tid.x] = _e19[3];
        }
    "#]],
    );
}

#[test]
fn if_else_chains() {
    let mut k = module_with_output(|t| t.i32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let i32t = b.types().i32();
        let r = b.local("r", i32t);
        let ten = b.u32(10);
        let small = b.binary(BinaryOp::Lt, x, ten);
        b.if_(
            small,
            |b| {
                let one = b.i32(1);
                b.store(Place::local(r), one);
            },
            |b| {
                let twenty = b.u32(20);
                let mid = b.binary(BinaryOp::Lt, x, twenty);
                b.if_(
                    mid,
                    |b| {
                        let two = b.i32(2);
                        b.store(Place::local(r), two);
                    },
                    |b| {
                        let three = b.i32(3);
                        b.store(Place::local(r), three);
                    },
                );
            },
        );
        let v = b.load(Place::local(r));
        b.store(Place::global(out).dynamic(x), v);
    });
    check(
        &k.m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<i32>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var r: i32;

            if (tid.x < 10u) {
                r = 1i;
            } else {
                if (tid.x < 20u) {
                    r = 2i;
                } else {
                    r = 3i;
                }
            }
            let _e10 = r;
            outputBuffer[tid.x] = _e10;
        }
    "#]],
    );
}

#[test]
fn switch_with_fallthrough_shared_labels_and_default() {
    let mut k = module_with_output(|t| t.i32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let i32t = b.types().i32();
        let r = b.local("r", i32t);
        let sel = b.convert(x, Scalar::I32);
        let add = |b: &mut FunctionBuilder, n: i32| {
            let cur = b.load(Place::local(r));
            let k = b.i32(n);
            let s = b.add(cur, k);
            b.store(Place::local(r), s);
        };
        let c0 = b.block(|b| add(b, 1)); // falls into case 1
        let c1 = b.block(|b| {
            add(b, 10);
            b.brk();
        });
        let c2 = b.block(|b| add(b, 100));
        let cases = vec![
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
        ];
        b.switch(sel, cases);
        let v = b.load(Place::local(r));
        b.store(Place::global(out).dynamic(x), v);
    });
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<i32>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                var r: i32;

                switch i32(tid.x) {
                    case 0: {
                        let _e4 = r;
                        let _e6 = (_e4 + 1i);
                        r = _e6;
                        r = (_e6 + 10i);
                        break;
                    }
                    case 1, 2: {
                        let _e9 = r;
                        r = (_e9 + 10i);
                        break;
                    }
                    case 5, default: {
                        let _e12 = r;
                        r = (_e12 + 100i);
                    }
                }
                let _e15 = r;
                outputBuffer[tid.x] = _e15;
            }
        "#]],
    );
}

#[test]
fn loops_with_break_continue_and_break_if() {
    let mut k = module_with_output(|t| t.i32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let i32t = b.types().i32();
        let i = b.local("i", i32t);
        let acc = b.local("acc", i32t);
        let zero = b.i32(0);
        b.store(Place::local(i), zero);
        b.store(Place::local(acc), zero);
        // for (i = 0; i < 8; i++) { if (i == 2) continue; if (i == tid) break; acc += i; }
        b.loop_(
            LoopAttrs {
                max_iters: Some(8),
                force_unroll: false,
            },
            |b| {
                let iv = b.load(Place::local(i));
                let eight = b.i32(8);
                let go = b.lt(iv, eight);
                b.if_(go, |_| {}, |b| b.brk());
                let two = b.i32(2);
                let is2 = b.binary(BinaryOp::Eq, iv, two);
                b.if_(is2, |b| b.cont(), |_| {});
                let t = b.convert(x, Scalar::I32);
                let hit = b.binary(BinaryOp::Eq, iv, t);
                b.if_(hit, |b| b.brk(), |_| {});
                let a = b.load(Place::local(acc));
                let s = b.add(a, iv);
                b.store(Place::local(acc), s);
            },
            |b| {
                let iv = b.load(Place::local(i));
                let one = b.i32(1);
                let n = b.add(iv, one);
                b.store(Place::local(i), n);
                None
            },
        );
        // do { acc *= 2; } while (acc < 100);  as break_if
        b.loop_(
            LoopAttrs {
                max_iters: None,
                force_unroll: true,
            },
            |b| {
                let a = b.load(Place::local(acc));
                let two = b.i32(2);
                let d = b.mul(a, two);
                b.store(Place::local(acc), d);
            },
            |b| {
                let a = b.load(Place::local(acc));
                let hundred = b.i32(100);
                Some(b.binary(BinaryOp::Ge, a, hundred))
            },
        );
        let v = b.load(Place::local(acc));
        b.store(Place::global(out).dynamic(x), v);
    });
    check(
        &k.m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<i32>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var i: i32;
            var acc: i32;

            i = 0i;
            acc = 0i;
            loop {
                let _e5 = i;
                if (_e5 < 8i) {
                } else {
                    break;
                }
                if (_e5 == 2i) {
                    continue;
                }
                if (_e5 == i32(tid.x)) {
                    break;
                }
                let _e12 = acc;
                acc = (_e12 + _e5);
                continuing {
                    let _e14 = i;
                    i = (_e14 + 1i);
                }
            }
            loop {
                let _e17 = acc;
                acc = (_e17 * 2i);
                continuing {
                    let _e20 = acc;
                    break if (_e20 >= 100i);
                }
            }
            let _e23 = acc;
            outputBuffer[tid.x] = _e23;
        }
    "#]],
    );
}

#[test]
fn early_return_and_calls_with_out_and_inout() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    let m = &mut k.m;
    let f32t = m.types.f32();
    let void = m.types.void();
    // float clampedHalf(float x) { if (x < 0) return 0; return x * 0.5; }
    let mut b = FunctionBuilder::new(m, "clampedHalf", f32t);
    let p = b.param("x", f32t, ParamDir::In);
    let xv = b.load(Place::param(p));
    let zero = b.f32(0.0);
    let neg = b.lt(xv, zero);
    b.if_(neg, |b| b.ret(Some(zero)), |_| {});
    let half = b.f32(0.5);
    let h = b.mul(xv, half);
    b.ret(Some(h));
    let clamped = b.finish().unwrap();
    // void accumulate(float v, inout float acc, out float old) { old = acc; acc += v; v = 0; }
    let mut b = FunctionBuilder::new(m, "accumulate", void);
    let v = b.param("v", f32t, ParamDir::In);
    let acc = b.param("acc", f32t, ParamDir::InOut);
    let old = b.param("old", f32t, ParamDir::Out);
    let a = b.load(Place::param(acc));
    b.store(Place::param(old), a);
    let vv = b.load(Place::param(v));
    let s = b.add(a, vv);
    b.store(Place::param(acc), s);
    let z = b.f32(0.0);
    b.store(Place::param(v), z); // writes to an `in` parameter stay local
    let accumulate = b.finish().unwrap();
    entry(m, 1, |b, x| {
        let f = b.convert(x, Scalar::F32);
        let c = b.call(clamped, vec![Arg::Value(f)]);
        let acc = b.local("total", f32t);
        b.store(Place::local(acc), c);
        let prev = b.local("prev", f32t);
        b.call(
            accumulate,
            vec![
                Arg::Value(f),
                Arg::Place(Place::local(acc)),
                Arg::Place(Place::local(prev)),
            ],
        );
        // inout straight into a buffer element: copied through a temporary.
        b.call(
            accumulate,
            vec![
                Arg::Value(c),
                Arg::Place(Place::global(out).dynamic(x)),
                Arg::Place(Place::local(prev)),
            ],
        );
    });
    check(
        &k.m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<f32>;

        fn clampedHalf(x: f32) -> f32 {
            if (x < 0f) {
                return 0f;
            }
            return (x * 0.5f);
        }

        fn accumulate(v: f32, acc: ptr<function, f32>, old: ptr<function, f32>) {
            var v_1: f32;

            v_1 = v;
            let _e4 = (*acc);
            (*old) = _e4;
            let _e5 = v_1;
            (*acc) = (_e4 + _e5);
            v_1 = 0f;
        }

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var total: f32;
            var prev: f32;
            var acc_arg: f32;
            var old_arg: f32;
            var acc_arg_1: f32;
            var old_arg_1: f32;

            let _e4 = f32(tid.x);
            let _e5 = clampedHalf(_e4);
            total = _e5;
            let _e7 = total;
            acc_arg = _e7;
            accumulate(_e4, (&acc_arg), (&old_arg));
            let _e9 = acc_arg;
            total = _e9;
            let _e10 = old_arg;
            prev = _e10;
            let _e14 = outputBuffer[tid.x];
            acc_arg_1 = _e14;
            accumulate(_e5, (&acc_arg_1), (&old_arg_1));
            let _e16 = acc_arg_1;
            outputBuffer[tid.x] = _e16;
            let _e17 = old_arg_1;
            prev = _e17;
        }
    "#]],
    );
}

#[test]
fn atomics_on_buffers() {
    let mut m = Module::new();
    let i32t = m.types.i32();
    let u32t = m.types.u32();
    let counters = m.add_global(
        "counters",
        i32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let out = m.add_global(
        "outputBuffer",
        u32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 64, |b, x| {
        let one = b.i32(1);
        let zero = b.u32(0);
        let slot = Place::global(counters).index(0);
        let old = b.atomic(AtomicOp::Add, slot.clone(), one, None);
        let mx = b.atomic(AtomicOp::Max, Place::global(counters).index(1), old, None);
        let seen = b.atomic(
            AtomicOp::CompareExchange,
            Place::global(counters).index(2),
            one,
            Some(mx),
        );
        let current = b.load(slot.clone());
        let sum = b.add(current, seen);
        b.store(Place::global(counters).index(3), sum);
        let xu = b.u32(7);
        let prev = b.atomic(AtomicOp::Or, Place::global(out).dynamic(x), xu, None);
        let _ = b.atomic(AtomicOp::Exchange, Place::global(out).index(0), prev, None);
        let _ = zero;
    });
    check(
        &m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> counters: array<atomic<i32>>;
        @group(0) @binding(1) 
        var<storage, read_write> outputBuffer: array<atomic<u32>>;

        @compute @workgroup_size(64, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var cas_old: i32;

            let _e6 = atomicAdd((&counters[0]), 1i);
            let _e9 = atomicMax((&counters[1]), _e6);
            loop {
                let _e13 = atomicCompareExchangeWeak((&counters[2]), _e9, 1i);
                if (_e13.exchanged || (_e13.old_value != _e9)) {
                    cas_old = _e13.old_value;
                    break;
                }
            }
            let _e18 = cas_old;
            let _e21 = atomicLoad((&counters[0]));
            atomicStore((&counters[3]), (_e21 + _e18));
            let _e28 = atomicOr((&outputBuffer[tid.x]), 7u);
            let _e31 = atomicExchange((&outputBuffer[0]), _e28);
        }
    "#]],
    );
}

#[test]
fn groupshared_memory_and_barriers() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    let f32t = k.m.types.f32();
    let arr = k.m.types.array(f32t, 64);
    let cache = k.m.add_global("cache", arr, GlobalKind::Groupshared);
    let void = k.m.types.void();
    let uv3 = k.m.types.vector(Scalar::U32, 3);
    let u32t = k.m.types.u32();
    let mut b = FunctionBuilder::new(&mut k.m, "reduce", void);
    let gi = b.param("gi", u32t, ParamDir::In);
    let gid = b.param("gid", uv3, ParamDir::In);
    let i = b.load(Place::param(gi));
    let f = b.convert(i, Scalar::F32);
    b.store(Place::global(cache).dynamic(i), f);
    b.barrier(BarrierKind::Group);
    let zero = b.u32(0);
    let first = b.binary(BinaryOp::Eq, i, zero);
    b.if_(
        first,
        |b| {
            let a = b.load(Place::global(cache).index(0));
            let c = b.load(Place::global(cache).index(63));
            let s = b.add(a, c);
            let g = b.load(Place::param(gid));
            let gx = b.swizzle(g, &[0]);
            b.store(Place::global(out).dynamic(gx), s);
        },
        |_| {},
    );
    b.barrier(BarrierKind::Device);
    b.barrier(BarrierKind::All);
    b.barrier(BarrierKind::GroupMemory);
    b.barrier(BarrierKind::DeviceMemory);
    b.barrier(BarrierKind::AllMemory);
    let id = b.finish().unwrap();
    k.m.add_entry_point(
        "reduce",
        id,
        [64, 1, 1],
        vec![Builtin::GroupIndex, Builtin::GroupId],
    );
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;
            var<workgroup> cache: array<f32, 64>;

            @compute @workgroup_size(64, 1, 1) 
            fn reduce(@builtin(local_invocation_index) gi: u32, @builtin(workgroup_id) gid: vec3<u32>) {
                cache[gi] = f32(gi);
                workgroupBarrier();
                if (gi == 0u) {
                    let _e9 = cache[0];
                    let _e12 = cache[63];
                    outputBuffer[gid.x] = (_e9 + _e12);
                }
                storageBarrier();
                storageBarrier();
                workgroupBarrier();
                workgroupBarrier();
                storageBarrier();
                storageBarrier();
                workgroupBarrier();
            }
        "#]],
    );
}

#[test]
fn printf_writes_records_to_the_print_buffer() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let f = b.convert(x, Scalar::F32);
        let i = b.convert(x, Scalar::I32);
        let v2t = b.types().vector(Scalar::F32, 2);
        let v = b.splat(v2t, f);
        let t = b.bool(true);
        b.print("x=%u f=%f i=%d v=(%f, %f) b=%d\n", &[x, f, i, v, t]);
        b.store(Place::global(out).dynamic(x), f);
    });
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;
            @group(0) @binding(1) 
            var<storage, read_write> dslang_print_buffer: array<atomic<u32>>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e2 = f32(tid.x);
                let _e4 = vec2(_e2);
                let _e20 = atomicAdd((&dslang_print_buffer[0]), 8u);
                let _e22 = (_e20 + 1u);
                if ((_e22 + 8u) <= arrayLength((&dslang_print_buffer))) {
                    atomicStore((&dslang_print_buffer[(_e22 + 0u)]), 1u);
                    atomicStore((&dslang_print_buffer[(_e22 + 1u)]), 6u);
                    atomicStore((&dslang_print_buffer[(_e22 + 2u)]), tid.x);
                    atomicStore((&dslang_print_buffer[(_e22 + 3u)]), bitcast<u32>(_e2));
                    atomicStore((&dslang_print_buffer[(_e22 + 4u)]), bitcast<u32>(i32(tid.x)));
                    atomicStore((&dslang_print_buffer[(_e22 + 5u)]), bitcast<u32>(_e4.x));
                    atomicStore((&dslang_print_buffer[(_e22 + 6u)]), bitcast<u32>(_e4.y));
                    atomicStore((&dslang_print_buffer[(_e22 + 7u)]), select(0u, 1u, true));
                }
                outputBuffer[tid.x] = _e2;
            }
        "#]],
    );
}

#[test]
fn bools_in_buffers_are_stored_as_u32() {
    let mut m = Module::new();
    let bool_t = m.types.bool();
    let f32t = m.types.f32();
    let b2 = m.types.vector(Scalar::Bool, 2);
    let flags = m.types.add_struct(
        "Flags",
        vec![("on", bool_t), ("mask", b2), ("weight", f32t)],
    );
    let buf = m.add_global(
        "flags",
        flags,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 1, |b, x| {
        let fl = b.load(Place::global(buf).dynamic(x));
        let on = b.extract(fl, 0);
        let not = b.unary(UnaryOp::Not, on);
        b.store(Place::global(buf).dynamic(x).field(0), not);
        let mask = b.load(Place::global(buf).dynamic(x).field(1));
        let any = b.math(MathFn::Any, &[mask]);
        let w = b.f32(1.0);
        let nf = b.construct(flags, vec![any, mask, w]);
        b.store(Place::global(buf).index(0), nf);
    });
    check(
        &m,
        expect![[r#"
        struct Flags_host {
            on: u32,
            mask: vec2<u32>,
            weight: f32,
        }

        struct Flags {
            on: bool,
            mask: vec2<bool>,
            weight: f32,
        }

        @group(0) @binding(0) 
        var<storage, read_write> flags: array<Flags_host>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            let _e5 = flags[tid.x].on;
            let _e9 = flags[tid.x].mask;
            let _e13 = flags[tid.x].weight;
            flags[tid.x].on = select(u32(), 1u, !(Flags((_e5 != u32()), (_e9 != vec2<u32>()), _e13).on));
            let _e26 = flags[tid.x].mask;
            let _e28 = (_e26 != vec2<u32>());
            let _e31 = Flags(any(_e28), _e28, 1f);
            flags[0].on = select(u32(), 1u, _e31.on);
            flags[0].mask = select(vec2<u32>(), vec2(1u), _e31.mask);
            flags[0].weight = _e31.weight;
        }
    "#]],
    );
}

#[test]
fn uniforms_constants_and_builtin_conversions() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let u32t = m.types.u32();
    let params = m
        .types
        .add_struct("Params", vec![("scale", f32t), ("count", u32t)]);
    let cb = m.add_global("params", params, GlobalKind::Uniform);
    let arr = m.types.array(f32t, 3);
    let weights = m.add_global(
        "weights",
        arr,
        GlobalKind::Constant(ConstValue::Composite(vec![
            ConstValue::Literal(Literal::F32(0.25)),
            ConstValue::Literal(Literal::F32(0.5)),
            ConstValue::Literal(Literal::F32(0.25)),
        ])),
    );
    let out = m.add_global(
        "outputBuffer",
        f32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let void = m.types.void();
    let i3 = m.types.vector(Scalar::I32, 3);
    let u2 = m.types.vector(Scalar::U32, 2);
    let i32t = m.types.i32();
    let mut b = FunctionBuilder::new(&mut m, "main", void);
    let dtid = b.param("dtid", i3, ParamDir::In);
    let gtid = b.param("gtid", u2, ParamDir::In);
    let gi = b.param("gi", i32t, ParamDir::In);
    let d = b.load(Place::param(dtid).index(0));
    let g = b.load(Place::param(gtid).index(1));
    let gi = b.load(Place::param(gi));
    let two = b.i32(2);
    let k = b.binary(BinaryOp::Rem, gi, two);
    let w = b.load(Place::global(weights).dynamic(k));
    let s = b.load(Place::global(cb).field(0));
    let n = b.load(Place::global(cb).field(1));
    let gf = b.convert(g, Scalar::F32);
    let nf = b.convert(n, Scalar::F32);
    let p = b.mul(w, s);
    let p = b.add(p, gf);
    let p = b.add(p, nf);
    let len = b.array_length(out);
    let du = b.convert(d, Scalar::U32);
    let ok = b.lt(du, len);
    b.if_(ok, |b| b.store(Place::global(out).dynamic(du), p), |_| {});
    let id = b.finish().unwrap();
    m.add_entry_point(
        "computeMain",
        id,
        [8, 8, 1],
        vec![
            Builtin::DispatchThreadId,
            Builtin::GroupThreadId,
            Builtin::GroupIndex,
        ],
    );
    check(
        &m,
        expect![[r#"
            struct Params_uniform {
                scale: f32,
                count: u32,
                _pad: u32,
                _pad_1: u32,
            }

            @group(0) @binding(0) 
            var<uniform> params: Params_uniform;
            var<private> weights: array<f32, 3> = array<f32, 3>(0.25f, 0.5f, 0.25f);
            @group(0) @binding(1) 
            var<storage, read_write> outputBuffer: array<f32>;

            @compute @workgroup_size(8, 8, 1) 
            fn computeMain(@builtin(global_invocation_id) dtid: vec3<u32>, @builtin(local_invocation_id) gtid: vec3<u32>, @builtin(local_invocation_index) gi: u32) {
                var dtid_1: vec3<i32>;
                var gtid_1: vec2<u32>;
                var gi_1: i32;

                dtid_1 = vec3<i32>(dtid);
                gtid_1 = gtid.xy;
                gi_1 = i32(gi);
                let _e10 = dtid_1.x;
                let _e12 = gtid_1.y;
                let _e13 = gi_1;
                let _e18 = weights[(_e13 % 2i)];
                let _e21 = params.scale;
                let _e24 = params.count;
                let _e32 = u32(_e10);
                if (_e32 < arrayLength((&outputBuffer))) {
                    outputBuffer[_e32] = (((_e18 * _e21) + f32(_e12)) + f32(_e24));
                }
            }
        "#]],
    );
}

#[test]
fn bitcasts_and_conversions() {
    let mut k = module_with_output(|t| t.u32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let f = b.bitcast(x, Scalar::F32); // asfloat
        let i = b.bitcast(f, Scalar::I32); // asint
        let u = b.bitcast(i, Scalar::U32); // asuint
        let fi = b.convert(f, Scalar::I32); // (int)f
        let bo = b.convert(fi, Scalar::Bool);
        let back = b.convert(bo, Scalar::U32);
        let s = b.add(u, back);
        b.store(Place::global(out).dynamic(x), s);
    });
    check(
        &k.m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<u32>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            let _e2 = bitcast<f32>(tid.x);
            outputBuffer[tid.x] = (bitcast<u32>(bitcast<i32>(_e2)) + u32(bool(i32(_e2))));
        }
    "#]],
    );
}

#[test]
fn non_finite_literals_and_select_of_structs() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let pair = m.types.add_struct("Pair", vec![("a", f32t), ("b", f32t)]);
    let out = m.add_global(
        "outputBuffer",
        pair,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 1, |b, x| {
        let inf = b.f32(f32::INFINITY);
        let nan = b.f32(f32::NAN);
        let p = b.construct(pair, vec![inf, nan]);
        let q = b.zero(pair);
        let zero = b.u32(0);
        let c = b.binary(BinaryOp::Eq, x, zero);
        let r = b.select(c, p, q);
        b.store(Place::global(out).dynamic(x), r);
    });
    check(
        &m,
        expect![[r#"
        struct Pair {
            a: f32,
            b: f32,
        }

        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<Pair>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var select_tmp: Pair;

            if (tid.x == 0u) {
                select_tmp = Pair(bitcast<f32>(2139095040u), bitcast<f32>(2143289344u));
            } else {
                select_tmp = Pair();
            }
            let _e11 = select_tmp;
            outputBuffer[tid.x] = _e11;
        }
    "#]],
    );
}

#[test]
fn matrices_in_buffers_are_stored_column_major_like_slang() {
    let mut m = Module::new();
    let m23 = m.types.matrix(Scalar::F32, 2, 3);
    let f32t = m.types.f32();
    let mats = m.add_global(
        "mats",
        m23,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let out = m.add_global(
        "outputBuffer",
        f32t,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 1, |b, x| {
        let whole = b.load(Place::global(mats).dynamic(x));
        let row1 = b.load(Place::global(mats).dynamic(x).index(1));
        let one = b.u32(1);
        let elem = b.load(Place::global(mats).dynamic(x).dynamic(one).index(2));
        let t = b.math(MathFn::Transpose, &[whole]);
        let tt = b.math(MathFn::Transpose, &[t]);
        b.store(Place::global(mats).index(0), tt);
        b.store(Place::global(mats).index(1).index(0), row1);
        b.store(Place::global(mats).index(2).index(1).index(0), elem);
        b.store(Place::global(out).dynamic(x), elem);
    });
    check(
        &m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> mats: array<array<vec2<f32>, 3>>;
        @group(0) @binding(1) 
        var<storage, read_write> outputBuffer: array<f32>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            let _e5 = mats[tid.x][0];
            let _e7 = mats[tid.x][1];
            let _e9 = mats[tid.x][2];
            let _e24 = mats[tid.x][0][1u];
            let _e27 = mats[tid.x][1][1u];
            let _e30 = mats[tid.x][2][1u];
            let _e31 = vec3<f32>(_e24, _e27, _e30);
            let _e37 = mats[tid.x][2][1u];
            let _e39 = transpose(transpose(mat2x3<f32>(vec3<f32>(_e5.x, _e7.x, _e9.x), vec3<f32>(_e5.y, _e7.y, _e9.y))));
            mats[0][0] = vec2<f32>(_e39[0].x, _e39[1].x);
            mats[0][1] = vec2<f32>(_e39[0].y, _e39[1].y);
            mats[0][2] = vec2<f32>(_e39[0].z, _e39[1].z);
            mats[1][0][0u] = _e31.x;
            mats[1][1][0u] = _e31.y;
            mats[1][2][0u] = _e31.z;
            mats[2][0][1u] = _e37;
            outputBuffer[tid.x] = _e37;
        }
    "#]],
    );
}

#[test]
fn buffer_names_survive_locals_and_functions_with_the_same_name() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    let f32t = k.m.types.f32();
    // float outputBuffer(float outputBuffer) { float result = outputBuffer; return result; }
    let mut b = FunctionBuilder::new(&mut k.m, "outputBuffer", f32t);
    let p = b.param("outputBuffer", f32t, ParamDir::In);
    let l = b.local("outputBuffer", f32t);
    let v = b.load(Place::param(p));
    b.store(Place::local(l), v);
    let r = b.load(Place::local(l));
    b.ret(Some(r));
    let f = b.finish().unwrap();
    entry(&mut k.m, 1, |b, x| {
        let v = b.convert(x, Scalar::F32);
        let r = b.call(f, vec![Arg::Value(v)]);
        b.store(Place::global(out).dynamic(x), r);
    });
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;

            fn outputBuffer_fn(outputBuffer_param: f32) -> f32 {
                var outputBuffer_local: f32;

                outputBuffer_local = outputBuffer_param;
                return outputBuffer_param;
            }

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e3 = outputBuffer_fn(f32(tid.x));
                outputBuffer[tid.x] = _e3;
            }
        "#]],
    );
}

#[test]
fn uniform_buffers_use_std140_slots_like_slang() {
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
    entry(&mut m, 1, |b, x| {
        let w = b.load(Place::global(p).field(1).dynamic(x));
        let all_w = b.load(Place::global(p).field(1));
        let w2 = b.extract(all_w, 2);
        let m10 = b.load(Place::global(p).field(2).index(1).index(0));
        let mm = b.load(Place::global(p).field(2));
        let det = b.math(MathFn::Determinant, &[mm]);
        let pair = b.load(Place::global(p).field(5).dynamic(x));
        let py = b.load(Place::global(p).field(5).index(1).index(1));
        let px = b.extract(pair, 0);
        let whole = b.load(Place::global(p));
        let flag = b.extract(whole, 4);
        let count = b.extract(whole, 3);
        let cf = b.convert(count, Scalar::F32);
        let mut acc = b.add(w, w2);
        for v in [m10, det, px, py, cf] {
            acc = b.add(acc, v);
        }
        let zero = b.f32(0.0);
        let r = b.select(flag, acc, zero);
        b.store(Place::global(out).dynamic(x), r);
    });
    check(
        &m,
        expect![[r#"
            struct Params_uniform {
                scale: f32,
                weights: array<vec4<f32>, 3>,
                m: array<vec4<f32>, 2>,
                count: u32,
                flag: u32,
                pairs: array<vec4<f32>, 2>,
            }

            struct Params {
                scale: f32,
                weights: array<f32, 3>,
                m: mat2x2<f32>,
                count: u32,
                flag: bool,
                pairs: array<vec2<f32>, 2>,
            }

            @group(0) @binding(0) 
            var<uniform> params: Params_uniform;
            @group(0) @binding(1) 
            var<storage, read_write> outputBuffer: array<f32>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e6 = params.weights[tid.x].x;
                let _e11 = params.weights[0].x;
                let _e14 = params.weights[1].x;
                let _e17 = params.weights[2].x;
                let _e25 = params.m[0][1u];
                let _e29 = params.m[0];
                let _e31 = params.m[1];
                let _e43 = params.pairs[tid.x];
                let _e49 = params.pairs[1].y;
                let _e53 = params.scale;
                let _e57 = params.weights[0].x;
                let _e60 = params.weights[1].x;
                let _e63 = params.weights[2].x;
                let _e67 = params.m[0];
                let _e69 = params.m[1];
                let _e78 = params.count;
                let _e80 = params.flag;
                let _e85 = params.pairs[0];
                let _e88 = params.pairs[1];
                let _e91 = Params(_e53, array<f32, 3>(_e57, _e60, _e63), mat2x2<f32>(vec2<f32>(_e67.x, _e69.x), vec2<f32>(_e67.y, _e69.y)), _e78, (_e80 != u32()), array<vec2<f32>, 2>(_e85.xy, _e88.xy));
                outputBuffer[tid.x] = select(0f, ((((((_e6 + array<f32, 3>(_e11, _e14, _e17)[2]) + _e25) + determinant(mat2x2<f32>(vec2<f32>(_e29.x, _e31.x), vec2<f32>(_e29.y, _e31.y)))) + _e43.xy.x) + _e49) + f32(_e91.count)), _e91.flag);
            }
        "#]],
    );
}

#[test]
fn nested_structs_in_uniforms_get_their_own_padded_type() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let inner = m.types.add_struct("Inner", vec![("x", f32t)]);
    let outer = m.types.add_struct("Outer", vec![("a", inner), ("b", f32t)]);
    let p = m.add_global("params", outer, GlobalKind::Uniform);
    let out = m.add_global(
        "outputBuffer",
        inner,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    entry(&mut m, 1, |b, x| {
        let a = b.load(Place::global(p).field(0));
        let bv = b.load(Place::global(p).field(1));
        let ax = b.extract(a, 0);
        let s = b.add(ax, bv);
        let r = b.construct(inner, vec![s]);
        b.store(Place::global(out).dynamic(x), r);
    });
    check(
        &m,
        expect![[r#"
            struct Inner_uniform {
                x: f32,
                _pad: u32,
                _pad_1: u32,
                _pad_2: u32,
            }

            struct Outer_uniform {
                a: Inner_uniform,
                b: f32,
                _pad: u32,
                _pad_1: u32,
                _pad_2: u32,
            }

            struct Inner {
                x: f32,
            }

            @group(0) @binding(0) 
            var<uniform> params: Outer_uniform;
            @group(0) @binding(1) 
            var<storage, read_write> outputBuffer: array<Inner>;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e5 = params.a.x;
                let _e9 = params.b;
                outputBuffer[tid.x] = Inner((Inner(_e5).x + _e9));
            }
        "#]],
    );
}

#[test]
fn atomics_on_struct_fields_and_groupshared_values() {
    let mut m = Module::new();
    let u32t = m.types.u32();
    let f32t = m.types.f32();
    let bin = m
        .types
        .add_struct("Bin", vec![("count", u32t), ("weight", f32t)]);
    let bins = m.add_global(
        "bins",
        bin,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    let local_count = m.add_global("localCount", u32t, GlobalKind::Groupshared);
    entry(&mut m, 64, |b, x| {
        let one = b.u32(1);
        let four = b.u32(4);
        let slot = b.binary(BinaryOp::Rem, x, four);
        b.atomic(
            AtomicOp::Add,
            Place::global(bins).dynamic(slot).field(0),
            one,
            None,
        );
        b.atomic(AtomicOp::Add, Place::global(local_count), one, None);
        b.barrier(BarrierKind::Group);
        let whole = b.load(Place::global(bins).dynamic(slot));
        let n = b.load(Place::global(local_count));
        let c = b.extract(whole, 0);
        let s = b.add(c, n);
        let f = b.convert(s, Scalar::F32);
        let updated = b.insert(whole, 1, f);
        b.store(Place::global(bins).dynamic(slot), updated);
    });
    check(
        &m,
        expect![[r#"
        struct Bin_host {
            count: atomic<u32>,
            weight: f32,
        }

        struct Bin {
            count: u32,
            weight: f32,
        }

        @group(0) @binding(0) 
        var<storage, read_write> bins: array<Bin_host>;
        var<workgroup> localCount: atomic<u32>;

        @compute @workgroup_size(64, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var insert_tmp: Bin;

            let _e4 = (tid.x % 4u);
            let _e8 = atomicAdd((&bins[_e4].count), 1u);
            let _e10 = atomicAdd((&localCount), 1u);
            workgroupBarrier();
            let _e14 = atomicLoad((&bins[_e4].count));
            let _e16 = bins[_e4].weight;
            let _e17 = Bin(_e14, _e16);
            let _e19 = atomicLoad((&localCount));
            insert_tmp = _e17;
            insert_tmp.weight = f32((_e17.count + _e19));
            let _e25 = insert_tmp;
            atomicStore((&bins[_e4].count), _e25.count);
            bins[_e4].weight = _e25.weight;
        }
    "#]],
    );
}

#[test]
fn continue_inside_a_switch_inside_a_loop() {
    let mut k = module_with_output(|t| t.u32());
    let out = k.out;
    entry(&mut k.m, 1, |b, x| {
        let u32t = b.types().u32();
        let i = b.local("i", u32t);
        let zero = b.u32(0);
        b.store(Place::local(i), zero);
        b.loop_(
            LoopAttrs {
                max_iters: Some(4),
                force_unroll: false,
            },
            |b| {
                let iv = b.load(Place::local(i));
                let four = b.u32(4);
                let done = b.binary(BinaryOp::Ge, iv, four);
                b.if_(done, |b| b.brk(), |_| {});
                let skip = b.block(|b| b.cont());
                let other = b.block(|b| {
                    let acc = b.load(Place::global(out).dynamic(x));
                    let s = b.add(acc, iv);
                    b.store(Place::global(out).dynamic(x), s);
                });
                b.switch(
                    iv,
                    vec![
                        SwitchCase {
                            values: vec![1],
                            is_default: false,
                            body: skip,
                            fallthrough: false,
                        },
                        SwitchCase {
                            values: vec![],
                            is_default: true,
                            body: other,
                            fallthrough: false,
                        },
                    ],
                );
            },
            |b| {
                let iv = b.load(Place::local(i));
                let one = b.u32(1);
                let n = b.add(iv, one);
                b.store(Place::local(i), n);
                None
            },
        );
    });
    check(
        &k.m,
        expect![[r#"
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<u32>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            var i: u32;

            i = 0u;
            loop {
                let _e4 = i;
                if (_e4 >= 4u) {
                    break;
                }
                switch _e4 {
                    case 1u: {
                        continue;
                    }
                    default: {
                        let _e9 = outputBuffer[tid.x];
                        outputBuffer[tid.x] = (_e9 + _e4);
                    }
                }
                continuing {
                    let _e13 = i;
                    i = (_e13 + 1u);
                }
            }
        }
    "#]],
    );
}
