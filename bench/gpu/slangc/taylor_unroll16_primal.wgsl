@binding(1) @group(0) var<storage, read> params_0 : array<i32>;

@binding(2) @group(0) var<storage, read_write> result_0 : array<f32>;

@binding(0) @group(0) var<storage, read> xs_0 : array<f32>;

fn taylorSin_0( x_0 : f32,  terms_0 : i32) -> f32
{
    var term_0 : f32 = - x_0 * x_0 * x_0 / 6.0f;
    var term_1 : f32 = - term_0 * x_0 * x_0 / 20.0f;
    var term_2 : f32 = - term_1 * x_0 * x_0 / 42.0f;
    var term_3 : f32 = - term_2 * x_0 * x_0 / 72.0f;
    var term_4 : f32 = - term_3 * x_0 * x_0 / 110.0f;
    var term_5 : f32 = - term_4 * x_0 * x_0 / 156.0f;
    var term_6 : f32 = - term_5 * x_0 * x_0 / 210.0f;
    var term_7 : f32 = - term_6 * x_0 * x_0 / 272.0f;
    var term_8 : f32 = - term_7 * x_0 * x_0 / 342.0f;
    var term_9 : f32 = - term_8 * x_0 * x_0 / 420.0f;
    var term_10 : f32 = - term_9 * x_0 * x_0 / 506.0f;
    var term_11 : f32 = - term_10 * x_0 * x_0 / 600.0f;
    var term_12 : f32 = - term_11 * x_0 * x_0 / 702.0f;
    var term_13 : f32 = - term_12 * x_0 * x_0 / 812.0f;
    return x_0 + term_0 + term_1 + term_2 + term_3 + term_4 + term_5 + term_6 + term_7 + term_8 + term_9 + term_10 + term_11 + term_12 + term_13 + - term_13 * x_0 * x_0 / 930.0f;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    result_0[i_0] = taylorSin_0(xs_0[i_0], params_0[i32(0)]);
    return;
}

