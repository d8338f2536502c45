//! Running compiled programs: buffers from the file's `//TEST_INPUT` lines, a dispatch on the GPU,
//! the `out` buffers printed in the `.expected.txt` format, and the verdict of a test.

use std::path::Path;

use gpu::{
    Gpu, PrintArgKind, PrintFormat, bytes_to_words, decode_print_buffer, format_outputs, plan_test,
    print_buffer_binding, reflect_wgsl,
};
use test_format::{
    TestDirective, TestFile, Verdict, expected_file_for_test, judge_output, parse_test_file,
};

use crate::{Compiled, DeviceFeatures, MISSING_FEATURE_CODE, Options, load};

/// The result of one dispatch.
pub struct RunReport {
    /// The adapter, e.g. `llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan, Cpu)`.
    pub adapter: String,
    pub entry: String,
    pub dispatch: [u32; 3],
    /// The text of the shader's `printf` calls followed by the `out` buffers in the
    /// `.expected.txt` format: what expected files and CHECK lines are matched against.
    pub output: String,
    /// The text of the shader's `printf` calls alone, in the order the calls reserved their
    /// records (thread order is up to the GPU).
    pub printed: String,
    /// Each `out` buffer's name and 32-bit words.
    pub buffers: Vec<(String, Vec<u32>)>,
    pub gpu_time_ns: Option<f64>,
    pub wall_time_ms: f64,
    pub pipeline_time_ms: f64,
}

/// Dispatches a compiled program with the buffers of `test`'s `//TEST_INPUT` lines.
/// `dispatch` overrides the file's `-compute-dispatch`.
pub fn run_file(
    gpu: &Gpu,
    compiled: &Compiled,
    test: &TestFile,
    dispatch: Option<[u32; 3]>,
) -> Result<RunReport, String> {
    run_directive(gpu, compiled, test, test.compute_tests().next(), dispatch)
}

/// [`run_file`] for one of the file's `//TEST` lines: its `-compute-dispatch` and
/// `-output-using-type` apply.
pub fn run_directive(
    gpu: &Gpu,
    compiled: &Compiled,
    test: &TestFile,
    directive: Option<&TestDirective>,
    dispatch: Option<[u32; 3]>,
) -> Result<RunReport, String> {
    // Generated again when it was compiled for other features, so the device's extensions
    // (f64, f16, 64-bit integers...) are used.
    let device = DeviceFeatures::of(gpu);
    let regenerated;
    let compiled = if compiled.device == device {
        compiled
    } else {
        regenerated = compiled.for_device(device).map_err(|diagnostics| {
            diagnostics
                .iter()
                .map(|d| format!("error[{}]: {}", d.code, d.message))
                .collect::<Vec<_>>()
                .join("; ")
        })?;
        &regenerated
    };
    let dispatch = dispatch.unwrap_or_else(|| directive.map_or([1, 1, 1], |d| d.dispatch));
    let using_type = directive.is_none_or(|d| d.output_using_type);
    let entry = compiled
        .reflection
        .entry_points
        .first()
        .map(|e| e.name.clone())
        .ok_or("the compiled module has no entry point")?;
    check_buffer_sizes(gpu, test)?;
    let info = reflect_wgsl(&compiled.wgsl).map_err(|e| format!("internal error: {e}"))?;
    let print_buffer = compiled
        .reflection
        .bindings
        .iter()
        .find(|b| b.kind == codegen::BindingKind::Print);
    // The print buffer is the compiler's, not the test's: no `//TEST_INPUT` may bind to it.
    let resources: Vec<_> = info
        .resources
        .iter()
        .filter(|r| print_buffer.is_none_or(|p| p.name != r.name))
        .cloned()
        .collect();
    let test = &with_field_inputs_bound(test, &compiled.resource_fields);
    let test = &with_objects_tagged(test, compiled)?;
    let mut plan =
        plan_test(test, &resources, &compiled.wgsl, &entry, dispatch).map_err(|e| e.to_string())?;
    if let Some(p) = print_buffer {
        let words = print_buffer_words(gpu);
        plan.job
            .bindings
            .push(print_buffer_binding(p.group, p.binding, &p.name, words));
    }
    let result = gpu.run_compute(&plan.job).map_err(|e| e.to_string())?;
    let printed = match print_buffer.and_then(|p| result.buffer(&p.name)) {
        Some(bytes) => decode_print_buffer(
            &bytes_to_words(bytes),
            &print_formats(compiled),
            &print_strings(compiled),
        ),
        None => String::new(),
    };
    let output = printed.clone() + &format_outputs(&plan.outputs, &result, using_type);
    let buffers = plan
        .outputs
        .iter()
        .map(|o| {
            let bytes = gpu::harness::output_bytes(o, &result);
            let words = bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            (o.name.clone(), words)
        })
        .collect();
    Ok(RunReport {
        adapter: gpu.adapter_info().to_string(),
        entry,
        dispatch,
        output,
        printed,
        buffers,
        gpu_time_ns: result.gpu_time_ns,
        wall_time_ms: result.wall_time.as_secs_f64() * 1e3,
        pipeline_time_ms: result.pipeline_time.as_secs_f64() * 1e3,
    })
}

