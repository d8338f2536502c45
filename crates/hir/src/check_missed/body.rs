//! Rules about expressions in function bodies, checked on the finished inference of a body.

use base_db::{Db, SourceFile};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::TextRange;
use crate::body::{Body, Expr, ExprId, LocalId, PrefixOp, Stmt};
use crate::data::TypeDeclKind;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::infer::{ExprRes, InferenceResult};
use crate::lower;
use crate::resolve;
use crate::ty::{GenericArg, Ty};

struct BodyCheck<'a> {
    db: &'a dyn Db,
    file: SourceFile,
    body: &'a Body,
    infer: &'a InferenceResult,
    out: &'a mut Vec<Diag>,
}

pub(super) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    if !lower::fn_data(db, func).has_body {
        return;
    }
    let body = lower::fn_body(db, func);
    let infer = crate::infer::infer(db, func);
    let mut check = BodyCheck {
        db,
        file: func.loc(db).file,
        body: &body,
        infer: &infer,
        out,
    };
    check.run();
}

impl BodyCheck<'_> {
    fn run(&mut self) {
        let written = self.written_exprs();
        let inits = self.local_inits();
        self.check_generic_fn_values(&inits);
        for (e, expr) in self.body.exprs.iter() {
            match expr {
                Expr::Prefix {
                    op: PrefixOp::AddressOf,
                    expr: operand,
                } => self.check_address_of(e, *operand),
                Expr::Index { base, .. } if !written.contains(&e) && self.is_mesh_output(*base) => {
                    self.out.push(Diag::error(
                        "E2276",
                        "cannot read values from mesh shader outputs: the elements of `OutputVertices`, `OutputIndices` and `OutputPrimitives` are written, never read; keep the value in a local as well",
                        self.range(e),
                    ));
                }
                Expr::Call { callee, args } => {
                    if let Some(ExprRes::Function(f)) = self.infer.resolutions.get(&e)
                        && f.loc(self.db).name() == "__getAddress"
                        && f.loc(self.db).file.kind(self.db) == base_db::FileKind::Stdlib
                        && let [operand] = args.as_slice()
                    {
                        self.check_address_of(e, *operand);
                    }
                    self.check_erased_this(e, *callee, args);
                    self.check_constexpr_args(e, args, &inits);
                    self.check_equalities(e, *callee);
                    self.check_coercions(e, *callee);
                }
                _ => {}
            }
        }
    }

    /// E2281: a generic function's name used as a value (a call argument, an initialiser, the
    /// right side of an assignment, a returned value) without generic arguments: its generic
    /// parameters are not inferred from the type the value is given. Callees, `f<T>` and the
    /// operands of `fwd_diff`/`bwd_diff` are not values.
    fn check_generic_fn_values(&mut self, inits: &FxHashMap<LocalId, Option<ExprId>>) {
        let mut values: Vec<ExprId> = inits.values().flatten().copied().collect();
        for (_, expr) in self.body.exprs.iter() {
            match expr {
                Expr::Call { args, .. } => values.extend(args.iter().copied()),
                Expr::Assign { op: None, rhs, .. } => values.push(*rhs),
                _ => {}
            }
        }
        for (_, stmt) in self.body.stmts.iter() {
            if let Stmt::Return(Some(v)) = stmt {
                values.push(*v);
            }
        }
        values.sort_by_key(|e| e.into_raw().into_u32());
        values.dedup();
        for e in values {
            if !matches!(self.body.exprs[e], Expr::Path(_) | Expr::Field { .. }) {
                continue;
            }
            let Some(ExprRes::Function(f)) = self.infer.resolutions.get(&e) else {
                continue;
            };
            let data = lower::fn_data(self.db, *f);
            if data.generics.is_empty() {
                continue;
            }
            self.out.push(Diag::error(
                "E2281",
                format!(
                    "type mismatch: the generic function '{}' is used as a value without generic arguments, which are not inferred from the expected type; write them (`{}<...>`)",
                    data.name, data.name
                ),
                self.range(e),
            ));
        }
    }

    fn range(&self, e: ExprId) -> TextRange {
        self.body
            .expr_ranges
            .get(e.into_raw().into_u32() as usize)
            .copied()
            .unwrap_or_default()
    }

    fn ty(&self, e: ExprId) -> Ty {
        self.infer.expr_ty(e)
    }

    fn is_interface(&self, ty: &Ty) -> bool {
        matches!(ty, Ty::Adt(d, _)
            if lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Interface)
    }

    /// The expressions written to (not read): left sides of plain assignments and what they are
    /// fields or elements of, and call arguments (an `out` argument is written).
    fn written_exprs(&self) -> FxHashSet<ExprId> {
        let mut out = FxHashSet::default();
        let mut stack = Vec::new();
        for (_, expr) in self.body.exprs.iter() {
            match expr {
                Expr::Assign { op: None, lhs, .. } => stack.push(*lhs),
                Expr::Call { args, .. } => stack.extend(args.iter().copied()),
                _ => {}
            }
        }
        while let Some(e) = stack.pop() {
            if !out.insert(e) {
                continue;
            }
            match &self.body.exprs[e] {
                Expr::Field { base, .. } | Expr::Index { base, .. } => stack.push(*base),
                _ => {}
            }
        }
        out
    }

    /// Each immutable local's initialiser.
    fn local_inits(&self) -> FxHashMap<LocalId, Option<ExprId>> {
        let mut out = FxHashMap::default();
        for (_, stmt) in self.body.stmts.iter() {
            if let Stmt::Local { local, init, .. } = stmt {
                out.insert(*local, *init);
            }
        }
        out
    }

    fn is_mesh_output(&self, base: ExprId) -> bool {
        let ty = self.ty(base);
        ["OutputVertices", "OutputIndices", "OutputPrimitives"]
            .iter()
            .any(|n| crate::infer::stdlib_decl_named(self.db, &ty, n))
    }

    /// E2273: an interface-typed value is stored packed (a tag and the concrete value), so its
    /// address is not an `I*`. E2274: a texel of a texture has no address (`__getAddress` and
    /// `&` take variables, fields and buffer elements).
    fn check_address_of(&mut self, e: ExprId, operand: ExprId) {
        let ty = self.ty(operand);
        if self.is_interface(&ty) && !ty.has_unknown() {
            let shown = crate::display_ty(self.db, &ty);
            self.out.push(Diag::error(
                "E2273",
                format!("type mismatch in expression: the address of a value of interface type '{shown}' is not a '{shown}*': an interface-typed variable holds its value packed with the concrete type's tag; take the address of a variable of the concrete type"),
                self.range(e),
            ));
            return;
        }
        if let Expr::Index { base, .. } = &self.body.exprs[operand]
            && let Ty::Adt(d, _) = self.ty(*base)
            && d.loc(self.db).file.kind(self.db) == base_db::FileKind::Stdlib
            && d.loc(self.db).name().contains("Texture")
        {
            self.out.push(Diag::error(
                "E2274",
                "invalid __getAddress usage: a texel of a texture has no address; read it with the subscript and keep it in a variable, or use a buffer",
                self.range(e),
            ));
        }
    }

    /// E2275: through an interface-typed value, a requirement whose parameter is `This` cannot
    /// be called: the concrete type behind the value is not known, so no argument has it.
    fn check_erased_this(&mut self, call: ExprId, callee: ExprId, args: &[ExprId]) {
        let Expr::Field { base, .. } = &self.body.exprs[callee] else {
            return;
        };
        let Some(ExprRes::Function(f)) = self.infer.resolutions.get(&call) else {
            return;
        };
        let Some(parent) = f.loc(self.db).parent() else {
            return;
        };
        if parent.kind() != Some(ItemKind::Interface) {
            return;
        }
        let base_ty = self.ty(*base);
        if !self.is_interface(&base_ty) || base_ty.has_unknown() {
            return;
        }
        let sig = crate::infer::fn_sig(self.db, *f);
        for (param, arg) in sig.params.iter().zip(args) {
            if names_this(&param.ty) {
                self.out.push(Diag::error(
                    "E2275",
                    format!(
                        "type mismatch in expression: parameter '{}' of '{}' has type 'This', and the concrete 'This' type identity is lost after type erasure: '{}' may hold any type that implements the interface; call it on a value of a concrete or generic type",
                        param.name,
                        f.loc(self.db).name(),
                        crate::display_ty(self.db, &base_ty)
                    ),
                    self.range(*arg),
                ));
                return;
            }
        }
    }

    /// E2277: an argument for a `constexpr` parameter is a compile-time constant.
    fn check_constexpr_args(
        &mut self,
        call: ExprId,
        args: &[ExprId],
        inits: &FxHashMap<LocalId, Option<ExprId>>,
    ) {
        let Some(ExprRes::Function(f)) = self.infer.resolutions.get(&call) else {
            return;
        };
        let constexpr = constexpr_params(self.db, *f);
        if constexpr.is_empty() {
            return;
        }
        for (i, arg) in args.iter().enumerate() {
            if !constexpr.contains(&i) {
                continue;
            }
            let mut seen = FxHashSet::default();
            if let Some(at) = self.runtime_source(*arg, inits, &mut seen) {
                let mut d = Diag::error(
                    "E2277",
                    format!(
                        "expected a compile-time constant: parameter {} of '{}' is `constexpr`",
                        i + 1,
                        f.loc(self.db).name()
                    ),
                    self.range(*arg),
                );
                if at != *arg {
                    d.related.push(crate::diagnostics::DiagRelated {
                        item: None,
                        range: self.range(at),
                        message: "this value is known only when the shader runs".into(),
                    });
                }
                self.out.push(d);
            }
        }
    }

    /// A part of `e` whose value is known only at run time: a parameter, a variable, a global
    /// that is not a constant, or an immutable local initialised with one of these.
    fn runtime_source(
        &self,
        e: ExprId,
        inits: &FxHashMap<LocalId, Option<ExprId>>,
        seen: &mut FxHashSet<LocalId>,
    ) -> Option<ExprId> {
        match &self.body.exprs[e] {
            Expr::Path(_) => match self.infer.resolutions.get(&e)? {
                ExprRes::Param(_) => Some(e),
                ExprRes::Local(l) => {
                    let data = &self.body.locals[*l];
                    if data.mutable && !data.is_static {
                        return Some(e);
                    }
                    if !seen.insert(*l) {
                        return None;
                    }
                    let init = (*inits.get(l)?)?;
                    self.runtime_source(init, inits, seen).map(|_| e)
                }
                ExprRes::Global(g) => {
                    let m = &lower::global_data(self.db, *g).modifiers;
                    (!m.is_const).then_some(e)
                }
                _ => None,
            },
            Expr::Binary { lhs, rhs, .. } => self
                .runtime_source(*lhs, inits, seen)
                .or_else(|| self.runtime_source(*rhs, inits, seen)),
            Expr::Prefix { expr, .. } | Expr::Cast { expr, .. } => {
                self.runtime_source(*expr, inits, seen)
            }
            Expr::Ternary {
                cond,
                then_branch,
                else_branch,
            } => self
                .runtime_source(*cond, inits, seen)
                .or_else(|| self.runtime_source(*then_branch, inits, seen))
                .or_else(|| self.runtime_source(*else_branch, inits, seen)),
            Expr::Field { base, .. } => self.runtime_source(*base, inits, seen),
            Expr::Index { base, index } => self
                .runtime_source(*base, inits, seen)
                .or_else(|| self.runtime_source(*index, inits, seen)),
            _ => None,
        }
    }

    /// E2278: a call of a generic function whose `where A == B` does not hold for the
    /// arguments given (`B` is no more `A` for being nested in it).
    fn check_equalities(&mut self, call: ExprId, callee: ExprId) {
        let Some(ExprRes::Function(f)) = self.infer.resolutions.get(&call) else {
            return;
        };
        let Some(args) = self.infer.call_generic_args.get(&call) else {
            return;
        };
        let equalities = crate::conform::fn_equalities(self.db, *f);
        for (a, b) in equalities {
            let lookup = |p: GenericParamId| resolve::subst_lookup(args, &p);
            let a = settle_differential(self.db, self.file, &a.subst(&lookup));
            let b = settle_differential(self.db, self.file, &b.subst(&lookup));
            if !settled_or_synthesized(self.db, &a)
                || !settled_or_synthesized(self.db, &b)
                || a == b
            {
                continue;
            }
            self.out.push(Diag::error(
                "E2278",
                format!(
                    "type argument '{}' does not conform to the required interface '{}': '{}' requires the two types to be the same",
                    crate::display_ty(self.db, &b),
                    crate::display_ty(self.db, &a),
                    f.loc(self.db).name()
                ),
                self.range(callee),
            ));
        }
    }
}

