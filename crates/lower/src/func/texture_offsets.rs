//! Texel offsets of sampling methods (`SampleLevel(s, uv, level, offset)`,
//! `Gather(s, uv, offset)`): WGSL's offset operand must be a constant expression, while Slang
//! accepts any value (a `constexpr` parameter, a loop counter after unrolling). The offset is
//! applied to the coordinate instead: `uv + float(offset) / float(size at the level)`, which
//! moves the sample point by whole texels of the mip level read (the layer is not offset).

use hir::ExprId;
use ir::{BinaryOp, GlobalId, Inst, Scalar, TextureDim, ValueId};

use super::FnLower;
use crate::R;

impl FnLower<'_, '_> {
    /// `coords` (texel coordinate then layer) moved by the integer offset `offset` (one
    /// component per dimension of `texture`), in texels of mip level `level` (`uint`).
    pub(super) fn offset_sample_coords(
        &mut self,
        texture: GlobalId,
        dim: TextureDim,
        arrayed: bool,
        coords: ValueId,
        level: ValueId,
        offset: ExprId,
    ) -> R<ValueId> {
        let m = dim.coords();
        let int_ty = self.cx.module.types.vector(Scalar::I32, m);
        let offset = self.lower_value_as(offset, int_ty)?;
        let offset = self.emit(Inst::Convert(offset, Scalar::F32), None)?;
        let size = self.emit(
            Inst::Texture {
                op: ir::TextureOp::Dimensions,
                texture,
                args: vec![level],
            },
            None,
        )?;
        let size = if arrayed {
            if m == 1 {
                self.emit(Inst::Extract(size, 0), None)?
            } else {
                self.emit(Inst::Swizzle(size, (0..m).collect()), None)?
            }
        } else {
            size
        };
        let size = self.emit(Inst::Convert(size, Scalar::F32), None)?;
        let shift = self.emit(Inst::Binary(BinaryOp::Div, offset, size), None)?;
        let shift = if arrayed {
            let zero = self.lit(ir::Literal::F32(0.0))?;
            let mut parts: Vec<ValueId> = if m == 1 {
                vec![shift]
            } else {
                (0..u32::from(m))
                    .map(|i| self.emit(Inst::Extract(shift, i), None))
                    .collect::<R<_>>()?
            };
            parts.push(zero);
            self.emit(Inst::Construct(parts), Some(self.vty(coords)))?
        } else {
            shift
        };
        self.emit(Inst::Binary(BinaryOp::Add, coords, shift), None)
    }

    /// The mip level a `float` level of detail reads, as `uint` (the conversion saturates:
    /// negative levels read 0).
    pub(super) fn sample_level_index(&mut self, level: ValueId) -> R<ValueId> {
        self.emit(Inst::Convert(level, Scalar::U32), None)
    }
}
