//! Item-level checks: signatures, bodies, conformance to interfaces, entry points, duplicates.
//! Each query returns diagnostics with ranges relative to its item.

use std::sync::Arc;

use base_db::Db;
use smol_str::SmolStr;

use crate::data::{AttrArg, ItemNode, TypeDeclKind};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::infer::{self, fn_sig};
use crate::lower;
use crate::resolve::{self, Resolver};
use crate::ty::{Len, ScalarKind, Ty};

/// Everything wrong with one function: unresolved signature types, body errors, entry-point rules.
#[salsa::tracked(returns(clone))]
pub fn fn_diagnostics(db: &dyn Db, func: FunctionId) -> Arc<[Diag]> {
    let sig = fn_sig(db, func);
    let data = lower::fn_data(db, func);
    let mut diags = sig.diags.clone();
    diags.extend(crate::forms::generic_list_diagnostics(&data.generics));
    if data.has_body {
        diags.extend(infer::infer(db, func).diags.iter().cloned());
        diags.extend(crate::diffcheck::diff_diagnostics(db, func).iter().cloned());
    }
    // Duplicate parameter names.
    for (i, p) in data.params.iter().enumerate() {
        if !p.name.is_empty() && data.params[..i].iter().any(|q| q.name == p.name) {
            diags.push(Diag::error(
                "E2019",
                format!("parameter `{}` is declared twice", p.name),
                p.name_range,
            ));
        }
    }
    check_entry_point(db, func, &mut diags);
    diags.into()
}

fn check_entry_point(db: &dyn Db, func: FunctionId, diags: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    let shader = data.attr("shader");
    let numthreads = data.attr("numthreads");
    let is_compute = shader
        .is_some_and(|a| matches!(a.args.first(), Some(AttrArg::String(s)) if s == "compute"));
    if shader.is_some() && !is_compute {
        // Other stages parse and check but have no stage-specific rules here.
        return;
    }
    if !is_compute && numthreads.is_none() {
        return;
    }
    match numthreads {
        // slangc defaults the workgroup size; say so, since it is rarely what was meant.
        None => diags.push(Diag::warning(
            "E2017",
            format!(
                "compute entry point `{}` has no `[numthreads(x, y, z)]`: it runs one thread per workgroup",
                data.name
            ),
            data.name_range,
        )),
        Some(attr) => {
            if attr.args.is_empty() || attr.args.len() > 3 {
                diags.push(Diag::error("E2017", "`numthreads` takes 1 to 3 positive integers", attr.range));
            }
            for arg in &attr.args {
                match arg {
                    AttrArg::Int(v) if *v > 0 => {}
                    AttrArg::Int(_) => diags.push(Diag::error(
                        "E2017",
                        "`numthreads` sizes must be positive: a workgroup needs at least one thread in each dimension",
                        attr.range,
                    )),
                    // Named constants (`static const uint kGroup = 64;`) must be positive too.
                    AttrArg::Path(path) => {
                        let resolver = Resolver::for_item(db, func.loc(db));
                        match resolver.eval_const(&crate::data::ConstRef::Path(path.clone())) {
                            Some(v) if v > 0 => {}
                            Some(_) => diags.push(Diag::error(
                                "E2017",
                                "`numthreads` sizes must be positive: a workgroup needs at least one thread in each dimension",
                                attr.range,
                            )),
                            None => diags.push(Diag::error(
                                "E2017",
                                format!("`{}` is not an integer constant: `numthreads` needs compile-time sizes", crate::resolve::path_text(path)),
                                path.range(),
                            )),
                        }
                    }
                    _ => diags.push(Diag::error("E2017", "`numthreads` sizes must be integer constants", attr.range)),
                }
            }
        }
    }
    let sig = fn_sig(db, func);
    if sig.ret != Ty::Void && !sig.ret.has_unknown() {
        // slangc accepts and drops the value; say so.
        diags.push(Diag::warning(
            "E2017",
            format!("the value returned by compute entry point `{}` is discarded: write results to a buffer", data.name),
            data.ret_range.unwrap_or(data.name_range),
        ));
    }
    for (p, ps) in data.params.iter().zip(sig.params.iter()) {
        let Some((semantic, range)) = &p.semantic else {
            continue;
        };
        let upper = semantic.to_ascii_uppercase();
        if !upper.starts_with("SV_") {
            continue;
        }
        let allowed_vectors = match upper.as_str() {
            "SV_DISPATCHTHREADID" | "SV_GROUPTHREADID" | "SV_GROUPID" => true,
            "SV_GROUPINDEX" => false,
            _ => {
                diags.push(Diag::error(
                    "E2018",
                    format!(
                        "`{semantic}` is not a compute-stage system value: use SV_DispatchThreadID, SV_GroupThreadID, SV_GroupID or SV_GroupIndex"
                    ),
                    *range,
                ));
                continue;
            }
        };
        let ok = match &ps.ty {
            Ty::Unknown => true,
            Ty::Scalar(ScalarKind::Int | ScalarKind::UInt) => true,
            Ty::Vector(e, Len::Known(n)) if allowed_vectors => {
                matches!(**e, Ty::Scalar(ScalarKind::Int | ScalarKind::UInt)) && (1..=3).contains(n)
            }
            _ => false,
        };
        if !ok {
            let want = if allowed_vectors {
                "`uint`, `uint2`, `uint3` (or the `int` forms)"
            } else {
                "`uint` or `int`"
            };
            diags.push(Diag::error(
                "E2018",
                format!(
                    "`{semantic}` must have type {want}, not `{}`",
                    crate::display_ty(db, &ps.ty)
                ),
                p.range,
            ));
        }
    }
}

