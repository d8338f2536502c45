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
    var term_0 : f32 = dpx_0.primal_0;
    var s_diff_term_0 : f32 = dpx_0.differential_0;
    var k_0 : i32 = i32(1);
    var sum_0 : f32 = dpx_0.primal_0;
    var s_diff_sum_0 : f32 = dpx_0.differential_0;
    for(;;)
    {
        if(k_0 < terms_0)
        {
        }
        else
        {
            break;
        }
        var _S1 : f32 = - term_0;
        var _S2 : f32 = _S1 * dpx_0.primal_0;
        var _S3 : i32 = i32(2) * k_0;
        var _S4 : f32 = f32(_S3 * (_S3 + i32(1)));
        var term_1 : f32 = _S2 * dpx_0.primal_0 / _S4;
        var s_diff_term_1 : f32 = ((- s_diff_term_0 * dpx_0.primal_0 + dpx_0.differential_0 * _S1) * dpx_0.primal_0 + dpx_0.differential_0 * _S2) / _S4;
        var sum_1 : f32 = sum_0 + term_1;
        var s_diff_sum_1 : f32 = s_diff_sum_0 + s_diff_term_1;
        var _S5 : i32 = k_0 + i32(1);
        term_0 = term_1;
        s_diff_term_0 = s_diff_term_1;
        k_0 = _S5;
        sum_0 = sum_1;
        s_diff_sum_0 = s_diff_sum_1;
    }
    var _S6 : DiffPair_float_0 = DiffPair_float_0( sum_0, s_diff_sum_0 );
    return _S6;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var _S7 : DiffPair_float_0 = DiffPair_float_0( xs_0[i_0], 1.0f );
    result_0[i_0] = s_fwd_taylorSin_0(_S7, params_0[i32(0)]).differential_0;
    return;
}

