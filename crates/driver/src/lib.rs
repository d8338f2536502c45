//! driver: the compile-and-run pipeline shared by the CLI (and later the language server's
//! preview). It is the only place besides the hosts that reads files: `hir` does no IO, so the
//! driver loads a program's imports from disk, then runs hir → lower → codegen, and for tests
//! plans buffers from `//TEST_INPUT` lines, dispatches through `gpu` and judges the output.

mod load;
pub mod preview;
mod run;

use std::path::Path;
use std::sync::Arc;

pub use load::{MAX_SOURCE_BYTES, load_dependencies, read_source_file};
pub use lower::{TapeTiers, TypeConformance};
pub use run::{
    RunReport, TestOutcome, run_compute_directive, run_compute_test, run_directive, run_file,
};

/// What to compile and how.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The entry point; `None` picks `computeMain` or the only compute entry point (cli.md).
    pub entry: Option<String>,
    /// `-D NAME=VALUE` definitions.
    pub defines: Vec<(String, String)>,
    pub include_dirs: Vec<String>,
    /// `//TEST_INPUT:type_conformance T:I = n` lines, for dynamic dispatch.
    pub type_conformances: Vec<lower::TypeConformance>,
    /// Tape capacities of backward derivatives' tiers (`dslang compile --tape-tiers`).
    pub tape_tiers: lower::TapeTiers,
    /// How matrices are laid out in buffers (slangc's `-matrix-layout-*`; column-major by default,
    /// as slangc's command line).
    pub matrix_layout: MatrixLayout,
    /// slangc's `-experimental-feature` (`__func_extension` derivatives take effect).
    pub experimental_features: bool,
    /// slangc's `-msvc-style-bitfield-packing` (`hir::layout::bit_layout`).
    pub msvc_bitfield_packing: bool,
}

/// The memory order of matrices in buffers and uniforms.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MatrixLayout {
    /// Each column contiguous: what slangc's command line does by default (and
    /// `-matrix-layout-column-major`).
    #[default]
    ColumnMajor,
    /// Each row contiguous (`-matrix-layout-row-major`). Integer matrices are stored row by row
    /// under both layouts (WGSL has no integer matrices: they are arrays of rows).
    RowMajor,
}

/// The optional shader features of a device, as code generation needs them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DeviceFeatures {
    pub f16: bool,
    pub f64: bool,
    pub int64: bool,
    pub float32_atomics: bool,
    pub subgroups: bool,
}

impl DeviceFeatures {
    /// Every feature (what SPIR-V for a device like lavapipe may use).
    pub fn all() -> DeviceFeatures {
        DeviceFeatures {
            f16: true,
            f64: true,
            int64: true,
            float32_atomics: true,
            subgroups: true,
        }
    }

    /// The features `gpu` was opened with.
    pub fn of(gpu: &gpu::Gpu) -> DeviceFeatures {
        let has = |f: gpu::Features| gpu.features().contains(f);
        DeviceFeatures {
            f16: has(gpu::Features::SHADER_F16),
            f64: has(gpu::Features::SHADER_F64),
            int64: has(gpu::Features::SHADER_INT64),
            float32_atomics: has(gpu::Features::SHADER_FLOAT32_ATOMIC),
            subgroups: has(gpu::Features::SUBGROUP),
        }
    }

    /// Code-generation options for WGSL on a device with these features (matrices in buffers
    /// column by column; see [`MatrixLayout`]).
    pub fn wgsl_options(self) -> codegen::Options {
        codegen::Options {
            shader_f16: self.f16,
            shader_f64: self.f64,
            shader_int64: self.int64,
            float32_atomics: self.float32_atomics,
            subgroups: self.subgroups,
            ..codegen::Options::wgsl()
        }
    }
}

/// A source file loaded into a fresh database with everything it imports.
pub struct Loaded {
    pub db: hir::RootDatabase,
    pub file: hir::SourceFile,
    /// The decoded text of the root file (diagnostic ranges are offsets into it).
    pub text: String,
    /// Decoding problems of the root file (invalid UTF-8), as error diagnostics.
    pub decode_errors: Vec<hir::Diagnostic>,
}

/// Loads `bytes` as the file at `path`, and its imports from disk.
pub fn load(path: &Path, bytes: &[u8], options: &Options) -> Loaded {
    let (text, errors) = syntax::decode_source(bytes);
    let mut db = hir::RootDatabase::default();
    db.set_options(hir::CompileOptions {
        include_dirs: options
            .include_dirs
            .iter()
            .map(|d| Arc::from(d.as_str()))
            .collect(),
        defines: options
            .defines
            .iter()
            .map(|(n, v)| (Arc::from(n.as_str()), Some(Arc::from(v.as_str()))))
            .collect(),
        experimental_features: options.experimental_features,
        msvc_bitfield_packing: options.msvc_bitfield_packing,
    });
    let file = db.set_file(&path.to_string_lossy(), &text);
    load_dependencies(&mut db, file);
    let decode_errors = errors
        .iter()
        .map(|e| hir::Diagnostic {
            code: e.code,
            message: e.message.clone(),
            range: hir::TextRange::new(e.range.start().into(), e.range.end().into()),
            severity: hir::Severity::Error,
            related: Vec::new(),
        })
        .collect();
    Loaded {
        db,
        file,
        text,
        decode_errors,
    }
}

