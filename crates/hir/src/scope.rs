//! Module scopes: which names each file declares (per namespace), which files a file sees
//! (itself, its imports, the stdlib), and lookup of a name through namespaces.

use std::sync::Arc;

use base_db::{Db, SourceFile};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::data::{ItemNode, ItemTree, Visibility};
use crate::ids::{ExtensionId, ItemDef, TypeDeclId};
use crate::lower::{self, item_def_name};

/// One name in a namespace scope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScopeEntry {
    Item(ItemDef),
    Namespace,
    /// A case of an anonymous `enum { Red, Green }`: its names belong to the enclosing scope.
    EnumCase(TypeDeclId, u32),
}

pub type NsPath = Arc<[SmolStr]>;

/// The names one file declares, per namespace path (`[]` is the file's top level), plus its
/// extensions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleScope {
    pub scopes: FxHashMap<NsPath, FxHashMap<SmolStr, Vec<ScopeEntry>>>,
    pub extensions: Vec<ExtensionId>,
}

impl ModuleScope {
    pub fn get(&self, ns: &[SmolStr], name: &str) -> &[ScopeEntry] {
        self.scopes
            .get(ns)
            .and_then(|s| s.get(name))
            .map_or(&[], |v| v.as_slice())
    }
}

fn collect(db: &dyn Db, items: &[ItemNode], path: &[SmolStr], scope: &mut ModuleScope) {
    let key: NsPath = path.into();
    scope.scopes.entry(key.clone()).or_default();
    for item in items {
        match item {
            ItemNode::Item(ItemDef::Extension(ext)) => scope.extensions.push(*ext),
            ItemNode::Item(def) => {
                let name = item_def_name(db, *def);
                if name.is_empty() {
                    if let ItemDef::TypeDecl(decl) = def {
                        anonymous_enum_cases(db, *decl, &key, scope);
                    }
                    continue;
                }
                // `[UnscopedEnum] enum E { A }`: the cases are also names of the enclosing
                // namespace (`A` as well as `E.A`).
                if let ItemDef::TypeDecl(decl) = def
                    && lower::type_decl_data(db, *decl)
                        .attr("UnscopedEnum")
                        .is_some()
                {
                    anonymous_enum_cases(db, *decl, &key, scope);
                }
                scope
                    .scopes
                    .entry(key.clone())
                    .or_default()
                    .entry(name)
                    .or_default()
                    .push(ScopeEntry::Item(*def));
            }
            ItemNode::Namespace { name, items } => {
                let entries = scope
                    .scopes
                    .entry(key.clone())
                    .or_default()
                    .entry(name.clone())
                    .or_default();
                if !entries.contains(&ScopeEntry::Namespace) {
                    entries.push(ScopeEntry::Namespace);
                }
                let mut inner = path.to_vec();
                inner.push(name.clone());
                collect(db, items, &inner, scope);
            }
        }
    }
}

/// The cases of an anonymous (or `[UnscopedEnum]`) enum, declared in the enclosing namespace.
fn anonymous_enum_cases(db: &dyn Db, decl: TypeDeclId, key: &NsPath, scope: &mut ModuleScope) {
    let data = lower::type_decl_data(db, decl);
    if data.kind != crate::data::TypeDeclKind::Enum {
        return;
    }
    for (i, v) in data.variants.iter().enumerate() {
        scope
            .scopes
            .entry(key.clone())
            .or_default()
            .entry(v.name.clone())
            .or_default()
            .push(ScopeEntry::EnumCase(decl, i as u32));
    }
}

#[salsa::tracked(returns(clone))]
pub fn module_scope(db: &dyn Db, file: SourceFile) -> Arc<ModuleScope> {
    let tree: Arc<ItemTree> = lower::item_tree(db, file);
    let mut scope = ModuleScope::default();
    collect(db, &tree.items, &[], &mut scope);
    Arc::new(scope)
}

/// An `import` that did not resolve, for diagnostics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnresolvedImport {
    pub module: SmolStr,
    pub range: crate::TextRange,
}

