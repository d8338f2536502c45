//! Tiered tapes: a backward derivative whose loops keep large tapes also comes in copies with
//! small tapes, tried first.
//!
//! A tape is a function-local array sized for `MaxIters + 1` runs per loop level, and WGSL gives
//! every function-local variable a zero initialiser (naga's SPIR-V: `OpConstantNull`), so every
//! call zero-fills the whole tape, however few iterations run: with `[MaxIters(128)]` and 16
//! iterations, most of the backward derivative's time goes into clearing 516 bytes per thread.
//! Locals are initialised at the entry of the function that declares them, so each tape size
//! needs a function of its own:
//!
//! ```text
//! s_bwd_f(args) { if (!s_bwd_f_tier16(args)) { if (!s_bwd_f_tier64(args)) { s_bwd_f_full(args); } } }
//! ```
//!
//! `s_bwd_f_full` is the transcription as it was; a tier is the same transcription with every
//! tape-carrying loop's tape sized for `min(C, MaxIters) + 1` runs, returning `bool`: when such a
//! loop's then-branch is about to run for the `C + 2`-th time (its counter passed the capacity
//! and the exit test said go on) it returns `false` at once. The backward region and the epilogue
//! run only after the whole primal region did, so a tier that gives up has written nothing but
//! its own locals, and the next tier starts from the same inputs.
//!
//! A counting loop whose trip count is known when it starts ([`EntryCount`]: an induction
//! variable stepped by a constant, an exit test against a bound the loop never changes, no other
//! exit) is checked at its entry instead: the tier returns `false` before the loop when it would
//! run more iterations than the tier holds, so a tier that cannot hold it costs the zero-fill of
//! its tapes and nothing else (see [`entry_check`] for the arithmetic). When every loop a tier
//! bounds is such a loop at the top level of the primal region, with a start and bound computed
//! from parameters nothing wrote before it and constants, the dispatcher makes the same checks
//! and calls only the smallest tier that holds them (or the full function), falling back to the
//! full function should that tier still give up: no tier zero-fills its tapes in vain.
//!
//! That is only true when re-running the primal region changes nothing observable, so a function
//! is tiered only when its primal region (through calls) stores to nothing but locals (no
//! buffers, globals, caller memory, atomics, prints, texture stores) and nothing in it or its
//! backward region synchronises (barriers, subgroup operations: an early `return` makes the rest
//! of the function non-uniform, which WGSL's uniformity analysis rejects before a barrier).
//! A tier is kept only where it makes the tape markedly smaller ([`worth_tiering`]);
//! `[ForceUnroll]` loops have no loop tape. The context size of the dispatcher is the full
//! function's (the largest tier), since the copies never run at the same time.

use ir::{
    Arg, BinaryOp, Block, FuncId, Function, Inst, Literal, LocalId, Module, Param, ParamDir, Place,
    PlaceRoot, Stmt, TypeId, UnaryOp, ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::diff_info::DiffInfo;
use crate::emit::Emitter;
use crate::normalize::{EntryCount, Normalized};
use crate::reverse::type_bytes;

/// Tape capacities (loop iterations) tried before the full tape, smallest first, when
/// [`DiffInfo::tape_tiers`] is not set otherwise (`dslang compile --tape-tiers`). A finer ladder
/// is cheap now that a counting loop's tier gives up at the loop's entry: a tier too small costs
/// its tapes' zero-fill (H100, 16.7M threads, Taylor loop: `16,32,64` was 1.70 ms at 32 terms
/// against 2.24 for `16,64`, before entry checks).
pub const DEFAULT_TAPE_TIERS: &[u32] = &[16, 32, 64];

/// The tape capacities a backward derivative is tiered with (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TapeTiers(Vec<u32>);

impl Default for TapeTiers {
    fn default() -> TapeTiers {
        TapeTiers::new(DEFAULT_TAPE_TIERS.iter().copied())
    }
}

impl TapeTiers {
    /// Capacities in any order; zeros and repeats are dropped.
    pub fn new(capacities: impl IntoIterator<Item = u32>) -> TapeTiers {
        let mut caps: Vec<u32> = capacities.into_iter().filter(|&c| c > 0).collect();
        caps.sort_unstable();
        caps.dedup();
        TapeTiers(caps)
    }

    /// No tiers: every backward derivative is one function.
    pub fn none() -> TapeTiers {
        TapeTiers(Vec::new())
    }

    /// The capacities, smallest first.
    pub fn capacities(&self) -> &[u32] {
        &self.0
    }
}

impl std::str::FromStr for TapeTiers {
    type Err = String;

    /// `none`, or capacities separated by commas (`16,64`).
    fn from_str(s: &str) -> Result<TapeTiers, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("none") {
            return Ok(TapeTiers::none());
        }
        let mut caps = Vec::new();
        for part in s.split(',') {
            let part = part.trim();
            match part.parse::<u32>() {
                Ok(c) if c > 0 => caps.push(c),
                _ => {
                    return Err(format!(
                        "`{part}` is not a tape capacity (a positive number of loop iterations; \
                         `none` turns tiers off)"
                    ));
                }
            }
        }
        Ok(TapeTiers::new(caps))
    }
}

