//! Types named through a value: `obj.Data` (written `obj.Data` or `obj::Data`) where `obj` is a
//! local or parameter is the associated type `Data` of `obj`'s type (for an existential, of the
//! value it holds), as in `obj.Data d = obj.make(x); obj.calc(d, x);`.

use std::sync::Arc;

use crate::data::TypeRef;
use crate::diagnostics::Diag;
use crate::ids::ItemDef;
use crate::resolve::{self, Resolution};
use crate::ty::Ty;

use super::InferCtx;

impl<'a, 'db> InferCtx<'a, 'db> {
    /// Resolves a type written in a body, where a leading value name gives its associated types.
    pub(super) fn resolve_body_type(&mut self, t: &TypeRef, diags: &mut Vec<Diag>) -> Ty {
        if let Some(ty) = self.value_assoc_type(t) {
            return ty;
        }
        self.resolver.resolve_type(t, diags)
    }

    fn value_assoc_type(&mut self, t: &TypeRef) -> Option<Ty> {
        let TypeRef::Path(path) = t else {
            return None;
        };
        let (first, rest) = path.segments.split_first()?;
        if rest.is_empty() || first.args.is_some() || rest.iter().any(|s| s.args.is_some()) {
            return None;
        }
        // A type or namespace of that name wins over nothing; a local or parameter shadows it.
        let base = if let Some((local, _)) = self.lookup_local_depth(&first.name) {
            self.result.local_ty(local)
        } else if let Some(sig) = self.sig
            && let Some(p) = sig.params.iter().find(|p| p.name == first.name)
        {
            p.ty.clone()
        } else {
            return None;
        };
        if matches!(
            self.resolver.resolve_name(&first.name),
            Some(Resolution::Type(_) | Resolution::Namespace(_))
        ) && self.lookup_local_depth(&first.name).is_none()
        {
            return None;
        }
        let mut ty = base;
        for seg in rest {
            // Only a member type of the value's type (else the path is reported as unknown).
            let members =
                resolve::lookup_member_items(self.db, self.file, &self.lookup_ty(&ty), &seg.name);
            if !members
                .iter()
                .any(|m| matches!(m, ItemDef::Alias(_) | ItemDef::TypeDecl(_)))
            {
                return None;
            }
            ty = self.normalize(&Ty::Assoc(Arc::new(ty), seg.name.clone()));
        }
        Some(ty)
    }
}
