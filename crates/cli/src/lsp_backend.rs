//! The language server's compile backend: the `driver` pipeline (hir → lower → autodiff →
//! codegen) for generated code, compile errors on save, and GPU previews. It lives in the binary
//! so that the `server` crate builds without wgpu/naga.
//!
//! Previews and gradient checks are `driver::preview`'s, as JSON (docs/preview-protocol.md).
//!
//! SPIR-V is shown as `spirv-dis` disassembly when that tool is on PATH (SPIRV-Tools); without
//! it, as the module's words in hex with a header saying so (codegen has no disassembler).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;
use server::{BackendDiagnostic, CompileBackend, CompileOptions};

use crate::gpu_worker;

pub struct DriverBackend;

/// The driver's options for `opts` (the preview reads the file's directives itself).
fn base_options(opts: &CompileOptions) -> driver::Options {
    driver::Options {
        entry: opts.entry.clone(),
        // `-D NAME` without a value defines it as 1, as C compilers and slangc do.
        defines: opts
            .defines
            .iter()
            .map(|(n, v)| (n.clone(), v.clone().unwrap_or_else(|| "1".to_string())))
            .collect(),
        include_dirs: opts.include_paths.clone(),
        ..driver::Options::default()
    }
}

/// [`base_options`] plus what the file's own test directives add (its `-D` options and type
/// conformances), as `dslang compile` does.
fn driver_options(text: &str, opts: &CompileOptions) -> driver::Options {
    let mut options = base_options(opts);
    let test = test_format::parse_test_file(text);
    if let Some(directive) = test.compute_tests().next() {
        options.defines.extend(directive.defines.iter().cloned());
        options.experimental_features |= directive.experimental_features;
        options.msvc_bitfield_packing |= directive.msvc_bitfield_packing;
    }
    options
        .type_conformances
        .extend(test.type_conformances().map(|c| driver::TypeConformance {
            type_name: c.type_name.clone(),
            interface: c.interface.clone(),
            id: c.id,
        }));
    options
}

fn to_backend(diagnostics: Vec<hir::Diagnostic>) -> Vec<BackendDiagnostic> {
    diagnostics
        .into_iter()
        .map(|d| BackendDiagnostic {
            code: d.code.to_string(),
            message: d.message,
            is_error: d.severity == hir::Severity::Error,
            start: d.range.start,
            end: d.range.end,
        })
        .collect()
}

/// A file without a compute entry point is a module: nothing to compile on its own.
fn is_missing_entry(d: &hir::Diagnostic, opts: &CompileOptions) -> bool {
    opts.entry.is_none() && d.code == "E4002" && d.message.starts_with("no compute entry point")
}

/// Compiles to WGSL (validated) and returns the products, or the errors.
fn compile(
    path: &Path,
    text: &str,
    opts: &CompileOptions,
) -> Result<driver::Compiled, Vec<hir::Diagnostic>> {
    let options = driver_options(text, opts);
    let loaded = driver::load(path, text.as_bytes(), &options);
    loaded.compile(&options)
}

/// SPIR-V words as text: `spirv-dis` output, or a hex listing when the tool is missing.
fn spirv_text(words: &[u32]) -> String {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    if let Some(text) = spirv_dis(&bytes) {
        return text;
    }
    let mut out = String::from(
        "; spirv-dis (SPIRV-Tools) was not found on PATH: the module's words in hex\n",
    );
    for chunk in words.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|w| format!("{w:08x}")).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

fn spirv_dis(bytes: &[u8]) -> Option<String> {
    let mut child = Command::new("spirv-dis")
        .args(["--raw-id", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    // The module is small: write it all, then read (spirv-dis reads its input before writing).
    child.stdin.take()?.write_all(bytes).ok()?;
    let output = child.wait_with_output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

impl CompileBackend for DriverBackend {
    fn generated_code(
        &self,
        path: &Path,
        text: &str,
        target: &str,
        opts: &CompileOptions,
    ) -> Result<String, Vec<BackendDiagnostic>> {
        let compiled = compile(path, text, opts).map_err(to_backend)?;
        match target {
            "ir" => Ok(compiled.ir_text()),
            "spirv" => compiled
                .spirv()
                .map(|words| spirv_text(&words))
                .map_err(to_backend),
            _ => Ok(compiled.wgsl),
        }
    }

    fn compile_diagnostics(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
    ) -> Vec<BackendDiagnostic> {
        let errors = match compile(path, text, opts) {
            Ok(compiled) => compiled.spirv().err().unwrap_or_default(),
            Err(errors) => errors,
        };
        let errors = errors
            .into_iter()
            .filter(|d| !is_missing_entry(d, opts))
            .collect();
        to_backend(errors)
    }

    // GPU work runs in the `gpu-worker` child process (`crate::gpu_worker`).
    fn run_preview(&self, path: &Path, text: &str, opts: &CompileOptions, frames: u32) -> Value {
        let request = gpu_worker::request("preview", path, text, opts, frames, None, None);
        gpu_worker::call(&request, gpu_worker::time_limit())
    }

    fn run_preview_with_inputs(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
        frames: u32,
        inputs: &Value,
    ) -> Value {
        let request = gpu_worker::request("preview", path, text, opts, frames, Some(inputs), None);
        gpu_worker::call(&request, gpu_worker::time_limit())
    }

    fn gradient_check(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
        function: Option<&str>,
    ) -> Value {
        let request = gpu_worker::request("gradient_check", path, text, opts, 1, None, function);
        gpu_worker::call(&request, gpu_worker::time_limit())
    }
}

/// The GPU work itself, run in the worker process.
impl DriverBackend {
    pub fn run_preview_here(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
        frames: u32,
    ) -> Value {
        driver::preview::run_preview_json(path, text, &base_options(opts), frames)
    }

    pub fn run_preview_with_inputs_here(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
        frames: u32,
        inputs: &Value,
    ) -> Value {
        driver::preview::run_preview_with_json(path, text, &base_options(opts), frames, inputs)
    }

    pub fn gradient_check_here(
        &self,
        path: &Path,
        text: &str,
        opts: &CompileOptions,
        function: Option<&str>,
    ) -> Value {
        driver::preview::to_json(&driver::preview::gradient_check(
            path,
            text,
            &base_options(opts),
            function,
        ))
    }
}