/// `test` with the inputs named by a field path of a struct-typed shader parameter
/// (`name=gMaterial.albedo`, `set gMaterial.albedo = ...`, or `gMaterial.0` for the first field
/// of a `set gMaterial = { ... }` aggregate) or by an element of an array of resources or of
/// such structs (`name=gTex[1]`, `gScene.mats[0].albedo`, `gTex.1` for the second item of
/// `set gTex = [ ... ]`) renamed to the global the compiler split out for it
/// (`gMaterial_albedo`, `gTex_1`). A path may start with the `cbuffer` that declares the
/// parameter (`C.p.tex` for `cbuffer C { P p; }`). Paths that name no split field keep their
/// name (and stay unbound, with a note).
pub fn with_field_inputs_bound(test: &TestFile, fields: &[lower::ResourceField]) -> TestFile {
    let mut test = test.clone();
    for input in &mut test.inputs {
        let Some(name) = &input.name else { continue };
        let global = split_field_global(name, fields).or_else(|| {
            let (_, member) = name.split_once('.')?;
            split_field_global(member, fields)
        });
        if let Some(global) = global {
            input.name = Some(global);
        }
    }
    test
}

/// The global split out for the field path `name` (`gMaterial.albedo`) of a parameter.
fn split_field_global(name: &str, fields: &[lower::ResourceField]) -> Option<String> {
    let split = name.find(['.', '['])?;
    let parameter = &name[..split];
    // `mats[0].albedo` and `mats.0.albedo` are the same path.
    let segments: Vec<&str> = name[split..]
        .split(['.', '[', ']'])
        .filter(|s| !s.is_empty())
        .collect();
    let positions: Option<Vec<u32>> = segments.iter().map(|s| s.parse().ok()).collect();
    let field = fields.iter().find(|f| {
        f.parameter == parameter
            && match &positions {
                Some(positions) => f.positions == *positions,
                None => f
                    .path
                    .iter()
                    .map(String::as_str)
                    .eq(segments.iter().copied()),
            }
    });
    field.map(|f| f.global.clone())
}

/// `test` with each `set NAME = new Type { ... }` object for an interface-typed parameter stored
/// as dslang's dynamic-dispatch value: `{tag, payload of each conforming type with fields}`, the
/// tag being `Type`'s id (its `type_conformance` line, or, where no line names the interface,
/// its place among the file's conforming types as lowering numbers them) and `Type`'s payload
/// the object's value (the other payloads stay zero). An object for a parameter of struct type
/// is that struct's value as written. Errors (a skip reason) when `Type` has no id.
pub fn with_objects_tagged(test: &TestFile, compiled: &Compiled) -> Result<TestFile, String> {
    let module = &compiled.ir;
    let mut tagged = test.clone();
    for input in &mut tagged.inputs {
        let (Some(name), test_format::InputKind::Buffer(buffer)) = (&input.name, &mut input.kind)
        else {
            continue;
        };
        let (Some(type_name), Some(value)) = (&buffer.object_type, &buffer.value) else {
            continue;
        };
        let Some(global) = module.globals.iter().find(|g| &g.name == name) else {
            continue;
        };
        let ir::TypeKind::Struct(id) = module.types.kind(global.ty) else {
            continue;
        };
        let Some((def, interface)) = module
            .types
            .struct_def(*id)
            .and_then(|d| dyn_interface(d).map(|i| (d, i)))
        else {
            continue;
        };
        // Lowering numbers the interface's types by the test's lines when any names it.
        let named: Vec<(&str, u32)> = test
            .type_conformances()
            .filter(|c| c.interface == interface)
            .map(|c| (c.type_name.as_str(), c.id))
            .collect();
        let ids: Vec<(&str, u32)> = if named.is_empty() {
            compiled
                .file_conformances
                .iter()
                .filter(|c| c.interface == interface)
                .map(|c| (c.type_name.as_str(), c.id))
                .collect()
        } else {
            named
        };
        let Some(&(_, type_id)) = ids.iter().find(|(t, _)| t == type_name) else {
            return Err(format!(
                "line {}: unsupported TEST_INPUT `new {type_name} {{...}}` for `{name}` of \
                 interface `{interface}`: {type_name} has no `type_conformance` id for it",
                input.line
            ));
        };
        let mut items = vec![test_format::UniformValue::Int(i64::from(type_id))];
        items.extend(def.fields.iter().skip(1).map(|field| {
            if &field.name == type_name {
                value.clone()
            } else {
                test_format::UniformValue::List(Vec::new())
            }
        }));
        let stored = test_format::UniformValue::List(items);
        buffer.data = stored.words();
        buffer.value = Some(stored);
    }
    Ok(tagged)
}

