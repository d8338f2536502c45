//! The `Differential` associated type of a struct that conforms to `IDifferentiable`: declared
//! (`typealias Differential = ...`), or synthesised from the differentiable, non-`no_diff` fields
//! (user guide, "Automatic Synthesis of IDifferentiable Conformance"). A struct whose differential
//! fields are exactly its own fields is its own `Differential`.

use std::sync::Arc;

use base_db::Db;
use smol_str::SmolStr;

use crate::data::{GenericParamKind, TypeDeclKind};
use crate::ids::{ItemDef, TypeDeclId};
use crate::infer;
use crate::lower;
use crate::resolve;
use crate::ty::Ty;

/// How a struct gets its `Differential`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DifferentialKind {
    /// The struct does not conform to `IDifferentiable` (or is not a struct).
    NotDifferentiable,
    /// `typealias Differential = T;` in the struct (or an extension of it).
    Declared(Ty),
    /// Synthesised, and equal to the struct itself (every field is its own differential).
    OwnType,
    /// Synthesised as a new struct of `fields`.
    Synthesized,
}

/// A field of the synthesised differential: the primal field's name and its `Differential` type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DifferentialField {
    pub name: SmolStr,
    pub ty: Ty,
}

/// A primal field that has no counterpart in the differential, and why.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DroppedField {
    pub name: SmolStr,
    pub ty: Ty,
    pub reason: DropReason,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DropReason {
    NoDiff,
    /// The field's type does not conform to `IDifferentiable` (`int`, `bool`, buffers, ...).
    NotDifferentiable,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DifferentialInfo {
    pub kind: DifferentialKind,
    /// The differential of the base struct (`struct B : A, IDifferentiable` with `A`
    /// differentiable): held first, like the primal's hidden base field, so `A`'s derivative
    /// fields are reached through it. A base that is not differentiable is listed in `dropped`.
    pub base: Option<Ty>,
    pub fields: Vec<DifferentialField>,
    pub dropped: Vec<DroppedField>,
}

/// Name of the hidden first field that holds a base struct (`struct B : A`) in the primal and
/// its part in the differential (slangc's layout; `lower` uses the same name).
pub const BASE_FIELD_NAME: &str = "_base";

/// The `Differential` of struct `decl`, with the struct's own generic parameters left symbolic
/// (`T.Differential` for a field of type `T`).
#[salsa::tracked(returns(clone), cycle_result = differential_cycle)]
pub fn struct_differential(db: &dyn Db, decl: TypeDeclId) -> Arc<DifferentialInfo> {
    let data = lower::type_decl_data(db, decl);
    let file = decl.loc(db).file;
    let not_differentiable = || {
        Arc::new(DifferentialInfo {
            kind: DifferentialKind::NotDifferentiable,
            base: None,
            fields: Vec::new(),
            dropped: Vec::new(),
        })
    };
    if data.kind != TypeDeclKind::Struct {
        return not_differentiable();
    }
    let Some(iface) = resolve::stdlib_interface(db, file, "IDifferentiable") else {
        return not_differentiable();
    };
    let self_ty = own_type(decl);
    let conforms = resolve::type_decl_bases(db, decl).contains(&iface)
        || resolve::implements(db, file, &self_ty, &iface);
    if !conforms {
        return not_differentiable();
    }
    let declared = data.members.iter().find_map(|m| match m {
        ItemDef::Alias(a) if lower::item_def_name(db, *m) == "Differential" => {
            Some(resolve::alias_target(db, *a))
        }
        _ => None,
    });
    let field_tys = infer::field_types(db, decl);
    let mut fields = Vec::new();
    let mut dropped = Vec::new();
    // A base struct's part: its differential when it is differentiable (slangc refuses
    // `struct B : A, IDifferentiable` with A differentiable (E41031); we hold A.Differential as
    // the differential's hidden first field), else dropped like a `no_diff` field.
    let mut base = None;
    if let Some(base_ty) = resolve::struct_base(db, &self_ty) {
        if is_differentiable(db, file, &base_ty, &iface) {
            base = Some((differential_of(db, file, &base_ty), base_ty));
        } else {
            dropped.push(DroppedField {
                name: BASE_FIELD_NAME.into(),
                ty: base_ty,
                reason: DropReason::NotDifferentiable,
            });
        }
    }
    for (f, ty) in data.fields.iter().zip(field_tys.iter()) {
        let reason = if f.modifiers.no_diff {
            Some(DropReason::NoDiff)
        } else if !is_differentiable(db, file, ty, &iface) {
            Some(DropReason::NotDifferentiable)
        } else {
            None
        };
        match reason {
            Some(reason) => dropped.push(DroppedField {
                name: f.name.clone(),
                ty: ty.clone(),
                reason,
            }),
            None => fields.push(DifferentialField {
                name: f.name.clone(),
                ty: differential_of(db, file, ty),
            }),
        }
    }
    let kind = match declared {
        Some(t) => DifferentialKind::Declared(t),
        None if dropped.is_empty()
            && base.as_ref().is_none_or(|(diff, primal)| diff == primal)
            && fields
                .iter()
                .zip(field_tys.iter())
                .all(|(d, primal)| d.ty == *primal) =>
        {
            DifferentialKind::OwnType
        }
        None => DifferentialKind::Synthesized,
    };
    Arc::new(DifferentialInfo {
        kind,
        base: base.map(|(diff, _)| diff),
        fields,
        dropped,
    })
}

fn differential_cycle(_db: &dyn Db, _id: salsa::Id, _decl: TypeDeclId) -> Arc<DifferentialInfo> {
    Arc::new(DifferentialInfo {
        kind: DifferentialKind::NotDifferentiable,
        base: None,
        fields: Vec::new(),
        dropped: Vec::new(),
    })
}

/// The struct's type, for the conformance query (generic structs conform through their declared
/// bases, checked first).
fn own_type(decl: TypeDeclId) -> Ty {
    Ty::Adt(decl, Arc::from([]))
}

fn is_differentiable(db: &dyn Db, file: base_db::SourceFile, ty: &Ty, iface: &Ty) -> bool {
    !ty.has_unknown() && resolve::implements(db, file, ty, iface)
}

/// `ty.Differential`, resolved through declared aliases and synthesised differentials that are
/// their own type; otherwise left symbolic (`T.Differential`, `Inner.Differential`).
pub fn differential_of(db: &dyn Db, file: base_db::SourceFile, ty: &Ty) -> Ty {
    let normalized = resolve::normalize(
        db,
        file,
        &Ty::Assoc(Arc::new(ty.clone()), "Differential".into()),
    );
    if let Ty::Assoc(base, _) = &normalized
        && let Ty::Adt(decl, args) = &**base
    {
        let info = struct_differential(db, *decl);
        if info.kind == DifferentialKind::OwnType {
            return Ty::Adt(*decl, args.clone());
        }
    }
    normalized
}

/// The Slang source of a type's `Differential`: the synthesised struct (fields named after the
/// primal's, dropped fields listed with the reason), or the alias it is declared as. `ty` may be
/// the struct or `S.Differential`.
pub fn differential_type_text(db: &dyn Db, ty: &Ty) -> String {
    let decl = match ty {
        Ty::Adt(d, _) => *d,
        Ty::Assoc(base, name) if name == "Differential" => match &**base {
            Ty::Adt(d, _) => *d,
            _ => {
                return format!(
                    "// `{}` has no synthesised differential",
                    crate::display_ty(db, ty)
                );
            }
        },
        Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..) => {
            return format!("typealias Differential = {};", crate::display_ty(db, ty));
        }
        _ => {
            return format!(
                "// `{}` has no synthesised differential",
                crate::display_ty(db, ty)
            );
        }
    };
    let data = lower::type_decl_data(db, decl);
    let info = struct_differential(db, decl);
    let generics = generic_params_text(db, decl);
    let mut out = String::new();
    match &info.kind {
        DifferentialKind::NotDifferentiable => {
            return format!(
                "// `{}` does not conform to IDifferentiable: it has no Differential",
                data.name
            );
        }
        DifferentialKind::Declared(t) => {
            return format!(
                "// declared in `{}`\ntypealias Differential = {};",
                data.name,
                crate::display_ty(db, t)
            );
        }
        DifferentialKind::OwnType => {
            out.push_str(&format!(
                "// every field of `{}` is its own differential\ntypealias Differential = {}{};",
                data.name, data.name, generics
            ));
            return out;
        }
        DifferentialKind::Synthesized => {}
    }
    out.push_str(&format!(
        "struct {}_Differential{} : IDifferentiable\n{{\n",
        data.name, generics
    ));
    if let Some(base) = &info.base {
        out.push_str(&format!(
            "    {} {BASE_FIELD_NAME}; // the base struct's derivatives\n",
            crate::display_ty(db, base)
        ));
    }
    for f in &info.fields {
        out.push_str(&format!(
            "    {} {};\n",
            crate::display_ty(db, &f.ty),
            f.name
        ));
    }
    for d in &info.dropped {
        let why = match d.reason {
            DropReason::NoDiff => "`no_diff`".to_string(),
            DropReason::NotDifferentiable => format!(
                "`{}` does not conform to IDifferentiable",
                crate::display_ty(db, &d.ty)
            ),
        };
        out.push_str(&format!(
            "    // dropped: {} {} ({why})\n",
            crate::display_ty(db, &d.ty),
            d.name
        ));
    }
    out.push_str("};");
    out
}

