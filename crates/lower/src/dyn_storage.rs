//! Interface-typed values in storage buffers (`StructuredBuffer<IFoo>`) in Slang's layout of an
//! existential: two `uint2` words of header (a type-information word pair, then the
//! `type_conformance` id in the first word of the second pair) and the value's bits as 32-bit
//! words from byte 16 on (`[anyValueSize(N)]` bytes, else as many as the largest conforming
//! type needs). Every conforming type reads its fields from the same payload words, packed in
//! their natural order (`func/dyn_data.rs`). A load of such an element is rebuilt as the
//! dynamic struct `{tag, payload per type}` (`func/dyn_storage.rs`).

use hir::Ty;
use ir::{TypeId, TypeKind, Types};

use crate::{Ctx, R, unsupported};

impl Ctx<'_> {
    /// The IR element type of a buffer of `elem`: the existential layout for interfaces.
    pub(crate) fn buffer_elem_ir(&mut self, elem: &Ty) -> R<TypeId> {
        let ir = self.ir_ty(elem)?;
        if !self.is_interface(elem) {
            return Ok(ir);
        }
        let Some(cases) = self.dyn_types.get(&ir).cloned() else {
            return Ok(ir);
        };
        if let Some((&storage, _)) = self.dyn_storage.iter().find(|(_, d)| **d == ir) {
            return Ok(storage);
        }
        let mut words = 0u32;
        for case in &cases {
            if case.field.is_none() {
                continue;
            }
            let ty = self.ir_ty(&case.ty)?;
            let n = word_count(&mut self.module.types, ty, 0).ok_or_else(|| {
                unsupported(format!(
                    "`{}` in a buffer of interface values (its fields are not 32-bit words)",
                    self.display(&case.ty)
                ))
            })?;
            words = words.max(n);
        }
        if let Ty::Adt(decl, _) = elem
            && let Some(attr) = hir::type_decl_data(self.db, *decl).attr("anyValueSize")
            && let Some(hir::export::AttrArg::Int(bytes)) = attr.args.first()
        {
            words = words.max((*bytes).clamp(0, 1 << 16) as u32 / 4);
        }
        let u = self.module.types.u32();
        let header = self.module.types.vector(ir::Scalar::U32, 2);
        let payload = self.module.types.array(u, words.max(1));
        let clean: String = self
            .display(elem)
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        let name = self.unique_struct_name(format!("{clean}_existential"));
        let storage = self.module.types.add_struct(
            &name,
            vec![
                ("typeInfo", header),
                ("witness", header),
                ("payload", payload),
            ],
        );
        self.dyn_storage.insert(storage, ir);
        Ok(storage)
    }
}

/// How many 32-bit words a value of `ty` takes packed (`None`: other widths, or no plain data).
pub(crate) fn word_count(types: &mut Types, ty: TypeId, depth: u32) -> Option<u32> {
    if depth > 64 {
        return None;
    }
    match types.kind(ty).clone() {
        TypeKind::Scalar(s) if s.bits() == 32 => Some(1),
        TypeKind::Vector { scalar, size } if scalar.bits() == 32 => Some(size as u32),
        TypeKind::Matrix { scalar, rows, cols } if scalar.bits() == 32 => {
            Some(rows as u32 * cols as u32)
        }
        TypeKind::Array { elem, len } => word_count(types, elem, depth + 1)?.checked_mul(len),
        TypeKind::Struct(id) => {
            let fields: Vec<TypeId> = types.struct_def(id)?.fields.iter().map(|f| f.ty).collect();
            let mut n = 0u32;
            for f in fields {
                n = n.checked_add(word_count(types, f, depth + 1)?)?;
            }
            Some(n)
        }
        _ => None,
    }
}
