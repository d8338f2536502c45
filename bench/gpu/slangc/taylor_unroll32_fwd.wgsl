@binding(1) @group(0) var<storage, read> params_0 : array<i32>;

@binding(2) @group(0) var<storage, read_write> result_0 : array<f32>;

@binding(0) @group(0) var<storage, read> xs_0 : array<f32>;

struct DiffPair_float_0
{
     primal_0 : f32,
     differential_0 : f32,
};

fn s_fwd_taylorSin_0( dpx_0 : DiffPair_float_0,  terms_0 : i32) -> DiffPair_float_0
{
    var _S1 : f32 = - dpx_0.primal_0;
    var _S2 : f32 = _S1 * dpx_0.primal_0;
    var term_0 : f32 = _S2 * dpx_0.primal_0 / 6.0f;
    var s_diff_term_0 : f32 = ((- dpx_0.differential_0 * dpx_0.primal_0 + dpx_0.differential_0 * _S1) * dpx_0.primal_0 + dpx_0.differential_0 * _S2) * 0.1666666716337204f;
    var _S3 : f32 = - term_0;
    var _S4 : f32 = _S3 * dpx_0.primal_0;
    var term_1 : f32 = _S4 * dpx_0.primal_0 / 20.0f;
    var s_diff_term_1 : f32 = ((- s_diff_term_0 * dpx_0.primal_0 + dpx_0.differential_0 * _S3) * dpx_0.primal_0 + dpx_0.differential_0 * _S4) * 0.05000000074505806f;
    var _S5 : f32 = - term_1;
    var _S6 : f32 = _S5 * dpx_0.primal_0;
    var term_2 : f32 = _S6 * dpx_0.primal_0 / 42.0f;
    var s_diff_term_2 : f32 = ((- s_diff_term_1 * dpx_0.primal_0 + dpx_0.differential_0 * _S5) * dpx_0.primal_0 + dpx_0.differential_0 * _S6) * 0.02380952425301075f;
    var _S7 : f32 = - term_2;
    var _S8 : f32 = _S7 * dpx_0.primal_0;
    var term_3 : f32 = _S8 * dpx_0.primal_0 / 72.0f;
    var s_diff_term_3 : f32 = ((- s_diff_term_2 * dpx_0.primal_0 + dpx_0.differential_0 * _S7) * dpx_0.primal_0 + dpx_0.differential_0 * _S8) * 0.01388888899236917f;
    var _S9 : f32 = - term_3;
    var _S10 : f32 = _S9 * dpx_0.primal_0;
    var term_4 : f32 = _S10 * dpx_0.primal_0 / 110.0f;
    var s_diff_term_4 : f32 = ((- s_diff_term_3 * dpx_0.primal_0 + dpx_0.differential_0 * _S9) * dpx_0.primal_0 + dpx_0.differential_0 * _S10) * 0.00909090880304575f;
    var _S11 : f32 = - term_4;
    var _S12 : f32 = _S11 * dpx_0.primal_0;
    var term_5 : f32 = _S12 * dpx_0.primal_0 / 156.0f;
    var s_diff_term_5 : f32 = ((- s_diff_term_4 * dpx_0.primal_0 + dpx_0.differential_0 * _S11) * dpx_0.primal_0 + dpx_0.differential_0 * _S12) * 0.00641025649383664f;
    var _S13 : f32 = - term_5;
    var _S14 : f32 = _S13 * dpx_0.primal_0;
    var term_6 : f32 = _S14 * dpx_0.primal_0 / 210.0f;
    var s_diff_term_6 : f32 = ((- s_diff_term_5 * dpx_0.primal_0 + dpx_0.differential_0 * _S13) * dpx_0.primal_0 + dpx_0.differential_0 * _S14) * 0.00476190494373441f;
    var _S15 : f32 = - term_6;
    var _S16 : f32 = _S15 * dpx_0.primal_0;
    var term_7 : f32 = _S16 * dpx_0.primal_0 / 272.0f;
    var s_diff_term_7 : f32 = ((- s_diff_term_6 * dpx_0.primal_0 + dpx_0.differential_0 * _S15) * dpx_0.primal_0 + dpx_0.differential_0 * _S16) * 0.00367647060193121f;
    var _S17 : f32 = - term_7;
    var _S18 : f32 = _S17 * dpx_0.primal_0;
    var term_8 : f32 = _S18 * dpx_0.primal_0 / 342.0f;
    var s_diff_term_8 : f32 = ((- s_diff_term_7 * dpx_0.primal_0 + dpx_0.differential_0 * _S17) * dpx_0.primal_0 + dpx_0.differential_0 * _S18) * 0.00292397662997246f;
    var _S19 : f32 = - term_8;
    var _S20 : f32 = _S19 * dpx_0.primal_0;
    var term_9 : f32 = _S20 * dpx_0.primal_0 / 420.0f;
    var s_diff_term_9 : f32 = ((- s_diff_term_8 * dpx_0.primal_0 + dpx_0.differential_0 * _S19) * dpx_0.primal_0 + dpx_0.differential_0 * _S20) * 0.0023809524718672f;
    var _S21 : f32 = - term_9;
    var _S22 : f32 = _S21 * dpx_0.primal_0;
    var term_10 : f32 = _S22 * dpx_0.primal_0 / 506.0f;
    var s_diff_term_10 : f32 = ((- s_diff_term_9 * dpx_0.primal_0 + dpx_0.differential_0 * _S21) * dpx_0.primal_0 + dpx_0.differential_0 * _S22) * 0.00197628466412425f;
    var _S23 : f32 = - term_10;
    var _S24 : f32 = _S23 * dpx_0.primal_0;
    var term_11 : f32 = _S24 * dpx_0.primal_0 / 600.0f;
    var s_diff_term_11 : f32 = ((- s_diff_term_10 * dpx_0.primal_0 + dpx_0.differential_0 * _S23) * dpx_0.primal_0 + dpx_0.differential_0 * _S24) * 0.00166666670702398f;
    var _S25 : f32 = - term_11;
    var _S26 : f32 = _S25 * dpx_0.primal_0;
    var term_12 : f32 = _S26 * dpx_0.primal_0 / 702.0f;
    var s_diff_term_12 : f32 = ((- s_diff_term_11 * dpx_0.primal_0 + dpx_0.differential_0 * _S25) * dpx_0.primal_0 + dpx_0.differential_0 * _S26) * 0.00142450141720474f;
    var _S27 : f32 = - term_12;
    var _S28 : f32 = _S27 * dpx_0.primal_0;
    var term_13 : f32 = _S28 * dpx_0.primal_0 / 812.0f;
    var s_diff_term_13 : f32 = ((- s_diff_term_12 * dpx_0.primal_0 + dpx_0.differential_0 * _S27) * dpx_0.primal_0 + dpx_0.differential_0 * _S28) * 0.0012315270723775f;
    var _S29 : f32 = - term_13;
    var _S30 : f32 = _S29 * dpx_0.primal_0;
    var term_14 : f32 = _S30 * dpx_0.primal_0 / 930.0f;
    var s_diff_term_14 : f32 = ((- s_diff_term_13 * dpx_0.primal_0 + dpx_0.differential_0 * _S29) * dpx_0.primal_0 + dpx_0.differential_0 * _S30) * 0.00107526883948594f;
    var _S31 : f32 = - term_14;
    var _S32 : f32 = _S31 * dpx_0.primal_0;
    var term_15 : f32 = _S32 * dpx_0.primal_0 / 1056.0f;
    var s_diff_term_15 : f32 = ((- s_diff_term_14 * dpx_0.primal_0 + dpx_0.differential_0 * _S31) * dpx_0.primal_0 + dpx_0.differential_0 * _S32) * 0.00094696972519159f;
    var _S33 : f32 = - term_15;
    var _S34 : f32 = _S33 * dpx_0.primal_0;
    var term_16 : f32 = _S34 * dpx_0.primal_0 / 1190.0f;
    var s_diff_term_16 : f32 = ((- s_diff_term_15 * dpx_0.primal_0 + dpx_0.differential_0 * _S33) * dpx_0.primal_0 + dpx_0.differential_0 * _S34) * 0.00084033614257351f;
    var _S35 : f32 = - term_16;
    var _S36 : f32 = _S35 * dpx_0.primal_0;
    var term_17 : f32 = _S36 * dpx_0.primal_0 / 1332.0f;
    var s_diff_term_17 : f32 = ((- s_diff_term_16 * dpx_0.primal_0 + dpx_0.differential_0 * _S35) * dpx_0.primal_0 + dpx_0.differential_0 * _S36) * 0.00075075076892972f;
    var _S37 : f32 = - term_17;
    var _S38 : f32 = _S37 * dpx_0.primal_0;
    var term_18 : f32 = _S38 * dpx_0.primal_0 / 1482.0f;
    var s_diff_term_18 : f32 = ((- s_diff_term_17 * dpx_0.primal_0 + dpx_0.differential_0 * _S37) * dpx_0.primal_0 + dpx_0.differential_0 * _S38) * 0.00067476381082088f;
    var _S39 : f32 = - term_18;
    var _S40 : f32 = _S39 * dpx_0.primal_0;
    var term_19 : f32 = _S40 * dpx_0.primal_0 / 1640.0f;
    var s_diff_term_19 : f32 = ((- s_diff_term_18 * dpx_0.primal_0 + dpx_0.differential_0 * _S39) * dpx_0.primal_0 + dpx_0.differential_0 * _S40) * 0.00060975609812886f;
    var _S41 : f32 = - term_19;
    var _S42 : f32 = _S41 * dpx_0.primal_0;
    var term_20 : f32 = _S42 * dpx_0.primal_0 / 1806.0f;
    var s_diff_term_20 : f32 = ((- s_diff_term_19 * dpx_0.primal_0 + dpx_0.differential_0 * _S41) * dpx_0.primal_0 + dpx_0.differential_0 * _S42) * 0.00055370986228809f;
    var _S43 : f32 = - term_20;
    var _S44 : f32 = _S43 * dpx_0.primal_0;
    var term_21 : f32 = _S44 * dpx_0.primal_0 / 1980.0f;
    var s_diff_term_21 : f32 = ((- s_diff_term_20 * dpx_0.primal_0 + dpx_0.differential_0 * _S43) * dpx_0.primal_0 + dpx_0.differential_0 * _S44) * 0.0005050505278632f;
    var _S45 : f32 = - term_21;
    var _S46 : f32 = _S45 * dpx_0.primal_0;
    var term_22 : f32 = _S46 * dpx_0.primal_0 / 2162.0f;
    var s_diff_term_22 : f32 = ((- s_diff_term_21 * dpx_0.primal_0 + dpx_0.differential_0 * _S45) * dpx_0.primal_0 + dpx_0.differential_0 * _S46) * 0.0004625346919056f;
    var _S47 : f32 = - term_22;
    var _S48 : f32 = _S47 * dpx_0.primal_0;
    var term_23 : f32 = _S48 * dpx_0.primal_0 / 2352.0f;
    var s_diff_term_23 : f32 = ((- s_diff_term_22 * dpx_0.primal_0 + dpx_0.differential_0 * _S47) * dpx_0.primal_0 + dpx_0.differential_0 * _S48) * 0.00042517005931586f;
    var _S49 : f32 = - term_23;
    var _S50 : f32 = _S49 * dpx_0.primal_0;
    var term_24 : f32 = _S50 * dpx_0.primal_0 / 2550.0f;
    var s_diff_term_24 : f32 = ((- s_diff_term_23 * dpx_0.primal_0 + dpx_0.differential_0 * _S49) * dpx_0.primal_0 + dpx_0.differential_0 * _S50) * 0.00039215685683303f;
    var _S51 : f32 = - term_24;
    var _S52 : f32 = _S51 * dpx_0.primal_0;
    var term_25 : f32 = _S52 * dpx_0.primal_0 / 2756.0f;
    var s_diff_term_25 : f32 = ((- s_diff_term_24 * dpx_0.primal_0 + dpx_0.differential_0 * _S51) * dpx_0.primal_0 + dpx_0.differential_0 * _S52) * 0.00036284470115788f;
    var _S53 : f32 = - term_25;
    var _S54 : f32 = _S53 * dpx_0.primal_0;
    var term_26 : f32 = _S54 * dpx_0.primal_0 / 2970.0f;
    var s_diff_term_26 : f32 = ((- s_diff_term_25 * dpx_0.primal_0 + dpx_0.differential_0 * _S53) * dpx_0.primal_0 + dpx_0.differential_0 * _S54) * 0.00033670032280497f;
    var _S55 : f32 = - term_26;
    var _S56 : f32 = _S55 * dpx_0.primal_0;
    var term_27 : f32 = _S56 * dpx_0.primal_0 / 3192.0f;
    var s_diff_term_27 : f32 = ((- s_diff_term_26 * dpx_0.primal_0 + dpx_0.differential_0 * _S55) * dpx_0.primal_0 + dpx_0.differential_0 * _S56) * 0.0003132832061965f;
    var _S57 : f32 = - term_27;
    var _S58 : f32 = _S57 * dpx_0.primal_0;
    var term_28 : f32 = _S58 * dpx_0.primal_0 / 3422.0f;
    var s_diff_term_28 : f32 = ((- s_diff_term_27 * dpx_0.primal_0 + dpx_0.differential_0 * _S57) * dpx_0.primal_0 + dpx_0.differential_0 * _S58) * 0.00029222675948404f;
    var _S59 : f32 = - term_28;
    var _S60 : f32 = _S59 * dpx_0.primal_0;
    var term_29 : f32 = _S60 * dpx_0.primal_0 / 3660.0f;
    var s_diff_term_29 : f32 = ((- s_diff_term_28 * dpx_0.primal_0 + dpx_0.differential_0 * _S59) * dpx_0.primal_0 + dpx_0.differential_0 * _S60) * 0.00027322405367158f;
    var _S61 : f32 = - term_29;
    var _S62 : f32 = _S61 * dpx_0.primal_0;
    var _S63 : DiffPair_float_0 = DiffPair_float_0( dpx_0.primal_0 + term_0 + term_1 + term_2 + term_3 + term_4 + term_5 + term_6 + term_7 + term_8 + term_9 + term_10 + term_11 + term_12 + term_13 + term_14 + term_15 + term_16 + term_17 + term_18 + term_19 + term_20 + term_21 + term_22 + term_23 + term_24 + term_25 + term_26 + term_27 + term_28 + term_29 + _S62 * dpx_0.primal_0 / 3906.0f, dpx_0.differential_0 + s_diff_term_0 + s_diff_term_1 + s_diff_term_2 + s_diff_term_3 + s_diff_term_4 + s_diff_term_5 + s_diff_term_6 + s_diff_term_7 + s_diff_term_8 + s_diff_term_9 + s_diff_term_10 + s_diff_term_11 + s_diff_term_12 + s_diff_term_13 + s_diff_term_14 + s_diff_term_15 + s_diff_term_16 + s_diff_term_17 + s_diff_term_18 + s_diff_term_19 + s_diff_term_20 + s_diff_term_21 + s_diff_term_22 + s_diff_term_23 + s_diff_term_24 + s_diff_term_25 + s_diff_term_26 + s_diff_term_27 + s_diff_term_28 + s_diff_term_29 + ((- s_diff_term_29 * dpx_0.primal_0 + dpx_0.differential_0 * _S61) * dpx_0.primal_0 + dpx_0.differential_0 * _S62) * 0.00025601638481021f );
    return _S63;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var _S64 : DiffPair_float_0 = DiffPair_float_0( xs_0[i_0], 1.0f );
    result_0[i_0] = s_fwd_taylorSin_0(_S64, params_0[i32(0)]).differential_0;
    return;
}

