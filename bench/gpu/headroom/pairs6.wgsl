// headroom variant: pairs6 (the generated kernel of session 6, 7fcf08e: pairs with the last-run check in every run)
// headroom variant: dslang's WGSL of kernels/taylor_maxiters_bwd.slang as generated (default tape tiers 16,32,64; thinned tapes: `term` stored in even runs only, the backward loop runs in (odd, even) pairs and the odd run replays one step from the checkpoint; the dispatcher computes the term count from its parameters and calls the smallest copy that holds it)
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

fn s_bwd_taylorSin_full(x_1: ptr<function, DiffPair_float>, terms_1: i32, dOut: f32) {
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
    }
    loop {
        let _e155 = rev34_;
        if (_e155 > 0i) {
            let _e157 = (_e155 - 1i);
            rev34_ = _e157;
            let _e158 = tape36_;
            let _e159 = (_e68 - 1i);
            if !(((_e157 == _e159) && _e158)) {
                let _e163 = d_sum;
                d_sum = f32();
                let _e165 = adj25_;
                let _e166 = (_e165 + _e163);
                adj25_ = _e166;
                adj25_ = f32();
                let _e168 = adj24_;
                let _e169 = (_e168 + _e166);
                adj24_ = _e169;
                let _e170 = adj23_;
                let _e171 = (_e170 + _e166);
                adj23_ = _e171;
                adj24_ = f32();
                d_sum = (f32() + _e169);
                adj23_ = f32();
                let _e175 = d_term;
                let _e176 = (_e175 + _e171);
                d_term = _e176;
                d_term = f32();
                let _e178 = adj22_;
                let _e179 = (_e178 + _e176);
                adj22_ = _e179;
                adj22_ = f32();
                let _e184 = (2i * (1i + (1i * _e157)));
                let _e187 = f32((_e184 * (_e184 + 1i)));
                let _e189 = adj11_;
                let _e190 = (_e189 + (_e179 / _e187));
                adj11_ = _e190;
                let _e197 = tape6_[(_e157 >> (u32(1i) & 31u))];
                let _e204 = (2i * (1i + (1i * (_e157 - 1i))));
                let _e209 = -((((-(_e197) * _e34) * _e34) / f32((_e204 * (_e204 + 1i)))));
                let _e210 = (_e209 * _e34);
                let _e216 = adj21_;
                adj21_ = (_e216 + -((_e179 * ((_e210 * _e34) / (_e187 * _e187)))));
                adj21_ = f32();
                adj11_ = f32();
                let _e221 = adj9_;
                let _e222 = (_e221 + (_e190 * _e34));
                adj9_ = _e222;
                let _e224 = adj10_;
                let _e225 = (_e224 + (_e190 * _e210));
                adj10_ = _e225;
                adj10_ = f32();
                let _e227 = d_P_x;
                let _e228 = (_e227 + _e225);
                d_P_x = _e228;
                adj9_ = f32();
                let _e231 = adj7_;
                let _e232 = (_e231 + (_e222 * _e34));
                adj7_ = _e232;
                let _e234 = adj8_;
                let _e235 = (_e234 + (_e222 * _e209));
                adj8_ = _e235;
                adj8_ = f32();
                d_P_x = (_e228 + _e235);
                adj7_ = f32();
                let _e240 = adj6_;
                let _e241 = (_e240 + -(_e232));
                adj6_ = _e241;
                adj6_ = f32();
                d_term = (f32() + _e241);
            }
            let _e244 = (_e157 - 1i);
            rev34_ = _e244;
            if !(((_e244 == _e159) && _e158)) {
                let _e248 = d_sum;
                d_sum = f32();
                let _e250 = adj25_;
                let _e251 = (_e250 + _e248);
                adj25_ = _e251;
                adj25_ = f32();
                let _e253 = adj24_;
                let _e254 = (_e253 + _e251);
                adj24_ = _e254;
                let _e255 = adj23_;
                let _e256 = (_e255 + _e251);
                adj23_ = _e256;
                adj24_ = f32();
                d_sum = (f32() + _e254);
                adj23_ = f32();
                let _e260 = d_term;
                let _e261 = (_e260 + _e256);
                d_term = _e261;
                d_term = f32();
                let _e263 = adj22_;
                let _e264 = (_e263 + _e261);
                adj22_ = _e264;
                adj22_ = f32();
                let _e269 = (2i * (1i + (1i * _e244)));
                let _e272 = f32((_e269 * (_e269 + 1i)));
                let _e274 = adj11_;
                let _e275 = (_e274 + (_e264 / _e272));
                adj11_ = _e275;
                let _e282 = tape6_[(_e244 >> (u32(1i) & 31u))];
                let _e283 = -(_e282);
                let _e284 = (_e283 * _e34);
                let _e290 = adj21_;
                adj21_ = (_e290 + -((_e264 * ((_e284 * _e34) / (_e272 * _e272)))));
                adj21_ = f32();
                adj11_ = f32();
                let _e295 = adj9_;
                let _e296 = (_e295 + (_e275 * _e34));
                adj9_ = _e296;
                let _e298 = adj10_;
                let _e299 = (_e298 + (_e275 * _e284));
                adj10_ = _e299;
                adj10_ = f32();
                let _e301 = d_P_x;
                let _e302 = (_e301 + _e299);
                d_P_x = _e302;
                adj9_ = f32();
                let _e305 = adj7_;
                let _e306 = (_e305 + (_e296 * _e34));
                adj7_ = _e306;
                let _e308 = adj8_;
                let _e309 = (_e308 + (_e296 * _e283));
                adj8_ = _e309;
                adj8_ = f32();
                d_P_x = (_e302 + _e309);
                adj7_ = f32();
                let _e314 = adj6_;
                let _e315 = (_e314 + -(_e306));
                adj6_ = _e315;
                adj6_ = f32();
                d_term = (f32() + _e315);
            }
        } else {
            break;
        }
    }
    let _e318 = d_sum;
    d_sum = f32();
    let _e320 = (f32() + _e318);
    adj1_ = _e320;
    adj1_ = f32();
    let _e322 = d_P_x;
    let _e323 = (_e322 + _e320);
    d_P_x = _e323;
    let _e324 = d_term;
    d_term = f32();
    let _e326 = (f32() + _e324);
    adj0_ = _e326;
    adj0_ = f32();
    let _e328 = (_e323 + _e326);
    d_P_x = _e328;
    (*x_1).d = _e328;
    return;
}

