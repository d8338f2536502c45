//! `(S)x` of a struct `S` that declares an `__init` taking `x` (`(MyType)(1, 2)` with
//! `__init(Tuple<int, int>)`): the cast runs that initialiser, as `S(x)` would. The chosen
//! `__init` is recorded as the cast's resolution, for lowering.

use crate::data::TypeDeclKind;
use crate::ids::ItemDef;
use crate::lower;
use crate::resolve;
use crate::ty::Ty;

use super::{Candidate, InferCtx};

impl<'a, 'db> InferCtx<'a, 'db> {
    /// Records the `__init` of the struct `to` that a cast from `from` runs, when the value does
    /// not convert to `to` otherwise and exactly one one-argument `__init` takes it.
    pub(super) fn record_cast_init(&mut self, e: crate::body::ExprId, from: &Ty, to: &Ty) {
        let (f, t) = (self.normalize(from), self.normalize(to));
        let Ty::Adt(d, _) = &t else {
            return;
        };
        if f == t
            || f.has_unknown()
            || lower::type_decl_data(self.db, *d).kind != TypeDeclKind::Struct
            || self.conversion_cost(&f, &t).is_some()
        {
            return;
        }
        let inits: Vec<_> = resolve::lookup_member_items(self.db, self.file, &t, "__init")
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Function(func) => Some(func),
                _ => None,
            })
            .filter(|func| {
                let cand = Candidate {
                    func: *func,
                    outer: resolve::member_subst(self.db, self.file, func.loc(self.db), &t),
                    this_ty: Some(t.clone()),
                    derivative: Vec::new(),
                };
                self.try_candidate(&cand, None, std::slice::from_ref(&f))
                    .is_ok()
            })
            .collect();
        if let [init] = inits[..] {
            self.record_call(e, init);
        }
    }
}
