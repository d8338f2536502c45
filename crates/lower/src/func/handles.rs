//! The resources inside values as compile-time handles (see `resources.rs`): which global each
//! texture, sampler or buffer of an expression names, and how assignments, declarations and
//! calls pass them on. A value's plain fields are IR data as usual; its resources are tracked
//! here, by field path, per local, parameter and `this`.

use hir::{Expr, ExprId, ExprRes, FnKind, ParamDir as HDir, Ty};
use ir::GlobalId;
use rustc_hash::FxHashMap;

use super::FnLower;
use crate::{FieldPath, Handles, InstanceKey, R, ResourceBindings, THIS_PARAM, apply, unsupported};

/// The handles of `handles` under `prefix`, with the prefix removed.
fn select(handles: &Handles, prefix: &[String]) -> Handles {
    handles
        .iter()
        .filter(|(path, _)| path.starts_with(prefix))
        .map(|(path, g)| (path[prefix.len()..].to_vec(), *g))
        .collect()
}

/// The handles of `handles` under field `name`, with the field removed.
pub(super) fn select_under(handles: &Handles, name: &str) -> Handles {
    select(handles, &[name.to_string()])
}

/// `handles` placed under field `name`.
fn under(name: &str, handles: Handles) -> Handles {
    handles
        .into_iter()
        .map(|(mut path, g)| {
            path.insert(0, name.to_string());
            (path, g)
        })
        .collect()
}

/// Dynamic indices into arrays of resources and `?:` between resources: WGSL cannot index or
/// choose among globals, so the innermost expression reading through `arr[i]` (or `c ? a : b`)
/// is lowered once per element (branch), in a switch on `i` (an `if` on `c`); see
/// [`FnLower::lower_by_choice`].
#[derive(Default)]
pub(super) struct HandleChoices {
    /// Index expressions (and `?:` expressions) being lowered as one constant element (branch
    /// 0 or 1), inside one case of a switch.
    fixed: FxHashMap<ExprId, u32>,
    /// The index (or `?:`) that stopped the current expression, and its number of cases.
    pending: Option<(ExprId, u32)>,
}

/// Most elements a dynamic index may choose among (each is one case of a switch).
const MAX_CHOICES: u32 = 64;

/// What an assignment target's handles live in.
enum HandleRoot {
    Local(hir::LocalId),
    Param(u32),
    This,
}

fn second_global() -> crate::LowerError {
    unsupported(
        "giving a texture, sampler or buffer (or a struct field of one) a second, different \
         global: which one it names could then depend on control flow, and WGSL has no \
         resource variables to hold the choice",
    )
}

impl FnLower<'_, '_> {
    /// The bindings of `this` for an accessor (property or subscript `get`/`set`) of `this_ty`
    /// used on `base` (`None`: the enclosing method's own `this`): an accessor of a struct
    /// holding resources is specialised to the globals its receiver names, as methods are.
    pub(super) fn accessor_this(
        &mut self,
        base: Option<ExprId>,
        this_ty: &Ty,
    ) -> R<ResourceBindings> {
        if !self.cx.holds_resources(this_ty) {
            return Ok(Vec::new());
        }
        let handles = match base {
            Some(b) => self.handles_of(b)?,
            None => self.this_handles.clone().unwrap_or_default(),
        };
        Ok(vec![(THIS_PARAM, handles)])
    }

    /// Whether values of `ty` (in this instance) are or hold textures, samplers or buffers.
    pub(super) fn has_handles(&self, ty: &Ty) -> bool {
        let ty = apply(&self.subst, self.this_ty.as_ref(), ty);
        self.cx.has_handles(&ty)
    }

