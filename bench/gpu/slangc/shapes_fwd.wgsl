@binding(2) @group(0) var<storage, read> params_0 : array<u32>;

@binding(0) @group(0) var<storage, read> shapes_0 : array<vec4<f32>>;

@binding(3) @group(0) var<storage, read_write> image_0 : array<vec4<f32>>;

struct DiffPair_float_0
{
     primal_0 : f32,
     differential_0 : f32,
};

fn _d_sqrt_0( dpx_0 : DiffPair_float_0) -> DiffPair_float_0
{
    var _S1 : DiffPair_float_0 = DiffPair_float_0( sqrt(dpx_0.primal_0), 0.5f / sqrt(max(1.00000001168609742e-07f, dpx_0.primal_0)) * dpx_0.differential_0 );
    return _S1;
}

struct DiffPair_vectorx3Cfloatx2C2x3E_0
{
     primal_0 : vec2<f32>,
     differential_0 : vec2<f32>,
};

fn s_fwd_length_impl_0( dpx_1 : DiffPair_vectorx3Cfloatx2C2x3E_0) -> DiffPair_float_0
{
    var _S2 : f32 = dpx_1.primal_0[i32(0)];
    var _S3 : f32 = dpx_1.differential_0[i32(0)] * dpx_1.primal_0[i32(0)];
    var _S4 : f32 = dpx_1.primal_0[i32(1)];
    var _S5 : f32 = dpx_1.differential_0[i32(1)] * dpx_1.primal_0[i32(1)];
    var _S6 : DiffPair_float_0 = DiffPair_float_0( _S2 * _S2 + _S4 * _S4, _S3 + _S3 + (_S5 + _S5) );
    var _S7 : DiffPair_float_0 = _d_sqrt_0(_S6);
    var _S8 : DiffPair_float_0 = DiffPair_float_0( _S7.primal_0, _S7.differential_0 );
    return _S8;
}

struct DiffPair_vectorx3Cfloatx2C3x3E_0
{
     primal_0 : vec3<f32>,
     differential_0 : vec3<f32>,
};

struct Rect_0
{
     center_0 : vec2<f32>,
     halfSize_0 : vec2<f32>,
     color_0 : vec3<f32>,
};

struct DiffPair_Rect_0
{
     primal_0 : Rect_0,
     differential_0 : Rect_0,
};

fn _d_abs_vector_0( dpx_2 : DiffPair_vectorx3Cfloatx2C2x3E_0) -> DiffPair_vectorx3Cfloatx2C2x3E_0
{
    var _S9 : vec2<f32> = vec2<f32>(0.0f);
    var _S10 : DiffPair_vectorx3Cfloatx2C2x3E_0 = DiffPair_vectorx3Cfloatx2C2x3E_0( abs(dpx_2.primal_0), select(select(vec2<f32>(-1.0f), _S9, (dpx_2.primal_0) == _S9), vec2<f32>(1.0f), (dpx_2.primal_0) > _S9) * dpx_2.differential_0 );
    return _S10;
}

fn _d_max_0( dpx_3 : DiffPair_float_0,  dpy_0 : DiffPair_float_0) -> DiffPair_float_0
{
    var _S11 : f32 = max(dpx_3.primal_0, dpy_0.primal_0);
    var _S12 : f32;
    if((dpx_3.primal_0) > (dpy_0.primal_0))
    {
        _S12 = dpx_3.differential_0;
    }
    else
    {
        if((dpx_3.primal_0) < (dpy_0.primal_0))
        {
            _S12 = dpy_0.differential_0;
        }
        else
        {
            _S12 = 0.5f * (dpx_3.differential_0 + dpy_0.differential_0);
        }
    }
    var _S13 : DiffPair_float_0 = DiffPair_float_0( _S11, _S12 );
    return _S13;
}

fn _d_saturate_0( dpx_4 : DiffPair_float_0) -> DiffPair_float_0
{
    var _S14 : f32 = saturate(dpx_4.primal_0);
    var _S15 : bool;
    if((dpx_4.primal_0) < 0.0f)
    {
        _S15 = true;
    }
    else
    {
        _S15 = (dpx_4.primal_0) > 1.0f;
    }
    var _S16 : DiffPair_float_0 = DiffPair_float_0( _S14, select(dpx_4.differential_0, 0.0f, _S15) );
    return _S16;
}

