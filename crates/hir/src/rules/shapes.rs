//! Rules on the shape of declared types: a typealias does not stand for itself through other
//! aliases, and an array's size is not negative.

use base_db::Db;

use crate::data::{ConstRef, GenericArgRef, TypeRef};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve::Resolver;

/// E2230: `typealias A = B; typealias B = A;` (or `A = A[2]`) has no type at the end.
pub(super) fn check_alias(db: &dyn Db, alias: AliasId, out: &mut Vec<Diag>) {
    let data = lower::alias_data(db, alias);
    if data.target.is_none() {
        return;
    }
    let Some(chain) = alias_cycle(db, alias) else {
        return;
    };
    let names: Vec<String> = chain
        .iter()
        .map(|a| lower::alias_data(db, *a).name.to_string())
        .collect();
    out.push(Diag::error(
        "E2230",
        format!(
            "cyclic reference '{}': the typealias is defined through itself ({} -> {}); make one of the aliases in the cycle name a concrete type",
            data.name,
            names.join(" -> "),
            data.name
        ),
        data.name_range,
    ));
}

/// The aliases from `start` back to it, if following the names its target mentions leads back.
fn alias_cycle(db: &dyn Db, start: AliasId) -> Option<Vec<AliasId>> {
    // Depth-first over the aliases each target names; every alias is entered once.
    let mut visited = vec![start];
    let mut stack = vec![(start, vec![start])];
    while let Some((alias, chain)) = stack.pop() {
        let data = lower::alias_data(db, alias);
        let Some(target) = &data.target else {
            continue;
        };
        let mut resolver = Resolver::for_item(db, alias.loc(db));
        resolver.hidden = Some(ItemDef::Alias(alias));
        let mut names = Vec::new();
        type_names(target, &mut names);
        for name in names {
            let Some(next) = resolver.alias_named(&name) else {
                // `typealias A = A[2];`: past itself the name means nothing.
                if alias == start && resolver.resolve_name(&name).is_none() {
                    let mut open = resolver.clone();
                    open.hidden = None;
                    if open.alias_named(&name) == Some(start) {
                        return Some(chain);
                    }
                }
                continue;
            };
            if next == start {
                return Some(chain);
            }
            if !visited.contains(&next) && visited.len() < 256 {
                visited.push(next);
                let mut longer = chain.clone();
                longer.push(next);
                stack.push((next, longer));
            }
        }
    }
    None
}

/// The one-segment type names `tr` mentions, its generic arguments included.
fn type_names(tr: &TypeRef, out: &mut Vec<smol_str::SmolStr>) {
    match tr {
        TypeRef::Path(p) => {
            if let Some(first) = p.segments.first()
                && p.segments.len() == 1
            {
                out.push(first.name.clone());
            }
            for seg in &p.segments {
                for arg in seg.args.iter().flatten() {
                    if let GenericArgRef::Type(t) = arg {
                        type_names(t, out);
                    }
                }
            }
        }
        TypeRef::Array(inner, _) | TypeRef::Expand(inner) => type_names(inner, out),
        TypeRef::And(parts) => parts.iter().for_each(|t| type_names(t, out)),
        // A pointer or function type does not hold its pointee by value, but an alias
        // through it still never ends.
        TypeRef::Pointer(inner) => type_names(inner, out),
        TypeRef::Func { params, ret, .. } => {
            params.iter().for_each(|t| type_names(t, out));
            type_names(ret, out);
        }
        // A pack branch is how a recursive pack-driven type ends (`__packBranch(Tail, Leaf,
        // Node<__first(Tail), __trimFirst(Tail)>)`): its operands are not held unconditionally.
        TypeRef::This | TypeRef::Error | TypeRef::PackQuery { .. } => {}
    }
}

/// E2231: the sizes written in `tr` and in `dims` (`float a[2][-1]`) that evaluate below zero.
pub(super) fn check_array_sizes(
    resolver: &Resolver,
    tr: Option<&TypeRef>,
    dims: &[Option<ConstRef>],
    name: &str,
    range: crate::TextRange,
    out: &mut Vec<Diag>,
) {
    let mut sizes: Vec<&ConstRef> = dims.iter().flatten().collect();
    if let Some(tr) = tr {
        written_sizes(tr, &mut sizes);
    }
    for size in sizes {
        if let Some(v) = resolver.eval_const(size)
            && v < 0
        {
            out.push(Diag::error(
                "E2231",
                format!(
                    "array size must be non-negative: '{name}' is declared with size {v}; give the array a size of 0 or more"
                ),
                range,
            ));
            return;
        }
    }
}

fn written_sizes<'t>(tr: &'t TypeRef, out: &mut Vec<&'t ConstRef>) {
    match tr {
        TypeRef::Array(inner, size) => {
            out.extend(size.iter());
            written_sizes(inner, out);
        }
        TypeRef::Path(p) => {
            for seg in &p.segments {
                for arg in seg.args.iter().flatten() {
                    if let GenericArgRef::Type(t) = arg {
                        written_sizes(t, out);
                    }
                }
            }
        }
        TypeRef::Expand(inner) | TypeRef::Pointer(inner) => written_sizes(inner, out),
        _ => {}
    }
}

/// E2231 for a function's parameters and locals.
pub(super) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    let resolver = Resolver::for_item(db, func.loc(db));
    for p in &data.params {
        check_array_sizes(&resolver, Some(&p.ty), &[], &p.name, p.name_range, out);
    }
    if data.has_body {
        let body = lower::fn_body(db, func);
        for (_, l) in body.locals.iter() {
            check_array_sizes(
                &resolver,
                l.ty.as_ref(),
                &l.array_dims,
                &l.name,
                l.name_range,
                out,
            );
        }
    }
}

/// E2231 for a global and for the fields of a type.
pub(super) fn check_global(db: &dyn Db, global: GlobalId, out: &mut Vec<Diag>) {
    let data = lower::global_data(db, global);
    let resolver = Resolver::for_item(db, global.loc(db));
    check_array_sizes(
        &resolver,
        data.ty.as_ref(),
        &[],
        &data.name,
        data.name_range,
        out,
    );
}

pub(super) fn check_type_decl(db: &dyn Db, decl: TypeDeclId, out: &mut Vec<Diag>) {
    let data = lower::type_decl_data(db, decl);
    let resolver = Resolver::for_item(db, decl.loc(db));
    for f in data.fields.iter().filter(|f| f.global.is_none()) {
        check_array_sizes(&resolver, Some(&f.ty), &[], &f.name, f.name_range, out);
    }
}
