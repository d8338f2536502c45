//! The resources inside values as compile-time handles (see `resources.rs`): which global each
//! texture, sampler or buffer of an expression names, and how assignments, declarations and
//! calls pass them on. A value's plain fields are IR data as usual; its resources are tracked
//! here, by field path, per local, parameter and `this`.

use hir::{Expr, ExprId, ExprRes, FnKind, ParamDir as HDir, Ty};
use ir::GlobalId;

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
    /// Whether values of `ty` (in this instance) are or hold textures, samplers or buffers.
    pub(super) fn has_handles(&self, ty: &Ty) -> bool {
        let ty = apply(&self.subst, self.this_ty.as_ref(), ty);
        self.cx.has_handles(&ty)
    }

    /// The globals the resources of expression `e` (of resource type, or a struct holding
    /// resources) name, by field path.
    pub(super) fn handles_of(&mut self, e: ExprId) -> R<Handles> {
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
            Expr::Field { base, name, .. } => match self.res(e) {
                Some(ExprRes::Global(g)) => self.global_handles(g),
                Some(ExprRes::Field(..)) => {
                    let of_base = self.handles_of(base)?;
                    Ok(select(&of_base, &[name.to_string()]))
                }
                _ => Err(self.not_a_handle()),
            },
            Expr::InitList(items) => self.memberwise_handles(&self.ety(e), &items),
            Expr::Call { callee, args } => {
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
                    _ => Err(unsupported(
                        "a call returning a texture, sampler or buffer, or a struct holding \
                         them (each resource must name a global where it is used)",
                    )),
                }
            }
            Expr::Ternary { .. } => Err(unsupported(
                "choosing a texture, sampler or buffer (or a struct holding them) with `?:`: \
                 WGSL has no resource variables to hold the choice",
            )),
            _ => Err(self.not_a_handle()),
        }
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

    fn param_handles_of(&self, i: u32) -> R<Handles> {
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
    fn memberwise_handles(&mut self, ty: &Ty, items: &[ExprId]) -> R<Handles> {
        let ty = apply(&self.subst, self.this_ty.as_ref(), ty);
        let ty = hir::export::normalize(self.cx.db, self.cx.file, &ty);
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
            .filter(|i| !self.cx.is_resource_ty(&self.ety(*i)))
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

    fn bind_at(&mut self, root: HandleRoot, prefix: &[String], handles: Handles) -> R<()> {
        let frozen = match root {
            // Handles cannot flow back to the caller (its copy is specialised already).
            HandleRoot::Param(i) => self.param_dir(i) != HDir::In,
            HandleRoot::This => self.is_mutating(),
            HandleRoot::Local(_) => false,
        };
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
            match current.iter().find(|(p, _)| *p == full) {
                Some((_, bound)) if *bound == g => {}
                Some(_) => return Err(second_global()),
                None if frozen => {
                    return Err(unsupported(
                        "giving a texture, sampler or buffer field of an `out`/`inout` \
                         parameter or of `this` a global inside the function (the caller \
                         cannot see it): assign it before the call",
                    ));
                }
                None => current.push((full, g)),
            }
        }
        Ok(())
    }

    /// The local, parameter or `this` an assignment target belongs to, and the field path to it.
    fn handle_root(&self, target: ExprId) -> R<(HandleRoot, FieldPath)> {
        let not_here = || {
            unsupported(
                "assigning a texture, sampler or buffer (or a struct holding them) to something \
                 other than a local, a parameter or a field of one",
            )
        };
        match &self.body.exprs[target] {
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
                let (root, mut path) = self.handle_root(*base)?;
                path.push(name.to_string());
                Ok((root, path))
            }
            _ => Err(not_here()),
        }
    }

    fn param_dir(&self, i: u32) -> HDir {
        match self.item {
            hir::ItemDef::Function(f) => hir::fn_sig(self.cx.db, f)
                .params
                .get(i as usize)
                .map_or(HDir::In, |p| p.dir),
            _ => HDir::In,
        }
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
            let handles = match self.receiver(call) {
                Some(base) => self.handles_of(base)?,
                None => self.this_handles.clone().unwrap_or_default(),
            };
            bound.push((THIS_PARAM, handles));
        }
        for (i, p) in sig.params.iter().enumerate() {
            let ty = apply(&key.subst, key.this_ty.as_ref(), &p.ty);
            if !self.cx.has_handles(&ty) {
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
            if self.cx.is_diff_pair(&self.ety(*a)) {
                return Err(unsupported(
                    "a `DifferentialPair` of a struct holding textures, samplers or buffers (its \
                     resources would travel inside the pair): pass the struct as a \
                     non-differentiable parameter and read its textures with `no_diff`",
                ));
            }
            let handles = if self.cx.is_resource_ty(&ty) {
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
    fn receiver(&self, call: ExprId) -> Option<ExprId> {
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
