//! Control-flow normalisation of a differentiable function before reverse mode (Slang's
//! "eliminate multi-level breaks", "single return", "continue removal" and loop canonicalisation,
//! on our structured IR):
//!
//! - parameters are copied into locals (`P_<name>`) so that the body never touches a parameter;
//! - `return v` stores `v` into a return local and sets the `ret` flag; `break`/`continue` set
//!   per-loop flags; after a statement that may set a flag, the rest of its block runs under
//!   `if !(flags) { ... }`;
//! - `switch` becomes an if-chain (fall-through through a `run` flag), so only `if` and loops
//!   are left to reverse;
//! - every loop becomes canonical: `brk = false; C = 0; loop { go = !(brk || ret);
//!   if go { body; continuing; C = C + 1 } else { break } } count = C`. The then-branch runs at
//!   most `MaxIters + 1` times (the last run only evaluates the exit test), which sizes the tapes;
//! - `[ForceUnroll]` loops are unrolled to `MaxIters + 1` guarded copies (fresh values each).
//!
//! The result is runnable (`Normalized::func`), so tests check it computes what the original does.

use ir::{
    BinaryOp, Block, Function, Inst, Literal, LocalId, Module, ParamDir, Place, PlaceRoot, Scalar,
    Stmt, TypeKind, ValueData, ValueId,
};
use rustc_hash::FxHashMap;

use crate::emit::{Emitter, clone_block, contains, rewrite_block, uses_in_block};
use crate::linearize::DiffError;

/// Most copies a `[ForceUnroll]` loop is unrolled into: each copy is a full transcription of
/// the body in the primal and in the backward region, so code size grows linearly with it; a
/// larger count is almost always a `[MaxIters]` meant for a rolled loop.
pub const MAX_UNROLL: u32 = 1024;

/// A canonical loop, keyed in `Normalized::loops` by its `go` condition value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopInfo {
    /// Iteration counter local (then-branch runs).
    pub counter: LocalId,
    /// `load counter` right after the loop: how many times the then-branch ran.
    pub count: ValueId,
    /// `MaxIters`: the then-branch runs at most `max_iters + 1` times.
    pub max_iters: u32,
    /// The flags that end the loop (`brk`, and `ret_flag` when the body can return): they are
    /// false in every run of the then-branch but the last, so only that run's value is kept.
    pub exit_flags: Vec<LocalId>,
    /// The number of iterations when the loop always runs exactly that many: an evident
    /// counting loop (`ir::passes_unroll::trip_count`) whose only exit is its exit test.
    pub fixed_trips: Option<u32>,
    /// How to compute the number of iterations at the loop's entry, when it is a counting loop
    /// whose bound does not change while it runs.
    pub entry_count: Option<EntryCount>,
}

/// A counting loop whose trip count is known when it starts: its induction variable `var` is
/// written only by `var = var + step` in `continuing`, the loop runs while `var test bound`
/// holds (its exit test, the body's only exit), and `bound` is defined before the loop or
/// computed in the body from literals and loads of locals the loop never writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryCount {
    /// A whole `int` or `uint` local.
    pub var: LocalId,
    pub unsigned: bool,
    /// Added each iteration; never zero.
    pub step: i64,
    /// `Lt`, `Le`, `Gt`, `Ge` or `Ne`, with `var` on the left.
    pub test: BinaryOp,
    pub bound: ValueId,
    /// The values of the body that compute `bound`, in order: they are recomputed at the entry.
    pub recompute: Vec<ValueId>,
}

/// A load of a loop's induction variable in the loop body: its value in run `j` of the
/// then-branch is `start + step * j`, so reverse mode recomputes it from the reverse counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Induction {
    /// The loop (key of `Normalized::loops`).
    pub key: ValueId,
    /// The value stored into the variable right before the loop.
    pub start: ValueId,
    /// The literal the continuing block adds each iteration (negative for `-=`).
    pub step: i64,
}

#[derive(Clone, Debug)]
pub struct Normalized {
    /// The runnable normalised function (same signature as the original).
    pub func: Function,
    /// The normalised body alone: no prologue (parameter copies), epilogue or return.
    pub body: Block,
    /// The local holding each parameter.
    pub param_locals: Vec<LocalId>,
    /// The local receiving the return value (non-void functions).
    pub ret_local: Option<LocalId>,
    pub loops: FxHashMap<ValueId, LoopInfo>,
    /// `(call value, argument index)` -> the place's value loaded just before the call, for
    /// `inout` place arguments (the callee's backward derivative needs the value going in).
    pub pre_call: FxHashMap<(ValueId, u32), ValueId>,
    /// Values copied by unrolling -> the original value (keys of `DiffInfo::no_diff_calls`).
    pub origin: FxHashMap<ValueId, ValueId>,
    /// Loads of induction variables in loop bodies.
    pub induction: FxHashMap<ValueId, Induction>,
}

