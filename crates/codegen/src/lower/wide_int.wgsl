// 64-bit integers held as vec2<u32>(low word, high word), two's complement. Codegen copies the
// functions a module calls (and the ones they call) into it (`wide_int.rs`).

fn w64_add(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    let lo = a.x + b.x;
    return vec2<u32>(lo, a.y + b.y + select(0u, 1u, lo < a.x));
}

fn w64_sub(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return vec2<u32>(a.x - b.x, a.y - b.y - select(0u, 1u, a.x < b.x));
}

fn w64_neg(a: vec2<u32>) -> vec2<u32> {
    return w64_sub(vec2<u32>(0u, 0u), a);
}

// The full 64-bit product of two 32-bit words, from 16-bit halves.
fn w64_mul32(a: u32, b: u32) -> vec2<u32> {
    let a0 = a & 0xffffu;
    let a1 = a >> 16u;
    let b0 = b & 0xffffu;
    let b1 = b >> 16u;
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 16u) + (p01 & 0xffffu) + (p10 & 0xffffu);
    return vec2<u32>((p00 & 0xffffu) | (mid << 16u), p11 + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u));
}

// The low 64 bits of the product (the same bits for signed and unsigned operands).
fn w64_mul(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    let p = w64_mul32(a.x, b.x);
    return vec2<u32>(p.x, p.y + a.x * b.y + a.y * b.x);
}

// Shifts take the count modulo 64, as HLSL does for 64-bit operands.
fn w64_shl(a: vec2<u32>, n: u32) -> vec2<u32> {
    let s = n & 63u;
    if (s == 0u) {
        return a;
    }
    if (s >= 32u) {
        return vec2<u32>(0u, a.x << (s - 32u));
    }
    return vec2<u32>(a.x << s, (a.y << s) | (a.x >> (32u - s)));
}

fn w64_shr_u(a: vec2<u32>, n: u32) -> vec2<u32> {
    let s = n & 63u;
    if (s == 0u) {
        return a;
    }
    if (s >= 32u) {
        return vec2<u32>(a.y >> (s - 32u), 0u);
    }
    return vec2<u32>((a.x >> s) | (a.y << (32u - s)), a.y >> s);
}

fn w64_shr_s(a: vec2<u32>, n: u32) -> vec2<u32> {
    let s = n & 63u;
    let hi = bitcast<i32>(a.y);
    if (s == 0u) {
        return a;
    }
    if (s >= 32u) {
        return vec2<u32>(bitcast<u32>(hi >> (s - 32u)), bitcast<u32>(hi >> 31u));
    }
    return vec2<u32>((a.x >> s) | (a.y << (32u - s)), bitcast<u32>(hi >> s));
}

fn w64_lt_u(a: vec2<u32>, b: vec2<u32>) -> bool {
    return a.y < b.y || (a.y == b.y && a.x < b.x);
}

fn w64_lt_s(a: vec2<u32>, b: vec2<u32>) -> bool {
    let x = bitcast<i32>(a.y);
    let y = bitcast<i32>(b.y);
    return x < y || (x == y && a.x < b.x);
}

fn w64_is_neg(a: vec2<u32>) -> bool {
    return (a.y >> 31u) != 0u;
}

// Quotient (xy) and remainder (zw), by restoring division one bit at a time. A zero divisor
// gives the dividend and a zero remainder, as WGSL's 32-bit `/` and `%` do.
fn w64_divrem_u(n: vec2<u32>, d: vec2<u32>) -> vec4<u32> {
    if (d.x == 0u && d.y == 0u) {
        return vec4<u32>(n, 0u, 0u);
    }
    if (n.y == 0u && d.y == 0u) {
        return vec4<u32>(n.x / d.x, 0u, n.x % d.x, 0u);
    }
    var q = vec2<u32>(0u, 0u);
    var r = vec2<u32>(0u, 0u);
    var i = 64u;
    loop {
        if (i == 0u) {
            break;
        }
        i = i - 1u;
        let carry = r.y >> 31u;
        let word = select(n.x, n.y, i >= 32u);
        let bit = (word >> (i & 31u)) & 1u;
        r = vec2<u32>((r.x << 1u) | bit, (r.y << 1u) | (r.x >> 31u));
        if (carry != 0u || !w64_lt_u(r, d)) {
            r = w64_sub(r, d);
            if (i >= 32u) {
                q.y = q.y | (1u << (i & 31u));
            } else {
                q.x = q.x | (1u << i);
            }
        }
    }
    return vec4<u32>(q, r);
}

