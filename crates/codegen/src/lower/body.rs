//! Function bodies: statements, instructions, places, math intrinsics.

use super::*;

fn scalar_lit(s: Scalar, x: f64) -> naga::Literal {
    match s {
        Scalar::Bool => naga::Literal::Bool(x != 0.0),
        Scalar::I32 | Scalar::I8 | Scalar::I16 => naga::Literal::I32(x as i32),
        Scalar::U32 | Scalar::U8 | Scalar::U16 => naga::Literal::U32(x as u32),
        Scalar::I64 => naga::Literal::I64(x as i64),
        Scalar::U64 => naga::Literal::U64(x as u64),
        Scalar::F16 => naga::Literal::F16(half::f16::from_f64(x)),
        Scalar::F32 => naga::Literal::F32(x as f32),
        Scalar::F64 => naga::Literal::F64(x),
    }
}

const XYZW: [naga::SwizzleComponent; 4] = [
    naga::SwizzleComponent::X,
    naga::SwizzleComponent::Y,
    naga::SwizzleComponent::Z,
    naga::SwizzleComponent::W,
];

impl Lowerer<'_> {
    pub(super) fn lower_block(
        &mut self,
        cx: &mut FnCx,
        block: &ir::Block,
        out: &mut NBlock,
    ) -> Result<()> {
        for s in block {
            self.lower_stmt(cx, s, out)?;
        }
        Ok(())
    }

    fn lower_stmt(&mut self, cx: &mut FnCx, s: &Stmt, out: &mut NBlock) -> Result<()> {
        match s {
            Stmt::Let(v) => {
                let h = self.lower_let(cx, *v, out)?;
                if let Some(slot) = cx.values.get_mut(v.0 as usize) {
                    *slot = h;
                }
            }
            Stmt::Store { place, value } => {
                let p = self.place(cx, place, out)?;
                let v = cx.value(*value)?;
                self.store(cx, out, &p, v)?;
                cse::stored(&mut cx.cse, place, Some(v));
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let condition = cx.value(*cond)?;
                let saved = cx.cse.clone();
                let mut accept = NBlock::new();
                self.lower_block(cx, then_block, &mut accept)?;
                cx.cse = saved.clone();
                let mut reject = NBlock::new();
                self.lower_block(cx, else_block, &mut reject)?;
                let written = cse::written_roots(cx.ir_fn, [then_block, else_block]);
                cx.cse = cse::without(saved, &written);
                push(
                    out,
                    S::If {
                        condition,
                        accept,
                        reject,
                    },
                );
            }
            Stmt::Switch { selector, cases } => self.lower_switch(cx, *selector, cases, out)?,
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                // Loads before the loop stay valid inside only for variables it never writes.
                let written = cse::written_roots(cx.ir_fn, [body, continuing]);
                let entry = cse::without(std::mem::take(&mut cx.cse), &written);
                cx.cse = entry.clone();
                let mut b = NBlock::new();
                self.lower_block(cx, body, &mut b)?;
                // `continue` may skip part of the body: the continuing block starts afresh.
                cx.cse = entry.clone();
                let mut c = NBlock::new();
                self.lower_block(cx, continuing, &mut c)?;
                let break_if = break_if.map(|v| cx.value(v)).transpose()?;
                cx.cse = entry;
                push(
                    out,
                    S::Loop {
                        body: b,
                        continuing: c,
                        break_if,
                    },
                );
            }
            Stmt::Break => push(out, S::Break),
            Stmt::Continue => push(out, S::Continue),
            Stmt::Return(v) => {
                let value = v.map(|v| cx.value(v)).transpose()?;
                push(out, S::Return { value });
            }
            Stmt::Barrier(kind) => {
                let (flags, sync) = match kind {
                    BarrierKind::Group => (naga::Barrier::WORK_GROUP, true),
                    BarrierKind::Device => (naga::Barrier::STORAGE, true),
                    BarrierKind::All => (naga::Barrier::STORAGE | naga::Barrier::WORK_GROUP, true),
                    BarrierKind::GroupMemory => (naga::Barrier::WORK_GROUP, false),
                    BarrierKind::DeviceMemory => (naga::Barrier::STORAGE, false),
                    BarrierKind::AllMemory => {
                        (naga::Barrier::STORAGE | naga::Barrier::WORK_GROUP, false)
                    }
                };
                push(
                    out,
                    if sync {
                        S::ControlBarrier(flags)
                    } else {
                        S::MemoryBarrier(flags)
                    },
                );
            }
        }
        Ok(())
    }

    fn lower_switch(
        &mut self,
        cx: &mut FnCx,
        selector: ValueId,
        cases: &[ir::SwitchCase],
        out: &mut NBlock,
    ) -> Result<()> {
        if self.is_wide_scalar(cx.vty(selector)?) {
            return Err(CodegenError::Unsupported {
                what: "a `switch` on a 64-bit integer without the device feature SHADER_INT64"
                    .to_string(),
                target: self.opts.target,
            });
        }
        let sel = cx.value(selector)?;
        let signed = self
            .types()
            .scalar_of(cx.vty(selector)?)
            .map(Scalar::held_as)
            == Some(Scalar::I32);
        // naga's fall-through is only usable with empty bodies in WGSL: a falling case gets a copy
        // of the following bodies instead.
        let mut effective: Vec<ir::Block> = vec![Vec::new(); cases.len()];
        for i in (0..cases.len()).rev() {
            let mut b = cases[i].body.clone();
            if cases[i].fallthrough
                && let Some(next) = effective.get(i + 1)
            {
                b.extend(next.iter().cloned());
            }
            effective[i] = b;
        }
        let saved = cx.cse.clone();
        let mut naga_cases = Vec::new();
        let mut has_default = false;
        for (c, body) in cases.iter().zip(&effective) {
            let mut labels: Vec<naga::SwitchValue> = c
                .values
                .iter()
                .map(|&v| {
                    if signed {
                        naga::SwitchValue::I32(v as i32)
                    } else {
                        naga::SwitchValue::U32(v as u32)
                    }
                })
                .collect();
            if c.is_default {
                labels.push(naga::SwitchValue::Default);
                has_default = true;
            }
            let Some((last, rest)) = labels.split_last() else {
                continue;
            };
            for &value in rest {
                naga_cases.push(naga::SwitchCase {
                    value,
                    body: NBlock::new(),
                    fall_through: true,
                });
            }
            let mut b = NBlock::new();
            cx.cse = saved.clone();
            self.lower_block(cx, body, &mut b)?;
            naga_cases.push(naga::SwitchCase {
                value: *last,
                body: b,
                fall_through: false,
            });
        }
        cx.cse = cse::without(saved, &cse::written_roots(cx.ir_fn, &effective));
        if !has_default {
            naga_cases.push(naga::SwitchCase {
                value: naga::SwitchValue::Default,
                body: NBlock::new(),
                fall_through: false,
            });
        }
        push(
            out,
            S::Switch {
                selector: sel,
                cases: naga_cases,
            },
        );
        Ok(())
    }

    /// A literal of scalar `s`, splatted to `n` components.
    pub(super) fn constant(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        s: Scalar,
        n: u8,
        x: f64,
    ) -> Result<Handle<E>> {
        self.check_scalar(s)?;
        if self.emulates_wide() && matches!(s, Scalar::I64 | Scalar::U64) && n == 1 {
            let l = if s == Scalar::I64 {
                Literal::I64(x as i64)
            } else {
                Literal::U64(x as u64)
            };
            return self.literal(cx, out, l);
        }
        let lit = cx.add(out, E::Literal(scalar_lit(s, x)));
        Ok(match vsize(n) {
            Some(size) => cx.add(out, E::Splat { size, value: lit }),
            None => lit,
        })
    }

    fn shape(&self, cx: &FnCx, ty: TypeId) -> Result<(Scalar, u8)> {
        match *self.types().kind(ty) {
            TypeKind::Scalar(s) => Ok((s, 1)),
            TypeKind::Vector { scalar, size } => Ok((scalar, size)),
            _ => Err(cx.err(format!(
                "expected a scalar or vector, found {}",
                self.types().display(ty)
            ))),
        }
    }

    fn lower_let(
        &mut self,
        cx: &mut FnCx,
        v: ValueId,
        out: &mut NBlock,
    ) -> Result<Option<Handle<E>>> {
        let data = cx
            .ir_fn
            .value(v)
            .ok_or_else(|| cx.err(format!("unknown value %{}", v.0)))?;
        let ty = data.ty;
        let key = cse::key(cx, &data.inst, ty);
        if let Some(&h) = key.as_ref().and_then(|k| cx.cse.get(k)) {
            return Ok(Some(h));
        }
        let wide = match self.dbl_inst(cx, out, &data.inst, ty)? {
            None => self.wide_inst(cx, out, &data.inst, ty)?,
            done => done,
        };
        let h = match &data.inst {
            _ if wide.is_some() => wide.flatten(),
            Inst::Literal(l) => Some(self.literal(cx, out, *l)?),
            Inst::Zero => {
                let t = self.ty(ty, Repr::VALUE)?;
                Some(cx.add(out, E::ZeroValue(t)))
            }
            Inst::Load(place) => {
                let p = self.place(cx, place, out)?;
                Some(self.load(cx, out, &p)?)
            }
            Inst::Unary(op, a) => {
                let a = cx.value(*a)?;
                let unsigned = matches!(
                    self.types().scalar_of(ty).map(Scalar::held_as),
                    Some(Scalar::U32 | Scalar::U64)
                );
                Some(match op {
                    UnaryOp::Neg if unsigned => {
                        // naga has no unsigned negation; HLSL wraps: 0 - x.
                        let t = self.ty(ty, Repr::VALUE)?;
                        let zero = cx.add(out, E::ZeroValue(t));
                        cx.add(
                            out,
                            E::Binary {
                                op: Bo::Subtract,
                                left: zero,
                                right: a,
                            },
                        )
                    }
                    UnaryOp::Neg => {
                        if let TypeKind::Matrix { rows, .. } = *self.types().kind(ty) {
                            // naga negates vectors, not matrices: negate row by row.
                            let mut components = Vec::new();
                            for r in 0..rows as u32 {
                                let row = cx.add(out, E::AccessIndex { base: a, index: r });
                                components.push(cx.add(
                                    out,
                                    E::Unary {
                                        op: naga::UnaryOperator::Negate,
                                        expr: row,
                                    },
                                ));
                            }
                            let t = self.ty(ty, Repr::VALUE)?;
                            cx.add(out, E::Compose { ty: t, components })
                        } else {
                            cx.add(
                                out,
                                E::Unary {
                                    op: naga::UnaryOperator::Negate,
                                    expr: a,
                                },
                            )
                        }
                    }
                    UnaryOp::Not => cx.add(
                        out,
                        E::Unary {
                            op: naga::UnaryOperator::LogicalNot,
                            expr: a,
                        },
                    ),
                    UnaryOp::BitNot => cx.add(
                        out,
                        E::Unary {
                            op: naga::UnaryOperator::BitwiseNot,
                            expr: a,
                        },
                    ),
                })
            }
            Inst::Binary(op, a, b) => Some(self.binary(cx, out, *op, *a, *b, ty)?),
            Inst::Select {
                cond,
                accept,
                reject,
            } => {
                let (c, a, r) = (cx.value(*cond)?, cx.value(*accept)?, cx.value(*reject)?);
                if self.types().vector_size(ty).is_some() {
                    Some(cx.add(
                        out,
                        E::Select {
                            condition: c,
                            accept: a,
                            reject: r,
                        },
                    ))
                } else {
                    // naga selects only scalars and vectors: branch into a temporary.
                    let t = self.ty(ty, Repr::VALUE)?;
                    let tmp = cx.temp("select_tmp", t);
                    let mut yes = NBlock::new();
                    push(
                        &mut yes,
                        S::Store {
                            pointer: tmp,
                            value: a,
                        },
                    );
                    let mut no = NBlock::new();
                    push(
                        &mut no,
                        S::Store {
                            pointer: tmp,
                            value: r,
                        },
                    );
                    push(
                        out,
                        S::If {
                            condition: c,
                            accept: yes,
                            reject: no,
                        },
                    );
                    Some(cx.add(out, E::Load { pointer: tmp }))
                }
            }
            Inst::Convert(a, s) => {
                self.check_scalar(*s)?;
                // WGSL evaluates a conversion of a literal when the shader is created and rejects
                // a 64-bit integer that does not fit in 32 bits; HLSL truncates it: fold it here.
                // An 8/16-bit constant is written wrapped (`narrow.rs`).
                let constant = int64_constant(cx.ir_fn, *a)
                    .or_else(|| narrow::int32_constant(cx.ir_fn, *a).filter(|_| s.is_narrow_int()));
                if let Some(l) = constant
                    && let Some(narrowed) = narrow_int_literal(l, *s)
                {
                    return Ok(Some(self.literal(cx, out, narrowed)?));
                }
                let from = cx.vty(*a)?;
                let a = cx.value(*a)?;
                let row_arrays = int_matrix::row_array_matrix(self.types(), from)
                    .or_else(|| int_matrix::row_array_matrix(self.types(), ty));
                if let Some((_, rows, _)) = row_arrays {
                    return Ok(Some(self.convert_matrix(cx, out, a, rows, *s, ty)?));
                }
                let ns = naga_scalar(*s);
                let from_unsigned =
                    self.types().scalar_of(from).map(Scalar::held_as) == Some(Scalar::U32);
                if from_unsigned && *s == Scalar::I64 {
                    // naga's SPIR-V converts u32 to i64 with a sign extension: widen unsigned,
                    // then reinterpret.
                    let wide = cx.add(
                        out,
                        E::As {
                            expr: a,
                            kind: naga::ScalarKind::Uint,
                            convert: Some(8),
                        },
                    );
                    return Ok(Some(cx.add(
                        out,
                        E::As {
                            expr: wide,
                            kind: naga::ScalarKind::Sint,
                            convert: None,
                        },
                    )));
                }
                Some(cx.add(
                    out,
                    E::As {
                        expr: a,
                        kind: ns.kind,
                        convert: Some(ns.width),
                    },
                ))
            }
            Inst::Bitcast(a, s) => {
                self.check_scalar(*s)?;
                let from = self.types().scalar_of(cx.vty(*a)?);
                if let Some(from) = from
                    && (s.is_narrow_int() || from.is_narrow_int())
                    && from.bits() == s.bits()
                {
                    let a = cx.value(*a)?;
                    return Ok(Some(self.bitcast_narrow(cx, out, a, from, *s, ty)?));
                }
                if s.is_narrow_int() || from.is_some_and(Scalar::is_narrow_int) {
                    return Err(CodegenError::Unsupported {
                        what: format!(
                            "reinterpreting the bits of a value as `{}` or from `{}` (WGSL holds \
                             8- and 16-bit integers in 32 bits)",
                            s.name(),
                            from.map_or("?", Scalar::name)
                        ),
                        target: self.opts.target,
                    });
                }
                let a = cx.value(*a)?;
                Some(cx.add(
                    out,
                    E::As {
                        expr: a,
                        kind: naga_scalar(*s).kind,
                        convert: None,
                    },
                ))
            }
            Inst::Construct(args) => {
                let comps = args
                    .iter()
                    .map(|&a| cx.value(a))
                    .collect::<Result<Vec<_>>>()?;
                let t = self.ty(ty, Repr::VALUE)?;
                let components = match *self.types().kind(ty) {
                    TypeKind::Matrix { scalar, rows, cols }
                        if comps.len() == rows as usize * cols as usize =>
                    {
                        // Scalars in row-major order: group them into rows (naga columns).
                        let row_ty = self.vector_type(scalar, cols)?;
                        comps
                            .chunks(cols as usize)
                            .map(|row| {
                                cx.add(
                                    out,
                                    E::Compose {
                                        ty: row_ty,
                                        components: row.to_vec(),
                                    },
                                )
                            })
                            .collect()
                    }
                    _ => comps,
                };
                Some(cx.add(out, E::Compose { ty: t, components }))
            }
            Inst::Splat(a) => {
                let value = cx.value(*a)?;
                if let TypeKind::Matrix { rows, cols, .. } = *self.types().kind(ty) {
                    // One splatted row, repeated.
                    let size = vsize(cols).ok_or_else(|| cx.err("bad matrix"))?;
                    let row = cx.add(out, E::Splat { size, value });
                    let t = self.ty(ty, Repr::VALUE)?;
                    let components = vec![row; rows as usize];
                    return Ok(Some(cx.add(out, E::Compose { ty: t, components })));
                }
                let n = self.types().vector_size(ty).unwrap_or(1);
                let size = vsize(n).ok_or_else(|| cx.err("splat to a scalar"))?;
                Some(cx.add(out, E::Splat { size, value }))
            }
            Inst::Extract(a, i) => {
                let base = cx.value(*a)?;
                Some(cx.add(out, E::AccessIndex { base, index: *i }))
            }
            Inst::ExtractDyn(a, i) => {
                let base = cx.value(*a)?;
                let index = cx.value(*i)?;
                let aty = cx.vty(*a)?;
                if matches!(self.types().kind(aty), TypeKind::Matrix { .. })
                    || self.is_wide_aggregate(aty)
                {
                    // naga indexes matrices dynamically only through pointers.
                    let t = self.ty(aty, Repr::VALUE)?;
                    let tmp = cx.temp("index_tmp", t);
                    push(
                        out,
                        S::Store {
                            pointer: tmp,
                            value: base,
                        },
                    );
                    let p = cx.add(out, E::Access { base: tmp, index });
                    Some(cx.add(out, E::Load { pointer: p }))
                } else {
                    Some(cx.add(out, E::Access { base, index }))
                }
            }
            Inst::Swizzle(a, comps) => {
                let vector = cx.value(*a)?;
                Some(match vsize(comps.len() as u8) {
                    None => cx.add(
                        out,
                        E::AccessIndex {
                            base: vector,
                            index: comps[0] as u32,
                        },
                    ),
                    Some(size) => {
                        let mut pattern = XYZW;
                        for (k, &c) in comps.iter().enumerate() {
                            pattern[k] = XYZW[c as usize & 3];
                        }
                        cx.add(
                            out,
                            E::Swizzle {
                                size,
                                vector,
                                pattern,
                            },
                        )
                    }
                })
            }
            Inst::Insert { base, index, value } => {
                Some(self.insert(cx, out, ty, *base, InsertAt::Const(*index), *value)?)
            }
            Inst::InsertDyn { base, index, value } => {
                let i = cx.value(*index)?;
                Some(self.insert(cx, out, ty, *base, InsertAt::Dyn(i), *value)?)
            }
            Inst::Math(f, args) => Some(self.math(cx, out, *f, args, ty)?),
            Inst::Call(f, args) => self.call(cx, out, *f, args, ty)?,
            Inst::Atomic {
                op,
                place,
                value,
                compare,
            } => Some(self.atomic(cx, out, *op, place, *value, *compare, ty)?),
            Inst::ArrayLength(g) => {
                let info = self
                    .globals
                    .get(g.0 as usize)
                    .copied()
                    .ok_or_else(|| cx.err("unknown global"))?;
                let ptr = cx.add(out, E::GlobalVariable(info.handle));
                if let Some((_, stride)) = info.words {
                    Some(self.words_array_length(cx, out, ptr, stride))
                } else {
                    Some(cx.add(out, E::ArrayLength(ptr)))
                }
            }
            Inst::Texture { op, texture, args } => {
                self.texture_inst(cx, out, *op, *texture, args)?
            }
            Inst::Print(format, args) => {
                self.print(cx, out, format.0, args)?;
                None
            }
        };
        // An 8- or 16-bit integer result is wrapped back into its range (`narrow.rs`).
        let h = match h {
            Some(x) if narrow::may_leave_range(&data.inst) => {
                Some(self.wrap_narrow(cx, out, x, ty)?)
            }
            h => h,
        };
        // Calls write their `out` arguments, atomics their place.
        match &data.inst {
            Inst::Call(_, args) => {
                for a in args {
                    if let Arg::Place(p) = a {
                        cse::forget_root(&mut cx.cse, &p.root);
                    }
                }
            }
            Inst::Atomic { place, .. } => cse::forget_root(&mut cx.cse, &place.root),
            _ => {}
        }
        if let (Some(k), Some(h)) = (key, h) {
            cx.cse.insert(k, h);
        }
        Ok(h)
    }

    fn literal(&mut self, cx: &mut FnCx, out: &mut NBlock, l: Literal) -> Result<Handle<E>> {
        if let Some(h) = self.wide_literal(cx, out, l)? {
            return Ok(h);
        }
        // Targets cannot spell inf/NaN literals: build them from their bits.
        let bits = match l {
            Literal::F32(x) | Literal::F16(x) if !x.is_finite() => {
                Some(naga::Literal::U32(x.to_bits()))
            }
            Literal::F64(x) if !x.is_finite() => Some(naga::Literal::U64(x.to_bits())),
            _ => None,
        };
        if let Some(bits) = bits {
            self.check_scalar(l.scalar())?;
            let raw = cx.add(out, E::Literal(bits));
            let float = match bits {
                naga::Literal::U64(_) => cx.add(
                    out,
                    E::As {
                        expr: raw,
                        kind: naga::ScalarKind::Float,
                        convert: None,
                    },
                ),
                _ => cx.add(
                    out,
                    E::As {
                        expr: raw,
                        kind: naga::ScalarKind::Float,
                        convert: None,
                    },
                ),
            };
            if let Literal::F16(_) = l {
                return Ok(cx.add(
                    out,
                    E::As {
                        expr: float,
                        kind: naga::ScalarKind::Float,
                        convert: Some(2),
                    },
                ));
            }
            return Ok(float);
        }
        let e = self.literal_expr(l)?;
        Ok(cx.add(out, e))
    }

    /// Lowers a place to a pointer (or a value for read-only parameters).
    fn place(&mut self, cx: &mut FnCx, place: &Place, out: &mut NBlock) -> Result<PlaceExpr> {
        let (mut expr, is_pointer, mut repr, mut ty) = match place.root {
            PlaceRoot::Local(l) => {
                let e = *cx
                    .locals
                    .get(l.0 as usize)
                    .ok_or_else(|| cx.err("unknown local"))?;
                (e, true, Repr::VALUE, cx.ir_fn.locals[l.0 as usize].ty)
            }
            PlaceRoot::Param(i) => {
                let slot = *cx
                    .params
                    .get(i as usize)
                    .ok_or_else(|| cx.err("unknown parameter"))?;
                let ty = cx.ir_fn.params[i as usize].ty;
                match slot {
                    ParamSlot::Direct(e) => (e, false, Repr::VALUE, ty),
                    ParamSlot::Local(e) | ParamSlot::Pointer(e) => (e, true, Repr::VALUE, ty),
                }
            }
            PlaceRoot::Global(g) => {
                let info = self
                    .globals
                    .get(g.0 as usize)
                    .copied()
                    .ok_or_else(|| cx.err("unknown global"))?;
                let global = &self.ir.globals[g.0 as usize];
                let ty = match global.kind {
                    GlobalKind::StorageBuffer { .. } => cx.types.runtime_array(global.ty),
                    _ => global.ty,
                };
                if let Some((words, _)) = info.words {
                    let base = cx.add(out, E::GlobalVariable(info.handle));
                    return self.words_place(cx, out, place, base, words, ty);
                }
                (
                    cx.add(out, E::GlobalVariable(info.handle)),
                    true,
                    info.repr,
                    ty,
                )
            }
        };
        let mut row: Option<Handle<E>> = None;
        let mut padded = false;
        for access in &place.path {
            let index = match *access {
                Access::Field(i) | Access::Index(i) => Index::Const(i),
                Access::Dynamic(v) => Index::Dyn(cx.value(v)?),
            };
            let pad = match *cx.types.kind(ty) {
                TypeKind::Array { elem, .. } => padded_len(&cx.types, elem, repr),
                // A row-major matrix of 2-vector rows in a uniform: each row in a `vec4` slot.
                TypeKind::Matrix { scalar, cols, .. }
                    if scalar.is_float() && repr.row_major && repr.uniform && cols < 3 =>
                {
                    Some(cols)
                }
                _ => None,
            };
            padded = false;
            let host_matrix = repr.host
                && !repr.row_major
                && matches!(cx.types.kind(ty), TypeKind::Matrix { scalar, .. } if scalar.is_float());
            if host_matrix {
                // Select a row lazily: memory holds columns, so the row has no pointer.
                row = Some(match index {
                    Index::Const(i) => cx.add(out, E::Literal(naga::Literal::U32(i))),
                    Index::Dyn(h) => h,
                });
                ty = cx
                    .types
                    .element(ty, None)
                    .ok_or_else(|| cx.err("bad access path"))?;
                continue;
            }
            let next_ty = match index {
                Index::Const(i) => cx.types.element(ty, Some(i)),
                Index::Dyn(_) => cx.types.element(ty, None),
            }
            .ok_or_else(|| cx.err("bad access path"))?;
            let next_repr = match index {
                Index::Const(i) => member_repr(&cx.types, ty, repr, i),
                Index::Dyn(_) => repr,
            };
            expr = match index {
                Index::Const(i) => {
                    let index = match (access, is_pointer) {
                        (Access::Field(_), true) => self.member_index(ty, repr, i)?,
                        _ => i,
                    };
                    cx.add(out, E::AccessIndex { base: expr, index })
                }
                Index::Dyn(h) => cx.add(
                    out,
                    E::Access {
                        base: expr,
                        index: h,
                    },
                ),
            };
            if let Some(r) = row.take() {
                // Element (r, c) of a column-major matrix is column c, component r.
                expr = cx.add(
                    out,
                    E::Access {
                        base: expr,
                        index: r,
                    },
                );
            }
            match pad {
                // A scalar in a vec4 slot: point at its first component.
                Some(1) => {
                    expr = cx.add(
                        out,
                        E::AccessIndex {
                            base: expr,
                            index: 0,
                        },
                    )
                }
                Some(_) => padded = true,
                None => {}
            }
            ty = next_ty;
            repr = next_repr;
        }
        Ok(PlaceExpr {
            expr,
            is_pointer,
            repr,
            ty,
            row,
            padded,
            words: None,
        })
    }

    fn load(&mut self, cx: &mut FnCx, out: &mut NBlock, p: &PlaceExpr) -> Result<Handle<E>> {
        if !p.is_pointer {
            return Ok(p.expr);
        }
        if let Some((words, off)) = p.words {
            return self.words_load(cx, out, p.expr, words, off, p.ty);
        }
        if p.row.is_none() && !p.padded && !repr_differs(&cx.types, p.ty, p.repr) {
            return Ok(cx.add(out, E::Load { pointer: p.expr }));
        }
        if p.padded {
            // A 2-vector in a vec4 slot.
            let slot = cx.add(out, E::Load { pointer: p.expr });
            let v = cx.add(
                out,
                E::Swizzle {
                    size: naga::VectorSize::Bi,
                    vector: slot,
                    pattern: XYZW,
                },
            );
            if cx.types.scalar_of(p.ty) == Some(Scalar::Bool) {
                let host_ty = self.ty(p.ty, p.repr)?;
                let zero = cx.add(out, E::ZeroValue(host_ty));
                return Ok(cx.add(
                    out,
                    E::Binary {
                        op: Bo::NotEqual,
                        left: v,
                        right: zero,
                    },
                ));
            }
            return Ok(v);
        }
        if let Some(row) = p.row {
            // A row of a column-major matrix: one element from each column.
            let n = cx.types.vector_size(p.ty).unwrap_or(1);
            let mut components = Vec::new();
            for c in 0..n as u32 {
                let column = cx.add(
                    out,
                    E::AccessIndex {
                        base: p.expr,
                        index: c,
                    },
                );
                let elem = cx.add(
                    out,
                    E::Access {
                        base: column,
                        index: row,
                    },
                );
                components.push(cx.add(out, E::Load { pointer: elem }));
            }
            let t = self.ty(p.ty, Repr::VALUE)?;
            return Ok(cx.add(out, E::Compose { ty: t, components }));
        }
        match cx.types.kind(p.ty).clone() {
            TypeKind::Matrix { scalar, rows, cols }
                if p.repr.row_major && scalar != Scalar::Bool =>
            {
                // Row-major in a uniform: row r is the first `cols` components of slot r.
                let size = vsize(cols).ok_or_else(|| cx.err("bad matrix row"))?;
                let row_values = (0..rows as u32)
                    .map(|r| {
                        let ptr = cx.add(
                            out,
                            E::AccessIndex {
                                base: p.expr,
                                index: r,
                            },
                        );
                        let slot = cx.add(out, E::Load { pointer: ptr });
                        cx.add(
                            out,
                            E::Swizzle {
                                size,
                                vector: slot,
                                pattern: XYZW,
                            },
                        )
                    })
                    .collect::<Vec<_>>();
                let t = self.ty(p.ty, Repr::VALUE)?;
                Ok(cx.add(
                    out,
                    E::Compose {
                        ty: t,
                        components: row_values,
                    },
                ))
            }
            TypeKind::Matrix { scalar, rows, cols } if scalar != Scalar::Bool => {
                let columns = (0..cols as u32)
                    .map(|c| {
                        let ptr = cx.add(
                            out,
                            E::AccessIndex {
                                base: p.expr,
                                index: c,
                            },
                        );
                        cx.add(out, E::Load { pointer: ptr })
                    })
                    .collect::<Vec<_>>();
                let row_ty = self.vector_type(scalar, cols)?;
                let mut row_values = Vec::new();
                for r in 0..rows as u32 {
                    let components = columns
                        .iter()
                        .map(|&col| {
                            cx.add(
                                out,
                                E::AccessIndex {
                                    base: col,
                                    index: r,
                                },
                            )
                        })
                        .collect();
                    row_values.push(cx.add(
                        out,
                        E::Compose {
                            ty: row_ty,
                            components,
                        },
                    ));
                }
                let t = self.ty(p.ty, Repr::VALUE)?;
                Ok(cx.add(
                    out,
                    E::Compose {
                        ty: t,
                        components: row_values,
                    },
                ))
            }
            TypeKind::Scalar(Scalar::Bool)
            | TypeKind::Vector {
                scalar: Scalar::Bool,
                ..
            } => {
                let raw = cx.add(out, E::Load { pointer: p.expr });
                let host_ty = self.ty(p.ty, p.repr)?;
                let zero = cx.add(out, E::ZeroValue(host_ty));
                Ok(cx.add(
                    out,
                    E::Binary {
                        op: Bo::NotEqual,
                        left: raw,
                        right: zero,
                    },
                ))
            }
            // An atomic scalar: naga's `Load` of an atomic pointer is `atomicLoad`.
            TypeKind::Scalar(_) => Ok(cx.add(out, E::Load { pointer: p.expr })),
            // A bool matrix in host memory is an array of `u32` rows, converted row by row.
            TypeKind::Struct(_) | TypeKind::Array { .. } | TypeKind::Matrix { .. } => {
                let count = self.memory_parts(&cx.types, p.ty);
                let mut components = Vec::new();
                for i in 0..count {
                    let sub_ty = cx
                        .types
                        .element(p.ty, Some(i))
                        .ok_or_else(|| cx.err("bad composite"))?;
                    let member = match cx.types.kind(p.ty) {
                        TypeKind::Struct(_) => self.member_index(p.ty, p.repr, i)?,
                        _ => i,
                    };
                    let sub = cx.add(
                        out,
                        E::AccessIndex {
                            base: p.expr,
                            index: member,
                        },
                    );
                    let pad = match *cx.types.kind(p.ty) {
                        TypeKind::Array { elem, .. } => padded_len(&cx.types, elem, p.repr),
                        _ => None,
                    };
                    let sub = match pad {
                        Some(1) => cx.add(
                            out,
                            E::AccessIndex {
                                base: sub,
                                index: 0,
                            },
                        ),
                        _ => sub,
                    };
                    let sub = PlaceExpr {
                        expr: sub,
                        is_pointer: true,
                        repr: member_repr(&cx.types, p.ty, p.repr, i),
                        ty: sub_ty,
                        row: None,
                        padded: pad == Some(2),
                        words: None,
                    };
                    components.push(self.load(cx, out, &sub)?);
                }
                let t = self.ty(p.ty, Repr::VALUE)?;
                Ok(cx.add(out, E::Compose { ty: t, components }))
            }
            _ => Err(cx.err(format!("cannot load {}", cx.types.display(p.ty)))),
        }
    }

    fn store(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        p: &PlaceExpr,
        value: Handle<E>,
    ) -> Result<()> {
        if !p.is_pointer {
            return Err(cx.err("store to a read-only parameter"));
        }
        if let Some((words, off)) = p.words {
            return self.words_store(cx, out, p.expr, words, off, p.ty, value);
        }
        if p.padded {
            return Err(cx.err("store into a uniform buffer"));
        }
        if p.row.is_none() && !repr_differs(&cx.types, p.ty, p.repr) {
            push(
                out,
                S::Store {
                    pointer: p.expr,
                    value,
                },
            );
            return Ok(());
        }
        if let Some(row) = p.row {
            let n = cx.types.vector_size(p.ty).unwrap_or(1);
            for c in 0..n as u32 {
                let column = cx.add(
                    out,
                    E::AccessIndex {
                        base: p.expr,
                        index: c,
                    },
                );
                let elem = cx.add(
                    out,
                    E::Access {
                        base: column,
                        index: row,
                    },
                );
                let part = cx.add(
                    out,
                    E::AccessIndex {
                        base: value,
                        index: c,
                    },
                );
                push(
                    out,
                    S::Store {
                        pointer: elem,
                        value: part,
                    },
                );
            }
            return Ok(());
        }
        match cx.types.kind(p.ty).clone() {
            TypeKind::Matrix { scalar, rows, cols } if scalar != Scalar::Bool => {
                // Column c of the host matrix gathers element c of every row.
                let rows_v: Vec<Handle<E>> = (0..rows as u32)
                    .map(|r| {
                        cx.add(
                            out,
                            E::AccessIndex {
                                base: value,
                                index: r,
                            },
                        )
                    })
                    .collect();
                let column_ty = self.vector_type(scalar, rows)?;
                for c in 0..cols as u32 {
                    let components = rows_v
                        .iter()
                        .map(|&row| {
                            cx.add(
                                out,
                                E::AccessIndex {
                                    base: row,
                                    index: c,
                                },
                            )
                        })
                        .collect();
                    let column = cx.add(
                        out,
                        E::Compose {
                            ty: column_ty,
                            components,
                        },
                    );
                    let ptr = cx.add(
                        out,
                        E::AccessIndex {
                            base: p.expr,
                            index: c,
                        },
                    );
                    push(
                        out,
                        S::Store {
                            pointer: ptr,
                            value: column,
                        },
                    );
                }
            }
            TypeKind::Scalar(Scalar::Bool)
            | TypeKind::Vector {
                scalar: Scalar::Bool,
                ..
            } => {
                let n = cx.types.vector_size(p.ty).unwrap_or(1);
                let one = self.constant(cx, out, Scalar::U32, n, 1.0)?;
                let host_ty = self.ty(p.ty, p.repr)?;
                let zero = cx.add(out, E::ZeroValue(host_ty));
                let word = cx.add(
                    out,
                    E::Select {
                        condition: value,
                        accept: one,
                        reject: zero,
                    },
                );
                push(
                    out,
                    S::Store {
                        pointer: p.expr,
                        value: word,
                    },
                );
            }
            // An atomic scalar: naga's `Store` to an atomic pointer is `atomicStore`.
            TypeKind::Scalar(_) => push(
                out,
                S::Store {
                    pointer: p.expr,
                    value,
                },
            ),
            // A bool matrix in host memory is an array of `u32` rows, converted row by row.
            TypeKind::Struct(_) | TypeKind::Array { .. } | TypeKind::Matrix { .. } => {
                let count = self.memory_parts(&cx.types, p.ty);
                for i in 0..count {
                    let sub_ty = cx
                        .types
                        .element(p.ty, Some(i))
                        .ok_or_else(|| cx.err("bad composite"))?;
                    let member = match cx.types.kind(p.ty) {
                        TypeKind::Struct(_) => self.member_index(p.ty, p.repr, i)?,
                        _ => i,
                    };
                    let sub = cx.add(
                        out,
                        E::AccessIndex {
                            base: p.expr,
                            index: member,
                        },
                    );
                    let part = cx.add(
                        out,
                        E::AccessIndex {
                            base: value,
                            index: i,
                        },
                    );
                    let sub = PlaceExpr {
                        expr: sub,
                        is_pointer: true,
                        repr: member_repr(&cx.types, p.ty, p.repr, i),
                        ty: sub_ty,
                        row: None,
                        padded: false,
                        words: None,
                    };
                    self.store(cx, out, &sub, part)?;
                }
            }
            _ => return Err(cx.err(format!("cannot store {}", cx.types.display(p.ty)))),
        }
        Ok(())
    }

    /// The parts a load or store of a composite in memory goes through one by one: fields,
    /// elements, or the rows of a bool matrix.
    fn memory_parts(&self, types: &ir::Types, ty: TypeId) -> u32 {
        match types.kind(ty) {
            TypeKind::Matrix { rows, .. } => u32::from(*rows),
            _ => self.composite_len(types, ty),
        }
    }

    pub(super) fn composite_len(&self, types: &ir::Types, ty: TypeId) -> u32 {
        match types.kind(ty) {
            TypeKind::Struct(id) => types.struct_def(*id).map_or(0, |s| s.fields.len() as u32),
            TypeKind::Array { len, .. } => *len,
            _ => 0,
        }
    }

    fn insert(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        ty: TypeId,
        base: ValueId,
        at: InsertAt,
        value: ValueId,
    ) -> Result<Handle<E>> {
        // naga has no insert: write the element through a temporary.
        let t = self.ty(ty, Repr::VALUE)?;
        let tmp = cx.temp("insert_tmp", t);
        let b = cx.value(base)?;
        push(
            out,
            S::Store {
                pointer: tmp,
                value: b,
            },
        );
        let ptr = match at {
            InsertAt::Const(i) => cx.add(
                out,
                E::AccessIndex {
                    base: tmp,
                    index: i,
                },
            ),
            InsertAt::Dyn(i) => cx.add(
                out,
                E::Access {
                    base: tmp,
                    index: i,
                },
            ),
        };
        let v = cx.value(value)?;
        push(
            out,
            S::Store {
                pointer: ptr,
                value: v,
            },
        );
        Ok(cx.add(out, E::Load { pointer: tmp }))
    }

    fn binary(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: BinaryOp,
        a: ValueId,
        b: ValueId,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let ta = cx.vty(a)?;
        let tb = cx.vty(b)?;
        let (left, right) = (cx.value(a)?, cx.value(b)?);
        // WGSL evaluates arithmetic on two literals as a constant expression, which must not be
        // infinite or NaN (`0.0 / 0.0`, `1.0h / 0.0h`, a `half` product over 65504): such a
        // result is written from its bits instead.
        if let (Some((x, half_x)), Some((y, half_y))) = (
            literal_float(&cx.f.expressions, left),
            literal_float(&cx.f.expressions, right),
        ) && half_x == half_y
        {
            let folded = match op {
                BinaryOp::Add => Some(x + y),
                BinaryOp::Sub => Some(x - y),
                BinaryOp::Mul => Some(x * y),
                BinaryOp::Div => Some(x / y),
                _ => None,
            };
            if half_x {
                // The value `half` arithmetic gives: rounded to 16 bits, overflowing to infinity.
                let rounded = folded.map(|r| half::f16::from_f32(r).to_f32());
                if let Some(r) = rounded.filter(|r| !r.is_finite()) {
                    return self.literal(cx, out, Literal::F16(r));
                }
            } else if let Some(r) = folded.filter(|r| !r.is_finite()) {
                return self.literal(cx, out, Literal::F32(r));
            }
        }
        let bin = |cx: &mut FnCx, out: &mut NBlock, op, l, r| {
            cx.add(
                out,
                E::Binary {
                    op,
                    left: l,
                    right: r,
                },
            )
        };
        let naga_op = match op {
            BinaryOp::Add => Bo::Add,
            BinaryOp::Sub => Bo::Subtract,
            BinaryOp::Mul => Bo::Multiply,
            BinaryOp::Div => Bo::Divide,
            BinaryOp::Rem => Bo::Modulo,
            BinaryOp::BitAnd => Bo::And,
            BinaryOp::BitOr => Bo::InclusiveOr,
            // WGSL's `^` takes integers only; on bools it is `!=`.
            BinaryOp::BitXor if self.types().scalar_of(ta) == Some(ir::Scalar::Bool) => {
                Bo::NotEqual
            }
            BinaryOp::BitXor => Bo::ExclusiveOr,
            BinaryOp::Shl => Bo::ShiftLeft,
            BinaryOp::Shr => Bo::ShiftRight,
            BinaryOp::Eq => Bo::Equal,
            BinaryOp::Ne => Bo::NotEqual,
            BinaryOp::Lt => Bo::Less,
            BinaryOp::Le => Bo::LessEqual,
            BinaryOp::Gt => Bo::Greater,
            BinaryOp::Ge => Bo::GreaterEqual,
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => {
                let vector = self.types().vector_size(ta).unwrap_or(1) > 1;
                // WGSL's `&&`/`||` are scalar-only; `&`/`|` work component-wise on bool vectors.
                let o = match (op, vector) {
                    (BinaryOp::LogicalAnd, false) => Bo::LogicalAnd,
                    (BinaryOp::LogicalAnd, true) => Bo::And,
                    (_, false) => Bo::LogicalOr,
                    (_, true) => Bo::InclusiveOr,
                };
                return Ok(bin(cx, out, o, left, right));
            }
        };
        let row_arrays = int_matrix::row_array_matrix(self.types(), ta)
            .or_else(|| int_matrix::row_array_matrix(self.types(), tb));
        if let Some((_, rows, _)) = row_arrays {
            // Integer matrices are arrays of rows: every operator works row by row.
            return self.rowwise_binary(cx, out, naga_op, (left, ta), (right, tb), rows, ty);
        }
        if let TypeKind::Matrix { rows, cols, scalar } = *self.types().kind(ta)
            && matches!(op, BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem)
        {
            // HLSL `*`, `/`, `%` on matrices are component-wise; naga's `*` is the product.
            let mut components = Vec::new();
            for r in 0..rows as u32 {
                let ar = cx.add(
                    out,
                    E::AccessIndex {
                        base: left,
                        index: r,
                    },
                );
                let br = cx.add(
                    out,
                    E::AccessIndex {
                        base: right,
                        index: r,
                    },
                );
                components.push(if op == BinaryOp::Rem {
                    self.exact_fmod(cx, out, (ar, cols), (br, cols), scalar)?
                } else {
                    bin(cx, out, naga_op, ar, br)
                });
            }
            let t = self.ty(ty, Repr::VALUE)?;
            return Ok(cx.add(out, E::Compose { ty: t, components }));
        }
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            // naga wants a u32 amount; HLSL masks it to the operand width.
            let (sa, n) = self.shape(cx, ta)?;
            let (sb, _) = self.shape(cx, tb)?;
            let mut amount = right;
            if sb != Scalar::U32 {
                amount = cx.add(
                    out,
                    E::As {
                        expr: amount,
                        kind: naga::ScalarKind::Uint,
                        convert: Some(4),
                    },
                );
            }
            let amount = if sa.is_narrow_int() {
                // 8/16-bit operands are held in 32 bits and wrapped after a left shift: a shift
                // by their width or more clears them (`uint8_t(7) << 8` is 0), as Slang's
                // targets compute it. The amount is clamped to the width, so that the 32-bit
                // shift never overflows (an error where WGSL folds it as a constant).
                let width = self.constant(cx, out, Scalar::U32, n, sa.bits() as f64)?;
                self.m(cx, out, Mf::Min, &[amount, width])
            } else {
                let mask = self.constant(cx, out, Scalar::U32, n, (sa.bits() - 1) as f64)?;
                bin(cx, out, Bo::And, amount, mask)
            };
            return Ok(bin(cx, out, naga_op, left, amount));
        }
        if op == BinaryOp::Ne && self.types().scalar_of(ta).is_some_and(Scalar::is_float) {
            // IEEE `!=` is true when either side is NaN; naga's SPIR-V compares ordered (false
            // then), so it is written `!(a == b)`, as slangc's WGSL does.
            let equal = bin(cx, out, Bo::Equal, left, right);
            return Ok(cx.add(
                out,
                E::Unary {
                    op: naga::UnaryOperator::LogicalNot,
                    expr: equal,
                },
            ));
        }
        if op == BinaryOp::Rem
            && let (Ok((sa, na)), Ok((_, nb))) = (self.shape(cx, ta), self.shape(cx, tb))
            && sa.is_float()
        {
            return self.exact_fmod(cx, out, (left, na), (right, nb), sa);
        }
        Ok(bin(cx, out, naga_op, left, right))
    }

    fn call(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: FuncId,
        args: &[Arg],
        ty: TypeId,
    ) -> Result<Option<Handle<E>>> {
        let callee = self
            .ir
            .function(f)
            .ok_or_else(|| cx.err("call to an unknown function"))?;
        let function = self
            .functions
            .get(f.0 as usize)
            .copied()
            .flatten()
            .ok_or_else(|| {
                cx.err(format!(
                    "`{}` is not lowered before its caller",
                    callee.name
                ))
            })?;
        let mut arguments = Vec::new();
        let mut copy_back = Vec::new();
        for (p, a) in callee.params.iter().zip(args) {
            match a {
                Arg::Value(v) => arguments.push(cx.value(*v)?),
                Arg::Place(place) => {
                    // Copy-in copy-out through a function-space temporary, as HLSL specifies.
                    let pe = self.place(cx, place, out)?;
                    let t = self.ty(p.ty, Repr::VALUE)?;
                    let tmp = cx.temp(&format!("{}_arg", p.name), t);
                    if p.dir == ParamDir::InOut {
                        let v = self.load(cx, out, &pe)?;
                        push(
                            out,
                            S::Store {
                                pointer: tmp,
                                value: v,
                            },
                        );
                    }
                    arguments.push(tmp);
                    copy_back.push((tmp, pe));
                }
            }
        }
        let result = (!self.types().is_void(ty)).then(|| cx.add_result(E::CallResult(function)));
        push(
            out,
            S::Call {
                function,
                arguments,
                result,
            },
        );
        for (tmp, pe) in copy_back {
            let v = cx.add(out, E::Load { pointer: tmp });
            self.store(cx, out, &pe, v)?;
        }
        Ok(result)
    }

    #[allow(clippy::too_many_arguments)]
    fn atomic(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: AtomicOp,
        place: &Place,
        value: ValueId,
        compare: Option<ValueId>,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let pe = self.place(cx, place, out)?;
        if let Some((words, off)) = pe.words {
            // A buffer or `groupshared` variable held in `atomic<u32>` words (`float_atomics.rs`).
            let value = cx.value(value)?;
            let compare = compare.map(|c| cx.value(c)).transpose()?;
            return self.words_atomic(cx, out, op, (pe.expr, words, off), value, compare, ty);
        }
        if self.types().scalar_of(ty) == Some(Scalar::F32) && !self.opts.float32_atomics {
            return Err(CodegenError::MissingFeature {
                what: "an atomic operation on `float`".into(),
                feature: "SHADER_FLOAT32_ATOMIC",
                target: self.opts.target,
            });
        }
        let value = cx.value(value)?;
        let fun = match op {
            AtomicOp::Add => naga::AtomicFunction::Add,
            AtomicOp::Sub => naga::AtomicFunction::Subtract,
            AtomicOp::And => naga::AtomicFunction::And,
            AtomicOp::Or => naga::AtomicFunction::InclusiveOr,
            AtomicOp::Xor => naga::AtomicFunction::ExclusiveOr,
            AtomicOp::Min => naga::AtomicFunction::Min,
            AtomicOp::Max => naga::AtomicFunction::Max,
            AtomicOp::Exchange => naga::AtomicFunction::Exchange { compare: None },
            AtomicOp::CompareExchange => {
                let c = compare.ok_or_else(|| cx.err("compare_exchange without compare"))?;
                naga::AtomicFunction::Exchange {
                    compare: Some(cx.value(c)?),
                }
            }
        };
        if op == AtomicOp::CompareExchange {
            // HLSL's compare-exchange is strong; WGSL only has the weak form, which may fail
            // spuriously: retry until it swapped or saw a different value.
            let naga::AtomicFunction::Exchange { compare: Some(cmp) } = fun else {
                return Err(cx.err("compare_exchange without compare"));
            };
            let scalar = naga_scalar(self.types().scalar_of(ty).unwrap_or(Scalar::U32));
            let result_ty = self.out.generate_predeclared_type(
                naga::PredeclaredType::AtomicCompareExchangeWeakResult(scalar),
            );
            self.layouter
                .update(self.out.to_ctx())
                .map_err(|e| cx.err(format!("layout: {e}")))?;
            let t = self.ty(ty, Repr::VALUE)?;
            let old = cx.temp("cas_old", t);
            let mut body = NBlock::new();
            let r = cx.add_result(E::AtomicResult {
                ty: result_ty,
                comparison: true,
            });
            push(
                &mut body,
                S::Atomic {
                    pointer: pe.expr,
                    fun,
                    value,
                    result: Some(r),
                },
            );
            let seen = cx.add(&mut body, E::AccessIndex { base: r, index: 0 });
            let swapped = cx.add(&mut body, E::AccessIndex { base: r, index: 1 });
            let differs = self.bin(cx, &mut body, Bo::NotEqual, seen, cmp);
            let done = self.bin(cx, &mut body, Bo::LogicalOr, swapped, differs);
            let mut exit = NBlock::new();
            push(
                &mut exit,
                S::Store {
                    pointer: old,
                    value: seen,
                },
            );
            push(&mut exit, S::Break);
            push(
                &mut body,
                S::If {
                    condition: done,
                    accept: exit,
                    reject: NBlock::new(),
                },
            );
            push(
                out,
                S::Loop {
                    body,
                    continuing: NBlock::new(),
                    break_if: None,
                },
            );
            return Ok(cx.add(out, E::Load { pointer: old }));
        }
        let t = self.ty(ty, Repr::VALUE)?;
        let r = cx.add_result(E::AtomicResult {
            ty: t,
            comparison: false,
        });
        push(
            out,
            S::Atomic {
                pointer: pe.expr,
                fun,
                value,
                result: Some(r),
            },
        );
        Ok(r)
    }

    fn print(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        format: u32,
        args: &[ValueId],
    ) -> Result<()> {
        let buffer = self
            .print_buffer
            .ok_or_else(|| cx.err("print without a print buffer"))?;
        let mut words = Vec::new();
        for &a in args {
            let (s, n) = self.shape(cx, cx.vty(a)?)?;
            let s = s.held_as();
            let v = cx.value(a)?;
            for k in 0..n {
                let comp = if n > 1 {
                    cx.add(
                        out,
                        E::AccessIndex {
                            base: v,
                            index: k as u32,
                        },
                    )
                } else {
                    v
                };
                match s {
                    Scalar::U32 => words.push(comp),
                    Scalar::Bool => {
                        let one = self.constant(cx, out, Scalar::U32, 1, 1.0)?;
                        let zero = self.constant(cx, out, Scalar::U32, 1, 0.0)?;
                        words.push(cx.add(
                            out,
                            E::Select {
                                condition: comp,
                                accept: one,
                                reject: zero,
                            },
                        ));
                    }
                    Scalar::I64 | Scalar::U64 if self.emulates_wide() => {
                        words.extend(self.wide_words(cx, out, comp));
                    }
                    Scalar::I64 | Scalar::U64 | Scalar::F64 => {
                        // Two words, low first.
                        let bits = cx.add(
                            out,
                            E::As {
                                expr: comp,
                                kind: naga::ScalarKind::Uint,
                                convert: None,
                            },
                        );
                        let low = cx.add(
                            out,
                            E::As {
                                expr: bits,
                                kind: naga::ScalarKind::Uint,
                                convert: Some(4),
                            },
                        );
                        let shift = self.constant(cx, out, Scalar::U32, 1, 32.0)?;
                        let high64 = self.bin(cx, out, Bo::ShiftRight, bits, shift);
                        let high = cx.add(
                            out,
                            E::As {
                                expr: high64,
                                kind: naga::ScalarKind::Uint,
                                convert: Some(4),
                            },
                        );
                        words.push(low);
                        words.push(high);
                    }
                    Scalar::F16 => {
                        let wide = cx.add(
                            out,
                            E::As {
                                expr: comp,
                                kind: naga::ScalarKind::Float,
                                convert: Some(4),
                            },
                        );
                        words.push(cx.add(
                            out,
                            E::As {
                                expr: wide,
                                kind: naga::ScalarKind::Uint,
                                convert: None,
                            },
                        ));
                    }
                    _ => words.push(cx.add(
                        out,
                        E::As {
                            expr: comp,
                            kind: naga::ScalarKind::Uint,
                            convert: None,
                        },
                    )),
                }
            }
        }
        // Format ids are stored plus one so that a zero word never reads as a record.
        let header = [format as f64 + 1.0, words.len() as f64];
        let mut record = Vec::new();
        for h in header {
            record.push(self.constant(cx, out, Scalar::U32, 1, h)?);
        }
        record.extend(words);
        let total = self.constant(cx, out, Scalar::U32, 1, record.len() as f64)?;
        let buf = cx.add(out, E::GlobalVariable(buffer));
        let cursor = cx.add(
            out,
            E::AccessIndex {
                base: buf,
                index: 0,
            },
        );
        let u32_ty = self.scalar_type(Scalar::U32)?;
        let old = cx.add_result(E::AtomicResult {
            ty: u32_ty,
            comparison: false,
        });
        push(
            out,
            S::Atomic {
                pointer: cursor,
                fun: naga::AtomicFunction::Add,
                value: total,
                result: Some(old),
            },
        );
        // Records start after the cursor word.
        let one = self.constant(cx, out, Scalar::U32, 1, 1.0)?;
        let start = cx.add(
            out,
            E::Binary {
                op: Bo::Add,
                left: old,
                right: one,
            },
        );
        let end = cx.add(
            out,
            E::Binary {
                op: Bo::Add,
                left: start,
                right: total,
            },
        );
        let len = cx.add(out, E::ArrayLength(buf));
        let fits = cx.add(
            out,
            E::Binary {
                op: Bo::LessEqual,
                left: end,
                right: len,
            },
        );
        let mut write = NBlock::new();
        for (k, word) in record.into_iter().enumerate() {
            let offset = self.constant(cx, &mut write, Scalar::U32, 1, k as f64)?;
            let index = cx.add(
                &mut write,
                E::Binary {
                    op: Bo::Add,
                    left: start,
                    right: offset,
                },
            );
            let ptr = cx.add(&mut write, E::Access { base: buf, index });
            push(
                &mut write,
                S::Store {
                    pointer: ptr,
                    value: word,
                },
            );
        }
        push(
            out,
            S::If {
                condition: fits,
                accept: write,
                reject: NBlock::new(),
            },
        );
        Ok(())
    }
}

