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
    var term_14 : f32 = - term_13 * x_0 * x_0 / 930.0f;
    var term_15 : f32 = - term_14 * x_0 * x_0 / 1056.0f;
    var term_16 : f32 = - term_15 * x_0 * x_0 / 1190.0f;
    var term_17 : f32 = - term_16 * x_0 * x_0 / 1332.0f;
    var term_18 : f32 = - term_17 * x_0 * x_0 / 1482.0f;
    var term_19 : f32 = - term_18 * x_0 * x_0 / 1640.0f;
    var term_20 : f32 = - term_19 * x_0 * x_0 / 1806.0f;
    var term_21 : f32 = - term_20 * x_0 * x_0 / 1980.0f;
    var term_22 : f32 = - term_21 * x_0 * x_0 / 2162.0f;
    var term_23 : f32 = - term_22 * x_0 * x_0 / 2352.0f;
    var term_24 : f32 = - term_23 * x_0 * x_0 / 2550.0f;
    var term_25 : f32 = - term_24 * x_0 * x_0 / 2756.0f;
    var term_26 : f32 = - term_25 * x_0 * x_0 / 2970.0f;
    var term_27 : f32 = - term_26 * x_0 * x_0 / 3192.0f;
    var term_28 : f32 = - term_27 * x_0 * x_0 / 3422.0f;
    var term_29 : f32 = - term_28 * x_0 * x_0 / 3660.0f;
    var term_30 : f32 = - term_29 * x_0 * x_0 / 3906.0f;
    var term_31 : f32 = - term_30 * x_0 * x_0 / 4160.0f;
    var term_32 : f32 = - term_31 * x_0 * x_0 / 4422.0f;
    var term_33 : f32 = - term_32 * x_0 * x_0 / 4692.0f;
    var term_34 : f32 = - term_33 * x_0 * x_0 / 4970.0f;
    var term_35 : f32 = - term_34 * x_0 * x_0 / 5256.0f;
    var term_36 : f32 = - term_35 * x_0 * x_0 / 5550.0f;
    var term_37 : f32 = - term_36 * x_0 * x_0 / 5852.0f;
    var term_38 : f32 = - term_37 * x_0 * x_0 / 6162.0f;
    var term_39 : f32 = - term_38 * x_0 * x_0 / 6480.0f;
    var term_40 : f32 = - term_39 * x_0 * x_0 / 6806.0f;
    var term_41 : f32 = - term_40 * x_0 * x_0 / 7140.0f;
    var term_42 : f32 = - term_41 * x_0 * x_0 / 7482.0f;
    var term_43 : f32 = - term_42 * x_0 * x_0 / 7832.0f;
    var term_44 : f32 = - term_43 * x_0 * x_0 / 8190.0f;
    var term_45 : f32 = - term_44 * x_0 * x_0 / 8556.0f;
    var term_46 : f32 = - term_45 * x_0 * x_0 / 8930.0f;
    var term_47 : f32 = - term_46 * x_0 * x_0 / 9312.0f;
    var term_48 : f32 = - term_47 * x_0 * x_0 / 9702.0f;
    var term_49 : f32 = - term_48 * x_0 * x_0 / 10100.0f;
    var term_50 : f32 = - term_49 * x_0 * x_0 / 10506.0f;
    var term_51 : f32 = - term_50 * x_0 * x_0 / 10920.0f;
    var term_52 : f32 = - term_51 * x_0 * x_0 / 11342.0f;
    var term_53 : f32 = - term_52 * x_0 * x_0 / 11772.0f;
    var term_54 : f32 = - term_53 * x_0 * x_0 / 12210.0f;
    var term_55 : f32 = - term_54 * x_0 * x_0 / 12656.0f;
    var term_56 : f32 = - term_55 * x_0 * x_0 / 13110.0f;
    var term_57 : f32 = - term_56 * x_0 * x_0 / 13572.0f;
    var term_58 : f32 = - term_57 * x_0 * x_0 / 14042.0f;
    var term_59 : f32 = - term_58 * x_0 * x_0 / 14520.0f;
    var term_60 : f32 = - term_59 * x_0 * x_0 / 15006.0f;
    var term_61 : f32 = - term_60 * x_0 * x_0 / 15500.0f;
    return x_0 + term_0 + term_1 + term_2 + term_3 + term_4 + term_5 + term_6 + term_7 + term_8 + term_9 + term_10 + term_11 + term_12 + term_13 + term_14 + term_15 + term_16 + term_17 + term_18 + term_19 + term_20 + term_21 + term_22 + term_23 + term_24 + term_25 + term_26 + term_27 + term_28 + term_29 + term_30 + term_31 + term_32 + term_33 + term_34 + term_35 + term_36 + term_37 + term_38 + term_39 + term_40 + term_41 + term_42 + term_43 + term_44 + term_45 + term_46 + term_47 + term_48 + term_49 + term_50 + term_51 + term_52 + term_53 + term_54 + term_55 + term_56 + term_57 + term_58 + term_59 + term_60 + term_61 + - term_61 * x_0 * x_0 / 16002.0f;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    result_0[i_0] = taylorSin_0(xs_0[i_0], params_0[i32(0)]);
    return;
}

