//! Depth comparisons on depth textures (`DepthTexture2D`...): `SampleCmpLevelZero`,
//! `SampleCmpLevel` at level 0 and `GatherCmp*`, with or without a texel offset. WGSL compares
//! only depth textures and only at level 0 (`textureSampleCompareLevel`,
//! `textureGatherCompare`); `SampleCmp`/`SampleCmpBias` pick their level from screen-space
//! derivatives, which only fragment shaders have.

use hir::ExprId;
use ir::{GlobalId, Inst, Literal, Scalar, TextureDim, TextureOp, ValueId};

use super::FnLower;
use super::textures::fragment_only;
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// A `texture_sample_cmp*` / `texture_gather_cmp*` intrinsic on `texture`; `None` when
    /// `intrinsic` is not one.
    pub(super) fn texture_compare(
        &mut self,
        intrinsic: &str,
        texture: GlobalId,
        (dim, arrayed, depth): (TextureDim, bool, bool),
        args: &[ExprId],
    ) -> Option<R<Option<ValueId>>> {
        let gather = match intrinsic {
            "texture_sample_cmp_level_zero"
            | "texture_sample_cmp_level_zero_offset"
            | "texture_sample_cmp_level"
            | "texture_sample_cmp_level_offset" => false,
            "texture_gather_cmp" | "texture_gather_cmp_offset" => true,
            "texture_sample_cmp" | "texture_sample_cmp_offset" => {
                return Some(Err(fragment_only("SampleCmp")));
            }
            "texture_sample_cmp_bias" | "texture_sample_cmp_bias_offset" => {
                return Some(Err(fragment_only("SampleCmpBias")));
            }
            "texture_sample_cmp_grad" | "texture_sample_cmp_grad_offset" => {
                return Some(Err(unsupported(
                    "`SampleCmpGrad` (WGSL compares depth at level 0 only: use \
                     SampleCmpLevelZero)",
                )));
            }
            _ => return None,
        };
        if !depth {
            return Some(Err(unsupported(
                "a depth comparison on a texture that is not a depth texture (WGSL compares \
                 only depth textures: declare it `DepthTexture2D`, `DepthTextureCube`, ...)",
            )));
        }
        Some(self.compare_op(intrinsic, texture, (dim, arrayed), gather, args))
    }

    fn compare_op(
        &mut self,
        intrinsic: &str,
        texture: GlobalId,
        (dim, arrayed): (TextureDim, bool),
        gather: bool,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| internal("intrinsic arity"))
        };
        let sampler = self.sampler_global(arg(0)?)?;
        let mut coords = self.float_arg(arg(1)?, dim.coords() + u8::from(arrayed))?;
        let reference = self.float_arg(arg(2)?, 1)?;
        let mut next = 3;
        if intrinsic.starts_with("texture_sample_cmp_level") && !intrinsic.contains("zero") {
            let level = self.float_arg(arg(3)?, 1)?;
            if !self.is_zero_literal(level) {
                return Err(unsupported(
                    "`SampleCmpLevel` at a level that is not the constant 0 (WGSL compares \
                     depth at level 0 only: textureSampleCompareLevel)",
                ));
            }
            next = 4;
        }
        if intrinsic.ends_with("_offset") {
            let level = self.lit(Literal::U32(0))?;
            coords = self.offset_sample_coords(texture, dim, arrayed, coords, level, arg(next)?)?;
        }
        let op = if gather {
            TextureOp::GatherCompare { sampler }
        } else {
            TextureOp::SampleCompare { sampler }
        };
        self.emit(
            Inst::Texture {
                op,
                texture,
                args: vec![coords, reference],
            },
            None,
        )
        .map(Some)
    }

    /// `v` is the literal 0 (`0.0`, `float(0)`).
    fn is_zero_literal(&self, v: ValueId) -> bool {
        match self.f.value(v).map(|d| &d.inst) {
            Some(Inst::Literal(Literal::F32(x))) => *x == 0.0,
            Some(Inst::Convert(a, Scalar::F32)) => matches!(
                self.f.value(*a).map(|d| &d.inst),
                Some(Inst::Literal(Literal::I32(0) | Literal::U32(0)))
            ),
            _ => false,
        }
    }
}
