//! Autodiff wiring: what hir says about differentiability becomes `autodiff::DiffInfo` entries
//! as functions are lowered, and `fwd_diff(f)` / `bwd_diff(f)` become requests to autodiff for
//! the derivative of `f`'s IR function.

use hir::export::AttrArg;
use hir::{DiffKind, FunctionId, ItemDef};
use ir::{FuncId, MathFn};

use crate::{Ctx, InstanceKey, LowerError, R, func, internal};

/// The path named by the first argument of a derivative attribute (`[ForwardDerivative(g)]`).
fn attr_target(data: &hir::FnData, attr: &str) -> Option<String> {
    attr_target_qualified(data, attr).map(|(name, _)| name)
}

/// Like `attr_target`, with the type that qualifies the name (`Spring` of `Spring.energy`).
fn attr_target_qualified(data: &hir::FnData, attr: &str) -> Option<(String, Option<String>)> {
    match data.attr(attr)?.args.first()? {
        AttrArg::Path(p) => {
            let owner = p
                .segments
                .len()
                .checked_sub(2)
                .map(|i| p.segments[i].name.to_string());
            Some((p.last_name().to_string(), owner))
        }
        AttrArg::String(s) => Some((s.clone(), None)),
        _ => None,
    }
}

/// The type declaring a method, or the property or subscript an accessor belongs to.
fn owning_type(loc: &hir::ItemLoc) -> Option<hir::ItemLoc> {
    let mut parent = loc.parent()?;
    while matches!(
        parent.kind(),
        Some(hir::ItemKind::Property | hir::ItemKind::Subscript)
    ) {
        parent = parent.parent()?;
    }
    Some(parent)
}