impl std::fmt::Display for TapeTiers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        let caps: Vec<String> = self.0.iter().map(u32::to_string).collect();
        f.write_str(&caps.join(","))
    }
}

/// A tape local of a transcription: `elem` in one array level per loop of `loops` (outermost
/// first).
pub(crate) struct TapeShape {
    pub local: LocalId,
    pub elem: TypeId,
    pub loops: Vec<ValueId>,
    /// Stored every second run of the innermost loop (`crate::thin`).
    pub thinned: bool,
}

/// The regions of a transcribed backward derivative, in order.
pub(crate) struct Regions<'a> {
    pub prologue: &'a Block,
    pub primal: &'a Block,
    /// Adjoint initialisation, backward region and epilogue.
    pub after: Vec<&'a Block>,
}

/// Whether a tier whose tapes take `tier_bytes` is worth trying before a full tape of
/// `full_bytes`: clearing a small tape costs little (a tape of 32 floats or fewer is left
/// alone), and a tier that gives up costs its own tape and the primal work done so far, so the
/// full tape must be at least half as large again as the tier's.
pub(crate) fn worth_tiering(full_bytes: u32, tier_bytes: u32) -> bool {
    const SMALL_TAPE_BYTES: u32 = 128;
    full_bytes > SMALL_TAPE_BYTES && u64::from(full_bytes) * 2 >= u64::from(tier_bytes) * 3
}

/// A tier to build: its capacity, its tape types and the loops it bounds.
struct TierPlan {
    capacity: u32,
    local_types: Vec<(LocalId, TypeId)>,
    /// Canonical loop key -> (its counter, capacity).
    bounded: FxHashMap<ValueId, (LocalId, u32)>,
}

/// Splits the transcription `full` (of `bwd`, whose tapes are `shapes` and context
/// `full_bytes`) into a dispatcher and tiers when that is safe and worth it: returns the
/// dispatcher to put in `bwd`'s place, having added the tiers and the full function to the
/// module (the full one registered as the dispatcher's primal substitute, so that derivatives of
/// `bwd` are made from it). `None`: `full` stays as it is.
#[allow(clippy::too_many_arguments)]
pub(crate) fn split(
    module: &mut Module,
    info: &mut DiffInfo,
    bwd: FuncId,
    full: &Function,
    regions: &Regions<'_>,
    shapes: &[TapeShape],
    norm: &Normalized,
    full_bytes: u32,
) -> Option<Function> {
    if shapes.is_empty() || info.tape_tiers.capacities().is_empty() {
        return None;
    }
    let plans = plan(module, info, full, shapes, norm, full_bytes);
    if plans.is_empty() || !safe_to_replay(module, info, full, regions) {
        return None;
    }
    let choice = dispatch_counts(full, regions, norm, &plans);
    let mut tier_ids = Vec::new();
    for p in &plans {
        let tier = build_tier(module, full, regions, norm, p);
        tier_ids.push((module.add_function(tier), p.capacity));
    }
    let mut whole = full.clone();
    whole.name = format!("{}_full", full.name);
    let full_id = module.add_function(whole);
    info.primal_substitute.insert(bwd, full_id);
    Some(match choice {
        Some(counts) => choosing_dispatcher(module, full, &tier_ids, full_id, &counts),
        None => dispatcher(module, full, &tier_ids, full_id),
    })
}

