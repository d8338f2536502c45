@binding(1) @group(0) var<storage, read> params_0 : array<i32>;

@binding(0) @group(0) var<storage, read> xs_0 : array<f32>;

@binding(2) @group(0) var<storage, read_write> result_0 : array<f32>;

struct DiffPair_float_0
{
     primal_0 : f32,
     differential_0 : f32,
};

struct s_paramCtx_s_bwdCallableCtx_taylorSin_0
{
     value0_0 : f32,
};

struct s_bwdCallableCtx_taylorSin_0
{
     value0_1 : s_paramCtx_s_bwdCallableCtx_taylorSin_0,
};

fn s_bwdProp_taylorSin_0( _S1 : s_bwdCallableCtx_taylorSin_0,  _S2 : ptr<function, f32>,  s_diff_sum_T_0 : f32)
{
    var _S3 : f32 = - _S1.value0_1.value0_0;
    var _S4 : f32 = _S3 * _S1.value0_1.value0_0;
    var _S5 : f32 = - (_S4 * _S1.value0_1.value0_0 / 6.0f);
    var _S6 : f32 = _S5 * _S1.value0_1.value0_0;
    var _S7 : f32 = - (_S6 * _S1.value0_1.value0_0 / 20.0f);
    var _S8 : f32 = _S7 * _S1.value0_1.value0_0;
    var _S9 : f32 = - (_S8 * _S1.value0_1.value0_0 / 42.0f);
    var _S10 : f32 = _S9 * _S1.value0_1.value0_0;
    var _S11 : f32 = - (_S10 * _S1.value0_1.value0_0 / 72.0f);
    var _S12 : f32 = _S11 * _S1.value0_1.value0_0;
    var _S13 : f32 = - (_S12 * _S1.value0_1.value0_0 / 110.0f);
    var _S14 : f32 = _S13 * _S1.value0_1.value0_0;
    var _S15 : f32 = - (_S14 * _S1.value0_1.value0_0 / 156.0f);
    var _S16 : f32 = _S15 * _S1.value0_1.value0_0;
    var _S17 : f32 = - (_S16 * _S1.value0_1.value0_0 / 210.0f);
    var _S18 : f32 = _S17 * _S1.value0_1.value0_0;
    var _S19 : f32 = - (_S18 * _S1.value0_1.value0_0 / 272.0f);
    var _S20 : f32 = _S19 * _S1.value0_1.value0_0;
    var _S21 : f32 = - (_S20 * _S1.value0_1.value0_0 / 342.0f);
    var _S22 : f32 = _S21 * _S1.value0_1.value0_0;
    var _S23 : f32 = - (_S22 * _S1.value0_1.value0_0 / 420.0f);
    var _S24 : f32 = _S23 * _S1.value0_1.value0_0;
    var _S25 : f32 = - (_S24 * _S1.value0_1.value0_0 / 506.0f);
    var _S26 : f32 = _S25 * _S1.value0_1.value0_0;
    var _S27 : f32 = - (_S26 * _S1.value0_1.value0_0 / 600.0f);
    var _S28 : f32 = _S27 * _S1.value0_1.value0_0;
    var _S29 : f32 = - (_S28 * _S1.value0_1.value0_0 / 702.0f);
    var _S30 : f32 = _S29 * _S1.value0_1.value0_0;
    var _S31 : f32 = - (_S30 * _S1.value0_1.value0_0 / 812.0f);
    var _S32 : f32 = _S31 * _S1.value0_1.value0_0;
    var _S33 : f32 = - (_S32 * _S1.value0_1.value0_0 / 930.0f);
    var _S34 : f32 = _S33 * _S1.value0_1.value0_0;
    var _S35 : f32 = - (_S34 * _S1.value0_1.value0_0 / 1056.0f);
    var _S36 : f32 = _S35 * _S1.value0_1.value0_0;
    var _S37 : f32 = - (_S36 * _S1.value0_1.value0_0 / 1190.0f);
    var _S38 : f32 = _S37 * _S1.value0_1.value0_0;
    var _S39 : f32 = - (_S38 * _S1.value0_1.value0_0 / 1332.0f);
    var _S40 : f32 = _S39 * _S1.value0_1.value0_0;
    var _S41 : f32 = - (_S40 * _S1.value0_1.value0_0 / 1482.0f);
    var _S42 : f32 = _S41 * _S1.value0_1.value0_0;
    var _S43 : f32 = - (_S42 * _S1.value0_1.value0_0 / 1640.0f);
    var _S44 : f32 = _S43 * _S1.value0_1.value0_0;
    var _S45 : f32 = - (_S44 * _S1.value0_1.value0_0 / 1806.0f);
    var _S46 : f32 = _S45 * _S1.value0_1.value0_0;
    var _S47 : f32 = - (_S46 * _S1.value0_1.value0_0 / 1980.0f);
    var _S48 : f32 = _S47 * _S1.value0_1.value0_0;
    var _S49 : f32 = - (_S48 * _S1.value0_1.value0_0 / 2162.0f);
    var _S50 : f32 = _S49 * _S1.value0_1.value0_0;
    var _S51 : f32 = - (_S50 * _S1.value0_1.value0_0 / 2352.0f);
    var _S52 : f32 = _S51 * _S1.value0_1.value0_0;
    var _S53 : f32 = - (_S52 * _S1.value0_1.value0_0 / 2550.0f);
    var _S54 : f32 = _S53 * _S1.value0_1.value0_0;
    var _S55 : f32 = - (_S54 * _S1.value0_1.value0_0 / 2756.0f);
    var _S56 : f32 = _S55 * _S1.value0_1.value0_0;
    var _S57 : f32 = - (_S56 * _S1.value0_1.value0_0 / 2970.0f);
    var _S58 : f32 = _S57 * _S1.value0_1.value0_0;
    var _S59 : f32 = - (_S58 * _S1.value0_1.value0_0 / 3192.0f);
    var _S60 : f32 = _S59 * _S1.value0_1.value0_0;
    var _S61 : f32 = - (_S60 * _S1.value0_1.value0_0 / 3422.0f);
    var _S62 : f32 = _S61 * _S1.value0_1.value0_0;
    var _S63 : f32 = - (_S62 * _S1.value0_1.value0_0 / 3660.0f);
    var _S64 : f32 = 0.00025601638481021f * s_diff_sum_T_0;
    var _S65 : f32 = _S1.value0_1.value0_0 * _S64;
    var _S66 : f32 = 0.00027322405367158f * (- (_S1.value0_1.value0_0 * _S65) + s_diff_sum_T_0);
    var _S67 : f32 = _S1.value0_1.value0_0 * _S66;
    var _S68 : f32 = 0.00029222675948404f * (- (_S1.value0_1.value0_0 * _S67) + s_diff_sum_T_0);
    var _S69 : f32 = _S1.value0_1.value0_0 * _S68;
    var _S70 : f32 = 0.0003132832061965f * (- (_S1.value0_1.value0_0 * _S69) + s_diff_sum_T_0);
    var _S71 : f32 = _S1.value0_1.value0_0 * _S70;
    var _S72 : f32 = 0.00033670032280497f * (- (_S1.value0_1.value0_0 * _S71) + s_diff_sum_T_0);
    var _S73 : f32 = _S1.value0_1.value0_0 * _S72;
    var _S74 : f32 = 0.00036284470115788f * (- (_S1.value0_1.value0_0 * _S73) + s_diff_sum_T_0);
    var _S75 : f32 = _S1.value0_1.value0_0 * _S74;
    var _S76 : f32 = 0.00039215685683303f * (- (_S1.value0_1.value0_0 * _S75) + s_diff_sum_T_0);
    var _S77 : f32 = _S1.value0_1.value0_0 * _S76;
    var _S78 : f32 = 0.00042517005931586f * (- (_S1.value0_1.value0_0 * _S77) + s_diff_sum_T_0);
    var _S79 : f32 = _S1.value0_1.value0_0 * _S78;
    var _S80 : f32 = 0.0004625346919056f * (- (_S1.value0_1.value0_0 * _S79) + s_diff_sum_T_0);
    var _S81 : f32 = _S1.value0_1.value0_0 * _S80;
    var _S82 : f32 = 0.0005050505278632f * (- (_S1.value0_1.value0_0 * _S81) + s_diff_sum_T_0);
    var _S83 : f32 = _S1.value0_1.value0_0 * _S82;
    var _S84 : f32 = 0.00055370986228809f * (- (_S1.value0_1.value0_0 * _S83) + s_diff_sum_T_0);
    var _S85 : f32 = _S1.value0_1.value0_0 * _S84;
    var _S86 : f32 = 0.00060975609812886f * (- (_S1.value0_1.value0_0 * _S85) + s_diff_sum_T_0);
    var _S87 : f32 = _S1.value0_1.value0_0 * _S86;
    var _S88 : f32 = 0.00067476381082088f * (- (_S1.value0_1.value0_0 * _S87) + s_diff_sum_T_0);
    var _S89 : f32 = _S1.value0_1.value0_0 * _S88;
    var _S90 : f32 = 0.00075075076892972f * (- (_S1.value0_1.value0_0 * _S89) + s_diff_sum_T_0);
    var _S91 : f32 = _S1.value0_1.value0_0 * _S90;
    var _S92 : f32 = 0.00084033614257351f * (- (_S1.value0_1.value0_0 * _S91) + s_diff_sum_T_0);
    var _S93 : f32 = _S1.value0_1.value0_0 * _S92;
    var _S94 : f32 = 0.00094696972519159f * (- (_S1.value0_1.value0_0 * _S93) + s_diff_sum_T_0);
    var _S95 : f32 = _S1.value0_1.value0_0 * _S94;
    var _S96 : f32 = 0.00107526883948594f * (- (_S1.value0_1.value0_0 * _S95) + s_diff_sum_T_0);
    var _S97 : f32 = _S1.value0_1.value0_0 * _S96;
    var _S98 : f32 = 0.0012315270723775f * (- (_S1.value0_1.value0_0 * _S97) + s_diff_sum_T_0);
    var _S99 : f32 = _S1.value0_1.value0_0 * _S98;
    var _S100 : f32 = 0.00142450141720474f * (- (_S1.value0_1.value0_0 * _S99) + s_diff_sum_T_0);
    var _S101 : f32 = _S1.value0_1.value0_0 * _S100;
    var _S102 : f32 = 0.00166666670702398f * (- (_S1.value0_1.value0_0 * _S101) + s_diff_sum_T_0);
    var _S103 : f32 = _S1.value0_1.value0_0 * _S102;
    var _S104 : f32 = 0.00197628466412425f * (- (_S1.value0_1.value0_0 * _S103) + s_diff_sum_T_0);
    var _S105 : f32 = _S1.value0_1.value0_0 * _S104;
    var _S106 : f32 = 0.0023809524718672f * (- (_S1.value0_1.value0_0 * _S105) + s_diff_sum_T_0);
    var _S107 : f32 = _S1.value0_1.value0_0 * _S106;
    var _S108 : f32 = 0.00292397662997246f * (- (_S1.value0_1.value0_0 * _S107) + s_diff_sum_T_0);
    var _S109 : f32 = _S1.value0_1.value0_0 * _S108;
    var _S110 : f32 = 0.00367647060193121f * (- (_S1.value0_1.value0_0 * _S109) + s_diff_sum_T_0);
    var _S111 : f32 = _S1.value0_1.value0_0 * _S110;
    var _S112 : f32 = 0.00476190494373441f * (- (_S1.value0_1.value0_0 * _S111) + s_diff_sum_T_0);
    var _S113 : f32 = _S1.value0_1.value0_0 * _S112;
    var _S114 : f32 = 0.00641025649383664f * (- (_S1.value0_1.value0_0 * _S113) + s_diff_sum_T_0);
    var _S115 : f32 = _S1.value0_1.value0_0 * _S114;
    var _S116 : f32 = 0.00909090880304575f * (- (_S1.value0_1.value0_0 * _S115) + s_diff_sum_T_0);
    var _S117 : f32 = _S1.value0_1.value0_0 * _S116;
    var _S118 : f32 = 0.01388888899236917f * (- (_S1.value0_1.value0_0 * _S117) + s_diff_sum_T_0);
    var _S119 : f32 = _S1.value0_1.value0_0 * _S118;
    var _S120 : f32 = 0.02380952425301075f * (- (_S1.value0_1.value0_0 * _S119) + s_diff_sum_T_0);
    var _S121 : f32 = _S1.value0_1.value0_0 * _S120;
    var _S122 : f32 = 0.05000000074505806f * (- (_S1.value0_1.value0_0 * _S121) + s_diff_sum_T_0);
    var _S123 : f32 = _S1.value0_1.value0_0 * _S122;
    var _S124 : f32 = 0.1666666716337204f * (- (_S1.value0_1.value0_0 * _S123) + s_diff_sum_T_0);
    var _S125 : f32 = _S1.value0_1.value0_0 * _S124;
    (*_S2) = _S24 * _S104 + _S16 * _S112 + _S17 * _S111 + _S18 * _S110 + _S19 * _S109 + _S20 * _S108 + _S21 * _S107 + _S22 * _S106 + _S23 * _S105 + _S15 * _S113 + _S25 * _S103 + _S26 * _S102 + _S27 * _S101 + _S28 * _S100 + _S29 * _S99 + _S30 * _S98 + _S31 * _S97 + _S32 * _S96 + _S14 * _S114 + _S13 * _S115 + _S12 * _S116 + _S11 * _S117 + _S10 * _S118 + _S9 * _S119 + _S8 * _S120 + _S7 * _S121 + _S6 * _S122 + _S5 * _S123 + s_diff_sum_T_0 + _S4 * _S124 + _S3 * _S125 + - (_S1.value0_1.value0_0 * _S125) + _S48 * _S80 + _S63 * _S65 + _S62 * _S66 + _S61 * _S67 + _S60 * _S68 + _S59 * _S69 + _S58 * _S70 + _S57 * _S71 + _S56 * _S72 + _S55 * _S73 + _S54 * _S74 + _S53 * _S75 + _S52 * _S76 + _S51 * _S77 + _S50 * _S78 + _S49 * _S79 + _S63 * _S1.value0_1.value0_0 * _S64 + _S47 * _S81 + _S46 * _S82 + _S45 * _S83 + _S44 * _S84 + _S43 * _S85 + _S42 * _S86 + _S41 * _S87 + _S40 * _S88 + _S39 * _S89 + _S38 * _S90 + _S37 * _S91 + _S36 * _S92 + _S35 * _S93 + _S34 * _S94 + _S33 * _S95;
    return;
}

fn _S126( _S127 : ptr<function, DiffPair_float_0>,  _S128 : i32,  _S129 : f32)
{
    var _S130 : s_paramCtx_s_bwdCallableCtx_taylorSin_0;
    _S130.value0_0 = (*_S127).primal_0;
    var _S131 : s_bwdCallableCtx_taylorSin_0 = s_bwdCallableCtx_taylorSin_0( _S130 );
    var _S132 : f32 = (*_S127).differential_0;
    s_bwdProp_taylorSin_0(_S131, &(_S132), _S129);
    (*_S127).differential_0 = _S132;
    return;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var terms_0 : i32 = params_0[i32(0)];
    var x_0 : DiffPair_float_0;
    x_0.primal_0 = xs_0[i_0];
    x_0.differential_0 = 0.0f;
    _S126(&(x_0), terms_0, 1.0f);
    result_0[i_0] = x_0.differential_0;
    return;
}

