//! codegen: the dslang IR to a validated `naga::Module`, then WGSL text or SPIR-V words, plus
//! reflection (bindings, entry points, print formats) for the host.
//!
//! HLSL semantics are mapped here: row-major matrices (`floatRxC` is naga `matRxC`, whose naga
//! columns are the HLSL rows, so `mul(m, v)` becomes `v * m`), `bool` stored as `u32` in
//! buffers, copy-in copy-out for `out`/`inout` arguments, atomics on buffers whose elements become
//! `atomic<T>`, and `printf` through a print buffer.
//!
//! Memory layouts follow Slang's WGSL output: storage buffers use WGSL's natural (std430-like)
//! layout with matrices stored column by column; uniform buffers use std140 (16-byte slots for
//! array elements and matrix columns, 16-byte aligned structs, padding written as members).
//!
//! ```
//! use ir::*;
//! let mut m = Module::new();
//! let f32t = m.types.f32();
//! let access = BufferAccess::ReadWrite;
//! let out = m.add_global("outputBuffer", f32t, GlobalKind::StorageBuffer { access });
//! let (void, uint3) = (m.types.void(), m.types.vector(Scalar::U32, 3));
//! let mut b = FunctionBuilder::new(&mut m, "main", void);
//! let tid = b.param("tid", uint3, ParamDir::In);
//! let x = b.load(Place::param(tid).index(0));
//! let f = b.convert(x, Scalar::F32);
//! b.store(Place::global(out).dynamic(x), f);
//! let main = b.finish().unwrap();
//! m.add_entry_point("computeMain", main, [64, 1, 1], vec![Builtin::DispatchThreadId]);
//!
//! let lowered = codegen::lower(&m, &codegen::Options::wgsl()).unwrap();
//! let wgsl = codegen::to_wgsl(&lowered.module, &lowered.info).unwrap();
//! assert!(wgsl.contains("var<storage, read_write> outputBuffer: array<f32>;"));
//! assert_eq!(lowered.reflection.bindings[0].name, "outputBuffer");
//! ```

mod lower;
mod reflect;
mod wgsl_text;

pub use reflect::{
    BindingInfo, BindingKind, EntryPointInfo, PrintFormatInfo, Reflection, StringInfo,
};

use std::fmt;

/// Name of the storage buffer that `printf` writes to (added only when a print is reachable).
///
/// Layout (shared with `gpu::print`): `array<atomic<u32>>`; word 0 is the write cursor (words
/// used so far after word 0); each record is `[format id + 1, n, arg words...]` where `n` counts
/// the argument words: one per 32-bit scalar component (floats as bits, bools as 0/1), two per
/// 64-bit one (low word first). Records that would not fit are dropped but still move the cursor.
pub const PRINT_BUFFER_NAME: &str = "dslang_print_buffer";

/// The name of the `u32` members that fill std140 gaps in uniform structs (WGSL cannot spell
/// offsets); naga numbers repeats (`_pad_1`). Test hosts skip them when placing values (the
/// `gpu` crate's reflection matches the same prefix).
pub const PADDING_MEMBER: &str = "_pad";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Target {
    Wgsl,
    SpirV,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Target::Wgsl => "WGSL",
            Target::SpirV => "SPIR-V",
        })
    }
}

/// What the target device offers. Core WGSL has no `f16`, `f64` or 64-bit integers; wgpu accepts
/// them (in WGSL and SPIR-V) on devices with SHADER_F16, SHADER_F64 and SHADER_INT64, so a host
/// that knows its device enables the matching flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub target: Target,
    pub shader_f16: bool,
    pub shader_f64: bool,
    pub shader_int64: bool,
    pub float32_atomics: bool,
    pub subgroups: bool,
    /// Matrices in buffers and uniforms are stored row by row (slangc's
    /// `-matrix-layout-row-major`); by default column by column, as slangc lays them out.
    pub row_major_matrices: bool,
}