    /// The globals the resources of expression `e` (of resource type, or a struct holding
    /// resources) name, by field path.
    pub(super) fn handles_of(&mut self, e: ExprId) -> R<Handles> {
        // Read through a descriptor handle (`func/descriptor_handles.rs`).
        if let Some(h) = self.dereferenced_handle(e) {
            return self.deref_handle(h);
        }
        match self.body.exprs[e].clone() {
            Expr::Path(_) => match self.res(e) {
                Some(ExprRes::Global(g)) => self.global_handles(g),
                Some(ExprRes::Local(l)) => {
                    Ok(self.local_handles.get(&l).cloned().unwrap_or_default())
                }
                Some(ExprRes::Param(i)) => self.param_handles_of(i),
                Some(ExprRes::Field(decl, i)) => {
                    let name = self.field_name(decl, i)?;
                    let this = self.this_handles.clone().unwrap_or_default();
                    Ok(select(&this, &[name]))
                }
                _ => Err(self.not_a_handle()),
            },
            Expr::This => Ok(self.this_handles.clone().unwrap_or_default()),
            Expr::Field { base, ref name, .. }
                if let Some(h) = self.pair_member_handles(base, name)? =>
            {
                Ok(h)
            }
            Expr::Field { base, name, .. } => match self.res(e) {
                Some(ExprRes::Global(g)) => self.global_handles(g),
                Some(ExprRes::Field(..)) => {
                    let of_base = self.handles_of(base)?;
                    Ok(select(&of_base, &[name.to_string()]))
                }
                // A tuple element (`t._0`): its resources are under `_0`.
                _ if self.is_tuple_element(base, &name) => {
                    let of_base = self.handles_of(base)?;
                    Ok(select(&of_base, &[name.to_string()]))
                }
                _ => Err(self.not_a_handle()),
            },
            Expr::Index { base, index } => {
                let of_base = self.handles_of(base)?;
                let paths: Vec<FieldPath> = of_base.iter().map(|(p, _)| p.clone()).collect();
                let k = self.handle_index(index, &paths)?;
                Ok(select(&of_base, &[k.to_string()]))
            }
            Expr::InitList(items) => self.memberwise_handles(&self.ety(e), &items),
            Expr::Call { callee, args } => {
                if let Some(h) = self.pair_call_handles(e, &args)? {
                    return Ok(h);
                }
                let is_type = matches!(self.res(callee), Some(ExprRes::Type(_)));
                match self.res(e) {
                    Some(ExprRes::Function(f))
                        if is_type || hir::fn_data(self.cx.db, f).kind == FnKind::Init =>
                    {
                        Err(unsupported(
                            "an `__init` of a struct holding textures, samplers or buffers \
                             (build it field by field or with an initialiser list)",
                        ))
                    }
                    _ if is_type => self.memberwise_handles(&self.ety(e), &args),
                    // What the callee hands back (`func/handle_flow.rs`).
                    _ => self.call_handles(e, callee, &args),
                }
            }
            Expr::Ternary {
                then_branch,
                else_branch,
                ..
            } => {
                if let Some(&k) = self.choices.fixed.get(&e) {
                    return self.handles_of(if k == 0 { then_branch } else { else_branch });
                }
                let chosen = self.handles_of(then_branch)?;
                if self.handles_of(else_branch)? == chosen {
                    return Ok(chosen);
                }
                self.choices.pending = Some((e, 2));
                Err(unsupported(
                    "choosing between textures, samplers or buffers (or structs holding them) \
                     with `?:` here (it is where a value is read through the choice; a local, \
                     parameter or field cannot hold it: WGSL has no resource variables)",
                ))
            }
            _ => Err(self.not_a_handle()),
        }
    }

    /// The element an index into an array of resources (or of structs holding them) picks:
    /// a compile-time constant, as each element's resources are globals of their own.
    /// `paths` are those of the array's resources (`["1", "albedo"]`).
    fn handle_index(&mut self, index: ExprId, paths: &[FieldPath]) -> R<u32> {
        if let Some(&k) = self.choices.fixed.get(&index) {
            return Ok(k);
        }
        let v = self.lower_expr(index)?;
        let k = match self.f.value(v).map(|d| &d.inst) {
            Some(ir::Inst::Literal(ir::Literal::I32(k))) => u32::try_from(*k).ok(),
            Some(ir::Inst::Literal(ir::Literal::U32(k))) => Some(*k),
            _ => {
                let count = paths
                    .iter()
                    .filter_map(|p| p.first()?.parse::<u32>().ok())
                    .max()
                    .map_or(0, |last| last + 1);
                self.choices.pending = Some((index, count));
                return Err(unsupported(
                    "indexing an array of textures, samplers or buffers (or of structs holding \
                     them) with an index that is not a compile-time constant here (it is where \
                     a value is read through the element; a local, parameter or field cannot \
                     hold such an element)",
                ));
            }
        };
        let key = k.map(|k| k.to_string());
        match key {
            Some(key) if paths.iter().any(|path| path.first() == Some(&key)) => {
                Ok(k.unwrap_or_default())
            }
            _ => Err(unsupported(
                "an index past the end of an array of textures, samplers or buffers",
            )),
        }
    }

