//! Checkpointing: how the backward region gets the primal values it needs, and the primal region
//! that stores them (Slang's "unzip" of primal and differential code, plus its checkpoint
//! policy).
//!
//! A primal value `v` needed at a point of the backward region is
//! - used directly when it is defined at the top level of the normalised body (the primal region
//!   precedes the backward region in the same function, so it is in scope);
//! - recomputed there when its instruction is pure (arithmetic, construction, intrinsics) from
//!   the primal values of its operands, recursively; a call to a `[PreferRecompute]` function
//!   with only value arguments is recomputed by calling it again;
//! - otherwise (loads, other calls) stored: the primal region writes it to a tape local right
//!   after its definition, an array over the enclosing loops' iteration counters
//!   (`T[MaxIters+1]` per loop level, outermost first), and the backward region loads it at the
//!   reverse counters.
//!
//! Values are cached per backward scope (`Rev::memo`), so a value is recomputed or loaded once
//! per region.

use ir::{
    Access, BinaryOp, Block, Inst, Literal, LocalId, Place, PlaceRoot, Scalar, Stmt, TypeKind,
    ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::emit::map_inst;
use crate::linearize::DiffError;
use crate::normalize::Normalized;
use crate::reverse::Rev;

type Result<T> = std::result::Result<T, DiffError>;

/// Where each value of the normalised body is defined.
#[derive(Default)]
pub(crate) struct Placement {
    /// Enclosing canonical loops (keys of `Normalized::loops`), outermost first.
    pub loops: FxHashMap<ValueId, Vec<ValueId>>,
    /// Values defined directly in the body's top-level block.
    pub top: FxHashSet<ValueId>,
    /// Locals the body writes (stores, `out`/`inout` arguments). A load from any other local
    /// (parameter copies, typically) reads the same value anywhere after the prologue, so the
    /// backward region can repeat it instead of storing it.
    pub written: FxHashSet<LocalId>,
    /// Loads that read the same place as an earlier load with no write in between: the earlier
    /// one's primal value serves both (one tape, not two).
    pub same_as: FxHashMap<ValueId, ValueId>,
    /// Loads of a loop's exit flag in that loop (innermost): false in every run but the last, so
    /// the tape keeps only the last run's value (no dimension for that loop).
    pub last_run_only: FxHashSet<ValueId>,
}

/// The `go` key and then-branch of a canonical loop body.
pub(crate) fn canonical<'b>(norm: &Normalized, body: &'b Block) -> Option<(ValueId, &'b Block)> {
    match body.last() {
        Some(Stmt::If {
            cond,
            then_block,
            else_block,
        }) if norm.loops.contains_key(cond) && else_block == &vec![Stmt::Break] => {
            Some((*cond, then_block))
        }
        _ => None,
    }
}

impl Placement {
    pub fn of(norm: &Normalized) -> Placement {
        let mut p = Placement::default();
        p.walk(norm, &norm.body, 0, &mut Vec::new());
        p.find_repeated_loads(norm, &norm.body, FxHashMap::default(), None);
        p
    }

    /// The loops whose counters index `v`'s tape.
    pub fn tape_loops(&self, v: ValueId) -> Vec<ValueId> {
        let mut loops = self.loops.get(&v).cloned().unwrap_or_default();
        if self.last_run_only.contains(&v) {
            loops.pop();
        }
        loops
    }

