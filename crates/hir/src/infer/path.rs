//! Names and members: paths in bodies, their resolutions, member lookup on values and types
//! (fields, methods, properties, swizzles, synthesized members) and access checks.

use std::sync::Arc;

use smol_str::SmolStr;

use crate::TextRange;
use crate::body::*;
use crate::data::{PathRef, TypeDeclKind};
use crate::ids::*;
use crate::lower;
use crate::resolve::{self, Resolution};
use crate::ty::{GenericArg, Len, Ty};

use super::signature::{field_types, fn_sig, global_ty, property_ty, type_args_subst};
use super::{Capture, ExprRes, InferCtx, is_make_tuple, is_printf};

impl<'a, 'db> InferCtx<'a, 'db> {
    pub(super) fn infer_path(&mut self, e: ExprId, path: &PathRef) -> Ty {
        let range = self.range(e);
        if path.segments.len() == 1 && path.segments[0].args.is_none() {
            let name = &path.segments[0].name;
            if let Some((local, depth)) = self.lookup_local_depth(name) {
                self.note_capture(Capture::Local(local), depth);
                self.result.resolutions.insert(e, ExprRes::Local(local));
                return self.result.local_ty(local);
            }
            if let Some(sig) = self.sig
                && let Some(i) = sig.params.iter().position(|p| &p.name == name)
            {
                self.note_capture(Capture::Param(i as u32), 0);
                self.result.resolutions.insert(e, ExprRes::Param(i as u32));
                return sig.params[i].ty.clone();
            }
        }
        let mut diags = Vec::new();
        let res = self.resolver.resolve_path(path, &mut diags);
        // `nullptr` (unless a declaration of that name hides it): the stdlib's `NullPtr`.
        if res.is_none()
            && path.segments.len() == 1
            && path.segments[0].name == "nullptr"
            && let Some(t) = resolve::stdlib_type(self.db, self.file, "NullPtr")
        {
            return t;
        }
        self.result.diags.extend(diags);
        match res {
            None => {
                let name = resolve::path_text(path);
                if is_printf(&name) || is_make_tuple(&name) {
                    return Ty::Unknown;
                }
                // Inside a blanket extension (`extension<T : IFoo> T`), requirements of the
                // constraints are members of `this`.
                if path.segments.len() == 1
                    && let Some(ctx) = self.resolver.self_ctx.clone()
                    && matches!(ctx.ty, Ty::Param(_) | Ty::This)
                    && !resolve::lookup_member_items(
                        self.db,
                        self.file,
                        &self.lookup_ty(&ctx.ty),
                        &name,
                    )
                    .is_empty()
                {
                    return self.member_of(e, &ctx.ty, &path.last_name(), path.range(), true);
                }
                self.error(
                    "E2001",
                    format!(
                        "undefined identifier '{name}'. Declare `{name}` before its use, or check the spelling"
                    ),
                    range,
                );
                Ty::Unknown
            }
            Some(Resolution::ImplicitMember) => {
                let Some(ctx) = self.resolver.self_ctx.clone() else {
                    return Ty::Unknown;
                };
                if !self.sig.is_some_and(|s| s.is_static) {
                    self.note_capture(Capture::This, 0);
                }
                self.member_of(e, &ctx.ty, &path.last_name(), path.range(), true)
            }
            Some(res) => self.apply_resolution(e, res, path),
        }
    }

