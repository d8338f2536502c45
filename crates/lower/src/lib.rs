//! lower: checked hir programs to the IR (primal programs, before autodiff).
//!
//! `lower_program` picks the entry point, walks the call graph from it and lowers every reachable
//! function once per distinct set of generic arguments (monomorphisation), the structs they use,
//! the file's global resources in source order (so bindings follow declaration order) and the
//! constants they read. What cannot be lowered yet is an `E4001` diagnostic naming the construct;
//! an IR that fails `ir::verify` is an internal error `E4999`.
// Analysis and compiler code never unwraps: user input becomes a diagnostic, not a panic.
#![deny(clippy::unwrap_used)]

mod apply;
mod atomics;
mod bitfields;
mod consts;
mod defaults;
mod descriptor_handles;
mod diff;
mod dyn_instances;
mod dyn_storage;
mod extension_conform;
mod func;
mod generic_statics;
mod matrix_layouts;
mod pack_params;
mod pointers;
mod resources;
mod types;
mod value_packs;

pub use autodiff::TapeTiers;
pub use diff::{ContextSize, context_size_of};
pub use resources::ResourceField;

use hir::export::{AttrArg, global_const_value, global_data, global_ty, item_def_loc, item_offset};
use hir::{
    Db, Diagnostic, FunctionId, GenericArg, GenericParamId, ItemDef, Severity, SourceFile,
    TextRange, Ty,
};
use rustc_hash::{FxHashMap, FxHashSet};

pub(crate) type Subst = Vec<(GenericParamId, GenericArg)>;

/// Where a texture, sampler or buffer sits inside a value: the field names from the value down
/// to it (empty for a value of resource type itself).
pub(crate) type FieldPath = Vec<String>;

/// The globals a value of resource type, or of a struct holding resource fields, names: WGSL
/// has no resource values, so each resource inside a value is a compile-time handle (a global)
/// tracked beside the value's plain data.
pub(crate) type Handles = Vec<(FieldPath, ir::GlobalId)>;

/// The parameter index standing for `this` in [`ResourceBindings`].
pub(crate) const THIS_PARAM: u32 = u32::MAX;

/// The globals a call passes for a function's resource parameters and for the resource fields
/// of its struct parameters (and `this`): (parameter index or [`THIS_PARAM`], handles).
pub(crate) type ResourceBindings = Vec<(u32, Handles)>;

/// One monomorphic instance of a function: the function, the bindings of every generic parameter
/// it sees (its own and its owner's) and the concrete `this` type of methods.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct InstanceKey {
    pub func: FunctionId,
    pub subst: Subst,
    pub this_ty: Option<Ty>,
    /// Interface-typed parameters specialised to the concrete type of their argument (by
    /// parameter index): the parameter is that type's single-case interface value (`func/exist.rs`).
    pub exist: Vec<(u32, Ty)>,
    /// `functype` parameters specialised to the function value their argument names, by
    /// parameter index (`func/fn_values.rs`): WGSL and SPIR-V have no function values.
    pub fn_args: Vec<(u32, FnValue)>,
}

/// A function value known at compile time: a function with its generic arguments, or a lambda
/// that captures nothing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum FnValue {
    Func(FunctionId, Subst),
    Lambda(std::sync::Arc<hir::LambdaTy>),
}

/// A lowering error: message and range in the owning item (converted to a file range later).
#[derive(Debug, Clone)]
pub(crate) struct LowerError {
    pub code: &'static str,
    pub message: String,
    pub item: Option<ItemDef>,
    pub range: TextRange,
}

pub(crate) type R<T> = Result<T, LowerError>;

pub(crate) fn unsupported(what: impl Into<String>) -> LowerError {
    LowerError {
        code: "E4001",
        message: format!("cannot lower {} yet", what.into()),
        item: None,
        range: TextRange::default(),
    }
}

pub(crate) fn internal(what: impl Into<String>) -> LowerError {
    LowerError {
        code: "E4999",
        message: format!("internal error while lowering: {}", what.into()),
        item: None,
        range: TextRange::default(),
    }
}

/// The stdlib marks what only a graphics stage (or bindless descriptors) has with a `stage:`
/// prefix on `[__intrinsic("stage:op")]` / `[__intrinsic_type("stage:Type")]`. dslang's targets
/// (WGSL and SPIR-V compute shaders) have none of these: the E4103 diagnostic that refuses
/// `what` (an operation or type named as the program wrote it), or `None` for other tags.
pub(crate) fn stage_only(tag: &str, what: &str) -> Option<LowerError> {
    let (stage, _) = tag.split_once(':')?;
    let (kind, fix) = match stage {
        "raytracing" => (
            "a ray-tracing operation, which needs a ray-tracing pipeline stage",
            "trace rays in your own compute code (for example a BVH walk over a buffer)",
        ),
        "fragment" => (
            "a fragment-stage operation (screen-space derivatives, rasterizer state)",
            "pass explicit gradients or levels instead (`SampleGrad`, `SampleLevel`)",
        ),
        "mesh" => (
            "a mesh-shader operation",
            "write vertices and indices to a RWStructuredBuffer instead",
        ),
        "geometry" => (
            "a geometry-shader operation",
            "append primitives to a buffer with an atomic counter instead",
        ),
        "tessellation" => (
            "a tessellation-stage operation",
            "read control points from a StructuredBuffer instead",
        ),
        "bindless" => (
            "a bindless descriptor operation (descriptor handles and heaps)",
            "declare the resource as a shader parameter and bind it directly",
        ),
        _ => return None,
    };
    Some(LowerError {
        code: "E4103",
        message: format!(
            "`{what}` is {kind}; dslang's targets (WGSL and SPIR-V compute shaders) have no such \
             stage: {fix}"
        ),
        item: None,
        range: TextRange::default(),
    })
}