fn plan(
    module: &mut Module,
    info: &DiffInfo,
    full: &Function,
    shapes: &[TapeShape],
    norm: &Normalized,
    full_bytes: u32,
) -> Vec<TierPlan> {
    let max_iters = |key: &ValueId| norm.loops.get(key).map(|l| l.max_iters);
    let old_bytes: u32 = shapes
        .iter()
        .map(|s| type_bytes(&module.types, full.locals[s.local.0 as usize].ty))
        .fold(0, u32::saturating_add);
    let mut plans = Vec::new();
    for &capacity in info.tape_tiers.capacities() {
        let mut bounded = FxHashMap::default();
        let mut always_gives_up = false;
        for s in shapes {
            for key in &s.loops {
                if let Some(info) = norm.loops.get(key)
                    && info.max_iters > capacity
                {
                    bounded.insert(*key, (info.counter, capacity));
                    always_gives_up |= info.fixed_trips.is_some_and(|n| n > capacity);
                }
            }
        }
        if bounded.is_empty() {
            // Larger capacities bound no loop either.
            break;
        }
        if always_gives_up {
            // A loop that always runs more iterations than this tier holds.
            continue;
        }
        let mut local_types = Vec::new();
        let mut new_bytes = 0u32;
        for s in shapes {
            let mut ty = s.elem;
            for (i, key) in s.loops.iter().rev().enumerate() {
                let n = max_iters(key).unwrap_or(0).min(capacity);
                ty = module
                    .types
                    .array(ty, crate::thin::tape_len(n, s.thinned && i == 0));
            }
            new_bytes = new_bytes.saturating_add(type_bytes(&module.types, ty));
            local_types.push((s.local, ty));
        }
        let tier_bytes = full_bytes
            .saturating_sub(old_bytes)
            .saturating_add(new_bytes);
        if worth_tiering(full_bytes, tier_bytes) {
            plans.push(TierPlan {
                capacity,
                local_types,
                bounded,
            });
        }
    }
    plans
}

/// `full` with tapes of `plan`'s sizes, returning `false` from the primal region when a bounded
/// loop needs more room and `true` at the end.
fn build_tier(
    module: &mut Module,
    full: &Function,
    regions: &Regions<'_>,
    norm: &Normalized,
    plan: &TierPlan,
) -> Function {
    let mut func = full.clone();
    func.name = format!("{}_tier{}", full.name, plan.capacity);
    func.ret = module.types.bool();
    for (l, ty) in &plan.local_types {
        if let Some(local) = func.locals.get_mut(l.0 as usize) {
            local.ty = *ty;
        }
    }
    let mut e = Emitter::new(module, func);
    let primal = bounded_block(&mut e, regions.primal, norm, &plan.bounded);
    let done = e.lit(Literal::Bool(true));
    let tail = e.close();
    let mut body = regions.prologue.clone();
    body.extend(primal);
    for b in &regions.after {
        body.extend(b.iter().cloned());
    }
    body.extend(tail);
    body.push(Stmt::Return(Some(done)));
    let mut func = e.func;
    func.body = body;
    func
}

/// `block` (of the primal region) with `if (counter > capacity) return false;` at the start of
/// the then-branch of every bounded canonical loop.
fn bounded_block(
    e: &mut Emitter<'_>,
    block: &Block,
    norm: &Normalized,
    bounded: &FxHashMap<ValueId, (LocalId, u32)>,
) -> Block {
    let mut out = Vec::new();
    for s in block {
        let stmt = match s {
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => Stmt::If {
                cond: *cond,
                then_block: bounded_block(e, then_block, norm, bounded),
                else_block: bounded_block(e, else_block, norm, bounded),
            },
            Stmt::Switch { selector, cases } => Stmt::Switch {
                selector: *selector,
                cases: cases
                    .iter()
                    .map(|c| ir::SwitchCase {
                        body: bounded_block(e, &c.body, norm, bounded),
                        ..c.clone()
                    })
                    .collect(),
            },
            Stmt::Loop {
                body,
                continuing,
                break_if,
                attrs,
            } => {
                let mut body = bounded_block(e, body, norm, bounded);
                let mut attrs = *attrs;
                let key = crate::checkpoint::canonical(norm, &body).map(|(k, _)| k);
                let bound = key.and_then(|k| Some((k, *bounded.get(&k)?)));
                let at_entry = bound.and_then(|(k, (_, capacity))| {
                    let count = norm.loops.get(&k)?.entry_count.as_ref()?;
                    entry_check(e, count, capacity)
                });
                if let Some(check) = at_entry {
                    // The then-branch runs at most `capacity + 1` times once past the check.
                    attrs.max_iters = bound.map(|(_, (_, c))| c).or(attrs.max_iters);
                    out.extend(check);
                } else if let Some((_, (counter, capacity))) = bound
                    && let Some(Stmt::If { then_block, .. }) = body.last_mut()
                {
                    // The then-branch now runs at most `capacity + 1` times.
                    attrs.max_iters = Some(capacity);
                    e.open();
                    let c = e.load(Place::local(counter));
                    let cap = e.lit(Literal::I32(i32::try_from(capacity).unwrap_or(i32::MAX)));
                    let full = e.bin(BinaryOp::Gt, c, cap);
                    e.open();
                    let no = e.lit(Literal::Bool(false));
                    e.push(Stmt::Return(Some(no)));
                    let give_up = e.close();
                    e.push(Stmt::If {
                        cond: full,
                        then_block: give_up,
                        else_block: Vec::new(),
                    });
                    let mut guarded = e.close();
                    guarded.append(then_block);
                    *then_block = guarded;
                }
                Stmt::Loop {
                    body,
                    continuing: continuing.clone(),
                    break_if: *break_if,
                    attrs,
                }
            }
            other => other.clone(),
        };
        out.push(stmt);
    }
    out
}

