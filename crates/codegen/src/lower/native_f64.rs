//! `double` on devices with SHADER_F64: arithmetic is native, but Vulkan's GLSL.std.450 defines
//! the transcendental functions (sin, exp, pow, ...) and radians/degrees for 16- and 32-bit
//! floats only, so naga's SPIR-V for them on f64 is invalid, and naga's constant evaluator
//! refuses them. They run through the emulation library (`soft_f64.wgsl`) on the double's bits,
//! which a bitcast to a native 64-bit integer exposes; radians and degrees are products.

use super::*;

impl Lowerer<'_> {
    /// Lowers math function `f` when native doubles cannot take it directly; `None` when the
    /// ordinary lowering applies.
    pub(super) fn native_dbl_math(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        args: &[ValueId],
        ty: TypeId,
    ) -> Result<Option<Handle<E>>> {
        use MathFn::*;
        if self.emulates_f64() || args.len() != f.arity() {
            return Ok(None);
        }
        let n = match *self.types().kind(cx.vty(args[0])?) {
            TypeKind::Scalar(Scalar::F64) => 1,
            TypeKind::Vector {
                scalar: Scalar::F64,
                size,
            } => size,
            _ => return Ok(None),
        };
        let name = match f {
            Sin => "f64e_sin",
            Cos => "f64e_cos",
            Tan => "f64e_tan",
            Asin => "f64e_asin",
            Acos => "f64e_acos",
            Atan => "f64e_atan",
            Atan2 => "f64e_atan2",
            Exp => "f64e_exp",
            Exp2 => "f64e_exp2",
            Log => "f64e_log",
            Log2 => "f64e_log2",
            Log10 => "f64e_log10",
            Pow => "f64e_pow",
            Radians | Degrees => {
                let k = if f == Radians {
                    std::f64::consts::PI / 180.0
                } else {
                    180.0 / std::f64::consts::PI
                };
                let x = cx.value(args[0])?;
                let k = self.constant(cx, out, Scalar::F64, n, k)?;
                return Ok(Some(self.bin(cx, out, Bo::Multiply, x, k)));
            }
            Sinh | Cosh | Tanh | Asinh | Acosh | Atanh => {
                return Err(CodegenError::Unsupported {
                    what: format!(
                        "`{}` of a double (the target defines the hyperbolic functions for \
                         16- and 32-bit floats only)",
                        f.name()
                    ),
                    target: self.opts.target,
                });
            }
            _ => return Ok(None),
        };
        if self.emulates_wide() {
            return Err(CodegenError::MissingFeature {
                what: format!(
                    "`{}` of a double (the target has no 64-bit `{}`: it is computed on the \
                     double's bits, which only 64-bit integers expose)",
                    f.name(),
                    f.name()
                ),
                feature: "SHADER_INT64",
                target: self.opts.target,
            });
        }
        let xs = args
            .iter()
            .map(|&v| cx.value(v))
            .collect::<Result<Vec<_>>>()?;
        if n == 1 {
            return Ok(Some(self.native_dbl_call(cx, out, name, &xs)?));
        }
        let mut parts = Vec::with_capacity(n as usize);
        for i in 0..n as u32 {
            let lane = xs
                .iter()
                .map(|&base| cx.add(out, E::AccessIndex { base, index: i }))
                .collect::<Vec<_>>();
            parts.push(self.native_dbl_call(cx, out, name, &lane)?);
        }
        let vty = self.ty(ty, Repr::VALUE)?;
        Ok(Some(cx.add(
            out,
            E::Compose {
                ty: vty,
                components: parts,
            },
        )))
    }

    /// Calls library function `name` on native double scalars `xs`; the result is a double.
    fn native_dbl_call(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        name: &str,
        xs: &[Handle<E>],
    ) -> Result<Handle<E>> {
        let bits = xs
            .iter()
            .map(|&x| self.native_dbl_bits(cx, out, x))
            .collect::<Result<Vec<_>>>()?;
        let r = self.wide_call(cx, out, name, bits)?;
        Ok(self.native_dbl_from_bits(cx, out, r))
    }

    /// The (low word, high word) of native double `x`.
    fn native_dbl_bits(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        x: Handle<E>,
    ) -> Result<Handle<E>> {
        use naga::ScalarKind as K;
        let u = cx.add(
            out,
            E::As {
                expr: x,
                kind: K::Uint,
                convert: None,
            },
        );
        let lo = cx.add(
            out,
            E::As {
                expr: u,
                kind: K::Uint,
                convert: Some(4),
            },
        );
        let k32 = cx.add(out, E::Literal(naga::Literal::U32(32)));
        let shifted = self.bin(cx, out, Bo::ShiftRight, u, k32);
        let hi = cx.add(
            out,
            E::As {
                expr: shifted,
                kind: K::Uint,
                convert: Some(4),
            },
        );
        let ty = self.wide_type()?;
        Ok(cx.add(
            out,
            E::Compose {
                ty,
                components: vec![lo, hi],
            },
        ))
    }

    /// The native double whose (low word, high word) are `w`.
    fn native_dbl_from_bits(&mut self, cx: &mut FnCx, out: &mut NBlock, w: Handle<E>) -> Handle<E> {
        use naga::ScalarKind as K;
        let widen = |cx: &mut FnCx, out: &mut NBlock, e| {
            cx.add(
                out,
                E::As {
                    expr: e,
                    kind: K::Uint,
                    convert: Some(8),
                },
            )
        };
        let lo = self.word(cx, out, w, 0);
        let hi = self.word(cx, out, w, 1);
        let lo = widen(cx, out, lo);
        let hi = widen(cx, out, hi);
        let k32 = cx.add(out, E::Literal(naga::Literal::U32(32)));
        let hi = self.bin(cx, out, Bo::ShiftLeft, hi, k32);
        let u = self.bin(cx, out, Bo::InclusiveOr, hi, lo);
        cx.add(
            out,
            E::As {
                expr: u,
                kind: K::Float,
                convert: None,
            },
        )
    }
}
