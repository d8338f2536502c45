//! 64-bit integers (`int64_t`, `uint64_t`) without the SHADER_INT64 device feature (core WGSL
//! has none): a 64-bit scalar is a `vec2<u32>` (low word, high word, two's complement), which
//! also has the 8-byte size and alignment Slang gives it in buffers and structs. Bitwise
//! operators and `==`/`!=` work on the two words directly; the other operators and conversions
//! call helper functions written in WGSL (`wide_int.wgsl`), copied into the module, with the
//! helpers they call, only when used. A vector of them is an array of such pairs, operated on
//! component by component (`wide_aggregate.rs`).

use std::sync::OnceLock;

use super::*;

/// The 64-bit integer helpers, then the emulated-double helpers built on them (`soft_f64.rs`).
const LIBRARY: &str = concat!(include_str!("wide_int.wgsl"), include_str!("soft_f64.wgsl"));

/// The helper library, parsed once.
fn library() -> std::result::Result<&'static naga::Module, String> {
    static LIB: OnceLock<std::result::Result<naga::Module, String>> = OnceLock::new();
    LIB.get_or_init(|| naga::front::wgsl::parse_str(LIBRARY).map_err(|e| e.emit_to_string(LIBRARY)))
        .as_ref()
        .map_err(Clone::clone)
}

/// Function handles called by the statements of `block`.
fn collect_calls(block: &NBlock, out: &mut Vec<Handle<naga::Function>>) {
    for (s, _) in block.span_iter() {
        match s {
            S::Call { function, .. } => out.push(*function),
            S::Block(b) => collect_calls(b, out),
            S::If { accept, reject, .. } => {
                collect_calls(accept, out);
                collect_calls(reject, out);
            }
            S::Loop {
                body, continuing, ..
            } => {
                collect_calls(body, out);
                collect_calls(continuing, out);
            }
            S::Switch { cases, .. } => cases.iter().for_each(|c| collect_calls(&c.body, out)),
            _ => {}
        }
    }
}

fn remap_calls(
    block: &mut NBlock,
    map: &FxHashMap<Handle<naga::Function>, Handle<naga::Function>>,
) {
    for (s, _) in block.span_iter_mut() {
        match s {
            S::Call { function, .. } => {
                if let Some(&h) = map.get(function) {
                    *function = h;
                }
            }
            S::Block(b) => remap_calls(b, map),
            S::If { accept, reject, .. } => {
                remap_calls(accept, map);
                remap_calls(reject, map);
            }
            S::Loop {
                body, continuing, ..
            } => {
                remap_calls(body, map);
                remap_calls(continuing, map);
            }
            S::Switch { cases, .. } => cases.iter_mut().for_each(|c| remap_calls(&mut c.body, map)),
            _ => {}
        }
    }
}

