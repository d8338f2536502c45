//! `DescriptorHandle<T>` values in function bodies (see `descriptor_handles.rs`): the handle's
//! words and comparisons, and reading through a handle, which selects among the bindings of
//! `T`'s handle parameters by the handle's first word (a constant handle names its binding
//! directly; others are read once per binding, in a chain of `if`s, as a dynamic index into
//! an array of resources is: `func/handles.rs`).

use hir::export::PrefixOp;
use hir::{Expr, ExprId, ExprRes, Ty};
use ir::{BinaryOp, Inst, Literal, Scalar, TypeId, ValueId};

use super::{FnLower, Recv};
use crate::{Handles, LowerError, R, internal};

/// Why a handle cannot be read through: no shader parameter of its resource type exists.
fn no_heap(what: &str) -> LowerError {
    LowerError {
        code: "E4103",
        message: format!(
            "reading through a `{what}` needs a descriptor heap, which WGSL lacks: on this \
             target a handle names one of the program's shader parameters of handle type \
             (`uniform {what} h;`), and none of this resource type is declared"
        ),
        item: None,
        range: Default::default(),
    }
}

impl FnLower<'_, '_> {
    /// `T` when `e` is a `DescriptorHandle<T>`.
    pub(super) fn handle_target_of(&self, e: ExprId) -> Option<Ty> {
        self.cx.descriptor_handle_target(&self.ety(e))
    }

    /// The type of `e` as a receiver or indexed value: `T` for a `DescriptorHandle<T>`, whose
    /// methods and subscripts are `T`'s.
    pub(super) fn resource_view_ty(&self, e: ExprId) -> Ty {
        self.handle_target_of(e).unwrap_or_else(|| self.ety(e))
    }

    /// The handle whose resource expression `e` reads: `e` itself when it is a handle, the
    /// operand of `*h`, or the argument of an explicit conversion `T(h)`.
    pub(super) fn dereferenced_handle(&self, e: ExprId) -> Option<ExprId> {
        if self.handle_target_of(e).is_some() {
            return Some(e);
        }
        match &self.body.exprs[e] {
            Expr::Prefix {
                op: PrefixOp::Deref,
                expr,
            } if self.handle_target_of(*expr).is_some() => Some(*expr),
            Expr::Call { args, .. } if args.len() == 1 => {
                let Some(ExprRes::Function(f)) = self.res(e) else {
                    return None;
                };
                let data = hir::fn_data(self.cx.db, f);
                let attr = data.attr("__intrinsic")?;
                let is_deref = matches!(attr.args.first(),
                    Some(hir::export::AttrArg::String(s)) if s == "bindless:handle");
                (is_deref && self.handle_target_of(args[0]).is_some()).then_some(args[0])
            }
            _ => None,
        }
    }

    /// The binding the handle `h` names, as the handles of a resource expression: the one
    /// entry of its heap, the entry of a case being lowered, or a pending choice among them.
    pub(super) fn deref_handle(&mut self, h: ExprId) -> R<Handles> {
        let ty = self.ety(h);
        let Some(target) = self.cx.descriptor_handle_target(&ty) else {
            return Err(internal("a handle of no resource type"));
        };
        let entries = self.cx.handle_heap_bindings(&target)?;
        let pick = match entries.as_slice() {
            [] => return Err(no_heap(&self.cx.display(&ty))),
            [only] => *only,
            _ => match self.choices_fixed(h) {
                Some(k) => entries[(k as usize).min(entries.len() - 1)],
                None => {
                    self.set_pending_choice(h, entries.len() as u32);
                    return Err(crate::unsupported(
                        "reading through a descriptor handle that is not a compile-time \
                         constant here (it is where a value is read through the handle)",
                    ));
                }
            },
        };
        Ok(vec![(Vec::new(), pick)])
    }

    /// The heap index of handle expression `h`, as an `int` (for the chain of cases).
    pub(super) fn handle_index_value(&mut self, h: ExprId) -> R<ValueId> {
        let words = self.lower_expr(h)?;
        let first = self.emit(Inst::Extract(words, 0), None)?;
        let int = self.cx.module.types.i32();
        self.coerce(first, int)
    }

