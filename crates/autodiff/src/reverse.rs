//! Reverse mode: `f` -> `s_bwd_f` (`bwd_diff(f)`), the driver of the passes.
//!
//! `normalize` makes the control flow canonical; then one transcription builds the backward
//! function in four parts:
//!
//! 1. prologue: parameters' primal values copied into the normalised body's locals;
//! 2. primal region (`unzip`): the normalised body, plus a store of every primal value the
//!    backward region needs and cannot recompute into a *tape* local (`checkpoint`);
//! 3. backward region (`transpose`): adjoint locals initialised (outputs' incoming derivatives,
//!    zero elsewhere), then the normalised body walked backwards, each instruction turned into
//!    accumulations into its operands' adjoints; loops run backwards with a reverse counter;
//! 4. epilogue: the inputs' adjoints written to the `.d` fields of the pair parameters.
//!
//! The linear rules are those of `linearize` (forward mode), applied transposed: the backward
//! region is the transpose of the differential region forward mode would build, without
//! materialising it first.
//!
//! **Tape.** The context stays in the function itself: fixed-size local arrays indexed by loop
//! counters, `MaxIters + 1` entries per loop level. `DiffInfo::bwd_context_bytes` reports the
//! tape's size per thread.
//!
//! **Callees.** A differentiable callee is called as-is in the primal region; the backward
//! region calls its backward derivative (`s_bwd_g` or a custom one), which re-runs `g`'s primal
//! code internally (its context is recomputed). The result of the call is stored when the
//! caller's derivative code needs it, except for `[PreferRecompute]` callees called with values
//! only, which are called again. `[PreferCheckpoint]` callees are extracted as in the paper
//! (`extract`): `s_primal_ctx_g` runs `g`'s primal code and returns its context struct, which the
//! caller stores on its tape, and the caller's backward region calls `s_bwd_prop_g` with it, so
//! `g`'s primal code is not run again. Gradients are identical under every policy.

use ir::{
    Access, Arg, BinaryOp, Block, FuncId, Function, Inst, LocalId, MathFn, Module, Param, ParamDir,
    Place, PlaceRoot, Stmt, TypeId, TypeKind, ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::diff_info::DiffInfo;
use crate::emit::{Emitter, rewrite_block, uses_in_block};
use crate::linearize::{DiffError, derivative_source, fname, is_rule_math};
use crate::normalize::{Normalized, normalize};

type Result<T> = std::result::Result<T, DiffError>;

/// Returns the backward derivative of `f` (`bwd_diff(f)`): its custom derivative when one is
/// registered, otherwise `s_bwd_f` with the user guide's signature, transcribed together with
/// the backward derivatives of its callees. On error the module and `info` are unchanged.
pub fn backward_derivative(module: &mut Module, info: &mut DiffInfo, f: FuncId) -> Result<FuncId> {
    let first_new = module.functions.len();
    let mut worklist = Vec::new();
    let result = request(module, info, &mut worklist, f).and_then(|result| {
        while let Some((orig, bwd)) = worklist.pop() {
            transcribe(module, info, &mut worklist, orig, bwd)?;
        }
        let bytes = context_size_u64(module, info, result, &mut Vec::new());
        if bytes > u64::from(MAX_CONTEXT_BYTES) {
            let largest = largest_tape(module, info, result, &mut Vec::new())
                .map_or_else(|| fname(module, f), |(g, _)| fname(module, g))
                .trim_start_matches("s_bwd_")
                .to_string();
            return Err(DiffError::ContextTooLarge {
                function: fname(module, f),
                bytes,
                limit: MAX_CONTEXT_BYTES,
                largest,
            });
        }
        Ok(result)
    });
    if result.is_err() {
        module.functions.truncate(first_new);
        let is_new = |g: &FuncId| g.0 as usize >= first_new;
        info.bwd_done.retain(|_, g| !is_new(g));
        info.bwd_context_bytes.retain(|g, _| !is_new(g));
        info.bwd_transcribed.retain(|g| !is_new(g));
        info.bwd_split.retain(|_, (p, _, _)| !is_new(p));
        info.ptr_twins.retain(|_, g| !is_new(g));
        info.ptr_twin_origin.retain(|g, _| !is_new(g));
        info.primal_substitute.retain(|g, _| !is_new(g));
        // Types made for the failed request (pairs, contexts) stay: `info` refers to pairs by id.
    }
    result
}

/// Largest per-thread context a backward derivative may need. Contexts are function-local
/// arrays; D3D12 (through which wgpu runs on Windows) caps indexable temporaries at 4096
/// 16-byte registers per thread, i.e. 64 KiB, and on the other backends such arrays live in
/// scratch memory whose per-thread size drivers also cap. A larger context would compile here
/// and fail (or silently spill to a crawl) on some GPU, so it is an error with the size instead.
pub const MAX_CONTEXT_BYTES: u32 = 64 * 1024;

/// Bytes per thread of the intermediate context of the backward derivative `bwd` while it runs:
/// its own tape and stored callee contexts, plus the largest total context among the backward
/// derivatives it calls (their tapes are alive at the same time as `bwd`'s). Saturates at
/// `u32::MAX`.
pub fn context_size(module: &Module, info: &DiffInfo, bwd: FuncId) -> u32 {
    u32::try_from(context_size_u64(module, info, bwd, &mut Vec::new())).unwrap_or(u32::MAX)
}

fn context_size_u64(module: &Module, info: &DiffInfo, f: FuncId, active: &mut Vec<FuncId>) -> u64 {
    // Calls are acyclic in valid programs; the guard keeps a malformed module from looping.
    if active.contains(&f) {
        return 0;
    }
    let Some(func) = module.function(f) else {
        return 0;
    };
    // A propagation function's context is its caller's stored one, counted there already.
    let is_prop = !active.is_empty() && info.bwd_split.values().any(|(_, prop, _)| *prop == f);
    active.push(f);
    let own = if is_prop {
        0
    } else {
        u64::from(info.bwd_context_bytes.get(&f).copied().unwrap_or(0))
    };
    let mut callees: Vec<FuncId> = func
        .values
        .iter()
        .filter_map(|v| match &v.inst {
            Inst::Call(g, _) => Some(*g),
            _ => None,
        })
        .collect();
    callees.sort();
    callees.dedup();
    let nested = callees
        .into_iter()
        .map(|g| context_size_u64(module, info, g, active))
        .max()
        .unwrap_or(0);
    active.pop();
    own.saturating_add(nested)
}

/// The function reachable from `f` through calls with the largest own context.
fn largest_tape(
    module: &Module,
    info: &DiffInfo,
    f: FuncId,
    active: &mut Vec<FuncId>,
) -> Option<(FuncId, u32)> {
    if active.contains(&f) {
        return None;
    }
    let func = module.function(f)?;
    active.push(f);
    let mut best = info.bwd_context_bytes.get(&f).map(|b| (f, *b));
    for v in &func.values {
        if let Inst::Call(g, _) = &v.inst
            && let Some((h, b)) = largest_tape(module, info, *g, active)
            && best.is_none_or(|(_, c)| b > c)
        {
            best = Some((h, b));
        }
    }
    active.pop();
    best
}

/// How an original parameter appears in the backward signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BwdParam {
    /// `inout DifferentialPair<T>` at this index.
    Pair(u32),
    /// `in T.Differential` (an `out` parameter's incoming derivative).
    DiffIn(u32),
    /// Non-differentiable input, passed as is.
    Plain(u32),
    /// Non-differentiable output: not in the signature.
    Dropped,
}

