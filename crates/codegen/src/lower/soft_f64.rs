//! `double` without the SHADER_F64 device feature (core WGSL has no f64): a double is the
//! `vec2<u32>` (low word, high word) of its IEEE-754 binary64 bits, so buffers, `asuint`,
//! `asdouble` and `bit_cast` see exactly the bits slangc's targets store. Arithmetic,
//! comparisons, conversions and the math functions call helpers written in WGSL
//! (`soft_f64.wgsl`, generated from `soft_f64.wgsl.in`), copied into the module with the
//! 64-bit integer helpers they build on (`wide_int.rs`) when used. Vectors of doubles share
//! the emulated 64-bit integers' representation (an array of pairs, values only) and are
//! operated on component by component.

use super::*;

impl Lowerer<'_> {
    /// Whether doubles are emulated (the device lacks SHADER_F64).
    pub(super) fn emulates_f64(&self) -> bool {
        !self.opts.shader_f64
    }

    /// Whether values of scalar `s` are held as two 32-bit words.
    pub(super) fn is_emulated64(&self, s: Scalar) -> bool {
        match s {
            Scalar::I64 | Scalar::U64 => self.emulates_wide(),
            Scalar::F64 => self.emulates_f64(),
            _ => false,
        }
    }

    /// Whether `ty` is an emulated double scalar.
    pub(super) fn is_dbl_scalar(&self, ty: TypeId) -> bool {
        self.emulates_f64() && matches!(self.types().kind(ty), TypeKind::Scalar(Scalar::F64))
    }

    fn dbl_unsupported(&self, what: impl Into<String>) -> CodegenError {
        CodegenError::Unsupported {
            what: format!(
                "{} (without the device feature SHADER_F64, doubles are emulated on pairs of \
                 32-bit words)",
                what.into()
            ),
            target: self.opts.target,
        }
    }

    /// The bits of double `x`, as a function expression.
    pub(super) fn dbl_const(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        x: f64,
    ) -> Result<Handle<E>> {
        let bits = x.to_bits();
        let ty = self.wide_type()?;
        let lo = cx.add(out, E::Literal(naga::Literal::U32(bits as u32)));
        let hi = cx.add(out, E::Literal(naga::Literal::U32((bits >> 32) as u32)));
        Ok(cx.add(
            out,
            E::Compose {
                ty,
                components: vec![lo, hi],
            },
        ))
    }

    /// Lowers `inst` when it involves emulated double scalars (vectors go through
    /// `wide_vector_inst`, which calls the scalar operations below per component).
    pub(super) fn dbl_inst(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        inst: &Inst,
        ty: TypeId,
    ) -> Result<Option<Option<Handle<E>>>> {
        if !self.emulates_f64() || self.takes_wide_aggregate(cx, inst, ty)? {
            return Ok(None);
        }
        match inst {
            Inst::Unary(UnaryOp::Neg, a) if self.is_dbl_scalar(ty) => {
                let a = cx.value(*a)?;
                Ok(Some(Some(self.wide_call(cx, out, "f64e_neg", vec![a])?)))
            }
            Inst::Binary(op, a, b) if self.is_dbl_scalar(cx.vty(*a)?) => {
                let (l, r) = (cx.value(*a)?, cx.value(*b)?);
                Ok(Some(Some(self.dbl_binary(cx, out, *op, l, r)?)))
            }
            Inst::Convert(a, s) => {
                let from_ty = cx.vty(*a)?;
                if !self.is_dbl_scalar(from_ty) && !self.is_dbl_scalar(ty) {
                    return Ok(None);
                }
                let from = self
                    .types()
                    .scalar_of(from_ty)
                    .ok_or_else(|| cx.err("conversion of a non-scalar"))?;
                let x = cx.value(*a)?;
                Ok(Some(Some(self.dbl_convert(cx, out, x, from, *s)?)))
            }
            Inst::Bitcast(a, s) => {
                let from_ty = cx.vty(*a)?;
                let from = self.types().scalar_of(from_ty);
                let involves = (*s == Scalar::F64 || from == Some(Scalar::F64))
                    && matches!(self.types().kind(from_ty), TypeKind::Scalar(_));
                if !involves {
                    return Ok(None);
                }
                let other = if *s == Scalar::F64 { from } else { Some(*s) };
                match other {
                    Some(Scalar::F64) => Ok(Some(Some(cx.value(*a)?))),
                    Some(o @ (Scalar::I64 | Scalar::U64)) if self.is_emulated64(o) => {
                        Ok(Some(Some(cx.value(*a)?)))
                    }
                    _ => Err(self.dbl_unsupported(
                        "reinterpreting the bits of a double as a native 64-bit integer",
                    )),
                }
            }
            Inst::Math(f, args) => {
                let tys = args
                    .iter()
                    .map(|&v| cx.vty(v))
                    .collect::<Result<Vec<_>>>()?;
                if !tys.iter().any(|&t| self.is_dbl_scalar(t)) {
                    return Ok(None);
                }
                if f.is_subgroup() {
                    return self.dbl_subgroup(*f);
                }
                let xs = args
                    .iter()
                    .map(|&v| cx.value(v))
                    .collect::<Result<Vec<_>>>()?;
                let rs = self.types().scalar_of(ty);
                Ok(Some(Some(self.dbl_math(cx, out, *f, xs, rs)?)))
            }
            Inst::Atomic { value, .. } if self.is_dbl_scalar(cx.vty(*value)?) => {
                Err(self
                    .dbl_unsupported("atomic operations on doubles (WGSL has no 64-bit atomics)"))
            }
            _ => Ok(None),
        }
    }

    /// A wave operation that moves values between lanes, on one double (a component of a
    /// double vector): its two words move as they are.
    pub(super) fn dbl_subgroup_move(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        args: &[ValueId],
        value: Handle<E>,
    ) -> Result<Handle<E>> {
        if !self.opts.subgroups {
            return Err(self.missing_subgroups(f.name()));
        }
        let mode = match f {
            MathFn::WaveReadLaneAt if args.len() == 2 => {
                let h = cx.value(args[1])?;
                naga::GatherMode::Shuffle(self.lane_index_u32(cx, out, args[1], h)?)
            }
            MathFn::WaveReadLaneFirst => naga::GatherMode::BroadcastFirst,
            _ => return Err(self.dbl_unsupported(format!("`{}` on double vectors", f.name()))),
        };
        let ty = self.wide_type()?;
        Ok(super::subgroup::gather(cx, out, mode, value, ty))
    }

    /// Wave operations that only move a double between lanes work on its two words as they
    /// are (the ordinary lowering); the arithmetic ones are refused.
    fn dbl_subgroup(&self, f: MathFn) -> Result<Option<Option<Handle<E>>>> {
        use MathFn::*;
        match f {
            WaveReadLaneAt
            | WaveReadLaneFirst
            | QuadReadAcrossX
            | QuadReadAcrossY
            | QuadReadAcrossDiagonal
            | QuadReadLaneAt => Ok(None),
            _ => Err(self.dbl_unsupported(format!("`{}` on doubles", f.name()))),
        }
    }

    /// A binary operator on two doubles.
    pub(super) fn dbl_binary(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: BinaryOp,
        l: Handle<E>,
        r: Handle<E>,
    ) -> Result<Handle<E>> {
        let not = |cx: &mut FnCx, out: &mut NBlock, e| {
            cx.add(
                out,
                E::Unary {
                    op: naga::UnaryOperator::LogicalNot,
                    expr: e,
                },
            )
        };
        let (name, swap) = match op {
            BinaryOp::Add => ("f64e_add", false),
            BinaryOp::Sub => ("f64e_sub", false),
            BinaryOp::Mul => ("f64e_mul", false),
            BinaryOp::Div => ("f64e_div", false),
            BinaryOp::Rem => ("f64e_fmod", false),
            BinaryOp::Eq => ("f64e_eq", false),
            BinaryOp::Ne => {
                let eq = self.wide_call(cx, out, "f64e_eq", vec![l, r])?;
                return Ok(not(cx, out, eq));
            }
            BinaryOp::Lt => ("f64e_lt", false),
            BinaryOp::Le => ("f64e_le", false),
            BinaryOp::Gt => ("f64e_lt", true),
            BinaryOp::Ge => ("f64e_le", true),
            _ => return Err(self.dbl_unsupported(format!("the operator `{op:?}` on doubles"))),
        };
        let args = if swap { vec![r, l] } else { vec![l, r] };
        self.wide_call(cx, out, name, args)
    }

    fn as_kind(
        cx: &mut FnCx,
        out: &mut NBlock,
        expr: Handle<E>,
        kind: naga::ScalarKind,
        convert: Option<u8>,
    ) -> Handle<E> {
        cx.add(
            out,
            E::As {
                expr,
                kind,
                convert,
            },
        )
    }

    /// A conversion from or to a double scalar.
    pub(super) fn dbl_convert(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        x: Handle<E>,
        from: Scalar,
        to: Scalar,
    ) -> Result<Handle<E>> {
        use naga::ScalarKind as K;
        if from == to {
            return Ok(x);
        }
        let refuse = |me: &Self| {
            Err(me.dbl_unsupported(format!("converting `{}` to `{}`", from.name(), to.name())))
        };
        if to == Scalar::F64 {
            return match from {
                Scalar::Bool => {
                    let one = self.dbl_const(cx, out, 1.0)?;
                    let zero = self.dbl_const(cx, out, 0.0)?;
                    Ok(cx.add(
                        out,
                        E::Select {
                            condition: x,
                            accept: one,
                            reject: zero,
                        },
                    ))
                }
                Scalar::I32 | Scalar::I8 | Scalar::I16 => {
                    self.wide_call(cx, out, "f64e_from_i32", vec![x])
                }
                Scalar::U32 | Scalar::U8 | Scalar::U16 => {
                    self.wide_call(cx, out, "f64e_from_u32", vec![x])
                }
                Scalar::F32 => self.wide_call(cx, out, "f64e_from_f32", vec![x]),
                Scalar::F16 => {
                    let f = Self::as_kind(cx, out, x, K::Float, Some(4));
                    self.wide_call(cx, out, "f64e_from_f32", vec![f])
                }
                Scalar::I64 if self.emulates_wide() => {
                    self.wide_call(cx, out, "f64e_from_int64", vec![x])
                }
                Scalar::U64 if self.emulates_wide() => {
                    self.wide_call(cx, out, "f64e_from_uint64", vec![x])
                }
                _ => refuse(self),
            };
        }
        // From a double: truncation toward zero for integers.
        match to {
            Scalar::Bool => {
                let zero = self.wide_call(cx, out, "f64e_is_zero", vec![x])?;
                Ok(cx.add(
                    out,
                    E::Unary {
                        op: naga::UnaryOperator::LogicalNot,
                        expr: zero,
                    },
                ))
            }
            Scalar::I32 => self.wide_call(cx, out, "f64e_to_i32", vec![x]),
            Scalar::U32 => self.wide_call(cx, out, "f64e_to_u32", vec![x]),
            // The narrow integers keep the low bits of the 32-bit truncation, as a C cast
            // through int does.
            Scalar::I8 | Scalar::I16 => {
                let v = self.wide_call(cx, out, "f64e_to_i32", vec![x])?;
                let sh = cx.add(out, E::Literal(naga::Literal::U32(32 - to.bits())));
                let up = self.bin(cx, out, Bo::ShiftLeft, v, sh);
                Ok(self.bin(cx, out, Bo::ShiftRight, up, sh))
            }
            Scalar::U8 | Scalar::U16 => {
                let v = self.wide_call(cx, out, "f64e_to_i32", vec![x])?;
                let u = Self::as_kind(cx, out, v, K::Uint, None);
                let mask = cx.add(out, E::Literal(naga::Literal::U32((1u32 << to.bits()) - 1)));
                Ok(self.bin(cx, out, Bo::And, u, mask))
            }
            Scalar::F32 => self.wide_call(cx, out, "f64e_to_f32", vec![x]),
            Scalar::F16 => {
                // Through f32: a double rounding, off by one f16 ulp in rare ties.
                self.check_scalar(Scalar::F16)?;
                let f = self.wide_call(cx, out, "f64e_to_f32", vec![x])?;
                Ok(Self::as_kind(cx, out, f, K::Float, Some(2)))
            }
            Scalar::I64 if self.emulates_wide() => {
                self.wide_call(cx, out, "f64e_to_int64", vec![x])
            }
            Scalar::U64 if self.emulates_wide() => {
                self.wide_call(cx, out, "f64e_to_uint64", vec![x])
            }
            _ => refuse(self),
        }
    }

    /// A math function of double scalars (`rs`: the result's scalar type).
    pub(super) fn dbl_math(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        xs: Vec<Handle<E>>,
        rs: Option<Scalar>,
    ) -> Result<Handle<E>> {
        use MathFn::*;
        let unary = |name: &'static str| Some(name);
        let direct = match f {
            Abs => unary("f64e_abs"),
            Min => unary("f64e_min"),
            Max => unary("f64e_max"),
            Saturate => unary("f64e_saturate"),
            Sqrt => unary("f64e_sqrt"),
            Exp => unary("f64e_exp"),
            Exp2 => unary("f64e_exp2"),
            Log => unary("f64e_log"),
            Log2 => unary("f64e_log2"),
            Log10 => unary("f64e_log10"),
            Pow => unary("f64e_pow"),
            Sin => unary("f64e_sin"),
            Cos => unary("f64e_cos"),
            Tan => unary("f64e_tan"),
            Asin => unary("f64e_asin"),
            Acos => unary("f64e_acos"),
            Atan => unary("f64e_atan"),
            Atan2 => unary("f64e_atan2"),
            Floor => unary("f64e_floor"),
            Ceil => unary("f64e_ceil"),
            Round => unary("f64e_round"),
            Trunc => unary("f64e_trunc"),
            Frac => unary("f64e_frac"),
            Fmod => unary("f64e_fmod"),
            // mad may round twice; fma (and so mad) is rounded once here.
            Fma | Mad => unary("f64e_fma"),
            IsNan => unary("f64e_is_nan"),
            IsInf => unary("f64e_is_inf"),
            _ => None,
        };
        if let Some(name) = direct {
            if xs.len() != f.arity() {
                return Err(cx.err(format!("`{}` with {} arguments", f.name(), xs.len())));
            }
            return self.wide_call(cx, out, name, xs);
        }
        let call = |me: &mut Self, cx: &mut FnCx, out: &mut NBlock, name: &str, a: Vec<_>| {
            me.wide_call(cx, out, name, a)
        };
        match f {
            Clamp if xs.len() == 3 => {
                let lo = call(self, cx, out, "f64e_max", vec![xs[0], xs[1]])?;
                call(self, cx, out, "f64e_min", vec![lo, xs[2]])
            }
            Lerp if xs.len() == 3 => {
                let d = call(self, cx, out, "f64e_sub", vec![xs[1], xs[0]])?;
                let t = call(self, cx, out, "f64e_mul", vec![xs[2], d])?;
                call(self, cx, out, "f64e_add", vec![xs[0], t])
            }
            Step if xs.len() == 2 => {
                // step(edge, x) = x >= edge ? 1 : 0
                let ge = call(self, cx, out, "f64e_le", vec![xs[0], xs[1]])?;
                self.dbl_convert(cx, out, ge, Scalar::Bool, Scalar::F64)
            }
            SmoothStep if xs.len() == 3 => {
                let num = call(self, cx, out, "f64e_sub", vec![xs[2], xs[0]])?;
                let den = call(self, cx, out, "f64e_sub", vec![xs[1], xs[0]])?;
                let q = call(self, cx, out, "f64e_div", vec![num, den])?;
                let t = call(self, cx, out, "f64e_saturate", vec![q])?;
                let two = self.dbl_const(cx, out, 2.0)?;
                let three = self.dbl_const(cx, out, 3.0)?;
                let tt = call(self, cx, out, "f64e_mul", vec![t, t])?;
                let t2 = call(self, cx, out, "f64e_mul", vec![two, t])?;
                let k = call(self, cx, out, "f64e_sub", vec![three, t2])?;
                call(self, cx, out, "f64e_mul", vec![tt, k])
            }
            Rsqrt | Rcp if xs.len() == 1 => {
                let one = self.dbl_const(cx, out, 1.0)?;
                let d = if f == Rsqrt {
                    call(self, cx, out, "f64e_sqrt", vec![xs[0]])?
                } else {
                    xs[0]
                };
                call(self, cx, out, "f64e_div", vec![one, d])
            }
            Radians | Degrees if xs.len() == 1 => {
                let k = if f == Radians {
                    std::f64::consts::PI / 180.0
                } else {
                    180.0 / std::f64::consts::PI
                };
                let k = self.dbl_const(cx, out, k)?;
                call(self, cx, out, "f64e_mul", vec![xs[0], k])
            }
            CopySign if xs.len() == 2 => {
                let mag = call(self, cx, out, "f64e_abs", vec![xs[0]])?;
                let hi_b = self.word(cx, out, xs[1], 1);
                let sign_bit = cx.add(out, E::Literal(naga::Literal::U32(0x8000_0000)));
                let sign = self.bin(cx, out, Bo::And, hi_b, sign_bit);
                let lo = self.word(cx, out, mag, 0);
                let hi = self.word(cx, out, mag, 1);
                let hi = self.bin(cx, out, Bo::InclusiveOr, hi, sign);
                let ty = self.wide_type()?;
                Ok(cx.add(
                    out,
                    E::Compose {
                        ty,
                        components: vec![lo, hi],
                    },
                ))
            }
            Sign if xs.len() == 1 => {
                let s = call(self, cx, out, "f64e_sign", vec![xs[0]])?;
                match rs {
                    Some(Scalar::F64) => Ok(s),
                    _ => call(self, cx, out, "f64e_to_i32", vec![s]),
                }
            }
            _ => Err(self.dbl_unsupported(format!("`{}` of a double", f.name()))),
        }
    }
}
