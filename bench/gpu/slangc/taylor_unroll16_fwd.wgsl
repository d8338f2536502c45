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
    var _S31 : DiffPair_float_0 = DiffPair_float_0( dpx_0.primal_0 + term_0 + term_1 + term_2 + term_3 + term_4 + term_5 + term_6 + term_7 + term_8 + term_9 + term_10 + term_11 + term_12 + term_13 + _S30 * dpx_0.primal_0 / 930.0f, dpx_0.differential_0 + s_diff_term_0 + s_diff_term_1 + s_diff_term_2 + s_diff_term_3 + s_diff_term_4 + s_diff_term_5 + s_diff_term_6 + s_diff_term_7 + s_diff_term_8 + s_diff_term_9 + s_diff_term_10 + s_diff_term_11 + s_diff_term_12 + s_diff_term_13 + ((- s_diff_term_13 * dpx_0.primal_0 + dpx_0.differential_0 * _S29) * dpx_0.primal_0 + dpx_0.differential_0 * _S30) * 0.00107526883948594f );
    return _S31;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var _S32 : DiffPair_float_0 = DiffPair_float_0( xs_0[i_0], 1.0f );
    result_0[i_0] = s_fwd_taylorSin_0(_S32, params_0[i32(0)]).differential_0;
    return;
}