impl BodyCheck<'_> {
    /// E2279: a call of a generic function whose `where To(From)` (`From` converts to `To`,
    /// with `implicit`: implicitly) does not hold for the arguments given. Decided for a `To`
    /// that is a struct of the program: the same type, or an `__init` taking a `From` (marked
    /// `[__implicit_conversion]` for `implicit`).
    fn check_coercions(&mut self, call: ExprId, callee: ExprId) {
        let Some(ExprRes::Function(f)) = self.infer.resolutions.get(&call) else {
            return;
        };
        let Some(args) = self.infer.call_generic_args.get(&call) else {
            return;
        };
        for (to_name, from_name, implicit) in coerce_constraints(self.db, *f) {
            let find = |name: &str| {
                args.iter().find_map(|(p, a)| match a {
                    GenericArg::Type(t) if p.name == name => Some(t.clone()),
                    _ => None,
                })
            };
            let (Some(to), Some(from)) = (find(&to_name), find(&from_name)) else {
                continue;
            };
            let to = resolve::normalize(self.db, self.file, &to);
            let from = resolve::normalize(self.db, self.file, &from);
            if !settled(&to) || !settled(&from) || to == from {
                continue;
            }
            let Ty::Adt(to_decl, _) = &to else {
                continue;
            };
            if to_decl.loc(self.db).file.kind(self.db) == base_db::FileKind::Stdlib
                || lower::type_decl_data(self.db, *to_decl).kind != TypeDeclKind::Struct
                || !lower::type_decl_data(self.db, *to_decl).generics.is_empty()
            {
                continue;
            }
            if resolve::implements(self.db, self.file, &from, &to)
                || self.init_takes(&to, &from, implicit)
            {
                continue;
            }
            let (what, how) = if implicit {
                ("implicit conversion constraint", "implicitly convertible")
            } else {
                ("type coerce constraint", "convertible")
            };
            let (to_s, from_s) = (
                crate::display_ty(self.db, &to),
                crate::display_ty(self.db, &from),
            );
            self.out.push(Diag::error(
                "E2279",
                format!(
                    "{what} not satisfied: '{from_s}' is not {how} to '{to_s}', not satisfying the constraint '{to_s}({from_s})' of '{}'; give '{to_s}' an `__init({from_s})`",
                    f.loc(self.db).name()
                ),
                self.range(callee),
            ));
        }
    }

    /// Whether the struct `to` has a one-parameter `__init` taking exactly `from`.
    fn init_takes(&self, to: &Ty, from: &Ty, implicit: bool) -> bool {
        resolve::lookup_member_items(self.db, self.file, to, "__init")
            .into_iter()
            .any(|d| {
                let ItemDef::Function(f) = d else {
                    return false;
                };
                if implicit
                    && lower::fn_data(self.db, f)
                        .attr("__implicit_conversion")
                        .is_none()
                {
                    return false;
                }
                let sig = crate::infer::fn_sig(self.db, f);
                if sig.params.len() != 1 {
                    return false;
                }
                let param = resolve::normalize(self.db, self.file, &sig.params[0].ty);
                // A generic `__init` or one taking an interface may accept it: not decided.
                !settled(&param)
                    || param == *from
                    || resolve::implements(self.db, self.file, from, &param)
            })
    }
}

