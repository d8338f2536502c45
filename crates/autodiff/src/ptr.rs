//! `IDifferentiablePtrType` parameters: locations (buffer handles, indices) whose derivative is
//! another location, not a value.
//!
//! As the user guide says, a derivative takes such an `in` parameter as a
//! `DifferentialPtrPair<T>` `{p, d}` in both modes, direction kept: the pair is a plain,
//! non-differentiable input, so no pass needs a rule for locations (nothing is accumulated into
//! them; derivatives reach the differential location only through user-written derivatives).
//! Derivatives are made from a rewritten body ([`rewrite`]): ptr-typed parameters and locals hold
//! pairs and every read of the location goes through `.p`; a call that passes a location to a
//! differentiated callee passes the whole pair to the callee's *twin* (the callee with pair
//! parameters, whose derivatives are the callee's own), so that the callee's custom derivative
//! sees `.d`. A location made inside the differentiated code has no derivative location: its
//! pair's `.d` is zero.

use ir::{Arg, FuncId, Function, Inst, Module, Place, PlaceRoot, Stmt, TypeId, ValueData, ValueId};
use rustc_hash::FxHashMap;

use crate::DiffInfo;
use crate::linearize::{DiffError, fname};

type Result<T> = std::result::Result<T, DiffError>;

/// The `DifferentialPtrPair` type parameter `i` of `f` has in `f`'s derivatives, when it is an
/// `IDifferentiablePtrType` parameter (and not `no_diff`).
pub(crate) fn param_pair(
    module: &mut Module,
    info: &mut DiffInfo,
    f: FuncId,
    i: usize,
) -> Option<TypeId> {
    let ty = module.function(f)?.params.get(i)?.ty;
    if info.is_no_diff_param(f, i as u32) || !info.is_ptr_type(ty) {
        return None;
    }
    info.ptr_pair_type(&mut module.types, ty)
}

/// The function whose derivatives `f`'s are: a twin's original, otherwise `f`.
pub(crate) fn origin(info: &DiffInfo, f: FuncId) -> FuncId {
    info.ptr_twin_origin.get(&f).copied().unwrap_or(f)
}

/// Whether a call of `g` at value `v` of `src` passes locations to a differentiated callee.
fn pairs_call(
    module: &mut Module,
    info: &mut DiffInfo,
    src: FuncId,
    v: ValueId,
    g: FuncId,
) -> bool {
    let differentiated = !info.no_diff_calls.contains(&(src, v))
        && !info.treat_as_differentiable.contains(&g)
        && (info.differentiable.contains(&g)
            || info.custom_fwd.contains_key(&g)
            || info.custom_bwd.contains_key(&g));
    let n = module.function(g).map_or(0, |c| c.params.len());
    differentiated && (0..n).any(|i| param_pair(module, info, g, i).is_some())
}

/// `g` with pair parameters (created once): the same body, rewritten by [`rewrite`]; its
/// derivatives are `g`'s (`origin`). `g` itself when it takes no locations.
pub(crate) fn twin(module: &mut Module, info: &mut DiffInfo, g: FuncId) -> Result<FuncId> {
    if let Some(&t) = info.ptr_twins.get(&g) {
        return Ok(t);
    }
    let func = module
        .function(g)
        .cloned()
        .ok_or_else(|| DiffError::Malformed {
            function: fname(module, g),
            message: "unknown function".into(),
        })?;
    let placeholder = module.declare_function(&format!("{}_ptr", func.name), Vec::new(), func.ret);
    info.ptr_twins.insert(g, placeholder);
    info.ptr_twin_origin.insert(placeholder, g);
    info.differentiable.insert(placeholder);
    if let Some(s) = info.no_diff_params.get(&g).cloned() {
        info.no_diff_params.insert(placeholder, s);
    }
    if info.no_diff_return.contains(&g) {
        info.no_diff_return.insert(placeholder);
    }
    let calls: Vec<ValueId> = info
        .no_diff_calls
        .iter()
        .filter(|(f, _)| *f == g)
        .map(|(_, v)| *v)
        .collect();
    for v in calls {
        info.no_diff_calls.insert((placeholder, v));
    }
    let name = format!("{}_ptr", func.name);
    let body = rewrite(module, info, g, g, func)?;
    if let Some(slot) = module.function_mut(placeholder) {
        *slot = Function { name, ..body };
    }
    Ok(placeholder)
}