pub(crate) struct Signature {
    pub params: Vec<Param>,
    pub map: Vec<BwdParam>,
    /// Index of the trailing `dOut` parameter.
    pub d_out: Option<u32>,
}

pub(crate) fn backward_signature(module: &mut Module, info: &mut DiffInfo, f: FuncId) -> Signature {
    let Some(func) = module.function(f).cloned() else {
        return Signature {
            params: Vec::new(),
            map: Vec::new(),
            d_out: None,
        };
    };
    let mut params = Vec::new();
    let mut map = Vec::new();
    for (i, p) in func.params.iter().enumerate() {
        let diff = !info.is_no_diff_param(f, i as u32)
            && info.is_differentiable_type(&mut module.types, p.ty);
        let idx = params.len() as u32;
        // A location (`IDifferentiablePtrType`) is an input pair, direction kept.
        let ptr_pair = crate::ptr::param_pair(module, info, f, i);
        let (entry, param) = match (diff, p.dir) {
            (false, _) if ptr_pair.is_some() => (
                BwdParam::Plain(idx),
                ptr_pair.map(|pair| (pair, ParamDir::In)),
            ),
            (true, ParamDir::In | ParamDir::InOut) => {
                let pair = info.pair_type(&mut module.types, p.ty).unwrap_or(p.ty);
                (BwdParam::Pair(idx), Some((pair, ParamDir::InOut)))
            }
            (true, ParamDir::Out) => {
                let d = info.diff_type(&mut module.types, p.ty).unwrap_or(p.ty);
                (BwdParam::DiffIn(idx), Some((d, ParamDir::In)))
            }
            (false, ParamDir::Out) => (BwdParam::Dropped, None),
            (false, _) => (BwdParam::Plain(idx), Some((p.ty, ParamDir::In))),
        };
        if let Some((ty, dir)) = param {
            params.push(Param {
                name: p.name.clone(),
                ty,
                dir,
            });
        }
        map.push(entry);
    }
    let mut d_out = None;
    if !info.no_diff_return.contains(&f)
        && let Some(d) = info.diff_type(&mut module.types, func.ret)
    {
        d_out = Some(params.len() as u32);
        params.push(Param {
            name: "dOut".into(),
            ty: d,
            dir: ParamDir::In,
        });
    }
    Signature { params, map, d_out }
}

pub(crate) fn request(
    module: &mut Module,
    info: &mut DiffInfo,
    worklist: &mut Vec<(FuncId, FuncId)>,
    f: FuncId,
) -> Result<FuncId> {
    // A callee's twin (pair parameters) has the callee's derivatives.
    let f = crate::ptr::origin(info, f);
    let name = fname(module, f);
    if let Some(&d) = info.custom_bwd.get(&f) {
        let sig = backward_signature(module, info, f);
        let fits = module.function(d).is_some_and(|c| {
            module.types.is_void(c.ret)
                && c.params.len() == sig.params.len()
                && c.params
                    .iter()
                    .zip(&sig.params)
                    .all(|(c, p)| c.ty == p.ty && c.dir == p.dir)
        });
        if !fits {
            return Err(DiffError::BadSignature {
                function: name,
                message: "custom backward derivative does not have the backward signature".into(),
            });
        }
        return Ok(d);
    }
    if let Some(&d) = info.bwd_done.get(&f) {
        return Ok(d);
    }
    if module.function(f).is_none() {
        return Err(DiffError::Malformed {
            function: name,
            message: "unknown function".into(),
        });
    }
    if !info.differentiable.contains(&f) && !info.treat_as_differentiable.contains(&f) {
        return Err(DiffError::NotDifferentiable { function: name });
    }
    let sig = backward_signature(module, info, f);
    let void = module.types.void();
    let bwd = module.declare_function(&format!("s_bwd_{name}"), sig.params, void);
    info.bwd_done.insert(f, bwd);
    worklist.push((f, bwd));
    Ok(bwd)
}

