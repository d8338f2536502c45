//! `double` on devices with SHADER_F64: arithmetic is native, but Vulkan's GLSL.std.450 defines
//! the transcendental functions (sin, exp, pow, ...) and radians/degrees for 16- and 32-bit
//! floats only, so naga's SPIR-V for them on f64 is invalid, and naga's constant evaluator
//! refuses them. They are computed in float precision (converted to f32 and back); radians and
//! degrees are products. Without SHADER_F64 doubles are emulated exactly (`soft_f64.rs`).

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
        // GLSL.std.450 defines these for 16/32-bit floats only; log10 is log scaled below.
        let transcendental = matches!(
            f,
            Sin | Cos
                | Tan
                | Asin
                | Acos
                | Atan
                | Atan2
                | Sinh
                | Cosh
                | Tanh
                | Asinh
                | Acosh
                | Atanh
                | Exp
                | Exp2
                | Log
                | Log2
                | Pow
        );
        let fun = match f {
            _ if transcendental => {
                super::math::naga_math_fn(f).ok_or_else(|| cx.err("math table"))?
            }
            Log10 => Mf::Log,
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
            _ => return Ok(None),
        };
        // In float precision, as the devices that take GLSL.std.450 on doubles compute them
        // (lavapipe does); the library's exact routines inlined at every call site made large
        // programs (a matrix of doubles through many functions) too big for the driver.
        let to = |cx: &mut FnCx, out: &mut NBlock, expr, width| {
            cx.add(
                out,
                E::As {
                    expr,
                    kind: naga::ScalarKind::Float,
                    convert: Some(width),
                },
            )
        };
        let mut xs = Vec::with_capacity(args.len());
        for &a in args {
            let x = cx.value(a)?;
            xs.push(to(cx, out, x, 4));
        }
        let mut r = self.m(cx, out, fun, &xs);
        if f == Log10 {
            let k = self.constant(cx, out, Scalar::F32, n, std::f64::consts::LOG10_E)?;
            r = self.bin(cx, out, Bo::Multiply, r, k);
        }
        Ok(Some(to(cx, out, r, 8)))
    }
}
