//! Vectors and matrices of emulated 64-bit scalars (`int64_t`/`uint64_t` without SHADER_INT64,
//! `double` without SHADER_F64). A vector is an array of two-word values, a matrix an array of
//! such row vectors (as integer matrices are, `int_matrix.rs`). Every operation works element
//! by element through the scalar helpers of `wide_int.rs` and `soft_f64.rs`; `mul`,
//! `transpose`, `determinant` and the geometric functions are spelled out in scalar operations.
//!
//! In buffers, Slang aligns a 2-vector of 8-byte scalars to 16 bytes and a 3- or 4-vector to
//! 32; the WGSL array of pairs is 8-byte aligned, so a vector in host memory is accepted where
//! its offset and its struct's size come out the same (the 3-vector, 24 bytes in 32-byte slots,
//! and matrices in buffers are refused with E4101).

use super::*;

impl Lowerer<'_> {
    /// Whether `ty` is a vector of emulated 64-bit scalars.
    pub(super) fn is_wide_vector(&self, ty: TypeId) -> bool {
        matches!(self.types().kind(ty), TypeKind::Vector { scalar, .. } if self.is_emulated64(*scalar))
    }

    /// Whether `ty` is a vector or a matrix of emulated 64-bit scalars.
    pub(super) fn is_wide_aggregate(&self, ty: TypeId) -> bool {
        match *self.types().kind(ty) {
            TypeKind::Vector { scalar, .. } | TypeKind::Matrix { scalar, .. } => {
                self.is_emulated64(scalar)
            }
            _ => false,
        }
    }

    fn aggregate_unsupported(&self, s: Scalar, what: impl Into<String>) -> CodegenError {
        let feature = if s == Scalar::F64 {
            "SHADER_F64"
        } else {
            "SHADER_INT64"
        };
        CodegenError::Unsupported {
            what: format!(
                "{} (without the device feature {feature}, `{}` is emulated on pairs of 32-bit \
                 words)",
                what.into(),
                s.name()
            ),
            target: self.opts.target,
        }
    }

    /// The naga type of a vector of emulated 64-bit scalars: an array of two-word values.
    pub(super) fn wide_vector_type(
        &mut self,
        s: Scalar,
        size: u8,
        repr: Repr,
    ) -> Result<Handle<Type>> {
        let shared = !repr.host && repr != Repr::VALUE;
        if shared || (repr.host && size == 3) {
            return Err(self.aggregate_unsupported(
                s,
                format!(
                    "the type `{}{size}` in {}",
                    s.name(),
                    if shared {
                        "shared memory with atomics"
                    } else {
                        "a buffer or uniform (Slang puts it in a 32-byte slot)"
                    }
                ),
            ));
        }
        let base = self.wide_type()?;
        let size = std::num::NonZeroU32::new(u32::from(size))
            .map(naga::ArraySize::Constant)
            .ok_or_else(|| internal(None, "empty vector"))?;
        self.insert_type(
            None,
            Ti::Array {
                base,
                size,
                stride: 8,
            },
        )
    }

    /// The naga type of a matrix of emulated 64-bit scalars: an array of its rows (values
    /// only).
    pub(super) fn wide_matrix_type(
        &mut self,
        s: Scalar,
        rows: u8,
        cols: u8,
        repr: Repr,
    ) -> Result<Handle<Type>> {
        if repr != Repr::VALUE {
            return Err(self.aggregate_unsupported(
                s,
                format!("the matrix type `{}{rows}x{cols}` in memory", s.name()),
            ));
        }
        let base = self.wide_vector_type(s, cols, Repr::VALUE)?;
        let size = std::num::NonZeroU32::new(u32::from(rows))
            .map(naga::ArraySize::Constant)
            .ok_or_else(|| internal(None, "empty matrix"))?;
        self.insert_type(
            None,
            Ti::Array {
                base,
                size,
                stride: 8 * u32::from(cols),
            },
        )
    }

    /// The alignment Slang gives `ty` in host memory when it holds emulated 64-bit vectors
    /// (1 when nothing in it needs more than WGSL gives it).
    pub(super) fn wide_host_align(&self, ty: TypeId) -> u32 {
        match *self.types().kind(ty) {
            TypeKind::Vector { scalar, size } if self.is_emulated64(scalar) => {
                if size == 2 {
                    16
                } else {
                    32
                }
            }
            TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
                self.wide_host_align(elem)
            }
            TypeKind::Struct(id) => self.types().struct_def(id).map_or(1, |d| {
                d.fields
                    .iter()
                    .map(|f| self.wide_host_align(f.ty))
                    .max()
                    .unwrap_or(1)
            }),
            _ => 1,
        }
    }

    /// Refuses a struct member (or the struct's size) that WGSL would place differently from
    /// Slang because of an emulated 64-bit vector's alignment.
    pub(super) fn check_wide_host_offset(
        &self,
        ty: TypeId,
        repr: Repr,
        offset: u32,
        what: &str,
    ) -> Result<()> {
        if !repr.host {
            return Ok(());
        }
        let align = self.wide_host_align(ty);
        if align > 1 && !offset.is_multiple_of(align) {
            let s = self.types().scalar_of(ty).unwrap_or(Scalar::F64);
            return Err(self.aggregate_unsupported(
                s,
                format!(
                    "{what} of `{}` in a buffer, where Slang aligns it to {align} bytes and WGSL \
                     to 8",
                    self.types().display(ty)
                ),
            ));
        }
        Ok(())
    }

    fn inst_operands_wide_aggregate(&self, cx: &FnCx, inst: &Inst) -> Result<bool> {
        let ops: Vec<ValueId> = match inst {
            Inst::Unary(_, a) | Inst::Convert(a, _) | Inst::Bitcast(a, _) | Inst::Swizzle(a, _) => {
                vec![*a]
            }
            Inst::Binary(_, a, b) => vec![*a, *b],
            Inst::Math(_, args) => args.clone(),
            Inst::Select { accept, reject, .. } => vec![*accept, *reject],
            _ => Vec::new(),
        };
        for v in ops {
            if self.is_wide_aggregate(cx.vty(v)?) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether `inst` is lowered element by element here.
    pub(super) fn takes_wide_aggregate(&self, cx: &FnCx, inst: &Inst, ty: TypeId) -> Result<bool> {
        if !self.emulates_wide() && !self.emulates_f64() {
            return Ok(false);
        }
        Ok(self.is_wide_aggregate(ty) || self.inst_operands_wide_aggregate(cx, inst)?)
    }

    /// (rows, columns) of a vector (one row) or matrix type; `None` for everything else.
    fn agg_shape(&self, t: TypeId) -> Option<(u8, u8)> {
        match *self.types().kind(t) {
            TypeKind::Vector { size, .. } => Some((1, size)),
            TypeKind::Matrix { rows, cols, .. } => Some((rows, cols)),
            _ => None,
        }
    }

    /// The number of elements of a vector or matrix type, 1 for a scalar.
    fn elem_count(&self, t: TypeId) -> u32 {
        self.agg_shape(t)
            .map_or(1, |(r, c)| u32::from(r) * u32::from(c))
    }

    /// Element `k` (row-major) of `h` of IR type `t`: the value itself when `t` is a scalar.
    /// Float matrices are naga matrices whose columns are the HLSL rows, integer matrices and
    /// emulated ones arrays of rows: both index row, then column.
    pub(super) fn component(
        &self,
        cx: &mut FnCx,
        out: &mut NBlock,
        h: Handle<E>,
        t: TypeId,
        k: u32,
    ) -> Handle<E> {
        match *self.types().kind(t) {
            TypeKind::Vector { .. } => self.word(cx, out, h, k),
            TypeKind::Matrix { cols, .. } => {
                let cols = u32::from(cols);
                let row = self.word(cx, out, h, k / cols);
                self.word(cx, out, row, k % cols)
            }
            _ => h,
        }
    }

    /// Element (`r`, `c`) of matrix `h` of type `t`.
    fn at(&self, cx: &mut FnCx, out: &mut NBlock, h: Handle<E>, r: u32, c: u32) -> Handle<E> {
        let row = self.word(cx, out, h, r);
        self.word(cx, out, row, c)
    }

    /// A value of type `ty` from its elements in row-major order.
    fn compose_elements(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        ty: TypeId,
        comps: Vec<Handle<E>>,
    ) -> Result<Handle<E>> {
        let t = self.ty(ty, Repr::VALUE)?;
        match *self.types().kind(ty) {
            TypeKind::Vector { .. } => Ok(cx.add(
                out,
                E::Compose {
                    ty: t,
                    components: comps,
                },
            )),
            TypeKind::Matrix { scalar, cols, .. } => {
                let row_ty = if self.is_emulated64(scalar) {
                    self.wide_vector_type(scalar, cols, Repr::VALUE)?
                } else {
                    self.vector_type(scalar, cols)?
                };
                let components = comps
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
                    .collect();
                Ok(cx.add(out, E::Compose { ty: t, components }))
            }
            _ if comps.len() == 1 => Ok(comps[0]),
            _ => Err(cx.err("elements composed into a non-vector")),
        }
    }

    /// `op` on every element of the operands (scalars repeated): a loop when there are
    /// several elements and the result is a vector or matrix, else the one element.
    fn elementwise<F>(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        ty: TypeId,
        n: u32,
        operands: &[(Handle<E>, TypeId)],
        op: &mut F,
    ) -> Result<Handle<E>>
    where
        F: FnMut(&mut Self, &mut FnCx, &mut NBlock, &[Handle<E>]) -> Result<Handle<E>>,
    {
        if n > 1 && self.agg_shape(ty).is_some() {
            return self.elementwise_loop(cx, out, ty, operands, op);
        }
        let mut comps = Vec::new();
        for k in 0..n {
            let e: Vec<_> = operands
                .iter()
                .map(|&(h, t)| self.component(cx, out, h, t, k))
                .collect();
            comps.push(op(self, cx, out, &e)?);
        }
        if self.agg_shape(ty).is_none() && comps.len() != 1 {
            return Err(self.aggregate_unsupported(
                self.types().scalar_of(ty).unwrap_or(Scalar::I64),
                "this operation on vectors of emulated 64-bit values",
            ));
        }
        self.compose_elements(cx, out, ty, comps)
    }

    /// `for k in 0..n { result[k] = op(operands[k]...) }` over the elements of the vector or
    /// matrix type `ty`: one call site per helper however many elements (drivers inline every
    /// call, and an unrolled double `sin` per element makes shaders that take minutes to
    /// compile). Scalar operands are used as they are in every run.
    fn elementwise_loop<F>(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        ty: TypeId,
        operands: &[(Handle<E>, TypeId)],
        op: &mut F,
    ) -> Result<Handle<E>>
    where
        F: FnMut(&mut Self, &mut FnCx, &mut NBlock, &[Handle<E>]) -> Result<Handle<E>>,
    {
        let n = self.elem_count(ty);
        let mut held = Vec::new();
        for &(h, t) in operands {
            if self.agg_shape(t).is_some() {
                let nt = self.ty(t, Repr::VALUE)?;
                let tmp = cx.temp("elements", nt);
                push(
                    out,
                    S::Store {
                        pointer: tmp,
                        value: h,
                    },
                );
                held.push((tmp, Some(t)));
            } else {
                held.push((h, None));
            }
        }
        let rt = self.ty(ty, Repr::VALUE)?;
        let result = cx.temp("elementwise", rt);
        let u32_ty = self.scalar_type(Scalar::U32)?;
        let counter = cx.temp("element", u32_ty);
        let zero = cx.add(out, E::Literal(naga::Literal::U32(0)));
        push(
            out,
            S::Store {
                pointer: counter,
                value: zero,
            },
        );
        let mut body = NBlock::new();
        let k = cx.add(&mut body, E::Load { pointer: counter });
        let end = cx.add(&mut body, E::Literal(naga::Literal::U32(n)));
        let done = self.bin(cx, &mut body, Bo::GreaterEqual, k, end);
        let mut leave = NBlock::new();
        push(&mut leave, S::Break);
        push(
            &mut body,
            S::If {
                condition: done,
                accept: leave,
                reject: NBlock::new(),
            },
        );
        let mut elems = Vec::new();
        for &(h, t) in &held {
            elems.push(match t {
                Some(t) => {
                    let p = self.element_pointer(cx, &mut body, h, t, k);
                    cx.add(&mut body, E::Load { pointer: p })
                }
                None => h,
            });
        }
        let value = op(self, cx, &mut body, &elems)?;
        let p = self.element_pointer(cx, &mut body, result, ty, k);
        push(&mut body, S::Store { pointer: p, value });
        let mut continuing = NBlock::new();
        let one = cx.add(&mut continuing, E::Literal(naga::Literal::U32(1)));
        let next = self.bin(cx, &mut continuing, Bo::Add, k, one);
        push(
            &mut continuing,
            S::Store {
                pointer: counter,
                value: next,
            },
        );
        push(
            out,
            S::Loop {
                body,
                continuing,
                break_if: None,
            },
        );
        Ok(cx.add(out, E::Load { pointer: result }))
    }

    /// A pointer to element `k` (a run-time `u32`, row-major) of the vector or matrix that
    /// `base` points to.
    fn element_pointer(
        &self,
        cx: &mut FnCx,
        out: &mut NBlock,
        base: Handle<E>,
        t: TypeId,
        k: Handle<E>,
    ) -> Handle<E> {
        match *self.types().kind(t) {
            TypeKind::Matrix { cols, .. } => {
                let c = cx.add(out, E::Literal(naga::Literal::U32(u32::from(cols))));
                let r = self.bin(cx, out, Bo::Divide, k, c);
                let i = self.bin(cx, out, Bo::Modulo, k, c);
                let row = cx.add(out, E::Access { base, index: r });
                cx.add(
                    out,
                    E::Access {
                        base: row,
                        index: i,
                    },
                )
            }
            _ => cx.add(out, E::Access { base, index: k }),
        }
    }

    /// `a op b` on two emulated scalars of type `s` (`+`, `-`, `*` only).
    fn scalar_arith(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        s: Scalar,
        op: BinaryOp,
        a: Handle<E>,
        b: Handle<E>,
    ) -> Result<Handle<E>> {
        if s == Scalar::F64 {
            return self.dbl_binary(cx, out, op, a, b);
        }
        let name = match op {
            BinaryOp::Add => "w64_add",
            BinaryOp::Sub => "w64_sub",
            BinaryOp::Mul => "w64_mul",
            _ => return Err(cx.err("scalar_arith: operator")),
        };
        self.wide_call(cx, out, name, vec![a, b])
    }

    /// The sum of products `sum_k a_k * b_k`.
    fn sum_of_products(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        s: Scalar,
        pairs: Vec<(Handle<E>, Handle<E>)>,
    ) -> Result<Handle<E>> {
        let mut sum = None;
        for (a, b) in pairs {
            let p = self.scalar_arith(cx, out, s, BinaryOp::Mul, a, b)?;
            sum = Some(match sum {
                None => p,
                Some(acc) => self.scalar_arith(cx, out, s, BinaryOp::Add, acc, p)?,
            });
        }
        sum.ok_or_else(|| cx.err("empty sum"))
    }

    /// Lowers an instruction on vectors or matrices of emulated 64-bit scalars element by
    /// element.
    pub(super) fn wide_aggregate_inst(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        inst: &Inst,
        ty: TypeId,
    ) -> Result<Option<Option<Handle<E>>>> {
        let n = match inst {
            Inst::Binary(_, a, b) => {
                let (ta, tb) = (cx.vty(*a)?, cx.vty(*b)?);
                self.elem_count(ta).max(self.elem_count(tb))
            }
            Inst::Unary(_, a) | Inst::Convert(a, _) | Inst::Bitcast(a, _) => {
                self.elem_count(cx.vty(*a)?)
            }
            Inst::Math(_, args) => {
                let mut n = 1;
                for &a in args {
                    n = n.max(self.elem_count(cx.vty(a)?));
                }
                n
            }
            _ => self.elem_count(ty),
        };
        let mut comps = Vec::new();
        match inst {
            Inst::Splat(a) => {
                let v = cx.value(*a)?;
                comps = vec![v; n as usize];
            }
            Inst::Construct(args) => {
                if !self.is_wide_aggregate(ty) {
                    return Ok(None);
                }
                for &a in args {
                    let (v, t) = (cx.value(a)?, cx.vty(a)?);
                    for k in 0..self.elem_count(t) {
                        comps.push(self.component(cx, out, v, t, k));
                    }
                }
            }
            Inst::Swizzle(a, picks) => {
                let v = cx.value(*a)?;
                for &c in picks {
                    comps.push(self.word(cx, out, v, u32::from(c)));
                }
                if picks.len() == 1 {
                    return Ok(Some(comps.pop()));
                }
            }
            Inst::Unary(op, a) => {
                let dbl = self.types().scalar_of(ty) == Some(Scalar::F64);
                let op = *op;
                let operands = [(cx.value(*a)?, cx.vty(*a)?)];
                let r = self.elementwise(cx, out, ty, n, &operands, &mut |me, cx, out, e| {
                    Ok(match op {
                        UnaryOp::Neg if dbl => me.wide_call(cx, out, "f64e_neg", vec![e[0]])?,
                        UnaryOp::Neg => me.wide_call(cx, out, "w64_neg", vec![e[0]])?,
                        UnaryOp::BitNot => cx.add(
                            out,
                            E::Unary {
                                op: naga::UnaryOperator::BitwiseNot,
                                expr: e[0],
                            },
                        ),
                        UnaryOp::Not => {
                            return Err(me.wide_unsupported("`!` on 64-bit integers"));
                        }
                    })
                })?;
                return Ok(Some(Some(r)));
            }
            Inst::Binary(op, a, b) => {
                let (ta, tb) = (cx.vty(*a)?, cx.vty(*b)?);
                let operands = [(cx.value(*a)?, ta), (cx.value(*b)?, tb)];
                let wide = |me: &Self, t: TypeId| {
                    matches!(me.types().scalar_of(t), Some(Scalar::I64 | Scalar::U64))
                };
                let (wa, wb) = (wide(self, ta), wide(self, tb));
                let signed = self.types().scalar_of(ta) == Some(Scalar::I64);
                let dbl = self.types().scalar_of(ta) == Some(Scalar::F64);
                let op = *op;
                let r = self.elementwise(cx, out, ty, n, &operands, &mut |me, cx, out, e| {
                    if dbl {
                        return me.dbl_binary(cx, out, op, e[0], e[1]);
                    }
                    me.wide_binary(cx, out, op, (e[0], wa, ta), (e[1], wb, tb), signed)
                })?;
                return Ok(Some(Some(r)));
            }
            Inst::Convert(a, s) => {
                let t = cx.vty(*a)?;
                let operands = [(cx.value(*a)?, t)];
                let from = self
                    .types()
                    .scalar_of(t)
                    .ok_or_else(|| cx.err("conversion of a non-scalar"))?;
                let to = *s;
                let wf = self.is_emulated64(from) && from != Scalar::F64;
                let wt = self.is_emulated64(to) && to != Scalar::F64;
                let dbl = (from == Scalar::F64 || to == Scalar::F64) && self.emulates_f64();
                let r = self.elementwise(cx, out, ty, n, &operands, &mut |me, cx, out, e| {
                    if dbl {
                        return me.dbl_convert(cx, out, e[0], from, to);
                    }
                    me.wide_convert(cx, out, e[0], from, to, wf, wt)
                })?;
                return Ok(Some(Some(r)));
            }
            Inst::Bitcast(a, s) => {
                let from = self.types().scalar_of(cx.vty(*a)?);
                let both_emulated = from.is_some_and(|f| self.is_emulated64(f))
                    && self.is_emulated64(*s)
                    && from.map(Scalar::bits) == Some(s.bits());
                if !both_emulated {
                    return Err(self.aggregate_unsupported(
                        *s,
                        "reinterpreting the bits of a vector between emulated 64-bit and native \
                         types",
                    ));
                }
                return Ok(Some(Some(cx.value(*a)?)));
            }
            Inst::Select {
                cond,
                accept,
                reject,
            } => {
                let tc = cx.vty(*cond)?;
                let (c, a, r) = (cx.value(*cond)?, cx.value(*accept)?, cx.value(*reject)?);
                let (ta, tr) = (cx.vty(*accept)?, cx.vty(*reject)?);
                for k in 0..n {
                    let ck = self.component(cx, out, c, tc, k);
                    let ak = self.component(cx, out, a, ta, k);
                    let rk = self.component(cx, out, r, tr, k);
                    comps.push(cx.add(
                        out,
                        E::Select {
                            condition: ck,
                            accept: ak,
                            reject: rk,
                        },
                    ));
                }
            }
            Inst::Math(f, args) => {
                let tys = args
                    .iter()
                    .map(|&v| cx.vty(v))
                    .collect::<Result<Vec<_>>>()?;
                let xs = args
                    .iter()
                    .map(|&v| cx.value(v))
                    .collect::<Result<Vec<_>>>()?;
                let s = tys
                    .iter()
                    .filter_map(|&t| self.types().scalar_of(t))
                    .find(|&s| self.is_emulated64(s))
                    .ok_or_else(|| cx.err("wide aggregate math without a 64-bit operand"))?;
                if let Some(h) = self.wide_aggregate_special(cx, out, *f, &xs, &tys, s, ty)? {
                    return Ok(Some(Some(h)));
                }
                let signed = s == Scalar::I64;
                let dbl = s == Scalar::F64;
                if f.is_subgroup() {
                    for k in 0..n {
                        let e = self.component(cx, out, xs[0], tys[0], k);
                        let r = if dbl {
                            self.dbl_subgroup_move(cx, out, *f, args, e)?
                        } else {
                            self.wide_subgroup_component(cx, out, *f, args, e, s)?
                        };
                        comps.push(r);
                    }
                } else {
                    let rs = self.types().scalar_of(ty);
                    let f = *f;
                    let operands: Vec<_> = xs.iter().copied().zip(tys.iter().copied()).collect();
                    let r =
                        self.elementwise(cx, out, ty, n, &operands, &mut |me, cx, out, e| {
                            if dbl {
                                me.dbl_math(cx, out, f, e.to_vec(), rs)
                            } else {
                                me.wide_math(cx, out, f, e.to_vec(), signed)
                            }
                        })?;
                    return Ok(Some(Some(r)));
                }
            }
            _ => return Ok(None),
        }
        if self.agg_shape(ty).is_none() && comps.len() != 1 {
            return Err(self.aggregate_unsupported(
                self.types().scalar_of(ty).unwrap_or(Scalar::I64),
                "this operation on vectors of emulated 64-bit values",
            ));
        }
        Ok(Some(Some(self.compose_elements(cx, out, ty, comps)?)))
    }

    /// Math functions of emulated 64-bit vectors and matrices that are not element by element:
    /// products, `transpose`, `determinant`, lengths and the other geometric functions.
    #[allow(clippy::too_many_arguments)]
    fn wide_aggregate_special(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        xs: &[Handle<E>],
        tys: &[TypeId],
        s: Scalar,
        ty: TypeId,
    ) -> Result<Option<Handle<E>>> {
        use MathFn::*;
        let dbl = s == Scalar::F64;
        let vec_elems = |me: &Self, cx: &mut FnCx, out: &mut NBlock, h: Handle<E>, t: TypeId| {
            (0..me.elem_count(t))
                .map(|k| me.component(cx, out, h, t, k))
                .collect::<Vec<_>>()
        };
        let r = match f {
            Dot if xs.len() == 2 => {
                let a = vec_elems(self, cx, out, xs[0], tys[0]);
                let b = vec_elems(self, cx, out, xs[1], tys[1]);
                self.sum_of_products(cx, out, s, a.into_iter().zip(b).collect())?
            }
            Mul if xs.len() == 2 => return self.wide_mul(cx, out, xs, tys, s, ty).map(Some),
            Transpose if xs.len() == 1 => {
                let (rows, cols) = self
                    .agg_shape(tys[0])
                    .ok_or_else(|| cx.err("transpose of a non-matrix"))?;
                let mut comps = Vec::new();
                for c in 0..u32::from(cols) {
                    for r in 0..u32::from(rows) {
                        comps.push(self.at(cx, out, xs[0], r, c));
                    }
                }
                self.compose_elements(cx, out, ty, comps)?
            }
            Determinant if xs.len() == 1 => {
                let (rows, cols) = self
                    .agg_shape(tys[0])
                    .ok_or_else(|| cx.err("determinant of a non-matrix"))?;
                if rows != cols {
                    return Err(cx.err("determinant of a non-square matrix"));
                }
                let n = u32::from(rows);
                let mut m = Vec::new();
                for r in 0..n {
                    for c in 0..n {
                        m.push(self.at(cx, out, xs[0], r, c));
                    }
                }
                let all: Vec<u32> = (0..n).collect();
                self.minor_det(cx, out, s, &m, n, &all, &all)?
            }
            Length | Distance | Normalize | Cross | Reflect if !dbl => {
                return Err(self.aggregate_unsupported(
                    s,
                    format!("`{}` of 64-bit integer vectors", f.name()),
                ));
            }
            Length if xs.len() == 1 => {
                let a = vec_elems(self, cx, out, xs[0], tys[0]);
                let sq = self.sum_of_products(cx, out, s, a.iter().map(|&x| (x, x)).collect())?;
                self.wide_call(cx, out, "f64e_sqrt", vec![sq])?
            }
            Distance if xs.len() == 2 => {
                let a = vec_elems(self, cx, out, xs[0], tys[0]);
                let b = vec_elems(self, cx, out, xs[1], tys[1]);
                let mut d = Vec::new();
                for (x, y) in a.into_iter().zip(b) {
                    d.push(self.dbl_binary(cx, out, BinaryOp::Sub, x, y)?);
                }
                let sq = self.sum_of_products(cx, out, s, d.iter().map(|&x| (x, x)).collect())?;
                self.wide_call(cx, out, "f64e_sqrt", vec![sq])?
            }
            Normalize if xs.len() == 1 => {
                let a = vec_elems(self, cx, out, xs[0], tys[0]);
                let sq = self.sum_of_products(cx, out, s, a.iter().map(|&x| (x, x)).collect())?;
                let len = self.wide_call(cx, out, "f64e_sqrt", vec![sq])?;
                let mut comps = Vec::new();
                for x in a {
                    comps.push(self.dbl_binary(cx, out, BinaryOp::Div, x, len)?);
                }
                self.compose_elements(cx, out, ty, comps)?
            }
            Cross if xs.len() == 2 => {
                let a = vec_elems(self, cx, out, xs[0], tys[0]);
                let b = vec_elems(self, cx, out, xs[1], tys[1]);
                if a.len() != 3 || b.len() != 3 {
                    return Err(cx.err("cross of non-3-vectors"));
                }
                let mut comps = Vec::new();
                for (i, j) in [(1, 2), (2, 0), (0, 1)] {
                    let p = self.dbl_binary(cx, out, BinaryOp::Mul, a[i], b[j])?;
                    let q = self.dbl_binary(cx, out, BinaryOp::Mul, a[j], b[i])?;
                    comps.push(self.dbl_binary(cx, out, BinaryOp::Sub, p, q)?);
                }
                self.compose_elements(cx, out, ty, comps)?
            }
            Reflect if xs.len() == 2 => {
                // i - 2 dot(n, i) n
                let i = vec_elems(self, cx, out, xs[0], tys[0]);
                let nv = vec_elems(self, cx, out, xs[1], tys[1]);
                let d = self.sum_of_products(
                    cx,
                    out,
                    s,
                    nv.iter().copied().zip(i.iter().copied()).collect(),
                )?;
                let d2 = self.dbl_binary(cx, out, BinaryOp::Add, d, d)?;
                let mut comps = Vec::new();
                for (x, nk) in i.into_iter().zip(nv) {
                    let t = self.dbl_binary(cx, out, BinaryOp::Mul, d2, nk)?;
                    comps.push(self.dbl_binary(cx, out, BinaryOp::Sub, x, t)?);
                }
                self.compose_elements(cx, out, ty, comps)?
            }
            _ => return Ok(None),
        };
        Ok(Some(r))
    }

    /// `mul(a, b)`: matrix-vector, vector-matrix and matrix-matrix products (HLSL's row-vector
    /// convention), a dot product of two vectors, element-wise scaling with a scalar.
    fn wide_mul(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        xs: &[Handle<E>],
        tys: &[TypeId],
        s: Scalar,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let ka = self.types().kind(tys[0]).clone();
        let kb = self.types().kind(tys[1]).clone();
        let (a, b) = (xs[0], xs[1]);
        let mut comps = Vec::new();
        match (ka, kb) {
            (TypeKind::Matrix { rows, cols, .. }, TypeKind::Vector { .. }) => {
                for r in 0..u32::from(rows) {
                    let mut pairs = Vec::new();
                    for k in 0..u32::from(cols) {
                        let x = self.at(cx, out, a, r, k);
                        let y = self.word(cx, out, b, k);
                        pairs.push((x, y));
                    }
                    comps.push(self.sum_of_products(cx, out, s, pairs)?);
                }
            }
            (TypeKind::Vector { size, .. }, TypeKind::Matrix { cols, .. }) => {
                for c in 0..u32::from(cols) {
                    let mut pairs = Vec::new();
                    for k in 0..u32::from(size) {
                        let x = self.word(cx, out, a, k);
                        let y = self.at(cx, out, b, k, c);
                        pairs.push((x, y));
                    }
                    comps.push(self.sum_of_products(cx, out, s, pairs)?);
                }
            }
            (TypeKind::Matrix { rows, cols, .. }, TypeKind::Matrix { cols: cols_b, .. }) => {
                for r in 0..u32::from(rows) {
                    for c in 0..u32::from(cols_b) {
                        let mut pairs = Vec::new();
                        for k in 0..u32::from(cols) {
                            let x = self.at(cx, out, a, r, k);
                            let y = self.at(cx, out, b, k, c);
                            pairs.push((x, y));
                        }
                        comps.push(self.sum_of_products(cx, out, s, pairs)?);
                    }
                }
            }
            (TypeKind::Vector { size, .. }, TypeKind::Vector { .. }) => {
                let mut pairs = Vec::new();
                for k in 0..u32::from(size) {
                    let x = self.word(cx, out, a, k);
                    let y = self.word(cx, out, b, k);
                    pairs.push((x, y));
                }
                return self.sum_of_products(cx, out, s, pairs);
            }
            _ => {
                // A scalar times a vector or matrix, element by element.
                let n = self.elem_count(ty);
                for k in 0..n {
                    let x = self.component(cx, out, a, tys[0], k);
                    let y = self.component(cx, out, b, tys[1], k);
                    comps.push(self.scalar_arith(cx, out, s, BinaryOp::Mul, x, y)?);
                }
            }
        }
        self.compose_elements(cx, out, ty, comps)
    }

    /// The determinant of the minor of row-major `m` (`n` columns) keeping `rows` and `cols`,
    /// by cofactor expansion along its first row (at most 4x4: 24 products).
    #[allow(clippy::too_many_arguments)]
    fn minor_det(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        s: Scalar,
        m: &[Handle<E>],
        n: u32,
        rows: &[u32],
        cols: &[u32],
    ) -> Result<Handle<E>> {
        let at = |r: u32, c: u32| m[(r * n + c) as usize];
        if rows.len() == 1 {
            return Ok(at(rows[0], cols[0]));
        }
        let mut acc: Option<Handle<E>> = None;
        for (j, &c) in cols.iter().enumerate() {
            let rest_cols: Vec<u32> = cols.iter().copied().filter(|&x| x != c).collect();
            let sub = self.minor_det(cx, out, s, m, n, &rows[1..], &rest_cols)?;
            let term = self.scalar_arith(cx, out, s, BinaryOp::Mul, at(rows[0], c), sub)?;
            acc = Some(match acc {
                None => term,
                Some(a) if j % 2 == 1 => self.scalar_arith(cx, out, s, BinaryOp::Sub, a, term)?,
                Some(a) => self.scalar_arith(cx, out, s, BinaryOp::Add, a, term)?,
            });
        }
        acc.ok_or_else(|| cx.err("empty determinant"))
    }
}
