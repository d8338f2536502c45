//! hir: the semantic model of Slang programs, every step a salsa query.
//!
//! Data flow: file text ─► preprocessor (only for files with directives) ─► parse ─► item tree
//! (body-independent, no positions) ─► per-item syntax (position-independent green nodes) ─►
//! item data / signatures ─► bodies ─► inference ─► per-item diagnostics ─► file diagnostics
//! (made absolute and mapped back to the original text here, at the end).
//!
//! Differentiability (`diffcheck`, per function; `differential`, per struct) runs on the same
//! per-item queries: derivative data flow, differentiable callees, loops, recursion, custom
//! derivative signatures, and the `Differential` of structs (`struct_differential`,
//! `differential_type_text`).
//!
//! Editing inside one function body re-runs only the parse, the file-level position maps, and the
//! queries of that function: every other item's syntax compares equal, so its queries are reused.
// Analysis and compiler code never unwraps: user input becomes a diagnostic, not a panic.
#![deny(clippy::unwrap_used)]

mod body;
mod buffer_layout;
mod capability;
mod check;
mod check_missed;
mod conform;
mod data;
mod derivative_target;
mod diagnostics;
mod diffcheck;
pub(crate) mod differential;
mod forms;
mod generic_consts;
mod ids;
mod infer;
mod inherited_assoc;
pub mod layout;
mod lower;
mod nested;
mod pack_query;
pub mod preprocess;
mod ref_type;
mod resolve;
mod reverse_refusals;
mod rules;
mod scope;
mod stdlib_index;
mod subscripts;
mod ty;
mod using_lookup;
mod value_packs;
mod where_types;
mod witness;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use base_db::{CompileOptions, Db, FileKind, SourceFile, Workspace};
pub use body::{Body, DiffKind, Expr, ExprId, LabelData, LabelId, LambdaBody, LocalId, Stmt};
pub use data::{
    FnData, FnKind, GenericArgRef, GenericParamData, GenericParamKind, MatrixLayout, ParamDir,
    PathRef, TypeDeclData, TypeDeclKind, TypeRef, WherePred,
};
pub use derivative_target::{ApplyReceiver, apply_receiver, derivative_target_owner};
pub use diagnostics::{Diagnostic, RelatedInfo, Severity};
pub use diffcheck::{is_differentiable_as, recursion_from, recursive_calls};
pub use differential::{
    DifferentialField, DifferentialInfo, DifferentialKind, DropReason, DroppedField,
    differential_type_text, struct_differential,
};
pub use ids::{
    AliasId, ExtensionId, FunctionId, GenericParamId, GlobalId, ItemDef, ItemKind, ItemLoc,
    PropertyId, SubscriptId, TypeDeclId,
};
pub use infer::infer as infer_function;
pub use infer::{
    CALL_OPERATOR, Capture, ExprRes, FnSig, InferenceResult, LambdaInfo, ParamSig,
    call_generic_args, derivative_sig, fn_sig, nested_derivative_sig, nondiff_view_params,
};
pub use lower::{fn_body, fn_data, item_tree, parse, preprocessed, type_decl_data};
pub use pack_query::PackOp;
pub use reverse_refusals::reverse_mode_refusals_from;
pub use scope::module_files;
pub use ty::{GenericArg, LambdaOwner, LambdaTy, Len, LenOp, ScalarKind, Ty};

use salsa::{Durability, Setter};

/// A byte range (`start..end`) in some text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct TextRange {
    pub start: u32,
    pub end: u32,
}

impl TextRange {
    pub fn new(start: u32, end: u32) -> TextRange {
        TextRange {
            start,
            end: end.max(start),
        }
    }

    pub fn len(self) -> u32 {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    pub fn shifted(self, by: u32) -> TextRange {
        TextRange::new(self.start + by, self.end + by)
    }

    pub fn contains_inclusive(self, offset: u32) -> bool {
        self.start <= offset && offset <= self.end
    }
}

/// The stdlib files, embedded.
pub const STDLIB: &[(&str, &str)] = &[
    (
        "stdlib/core.slang",
        include_str!("../../../stdlib/core.slang"),
    ),
    (
        "stdlib/diff.slang",
        include_str!("../../../stdlib/diff.slang"),
    ),
    (
        "stdlib/ptr.slang",
        include_str!("../../../stdlib/ptr.slang"),
    ),
    (
        "stdlib/playground.slang",
        include_str!("../../../stdlib/playground.slang"),
    ),
    (
        "stdlib/printing.slang",
        include_str!("../../../stdlib/printing.slang"),
    ),
    (
        "stdlib/rendering.slang",
        include_str!("../../../stdlib/rendering.slang"),
    ),
    (
        "stdlib/scalar.slang",
        include_str!("../../../stdlib/scalar.slang"),
    ),
    (
        "stdlib/wave.slang",
        include_str!("../../../stdlib/wave.slang"),
    ),
    (
        "stdlib/atomics.slang",
        include_str!("../../../stdlib/atomics.slang"),
    ),
    (
        "stdlib/pack.slang",
        include_str!("../../../stdlib/pack.slang"),
    ),
    (
        "stdlib/interop.slang",
        include_str!("../../../stdlib/interop.slang"),
    ),
    (
        "stdlib/resources.slang",
        include_str!("../../../stdlib/resources.slang"),
    ),
    (
        "stdlib/textures.slang",
        include_str!("../../../stdlib/textures.slang"),
    ),
    (
        "stdlib/descriptors.slang",
        include_str!("../../../stdlib/descriptors.slang"),
    ),
    (
        "stdlib/graphics.slang",
        include_str!("../../../stdlib/graphics.slang"),
    ),
    (
        "stdlib/raytracing.slang",
        include_str!("../../../stdlib/raytracing.slang"),
    ),
    (
        "stdlib/narrow_scalars.slang",
        include_str!("../../../stdlib/narrow_scalars.slang"),
    ),
    (
        "stdlib/functional.slang",
        include_str!("../../../stdlib/functional.slang"),
    ),
    (
        "stdlib/builtins.slang",
        include_str!("../../../stdlib/builtins.slang"),
    ),
    (
        "stdlib/element_conformance.slang",
        include_str!("../../../stdlib/element_conformance.slang"),
    ),
    (
        "stdlib/coopvec.slang",
        include_str!("../../../stdlib/coopvec.slang"),
    ),
    (
        "stdlib/glsl.slang",
        include_str!("../../../stdlib/glsl.slang"),
    ),
];

/// Library modules whose declarations are visible only to files that import them (the Slang
/// Playground's `printing` and `rendering`: `rendering` declares a global `outputTexture`, which a
/// program that does not import it may declare itself; `glsl`, which a file in GLSL mode sees
/// without importing it).
const IMPORT_ONLY_MODULES: &[&str] = &[
    "stdlib/printing.slang",
    "stdlib/rendering.slang",
    "stdlib/glsl.slang",
];

/// Whether the library file at `path` is one of [`IMPORT_ONLY_MODULES`].
pub fn is_import_only_module(path: &str) -> bool {
    IMPORT_ONLY_MODULES.contains(&path)
}

/// Whether `import module;` names an embedded stdlib module (`import playground;`). Stdlib files
/// are visible everywhere already, so such an import needs no file on disk.
pub fn is_stdlib_module(module: &str) -> bool {
    let path = format!("stdlib/{}.slang", module.replace('.', "/"));
    STDLIB.iter().any(|(p, _)| *p == path)
}

/// The database used by the CLI and the language server. Cloning gives a snapshot handle for
/// concurrent reads; writes through `&mut` cancel running reads.
#[salsa::db]
#[derive(Clone)]
pub struct RootDatabase {
    storage: salsa::Storage<Self>,
    workspace: Option<Workspace>,
    /// Earlier results that queries reuse to go faster (the last parse of each file).
    reuse: Arc<base_db::ReuseCache>,
}

#[salsa::db]
impl salsa::Database for RootDatabase {}

#[salsa::db]
impl base_db::Db for RootDatabase {
    fn workspace(&self) -> Workspace {
        self.workspace
            .expect("RootDatabase constructors always create the workspace input")
    }

