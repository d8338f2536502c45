//! `AppendStructuredBuffer` / `ConsumeStructuredBuffer`: the elements are a storage buffer and
//! the count lives in a one-`int` counter buffer bound right after it (`Ctx::counters`), as in
//! slangc's WGSL. `Append` bumps the counter atomically and stores at its old value; `Consume`
//! drops it atomically and reads the element at its new value.

use hir::ExprId;
use ir::{AtomicOp, BinaryOp, Inst, Literal, Place, TypeId, ValueId};

use super::{FnLower, Recv};
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// A `counter_*` intrinsic called on an append or consume buffer global.
    pub(super) fn counter_buffer_op(
        &mut self,
        intrinsic: &str,
        recv: Option<Recv>,
        param_tys: &[TypeId],
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let Some(Recv::Buffer(base)) = recv else {
            return Err(unsupported("this append or consume buffer receiver"));
        };
        let elements = self.buffer_global(base)?;
        let counter = *self
            .cx
            .counters
            .get(&elements)
            .ok_or_else(|| internal("a counter buffer without its counter"))?;
        let zero = self.lit(Literal::I32(0))?;
        let one = self.lit(Literal::I32(1))?;
        let counter_place = Place::global(counter).dynamic(zero);
        match intrinsic {
            "counter_append" => {
                let (Some(&value), Some(&ty)) = (args.first(), param_tys.first()) else {
                    return Err(internal("intrinsic arity"));
                };
                let value = self.lower_value_as(value, ty)?;
                let slot = self.emit(
                    Inst::Atomic {
                        op: AtomicOp::Add,
                        place: counter_place,
                        value: one,
                        compare: None,
                    },
                    None,
                )?;
                self.stmt(ir::Stmt::Store {
                    place: Place::global(elements).dynamic(slot),
                    value,
                });
                Ok(None)
            }
            "counter_consume" => {
                let old = self.emit(
                    Inst::Atomic {
                        op: AtomicOp::Sub,
                        place: counter_place,
                        value: one,
                        compare: None,
                    },
                    None,
                )?;
                let slot = self.emit(Inst::Binary(BinaryOp::Sub, old, one), None)?;
                self.emit(Inst::Load(Place::global(elements).dynamic(slot)), None)
                    .map(Some)
            }
            _ => Err(unsupported(format!("the intrinsic `{intrinsic}`"))),
        }
    }
}
