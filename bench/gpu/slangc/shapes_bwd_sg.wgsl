@binding(2) @group(0) var<storage, read> params_0 : array<u32>;

@binding(0) @group(0) var<storage, read> shapes_0 : array<vec4<f32>>;

@binding(1) @group(0) var<storage, read> targetImage_0 : array<vec4<f32>>;

@binding(4) @group(0) var<storage, read_write> grads_0 : array<atomic<u32>>;

struct s_bwdCallableCtx_sqrt_0
{
     _S1 : f32,
};

struct DiffPair_float_0
{
     primal_0 : f32,
     differential_0 : f32,
};

fn _d_sqrt_0( dpx_0 : ptr<function, DiffPair_float_0>,  dOut_0 : f32)
{
    var _S2 : f32 = 0.5f / sqrt(max(1.00000001168609742e-07f, (*dpx_0).primal_0)) * dOut_0;
    (*dpx_0).primal_0 = (*dpx_0).primal_0;
    (*dpx_0).differential_0 = _S2;
    return;
}

fn s_bwdProp_sqrt_0( ctx_0 : s_bwdCallableCtx_sqrt_0,  d_x_0 : ptr<function, f32>,  d_out_0 : f32)
{
    var _S3 : DiffPair_float_0;
    _S3.primal_0 = ctx_0._S1;
    _d_sqrt_0(&(_S3), d_out_0);
    (*d_x_0) = _S3.differential_0;
    return;
}

struct Tuple_0
{
     value0_0 : f32,
};

fn s_apply_max_0( x_0 : f32,  y_0 : f32) -> Tuple_0
{
    var _S4 : Tuple_0 = Tuple_0( max(x_0, y_0) );
    return _S4;
}

struct s_bwdCallableCtx_max_0
{
     _S5 : f32,
     _S6 : f32,
};

fn _d_max_0( dpx_1 : ptr<function, DiffPair_float_0>,  dpy_0 : ptr<function, DiffPair_float_0>,  dOut_1 : f32)
{
    var _S7 : DiffPair_float_0 = (*dpx_1);
    var _S8 : f32;
    if(((*dpx_1).primal_0) > ((*dpy_0).primal_0))
    {
        _S8 = dOut_1;
    }
    else
    {
        if(((*dpx_1).primal_0) < ((*dpy_0).primal_0))
        {
            _S8 = 0.0f;
        }
        else
        {
            _S8 = 0.5f * dOut_1;
        }
    }
    (*dpx_1).primal_0 = _S7.primal_0;
    (*dpx_1).differential_0 = _S8;
    var _S9 : DiffPair_float_0 = (*dpy_0);
    if(((*dpy_0).primal_0) > (_S7.primal_0))
    {
        _S8 = dOut_1;
    }
    else
    {
        if(((*dpy_0).primal_0) < ((*dpx_1).primal_0))
        {
            _S8 = 0.0f;
        }
        else
        {
            _S8 = 0.5f * dOut_1;
        }
    }
    (*dpy_0).primal_0 = _S9.primal_0;
    (*dpy_0).differential_0 = _S8;
    return;
}

fn s_bwdProp_max_0( ctx_1 : s_bwdCallableCtx_max_0,  d_x_1 : ptr<function, f32>,  d_y_0 : ptr<function, f32>,  d_out_1 : f32)
{
    var _S10 : DiffPair_float_0;
    _S10.primal_0 = ctx_1._S5;
    var _S11 : DiffPair_float_0;
    _S11.primal_0 = ctx_1._S6;
    _d_max_0(&(_S10), &(_S11), d_out_1);
    (*d_x_1) = _S10.differential_0;
    (*d_y_0) = _S11.differential_0;
    return;
}

struct Tuple_1
{
     value0_1 : vec2<f32>,
};

fn s_apply_abs_0( x_1 : vec2<f32>) -> Tuple_1
{
    var _S12 : Tuple_1 = Tuple_1( abs(x_1) );
    return _S12;
}

struct s_bwdCallableCtx_abs_0
{
     _S13 : vec2<f32>,
};

struct DiffPair_vectorx3Cfloatx2C2x3E_0
{
     primal_0 : vec2<f32>,
     differential_0 : vec2<f32>,
};

