//! `wgsl-run TESTFILE.slang WGSL_FILE [--entry NAME] [--json] [--expected FILE] [--timeout SECS]
//!           [--iterations N] [--no-output]`
//!
//! Runs WGSL (from slangc or dslang) with the buffers that a Slang test file's `//TEST_INPUT` lines
//! describe, dispatches with the file's `-compute-dispatch`, prints the `out` buffers in the
//! `.expected.txt` format, and compares with the expected output when there is one: the file's
//! `filecheck-buffer` CHECK lines, `--expected FILE`, or `TESTFILE.expected.txt` beside it.
//!
//! For benchmarks: `--iterations N` dispatches N times in one pass (timings are per dispatch) and
//! `--no-output` leaves the buffers out of the printed output (JSON keeps their first 16 words).
//!
//! Exit status: 0 ran (and matched, when there was something to match), 1 mismatch or a GPU /
//! shader error, 2 bad command line or unreadable input, 3 no usable GPU adapter, 4 the test uses
//! an input kind this host cannot create (skipped, with the reason).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use gpu::{Gpu, GpuError, GpuOptions, bytes_to_words, format_outputs, plan_test, reflect_wgsl};
use serde_json::json;
use test_format::{Verdict, expected_file_for, judge_output, parse_test_file};

const USAGE: &str = "usage: wgsl-run TESTFILE.slang WGSL_FILE [--entry NAME] [--json] [--expected FILE] [--timeout SECS] [--iterations N] [--no-output]";

struct Args {
    test: PathBuf,
    wgsl: PathBuf,
    entry: Option<String>,
    json: bool,
    expected: Option<PathBuf>,
    timeout: Duration,
    iterations: u32,
    print_buffers: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut positional = Vec::new();
    let mut entry = None;
    let mut json = false;
    let mut expected = None;
    let mut timeout = GpuOptions::default().timeout;
    let mut iterations = 1;
    let mut print_buffers = true;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--entry" => entry = Some(args.next().ok_or("--entry needs a name")?),
            "--json" => json = true,
            "--expected" => {
                expected = Some(PathBuf::from(args.next().ok_or("--expected needs a file")?))
            }
            "--timeout" => {
                let secs: f64 = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .filter(|s: &f64| *s > 0.0 && s.is_finite())
                    .ok_or("--timeout needs a positive number of seconds")?;
                timeout = Duration::from_secs_f64(secs);
            }
            "--iterations" => {
                iterations = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .filter(|n| *n > 0)
                    .ok_or("--iterations needs a positive count")?;
            }
            "--no-output" => print_buffers = false,
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with('-') => return Err(format!("unknown option `{other}`")),
            _ => positional.push(PathBuf::from(arg)),
        }
    }
    let [test, wgsl] = <[PathBuf; 2]>::try_from(positional)
        .map_err(|_| "expected TESTFILE and WGSL_FILE".to_string())?;
    Ok(Args {
        test,
        wgsl,
        entry,
        json,
        expected,
        timeout,
        iterations,
        print_buffers,
    })
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("wgsl-run: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(code) => ExitCode::from(code),
        Err((code, message)) => {
            eprintln!("wgsl-run: {message}");
            ExitCode::from(code)
        }
    }
}