    /// The case being lowered for choice `e`, if any.
    pub(super) fn choices_fixed(&self, e: ExprId) -> Option<u32> {
        self.choices.fixed.get(&e).copied()
    }

    /// Stops the current expression at choice `e` among `count` cases.
    pub(super) fn set_pending_choice(&mut self, e: ExprId, count: u32) {
        self.choices.pending = Some((e, count));
    }

    /// Takes the dynamic index that stopped the lowering of expression `e` (or statement) so
    /// that it can be lowered once per element instead; `None` when none did.
    pub(super) fn take_choice(&mut self) -> Option<(ExprId, u32)> {
        self.choices
            .pending
            .take()
            .filter(|(_, count)| (1..=MAX_CHOICES).contains(count))
    }

    /// `lower` run once per element `k` of the array indexed by `index` (with `index` taken as
    /// `k` when handles are resolved), in a chain of `if (index == k)`; the index is computed
    /// once, before. An index past the end takes the last element (Slang leaves it undefined).
    /// For a `?:` (`index` is the `?:` expression), its condition picks case 0 or 1.
    /// `lower` returns the value of the case (stored into the returned local) or `None`.
    pub(super) fn lower_by_choice(
        &mut self,
        index: ExprId,
        count: u32,
        result_ty: Option<ir::TypeId>,
        mut lower: impl FnMut(&mut Self) -> R<Option<ir::ValueId>>,
    ) -> R<Option<ir::LocalId>> {
        let at = match self.body.exprs[index] {
            Expr::Ternary { cond, .. } => {
                // `c ? a : b` is case `int(!c)`: 0 picks `a`.
                let c = self.lower_cond(cond)?;
                let int = self.cx.module.types.i32();
                let (zero, one) = (
                    self.lit(ir::Literal::I32(0))?,
                    self.lit(ir::Literal::I32(1))?,
                );
                let select = ir::Inst::Select {
                    cond: c,
                    accept: zero,
                    reject: one,
                };
                self.emit(select, Some(int))?
            }
            _ if self.handle_target_of(index).is_some() => self.handle_index_value(index)?,
            _ => {
                let at = self.lower_expr(index)?;
                let int = self.cx.module.types.i32();
                self.coerce(at, int)?
            }
        };
        let result = result_ty.map(|t| self.new_local("choice", t));
        let mut cases = Vec::new();
        for k in 0..count {
            self.choices.fixed.insert(index, k);
            let case = self.block(|this| {
                if let (Some(v), Some(l)) = (lower(this)?, result) {
                    this.stmt(ir::Stmt::Store {
                        place: ir::Place::local(l),
                        value: v,
                    });
                }
                Ok(())
            });
            self.choices.fixed.remove(&index);
            cases.push(case?);
        }
        let mut chain = cases.pop().unwrap_or_default();
        for (k, case) in cases.into_iter().enumerate().rev() {
            let block = self.block(|this| {
                let key = this.lit(ir::Literal::I32(k as i32))?;
                let cond = this.emit(ir::Inst::Binary(ir::BinaryOp::Eq, at, key), None)?;
                this.stmt(ir::Stmt::If {
                    cond,
                    then_block: case,
                    else_block: std::mem::take(&mut chain),
                });
                Ok(())
            })?;
            chain = block;
        }
        for s in chain {
            self.stmt(s);
        }
        Ok(result)
    }

    fn not_a_handle(&self) -> crate::LowerError {
        unsupported(
            "a texture, sampler or buffer that is not a global, a parameter, a local or a \
             field of one (a computed value or an array element)",
        )
    }

