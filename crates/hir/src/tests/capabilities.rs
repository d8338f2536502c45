//! The capability rules of `capability/` (slangc's codes E361xx) and the `where A == B` clauses
//! of generic types written with arguments: each rule's error, and the valid forms next to it
//! that must stay clean.

use expect_test::expect;

use super::check_diags;

#[test]
fn require_atoms_on_no_common_target() {
    check_diags(
        r#"
[require(glsl, _sm_4_0)]
void glslWithShaderModel() {}
[require(spirv, spvDeviceGroup)]
void spirvExtension() {}
[require(hlsl, sm_6_0)]
void hlslModel() {}
[require(glsl_hlsl_metal_spirv)]
void compound() {}
"#,
        expect![[r#"
            2:1 error[E2226] 'require' resolves into a disallowed capability: one `require` asks for all of its atoms together, and `glsl` + `_sm_4_0` exist on no common target; write one `[require(...)]` per target
        "#]],
    );
}

#[test]
fn shader_stage_names_one_stage() {
    check_diags(
        r#"
[shader("compute_fragment")]
void twoStages() {}
[shader("raytracing_stages")]
void rayStages() {}
[shader("pixel")]
float4 onePixel() : SV_Target { return float4(0.0); }
[shader("compute")]
[numthreads(1, 1, 1)]
void oneCompute() {}
"#,
        expect![[r#"
            2:1 error[E36116] capability targets multiple stages: capability 'compute_fragment' is targeting stages 'fragment + compute', only allowed to use 1 unique stage here; name one stage in `[shader(...)]` and declare one entry point per stage
            4:1 error[E36116] capability targets multiple stages: capability 'raytracing_stages' is targeting stages 'raygen + intersection + anyhit + closesthit + miss + callable', only allowed to use 1 unique stage here; name one stage in `[shader(...)]` and declare one entry point per stage
        "#]],
    );
}

#[test]
fn target_switch_cases_of_one_target_nest() {
    check_diags(
        r#"
int unrelatedExtensions()
{
    __target_switch
    {
    case spvDeviceGroup: return 1;
    case spvBindlessTextureNV: return 2;
    }
}
int orderedVersions()
{
    __target_switch
    {
    case spirv_1_0: return 1;
    case spirv_1_3: return 2;
    case _sm_5_0: return 3;
    case _sm_6_0: return 4;
    case _GLSL_150: return 5;
    case _GLSL_450: return 6;
    default: return 0;
    }
}
int targetAndItsExtension()
{
    __target_switch
    {
    case spirv: return 1;
    case spvGroupNonUniform: return 3;
    case spvGroupNonUniformBallot: return 4;
    case wgsl: return 5;
    }
}
"#,
        expect![[r#"
            7:10 error[E36120] capability cases conflict in target_switch: the capability for case 'spvBindlessTextureNV' conflicts with the previous case 'spvDeviceGroup': both belong to target 'spirv', and in a target_switch, of two cases that belong to the same target, one capability set has to be a subset of the other
        "#]],
    );
}

#[test]
fn declared_requirements_cover_the_body() {
    check_diags(
        r#"
[require(hlsl, sm_6_0)]
void needsModel6() {}
[require(hlsl)]
void declaresLess() { needsModel6(); }
[require(hlsl, sm_6_5)]
void declaresMore() { needsModel6(); }
void glslOnly()
{
    __target_switch
    {
    case glsl: return;
    }
}
void inferred() { glslOnly(); }
[require(spirv, spirv_1_0)]
void wrongTarget() { inferred(); }
[require(glsl)]
void rightTarget() { inferred(); }
void undeclared() { needsModel6(); glslOnly(); }
"#,
        expect![[r#"
            5:6 error[E36104] undeclared capability used: 'declaresLess' uses undeclared capability 'sm_6_0': add it to the function's `[require(hlsl)]`, or require it from the caller instead
            17:6 error[E36108] dependencies not compatible on target: 'wrongTarget' has dependencies that are not compatible on the required compilation target 'spirv': what it uses exists only on `glsl`
        "#]],
    );
}

#[test]
fn interface_requirement_and_implementation_share_targets() {
    check_diags(
        r#"
interface IBoth
{
    [require(sm_5_0, glsl)]
    [require(sm_5_0, hlsl)]
    void run(int x);
}
struct MissingHlsl : IBoth
{
    [require(sm_5_0, glsl)]
    void run(int x) {}
}
interface IGlsl
{
    [require(sm_5_0, glsl)]
    void run(int x);
}
struct ExtraHlsl : IGlsl
{
    [require(sm_5_0, glsl)]
    [require(sm_5_0, hlsl)]
    void run(int x) {}
}
struct Same : IBoth
{
    [require(glsl)]
    [require(hlsl)]
    void run(int x) {}
}
struct Inferred : IGlsl
{
    void run(int x) {}
}
"#,
        expect![[r#"
            11:10 error[E36119] requirement missing target/stage support: requirement 'run' must have the same target/stage support as the implementation; 'run' is missing 'hlsl': add a `[require(...)]` for it to the implementation
            22:10 error[E36108] dependencies not compatible on target: 'run' has dependencies that are not compatible on the required compilation target 'hlsl' (the interface's requirement does not exist there)
        "#]],
    );
}

#[test]
fn where_equality_of_generic_types_and_calls() {
    check_diags(
        r#"
struct Box<T> where T : IDifferentiable where T.Differential == T
{
    T v;
}
T keep<T : IDifferentiable>(T x) where T.Differential == T { return x; }
struct OwnDifferential : IDifferentiable { float a; }
struct NewDifferential : IDifferentiable { float a; int k; }
void use()
{
    Box<OwnDifferential> fine;
    Box<float3> alsoFine;
    Box<NewDifferential> broken;
    OwnDifferential o = {};
    NewDifferential n = {};
    OwnDifferential a = keep(o);
    NewDifferential b = keep(n);
    float c = keep(1.0f);
}
"#,
        expect![[r#"
            13:5 error[E38029] type argument 'NewDifferential.Differential' does not conform to the required interface 'NewDifferential': `Box` requires the two types to be the same (`where` clause of the generic)
            17:25 error[E2278] type argument 'NewDifferential' does not conform to the required interface 'NewDifferential.Differential': 'keep' requires the two types to be the same
        "#]],
    );
}