type Result<T> = std::result::Result<T, DiffError>;

#[derive(Clone, Copy, Default)]
struct Ctx {
    brk: Option<LocalId>,
    cont: Option<LocalId>,
    switch_brk: Option<LocalId>,
}

struct Norm<'m> {
    e: Emitter<'m>,
    ret_flag: LocalId,
    ret_local: Option<LocalId>,
    loops: FxHashMap<ValueId, LoopInfo>,
    pre_call: FxHashMap<(ValueId, u32), ValueId>,
    origin: FxHashMap<ValueId, ValueId>,
    induction: FxHashMap<ValueId, Induction>,
    loop_ordinal: u32,
}

/// Normalises `func` (a function of `module`; the module is only used for types and callees).
pub fn normalize(module: &mut Module, func: &Function) -> Result<Normalized> {
    let mut f = func.clone();
    // Parameters become locals.
    let mut param_locals = Vec::new();
    for p in &func.params {
        f.locals.push(ir::Local {
            name: format!("P_{}", p.name),
            ty: p.ty,
        });
        param_locals.push(LocalId(f.locals.len() as u32 - 1));
    }
    // An out-of-range parameter stays as it is (and fails verification later).
    let reroot = |p: &Place| match p.root {
        PlaceRoot::Param(i) => match param_locals.get(i as usize) {
            Some(l) => Place {
                root: PlaceRoot::Local(*l),
                path: p.path.clone(),
            },
            None => p.clone(),
        },
        _ => p.clone(),
    };
    for d in &mut f.values {
        reroot_inst(&mut d.inst, &reroot);
    }
    let mut body = f.body.clone();
    reroot_block(&mut body, &reroot);
    let bool_ty = module.types.bool();
    f.locals.push(ir::Local {
        name: "ret_flag".into(),
        ty: bool_ty,
    });
    let ret_flag = LocalId(f.locals.len() as u32 - 1);
    let ret_local = (!module.types.is_void(func.ret)).then(|| {
        f.locals.push(ir::Local {
            name: "retval".into(),
            ty: func.ret,
        });
        LocalId(f.locals.len() as u32 - 1)
    });
    f.body = Vec::new();
    let mut n = Norm {
        e: Emitter::new(module, f),
        ret_flag,
        ret_local,
        loops: FxHashMap::default(),
        pre_call: FxHashMap::default(),
        origin: FxHashMap::default(),
        induction: FxHashMap::default(),
        loop_ordinal: 0,
    };
    n.e.set_flag(ret_flag, false);
    n.block(&body, Ctx::default())?;
    let norm_body = n.e.close();
    if !n.e.errors.is_empty() {
        return Err(DiffError::Internal {
            function: func.name.clone(),
            errors: n.e.errors,
        });
    }
    let Norm {
        e,
        loops,
        pre_call,
        origin,
        induction,
        ..
    } = n;
    let mut out = e.func;
    // The runnable form: prologue, body, epilogue, return.
    let mut full = Vec::new();
    for (i, p) in func.params.iter().enumerate() {
        if p.dir != ParamDir::Out {
            let v = push_value(&mut out, p.ty, Inst::Load(Place::param(i as u32)));
            full.push(Stmt::Let(v));
            full.push(Stmt::Store {
                place: Place::local(param_locals[i]),
                value: v,
            });
        }
    }
    full.extend(norm_body.iter().cloned());
    for (i, p) in func.params.iter().enumerate() {
        if p.dir != ParamDir::In {
            let v = push_value(&mut out, p.ty, Inst::Load(Place::local(param_locals[i])));
            full.push(Stmt::Let(v));
            full.push(Stmt::Store {
                place: Place::param(i as u32),
                value: v,
            });
        }
    }
    match ret_local {
        Some(r) => {
            let v = push_value(&mut out, func.ret, Inst::Load(Place::local(r)));
            full.push(Stmt::Let(v));
            full.push(Stmt::Return(Some(v)));
        }
        None => full.push(Stmt::Return(None)),
    }
    out.body = full;
    Ok(Normalized {
        func: out,
        body: norm_body,
        param_locals,
        ret_local,
        loops,
        pre_call,
        origin,
        induction,
    })
}

fn push_value(f: &mut Function, ty: ir::TypeId, inst: Inst) -> ValueId {
    f.values.push(ValueData { ty, inst });
    ValueId(f.values.len() as u32 - 1)
}

