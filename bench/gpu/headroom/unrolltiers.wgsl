// headroom variant: experiment (not the default): the 16- and 32-run tiers unrolled so that their tapes have constant indices (fast at 16/32 terms, but the unrolled copies raise the kernel's register use and slow the looped copies at 64/128)
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
    var replay6_: f32;
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

    let _e35 = (*x_1).p;
    P_x = _e35;
    P_terms = terms_1;
    ret_flag = false;
    term = _e35;
    sum = _e35;
    k = 1i;
    brk1_ = false;
    iter1_ = 0i;
    loop {
        let _e39 = brk1_;
        if !(_e39) {
            let _e41 = k;
            if (_e41 < terms_1) {
            } else {
                brk1_ = true;
            }
            let _e44 = brk1_;
            tape36_ = _e44;
            let _e45 = !(_e44);
            if _e45 {
                let _e46 = term;
                let _e47 = iter1_;
                if ((_e47 & 1i) == 0i) {
                    tape6_[(_e47 >> (u32(1i) & 31u))] = _e46;
                }
                let _e59 = (2i * _e41);
                let _e63 = (((-(_e46) * _e35) * _e35) / f32((_e59 * (_e59 + 1i))));
                term = _e63;
                let _e64 = sum;
                sum = (_e64 + _e63);
            }
            if _e45 {
                k = (_e41 + 1i);
            }
            let _e67 = iter1_;
            iter1_ = (_e67 + 1i);
        } else {
            break;
        }
    }
    let _e69 = iter1_;
    let _e70 = sum;
    retval = _e70;
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
    let _e90 = (f32() + dOut);
    adj29_ = _e90;
    adj29_ = f32();
    d_sum = (f32() + _e90);
    rev34_ = _e69;
    loop {
        let _e93 = rev34_;
        if (_e93 > 0i) {
            let _e95 = (_e93 - 1i);
            rev34_ = _e95;
            let _e96 = tape36_;
            if !(((_e95 == (_e69 - 1i)) && _e96)) {
                let _e101 = d_sum;
                d_sum = f32();
                let _e103 = adj25_;
                let _e104 = (_e103 + _e101);
                adj25_ = _e104;
                adj25_ = f32();
                let _e106 = adj24_;
                let _e107 = (_e106 + _e104);
                adj24_ = _e107;
                let _e108 = adj23_;
                let _e109 = (_e108 + _e104);
                adj23_ = _e109;
                adj24_ = f32();
                d_sum = (f32() + _e107);
                adj23_ = f32();
                let _e113 = d_term;
                let _e114 = (_e113 + _e109);
                d_term = _e114;
                d_term = f32();
                let _e116 = adj22_;
                let _e117 = (_e116 + _e114);
                adj22_ = _e117;
                adj22_ = f32();
                let _e122 = (2i * (1i + (1i * _e95)));
                let _e125 = f32((_e122 * (_e122 + 1i)));
                let _e127 = adj11_;
                let _e128 = (_e127 + (_e117 / _e125));
                adj11_ = _e128;
                let _e135 = tape6_[(_e95 >> (u32(1i) & 31u))];
                replay6_ = _e135;
                if ((_e95 & 1i) != 0i) {
                    let _e143 = (2i * (1i + (1i * (_e95 - 1i))));
                    replay6_ = (((-(_e135) * _e35) * _e35) / f32((_e143 * (_e143 + 1i))));
                }
                let _e148 = replay6_;
                let _e149 = -(_e148);
                let _e150 = (_e149 * _e35);
                let _e156 = adj21_;
                adj21_ = (_e156 + -((_e117 * ((_e150 * _e35) / (_e125 * _e125)))));
                adj21_ = f32();
                adj11_ = f32();
                let _e161 = adj9_;
                let _e162 = (_e161 + (_e128 * _e35));
                adj9_ = _e162;
                let _e164 = adj10_;
                let _e165 = (_e164 + (_e128 * _e150));
                adj10_ = _e165;
                adj10_ = f32();
                let _e167 = d_P_x;
                let _e168 = (_e167 + _e165);
                d_P_x = _e168;
                adj9_ = f32();
                let _e171 = adj7_;
                let _e172 = (_e171 + (_e162 * _e35));
                adj7_ = _e172;
                let _e174 = adj8_;
                let _e175 = (_e174 + (_e162 * _e149));
                adj8_ = _e175;
                adj8_ = f32();
                d_P_x = (_e168 + _e175);
                adj7_ = f32();
                let _e180 = adj6_;
                let _e181 = (_e180 + -(_e172));
                adj6_ = _e181;
                adj6_ = f32();
                d_term = (f32() + _e181);
            }
        } else {
            break;
        }
    }
    let _e184 = d_sum;
    d_sum = f32();
    let _e186 = (f32() + _e184);
    adj1_ = _e186;
    adj1_ = f32();
    let _e188 = d_P_x;
    let _e189 = (_e188 + _e186);
    d_P_x = _e189;
    let _e190 = d_term;
    d_term = f32();
    let _e192 = (f32() + _e190);
    adj0_ = _e192;
    adj0_ = f32();
    let _e194 = (_e189 + _e192);
    d_P_x = _e194;
    (*x_1).d = _e194;
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
    var replay6_1: f32;
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

    let _e35 = (*x_2).p;
    P_x_1 = _e35;
    P_terms_1 = terms_2;
    ret_flag_1 = false;
    term_1 = _e35;
    sum_1 = _e35;
    k_1 = 1i;
    brk1_1 = false;
    iter1_1 = 0i;
    if ((1i > 2147483583i) || ((1i + 64i) < terms_2)) {
        return false;
    }
    loop {
        let _e45 = brk1_1;
        if !(_e45) {
            let _e47 = k_1;
            if (_e47 < terms_2) {
            } else {
                brk1_1 = true;
            }
            let _e50 = brk1_1;
            tape36_1 = _e50;
            let _e51 = !(_e50);
            if _e51 {
                let _e52 = term_1;
                let _e53 = iter1_1;
                if ((_e53 & 1i) == 0i) {
                    tape6_1[(_e53 >> (u32(1i) & 31u))] = _e52;
                }
                let _e65 = (2i * _e47);
                let _e69 = (((-(_e52) * _e35) * _e35) / f32((_e65 * (_e65 + 1i))));
                term_1 = _e69;
                let _e70 = sum_1;
                sum_1 = (_e70 + _e69);
            }
            if _e51 {
                k_1 = (_e47 + 1i);
            }
            let _e73 = iter1_1;
            iter1_1 = (_e73 + 1i);
        } else {
            break;
        }
    }
    let _e75 = iter1_1;
    let _e76 = sum_1;
    retval_1 = _e76;
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
    let _e96 = (f32() + dOut_1);
    adj29_1 = _e96;
    adj29_1 = f32();
    d_sum_1 = (f32() + _e96);
    rev34_1 = _e75;
    loop {
        let _e99 = rev34_1;
        if (_e99 > 0i) {
            let _e101 = (_e99 - 1i);
            rev34_1 = _e101;
            let _e102 = tape36_1;
            if !(((_e101 == (_e75 - 1i)) && _e102)) {
                let _e107 = d_sum_1;
                d_sum_1 = f32();
                let _e109 = adj25_1;
                let _e110 = (_e109 + _e107);
                adj25_1 = _e110;
                adj25_1 = f32();
                let _e112 = adj24_1;
                let _e113 = (_e112 + _e110);
                adj24_1 = _e113;
                let _e114 = adj23_1;
                let _e115 = (_e114 + _e110);
                adj23_1 = _e115;
                adj24_1 = f32();
                d_sum_1 = (f32() + _e113);
                adj23_1 = f32();
                let _e119 = d_term_1;
                let _e120 = (_e119 + _e115);
                d_term_1 = _e120;
                d_term_1 = f32();
                let _e122 = adj22_1;
                let _e123 = (_e122 + _e120);
                adj22_1 = _e123;
                adj22_1 = f32();
                let _e128 = (2i * (1i + (1i * _e101)));
                let _e131 = f32((_e128 * (_e128 + 1i)));
                let _e133 = adj11_1;
                let _e134 = (_e133 + (_e123 / _e131));
                adj11_1 = _e134;
                let _e141 = tape6_1[(_e101 >> (u32(1i) & 31u))];
                replay6_1 = _e141;
                if ((_e101 & 1i) != 0i) {
                    let _e149 = (2i * (1i + (1i * (_e101 - 1i))));
                    replay6_1 = (((-(_e141) * _e35) * _e35) / f32((_e149 * (_e149 + 1i))));
                }
                let _e154 = replay6_1;
                let _e155 = -(_e154);
                let _e156 = (_e155 * _e35);
                let _e162 = adj21_1;
                adj21_1 = (_e162 + -((_e123 * ((_e156 * _e35) / (_e131 * _e131)))));
                adj21_1 = f32();
                adj11_1 = f32();
                let _e167 = adj9_1;
                let _e168 = (_e167 + (_e134 * _e35));
                adj9_1 = _e168;
                let _e170 = adj10_1;
                let _e171 = (_e170 + (_e134 * _e156));
                adj10_1 = _e171;
                adj10_1 = f32();
                let _e173 = d_P_x_1;
                let _e174 = (_e173 + _e171);
                d_P_x_1 = _e174;
                adj9_1 = f32();
                let _e177 = adj7_1;
                let _e178 = (_e177 + (_e168 * _e35));
                adj7_1 = _e178;
                let _e180 = adj8_1;
                let _e181 = (_e180 + (_e168 * _e155));
                adj8_1 = _e181;
                adj8_1 = f32();
                d_P_x_1 = (_e174 + _e181);
                adj7_1 = f32();
                let _e186 = adj6_1;
                let _e187 = (_e186 + -(_e178));
                adj6_1 = _e187;
                adj6_1 = f32();
                d_term_1 = (f32() + _e187);
            }
        } else {
            break;
        }
    }
    let _e190 = d_sum_1;
    d_sum_1 = f32();
    let _e192 = (f32() + _e190);
    adj1_1 = _e192;
    adj1_1 = f32();
    let _e194 = d_P_x_1;
    let _e195 = (_e194 + _e192);
    d_P_x_1 = _e195;
    let _e196 = d_term_1;
    d_term_1 = f32();
    let _e198 = (f32() + _e196);
    adj0_1 = _e198;
    adj0_1 = f32();
    let _e200 = (_e195 + _e198);
    d_P_x_1 = _e200;
    (*x_2).d = _e200;
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
    var replay6_2: f32;
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

    let _e35 = (*x_3).p;
    P_x_2 = _e35;
    P_terms_2 = terms_3;
    ret_flag_2 = false;
    term_2 = _e35;
    sum_2 = _e35;
    k_2 = 1i;
    brk1_2 = false;
    iter1_2 = 0i;
    if ((1i > 2147483615i) || ((1i + 32i) < terms_3)) {
        return false;
    }
    if !(false) {
        if (1i < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e48 = brk1_2;
        tape36_2 = _e48;
        let _e49 = !(_e48);
        if _e49 {
            if ((0i & 1i) == 0i) {
                tape6_2[(0i >> (u32(1i) & 31u))] = _e35;
            }
            let _e61 = (2i * 1i);
            let _e65 = (((-(_e35) * _e35) * _e35) / f32((_e61 * (_e61 + 1i))));
            term_2 = _e65;
            sum_2 = (_e35 + _e65);
        }
        if _e49 {
            k_2 = (1i + 1i);
        }
        iter1_2 = (0i + 1i);
    }
    let _e69 = brk1_2;
    if !(_e69) {
        let _e71 = k_2;
        if (_e71 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e74 = brk1_2;
        tape36_2 = _e74;
        let _e75 = !(_e74);
        if _e75 {
            let _e76 = term_2;
            if ((1i & 1i) == 0i) {
                tape6_2[(1i >> (u32(1i) & 31u))] = _e76;
            }
            let _e88 = (2i * _e71);
            let _e92 = (((-(_e76) * _e35) * _e35) / f32((_e88 * (_e88 + 1i))));
            term_2 = _e92;
            let _e93 = sum_2;
            sum_2 = (_e93 + _e92);
        }
        if _e75 {
            k_2 = (_e71 + 1i);
        }
        iter1_2 = (1i + 1i);
    }
    let _e97 = brk1_2;
    if !(_e97) {
        let _e99 = k_2;
        if (_e99 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e102 = brk1_2;
        tape36_2 = _e102;
        let _e103 = !(_e102);
        if _e103 {
            let _e104 = term_2;
            if ((2i & 1i) == 0i) {
                tape6_2[(2i >> (u32(1i) & 31u))] = _e104;
            }
            let _e116 = (2i * _e99);
            let _e120 = (((-(_e104) * _e35) * _e35) / f32((_e116 * (_e116 + 1i))));
            term_2 = _e120;
            let _e121 = sum_2;
            sum_2 = (_e121 + _e120);
        }
        if _e103 {
            k_2 = (_e99 + 1i);
        }
        iter1_2 = (2i + 1i);
    }
    let _e126 = brk1_2;
    if !(_e126) {
        let _e128 = k_2;
        if (_e128 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e131 = brk1_2;
        tape36_2 = _e131;
        let _e132 = !(_e131);
        if _e132 {
            let _e133 = term_2;
            if ((3i & 1i) == 0i) {
                tape6_2[(3i >> (u32(1i) & 31u))] = _e133;
            }
            let _e146 = (2i * _e128);
            let _e150 = (((-(_e133) * _e35) * _e35) / f32((_e146 * (_e146 + 1i))));
            term_2 = _e150;
            let _e151 = sum_2;
            sum_2 = (_e151 + _e150);
        }
        if _e132 {
            k_2 = (_e128 + 1i);
        }
        iter1_2 = (3i + 1i);
    }
    let _e156 = brk1_2;
    if !(_e156) {
        let _e158 = k_2;
        if (_e158 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e161 = brk1_2;
        tape36_2 = _e161;
        let _e162 = !(_e161);
        if _e162 {
            let _e163 = term_2;
            if ((4i & 1i) == 0i) {
                tape6_2[(4i >> (u32(1i) & 31u))] = _e163;
            }
            let _e176 = (2i * _e158);
            let _e180 = (((-(_e163) * _e35) * _e35) / f32((_e176 * (_e176 + 1i))));
            term_2 = _e180;
            let _e181 = sum_2;
            sum_2 = (_e181 + _e180);
        }
        if _e162 {
            k_2 = (_e158 + 1i);
        }
        iter1_2 = (4i + 1i);
    }
    let _e186 = brk1_2;
    if !(_e186) {
        let _e188 = k_2;
        if (_e188 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e191 = brk1_2;
        tape36_2 = _e191;
        let _e192 = !(_e191);
        if _e192 {
            let _e193 = term_2;
            if ((5i & 1i) == 0i) {
                tape6_2[(5i >> (u32(1i) & 31u))] = _e193;
            }
            let _e206 = (2i * _e188);
            let _e210 = (((-(_e193) * _e35) * _e35) / f32((_e206 * (_e206 + 1i))));
            term_2 = _e210;
            let _e211 = sum_2;
            sum_2 = (_e211 + _e210);
        }
        if _e192 {
            k_2 = (_e188 + 1i);
        }
        iter1_2 = (5i + 1i);
    }
    let _e216 = brk1_2;
    if !(_e216) {
        let _e218 = k_2;
        if (_e218 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e221 = brk1_2;
        tape36_2 = _e221;
        let _e222 = !(_e221);
        if _e222 {
            let _e223 = term_2;
            if ((6i & 1i) == 0i) {
                tape6_2[(6i >> (u32(1i) & 31u))] = _e223;
            }
            let _e236 = (2i * _e218);
            let _e240 = (((-(_e223) * _e35) * _e35) / f32((_e236 * (_e236 + 1i))));
            term_2 = _e240;
            let _e241 = sum_2;
            sum_2 = (_e241 + _e240);
        }
        if _e222 {
            k_2 = (_e218 + 1i);
        }
        iter1_2 = (6i + 1i);
    }
    let _e246 = brk1_2;
    if !(_e246) {
        let _e248 = k_2;
        if (_e248 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e251 = brk1_2;
        tape36_2 = _e251;
        let _e252 = !(_e251);
        if _e252 {
            let _e253 = term_2;
            if ((7i & 1i) == 0i) {
                tape6_2[(7i >> (u32(1i) & 31u))] = _e253;
            }
            let _e266 = (2i * _e248);
            let _e270 = (((-(_e253) * _e35) * _e35) / f32((_e266 * (_e266 + 1i))));
            term_2 = _e270;
            let _e271 = sum_2;
            sum_2 = (_e271 + _e270);
        }
        if _e252 {
            k_2 = (_e248 + 1i);
        }
        iter1_2 = (7i + 1i);
    }
    let _e276 = brk1_2;
    if !(_e276) {
        let _e278 = k_2;
        if (_e278 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e281 = brk1_2;
        tape36_2 = _e281;
        let _e282 = !(_e281);
        if _e282 {
            let _e283 = term_2;
            if ((8i & 1i) == 0i) {
                tape6_2[(8i >> (u32(1i) & 31u))] = _e283;
            }
            let _e296 = (2i * _e278);
            let _e300 = (((-(_e283) * _e35) * _e35) / f32((_e296 * (_e296 + 1i))));
            term_2 = _e300;
            let _e301 = sum_2;
            sum_2 = (_e301 + _e300);
        }
        if _e282 {
            k_2 = (_e278 + 1i);
        }
        iter1_2 = (8i + 1i);
    }
    let _e306 = brk1_2;
    if !(_e306) {
        let _e308 = k_2;
        if (_e308 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e311 = brk1_2;
        tape36_2 = _e311;
        let _e312 = !(_e311);
        if _e312 {
            let _e313 = term_2;
            if ((9i & 1i) == 0i) {
                tape6_2[(9i >> (u32(1i) & 31u))] = _e313;
            }
            let _e326 = (2i * _e308);
            let _e330 = (((-(_e313) * _e35) * _e35) / f32((_e326 * (_e326 + 1i))));
            term_2 = _e330;
            let _e331 = sum_2;
            sum_2 = (_e331 + _e330);
        }
        if _e312 {
            k_2 = (_e308 + 1i);
        }
        iter1_2 = (9i + 1i);
    }
    let _e336 = brk1_2;
    if !(_e336) {
        let _e338 = k_2;
        if (_e338 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e341 = brk1_2;
        tape36_2 = _e341;
        let _e342 = !(_e341);
        if _e342 {
            let _e343 = term_2;
            if ((10i & 1i) == 0i) {
                tape6_2[(10i >> (u32(1i) & 31u))] = _e343;
            }
            let _e356 = (2i * _e338);
            let _e360 = (((-(_e343) * _e35) * _e35) / f32((_e356 * (_e356 + 1i))));
            term_2 = _e360;
            let _e361 = sum_2;
            sum_2 = (_e361 + _e360);
        }
        if _e342 {
            k_2 = (_e338 + 1i);
        }
        iter1_2 = (10i + 1i);
    }
    let _e366 = brk1_2;
    if !(_e366) {
        let _e368 = k_2;
        if (_e368 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e371 = brk1_2;
        tape36_2 = _e371;
        let _e372 = !(_e371);
        if _e372 {
            let _e373 = term_2;
            if ((11i & 1i) == 0i) {
                tape6_2[(11i >> (u32(1i) & 31u))] = _e373;
            }
            let _e386 = (2i * _e368);
            let _e390 = (((-(_e373) * _e35) * _e35) / f32((_e386 * (_e386 + 1i))));
            term_2 = _e390;
            let _e391 = sum_2;
            sum_2 = (_e391 + _e390);
        }
        if _e372 {
            k_2 = (_e368 + 1i);
        }
        iter1_2 = (11i + 1i);
    }
    let _e396 = brk1_2;
    if !(_e396) {
        let _e398 = k_2;
        if (_e398 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e401 = brk1_2;
        tape36_2 = _e401;
        let _e402 = !(_e401);
        if _e402 {
            let _e403 = term_2;
            if ((12i & 1i) == 0i) {
                tape6_2[(12i >> (u32(1i) & 31u))] = _e403;
            }
            let _e416 = (2i * _e398);
            let _e420 = (((-(_e403) * _e35) * _e35) / f32((_e416 * (_e416 + 1i))));
            term_2 = _e420;
            let _e421 = sum_2;
            sum_2 = (_e421 + _e420);
        }
        if _e402 {
            k_2 = (_e398 + 1i);
        }
        iter1_2 = (12i + 1i);
    }
    let _e426 = brk1_2;
    if !(_e426) {
        let _e428 = k_2;
        if (_e428 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e431 = brk1_2;
        tape36_2 = _e431;
        let _e432 = !(_e431);
        if _e432 {
            let _e433 = term_2;
            if ((13i & 1i) == 0i) {
                tape6_2[(13i >> (u32(1i) & 31u))] = _e433;
            }
            let _e446 = (2i * _e428);
            let _e450 = (((-(_e433) * _e35) * _e35) / f32((_e446 * (_e446 + 1i))));
            term_2 = _e450;
            let _e451 = sum_2;
            sum_2 = (_e451 + _e450);
        }
        if _e432 {
            k_2 = (_e428 + 1i);
        }
        iter1_2 = (13i + 1i);
    }
    let _e456 = brk1_2;
    if !(_e456) {
        let _e458 = k_2;
        if (_e458 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e461 = brk1_2;
        tape36_2 = _e461;
        let _e462 = !(_e461);
        if _e462 {
            let _e463 = term_2;
            if ((14i & 1i) == 0i) {
                tape6_2[(14i >> (u32(1i) & 31u))] = _e463;
            }
            let _e476 = (2i * _e458);
            let _e480 = (((-(_e463) * _e35) * _e35) / f32((_e476 * (_e476 + 1i))));
            term_2 = _e480;
            let _e481 = sum_2;
            sum_2 = (_e481 + _e480);
        }
        if _e462 {
            k_2 = (_e458 + 1i);
        }
        iter1_2 = (14i + 1i);
    }
    let _e486 = brk1_2;
    if !(_e486) {
        let _e488 = k_2;
        if (_e488 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e491 = brk1_2;
        tape36_2 = _e491;
        let _e492 = !(_e491);
        if _e492 {
            let _e493 = term_2;
            if ((15i & 1i) == 0i) {
                tape6_2[(15i >> (u32(1i) & 31u))] = _e493;
            }
            let _e506 = (2i * _e488);
            let _e510 = (((-(_e493) * _e35) * _e35) / f32((_e506 * (_e506 + 1i))));
            term_2 = _e510;
            let _e511 = sum_2;
            sum_2 = (_e511 + _e510);
        }
        if _e492 {
            k_2 = (_e488 + 1i);
        }
        iter1_2 = (15i + 1i);
    }
    let _e516 = brk1_2;
    if !(_e516) {
        let _e518 = k_2;
        if (_e518 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e521 = brk1_2;
        tape36_2 = _e521;
        let _e522 = !(_e521);
        if _e522 {
            let _e523 = term_2;
            if ((16i & 1i) == 0i) {
                tape6_2[(16i >> (u32(1i) & 31u))] = _e523;
            }
            let _e536 = (2i * _e518);
            let _e540 = (((-(_e523) * _e35) * _e35) / f32((_e536 * (_e536 + 1i))));
            term_2 = _e540;
            let _e541 = sum_2;
            sum_2 = (_e541 + _e540);
        }
        if _e522 {
            k_2 = (_e518 + 1i);
        }
        iter1_2 = (16i + 1i);
    }
    let _e546 = brk1_2;
    if !(_e546) {
        let _e548 = k_2;
        if (_e548 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e551 = brk1_2;
        tape36_2 = _e551;
        let _e552 = !(_e551);
        if _e552 {
            let _e553 = term_2;
            if ((17i & 1i) == 0i) {
                tape6_2[(17i >> (u32(1i) & 31u))] = _e553;
            }
            let _e566 = (2i * _e548);
            let _e570 = (((-(_e553) * _e35) * _e35) / f32((_e566 * (_e566 + 1i))));
            term_2 = _e570;
            let _e571 = sum_2;
            sum_2 = (_e571 + _e570);
        }
        if _e552 {
            k_2 = (_e548 + 1i);
        }
        iter1_2 = (17i + 1i);
    }
    let _e576 = brk1_2;
    if !(_e576) {
        let _e578 = k_2;
        if (_e578 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e581 = brk1_2;
        tape36_2 = _e581;
        let _e582 = !(_e581);
        if _e582 {
            let _e583 = term_2;
            if ((18i & 1i) == 0i) {
                tape6_2[(18i >> (u32(1i) & 31u))] = _e583;
            }
            let _e596 = (2i * _e578);
            let _e600 = (((-(_e583) * _e35) * _e35) / f32((_e596 * (_e596 + 1i))));
            term_2 = _e600;
            let _e601 = sum_2;
            sum_2 = (_e601 + _e600);
        }
        if _e582 {
            k_2 = (_e578 + 1i);
        }
        iter1_2 = (18i + 1i);
    }
    let _e606 = brk1_2;
    if !(_e606) {
        let _e608 = k_2;
        if (_e608 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e611 = brk1_2;
        tape36_2 = _e611;
        let _e612 = !(_e611);
        if _e612 {
            let _e613 = term_2;
            if ((19i & 1i) == 0i) {
                tape6_2[(19i >> (u32(1i) & 31u))] = _e613;
            }
            let _e626 = (2i * _e608);
            let _e630 = (((-(_e613) * _e35) * _e35) / f32((_e626 * (_e626 + 1i))));
            term_2 = _e630;
            let _e631 = sum_2;
            sum_2 = (_e631 + _e630);
        }
        if _e612 {
            k_2 = (_e608 + 1i);
        }
        iter1_2 = (19i + 1i);
    }
    let _e636 = brk1_2;
    if !(_e636) {
        let _e638 = k_2;
        if (_e638 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e641 = brk1_2;
        tape36_2 = _e641;
        let _e642 = !(_e641);
        if _e642 {
            let _e643 = term_2;
            if ((20i & 1i) == 0i) {
                tape6_2[(20i >> (u32(1i) & 31u))] = _e643;
            }
            let _e656 = (2i * _e638);
            let _e660 = (((-(_e643) * _e35) * _e35) / f32((_e656 * (_e656 + 1i))));
            term_2 = _e660;
            let _e661 = sum_2;
            sum_2 = (_e661 + _e660);
        }
        if _e642 {
            k_2 = (_e638 + 1i);
        }
        iter1_2 = (20i + 1i);
    }
    let _e666 = brk1_2;
    if !(_e666) {
        let _e668 = k_2;
        if (_e668 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e671 = brk1_2;
        tape36_2 = _e671;
        let _e672 = !(_e671);
        if _e672 {
            let _e673 = term_2;
            if ((21i & 1i) == 0i) {
                tape6_2[(21i >> (u32(1i) & 31u))] = _e673;
            }
            let _e686 = (2i * _e668);
            let _e690 = (((-(_e673) * _e35) * _e35) / f32((_e686 * (_e686 + 1i))));
            term_2 = _e690;
            let _e691 = sum_2;
            sum_2 = (_e691 + _e690);
        }
        if _e672 {
            k_2 = (_e668 + 1i);
        }
        iter1_2 = (21i + 1i);
    }
    let _e696 = brk1_2;
    if !(_e696) {
        let _e698 = k_2;
        if (_e698 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e701 = brk1_2;
        tape36_2 = _e701;
        let _e702 = !(_e701);
        if _e702 {
            let _e703 = term_2;
            if ((22i & 1i) == 0i) {
                tape6_2[(22i >> (u32(1i) & 31u))] = _e703;
            }
            let _e716 = (2i * _e698);
            let _e720 = (((-(_e703) * _e35) * _e35) / f32((_e716 * (_e716 + 1i))));
            term_2 = _e720;
            let _e721 = sum_2;
            sum_2 = (_e721 + _e720);
        }
        if _e702 {
            k_2 = (_e698 + 1i);
        }
        iter1_2 = (22i + 1i);
    }
    let _e726 = brk1_2;
    if !(_e726) {
        let _e728 = k_2;
        if (_e728 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e731 = brk1_2;
        tape36_2 = _e731;
        let _e732 = !(_e731);
        if _e732 {
            let _e733 = term_2;
            if ((23i & 1i) == 0i) {
                tape6_2[(23i >> (u32(1i) & 31u))] = _e733;
            }
            let _e746 = (2i * _e728);
            let _e750 = (((-(_e733) * _e35) * _e35) / f32((_e746 * (_e746 + 1i))));
            term_2 = _e750;
            let _e751 = sum_2;
            sum_2 = (_e751 + _e750);
        }
        if _e732 {
            k_2 = (_e728 + 1i);
        }
        iter1_2 = (23i + 1i);
    }
    let _e756 = brk1_2;
    if !(_e756) {
        let _e758 = k_2;
        if (_e758 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e761 = brk1_2;
        tape36_2 = _e761;
        let _e762 = !(_e761);
        if _e762 {
            let _e763 = term_2;
            if ((24i & 1i) == 0i) {
                tape6_2[(24i >> (u32(1i) & 31u))] = _e763;
            }
            let _e776 = (2i * _e758);
            let _e780 = (((-(_e763) * _e35) * _e35) / f32((_e776 * (_e776 + 1i))));
            term_2 = _e780;
            let _e781 = sum_2;
            sum_2 = (_e781 + _e780);
        }
        if _e762 {
            k_2 = (_e758 + 1i);
        }
        iter1_2 = (24i + 1i);
    }
    let _e786 = brk1_2;
    if !(_e786) {
        let _e788 = k_2;
        if (_e788 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e791 = brk1_2;
        tape36_2 = _e791;
        let _e792 = !(_e791);
        if _e792 {
            let _e793 = term_2;
            if ((25i & 1i) == 0i) {
                tape6_2[(25i >> (u32(1i) & 31u))] = _e793;
            }
            let _e806 = (2i * _e788);
            let _e810 = (((-(_e793) * _e35) * _e35) / f32((_e806 * (_e806 + 1i))));
            term_2 = _e810;
            let _e811 = sum_2;
            sum_2 = (_e811 + _e810);
        }
        if _e792 {
            k_2 = (_e788 + 1i);
        }
        iter1_2 = (25i + 1i);
    }
    let _e816 = brk1_2;
    if !(_e816) {
        let _e818 = k_2;
        if (_e818 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e821 = brk1_2;
        tape36_2 = _e821;
        let _e822 = !(_e821);
        if _e822 {
            let _e823 = term_2;
            if ((26i & 1i) == 0i) {
                tape6_2[(26i >> (u32(1i) & 31u))] = _e823;
            }
            let _e836 = (2i * _e818);
            let _e840 = (((-(_e823) * _e35) * _e35) / f32((_e836 * (_e836 + 1i))));
            term_2 = _e840;
            let _e841 = sum_2;
            sum_2 = (_e841 + _e840);
        }
        if _e822 {
            k_2 = (_e818 + 1i);
        }
        iter1_2 = (26i + 1i);
    }
    let _e846 = brk1_2;
    if !(_e846) {
        let _e848 = k_2;
        if (_e848 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e851 = brk1_2;
        tape36_2 = _e851;
        let _e852 = !(_e851);
        if _e852 {
            let _e853 = term_2;
            if ((27i & 1i) == 0i) {
                tape6_2[(27i >> (u32(1i) & 31u))] = _e853;
            }
            let _e866 = (2i * _e848);
            let _e870 = (((-(_e853) * _e35) * _e35) / f32((_e866 * (_e866 + 1i))));
            term_2 = _e870;
            let _e871 = sum_2;
            sum_2 = (_e871 + _e870);
        }
        if _e852 {
            k_2 = (_e848 + 1i);
        }
        iter1_2 = (27i + 1i);
    }
    let _e876 = brk1_2;
    if !(_e876) {
        let _e878 = k_2;
        if (_e878 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e881 = brk1_2;
        tape36_2 = _e881;
        let _e882 = !(_e881);
        if _e882 {
            let _e883 = term_2;
            if ((28i & 1i) == 0i) {
                tape6_2[(28i >> (u32(1i) & 31u))] = _e883;
            }
            let _e896 = (2i * _e878);
            let _e900 = (((-(_e883) * _e35) * _e35) / f32((_e896 * (_e896 + 1i))));
            term_2 = _e900;
            let _e901 = sum_2;
            sum_2 = (_e901 + _e900);
        }
        if _e882 {
            k_2 = (_e878 + 1i);
        }
        iter1_2 = (28i + 1i);
    }
    let _e906 = brk1_2;
    if !(_e906) {
        let _e908 = k_2;
        if (_e908 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e911 = brk1_2;
        tape36_2 = _e911;
        let _e912 = !(_e911);
        if _e912 {
            let _e913 = term_2;
            if ((29i & 1i) == 0i) {
                tape6_2[(29i >> (u32(1i) & 31u))] = _e913;
            }
            let _e926 = (2i * _e908);
            let _e930 = (((-(_e913) * _e35) * _e35) / f32((_e926 * (_e926 + 1i))));
            term_2 = _e930;
            let _e931 = sum_2;
            sum_2 = (_e931 + _e930);
        }
        if _e912 {
            k_2 = (_e908 + 1i);
        }
        iter1_2 = (29i + 1i);
    }
    let _e936 = brk1_2;
    if !(_e936) {
        let _e938 = k_2;
        if (_e938 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e941 = brk1_2;
        tape36_2 = _e941;
        let _e942 = !(_e941);
        if _e942 {
            let _e943 = term_2;
            if ((30i & 1i) == 0i) {
                tape6_2[(30i >> (u32(1i) & 31u))] = _e943;
            }
            let _e956 = (2i * _e938);
            let _e960 = (((-(_e943) * _e35) * _e35) / f32((_e956 * (_e956 + 1i))));
            term_2 = _e960;
            let _e961 = sum_2;
            sum_2 = (_e961 + _e960);
        }
        if _e942 {
            k_2 = (_e938 + 1i);
        }
        iter1_2 = (30i + 1i);
    }
    let _e966 = brk1_2;
    if !(_e966) {
        let _e968 = k_2;
        if (_e968 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e971 = brk1_2;
        tape36_2 = _e971;
        let _e972 = !(_e971);
        if _e972 {
            let _e973 = term_2;
            if ((31i & 1i) == 0i) {
                tape6_2[(31i >> (u32(1i) & 31u))] = _e973;
            }
            let _e986 = (2i * _e968);
            let _e990 = (((-(_e973) * _e35) * _e35) / f32((_e986 * (_e986 + 1i))));
            term_2 = _e990;
            let _e991 = sum_2;
            sum_2 = (_e991 + _e990);
        }
        if _e972 {
            k_2 = (_e968 + 1i);
        }
        iter1_2 = (31i + 1i);
    }
    let _e996 = brk1_2;
    if !(_e996) {
        let _e998 = k_2;
        if (_e998 < terms_3) {
        } else {
            brk1_2 = true;
        }
        let _e1001 = brk1_2;
        tape36_2 = _e1001;
        let _e1002 = !(_e1001);
        if _e1002 {
            let _e1003 = term_2;
            if ((32i & 1i) == 0i) {
                tape6_2[(32i >> (u32(1i) & 31u))] = _e1003;
            }
            let _e1015 = (2i * _e998);
            let _e1019 = (((-(_e1003) * _e35) * _e35) / f32((_e1015 * (_e1015 + 1i))));
            term_2 = _e1019;
            let _e1020 = sum_2;
            sum_2 = (_e1020 + _e1019);
        }
        if _e1002 {
            k_2 = (_e998 + 1i);
        }
        iter1_2 = (32i + 1i);
    }
    let _e1024 = brk1_2;
    if !(_e1024) {
        return false;
    }
    let _e1026 = iter1_2;
    let _e1027 = sum_2;
    retval_2 = _e1027;
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
    let _e1047 = (f32() + dOut_2);
    adj29_2 = _e1047;
    adj29_2 = f32();
    let _e1049 = (f32() + _e1047);
    d_sum_2 = _e1049;
    rev34_2 = _e1026;
    if (32i < _e1026) {
        rev34_2 = 32i;
        let _e1051 = tape36_2;
        if !(((32i == (_e1026 - 1i)) && _e1051)) {
            d_sum_2 = f32();
            let _e1057 = (f32() + _e1049);
            adj25_2 = _e1057;
            adj25_2 = f32();
            let _e1059 = (f32() + _e1057);
            adj24_2 = _e1059;
            let _e1060 = (f32() + _e1057);
            adj23_2 = _e1060;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1059);
            adj23_2 = f32();
            let _e1064 = (f32() + _e1060);
            d_term_2 = _e1064;
            d_term_2 = f32();
            let _e1066 = (f32() + _e1064);
            adj22_2 = _e1066;
            adj22_2 = f32();
            let _e1071 = (2i * (1i + (1i * 32i)));
            let _e1074 = f32((_e1071 * (_e1071 + 1i)));
            let _e1076 = (f32() + (_e1066 / _e1074));
            adj11_2 = _e1076;
            let _e1083 = tape6_2[(32i >> (u32(1i) & 31u))];
            replay6_2 = _e1083;
            if ((32i & 1i) != 0i) {
                let _e1091 = (2i * (1i + (1i * (32i - 1i))));
                replay6_2 = (((-(_e1083) * _e35) * _e35) / f32((_e1091 * (_e1091 + 1i))));
            }
            let _e1096 = replay6_2;
            let _e1097 = -(_e1096);
            let _e1098 = (_e1097 * _e35);
            adj21_2 = (f32() + -((_e1066 * ((_e1098 * _e35) / (_e1074 * _e1074)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1108 = (f32() + (_e1076 * _e35));
            adj9_2 = _e1108;
            let _e1110 = (f32() + (_e1076 * _e1098));
            adj10_2 = _e1110;
            adj10_2 = f32();
            let _e1112 = (f32() + _e1110);
            d_P_x_2 = _e1112;
            adj9_2 = f32();
            let _e1115 = (f32() + (_e1108 * _e35));
            adj7_2 = _e1115;
            let _e1117 = (f32() + (_e1108 * _e1097));
            adj8_2 = _e1117;
            adj8_2 = f32();
            d_P_x_2 = (_e1112 + _e1117);
            adj7_2 = f32();
            let _e1122 = (f32() + -(_e1115));
            adj6_2 = _e1122;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1122);
        }
    }
    if (31i < _e1026) {
        rev34_2 = 31i;
        let _e1127 = tape36_2;
        if !(((31i == (_e1026 - 1i)) && _e1127)) {
            let _e1132 = d_sum_2;
            d_sum_2 = f32();
            let _e1134 = adj25_2;
            let _e1135 = (_e1134 + _e1132);
            adj25_2 = _e1135;
            adj25_2 = f32();
            let _e1137 = adj24_2;
            let _e1138 = (_e1137 + _e1135);
            adj24_2 = _e1138;
            let _e1139 = adj23_2;
            let _e1140 = (_e1139 + _e1135);
            adj23_2 = _e1140;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1138);
            adj23_2 = f32();
            let _e1144 = d_term_2;
            let _e1145 = (_e1144 + _e1140);
            d_term_2 = _e1145;
            d_term_2 = f32();
            let _e1147 = adj22_2;
            let _e1148 = (_e1147 + _e1145);
            adj22_2 = _e1148;
            adj22_2 = f32();
            let _e1153 = (2i * (1i + (1i * 31i)));
            let _e1156 = f32((_e1153 * (_e1153 + 1i)));
            let _e1158 = adj11_2;
            let _e1159 = (_e1158 + (_e1148 / _e1156));
            adj11_2 = _e1159;
            let _e1166 = tape6_2[(31i >> (u32(1i) & 31u))];
            replay6_2 = _e1166;
            if ((31i & 1i) != 0i) {
                let _e1174 = (2i * (1i + (1i * (31i - 1i))));
                replay6_2 = (((-(_e1166) * _e35) * _e35) / f32((_e1174 * (_e1174 + 1i))));
            }
            let _e1179 = replay6_2;
            let _e1180 = -(_e1179);
            let _e1181 = (_e1180 * _e35);
            let _e1187 = adj21_2;
            adj21_2 = (_e1187 + -((_e1148 * ((_e1181 * _e35) / (_e1156 * _e1156)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1192 = adj9_2;
            let _e1193 = (_e1192 + (_e1159 * _e35));
            adj9_2 = _e1193;
            let _e1195 = adj10_2;
            let _e1196 = (_e1195 + (_e1159 * _e1181));
            adj10_2 = _e1196;
            adj10_2 = f32();
            let _e1198 = d_P_x_2;
            let _e1199 = (_e1198 + _e1196);
            d_P_x_2 = _e1199;
            adj9_2 = f32();
            let _e1202 = adj7_2;
            let _e1203 = (_e1202 + (_e1193 * _e35));
            adj7_2 = _e1203;
            let _e1205 = adj8_2;
            let _e1206 = (_e1205 + (_e1193 * _e1180));
            adj8_2 = _e1206;
            adj8_2 = f32();
            d_P_x_2 = (_e1199 + _e1206);
            adj7_2 = f32();
            let _e1211 = adj6_2;
            let _e1212 = (_e1211 + -(_e1203));
            adj6_2 = _e1212;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1212);
        }
    }
    if (30i < _e1026) {
        rev34_2 = 30i;
        let _e1217 = tape36_2;
        if !(((30i == (_e1026 - 1i)) && _e1217)) {
            let _e1222 = d_sum_2;
            d_sum_2 = f32();
            let _e1224 = adj25_2;
            let _e1225 = (_e1224 + _e1222);
            adj25_2 = _e1225;
            adj25_2 = f32();
            let _e1227 = adj24_2;
            let _e1228 = (_e1227 + _e1225);
            adj24_2 = _e1228;
            let _e1229 = adj23_2;
            let _e1230 = (_e1229 + _e1225);
            adj23_2 = _e1230;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1228);
            adj23_2 = f32();
            let _e1234 = d_term_2;
            let _e1235 = (_e1234 + _e1230);
            d_term_2 = _e1235;
            d_term_2 = f32();
            let _e1237 = adj22_2;
            let _e1238 = (_e1237 + _e1235);
            adj22_2 = _e1238;
            adj22_2 = f32();
            let _e1243 = (2i * (1i + (1i * 30i)));
            let _e1246 = f32((_e1243 * (_e1243 + 1i)));
            let _e1248 = adj11_2;
            let _e1249 = (_e1248 + (_e1238 / _e1246));
            adj11_2 = _e1249;
            let _e1256 = tape6_2[(30i >> (u32(1i) & 31u))];
            replay6_2 = _e1256;
            if ((30i & 1i) != 0i) {
                let _e1264 = (2i * (1i + (1i * (30i - 1i))));
                replay6_2 = (((-(_e1256) * _e35) * _e35) / f32((_e1264 * (_e1264 + 1i))));
            }
            let _e1269 = replay6_2;
            let _e1270 = -(_e1269);
            let _e1271 = (_e1270 * _e35);
            let _e1277 = adj21_2;
            adj21_2 = (_e1277 + -((_e1238 * ((_e1271 * _e35) / (_e1246 * _e1246)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1282 = adj9_2;
            let _e1283 = (_e1282 + (_e1249 * _e35));
            adj9_2 = _e1283;
            let _e1285 = adj10_2;
            let _e1286 = (_e1285 + (_e1249 * _e1271));
            adj10_2 = _e1286;
            adj10_2 = f32();
            let _e1288 = d_P_x_2;
            let _e1289 = (_e1288 + _e1286);
            d_P_x_2 = _e1289;
            adj9_2 = f32();
            let _e1292 = adj7_2;
            let _e1293 = (_e1292 + (_e1283 * _e35));
            adj7_2 = _e1293;
            let _e1295 = adj8_2;
            let _e1296 = (_e1295 + (_e1283 * _e1270));
            adj8_2 = _e1296;
            adj8_2 = f32();
            d_P_x_2 = (_e1289 + _e1296);
            adj7_2 = f32();
            let _e1301 = adj6_2;
            let _e1302 = (_e1301 + -(_e1293));
            adj6_2 = _e1302;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1302);
        }
    }
    if (29i < _e1026) {
        rev34_2 = 29i;
        let _e1307 = tape36_2;
        if !(((29i == (_e1026 - 1i)) && _e1307)) {
            let _e1312 = d_sum_2;
            d_sum_2 = f32();
            let _e1314 = adj25_2;
            let _e1315 = (_e1314 + _e1312);
            adj25_2 = _e1315;
            adj25_2 = f32();
            let _e1317 = adj24_2;
            let _e1318 = (_e1317 + _e1315);
            adj24_2 = _e1318;
            let _e1319 = adj23_2;
            let _e1320 = (_e1319 + _e1315);
            adj23_2 = _e1320;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1318);
            adj23_2 = f32();
            let _e1324 = d_term_2;
            let _e1325 = (_e1324 + _e1320);
            d_term_2 = _e1325;
            d_term_2 = f32();
            let _e1327 = adj22_2;
            let _e1328 = (_e1327 + _e1325);
            adj22_2 = _e1328;
            adj22_2 = f32();
            let _e1333 = (2i * (1i + (1i * 29i)));
            let _e1336 = f32((_e1333 * (_e1333 + 1i)));
            let _e1338 = adj11_2;
            let _e1339 = (_e1338 + (_e1328 / _e1336));
            adj11_2 = _e1339;
            let _e1346 = tape6_2[(29i >> (u32(1i) & 31u))];
            replay6_2 = _e1346;
            if ((29i & 1i) != 0i) {
                let _e1354 = (2i * (1i + (1i * (29i - 1i))));
                replay6_2 = (((-(_e1346) * _e35) * _e35) / f32((_e1354 * (_e1354 + 1i))));
            }
            let _e1359 = replay6_2;
            let _e1360 = -(_e1359);
            let _e1361 = (_e1360 * _e35);
            let _e1367 = adj21_2;
            adj21_2 = (_e1367 + -((_e1328 * ((_e1361 * _e35) / (_e1336 * _e1336)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1372 = adj9_2;
            let _e1373 = (_e1372 + (_e1339 * _e35));
            adj9_2 = _e1373;
            let _e1375 = adj10_2;
            let _e1376 = (_e1375 + (_e1339 * _e1361));
            adj10_2 = _e1376;
            adj10_2 = f32();
            let _e1378 = d_P_x_2;
            let _e1379 = (_e1378 + _e1376);
            d_P_x_2 = _e1379;
            adj9_2 = f32();
            let _e1382 = adj7_2;
            let _e1383 = (_e1382 + (_e1373 * _e35));
            adj7_2 = _e1383;
            let _e1385 = adj8_2;
            let _e1386 = (_e1385 + (_e1373 * _e1360));
            adj8_2 = _e1386;
            adj8_2 = f32();
            d_P_x_2 = (_e1379 + _e1386);
            adj7_2 = f32();
            let _e1391 = adj6_2;
            let _e1392 = (_e1391 + -(_e1383));
            adj6_2 = _e1392;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1392);
        }
    }
    if (28i < _e1026) {
        rev34_2 = 28i;
        let _e1397 = tape36_2;
        if !(((28i == (_e1026 - 1i)) && _e1397)) {
            let _e1402 = d_sum_2;
            d_sum_2 = f32();
            let _e1404 = adj25_2;
            let _e1405 = (_e1404 + _e1402);
            adj25_2 = _e1405;
            adj25_2 = f32();
            let _e1407 = adj24_2;
            let _e1408 = (_e1407 + _e1405);
            adj24_2 = _e1408;
            let _e1409 = adj23_2;
            let _e1410 = (_e1409 + _e1405);
            adj23_2 = _e1410;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1408);
            adj23_2 = f32();
            let _e1414 = d_term_2;
            let _e1415 = (_e1414 + _e1410);
            d_term_2 = _e1415;
            d_term_2 = f32();
            let _e1417 = adj22_2;
            let _e1418 = (_e1417 + _e1415);
            adj22_2 = _e1418;
            adj22_2 = f32();
            let _e1423 = (2i * (1i + (1i * 28i)));
            let _e1426 = f32((_e1423 * (_e1423 + 1i)));
            let _e1428 = adj11_2;
            let _e1429 = (_e1428 + (_e1418 / _e1426));
            adj11_2 = _e1429;
            let _e1436 = tape6_2[(28i >> (u32(1i) & 31u))];
            replay6_2 = _e1436;
            if ((28i & 1i) != 0i) {
                let _e1444 = (2i * (1i + (1i * (28i - 1i))));
                replay6_2 = (((-(_e1436) * _e35) * _e35) / f32((_e1444 * (_e1444 + 1i))));
            }
            let _e1449 = replay6_2;
            let _e1450 = -(_e1449);
            let _e1451 = (_e1450 * _e35);
            let _e1457 = adj21_2;
            adj21_2 = (_e1457 + -((_e1418 * ((_e1451 * _e35) / (_e1426 * _e1426)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1462 = adj9_2;
            let _e1463 = (_e1462 + (_e1429 * _e35));
            adj9_2 = _e1463;
            let _e1465 = adj10_2;
            let _e1466 = (_e1465 + (_e1429 * _e1451));
            adj10_2 = _e1466;
            adj10_2 = f32();
            let _e1468 = d_P_x_2;
            let _e1469 = (_e1468 + _e1466);
            d_P_x_2 = _e1469;
            adj9_2 = f32();
            let _e1472 = adj7_2;
            let _e1473 = (_e1472 + (_e1463 * _e35));
            adj7_2 = _e1473;
            let _e1475 = adj8_2;
            let _e1476 = (_e1475 + (_e1463 * _e1450));
            adj8_2 = _e1476;
            adj8_2 = f32();
            d_P_x_2 = (_e1469 + _e1476);
            adj7_2 = f32();
            let _e1481 = adj6_2;
            let _e1482 = (_e1481 + -(_e1473));
            adj6_2 = _e1482;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1482);
        }
    }
    if (27i < _e1026) {
        rev34_2 = 27i;
        let _e1487 = tape36_2;
        if !(((27i == (_e1026 - 1i)) && _e1487)) {
            let _e1492 = d_sum_2;
            d_sum_2 = f32();
            let _e1494 = adj25_2;
            let _e1495 = (_e1494 + _e1492);
            adj25_2 = _e1495;
            adj25_2 = f32();
            let _e1497 = adj24_2;
            let _e1498 = (_e1497 + _e1495);
            adj24_2 = _e1498;
            let _e1499 = adj23_2;
            let _e1500 = (_e1499 + _e1495);
            adj23_2 = _e1500;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1498);
            adj23_2 = f32();
            let _e1504 = d_term_2;
            let _e1505 = (_e1504 + _e1500);
            d_term_2 = _e1505;
            d_term_2 = f32();
            let _e1507 = adj22_2;
            let _e1508 = (_e1507 + _e1505);
            adj22_2 = _e1508;
            adj22_2 = f32();
            let _e1513 = (2i * (1i + (1i * 27i)));
            let _e1516 = f32((_e1513 * (_e1513 + 1i)));
            let _e1518 = adj11_2;
            let _e1519 = (_e1518 + (_e1508 / _e1516));
            adj11_2 = _e1519;
            let _e1526 = tape6_2[(27i >> (u32(1i) & 31u))];
            replay6_2 = _e1526;
            if ((27i & 1i) != 0i) {
                let _e1534 = (2i * (1i + (1i * (27i - 1i))));
                replay6_2 = (((-(_e1526) * _e35) * _e35) / f32((_e1534 * (_e1534 + 1i))));
            }
            let _e1539 = replay6_2;
            let _e1540 = -(_e1539);
            let _e1541 = (_e1540 * _e35);
            let _e1547 = adj21_2;
            adj21_2 = (_e1547 + -((_e1508 * ((_e1541 * _e35) / (_e1516 * _e1516)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1552 = adj9_2;
            let _e1553 = (_e1552 + (_e1519 * _e35));
            adj9_2 = _e1553;
            let _e1555 = adj10_2;
            let _e1556 = (_e1555 + (_e1519 * _e1541));
            adj10_2 = _e1556;
            adj10_2 = f32();
            let _e1558 = d_P_x_2;
            let _e1559 = (_e1558 + _e1556);
            d_P_x_2 = _e1559;
            adj9_2 = f32();
            let _e1562 = adj7_2;
            let _e1563 = (_e1562 + (_e1553 * _e35));
            adj7_2 = _e1563;
            let _e1565 = adj8_2;
            let _e1566 = (_e1565 + (_e1553 * _e1540));
            adj8_2 = _e1566;
            adj8_2 = f32();
            d_P_x_2 = (_e1559 + _e1566);
            adj7_2 = f32();
            let _e1571 = adj6_2;
            let _e1572 = (_e1571 + -(_e1563));
            adj6_2 = _e1572;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1572);
        }
    }
    if (26i < _e1026) {
        rev34_2 = 26i;
        let _e1577 = tape36_2;
        if !(((26i == (_e1026 - 1i)) && _e1577)) {
            let _e1582 = d_sum_2;
            d_sum_2 = f32();
            let _e1584 = adj25_2;
            let _e1585 = (_e1584 + _e1582);
            adj25_2 = _e1585;
            adj25_2 = f32();
            let _e1587 = adj24_2;
            let _e1588 = (_e1587 + _e1585);
            adj24_2 = _e1588;
            let _e1589 = adj23_2;
            let _e1590 = (_e1589 + _e1585);
            adj23_2 = _e1590;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1588);
            adj23_2 = f32();
            let _e1594 = d_term_2;
            let _e1595 = (_e1594 + _e1590);
            d_term_2 = _e1595;
            d_term_2 = f32();
            let _e1597 = adj22_2;
            let _e1598 = (_e1597 + _e1595);
            adj22_2 = _e1598;
            adj22_2 = f32();
            let _e1603 = (2i * (1i + (1i * 26i)));
            let _e1606 = f32((_e1603 * (_e1603 + 1i)));
            let _e1608 = adj11_2;
            let _e1609 = (_e1608 + (_e1598 / _e1606));
            adj11_2 = _e1609;
            let _e1616 = tape6_2[(26i >> (u32(1i) & 31u))];
            replay6_2 = _e1616;
            if ((26i & 1i) != 0i) {
                let _e1624 = (2i * (1i + (1i * (26i - 1i))));
                replay6_2 = (((-(_e1616) * _e35) * _e35) / f32((_e1624 * (_e1624 + 1i))));
            }
            let _e1629 = replay6_2;
            let _e1630 = -(_e1629);
            let _e1631 = (_e1630 * _e35);
            let _e1637 = adj21_2;
            adj21_2 = (_e1637 + -((_e1598 * ((_e1631 * _e35) / (_e1606 * _e1606)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1642 = adj9_2;
            let _e1643 = (_e1642 + (_e1609 * _e35));
            adj9_2 = _e1643;
            let _e1645 = adj10_2;
            let _e1646 = (_e1645 + (_e1609 * _e1631));
            adj10_2 = _e1646;
            adj10_2 = f32();
            let _e1648 = d_P_x_2;
            let _e1649 = (_e1648 + _e1646);
            d_P_x_2 = _e1649;
            adj9_2 = f32();
            let _e1652 = adj7_2;
            let _e1653 = (_e1652 + (_e1643 * _e35));
            adj7_2 = _e1653;
            let _e1655 = adj8_2;
            let _e1656 = (_e1655 + (_e1643 * _e1630));
            adj8_2 = _e1656;
            adj8_2 = f32();
            d_P_x_2 = (_e1649 + _e1656);
            adj7_2 = f32();
            let _e1661 = adj6_2;
            let _e1662 = (_e1661 + -(_e1653));
            adj6_2 = _e1662;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1662);
        }
    }
    if (25i < _e1026) {
        rev34_2 = 25i;
        let _e1667 = tape36_2;
        if !(((25i == (_e1026 - 1i)) && _e1667)) {
            let _e1672 = d_sum_2;
            d_sum_2 = f32();
            let _e1674 = adj25_2;
            let _e1675 = (_e1674 + _e1672);
            adj25_2 = _e1675;
            adj25_2 = f32();
            let _e1677 = adj24_2;
            let _e1678 = (_e1677 + _e1675);
            adj24_2 = _e1678;
            let _e1679 = adj23_2;
            let _e1680 = (_e1679 + _e1675);
            adj23_2 = _e1680;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1678);
            adj23_2 = f32();
            let _e1684 = d_term_2;
            let _e1685 = (_e1684 + _e1680);
            d_term_2 = _e1685;
            d_term_2 = f32();
            let _e1687 = adj22_2;
            let _e1688 = (_e1687 + _e1685);
            adj22_2 = _e1688;
            adj22_2 = f32();
            let _e1693 = (2i * (1i + (1i * 25i)));
            let _e1696 = f32((_e1693 * (_e1693 + 1i)));
            let _e1698 = adj11_2;
            let _e1699 = (_e1698 + (_e1688 / _e1696));
            adj11_2 = _e1699;
            let _e1706 = tape6_2[(25i >> (u32(1i) & 31u))];
            replay6_2 = _e1706;
            if ((25i & 1i) != 0i) {
                let _e1714 = (2i * (1i + (1i * (25i - 1i))));
                replay6_2 = (((-(_e1706) * _e35) * _e35) / f32((_e1714 * (_e1714 + 1i))));
            }
            let _e1719 = replay6_2;
            let _e1720 = -(_e1719);
            let _e1721 = (_e1720 * _e35);
            let _e1727 = adj21_2;
            adj21_2 = (_e1727 + -((_e1688 * ((_e1721 * _e35) / (_e1696 * _e1696)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1732 = adj9_2;
            let _e1733 = (_e1732 + (_e1699 * _e35));
            adj9_2 = _e1733;
            let _e1735 = adj10_2;
            let _e1736 = (_e1735 + (_e1699 * _e1721));
            adj10_2 = _e1736;
            adj10_2 = f32();
            let _e1738 = d_P_x_2;
            let _e1739 = (_e1738 + _e1736);
            d_P_x_2 = _e1739;
            adj9_2 = f32();
            let _e1742 = adj7_2;
            let _e1743 = (_e1742 + (_e1733 * _e35));
            adj7_2 = _e1743;
            let _e1745 = adj8_2;
            let _e1746 = (_e1745 + (_e1733 * _e1720));
            adj8_2 = _e1746;
            adj8_2 = f32();
            d_P_x_2 = (_e1739 + _e1746);
            adj7_2 = f32();
            let _e1751 = adj6_2;
            let _e1752 = (_e1751 + -(_e1743));
            adj6_2 = _e1752;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1752);
        }
    }
    if (24i < _e1026) {
        rev34_2 = 24i;
        let _e1757 = tape36_2;
        if !(((24i == (_e1026 - 1i)) && _e1757)) {
            let _e1762 = d_sum_2;
            d_sum_2 = f32();
            let _e1764 = adj25_2;
            let _e1765 = (_e1764 + _e1762);
            adj25_2 = _e1765;
            adj25_2 = f32();
            let _e1767 = adj24_2;
            let _e1768 = (_e1767 + _e1765);
            adj24_2 = _e1768;
            let _e1769 = adj23_2;
            let _e1770 = (_e1769 + _e1765);
            adj23_2 = _e1770;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1768);
            adj23_2 = f32();
            let _e1774 = d_term_2;
            let _e1775 = (_e1774 + _e1770);
            d_term_2 = _e1775;
            d_term_2 = f32();
            let _e1777 = adj22_2;
            let _e1778 = (_e1777 + _e1775);
            adj22_2 = _e1778;
            adj22_2 = f32();
            let _e1783 = (2i * (1i + (1i * 24i)));
            let _e1786 = f32((_e1783 * (_e1783 + 1i)));
            let _e1788 = adj11_2;
            let _e1789 = (_e1788 + (_e1778 / _e1786));
            adj11_2 = _e1789;
            let _e1796 = tape6_2[(24i >> (u32(1i) & 31u))];
            replay6_2 = _e1796;
            if ((24i & 1i) != 0i) {
                let _e1804 = (2i * (1i + (1i * (24i - 1i))));
                replay6_2 = (((-(_e1796) * _e35) * _e35) / f32((_e1804 * (_e1804 + 1i))));
            }
            let _e1809 = replay6_2;
            let _e1810 = -(_e1809);
            let _e1811 = (_e1810 * _e35);
            let _e1817 = adj21_2;
            adj21_2 = (_e1817 + -((_e1778 * ((_e1811 * _e35) / (_e1786 * _e1786)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1822 = adj9_2;
            let _e1823 = (_e1822 + (_e1789 * _e35));
            adj9_2 = _e1823;
            let _e1825 = adj10_2;
            let _e1826 = (_e1825 + (_e1789 * _e1811));
            adj10_2 = _e1826;
            adj10_2 = f32();
            let _e1828 = d_P_x_2;
            let _e1829 = (_e1828 + _e1826);
            d_P_x_2 = _e1829;
            adj9_2 = f32();
            let _e1832 = adj7_2;
            let _e1833 = (_e1832 + (_e1823 * _e35));
            adj7_2 = _e1833;
            let _e1835 = adj8_2;
            let _e1836 = (_e1835 + (_e1823 * _e1810));
            adj8_2 = _e1836;
            adj8_2 = f32();
            d_P_x_2 = (_e1829 + _e1836);
            adj7_2 = f32();
            let _e1841 = adj6_2;
            let _e1842 = (_e1841 + -(_e1833));
            adj6_2 = _e1842;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1842);
        }
    }
    if (23i < _e1026) {
        rev34_2 = 23i;
        let _e1847 = tape36_2;
        if !(((23i == (_e1026 - 1i)) && _e1847)) {
            let _e1852 = d_sum_2;
            d_sum_2 = f32();
            let _e1854 = adj25_2;
            let _e1855 = (_e1854 + _e1852);
            adj25_2 = _e1855;
            adj25_2 = f32();
            let _e1857 = adj24_2;
            let _e1858 = (_e1857 + _e1855);
            adj24_2 = _e1858;
            let _e1859 = adj23_2;
            let _e1860 = (_e1859 + _e1855);
            adj23_2 = _e1860;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1858);
            adj23_2 = f32();
            let _e1864 = d_term_2;
            let _e1865 = (_e1864 + _e1860);
            d_term_2 = _e1865;
            d_term_2 = f32();
            let _e1867 = adj22_2;
            let _e1868 = (_e1867 + _e1865);
            adj22_2 = _e1868;
            adj22_2 = f32();
            let _e1873 = (2i * (1i + (1i * 23i)));
            let _e1876 = f32((_e1873 * (_e1873 + 1i)));
            let _e1878 = adj11_2;
            let _e1879 = (_e1878 + (_e1868 / _e1876));
            adj11_2 = _e1879;
            let _e1886 = tape6_2[(23i >> (u32(1i) & 31u))];
            replay6_2 = _e1886;
            if ((23i & 1i) != 0i) {
                let _e1894 = (2i * (1i + (1i * (23i - 1i))));
                replay6_2 = (((-(_e1886) * _e35) * _e35) / f32((_e1894 * (_e1894 + 1i))));
            }
            let _e1899 = replay6_2;
            let _e1900 = -(_e1899);
            let _e1901 = (_e1900 * _e35);
            let _e1907 = adj21_2;
            adj21_2 = (_e1907 + -((_e1868 * ((_e1901 * _e35) / (_e1876 * _e1876)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e1912 = adj9_2;
            let _e1913 = (_e1912 + (_e1879 * _e35));
            adj9_2 = _e1913;
            let _e1915 = adj10_2;
            let _e1916 = (_e1915 + (_e1879 * _e1901));
            adj10_2 = _e1916;
            adj10_2 = f32();
            let _e1918 = d_P_x_2;
            let _e1919 = (_e1918 + _e1916);
            d_P_x_2 = _e1919;
            adj9_2 = f32();
            let _e1922 = adj7_2;
            let _e1923 = (_e1922 + (_e1913 * _e35));
            adj7_2 = _e1923;
            let _e1925 = adj8_2;
            let _e1926 = (_e1925 + (_e1913 * _e1900));
            adj8_2 = _e1926;
            adj8_2 = f32();
            d_P_x_2 = (_e1919 + _e1926);
            adj7_2 = f32();
            let _e1931 = adj6_2;
            let _e1932 = (_e1931 + -(_e1923));
            adj6_2 = _e1932;
            adj6_2 = f32();
            d_term_2 = (f32() + _e1932);
        }
    }
    if (22i < _e1026) {
        rev34_2 = 22i;
        let _e1937 = tape36_2;
        if !(((22i == (_e1026 - 1i)) && _e1937)) {
            let _e1942 = d_sum_2;
            d_sum_2 = f32();
            let _e1944 = adj25_2;
            let _e1945 = (_e1944 + _e1942);
            adj25_2 = _e1945;
            adj25_2 = f32();
            let _e1947 = adj24_2;
            let _e1948 = (_e1947 + _e1945);
            adj24_2 = _e1948;
            let _e1949 = adj23_2;
            let _e1950 = (_e1949 + _e1945);
            adj23_2 = _e1950;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e1948);
            adj23_2 = f32();
            let _e1954 = d_term_2;
            let _e1955 = (_e1954 + _e1950);
            d_term_2 = _e1955;
            d_term_2 = f32();
            let _e1957 = adj22_2;
            let _e1958 = (_e1957 + _e1955);
            adj22_2 = _e1958;
            adj22_2 = f32();
            let _e1963 = (2i * (1i + (1i * 22i)));
            let _e1966 = f32((_e1963 * (_e1963 + 1i)));
            let _e1968 = adj11_2;
            let _e1969 = (_e1968 + (_e1958 / _e1966));
            adj11_2 = _e1969;
            let _e1976 = tape6_2[(22i >> (u32(1i) & 31u))];
            replay6_2 = _e1976;
            if ((22i & 1i) != 0i) {
                let _e1984 = (2i * (1i + (1i * (22i - 1i))));
                replay6_2 = (((-(_e1976) * _e35) * _e35) / f32((_e1984 * (_e1984 + 1i))));
            }
            let _e1989 = replay6_2;
            let _e1990 = -(_e1989);
            let _e1991 = (_e1990 * _e35);
            let _e1997 = adj21_2;
            adj21_2 = (_e1997 + -((_e1958 * ((_e1991 * _e35) / (_e1966 * _e1966)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2002 = adj9_2;
            let _e2003 = (_e2002 + (_e1969 * _e35));
            adj9_2 = _e2003;
            let _e2005 = adj10_2;
            let _e2006 = (_e2005 + (_e1969 * _e1991));
            adj10_2 = _e2006;
            adj10_2 = f32();
            let _e2008 = d_P_x_2;
            let _e2009 = (_e2008 + _e2006);
            d_P_x_2 = _e2009;
            adj9_2 = f32();
            let _e2012 = adj7_2;
            let _e2013 = (_e2012 + (_e2003 * _e35));
            adj7_2 = _e2013;
            let _e2015 = adj8_2;
            let _e2016 = (_e2015 + (_e2003 * _e1990));
            adj8_2 = _e2016;
            adj8_2 = f32();
            d_P_x_2 = (_e2009 + _e2016);
            adj7_2 = f32();
            let _e2021 = adj6_2;
            let _e2022 = (_e2021 + -(_e2013));
            adj6_2 = _e2022;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2022);
        }
    }
    if (21i < _e1026) {
        rev34_2 = 21i;
        let _e2027 = tape36_2;
        if !(((21i == (_e1026 - 1i)) && _e2027)) {
            let _e2032 = d_sum_2;
            d_sum_2 = f32();
            let _e2034 = adj25_2;
            let _e2035 = (_e2034 + _e2032);
            adj25_2 = _e2035;
            adj25_2 = f32();
            let _e2037 = adj24_2;
            let _e2038 = (_e2037 + _e2035);
            adj24_2 = _e2038;
            let _e2039 = adj23_2;
            let _e2040 = (_e2039 + _e2035);
            adj23_2 = _e2040;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2038);
            adj23_2 = f32();
            let _e2044 = d_term_2;
            let _e2045 = (_e2044 + _e2040);
            d_term_2 = _e2045;
            d_term_2 = f32();
            let _e2047 = adj22_2;
            let _e2048 = (_e2047 + _e2045);
            adj22_2 = _e2048;
            adj22_2 = f32();
            let _e2053 = (2i * (1i + (1i * 21i)));
            let _e2056 = f32((_e2053 * (_e2053 + 1i)));
            let _e2058 = adj11_2;
            let _e2059 = (_e2058 + (_e2048 / _e2056));
            adj11_2 = _e2059;
            let _e2066 = tape6_2[(21i >> (u32(1i) & 31u))];
            replay6_2 = _e2066;
            if ((21i & 1i) != 0i) {
                let _e2074 = (2i * (1i + (1i * (21i - 1i))));
                replay6_2 = (((-(_e2066) * _e35) * _e35) / f32((_e2074 * (_e2074 + 1i))));
            }
            let _e2079 = replay6_2;
            let _e2080 = -(_e2079);
            let _e2081 = (_e2080 * _e35);
            let _e2087 = adj21_2;
            adj21_2 = (_e2087 + -((_e2048 * ((_e2081 * _e35) / (_e2056 * _e2056)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2092 = adj9_2;
            let _e2093 = (_e2092 + (_e2059 * _e35));
            adj9_2 = _e2093;
            let _e2095 = adj10_2;
            let _e2096 = (_e2095 + (_e2059 * _e2081));
            adj10_2 = _e2096;
            adj10_2 = f32();
            let _e2098 = d_P_x_2;
            let _e2099 = (_e2098 + _e2096);
            d_P_x_2 = _e2099;
            adj9_2 = f32();
            let _e2102 = adj7_2;
            let _e2103 = (_e2102 + (_e2093 * _e35));
            adj7_2 = _e2103;
            let _e2105 = adj8_2;
            let _e2106 = (_e2105 + (_e2093 * _e2080));
            adj8_2 = _e2106;
            adj8_2 = f32();
            d_P_x_2 = (_e2099 + _e2106);
            adj7_2 = f32();
            let _e2111 = adj6_2;
            let _e2112 = (_e2111 + -(_e2103));
            adj6_2 = _e2112;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2112);
        }
    }
    if (20i < _e1026) {
        rev34_2 = 20i;
        let _e2117 = tape36_2;
        if !(((20i == (_e1026 - 1i)) && _e2117)) {
            let _e2122 = d_sum_2;
            d_sum_2 = f32();
            let _e2124 = adj25_2;
            let _e2125 = (_e2124 + _e2122);
            adj25_2 = _e2125;
            adj25_2 = f32();
            let _e2127 = adj24_2;
            let _e2128 = (_e2127 + _e2125);
            adj24_2 = _e2128;
            let _e2129 = adj23_2;
            let _e2130 = (_e2129 + _e2125);
            adj23_2 = _e2130;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2128);
            adj23_2 = f32();
            let _e2134 = d_term_2;
            let _e2135 = (_e2134 + _e2130);
            d_term_2 = _e2135;
            d_term_2 = f32();
            let _e2137 = adj22_2;
            let _e2138 = (_e2137 + _e2135);
            adj22_2 = _e2138;
            adj22_2 = f32();
            let _e2143 = (2i * (1i + (1i * 20i)));
            let _e2146 = f32((_e2143 * (_e2143 + 1i)));
            let _e2148 = adj11_2;
            let _e2149 = (_e2148 + (_e2138 / _e2146));
            adj11_2 = _e2149;
            let _e2156 = tape6_2[(20i >> (u32(1i) & 31u))];
            replay6_2 = _e2156;
            if ((20i & 1i) != 0i) {
                let _e2164 = (2i * (1i + (1i * (20i - 1i))));
                replay6_2 = (((-(_e2156) * _e35) * _e35) / f32((_e2164 * (_e2164 + 1i))));
            }
            let _e2169 = replay6_2;
            let _e2170 = -(_e2169);
            let _e2171 = (_e2170 * _e35);
            let _e2177 = adj21_2;
            adj21_2 = (_e2177 + -((_e2138 * ((_e2171 * _e35) / (_e2146 * _e2146)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2182 = adj9_2;
            let _e2183 = (_e2182 + (_e2149 * _e35));
            adj9_2 = _e2183;
            let _e2185 = adj10_2;
            let _e2186 = (_e2185 + (_e2149 * _e2171));
            adj10_2 = _e2186;
            adj10_2 = f32();
            let _e2188 = d_P_x_2;
            let _e2189 = (_e2188 + _e2186);
            d_P_x_2 = _e2189;
            adj9_2 = f32();
            let _e2192 = adj7_2;
            let _e2193 = (_e2192 + (_e2183 * _e35));
            adj7_2 = _e2193;
            let _e2195 = adj8_2;
            let _e2196 = (_e2195 + (_e2183 * _e2170));
            adj8_2 = _e2196;
            adj8_2 = f32();
            d_P_x_2 = (_e2189 + _e2196);
            adj7_2 = f32();
            let _e2201 = adj6_2;
            let _e2202 = (_e2201 + -(_e2193));
            adj6_2 = _e2202;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2202);
        }
    }
    if (19i < _e1026) {
        rev34_2 = 19i;
        let _e2207 = tape36_2;
        if !(((19i == (_e1026 - 1i)) && _e2207)) {
            let _e2212 = d_sum_2;
            d_sum_2 = f32();
            let _e2214 = adj25_2;
            let _e2215 = (_e2214 + _e2212);
            adj25_2 = _e2215;
            adj25_2 = f32();
            let _e2217 = adj24_2;
            let _e2218 = (_e2217 + _e2215);
            adj24_2 = _e2218;
            let _e2219 = adj23_2;
            let _e2220 = (_e2219 + _e2215);
            adj23_2 = _e2220;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2218);
            adj23_2 = f32();
            let _e2224 = d_term_2;
            let _e2225 = (_e2224 + _e2220);
            d_term_2 = _e2225;
            d_term_2 = f32();
            let _e2227 = adj22_2;
            let _e2228 = (_e2227 + _e2225);
            adj22_2 = _e2228;
            adj22_2 = f32();
            let _e2233 = (2i * (1i + (1i * 19i)));
            let _e2236 = f32((_e2233 * (_e2233 + 1i)));
            let _e2238 = adj11_2;
            let _e2239 = (_e2238 + (_e2228 / _e2236));
            adj11_2 = _e2239;
            let _e2246 = tape6_2[(19i >> (u32(1i) & 31u))];
            replay6_2 = _e2246;
            if ((19i & 1i) != 0i) {
                let _e2254 = (2i * (1i + (1i * (19i - 1i))));
                replay6_2 = (((-(_e2246) * _e35) * _e35) / f32((_e2254 * (_e2254 + 1i))));
            }
            let _e2259 = replay6_2;
            let _e2260 = -(_e2259);
            let _e2261 = (_e2260 * _e35);
            let _e2267 = adj21_2;
            adj21_2 = (_e2267 + -((_e2228 * ((_e2261 * _e35) / (_e2236 * _e2236)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2272 = adj9_2;
            let _e2273 = (_e2272 + (_e2239 * _e35));
            adj9_2 = _e2273;
            let _e2275 = adj10_2;
            let _e2276 = (_e2275 + (_e2239 * _e2261));
            adj10_2 = _e2276;
            adj10_2 = f32();
            let _e2278 = d_P_x_2;
            let _e2279 = (_e2278 + _e2276);
            d_P_x_2 = _e2279;
            adj9_2 = f32();
            let _e2282 = adj7_2;
            let _e2283 = (_e2282 + (_e2273 * _e35));
            adj7_2 = _e2283;
            let _e2285 = adj8_2;
            let _e2286 = (_e2285 + (_e2273 * _e2260));
            adj8_2 = _e2286;
            adj8_2 = f32();
            d_P_x_2 = (_e2279 + _e2286);
            adj7_2 = f32();
            let _e2291 = adj6_2;
            let _e2292 = (_e2291 + -(_e2283));
            adj6_2 = _e2292;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2292);
        }
    }
    if (18i < _e1026) {
        rev34_2 = 18i;
        let _e2297 = tape36_2;
        if !(((18i == (_e1026 - 1i)) && _e2297)) {
            let _e2302 = d_sum_2;
            d_sum_2 = f32();
            let _e2304 = adj25_2;
            let _e2305 = (_e2304 + _e2302);
            adj25_2 = _e2305;
            adj25_2 = f32();
            let _e2307 = adj24_2;
            let _e2308 = (_e2307 + _e2305);
            adj24_2 = _e2308;
            let _e2309 = adj23_2;
            let _e2310 = (_e2309 + _e2305);
            adj23_2 = _e2310;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2308);
            adj23_2 = f32();
            let _e2314 = d_term_2;
            let _e2315 = (_e2314 + _e2310);
            d_term_2 = _e2315;
            d_term_2 = f32();
            let _e2317 = adj22_2;
            let _e2318 = (_e2317 + _e2315);
            adj22_2 = _e2318;
            adj22_2 = f32();
            let _e2323 = (2i * (1i + (1i * 18i)));
            let _e2326 = f32((_e2323 * (_e2323 + 1i)));
            let _e2328 = adj11_2;
            let _e2329 = (_e2328 + (_e2318 / _e2326));
            adj11_2 = _e2329;
            let _e2336 = tape6_2[(18i >> (u32(1i) & 31u))];
            replay6_2 = _e2336;
            if ((18i & 1i) != 0i) {
                let _e2344 = (2i * (1i + (1i * (18i - 1i))));
                replay6_2 = (((-(_e2336) * _e35) * _e35) / f32((_e2344 * (_e2344 + 1i))));
            }
            let _e2349 = replay6_2;
            let _e2350 = -(_e2349);
            let _e2351 = (_e2350 * _e35);
            let _e2357 = adj21_2;
            adj21_2 = (_e2357 + -((_e2318 * ((_e2351 * _e35) / (_e2326 * _e2326)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2362 = adj9_2;
            let _e2363 = (_e2362 + (_e2329 * _e35));
            adj9_2 = _e2363;
            let _e2365 = adj10_2;
            let _e2366 = (_e2365 + (_e2329 * _e2351));
            adj10_2 = _e2366;
            adj10_2 = f32();
            let _e2368 = d_P_x_2;
            let _e2369 = (_e2368 + _e2366);
            d_P_x_2 = _e2369;
            adj9_2 = f32();
            let _e2372 = adj7_2;
            let _e2373 = (_e2372 + (_e2363 * _e35));
            adj7_2 = _e2373;
            let _e2375 = adj8_2;
            let _e2376 = (_e2375 + (_e2363 * _e2350));
            adj8_2 = _e2376;
            adj8_2 = f32();
            d_P_x_2 = (_e2369 + _e2376);
            adj7_2 = f32();
            let _e2381 = adj6_2;
            let _e2382 = (_e2381 + -(_e2373));
            adj6_2 = _e2382;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2382);
        }
    }
    if (17i < _e1026) {
        rev34_2 = 17i;
        let _e2387 = tape36_2;
        if !(((17i == (_e1026 - 1i)) && _e2387)) {
            let _e2392 = d_sum_2;
            d_sum_2 = f32();
            let _e2394 = adj25_2;
            let _e2395 = (_e2394 + _e2392);
            adj25_2 = _e2395;
            adj25_2 = f32();
            let _e2397 = adj24_2;
            let _e2398 = (_e2397 + _e2395);
            adj24_2 = _e2398;
            let _e2399 = adj23_2;
            let _e2400 = (_e2399 + _e2395);
            adj23_2 = _e2400;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2398);
            adj23_2 = f32();
            let _e2404 = d_term_2;
            let _e2405 = (_e2404 + _e2400);
            d_term_2 = _e2405;
            d_term_2 = f32();
            let _e2407 = adj22_2;
            let _e2408 = (_e2407 + _e2405);
            adj22_2 = _e2408;
            adj22_2 = f32();
            let _e2413 = (2i * (1i + (1i * 17i)));
            let _e2416 = f32((_e2413 * (_e2413 + 1i)));
            let _e2418 = adj11_2;
            let _e2419 = (_e2418 + (_e2408 / _e2416));
            adj11_2 = _e2419;
            let _e2426 = tape6_2[(17i >> (u32(1i) & 31u))];
            replay6_2 = _e2426;
            if ((17i & 1i) != 0i) {
                let _e2434 = (2i * (1i + (1i * (17i - 1i))));
                replay6_2 = (((-(_e2426) * _e35) * _e35) / f32((_e2434 * (_e2434 + 1i))));
            }
            let _e2439 = replay6_2;
            let _e2440 = -(_e2439);
            let _e2441 = (_e2440 * _e35);
            let _e2447 = adj21_2;
            adj21_2 = (_e2447 + -((_e2408 * ((_e2441 * _e35) / (_e2416 * _e2416)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2452 = adj9_2;
            let _e2453 = (_e2452 + (_e2419 * _e35));
            adj9_2 = _e2453;
            let _e2455 = adj10_2;
            let _e2456 = (_e2455 + (_e2419 * _e2441));
            adj10_2 = _e2456;
            adj10_2 = f32();
            let _e2458 = d_P_x_2;
            let _e2459 = (_e2458 + _e2456);
            d_P_x_2 = _e2459;
            adj9_2 = f32();
            let _e2462 = adj7_2;
            let _e2463 = (_e2462 + (_e2453 * _e35));
            adj7_2 = _e2463;
            let _e2465 = adj8_2;
            let _e2466 = (_e2465 + (_e2453 * _e2440));
            adj8_2 = _e2466;
            adj8_2 = f32();
            d_P_x_2 = (_e2459 + _e2466);
            adj7_2 = f32();
            let _e2471 = adj6_2;
            let _e2472 = (_e2471 + -(_e2463));
            adj6_2 = _e2472;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2472);
        }
    }
    if (16i < _e1026) {
        rev34_2 = 16i;
        let _e2477 = tape36_2;
        if !(((16i == (_e1026 - 1i)) && _e2477)) {
            let _e2482 = d_sum_2;
            d_sum_2 = f32();
            let _e2484 = adj25_2;
            let _e2485 = (_e2484 + _e2482);
            adj25_2 = _e2485;
            adj25_2 = f32();
            let _e2487 = adj24_2;
            let _e2488 = (_e2487 + _e2485);
            adj24_2 = _e2488;
            let _e2489 = adj23_2;
            let _e2490 = (_e2489 + _e2485);
            adj23_2 = _e2490;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2488);
            adj23_2 = f32();
            let _e2494 = d_term_2;
            let _e2495 = (_e2494 + _e2490);
            d_term_2 = _e2495;
            d_term_2 = f32();
            let _e2497 = adj22_2;
            let _e2498 = (_e2497 + _e2495);
            adj22_2 = _e2498;
            adj22_2 = f32();
            let _e2503 = (2i * (1i + (1i * 16i)));
            let _e2506 = f32((_e2503 * (_e2503 + 1i)));
            let _e2508 = adj11_2;
            let _e2509 = (_e2508 + (_e2498 / _e2506));
            adj11_2 = _e2509;
            let _e2516 = tape6_2[(16i >> (u32(1i) & 31u))];
            replay6_2 = _e2516;
            if ((16i & 1i) != 0i) {
                let _e2524 = (2i * (1i + (1i * (16i - 1i))));
                replay6_2 = (((-(_e2516) * _e35) * _e35) / f32((_e2524 * (_e2524 + 1i))));
            }
            let _e2529 = replay6_2;
            let _e2530 = -(_e2529);
            let _e2531 = (_e2530 * _e35);
            let _e2537 = adj21_2;
            adj21_2 = (_e2537 + -((_e2498 * ((_e2531 * _e35) / (_e2506 * _e2506)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2542 = adj9_2;
            let _e2543 = (_e2542 + (_e2509 * _e35));
            adj9_2 = _e2543;
            let _e2545 = adj10_2;
            let _e2546 = (_e2545 + (_e2509 * _e2531));
            adj10_2 = _e2546;
            adj10_2 = f32();
            let _e2548 = d_P_x_2;
            let _e2549 = (_e2548 + _e2546);
            d_P_x_2 = _e2549;
            adj9_2 = f32();
            let _e2552 = adj7_2;
            let _e2553 = (_e2552 + (_e2543 * _e35));
            adj7_2 = _e2553;
            let _e2555 = adj8_2;
            let _e2556 = (_e2555 + (_e2543 * _e2530));
            adj8_2 = _e2556;
            adj8_2 = f32();
            d_P_x_2 = (_e2549 + _e2556);
            adj7_2 = f32();
            let _e2561 = adj6_2;
            let _e2562 = (_e2561 + -(_e2553));
            adj6_2 = _e2562;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2562);
        }
    }
    if (15i < _e1026) {
        rev34_2 = 15i;
        let _e2567 = tape36_2;
        if !(((15i == (_e1026 - 1i)) && _e2567)) {
            let _e2572 = d_sum_2;
            d_sum_2 = f32();
            let _e2574 = adj25_2;
            let _e2575 = (_e2574 + _e2572);
            adj25_2 = _e2575;
            adj25_2 = f32();
            let _e2577 = adj24_2;
            let _e2578 = (_e2577 + _e2575);
            adj24_2 = _e2578;
            let _e2579 = adj23_2;
            let _e2580 = (_e2579 + _e2575);
            adj23_2 = _e2580;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2578);
            adj23_2 = f32();
            let _e2584 = d_term_2;
            let _e2585 = (_e2584 + _e2580);
            d_term_2 = _e2585;
            d_term_2 = f32();
            let _e2587 = adj22_2;
            let _e2588 = (_e2587 + _e2585);
            adj22_2 = _e2588;
            adj22_2 = f32();
            let _e2593 = (2i * (1i + (1i * 15i)));
            let _e2596 = f32((_e2593 * (_e2593 + 1i)));
            let _e2598 = adj11_2;
            let _e2599 = (_e2598 + (_e2588 / _e2596));
            adj11_2 = _e2599;
            let _e2606 = tape6_2[(15i >> (u32(1i) & 31u))];
            replay6_2 = _e2606;
            if ((15i & 1i) != 0i) {
                let _e2614 = (2i * (1i + (1i * (15i - 1i))));
                replay6_2 = (((-(_e2606) * _e35) * _e35) / f32((_e2614 * (_e2614 + 1i))));
            }
            let _e2619 = replay6_2;
            let _e2620 = -(_e2619);
            let _e2621 = (_e2620 * _e35);
            let _e2627 = adj21_2;
            adj21_2 = (_e2627 + -((_e2588 * ((_e2621 * _e35) / (_e2596 * _e2596)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2632 = adj9_2;
            let _e2633 = (_e2632 + (_e2599 * _e35));
            adj9_2 = _e2633;
            let _e2635 = adj10_2;
            let _e2636 = (_e2635 + (_e2599 * _e2621));
            adj10_2 = _e2636;
            adj10_2 = f32();
            let _e2638 = d_P_x_2;
            let _e2639 = (_e2638 + _e2636);
            d_P_x_2 = _e2639;
            adj9_2 = f32();
            let _e2642 = adj7_2;
            let _e2643 = (_e2642 + (_e2633 * _e35));
            adj7_2 = _e2643;
            let _e2645 = adj8_2;
            let _e2646 = (_e2645 + (_e2633 * _e2620));
            adj8_2 = _e2646;
            adj8_2 = f32();
            d_P_x_2 = (_e2639 + _e2646);
            adj7_2 = f32();
            let _e2651 = adj6_2;
            let _e2652 = (_e2651 + -(_e2643));
            adj6_2 = _e2652;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2652);
        }
    }
    if (14i < _e1026) {
        rev34_2 = 14i;
        let _e2657 = tape36_2;
        if !(((14i == (_e1026 - 1i)) && _e2657)) {
            let _e2662 = d_sum_2;
            d_sum_2 = f32();
            let _e2664 = adj25_2;
            let _e2665 = (_e2664 + _e2662);
            adj25_2 = _e2665;
            adj25_2 = f32();
            let _e2667 = adj24_2;
            let _e2668 = (_e2667 + _e2665);
            adj24_2 = _e2668;
            let _e2669 = adj23_2;
            let _e2670 = (_e2669 + _e2665);
            adj23_2 = _e2670;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2668);
            adj23_2 = f32();
            let _e2674 = d_term_2;
            let _e2675 = (_e2674 + _e2670);
            d_term_2 = _e2675;
            d_term_2 = f32();
            let _e2677 = adj22_2;
            let _e2678 = (_e2677 + _e2675);
            adj22_2 = _e2678;
            adj22_2 = f32();
            let _e2683 = (2i * (1i + (1i * 14i)));
            let _e2686 = f32((_e2683 * (_e2683 + 1i)));
            let _e2688 = adj11_2;
            let _e2689 = (_e2688 + (_e2678 / _e2686));
            adj11_2 = _e2689;
            let _e2696 = tape6_2[(14i >> (u32(1i) & 31u))];
            replay6_2 = _e2696;
            if ((14i & 1i) != 0i) {
                let _e2704 = (2i * (1i + (1i * (14i - 1i))));
                replay6_2 = (((-(_e2696) * _e35) * _e35) / f32((_e2704 * (_e2704 + 1i))));
            }
            let _e2709 = replay6_2;
            let _e2710 = -(_e2709);
            let _e2711 = (_e2710 * _e35);
            let _e2717 = adj21_2;
            adj21_2 = (_e2717 + -((_e2678 * ((_e2711 * _e35) / (_e2686 * _e2686)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2722 = adj9_2;
            let _e2723 = (_e2722 + (_e2689 * _e35));
            adj9_2 = _e2723;
            let _e2725 = adj10_2;
            let _e2726 = (_e2725 + (_e2689 * _e2711));
            adj10_2 = _e2726;
            adj10_2 = f32();
            let _e2728 = d_P_x_2;
            let _e2729 = (_e2728 + _e2726);
            d_P_x_2 = _e2729;
            adj9_2 = f32();
            let _e2732 = adj7_2;
            let _e2733 = (_e2732 + (_e2723 * _e35));
            adj7_2 = _e2733;
            let _e2735 = adj8_2;
            let _e2736 = (_e2735 + (_e2723 * _e2710));
            adj8_2 = _e2736;
            adj8_2 = f32();
            d_P_x_2 = (_e2729 + _e2736);
            adj7_2 = f32();
            let _e2741 = adj6_2;
            let _e2742 = (_e2741 + -(_e2733));
            adj6_2 = _e2742;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2742);
        }
    }
    if (13i < _e1026) {
        rev34_2 = 13i;
        let _e2747 = tape36_2;
        if !(((13i == (_e1026 - 1i)) && _e2747)) {
            let _e2752 = d_sum_2;
            d_sum_2 = f32();
            let _e2754 = adj25_2;
            let _e2755 = (_e2754 + _e2752);
            adj25_2 = _e2755;
            adj25_2 = f32();
            let _e2757 = adj24_2;
            let _e2758 = (_e2757 + _e2755);
            adj24_2 = _e2758;
            let _e2759 = adj23_2;
            let _e2760 = (_e2759 + _e2755);
            adj23_2 = _e2760;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2758);
            adj23_2 = f32();
            let _e2764 = d_term_2;
            let _e2765 = (_e2764 + _e2760);
            d_term_2 = _e2765;
            d_term_2 = f32();
            let _e2767 = adj22_2;
            let _e2768 = (_e2767 + _e2765);
            adj22_2 = _e2768;
            adj22_2 = f32();
            let _e2773 = (2i * (1i + (1i * 13i)));
            let _e2776 = f32((_e2773 * (_e2773 + 1i)));
            let _e2778 = adj11_2;
            let _e2779 = (_e2778 + (_e2768 / _e2776));
            adj11_2 = _e2779;
            let _e2786 = tape6_2[(13i >> (u32(1i) & 31u))];
            replay6_2 = _e2786;
            if ((13i & 1i) != 0i) {
                let _e2794 = (2i * (1i + (1i * (13i - 1i))));
                replay6_2 = (((-(_e2786) * _e35) * _e35) / f32((_e2794 * (_e2794 + 1i))));
            }
            let _e2799 = replay6_2;
            let _e2800 = -(_e2799);
            let _e2801 = (_e2800 * _e35);
            let _e2807 = adj21_2;
            adj21_2 = (_e2807 + -((_e2768 * ((_e2801 * _e35) / (_e2776 * _e2776)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2812 = adj9_2;
            let _e2813 = (_e2812 + (_e2779 * _e35));
            adj9_2 = _e2813;
            let _e2815 = adj10_2;
            let _e2816 = (_e2815 + (_e2779 * _e2801));
            adj10_2 = _e2816;
            adj10_2 = f32();
            let _e2818 = d_P_x_2;
            let _e2819 = (_e2818 + _e2816);
            d_P_x_2 = _e2819;
            adj9_2 = f32();
            let _e2822 = adj7_2;
            let _e2823 = (_e2822 + (_e2813 * _e35));
            adj7_2 = _e2823;
            let _e2825 = adj8_2;
            let _e2826 = (_e2825 + (_e2813 * _e2800));
            adj8_2 = _e2826;
            adj8_2 = f32();
            d_P_x_2 = (_e2819 + _e2826);
            adj7_2 = f32();
            let _e2831 = adj6_2;
            let _e2832 = (_e2831 + -(_e2823));
            adj6_2 = _e2832;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2832);
        }
    }
    if (12i < _e1026) {
        rev34_2 = 12i;
        let _e2837 = tape36_2;
        if !(((12i == (_e1026 - 1i)) && _e2837)) {
            let _e2842 = d_sum_2;
            d_sum_2 = f32();
            let _e2844 = adj25_2;
            let _e2845 = (_e2844 + _e2842);
            adj25_2 = _e2845;
            adj25_2 = f32();
            let _e2847 = adj24_2;
            let _e2848 = (_e2847 + _e2845);
            adj24_2 = _e2848;
            let _e2849 = adj23_2;
            let _e2850 = (_e2849 + _e2845);
            adj23_2 = _e2850;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2848);
            adj23_2 = f32();
            let _e2854 = d_term_2;
            let _e2855 = (_e2854 + _e2850);
            d_term_2 = _e2855;
            d_term_2 = f32();
            let _e2857 = adj22_2;
            let _e2858 = (_e2857 + _e2855);
            adj22_2 = _e2858;
            adj22_2 = f32();
            let _e2863 = (2i * (1i + (1i * 12i)));
            let _e2866 = f32((_e2863 * (_e2863 + 1i)));
            let _e2868 = adj11_2;
            let _e2869 = (_e2868 + (_e2858 / _e2866));
            adj11_2 = _e2869;
            let _e2876 = tape6_2[(12i >> (u32(1i) & 31u))];
            replay6_2 = _e2876;
            if ((12i & 1i) != 0i) {
                let _e2884 = (2i * (1i + (1i * (12i - 1i))));
                replay6_2 = (((-(_e2876) * _e35) * _e35) / f32((_e2884 * (_e2884 + 1i))));
            }
            let _e2889 = replay6_2;
            let _e2890 = -(_e2889);
            let _e2891 = (_e2890 * _e35);
            let _e2897 = adj21_2;
            adj21_2 = (_e2897 + -((_e2858 * ((_e2891 * _e35) / (_e2866 * _e2866)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2902 = adj9_2;
            let _e2903 = (_e2902 + (_e2869 * _e35));
            adj9_2 = _e2903;
            let _e2905 = adj10_2;
            let _e2906 = (_e2905 + (_e2869 * _e2891));
            adj10_2 = _e2906;
            adj10_2 = f32();
            let _e2908 = d_P_x_2;
            let _e2909 = (_e2908 + _e2906);
            d_P_x_2 = _e2909;
            adj9_2 = f32();
            let _e2912 = adj7_2;
            let _e2913 = (_e2912 + (_e2903 * _e35));
            adj7_2 = _e2913;
            let _e2915 = adj8_2;
            let _e2916 = (_e2915 + (_e2903 * _e2890));
            adj8_2 = _e2916;
            adj8_2 = f32();
            d_P_x_2 = (_e2909 + _e2916);
            adj7_2 = f32();
            let _e2921 = adj6_2;
            let _e2922 = (_e2921 + -(_e2913));
            adj6_2 = _e2922;
            adj6_2 = f32();
            d_term_2 = (f32() + _e2922);
        }
    }
    if (11i < _e1026) {
        rev34_2 = 11i;
        let _e2927 = tape36_2;
        if !(((11i == (_e1026 - 1i)) && _e2927)) {
            let _e2932 = d_sum_2;
            d_sum_2 = f32();
            let _e2934 = adj25_2;
            let _e2935 = (_e2934 + _e2932);
            adj25_2 = _e2935;
            adj25_2 = f32();
            let _e2937 = adj24_2;
            let _e2938 = (_e2937 + _e2935);
            adj24_2 = _e2938;
            let _e2939 = adj23_2;
            let _e2940 = (_e2939 + _e2935);
            adj23_2 = _e2940;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e2938);
            adj23_2 = f32();
            let _e2944 = d_term_2;
            let _e2945 = (_e2944 + _e2940);
            d_term_2 = _e2945;
            d_term_2 = f32();
            let _e2947 = adj22_2;
            let _e2948 = (_e2947 + _e2945);
            adj22_2 = _e2948;
            adj22_2 = f32();
            let _e2953 = (2i * (1i + (1i * 11i)));
            let _e2956 = f32((_e2953 * (_e2953 + 1i)));
            let _e2958 = adj11_2;
            let _e2959 = (_e2958 + (_e2948 / _e2956));
            adj11_2 = _e2959;
            let _e2966 = tape6_2[(11i >> (u32(1i) & 31u))];
            replay6_2 = _e2966;
            if ((11i & 1i) != 0i) {
                let _e2974 = (2i * (1i + (1i * (11i - 1i))));
                replay6_2 = (((-(_e2966) * _e35) * _e35) / f32((_e2974 * (_e2974 + 1i))));
            }
            let _e2979 = replay6_2;
            let _e2980 = -(_e2979);
            let _e2981 = (_e2980 * _e35);
            let _e2987 = adj21_2;
            adj21_2 = (_e2987 + -((_e2948 * ((_e2981 * _e35) / (_e2956 * _e2956)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e2992 = adj9_2;
            let _e2993 = (_e2992 + (_e2959 * _e35));
            adj9_2 = _e2993;
            let _e2995 = adj10_2;
            let _e2996 = (_e2995 + (_e2959 * _e2981));
            adj10_2 = _e2996;
            adj10_2 = f32();
            let _e2998 = d_P_x_2;
            let _e2999 = (_e2998 + _e2996);
            d_P_x_2 = _e2999;
            adj9_2 = f32();
            let _e3002 = adj7_2;
            let _e3003 = (_e3002 + (_e2993 * _e35));
            adj7_2 = _e3003;
            let _e3005 = adj8_2;
            let _e3006 = (_e3005 + (_e2993 * _e2980));
            adj8_2 = _e3006;
            adj8_2 = f32();
            d_P_x_2 = (_e2999 + _e3006);
            adj7_2 = f32();
            let _e3011 = adj6_2;
            let _e3012 = (_e3011 + -(_e3003));
            adj6_2 = _e3012;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3012);
        }
    }
    if (10i < _e1026) {
        rev34_2 = 10i;
        let _e3017 = tape36_2;
        if !(((10i == (_e1026 - 1i)) && _e3017)) {
            let _e3022 = d_sum_2;
            d_sum_2 = f32();
            let _e3024 = adj25_2;
            let _e3025 = (_e3024 + _e3022);
            adj25_2 = _e3025;
            adj25_2 = f32();
            let _e3027 = adj24_2;
            let _e3028 = (_e3027 + _e3025);
            adj24_2 = _e3028;
            let _e3029 = adj23_2;
            let _e3030 = (_e3029 + _e3025);
            adj23_2 = _e3030;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3028);
            adj23_2 = f32();
            let _e3034 = d_term_2;
            let _e3035 = (_e3034 + _e3030);
            d_term_2 = _e3035;
            d_term_2 = f32();
            let _e3037 = adj22_2;
            let _e3038 = (_e3037 + _e3035);
            adj22_2 = _e3038;
            adj22_2 = f32();
            let _e3043 = (2i * (1i + (1i * 10i)));
            let _e3046 = f32((_e3043 * (_e3043 + 1i)));
            let _e3048 = adj11_2;
            let _e3049 = (_e3048 + (_e3038 / _e3046));
            adj11_2 = _e3049;
            let _e3056 = tape6_2[(10i >> (u32(1i) & 31u))];
            replay6_2 = _e3056;
            if ((10i & 1i) != 0i) {
                let _e3064 = (2i * (1i + (1i * (10i - 1i))));
                replay6_2 = (((-(_e3056) * _e35) * _e35) / f32((_e3064 * (_e3064 + 1i))));
            }
            let _e3069 = replay6_2;
            let _e3070 = -(_e3069);
            let _e3071 = (_e3070 * _e35);
            let _e3077 = adj21_2;
            adj21_2 = (_e3077 + -((_e3038 * ((_e3071 * _e35) / (_e3046 * _e3046)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3082 = adj9_2;
            let _e3083 = (_e3082 + (_e3049 * _e35));
            adj9_2 = _e3083;
            let _e3085 = adj10_2;
            let _e3086 = (_e3085 + (_e3049 * _e3071));
            adj10_2 = _e3086;
            adj10_2 = f32();
            let _e3088 = d_P_x_2;
            let _e3089 = (_e3088 + _e3086);
            d_P_x_2 = _e3089;
            adj9_2 = f32();
            let _e3092 = adj7_2;
            let _e3093 = (_e3092 + (_e3083 * _e35));
            adj7_2 = _e3093;
            let _e3095 = adj8_2;
            let _e3096 = (_e3095 + (_e3083 * _e3070));
            adj8_2 = _e3096;
            adj8_2 = f32();
            d_P_x_2 = (_e3089 + _e3096);
            adj7_2 = f32();
            let _e3101 = adj6_2;
            let _e3102 = (_e3101 + -(_e3093));
            adj6_2 = _e3102;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3102);
        }
    }
    if (9i < _e1026) {
        rev34_2 = 9i;
        let _e3107 = tape36_2;
        if !(((9i == (_e1026 - 1i)) && _e3107)) {
            let _e3112 = d_sum_2;
            d_sum_2 = f32();
            let _e3114 = adj25_2;
            let _e3115 = (_e3114 + _e3112);
            adj25_2 = _e3115;
            adj25_2 = f32();
            let _e3117 = adj24_2;
            let _e3118 = (_e3117 + _e3115);
            adj24_2 = _e3118;
            let _e3119 = adj23_2;
            let _e3120 = (_e3119 + _e3115);
            adj23_2 = _e3120;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3118);
            adj23_2 = f32();
            let _e3124 = d_term_2;
            let _e3125 = (_e3124 + _e3120);
            d_term_2 = _e3125;
            d_term_2 = f32();
            let _e3127 = adj22_2;
            let _e3128 = (_e3127 + _e3125);
            adj22_2 = _e3128;
            adj22_2 = f32();
            let _e3133 = (2i * (1i + (1i * 9i)));
            let _e3136 = f32((_e3133 * (_e3133 + 1i)));
            let _e3138 = adj11_2;
            let _e3139 = (_e3138 + (_e3128 / _e3136));
            adj11_2 = _e3139;
            let _e3146 = tape6_2[(9i >> (u32(1i) & 31u))];
            replay6_2 = _e3146;
            if ((9i & 1i) != 0i) {
                let _e3154 = (2i * (1i + (1i * (9i - 1i))));
                replay6_2 = (((-(_e3146) * _e35) * _e35) / f32((_e3154 * (_e3154 + 1i))));
            }
            let _e3159 = replay6_2;
            let _e3160 = -(_e3159);
            let _e3161 = (_e3160 * _e35);
            let _e3167 = adj21_2;
            adj21_2 = (_e3167 + -((_e3128 * ((_e3161 * _e35) / (_e3136 * _e3136)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3172 = adj9_2;
            let _e3173 = (_e3172 + (_e3139 * _e35));
            adj9_2 = _e3173;
            let _e3175 = adj10_2;
            let _e3176 = (_e3175 + (_e3139 * _e3161));
            adj10_2 = _e3176;
            adj10_2 = f32();
            let _e3178 = d_P_x_2;
            let _e3179 = (_e3178 + _e3176);
            d_P_x_2 = _e3179;
            adj9_2 = f32();
            let _e3182 = adj7_2;
            let _e3183 = (_e3182 + (_e3173 * _e35));
            adj7_2 = _e3183;
            let _e3185 = adj8_2;
            let _e3186 = (_e3185 + (_e3173 * _e3160));
            adj8_2 = _e3186;
            adj8_2 = f32();
            d_P_x_2 = (_e3179 + _e3186);
            adj7_2 = f32();
            let _e3191 = adj6_2;
            let _e3192 = (_e3191 + -(_e3183));
            adj6_2 = _e3192;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3192);
        }
    }
    if (8i < _e1026) {
        rev34_2 = 8i;
        let _e3197 = tape36_2;
        if !(((8i == (_e1026 - 1i)) && _e3197)) {
            let _e3202 = d_sum_2;
            d_sum_2 = f32();
            let _e3204 = adj25_2;
            let _e3205 = (_e3204 + _e3202);
            adj25_2 = _e3205;
            adj25_2 = f32();
            let _e3207 = adj24_2;
            let _e3208 = (_e3207 + _e3205);
            adj24_2 = _e3208;
            let _e3209 = adj23_2;
            let _e3210 = (_e3209 + _e3205);
            adj23_2 = _e3210;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3208);
            adj23_2 = f32();
            let _e3214 = d_term_2;
            let _e3215 = (_e3214 + _e3210);
            d_term_2 = _e3215;
            d_term_2 = f32();
            let _e3217 = adj22_2;
            let _e3218 = (_e3217 + _e3215);
            adj22_2 = _e3218;
            adj22_2 = f32();
            let _e3223 = (2i * (1i + (1i * 8i)));
            let _e3226 = f32((_e3223 * (_e3223 + 1i)));
            let _e3228 = adj11_2;
            let _e3229 = (_e3228 + (_e3218 / _e3226));
            adj11_2 = _e3229;
            let _e3236 = tape6_2[(8i >> (u32(1i) & 31u))];
            replay6_2 = _e3236;
            if ((8i & 1i) != 0i) {
                let _e3244 = (2i * (1i + (1i * (8i - 1i))));
                replay6_2 = (((-(_e3236) * _e35) * _e35) / f32((_e3244 * (_e3244 + 1i))));
            }
            let _e3249 = replay6_2;
            let _e3250 = -(_e3249);
            let _e3251 = (_e3250 * _e35);
            let _e3257 = adj21_2;
            adj21_2 = (_e3257 + -((_e3218 * ((_e3251 * _e35) / (_e3226 * _e3226)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3262 = adj9_2;
            let _e3263 = (_e3262 + (_e3229 * _e35));
            adj9_2 = _e3263;
            let _e3265 = adj10_2;
            let _e3266 = (_e3265 + (_e3229 * _e3251));
            adj10_2 = _e3266;
            adj10_2 = f32();
            let _e3268 = d_P_x_2;
            let _e3269 = (_e3268 + _e3266);
            d_P_x_2 = _e3269;
            adj9_2 = f32();
            let _e3272 = adj7_2;
            let _e3273 = (_e3272 + (_e3263 * _e35));
            adj7_2 = _e3273;
            let _e3275 = adj8_2;
            let _e3276 = (_e3275 + (_e3263 * _e3250));
            adj8_2 = _e3276;
            adj8_2 = f32();
            d_P_x_2 = (_e3269 + _e3276);
            adj7_2 = f32();
            let _e3281 = adj6_2;
            let _e3282 = (_e3281 + -(_e3273));
            adj6_2 = _e3282;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3282);
        }
    }
    if (7i < _e1026) {
        rev34_2 = 7i;
        let _e3287 = tape36_2;
        if !(((7i == (_e1026 - 1i)) && _e3287)) {
            let _e3292 = d_sum_2;
            d_sum_2 = f32();
            let _e3294 = adj25_2;
            let _e3295 = (_e3294 + _e3292);
            adj25_2 = _e3295;
            adj25_2 = f32();
            let _e3297 = adj24_2;
            let _e3298 = (_e3297 + _e3295);
            adj24_2 = _e3298;
            let _e3299 = adj23_2;
            let _e3300 = (_e3299 + _e3295);
            adj23_2 = _e3300;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3298);
            adj23_2 = f32();
            let _e3304 = d_term_2;
            let _e3305 = (_e3304 + _e3300);
            d_term_2 = _e3305;
            d_term_2 = f32();
            let _e3307 = adj22_2;
            let _e3308 = (_e3307 + _e3305);
            adj22_2 = _e3308;
            adj22_2 = f32();
            let _e3313 = (2i * (1i + (1i * 7i)));
            let _e3316 = f32((_e3313 * (_e3313 + 1i)));
            let _e3318 = adj11_2;
            let _e3319 = (_e3318 + (_e3308 / _e3316));
            adj11_2 = _e3319;
            let _e3326 = tape6_2[(7i >> (u32(1i) & 31u))];
            replay6_2 = _e3326;
            if ((7i & 1i) != 0i) {
                let _e3334 = (2i * (1i + (1i * (7i - 1i))));
                replay6_2 = (((-(_e3326) * _e35) * _e35) / f32((_e3334 * (_e3334 + 1i))));
            }
            let _e3339 = replay6_2;
            let _e3340 = -(_e3339);
            let _e3341 = (_e3340 * _e35);
            let _e3347 = adj21_2;
            adj21_2 = (_e3347 + -((_e3308 * ((_e3341 * _e35) / (_e3316 * _e3316)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3352 = adj9_2;
            let _e3353 = (_e3352 + (_e3319 * _e35));
            adj9_2 = _e3353;
            let _e3355 = adj10_2;
            let _e3356 = (_e3355 + (_e3319 * _e3341));
            adj10_2 = _e3356;
            adj10_2 = f32();
            let _e3358 = d_P_x_2;
            let _e3359 = (_e3358 + _e3356);
            d_P_x_2 = _e3359;
            adj9_2 = f32();
            let _e3362 = adj7_2;
            let _e3363 = (_e3362 + (_e3353 * _e35));
            adj7_2 = _e3363;
            let _e3365 = adj8_2;
            let _e3366 = (_e3365 + (_e3353 * _e3340));
            adj8_2 = _e3366;
            adj8_2 = f32();
            d_P_x_2 = (_e3359 + _e3366);
            adj7_2 = f32();
            let _e3371 = adj6_2;
            let _e3372 = (_e3371 + -(_e3363));
            adj6_2 = _e3372;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3372);
        }
    }
    if (6i < _e1026) {
        rev34_2 = 6i;
        let _e3377 = tape36_2;
        if !(((6i == (_e1026 - 1i)) && _e3377)) {
            let _e3382 = d_sum_2;
            d_sum_2 = f32();
            let _e3384 = adj25_2;
            let _e3385 = (_e3384 + _e3382);
            adj25_2 = _e3385;
            adj25_2 = f32();
            let _e3387 = adj24_2;
            let _e3388 = (_e3387 + _e3385);
            adj24_2 = _e3388;
            let _e3389 = adj23_2;
            let _e3390 = (_e3389 + _e3385);
            adj23_2 = _e3390;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3388);
            adj23_2 = f32();
            let _e3394 = d_term_2;
            let _e3395 = (_e3394 + _e3390);
            d_term_2 = _e3395;
            d_term_2 = f32();
            let _e3397 = adj22_2;
            let _e3398 = (_e3397 + _e3395);
            adj22_2 = _e3398;
            adj22_2 = f32();
            let _e3403 = (2i * (1i + (1i * 6i)));
            let _e3406 = f32((_e3403 * (_e3403 + 1i)));
            let _e3408 = adj11_2;
            let _e3409 = (_e3408 + (_e3398 / _e3406));
            adj11_2 = _e3409;
            let _e3416 = tape6_2[(6i >> (u32(1i) & 31u))];
            replay6_2 = _e3416;
            if ((6i & 1i) != 0i) {
                let _e3424 = (2i * (1i + (1i * (6i - 1i))));
                replay6_2 = (((-(_e3416) * _e35) * _e35) / f32((_e3424 * (_e3424 + 1i))));
            }
            let _e3429 = replay6_2;
            let _e3430 = -(_e3429);
            let _e3431 = (_e3430 * _e35);
            let _e3437 = adj21_2;
            adj21_2 = (_e3437 + -((_e3398 * ((_e3431 * _e35) / (_e3406 * _e3406)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3442 = adj9_2;
            let _e3443 = (_e3442 + (_e3409 * _e35));
            adj9_2 = _e3443;
            let _e3445 = adj10_2;
            let _e3446 = (_e3445 + (_e3409 * _e3431));
            adj10_2 = _e3446;
            adj10_2 = f32();
            let _e3448 = d_P_x_2;
            let _e3449 = (_e3448 + _e3446);
            d_P_x_2 = _e3449;
            adj9_2 = f32();
            let _e3452 = adj7_2;
            let _e3453 = (_e3452 + (_e3443 * _e35));
            adj7_2 = _e3453;
            let _e3455 = adj8_2;
            let _e3456 = (_e3455 + (_e3443 * _e3430));
            adj8_2 = _e3456;
            adj8_2 = f32();
            d_P_x_2 = (_e3449 + _e3456);
            adj7_2 = f32();
            let _e3461 = adj6_2;
            let _e3462 = (_e3461 + -(_e3453));
            adj6_2 = _e3462;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3462);
        }
    }
    if (5i < _e1026) {
        rev34_2 = 5i;
        let _e3467 = tape36_2;
        if !(((5i == (_e1026 - 1i)) && _e3467)) {
            let _e3472 = d_sum_2;
            d_sum_2 = f32();
            let _e3474 = adj25_2;
            let _e3475 = (_e3474 + _e3472);
            adj25_2 = _e3475;
            adj25_2 = f32();
            let _e3477 = adj24_2;
            let _e3478 = (_e3477 + _e3475);
            adj24_2 = _e3478;
            let _e3479 = adj23_2;
            let _e3480 = (_e3479 + _e3475);
            adj23_2 = _e3480;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3478);
            adj23_2 = f32();
            let _e3484 = d_term_2;
            let _e3485 = (_e3484 + _e3480);
            d_term_2 = _e3485;
            d_term_2 = f32();
            let _e3487 = adj22_2;
            let _e3488 = (_e3487 + _e3485);
            adj22_2 = _e3488;
            adj22_2 = f32();
            let _e3493 = (2i * (1i + (1i * 5i)));
            let _e3496 = f32((_e3493 * (_e3493 + 1i)));
            let _e3498 = adj11_2;
            let _e3499 = (_e3498 + (_e3488 / _e3496));
            adj11_2 = _e3499;
            let _e3506 = tape6_2[(5i >> (u32(1i) & 31u))];
            replay6_2 = _e3506;
            if ((5i & 1i) != 0i) {
                let _e3514 = (2i * (1i + (1i * (5i - 1i))));
                replay6_2 = (((-(_e3506) * _e35) * _e35) / f32((_e3514 * (_e3514 + 1i))));
            }
            let _e3519 = replay6_2;
            let _e3520 = -(_e3519);
            let _e3521 = (_e3520 * _e35);
            let _e3527 = adj21_2;
            adj21_2 = (_e3527 + -((_e3488 * ((_e3521 * _e35) / (_e3496 * _e3496)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3532 = adj9_2;
            let _e3533 = (_e3532 + (_e3499 * _e35));
            adj9_2 = _e3533;
            let _e3535 = adj10_2;
            let _e3536 = (_e3535 + (_e3499 * _e3521));
            adj10_2 = _e3536;
            adj10_2 = f32();
            let _e3538 = d_P_x_2;
            let _e3539 = (_e3538 + _e3536);
            d_P_x_2 = _e3539;
            adj9_2 = f32();
            let _e3542 = adj7_2;
            let _e3543 = (_e3542 + (_e3533 * _e35));
            adj7_2 = _e3543;
            let _e3545 = adj8_2;
            let _e3546 = (_e3545 + (_e3533 * _e3520));
            adj8_2 = _e3546;
            adj8_2 = f32();
            d_P_x_2 = (_e3539 + _e3546);
            adj7_2 = f32();
            let _e3551 = adj6_2;
            let _e3552 = (_e3551 + -(_e3543));
            adj6_2 = _e3552;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3552);
        }
    }
    if (4i < _e1026) {
        rev34_2 = 4i;
        let _e3557 = tape36_2;
        if !(((4i == (_e1026 - 1i)) && _e3557)) {
            let _e3562 = d_sum_2;
            d_sum_2 = f32();
            let _e3564 = adj25_2;
            let _e3565 = (_e3564 + _e3562);
            adj25_2 = _e3565;
            adj25_2 = f32();
            let _e3567 = adj24_2;
            let _e3568 = (_e3567 + _e3565);
            adj24_2 = _e3568;
            let _e3569 = adj23_2;
            let _e3570 = (_e3569 + _e3565);
            adj23_2 = _e3570;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3568);
            adj23_2 = f32();
            let _e3574 = d_term_2;
            let _e3575 = (_e3574 + _e3570);
            d_term_2 = _e3575;
            d_term_2 = f32();
            let _e3577 = adj22_2;
            let _e3578 = (_e3577 + _e3575);
            adj22_2 = _e3578;
            adj22_2 = f32();
            let _e3583 = (2i * (1i + (1i * 4i)));
            let _e3586 = f32((_e3583 * (_e3583 + 1i)));
            let _e3588 = adj11_2;
            let _e3589 = (_e3588 + (_e3578 / _e3586));
            adj11_2 = _e3589;
            let _e3596 = tape6_2[(4i >> (u32(1i) & 31u))];
            replay6_2 = _e3596;
            if ((4i & 1i) != 0i) {
                let _e3604 = (2i * (1i + (1i * (4i - 1i))));
                replay6_2 = (((-(_e3596) * _e35) * _e35) / f32((_e3604 * (_e3604 + 1i))));
            }
            let _e3609 = replay6_2;
            let _e3610 = -(_e3609);
            let _e3611 = (_e3610 * _e35);
            let _e3617 = adj21_2;
            adj21_2 = (_e3617 + -((_e3578 * ((_e3611 * _e35) / (_e3586 * _e3586)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3622 = adj9_2;
            let _e3623 = (_e3622 + (_e3589 * _e35));
            adj9_2 = _e3623;
            let _e3625 = adj10_2;
            let _e3626 = (_e3625 + (_e3589 * _e3611));
            adj10_2 = _e3626;
            adj10_2 = f32();
            let _e3628 = d_P_x_2;
            let _e3629 = (_e3628 + _e3626);
            d_P_x_2 = _e3629;
            adj9_2 = f32();
            let _e3632 = adj7_2;
            let _e3633 = (_e3632 + (_e3623 * _e35));
            adj7_2 = _e3633;
            let _e3635 = adj8_2;
            let _e3636 = (_e3635 + (_e3623 * _e3610));
            adj8_2 = _e3636;
            adj8_2 = f32();
            d_P_x_2 = (_e3629 + _e3636);
            adj7_2 = f32();
            let _e3641 = adj6_2;
            let _e3642 = (_e3641 + -(_e3633));
            adj6_2 = _e3642;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3642);
        }
    }
    if (3i < _e1026) {
        rev34_2 = 3i;
        let _e3647 = tape36_2;
        if !(((3i == (_e1026 - 1i)) && _e3647)) {
            let _e3652 = d_sum_2;
            d_sum_2 = f32();
            let _e3654 = adj25_2;
            let _e3655 = (_e3654 + _e3652);
            adj25_2 = _e3655;
            adj25_2 = f32();
            let _e3657 = adj24_2;
            let _e3658 = (_e3657 + _e3655);
            adj24_2 = _e3658;
            let _e3659 = adj23_2;
            let _e3660 = (_e3659 + _e3655);
            adj23_2 = _e3660;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3658);
            adj23_2 = f32();
            let _e3664 = d_term_2;
            let _e3665 = (_e3664 + _e3660);
            d_term_2 = _e3665;
            d_term_2 = f32();
            let _e3667 = adj22_2;
            let _e3668 = (_e3667 + _e3665);
            adj22_2 = _e3668;
            adj22_2 = f32();
            let _e3673 = (2i * (1i + (1i * 3i)));
            let _e3676 = f32((_e3673 * (_e3673 + 1i)));
            let _e3678 = adj11_2;
            let _e3679 = (_e3678 + (_e3668 / _e3676));
            adj11_2 = _e3679;
            let _e3686 = tape6_2[(3i >> (u32(1i) & 31u))];
            replay6_2 = _e3686;
            if ((3i & 1i) != 0i) {
                let _e3694 = (2i * (1i + (1i * (3i - 1i))));
                replay6_2 = (((-(_e3686) * _e35) * _e35) / f32((_e3694 * (_e3694 + 1i))));
            }
            let _e3699 = replay6_2;
            let _e3700 = -(_e3699);
            let _e3701 = (_e3700 * _e35);
            let _e3707 = adj21_2;
            adj21_2 = (_e3707 + -((_e3668 * ((_e3701 * _e35) / (_e3676 * _e3676)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3712 = adj9_2;
            let _e3713 = (_e3712 + (_e3679 * _e35));
            adj9_2 = _e3713;
            let _e3715 = adj10_2;
            let _e3716 = (_e3715 + (_e3679 * _e3701));
            adj10_2 = _e3716;
            adj10_2 = f32();
            let _e3718 = d_P_x_2;
            let _e3719 = (_e3718 + _e3716);
            d_P_x_2 = _e3719;
            adj9_2 = f32();
            let _e3722 = adj7_2;
            let _e3723 = (_e3722 + (_e3713 * _e35));
            adj7_2 = _e3723;
            let _e3725 = adj8_2;
            let _e3726 = (_e3725 + (_e3713 * _e3700));
            adj8_2 = _e3726;
            adj8_2 = f32();
            d_P_x_2 = (_e3719 + _e3726);
            adj7_2 = f32();
            let _e3731 = adj6_2;
            let _e3732 = (_e3731 + -(_e3723));
            adj6_2 = _e3732;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3732);
        }
    }
    if (2i < _e1026) {
        rev34_2 = 2i;
        let _e3737 = tape36_2;
        if !(((2i == (_e1026 - 1i)) && _e3737)) {
            let _e3742 = d_sum_2;
            d_sum_2 = f32();
            let _e3744 = adj25_2;
            let _e3745 = (_e3744 + _e3742);
            adj25_2 = _e3745;
            adj25_2 = f32();
            let _e3747 = adj24_2;
            let _e3748 = (_e3747 + _e3745);
            adj24_2 = _e3748;
            let _e3749 = adj23_2;
            let _e3750 = (_e3749 + _e3745);
            adj23_2 = _e3750;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3748);
            adj23_2 = f32();
            let _e3754 = d_term_2;
            let _e3755 = (_e3754 + _e3750);
            d_term_2 = _e3755;
            d_term_2 = f32();
            let _e3757 = adj22_2;
            let _e3758 = (_e3757 + _e3755);
            adj22_2 = _e3758;
            adj22_2 = f32();
            let _e3762 = (2i * (1i + (1i * 2i)));
            let _e3765 = f32((_e3762 * (_e3762 + 1i)));
            let _e3767 = adj11_2;
            let _e3768 = (_e3767 + (_e3758 / _e3765));
            adj11_2 = _e3768;
            let _e3775 = tape6_2[(2i >> (u32(1i) & 31u))];
            replay6_2 = _e3775;
            if ((2i & 1i) != 0i) {
                let _e3783 = (2i * (1i + (1i * (2i - 1i))));
                replay6_2 = (((-(_e3775) * _e35) * _e35) / f32((_e3783 * (_e3783 + 1i))));
            }
            let _e3788 = replay6_2;
            let _e3789 = -(_e3788);
            let _e3790 = (_e3789 * _e35);
            let _e3796 = adj21_2;
            adj21_2 = (_e3796 + -((_e3758 * ((_e3790 * _e35) / (_e3765 * _e3765)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3801 = adj9_2;
            let _e3802 = (_e3801 + (_e3768 * _e35));
            adj9_2 = _e3802;
            let _e3804 = adj10_2;
            let _e3805 = (_e3804 + (_e3768 * _e3790));
            adj10_2 = _e3805;
            adj10_2 = f32();
            let _e3807 = d_P_x_2;
            let _e3808 = (_e3807 + _e3805);
            d_P_x_2 = _e3808;
            adj9_2 = f32();
            let _e3811 = adj7_2;
            let _e3812 = (_e3811 + (_e3802 * _e35));
            adj7_2 = _e3812;
            let _e3814 = adj8_2;
            let _e3815 = (_e3814 + (_e3802 * _e3789));
            adj8_2 = _e3815;
            adj8_2 = f32();
            d_P_x_2 = (_e3808 + _e3815);
            adj7_2 = f32();
            let _e3820 = adj6_2;
            let _e3821 = (_e3820 + -(_e3812));
            adj6_2 = _e3821;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3821);
        }
    }
    if (1i < _e1026) {
        rev34_2 = 1i;
        let _e3825 = tape36_2;
        if !(((1i == (_e1026 - 1i)) && _e3825)) {
            let _e3830 = d_sum_2;
            d_sum_2 = f32();
            let _e3832 = adj25_2;
            let _e3833 = (_e3832 + _e3830);
            adj25_2 = _e3833;
            adj25_2 = f32();
            let _e3835 = adj24_2;
            let _e3836 = (_e3835 + _e3833);
            adj24_2 = _e3836;
            let _e3837 = adj23_2;
            let _e3838 = (_e3837 + _e3833);
            adj23_2 = _e3838;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3836);
            adj23_2 = f32();
            let _e3842 = d_term_2;
            let _e3843 = (_e3842 + _e3838);
            d_term_2 = _e3843;
            d_term_2 = f32();
            let _e3845 = adj22_2;
            let _e3846 = (_e3845 + _e3843);
            adj22_2 = _e3846;
            adj22_2 = f32();
            let _e3850 = (2i * (1i + (1i * 1i)));
            let _e3853 = f32((_e3850 * (_e3850 + 1i)));
            let _e3855 = adj11_2;
            let _e3856 = (_e3855 + (_e3846 / _e3853));
            adj11_2 = _e3856;
            let _e3863 = tape6_2[(1i >> (u32(1i) & 31u))];
            replay6_2 = _e3863;
            if ((1i & 1i) != 0i) {
                let _e3871 = (2i * (1i + (1i * (1i - 1i))));
                replay6_2 = (((-(_e3863) * _e35) * _e35) / f32((_e3871 * (_e3871 + 1i))));
            }
            let _e3876 = replay6_2;
            let _e3877 = -(_e3876);
            let _e3878 = (_e3877 * _e35);
            let _e3884 = adj21_2;
            adj21_2 = (_e3884 + -((_e3846 * ((_e3878 * _e35) / (_e3853 * _e3853)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3889 = adj9_2;
            let _e3890 = (_e3889 + (_e3856 * _e35));
            adj9_2 = _e3890;
            let _e3892 = adj10_2;
            let _e3893 = (_e3892 + (_e3856 * _e3878));
            adj10_2 = _e3893;
            adj10_2 = f32();
            let _e3895 = d_P_x_2;
            let _e3896 = (_e3895 + _e3893);
            d_P_x_2 = _e3896;
            adj9_2 = f32();
            let _e3899 = adj7_2;
            let _e3900 = (_e3899 + (_e3890 * _e35));
            adj7_2 = _e3900;
            let _e3902 = adj8_2;
            let _e3903 = (_e3902 + (_e3890 * _e3877));
            adj8_2 = _e3903;
            adj8_2 = f32();
            d_P_x_2 = (_e3896 + _e3903);
            adj7_2 = f32();
            let _e3908 = adj6_2;
            let _e3909 = (_e3908 + -(_e3900));
            adj6_2 = _e3909;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3909);
        }
    }
    if (0i < _e1026) {
        rev34_2 = 0i;
        let _e3913 = tape36_2;
        if !(((0i == (_e1026 - 1i)) && _e3913)) {
            let _e3918 = d_sum_2;
            d_sum_2 = f32();
            let _e3920 = adj25_2;
            let _e3921 = (_e3920 + _e3918);
            adj25_2 = _e3921;
            adj25_2 = f32();
            let _e3923 = adj24_2;
            let _e3924 = (_e3923 + _e3921);
            adj24_2 = _e3924;
            let _e3925 = adj23_2;
            let _e3926 = (_e3925 + _e3921);
            adj23_2 = _e3926;
            adj24_2 = f32();
            d_sum_2 = (f32() + _e3924);
            adj23_2 = f32();
            let _e3930 = d_term_2;
            let _e3931 = (_e3930 + _e3926);
            d_term_2 = _e3931;
            d_term_2 = f32();
            let _e3933 = adj22_2;
            let _e3934 = (_e3933 + _e3931);
            adj22_2 = _e3934;
            adj22_2 = f32();
            let _e3938 = (2i * (1i + (1i * 0i)));
            let _e3941 = f32((_e3938 * (_e3938 + 1i)));
            let _e3943 = adj11_2;
            let _e3944 = (_e3943 + (_e3934 / _e3941));
            adj11_2 = _e3944;
            let _e3951 = tape6_2[(0i >> (u32(1i) & 31u))];
            replay6_2 = _e3951;
            if ((0i & 1i) != 0i) {
                let _e3959 = (2i * (1i + (1i * (0i - 1i))));
                replay6_2 = (((-(_e3951) * _e35) * _e35) / f32((_e3959 * (_e3959 + 1i))));
            }
            let _e3964 = replay6_2;
            let _e3965 = -(_e3964);
            let _e3966 = (_e3965 * _e35);
            let _e3972 = adj21_2;
            adj21_2 = (_e3972 + -((_e3934 * ((_e3966 * _e35) / (_e3941 * _e3941)))));
            adj21_2 = f32();
            adj11_2 = f32();
            let _e3977 = adj9_2;
            let _e3978 = (_e3977 + (_e3944 * _e35));
            adj9_2 = _e3978;
            let _e3980 = adj10_2;
            let _e3981 = (_e3980 + (_e3944 * _e3966));
            adj10_2 = _e3981;
            adj10_2 = f32();
            let _e3983 = d_P_x_2;
            let _e3984 = (_e3983 + _e3981);
            d_P_x_2 = _e3984;
            adj9_2 = f32();
            let _e3987 = adj7_2;
            let _e3988 = (_e3987 + (_e3978 * _e35));
            adj7_2 = _e3988;
            let _e3990 = adj8_2;
            let _e3991 = (_e3990 + (_e3978 * _e3965));
            adj8_2 = _e3991;
            adj8_2 = f32();
            d_P_x_2 = (_e3984 + _e3991);
            adj7_2 = f32();
            let _e3996 = adj6_2;
            let _e3997 = (_e3996 + -(_e3988));
            adj6_2 = _e3997;
            adj6_2 = f32();
            d_term_2 = (f32() + _e3997);
        }
    }
    let _e4000 = d_sum_2;
    d_sum_2 = f32();
    let _e4002 = (f32() + _e4000);
    adj1_2 = _e4002;
    adj1_2 = f32();
    let _e4004 = d_P_x_2;
    let _e4005 = (_e4004 + _e4002);
    d_P_x_2 = _e4005;
    let _e4006 = d_term_2;
    d_term_2 = f32();
    let _e4008 = (f32() + _e4006);
    adj0_2 = _e4008;
    adj0_2 = f32();
    let _e4010 = (_e4005 + _e4008);
    d_P_x_2 = _e4010;
    (*x_3).d = _e4010;
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
    var replay6_3: f32;
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

    let _e35 = (*x_4).p;
    P_x_3 = _e35;
    P_terms_3 = terms_4;
    ret_flag_3 = false;
    term_3 = _e35;
    sum_3 = _e35;
    k_3 = 1i;
    brk1_3 = false;
    iter1_3 = 0i;
    if ((1i > 2147483631i) || ((1i + 16i) < terms_4)) {
        return false;
    }
    if !(false) {
        if (1i < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e48 = brk1_3;
        tape36_3 = _e48;
        let _e49 = !(_e48);
        if _e49 {
            if ((0i & 1i) == 0i) {
                tape6_3[(0i >> (u32(1i) & 31u))] = _e35;
            }
            let _e61 = (2i * 1i);
            let _e65 = (((-(_e35) * _e35) * _e35) / f32((_e61 * (_e61 + 1i))));
            term_3 = _e65;
            sum_3 = (_e35 + _e65);
        }
        if _e49 {
            k_3 = (1i + 1i);
        }
        iter1_3 = (0i + 1i);
    }
    let _e69 = brk1_3;
    if !(_e69) {
        let _e71 = k_3;
        if (_e71 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e74 = brk1_3;
        tape36_3 = _e74;
        let _e75 = !(_e74);
        if _e75 {
            let _e76 = term_3;
            if ((1i & 1i) == 0i) {
                tape6_3[(1i >> (u32(1i) & 31u))] = _e76;
            }
            let _e88 = (2i * _e71);
            let _e92 = (((-(_e76) * _e35) * _e35) / f32((_e88 * (_e88 + 1i))));
            term_3 = _e92;
            let _e93 = sum_3;
            sum_3 = (_e93 + _e92);
        }
        if _e75 {
            k_3 = (_e71 + 1i);
        }
        iter1_3 = (1i + 1i);
    }
    let _e97 = brk1_3;
    if !(_e97) {
        let _e99 = k_3;
        if (_e99 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e102 = brk1_3;
        tape36_3 = _e102;
        let _e103 = !(_e102);
        if _e103 {
            let _e104 = term_3;
            if ((2i & 1i) == 0i) {
                tape6_3[(2i >> (u32(1i) & 31u))] = _e104;
            }
            let _e116 = (2i * _e99);
            let _e120 = (((-(_e104) * _e35) * _e35) / f32((_e116 * (_e116 + 1i))));
            term_3 = _e120;
            let _e121 = sum_3;
            sum_3 = (_e121 + _e120);
        }
        if _e103 {
            k_3 = (_e99 + 1i);
        }
        iter1_3 = (2i + 1i);
    }
    let _e126 = brk1_3;
    if !(_e126) {
        let _e128 = k_3;
        if (_e128 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e131 = brk1_3;
        tape36_3 = _e131;
        let _e132 = !(_e131);
        if _e132 {
            let _e133 = term_3;
            if ((3i & 1i) == 0i) {
                tape6_3[(3i >> (u32(1i) & 31u))] = _e133;
            }
            let _e146 = (2i * _e128);
            let _e150 = (((-(_e133) * _e35) * _e35) / f32((_e146 * (_e146 + 1i))));
            term_3 = _e150;
            let _e151 = sum_3;
            sum_3 = (_e151 + _e150);
        }
        if _e132 {
            k_3 = (_e128 + 1i);
        }
        iter1_3 = (3i + 1i);
    }
    let _e156 = brk1_3;
    if !(_e156) {
        let _e158 = k_3;
        if (_e158 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e161 = brk1_3;
        tape36_3 = _e161;
        let _e162 = !(_e161);
        if _e162 {
            let _e163 = term_3;
            if ((4i & 1i) == 0i) {
                tape6_3[(4i >> (u32(1i) & 31u))] = _e163;
            }
            let _e176 = (2i * _e158);
            let _e180 = (((-(_e163) * _e35) * _e35) / f32((_e176 * (_e176 + 1i))));
            term_3 = _e180;
            let _e181 = sum_3;
            sum_3 = (_e181 + _e180);
        }
        if _e162 {
            k_3 = (_e158 + 1i);
        }
        iter1_3 = (4i + 1i);
    }
    let _e186 = brk1_3;
    if !(_e186) {
        let _e188 = k_3;
        if (_e188 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e191 = brk1_3;
        tape36_3 = _e191;
        let _e192 = !(_e191);
        if _e192 {
            let _e193 = term_3;
            if ((5i & 1i) == 0i) {
                tape6_3[(5i >> (u32(1i) & 31u))] = _e193;
            }
            let _e206 = (2i * _e188);
            let _e210 = (((-(_e193) * _e35) * _e35) / f32((_e206 * (_e206 + 1i))));
            term_3 = _e210;
            let _e211 = sum_3;
            sum_3 = (_e211 + _e210);
        }
        if _e192 {
            k_3 = (_e188 + 1i);
        }
        iter1_3 = (5i + 1i);
    }
    let _e216 = brk1_3;
    if !(_e216) {
        let _e218 = k_3;
        if (_e218 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e221 = brk1_3;
        tape36_3 = _e221;
        let _e222 = !(_e221);
        if _e222 {
            let _e223 = term_3;
            if ((6i & 1i) == 0i) {
                tape6_3[(6i >> (u32(1i) & 31u))] = _e223;
            }
            let _e236 = (2i * _e218);
            let _e240 = (((-(_e223) * _e35) * _e35) / f32((_e236 * (_e236 + 1i))));
            term_3 = _e240;
            let _e241 = sum_3;
            sum_3 = (_e241 + _e240);
        }
        if _e222 {
            k_3 = (_e218 + 1i);
        }
        iter1_3 = (6i + 1i);
    }
    let _e246 = brk1_3;
    if !(_e246) {
        let _e248 = k_3;
        if (_e248 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e251 = brk1_3;
        tape36_3 = _e251;
        let _e252 = !(_e251);
        if _e252 {
            let _e253 = term_3;
            if ((7i & 1i) == 0i) {
                tape6_3[(7i >> (u32(1i) & 31u))] = _e253;
            }
            let _e266 = (2i * _e248);
            let _e270 = (((-(_e253) * _e35) * _e35) / f32((_e266 * (_e266 + 1i))));
            term_3 = _e270;
            let _e271 = sum_3;
            sum_3 = (_e271 + _e270);
        }
        if _e252 {
            k_3 = (_e248 + 1i);
        }
        iter1_3 = (7i + 1i);
    }
    let _e276 = brk1_3;
    if !(_e276) {
        let _e278 = k_3;
        if (_e278 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e281 = brk1_3;
        tape36_3 = _e281;
        let _e282 = !(_e281);
        if _e282 {
            let _e283 = term_3;
            if ((8i & 1i) == 0i) {
                tape6_3[(8i >> (u32(1i) & 31u))] = _e283;
            }
            let _e296 = (2i * _e278);
            let _e300 = (((-(_e283) * _e35) * _e35) / f32((_e296 * (_e296 + 1i))));
            term_3 = _e300;
            let _e301 = sum_3;
            sum_3 = (_e301 + _e300);
        }
        if _e282 {
            k_3 = (_e278 + 1i);
        }
        iter1_3 = (8i + 1i);
    }
    let _e306 = brk1_3;
    if !(_e306) {
        let _e308 = k_3;
        if (_e308 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e311 = brk1_3;
        tape36_3 = _e311;
        let _e312 = !(_e311);
        if _e312 {
            let _e313 = term_3;
            if ((9i & 1i) == 0i) {
                tape6_3[(9i >> (u32(1i) & 31u))] = _e313;
            }
            let _e326 = (2i * _e308);
            let _e330 = (((-(_e313) * _e35) * _e35) / f32((_e326 * (_e326 + 1i))));
            term_3 = _e330;
            let _e331 = sum_3;
            sum_3 = (_e331 + _e330);
        }
        if _e312 {
            k_3 = (_e308 + 1i);
        }
        iter1_3 = (9i + 1i);
    }
    let _e336 = brk1_3;
    if !(_e336) {
        let _e338 = k_3;
        if (_e338 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e341 = brk1_3;
        tape36_3 = _e341;
        let _e342 = !(_e341);
        if _e342 {
            let _e343 = term_3;
            if ((10i & 1i) == 0i) {
                tape6_3[(10i >> (u32(1i) & 31u))] = _e343;
            }
            let _e356 = (2i * _e338);
            let _e360 = (((-(_e343) * _e35) * _e35) / f32((_e356 * (_e356 + 1i))));
            term_3 = _e360;
            let _e361 = sum_3;
            sum_3 = (_e361 + _e360);
        }
        if _e342 {
            k_3 = (_e338 + 1i);
        }
        iter1_3 = (10i + 1i);
    }
    let _e366 = brk1_3;
    if !(_e366) {
        let _e368 = k_3;
        if (_e368 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e371 = brk1_3;
        tape36_3 = _e371;
        let _e372 = !(_e371);
        if _e372 {
            let _e373 = term_3;
            if ((11i & 1i) == 0i) {
                tape6_3[(11i >> (u32(1i) & 31u))] = _e373;
            }
            let _e386 = (2i * _e368);
            let _e390 = (((-(_e373) * _e35) * _e35) / f32((_e386 * (_e386 + 1i))));
            term_3 = _e390;
            let _e391 = sum_3;
            sum_3 = (_e391 + _e390);
        }
        if _e372 {
            k_3 = (_e368 + 1i);
        }
        iter1_3 = (11i + 1i);
    }
    let _e396 = brk1_3;
    if !(_e396) {
        let _e398 = k_3;
        if (_e398 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e401 = brk1_3;
        tape36_3 = _e401;
        let _e402 = !(_e401);
        if _e402 {
            let _e403 = term_3;
            if ((12i & 1i) == 0i) {
                tape6_3[(12i >> (u32(1i) & 31u))] = _e403;
            }
            let _e416 = (2i * _e398);
            let _e420 = (((-(_e403) * _e35) * _e35) / f32((_e416 * (_e416 + 1i))));
            term_3 = _e420;
            let _e421 = sum_3;
            sum_3 = (_e421 + _e420);
        }
        if _e402 {
            k_3 = (_e398 + 1i);
        }
        iter1_3 = (12i + 1i);
    }
    let _e426 = brk1_3;
    if !(_e426) {
        let _e428 = k_3;
        if (_e428 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e431 = brk1_3;
        tape36_3 = _e431;
        let _e432 = !(_e431);
        if _e432 {
            let _e433 = term_3;
            if ((13i & 1i) == 0i) {
                tape6_3[(13i >> (u32(1i) & 31u))] = _e433;
            }
            let _e446 = (2i * _e428);
            let _e450 = (((-(_e433) * _e35) * _e35) / f32((_e446 * (_e446 + 1i))));
            term_3 = _e450;
            let _e451 = sum_3;
            sum_3 = (_e451 + _e450);
        }
        if _e432 {
            k_3 = (_e428 + 1i);
        }
        iter1_3 = (13i + 1i);
    }
    let _e456 = brk1_3;
    if !(_e456) {
        let _e458 = k_3;
        if (_e458 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e461 = brk1_3;
        tape36_3 = _e461;
        let _e462 = !(_e461);
        if _e462 {
            let _e463 = term_3;
            if ((14i & 1i) == 0i) {
                tape6_3[(14i >> (u32(1i) & 31u))] = _e463;
            }
            let _e476 = (2i * _e458);
            let _e480 = (((-(_e463) * _e35) * _e35) / f32((_e476 * (_e476 + 1i))));
            term_3 = _e480;
            let _e481 = sum_3;
            sum_3 = (_e481 + _e480);
        }
        if _e462 {
            k_3 = (_e458 + 1i);
        }
        iter1_3 = (14i + 1i);
    }
    let _e486 = brk1_3;
    if !(_e486) {
        let _e488 = k_3;
        if (_e488 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e491 = brk1_3;
        tape36_3 = _e491;
        let _e492 = !(_e491);
        if _e492 {
            let _e493 = term_3;
            if ((15i & 1i) == 0i) {
                tape6_3[(15i >> (u32(1i) & 31u))] = _e493;
            }
            let _e506 = (2i * _e488);
            let _e510 = (((-(_e493) * _e35) * _e35) / f32((_e506 * (_e506 + 1i))));
            term_3 = _e510;
            let _e511 = sum_3;
            sum_3 = (_e511 + _e510);
        }
        if _e492 {
            k_3 = (_e488 + 1i);
        }
        iter1_3 = (15i + 1i);
    }
    let _e516 = brk1_3;
    if !(_e516) {
        let _e518 = k_3;
        if (_e518 < terms_4) {
        } else {
            brk1_3 = true;
        }
        let _e521 = brk1_3;
        tape36_3 = _e521;
        let _e522 = !(_e521);
        if _e522 {
            let _e523 = term_3;
            if ((16i & 1i) == 0i) {
                tape6_3[(16i >> (u32(1i) & 31u))] = _e523;
            }
            let _e535 = (2i * _e518);
            let _e539 = (((-(_e523) * _e35) * _e35) / f32((_e535 * (_e535 + 1i))));
            term_3 = _e539;
            let _e540 = sum_3;
            sum_3 = (_e540 + _e539);
        }
        if _e522 {
            k_3 = (_e518 + 1i);
        }
        iter1_3 = (16i + 1i);
    }
    let _e544 = brk1_3;
    if !(_e544) {
        return false;
    }
    let _e546 = iter1_3;
    let _e547 = sum_3;
    retval_3 = _e547;
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
    let _e567 = (f32() + dOut_3);
    adj29_3 = _e567;
    adj29_3 = f32();
    let _e569 = (f32() + _e567);
    d_sum_3 = _e569;
    rev34_3 = _e546;
    if (16i < _e546) {
        rev34_3 = 16i;
        let _e571 = tape36_3;
        if !(((16i == (_e546 - 1i)) && _e571)) {
            d_sum_3 = f32();
            let _e577 = (f32() + _e569);
            adj25_3 = _e577;
            adj25_3 = f32();
            let _e579 = (f32() + _e577);
            adj24_3 = _e579;
            let _e580 = (f32() + _e577);
            adj23_3 = _e580;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e579);
            adj23_3 = f32();
            let _e584 = (f32() + _e580);
            d_term_3 = _e584;
            d_term_3 = f32();
            let _e586 = (f32() + _e584);
            adj22_3 = _e586;
            adj22_3 = f32();
            let _e591 = (2i * (1i + (1i * 16i)));
            let _e594 = f32((_e591 * (_e591 + 1i)));
            let _e596 = (f32() + (_e586 / _e594));
            adj11_3 = _e596;
            let _e603 = tape6_3[(16i >> (u32(1i) & 31u))];
            replay6_3 = _e603;
            if ((16i & 1i) != 0i) {
                let _e611 = (2i * (1i + (1i * (16i - 1i))));
                replay6_3 = (((-(_e603) * _e35) * _e35) / f32((_e611 * (_e611 + 1i))));
            }
            let _e616 = replay6_3;
            let _e617 = -(_e616);
            let _e618 = (_e617 * _e35);
            adj21_3 = (f32() + -((_e586 * ((_e618 * _e35) / (_e594 * _e594)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e628 = (f32() + (_e596 * _e35));
            adj9_3 = _e628;
            let _e630 = (f32() + (_e596 * _e618));
            adj10_3 = _e630;
            adj10_3 = f32();
            let _e632 = (f32() + _e630);
            d_P_x_3 = _e632;
            adj9_3 = f32();
            let _e635 = (f32() + (_e628 * _e35));
            adj7_3 = _e635;
            let _e637 = (f32() + (_e628 * _e617));
            adj8_3 = _e637;
            adj8_3 = f32();
            d_P_x_3 = (_e632 + _e637);
            adj7_3 = f32();
            let _e642 = (f32() + -(_e635));
            adj6_3 = _e642;
            adj6_3 = f32();
            d_term_3 = (f32() + _e642);
        }
    }
    if (15i < _e546) {
        rev34_3 = 15i;
        let _e647 = tape36_3;
        if !(((15i == (_e546 - 1i)) && _e647)) {
            let _e652 = d_sum_3;
            d_sum_3 = f32();
            let _e654 = adj25_3;
            let _e655 = (_e654 + _e652);
            adj25_3 = _e655;
            adj25_3 = f32();
            let _e657 = adj24_3;
            let _e658 = (_e657 + _e655);
            adj24_3 = _e658;
            let _e659 = adj23_3;
            let _e660 = (_e659 + _e655);
            adj23_3 = _e660;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e658);
            adj23_3 = f32();
            let _e664 = d_term_3;
            let _e665 = (_e664 + _e660);
            d_term_3 = _e665;
            d_term_3 = f32();
            let _e667 = adj22_3;
            let _e668 = (_e667 + _e665);
            adj22_3 = _e668;
            adj22_3 = f32();
            let _e673 = (2i * (1i + (1i * 15i)));
            let _e676 = f32((_e673 * (_e673 + 1i)));
            let _e678 = adj11_3;
            let _e679 = (_e678 + (_e668 / _e676));
            adj11_3 = _e679;
            let _e686 = tape6_3[(15i >> (u32(1i) & 31u))];
            replay6_3 = _e686;
            if ((15i & 1i) != 0i) {
                let _e694 = (2i * (1i + (1i * (15i - 1i))));
                replay6_3 = (((-(_e686) * _e35) * _e35) / f32((_e694 * (_e694 + 1i))));
            }
            let _e699 = replay6_3;
            let _e700 = -(_e699);
            let _e701 = (_e700 * _e35);
            let _e707 = adj21_3;
            adj21_3 = (_e707 + -((_e668 * ((_e701 * _e35) / (_e676 * _e676)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e712 = adj9_3;
            let _e713 = (_e712 + (_e679 * _e35));
            adj9_3 = _e713;
            let _e715 = adj10_3;
            let _e716 = (_e715 + (_e679 * _e701));
            adj10_3 = _e716;
            adj10_3 = f32();
            let _e718 = d_P_x_3;
            let _e719 = (_e718 + _e716);
            d_P_x_3 = _e719;
            adj9_3 = f32();
            let _e722 = adj7_3;
            let _e723 = (_e722 + (_e713 * _e35));
            adj7_3 = _e723;
            let _e725 = adj8_3;
            let _e726 = (_e725 + (_e713 * _e700));
            adj8_3 = _e726;
            adj8_3 = f32();
            d_P_x_3 = (_e719 + _e726);
            adj7_3 = f32();
            let _e731 = adj6_3;
            let _e732 = (_e731 + -(_e723));
            adj6_3 = _e732;
            adj6_3 = f32();
            d_term_3 = (f32() + _e732);
        }
    }
    if (14i < _e546) {
        rev34_3 = 14i;
        let _e737 = tape36_3;
        if !(((14i == (_e546 - 1i)) && _e737)) {
            let _e742 = d_sum_3;
            d_sum_3 = f32();
            let _e744 = adj25_3;
            let _e745 = (_e744 + _e742);
            adj25_3 = _e745;
            adj25_3 = f32();
            let _e747 = adj24_3;
            let _e748 = (_e747 + _e745);
            adj24_3 = _e748;
            let _e749 = adj23_3;
            let _e750 = (_e749 + _e745);
            adj23_3 = _e750;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e748);
            adj23_3 = f32();
            let _e754 = d_term_3;
            let _e755 = (_e754 + _e750);
            d_term_3 = _e755;
            d_term_3 = f32();
            let _e757 = adj22_3;
            let _e758 = (_e757 + _e755);
            adj22_3 = _e758;
            adj22_3 = f32();
            let _e763 = (2i * (1i + (1i * 14i)));
            let _e766 = f32((_e763 * (_e763 + 1i)));
            let _e768 = adj11_3;
            let _e769 = (_e768 + (_e758 / _e766));
            adj11_3 = _e769;
            let _e776 = tape6_3[(14i >> (u32(1i) & 31u))];
            replay6_3 = _e776;
            if ((14i & 1i) != 0i) {
                let _e784 = (2i * (1i + (1i * (14i - 1i))));
                replay6_3 = (((-(_e776) * _e35) * _e35) / f32((_e784 * (_e784 + 1i))));
            }
            let _e789 = replay6_3;
            let _e790 = -(_e789);
            let _e791 = (_e790 * _e35);
            let _e797 = adj21_3;
            adj21_3 = (_e797 + -((_e758 * ((_e791 * _e35) / (_e766 * _e766)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e802 = adj9_3;
            let _e803 = (_e802 + (_e769 * _e35));
            adj9_3 = _e803;
            let _e805 = adj10_3;
            let _e806 = (_e805 + (_e769 * _e791));
            adj10_3 = _e806;
            adj10_3 = f32();
            let _e808 = d_P_x_3;
            let _e809 = (_e808 + _e806);
            d_P_x_3 = _e809;
            adj9_3 = f32();
            let _e812 = adj7_3;
            let _e813 = (_e812 + (_e803 * _e35));
            adj7_3 = _e813;
            let _e815 = adj8_3;
            let _e816 = (_e815 + (_e803 * _e790));
            adj8_3 = _e816;
            adj8_3 = f32();
            d_P_x_3 = (_e809 + _e816);
            adj7_3 = f32();
            let _e821 = adj6_3;
            let _e822 = (_e821 + -(_e813));
            adj6_3 = _e822;
            adj6_3 = f32();
            d_term_3 = (f32() + _e822);
        }
    }
    if (13i < _e546) {
        rev34_3 = 13i;
        let _e827 = tape36_3;
        if !(((13i == (_e546 - 1i)) && _e827)) {
            let _e832 = d_sum_3;
            d_sum_3 = f32();
            let _e834 = adj25_3;
            let _e835 = (_e834 + _e832);
            adj25_3 = _e835;
            adj25_3 = f32();
            let _e837 = adj24_3;
            let _e838 = (_e837 + _e835);
            adj24_3 = _e838;
            let _e839 = adj23_3;
            let _e840 = (_e839 + _e835);
            adj23_3 = _e840;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e838);
            adj23_3 = f32();
            let _e844 = d_term_3;
            let _e845 = (_e844 + _e840);
            d_term_3 = _e845;
            d_term_3 = f32();
            let _e847 = adj22_3;
            let _e848 = (_e847 + _e845);
            adj22_3 = _e848;
            adj22_3 = f32();
            let _e853 = (2i * (1i + (1i * 13i)));
            let _e856 = f32((_e853 * (_e853 + 1i)));
            let _e858 = adj11_3;
            let _e859 = (_e858 + (_e848 / _e856));
            adj11_3 = _e859;
            let _e866 = tape6_3[(13i >> (u32(1i) & 31u))];
            replay6_3 = _e866;
            if ((13i & 1i) != 0i) {
                let _e874 = (2i * (1i + (1i * (13i - 1i))));
                replay6_3 = (((-(_e866) * _e35) * _e35) / f32((_e874 * (_e874 + 1i))));
            }
            let _e879 = replay6_3;
            let _e880 = -(_e879);
            let _e881 = (_e880 * _e35);
            let _e887 = adj21_3;
            adj21_3 = (_e887 + -((_e848 * ((_e881 * _e35) / (_e856 * _e856)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e892 = adj9_3;
            let _e893 = (_e892 + (_e859 * _e35));
            adj9_3 = _e893;
            let _e895 = adj10_3;
            let _e896 = (_e895 + (_e859 * _e881));
            adj10_3 = _e896;
            adj10_3 = f32();
            let _e898 = d_P_x_3;
            let _e899 = (_e898 + _e896);
            d_P_x_3 = _e899;
            adj9_3 = f32();
            let _e902 = adj7_3;
            let _e903 = (_e902 + (_e893 * _e35));
            adj7_3 = _e903;
            let _e905 = adj8_3;
            let _e906 = (_e905 + (_e893 * _e880));
            adj8_3 = _e906;
            adj8_3 = f32();
            d_P_x_3 = (_e899 + _e906);
            adj7_3 = f32();
            let _e911 = adj6_3;
            let _e912 = (_e911 + -(_e903));
            adj6_3 = _e912;
            adj6_3 = f32();
            d_term_3 = (f32() + _e912);
        }
    }
    if (12i < _e546) {
        rev34_3 = 12i;
        let _e917 = tape36_3;
        if !(((12i == (_e546 - 1i)) && _e917)) {
            let _e922 = d_sum_3;
            d_sum_3 = f32();
            let _e924 = adj25_3;
            let _e925 = (_e924 + _e922);
            adj25_3 = _e925;
            adj25_3 = f32();
            let _e927 = adj24_3;
            let _e928 = (_e927 + _e925);
            adj24_3 = _e928;
            let _e929 = adj23_3;
            let _e930 = (_e929 + _e925);
            adj23_3 = _e930;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e928);
            adj23_3 = f32();
            let _e934 = d_term_3;
            let _e935 = (_e934 + _e930);
            d_term_3 = _e935;
            d_term_3 = f32();
            let _e937 = adj22_3;
            let _e938 = (_e937 + _e935);
            adj22_3 = _e938;
            adj22_3 = f32();
            let _e943 = (2i * (1i + (1i * 12i)));
            let _e946 = f32((_e943 * (_e943 + 1i)));
            let _e948 = adj11_3;
            let _e949 = (_e948 + (_e938 / _e946));
            adj11_3 = _e949;
            let _e956 = tape6_3[(12i >> (u32(1i) & 31u))];
            replay6_3 = _e956;
            if ((12i & 1i) != 0i) {
                let _e964 = (2i * (1i + (1i * (12i - 1i))));
                replay6_3 = (((-(_e956) * _e35) * _e35) / f32((_e964 * (_e964 + 1i))));
            }
            let _e969 = replay6_3;
            let _e970 = -(_e969);
            let _e971 = (_e970 * _e35);
            let _e977 = adj21_3;
            adj21_3 = (_e977 + -((_e938 * ((_e971 * _e35) / (_e946 * _e946)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e982 = adj9_3;
            let _e983 = (_e982 + (_e949 * _e35));
            adj9_3 = _e983;
            let _e985 = adj10_3;
            let _e986 = (_e985 + (_e949 * _e971));
            adj10_3 = _e986;
            adj10_3 = f32();
            let _e988 = d_P_x_3;
            let _e989 = (_e988 + _e986);
            d_P_x_3 = _e989;
            adj9_3 = f32();
            let _e992 = adj7_3;
            let _e993 = (_e992 + (_e983 * _e35));
            adj7_3 = _e993;
            let _e995 = adj8_3;
            let _e996 = (_e995 + (_e983 * _e970));
            adj8_3 = _e996;
            adj8_3 = f32();
            d_P_x_3 = (_e989 + _e996);
            adj7_3 = f32();
            let _e1001 = adj6_3;
            let _e1002 = (_e1001 + -(_e993));
            adj6_3 = _e1002;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1002);
        }
    }
    if (11i < _e546) {
        rev34_3 = 11i;
        let _e1007 = tape36_3;
        if !(((11i == (_e546 - 1i)) && _e1007)) {
            let _e1012 = d_sum_3;
            d_sum_3 = f32();
            let _e1014 = adj25_3;
            let _e1015 = (_e1014 + _e1012);
            adj25_3 = _e1015;
            adj25_3 = f32();
            let _e1017 = adj24_3;
            let _e1018 = (_e1017 + _e1015);
            adj24_3 = _e1018;
            let _e1019 = adj23_3;
            let _e1020 = (_e1019 + _e1015);
            adj23_3 = _e1020;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1018);
            adj23_3 = f32();
            let _e1024 = d_term_3;
            let _e1025 = (_e1024 + _e1020);
            d_term_3 = _e1025;
            d_term_3 = f32();
            let _e1027 = adj22_3;
            let _e1028 = (_e1027 + _e1025);
            adj22_3 = _e1028;
            adj22_3 = f32();
            let _e1033 = (2i * (1i + (1i * 11i)));
            let _e1036 = f32((_e1033 * (_e1033 + 1i)));
            let _e1038 = adj11_3;
            let _e1039 = (_e1038 + (_e1028 / _e1036));
            adj11_3 = _e1039;
            let _e1046 = tape6_3[(11i >> (u32(1i) & 31u))];
            replay6_3 = _e1046;
            if ((11i & 1i) != 0i) {
                let _e1054 = (2i * (1i + (1i * (11i - 1i))));
                replay6_3 = (((-(_e1046) * _e35) * _e35) / f32((_e1054 * (_e1054 + 1i))));
            }
            let _e1059 = replay6_3;
            let _e1060 = -(_e1059);
            let _e1061 = (_e1060 * _e35);
            let _e1067 = adj21_3;
            adj21_3 = (_e1067 + -((_e1028 * ((_e1061 * _e35) / (_e1036 * _e1036)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1072 = adj9_3;
            let _e1073 = (_e1072 + (_e1039 * _e35));
            adj9_3 = _e1073;
            let _e1075 = adj10_3;
            let _e1076 = (_e1075 + (_e1039 * _e1061));
            adj10_3 = _e1076;
            adj10_3 = f32();
            let _e1078 = d_P_x_3;
            let _e1079 = (_e1078 + _e1076);
            d_P_x_3 = _e1079;
            adj9_3 = f32();
            let _e1082 = adj7_3;
            let _e1083 = (_e1082 + (_e1073 * _e35));
            adj7_3 = _e1083;
            let _e1085 = adj8_3;
            let _e1086 = (_e1085 + (_e1073 * _e1060));
            adj8_3 = _e1086;
            adj8_3 = f32();
            d_P_x_3 = (_e1079 + _e1086);
            adj7_3 = f32();
            let _e1091 = adj6_3;
            let _e1092 = (_e1091 + -(_e1083));
            adj6_3 = _e1092;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1092);
        }
    }
    if (10i < _e546) {
        rev34_3 = 10i;
        let _e1097 = tape36_3;
        if !(((10i == (_e546 - 1i)) && _e1097)) {
            let _e1102 = d_sum_3;
            d_sum_3 = f32();
            let _e1104 = adj25_3;
            let _e1105 = (_e1104 + _e1102);
            adj25_3 = _e1105;
            adj25_3 = f32();
            let _e1107 = adj24_3;
            let _e1108 = (_e1107 + _e1105);
            adj24_3 = _e1108;
            let _e1109 = adj23_3;
            let _e1110 = (_e1109 + _e1105);
            adj23_3 = _e1110;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1108);
            adj23_3 = f32();
            let _e1114 = d_term_3;
            let _e1115 = (_e1114 + _e1110);
            d_term_3 = _e1115;
            d_term_3 = f32();
            let _e1117 = adj22_3;
            let _e1118 = (_e1117 + _e1115);
            adj22_3 = _e1118;
            adj22_3 = f32();
            let _e1123 = (2i * (1i + (1i * 10i)));
            let _e1126 = f32((_e1123 * (_e1123 + 1i)));
            let _e1128 = adj11_3;
            let _e1129 = (_e1128 + (_e1118 / _e1126));
            adj11_3 = _e1129;
            let _e1136 = tape6_3[(10i >> (u32(1i) & 31u))];
            replay6_3 = _e1136;
            if ((10i & 1i) != 0i) {
                let _e1144 = (2i * (1i + (1i * (10i - 1i))));
                replay6_3 = (((-(_e1136) * _e35) * _e35) / f32((_e1144 * (_e1144 + 1i))));
            }
            let _e1149 = replay6_3;
            let _e1150 = -(_e1149);
            let _e1151 = (_e1150 * _e35);
            let _e1157 = adj21_3;
            adj21_3 = (_e1157 + -((_e1118 * ((_e1151 * _e35) / (_e1126 * _e1126)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1162 = adj9_3;
            let _e1163 = (_e1162 + (_e1129 * _e35));
            adj9_3 = _e1163;
            let _e1165 = adj10_3;
            let _e1166 = (_e1165 + (_e1129 * _e1151));
            adj10_3 = _e1166;
            adj10_3 = f32();
            let _e1168 = d_P_x_3;
            let _e1169 = (_e1168 + _e1166);
            d_P_x_3 = _e1169;
            adj9_3 = f32();
            let _e1172 = adj7_3;
            let _e1173 = (_e1172 + (_e1163 * _e35));
            adj7_3 = _e1173;
            let _e1175 = adj8_3;
            let _e1176 = (_e1175 + (_e1163 * _e1150));
            adj8_3 = _e1176;
            adj8_3 = f32();
            d_P_x_3 = (_e1169 + _e1176);
            adj7_3 = f32();
            let _e1181 = adj6_3;
            let _e1182 = (_e1181 + -(_e1173));
            adj6_3 = _e1182;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1182);
        }
    }
    if (9i < _e546) {
        rev34_3 = 9i;
        let _e1187 = tape36_3;
        if !(((9i == (_e546 - 1i)) && _e1187)) {
            let _e1192 = d_sum_3;
            d_sum_3 = f32();
            let _e1194 = adj25_3;
            let _e1195 = (_e1194 + _e1192);
            adj25_3 = _e1195;
            adj25_3 = f32();
            let _e1197 = adj24_3;
            let _e1198 = (_e1197 + _e1195);
            adj24_3 = _e1198;
            let _e1199 = adj23_3;
            let _e1200 = (_e1199 + _e1195);
            adj23_3 = _e1200;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1198);
            adj23_3 = f32();
            let _e1204 = d_term_3;
            let _e1205 = (_e1204 + _e1200);
            d_term_3 = _e1205;
            d_term_3 = f32();
            let _e1207 = adj22_3;
            let _e1208 = (_e1207 + _e1205);
            adj22_3 = _e1208;
            adj22_3 = f32();
            let _e1213 = (2i * (1i + (1i * 9i)));
            let _e1216 = f32((_e1213 * (_e1213 + 1i)));
            let _e1218 = adj11_3;
            let _e1219 = (_e1218 + (_e1208 / _e1216));
            adj11_3 = _e1219;
            let _e1226 = tape6_3[(9i >> (u32(1i) & 31u))];
            replay6_3 = _e1226;
            if ((9i & 1i) != 0i) {
                let _e1234 = (2i * (1i + (1i * (9i - 1i))));
                replay6_3 = (((-(_e1226) * _e35) * _e35) / f32((_e1234 * (_e1234 + 1i))));
            }
            let _e1239 = replay6_3;
            let _e1240 = -(_e1239);
            let _e1241 = (_e1240 * _e35);
            let _e1247 = adj21_3;
            adj21_3 = (_e1247 + -((_e1208 * ((_e1241 * _e35) / (_e1216 * _e1216)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1252 = adj9_3;
            let _e1253 = (_e1252 + (_e1219 * _e35));
            adj9_3 = _e1253;
            let _e1255 = adj10_3;
            let _e1256 = (_e1255 + (_e1219 * _e1241));
            adj10_3 = _e1256;
            adj10_3 = f32();
            let _e1258 = d_P_x_3;
            let _e1259 = (_e1258 + _e1256);
            d_P_x_3 = _e1259;
            adj9_3 = f32();
            let _e1262 = adj7_3;
            let _e1263 = (_e1262 + (_e1253 * _e35));
            adj7_3 = _e1263;
            let _e1265 = adj8_3;
            let _e1266 = (_e1265 + (_e1253 * _e1240));
            adj8_3 = _e1266;
            adj8_3 = f32();
            d_P_x_3 = (_e1259 + _e1266);
            adj7_3 = f32();
            let _e1271 = adj6_3;
            let _e1272 = (_e1271 + -(_e1263));
            adj6_3 = _e1272;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1272);
        }
    }
    if (8i < _e546) {
        rev34_3 = 8i;
        let _e1277 = tape36_3;
        if !(((8i == (_e546 - 1i)) && _e1277)) {
            let _e1282 = d_sum_3;
            d_sum_3 = f32();
            let _e1284 = adj25_3;
            let _e1285 = (_e1284 + _e1282);
            adj25_3 = _e1285;
            adj25_3 = f32();
            let _e1287 = adj24_3;
            let _e1288 = (_e1287 + _e1285);
            adj24_3 = _e1288;
            let _e1289 = adj23_3;
            let _e1290 = (_e1289 + _e1285);
            adj23_3 = _e1290;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1288);
            adj23_3 = f32();
            let _e1294 = d_term_3;
            let _e1295 = (_e1294 + _e1290);
            d_term_3 = _e1295;
            d_term_3 = f32();
            let _e1297 = adj22_3;
            let _e1298 = (_e1297 + _e1295);
            adj22_3 = _e1298;
            adj22_3 = f32();
            let _e1303 = (2i * (1i + (1i * 8i)));
            let _e1306 = f32((_e1303 * (_e1303 + 1i)));
            let _e1308 = adj11_3;
            let _e1309 = (_e1308 + (_e1298 / _e1306));
            adj11_3 = _e1309;
            let _e1316 = tape6_3[(8i >> (u32(1i) & 31u))];
            replay6_3 = _e1316;
            if ((8i & 1i) != 0i) {
                let _e1324 = (2i * (1i + (1i * (8i - 1i))));
                replay6_3 = (((-(_e1316) * _e35) * _e35) / f32((_e1324 * (_e1324 + 1i))));
            }
            let _e1329 = replay6_3;
            let _e1330 = -(_e1329);
            let _e1331 = (_e1330 * _e35);
            let _e1337 = adj21_3;
            adj21_3 = (_e1337 + -((_e1298 * ((_e1331 * _e35) / (_e1306 * _e1306)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1342 = adj9_3;
            let _e1343 = (_e1342 + (_e1309 * _e35));
            adj9_3 = _e1343;
            let _e1345 = adj10_3;
            let _e1346 = (_e1345 + (_e1309 * _e1331));
            adj10_3 = _e1346;
            adj10_3 = f32();
            let _e1348 = d_P_x_3;
            let _e1349 = (_e1348 + _e1346);
            d_P_x_3 = _e1349;
            adj9_3 = f32();
            let _e1352 = adj7_3;
            let _e1353 = (_e1352 + (_e1343 * _e35));
            adj7_3 = _e1353;
            let _e1355 = adj8_3;
            let _e1356 = (_e1355 + (_e1343 * _e1330));
            adj8_3 = _e1356;
            adj8_3 = f32();
            d_P_x_3 = (_e1349 + _e1356);
            adj7_3 = f32();
            let _e1361 = adj6_3;
            let _e1362 = (_e1361 + -(_e1353));
            adj6_3 = _e1362;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1362);
        }
    }
    if (7i < _e546) {
        rev34_3 = 7i;
        let _e1367 = tape36_3;
        if !(((7i == (_e546 - 1i)) && _e1367)) {
            let _e1372 = d_sum_3;
            d_sum_3 = f32();
            let _e1374 = adj25_3;
            let _e1375 = (_e1374 + _e1372);
            adj25_3 = _e1375;
            adj25_3 = f32();
            let _e1377 = adj24_3;
            let _e1378 = (_e1377 + _e1375);
            adj24_3 = _e1378;
            let _e1379 = adj23_3;
            let _e1380 = (_e1379 + _e1375);
            adj23_3 = _e1380;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1378);
            adj23_3 = f32();
            let _e1384 = d_term_3;
            let _e1385 = (_e1384 + _e1380);
            d_term_3 = _e1385;
            d_term_3 = f32();
            let _e1387 = adj22_3;
            let _e1388 = (_e1387 + _e1385);
            adj22_3 = _e1388;
            adj22_3 = f32();
            let _e1393 = (2i * (1i + (1i * 7i)));
            let _e1396 = f32((_e1393 * (_e1393 + 1i)));
            let _e1398 = adj11_3;
            let _e1399 = (_e1398 + (_e1388 / _e1396));
            adj11_3 = _e1399;
            let _e1406 = tape6_3[(7i >> (u32(1i) & 31u))];
            replay6_3 = _e1406;
            if ((7i & 1i) != 0i) {
                let _e1414 = (2i * (1i + (1i * (7i - 1i))));
                replay6_3 = (((-(_e1406) * _e35) * _e35) / f32((_e1414 * (_e1414 + 1i))));
            }
            let _e1419 = replay6_3;
            let _e1420 = -(_e1419);
            let _e1421 = (_e1420 * _e35);
            let _e1427 = adj21_3;
            adj21_3 = (_e1427 + -((_e1388 * ((_e1421 * _e35) / (_e1396 * _e1396)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1432 = adj9_3;
            let _e1433 = (_e1432 + (_e1399 * _e35));
            adj9_3 = _e1433;
            let _e1435 = adj10_3;
            let _e1436 = (_e1435 + (_e1399 * _e1421));
            adj10_3 = _e1436;
            adj10_3 = f32();
            let _e1438 = d_P_x_3;
            let _e1439 = (_e1438 + _e1436);
            d_P_x_3 = _e1439;
            adj9_3 = f32();
            let _e1442 = adj7_3;
            let _e1443 = (_e1442 + (_e1433 * _e35));
            adj7_3 = _e1443;
            let _e1445 = adj8_3;
            let _e1446 = (_e1445 + (_e1433 * _e1420));
            adj8_3 = _e1446;
            adj8_3 = f32();
            d_P_x_3 = (_e1439 + _e1446);
            adj7_3 = f32();
            let _e1451 = adj6_3;
            let _e1452 = (_e1451 + -(_e1443));
            adj6_3 = _e1452;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1452);
        }
    }
    if (6i < _e546) {
        rev34_3 = 6i;
        let _e1457 = tape36_3;
        if !(((6i == (_e546 - 1i)) && _e1457)) {
            let _e1462 = d_sum_3;
            d_sum_3 = f32();
            let _e1464 = adj25_3;
            let _e1465 = (_e1464 + _e1462);
            adj25_3 = _e1465;
            adj25_3 = f32();
            let _e1467 = adj24_3;
            let _e1468 = (_e1467 + _e1465);
            adj24_3 = _e1468;
            let _e1469 = adj23_3;
            let _e1470 = (_e1469 + _e1465);
            adj23_3 = _e1470;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1468);
            adj23_3 = f32();
            let _e1474 = d_term_3;
            let _e1475 = (_e1474 + _e1470);
            d_term_3 = _e1475;
            d_term_3 = f32();
            let _e1477 = adj22_3;
            let _e1478 = (_e1477 + _e1475);
            adj22_3 = _e1478;
            adj22_3 = f32();
            let _e1483 = (2i * (1i + (1i * 6i)));
            let _e1486 = f32((_e1483 * (_e1483 + 1i)));
            let _e1488 = adj11_3;
            let _e1489 = (_e1488 + (_e1478 / _e1486));
            adj11_3 = _e1489;
            let _e1496 = tape6_3[(6i >> (u32(1i) & 31u))];
            replay6_3 = _e1496;
            if ((6i & 1i) != 0i) {
                let _e1504 = (2i * (1i + (1i * (6i - 1i))));
                replay6_3 = (((-(_e1496) * _e35) * _e35) / f32((_e1504 * (_e1504 + 1i))));
            }
            let _e1509 = replay6_3;
            let _e1510 = -(_e1509);
            let _e1511 = (_e1510 * _e35);
            let _e1517 = adj21_3;
            adj21_3 = (_e1517 + -((_e1478 * ((_e1511 * _e35) / (_e1486 * _e1486)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1522 = adj9_3;
            let _e1523 = (_e1522 + (_e1489 * _e35));
            adj9_3 = _e1523;
            let _e1525 = adj10_3;
            let _e1526 = (_e1525 + (_e1489 * _e1511));
            adj10_3 = _e1526;
            adj10_3 = f32();
            let _e1528 = d_P_x_3;
            let _e1529 = (_e1528 + _e1526);
            d_P_x_3 = _e1529;
            adj9_3 = f32();
            let _e1532 = adj7_3;
            let _e1533 = (_e1532 + (_e1523 * _e35));
            adj7_3 = _e1533;
            let _e1535 = adj8_3;
            let _e1536 = (_e1535 + (_e1523 * _e1510));
            adj8_3 = _e1536;
            adj8_3 = f32();
            d_P_x_3 = (_e1529 + _e1536);
            adj7_3 = f32();
            let _e1541 = adj6_3;
            let _e1542 = (_e1541 + -(_e1533));
            adj6_3 = _e1542;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1542);
        }
    }
    if (5i < _e546) {
        rev34_3 = 5i;
        let _e1547 = tape36_3;
        if !(((5i == (_e546 - 1i)) && _e1547)) {
            let _e1552 = d_sum_3;
            d_sum_3 = f32();
            let _e1554 = adj25_3;
            let _e1555 = (_e1554 + _e1552);
            adj25_3 = _e1555;
            adj25_3 = f32();
            let _e1557 = adj24_3;
            let _e1558 = (_e1557 + _e1555);
            adj24_3 = _e1558;
            let _e1559 = adj23_3;
            let _e1560 = (_e1559 + _e1555);
            adj23_3 = _e1560;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1558);
            adj23_3 = f32();
            let _e1564 = d_term_3;
            let _e1565 = (_e1564 + _e1560);
            d_term_3 = _e1565;
            d_term_3 = f32();
            let _e1567 = adj22_3;
            let _e1568 = (_e1567 + _e1565);
            adj22_3 = _e1568;
            adj22_3 = f32();
            let _e1573 = (2i * (1i + (1i * 5i)));
            let _e1576 = f32((_e1573 * (_e1573 + 1i)));
            let _e1578 = adj11_3;
            let _e1579 = (_e1578 + (_e1568 / _e1576));
            adj11_3 = _e1579;
            let _e1586 = tape6_3[(5i >> (u32(1i) & 31u))];
            replay6_3 = _e1586;
            if ((5i & 1i) != 0i) {
                let _e1594 = (2i * (1i + (1i * (5i - 1i))));
                replay6_3 = (((-(_e1586) * _e35) * _e35) / f32((_e1594 * (_e1594 + 1i))));
            }
            let _e1599 = replay6_3;
            let _e1600 = -(_e1599);
            let _e1601 = (_e1600 * _e35);
            let _e1607 = adj21_3;
            adj21_3 = (_e1607 + -((_e1568 * ((_e1601 * _e35) / (_e1576 * _e1576)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1612 = adj9_3;
            let _e1613 = (_e1612 + (_e1579 * _e35));
            adj9_3 = _e1613;
            let _e1615 = adj10_3;
            let _e1616 = (_e1615 + (_e1579 * _e1601));
            adj10_3 = _e1616;
            adj10_3 = f32();
            let _e1618 = d_P_x_3;
            let _e1619 = (_e1618 + _e1616);
            d_P_x_3 = _e1619;
            adj9_3 = f32();
            let _e1622 = adj7_3;
            let _e1623 = (_e1622 + (_e1613 * _e35));
            adj7_3 = _e1623;
            let _e1625 = adj8_3;
            let _e1626 = (_e1625 + (_e1613 * _e1600));
            adj8_3 = _e1626;
            adj8_3 = f32();
            d_P_x_3 = (_e1619 + _e1626);
            adj7_3 = f32();
            let _e1631 = adj6_3;
            let _e1632 = (_e1631 + -(_e1623));
            adj6_3 = _e1632;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1632);
        }
    }
    if (4i < _e546) {
        rev34_3 = 4i;
        let _e1637 = tape36_3;
        if !(((4i == (_e546 - 1i)) && _e1637)) {
            let _e1642 = d_sum_3;
            d_sum_3 = f32();
            let _e1644 = adj25_3;
            let _e1645 = (_e1644 + _e1642);
            adj25_3 = _e1645;
            adj25_3 = f32();
            let _e1647 = adj24_3;
            let _e1648 = (_e1647 + _e1645);
            adj24_3 = _e1648;
            let _e1649 = adj23_3;
            let _e1650 = (_e1649 + _e1645);
            adj23_3 = _e1650;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1648);
            adj23_3 = f32();
            let _e1654 = d_term_3;
            let _e1655 = (_e1654 + _e1650);
            d_term_3 = _e1655;
            d_term_3 = f32();
            let _e1657 = adj22_3;
            let _e1658 = (_e1657 + _e1655);
            adj22_3 = _e1658;
            adj22_3 = f32();
            let _e1663 = (2i * (1i + (1i * 4i)));
            let _e1666 = f32((_e1663 * (_e1663 + 1i)));
            let _e1668 = adj11_3;
            let _e1669 = (_e1668 + (_e1658 / _e1666));
            adj11_3 = _e1669;
            let _e1676 = tape6_3[(4i >> (u32(1i) & 31u))];
            replay6_3 = _e1676;
            if ((4i & 1i) != 0i) {
                let _e1684 = (2i * (1i + (1i * (4i - 1i))));
                replay6_3 = (((-(_e1676) * _e35) * _e35) / f32((_e1684 * (_e1684 + 1i))));
            }
            let _e1689 = replay6_3;
            let _e1690 = -(_e1689);
            let _e1691 = (_e1690 * _e35);
            let _e1697 = adj21_3;
            adj21_3 = (_e1697 + -((_e1658 * ((_e1691 * _e35) / (_e1666 * _e1666)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1702 = adj9_3;
            let _e1703 = (_e1702 + (_e1669 * _e35));
            adj9_3 = _e1703;
            let _e1705 = adj10_3;
            let _e1706 = (_e1705 + (_e1669 * _e1691));
            adj10_3 = _e1706;
            adj10_3 = f32();
            let _e1708 = d_P_x_3;
            let _e1709 = (_e1708 + _e1706);
            d_P_x_3 = _e1709;
            adj9_3 = f32();
            let _e1712 = adj7_3;
            let _e1713 = (_e1712 + (_e1703 * _e35));
            adj7_3 = _e1713;
            let _e1715 = adj8_3;
            let _e1716 = (_e1715 + (_e1703 * _e1690));
            adj8_3 = _e1716;
            adj8_3 = f32();
            d_P_x_3 = (_e1709 + _e1716);
            adj7_3 = f32();
            let _e1721 = adj6_3;
            let _e1722 = (_e1721 + -(_e1713));
            adj6_3 = _e1722;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1722);
        }
    }
    if (3i < _e546) {
        rev34_3 = 3i;
        let _e1727 = tape36_3;
        if !(((3i == (_e546 - 1i)) && _e1727)) {
            let _e1732 = d_sum_3;
            d_sum_3 = f32();
            let _e1734 = adj25_3;
            let _e1735 = (_e1734 + _e1732);
            adj25_3 = _e1735;
            adj25_3 = f32();
            let _e1737 = adj24_3;
            let _e1738 = (_e1737 + _e1735);
            adj24_3 = _e1738;
            let _e1739 = adj23_3;
            let _e1740 = (_e1739 + _e1735);
            adj23_3 = _e1740;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1738);
            adj23_3 = f32();
            let _e1744 = d_term_3;
            let _e1745 = (_e1744 + _e1740);
            d_term_3 = _e1745;
            d_term_3 = f32();
            let _e1747 = adj22_3;
            let _e1748 = (_e1747 + _e1745);
            adj22_3 = _e1748;
            adj22_3 = f32();
            let _e1753 = (2i * (1i + (1i * 3i)));
            let _e1756 = f32((_e1753 * (_e1753 + 1i)));
            let _e1758 = adj11_3;
            let _e1759 = (_e1758 + (_e1748 / _e1756));
            adj11_3 = _e1759;
            let _e1766 = tape6_3[(3i >> (u32(1i) & 31u))];
            replay6_3 = _e1766;
            if ((3i & 1i) != 0i) {
                let _e1774 = (2i * (1i + (1i * (3i - 1i))));
                replay6_3 = (((-(_e1766) * _e35) * _e35) / f32((_e1774 * (_e1774 + 1i))));
            }
            let _e1779 = replay6_3;
            let _e1780 = -(_e1779);
            let _e1781 = (_e1780 * _e35);
            let _e1787 = adj21_3;
            adj21_3 = (_e1787 + -((_e1748 * ((_e1781 * _e35) / (_e1756 * _e1756)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1792 = adj9_3;
            let _e1793 = (_e1792 + (_e1759 * _e35));
            adj9_3 = _e1793;
            let _e1795 = adj10_3;
            let _e1796 = (_e1795 + (_e1759 * _e1781));
            adj10_3 = _e1796;
            adj10_3 = f32();
            let _e1798 = d_P_x_3;
            let _e1799 = (_e1798 + _e1796);
            d_P_x_3 = _e1799;
            adj9_3 = f32();
            let _e1802 = adj7_3;
            let _e1803 = (_e1802 + (_e1793 * _e35));
            adj7_3 = _e1803;
            let _e1805 = adj8_3;
            let _e1806 = (_e1805 + (_e1793 * _e1780));
            adj8_3 = _e1806;
            adj8_3 = f32();
            d_P_x_3 = (_e1799 + _e1806);
            adj7_3 = f32();
            let _e1811 = adj6_3;
            let _e1812 = (_e1811 + -(_e1803));
            adj6_3 = _e1812;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1812);
        }
    }
    if (2i < _e546) {
        rev34_3 = 2i;
        let _e1817 = tape36_3;
        if !(((2i == (_e546 - 1i)) && _e1817)) {
            let _e1822 = d_sum_3;
            d_sum_3 = f32();
            let _e1824 = adj25_3;
            let _e1825 = (_e1824 + _e1822);
            adj25_3 = _e1825;
            adj25_3 = f32();
            let _e1827 = adj24_3;
            let _e1828 = (_e1827 + _e1825);
            adj24_3 = _e1828;
            let _e1829 = adj23_3;
            let _e1830 = (_e1829 + _e1825);
            adj23_3 = _e1830;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1828);
            adj23_3 = f32();
            let _e1834 = d_term_3;
            let _e1835 = (_e1834 + _e1830);
            d_term_3 = _e1835;
            d_term_3 = f32();
            let _e1837 = adj22_3;
            let _e1838 = (_e1837 + _e1835);
            adj22_3 = _e1838;
            adj22_3 = f32();
            let _e1842 = (2i * (1i + (1i * 2i)));
            let _e1845 = f32((_e1842 * (_e1842 + 1i)));
            let _e1847 = adj11_3;
            let _e1848 = (_e1847 + (_e1838 / _e1845));
            adj11_3 = _e1848;
            let _e1855 = tape6_3[(2i >> (u32(1i) & 31u))];
            replay6_3 = _e1855;
            if ((2i & 1i) != 0i) {
                let _e1863 = (2i * (1i + (1i * (2i - 1i))));
                replay6_3 = (((-(_e1855) * _e35) * _e35) / f32((_e1863 * (_e1863 + 1i))));
            }
            let _e1868 = replay6_3;
            let _e1869 = -(_e1868);
            let _e1870 = (_e1869 * _e35);
            let _e1876 = adj21_3;
            adj21_3 = (_e1876 + -((_e1838 * ((_e1870 * _e35) / (_e1845 * _e1845)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1881 = adj9_3;
            let _e1882 = (_e1881 + (_e1848 * _e35));
            adj9_3 = _e1882;
            let _e1884 = adj10_3;
            let _e1885 = (_e1884 + (_e1848 * _e1870));
            adj10_3 = _e1885;
            adj10_3 = f32();
            let _e1887 = d_P_x_3;
            let _e1888 = (_e1887 + _e1885);
            d_P_x_3 = _e1888;
            adj9_3 = f32();
            let _e1891 = adj7_3;
            let _e1892 = (_e1891 + (_e1882 * _e35));
            adj7_3 = _e1892;
            let _e1894 = adj8_3;
            let _e1895 = (_e1894 + (_e1882 * _e1869));
            adj8_3 = _e1895;
            adj8_3 = f32();
            d_P_x_3 = (_e1888 + _e1895);
            adj7_3 = f32();
            let _e1900 = adj6_3;
            let _e1901 = (_e1900 + -(_e1892));
            adj6_3 = _e1901;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1901);
        }
    }
    if (1i < _e546) {
        rev34_3 = 1i;
        let _e1905 = tape36_3;
        if !(((1i == (_e546 - 1i)) && _e1905)) {
            let _e1910 = d_sum_3;
            d_sum_3 = f32();
            let _e1912 = adj25_3;
            let _e1913 = (_e1912 + _e1910);
            adj25_3 = _e1913;
            adj25_3 = f32();
            let _e1915 = adj24_3;
            let _e1916 = (_e1915 + _e1913);
            adj24_3 = _e1916;
            let _e1917 = adj23_3;
            let _e1918 = (_e1917 + _e1913);
            adj23_3 = _e1918;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e1916);
            adj23_3 = f32();
            let _e1922 = d_term_3;
            let _e1923 = (_e1922 + _e1918);
            d_term_3 = _e1923;
            d_term_3 = f32();
            let _e1925 = adj22_3;
            let _e1926 = (_e1925 + _e1923);
            adj22_3 = _e1926;
            adj22_3 = f32();
            let _e1930 = (2i * (1i + (1i * 1i)));
            let _e1933 = f32((_e1930 * (_e1930 + 1i)));
            let _e1935 = adj11_3;
            let _e1936 = (_e1935 + (_e1926 / _e1933));
            adj11_3 = _e1936;
            let _e1943 = tape6_3[(1i >> (u32(1i) & 31u))];
            replay6_3 = _e1943;
            if ((1i & 1i) != 0i) {
                let _e1951 = (2i * (1i + (1i * (1i - 1i))));
                replay6_3 = (((-(_e1943) * _e35) * _e35) / f32((_e1951 * (_e1951 + 1i))));
            }
            let _e1956 = replay6_3;
            let _e1957 = -(_e1956);
            let _e1958 = (_e1957 * _e35);
            let _e1964 = adj21_3;
            adj21_3 = (_e1964 + -((_e1926 * ((_e1958 * _e35) / (_e1933 * _e1933)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e1969 = adj9_3;
            let _e1970 = (_e1969 + (_e1936 * _e35));
            adj9_3 = _e1970;
            let _e1972 = adj10_3;
            let _e1973 = (_e1972 + (_e1936 * _e1958));
            adj10_3 = _e1973;
            adj10_3 = f32();
            let _e1975 = d_P_x_3;
            let _e1976 = (_e1975 + _e1973);
            d_P_x_3 = _e1976;
            adj9_3 = f32();
            let _e1979 = adj7_3;
            let _e1980 = (_e1979 + (_e1970 * _e35));
            adj7_3 = _e1980;
            let _e1982 = adj8_3;
            let _e1983 = (_e1982 + (_e1970 * _e1957));
            adj8_3 = _e1983;
            adj8_3 = f32();
            d_P_x_3 = (_e1976 + _e1983);
            adj7_3 = f32();
            let _e1988 = adj6_3;
            let _e1989 = (_e1988 + -(_e1980));
            adj6_3 = _e1989;
            adj6_3 = f32();
            d_term_3 = (f32() + _e1989);
        }
    }
    if (0i < _e546) {
        rev34_3 = 0i;
        let _e1993 = tape36_3;
        if !(((0i == (_e546 - 1i)) && _e1993)) {
            let _e1998 = d_sum_3;
            d_sum_3 = f32();
            let _e2000 = adj25_3;
            let _e2001 = (_e2000 + _e1998);
            adj25_3 = _e2001;
            adj25_3 = f32();
            let _e2003 = adj24_3;
            let _e2004 = (_e2003 + _e2001);
            adj24_3 = _e2004;
            let _e2005 = adj23_3;
            let _e2006 = (_e2005 + _e2001);
            adj23_3 = _e2006;
            adj24_3 = f32();
            d_sum_3 = (f32() + _e2004);
            adj23_3 = f32();
            let _e2010 = d_term_3;
            let _e2011 = (_e2010 + _e2006);
            d_term_3 = _e2011;
            d_term_3 = f32();
            let _e2013 = adj22_3;
            let _e2014 = (_e2013 + _e2011);
            adj22_3 = _e2014;
            adj22_3 = f32();
            let _e2018 = (2i * (1i + (1i * 0i)));
            let _e2021 = f32((_e2018 * (_e2018 + 1i)));
            let _e2023 = adj11_3;
            let _e2024 = (_e2023 + (_e2014 / _e2021));
            adj11_3 = _e2024;
            let _e2031 = tape6_3[(0i >> (u32(1i) & 31u))];
            replay6_3 = _e2031;
            if ((0i & 1i) != 0i) {
                let _e2039 = (2i * (1i + (1i * (0i - 1i))));
                replay6_3 = (((-(_e2031) * _e35) * _e35) / f32((_e2039 * (_e2039 + 1i))));
            }
            let _e2044 = replay6_3;
            let _e2045 = -(_e2044);
            let _e2046 = (_e2045 * _e35);
            let _e2052 = adj21_3;
            adj21_3 = (_e2052 + -((_e2014 * ((_e2046 * _e35) / (_e2021 * _e2021)))));
            adj21_3 = f32();
            adj11_3 = f32();
            let _e2057 = adj9_3;
            let _e2058 = (_e2057 + (_e2024 * _e35));
            adj9_3 = _e2058;
            let _e2060 = adj10_3;
            let _e2061 = (_e2060 + (_e2024 * _e2046));
            adj10_3 = _e2061;
            adj10_3 = f32();
            let _e2063 = d_P_x_3;
            let _e2064 = (_e2063 + _e2061);
            d_P_x_3 = _e2064;
            adj9_3 = f32();
            let _e2067 = adj7_3;
            let _e2068 = (_e2067 + (_e2058 * _e35));
            adj7_3 = _e2068;
            let _e2070 = adj8_3;
            let _e2071 = (_e2070 + (_e2058 * _e2045));
            adj8_3 = _e2071;
            adj8_3 = f32();
            d_P_x_3 = (_e2064 + _e2071);
            adj7_3 = f32();
            let _e2076 = adj6_3;
            let _e2077 = (_e2076 + -(_e2068));
            adj6_3 = _e2077;
            adj6_3 = f32();
            d_term_3 = (f32() + _e2077);
        }
    }
    let _e2080 = d_sum_3;
    d_sum_3 = f32();
    let _e2082 = (f32() + _e2080);
    adj1_3 = _e2082;
    adj1_3 = f32();
    let _e2084 = d_P_x_3;
    let _e2085 = (_e2084 + _e2082);
    d_P_x_3 = _e2085;
    let _e2086 = d_term_3;
    d_term_3 = f32();
    let _e2088 = (f32() + _e2086);
    adj0_3 = _e2088;
    adj0_3 = f32();
    let _e2090 = (_e2085 + _e2088);
    d_P_x_3 = _e2090;
    (*x_4).d = _e2090;
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