    /// The intrinsics of `DescriptorHandle<T>` as data: conversions between a handle, `uint2`
    /// and `uint64_t`, and comparisons (as the 64-bit number `y:x`).
    pub(super) fn handle_intrinsic(
        &mut self,
        intrinsic: &str,
        recv: Option<Recv>,
        args: &[ExprId],
        param_tys: &[TypeId],
        ret_ty: TypeId,
    ) -> R<Option<ValueId>> {
        let op = match intrinsic {
            "bindless:DescriptorHandle" => None,
            "bindless:DescriptorHandle.equals" => Some(BinaryOp::Eq),
            "bindless:DescriptorHandle.lessThan" => Some(BinaryOp::Lt),
            "bindless:DescriptorHandle.lessThanOrEquals" => Some(BinaryOp::Le),
            _ => {
                return Err(internal(format!(
                    "the descriptor handle intrinsic `{intrinsic}`"
                )));
            }
        };
        self.handle_intrinsic_inner(op, recv, args, param_tys, ret_ty)
    }

    fn handle_intrinsic_inner(
        &mut self,
        op: Option<BinaryOp>,
        recv: Option<Recv>,
        args: &[ExprId],
        param_tys: &[TypeId],
        ret_ty: TypeId,
    ) -> R<Option<ValueId>> {
        let (&arg, &from) = args
            .first()
            .zip(param_tys.first())
            .ok_or_else(|| internal("a descriptor handle intrinsic without its argument"))?;
        let v = self.lower_value_as(arg, from)?;
        let Some(op) = op else {
            return self.handle_words_as(v, from, ret_ty).map(Some);
        };
        let this = match recv {
            Some(Recv::Value(v)) => v,
            Some(Recv::Place(lp)) => self.load_lplace(&lp)?,
            // A handle receiver is seen as the resource it names (`resource_view_ty`).
            Some(Recv::Buffer(base)) => self.lower_expr(base)?,
            None => {
                return Err(internal(
                    "a descriptor handle comparison without its receiver",
                ));
            }
        };
        let [ax, ay, bx, by] = [(this, 0), (this, 1), (v, 0), (v, 1)]
            .map(|(w, i)| self.emit(Inst::Extract(w, i), None));
        let (ax, ay, bx, by) = (ax?, ay?, bx?, by?);
        let value = match op {
            BinaryOp::Eq => {
                let ex = self.emit(Inst::Binary(BinaryOp::Eq, ax, bx), None)?;
                let ey = self.emit(Inst::Binary(BinaryOp::Eq, ay, by), None)?;
                self.emit(Inst::Binary(BinaryOp::LogicalAnd, ex, ey), None)?
            }
            _ => {
                // y:x as one number: the high words decide unless they are equal.
                let hi_lt = self.emit(Inst::Binary(BinaryOp::Lt, ay, by), None)?;
                let hi_eq = self.emit(Inst::Binary(BinaryOp::Eq, ay, by), None)?;
                let lo = self.emit(Inst::Binary(op, ax, bx), None)?;
                let tie = self.emit(Inst::Binary(BinaryOp::LogicalAnd, hi_eq, lo), None)?;
                self.emit(Inst::Binary(BinaryOp::LogicalOr, hi_lt, tie), None)?
            }
        };
        Ok(Some(value))
    }

    /// A handle's words `v` (of IR type `from`: `uint2` or `uint64_t`) as `to`.
    fn handle_words_as(&mut self, v: ValueId, from: TypeId, to: TypeId) -> R<ValueId> {
        let types = &self.cx.module.types;
        let is_u64 =
            |t: TypeId| types.scalar_of(t) == Some(Scalar::U64) && types.vector_size(t).is_none();
        match (is_u64(from), is_u64(to)) {
            (true, false) => {
                let shift = self.lit(Literal::U64(32))?;
                let high = self.emit(Inst::Binary(BinaryOp::Shr, v, shift), None)?;
                let x = self.emit(Inst::Convert(v, Scalar::U32), None)?;
                let y = self.emit(Inst::Convert(high, Scalar::U32), None)?;
                self.emit(Inst::Construct(vec![x, y]), Some(to))
            }
            (false, true) => {
                let x = self.emit(Inst::Extract(v, 0), None)?;
                let y = self.emit(Inst::Extract(v, 1), None)?;
                let x = self.emit(Inst::Convert(x, Scalar::U64), None)?;
                let y = self.emit(Inst::Convert(y, Scalar::U64), None)?;
                let shift = self.lit(Literal::U64(32))?;
                let high = self.emit(Inst::Binary(BinaryOp::Shl, y, shift), None)?;
                self.emit(Inst::Binary(BinaryOp::BitOr, x, high), None)
            }
            _ => self.coerce(v, to),
        }
    }
}
