@binding(0) @group(0) var<storage, read> materials_0 : array<vec4<f32>>;

@binding(1) @group(0) var<storage, read> normals_0 : array<vec4<f32>>;

@binding(2) @group(0) var<storage, read_write> result_0 : array<vec4<f32>>;

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

struct DiffPair_vectorx3Cfloatx2C3x3E_0
{
     primal_0 : vec3<f32>,
     differential_0 : vec3<f32>,
};

fn s_fwd_length_impl_0( dpx_1 : DiffPair_vectorx3Cfloatx2C3x3E_0) -> DiffPair_float_0
{
    var _S2 : f32 = dpx_1.primal_0[i32(0)];
    var _S3 : f32 = dpx_1.differential_0[i32(0)] * dpx_1.primal_0[i32(0)];
    var _S4 : f32 = dpx_1.primal_0[i32(1)];
    var _S5 : f32 = dpx_1.differential_0[i32(1)] * dpx_1.primal_0[i32(1)];
    var _S6 : f32 = dpx_1.primal_0[i32(2)];
    var _S7 : f32 = dpx_1.differential_0[i32(2)] * dpx_1.primal_0[i32(2)];
    var _S8 : DiffPair_float_0 = DiffPair_float_0( _S2 * _S2 + _S4 * _S4 + _S6 * _S6, _S3 + _S3 + (_S5 + _S5) + (_S7 + _S7) );
    var _S9 : DiffPair_float_0 = _d_sqrt_0(_S8);
    var _S10 : DiffPair_float_0 = DiffPair_float_0( _S9.primal_0, _S9.differential_0 );
    return _S10;
}

fn s_fwd_normalize_impl_0( dpx_2 : DiffPair_vectorx3Cfloatx2C3x3E_0) -> DiffPair_vectorx3Cfloatx2C3x3E_0
{
    var _S11 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( dpx_2.primal_0, dpx_2.differential_0 );
    var _S12 : DiffPair_float_0 = s_fwd_length_impl_0(_S11);
    var _S13 : vec3<f32> = vec3<f32>((1.0f / _S12.primal_0));
    var _S14 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( dpx_2.primal_0 * _S13, dpx_2.differential_0 * _S13 + vec3<f32>(((0.0f - _S12.differential_0) / (_S12.primal_0 * _S12.primal_0))) * dpx_2.primal_0 );
    return _S14;
}

fn _d_pow_0( dpx_3 : DiffPair_float_0,  dpy_0 : DiffPair_float_0) -> DiffPair_float_0
{
    if((dpx_3.primal_0) < 9.99999997475242708e-07f)
    {
        var _S15 : DiffPair_float_0 = DiffPair_float_0( 0.0f, 0.0f );
        return _S15;
    }
    var val_0 : f32 = pow(dpx_3.primal_0, dpy_0.primal_0);
    var _S16 : DiffPair_float_0 = DiffPair_float_0( val_0, val_0 * log(dpx_3.primal_0) * dpy_0.differential_0 + val_0 * dpy_0.primal_0 / dpx_3.primal_0 * dpx_3.differential_0 );
    return _S16;
}

fn _d_max_0( dpx_4 : DiffPair_float_0,  dpy_1 : DiffPair_float_0) -> DiffPair_float_0
{
    var _S17 : f32 = max(dpx_4.primal_0, dpy_1.primal_0);
    var _S18 : f32;
    if((dpx_4.primal_0) > (dpy_1.primal_0))
    {
        _S18 = dpx_4.differential_0;
    }
    else
    {
        if((dpx_4.primal_0) < (dpy_1.primal_0))
        {
            _S18 = dpy_1.differential_0;
        }
        else
        {
            _S18 = 0.5f * (dpx_4.differential_0 + dpy_1.differential_0);
        }
    }
    var _S19 : DiffPair_float_0 = DiffPair_float_0( _S17, _S18 );
    return _S19;
}

fn _d_dot_0( dpx_5 : DiffPair_vectorx3Cfloatx2C3x3E_0,  dpy_2 : DiffPair_vectorx3Cfloatx2C3x3E_0) -> DiffPair_float_0
{
    var _S20 : DiffPair_float_0 = DiffPair_float_0( dpx_5.primal_0[i32(0)] * dpy_2.primal_0[i32(0)] + dpx_5.primal_0[i32(1)] * dpy_2.primal_0[i32(1)] + dpx_5.primal_0[i32(2)] * dpy_2.primal_0[i32(2)], dpx_5.primal_0[i32(0)] * dpy_2.differential_0[i32(0)] + dpy_2.primal_0[i32(0)] * dpx_5.differential_0[i32(0)] + dpx_5.primal_0[i32(1)] * dpy_2.differential_0[i32(1)] + dpy_2.primal_0[i32(1)] * dpx_5.differential_0[i32(1)] + dpx_5.primal_0[i32(2)] * dpy_2.differential_0[i32(2)] + dpy_2.primal_0[i32(2)] * dpx_5.differential_0[i32(2)] );
    return _S20;
}

