//! The math library with HLSL semantics on naga.

use super::*;

impl Lowerer<'_> {
    pub(super) fn m(
        &self,
        cx: &mut FnCx,
        out: &mut NBlock,
        fun: Mf,
        xs: &[Handle<E>],
    ) -> Handle<E> {
        cx.add(
            out,
            E::Math {
                fun,
                arg: xs[0],
                arg1: xs.get(1).copied(),
                arg2: xs.get(2).copied(),
                arg3: None,
            },
        )
    }

    pub(super) fn bin(
        &self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: Bo,
        left: Handle<E>,
        right: Handle<E>,
    ) -> Handle<E> {
        cx.add(out, E::Binary { op, left, right })
    }

    pub(super) fn math(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        args: &[ValueId],
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let a = args
            .iter()
            .map(|&v| cx.value(v))
            .collect::<Result<Vec<_>>>()?;
        let tys = args
            .iter()
            .map(|&v| cx.vty(v))
            .collect::<Result<Vec<_>>>()?;
        if f.is_subgroup() {
            return self.subgroup(cx, out, f, args, ty);
        }
        if a.len() != f.arity() {
            return Err(cx.err(format!("{} with {} arguments", f.name(), a.len())));
        }
        if let Some(h) = self.native_dbl_math(cx, out, f, args)? {
            return Ok(h);
        }
        use MathFn::*;
        let row_arrays = tys
            .iter()
            .find_map(|&t| int_matrix::row_array_matrix(self.types(), t));
        match (f, row_arrays) {
            (Mul, Some(_)) => return self.mul_rows(cx, out, a[0], a[1], tys[0], tys[1], ty),
            (Transpose, Some(shape)) => return self.transpose_rows(cx, out, a[0], shape, ty),
            _ => {}
        }
        let direct = naga_math_fn(f);
        if let Some(fun) = direct {
            return Ok(self.m(cx, out, fun, &a));
        }
        let (s0, n0) = match *self.types().kind(tys[0]) {
            TypeKind::Scalar(s) => (s, 1),
            TypeKind::Vector { scalar, size } => (scalar, size),
            TypeKind::Matrix { scalar, .. } => (scalar, 0),
            _ => return Err(cx.err(format!("{}: bad operand", f.name()))),
        };
        // 8/16-bit integers are held in 32 bits (`narrow.rs`).
        let s0 = s0.held_as();
        Ok(match f {
            Rcp => {
                let one = self.constant(cx, out, s0, n0, 1.0)?;
                self.bin(cx, out, Bo::Divide, one, a[0])
            }
            Log10 => {
                let l2 = self.m(cx, out, Mf::Log2, &a);
                let k = self.constant(cx, out, s0, n0, std::f64::consts::LOG10_2)?;
                self.bin(cx, out, Bo::Multiply, l2, k)
            }
            // WGSL's float `%` rounds its quotient; fmod is exact (`fmod.rs`).
            Fmod if n0 > 0 && s0.is_float() => {
                let n1 = self.shape_or_scalar(tys[1]);
                self.exact_fmod(cx, out, (a[0], n0), (a[1], n1), s0)?
            }
            Fmod => self.bin(cx, out, Bo::Modulo, a[0], a[1]),
            Mad if s0.is_float() => self.m(cx, out, Mf::Fma, &a),
            Mad => {
                let p = self.bin(cx, out, Bo::Multiply, a[0], a[1]);
                self.bin(cx, out, Bo::Add, p, a[2])
            }
            Sign => {
                // HLSL sign returns int of the same shape.
                let s = match s0 {
                    Scalar::U32 | Scalar::U64 => {
                        let zero = cx.add(out, E::ZeroValue(self.ty(tys[0], Repr::VALUE)?));
                        self.bin(cx, out, Bo::NotEqual, a[0], zero)
                    }
                    _ => self.m(cx, out, Mf::Sign, &a),
                };
                if s0 == Scalar::I32 {
                    s
                } else {
                    cx.add(
                        out,
                        E::As {
                            expr: s,
                            kind: naga::ScalarKind::Sint,
                            convert: Some(4),
                        },
                    )
                }
            }
            Mul => self.mul(cx, out, a[0], a[1], tys[0], tys[1])?,
            IsNan | IsInf => self.nan_inf(cx, out, f == IsNan, a[0], s0, n0)?,
            All | Any => {
                let b = if s0 == Scalar::Bool {
                    a[0]
                } else {
                    let zero = cx.add(out, E::ZeroValue(self.ty(tys[0], Repr::VALUE)?));
                    self.bin(cx, out, Bo::NotEqual, a[0], zero)
                };
                if n0 == 1 {
                    b
                } else {
                    let fun = if f == All {
                        naga::RelationalFunction::All
                    } else {
                        naga::RelationalFunction::Any
                    };
                    cx.add(out, E::Relational { fun, argument: b })
                }
            }
            F16ToF32 | F32ToF16 => {
                let mut comps = Vec::new();
                for k in 0..n0 {
                    let c = if n0 > 1 {
                        cx.add(
                            out,
                            E::AccessIndex {
                                base: a[0],
                                index: k as u32,
                            },
                        )
                    } else {
                        a[0]
                    };
                    comps.push(if f == F16ToF32 {
                        let pair = self.m(cx, out, Mf::Unpack2x16float, &[c]);
                        cx.add(
                            out,
                            E::AccessIndex {
                                base: pair,
                                index: 0,
                            },
                        )
                    } else {
                        let zero = self.constant(cx, out, Scalar::F32, 1, 0.0)?;
                        let v2 = self.vector_type(Scalar::F32, 2)?;
                        let pair = cx.add(
                            out,
                            E::Compose {
                                ty: v2,
                                components: vec![c, zero],
                            },
                        );
                        self.m(cx, out, Mf::Pack2x16float, &[pair])
                    });
                }
                if n0 > 1 {
                    let t = self.ty(ty, Repr::VALUE)?;
                    cx.add(
                        out,
                        E::Compose {
                            ty: t,
                            components: comps,
                        },
                    )
                } else {
                    comps[0]
                }
            }
            Dst => {
                // dst(a, b) = (1, a.y * b.y, a.z, b.w)
                let one = self.constant(cx, out, s0, 1, 1.0)?;
                let ay = cx.add(
                    out,
                    E::AccessIndex {
                        base: a[0],
                        index: 1,
                    },
                );
                let by = cx.add(
                    out,
                    E::AccessIndex {
                        base: a[1],
                        index: 1,
                    },
                );
                let y = self.bin(cx, out, Bo::Multiply, ay, by);
                let z = cx.add(
                    out,
                    E::AccessIndex {
                        base: a[0],
                        index: 2,
                    },
                );
                let w = cx.add(
                    out,
                    E::AccessIndex {
                        base: a[1],
                        index: 3,
                    },
                );
                let t = self.ty(ty, Repr::VALUE)?;
                cx.add(
                    out,
                    E::Compose {
                        ty: t,
                        components: vec![one, y, z, w],
                    },
                )
            }
            Lit => {
                // lit(n.l, n.h, m) = (1, max(n.l, 0), (n.l < 0 || n.h < 0) ? 0 : n.h^m, 1)
                let one = self.constant(cx, out, s0, 1, 1.0)?;
                let zero = self.constant(cx, out, s0, 1, 0.0)?;
                let diffuse = self.m(cx, out, Mf::Max, &[a[0], zero]);
                let spec = self.m(cx, out, Mf::Pow, &[a[1], a[2]]);
                let l_neg = self.bin(cx, out, Bo::Less, a[0], zero);
                let h_neg = self.bin(cx, out, Bo::Less, a[1], zero);
                let dark = self.bin(cx, out, Bo::LogicalOr, l_neg, h_neg);
                let spec = cx.add(
                    out,
                    E::Select {
                        condition: dark,
                        accept: zero,
                        reject: spec,
                    },
                );
                let t = self.ty(ty, Repr::VALUE)?;
                cx.add(
                    out,
                    E::Compose {
                        ty: t,
                        components: vec![one, diffuse, spec, one],
                    },
                )
            }
            CopySign if s0 == Scalar::F32 => {
                let bx = cx.add(
                    out,
                    E::As {
                        expr: a[0],
                        kind: naga::ScalarKind::Uint,
                        convert: None,
                    },
                );
                let by = cx.add(
                    out,
                    E::As {
                        expr: a[1],
                        kind: naga::ScalarKind::Uint,
                        convert: None,
                    },
                );
                let mag_mask = self.constant(cx, out, Scalar::U32, n0, 0x7fff_ffff_u32 as f64)?;
                let sign_mask = self.constant(cx, out, Scalar::U32, n0, 0x8000_0000_u32 as f64)?;
                let mag = self.bin(cx, out, Bo::And, bx, mag_mask);
                let sign = self.bin(cx, out, Bo::And, by, sign_mask);
                let bits = self.bin(cx, out, Bo::InclusiveOr, mag, sign);
                cx.add(
                    out,
                    E::As {
                        expr: bits,
                        kind: naga::ScalarKind::Float,
                        convert: None,
                    },
                )
            }
            CopySign => {
                let ax = self.m(cx, out, Mf::Abs, &[a[0]]);
                let neg = cx.add(
                    out,
                    E::Unary {
                        op: naga::UnaryOperator::Negate,
                        expr: ax,
                    },
                );
                let zero = self.constant(cx, out, s0, n0, 0.0)?;
                let below = self.bin(cx, out, Bo::Less, a[1], zero);
                cx.add(
                    out,
                    E::Select {
                        condition: below,
                        accept: neg,
                        reject: ax,
                    },
                )
            }
            CountBits => {
                let c = self.m(cx, out, Mf::CountOneBits, &a);
                match s0 {
                    Scalar::U32 => c,
                    Scalar::I32 => cx.add(
                        out,
                        E::As {
                            expr: c,
                            kind: naga::ScalarKind::Uint,
                            convert: None,
                        },
                    ),
                    _ => cx.add(
                        out,
                        E::As {
                            expr: c,
                            kind: naga::ScalarKind::Uint,
                            convert: Some(4),
                        },
                    ),
                }
            }
            _ => return Err(cx.err(format!("{} is not lowered", f.name()))),
        })
    }

    fn mul(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        a: Handle<E>,
        b: Handle<E>,
        ta: TypeId,
        tb: TypeId,
    ) -> Result<Handle<E>> {
        let ka = self.types().kind(ta).clone();
        let kb = self.types().kind(tb).clone();
        Ok(match (ka, kb) {
            (TypeKind::Vector { .. }, TypeKind::Vector { .. }) => self.m(cx, out, Mf::Dot, &[a, b]),
            // naga columns are HLSL rows, so every product swaps its operands.
            (TypeKind::Vector { .. }, TypeKind::Matrix { .. })
            | (TypeKind::Matrix { .. }, TypeKind::Vector { .. })
            | (TypeKind::Matrix { .. }, TypeKind::Matrix { .. }) => {
                self.bin(cx, out, Bo::Multiply, b, a)
            }
            _ => self.bin(cx, out, Bo::Multiply, a, b),
        })
    }

    fn nan_inf(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        nan: bool,
        x: Handle<E>,
        s: Scalar,
        n: u8,
    ) -> Result<Handle<E>> {
        if s == Scalar::F64 && self.opts.target == crate::Target::SpirV {
            let fun = if nan {
                naga::RelationalFunction::IsNan
            } else {
                naga::RelationalFunction::IsInf
            };
            return Ok(cx.add(out, E::Relational { fun, argument: x }));
        }
        if s == Scalar::F64 {
            // WGSL (with SHADER_F64) can neither call isnan nor bitcast an f64: NaN is the one
            // value unequal to itself, and infinity the one magnitude above the largest finite.
            if nan {
                return Ok(self.bin(cx, out, Bo::NotEqual, x, x));
            }
            let magnitude = cx.add(
                out,
                E::Math {
                    fun: naga::MathFunction::Abs,
                    arg: x,
                    arg1: None,
                    arg2: None,
                    arg3: None,
                },
            );
            let max = self.constant(cx, out, Scalar::F64, n, f64::MAX)?;
            return Ok(self.bin(cx, out, Bo::Greater, magnitude, max));
        }
        // WGSL has no isnan/isinf: test the f32 exponent and mantissa bits.
        let x32 = if s == Scalar::F16 {
            cx.add(
                out,
                E::As {
                    expr: x,
                    kind: naga::ScalarKind::Float,
                    convert: Some(4),
                },
            )
        } else {
            x
        };
        let bits = cx.add(
            out,
            E::As {
                expr: x32,
                kind: naga::ScalarKind::Uint,
                convert: None,
            },
        );
        let mask = self.constant(cx, out, Scalar::U32, n, 0x7fff_ffff_u32 as f64)?;
        let mag = self.bin(cx, out, Bo::And, bits, mask);
        let inf = self.constant(cx, out, Scalar::U32, n, 0x7f80_0000_u32 as f64)?;
        let op = if nan { Bo::Greater } else { Bo::Equal };
        Ok(self.bin(cx, out, op, mag, inf))
    }
}

