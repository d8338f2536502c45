@binding(2) @group(0) var<storage, read> params_0 : array<u32>;

@binding(0) @group(0) var<storage, read> shapes_0 : array<vec4<f32>>;

@binding(3) @group(0) var<storage, read_write> image_0 : array<vec4<f32>>;

struct Rect_0
{
     center_0 : vec2<f32>,
     halfSize_0 : vec2<f32>,
     color_0 : vec3<f32>,
};

fn Rect_coverage_0( this_0 : Rect_0,  p_0 : vec2<f32>) -> f32
{
    var q_0 : vec2<f32> = abs(p_0 - this_0.center_0) - this_0.halfSize_0;
    return saturate(0.5f - max(q_0.x, q_0.y) / 2.0f);
}

fn Rect_tint_0( this_1 : Rect_0) -> vec3<f32>
{
    return this_1.color_0;
}

fn blend_0( shape_0 : Rect_0,  p_1 : vec2<f32>) -> vec3<f32>
{
    return vec3<f32>(Rect_coverage_0(shape_0, p_1)) * Rect_tint_0(shape_0);
}

struct Circle_0
{
     center_1 : vec2<f32>,
     radius_0 : f32,
     color_1 : vec3<f32>,
};

fn Circle_coverage_0( this_2 : Circle_0,  p_2 : vec2<f32>) -> f32
{
    return saturate(0.5f - (length(p_2 - this_2.center_1) - this_2.radius_0) / 2.0f);
}

fn Circle_tint_0( this_3 : Circle_0) -> vec3<f32>
{
    return this_3.color_1;
}

fn blend_1( shape_1 : Circle_0,  p_3 : vec2<f32>) -> vec3<f32>
{
    return vec3<f32>(Circle_coverage_0(shape_1, p_3)) * Circle_tint_0(shape_1);
}

fn loadCircle_0( s_0 : u32) -> Circle_0
{
    var _S1 : u32 = u32(2) * s_0;
    var a_0 : vec4<f32> = shapes_0[_S1];
    var b_0 : vec4<f32> = shapes_0[_S1 + u32(1)];
    var c_0 : Circle_0;
    c_0.center_1 = a_0.xy;
    c_0.radius_0 = a_0.z;
    c_0.color_1 = b_0.xyz;
    return c_0;
}

fn loadRect_0( s_1 : u32) -> Rect_0
{
    var _S2 : u32 = u32(2) * s_1;
    var a_1 : vec4<f32> = shapes_0[_S2];
    var b_1 : vec4<f32> = shapes_0[_S2 + u32(1)];
    var r_0 : Rect_0;
    r_0.center_0 = a_1.xy;
    r_0.halfSize_0 = a_1.zw;
    r_0.color_0 = b_1.xyz;
    return r_0;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var width_0 : u32 = params_0[i32(0)];
    var circles_0 : u32 = params_0[i32(1)];
    var _S3 : u32 = params_0[i32(2)];
    var _S4 : u32 = i_0 % width_0;
    var _S5 : f32 = f32(_S4);
    var _S6 : u32 = i_0 / width_0;
    var _S7 : vec2<f32> = vec2<f32>(_S5, f32(_S6)) + vec2<f32>(0.5f);
    const _S8 : vec3<f32> = vec3<f32>(0.0f, 0.0f, 0.0f);
    var s_2 : u32 = u32(0);
    var color_2 : vec3<f32> = _S8;
    for(;;)
    {
        if(s_2 < circles_0)
        {
        }
        else
        {
            break;
        }
        var color_3 : vec3<f32> = color_2 + blend_1(loadCircle_0(s_2), _S7);
        s_2 = s_2 + u32(1);
        color_2 = color_3;
    }
    s_2 = circles_0;
    for(;;)
    {
        if(s_2 < (circles_0 + _S3))
        {
        }
        else
        {
            break;
        }
        var color_4 : vec3<f32> = color_2 + blend_0(loadRect_0(s_2), _S7);
        s_2 = s_2 + u32(1);
        color_2 = color_4;
    }
    image_0[i_0] = vec4<f32>(color_2, 1.0f);
    return;
}

