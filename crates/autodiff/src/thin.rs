//! Thinned loop tapes: a loop-carried value is stored every second iteration only, and the
//! backward region replays one iteration of the loop body to get it at the odd ones.
//!
//! A tape in a loop is the largest memory traffic of a reverse derivative (each run stores
//! and later loads one element per stored value; on a GPU that is local memory, and past a
//! few dozen floats per thread it goes to DRAM). Many loops carry their state in a few locals
//! that the body reads at the start of an iteration and overwrites with a cheap function of
//! them (`term = -term * x * x / f(k)`). For such a load `v` of local `l`, the value in run
//! `j` is the value stored to `l` in run `j - 1`: when `j` is odd, the backward region
//! recomputes that stored value from run `j - 1`'s loads (checkpointed, `j - 1` being even),
//! the loop's induction variables and values from outside the loop. The tape halves and the
//! backward region does half an iteration of primal arithmetic more per run; gradients are
//! bit-identical (the same operations on the same operands).
//!
//! A load qualifies when (all checked here, structurally):
//! - it reads a whole local `l` in a block `B` of a canonical loop that runs in every run but
//!   the last one: the loop's then-branch, or a then-branch of `if (!flag)` inside it where
//!   `flag` is one of the loop's exit flags (`brk`, `ret_flag`: once set, the loop ends), at
//!   any depth of such ifs;
//! - every write of `l` in the loop is a whole store at the top level of `B`, after the load
//!   (the last one gives the next run's value);
//! - the stored value is computed by pure instructions from loads that qualify themselves
//!   (in the same loop), induction variables of the loop, read-only locals and values
//!   defined outside the loop, with at most `MAX_REPLAY` instructions;
//! - the loop may run at least `MIN_ITERS` times (small tapes are left alone).

use ir::{Access, BinaryOp, Inst, Literal, LocalId, Place, PlaceRoot, Stmt, UnaryOp, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::checkpoint::{Placement, canonical, is_pure};
use crate::linearize::DiffError;
use crate::normalize::Normalized;
use crate::reverse::Rev;

type Result<T> = std::result::Result<T, DiffError>;

/// Instructions one replay may recompute: more, and storing is cheaper than recomputing.
const MAX_REPLAY: usize = 32;
/// Loops bounded by fewer iterations keep a whole tape.
const MIN_ITERS: u32 = 16;

/// A thinned tape value.
#[derive(Clone, Debug)]
pub(crate) struct Thin {
    /// The loop whose runs the tape's innermost dimension counts.
    pub key: ValueId,
    /// The value stored to the local in the previous run.
    pub next: ValueId,
    /// The thinned loads `next` is computed from (their checkpoints at the even run).
    pub needs: Vec<ValueId>,
}

/// The loads of `norm` whose tapes can be thinned.
pub(crate) fn find(norm: &Normalized, placement: &Placement) -> FxHashMap<ValueId, Thin> {
    let mut candidates = FxHashMap::default();
    loops(norm, &norm.body, &mut candidates);
    let mut out: FxHashMap<ValueId, Thin> = FxHashMap::default();
    for (&v, &(key, next)) in &candidates {
        let mut s = Slice {
            norm,
            placement,
            key,
            candidates: &candidates,
            seen: FxHashSet::default(),
            needs: Vec::new(),
            insts: 0,
        };
        if s.replayable(next) {
            let mut needs = s.needs;
            needs.sort();
            out.insert(v, Thin { key, next, needs });
        }
    }
    // A replay needs the checkpoints of the loads it reads: those must be thinned too.
    loop {
        let before = out.len();
        let kept: FxHashSet<ValueId> = out.keys().copied().collect();
        out.retain(|_, t| t.needs.iter().all(|u| kept.contains(u)));
        if out.len() == before {
            return out;
        }
    }
}

/// Collects the candidate loads (load -> (loop key, next value)) of every canonical loop.
fn loops(norm: &Normalized, block: &[Stmt], out: &mut FxHashMap<ValueId, (ValueId, ValueId)>) {
    for s in block {
        match s {
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                loops(norm, then_block, out);
                loops(norm, else_block, out);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    loops(norm, &c.body, out);
                }
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                if let Some((key, then_block)) = canonical(norm, body)
                    && let Some(info) = norm.loops.get(&key)
                    && info.max_iters >= MIN_ITERS
                {
                    let mut writes = FxHashMap::default();
                    count_writes(norm, body, &mut writes);
                    count_writes(norm, continuing, &mut writes);
                    let skip: FxHashSet<LocalId> = info
                        .exit_flags
                        .iter()
                        .copied()
                        .chain([info.counter])
                        .collect();
                    let l = Loop {
                        norm,
                        key,
                        exit_flags: &info.exit_flags,
                        writes: &writes,
                        skip: &skip,
                    };
                    l.guarded(then_block, out);
                }
                loops(norm, body, out);
                loops(norm, continuing, out);
            }
            _ => {}
        }
    }
}

