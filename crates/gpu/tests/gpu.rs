//! Real compute dispatches (lavapipe here and in CI).

mod common;

use std::time::Duration;

use expect_test::expect;
use gpu::{
    Binding, BindingKind, ComputeJob, Features, GpuError, GpuOptions, PrintArgKind, PrintFormat,
    bytes_to_words, decode_print_buffer, print_buffer_binding, words_to_bytes,
};

fn storage(binding: u32, name: &str, words: &[u32], readback: bool) -> Binding {
    Binding {
        group: 0,
        binding,
        name: name.to_string(),
        kind: BindingKind::Storage { read_only: false },
        initial: words_to_bytes(words),
        readback,
    }
}

fn read_only(binding: u32, name: &str, words: &[u32]) -> Binding {
    Binding {
        kind: BindingKind::Storage { read_only: true },
        ..storage(binding, name, words, false)
    }
}

#[test]
fn gpu_is_shareable_across_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<gpu::Gpu>();
}

#[test]
fn adapter_is_vulkan_never_gl() {
    let Some(gpu) = common::gpu() else { return };
    let info = gpu.adapter_info();
    eprintln!("adapter: {info} driver {}", info.driver);
    assert_eq!(info.backend, "Vulkan", "adapter {info}");
    if info.device_type == "Cpu" {
        // Here and in CI: Mesa's lavapipe, with the features the project relies on.
        assert!(info.name.starts_with("llvmpipe"), "adapter {info}");
        let needed = Features::SHADER_F64
            | Features::SHADER_F16
            | Features::SUBGROUP
            | Features::SHADER_FLOAT32_ATOMIC
            | Features::TIMESTAMP_QUERY;
        assert!(
            gpu.features().contains(needed),
            "missing {:?}",
            needed - gpu.features()
        );
    }
}

const AFFINE: &str = r#"
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < arrayLength(&input) {
        output[id.x] = input[id.x] * 2.0 + 1.0;
    }
}
"#;

#[test]
fn read_and_write_buffers() {
    let Some(gpu) = common::gpu() else { return };
    let input: Vec<f32> = (0..256).map(|i| i as f32 * 0.25 - 7.0).collect();
    let mut job = ComputeJob::new(AFFINE, "main");
    job.bindings = vec![
        read_only(
            0,
            "input",
            &input.iter().map(|f| f.to_bits()).collect::<Vec<_>>(),
        ),
        storage(1, "output", &[0; 256], true),
    ];
    job.dispatch = [4, 1, 1];
    let result = gpu.run_compute(&job).expect("dispatch");
    let output = bytes_to_words(result.buffer("output").expect("read back"));
    let expected: Vec<u32> = input.iter().map(|x| (x * 2.0 + 1.0).to_bits()).collect();
    assert_eq!(output, expected);
    assert_eq!(result.buffers.len(), 1, "only readback buffers come back");
    assert!(
        result.gpu_time_ns.is_some_and(|t| t > 0.0),
        "timestamps on lavapipe"
    );
}

#[test]
fn dispatch_sizes_cover_every_invocation_once() {
    let Some(gpu) = common::gpu() else { return };
    let shader = r#"
@group(0) @binding(0) var<storage, read_write> hits: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> where_: array<u32>;

@compute @workgroup_size(2, 2, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(workgroup_id) wg: vec3<u32>) {
    let width = groups.x * 2u;
    let height = groups.y * 2u;
    let index = id.x + width * (id.y + height * id.z);
    atomicAdd(&hits[index], 1u);
    where_[index] = wg.x * 100u + wg.y * 10u + wg.z;
}
"#;
    let dispatch = [3, 2, 2];
    let total = (dispatch[0] * 2 * dispatch[1] * 2 * dispatch[2]) as usize;
    let mut job = ComputeJob::new(shader, "main");
    job.bindings = vec![
        storage(0, "hits", &vec![0; total], true),
        storage(1, "where", &vec![0; total], true),
    ];
    job.dispatch = dispatch;
    let result = gpu.run_compute(&job).expect("dispatch");
    assert_eq!(
        bytes_to_words(result.buffer("hits").unwrap()),
        vec![1; total]
    );
    let groups: Vec<String> = bytes_to_words(result.buffer("where").unwrap())
        .iter()
        .map(|w| format!("{w:03}"))
        .collect();
    expect!["000 000 100 100 200 200 000 000 100 100 200 200 010 010 110 110 210 210 010 010 110 110 210 210 001 001 101 101 201 201 001 001 101 101 201 201 011 011 111 111 211 211 011 011 111 111 211 211"].assert_eq(&groups.join(" "));
}

