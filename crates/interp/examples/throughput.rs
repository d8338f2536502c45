//! Measures interpreter speed: `cargo run -p interp --release --example throughput`.

use interp::{Machine, Value};
use ir::*;

fn main() {
    let mut m = Module::new();
    let f32t = m.types.f32();
    let i32t = m.types.i32();
    // float f(int n) { float acc = 0; for (int i = 0; i < n; i++) acc = acc * 0.5 + sin(float(i)); return acc; }
    let mut b = FunctionBuilder::new(&mut m, "f", f32t);
    let n = b.param("n", i32t, ParamDir::In);
    let i = b.local("i", i32t);
    let acc = b.local("acc", f32t);
    b.loop_(
        LoopAttrs::default(),
        |b| {
            let iv = b.load(Place::local(i));
            let nv = b.load(Place::param(n));
            let more = b.lt(iv, nv);
            b.if_(more, |_| {}, |b| b.brk());
            let a = b.load(Place::local(acc));
            let half = b.f32(0.5);
            let ah = b.mul(a, half);
            let fi = b.convert(iv, Scalar::F32);
            let s = b.math(MathFn::Sin, &[fi]);
            let r = b.add(ah, s);
            b.store(Place::local(acc), r);
        },
        |b| {
            let iv = b.load(Place::local(i));
            let one = b.i32(1);
            let next = b.add(iv, one);
            b.store(Place::local(i), next);
            None
        },
    );
    let r = b.load(Place::local(acc));
    b.ret(Some(r));
    let f = b.finish().expect("well-typed");
    let iters = 1_000_000;
    let start = std::time::Instant::now();
    let (r, _) = Machine::new(&m)
        .with_step_limit(u64::MAX)
        .call(f, vec![Value::I32(iters)])
        .expect("runs");
    let secs = start.elapsed().as_secs_f64();
    // 16 steps per iteration: 11 statements in the body, 4 in continuing, 1 for the loop.
    println!(
        "{iters} iterations in {secs:.3} s ({:.1} M statements/s), result {r}",
        iters as f64 * 16.0 / secs / 1e6
    );
}