    /// The handles of global `g`: the global itself for a resource, its split fields for a
    /// struct holding resources.
    fn global_handles(&mut self, g: hir::GlobalId) -> R<Handles> {
        if let Some(handles) = self.cx.cbuffer_member_handles(g)? {
            return Ok(handles);
        }
        let id = self.cx.global(g)?;
        if let Some(handles) = self.cx.global_handles.get(&g) {
            return Ok(handles.clone());
        }
        let is_resource = self.cx.module.global(id).is_some_and(|g| g.is_resource());
        Ok(if is_resource {
            vec![(Vec::new(), id)]
        } else {
            Vec::new()
        })
    }

    pub(super) fn param_handles_of(&self, i: u32) -> R<Handles> {
        if let Some(handles) = self.param_handles.get(&i) {
            return Ok(handles.clone());
        }
        match self.params.get(i as usize) {
            Some(ir::Place {
                root: ir::PlaceRoot::Global(g),
                path,
            }) if path.is_empty() => Ok(vec![(Vec::new(), *g)]),
            _ => Ok(Vec::new()),
        }
    }

    /// The name of hir field `i` of `decl`.
    fn field_name(&self, decl: hir::TypeDeclId, i: u32) -> R<String> {
        hir::type_decl_data(self.cx.db, decl)
            .fields
            .get(i as usize)
            .map(|f| f.name.to_string())
            .ok_or_else(|| crate::internal("a field index past the struct's fields"))
    }

    /// `{ gTex, gSampler, 1.0 }` / `Material(gTex, gSampler, 1.0)` of struct type `ty`: each
    /// item's handles under the field it initialises.
    /// Whether `base.name` is an element of a tuple (`_0`, `_1`, ...; through a
    /// `ConstantBuffer` too).
    fn is_tuple_element(&self, base: ExprId, name: &str) -> bool {
        let ty = apply(&self.subst, self.this_ty.as_ref(), &self.ety(base));
        let ty = hir::export::normalize(self.cx.db, self.cx.file, &ty);
        let ty = self.cx.uniform_block_arg(&ty).unwrap_or(ty);
        let ty = hir::export::normalize(self.cx.db, self.cx.file, &ty);
        matches!(&ty, Ty::Tuple(items)
            if name.strip_prefix('_').and_then(|k| k.parse::<usize>().ok()).is_some_and(|k| k < items.len()))
    }

    fn memberwise_handles(&mut self, ty: &Ty, items: &[ExprId]) -> R<Handles> {
        let ty = apply(&self.subst, self.this_ty.as_ref(), ty);
        let ty = hir::export::normalize(self.cx.db, self.cx.file, &ty);
        if let Ty::Array(..) = ty {
            // `{ gA, gB }` of an array: each element's handles under its index.
            let mut out = Vec::new();
            for (k, item) in items.iter().enumerate() {
                if self.has_handles(&self.ety(*item)) {
                    out.extend(under(&k.to_string(), self.handles_of(*item)?));
                }
            }
            return Ok(out);
        }
        let Ty::Adt(decl, _) = ty else {
            return Ok(Vec::new());
        };
        if crate::types::has_hidden_base(self.cx.db, decl) {
            return Err(unsupported(
                "an initialiser list of a derived struct holding textures, samplers or buffers",
            ));
        }
        let data = hir::type_decl_data(self.cx.db, decl);
        let names: Vec<String> = data
            .fields
            .iter()
            .filter(|f| !(f.modifiers.is_static || f.global.is_some()))
            .map(|f| f.name.to_string())
            .collect();
        let mut out = Vec::new();
        for (item, name) in items.iter().zip(&names) {
            if self.has_handles(&self.ety(*item)) {
                out.extend(under(name, self.handles_of(*item)?));
            }
        }
        Ok(out)
    }

    /// The items of a memberwise construction that are data: textures, samplers and buffers
    /// are handles (see [`Self::handles_of`]), not fields of the IR struct.
    pub(super) fn without_handle_items(&self, items: &[ExprId]) -> Vec<ExprId> {
        items
            .iter()
            .copied()
            .filter(|i| !self.cx.is_handle_only(&self.ety(*i)))
            .collect()
    }

