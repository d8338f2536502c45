//! Signature queries: function, derivative, property, subscript, field and global types.
//!
//! These salsa queries resolve declared types only; they never walk a body (except a global's
//! initialiser when it has no declared type), so they sit apart from the inference context.

use std::sync::Arc;

use base_db::{Db, SourceFile};
use smol_str::SmolStr;

use crate::body::*;
use crate::data::{FnKind, GenericParamKind, ParamDir};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve::{self, Resolver};
use crate::ty::{GenericArg, Len, ScalarKind, Ty};

use super::infer_global;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamSig {
    pub name: SmolStr,
    pub ty: Ty,
    pub dir: ParamDir,
    pub no_diff: bool,
    pub has_default: bool,
}

/// A function signature with resolved types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FnSig {
    pub generics: Vec<GenericParamId>,
    /// Whether each generic parameter is a value (`let N`) parameter.
    pub generic_is_value: Vec<bool>,
    pub params: Vec<ParamSig>,
    pub ret: Ty,
    /// Declared to return `Ref<T>` (`ret` is `T`): a call names the memory the body's `return`
    /// names, so it may be written (`crate::ref_type`).
    pub returns_ref: bool,
    pub is_static: bool,
    pub is_mutating: bool,
    pub kind: FnKind,
    /// Whether the function is a member of a type (it has a `this`).
    pub is_member: bool,
    /// Index of the parameter pack (`expand each T args`), which takes all remaining arguments.
    pub variadic_from: Option<usize>,
    /// Type packs (`each T`) among the generic parameters; bound per argument, not inferred.
    pub generic_is_pack: Vec<bool>,
    /// `let N : int = 4`, `U = T`: what a parameter that is neither given nor inferred means
    /// (may name earlier parameters).
    pub generic_defaults: Vec<Option<GenericArg>>,
    pub diags: Vec<Diag>,
}

#[salsa::tracked(returns(clone))]
pub fn fn_sig(db: &dyn Db, func: FunctionId) -> Arc<FnSig> {
    let data = lower::fn_data(db, func);
    let resolver = Resolver::for_item(db, func.loc(db));
    let mut diags = Vec::new();
    let owner = GenericOwner::Function(func);
    let generics = data
        .generics
        .iter()
        .enumerate()
        .map(|(i, g)| GenericParamId {
            owner,
            index: i as u32,
            name: g.name.clone(),
        })
        .collect();
    let generic_is_value = data
        .generics
        .iter()
        .map(|g| matches!(g.kind, GenericParamKind::Value { .. }))
        .collect();
    for g in &data.generics {
        if let GenericParamKind::Type { constraints } = &g.kind {
            for c in constraints {
                resolver.resolve_type(c, &mut diags);
            }
        }
    }
    let generic_defaults = data
        .generics
        .iter()
        .map(|g| {
            g.default
                .as_ref()
                .map(|d| resolver.resolve_generic_arg(d, &mut diags))
        })
        .collect();
    for pred in &data.where_preds {
        resolver.resolve_type(&pred.subject, &mut diags);
        for b in &pred.bounds {
            resolver.resolve_type(b, &mut diags);
        }
    }
    let mut params: Vec<ParamSig> = data
        .params
        .iter()
        .map(|p| ParamSig {
            name: p.name.clone(),
            ty: resolver.resolve_type(&p.ty, &mut diags),
            dir: p.modifiers.dir,
            no_diff: p.modifiers.no_diff,
            has_default: p.has_default,
        })
        .collect();
    let mut ret = match data.kind {
        FnKind::Init => resolver
            .self_ctx
            .as_ref()
            .map_or(Ty::Unknown, |c| c.ty.clone()),
        _ => resolver.resolve_type(&data.ret, &mut diags),
    };
    let returns_ref = match crate::ref_type::ref_target(db, &ret) {
        Some(target) if matches!(data.kind, FnKind::Free | FnKind::Method) => {
            ret = target;
            true
        }
        _ => false,
    };
    // Accessors take their type (and parameters) from the property or subscript they belong to.
    if matches!(
        data.kind,
        FnKind::Getter | FnKind::Setter | FnKind::RefAccessor
    ) && let Some(parent) = func.loc(db).parent()
    {
        let (value_ty, extra) = accessor_owner(db, &parent);
        if data.kind == FnKind::Setter {
            // `set(newValue)`: a parameter named without a type has the property's type.
            for (p, declared) in params.iter_mut().zip(&data.params) {
                if matches!(declared.ty, crate::TypeRef::Error) {
                    p.ty = value_ty.clone();
                }
            }
            if params.is_empty() {
                params.push(ParamSig {
                    name: "newValue".into(),
                    ty: value_ty,
                    dir: ParamDir::In,
                    no_diff: false,
                    has_default: false,
                });
            }
            ret = Ty::Void;
        } else {
            ret = value_ty;
        }
        let mut all = extra;
        all.extend(params);
        params = all;
    }
    // A `ref` accessor returns the memory of the value (writes go through it without `set`).
    let returns_ref = returns_ref || data.kind == FnKind::RefAccessor;
    // `f<each T>(T v)` declares a parameter pack as `expand each T v` does.
    let variadic_from = data.params.iter().position(|p| p.variadic).or_else(|| {
        params.iter().position(|p| {
            matches!(&p.ty, Ty::Param(g) if g.owner == GenericOwner::Function(func)
                && data.generics.get(g.index as usize).is_some_and(|d| d.variadic))
        })
    });
    // `__func_extension __apply(T::m)` of a non-static method takes `m`'s `this`.
    let receiver = crate::derivative_target::apply_receiver(db, func);
    Arc::new(FnSig {
        generics,
        generic_is_value,
        params,
        ret,
        returns_ref,
        is_static: data.modifiers.is_static,
        is_mutating: data.is_mutating() || receiver.as_ref().is_some_and(|r| r.mutating),
        kind: data.kind,
        is_member: data.in_type || receiver.is_some(),
        variadic_from,
        generic_is_pack: data.generics.iter().map(|g| g.variadic).collect(),
        generic_defaults,
        diags,
    })
}

