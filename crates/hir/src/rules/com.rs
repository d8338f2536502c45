//! `[COM("guid")]` interfaces: a fixed binary vtable layout, identified by a GUID. They hold no
//! associated types, only COM interfaces inherit them, and structs (values) do not implement them.

use base_db::Db;

use crate::data::{AttrArg, TypeDeclKind};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve::Resolver;
use crate::ty::Ty;

fn is_com(db: &dyn Db, decl: TypeDeclId) -> bool {
    let data = lower::type_decl_data(db, decl);
    data.kind == TypeDeclKind::Interface && data.attr("COM").is_some()
}

/// Whether `guid` is 32 hex digits grouped 8-4-4-4-12 (braces allowed around it).
fn valid_guid(guid: &str) -> bool {
    let g = guid
        .strip_prefix('{')
        .and_then(|g| g.strip_suffix('}'))
        .unwrap_or(guid);
    let groups: Vec<&str> = g.split('-').collect();
    let lens: Vec<usize> = groups.iter().map(|s| s.len()).collect();
    lens == [8, 4, 4, 4, 12]
        && groups
            .iter()
            .all(|s| s.chars().all(|c| c.is_ascii_hexdigit()))
}

pub(super) fn check_type_decl(db: &dyn Db, decl: TypeDeclId, out: &mut Vec<Diag>) {
    let data = lower::type_decl_data(db, decl);
    if let Some(attr) = data.attr("COM")
        && data.kind == TypeDeclKind::Interface
        && let Some(AttrArg::String(guid)) = attr.args.first()
        && !valid_guid(guid)
    {
        out.push(Diag::error(
            "E2209",
            format!(
                "'{guid}' is not a valid GUID: a `[COM]` interface is identified by 32 hex digits grouped 8-4-4-4-12, like \"6b49ad1c-2f0e-4d5a-9c3b-0d7e8f1a2b3c\""
            ),
            attr.range,
        ));
    }
    if data.bases.is_empty() {
        return;
    }
    let resolver = Resolver::for_item(db, decl.loc(db));
    let self_com = is_com(db, decl);
    for base in &data.bases {
        let Ty::Adt(base_decl, _) = resolver.resolve_type(base, &mut Vec::new()) else {
            continue;
        };
        if !is_com(db, base_decl) {
            continue;
        }
        let base_name = lower::type_decl_data(db, base_decl).name.clone();
        let range = base.range().unwrap_or(data.name_range);
        match data.kind {
            TypeDeclKind::Interface if !self_com => out.push(Diag::error(
                "E2210",
                format!(
                    "an interface type that inherits from a [COM] interface must itself be a [COM] interface: `{}` inherits `{base_name}`; add `[COM(\"guid\")]` to `{}`",
                    data.name, data.name
                ),
                range,
            )),
            TypeDeclKind::Struct => out.push(Diag::error(
                "E2211",
                format!(
                    "a struct type cannot implement a [COM] interface: `{base_name}` is called through a COM object pointer, and `{}` is a value type; implement it in the host application, or drop `[COM]` from `{base_name}`",
                    data.name
                ),
                range,
            )),
            _ => {}
        }
    }
}

/// E2208: an associated type has no place in a fixed vtable.
pub(super) fn check_alias(db: &dyn Db, alias: AliasId, out: &mut Vec<Diag>) {
    let data = lower::alias_data(db, alias);
    if !data.is_assoc {
        return;
    }
    let Some(parent) = alias.loc(db).parent() else {
        return;
    };
    if parent.kind() != Some(ItemKind::Interface) {
        return;
    }
    let decl = TypeDeclId::new(db, parent);
    if is_com(db, decl) {
        out.push(Diag::error(
            "E2208",
            format!(
                "associatedtype not allowed in a [COM] interface: a COM vtable has a fixed layout, and `{}` would make it depend on the implementing type; use a concrete type or another [COM] interface instead",
                data.name
            ),
            data.name_range,
        ));
    }
}