/// `func` (the body `f`'s derivatives are made from; `src` keys its `no_diff` calls) with
/// locations held as pairs: see the module comment. Unchanged when it has none.
pub(crate) fn rewrite(
    module: &mut Module,
    info: &mut DiffInfo,
    f: FuncId,
    src: FuncId,
    mut func: Function,
) -> Result<Function> {
    let mut roots: FxHashMap<PlaceRoot, TypeId> = FxHashMap::default();
    for i in 0..func.params.len() {
        if let Some(pair) = param_pair(module, info, f, i) {
            func.params[i].ty = pair;
            roots.insert(PlaceRoot::Param(i as u32), pair);
        }
    }
    for (l, local) in func.locals.iter_mut().enumerate() {
        if info.is_ptr_type(local.ty)
            && let Some(pair) = info.ptr_pair_type(&mut module.types, local.ty)
        {
            local.ty = pair;
            roots.insert(PlaceRoot::Local(ir::LocalId(l as u32)), pair);
        }
    }
    let mut paired_calls = Vec::new();
    for (v, data) in func.values.iter().enumerate() {
        if let Inst::Call(g, _) = data.inst
            && pairs_call(module, info, src, ValueId(v as u32), g)
        {
            paired_calls.push(ValueId(v as u32));
        }
    }
    if roots.is_empty() && paired_calls.is_empty() {
        return Ok(func);
    }
    // Every access to a location reads its primal.
    let primal = |p: &mut Place| {
        if roots.contains_key(&p.root) {
            p.path.insert(0, ir::Access::Field(0));
        }
    };
    for data in &mut func.values {
        match &mut data.inst {
            Inst::Load(p) | Inst::Atomic { place: p, .. } => primal(p),
            Inst::Call(_, args) => {
                for a in args {
                    if let Arg::Place(p) = a {
                        primal(p);
                    }
                }
            }
            _ => {}
        }
    }
    let mut r = Rewriter {
        module,
        info,
        func,
        roots,
        paired_calls,
    };
    let body = std::mem::take(&mut r.func.body);
    r.func.body = r.block(body)?;
    Ok(r.func)
}

struct Rewriter<'a> {
    module: &'a mut Module,
    info: &'a mut DiffInfo,
    func: Function,
    roots: FxHashMap<PlaceRoot, TypeId>,
    paired_calls: Vec<ValueId>,
}