fn generic_params_text(db: &dyn Db, decl: TypeDeclId) -> String {
    let data = lower::type_decl_data(db, decl);
    if data.generics.is_empty() {
        return String::new();
    }
    let names: Vec<String> = data
        .generics
        .iter()
        .map(|g| match &g.kind {
            GenericParamKind::Type { .. } => g.name.to_string(),
            _ => format!("let {}", g.name),
        })
        .collect();
    format!("<{}>", names.join(", "))
}

/// Members of `S.Differential` for a synthesised differential: its fields and the
/// `IDifferentiable` statics (`dzero`, `dadd`, `dmul`).
pub fn differential_members(db: &dyn Db, base: &Ty) -> Option<Vec<crate::MemberInfo>> {
    let Ty::Adt(decl, args) = base else {
        return None;
    };
    let info = struct_differential(db, *decl);
    if !matches!(
        info.kind,
        DifferentialKind::Synthesized | DifferentialKind::OwnType
    ) {
        return None;
    }
    let subst = infer::type_args_subst(db, *decl, args);
    let name = format!("{}.Differential", crate::display_ty(db, base));
    let mut out: Vec<crate::MemberInfo> = info
        .fields
        .iter()
        .map(|f| crate::MemberInfo {
            name: f.name.to_string(),
            kind: crate::MemberKind::Field,
            detail: crate::display_ty(db, &f.ty.subst(&|p| resolve::subst_lookup(&subst, &p))),
        })
        .collect();
    // The base struct's derivative fields, reached through the hidden base part.
    if let Some(base_ty) = resolve::struct_base(db, base)
        && info.base.is_some()
        && let Some(inherited) = differential_members(db, &base_ty)
    {
        for m in inherited {
            if m.kind == crate::MemberKind::Field && !out.iter().any(|o| o.name == m.name) {
                out.push(m);
            }
        }
    }
    for (member, sig) in [
        ("dzero", format!("static {name} dzero()")),
        ("dadd", format!("static {name} dadd({name} a, {name} b)")),
        (
            "dmul",
            format!("static {name} dmul<T : __BuiltinRealType>(T s, {name} a)"),
        ),
    ] {
        out.push(crate::MemberInfo {
            name: member.to_string(),
            kind: crate::MemberKind::StaticMethod,
            detail: sig,
        });
    }
    Some(out)
}