/// The type coercion constraints `where To(From)` of a function: (To, From, implicit).
fn coerce_constraints(db: &dyn Db, f: FunctionId) -> Vec<(String, String, bool)> {
    use syntax::SyntaxKind::*;
    let Some(node) = lower::item_node(db, f.loc(db)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for pred in node
        .children()
        .filter(|c| c.kind() == WHERE_CLAUSE)
        .flat_map(|c| c.children().filter(|p| p.kind() == WHERE_PRED))
    {
        let Some(call) = pred.children().find(|c| c.kind() == CALL_EXPR) else {
            continue;
        };
        let name_of = |n: &syntax::SyntaxNode| {
            (n.kind() == PATH_EXPR).then(|| n.text().to_string().trim().to_string())
        };
        let Some(to) = call.children().find_map(|c| name_of(&c)) else {
            continue;
        };
        if matches!(to.as_str(), "nonempty" | "countof") {
            continue;
        }
        let Some(list) = call.children().find(|c| c.kind() == ARG_LIST) else {
            continue;
        };
        let froms: Vec<String> = list.children().filter_map(|c| name_of(&c)).collect();
        let [from] = froms.as_slice() else {
            continue;
        };
        let implicit = super::direct_tokens(&pred).any(|t| t.kind() == IMPLICIT_KW);
        out.push((to, from.clone(), implicit));
    }
    out
}

/// Whether a type names `This` itself (not through an associated type, `This.Data`, which an
/// interface-typed value carries along: `obj.Data d = obj.make(); obj.calc(d)`).
fn names_this(ty: &Ty) -> bool {
    match ty {
        Ty::This => true,
        Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) => names_this(e),
        Ty::Adt(_, args) => args
            .iter()
            .any(|a| matches!(a, GenericArg::Type(t) if names_this(t))),
        Ty::Tuple(items) => items.iter().any(names_this),
        _ => false,
    }
}

