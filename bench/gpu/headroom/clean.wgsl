// headroom variant: clean (hand-written clean loops; see README)
struct DiffPair_float { p: f32, d: f32, }
@group(0) @binding(0)
var<storage> xs: array<f32>;
@group(0) @binding(1)
var<storage> params: array<i32>;
@group(0) @binding(2)
var<storage, read_write> result: array<f32>;

fn bwd_16(x: f32, terms: i32, dOut: f32) -> f32 {
    var tape: array<f32, 16>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {
        { tape[n] = term;
        let a = 2i * k;
        term = (((-term * x) * x) / f32(a * (a + 1i)));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i; }
    }
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    while (i > 0i) {
        { i = i - 1i;
        let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = (dt / c);
        let t = tape[i];
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
    }
    return (dpx + d_sum) + d_term;
}

fn bwd_32(x: f32, terms: i32, dOut: f32) -> f32 {
    var tape: array<f32, 32>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {
        { tape[n] = term;
        let a = 2i * k;
        term = (((-term * x) * x) / f32(a * (a + 1i)));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i; }
    }
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    while (i > 0i) {
        { i = i - 1i;
        let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = (dt / c);
        let t = tape[i];
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
    }
    return (dpx + d_sum) + d_term;
}

fn bwd_64(x: f32, terms: i32, dOut: f32) -> f32 {
    var tape: array<f32, 64>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {
        { tape[n] = term;
        let a = 2i * k;
        term = (((-term * x) * x) / f32(a * (a + 1i)));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i; }
    }
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    while (i > 0i) {
        { i = i - 1i;
        let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = (dt / c);
        let t = tape[i];
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
    }
    return (dpx + d_sum) + d_term;
}

fn bwd_128(x: f32, terms: i32, dOut: f32) -> f32 {
    var tape: array<f32, 128>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {
        { tape[n] = term;
        let a = 2i * k;
        term = (((-term * x) * x) / f32(a * (a + 1i)));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i; }
    }
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    while (i > 0i) {
        { i = i - 1i;
        let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = (dt / c);
        let t = tape[i];
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
    }
    return (dpx + d_sum) + d_term;
}

fn bwd(x: f32, terms: i32, dOut: f32) -> f32 {
    if (terms <= 17i) { return bwd_16(x, terms, dOut); }
    if (terms <= 33i) { return bwd_32(x, terms, dOut); }
    if (terms <= 65i) { return bwd_64(x, terms, dOut); }
    return bwd_128(x, terms, dOut);
}

@compute @workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
    result[tid.x] = bwd(xs[tid.x], params[0i], 1f);
}
