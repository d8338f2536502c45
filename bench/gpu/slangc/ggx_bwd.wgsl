@binding(0) @group(0) var<storage, read> materials_0 : array<vec4<f32>>;

@binding(1) @group(0) var<storage, read> normals_0 : array<vec4<f32>>;

@binding(3) @group(0) var<storage, read_write> gradMaterials_0 : array<vec4<f32>>;

@binding(4) @group(0) var<storage, read_write> gradSpecular_0 : array<f32>;

struct Tuple_0
{
     value0_0 : f32,
};

fn s_apply_pow_0( x_0 : f32,  y_0 : f32) -> Tuple_0
{
    var _S1 : Tuple_0 = Tuple_0( pow(x_0, y_0) );
    return _S1;
}

struct Tuple_1
{
     value0_1 : f32,
};

fn s_apply_max_0( x_1 : f32,  y_1 : f32) -> Tuple_1
{
    var _S2 : Tuple_1 = Tuple_1( max(x_1, y_1) );
    return _S2;
}

struct s_bwdCallableCtx_max_0
{
     _S3 : f32,
     _S4 : f32,
};

struct DiffPair_float_0
{
     primal_0 : f32,
     differential_0 : f32,
};

fn _d_max_0( dpx_0 : ptr<function, DiffPair_float_0>,  dpy_0 : ptr<function, DiffPair_float_0>,  dOut_0 : f32)
{
    var _S5 : DiffPair_float_0 = (*dpx_0);
    var _S6 : f32;
    if(((*dpx_0).primal_0) > ((*dpy_0).primal_0))
    {
        _S6 = dOut_0;
    }
    else
    {
        if(((*dpx_0).primal_0) < ((*dpy_0).primal_0))
        {
            _S6 = 0.0f;
        }
        else
        {
            _S6 = 0.5f * dOut_0;
        }
    }
    (*dpx_0).primal_0 = _S5.primal_0;
    (*dpx_0).differential_0 = _S6;
    var _S7 : DiffPair_float_0 = (*dpy_0);
    if(((*dpy_0).primal_0) > (_S5.primal_0))
    {
        _S6 = dOut_0;
    }
    else
    {
        if(((*dpy_0).primal_0) < ((*dpx_0).primal_0))
        {
            _S6 = 0.0f;
        }
        else
        {
            _S6 = 0.5f * dOut_0;
        }
    }
    (*dpy_0).primal_0 = _S7.primal_0;
    (*dpy_0).differential_0 = _S6;
    return;
}

fn s_bwdProp_max_0( ctx_0 : s_bwdCallableCtx_max_0,  d_x_0 : ptr<function, f32>,  d_y_0 : ptr<function, f32>,  d_out_0 : f32)
{
    var _S8 : DiffPair_float_0;
    _S8.primal_0 = ctx_0._S3;
    var _S9 : DiffPair_float_0;
    _S9.primal_0 = ctx_0._S4;
    _d_max_0(&(_S8), &(_S9), d_out_0);
    (*d_x_0) = _S8.differential_0;
    (*d_y_0) = _S9.differential_0;
    return;
}

struct Tuple_2
{
     value0_2 : f32,
};

fn s_apply_dot_0( x_2 : vec3<f32>,  y_2 : vec3<f32>) -> Tuple_2
{
    var _S10 : Tuple_2 = Tuple_2( dot(x_2, y_2) );
    return _S10;
}

struct Tuple_3
{
     value0_3 : vec3<f32>,
};

fn s_apply_normalize_0( x_3 : vec3<f32>) -> Tuple_3
{
    var _S11 : Tuple_3 = Tuple_3( normalize(x_3) );
    return _S11;
}

struct Material_0
{
     albedo_0 : vec3<f32>,
     roughness_0 : f32,
     specular_0 : f32,
};

struct DiffPair_Material_0
{
     primal_0 : Material_0,
     differential_0 : Material_0,
};

struct s_paramCtx_s_bwdCallableCtx_shade_0
{
     value0_4 : Material_0,
     value1_0 : vec3<f32>,
     value2_0 : vec3<f32>,
     value3_0 : vec3<f32>,
     value4_0 : vec3<f32>,
};