#[salsa::tracked(returns(clone))]
pub fn global_diagnostics(db: &dyn Db, global: GlobalId) -> Arc<[Diag]> {
    let data = lower::global_data(db, global);
    let mut diags = Vec::new();
    if let Some(ty) = &data.ty {
        Resolver::for_item(db, global.loc(db)).resolve_type(ty, &mut diags);
    }
    diags.extend(infer::infer_global(db, global).diags.iter().cloned());
    if data.is_let && !data.has_init {
        diags.push(Diag::error(
            "E2004",
            format!("`let {}` needs an initial value", data.name),
            data.name_range,
        ));
    }
    diags.into()
}

#[salsa::tracked(returns(clone))]
pub fn alias_diagnostics(db: &dyn Db, alias: AliasId) -> Arc<[Diag]> {
    let data = lower::alias_data(db, alias);
    let mut diags = Vec::new();
    let resolver = Resolver::for_item(db, alias.loc(db));
    if let Some(target) = &data.target {
        let ty = resolver.resolve_type(target, &mut diags);
        // `struct S : I = Impl;`: the implementation provides the conformances.
        if !data.is_assoc {
            for c in &data.constraints {
                let iface = resolver.resolve_type(c, &mut diags);
                if !resolve::implements(db, alias.loc(db).file, &ty, &iface) {
                    diags.push(Diag::error(
                        "E2016",
                        format!(
                            "type `{}` does not conform to `{}`: `{}` is defined as `{}`, which must implement the interfaces `{}` declares",
                            data.name,
                            crate::display_ty(db, &iface),
                            data.name,
                            crate::display_ty(db, &ty),
                            data.name
                        ),
                        c.range().unwrap_or(data.name_range),
                    ));
                }
            }
        }
    }
    diags.into()
}

