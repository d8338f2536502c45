// headroom variant: the generated kernel before thinned tapes (session 5, 7687ba7: tiers 16,32,64, `term` stored in every run: tapes of 17/33/65/129 entries)
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
    var tape6_1: array<f32, 65>;
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
                tape6_1[_e52] = _e51;
                let _e58 = (2i * _e46);
                let _e62 = (((-(_e51) * _e34) * _e34) / f32((_e58 * (_e58 + 1i))));
                term_1 = _e62;
                let _e63 = sum_1;
                sum_1 = (_e63 + _e62);
            }
            if _e50 {
                k_1 = (_e46 + 1i);
            }
            let _e66 = iter1_1;
            iter1_1 = (_e66 + 1i);
        } else {
            break;
        }
    }
    let _e68 = iter1_1;
    let _e69 = sum_1;
    retval_1 = _e69;
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
    let _e89 = (f32() + dOut_1);
    adj29_1 = _e89;
    adj29_1 = f32();
    d_sum_1 = (f32() + _e89);
    rev34_1 = _e68;
    loop {
        let _e92 = rev34_1;
        if (_e92 > 0i) {
            let _e94 = (_e92 - 1i);
            rev34_1 = _e94;
            let _e95 = tape36_1;
            if !(((_e94 == (_e68 - 1i)) && _e95)) {
                let _e100 = d_sum_1;
                d_sum_1 = f32();
                let _e102 = adj25_1;
                let _e103 = (_e102 + _e100);
                adj25_1 = _e103;
                adj25_1 = f32();
                let _e105 = adj24_1;
                let _e106 = (_e105 + _e103);
                adj24_1 = _e106;
                let _e107 = adj23_1;
                let _e108 = (_e107 + _e103);
                adj23_1 = _e108;
                adj24_1 = f32();
                d_sum_1 = (f32() + _e106);
                adj23_1 = f32();
                let _e112 = d_term_1;
                let _e113 = (_e112 + _e108);
                d_term_1 = _e113;
                d_term_1 = f32();
                let _e115 = adj22_1;
                let _e116 = (_e115 + _e113);
                adj22_1 = _e116;
                adj22_1 = f32();
                let _e121 = (2i * (1i + (1i * _e94)));
                let _e124 = f32((_e121 * (_e121 + 1i)));
                let _e126 = adj11_1;
                let _e127 = (_e126 + (_e116 / _e124));
                adj11_1 = _e127;
                let _e129 = tape6_1[_e94];
                let _e130 = -(_e129);
                let _e131 = (_e130 * _e34);
                let _e137 = adj21_1;
                adj21_1 = (_e137 + -((_e116 * ((_e131 * _e34) / (_e124 * _e124)))));
                adj21_1 = f32();
                adj11_1 = f32();
                let _e142 = adj9_1;
                let _e143 = (_e142 + (_e127 * _e34));
                adj9_1 = _e143;
                let _e145 = adj10_1;
                let _e146 = (_e145 + (_e127 * _e131));
                adj10_1 = _e146;
                adj10_1 = f32();
                let _e148 = d_P_x_1;
                let _e149 = (_e148 + _e146);
                d_P_x_1 = _e149;
                adj9_1 = f32();
                let _e152 = adj7_1;
                let _e153 = (_e152 + (_e143 * _e34));
                adj7_1 = _e153;
                let _e155 = adj8_1;
                let _e156 = (_e155 + (_e143 * _e130));
                adj8_1 = _e156;
                adj8_1 = f32();
                d_P_x_1 = (_e149 + _e156);
                adj7_1 = f32();
                let _e161 = adj6_1;
                let _e162 = (_e161 + -(_e153));
                adj6_1 = _e162;
                adj6_1 = f32();
                d_term_1 = (f32() + _e162);
            }
        } else {
            break;
        }
    }
    let _e165 = d_sum_1;
    d_sum_1 = f32();
    let _e167 = (f32() + _e165);
    adj1_1 = _e167;
    adj1_1 = f32();
    let _e169 = d_P_x_1;
    let _e170 = (_e169 + _e167);
    d_P_x_1 = _e170;
    let _e171 = d_term_1;
    d_term_1 = f32();
    let _e173 = (f32() + _e171);
    adj0_1 = _e173;
    adj0_1 = f32();
    let _e175 = (_e170 + _e173);
    d_P_x_1 = _e175;
    (*x_2).d = _e175;
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
    var tape6_2: array<f32, 33>;
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
                tape6_2[_e52] = _e51;
                let _e58 = (2i * _e46);
                let _e62 = (((-(_e51) * _e34) * _e34) / f32((_e58 * (_e58 + 1i))));
                term_2 = _e62;
                let _e63 = sum_2;
                sum_2 = (_e63 + _e62);
            }
            if _e50 {
                k_2 = (_e46 + 1i);
            }
            let _e66 = iter1_2;
            iter1_2 = (_e66 + 1i);
        } else {
            break;
        }
    }
    let _e68 = iter1_2;
    let _e69 = sum_2;
    retval_2 = _e69;
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
    let _e89 = (f32() + dOut_2);
    adj29_2 = _e89;
    adj29_2 = f32();
    d_sum_2 = (f32() + _e89);
    rev34_2 = _e68;
    loop {
        let _e92 = rev34_2;
        if (_e92 > 0i) {
            let _e94 = (_e92 - 1i);
            rev34_2 = _e94;
            let _e95 = tape36_2;
            if !(((_e94 == (_e68 - 1i)) && _e95)) {
                let _e100 = d_sum_2;
                d_sum_2 = f32();
                let _e102 = adj25_2;
                let _e103 = (_e102 + _e100);
                adj25_2 = _e103;
                adj25_2 = f32();
                let _e105 = adj24_2;
                let _e106 = (_e105 + _e103);
                adj24_2 = _e106;
                let _e107 = adj23_2;
                let _e108 = (_e107 + _e103);
                adj23_2 = _e108;
                adj24_2 = f32();
                d_sum_2 = (f32() + _e106);
                adj23_2 = f32();
                let _e112 = d_term_2;
                let _e113 = (_e112 + _e108);
                d_term_2 = _e113;
                d_term_2 = f32();
                let _e115 = adj22_2;
                let _e116 = (_e115 + _e113);
                adj22_2 = _e116;
                adj22_2 = f32();
                let _e121 = (2i * (1i + (1i * _e94)));
                let _e124 = f32((_e121 * (_e121 + 1i)));
                let _e126 = adj11_2;
                let _e127 = (_e126 + (_e116 / _e124));
                adj11_2 = _e127;
                let _e129 = tape6_2[_e94];
                let _e130 = -(_e129);
                let _e131 = (_e130 * _e34);
                let _e137 = adj21_2;
                adj21_2 = (_e137 + -((_e116 * ((_e131 * _e34) / (_e124 * _e124)))));
                adj21_2 = f32();
                adj11_2 = f32();
                let _e142 = adj9_2;
                let _e143 = (_e142 + (_e127 * _e34));
                adj9_2 = _e143;
                let _e145 = adj10_2;
                let _e146 = (_e145 + (_e127 * _e131));
                adj10_2 = _e146;
                adj10_2 = f32();
                let _e148 = d_P_x_2;
                let _e149 = (_e148 + _e146);
                d_P_x_2 = _e149;
                adj9_2 = f32();
                let _e152 = adj7_2;
                let _e153 = (_e152 + (_e143 * _e34));
                adj7_2 = _e153;
                let _e155 = adj8_2;
                let _e156 = (_e155 + (_e143 * _e130));
                adj8_2 = _e156;
                adj8_2 = f32();
                d_P_x_2 = (_e149 + _e156);
                adj7_2 = f32();
                let _e161 = adj6_2;
                let _e162 = (_e161 + -(_e153));
                adj6_2 = _e162;
                adj6_2 = f32();
                d_term_2 = (f32() + _e162);
            }
        } else {
            break;
        }
    }
    let _e165 = d_sum_2;
    d_sum_2 = f32();
    let _e167 = (f32() + _e165);
    adj1_2 = _e167;
    adj1_2 = f32();
    let _e169 = d_P_x_2;
    let _e170 = (_e169 + _e167);
    d_P_x_2 = _e170;
    let _e171 = d_term_2;
    d_term_2 = f32();
    let _e173 = (f32() + _e171);
    adj0_2 = _e173;
    adj0_2 = f32();
    let _e175 = (_e170 + _e173);
    d_P_x_2 = _e175;
    (*x_3).d = _e175;
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
    var tape6_3: array<f32, 17>;
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
                tape6_3[_e52] = _e51;
                let _e58 = (2i * _e46);
                let _e62 = (((-(_e51) * _e34) * _e34) / f32((_e58 * (_e58 + 1i))));
                term_3 = _e62;
                let _e63 = sum_3;
                sum_3 = (_e63 + _e62);
            }
            if _e50 {
                k_3 = (_e46 + 1i);
            }
            let _e66 = iter1_3;
            iter1_3 = (_e66 + 1i);
        } else {
            break;
        }
    }
    let _e68 = iter1_3;
    let _e69 = sum_3;
    retval_3 = _e69;
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
    let _e89 = (f32() + dOut_3);
    adj29_3 = _e89;
    adj29_3 = f32();
    d_sum_3 = (f32() + _e89);
    rev34_3 = _e68;
    loop {
        let _e92 = rev34_3;
        if (_e92 > 0i) {
            let _e94 = (_e92 - 1i);
            rev34_3 = _e94;
            let _e95 = tape36_3;
            if !(((_e94 == (_e68 - 1i)) && _e95)) {
                let _e100 = d_sum_3;
                d_sum_3 = f32();
                let _e102 = adj25_3;
                let _e103 = (_e102 + _e100);
                adj25_3 = _e103;
                adj25_3 = f32();
                let _e105 = adj24_3;
                let _e106 = (_e105 + _e103);
                adj24_3 = _e106;
                let _e107 = adj23_3;
                let _e108 = (_e107 + _e103);
                adj23_3 = _e108;
                adj24_3 = f32();
                d_sum_3 = (f32() + _e106);
                adj23_3 = f32();
                let _e112 = d_term_3;
                let _e113 = (_e112 + _e108);
                d_term_3 = _e113;
                d_term_3 = f32();
                let _e115 = adj22_3;
                let _e116 = (_e115 + _e113);
                adj22_3 = _e116;
                adj22_3 = f32();
                let _e121 = (2i * (1i + (1i * _e94)));
                let _e124 = f32((_e121 * (_e121 + 1i)));
                let _e126 = adj11_3;
                let _e127 = (_e126 + (_e116 / _e124));
                adj11_3 = _e127;
                let _e129 = tape6_3[_e94];
                let _e130 = -(_e129);
                let _e131 = (_e130 * _e34);
                let _e137 = adj21_3;
                adj21_3 = (_e137 + -((_e116 * ((_e131 * _e34) / (_e124 * _e124)))));
                adj21_3 = f32();
                adj11_3 = f32();
                let _e142 = adj9_3;
                let _e143 = (_e142 + (_e127 * _e34));
                adj9_3 = _e143;
                let _e145 = adj10_3;
                let _e146 = (_e145 + (_e127 * _e131));
                adj10_3 = _e146;
                adj10_3 = f32();
                let _e148 = d_P_x_3;
                let _e149 = (_e148 + _e146);
                d_P_x_3 = _e149;
                adj9_3 = f32();
                let _e152 = adj7_3;
                let _e153 = (_e152 + (_e143 * _e34));
                adj7_3 = _e153;
                let _e155 = adj8_3;
                let _e156 = (_e155 + (_e143 * _e130));
                adj8_3 = _e156;
                adj8_3 = f32();
                d_P_x_3 = (_e149 + _e156);
                adj7_3 = f32();
                let _e161 = adj6_3;
                let _e162 = (_e161 + -(_e153));
                adj6_3 = _e162;
                adj6_3 = f32();
                d_term_3 = (f32() + _e162);
            }
        } else {
            break;
        }
    }
    let _e165 = d_sum_3;
    d_sum_3 = f32();
    let _e167 = (f32() + _e165);
    adj1_3 = _e167;
    adj1_3 = f32();
    let _e169 = d_P_x_3;
    let _e170 = (_e169 + _e167);
    d_P_x_3 = _e170;
    let _e171 = d_term_3;
    d_term_3 = f32();
    let _e173 = (f32() + _e171);
    adj0_3 = _e173;
    adj0_3 = f32();
    let _e175 = (_e170 + _e173);
    d_P_x_3 = _e175;
    (*x_4).d = _e175;
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