fn run(args: &Args) -> Result<u8, (u8, String)> {
    let source = read(&args.test).map_err(|e| (2, e))?;
    let wgsl = read(&args.wgsl).map_err(|e| (2, e))?;
    let file = parse_test_file(&source);
    if !file.errors.is_empty() {
        let lines: Vec<String> = file
            .errors
            .iter()
            .map(|e| format!("{}:{}: {}", args.test.display(), e.line, e.message))
            .collect();
        return Err((2, lines.join("\n")));
    }
    let directive = file.compute_tests().next();
    if directive.is_none() {
        eprintln!("wgsl-run: note: no //TEST(compute) line; dispatching 1,1,1, hex output");
    }
    let dispatch = directive.map_or([1, 1, 1], |d| d.dispatch);
    let using_type = directive.is_some_and(|d| d.output_using_type);
    let info = reflect_wgsl(&wgsl)
        .map_err(|e| (1, format!("{} does not parse:\n{e}", args.wgsl.display())))?;
    let entry = match &args.entry {
        Some(entry) => entry.clone(),
        None if info.compute_entries.iter().any(|e| e == "computeMain") => "computeMain".into(),
        None => match info.compute_entries.as_slice() {
            [only] => only.clone(),
            entries => {
                return Err((
                    2,
                    format!("pick an entry point with --entry (compute entries: {entries:?})"),
                ));
            }
        },
    };
    let mut plan = match plan_test(&file, &info.resources, &wgsl, &entry, dispatch) {
        Ok(plan) => plan,
        Err(reason @ gpu::PlanError::Unsupported { .. }) => {
            println!("skipped: {reason}");
            return Ok(4);
        }
        Err(error) => return Err((2, error.to_string())),
    };
    plan.job.iterations = args.iterations;
    for note in &plan.notes {
        eprintln!("wgsl-run: note: {note}");
    }
    let gpu = Gpu::new(GpuOptions {
        timeout: args.timeout,
        ..GpuOptions::default()
    })
    .map_err(|e| {
        let code = match e {
            GpuError::NoAdapter { .. } | GpuError::AdapterNameNotFound { .. } => 3,
            _ => 1,
        };
        (code, e.to_string())
    })?;
    let result = gpu.run_compute(&plan.job).map_err(|e| (1, e.to_string()))?;
    let expected_path = args
        .expected
        .clone()
        .or_else(|| expected_file_for(&args.test));
    let expected = expected_path
        .as_deref()
        .map(read)
        .transpose()
        .map_err(|e| (2, e))?;
    let has_checks = directive.is_some_and(|d| d.filecheck_buffer().is_some());
    // Printing millions of values takes seconds: only when someone reads them.
    let output = if args.print_buffers || has_checks || expected.is_some() {
        format_outputs(&plan.outputs, &result, using_type)
    } else {
        String::new()
    };
    let verdict = judge_output(&source, directive, expected.as_deref(), &output);

    if args.json {
        let buffers: Vec<_> = plan
            .outputs
            .iter()
            .map(|o| {
                let mut words = bytes_to_words(gpu::harness::output_bytes(o, &result));
                let word_count = words.len();
                if !args.print_buffers {
                    words.truncate(16);
                }
                json!({
                    "name": o.name,
                    "word_kinds": o.word_kinds.iter().map(|k| k.name()).collect::<Vec<_>>(),
                    "word_count": word_count,
                    "words": words,
                })
            })
            .collect();
        let adapter = gpu.adapter_info();
        let report = json!({
            "adapter": {
                "name": adapter.name,
                "backend": adapter.backend,
                "device_type": adapter.device_type,
                "driver": adapter.driver,
            },
            "entry": entry,
            "dispatch": dispatch,
            "buffers": buffers,
            "output": if args.print_buffers { json!(output) } else { json!(null) },
            "iterations": args.iterations,
            "gpu_time_ns": result.gpu_time_ns,
            "wall_time_ms": result.wall_time.as_secs_f64() * 1e3,
            "pipeline_time_ms": result.pipeline_time.as_secs_f64() * 1e3,
            "notes": plan.notes,
            "verdict": match &verdict {
                Verdict::NoExpectation => json!(null),
                Verdict::Pass => json!("pass"),
                Verdict::Fail(e) => json!({ "fail": e }),
            },
        });
        println!("{report:#}");
    } else if args.print_buffers {
        print!("{output}");
    } else {
        let gpu_ms = result.gpu_time_ns.map(|ns| format!("{:.4} ms", ns / 1e6));
        println!(
            "{}: gpu {} per dispatch, wall {:.4} ms for {} dispatches",
            gpu.adapter_info(),
            gpu_ms.as_deref().unwrap_or("(no timestamps)"),
            result.wall_time.as_secs_f64() * 1e3,
            args.iterations
        );
    }
    match verdict {
        Verdict::NoExpectation => Ok(0),
        Verdict::Pass => {
            eprintln!("wgsl-run: PASS");
            Ok(0)
        }
        Verdict::Fail(e) => {
            eprintln!("wgsl-run: FAIL: {e}");
            Ok(1)
        }
    }
}