/// The first `set NAME = new Type {...}` input whose type has no `type_conformance` line: its line
/// and type.
fn object_without_conformance(test: &TestFile) -> Option<(u32, &str)> {
    test.buffers().find_map(|(input, buffer)| {
        let type_name = buffer.object_type.as_deref()?;
        let known = test.type_conformances().any(|c| c.type_name == type_name);
        (!known).then_some((input.line, type_name))
    })
}

/// The interface of a dynamic-dispatch struct of lowering (`IValue_dyn`, `IValue_dyn_1`: a `tag`
/// and then one payload field per conforming type with fields, named after the type).
fn dyn_interface(def: &ir::StructDef) -> Option<&str> {
    let interface = def.name.strip_suffix("_dyn").or_else(|| {
        def.name
            .rsplit_once("_dyn_")
            .filter(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .map(|(interface, _)| interface)
    })?;
    def.fields
        .first()
        .is_some_and(|f| f.name == "tag")
        .then_some(interface)
}

/// Every `//TEST_INPUT` buffer against the device's limits, before any memory is allocated for
/// it (the device checks again when the job runs).
fn check_buffer_sizes(gpu: &Gpu, test: &TestFile) -> Result<(), String> {
    let limits = gpu.limits();
    for (input, buffer) in test.buffers() {
        let (limit, limit_name) = match buffer.kind {
            test_format::BufferKind::Storage => (
                limits.max_storage_buffer_binding_size,
                "max_storage_buffer_binding_size",
            ),
            test_format::BufferKind::Uniform => (
                limits.max_uniform_buffer_binding_size,
                "max_uniform_buffer_binding_size",
            ),
        };
        let (limit, limit_name) = if limits.max_buffer_size < limit {
            (limits.max_buffer_size, "max_buffer_size")
        } else {
            (limit, limit_name)
        };
        let bytes = buffer.byte_size();
        if bytes > limit {
            return Err(format!(
                "line {}: the buffer{} would have {bytes} bytes, more than the device allows \
                 ({limit_name} = {limit})",
                input.line,
                input
                    .name
                    .as_ref()
                    .map(|n| format!(" `{n}`"))
                    .unwrap_or_default(),
            ));
        }
    }
    Ok(())
}

/// Room for print records: 1 MiB of words, or what the device allows for one storage binding.
fn print_buffer_words(gpu: &Gpu) -> usize {
    const WANTED_WORDS: u64 = 1 << 18;
    let limits = gpu.limits();
    let max_bytes = limits
        .max_storage_buffer_binding_size
        .min(limits.max_buffer_size);
    // One word of the buffer is the cursor.
    (WANTED_WORDS.min(max_bytes / 4).saturating_sub(1)) as usize
}

/// The print formats of the reflection data in the form the decoder reads (shared with the preview).
pub(crate) fn print_formats(compiled: &Compiled) -> Vec<PrintFormat> {
    compiled
        .reflection
        .print_formats
        .iter()
        .map(|f| PrintFormat {
            format: f.format.clone(),
            args: f
                .arg_kinds
                .iter()
                .map(|k| match k.as_str() {
                    "i32" => PrintArgKind::I32,
                    "u32" => PrintArgKind::U32,
                    "bool" => PrintArgKind::Bool,
                    "i64" => PrintArgKind::I64,
                    "u64" => PrintArgKind::U64,
                    "f64" => PrintArgKind::F64,
                    "format" => PrintArgKind::Format,
                    _ => PrintArgKind::F32,
                })
                .collect(),
        })
        .collect()
}

/// The program's string literals by hash, for `%s` (shared with the preview).
pub(crate) fn print_strings(compiled: &Compiled) -> Vec<(u32, String)> {
    (compiled.reflection.strings.iter())
        .map(|s| (s.hash, s.text.clone()))
        .collect()
}

/// The verdict on one compute test file.
pub enum TestOutcome {
    Pass,
    Fail(String),
    Skip(String),
}

/// Compiles, runs and judges a file's first compute test that dslang can run (test-format.md)
/// against its expected file or its CHECK lines.
pub fn run_compute_test(gpu: &Gpu, path: &Path) -> TestOutcome {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => return TestOutcome::Fail(format!("cannot read: {e}")),
    };
    let source = String::from_utf8_lossy(&bytes).into_owned();
    let test = parse_test_file(&source);
    let Some(directive) = test.compute_tests().next() else {
        return TestOutcome::Skip("no //TEST(compute) line".into());
    };
    if let Some(reason) = directive.skip_reason() {
        return TestOutcome::Skip(reason);
    }
    let index = test
        .tests
        .iter()
        .filter(|t| !t.disabled)
        .position(|t| std::ptr::eq(t, directive))
        .unwrap_or(0);
    run_compute_directive(gpu, path, &bytes, &test, directive, index)
}

