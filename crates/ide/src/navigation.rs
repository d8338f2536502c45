//! Go to definition, find references, document highlight.

use hir::{Db, SourceFile, TextRange};

use crate::util::{self, Def};

/// A range in a file named by its virtual path.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileRange {
    pub path: String,
    pub range: TextRange,
}

/// A definition target: the name's range, and the file it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Navigation {
    pub path: String,
    /// The name at the target.
    pub focus_range: TextRange,
    pub name: String,
    /// Whether the target is in the embedded stdlib (no file on disk).
    pub is_stdlib: bool,
}

pub(crate) fn goto_definition(db: &dyn Db, file: SourceFile, offset: u32) -> Vec<Navigation> {
    let target = match util::occurrence_at(db, file, offset) {
        Some(o) => util::def_site(db, o.def).map(|(f, r)| (f, r, util::def_name(db, o.def))),
        None => hir::definition_at(db, file, offset)
            .map(|nav| (nav.file, nav.range, nav.name))
            .or_else(|| attribute_target(db, file, offset))
            .or_else(|| {
                let (target, module) = hir::import_target_at(db, file, offset)?;
                Some((target, TextRange::default(), module.to_string()))
            })
            .or_else(|| label_target(db, file, offset)),
    };
    target
        .map(|(f, range, name)| Navigation {
            path: f.path(db).to_string(),
            focus_range: range,
            name,
            is_stdlib: f.kind(db) == hir::FileKind::Stdlib,
        })
        .into_iter()
        .collect()
}

fn def_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<Def> {
    util::occurrence_at(db, file, offset).map(|o| o.def)
}

pub(crate) fn references(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
    include_declaration: bool,
) -> Vec<FileRange> {
    let Some(def) = def_at(db, file, offset) else {
        return Vec::new();
    };
    // Locals and parameters cannot be seen from other files.
    let files: Vec<SourceFile> = match def {
        Def::Local(..) | Def::Param(..) => vec![file],
        _ => db.workspace().files(db).to_vec(),
    };
    // A file can name the symbol only if its text has the name, unless a macro or an included
    // file puts it there (any directive, or a command-line define): the other files of a large
    // workspace are not checked at all.
    let name = util::def_name(db, def);
    let no_defines = db.workspace().options(db).defines.is_empty();
    let may_name = |f: SourceFile| {
        let text = f.text(db);
        f == file
            || name.is_empty()
            || !no_defines
            || text.contains(name.as_str())
            || text.contains('#')
    };
    let mut out: Vec<FileRange> = Vec::new();
    for f in files.into_iter().filter(|f| may_name(*f)) {
        let path = f.path(db).to_string();
        for o in util::occurrences_naming(db, f, &name) {
            if o.def == def && (include_declaration || !o.is_decl) {
                out.push(FileRange {
                    path: path.clone(),
                    range: o.range,
                });
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

pub(crate) fn highlight_related(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
) -> Vec<(TextRange, bool)> {
    let Some(def) = def_at(db, file, offset) else {
        return Vec::new();
    };
    util::occurrences(db, file)
        .into_iter()
        .filter(|o| o.def == def)
        .map(|o| (o.range, o.is_decl))
        .collect()
}

/// The label that `break outer;` leaves: the innermost enclosing `outer:`.
fn label_target(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
) -> Option<(SourceFile, TextRange, String)> {
    use syntax::SyntaxKind::{BREAK_STMT, IDENT, LABELED_STMT, NAME, NAME_REF};
    let text = file.text(db);
    let root = syntax::parse(text).syntax_node();
    let token = root
        .token_at_offset(offset.into())
        .find(|t| t.kind() == IDENT)?;
    let name_ref = token.parent().filter(|p| p.kind() == NAME_REF)?;
    if name_ref.parent()?.kind() != BREAK_STMT {
        return None;
    }
    let name = token.text().to_string();
    let label = name_ref
        .ancestors()
        .filter(|n| n.kind() == LABELED_STMT)
        .find_map(|l| {
            l.children()
                .find(|c| c.kind() == NAME && c.text() == name.as_str())
        })?;
    let range = label.text_range();
    Some((
        file,
        TextRange::new(range.start().into(), range.end().into()),
        name,
    ))
}

/// A function named in an attribute (`[BackwardDerivative(f_bwd)]`, `[PrimalSubstituteOf(f)]`):
/// its declaration among the files `file` sees.
fn attribute_target(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
) -> Option<(SourceFile, TextRange, String)> {
    let text = file.text(db);
    let (name, _) = util::ident_at(text, offset)?;
    let root = syntax::parse(text).syntax_node();
    let token = root.token_at_offset(offset.into()).left_biased()?;
    token
        .parent_ancestors()
        .find(|n| n.kind() == syntax::SyntaxKind::ATTRIBUTE)?;
    util::visible_files(db, file).into_iter().find_map(|f| {
        hir::file_items(db, f)
            .into_iter()
            .find_map(|item| match item {
                hir::ItemDef::Function(_) if util::item_name(db, item) == name => {
                    let (file, _, range) = hir::item_ranges(db, item);
                    Some((file, range, name.clone()))
                }
                _ => None,
            })
    })
}