/// `if (trips > capacity) return false;` for a loop whose trip count `count` describes, built
/// from its induction variable's value at the entry: `None` where the capacity times the step
/// does not fit the variable's type (the in-loop check stays). The check is exact, or errs
/// towards giving up (which only costs the next tier's attempt), never the other way:
/// - `i < n`, `i <= n` stepping up (`>`, `>=` stepping down): every iteration moves `i` towards
///   the exit, so more than `C` iterations run exactly when the test still holds at
///   `i0 + C * step`; it gives up too when computing that would overflow (`i` would wrap first);
/// - stepping away from the exit: no iteration runs when the test fails at `i0`, and it gives
///   up otherwise (the loop ends only by wrapping around);
/// - `i != n`: it stops after `d / |step|` iterations where `d = n - i0` (against the step's
///   direction: `i0 - n`) in wrapping 32-bit arithmetic, when `|step|` divides `d`; otherwise
///   `i` passes `n` and runs until it wraps around (for an odd step, `2^32 / |step|` ... more
///   than `C` iterations whenever `C * |step| < 2^32`).
fn entry_check(e: &mut Emitter<'_>, count: &EntryCount, capacity: u32) -> Option<Block> {
    let span = entry_span(count, capacity)?;
    e.open();
    let start = e.load(Place::local(count.var));
    let mut map = FxHashMap::default();
    for &v in &count.recompute {
        let Some(d) = e.func.value(v).cloned() else {
            e.close();
            return None;
        };
        let nv = e.emit(crate::emit::map_inst(&d.inst, &map), Some(d.ty));
        map.insert(v, nv);
    }
    let bound = map.get(&count.bound).copied().unwrap_or(count.bound);
    let give_up = give_up_cond(e, count, capacity, span, start, bound);
    e.open();
    let no = e.lit(Literal::Bool(false));
    e.push(Stmt::Return(Some(no)));
    let give_up_block = e.close();
    e.push(Stmt::If {
        cond: give_up,
        then_block: give_up_block,
        else_block: Vec::new(),
    });
    Some(e.close())
}

/// `capacity * |step|` when [`entry_check`] can be built for `count` (it fits the induction
/// variable's type and the test is one it reads).
fn entry_span(count: &EntryCount, capacity: u32) -> Option<i64> {
    let span = u64::from(capacity).checked_mul(count.step.unsigned_abs())?;
    let max = if count.unsigned {
        i64::from(u32::MAX)
    } else {
        i64::from(i32::MAX)
    };
    if span > u64::try_from(max).ok()? || capacity == 0 {
        return None;
    }
    match count.test {
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Ne => {
            i64::try_from(span).ok()
        }
        _ => None,
    }
}

/// Whether the loop `count` describes, entered with its induction variable at `start` and its
/// bound at `bound`, runs more than `capacity` iterations (or may: see [`entry_check`]); `span`
/// comes from [`entry_span`].
fn give_up_cond(
    e: &mut Emitter<'_>,
    count: &EntryCount,
    capacity: u32,
    span: i64,
    start: ValueId,
    bound: ValueId,
) -> ValueId {
    let (min, max) = if count.unsigned {
        (0i64, i64::from(u32::MAX))
    } else {
        (i64::from(i32::MIN), i64::from(i32::MAX))
    };
    let unsigned = count.unsigned;
    let lit = move |x: i64| {
        if unsigned {
            Literal::U32(x as u32)
        } else {
            Literal::I32(x as i32)
        }
    };
    let up = count.step > 0;
    match count.test {
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
            let towards_exit = matches!(count.test, BinaryOp::Lt | BinaryOp::Le) == up;
            if towards_exit {
                // `i0 + C * step` overflows exactly when `i0` is past `max - span` (`min + span`).
                let (edge, past, step) = if up {
                    (max - span, BinaryOp::Gt, BinaryOp::Add)
                } else {
                    (min + span, BinaryOp::Lt, BinaryOp::Sub)
                };
                let edge = e.lit(lit(edge));
                let wraps = e.bin(past, start, edge);
                let span = e.lit(lit(span));
                let last = e.bin(step, start, span);
                let runs = e.bin(count.test, last, bound);
                e.bin(BinaryOp::LogicalOr, wraps, runs)
            } else {
                e.bin(count.test, start, bound)
            }
        }
        BinaryOp::Ne => {
            let d = if up {
                e.bin(BinaryOp::Sub, bound, start)
            } else {
                e.bin(BinaryOp::Sub, start, bound)
            };
            let d = if unsigned {
                d
            } else {
                let u32t = e.module.types.scalar(ir::Scalar::U32);
                e.emit(Inst::Bitcast(d, ir::Scalar::U32), Some(u32t))
            };
            // `entry_span` checked `capacity * |step|` fits 32 bits.
            let step = e.lit(Literal::U32(
                u32::try_from(count.step.unsigned_abs()).unwrap_or(u32::MAX),
            ));
            let rem = e.bin(BinaryOp::Rem, d, step);
            let zero = e.lit(Literal::U32(0));
            let uneven = e.bin(BinaryOp::Ne, rem, zero);
            let trips = e.bin(BinaryOp::Div, d, step);
            let cap = e.lit(Literal::U32(capacity));
            let many = e.bin(BinaryOp::Gt, trips, cap);
            e.bin(BinaryOp::LogicalOr, uneven, many)
        }
        // `entry_span` admits no other test.
        _ => e.lit(Literal::Bool(true)),
    }
}