fn reroot_place(p: &mut Place, reroot: &dyn Fn(&Place) -> Place) {
    *p = reroot(p);
}

fn reroot_inst(inst: &mut Inst, reroot: &dyn Fn(&Place) -> Place) {
    match inst {
        Inst::Load(p) => reroot_place(p, reroot),
        Inst::Atomic { place, .. } => reroot_place(place, reroot),
        Inst::Call(_, args) => {
            for a in args {
                if let ir::Arg::Place(p) = a {
                    reroot_place(p, reroot);
                }
            }
        }
        _ => {}
    }
}

fn reroot_block(block: &mut Block, reroot: &dyn Fn(&Place) -> Place) {
    for s in block {
        match s {
            Stmt::Store { place, .. } => reroot_place(place, reroot),
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                reroot_block(then_block, reroot);
                reroot_block(else_block, reroot);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    reroot_block(&mut c.body, reroot);
                }
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                reroot_block(body, reroot);
                reroot_block(continuing, reroot);
            }
            _ => {}
        }
    }
}

impl Norm<'_> {
    fn fname(&self) -> String {
        self.e.func.name.clone()
    }

    /// Normalises `stmts` into the open block; returns the flags it may leave set.
    fn block(&mut self, stmts: &[Stmt], ctx: Ctx) -> Result<Vec<LocalId>> {
        let mut flags: Vec<LocalId> = Vec::new();
        for (i, s) in stmts.iter().enumerate() {
            let set = self.stmt(s, ctx, &stmts[..i])?;
            let rest = &stmts[i + 1..];
            if !set.is_empty() && !rest.is_empty() {
                let any = self.e.any_flag(&set);
                let Some(any) = any else { continue };
                let go = self.e.not(any);
                self.e.open();
                let more = self.block(rest, ctx)?;
                let then_block = self.e.close();
                self.e.push(Stmt::If {
                    cond: go,
                    then_block,
                    else_block: Vec::new(),
                });
                merge(&mut flags, &set);
                merge(&mut flags, &more);
                return Ok(flags);
            }
            merge(&mut flags, &set);
        }
        Ok(flags)
    }

    /// `before`: the statements preceding `s` in its block (where a loop's counter starts).
    fn stmt(&mut self, s: &Stmt, ctx: Ctx, before: &[Stmt]) -> Result<Vec<LocalId>> {
        match s {
            Stmt::Let(v) => {
                self.pre_call_loads(*v);
                self.e.push(s.clone());
                Ok(Vec::new())
            }
            Stmt::Store { .. } | Stmt::Barrier(_) => {
                self.e.push(s.clone());
                Ok(Vec::new())
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                self.e.open();
                let mut flags = self.block(then_block, ctx)?;
                let then_block = self.e.close();
                self.e.open();
                let more = self.block(else_block, ctx)?;
                let else_block = self.e.close();
                self.e.push(Stmt::If {
                    cond: *cond,
                    then_block,
                    else_block,
                });
                merge(&mut flags, &more);
                Ok(flags)
            }
            Stmt::Switch { selector, cases } => self.switch(*selector, cases, ctx),
            Stmt::Loop {
                body,
                continuing,
                break_if,
                attrs,
            } => {
                let mut attrs = *attrs;
                if attrs.max_iters.is_none() {
                    attrs.max_iters = ir::passes_unroll::trip_count(
                        &self.e.func.values,
                        before,
                        body,
                        continuing,
                    );
                }
                let inductions = induction_variables(&self.e.func.values, before, body, continuing);
                let counted =
                    ir::passes_unroll::trip_count(&self.e.func.values, before, body, continuing);
                // The exit test holds the body's one `break`; any other exit ends it early.
                let fixed_trips = counted.filter(|_| {
                    break_if.is_none()
                        && loop_breaks(body) == 1
                        && !contains(body, false, &|s| matches!(s, Stmt::Return(_)))
                });
                let entry_count = (break_if.is_none()
                    && loop_breaks(body) == 1
                    && !contains(body, false, &|s| matches!(s, Stmt::Return(_))))
                .then(|| entry_count(&*self.e.module, &self.e.func, body, continuing))
                .flatten();
                self.loop_(
                    body,
                    continuing,
                    *break_if,
                    attrs,
                    inductions,
                    (fixed_trips, entry_count),
                )
            }
            Stmt::Break => {
                let flag = ctx
                    .switch_brk
                    .or(ctx.brk)
                    .ok_or_else(|| DiffError::Malformed {
                        function: self.fname(),
                        message: "break outside a loop or switch".into(),
                    })?;
                self.e.set_flag(flag, true);
                Ok(vec![flag])
            }
            Stmt::Continue => {
                let flag = ctx.cont.ok_or_else(|| DiffError::Malformed {
                    function: self.fname(),
                    message: "continue outside a loop".into(),
                })?;
                self.e.set_flag(flag, true);
                Ok(vec![flag])
            }
            Stmt::Return(v) => {
                if let (Some(v), Some(r)) = (v, self.ret_local) {
                    self.e.store(Place::local(r), *v);
                }
                self.e.set_flag(self.ret_flag, true);
                Ok(vec![self.ret_flag])
            }
        }
    }

    /// Loads the current value of every `inout` place argument of a call, for reverse mode.
    fn pre_call_loads(&mut self, v: ValueId) {
        let Some(Inst::Call(g, args)) = self.e.func.value(v).map(|d| d.inst.clone()) else {
            return;
        };
        let dirs: Vec<ParamDir> = self
            .e
            .module
            .function(g)
            .map(|c| c.params.iter().map(|p| p.dir).collect())
            .unwrap_or_default();
        for (i, a) in args.iter().enumerate() {
            if let ir::Arg::Place(p) = a
                && dirs.get(i) == Some(&ParamDir::InOut)
            {
                let pre = self.e.load(p.clone());
                self.pre_call.insert((v, i as u32), pre);
            }
        }
    }

    fn switch(
        &mut self,
        selector: ValueId,
        cases: &[ir::SwitchCase],
        ctx: Ctx,
    ) -> Result<Vec<LocalId>> {
        let sel_ty = self.e.ty(selector);
        let unsigned = self.e.module.types.kind(sel_ty) == &TypeKind::Scalar(Scalar::U32);
        let bool_ty = self.e.module.types.bool();
        let run = self.e.local("switch_run", bool_ty);
        let sbrk = self.e.local("switch_brk", bool_ty);
        self.e.set_flag(run, false);
        self.e.set_flag(sbrk, false);
        // Which case matches: its values, or (default) none of all the values.
        let mut matches = Vec::new();
        let mut any_value = None;
        for c in cases {
            let mut m = None;
            for &x in &c.values {
                let l = if unsigned {
                    Literal::U32(x as u32)
                } else {
                    Literal::I32(x as i32)
                };
                let lit = self.e.lit(l);
                let eq = self.e.bin(BinaryOp::Eq, selector, lit);
                m = Some(match m {
                    None => eq,
                    Some(p) => self.e.bin(BinaryOp::LogicalOr, p, eq),
                });
                any_value = Some(match any_value {
                    None => eq,
                    Some(p) => self.e.bin(BinaryOp::LogicalOr, p, eq),
                });
            }
            matches.push(m);
        }
        let none_matches = match any_value {
            Some(a) => self.e.not(a),
            None => self.e.lit(Literal::Bool(true)),
        };
        let mut flags = Vec::new();
        let inner = Ctx {
            switch_brk: Some(sbrk),
            ..ctx
        };
        for (c, m) in cases.iter().zip(matches) {
            let m = match (m, c.is_default) {
                (Some(m), true) => self.e.bin(BinaryOp::LogicalOr, m, none_matches),
                (None, true) => none_matches,
                (Some(m), false) => m,
                (None, false) => self.e.lit(Literal::Bool(false)),
            };
            let r = self.e.load(Place::local(run));
            let go = self.e.bin(BinaryOp::LogicalOr, r, m);
            self.e.open();
            let set = self.block(&c.body, inner)?;
            // Falls through unless something in the body jumped.
            if c.fallthrough {
                let stop = self.e.any_flag(&set);
                let next = match stop {
                    Some(s) => self.e.not(s),
                    None => self.e.lit(Literal::Bool(true)),
                };
                self.e.store(Place::local(run), next);
            } else {
                self.e.set_flag(run, false);
            }
            let then_block = self.e.close();
            self.e.push(Stmt::If {
                cond: go,
                then_block,
                else_block: Vec::new(),
            });
            merge(&mut flags, &set);
        }
        flags.retain(|f| *f != sbrk);
        Ok(flags)
    }

    fn loop_(
        &mut self,
        body: &Block,
        continuing: &Block,
        break_if: Option<ValueId>,
        attrs: ir::LoopAttrs,
        inductions: Vec<(LocalId, ValueId, i64)>,
        (fixed_trips, entry_count): (Option<u32>, Option<EntryCount>),
    ) -> Result<Vec<LocalId>> {
        self.loop_ordinal += 1;
        let ordinal = self.loop_ordinal;
        let Some(max_iters) = attrs.max_iters else {
            return Err(DiffError::UnboundedLoop {
                function: self.fname(),
                loop_ordinal: ordinal,
            });
        };
        let (mut body, mut continuing) = (body.clone(), continuing.clone());
        let mut break_if = break_if;
        self.demote_continuing_uses(&mut body, &mut continuing, &mut break_if);
        let bool_ty = self.e.module.types.bool();
        let int_ty = self.e.module.types.i32();
        let brk = self.e.local(&format!("brk{ordinal}"), bool_ty);
        let uses_continue = contains(&body, true, &|s| matches!(s, Stmt::Continue));
        let cont = uses_continue.then(|| self.e.local(&format!("cont{ordinal}"), bool_ty));
        let returns = contains(&body, false, &|s| matches!(s, Stmt::Return(_)));
        let ctx = Ctx {
            brk: Some(brk),
            cont,
            switch_brk: None,
        };
        if attrs.force_unroll && max_iters >= MAX_UNROLL {
            return Err(DiffError::UnrollTooLarge {
                function: self.fname(),
                loop_ordinal: ordinal,
                iterations: max_iters.saturating_add(1),
                limit: MAX_UNROLL,
            });
        }
        if attrs.force_unroll {
            // Guarded copies: once `brk`/`ret` is set, later copies do nothing.
            self.e.set_flag(brk, false);
            let mut flags = Vec::new();
            for _ in 0..=max_iters {
                let mut map = FxHashMap::default();
                let b = clone_block(&body, &mut self.e.func.values, &mut map);
                let c = clone_block(&continuing, &mut self.e.func.values, &mut map);
                let bi = break_if.map(|v| *map.get(&v).unwrap_or(&v));
                for (old, new) in &map {
                    let root = self.origin.get(old).copied().unwrap_or(*old);
                    self.origin.insert(*new, root);
                }
                let set = self.iteration(&b, &c, bi, ctx, brk, returns)?;
                merge(&mut flags, &set);
            }
            flags.retain(|f| *f != brk && Some(*f) != cont);
            return Ok(flags);
        }
        let counter = self.e.local(&format!("iter{ordinal}"), int_ty);
        self.e.set_flag(brk, false);
        let zero = self.e.lit(Literal::I32(0));
        self.e.store(Place::local(counter), zero);
        self.e.open();
        // Header.
        let go = self.go(brk, returns);
        self.e.open();
        let mut flags = self.iteration_body(&body, &continuing, break_if, ctx)?;
        let c = self.e.load(Place::local(counter));
        let one = self.e.lit(Literal::I32(1));
        let c1 = self.e.bin(BinaryOp::Add, c, one);
        self.e.store(Place::local(counter), c1);
        let then_block = self.e.close();
        self.e.push(Stmt::If {
            cond: go,
            then_block,
            else_block: vec![Stmt::Break],
        });
        let loop_body = self.e.close();
        self.e.push(Stmt::Loop {
            body: loop_body,
            continuing: Vec::new(),
            break_if: None,
            attrs: ir::LoopAttrs {
                max_iters: Some(max_iters),
                force_unroll: false,
            },
        });
        let count = self.e.load(Place::local(counter));
        let mut exit_flags = vec![brk];
        if returns {
            exit_flags.push(self.ret_flag);
        }
        self.loops.insert(
            go,
            LoopInfo {
                counter,
                count,
                max_iters,
                exit_flags,
                fixed_trips,
                entry_count,
            },
        );
        for (var, start, step) in inductions {
            // Loads in the body (not `continuing`, which runs after the step) at any depth.
            let mut loads = Vec::new();
            loads_of(&body, &self.e.func.values, var, &mut loads);
            for v in loads {
                self.induction.insert(
                    v,
                    Induction {
                        key: go,
                        start,
                        step,
                    },
                );
            }
        }
        flags.retain(|f| *f != brk && Some(*f) != cont);
        Ok(flags)
    }

    /// `!(brk || ret)` (ret only when the body can return).
    fn go(&mut self, brk: LocalId, returns: bool) -> ValueId {
        let flags: Vec<LocalId> = if returns {
            vec![brk, self.ret_flag]
        } else {
            vec![brk]
        };
        let any = match self.e.any_flag(&flags) {
            Some(a) => a,
            None => self.e.load(Place::local(brk)),
        };
        self.e.not(any)
    }

    /// One unrolled iteration: `if go { body; continuing }`.
    fn iteration(
        &mut self,
        body: &Block,
        continuing: &Block,
        break_if: Option<ValueId>,
        ctx: Ctx,
        brk: LocalId,
        returns: bool,
    ) -> Result<Vec<LocalId>> {
        let go = self.go(brk, returns);
        self.e.open();
        let flags = self.iteration_body(body, continuing, break_if, ctx)?;
        let then_block = self.e.close();
        self.e.push(Stmt::If {
            cond: go,
            then_block,
            else_block: Vec::new(),
        });
        Ok(flags)
    }

    fn iteration_body(
        &mut self,
        body: &Block,
        continuing: &Block,
        break_if: Option<ValueId>,
        ctx: Ctx,
    ) -> Result<Vec<LocalId>> {
        let brk = ctx.brk.unwrap_or(self.ret_flag);
        if let Some(cont) = ctx.cont {
            self.e.set_flag(cont, false);
        }
        let mut flags = self.block(body, ctx)?;
        if continuing.is_empty() && break_if.is_none() {
            return Ok(flags);
        }
        // `continue` reaches the continuing block; `break` and `return` skip it.
        let skip: Vec<LocalId> = flags
            .iter()
            .copied()
            .filter(|f| Some(*f) != ctx.cont)
            .collect();
        let guard = self.e.any_flag(&skip);
        let guard = guard.map(|g| self.e.not(g));
        self.e.open();
        let more = self.block(continuing, Ctx::default())?;
        if let Some(bi) = break_if {
            self.e.open();
            self.e.set_flag(brk, true);
            let then_block = self.e.close();
            self.e.push(Stmt::If {
                cond: bi,
                then_block,
                else_block: Vec::new(),
            });
        }
        let cont_block = self.e.close();
        match guard {
            Some(g) => self.e.push(Stmt::If {
                cond: g,
                then_block: cont_block,
                else_block: Vec::new(),
            }),
            None => {
                if let Some(b) = self.e.blocks.last_mut() {
                    b.extend(cont_block);
                }
            }
        }
        merge(&mut flags, &more);
        Ok(flags)
    }

    /// Values of the loop body used by `continuing`/`break if` go through locals, since the
    /// body's tail moves under guards where they would no longer be in scope.
    fn demote_continuing_uses(
        &mut self,
        body: &mut Block,
        continuing: &mut Block,
        break_if: &mut Option<ValueId>,
    ) {
        let mut used = Vec::new();
        uses_in_block(continuing, &self.e.func.values, &mut used);
        used.extend(*break_if);
        let defined: Vec<ValueId> = body
            .iter()
            .filter_map(|s| match s {
                Stmt::Let(v) => Some(*v),
                _ => None,
            })
            .filter(|v| used.contains(v))
            .collect();
        if defined.is_empty() {
            return;
        }
        let mut map = FxHashMap::default();
        let mut loads = Vec::new();
        for v in defined {
            let ty = self.e.ty(v);
            let l = self.e.local(&format!("carried{}", v.0), ty);
            if let Some(pos) = body.iter().position(|s| *s == Stmt::Let(v)) {
                body.insert(
                    pos + 1,
                    Stmt::Store {
                        place: Place::local(l),
                        value: v,
                    },
                );
            }
            let nv = push_value(&mut self.e.func, ty, Inst::Load(Place::local(l)));
            loads.push(Stmt::Let(nv));
            map.insert(v, nv);
        }
        rewrite_block(continuing, &mut self.e.func.values, &map);
        if let Some(b) = break_if
            && let Some(n) = map.get(b)
        {
            *b = *n;
        }
        loads.append(continuing);
        *continuing = loads;
    }
}

