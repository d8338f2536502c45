//! Conversions: HLSL conversion costs (the ranking overload resolution uses), convertibility
//! checks with their diagnostics, and the join of branch types.

use crate::TextRange;
use crate::data::TypeDeclKind;
use crate::lower;
use crate::resolve;
use crate::ty::{Cost, GenericArg, Len, ScalarKind, Ty, shape_conversion};

use super::InferCtx;

impl<'a, 'db> InferCtx<'a, 'db> {
    pub(super) fn conversion_cost(&self, from: &Ty, to: &Ty) -> Option<Cost> {
        if from == to || from.has_unknown() || to.has_unknown() {
            return Some(Cost::EXACT);
        }
        let (from, to) = (self.normalize(from), self.normalize(to));
        if from == to {
            return Some(Cost::EXACT);
        }
        // Inside a function declared `where A == B`, `A` and `B` are one type.
        if let Some(f) = self.owner
            && crate::conform::fn_equalities(self.db, f)
                .iter()
                .any(|(a, b)| (a == &from && b == &to) || (a == &to && b == &from))
        {
            return Some(Cost::EXACT);
        }
        match (&from, &to) {
            // Associated types that cannot be resolved further (synthesised differentials,
            // generic ones) are checked when the autodiff layer synthesises them.
            (Ty::Assoc(..), _) | (_, Ty::Assoc(..)) | (Ty::This, _) | (_, Ty::This) => {
                return Some(Cost(1));
            }
            _ => {}
        }
        if let Some(cost) = shape_conversion(&from, &to) {
            return Some(cost);
        }
        // A value of a generic element type splats to a vector or matrix of that type
        // (`select(mask, v, T(0))` with `v : vector<T, N>`), as a builtin scalar does.
        if let Ty::Vector(e, _) | Ty::Matrix(e, _, _) = &to
            && matches!(from, Ty::Param(_))
            && **e == from
        {
            return Some(Cost::SPLAT);
        }
        if let Some(cost) = self.pointer_conversion(&from, &to) {
            return Some(cost);
        }
        match (&from, &to) {
            (Ty::Array(a, n), Ty::Array(b, m)) => {
                let lens_ok = n == m || matches!(n, Len::Unknown) || matches!(m, Len::Unknown);
                // Elements must be the same type (or one that stays symbolic, such as a
                // synthesised `Differential`).
                let elems_ok = self.conversion_cost(a, b).is_some_and(|c| c.0 <= 1);
                (lens_ok && elems_ok).then_some(Cost::EXACT)
            }
            // An enum converts to its tag type (`enum E : bool` to `bool`) and the integers.
            (Ty::Adt(d, _), Ty::Scalar(k))
                if (k.is_integer() || *k == ScalarKind::Bool)
                    && lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum =>
            {
                Some(Cost::CONVERSION)
            }
            // `ConstantBuffer<T>` / `ParameterBlock<T>` read as the `T` they hold (also through
            // nested wrappers: `ParameterBlock<ConstantBuffer<int>>` reads as an `int`).
            (Ty::Adt(d, args), _)
                if matches!(
                    d.loc(self.db).name().as_str(),
                    "ConstantBuffer" | "ParameterBlock"
                ) && (args.first() == Some(&GenericArg::Type(to.clone()))
                    || self.innermost_wrapped(&from) == Some(to.clone())) =>
            {
                Some(Cost::CONVERSION)
            }
            // `Optional<T>` converts to `Optional<U>` when `T` converts to `U`; `none` stays
            // `none`.
            (Ty::Adt(d, args), Ty::Adt(e, targs))
                if d == e && d.loc(self.db).name().as_str() == "Optional" =>
            {
                match (args.first(), targs.first()) {
                    (Some(GenericArg::Type(a)), Some(GenericArg::Type(b))) => {
                        self.conversion_cost(a, b)
                    }
                    _ => None,
                }
            }
            // `Optional<T>` takes a `T` (and `none`); so does `Conditional<T, hasValue>`.
            (_, Ty::Adt(d, args))
                if matches!(d.loc(self.db).name().as_str(), "Optional" | "Conditional")
                    && args.first() == Some(&GenericArg::Type(from.clone())) =>
            {
                Some(Cost::CONVERSION)
            }
            // A derived struct converts to its base struct (`struct B : A`).
            (Ty::Adt(..), Ty::Adt(..))
                if resolve::struct_base_chain(self.db, &from).contains(&to) =>
            {
                Some(Cost::CONVERSION)
            }
            (_, Ty::Adt(d, _))
                if lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Interface =>
            {
                resolve::implements(self.db, self.file, &from, &to).then_some(Cost::TO_INTERFACE)
            }
            // A constructor marked `[__implicit_conversion]` (`DescriptorHandle<T>` to `T`).
            (_, Ty::Adt(..)) if self.init_accepts(&from, &to, true) => Some(Cost::CONVERSION),
            // A generic parameter's arguments are checked at the call; inside the generic body
            // only identical parameters convert.
            _ => None,
        }
    }

