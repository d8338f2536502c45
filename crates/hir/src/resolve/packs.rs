//! Resolving pack queries written as types (`__first(T)`, `__trimFirst(T)`,
//! `__packBranch(P, E, N)`, with a member path after them: `__first(T).Element`).

use std::sync::Arc;

use smol_str::SmolStr;

use crate::TextRange;
use crate::data::{GenericArgRef, PathRef, TypeRef};
use crate::diagnostics::Diag;
use crate::pack_query::{self, PackOp};
use crate::ty::{GenericArg, Len, Ty};

use super::{Resolution, Resolver};

impl Resolver<'_> {
    /// The type a pack query written as a type stands for: resolved when its pack is known,
    /// else symbolic ([`Ty::PackQuery`]).
    pub(super) fn resolve_pack_query(
        &self,
        op: PackOp,
        args: &[GenericArgRef],
        member: Option<&PathRef>,
        range: TextRange,
        diags: &mut Vec<Diag>,
    ) -> Ty {
        if args.len() != op.arity() {
            diags.push(Diag::error("E2024", op.arity_message(args.len()), range));
            return Ty::Unknown;
        }
        let operands: Vec<Ty> = args
            .iter()
            .enumerate()
            .map(|(i, a)| {
                if i == 0 {
                    self.pack_operand(a, diags)
                } else {
                    match a {
                        GenericArgRef::Type(t) => self.resolve_type(t, diags),
                        GenericArgRef::Const(_) => Ty::Unknown,
                    }
                }
            })
            .collect();
        let ty = pack_query::apply(op, operands);
        match member {
            Some(path) => self.pack_query_member(ty, path, diags),
            None => ty,
        }
    }

    /// The pack a query is applied to: a type pack, a value pack (kept as its parameter), a
    /// bound pack or a tuple type.
    fn pack_operand(&self, arg: &GenericArgRef, diags: &mut Vec<Diag>) -> Ty {
        match arg {
            GenericArgRef::Type(TypeRef::Path(p))
                if p.segments.len() == 1 && p.segments[0].args.is_none() =>
            {
                match self.resolve_name(&p.segments[0].name) {
                    Some(Resolution::GenericValue(param)) => Ty::Param(param),
                    _ => self.resolve_type(&TypeRef::Path(p.clone()), diags),
                }
            }
            // `__trimFirst(expand Wrapper<each T>)`: the pattern over the pack.
            GenericArgRef::Type(TypeRef::Expand(inner)) => {
                match self.resolve_type(&TypeRef::Expand(inner.clone()), diags) {
                    t @ (Ty::Pack(_) | Ty::PackQuery(..)) => t,
                    t @ Ty::Expand(..) => Ty::Pack(Arc::from([t])),
                    t => t,
                }
            }
            GenericArgRef::Type(t) => self.resolve_type(t, diags),
            GenericArgRef::Const(_) => Ty::Unknown,
        }
    }

    /// `__first(T).Element`, `__last(Tuple<A, B>)::Nested<int>`: the member types of the
    /// query's result (associated types stay symbolic while the query is).
    fn pack_query_member(&self, mut ty: Ty, path: &PathRef, diags: &mut Vec<Diag>) -> Ty {
        for seg in &path.segments {
            let res = match &ty {
                Ty::PackQuery(..) | Ty::Unknown => Some(Resolution::Type(Ty::Assoc(
                    Arc::new(ty.clone()),
                    SmolStr::new(&seg.name),
                ))),
                _ => self.static_member(&ty, &seg.name),
            };
            let res = match (res, &seg.args) {
                (Some(r), Some(args)) => Some(self.apply_generic_args(r, args, seg.range, diags)),
                (r, _) => r,
            };
            ty = match res {
                Some(Resolution::Type(t)) => t,
                _ => {
                    diags.push(Diag::error(
                        "E2002",
                        format!(
                            "`{}` is not a member type of the pack query's result",
                            seg.name
                        ),
                        seg.range,
                    ));
                    return Ty::Unknown;
                }
            };
        }
        ty
    }

    /// A pack query given for a value parameter (`IntConst<__first(D)>` of a value pack `D`):
    /// its value, not known before value packs are bound.
    pub(super) fn pack_query_value_arg(&self, arg: &GenericArgRef) -> Option<GenericArg> {
        let GenericArgRef::Type(TypeRef::PackQuery {
            op: PackOp::First | PackOp::Last,
            args,
            member: None,
            ..
        }) = arg
        else {
            return None;
        };
        let [GenericArgRef::Type(TypeRef::Path(p))] = args.as_slice() else {
            return None;
        };
        if p.segments.len() != 1 || p.segments[0].args.is_some() {
            return None;
        }
        match self.resolve_name(&p.segments[0].name) {
            Some(Resolution::GenericValue(_)) => Some(GenericArg::Value(Len::Unknown)),
            _ => None,
        }
    }
}
