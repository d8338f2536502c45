//! Matrix layout modifiers (`row_major`, `column_major`): written on a global, a `cbuffer`
//! member or a struct field, or inside a buffer's element type
//! (`ConstantBuffer<row_major float3x4>`), they decide how that declaration's matrices are laid
//! out in buffers and uniforms, whatever the command line's default is. hir records them in
//! `Modifiers::matrix_layout`; the IR carries them on globals and struct fields, which codegen
//! reads when it lays out memory.

use hir::{MatrixLayout, TypeDeclId};
use ir::TypeId;

use crate::Ctx;

/// The IR form of a layout modifier.
pub(crate) fn ir_layout(layout: MatrixLayout) -> ir::MatrixLayout {
    match layout {
        MatrixLayout::RowMajor => ir::MatrixLayout::RowMajor,
        MatrixLayout::ColumnMajor => ir::MatrixLayout::ColumnMajor,
    }
}

impl Ctx<'_> {
    /// Gives the buffer or uniform global `id` the layout modifier of its declaration `g`.
    pub(crate) fn apply_global_matrix_layout(&mut self, g: hir::GlobalId, id: ir::GlobalId) {
        let Some(layout) = hir::export::global_data(self.db, g).modifiers.matrix_layout else {
            return;
        };
        if let Some(global) = self.module.globals.get_mut(id.0 as usize)
            && matches!(
                global.kind,
                ir::GlobalKind::StorageBuffer { .. } | ir::GlobalKind::Uniform
            )
        {
            global.matrix_layout = Some(ir_layout(layout));
        }
    }

    /// Gives the fields of the IR struct `ty` (lowered from `decl`) the layout modifiers
    /// written on them, matching fields by name.
    pub(crate) fn apply_field_matrix_layouts(&mut self, decl: TypeDeclId, ty: TypeId) {
        let data = hir::type_decl_data(self.db, decl);
        let layouts: Vec<(String, MatrixLayout)> = data
            .fields
            .iter()
            .filter_map(|f| Some((f.name.to_string(), f.modifiers.matrix_layout?)))
            .collect();
        self.set_named_field_layouts(ty, &layouts);
    }

    /// Sets the matrix layout of the fields of struct `ty` named in `layouts`.
    pub(crate) fn set_named_field_layouts(
        &mut self,
        ty: TypeId,
        layouts: &[(String, MatrixLayout)],
    ) {
        if layouts.is_empty() {
            return;
        }
        let ir::TypeKind::Struct(id) = *self.module.types.kind(ty) else {
            return;
        };
        let Some(def) = self.module.types.struct_def(id) else {
            return;
        };
        let indices: Vec<(usize, MatrixLayout)> = layouts
            .iter()
            .filter_map(|(name, l)| Some((def.fields.iter().position(|f| &f.name == name)?, *l)))
            .collect();
        for (i, layout) in indices {
            self.module
                .types
                .set_field_matrix_layout(id, i, Some(ir_layout(layout)));
        }
    }
}