/// The `break`s of a loop body that leave that loop: those outside nested loops and switches.
fn loop_breaks(block: &[Stmt]) -> usize {
    block
        .iter()
        .map(|s| match s {
            Stmt::Break => 1,
            Stmt::If {
                then_block,
                else_block,
                ..
            } => loop_breaks(then_block) + loop_breaks(else_block),
            _ => 0,
        })
        .sum()
}

fn merge(into: &mut Vec<LocalId>, from: &[LocalId]) {
    for f in from {
        if !into.contains(f) {
            into.push(*f);
        }
    }
}

/// Loads of the whole local `var` anywhere in `block` (nested blocks and loops included).
fn loads_of(block: &[Stmt], values: &[ValueData], var: LocalId, out: &mut Vec<ValueId>) {
    for s in block {
        match s {
            Stmt::Let(v) => {
                if let Some(Inst::Load(p)) = values.get(v.0 as usize).map(|d| &d.inst)
                    && p.root == PlaceRoot::Local(var)
                    && p.path.is_empty()
                {
                    out.push(*v);
                }
            }
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                loads_of(then_block, values, var, out);
                loads_of(else_block, values, var, out);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    loads_of(&c.body, values, var, out);
                }
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                loads_of(body, values, var, out);
                loads_of(continuing, values, var, out);
            }
            _ => {}
        }
    }
}

