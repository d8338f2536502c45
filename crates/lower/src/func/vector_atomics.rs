//! An atomic on a vector element (`__atomic_reduce_add(buffer[i], half2(...))`,
//! `InterlockedAdd` on a `float2`): one atomic per component, each on its own scalar (codegen
//! holds the memory in `atomic<u32>` words, so components sharing a word stay separate). The
//! old value is the vector of the components' old values; the whole vector is not updated as one.

use ir::{Inst, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{R, internal};

impl FnLower<'_, '_> {
    /// `inst`, an `Inst::Atomic` on a place of vector type `elem`, component by component.
    pub(super) fn vector_atomic(&mut self, inst: Inst, elem: TypeId) -> R<ValueId> {
        let Inst::Atomic {
            op,
            place,
            value,
            compare,
        } = inst
        else {
            return Err(internal("vector_atomic of a non-atomic"));
        };
        let TypeKind::Vector { size, .. } = self.kind(elem) else {
            return Err(internal("vector_atomic of a non-vector"));
        };
        let mut olds = Vec::new();
        for i in 0..u32::from(size) {
            let v = self.emit(Inst::Extract(value, i), None)?;
            let c = match compare {
                Some(c) => Some(self.emit(Inst::Extract(c, i), None)?),
                None => None,
            };
            olds.push(self.emit(
                Inst::Atomic {
                    op,
                    place: place.clone().index(i),
                    value: v,
                    compare: c,
                },
                None,
            )?);
        }
        self.emit(Inst::Construct(olds), Some(elem))
    }
}
