//! The B3 host against the committed manifest and slangc WGSL, and one small dispatch.

use std::path::{Path, PathBuf};

use bench_gpu::{
    BufferSpec, ElemKind, Fill, Host, Manifest, Timing, bind_buffers, binds_to, checksum,
    context_size, measure_kernel, quantile, ratio_stats,
};
use expect_test::expect;

fn bench_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/gpu")
}

fn manifest() -> Manifest {
    let text = std::fs::read_to_string(bench_dir().join("manifest.json")).expect("manifest.json");
    serde_json::from_str(&text).expect("manifest parses")
}

fn slangc_wgsl(name: &str) -> String {
    std::fs::read_to_string(bench_dir().join("slangc").join(name)).expect("slangc WGSL committed")
}

#[test]
fn every_kernel_has_its_source_and_binds_to_slangc_wgsl() {
    let manifest = manifest();
    let mut summary = String::new();
    for spec in &manifest.kernels {
        assert!(
            bench_dir().join(&spec.source).exists(),
            "{} has no source",
            spec.name
        );
        let bindings = bind_buffers(spec, &slangc_wgsl(&spec.wgsl_name()), 256)
            .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
        if spec.name.ends_with("@16") || !spec.name.starts_with("taylor") {
            let names: Vec<String> = bindings
                .iter()
                .map(|b| format!("{}@{} {}B", b.name, b.binding, b.initial.len()))
                .collect();
            summary += &format!("{}: {}\n", spec.name, names.join(", "));
        }
    }
    expect![[r#"
        taylor_maxiters_primal@16: params@1 4B, result@2 1024B, xs@0 1024B
        taylor_maxiters_fwd@16: params@1 4B, result@2 1024B, xs@0 1024B
        taylor_maxiters_bwd@16: params@1 4B, xs@0 1024B, result@2 1024B
        shapes_primal: params@2 12B, shapes@0 512B, image@3 4096B
        shapes_fwd: params@2 12B, shapes@0 512B, image@3 4096B
        shapes_bwd: params@2 12B, shapes@0 512B, targetImage@1 4096B, grads@4 512B
        shapes_bwd_wg: params@2 12B, shapes@0 512B, targetImage@1 4096B, grads@4 512B
        shapes_bwd_sg: params@2 12B, shapes@0 512B, targetImage@1 4096B, grads@4 512B
        ggx_primal: materials@0 4096B, normals@1 4096B, result@2 4096B
        ggx_fwd: materials@0 4096B, normals@1 4096B, result@2 4096B
        ggx_bwd: materials@0 4096B, normals@1 4096B, gradMaterials@3 4096B, gradSpecular@4 1024B
    "#]]
    .assert_eq(&summary);
    assert_eq!(manifest.kernels.len(), 32);
}

/// bench/gpu/headroom.sh: every variant kernel binds its buffers.
#[test]
fn headroom_variants_bind() {
    let dir = bench_dir().join("headroom");
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("headroom manifest");
    let manifest: Manifest = serde_json::from_str(&text).expect("headroom manifest parses");
    for spec in &manifest.kernels {
        let wgsl = std::fs::read_to_string(dir.join(spec.wgsl_name()))
            .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
        bind_buffers(spec, &wgsl, 256).unwrap_or_else(|e| panic!("{}: {e}", spec.name));
    }
    assert_eq!(manifest.kernels.len(), 92);
}

#[test]
fn names_bind_across_compilers() {
    assert!(binds_to("xs", "xs"));
    assert!(binds_to("xs_0", "xs"));
    assert!(binds_to("target_", "target"));
    assert!(!binds_to("xs_y", "xs"));
    assert!(!binds_to("xsa", "xs"));
}

#[test]
fn unbound_global_is_an_error() {
    let mut spec = manifest().kernels.remove(0);
    spec.buffers.retain(|b| b.name != "xs");
    let error = bind_buffers(&spec, &slangc_wgsl(&spec.wgsl_name()), 4).unwrap_err();
    expect![[r#"the module's global `xs_0` has no buffer in the manifest"#]].assert_eq(&error);
}

#[test]
fn fills_are_deterministic() {
    let uniform = BufferSpec {
        name: "x".into(),
        elem: ElemKind::F32,
        per_thread: Some(2),
        count: None,
        fill: Fill::Uniform {
            uniform: [-1.0, 1.0],
            seed: 7,
        },
        check: false,
    };
    let bytes = uniform.contents(2).unwrap();
    expect![[r#"
        Checksum {
            sum: 1.0078494250774384,
            abs_sum: 2.669002443552017,
            first: [
                0.8474001884460449,
                0.9910257458686829,
                -0.12793919444084167,
                -0.7026373147964478,
            ],
            non_finite: 0,
        }
    "#]]
    .assert_debug_eq(&checksum(ElemKind::F32, &bytes));
    let data = BufferSpec {
        fill: Fill::Data {
            data: vec![1.0, 2.0],
        },
        elem: ElemKind::I32,
        per_thread: None,
        count: Some(3),
        ..uniform.clone()
    };
    assert_eq!(
        checksum(ElemKind::I32, &data.contents(100).unwrap()).first,
        vec![1.0, 2.0, 1.0]
    );
    let unknown = BufferSpec {
        fill: Fill::Named("ones".into()),
        ..uniform
    };
    expect!["buffer `x`: unknown fill `ones`"].assert_eq(&unknown.contents(1).unwrap_err());
}

#[test]
fn context_sizes_of_both_compilers() {
    let dslang = "
        fn bwd(x: f32) -> f32 {
            var tape3_: array<f32, 16>;
            var tape7_: array<i32, 16>;
            var adj: f32;
            return x;
        }
        @compute @workgroup_size(1) fn main() { _ = bwd(1.0); }
    ";
    expect![[r#"
        Some(
            ContextSize {
                bytes: 128,
                how: "tape locals: bwd.tape3_ 64, bwd.tape7_ 64",
            },
        )
    "#]]
    .assert_debug_eq(&context_size(dslang).unwrap());
    expect![[r#"
        Some(
            ContextSize {
                bytes: 532,
                how: "struct s_bwdCallableCtx_taylorSin_0",
            },
        )
    "#]]
    .assert_debug_eq(&context_size(&slangc_wgsl("taylor_maxiters_bwd.wgsl")).unwrap());
    assert_eq!(
        context_size(&slangc_wgsl("taylor_maxiters_primal.wgsl")).unwrap(),
        None
    );
    // Callees' contexts live while their caller runs; two callees' do not live at once.
    let nested = "
        fn inner(x: f32) -> f32 { var tape1_: array<f32, 25>; return x; }
        fn first(x: f32) -> f32 { var tape2_: array<f32, 16>; return x; }
        fn second(x: f32) -> f32 { var tape3_: array<f32, 4>; var ctx_arg: f32; return inner(x); }
        @compute @workgroup_size(1) fn main() { _ = first(1.0); if true { _ = second(2.0); } }
    ";
    expect![
        "Some(ContextSize { bytes: 116, how: \"tape locals: second.tape3_ 16, inner.tape1_ 100\" })"
    ]
    .assert_eq(&format!("{:?}", context_size(nested).unwrap()));
}

#[test]
fn ratio_statistics() {
    let stats = ratio_stats("slangc", &[1.0, 0.5, 2.0, 1.5, 0.9]);
    expect![[r#"
        RatioStats {
            against: "slangc",
            median: 1.0,
            q1: 0.9,
            q3: 1.5,
            min: 0.5,
            max: 2.0,
            rounds: 5,
        }
    "#]]
    .assert_debug_eq(&stats);
    assert_eq!(quantile(&[1.0, 3.0], 0.5), 2.0);
    assert!(quantile(&[], 0.5).is_nan());
}

/// The reverse-mode Taylor kernel from slangc on one workgroup, twice under two names (the
/// second is the reference): 16 terms of sin' are cos, both agree, and the ratios are computed
/// per round.
#[test]
fn runs_a_kernel_on_the_gpu() {
    let host = match Host::new() {
        Ok(host) => host,
        Err(e) if std::env::var_os("DSLANG_REQUIRE_GPU").is_none() => {
            eprintln!("skipped: {e}");
            return;
        }
        Err(e) => panic!("DSLANG_REQUIRE_GPU is set but: {e}"),
    };
    let spec = manifest()
        .kernels
        .into_iter()
        .find(|k| k.name == "taylor_maxiters_bwd@16")
        .unwrap();
    let timing = Timing {
        rounds: 3,
        target_ms: 1.0,
        max_iterations: 2,
        warmup_rounds: 2,
        ..Timing::default()
    };
    let wgsl = slangc_wgsl(&spec.wgsl_name());
    let compilers = vec![("a".to_string(), wgsl.clone()), ("b".to_string(), wgsl)];
    let measured = measure_kernel(&host, &spec, &compilers, spec.groups, timing);
    let [Ok(a), Ok(b)] = &measured[..] else {
        panic!("{measured:?}");
    };
    assert_eq!(a.samples_ms.len(), 3);
    assert!(a.median_ms > 0.0 && b.median_ms > 0.0);
    assert!((1..=2).contains(&a.warmup_rounds));
    let ratio = a.ratio.as_ref().expect("a has a ratio against b");
    assert_eq!((ratio.against.as_str(), ratio.rounds), ("b", 3));
    assert!(ratio.min <= ratio.median && ratio.median <= ratio.max && ratio.min > 0.0);
    assert!(b.ratio.is_none(), "the reference has no ratio");
    assert_eq!(a.checks, b.checks);
    let xs = spec.buffers.iter().find(|b| b.name == "xs").unwrap();
    let inputs = checksum(ElemKind::F32, &xs.contents(256).unwrap()).first;
    let result = &a.checks["result"];
    for (x, dx) in inputs.iter().zip(&result.first) {
        assert!((x.cos() - dx).abs() < 1e-4, "d/dx sin({x}) = {dx}");
    }
}

/// A compiler whose WGSL does not bind is reported; the other is still measured, without ratio.
#[test]
fn a_failing_compiler_leaves_the_other_measured() {
    let Ok(host) = Host::new() else {
        eprintln!("skipped: no GPU");
        return;
    };
    let spec = manifest()
        .kernels
        .into_iter()
        .find(|k| k.name == "taylor_maxiters_primal@16")
        .unwrap();
    let timing = Timing {
        rounds: 1,
        target_ms: 1.0,
        max_iterations: 1,
        warmup_rounds: 1,
        ..Timing::default()
    };
    let unbound = "@group(0) @binding(7) var<storage, read_write> other: array<f32>;\n\
                   @compute @workgroup_size(1) fn main() { other[0] = 1.0; }";
    let compilers = vec![
        ("good".to_string(), slangc_wgsl(&spec.wgsl_name())),
        ("bad".to_string(), unbound.to_string()),
    ];
    let measured = measure_kernel(&host, &spec, &compilers, spec.groups, timing);
    let good = measured[0].as_ref().expect("good is measured");
    assert!(good.ratio.is_none(), "no reference to compare with");
    expect!["the module's global `other` has no buffer in the manifest"]
        .assert_eq(measured[1].as_ref().unwrap_err());
}
