use std::fmt::Write;

use expect_test::{Expect, expect};
use test_format::{InputKind, TestFile, parse_data_literal, parse_test_file};

/// A compact, line-per-item rendering of what the parser understood.
fn summarize(file: &TestFile) -> String {
    let mut out = String::new();
    for t in &file.tests {
        writeln!(
            out,
            "test line {}: {:?} {} categories={:?} args={:?} dispatch={:?} typed={} defines={:?}",
            t.line,
            t.kind,
            t.command,
            t.categories,
            t.command_args,
            t.dispatch,
            t.output_using_type,
            t.defines
        )
        .unwrap();
    }
    for input in &file.inputs {
        let kind = match &input.kind {
            InputKind::Buffer(b) => format!(
                "{:?} data={:08X?} stride={} count={:?} bytes={}",
                b.kind,
                b.data,
                b.stride,
                b.count,
                b.byte_size()
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
//TEST_INPUT:Texture2D(size=4, content = one):name t
RWStructuredBuffer<float> outputBuffer;
"#,
        expect![[r#"
            test line 1: Compute COMPARE_COMPUTE_EX categories=["compute"] args=[] dispatch=[1, 1, 1] typed=true defines=[]
            test line 2: Compute COMPARE_COMPUTE_EX categories=["compute", "vulkan"] args=[] dispatch=[4, 2, 1] typed=false defines=[("SIZE", "8"), ("FAST", "1")]
            input line 5: name=Some("outputBuffer") out=true Storage data=[00000000, 00000000, 00000000, 00000000, 00000000] stride=4 count=None bytes=20
            input line 6: name=Some("inputBuffer") out=false Storage data=[3F800000, 40200000, 00000003, FFFFFFFC, 3F800000] stride=4 count=Some(8) bytes=32
            input line 7: name=Some("other") out=true Storage data=[00000007, 00000008] stride=8 count=None bytes=8
            input line 8: name=Some("Uniforms") out=false Uniform data=[00000001, 00000002, 00000003, 00000004] stride=4 count=None bytes=16
            input line 9: name=None out=true Storage data=[00000009] stride=4 count=None bytes=4
            input line 10: name=None out=true Storage data=[00000001, 00000002] stride=4 count=None bytes=8
            input line 11: name=None out=false conformance Circle:IShape = 3
            input line 12: name=Some("t") out=false texture TextureInput { dim: D2, storage: false, width: 4, height: 4, depth: 1, array_length: None, mip_maps: None, content: One, format: None }
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
            test line 2: Other("SIMPLE") SIMPLE categories=[] args=[("filecheck", "SPIRV")] dispatch=[1, 1, 1] typed=false defines=[]
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
            error line 3: `-compute-dispatch` needs X,Y,Z
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