/// The naga function that computes `f` directly on floats and integers of 32 bits or less.
pub(super) fn naga_math_fn(f: MathFn) -> Option<Mf> {
    use MathFn::*;
    match f {
        Abs => Some(Mf::Abs),
        Min => Some(Mf::Min),
        Max => Some(Mf::Max),
        Clamp => Some(Mf::Clamp),
        Saturate => Some(Mf::Saturate),
        Sin => Some(Mf::Sin),
        Cos => Some(Mf::Cos),
        Tan => Some(Mf::Tan),
        Asin => Some(Mf::Asin),
        Acos => Some(Mf::Acos),
        Atan => Some(Mf::Atan),
        Atan2 => Some(Mf::Atan2),
        Sinh => Some(Mf::Sinh),
        Cosh => Some(Mf::Cosh),
        Tanh => Some(Mf::Tanh),
        Asinh => Some(Mf::Asinh),
        Acosh => Some(Mf::Acosh),
        Atanh => Some(Mf::Atanh),
        Floor => Some(Mf::Floor),
        Ceil => Some(Mf::Ceil),
        Round => Some(Mf::Round),
        Trunc => Some(Mf::Trunc),
        Frac => Some(Mf::Fract),
        Exp => Some(Mf::Exp),
        Exp2 => Some(Mf::Exp2),
        Log => Some(Mf::Log),
        Log2 => Some(Mf::Log2),
        Pow => Some(Mf::Pow),
        Sqrt => Some(Mf::Sqrt),
        Rsqrt => Some(Mf::InverseSqrt),
        Radians => Some(Mf::Radians),
        Degrees => Some(Mf::Degrees),
        Lerp => Some(Mf::Mix),
        SmoothStep => Some(Mf::SmoothStep),
        // HLSL step(edge, x) and WGSL step(edge, x) agree: 1 where x >= edge.
        Step => Some(Mf::Step),
        Fma => Some(Mf::Fma),
        Dot => Some(Mf::Dot),
        Cross => Some(Mf::Cross),
        Length => Some(Mf::Length),
        Distance => Some(Mf::Distance),
        Normalize => Some(Mf::Normalize),
        Reflect => Some(Mf::Reflect),
        Refract => Some(Mf::Refract),
        FaceForward => Some(Mf::FaceForward),
        Transpose => Some(Mf::Transpose),
        Determinant => Some(Mf::Determinant),
        ReverseBits => Some(Mf::ReverseBits),
        FirstBitHigh => Some(Mf::FirstLeadingBit),
        FirstBitLow => Some(Mf::FirstTrailingBit),
        _ => None,
    }
}