/// The dispatcher's body: `inner` (the calls), then a return.
fn finish_dispatcher(mut e: Emitter<'_>, inner: Vec<Stmt>) -> Function {
    for s in inner {
        e.push(s);
    }
    e.push(Stmt::Return(None));
    let mut func = e.func;
    func.body = e.blocks.pop().unwrap_or_default();
    func
}

/// The dispatcher's function before its body: the full function's name and signature.
fn empty_dispatcher(full: &Function) -> Function {
    Function {
        name: full.name.clone(),
        params: full.params.clone(),
        ret: full.ret,
        locals: Vec::new(),
        values: Vec::new(),
        body: Vec::new(),
    }
}

/// `void bwd(params) { if (!tier0(params)) { if (!tier1(params)) { ... full(params); } } }`
fn dispatcher(
    module: &mut Module,
    full: &Function,
    tiers: &[(FuncId, u32)],
    full_id: FuncId,
) -> Function {
    let mut e = Emitter::new(module, empty_dispatcher(full));
    let args = forward_args(&mut e);
    // Built innermost first: the full call, then each tier around it.
    e.open();
    e.emit(Inst::Call(full_id, args.clone()), None);
    let mut inner = e.close();
    for &(tier, _) in tiers.iter().rev() {
        e.open();
        let ok = e.emit(Inst::Call(tier, args.clone()), None);
        let failed = e.emit(Inst::Unary(UnaryOp::Not, ok), None);
        e.push(Stmt::If {
            cond: failed,
            then_block: inner,
            else_block: Vec::new(),
        });
        inner = e.close();
    }
    finish_dispatcher(e, inner)
}

/// A top-level counting loop of the primal region whose trip count the dispatcher can compute
/// from its own parameters.
struct DispatchCount {
    key: ValueId,
    count: EntryCount,
    start: Sym,
    bound: Sym,
}

/// A value of the full function rebuilt from literals and loads of parameters: `inst` with its
/// `operands` (values of the full function) rebuilt first.
type Sym = std::rc::Rc<SymNode>;

struct SymNode {
    inst: Inst,
    ty: TypeId,
    operands: Vec<(ValueId, Sym)>,
}

/// The trip counts the dispatcher checks to call the one tier that holds them: `Some` when every
/// loop any tier bounds is a top-level loop of the primal region whose [`EntryCount`] start and
/// bound depend only on parameters nothing writes before it, and on constants, and each tier's
/// check can be built. `None`: the dispatcher keeps the cascade.
fn dispatch_counts(
    full: &Function,
    regions: &Regions<'_>,
    norm: &Normalized,
    plans: &[TierPlan],
) -> Option<Vec<DispatchCount>> {
    let mut facts = EntryFacts {
        full,
        locals: FxHashMap::default(),
        lets: FxHashMap::default(),
        written_params: FxHashSet::default(),
        found: Vec::new(),
    };
    if facts.walk(regions.prologue, None) {
        facts.walk(regions.primal, Some(norm));
    }
    let found = facts.found;
    for p in plans {
        for key in p.bounded.keys() {
            let d = found.iter().find(|d| d.key == *key)?;
            entry_span(&d.count, p.capacity)?;
        }
    }
    Some(
        found
            .into_iter()
            .filter(|d| plans.iter().any(|p| p.bounded.contains_key(&d.key)))
            .collect(),
    )
}

/// What the top-level statements before a point of the full function leave in its locals, as
/// far as it depends only on parameters and constants.
struct EntryFacts<'f> {
    full: &'f Function,
    /// Whole locals holding a value known from parameters.
    locals: FxHashMap<LocalId, Sym>,
    /// Top-level values, as computed when they were defined.
    lets: FxHashMap<ValueId, Sym>,
    /// Parameters written so far (their loads no longer read the caller's value).
    written_params: FxHashSet<u32>,
    found: Vec<DispatchCount>,
}

