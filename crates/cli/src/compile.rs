//! `dslang compile` and `dslang run`: the pipeline of the `driver` crate, with cli.md's outputs
//! and exit statuses.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::diagnostics::{errors_of, located_errors_of, print_diagnostics, print_located};
use crate::exit;
use crate::{Feature, Target};

/// Reads and compiles `path`; on failure prints the diagnostics and returns the exit status.
fn compile_path(
    path: &Path,
    options: &driver::Options,
    device: driver::DeviceFeatures,
) -> Result<(driver::Compiled, test_format::TestFile), u8> {
    let bytes = crate::input::read_file(path).map_err(|refused| refused.report())?;
    let test = test_format::parse_test_file(&String::from_utf8_lossy(&bytes));
    let mut options = options.clone();
    if let Some(directive) = test.compute_tests().next() {
        // The file's own `-D` options, `-entry` and type conformances apply, as in `dslang test`
        // (`--entry` on the command line wins).
        options.defines.extend(directive.defines.iter().cloned());
        options.experimental_features |= directive.experimental_features;
        options.msvc_bitfield_packing |= directive.msvc_bitfield_packing;
        if options.entry.is_none() {
            options.entry.clone_from(&directive.entry);
        }
    }
    // The file's `type_conformance` lines, after the command line's (which win for a type).
    for c in test.type_conformances() {
        let given = options
            .type_conformances
            .iter()
            .any(|g| g.type_name == c.type_name && g.interface == c.interface);
        if !given {
            options.type_conformances.push(driver::TypeConformance {
                type_name: c.type_name.clone(),
                interface: c.interface.clone(),
                id: c.id,
            });
        }
    }
    let loaded = driver::load(path, &bytes, &options);
    match loaded.compile_for(&options, device) {
        Ok(compiled) => {
            // The commands end the process after using the result: freeing the analysis would
            // only cost time.
            std::mem::forget(loaded);
            Ok((compiled, test))
        }
        Err(diagnostics) => {
            print_located(
                &loaded,
                &located_errors_of(loaded.locate_errors(diagnostics)),
            );
            Err(exit::USER_ERROR)
        }
    }
}

/// The options every compiling command takes: the entry point, the `-I` folders, `-D`
/// definitions, type conformances and the matrix layout.
pub struct Common {
    pub entry: Option<String>,
    pub include: Vec<String>,
    pub defines: Vec<(String, String)>,
    pub conformances: Vec<driver::TypeConformance>,
    pub matrix_layout: driver::MatrixLayout,
    pub experimental_features: bool,
    pub msvc_bitfield_packing: bool,
}

impl Common {
    pub fn options(self) -> driver::Options {
        driver::Options {
            entry: self.entry,
            include_dirs: self.include,
            defines: self.defines,
            type_conformances: self.conformances,
            matrix_layout: self.matrix_layout,
            experimental_features: self.experimental_features,
            msvc_bitfield_packing: self.msvc_bitfield_packing,
            ..driver::Options::default()
        }
    }
}

/// slangc's `-conformance TYPE:INTERFACE[=ID]` values; an id not given is the next one of its
/// interface (0, 1, ... in the order given).
pub fn parse_conformances(values: &[String]) -> Result<Vec<driver::TypeConformance>, String> {
    let mut out: Vec<driver::TypeConformance> = Vec::new();
    for value in values {
        let (pair, id) = match value.split_once('=') {
            Some((pair, id)) => {
                let id = id
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| format!("`{id}` is not a conformance id in `{value}`"))?;
                (pair, Some(id))
            }
            None => (value.as_str(), None),
        };
        let Some((type_name, interface)) = pair.split_once(':') else {
            return Err(format!("expected TYPE:INTERFACE[=ID], got `{value}`"));
        };
        let (type_name, interface) = (type_name.trim(), interface.trim());
        if type_name.is_empty() || interface.is_empty() {
            return Err(format!("expected TYPE:INTERFACE[=ID], got `{value}`"));
        }
        let id = id.unwrap_or_else(|| {
            out.iter()
                .filter(|c| c.interface == interface)
                .map(|c| c.id + 1)
                .max()
                .unwrap_or(0)
        });
        out.push(driver::TypeConformance {
            type_name: type_name.to_string(),
            interface: interface.to_string(),
            id,
        });
    }
    Ok(out)
}