fn transcribe(
    module: &mut Module,
    info: &mut DiffInfo,
    worklist: &mut Vec<(FuncId, FuncId)>,
    orig: FuncId,
    bwd: FuncId,
) -> Result<()> {
    if !info.bwd_transcribed.insert(bwd) {
        return Ok(());
    }
    let (src_id, src) = derivative_source(module, info, orig)?;
    let norm = normalize(module, &src)?;
    let sig = backward_signature(module, info, orig);
    // The parameter maps below are indexed alike.
    if sig.map.len() != norm.param_locals.len() {
        return Err(DiffError::Malformed {
            function: src.name.clone(),
            message: "derivative source has a different parameter count".into(),
        });
    }
    let Some(decl) = module.function(bwd).cloned() else {
        return Err(DiffError::Malformed {
            function: src.name.clone(),
            message: "derivative declaration vanished".into(),
        });
    };
    let func = Function {
        name: decl.name.clone(),
        params: decl.params.clone(),
        ret: decl.ret,
        locals: norm.func.locals.clone(),
        values: norm.func.values.clone(),
        body: Vec::new(),
    };
    let placement = crate::checkpoint::Placement::of(&norm);
    let thin = if info.whole_tapes {
        FxHashMap::default()
    } else {
        crate::thin::find(&norm, &placement)
    };
    let mut no_diff_locals = FxHashSet::default();
    for (i, entry) in sig.map.iter().enumerate() {
        if matches!(entry, BwdParam::Plain(_) | BwdParam::Dropped) {
            no_diff_locals.insert(norm.param_locals[i]);
        }
    }
    let mut r = Rev {
        e: Emitter::new(module, func),
        info,
        worklist,
        src_id,
        src_name: src.name.clone(),
        norm: &norm,
        sig: &sig,
        placement,
        no_diff_locals,
        adj: FxHashMap::default(),
        local_adj: FxHashMap::default(),
        tape: FxHashMap::default(),
        tape_order: Vec::new(),
        rev_index: FxHashMap::default(),
        memo: vec![FxHashMap::default()],
        ctx_calls: FxHashMap::default(),
        thin,
        replay_floor: None,
        parity: FxHashMap::default(),
        not_last: FxHashSet::default(),
        run_depth: FxHashMap::default(),
        pair_loads: FxHashMap::default(),
    };
    // Backward region first: it decides what the primal region must store.
    r.e.open();
    r.backward_block(&norm.body)?;
    let backward = r.e.close();
    r.e.open();
    r.adjoint_init()?;
    let init = r.e.close();
    r.e.open();
    r.primal_block(&norm.body, &mut Vec::new())?;
    let primal = r.e.close();
    r.e.open();
    r.prologue();
    let prologue = r.e.close();
    r.e.open();
    r.epilogue()?;
    let epilogue = r.e.close();
    let context_bytes = r.context_bytes();
    let mut tapes: Vec<(ValueId, LocalId)> = r.tape.iter().map(|(v, l)| (*v, *l)).collect();
    tapes.sort();
    let shapes = r.tape_shapes(&tapes);
    // Contexts of checkpointed callees are part of this function's context too: an extracted
    // propagation function reads them, so its primal-context function must export them.
    let mut callee_contexts: Vec<(ValueId, LocalId)> = r
        .ctx_calls
        .iter()
        .map(|(v, (local, tape, _))| (*v, tape.unwrap_or(*local)))
        .collect();
    callee_contexts.sort();
    tapes.extend(callee_contexts);
    let Rev { e, info, .. } = r;
    let errors = e.errors;
    let mut out = e.func;
    if !errors.is_empty() {
        return Err(DiffError::Internal {
            function: out.name,
            errors,
        });
    }
    let parts = Parts {
        prologue,
        primal,
        init,
        backward,
        epilogue,
    };
    out.body = [
        parts.prologue.clone(),
        parts.primal.clone(),
        parts.init.clone(),
        parts.backward.clone(),
        parts.epilogue.clone(),
    ]
    .concat();
    out.body.push(Stmt::Return(None));
    info.bwd_context_bytes.insert(bwd, context_bytes);
    let module = e.module;
    if info.prefer_checkpoint.contains(&orig) {
        let tape_locals: Vec<LocalId> = tapes.iter().map(|(_, l)| *l).collect();
        let split = extract(module, &src, &norm, &out, &parts, &tape_locals);
        let bytes = type_bytes(&module.types, split.2);
        info.bwd_context_bytes.insert(split.1, bytes);
        info.bwd_split.insert(orig, split);
    }
    let regions = crate::tiers::Regions {
        prologue: &parts.prologue,
        primal: &parts.primal,
        after: vec![&parts.init, &parts.backward, &parts.epilogue],
    };
    let tiered = crate::tiers::split(
        module,
        info,
        bwd,
        &out,
        &regions,
        &shapes,
        &norm,
        context_bytes,
    );
    if let Some(slot) = module.function_mut(bwd) {
        *slot = tiered.unwrap_or(out);
    }
    Ok(())
}

/// The regions of a backward derivative's body.
struct Parts {
    prologue: Block,
    primal: Block,
    init: Block,
    backward: Block,
    epilogue: Block,
}

