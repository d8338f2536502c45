//! `dslang bench ...`: built-in benchmarks whose figures go to BENCHMARKS.md.

use std::time::{Duration, Instant};

use clap::Subcommand;

use crate::exit;

#[derive(Subcommand)]
pub enum BenchCommand {
    /// Parse a generated file of LINES lines ITERS times; print the median time and MB/s.
    Parse {
        #[arg(long, default_value_t = 5000)]
        lines: usize,
        #[arg(long, default_value_t = 50)]
        iters: usize,
    },
    /// Check (hir diagnostics) a generated file of LINES lines from a cold database, then re-check
    /// after ITERS single-character edits inside one function body; print both times.
    Check {
        #[arg(long, default_value_t = 5000)]
        lines: usize,
        #[arg(long, default_value_t = 20)]
        iters: usize,
    },
    /// Print the generated file that `parse` and `check` measure (the B2 editor benchmark opens it).
    Source {
        #[arg(long, default_value_t = 5000)]
        lines: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

pub fn run(which: BenchCommand) -> u8 {
    match which {
        BenchCommand::Parse { lines, iters } => bench_parse(lines, iters.max(1)),
        BenchCommand::Check { lines, iters } => bench_check(lines, iters.max(1)),
        BenchCommand::Source { lines, seed } => {
            // write_all, not print!: a closed pipe (`| head`) is an error to report, not a panic.
            let source = syntax::testgen::generate_source(lines, seed);
            match std::io::Write::write_all(&mut std::io::stdout().lock(), source.as_bytes()) {
                Ok(()) => exit::OK,
                Err(e) => {
                    eprintln!("bench source: {e}");
                    exit::USER_ERROR
                }
            }
        }
    }
}

fn bench_parse(lines: usize, iters: usize) -> u8 {
    let source = syntax::testgen::generate_source(lines, 1);
    let errors = syntax::parse(&source).errors().len();
    let mut times: Vec<Duration> = (0..iters)
        .map(|_| {
            let start = Instant::now();
            let parse = syntax::parse(&source);
            let elapsed = start.elapsed();
            std::hint::black_box(parse);
            elapsed
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    let mb_per_s = source.len() as f64 / 1e6 / median.as_secs_f64();
    println!(
        "parse: {} lines, {} bytes, {errors} syntax errors, median {:.3} ms over {iters} runs, {mb_per_s:.1} MB/s",
        source.lines().count(),
        source.len(),
        median.as_secs_f64() * 1e3,
    );
    if errors > 0 {
        eprintln!(
            "bench parse: the generated file has syntax errors: the generator or the parser is wrong"
        );
        return exit::USER_ERROR;
    }
    exit::OK
}

fn bench_check(lines: usize, iters: usize) -> u8 {
    let source = syntax::testgen::generate_source(lines, 1);
    let start = Instant::now();
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("bench.slang", &source);
    let errors = count_errors(&hir::diagnostics(&db, file));
    let cold = start.elapsed();
    // Edit inside the body of a function in the middle of the file: the text of a `return`.
    let Some(at) = source[source.len() / 2..]
        .find("return ")
        .map(|i| i + source.len() / 2 + "return ".len())
    else {
        eprintln!("bench check: the generated file has no `return` to edit");
        return exit::USER_ERROR;
    };
    let mut times: Vec<Duration> = (0..iters)
        .map(|i| {
            // Alternate unary `+` and `-` so that every edit changes the text.
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
        "check: {} lines, {errors} errors, cold {:.1} ms (stdlib included), re-check after a body edit median {:.2} ms over {iters} edits",
        source.lines().count(),
        cold.as_secs_f64() * 1e3,
        times[times.len() / 2].as_secs_f64() * 1e3,
    );
    if errors > 0 {
        eprintln!(
            "bench check: the generated file has errors: the generator or the checker is wrong"
        );
        return exit::USER_ERROR;
    }
    exit::OK
}

fn count_errors(diagnostics: &[hir::Diagnostic]) -> usize {
    diagnostics
        .iter()
        .filter(|d| d.severity == hir::Severity::Error)
        .count()
}
