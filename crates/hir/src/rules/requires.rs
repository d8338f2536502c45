//! `[require(...)]` target rules. A declaration's `require` attributes name the targets it exists
//! on (several attributes: any of them; atoms of one attribute: all of them together). Only the
//! target atoms (`hlsl`, `glsl`, `spirv`, ...) are judged here: one `require` cannot ask for two
//! targets at once, a member of a type (or of an extension of it) and an extension itself exist
//! on no target that the type lacks, and a type exists on the same targets as the interfaces it
//! implements.

use std::collections::BTreeSet;

use base_db::Db;

use crate::data::{Attr, AttrArg, FnKind, TypeDeclKind};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve::Resolver;
use crate::ty::Ty;

const TARGETS: &[&str] = &[
    "hlsl", "glsl", "spirv", "metal", "cuda", "cpp", "wgsl", "llvm",
];

type Targets = BTreeSet<&'static str>;

/// The target atoms of one `require` attribute.
fn atoms(attr: &Attr) -> Vec<&'static str> {
    attr.args
        .iter()
        .filter_map(|a| match a {
            AttrArg::Path(p) if p.segments.len() == 1 => {
                let name = p.segments[0].name.as_str();
                TARGETS.iter().find(|t| **t == name).copied()
            }
            _ => None,
        })
        .collect()
}

/// The targets a declaration with these attributes exists on; `None` when unconstrained.
fn targets(attrs: &[Attr]) -> Option<Targets> {
    let requires: Vec<&Attr> = attrs.iter().filter(|a| a.name == "require").collect();
    if !requires.iter().any(|a| !atoms(a).is_empty()) {
        return None;
    }
    let mut out = Targets::new();
    for attr in requires {
        let a = atoms(attr);
        if a.is_empty() {
            out.extend(TARGETS.iter().copied());
        } else {
            out.extend(a);
        }
    }
    Some(out)
}

fn list(t: &Targets) -> String {
    t.iter().copied().collect::<Vec<_>>().join(", ")
}

/// E2226: one `require` joining atoms that exist on no common target (`spirv, hlsl`, or
/// `glsl, _sm_4_0`: a GLSL target with an HLSL shader model).
fn check_joined_targets(attrs: &[Attr], out: &mut Vec<Diag>) {
    for conj in crate::capability::declared(attrs) {
        let names = conj.iter().map(|s| s.as_str());
        if crate::capability::atoms::conj_targets(names) != 0 {
            continue;
        }
        let Some(attr) = attrs.iter().find(|a| {
            a.name == "require" && {
                let c = crate::capability::declared(std::slice::from_ref(*a));
                c.first() == Some(&conj)
            }
        }) else {
            continue;
        };
        let list = conj
            .iter()
            .map(|a| format!("`{a}`"))
            .collect::<Vec<_>>()
            .join(" + ");
        out.push(Diag::error(
            "E2226",
            format!(
                "'require' resolves into a disallowed capability: one `require` asks for all of its atoms together, and {list} exist on no common target; write one `[require(...)]` per target"
            ),
            attr.range,
        ));
    }
}

fn type_targets(db: &dyn Db, decl: TypeDeclId) -> Option<Targets> {
    targets(&lower::type_decl_data(db, decl).attrs)
}

fn extension_attrs(db: &dyn Db, ext: ExtensionId) -> Vec<Attr> {
    let Some(node) = super::item_node(db, ItemDef::Extension(ext)) else {
        return Vec::new();
    };
    lower::lower_attrs(&node)
}

fn extension_target_decl(db: &dyn Db, ext: ExtensionId) -> Option<TypeDeclId> {
    let data = lower::extension_data(db, ext);
    let resolver = Resolver::for_item(db, ext.loc(db));
    match resolver.resolve_type(&data.target, &mut Vec::new()) {
        Ty::Adt(d, _) => Some(d),
        _ => None,
    }
}

/// The targets of the type (or extension) a member sits in.
fn container_targets(db: &dyn Db, loc: &ItemLoc) -> Option<(Targets, String)> {
    let parent = loc.parent()?;
    match parent.kind()? {
        ItemKind::Struct | ItemKind::Interface | ItemKind::Enum => {
            let decl = TypeDeclId::new(db, parent);
            let name = lower::type_decl_data(db, decl).name.to_string();
            type_targets(db, decl).map(|t| (t, name))
        }
        ItemKind::Extension => {
            let ext = ExtensionId::new(db, parent);
            let own = targets(&extension_attrs(db, ext));
            let decl = extension_target_decl(db, ext);
            let of_type = decl.and_then(|d| type_targets(db, d));
            let name = decl.map_or_else(String::new, |d| {
                lower::type_decl_data(db, d).name.to_string()
            });
            match (own, of_type) {
                (Some(a), Some(b)) => Some((a.intersection(&b).copied().collect(), name)),
                (Some(a), None) => Some((a, name)),
                (None, Some(b)) => Some((b, name)),
                (None, None) => None,
            }
        }
        ItemKind::Property | ItemKind::Subscript => container_targets(db, &parent),
        _ => None,
    }
}

