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
    var tape6_: array<f32, 65>;
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
                if ((_e46 & 1i) == 0i) {
                    tape6_[(_e46 >> (u32(1i) & 31u))] = _e45;
                }
                let _e58 = (2i * _e40);
                let _e62 = (((-(_e45) * _e34) * _e34) / f32((_e58 * (_e58 + 1i))));
                term = _e62;
                let _e63 = sum;
                sum = (_e63 + _e62);
            }
            if _e44 {
                k = (_e40 + 1i);
            }
            let _e66 = iter1_;
            iter1_ = (_e66 + 1i);
        } else {
            break;
        }
    }
    let _e68 = iter1_;
    let _e69 = sum;
    retval = _e69;
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
    let _e89 = (f32() + dOut);
    adj29_ = _e89;
    adj29_ = f32();
    let _e91 = (f32() + _e89);
    d_sum = _e91;
    rev34_ = _e68;
    if ((_e68 & 1i) == 1i) {
        let _e94 = (_e68 - 1i);
        rev34_ = _e94;
        let _e95 = tape36_;
        if !(((_e94 == _e94) && _e95)) {
            d_sum = f32();
            let _e100 = (f32() + _e91);
            adj25_ = _e100;
            adj25_ = f32();
            let _e102 = (f32() + _e100);
            adj24_ = _e102;
            let _e103 = (f32() + _e100);
            adj23_ = _e103;
            adj24_ = f32();
            d_sum = (f32() + _e102);
            adj23_ = f32();
            let _e107 = (f32() + _e103);
            d_term = _e107;
            d_term = f32();
            let _e109 = (f32() + _e107);
            adj22_ = _e109;
            adj22_ = f32();
            let _e114 = (2i * (1i + (1i * _e94)));
            let _e117 = f32((_e114 * (_e114 + 1i)));
            let _e119 = (f32() + (_e109 / _e117));
            adj11_ = _e119;
            let _e126 = tape6_[(_e94 >> (u32(1i) & 31u))];
            let _e127 = -(_e126);
            let _e128 = (_e127 * _e34);
            adj21_ = (f32() + -((_e109 * ((_e128 * _e34) / (_e117 * _e117)))));
            adj21_ = f32();
            adj11_ = f32();
            let _e138 = (f32() + (_e119 * _e34));
            adj9_ = _e138;
            let _e140 = (f32() + (_e119 * _e128));
            adj10_ = _e140;
            adj10_ = f32();
            let _e142 = (f32() + _e140);
            d_P_x = _e142;
            adj9_ = f32();
            let _e145 = (f32() + (_e138 * _e34));
            adj7_ = _e145;
            let _e147 = (f32() + (_e138 * _e127));
            adj8_ = _e147;
            adj8_ = f32();
            d_P_x = (_e142 + _e147);
            adj7_ = f32();
            let _e152 = (f32() + -(_e145));
            adj6_ = _e152;
            adj6_ = f32();
            d_term = (f32() + _e152);
        }
    } else {
        if (_e68 != 0i) {
            let _e156 = (_e68 - 1i);
            rev34_ = _e156;
            let _e157 = tape36_;
            if !(((_e156 == _e156) && _e157)) {
                d_sum = f32();
                let _e162 = (f32() + _e91);
                adj25_ = _e162;
                adj25_ = f32();
                let _e164 = (f32() + _e162);
                adj24_ = _e164;
                let _e165 = (f32() + _e162);
                adj23_ = _e165;
                adj24_ = f32();
                d_sum = (f32() + _e164);
                adj23_ = f32();
                let _e169 = (f32() + _e165);
                d_term = _e169;
                d_term = f32();
                let _e171 = (f32() + _e169);
                adj22_ = _e171;
                adj22_ = f32();
                let _e176 = (2i * (1i + (1i * _e156)));
                let _e179 = f32((_e176 * (_e176 + 1i)));
                let _e181 = (f32() + (_e171 / _e179));
                adj11_ = _e181;
                let _e188 = tape6_[(_e156 >> (u32(1i) & 31u))];
                let _e195 = (2i * (1i + (1i * (_e156 - 1i))));
                let _e200 = -((((-(_e188) * _e34) * _e34) / f32((_e195 * (_e195 + 1i)))));
                let _e201 = (_e200 * _e34);
                adj21_ = (f32() + -((_e171 * ((_e201 * _e34) / (_e179 * _e179)))));
                adj21_ = f32();
                adj11_ = f32();
                let _e211 = (f32() + (_e181 * _e34));
                adj9_ = _e211;
                let _e213 = (f32() + (_e181 * _e201));
                adj10_ = _e213;
                adj10_ = f32();
                let _e215 = (f32() + _e213);
                d_P_x = _e215;
                adj9_ = f32();
                let _e218 = (f32() + (_e211 * _e34));
                adj7_ = _e218;
                let _e220 = (f32() + (_e211 * _e200));
                adj8_ = _e220;
                adj8_ = f32();
                d_P_x = (_e215 + _e220);
                adj7_ = f32();
                let _e225 = (f32() + -(_e218));
                adj6_ = _e225;
                adj6_ = f32();
                d_term = (f32() + _e225);
            }
            let _e228 = (_e156 - 1i);
            rev34_ = _e228;
            let _e229 = d_sum;
            d_sum = f32();
            let _e231 = adj25_;
            let _e232 = (_e231 + _e229);
            adj25_ = _e232;
            adj25_ = f32();
            let _e234 = adj24_;
            let _e235 = (_e234 + _e232);
            adj24_ = _e235;
            let _e236 = adj23_;
            let _e237 = (_e236 + _e232);
            adj23_ = _e237;
            adj24_ = f32();
            d_sum = (f32() + _e235);
            adj23_ = f32();
            let _e241 = d_term;
            let _e242 = (_e241 + _e237);
            d_term = _e242;
            d_term = f32();
            let _e244 = adj22_;
            let _e245 = (_e244 + _e242);
            adj22_ = _e245;
            adj22_ = f32();
            let _e250 = (2i * (1i + (1i * _e228)));
            let _e253 = f32((_e250 * (_e250 + 1i)));
            let _e255 = adj11_;
            let _e256 = (_e255 + (_e245 / _e253));
            adj11_ = _e256;
            let _e263 = tape6_[(_e228 >> (u32(1i) & 31u))];
            let _e264 = -(_e263);
            let _e265 = (_e264 * _e34);
            let _e271 = adj21_;
            adj21_ = (_e271 + -((_e245 * ((_e265 * _e34) / (_e253 * _e253)))));
            adj21_ = f32();
            adj11_ = f32();
            let _e276 = adj9_;
            let _e277 = (_e276 + (_e256 * _e34));
            adj9_ = _e277;
            let _e279 = adj10_;
            let _e280 = (_e279 + (_e256 * _e265));
            adj10_ = _e280;
            adj10_ = f32();
            let _e282 = d_P_x;
            let _e283 = (_e282 + _e280);
            d_P_x = _e283;
            adj9_ = f32();
            let _e286 = adj7_;
            let _e287 = (_e286 + (_e277 * _e34));
            adj7_ = _e287;
            let _e289 = adj8_;
            let _e290 = (_e289 + (_e277 * _e264));
            adj8_ = _e290;
            adj8_ = f32();
            d_P_x = (_e283 + _e290);
            adj7_ = f32();
            let _e295 = adj6_;
            let _e296 = (_e295 + -(_e287));
            adj6_ = _e296;
            adj6_ = f32();
            d_term = (f32() + _e296);
        }
    }
    loop {
        let _e299 = rev34_;
        if (_e299 > 0i) {
            let _e301 = (_e299 - 1i);
            rev34_ = _e301;
            let _e302 = d_sum;
            d_sum = f32();
            let _e304 = adj25_;
            let _e305 = (_e304 + _e302);
            adj25_ = _e305;
            adj25_ = f32();
            let _e307 = adj24_;
            let _e308 = (_e307 + _e305);
            adj24_ = _e308;
            let _e309 = adj23_;
            let _e310 = (_e309 + _e305);
            adj23_ = _e310;
            adj24_ = f32();
            let _e312 = (f32() + _e308);
            d_sum = _e312;
            adj23_ = f32();
            let _e314 = d_term;
            let _e315 = (_e314 + _e310);
            d_term = _e315;
            d_term = f32();
            let _e317 = adj22_;
            let _e318 = (_e317 + _e315);
            adj22_ = _e318;
            adj22_ = f32();
            let _e323 = (2i * (1i + (1i * _e301)));
            let _e326 = f32((_e323 * (_e323 + 1i)));
            let _e328 = adj11_;
            let _e329 = (_e328 + (_e318 / _e326));
            adj11_ = _e329;
            let _e336 = tape6_[(_e301 >> (u32(1i) & 31u))];
            let _e337 = (_e301 - 1i);
            let _e338 = -(_e336);
            let _e339 = (_e338 * _e34);
            let _e340 = (_e339 * _e34);
            let _e343 = (2i * (1i + (1i * _e337)));
            let _e346 = f32((_e343 * (_e343 + 1i)));
            let _e348 = -((_e340 / _e346));
            let _e349 = (_e348 * _e34);
            let _e355 = adj21_;
            adj21_ = (_e355 + -((_e318 * ((_e349 * _e34) / (_e326 * _e326)))));
            adj21_ = f32();
            adj11_ = f32();
            let _e360 = adj9_;
            let _e361 = (_e360 + (_e329 * _e34));
            adj9_ = _e361;
            let _e363 = adj10_;
            let _e364 = (_e363 + (_e329 * _e349));
            adj10_ = _e364;
            adj10_ = f32();
            let _e366 = d_P_x;
            let _e367 = (_e366 + _e364);
            d_P_x = _e367;
            adj9_ = f32();
            let _e370 = adj7_;
            let _e371 = (_e370 + (_e361 * _e34));
            adj7_ = _e371;
            let _e373 = adj8_;
            let _e374 = (_e373 + (_e361 * _e348));
            adj8_ = _e374;
            adj8_ = f32();
            let _e376 = (_e367 + _e374);
            d_P_x = _e376;
            adj7_ = f32();
            let _e379 = adj6_;
            let _e380 = (_e379 + -(_e371));
            adj6_ = _e380;
            adj6_ = f32();
            let _e382 = (f32() + _e380);
            d_term = _e382;
            rev34_ = _e337;
            d_sum = f32();
            let _e384 = (f32() + _e312);
            adj25_ = _e384;
            adj25_ = f32();
            let _e386 = (f32() + _e384);
            adj24_ = _e386;
            let _e387 = (f32() + _e384);
            adj23_ = _e387;
            adj24_ = f32();
            d_sum = (f32() + _e386);
            adj23_ = f32();
            let _e391 = (_e382 + _e387);
            d_term = _e391;
            d_term = f32();
            let _e393 = (f32() + _e391);
            adj22_ = _e393;
            adj22_ = f32();
            let _e396 = (f32() + (_e393 / _e346));
            adj11_ = _e396;
            adj21_ = (f32() + -((_e393 * (_e340 / (_e346 * _e346)))));
            adj21_ = f32();
            adj11_ = f32();
            let _e410 = (f32() + (_e396 * _e34));
            adj9_ = _e410;
            let _e412 = (f32() + (_e396 * _e339));
            adj10_ = _e412;
            adj10_ = f32();
            let _e414 = (_e376 + _e412);
            d_P_x = _e414;
            adj9_ = f32();
            let _e417 = (f32() + (_e410 * _e34));
            adj7_ = _e417;
            let _e419 = (f32() + (_e410 * _e338));
            adj8_ = _e419;
            adj8_ = f32();
            d_P_x = (_e414 + _e419);
            adj7_ = f32();
            let _e424 = (f32() + -(_e417));
            adj6_ = _e424;
            adj6_ = f32();
            d_term = (f32() + _e424);
        } else {
            break;
        }
    }
    let _e427 = d_sum;
    d_sum = f32();
    let _e429 = (f32() + _e427);
    adj1_ = _e429;
    adj1_ = f32();
    let _e431 = d_P_x;
    let _e432 = (_e431 + _e429);
    d_P_x = _e432;
    let _e433 = d_term;
    d_term = f32();
    let _e435 = (f32() + _e433);
    adj0_ = _e435;
    adj0_ = f32();
    let _e437 = (_e432 + _e435);
    d_P_x = _e437;
    (*x_1).d = _e437;
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