/// Write sites per local (whole stores count one each; anything else counts as many).
fn count_writes(norm: &Normalized, block: &[Stmt], out: &mut FxHashMap<LocalId, usize>) {
    const MANY: usize = usize::MAX / 2;
    for s in block {
        match s {
            Stmt::Store { place, .. } => {
                if let PlaceRoot::Local(l) = place.root {
                    let n = if place.path.is_empty() { 1 } else { MANY };
                    *out.entry(l).or_default() += n;
                }
            }
            Stmt::Let(v) => {
                if let Some(Inst::Call(_, args)) = norm.func.value(*v).map(|d| &d.inst) {
                    for a in args {
                        if let ir::Arg::Place(p) = a
                            && let PlaceRoot::Local(l) = p.root
                        {
                            *out.entry(l).or_default() += MANY;
                        }
                    }
                }
            }
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                count_writes(norm, then_block, out);
                count_writes(norm, else_block, out);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    count_writes(norm, &c.body, out);
                }
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                count_writes(norm, body, out);
                count_writes(norm, continuing, out);
            }
            _ => {}
        }
    }
}

struct Loop<'a> {
    norm: &'a Normalized,
    key: ValueId,
    exit_flags: &'a [LocalId],
    /// Write sites in the whole loop, per local.
    writes: &'a FxHashMap<LocalId, usize>,
    /// The exit flags and the iteration counter: never thinned.
    skip: &'a FxHashSet<LocalId>,
}

impl Loop<'_> {
    /// `block` runs in every run of the loop but the last.
    fn guarded(&self, block: &[Stmt], out: &mut FxHashMap<ValueId, (ValueId, ValueId)>) {
        let mut first_load: FxHashMap<LocalId, ValueId> = FxHashMap::default();
        let mut stored: FxHashMap<LocalId, (usize, ValueId)> = FxHashMap::default();
        for s in block {
            match s {
                Stmt::Let(v) => {
                    if let Some(l) = whole_local_load(self.norm, *v)
                        && !stored.contains_key(&l)
                    {
                        first_load.entry(l).or_insert(*v);
                    }
                }
                Stmt::Store { place, value } if place.path.is_empty() => {
                    if let PlaceRoot::Local(l) = place.root {
                        let e = stored.entry(l).or_insert((0, *value));
                        *e = (e.0 + 1, *value);
                    }
                }
                Stmt::If {
                    cond, then_block, ..
                } if self.is_exit_guard(*cond) => self.guarded(then_block, out),
                _ => {}
            }
        }
        for (l, v) in first_load {
            if self.skip.contains(&l) {
                continue;
            }
            if let Some(&(n, next)) = stored.get(&l)
                && self.writes.get(&l) == Some(&n)
            {
                out.insert(v, (self.key, next));
            }
        }
    }

    /// `!flag` for one of the loop's exit flags.
    fn is_exit_guard(&self, cond: ValueId) -> bool {
        let Some(Inst::Unary(UnaryOp::Not, f)) = self.norm.func.value(cond).map(|d| &d.inst) else {
            return false;
        };
        whole_local_load(self.norm, *f).is_some_and(|l| self.exit_flags.contains(&l))
    }
}

