//! `dslang`: the command-line driver. It holds no analysis logic: it reads files, calls the
//! library crates and prints their results in the formats of `shared/docs/cli.md`.

mod bench;
mod compile;
mod diagnostics;
mod gpu_worker;
mod input;
mod lsp_backend;
mod preview;
mod slangc_options;
mod test_runner;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Exit statuses of the cli.md contract.
pub mod exit {
    pub const OK: u8 = 0;
    pub const USER_ERROR: u8 = 1;
    pub const BAD_COMMAND_LINE: u8 = 2;
    pub const NO_GPU: u8 = 3;
}

#[derive(Parser)]
#[command(
    name = "dslang",
    version,
    about = "Slang automatic differentiation compiler"
)]
struct Cli {
    /// A folder searched for `#include` and `import` files after the including file's own
    /// (repeatable; for check, compile, run and test).
    #[arg(short = 'I', value_name = "DIR", global = true)]
    include: Vec<PathBuf>,
    /// A preprocessor definition, as `#define NAME VALUE` (`-D NAME` defines it as 1; repeatable).
    #[arg(short = 'D', value_name = "NAME[=VALUE]", global = true)]
    defines: Vec<String>,
    /// A type's conformance id for dynamic dispatch, as slangc's `-conformance` (repeatable; ids
    /// not given are numbered per interface in order).
    #[arg(
        long = "conformance",
        value_name = "TYPE:INTERFACE[=ID]",
        global = true
    )]
    conformances: Vec<String>,
    /// The memory order of matrices in buffers (slangc's `-matrix-layout-row-major` /
    /// `-matrix-layout-column-major`; column-major by default, as in slangc).
    #[arg(long = "matrix-layout", value_enum, global = true)]
    matrix_layout: Option<MatrixLayout>,
    /// Declarations that slangc accepts only with `-experimental-feature` take effect
    /// (`__func_extension` derivatives).
    #[arg(long = "experimental-feature", global = true)]
    experimental_features: bool,
    /// Bit fields packed as MSVC does (slangc's `-msvc-style-bitfield-packing`): a storage unit as
    /// wide as the declared type, a new one when that size changes, fields from the top bit down.
    #[arg(long = "msvc-bitfield-packing", global = true)]
    msvc_bitfield_packing: bool,
    /// The entry point's stage; dslang compiles compute entry points.
    #[arg(long, value_enum, global = true)]
    stage: Option<Stage>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum MatrixLayout {
    RowMajor,
    ColumnMajor,
}

/// slangc's stage names; dslang's targets are compute shaders.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
enum Stage {
    Compute,
    Vertex,
    Fragment,
    Pixel,
    Geometry,
    Hull,
    Domain,
    Mesh,
    Amplification,
    Raygeneration,
}

#[derive(Clone, Copy, ValueEnum)]
enum Target {
    Wgsl,
    Spirv,
    Ir,
    Reflection,
}

/// An optional device feature the generated WGSL may use (`dslang compile --feature`).
#[derive(Clone, Copy, ValueEnum)]
enum Feature {
    F16,
    F64,
    Int64,
    Float32Atomics,
    Subgroups,
}

#[derive(Subcommand)]
enum Command {
    /// Compile FILE to the target code (WGSL by default).
    // A repeated option takes its last value, so a test's own slangc options (`-target spirv`)
    // can follow a build script's (`--target wgsl`).
    #[command(args_override_self = true)]
    Compile {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "wgsl")]
        target: Target,
        #[arg(long)]
        entry: Option<String>,
        #[arg(short = 'o')]
        output: Option<PathBuf>,
        /// A device feature the WGSL may use beyond those WebGPU offers (repeatable): `f16` and
        /// `subgroups` are always allowed (the WGSL says `enable ...;` and the device decides, as
        /// with slangc); a program that needs one not given is an E4102 error. SPIR-V may use
        /// them all.
        #[arg(long = "feature", value_enum)]
        features: Vec<Feature>,
        /// Tape capacities (loop iterations) of the smaller copies a reverse-mode derivative
        /// with large loop tapes tries first, e.g. `16,32,64` (the default); `none`: no copies.
        #[arg(long = "tape-tiers", value_name = "N,N,...|none")]
        tape_tiers: Option<driver::TapeTiers>,
    },
    /// Compile FILE, create its //TEST_INPUT buffers, dispatch it on the GPU and print the results.
    /// With --frames or --out: the preview (playground attributes, kernels run frame after frame),
    /// writing DIR/preview.json and a PNG per image buffer.
    Run {
        file: PathBuf,
        #[arg(long)]
        entry: Option<String>,
        #[arg(long, conflicts_with_all = ["frames", "out"])]
        dispatch: Option<String>,
        #[arg(long, conflicts_with_all = ["frames", "out"])]
        json: bool,
        /// Frames to run (preview mode; default 1).
        #[arg(long)]
        frames: Option<u32>,
        /// Folder for preview.json and the images (preview mode).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        #[command(flatten)]
        inputs: preview::InputArgs,
    },
    /// Run compute and diagnostic tests (files or folders).
    Test { paths: Vec<PathBuf> },
    /// Report diagnostics only; no code generation.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Language server on stdin/stdout.
    Lsp,
    /// The language server's GPU process (previews, gradient checks): JSON requests on stdin.
    #[command(hide = true)]
    GpuWorker,
    /// Built-in benchmarks.
    Bench {
        #[command(subcommand)]
        which: bench::BenchCommand,
    },
}

