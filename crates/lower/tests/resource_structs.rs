//! Structs holding textures, samplers and buffers: split shader parameters, handles through
//! locals, parameters and methods (IR snapshots), and the forms that stay E4001.

mod common;

use expect_test::{Expect, expect};

fn lower(src: &str) -> Result<lower::Lowered, Vec<hir::Diagnostic>> {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    lower::lower_program_full(&db, file, &lower::LowerOptions::default())
}

fn check(src: &str, expected: Expect) {
    match lower(src) {
        Ok(lowered) => {
            let fields: String = lowered
                .resource_fields
                .iter()
                .map(|f| {
                    format!(
                        "// field {}.{} (positions {:?}) -> {}\n",
                        f.parameter,
                        f.path.join("."),
                        f.positions,
                        f.global
                    )
                })
                .collect();
            expected.assert_eq(&(fields + &ir::print_module(&lowered.module)));
        }
        Err(diags) => panic!("lowering failed: {diags:?}"),
    }
}

fn check_error(src: &str, expected: Expect) {
    match lower(src) {
        Ok(lowered) => panic!(
            "expected an error, got:\n{}",
            ir::print_module(&lowered.module)
        ),
        Err(diags) => {
            let text = common::located(src, &diags);
            expected.assert_eq(&text);
        }
    }
}

const MATERIAL: &str = r#"
struct Material { Texture2D<float4> albedo; SamplerState samp; float scale; };
struct Scene { Material mat; RWStructuredBuffer<float> out; };
"#;

