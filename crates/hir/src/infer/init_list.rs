//! Initialiser lists beyond memberwise and elementwise: a struct with constructors takes `{...}`
//! as a constructor call (`Optional<IFoo> o = { value };`), and a list with more values than the
//! type has top-level members fills the leaves in order, C-style (`struct M { float m[16]; }`
//! initialised with `{ 1, 0, 0, ... }`: braces elided).

use crate::TextRange;
use crate::body::ExprId;
use crate::data::TypeDeclKind;
use crate::ids::*;
use crate::lower;
use crate::resolve;
use crate::ty::{Len, Ty};

use super::signature::fn_sig;
use super::{Candidate, InferCtx};

/// Leaves beyond this many are not enumerated (a huge array is not brace-elided).
const MAX_LEAVES: usize = 4096;

impl<'a, 'db> InferCtx<'a, 'db> {
    /// The constructors declared by struct `ty` itself or its extensions (not requirements of
    /// its interfaces), when some takes `n` arguments.
    pub(super) fn init_list_constructors(&self, ty: &Ty, n: usize) -> Vec<FunctionId> {
        let Ty::Adt(decl, _) = ty else {
            return Vec::new();
        };
        if n == 0 || lower::type_decl_data(self.db, *decl).kind != TypeDeclKind::Struct {
            return Vec::new();
        }
        let inits: Vec<FunctionId> = resolve::lookup_member_items(self.db, self.file, ty, "__init")
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Function(f) => Some(f),
                _ => None,
            })
            .filter(|f| f.loc(self.db).parent().and_then(|p| p.kind()) != Some(ItemKind::Interface))
            .collect();
        let fits = inits.iter().any(|f| {
            let sig = fn_sig(self.db, *f);
            let required = sig.params.iter().filter(|p| !p.has_default).count();
            required <= n && (n <= sig.params.len() || sig.variadic_from.is_some())
        });
        if fits { inits } else { Vec::new() }
    }

    /// `T x = { a, b };` for a struct with constructors: overload resolution over them.
    pub(super) fn init_list_as_constructor(
        &mut self,
        e: ExprId,
        ty: &Ty,
        inits: &[FunctionId],
        items: &[ExprId],
        range: TextRange,
    ) -> Ty {
        let cands: Vec<Candidate> = inits
            .iter()
            .map(|f| Candidate {
                func: *f,
                outer: resolve::member_subst(self.db, self.file, f.loc(self.db), ty),
                this_ty: Some(ty.clone()),
                derivative: Vec::new(),
            })
            .collect();
        // A single constructor of this arity gives its parameter types to nested lists.
        let arity: Vec<&Candidate> = cands
            .iter()
            .filter(|c| fn_sig(self.db, c.func).params.len() == items.len())
            .collect();
        let expected: Vec<Option<Ty>> = match &arity[..] {
            [one] => {
                let sig = fn_sig(self.db, one.func);
                sig.params
                    .iter()
                    .map(|p| {
                        let t = p.ty.subst(&|q| resolve::subst_lookup(&one.outer, &q));
                        let t = t.subst_this(ty);
                        (!t.has_unknown() && !t.has_params()).then(|| self.normalize(&t))
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        let arg_tys: Vec<Ty> = items
            .iter()
            .enumerate()
            .map(|(i, item)| self.infer_expr(*item, expected.get(i).and_then(|t| t.as_ref())))
            .collect();
        let name = self.display(ty);
        if let Some((chosen, _)) =
            self.pick_overload(&cands, None, items, &arg_tys, range, &name, false)
        {
            self.record_call(e, chosen);
        }
        ty.clone()
    }

    /// The scalar (or opaque) leaves of `ty` in declaration order, `None` when there are too many.
    fn init_leaves(&self, ty: &Ty, out: &mut Vec<Ty>) -> Option<()> {
        if out.len() > MAX_LEAVES {
            return None;
        }
        match ty {
            Ty::Array(elem, Len::Known(n)) => {
                for _ in 0..*n {
                    self.init_leaves(elem, out)?;
                }
            }
            Ty::Vector(elem, Len::Known(n)) => {
                for _ in 0..*n {
                    out.push((**elem).clone());
                }
            }
            Ty::Matrix(elem, Len::Known(r), Len::Known(c)) => {
                for _ in 0..(r * c) {
                    out.push((**elem).clone());
                }
            }
            Ty::Adt(decl, _)
                if lower::type_decl_data(self.db, *decl).kind == TypeDeclKind::Struct =>
            {
                for f in self.memberwise_field_tys(ty) {
                    let f = self.normalize(&f);
                    self.init_leaves(&f, out)?;
                }
            }
            other => out.push(other.clone()),
        }
        Some(())
    }

    /// A list with more values than `ty` has top-level members: when the values are scalars and
    /// fit the leaves, each initialises the next leaf (braces elided). Returns `false` when the
    /// list does not have that form, so that the caller reports the count.
    pub(super) fn init_list_elided(&mut self, ty: &Ty, items: &[ExprId]) -> bool {
        let mut leaves = Vec::new();
        if self.init_leaves(ty, &mut leaves).is_none() || items.len() > leaves.len() {
            return false;
        }
        if items
            .iter()
            .any(|i| matches!(self.body.exprs[*i], crate::body::Expr::InitList(_)))
        {
            return false;
        }
        for (item, leaf) in items.iter().zip(leaves.iter()) {
            let got = self.infer_expr(*item, Some(leaf));
            self.check_convertible(&got, leaf, self.range(*item));
        }
        true
    }

    /// `{a, b}` for a vector with fewer values than components: each value is a scalar or a
    /// vector whose components fill the next slots (`float3 c = {float2(1, 2), 3};`).
    pub(super) fn init_list_vector_parts(
        &mut self,
        expected: &Ty,
        elem: &Ty,
        n: usize,
        items: &[ExprId],
        range: TextRange,
    ) {
        let mut filled = 0;
        for item in items {
            let got = self.infer_expr(*item, None);
            let got = self.normalize(&got);
            match &got {
                Ty::Vector(_, Len::Known(m)) => {
                    let want = Ty::Vector(std::sync::Arc::new(elem.clone()), Len::Known(*m));
                    self.check_convertible(&got, &want, self.range(*item));
                    filled += *m as usize;
                }
                _ => {
                    self.check_convertible(&got, elem, self.range(*item));
                    filled += 1;
                }
            }
        }
        if filled > n {
            let msg = format!(
                "too many initialisers: `{}` has {n} components but {filled} values were given",
                self.display(expected),
            );
            self.error("E2022", msg, range);
        }
    }
}