// Truncating signed division (the remainder takes the dividend's sign); INT64_MIN / -1 gives
// INT64_MIN and 0, as WGSL's 32-bit operators do for their minimum.
fn w64_divrem_s(a: vec2<u32>, b: vec2<u32>) -> vec4<u32> {
    if (b.x == 0u && b.y == 0u) {
        return vec4<u32>(a, 0u, 0u);
    }
    if (a.x == 0u && a.y == 0x80000000u && b.x == 0xffffffffu && b.y == 0xffffffffu) {
        return vec4<u32>(a, 0u, 0u);
    }
    let na = w64_is_neg(a);
    let nb = w64_is_neg(b);
    let qr = w64_divrem_u(select(a, w64_neg(a), na), select(b, w64_neg(b), nb));
    return vec4<u32>(select(qr.xy, w64_neg(qr.xy), na != nb), select(qr.zw, w64_neg(qr.zw), na));
}

fn w64_div_u(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return w64_divrem_u(a, b).xy;
}

fn w64_rem_u(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return w64_divrem_u(a, b).zw;
}

fn w64_div_s(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return w64_divrem_s(a, b).xy;
}

fn w64_rem_s(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return w64_divrem_s(a, b).zw;
}

fn w64_min_u(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return select(b, a, w64_lt_u(a, b));
}

fn w64_max_u(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return select(a, b, w64_lt_u(a, b));
}

fn w64_min_s(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return select(b, a, w64_lt_s(a, b));
}

fn w64_max_s(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return select(a, b, w64_lt_s(a, b));
}

fn w64_abs_s(a: vec2<u32>) -> vec2<u32> {
    return select(a, w64_neg(a), w64_is_neg(a));
}

fn w64_from_i32(x: i32) -> vec2<u32> {
    return vec2<u32>(bitcast<u32>(x), select(0u, 0xffffffffu, x < 0i));
}

// Rounded to nearest, ties to even: the top 32 bits (from the highest set bit) with a sticky
// bit for the rest convert exactly as the whole value would, then scale by a power of two.
fn w64_to_f32_u(a: vec2<u32>) -> f32 {
    if (a.y == 0u) {
        return f32(a.x);
    }
    let lz = countLeadingZeros(a.y);
    let top = (a.y << lz) | ((a.x >> 1u) >> (31u - lz));
    let sticky = select(0u, 1u, (a.x << lz) != 0u);
    return ldexp(f32(top | sticky), i32(32u - lz));
}

fn w64_to_f32_s(a: vec2<u32>) -> f32 {
    if (w64_is_neg(a)) {
        return -w64_to_f32_u(w64_neg(a));
    }
    return w64_to_f32_u(a);
}

// Truncation toward zero; out-of-range values saturate and NaN gives 0, as WGSL's 32-bit
// conversions do.
fn w64_from_f32_u(x: f32) -> vec2<u32> {
    let t = trunc(x);
    if (!(t > 0.0)) {
        return vec2<u32>(0u, 0u);
    }
    if (t >= 18446744073709551616.0) {
        return vec2<u32>(0xffffffffu, 0xffffffffu);
    }
    let hi = floor(t * 0.00000000023283064365386962890625);
    let lo = t - hi * 4294967296.0;
    return vec2<u32>(u32(lo), u32(hi));
}

fn w64_from_f32_s(x: f32) -> vec2<u32> {
    let t = trunc(x);
    if (t >= 9223372036854775808.0) {
        return vec2<u32>(0xffffffffu, 0x7fffffffu);
    }
    if (t <= -9223372036854775808.0) {
        return vec2<u32>(0u, 0x80000000u);
    }
    if (t < 0.0) {
        return w64_neg(w64_from_f32_u(-t));
    }
    return w64_from_f32_u(t);
}