impl Ctx<'_> {
    /// Records the differentiability facts of a newly declared instance (`key` lowered as `id`).
    pub(crate) fn register_diff_facts(&mut self, key: &InstanceKey, id: FuncId) -> R<()> {
        let db = self.db;
        let data = hir::fn_data(db, key.func);
        let sig = hir::fn_sig(db, key.func);
        let treat = data.attr("TreatAsDifferentiable").is_some();
        if data.is_differentiable() || treat {
            self.diff.differentiable.insert(id);
        }
        if treat {
            self.diff.treat_as_differentiable.insert(id);
        }
        if data.attr("PreferRecompute").is_some() {
            self.diff.prefer_recompute.insert(id);
        }
        if data.attr("PreferCheckpoint").is_some() {
            self.diff.prefer_checkpoint.insert(id);
        }
        if data.modifiers.no_diff {
            self.diff.no_diff_return.insert(id);
        }
        let has_this = sig.is_member && !sig.is_static && data.kind != hir::FnKind::Init;
        let offset = u32::from(has_this);
        // A parameter typed through a non-differentiable view (`T::Params` whose declaration is
        // not `IDifferentiable`) is no derivative's, even when bound to a differentiable type.
        let views = hir::nondiff_view_params(db, key.func);
        for (i, p) in sig.params.iter().enumerate() {
            if p.no_diff || views.contains(&(i as u32)) {
                self.diff
                    .no_diff_params
                    .entry(id)
                    .or_default()
                    .insert(i as u32 + offset);
            }
        }
        if has_this && data.attr("NoDiffThis").is_some() {
            self.diff.no_diff_params.entry(id).or_default().insert(0);
        }
        // Derivatives named on the function itself.
        for (attr, kind) in [
            ("ForwardDerivative", Link::Fwd),
            ("BackwardDerivative", Link::Bwd),
            ("PrimalSubstitute", Link::Substitute),
        ] {
            let Some(name) = attr_target(&data, attr) else {
                continue;
            };
            let mut candidates = self.siblings_named(key.func, &name);
            if candidates.is_empty() {
                // A derivative declared elsewhere: an imported module's function.
                candidates = hir::functions_in_scope(db, key.func, &name);
            }
            if let Some(g) = pick_overload(db, key.func, &candidates, kind) {
                self.link(key, id, g, kind)?;
            }
        }
        // Derivatives that name this function (`[ForwardDerivativeOf(f)]` on `g`); the stdlib's
        // own are registered by `ensure_math_derivatives`.
        let file = key.func.loc(db).file;
        if file.kind(db) == hir::FileKind::Stdlib {
            return Ok(());
        }
        // With overloads, each `...Of(f)` belongs to the overload whose derivative signature
        // it has, and that overload's own candidates are compared the same way.
        let index = self.derivatives_of(file);
        let Some(named) = index.get(data.name.as_str()) else {
            return Ok(());
        };
        let overloads = self.siblings_named(key.func, &data.name);
        for (g, kind, owner) in named.iter().cloned() {
            let placed = match &owner {
                // `[...Of(Spring.energy)]` names a member of `Spring` from anywhere in the file.
                // A typealias of the type (`__apply(V::dot)`) and an accessor's type
                // (`T::__subscript::get`) resolve to the declaration.
                Some(owner) => {
                    key.func
                        .loc(db)
                        .parent()
                        .is_some_and(|p| p.name() == owner.as_str())
                        || hir::derivative_target_owner(db, g).is_some_and(|d| {
                            Some(d.loc(db).clone()) == owning_type(key.func.loc(db))
                        })
                }
                None => {
                    hir::fn_data(db, g).in_type == data.in_type
                        && g.loc(db).parent() == key.func.loc(db).parent()
                }
            };
            if placed && pick_primal(db, g, &overloads, kind) == Some(key.func) {
                self.link(key, id, g, kind)?;
            }
        }
        Ok(())
    }

    /// The `...Of(f)` derivative attributes of `file`'s functions, by `f`'s name.
    fn derivatives_of(&mut self, file: hir::SourceFile) -> std::rc::Rc<DerivativesOf> {
        let db = self.db;
        self.derivatives_of
            .entry(file)
            .or_insert_with(|| {
                let mut index = DerivativesOf::default();
                for def in hir::file_items(db, file) {
                    let ItemDef::Function(g) = def else { continue };
                    let gd = hir::fn_data(db, g);
                    for (attr, kind) in [
                        ("ForwardDerivativeOf", Link::Fwd),
                        ("BackwardDerivativeOf", Link::Bwd),
                        ("PrimalSubstituteOf", Link::Substitute),
                        ("ApplyOf", Link::Apply),
                    ] {
                        if let Some((name, owner)) = attr_target_qualified(&gd, attr) {
                            index.entry(name).or_default().push((g, kind, owner));
                        }
                    }
                }
                std::rc::Rc::new(index)
            })
            .clone()
    }

    /// The functions named `name` declared beside `f` (same file, same enclosing type), in
    /// source order: the overloads a derivative attribute's name can refer to.
    fn siblings_named(&self, f: FunctionId, name: &str) -> Vec<FunctionId> {
        let db = self.db;
        let parent = f.loc(db).parent();
        hir::file_items(db, f.loc(db).file)
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Function(g) => Some(g),
                _ => None,
            })
            .filter(|g| hir::fn_data(db, *g).name == name && g.loc(db).parent() == parent)
            .collect()
    }

    /// Instantiates `g` with `key`'s bindings and records it as `id`'s derivative or substitute.
    fn link(&mut self, key: &InstanceKey, id: FuncId, g: FunctionId, kind: Link) -> R<()> {
        let db = self.db;
        // Generic parameters bind by position: the derivative declares the same ones.
        let own = hir::fn_sig(db, g).generics.clone();
        let primal_generics = hir::fn_sig(db, key.func).generics.clone();
        let mut subst: crate::Subst = key
            .subst
            .iter()
            .filter(|(p, _)| !primal_generics.contains(p))
            .cloned()
            .collect();
        for (gp, pp) in own.iter().zip(&primal_generics) {
            if let Some(a) = hir::export::subst_lookup(&key.subst, pp) {
                subst.push((gp.clone(), a));
            }
        }
        // The rest (`__func_extension<T> fwd_diff(MyVec<T>::f)`: generics of the enclosing
        // type, not the primal's own) from the derivative's parameters, matched against the
        // primal's derivative signature at this instance.
        if own
            .iter()
            .any(|g| hir::export::subst_lookup(&subst, g).is_none())
        {
            let primal_params = match kind {
                Link::Fwd => hir::derivative_sig(db, key.func, DiffKind::Forward),
                Link::Bwd => hir::derivative_sig(db, key.func, DiffKind::Backward),
                Link::Substitute | Link::Apply => Some(hir::fn_sig(db, key.func)),
            }
            .map(|s| s.params.clone())
            .unwrap_or_default();
            let gsig = hir::fn_sig(db, g);
            for (gp, pp) in gsig.params.iter().zip(&primal_params) {
                let pt = crate::apply(&key.subst, key.this_ty.as_ref(), &pp.ty);
                let pt = hir::export::normalize(db, self.file, &pt);
                func::unify(&gp.ty, &pt, &own, &mut subst);
            }
        }
        // A derivative declared in another scope (`[...Of(Spring.energy)]` on a static of
        // another struct) does not share the primal's `this`; an `__apply` extension of a method
        // does (`this` is the method's receiver).
        let receiver = hir::apply_receiver(db, g);
        if let (Some(r), Some(this)) = (&receiver, &key.this_ty) {
            // `__func_extension<T> __apply(MyVec<T>::f)`: `T` from the receiver's type.
            func::unify(&r.ty, this, &own, &mut subst);
        }
        let same_scope = g.loc(db).parent() == key.func.loc(db).parent() || receiver.is_some();
        let gkey = InstanceKey {
            exist: Vec::new(),
            fn_args: Vec::new(),
            func: g,
            subst,
            this_ty: if same_scope {
                key.this_ty.clone()
            } else {
                None
            },
        };
        let gkey_copy = gkey.clone();
        let Some(bound) = self.derivative_bindings(key, id, g, kind, same_scope) else {
            return Ok(());
        };
        let gid = self.resource_instance(gkey, bound)?;
        match kind {
            Link::Fwd => {
                self.diff.custom_fwd.insert(id, gid);
                self.diff.differentiable.insert(id);
            }
            Link::Bwd => {
                self.diff.custom_bwd.insert(id, gid);
                self.diff.differentiable.insert(id);
            }
            Link::Apply => self.link_apply(id, &gkey_copy, gid)?,
            Link::Substitute => {
                // Differentiated through the substitute's body.
                self.diff.primal_substitute.insert(id, gid);
                self.diff.differentiable.insert(id);
            }
        }
        Ok(())
    }

    /// The globals a user-written derivative `g` of instance `id` (of `key`) is specialised to:
    /// those of the primal's `this` (a method of a struct holding buffers, as
    /// `[BackwardDerivativeOf(write)] void write_bwd(...)` reading `this.grads`) and of its
    /// resource parameters that the derivative keeps as they are (matched by name and type in
    /// the derivative's signature); `None` when the derivative needs globals this instance
    /// does not bind (a location's derivative part, outside derivative calls).
    fn derivative_bindings(
        &self,
        key: &InstanceKey,
        id: FuncId,
        g: FunctionId,
        kind: Link,
        same_scope: bool,
    ) -> Option<crate::ResourceBindings> {
        let Some(bound) = self.resource_params.get(&id) else {
            return Some(Vec::new());
        };
        let db = self.db;
        let primal = hir::fn_sig(db, key.func);
        let gsig = hir::fn_sig(db, g);
        let gdata = hir::fn_data(db, g);
        let g_has_this = gsig.is_member && !gsig.is_static && gdata.kind != hir::FnKind::Init;
        let expected = match kind {
            Link::Fwd => hir::derivative_sig(db, key.func, DiffKind::Forward),
            Link::Bwd => hir::derivative_sig(db, key.func, DiffKind::Backward),
            Link::Substitute | Link::Apply => Some(primal.clone()),
        };
        let mut out = Vec::new();
        for (index, handles) in bound {
            if *index == crate::THIS_PARAM {
                if same_scope && g_has_this {
                    out.push((*index, handles.clone()));
                }
                continue;
            }
            let Some(p) = primal.params.get(*index as usize) else {
                continue;
            };
            // The derivative's parameter in the same place of the derived signature.
            let Some(expected) = &expected else { continue };
            // A parameter the derivative takes as a pair (`DifferentialPtrPair<T>` of a
            // location holding buffers) gets both parts' globals (`func/pair_handles.rs`).
            let paired = |t: &hir::Ty| self.pair_parts(t).is_some_and(|(inner, _)| inner == p.ty);
            let Some(j) = expected
                .params
                .iter()
                .position(|q| q.name == p.name && (q.ty == p.ty || paired(&q.ty)))
            else {
                continue;
            };
            // The derived signature has a method's `this` first; a member derivative has its own.
            let primal_has_this = primal.is_member
                && !primal.is_static
                && hir::fn_data(db, key.func).kind != hir::FnKind::Init;
            let j = if primal_has_this && g_has_this && matches!(kind, Link::Fwd | Link::Bwd) {
                match j.checked_sub(1) {
                    Some(j) => j,
                    None => continue,
                }
            } else {
                j
            };
            if gsig.params.get(j).is_some_and(|q| q.ty == p.ty) {
                out.push((j as u32, handles.clone()));
            } else if let Some(q) = gsig.params.get(j)
                && let Some((_, d)) = self.pair_parts(&q.ty)
            {
                let pair = func::pair_from_marked(handles);
                // An instance called from primal code only (no derivative location bound) has
                // no globals for the derivative's part: it is never differentiated.
                let bound_d = pair.iter().any(|(path, _)| path[0] == "d");
                if !bound_d && d.is_some_and(|d| self.has_handles(&d)) {
                    return None;
                }
                out.push((j as u32, pair));
            }
        }
        Some(out)
    }

    /// `detach(x)` at type `ty`: an identity function treated as differentiable with a zero
    /// derivative, so that autodiff stops propagation there.
    pub(crate) fn detach_fn(&mut self, ty: ir::TypeId) -> R<FuncId> {
        if let Some(f) = self.detach_fns.get(&ty) {
            return Ok(*f);
        }
        let name = self.fresh_name("detach");
        let mut f = ir::Function {
            name,
            params: vec![ir::Param {
                name: "x".into(),
                ty,
                dir: ir::ParamDir::In,
            }],
            ret: ty,
            locals: Vec::new(),
            values: Vec::new(),
            body: Vec::new(),
        };
        let v = f.add_value(ty, ir::Inst::Load(ir::Place::param(0)));
        f.body = vec![ir::Stmt::Let(v), ir::Stmt::Return(Some(v))];
        let id = self.module.add_function(f);
        self.diff.differentiable.insert(id);
        self.diff.treat_as_differentiable.insert(id);
        self.detach_fns.insert(ty, id);
        Ok(id)
    }

    /// Lowers every queued function body.
    pub(crate) fn drain_pending(&mut self) -> R<()> {
        while let Some((key, id)) = self.pending.pop() {
            func::lower_instance(self, key, id)?;
        }
        Ok(())
    }

    /// Lowers `stdlib/diff.slang`'s derivative functions and registers each with the math
    /// intrinsic its `[ForwardDerivativeOf]` / `[BackwardDerivativeOf]` names.
    fn ensure_math_derivatives(&mut self) -> R<()> {
        if self.math_derivatives_ready {
            return Ok(());
        }
        self.math_derivatives_ready = true;
        let db = self.db;
        let workspace = db.workspace();
        let Some(file) = workspace
            .stdlib(db)
            .iter()
            .copied()
            .find(|f| f.path(db).ends_with("diff.slang"))
        else {
            return Err(internal("stdlib/diff.slang is not loaded"));
        };
        let queued = self.pending.len();
        for def in hir::file_items(db, file) {
            let ItemDef::Function(g) = def else { continue };
            let data = hir::fn_data(db, g);
            for (attr, forward) in [
                ("ForwardDerivativeOf", true),
                ("BackwardDerivativeOf", false),
            ] {
                let Some(math) = attr_target(&data, attr).and_then(|n| MathFn::from_name(&n))
                else {
                    continue;
                };
                let id = self.instance(InstanceKey {
                    exist: Vec::new(),
                    fn_args: Vec::new(),
                    func: g,
                    subst: Vec::new(),
                    this_ty: None,
                })?;
                // Derivatives are differentiable again (second derivatives of `sin`).
                self.diff.differentiable.insert(id);
                if forward {
                    self.diff.register_math_fwd(math, id);
                } else {
                    self.diff.register_math_bwd(math, id);
                }
            }
        }
        // Bodies are lowered only for the overloads that end up called (`lower_called_math`).
        let declared = self.pending.split_off(queued.min(self.pending.len()));
        self.math_pending.extend(declared);
        Ok(())
    }

    /// Lowers the stdlib math derivatives that some function of the module calls (to a fixed
    /// point: lowering one may queue others).
    pub(crate) fn lower_called_math(&mut self) -> R<()> {
        loop {
            if self.math_pending.is_empty() {
                return Ok(());
            }
            self.update_called();
            let called = &self.called;
            let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.math_pending)
                .into_iter()
                .partition(|(_, id)| called.contains(id));
            self.math_pending = later;
            if now.is_empty() {
                return Ok(());
            }
            self.pending.extend(now);
            self.drain_pending()?;
        }
    }

    /// Adds to `self.called` the callees of the functions that changed since the last look.
    /// Rescanning the whole module on every derivative request made lowering quadratic;
    /// bodies are written whole (a declared function gets its body once), so a function whose
    /// value count is unchanged has no new calls.
    fn update_called(&mut self) {
        let lens = &mut self.called_scan_lens;
        lens.resize(self.module.functions.len(), 0);
        for (f, seen) in self.module.functions.iter().zip(lens.iter_mut()) {
            if f.values.len() == *seen {
                continue;
            }
            *seen = f.values.len();
            self.called
                .extend(f.values.iter().filter_map(|v| match &v.inst {
                    ir::Inst::Call(id, _) => Some(*id),
                    _ => None,
                }));
        }
    }

    /// Runs the `[ForceUnroll]` pass on the functions that changed since it last ran on them.
    /// Bodies are written whole, so a function whose value count is unchanged has no new loop
    /// (and a loop the pass could not unroll then stays as it is).
    fn unroll_changed_functions(&mut self) -> R<()> {
        let lens = &mut self.unroll_scan_lens;
        lens.resize(self.module.functions.len(), usize::MAX);
        for (i, seen) in lens.iter_mut().enumerate() {
            let f = FuncId(i as u32);
            if self.module.function(f).map(|f| f.values.len()) == Some(*seen) {
                continue;
            }
            if let Err(e) = ir::passes_unroll::unroll_forced_loops_bounded(&mut self.module, f) {
                let name = self.module.function(f).map_or("?", |f| f.name.as_str());
                return Err(LowerError {
                    code: "E3001",
                    message: format!(
                        "cannot differentiate: in {name}: its [ForceUnroll] loops together \
                         unroll into more than {} statements (the limit of one function; nested \
                         loops multiply their counts): drop [ForceUnroll] from an inner loop or \
                         lower the trip counts",
                        e.limit
                    ),
                    item: None,
                    range: hir::TextRange::default(),
                });
            }
            *seen = self.module.function(f).map_or(0, |f| f.values.len());
        }
        Ok(())
    }

    /// The derivative of `primal` through `kinds` (innermost first), made on first request.
    pub(crate) fn derivative(&mut self, primal: FuncId, kinds: &[DiffKind]) -> R<FuncId> {
        if let Some(d) = self.derivatives.get(&(primal, kinds.to_vec())) {
            return Ok(*d);
        }
        self.ensure_math_derivatives()?;
        let mut cur = primal;
        for (i, kind) in kinds.iter().enumerate() {
            let done = &kinds[..=i];
            if let Some(d) = self.derivatives.get(&(primal, done.to_vec())) {
                cur = *d;
                continue;
            }
            // Autodiff reads bodies: everything reachable from `cur` (math derivatives that
            // an earlier derivative calls included) must be lowered first.
            self.drain_pending()?;
            self.lower_called_math()?;
            // `[ForceUnroll]` loops become straight-line code first, so that derivatives see
            // constants and plain values (the reverse mode keeps no loop tape for them).
            self.unroll_changed_functions()?;
            check_derivative_size(&self.module, cur)?;
            let result = match kind {
                DiffKind::Forward => {
                    autodiff::forward_derivative(&mut self.module, &mut self.diff, cur)
                }
                DiffKind::Backward => {
                    autodiff::backward_derivative(&mut self.module, &mut self.diff, cur)
                }
            };
            cur = result.map_err(|e| LowerError {
                code: "E3001",
                message: format!("cannot differentiate: {e}"),
                item: None,
                range: hir::TextRange::default(),
            })?;
            // A derivative can be differentiated again (`fwd_diff(bwd_diff(f))`).
            self.diff.differentiable.insert(cur);
            self.derivatives.insert((primal, done.to_vec()), cur);
        }
        Ok(cur)
    }
}