struct s_bwdCallableCtx_shade_0
{
     value0_5 : s_paramCtx_s_bwdCallableCtx_shade_0,
};

fn Material_x24_syn_dzero_0() -> Material_0
{
    var result_0 : Material_0;
    result_0.albedo_0 = vec3<f32>(0.0f);
    result_0.roughness_0 = 0.0f;
    result_0.specular_0 = 0.0f;
    return result_0;
}

fn Material_x24_syn_dadd_0( SLANG_anonymous_0_0 : Material_0,  SLANG_anonymous_1_0 : Material_0) -> Material_0
{
    var result_1 : Material_0;
    result_1.albedo_0 = SLANG_anonymous_0_0.albedo_0 + SLANG_anonymous_1_0.albedo_0;
    result_1.roughness_0 = SLANG_anonymous_0_0.roughness_0 + SLANG_anonymous_1_0.roughness_0;
    result_1.specular_0 = SLANG_anonymous_0_0.specular_0 + SLANG_anonymous_1_0.specular_0;
    return result_1;
}

fn s_bwdProp_shade_0( _S12 : s_bwdCallableCtx_shade_0,  _S13 : ptr<function, Material_0>,  _S14 : vec3<f32>)
{
    var _S15 : Tuple_3 = s_apply_normalize_0(_S12.value0_5.value2_0 + _S12.value0_5.value3_0);
    var _S16 : Tuple_1 = s_apply_max_0(s_apply_dot_0(_S12.value0_5.value1_0, _S12.value0_5.value3_0).value0_2, 0.00009999999747379f);
    var _S17 : vec3<f32> = vec3<f32>(_S16.value0_1);
    var _S18 : Tuple_1 = s_apply_max_0(s_apply_dot_0(_S12.value0_5.value1_0, _S12.value0_5.value2_0).value0_2, 0.00009999999747379f);
    var _S19 : Tuple_1 = s_apply_max_0(s_apply_dot_0(_S12.value0_5.value1_0, _S15.value0_3).value0_2, 0.0f);
    var _S20 : Tuple_1 = s_apply_max_0(s_apply_dot_0(_S12.value0_5.value2_0, _S15.value0_3).value0_2, 0.0f);
    var _S21 : f32 = _S12.value0_5.value0_4.roughness_0;
    var _S22 : f32 = _S21 * _S21;
    var _S23 : Tuple_1 = s_apply_max_0(_S22, 0.00100000004749745f);
    var _S24 : s_bwdCallableCtx_max_0;
    _S24._S3 = _S22;
    _S24._S4 = 0.00100000004749745f;
    var a2_0 : f32 = _S23.value0_1 * _S23.value0_1;
    var _S25 : f32 = _S19.value0_1 * _S19.value0_1;
    var d_0 : f32 = _S25 * (a2_0 - 1.0f) + 1.0f;
    var _S26 : f32 = 3.14159274101257324f * d_0;
    var _S27 : f32 = _S26 * d_0;
    var D_0 : f32 = a2_0 / _S27;
    var k_0 : f32 = _S23.value0_1 * 0.5f;
    var _S28 : f32 = 1.0f - k_0;
    var _S29 : f32 = _S16.value0_1 * _S28 + k_0;
    var _S30 : f32 = _S16.value0_1 / _S29;
    var _S31 : f32 = _S18.value0_1 * _S28 + k_0;
    var _S32 : f32 = _S18.value0_1 / _S31;
    var G_0 : f32 = _S30 * _S32;
    var _S33 : Tuple_0 = s_apply_pow_0(1.0f - _S20.value0_1, 5.0f);
    var F_0 : f32 = _S12.value0_5.value0_4.specular_0 + (1.0f - _S12.value0_5.value0_4.specular_0) * _S33.value0_0;
    var _S34 : f32 = 4.0f * _S16.value0_1 * _S18.value0_1;
    var _S35 : Material_0 = Material_x24_syn_dzero_0();
    var s_diff_specular_T_0 : vec3<f32> = _S12.value0_5.value4_0 * (_S17 * _S14);
    var _S36 : vec3<f32> = vec3<f32>(0.31830987334251404f) * s_diff_specular_T_0;
    var _S37 : vec3<f32> = _S12.value0_5.value0_4.albedo_0 * _S36;
    var _S38 : vec3<f32> = vec3<f32>((1.0f - F_0)) * _S36;
    var _S39 : f32 = _S34 * ((s_diff_specular_T_0[i32(0)] + s_diff_specular_T_0[i32(1)] + s_diff_specular_T_0[i32(2)]) / (_S34 * _S34));
    var _S40 : f32 = F_0 * _S39;
    var s_diff_G_T_0 : f32 = D_0 * _S40;
    var _S41 : f32 = - (_S37[i32(0)] + _S37[i32(1)] + _S37[i32(2)]) + D_0 * G_0 * _S39;
    var _S42 : f32 = _S41 + - (_S33.value0_0 * _S41);
    var _S43 : f32 = _S18.value0_1 * - (_S30 * s_diff_G_T_0 / (_S31 * _S31));
    var _S44 : f32 = _S16.value0_1 * - (_S32 * s_diff_G_T_0 / (_S29 * _S29));
    var _S45 : f32 = G_0 * _S40 / (_S27 * _S27);
    var _S46 : f32 = a2_0 * - _S45;
    var _S47 : f32 = _S23.value0_1 * (_S27 * _S45 + _S25 * (_S26 * _S46 + 3.14159274101257324f * (d_0 * _S46)));
    var _S48 : f32 = 0.5f * (_S43 + _S44 + - (_S18.value0_1 * _S43 + _S16.value0_1 * _S44)) + _S47 + _S47;
    var _S49 : f32 = 0.0f;
    var _S50 : f32 = 0.0f;
    s_bwdProp_max_0(_S24, &(_S49), &(_S50), _S48);
    var _S51 : f32 = _S12.value0_5.value0_4.roughness_0 * _S49;
    var _S52 : f32 = _S51 + _S51;
    var _S53 : Material_0 = _S35;
    _S53.albedo_0 = _S38;
    _S53.specular_0 = _S42;
    _S53.roughness_0 = _S52;
    (*_S13) = Material_x24_syn_dadd_0(_S35, _S53);
    return;
}