#[salsa::tracked(returns(clone))]
pub fn type_decl_diagnostics(db: &dyn Db, decl: TypeDeclId) -> Arc<[Diag]> {
    let data = lower::type_decl_data(db, decl);
    let mut diags: Vec<Diag> = infer::type_decl_sig_diags(db, decl).to_vec();
    diags.extend(crate::forms::generic_list_diagnostics(&data.generics));
    // Duplicate fields.
    for (i, f) in data.fields.iter().enumerate() {
        if data.fields[..i].iter().any(|g| g.name == f.name) {
            diags.push(Diag::error(
                "E2019",
                format!("field `{}` is declared twice", f.name),
                f.name_range,
            ));
        }
    }
    diags.extend(crate::differential::differential_diagnostics(db, decl));
    if data.kind == TypeDeclKind::Struct || data.kind == TypeDeclKind::Enum {
        let args = generic_params_as_args(db, decl);
        let ty = Ty::Adt(decl, args);
        let bases = resolve::type_decl_bases(db, decl);
        // Reported at the interface in the base list, as slangc does.
        // A leading struct is a base struct (`struct B : A`), not an interface to conform to.
        let skip = usize::from(resolve::struct_base(db, &ty).is_some());
        for (base_ref, base) in data.bases.iter().zip(bases.iter()).skip(skip) {
            let range = base_ref.range().unwrap_or(data.name_range);
            check_conformance(
                db,
                decl.loc(db).file,
                &ty,
                &data.name,
                base,
                range,
                &mut diags,
            );
        }
    }
    diags.into()
}

#[salsa::tracked(returns(clone))]
pub fn extension_diagnostics(db: &dyn Db, ext: ExtensionId) -> Arc<[Diag]> {
    let data = lower::extension_data(db, ext);
    let mut diags = Vec::new();
    let mut resolver = Resolver::for_item(db, ext.loc(db));
    resolver.self_ctx = None;
    let target = resolver.resolve_type(&data.target, &mut diags);
    for (i, d) in diags.iter_mut().enumerate() {
        if i == 0 && d.range.is_empty() {
            d.range = data.target_range;
        }
    }
    let bases = resolve::extension_bases(db, ext);
    for (base_ref, base) in data.bases.iter().zip(bases.iter()) {
        resolver.resolve_type(base_ref, &mut diags);
        if matches!(target, Ty::Adt(..)) {
            let name = crate::display_ty(db, &target);
            let range = base_ref.range().unwrap_or(data.target_range);
            check_conformance(
                db,
                ext.loc(db).file,
                &target,
                &name,
                base,
                range,
                &mut diags,
            );
        }
    }
    diags.into()
}

pub(crate) fn generic_params_as_args(
    db: &dyn Db,
    decl: TypeDeclId,
) -> Arc<[crate::ty::GenericArg]> {
    let data = lower::type_decl_data(db, decl);
    data.generics
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let id = GenericParamId {
                owner: GenericOwner::TypeDecl(decl),
                index: i as u32,
                name: g.name.clone(),
            };
            match g.kind {
                crate::data::GenericParamKind::Type { .. } => {
                    crate::ty::GenericArg::Type(Ty::Param(id))
                }
                crate::data::GenericParamKind::Value { .. } => {
                    crate::ty::GenericArg::Value(Len::Param(id))
                }
            }
        })
        .collect()
}

/// Interfaces whose requirements the compiler synthesises for structs (autodiff layer).
fn is_synthesised_interface(name: &str) -> bool {
    matches!(name, "IDifferentiable" | "IDifferentiablePtrType")
}