fn whole_local_load(norm: &Normalized, v: ValueId) -> Option<LocalId> {
    match norm.func.value(v).map(|d| &d.inst) {
        Some(Inst::Load(p)) if p.path.is_empty() => match p.root {
            PlaceRoot::Local(l) => Some(l),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a value of loop `key` can be recomputed in a replay of one run.
struct Slice<'a> {
    norm: &'a Normalized,
    placement: &'a Placement,
    key: ValueId,
    candidates: &'a FxHashMap<ValueId, (ValueId, ValueId)>,
    seen: FxHashSet<ValueId>,
    needs: Vec<ValueId>,
    insts: usize,
}

impl Slice<'_> {
    fn replayable(&mut self, u: ValueId) -> bool {
        if !self.seen.insert(u) {
            return true;
        }
        let loops = self
            .placement
            .loops
            .get(&u)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        if !loops.contains(&self.key) {
            // Defined outside the loop: the same in every run.
            return true;
        }
        if loops.last() != Some(&self.key) {
            // In a loop nested in this one.
            return false;
        }
        if self
            .norm
            .induction
            .get(&u)
            .is_some_and(|i| i.key == self.key)
        {
            return true;
        }
        if let Some(&same) = self.placement.same_as.get(&u) {
            return self.replayable(same);
        }
        if self.candidates.get(&u).is_some_and(|(k, _)| *k == self.key) {
            self.needs.push(u);
            return true;
        }
        let Some(data) = self.norm.func.value(u) else {
            return false;
        };
        if let Some(l) = whole_local_load(self.norm, u) {
            return !self.placement.written.contains(&l);
        }
        if !is_pure(&data.inst) {
            return false;
        }
        self.insts += 1;
        self.insts <= MAX_REPLAY
            && data
                .inst
                .operands()
                .into_iter()
                .all(|op| self.replayable(op))
    }
}

/// Entries of a tape dimension for a loop of at most `max_iters + 1` runs.
pub(crate) fn tape_len(max_iters: u32, thinned: bool) -> u32 {
    if thinned {
        max_iters / 2 + 1
    } else {
        max_iters.saturating_add(1)
    }
}

impl Rev<'_, '_> {
    /// Primal region: `if ((j & 1) == 0) { tape[.., j >> 1] = v; }` at run `j` (the last
    /// element of `path`).
    pub(crate) fn store_even_runs(&mut self, tape: LocalId, mut path: Vec<Access>, v: ValueId) {
        let Some(Access::Dynamic(j)) = path.pop() else {
            return self.e.store(
                Place {
                    root: PlaceRoot::Local(tape),
                    path,
                },
                v,
            );
        };
        let (half, odd) = self.halve(j);
        let zero = self.e.lit(Literal::I32(0));
        let even = self.e.bin(BinaryOp::Eq, odd, zero);
        self.e.open();
        path.push(Access::Dynamic(half));
        self.e.store(
            Place {
                root: PlaceRoot::Local(tape),
                path,
            },
            v,
        );
        let then_block = self.e.close();
        self.e.push(Stmt::If {
            cond: even,
            then_block,
            else_block: Vec::new(),
        });
    }

    /// `(j >> 1, j & 1)`.
    fn halve(&mut self, j: ValueId) -> (ValueId, ValueId) {
        let one = self.e.lit(Literal::I32(1));
        (
            self.e.bin(BinaryOp::Shr, j, one),
            self.e.bin(BinaryOp::BitAnd, j, one),
        )
    }

    /// Backward region: thinned `v` at the current run `j` of its loop: the checkpoint when
    /// `j` is even, else its `next` value replayed at run `j - 1` from the checkpoints there.
    pub(crate) fn thinned(&mut self, v: ValueId) -> Result<ValueId> {
        let thin = self
            .thin
            .get(&v)
            .cloned()
            .ok_or_else(|| self.malformed("not a thinned tape"))?;
        let j = self
            .rev_index
            .get(&thin.key)
            .copied()
            .ok_or_else(|| self.malformed(format!("%{} needed outside its loop", v.0)))?;
        let (half, odd) = self.halve(j);
        let known = self.parity.get(&thin.key).copied();
        let key = thin.key;
        let checkpoint = |s: &mut Self, u: ValueId| -> Result<ValueId> {
            if known == Some(false)
                && let Some(&(k, loaded)) = s.pair_loads.get(&u)
                && k == key
            {
                return Ok(loaded);
            }
            let tape = s.tape_local(u)?;
            let mut path = Vec::new();
            let loops = s.placement.tape_loops(u);
            for key in &loops[..loops.len().saturating_sub(1)] {
                let k = s
                    .rev_index
                    .get(key)
                    .copied()
                    .ok_or_else(|| s.malformed(format!("%{} needed outside its loop", u.0)))?;
                path.push(Access::Dynamic(k));
            }
            path.push(Access::Dynamic(half));
            let root = PlaceRoot::Local(tape);
            let loaded = s.e.load(Place { root, path });
            if known == Some(true) && s.run_depth.get(&key) == Some(&s.e.blocks.len()) {
                s.pair_loads.insert(u, (key, loaded));
            }
            Ok(loaded)
        };
        let stored = checkpoint(self, v)?;
        if known == Some(false) {
            return Ok(stored);
        }
        let result = if known.is_none() {
            let ty = self.e.ty(v);
            let result = self.e.local(&format!("replay{}", v.0), ty);
            self.e.store(Place::local(result), stored);
            self.e.open();
            Some(result)
        } else {
            None
        };
        // Run j - 1: its loads from their checkpoints, everything else of the loop recomputed.
        let one = self.e.lit(Literal::I32(1));
        let previous = self.e.bin(BinaryOp::Sub, j, one);
        let mut scope = FxHashMap::default();
        scope.insert(v, stored);
        for &u in &thin.needs {
            if u != v {
                let c = checkpoint(self, u)?;
                scope.insert(u, c);
            }
        }
        self.memo.push(scope);
        let outer_floor = self.replay_floor.replace((self.memo.len() - 1, thin.key));
        self.rev_index.insert(thin.key, previous);
        let replayed = self.primal(thin.next);
        self.rev_index.insert(thin.key, j);
        self.replay_floor = outer_floor;
        self.memo.pop();
        let Some(result) = result else {
            // A run known to be odd: the replayed value, no branch.
            return replayed;
        };
        self.e.store(Place::local(result), replayed?);
        let then_block = self.e.close();
        let zero = self.e.lit(Literal::I32(0));
        let is_odd = self.e.bin(BinaryOp::Ne, odd, zero);
        self.e.push(Stmt::If {
            cond: is_odd,
            then_block,
            else_block: Vec::new(),
        });
        Ok(self.e.load(Place::local(result)))
    }
}
