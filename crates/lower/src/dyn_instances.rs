//! Instances of generic structs that the file's functions use with concrete arguments
//! (`Vertex<true, false> v;`): the cases of an interface's dynamic struct that a generic
//! conformer (`struct Vertex<let N : bool, let C : bool> : IVertex`) contributes when no
//! `type_conformance` ids are given, as slangc specialises the types a program uses.

use hir::{GenericArg, ItemDef, Ty};
use rustc_hash::FxHashSet;

use crate::Ctx;

impl Ctx<'_> {
    /// The instances of the generic struct `t` with concrete arguments that appear in the
    /// types of the file's function bodies, in order of first use.
    pub(crate) fn used_instances_of(&mut self, t: hir::TypeDeclId) -> Vec<Ty> {
        if self.used_generic.is_none() {
            self.used_generic = Some(std::rc::Rc::new(self.scan_used_generic()));
        }
        self.used_generic
            .as_ref()
            .map(|all| {
                all.iter()
                    .filter(|ty| matches!(ty, Ty::Adt(d, _) if *d == t))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    fn scan_used_generic(&self) -> Vec<Ty> {
        let mut funcs = Vec::new();
        for def in hir::file_items(self.db, self.file) {
            match def {
                ItemDef::Function(f) => funcs.push(f),
                ItemDef::TypeDecl(t) => {
                    for m in &hir::type_decl_data(self.db, t).members {
                        if let ItemDef::Function(f) = m {
                            funcs.push(*f);
                        }
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        let mut seen = FxHashSet::default();
        for f in funcs {
            if !hir::fn_data(self.db, f).has_body {
                continue;
            }
            let infer = hir::infer_function(self.db, f);
            for ty in infer.local_types.iter().chain(infer.expr_types.iter()) {
                collect(ty, &mut out, &mut seen);
            }
        }
        out
    }
}

/// Pushes the concrete generic struct instances `ty` mentions (itself, its elements and
/// arguments) that are not in `seen`.
fn collect(ty: &Ty, out: &mut Vec<Ty>, seen: &mut FxHashSet<Ty>) {
    match ty {
        Ty::Adt(_, args) if !args.is_empty() => {
            if !ty.has_params() && !ty.has_unknown() && seen.insert(ty.clone()) {
                out.push(ty.clone());
            }
            for a in args.iter() {
                if let GenericArg::Type(t) = a {
                    collect(t, out, seen);
                }
            }
        }
        Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) => collect(e, out, seen),
        Ty::Tuple(items) => items.iter().for_each(|t| collect(t, out, seen)),
        _ => {}
    }
}
