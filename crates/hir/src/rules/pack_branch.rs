//! E39997: a field whose `__packBranch(P, Empty, NonEmpty)` names the enclosing type again in
//! its non-empty branch with the tested pack `P` forwarded unchanged (`LoopNode<P>` inside
//! `LoopNode<each P>`): when `P` is not empty the type contains itself, so it never ends.

use base_db::Db;

use crate::data::{GenericArgRef, PathRef, TypeRef};
use crate::diagnostics::Diag;
use crate::ids::TypeDeclId;
use crate::lower;
use crate::pack_query::PackOp;

pub(super) fn check_type_decl(db: &dyn Db, decl: TypeDeclId, out: &mut Vec<Diag>) {
    let data = lower::type_decl_data(db, decl);
    let is_pack = |name: &str| data.generics.iter().any(|g| g.variadic && g.name == name);
    for f in data.fields.iter().filter(|f| f.global.is_none()) {
        let mut found = None;
        find_cycle(&f.ty, &data.name, &is_pack, &mut found);
        if let Some(path) = found {
            out.push(Diag::error(
                "E39997",
                format!(
                    "maximum type nesting level exceeded: the non-empty branch of `__packBranch` names `{}` with its pack unchanged, so the type contains itself; pass a smaller pack (`__trimFirst(P)`)",
                    data.name
                ),
                path.range(),
            ));
        }
    }
}

/// The single-segment name a generic argument is, if it is one.
fn arg_name(arg: &GenericArgRef) -> Option<&str> {
    match arg {
        GenericArgRef::Type(TypeRef::Path(p))
            if p.segments.len() == 1 && p.segments[0].args.is_none() =>
        {
            Some(&p.segments[0].name)
        }
        _ => None,
    }
}

fn find_cycle(
    tr: &TypeRef,
    own: &str,
    is_pack: &dyn Fn(&str) -> bool,
    found: &mut Option<PathRef>,
) {
    if found.is_some() {
        return;
    }
    match tr {
        TypeRef::PackQuery {
            op: PackOp::Branch,
            args,
            ..
        } => {
            let (Some(pack), Some(GenericArgRef::Type(nonempty))) =
                (args.first().and_then(arg_name), args.get(2))
            else {
                return;
            };
            if !is_pack(pack) {
                return;
            }
            if let Some(path) = names_self_with(nonempty, own, pack) {
                *found = Some(path);
            }
        }
        TypeRef::Array(inner, _) => find_cycle(inner, own, is_pack, found),
        _ => {}
    }
}

/// The path in `tr` naming `own` with `pack` among its generic arguments, as written.
fn names_self_with(tr: &TypeRef, own: &str, pack: &str) -> Option<PathRef> {
    let TypeRef::Path(p) = tr else {
        return None;
    };
    let [seg] = p.segments.as_slice() else {
        return None;
    };
    let args = seg.args.as_ref()?;
    (seg.name == own && args.iter().any(|a| arg_name(a) == Some(pack))).then(|| p.clone())
}