/// Checks that `ty` provides every requirement of `iface` (and of the interfaces it inherits),
/// naming each missing one.
fn check_conformance(
    db: &dyn Db,
    file: base_db::SourceFile,
    ty: &Ty,
    ty_name: &str,
    iface: &Ty,
    range: crate::TextRange,
    diags: &mut Vec<Diag>,
) {
    let Ty::Adt(iface_decl, _) = iface else {
        return;
    };
    let iface_data = lower::type_decl_data(db, *iface_decl);
    if iface_data.kind != TypeDeclKind::Interface {
        if iface_data.kind == TypeDeclKind::Struct {
            diags.push(Diag::error(
                "E2016",
                format!(
                    "`{}` is a struct, not an interface: a type can only conform to interfaces",
                    iface_data.name
                ),
                range,
            ));
        }
        return;
    }
    let mut queue = vec![*iface_decl];
    let mut seen = Vec::new();
    while let Some(current) = queue.pop() {
        if seen.contains(&current) {
            continue;
        }
        seen.push(current);
        let data = lower::type_decl_data(db, current);
        for base in resolve::type_decl_bases(db, current).iter() {
            if let Ty::Adt(d, _) = base {
                queue.push(*d);
            }
        }
        if is_synthesised_interface(&data.name) {
            continue;
        }
        // The interface's generic parameters as this conformance instantiates them
        // (`struct S<let n : int> : IFoo<n>` compares requirements of `IFoo<n>`).
        let iface_subst = match &crate::witness::conformance_instances(db, file, ty, current)[..] {
            [Ty::Adt(_, args)] => crate::infer::type_args_subst(db, current, args),
            _ => Vec::new(),
        };
        for req in &data.members {
            let name = lower::item_def_name(db, *req);
            let mismatch = match provides(db, file, ty, current, *req, &name, &iface_subst) {
                Provided::Yes => continue,
                // A requirement declared with a body is its own default implementation; a
                // method of the same name with another signature is then an overload.
                _ if has_default_impl(db, *req) => continue,
                Provided::No => None,
                Provided::Mismatch(f) => Some(f),
                Provided::NotDifferentiable(f, kind) => {
                    // Reported at the method, with the requirement as a note, as slangc does.
                    let mode = match kind {
                        crate::DiffKind::Forward => "forward",
                        crate::DiffKind::Backward => "backward",
                    };
                    diags.push(
                        Diag::error(
                            "E3110",
                            format!(
                                "callable differentiability requirement not satisfied: member '{name}' does not satisfy the required {mode}-differentiable constraint for interface requirement '{name}'. Mark it [Differentiable] (a custom derivative gives only the mode it names)"
                            ),
                            lower::fn_data(db, f).name_range,
                        )
                        .in_item(ItemDef::Function(f))
                        .with_related(
                            Some(*req),
                            lower::item_def_name_range(db, *req),
                            format!("see interface requirement declaration of '{name}'"),
                        ),
                    );
                    continue;
                }
            };
            if let (Some(f), ItemDef::Function(r)) = (mismatch, req) {
                // Reported at the method, as slangc does.
                diags.push(
                    Diag::error(
                        "E2016",
                        format!(
                            "member '{name}' does not match interface requirement. `{name}` does not match the requirement of interface `{}`: it must be `{}`",
                            data.name,
                            crate::fn_signature_text(db, *r)
                        ),
                        lower::fn_data(db, f).name_range,
                    )
                    .in_item(ItemDef::Function(f))
                    .with_related(Some(*req), lower::item_def_name_range(db, *req), "requirement declared here"),
                );
                continue;
            }
            let what = match req {
                ItemDef::Function(_) => "method",
                ItemDef::Alias(_) => "associated type",
                ItemDef::Property(_) => "property",
                ItemDef::Subscript(_) => "subscript",
                _ => "requirement",
            };
            let detail = match req {
                ItemDef::Function(f) => crate::fn_signature_text(db, *f),
                _ => name.to_string(),
            };
            diags.push(
                Diag::error(
                    "E2016",
                    format!(
                        "type '{ty_name}' does not provide required interface member '{name}'. `{ty_name}` does not implement {what} `{name}` required by interface `{}`: add `{detail}`",
                        data.name
                    ),
                    range,
                )
                .with_related(Some(*req), lower::item_def_name_range(db, *req), "requirement declared here"),
            );
        }
    }
}