/// The paper's extraction: `s_primal_ctx_f` (the primal region, `f`'s own signature plus an
/// `out` context) and `s_bwd_prop_f` (the backward signature plus an `in` context): the context
/// struct holds the tapes and the top-level primal values the backward region uses.
fn extract(
    module: &mut Module,
    src: &Function,
    norm: &Normalized,
    fused: &Function,
    parts: &Parts,
    tape_locals: &[LocalId],
) -> (FuncId, FuncId, TypeId) {
    let name = src.name.clone();
    // Top-level primal values used after the primal region.
    let mut defined = FxHashSet::default();
    for s in &parts.primal {
        if let Stmt::Let(v) = s {
            defined.insert(*v);
        }
    }
    let mut used = Vec::new();
    for b in [&parts.init, &parts.backward, &parts.epilogue] {
        uses_in_block(b, &fused.values, &mut used);
    }
    used.retain(|v| defined.contains(v));
    used.sort();
    used.dedup();
    let mut fields: Vec<(String, TypeId)> = Vec::new();
    for l in tape_locals {
        let local = &fused.locals[l.0 as usize];
        fields.push((local.name.clone(), local.ty));
    }
    for v in &used {
        fields.push((format!("v{}", v.0), fused.values[v.0 as usize].ty));
    }
    if fields.is_empty() {
        // WGSL structs need a member.
        let u = module.types.u32();
        fields.push(("unused".into(), u));
    }
    let ctx_ty = module.types.add_struct(
        &format!("{name}_Context"),
        fields.iter().map(|(n, t)| (n.as_str(), *t)).collect(),
    );

    // s_primal_ctx_f(params..., out ctx) -> R
    let mut p = fused.clone();
    p.name = format!("s_primal_ctx_{name}");
    p.params = src.params.clone();
    let ctx_param = p.params.len() as u32;
    p.params.push(Param {
        name: "ctx".into(),
        ty: ctx_ty,
        dir: ParamDir::Out,
    });
    p.ret = src.ret;
    let mut body = Vec::new();
    let value = |f: &mut Function, body: &mut Block, ty: TypeId, inst: Inst| {
        f.values.push(ir::ValueData { ty, inst });
        let v = ValueId(f.values.len() as u32 - 1);
        body.push(Stmt::Let(v));
        v
    };
    for (i, prm) in src.params.iter().enumerate() {
        if prm.dir != ParamDir::Out {
            let v = value(
                &mut p,
                &mut body,
                prm.ty,
                Inst::Load(Place::param(i as u32)),
            );
            body.push(Stmt::Store {
                place: Place::local(norm.param_locals[i]),
                value: v,
            });
        }
    }
    body.extend(parts.primal.iter().cloned());
    for (k, l) in tape_locals.iter().enumerate() {
        let ty = fused.locals[l.0 as usize].ty;
        let v = value(&mut p, &mut body, ty, Inst::Load(Place::local(*l)));
        body.push(Stmt::Store {
            place: Place::param(ctx_param).field(k as u32),
            value: v,
        });
    }
    for (k, v) in used.iter().enumerate() {
        body.push(Stmt::Store {
            place: Place::param(ctx_param).field((tape_locals.len() + k) as u32),
            value: *v,
        });
    }
    for (i, prm) in src.params.iter().enumerate() {
        if prm.dir != ParamDir::In {
            let v = value(
                &mut p,
                &mut body,
                prm.ty,
                Inst::Load(Place::local(norm.param_locals[i])),
            );
            body.push(Stmt::Store {
                place: Place::param(i as u32),
                value: v,
            });
        }
    }
    match norm.ret_local {
        Some(r) => {
            let v = value(&mut p, &mut body, src.ret, Inst::Load(Place::local(r)));
            body.push(Stmt::Return(Some(v)));
        }
        None => body.push(Stmt::Return(None)),
    }
    p.body = body;
    let primal_ctx = module.add_function(p);

    // s_bwd_prop_f(bwd params..., in ctx)
    let mut b = fused.clone();
    b.name = format!("s_bwd_prop_{name}");
    let ctx_param = b.params.len() as u32;
    b.params.push(Param {
        name: "ctx".into(),
        ty: ctx_ty,
        dir: ParamDir::In,
    });
    // The parameter copies again: loads of read-only locals are repeated, not stored.
    let mut body = parts.prologue.clone();
    for (k, l) in tape_locals.iter().enumerate() {
        let ty = fused.locals[l.0 as usize].ty;
        let v = value(
            &mut b,
            &mut body,
            ty,
            Inst::Load(Place::param(ctx_param).field(k as u32)),
        );
        body.push(Stmt::Store {
            place: Place::local(*l),
            value: v,
        });
    }
    let mut map = FxHashMap::default();
    for (k, v) in used.iter().enumerate() {
        let ty = fused.values[v.0 as usize].ty;
        let field = (tape_locals.len() + k) as u32;
        let nv = value(
            &mut b,
            &mut body,
            ty,
            Inst::Load(Place::param(ctx_param).field(field)),
        );
        map.insert(*v, nv);
    }
    let mut rest = [
        parts.init.clone(),
        parts.backward.clone(),
        parts.epilogue.clone(),
    ]
    .concat();
    rewrite_block(&mut rest, &mut b.values, &map);
    body.extend(rest);
    body.push(Stmt::Return(None));
    b.body = body;
    let bwd_prop = module.add_function(b);
    (primal_ctx, bwd_prop, ctx_ty)
}

/// Makes sure `g`'s split functions exist (transcribing `g` now if needed), for a caller that
/// checkpoints `g`'s context.
pub(crate) fn ensure_split(
    module: &mut Module,
    info: &mut DiffInfo,
    worklist: &mut Vec<(FuncId, FuncId)>,
    g: FuncId,
) -> Result<Option<(FuncId, FuncId, TypeId)>> {
    if info.custom_bwd.contains_key(&g) {
        return Ok(None);
    }
    if let Some(s) = info.bwd_split.get(&g) {
        return Ok(Some(*s));
    }
    let bwd = request(module, info, worklist, g)?;
    if info.bwd_transcribed.contains(&bwd) {
        // Being transcribed further up the stack: recursion, which WGSL forbids anyway.
        return Err(DiffError::Malformed {
            function: fname(module, g),
            message: "recursive call in a checkpointed function".into(),
        });
    }
    transcribe(module, info, worklist, g, bwd)?;
    Ok(info.bwd_split.get(&g).copied())
}

pub(crate) struct Rev<'a, 'm> {
    pub e: Emitter<'m>,
    pub info: &'a mut DiffInfo,
    pub worklist: &'a mut Vec<(FuncId, FuncId)>,
    /// The function whose body is differentiated (keys `no_diff_calls`).
    pub src_id: FuncId,
    pub src_name: String,
    pub norm: &'a Normalized,
    pub sig: &'a Signature,
    pub placement: crate::checkpoint::Placement,
    /// Locals of non-differentiable parameters: no adjoint.
    pub no_diff_locals: FxHashSet<LocalId>,
    /// Adjoint local of each value (created on first accumulation).
    pub adj: FxHashMap<ValueId, LocalId>,
    /// Adjoint local of each primal local (`None`: not differentiable).
    pub local_adj: FxHashMap<LocalId, Option<LocalId>>,
    /// Tape local of each stored value.
    pub tape: FxHashMap<ValueId, LocalId>,
    pub tape_order: Vec<ValueId>,
    /// Current reverse iteration index of each canonical loop (keyed by its `go` value).
    pub rev_index: FxHashMap<ValueId, ValueId>,
    /// Primal values available in the current backward scope (recomputed or loaded).
    pub memo: Vec<FxHashMap<ValueId, ValueId>>,
    /// Calls of `[PreferCheckpoint]` callees: the local receiving the callee's context, its
    /// tape (inside loops) and the callee's primal-context function.
    pub ctx_calls: FxHashMap<ValueId, (LocalId, Option<LocalId>, FuncId)>,
    /// Tape values stored every second run of their loop (`crate::thin`).
    pub thin: FxHashMap<ValueId, crate::thin::Thin>,
    /// While replaying run `j - 1` of loop `key`: the first memo scope of the replay.
    pub replay_floor: Option<(usize, ValueId)>,
    /// Loops whose current backward run is known odd (`true`) or even (`false`).
    pub parity: FxHashMap<ValueId, bool>,
    /// Loops whose current backward run is known not to be the last one (the last is peeled):
    /// their exit flags read false there without a comparison.
    pub not_last: FxHashSet<ValueId>,
    /// Block depth of the current backward run of each loop (`Emitter::blocks`): checkpoint
    /// loads at that depth dominate the rest of the run and the even run paired after it.
    pub run_depth: FxHashMap<ValueId, usize>,
    /// Checkpoints loaded at the top level of an odd run, by tape value: (loop, load). The even
    /// run paired after it reads the same entry (`j` odd: `j >> 1 == (j - 1) >> 1`).
    pub pair_loads: FxHashMap<ValueId, (ValueId, ValueId)>,
}