    /// The global a texture, sampler or buffer expression names.
    pub(super) fn resource_global(&mut self, e: ExprId) -> R<GlobalId> {
        let handles = self.handles_of(e)?;
        handles
            .iter()
            .find(|(path, _)| path.is_empty())
            .map(|(_, g)| *g)
            .ok_or_else(|| {
                unsupported(
                    "a texture, sampler or buffer (or a struct field of one) used before it is \
                     given a global",
                )
            })
    }

    /// `target = value` where the target is or holds resources: the target names the value's
    /// globals from here on. Only locals, parameters and `this` (and their fields) hold handles.
    pub(super) fn bind_handles(&mut self, target: ExprId, value: ExprId) -> R<()> {
        let handles = self.handles_of(value)?;
        let (root, prefix) = self.handle_root(target)?;
        self.bind_at(root, &prefix, handles)
    }

    /// `T t = value;`: local `local` names the value's globals.
    pub(super) fn bind_local(&mut self, local: hir::LocalId, value: ExprId) -> R<()> {
        let handles = self.handles_of(value)?;
        self.bind_at(HandleRoot::Local(local), &[], handles)
    }

    /// `target` (a local, parameter or `this`, or a field of one) names `handles` from here on.
    pub(super) fn bind_expr_handles(&mut self, target: ExprId, handles: Handles) -> R<()> {
        let (root, prefix) = self.handle_root(target)?;
        self.bind_at(root, &prefix, handles)
    }

    /// `this` names `handles` from here on (after a mutating method called on it).
    pub(super) fn rebind_this(&mut self, handles: Handles) -> R<()> {
        self.bind_at(HandleRoot::This, &[], handles)
    }

    fn bind_at(&mut self, root: HandleRoot, prefix: &[String], handles: Handles) -> R<()> {
        // `out`/`inout` parameters and a mutating `this` hand their handles back to the caller
        // (`func/handle_flow.rs`); a non-mutating `this` cannot.
        let frozen = match root {
            HandleRoot::This => !self.is_mutating(),
            HandleRoot::Param(_) | HandleRoot::Local(_) => false,
        };
        // Outside branches and loops the code runs in its order: a new global replaces the
        // old one. Inside them, which one is bound would depend on the path taken.
        let straight = self.blocks.len() == 1;
        let current = match root {
            HandleRoot::Local(l) => self.local_handles.entry(l).or_default(),
            HandleRoot::Param(i) => {
                let start = self.param_handles_of(i)?;
                self.param_handles.entry(i).or_insert(start)
            }
            HandleRoot::This => self.this_handles.get_or_insert_with(Vec::new),
        };
        for (path, g) in handles {
            let full: FieldPath = prefix.iter().cloned().chain(path).collect();
            match current.iter_mut().find(|(p, _)| *p == full) {
                Some((_, bound)) if *bound == g => {}
                Some((_, bound)) if straight => *bound = g,
                Some(_) => return Err(second_global()),
                None if frozen => {
                    return Err(unsupported(
                        "giving a texture, sampler or buffer field of `this` a global inside a \
                         method that is not `[mutating]` (the caller cannot see it): assign it \
                         before the call",
                    ));
                }
                None => current.push((full, g)),
            }
        }
        Ok(())
    }

    /// The local, parameter or `this` an assignment target belongs to, and the field path to it.
    fn handle_root(&mut self, target: ExprId) -> R<(HandleRoot, FieldPath)> {
        let not_here = || {
            unsupported(
                "assigning a texture, sampler or buffer (or a struct holding them) to something \
                 other than a local, a parameter or a field of one",
            )
        };
        match self.body.exprs[target].clone() {
            Expr::Path(_) => match self.res(target) {
                Some(ExprRes::Local(l)) => Ok((HandleRoot::Local(l), Vec::new())),
                Some(ExprRes::Param(i)) => Ok((HandleRoot::Param(i), Vec::new())),
                Some(ExprRes::Field(decl, i)) => {
                    Ok((HandleRoot::This, vec![self.field_name(decl, i)?]))
                }
                _ => Err(not_here()),
            },
            Expr::This => Ok((HandleRoot::This, Vec::new())),
            Expr::Field { base, name, .. }
                if matches!(self.res(target), Some(ExprRes::Field(..))) =>
            {
                let (root, mut path) = self.handle_root(base)?;
                path.push(name.to_string());
                Ok((root, path))
            }
            Expr::Index { base, index } if self.has_handles(&self.ety(base)) => {
                let (root, mut path) = self.handle_root(base)?;
                let elements = self.leaf_paths(&self.ety(base))?;
                let k = self.handle_index(index, &elements)?;
                path.push(k.to_string());
                Ok((root, path))
            }
            _ => Err(not_here()),
        }
    }

