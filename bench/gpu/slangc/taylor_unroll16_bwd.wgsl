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
    var _S32 : f32 = 0.00107526883948594f * s_diff_sum_T_0;
    var _S33 : f32 = _S1.value0_1.value0_0 * _S32;
    var _S34 : f32 = 0.0012315270723775f * (- (_S1.value0_1.value0_0 * _S33) + s_diff_sum_T_0);
    var _S35 : f32 = _S1.value0_1.value0_0 * _S34;
    var _S36 : f32 = 0.00142450141720474f * (- (_S1.value0_1.value0_0 * _S35) + s_diff_sum_T_0);
    var _S37 : f32 = _S1.value0_1.value0_0 * _S36;
    var _S38 : f32 = 0.00166666670702398f * (- (_S1.value0_1.value0_0 * _S37) + s_diff_sum_T_0);
    var _S39 : f32 = _S1.value0_1.value0_0 * _S38;
    var _S40 : f32 = 0.00197628466412425f * (- (_S1.value0_1.value0_0 * _S39) + s_diff_sum_T_0);
    var _S41 : f32 = _S1.value0_1.value0_0 * _S40;
    var _S42 : f32 = 0.0023809524718672f * (- (_S1.value0_1.value0_0 * _S41) + s_diff_sum_T_0);
    var _S43 : f32 = _S1.value0_1.value0_0 * _S42;
    var _S44 : f32 = 0.00292397662997246f * (- (_S1.value0_1.value0_0 * _S43) + s_diff_sum_T_0);
    var _S45 : f32 = _S1.value0_1.value0_0 * _S44;
    var _S46 : f32 = 0.00367647060193121f * (- (_S1.value0_1.value0_0 * _S45) + s_diff_sum_T_0);
    var _S47 : f32 = _S1.value0_1.value0_0 * _S46;
    var _S48 : f32 = 0.00476190494373441f * (- (_S1.value0_1.value0_0 * _S47) + s_diff_sum_T_0);
    var _S49 : f32 = _S1.value0_1.value0_0 * _S48;
    var _S50 : f32 = 0.00641025649383664f * (- (_S1.value0_1.value0_0 * _S49) + s_diff_sum_T_0);
    var _S51 : f32 = _S1.value0_1.value0_0 * _S50;
    var _S52 : f32 = 0.00909090880304575f * (- (_S1.value0_1.value0_0 * _S51) + s_diff_sum_T_0);
    var _S53 : f32 = _S1.value0_1.value0_0 * _S52;
    var _S54 : f32 = 0.01388888899236917f * (- (_S1.value0_1.value0_0 * _S53) + s_diff_sum_T_0);
    var _S55 : f32 = _S1.value0_1.value0_0 * _S54;
    var _S56 : f32 = 0.02380952425301075f * (- (_S1.value0_1.value0_0 * _S55) + s_diff_sum_T_0);
    var _S57 : f32 = _S1.value0_1.value0_0 * _S56;
    var _S58 : f32 = 0.05000000074505806f * (- (_S1.value0_1.value0_0 * _S57) + s_diff_sum_T_0);
    var _S59 : f32 = _S1.value0_1.value0_0 * _S58;
    var _S60 : f32 = 0.1666666716337204f * (- (_S1.value0_1.value0_0 * _S59) + s_diff_sum_T_0);
    var _S61 : f32 = _S1.value0_1.value0_0 * _S60;
    (*_S2) = _S7 * _S57 + _S15 * _S49 + _S14 * _S50 + _S13 * _S51 + _S12 * _S52 + _S11 * _S53 + _S10 * _S54 + _S9 * _S55 + _S8 * _S56 + _S16 * _S48 + _S6 * _S58 + _S5 * _S59 + s_diff_sum_T_0 + _S4 * _S60 + _S3 * _S61 + - (_S1.value0_1.value0_0 * _S61) + _S31 * _S1.value0_1.value0_0 * _S32 + _S17 * _S47 + _S18 * _S46 + _S19 * _S45 + _S20 * _S44 + _S21 * _S43 + _S22 * _S42 + _S23 * _S41 + _S24 * _S40 + _S25 * _S39 + _S26 * _S38 + _S27 * _S37 + _S28 * _S36 + _S29 * _S35 + _S30 * _S34 + _S31 * _S33;
    return;
}

fn _S62( _S63 : ptr<function, DiffPair_float_0>,  _S64 : i32,  _S65 : f32)
{
    var _S66 : s_paramCtx_s_bwdCallableCtx_taylorSin_0;
    _S66.value0_0 = (*_S63).primal_0;
    var _S67 : s_bwdCallableCtx_taylorSin_0 = s_bwdCallableCtx_taylorSin_0( _S66 );
    var _S68 : f32 = (*_S63).differential_0;
    s_bwdProp_taylorSin_0(_S67, &(_S68), _S65);
    (*_S63).differential_0 = _S68;
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
    _S62(&(x_0), terms_0, 1.0f);
    result_0[i_0] = x_0.differential_0;
    return;
}