fn _d_abs_vector_0( dpx_2 : ptr<function, DiffPair_vectorx3Cfloatx2C2x3E_0>,  dOut_2 : vec2<f32>)
{
    var _S14 : vec2<f32> = vec2<f32>(0.0f);
    var _S15 : vec2<f32> = select(select(vec2<f32>(-1.0f), _S14, ((*dpx_2).primal_0) == _S14), vec2<f32>(1.0f), ((*dpx_2).primal_0) > _S14) * dOut_2;
    (*dpx_2).primal_0 = (*dpx_2).primal_0;
    (*dpx_2).differential_0 = _S15;
    return;
}

fn s_bwdProp_abs_0( ctx_2 : s_bwdCallableCtx_abs_0,  d_x_2 : ptr<function, vec2<f32>>,  d_out_2 : vec2<f32>)
{
    var _S16 : DiffPair_vectorx3Cfloatx2C2x3E_0;
    _S16.primal_0 = ctx_2._S13;
    _d_abs_vector_0(&(_S16), d_out_2);
    (*d_x_2) = _S16.differential_0;
    return;
}

struct Tuple_2
{
     value0_2 : f32,
};

fn s_apply_saturate_0( x_2 : f32) -> Tuple_2
{
    var _S17 : Tuple_2 = Tuple_2( saturate(x_2) );
    return _S17;
}

struct s_bwdCallableCtx_saturate_0
{
     _S18 : f32,
};

fn _d_saturate_0( dpx_3 : ptr<function, DiffPair_float_0>,  dOut_3 : f32)
{
    var _S19 : DiffPair_float_0 = (*dpx_3);
    var _S20 : bool;
    if(((*dpx_3).primal_0) < 0.0f)
    {
        _S20 = true;
    }
    else
    {
        _S20 = ((*dpx_3).primal_0) > 1.0f;
    }
    var _S21 : f32 = select(dOut_3, 0.0f, _S20);
    (*dpx_3).primal_0 = _S19.primal_0;
    (*dpx_3).differential_0 = _S21;
    return;
}

fn s_bwdProp_saturate_0( ctx_3 : s_bwdCallableCtx_saturate_0,  d_x_3 : ptr<function, f32>,  d_out_3 : f32)
{
    var _S22 : DiffPair_float_0;
    _S22.primal_0 = ctx_3._S18;
    _d_saturate_0(&(_S22), d_out_3);
    (*d_x_3) = _S22.differential_0;
    return;
}

struct Tuple_3
{
     value0_3 : f32,
};

fn s_apply_length_0( x_3 : vec2<f32>) -> Tuple_3
{
    var _S23 : Tuple_3 = Tuple_3( length(x_3) );
    return _S23;
}

struct s_bwdCallableCtx_length_0
{
     _S24 : vec2<f32>,
};

struct s_paramCtx_s_bwdCallableCtx_length_impl_0
{
     value0_4 : vec2<f32>,
};

struct s_bwdCallableCtx_length_impl_0
{
     value0_5 : s_paramCtx_s_bwdCallableCtx_length_impl_0,
};

fn s_bwdProp_length_impl_0( _S25 : s_bwdCallableCtx_length_impl_0,  _S26 : ptr<function, vec2<f32>>,  _S27 : f32)
{
    var _S28 : f32 = _S25.value0_5.value0_4[i32(0)];
    var _S29 : f32 = _S25.value0_5.value0_4[i32(1)];
    var _S30 : s_bwdCallableCtx_sqrt_0;
    _S30._S1 = _S28 * _S28 + _S29 * _S29;
    var _S31 : f32 = 0.0f;
    s_bwdProp_sqrt_0(_S30, &(_S31), _S27);
    var _S32 : f32 = _S25.value0_5.value0_4[i32(1)] * _S31;
    var _S33 : f32 = _S32 + _S32;
    var _S34 : f32 = _S25.value0_5.value0_4[i32(0)] * _S31;
    var _S35 : f32 = _S34 + _S34;
    var _S36 : vec2<f32> = vec2<f32>(0.0f);
    _S36[i32(1)] = _S33;
    _S36[i32(0)] = _S35;
    (*_S26) = _S36;
    return;
}

fn _S37( _S38 : ptr<function, DiffPair_vectorx3Cfloatx2C2x3E_0>,  _S39 : f32)
{
    var _S40 : s_paramCtx_s_bwdCallableCtx_length_impl_0;
    _S40.value0_4 = (*_S38).primal_0;
    var _S41 : s_bwdCallableCtx_length_impl_0 = s_bwdCallableCtx_length_impl_0( _S40 );
    var _S42 : vec2<f32> = (*_S38).differential_0;
    s_bwdProp_length_impl_0(_S41, &(_S42), _S39);
    (*_S38).differential_0 = _S42;
    return;
}