    fn apply_resolution(&mut self, e: ExprId, res: Resolution, path: &PathRef) -> Ty {
        match res {
            Resolution::Type(ty) => {
                self.result.resolutions.insert(e, ExprRes::Type(ty.clone()));
                self.type_exprs.insert(e, ty);
                Ty::Unknown
            }
            Resolution::Functions(funcs) => {
                if let Some(f) = funcs.first() {
                    self.result.resolutions.insert(e, ExprRes::Function(*f));
                }
                let mut this = self.implicit_this_for(&funcs);
                if this.is_some() && !self.sig.is_some_and(|s| s.is_static) {
                    self.note_capture(Capture::This, 0);
                }
                // `Type::method`: as `Type.method`, the callee is a member of that type (its
                // generic arguments and `This`), not of the enclosing one.
                if let Some(ty) = self.path_prefix_type(path) {
                    this = Some(ty);
                } else if funcs.iter().all(|f| fn_sig(self.db, *f).is_static)
                    && let Some(owner) = self.path_owner_type(path)
                    && matches!(owner, Ty::Param(_) | Ty::Assoc(..))
                {
                    // `T::make()` on a generic parameter (or associated type): `This` in the
                    // static requirement's signature is `T` (`T.Params` for a requirement
                    // returning `Params`), as for `T.make()`.
                    this = Some(owner);
                }
                self.fn_exprs.insert(e, (funcs.clone(), this));
                funcs.first().map_or(Ty::Unknown, |f| Ty::Func(*f))
            }
            Resolution::Global(g) => {
                self.result.resolutions.insert(e, ExprRes::Global(g));
                global_ty(self.db, g)
            }
            Resolution::GenericValue(param) => {
                if resolve::is_type_pack(self.db, &param) {
                    self.value_generic_packs.insert(e, param);
                }
                Ty::INT
            }
            Resolution::Namespace(_) => {
                self.result.resolutions.insert(e, ExprRes::Namespace);
                Ty::Unknown
            }
            Resolution::EnumCase(d, i) => {
                self.result.resolutions.insert(e, ExprRes::EnumCase(d, i));
                Ty::Adt(d, Arc::from([]))
            }
            Resolution::ImplicitMember => Ty::Unknown,
            Resolution::Inaccessible(_) => {
                self.error(
                    "E2026",
                    format!(
                        "`{}` is not public in its module: declare it `public` to use it here",
                        path.last_name()
                    ),
                    path.range(),
                );
                Ty::Unknown
            }
        }
    }

    /// `Type.method` (the base names a type), as opposed to `value.method`.
    pub(super) fn is_type_qualified(&self, e: ExprId) -> bool {
        match &self.body.exprs[e] {
            Expr::Field { base, .. } => self.type_exprs.contains_key(base),
            // `Type::method`, as `Type.method`.
            Expr::Path(p) => self.path_prefix_type(p).is_some(),
            _ => false,
        }
    }

    /// The type a qualified name starts with (`TOp` in `TOp::apply`), if it names one.
    fn path_prefix_type(&self, path: &PathRef) -> Option<Ty> {
        let [prefix @ .., _] = &path.segments[..] else {
            return None;
        };
        if prefix.is_empty() {
            return None;
        }
        let prefix = PathRef {
            segments: prefix.to_vec(),
        };
        match self.resolver.resolve_path(&prefix, &mut Vec::new()) {
            Some(Resolution::Type(ty)) => Some(ty),
            _ => None,
        }
    }

    /// Methods named without `this.` inside a type get the enclosing type as `this`.
    /// The type named by all but the last segment of `path` (`T` of `T::make`).
    fn path_owner_type(&self, path: &PathRef) -> Option<Ty> {
        let n = path.segments.len();
        if n < 2 {
            return None;
        }
        let prefix = PathRef {
            segments: path.segments[..n - 1].to_vec(),
        };
        match self.resolver.resolve_path(&prefix, &mut Vec::new())? {
            Resolution::Type(ty) => Some(ty),
            _ => None,
        }
    }

    fn implicit_this_for(&self, funcs: &[FunctionId]) -> Option<Ty> {
        let ctx = self.resolver.self_ctx.as_ref()?;
        funcs
            .iter()
            .any(|f| lower::fn_data(self.db, *f).in_type)
            .then(|| ctx.ty.clone())
    }

