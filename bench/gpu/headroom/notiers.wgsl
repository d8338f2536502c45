// headroom variant: dslang compile --tape-tiers none (one function, tape array<f32, 129>: the generated kernel before tiered tapes)
struct DiffPair_float {
    p: f32,
    d: f32,
}

@group(0) @binding(0) 
var<storage> xs: array<f32>;
@group(0) @binding(1) 
var<storage> params: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> result: array<f32>;

fn s_bwd_taylorSin(x_1: ptr<function, DiffPair_float>, terms_1: i32, dOut: f32) {
    var term: f32;
    var sum: f32;
    var k: i32;
    var P_x: f32;
    var P_terms: i32;
    var ret_flag: bool;
    var retval: f32;
    var brk1_: bool;
    var iter1_: i32;
    var d_retval: f32;
    var adj29_: f32;
    var d_sum: f32;
    var rev34_: i32;
    var adj25_: f32;
    var adj24_: f32;
    var adj23_: f32;
    var d_term: f32;
    var adj22_: f32;
    var adj11_: f32;
    var tape6_: array<f32, 129>;
    var adj21_: f32;
    var adj9_: f32;
    var adj10_: f32;
    var d_P_x: f32;
    var adj7_: f32;
    var adj8_: f32;
    var adj6_: f32;
    var tape36_: bool;
    var adj1_: f32;
    var adj0_: f32;

    let _e34 = (*x_1).p;
    P_x = _e34;
    P_terms = terms_1;
    ret_flag = false;
    term = _e34;
    sum = _e34;
    k = 1i;
    brk1_ = false;
    iter1_ = 0i;
    loop {
        let _e38 = brk1_;
        if !(_e38) {
            let _e40 = k;
            if (_e40 < terms_1) {
            } else {
                brk1_ = true;
            }
            let _e43 = brk1_;
            tape36_ = _e43;
            let _e44 = !(_e43);
            if _e44 {
                let _e45 = term;
                let _e46 = iter1_;
                tape6_[_e46] = _e45;
                let _e52 = (2i * _e40);
                let _e56 = (((-(_e45) * _e34) * _e34) / f32((_e52 * (_e52 + 1i))));
                term = _e56;
                let _e57 = sum;
                sum = (_e57 + _e56);
            }
            if _e44 {
                k = (_e40 + 1i);
            }
            let _e60 = iter1_;
            iter1_ = (_e60 + 1i);
        } else {
            break;
        }
    }
    let _e62 = iter1_;
    let _e63 = sum;
    retval = _e63;
    ret_flag = true;
    adj0_ = f32();
    adj1_ = f32();
    adj6_ = f32();
    adj7_ = f32();
    adj8_ = f32();
    adj9_ = f32();
    adj10_ = f32();
    adj11_ = f32();
    adj21_ = f32();
    adj22_ = f32();
    adj23_ = f32();
    adj24_ = f32();
    adj25_ = f32();
    adj29_ = f32();
    d_term = f32();
    d_sum = f32();
    d_P_x = f32();
    d_retval = dOut;
    d_retval = f32();
    let _e83 = (f32() + dOut);
    adj29_ = _e83;
    adj29_ = f32();
    d_sum = (f32() + _e83);
    rev34_ = _e62;
    loop {
        let _e86 = rev34_;
        if (_e86 > 0i) {
            let _e88 = (_e86 - 1i);
            rev34_ = _e88;
            let _e89 = tape36_;
            if !(((_e88 == (_e62 - 1i)) && _e89)) {
                let _e94 = d_sum;
                d_sum = f32();
                let _e96 = adj25_;
                let _e97 = (_e96 + _e94);
                adj25_ = _e97;
                adj25_ = f32();
                let _e99 = adj24_;
                let _e100 = (_e99 + _e97);
                adj24_ = _e100;
                let _e101 = adj23_;
                let _e102 = (_e101 + _e97);
                adj23_ = _e102;
                adj24_ = f32();
                d_sum = (f32() + _e100);
                adj23_ = f32();
                let _e106 = d_term;
                let _e107 = (_e106 + _e102);
                d_term = _e107;
                d_term = f32();
                let _e109 = adj22_;
                let _e110 = (_e109 + _e107);
                adj22_ = _e110;
                adj22_ = f32();
                let _e115 = (2i * (1i + (1i * _e88)));
                let _e118 = f32((_e115 * (_e115 + 1i)));
                let _e120 = adj11_;
                let _e121 = (_e120 + (_e110 / _e118));
                adj11_ = _e121;
                let _e123 = tape6_[_e88];
                let _e124 = -(_e123);
                let _e125 = (_e124 * _e34);
                let _e131 = adj21_;
                adj21_ = (_e131 + -((_e110 * ((_e125 * _e34) / (_e118 * _e118)))));
                adj21_ = f32();
                adj11_ = f32();
                let _e136 = adj9_;
                let _e137 = (_e136 + (_e121 * _e34));
                adj9_ = _e137;
                let _e139 = adj10_;
                let _e140 = (_e139 + (_e121 * _e125));
                adj10_ = _e140;
                adj10_ = f32();
                let _e142 = d_P_x;
                let _e143 = (_e142 + _e140);
                d_P_x = _e143;
                adj9_ = f32();
                let _e146 = adj7_;
                let _e147 = (_e146 + (_e137 * _e34));
                adj7_ = _e147;
                let _e149 = adj8_;
                let _e150 = (_e149 + (_e137 * _e124));
                adj8_ = _e150;
                adj8_ = f32();
                d_P_x = (_e143 + _e150);
                adj7_ = f32();
                let _e155 = adj6_;
                let _e156 = (_e155 + -(_e147));
                adj6_ = _e156;
                adj6_ = f32();
                d_term = (f32() + _e156);
            }
        } else {
            break;
        }
    }
    let _e159 = d_sum;
    d_sum = f32();
    let _e161 = (f32() + _e159);
    adj1_ = _e161;
    adj1_ = f32();
    let _e163 = d_P_x;
    let _e164 = (_e163 + _e161);
    d_P_x = _e164;
    let _e165 = d_term;
    d_term = f32();
    let _e167 = (f32() + _e165);
    adj0_ = _e167;
    adj0_ = f32();
    let _e169 = (_e164 + _e167);
    d_P_x = _e169;
    (*x_1).d = _e169;
    return;
}

@compute @workgroup_size(256, 1, 1) 
fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
    var i: u32;
    var terms: i32;
    var x: DiffPair_float;
    var x_arg: DiffPair_float;

    i = tid.x;
    let _e8 = params[0i];
    terms = _e8;
    let _e11 = xs[tid.x];
    x = DiffPair_float(_e11, f32());
    let _e16 = x;
    x_arg = _e16;
    s_bwd_taylorSin((&x_arg), _e8, 1f);
    let _e17 = x_arg;
    x = _e17;
    let _e19 = x.d;
    result[tid.x] = _e19;
}