    /// Fills `same_as` and `last_run_only`. `available`: local -> the load that last read it,
    /// for locals not written since; `then_of`: the canonical loop whose then-branch `block`
    /// is in (not inside a nested loop).
    fn find_repeated_loads(
        &mut self,
        norm: &Normalized,
        block: &[Stmt],
        mut available: FxHashMap<LocalId, ValueId>,
        then_of: Option<ValueId>,
    ) {
        let whole_local = |v: ValueId| match norm.func.value(v).map(|d| &d.inst) {
            Some(Inst::Load(p)) if p.path.is_empty() => match p.root {
                PlaceRoot::Local(l) => Some(l),
                _ => None,
            },
            _ => None,
        };
        for s in block {
            match s {
                Stmt::Let(v) => {
                    if let Some(l) = whole_local(*v) {
                        if let Some(key) = then_of
                            && norm
                                .loops
                                .get(&key)
                                .is_some_and(|i| i.exit_flags.contains(&l))
                        {
                            self.last_run_only.insert(*v);
                        }
                        match available.get(&l) {
                            Some(u) => {
                                self.same_as.insert(*v, *u);
                            }
                            None => {
                                available.insert(l, *v);
                            }
                        }
                    }
                    if let Some(Inst::Call(_, args)) = norm.func.value(*v).map(|d| &d.inst) {
                        for a in args {
                            if let ir::Arg::Place(p) = a
                                && let PlaceRoot::Local(l) = p.root
                            {
                                available.remove(&l);
                            }
                        }
                    }
                }
                Stmt::Store { place, .. } => {
                    if let PlaceRoot::Local(l) = place.root {
                        available.remove(&l);
                    }
                }
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => {
                    self.find_repeated_loads(norm, then_block, available.clone(), then_of);
                    self.find_repeated_loads(norm, else_block, available.clone(), then_of);
                    forget_written(norm, std::slice::from_ref(s), &mut available);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        self.find_repeated_loads(norm, &c.body, available.clone(), then_of);
                    }
                    forget_written(norm, std::slice::from_ref(s), &mut available);
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    // A body runs many times: nothing from before it is known to hold there.
                    let fresh = FxHashMap::default;
                    match canonical(norm, body) {
                        Some((key, then_block)) => {
                            let header = &body[..body.len() - 1];
                            self.find_repeated_loads(norm, header, fresh(), None);
                            self.find_repeated_loads(norm, then_block, fresh(), Some(key));
                        }
                        None => self.find_repeated_loads(norm, body, fresh(), None),
                    }
                    self.find_repeated_loads(norm, continuing, fresh(), None);
                    forget_written(norm, std::slice::from_ref(s), &mut available);
                }
                _ => {}
            }
        }
    }

    fn note_write(&mut self, p: &Place) {
        if let PlaceRoot::Local(l) = p.root {
            self.written.insert(l);
        }
    }

    fn walk(&mut self, norm: &Normalized, block: &[Stmt], depth: u32, loops: &mut Vec<ValueId>) {
        for s in block {
            match s {
                Stmt::Let(v) => {
                    self.loops.insert(*v, loops.clone());
                    if depth == 0 {
                        self.top.insert(*v);
                    }
                    if let Some(Inst::Call(_, args)) = norm.func.value(*v).map(|d| &d.inst) {
                        for a in args {
                            if let ir::Arg::Place(p) = a {
                                self.note_write(p);
                            }
                        }
                    }
                }
                Stmt::Store { place, .. } => self.note_write(place),
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => {
                    self.walk(norm, then_block, depth + 1, loops);
                    self.walk(norm, else_block, depth + 1, loops);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        self.walk(norm, &c.body, depth + 1, loops);
                    }
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    let key = canonical(norm, body).map(|(k, _)| k);
                    loops.extend(key);
                    self.walk(norm, body, depth + 1, loops);
                    self.walk(norm, continuing, depth + 1, loops);
                    if key.is_some() {
                        loops.pop();
                    }
                }
                _ => {}
            }
        }
    }
}

/// Drops from `available` every local that `block` writes, at any depth.
fn forget_written(norm: &Normalized, block: &[Stmt], available: &mut FxHashMap<LocalId, ValueId>) {
    let mut p = Placement::default();
    p.walk(norm, block, 1, &mut Vec::new());
    available.retain(|l, _| !p.written.contains(l));
}

pub(crate) fn is_pure(inst: &Inst) -> bool {
    !matches!(
        inst,
        Inst::Load(_) | Inst::Call(..) | Inst::Atomic { .. } | Inst::Print(..)
    )
}