impl Rev<'_, '_> {
    pub fn malformed(&self, message: impl Into<String>) -> DiffError {
        DiffError::Malformed {
            function: self.src_name.clone(),
            message: message.into(),
        }
    }

    pub fn diff_ty(&mut self, ty: TypeId) -> Option<TypeId> {
        self.info.diff_type(&mut self.e.module.types, ty)
    }

    /// Parameter copies: each parameter's primal value into its local.
    fn prologue(&mut self) {
        for (i, entry) in self.sig.map.iter().enumerate() {
            let local = self.norm.param_locals[i];
            let place = match *entry {
                BwdParam::Pair(j) => Place::param(j).field(0),
                BwdParam::Plain(j) => Place::param(j),
                // `out` parameters start as zero (locals do).
                BwdParam::DiffIn(_) | BwdParam::Dropped => continue,
            };
            let v = self.e.load(place);
            self.e.store(Place::local(local), v);
        }
    }

    /// Adjoint state at the start of the backward region: zero, except outputs, which hold
    /// their incoming derivatives.
    fn adjoint_init(&mut self) -> Result<()> {
        let values: Vec<LocalId> = {
            let mut v: Vec<(ValueId, LocalId)> = self.adj.iter().map(|(a, b)| (*a, *b)).collect();
            v.sort();
            v.into_iter().map(|(_, l)| l).collect()
        };
        let mut locals: Vec<(LocalId, LocalId)> = self
            .local_adj
            .iter()
            .filter_map(|(l, d)| d.map(|d| (*l, d)))
            .collect();
        locals.sort();
        let mut inits: FxHashMap<LocalId, Place> = FxHashMap::default();
        for (i, entry) in self.sig.map.iter().enumerate() {
            let local = self.norm.param_locals[i];
            let dir = self
                .e
                .module
                .function(self.src_id)
                .and_then(|f| f.params.get(i))
                .map(|p| p.dir);
            match (*entry, dir) {
                (BwdParam::Pair(j), Some(ParamDir::InOut)) => {
                    inits.insert(local, Place::param(j).field(1));
                }
                (BwdParam::DiffIn(j), _) => {
                    inits.insert(local, Place::param(j));
                }
                _ => {}
            }
        }
        if let (Some(r), Some(d)) = (self.norm.ret_local, self.sig.d_out) {
            inits.insert(r, Place::param(d));
        }
        // Outputs' adjoint locals must exist even when nothing in the body reads them.
        let mut wanted: Vec<LocalId> = inits.keys().copied().collect();
        wanted.sort();
        for l in wanted {
            if !locals.iter().any(|(p, _)| *p == l)
                && let Some(d) = self.local_adjoint(l)
            {
                locals.push((l, d));
            }
        }
        for l in values {
            let ty = self.e.func.locals[l.0 as usize].ty;
            let z = self.e.zero(ty);
            self.e.store(Place::local(l), z);
        }
        for (primal, d) in locals {
            let v = match inits.get(&primal) {
                Some(p) => self.e.load(p.clone()),
                None => {
                    let ty = self.e.func.locals[d.0 as usize].ty;
                    self.e.zero(ty)
                }
            };
            self.e.store(Place::local(d), v);
        }
        Ok(())
    }

    /// The inputs' derivatives into the pairs' `.d` fields.
    fn epilogue(&mut self) -> Result<()> {
        for (i, entry) in self.sig.map.iter().enumerate() {
            let BwdParam::Pair(j) = *entry else { continue };
            let local = self.norm.param_locals[i];
            let v = match self.local_adj.get(&local).copied().flatten() {
                Some(d) => self.e.load(Place::local(d)),
                None => {
                    let ty = self.e.func.params[j as usize].ty;
                    let dty = self.e.module.types.element(ty, Some(1)).unwrap_or(ty);
                    self.e.zero(dty)
                }
            };
            self.e.store(Place::param(j).field(1), v);
        }
        Ok(())
    }

    /// The adjoint local of a primal local (created on demand), `None` when not differentiable.
    pub fn local_adjoint(&mut self, l: LocalId) -> Option<LocalId> {
        if let Some(d) = self.local_adj.get(&l) {
            return *d;
        }
        let d = if self.no_diff_locals.contains(&l) {
            None
        } else {
            let local = self.e.func.locals.get(l.0 as usize).cloned()?;
            self.diff_ty(local.ty)
                .map(|ty| self.e.local(&format!("d_{}", local.name), ty))
        };
        self.local_adj.insert(l, d);
        d
    }