    pub(super) fn infer_field(
        &mut self,
        e: ExprId,
        base: ExprId,
        name: &SmolStr,
        name_range: TextRange,
    ) -> Ty {
        let base_ty = self.infer_expr(base, None);
        if let Some(ty) = self.type_exprs.get(&base).cloned() {
            // `Type.member`: static member, nested type, enum case.
            return match self.resolver.static_member(&ty, name) {
                Some(res) => {
                    let path = PathRef::single(name.clone(), name_range);
                    let is_fn = matches!(res, Resolution::Functions(_));
                    let out = self.apply_resolution(e, res, &path);
                    // `Type.method`: `This` in the callee's signature is that type.
                    if is_fn && let Some(entry) = self.fn_exprs.get_mut(&e) {
                        entry.1 = Some(ty.clone());
                    }
                    out
                }
                None => {
                    if ty.has_unknown() {
                        return Ty::Unknown;
                    }
                    let msg = format!(
                        "'{name}' is not a member of 'typeof({})'. type `{}` has no member `{name}`: check the spelling",
                        crate::slangc_type_text(self.db, &ty),
                        self.display(&ty)
                    );
                    self.error("E2003", msg, name_range);
                    Ty::Unknown
                }
            };
        }
        if matches!(self.result.resolutions.get(&base), Some(ExprRes::Namespace))
            && let Some(p) = expr_as_path(self.body, base)
        {
            let mut full = p;
            full.segments.push(crate::data::PathSegRef {
                name: name.clone(),
                args: None,
                range: name_range,
            });
            return self.infer_path(e, &full);
        }
        self.member_of(e, &base_ty, name, name_range, false)
    }