/// Whether an interface requirement carries a default implementation (a method with a body, a
/// property or subscript with a `get` accessor body), which conforming types inherit.
fn has_default_impl(db: &dyn Db, req: ItemDef) -> bool {
    match req {
        ItemDef::Function(f) => lower::fn_data(db, f).has_body,
        ItemDef::Property(p) => lower::property_data(db, p).getter.is_some(),
        ItemDef::Subscript(s) => lower::subscript_data(db, s).getter.is_some(),
        _ => false,
    }
}

/// How a type meets one requirement of an interface.
enum Provided {
    Yes,
    No,
    /// A method with the requirement's name whose signature differs.
    Mismatch(FunctionId),
    /// A method with the requirement's signature that is not differentiable in a mode the
    /// requirement is (slangc's callable differentiability constraint).
    NotDifferentiable(FunctionId, crate::DiffKind),
}

/// Whether `ty` has a member satisfying requirement `req` of interface `iface`.
fn provides(
    db: &dyn Db,
    file: base_db::SourceFile,
    ty: &Ty,
    iface: TypeDeclId,
    req: ItemDef,
    name: &SmolStr,
    iface_subst: &[(GenericParamId, crate::ty::GenericArg)],
) -> Provided {
    // Each candidate with the bindings of its owner's generic parameters for `ty` (a method of
    // `struct Foo<T>` seen through `extension<U> Foo<U> : I` has its `T` as the extension's `U`).
    type Subst = Vec<(GenericParamId, crate::ty::GenericArg)>;
    let mut candidates: Vec<(ItemDef, Arc<Subst>)> = Vec::new();
    // The type's own members, then those inherited from base structs (`struct B : A, I`: slangc
    // satisfies `I` with `A`'s methods through a wrapper on `B`).
    for owner in std::iter::once(ty.clone()).chain(resolve::struct_base_chain(db, ty)) {
        if let Ty::Adt(decl, args) = &owner {
            let subst = Arc::new(crate::infer::type_args_subst(db, *decl, args));
            let members = lower::type_decl_data(db, *decl).members.clone();
            candidates.extend(members.into_iter().map(|m| (m, subst.clone())));
        }
        for (ext, bindings) in resolve::extensions_for(db, file, &owner) {
            let subst = Arc::new(bindings);
            let members = lower::extension_data(db, ext).members.clone();
            candidates.extend(members.into_iter().map(|m| (m, subst.clone())));
        }
    }
    // Default implementations in extensions of the interface itself.
    let iface_ty = Ty::Adt(iface, Arc::from([]));
    for (ext, _) in resolve::extensions_for(db, file, &iface_ty) {
        let members = lower::extension_data(db, ext).members.clone();
        candidates.extend(members.into_iter().map(|m| (m, Arc::new(Vec::new()))));
    }
    let named: Vec<(ItemDef, Arc<Subst>)> = candidates
        .into_iter()
        .filter(|(c, _)| *c != req && &lower::item_def_name(db, *c) == name)
        .collect();
    let mut mismatch = None;
    let mut not_differentiable = None;
    for (c, member_subst) in &named {
        let ok = match (req, *c) {
            (ItemDef::Function(r), ItemDef::Function(f)) => {
                let matches = signatures_match(db, file, ty, r, f, iface_subst, member_subst);
                if !matches && mismatch.is_none() {
                    mismatch = Some(f);
                }
                match missing_differentiability(db, r, f) {
                    Some(kind) if matches => {
                        // slangc: a method differentiable in no mode does not match the
                        // requirement (E38105); one with a derivative for another mode only
                        // fails the callable differentiability constraint (E38110).
                        let partly = [crate::DiffKind::Forward, crate::DiffKind::Backward]
                            .into_iter()
                            .any(|k| crate::is_differentiable_as(db, f, k));
                        if partly {
                            not_differentiable.get_or_insert((f, kind));
                        } else if mismatch.is_none() {
                            mismatch = Some(f);
                        }
                        false
                    }
                    _ => matches,
                }
            }
            (ItemDef::Alias(_), ItemDef::Alias(_) | ItemDef::TypeDecl(_)) => true,
            (ItemDef::Property(_), ItemDef::Property(_)) => true,
            (ItemDef::Subscript(_), ItemDef::Subscript(_)) => true,
            // An associated constant (`static const int N;`) by a `static const` member.
            (ItemDef::Global(_), ItemDef::Global(_)) => true,
            _ => false,
        };
        if ok {
            return Provided::Yes;
        }
    }
    let has_field = |t: &Ty| matches!(t, Ty::Adt(d, _) if lower::type_decl_data(db, *d).fields.iter().any(|f| &f.name == name));
    if matches!(req, ItemDef::Property(_))
        && (has_field(ty) || resolve::struct_base_chain(db, ty).iter().any(has_field))
    {
        return Provided::Yes;
    }
    // `__init()` (IDefaultInitializable): a struct without constructors of its own has the
    // implicit one that runs the field defaults.
    if let ItemDef::Function(r) = req
        && lower::fn_data(db, r).kind == crate::data::FnKind::Init
        && fn_sig(db, r).params.is_empty()
        && named.is_empty()
        && matches!(ty, Ty::Adt(d, _) if lower::type_decl_data(db, *d).kind == TypeDeclKind::Struct)
    {
        return Provided::Yes;
    }
    if let Some((f, kind)) = not_differentiable {
        return Provided::NotDifferentiable(f, kind);
    }
    mismatch.map_or(Provided::No, Provided::Mismatch)
}