/// The signature of `fwd_diff(func)` / `bwd_diff(func)`, by the rules of the user guide
/// ("Forward/Backward Derivative Propagation Function"). `None` for methods (their `this` pairing
/// comes with the autodiff layer).
#[salsa::tracked(returns(clone))]
pub fn derivative_sig(db: &dyn Db, func: FunctionId, kind: DiffKind) -> Option<Arc<FnSig>> {
    let sig = primal_sig_with_this(db, func)?;
    let data = lower::fn_data(db, func);
    derive_sig(db, func, &sig, data.modifiers.no_diff, kind).map(Arc::new)
}

/// `func`'s signature with a non-static method's `this` as its first parameter: what its
/// derivatives are derived from.
pub(super) fn primal_sig_with_this(db: &dyn Db, func: FunctionId) -> Option<FnSig> {
    let mut sig = (*fn_sig(db, func)).clone();
    let data = lower::fn_data(db, func);
    if sig.is_member && !sig.is_static {
        // `fwd_diff(Type.method)` takes `this` as its first parameter (not differentiated with
        // `[NoDiffThis]`; `inout` for `[mutating]` methods).
        let this_ty = Resolver::for_item(db, func.loc(db)).self_ctx?.ty;
        sig.params.insert(
            0,
            ParamSig {
                name: "this".into(),
                ty: this_ty,
                dir: if sig.is_mutating {
                    ParamDir::InOut
                } else {
                    ParamDir::In
                },
                no_diff: data.attr("NoDiffThis").is_some(),
                has_default: false,
            },
        );
    }
    Some(sig)
}

/// The signature of a derivative of `fwd_diff`/`bwd_diff`s, innermost kind first
/// (`fwd_diff(fwd_diff(f))` is the forward derivative of the forward derivative's signature).
pub fn nested_derivative_sig(
    db: &dyn Db,
    func: FunctionId,
    kinds: &[DiffKind],
) -> Option<Arc<FnSig>> {
    let (first, rest) = kinds.split_first()?;
    let mut sig = derivative_sig(db, func, *first)?;
    for kind in rest {
        sig = Arc::new(derive_sig(db, func, &sig, false, *kind)?);
    }
    Some(sig)
}