/// IR values a function may have for autodiff to differentiate it (after `[ForceUnroll]`): a
/// derivative is several times its primal, and a 200,000-statement function took minutes and
/// gigabytes. `DSLANG_MAX_DIFF_VALUES` changes it.
pub const MAX_DIFF_VALUES: usize = 1 << 18;

fn max_diff_values() -> usize {
    std::env::var("DSLANG_MAX_DIFF_VALUES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MAX_DIFF_VALUES)
}

/// E3002 before differentiating a function over [`MAX_DIFF_VALUES`] (issue 25).
fn check_derivative_size(module: &ir::Module, f: ir::FuncId) -> R<()> {
    let Some(func) = module.function(f) else {
        return Ok(());
    };
    let limit = max_diff_values();
    if func.values.len() <= limit {
        return Ok(());
    }
    Err(LowerError {
        code: "E3002",
        message: format!(
            "cannot differentiate {}: it has {} IR values, more than the limit of {limit} for \
             one differentiated function (derivatives are several times larger): split it into \
             smaller functions, or raise the limit with the environment variable \
             DSLANG_MAX_DIFF_VALUES",
            func.name,
            func.values.len()
        ),
        item: None,
        range: hir::TextRange::default(),
    })
}

/// The per-thread context of one backward derivative (`dslang compile --target ir`, hovers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContextSize {
    /// The backward derivative's IR name (`s_bwd_foo`).
    pub function: String,
    /// Bytes per thread: tapes, stored callee contexts and nested callee contexts
    /// (`autodiff::context_size`).
    pub bytes: u32,
}

