//! Textures, samplers and buffers handed back by functions: the callee is lowered first, and
//! the call's value and its `out`/`inout` arguments name the globals it gives.

use expect_test::{Expect, expect};

mod common;
use common::{check, lower};

fn check_error(src: &str, expected: Expect) {
    match lower(src) {
        Ok(module) => panic!("expected an error, got:\n{}", ir::print_module(&module)),
        Err(diags) => {
            let text: Vec<String> = diags
                .iter()
                .map(|d| format!("{} {}", d.code, d.message))
                .collect();
            expected.assert_eq(&text.join("\n"));
        }
    }
}

#[test]
fn returned_and_out_buffers_name_the_callees_globals() {
    check(
        r#"
RWStructuredBuffer<int> gA;
RWStructuredBuffer<int> gB;
RWStructuredBuffer<int> outputBuffer;
RWStructuredBuffer<int> second() { return gB; }
void first(out RWStructuredBuffer<int> b) { b = gA; }
void swap(inout RWStructuredBuffer<int> x, inout RWStructuredBuffer<int> y)
{
    RWStructuredBuffer<int> t = x;
    x = y;
    y = t;
}
[numthreads(1, 1, 1)]
void computeMain()
{
    RWStructuredBuffer<int> b;
    first(b);
    RWStructuredBuffer<int> c = gB;
    swap(b, c);
    outputBuffer[0] = second()[1] + b[0] + c[0];
}
"#,
        expect![[r#"
            global buffer(read_write) gA: int
            global buffer(read_write) gB: int
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              %0: void = call first()
              %1: void = call swap()
              %2: int = 0
              %3: void = call second()
              %4: int = 1
              %5: int = load @gB[%4]
              %6: int = 0
              %7: int = load @gB[%6]
              %8: int = add %5, %7
              %9: int = 0
              %10: int = load @gA[%9]
              %11: int = add %8, %10
              store @outputBuffer[%2], %11
            }

            fn first() -> void {
            }

            fn swap() -> void {
            }

            fn second() -> void {
              return
            }
        "#]],
    );
}

#[test]
fn structs_holding_textures_come_back_from_returns_and_out_parameters() {
    check(
        r#"
struct Material { Texture2D<float4> albedo; SamplerState samp; float scale; };
Texture2D<float4> gA;
SamplerState gS;
RWStructuredBuffer<float> output;
Material make() { Material m = { gA, gS, 2.0 }; return m; }
void fill(out Material m) { m.albedo = gA; m.samp = gS; m.scale = 1.0; }
[numthreads(1, 1, 1)]
void computeMain()
{
    Material a = make();
    Material b;
    fill(b);
    output[0] = a.scale * a.albedo.Load(int3(0, 0, 0)).x + b.albedo.Load(int3(0, 0, 0)).y;
}
"#,
        expect![[r#"
            struct Material {
              scale: float,
            }
            global texture2d(read, rgba32float) gA: float4
            global sampler gS
            global buffer(read_write) output: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local a: Material
              local b: Material
              %0: Material = call make()
              store $a, %0
              %1: void = call fill(out $b)
              %2: int = 0
              %3: float = load $a.scale
              %4: int = 0
              %5: int = 0
              %6: int = 0
              %7: int3 = construct %4, %5, %6
              %8: int2 = swizzle %7.xy
              %9: int = extract %7, 2
              %10: float4 = texture_load @gA (%8, %9)
              %11: float = extract %10, 0
              %12: float = mul %3, %11
              %13: int = 0
              %14: int = 0
              %15: int = 0
              %16: int3 = construct %13, %14, %15
              %17: int2 = swizzle %16.xy
              %18: int = extract %16, 2
              %19: float4 = texture_load @gA (%17, %18)
              %20: float = extract %19, 1
              %21: float = add %12, %20
              store @output[%2], %21
            }

            fn make() -> Material {
              local m: Material
              %0: float = 2.0
              %1: Material = construct %0
              store $m, %1
              %2: Material = load $m
              return %2
            }

            fn fill(out m: Material) -> void {
              %0: float = 1.0
              store $m.scale, %0
            }
        "#]],
    );
}

#[test]
fn returning_different_buffers_on_different_paths_is_refused() {
    check_error(
        r#"
RWStructuredBuffer<int> gA;
RWStructuredBuffer<int> gB;
RWStructuredBuffer<int> outputBuffer;
RWStructuredBuffer<int> pick(int n) { if (n > 0) return gA; return gB; }
[numthreads(1, 1, 1)]
void computeMain() { outputBuffer[0] = pick(1)[0]; }
"#,
        expect![
            "E4104 a function returning different textures, samplers or buffers (or structs holding different ones) on different paths cannot be compiled for WGSL or SPIR-V: which one it returns would depend on control flow, and these targets have no resource values; return one global, or pass the choice as a value and branch where the resource is used"
        ],
    );
}