/// Applies the derivative signature rules to `sig` (`func` gives the lookup context).
pub(super) fn derive_sig(
    db: &dyn Db,
    func: FunctionId,
    sig: &FnSig,
    ret_no_diff: bool,
    kind: DiffKind,
) -> Option<FnSig> {
    let file = func.loc(db).file;
    let differentiable = resolve::stdlib_interface(db, file, "IDifferentiable")?;
    let Some(resolve::Resolution::Type(Ty::Adt(pair, _))) =
        Resolver::for_item(db, func.loc(db)).resolve_name("DifferentialPair")
    else {
        return None;
    };
    let is_diff = |t: &Ty| {
        !t.has_unknown() && t != &Ty::Void && resolve::implements(db, file, t, &differentiable)
    };
    let pair_of = |t: &Ty| Ty::Adt(pair, Arc::from([GenericArg::Type(t.clone())]));
    // `IDifferentiablePtrType` parameters become `DifferentialPtrPair<T>` in both modes, direction
    // kept, as slangc translates them (the user guide allows only `in` ones: `diff_diagnostics`
    // reports the others).
    let ptr_pair_of = |t: &Ty| -> Option<Ty> {
        if t.has_unknown() || !is_ptr_differentiable(db, file, t) {
            return None;
        }
        match Resolver::for_item(db, func.loc(db)).resolve_name("DifferentialPtrPair") {
            Some(resolve::Resolution::Type(Ty::Adt(ptr_pair, _))) => {
                Some(Ty::Adt(ptr_pair, Arc::from([GenericArg::Type(t.clone())])))
            }
            _ => None,
        }
    };
    let mut params = Vec::new();
    for p in &sig.params {
        if !p.no_diff
            && let Some(ty) = ptr_pair_of(&p.ty)
        {
            params.push(ParamSig {
                ty,
                has_default: false,
                ..p.clone()
            });
            continue;
        }
        let diff = !p.no_diff && is_diff(&p.ty);
        let transformed = match (kind, diff, p.dir) {
            (DiffKind::Forward, true, dir) => Some((pair_of(&p.ty), dir)),
            (DiffKind::Forward, false, dir) => Some((p.ty.clone(), dir)),
            (DiffKind::Backward, true, ParamDir::Out) => Some((
                resolve::normalize(
                    db,
                    file,
                    &Ty::Assoc(Arc::new(p.ty.clone()), "Differential".into()),
                ),
                ParamDir::In,
            )),
            (DiffKind::Backward, true, _) => Some((pair_of(&p.ty), ParamDir::InOut)),
            (DiffKind::Backward, false, ParamDir::Out) => None,
            (DiffKind::Backward, false, _) => Some((p.ty.clone(), ParamDir::In)),
        };
        if let Some((ty, dir)) = transformed {
            params.push(ParamSig {
                ty,
                dir,
                has_default: false,
                ..p.clone()
            });
        }
    }
    let ret_diff = !ret_no_diff && is_diff(&sig.ret);
    let ret = match kind {
        DiffKind::Forward if ret_diff => pair_of(&sig.ret),
        DiffKind::Forward => sig.ret.clone(),
        DiffKind::Backward => {
            if ret_diff {
                params.push(ParamSig {
                    name: "dResult".into(),
                    ty: resolve::normalize(
                        db,
                        file,
                        &Ty::Assoc(Arc::new(sig.ret.clone()), "Differential".into()),
                    ),
                    dir: ParamDir::In,
                    no_diff: false,
                    has_default: false,
                });
            }
            Ty::Void
        }
    };
    Some(FnSig {
        params,
        ret,
        returns_ref: false,
        diags: Vec::new(),
        ..(*sig).clone()
    })
}

/// Whether `ty` conforms to `IDifferentiablePtrType` (a location whose derivative is a location).
pub(crate) fn is_ptr_differentiable(db: &dyn Db, file: SourceFile, ty: &Ty) -> bool {
    let Some(iface) = resolve::stdlib_interface(db, file, "IDifferentiablePtrType") else {
        return false;
    };
    match (ty, &iface) {
        // `implements` takes any associated type as conforming; a `M.Params : IDifferentiable`
        // parameter must stay a `DifferentialPair`, so the declared bounds decide here.
        (Ty::Assoc(..), Ty::Adt(target, _)) => resolve::declared_conformance(db, file, ty, *target),
        _ => resolve::implements(db, file, ty, &iface),
    }
}

