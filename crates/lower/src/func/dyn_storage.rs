//! Interface values in storage buffers held in Slang's existential layout
//! (`crate::dyn_storage`): a load rebuilds the dynamic struct from the header's id and the
//! payload words; a store writes the id and the words of the case the tag selects. Values are
//! packed as 32-bit words in their natural order, matrices column by column (Slang's default
//! layout).

use ir::{BinaryOp, Inst, Literal, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{R, internal};

impl FnLower<'_, '_> {
    /// The dynamic value of `raw`, an element loaded in the existential layout; `raw` itself
    /// for other values.
    pub(super) fn dyn_from_storage(&mut self, raw: ValueId) -> R<ValueId> {
        let Some(&dyn_ty) = self.cx.dyn_storage.get(&self.vty(raw)) else {
            return Ok(raw);
        };
        let witness = self.emit(Inst::Extract(raw, 1), None)?;
        let tag = self.emit(Inst::Extract(witness, 0), None)?;
        let payload = self.emit(Inst::Extract(raw, 2), None)?;
        let n = self.storage_payload_len(self.vty(raw))?;
        let mut words = Vec::with_capacity(n as usize);
        for k in 0..n {
            words.push(self.emit(Inst::Extract(payload, k), None)?);
        }
        let mut fields = vec![tag];
        for fty in self.storage_field_tys(dyn_ty)?.into_iter().skip(1) {
            let mut next = 0;
            fields.push(self.value_from_storage_words(fty, &words, &mut next)?);
        }
        self.emit(Inst::Construct(fields), Some(dyn_ty))
    }

    /// `v` (a dynamic value of the storage type's interface) in the existential layout of
    /// `storage`: the tag as the id, the payload the words of the case it selects.
    pub(super) fn dyn_to_storage(&mut self, v: ValueId, storage: TypeId) -> R<ValueId> {
        let dyn_ty = self.vty(v);
        let cases = self.cx.dyn_types.get(&dyn_ty).cloned().unwrap_or_default();
        let n = self.storage_payload_len(storage)? as usize;
        let tag = self.emit(Inst::Extract(v, 0), None)?;
        let zero_word = self.emit(Inst::Literal(Literal::U32(0)), None)?;
        let mut words = vec![zero_word; n];
        for case in cases {
            let Some(field) = case.field else { continue };
            let part = self.emit(Inst::Extract(v, field), None)?;
            let mut own = Vec::new();
            self.storage_words_of(part, &mut own)?;
            let id = self.emit(Inst::Literal(Literal::U32(case.id)), None)?;
            let is = self.emit(Inst::Binary(BinaryOp::Eq, tag, id), None)?;
            for (k, w) in own.into_iter().enumerate().take(n) {
                words[k] = self.emit(
                    Inst::Select {
                        cond: is,
                        accept: w,
                        reject: words[k],
                    },
                    None,
                )?;
            }
        }
        let fields = self.storage_field_tys(storage)?;
        let (header, payload_ty) = match fields.as_slice() {
            [h, _, p] => (*h, *p),
            _ => return Err(internal("an existential layout that is not three fields")),
        };
        let info = self.emit(Inst::Zero, Some(header))?;
        let witness = self.emit(Inst::Construct(vec![tag, zero_word]), Some(header))?;
        let payload = self.emit(Inst::Construct(words), Some(payload_ty))?;
        self.emit(Inst::Construct(vec![info, witness, payload]), Some(storage))
    }

    fn storage_payload_len(&mut self, storage: TypeId) -> R<u32> {
        let fields = self.storage_field_tys(storage)?;
        match fields.get(2).map(|t| self.kind(*t)) {
            Some(TypeKind::Array { len, .. }) => Ok(len),
            _ => Err(internal("an existential layout without payload words")),
        }
    }

    fn storage_field_tys(&mut self, ty: TypeId) -> R<Vec<TypeId>> {
        match self.kind(ty) {
            TypeKind::Struct(id) => Ok(self
                .cx
                .module
                .types
                .struct_def(id)
                .map(|s| s.fields.iter().map(|f| f.ty).collect())
                .unwrap_or_default()),
            _ => Err(internal("a dynamic type that is not a struct")),
        }
    }

    /// The words of `value`, matrices column by column.
    fn storage_words_of(&mut self, value: ValueId, out: &mut Vec<ValueId>) -> R<()> {
        let ty = self.vty(value);
        match self.kind(ty) {
            TypeKind::Scalar(_) => self.data_words_of(value, out),
            TypeKind::Matrix { rows, cols, .. } => {
                for c in 0..u32::from(cols) {
                    for r in 0..u32::from(rows) {
                        let row = self.emit(Inst::Extract(value, r), None)?;
                        let e = self.emit(Inst::Extract(row, c), None)?;
                        self.data_words_of(e, out)?;
                    }
                }
                Ok(())
            }
            _ => {
                let parts = self.aggregate_parts(ty)?.unwrap_or_default();
                for i in 0..parts.len() as u32 {
                    let part = self.emit(Inst::Extract(value, i), None)?;
                    self.storage_words_of(part, out)?;
                }
                Ok(())
            }
        }
    }

    /// A value of type `ty` from `words[*next..]`, matrices column by column; zero past the end.
    fn value_from_storage_words(
        &mut self,
        ty: TypeId,
        words: &[ValueId],
        next: &mut usize,
    ) -> R<ValueId> {
        match self.kind(ty) {
            TypeKind::Scalar(_) => self.value_from_words(ty, words, next),
            TypeKind::Matrix { scalar, rows, cols } => {
                let s = self.cx.module.types.scalar(scalar);
                let mut elems = vec![Vec::new(); usize::from(rows)];
                for _ in 0..cols {
                    for row in elems.iter_mut() {
                        row.push(self.value_from_words(s, words, next)?);
                    }
                }
                let row_ty = self.cx.module.types.vector(scalar, cols);
                let mut rows_v = Vec::new();
                for row in elems {
                    rows_v.push(self.emit(Inst::Construct(row), Some(row_ty))?);
                }
                self.emit(Inst::Construct(rows_v), Some(ty))
            }
            _ => {
                let parts = self.aggregate_parts(ty)?.unwrap_or_default();
                let mut values = Vec::with_capacity(parts.len());
                for t in parts {
                    values.push(self.value_from_storage_words(t, words, next)?);
                }
                self.emit(Inst::Construct(values), Some(ty))
            }
        }
    }
}