/// Stack of the thread that runs a command. Analysis, lowering and code generation recurse over
/// the syntax tree, whose depth follows the source (a 4096-operator `a + b + ...` chain is legal);
/// the main thread's 8 MiB is not enough for that in debug builds. The memory is reserved, not
/// committed, until used.
const COMMAND_STACK_BYTES: usize = 1 << 30;

fn main() -> ExitCode {
    let translated = slangc_options::translate(std::env::args_os());
    for note in &translated.notes {
        eprintln!("dslang: note: {note}");
    }
    let cli = Cli::parse_from(translated.args);
    let command = std::thread::Builder::new()
        .name("dslang".into())
        .stack_size(COMMAND_STACK_BYTES)
        .spawn(move || run_command(cli));
    match command.map(std::thread::JoinHandle::join) {
        Ok(Ok(code)) => code,
        // A panic has already printed its message; 101 is the status Rust gives a panicking main.
        Ok(Err(_)) => ExitCode::from(101),
        Err(err) => {
            eprintln!("dslang: cannot start the command thread: {err}");
            ExitCode::from(101)
        }
    }
}

fn run_command(cli: Cli) -> ExitCode {
    let include = search_folders(&cli.include);
    if let Some(stage) = cli.stage.filter(|s| *s != Stage::Compute) {
        eprintln!(
            "error: --stage {}: dslang compiles compute entry points only",
            format!("{stage:?}").to_lowercase()
        );
        return ExitCode::from(exit::BAD_COMMAND_LINE);
    }
    let conformances = match compile::parse_conformances(&cli.conformances) {
        Ok(conformances) => conformances,
        Err(message) => {
            eprintln!("error: --conformance: {message}");
            return ExitCode::from(exit::BAD_COMMAND_LINE);
        }
    };
    let defines: Vec<(String, String)> = cli.defines.iter().map(|d| split_define(d)).collect();
    let matrix_layout = match cli.matrix_layout {
        Some(MatrixLayout::RowMajor) => driver::MatrixLayout::RowMajor,
        Some(MatrixLayout::ColumnMajor) | None => driver::MatrixLayout::ColumnMajor,
    };
    let common = |entry: Option<String>| compile::Common {
        entry,
        include: include.clone(),
        defines: defines.clone(),
        conformances: conformances.clone(),
        matrix_layout,
        experimental_features: cli.experimental_features,
        msvc_bitfield_packing: cli.msvc_bitfield_packing,
    };
    let status = match cli.command {
        Command::Check { files } => {
            let options = driver::Options {
                include_dirs: include.clone(),
                defines: defines.clone(),
                experimental_features: cli.experimental_features,
                msvc_bitfield_packing: cli.msvc_bitfield_packing,
                ..driver::Options::default()
            };
            diagnostics::check_files(&files, &options)
        }
        Command::Bench { which } => bench::run(which),
        Command::Compile {
            file,
            target,
            entry,
            output,
            features,
            tape_tiers,
        } => compile::compile(&file, target, common(entry), output, &features, tape_tiers),
        Command::Run {
            file,
            entry,
            frames,
            out,
            inputs,
            ..
        } if frames.is_some() || out.is_some() || inputs.given() => preview::run(
            &file,
            common(entry),
            frames.unwrap_or(1),
            out.as_deref(),
            &inputs.into_inputs(),
        ),
        Command::Run {
            file,
            entry,
            dispatch,
            json,
            ..
        } => compile::run(&file, common(entry), dispatch, json),
        Command::Test { paths } => test_runner::run(&paths, &include, &defines),
        Command::Lsp => lsp(),
        Command::GpuWorker => gpu_worker::serve(),
    };
    ExitCode::from(status)
}

/// `NAME=VALUE`, or `NAME` defined as 1 (as C compilers and slangc do).
fn split_define(text: &str) -> (String, String) {
    match text.split_once('=') {
        Some((name, value)) => (name.to_string(), value.to_string()),
        None => (text.to_string(), "1".to_string()),
    }
}

/// The `-I` folders as the driver takes them: absolute, so that they mean the same folder when a
/// test resolves its own relative folders against the test file's.
fn search_folders(dirs: &[PathBuf]) -> Vec<String> {
    let cwd = std::env::current_dir().unwrap_or_default();
    dirs.iter()
        .map(|d| cwd.join(d).to_string_lossy().into_owned())
        .collect()
}

/// `dslang lsp`: serves until the client exits or stdin closes; full compilation and previews
/// go through the driver.
fn lsp() -> u8 {
    let backend = std::sync::Arc::new(lsp_backend::DriverBackend);
    u8::try_from(server::run_stdio_with(backend)).unwrap_or(exit::USER_ERROR)
}
