// headroom variant: dslang's WGSL of kernels/taylor_maxiters_bwd.slang as generated (default tape tiers 16,32,64; thinned tapes: `term` stored in even runs only, odd runs replay one step; the dispatcher computes the term count from its parameters and calls the smallest copy that holds it)
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
    loop {
        let _e45 = brk1_3;
        if !(_e45) {
            let _e47 = k_3;
            if (_e47 < terms_4) {
            } else {
                brk1_3 = true;
            }
            let _e50 = brk1_3;
            tape36_3 = _e50;
            let _e51 = !(_e50);
            if _e51 {
                let _e52 = term_3;
                let _e53 = iter1_3;
                if ((_e53 & 1i) == 0i) {
                    tape6_3[(_e53 >> (u32(1i) & 31u))] = _e52;
                }
                let _e65 = (2i * _e47);
                let _e69 = (((-(_e52) * _e35) * _e35) / f32((_e65 * (_e65 + 1i))));
                term_3 = _e69;
                let _e70 = sum_3;
                sum_3 = (_e70 + _e69);
            }
            if _e51 {
                k_3 = (_e47 + 1i);
            }
            let _e73 = iter1_3;
            iter1_3 = (_e73 + 1i);
        } else {
            break;
        }
    }
    let _e75 = iter1_3;
    let _e76 = sum_3;
    retval_3 = _e76;
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
    let _e96 = (f32() + dOut_3);
    adj29_3 = _e96;
    adj29_3 = f32();
    d_sum_3 = (f32() + _e96);
    rev34_3 = _e75;
    loop {
        let _e99 = rev34_3;
        if (_e99 > 0i) {
            let _e101 = (_e99 - 1i);
            rev34_3 = _e101;
            let _e102 = tape36_3;
            if !(((_e101 == (_e75 - 1i)) && _e102)) {
                let _e107 = d_sum_3;
                d_sum_3 = f32();
                let _e109 = adj25_3;
                let _e110 = (_e109 + _e107);
                adj25_3 = _e110;
                adj25_3 = f32();
                let _e112 = adj24_3;
                let _e113 = (_e112 + _e110);
                adj24_3 = _e113;
                let _e114 = adj23_3;
                let _e115 = (_e114 + _e110);
                adj23_3 = _e115;
                adj24_3 = f32();
                d_sum_3 = (f32() + _e113);
                adj23_3 = f32();
                let _e119 = d_term_3;
                let _e120 = (_e119 + _e115);
                d_term_3 = _e120;
                d_term_3 = f32();
                let _e122 = adj22_3;
                let _e123 = (_e122 + _e120);
                adj22_3 = _e123;
                adj22_3 = f32();
                let _e128 = (2i * (1i + (1i * _e101)));
                let _e131 = f32((_e128 * (_e128 + 1i)));
                let _e133 = adj11_3;
                let _e134 = (_e133 + (_e123 / _e131));
                adj11_3 = _e134;
                let _e141 = tape6_3[(_e101 >> (u32(1i) & 31u))];
                replay6_3 = _e141;
                if ((_e101 & 1i) != 0i) {
                    let _e149 = (2i * (1i + (1i * (_e101 - 1i))));
                    replay6_3 = (((-(_e141) * _e35) * _e35) / f32((_e149 * (_e149 + 1i))));
                }
                let _e154 = replay6_3;
                let _e155 = -(_e154);
                let _e156 = (_e155 * _e35);
                let _e162 = adj21_3;
                adj21_3 = (_e162 + -((_e123 * ((_e156 * _e35) / (_e131 * _e131)))));
                adj21_3 = f32();
                adj11_3 = f32();
                let _e167 = adj9_3;
                let _e168 = (_e167 + (_e134 * _e35));
                adj9_3 = _e168;
                let _e170 = adj10_3;
                let _e171 = (_e170 + (_e134 * _e156));
                adj10_3 = _e171;
                adj10_3 = f32();
                let _e173 = d_P_x_3;
                let _e174 = (_e173 + _e171);
                d_P_x_3 = _e174;
                adj9_3 = f32();
                let _e177 = adj7_3;
                let _e178 = (_e177 + (_e168 * _e35));
                adj7_3 = _e178;
                let _e180 = adj8_3;
                let _e181 = (_e180 + (_e168 * _e155));
                adj8_3 = _e181;
                adj8_3 = f32();
                d_P_x_3 = (_e174 + _e181);
                adj7_3 = f32();
                let _e186 = adj6_3;
                let _e187 = (_e186 + -(_e178));
                adj6_3 = _e187;
                adj6_3 = f32();
                d_term_3 = (f32() + _e187);
            }
        } else {
            break;
        }
    }
    let _e190 = d_sum_3;
    d_sum_3 = f32();
    let _e192 = (f32() + _e190);
    adj1_3 = _e192;
    adj1_3 = f32();
    let _e194 = d_P_x_3;
    let _e195 = (_e194 + _e192);
    d_P_x_3 = _e195;
    let _e196 = d_term_3;
    d_term_3 = f32();
    let _e198 = (f32() + _e196);
    adj0_3 = _e198;
    adj0_3 = f32();
    let _e200 = (_e195 + _e198);
    d_P_x_3 = _e200;
    (*x_4).d = _e200;
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