impl EntryFacts<'_> {
    /// Follows the top-level statements of `block`, noting its top-level counting loops when
    /// `loops` is given. False when it stops early (a `return`, `break` or `continue`: what
    /// follows may not run).
    fn walk(&mut self, block: &Block, loops: Option<&Normalized>) -> bool {
        for s in block {
            match s {
                Stmt::Let(v) => {
                    self.forget_call_writes(*v);
                    if let Some(sym) = self.resolve(*v, &[*v], 0) {
                        self.lets.insert(*v, sym);
                    }
                }
                Stmt::Store { place, value } => match place.root {
                    PlaceRoot::Local(l) => {
                        let known = self.lets.get(value).cloned();
                        match known {
                            Some(sym) if place.path.is_empty() => {
                                self.locals.insert(l, sym);
                            }
                            _ => {
                                self.locals.remove(&l);
                            }
                        }
                    }
                    PlaceRoot::Param(i) => {
                        self.written_params.insert(i);
                    }
                    PlaceRoot::Global(_) => {}
                },
                Stmt::Loop { body, .. } => {
                    if let Some(norm) = loops {
                        self.note_loop(norm, body);
                    }
                    self.forget_writes(std::slice::from_ref(s));
                }
                Stmt::If { .. } | Stmt::Switch { .. } => {
                    self.forget_writes(std::slice::from_ref(s))
                }
                Stmt::Barrier(_) => {}
                Stmt::Break | Stmt::Continue | Stmt::Return(_) => return false,
            }
        }
        true
    }

    fn note_loop(&mut self, norm: &Normalized, body: &Block) {
        let Some((key, _)) = crate::checkpoint::canonical(norm, body) else {
            return;
        };
        let Some(count) = norm.loops.get(&key).and_then(|l| l.entry_count.clone()) else {
            return;
        };
        let start = self.locals.get(&count.var).cloned();
        let bound = self.resolve(count.bound, &count.recompute, 0);
        if let (Some(start), Some(bound)) = (start, bound) {
            self.found.push(DispatchCount {
                key,
                count,
                start,
                bound,
            });
        }
    }

    /// `v` rebuilt from parameters and constants: a top-level value as it was defined, or one of
    /// `fresh` (being defined now, or a loop's values recomputed at its entry) from the locals
    /// as they are now.
    fn resolve(&self, v: ValueId, fresh: &[ValueId], depth: u32) -> Option<Sym> {
        if let Some(sym) = self.lets.get(&v) {
            return Some(sym.clone());
        }
        let d = self.full.value(v)?;
        let leaf = || {
            Some(std::rc::Rc::new(SymNode {
                inst: d.inst.clone(),
                ty: d.ty,
                operands: Vec::new(),
            }))
        };
        if matches!(d.inst, Inst::Literal(_) | Inst::Zero) {
            return leaf();
        }
        // A value defined earlier but not at top level, or deeper than any real bound.
        if !fresh.contains(&v) || depth > 32 {
            return None;
        }
        match &d.inst {
            Inst::Load(p) => {
                if p.path.iter().any(|a| matches!(a, ir::Access::Dynamic(_))) {
                    return None;
                }
                match p.root {
                    PlaceRoot::Local(l) if p.path.is_empty() => self.locals.get(&l).cloned(),
                    PlaceRoot::Param(i) if !self.written_params.contains(&i) => leaf(),
                    _ => None,
                }
            }
            Inst::Unary(..)
            | Inst::Binary(..)
            | Inst::Convert(..)
            | Inst::Bitcast(..)
            | Inst::Extract(..)
            | Inst::Swizzle(..)
            | Inst::Select { .. } => {
                let mut operands = Vec::new();
                for o in d.inst.operands() {
                    operands.push((o, self.resolve(o, fresh, depth + 1)?));
                }
                Some(std::rc::Rc::new(SymNode {
                    inst: d.inst.clone(),
                    ty: d.ty,
                    operands,
                }))
            }
            _ => None,
        }
    }

    /// Forgets what a call `v` may write through its place arguments.
    fn forget_call_writes(&mut self, v: ValueId) {
        if let Some(Inst::Call(_, args)) = self.full.value(v).map(|d| &d.inst) {
            for a in args {
                if let Arg::Place(p) = a {
                    self.forget_root(&p.root);
                }
            }
        }
    }

    fn forget_root(&mut self, root: &PlaceRoot) {
        match *root {
            PlaceRoot::Local(l) => {
                self.locals.remove(&l);
            }
            PlaceRoot::Param(i) => {
                self.written_params.insert(i);
            }
            PlaceRoot::Global(_) => {}
        }
    }

    /// Forgets every local and parameter `block` writes, nested blocks included.
    fn forget_writes(&mut self, block: &[Stmt]) {
        for s in block {
            match s {
                Stmt::Let(v) => self.forget_call_writes(*v),
                Stmt::Store { place, .. } => self.forget_root(&place.root),
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => {
                    self.forget_writes(then_block);
                    self.forget_writes(else_block);
                }
                Stmt::Switch { cases, .. } => {
                    for c in cases {
                        self.forget_writes(&c.body);
                    }
                }
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    self.forget_writes(body);
                    self.forget_writes(continuing);
                }
                Stmt::Barrier(_) | Stmt::Break | Stmt::Continue | Stmt::Return(_) => {}
            }
        }
    }
}

