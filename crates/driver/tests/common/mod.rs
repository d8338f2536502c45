//! What the driver's GPU tests share: one device per test binary (lavapipe where there is no
//! GPU), skipped without an adapter unless DSLANG_REQUIRE_GPU=1.

use std::sync::OnceLock;

pub fn gpu() -> Option<&'static gpu::Gpu> {
    static GPU: OnceLock<Option<gpu::Gpu>> = OnceLock::new();
    GPU.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("dslang-driver-test-xdg-{}", std::process::id()));
        if std::fs::create_dir_all(&dir).is_ok() {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
            // SAFETY: set once, before the first Vulkan start.
            unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
        }
        let required =
            std::env::var_os("DSLANG_REQUIRE_GPU").is_some_and(|v| !v.is_empty() && v != "0");
        match gpu::Gpu::new(gpu::GpuOptions::default()) {
            Ok(g) => Some(g),
            Err(e @ gpu::GpuError::NoAdapter { .. }) if !required => {
                eprintln!(
                    "skipping GPU test: {e} (set DSLANG_REQUIRE_GPU=1 to make this a failure)"
                );
                None
            }
            Err(e) => panic!("no GPU: {e}"),
        }
    })
    .as_ref()
}