    /// Instance member access `value.name` (or implicit `this.name`).
    fn member_of(
        &mut self,
        e: ExprId,
        base_ty: &Ty,
        name: &SmolStr,
        name_range: TextRange,
        implicit: bool,
    ) -> Ty {
        let ty = self.normalize(base_ty);
        if ty.has_unknown() {
            return Ty::Unknown;
        }
        // `p->f` and `p.f` on a pointer are members of the pointee (unless the pointer type
        // itself has the member: extensions of `Ptr`).
        if let Some(pointee) = self.pointee(&ty)
            && resolve::lookup_member_items(self.db, self.file, &ty, name).is_empty()
        {
            return self.member_of(e, &pointee, name, name_range, implicit);
        }
        // `ConstantBuffer<T>` and `ParameterBlock<T>` give access to the members of `T`.
        if let Ty::Adt(d, args) = &ty
            && matches!(
                d.loc(self.db).name().as_str(),
                "ConstantBuffer" | "ParameterBlock"
            )
            && let [GenericArg::Type(inner)] = &args[..]
        {
            let inner = inner.clone();
            return self.member_of(e, &inner, name, name_range, implicit);
        }
        // Swizzles on scalars and vectors.
        let swizzle_like = !name.is_empty() && name.chars().all(|c| "xyzwrgba".contains(c));
        if let Some(k) = ty.scalar_kind()
            && matches!(ty, Ty::Scalar(_) | Ty::Vector(..))
            && (swizzle_like
                || resolve::lookup_member_items(self.db, self.file, &ty, name).is_empty())
        {
            let len = match &ty {
                Ty::Vector(_, Len::Known(n)) => *n,
                Ty::Vector(..) => 4,
                _ => 1,
            };
            return match swizzle_indices(name, len) {
                Ok(idx) if idx.len() == 1 => Ty::Scalar(k),
                Ok(idx) => Ty::vector(k, idx.len() as u32),
                Err(msg) => {
                    let msg = format!("invalid swizzle `{name}` on `{}`: {msg}", self.display(&ty));
                    self.error("E2011", msg, name_range);
                    Ty::Unknown
                }
            };
        }
        // Swizzles on vectors of a generic element (`vector<T, 2> v; v.x`) or of a scalar type
        // the core module declares as a struct (`vector<BFloat16, 2>`).
        if let Ty::Vector(elem, n) = &ty
            && matches!(
                &**elem,
                Ty::Param(_) | Ty::Assoc(..) | Ty::This | Ty::Adt(..)
            )
            && swizzle_like
        {
            let len = match n {
                Len::Known(n) => *n,
                _ => 4,
            };
            return match swizzle_indices(name, len) {
                Ok(idx) if idx.len() == 1 => (**elem).clone(),
                Ok(idx) => Ty::Vector(elem.clone(), Len::Known(idx.len() as u32)),
                Err(msg) => {
                    let msg = format!("invalid swizzle `{name}` on `{}`: {msg}", self.display(&ty));
                    self.error("E2011", msg, name_range);
                    Ty::Unknown
                }
            };
        }
        if let Ty::Matrix(elem, _, c) = &ty
            && let Some(count) = matrix_swizzle_len(name)
        {
            let _ = c;
            return if count == 1 {
                (**elem).clone()
            } else {
                Ty::Vector(elem.clone(), Len::Known(count))
            };
        }
        if matches!(ty, Ty::Array(..)) && name == "getCount" {
            return Ty::Unknown;
        }
        if let Ty::Tuple(items) = &ty
            && let Some(i) = name.strip_prefix('_').and_then(|n| n.parse::<usize>().ok())
            && let Some(t) = items.get(i)
        {
            return t.clone();
        }
        // `t._0_2_1`: a tuple of the named elements.
        if let Ty::Tuple(items) = &ty
            && let Some(indices) = tuple_swizzle(name, items.len())
        {
            return Ty::Tuple(indices.iter().map(|i| items[*i].clone()).collect());
        }
        // Struct fields: the type's own, then those inherited from base structs (`struct B : A`,
        // read through the hidden base field). A `private` field is private to the struct that
        // declares it, so a derived struct's methods cannot reach a base's private field (slangc
        // E30600); `internal` (the default) and `public` fields are inherited as they are.
        for owner in std::iter::once(ty.clone()).chain(resolve::struct_base_chain(self.db, &ty)) {
            let Ty::Adt(decl, args) = &owner else {
                continue;
            };
            let data = lower::type_decl_data(self.db, *decl);
            let Some(i) = data.fields.iter().position(|f| &f.name == name) else {
                continue;
            };
            if data.fields[i].modifiers.visibility == Some(crate::data::Visibility::Private) {
                self.check_private_access(*decl, name, name_range);
            } else if !crate::check_missed::visibility::member_accessible(
                self.db,
                *decl,
                data.fields[i].modifiers.visibility,
                self.file,
            ) {
                self.inaccessible_member(name, name_range);
            }
            self.result
                .resolutions
                .insert(e, ExprRes::Field(*decl, i as u32));
            let fty = field_types(self.db, *decl)
                .get(i)
                .cloned()
                .unwrap_or(Ty::Unknown);
            let subst = type_args_subst(self.db, *decl, args);
            return fty
                .subst(&|p| resolve::subst_lookup(&subst, &p))
                .subst_this(&owner);
        }
        // Members of `S.Differential` are synthesised; other associated types have the members
        // of their constraints (`associatedtype Element : IScalar`).
        if let Ty::Assoc(base, assoc) = &ty
            && (assoc == "Differential"
                || resolve::lookup_member_items(self.db, self.file, &ty, name).is_empty())
        {
            return self.synthesized_member(e, base, assoc, name, name_range);
        }
        let items = resolve::lookup_member_items(self.db, self.file, &self.lookup_ty(&ty), name);
        let funcs: Vec<FunctionId> = items
            .iter()
            .filter_map(|d| match d {
                ItemDef::Function(f) => Some(*f),
                _ => None,
            })
            .collect();
        if !funcs.is_empty() {
            if funcs.iter().all(|f| {
                lower::fn_data(self.db, *f).modifiers.visibility
                    == Some(crate::data::Visibility::Private)
            }) && let Some(parent) = funcs[0].loc(self.db).parent()
                && matches!(
                    parent.kind(),
                    Some(ItemKind::Struct | ItemKind::Interface | ItemKind::Enum)
                )
            {
                self.check_private_access(TypeDeclId::new(self.db, parent), name, name_range);
            }
            if !funcs.iter().any(|f| {
                crate::check_missed::visibility::nested_item_accessible(
                    self.db,
                    ItemDef::Function(*f),
                    self.file,
                )
            }) {
                self.inaccessible_member(name, name_range);
            }
            self.check_optional_member(&ty, funcs[0], name, name_range);
            self.result
                .resolutions
                .insert(e, ExprRes::Function(funcs[0]));
            self.fn_exprs.insert(e, (funcs.clone(), Some(ty.clone())));
            return Ty::Func(funcs[0]);
        }
        match items.first() {
            Some(ItemDef::Property(p)) => {
                self.result.resolutions.insert(e, ExprRes::Property(*p));
                let pty = property_ty(self.db, *p);
                let subst = resolve::member_subst(self.db, self.file, p.loc(self.db), &ty);
                return self.normalize(
                    &pty.subst(&|q| resolve::subst_lookup(&subst, &q))
                        .subst_this(&ty),
                );
            }
            Some(ItemDef::Global(g)) => {
                self.result.resolutions.insert(e, ExprRes::Global(*g));
                return global_ty(self.db, *g);
            }
            Some(ItemDef::Alias(_) | ItemDef::TypeDecl(_)) => {
                if let Some(res) = self.resolver.static_member(&ty, name) {
                    let path = PathRef::single(name.clone(), name_range);
                    return self.apply_resolution(e, res, &path);
                }
            }
            _ => {}
        }
        if matches!(ty, Ty::Param(_) | Ty::Assoc(..) | Ty::This) {
            // Requirements of constraints were searched; an unknown member of a generic value is
            // an error only when it has constraints that were found.
            let msg = format!(
                "type `{}` has no member `{name}`: add a constraint that declares it",
                self.display(&ty)
            );
            self.error("E2003", msg, name_range);
            return Ty::Unknown;
        }
        let _ = implicit;
        // `handle.Method()` on a `DescriptorHandle<T>`: the member of the `T` it names.
        if let Some(inner) = self.implicit_deref(&ty) {
            return self.member_of(e, &inner, name, name_range, false);
        }
        let msg = format!(
            "'{name}' is not a member of '{}'. type `{}` has no member `{name}`: check the spelling",
            crate::slangc_type_text(self.db, &ty),
            self.display(&ty)
        );
        self.error("E2003", msg, name_range);
        Ty::Unknown
    }