/// The value type and index parameters of the property or subscript that owns an accessor.
fn accessor_owner(db: &dyn Db, parent: &ItemLoc) -> (Ty, Vec<ParamSig>) {
    match parent.kind() {
        Some(ItemKind::Property) => {
            let prop = PropertyId::new(db, parent.clone());
            (property_ty(db, prop), Vec::new())
        }
        Some(ItemKind::Subscript) => {
            let sub = SubscriptId::new(db, parent.clone());
            let sig = subscript_sig(db, sub);
            (sig.1.clone(), sig.0.to_vec())
        }
        _ => (Ty::Unknown, Vec::new()),
    }
}

#[salsa::tracked(returns(clone), cycle_result = property_ty_cycle)]
pub fn property_ty(db: &dyn Db, prop: PropertyId) -> Ty {
    let data = lower::property_data(db, prop);
    Resolver::for_item(db, prop.loc(db)).resolve_type(&data.ty, &mut Vec::new())
}

#[salsa::tracked(returns(clone), cycle_result = subscript_sig_cycle)]
pub fn subscript_sig(db: &dyn Db, sub: SubscriptId) -> (Arc<[ParamSig]>, Ty) {
    let data = lower::subscript_data(db, sub);
    let resolver = Resolver::for_item(db, sub.loc(db));
    let params = data
        .params
        .iter()
        .map(|p| ParamSig {
            name: p.name.clone(),
            ty: resolver.resolve_type(&p.ty, &mut Vec::new()),
            dir: p.modifiers.dir,
            no_diff: p.modifiers.no_diff,
            has_default: p.has_default,
        })
        .collect();
    (params, resolver.resolve_type(&data.ret, &mut Vec::new()))
}

/// Field types of a struct, in declaration order, with the struct's own generic parameters.
#[salsa::tracked(returns(clone), cycle_result = field_types_cycle)]
pub fn field_types(db: &dyn Db, decl: TypeDeclId) -> Arc<[Ty]> {
    let data = lower::type_decl_data(db, decl);
    let resolver = Resolver::for_item(db, decl.loc(db));
    data.fields
        .iter()
        .map(|f| resolver.resolve_type(&f.ty, &mut Vec::new()))
        .collect()
}

/// The width of each bit field of `decl` (`uint a : 4;` gives `Some(4)`), `None` for a plain
/// field or a width that is not a constant in `0..=64` (reported by `type_decl_sig_diags`).
pub fn bit_field_widths(db: &dyn Db, decl: TypeDeclId) -> Vec<Option<u32>> {
    let data = lower::type_decl_data(db, decl);
    if !data.fields.iter().any(|f| f.bit_width.is_some()) {
        return vec![None; data.fields.len()];
    }
    let resolver = Resolver::for_item(db, decl.loc(db));
    data.fields
        .iter()
        .map(|f| {
            let (width, _) = f.bit_width.as_ref()?;
            let w = resolver.eval_const(width)?;
            u32::try_from(w).ok().filter(|w| *w <= 64)
        })
        .collect()
}

/// Diagnostics of a type declaration's own signature (bases, field types).
#[salsa::tracked(returns(clone))]
pub fn type_decl_sig_diags(db: &dyn Db, decl: TypeDeclId) -> Arc<[Diag]> {
    let data = lower::type_decl_data(db, decl);
    let mut resolver = Resolver::for_item(db, decl.loc(db));
    let mut diags = Vec::new();
    for f in &data.fields {
        let ty = resolver.resolve_type(&f.ty, &mut diags);
        // slangc reports bit-field errors at the field's name.
        if let Some((width, _)) = &f.bit_width {
            bit_field_diags(db, &resolver, &f.name, &ty, width, f.name_range, &mut diags);
        }
    }
    resolver.self_ctx = None;
    for b in &data.bases {
        resolver.resolve_type(b, &mut diags);
    }
    diags.into()
}

