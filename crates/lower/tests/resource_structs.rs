//! Structs holding textures, samplers and buffers: split shader parameters, handles through
//! locals, parameters and methods (IR snapshots), and the forms that stay E4001.

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
            let text: Vec<String> = diags
                .iter()
                .map(|d| {
                    format!(
                        "{} `{}`: {}",
                        d.code,
                        &src[d.range.start as usize..d.range.end as usize],
                        d.message
                    )
                })
                .collect();
            expected.assert_eq(&text.join("\n"));
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
        &program("", "Material ms[2]; output[0] = ms[0].scale;"),
        expect![
            "E4001 `ms[2]`: cannot lower the array type `Material[2]`: arrays of structs holding textures, samplers or buffers (each element would need its own globals) yet"
        ],
    );
    check_error(
        &program(
            "",
            "Material m = { gA, gS, 1.0 }; m.albedo = gB; output[0] = m.scale;",
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
            "E4001 `c = output[0] > 0 ? a : b`: cannot lower choosing a texture, sampler or buffer (or a struct holding them) with `?:`: WGSL has no resource variables to hold the choice yet"
        ],
    );
    check_error(
        &program(
            "Material make() { Material m = { gA, gS, 1.0 }; return m; }",
            "Material m = make(); output[0] = m.scale;",
        ),
        expect![
            "E4001 `m = make()`: cannot lower a call returning a texture, sampler or buffer, or a struct holding them (each resource must name a global where it is used) yet"
        ],
    );
    check_error(
        &program(
            "void fill(out Material m) { m.albedo = gA; m.samp = gS; m.scale = 1.0; }",
            "Material m; fill(m); output[0] = m.scale;",
        ),
        expect![
            "E4001 `m.albedo = gA`: cannot lower giving a texture, sampler or buffer field of an `out`/`inout` parameter or of `this` a global inside the function (the caller cannot see it): assign it before the call yet"
        ],
    );
    check_error(
        r#"
struct Lit : IDifferentiable { Texture2D<float4> tex; SamplerState samp; float k; };
Texture2D<float4> gTex;
SamplerState gS;
RWStructuredBuffer<float> output;
[Differentiable] float f(Lit l, float x) { return x * l.k * (no_diff l.tex.SampleLevel(l.samp, float2(0.5, 0.5), 0)).x; }
[numthreads(1, 1, 1)]
void computeMain() { Lit l = { gTex, gS, 2.0 }; var dl = diffPair(l); var dx = diffPair(3.0); bwd_diff(f)(dl, dx, 1.0); output[0] = dx.d; }
"#,
        expect![
            "E4001 `bwd_diff(f)`: cannot lower a `DifferentialPair` of a struct holding textures, samplers or buffers (its resources would travel inside the pair): pass the struct as a non-differentiable parameter and read its textures with `no_diff` yet"
        ],
    );
    check_error(
        &program("static Material gStatic;", "output[0] = gStatic.scale;"),
        expect![
            "E4001 `gStatic`: cannot lower a global that is not a shader parameter of type `Material`, which holds textures, samplers or buffers (only shader parameters, locals and function parameters can) yet"
        ],
    );
}