/// Bytes per thread of the intermediate context of `bwd_diff(fn_name)` for the free,
/// non-generic function `fn_name` of `file`, from the same checkpoint decisions the reverse
/// pass makes (nested callee contexts included). `None` when the file has errors, the
/// function does not exist or is generic, or it cannot be differentiated in reverse mode.
pub fn context_size_of(db: &dyn hir::Db, file: hir::SourceFile, fn_name: &str) -> Option<u32> {
    let has_errors = hir::diagnostics(db, file)
        .iter()
        .any(|d| d.severity == hir::Severity::Error);
    if has_errors {
        return None;
    }
    let f = hir::file_items(db, file)
        .into_iter()
        .find_map(|d| match d {
            ItemDef::Function(f) => {
                let data = hir::fn_data(db, f);
                (data.name == fn_name && !data.in_type).then_some(f)
            }
            _ => None,
        })?;
    if !hir::fn_sig(db, f).generics.is_empty() {
        return None;
    }
    let mut cx = Ctx::new(db, file, Vec::new());
    cx.declare_resources().ok()?;
    let primal = cx
        .instance(InstanceKey {
            exist: Vec::new(),
            fn_args: Vec::new(),
            func: f,
            subst: Vec::new(),
            this_ty: None,
        })
        .ok()?;
    cx.drain_pending().ok()?;
    let bwd = cx.derivative(primal, &[DiffKind::Backward]).ok()?;
    Some(autodiff::context_size(&cx.module, &cx.diff, bwd))
}

