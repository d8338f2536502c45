//! `bench-gpu run MANIFEST --wgsl NAME=DIR [--wgsl NAME=DIR...] -o RESULTS.json [--scale K]
//!            [--reps N] [--target-ms T] [--max-iterations N] [--only SUBSTRING]`
//! `bench-gpu context FILE.wgsl...`
//!
//! `run` dispatches every kernel of the manifest as compiled by each named compiler (DIR holds
//! `<source stem>.wgsl`) on one wgpu device and writes the adapter, the per-kernel median time per
//! dispatch, checksums of the result buffers and the reverse-mode context size as JSON. `--scale K`
//! divides every dispatch (and the per-thread buffers) by K, for software drivers. A kernel that
//! fails for one compiler is recorded with its error; the others go on.
//! `context` prints the per-thread intermediate-context size of each WGSL file as JSON lines.
//!
//! Exit status: 0 ran (kernel failures are in the results), 2 bad command line or unreadable
//! input, 3 no usable GPU adapter.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use bench_gpu::{Host, Manifest, Timing, context_size, measure_kernel};
use gpu::Features;
use serde_json::{Value, json};

const USAGE: &str = "usage: bench-gpu run MANIFEST --wgsl NAME=DIR [--wgsl NAME=DIR...] -o RESULTS.json [--scale K] [--rounds N] [--target-ms T] [--max-iterations N] [--tolerance F] [--warmup-rounds N] [--warmup-ms T] [--only SUBSTRING]\n       bench-gpu context FILE.wgsl...";

struct RunArgs {
    manifest: PathBuf,
    compilers: Vec<(String, PathBuf)>,
    output: PathBuf,
    scale: u32,
    timing: Timing,
    only: Option<String>,
}

fn parse_run(args: &[String]) -> Result<RunArgs, String> {
    let mut manifest = None;
    let mut compilers = Vec::new();
    let mut output = None;
    let mut scale = 1;
    let mut timing = Timing::default();
    let mut only = None;
    let mut it = args.iter();
    let number = |v: Option<&String>, what: &str| -> Result<f64, String> {
        v.and_then(|s| s.parse::<f64>().ok())
            .filter(|x| *x > 0.0 && x.is_finite())
            .ok_or(format!("{what} needs a positive number"))
    };
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--wgsl" => {
                let spec = it.next().ok_or("--wgsl needs NAME=DIR")?;
                let (name, dir) = spec.split_once('=').ok_or("--wgsl needs NAME=DIR")?;
                compilers.push((name.to_string(), PathBuf::from(dir)));
            }
            "-o" => output = Some(PathBuf::from(it.next().ok_or("-o needs a file")?)),
            "--scale" => scale = number(it.next(), "--scale")? as u32,
            "--rounds" | "--reps" => timing.rounds = number(it.next(), arg)? as u32,
            "--tolerance" => timing.tolerance = number(it.next(), arg)?,
            "--warmup-rounds" => timing.warmup_rounds = number(it.next(), arg)? as u32,
            "--warmup-ms" => timing.warmup_ms = number(it.next(), arg)?,
            "--target-ms" => timing.target_ms = number(it.next(), "--target-ms")?,
            "--max-iterations" => {
                timing.max_iterations = number(it.next(), "--max-iterations")? as u32
            }
            "--only" => only = Some(it.next().ok_or("--only needs a substring")?.clone()),
            other if other.starts_with('-') => return Err(format!("unknown option `{other}`")),
            _ if manifest.is_none() => manifest = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument `{arg}`")),
        }
    }
    if compilers.is_empty() {
        return Err("name at least one --wgsl NAME=DIR".into());
    }
    Ok(RunArgs {
        manifest: manifest.ok_or("expected MANIFEST")?,
        compilers,
        output: output.ok_or("expected -o RESULTS.json")?,
        scale: scale.max(1),
        timing,
        only,
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status = match args.first().map(String::as_str) {
        Some("run") => match parse_run(&args[1..]) {
            Ok(run_args) => run(&run_args),
            Err(e) => usage_error(&e),
        },
        Some("context") if args.len() > 1 => context(&args[1..]),
        _ => usage_error(""),
    };
    ExitCode::from(status)
}

fn usage_error(message: &str) -> u8 {
    if !message.is_empty() {
        eprintln!("bench-gpu: {message}");
    }
    eprintln!("{USAGE}");
    2
}

fn context(files: &[String]) -> u8 {
    let mut status = 0;
    for file in files {
        let line = match std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|wgsl| context_size(&wgsl))
        {
            Ok(size) => json!({"file": file, "context": size}),
            Err(e) => {
                status = 2;
                json!({"file": file, "error": e})
            }
        };
        println!("{line}");
    }
    status
}