impl Lowerer<'_> {
    /// Whether 64-bit integers are emulated (the device lacks SHADER_INT64).
    pub(super) fn emulates_wide(&self) -> bool {
        !self.opts.shader_int64
    }

    /// Whether `ty` is a 64-bit integer scalar held as two words.
    pub(super) fn is_wide_scalar(&self, ty: TypeId) -> bool {
        self.emulates_wide()
            && matches!(
                self.types().kind(ty),
                TypeKind::Scalar(Scalar::I64 | Scalar::U64)
            )
    }

    pub(super) fn wide_unsupported(&self, what: impl Into<String>) -> CodegenError {
        CodegenError::Unsupported {
            what: format!(
                "{} (without the device feature SHADER_INT64, 64-bit integers are emulated as \
                 pairs of 32-bit words, scalars only)",
                what.into()
            ),
            target: self.opts.target,
        }
    }

    /// The naga type of an emulated 64-bit scalar.
    pub(super) fn wide_type(&mut self) -> Result<Handle<Type>> {
        self.insert_type(
            None,
            Ti::Vector {
                size: naga::VectorSize::Bi,
                scalar: naga::Scalar::U32,
            },
        )
    }

    /// Refuses vectors and matrices of 64-bit integers when they are emulated.
    pub(super) fn check_wide_aggregate(&self, s: Scalar, n: u8) -> Result<()> {
        if self.is_emulated64(s) && n > 1 {
            return Err(self.wide_unsupported(format!("vectors and matrices of `{}`", s.name())));
        }
        Ok(())
    }

    /// The two-word value of a 64-bit literal, as a function expression.
    pub(super) fn wide_literal(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        l: Literal,
    ) -> Result<Option<Handle<E>>> {
        let bits = match l {
            Literal::I64(x) if self.emulates_wide() => x as u64,
            Literal::U64(x) if self.emulates_wide() => x,
            Literal::F64(x) if self.emulates_f64() => x.to_bits(),
            _ => return Ok(None),
        };
        let ty = self.wide_type()?;
        let lo = cx.add(out, E::Literal(naga::Literal::U32(bits as u32)));
        let hi = cx.add(out, E::Literal(naga::Literal::U32((bits >> 32) as u32)));
        Ok(Some(cx.add(
            out,
            E::Compose {
                ty,
                components: vec![lo, hi],
            },
        )))
    }

    /// The two-word value of a 64-bit literal, as a global (constant) expression.
    pub(super) fn wide_const_literal(&mut self, l: Literal) -> Result<Option<Handle<E>>> {
        let bits = match l {
            Literal::I64(x) if self.emulates_wide() => x as u64,
            Literal::U64(x) if self.emulates_wide() => x,
            Literal::F64(x) if self.emulates_f64() => x.to_bits(),
            _ => return Ok(None),
        };
        let ty = self.wide_type()?;
        let g = &mut self.out.global_expressions;
        let lo = g.append(E::Literal(naga::Literal::U32(bits as u32)), Span::UNDEFINED);
        let hi = g.append(
            E::Literal(naga::Literal::U32((bits >> 32) as u32)),
            Span::UNDEFINED,
        );
        Ok(Some(g.append(
            E::Compose {
                ty,
                components: vec![lo, hi],
            },
            Span::UNDEFINED,
        )))
    }

    /// The handle of helper `name` in the module, copied from the library (with its callees)
    /// on first use.
    fn wide_fn(&mut self, name: &str) -> Result<Handle<naga::Function>> {
        if let Some(&h) = self.wide_fns.get(name) {
            return Ok(h);
        }
        let lib = library().map_err(|e| internal(None, format!("64-bit integer library: {e}")))?;
        let src = lib
            .functions
            .iter()
            .find(|(_, f)| f.name.as_deref() == Some(name))
            .map(|(_, f)| f)
            .ok_or_else(|| internal(None, format!("no 64-bit integer helper `{name}`")))?;
        let mut f = src.clone();
        // Callees first: naga wants a function's callees before it.
        let mut calls = Vec::new();
        collect_calls(&f.body, &mut calls);
        let mut fmap = FxHashMap::default();
        for c in calls {
            let cname = lib.functions[c].name.clone().unwrap_or_default();
            let h = self.wide_fn(&cname)?;
            fmap.insert(c, h);
        }
        remap_calls(&mut f.body, &fmap);
        let mut tmap: FxHashMap<Handle<Type>, Handle<Type>> = FxHashMap::default();
        let mut map_ty = |l: &mut Self, t: Handle<Type>| -> Result<Handle<Type>> {
            if let Some(&h) = tmap.get(&t) {
                return Ok(h);
            }
            let inner = lib.types[t].inner.clone();
            if !matches!(inner, Ti::Scalar(_) | Ti::Vector { .. }) {
                return Err(internal(
                    None,
                    "64-bit integer helper with a composite type",
                ));
            }
            let h = l.insert_type(None, inner)?;
            tmap.insert(t, h);
            Ok(h)
        };
        for a in &mut f.arguments {
            a.ty = map_ty(self, a.ty)?;
        }
        if let Some(r) = &mut f.result {
            r.ty = map_ty(self, r.ty)?;
        }
        for (_, lv) in f.local_variables.iter_mut() {
            lv.ty = map_ty(self, lv.ty)?;
        }
        for (_, e) in f.expressions.iter_mut() {
            match e {
                E::Compose { ty, .. } | E::ZeroValue(ty) => *ty = map_ty(self, *ty)?,
                E::CallResult(c) => {
                    *c = *fmap
                        .get(c)
                        .ok_or_else(|| internal(None, "64-bit integer helper call"))?;
                }
                E::Constant(_)
                | E::Override(_)
                | E::GlobalVariable(_)
                | E::AtomicResult { .. }
                | E::WorkGroupUniformLoadResult { .. }
                | E::SubgroupOperationResult { .. } => {
                    return Err(internal(None, "64-bit integer helper uses module items"));
                }
                _ => {}
            }
        }
        f.diagnostic_filter_leaf = None;
        let h = self.out.functions.append(f, Span::UNDEFINED);
        self.wide_fns.insert(name.to_string(), h);
        Ok(h)
    }

    /// Calls helper `name` on `arguments`.
    pub(super) fn wide_call(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        name: &str,
        arguments: Vec<Handle<E>>,
    ) -> Result<Handle<E>> {
        let function = self.wide_fn(name)?;
        let result = cx.add_result(E::CallResult(function));
        push(
            out,
            S::Call {
                function,
                arguments,
                result: Some(result),
            },
        );
        Ok(result)
    }

    pub(super) fn word(
        &self,
        cx: &mut FnCx,
        out: &mut NBlock,
        base: Handle<E>,
        index: u32,
    ) -> Handle<E> {
        cx.add(out, E::AccessIndex { base, index })
    }

    /// A 32-bit integer (held as `held`: `I32`, `U32` or `Bool`) widened to two words.
    fn widen32(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        x: Handle<E>,
        held: Scalar,
    ) -> Result<Handle<E>> {
        let ty = self.wide_type()?;
        let zero = cx.add(out, E::Literal(naga::Literal::U32(0)));
        let lo = match held {
            Scalar::I32 => return self.wide_call(cx, out, "w64_from_i32", vec![x]),
            Scalar::Bool => {
                let one = cx.add(out, E::Literal(naga::Literal::U32(1)));
                cx.add(
                    out,
                    E::Select {
                        condition: x,
                        accept: one,
                        reject: zero,
                    },
                )
            }
            _ => x,
        };
        Ok(cx.add(
            out,
            E::Compose {
                ty,
                components: vec![lo, zero],
            },
        ))
    }

    /// Lowers `inst` when it involves emulated 64-bit integers; `None` when it does not (or
    /// when the ordinary lowering serves, as for `~` and selections).
    pub(super) fn wide_inst(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        inst: &Inst,
        ty: TypeId,
    ) -> Result<Option<Option<Handle<E>>>> {
        if !self.emulates_wide() && !self.emulates_f64() {
            return Ok(None);
        }
        if self.takes_wide_aggregate(cx, inst, ty)? {
            return self.wide_aggregate_inst(cx, out, inst, ty);
        }
        let scalar = |l: &Self, t: TypeId| l.types().scalar_of(t);
        match inst {
            Inst::Unary(UnaryOp::Neg, a) if self.is_wide_scalar(ty) => {
                let a = cx.value(*a)?;
                Ok(Some(Some(self.wide_call(cx, out, "w64_neg", vec![a])?)))
            }
            Inst::Binary(op, a, b) => {
                let (ta, tb) = (cx.vty(*a)?, cx.vty(*b)?);
                let (wa, wb) = (self.is_wide_scalar(ta), self.is_wide_scalar(tb));
                if !wa && !wb {
                    return Ok(None);
                }
                let (l, r) = (cx.value(*a)?, cx.value(*b)?);
                let signed = scalar(self, ta) == Some(Scalar::I64);
                Ok(Some(Some(self.wide_binary(
                    cx,
                    out,
                    *op,
                    (l, wa, ta),
                    (r, wb, tb),
                    signed,
                )?)))
            }
            Inst::Convert(a, s) => {
                let from_ty = cx.vty(*a)?;
                let from = scalar(self, from_ty);
                let (wf, wt) = (self.is_wide_scalar(from_ty), self.is_wide_scalar(ty));
                if !wf && !wt {
                    return Ok(None);
                }
                let x = cx.value(*a)?;
                let from = from.ok_or_else(|| cx.err("conversion of a non-scalar"))?;
                Ok(Some(Some(self.wide_convert(cx, out, x, from, *s, wf, wt)?)))
            }
            Inst::Bitcast(a, s) => {
                let from_ty = cx.vty(*a)?;
                if self.is_wide_scalar(from_ty) && matches!(s, Scalar::I64 | Scalar::U64) {
                    return Ok(Some(Some(cx.value(*a)?)));
                }
                Ok(None)
            }
            Inst::Math(f, args) => {
                let tys = args
                    .iter()
                    .map(|&v| cx.vty(v))
                    .collect::<Result<Vec<_>>>()?;
                if !tys.iter().any(|&t| self.is_wide_scalar(t)) {
                    return Ok(None);
                }
                if f.is_subgroup() {
                    return Ok(Some(Some(self.wide_subgroup(cx, out, *f, args, ty)?)));
                }
                let xs = args
                    .iter()
                    .map(|&v| cx.value(v))
                    .collect::<Result<Vec<_>>>()?;
                let signed = scalar(self, tys[0]) == Some(Scalar::I64);
                Ok(Some(Some(self.wide_math(cx, out, *f, xs, signed)?)))
            }
            Inst::Atomic { value, .. } if self.is_wide_scalar(cx.vty(*value)?) => {
                Err(self.wide_unsupported("atomic operations on 64-bit integers"))
            }
            _ => Ok(None),
        }
    }

    /// A math function of 64-bit scalars.
    pub(super) fn wide_math(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        xs: Vec<Handle<E>>,
        signed: bool,
    ) -> Result<Handle<E>> {
        {
            {
                let sfx = if signed { "s" } else { "u" };
                let r = match f {
                    MathFn::Abs if signed => self.wide_call(cx, out, "w64_abs_s", xs)?,
                    MathFn::Abs => xs[0],
                    MathFn::Min => self.wide_call(cx, out, &format!("w64_min_{sfx}"), xs)?,
                    MathFn::Max => self.wide_call(cx, out, &format!("w64_max_{sfx}"), xs)?,
                    MathFn::Clamp if xs.len() == 3 => {
                        let lo =
                            self.wide_call(cx, out, &format!("w64_max_{sfx}"), vec![xs[0], xs[1]])?;
                        self.wide_call(cx, out, &format!("w64_min_{sfx}"), vec![lo, xs[2]])?
                    }
                    _ => {
                        return Err(
                            self.wide_unsupported(format!("`{}` of a 64-bit integer", f.name()))
                        );
                    }
                };
                Ok(r)
            }
        }
    }

    pub(super) fn wide_binary(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: BinaryOp,
        (l, wl, tl): (Handle<E>, bool, TypeId),
        (r, wr, tr): (Handle<E>, bool, TypeId),
        signed: bool,
    ) -> Result<Handle<E>> {
        let sfx = if signed { "s" } else { "u" };
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            // The count as a u32 (its low word when it is 64-bit).
            let count = if wr {
                self.word(cx, out, r, 0)
            } else if self.types().scalar_of(tr).map(Scalar::held_as) == Some(Scalar::U32) {
                r
            } else {
                cx.add(
                    out,
                    E::As {
                        expr: r,
                        kind: naga::ScalarKind::Uint,
                        convert: Some(4),
                    },
                )
            };
            if !wl {
                // A 32-bit value shifted by a 64-bit count: HLSL masks it to the width.
                let bits = self.types().scalar_of(tl).map_or(32, Scalar::bits);
                let mask = cx.add(out, E::Literal(naga::Literal::U32(bits - 1)));
                let count = self.bin(cx, out, Bo::And, count, mask);
                let o = if op == BinaryOp::Shl {
                    Bo::ShiftLeft
                } else {
                    Bo::ShiftRight
                };
                return Ok(self.bin(cx, out, o, l, count));
            }
            let name = match op {
                BinaryOp::Shl => "w64_shl".to_string(),
                _ => format!("w64_shr_{sfx}"),
            };
            return self.wide_call(cx, out, &name, vec![l, count]);
        }
        if !(wl && wr) {
            return Err(self.wide_unsupported(format!(
                "the operator `{op:?}` between a 64-bit integer and another type"
            )));
        }
        let call = |me: &mut Self, cx: &mut FnCx, out: &mut NBlock, name: &str, a, b| {
            me.wide_call(cx, out, name, vec![a, b])
        };
        let not = |cx: &mut FnCx, out: &mut NBlock, e| {
            cx.add(
                out,
                E::Unary {
                    op: naga::UnaryOperator::LogicalNot,
                    expr: e,
                },
            )
        };
        let lt = format!("w64_lt_{sfx}");
        Ok(match op {
            BinaryOp::Add => call(self, cx, out, "w64_add", l, r)?,
            BinaryOp::Sub => call(self, cx, out, "w64_sub", l, r)?,
            BinaryOp::Mul => call(self, cx, out, "w64_mul", l, r)?,
            BinaryOp::Div => call(self, cx, out, &format!("w64_div_{sfx}"), l, r)?,
            BinaryOp::Rem => call(self, cx, out, &format!("w64_rem_{sfx}"), l, r)?,
            BinaryOp::BitAnd => self.bin(cx, out, Bo::And, l, r),
            BinaryOp::BitOr => self.bin(cx, out, Bo::InclusiveOr, l, r),
            BinaryOp::BitXor => self.bin(cx, out, Bo::ExclusiveOr, l, r),
            BinaryOp::Eq | BinaryOp::Ne => {
                let (o, fun) = if op == BinaryOp::Eq {
                    (Bo::Equal, naga::RelationalFunction::All)
                } else {
                    (Bo::NotEqual, naga::RelationalFunction::Any)
                };
                let each = self.bin(cx, out, o, l, r);
                cx.add(
                    out,
                    E::Relational {
                        fun,
                        argument: each,
                    },
                )
            }
            BinaryOp::Lt => call(self, cx, out, &lt, l, r)?,
            BinaryOp::Gt => call(self, cx, out, &lt, r, l)?,
            BinaryOp::Le => {
                let gt = call(self, cx, out, &lt, r, l)?;
                not(cx, out, gt)
            }
            BinaryOp::Ge => {
                let less = call(self, cx, out, &lt, l, r)?;
                not(cx, out, less)
            }
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::Shl | BinaryOp::Shr => {
                return Err(self.wide_unsupported(format!("`{op:?}` on 64-bit integers")));
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn wide_convert(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        x: Handle<E>,
        from: Scalar,
        to: Scalar,
        wide_from: bool,
        wide_to: bool,
    ) -> Result<Handle<E>> {
        let signed_from = from == Scalar::I64;
        match (wide_from, wide_to) {
            (true, true) => Ok(x),
            (false, true) => {
                let signed = to == Scalar::I64;
                match from.held_as() {
                    s @ (Scalar::Bool | Scalar::I32 | Scalar::U32) => self.widen32(cx, out, x, s),
                    Scalar::F32 | Scalar::F16 => {
                        let f = if from == Scalar::F16 {
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
                        let name = if signed {
                            "w64_from_f32_s"
                        } else {
                            "w64_from_f32_u"
                        };
                        self.wide_call(cx, out, name, vec![f])
                    }
                    _ => Err(self.wide_unsupported(format!(
                        "converting `{}` to `{}`",
                        from.name(),
                        to.name()
                    ))),
                }
            }
            (true, false) => match to.held_as() {
                Scalar::Bool => {
                    let zero = cx.add(out, E::ZeroValue(self.wide_type()?));
                    let each = self.bin(cx, out, Bo::NotEqual, x, zero);
                    Ok(cx.add(
                        out,
                        E::Relational {
                            fun: naga::RelationalFunction::Any,
                            argument: each,
                        },
                    ))
                }
                Scalar::U32 => Ok(self.word(cx, out, x, 0)),
                Scalar::I32 => {
                    let lo = self.word(cx, out, x, 0);
                    Ok(cx.add(
                        out,
                        E::As {
                            expr: lo,
                            kind: naga::ScalarKind::Sint,
                            convert: None,
                        },
                    ))
                }
                Scalar::F32 | Scalar::F16 => {
                    let name = if signed_from {
                        "w64_to_f32_s"
                    } else {
                        "w64_to_f32_u"
                    };
                    let f = self.wide_call(cx, out, name, vec![x])?;
                    if to == Scalar::F16 {
                        self.check_scalar(Scalar::F16)?;
                        Ok(cx.add(
                            out,
                            E::As {
                                expr: f,
                                kind: naga::ScalarKind::Float,
                                convert: Some(2),
                            },
                        ))
                    } else {
                        Ok(f)
                    }
                }
                _ => Err(self.wide_unsupported(format!(
                    "converting `{}` to `{}`",
                    from.name(),
                    to.name()
                ))),
            },
            (false, false) => Ok(x),
        }
    }

    /// The print-buffer words of an emulated 64-bit value (low word first).
    pub(super) fn wide_words(
        &self,
        cx: &mut FnCx,
        out: &mut NBlock,
        x: Handle<E>,
    ) -> [Handle<E>; 2] {
        [self.word(cx, out, x, 0), self.word(cx, out, x, 1)]
    }
}