/// Whether `s` (not looking inside it) writes the local `var`.
fn writes_local(values: &[ValueData], var: LocalId, s: &Stmt) -> bool {
    match s {
        Stmt::Store { place, .. } => place.root == PlaceRoot::Local(var),
        Stmt::Let(v) => match values.get(v.0 as usize).map(|d| &d.inst) {
            Some(Inst::Call(_, args)) => args
                .iter()
                .any(|a| matches!(a, ir::Arg::Place(p) if p.root == PlaceRoot::Local(var))),
            Some(Inst::Atomic { place, .. }) => place.root == PlaceRoot::Local(var),
            _ => false,
        },
        _ => false,
    }
}

/// The induction variables of a loop: locals `i` that the body never writes, that `continuing`
/// writes exactly once, at its top level, as `i = i +/- literal`, and whose last write before
/// the loop (in the same block) is a top-level store of `start`. Returns `(i, start, step)`.
/// Every run of the then-branch but the last reaches `continuing` (only `break` and `return`
/// skip it, and they end the loop), so in run `j` the body sees `i == start + step * j`.
fn induction_variables(
    values: &[ValueData],
    before: &[Stmt],
    body: &Block,
    continuing: &Block,
) -> Vec<(LocalId, ValueId, i64)> {
    let lit = |v: ValueId| match values.get(v.0 as usize).map(|d| &d.inst) {
        Some(Inst::Literal(Literal::I32(x))) => Some(*x as i64),
        Some(Inst::Literal(Literal::U32(x))) => Some(*x as i64),
        _ => None,
    };
    let loaded_local = |v: ValueId| match values.get(v.0 as usize).map(|d| &d.inst) {
        Some(Inst::Load(p)) if p.path.is_empty() => match p.root {
            PlaceRoot::Local(l) => Some(l),
            _ => None,
        },
        _ => None,
    };
    let mut out = Vec::new();
    for s in continuing {
        let Stmt::Store { place, value } = s else {
            continue;
        };
        let PlaceRoot::Local(i) = place.root else {
            continue;
        };
        if !place.path.is_empty() {
            continue;
        }
        let step = match values.get(value.0 as usize).map(|d| &d.inst) {
            Some(Inst::Binary(BinaryOp::Add, x, k)) if loaded_local(*x) == Some(i) => lit(*k),
            Some(Inst::Binary(BinaryOp::Sub, x, k)) if loaded_local(*x) == Some(i) => {
                lit(*k).map(|k| -k)
            }
            _ => None,
        };
        let Some(step) = step else { continue };
        let writes_i = |s: &Stmt| writes_local(values, i, s);
        let writes_in_continuing = continuing
            .iter()
            .filter(|s| contains(std::slice::from_ref(*s), false, &writes_i))
            .count();
        if writes_in_continuing != 1 || contains(body, false, &writes_i) {
            continue;
        }
        let Some(pos) = before
            .iter()
            .rposition(|s| contains(std::slice::from_ref(s), false, &writes_i))
        else {
            continue;
        };
        match &before[pos] {
            Stmt::Store { place, value } if place.path.is_empty() => {
                out.push((i, *value, step));
            }
            _ => {}
        }
    }
    out
}

