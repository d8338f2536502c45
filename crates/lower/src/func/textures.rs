//! `RWTexture2D<T>` / `Texture2D<T>` globals: texel reads and writes by integer coordinates and
//! size queries. Each becomes an [`Inst::Texture`] on the global (textures are not memory places).

use hir::{ExprId, ExprRes};
use ir::{GlobalId, Inst, Scalar, TextureOp, TypeId, ValueId};

use super::{FnLower, Recv};
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// The texture global named by `base` and its texel type.
    pub(super) fn texture_global(&mut self, base: ExprId) -> R<(GlobalId, TypeId)> {
        let Some(ExprRes::Global(g)) = self.res(base) else {
            return Err(unsupported("a texture that is not a global"));
        };
        let g = self.cx.global(g)?;
        let ty = self
            .cx
            .module
            .global(g)
            .map(|g| g.ty)
            .ok_or_else(|| internal("unknown texture global"))?;
        Ok((g, ty))
    }

    /// Texel coordinates as `uint2` (`tex[tid.xy]`, `tex[int2(x, y)]`).
    pub(super) fn texel_coords(&mut self, index: ExprId) -> R<ValueId> {
        let uint2 = self.cx.module.types.vector(Scalar::U32, 2);
        self.lower_value_as(index, uint2)
    }

    /// The texel at `coords` (mip level 0 of a sampled texture).
    pub(super) fn texel_load(&mut self, texture: GlobalId, coords: ValueId) -> R<ValueId> {
        let sampled = self.cx.module.global(texture).is_some_and(|g| {
            matches!(
                g.kind,
                ir::GlobalKind::Texture2D {
                    access: ir::BufferAccess::Read,
                    ..
                }
            )
        });
        let mut args = vec![coords];
        if sampled {
            args.push(self.lit(ir::Literal::I32(0))?);
        }
        self.emit(
            Inst::Texture {
                op: TextureOp::Load,
                texture,
                args,
            },
            None,
        )
    }

    /// A `texture_*` intrinsic called on a texture global.
    pub(super) fn texture_op(
        &mut self,
        intrinsic: &str,
        recv: Option<Recv>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let Some(Recv::Buffer(base)) = recv else {
            return Err(unsupported("this texture receiver"));
        };
        let (texture, _) = self.texture_global(base)?;
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| internal("intrinsic arity"))
        };
        match intrinsic {
            "texture_dimensions" => {
                let size = self.emit(
                    Inst::Texture {
                        op: TextureOp::Dimensions,
                        texture,
                        args: Vec::new(),
                    },
                    None,
                )?;
                for (i, out) in [arg(0)?, arg(1)?].into_iter().enumerate() {
                    let v = self.emit(Inst::Extract(size, i as u32), None)?;
                    let place = self.lvalue(out)?;
                    self.store_lplace(&place, v)?;
                }
                Ok(None)
            }
            // `RWTexture2D.Load(int2)` and the subscript getter.
            "texture_load" => {
                let coords = self.texel_coords(arg(0)?)?;
                self.texel_load(texture, coords).map(Some)
            }
            // `Texture2D.Load(int3(x, y, mip))`.
            "texture_load_level" => {
                let int3 = self.cx.module.types.vector(Scalar::I32, 3);
                let v = self.lower_value_as(arg(0)?, int3)?;
                let coords = self.emit(Inst::Swizzle(v, vec![0, 1]), None)?;
                let level = self.emit(Inst::Extract(v, 2), None)?;
                let texel = self.emit(
                    Inst::Texture {
                        op: TextureOp::Load,
                        texture,
                        args: vec![coords, level],
                    },
                    None,
                )?;
                Ok(Some(texel))
            }
            "texture_store" => {
                let coords = self.texel_coords(arg(0)?)?;
                let texel_ty = self
                    .cx
                    .module
                    .global(texture)
                    .map(|g| g.ty)
                    .ok_or_else(|| internal("unknown texture global"))?;
                let value = self.lower_value_as(arg(1)?, texel_ty)?;
                self.emit(
                    Inst::Texture {
                        op: TextureOp::Store,
                        texture,
                        args: vec![coords, value],
                    },
                    None,
                )?;
                Ok(None)
            }
            _ => Err(unsupported(format!("the texture method `{intrinsic}`"))),
        }
    }
}