fn s_bwdProp_length_0( ctx_4 : s_bwdCallableCtx_length_0,  d_x_4 : ptr<function, vec2<f32>>,  d_out_4 : f32)
{
    var _S43 : DiffPair_vectorx3Cfloatx2C2x3E_0;
    _S43.primal_0 = ctx_4._S24;
    _S37(&(_S43), d_out_4);
    (*d_x_4) = _S43.differential_0;
    return;
}

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

struct s_paramCtx_s_bwdCallableCtx_blend_0
{
     value0_6 : Rect_0,
     value1_0 : vec2<f32>,
};

struct s_bwdCallableCtx_blend_0
{
     value0_7 : s_paramCtx_s_bwdCallableCtx_blend_0,
};

struct Tuple_4
{
     value0_8 : f32,
};

fn s_apply_Rect_coverage_0( _S44 : Rect_0,  p_0 : vec2<f32>) -> Tuple_4
{
    var q_0 : vec2<f32> = s_apply_abs_0(p_0 - _S44.center_0).value0_1 - _S44.halfSize_0;
    var _S45 : Tuple_4;
    _S45.value0_8 = s_apply_saturate_0(0.5f - s_apply_max_0(q_0.x, q_0.y).value0_0 / 2.0f).value0_2;
    return _S45;
}

struct s_paramCtx_s_bwdCallableCtx_Rect_coverage_0
{
     value0_9 : Rect_0,
     value1_1 : vec2<f32>,
};

struct s_bwdCallableCtx_Rect_coverage_0
{
     value0_10 : s_paramCtx_s_bwdCallableCtx_Rect_coverage_0,
};

struct Tuple_5
{
     value0_11 : vec3<f32>,
};

fn s_apply_Rect_tint_0( _S46 : Rect_0) -> Tuple_5
{
    var _S47 : Tuple_5;
    _S47.value0_11 = _S46.color_0;
    return _S47;
}

fn Rect_x24_syn_dzero_0() -> Rect_0
{
    var result_0 : Rect_0;
    var _S48 : vec2<f32> = vec2<f32>(0.0f);
    result_0.center_0 = _S48;
    result_0.halfSize_0 = _S48;
    result_0.color_0 = vec3<f32>(0.0f);
    return result_0;
}

fn Rect_x24_syn_dadd_0( SLANG_anonymous_0_0 : Rect_0,  SLANG_anonymous_1_0 : Rect_0) -> Rect_0
{
    var result_1 : Rect_0;
    result_1.center_0 = SLANG_anonymous_0_0.center_0 + SLANG_anonymous_1_0.center_0;
    result_1.halfSize_0 = SLANG_anonymous_0_0.halfSize_0 + SLANG_anonymous_1_0.halfSize_0;
    result_1.color_0 = SLANG_anonymous_0_0.color_0 + SLANG_anonymous_1_0.color_0;
    return result_1;
}

fn s_bwdProp_Rect_tint_0( _S49 : ptr<function, Rect_0>,  _S50 : vec3<f32>)
{
    var _S51 : Rect_0 = Rect_x24_syn_dzero_0();
    var _S52 : Rect_0 = _S51;
    _S52.color_0 = _S50;
    (*_S49) = Rect_x24_syn_dadd_0(_S51, _S52);
    return;
}

