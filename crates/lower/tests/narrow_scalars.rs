//! The 8- and 16-bit integers lower to IR scalars of their own (held in 32 bits by the targets,
//! which wrap them after each operation: codegen's `narrow.rs`); literals of them are 32-bit
//! literals converted. 8-bit and bfloat16 floats are refused with E4101 naming the type.

mod common;

use expect_test::{Expect, expect};

fn lowered_ir(src: &str) -> String {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    match lower::lower_program_full(&db, file, &lower::LowerOptions::default()) {
        Ok(lowered) => ir::print_module(&lowered.module),
        Err(diags) => panic!("{diags:?}"),
    }
}

#[test]
fn small_integer_locals_lower_to_narrow_scalars() {
    let text = lowered_ir(
        r#"
RWStructuredBuffer<int> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    uint8_t2 v = uint8_t2(1, 2);
    int16_t s = int16_t(tid.x) * int16_t(300);
    output[0] = v.x + v.y + s;
}
"#,
    );
    assert!(text.contains("convert.uint8_t"), "{text}");
    assert!(text.contains("convert.int16_t"), "{text}");
    assert!(text.contains("uint8_t2"), "{text}");
}

#[test]
fn enum_with_a_small_backing_type_lowers() {
    let text = lowered_ir(
        r#"
enum Channel : uint16_t { Red, Green, Blue }
RWStructuredBuffer<int> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    Channel c = Channel.Green;
    output[0] = int(c);
}
"#,
    );
    assert!(text.contains("convert.uint16_t"), "{text}");
}

fn check_error(src: &str, expected: Expect) {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    let front: Vec<String> = hir::diagnostics(&db, file)
        .into_iter()
        .filter(|d| d.severity == hir::Severity::Error)
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(front.is_empty(), "front-end errors: {front:?}");
    match lower::lower_program_full(&db, file, &lower::LowerOptions::default()) {
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

#[test]
fn bfloat16_is_refused() {
    check_error(
        r#"
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    BFloat16 b = BFloat16(1.5f);
    output[0] = float(b);
}
"#,
        expect![
            "E4101 `b = BFloat16(1.5f)`: the type `BFloat16` cannot be compiled for WGSL or SPIR-V: dslang's targets have no 8-bit or bfloat16 floats; convert the value to `float` or `half`"
        ],
    );
}

#[test]
fn vectors_and_matrices_over_four_are_refused() {
    check_error(
        r#"
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    vector<float, 16> v = vector<float, 16>(1.0);
    output[0] = v[3];
}
"#,
        expect![
            "E4101 `v = vector<float, 16>(1.0)`: the type `vector<float, 16>` cannot be compiled for WGSL or SPIR-V: their vectors and matrices have 1 to 4 elements per dimension; use an array instead"
        ],
    );
    check_error(
        r#"
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    matrix<float, 2, 5> m = matrix<float, 2, 5>(1.0);
    output[0] = m[1][4];
}
"#,
        expect![
            "E4101 `m = matrix<float, 2, 5>(1.0)`: the type `matrix<float, 2, 5>` cannot be compiled for WGSL or SPIR-V: their vectors and matrices have 1 to 4 elements per dimension; use an array instead"
        ],
    );
}
