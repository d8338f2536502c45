//! Transposition: the backward region, the normalised body walked backwards.
//!
//! Each value `v` with a differentiable type has an adjoint local (created when something is
//! accumulated into it, zero-initialised before the backward region). At `v`'s definition,
//! reached after all its uses, the adjoint is read and reset to zero (values inside loops are
//! redefined every iteration), then distributed to the operands by the transposed linear rule
//! of the instruction. Memory has adjoint locals beside primal locals: the reverse of a load
//! accumulates into the place's adjoint, the reverse of a store moves the place's adjoint into
//! the stored value's and clears it.
//!
//! Control flow is reversed region by region: `if` takes the (checkpointed) primal condition;
//! a canonical loop runs backwards from its recorded iteration count down to 0 with a reverse
//! counter, which indexes the tapes of the values defined inside it.

use ir::{Access, BinaryOp, Block, Inst, Literal, MathFn, Place, Stmt, TypeId, TypeKind, ValueId};

use crate::checkpoint::canonical;
use crate::linearize::DiffError;
use crate::reverse::{Rev, has_rule};

type Result<T> = std::result::Result<T, DiffError>;

impl Rev<'_, '_> {
    pub fn backward_block(&mut self, block: &Block) -> Result<()> {
        for s in block.iter().rev() {
            self.backward_stmt(s)?;
        }
        Ok(())
    }

    /// Emits `f` into a new block with its own primal-value scope.
    fn scoped(&mut self, f: impl FnOnce(&mut Self) -> Result<()>) -> Result<Block> {
        self.e.open();
        self.memo.push(Default::default());
        let r = f(self);
        self.memo.pop();
        let b = self.e.close();
        r.map(|()| b)
    }

    fn backward_stmt(&mut self, s: &Stmt) -> Result<()> {
        match s {
            Stmt::Let(v) => self.backward_let(*v),
            Stmt::Store { place, value } => {
                let vty = self.e.ty(*value);
                if self.diff_ty(vty).is_some()
                    && let Some(dp) = self.diff_place(place)?
                {
                    let d = self.e.load(dp.clone());
                    self.clear(dp);
                    self.acc(*value, d)?;
                }
                Ok(())
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                if let Some(taken) = self.const_cond(*cond) {
                    // Emitted in place: what the branch loads dominates the rest of the run.
                    self.memo.push(Default::default());
                    let r = self.backward_block(if taken { then_block } else { else_block });
                    self.memo.pop();
                    return r;
                }
                let then_block = self.scoped(|r| r.backward_block(then_block))?;
                let else_block = self.scoped(|r| r.backward_block(else_block))?;
                // The condition is only needed (and stored) when a branch has work to undo.
                if !then_block.is_empty() || !else_block.is_empty() {
                    let c = self.primal(*cond)?;
                    // A loop's exit flag in a run known not to be the last folds away.
                    match self.e.const_bool(c) {
                        Some(true) => self.e.push_block(then_block),
                        Some(false) => self.e.push_block(else_block),
                        None => self.e.push(Stmt::If {
                            cond: c,
                            then_block,
                            else_block,
                        }),
                    }
                }
                Ok(())
            }
            Stmt::Loop { body, .. } => {
                let Some((key, then_block)) = canonical(self.norm, body) else {
                    return Err(self.malformed("loop not in canonical form"));
                };
                self.backward_loop(key, then_block)
            }
            Stmt::Barrier(k) => {
                self.e.push(Stmt::Barrier(*k));
                Ok(())
            }
            Stmt::Switch { .. } | Stmt::Break | Stmt::Continue | Stmt::Return(_) => {
                Err(self.malformed("control flow left after normalisation"))
            }
        }
    }

    /// A condition known in the current backward run without emitting anything: a loop's
    /// exit flag (or its negation) in a run that is not the last.
    fn const_cond(&self, v: ValueId) -> Option<bool> {
        match &self.e.func.value(v)?.inst {
            Inst::Literal(ir::Literal::Bool(b)) => Some(*b),
            Inst::Unary(ir::UnaryOp::Not, a) => self.const_cond(*a).map(|b| !b),
            Inst::Load(_) if self.placement.last_run_only.contains(&v) => {
                let key = self.placement.loops.get(&v)?.last()?;
                self.not_last.contains(key).then_some(false)
            }
            _ => None,
        }
    }