#[test]
fn parameter_blocks_split_their_resource_fields() {
    check(
        &format!(
            "{MATERIAL}{}",
            r#"
ParameterBlock<Scene> gScene;
float4 fetch(Material m) { return m.albedo.SampleLevel(m.samp, float2(0.5, 0.5), 0) * m.scale; }
[numthreads(1, 1, 1)]
void computeMain() { gScene.out[0] = fetch(gScene.mat).x; }
"#
        ),
        expect![[r#"
            // field gScene.mat.albedo (positions [0, 0]) -> gScene_mat_albedo
            // field gScene.mat.samp (positions [0, 1]) -> gScene_mat_samp
            // field gScene.out (positions [1]) -> gScene_out
            struct Material {
              scale: float,
            }
            struct Scene {
              mat: Material,
            }
            global uniform gScene: Scene
            global texture2d(read, rgba32float) gScene_mat_albedo: float4
            global sampler gScene_mat_samp
            global buffer(read_write) gScene_out: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              %0: int = 0
              %1: Material = load @gScene.mat
              %2: float4 = call fetch(%1)
              %3: float = extract %2, 0
              store @gScene_out[%0], %3
            }

            fn fetch(m: Material) -> float4 {
              %0: float = 0.5
              %1: float = 0.5
              %2: float2 = construct %0, %1
              %3: int = 0
              %4: float = convert.float %3
              %5: float4 = texture_sample_level @gScene_mat_albedo @gScene_mat_samp (%2, %4)
              %6: float = load $m.scale
              %7: float4 = splat %6
              %8: float4 = mul %5, %7
              return %8
            }
        "#]],
    );
}

#[test]
fn locals_and_methods_carry_handles() {
    check(
        r#"
struct Surface { Texture2D<float> tex; float gain; float read(int2 p) { return tex.Load(int3(p, 0)) * gain; } };
Texture2D<float> gA;
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void computeMain()
{
    Surface s = { gA, 2.0 };
    Surface t;
    t = s;
    output[0] = t.read(int2(1, 1));
}
"#,
        expect![[r#"
            struct Surface {
              gain: float,
            }
            global texture2d(read, r32float) gA: float
            global buffer(read_write) output: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local s: Surface
              local t: Surface
              %0: float = 2.0
              %1: Surface = construct %0
              store $s, %1
              %2: Surface = load $s
              store $t, %2
              %3: int = 0
              %4: Surface = load $t
              %5: int = 1
              %6: int = 1
              %7: int2 = construct %5, %6
              %8: float = call Surface_read(%4, %7)
              store @output[%3], %8
            }

            fn Surface_read(this: Surface, p: int2) -> float {
              %0: int2 = load $p
              %1: int = 0
              %2: int3 = construct %0, %1
              %3: int2 = swizzle %2.xy
              %4: int = extract %2, 2
              %5: float = texture_load @gA (%3, %4)
              %6: float = load $this.gain
              %7: float = mul %5, %6
              return %7
            }
        "#]],
    );
}

#[test]
fn what_stays_unsupported() {
    let program = |decls: &str, body: &str| {
        format!(
            "{MATERIAL}Texture2D<float4> gA;\nTexture2D<float4> gB;\nSamplerState gS;\n\
             RWStructuredBuffer<float> output;\n{decls}\n[numthreads(1, 1, 1)]\n\
             void computeMain() {{ {body} }}\n"
        )
    };
    check_error(
        &program(
            "",
            "Material ms[2] = { { gA, gS, 1.0 }, { gB, gS, 2.0 } }; Material m = ms[int(output[0])]; output[1] = m.scale;",
        ),
        expect![
            "E4001 `m = ms[int(output[0])]`: cannot lower indexing an array of textures, samplers or buffers (or of structs holding them) with an index that is not a compile-time constant here (it is where a value is read through the element; a local, parameter or field cannot hold such an element) yet"
        ],
    );
    check_error(
        &program(
            "",
            "Material m = { gA, gS, 1.0 }; if (output[0] > 0) { m.albedo = gB; } output[0] = m.scale;",
        ),
        expect![
            "E4001 `m.albedo = gB`: cannot lower giving a texture, sampler or buffer (or a struct field of one) a second, different global: which one it names could then depend on control flow, and WGSL has no resource variables to hold the choice yet"
        ],
    );
    check_error(
        &program(
            "",
            "Material a = { gA, gS, 1.0 }; Material b = { gB, gS, 2.0 }; Material c = output[0] > 0 ? a : b; output[1] = c.scale;",
        ),
        expect![
            "E4001 `c = output[0] > 0 ? a : b`: cannot lower choosing between textures, samplers or buffers (or structs holding them) with `?:` here (it is where a value is read through the choice; a local, parameter or field cannot hold it: WGSL has no resource variables) yet"
        ],
    );
    check_error(
        &program(
            "interface IScale { float get(); }\nstruct Scaled : IScale { Texture2D<float4> tex; float get() { return tex.Load(int3(0, 0, 0)).x; } };\nfloat run(IScale s) { return s.get(); }",
            "Scaled t; t.tex = gA; output[0] = run(t);",
        ),
        expect![
            "E4001 `t`: cannot lower an interface-typed value made from `Scaled`, which holds textures, samplers or buffers (dynamic dispatch carries data only; a generic parameter `<S : IFace>` keeps the concrete type) yet"
        ],
    );
    check_error(
        &program("static Material gStatic;", "output[0] = gStatic.scale;"),
        expect![
            "E4001 `gStatic`: cannot lower a global that is not a shader parameter of type `Material`, which holds textures, samplers or buffers (only shader parameters, locals and function parameters can) yet"
        ],
    );
}

#[test]
fn arrays_of_resources_are_one_global_per_element() {
    check(
        r#"
struct Material { Texture2D<float4> albedo; float scale; };
struct Scene { Material mats[2]; Texture2D<float4> layers[2]; };
ParameterBlock<Scene> gScene;
Texture2D<float4> gTex[2];
RWStructuredBuffer<float> output;
float first(Texture2D<float4> texs[2]) { return texs[0].Load(int3(0, 0, 0)).x; }
[numthreads(1, 1, 1)]
void computeMain()
{
    int k = int(output[0]);
    output[1] = gScene.mats[1].albedo.Load(int3(0, 0, 0)).x * gScene.mats[k].scale;
    output[2] = gScene.layers[k].Load(int3(0, 0, 0)).x + first(gTex);
}
"#,
        expect![[r#"
            // field gScene.mats.0.albedo (positions [0, 0, 0]) -> gScene_mats_0_albedo
            // field gScene.mats.1.albedo (positions [0, 1, 0]) -> gScene_mats_1_albedo
            // field gScene.layers.0 (positions [1, 0]) -> gScene_layers_0
            // field gScene.layers.1 (positions [1, 1]) -> gScene_layers_1
            // field gTex.0 (positions [0]) -> gTex_0
            // field gTex.1 (positions [1]) -> gTex_1
            struct Material {
              scale: float,
            }
            struct Scene {
              mats: Material[2],
            }
            global uniform gScene: Scene
            global texture2d(read, rgba32float) gScene_mats_0_albedo: float4
            global texture2d(read, rgba32float) gScene_mats_1_albedo: float4
            global texture2d(read, rgba32float) gScene_layers_0: float4
            global texture2d(read, rgba32float) gScene_layers_1: float4
            global const gTex: uint = 0u
            global texture2d(read, rgba32float) gTex_0: float4
            global texture2d(read, rgba32float) gTex_1: float4
            global buffer(read_write) output: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local k: int
              local choice: float4
              %0: int = 0
              %1: float = load @output[%0]
              %2: int = convert.int %1
              store $k, %2
              %3: int = 1
              %4: int = 1
              %5: int = 0
              %6: int = 0
              %7: int = 0
              %8: int3 = construct %5, %6, %7
              %9: int2 = swizzle %8.xy
              %10: int = extract %8, 2
              %11: float4 = texture_load @gScene_mats_1_albedo (%9, %10)
              %12: float = extract %11, 0
              %13: int = load $k
              %14: float = load @gScene.mats[%13].scale
              %15: float = mul %12, %14
              store @output[%3], %15
              %16: int = 2
              %18: int = load $k
              %33: int = 0
              %34: bool = eq %18, %33
              if %34 {
                %19: int = 0
                %20: int = 0
                %21: int = 0
                %22: int3 = construct %19, %20, %21
                %23: int2 = swizzle %22.xy
                %24: int = extract %22, 2
                %25: float4 = texture_load @gScene_layers_0 (%23, %24)
                store $choice, %25
              } else {
                %26: int = 0
                %27: int = 0
                %28: int = 0
                %29: int3 = construct %26, %27, %28
                %30: int2 = swizzle %29.xy
                %31: int = extract %29, 2
                %32: float4 = texture_load @gScene_layers_1 (%30, %31)
                store $choice, %32
              }
              %35: float4 = load $choice
              %36: float = extract %35, 0
              %37: float = call first()
              %38: float = add %36, %37
              store @output[%16], %38
            }

            fn first() -> float {
              %0: int = 0
              %1: int = 0
              %2: int = 0
              %3: int = 0
              %4: int3 = construct %1, %2, %3
              %5: int2 = swizzle %4.xy
              %6: int = extract %4, 2
              %7: float4 = texture_load @gTex_0 (%5, %6)
              %8: float = extract %7, 0
              return %8
            }
        "#]],
    );
}

#[test]
fn a_choice_read_through_is_an_if_over_both_branches() {
    check(
        r#"
struct Surface { Texture2D<float4> tex; float gain; };
Texture2D<float4> gA;
Texture2D<float4> gB;
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void computeMain()
{
    Surface a = { gA, 2.0 };
    Surface b = { gB, 3.0 };
    output[0] = (output[1] > 0.0 ? a : b).tex.Load(int3(0, 0, 0)).x;
}
"#,
        expect![[r#"
            struct Surface {
              gain: float,
            }
            global texture2d(read, rgba32float) gA: float4
            global texture2d(read, rgba32float) gB: float4
            global buffer(read_write) output: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local a: Surface
              local b: Surface
              local choice: float4
              %0: float = 2.0
              %1: Surface = construct %0
              store $a, %1
              %2: float = 3.0
              %3: Surface = construct %2
              store $b, %3
              %4: int = 0
              %5: int = 1
              %6: float = load @output[%5]
              %7: float = 0.0
              %8: bool = gt %6, %7
              %9: int = 0
              %10: int = 1
              %11: int = select %8, %9, %10
              %26: int = 0
              %27: bool = eq %11, %26
              if %27 {
                %12: int = 0
                %13: int = 0
                %14: int = 0
                %15: int3 = construct %12, %13, %14
                %16: int2 = swizzle %15.xy
                %17: int = extract %15, 2
                %18: float4 = texture_load @gA (%16, %17)
                store $choice, %18
              } else {
                %19: int = 0
                %20: int = 0
                %21: int = 0
                %22: int3 = construct %19, %20, %21
                %23: int2 = swizzle %22.xy
                %24: int = extract %22, 2
                %25: float4 = texture_load @gB (%23, %24)
                store $choice, %25
              }
              %28: float4 = load $choice
              %29: float = extract %28, 0
              store @output[%4], %29
            }
        "#]],
    );
}
