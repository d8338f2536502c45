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

use ir::{Access, Block, Inst, LocalId, Place, PlaceRoot, Stmt, ValueId};
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
        p
    }

    fn note_write(&mut self, p: &Place) {
        if let PlaceRoot::Local(l) = p.root {
            self.written.insert(l);
        }
    }

    fn walk(&mut self, norm: &Normalized, block: &Block, depth: u32, loops: &mut Vec<ValueId>) {
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

fn is_pure(inst: &Inst) -> bool {
    !matches!(
        inst,
        Inst::Load(_) | Inst::Call(..) | Inst::Atomic { .. } | Inst::Print(..)
    )
}

impl Rev<'_, '_> {
    /// The primal value of `v` at the current point of the backward region.
    pub fn primal(&mut self, v: ValueId) -> Result<ValueId> {
        for scope in self.memo.iter().rev() {
            if let Some(x) = scope.get(&v) {
                return Ok(*x);
            }
        }
        if self.placement.top.contains(&v) {
            return Ok(v);
        }
        let data = self
            .e
            .func
            .value(v)
            .cloned()
            .ok_or_else(|| self.malformed(format!("unknown value %{}", v.0)))?;
        let recompute_call = match &data.inst {
            Inst::Call(g, args) => {
                self.info.prefer_recompute.contains(g)
                    && !self.info.prefer_checkpoint.contains(g)
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
        } else {
            let l = self.tape_local(v)?;
            let mut path = Vec::new();
            for key in self.placement.loops.get(&v).cloned().unwrap_or_default() {
                let j =
                    self.rev_index.get(&key).copied().ok_or_else(|| {
                        self.malformed(format!("%{} needed outside its loop", v.0))
                    })?;
                path.push(Access::Dynamic(j));
            }
            self.e.load(Place {
                root: PlaceRoot::Local(l),
                path,
            })
        };
        if let Some(scope) = self.memo.last_mut() {
            scope.insert(v, x);
        }
        Ok(x)
    }

    fn tape_local(&mut self, v: ValueId) -> Result<LocalId> {
        if let Some(l) = self.tape.get(&v) {
            return Ok(*l);
        }
        let mut ty = self.e.ty(v);
        let loops = self.placement.loops.get(&v).cloned().unwrap_or_default();
        for key in loops.iter().rev() {
            let info = self
                .norm
                .loops
                .get(key)
                .ok_or_else(|| self.malformed("unknown loop"))?;
            ty = self
                .e
                .module
                .types
                .array(ty, info.max_iters.saturating_add(1));
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
                        let mut path = Vec::new();
                        for key in loops.iter() {
                            let counter = self
                                .norm
                                .loops
                                .get(key)
                                .map(|i| i.counter)
                                .ok_or_else(|| self.malformed("unknown loop"))?;
                            let c = self.e.load(Place::local(counter));
                            path.push(Access::Dynamic(c));
                        }
                        self.e.store(
                            Place {
                                root: PlaceRoot::Local(l),
                                path,
                            },
                            *v,
                        );
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