    /// `R = count; loop { if R > 0 { j = R - 1; R = j; <then-branch backwards at j> } else
    /// { break } }`
    ///
    /// When the loop keeps its exit flag for the last run only, that run is peeled off first so
    /// the flag reads false in the loop (no per-run comparison, and no branch that would keep the
    /// driver from sharing work between the two runs of a pair).
    fn backward_loop(&mut self, key: ValueId, then_block: &Block) -> Result<()> {
        let info = self
            .norm
            .loops
            .get(&key)
            .cloned()
            .ok_or_else(|| self.malformed("unknown loop"))?;
        let count = self.primal(info.count)?;
        let int_ty = self.e.module.types.i32();
        let rev = self.e.local(&format!("rev{}", key.0), int_ty);
        self.e.store(Place::local(rev), count);
        // With thinned tapes (`crate::thin`), runs go in pairs (odd, even) after one even run
        // when the count is odd: each run's parity is then known, so the odd run replays
        // without a branch and the even one reads the checkpoint the odd one loaded.
        let paired = self.thin.values().any(|t| t.key == key);
        let peel_last = self.placement.last_run_only.iter().any(|v| {
            self.placement
                .loops
                .get(v)
                .and_then(|l| l.last())
                .is_some_and(|k| *k == key)
        });
        let one_run =
            |s: &mut Self, r: ValueId, odd: Option<bool>, last: bool| -> Result<ValueId> {
                let one = s.e.lit(Literal::I32(1));
                let j = s.e.bin(BinaryOp::Sub, r, one);
                s.e.store(Place::local(rev), j);
                s.rev_index.insert(key, j);
                if let Some(odd) = odd {
                    s.parity.insert(key, odd);
                }
                if !last {
                    s.not_last.insert(key);
                }
                if odd == Some(true) {
                    s.pair_loads.retain(|_, (k, _)| *k != key);
                }
                // `scoped` opens the run's block: loads at this depth are at its top level.
                let outer_depth = s.run_depth.insert(key, s.e.blocks.len() + 1);
                let res = s.scoped(|s| s.backward_block(then_block));
                match outer_depth {
                    Some(d) => s.run_depth.insert(key, d),
                    None => s.run_depth.remove(&key),
                };
                if odd != Some(true) {
                    s.pair_loads.retain(|_, (k, _)| *k != key);
                }
                s.rev_index.remove(&key);
                s.parity.remove(&key);
                s.not_last.remove(&key);
                s.e.push_block(res?);
                Ok(j)
            };
        let zero = self.e.lit(Literal::I32(0));
        match (paired, peel_last) {
            (true, _) => {
                let one = self.e.lit(Literal::I32(1));
                // Odd count: the last run is even. Even count (not zero) and the last run
                // peeled: it is odd, and the even run below it goes with it.
                let bit = self.e.bin(BinaryOp::BitAnd, count, one);
                let odd_count = self.e.bin(BinaryOp::Eq, bit, one);
                self.e.open();
                one_run(self, count, Some(false), true)?;
                let peel = self.e.close();
                let mut else_block = Vec::new();
                if peel_last {
                    self.e.open();
                    let nonzero = self.e.bin(BinaryOp::Ne, count, zero);
                    self.e.open();
                    let j = one_run(self, count, Some(true), true)?;
                    one_run(self, j, Some(false), false)?;
                    let two = self.e.close();
                    self.e.push(Stmt::If {
                        cond: nonzero,
                        then_block: two,
                        else_block: Vec::new(),
                    });
                    else_block = self.e.close();
                }
                self.e.push(Stmt::If {
                    cond: odd_count,
                    then_block: peel,
                    else_block,
                });
            }
            (false, true) => {
                let any = self.e.bin(BinaryOp::Gt, count, zero);
                self.e.open();
                one_run(self, count, None, true)?;
                let peel = self.e.close();
                self.e.push(Stmt::If {
                    cond: any,
                    then_block: peel,
                    else_block: Vec::new(),
                });
            }
            (false, false) => {}
        }
        self.e.open();
        let r = self.e.load(Place::local(rev));
        let more = self.e.bin(BinaryOp::Gt, r, zero);
        self.e.open();
        if paired {
            let j = one_run(self, r, Some(true), !peel_last)?;
            one_run(self, j, Some(false), !peel_last)?;
        } else {
            one_run(self, r, None, !peel_last)?;
        }
        let body = self.e.close();
        self.e.push(Stmt::If {
            cond: more,
            then_block: body,
            else_block: vec![Stmt::Break],
        });
        let loop_body = self.e.close();
        self.e.push(Stmt::Loop {
            body: loop_body,
            continuing: Vec::new(),
            break_if: None,
            attrs: ir::LoopAttrs {
                max_iters: Some(info.max_iters.saturating_add(1)),
                force_unroll: false,
            },
        });
        Ok(())
    }