/// Files whose declarations `file` sees, in lookup order: itself, the files of its module
/// (`__include`), its imports (and what they re-export with `__exported import`), then the stdlib.
#[salsa::tracked(returns(clone))]
pub fn visible_files(db: &dyn Db, file: SourceFile) -> Arc<[SourceFile]> {
    // A fragment (`implementing m;`, `__include`d by `m`'s main file) sees what its module's
    // files see: the declarations of the other fragments included, and the module's imports.
    if let Some(main) = fragment_module_main(db, file) {
        let mut out = vec![file];
        out.extend(visible_files(db, main).iter().filter(|f| **f != file));
        return out.into();
    }
    let mut out = vec![file];
    let mut queue = vec![file];
    // The files of `file`'s module: itself and what it `__include`s (transitively). Their
    // imports are the module's, visible in each of its files.
    let mut module_files = vec![file];
    while let Some(current) = queue.pop() {
        let imports = lower::file_imports(db, current);
        let same_module = module_files.contains(&current);
        for import in imports.iter() {
            // Imports of imported files are only visible when re-exported; includes always are.
            if !same_module && !import.exported && !import.is_include {
                continue;
            }
            let target = if import.is_include {
                base_db::resolve_relative(db, current, &import.module)
            } else {
                base_db::resolve_import(db, current, &import.module)
            };
            if let Some(target) = target {
                if same_module && import.is_include && !module_files.contains(&target) {
                    module_files.push(target);
                    // Reached first as an import of another file: look at its imports again.
                    if out.contains(&target) {
                        queue.push(target);
                    }
                }
                if !out.contains(&target) {
                    out.push(target);
                    queue.push(target);
                }
            }
        }
    }
    // The core module is visible everywhere; the library's other modules only where imported,
    // except that a file in GLSL mode sees the `glsl` module as if it imported it.
    let glsl = crate::forms::is_glsl_mode(db, file);
    for std in db.workspace().stdlib(db).iter() {
        let path = std.path(db);
        if !out.contains(std)
            && (!crate::is_import_only_module(path) || (glsl && &**path == "stdlib/glsl.slang"))
        {
            out.push(*std);
        }
    }
    out.into()
}

/// The main file (`module m;`) of the module that `file` is a fragment of (`implementing m;`):
/// the file named `m` by import rules, or another file of the workspace that declares `module
/// m;`, whichever `__include`s `file` (directly or through other fragments).
#[salsa::tracked(returns(copy))]
pub fn fragment_module_main(db: &dyn Db, file: SourceFile) -> Option<SourceFile> {
    let tree = lower::item_tree(db, file);
    if tree.module_name.is_some() {
        return None;
    }
    let name = tree.implementing.clone()?;
    let declares = |main: SourceFile| {
        main != file
            && main.kind(db) == base_db::FileKind::User
            && lower::item_tree(db, main).module_name.as_ref() == Some(&name)
            && module_files(db, main).contains(&file)
    };
    if let Some(main) = base_db::resolve_import(db, file, &name)
        && declares(main)
    {
        return Some(main);
    }
    db.workspace()
        .files(db)
        .iter()
        .copied()
        .find(|f| f.text(db).contains(name.as_str()) && declares(*f))
}

/// The files of the module whose main file is `main`, in declaration order: `main`, then what it
/// `__include`s (transitively, each file's includes in the order written, each file once). Entry
/// points and shader parameters declared in an included file are the module's.
#[salsa::tracked(returns(clone))]
pub fn module_files(db: &dyn Db, main: SourceFile) -> Arc<[SourceFile]> {
    let mut out = vec![main];
    let mut next = 0;
    while next < out.len() {
        let current = out[next];
        next += 1;
        for import in lower::file_imports(db, current).iter() {
            if !import.is_include {
                continue;
            }
            if let Some(target) = base_db::resolve_relative(db, current, &import.module)
                && !out.contains(&target)
            {
                out.push(target);
            }
        }
    }
    out.into()
}

