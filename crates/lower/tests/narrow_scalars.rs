//! The 8- and 16-bit integers type-check, but the WGSL and SPIR-V targets cannot hold them:
//! lowering refuses each with E4101 naming the type and the targets (never a panic or an
//! internal error).

use expect_test::{Expect, expect};

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

#[test]
fn int16_buffer_is_refused_for_wgsl() {
    check_error(
        r#"
RWStructuredBuffer<int16_t> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) { output[0] = int16_t(tid.x); }
"#,
        expect![
            "E4101 `output`: the type `int16_t` cannot be compiled for WGSL or SPIR-V: WGSL has no 16-bit integers and dslang's SPIR-V output does not support them yet; use `int` and mask the value to 16 bits"
        ],
    );
}

#[test]
fn small_integer_locals_are_refused() {
    check_error(
        r#"
RWStructuredBuffer<int> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    uint8_t2 v = uint8_t2(1, 2);
    output[0] = v.x + v.y;
}
"#,
        expect![
            "E4101 `v = uint8_t2(1, 2)`: the type `uint8_t` cannot be compiled for WGSL or SPIR-V: WGSL has no 8-bit integers and dslang's SPIR-V output does not support them yet; use `uint` and mask the value to 8 bits"
        ],
    );
}

#[test]
fn enum_with_a_small_backing_type_is_refused() {
    check_error(
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
        expect![
            "E4101 `c = Channel.Green`: the type `uint16_t` cannot be compiled for WGSL or SPIR-V: WGSL has no 16-bit integers and dslang's SPIR-V output does not support them yet; use `uint` and mask the value to 16 bits"
        ],
    );
}

#[test]
fn sixteen_bit_bit_cast_is_refused() {
    check_error(
        r#"
RWStructuredBuffer<uint> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    output[0] = asuint16(half(1.5));
}
"#,
        expect![
            "E4101 `asuint16(half(1.5))`: the type `uint16_t` cannot be compiled for WGSL or SPIR-V: WGSL has no 16-bit integers and dslang's SPIR-V output does not support them yet; use `uint` and mask the value to 16 bits"
        ],
    );
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