fn s_bwdProp_Rect_coverage_0( _S53 : s_bwdCallableCtx_Rect_coverage_0,  _S54 : ptr<function, Rect_0>,  _S55 : f32)
{
    var _S56 : vec2<f32> = _S53.value0_10.value1_1 - _S53.value0_10.value0_9.center_0;
    var _S57 : Tuple_1 = s_apply_abs_0(_S56);
    var _S58 : s_bwdCallableCtx_abs_0;
    _S58._S13 = _S56;
    var q_1 : vec2<f32> = _S57.value0_1 - _S53.value0_10.value0_9.halfSize_0;
    var _S59 : f32 = q_1.x;
    var _S60 : f32 = q_1.y;
    var _S61 : Tuple_0 = s_apply_max_0(_S59, _S60);
    var _S62 : s_bwdCallableCtx_max_0;
    _S62._S5 = _S59;
    _S62._S6 = _S60;
    var _S63 : s_bwdCallableCtx_saturate_0;
    _S63._S18 = 0.5f - _S61.value0_0 / 2.0f;
    var _S64 : Rect_0 = Rect_x24_syn_dzero_0();
    var _S65 : f32 = 0.0f;
    s_bwdProp_saturate_0(_S63, &(_S65), _S55);
    var _S66 : f32 = 0.5f * - _S65;
    var _S67 : f32 = 0.0f;
    var _S68 : f32 = 0.0f;
    s_bwdProp_max_0(_S62, &(_S67), &(_S68), _S66);
    var s_diff_q_T_0 : vec2<f32> = vec2<f32>(_S67, _S68);
    var _S69 : vec2<f32> = (vec2<f32>(0) - s_diff_q_T_0);
    var _S70 : vec2<f32> = vec2<f32>(0.0f);
    s_bwdProp_abs_0(_S58, &(_S70), s_diff_q_T_0);
    var _S71 : vec2<f32> = (vec2<f32>(0) - _S70);
    var _S72 : Rect_0 = _S64;
    _S72.halfSize_0 = _S69;
    _S72.center_0 = _S71;
    (*_S54) = Rect_x24_syn_dadd_0(_S64, _S72);
    return;
}

fn s_bwdProp_blend_0( _S73 : s_bwdCallableCtx_blend_0,  _S74 : ptr<function, Rect_0>,  _S75 : vec3<f32>)
{
    var _S76 : vec3<f32> = vec3<f32>(s_apply_Rect_coverage_0(_S73.value0_7.value0_6, _S73.value0_7.value1_0).value0_8);
    var _S77 : s_paramCtx_s_bwdCallableCtx_Rect_coverage_0;
    _S77.value0_9 = _S73.value0_7.value0_6;
    _S77.value1_1 = _S73.value0_7.value1_0;
    var _S78 : s_bwdCallableCtx_Rect_coverage_0 = s_bwdCallableCtx_Rect_coverage_0( _S77 );
    var _S79 : Rect_0 = Rect_x24_syn_dzero_0();
    var _S80 : vec3<f32> = _S76 * _S75;
    var _S81 : vec3<f32> = s_apply_Rect_tint_0(_S73.value0_7.value0_6).value0_11 * _S75;
    var _S82 : vec2<f32> = vec2<f32>(0.0f);
    var _S83 : vec3<f32> = vec3<f32>(0.0f);
    var _S84 : Rect_0;
    _S84.center_0 = _S82;
    _S84.halfSize_0 = _S82;
    _S84.color_0 = _S83;
    s_bwdProp_Rect_tint_0(&(_S84), _S80);
    var _S85 : f32 = _S81[i32(0)] + _S81[i32(1)] + _S81[i32(2)];
    var _S86 : Rect_0;
    _S86.center_0 = _S82;
    _S86.halfSize_0 = _S82;
    _S86.color_0 = _S83;
    s_bwdProp_Rect_coverage_0(_S78, &(_S86), _S85);
    (*_S74) = Rect_x24_syn_dadd_0(Rect_x24_syn_dadd_0(_S84, _S86), _S79);
    return;
}