impl Rev<'_, '_> {
    /// The primal value of `v` at the current point of the backward region.
    pub fn primal(&mut self, v: ValueId) -> Result<ValueId> {
        // In a replay of run `j - 1` of a loop, the values of that loop in the scopes outside
        // the replay are run `j`'s.
        let floor = match self.replay_floor {
            Some((depth, key))
                if self
                    .placement
                    .loops
                    .get(&v)
                    .is_some_and(|l| l.contains(&key)) =>
            {
                depth
            }
            _ => 0,
        };
        for scope in self.memo[floor..].iter().rev() {
            if let Some(x) = scope.get(&v) {
                return Ok(*x);
            }
        }
        if self.placement.top.contains(&v) {
            return Ok(v);
        }
        if let Some(x) = self.recomputed_load(v)? {
            if let Some(scope) = self.memo.last_mut() {
                scope.insert(v, x);
            }
            return Ok(x);
        }
        let data = self
            .e
            .func
            .value(v)
            .cloned()
            .ok_or_else(|| self.malformed(format!("unknown value %{}", v.0)))?;
        let recompute_call = match &data.inst {
            Inst::Call(g, args) => {
                // A twin (a callee given locations) follows its original's policy.
                let g = crate::ptr::origin(self.info, *g);
                self.info.prefer_recompute.contains(&g)
                    && !self.info.prefer_checkpoint.contains(&g)
                    && args.iter().all(|a| matches!(a, ir::Arg::Value(_)))
            }
            _ => false,
        };
        let read_only_load = match &data.inst {
            Inst::Load(p) => {
                matches!(p.root, PlaceRoot::Local(l) if !self.placement.written.contains(&l))
            }
            _ => false,
        };
        let x = if is_pure(&data.inst) || recompute_call || read_only_load {
            let mut map = FxHashMap::default();
            for op in data.inst.operands() {
                let p = self.primal(op)?;
                map.insert(op, p);
            }
            let explicit = match data.inst {
                Inst::Zero | Inst::Construct(_) | Inst::Splat(_) => Some(data.ty),
                _ => None,
            };
            self.e.emit(map_inst(&data.inst, &map), explicit)
        } else if self.thin.contains_key(&v) {
            self.thinned(v)?
        } else if self.placement.last_run_only.contains(&v)
            && self
                .placement
                .loops
                .get(&v)
                .and_then(|l| l.last())
                .is_some_and(|key| self.not_last.contains(key))
        {
            // An exit flag in a run that is not the last: false, nothing to load.
            self.e.lit(Literal::Bool(false))
        } else {
            let l = self.tape_local(v)?;
            let mut path = Vec::new();
            for key in self.placement.tape_loops(v) {
                let j =
                    self.rev_index.get(&key).copied().ok_or_else(|| {
                        self.malformed(format!("%{} needed outside its loop", v.0))
                    })?;
                path.push(Access::Dynamic(j));
            }
            let stored = self.e.load(Place {
                root: PlaceRoot::Local(l),
                path,
            });
            if self.placement.last_run_only.contains(&v) {
                self.in_last_run(v, stored)?
            } else {
                stored
            }
        };
        if let Some(scope) = self.memo.last_mut() {
            scope.insert(v, x);
        }
        Ok(x)
    }

    /// A load the backward region gets without a tape of its own: a repeat of an earlier load,
    /// or an induction variable (`start + step * j` at the reverse counter `j`).
    fn recomputed_load(&mut self, v: ValueId) -> Result<Option<ValueId>> {
        if let Some(&u) = self.placement.same_as.get(&v) {
            return self.primal(u).map(Some);
        }
        let Some(ind) = self.norm.induction.get(&v).copied() else {
            return Ok(None);
        };
        let Some(&j) = self.rev_index.get(&ind.key) else {
            return Ok(None);
        };
        let ty = self.e.ty(v);
        let (j, step) = match self.e.module.types.kind(ty) {
            TypeKind::Scalar(Scalar::I32) => (j, Literal::I32(ind.step as i32)),
            TypeKind::Scalar(Scalar::U32) => (
                self.e.emit(Inst::Convert(j, Scalar::U32), None),
                Literal::U32(ind.step as u32),
            ),
            _ => return Ok(None),
        };
        let start = self.primal(ind.start)?;
        let step = self.e.lit(step);
        let offset = self.e.bin(BinaryOp::Mul, step, j);
        Ok(Some(self.e.bin(BinaryOp::Add, start, offset)))
    }

    /// The value of a `last_run_only` exit-flag load in run `j` of its loop: the stored value
    /// in the last run (`j == count - 1`), false before.
    fn in_last_run(&mut self, v: ValueId, stored: ValueId) -> Result<ValueId> {
        let key = self
            .placement
            .loops
            .get(&v)
            .and_then(|l| l.last())
            .copied()
            .ok_or_else(|| self.malformed("exit flag outside its loop"))?;
        let count = self
            .norm
            .loops
            .get(&key)
            .map(|i| i.count)
            .ok_or_else(|| self.malformed("unknown loop"))?;
        let j = self
            .rev_index
            .get(&key)
            .copied()
            .ok_or_else(|| self.malformed(format!("%{} needed outside its loop", v.0)))?;
        let count = self.primal(count)?;
        let one = self.e.lit(Literal::I32(1));
        let last = self.e.bin(BinaryOp::Sub, count, one);
        let is_last = self.e.bin(BinaryOp::Eq, j, last);
        Ok(self.e.bin(BinaryOp::LogicalAnd, is_last, stored))
    }

