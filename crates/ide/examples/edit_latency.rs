//! In-process counterpart of `bench/b2_lsp.py` (no LSP, no JSON): types the benchmark's statement
//! one character at a time inside a function in the middle of a file and times each phase after
//! every edit, so a regression can be split into parse, completion, hover and diagnostics.
//!
//! Usage: `dslang bench source --lines 5000 > /tmp/b2.slang`, then
//! `cargo run --release -p ide --example edit_latency -- /tmp/b2.slang [EDITS]`.
//! Prints p50/p95/max per phase in milliseconds of the thread's CPU time (every query runs on
//! this thread), which other processes' load does not inflate, and the wall-clock time besides.
//! Completion leaves details to resolve, as the server does for editors that resolve items (VS
//! Code, Neovim with nvim-cmp), and the first item is resolved; `EAGER=1` computes every detail.

use std::time::Instant;

/// This thread's CPU time in milliseconds (Linux: the first field of `/proc/thread-self/schedstat`
/// is the time on a CPU in nanoseconds); 0 where it cannot be read.
fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e6)
}

/// Runs `f`, adding its CPU and wall-clock milliseconds to `phase`.
fn timed<T>(phase: &mut Phase, f: impl FnOnce() -> T) -> T {
    let (cpu, wall) = (cpu_ms(), Instant::now());
    let out = f();
    phase.cpu.push(cpu_ms() - cpu);
    phase.wall.push(wall.elapsed().as_secs_f64() * 1e3);
    out
}

struct Phase {
    name: &'static str,
    cpu: Vec<f64>,
    wall: Vec<f64>,
}

use ide::{AnalysisHost, CompletionConfig};

const TYPED: &str = "acc = acc * 0.5 + x;\n        ";

fn percentiles(samples: &mut [f64]) -> String {
    samples.sort_by(f64::total_cmp);
    let pick = |q: f64| samples[((q * (samples.len() - 1) as f64).round()) as usize];
    // The mean too: kernels account CPU time in scheduler ticks, so single samples are coarse.
    let mean = samples.iter().sum::<f64>() / samples.len() as f64;
    format!(
        "mean {mean:>6.2}  p50 {:>6.2}  p95 {:>6.2}  max {:>6.2}",
        pick(0.5),
        pick(0.95),
        samples[samples.len() - 1]
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: edit_latency FILE [EDITS]");
        std::process::exit(2);
    };
    let edits: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(200);
    let source = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(1);
        }
    };
    // The cursor: a new line after `let scale` in the first `model` function past the middle
    // (the place b2_lsp.py types at).
    let mut lines: Vec<String> = source.lines().map(str::to_string).collect();
    let middle = lines.len() / 2;
    let Some(cursor_line) = (middle..lines.len())
        .find(|&i| lines[i].starts_with("float model"))
        .and_then(|i| (i..i + 10).find(|&j| lines[j].trim_start().starts_with("let scale")))
        .map(|j| j + 1)
    else {
        eprintln!("{path}: no `model` function with a `let scale` line past the middle");
        std::process::exit(1);
    };
    lines.insert(cursor_line, "        ".to_string());
    let mut text = lines.join("\n");
    let mut cursor = lines[..cursor_line]
        .iter()
        .map(|l| l.len() + 1)
        .sum::<usize>()
        + 8;

    let file = "/bench/b2.slang";
    let mut host = AnalysisHost::new();
    host.set_file(file, &text);
    let _ = host.analysis().diagnostics(file);

    let mut phases: Vec<Phase> = [
        "set_file",
        "parse first (folds)",
        "completion",
        "resolve first item",
        "hover",
        "diagnostics",
    ]
    .into_iter()
    .map(|name| Phase {
        name,
        cpu: Vec::new(),
        wall: Vec::new(),
    })
    .collect();
    // PARSE_FIRST=1: a syntax-only request first, so that completion's share excludes the parse.
    let parse_first = std::env::var_os("PARSE_FIRST").is_some();
    let config = CompletionConfig {
        lazy_detail: std::env::var_os("EAGER").is_none(),
        limit: None,
    };
    let mut items = 0;
    for i in 0..edits {
        let ch = TYPED.as_bytes()[i % TYPED.len()] as char;
        text.insert(cursor, ch);
        cursor += 1;
        timed(&mut phases[0], || host.set_file(file, &text));
        let analysis = host.analysis();
        if parse_first {
            let _folds = timed(&mut phases[1], || {
                analysis.folding_ranges(file).map(|f| f.len())
            });
        }
        let offset = cursor as u32;
        let list = timed(&mut phases[2], || {
            analysis
                .completions_with(file, offset, config)
                .unwrap_or_default()
        });
        items += list.items.len();
        if let Some(first) = list.items.first().filter(|i| i.detail_deferred) {
            timed(&mut phases[3], || {
                analysis
                    .resolve_completion(file, offset, &first.label)
                    .is_ok()
            });
        }
        timed(&mut phases[4], || analysis.hover(file, offset).is_ok());
        timed(&mut phases[5], || {
            analysis.diagnostics(file).map_or(0, |d| d.len())
        });
    }
    println!(
        "{edits} edits, {:.0} completion items on average; milliseconds (CPU | wall):",
        items as f64 / edits.max(1) as f64
    );
    for phase in &mut phases {
        if !phase.cpu.is_empty() {
            println!(
                "{:<20} {} | {}",
                phase.name,
                percentiles(&mut phase.cpu),
                percentiles(&mut phase.wall)
            );
        }
    }
}