/// Checks of a struct's declared `Differential`: `[DerivativeMember(D.f)]` must name a field of
/// `D` (slangc E31130/E30027), and hand-written `dzero`/`dadd` must be differentiable
/// (slangc E38110).
pub(crate) fn differential_diagnostics(
    db: &dyn Db,
    decl: TypeDeclId,
) -> Vec<crate::diagnostics::Diag> {
    use crate::data::AttrArg;
    use crate::diagnostics::Diag;
    let mut diags = Vec::new();
    let data = lower::type_decl_data(db, decl);
    let file = decl.loc(db).file;
    let self_ty = Ty::Adt(decl, crate::check::generic_params_as_args(db, decl));
    let value_iface = resolve::stdlib_interface(db, file, "IDifferentiable");
    let ptr_iface = resolve::stdlib_interface(db, file, "IDifferentiablePtrType");
    if data.kind == TypeDeclKind::Struct
        && let (Some(value_iface), Some(ptr_iface)) = (&value_iface, &ptr_iface)
        && resolve::implements(db, file, &self_ty, value_iface)
        && resolve::implements(db, file, &self_ty, ptr_iface)
    {
        diags.push(Diag::error(
            "E3112",
            format!(
                "type '{}' should conform only to one of IDifferentiable or IDifferentiablePtrType, not both: a value's derivative is a value, a location's is a location",
                data.name
            ),
            data.name_range,
        ));
    }
    let info = struct_differential(db, decl);
    let DifferentialKind::Declared(declared) = &info.kind else {
        return diags;
    };
    // `Differential.Differential == Differential`: a declared differential must be its own.
    if let Some(value_iface) = &value_iface
        && !declared.has_unknown()
        && resolve::implements(db, file, declared, value_iface)
    {
        // A struct's own `Differential` comes from its (possibly synthesised) conformance.
        let second = match declared {
            Ty::Adt(d, args) if lower::type_decl_data(db, *d).kind == TypeDeclKind::Struct => {
                match &struct_differential(db, *d).kind {
                    DifferentialKind::OwnType => declared.clone(),
                    // Declared in terms of the struct's own generic parameters: at `declared`'s
                    // arguments (`dvector<T.Differential, N>` of a generic `dvector<U, M>`).
                    DifferentialKind::Declared(t) => {
                        let subst = crate::infer::type_args_subst(db, *d, args);
                        let t = t.subst(&|p| resolve::subst_lookup(&subst, &p));
                        resolve::normalize(db, file, &t)
                    }
                    DifferentialKind::Synthesized => {
                        Ty::Assoc(Arc::new(declared.clone()), "Differential".into())
                    }
                    DifferentialKind::NotDifferentiable => Ty::Unknown,
                }
            }
            _ => resolve::normalize(
                db,
                file,
                &Ty::Assoc(Arc::new(declared.clone()), "Differential".into()),
            ),
        };
        if !second.has_unknown() && second != *declared {
            let declared_text = crate::slangc_type_text(db, declared);
            let at = data
                .bases
                .iter()
                .zip(resolve::type_decl_bases(db, decl).iter())
                .find(|(_, base)| *base == value_iface)
                .and_then(|(base_ref, _)| base_ref.range())
                .unwrap_or(data.name_range);
            diags.push(Diag::error(
                "E3113",
                format!(
                    "cannot use type '{declared_text}' as a `Differential` type. A differential type's differential must be itself. However, the Differential of '{declared_text}' is '{}': declare a differential type whose own Differential is itself",
                    crate::slangc_type_text(db, &second)
                ),
                at,
            ));
        }
    }
    let declared_fields: Option<(SmolStr, Vec<SmolStr>)> = match declared {
        Ty::Adt(d, _) => {
            let dd = lower::type_decl_data(db, *d);
            Some((
                dd.name.clone(),
                dd.fields.iter().map(|f| f.name.clone()).collect(),
            ))
        }
        _ => None,
    };
    if let Some((diff_name, diff_fields)) = &declared_fields {
        for field in &data.fields {
            for attr in field.attrs.iter().filter(|a| a.name == "DerivativeMember") {
                let Some(AttrArg::Path(path)) = attr.args.first() else {
                    continue;
                };
                let Some(member) = path.segments.last().filter(|_| path.segments.len() >= 2) else {
                    continue;
                };
                if diff_fields.contains(&member.name) {
                    continue;
                }
                let name_start = attr.range.start + 1;
                diags.push(Diag::error(
                    "E3109",
                    format!(
                        "[DerivativeMember] must reference to a member in the associated differential type '{diff_name}'. `{diff_name}` has fields {}",
                        diff_fields.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ")
                    ),
                    crate::TextRange::new(name_start, name_start + attr.name.len() as u32),
                ));
                diags.push(Diag::error(
                    "E2003",
                    format!(
                        "'{}' is not a member of 'typeof({diff_name})'. add the field to `{diff_name}` or name one of its fields",
                        member.name
                    ),
                    member.range,
                ));
            }
        }
    }
    // A hand-written differential of another type says where each differentiable field's
    // derivative lives: slangc requires [DerivativeMember] even when the names agree (E30121).
    if let Some((diff_name, _)) = &declared_fields
        && *declared != self_ty
    {
        for field in &data.fields {
            let differentiable = info.fields.iter().any(|f| f.name == field.name);
            if !differentiable
                || field.global.is_some()
                || field.attrs.iter().any(|a| a.name == "DerivativeMember")
            {
                continue;
            }
            diags.push(Diag::error(
                "E3114",
                format!(
                    "differentiable member '{}' should have a corresponding field in '{diff_name}'. Use [DerivativeMember(...)] or mark as no_diff",
                    field.name
                ),
                field.name_range,
            ));
        }
    }
    for member in &data.members {
        let ItemDef::Function(f) = member else {
            continue;
        };
        let fdata = lower::fn_data(db, *f);
        if !matches!(fdata.name.as_str(), "dzero" | "dadd") {
            continue;
        }
        if crate::is_differentiable_as(db, *f, crate::DiffKind::Forward) {
            continue;
        }
        diags.push(
            Diag::error(
                "E3110",
                format!(
                    "callable differentiability requirement not satisfied: member '{0}' does not satisfy the required forward-differentiable constraint for interface requirement '{0}'. Mark it [Differentiable] or [ForwardDifferentiable]",
                    fdata.name
                ),
                fdata.name_range,
            )
            .in_item(ItemDef::Function(*f)),
        );
    }
    diags
}