pub fn compile(
    path: &Path,
    target: Target,
    common: Common,
    out: Option<PathBuf>,
    features: &[Feature],
    tape_tiers: Option<driver::TapeTiers>,
) -> u8 {
    let options = driver::Options {
        tape_tiers: tape_tiers.unwrap_or_default(),
        ..common.options()
    };
    // SPIR-V expresses f16, f64 and 64-bit integers; WGSL output stays core WGSL plus the
    // features asked for.
    let device = match target {
        Target::Spirv => driver::DeviceFeatures::all(),
        _ => {
            // WebGPU's optional shader features: the WGSL enables what it uses and the device
            // decides, as slangc's WGSL does.
            let mut device = driver::DeviceFeatures {
                f16: true,
                subgroups: true,
                ..driver::DeviceFeatures::default()
            };
            for feature in features {
                match feature {
                    Feature::F16 => device.f16 = true,
                    Feature::F64 => device.f64 = true,
                    Feature::Int64 => device.int64 = true,
                    Feature::Float32Atomics => device.float32_atomics = true,
                    Feature::Subgroups => device.subgroups = true,
                }
            }
            device
        }
    };
    let (compiled, _) = match compile_path(path, &options, device) {
        Ok(done) => done,
        Err(status) => return status,
    };
    let bytes: Vec<u8> = match target {
        Target::Wgsl => compiled.wgsl.clone().into_bytes(),
        Target::Ir => compiled.ir_text().into_bytes(),
        Target::Reflection => (compiled.reflection_json() + "\n").into_bytes(),
        Target::Spirv => match compiled.spirv() {
            Ok(words) => words.iter().flat_map(|w| w.to_le_bytes()).collect(),
            Err(diagnostics) => {
                print_diagnostics(path, "", &errors_of(diagnostics));
                return exit::USER_ERROR;
            }
        },
    };
    let written = match &out {
        Some(file) => std::fs::write(file, &bytes),
        None => std::io::stdout().write_all(&bytes),
    };
    if let Err(err) = written {
        eprintln!("error: cannot write the output: {err}");
        return exit::BAD_COMMAND_LINE;
    }
    // The IR and the naga module are not needed any more; the process ends next.
    std::mem::forget(compiled);
    exit::OK
}

pub fn run(path: &Path, common: Common, dispatch: Option<String>, json: bool) -> u8 {
    let dispatch = match dispatch.as_deref().map(parse_dispatch).transpose() {
        Ok(dispatch) => dispatch,
        Err(message) => {
            eprintln!("error: --dispatch: {message}");
            return exit::BAD_COMMAND_LINE;
        }
    };
    let options = common.options();
    // Checked with every optional feature allowed; `run_file` generates the WGSL again for the
    // features the device has (and says which one is missing when it lacks one).
    let (compiled, test) = match compile_path(path, &options, driver::DeviceFeatures::all()) {
        Ok(done) => done,
        Err(status) => return status,
    };
    // A malformed `//TEST_INPUT` (an impossible `count=`) would leave its buffer out silently.
    if !test.errors.is_empty() {
        for error in &test.errors {
            eprintln!(
                "{}:{}: error: {}",
                path.display(),
                error.line,
                error.message
            );
        }
        return exit::USER_ERROR;
    }
    let gpu = match open_gpu() {
        Ok(gpu) => gpu,
        Err(status) => return status,
    };
    let report = match driver::run_file(&gpu, &compiled, &test, dispatch) {
        Ok(report) => report,
        Err(message) => {
            eprintln!("{}: error: {message}", path.display());
            return exit::USER_ERROR;
        }
    };
    if json {
        let buffers: Vec<serde_json::Value> = report
            .buffers
            .iter()
            .map(|(name, words)| serde_json::json!({ "name": name, "words": words }))
            .collect();
        let value = serde_json::json!({
            "adapter": report.adapter,
            "entry": report.entry,
            "dispatch": report.dispatch,
            "output": report.output,
            "printed": report.printed,
            "buffers": buffers,
            "gpu_time_ns": report.gpu_time_ns,
            "wall_time_ms": report.wall_time_ms,
            "pipeline_time_ms": report.pipeline_time_ms,
        });
        println!("{value:#}");
    } else {
        eprintln!("adapter: {}", report.adapter);
        print!("{}", report.output);
    }
    exit::OK
}

/// The GPU, or exit status 3 with cli.md's hint.
pub fn open_gpu() -> Result<gpu::Gpu, u8> {
    // The dispatch time limit comes from DSLANG_GPU_TIMEOUT (seconds) when set.
    let options = gpu::GpuOptions::from_env().map_err(|message| {
        eprintln!("error: {message}");
        exit::BAD_COMMAND_LINE
    })?;
    gpu::Gpu::new(options).map_err(|err| {
        eprintln!("error: {err}");
        match err {
            gpu::GpuError::NoAdapter { .. } | gpu::GpuError::AdapterNameNotFound { .. } => {
                exit::NO_GPU
            }
            _ => exit::USER_ERROR,
        }
    })
}

fn parse_dispatch(text: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!("expected X,Y,Z, got `{text}`"));
    }
    let mut out = [1u32; 3];
    for (slot, part) in out.iter_mut().zip(&parts) {
        *slot = part
            .parse()
            .map_err(|_| format!("`{part}` is not a workgroup count"))?;
    }
    Ok(out)
}