/// The [`EntryCount`] of a loop whose only exit is its exit test (the caller checks that), when
/// it is a counting loop with a bound fixed at its entry.
fn entry_count(
    module: &Module,
    func: &Function,
    body: &Block,
    continuing: &Block,
) -> Option<EntryCount> {
    let values = &func.values;
    let inst = |v: ValueId| values.get(v.0 as usize).map(|d| &d.inst);
    let whole_local = |v: ValueId| match inst(v) {
        Some(Inst::Load(p)) if p.path.is_empty() => match p.root {
            PlaceRoot::Local(l) => Some(l),
            _ => None,
        },
        _ => None,
    };
    let literal = |v: ValueId| match inst(v) {
        Some(Inst::Literal(Literal::I32(x))) => Some(i64::from(*x)),
        Some(Inst::Literal(Literal::U32(x))) => Some(i64::from(*x)),
        _ => None,
    };
    // Exit test: the first non-`let` statement of the body, as `trip_count` reads it.
    let (cond, exit_on_true) = ir::passes_unroll::loop_exit_test(body)?;
    let Some(&Inst::Binary(op, a, b)) = inst(cond) else {
        return None;
    };
    let in_loop = |l: LocalId| {
        let w = |s: &Stmt| writes_local(values, l, s);
        contains(body, false, &w) || contains(continuing, false, &w)
    };
    // The induction variable is the side the loop writes; the bound, the side it does not.
    let (var, bound, var_left) = match (whole_local(a), whole_local(b)) {
        (Some(x), _) if in_loop(x) => (x, b, true),
        (_, Some(x)) if in_loop(x) => (x, a, false),
        _ => return None,
    };
    let unsigned = match module.types.kind(func.locals.get(var.0 as usize)?.ty) {
        TypeKind::Scalar(Scalar::I32) => false,
        TypeKind::Scalar(Scalar::U32) => true,
        _ => return None,
    };
    let flip = |op: BinaryOp| match op {
        BinaryOp::Lt => Some(BinaryOp::Gt),
        BinaryOp::Le => Some(BinaryOp::Ge),
        BinaryOp::Gt => Some(BinaryOp::Lt),
        BinaryOp::Ge => Some(BinaryOp::Le),
        BinaryOp::Ne => Some(BinaryOp::Ne),
        BinaryOp::Eq => Some(BinaryOp::Eq),
        _ => None,
    };
    let negate = |op: BinaryOp| match op {
        BinaryOp::Lt => Some(BinaryOp::Ge),
        BinaryOp::Le => Some(BinaryOp::Gt),
        BinaryOp::Gt => Some(BinaryOp::Le),
        BinaryOp::Ge => Some(BinaryOp::Lt),
        BinaryOp::Eq => Some(BinaryOp::Ne),
        BinaryOp::Ne => Some(BinaryOp::Eq),
        _ => None,
    };
    let mut test = if var_left { op } else { flip(op)? };
    if exit_on_true {
        test = negate(test)?;
    }
    if test == BinaryOp::Eq {
        return None;
    }
    // Written only by its step: `var = var +/- literal`, once, at the top of `continuing`.
    let w = |s: &Stmt| writes_local(values, var, s);
    if contains(body, false, &w) {
        return None;
    }
    let steps: Vec<&Stmt> = continuing
        .iter()
        .filter(|s| contains(std::slice::from_ref(*s), false, &w))
        .collect();
    let [Stmt::Store { place, value }] = steps.as_slice() else {
        return None;
    };
    if !place.path.is_empty() {
        return None;
    }
    let step = match inst(*value) {
        Some(&Inst::Binary(BinaryOp::Add, x, k)) if whole_local(x) == Some(var) => literal(k)?,
        Some(&Inst::Binary(BinaryOp::Sub, x, k)) if whole_local(x) == Some(var) => -literal(k)?,
        _ => None?,
    };
    if step == 0 {
        return None;
    }
    // The bound's computation in the body: pure, reading only locals the loop never writes.
    let mut defined = Vec::new();
    lets_in(body, &mut defined);
    lets_in(continuing, &mut defined);
    let mut recompute = Vec::new();
    if !invariant(values, &defined, &in_loop, bound, &mut recompute, 0) {
        return None;
    }
    Some(EntryCount {
        var,
        unsigned,
        step,
        test,
        bound,
        recompute,
    })
}