/// A texture type of the stdlib: its shape, access and texel type.
pub(crate) struct TextureType {
    pub dim: ir::TextureDim,
    pub arrayed: bool,
    pub access: ir::BufferAccess,
    pub texel: Ty,
    /// `DepthTexture*`: `float` texels that the comparison methods compare.
    pub depth: bool,
}

/// Module-wide lowering state.
pub(crate) struct Ctx<'db> {
    pub db: &'db dyn Db,
    pub file: SourceFile,
    pub module: ir::Module,
    pub struct_types: FxHashMap<Ty, ir::TypeId>,
    pub globals: FxHashMap<hir::GlobalId, ir::GlobalId>,
    /// The entry point's `uniform` parameters (by parameter index) and their globals.
    pub entry_uniforms: FxHashMap<u32, ir::GlobalId>,
    /// The entry point's `[numthreads]` (what `WorkgroupSize()` returns).
    pub workgroup_size: [u32; 3],
    /// The resource globals split out of struct-typed globals (and entry-point `uniform`
    /// parameters) whose structs hold textures, samplers or buffers, by field path.
    pub global_handles: FxHashMap<hir::GlobalId, Handles>,
    pub entry_uniform_handles: FxHashMap<u32, Handles>,
    /// Those split globals, for hosts binding inputs by field path.
    pub resource_fields: Vec<ResourceField>,
    /// Members of `cbuffer` blocks: the block's uniform global and the member's field in it.
    pub cbuffer_fields: FxHashMap<hir::GlobalId, (ir::GlobalId, u32)>,
    /// The counter buffer (one `int`, bound right after the elements) of each
    /// `AppendStructuredBuffer`/`ConsumeStructuredBuffer` global, by its element global.
    pub counters: FxHashMap<ir::GlobalId, ir::GlobalId>,
    pub instances: FxHashMap<InstanceKey, ir::FuncId>,
    /// Instances specialised to the globals their resource parameters (textures, samplers,
    /// buffers) are bound to, by (instance, [(parameter index, global)]).
    pub resource_instances: FxHashMap<(InstanceKey, ResourceBindings), ir::FuncId>,
    /// Those instances' bindings, for lowering their bodies.
    pub resource_params: FxHashMap<ir::FuncId, ResourceBindings>,
    pub pending: Vec<(InstanceKey, ir::FuncId)>,
    /// What lowered functions hand back in resources: the globals their return value and
    /// their `out`/`inout` parameters (and a mutating `this`) name at exit
    /// (`func/handle_flow.rs`).
    pub(crate) handle_outputs: FxHashMap<ir::FuncId, func::HandleOutputs>,
    /// Functions being lowered now (a callee lowered early for its outputs must not recurse).
    pub(crate) lowering_now: FxHashSet<ir::FuncId>,
    /// The `operator()` function of each lambda (`func/lambdas.rs`).
    pub lambdas: FxHashMap<std::sync::Arc<hir::LambdaTy>, ir::FuncId>,
    /// The function values bound to the `functype` parameters of each instance specialised
    /// to them (`func/fn_values.rs`).
    pub fn_arg_values: FxHashMap<ir::FuncId, Vec<(u32, FnValue)>>,
    pub names: FxHashSet<String>,
    /// IR structs standing for `Optional<T>`, with `T`.
    pub optionals: FxHashMap<ir::TypeId, ir::TypeId>,
    pub conformances: Vec<TypeConformance>,
    /// IR structs standing for interface-typed values: `{ tag, payload per concrete type }`.
    pub dyn_types: FxHashMap<ir::TypeId, Vec<DynCase>>,
    /// Buffer elements holding interface values in Slang's existential layout, with the
    /// dynamic struct a load rebuilds (`dyn_storage.rs`).
    pub dyn_storage: FxHashMap<ir::TypeId, ir::TypeId>,
    /// Interface values whose concrete type is known statically (`func/exist.rs`).
    pub exist: func::ExistState,
    /// Concrete instances of generic structs used by the file's functions (`dyn_instances.rs`).
    pub used_generic: Option<std::rc::Rc<Vec<Ty>>>,
    /// What autodiff knows about the module's functions and types (filled while lowering).
    pub diff: autodiff::DiffInfo,
    /// The stdlib math derivatives (`stdlib/diff.slang`) are lowered and registered.
    pub math_derivatives_ready: bool,
    /// Derivatives made so far: (primal function, kinds innermost first) -> derivative.
    pub derivatives: FxHashMap<(ir::FuncId, Vec<hir::DiffKind>), ir::FuncId>,
    /// `detach` identity functions by type.
    pub detach_fns: FxHashMap<ir::TypeId, ir::FuncId>,
    /// Stdlib math derivatives declared for autodiff whose bodies are lowered once called.
    pub math_pending: Vec<(InstanceKey, ir::FuncId)>,
    /// Context sizes of the backward derivatives, recorded before unreachable functions go.
    pub contexts: Vec<ContextSize>,
    /// Per source file, its `[ForwardDerivativeOf(f)]`-style attributes by the name `f`, in
    /// source order: built once, instead of scanning every item for every lowered function.
    pub derivatives_of: FxHashMap<SourceFile, std::rc::Rc<diff::DerivativesOf>>,
    /// Constants of generic types whose value depends on the type's generic arguments
    /// (`static const int Value = N;` in `S<let N : int>`): one IR constant per instance.
    pub generic_consts: FxHashMap<(hir::GlobalId, Subst), ir::GlobalId>,
    /// Functions some IR function calls, as far as `lower_called_math` has looked.
    pub called: FxHashSet<ir::FuncId>,
    /// The number of values of each IR function when `lower_called_math` last read it.
    pub called_scan_lens: Vec<usize>,
    /// The number of values of each IR function when the `[ForceUnroll]` pass last ran on it:
    /// running it over the whole module for every derivative request made lowering quadratic.
    pub unroll_scan_lens: Vec<usize>,
    /// The IR struct names so far, for `unique_struct_name` (counting them by a scan of every
    /// struct for every new one made lowering quadratic).
    pub struct_names: types::StructNames,
    /// Mutable `static` globals whose initialisers are not constants (`static int g = f();`):
    /// they start at zero and the entry point assigns them first, in declaration order.
    pub dynamic_statics: Vec<(hir::GlobalId, ir::GlobalId, Subst)>,
    /// The per-instance copies of mutable `static` members of generic structs
    /// (`generic_statics.rs`), by member and the struct's arguments.
    pub generic_statics: FxHashMap<(hir::GlobalId, Subst), ir::GlobalId>,
    /// Pointer emulation: roots and helper functions (`pointers.rs`).
    pub ptr: pointers::PtrState,
    /// The bindings of handle-typed shader parameters, by resource type
    /// (`descriptor_handles.rs`).
    pub(crate) handle_heap: descriptor_handles::HandleHeap,
    /// Getter and setter instances of functions returning `Ref<T>` (`func/ref_calls.rs`).
    pub(crate) refs: func::RefState,
}

