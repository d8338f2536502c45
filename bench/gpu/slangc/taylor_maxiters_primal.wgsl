@binding(1) @group(0) var<storage, read> params_0 : array<i32>;

@binding(2) @group(0) var<storage, read_write> result_0 : array<f32>;

@binding(0) @group(0) var<storage, read> xs_0 : array<f32>;

fn taylorSin_0( x_0 : f32,  terms_0 : i32) -> f32
{
    var term_0 : f32 = x_0;
    var k_0 : i32 = i32(1);
    var sum_0 : f32 = x_0;
    for(;;)
    {
        if(k_0 < terms_0)
        {
        }
        else
        {
            break;
        }
        var _S1 : i32 = i32(2) * k_0;
        var term_1 : f32 = - term_0 * x_0 * x_0 / f32(_S1 * (_S1 + i32(1)));
        var sum_1 : f32 = sum_0 + term_1;
        var _S2 : i32 = k_0 + i32(1);
        term_0 = term_1;
        k_0 = _S2;
        sum_0 = sum_1;
    }
    return sum_0;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    result_0[i_0] = taylorSin_0(xs_0[i_0], params_0[i32(0)]);
    return;
}

