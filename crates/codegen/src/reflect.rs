//! Reflection: what the host needs to bind buffers and decode prints.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BindingKind {
    Storage,
    Uniform,
    /// A `RWTexture1D/2D/3D/2DArray` (a storage texture; `wgsl_type` has its dimension,
    /// format and access).
    StorageTexture,
    /// A `Texture1D/2D/3D/2DArray/Cube` (a sampled texture; `wgsl_type` has its dimension).
    SampledTexture,
    /// A `SamplerState` (`wgsl_type` `sampler`) or `SamplerComparisonState`.
    Sampler,
    /// The `printf` buffer (`array<atomic<u32>>`, see `PRINT_BUFFER_NAME`).
    Print,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BindingInfo {
    pub name: String,
    pub group: u32,
    pub binding: u32,
    pub kind: BindingKind,
    /// `"read"` or `"read_write"` (`"write"`: a storage texture the shader never reads).
    pub access: &'static str,
    /// Element type (storage buffers) or buffer type (uniforms) in source spelling.
    pub element_type: String,
    /// The same type in WGSL spelling.
    pub wgsl_type: String,
    /// Bytes per element in the buffer (array stride), or the uniform's size.
    pub element_size: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntryPointInfo {
    pub name: String,
    pub workgroup_size: [u32; 3],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrintFormatInfo {
    pub id: u32,
    pub format: String,
    /// Kind of each scalar argument in record order (vectors are flattened): `"f32"`, `"i32"`,
    /// `"u32"`, `"bool"` (one word each; halves are widened to `f32`) or `"i64"`, `"u64"`,
    /// `"f64"` (two words, low first); `"format"` first where the format is a `String` known at
    /// run time (one word: its hash; `format` is then empty).
    pub arg_kinds: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Reflection {
    pub bindings: Vec<BindingInfo>,
    pub entry_points: Vec<EntryPointInfo>,
    pub print_formats: Vec<PrintFormatInfo>,
    /// The program's string literals by hash, for `%s` (a `String` is its hash at run time).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub strings: Vec<StringInfo>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StringInfo {
    pub hash: u32,
    pub text: String,
}
