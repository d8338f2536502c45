//! `Ref<T>` (the library's `ptr.slang`): a function declared to return `Ref<T>` returns memory,
//! not a value. Its signature's result is `T` with `FnSig::returns_ref` set, so a call reads as a
//! `T` everywhere and is also an l-value (assigned, updated, passed to `out`/`inout`).

use crate::Db;
use crate::ids::ItemDef;
use crate::lower;
use crate::ty::{GenericArg, Ty};

/// `T` when `ty` is the library's `Ref<T, access, addrSpace>`.
pub(crate) fn ref_target(db: &dyn Db, ty: &Ty) -> Option<Ty> {
    let Ty::Adt(decl, args) = ty else {
        return None;
    };
    if decl.loc(db).name() != "Ref"
        || lower::item_def_file(db, ItemDef::TypeDecl(*decl)).kind(db) == base_db::FileKind::User
    {
        return None;
    }
    match args.first()? {
        GenericArg::Type(t) => Some(t.clone()),
        GenericArg::Value(_) => None,
    }
}