fn s_bwd_taylorSin_tier64_(x_2: ptr<function, DiffPair_float>, terms_2: i32, dOut_1: f32) -> bool {
    var term_1: f32;
    var sum_1: f32;
    var k_1: i32;
    var P_x_1: f32;
    var P_terms_1: i32;
    var ret_flag_1: bool;
    var retval_1: f32;
    var brk1_1: bool;
    var iter1_1: i32;
    var d_retval_1: f32;
    var adj29_1: f32;
    var d_sum_1: f32;
    var rev34_1: i32;
    var adj25_1: f32;
    var adj24_1: f32;
    var adj23_1: f32;
    var d_term_1: f32;
    var adj22_1: f32;
    var adj11_1: f32;
    var tape6_1: array<f32, 33>;
    var adj21_1: f32;
    var adj9_1: f32;
    var adj10_1: f32;
    var d_P_x_1: f32;
    var adj7_1: f32;
    var adj8_1: f32;
    var adj6_1: f32;
    var tape36_1: bool;
    var adj1_1: f32;
    var adj0_1: f32;

    let _e34 = (*x_2).p;
    P_x_1 = _e34;
    P_terms_1 = terms_2;
    ret_flag_1 = false;
    term_1 = _e34;
    sum_1 = _e34;
    k_1 = 1i;
    brk1_1 = false;
    iter1_1 = 0i;
    if ((1i > 2147483583i) || ((1i + 64i) < terms_2)) {
        return false;
    }
    loop {
        let _e44 = brk1_1;
        if !(_e44) {
            let _e46 = k_1;
            if (_e46 < terms_2) {
            } else {
                brk1_1 = true;
            }
            let _e49 = brk1_1;
            tape36_1 = _e49;
            let _e50 = !(_e49);
            if _e50 {
                let _e51 = term_1;
                let _e52 = iter1_1;
                if ((_e52 & 1i) == 0i) {
                    tape6_1[(_e52 >> (u32(1i) & 31u))] = _e51;
                }
                let _e64 = (2i * _e46);
                let _e68 = (((-(_e51) * _e34) * _e34) / f32((_e64 * (_e64 + 1i))));
                term_1 = _e68;
                let _e69 = sum_1;
                sum_1 = (_e69 + _e68);
            }
            if _e50 {
                k_1 = (_e46 + 1i);
            }
            let _e72 = iter1_1;
            iter1_1 = (_e72 + 1i);
        } else {
            break;
        }
    }
    let _e74 = iter1_1;
    let _e75 = sum_1;
    retval_1 = _e75;
    ret_flag_1 = true;
    adj0_1 = f32();
    adj1_1 = f32();
    adj6_1 = f32();
    adj7_1 = f32();
    adj8_1 = f32();
    adj9_1 = f32();
    adj10_1 = f32();
    adj11_1 = f32();
    adj21_1 = f32();
    adj22_1 = f32();
    adj23_1 = f32();
    adj24_1 = f32();
    adj25_1 = f32();
    adj29_1 = f32();
    d_term_1 = f32();
    d_sum_1 = f32();
    d_P_x_1 = f32();
    d_retval_1 = dOut_1;
    d_retval_1 = f32();
    let _e95 = (f32() + dOut_1);
    adj29_1 = _e95;
    adj29_1 = f32();
    let _e97 = (f32() + _e95);
    d_sum_1 = _e97;
    rev34_1 = _e74;
    if ((_e74 & 1i) == 1i) {
        let _e100 = (_e74 - 1i);
        rev34_1 = _e100;
        let _e101 = tape36_1;
        if !(((_e100 == _e100) && _e101)) {
            d_sum_1 = f32();
            let _e106 = (f32() + _e97);
            adj25_1 = _e106;
            adj25_1 = f32();
            let _e108 = (f32() + _e106);
            adj24_1 = _e108;
            let _e109 = (f32() + _e106);
            adj23_1 = _e109;
            adj24_1 = f32();
            d_sum_1 = (f32() + _e108);
            adj23_1 = f32();
            let _e113 = (f32() + _e109);
            d_term_1 = _e113;
            d_term_1 = f32();
            let _e115 = (f32() + _e113);
            adj22_1 = _e115;
            adj22_1 = f32();
            let _e120 = (2i * (1i + (1i * _e100)));
            let _e123 = f32((_e120 * (_e120 + 1i)));
            let _e125 = (f32() + (_e115 / _e123));
            adj11_1 = _e125;
            let _e132 = tape6_1[(_e100 >> (u32(1i) & 31u))];
            let _e133 = -(_e132);
            let _e134 = (_e133 * _e34);
            adj21_1 = (f32() + -((_e115 * ((_e134 * _e34) / (_e123 * _e123)))));
            adj21_1 = f32();
            adj11_1 = f32();
            let _e144 = (f32() + (_e125 * _e34));
            adj9_1 = _e144;
            let _e146 = (f32() + (_e125 * _e134));
            adj10_1 = _e146;
            adj10_1 = f32();
            let _e148 = (f32() + _e146);
            d_P_x_1 = _e148;
            adj9_1 = f32();
            let _e151 = (f32() + (_e144 * _e34));
            adj7_1 = _e151;
            let _e153 = (f32() + (_e144 * _e133));
            adj8_1 = _e153;
            adj8_1 = f32();
            d_P_x_1 = (_e148 + _e153);
            adj7_1 = f32();
            let _e158 = (f32() + -(_e151));
            adj6_1 = _e158;
            adj6_1 = f32();
            d_term_1 = (f32() + _e158);
        }
    }
    loop {
        let _e161 = rev34_1;
        if (_e161 > 0i) {
            let _e163 = (_e161 - 1i);
            rev34_1 = _e163;
            let _e164 = tape36_1;
            let _e165 = (_e74 - 1i);
            if !(((_e163 == _e165) && _e164)) {
                let _e169 = d_sum_1;
                d_sum_1 = f32();
                let _e171 = adj25_1;
                let _e172 = (_e171 + _e169);
                adj25_1 = _e172;
                adj25_1 = f32();
                let _e174 = adj24_1;
                let _e175 = (_e174 + _e172);
                adj24_1 = _e175;
                let _e176 = adj23_1;
                let _e177 = (_e176 + _e172);
                adj23_1 = _e177;
                adj24_1 = f32();
                d_sum_1 = (f32() + _e175);
                adj23_1 = f32();
                let _e181 = d_term_1;
                let _e182 = (_e181 + _e177);
                d_term_1 = _e182;
                d_term_1 = f32();
                let _e184 = adj22_1;
                let _e185 = (_e184 + _e182);
                adj22_1 = _e185;
                adj22_1 = f32();
                let _e190 = (2i * (1i + (1i * _e163)));
                let _e193 = f32((_e190 * (_e190 + 1i)));
                let _e195 = adj11_1;
                let _e196 = (_e195 + (_e185 / _e193));
                adj11_1 = _e196;
                let _e203 = tape6_1[(_e163 >> (u32(1i) & 31u))];
                let _e210 = (2i * (1i + (1i * (_e163 - 1i))));
                let _e215 = -((((-(_e203) * _e34) * _e34) / f32((_e210 * (_e210 + 1i)))));
                let _e216 = (_e215 * _e34);
                let _e222 = adj21_1;
                adj21_1 = (_e222 + -((_e185 * ((_e216 * _e34) / (_e193 * _e193)))));
                adj21_1 = f32();
                adj11_1 = f32();
                let _e227 = adj9_1;
                let _e228 = (_e227 + (_e196 * _e34));
                adj9_1 = _e228;
                let _e230 = adj10_1;
                let _e231 = (_e230 + (_e196 * _e216));
                adj10_1 = _e231;
                adj10_1 = f32();
                let _e233 = d_P_x_1;
                let _e234 = (_e233 + _e231);
                d_P_x_1 = _e234;
                adj9_1 = f32();
                let _e237 = adj7_1;
                let _e238 = (_e237 + (_e228 * _e34));
                adj7_1 = _e238;
                let _e240 = adj8_1;
                let _e241 = (_e240 + (_e228 * _e215));
                adj8_1 = _e241;
                adj8_1 = f32();
                d_P_x_1 = (_e234 + _e241);
                adj7_1 = f32();
                let _e246 = adj6_1;
                let _e247 = (_e246 + -(_e238));
                adj6_1 = _e247;
                adj6_1 = f32();
                d_term_1 = (f32() + _e247);
            }
            let _e250 = (_e163 - 1i);
            rev34_1 = _e250;
            if !(((_e250 == _e165) && _e164)) {
                let _e254 = d_sum_1;
                d_sum_1 = f32();
                let _e256 = adj25_1;
                let _e257 = (_e256 + _e254);
                adj25_1 = _e257;
                adj25_1 = f32();
                let _e259 = adj24_1;
                let _e260 = (_e259 + _e257);
                adj24_1 = _e260;
                let _e261 = adj23_1;
                let _e262 = (_e261 + _e257);
                adj23_1 = _e262;
                adj24_1 = f32();
                d_sum_1 = (f32() + _e260);
                adj23_1 = f32();
                let _e266 = d_term_1;
                let _e267 = (_e266 + _e262);
                d_term_1 = _e267;
                d_term_1 = f32();
                let _e269 = adj22_1;
                let _e270 = (_e269 + _e267);
                adj22_1 = _e270;
                adj22_1 = f32();
                let _e275 = (2i * (1i + (1i * _e250)));
                let _e278 = f32((_e275 * (_e275 + 1i)));
                let _e280 = adj11_1;
                let _e281 = (_e280 + (_e270 / _e278));
                adj11_1 = _e281;
                let _e288 = tape6_1[(_e250 >> (u32(1i) & 31u))];
                let _e289 = -(_e288);
                let _e290 = (_e289 * _e34);
                let _e296 = adj21_1;
                adj21_1 = (_e296 + -((_e270 * ((_e290 * _e34) / (_e278 * _e278)))));
                adj21_1 = f32();
                adj11_1 = f32();
                let _e301 = adj9_1;
                let _e302 = (_e301 + (_e281 * _e34));
                adj9_1 = _e302;
                let _e304 = adj10_1;
                let _e305 = (_e304 + (_e281 * _e290));
                adj10_1 = _e305;
                adj10_1 = f32();
                let _e307 = d_P_x_1;
                let _e308 = (_e307 + _e305);
                d_P_x_1 = _e308;
                adj9_1 = f32();
                let _e311 = adj7_1;
                let _e312 = (_e311 + (_e302 * _e34));
                adj7_1 = _e312;
                let _e314 = adj8_1;
                let _e315 = (_e314 + (_e302 * _e289));
                adj8_1 = _e315;
                adj8_1 = f32();
                d_P_x_1 = (_e308 + _e315);
                adj7_1 = f32();
                let _e320 = adj6_1;
                let _e321 = (_e320 + -(_e312));
                adj6_1 = _e321;
                adj6_1 = f32();
                d_term_1 = (f32() + _e321);
            }
        } else {
            break;
        }
    }
    let _e324 = d_sum_1;
    d_sum_1 = f32();
    let _e326 = (f32() + _e324);
    adj1_1 = _e326;
    adj1_1 = f32();
    let _e328 = d_P_x_1;
    let _e329 = (_e328 + _e326);
    d_P_x_1 = _e329;
    let _e330 = d_term_1;
    d_term_1 = f32();
    let _e332 = (f32() + _e330);
    adj0_1 = _e332;
    adj0_1 = f32();
    let _e334 = (_e329 + _e332);
    d_P_x_1 = _e334;
    (*x_2).d = _e334;
    return true;
}

