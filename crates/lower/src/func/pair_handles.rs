//! Differential pairs of values holding textures, samplers or buffers (`DifferentialPtrPair<T>`
//! of a location struct such as `{ RWStructuredBuffer<float> buffer; uint offset; }`, or a
//! `DifferentialPair<T>` of an `IDifferentiable` struct with a texture field).
//!
//! Slang legalises such pairs like any struct holding resources: the pair's IR struct keeps
//! the plain data of both parts (`{p: {offset}, d: {offset}}`), and its resources are
//! compile-time handles under the paths `p.…` and `d.…` (`resources.rs` sees a pair as the
//! struct `{p, d}`). A derivative call specialises the primal function to the pair's globals:
//! the primal's handles as the parameter's own, the derivative's marked with [`DIFF_MARK`] at
//! the end of each path. The mark travels with the value through the primal body (a field
//! selection keeps it, a resource read ignores it), so a user-written derivative called for an
//! inner call (`load_bwd(DifferentialPtrPair<MyPtrType> b, ...)`) is specialised to both parts
//! again (`p.…` and `d.…`: [`pair_from_marked`]).

use hir::{ExprId, ExprRes, Ty};

use super::FnLower;
use crate::{Ctx, Handles, R};

/// The last path element of a derivative location's handle inside a primal value.
pub(crate) const DIFF_MARK: &str = "#d";

/// A pair's handles (`p.…`, `d.…`) as the handles of its primal value, the derivative's marked.
pub(crate) fn marked_from_pair(pair: Handles) -> Handles {
    pair.into_iter()
        .filter_map(|(path, g)| {
            let (head, rest) = path.split_first()?;
            match head.as_str() {
                "p" => Some((rest.to_vec(), g)),
                "d" => {
                    let mut marked = rest.to_vec();
                    marked.push(DIFF_MARK.to_string());
                    Some((marked, g))
                }
                _ => None,
            }
        })
        .collect()
}

/// A primal value's handles (the derivative's marked) as its pair's (`p.…`, `d.…`).
pub(crate) fn pair_from_marked(marked: &Handles) -> Handles {
    marked
        .iter()
        .map(|(path, g)| {
            let mut out = Vec::with_capacity(path.len() + 1);
            match path.split_last() {
                Some((last, rest)) if last == DIFF_MARK => {
                    out.push("d".to_string());
                    out.extend(rest.iter().cloned());
                }
                _ => {
                    out.push("p".to_string());
                    out.extend(path.iter().cloned());
                }
            }
            (out, *g)
        })
        .collect()
}

impl Ctx<'_> {
    /// The parts of a pair type: `T` and, when it is known, `T.Differential`.
    pub(crate) fn pair_parts(&self, ty: &Ty) -> Option<(Ty, Option<Ty>)> {
        let inner = self
            .adt_arg(ty, "DifferentialPair")
            .or_else(|| self.adt_arg(ty, "DifferentialPtrPair"))?;
        let d = hir::export::normalize(
            self.db,
            self.file,
            &Ty::Assoc(std::sync::Arc::new(inner.clone()), "Differential".into()),
        );
        let d = (!matches!(d, Ty::Assoc(..))).then_some(d);
        Some((inner, d))
    }
}

impl FnLower<'_, '_> {
    /// `pair.p` / `pair.v` / `pair.d` of a pair holding resources: that part's handles.
    pub(super) fn pair_member_handles(&mut self, base: ExprId, name: &str) -> R<Option<Handles>> {
        if !self.cx.is_diff_pair(&self.ety(base)) || !matches!(name, "p" | "v" | "d") {
            return Ok(None);
        }
        let part = if name == "d" { "d" } else { "p" };
        let of_pair = self.handles_of(base)?;
        Ok(Some(super::handles::select_under(&of_pair, part)))
    }

    /// Calls that build or take apart a pair holding resources: `diffPair(p, d)`,
    /// `DifferentialPtrPair<T>(p, d)`, `diffPair(p)` and `pair.getPrimal()` /
    /// `pair.getDifferential()`.
    pub(super) fn pair_call_handles(&mut self, e: ExprId, args: &[ExprId]) -> R<Option<Handles>> {
        let Some(ExprRes::Function(f)) = self.res(e) else {
            return Ok(None);
        };
        let data = hir::fn_data(self.cx.db, f);
        let Some(attr) = data.attr("__intrinsic") else {
            return Ok(None);
        };
        let name = match attr.args.first() {
            Some(hir::export::AttrArg::String(s)) => s.clone(),
            _ => return Ok(None),
        };
        match name.as_str() {
            "diff_pair_make" | "diff_pair_make_zero" => {
                let mut out = Vec::new();
                for (part, a) in ["p", "d"].iter().zip(args) {
                    if self.has_handles(&self.ety(*a)) {
                        for (mut path, g) in self.handles_of(*a)? {
                            path.insert(0, part.to_string());
                            out.push((path, g));
                        }
                    }
                }
                Ok(Some(out))
            }
            "diff_pair_primal" | "diff_pair_diff" => {
                let Some(recv) = self.call_receiver(e).or_else(|| args.first().copied()) else {
                    return Ok(None);
                };
                if !self.cx.is_diff_pair(&self.ety(recv)) {
                    return Ok(None);
                }
                let part = if name == "diff_pair_diff" { "d" } else { "p" };
                let of_pair = self.handles_of(recv)?;
                Ok(Some(super::handles::select_under(&of_pair, part)))
            }
            _ => Ok(None),
        }
    }

    /// The handles a pair argument `a` gives the primal's parameter of its primal type (a
    /// derivative call): the primal part's, and the derivative part's marked.
    pub(super) fn pair_arg_handles(&mut self, a: ExprId) -> R<Handles> {
        let of_pair = self.handles_of(a)?;
        Ok(marked_from_pair(of_pair))
    }
}
