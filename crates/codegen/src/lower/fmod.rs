//! The float remainder (`%` on floats, `fmod`) with C's exact result.
//!
//! WGSL defines a float `x % y` as `x - y * trunc(x / y)`, whose quotient is rounded: for
//! `0.77f % 0.11f` the rounded quotient is 7 and the result 0 (or a tiny negative number), where
//! HLSL/C `fmod` gives 0.11 (quotient 6). The exact remainder is computed on magnitudes:
//! `|x| - q * |y|` with the product split exactly into `p + e` (Dekker's product: WGSL's `fma`
//! need not be fused, and is not on lavapipe), `(|x| - p) - e` rounded once (`|x| - p` is exact,
//! `p` being within a factor of two of `|x|`), then corrected by one `|y|` when the rounded
//! quotient was one too large or too small; its sign is `x`'s, as `fmod` defines.

use super::*;

impl Lowerer<'_> {
    /// `fmod(x, y)` for float scalars or vectors; `n` is the result's component count (a
    /// scalar operand of a vector remainder is splatted).
    pub(super) fn exact_fmod(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        (x, nx): (Handle<E>, u8),
        (y, ny): (Handle<E>, u8),
        s: Scalar,
    ) -> Result<Handle<E>> {
        let n = nx.max(ny);
        let splat = |cx: &mut FnCx, out: &mut NBlock, v: Handle<E>, k: u8| match vsize(n) {
            Some(size) if k == 1 => cx.add(out, E::Splat { size, value: v }),
            _ => v,
        };
        let x = splat(cx, out, x, nx);
        let y = splat(cx, out, y, ny);
        let ax = self.m(cx, out, Mf::Abs, &[x]);
        let ay = self.m(cx, out, Mf::Abs, &[y]);
        let ratio = self.bin(cx, out, Bo::Divide, ax, ay);
        let q = self.m(cx, out, Mf::Trunc, &[ratio]);
        // Dekker: split both factors into 12-bit halves, whose products are exact.
        let (qh, ql) = self.split_halves(cx, out, q, s, n)?;
        let (yh, yl) = self.split_halves(cx, out, ay, s, n)?;
        let p = self.bin(cx, out, Bo::Multiply, q, ay);
        let hh = self.bin(cx, out, Bo::Multiply, qh, yh);
        let hl = self.bin(cx, out, Bo::Multiply, qh, yl);
        let lh = self.bin(cx, out, Bo::Multiply, ql, yh);
        let ll = self.bin(cx, out, Bo::Multiply, ql, yl);
        let e = self.bin(cx, out, Bo::Subtract, hh, p);
        let e = self.bin(cx, out, Bo::Add, e, hl);
        let e = self.bin(cx, out, Bo::Add, e, lh);
        let e = self.bin(cx, out, Bo::Add, e, ll);
        let d = self.bin(cx, out, Bo::Subtract, ax, p);
        let r = self.bin(cx, out, Bo::Subtract, d, e);
        // One step back when the rounded quotient overshot, one forward when it fell short.
        let zero = self.constant(cx, out, s, n, 0.0)?;
        let below = self.bin(cx, out, Bo::Less, r, zero);
        let up = self.bin(cx, out, Bo::Add, r, ay);
        let r = cx.add(
            out,
            E::Select {
                condition: below,
                accept: up,
                reject: r,
            },
        );
        let above = self.bin(cx, out, Bo::GreaterEqual, r, ay);
        let down = self.bin(cx, out, Bo::Subtract, r, ay);
        let r = cx.add(
            out,
            E::Select {
                condition: above,
                accept: down,
                reject: r,
            },
        );
        let negative_x = self.bin(cx, out, Bo::Less, x, zero);
        let neg_r = cx.add(
            out,
            E::Unary {
                op: naga::UnaryOperator::Negate,
                expr: r,
            },
        );
        Ok(cx.add(
            out,
            E::Select {
                condition: negative_x,
                accept: neg_r,
                reject: r,
            },
        ))
    }
}

impl Lowerer<'_> {
    /// Veltkamp's split of `v` into a high and a low part of half the significand each
    /// (`hi + lo == v`).
    fn split_halves(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        v: Handle<E>,
        s: Scalar,
        n: u8,
    ) -> Result<(Handle<E>, Handle<E>)> {
        // 2^ceil(p/2) + 1 for a significand of p bits.
        let k = match s.bits() {
            16 => 65.0,
            64 => 134_217_729.0,
            _ => 4097.0,
        };
        let k = self.constant(cx, out, s, n, k)?;
        let c = self.bin(cx, out, Bo::Multiply, v, k);
        let t = self.bin(cx, out, Bo::Subtract, c, v);
        let hi = self.bin(cx, out, Bo::Subtract, c, t);
        let lo = self.bin(cx, out, Bo::Subtract, v, hi);
        Ok((hi, lo))
    }

    /// The component count of a scalar or vector type (1 for anything else).
    pub(super) fn shape_or_scalar(&self, ty: TypeId) -> u8 {
        match *self.types().kind(ty) {
            TypeKind::Vector { size, .. } => size,
            _ => 1,
        }
    }
}