impl Ctx<'_> {
    /// Drops unreachable functions, noting first the context size of every backward
    /// derivative that stays (in module order): the sizes need `DiffInfo`'s function ids,
    /// which pruning renumbers.
    pub(crate) fn prune_recording_contexts(&mut self) {
        let mut bwd: Vec<FuncId> = self.diff.bwd_context_bytes.keys().copied().collect();
        bwd.sort();
        let sizes: Vec<(FuncId, ContextSize)> = bwd
            .into_iter()
            .filter_map(|f| {
                let function = self.module.function(f)?.name.clone();
                let bytes = autodiff::context_size(&self.module, &self.diff, f);
                Some((f, ContextSize { function, bytes }))
            })
            .collect();
        let kept = prune_unreachable_functions(&mut self.module);
        // Function ids are renumbered: what `update_called` saw no longer applies.
        self.called.clear();
        self.called_scan_lens.clear();
        self.unroll_scan_lens.clear();
        self.contexts = sizes
            .into_iter()
            .filter(|(f, _)| kept.get(f.0 as usize).copied().unwrap_or(false))
            .map(|(_, c)| c)
            .collect();
    }
}

/// Drops the functions that no entry point reaches (the stdlib math derivatives that were
/// declared for autodiff but not used, primal functions only their derivatives replaced),
/// renumbering calls and entry points. Returns which of the old functions were kept.
pub(crate) fn prune_unreachable_functions(module: &mut ir::Module) -> Vec<bool> {
    let n = module.functions.len();
    let mut reached = vec![false; n];
    let mut stack: Vec<usize> = module
        .entry_points
        .iter()
        .map(|e| e.function.0 as usize)
        .collect();
    while let Some(i) = stack.pop() {
        if i >= n || reached[i] {
            continue;
        }
        reached[i] = true;
        for v in &module.functions[i].values {
            if let ir::Inst::Call(id, _) = &v.inst {
                stack.push(id.0 as usize);
            }
        }
    }
    let mut new_index = vec![None; n];
    let mut next = 0u32;
    for (i, r) in reached.iter().enumerate() {
        if *r {
            new_index[i] = Some(FuncId(next));
            next += 1;
        }
    }
    let old = std::mem::take(&mut module.functions);
    for (i, mut f) in old.into_iter().enumerate() {
        if !reached[i] {
            continue;
        }
        for v in &mut f.values {
            if let ir::Inst::Call(id, _) = &mut v.inst
                && let Some(Some(new)) = new_index.get(id.0 as usize)
            {
                *id = *new;
            }
        }
        module.functions.push(f);
    }
    for e in &mut module.entry_points {
        if let Some(Some(new)) = new_index.get(e.function.0 as usize) {
            e.function = *new;
        }
    }
    reached
}

