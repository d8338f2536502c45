// headroom variant: cleanck4 (checkpoint every 4th term, groups replayed in registers)
struct DiffPair_float { p: f32, d: f32, }
@group(0) @binding(0)
var<storage> xs: array<f32>;
@group(0) @binding(1)
var<storage> params: array<i32>;
@group(0) @binding(2)
var<storage, read_write> result: array<f32>;

fn bwd_16(x: f32, terms: i32, dOut: f32) -> f32 {
    var tape: array<f32, 4>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {
        if (n % 4i == 0i) { tape[n / 4i] = term; }
        let a = 2i * k;
        term = ((-term * x) * x) / f32(a * (a + 1i));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i;
    }
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    // the top partial group: each iteration replays from its checkpoint
    while (i % 4i != 0i) {
        i = i - 1i;
        let m0 = i - i % 4i;
        var t = tape[m0 / 4i];
        for (var m = m0; m < i; m++) { let a = 2i * (m + 1i); t = ((-t * x) * x) / f32(a * (a + 1i)); }
        { let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
    }
    while (i > 0i) {
        let base = i - 4i;
        let t0 = tape[base / 4i];
        let at1 = 2i * ((base + 0i) + 1i); let t1 = ((-t0 * x) * x) / f32(at1 * (at1 + 1i));
        let at2 = 2i * ((base + 1i) + 1i); let t2 = ((-t1 * x) * x) / f32(at2 * (at2 + 1i));
        let at3 = 2i * ((base + 2i) + 1i); let t3 = ((-t2 * x) * x) / f32(at3 * (at3 + 1i));
        { let a = 2i * ((base + 3i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t3;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 2i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t2;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 1i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t1;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 0i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t0;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        i = base;
    }
    return (dpx + d_sum) + d_term;
}

fn bwd_32(x: f32, terms: i32, dOut: f32) -> f32 {
    var tape: array<f32, 8>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {
        if (n % 4i == 0i) { tape[n / 4i] = term; }
        let a = 2i * k;
        term = ((-term * x) * x) / f32(a * (a + 1i));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i;
    }
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    // the top partial group: each iteration replays from its checkpoint
    while (i % 4i != 0i) {
        i = i - 1i;
        let m0 = i - i % 4i;
        var t = tape[m0 / 4i];
        for (var m = m0; m < i; m++) { let a = 2i * (m + 1i); t = ((-t * x) * x) / f32(a * (a + 1i)); }
        { let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
    }
    while (i > 0i) {
        let base = i - 4i;
        let t0 = tape[base / 4i];
        let at1 = 2i * ((base + 0i) + 1i); let t1 = ((-t0 * x) * x) / f32(at1 * (at1 + 1i));
        let at2 = 2i * ((base + 1i) + 1i); let t2 = ((-t1 * x) * x) / f32(at2 * (at2 + 1i));
        let at3 = 2i * ((base + 2i) + 1i); let t3 = ((-t2 * x) * x) / f32(at3 * (at3 + 1i));
        { let a = 2i * ((base + 3i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t3;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 2i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t2;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 1i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t1;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 0i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t0;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        i = base;
    }
    return (dpx + d_sum) + d_term;
}

fn bwd_64(x: f32, terms: i32, dOut: f32) -> f32 {
    var tape: array<f32, 16>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {
        if (n % 4i == 0i) { tape[n / 4i] = term; }
        let a = 2i * k;
        term = ((-term * x) * x) / f32(a * (a + 1i));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i;
    }
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    // the top partial group: each iteration replays from its checkpoint
    while (i % 4i != 0i) {
        i = i - 1i;
        let m0 = i - i % 4i;
        var t = tape[m0 / 4i];
        for (var m = m0; m < i; m++) { let a = 2i * (m + 1i); t = ((-t * x) * x) / f32(a * (a + 1i)); }
        { let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
    }
    while (i > 0i) {
        let base = i - 4i;
        let t0 = tape[base / 4i];
        let at1 = 2i * ((base + 0i) + 1i); let t1 = ((-t0 * x) * x) / f32(at1 * (at1 + 1i));
        let at2 = 2i * ((base + 1i) + 1i); let t2 = ((-t1 * x) * x) / f32(at2 * (at2 + 1i));
        let at3 = 2i * ((base + 2i) + 1i); let t3 = ((-t2 * x) * x) / f32(at3 * (at3 + 1i));
        { let a = 2i * ((base + 3i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t3;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 2i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t2;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 1i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t1;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 0i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t0;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        i = base;
    }
    return (dpx + d_sum) + d_term;
}

fn bwd_128(x: f32, terms: i32, dOut: f32) -> f32 {
    var tape: array<f32, 32>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {
        if (n % 4i == 0i) { tape[n / 4i] = term; }
        let a = 2i * k;
        term = ((-term * x) * x) / f32(a * (a + 1i));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i;
    }
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    // the top partial group: each iteration replays from its checkpoint
    while (i % 4i != 0i) {
        i = i - 1i;
        let m0 = i - i % 4i;
        var t = tape[m0 / 4i];
        for (var m = m0; m < i; m++) { let a = 2i * (m + 1i); t = ((-t * x) * x) / f32(a * (a + 1i)); }
        { let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
    }
    while (i > 0i) {
        let base = i - 4i;
        let t0 = tape[base / 4i];
        let at1 = 2i * ((base + 0i) + 1i); let t1 = ((-t0 * x) * x) / f32(at1 * (at1 + 1i));
        let at2 = 2i * ((base + 1i) + 1i); let t2 = ((-t1 * x) * x) / f32(at2 * (at2 + 1i));
        let at3 = 2i * ((base + 2i) + 1i); let t3 = ((-t2 * x) * x) / f32(at3 * (at3 + 1i));
        { let a = 2i * ((base + 3i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t3;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 2i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t2;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 1i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t1;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        { let a = 2i * ((base + 0i) + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -t0;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }
        i = base;
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
