//! Running WGSL compute shaders through wgpu: adapter selection (never a silent OpenGL fallback),
//! one-call dispatch with readback and timing, WGSL binding reflection through naga, the harness
//! that binds a test file's `//TEST_INPUT` buffers, and print-buffer decoding.
//!
//! Facts about lavapipe (Mesa's software Vulkan, used here and in CI) worth knowing when writing
//! GPU tests:
//! - It stops a thread's loops after about 65535 iterations in all, nested loops included
//!   (gallivm's guard against hangs), silently: a shader looping longer computes wrong results
//!   there but not on a real GPU. Spread long work over threads instead.
//! - It has timestamp queries, f64, f16, subgroups and f32 atomics (`adapter_is_vulkan_never_gl`
//!   in the tests checks this).

pub mod device;
pub mod harness;
pub mod print;
pub mod private_memory;
pub mod reflect;
pub mod texture;

pub use device::{
    AdapterSummary, Binding, BindingKind, ComputeJob, DRIVER_HINT, Gpu, GpuError, GpuOptions,
    OpenedDevice, RunResult, TIMEOUT_ENV, WANTED_FEATURES, bytes_to_words, open_device_for_host,
    words_to_bytes,
};
pub use harness::{OutputBuffer, PlanError, TestPlan, format_outputs, names_match, plan_test};
pub use print::{PrintArgKind, PrintFormat, decode_print_buffer, print_buffer_binding};
pub use reflect::{ResourceInfo, ValueLayout, WgslInfo, reflect_wgsl};
pub use texture::{SamplerShape, TextureAccess, TextureShape};
pub use wgpu::{Features, TextureFormat};

/// `wgsl` as wgpu's naga parses it: without the standard `enable subgroups;` directive, which
/// naga does not implement yet (it accepts the subgroup built-ins when the device has the
/// feature). Browsers require the directive, so the compiler writes it and hosts on wgpu drop it.
pub fn wgsl_for_naga(wgsl: &str) -> std::borrow::Cow<'_, str> {
    if !wgsl.contains("enable subgroups;") {
        return std::borrow::Cow::Borrowed(wgsl);
    }
    std::borrow::Cow::Owned(
        wgsl.lines()
            .filter(|line| line.trim() != "enable subgroups;")
            .flat_map(|line| [line, "\n"])
            .collect(),
    )
}