    /// The type whose members `value.name` searches: inside an interface (or an extension of
    /// one) `This` is some conforming type, whose members are the interface's requirements and
    /// defaults.
    pub(super) fn lookup_ty(&self, ty: &Ty) -> Ty {
        if matches!(ty, Ty::This)
            && let Some(ctx) = &self.resolver.self_ctx
            && ctx.is_interface
            && let Some(decl) = ctx.decl
        {
            return Ty::Adt(decl, crate::check::generic_params_as_args(self.db, decl));
        }
        ty.clone()
    }

    /// Members of an associated type that is not declared: `S.Differential` of a struct whose
    /// `IDifferentiable` conformance is synthesised has the differentiable fields of `S`, each of
    /// its field type's `Differential`. Other symbolic associated types are checked when the
    /// autodiff layer synthesises them.
    fn synthesized_member(
        &mut self,
        e: ExprId,
        base: &Ty,
        assoc: &str,
        name: &SmolStr,
        name_range: TextRange,
    ) -> Ty {
        let Ty::Adt(decl, args) = base else {
            return Ty::Unknown;
        };
        let data = lower::type_decl_data(self.db, *decl);
        if assoc != "Differential" || data.kind != TypeDeclKind::Struct {
            return Ty::Unknown;
        }
        match data
            .fields
            .iter()
            .position(|f| &f.name == name && !f.modifiers.no_diff)
        {
            Some(i) => {
                self.result
                    .resolutions
                    .insert(e, ExprRes::Field(*decl, i as u32));
                let fty = field_types(self.db, *decl)
                    .get(i)
                    .cloned()
                    .unwrap_or(Ty::Unknown);
                let subst = type_args_subst(self.db, *decl, args);
                let fty = fty.subst(&|p| resolve::subst_lookup(&subst, &p));
                self.normalize(&Ty::Assoc(Arc::new(fty), "Differential".into()))
            }
            // A derivative field of a differentiable base struct (`struct B : A,
            // IDifferentiable`), held in the differential's base part.
            None if crate::differential::struct_differential(self.db, *decl)
                .base
                .is_some()
                && let Some(base_ty) = resolve::struct_base(self.db, base)
                && !self.normalize(&base_ty).has_unknown() =>
            {
                let base_diff = crate::differential::differential_of(self.db, self.file, &base_ty);
                self.member_of(e, &base_diff, name, name_range, false)
            }
            None => {
                let msg = format!(
                    "`{}.Differential` has no member `{name}`: only differentiable fields (not `no_diff`) have derivatives",
                    data.name
                );
                self.error("E2003", msg, name_range);
                Ty::Unknown
            }
        }
    }