    /// Where the adjoint of a primal place lives (`None`: globals, non-differentiable parts).
    pub fn diff_place(&mut self, place: &Place) -> Result<Option<Place>> {
        let PlaceRoot::Local(l) = place.root else {
            return Ok(None);
        };
        let Some(dl) = self.local_adjoint(l) else {
            return Ok(None);
        };
        let mut ty = self.e.func.locals[l.0 as usize].ty;
        let mut path = Vec::new();
        for a in &place.path {
            match *a {
                Access::Field(i) => {
                    let Some(sd) = self.info.struct_diff(ty) else {
                        return Ok(None);
                    };
                    let Some(j) = sd.fields.get(i as usize).copied().flatten() else {
                        return Ok(None);
                    };
                    path.push(Access::Field(j));
                    ty = self
                        .e
                        .module
                        .types
                        .element(ty, Some(i))
                        .ok_or_else(|| self.malformed("bad field access"))?;
                }
                Access::Index(i) => {
                    path.push(Access::Index(i));
                    ty = self
                        .e
                        .module
                        .types
                        .element(ty, Some(i))
                        .ok_or_else(|| self.malformed("bad index"))?;
                }
                Access::Dynamic(v) => {
                    let pv = self.primal(v)?;
                    path.push(Access::Dynamic(pv));
                    ty = self
                        .e
                        .module
                        .types
                        .element(ty, None)
                        .ok_or_else(|| self.malformed("bad dynamic index"))?;
                }
            }
        }
        Ok(Some(Place {
            root: PlaceRoot::Local(dl),
            path,
        }))
    }

    /// The tapes' shapes (`tapes`: value tapes; the call contexts stored per loop iteration
    /// are added), for tiers that resize them.
    fn tape_shapes(&self, tapes: &[(ValueId, LocalId)]) -> Vec<crate::tiers::TapeShape> {
        let mut shapes: Vec<crate::tiers::TapeShape> = tapes
            .iter()
            .map(|&(v, local)| crate::tiers::TapeShape {
                local,
                elem: self.e.ty(v),
                loops: self.placement.tape_loops(v),
                thinned: self.thin.contains_key(&v),
            })
            .collect();
        let mut contexts: Vec<(ValueId, LocalId, LocalId)> = self
            .ctx_calls
            .iter()
            .filter_map(|(v, (local, tape, _))| tape.map(|t| (*v, *local, t)))
            .collect();
        contexts.sort();
        for (v, local, tape) in contexts {
            shapes.push(crate::tiers::TapeShape {
                local: tape,
                elem: self.e.func.locals[local.0 as usize].ty,
                loops: self.placement.loops.get(&v).cloned().unwrap_or_default(),
                thinned: false,
            });
        }
        shapes
    }

    fn context_bytes(&self) -> u32 {
        let callee_contexts = self
            .ctx_calls
            .values()
            .map(|(local, tape, _)| tape.unwrap_or(*local));
        self.tape
            .values()
            .copied()
            .chain(callee_contexts)
            .map(|l| type_bytes(&self.e.module.types, self.e.func.locals[l.0 as usize].ty))
            .fold(0u32, u32::saturating_add)
    }

    /// The context a `[PreferCheckpoint]` call stored, at the current backward point.
    fn call_context(&mut self, v: ValueId, primal_ctx: FuncId, ctx_ty: TypeId) -> Result<ValueId> {
        let loops = self.placement.loops.get(&v).cloned().unwrap_or_default();
        let local = self.e.local(&format!("ctx{}", v.0), ctx_ty);
        if loops.is_empty() {
            self.ctx_calls.insert(v, (local, None, primal_ctx));
            return Ok(self.e.load(Place::local(local)));
        }
        let mut ty = ctx_ty;
        for key in loops.iter().rev() {
            let n = self
                .norm
                .loops
                .get(key)
                .map(|i| i.max_iters)
                .ok_or_else(|| self.malformed("unknown loop"))?;
            ty = self.e.module.types.array(ty, n.saturating_add(1));
        }
        let tape = self.e.local(&format!("ctx_tape{}", v.0), ty);
        let mut path = Vec::new();
        for key in &loops {
            let j = self
                .rev_index
                .get(key)
                .copied()
                .ok_or_else(|| self.malformed("call context needed outside its loop"))?;
            path.push(Access::Dynamic(j));
        }
        self.ctx_calls.insert(v, (local, Some(tape), primal_ctx));
        Ok(self.e.load(Place {
            root: PlaceRoot::Local(tape),
            path,
        }))
    }

    // ---- calls ------------------------------------------------------------------------------

    /// Whether a call of `f` at value `v` carries derivatives.
    pub fn call_is_differentiated(&self, v: ValueId, f: FuncId) -> bool {
        let info = &self.info;
        let v = self.norm.origin.get(&v).copied().unwrap_or(v);
        !(info.no_diff_calls.contains(&(self.src_id, v))
            || info.treat_as_differentiable.contains(&f)
            || !(info.differentiable.contains(&f) || info.custom_bwd.contains_key(&f)))
    }