/// Fields of a struct or elements of an array.
pub(crate) fn component_count(types: &ir::Types, ty: ir::TypeId) -> u32 {
    match types.kind(ty) {
        ir::TypeKind::Struct(id) => types.struct_def(*id).map_or(0, |d| d.fields.len() as u32),
        ir::TypeKind::Array { len, .. } => *len,
        _ => 0,
    }
}

/// The overload among `candidates` that `primal`'s derivative attribute of `kind` refers to:
/// the one whose signature is the derivative signature of `primal` (for a substitute: the
/// primal's own signature). A single candidate is taken as is (hir reports a mismatch).
fn pick_overload(
    db: &dyn hir::Db,
    primal: FunctionId,
    candidates: &[FunctionId],
    kind: Link,
) -> Option<FunctionId> {
    if let [only] = candidates {
        return Some(*only);
    }
    candidates
        .iter()
        .copied()
        .find(|g| signature_fits(db, primal, *g, kind))
}

/// The overload among `primals` whose derivative (of `kind`) `derivative` is.
fn pick_primal(
    db: &dyn hir::Db,
    derivative: FunctionId,
    primals: &[FunctionId],
    kind: Link,
) -> Option<FunctionId> {
    if let [only] = primals {
        return Some(*only);
    }
    primals
        .iter()
        .copied()
        .find(|p| signature_fits(db, *p, derivative, kind))
}

