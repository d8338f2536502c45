//! The standard library's build-time index (see `build.rs`): which library files may declare a
//! name, and which type each file's extensions extend, so that a lookup parses only the files
//! that can answer it, and an extension lookup resolves only the extensions that can match
//! (issue 24). A file the index does not describe (another text under the same path, or
//! command-line macros that could rename its declarations) is always consulted: the index only
//! ever skips files and extensions that cannot contribute.

use base_db::{Db, FileKind, SourceFile};
use smol_str::SmolStr;

use crate::Ty;
use crate::ids::ExtensionId;

/// What the build saw of one `stdlib/*.slang` file.
pub(crate) struct StdlibFileIndex {
    pub(crate) path: &'static str,
    pub(crate) len: usize,
    /// FNV-1a of the text (checked by the tests only).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) hash: u64,
    /// Whether the file declares an `extension` anywhere outside function bodies.
    pub(crate) has_extensions: bool,
    /// The head of every extension's target ([`type_head`]'s names), in the order of the
    /// file's extensions (`ModuleScope::extensions`), `*` for a target that may be any type
    /// (`extension<T : I> T`) or that the build did not understand.
    pub(crate) extension_heads: &'static [&'static str],
    /// Sorted: the text of every `NAME` node outside function bodies, and `*` when some item
    /// is named otherwise (a `__func_extension`): then every name may be declared.
    pub(crate) names: &'static [&'static str],
}

include!(concat!(env!("OUT_DIR"), "/stdlib_index.rs"));

/// FNV-1a over the bytes, as `build.rs` computes it (the tests check that the embedded texts are
/// the indexed ones).
#[cfg(test)]
fn text_hash(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The index entry describing `file` as the analysis sees it, if any: a library file whose text
/// is the one embedded (`crate::STDLIB`, read by the same build as the index), with no
/// command-line macros. Memoised, so the text is compared once.
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
    let embedded = crate::STDLIB.iter().find(|(p, _)| *p == entry.path)?.1;
    (entry.len == text.len() && embedded == &**text).then_some(position as u32)
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

/// Whether an extension target of head `target` may match a type of head `head`.
fn head_matches(target: &str, head: Option<&str>) -> bool {
    target == "*" || head.is_none_or(|h| h == target)
}

/// The extensions of `file` (`ModuleScope::extensions`) whose target can match a type of head
/// `head` ([`type_head`]; `None`: any type). An indexed library file none of whose extensions
/// can match is not parsed; of the others, only the extensions that can match are returned, so
/// that resolving their targets does not parse the files declaring the other targets.
pub(crate) fn extensions_of_head(
    db: &dyn Db,
    file: SourceFile,
    head: Option<&str>,
) -> Vec<ExtensionId> {
    let Some(entry) = entry(db, file) else {
        return crate::scope::module_scope(db, file).extensions.clone();
    };
    if !entry.extension_heads.iter().any(|t| head_matches(t, head)) {
        return Vec::new();
    }
    let all = &crate::scope::module_scope(db, file).extensions;
    if all.len() != entry.extension_heads.len() {
        return all.clone();
    }
    all.iter()
        .zip(entry.extension_heads)
        .filter(|(_, t)| head_matches(t, head))
        .map(|(ext, _)| *ext)
        .collect()
}

/// What an extension's target must be headed by to match `ty` (`resolve::match_pattern`: a
/// target that is not an extension's generic parameter matches only types of its own shape):
/// the scalar's name, `vector`, `matrix`, `[]`, `String`, `Tuple`, `void`, or the declared
/// type's name. `None` for the other types, which any extension may match. Keep in step with
/// `build.rs`'s `type_head`.
pub(crate) fn type_head(db: &dyn Db, ty: &Ty) -> Option<SmolStr> {
    Some(match ty {
        Ty::Scalar(kind) => SmolStr::new_static(kind.name()),
        Ty::Vector(..) => SmolStr::new_static("vector"),
        Ty::Matrix(..) => SmolStr::new_static("matrix"),
        Ty::Array(..) => SmolStr::new_static("[]"),
        Ty::String => SmolStr::new_static("String"),
        Ty::Tuple(_) => SmolStr::new_static("Tuple"),
        Ty::Void => SmolStr::new_static("void"),
        Ty::Adt(decl, _) => crate::lower::type_decl_data(db, *decl).name.clone(),
        _ => return None,
    })
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

    /// Every library extension's target, resolved, has the head the index lists for it (or
    /// `*`), in the order of the file's extensions: skipping an extension or a file for a
    /// type's head never loses an extension that matches.
    #[test]
    fn extension_heads_cover_targets() {
        let db = RootDatabase::default();
        let files = db.workspace().stdlib(&db).clone();
        let mut checked = 0;
        for file in files.iter().copied() {
            let path = file.path(&db).clone();
            let entry = super::entry(&db, file).expect("indexed");
            let extensions = module_scope(&db, file).extensions.clone();
            assert_eq!(
                extensions.len(),
                entry.extension_heads.len(),
                "{path}: one head per extension"
            );
            for (ext, indexed) in extensions.iter().zip(entry.extension_heads) {
                let target = crate::resolve::extension_target(&db, *ext);
                match super::type_head(&db, &target) {
                    Some(head) => assert!(
                        *indexed == "*" || *indexed == head.as_str(),
                        "{path}: extension of `{head}` ({target:?}) indexed as `{indexed}`"
                    ),
                    None => assert_eq!(*indexed, "*", "{path}: extension of {target:?}"),
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} extensions");
    }

    /// The embedded library texts are the ones the build indexed (the run-time check compares
    /// a file's text with the embedded one instead of hashing it).
    #[test]
    fn embedded_texts_are_indexed() {
        for (path, text) in crate::STDLIB {
            let entry = super::STDLIB_INDEX
                .iter()
                .find(|e| e.path == *path)
                .unwrap_or_else(|| panic!("{path} not indexed"));
            assert_eq!(entry.len, text.len(), "{path}");
            assert_eq!(entry.hash, super::text_hash(text), "{path}");
        }
    }

    /// A `float` needs the extensions of the files that extend scalars, not the textures'.
    #[test]
    fn extension_heads_skip_files() {
        let db = RootDatabase::default();
        let files = db.workspace().stdlib(&db).clone();
        let find = |name: &str| {
            files
                .iter()
                .copied()
                .find(|f| f.path(&db).ends_with(name))
                .expect("in the library")
        };
        let count =
            |name: &str, head: Option<&str>| super::extensions_of_head(&db, find(name), head).len();
        assert!(count("/core.slang", Some("float")) > 0);
        assert_eq!(count("/textures.slang", Some("float")), 0);
        // Of the descriptors' extensions, only the one of `Texture2D`.
        assert_eq!(count("/descriptors.slang", Some("Texture2D")), 1);
        assert!(count("/descriptors.slang", None) > 10);
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
