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
            outputBuffer[tid.x] = -(((((_e2 * 2f) + _e2) / 2f) % 2f));
        }
    "#]],
    );
}
