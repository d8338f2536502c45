use std::fmt::Write;

use expect_test::{Expect, expect};
use test_format::{InputKind, TestFile, parse_data_literal, parse_test_file};

/// A compact, line-per-item rendering of what the parser understood.
fn summarize(file: &TestFile) -> String {
    let mut out = String::new();
    for t in &file.tests {
        writeln!(
            out,
            "test line {}: {:?} {} categories={:?} args={:?} dispatch={:?} typed={} defines={:?}{}{}{}",
            t.line,
            t.kind,
            t.command,
            t.categories,
            t.command_args,
            t.dispatch,
            t.output_using_type,
            t.defines,
            t.api().map(|a| format!(" api={a}")).unwrap_or_default(),
            t.entry
                .as_ref()
                .map(|e| format!(" entry={e}"))
                .unwrap_or_default(),
            t.skip_reason()
                .map(|r| format!("\n  skip: {r}"))
                .unwrap_or_default(),
        )
        .unwrap();
    }
    for input in &file.inputs {
        let kind = match &input.kind {
            InputKind::Buffer(b) => format!(
                "{:?} data={:08X?} stride={} count={:?} bytes={}{}",
                b.kind,
                b.data,
                b.stride,
                b.count,
                b.byte_size(),
                b.object_type
                    .as_ref()
                    .map(|t| format!(" object={t}"))
                    .unwrap_or_default()
            ),
            InputKind::TypeConformance(c) => {
                format!("conformance {}:{} = {}", c.type_name, c.interface, c.id)
            }
            InputKind::Texture(t) => format!("texture {t:?}"),
            InputKind::Sampler(s) => format!("sampler {s:?}"),
            InputKind::Unsupported { text } => format!("unsupported `{text}`"),
        };
        writeln!(
            out,
            "input line {}: name={:?} out={} {kind}",
            input.line, input.name, input.out
        )
        .unwrap();
    }
    if let Some(d) = &file.diagnostics {
        writeln!(out, "diagnostics exhaustive={}", d.exhaustive).unwrap();
        for e in &d.located {
            writeln!(
                out,
                "  at {}:{} width {} (check line {}): {:?}",
                e.line, e.column, e.width, e.check_line, e.message
            )
            .unwrap();
        }
        for r in &d.required {
            writeln!(
                out,
                "  required (check line {}): {:?}",
                r.check_line, r.text
            )
            .unwrap();
        }
    }
    for e in &file.errors {
        writeln!(out, "error line {}: {}", e.line, e.message).unwrap();
    }
    if file.ignore_file {
        writeln!(out, "ignore file").unwrap();
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&summarize(&parse_test_file(text)));
}