    /// Reverse of `v = f(args)`.
    pub fn call_backward(&mut self, v: ValueId, f: FuncId, args: &[Arg]) -> Result<()> {
        let callee = self
            .e
            .module
            .function(f)
            .cloned()
            .ok_or_else(|| self.malformed(format!("call to unknown function #{}", f.0)))?;
        if callee.params.len() != args.len() {
            return Err(self.malformed(format!("call to {} with wrong arity", callee.name)));
        }
        if !self.call_is_differentiated(v, f) {
            // Outputs overwritten with values that carry no derivative.
            for (p, a) in callee.params.iter().zip(args) {
                if p.dir != ParamDir::In
                    && let Arg::Place(pl) = a
                    && let Some(dp) = self.diff_place(pl)?
                {
                    self.clear(dp);
                }
            }
            self.take_adjoint(v);
            return Ok(());
        }
        // A callee taking locations is called through its twin; the policy and the split are
        // the original's (the split's primal-context function takes the twin's pairs).
        let orig = crate::ptr::origin(self.info, f);
        let split = if self.info.prefer_checkpoint.contains(&orig) {
            ensure_split(self.e.module, self.info, self.worklist, orig)?
        } else {
            None
        };
        let bwd = match split {
            Some((_, prop, _)) => prop,
            None => request(self.e.module, self.info, self.worklist, f)?,
        };
        let sig = backward_signature(self.e.module, self.info, f);
        let mut call_args: Vec<Arg> = Vec::new();
        // After the call: (pair temp, what to do with its `.d`).
        let mut after: Vec<(LocalId, After)> = Vec::new();
        for (i, (p, a)) in callee.params.iter().zip(args).enumerate() {
            match (sig.map[i], p.dir, a) {
                (BwdParam::Pair(j), ParamDir::In, Arg::Value(x)) => {
                    let pty = sig.params[j as usize].ty;
                    let px = self.primal(*x)?;
                    let dty = self.e.module.types.element(pty, Some(1)).unwrap_or(pty);
                    let z = self.e.zero(dty);
                    let pair = self.e.emit(Inst::Construct(vec![px, z]), Some(pty));
                    let tmp = self.e.local("pair", pty);
                    self.e.store(Place::local(tmp), pair);
                    call_args.push(Arg::Place(Place::local(tmp)));
                    after.push((tmp, After::Accumulate(*x)));
                }
                (BwdParam::Pair(j), _, Arg::Place(pl)) => {
                    let pty = sig.params[j as usize].ty;
                    let pre = self
                        .norm
                        .pre_call
                        .get(&(v, i as u32))
                        .copied()
                        .ok_or_else(|| self.malformed("inout argument without its input"))?;
                    let px = self.primal(pre)?;
                    let dp = self.diff_place(pl)?;
                    let dty = self.e.module.types.element(pty, Some(1)).unwrap_or(pty);
                    let dv = match &dp {
                        Some(dp) => self.e.load(dp.clone()),
                        None => self.e.zero(dty),
                    };
                    let pair = self.e.emit(Inst::Construct(vec![px, dv]), Some(pty));
                    let tmp = self.e.local("pair", pty);
                    self.e.store(Place::local(tmp), pair);
                    call_args.push(Arg::Place(Place::local(tmp)));
                    after.push((tmp, After::Replace(dp)));
                }
                (BwdParam::DiffIn(j), _, Arg::Place(pl)) => {
                    let dty = sig.params[j as usize].ty;
                    let dp = self.diff_place(pl)?;
                    let dv = match &dp {
                        Some(dp) => {
                            let d = self.e.load(dp.clone());
                            self.clear(dp.clone());
                            d
                        }
                        None => self.e.zero(dty),
                    };
                    call_args.push(Arg::Value(dv));
                }
                (BwdParam::Plain(_), ParamDir::In, Arg::Value(x)) => {
                    call_args.push(Arg::Value(self.primal(*x)?));
                }
                (BwdParam::Plain(_), _, Arg::Place(pl)) => {
                    let pre = self
                        .norm
                        .pre_call
                        .get(&(v, i as u32))
                        .copied()
                        .ok_or_else(|| self.malformed("inout argument without its input"))?;
                    call_args.push(Arg::Value(self.primal(pre)?));
                    if let Some(dp) = self.diff_place(pl)? {
                        self.clear(dp);
                    }
                }
                (BwdParam::Dropped, _, Arg::Place(pl)) => {
                    if let Some(dp) = self.diff_place(pl)? {
                        self.clear(dp);
                    }
                }
                _ => {
                    return Err(self.malformed(format!(
                        "argument {i} of the call to {} does not fit its parameter",
                        callee.name
                    )));
                }
            }
        }
        if let Some(j) = sig.d_out {
            let dty = sig.params[j as usize].ty;
            let a = match self.take_adjoint(v) {
                Some(a) => a,
                None => self.e.zero(dty),
            };
            call_args.push(Arg::Value(a));
        }
        if let Some((primal_ctx, _, ctx_ty)) = split {
            let c = self.call_context(v, primal_ctx, ctx_ty)?;
            call_args.push(Arg::Value(c));
        }
        self.e.emit(Inst::Call(bwd, call_args), None);
        for (tmp, what) in after {
            let d = self.e.load(Place::local(tmp).field(1));
            match what {
                After::Accumulate(x) => self.acc(x, d)?,
                After::Replace(Some(dp)) => self.e.store(dp, d),
                After::Replace(None) => {}
            }
        }
        Ok(())
    }

    /// Reverse of an intrinsic with no linear rule: its registered backward derivative.
    pub fn math_backward(&mut self, f: MathFn, args: &[ValueId], a: ValueId) -> Result<()> {
        let arg_tys: Vec<TypeId> = args.iter().map(|&x| self.e.ty(x)).collect();
        let mut want = Vec::new();
        for &t in &arg_tys {
            want.push(match self.info.pair_type(&mut self.e.module.types, t) {
                Some(p) => (p, ParamDir::InOut),
                None => (t, ParamDir::In),
            });
        }
        let aty = self.e.ty(a);
        want.push((aty, ParamDir::In));
        let candidates = self.info.math_bwd.get(&f).cloned().unwrap_or_default();
        let found = candidates.into_iter().find(|&d| {
            self.e.module.function(d).is_some_and(|df| {
                df.params.len() == want.len()
                    && df
                        .params
                        .iter()
                        .zip(&want)
                        .all(|(p, (t, dir))| p.ty == *t && p.dir == *dir)
            })
        });
        let Some(dfn) = found else {
            let tys: Vec<String> = arg_tys
                .iter()
                .map(|&t| self.e.module.types.display(t))
                .collect();
            return Err(DiffError::NoDerivative {
                function: self.src_name.clone(),
                intrinsic: format!("backward {}({})", f.name(), tys.join(", ")),
            });
        };
        let mut call_args = Vec::new();
        let mut after = Vec::new();
        for (&x, (t, dir)) in args.iter().zip(&want) {
            let px = self.primal(x)?;
            if *dir == ParamDir::InOut {
                let dty = self.e.module.types.element(*t, Some(1)).unwrap_or(*t);
                let z = self.e.zero(dty);
                let pair = self.e.emit(Inst::Construct(vec![px, z]), Some(*t));
                let tmp = self.e.local("pair", *t);
                self.e.store(Place::local(tmp), pair);
                call_args.push(Arg::Place(Place::local(tmp)));
                after.push((tmp, x));
            } else {
                call_args.push(Arg::Value(px));
            }
        }
        call_args.push(Arg::Value(a));
        self.e.emit(Inst::Call(dfn, call_args), None);
        for (tmp, x) in after {
            let d = self.e.load(Place::local(tmp).field(1));
            self.acc(x, d)?;
        }
        Ok(())
    }

    /// Stores zero into an adjoint place.
    pub fn clear(&mut self, dp: Place) {
        if let Some(ty) = self.e.place_ty(&dp) {
            let z = self.e.zero(ty);
            self.e.store(dp, z);
        }
    }