fn s_fwd_Rect_coverage_0( dpthis_0 : DiffPair_Rect_0,  p_0 : vec2<f32>) -> DiffPair_float_0
{
    var _S17 : DiffPair_vectorx3Cfloatx2C2x3E_0 = DiffPair_vectorx3Cfloatx2C2x3E_0( p_0 - dpthis_0.primal_0.center_0, vec2<f32>(0.0f) - dpthis_0.differential_0.center_0 );
    var _S18 : DiffPair_vectorx3Cfloatx2C2x3E_0 = _d_abs_vector_0(_S17);
    var q_0 : vec2<f32> = _S18.primal_0 - dpthis_0.primal_0.halfSize_0;
    var s_diff_q_0 : vec2<f32> = _S18.differential_0 - dpthis_0.differential_0.halfSize_0;
    var _S19 : DiffPair_float_0 = DiffPair_float_0( q_0.x, s_diff_q_0.x );
    var _S20 : DiffPair_float_0 = DiffPair_float_0( q_0.y, s_diff_q_0.y );
    var _S21 : DiffPair_float_0 = _d_max_0(_S19, _S20);
    var _S22 : DiffPair_float_0 = DiffPair_float_0( 0.5f - _S21.primal_0 / 2.0f, 0.0f - _S21.differential_0 * 0.5f );
    var _S23 : DiffPair_float_0 = _d_saturate_0(_S22);
    var _S24 : DiffPair_float_0 = DiffPair_float_0( _S23.primal_0, _S23.differential_0 );
    return _S24;
}

fn s_fwd_Rect_tint_0( dpthis_1 : DiffPair_Rect_0) -> DiffPair_vectorx3Cfloatx2C3x3E_0
{
    var _S25 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( dpthis_1.primal_0.color_0, dpthis_1.differential_0.color_0 );
    return _S25;
}

fn s_fwd_blend_0( dpshape_0 : DiffPair_Rect_0,  p_1 : vec2<f32>) -> DiffPair_vectorx3Cfloatx2C3x3E_0
{
    var _S26 : DiffPair_Rect_0 = DiffPair_Rect_0( dpshape_0.primal_0, dpshape_0.differential_0 );
    var _S27 : DiffPair_float_0 = s_fwd_Rect_coverage_0(_S26, p_1);
    var _S28 : DiffPair_vectorx3Cfloatx2C3x3E_0 = s_fwd_Rect_tint_0(_S26);
    var _S29 : vec3<f32> = vec3<f32>(_S27.primal_0);
    var _S30 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( _S29 * _S28.primal_0, vec3<f32>(_S27.differential_0) * _S28.primal_0 + _S28.differential_0 * _S29 );
    return _S30;
}

struct Circle_0
{
     center_1 : vec2<f32>,
     radius_0 : f32,
     color_1 : vec3<f32>,
};

struct DiffPair_Circle_0
{
     primal_0 : Circle_0,
     differential_0 : Circle_0,
};

fn s_fwd_Circle_coverage_0( dpthis_2 : DiffPair_Circle_0,  p_2 : vec2<f32>) -> DiffPair_float_0
{
    var _S31 : DiffPair_vectorx3Cfloatx2C2x3E_0 = DiffPair_vectorx3Cfloatx2C2x3E_0( p_2 - dpthis_2.primal_0.center_1, vec2<f32>(0.0f) - dpthis_2.differential_0.center_1 );
    var _S32 : DiffPair_float_0 = s_fwd_length_impl_0(_S31);
    var _S33 : DiffPair_float_0 = DiffPair_float_0( 0.5f - (_S32.primal_0 - dpthis_2.primal_0.radius_0) / 2.0f, 0.0f - (_S32.differential_0 - dpthis_2.differential_0.radius_0) * 0.5f );
    var _S34 : DiffPair_float_0 = _d_saturate_0(_S33);
    var _S35 : DiffPair_float_0 = DiffPair_float_0( _S34.primal_0, _S34.differential_0 );
    return _S35;
}

fn s_fwd_Circle_tint_0( dpthis_3 : DiffPair_Circle_0) -> DiffPair_vectorx3Cfloatx2C3x3E_0
{
    var _S36 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( dpthis_3.primal_0.color_1, dpthis_3.differential_0.color_1 );
    return _S36;
}

