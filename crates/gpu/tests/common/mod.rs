//! Shared set-up for GPU tests: a quiet Mesa, and skipping only when no adapter exists and
//! `DSLANG_REQUIRE_GPU` is unset.

use std::sync::Once;

use gpu::{Gpu, GpuError, GpuOptions};

static QUIET_MESA: Once = Once::new();

/// Mesa warns on every Vulkan start when XDG_RUNTIME_DIR is unset or invalid.
pub fn quiet_mesa() {
    QUIET_MESA.call_once(|| {
        let dir = std::env::temp_dir().join(format!("dslang-xdg-{}", std::process::id()));
        if std::fs::create_dir_all(&dir).is_ok() {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
            // SAFETY: every GPU test calls this before anything reads the environment on another
            // thread: `Once` blocks concurrent callers until the variable is set.
            unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
        }
    });
}

pub fn require_gpu() -> bool {
    std::env::var_os("DSLANG_REQUIRE_GPU").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Opens the GPU, or returns `None` (printing why) when there is none and none is required.
pub fn gpu_with(options: GpuOptions) -> Option<Gpu> {
    quiet_mesa();
    match Gpu::new(options) {
        Ok(gpu) => Some(gpu),
        Err(e @ GpuError::NoAdapter { .. }) if !require_gpu() => {
            eprintln!("skipping GPU test: {e} (set DSLANG_REQUIRE_GPU=1 to make this a failure)");
            None
        }
        Err(e) => panic!("no GPU: {e}"),
    }
}

pub fn gpu() -> Option<Gpu> {
    gpu_with(GpuOptions::default())
}