    fn reuse_cache(&self) -> Option<&base_db::ReuseCache> {
        Some(&self.reuse)
    }
}

impl Default for RootDatabase {
    fn default() -> Self {
        Self::new(None)
    }
}

impl RootDatabase {
    /// A database that reports salsa events (used by incrementality tests and profiling).
    pub fn with_event_callback(
        callback: Box<dyn Fn(salsa::Event) + Send + Sync + 'static>,
    ) -> Self {
        Self::new(Some(callback))
    }

    fn new(callback: Option<Box<dyn Fn(salsa::Event) + Send + Sync + 'static>>) -> Self {
        let mut db = RootDatabase {
            storage: salsa::Storage::new(callback),
            workspace: None,
            reuse: Arc::default(),
        };
        let stdlib: Vec<SourceFile> = STDLIB
            .iter()
            .map(|(path, text)| {
                // The stdlib never changes: salsa then skips re-validating what depends on it alone.
                SourceFile::builder(Arc::from(*text), Arc::from(*path), FileKind::Stdlib)
                    .durability(Durability::HIGH)
                    .new(&db)
            })
            .collect();
        // The file list and options change far less often than file texts.
        let workspace = Workspace::builder(
            Arc::from([]),
            stdlib.into(),
            CompileOptions::default(),
            Arc::from([]),
        )
        .durability(Durability::MEDIUM)
        .new(&db);
        db.workspace = Some(workspace);
        db
    }

    /// Adds a file or replaces its text. Returns its handle.
    pub fn set_file(&mut self, path: &str, text: &str) -> SourceFile {
        if let Some(file) = self.file(path) {
            if **file.text(self) != *text {
                file.set_text(self).to(Arc::from(text));
            }
            return file;
        }
        let file = SourceFile::new(self, Arc::from(text), Arc::from(path), FileKind::User);
        let workspace = self.workspace();
        let mut files = workspace.files(self).to_vec();
        files.push(file);
        workspace
            .set_files(self)
            .with_durability(Durability::MEDIUM)
            .to(files.into());
        file
    }

    /// Removes a file from the workspace (its handle stays valid but is no longer visible).
    pub fn remove_file(&mut self, path: &str) {
        let workspace = self.workspace();
        if let Some(file) = self.file(path) {
            self.reuse.forget(file);
        }
        let files: Vec<SourceFile> = workspace
            .files(self)
            .iter()
            .copied()
            .filter(|f| &**f.path(self) != path)
            .collect();
        workspace
            .set_files(self)
            .with_durability(Durability::MEDIUM)
            .to(files.into());
    }

    pub fn file(&self, path: &str) -> Option<SourceFile> {
        let workspace = self.workspace();
        workspace
            .files(self)
            .iter()
            .copied()
            .find(|f| &**f.path(self) == path)
    }

    /// The files the host found but would not read, with why (`is a FIFO, not a regular
    /// file`): an `#include` of one reports the reason (E2906). Changes nothing when equal.
    pub fn set_refused(&mut self, mut refused: Vec<(Arc<str>, Arc<str>)>) {
        refused.sort();
        refused.dedup_by(|a, b| a.0 == b.0);
        let workspace = self.workspace();
        if **workspace.refused(self) != *refused {
            workspace
                .set_refused(self)
                .with_durability(Durability::MEDIUM)
                .to(refused.into());
        }
    }