/// Emits `sym` (and what it needs) into the dispatcher, once per node.
fn emit_sym(e: &mut Emitter<'_>, sym: &Sym, done: &mut Vec<(*const SymNode, ValueId)>) -> ValueId {
    let ptr = std::rc::Rc::as_ptr(sym);
    if let Some(&(_, v)) = done.iter().find(|(p, _)| *p == ptr) {
        return v;
    }
    let mut map = FxHashMap::default();
    for (old, op) in &sym.operands {
        let v = emit_sym(e, op, done);
        map.insert(*old, v);
    }
    let v = e.emit(crate::emit::map_inst(&sym.inst, &map), Some(sym.ty));
    done.push((ptr, v));
    v
}

/// The arguments that pass the dispatcher's own parameters on.
fn forward_args(e: &mut Emitter<'_>) -> Vec<Arg> {
    let params: Vec<Param> = e.func.params.clone();
    let mut args = Vec::new();
    for (i, p) in params.iter().enumerate() {
        let place = Place::param(i as u32);
        args.push(match p.dir {
            ParamDir::In => Arg::Value(e.load(place)),
            ParamDir::InOut | ParamDir::Out => Arg::Place(place),
        });
    }
    args
}

/// `void bwd(params) { counts; if (fits tier0) { if (!tier0(params)) full(params); } else if
/// (fits tier1) { ... } else { full(params); } }`: the trip counts `counts` pick the one tier
/// that holds them; a tier that still gives up (a check of its own) falls back to the full
/// function, which runs from the same inputs.
fn choosing_dispatcher(
    module: &mut Module,
    full: &Function,
    tiers: &[(FuncId, u32)],
    full_id: FuncId,
    counts: &[DispatchCount],
) -> Function {
    let mut e = Emitter::new(module, empty_dispatcher(full));
    let args = forward_args(&mut e);
    let mut done = Vec::new();
    let entries: Vec<(ValueId, ValueId)> = counts
        .iter()
        .map(|c| {
            let start = emit_sym(&mut e, &c.start, &mut done);
            let bound = emit_sym(&mut e, &c.bound, &mut done);
            (start, bound)
        })
        .collect();
    // Built innermost first: the full call, then each tier around it.
    e.open();
    e.emit(Inst::Call(full_id, args.clone()), None);
    let mut inner = e.close();
    for &(tier, capacity) in tiers.iter().rev() {
        e.open();
        let mut too_many = None;
        for (c, &(start, bound)) in counts.iter().zip(&entries) {
            let Some(span) = entry_span(&c.count, capacity) else {
                continue;
            };
            let g = give_up_cond(&mut e, &c.count, capacity, span, start, bound);
            too_many = Some(match too_many {
                Some(prev) => e.bin(BinaryOp::LogicalOr, prev, g),
                None => g,
            });
        }
        e.open();
        let ok = e.emit(Inst::Call(tier, args.clone()), None);
        let failed = e.emit(Inst::Unary(UnaryOp::Not, ok), None);
        e.open();
        e.emit(Inst::Call(full_id, args.clone()), None);
        let fallback = e.close();
        e.push(Stmt::If {
            cond: failed,
            then_block: fallback,
            else_block: Vec::new(),
        });
        let run_tier = e.close();
        match too_many {
            Some(cond) => e.push(Stmt::If {
                cond,
                then_block: inner,
                else_block: run_tier,
            }),
            None => {
                for s in run_tier {
                    e.push(s);
                }
            }
        }
        inner = e.close();
    }
    finish_dispatcher(e, inner)
}