impl Options {
    pub fn wgsl() -> Options {
        Options {
            target: Target::Wgsl,
            shader_f16: false,
            shader_f64: false,
            shader_int64: false,
            float32_atomics: false,
            subgroups: false,
            row_major_matrices: false,
        }
    }
    /// SPIR-V for a device like lavapipe: f16, f64, int64, float atomics, subgroups.
    pub fn spirv() -> Options {
        Options {
            target: Target::SpirV,
            shader_f16: true,
            shader_f64: true,
            shader_int64: true,
            float32_atomics: true,
            subgroups: true,
            row_major_matrices: false,
        }
    }
    fn capabilities(&self) -> naga::valid::Capabilities {
        use naga::valid::Capabilities as C;
        // pack2x16float/unpack2x16float (f32tof16, f16tof32) are core WGSL; wgpu grants this on
        // every non-downlevel device.
        // Cube array textures are core WebGPU too (only downlevel devices lack them).
        let mut c = C::SHADER_FLOAT16_IN_FLOAT32 | C::CUBE_ARRAY_TEXTURES;
        if self.shader_f16 {
            c |= C::SHADER_FLOAT16;
        }
        if self.shader_f64 {
            c |= C::FLOAT64;
        }
        if self.shader_int64 {
            c |= C::SHADER_INT64;
        }
        if self.float32_atomics {
            c |= C::SHADER_FLOAT32_ATOMIC;
        }
        if self.subgroups {
            c |= C::SUBGROUP;
        }
        c
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodegenError {
    /// The program uses something the target cannot express (e.g. `double` in WGSL).
    Unsupported { what: String, target: Target },
    /// The program needs an optional device feature (wgpu's name, e.g. `SHADER_F64`) that the
    /// compilation was not given: it runs only on devices that have it.
    MissingFeature {
        what: String,
        feature: &'static str,
        target: Target,
    },
    /// A compiler bug: the IR was malformed or naga rejected what we built.
    Internal {
        function: Option<String>,
        message: String,
    },
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodegenError::Unsupported { what, target } => {
                write!(f, "{what} cannot be expressed in {target}")
            }
            CodegenError::MissingFeature {
                what,
                feature,
                target,
            } => write!(
                f,
                "{what} is not core {target}: it needs the device feature {feature}, which this \
                 compilation does not enable"
            ),
            CodegenError::Internal {
                function: Some(func),
                message,
            } => {
                write!(f, "internal compiler error in `{func}`: {message}")
            }
            CodegenError::Internal {
                function: None,
                message,
            } => write!(f, "internal compiler error: {message}"),
        }
    }
}

impl std::error::Error for CodegenError {}

/// A validated naga module with its analysis and the host-facing reflection.
#[derive(Debug)]
pub struct Lowered {
    pub module: naga::Module,
    pub info: naga::valid::ModuleInfo,
    pub reflection: Reflection,
}

/// Lowers the IR and validates the result with naga (`ValidationFlags::all()`).
pub fn lower(module: &ir::Module, options: &Options) -> Result<Lowered, CodegenError> {
    if let Err(errors) = ir::verify(module) {
        return Err(CodegenError::Internal {
            function: None,
            message: errors.join("; "),
        });
    }
    let (naga_module, reflection) = match lower::lower_module(module, options) {
        // Values of a type the target lacks may all be compile-time constants or dead, as
        // slangc would fold them: fold and prune, then try again (keeping the first error).
        Err(first @ CodegenError::MissingFeature { .. }) => {
            let mut folded = module.clone();
            ir::passes_features::fold_for_features(&mut folded);
            lower::lower_module(&folded, options).map_err(|_| first)?
        }
        r => r?,
    };
    let info = validate(&naga_module, options)?;
    Ok(Lowered {
        module: naga_module,
        info,
        reflection,
    })
}

fn validate(
    module: &naga::Module,
    options: &Options,
) -> Result<naga::valid::ModuleInfo, CodegenError> {
    let mut validator =
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), options.capabilities());
    validator
        .validate(module)
        .map_err(|e| CodegenError::Internal {
            function: failing_item(e.as_inner()),
            message: format!("naga validation: {}", error_chain(e.as_inner())),
        })
}

/// The function (or entry point, or global) naga's error is about.
fn failing_item(e: &naga::valid::ValidationError) -> Option<String> {
    use naga::valid::ValidationError as V;
    match e {
        V::Function { name, .. } | V::EntryPoint { name, .. } => Some(name.clone()),
        V::GlobalVariable { name, .. } => Some(format!("global {name}")),
        _ => None,
    }
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

pub fn to_wgsl(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
) -> Result<String, CodegenError> {
    let text = naga::back::wgsl::write_string(module, info, naga::back::wgsl::WriterFlags::empty())
        .map_err(|e| CodegenError::Internal {
            function: None,
            message: format!("WGSL writer: {e}"),
        })?;
    let text = wgsl_text::keep_entry_point_names(module, text);
    let text = wgsl_text::keep_binding_names(module, text);
    let text = wgsl_text::keep_member_names(module, text);
    Ok(wgsl_text::with_enable_directives(module, text))
}

pub fn to_spirv(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
) -> Result<Vec<u32>, CodegenError> {
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        // No debug labels, so output is the same in debug and release builds.
        flags: naga::back::spv::WriterFlags::empty(),
        ..Default::default()
    };
    naga::back::spv::write_vec(module, info, &options, None).map_err(|e| CodegenError::Internal {
        function: None,
        message: format!("SPIR-V writer: {e}"),
    })
}

/// Lowers, validates and writes WGSL in one step.
pub fn compile_wgsl(module: &ir::Module) -> Result<(String, Reflection), CodegenError> {
    let lowered = lower(module, &Options::wgsl())?;
    Ok((to_wgsl(&lowered.module, &lowered.info)?, lowered.reflection))
}

/// Lowers, validates and writes SPIR-V in one step.
pub fn compile_spirv(
    module: &ir::Module,
    options: &Options,
) -> Result<(Vec<u32>, Reflection), CodegenError> {
    let lowered = lower(module, options)?;
    Ok((
        to_spirv(&lowered.module, &lowered.info)?,
        lowered.reflection,
    ))
}