/// Compiles, runs and judges the compute test `directive` of the file at `path` (whose contents
/// are `bytes`, parsed as `test`). `index` is its position among the file's enabled `//TEST`
/// lines, which picks its own expected file when it has one.
pub fn run_compute_directive(
    gpu: &Gpu,
    path: &Path,
    bytes: &[u8],
    test: &TestFile,
    directive: &TestDirective,
    index: usize,
) -> TestOutcome {
    let source = String::from_utf8_lossy(bytes);
    if let Some(error) = test.errors.first() {
        return TestOutcome::Fail(format!("line {}: {}", error.line, error.message));
    }
    // Before compiling: what such an input feeds (an object, random data) may be what the
    // compiler cannot handle either, and the test cannot run whatever it says.
    if let Some((line, text)) = test.inputs.iter().find_map(|i| match &i.kind {
        test_format::InputKind::Unsupported { text } => Some((i.line, text)),
        _ => None,
    }) {
        return TestOutcome::Skip(format!("line {line}: unsupported TEST_INPUT `{text}`"));
    }
    let folder = path.parent().unwrap_or(Path::new("."));
    let options = Options {
        entry: directive.entry.clone(),
        defines: directive.defines.clone(),
        experimental_features: directive.experimental_features,
        msvc_bitfield_packing: directive.msvc_bitfield_packing,
        matrix_layout: if directive.row_major_matrices {
            crate::MatrixLayout::RowMajor
        } else {
            crate::MatrixLayout::ColumnMajor
        },
        // Relative folders are the test file's, as slang-test runs slangc in its folder.
        include_dirs: directive
            .include_dirs
            .iter()
            .map(|d| folder.join(d).to_string_lossy().into_owned())
            .collect(),
        type_conformances: test
            .type_conformances()
            .map(|c| crate::TypeConformance {
                type_name: c.type_name.clone(),
                interface: c.interface.clone(),
                id: c.id,
            })
            .collect(),
        ..Options::default()
    };
    let loaded = load(path, bytes, &options);
    let compiled = match loaded.compile_for(&options, DeviceFeatures::of(gpu)) {
        Ok(compiled) => compiled,
        Err(diagnostics) => {
            // The program is fine but this device cannot run it (no f64 on the adapter...).
            if let Some(d) = diagnostics.iter().find(|d| d.code == MISSING_FEATURE_CODE) {
                return TestOutcome::Skip(format!(
                    "the adapter {} lacks a feature: {}",
                    gpu.adapter_info(),
                    d.message
                ));
            }
            let why: Vec<String> = diagnostics
                .iter()
                .map(|d| format!("error[{}]: {}", d.code, d.message))
                .collect();
            // Slang specialises an interface-typed parameter to the type of the object a test
            // gives it; dslang needs the type's `type_conformance` id for that.
            if let Some((line, type_name)) = object_without_conformance(test) {
                return TestOutcome::Skip(format!(
                    "line {line}: unsupported TEST_INPUT `new {type_name} {{...}}` without a \
                     `type_conformance {type_name}:... = id` line (dslang dispatches on the id; \
                     without it: {})",
                    why.join("; ")
                ));
            }
            return TestOutcome::Fail(format!("does not compile: {}", why.join("; ")));
        }
    };
    let report = match run_directive(gpu, &compiled, test, Some(directive), None) {
        Ok(report) => report,
        Err(e) if e.contains("unsupported TEST_INPUT") => return TestOutcome::Skip(e),
        Err(e) => return TestOutcome::Fail(e),
    };
    let expected = match expected_file_for_test(path, index)
        .map(std::fs::read_to_string)
        .transpose()
    {
        Ok(expected) => expected,
        Err(e) => return TestOutcome::Fail(format!("cannot read the expected file: {e}")),
    };
    match judge_output(
        &source,
        Some(directive),
        expected.as_deref(),
        &report.output,
    ) {
        Verdict::Pass => TestOutcome::Pass,
        Verdict::Fail(reason) => TestOutcome::Fail(reason),
        Verdict::NoExpectation => {
            TestOutcome::Fail("no expected file and no CHECK lines: nothing to compare".into())
        }
    }
}