fn _S87( _S88 : ptr<function, DiffPair_Rect_0>,  _S89 : vec2<f32>,  _S90 : vec3<f32>)
{
    var _S91 : s_paramCtx_s_bwdCallableCtx_blend_0;
    _S91.value0_6 = (*_S88).primal_0;
    _S91.value1_0 = _S89;
    var _S92 : s_bwdCallableCtx_blend_0 = s_bwdCallableCtx_blend_0( _S91 );
    var _S93 : Rect_0 = (*_S88).differential_0;
    s_bwdProp_blend_0(_S92, &(_S93), _S90);
    (*_S88).differential_0 = _S93;
    return;
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

struct s_paramCtx_s_bwdCallableCtx_blend_1
{
     value0_12 : Circle_0,
     value1_2 : vec2<f32>,
};

struct s_bwdCallableCtx_blend_1
{
     value0_13 : s_paramCtx_s_bwdCallableCtx_blend_1,
};

struct Tuple_6
{
     value0_14 : f32,
};

fn s_apply_Circle_coverage_0( _S94 : Circle_0,  p_1 : vec2<f32>) -> Tuple_6
{
    var _S95 : Tuple_6;
    _S95.value0_14 = s_apply_saturate_0(0.5f - (s_apply_length_0(p_1 - _S94.center_1).value0_3 - _S94.radius_0) / 2.0f).value0_2;
    return _S95;
}

struct s_paramCtx_s_bwdCallableCtx_Circle_coverage_0
{
     value0_15 : Circle_0,
     value1_3 : vec2<f32>,
};

struct s_bwdCallableCtx_Circle_coverage_0
{
     value0_16 : s_paramCtx_s_bwdCallableCtx_Circle_coverage_0,
};

struct Tuple_7
{
     value0_17 : vec3<f32>,
};

fn s_apply_Circle_tint_0( _S96 : Circle_0) -> Tuple_7
{
    var _S97 : Tuple_7;
    _S97.value0_17 = _S96.color_1;
    return _S97;
}

fn Circle_x24_syn_dzero_0() -> Circle_0
{
    var result_2 : Circle_0;
    result_2.center_1 = vec2<f32>(0.0f);
    result_2.radius_0 = 0.0f;
    result_2.color_1 = vec3<f32>(0.0f);
    return result_2;
}

fn Circle_x24_syn_dadd_0( SLANG_anonymous_0_1 : Circle_0,  SLANG_anonymous_1_1 : Circle_0) -> Circle_0
{
    var result_3 : Circle_0;
    result_3.center_1 = SLANG_anonymous_0_1.center_1 + SLANG_anonymous_1_1.center_1;
    result_3.radius_0 = SLANG_anonymous_0_1.radius_0 + SLANG_anonymous_1_1.radius_0;
    result_3.color_1 = SLANG_anonymous_0_1.color_1 + SLANG_anonymous_1_1.color_1;
    return result_3;
}

fn s_bwdProp_Circle_tint_0( _S98 : ptr<function, Circle_0>,  _S99 : vec3<f32>)
{
    var _S100 : Circle_0 = Circle_x24_syn_dzero_0();
    var _S101 : Circle_0 = _S100;
    _S101.color_1 = _S99;
    (*_S98) = Circle_x24_syn_dadd_0(_S100, _S101);
    return;
}

fn s_bwdProp_Circle_coverage_0( _S102 : s_bwdCallableCtx_Circle_coverage_0,  _S103 : ptr<function, Circle_0>,  _S104 : f32)
{
    var _S105 : vec2<f32> = _S102.value0_16.value1_3 - _S102.value0_16.value0_15.center_1;
    var _S106 : Tuple_3 = s_apply_length_0(_S105);
    var _S107 : s_bwdCallableCtx_length_0;
    _S107._S24 = _S105;
    var _S108 : s_bwdCallableCtx_saturate_0;
    _S108._S18 = 0.5f - (_S106.value0_3 - _S102.value0_16.value0_15.radius_0) / 2.0f;
    var _S109 : Circle_0 = Circle_x24_syn_dzero_0();
    var _S110 : f32 = 0.0f;
    s_bwdProp_saturate_0(_S108, &(_S110), _S104);
    var _S111 : f32 = 0.5f * - _S110;
    var _S112 : f32 = - _S111;
    var _S113 : vec2<f32> = vec2<f32>(0.0f);
    s_bwdProp_length_0(_S107, &(_S113), _S111);
    var _S114 : vec2<f32> = (vec2<f32>(0) - _S113);
    var _S115 : Circle_0 = _S109;
    _S115.radius_0 = _S112;
    _S115.center_1 = _S114;
    (*_S103) = Circle_x24_syn_dadd_0(_S109, _S115);
    return;
}

fn s_bwdProp_blend_1( _S116 : s_bwdCallableCtx_blend_1,  _S117 : ptr<function, Circle_0>,  _S118 : vec3<f32>)
{
    var _S119 : vec3<f32> = vec3<f32>(s_apply_Circle_coverage_0(_S116.value0_13.value0_12, _S116.value0_13.value1_2).value0_14);
    var _S120 : s_paramCtx_s_bwdCallableCtx_Circle_coverage_0;
    _S120.value0_15 = _S116.value0_13.value0_12;
    _S120.value1_3 = _S116.value0_13.value1_2;
    var _S121 : s_bwdCallableCtx_Circle_coverage_0 = s_bwdCallableCtx_Circle_coverage_0( _S120 );
    var _S122 : Circle_0 = Circle_x24_syn_dzero_0();
    var _S123 : vec3<f32> = _S119 * _S118;
    var _S124 : vec3<f32> = s_apply_Circle_tint_0(_S116.value0_13.value0_12).value0_17 * _S118;
    var _S125 : vec2<f32> = vec2<f32>(0.0f);
    var _S126 : vec3<f32> = vec3<f32>(0.0f);
    var _S127 : Circle_0;
    _S127.center_1 = _S125;
    _S127.radius_0 = 0.0f;
    _S127.color_1 = _S126;
    s_bwdProp_Circle_tint_0(&(_S127), _S123);
    var _S128 : f32 = _S124[i32(0)] + _S124[i32(1)] + _S124[i32(2)];
    var _S129 : Circle_0;
    _S129.center_1 = _S125;
    _S129.radius_0 = 0.0f;
    _S129.color_1 = _S126;
    s_bwdProp_Circle_coverage_0(_S121, &(_S129), _S128);
    (*_S117) = Circle_x24_syn_dadd_0(Circle_x24_syn_dadd_0(_S127, _S129), _S122);
    return;
}

fn _S130( _S131 : ptr<function, DiffPair_Circle_0>,  _S132 : vec2<f32>,  _S133 : vec3<f32>)
{
    var _S134 : s_paramCtx_s_bwdCallableCtx_blend_1;
    _S134.value0_12 = (*_S131).primal_0;
    _S134.value1_2 = _S132;
    var _S135 : s_bwdCallableCtx_blend_1 = s_bwdCallableCtx_blend_1( _S134 );
    var _S136 : Circle_0 = (*_S131).differential_0;
    s_bwdProp_blend_1(_S135, &(_S136), _S133);
    (*_S131).differential_0 = _S136;
    return;
}

fn Rect_coverage_0( this_0 : Rect_0,  p_2 : vec2<f32>) -> f32
{
    var q_2 : vec2<f32> = abs(p_2 - this_0.center_0) - this_0.halfSize_0;
    return saturate(0.5f - max(q_2.x, q_2.y) / 2.0f);
}

fn Rect_tint_0( this_1 : Rect_0) -> vec3<f32>
{
    return this_1.color_0;
}

fn blend_0( shape_0 : Rect_0,  p_3 : vec2<f32>) -> vec3<f32>
{
    return vec3<f32>(Rect_coverage_0(shape_0, p_3)) * Rect_tint_0(shape_0);
}

fn Circle_coverage_0( this_2 : Circle_0,  p_4 : vec2<f32>) -> f32
{
    return saturate(0.5f - (length(p_4 - this_2.center_1) - this_2.radius_0) / 2.0f);
}

fn Circle_tint_0( this_3 : Circle_0) -> vec3<f32>
{
    return this_3.color_1;
}

fn blend_1( shape_1 : Circle_0,  p_5 : vec2<f32>) -> vec3<f32>
{
    return vec3<f32>(Circle_coverage_0(shape_1, p_5)) * Circle_tint_0(shape_1);
}

fn loadCircle_0( s_0 : u32) -> Circle_0
{
    var _S137 : u32 = u32(2) * s_0;
    var a_0 : vec4<f32> = shapes_0[_S137];
    var b_0 : vec4<f32> = shapes_0[_S137 + u32(1)];
    var c_0 : Circle_0;
    c_0.center_1 = a_0.xy;
    c_0.radius_0 = a_0.z;
    c_0.color_1 = b_0.xyz;
    return c_0;
}

fn loadRect_0( s_1 : u32) -> Rect_0
{
    var _S138 : u32 = u32(2) * s_1;
    var a_1 : vec4<f32> = shapes_0[_S138];
    var b_1 : vec4<f32> = shapes_0[_S138 + u32(1)];
    var r_0 : Rect_0;
    r_0.center_0 = a_1.xy;
    r_0.halfSize_0 = a_1.zw;
    r_0.color_0 = b_1.xyz;
    return r_0;
}

var<private> _S139 : u32;

fn atomicAddFloat_0( word_0 : u32,  value_0 : f32)
{
    if(value_0 == 0.0f)
    {
        return;
    }
    var _S140 : u32 = atomicLoad(&(grads_0[word_0]));
    var old_0 : u32 = _S140;
    for(;;)
    {
        var seen_0 : u32 = atomicCompareExchangeWeak(&(grads_0[word_0]), old_0, (bitcast<u32>(((bitcast<f32>((old_0))) + value_0)))).old_value;
        if(seen_0 == old_0)
        {
            break;
        }
        old_0 = seen_0;
    }
    return;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>, @builtin(subgroup_invocation_id) _builtinWaveLaneIndex_0 : u32)
{
    var _S141 : u32;
    _S139 = _builtinWaveLaneIndex_0;
    var i_0 : u32 = tid_0.x;
    var width_0 : u32 = params_0[i32(0)];
    var circles_0 : u32 = params_0[i32(1)];
    var _S142 : u32 = params_0[i32(2)];
    var _S143 : u32 = i_0 % width_0;
    var _S144 : f32 = f32(_S143);
    var _S145 : u32 = i_0 / width_0;
    var _S146 : vec2<f32> = vec2<f32>(_S144, f32(_S145)) + vec2<f32>(0.5f);
    const _S147 : vec3<f32> = vec3<f32>(0.0f, 0.0f, 0.0f);
    var s_2 : u32 = u32(0);
    var color_2 : vec3<f32> = _S147;
    for(;;)
    {
        if(s_2 < circles_0)
        {
        }
        else
        {
            break;
        }
        var color_3 : vec3<f32> = color_2 + blend_1(loadCircle_0(s_2), _S146);
        s_2 = s_2 + u32(1);
        color_2 = color_3;
    }
    s_2 = circles_0;
    for(;;)
    {
        var _S148 : u32 = circles_0 + _S142;
        _S141 = _S148;
        if(s_2 < _S148)
        {
        }
        else
        {
            break;
        }
        var color_4 : vec3<f32> = color_2 + blend_0(loadRect_0(s_2), _S146);
        s_2 = s_2 + u32(1);
        color_2 = color_4;
    }
    var _S149 : vec3<f32> = vec3<f32>(2.0f) * (color_2 - targetImage_0[i_0].xyz);
    ;
    var _S150 : bool = _S139 == u32(0);
    s_2 = u32(0);
    for(;;)
    {
        if(s_2 < _S141)
        {
        }
        else
        {
            break;
        }
        var g_0 : array<f32, i32(8)>;
        g_0[i32(0)] = 0.0f;
        g_0[i32(1)] = 0.0f;
        g_0[i32(2)] = 0.0f;
        g_0[i32(3)] = 0.0f;
        g_0[i32(4)] = 0.0f;
        g_0[i32(5)] = 0.0f;
        g_0[i32(6)] = 0.0f;
        g_0[i32(7)] = 0.0f;
        if(s_2 < circles_0)
        {
            var _S151 : Circle_0 = Circle_x24_syn_dzero_0();
            var c_1 : DiffPair_Circle_0;
            c_1.primal_0 = loadCircle_0(s_2);
            c_1.differential_0 = _S151;
            _S130(&(c_1), _S146, _S149);
            g_0[i32(0)] = c_1.differential_0.center_1.x;
            g_0[i32(1)] = c_1.differential_0.center_1.y;
            g_0[i32(2)] = c_1.differential_0.radius_0;
            g_0[i32(4)] = c_1.differential_0.color_1.x;
            g_0[i32(5)] = c_1.differential_0.color_1.y;
            g_0[i32(6)] = c_1.differential_0.color_1.z;
        }
        else
        {
            var _S152 : Rect_0 = Rect_x24_syn_dzero_0();
            var r_1 : DiffPair_Rect_0;
            r_1.primal_0 = loadRect_0(s_2);
            r_1.differential_0 = _S152;
            _S87(&(r_1), _S146, _S149);
            g_0[i32(0)] = r_1.differential_0.center_0.x;
            g_0[i32(1)] = r_1.differential_0.center_0.y;
            g_0[i32(2)] = r_1.differential_0.halfSize_0.x;
            g_0[i32(3)] = r_1.differential_0.halfSize_0.y;
            g_0[i32(4)] = r_1.differential_0.color_0.x;
            g_0[i32(5)] = r_1.differential_0.color_0.y;
            g_0[i32(6)] = r_1.differential_0.color_0.z;
        }
        var k_0 : u32 = u32(0);
        for(;;)
        {
            if(k_0 < u32(8))
            {
            }
            else
            {
                break;
            }
            var total_0 : f32 = subgroupAdd(g_0[k_0]);
            if(_S150)
            {
                atomicAddFloat_0(u32(8) * s_2 + k_0, total_0);
            }
            k_0 = k_0 + u32(1);
        }
        s_2 = s_2 + u32(1);
    }
    return;
}

