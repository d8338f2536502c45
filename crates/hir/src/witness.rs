//! The interface instances a type conforms to, with their generic arguments: `StackImpl<5>`
//! declared `struct StackImpl<let D : int> : IStack<D>` conforms to `IStack<5>`. Conformance
//! checks (`resolve::implements`) only need the interface; inferring a generic parameter from a
//! constraint (`f<int n, T : IStack<n>>(T t)` called with a `StackImpl<5>`) needs its arguments.

use std::sync::Arc;

use base_db::{Db, SourceFile};

use crate::ids::TypeDeclId;
use crate::infer::type_args_subst;
use crate::lower;
use crate::resolve::{self, subst_lookup};
use crate::ty::{GenericArg, Ty};

/// Upper bound on the interfaces visited (deep or cyclic inheritance stays cheap).
const MAX_VISITED: usize = 256;

/// Every instance of interface `target` that `ty` conforms to, through its declared bases,
/// extensions that add conformances, constraints of a generic parameter and inherited interfaces.
pub(crate) fn conformance_instances(
    db: &dyn Db,
    file: SourceFile,
    ty: &Ty,
    target: TypeDeclId,
) -> Vec<Ty> {
    // A lambda conforms to `IFunc<R, P...>` and `IMutatingFunc<R, P...>` with its result and
    // parameter types (slangc synthesises the conformance).
    if let Ty::Lambda(lambda) = ty {
        let name = lower::type_decl_data(db, target).name.clone();
        if !matches!(name.as_str(), "IFunc" | "IMutatingFunc") {
            return Vec::new();
        }
        let params: Arc<[Ty]> = lambda.params.iter().cloned().collect();
        return vec![Ty::Adt(
            target,
            Arc::from([
                GenericArg::Type(lambda.ret.clone()),
                GenericArg::Type(Ty::Pack(params)),
            ]),
        )];
    }
    let mut out: Vec<Ty> = Vec::new();
    let mut seen: Vec<Ty> = Vec::new();
    let mut queue = direct_instances(db, file, ty);
    while let Some(next) = queue.pop() {
        if seen.len() > MAX_VISITED || seen.contains(&next) {
            continue;
        }
        seen.push(next.clone());
        let Ty::Adt(decl, args) = &next else {
            continue;
        };
        if *decl == target && !out.contains(&next) {
            out.push(next.clone());
        }
        queue.extend(bases_of(db, *decl, args));
    }
    out
}

/// The declared bases of `decl` with `args` for its generic parameters.
fn bases_of(db: &dyn Db, decl: TypeDeclId, args: &[GenericArg]) -> Vec<Ty> {
    let subst = type_args_subst(db, decl, args);
    resolve::type_decl_bases(db, decl)
        .iter()
        .map(|b| b.subst(&|p| subst_lookup(&subst, &p)))
        .collect()
}

/// The interfaces `ty` names directly, instantiated for `ty`.
fn direct_instances(db: &dyn Db, file: SourceFile, ty: &Ty) -> Vec<Ty> {
    let mut out = match ty {
        Ty::Adt(decl, args) => {
            // A base struct (`struct B : A`) passes no conformances on.
            let skip = usize::from(resolve::struct_base(db, ty).is_some());
            let is_interface =
                lower::type_decl_data(db, *decl).kind == crate::data::TypeDeclKind::Interface;
            let mut v: Vec<Ty> = bases_of(db, *decl, args).into_iter().skip(skip).collect();
            if is_interface {
                // An interface type (an existential) conforms to itself.
                v.push(ty.clone());
            }
            v
        }
        _ => resolve::own_interfaces(db, file, ty)
            .into_iter()
            .filter(|t| matches!(t, Ty::Adt(..)))
            .collect(),
    };
    // Extensions add their bases instantiated for `ty` (`extension<T, let N : int> T[N] :
    // IArray<T>` gives `float[3]` the instance `IArray<float>`).
    if matches!(
        ty,
        Ty::Adt(..) | Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..)
    ) {
        for (ext, binds) in resolve::extensions_matching(db, file, ty, true) {
            out.extend(
                resolve::extension_bases(db, ext)
                    .iter()
                    .map(|b| b.subst(&|p| subst_lookup(&binds, &p))),
            );
        }
    }
    out
}