fn s_fwd_blend_1( dpshape_1 : DiffPair_Circle_0,  p_3 : vec2<f32>) -> DiffPair_vectorx3Cfloatx2C3x3E_0
{
    var _S37 : DiffPair_Circle_0 = DiffPair_Circle_0( dpshape_1.primal_0, dpshape_1.differential_0 );
    var _S38 : DiffPair_float_0 = s_fwd_Circle_coverage_0(_S37, p_3);
    var _S39 : DiffPair_vectorx3Cfloatx2C3x3E_0 = s_fwd_Circle_tint_0(_S37);
    var _S40 : vec3<f32> = vec3<f32>(_S38.primal_0);
    var _S41 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( _S40 * _S39.primal_0, vec3<f32>(_S38.differential_0) * _S39.primal_0 + _S39.differential_0 * _S40 );
    return _S41;
}

fn Circle_x24_syn_dzero_0() -> Circle_0
{
    var result_0 : Circle_0;
    result_0.center_1 = vec2<f32>(0.0f);
    result_0.radius_0 = 0.0f;
    result_0.color_1 = vec3<f32>(0.0f);
    return result_0;
}

fn loadCircle_0( s_0 : u32) -> Circle_0
{
    var _S42 : u32 = u32(2) * s_0;
    var a_0 : vec4<f32> = shapes_0[_S42];
    var b_0 : vec4<f32> = shapes_0[_S42 + u32(1)];
    var c_0 : Circle_0;
    c_0.center_1 = a_0.xy;
    c_0.radius_0 = a_0.z;
    c_0.color_1 = b_0.xyz;
    return c_0;
}

fn Rect_x24_syn_dzero_0() -> Rect_0
{
    var result_1 : Rect_0;
    var _S43 : vec2<f32> = vec2<f32>(0.0f);
    result_1.center_0 = _S43;
    result_1.halfSize_0 = _S43;
    result_1.color_0 = vec3<f32>(0.0f);
    return result_1;
}

fn loadRect_0( s_1 : u32) -> Rect_0
{
    var _S44 : u32 = u32(2) * s_1;
    var a_1 : vec4<f32> = shapes_0[_S44];
    var b_1 : vec4<f32> = shapes_0[_S44 + u32(1)];
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
    var _S45 : u32 = params_0[i32(2)];
    var _S46 : u32 = i_0 % width_0;
    var _S47 : f32 = f32(_S46);
    var _S48 : u32 = i_0 / width_0;
    var _S49 : vec2<f32> = vec2<f32>(_S47, f32(_S48)) + vec2<f32>(0.5f);
    const _S50 : vec3<f32> = vec3<f32>(0.0f, 0.0f, 0.0f);
    var s_2 : u32 = u32(0);
    var dcolor_0 : vec3<f32> = _S50;
    for(;;)
    {
        if(s_2 < circles_0)
        {
        }
        else
        {
            break;
        }
        var dc_0 : Circle_0 = Circle_x24_syn_dzero_0();
        dc_0.radius_0 = 1.0f;
        var _S51 : DiffPair_Circle_0 = DiffPair_Circle_0( loadCircle_0(s_2), dc_0 );
        var dcolor_1 : vec3<f32> = dcolor_0 + s_fwd_blend_1(_S51, _S49).differential_0;
        s_2 = s_2 + u32(1);
        dcolor_0 = dcolor_1;
    }
    s_2 = circles_0;
    for(;;)
    {
        if(s_2 < (circles_0 + _S45))
        {
        }
        else
        {
            break;
        }
        var dr_0 : Rect_0 = Rect_x24_syn_dzero_0();
        dr_0.halfSize_0 = vec2<f32>(1.0f, 0.0f);
        var _S52 : DiffPair_Rect_0 = DiffPair_Rect_0( loadRect_0(s_2), dr_0 );
        var dcolor_2 : vec3<f32> = dcolor_0 + s_fwd_blend_0(_S52, _S49).differential_0;
        s_2 = s_2 + u32(1);
        dcolor_0 = dcolor_2;
    }
    image_0[i_0] = vec4<f32>(dcolor_0, 0.0f);
    return;
}

