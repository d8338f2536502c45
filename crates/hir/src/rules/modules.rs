//! Module rules: a file of a module (`implementing M;`) is no compilation unit of its own, and an
//! import of a module that does not parse fails.

use base_db::{Db, FileKind, SourceFile};
use syntax::SyntaxKind::*;

use super::range_of;
use crate::TextRange;
use crate::lower;

pub(super) fn check_file(
    db: &dyn Db,
    file: SourceFile,
    out: &mut Vec<(&'static str, String, TextRange)>,
) {
    if file.kind(db) == FileKind::Stdlib {
        return;
    }
    let tree = lower::item_tree(db, file);
    // E2201: `implementing M;` names the module this file belongs to; only the module's main file
    // (`module M;`, which pulls this one in with `__include`) is checked and compiled.
    if let Some(module) = &tree.implementing
        && tree.module_name.is_none()
    {
        let root = lower::syntax_root(db, file);
        if let Some(node) = root.children().find(|n| n.kind() == IMPLEMENTING) {
            out.push((
                "E2201",
                format!(
                    "this file is part of module `{module}` (`implementing {module};`) and cannot be compiled on its own: compile the module's main file (the one that declares `module {module};` and `__include`s this file) instead"
                ),
                range_of(&node),
            ));
        }
    }
    // E2202: an imported module must parse, and so must everything it imports.
    for import in lower::file_imports(db, file).iter() {
        if import.is_include {
            continue;
        }
        let Some(target) = base_db::resolve_import(db, file, &import.module) else {
            continue;
        };
        if let Some(bad) = first_broken_module(db, target) {
            let through = if bad == target {
                String::new()
            } else {
                format!(", through `{}`", bad.path(db))
            };
            out.push((
                "E2202",
                format!(
                    "module `{}` cannot be imported: it has syntax errors{through}; fix them (check that file) and import it again",
                    import.module
                ),
                import.range,
            ));
        }
    }
}

/// `file` or the first module it imports (transitively) with preprocessor or syntax errors.
fn first_broken_module(db: &dyn Db, file: SourceFile) -> Option<SourceFile> {
    let mut seen = vec![file];
    let mut queue = vec![file];
    while let Some(current) = queue.pop() {
        if current.kind(db) == FileKind::Stdlib {
            continue;
        }
        if !lower::parse(db, current).errors.is_empty()
            || !lower::preprocessed(db, current).errors.is_empty()
        {
            return Some(current);
        }
        for import in lower::file_imports(db, current).iter() {
            let target = if import.is_include {
                base_db::resolve_relative(db, current, &import.module)
            } else {
                base_db::resolve_import(db, current, &import.module)
            };
            if let Some(target) = target
                && !seen.contains(&target)
            {
                seen.push(target);
                queue.push(target);
            }
        }
    }
    None
}
