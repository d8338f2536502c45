//! 1D textures as 2D textures of height 1. WGSL has no 1D array textures, and samples 1D
//! textures only with `textureSample` (fragment shaders): a `Texture1DArray` /
//! `RWTexture1DArray` is always a `texture_2d_array` / `texture_storage_2d_array`, and a
//! `Texture1D` sampled with an explicit level or gradients a `texture_2d`. The host creates
//! them one texel high (reflection gives the 2D type). A texel coordinate `x` becomes
//! `(x, 0)`; a sampling coordinate `u` becomes `(u, v)` with `v` the centre of row 0 at level
//! 0, so the texels read are row 0's whatever height the host gave the texture.

use super::*;

impl Lowerer<'_> {
    /// The 1D texture globals declared as 2D: every arrayed one, and those sampled.
    pub(super) fn one_d_textures_as_2d(&self) -> FxHashSet<GlobalId> {
        let is_1d = |g: GlobalId| match self.ir.globals.get(g.0 as usize).map(|g| &g.kind) {
            Some(GlobalKind::Texture { dim, arrayed, .. }) => {
                Some((*dim == ir::TextureDim::D1, *arrayed))
            }
            _ => None,
        };
        let mut flat: FxHashSet<GlobalId> = (0..self.ir.globals.len() as u32)
            .map(GlobalId)
            .filter(|g| is_1d(*g) == Some((true, true)))
            .collect();
        for f in &self.ir.functions {
            for inst in live_insts(f) {
                if let Inst::Texture { op, texture, .. } = inst
                    && op.sampler().is_some()
                    && matches!(is_1d(*texture), Some((true, _)))
                {
                    flat.insert(*texture);
                }
            }
        }
        flat
    }

    /// `(x, row)`: the 2D coordinate of 1D coordinate `x`.
    pub(super) fn flat_1d_coord(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        x: Handle<E>,
        row: Handle<E>,
        scalar: naga::Scalar,
    ) -> Result<Handle<E>> {
        let ty = self.insert_type(
            None,
            Ti::Vector {
                size: naga::VectorSize::Bi,
                scalar,
            },
        )?;
        Ok(cx.add(
            out,
            E::Compose {
                ty,
                components: vec![x, row],
            },
        ))
    }

    /// The row of a texel address: 0 in the coordinate's scalar type.
    pub(super) fn flat_1d_texel_row(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        coords: ValueId,
    ) -> Result<(Handle<E>, naga::Scalar)> {
        let ty = cx.vty(coords)?;
        let (literal, scalar) = match self.types().scalar_of(ty) {
            Some(Scalar::U32) => (naga::Literal::U32(0), naga::Scalar::U32),
            _ => (naga::Literal::I32(0), naga::Scalar::I32),
        };
        Ok((cx.add(out, E::Literal(literal)), scalar))
    }

    /// The sampling row: the centre of row 0 at level 0, `0.5 / height`.
    pub(super) fn flat_1d_sample_row(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        image: Handle<E>,
    ) -> Handle<E> {
        let level = cx.add(out, E::Literal(naga::Literal::U32(0)));
        let size = cx.add(
            out,
            E::ImageQuery {
                image,
                query: naga::ImageQuery::Size { level: Some(level) },
            },
        );
        let height = cx.add(
            out,
            E::AccessIndex {
                base: size,
                index: 1,
            },
        );
        let height = cx.add(
            out,
            E::As {
                expr: height,
                kind: naga::ScalarKind::Float,
                convert: Some(4),
            },
        );
        let half = cx.add(out, E::Literal(naga::Literal::F32(0.5)));
        cx.add(
            out,
            E::Binary {
                op: naga::BinaryOperator::Divide,
                left: half,
                right: height,
            },
        )
    }

    /// A 1D gradient `d` as the 2D gradient `(d, 0)`.
    pub(super) fn flat_1d_gradient(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        d: Handle<E>,
    ) -> Result<Handle<E>> {
        let zero = cx.add(out, E::Literal(naga::Literal::F32(0.0)));
        self.flat_1d_coord(cx, out, d, zero, naga::Scalar::F32)
    }
}