struct Material_0
{
     albedo_0 : vec3<f32>,
     roughness_0 : f32,
     specular_0 : f32,
};

fn Material_x24_syn_dzero_0() -> Material_0
{
    var result_1 : Material_0;
    result_1.albedo_0 = vec3<f32>(0.0f);
    result_1.roughness_0 = 0.0f;
    result_1.specular_0 = 0.0f;
    return result_1;
}

struct DiffPair_Material_0
{
     primal_0 : Material_0,
     differential_0 : Material_0,
};

fn s_fwd_shade_0( dpm_0 : DiffPair_Material_0,  n_0 : vec3<f32>,  v_0 : vec3<f32>,  l_0 : vec3<f32>,  lightColor_0 : vec3<f32>) -> DiffPair_vectorx3Cfloatx2C3x3E_0
{
    var _S21 : vec3<f32> = vec3<f32>(0.0f);
    var _S22 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( v_0 + l_0, _S21 );
    var _S23 : DiffPair_vectorx3Cfloatx2C3x3E_0 = s_fwd_normalize_impl_0(_S22);
    var _S24 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( n_0, _S21 );
    var _S25 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( l_0, _S21 );
    var _S26 : DiffPair_float_0 = _d_dot_0(_S24, _S25);
    var _S27 : DiffPair_float_0 = DiffPair_float_0( _S26.primal_0, _S26.differential_0 );
    var _S28 : DiffPair_float_0 = DiffPair_float_0( 0.00009999999747379f, 0.0f );
    var _S29 : DiffPair_float_0 = _d_max_0(_S27, _S28);
    var _S30 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( v_0, _S21 );
    var _S31 : DiffPair_float_0 = _d_dot_0(_S24, _S30);
    var _S32 : DiffPair_float_0 = DiffPair_float_0( _S31.primal_0, _S31.differential_0 );
    var _S33 : DiffPair_float_0 = _d_max_0(_S32, _S28);
    var _S34 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( _S23.primal_0, _S23.differential_0 );
    var _S35 : DiffPair_float_0 = _d_dot_0(_S24, _S34);
    var _S36 : DiffPair_float_0 = DiffPair_float_0( _S35.primal_0, _S35.differential_0 );
    var _S37 : DiffPair_float_0 = DiffPair_float_0( 0.0f, 0.0f );
    var _S38 : DiffPair_float_0 = _d_max_0(_S36, _S37);
    var _S39 : DiffPair_float_0 = _d_dot_0(_S30, _S34);
    var _S40 : DiffPair_float_0 = DiffPair_float_0( _S39.primal_0, _S39.differential_0 );
    var _S41 : DiffPair_float_0 = _d_max_0(_S40, _S37);
    var _S42 : f32 = dpm_0.primal_0.roughness_0;
    var _S43 : f32 = dpm_0.differential_0.roughness_0 * dpm_0.primal_0.roughness_0;
    var _S44 : DiffPair_float_0 = DiffPair_float_0( _S42 * _S42, _S43 + _S43 );
    var _S45 : DiffPair_float_0 = DiffPair_float_0( 0.00100000004749745f, 0.0f );
    var _S46 : DiffPair_float_0 = _d_max_0(_S44, _S45);
    var _S47 : f32 = _S46.primal_0;
    var a2_0 : f32 = _S47 * _S47;
    var _S48 : f32 = _S46.differential_0 * _S46.primal_0;
    var s_diff_a2_0 : f32 = _S48 + _S48;
    var _S49 : f32 = _S38.primal_0 * _S38.primal_0;
    var _S50 : f32 = _S38.differential_0 * _S38.primal_0;
    var _S51 : f32 = a2_0 - 1.0f;
    var _S52 : f32 = (_S50 + _S50) * _S51 + s_diff_a2_0 * _S49;
    var d_0 : f32 = _S49 * _S51 + 1.0f;
    var _S53 : f32 = 3.14159274101257324f * d_0;
    var _S54 : f32 = _S53 * d_0;
    var D_0 : f32 = a2_0 / _S54;
    var k_0 : f32 = _S46.primal_0 * 0.5f;
    var _S55 : f32 = _S46.differential_0 * 0.5f;
    var _S56 : f32 = 1.0f - k_0;
    var _S57 : f32 = 0.0f - _S55;
    var _S58 : f32 = _S29.primal_0 * _S56 + k_0;
    var _S59 : f32 = _S29.primal_0 / _S58;
    var _S60 : f32 = _S33.primal_0 * _S56 + k_0;
    var _S61 : f32 = _S33.primal_0 / _S60;
    var G_0 : f32 = _S59 * _S61;
    var _S62 : f32 = 1.0f - dpm_0.primal_0.specular_0;
    var _S63 : DiffPair_float_0 = DiffPair_float_0( 1.0f - _S41.primal_0, 0.0f - _S41.differential_0 );
    var _S64 : DiffPair_float_0 = DiffPair_float_0( 5.0f, 0.0f );
    var _S65 : DiffPair_float_0 = _d_pow_0(_S63, _S64);
    var F_0 : f32 = dpm_0.primal_0.specular_0 + _S62 * _S65.primal_0;
    var s_diff_F_0 : f32 = dpm_0.differential_0.specular_0 + ((0.0f - dpm_0.differential_0.specular_0) * _S65.primal_0 + _S65.differential_0 * _S62);
    var _S66 : f32 = D_0 * G_0;
    var _S67 : f32 = _S66 * F_0;
    var _S68 : f32 = 4.0f * _S29.primal_0;
    var _S69 : f32 = _S68 * _S33.primal_0;
    var _S70 : vec3<f32> = vec3<f32>((1.0f - F_0));
    var _S71 : vec3<f32> = (dpm_0.primal_0.albedo_0 * _S70 / vec3<f32>(3.14159274101257324f) + vec3<f32>((_S67 / _S69))) * lightColor_0;
    var _S72 : vec3<f32> = vec3<f32>(_S29.primal_0);
    var _S73 : DiffPair_vectorx3Cfloatx2C3x3E_0 = DiffPair_vectorx3Cfloatx2C3x3E_0( _S71 * _S72, ((dpm_0.differential_0.albedo_0 * _S70 + vec3<f32>((0.0f - s_diff_F_0)) * dpm_0.primal_0.albedo_0) * vec3<f32>(0.31830987334251404f) + vec3<f32>((((((s_diff_a2_0 * _S54 - a2_0 * (_S52 * 3.14159274101257324f * d_0 + _S52 * _S53)) / (_S54 * _S54) * G_0 + ((_S29.differential_0 * _S58 - _S29.primal_0 * (_S29.differential_0 * _S56 + _S57 * _S29.primal_0 + _S55)) / (_S58 * _S58) * _S61 + (_S33.differential_0 * _S60 - _S33.primal_0 * (_S33.differential_0 * _S56 + _S57 * _S33.primal_0 + _S55)) / (_S60 * _S60) * _S59) * D_0) * F_0 + s_diff_F_0 * _S66) * _S69 - _S67 * (_S29.differential_0 * 4.0f * _S33.primal_0 + _S33.differential_0 * _S68)) / (_S69 * _S69)))) * lightColor_0 * _S72 + vec3<f32>(_S29.differential_0) * _S71 );
    return _S73;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var mat_0 : vec4<f32> = materials_0[i_0];
    var nrm_0 : vec4<f32> = normals_0[i_0];
    var m_0 : Material_0;
    m_0.albedo_0 = mat_0.xyz;
    m_0.roughness_0 = mat_0.w;
    m_0.specular_0 = nrm_0.w;
    var n_1 : vec3<f32> = normalize(nrm_0.xyz + vec3<f32>(0.0f, 0.0f, 1.5f));
    var v_1 : vec3<f32> = normalize(vec3<f32>(f32(i_0 % u32(2048)) / 2048.0f - 0.5f, 0.30000001192092896f, 1.0f));
    var l_1 : vec3<f32> = normalize(vec3<f32>(-0.40000000596046448f, 0.80000001192092896f, 0.60000002384185791f));
    const lightColor_1 : vec3<f32> = vec3<f32>(3.0f, 2.79999995231628418f, 2.5f);
    var dm_0 : Material_0 = Material_x24_syn_dzero_0();
    dm_0.roughness_0 = 1.0f;
    var _S74 : DiffPair_Material_0 = DiffPair_Material_0( m_0, dm_0 );
    result_0[i_0] = vec4<f32>(s_fwd_shade_0(_S74, n_1, v_1, l_1, lightColor_1).differential_0, 0.0f);
    return;
}

