//! The compile backend: full compilation, generated code and GPU previews. The server crate
//! builds without wgpu/naga; the `dslang` binary plugs in an implementation over the `driver`.

use std::path::Path;

use serde_json::Value;

/// What the backend compiles with (from the client's settings).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompileOptions {
    /// Absolute include directories.
    pub include_paths: Vec<String>,
    /// `-D NAME[=VALUE]` definitions.
    pub defines: Vec<(String, Option<String>)>,
    /// The entry point; `None` picks `computeMain` or the only compute entry point.
    pub entry: Option<String>,
}

/// A compile error (or warning) in the file that was compiled; `start..end` are byte offsets
/// into the text given to the backend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackendDiagnostic {
    pub code: String,
    pub message: String,
    pub is_error: bool,
    pub start: u32,
    pub end: u32,
}

/// Full compilation for the editor. Every method runs on the blocking pool, never on the
/// server's main task; implementations must not panic on user input (a panic answers one
/// request with an error).
pub trait CompileBackend: Send + Sync + 'static {
    /// The generated code of `text` (the file at `path`) for `target`: `"wgsl"`, `"spirv"`
    /// (disassembly) or `"ir"`.
    fn generated_code(
        &self,
        path: &Path,
        text: &str,
        target: &str,
        opts: &CompileOptions,
    ) -> Result<String, Vec<BackendDiagnostic>>;

    /// Compiles through the derivative passes to WGSL and SPIR-V and returns the errors the type
    /// checker does not catch (it may repeat the checker's: the server drops duplicates).
    fn compile_diagnostics(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
    ) -> Vec<BackendDiagnostic>;

    /// Runs the file's compute entry points for `frames` frames: a `PreviewResult`
    /// (docs/preview-protocol.md).
    fn run_preview(&self, path: &Path, text: &str, opts: &CompileOptions, frames: u32) -> Value;

    /// [`CompileBackend::run_preview`] with the request's `inputs` (control values, mouse, keys,
    /// continuing the last run); backends without inputs ignore them.
    fn run_preview_with_inputs(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
        frames: u32,
        inputs: &Value,
    ) -> Value {
        let _ = inputs;
        self.run_preview(path, text, opts, frames)
    }

    /// Compares derivatives with finite differences: a `GradientCheckResult`.
    fn gradient_check(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
        function: Option<&str>,
    ) -> Value;
}
