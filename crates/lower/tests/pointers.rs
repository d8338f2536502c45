//! Pointers are emulated (`lower/src/pointers.rs`); what the emulation cannot express, and
//! function values not known at compile time, which the WGSL and SPIR-V targets lack, are refused with a diagnostic
//! naming the construct (never an internal error or a panic).

mod common;

use expect_test::{Expect, expect};

fn check_refused(src: &str, expected: Expect) {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    let errors: Vec<String> = hir::diagnostics(&db, file)
        .into_iter()
        .filter(|d| d.severity == hir::Severity::Error)
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(errors.is_empty(), "hir errors: {errors:?}");
    match lower::lower_program(&db, file, None) {
        Ok(module) => panic!("expected a refusal, got:\n{}", ir::print_module(&module)),
        Err(diags) => {
            let text = common::located(src, &diags);
            assert!(
                diags.iter().all(|d| d.code != "E4999"),
                "internal error: {text:?}"
            );
            expected.assert_eq(&text);
        }
    }
}

const MAIN: &str = "RWStructuredBuffer<float> output;\n";

#[test]
fn pointer_constructs_without_an_emulation_are_refused() {
    // Addresses from the host (integers made into pointers) and pointers made into integers.
    check_refused(
        &format!(
            "{MAIN}uniform float* data;
[numthreads(1, 1, 1)]
void computeMain() {{ output[0] = float(uint64_t(data)); }}"
        ),
        expect![
            "E4101 `uint64_t(data)`: the conversion of a pointer to an integer address cannot be compiled for the WGSL and SPIR-V targets: they have no pointers to memory, and dslang emulates only pointers into `uniform T*` parameters, `groupshared` variables and structured buffers (as a buffer and a byte offset)"
        ],
    );
    check_refused(
        &format!(
            "{MAIN}uniform uint64_t address;
[numthreads(1, 1, 1)]
void computeMain() {{ let p = ConstBufferPointer<float>::fromUInt(address); output[0] = p.get(); }}"
        ),
        expect![
            "E4101 `ConstBufferPointer<float>::fromUInt(address)`: a pointer made from an integer address cannot be compiled for the WGSL and SPIR-V targets: they have no pointers to memory, and dslang emulates only pointers into `uniform T*` parameters, `groupshared` variables and structured buffers (as a buffer and a byte offset)"
        ],
    );
    // Memory holding 16-bit scalars is not word-addressed.
    check_refused(
        &format!(
            "{MAIN}uniform half* data;
[numthreads(1, 1, 1)]
void computeMain() {{ output[0] = float(data[1]); }}"
        ),
        expect![
            "E4101 `data[1]`: reading or writing 8-, 16- or 64-bit data through a pointer cannot be compiled for the WGSL and SPIR-V targets: they have no pointers to memory, and dslang emulates only pointers into `uniform T*` parameters, `groupshared` variables and structured buffers (as a buffer and a byte offset)"
        ],
    );
    // A parameter's address (its memory is the caller's copy).
    check_refused(
        &format!(
            "{MAIN}float f(float x) {{ float* p = &x; return *p; }}
[numthreads(1, 1, 1)]
void computeMain() {{ output[0] = f(1.0); }}"
        ),
        expect![
            "E4101 `&x`: the address of a local variable or parameter cannot be compiled for the WGSL and SPIR-V targets: they have no pointers to memory, and dslang emulates only pointers into `uniform T*` parameters, `groupshared` variables and structured buffers (as a buffer and a byte offset)"
        ],
    );
}

#[test]
fn function_values_not_known_at_compile_time_are_refused() {
    // A function value passed straight to a `functype` parameter is specialised per call
    // (tests/compute/function_values_specialised.slang); one chosen at run time is not.
    check_refused(
        &format!(
            "{MAIN}float twice(float v) {{ return v * 2.0; }}
float thrice(float v) {{ return v * 3.0; }}
[numthreads(1, 1, 1)]
void computeMain() {{
    functype(float) -> float f = twice;
    if (output[0] > 0.0) f = thrice;
    output[0] = f(1.0);
}}"
        ),
        expect![
            "E4001 `twice`: a function value chosen at run time cannot be compiled for the WGSL and SPIR-V targets: they have no function values; pass the function straight to a `functype` parameter, or take a generic parameter constrained by `IFunc`"
        ],
    );
}