    fn backward_let(&mut self, v: ValueId) -> Result<()> {
        let data = self
            .e
            .func
            .value(v)
            .cloned()
            .ok_or_else(|| self.malformed(format!("unknown value %{}", v.0)))?;
        if let Inst::Call(f, args) = &data.inst {
            return self.call_backward(v, *f, args);
        }
        let Some(a) = self.take_adjoint(v) else {
            return Ok(());
        };
        // `no_diff` on an intrinsic (`no_diff WaveActiveMax(x)`): nothing flows back.
        let origin = self.norm.origin.get(&v).copied().unwrap_or(v);
        if matches!(data.inst, Inst::Math(..))
            && self.info.no_diff_calls.contains(&(self.src_id, origin))
        {
            return Ok(());
        }
        self.transpose(&data.inst, data.ty, a)
    }

    /// Index of element `i` of `ty` inside `ty.Differential` (struct fields are renumbered).
    fn field_index(&self, ty: TypeId, i: u32) -> Option<u32> {
        match self.e.module.types.kind(ty) {
            TypeKind::Struct(_) => self
                .info
                .struct_diff(ty)
                .and_then(|sd| sd.fields.get(i as usize).copied().flatten()),
            _ => Some(i),
        }
    }

    fn element_access(&self, ty: TypeId, j: u32) -> Access {
        match self.e.module.types.kind(ty) {
            TypeKind::Struct(_) => Access::Field(j),
            _ => Access::Index(j),
        }
    }

    fn is_diff_value(&mut self, v: ValueId) -> bool {
        let ty = self.e.ty(v);
        self.diff_ty(ty).is_some()
    }

