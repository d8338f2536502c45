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
}

pub fn run(which: BenchCommand) -> u8 {
    match which {
        BenchCommand::Parse { lines, iters } => bench_parse(lines, iters.max(1)),
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