fn _S54( _S55 : ptr<function, DiffPair_Material_0>,  _S56 : vec3<f32>,  _S57 : vec3<f32>,  _S58 : vec3<f32>,  _S59 : vec3<f32>,  _S60 : vec3<f32>)
{
    var _S61 : s_paramCtx_s_bwdCallableCtx_shade_0;
    _S61.value0_4 = (*_S55).primal_0;
    _S61.value1_0 = _S56;
    _S61.value2_0 = _S57;
    _S61.value3_0 = _S58;
    _S61.value4_0 = _S59;
    var _S62 : s_bwdCallableCtx_shade_0 = s_bwdCallableCtx_shade_0( _S61 );
    var _S63 : Material_0 = (*_S55).differential_0;
    s_bwdProp_shade_0(_S62, &(_S63), _S60);
    (*_S55).differential_0 = _S63;
    return;
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
    var n_0 : vec3<f32> = normalize(nrm_0.xyz + vec3<f32>(0.0f, 0.0f, 1.5f));
    var v_0 : vec3<f32> = normalize(vec3<f32>(f32(i_0 % u32(2048)) / 2048.0f - 0.5f, 0.30000001192092896f, 1.0f));
    var l_0 : vec3<f32> = normalize(vec3<f32>(-0.40000000596046448f, 0.80000001192092896f, 0.60000002384185791f));
    const lightColor_0 : vec3<f32> = vec3<f32>(3.0f, 2.79999995231628418f, 2.5f);
    var _S64 : Material_0 = Material_x24_syn_dzero_0();
    var pm_0 : DiffPair_Material_0;
    pm_0.primal_0 = m_0;
    pm_0.differential_0 = _S64;
    _S54(&(pm_0), n_0, v_0, l_0, lightColor_0, vec3<f32>(1.0f, 1.0f, 1.0f));
    gradMaterials_0[i_0] = vec4<f32>(pm_0.differential_0.albedo_0, pm_0.differential_0.roughness_0);
    gradSpecular_0[i_0] = pm_0.differential_0.specular_0;
    return;
}

