//! Inlay hints: the inferred types of `let`/`var` declarations written without a type.

use hir::{Db, ItemDef, SourceFile, TextRange, Ty};

use crate::util;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    /// Where the hint goes (right after the name).
    pub offset: u32,
    /// `: float3`.
    pub label: String,
}

pub(crate) fn inlay_hints(
    db: &dyn Db,
    file: SourceFile,
    range: Option<TextRange>,
) -> Vec<InlayHint> {
    let mut out = Vec::new();
    for item in hir::file_items(db, file) {
        let ItemDef::Function(f) = item else { continue };
        let (_, full, _) = hir::item_ranges(db, item);
        if range.is_some_and(|r| full.end < r.start || r.end < full.start) {
            continue;
        }
        let body = hir::fn_body(db, f);
        let result = hir::infer_function(db, f);
        for (id, local) in body.locals.iter() {
            if local.ty.is_some() {
                continue;
            }
            let ty = result.local_ty(id);
            if ty == Ty::Unknown {
                continue;
            }
            let name = util::to_original(db, item, local.name_range);
            if range.is_some_and(|r| !r.contains_inclusive(name.end)) {
                continue;
            }
            out.push(InlayHint {
                offset: name.end,
                label: format!(": {}", hir::display_ty(db, &ty)),
            });
        }
    }
    out.sort_by_key(|h| h.offset);
    out
}