/// Whether `candidate` has the signature `kind` expects for `primal`'s derivative.
fn signature_fits(db: &dyn hir::Db, primal: FunctionId, candidate: FunctionId, kind: Link) -> bool {
    let expected = match kind {
        Link::Fwd => hir::derivative_sig(db, primal, DiffKind::Forward),
        Link::Bwd => hir::derivative_sig(db, primal, DiffKind::Backward),
        Link::Substitute | Link::Apply => Some(hir::fn_sig(db, primal)),
    };
    let Some(expected) = expected else {
        return false;
    };
    let got = hir::fn_sig(db, candidate);
    // The derivative signature of a method lists `this` first; a member derivative has its
    // own `this` instead.
    let skip = usize::from(
        !matches!(kind, Link::Substitute | Link::Apply)
            && expected.is_member
            && !expected.is_static
            && got.is_member
            && !got.is_static,
    );
    let expected_params = expected.params.get(skip..).unwrap_or_default();
    expected_params.len() == got.params.len()
        && expected_params
            .iter()
            .zip(&got.params)
            .all(|(e, g)| e.dir == g.dir && types_fit(&e.ty, &g.ty))
        // An `__apply` returns `(result, context)`.
        && (matches!(kind, Link::Apply) || types_fit(&expected.ret, &got.ret))
}

