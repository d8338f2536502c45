// headroom variant: experiment (not the default): only the 16-run tier unrolled
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
    loop {
        let _e45 = brk1_2;
        if !(_e45) {
            let _e47 = k_2;
            if (_e47 < terms_3) {
            } else {
                brk1_2 = true;
            }
            let _e50 = brk1_2;
            tape36_2 = _e50;
            let _e51 = !(_e50);
            if _e51 {
                let _e52 = term_2;
                let _e53 = iter1_2;
                if ((_e53 & 1i) == 0i) {
                    tape6_2[(_e53 >> (u32(1i) & 31u))] = _e52;
                }
                let _e65 = (2i * _e47);
                let _e69 = (((-(_e52) * _e35) * _e35) / f32((_e65 * (_e65 + 1i))));
                term_2 = _e69;
                let _e70 = sum_2;
                sum_2 = (_e70 + _e69);
            }
            if _e51 {
                k_2 = (_e47 + 1i);
            }
            let _e73 = iter1_2;
            iter1_2 = (_e73 + 1i);
        } else {
            break;
        }
    }
    let _e75 = iter1_2;
    let _e76 = sum_2;
    retval_2 = _e76;
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
    let _e96 = (f32() + dOut_2);
    adj29_2 = _e96;
    adj29_2 = f32();
    d_sum_2 = (f32() + _e96);
    rev34_2 = _e75;
    loop {
        let _e99 = rev34_2;
        if (_e99 > 0i) {
            let _e101 = (_e99 - 1i);
            rev34_2 = _e101;
            let _e102 = tape36_2;
            if !(((_e101 == (_e75 - 1i)) && _e102)) {
                let _e107 = d_sum_2;
                d_sum_2 = f32();
                let _e109 = adj25_2;
                let _e110 = (_e109 + _e107);
                adj25_2 = _e110;
                adj25_2 = f32();
                let _e112 = adj24_2;
                let _e113 = (_e112 + _e110);
                adj24_2 = _e113;
                let _e114 = adj23_2;
                let _e115 = (_e114 + _e110);
                adj23_2 = _e115;
                adj24_2 = f32();
                d_sum_2 = (f32() + _e113);
                adj23_2 = f32();
                let _e119 = d_term_2;
                let _e120 = (_e119 + _e115);
                d_term_2 = _e120;
                d_term_2 = f32();
                let _e122 = adj22_2;
                let _e123 = (_e122 + _e120);
                adj22_2 = _e123;
                adj22_2 = f32();
                let _e128 = (2i * (1i + (1i * _e101)));
                let _e131 = f32((_e128 * (_e128 + 1i)));
                let _e133 = adj11_2;
                let _e134 = (_e133 + (_e123 / _e131));
                adj11_2 = _e134;
                let _e141 = tape6_2[(_e101 >> (u32(1i) & 31u))];
                replay6_2 = _e141;
                if ((_e101 & 1i) != 0i) {
                    let _e149 = (2i * (1i + (1i * (_e101 - 1i))));
                    replay6_2 = (((-(_e141) * _e35) * _e35) / f32((_e149 * (_e149 + 1i))));
                }
                let _e154 = replay6_2;
                let _e155 = -(_e154);
                let _e156 = (_e155 * _e35);
                let _e162 = adj21_2;
                adj21_2 = (_e162 + -((_e123 * ((_e156 * _e35) / (_e131 * _e131)))));
                adj21_2 = f32();
                adj11_2 = f32();
                let _e167 = adj9_2;
                let _e168 = (_e167 + (_e134 * _e35));
                adj9_2 = _e168;
                let _e170 = adj10_2;
                let _e171 = (_e170 + (_e134 * _e156));
                adj10_2 = _e171;
                adj10_2 = f32();
                let _e173 = d_P_x_2;
                let _e174 = (_e173 + _e171);
                d_P_x_2 = _e174;
                adj9_2 = f32();
                let _e177 = adj7_2;
                let _e178 = (_e177 + (_e168 * _e35));
                adj7_2 = _e178;
                let _e180 = adj8_2;
                let _e181 = (_e180 + (_e168 * _e155));
                adj8_2 = _e181;
                adj8_2 = f32();
                d_P_x_2 = (_e174 + _e181);
                adj7_2 = f32();
                let _e186 = adj6_2;
                let _e187 = (_e186 + -(_e178));
                adj6_2 = _e187;
                adj6_2 = f32();
                d_term_2 = (f32() + _e187);
            }
        } else {
            break;
        }
    }
    let _e190 = d_sum_2;
    d_sum_2 = f32();
    let _e192 = (f32() + _e190);
    adj1_2 = _e192;
    adj1_2 = f32();
    let _e194 = d_P_x_2;
    let _e195 = (_e194 + _e192);
    d_P_x_2 = _e195;
    let _e196 = d_term_2;
    d_term_2 = f32();
    let _e198 = (f32() + _e196);
    adj0_2 = _e198;
    adj0_2 = f32();
    let _e200 = (_e195 + _e198);
    d_P_x_2 = _e200;
    (*x_3).d = _e200;
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
