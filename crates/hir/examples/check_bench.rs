//! Re-check timing without the CLI: `cargo run --release -p hir --example check_bench [LINES] [ITERS]`.
//! Mirrors `dslang bench check` so that hir's incrementality can be measured on its own.

use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let lines: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5000);
    let iters: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(40)
        .max(1);
    let source = syntax::testgen::generate_source(lines, 1);
    let start = Instant::now();
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("bench.slang", &source);
    let errors = hir::diagnostics(&db, file).len();
    let cold = start.elapsed();
    let Some(at) = source[source.len() / 2..]
        .find("return ")
        .map(|i| i + source.len() / 2 + "return ".len())
    else {
        eprintln!("no `return` to edit");
        return;
    };
    let mut times: Vec<Duration> = (0..iters)
        .map(|i| {
            let edited = format!(
                "{}{}{}",
                &source[..at],
                if i % 2 == 0 { "+" } else { "-" },
                &source[at..]
            );
            let start = Instant::now();
            db.set_file("bench.slang", &edited);
            std::hint::black_box(hir::diagnostics(&db, file));
            start.elapsed()
        })
        .collect();
    times.sort();

    println!(
        "{} lines, {errors} diagnostics, cold {:.1} ms, re-check median {:.2} ms, min {:.2} ms",
        source.lines().count(),
        cold.as_secs_f64() * 1e3,
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
    );
}