    /// `private` members are only visible inside their own type's body.
    /// E2272: a member that another module keeps to itself.
    fn inaccessible_member(&mut self, name: &SmolStr, range: TextRange) {
        self.error(
            "E2272",
            format!("'{name}' is not accessible from the current context: it is internal to the module that declares it; declare it `public` there to use it from other modules"),
            range,
        );
    }

    fn check_private_access(&mut self, owner: TypeDeclId, name: &SmolStr, range: TextRange) {
        let inside = self
            .resolver
            .self_ctx
            .as_ref()
            .is_some_and(|ctx| ctx.decl == Some(owner));
        if !inside {
            let type_name = owner.loc(self.db).name();
            self.error(
                "E2026",
                format!("`{name}` is private to `{type_name}`: use it from `{type_name}`'s own methods, or drop `private`"),
                range,
            );
        }
    }
}

/// `a.b::c` written with dots and colons, as one path (namespaces reached through `.`).
fn expr_as_path(body: &Body, e: ExprId) -> Option<PathRef> {
    match &body.exprs[e] {
        Expr::Path(p) => Some(p.clone()),
        Expr::Field {
            base,
            name,
            name_range,
        } => {
            let mut p = expr_as_path(body, *base)?;
            p.segments.push(crate::data::PathSegRef {
                name: name.clone(),
                args: None,
                range: *name_range,
            });
            Some(p)
        }
        _ => None,
    }
}

/// Component indices of a vector swizzle (`xyzw` or `rgba`, not mixed).
pub fn swizzle_indices(name: &str, len: u32) -> Result<Vec<u32>, String> {
    if name.is_empty() || name.len() > 4 {
        return Err("a swizzle has 1 to 4 components".into());
    }
    let xyzw = name.chars().all(|c| "xyzw".contains(c));
    let rgba = name.chars().all(|c| "rgba".contains(c));
    if !xyzw && !rgba {
        return Err("use the components `x y z w` or `r g b a` (not mixed)".into());
    }
    let set = if xyzw { "xyzw" } else { "rgba" };
    let mut out = Vec::new();
    for c in name.chars() {
        let i = set.find(c).unwrap_or(0) as u32;
        if i >= len {
            return Err(format!(
                "component `{c}` is out of range for {len} component(s)"
            ));
        }
        out.push(i);
    }
    Ok(out)
}

/// `_m00`/`_11`-style matrix element swizzles: number of elements.
fn matrix_swizzle_len(name: &str) -> Option<u32> {
    let bytes = name.as_bytes();
    if bytes.first() != Some(&b'_') {
        return None;
    }
    let zero_based = name.starts_with("_m");
    let step = if zero_based { 4 } else { 3 };
    if !name.len().is_multiple_of(step) {
        return None;
    }
    Some((name.len() / step) as u32)
}

/// The element indices of a tuple swizzle (`_0_2_1`: two or more `_N` parts, each below `len`).
pub fn tuple_swizzle(name: &str, len: usize) -> Option<Vec<usize>> {
    let rest = name.strip_prefix('_')?;
    let indices: Vec<usize> = rest
        .split('_')
        .map(|p| {
            (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                .then(|| p.parse::<usize>().ok())
                .flatten()
                .filter(|i| *i < len)
        })
        .collect::<Option<_>>()?;
    (indices.len() >= 2).then_some(indices)
}
