//! Types declared inside generic types (`struct Outer<T> { struct Inner { T x; } }`).
//!
//! `Outer<float>.Inner` is a different type from `Outer<int>.Inner`: a nested type takes the
//! generic arguments of the types (and extensions) around it implicitly. As a `Ty::Adt` its
//! arguments are its own ones followed by the implicit ones: the enclosing type's full argument
//! list (that type's own arguments, then its implicit ones), or, inside an
//! `extension<T> Outer<T>`, the extension's parameters as matching the target binds them. A
//! nested type of a non-generic type keeps exactly its own arguments, as before.

use base_db::Db;

use crate::data::GenericParamKind;
use crate::ids::{ExtensionId, GenericOwner, GenericParamId, ItemKind, TypeDeclId};
use crate::lower;
use crate::resolve::{self, extension_target, match_pattern, subst_lookup};
use crate::ty::{GenericArg, Len, Ty};

/// The parameters of `owner`, as ids.
fn params_of(db: &dyn Db, owner: GenericOwner) -> Vec<GenericParamId> {
    let generics = match owner {
        GenericOwner::TypeDecl(d) => lower::type_decl_data(db, d).generics.clone(),
        GenericOwner::Extension(e) => lower::extension_data(db, e).generics.clone(),
        _ => Vec::new(),
    };
    generics
        .iter()
        .enumerate()
        .map(|(i, p)| GenericParamId {
            owner,
            index: i as u32,
            name: p.name.clone(),
        })
        .collect()
}

/// The generic parameters of the enclosing types and extensions that `decl` takes implicitly,
/// in the order its `Ty::Adt` arguments carry them after its own.
pub fn implicit_params(db: &dyn Db, decl: TypeDeclId) -> Vec<GenericParamId> {
    let mut out = Vec::new();
    let mut loc = decl.loc(db).parent();
    // Bounded by the item path's length.
    while let Some(parent) = loc {
        match parent.kind() {
            Some(ItemKind::Struct | ItemKind::Enum) => {
                let d = TypeDeclId::new(db, parent.clone());
                out.extend(params_of(db, GenericOwner::TypeDecl(d)));
            }
            Some(ItemKind::Extension) => {
                let e = ExtensionId::new(db, parent.clone());
                out.extend(params_of(db, GenericOwner::Extension(e)));
            }
            _ => break,
        }
        loc = parent.parent();
    }
    out
}

/// Whether `decl` takes implicit arguments from the generic types around it.
pub fn takes_implicit_args(db: &dyn Db, decl: TypeDeclId) -> bool {
    !implicit_params(db, decl).is_empty()
}

fn param_arg(p: &GenericParamId, db: &dyn Db) -> GenericArg {
    let is_value = match p.owner {
        GenericOwner::TypeDecl(d) => lower::type_decl_data(db, d)
            .generics
            .get(p.index as usize)
            .is_some_and(|g| matches!(g.kind, GenericParamKind::Value { .. })),
        GenericOwner::Extension(e) => lower::extension_data(db, e)
            .generics
            .get(p.index as usize)
            .is_some_and(|g| matches!(g.kind, GenericParamKind::Value { .. })),
        _ => false,
    };
    if is_value {
        GenericArg::Value(Len::Param(p.clone()))
    } else {
        GenericArg::Type(Ty::Param(p.clone()))
    }
}

/// The implicit arguments of `decl` inside its own declaration: the enclosing parameters
/// themselves.
pub fn implicit_args_as_params(db: &dyn Db, decl: TypeDeclId) -> Vec<GenericArg> {
    implicit_params(db, decl)
        .iter()
        .map(|p| param_arg(p, db))
        .collect()
}

/// The implicit arguments of `decl` when it is named as a member of `outer` (`Outer<float>.Inner`,
/// or `Inner` inside `Outer`'s body where `outer` is `Outer<T>`). Empty when `decl` takes none
/// or `outer` does not determine them.
pub fn implicit_args_from(db: &dyn Db, decl: TypeDeclId, outer: &Ty) -> Vec<GenericArg> {
    let params = implicit_params(db, decl);
    if params.is_empty() {
        return Vec::new();
    }
    let Some(parent) = decl.loc(db).parent() else {
        return Vec::new();
    };
    let candidates = std::iter::once(outer.clone()).chain(resolve::struct_base_chain(db, outer));
    match parent.kind() {
        Some(ItemKind::Struct | ItemKind::Enum) => {
            let pd = TypeDeclId::new(db, parent);
            for c in candidates {
                if let Ty::Adt(d, args) = &c
                    && *d == pd
                {
                    // The enclosing type's full arguments are exactly the implicit ones.
                    return args.iter().take(params.len()).cloned().collect();
                }
            }
            Vec::new()
        }
        Some(ItemKind::Extension) => {
            let e = ExtensionId::new(db, parent);
            let target = extension_target(db, e);
            for c in candidates {
                let mut binds = Vec::new();
                if match_pattern(&target, &c, &mut binds) {
                    let own = params_of(db, GenericOwner::Extension(e));
                    let mut out: Vec<GenericArg> = own
                        .iter()
                        .map(|p| subst_lookup(&binds, p).unwrap_or_else(|| param_arg(p, db)))
                        .collect();
                    // An extension nested in a type is not a thing Slang has; stop here.
                    out.truncate(params.len());
                    return out;
                }
            }
            Vec::new()
        }
        _ => Vec::new(),
    }
}

/// `decl` named as a member of `outer`: the type with its implicit arguments.
pub fn member_type(db: &dyn Db, decl: TypeDeclId, outer: &Ty) -> Ty {
    Ty::Adt(decl, implicit_args_from(db, decl, outer).into())
}

/// The implicit parameters of `decl` bound to the arguments after its own `own` ones.
pub fn bind_implicit(
    db: &dyn Db,
    decl: TypeDeclId,
    own: usize,
    args: &[GenericArg],
) -> Vec<(GenericParamId, GenericArg)> {
    if args.len() <= own {
        return Vec::new();
    }
    implicit_params(db, decl)
        .into_iter()
        .zip(args[own..].iter().cloned())
        .collect()
}

/// Whether a type mentions an associated type anywhere (what `normalize` may resolve further).
pub fn mentions_assoc(ty: &Ty) -> bool {
    match ty {
        Ty::Assoc(..) => true,
        Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) => mentions_assoc(e),
        Ty::Adt(_, args) => args.iter().any(|a| match a {
            GenericArg::Type(t) => mentions_assoc(t),
            GenericArg::Value(_) => false,
        }),
        Ty::Tuple(items) => items.iter().any(mentions_assoc),
        _ => false,
    }
}

/// For display: the struct `decl` is declared in, when `decl` takes implicit arguments from it,
/// and the count of `decl`'s own parameters.
pub fn enclosing_generic(db: &dyn Db, decl: TypeDeclId) -> Option<(TypeDeclId, usize)> {
    let parent = decl.loc(db).parent()?;
    if !matches!(parent.kind(), Some(ItemKind::Struct | ItemKind::Enum))
        || !takes_implicit_args(db, decl)
    {
        return None;
    }
    Some((
        TypeDeclId::new(db, parent),
        lower::type_decl_data(db, decl).generics.len(),
    ))
}