/// One concrete type an interface value may hold.
#[derive(Debug, Clone)]
pub(crate) struct DynCase {
    pub id: u32,
    pub ty: Ty,
    /// The field of the dynamic struct holding its value (`None` for types without fields).
    pub field: Option<u32>,
}

/// Lowers the program of `file` whose entry point is `entry` (or the default one, see cli.md).
pub fn lower_program(
    db: &dyn Db,
    file: SourceFile,
    entry: Option<&str>,
) -> Result<ir::Module, Vec<Diagnostic>> {
    let options = LowerOptions {
        entry: entry.map(str::to_string),
        ..LowerOptions::default()
    };
    lower_program_with(db, file, &options)
}

/// `type_conformance T:I = n`: values of interface `I` whose concrete type is `T` carry tag `n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeConformance {
    pub type_name: String,
    pub interface: String,
    pub id: u32,
}

/// Options of [`lower_program_with`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LowerOptions {
    /// The entry point; `None` picks `computeMain` or the only compute entry point.
    pub entry: Option<String>,
    /// Type ids for dynamic dispatch (interface-typed values).
    pub type_conformances: Vec<TypeConformance>,
    /// Tape capacities of backward derivatives' tiers (`dslang compile --tape-tiers`).
    pub tape_tiers: TapeTiers,
}

/// [`lower_program`] with type conformances for dynamic dispatch.
pub fn lower_program_with(
    db: &dyn Db,
    file: SourceFile,
    options: &LowerOptions,
) -> Result<ir::Module, Vec<Diagnostic>> {
    lower_program_full(db, file, options).map(|l| l.module)
}

/// A lowered program with what the lowering learnt about it on the way.
#[derive(Debug, Clone)]
pub struct Lowered {
    pub module: ir::Module,
    /// Per-thread context size of each backward derivative in `module`, in module order.
    pub contexts: Vec<ContextSize>,
    /// The globals split out of struct-typed shader parameters for their resource fields
    /// (`ParameterBlock<Material> gMaterial` -> `gMaterial_albedo`, ...), in declaration order.
    pub resource_fields: Vec<ResourceField>,
}

/// [`lower_program_with`], also returning the context sizes of the backward derivatives.
pub fn lower_program_full(
    db: &dyn Db,
    file: SourceFile,
    options: &LowerOptions,
) -> Result<Lowered, Vec<Diagnostic>> {
    let entry = options.entry.as_deref();
    let errors: Vec<Diagnostic> = hir::diagnostics(db, file)
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let entry_fn = find_entry(db, file, entry).map_err(|m| vec![file_diag("E4002", m)])?;
    let mut cx = Ctx::new(db, file, options.type_conformances.clone());
    // Recursion, which WGSL and SPIR-V cannot express: every call that closes a cycle among the
    // functions the entry point reaches (the front end accepts recursion, as slangc's does).
    // Then what reverse mode cannot differentiate in the functions the entry point reverse-
    // differentiates (`abort`), as slangc's backward-derivative pass refuses it.
    let mut recursion = hir::recursion_from(db, entry_fn);
    if recursion.is_empty() {
        recursion = hir::reverse_mode_refusals_from(db, entry_fn);
    }
    if !recursion.is_empty() {
        return Err(recursion
            .into_iter()
            .map(|(f, d)| {
                cx.to_diagnostic(LowerError {
                    code: d.code,
                    message: d.message,
                    item: Some(ItemDef::Function(f)),
                    range: d.range,
                })
            })
            .collect());
    }
    cx.diff.tape_tiers = options.tape_tiers.clone();
    let result = cx.lower_all(entry_fn);
    if let Err(e) = result {
        return Err(vec![cx.to_diagnostic(e)]);
    }
    if let Err(errors) = ir::verify(&cx.module) {
        let message = format!(
            "internal error: the lowered IR does not verify: {}",
            errors.join("; ")
        );
        return Err(vec![file_diag("E4999", message)]);
    }
    Ok(Lowered {
        module: cx.module,
        contexts: cx.contexts,
        resource_fields: cx.resource_fields,
    })
}

