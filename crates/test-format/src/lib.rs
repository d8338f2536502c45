//! Slang's compute and diagnostic test format, without any GPU work: directive parsing
//! (`//TEST`, `//TEST_INPUT`, `//DIAGNOSTIC_TEST`), printing `out` buffers like Slang's runner,
//! comparing with `.expected.txt` files, a FileCheck subset, and judging diagnostics.
//! The format is described in `docs/test-format.md` of the shared design notes.

pub mod cformat;
pub mod diagnostics;
pub mod directives;
pub mod filecheck;
pub mod judge;
pub mod output;
pub mod textures;

pub use diagnostics::{
    DiagnosticExpectations, LocatedExpectation, Problem, ReportedDiagnostic, RequiredText,
    judge_diagnostics, parse_diagnostic_expectations,
};
pub use directives::{
    BufferInput, BufferKind, DirectiveError, InputKind, TestDirective, TestFile, TestInput,
    TestKind, TypeConformance, UniformValue, parse_data_literal, parse_test_file,
};
pub use filecheck::{Check, CheckKind, FileCheckError, filecheck, parse_checks, run_checks};
pub use judge::{Verdict, expected_file_for, expected_file_for_test, judge_output};
pub use output::{
    ElemType, Mismatch, compare_expected, f64_to_half, floats_agree, format_buffer, format_words,
    parse_printed_float,
};
pub use textures::{
    Filtering, SamplerInput, TextureContent, TextureInput, TextureInputDim, TextureInputFormat,
};