fn run(args: &RunArgs) -> u8 {
    let manifest: Manifest = match std::fs::read_to_string(&args.manifest)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(m) => m,
        Err(e) => {
            eprintln!("bench-gpu: {}: {e}", args.manifest.display());
            return 2;
        }
    };
    let gpu = match Host::new() {
        Ok(gpu) => gpu,
        Err(e) => {
            eprintln!("bench-gpu: {e}");
            return 3;
        }
    };
    eprintln!("bench-gpu: {}", gpu.adapter_info());
    let started = Instant::now();
    let mut results = Vec::new();
    for spec in &manifest.kernels {
        if args
            .only
            .as_ref()
            .is_some_and(|o| !spec.name.contains(o.as_str()))
        {
            continue;
        }
        match spec.missing_feature(gpu.features()) {
            Ok(None) => {}
            Ok(Some(feature)) => {
                eprintln!("{:<28} skipped: the device lacks {feature}", spec.name);
                for (compiler, _) in &args.compilers {
                    results.push(json!({
                        "name": spec.name, "group": spec.group, "variant": spec.variant,
                        "mode": spec.mode, "param": spec.param, "compiler": compiler,
                        "ok": false, "skipped": format!("the device lacks {feature}"),
                    }));
                }
                continue;
            }
            Err(e) => {
                eprintln!("bench-gpu: {e}");
                return 2;
            }
        }
        let threads = u64::from(spec.scaled_groups(args.scale)) * u64::from(spec.workgroup_size);
        // Read and size every compiler's WGSL first; those that fail here are not dispatched.
        let mut sources = Vec::new();
        let mut entries = Vec::new();
        for (compiler, dir) in &args.compilers {
            let path = dir.join(spec.wgsl_name());
            let entry = json!({
                "name": spec.name, "group": spec.group, "variant": spec.variant, "mode": spec.mode,
                "param": spec.param, "compiler": compiler, "threads": threads,
                "wgsl": display(&path),
            });
            let loaded = std::fs::read_to_string(&path)
                .map_err(|e| format!("{}: {e}", path.display()))
                .and_then(|wgsl| Ok((context_size(&wgsl)?, wgsl)));
            match loaded {
                Ok((context, wgsl)) => {
                    sources.push((compiler.clone(), wgsl));
                    entries.push((entry, Ok(context)));
                }
                Err(e) => entries.push((entry, Err(e))),
            }
        }
        let mut measured =
            measure_kernel(&gpu, spec, &sources, args.scale, args.timing).into_iter();
        for (mut entry, loaded) in entries {
            let compiler = entry["compiler"].as_str().unwrap_or("?").to_string();
            let outcome = loaded.and_then(|context| {
                let m = measured
                    .next()
                    .unwrap_or_else(|| Err("not measured".into()))?;
                Ok((context, m))
            });
            match outcome {
                Ok((context, m)) => {
                    let ratio = m.ratio.as_ref().map_or(String::new(), |r| {
                        format!(
                            ", /{} {:.3} [{:.3}..{:.3}]",
                            r.against, r.median, r.min, r.max
                        )
                    });
                    eprintln!(
                        "{:<28} {compiler:<7} {:>10.4} ms ({} x {}, {}, warm-up {}{}){ratio}",
                        spec.name,
                        m.median_ms,
                        m.samples_ms.len(),
                        m.iterations,
                        m.clock,
                        m.warmup_rounds,
                        if m.settled { "" } else { ", not settled" }
                    );
                    entry["ok"] = json!(true);
                    entry["context"] = json!(context);
                    entry["measurement"] = json!(m);
                }
                Err(e) => {
                    eprintln!("{:<28} {compiler:<7} FAILED: {e}", spec.name);
                    entry["ok"] = json!(false);
                    entry["error"] = json!(e);
                }
            }
            results.push(entry);
        }
        // Written after every kernel: a run cut short by a time limit keeps what it measured.
        if let Err(e) = write_results(args, &gpu, &results, started, false) {
            eprintln!("bench-gpu: {}: {e}", args.output.display());
            return 2;
        }
    }
    match write_results(args, &gpu, &results, started, true) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("bench-gpu: {}: {e}", args.output.display());
            2
        }
    }
}

fn write_results(
    args: &RunArgs,
    gpu: &Host,
    results: &[Value],
    started: Instant,
    complete: bool,
) -> Result<(), String> {
    let adapter = gpu.adapter_info();
    let features = gpu.features();
    let summary: Value = json!({
        "adapter": {"name": adapter.name, "backend": adapter.backend, "device_type": adapter.device_type, "driver": adapter.driver},
        "features": {
            "subgroup": features.contains(Features::SUBGROUP),
            "timestamp_query": features.contains(Features::TIMESTAMP_QUERY),
            "shader_float32_atomic": features.contains(Features::SHADER_FLOAT32_ATOMIC),
        },
        "scale": args.scale,
        "method": "interleaved",
        "reps": args.timing.rounds,
        "rounds": args.timing.rounds,
        "target_ms": args.timing.target_ms,
        "tolerance": args.timing.tolerance,
        "warmup_rounds_max": args.timing.warmup_rounds,
        "warmup_ms_max": args.timing.warmup_ms,
        "seconds": started.elapsed().as_secs_f64(),
        "complete": complete,
        "results": results,
    });
    let text = serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?;
    std::fs::write(&args.output, text + "\n").map_err(|e| e.to_string())
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
