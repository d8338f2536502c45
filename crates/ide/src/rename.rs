//! Rename: every occurrence of a user-defined symbol, across the user files that see it.

use hir::{Db, SourceFile, TextRange};

use crate::assists::FileEdit;
use crate::formatting::TextEdit;
use crate::util;

/// The range of the name that a rename at `offset` would change, or why it cannot.
pub(crate) fn prepare_rename(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
) -> Result<TextRange, String> {
    let text = file.text(db);
    let Some((word, _)) = util::ident_at(text, offset) else {
        return Err("no name to rename here".to_string());
    };
    if syntax::SyntaxKind::from_keyword(&word).is_some() {
        return Err(format!("`{word}` is a keyword"));
    }
    if file.kind(db) == hir::FileKind::Stdlib {
        return Err("the standard library cannot be edited".to_string());
    }
    let Some(occurrence) = util::occurrence_at(db, file, offset) else {
        return Err(format!("`{word}` does not name a symbol of this program"));
    };
    match util::def_site(db, occurrence.def) {
        Some((def_file, _)) if def_file.kind(db) == hir::FileKind::Stdlib => Err(format!(
            "`{word}` is defined in the standard library and cannot be renamed"
        )),
        Some(_) => Ok(occurrence.range),
        None => Err(format!("`{word}` has no declaration to rename")),
    }
}

fn check_new_name(name: &str) -> Result<(), String> {
    let valid = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && name.bytes().all(util::is_ident_byte);
    if !valid {
        return Err(format!("`{name}` is not an identifier"));
    }
    if syntax::SyntaxKind::from_keyword(name).is_some() {
        return Err(format!("`{name}` is a keyword"));
    }
    Ok(())
}

pub(crate) fn rename(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
    new_name: &str,
) -> Result<Vec<FileEdit>, String> {
    prepare_rename(db, file, offset)?;
    check_new_name(new_name)?;
    if hir::is_library_name(db, file, new_name) {
        return Err(format!(
            "`{new_name}` names a builtin or standard-library declaration: pick another name"
        ));
    }
    let refs = crate::navigation::references(db, file, offset, true);
    let mut out: Vec<FileEdit> = Vec::new();
    for r in refs {
        let edit = TextEdit {
            range: r.range,
            insert: new_name.to_string(),
        };
        match out.iter_mut().find(|f| f.path == r.path) {
            Some(f) => f.edits.push(edit),
            None => out.push(FileEdit {
                path: r.path,
                edits: vec![edit],
            }),
        }
    }
    Ok(out)
}