    pub(crate) fn tape_local(&mut self, v: ValueId) -> Result<LocalId> {
        if let Some(l) = self.tape.get(&v) {
            return Ok(*l);
        }
        let mut ty = self.e.ty(v);
        let loops = self.placement.tape_loops(v);
        let thinned = self.thin.contains_key(&v);
        for (i, key) in loops.iter().rev().enumerate() {
            let info = self
                .norm
                .loops
                .get(key)
                .ok_or_else(|| self.malformed("unknown loop"))?;
            ty = self
                .e
                .module
                .types
                .array(ty, crate::thin::tape_len(info.max_iters, thinned && i == 0));
        }
        let l = self.e.local(&format!("tape{}", v.0), ty);
        self.tape.insert(v, l);
        self.tape_order.push(v);
        Ok(l)
    }

    /// Tape index of the current iteration of `loops` (primal region).
    fn counters(&mut self, loops: &[ValueId]) -> Result<Vec<Access>> {
        let mut path = Vec::new();
        for key in loops {
            let counter = self
                .norm
                .loops
                .get(key)
                .map(|i| i.counter)
                .ok_or_else(|| self.malformed("unknown loop"))?;
            let c = self.e.load(Place::local(counter));
            path.push(Access::Dynamic(c));
        }
        Ok(path)
    }

    /// A `[PreferCheckpoint]` call in the primal region: the callee's primal-context function,
    /// whose context goes on the tape.
    fn checkpointed_call(
        &mut self,
        v: ValueId,
        ctx_local: LocalId,
        ctx_tape: Option<LocalId>,
        primal_ctx: ir::FuncId,
        loops: &[ValueId],
    ) -> Result<()> {
        let Some(Inst::Call(_, args)) = self.e.func.value(v).map(|d| d.inst.clone()) else {
            return Err(self.malformed("checkpointed call is not a call"));
        };
        let mut args = args;
        args.push(ir::Arg::Place(Place::local(ctx_local)));
        if let Some(d) = self.e.func.values.get_mut(v.0 as usize) {
            d.inst = Inst::Call(primal_ctx, args);
        }
        self.e.push(Stmt::Let(v));
        if let Some(t) = ctx_tape {
            let path = self.counters(loops)?;
            let c = self.e.load(Place::local(ctx_local));
            self.e.store(
                Place {
                    root: PlaceRoot::Local(t),
                    path,
                },
                c,
            );
        }
        Ok(())
    }

    /// Emits the primal region: `block` as normalised, plus tape stores.
    pub fn primal_block(&mut self, block: &Block, loops: &mut Vec<ValueId>) -> Result<()> {
        for s in block {
            match s {
                Stmt::Let(v) => {
                    if let Some(&(ctx_local, ctx_tape, primal_ctx)) = self.ctx_calls.get(v) {
                        self.checkpointed_call(*v, ctx_local, ctx_tape, primal_ctx, loops)?;
                    } else {
                        self.e.push(s.clone());
                    }
                    if let Some(&l) = self.tape.get(v) {
                        let dims = self.placement.tape_loops(*v).len();
                        let path = self.counters(&loops[..dims.min(loops.len())])?;
                        if self.thin.contains_key(v) {
                            self.store_even_runs(l, path, *v);
                        } else {
                            let root = PlaceRoot::Local(l);
                            self.e.store(Place { root, path }, *v);
                        }
                    }
                }
                Stmt::If {
                    cond,
                    then_block,
                    else_block,
                } => {
                    self.e.open();
                    self.primal_block(then_block, loops)?;
                    let then_block = self.e.close();
                    self.e.open();
                    self.primal_block(else_block, loops)?;
                    let else_block = self.e.close();
                    self.e.push(Stmt::If {
                        cond: *cond,
                        then_block,
                        else_block,
                    });
                }
                Stmt::Loop {
                    body,
                    continuing,
                    break_if,
                    attrs,
                } => {
                    let key = canonical(self.norm, body).map(|(k, _)| k);
                    loops.extend(key);
                    self.e.open();
                    self.primal_block(body, loops)?;
                    let body = self.e.close();
                    if key.is_some() {
                        loops.pop();
                    }
                    self.e.push(Stmt::Loop {
                        body,
                        continuing: continuing.clone(),
                        break_if: *break_if,
                        attrs: *attrs,
                    });
                }
                other => self.e.push(other.clone()),
            }
        }
        Ok(())
    }
}