/// Whether `v` has the same value at the loop's entry as in every iteration: defined before the
/// loop, or computed in it without side effects from such values, literals and loads of locals
/// the loop never writes (`written`). Pushes the loop's values to recompute, operands first.
fn invariant(
    values: &[ValueData],
    defined: &[ValueId],
    written: &dyn Fn(LocalId) -> bool,
    v: ValueId,
    out: &mut Vec<ValueId>,
    depth: u32,
) -> bool {
    if !defined.contains(&v) || out.contains(&v) {
        return true;
    }
    if depth > 32 {
        return false;
    }
    let Some(d) = values.get(v.0 as usize) else {
        return false;
    };
    let ok = match &d.inst {
        Inst::Literal(_) | Inst::Zero => true,
        Inst::Load(p) => match p.root {
            PlaceRoot::Local(l) => {
                !written(l) && p.path.iter().all(|a| !matches!(a, ir::Access::Dynamic(_)))
            }
            _ => false,
        },
        Inst::Unary(..)
        | Inst::Binary(..)
        | Inst::Convert(..)
        | Inst::Bitcast(..)
        | Inst::Extract(..)
        | Inst::Swizzle(..)
        | Inst::Select { .. } => d
            .inst
            .operands()
            .into_iter()
            .all(|o| invariant(values, defined, written, o, out, depth + 1)),
        _ => false,
    };
    if ok {
        out.push(v);
    }
    ok
}

/// The values `block` defines, nested blocks included.
fn lets_in(block: &[Stmt], out: &mut Vec<ValueId>) {
    for s in block {
        match s {
            Stmt::Let(v) => out.push(*v),
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                lets_in(then_block, out);
                lets_in(else_block, out);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    lets_in(&c.body, out);
                }
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                lets_in(body, out);
                lets_in(continuing, out);
            }
            _ => {}
        }
    }
}