    /// Distributes adjoint `a` of a value defined by `inst` (of type `ty`) to its operands.
    fn transpose(&mut self, inst: &Inst, ty: TypeId, a: ValueId) -> Result<()> {
        match inst {
            Inst::Load(place) => {
                if let Some(dp) = self.diff_place(place)? {
                    self.acc_place(dp, a);
                }
            }
            Inst::Unary(ir::UnaryOp::Neg, x) => {
                let n = self.neg(a);
                self.acc(*x, n)?;
            }
            Inst::Binary(op, x, y) => self.transpose_binary(*op, *x, *y, a)?,
            Inst::Select {
                cond,
                accept,
                reject,
            } => {
                let c = self.primal(*cond)?;
                let aty = self.e.ty(a);
                let z = self.e.zero(aty);
                if self.is_diff_value(*accept) {
                    let s = self.emit(Inst::Select {
                        cond: c,
                        accept: a,
                        reject: z,
                    });
                    self.acc(*accept, s)?;
                }
                if self.is_diff_value(*reject) {
                    let s = self.emit(Inst::Select {
                        cond: c,
                        accept: z,
                        reject: a,
                    });
                    self.acc(*reject, s)?;
                }
            }
            Inst::Convert(x, _) => {
                let xty = self.e.ty(*x);
                if self.diff_ty(xty).is_some()
                    && let Some(s) = self.e.module.types.scalar_of(xty)
                {
                    let c = self.emit(Inst::Convert(a, s));
                    self.acc(*x, c)?;
                }
            }
            Inst::Construct(args) => self.transpose_construct(args, ty, a)?,
            Inst::Splat(x) => {
                let s = self.sum_components(a);
                self.acc(*x, s)?;
            }
            Inst::Extract(x, i) => {
                let xty = self.e.ty(*x);
                if let Some(j) = self.field_index(xty, *i) {
                    let acc = self.element_access(xty, j);
                    self.acc_at(*x, vec![acc], a)?;
                    // A derivative reaching `Optional`'s value makes its differential present.
                    if let Some(&k) = self.info.flag_fields.get(&xty) {
                        let t = self.e.lit(ir::Literal::Bool(true));
                        self.acc_at(*x, vec![Access::Field(k)], t)?;
                    }
                }
            }
            Inst::ExtractDyn(x, i) => {
                let pi = self.primal(*i)?;
                self.acc_at(*x, vec![Access::Dynamic(pi)], a)?;
            }
            Inst::Swizzle(x, comps) => {
                if comps.len() == 1 {
                    self.acc_at(*x, vec![Access::Index(comps[0] as u32)], a)?;
                } else {
                    for (t, c) in comps.iter().enumerate() {
                        let e = self.emit(Inst::Extract(a, t as u32));
                        self.acc_at(*x, vec![Access::Index(*c as u32)], e)?;
                    }
                }
            }
            Inst::Insert { base, index, value } => match self.field_index(ty, *index) {
                None => self.acc(*base, a)?,
                Some(j) => {
                    if self.is_diff_value(*value) {
                        let dv = self.emit(Inst::Extract(a, j));
                        self.acc(*value, dv)?;
                    }
                    let aty = self.e.ty(a);
                    let ety = self.e.module.types.element(aty, Some(j)).unwrap_or(aty);
                    let z = self.e.zero(ety);
                    let rest = self.emit(Inst::Insert {
                        base: a,
                        index: j,
                        value: z,
                    });
                    self.acc(*base, rest)?;
                }
            },
            Inst::InsertDyn { base, index, value } => {
                let pi = self.primal(*index)?;
                if self.is_diff_value(*value) {
                    let dv = self.emit(Inst::ExtractDyn(a, pi));
                    self.acc(*value, dv)?;
                }
                let aty = self.e.ty(a);
                let ety = self.e.module.types.element(aty, None).unwrap_or(aty);
                let z = self.e.zero(ety);
                let rest = self.emit(Inst::InsertDyn {
                    base: a,
                    index: pi,
                    value: z,
                });
                self.acc(*base, rest)?;
            }
            Inst::Math(f, args) => {
                if has_rule(*f) {
                    self.transpose_math(*f, args, a)?;
                } else {
                    self.math_backward(*f, args, a)?;
                }
            }
            // No derivative flows through these.
            Inst::Literal(_)
            | Inst::Zero
            | Inst::Unary(..)
            | Inst::Bitcast(..)
            | Inst::ArrayLength(_)
            | Inst::Atomic { .. }
            | Inst::Print(..)
            | Inst::Texture { .. }
            | Inst::Call(..) => {}
        }
        Ok(())
    }