    pub fn set_options(&mut self, options: CompileOptions) {
        let workspace = self.workspace();
        if *workspace.options(self) != options {
            workspace
                .set_options(self)
                .with_durability(Durability::MEDIUM)
                .to(options);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Display

struct DbNames<'a>(&'a dyn Db);

impl ty::TyNames for DbNames<'_> {
    fn decl_name(&self, id: TypeDeclId) -> smol_str::SmolStr {
        id.loc(self.0).name()
    }
    fn enclosing_generic(&self, id: TypeDeclId) -> Option<(TypeDeclId, usize)> {
        nested::enclosing_generic(self.0, id)
    }
}

/// A type as slangc's diagnostics write it (`vector<float,3>`, `DifferentialPair<vector<float,2>>`),
/// for messages that start with slangc's wording.
pub fn slangc_type_text(db: &dyn Db, ty: &Ty) -> String {
    let len = |l: &Len| match l {
        Len::Known(n) => n.to_string(),
        _ => "N".to_string(),
    };
    match ty {
        Ty::Vector(e, n) => format!("vector<{},{}>", slangc_type_text(db, e), len(n)),
        Ty::Matrix(e, r, c) => format!("matrix<{},{},{}>", slangc_type_text(db, e), len(r), len(c)),
        // Pointers and function types as written (`int*`, `functype(int) -> float`).
        Ty::Adt(..)
            if infer::stdlib_decl_named(db, ty, "Ptr")
                || infer::stdlib_decl_named(db, ty, resolve::FUNC_TYPE_DECL) =>
        {
            display_ty(db, ty)
        }
        Ty::Adt(d, args) if !args.is_empty() => {
            let args: Vec<String> = args
                .iter()
                .map(|a| match a {
                    GenericArg::Type(t) => slangc_type_text(db, t),
                    GenericArg::Value(l) => len(l),
                })
                .collect();
            format!("{}<{}>", d.loc(db).name(), args.join(","))
        }
        _ => display_ty(db, ty),
    }
}

/// A type as Slang writes it (`float3`, `RWStructuredBuffer<float>`, `T.Differential`).
pub fn display_ty(db: &dyn Db, ty: &Ty) -> String {
    ty::display_ty(ty, &DbNames(db))
}

/// A function signature for messages and hovers: `float sin<T>(T x)`. Memoized: completion
/// lists show one per function on every keystroke.
#[salsa::tracked(returns(clone))]
pub fn fn_signature_text(db: &dyn Db, func: FunctionId) -> String {
    let data = lower::fn_data(db, func);
    signature_text(db, &data.name, func, &fn_sig(db, func))
}

/// The signature of `fwd_diff(func)` / `bwd_diff(func)`, for messages and hovers.
pub fn derivative_signature_text(
    db: &dyn Db,
    func: FunctionId,
    kind: body::DiffKind,
) -> Option<String> {
    let data = lower::fn_data(db, func);
    let op = match kind {
        body::DiffKind::Forward => "fwd_diff",
        body::DiffKind::Backward => "bwd_diff",
    };
    let sig = infer::derivative_sig(db, func, kind)?;
    Some(signature_text(
        db,
        &format!("{op}({})", data.name),
        func,
        &sig,
    ))
}

/// The signature of nested derivatives, `kinds` innermost first: `fwd_diff(bwd_diff(f))`.
pub fn nested_derivative_signature_text(
    db: &dyn Db,
    func: FunctionId,
    kinds: &[body::DiffKind],
) -> Option<String> {
    let data = lower::fn_data(db, func);
    let name = kinds.iter().fold(data.name.to_string(), |inner, kind| {
        let op = match kind {
            body::DiffKind::Forward => "fwd_diff",
            body::DiffKind::Backward => "bwd_diff",
        };
        format!("{op}({inner})")
    });
    let sig = infer::nested_derivative_sig(db, func, kinds)?;
    Some(signature_text(db, &name, func, &sig))
}

fn signature_text(db: &dyn Db, name: &str, func: FunctionId, sig: &FnSig) -> String {
    let data = lower::fn_data(db, func);
    let generics = if data.generics.is_empty() {
        String::new()
    } else {
        format!(
            "<{}>",
            data.generics
                .iter()
                .map(|g| g.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let params: Vec<String> = sig
        .params
        .iter()
        .map(|p| {
            let dir = match p.dir {
                ParamDir::In => "",
                ParamDir::Out => "out ",
                ParamDir::InOut => "inout ",
                ParamDir::Ref => "ref ",
            };
            let no_diff = if p.no_diff { "no_diff " } else { "" };
            format!("{dir}{no_diff}{} {}", display_ty(db, &p.ty), p.name)
        })
        .collect();
    let ret = if data.kind == FnKind::Init {
        String::new()
    } else {
        format!("{} ", display_ty(db, &sig.ret))
    };
    let is_static = if sig.is_static { "static " } else { "" };
    format!("{is_static}{ret}{name}{generics}({})", params.join(", "))
}

// ---------------------------------------------------------------------------------------------
// Diagnostics of a file

/// Every item of a file, members and accessors included, in source order.
pub fn file_items(db: &dyn Db, file: SourceFile) -> Vec<ItemDef> {
    fn walk(db: &dyn Db, nodes: &[data::ItemNode], out: &mut Vec<ItemDef>) {
        for node in nodes {
            match node {
                data::ItemNode::Namespace { items, .. } => walk(db, items, out),
                data::ItemNode::Item(def) => push_with_members(db, *def, out),
            }
        }
    }
    fn push_with_members(db: &dyn Db, def: ItemDef, out: &mut Vec<ItemDef>) {
        out.push(def);
        let members: Vec<ItemDef> = match def {
            ItemDef::TypeDecl(t) => lower::type_decl_data(db, t).members.clone(),
            // Types and typealiases declared in the body.
            ItemDef::Function(f) => lower::fn_local_items(db, f).iter().map(|l| l.def).collect(),
            ItemDef::Extension(e) => lower::extension_data(db, e).members.clone(),
            ItemDef::Property(p) => {
                let d = lower::property_data(db, p);
                d.getter
                    .into_iter()
                    .chain(d.setter)
                    .map(ItemDef::Function)
                    .collect()
            }
            ItemDef::Subscript(s) => {
                let d = lower::subscript_data(db, s);
                d.getter
                    .into_iter()
                    .chain(d.setter)
                    .map(ItemDef::Function)
                    .collect()
            }
            _ => Vec::new(),
        };
        for m in members {
            push_with_members(db, m, out);
        }
    }
    let mut out = Vec::new();
    walk(db, &lower::item_tree(db, file).items, &mut out);
    out
}

fn item_diags(db: &dyn Db, def: ItemDef) -> Arc<[diagnostics::Diag]> {
    match def {
        ItemDef::Function(f) => check::fn_diagnostics(db, f),
        ItemDef::TypeDecl(t) => check::type_decl_diagnostics(db, t),
        ItemDef::Global(g) => check::global_diagnostics(db, g),
        ItemDef::Alias(a) => check::alias_diagnostics(db, a),
        ItemDef::Extension(e) => check::extension_diagnostics(db, e),
        ItemDef::Property(_) | ItemDef::Subscript(_) => Arc::from([]),
    }
}

/// Converts an item-relative range into a range of the file's original text.
fn absolute_range(db: &dyn Db, def: ItemDef, range: TextRange) -> (SourceFile, TextRange) {
    let loc = lower::item_def_loc(db, def);
    let offset = lower::item_offset(db, &loc);
    let pp = lower::preprocessed(db, loc.file);
    (loc.file, pp.map.range_to_original(range.shifted(offset)))
}

/// A diagnostic and the file its ranges are in: the file checked, or one it `#include`s (see
/// [`diagnostics_located`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LocatedDiagnostic {
    pub path: Arc<str>,
    pub diagnostic: Diagnostic,
}

/// A diagnostic at its real place, plus what `diagnostics` needs to show it in the checked file.
struct Placed {
    path: Arc<str>,
    diagnostic: Diagnostic,
    /// "included from here" notes, innermost first (empty for the checked file's own text).
    included_from: Vec<RelatedInfo>,
    /// The checked file's `#include` line that pulls in `path`, when `path` is another file.
    include_line: Option<TextRange>,
}

/// Where a range of `file`'s preprocessed text really is: the file's own text, or an included file
/// (with one note per `#include` line that leads there, innermost first).
fn place(
    db: &dyn Db,
    file: SourceFile,
    expanded: TextRange,
) -> (Arc<str>, TextRange, Vec<RelatedInfo>) {
    let pp = lower::preprocessed(db, file);
    match pp.map.locate_included(expanded) {
        Some(location) => {
            let notes = included_notes(db, file, &location.included_from);
            (location.path, location.range, notes)
        }
        None => (
            file.path(db).clone(),
            pp.map.range_to_original(expanded),
            Vec::new(),
        ),
    }
}

fn included_notes(
    db: &dyn Db,
    file: SourceFile,
    sites: &[preprocess::IncludeSite],
) -> Vec<RelatedInfo> {
    sites
        .iter()
        .map(|site| RelatedInfo {
            path: site.path.clone().unwrap_or_else(|| file.path(db).clone()),
            range: site.range,
            message: "included from here".to_string(),
        })
        .collect()
}

fn placed(
    db: &dyn Db,
    file: SourceFile,
    path: Arc<str>,
    diagnostic: Diagnostic,
    included_from: Vec<RelatedInfo>,
) -> Placed {
    let include_line = included_from
        .last()
        .filter(|_| path != *file.path(db))
        .map(|site| site.range);
    Placed {
        path,
        diagnostic,
        included_from,
        include_line,
    }
}

/// An item's diagnostic placed in the file it belongs to (an included file when the item came from
/// one).
fn place_item_diag(
    db: &dyn Db,
    file: SourceFile,
    owner: ItemDef,
    diag: &diagnostics::Diag,
) -> Placed {
    let expanded_in = |def: ItemDef, range: TextRange| {
        let loc = lower::item_def_loc(db, def);
        let offset = lower::item_offset(db, &loc);
        place(db, loc.file, range.shifted(offset))
    };
    let (path, range, included_from) = expanded_in(diag.item.unwrap_or(owner), diag.range);
    let related = diag
        .related
        .iter()
        .map(|r| {
            let (path, range, _) = expanded_in(r.item.unwrap_or(owner), r.range);
            RelatedInfo {
                path,
                range,
                message: r.message.clone(),
            }
        })
        .collect();
    let diagnostic = Diagnostic {
        code: diag.code,
        message: diag.message.clone(),
        range,
        severity: diag.severity,
        related,
    };
    placed(db, file, path, diagnostic, included_from)
}

fn plain_error(code: &'static str, message: String, range: TextRange) -> Diagnostic {
    Diagnostic {
        code,
        message,
        range,
        severity: Severity::Error,
        related: Vec::new(),
    }
}

/// Errors after which a file's remaining declarations are not checked (E2914).
pub const MAX_FILE_ERRORS: usize = 1000;

fn error_count(out: &[Placed]) -> usize {
    out.iter()
        .filter(|p| p.diagnostic.severity == Severity::Error)
        .count()
}

/// E2914 at `def`, the first declaration not checked, with how many are left.
fn unchecked_items_error(db: &dyn Db, file: SourceFile, def: ItemDef, left: usize) -> Placed {
    let loc = lower::item_def_loc(db, def);
    let range = lower::item_range(db, &loc).unwrap_or_default();
    let (path, range, notes) = place(db, file, TextRange::new(range.start, range.start));
    let message = format!(
        "checking stopped after {MAX_FILE_ERRORS} errors (a fixed limit per file): {left} \
         declarations from here on are not checked; fix the errors above first"
    );
    placed(db, file, path, plain_error("E2914", message, range), notes)
}

/// Every diagnostic of a file at its real place: preprocessor, syntax, names, types.
fn placed_diagnostics(db: &dyn Db, file: SourceFile) -> Vec<Placed> {
    let pp = lower::preprocessed(db, file);
    let own_path = file.path(db).clone();
    let mut out: Vec<Placed> = pp
        .errors
        .iter()
        .map(|e| {
            placed(
                db,
                file,
                own_path.clone(),
                plain_error(e.code, e.message.clone(), e.range),
                Vec::new(),
            )
        })
        .collect();
    for e in &pp.included_errors {
        let notes = included_notes(db, file, &e.included_from);
        let diagnostic = plain_error(e.error.code, e.error.message.clone(), e.error.range);
        out.push(placed(db, file, e.path.clone(), diagnostic, notes));
    }
    for e in lower::parse(db, file).errors.iter() {
        let range = TextRange::new(e.range.start().into(), e.range.end().into());
        let (path, range, notes) = place(db, file, range);
        out.push(placed(
            db,
            file,
            path,
            plain_error(e.code, e.message.clone(), range),
            notes,
        ));
    }
    for d in forms::form_diagnostics(db, file).iter() {
        let (path, range, notes) = place(db, file, d.range);
        let diagnostic = plain_error(d.code, d.message.clone(), range);
        out.push(placed(db, file, path, diagnostic, notes));
    }
    for import in scope::unresolved_imports(db, file).iter() {
        if is_stdlib_module(&import.module) {
            continue;
        }
        let message = format!(
            "cannot find module `{}`: put `{}.slang` next to this file or in an include directory",
            import.module,
            import.module.trim_end_matches(".slang").replace('.', "/")
        );
        let (path, range, notes) = place(db, file, import.range);
        out.push(placed(
            db,
            file,
            path,
            plain_error("E2027", message, range),
            notes,
        ));
    }
    for (def, diag) in check::duplicate_diagnostics(db, file).iter() {
        out.push(place_item_diag(db, file, *def, diag));
    }
    let items = file_items(db, file);
    let mut errors = error_count(&out);
    for (i, &def) in items.iter().enumerate() {
        // A file of a million mistakes: stop checking its declarations past the limit.
        if errors >= MAX_FILE_ERRORS {
            out.push(unchecked_items_error(db, file, def, items.len() - i));
            break;
        }
        let diags = item_diags(db, def);
        let rule_diags = rules::item_rule_diags(db, def);
        for diag in diags.iter().chain(rule_diags.iter()) {
            errors += usize::from(diag.severity == Severity::Error);
            out.push(place_item_diag(db, file, def, diag));
        }
    }
    for (code, message, range) in rules::file_rule_diags(db, file) {
        let (path, range, notes) = place(db, file, range);
        out.push(placed(
            db,
            file,
            path,
            plain_error(code, message, range),
            notes,
        ));
    }
    out
}

/// All diagnostics of a file (syntax, preprocessor, names, types), each in the file where the
/// problem is: text pulled in by `#include` reports in the included file, with an "included from
/// here" note per `#include` line (innermost first). The checked file's own come first; each file's
/// are sorted.
pub fn diagnostics_located(db: &dyn Db, file: SourceFile) -> Vec<LocatedDiagnostic> {
    let own_path = file.path(db).clone();
    let mut out: Vec<LocatedDiagnostic> = placed_diagnostics(db, file)
        .into_iter()
        .map(|p| {
            let mut diagnostic = p.diagnostic;
            diagnostic.related.extend(p.included_from);
            LocatedDiagnostic {
                path: p.path,
                diagnostic,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        let key = |d: &LocatedDiagnostic| {
            (
                d.path != own_path,
                d.path.clone(),
                d.diagnostic.range.start,
                d.diagnostic.range.end,
                d.diagnostic.code,
            )
        };
        key(a).cmp(&key(b))
    });
    out.dedup();
    out
}

/// All diagnostics of a file (syntax, preprocessor, names, types), on its original text, sorted.
/// A problem inside an `#include`d file is reported on the `#include` line, with a related note
/// at the real place; [`diagnostics_located`] reports it in the included file instead.
pub fn diagnostics(db: &dyn Db, file: SourceFile) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = placed_diagnostics(db, file)
        .into_iter()
        .map(|p| match p.include_line {
            None => p.diagnostic,
            Some(line) => {
                let mut diagnostic = p.diagnostic;
                let at = RelatedInfo {
                    path: p.path,
                    range: diagnostic.range,
                    message: "the problem is here, in the included file".to_string(),
                };
                diagnostic.range = line;
                diagnostic.related.insert(0, at);
                diagnostic
            }
        })
        .collect();
    out.sort_by(|a, b| {
        (a.range.start, a.range.end, a.code).cmp(&(b.range.start, b.range.end, b.code))
    });
    out.dedup();
    out
}

// ---------------------------------------------------------------------------------------------
// Editor queries

/// Where an item is in its file's original text: the file, the whole item's range and its name's
/// range (for document symbols and navigation in the IDE layer).
pub fn item_ranges(db: &dyn Db, def: ItemDef) -> (SourceFile, TextRange, TextRange) {
    let (file, full) = item_full_range(db, def);
    let (_, name) = absolute_range(db, def, lower::item_def_name_range(db, def));
    (file, full, name)
}

/// The whole item's range in its file's original text (the first range of [`item_ranges`]),
/// looked up in the file's item sources: no query per item, so a search over every item of a
/// file for the ones around a cursor stays cheap after an edit.
pub fn item_full_range(db: &dyn Db, def: ItemDef) -> (SourceFile, TextRange) {
    let loc = lower::item_def_loc(db, def);
    let range = lower::item_range(db, &loc).unwrap_or_default();
    let pp = lower::preprocessed(db, loc.file);
    (loc.file, pp.map.range_to_original(range))
}

/// The innermost function whose syntax contains `offset` of the file's preprocessed text (ends
/// included), with the start of that syntax (what [`item_start`] returns). A binary search over
/// the sorted body owners of `item_sources` (which reruns after every edit anyway): no query of
/// its own that a keystroke would rerun, and the ranges are those after the latest edit.
pub fn function_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<(FunctionId, u32)> {
    let sources = lower::item_sources(db, file);
    let (path, range) = sources.innermost_owner(offset, |kind| {
        matches!(kind, ItemKind::Function | ItemKind::Init)
    })?;
    let loc = ItemLoc {
        file,
        path: path.clone(),
    };
    Some((FunctionId::new(db, loc), range.start))
}

/// Start of an item's syntax in its file's preprocessed text: the ranges in its data and body are
/// relative to it.
pub fn item_start(db: &dyn Db, def: ItemDef) -> u32 {
    lower::item_offset(db, &lower::item_def_loc(db, def))
}

/// The function or global whose syntax contains `offset` (preprocessed text), innermost first.
fn owner_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<(ItemDef, u32)> {
    let sources = lower::item_sources(db, file);
    let (path, range) = sources.innermost_owner(offset, |_| true)?;
    let loc = ItemLoc {
        file,
        path: path.clone(),
    };
    let def = match loc.kind()? {
        ItemKind::Global => ItemDef::Global(GlobalId::new(db, loc)),
        _ => ItemDef::Function(FunctionId::new(db, loc)),
    };
    Some((def, range.start))
}

fn body_and_inference(db: &dyn Db, def: ItemDef) -> Option<(Arc<Body>, Arc<InferenceResult>)> {
    match def {
        ItemDef::Function(f) => Some((lower::fn_body(db, f), infer::infer(db, f))),
        ItemDef::Global(g) => Some((lower::global_body(db, g), infer::infer_global(db, g))),
        _ => None,
    }
}

/// The type of the innermost expression (or local declaration name) at `offset` of the original
/// text, displayed.
pub fn type_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<String> {
    let pp = lower::preprocessed(db, file);
    let offset = pp.map.to_expanded(offset);
    let (def, start) = owner_at(db, file, offset)?;
    let (body, result) = body_and_inference(db, def)?;
    let rel = offset - start;
    if let Some((local, _)) = body
        .locals
        .iter()
        .find(|(_, l)| l.name_range.contains_inclusive(rel))
    {
        return Some(display_ty(db, &result.local_ty(local)));
    }
    let expr = body.expr_at(rel)?;
    if let Some(ExprRes::Type(ty)) = result.resolutions.get(&expr) {
        return Some(display_ty(db, ty));
    }
    Some(display_ty(db, &result.expr_ty(expr)))
}

/// The type a declaration at `offset` spells out (`DifferentialPair<Ray> p`, a parameter's
/// type), with its generic arguments: what hover on the type's name shows for that use.
pub fn declared_type_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<Ty> {
    let pp = lower::preprocessed(db, file);
    let offset = pp.map.to_expanded(offset);
    let (def, start) = owner_at(db, file, offset)?;
    let ItemDef::Function(f) = def else {
        return None;
    };
    let rel = offset.checked_sub(start)?;
    let within = |t: &TypeRef| t.range().is_some_and(|r| r.contains_inclusive(rel));
    let data = lower::fn_data(db, f);
    if let Some(i) = data.params.iter().position(|p| within(&p.ty)) {
        return infer::fn_sig(db, f).params.get(i).map(|p| p.ty.clone());
    }
    if within(&data.ret) {
        return Some(infer::fn_sig(db, f).ret.clone());
    }
    let body = lower::fn_body(db, f);
    let (local, _) = body
        .locals
        .iter()
        .find(|(_, l)| l.ty.as_ref().is_some_and(within))?;
    Some(infer::infer(db, f).local_ty(local))
}

/// Where a name is defined: file path, the name's range there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NavTarget {
    pub path: Arc<str>,
    pub file: SourceFile,
    pub range: TextRange,
    pub name: String,
}

/// The definition of the name at `offset` (locals, parameters, globals, functions, fields, types).
pub fn definition_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<NavTarget> {
    let pp = lower::preprocessed(db, file);
    let offset = pp.map.to_expanded(offset);
    let (def, start) = owner_at(db, file, offset)?;
    let (body, result) = body_and_inference(db, def)?;
    let expr = body.expr_at(offset - start)?;
    let res = result.resolutions.get(&expr)?;
    let nav_item = |target: ItemDef, name_range: TextRange| {
        let (f, range) = absolute_range(db, target, name_range);
        NavTarget {
            path: f.path(db).clone(),
            file: f,
            range,
            name: lower::item_def_name(db, target).to_string(),
        }
    };
    Some(match res {
        ExprRes::Local(l) => {
            let (f, range) = absolute_range(db, def, body.locals[*l].name_range);
            NavTarget {
                path: f.path(db).clone(),
                file: f,
                range,
                name: body.locals[*l].name.to_string(),
            }
        }
        ExprRes::Param(i) => {
            let ItemDef::Function(func) = def else {
                return None;
            };
            let data = lower::fn_data(db, func);
            let p = data.params.get(*i as usize)?;
            let (f, range) = absolute_range(db, def, p.name_range);
            NavTarget {
                path: f.path(db).clone(),
                file: f,
                range,
                name: p.name.to_string(),
            }
        }
        ExprRes::Global(g) => nav_item(ItemDef::Global(*g), lower::global_data(db, *g).name_range),
        ExprRes::Function(func) => nav_item(
            ItemDef::Function(*func),
            lower::fn_data(db, *func).name_range,
        ),
        ExprRes::Property(p) => nav_item(
            ItemDef::Property(*p),
            lower::property_data(db, *p).name_range,
        ),
        ExprRes::Field(decl, i) => {
            let data = lower::type_decl_data(db, *decl);
            let field = data.fields.get(*i as usize)?;
            let mut nav = nav_item(ItemDef::TypeDecl(*decl), field.name_range);
            nav.name = field.name.to_string();
            nav
        }
        ExprRes::EnumCase(decl, i) => {
            let data = lower::type_decl_data(db, *decl);
            let v = data.variants.get(*i as usize)?;
            let mut nav = nav_item(ItemDef::TypeDecl(*decl), v.name_range);
            nav.name = v.name.to_string();
            nav
        }
        ExprRes::Type(Ty::Adt(decl, _)) => nav_item(
            ItemDef::TypeDecl(*decl),
            lower::type_decl_data(db, *decl).name_range,
        ),
        _ => return None,
    })
}

/// The function chosen by overload resolution for the innermost call containing `offset`.
pub fn callee_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<FunctionId> {
    let pp = lower::preprocessed(db, file);
    let offset = pp.map.to_expanded(offset);
    let (def, start) = owner_at(db, file, offset)?;
    let (body, result) = body_and_inference(db, def)?;
    let rel = offset - start;
    body.exprs
        .iter()
        .filter(|(id, e)| {
            matches!(e, Expr::Call { .. }) && body.expr_range(*id).contains_inclusive(rel)
        })
        .min_by_key(|(id, _)| body.expr_range(*id).len())
        .and_then(|(id, _)| match result.resolutions.get(&id) {
            Some(ExprRes::Function(f)) => Some(*f),
            _ => None,
        })
}

/// A member of a type, for completion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberInfo {
    pub name: String,
    pub kind: MemberKind,
    /// The member's type or signature.
    pub detail: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberKind {
    Field,
    Method,
    Property,
    StaticMethod,
    TypeAlias,
    Constant,
}

/// Members of a type visible from `file`: fields, methods, properties, extension members and
/// interface requirements (for generic parameters), then those inherited from base structs
/// (`struct B : A`) that the type does not shadow.
pub fn members_of(db: &dyn Db, file: SourceFile, ty: &Ty) -> Vec<MemberInfo> {
    let mut out = own_members_of(db, file, ty);
    let normalized = resolve::normalize(db, file, ty);
    for base in resolve::struct_base_chain(db, &normalized) {
        for member in own_members_of(db, file, &base) {
            if !out.iter().any(|m| m.name == member.name) {
                out.push(member);
            }
        }
    }
    out
}

/// Members a type declares itself or gets from extensions and constraints (not base structs).
fn own_members_of(db: &dyn Db, file: SourceFile, ty: &Ty) -> Vec<MemberInfo> {
    let written = ty;
    let ty = resolve::normalize(db, file, ty);
    // `S.Differential` of a synthesised conformance: the differential fields and statics (also
    // where it normalises to `S` itself, whose members alone would not list the statics).
    for candidate in [&ty, written] {
        if let Ty::Assoc(base, name) = candidate
            && name == "Differential"
            && let Some(members) =
                differential::differential_members(db, &resolve::normalize(db, file, base))
        {
            return members;
        }
    }
    let mut out: Vec<MemberInfo> = Vec::new();
    // Members of a generic type show the owner's arguments (`p.p : float` on a
    // `DifferentialPair<float>`, not `T`).
    let shown = |t: &Ty, subst: &[(GenericParamId, GenericArg)]| {
        if subst.is_empty() {
            return display_ty(db, t);
        }
        let t = t.subst(&|p| resolve::subst_lookup(subst, &p));
        display_ty(db, &resolve::normalize(db, file, &t))
    };
    if let Ty::Adt(decl, args) = &ty {
        let data = lower::type_decl_data(db, *decl);
        let tys = infer::field_types(db, *decl);
        let subst = infer::type_args_subst(db, *decl, args);
        for (f, t) in data.fields.iter().zip(tys.iter()) {
            out.push(MemberInfo {
                name: f.name.to_string(),
                kind: MemberKind::Field,
                detail: shown(t, &subst),
            });
        }
    }
    for item in member_items(db, file, &ty) {
        let name = lower::item_def_name(db, item).to_string();
        if name == "__init" || name == "__subscript" || out.iter().any(|m| m.name == name) {
            continue;
        }
        let subst = resolve::member_subst(db, file, &lower::item_def_loc(db, item), &ty);
        let info = match item {
            ItemDef::Function(f) => {
                let sig = fn_sig(db, f);
                let kind = if sig.is_static {
                    MemberKind::StaticMethod
                } else {
                    MemberKind::Method
                };
                let detail = if subst.is_empty() {
                    fn_signature_text(db, f)
                } else {
                    let lookup = |p| resolve::subst_lookup(&subst, &p);
                    let mut shown_sig = (*sig).clone();
                    for p in &mut shown_sig.params {
                        p.ty = resolve::normalize(db, file, &p.ty.subst(&lookup));
                    }
                    shown_sig.ret = resolve::normalize(db, file, &sig.ret.subst(&lookup));
                    signature_text(db, &name, f, &shown_sig)
                };
                MemberInfo { name, kind, detail }
            }
            ItemDef::Property(p) => MemberInfo {
                name,
                kind: MemberKind::Property,
                detail: shown(&infer::property_ty(db, p), &subst),
            },
            ItemDef::Alias(a) => MemberInfo {
                name,
                kind: MemberKind::TypeAlias,
                detail: shown(&resolve::alias_target(db, a), &subst),
            },
            ItemDef::Global(g) => MemberInfo {
                name,
                kind: MemberKind::Constant,
                detail: shown(&infer::global_ty(db, g), &subst),
            },
            _ => continue,
        };
        out.push(info);
    }
    out
}

/// The member items of a normalized type: its own, its extensions', and for a generic parameter
/// its interfaces' requirements.
fn member_items(db: &dyn Db, file: SourceFile, ty: &Ty) -> Vec<ItemDef> {
    let mut items: Vec<ItemDef> = Vec::new();
    if let Ty::Adt(decl, _) = ty {
        items.extend(lower::type_decl_data(db, *decl).members.iter().copied());
    }
    for (ext, _) in resolve::extensions_for(db, file, ty) {
        items.extend(lower::extension_data(db, ext).members.iter().copied());
    }
    if matches!(ty, Ty::Param(_)) {
        for iface in resolve::direct_interfaces(db, file, ty) {
            if let Ty::Adt(d, _) = iface {
                items.extend(lower::type_decl_data(db, d).members.iter().copied());
            }
        }
    }
    items
}

/// Every overload of the method `name` on the type of the expression that ends just before
/// `offset` (the receiver of `value.name(`), own members first, then inherited ones.
pub fn methods_at(db: &dyn Db, file: SourceFile, offset: u32, name: &str) -> Vec<FunctionId> {
    let Some(ty) = receiver_ty_at(db, file, offset) else {
        return Vec::new();
    };
    let normalized = resolve::normalize(db, file, &ty);
    let mut out = Vec::new();
    for owner in
        std::iter::once(normalized.clone()).chain(resolve::struct_base_chain(db, &normalized))
    {
        for item in member_items(db, file, &resolve::normalize(db, file, &owner)) {
            if let ItemDef::Function(f) = item
                && lower::item_def_name(db, item).as_str() == name
                && !out.contains(&f)
            {
                out.push(f);
            }
        }
    }
    out
}

/// The type of the innermost expression that ends just before `offset`.
fn receiver_ty_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<Ty> {
    let pp = lower::preprocessed(db, file);
    let expanded = pp.map.to_expanded(offset);
    let (def, start) = owner_at(db, file, expanded)?;
    let (body, result) = body_and_inference(db, def)?;
    let rel = expanded - start;
    // The innermost expression ending at the offset (before a `.`).
    let target = body
        .exprs
        .iter()
        .map(|(id, _)| id)
        .filter(|id| {
            let r = body.expr_range(*id);
            r.end <= rel && rel <= r.end + 1
        })
        .max_by_key(|id| body.expr_range(*id).len())?;
    Some(result.expr_ty(target))
}

/// Members of the type of the expression that ends just before `offset` (for `value.` completion).
pub fn members_at(db: &dyn Db, file: SourceFile, offset: u32) -> Vec<MemberInfo> {
    receiver_ty_at(db, file, offset).map_or_else(Vec::new, |ty| members_of(db, file, &ty))
}

/// Re-exports for crates that walk checked bodies and item data (the IR lowering in
/// `crates/lower`): body operators, item data, and the resolver helpers it specialises with.
pub mod export {
    pub use crate::body::{BinaryOp, Literal, PostfixOp, PrefixOp, StmtId, SwitchCase};
    pub use crate::data::{
        Attr, AttrArg, ConstRef, GenericArgRef, GlobalData, ItemNode, TypeDeclData, TypeRef,
    };
    pub use crate::ids::GenericOwner;
    pub use crate::infer::lambda::global_owner_params;
    pub use crate::infer::{
        bit_field_widths, field_types, fn_throws, global_const_value, global_ty,
        infer_field_default, infer_global, infer_param_default, pointee_of, property_ty,
        stdlib_decl_named, swizzle_indices, tuple_swizzle, type_args_subst,
    };
    pub use crate::lower::{
        field_default_body, file_cbuffers, global_body, global_data, item_def_loc, item_offset,
        param_default_body, property_data, subscript_data,
    };
    pub use crate::resolve::{
        attr_int, builtin_type, enum_case_value, implements, is_type_pack, lookup_member_items,
        match_pattern, member_subst, normalize, stdlib_interface, struct_base, struct_base_chain,
        subst_lookup, type_decl_bases,
    };
    pub use crate::subscripts::pick_subscript;
}

/// The functions `name` resolves to in `func`'s scope, imported modules included (the target of
/// a derivative attribute declared in another module).
pub fn functions_in_scope(db: &dyn Db, func: FunctionId, name: &str) -> Vec<FunctionId> {
    match resolve::Resolver::for_item(db, func.loc(db)).resolve_name(name) {
        Some(resolve::Resolution::Functions(fs)) => fs,
        _ => Vec::new(),
    }
}

/// Files that `file` imports (`import a.b;`, `__include x;`) but that are not in the database,
/// each as its candidate virtual paths in resolution order (beside the file, then each include
/// directory). Hosts that can read the disk (the CLI, the language server) load the first that
/// exists with `set_file` and ask again, until nothing is missing.
pub fn missing_files(db: &dyn Db, file: SourceFile) -> Vec<Vec<String>> {
    let beside = base_db::parent_dir(file.path(db)).to_string();
    let dirs = db.workspace().options(db).include_dirs.clone();
    // `#include "x.h"` seen by the preprocessor but not loaded.
    let includes: Vec<Vec<String>> = lower::preprocessed(db, file)
        .missing_includes
        .iter()
        .map(|path| {
            std::iter::once(beside.as_str())
                .chain(dirs.iter().map(|d| &**d))
                .map(|dir| base_db::join_path(dir, path))
                .collect()
        })
        .collect();
    includes
        .into_iter()
        .chain(missing_imports(db, file, &beside, &dirs))
        .map(|mut candidates| {
            // Keep the first of equal candidates (`util` and `util` with `_` -> `-`).
            let mut seen = rustc_hash::FxHashSet::default();
            candidates.retain(|c| seen.insert(c.clone()));
            candidates
        })
        .collect()
}

fn missing_imports(
    db: &dyn Db,
    file: SourceFile,
    beside: &str,
    dirs: &[Arc<str>],
) -> Vec<Vec<String>> {
    lower::file_imports(db, file)
        .iter()
        .filter(|import| {
            let found = if import.is_include {
                base_db::resolve_relative(db, file, &import.module)
            } else {
                base_db::resolve_import(db, file, &import.module)
            };
            found.is_none() && (import.is_include || !is_stdlib_module(&import.module))
        })
        .map(|import| {
            let relatives: Vec<String> = if import.is_include {
                let name = import.module.to_string();
                if name.ends_with(".slang") {
                    vec![name]
                } else {
                    vec![name.clone(), format!("{name}.slang")]
                }
            } else {
                base_db::import_candidates(&import.module)
            };
            std::iter::once(beside)
                .chain(dirs.iter().map(|d| &**d))
                .flat_map(|dir| {
                    relatives
                        .iter()
                        .map(move |rel| base_db::join_path(dir, rel))
                })
                .collect()
        })
        .collect()
}

/// A name visible at a point, for completion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScopeName {
    pub name: String,
    pub kind: ScopeNameKind,
    /// Type or signature.
    pub detail: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeNameKind {
    Local,
    Param,
    Function,
    Type,
    Global,
    Namespace,
}

/// Locals declared before `rel` in the statements that contain it.
fn visible_locals(body: &Body, stmt: body::StmtId, rel: u32, out: &mut Vec<LocalId>) {
    let range = body.stmt_range(stmt);
    if !range.contains_inclusive(rel) {
        return;
    }
    let declare = |s: body::StmtId, out: &mut Vec<LocalId>| {
        if let Stmt::Local { local, .. } = &body.stmts[s]
            && body.locals[*local].name_range.end <= rel
        {
            out.push(*local);
        }
    };
    match &body.stmts[stmt] {
        Stmt::Block(stmts) | Stmt::Seq(stmts) => {
            for s in stmts {
                declare(*s, out);
                if let Stmt::Seq(inner) = &body.stmts[*s] {
                    inner.iter().for_each(|i| declare(*i, out));
                }
                visible_locals(body, *s, rel, out);
            }
        }
        Stmt::If {
            then_branch,
            else_branch,
            ..
        } => {
            visible_locals(body, *then_branch, rel, out);
            if let Some(e) = else_branch {
                visible_locals(body, *e, rel, out);
            }
        }
        Stmt::IfLet {
            local,
            then_branch,
            else_branch,
            ..
        } => {
            if body.stmt_range(*then_branch).contains_inclusive(rel) {
                out.push(*local);
            }
            visible_locals(body, *then_branch, rel, out);
            if let Some(e) = else_branch {
                visible_locals(body, *e, rel, out);
            }
        }
        Stmt::For {
            init,
            body: loop_body,
            ..
        } => {
            if let Some(init) = init {
                declare(*init, out);
                if let Stmt::Seq(inner) = &body.stmts[*init] {
                    inner.iter().for_each(|i| declare(*i, out));
                }
            }
            visible_locals(body, *loop_body, rel, out);
        }
        Stmt::While {
            body: loop_body, ..
        }
        | Stmt::DoWhile {
            body: loop_body, ..
        } => visible_locals(body, *loop_body, rel, out),
        Stmt::Switch { cases, .. } => {
            for case in cases {
                for s in &case.body {
                    declare(*s, out);
                    visible_locals(body, *s, rel, out);
                }
            }
        }
        Stmt::DoCatch {
            body: inner,
            catches,
        } => {
            visible_locals(body, *inner, rel, out);
            for clause in catches {
                if let Some(local) = clause.local
                    && body.stmt_range(clause.body).contains_inclusive(rel)
                {
                    out.push(local);
                }
                visible_locals(body, clause.body, rel, out);
            }
        }
        _ => {}
    }
}

/// The file an `import` or `__include` at `offset` (of the original text) names, with the
/// module name, when it resolves.
pub fn import_target_at(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
) -> Option<(SourceFile, smol_str::SmolStr)> {
    let pp = lower::preprocessed(db, file);
    let offset = pp.map.to_expanded(offset);
    let import = lower::file_imports(db, file)
        .iter()
        .find(|i| i.range.contains_inclusive(offset))?
        .clone();
    let target = if import.is_include {
        base_db::resolve_relative(db, file, &import.module)
    } else {
        base_db::resolve_import(db, file, &import.module)
    }?;
    Some((target, import.module))
}

/// Whether `name` is a builtin type (`float`, `int3x3`) or a top-level declaration of a
/// standard-library file that `file` sees (`sin`, `RWStructuredBuffer`): a user symbol renamed to
/// it would hide or collide with the library's.
pub fn is_library_name(db: &dyn Db, file: SourceFile, name: &str) -> bool {
    export::builtin_type(name).is_some()
        || scope::visible_files(db, file).iter().any(|f| {
            f.kind(db) == FileKind::Stdlib && !scope::module_scope(db, *f).get(&[], name).is_empty()
        })
}

/// Names visible at `offset`: locals declared before it, parameters, members of the enclosing
/// type, then declarations of the file, its imports and the stdlib (innermost first, shadowed
/// names left out).
pub fn scope_names_at(db: &dyn Db, file: SourceFile, offset: u32) -> Vec<ScopeName> {
    let pp = lower::preprocessed(db, file);
    let expanded = pp.map.to_expanded(offset);
    let mut out: Vec<ScopeName> = Vec::new();
    let push = |name: String, kind: ScopeNameKind, detail: String, out: &mut Vec<ScopeName>| {
        if !name.is_empty() && !out.iter().any(|n| n.name == name) {
            out.push(ScopeName { name, kind, detail });
        }
    };
    let owner = owner_at(db, file, expanded);
    if let Some((ItemDef::Function(func), start)) = owner {
        let body = lower::fn_body(db, func);
        let result = infer::infer(db, func);
        let mut locals = Vec::new();
        if let Some(root) = body.root_block {
            visible_locals(&body, root, expanded - start, &mut locals);
        }
        for local in locals.into_iter().rev() {
            let data = &body.locals[local];
            push(
                data.name.to_string(),
                ScopeNameKind::Local,
                display_ty(db, &result.local_ty(local)),
                &mut out,
            );
        }
        for p in &fn_sig(db, func).params {
            push(
                p.name.to_string(),
                ScopeNameKind::Param,
                display_ty(db, &p.ty),
                &mut out,
            );
        }
        if let Some(ctx) = resolve::Resolver::for_item(db, func.loc(db)).self_ctx {
            for m in members_of(db, file, &ctx.ty) {
                let kind = match m.kind {
                    MemberKind::Field | MemberKind::Property | MemberKind::Constant => {
                        ScopeNameKind::Global
                    }
                    MemberKind::TypeAlias => ScopeNameKind::Type,
                    _ => ScopeNameKind::Function,
                };
                push(m.name, kind, m.detail, &mut out);
            }
        }
    }
    let ns: Vec<smol_str::SmolStr> = owner
        .map(|(def, _)| {
            lower::item_def_loc(db, def)
                .path
                .iter()
                .filter(|s| s.kind == ItemKind::Namespace)
                .map(|s| s.name.clone())
                .collect()
        })
        .unwrap_or_default();
    for depth in (0..=ns.len()).rev() {
        for f in scope::visible_files(db, file).iter() {
            let module = scope::module_scope(db, *f);
            let Some(names) = module.scopes.get(&ns[..depth]) else {
                continue;
            };
            let mut sorted: Vec<_> = names.iter().collect();
            sorted.sort_by(|a, b| a.0.cmp(b.0));
            for (name, entries) in sorted {
                let Some(entry) = entries.first() else {
                    continue;
                };
                let (kind, detail) = match entry {
                    scope::ScopeEntry::Namespace => {
                        (ScopeNameKind::Namespace, format!("namespace {name}"))
                    }
                    scope::ScopeEntry::Item(ItemDef::Function(f)) => {
                        (ScopeNameKind::Function, fn_signature_text(db, *f))
                    }
                    scope::ScopeEntry::Item(ItemDef::Global(g)) => (
                        ScopeNameKind::Global,
                        display_ty(db, &infer::global_ty(db, *g)),
                    ),
                    scope::ScopeEntry::Item(_) => (ScopeNameKind::Type, name.to_string()),
                    scope::ScopeEntry::EnumCase(decl, _) => (
                        ScopeNameKind::Global,
                        display_ty(db, &Ty::Adt(*decl, Default::default())),
                    ),
                };
                push(name.to_string(), kind, detail, &mut out);
            }
        }
    }
    out
}