    /// Loads and resets the adjoint of `v` (`None`: nothing accumulated into it).
    pub fn take_adjoint(&mut self, v: ValueId) -> Option<ValueId> {
        let l = *self.adj.get(&v)?;
        let a = self.e.load(Place::local(l));
        let ty = self.e.ty(a);
        let z = self.e.zero(ty);
        self.e.store(Place::local(l), z);
        Some(a)
    }

    /// `adjoint(v) += c` (values with non-differentiable types and constants are skipped).
    pub fn acc(&mut self, v: ValueId, c: ValueId) -> Result<()> {
        let Some(data) = self.e.func.value(v).cloned() else {
            return Err(self.malformed(format!("unknown value %{}", v.0)));
        };
        if matches!(data.inst, Inst::Literal(_) | Inst::Zero) {
            return Ok(());
        }
        let Some(dty) = self.diff_ty(data.ty) else {
            return Ok(());
        };
        let l = match self.adj.get(&v) {
            Some(l) => *l,
            None => {
                let l = self.e.local(&format!("adj{}", v.0), dty);
                self.adj.insert(v, l);
                l
            }
        };
        let old = self.e.load(Place::local(l));
        let s = self.e.add_diff(old, c);
        self.e.store(Place::local(l), s);
        Ok(())
    }

    /// `adjoint(v)[path] += c`.
    pub fn acc_at(&mut self, v: ValueId, path: Vec<Access>, c: ValueId) -> Result<()> {
        let Some(data) = self.e.func.value(v).cloned() else {
            return Err(self.malformed(format!("unknown value %{}", v.0)));
        };
        if matches!(data.inst, Inst::Literal(_) | Inst::Zero) {
            return Ok(());
        }
        let Some(dty) = self.diff_ty(data.ty) else {
            return Ok(());
        };
        let l = match self.adj.get(&v) {
            Some(l) => *l,
            None => {
                let l = self.e.local(&format!("adj{}", v.0), dty);
                self.adj.insert(v, l);
                l
            }
        };
        let place = Place {
            root: PlaceRoot::Local(l),
            path,
        };
        let old = self.e.load(place.clone());
        let s = self.e.add_diff(old, c);
        self.e.store(place, s);
        Ok(())
    }

    pub fn acc_place(&mut self, dp: Place, c: ValueId) {
        let old = self.e.load(dp.clone());
        let s = self.e.add_diff(old, c);
        self.e.store(dp, s);
    }

    // ---- small emission helpers ------------------------------------------------------------

    pub fn bin(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        self.e.bin(op, a, b)
    }
    pub fn neg(&mut self, a: ValueId) -> ValueId {
        self.e.neg(a)
    }
    pub fn emit(&mut self, inst: Inst) -> ValueId {
        self.e.emit(inst, None)
    }

    /// Sum of every component of a vector or matrix value (scalars are returned as is).
    pub fn sum_components(&mut self, a: ValueId) -> ValueId {
        let ty = self.e.ty(a);
        let n = match self.e.module.types.kind(ty).clone() {
            TypeKind::Vector { size, .. } => size as u32,
            TypeKind::Matrix { rows, .. } => rows as u32,
            _ => return a,
        };
        let mut acc: Option<ValueId> = None;
        for i in 0..n {
            let x = self.emit(Inst::Extract(a, i));
            let x = self.sum_components(x);
            acc = Some(match acc {
                None => x,
                Some(s) => self.bin(BinaryOp::Add, s, x),
            });
        }
        acc.unwrap_or(a)
    }
}

enum After {
    Accumulate(ValueId),
    Replace(Option<Place>),
}

/// Bytes of a value of `ty` in function memory as the WGSL that runs lays it out (naga's
/// layout, which `bench-gpu context` reads from the WGSL too): `bool` is one byte, `vec3` is
/// aligned to 16 bytes in arrays and structs, array strides and struct fields are aligned, and a
/// matrix is its HLSL rows as aligned vectors. Saturates at `u32::MAX` (tapes of absurd
/// `[MaxIters]` bounds must be reported, not overflow).
pub(crate) fn type_bytes(types: &ir::Types, ty: TypeId) -> u32 {
    u32::try_from(wgsl_layout(types, ty).0).unwrap_or(u32::MAX)
}

/// `(size, alignment)` in bytes of `ty` in WGSL (saturating).
fn wgsl_layout(types: &ir::Types, ty: TypeId) -> (u64, u64) {
    let width = |s: ir::Scalar| match s {
        ir::Scalar::Bool => 1,
        s => u64::from(s.held_as().bits() / 8),
    };
    let vector = |s: ir::Scalar, n: u64| (width(s) * n, width(s) * if n == 2 { 2 } else { 4 });
    let round_up = |x: u64, align: u64| x.div_ceil(align.max(1)).saturating_mul(align.max(1));
    match *types.kind(ty) {
        TypeKind::Void => (0, 1),
        TypeKind::Scalar(s) => (width(s), width(s)),
        TypeKind::Vector { scalar, size } => vector(scalar, size as u64),
        TypeKind::Matrix { scalar, rows, cols } => {
            let (size, align) = vector(scalar, cols as u64);
            (round_up(size, align).saturating_mul(rows as u64), align)
        }
        TypeKind::Array { elem, len } => {
            let (size, align) = wgsl_layout(types, elem);
            (round_up(size, align).saturating_mul(u64::from(len)), align)
        }
        TypeKind::RuntimeArray { elem } => (0, wgsl_layout(types, elem).1),
        TypeKind::Struct(id) => {
            let (mut end, mut max_align) = (0u64, 1u64);
            for f in types.struct_def(id).map_or(&[][..], |s| &s.fields[..]) {
                let (size, align) = wgsl_layout(types, f.ty);
                end = round_up(end, align).saturating_add(size);
                max_align = max_align.max(align);
            }
            (round_up(end, max_align), max_align)
        }
    }
}

/// Whether `inst` is an intrinsic differentiated by a linear rule (no registered derivative).
pub(crate) fn has_rule(f: MathFn) -> bool {
    is_rule_math(f)
}
