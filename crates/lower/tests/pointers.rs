//! Pointers and function values type-check, but the WGSL and SPIR-V targets have none of
//! them: lowering refuses each with a diagnostic naming the construct (never an internal
//! error or a panic).

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
fn pointer_parameters_and_dereferences_are_refused() {
    check_refused(
        &format!(
            "{MAIN}uniform float* data;
[numthreads(1, 1, 1)]
void computeMain() {{ output[0] = *data; }}"
        ),
        expect![
            "E4001 `data`: the pointer type `float*` cannot be compiled for the WGSL and SPIR-V targets: they have no pointers to memory (Slang emits pointers only for CUDA, C++ and SPIR-V physical storage buffers); pass a buffer and an index instead"
        ],
    );
    check_refused(
        &format!(
            "{MAIN}groupshared float cache[4];
[numthreads(1, 1, 1)]
void computeMain() {{ float* p = &cache[1]; output[0] = p[0]; }}"
        ),
        expect![
            "E4001 `p = &cache[1]`: the pointer type `float*` cannot be compiled for the WGSL and SPIR-V targets: they have no pointers to memory (Slang emits pointers only for CUDA, C++ and SPIR-V physical storage buffers); pass a buffer and an index instead"
        ],
    );
}

#[test]
fn function_values_are_refused() {
    check_refused(
        &format!(
            "{MAIN}float apply(functype(float) -> float f, float x) {{ return f(x); }}
[numthreads(1, 1, 1)]
void computeMain() {{ output[0] = apply((float v) => v * 2.0, 1.0); }}"
        ),
        expect![
            "E4001 `apply((float v) => v * 2.0, 1.0)`: the function type `functype(float) -> float` cannot be compiled for the WGSL and SPIR-V targets: they have no function values; take a generic parameter constrained by `IFunc<R, P...>` instead, which lambdas and function objects satisfy"
        ],
    );
}