fn member_diag(
    name: &str,
    own: &Targets,
    container: &Targets,
    of: &str,
    range: crate::TextRange,
) -> Diag {
    let missing: Targets = own.difference(container).copied().collect();
    Diag::error(
        "E2227",
        format!(
            "'{name}' requires capability `{}`, which conflicts with the targets of '{of}' (`{}`): a member exists only where its type does; require one of `{}` instead, or widen the type's `[require(...)]`",
            list(&missing),
            list(container),
            list(container)
        ),
        range,
    )
}

pub(super) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    check_joined_targets(&data.attrs, out);
    crate::capability::check_function(db, func, out);
    if !data.in_type || data.modifiers.is_static && data.kind == FnKind::Method {
        return;
    }
    let (Some(own), Some((container, of))) =
        (targets(&data.attrs), container_targets(db, func.loc(db)))
    else {
        return;
    };
    if !own.is_subset(&container) {
        out.push(member_diag(
            &data.name,
            &own,
            &container,
            &of,
            data.name_range,
        ));
    }
}

pub(super) fn check_subscript(db: &dyn Db, sub: SubscriptId, out: &mut Vec<Diag>) {
    let Some(node) = super::item_node(db, ItemDef::Subscript(sub)) else {
        return;
    };
    let attrs = lower::lower_attrs(&node);
    check_joined_targets(&attrs, out);
    let (Some(own), Some((container, of))) = (targets(&attrs), container_targets(db, sub.loc(db)))
    else {
        return;
    };
    if !own.is_subset(&container) {
        let range = lower::subscript_data(db, sub).range;
        out.push(member_diag("__subscript", &own, &container, &of, range));
    }
}

pub(super) fn check_extension(db: &dyn Db, ext: ExtensionId, out: &mut Vec<Diag>) {
    let attrs = extension_attrs(db, ext);
    check_joined_targets(&attrs, out);
    let Some(own) = targets(&attrs) else {
        return;
    };
    let Some(decl) = extension_target_decl(db, ext) else {
        return;
    };
    let Some(of_type) = type_targets(db, decl) else {
        return;
    };
    if !own.is_subset(&of_type) {
        let name = lower::type_decl_data(db, decl).name.clone();
        let range = lower::extension_data(db, ext).target_range;
        out.push(member_diag(
            &format!("extension {name}"),
            &own,
            &of_type,
            &name,
            range,
        ));
    }
}

/// E2228: a type exists on the same targets as the interfaces it implements.
pub(super) fn check_type_decl(db: &dyn Db, decl: TypeDeclId, out: &mut Vec<Diag>) {
    let data = lower::type_decl_data(db, decl);
    check_joined_targets(&data.attrs, out);
    let Some(own) = targets(&data.attrs) else {
        return;
    };
    if data.bases.is_empty() {
        return;
    }
    let resolver = Resolver::for_item(db, decl.loc(db));
    for base in &data.bases {
        let Ty::Adt(b, _) = resolver.resolve_type(base, &mut Vec::new()) else {
            continue;
        };
        let base_data = lower::type_decl_data(db, b);
        if base_data.kind != TypeDeclKind::Interface {
            continue;
        }
        let Some(theirs) = targets(&base_data.attrs) else {
            continue;
        };
        if own == theirs {
            continue;
        }
        let extra: Targets = own.difference(&theirs).copied().collect();
        let missing: Targets = theirs.difference(&own).copied().collect();
        let what = if !extra.is_empty() {
            format!(
                "'{}' has dependencies that are not compatible on the required compilation target '{}' ('{}' exists on `{}` only)",
                data.name,
                list(&extra),
                base_data.name,
                list(&theirs)
            )
        } else {
            format!(
                "subtype '{}' must have the same target support as the supertype '{}'; '{}' is missing '{}'",
                data.name,
                base_data.name,
                data.name,
                list(&missing)
            )
        };
        out.push(Diag::error(
            "E2228",
            format!("{what}: give both the same target atoms in `[require(...)]`"),
            data.name_range,
        ));
    }
}