impl<'db> Ctx<'db> {
    pub(crate) fn new(
        db: &'db dyn Db,
        file: SourceFile,
        conformances: Vec<TypeConformance>,
    ) -> Ctx<'db> {
        Ctx {
            db,
            file,
            module: ir::Module::new(),
            struct_types: FxHashMap::default(),
            globals: FxHashMap::default(),
            cbuffer_fields: FxHashMap::default(),
            counters: FxHashMap::default(),
            entry_uniforms: FxHashMap::default(),
            workgroup_size: [1; 3],
            global_handles: FxHashMap::default(),
            handle_heap: Default::default(),
            refs: Default::default(),
            entry_uniform_handles: FxHashMap::default(),
            resource_fields: Vec::new(),
            instances: FxHashMap::default(),
            resource_instances: FxHashMap::default(),
            resource_params: FxHashMap::default(),
            pending: Vec::new(),
            handle_outputs: FxHashMap::default(),
            lowering_now: FxHashSet::default(),
            names: FxHashSet::default(),
            optionals: FxHashMap::default(),
            conformances,
            dyn_types: FxHashMap::default(),
            dyn_storage: FxHashMap::default(),
            exist: func::ExistState::default(),
            used_generic: None,
            diff: autodiff::DiffInfo::new(),
            math_derivatives_ready: false,
            derivatives: FxHashMap::default(),
            detach_fns: FxHashMap::default(),
            math_pending: Vec::new(),
            lambdas: FxHashMap::default(),
            fn_arg_values: FxHashMap::default(),
            contexts: Vec::new(),
            derivatives_of: FxHashMap::default(),
            generic_consts: FxHashMap::default(),
            called: FxHashSet::default(),
            called_scan_lens: Vec::new(),
            unroll_scan_lens: Vec::new(),
            struct_names: types::StructNames::default(),
            dynamic_statics: Vec::new(),
            generic_statics: FxHashMap::default(),
            ptr: pointers::PtrState::default(),
        }
    }
}

/// A diagnostic about the whole file (no entry point, internal errors), at its start.
fn file_diag(code: &'static str, message: String) -> Diagnostic {
    Diagnostic {
        code,
        message,
        range: TextRange::default(),
        severity: Severity::Error,
        related: Vec::new(),
    }
}

/// The functions of the file, members included, in source order.
fn file_functions(db: &dyn Db, file: SourceFile) -> Vec<FunctionId> {
    hir::file_items(db, file)
        .into_iter()
        .filter_map(|d| match d {
            ItemDef::Function(f) => Some(f),
            _ => None,
        })
        .collect()
}

/// HLSL's attribute names are case-insensitive (`[NumThreads(4, 1, 1)]`, `[Shader("compute")]`).
fn attr_ci<'a>(data: &'a hir::FnData, name: &str) -> Option<&'a hir::export::Attr> {
    data.attrs
        .iter()
        .find(|a| a.name.eq_ignore_ascii_case(name))
}

fn is_compute_entry(db: &dyn Db, f: FunctionId) -> bool {
    let data = hir::fn_data(db, f);
    attr_ci(&data, "numthreads").is_some()
        || attr_ci(&data, "shader").is_some_and(|a| {
            a.args
                .iter()
                .any(|x| matches!(x, AttrArg::String(s) if s == "compute"))
        })
}

/// cli.md: `--entry`, else `computeMain`, else the only compute entry point.
/// The entry point is looked up among the functions of the file's module: the file, then the
/// files it `__include`s.
fn find_entry(db: &dyn Db, file: SourceFile, entry: Option<&str>) -> Result<FunctionId, String> {
    let funcs: Vec<FunctionId> = hir::module_files(db, file)
        .iter()
        .flat_map(|f| file_functions(db, *f))
        .collect();
    let free = |name: &str| {
        funcs
            .iter()
            .copied()
            .find(|f| hir::fn_data(db, *f).name == name && !hir::fn_data(db, *f).in_type)
    };
    if let Some(name) = entry {
        return free(name)
            .ok_or_else(|| format!("no function named `{name}` to use as the entry point"));
    }
    if let Some(f) = free("computeMain") {
        return Ok(f);
    }
    let entries: Vec<FunctionId> = funcs
        .iter()
        .copied()
        .filter(|f| is_compute_entry(db, *f))
        .collect();
    match entries.as_slice() {
        [only] => Ok(*only),
        [] => Err(
            "no compute entry point: declare `computeMain` or a `[shader(\"compute\")]` function"
                .into(),
        ),
        _ => Err("several compute entry points: pick one with `--entry`".into()),
    }
}

impl<'db> Ctx<'db> {
    fn lower_all(&mut self, entry: FunctionId) -> R<()> {
        self.declare_resources()?;
        let data = hir::fn_data(self.db, entry);
        self.names.insert(data.name.to_string());
        let key = InstanceKey {
            exist: Vec::new(),
            fn_args: Vec::new(),
            func: entry,
            subst: Vec::new(),
            this_ty: None,
        };
        let size = self.workgroup_size(entry)?;
        self.workgroup_size = size;
        let (id, builtins) = func::lower_entry(self, key)?;
        self.module.add_entry_point(&data.name, id, size, builtins);
        while let Some((key, id)) = self.pending.pop() {
            func::lower_instance(self, key, id)?;
        }
        self.initialise_dynamic_statics(id)?;
        self.finish_pointers()?;
        ir::passes_unroll::unroll_forced_loops(&mut self.module);
        if self.math_derivatives_ready {
            self.lower_called_math()?;
            self.prune_recording_contexts();
        }
        // Last: the derivatives' normalised loops are no longer analysed.
        autodiff::thread_exit_flags(&mut self.module);
        Ok(())
    }