#[test]
fn compute_test_with_inputs() {
    check(
        r#"//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -shaderobj -output-using-type
//TEST(compute, vulkan):COMPARE_COMPUTE_EX:-vk -compute -compute-dispatch 4,2,1 -xslang -DSIZE=8 -xslang -DFAST
//DISABLE_TEST(compute):COMPARE_COMPUTE:-cpu
//TEST_DISABLED(compute):COMPARE_COMPUTE:-cuda
//TEST_INPUT:ubuffer(data=[0 0 0 0 0], stride=4):out,name=outputBuffer
//TEST_INPUT:ubuffer(data=[1.0 2.5 3 -4 0x3F800000], stride=4, count=8):name=inputBuffer
//TEST_INPUT: set other = out ubuffer(data=[7 8], stride=8)
//TEST_INPUT:cbuffer(data=[1 2 3 4]):name Uniforms
//TEST_INPUT:ubuffer(data=[9]):out
//TEST_INPUT:ubuffer(data=[1 2], stride=4):dxbinding(1),glbinding(1),out
//TEST_INPUT: type_conformance Circle:IShape = 3
//TEST_INPUT: type_conformance Square:IShape = 4;
//TEST_INPUT:Texture2D(size=4, content = one):name t
RWStructuredBuffer<float> outputBuffer;
"#,
        expect![[r#"
            test line 1: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=true defines=[]
            test line 2: Compute COMPARE_COMPUTE_EX categories=["compute", "vulkan"] args=[] dispatch=[4, 2, 1] typed=false defines=[("SIZE", "8"), ("FAST", "1")] api=vk
            test line 3: Compute COMPARE_COMPUTE categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[] api=cpu
              skip: disabled (//DISABLE_TEST)
            test line 4: Compute COMPARE_COMPUTE categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[] api=cuda
              skip: disabled (//DISABLE_TEST)
            input line 5: name=Some("outputBuffer") out=true Storage data=[00000000, 00000000, 00000000, 00000000, 00000000] stride=4 count=None bytes=20
            input line 6: name=Some("inputBuffer") out=false Storage data=[3F800000, 40200000, 00000003, FFFFFFFC, 3F800000] stride=4 count=Some(8) bytes=32
            input line 7: name=Some("other") out=true Storage data=[00000007, 00000008] stride=8 count=None bytes=8
            input line 8: name=Some("Uniforms") out=false Uniform data=[00000001, 00000002, 00000003, 00000004] stride=4 count=None bytes=16
            input line 9: name=None out=true Storage data=[00000009] stride=4 count=None bytes=4
            input line 10: name=None out=true Storage data=[00000001, 00000002] stride=4 count=None bytes=8
            input line 11: name=None out=false conformance Circle:IShape = 3
            input line 12: name=None out=false conformance Square:IShape = 4
            input line 13: name=Some("t") out=false texture TextureInput { dim: D2, storage: false, width: 4, height: 4, depth: 1, array_length: None, mip_maps: None, content: One, format: None }
        "#]],
    );
}

#[test]
fn filecheck_and_other_commands() {
    check(
        r#"//TEST(compute):COMPARE_COMPUTE_EX(filecheck-buffer=CHECK):-slang -compute -output-using-type
//TEST:SIMPLE(filecheck=SPIRV): -target spirv -entry main
//TEST:COMPARE_COMPUTE(filecheck-buffer=BUF): -compute-dispatch 16 -D N=3
// CHECK: type: float
"#,
        expect![[r#"
            test line 1: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[("filecheck-buffer", "CHECK")] dispatch=[1, 1, 1] typed=true defines=[]
            test line 2: Other("SIMPLE") SIMPLE categories=[] args=[("filecheck", "SPIRV")] dispatch=[1, 1, 1] typed=false defines=[] entry=main
              skip: SIMPLE(filecheck=...) checks slangc's output for -target spirv; dslang generates different code
            test line 3: Compute COMPARE_COMPUTE categories=[] args=[("filecheck-buffer", "BUF")] dispatch=[16, 1, 1] typed=false defines=[("N", "3")]
        "#]],
    );
}

#[test]
fn diagnostic_test() {
    check(
        r#"//DIAGNOSTIC_TEST:SIMPLE(diag=CHECK): -target wgsl
float g(float x) { return 2 * x; }
[Differentiable]
float f(float x) { return g(x); }
//CHECK:                  ^ derivative cannot be propagated through call
//CHECK:                  ^^^^ second error on the same line
  int y = undefined;
//CHECK:  ^^^^^^^^ undefined identifier
//CHECK: E55201
"#,
        expect![[r#"
            test line 1: Diagnostic SIMPLE categories=[] args=[("diag", "CHECK")] dispatch=[1, 1, 1] typed=false defines=[]
            diagnostics exhaustive=true
              at 4:27 width 1 (check line 5): "derivative cannot be propagated through call"
              at 4:27 width 4 (check line 6): "second error on the same line"
              at 7:11 width 8 (check line 8): "undefined identifier"
              required (check line 9): "E55201"
        "#]],
    );
}

#[test]
fn non_exhaustive_diagnostic_test_with_custom_prefix() {
    check(
        r#"//DIAGNOSTIC_TEST:SIMPLE(diag=DIAG, non-exhaustive):
//DIAG: ^ annotates the directive line
int x = y;
//DIAG:    ^ here
"#,
        expect![[r#"
            test line 1: Diagnostic SIMPLE categories=[] args=[("diag", "DIAG"), ("non-exhaustive", "")] dispatch=[1, 1, 1] typed=false defines=[]
            diagnostics exhaustive=false
              at 1:9 width 1 (check line 2): "annotates the directive line"
              at 3:12 width 1 (check line 4): "here"
        "#]],
    );
}

#[test]
fn errors_carry_line_numbers() {
    check(
        r#"//TEST(compute:COMPARE_COMPUTE:
//TEST(compute):COMPARE_COMPUTE: -compute-dispatch 4,x
//TEST(compute):COMPARE_COMPUTE: -compute-dispatch
//TEST:
//TEST_INPUT:ubuffer(data=[1 two 3], stride=4):out,name=a
//TEST_INPUT:ubuffer(data=[1], stride=0):name=b
//TEST_INPUT:ubuffer(data=[1], stride=4):bogus
//TEST_INPUT: set x ubuffer(data=[1])
//TEST_INPUT:ubuffer(data=[99999999999]):name=c
//TEST_INPUT: type_conformance A = 1
//TEST_INPUT:ubuffer(data=1 2):name=d
//TEST(compute):COMPARE_COMPUTE: -D1BAD=2
"#,
        expect![[r#"
            error line 1: `(` after TEST is never closed
            error line 2: `-compute-dispatch 4,x`: `x` is not a count
            error line 3: `-compute-dispatch` needs a value
            error line 4: missing test command (for example COMPARE_COMPUTE_EX)
            error line 5: `two` is not a number
            error line 6: `stride=0`: expected a positive byte count
            error line 7: unknown TEST_INPUT attribute `bogus`
            error line 8: `set x ubuffer(data = ...`: `x ubuffer(data` is not a name
            error line 9: `99999999999` does not fit in 32 bits
            error line 10: `type_conformance A = 1`: expected `Type:Interface = id`
            error line 11: `data=1 2`: expected [v0 v1 ...]
            error line 12: `-D1BAD=2`: bad macro name
        "#]],
    );
}

#[test]
fn data_literals() {
    let words: Vec<String> = [
        "1",
        "-1",
        "0",
        "1.0",
        "-2.5",
        "1e3",
        ".5",
        "2.f",
        "0x3F800000",
        "0XFF",
        "-0x1",
        "4294967295",
        "2147483648",
        "inf",
        "1.0.0",
        "",
        "0x",
        "abc",
    ]
    .iter()
    .map(|w| match parse_data_literal(w) {
        Ok(bits) => format!("{w:?} -> {bits:08X}"),
        Err(e) => format!("{w:?} -> error: {e}"),
    })
    .collect();
    expect![[r#"
        "1" -> 00000001
        "-1" -> FFFFFFFF
        "0" -> 00000000
        "1.0" -> 3F800000
        "-2.5" -> C0200000
        "1e3" -> 447A0000
        ".5" -> 3F000000
        "2.f" -> 40000000
        "0x3F800000" -> 3F800000
        "0XFF" -> 000000FF
        "-0x1" -> FFFFFFFF
        "4294967295" -> FFFFFFFF
        "2147483648" -> 80000000
        "inf" -> error: `inf` is not a number
        "1.0.0" -> error: `1.0.0` is not a number
        "" -> error: `` is not a number
        "0x" -> error: `0x` is not a number
        "abc" -> error: `abc` is not a number"#]]
    .assert_eq(&words.join("\n"));
}

#[test]
fn initial_bytes_fill_to_count_times_stride() {
    let file = parse_test_file("//TEST_INPUT:ubuffer(data=[1 2], stride=8, count=2):out,name=o\n");
    let (_, buffer) = file.buffers().next().expect("one buffer");
    expect!["[1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"]
        .assert_eq(&format!("{:?}", buffer.initial_bytes()));
}

#[test]
fn several_test_lines_with_api_flags_and_commands() {
    check(
        r#"//TEST(smoke,compute):COMPARE_COMPUTE:
//TEST(compute, vulkan):COMPARE_COMPUTE_EX:-vk -compute -shaderobj -output-using-type -profile cs_6_0 -entry mainCS -stage compute
//TEST(compute):COMPARE_COMPUTE_EX:-wgpu -compute -compile-arg -DN=3 -xslang -D -xslang M=4 -render-feature hardware-device
//TEST(compute):COMPARE_COMPUTE_EX:-cpu -compute -output-using-type
//TEST(compute):COMPARE_COMPUTE_EX:-cuda -compute
//TEST(compute):COMPARE_COMPUTE_EX:-dx12 -use-dxil -compute
//TEST(compute):COMPARE_COMPUTE_EX:-slang -hlsl -compute
//TEST:SIMPLE(filecheck=CHECK): -target hlsl -stage compute -entry computeMain
//TEST:SIMPLE:-target spirv
//TEST:CROSS_COMPILE:-target spirv-assembly -entry main -stage compute
//TEST:INTERPRET(filecheck=CHECK):
//TEST:REFLECTION:-stage compute -entry main -target hlsl
//TEST(compute):COMPARE_RENDER_COMPUTE: -shaderobj
//TEST(compute, vulkan):COMPARE_COMPUTE_EX:-vk -compute -render-features half,ray-query
//DISABLE_TEST(compute):COMPARE_COMPUTE:-vk
//DISABLE_TEST: this is not a test line at all
"#,
        expect![[r#"
            test line 1: Compute COMPARE_COMPUTE categories=["smoke", "compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[]
            test line 2: Compute COMPARE_COMPUTE_EX categories=["compute", "vulkan"] args=[] dispatch=[1, 1, 1] typed=true defines=[] api=vk entry=mainCS
            test line 3: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[("N", "3"), ("M", "4")] api=wgpu
            test line 4: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=true defines=[] api=cpu
            test line 5: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[] api=cuda
            test line 6: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[] api=dx12
            test line 7: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[]
              skip: `-hlsl`: the shader is compiled as native code without Slang
            test line 8: Other("SIMPLE") SIMPLE categories=[] args=[("filecheck", "CHECK")] dispatch=[1, 1, 1] typed=false defines=[] entry=computeMain
              skip: SIMPLE(filecheck=...) checks slangc's output for -target hlsl; dslang generates different code
            test line 9: Other("SIMPLE") SIMPLE categories=[] args=[] dispatch=[1, 1, 1] typed=false defines=[]
              skip: SIMPLE compares slangc's console output with an expected file
            test line 10: Other("CROSS_COMPILE") CROSS_COMPILE categories=[] args=[] dispatch=[1, 1, 1] typed=false defines=[] entry=main
              skip: CROSS_COMPILE compares slangc's generated code with another compiler's
            test line 11: Other("INTERPRET") INTERPRET categories=[] args=[("filecheck", "CHECK")] dispatch=[1, 1, 1] typed=false defines=[]
              skip: INTERPRET runs Slang's bytecode interpreter
            test line 12: Other("REFLECTION") REFLECTION categories=[] args=[] dispatch=[1, 1, 1] typed=false defines=[] entry=main
              skip: REFLECTION compares slangc's reflection JSON
            test line 13: Other("COMPARE_RENDER_COMPUTE") COMPARE_RENDER_COMPUTE categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[]
              skip: COMPARE_RENDER_COMPUTE renders with vertex/fragment shaders; dslang runs compute only
            test line 14: Compute COMPARE_COMPUTE_EX categories=["compute", "vulkan"] args=[] dispatch=[1, 1, 1] typed=false defines=[] api=vk
              skip: needs the render feature `ray-query`, which wgpu does not offer
            test line 15: Compute COMPARE_COMPUTE categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[] api=vk
              skip: disabled (//DISABLE_TEST)
            test line 16: Other("this is not a test line at all") this is not a test line at all categories=[] args=[] dispatch=[1, 1, 1] typed=false defines=[]
              skip: disabled (//DISABLE_TEST)
        "#]],
    );
}

#[test]
fn ignored_file() {
    check(
        "//TEST_IGNORE_FILE:\n//TEST(compute):COMPARE_COMPUTE:\n",
        expect![[r#"
            test line 2: Compute COMPARE_COMPUTE categories=["compute"] args=[] dispatch=[1, 1, 1] typed=false defines=[]
            ignore file
        "#]],
    );
}

#[test]
fn uniform_values_and_unsupported_inputs() {
    check(
        r#"//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -output-using-type
//TEST_INPUT: set scale = 2.5
//TEST_INPUT: set count = -3
//TEST_INPUT: set params = { 1.0, 2, {3.5, 0x10} }
//TEST_INPUT: set obj = new MyImpl{ 1.0 }
//TEST_INPUT: set r = ubuffer(random(float, 16, -1.0, 1.0), stride=4)
//TEST_INPUT:root_constants(data=[1 2]):name=rc
//TEST_INPUT:uniform(data=[1.0]):name=u
//TEST_INPUT: entryPointExistentialType MyImpl
//TEST_INPUT: set t = RWTexture2D(format=R_Float32, size=2, content=zero)
//TEST_INPUT: set s = Sampler
//TEST_INPUT: set gParams.data = ubuffer(data=[1 2], stride=4)
//TEST_INPUT: set arr[1] = 2.0
"#,
        expect![[r#"
            test line 1: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=true defines=[]
            input line 2: name=Some("scale") out=false Uniform data=[40200000] stride=4 count=None bytes=4
            input line 3: name=Some("count") out=false Uniform data=[FFFFFFFD] stride=4 count=None bytes=4
            input line 4: name=Some("params") out=false Uniform data=[3F800000, 00000002, 40600000, 00000010] stride=4 count=None bytes=16
            input line 5: name=Some("obj") out=false Uniform data=[3F800000] stride=4 count=None bytes=4 object=MyImpl
            input line 6: name=Some("r") out=false unsupported `ubuffer(random(float, 16, -1.0, 1.0), stride=4)`
            input line 7: name=Some("rc") out=false Uniform data=[00000001, 00000002] stride=4 count=None bytes=8
            input line 8: name=Some("u") out=false Uniform data=[3F800000] stride=4 count=None bytes=4
            input line 9: name=None out=false unsupported `entryPointExistentialType MyImpl`
            input line 10: name=Some("t") out=false texture TextureInput { dim: D2, storage: true, width: 2, height: 2, depth: 1, array_length: None, mip_maps: None, content: Zero, format: Some(R32Float) }
            input line 11: name=Some("s") out=false sampler SamplerInput { filtering: Linear }
            input line 12: name=Some("gParams.data") out=false Storage data=[00000001, 00000002] stride=4 count=None bytes=8
            input line 13: name=Some("arr[1]") out=false unsupported `set arr[1] = ... (plain data of a member of a parameter)`
        "#]],
    );
}

#[test]
fn uniform_values_keep_their_nesting() {
    let file = parse_test_file(
        "//TEST_INPUT: set a = { 1.0, {2, 3}, {} , {{4}} }\n//TEST_INPUT: set b = 5\n//TEST_INPUT: set c = {1, {2}\n",
    );
    let values: Vec<String> = file
        .inputs
        .iter()
        .map(|input| match &input.kind {
            test_format::InputKind::Buffer(b) => format!("{:?}", b.value),
            other => format!("{other:?}"),
        })
        .collect();
    expect![[r#"
        Some(List([Float(1.0), List([Int(2), Int(3)]), List([]), List([List([Int(4)])])]))
        Some(Int(5))
        Unsupported { text: "{1, {2}" }"#]]
    .assert_eq(&values.join("\n"));
}

/// `set` numbers: the literal's kind decides int or float bits, the slot's kind their width.
#[test]
fn set_numbers_take_the_width_of_their_slot() {
    use test_format::ElemType;
    let file = parse_test_file("//TEST_INPUT: set v = {-5, 2.5, 0xFFFFFFFF, 1, 5000000000, 0.1}\n");
    let test_format::InputKind::Buffer(buffer) = &file.inputs[0].kind else {
        panic!("not a buffer: {:?}", file.inputs[0].kind);
    };
    let Some(test_format::UniformValue::List(numbers)) = &buffer.value else {
        panic!("not a list: {:?}", buffer.value);
    };
    let kinds = [
        ElemType::Int32,
        ElemType::Float,
        ElemType::Half,
        ElemType::Int64,
        ElemType::Double,
    ];
    let mut lines = Vec::new();
    for number in numbers {
        let encoded: Vec<String> = kinds
            .iter()
            .map(|kind| {
                let bytes = number.encode(*kind).unwrap_or_default();
                let hex: String = bytes.iter().rev().map(|b| format!("{b:02X}")).collect();
                format!("{}={hex}", kind.name())
            })
            .collect();
        lines.push(format!("{number:?}: {}", encoded.join(" ")));
    }
    expect![[r#"
        Int(-5): int32_t=FFFFFFFB float=FFFFFFFB half=FFFB int64_t=FFFFFFFFFFFFFFFB double=FFFFFFFFFFFFFFFB
        Float(2.5): int32_t=40200000 float=40200000 half=4100 int64_t=4004000000000000 double=4004000000000000
        Int(4294967295): int32_t=FFFFFFFF float=FFFFFFFF half=FFFF int64_t=00000000FFFFFFFF double=00000000FFFFFFFF
        Int(1): int32_t=00000001 float=00000001 half=0001 int64_t=0000000000000001 double=0000000000000001
        Int(5000000000): int32_t=2A05F200 float=2A05F200 half=F200 int64_t=000000012A05F200 double=000000012A05F200
        Float(0.1): int32_t=3DCCCCCD float=3DCCCCCD half=2E66 int64_t=3FB999999999999A double=3FB999999999999A"#]]
    .assert_eq(&lines.join("\n"));
}

/// f64 to IEEE half: round to nearest, ties to even, through the subnormals and to infinity.
#[test]
fn halves_round_to_nearest_even() {
    let cases = [
        1.0,
        -2.5,
        1.0 / 3.0,
        1024.5,
        1025.5,
        65504.0,
        65519.0,
        65520.0,
        2f64.powi(-14),
        2f64.powi(-24),
        2f64.powi(-25),
        3.0 * 2f64.powi(-25),
        -0.0,
        f64::NAN,
    ];
    let printed: Vec<String> = cases
        .iter()
        .map(|x| format!("{x:e} -> {:04X}", test_format::f64_to_half(*x)))
        .collect();
    expect![[r#"
        1e0 -> 3C00
        -2.5e0 -> C100
        3.333333333333333e-1 -> 3555
        1.0245e3 -> 6400
        1.0255e3 -> 6402
        6.5504e4 -> 7BFF
        6.5519e4 -> 7BFF
        6.552e4 -> 7C00
        6.103515625e-5 -> 0400
        5.960464477539063e-8 -> 0001
        2.9802322387695313e-8 -> 0000
        8.940696716308594e-8 -> 0002
        -0e0 -> 8000
        NaN -> 7E00"#]]
    .assert_eq(&printed.join("\n"));
}

#[test]
fn aggregates_holding_resources_split_into_field_inputs() {
    let file = parse_test_file(
        "//TEST_INPUT: set gMaterial = new Material { Texture2D(size=4, content=one), Sampler, {1.0, 2, 3, 4}, { ubuffer(data=[7], stride=4), 0.5 } }\n\
         //TEST_INPUT: set gPlain = { Sampler(filteringMode=point) }\n\
         //TEST_INPUT: set gParams.tex = Texture2D(size=2, content=zero)\n\
         //TEST_INPUT: set gParams.scale = 2.0\n\
         //TEST_INPUT: Sampler:name=gParams.inner.samp\n",
    );
    let inputs: Vec<String> = file
        .inputs
        .iter()
        .map(|i| {
            let kind = match &i.kind {
                InputKind::Buffer(b) => format!("{:?} {:?} value={:?}", b.kind, b.data, b.value),
                InputKind::Texture(t) => format!("texture {}x{}", t.width, t.height),
                InputKind::Sampler(s) => format!("sampler {:?}", s.filtering),
                InputKind::Unsupported { text } => format!("unsupported `{text}`"),
                InputKind::TypeConformance(_) => "conformance".into(),
            };
            format!("line {} {:?}: {kind}", i.line, i.name)
        })
        .collect();
    expect![[r#"
        line 1 Some("gMaterial"): Uniform [1065353216, 2, 3, 4, 1056964608] value=Some(List([List([Float(1.0), Int(2), Int(3), Int(4)]), List([Float(0.5)])]))
        line 1 Some("gMaterial.0"): texture 4x4
        line 1 Some("gMaterial.1"): sampler Linear
        line 1 Some("gMaterial.3.0"): Storage [7] value=None
        line 2 Some("gPlain.0"): sampler Point
        line 3 Some("gParams.tex"): texture 2x2
        line 4 Some("gParams.scale"): unsupported `set gParams.scale = ... (plain data of a member of a parameter)`
        line 5 Some("gParams.inner.samp"): sampler Linear"#]].assert_eq(&inputs.join("\n"));
    assert!(file.errors.is_empty(), "{:?}", file.errors);
}

/// The attribute spellings of an input's name (`name=x`, `name x`, `name = x`) and `new` objects
/// of plain data, whose type a host needs for interface-typed parameters.
#[test]
fn name_spellings_and_plain_objects() {
    check(
        r#"//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -output-using-type
//TEST_INPUT:ubuffer(data=[1], stride=4):out, name = spaced
//TEST_INPUT:ubuffer(data=[2], stride=4):name old
//TEST_INPUT:ubuffer(data=[3], stride=4):names=x
//TEST_INPUT: set shape = new Scaled{ 2.5, {1, 2} }
//TEST_INPUT: set empty = new Stateless{}
//TEST_INPUT: set bad = new {1.0}
"#,
        expect![[r#"
            test line 1: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=true defines=[]
            input line 2: name=Some("spaced") out=true Storage data=[00000001] stride=4 count=None bytes=4
            input line 3: name=Some("old") out=false Storage data=[00000002] stride=4 count=None bytes=4
            input line 5: name=Some("shape") out=false Uniform data=[40200000, 00000001, 00000002] stride=4 count=None bytes=12 object=Scaled
            input line 6: name=Some("empty") out=false Uniform data=[] stride=4 count=None bytes=4 object=Stateless
            input line 7: name=Some("bad") out=false unsupported `new {1.0}`
            error line 4: unknown TEST_INPUT attribute `names=x`
        "#]],
    );
}

#[test]
fn arrays_of_resources_split_into_element_inputs() {
    let file = parse_test_file(
        "//TEST_INPUT: set gScene = new Scene { [new Material { Texture2D(size=4, content=one), 2.0 }, new Material { Texture2D(size=2, content=zero), 3.0 }], [Texture2D(size=2), Texture2D(size=4)], Sampler, 0.25 }\n\
         //TEST_INPUT: set gTex = [Texture2D(size=2), Texture2D(size=4)]\n\
         //TEST_INPUT: set gScene.layers[1] = Texture2D(size=2, content=zero)\n\
         //TEST_INPUT: Texture2D(size=4, content=one):name=gTex[0]\n",
    );
    let inputs: Vec<String> = file
        .inputs
        .iter()
        .map(|i| {
            let kind = match &i.kind {
                InputKind::Buffer(b) => format!("{:?} {:?} value={:?}", b.kind, b.data, b.value),
                InputKind::Texture(t) => format!("texture {}x{}", t.width, t.height),
                InputKind::Sampler(s) => format!("sampler {:?}", s.filtering),
                InputKind::Unsupported { text } => format!("unsupported `{text}`"),
                InputKind::TypeConformance(_) => "conformance".into(),
            };
            format!("line {} {:?}: {kind}", i.line, i.name)
        })
        .collect();
    expect![[r#"
        line 1 Some("gScene"): Uniform [1073741824, 1077936128, 1048576000] value=Some(List([List([List([Float(2.0)]), List([Float(3.0)])]), List([]), Float(0.25)]))
        line 1 Some("gScene.0.0.0"): texture 4x4
        line 1 Some("gScene.0.1.0"): texture 2x2
        line 1 Some("gScene.1.0"): texture 2x2
        line 1 Some("gScene.1.1"): texture 4x4
        line 1 Some("gScene.2"): sampler Linear
        line 2 Some("gTex.0"): texture 2x2
        line 2 Some("gTex.1"): texture 4x4
        line 3 Some("gScene.layers[1]"): texture 2x2
        line 4 Some("gTex[0]"): texture 4x4"#]].assert_eq(&inputs.join("\n"));
    assert!(file.errors.is_empty(), "{:?}", file.errors);
}

#[test]
fn include_folders_from_the_directive() {
    let file = parse_test_file("//TEST(compute):COMPARE_COMPUTE:-I shared -Iinc -xslang -Imore\n");
    let dirs: Vec<&Vec<String>> = file.tests.iter().map(|d| &d.include_dirs).collect();
    assert_eq!(
        dirs,
        [&vec!["shared".to_string(), "inc".into(), "more".into()]]
    );
}

#[test]
fn gpu_lines_come_before_cpu_lines() {
    // The CPU line's define (its natural layout) must not apply when a GPU line exists.
    let file = parse_test_file(
        "//TEST(compute):COMPARE_COMPUTE_EX:-cpu -compute -xslang -DNO_PACKING\n\
         //TEST(compute):COMPARE_COMPUTE_EX:-llvm -compute\n\
         //TEST(compute):COMPARE_COMPUTE_EX:-slang -compute\n\
         //TEST(compute, vulkan):COMPARE_COMPUTE_EX:-vk -compute\n",
    );
    let order: Vec<Option<&str>> = file.compute_tests().map(|t| t.api()).collect();
    assert_eq!(order, [Some("vk"), None, Some("cpu"), None]);
    let first = file.compute_tests().next().unwrap();
    assert!(first.defines.is_empty());
}

#[test]
fn msvc_bitfield_packing_flag() {
    let file = parse_test_file(
        "//TEST(compute):COMPARE_COMPUTE:-cpu -compile-arg -msvc-style-bitfield-packing\n\
         //TEST(compute):COMPARE_COMPUTE:-vk\n",
    );
    let flags: Vec<bool> = file.tests.iter().map(|t| t.msvc_bitfield_packing).collect();
    assert_eq!(flags, [true, false]);
}