#[test]
fn f32_math_matches_a_cpu_reference() {
    let Some(gpu) = common::gpu() else { return };
    let shader = r#"
@group(0) @binding(0) var<storage, read> xs: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i >= arrayLength(&xs) { return; }
    let x = xs[i];
    out[i * 5u + 0u] = sin(x);
    out[i * 5u + 1u] = exp(x * 0.1);
    out[i * 5u + 2u] = sqrt(abs(x));
    out[i * 5u + 3u] = pow(abs(x) + 1.0, 1.5);
    out[i * 5u + 4u] = fma(x, x, -3.0) / (1.0 + x * x);
}
"#;
    let xs: Vec<f32> = (0..1024).map(|i| (i as f32 - 512.0) * 0.037).collect();
    let mut job = ComputeJob::new(shader, "main");
    job.bindings = vec![
        read_only(0, "xs", &xs.iter().map(|f| f.to_bits()).collect::<Vec<_>>()),
        storage(1, "out", &vec![0; xs.len() * 5], true),
    ];
    job.dispatch = [16, 1, 1];
    let result = gpu.run_compute(&job).expect("dispatch");
    let out: Vec<f32> = bytes_to_words(result.buffer("out").unwrap())
        .into_iter()
        .map(f32::from_bits)
        .collect();
    let mut worst = 0.0f64;
    for (i, &x) in xs.iter().enumerate() {
        let x = f64::from(x);
        let reference = [
            x.sin(),
            (x * 0.1).exp(),
            x.abs().sqrt(),
            (x.abs() + 1.0).powf(1.5),
            x.mul_add(x, -3.0) / (1.0 + x * x),
        ];
        for (k, r) in reference.iter().enumerate() {
            let got = f64::from(out[i * 5 + k]);
            let error = (got - r).abs() / r.abs().max(1.0);
            worst = worst.max(error);
            assert!(error < 1e-5, "x = {x}, function {k}: got {got}, want {r}");
        }
    }
    eprintln!("worst relative error vs f64: {worst:e}");
}

#[test]
fn atomics_sum_and_max() {
    let Some(gpu) = common::gpu() else { return };
    let float_atomics = gpu.features().contains(Features::SHADER_FLOAT32_ATOMIC);
    let shader = format!(
        r#"
@group(0) @binding(0) var<storage, read_write> counters: array<atomic<u32>, 2>;
@group(0) @binding(1) var<storage, read_write> signed_min: atomic<i32>;
{float_decl}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
    atomicAdd(&counters[0], 1u);
    atomicMax(&counters[1], id.x * 3u);
    atomicMin(&signed_min, 100 - i32(id.x));
    {float_use}
}}
"#,
        float_decl = if float_atomics {
            "@group(0) @binding(2) var<storage, read_write> float_sum: atomic<f32>;"
        } else {
            ""
        },
        float_use = if float_atomics {
            "atomicAdd(&float_sum, 0.5);"
        } else {
            ""
        },
    );
    let mut job = ComputeJob::new(shader, "main");
    job.bindings = vec![
        storage(0, "counters", &[0, 0], true),
        storage(1, "signed_min", &[0], true),
    ];
    if float_atomics {
        job.bindings.push(storage(2, "float_sum", &[0], true));
    }
    job.dispatch = [16, 1, 1];
    let result = gpu.run_compute(&job).expect("dispatch");
    assert_eq!(
        bytes_to_words(result.buffer("counters").unwrap()),
        [1024, 1023 * 3]
    );
    assert_eq!(
        bytes_to_words(result.buffer("signed_min").unwrap()),
        [(100 - 1023i32) as u32]
    );
    if float_atomics {
        let sum = f32::from_bits(bytes_to_words(result.buffer("float_sum").unwrap())[0]);
        assert_eq!(sum, 512.0);
    }
}

/// Hand-written code of the kind the compiler emits for `printf` (see `gpu::print`).
const PRINTING: &str = r#"
@group(0) @binding(0) var<storage, read_write> print_buffer: array<atomic<u32>>;

fn print2(format: u32, a: u32, b: u32) {
    let at = atomicAdd(&print_buffer[0], 4u) + 1u;
    if at + 4u <= arrayLength(&print_buffer) {
        atomicStore(&print_buffer[at], format + 1u);
        atomicStore(&print_buffer[at + 1u], 2u);
        atomicStore(&print_buffer[at + 2u], a);
        atomicStore(&print_buffer[at + 3u], b);
    }
}