/// The first mode (forward, then backward) in which requirement `r` is differentiable and method
/// `f` is not: a differentiable requirement needs a method differentiable in the same modes.
fn missing_differentiability(db: &dyn Db, r: FunctionId, f: FunctionId) -> Option<crate::DiffKind> {
    [crate::DiffKind::Forward, crate::DiffKind::Backward]
        .into_iter()
        .find(|kind| {
            crate::is_differentiable_as(db, r, *kind) && !crate::is_differentiable_as(db, f, *kind)
        })
}

/// Whether method `f` implements requirement `r` for `ty`: same staticness and parameter count,
/// and the same parameter and return types once `This` is `ty` (types that stay symbolic, such
/// as associated types, and generic requirements are not compared).
fn signatures_match(
    db: &dyn Db,
    file: base_db::SourceFile,
    ty: &Ty,
    r: FunctionId,
    f: FunctionId,
    iface_subst: &[(GenericParamId, crate::ty::GenericArg)],
    member_subst: &[(GenericParamId, crate::ty::GenericArg)],
) -> bool {
    let (rs, fs) = (fn_sig(db, r), fn_sig(db, f));
    // A requirement with a parameter pack (`TR operator()(expand each TP p)` of `IFunc`) takes
    // any number of parameters in its place; the pack's types are the conformance's arguments.
    let arity_ok = match rs.variadic_from {
        Some(i) => fs.params.len() + 1 >= rs.params.len() && i + 1 == rs.params.len(),
        None => rs.params.len() == fs.params.len(),
    };
    if !arity_ok || rs.is_static != fs.is_static {
        return false;
    }
    if rs.variadic_from.is_some() {
        // Pack requirements are generic over the interface's parameters, which this check
        // leaves symbolic (as it does for `TR` itself).
        return true;
    }
    if !rs.generics.is_empty() || !fs.generics.is_empty() {
        return true;
    }
    // Slang synthesises a wrapper when the method is callable with the requirement's parameter
    // types and its result converts back, so implicit numeric conversions are allowed.
    let req_ty = |t: &Ty| t.subst(&|p| resolve::subst_lookup(iface_subst, &p));
    let converts = |from: &Ty, to: &Ty| {
        let from = resolve::normalize(db, file, &from.subst_this(ty));
        let to = resolve::normalize(db, file, &to.subst_this(ty));
        // A value argument the requirement leaves open (`Wrapper<kWidth>` with `kWidth` a
        // `static const` requirement) is known only per conforming type.
        let open_value = |t: &Ty| matches!(t, Ty::Adt(_, args) if args.iter().any(|a| matches!(a, crate::ty::GenericArg::Value(crate::ty::Len::Unknown))));
        // Likewise an array length (`int a[kWidth]`): open in the requirement, in terms of
        // the conforming type's parameters in the member (`int a[N]`).
        let open_len = |t: &Ty| matches!(t, Ty::Array(_, l) if matches!(l, crate::ty::Len::Unknown) || l.has_params());
        let symbolic = |t: &Ty| {
            t.has_unknown()
                || open_value(t)
                || open_len(t)
                || matches!(t, Ty::Assoc(..) | Ty::Param(_) | Ty::This)
        };
        from == to
            || symbolic(&from)
            || symbolic(&to)
            || crate::ty::shape_conversion(&from, &to).is_some()
    };
    let member_ty = |t: &Ty| t.subst(&|p| resolve::subst_lookup(member_subst, &p));
    converts(&member_ty(&fs.ret), &req_ty(&rs.ret))
        && rs
            .params
            .iter()
            .zip(fs.params.iter())
            .all(|(p, q)| p.dir == q.dir && converts(&req_ty(&p.ty), &member_ty(&q.ty)))
}