/// Structural type equality where generic parameters, associated types and unknown parts
/// match anything (a generic derivative fits every instance of its primal).
fn types_fit(a: &hir::Ty, b: &hir::Ty) -> bool {
    use hir::{GenericArg, Len, Ty};
    let lens_fit = |a: &Len, b: &Len| match (a, b) {
        (Len::Known(x), Len::Known(y)) => x == y,
        _ => true,
    };
    match (a, b) {
        (Ty::Param(_) | Ty::Assoc(..) | Ty::Unknown | Ty::This, _)
        | (_, Ty::Param(_) | Ty::Assoc(..) | Ty::Unknown | Ty::This) => true,
        (Ty::Vector(x, n), Ty::Vector(y, m)) | (Ty::Array(x, n), Ty::Array(y, m)) => {
            types_fit(x, y) && lens_fit(n, m)
        }
        (Ty::Matrix(x, r, c), Ty::Matrix(y, s, d)) => {
            types_fit(x, y) && lens_fit(r, s) && lens_fit(c, d)
        }
        (Ty::Adt(d, xs), Ty::Adt(e, ys)) => {
            d == e
                && xs.len() == ys.len()
                && xs.iter().zip(ys.iter()).all(|(x, y)| match (x, y) {
                    (GenericArg::Type(x), GenericArg::Type(y)) => types_fit(x, y),
                    (GenericArg::Value(x), GenericArg::Value(y)) => lens_fit(x, y),
                    _ => false,
                })
        }
        (Ty::Tuple(xs), Ty::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys.iter()).all(|(x, y)| types_fit(x, y))
        }
        _ => a == b,
    }
}

/// `...Of(f)` derivative attributes of one file: `f`'s name to the functions carrying them and
/// the type that qualifies `f` in the attribute, if any.
pub(crate) type DerivativesOf =
    rustc_hash::FxHashMap<String, Vec<(FunctionId, Link, Option<String>)>>;

#[derive(Clone, Copy)]
pub(crate) enum Link {
    Fwd,
    Bwd,
    Substitute,
    /// `__func_extension __apply(f)`: a primal pass with a backward context (`apply.rs`).
    Apply,
}
