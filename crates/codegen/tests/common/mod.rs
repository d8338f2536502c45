//! Shared helpers: build kernels by hand, lower them, check WGSL snapshots, re-validate the WGSL
//! through naga's front end, and run `spirv-val` on the SPIR-V.

#![allow(dead_code)]

use codegen::{Options, lower, to_spirv, to_wgsl};
use expect_test::Expect;
use ir::*;

pub struct Kernel {
    pub m: Module,
    pub out: GlobalId,
}

/// A module with `RWStructuredBuffer<T> outputBuffer`.
pub fn module_with_output(elem: impl FnOnce(&mut Types) -> TypeId) -> Kernel {
    let mut m = Module::new();
    let ty = elem(&mut m.types);
    let out = m.add_global(
        "outputBuffer",
        ty,
        GlobalKind::StorageBuffer {
            access: BufferAccess::ReadWrite,
        },
    );
    Kernel { m, out }
}

/// Adds `computeMain(uint3 tid : SV_DispatchThreadID)` with `[numthreads(n,1,1)]`; the body
/// closure gets the builder and `tid.x`.
pub fn entry(m: &mut Module, threads: u32, body: impl FnOnce(&mut FunctionBuilder, ValueId)) {
    let void = m.types.void();
    let uv3 = m.types.vector(Scalar::U32, 3);
    let mut b = FunctionBuilder::new(m, "computeMain", void);
    let tid = b.param("tid", uv3, ParamDir::In);
    let t = b.load(Place::param(tid));
    let x = b.swizzle(t, &[0]);
    body(&mut b, x);
    let id = b.finish().unwrap_or_else(|e| panic!("{e:?}"));
    m.add_entry_point(
        "computeMain",
        id,
        [threads, 1, 1],
        vec![Builtin::DispatchThreadId],
    );
}

pub fn wgsl(m: &Module) -> String {
    let lowered = lower(m, &Options::wgsl()).unwrap_or_else(|e| panic!("{e}\n{}", print_module(m)));
    to_wgsl(&lowered.module, &lowered.info).unwrap_or_else(|e| panic!("{e}"))
}

/// Lowers for WGSL, snapshots the text, re-parses and re-validates it, and checks the SPIR-V.
pub fn check(m: &Module, expect: Expect) {
    let text = wgsl(m);
    expect.assert_eq(&text);
    reparse(&text);
    check_spirv(m);
}

pub fn reparse(text: &str) {
    // naga parses subgroup built-ins without the standard directive, which it does not know yet.
    let text = &text.replace("enable subgroups;\n", "");
    let module = naga::front::wgsl::parse_str(text)
        .unwrap_or_else(|e| panic!("{}\n{text}", e.emit_to_string(text)));
    let mut v = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    );
    v.validate(&module)
        .unwrap_or_else(|e| panic!("{e:?}\n{text}"));
}

pub fn check_spirv(m: &Module) {
    let lowered = lower(m, &Options::spirv()).unwrap_or_else(|e| panic!("{e}"));
    let words = to_spirv(&lowered.module, &lowered.info).unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&words);
}

pub fn spirv_val(words: &[u32]) {
    let Ok(status) = std::process::Command::new("spirv-val")
        .arg("--version")
        .output()
    else {
        eprintln!("skipping spirv-val: the spirv-val binary (spirv-tools) is not installed");
        return;
    };
    let _ = status;
    let dir = std::env::temp_dir().join(format!("dslang-codegen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!(
        "{:x}.spv",
        words
            .iter()
            .fold(0u64, |h, w| h.wrapping_mul(31).wrapping_add(*w as u64))
    ));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("spirv-val")
        .args(["--target-env", "vulkan1.1"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "spirv-val failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_file(&path);
}
