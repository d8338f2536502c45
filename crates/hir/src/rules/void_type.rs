//! E2232: a global, `static`, field or local declared with type `void` (or an array of it,
//! or an alias of it): it has no storage, and slangc refuses it (E30009, invalid type 'void').
//! A `let r = f();` of a `void` call is left alone: slangc accepts it. A parameter of type
//! `void` is refused the same way, except the C-style `f(void)`, which declares no parameters.

use base_db::Db;

use crate::TextRange;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::infer;
use crate::lower;
use crate::ty::Ty;

/// Whether a declared storage type is `void`, directly or as an array's element.
pub(crate) fn is_void_storage(ty: &Ty) -> bool {
    match ty {
        Ty::Void => true,
        Ty::Array(elem, _) => is_void_storage(elem),
        _ => false,
    }
}

pub(crate) fn void_storage_diag(name: &str, range: TextRange) -> Diag {
    Diag::error(
        "E2232",
        format!("invalid type 'void': '{name}' is declared `void`, which has no values to store"),
        range,
    )
}

pub(super) fn check_global(db: &dyn Db, global: GlobalId, out: &mut Vec<Diag>) {
    let data = lower::global_data(db, global);
    if data.ty.is_some() && is_void_storage(&infer::global_ty(db, global)) {
        out.push(void_storage_diag(&data.name, data.name_range));
    }
}

/// Instance fields (a `static` field is a global, checked above).
pub(super) fn check_type_decl(db: &dyn Db, decl: TypeDeclId, out: &mut Vec<Diag>) {
    let data = lower::type_decl_data(db, decl);
    let tys = infer::field_types(db, decl);
    for (field, ty) in data.fields.iter().zip(tys.iter()) {
        if field.global.is_none() && is_void_storage(ty) {
            out.push(void_storage_diag(&field.name, field.name_range));
        }
    }
}

/// Parameters declared `void` (`f(void x)`, `f(int a, void)`). `f(void)` has no parameters
/// (the item tree drops that one).
pub(super) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    if !matches!(
        data.kind,
        crate::data::FnKind::Free | crate::data::FnKind::Method | crate::data::FnKind::Init
    ) {
        return;
    }
    let sig = infer::fn_sig(db, func);
    for (p, s) in data.params.iter().zip(&sig.params) {
        if s.ty == Ty::Void {
            let name = if p.name.is_empty() {
                "parameter"
            } else {
                &p.name
            };
            out.push(void_storage_diag(name, p.range));
        }
    }
}