impl Loaded {
    /// Every diagnostic of the root file, errors and warnings, in source order.
    pub fn diagnostics(&self) -> Vec<hir::Diagnostic> {
        let mut all = self.decode_errors.clone();
        all.extend(hir::diagnostics(&self.db, self.file));
        all.sort_by_key(|d| (d.range.start, d.range.end));
        all
    }

    /// Every diagnostic, each in the file where the problem is: one inside an `#include`d file is
    /// reported there, with an "included from here" note per `#include` line that leads to it.
    /// The root file's come first, each file's in source order.
    pub fn diagnostics_located(&self) -> Vec<hir::LocatedDiagnostic> {
        let root = self.root_path();
        let mut all: Vec<hir::LocatedDiagnostic> = self
            .decode_errors
            .iter()
            .map(|d| hir::LocatedDiagnostic {
                path: root.clone(),
                diagnostic: d.clone(),
            })
            .collect();
        all.extend(hir::diagnostics_located(&self.db, self.file));
        // Stable: hir's order within a file stays; decode errors join the root file's.
        all.sort_by(|a, b| {
            let key = |d: &hir::LocatedDiagnostic| {
                (
                    d.path != root,
                    d.path.clone(),
                    d.diagnostic.range.start,
                    d.diagnostic.range.end,
                )
            };
            key(a).cmp(&key(b))
        });
        all
    }

    /// The errors of a failed [`Loaded::compile_for`], each in the file where it is: when the
    /// front end rejected the program, its located errors (see [`Loaded::diagnostics_located`]);
    /// otherwise `errors` (lowering and code generation report on the root file).
    pub fn locate_errors(&self, errors: Vec<hir::Diagnostic>) -> Vec<hir::LocatedDiagnostic> {
        let located: Vec<hir::LocatedDiagnostic> = self
            .diagnostics_located()
            .into_iter()
            .filter(|d| d.diagnostic.severity == hir::Severity::Error)
            .collect();
        if !located.is_empty() {
            return located;
        }
        let root = self.root_path();
        errors
            .into_iter()
            .map(|diagnostic| hir::LocatedDiagnostic {
                path: root.clone(),
                diagnostic,
            })
            .collect()
    }

    /// The root file's path as diagnostics name it.
    pub fn root_path(&self) -> Arc<str> {
        self.file.path(&self.db).clone()
    }

    /// The text that diagnostic ranges in the file at `path` are offsets into: the decoded root
    /// text, or a loaded (included or imported) file's text; `None` for a path never loaded.
    pub fn text_of(&self, path: &str) -> Option<Arc<str>> {
        if *self.root_path() == *path {
            return Some(Arc::from(self.text.as_str()));
        }
        let file = self.db.file(path)?;
        Some(file.text(&self.db).clone())
    }

    /// Lowers the program and generates validated code for the WGSL target.
    pub fn compile(&self, options: &Options) -> Result<Compiled, Vec<hir::Diagnostic>> {
        self.compile_for(options, DeviceFeatures::default())
    }

    /// Lowers the program and generates validated WGSL for a device with `device`'s optional
    /// features, which become wgpu's WGSL extensions (`f64` with SHADER_F64...).
    pub fn compile_for(
        &self,
        options: &Options,
        device: DeviceFeatures,
    ) -> Result<Compiled, Vec<hir::Diagnostic>> {
        if !self.decode_errors.is_empty() {
            return Err(self.decode_errors.clone());
        }
        let lower_options = lower::LowerOptions {
            entry: options.entry.clone(),
            type_conformances: options.type_conformances.clone(),
            tape_tiers: options.tape_tiers.clone(),
        };
        let lower::Lowered {
            module: ir,
            contexts,
            resource_fields,
        } = lower::lower_program_full(&self.db, self.file, &lower_options)?;
        let (wgsl, reflection) = wgsl_for(&ir, device, options.matrix_layout)?;
        Ok(Compiled {
            matrix_layout: options.matrix_layout,
            wgsl,
            reflection,
            ir,
            contexts,
            resource_fields,
            file_conformances: file_conformances(&self.db, self.file),
            device,
        })
    }
}