/// A type with nothing left to bind: no parameters, `This`, associated types or unknowns.
/// A type with `S.Differential` resolved where the struct's differential is itself
/// (synthesised from fields that are their own differentials, or declared).
pub(crate) fn settle_differential(db: &dyn Db, file: SourceFile, ty: &Ty) -> Ty {
    let ty = resolve::normalize(db, file, ty);
    if let Ty::Assoc(base, name) = &ty
        && name == "Differential"
        && settled(base)
    {
        return crate::differential::differential_of(db, file, base);
    }
    ty
}

/// A settled type, or the synthesised `Differential` struct of a settled struct: a type of its
/// own, distinct from every other.
pub(crate) fn settled_or_synthesized(db: &dyn Db, ty: &Ty) -> bool {
    if let Ty::Assoc(base, name) = ty
        && name == "Differential"
        && let Ty::Adt(decl, _) = &**base
        && settled(base)
    {
        return crate::differential::struct_differential(db, *decl).kind
            == crate::differential::DifferentialKind::Synthesized;
    }
    settled(ty)
}

fn settled(ty: &Ty) -> bool {
    let arg = |a: &GenericArg| match a {
        GenericArg::Type(t) => settled(t),
        GenericArg::Value(l) => !l.has_params(),
    };
    match ty {
        Ty::Param(_) | Ty::Assoc(..) | Ty::This | Ty::Expand(..) | Ty::Unknown | Ty::Pack(_) => {
            false
        }
        Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) => settled(e) && !ty.has_params(),
        Ty::Adt(_, args) => args.iter().all(arg),
        Ty::Scalar(_) => true,
        _ => false,
    }
}

/// The positions of a function's `constexpr` parameters.
fn constexpr_params(db: &dyn Db, f: FunctionId) -> Vec<usize> {
    use syntax::SyntaxKind::*;
    let Some(node) = lower::item_node(db, f.loc(db)) else {
        return Vec::new();
    };
    let Some(list) = node.children().find(|c| c.kind() == PARAM_LIST) else {
        return Vec::new();
    };
    list.children()
        .filter(|c| c.kind() == PARAM)
        .enumerate()
        .filter(|(_, p)| super::direct_tokens(p).any(|t| t.kind() == CONSTEXPR_KW))
        .map(|(i, _)| i)
        .collect()
}