    /// Whether `to` declares a one-parameter `__init` taking `from` (after the target's generic
    /// arguments are substituted; a generic `__init` matches by the parameter's type name):
    /// with `implicit_only`, only those marked `[__implicit_conversion]`, Slang's user-defined
    /// implicit conversions (the stdlib's descriptor handles); else any, as an explicit cast
    /// `(T)x` means `T(x)`.
    pub(super) fn init_accepts(&self, from: &Ty, to: &Ty, implicit_only: bool) -> bool {
        let from = self.normalize(from);
        resolve::lookup_member_items(self.db, self.file, to, "__init")
            .into_iter()
            .any(|d| {
                let crate::ids::ItemDef::Function(f) = d else {
                    return false;
                };
                if implicit_only
                    && lower::fn_data(self.db, f)
                        .attr("__implicit_conversion")
                        .is_none()
                {
                    return false;
                }
                let sig = super::signature::fn_sig(self.db, f);
                if sig.params.len() != 1 {
                    return false;
                }
                let outer = resolve::member_subst(self.db, self.file, f.loc(self.db), to);
                let param = sig.params[0]
                    .ty
                    .subst(&|p| resolve::subst_lookup(&outer, &p))
                    .subst_this(to);
                let param = self.normalize(&param);
                if sig.generics.is_empty() {
                    return param == from;
                }
                matches!((&param, &from), (Ty::Adt(a, _), Ty::Adt(b, _)) if a == b)
            })
    }

    pub(super) fn check_convertible(&mut self, from: &Ty, to: &Ty, range: TextRange) -> bool {
        if self.conversion_cost(from, to).is_some() {
            return true;
        }
        let msg = format!(
            "type mismatch in expression: expected an expression of type '{}', got '{}': cannot convert a value of type `{}` to `{}`{}",
            crate::slangc_type_text(self.db, to),
            crate::slangc_type_text(self.db, from),
            self.display(from),
            self.display(to),
            self.inherited_conformance_note(from, to)
        );
        self.error("E2004", msg, range);
        false
    }

    /// When `ty` does not conform to `iface` but one of its base structs does (`struct A : I`,
    /// `struct B : A`): slangc does not pass conformances on to derived structs, so say how to
    /// declare it. Empty otherwise.
    pub(super) fn inherited_conformance_note(&self, ty: &Ty, iface: &Ty) -> String {
        let ty = self.normalize(ty);
        let Some(base) = resolve::struct_base_chain(self.db, &ty)
            .into_iter()
            .find(|b| resolve::implements(self.db, self.file, b, iface))
        else {
            return String::new();
        };
        // The declaration as written: names without generic arguments.
        let decl_name = |t: &Ty| match t {
            Ty::Adt(d, _) => lower::type_decl_data(self.db, *d).name.to_string(),
            _ => self.display(t),
        };
        let direct_base = resolve::struct_base(self.db, &ty).unwrap_or_else(|| base.clone());
        format!(
            " (its base `{}` conforms to `{}`, but conformances are not inherited: declare `struct {} : {}, {}`)",
            self.display(&base),
            self.display(iface),
            decl_name(&ty),
            decl_name(&direct_base),
            decl_name(iface),
        )
    }

    /// The type all candidates convert to most cheaply (HLSL's common type for generic inference).
    pub(super) fn join(&self, tys: &[Ty]) -> Option<Ty> {
        let known: Vec<&Ty> = tys.iter().filter(|t| !t.has_unknown()).collect();
        if known.is_empty() {
            return tys.first().cloned();
        }
        known
            .iter()
            .filter_map(|c| {
                let total: Option<u32> = known
                    .iter()
                    .map(|o| self.conversion_cost(o, c).map(|x| x.0))
                    .sum();
                total.map(|t| (t, (*c).clone()))
            })
            .min_by_key(|(t, _)| *t)
            .map(|(_, c)| c)
    }
}