#[derive(Clone, Copy)]
enum Index {
    Const(u32),
    Dyn(Handle<E>),
}

#[derive(Clone, Copy)]
enum InsertAt {
    Const(u32),
    Dyn(Handle<E>),
}

/// The value of a 64-bit integer literal, or of a negated one (`-5000000000ll`).
fn int64_constant(f: &ir::Function, v: ValueId) -> Option<Literal> {
    let inst = |v: ValueId| f.values.get(v.0 as usize).map(|d| &d.inst);
    match inst(v)? {
        Inst::Literal(l @ (Literal::I64(_) | Literal::U64(_))) => Some(*l),
        Inst::Unary(ir::UnaryOp::Neg, x) => match inst(*x)? {
            Inst::Literal(Literal::I64(n)) => Some(Literal::I64(n.wrapping_neg())),
            Inst::Literal(Literal::U64(n)) => Some(Literal::U64(n.wrapping_neg())),
            _ => None,
        },
        _ => None,
    }
}

/// A 64-bit integer literal converted to a 32-bit integer type: its low 32 bits.
fn narrow_int_literal(l: Literal, to: Scalar) -> Option<Literal> {
    let bits = match l {
        Literal::I64(x) => x as u64,
        Literal::U64(x) => x,
        Literal::I32(x) => x as i64 as u64,
        Literal::U32(x) => u64::from(x),
        _ => return None,
    };
    match to {
        Scalar::I32 => Some(Literal::I32(bits as u32 as i32)),
        Scalar::U32 => Some(Literal::U32(bits as u32)),
        Scalar::I16 => Some(Literal::I32(i32::from(bits as u16 as i16))),
        Scalar::U16 => Some(Literal::U32(u32::from(bits as u16))),
        Scalar::I8 => Some(Literal::I32(i32::from(bits as u8 as i8))),
        Scalar::U8 => Some(Literal::U32(u32::from(bits as u8))),
        _ => None,
    }
}

/// The value of an f32 literal, or of a negated one, as WGSL's constant evaluation sees them.
/// The value of a `f32` or `f16` literal (or of a negated one), and whether it is a `f16`.
fn literal_float(exprs: &naga::Arena<E>, h: Handle<E>) -> Option<(f32, bool)> {
    match exprs[h] {
        E::Literal(naga::Literal::F32(x)) => Some((x, false)),
        E::Literal(naga::Literal::F16(x)) => Some((x.to_f32(), true)),
        E::Unary {
            op: naga::UnaryOperator::Negate,
            expr,
        } => literal_float(exprs, expr).map(|(x, half)| (-x, half)),
        _ => None,
    }
}
