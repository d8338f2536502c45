//! `createDynamicObject<I>(typeId, data)`: Slang stores `data` in the interface value's payload
//! and each concrete type reads its fields from those bits. Here every concrete type's field of
//! the dynamic struct is rebuilt from the 32-bit words of `data` in their natural layout (32-bit
//! scalars in order; vectors, matrices, arrays and struct fields packed), zero past its end.

use ir::{Inst, Scalar, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// The words of `value` as `uint`s, appended to `out`.
    pub(super) fn data_words_of(&mut self, value: ValueId, out: &mut Vec<ValueId>) -> R<()> {
        let ty = self.vty(value);
        let count = match self.kind(ty) {
            TypeKind::Scalar(s) => {
                out.push(match s {
                    Scalar::U32 => value,
                    Scalar::I32 | Scalar::F32 => {
                        self.emit(Inst::Bitcast(value, Scalar::U32), None)?
                    }
                    Scalar::Bool => self.emit(Inst::Convert(value, Scalar::U32), None)?,
                    _ => {
                        return Err(unsupported(format!(
                            "`createDynamicObject` data with {}-bit scalars",
                            s.bits()
                        )));
                    }
                });
                return Ok(());
            }
            _ => self
                .aggregate_parts(ty)?
                .ok_or_else(|| unsupported("this type as `createDynamicObject` data"))?
                .len() as u32,
        };
        for i in 0..count {
            let part = self.emit(Inst::Extract(value, i), None)?;
            self.data_words_of(part, out)?;
        }
        Ok(())
    }

    /// A value of type `ty` read from `words[*next..]` (advancing `next`); zero past the end.
    pub(super) fn value_from_words(
        &mut self,
        ty: TypeId,
        words: &[ValueId],
        next: &mut usize,
    ) -> R<ValueId> {
        let parts = match self.kind(ty) {
            TypeKind::Scalar(s) => {
                let Some(&bits) = words.get(*next) else {
                    return self.emit(Inst::Zero, Some(ty));
                };
                *next += 1;
                return self.scalar_from_word(bits, s, "in a `createDynamicObject` type");
            }
            _ => self
                .aggregate_parts(ty)?
                .ok_or_else(|| unsupported("this type in a `createDynamicObject` type"))?,
        };
        let mut values = Vec::with_capacity(parts.len());
        for t in parts {
            values.push(self.value_from_words(t, words, next)?);
        }
        self.emit(Inst::Construct(values), Some(ty))
    }

    /// The interface value `ty` (`{tag, payload per concrete type...}`) with tag `tag` whose
    /// payload fields are all read from the words of `data`.
    pub(super) fn dyn_from_data(
        &mut self,
        ty: TypeId,
        tag: ValueId,
        data: Option<ValueId>,
    ) -> R<ValueId> {
        let field_tys: Vec<TypeId> = match self.kind(ty) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .map(|s| s.fields.iter().map(|f| f.ty).collect())
                .unwrap_or_default(),
            _ => return Err(internal("a dynamic type that is not a struct")),
        };
        let narrow = |me: &Self, t: TypeId| {
            me.cx.module.types.contains_scalar(t, &|s| {
                matches!(
                    s,
                    Scalar::I8 | Scalar::U8 | Scalar::I16 | Scalar::U16 | Scalar::F16
                )
            })
        };
        let data_narrow = data.is_some_and(|d| narrow(self, self.vty(d)));
        if data_narrow || field_tys.iter().skip(1).any(|&t| narrow(self, t)) {
            // 8- and 16-bit scalars share words: lay the data and each payload out byte by
            // byte in the natural layout (each scalar at its own size's alignment), as
            // `bit_cast` does.
            let mut pieces = Vec::new();
            if let Some(d) = data {
                let mut offset = 0;
                let dty = self.vty(d);
                self.bit_cast_write(d, dty, &mut offset, &mut pieces, 0)?;
            }
            let mut fields = vec![tag];
            for fty in field_tys.iter().skip(1) {
                let mut offset = 0;
                fields.push(self.bit_cast_read(&pieces, &mut offset, *fty, 0)?);
            }
            return self.emit(Inst::Construct(fields), Some(ty));
        }
        let mut words = Vec::new();
        if let Some(d) = data {
            self.data_words_of(d, &mut words)?;
        }
        let mut fields = vec![tag];
        for fty in field_tys.iter().skip(1) {
            let mut next = 0;
            fields.push(self.value_from_words(*fty, &words, &mut next)?);
        }
        self.emit(Inst::Construct(fields), Some(ty))
    }
}

impl FnLower<'_, '_> {
    /// The component types of an aggregate, in `Extract` order: a vector's scalars, a matrix's
    /// rows, an array's elements, a struct's fields; `None` for every other type. Code that
    /// walks a value part by part (data words, bit casts, flattened lists) shares it.
    pub(super) fn aggregate_parts(&mut self, ty: TypeId) -> R<Option<Vec<TypeId>>> {
        Ok(Some(match self.kind(ty) {
            TypeKind::Vector { scalar, size } => {
                let s = self.cx.module.types.scalar(scalar);
                vec![s; usize::from(size)]
            }
            TypeKind::Matrix { scalar, rows, cols } => {
                let row = self.cx.module.types.vector(scalar, cols);
                vec![row; usize::from(rows)]
            }
            TypeKind::Array { elem, len } => vec![elem; len as usize],
            TypeKind::Struct(sid) => self
                .cx
                .module
                .types
                .struct_def(sid)
                .map(|d| d.fields.iter().map(|f| f.ty).collect())
                .ok_or_else(|| internal("struct"))?,
            _ => return Ok(None),
        }))
    }
}