    /// Prepends to the entry function the assignments of the non-constant `static` initialisers,
    /// in declaration order. Lowering one may use further such globals and functions: repeat
    /// until none is left.
    fn initialise_dynamic_statics(&mut self, entry: ir::FuncId) -> R<()> {
        let mut inits: Vec<(usize, Vec<ir::Stmt>)> = Vec::new();
        let mut done = 0;
        while done < self.dynamic_statics.len() {
            let (g, id, subst) = self.dynamic_statics[done].clone();
            done += 1;
            let ty = self.module.globals[id.0 as usize].ty;
            let stmts =
                func::lower_static_init(self, entry, (g, subst), ir::Place::global(id), ty)?;
            while let Some((key, f)) = self.pending.pop() {
                func::lower_instance(self, key, f)?;
            }
            inits.push((self.declaration_order(g), stmts));
        }
        inits.sort_by_key(|(order, _)| *order);
        if let Some(f) = self.module.function_mut(entry) {
            let body = std::mem::take(&mut f.body);
            f.body = inits.into_iter().flat_map(|(_, s)| s).chain(body).collect();
        }
        Ok(())
    }

    /// The position of `g` among the items of its file.
    fn declaration_order(&self, g: hir::GlobalId) -> usize {
        hir::file_items(self.db, g.loc(self.db).file)
            .into_iter()
            .position(|d| d == ItemDef::Global(g))
            .unwrap_or(usize::MAX)
    }

    fn workgroup_size(&self, entry: FunctionId) -> R<[u32; 3]> {
        let data = hir::fn_data(self.db, entry);
        let mut size = [1u32; 3];
        if let Some(attr) = attr_ci(&data, "numthreads") {
            for (i, arg) in attr.args.iter().take(3).enumerate() {
                let v = match arg {
                    AttrArg::Int(n) => Some(*n),
                    AttrArg::Path(p) => self.const_by_name(&p.last_name()),
                    _ => None,
                };
                size[i] = v
                    .and_then(|v| u32::try_from(v).ok())
                    .filter(|v| *v > 0)
                    .ok_or_else(|| LowerError {
                        range: attr.range,
                        item: Some(ItemDef::Function(entry)),
                        ..unsupported("this `numthreads` argument")
                    })?;
            }
        }
        Ok(size)
    }

    fn const_by_name(&self, name: &str) -> Option<i64> {
        hir::file_items(self.db, self.file)
            .into_iter()
            .find_map(|d| match d {
                ItemDef::Global(g) if global_data(self.db, g).name == name => {
                    global_const_value(self.db, g)
                }
                _ => None,
            })
    }

    /// Buffers, constant buffers, uniforms and groupshared variables of the user's file, in
    /// source order, so that bindings are numbered as declared.
    fn declare_resources(&mut self) -> R<()> {
        for def in hir::file_items(self.db, self.file) {
            let ItemDef::Global(g) = def else { continue };
            let data = global_data(self.db, g);
            let is_const = data.modifiers.is_const
                || (data.modifiers.is_static && !data.modifiers.is_groupshared);
            if is_const || data.in_type && data.modifiers.is_static {
                continue; // constants are lowered when used
            }
            if let Some(block) = self.cbuffer_of(g) {
                if !self.cbuffer_member_declared(g) {
                    self.declare_cbuffer(&block)?;
                }
                continue;
            }
            self.global(g)?;
        }
        Ok(())
    }

    /// The `cbuffer` block that declares the file-level global `g`.
    fn cbuffer_of(&self, g: hir::GlobalId) -> Option<String> {
        let loc = g.loc(self.db);
        if loc.path.len() != 1 || loc.file != self.file {
            return None;
        }
        let name = loc.name();
        hir::export::file_cbuffers(self.db, self.file)
            .iter()
            .find(|(_, members)| members.contains(&name))
            .map(|(block, _)| block.to_string())
    }

    /// Whether the `cbuffer` member `g` has its IR form: a field of its block, or a global of
    /// its own (a texture, sampler or buffer member).
    fn cbuffer_member_declared(&self, g: hir::GlobalId) -> bool {
        self.cbuffer_fields.contains_key(&g) || self.globals.contains_key(&g)
    }

