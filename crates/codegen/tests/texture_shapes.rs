//! Texture shapes WGSL lacks or spells apart: 1D array textures (2D arrays of height 1), depth
//! textures with comparison samplers, and `half` texels (read and written through `f32`).

mod common;

use common::*;
use expect_test::expect;
use ir::*;

fn texture(
    m: &mut Module,
    name: &str,
    texel: TypeId,
    (dim, arrayed): (TextureDim, bool),
    access: BufferAccess,
    format: TexelFormat,
) -> GlobalId {
    m.add_global(
        name,
        texel,
        GlobalKind::Texture {
            dim,
            arrayed,
            access,
            format,
        },
    )
}

fn tex(b: &mut FunctionBuilder, op: TextureOp, texture: GlobalId, args: Vec<ValueId>) -> ValueId {
    b.inst(Inst::Texture { op, texture, args }, None)
}

#[test]
fn one_d_arrays_are_2d_arrays_of_height_one() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    let f32_ty = k.m.types.f32();
    let rows = texture(
        &mut k.m,
        "rows",
        f32_ty,
        (TextureDim::D1, true),
        BufferAccess::Read,
        TexelFormat::R32Float,
    );
    let void = k.m.types.void();
    let sampler =
        k.m.add_global("s", void, GlobalKind::Sampler { comparison: false });
    entry(&mut k.m, 1, |b, x| {
        let i = b.convert(x, Scalar::I32);
        let ivec2 = b.types().vector(Scalar::I32, 2);
        let coords = b.construct(ivec2, vec![i, i]);
        let level = b.i32(0);
        let texel = tex(b, TextureOp::Load, rows, vec![coords, level]);
        let u = b.f32(0.25);
        let fvec2 = b.types().vector(Scalar::F32, 2);
        let at = b.construct(fvec2, vec![u, u]);
        let lod = b.f32(0.0);
        let sampled = tex(b, TextureOp::SampleLevel { sampler }, rows, vec![at, lod]);
        let size = tex(b, TextureOp::Dimensions, rows, vec![]);
        let layers = b.extract(size, 1);
        let layers = b.convert(layers, Scalar::F32);
        let sum = b.add(texel, sampled);
        let sum = b.add(sum, layers);
        b.store(Place::global(out).dynamic(x), sum);
    });
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;
            @group(0) @binding(1) 
            var rows: texture_2d_array<f32>;
            @group(0) @binding(2) 
            var s: sampler;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e2 = i32(tid.x);
                let _e3 = vec2<i32>(_e2, _e2);
                let _e10 = textureLoad(rows, vec2<i32>(_e3.x, 0i), _e3.y, 0i);
                let _e13 = vec2<f32>(0.25f, 0.25f);
                let _e18 = textureDimensions(rows, 0u);
                let _e27 = textureSampleLevel(rows, s, vec2<f32>(_e13.x, (0.5f / f32(_e18.y))), i32(_e13.y), 0f);
                let _e30 = textureDimensions(rows);
                let _e32 = textureNumLayers(rows);
                outputBuffer[tid.x] = ((_e10.x + _e27.x) + f32(vec2<u32>(_e30.x, _e32).y));
            }
        "#]],
    );
}

#[test]
fn depth_textures_compare_at_level_zero() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    let f32_ty = k.m.types.f32();
    let depth = texture(
        &mut k.m,
        "shadowMap",
        f32_ty,
        (TextureDim::D2, false),
        BufferAccess::Read,
        TexelFormat::Depth32Float,
    );
    let void = k.m.types.void();
    let sampler =
        k.m.add_global("cmp", void, GlobalKind::Sampler { comparison: true });
    entry(&mut k.m, 1, |b, x| {
        let u = b.f32(0.5);
        let fvec2 = b.types().vector(Scalar::F32, 2);
        let at = b.construct(fvec2, vec![u, u]);
        let reference = b.f32(0.25);
        let lit = tex(
            b,
            TextureOp::SampleCompare { sampler },
            depth,
            vec![at, reference],
        );
        let four = tex(
            b,
            TextureOp::GatherCompare { sampler },
            depth,
            vec![at, reference],
        );
        let first = b.extract(four, 0);
        let ivec2 = b.types().vector(Scalar::I32, 2);
        let zero = b.i32(0);
        let texel_at = b.construct(ivec2, vec![zero, zero]);
        let stored = tex(b, TextureOp::Load, depth, vec![texel_at, zero]);
        let sum = b.add(lit, first);
        let sum = b.add(sum, stored);
        b.store(Place::global(out).dynamic(x), sum);
    });
    check(
        &k.m,
        expect![[r#"
            @group(0) @binding(0) 
            var<storage, read_write> outputBuffer: array<f32>;
            @group(0) @binding(1) 
            var shadowMap: texture_depth_2d;
            @group(0) @binding(2) 
            var cmp: sampler_comparison;

            @compute @workgroup_size(1, 1, 1) 
            fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
                let _e3 = vec2<f32>(0.5f, 0.5f);
                let _e7 = textureSampleCompareLevel(shadowMap, cmp, _e3, 0.25f);
                let _e10 = textureGatherCompare(shadowMap, cmp, _e3, 0.25f);
                let _e15 = textureLoad(shadowMap, vec2<i32>(0i, 0i), 0i);
                outputBuffer[tid.x] = ((_e7 + _e10.x) + _e15);
            }
        "#]],
    );
}

#[test]
fn half_texels_go_through_f32() {
    let mut k = module_with_output(|t| t.f32());
    let out = k.out;
    let half4 = k.m.types.vector(Scalar::F16, 4);
    let image = texture(
        &mut k.m,
        "image",
        half4,
        (TextureDim::D2, false),
        BufferAccess::ReadWrite,
        TexelFormat::Rgba16Float,
    );
    entry(&mut k.m, 1, |b, x| {
        let uvec2 = b.types().vector(Scalar::U32, 2);
        let at = b.construct(uvec2, vec![x, x]);
        let texel = tex(b, TextureOp::Load, image, vec![at]);
        let doubled = b.add(texel, texel);
        tex(b, TextureOp::Store, image, vec![at, doubled]);
        let first = b.extract(texel, 0);
        let first = b.convert(first, Scalar::F32);
        b.store(Place::global(out).dynamic(x), first);
    });
    // `half` needs the device's f16 feature.
    let options = codegen::Options {
        shader_f16: true,
        ..codegen::Options::wgsl()
    };
    let lowered = codegen::lower(&k.m, &options).unwrap_or_else(|e| panic!("{e}"));
    let text = codegen::to_wgsl(&lowered.module, &lowered.info).unwrap_or_else(|e| panic!("{e}"));
    expect![[r#"
        enable f16;
        @group(0) @binding(0) 
        var<storage, read_write> outputBuffer: array<f32>;
        @group(0) @binding(1) 
        var image: texture_storage_2d<rgba16float,read_write>;

        @compute @workgroup_size(1, 1, 1) 
        fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
            let _e2 = vec2<u32>(tid.x, tid.x);
            let _e4 = textureLoad(image, _e2);
            let _e5 = vec4<f16>(_e4);
            textureStore(image, _e2, vec4<f32>((_e5 + _e5)));
            outputBuffer[tid.x] = f32(_e5.x);
        }
    "#]]
    .assert_eq(&text);
    reparse(&text);
    check_spirv(&k.m);
}
