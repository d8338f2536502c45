//! base-db: the salsa inputs of the analysis and nothing else.
//!
//! Files are given as data (text plus a virtual, slash-separated path used for messages and for
//! `import`/`#include` resolution); this crate does no IO. Everything derived lives in `hir`.
// Analysis and compiler code never unwraps: user input becomes a diagnostic, not a panic.
#![deny(clippy::unwrap_used)]

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Where a file comes from: user code, or the core module shipped in `stdlib/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FileKind {
    User,
    Stdlib,
}

/// One source file. `path` is virtual (e.g. `shaders/main.slang`); it names the file in messages and
/// anchors relative `import`/`#include` lookups.
#[salsa::input(debug)]
pub struct SourceFile {
    #[returns(ref)]
    pub text: Arc<str>,
    #[returns(ref)]
    pub path: Arc<str>,
    #[returns(copy)]
    pub kind: FileKind,
}

/// Compiler options that change analysis results.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CompileOptions {
    /// Virtual directories searched by `import` and `#include` after the importer's own directory.
    pub include_dirs: Vec<Arc<str>>,
    /// `-D NAME[=VALUE]` definitions, in order. A missing value defines the name as `1`.
    pub defines: Vec<(Arc<str>, Option<Arc<str>>)>,
    /// slangc's `-experimental-feature`: declarations slangc accepts only then take effect
    /// (`__func_extension` derivatives).
    pub experimental_features: bool,
    /// slangc's `-msvc-style-bitfield-packing`: bit fields packed as MSVC does (a storage unit as
    /// wide as the declared type, a new one when that size changes, fields from the top bit down)
    /// instead of the default GLSL-style packing.
    pub msvc_bitfield_packing: bool,
}

/// The set of files the analysis knows about, plus options. There is one per database.
///
/// Files are looked up by virtual path; stdlib files are listed separately so that every user file
/// sees them without importing.
#[salsa::input(debug)]
pub struct Workspace {
    #[returns(ref)]
    pub files: Arc<[SourceFile]>,
    #[returns(ref)]
    pub stdlib: Arc<[SourceFile]>,
    #[returns(ref)]
    pub options: CompileOptions,
    /// Paths (virtual, as `file_by_path` normalises them) that the host found but would not read,
    /// with the reason (`is a character device, not a regular file`): an `#include` of one reports
    /// that reason instead of "cannot find". Sorted by path.
    #[returns(ref)]
    pub refused: Arc<[(Arc<str>, Arc<str>)]>,
}

#[salsa::db]
pub trait Db: salsa::Database {
    /// The workspace input of this database.
    fn workspace(&self) -> Workspace;

    /// Scratch space where a derived query may keep an earlier result of its own to compute the
    /// next one faster (hir keeps each file's last parse here to reparse only the edited block).
    /// Whatever is kept must never change a query's result, only its speed. `None`: no reuse.
    fn reuse_cache(&self) -> Option<&ReuseCache> {
        None
    }
}

type ReuseSlots = HashMap<(&'static str, SourceFile), Arc<dyn Any + Send + Sync>>;

/// Per-file slots of values kept between revisions, keyed by the query's name (see
/// [`Db::reuse_cache`]). Shared by every clone of a database, so snapshots reuse each other's work.
#[derive(Default)]
pub struct ReuseCache {
    slots: Mutex<ReuseSlots>,
}

impl ReuseCache {
    /// The value `query` last kept for `file`, if it has this type.
    pub fn get<T: Any + Send + Sync>(
        &self,
        query: &'static str,
        file: SourceFile,
    ) -> Option<Arc<T>> {
        let slots = self.slots.lock().ok()?;
        slots.get(&(query, file))?.clone().downcast::<T>().ok()
    }

    /// Keeps `value` for the next computation of `query` on `file` (one value per slot).
    pub fn put<T: Any + Send + Sync>(&self, query: &'static str, file: SourceFile, value: Arc<T>) {
        if let Ok(mut slots) = self.slots.lock() {
            slots.insert((query, file), value);
        }
    }

    /// Drops what was kept for `file` (when it leaves the workspace).
    pub fn forget(&self, file: SourceFile) {
        if let Ok(mut slots) = self.slots.lock() {
            slots.retain(|(_, f), _| *f != file);
        }
    }
}

impl std::fmt::Debug for ReuseCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.slots.lock().map_or(0, |s| s.len());
        write!(f, "ReuseCache({count} slots)")
    }
}