    fn transpose_binary(&mut self, op: BinaryOp, x: ValueId, y: ValueId, a: ValueId) -> Result<()> {
        let (dx, dy) = (self.is_diff_value(x), self.is_diff_value(y));
        match op {
            BinaryOp::Add => {
                self.acc(x, a)?;
                self.acc(y, a)?;
            }
            BinaryOp::Sub => {
                self.acc(x, a)?;
                if dy {
                    let n = self.neg(a);
                    self.acc(y, n)?;
                }
            }
            BinaryOp::Mul => {
                if dx {
                    let py = self.primal(y)?;
                    let c = self.bin(BinaryOp::Mul, a, py);
                    self.acc(x, c)?;
                }
                if dy {
                    let px = self.primal(x)?;
                    let c = self.bin(BinaryOp::Mul, a, px);
                    self.acc(y, c)?;
                }
            }
            // d(x/y) = dx/y - x*dy/(y*y)
            BinaryOp::Div => {
                let py = self.primal(y)?;
                if dx {
                    let c = self.bin(BinaryOp::Div, a, py);
                    self.acc(x, c)?;
                }
                if dy {
                    let px = self.primal(x)?;
                    let yy = self.bin(BinaryOp::Mul, py, py);
                    let q = self.bin(BinaryOp::Div, px, yy);
                    let c = self.bin(BinaryOp::Mul, a, q);
                    let n = self.neg(c);
                    self.acc(y, n)?;
                }
            }
            // x % y = x - y*trunc(x/y)
            BinaryOp::Rem => {
                self.acc(x, a)?;
                if dy {
                    let (px, py) = (self.primal(x)?, self.primal(y)?);
                    let q = self.bin(BinaryOp::Div, px, py);
                    let t = self.emit(Inst::Math(MathFn::Trunc, vec![q]));
                    let c = self.bin(BinaryOp::Mul, a, t);
                    let n = self.neg(c);
                    self.acc(y, n)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn transpose_construct(&mut self, args: &[ValueId], ty: TypeId, a: ValueId) -> Result<()> {
        match self.e.module.types.kind(ty).clone() {
            TypeKind::Vector { .. } => {
                let mut off = 0u32;
                for &x in args {
                    let xty = self.e.ty(x);
                    let n = self.e.module.types.vector_size(xty).unwrap_or(1) as u32;
                    if self.is_diff_value(x) {
                        let c = if n == 1 {
                            self.emit(Inst::Extract(a, off))
                        } else {
                            let comps: Vec<u8> = (off..off + n).map(|c| c as u8).collect();
                            self.emit(Inst::Swizzle(a, comps))
                        };
                        self.acc(x, c)?;
                    }
                    off += n;
                }
            }
            TypeKind::Matrix { rows, cols, .. } => {
                if args.len() == rows as usize {
                    for (i, &x) in args.iter().enumerate() {
                        let c = self.emit(Inst::Extract(a, i as u32));
                        self.acc(x, c)?;
                    }
                } else {
                    for (k, &x) in args.iter().enumerate() {
                        let (r, c) = (k as u32 / cols as u32, k as u32 % cols as u32);
                        let row = self.emit(Inst::Extract(a, r));
                        let e = self.emit(Inst::Extract(row, c));
                        self.acc(x, e)?;
                    }
                }
            }
            TypeKind::Struct(_) => {
                let map = self
                    .info
                    .struct_diff(ty)
                    .map(|sd| sd.fields.clone())
                    .unwrap_or_default();
                for (i, &x) in args.iter().enumerate() {
                    if let Some(Some(j)) = map.get(i) {
                        let c = self.emit(Inst::Extract(a, *j));
                        self.acc(x, c)?;
                    }
                }
            }
            _ => {
                for (i, &x) in args.iter().enumerate() {
                    if self.is_diff_value(x) {
                        let c = self.emit(Inst::Extract(a, i as u32));
                        self.acc(x, c)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `outer(u, w)`: the matrix with rows `u[r] * w`.
    fn outer(&mut self, u: ValueId, w: ValueId, mty: TypeId) -> ValueId {
        let n = self.e.module.types.vector_size(self.e.ty(u)).unwrap_or(1);
        let wty = self.e.ty(w);
        let mut rows = Vec::new();
        for r in 0..n {
            let ur = self.emit(Inst::Extract(u, r as u32));
            let s = self.e.emit(Inst::Splat(ur), Some(wty));
            rows.push(self.bin(BinaryOp::Mul, s, w));
        }
        self.e.emit(Inst::Construct(rows), Some(mty))
    }

    fn transpose_math(&mut self, f: MathFn, args: &[ValueId], a: ValueId) -> Result<()> {
        let ps: Vec<ValueId> = args
            .iter()
            .map(|&x| self.primal(x))
            .collect::<Result<_>>()?;
        let math = |r: &mut Self, f: MathFn, xs: Vec<ValueId>| r.emit(Inst::Math(f, xs));
        match f {
            MathFn::Dot => {
                let vty = self.e.ty(ps[0]);
                let s = self.e.emit(Inst::Splat(a), Some(vty));
                let c0 = self.bin(BinaryOp::Mul, s, ps[1]);
                self.acc(args[0], c0)?;
                let c1 = self.bin(BinaryOp::Mul, s, ps[0]);
                self.acc(args[1], c1)?;
            }
            MathFn::Cross => {
                let c0 = math(self, MathFn::Cross, vec![ps[1], a]);
                self.acc(args[0], c0)?;
                let c1 = math(self, MathFn::Cross, vec![a, ps[0]]);
                self.acc(args[1], c1)?;
            }
            MathFn::Transpose => {
                let c = math(self, MathFn::Transpose, vec![a]);
                self.acc(args[0], c)?;
            }
            MathFn::Mad | MathFn::Fma => {
                let c0 = self.bin(BinaryOp::Mul, a, ps[1]);
                self.acc(args[0], c0)?;
                let c1 = self.bin(BinaryOp::Mul, a, ps[0]);
                self.acc(args[1], c1)?;
                self.acc(args[2], a)?;
            }
            MathFn::Mul => self.transpose_mul(args, &ps, a)?,
            _ => {}
        }
        Ok(())
    }

    /// HLSL `mul` over scalars, vectors and matrices.
    fn transpose_mul(&mut self, args: &[ValueId], ps: &[ValueId], a: ValueId) -> Result<()> {
        let (t0, t1) = (self.e.ty(ps[0]), self.e.ty(ps[1]));
        let k0 = self.e.module.types.kind(t0).clone();
        let k1 = self.e.module.types.kind(t1).clone();
        let aty = self.e.ty(a);
        use TypeKind::*;
        match (k0, k1) {
            (Scalar(_), Scalar(_)) => {
                return self.transpose_binary(BinaryOp::Mul, args[0], args[1], a);
            }
            (Scalar(_), _) => {
                let prod = self.bin(BinaryOp::Mul, a, ps[1]);
                let s = self.sum_components(prod);
                self.acc(args[0], s)?;
                let sp = self.e.emit(Inst::Splat(ps[0]), Some(aty));
                let c = self.bin(BinaryOp::Mul, a, sp);
                self.acc(args[1], c)?;
            }
            (_, Scalar(_)) => {
                let prod = self.bin(BinaryOp::Mul, a, ps[0]);
                let s = self.sum_components(prod);
                self.acc(args[1], s)?;
                let sp = self.e.emit(Inst::Splat(ps[1]), Some(aty));
                let c = self.bin(BinaryOp::Mul, a, sp);
                self.acc(args[0], c)?;
            }
            (Vector { .. }, Vector { .. }) => {
                let s = self.e.emit(Inst::Splat(a), Some(t0));
                let c0 = self.bin(BinaryOp::Mul, s, ps[1]);
                self.acc(args[0], c0)?;
                let c1 = self.bin(BinaryOp::Mul, s, ps[0]);
                self.acc(args[1], c1)?;
            }
            // v M: dv = M a, dM = outer(v, a)
            (Vector { .. }, Matrix { .. }) => {
                let c0 = self.emit(Inst::Math(MathFn::Mul, vec![ps[1], a]));
                self.acc(args[0], c0)?;
                let c1 = self.outer(ps[0], a, t1);
                self.acc(args[1], c1)?;
            }
            // M v: dM = outer(a, v), dv = a M
            (Matrix { .. }, Vector { .. }) => {
                let c0 = self.outer(a, ps[1], t0);
                self.acc(args[0], c0)?;
                let c1 = self.emit(Inst::Math(MathFn::Mul, vec![a, ps[0]]));
                self.acc(args[1], c1)?;
            }
            // A B: dA = a B^T, dB = A^T a
            (Matrix { .. }, Matrix { .. }) => {
                let bt = self.emit(Inst::Math(MathFn::Transpose, vec![ps[1]]));
                let c0 = self.emit(Inst::Math(MathFn::Mul, vec![a, bt]));
                self.acc(args[0], c0)?;
                let at = self.emit(Inst::Math(MathFn::Transpose, vec![ps[0]]));
                let c1 = self.emit(Inst::Math(MathFn::Mul, vec![at, a]));
                self.acc(args[1], c1)?;
            }
            _ => {
                return Err(DiffError::NoDerivative {
                    function: self.src_name.clone(),
                    intrinsic: "mul of these operand types".into(),
                });
            }
        }
        Ok(())
    }
}
