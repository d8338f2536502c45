//! The editor on the core module's wider surface: hover, completion and go-to-definition on
//! library declarations that Slang programs use (wave masks, tensors, builtin statics, pointers),
//! and a Playground program that imports `printing`.

use expect_test::expect;

use super::{check_completion, check_definition, check_diagnostics, check_hover};

#[test]
fn hover_on_a_wave_mask_intrinsic() {
    check_hover(
        r#"
[numthreads(32, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID)
{
    WaveMask mask = WaveGetActiveMask();
    float total = WaveMask$0Sum(mask, float(id.x));
}
"#,
        expect![[r#"
            [WaveMaskSum]
            ```slang
            T WaveMaskSum<T>(uint mask, T value)
            ```
        "#]],
    );
}

#[test]
fn definition_of_a_wave_mask_intrinsic_is_in_the_library() {
    check_definition(
        r#"
void f() { WaveMask m = WaveGet$0ActiveMask(); }
"#,
        expect![[r#"
            stdlib/wave.slang 18:10 `WaveGetActiveMask` stdlib=true
        "#]],
    );
}

#[test]
fn hover_on_a_builtin_static_member() {
    check_hover(
        r#"
float area(float r) { return float.get$0Pi() * r * r; }
"#,
        expect![[r#"
            [getPi]
            ```slang
            static float getPi()
            ```
        "#]],
    );
}

#[test]
fn completion_on_tensor_view_members() {
    check_completion(
        r#"
float first(TensorView<float> t) { return t.$0 }
"#,
        expect![[r#"
            Method load : float load(uint i0)
            Method store : void store(uint i0, float value)
            Method dims : uint dims()
            Method size : uint size(uint i)
            Method stride : uint stride(uint i)
        "#]],
    );
}

#[test]
fn a_playground_program_importing_printing_checks_clean() {
    check_diagnostics(
        r#"
import playground;
import printing;

[playground::ZEROS(4)]
RWStructuredBuffer<float> values;

[shader("compute")]
[numthreads(4, 1, 1)]
[playground::CALL(4, 1, 1)]
void printMain(uint3 id : SV_DispatchThreadID)
{
    values[id.x] = float.getPi() * float(id.x);
    printf("value %d is %f\n", id.x, values[id.x]);
}
"#,
        expect![[r#""#]],
    );
}