/// Imports of `file` that resolve to no file.
#[salsa::tracked(returns(clone))]
pub fn unresolved_imports(db: &dyn Db, file: SourceFile) -> Arc<[UnresolvedImport]> {
    lower::file_imports(db, file)
        .iter()
        .filter(|import| {
            let target = if import.is_include {
                base_db::resolve_relative(db, file, &import.module)
            } else {
                base_db::resolve_import(db, file, &import.module)
            };
            target.is_none()
        })
        .map(|import| UnresolvedImport {
            module: import.module.clone(),
            range: import.range,
        })
        .collect()
}

/// All extensions visible from `file`.
#[salsa::tracked(returns(clone))]
pub fn visible_extensions(db: &dyn Db, file: SourceFile) -> Arc<[ExtensionId]> {
    visible_files(db, file)
        .iter()
        .filter(|f| crate::stdlib_index::may_have_extensions(db, **f))
        .flat_map(|f| module_scope(db, *f).extensions.clone())
        .collect()
}

/// The extensions visible from `file` that may match `ty`, in [`visible_extensions`]' order:
/// of library files, only those whose target has `ty`'s head by the build-time index (library
/// files without such an extension stay unparsed).
pub(crate) fn extensions_for_head(
    db: &dyn Db,
    file: SourceFile,
    ty: &crate::Ty,
) -> Arc<[ExtensionId]> {
    match crate::stdlib_index::type_head(db, ty) {
        None => visible_extensions(db, file),
        head => extensions_with_head(db, file, head),
    }
}

#[salsa::tracked(returns(clone))]
fn extensions_with_head(
    db: &dyn Db,
    file: SourceFile,
    head: Option<SmolStr>,
) -> Arc<[ExtensionId]> {
    visible_files(db, file)
        .iter()
        .flat_map(|f| crate::stdlib_index::extensions_of_head(db, *f, head.as_deref()))
        .collect()
}

/// Whether a declaration in `owner_file` may be named from `from_file`: a file that declares a
/// module (`module m;`) keeps its non-`public` declarations to the module's own files.
pub fn is_accessible(db: &dyn Db, def: ItemDef, from_file: SourceFile) -> bool {
    let owner_file = lower::item_def_file(db, def);
    if owner_file == from_file || owner_file.kind(db) == base_db::FileKind::Stdlib {
        return true;
    }
    let tree = lower::item_tree(db, owner_file);
    if tree.module_name.is_none() {
        return true;
    }
    // Files of the same module see each other's internal declarations.
    let from_tree = lower::item_tree(db, from_file);
    if from_tree.implementing.is_some() && from_tree.implementing == tree.module_name {
        return true;
    }
    if visible_files(db, owner_file).contains(&from_file)
        && from_tree.module_name.is_none()
        && from_tree.implementing.is_some()
    {
        return true;
    }
    matches!(
        lower::item_def_visibility(db, def),
        Some(Visibility::Public)
    )
}

/// Looks `name` up in namespace `ns` of every file visible from `file`.
pub fn lookup_in_namespace(
    db: &dyn Db,
    file: SourceFile,
    ns: &[SmolStr],
    name: &str,
) -> Vec<ScopeEntry> {
    lookup_in_namespace_memo(db, file, ns.to_vec(), SmolStr::new(name)).to_vec()
}

/// [`lookup_in_namespace`], memoised: a long function names `sin` or `operator*` thousands of
/// times, and each lookup walks every visible library file (half the time of checking a
/// 40,000-statement function went there).
#[salsa::tracked(returns(clone))]
fn lookup_in_namespace_memo(
    db: &dyn Db,
    file: SourceFile,
    ns: Vec<SmolStr>,
    name: SmolStr,
) -> Arc<[ScopeEntry]> {
    let (ns, name) = (&ns[..], name.as_str());
    let mut out = Vec::new();
    for f in visible_files(db, file).iter() {
        // Library files that cannot declare the name stay unparsed (the build-time index).
        if !crate::stdlib_index::may_declare(db, *f, name) {
            continue;
        }
        for entry in module_scope(db, *f).get(ns, name) {
            if !out.contains(entry) {
                out.push(entry.clone());
            }
        }
    }
    out.into()
}
