//! Bodies for functions declared without one that still need an IR function: a math intrinsic
//! named as a value (`bwd_diff(cross)`, `fwd_diff(sqrt)` of a matrix), which becomes a wrapper
//! around the intrinsic's instruction for autodiff to differentiate, and a declaration with a
//! custom forward derivative (`[ForwardDerivative(d)] float f(float);`), whose primal value is
//! the derivative's primal half at zero differentials.

use ir::{Arg, Inst, MathFn, ParamDir, Place, TypeId, ValueId};

use super::FnLower;
use crate::{Ctx, R, internal};

/// The math instruction a bodiless `__intrinsic` function stands for, if it is one.
pub(super) fn intrinsic_math(data: &hir::FnData) -> Option<MathFn> {
    let attr = data.attr("__intrinsic")?;
    let name = match attr.args.first() {
        Some(hir::export::AttrArg::String(s)) => s.clone(),
        _ => data.name.to_string(),
    };
    match name.as_str() {
        "mul_mat_mat" | "mul_mat_vec" | "mul_vec_mat" | "mul_scalar" => Some(MathFn::Mul),
        _ => MathFn::from_name(&data.name).or_else(|| MathFn::from_name(&name)),
    }
}

/// Whether a function without a body can still be given one (see the module comment).
pub(super) fn can_synthesize(cx: &Ctx, data: &hir::FnData, id: ir::FuncId) -> bool {
    let Some(f) = cx.module.function(id) else {
        return false;
    };
    if intrinsic_math(data).is_some_and(|m| m.arity() == f.params.len()) {
        return true;
    }
    cx.diff
        .custom_fwd
        .get(&id)
        .and_then(|d| cx.module.function(*d))
        .is_some_and(|d| d.params.len() == f.params.len())
}

impl FnLower<'_, '_> {
    /// Writes the body of a bodiless function that `can_synthesize` accepted.
    pub(super) fn synthesize_body(&mut self, data: &hir::FnData) -> R<()> {
        let params = self.f.params.clone();
        let ret = self.f.ret;
        if let Some(m) = intrinsic_math(data)
            && m.arity() == params.len()
        {
            let args = (0..params.len() as u32)
                .map(|i| self.emit(Inst::Load(Place::param(i)), None))
                .collect::<R<Vec<_>>>()?;
            let r = match self.math_on_matrix_rows(m, &args, ret)? {
                Some(r) => r,
                None => self.emit(Inst::Math(m, args), None)?,
            };
            let r = self.coerce(r, ret)?;
            self.stmt(ir::Stmt::Return(Some(r)));
            return Ok(());
        }
        let d = *self
            .cx
            .diff
            .custom_fwd
            .get(&self.id)
            .ok_or_else(|| internal("a bodiless function without a derivative"))?;
        let dparams = self
            .cx
            .module
            .function(d)
            .map(|f| f.params.clone())
            .ok_or_else(|| internal("a missing derivative function"))?;
        let mut args = Vec::new();
        // Pair locals of `out`/`inout` parameters: (primal parameter, local).
        let mut outs: Vec<(u32, ir::LocalId)> = Vec::new();
        for (i, (p, dp)) in params.iter().zip(&dparams).enumerate() {
            let i = i as u32;
            let paired = dp.ty != p.ty && self.cx.diff.pair_primal(dp.ty) == Some(p.ty);
            match (p.dir, paired) {
                (ParamDir::In, false) => {
                    let v = self.emit(Inst::Load(Place::param(i)), None)?;
                    args.push(Arg::Value(self.coerce(v, dp.ty)?));
                }
                (ParamDir::In, true) => {
                    let v = self.emit(Inst::Load(Place::param(i)), None)?;
                    let pair = self.zero_pair(v, dp.ty)?;
                    args.push(Arg::Value(pair));
                }
                (_, false) => args.push(Arg::Place(Place::param(i))),
                (dir, true) => {
                    let l = self.new_local("pair", dp.ty);
                    if dir == ParamDir::InOut {
                        let v = self.emit(Inst::Load(Place::param(i)), None)?;
                        let pair = self.zero_pair(v, dp.ty)?;
                        self.stmt(ir::Stmt::Store {
                            place: Place::local(l),
                            value: pair,
                        });
                    }
                    args.push(Arg::Place(Place::local(l)));
                    outs.push((i, l));
                }
            }
        }
        let r = self.emit(Inst::Call(d, args), None)?;
        for (i, l) in outs {
            let pair = self.emit(Inst::Load(Place::local(l)), None)?;
            let p = self.emit(Inst::Extract(pair, 0), None)?;
            self.stmt(ir::Stmt::Store {
                place: Place::param(i),
                value: p,
            });
        }
        if self.cx.module.types.is_void(ret) {
            self.stmt(ir::Stmt::Return(None));
            return Ok(());
        }
        let rty = self.vty(r);
        let value = if rty != ret && self.cx.diff.pair_primal(rty) == Some(ret) {
            self.emit(Inst::Extract(r, 0), None)?
        } else {
            self.coerce(r, ret)?
        };
        self.stmt(ir::Stmt::Return(Some(value)));
        Ok(())
    }

    /// `DifferentialPair<T>(v, 0)` as the struct `pair`.
    fn zero_pair(&mut self, v: ValueId, pair: TypeId) -> R<ValueId> {
        let vty = self.vty(v);
        let d = self
            .cx
            .diff
            .diff_type(&mut self.cx.module.types, vty)
            .ok_or_else(|| internal("a pair of a non-differentiable type"))?;
        let z = self.emit(Inst::Zero, Some(d))?;
        self.emit(Inst::Construct(vec![v, z]), Some(pair))
    }
}