impl Rewriter<'_> {
    fn value(&mut self, ty: TypeId, inst: Inst, out: &mut Vec<Stmt>) -> ValueId {
        self.func.values.push(ValueData { ty, inst });
        let v = ValueId(self.func.values.len() as u32 - 1);
        out.push(Stmt::Let(v));
        v
    }

    /// The pair of location `x`: the whole root it was read from, or `{x, zero}`.
    fn pair_of(&mut self, x: ValueId, pair: TypeId, out: &mut Vec<Stmt>) -> ValueId {
        if let Some(ValueData {
            inst: Inst::Load(p),
            ..
        }) = self.func.value(x)
            && p.path == [ir::Access::Field(0)]
            && self.roots.get(&p.root) == Some(&pair)
        {
            let whole = Place {
                root: p.root,
                path: Vec::new(),
            };
            return self.value(pair, Inst::Load(whole), out);
        }
        let dty = self.module.types.element(pair, Some(1)).unwrap_or(pair);
        let d = match self.parts_diff(x, dty, out) {
            Some(d) => d,
            None => self.value(dty, Inst::Zero, out),
        };
        self.value(pair, Inst::Construct(vec![x, d]), out)
    }

    /// The derivative location of an aggregate of locations built here (`{ a, b }` of
    /// `IDifferentiablePtrType` values): the aggregate of the parts' derivative locations.
    /// `None` when `x` is not such an aggregate (a location made here has none: zero).
    fn parts_diff(&mut self, x: ValueId, dty: TypeId, out: &mut Vec<Stmt>) -> Option<ValueId> {
        let Some(Inst::Construct(items)) = self.func.value(x).map(|d| d.inst.clone()) else {
            return None;
        };
        // Arrays only: a struct's declared `Differential` need not mirror its fields.
        let ir::TypeKind::Array { elem, .. } = *self.module.types.kind(dty) else {
            return None;
        };
        if items.is_empty() {
            return None;
        }
        let mut pairs = Vec::new();
        for &item in &items {
            let ty = self.func.value(item)?.ty;
            if !self.info.is_ptr_type(ty) {
                return None;
            }
            let pair = self.info.ptr_pair_type(&mut self.module.types, ty)?;
            if self.module.types.element(pair, Some(1)) != Some(elem) {
                return None;
            }
            pairs.push(pair);
        }
        let mut ds = Vec::new();
        for (item, pair) in items.into_iter().zip(pairs) {
            let p = self.pair_of(item, pair, out);
            let ity = self.module.types.element(pair, Some(1)).unwrap_or(pair);
            ds.push(self.value(ity, Inst::Extract(p, 1), out));
        }
        Some(self.value(dty, Inst::Construct(ds), out))
    }

    fn block(&mut self, block: Vec<Stmt>) -> Result<Vec<Stmt>> {
        let mut out = Vec::new();
        for s in block {
            match s {
                Stmt::Store { mut place, value } => {
                    let whole = place.path.is_empty();
                    match self.roots.get(&place.root).copied() {
                        Some(pair) if whole => {
                            let v = self.pair_of(value, pair, &mut out);
                            out.push(Stmt::Store { place, value: v });
                        }
                        Some(_) => {
                            place.path.insert(0, ir::Access::Field(0));
                            out.push(Stmt::Store { place, value });
                        }
                        None => out.push(Stmt::Store { place, value }),
                    }
                }
                Stmt::Let(v) if self.paired_calls.contains(&v) => {
                    self.call(v, &mut out)?;
                    out.push(Stmt::Let(v));
                }
                Stmt::If {
                    cond,
                    then_block,
                    else_block,
                } => out.push(Stmt::If {
                    cond,
                    then_block: self.block(then_block)?,
                    else_block: self.block(else_block)?,
                }),
                Stmt::Switch { selector, cases } => {
                    let mut new_cases = Vec::new();
                    for mut c in cases {
                        c.body = self.block(std::mem::take(&mut c.body))?;
                        new_cases.push(c);
                    }
                    out.push(Stmt::Switch {
                        selector,
                        cases: new_cases,
                    });
                }
                Stmt::Loop {
                    body,
                    continuing,
                    break_if,
                    attrs,
                } => out.push(Stmt::Loop {
                    body: self.block(body)?,
                    continuing: self.block(continuing)?,
                    break_if,
                    attrs,
                }),
                other => out.push(other),
            }
        }
        Ok(out)
    }

    /// Call `v` of a callee taking locations: its twin, with the locations' pairs.
    fn call(&mut self, v: ValueId, out: &mut Vec<Stmt>) -> Result<()> {
        let Some(Inst::Call(g, args)) = self.func.value(v).map(|d| d.inst.clone()) else {
            return Ok(());
        };
        let mut new_args = Vec::new();
        for (i, a) in args.into_iter().enumerate() {
            match (a, param_pair(self.module, self.info, g, i)) {
                (Arg::Value(x), Some(pair)) => {
                    new_args.push(Arg::Value(self.pair_of(x, pair, out)));
                }
                (a, _) => new_args.push(a),
            }
        }
        let t = twin(self.module, self.info, g)?;
        if let Some(data) = self.func.values.get_mut(v.0 as usize) {
            data.inst = Inst::Call(t, new_args);
        }
        Ok(())
    }
}