/// Duplicate definitions among the non-function items of one scope, and functions declared twice
/// with the same parameter types.
#[salsa::tracked(returns(clone))]
pub fn duplicate_diagnostics(db: &dyn Db, file: base_db::SourceFile) -> Arc<[(ItemDef, Diag)]> {
    let tree = lower::item_tree(db, file);
    let mut out = Vec::new();
    check_scope_duplicates(db, &tree.items, &mut out);
    out.into()
}

fn check_scope_duplicates(db: &dyn Db, items: &[ItemNode], out: &mut Vec<(ItemDef, Diag)>) {
    // By name: a linear scan over every earlier item made files with many items quadratic.
    let mut seen: rustc_hash::FxHashMap<SmolStr, Vec<ItemDef>> = Default::default();
    for item in items {
        match item {
            ItemNode::Namespace { items, .. } => check_scope_duplicates(db, items, out),
            ItemNode::Item(
                def @ (ItemDef::Extension(_) | ItemDef::Property(_) | ItemDef::Subscript(_)),
            ) => {
                let _ = def;
            }
            ItemNode::Item(def) => {
                let name = lower::item_def_name(db, *def);
                // `__func_extension fwd_diff(f)` items are named by their target: two for one
                // overload are not two definitions of a name (slangc checks neither).
                if name.is_empty() || name.contains('(') {
                    continue;
                }
                for other in seen.get(&name).map(Vec::as_slice).unwrap_or_default() {
                    let clash = match (def, other) {
                        (ItemDef::Function(a), ItemDef::Function(b)) => {
                            let (sa, sb) = (fn_sig(db, *a), fn_sig(db, *b));
                            let body_a = lower::fn_data(db, *a).has_body;
                            let body_b = lower::fn_data(db, *b).has_body;
                            body_a
                                && body_b
                                && lower::fn_target_specialization(db, *a)
                                    == lower::fn_target_specialization(db, *b)
                                && sa.generics.is_empty()
                                && sb.generics.is_empty()
                                && sa
                                    .params
                                    .iter()
                                    .map(|p| &p.ty)
                                    .eq(sb.params.iter().map(|p| &p.ty))
                        }
                        (ItemDef::Function(_), _) | (_, ItemDef::Function(_)) => true,
                        _ => true,
                    };
                    if clash {
                        let diag = Diag::error(
                            "E2019",
                            format!("`{name}` is defined more than once in this scope: rename one of them"),
                            lower::item_def_name_range(db, *def),
                        )
                        .with_related(Some(*other), lower::item_def_name_range(db, *other), "first definition here");
                        out.push((*def, diag));
                        break;
                    }
                }
                seen.entry(name).or_default().push(*def);
            }
        }
    }
}
