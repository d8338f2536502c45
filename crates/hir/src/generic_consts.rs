//! Constants of generic types as lengths: `S<5>.value` (a `static const` whose initialiser
//! names `S`'s value parameters) evaluated with the type's arguments, and `value` inside `S`
//! kept symbolic in `S`'s parameters, so that `int arr[value];` in a generic struct and
//! `int a[S<5>.value + 1];` get their sizes once the arguments are known.

use std::cell::Cell;

use crate::data::PathRef;
use crate::ids::GenericOwner;
use crate::lower;
use crate::resolve::{Resolution, Resolver};
use crate::ty::{Len, LenOp, Ty};

thread_local! {
    /// How many constant initialisers are being evaluated inside each other (constants defined
    /// in terms of themselves stop here).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

const MAX_DEPTH: u32 = 16;

impl Resolver<'_> {
    /// The length a path naming a constant stands for: the constant's initialiser in terms of
    /// its type's value parameters, with the arguments the path gives its type substituted.
    /// `None` when the path names no such constant or its value is not computable.
    pub(crate) fn generic_const_len(&self, p: &PathRef) -> Option<Len> {
        let depth = DEPTH.with(Cell::get);
        if depth >= MAX_DEPTH {
            return None;
        }
        DEPTH.with(|d| d.set(depth + 1));
        let r = self.generic_const_len_inner(p);
        DEPTH.with(|d| d.set(depth));
        r
    }

    fn generic_const_len_inner(&self, p: &PathRef) -> Option<Len> {
        let g = match self.resolve_path(p, &mut Vec::new())? {
            Resolution::Global(g) => g,
            Resolution::ImplicitMember if p.segments.len() == 1 => {
                self.own_static_const(&p.segments[0].name)?
            }
            _ => return None,
        };
        let data = lower::global_data(self.db, g);
        if !(data.modifiers.is_const || data.is_let || data.modifiers.is_static) {
            return None;
        }
        let init = lower::global_init_const(self.db, g)?;
        let len = Resolver::for_item(self.db, g.loc(self.db)).eval_len(&init);
        let n = p.segments.len();
        let len = if n > 1 && p.segments[..n - 1].iter().any(|s| s.args.is_some()) {
            // `S<5, N>.value`: the type's arguments bind its parameters in the initialiser.
            let prefix = PathRef {
                segments: p.segments[..n - 1].to_vec(),
            };
            let Some(Resolution::Type(Ty::Adt(decl, args))) =
                self.resolve_path(&prefix, &mut Vec::new())
            else {
                return None;
            };
            len.subst(&|q| match q.owner {
                GenericOwner::TypeDecl(d) if d == decl => args.get(q.index as usize).cloned(),
                _ => None,
            })
        } else {
            len
        };
        (!matches!(len, Len::Unknown)).then_some(len)
    }

    /// `c ? a : b` as a length: the chosen side when `c` is known, else `c != 0` times `a` plus
    /// `c == 0` times `b` (folded once the parameters are bound).
    pub(crate) fn select_len(&self, c: Len, a: Len, b: Len) -> Len {
        match c {
            Len::Known(0) => b,
            Len::Known(_) => a,
            Len::Unknown => Len::Unknown,
            c => Len::op(
                LenOp::Add,
                Len::op(LenOp::Mul, Len::op(LenOp::Ne, c.clone(), Len::Known(0)), a),
                Len::op(LenOp::Mul, Len::op(LenOp::Eq, c, Len::Known(0)), b),
            ),
        }
    }
}