/// Whether giving up in the primal region and running the next tier from the start is
/// unobservable, and an early return breaks no uniformity requirement.
fn safe_to_replay(module: &Module, info: &DiffInfo, full: &Function, r: &Regions<'_>) -> bool {
    let mut scan = Scan {
        module,
        info,
        stores_checked: FxHashSet::default(),
        sync_checked: FxHashSet::default(),
    };
    let primal_stores_locals_only = [r.prologue, r.primal]
        .iter()
        .all(|b| scan.stores_only_locals(full, b, true));
    primal_stores_locals_only
        && [r.prologue, r.primal]
            .into_iter()
            .chain(r.after.iter().copied())
            .all(|b| scan.never_synchronises(full, b))
}

struct Scan<'m> {
    module: &'m Module,
    info: &'m DiffInfo,
    /// Functions being or already checked (calls are acyclic in valid programs).
    stores_checked: FxHashSet<FuncId>,
    sync_checked: FxHashSet<FuncId>,
}

impl<'m> Scan<'m> {
    /// The body that runs when `g` is called: a backward derivative still waiting for its
    /// transcription has none yet, and its primal function's body stands for it (it
    /// synchronises where that does).
    fn body_of(&self, g: FuncId) -> Option<&'m Function> {
        let func = self.module.function(g)?;
        if !func.body.is_empty() {
            return Some(func);
        }
        let primal = self
            .info
            .bwd_done
            .iter()
            .find_map(|(orig, b)| (*b == g).then_some(*orig));
        Some(primal.and_then(|p| self.module.function(p)).unwrap_or(func))
    }

    /// Whether `block` of `func` writes nothing but locals (and, when `own_params` is false,
    /// its parameters, which are the caller's locals). Calls are followed.
    fn stores_only_locals(&mut self, func: &Function, block: &Block, own_params: bool) -> bool {
        let caller_memory = |root: &PlaceRoot| match *root {
            PlaceRoot::Local(_) => false,
            PlaceRoot::Global(_) => true,
            PlaceRoot::Param(i) => {
                own_params
                    && func
                        .params
                        .get(i as usize)
                        .is_none_or(|p| p.dir != ParamDir::In)
            }
        };
        for s in block {
            let ok = match s {
                Stmt::Let(v) => match func.value(*v).map(|d| &d.inst) {
                    Some(Inst::Atomic { .. } | Inst::Print(..)) => false,
                    Some(Inst::Texture { op, .. }) => *op != ir::TextureOp::Store,
                    Some(Inst::Call(g, args)) => {
                        let Some(callee) = self.module.function(*g) else {
                            return false;
                        };
                        let writes_outside = callee.params.iter().zip(args).any(|(p, a)| {
                            p.dir != ParamDir::In
                                && matches!(a, Arg::Place(pl) if caller_memory(&pl.root))
                        });
                        !writes_outside && self.callee_stores_only_locals(*g)
                    }
                    _ => true,
                },
                Stmt::Store { place, .. } => !caller_memory(&place.root),
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => {
                    self.stores_only_locals(func, then_block, own_params)
                        && self.stores_only_locals(func, else_block, own_params)
                }
                Stmt::Switch { cases, .. } => cases
                    .iter()
                    .all(|c| self.stores_only_locals(func, &c.body, own_params)),
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    self.stores_only_locals(func, body, own_params)
                        && self.stores_only_locals(func, continuing, own_params)
                }
                Stmt::Barrier(_) => false,
                Stmt::Break | Stmt::Continue | Stmt::Return(_) => true,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    fn callee_stores_only_locals(&mut self, g: FuncId) -> bool {
        if !self.stores_checked.insert(g) {
            return true;
        }
        let module = self.module;
        match module.function(g) {
            Some(callee) => self.stores_only_locals(callee, &callee.body, false),
            None => false,
        }
    }

    /// Whether nothing in `block` (through calls) is a barrier or a subgroup operation.
    fn never_synchronises(&mut self, func: &Function, block: &Block) -> bool {
        block.iter().all(|s| match s {
            Stmt::Let(v) => match func.value(*v).map(|d| &d.inst) {
                Some(Inst::Math(m, _)) => !m.is_subgroup(),
                Some(Inst::Call(g, _)) => {
                    if !self.sync_checked.insert(*g) {
                        return true;
                    }
                    match self.body_of(*g) {
                        Some(callee) => self.never_synchronises(callee, &callee.body),
                        None => false,
                    }
                }
                _ => true,
            },
            Stmt::Barrier(_) => false,
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                self.never_synchronises(func, then_block)
                    && self.never_synchronises(func, else_block)
            }
            Stmt::Switch { cases, .. } => {
                cases.iter().all(|c| self.never_synchronises(func, &c.body))
            }
            Stmt::Loop {
                body, continuing, ..
            } => self.never_synchronises(func, body) && self.never_synchronises(func, continuing),
            Stmt::Store { .. } | Stmt::Break | Stmt::Continue | Stmt::Return(_) => true,
        })
    }
}