fn print3(format: u32, a: u32, b: u32, c: u32) {
    let at = atomicAdd(&print_buffer[0], 5u) + 1u;
    if at + 5u <= arrayLength(&print_buffer) {
        atomicStore(&print_buffer[at], format + 1u);
        atomicStore(&print_buffer[at + 1u], 3u);
        atomicStore(&print_buffer[at + 2u], a);
        atomicStore(&print_buffer[at + 3u], b);
        atomicStore(&print_buffer[at + 4u], c);
    }
}

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = f32(i) * 1.25 - 2.0;
    print2(0u, i, bitcast<u32>(x));
    print3(1u, bitcast<u32>(-i32(i)), bitcast<u32>(x * 1000.0), i * 255u);
}
"#;

fn print_formats() -> Vec<PrintFormat> {
    vec![
        PrintFormat {
            format: "thread %u: x = %f\n".into(),
            args: vec![PrintArgKind::U32, PrintArgKind::F32],
        },
        PrintFormat {
            format: "%3d|%10.3e|%#06x\n".into(),
            args: vec![PrintArgKind::I32, PrintArgKind::F32, PrintArgKind::U32],
        },
    ]
}

#[test]
fn print_buffer_records_decode() {
    let Some(gpu) = common::gpu() else { return };
    let mut job = ComputeJob::new(PRINTING, "main");
    job.bindings = vec![print_buffer_binding(0, 0, "print_buffer", 63)];
    let result = gpu.run_compute(&job).expect("dispatch");
    let text = decode_print_buffer(
        &bytes_to_words(result.buffer("print_buffer").unwrap()),
        &print_formats(),
        &[],
    );
    // Threads race for the cursor: the order of lines is not fixed.
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort();
    expect![[r#"
          0|-2.000e+03|000000
         -1|-7.500e+02|0x00ff
         -2| 5.000e+02|0x01fe
         -3| 1.750e+03|0x02fd
        thread 0: x = -2.000000
        thread 1: x = -0.750000
        thread 2: x = 0.500000
        thread 3: x = 1.750000"#]]
    .assert_eq(&lines.join("\n"));
}

#[test]
fn print_buffer_overflow_is_reported() {
    let Some(gpu) = common::gpu() else { return };
    let mut job = ComputeJob::new(PRINTING, "main");
    // Room for the cursor and 20 words: 4 threads want 4 * (4 + 5) = 36.
    job.bindings = vec![storage(0, "print_buffer", &[0; 21], true)];
    let result = gpu.run_compute(&job).expect("dispatch");
    let text = decode_print_buffer(
        &bytes_to_words(result.buffer("print_buffer").unwrap()),
        &print_formats(),
        &[],
    );
    let last = text.lines().last().unwrap_or_default().to_string();
    let records = text.lines().count() - 1;
    assert!((2..=4).contains(&records), "{text}");
    assert!(
        last.starts_with("<print buffer full: ") && last.ends_with(" of 36 words lost>"),
        "{text}"
    );
}

#[test]
fn validation_errors_are_values_and_the_device_survives() {
    let Some(gpu) = common::gpu() else { return };
    let broken = r#"
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(1)
fn main() { out[0] = 1u; }
"#;
    let mut job = ComputeJob::new(broken, "main");
    job.bindings = vec![storage(0, "out", &[0], true)];
    let error = gpu.run_compute(&job).expect_err("type error");
    let GpuError::Validation(message) = &error else {
        panic!("expected a validation error, got {error:?}");
    };
    assert!(message.contains("out[0] = 1u"), "{message}");

    let mut missing_entry = ComputeJob::new(AFFINE, "nope");
    missing_entry.bindings = vec![
        read_only(0, "input", &[0]),
        storage(1, "output", &[0], true),
    ];
    let error = gpu
        .run_compute(&missing_entry)
        .expect_err("no such entry point");
    assert!(matches!(error, GpuError::Validation(_)), "{error:?}");

    // A binding the shader declares but the job lacks.
    let mut unbound = ComputeJob::new(AFFINE, "main");
    unbound.bindings = vec![storage(1, "output", &[0], true)];
    let error = gpu.run_compute(&unbound).expect_err("missing binding");
    assert!(matches!(error, GpuError::Validation(_)), "{error:?}");

    let mut good = ComputeJob::new(AFFINE, "main");
    good.bindings = vec![
        read_only(0, "input", &[3.0f32.to_bits()]),
        storage(1, "output", &[0], true),
    ];
    let result = gpu.run_compute(&good).expect("device still works");
    assert_eq!(
        bytes_to_words(result.buffer("output").unwrap()),
        [7.0f32.to_bits()]
    );
}

#[test]
fn invalid_jobs_are_rejected_before_the_gpu_sees_them() {
    let Some(gpu) = common::gpu() else { return };
    let limit = gpu.limits().max_uniform_buffer_binding_size;
    let mut too_big = ComputeJob::new(AFFINE, "main");
    too_big.bindings = vec![Binding {
        group: 0,
        binding: 0,
        name: "params".into(),
        kind: BindingKind::Uniform,
        initial: vec![0; limit as usize + 4],
        readback: false,
    }];
    expect!["buffer `params` has LIMIT+4 bytes, more than the device allows (max_uniform_buffer_binding_size = LIMIT)"].assert_eq(
        &gpu.run_compute(&too_big)
            .expect_err("too big")
            .to_string()
            .replace(&limit.to_string(), "LIMIT")
            .replace(&(limit + 4).to_string(), "LIMIT+4"),
    );

    let mut duplicate = ComputeJob::new(AFFINE, "main");
    duplicate.bindings = vec![storage(0, "a", &[0], false), storage(0, "b", &[0], false)];
    let mut huge_dispatch = ComputeJob::new(AFFINE, "main");
    huge_dispatch.dispatch = [u32::MAX, 1, 1];
    let errors: Vec<String> = [duplicate, huge_dispatch]
        .iter()
        .map(|job| gpu.run_compute(job).expect_err("invalid").to_string())
        .collect();
    expect![[r#"
        invalid compute job: two buffers at @group(0) @binding(0)
        invalid compute job: dispatch [4294967295, 1, 1] exceeds 65535 workgroups per dimension"#]]
    .assert_eq(&errors.join("\n"));
}

#[test]
fn runaway_shader_times_out() {
    let Some(gpu) = common::gpu_with(GpuOptions {
        timeout: Duration::from_millis(200),
        ..GpuOptions::default()
    }) else {
        return;
    };
    // A hash chain LLVM cannot shorten, with the trip count read at run time. llvmpipe stops a
    // thread's loops after about 65535 iterations in all (gallivm's guard against hangs, nested
    // loops included), so the long run uses many threads: 600 workgroups of 64 threads doing
    // 60000 steps each take about 3 s, long enough to miss the deadline and short enough that the
    // abandoned dispatch does not slow the other tests for long.
    let shader = r#"
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> trips: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var s = id.x + 1u;
    for (var i = 0u; i < trips[0]; i++) {
        s = s * 1664525u + 1013904223u;
        s ^= s >> 13u;
    }
    out[id.x] = s;
}
"#;
    let job_with = |trips: u32, groups: u32| {
        let mut job = ComputeJob::new(shader, "main");
        job.bindings = vec![
            storage(0, "out", &vec![0; 64 * groups as usize], true),
            read_only(1, "trips", &[trips]),
        ];
        job.dispatch = [groups, 1, 1];
        job
    };
    let quick = gpu
        .run_compute(&job_with(8, 1))
        .expect("a short run finishes");
    let expected: Vec<u32> = (1..=64u32)
        .map(|mut s| {
            for _ in 0..8 {
                s = s.wrapping_mul(1664525).wrapping_add(1013904223);
                s ^= s >> 13;
            }
            s
        })
        .collect();
    assert_eq!(bytes_to_words(quick.buffer("out").unwrap()), expected);
    let job = job_with(60_000, 600);
    let error = gpu.run_compute(&job).expect_err("should time out");
    assert_eq!(error, GpuError::Timeout(Duration::from_millis(200)));
    expect!["the dispatch did not finish within 0.2 s (a runaway shader? set DSLANG_GPU_TIMEOUT to allow longer); the device is replaced for the next run"]
        .assert_eq(&error.to_string());
    // The abandoned device may still be running; the next job gets a new one and works.
    let after = gpu
        .run_compute(&job_with(8, 1))
        .expect("a new device after the timeout");
    assert_eq!(bytes_to_words(after.buffer("out").unwrap()), expected);
    assert_eq!(gpu.devices_replaced(), 1);
}

#[test]
fn a_lost_device_is_an_error_and_replaced() {
    let Some(gpu) = common::gpu() else { return };
    let mut job = ComputeJob::new(AFFINE, "main");
    job.bindings = vec![
        read_only(0, "input", &[1.5f32.to_bits(), 2.0f32.to_bits()]),
        storage(1, "output", &[0, 0], true),
    ];
    job.dispatch = [1, 1, 1];
    let before = gpu.run_compute(&job).expect("runs");
    assert_eq!(
        bytes_to_words(before.buffer("output").unwrap()),
        [4.0f32.to_bits(), 5.0f32.to_bits()]
    );
    gpu.destroy_device();
    // Either the loss is reported, or the job already runs on the replacement: never a panic.
    match gpu.run_compute(&job) {
        Ok(result) => assert_eq!(result.buffers, before.buffers),
        Err(error) => {
            assert!(matches!(error, GpuError::DeviceLost(_)), "{error:?}");
            let again = gpu.run_compute(&job).expect("a new device");
            assert_eq!(again.buffers, before.buffers);
        }
    }
    assert_eq!(gpu.devices_replaced(), 1);
}