/// The ids lowering gives the concrete types of an interface that no `type_conformance` line
/// names: the file's non-generic structs conforming to it (through their bases, transitively),
/// numbered in source order per interface, as lowering numbers them.
fn file_conformances(db: &hir::RootDatabase, file: hir::SourceFile) -> Vec<lower::TypeConformance> {
    let mut out: Vec<lower::TypeConformance> = Vec::new();
    for def in hir::file_items(db, file) {
        let hir::ItemDef::TypeDecl(decl) = def else {
            continue;
        };
        let data = hir::type_decl_data(db, decl);
        if data.kind != hir::TypeDeclKind::Struct || !data.generics.is_empty() {
            continue;
        }
        let mut queue = hir::export::type_decl_bases(db, decl).to_vec();
        let mut seen = Vec::new();
        let mut interfaces: Vec<String> = Vec::new();
        while let Some(base) = queue.pop() {
            let hir::Ty::Adt(base_decl, args) = &base else {
                continue;
            };
            if seen.contains(base_decl) {
                continue;
            }
            seen.push(*base_decl);
            let is_interface =
                hir::type_decl_data(db, *base_decl).kind == hir::TypeDeclKind::Interface;
            if is_interface && args.is_empty() {
                interfaces.push(base_decl.loc(db).name().to_string());
            }
            queue.extend(hir::export::type_decl_bases(db, *base_decl).iter().cloned());
        }
        for interface in interfaces {
            let id = out.iter().filter(|c| c.interface == interface).count() as u32;
            out.push(lower::TypeConformance {
                type_name: data.name.to_string(),
                interface,
                id,
            });
        }
    }
    out
}

fn wgsl_for(
    ir: &ir::Module,
    device: DeviceFeatures,
    layout: MatrixLayout,
) -> Result<(String, codegen::Reflection), Vec<hir::Diagnostic>> {
    let options = codegen::Options {
        row_major_matrices: layout == MatrixLayout::RowMajor,
        ..device.wgsl_options()
    };
    let lowered = codegen::lower(ir, &options).map_err(codegen_error)?;
    let wgsl = codegen::to_wgsl(&lowered.module, &lowered.info).map_err(codegen_error)?;
    Ok((wgsl, lowered.reflection))
}

/// The products of one compilation.
pub struct Compiled {
    pub ir: ir::Module,
    pub wgsl: String,
    pub reflection: codegen::Reflection,
    /// Per-thread context size of each backward derivative in `ir`.
    pub contexts: Vec<lower::ContextSize>,
    /// The globals split out of struct-typed shader parameters for their textures, samplers
    /// and buffers (`gMaterial.albedo` -> `gMaterial_albedo`): test inputs bind to them.
    pub resource_fields: Vec<lower::ResourceField>,
    /// The type ids of interface values whose interface no `type_conformance` line names (the
    /// file's conforming structs in source order): test objects (`new T {...}`) are stored with them.
    pub file_conformances: Vec<lower::TypeConformance>,
    /// The device features `wgsl` was generated for.
    pub device: DeviceFeatures,
    /// How `wgsl` lays out matrices in buffers.
    pub matrix_layout: MatrixLayout,
}

impl Compiled {
    /// The same program as WGSL for a device with `device`'s features (what runs use, so that a
    /// program compiled for core WGSL still gets the device's extensions).
    pub fn for_device(&self, device: DeviceFeatures) -> Result<Compiled, Vec<hir::Diagnostic>> {
        let (wgsl, reflection) = wgsl_for(&self.ir, device, self.matrix_layout)?;
        Ok(Compiled {
            matrix_layout: self.matrix_layout,
            ir: self.ir.clone(),
            wgsl,
            reflection,
            contexts: self.contexts.clone(),
            resource_fields: self.resource_fields.clone(),
            file_conformances: self.file_conformances.clone(),
            device,
        })
    }

    /// The IR as text (`dslang compile --target ir`).
    pub fn ir_text(&self) -> String {
        // One comment line per backward derivative first (issue 7: sizes shown with the IR).
        let mut text: String = self
            .contexts
            .iter()
            .map(|c| format!("// context: {} {} bytes/thread\n", c.function, c.bytes))
            .collect();
        text.push_str(&ir::print_module(&self.ir));
        text
    }

    /// SPIR-V words for Vulkan (f64/f16/int64 allowed where SPIR-V can express them).
    pub fn spirv(&self) -> Result<Vec<u32>, Vec<hir::Diagnostic>> {
        let options = codegen::Options {
            row_major_matrices: self.matrix_layout == MatrixLayout::RowMajor,
            ..codegen::Options::spirv()
        };
        codegen::compile_spirv(&self.ir, &options)
            .map(|(words, _)| words)
            .map_err(codegen_error)
    }

    /// Reflection data as pretty JSON.
    pub fn reflection_json(&self) -> String {
        serde_json::to_string_pretty(&self.reflection)
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// The diagnostic code of a program that needs an optional device feature the target lacks
/// (`double` without SHADER_F64...): tests skip on it rather than fail.
pub const MISSING_FEATURE_CODE: &str = "E4102";

/// Code-generation failures become diagnostics at the start of the file: `Unsupported` is the
/// user's (a type the target cannot express), `Internal` is ours and says so.
fn codegen_error(error: codegen::CodegenError) -> Vec<hir::Diagnostic> {
    let (code, message) = match &error {
        codegen::CodegenError::Unsupported { .. } => ("E4101", error.to_string()),
        codegen::CodegenError::MissingFeature { .. } => (MISSING_FEATURE_CODE, error.to_string()),
        _ => (
            "E4998",
            format!("internal compiler error (please report it): {error}"),
        ),
    };
    vec![hir::Diagnostic {
        code,
        message,
        range: hir::TextRange::default(),
        severity: hir::Severity::Error,
        related: Vec::new(),
    }]
}
