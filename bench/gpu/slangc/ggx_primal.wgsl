@binding(0) @group(0) var<storage, read> materials_0 : array<vec4<f32>>;

@binding(1) @group(0) var<storage, read> normals_0 : array<vec4<f32>>;

@binding(2) @group(0) var<storage, read_write> result_0 : array<vec4<f32>>;

struct Material_0
{
     albedo_0 : vec3<f32>,
     roughness_0 : f32,
     specular_0 : f32,
};

fn shade_0( m_0 : Material_0,  n_0 : vec3<f32>,  v_0 : vec3<f32>,  l_0 : vec3<f32>,  lightColor_0 : vec3<f32>) -> vec3<f32>
{
    var h_0 : vec3<f32> = normalize(v_0 + l_0);
    var _S1 : f32 = max(dot(n_0, l_0), 0.00009999999747379f);
    var _S2 : f32 = max(dot(n_0, v_0), 0.00009999999747379f);
    var _S3 : f32 = max(dot(n_0, h_0), 0.0f);
    var _S4 : f32 = m_0.roughness_0;
    var _S5 : f32 = max(_S4 * _S4, 0.00100000004749745f);
    var a2_0 : f32 = _S5 * _S5;
    var d_0 : f32 = _S3 * _S3 * (a2_0 - 1.0f) + 1.0f;
    var k_0 : f32 = _S5 * 0.5f;
    var _S6 : f32 = 1.0f - k_0;
    var F_0 : f32 = m_0.specular_0 + (1.0f - m_0.specular_0) * pow(1.0f - max(dot(v_0, h_0), 0.0f), 5.0f);
    return (m_0.albedo_0 * vec3<f32>((1.0f - F_0)) / vec3<f32>(3.14159274101257324f) + vec3<f32>((a2_0 / (3.14159274101257324f * d_0 * d_0) * (_S1 / (_S1 * _S6 + k_0) * (_S2 / (_S2 * _S6 + k_0))) * F_0 / (4.0f * _S1 * _S2)))) * lightColor_0 * vec3<f32>(_S1);
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var mat_0 : vec4<f32> = materials_0[i_0];
    var nrm_0 : vec4<f32> = normals_0[i_0];
    var m_1 : Material_0;
    m_1.albedo_0 = mat_0.xyz;
    m_1.roughness_0 = mat_0.w;
    m_1.specular_0 = nrm_0.w;
    result_0[i_0] = vec4<f32>(shade_0(m_1, normalize(nrm_0.xyz + vec3<f32>(0.0f, 0.0f, 1.5f)), normalize(vec3<f32>(f32(i_0 % u32(2048)) / 2048.0f - 0.5f, 0.30000001192092896f, 1.0f)), normalize(vec3<f32>(-0.40000000596046448f, 0.80000001192092896f, 0.60000002384185791f)), vec3<f32>(3.0f, 2.79999995231628418f, 2.5f)), 1.0f);
    return;
}

