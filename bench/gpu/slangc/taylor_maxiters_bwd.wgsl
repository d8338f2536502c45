@binding(1) @group(0) var<storage, read> params_0 : array<i32>;

@binding(0) @group(0) var<storage, read> xs_0 : array<f32>;

@binding(2) @group(0) var<storage, read_write> result_0 : array<f32>;

struct DiffPair_float_0
{
     primal_0 : f32,
     differential_0 : f32,
};

struct s_minCtx_s_bwdCallableCtx_taylorSin_0
{
     value0_0 : array<f32, u32(130)>,
     value1_0 : i32,
};

struct Tuple_0
{
     value0_1 : f32,
     value1_1 : s_minCtx_s_bwdCallableCtx_taylorSin_0,
};

fn s_apply_taylorSin_0( _S1 : f32,  terms_0 : i32) -> Tuple_0
{
    var _S2 : array<f32, u32(130)> = array<f32, u32(130)>( 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f );
    var _S3 : s_minCtx_s_bwdCallableCtx_taylorSin_0;
    _S3.value0_0 = _S2;
    _S3.value1_0 = i32(0);
    var _runFlag_0 : bool = true;
    var k_0 : i32 = i32(1);
    var term_0 : f32 = _S1;
    var sum_0 : f32 = _S1;
    var _pc_0 : i32 = i32(0);
    for(;;)
    {
        _S3.value0_0[_pc_0] = term_0;
        _S3.value1_0 = _pc_0;
        if(_runFlag_0)
        {
        }
        else
        {
            break;
        }
        var _S4 : i32;
        var _S5 : f32;
        var _S6 : f32;
        if(k_0 < terms_0)
        {
            var _S7 : i32 = i32(2) * k_0;
            var term_1 : f32 = - term_0 * _S1 * _S1 / f32(_S7 * (_S7 + i32(1)));
            var sum_1 : f32 = sum_0 + term_1;
            _S4 = i32(1);
            _S5 = term_1;
            _S6 = sum_1;
        }
        else
        {
            _S4 = i32(0);
        }
        if(_S4 != i32(1))
        {
            _runFlag_0 = false;
        }
        if(_runFlag_0)
        {
            k_0 = k_0 + i32(1);
            term_0 = _S5;
            sum_0 = _S6;
        }
        _pc_0 = _pc_0 + i32(1);
    }
    var _S8 : Tuple_0;
    _S8.value0_1 = sum_0;
    _S8.value1_1 = _S3;
    return _S8;
}

struct s_paramCtx_s_bwdCallableCtx_taylorSin_0
{
     value0_2 : f32,
     value1_2 : i32,
};

struct s_bwdCallableCtx_taylorSin_0
{
     value0_3 : s_paramCtx_s_bwdCallableCtx_taylorSin_0,
     value1_3 : s_minCtx_s_bwdCallableCtx_taylorSin_0,
};

fn s_bwdProp_taylorSin_0( _S9 : s_bwdCallableCtx_taylorSin_0,  _S10 : ptr<function, f32>,  _S11 : f32)
{
    var _dc_0 : i32 = _S9.value1_3.value1_0 - i32(1);
    var _S12 : f32 = 0.0f;
    var _S13 : f32 = _S11;
    var _S14 : f32 = 0.0f;
    for(;;)
    {
        var _S15 : i32 = _dc_0 + i32(1);
        if(_dc_0 >= i32(0))
        {
        }
        else
        {
            break;
        }
        var _S16 : bool = _S15 < (_S9.value0_3.value1_2);
        var _S17 : i32;
        var _S18 : f32;
        var _S19 : f32;
        var _S20 : f32;
        if(_S16)
        {
            var _S21 : f32 = - _S9.value1_3.value0_0[_dc_0];
            var _S22 : f32 = _S21 * _S9.value0_3.value0_2;
            var _S23 : i32 = i32(2) * _S15;
            var _S24 : f32 = f32(_S23 * (_S23 + i32(1)));
            _S17 = i32(1);
            _S18 = _S24;
            _S19 = _S22;
            _S20 = _S21;
        }
        else
        {
            _S17 = i32(0);
            _S18 = 0.0f;
            _S19 = 0.0f;
            _S20 = 0.0f;
        }
        var _S25 : f32;
        var _S26 : f32;
        var _S27 : f32;
        var _S28 : f32;
        if(!(_S17 != i32(1)))
        {
            _S25 = _S12;
            _S26 = _S13;
            _S27 = 0.0f;
            _S28 = 0.0f;
        }
        else
        {
            _S25 = 0.0f;
            _S26 = 0.0f;
            _S27 = _S13;
            _S28 = _S12;
        }
        if(_S16)
        {
            var _S29 : f32 = (_S25 + _S26) / _S18;
            var _S30 : f32 = _S9.value0_3.value0_2 * _S29;
            var _S31 : f32 = _S26 + _S27;
            var _S32 : f32 = _S19 * _S29 + _S20 * _S30 + _S14;
            _S12 = - (_S9.value0_3.value0_2 * _S30) + _S28;
            _S13 = _S31;
            _S14 = _S32;
        }
        else
        {
            _S12 = _S28;
            _S13 = _S27;
        }
        _dc_0 = _dc_0 - i32(1);
    }
    (*_S10) = _S12 + _S13 + _S14;
    return;
}

fn _S33( _S34 : ptr<function, DiffPair_float_0>,  _S35 : i32,  _S36 : f32)
{
    var _S37 : Tuple_0 = s_apply_taylorSin_0((*_S34).primal_0, _S35);
    var _S38 : s_paramCtx_s_bwdCallableCtx_taylorSin_0;
    _S38.value0_2 = (*_S34).primal_0;
    _S38.value1_2 = _S35;
    var _S39 : s_bwdCallableCtx_taylorSin_0 = s_bwdCallableCtx_taylorSin_0( _S38, _S37.value1_1 );
    var _S40 : f32 = (*_S34).differential_0;
    s_bwdProp_taylorSin_0(_S39, &(_S40), _S36);
    (*_S34).differential_0 = _S40;
    return;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var terms_1 : i32 = params_0[i32(0)];
    var x_0 : DiffPair_float_0;
    x_0.primal_0 = xs_0[i_0];
    x_0.differential_0 = 0.0f;
    _S33(&(x_0), terms_1, 1.0f);
    result_0[i_0] = x_0.differential_0;
    return;
}