fn s_bwd_taylorSin_tier32_(x_3: ptr<function, DiffPair_float>, terms_3: i32, dOut_2: f32) -> bool {
    var term_2: f32;
    var sum_2: f32;
    var k_2: i32;
    var P_x_2: f32;
    var P_terms_2: i32;
    var ret_flag_2: bool;
    var retval_2: f32;
    var brk1_2: bool;
    var iter1_2: i32;
    var d_retval_2: f32;
    var adj29_2: f32;
    var d_sum_2: f32;
    var rev34_2: i32;
    var adj25_2: f32;
    var adj24_2: f32;
    var adj23_2: f32;
    var d_term_2: f32;
    var adj22_2: f32;
    var adj11_2: f32;
    var tape6_2: array<f32, 17>;
    var adj21_2: f32;
    var adj9_2: f32;
    var adj10_2: f32;
    var d_P_x_2: f32;
    var adj7_2: f32;
    var adj8_2: f32;
    var adj6_2: f32;
    var tape36_2: bool;
    var adj1_2: f32;
    var adj0_2: f32;

    let _e34 = (*x_3).p;
    P_x_2 = _e34;
    P_terms_2 = terms_3;
    ret_flag_2 = false;
    term_2 = _e34;
    sum_2 = _e34;
    k_2 = 1i;
    brk1_2 = false;
    iter1_2 = 0i;
    if ((1i > 2147483615i) || ((1i + 32i) < terms_3)) {
        return false;
    }
    loop {
        let _e44 = brk1_2;
        if !(_e44) {
            let _e46 = k_2;
            if (_e46 < terms_3) {
            } else {
                brk1_2 = true;
            }
            let _e49 = brk1_2;
            tape36_2 = _e49;
            let _e50 = !(_e49);
            if _e50 {
                let _e51 = term_2;
                let _e52 = iter1_2;
                if ((_e52 & 1i) == 0i) {
                    tape6_2[(_e52 >> (u32(1i) & 31u))] = _e51;
                }
                let _e64 = (2i * _e46);
                let _e68 = (((-(_e51) * _e34) * _e34) / f32((_e64 * (_e64 + 1i))));
                term_2 = _e68;
                let _e69 = sum_2;
                sum_2 = (_e69 + _e68);
            }
            if _e50 {
                k_2 = (_e46 + 1i);
            }
            let _e72 = iter1_2;
            iter1_2 = (_e72 + 1i);
        } else {
            break;
        }
    }
    let _e74 = iter1_2;
    let _e75 = sum_2;
    retval_2 = _e75;
    ret_flag_2 = true;
    adj0_2 = f32();
    adj1_2 = f32();
    adj6_2 = f32();
    adj7_2 = f32();
    adj8_2 = f32();
    adj9_2 = f32();
    adj10_2 = f32();
    adj11_2 = f32();
    adj21_2 = f32();
    adj22_2 = f32();
    adj23_2 = f32();
    adj24_2 = f32();
    adj25_2 = f32();
    adj29_2 = f32();
    d_term_2 = f32();
    d_sum_2 = f32();
    d_P_x_2 = f32();
    d_retval_2 = dOut_2;
    d_retval_2 = f32();
    let _e95 = (f32() + dOut_2);
    adj29_2 = _e95;
    adj29_2 = f32();
    let _e97 = (f32() + _e95);
    d_sum_2 = _e97;
    rev34_2 = _e74;
    if ((_e74 & 1i) == 1i) {
        let _e100 = (_e74 - 1i);
        rev34_2 = _e100;
        let _e101 = tape36_2;
        if !(((_e100 == _e100) && _e101)) {
            d_sum_2 = f32();
            let _e106 = (f32() + _e97);
            adj25_2 = _e106;
            adj25_2 = f32();
            let _e108 = (f32() + _e106);
            adj24_2 = _e108;
            let _e109 = (f32() + _e106);
            adj23_2 = _e109;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e108);
            adj23_2 = f32();
            let _e113 = (f32() + _e109);
            d_term_2 = _e113;
            d_term_2 = f32();
            let _e115 = (f32() + _e113);
            adj22_2 = _e115;
            adj22_2 = f32();
            let _e120 = (2i * (1i + (1i * _e100)));
            let _e123 = f32((_e120 * (_e120 + 1i)));
            let _e125 = (f32() + (_e115 / _e123));
            adj11_2 = _e125;
            let _e132 = tape6_2[(_e100 >> (u32(1i) & 31u))];
            let _e133 = -(_e132);
            let _e134 = (_e133 * _e34);
            adj21_2 = (f32() + -((_e115 * ((_e134 * _e34) / (_e123 * _e123)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e144 = (f32() + (_e125 * _e34));
            adj9_2 = _e144;
            let _e146 = (f32() + (_e125 * _e134));
            adj10_2 = _e146;
            adj10_2 = f32();
            let _e148 = (f32() + _e146);
            d_P_x_2 = _e148;
            adj9_2 = f32();
            let _e151 = (f32() + (_e144 * _e34));
            adj7_2 = _e151;
            let _e153 = (f32() + (_e144 * _e133));
            adj8_2 = _e153;
            adj8_2 = f32();
            d_P_x_2 = (_e148 + _e153);
            adj7_2 = f32();
            let _e158 = (f32() + -(_e151));
            adj6_2 = _e158;
            adj6_2 = f32();
            d_term_2 = (f32() + _e158);
        }
    }
    loop {
        let _e161 = rev34_2;
        if (_e161 > 0i) {
            let _e163 = (_e161 - 1i);
            rev34_2 = _e163;
            let _e164 = tape36_2;
            let _e165 = (_e74 - 1i);
            if !(((_e163 == _e165) && _e164)) {
                let _e169 = d_sum_2;
                d_sum_2 = f32();
                let _e171 = adj25_2;
                let _e172 = (_e171 + _e169);
                adj25_2 = _e172;
                adj25_2 = f32();
                let _e174 = adj24_2;
                let _e175 = (_e174 + _e172);
                adj24_2 = _e175;
                let _e176 = adj23_2;
                let _e177 = (_e176 + _e172);
                adj23_2 = _e177;
                adj24_2 = f32();
                d_sum_2 = (f32() + _e175);
                adj23_2 = f32();
                let _e181 = d_term_2;
                let _e182 = (_e181 + _e177);
                d_term_2 = _e182;
                d_term_2 = f32();
                let _e184 = adj22_2;
                let _e185 = (_e184 + _e182);
                adj22_2 = _e185;
                adj22_2 = f32();
                let _e190 = (2i * (1i + (1i * _e163)));
                let _e193 = f32((_e190 * (_e190 + 1i)));
                let _e195 = adj11_2;
                let _e196 = (_e195 + (_e185 / _e193));
                adj11_2 = _e196;
                let _e203 = tape6_2[(_e163 >> (u32(1i) & 31u))];
                let _e210 = (2i * (1i + (1i * (_e163 - 1i))));
                let _e215 = -((((-(_e203) * _e34) * _e34) / f32((_e210 * (_e210 + 1i)))));
                let _e216 = (_e215 * _e34);
                let _e222 = adj21_2;
                adj21_2 = (_e222 + -((_e185 * ((_e216 * _e34) / (_e193 * _e193)))));
                adj21_2 = f32();
                adj11_2 = f32();
                let _e227 = adj9_2;
                let _e228 = (_e227 + (_e196 * _e34));
                adj9_2 = _e228;
                let _e230 = adj10_2;
                let _e231 = (_e230 + (_e196 * _e216));
                adj10_2 = _e231;
                adj10_2 = f32();
                let _e233 = d_P_x_2;
                let _e234 = (_e233 + _e231);
                d_P_x_2 = _e234;
                adj9_2 = f32();
                let _e237 = adj7_2;
                let _e238 = (_e237 + (_e228 * _e34));
                adj7_2 = _e238;
                let _e240 = adj8_2;
                let _e241 = (_e240 + (_e228 * _e215));
                adj8_2 = _e241;
                adj8_2 = f32();
                d_P_x_2 = (_e234 + _e241);
                adj7_2 = f32();
                let _e246 = adj6_2;
                let _e247 = (_e246 + -(_e238));
                adj6_2 = _e247;
                adj6_2 = f32();
                d_term_2 = (f32() + _e247);
            }
            let _e250 = (_e163 - 1i);
            rev34_2 = _e250;
            if !(((_e250 == _e165) && _e164)) {
                let _e254 = d_sum_2;
                d_sum_2 = f32();
                let _e256 = adj25_2;
                let _e257 = (_e256 + _e254);
                adj25_2 = _e257;
                adj25_2 = f32();
                let _e259 = adj24_2;
                let _e260 = (_e259 + _e257);
                adj24_2 = _e260;
                let _e261 = adj23_2;
                let _e262 = (_e261 + _e257);
                adj23_2 = _e262;
                adj24_2 = f32();
                d_sum_2 = (f32() + _e260);
                adj23_2 = f32();
                let _e266 = d_term_2;
                let _e267 = (_e266 + _e262);
                d_term_2 = _e267;
                d_term_2 = f32();
                let _e269 = adj22_2;
                let _e270 = (_e269 + _e267);
                adj22_2 = _e270;
                adj22_2 = f32();
                let _e275 = (2i * (1i + (1i * _e250)));
                let _e278 = f32((_e275 * (_e275 + 1i)));
                let _e280 = adj11_2;
                let _e281 = (_e280 + (_e270 / _e278));
                adj11_2 = _e281;
                let _e288 = tape6_2[(_e250 >> (u32(1i) & 31u))];
                let _e289 = -(_e288);
                let _e290 = (_e289 * _e34);
                let _e296 = adj21_2;
                adj21_2 = (_e296 + -((_e270 * ((_e290 * _e34) / (_e278 * _e278)))));
                adj21_2 = f32();
                adj11_2 = f32();
                let _e301 = adj9_2;
                let _e302 = (_e301 + (_e281 * _e34));
                adj9_2 = _e302;
                let _e304 = adj10_2;
                let _e305 = (_e304 + (_e281 * _e290));
                adj10_2 = _e305;
                adj10_2 = f32();
                let _e307 = d_P_x_2;
                let _e308 = (_e307 + _e305);
                d_P_x_2 = _e308;
                adj9_2 = f32();
                let _e311 = adj7_2;
                let _e312 = (_e311 + (_e302 * _e34));
                adj7_2 = _e312;
                let _e314 = adj8_2;
                let _e315 = (_e314 + (_e302 * _e289));
                adj8_2 = _e315;
                adj8_2 = f32();
                d_P_x_2 = (_e308 + _e315);
                adj7_2 = f32();
                let _e320 = adj6_2;
                let _e321 = (_e320 + -(_e312));
                adj6_2 = _e321;
                adj6_2 = f32();
                d_term_2 = (f32() + _e321);
            }
        } else {
            break;
        }
    }
    let _e324 = d_sum_2;
    d_sum_2 = f32();
    let _e326 = (f32() + _e324);
    adj1_2 = _e326;
    adj1_2 = f32();
    let _e328 = d_P_x_2;
    let _e329 = (_e328 + _e326);
    d_P_x_2 = _e329;
    let _e330 = d_term_2;
    d_term_2 = f32();
    let _e332 = (f32() + _e330);
    adj0_2 = _e332;
    adj0_2 = f32();
    let _e334 = (_e329 + _e332);
    d_P_x_2 = _e334;
    (*x_3).d = _e334;
    return true;
}

fn s_bwd_taylorSin_tier16_(x_4: ptr<function, DiffPair_float>, terms_4: i32, dOut_3: f32) -> bool {
    var term_3: f32;
    var sum_3: f32;
    var k_3: i32;
    var P_x_3: f32;
    var P_terms_3: i32;
    var ret_flag_3: bool;
    var retval_3: f32;
    var brk1_3: bool;
    var iter1_3: i32;
    var d_retval_3: f32;
    var adj29_3: f32;
    var d_sum_3: f32;
    var rev34_3: i32;
    var adj25_3: f32;
    var adj24_3: f32;
    var adj23_3: f32;
    var d_term_3: f32;
    var adj22_3: f32;
    var adj11_3: f32;
    var tape6_3: array<f32, 9>;
    var adj21_3: f32;
    var adj9_3: f32;
    var adj10_3: f32;
    var d_P_x_3: f32;
    var adj7_3: f32;
    var adj8_3: f32;
    var adj6_3: f32;
    var tape36_3: bool;
    var adj1_3: f32;
    var adj0_3: f32;

    let _e34 = (*x_4).p;
    P_x_3 = _e34;
    P_terms_3 = terms_4;
    ret_flag_3 = false;
    term_3 = _e34;
    sum_3 = _e34;
    k_3 = 1i;
    brk1_3 = false;
    iter1_3 = 0i;
    if ((1i > 2147483631i) || ((1i + 16i) < terms_4)) {
        return false;
    }
    loop {
        let _e44 = brk1_3;
        if !(_e44) {
            let _e46 = k_3;
            if (_e46 < terms_4) {
            } else {
                brk1_3 = true;
            }
            let _e49 = brk1_3;
            tape36_3 = _e49;
            let _e50 = !(_e49);
            if _e50 {
                let _e51 = term_3;
                let _e52 = iter1_3;
                if ((_e52 & 1i) == 0i) {
                    tape6_3[(_e52 >> (u32(1i) & 31u))] = _e51;
                }
                let _e64 = (2i * _e46);
                let _e68 = (((-(_e51) * _e34) * _e34) / f32((_e64 * (_e64 + 1i))));
                term_3 = _e68;
                let _e69 = sum_3;
                sum_3 = (_e69 + _e68);
            }
            if _e50 {
                k_3 = (_e46 + 1i);
            }
            let _e72 = iter1_3;
            iter1_3 = (_e72 + 1i);
        } else {
            break;
        }
    }
    let _e74 = iter1_3;
    let _e75 = sum_3;
    retval_3 = _e75;
    ret_flag_3 = true;
    adj0_3 = f32();
    adj1_3 = f32();
    adj6_3 = f32();
    adj7_3 = f32();
    adj8_3 = f32();
    adj9_3 = f32();
    adj10_3 = f32();
    adj11_3 = f32();
    adj21_3 = f32();
    adj22_3 = f32();
    adj23_3 = f32();
    adj24_3 = f32();
    adj25_3 = f32();
    adj29_3 = f32();
    d_term_3 = f32();
    d_sum_3 = f32();
    d_P_x_3 = f32();
    d_retval_3 = dOut_3;
    d_retval_3 = f32();
    let _e95 = (f32() + dOut_3);
    adj29_3 = _e95;
    adj29_3 = f32();
    let _e97 = (f32() + _e95);
    d_sum_3 = _e97;
    rev34_3 = _e74;
    if ((_e74 & 1i) == 1i) {
        let _e100 = (_e74 - 1i);
        rev34_3 = _e100;
        let _e101 = tape36_3;
        if !(((_e100 == _e100) && _e101)) {
            d_sum_3 = f32();
            let _e106 = (f32() + _e97);
            adj25_3 = _e106;
            adj25_3 = f32();
            let _e108 = (f32() + _e106);
            adj24_3 = _e108;
            let _e109 = (f32() + _e106);
            adj23_3 = _e109;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e108);
            adj23_3 = f32();
            let _e113 = (f32() + _e109);
            d_term_3 = _e113;
            d_term_3 = f32();
            let _e115 = (f32() + _e113);
            adj22_3 = _e115;
            adj22_3 = f32();
            let _e120 = (2i * (1i + (1i * _e100)));
            let _e123 = f32((_e120 * (_e120 + 1i)));
            let _e125 = (f32() + (_e115 / _e123));
            adj11_3 = _e125;
            let _e132 = tape6_3[(_e100 >> (u32(1i) & 31u))];
            let _e133 = -(_e132);
            let _e134 = (_e133 * _e34);
            adj21_3 = (f32() + -((_e115 * ((_e134 * _e34) / (_e123 * _e123)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e144 = (f32() + (_e125 * _e34));
            adj9_3 = _e144;
            let _e146 = (f32() + (_e125 * _e134));
            adj10_3 = _e146;
            adj10_3 = f32();
            let _e148 = (f32() + _e146);
            d_P_x_3 = _e148;
            adj9_3 = f32();
            let _e151 = (f32() + (_e144 * _e34));
            adj7_3 = _e151;
            let _e153 = (f32() + (_e144 * _e133));
            adj8_3 = _e153;
            adj8_3 = f32();
            d_P_x_3 = (_e148 + _e153);
            adj7_3 = f32();
            let _e158 = (f32() + -(_e151));
            adj6_3 = _e158;
            adj6_3 = f32();
            d_term_3 = (f32() + _e158);
        }
    }
    loop {
        let _e161 = rev34_3;
        if (_e161 > 0i) {
            let _e163 = (_e161 - 1i);
            rev34_3 = _e163;
            let _e164 = tape36_3;
            let _e165 = (_e74 - 1i);
            if !(((_e163 == _e165) && _e164)) {
                let _e169 = d_sum_3;
                d_sum_3 = f32();
                let _e171 = adj25_3;
                let _e172 = (_e171 + _e169);
                adj25_3 = _e172;
                adj25_3 = f32();
                let _e174 = adj24_3;
                let _e175 = (_e174 + _e172);
                adj24_3 = _e175;
                let _e176 = adj23_3;
                let _e177 = (_e176 + _e172);
                adj23_3 = _e177;
                adj24_3 = f32();
                d_sum_3 = (f32() + _e175);
                adj23_3 = f32();
                let _e181 = d_term_3;
                let _e182 = (_e181 + _e177);
                d_term_3 = _e182;
                d_term_3 = f32();
                let _e184 = adj22_3;
                let _e185 = (_e184 + _e182);
                adj22_3 = _e185;
                adj22_3 = f32();
                let _e190 = (2i * (1i + (1i * _e163)));
                let _e193 = f32((_e190 * (_e190 + 1i)));
                let _e195 = adj11_3;
                let _e196 = (_e195 + (_e185 / _e193));
                adj11_3 = _e196;
                let _e203 = tape6_3[(_e163 >> (u32(1i) & 31u))];
                let _e210 = (2i * (1i + (1i * (_e163 - 1i))));
                let _e215 = -((((-(_e203) * _e34) * _e34) / f32((_e210 * (_e210 + 1i)))));
                let _e216 = (_e215 * _e34);
                let _e222 = adj21_3;
                adj21_3 = (_e222 + -((_e185 * ((_e216 * _e34) / (_e193 * _e193)))));
                adj21_3 = f32();
                adj11_3 = f32();
                let _e227 = adj9_3;
                let _e228 = (_e227 + (_e196 * _e34));
                adj9_3 = _e228;
                let _e230 = adj10_3;
                let _e231 = (_e230 + (_e196 * _e216));
                adj10_3 = _e231;
                adj10_3 = f32();
                let _e233 = d_P_x_3;
                let _e234 = (_e233 + _e231);
                d_P_x_3 = _e234;
                adj9_3 = f32();
                let _e237 = adj7_3;
                let _e238 = (_e237 + (_e228 * _e34));
                adj7_3 = _e238;
                let _e240 = adj8_3;
                let _e241 = (_e240 + (_e228 * _e215));
                adj8_3 = _e241;
                adj8_3 = f32();
                d_P_x_3 = (_e234 + _e241);
                adj7_3 = f32();
                let _e246 = adj6_3;
                let _e247 = (_e246 + -(_e238));
                adj6_3 = _e247;
                adj6_3 = f32();
                d_term_3 = (f32() + _e247);
            }
            let _e250 = (_e163 - 1i);
            rev34_3 = _e250;
            if !(((_e250 == _e165) && _e164)) {
                let _e254 = d_sum_3;
                d_sum_3 = f32();
                let _e256 = adj25_3;
                let _e257 = (_e256 + _e254);
                adj25_3 = _e257;
                adj25_3 = f32();
                let _e259 = adj24_3;
                let _e260 = (_e259 + _e257);
                adj24_3 = _e260;
                let _e261 = adj23_3;
                let _e262 = (_e261 + _e257);
                adj23_3 = _e262;
                adj24_3 = f32();
                d_sum_3 = (f32() + _e260);
                adj23_3 = f32();
                let _e266 = d_term_3;
                let _e267 = (_e266 + _e262);
                d_term_3 = _e267;
                d_term_3 = f32();
                let _e269 = adj22_3;
                let _e270 = (_e269 + _e267);
                adj22_3 = _e270;
                adj22_3 = f32();
                let _e275 = (2i * (1i + (1i * _e250)));
                let _e278 = f32((_e275 * (_e275 + 1i)));
                let _e280 = adj11_3;
                let _e281 = (_e280 + (_e270 / _e278));
                adj11_3 = _e281;
                let _e288 = tape6_3[(_e250 >> (u32(1i) & 31u))];
                let _e289 = -(_e288);
                let _e290 = (_e289 * _e34);
                let _e296 = adj21_3;
                adj21_3 = (_e296 + -((_e270 * ((_e290 * _e34) / (_e278 * _e278)))));
                adj21_3 = f32();
                adj11_3 = f32();
                let _e301 = adj9_3;
                let _e302 = (_e301 + (_e281 * _e34));
                adj9_3 = _e302;
                let _e304 = adj10_3;
                let _e305 = (_e304 + (_e281 * _e290));
                adj10_3 = _e305;
                adj10_3 = f32();
                let _e307 = d_P_x_3;
                let _e308 = (_e307 + _e305);
                d_P_x_3 = _e308;
                adj9_3 = f32();
                let _e311 = adj7_3;
                let _e312 = (_e311 + (_e302 * _e34));
                adj7_3 = _e312;
                let _e314 = adj8_3;
                let _e315 = (_e314 + (_e302 * _e289));
                adj8_3 = _e315;
                adj8_3 = f32();
                d_P_x_3 = (_e308 + _e315);
                adj7_3 = f32();
                let _e320 = adj6_3;
                let _e321 = (_e320 + -(_e312));
                adj6_3 = _e321;
                adj6_3 = f32();
                d_term_3 = (f32() + _e321);
            }
        } else {
            break;
        }
    }
    let _e324 = d_sum_3;
    d_sum_3 = f32();
    let _e326 = (f32() + _e324);
    adj1_3 = _e326;
    adj1_3 = f32();
    let _e328 = d_P_x_3;
    let _e329 = (_e328 + _e326);
    d_P_x_3 = _e329;
    let _e330 = d_term_3;
    d_term_3 = f32();
    let _e332 = (f32() + _e330);
    adj0_3 = _e332;
    adj0_3 = f32();
    let _e334 = (_e329 + _e332);
    d_P_x_3 = _e334;
    (*x_4).d = _e334;
    return true;
}

fn s_bwd_taylorSin(x_5: ptr<function, DiffPair_float>, terms_5: i32, dOut_4: f32) {
    var x_arg_1: DiffPair_float;
    var x_arg_2: DiffPair_float;
    var x_arg_3: DiffPair_float;
    var x_arg_4: DiffPair_float;
    var x_arg_5: DiffPair_float;
    var x_arg_6: DiffPair_float;
    var x_arg_7: DiffPair_float;

    if ((1i > 2147483631i) || ((1i + 16i) < terms_5)) {
        if ((1i > 2147483615i) || ((1i + 32i) < terms_5)) {
            if ((1i > 2147483583i) || ((1i + 64i) < terms_5)) {
                let _e23 = (*x_5);
                x_arg_1 = _e23;
                s_bwd_taylorSin_full((&x_arg_1), terms_5, dOut_4);
                let _e24 = x_arg_1;
                (*x_5) = _e24;
            } else {
                let _e26 = (*x_5);
                x_arg_2 = _e26;
                let _e27 = s_bwd_taylorSin_tier64_((&x_arg_2), terms_5, dOut_4);
                let _e28 = x_arg_2;
                (*x_5) = _e28;
                if !(_e27) {
                    let _e31 = (*x_5);
                    x_arg_3 = _e31;
                    s_bwd_taylorSin_full((&x_arg_3), terms_5, dOut_4);
                    let _e32 = x_arg_3;
                    (*x_5) = _e32;
                }
            }
        } else {
            let _e34 = (*x_5);
            x_arg_4 = _e34;
            let _e35 = s_bwd_taylorSin_tier32_((&x_arg_4), terms_5, dOut_4);
            let _e36 = x_arg_4;
            (*x_5) = _e36;
            if !(_e35) {
                let _e39 = (*x_5);
                x_arg_5 = _e39;
                s_bwd_taylorSin_full((&x_arg_5), terms_5, dOut_4);
                let _e40 = x_arg_5;
                (*x_5) = _e40;
            }
        }
    } else {
        let _e42 = (*x_5);
        x_arg_6 = _e42;
        let _e43 = s_bwd_taylorSin_tier16_((&x_arg_6), terms_5, dOut_4);
        let _e44 = x_arg_6;
        (*x_5) = _e44;
        if !(_e43) {
            let _e47 = (*x_5);
            x_arg_7 = _e47;
            s_bwd_taylorSin_full((&x_arg_7), terms_5, dOut_4);
            let _e48 = x_arg_7;
            (*x_5) = _e48;
        }
    }
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
