//! Associated types inherited by an interface: inside `interface IChild<T> : IBase<T>`, an
//! `associatedtype Address` of `IBase` (or of any interface it inherits) is named `Address`,
//! the conforming type's own (`This.Address`).

use std::sync::Arc;

use crate::ids::{ItemDef, ItemKind, TypeDeclId};
use crate::lower;
use crate::resolve::{Resolver, type_decl_bases};
use crate::ty::Ty;

impl Resolver<'_> {
    pub(crate) fn inherited_assoc_type(&self, name: &str) -> Option<Ty> {
        let ctx = self.self_ctx.as_ref()?;
        if !ctx.is_interface {
            return None;
        }
        let mut pending: Vec<TypeDeclId> = vec![ctx.decl?];
        let mut seen: Vec<TypeDeclId> = Vec::new();
        while let Some(decl) = pending.pop() {
            if seen.contains(&decl) || seen.len() > 64 {
                continue;
            }
            seen.push(decl);
            if seen.len() > 1 {
                let declares = lower::type_decl_data(self.db, decl)
                    .members
                    .iter()
                    .any(|m| {
                        matches!(m, ItemDef::Alias(_))
                            && lower::item_def_name(self.db, *m) == name
                            && lower::item_def_loc(self.db, *m).kind() == Some(ItemKind::AssocType)
                    });
                if declares {
                    return Some(Ty::Assoc(Arc::new(Ty::This), name.into()));
                }
            }
            for base in type_decl_bases(self.db, decl).iter() {
                if let Ty::Adt(d, _) = base {
                    pending.push(*d);
                }
            }
        }
        None
    }
}
