//! The standard library's build-time index (see `build.rs`): which library files may declare a
//! name and which have extensions, so that a lookup parses only the files that can answer it
//! (issue 24). A file the index does not describe (another text under the same path, or
//! command-line macros that could rename its declarations) is always consulted: the index only
//! ever skips files that cannot contribute.

use base_db::{Db, FileKind, SourceFile};

/// What the build saw of one `stdlib/*.slang` file.
pub(crate) struct StdlibFileIndex {
    pub(crate) path: &'static str,
    pub(crate) len: usize,
    pub(crate) hash: u64,
    /// Whether the file declares an `extension` anywhere outside function bodies.
    pub(crate) has_extensions: bool,
    /// Sorted: the text of every `NAME` node outside function bodies, and `*` when some item
    /// is named otherwise (a `__func_extension`): then every name may be declared.
    pub(crate) names: &'static [&'static str],
}

include!(concat!(env!("OUT_DIR"), "/stdlib_index.rs"));

/// FNV-1a over the bytes, as `build.rs` computes it.
fn text_hash(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The index entry describing `file` as the analysis sees it, if any: a library file whose text
/// is the one indexed, with no command-line macros. Memoised, so the text is hashed once.
#[salsa::tracked]
fn index_position(db: &dyn Db, file: SourceFile) -> Option<u32> {
    if file.kind(db) != FileKind::Stdlib || !db.workspace().options(db).defines.is_empty() {
        return None;
    }
    let path = file.path(db);
    let text = file.text(db);
    let position = STDLIB_INDEX
        .iter()
        .position(|entry| entry.path == &**path)?;
    let entry = &STDLIB_INDEX[position];
    (entry.len == text.len() && entry.hash == text_hash(text)).then_some(position as u32)
}

fn entry(db: &dyn Db, file: SourceFile) -> Option<&'static StdlibFileIndex> {
    if file.kind(db) != FileKind::Stdlib {
        return None;
    }
    index_position(db, file).map(|i| &STDLIB_INDEX[i as usize])
}

/// Whether `file` may declare `name` in some namespace: false only for an indexed library file
/// that has no declaration of that name (the lookup then need not parse it).
pub(crate) fn may_declare(db: &dyn Db, file: SourceFile, name: &str) -> bool {
    entry(db, file)
        .is_none_or(|e| e.names.binary_search(&name).is_ok() || e.names.binary_search(&"*").is_ok())
}

/// Whether `file` may declare extensions: false only for an indexed library file without any.
pub(crate) fn may_have_extensions(db: &dyn Db, file: SourceFile) -> bool {
    entry(db, file).is_none_or(|e| e.has_extensions)
}

#[cfg(test)]
mod tests {
    use base_db::Db as _;

    use crate::RootDatabase;
    use crate::scope::module_scope;

    /// Every library file is indexed, and its index lists every name its scope declares (in any
    /// namespace) and says so when it has extensions: skipping a file never loses a declaration.
    #[test]
    fn index_covers_every_declaration() {
        let db = RootDatabase::default();
        let files = db.workspace().stdlib(&db).clone();
        assert!(!files.is_empty());
        for file in files.iter().copied() {
            let path = file.path(&db).clone();
            let entry = super::entry(&db, file)
                .unwrap_or_else(|| panic!("{path} is not described by the build-time index"));
            let scope = module_scope(&db, file);
            for names in scope.scopes.values() {
                for name in names.keys() {
                    assert!(
                        super::may_declare(&db, file, name),
                        "{path}: `{name}` is declared but not indexed"
                    );
                }
            }
            assert!(
                scope.extensions.is_empty() || entry.has_extensions,
                "{path}: extensions not indexed"
            );
        }
    }

    /// A library file under an indexed path but with another text is not trusted to the index.
    #[test]
    fn another_text_is_not_indexed() {
        let db = RootDatabase::default();
        let file = base_db::SourceFile::new(
            &db,
            "struct Unlisted {}".into(),
            "stdlib/core.slang".into(),
            base_db::FileKind::Stdlib,
        );
        assert!(super::entry(&db, file).is_none());
        assert!(super::may_declare(&db, file, "Unlisted"));
        assert!(super::may_have_extensions(&db, file));
    }

    /// The index does skip files: `diff.slang` declares no `float`, and has no extensions.
    #[test]
    fn index_skips_files() {
        let db = RootDatabase::default();
        let files = db.workspace().stdlib(&db).clone();
        let diff = files
            .iter()
            .copied()
            .find(|f| f.path(&db).ends_with("/diff.slang"))
            .expect("diff.slang is in the library");
        assert!(!super::may_declare(&db, diff, "float"));
        assert!(!super::may_have_extensions(&db, diff));
    }
}