    /// Where the resources inside a value of type `ty` sit.
    fn leaf_paths(&self, ty: &Ty) -> R<Vec<FieldPath>> {
        let ty = apply(&self.subst, self.this_ty.as_ref(), ty);
        Ok(self
            .cx
            .resource_leaves(&ty)?
            .into_iter()
            .map(|leaf| leaf.path)
            .collect())
    }

    fn is_mutating(&self) -> bool {
        match self.item {
            hir::ItemDef::Function(f) => hir::fn_sig(self.cx.db, f).is_mutating,
            _ => false,
        }
    }

    /// The handles a call of `key` passes: its resource arguments, the resource fields of its
    /// struct arguments and of its receiver, by parameter index ([`THIS_PARAM`] for `this`).
    /// `call` is the call expression (its callee names the receiver).
    pub(super) fn resource_args(
        &mut self,
        call: ExprId,
        key: &InstanceKey,
        args: &[ExprId],
    ) -> R<ResourceBindings> {
        let sig = hir::fn_sig(self.cx.db, key.func);
        let mut bound = Vec::new();
        let is_init = hir::fn_data(self.cx.db, key.func).kind == FnKind::Init;
        if let Some(this_ty) = &key.this_ty
            && sig.is_member
            && !sig.is_static
            && !is_init
            && self.cx.holds_resources(this_ty)
        {
            let handles = match self.call_receiver(call) {
                Some(base) => self.handles_of(base)?,
                None => self.this_handles.clone().unwrap_or_default(),
            };
            bound.push((THIS_PARAM, handles));
        }
        for (i, p) in sig.params.iter().enumerate() {
            let ty = apply(&key.subst, key.this_ty.as_ref(), &p.ty);
            // An `out` parameter starts with no globals: the callee gives them
            // (`func/handle_flow.rs`).
            if !self.cx.has_handles(&ty) || p.dir == HDir::Out {
                continue;
            }
            if sig.variadic_from.is_some() {
                return Err(unsupported(
                    "a texture, sampler or buffer parameter (or a struct holding them) of a \
                     variadic function",
                ));
            }
            let Some(a) = args.get(i) else {
                return Err(unsupported(
                    "a texture, sampler or buffer parameter left out",
                ));
            };
            let handles = if self.cx.is_diff_pair(&self.ety(*a)) && !self.cx.is_diff_pair(&ty) {
                // A derivative call: the pair's parts (`func/pair_handles.rs`).
                self.pair_arg_handles(*a)?
            } else if self.cx.is_resource_ty(&ty) {
                vec![(Vec::new(), self.resource_global(*a)?)]
            } else {
                self.handles_of(*a)?
            };
            bound.push((i as u32, handles));
        }
        Ok(bound)
    }

    /// The receiver expression of method call `call` (`m` in `m.sample(uv)`); `None` for a
    /// method named without `this.` (and for non-calls).
    pub(super) fn call_receiver(&self, call: ExprId) -> Option<ExprId> {
        let Expr::Call { callee, .. } = &self.body.exprs[call] else {
            return None;
        };
        let target = match &self.body.exprs[*callee] {
            Expr::GenericApply { base, .. } => *base,
            _ => *callee,
        };
        match &self.body.exprs[target] {
            Expr::Field { base, .. }
                if !matches!(
                    self.res(*base),
                    Some(ExprRes::Type(_)) | Some(ExprRes::Namespace)
                ) =>
            {
                Some(*base)
            }
            _ => None,
        }
    }
}