    /// `cbuffer NAME { members }`: one uniform global `NAME` of a struct of the members (bound
    /// as one block, as Slang does), each member a field of it. Textures, samplers and buffers
    /// in it are shader parameters of their own (Slang moves them out of the block), and a
    /// member struct holding them keeps its plain fields in the block, its resources in globals
    /// named by path (`p_tex`), as a struct-typed shader parameter does.
    fn declare_cbuffer(&mut self, block: &str) -> R<()> {
        let members: Vec<hir::GlobalId> = hir::file_items(self.db, self.file)
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Global(g) if self.cbuffer_of(g).as_deref() == Some(block) => Some(g),
                _ => None,
            })
            .collect();
        let mut fields = Vec::new();
        let mut layouts = Vec::new();
        let mut in_block = Vec::new();
        let mut own_globals = Vec::new();
        let mut split = Vec::new();
        for &g in &members {
            let data = global_data(self.db, g);
            if let Some(layout) = data.modifiers.matrix_layout {
                layouts.push((data.name.to_string(), layout));
            }
            let ty = hir::export::normalize(self.db, self.file, &global_ty(self.db, g));
            if self.is_handle_only(&ty) {
                own_globals.push(g);
                continue;
            }
            if self.holds_resources(&ty) {
                split.push((g, data.name.to_string(), ty.clone()));
            }
            let ir_ty = self.ir_ty(&ty).map_err(|e| LowerError {
                item: Some(ItemDef::Global(g)),
                range: data.name_range,
                ..e
            })?;
            fields.push((data.name.to_string(), ir_ty));
            in_block.push(g);
        }
        // A block of resources only binds no uniform.
        if !in_block.is_empty() {
            let struct_name = format!("{block}_block");
            let ty = self.module.types.add_struct(
                &struct_name,
                fields.iter().map(|(n, t)| (n.as_str(), *t)).collect(),
            );
            self.set_named_field_layouts(ty, &layouts);
            let id = self.module.add_global(block, ty, ir::GlobalKind::Uniform);
            for (i, g) in in_block.into_iter().enumerate() {
                self.cbuffer_fields.insert(g, (id, i as u32));
            }
        }
        for (g, name, ty) in split {
            let at = |e: LowerError| LowerError {
                item: Some(ItemDef::Global(g)),
                range: global_data(self.db, g).name_range,
                ..e
            };
            let handles = self.declare_resource_fields(&name, &ty).map_err(at)?;
            self.global_handles.insert(g, handles);
        }
        for g in own_globals {
            self.global(g)?;
        }
        Ok(())
    }

    /// The globals of the resources inside the `cbuffer` member `g` (declaring its block);
    /// `None` when `g` is no `cbuffer` member or holds none.
    pub(crate) fn cbuffer_member_handles(&mut self, g: hir::GlobalId) -> R<Option<Handles>> {
        let Some(block) = self.cbuffer_of(g) else {
            return Ok(None);
        };
        if !self.cbuffer_member_declared(g) {
            self.declare_cbuffer(&block)?;
        }
        Ok(self.global_handles.get(&g).cloned())
    }

    /// The global standing for a `uniform` parameter `name` of the entry point, with the globals
    /// of its resource fields when its struct holds textures, samplers or buffers.
    pub(crate) fn entry_uniform_global(
        &mut self,
        name: &str,
        ty: &Ty,
    ) -> R<(ir::GlobalId, Handles)> {
        let ty = hir::export::normalize(self.db, self.file, ty);
        if pointers::is_pointer(self.db, &ty) {
            return Ok((self.pointer_parameter(name), Vec::new()));
        }
        // A texture or sampler parameter is a shader parameter like a file-level one.
        if self.is_resource_ty(&ty) && self.buffer_elem(&ty).is_none() {
            return Ok((self.resource_global_of(name, &ty)?, Vec::new()));
        }
        let split = self.uniform_block_arg(&ty).unwrap_or_else(|| ty.clone());
        if self.holds_resources(&split) {
            return self.declare_split_parameter(name, &split);
        }
        let (ir_ty, kind) = if let Some((access, elem)) = self.buffer_elem(&ty) {
            (
                self.buffer_elem_ir(&elem)?,
                ir::GlobalKind::StorageBuffer { access },
            )
        } else if let Some(inner) = self.uniform_block_arg(&ty) {
            (self.ir_ty(&inner)?, ir::GlobalKind::Uniform)
        } else if matches!(ty, Ty::Adt(..)) && self.ir_ty(&ty).is_err() {
            return Err(unsupported(format!(
                "the entry-point parameter `{name}` of this resource type (buffers, uniform values and structs are supported)"
            )));
        } else {
            (self.ir_ty(&ty)?, ir::GlobalKind::Uniform)
        };
        Ok((self.module.add_global(name, ir_ty, kind), Vec::new()))
    }

    /// The memory of a global: its own IR global, or its field of a `cbuffer` block.
    pub(crate) fn global_place(&mut self, g: hir::GlobalId) -> R<ir::Place> {
        if let Some(block) = self.cbuffer_of(g) {
            if !self.cbuffer_member_declared(g) {
                self.declare_cbuffer(&block)?;
            }
            if let Some(&(id, field)) = self.cbuffer_fields.get(&g) {
                return Ok(ir::Place::global(id).field(field));
            }
        }
        Ok(ir::Place::global(self.global(g)?))
    }

    /// The IR constant of `g`, a constant member of a generic type, for the type's generic
    /// arguments `subst`; `None` when `g` is not such a constant or its value does not depend
    /// on them.
    pub(crate) fn generic_const(
        &mut self,
        g: hir::GlobalId,
        subst: &Subst,
    ) -> R<Option<ir::GlobalId>> {
        let data = global_data(self.db, g);
        let constant = data.modifiers.is_const || data.is_let;
        let generic_owner = g.loc(self.db).parent().is_some_and(|p| {
            matches!(p.kind(), Some(hir::ItemKind::Struct))
                && !hir::type_decl_data(self.db, hir::TypeDeclId::new(self.db, p))
                    .generics
                    .is_empty()
        });
        if !(data.in_type && constant && generic_owner) || subst.is_empty() {
            return Ok(None);
        }
        // Only the owner's parameters matter.
        let owner = g
            .loc(self.db)
            .parent()
            .map(|p| hir::TypeDeclId::new(self.db, p));
        let own: Subst = subst
            .iter()
            .filter(|(p, _)| {
                matches!(p.owner, hir::export::GenericOwner::TypeDecl(d) if Some(d) == owner)
            })
            .cloned()
            .collect();
        if own.is_empty() {
            return Ok(None);
        }
        if let Some(id) = self.generic_consts.get(&(g, own.clone())) {
            return Ok(Some(*id));
        }
        let at = |e: LowerError| LowerError {
            item: Some(ItemDef::Global(g)),
            range: data.name_range,
            ..e
        };
        let ty = apply(&own, None, &global_ty(self.db, g));
        let ty = hir::export::normalize(self.db, self.file, &ty);
        let ir_ty = self.ir_ty(&ty).map_err(at)?;
        let value = consts::global_value_with(self, g, ir_ty, &own).map_err(at)?;
        if value.has_non_finite() {
            return Ok(None);
        }
        let name = self.fresh_name(&data.name);
        let id = self
            .module
            .add_global(&name, ir_ty, ir::GlobalKind::Constant(value));
        self.generic_consts.insert((g, own), id);
        Ok(Some(id))
    }

    /// The IR global of a hir global, created on first use.
    pub(crate) fn global(&mut self, g: hir::GlobalId) -> R<ir::GlobalId> {
        if let Some(id) = self.globals.get(&g) {
            return Ok(*id);
        }
        let id = self.declare_global(g)?;
        self.apply_global_matrix_layout(g, id);
        Ok(id)
    }

    /// The IR global of `g`, declared now (`global` keeps it).
    fn declare_global(&mut self, g: hir::GlobalId) -> R<ir::GlobalId> {
        let data = global_data(self.db, g);
        let ty = hir::export::normalize(self.db, self.file, &global_ty(self.db, g));
        let at = |e: LowerError| LowerError {
            item: Some(ItemDef::Global(g)),
            range: data.name_range,
            ..e
        };
        // Static members of different types may share a name (`Triangle.kSides`, `Square.kSides`).
        let name = if data.in_type {
            self.fresh_name(&data.name)
        } else {
            data.name.to_string()
        };
        if self.is_resource_ty(&ty) {
            let id = self.resource_global_of(&name, &ty).map_err(at)?;
            self.globals.insert(g, id);
            return Ok(id);
        }
        let is_parameter = !(data.modifiers.is_groupshared
            || data.modifiers.is_static
            || data.modifiers.is_const
            || data.is_let);
        if is_parameter
            && let Some(target) = self.descriptor_handle_target(
                &self.uniform_block_arg(&ty).unwrap_or_else(|| ty.clone()),
            )
        {
            // `uniform T.Handle h`: a binding of `T` and the handle naming it.
            let id = self.declare_handle_parameter(&name, &target).map_err(at)?;
            self.globals.insert(g, id);
            return Ok(id);
        }
        if is_parameter && pointers::is_pointer(self.db, &ty) {
            // `uniform T* p`: a buffer `p` of words and a pointer to its start.
            let id = self.pointer_parameter(&name);
            self.globals.insert(g, id);
            return Ok(id);
        }
        let split = self.uniform_block_arg(&ty).unwrap_or_else(|| ty.clone());
        if self.holds_resources(&split) {
            if !is_parameter {
                return Err(at(self.resources_not_here(
                    &ty,
                    "a global that is not a shader parameter",
                )));
            }
            let (id, handles) = self.declare_split_parameter(&name, &split).map_err(at)?;
            self.globals.insert(g, id);
            self.global_handles.insert(g, handles);
            return Ok(id);
        }
        let (ir_ty, kind) = if let Some(inner) = self.uniform_block_arg(&ty) {
            (self.ir_ty(&inner).map_err(at)?, ir::GlobalKind::Uniform)
        } else if data.modifiers.is_groupshared {
            (self.ir_ty(&ty).map_err(at)?, ir::GlobalKind::Groupshared)
        } else if data.modifiers.is_static && !data.modifiers.is_const && !data.is_let {
            // A mutable `static`: one copy per thread, starting from its initial value.
            let ir_ty = self.ir_ty(&ty).map_err(at)?;
            let constant = consts::static_initial_value(self, g, ir_ty);
            let dynamic = constant.is_err();
            let value = match constant {
                Ok(v) => v,
                // Not a compile-time constant: zero here, assigned at the entry point's start.
                Err(_) => consts::zero(self, ir_ty).map_err(at)?,
            };
            let id = self.module.add_private_global(&name, ir_ty, value);
            self.globals.insert(g, id);
            if dynamic {
                self.dynamic_statics.push((g, id, Vec::new()));
            }
            return Ok(id);
        } else if data.modifiers.is_const || data.modifiers.is_static || data.is_let {
            let ir_ty = self.ir_ty(&ty).map_err(at)?;
            let value = match consts::global_value(self, g, ir_ty) {
                Ok(v) => v,
                // A constant computed by code (a constructor call, field initialisers): a
                // private global assigned at the entry point's start, as a dynamic `static`.
                Err(e)
                    if e.code == "E4001"
                        && hir::export::global_body(self.db, g).root_expr.is_some() =>
                {
                    let zero = consts::zero(self, ir_ty).map_err(at)?;
                    let id = self.module.add_private_global(&name, ir_ty, zero);
                    self.globals.insert(g, id);
                    self.dynamic_statics.push((g, id, Vec::new()));
                    return Ok(id);
                }
                Err(e) => return Err(at(e)),
            };
            if value.has_non_finite() {
                // WGSL's constant expressions cannot be infinite or NaN (`0.0 / 0.0`): the
                // value is computed at the entry point's start instead.
                let zero = consts::zero(self, ir_ty).map_err(at)?;
                let id = self.module.add_private_global(&name, ir_ty, zero);
                self.globals.insert(g, id);
                self.dynamic_statics.push((g, id, Vec::new()));
                return Ok(id);
            }
            (ir_ty, ir::GlobalKind::Constant(value))
        } else {
            (self.ir_ty(&ty).map_err(at)?, ir::GlobalKind::Uniform)
        };
        let id = self.module.add_global(&name, ir_ty, kind);
        self.globals.insert(g, id);
        Ok(id)
    }

    /// `AppendStructuredBuffer<T>` / `ConsumeStructuredBuffer<T>`: buffers with a counter.
    pub(crate) fn counter_buffer(&self, ty: &Ty) -> bool {
        self.adt_arg(ty, "AppendStructuredBuffer").is_some()
            || self.adt_arg(ty, "ConsumeStructuredBuffer").is_some()
    }

    /// `RWStructuredBuffer<T>` / `StructuredBuffer<T>`: access and `T`; the byte-address buffers
    /// are buffers of `uint` words.
    pub(crate) fn buffer_elem(&self, ty: &Ty) -> Option<(ir::BufferAccess, Ty)> {
        if let Ty::Adt(d, _) = ty {
            let word = Ty::Scalar(hir::ScalarKind::UInt);
            match d.loc(self.db).name().as_str() {
                "RWByteAddressBuffer" => return Some((ir::BufferAccess::ReadWrite, word)),
                "ByteAddressBuffer" => return Some((ir::BufferAccess::Read, word)),
                _ => {}
            }
        }
        if let Some(t) = self
            .adt_arg(ty, "RWStructuredBuffer")
            .or_else(|| self.adt_arg(ty, "AppendStructuredBuffer"))
            .or_else(|| self.adt_arg(ty, "ConsumeStructuredBuffer"))
        {
            return Some((ir::BufferAccess::ReadWrite, t));
        }
        self.adt_arg(ty, "StructuredBuffer")
            .map(|t| (ir::BufferAccess::Read, t))
    }

    /// A texture type's access and texel type `T`.
    pub(crate) fn texture_elem(&self, ty: &Ty) -> Option<(ir::BufferAccess, Ty)> {
        self.texture_type(ty).map(|t| (t.access, t.texel))
    }

    /// `Texture1D/1DArray/2D/2DArray/3D/Cube/CubeArray<T>` (sampled) and
    /// `RWTexture1D/1DArray/2D/2DArray/3D<T>` (storage).
    pub(crate) fn texture_type(&self, ty: &Ty) -> Option<TextureType> {
        use ir::BufferAccess::{Read, ReadWrite};
        use ir::TextureDim::*;
        let Ty::Adt(d, _) = ty else { return None };
        let name = d.loc(self.db).name();
        let depth = |dim, arrayed| TextureType {
            dim,
            arrayed,
            access: Read,
            texel: Ty::Scalar(hir::ScalarKind::Float),
            depth: true,
        };
        let (dim, arrayed, access) = match name.as_str() {
            "DepthTexture2D" => return Some(depth(D2, false)),
            "DepthTexture2DArray" => return Some(depth(D2, true)),
            "DepthTextureCube" => return Some(depth(Cube, false)),
            "DepthTextureCubeArray" => return Some(depth(Cube, true)),
            "Texture1D" => (D1, false, Read),
            "Texture2D" => (D2, false, Read),
            "Texture3D" => (D3, false, Read),
            "Texture1DArray" => (D1, true, Read),
            "Texture2DArray" => (D2, true, Read),
            "TextureCube" => (Cube, false, Read),
            "TextureCubeArray" => (Cube, true, Read),
            "RWTexture1D" => (D1, false, ReadWrite),
            "RWTexture2D" => (D2, false, ReadWrite),
            "RWTexture3D" => (D3, false, ReadWrite),
            "RWTexture1DArray" => (D1, true, ReadWrite),
            "RWTexture2DArray" => (D2, true, ReadWrite),
            _ => return None,
        };
        let texel = self.adt_arg(ty, name.as_str())?;
        Some(TextureType {
            dim,
            arrayed,
            access,
            texel,
            depth: false,
        })
    }

    /// `SamplerState` (`Some(false)`) / `SamplerComparisonState` (`Some(true)`).
    pub(crate) fn sampler_type(&self, ty: &Ty) -> Option<bool> {
        let Ty::Adt(d, _) = ty else { return None };
        match d.loc(self.db).name().as_str() {
            "SamplerState" => Some(false),
            "SamplerComparisonState" => Some(true),
            _ => None,
        }
    }

    /// `T` of `ConstantBuffer<T>` / `ParameterBlock<T>`: a uniform block holding a `T`.
    pub(crate) fn uniform_block_arg(&self, ty: &Ty) -> Option<Ty> {
        self.adt_arg(ty, "ConstantBuffer")
            .or_else(|| self.adt_arg(ty, "ParameterBlock"))
    }

    /// The first type argument of a stdlib generic type named `name`.
    pub(crate) fn adt_arg(&self, ty: &Ty, name: &str) -> Option<Ty> {
        match ty {
            Ty::Adt(d, args) if d.loc(self.db).name() == name => match args.first() {
                Some(GenericArg::Type(t)) => Some(t.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// A fresh function name derived from `base` (identifier characters only).
    pub(crate) fn fresh_name(&mut self, base: &str) -> String {
        // WGSL reserves identifiers that start with `__` (stdlib helpers are named so).
        let mut clean: String = base
            .trim_start_matches('_')
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        if clean.is_empty() || clean.starts_with(|c: char| c.is_ascii_digit()) {
            clean.insert(0, 'f');
        }
        let mut name = clean.clone();
        let mut n = 1;
        while self.names.contains(&name) {
            name = format!("{clean}_{n}");
            n += 1;
        }
        self.names.insert(name.clone());
        name
    }

    fn to_diagnostic(&self, e: LowerError) -> Diagnostic {
        let range = match e.item {
            Some(def) => {
                let loc = item_def_loc(self.db, def);
                let offset = item_offset(self.db, &loc);
                let pp = hir::preprocessed(self.db, loc.file);
                pp.map.range_to_original(e.range.shifted(offset))
            }
            None => e.range,
        };
        Diagnostic {
            code: e.code,
            message: e.message,
            range,
            severity: Severity::Error,
            related: Vec::new(),
        }
    }
}

pub(crate) fn apply(subst: &Subst, this: Option<&Ty>, ty: &Ty) -> Ty {
    let t = ty.subst(&|p| hir::export::subst_lookup(subst, &p));
    match this {
        Some(this) => t.subst_this(this),
        None => t,
    }
}