/// Directory part of a virtual path (`a/b/c.slang` -> `a/b`, `c.slang` -> ``).
pub fn parent_dir(path: &str) -> &str {
    match path.rfind('/') {
        Some(slash) => &path[..slash],
        None => "",
    }
}

/// Joins a virtual directory and a relative path, resolving `.` and `..` components.
pub fn join_path(dir: &str, rel: &str) -> String {
    // Absolute paths stay absolute: hosts give real file-system paths as virtual paths.
    let absolute = rel.starts_with('/') || dir.starts_with('/');
    let mut parts: Vec<&str> = if rel.starts_with('/') {
        Vec::new()
    } else {
        dir.split('/').filter(|p| !p.is_empty()).collect()
    };
    for component in rel.split('/') {
        match component {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

/// Finds the file with exactly this virtual path (user files first, then stdlib).
#[salsa::tracked(returns(copy))]
pub fn file_by_path(db: &dyn Db, workspace: Workspace, path: Arc<str>) -> Option<SourceFile> {
    let normal = join_path("", &path);
    workspace
        .files(db)
        .iter()
        .chain(workspace.stdlib(db).iter())
        .copied()
        .find(|file| join_path("", file.path(db)) == normal)
}

/// Resolves `relative` (e.g. `helpers.slang` from `#include "helpers.slang"`) as Slang does: beside
/// the including file first, then in each include directory in order.
pub fn resolve_relative(db: &dyn Db, from: SourceFile, relative: &str) -> Option<SourceFile> {
    let workspace = db.workspace();
    let beside = join_path(parent_dir(from.path(db)), relative);
    if let Some(found) = file_by_path(db, workspace, beside.into()) {
        return Some(found);
    }
    let dirs = workspace.options(db).include_dirs.clone();
    dirs.iter()
        .find_map(|dir| file_by_path(db, workspace, join_path(dir, relative).into()))
}

/// Why `relative`, as `#include`d from `from`, was not read, when the host refused a file it
/// names (beside the including file first, then in each include directory, as [`resolve_relative`]
/// looks): `None` when no candidate was refused (the file is simply missing).
pub fn include_refusal(db: &dyn Db, from: SourceFile, relative: &str) -> Option<Arc<str>> {
    let workspace = db.workspace();
    let refused = workspace.refused(db);
    if refused.is_empty() {
        return None;
    }
    let find = |path: String| {
        refused
            .binary_search_by(|(p, _)| (**p).cmp(path.as_str()))
            .ok()
            .map(|i| refused[i].1.clone())
    };
    find(join_path(parent_dir(from.path(db)), relative)).or_else(|| {
        workspace
            .options(db)
            .include_dirs
            .iter()
            .find_map(|dir| find(join_path(dir, relative)))
    })
}

/// The relative paths an `import` names, in the order they are tried: `import a.b_c;` (or
/// `import "a.b_c";`) is `a/b_c.slang`, then `a/b-c.slang` (dots become slashes, underscores
/// dashes as a second try: Slang accepts both); `import "module-a.slang";` names the file itself.
pub fn import_candidates(module: &str) -> Vec<String> {
    if module.ends_with(".slang") {
        return vec![module.to_string()];
    }
    let base = module.replace('.', "/");
    vec![
        format!("{base}.slang"),
        format!("{}.slang", base.replace('_', "-")),
    ]
}

/// Resolves an `import` ([`import_candidates`]). A module of the standard library (`import
/// printing;`) is found when no file of the user's has that name.
pub fn resolve_import(db: &dyn Db, from: SourceFile, module: &str) -> Option<SourceFile> {
    let base = module.replace('.', "/");
    import_candidates(module)
        .iter()
        .find_map(|rel| resolve_relative(db, from, rel))
        .or_else(|| {
            let workspace = db.workspace();
            workspace
                .stdlib(db)
                .iter()
                .copied()
                .find(|file| &**file.path(db) == format!("stdlib/{base}.slang").as_str())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[salsa::db]
    #[derive(Clone)]
    struct TestDb {
        storage: salsa::Storage<Self>,
        workspace: Option<Workspace>,
    }

    #[salsa::db]
    impl salsa::Database for TestDb {}

    #[salsa::db]
    impl Db for TestDb {
        fn workspace(&self) -> Workspace {
            self.workspace.expect("test db has a workspace")
        }
    }

    fn db_with(paths: &[&str], include_dirs: &[&str]) -> (TestDb, Vec<SourceFile>) {
        let mut db = TestDb {
            storage: Default::default(),
            workspace: None,
        };
        let files: Vec<SourceFile> = paths
            .iter()
            .map(|p| SourceFile::new(&db, Arc::from(""), Arc::from(*p), FileKind::User))
            .collect();
        let options = CompileOptions {
            include_dirs: include_dirs.iter().map(|d| Arc::from(*d)).collect(),
            defines: vec![],
            experimental_features: false,
            msvc_bitfield_packing: false,
        };
        db.workspace = Some(Workspace::new(
            &db,
            files.clone().into(),
            Arc::from([]),
            options,
            Arc::from([]),
        ));
        (db, files)
    }

    #[test]
    fn paths_join_and_normalise() {
        assert_eq!(join_path("a/b", "../c.slang"), "a/c.slang");
        assert_eq!(join_path("", "./x/y.slang"), "x/y.slang");
        assert_eq!(parent_dir("a/b/c.slang"), "a/b");
        assert_eq!(parent_dir("c.slang"), "");
    }

    #[test]
    fn imports_resolve_beside_then_include_dirs() {
        let (db, files) = db_with(
            &[
                "src/main.slang",
                "src/util.slang",
                "lib/math/vec.slang",
                "lib/other.slang",
            ],
            &["lib"],
        );
        let main = files[0];
        assert_eq!(resolve_import(&db, main, "util"), Some(files[1]));
        assert_eq!(resolve_import(&db, main, "math.vec"), Some(files[2]));
        assert_eq!(resolve_import(&db, main, "other"), Some(files[3]));
        assert_eq!(resolve_import(&db, main, "missing"), None);
        assert_eq!(
            resolve_relative(&db, main, "../lib/other.slang"),
            Some(files[3])
        );
    }

    #[test]
    fn refused_includes_give_their_reason() {
        let (mut db, files) = db_with(&["/p/src/main.slang"], &["/p/lib"]);
        let main = files[0];
        assert_eq!(include_refusal(&db, main, "/dev/zero"), None);
        let refused: Vec<(Arc<str>, Arc<str>)> = vec![
            ("/dev/zero".into(), "is a character device".into()),
            ("/p/lib/fifo.h".into(), "is a FIFO".into()),
        ];
        use salsa::Setter;
        db.workspace
            .unwrap()
            .set_refused(&mut db)
            .to(refused.into());
        assert_eq!(
            include_refusal(&db, main, "/dev/zero").as_deref(),
            Some("is a character device")
        );
        assert_eq!(
            include_refusal(&db, main, "fifo.h").as_deref(),
            Some("is a FIFO")
        );
        assert_eq!(include_refusal(&db, main, "other.h"), None);
    }

    #[test]
    fn imports_naming_a_file() {
        let (db, files) = db_with(&["src/main.slang", "src/module-a.slang"], &[]);
        let main = files[0];
        // `import "module-a.slang";` names the file; `import "module-a";` the module.
        assert_eq!(resolve_import(&db, main, "module-a.slang"), Some(files[1]));
        assert_eq!(resolve_import(&db, main, "module-a"), Some(files[1]));
        assert_eq!(resolve_import(&db, main, "module_a"), Some(files[1]));
        assert_eq!(import_candidates("a.b_c"), ["a/b_c.slang", "a/b-c.slang"]);
        assert_eq!(import_candidates("dir/x.slang"), ["dir/x.slang"]);
    }
}