/// A bit field's type must be an integer as wide as its width at least (slangc's rules).
fn bit_field_diags(
    db: &dyn Db,
    resolver: &Resolver,
    name: &str,
    ty: &Ty,
    width: &crate::data::ConstRef,
    range: crate::TextRange,
    diags: &mut Vec<Diag>,
) {
    let ty = resolve::normalize(db, resolver.file, ty);
    if ty.has_unknown() || matches!(ty, Ty::Param(_) | Ty::Assoc(..)) {
        return;
    }
    let bits = match &ty {
        Ty::Scalar(k) if k.is_integer() => match k {
            ScalarKind::Int8 | ScalarKind::UInt8 => 8,
            ScalarKind::Int16 | ScalarKind::UInt16 => 16,
            ScalarKind::Int64 | ScalarKind::UInt64 => 64,
            _ => 32,
        },
        _ => {
            let shown = crate::display_ty(db, &ty);
            diags.push(Diag::error(
                "E2080",
                format!(
                    "bit field `{name}` has the non-integer type `{shown}`: bit fields must have an integer type (`uint {name} : 4;`)"
                ),
                range,
            ));
            return;
        }
    };
    let Some(w) = resolver.eval_const(width) else {
        diags.push(Diag::error(
            "E2081",
            format!("the width of bit field `{name}` is not a constant integer: write a literal width (`: 4`)"),
            range,
        ));
        return;
    };
    if w < 0 || w > bits {
        let shown = crate::display_ty(db, &ty);
        diags.push(Diag::error(
            "E2081",
            format!(
                "bit-field size exceeds type width: bit-field size ({w}) exceeds the width of its type {shown} ({bits}); use a wider type or a smaller width"
            ),
            range,
        ));
    }
}

#[salsa::tracked(returns(clone), cycle_result = global_ty_cycle)]
pub fn global_ty(db: &dyn Db, global: GlobalId) -> Ty {
    let data = lower::global_data(db, global);
    match &data.ty {
        Some(ty) => {
            let declared = Resolver::for_item(db, global.loc(db)).resolve_type(ty, &mut Vec::new());
            // `T name[] = { ... }`: the initializer list gives the length.
            if let Ty::Array(elem, Len::Unknown) = &declared {
                let body = lower::global_body(db, global);
                if let Some(root) = body.root_expr
                    && let Expr::InitList(items) = &body.exprs[root]
                {
                    return Ty::Array(elem.clone(), Len::Known(items.len() as u32));
                }
            }
            declared
        }
        None => {
            let result = infer_global(db, global);
            let body = lower::global_body(db, global);
            body.root_expr.map_or(Ty::Unknown, |e| result.expr_ty(e))
        }
    }
}

/// Generic parameter substitution for a struct's type arguments.
pub fn type_args_subst(
    db: &dyn Db,
    decl: TypeDeclId,
    args: &[GenericArg],
) -> Vec<(GenericParamId, GenericArg)> {
    let data = lower::type_decl_data(db, decl);
    data.generics
        .iter()
        .enumerate()
        .zip(args.iter())
        .map(|((i, g), a)| {
            (
                GenericParamId {
                    owner: GenericOwner::TypeDecl(decl),
                    index: i as u32,
                    name: g.name.clone(),
                },
                a.clone(),
            )
        })
        .chain(crate::nested::bind_implicit(
            db,
            decl,
            data.generics.len(),
            args,
        ))
        .collect()
}

/// A `global_ty` that depends on itself (cyclic declarations) resolves to nothing.
fn global_ty_cycle(_db: &dyn Db, _id: salsa::Id, _global: GlobalId) -> Ty {
    Ty::Unknown
}

/// A `field_types` that depends on itself (cyclic declarations) resolves to nothing.
fn field_types_cycle(_db: &dyn Db, _id: salsa::Id, _decl: TypeDeclId) -> Arc<[Ty]> {
    Arc::from([])
}

/// A `property_ty` that depends on itself (cyclic declarations) resolves to nothing.
fn property_ty_cycle(_db: &dyn Db, _id: salsa::Id, _prop: PropertyId) -> Ty {
    Ty::Unknown
}

/// A `subscript_sig` that depends on itself (cyclic declarations) resolves to nothing.
fn subscript_sig_cycle(_db: &dyn Db, _id: salsa::Id, _sub: SubscriptId) -> (Arc<[ParamSig]>, Ty) {
    (Arc::from([]), Ty::Unknown)
}
