//! Signatures and type inference of bodies: expression types, name resolution inside bodies,
//! overload resolution with HLSL conversion ranking, generic inference, l-value checks.

use std::sync::Arc;

use base_db::{Db, SourceFile};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::TextRange;
use crate::body::*;
use crate::data::{FnKind, GenericParamKind, ParamDir, PathRef, TypeDeclKind};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve::{self, Resolution, Resolver};
use crate::ty::{Cost, GenericArg, LambdaTy, Len, ScalarKind, Ty, shape_conversion};

// ---------------------------------------------------------------------------------------------
// Signatures

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamSig {
    pub name: SmolStr,
    pub ty: Ty,
    pub dir: ParamDir,
    pub no_diff: bool,
    pub has_default: bool,
}

/// A function signature with resolved types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FnSig {
    pub generics: Vec<GenericParamId>,
    /// Whether each generic parameter is a value (`let N`) parameter.
    pub generic_is_value: Vec<bool>,
    pub params: Vec<ParamSig>,
    pub ret: Ty,
    pub is_static: bool,
    pub is_mutating: bool,
    pub kind: FnKind,
    /// Whether the function is a member of a type (it has a `this`).
    pub is_member: bool,
    /// Index of the parameter pack (`expand each T args`), which takes all remaining arguments.
    pub variadic_from: Option<usize>,
    /// Type packs (`each T`) among the generic parameters; bound per argument, not inferred.
    pub generic_is_pack: Vec<bool>,
    /// `let N : int = 4`, `U = T`: what a parameter that is neither given nor inferred means
    /// (may name earlier parameters).
    pub generic_defaults: Vec<Option<GenericArg>>,
    pub diags: Vec<Diag>,
}

#[salsa::tracked(returns(clone))]
pub fn fn_sig(db: &dyn Db, func: FunctionId) -> Arc<FnSig> {
    let data = lower::fn_data(db, func);
    let resolver = Resolver::for_item(db, func.loc(db));
    let mut diags = Vec::new();
    let owner = GenericOwner::Function(func);
    let generics = data
        .generics
        .iter()
        .enumerate()
        .map(|(i, g)| GenericParamId {
            owner,
            index: i as u32,
            name: g.name.clone(),
        })
        .collect();
    let generic_is_value = data
        .generics
        .iter()
        .map(|g| matches!(g.kind, GenericParamKind::Value { .. }))
        .collect();
    for g in &data.generics {
        if let GenericParamKind::Type { constraints } = &g.kind {
            for c in constraints {
                resolver.resolve_type(c, &mut diags);
            }
        }
    }
    let generic_defaults = data
        .generics
        .iter()
        .map(|g| {
            g.default
                .as_ref()
                .map(|d| resolver.resolve_generic_arg(d, &mut diags))
        })
        .collect();
    for pred in &data.where_preds {
        resolver.resolve_type(&pred.subject, &mut diags);
        for b in &pred.bounds {
            resolver.resolve_type(b, &mut diags);
        }
    }
    let mut params: Vec<ParamSig> = data
        .params
        .iter()
        .map(|p| ParamSig {
            name: p.name.clone(),
            ty: resolver.resolve_type(&p.ty, &mut diags),
            dir: p.modifiers.dir,
            no_diff: p.modifiers.no_diff,
            has_default: p.has_default,
        })
        .collect();
    let mut ret = match data.kind {
        FnKind::Init => resolver
            .self_ctx
            .as_ref()
            .map_or(Ty::Unknown, |c| c.ty.clone()),
        _ => resolver.resolve_type(&data.ret, &mut diags),
    };
    // Accessors take their type (and parameters) from the property or subscript they belong to.
    if matches!(
        data.kind,
        FnKind::Getter | FnKind::Setter | FnKind::RefAccessor
    ) && let Some(parent) = func.loc(db).parent()
    {
        let (value_ty, extra) = accessor_owner(db, &parent);
        if data.kind == FnKind::Setter {
            if params.is_empty() {
                params.push(ParamSig {
                    name: "newValue".into(),
                    ty: value_ty,
                    dir: ParamDir::In,
                    no_diff: false,
                    has_default: false,
                });
            }
            ret = Ty::Void;
        } else {
            ret = value_ty;
        }
        let mut all = extra;
        all.extend(params);
        params = all;
    }
    Arc::new(FnSig {
        generics,
        generic_is_value,
        params,
        ret,
        is_static: data.modifiers.is_static,
        is_mutating: data.is_mutating(),
        kind: data.kind,
        is_member: data.in_type,
        variadic_from: data.params.iter().position(|p| p.variadic),
        generic_is_pack: data.generics.iter().map(|g| g.variadic).collect(),
        generic_defaults,
        diags,
    })
}

/// The signature of `fwd_diff(func)` / `bwd_diff(func)`, by the rules of the user guide
/// ("Forward/Backward Derivative Propagation Function"). `None` for methods (their `this` pairing
/// comes with the autodiff layer).
#[salsa::tracked(returns(clone))]
pub fn derivative_sig(db: &dyn Db, func: FunctionId, kind: DiffKind) -> Option<Arc<FnSig>> {
    let mut sig = (*fn_sig(db, func)).clone();
    let data = lower::fn_data(db, func);
    if sig.is_member && !sig.is_static {
        // `fwd_diff(Type.method)` takes `this` as its first parameter (not differentiated with
        // `[NoDiffThis]`; `inout` for `[mutating]` methods).
        let this_ty = Resolver::for_item(db, func.loc(db)).self_ctx?.ty;
        sig.params.insert(
            0,
            ParamSig {
                name: "this".into(),
                ty: this_ty,
                dir: if sig.is_mutating {
                    ParamDir::InOut
                } else {
                    ParamDir::In
                },
                no_diff: data.attr("NoDiffThis").is_some(),
                has_default: false,
            },
        );
    }
    derive_sig(db, func, &sig, data.modifiers.no_diff, kind).map(Arc::new)
}

/// The signature of a derivative of `fwd_diff`/`bwd_diff`s, innermost kind first
/// (`fwd_diff(fwd_diff(f))` is the forward derivative of the forward derivative's signature).
pub fn nested_derivative_sig(
    db: &dyn Db,
    func: FunctionId,
    kinds: &[DiffKind],
) -> Option<Arc<FnSig>> {
    let (first, rest) = kinds.split_first()?;
    let mut sig = derivative_sig(db, func, *first)?;
    for kind in rest {
        sig = Arc::new(derive_sig(db, func, &sig, false, *kind)?);
    }
    Some(sig)
}

/// Applies the derivative signature rules to `sig` (`func` gives the lookup context).
fn derive_sig(
    db: &dyn Db,
    func: FunctionId,
    sig: &FnSig,
    ret_no_diff: bool,
    kind: DiffKind,
) -> Option<FnSig> {
    let file = func.loc(db).file;
    let differentiable = resolve::stdlib_interface(db, file, "IDifferentiable")?;
    let Some(resolve::Resolution::Type(Ty::Adt(pair, _))) =
        Resolver::for_item(db, func.loc(db)).resolve_name("DifferentialPair")
    else {
        return None;
    };
    let is_diff = |t: &Ty| {
        !t.has_unknown() && t != &Ty::Void && resolve::implements(db, file, t, &differentiable)
    };
    let pair_of = |t: &Ty| Ty::Adt(pair, Arc::from([GenericArg::Type(t.clone())]));
    // `IDifferentiablePtrType` parameters become `DifferentialPtrPair<T>` in both modes, direction
    // kept, as slangc translates them (the user guide allows only `in` ones: `diff_diagnostics`
    // reports the others).
    let ptr_pair_of = |t: &Ty| -> Option<Ty> {
        if t.has_unknown() || !is_ptr_differentiable(db, file, t) {
            return None;
        }
        match Resolver::for_item(db, func.loc(db)).resolve_name("DifferentialPtrPair") {
            Some(resolve::Resolution::Type(Ty::Adt(ptr_pair, _))) => {
                Some(Ty::Adt(ptr_pair, Arc::from([GenericArg::Type(t.clone())])))
            }
            _ => None,
        }
    };
    let mut params = Vec::new();
    for p in &sig.params {
        if !p.no_diff
            && let Some(ty) = ptr_pair_of(&p.ty)
        {
            params.push(ParamSig {
                ty,
                has_default: false,
                ..p.clone()
            });
            continue;
        }
        let diff = !p.no_diff && is_diff(&p.ty);
        let transformed = match (kind, diff, p.dir) {
            (DiffKind::Forward, true, dir) => Some((pair_of(&p.ty), dir)),
            (DiffKind::Forward, false, dir) => Some((p.ty.clone(), dir)),
            (DiffKind::Backward, true, ParamDir::Out) => Some((
                resolve::normalize(
                    db,
                    file,
                    &Ty::Assoc(Arc::new(p.ty.clone()), "Differential".into()),
                ),
                ParamDir::In,
            )),
            (DiffKind::Backward, true, _) => Some((pair_of(&p.ty), ParamDir::InOut)),
            (DiffKind::Backward, false, ParamDir::Out) => None,
            (DiffKind::Backward, false, _) => Some((p.ty.clone(), ParamDir::In)),
        };
        if let Some((ty, dir)) = transformed {
            params.push(ParamSig {
                ty,
                dir,
                has_default: false,
                ..p.clone()
            });
        }
    }
    let ret_diff = !ret_no_diff && is_diff(&sig.ret);
    let ret = match kind {
        DiffKind::Forward if ret_diff => pair_of(&sig.ret),
        DiffKind::Forward => sig.ret.clone(),
        DiffKind::Backward => {
            if ret_diff {
                params.push(ParamSig {
                    name: "dResult".into(),
                    ty: resolve::normalize(
                        db,
                        file,
                        &Ty::Assoc(Arc::new(sig.ret.clone()), "Differential".into()),
                    ),
                    dir: ParamDir::In,
                    no_diff: false,
                    has_default: false,
                });
            }
            Ty::Void
        }
    };
    Some(FnSig {
        params,
        ret,
        diags: Vec::new(),
        ..(*sig).clone()
    })
}

/// Whether `ty` conforms to `IDifferentiablePtrType` (a location whose derivative is a location).
pub(crate) fn is_ptr_differentiable(db: &dyn Db, file: SourceFile, ty: &Ty) -> bool {
    let Some(iface) = resolve::stdlib_interface(db, file, "IDifferentiablePtrType") else {
        return false;
    };
    match (ty, &iface) {
        // `implements` takes any associated type as conforming; a `M.Params : IDifferentiable`
        // parameter must stay a `DifferentialPair`, so the declared bounds decide here.
        (Ty::Assoc(..), Ty::Adt(target, _)) => resolve::declared_conformance(db, file, ty, *target),
        _ => resolve::implements(db, file, ty, &iface),
    }
}

/// The value type and index parameters of the property or subscript that owns an accessor.
fn accessor_owner(db: &dyn Db, parent: &ItemLoc) -> (Ty, Vec<ParamSig>) {
    match parent.kind() {
        Some(ItemKind::Property) => {
            let prop = PropertyId::new(db, parent.clone());
            (property_ty(db, prop), Vec::new())
        }
        Some(ItemKind::Subscript) => {
            let sub = SubscriptId::new(db, parent.clone());
            let sig = subscript_sig(db, sub);
            (sig.1.clone(), sig.0.to_vec())
        }
        _ => (Ty::Unknown, Vec::new()),
    }
}

#[salsa::tracked(returns(clone), cycle_result = property_ty_cycle)]
pub fn property_ty(db: &dyn Db, prop: PropertyId) -> Ty {
    let data = lower::property_data(db, prop);
    Resolver::for_item(db, prop.loc(db)).resolve_type(&data.ty, &mut Vec::new())
}

#[salsa::tracked(returns(clone), cycle_result = subscript_sig_cycle)]
pub fn subscript_sig(db: &dyn Db, sub: SubscriptId) -> (Arc<[ParamSig]>, Ty) {
    let data = lower::subscript_data(db, sub);
    let resolver = Resolver::for_item(db, sub.loc(db));
    let params = data
        .params
        .iter()
        .map(|p| ParamSig {
            name: p.name.clone(),
            ty: resolver.resolve_type(&p.ty, &mut Vec::new()),
            dir: p.modifiers.dir,
            no_diff: p.modifiers.no_diff,
            has_default: p.has_default,
        })
        .collect();
    (params, resolver.resolve_type(&data.ret, &mut Vec::new()))
}

/// Field types of a struct, in declaration order, with the struct's own generic parameters.
#[salsa::tracked(returns(clone), cycle_result = field_types_cycle)]
pub fn field_types(db: &dyn Db, decl: TypeDeclId) -> Arc<[Ty]> {
    let data = lower::type_decl_data(db, decl);
    let resolver = Resolver::for_item(db, decl.loc(db));
    data.fields
        .iter()
        .map(|f| resolver.resolve_type(&f.ty, &mut Vec::new()))
        .collect()
}

/// Diagnostics of a type declaration's own signature (bases, field types).
#[salsa::tracked(returns(clone))]
pub fn type_decl_sig_diags(db: &dyn Db, decl: TypeDeclId) -> Arc<[Diag]> {
    let data = lower::type_decl_data(db, decl);
    let mut resolver = Resolver::for_item(db, decl.loc(db));
    let mut diags = Vec::new();
    for f in &data.fields {
        resolver.resolve_type(&f.ty, &mut diags);
    }
    resolver.self_ctx = None;
    for b in &data.bases {
        resolver.resolve_type(b, &mut diags);
    }
    diags.into()
}

// ---------------------------------------------------------------------------------------------
// Globals

#[salsa::tracked(returns(clone), cycle_result = global_ty_cycle)]
pub fn global_ty(db: &dyn Db, global: GlobalId) -> Ty {
    let data = lower::global_data(db, global);
    match &data.ty {
        Some(ty) => {
            let declared = Resolver::for_item(db, global.loc(db)).resolve_type(ty, &mut Vec::new());
            // `T name[] = { ... }`: the initializer list gives the length.
            if let Ty::Array(elem, Len::Unknown) = &declared {
                let body = lower::global_body(db, global);
                if let Some(root) = body.root_expr
                    && let Expr::InitList(items) = &body.exprs[root]
                {
                    return Ty::Array(elem.clone(), Len::Known(items.len() as u32));
                }
            }
            declared
        }
        None => {
            let result = infer_global(db, global);
            let body = lower::global_body(db, global);
            body.root_expr.map_or(Ty::Unknown, |e| result.expr_ty(e))
        }
    }
}

/// The integer value of a constant global (`static const int N = 4;`), if it is one.
#[salsa::tracked(returns(copy), cycle_result = const_cycle)]
pub fn global_const_value(db: &dyn Db, global: GlobalId) -> Option<i64> {
    let data = lower::global_data(db, global);
    if !(data.modifiers.is_const || data.is_let || data.modifiers.is_static) {
        return None;
    }
    let body = lower::global_body(db, global);
    let resolver = Resolver::for_item(db, global.loc(db));
    const_eval(db, &resolver, &body, body.root_expr?)
}

fn const_cycle(_db: &dyn Db, _id: salsa::Id, _global: GlobalId) -> Option<i64> {
    None
}

fn const_eval(db: &dyn Db, resolver: &Resolver<'_>, body: &Body, expr: ExprId) -> Option<i64> {
    match &body.exprs[expr] {
        Expr::Literal(Literal::Int { value, .. }) => Some(*value as i64),
        Expr::Literal(Literal::Bool(b)) => Some(i64::from(*b)),
        Expr::Path(p) => match resolver.resolve_path(p, &mut Vec::new())? {
            Resolution::Global(g) => global_const_value(db, g),
            Resolution::EnumCase(d, i) => resolve::enum_case_value(db, resolver.file, d, i),
            _ => None,
        },
        Expr::Prefix { op, expr } => {
            let v = const_eval(db, resolver, body, *expr)?;
            match op {
                PrefixOp::Neg => Some(v.wrapping_neg()),
                PrefixOp::Plus => Some(v),
                PrefixOp::Not => Some(i64::from(v == 0)),
                PrefixOp::BitNot => Some(!v),
                PrefixOp::Inc | PrefixOp::Dec => None,
            }
        }
        Expr::Cast { expr, .. } => const_eval(db, resolver, body, *expr),
        Expr::Ternary {
            cond,
            then_branch,
            else_branch,
        } => {
            let chosen = if const_eval(db, resolver, body, *cond)? != 0 {
                then_branch
            } else {
                else_branch
            };
            const_eval(db, resolver, body, *chosen)
        }
        // `&&`/`||` short-circuit as they do at run time.
        Expr::Binary {
            op: op @ (BinaryOp::And | BinaryOp::Or),
            lhs,
            rhs,
        } => {
            let a = const_eval(db, resolver, body, *lhs)? != 0;
            if a == (*op == BinaryOp::Or) {
                return Some(i64::from(a));
            }
            Some(i64::from(const_eval(db, resolver, body, *rhs)? != 0))
        }
        Expr::Binary { op, lhs, rhs } => {
            let (a, b) = (
                const_eval(db, resolver, body, *lhs)?,
                const_eval(db, resolver, body, *rhs)?,
            );
            Some(match op {
                BinaryOp::Add => a.wrapping_add(b),
                BinaryOp::Sub => a.wrapping_sub(b),
                BinaryOp::Mul => a.wrapping_mul(b),
                BinaryOp::Div => a.checked_div(b)?,
                BinaryOp::Rem => a.checked_rem(b)?,
                BinaryOp::Shl => a.checked_shl(b as u32)?,
                BinaryOp::Shr => a.checked_shr(b as u32)?,
                BinaryOp::BitAnd => a & b,
                BinaryOp::BitOr => a | b,
                BinaryOp::BitXor => a ^ b,
                BinaryOp::Eq => i64::from(a == b),
                BinaryOp::Ne => i64::from(a != b),
                BinaryOp::Lt => i64::from(a < b),
                BinaryOp::Le => i64::from(a <= b),
                BinaryOp::Gt => i64::from(a > b),
                BinaryOp::Ge => i64::from(a >= b),
                _ => return None,
            })
        }
        _ => None,
    }
}

#[salsa::tracked(returns(clone), cycle_result = infer_global_cycle)]
pub fn infer_global(db: &dyn Db, global: GlobalId) -> Arc<InferenceResult> {
    let data = lower::global_data(db, global);
    let body = lower::global_body(db, global);
    let resolver = Resolver::for_item(db, global.loc(db));
    let mut diags = Vec::new();
    let declared = data
        .ty
        .as_ref()
        .map(|t| resolver.resolve_type(t, &mut diags));
    let mut ctx = InferCtx::new(db, resolver, &body, None);
    ctx.result.diags = diags;
    if let Some(root) = body.root_expr {
        let ty = ctx.infer_expr(root, declared.as_ref());
        if let Some(declared) = &declared {
            ctx.check_convertible(&ty, declared, body.expr_range(root));
        }
    }
    Arc::new(ctx.finish())
}

fn infer_global_cycle(_db: &dyn Db, _id: salsa::Id, _global: GlobalId) -> Arc<InferenceResult> {
    Arc::new(InferenceResult::default())
}

// ---------------------------------------------------------------------------------------------
// Inference results

/// What a name or member in a body refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprRes {
    Local(LocalId),
    Param(u32),
    Global(GlobalId),
    Function(FunctionId),
    Field(TypeDeclId, u32),
    Property(PropertyId),
    Type(Ty),
    EnumCase(TypeDeclId, u32),
    Namespace,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InferenceResult {
    pub expr_types: Vec<Ty>,
    pub local_types: Vec<Ty>,
    /// Resolutions of paths, members and calls (a call maps to its chosen function).
    pub resolutions: FxHashMap<ExprId, ExprRes>,
    pub diags: Vec<Diag>,
    /// The generic arguments overload resolution chose for each call (and operator or
    /// constructor call) of a generic function: the enclosing type's parameters first (a method
    /// of `G<T>`), then the function's own, explicit or inferred. Calls of non-generic
    /// functions have no entry. Type packs (`each T`) are bound to `Unknown`.
    pub call_generic_args: FxHashMap<ExprId, Arc<[(GenericParamId, GenericArg)]>>,
    /// Every lambda expression: its parameters, what it captures and its type.
    pub lambdas: FxHashMap<ExprId, LambdaInfo>,
}

/// A value a lambda reads from its enclosing function: copied into the lambda's struct when the
/// lambda expression is evaluated (capture by value, as slangc does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capture {
    Local(LocalId),
    Param(u32),
    /// `this` of the enclosing method (named, or implied by a member named alone).
    This,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LambdaInfo {
    pub params: Vec<LocalId>,
    /// In order of first use; the fields of the lambda's struct.
    pub captures: Vec<Capture>,
    pub ty: Arc<LambdaTy>,
    /// The type of `this` where `captures` holds [`Capture::This`] (in the owner's terms).
    pub this_ty: Option<Ty>,
}

impl InferenceResult {
    pub fn expr_ty(&self, e: ExprId) -> Ty {
        self.expr_types
            .get(e.into_raw().into_u32() as usize)
            .cloned()
            .unwrap_or(Ty::Unknown)
    }

    pub fn local_ty(&self, l: LocalId) -> Ty {
        self.local_types
            .get(l.into_raw().into_u32() as usize)
            .cloned()
            .unwrap_or(Ty::Unknown)
    }

    /// The generic arguments chosen for the call `e` (see `call_generic_args`).
    pub fn generic_args_of(&self, e: ExprId) -> Option<Arc<[(GenericParamId, GenericArg)]>> {
        self.call_generic_args.get(&e).cloned()
    }
}

/// The generic arguments chosen for the call expression `call` in `func`'s body: what lowering
/// needs to instantiate the callee, without inferring them again.
pub fn call_generic_args(
    db: &dyn Db,
    func: FunctionId,
    call: ExprId,
) -> Option<Arc<[(GenericParamId, GenericArg)]>> {
    infer(db, func).generic_args_of(call)
}

/// The name of the method that calls of a value (`f(x)`) resolve to.
pub const CALL_OPERATOR: &str = "operator()";

#[salsa::tracked(returns(clone), cycle_result = infer_cycle)]
pub fn infer(db: &dyn Db, func: FunctionId) -> Arc<InferenceResult> {
    let body = lower::fn_body(db, func);
    let sig = fn_sig(db, func);
    let resolver = Resolver::for_item(db, func.loc(db));
    let mut ctx = InferCtx::new(db, resolver, &body, Some(&sig));
    ctx.owner = Some(func);
    if let Some(root) = body.root_block {
        ctx.infer_stmt(root);
    }
    Arc::new(ctx.finish())
}

fn infer_cycle(_db: &dyn Db, _id: salsa::Id, _func: FunctionId) -> Arc<InferenceResult> {
    Arc::new(InferenceResult::default())
}

// ---------------------------------------------------------------------------------------------
// The inference walk

/// A function that may be called, with the substitution of its owner's generic parameters and
/// the type of `this` if it is called as a method.
#[derive(Debug, Clone)]
struct Candidate {
    func: FunctionId,
    outer: Vec<(GenericParamId, GenericArg)>,
    this_ty: Option<Ty>,
    /// Called through `fwd_diff`/`bwd_diff` (innermost first): the derivative's signature applies.
    derivative: Vec<DiffKind>,
}

/// The functions under `fwd_diff`/`bwd_diff`: candidates, the derivative kinds from the innermost
/// out (`fwd_diff(bwd_diff(f))` is `[Backward, Forward]`), explicit generic arguments.
type DiffCallee = (Vec<FunctionId>, Vec<DiffKind>, Option<Vec<GenericArg>>);

struct Applicable {
    cost: u32,
    ret: Ty,
    /// Generic arguments: the enclosing type's, then the function's own.
    generic_args: Vec<(GenericParamId, GenericArg)>,
    params: Vec<ParamSig>,
    generic: bool,
    /// More generic parameters means a more structured (more specific) pattern, such as
    /// `vector<T, N>` over `T`: it wins ties.
    specificity: u32,
    /// Type structure around the parameters in the declared parameter types (`vector<T, 2>` has
    /// more than `T`): among generic candidates equal so far the more structured one wins.
    pattern_shape: u32,
}

enum Rejection {
    Arity {
        expected: usize,
        required: usize,
    },
    Arg {
        index: usize,
        expected: Ty,
    },
    Infer(SmolStr),
    /// More explicit generic arguments than the function has generic parameters.
    GenericArity {
        expected: usize,
        given: usize,
    },
    Constraint {
        param: SmolStr,
        arg: Ty,
        iface: Ty,
    },
}

struct InferCtx<'a, 'db> {
    db: &'db dyn Db,
    file: SourceFile,
    resolver: Resolver<'db>,
    body: &'a Body,
    sig: Option<&'a FnSig>,
    result: InferenceResult,
    scopes: Vec<Vec<(SmolStr, LocalId)>>,
    /// Expressions that name a type (`float3` in `float3(1)`, `S` in `S.f()`).
    type_exprs: FxHashMap<ExprId, Ty>,
    /// Expressions that name functions (overload sets), with the implicit `this` type for methods.
    fn_exprs: FxHashMap<ExprId, (Vec<FunctionId>, Option<Ty>)>,
    /// `fwd_diff(f)` / `bwd_diff(f)` of free functions and `Type.method`s.
    diff_exprs: FxHashMap<ExprId, DiffCallee>,
    /// The type of `Type.method` under `fwd_diff`/`bwd_diff`.
    diff_this: FxHashMap<ExprId, Ty>,
    loop_depth: u32,
    switch_depth: u32,
    /// The generic arguments of the overload `pick_overload` chose last.
    last_generic_args: Vec<(GenericParamId, GenericArg)>,
    /// The type packs each enclosing `expand` names through `each`, innermost last.
    expand_frames: Vec<Vec<GenericParamId>>,
    /// The function whose body this is (`None` for global initialisers): lambdas' identity.
    owner: Option<FunctionId>,
    /// The lambdas being inferred, innermost last.
    lambda_frames: Vec<LambdaFrame>,
}

/// A lambda whose body is being inferred.
struct LambdaFrame {
    /// Locals in `scopes[..boundary]` belong to enclosing code: reading one captures it.
    boundary: usize,
    captures: Vec<Capture>,
    /// The type of the first `return` in a block body, with its range.
    ret: Option<(Ty, TextRange)>,
}

/// Variadic builtins that no declaration in the stdlib can express.
fn is_printf(name: &str) -> bool {
    matches!(name, "printf" | "print")
}

fn is_make_tuple(name: &str) -> bool {
    name == "makeTuple"
}

impl<'a, 'db> InferCtx<'a, 'db> {
    fn new(
        db: &'db dyn Db,
        resolver: Resolver<'db>,
        body: &'a Body,
        sig: Option<&'a FnSig>,
    ) -> Self {
        InferCtx {
            db,
            file: resolver.file,
            resolver,
            body,
            sig,
            result: InferenceResult {
                expr_types: vec![Ty::Unknown; body.exprs.len()],
                local_types: vec![Ty::Unknown; body.locals.len()],
                ..Default::default()
            },
            scopes: vec![Vec::new()],
            type_exprs: FxHashMap::default(),
            fn_exprs: FxHashMap::default(),
            diff_exprs: FxHashMap::default(),
            diff_this: FxHashMap::default(),
            loop_depth: 0,
            switch_depth: 0,
            last_generic_args: Vec::new(),
            expand_frames: Vec::new(),
            owner: None,
            lambda_frames: Vec::new(),
        }
    }

    fn finish(self) -> InferenceResult {
        self.result
    }

    /// Records the function a call resolved to, with the generic arguments `pick_overload` chose.
    fn record_call(&mut self, call: ExprId, chosen: FunctionId) {
        self.result
            .resolutions
            .insert(call, ExprRes::Function(chosen));
        let args = std::mem::take(&mut self.last_generic_args);
        if args.is_empty() {
            self.result.call_generic_args.remove(&call);
        } else {
            self.result.call_generic_args.insert(call, args.into());
        }
    }

    fn error(&mut self, code: &'static str, message: impl Into<String>, range: TextRange) {
        self.result.diags.push(Diag::error(code, message, range));
    }

    /// An explicit generic argument (`f<n>(...)`); a local or parameter given for a value
    /// parameter is a run-time value, which slangc rejects (E39999).
    fn explicit_generic_arg(
        &self,
        arg: &crate::data::GenericArgRef,
        diags: &mut Vec<Diag>,
    ) -> GenericArg {
        if let crate::data::GenericArgRef::Type(crate::data::TypeRef::Path(p)) = arg
            && p.segments.len() == 1
            && p.segments[0].args.is_none()
        {
            let name = &p.segments[0].name;
            let is_local = self.scopes.iter().any(|s| s.iter().any(|(n, _)| n == name));
            let is_param = self
                .sig
                .is_some_and(|s| s.params.iter().any(|q| &q.name == name));
            if is_local || is_param {
                diags.push(Diag::error(
                    "E2028",
                    format!(
                        "expression does not evaluate to a compile-time constant: `{name}` is a run-time value; generic arguments must be literals, `static const` values or generic value parameters"
                    ),
                    p.range(),
                ));
                return GenericArg::Value(Len::Unknown);
            }
        }
        self.resolver.resolve_generic_arg(arg, diags)
    }

    fn display(&self, ty: &Ty) -> String {
        crate::display_ty(self.db, ty)
    }

    /// Where diagnostics about an expression point: its start, or for calls and operators the
    /// `(` or the operator token (slangc's convention, so carets agree).
    fn range(&self, e: ExprId) -> TextRange {
        self.body.anchor(e)
    }

    fn set_ty(&mut self, e: ExprId, ty: Ty) -> Ty {
        if let Some(slot) = self
            .result
            .expr_types
            .get_mut(e.into_raw().into_u32() as usize)
        {
            *slot = ty.clone();
        }
        ty
    }

    fn normalize(&self, ty: &Ty) -> Ty {
        resolve::normalize(self.db, self.file, ty)
    }

    // ---- statements ---------------------------------------------------------------------

    fn infer_stmt(&mut self, stmt: StmtId) {
        let range = self.body.stmt_range(stmt);
        match &self.body.stmts[stmt] {
            Stmt::Local { local, init } => self.infer_local(*local, *init),
            Stmt::Expr(e) => {
                self.infer_expr(*e, None);
            }
            Stmt::Block(stmts) => {
                self.scopes.push(Vec::new());
                for s in stmts.clone() {
                    self.infer_stmt(s);
                }
                self.scopes.pop();
            }
            Stmt::Seq(stmts) => {
                for s in stmts.clone() {
                    self.infer_stmt(s);
                }
            }
            Stmt::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let (cond, then_branch, else_branch) = (*cond, *then_branch, *else_branch);
                self.infer_condition(cond);
                self.scoped(then_branch);
                if let Some(e) = else_branch {
                    self.scoped(e);
                }
            }
            Stmt::IfLet {
                local,
                init,
                then_branch,
                else_branch,
            } => {
                let (local, init, then_branch, else_branch) =
                    (*local, *init, *then_branch, *else_branch);
                let ty = self.infer_expr(init, None);
                let ty = self.unwrap_optional(&ty).unwrap_or(ty);
                self.set_local_ty(local, ty);
                self.scopes.push(Vec::new());
                self.declare(local);
                self.infer_stmt(then_branch);
                self.scopes.pop();
                if let Some(e) = else_branch {
                    self.scoped(e);
                }
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
                ..
            } => {
                let (init, cond, step, body) = (*init, *cond, *step, *body);
                self.scopes.push(Vec::new());
                if let Some(init) = init {
                    self.infer_stmt(init);
                }
                if let Some(cond) = cond {
                    self.infer_condition(cond);
                }
                if let Some(step) = step {
                    self.infer_expr(step, None);
                }
                self.loop_depth += 1;
                self.scoped(body);
                self.loop_depth -= 1;
                self.scopes.pop();
            }
            Stmt::While { cond, body, .. } => {
                let (cond, body) = (*cond, *body);
                self.infer_condition(cond);
                self.loop_depth += 1;
                self.scoped(body);
                self.loop_depth -= 1;
            }
            Stmt::DoWhile { body, cond, .. } => {
                let (cond, body) = (*cond, *body);
                self.loop_depth += 1;
                self.scoped(body);
                self.loop_depth -= 1;
                self.infer_condition(cond);
            }
            Stmt::Switch { scrutinee, cases } => {
                let scrutinee = *scrutinee;
                let cases = cases.clone();
                let ty = self.infer_expr(scrutinee, None);
                let ty = self.normalize(&ty);
                // slangc converts any scalar (even a float) to the case type.
                let ok = ty.has_unknown()
                    || matches!(ty, Ty::Scalar(_) | Ty::Param(_) | Ty::Assoc(..))
                    || matches!(ty, Ty::Adt(d, _) if lower::type_decl_data(self.db, d).kind == TypeDeclKind::Enum);
                if !ok {
                    let msg = format!(
                        "`switch` needs a scalar or enum value, found `{}`",
                        self.display(&ty)
                    );
                    self.error("E2014", msg, self.range(scrutinee));
                }
                self.switch_depth += 1;
                self.scopes.push(Vec::new());
                for case in cases {
                    if let Some(v) = case.value {
                        self.infer_expr(v, Some(&ty));
                    }
                    for s in case.body {
                        self.infer_stmt(s);
                    }
                }
                self.scopes.pop();
                self.switch_depth -= 1;
            }
            Stmt::Break => {
                if self.loop_depth == 0 && self.switch_depth == 0 {
                    self.error("E2020", "`break` outside of a loop or `switch`", range);
                }
            }
            Stmt::BreakLabel { name, target } => match target {
                None => {
                    let msg = format!("label '{name}' used as break target is not found");
                    self.error("E2045", msg, range);
                }
                Some(label) if self.body.labels[*label].target.is_none() => {
                    let msg = format!(
                        "invalid break target: statement labeled '{name}' is not a loop or `switch`"
                    );
                    self.error("E2046", msg, range);
                }
                Some(_) => {}
            },
            Stmt::Continue => {
                if self.loop_depth == 0 {
                    self.error("E2020", "`continue` outside of a loop", range);
                }
            }
            Stmt::Return(value) => self.infer_return(*value, range),
            Stmt::Discard | Stmt::Empty => {}
        }
    }

    fn scoped(&mut self, stmt: StmtId) {
        self.scopes.push(Vec::new());
        self.infer_stmt(stmt);
        self.scopes.pop();
    }

    fn declare(&mut self, local: LocalId) {
        let name = self.body.locals[local].name.clone();
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name, local));
        }
    }

    fn set_local_ty(&mut self, local: LocalId, ty: Ty) {
        if let Some(slot) = self
            .result
            .local_types
            .get_mut(local.into_raw().into_u32() as usize)
        {
            *slot = ty;
        }
    }

    fn infer_local(&mut self, local: LocalId, init: Option<ExprId>) {
        let data = &self.body.locals[local];
        let declared = data.ty.as_ref().map(|t| {
            let mut diags = Vec::new();
            let mut ty = self.resolver.resolve_type(t, &mut diags);
            for dim in data.array_dims.iter().rev() {
                let len = dim
                    .as_ref()
                    .map_or(Len::Unknown, |c| self.resolver.eval_len(c));
                ty = Ty::Array(Arc::new(ty), len);
            }
            self.result.diags.extend(diags);
            ty
        });
        let name_range = data.name_range;
        let is_let = !data.mutable && data.ty.is_none();
        let ty = match (declared, init) {
            (Some(declared), Some(init)) => {
                let declared = self.fill_unsized_array(&declared, init);
                let init_ty = self.infer_expr(init, Some(&declared));
                self.check_convertible(&init_ty, &declared, self.range(init));
                declared
            }
            (Some(declared), None) => declared,
            (None, Some(init)) => {
                let t = self.infer_expr(init, None);
                if t == Ty::Void {
                    self.error(
                        "E2004",
                        "cannot initialise a variable with a `void` value",
                        self.range(init),
                    );
                    Ty::Unknown
                } else {
                    t
                }
            }
            (None, None) => {
                let what = if is_let { "let" } else { "var" };
                self.error(
                    "E2004",
                    format!("`{what}` declaration needs an initial value or a type"),
                    name_range,
                );
                Ty::Unknown
            }
        };
        self.set_local_ty(local, ty);
        self.declare(local);
    }

    /// `int a[] = {1, 2, 3}` takes its length from the initialiser.
    fn fill_unsized_array(&self, declared: &Ty, init: ExprId) -> Ty {
        match (declared, &self.body.exprs[init]) {
            (Ty::Array(elem, Len::Unknown), Expr::InitList(items)) => {
                Ty::Array(elem.clone(), Len::Known(items.len() as u32))
            }
            _ => declared.clone(),
        }
    }

    fn infer_condition(&mut self, cond: ExprId) {
        let ty = self.infer_expr(cond, Some(&Ty::BOOL));
        let ty = self.normalize(&ty);
        self.check_scalar_condition(cond, &ty);
    }

    fn check_scalar_condition(&mut self, cond: ExprId, ty: &Ty) {
        if ty.has_unknown()
            || matches!(ty, Ty::Scalar(_))
            || matches!(ty, Ty::Param(_) | Ty::Assoc(..))
        {
            return;
        }
        let msg = format!(
            "condition must be a scalar `bool`-convertible value, found `{}`",
            self.display(ty)
        );
        self.error("E2014", msg, self.range(cond));
    }

    /// A `?:` condition: a scalar, or a bool vector that picks per component like `select`
    /// (returns its length then).
    fn infer_ternary_condition(&mut self, cond: ExprId) -> Option<u32> {
        let ty = self.infer_expr(cond, Some(&Ty::BOOL));
        let ty = self.normalize(&ty);
        if let Ty::Vector(_, Len::Known(n)) = &ty
            && ty.scalar_kind().is_some()
        {
            return Some(*n);
        }
        self.check_scalar_condition(cond, &ty);
        None
    }

    /// The type of a per-component `?:`: scalar branches widen to the condition's length; vector
    /// branches must have it.
    fn per_component_ternary_ty(&mut self, joined: Ty, lanes: u32, range: TextRange) -> Ty {
        match &joined {
            Ty::Scalar(kind) => Ty::vector(*kind, lanes),
            Ty::Vector(_, Len::Known(n)) if *n == lanes => joined,
            _ if joined.has_unknown() => joined,
            _ => {
                let msg = format!(
                    "a {lanes}-component condition picks per component: the branches must be scalars or {lanes}-component vectors, found `{}`",
                    self.display(&joined)
                );
                self.error("E2004", msg, range);
                Ty::Unknown
            }
        }
    }

    fn infer_return(&mut self, value: Option<ExprId>, range: TextRange) {
        if !self.lambda_frames.is_empty() {
            return self.infer_lambda_return(value, range);
        }
        let Some(sig) = self.sig else { return };
        let ret = sig.ret.clone();
        match value {
            Some(v) => {
                let ty = self.infer_expr(v, Some(&ret));
                if ret == Ty::Void {
                    if ty != Ty::Void && !ty.has_unknown() {
                        self.error("E2013", "a `void` function cannot return a value: remove the value or change the return type", self.range(v));
                    }
                } else {
                    self.check_convertible(&ty, &ret, self.range(v));
                }
            }
            None => {
                if ret != Ty::Void
                    && !ret.has_unknown()
                    && sig.kind != FnKind::Init
                    && sig.kind != FnKind::Setter
                {
                    let msg = format!(
                        "this function must return a value of type `{}`",
                        self.display(&ret)
                    );
                    self.error("E2013", msg, range);
                }
            }
        }
    }

    // ---- conversions --------------------------------------------------------------------

    fn conversion_cost(&self, from: &Ty, to: &Ty) -> Option<Cost> {
        if from == to || from.has_unknown() || to.has_unknown() {
            return Some(Cost::EXACT);
        }
        let (from, to) = (self.normalize(from), self.normalize(to));
        if from == to {
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
        match (&from, &to) {
            (Ty::Array(a, n), Ty::Array(b, m)) => {
                let lens_ok = n == m || matches!(n, Len::Unknown) || matches!(m, Len::Unknown);
                // Elements must be the same type (or one that stays symbolic, such as a
                // synthesised `Differential`).
                let elems_ok = self.conversion_cost(a, b).is_some_and(|c| c.0 <= 1);
                (lens_ok && elems_ok).then_some(Cost::EXACT)
            }
            (Ty::Adt(d, _), Ty::Scalar(k)) if k.is_integer() => {
                (lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum)
                    .then_some(Cost::CONVERSION)
            }
            // `ConstantBuffer<T>` / `ParameterBlock<T>` read as the `T` they hold.
            (Ty::Adt(d, args), _)
                if matches!(
                    d.loc(self.db).name().as_str(),
                    "ConstantBuffer" | "ParameterBlock"
                ) && args.first() == Some(&GenericArg::Type(to.clone())) =>
            {
                Some(Cost::CONVERSION)
            }
            // `Optional<T>` takes a `T` (and `none`).
            (_, Ty::Adt(d, args))
                if d.loc(self.db).name() == "Optional"
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
            // A generic parameter's arguments are checked at the call; inside the generic body
            // only identical parameters convert.
            _ => None,
        }
    }

    fn check_convertible(&mut self, from: &Ty, to: &Ty, range: TextRange) -> bool {
        if self.conversion_cost(from, to).is_some() {
            return true;
        }
        let msg = format!(
            "expected an expression of type '{}', got '{}': cannot convert a value of type `{}` to `{}`{}",
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
    fn inherited_conformance_note(&self, ty: &Ty, iface: &Ty) -> String {
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
    fn join(&self, tys: &[Ty]) -> Option<Ty> {
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

    // ---- expressions --------------------------------------------------------------------

    fn infer_expr(&mut self, e: ExprId, expected: Option<&Ty>) -> Ty {
        let ty = self.infer_expr_inner(e, expected);
        self.set_ty(e, ty)
    }

    fn infer_expr_inner(&mut self, e: ExprId, expected: Option<&Ty>) -> Ty {
        let range = self.range(e);
        match self.body.exprs[e].clone() {
            Expr::Missing => Ty::Unknown,
            Expr::Literal(lit) => match lit {
                Literal::Int { unsigned, wide, .. } => Ty::Scalar(match (unsigned, wide) {
                    (false, false) => ScalarKind::Int,
                    (true, false) => ScalarKind::UInt,
                    (false, true) => ScalarKind::Int64,
                    (true, true) => ScalarKind::UInt64,
                }),
                Literal::Float { suffix, .. } => Ty::Scalar(match suffix {
                    Some('h' | 'H') => ScalarKind::Half,
                    Some('l' | 'L') => ScalarKind::Double,
                    _ => ScalarKind::Float,
                }),
                Literal::Bool(_) => Ty::BOOL,
                Literal::String(_) => Ty::String,
                Literal::None => expected.cloned().unwrap_or(Ty::Unknown),
            },
            Expr::Path(path) => self.infer_path(e, &path),
            Expr::This => match &self.resolver.self_ctx {
                Some(ctx) if !self.sig.is_some_and(|s| s.is_static) => {
                    let ty = ctx.ty.clone();
                    self.note_capture(Capture::This, 0);
                    ty
                }
                _ => {
                    self.error(
                        "E2001",
                        "`this` is only available inside non-static methods",
                        range,
                    );
                    Ty::Unknown
                }
            },
            Expr::Field {
                base,
                name,
                name_range,
            } => self.infer_field(e, base, &name, name_range),
            Expr::Index { base, index } => self.infer_index(base, index),
            Expr::Call { callee, args } => self.infer_call(e, callee, &args, expected),
            Expr::Lambda { params, body } => self.infer_lambda(e, &params, body),
            Expr::GenericApply { base, args } => {
                // A generic function or type used without a call.
                let _ = self.infer_expr(base, None);
                if let Some(ty) = self.type_exprs.get(&base).cloned() {
                    let mut diags = Vec::new();
                    let applied = self.resolver.apply_generic_args(
                        Resolution::Type(ty),
                        &args,
                        range,
                        &mut diags,
                    );
                    self.result.diags.extend(diags);
                    if let Resolution::Type(applied) = applied {
                        self.result
                            .resolutions
                            .insert(e, ExprRes::Type(applied.clone()));
                        self.type_exprs.insert(e, applied);
                    }
                }
                if let Some(f) = self.fn_exprs.get(&base).cloned() {
                    self.fn_exprs.insert(e, f);
                }
                Ty::Unknown
            }
            Expr::Binary { op, lhs, rhs } => self.infer_binary(e, op, lhs, rhs),
            Expr::Assign { op, lhs, rhs } => {
                let lt = self.infer_expr(lhs, None);
                let rt = self.infer_expr(rhs, Some(&lt));
                // slangc reports `=` at the operator and compound assignments at their target.
                let at = if op.is_some() {
                    self.range(lhs)
                } else {
                    self.body.anchor(e)
                };
                // slangc calls compound assignments as functions with an `inout` parameter 0.
                let slangc = match op {
                    None => "left of '=' is not an l-value.".to_string(),
                    Some(_) => "argument passed to parameter '0' must be l-value.".to_string(),
                };
                self.check_lvalue_slangc(lhs, Some(slangc), "assign to this expression", at);
                match op {
                    None => {
                        self.check_convertible(&rt, &lt, self.range(rhs));
                    }
                    Some(op) => {
                        let result = self.binary_result(op, &lt, &rt, range);
                        self.check_convertible(&result, &lt, range);
                    }
                }
                lt
            }
            Expr::Prefix { op, expr } => {
                let t = self.infer_expr(expr, expected);
                let t = self.normalize(&t);
                match op {
                    PrefixOp::Inc | PrefixOp::Dec => {
                        self.check_lvalue_at(expr, "modify this expression", range);
                        t
                    }
                    PrefixOp::Not => match t {
                        Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..) => {
                            t.with_scalar(ScalarKind::Bool)
                        }
                        _ => t,
                    },
                    PrefixOp::BitNot => {
                        if let Some(k) = t.scalar_kind()
                            && !k.is_integer()
                        {
                            let msg = format!(
                                "operator `~` needs an integer operand, found `{}`",
                                self.display(&t)
                            );
                            self.error("E2005", msg, range);
                        }
                        t
                    }
                    PrefixOp::Neg | PrefixOp::Plus => t,
                }
            }
            Expr::Postfix { expr, .. } => {
                let t = self.infer_expr(expr, None);
                self.check_lvalue(expr, "modify this expression");
                t
            }
            Expr::Ternary {
                cond,
                then_branch,
                else_branch,
            } => {
                let lanes = self.infer_ternary_condition(cond);
                let a = self.infer_expr(then_branch, expected);
                let b = self.infer_expr(else_branch, expected);
                match self.join(&[a.clone(), b.clone()]) {
                    Some(t) => match lanes {
                        Some(n) => self.per_component_ternary_ty(t, n, range),
                        None => t,
                    },
                    None => {
                        let msg = format!(
                            "the branches of `?:` have incompatible types `{}` and `{}`",
                            self.display(&a),
                            self.display(&b)
                        );
                        self.error("E2004", msg, range);
                        Ty::Unknown
                    }
                }
            }
            Expr::Cast { ty, expr } => {
                let mut diags = Vec::new();
                let target = self.resolver.resolve_type(&ty, &mut diags);
                self.result.diags.extend(diags);
                let from = self.infer_expr(expr, Some(&target));
                self.check_cast(&from, &target, range);
                target
            }
            Expr::InitList(items) => self.infer_init_list(&items, expected, range),
            Expr::Diff { func, kind } => {
                self.infer_expr(func, None);
                // Free functions get their derivative signature; methods and nested derivatives
                // are typed by the autodiff layer.
                let (target, explicit) = match &self.body.exprs[func] {
                    Expr::GenericApply { base, args } => (*base, Some(args.clone())),
                    _ => (func, None),
                };
                if let Some((funcs, mut kinds, explicit)) = self.diff_exprs.get(&func).cloned() {
                    // A derivative of a derivative.
                    kinds.push(kind);
                    self.diff_exprs.insert(e, (funcs, kinds, explicit));
                    if let Some(this) = self.diff_this.get(&func).cloned() {
                        self.diff_this.insert(e, this);
                    }
                } else if let Some((funcs, this)) = self.fn_exprs.get(&target).cloned()
                    && (this.is_none() || self.is_type_qualified(target))
                {
                    let explicit = explicit.map(|a| {
                        let mut diags = Vec::new();
                        let r = a
                            .iter()
                            .map(|x| self.explicit_generic_arg(x, &mut diags))
                            .collect();
                        self.result.diags.extend(diags);
                        r
                    });
                    self.diff_exprs.insert(e, (funcs, vec![kind], explicit));
                    if let Some(this) = this {
                        self.diff_this.insert(e, this);
                    }
                }
                Ty::Unknown
            }
            Expr::NoDiff(inner) => self.infer_expr(inner, expected),
            Expr::Is { expr, ty } => {
                self.infer_expr(expr, None);
                let mut diags = Vec::new();
                self.resolver.resolve_type(&ty, &mut diags);
                self.result.diags.extend(diags);
                Ty::BOOL
            }
            Expr::As { expr, ty } => {
                self.infer_expr(expr, None);
                let mut diags = Vec::new();
                let t = self.resolver.resolve_type(&ty, &mut diags);
                self.result.diags.extend(diags);
                self.optional_of(t)
            }
            Expr::SizeOf { ty, expr } => {
                // The operand's type is recorded as the expression's resolution for lowering.
                let operand = match expr {
                    Some(inner) => {
                        let t = self.infer_expr(inner, None);
                        self.named_array_type(inner).unwrap_or(t)
                    }
                    None => {
                        let mut diags = Vec::new();
                        let t = self.resolver.resolve_type(&ty, &mut diags);
                        self.result.diags.extend(diags);
                        t
                    }
                };
                self.result.resolutions.insert(e, ExprRes::Type(operand));
                Ty::INT
            }
            Expr::CountOf(inner) => {
                let t = self.infer_expr(inner, None);
                let t = self.normalize(&t);
                let is_pack = self.value_pack(inner).is_some() || self.type_pack(inner).is_some();
                let type_named = self.type_exprs.get(&inner).cloned();
                let ok = is_pack
                    || matches!(
                        type_named.as_ref().unwrap_or(&t),
                        Ty::Array(..) | Ty::Tuple(_)
                    )
                    || (type_named.is_none() && t.has_unknown());
                if !ok {
                    let what = self.display(type_named.as_ref().unwrap_or(&t));
                    self.error(
                        "E2053",
                        format!(
                            "argument to countof can only be a type pack or tuple (or an array), found `{what}`"
                        ),
                        keyword_range(range, "countof"),
                    );
                }
                Ty::INT
            }
            Expr::Each(inner) => {
                self.infer_expr(inner, None);
                let Some(pack) = self.value_pack(inner).or_else(|| self.type_pack(inner)) else {
                    self.error(
                        "E2051",
                        "expected a type pack after 'each': `each` takes a parameter pack (`expand each T args`) or a type pack (`each T`)",
                        keyword_range(range, "each"),
                    );
                    return Ty::Unknown;
                };
                match self.expand_frames.last_mut() {
                    Some(frame) => {
                        if !frame.contains(&pack) {
                            frame.push(pack.clone());
                        }
                    }
                    None => self.error(
                        "E2050",
                        "'each' expression must be inside 'expand' expression: write `expand` before the expression that uses the pack's elements",
                        keyword_range(range, "each"),
                    ),
                }
                Ty::Param(pack)
            }
            Expr::Expand(inner) => {
                self.expand_frames.push(Vec::new());
                let t = self.infer_expr(inner, None);
                let packs = self.expand_frames.pop().unwrap_or_default();
                match packs.first() {
                    Some(pack) => Ty::Expand(Arc::new(t), pack.clone()),
                    None => {
                        self.error(
                            "E2052",
                            "'expand' term captures no type packs. At least one type pack must be referenced via an 'each' term inside an 'expand' term",
                            keyword_range(range, "expand"),
                        );
                        Ty::Unknown
                    }
                }
            }
        }
    }

    /// The type pack of a parameter pack named by `e` (`args` of `expand each T args`).
    fn value_pack(&self, e: ExprId) -> Option<GenericParamId> {
        let sig = self.sig?;
        match self.result.resolutions.get(&e) {
            Some(ExprRes::Param(i)) if sig.variadic_from == Some(*i as usize) => {
                match &sig.params.get(*i as usize)?.ty {
                    Ty::Param(p) => Some(p.clone()),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The type pack `e` names (`T` of `each T`), if it is one of this function's.
    fn type_pack(&self, e: ExprId) -> Option<GenericParamId> {
        let sig = self.sig?;
        match self.type_exprs.get(&e) {
            Some(Ty::Param(p)) => {
                let i = sig.generics.iter().position(|g| g == p)?;
                sig.generic_is_pack.get(i).copied()?.then(|| p.clone())
            }
            _ => None,
        }
    }

    /// `Optional<T>` from the stdlib, if declared.
    fn optional_of(&self, t: Ty) -> Ty {
        match self.resolver.resolve_name("Optional") {
            Some(Resolution::Type(Ty::Adt(d, _))) => Ty::Adt(d, Arc::from([GenericArg::Type(t)])),
            _ => t,
        }
    }

    /// The type an expression names, also as an array (`Tail[3]` in `sizeof(Tail[3])`, parsed
    /// as an index expression).
    fn named_array_type(&self, e: ExprId) -> Option<Ty> {
        match &self.body.exprs[e] {
            Expr::Index { base, index } => {
                let elem = self.named_array_type(*base)?;
                let len = const_eval(self.db, &self.resolver, self.body, *index)?;
                Some(Ty::Array(
                    Arc::new(elem),
                    Len::Known(u32::try_from(len).ok()?),
                ))
            }
            _ => match self.result.resolutions.get(&e) {
                Some(ExprRes::Type(named)) => Some(named.clone()),
                _ => None,
            },
        }
    }

    fn unwrap_optional(&self, ty: &Ty) -> Option<Ty> {
        match ty {
            Ty::Adt(d, args) if d.loc(self.db).name() == "Optional" => match args.first() {
                Some(GenericArg::Type(t)) => Some(t.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    fn check_cast(&mut self, from: &Ty, to: &Ty, range: TextRange) {
        let (f, t) = (self.normalize(from), self.normalize(to));
        if f.has_unknown() || t.has_unknown() || self.conversion_cost(&f, &t).is_some() {
            return;
        }
        let numeric = |ty: &Ty| ty.is_numeric_shape();
        let is_enum = |ty: &Ty| matches!(ty, Ty::Adt(d, _) if lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum);
        let ok = match (&f, &t) {
            (a, b) if numeric(a) && numeric(b) => {
                // Casts between shapes keep or drop components; growing a vector is an error.
                !matches!((a, b), (Ty::Vector(_, Len::Known(n)), Ty::Vector(_, Len::Known(m))) if n < m)
            }
            (a, b) if (is_enum(a) && numeric(b)) || (numeric(a) && is_enum(b)) => true,
            (Ty::Param(_) | Ty::Assoc(..) | Ty::This, _)
            | (_, Ty::Param(_) | Ty::Assoc(..) | Ty::This) => true,
            (Ty::Adt(..), Ty::Adt(..)) => true,
            _ => false,
        };
        if !ok {
            let msg = format!(
                "cannot cast `{}` to `{}`",
                self.display(&f),
                self.display(&t)
            );
            self.error("E2004", msg, range);
        }
    }

    /// The local named `name` and the index of the scope declaring it.
    fn lookup_local_depth(&self, name: &str) -> Option<(LocalId, usize)> {
        self.scopes.iter().enumerate().rev().find_map(|(depth, s)| {
            s.iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, l)| (*l, depth))
        })
    }

    /// A read of an enclosing function's local (declared in scope `depth`) or parameter
    /// (`depth` 0) from inside lambdas: each lambda it crosses captures it.
    fn note_capture(&mut self, capture: Capture, depth: usize) {
        for frame in self.lambda_frames.iter_mut().rev() {
            if depth >= frame.boundary {
                break;
            }
            if !frame.captures.contains(&capture) {
                frame.captures.push(capture);
            }
        }
    }

    /// Whether `capture` is a value the innermost lambda copied (read-only inside it).
    fn is_captured(&self, capture: Capture) -> bool {
        self.lambda_frames
            .last()
            .is_some_and(|f| f.captures.contains(&capture))
    }

    /// `(float a, float b) => a * b`, `(int i) => { ...; return v; }`: the parameters' declared
    /// types and the body's (first `return`'s) type make the lambda's type.
    fn infer_lambda(&mut self, e: ExprId, params: &[LocalId], body: LambdaBody) -> Ty {
        let mut param_tys = Vec::new();
        for p in params {
            let data = &self.body.locals[*p];
            let ty = match &data.ty {
                Some(t) => {
                    let mut diags = Vec::new();
                    let ty = self.resolver.resolve_type(t, &mut diags);
                    self.result.diags.extend(diags);
                    ty
                }
                None => Ty::Unknown,
            };
            self.set_local_ty(*p, ty.clone());
            param_tys.push(ty);
        }
        self.lambda_frames.push(LambdaFrame {
            boundary: self.scopes.len(),
            captures: Vec::new(),
            ret: None,
        });
        self.scopes.push(Vec::new());
        for p in params {
            self.declare(*p);
        }
        // `break`/`continue` inside the body cannot leave a loop around the lambda.
        let depths = (self.loop_depth, self.switch_depth);
        (self.loop_depth, self.switch_depth) = (0, 0);
        let ret = match body {
            LambdaBody::Expr(x) => self.infer_expr(x, None),
            LambdaBody::Block(b) => {
                self.infer_stmt(b);
                None.or_else(|| self.lambda_frames.last()?.ret.clone())
                    .map_or(Ty::Void, |(t, _)| t)
            }
        };
        (self.loop_depth, self.switch_depth) = depths;
        self.scopes.pop();
        let frame = self.lambda_frames.pop();
        let captures = frame.map(|f| f.captures).unwrap_or_default();
        let Some(owner) = self.owner else {
            self.error(
                "E4001",
                "lambda expressions outside functions are not supported yet",
                self.range(e),
            );
            return Ty::Unknown;
        };
        let declared = lower::fn_data(self.db, owner).generics.clone();
        let owner_args = self.sig.map_or_else(Vec::new, |s| {
            s.generics
                .iter()
                .map(|g| {
                    let is_value = declared
                        .get(g.index as usize)
                        .is_some_and(|d| matches!(d.kind, GenericParamKind::Value { .. }));
                    if is_value {
                        GenericArg::Value(Len::Param(g.clone()))
                    } else {
                        GenericArg::Type(Ty::Param(g.clone()))
                    }
                })
                .collect()
        });
        let ty = Arc::new(LambdaTy {
            owner,
            expr: e,
            params: param_tys,
            ret,
            owner_args,
        });
        self.result.lambdas.insert(
            e,
            LambdaInfo {
                params: params.to_vec(),
                this_ty: captures
                    .contains(&Capture::This)
                    .then(|| self.resolver.self_ctx.as_ref().map(|c| c.ty.clone()))
                    .flatten(),
                captures,
                ty: ty.clone(),
            },
        );
        Ty::Lambda(ty)
    }

    /// `return v;` inside a lambda's block: the first one gives the lambda's result type and
    /// the others must return the same type (slangc E30111).
    fn infer_lambda_return(&mut self, value: Option<ExprId>, range: TextRange) {
        let (ty, at) = match value {
            Some(v) => (self.infer_expr(v, None), self.range(v)),
            None => (Ty::Void, range),
        };
        let Some(frame) = self.lambda_frames.last_mut() else {
            return;
        };
        let first = match &frame.ret {
            None => {
                frame.ret = Some((ty, at));
                return;
            }
            Some((first, _)) => first.clone(),
        };
        if first != ty && !first.has_unknown() && !ty.has_unknown() {
            let msg = format!(
                "returned values must have the same type among all `return` statements inside a lambda expression: returned `{}` here, but `{}` previously",
                self.display(&ty),
                self.display(&first)
            );
            self.error("E2013", msg, range);
        }
    }

    fn infer_path(&mut self, e: ExprId, path: &PathRef) -> Ty {
        let range = self.range(e);
        if path.segments.len() == 1 && path.segments[0].args.is_none() {
            let name = &path.segments[0].name;
            if let Some((local, depth)) = self.lookup_local_depth(name) {
                self.note_capture(Capture::Local(local), depth);
                self.result.resolutions.insert(e, ExprRes::Local(local));
                return self.result.local_ty(local);
            }
            if let Some(sig) = self.sig
                && let Some(i) = sig.params.iter().position(|p| &p.name == name)
            {
                self.note_capture(Capture::Param(i as u32), 0);
                self.result.resolutions.insert(e, ExprRes::Param(i as u32));
                return sig.params[i].ty.clone();
            }
        }
        let mut diags = Vec::new();
        let res = self.resolver.resolve_path(path, &mut diags);
        self.result.diags.extend(diags);
        match res {
            None => {
                let name = resolve::path_text(path);
                if is_printf(&name) || is_make_tuple(&name) {
                    return Ty::Unknown;
                }
                // Inside a blanket extension (`extension<T : IFoo> T`), requirements of the
                // constraints are members of `this`.
                if path.segments.len() == 1
                    && let Some(ctx) = self.resolver.self_ctx.clone()
                    && matches!(ctx.ty, Ty::Param(_) | Ty::This)
                    && !resolve::lookup_member_items(self.db, self.file, &ctx.ty, &name).is_empty()
                {
                    return self.member_of(e, &ctx.ty, &path.last_name(), path.range(), true);
                }
                self.error(
                    "E2001",
                    format!(
                        "undefined identifier '{name}'. Declare `{name}` before its use, or check the spelling"
                    ),
                    range,
                );
                Ty::Unknown
            }
            Some(Resolution::ImplicitMember) => {
                let Some(ctx) = self.resolver.self_ctx.clone() else {
                    return Ty::Unknown;
                };
                if !self.sig.is_some_and(|s| s.is_static) {
                    self.note_capture(Capture::This, 0);
                }
                self.member_of(e, &ctx.ty, &path.last_name(), path.range(), true)
            }
            Some(res) => self.apply_resolution(e, res, path),
        }
    }

    fn apply_resolution(&mut self, e: ExprId, res: Resolution, path: &PathRef) -> Ty {
        match res {
            Resolution::Type(ty) => {
                self.result.resolutions.insert(e, ExprRes::Type(ty.clone()));
                self.type_exprs.insert(e, ty);
                Ty::Unknown
            }
            Resolution::Functions(funcs) => {
                if let Some(f) = funcs.first() {
                    self.result.resolutions.insert(e, ExprRes::Function(*f));
                }
                let this = self.implicit_this_for(&funcs);
                if this.is_some() && !self.sig.is_some_and(|s| s.is_static) {
                    self.note_capture(Capture::This, 0);
                }
                self.fn_exprs.insert(e, (funcs.clone(), this));
                funcs.first().map_or(Ty::Unknown, |f| Ty::Func(*f))
            }
            Resolution::Global(g) => {
                self.result.resolutions.insert(e, ExprRes::Global(g));
                global_ty(self.db, g)
            }
            Resolution::GenericValue(_) => Ty::INT,
            Resolution::Namespace(_) => {
                self.result.resolutions.insert(e, ExprRes::Namespace);
                Ty::Unknown
            }
            Resolution::EnumCase(d, i) => {
                self.result.resolutions.insert(e, ExprRes::EnumCase(d, i));
                Ty::Adt(d, Arc::from([]))
            }
            Resolution::ImplicitMember => Ty::Unknown,
            Resolution::Inaccessible(_) => {
                self.error(
                    "E2026",
                    format!(
                        "`{}` is not public in its module: declare it `public` to use it here",
                        path.last_name()
                    ),
                    path.range(),
                );
                Ty::Unknown
            }
        }
    }

    /// `Type.method` (the base names a type), as opposed to `value.method`.
    fn is_type_qualified(&self, e: ExprId) -> bool {
        match &self.body.exprs[e] {
            Expr::Field { base, .. } => self.type_exprs.contains_key(base),
            _ => false,
        }
    }

    /// Methods named without `this.` inside a type get the enclosing type as `this`.
    fn implicit_this_for(&self, funcs: &[FunctionId]) -> Option<Ty> {
        let ctx = self.resolver.self_ctx.as_ref()?;
        funcs
            .iter()
            .any(|f| lower::fn_data(self.db, *f).in_type)
            .then(|| ctx.ty.clone())
    }

    fn infer_field(
        &mut self,
        e: ExprId,
        base: ExprId,
        name: &SmolStr,
        name_range: TextRange,
    ) -> Ty {
        let base_ty = self.infer_expr(base, None);
        if let Some(ty) = self.type_exprs.get(&base).cloned() {
            // `Type.member`: static member, nested type, enum case.
            return match self.resolver.static_member(&ty, name) {
                Some(res) => {
                    let path = PathRef::single(name.clone(), name_range);
                    let is_fn = matches!(res, Resolution::Functions(_));
                    let out = self.apply_resolution(e, res, &path);
                    // `Type.method`: `This` in the callee's signature is that type.
                    if is_fn && let Some(entry) = self.fn_exprs.get_mut(&e) {
                        entry.1 = Some(ty.clone());
                    }
                    out
                }
                None => {
                    if ty.has_unknown() {
                        return Ty::Unknown;
                    }
                    let msg = format!(
                        "'{name}' is not a member of 'typeof({})'. type `{}` has no member `{name}`: check the spelling",
                        crate::slangc_type_text(self.db, &ty),
                        self.display(&ty)
                    );
                    self.error("E2003", msg, name_range);
                    Ty::Unknown
                }
            };
        }
        if matches!(self.result.resolutions.get(&base), Some(ExprRes::Namespace))
            && let Some(p) = expr_as_path(self.body, base)
        {
            let mut full = p;
            full.segments.push(crate::data::PathSegRef {
                name: name.clone(),
                args: None,
                range: name_range,
            });
            return self.infer_path(e, &full);
        }
        self.member_of(e, &base_ty, name, name_range, false)
    }

    /// Instance member access `value.name` (or implicit `this.name`).
    fn member_of(
        &mut self,
        e: ExprId,
        base_ty: &Ty,
        name: &SmolStr,
        name_range: TextRange,
        implicit: bool,
    ) -> Ty {
        let ty = self.normalize(base_ty);
        if ty.has_unknown() {
            return Ty::Unknown;
        }
        // `ConstantBuffer<T>` and `ParameterBlock<T>` give access to the members of `T`.
        if let Ty::Adt(d, args) = &ty
            && matches!(
                d.loc(self.db).name().as_str(),
                "ConstantBuffer" | "ParameterBlock"
            )
            && let [GenericArg::Type(inner)] = &args[..]
        {
            let inner = inner.clone();
            return self.member_of(e, &inner, name, name_range, implicit);
        }
        // Swizzles on scalars and vectors.
        let swizzle_like = !name.is_empty() && name.chars().all(|c| "xyzwrgba".contains(c));
        if let Some(k) = ty.scalar_kind()
            && matches!(ty, Ty::Scalar(_) | Ty::Vector(..))
            && (swizzle_like
                || resolve::lookup_member_items(self.db, self.file, &ty, name).is_empty())
        {
            let len = match &ty {
                Ty::Vector(_, Len::Known(n)) => *n,
                Ty::Vector(..) => 4,
                _ => 1,
            };
            return match swizzle_indices(name, len) {
                Ok(idx) if idx.len() == 1 => Ty::Scalar(k),
                Ok(idx) => Ty::vector(k, idx.len() as u32),
                Err(msg) => {
                    let msg = format!("invalid swizzle `{name}` on `{}`: {msg}", self.display(&ty));
                    self.error("E2011", msg, name_range);
                    Ty::Unknown
                }
            };
        }
        if let Ty::Matrix(elem, _, c) = &ty
            && let Some(count) = matrix_swizzle_len(name)
        {
            let _ = c;
            return if count == 1 {
                (**elem).clone()
            } else {
                Ty::Vector(elem.clone(), Len::Known(count))
            };
        }
        if matches!(ty, Ty::Array(..)) && name == "getCount" {
            return Ty::Unknown;
        }
        if let Ty::Tuple(items) = &ty
            && let Some(i) = name.strip_prefix('_').and_then(|n| n.parse::<usize>().ok())
            && let Some(t) = items.get(i)
        {
            return t.clone();
        }
        // Struct fields: the type's own, then those inherited from base structs (`struct B : A`,
        // read through the hidden base field). A `private` field is private to the struct that
        // declares it, so a derived struct's methods cannot reach a base's private field (slangc
        // E30600); `internal` (the default) and `public` fields are inherited as they are.
        for owner in std::iter::once(ty.clone()).chain(resolve::struct_base_chain(self.db, &ty)) {
            let Ty::Adt(decl, args) = &owner else {
                continue;
            };
            let data = lower::type_decl_data(self.db, *decl);
            let Some(i) = data.fields.iter().position(|f| &f.name == name) else {
                continue;
            };
            if data.fields[i].modifiers.visibility == Some(crate::data::Visibility::Private) {
                self.check_private_access(*decl, name, name_range);
            }
            self.result
                .resolutions
                .insert(e, ExprRes::Field(*decl, i as u32));
            let fty = field_types(self.db, *decl)
                .get(i)
                .cloned()
                .unwrap_or(Ty::Unknown);
            let subst = type_args_subst(self.db, *decl, args);
            return fty
                .subst(&|p| resolve::subst_lookup(&subst, &p))
                .subst_this(&owner);
        }
        // Members of `S.Differential` are synthesised; other associated types have the members
        // of their constraints (`associatedtype Element : IScalar`).
        if let Ty::Assoc(base, assoc) = &ty
            && (assoc == "Differential"
                || resolve::lookup_member_items(self.db, self.file, &ty, name).is_empty())
        {
            return self.synthesized_member(e, base, assoc, name, name_range);
        }
        let items = resolve::lookup_member_items(self.db, self.file, &ty, name);
        let funcs: Vec<FunctionId> = items
            .iter()
            .filter_map(|d| match d {
                ItemDef::Function(f) => Some(*f),
                _ => None,
            })
            .collect();
        if !funcs.is_empty() {
            if funcs.iter().all(|f| {
                lower::fn_data(self.db, *f).modifiers.visibility
                    == Some(crate::data::Visibility::Private)
            }) && let Some(parent) = funcs[0].loc(self.db).parent()
                && matches!(
                    parent.kind(),
                    Some(ItemKind::Struct | ItemKind::Interface | ItemKind::Enum)
                )
            {
                self.check_private_access(TypeDeclId::new(self.db, parent), name, name_range);
            }
            self.result
                .resolutions
                .insert(e, ExprRes::Function(funcs[0]));
            self.fn_exprs.insert(e, (funcs.clone(), Some(ty.clone())));
            return Ty::Func(funcs[0]);
        }
        match items.first() {
            Some(ItemDef::Property(p)) => {
                self.result.resolutions.insert(e, ExprRes::Property(*p));
                let pty = property_ty(self.db, *p);
                let subst = resolve::member_subst(self.db, self.file, p.loc(self.db), &ty);
                return self.normalize(
                    &pty.subst(&|q| resolve::subst_lookup(&subst, &q))
                        .subst_this(&ty),
                );
            }
            Some(ItemDef::Global(g)) => {
                self.result.resolutions.insert(e, ExprRes::Global(*g));
                return global_ty(self.db, *g);
            }
            Some(ItemDef::Alias(_) | ItemDef::TypeDecl(_)) => {
                if let Some(res) = self.resolver.static_member(&ty, name) {
                    let path = PathRef::single(name.clone(), name_range);
                    return self.apply_resolution(e, res, &path);
                }
            }
            _ => {}
        }
        if matches!(ty, Ty::Param(_) | Ty::Assoc(..) | Ty::This) {
            // Requirements of constraints were searched; an unknown member of a generic value is
            // an error only when it has constraints that were found.
            let msg = format!(
                "type `{}` has no member `{name}`: add a constraint that declares it",
                self.display(&ty)
            );
            self.error("E2003", msg, name_range);
            return Ty::Unknown;
        }
        let _ = implicit;
        let msg = format!(
            "'{name}' is not a member of '{}'. type `{}` has no member `{name}`: check the spelling",
            crate::slangc_type_text(self.db, &ty),
            self.display(&ty)
        );
        self.error("E2003", msg, name_range);
        Ty::Unknown
    }

    /// Members of an associated type that is not declared: `S.Differential` of a struct whose
    /// `IDifferentiable` conformance is synthesised has the differentiable fields of `S`, each of
    /// its field type's `Differential`. Other symbolic associated types are checked when the
    /// autodiff layer synthesises them.
    fn synthesized_member(
        &mut self,
        e: ExprId,
        base: &Ty,
        assoc: &str,
        name: &SmolStr,
        name_range: TextRange,
    ) -> Ty {
        let Ty::Adt(decl, args) = base else {
            return Ty::Unknown;
        };
        let data = lower::type_decl_data(self.db, *decl);
        if assoc != "Differential" || data.kind != TypeDeclKind::Struct {
            return Ty::Unknown;
        }
        match data
            .fields
            .iter()
            .position(|f| &f.name == name && !f.modifiers.no_diff)
        {
            Some(i) => {
                self.result
                    .resolutions
                    .insert(e, ExprRes::Field(*decl, i as u32));
                let fty = field_types(self.db, *decl)
                    .get(i)
                    .cloned()
                    .unwrap_or(Ty::Unknown);
                let subst = type_args_subst(self.db, *decl, args);
                let fty = fty.subst(&|p| resolve::subst_lookup(&subst, &p));
                self.normalize(&Ty::Assoc(Arc::new(fty), "Differential".into()))
            }
            // A derivative field of a differentiable base struct (`struct B : A,
            // IDifferentiable`), held in the differential's base part.
            None if crate::differential::struct_differential(self.db, *decl)
                .base
                .is_some()
                && let Some(base_ty) = resolve::struct_base(self.db, base)
                && !self.normalize(&base_ty).has_unknown() =>
            {
                let base_diff = crate::differential::differential_of(self.db, self.file, &base_ty);
                self.member_of(e, &base_diff, name, name_range, false)
            }
            None => {
                let msg = format!(
                    "`{}.Differential` has no member `{name}`: only differentiable fields (not `no_diff`) have derivatives",
                    data.name
                );
                self.error("E2003", msg, name_range);
                Ty::Unknown
            }
        }
    }

    /// `private` members are only visible inside their own type's body.
    fn check_private_access(&mut self, owner: TypeDeclId, name: &SmolStr, range: TextRange) {
        let inside = self
            .resolver
            .self_ctx
            .as_ref()
            .is_some_and(|ctx| ctx.decl == Some(owner));
        if !inside {
            let type_name = owner.loc(self.db).name();
            self.error(
                "E2026",
                format!("`{name}` is private to `{type_name}`: use it from `{type_name}`'s own methods, or drop `private`"),
                range,
            );
        }
    }

    fn infer_index(&mut self, base: ExprId, index: ExprId) -> Ty {
        let bt = self.infer_expr(base, None);
        let it = self.infer_expr(index, Some(&Ty::INT));
        let bt = self.normalize(&bt);
        let it = self.normalize(&it);
        // A float index converts (slangc warns); anything but a scalar is an error.
        if !it.has_unknown()
            && !matches!(it, Ty::Scalar(_) | Ty::Param(_) | Ty::Assoc(..))
            && matches!(bt, Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..))
        {
            let msg = format!("an index must be an integer, found `{}`", self.display(&it));
            self.error("E2021", msg, self.range(index));
        }
        match &bt {
            Ty::Unknown => Ty::Unknown,
            Ty::Array(elem, _) => (**elem).clone(),
            Ty::Vector(elem, _) => (**elem).clone(),
            Ty::Matrix(elem, _, c) => Ty::Vector(elem.clone(), c.clone()),
            // A subscript requirement of a constraint (`A : IArray<float>`), else not known.
            Ty::Param(_) | Ty::Assoc(..) | Ty::This => {
                self.subscript_of(&bt).map_or(Ty::Unknown, |(_, ret)| ret)
            }
            _ => match self.subscript_of(&bt) {
                Some((_, ret)) => ret,
                None => {
                    let msg = format!("cannot index a value of type `{}`", self.display(&bt));
                    self.error("E2021", msg, self.range(base));
                    Ty::Unknown
                }
            },
        }
    }

    /// The subscript of a type (first declared), with its return type substituted.
    fn subscript_of(&self, ty: &Ty) -> Option<(SubscriptId, Ty)> {
        let items = resolve::lookup_member_items(self.db, self.file, ty, "__subscript");
        let sub = items.iter().find_map(|d| match d {
            ItemDef::Subscript(s) => Some(*s),
            _ => None,
        })?;
        let (_, ret) = subscript_sig(self.db, sub);
        let subst = resolve::member_subst(self.db, self.file, sub.loc(self.db), ty);
        Some((
            sub,
            self.normalize(
                &ret.subst(&|p| resolve::subst_lookup(&subst, &p))
                    .subst_this(ty),
            ),
        ))
    }

    fn infer_binary(&mut self, e: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> Ty {
        // A left-nested chain (`a + b + c ...`, thousands of operators long in generated code)
        // is typed bottom-up in a loop, so the stack does not grow with its length.
        let mut spine = Vec::new();
        let mut leftmost = lhs;
        while let Expr::Binary { op, lhs, rhs } = self.body.exprs[leftmost] {
            spine.push((leftmost, op, lhs, rhs));
            leftmost = lhs;
        }
        let mut lt = self.infer_expr(leftmost, None);
        for (x, x_op, x_lhs, x_rhs) in spine.into_iter().rev() {
            let t = self.infer_binary_after_lhs(x, x_op, x_lhs, x_rhs, lt);
            lt = self.set_ty(x, t);
        }
        self.infer_binary_after_lhs(e, op, lhs, rhs, lt)
    }

    /// `infer_binary` once the left operand's type `lt` is known.
    fn infer_binary_after_lhs(
        &mut self,
        e: ExprId,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
        lt: Ty,
    ) -> Ty {
        let range = self.range(e);
        // `opt == none` / `opt != none` test an Optional's hasValue; `none` takes its type.
        let is_none = |x: ExprId| matches!(self.body.exprs[x], Expr::Literal(Literal::None));
        if matches!(op, BinaryOp::Eq | BinaryOp::Ne)
            && is_none(rhs)
            && self.unwrap_optional(&self.normalize(&lt)).is_some()
        {
            self.infer_expr(rhs, Some(&lt));
            return Ty::BOOL;
        }
        let rt = self.infer_expr(rhs, None);
        if op == BinaryOp::Comma {
            return rt;
        }
        let (ln, rn) = (self.normalize(&lt), self.normalize(&rt));
        if ln.is_numeric_shape() && rn.is_numeric_shape() {
            return self.binary_result(op, &ln, &rn, self.op_range(e, lhs, rhs));
        }
        if ln.has_unknown() || rn.has_unknown() {
            return if op.is_comparison() || matches!(op, BinaryOp::And | BinaryOp::Or) {
                Ty::BOOL
            } else {
                Ty::Unknown
            };
        }
        // Enums compare with each other and combine as flags.
        let is_enum = |t: &Ty| matches!(t, Ty::Adt(d, _) if lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum);
        if is_enum(&ln) && (ln == rn || rn.is_numeric_shape())
            || is_enum(&rn) && ln.is_numeric_shape()
        {
            if op.is_comparison() {
                return Ty::BOOL;
            }
            if op.is_bitwise() {
                return if is_enum(&ln) { ln } else { rn };
            }
        }
        // User-defined operators: `operator+` functions in scope.
        let op_name = format!("operator{}", op.text());
        let funcs = match self.resolver.resolve_name(&op_name) {
            Some(Resolution::Functions(fs)) => fs,
            _ => Vec::new(),
        };
        let mut member_ops = resolve::lookup_member_items(self.db, self.file, &ln, &op_name);
        member_ops.retain(|d| matches!(d, ItemDef::Function(_)));
        let mut cands: Vec<Candidate> = funcs
            .into_iter()
            .map(|func| Candidate {
                func,
                outer: Vec::new(),
                this_ty: None,
                derivative: Vec::new(),
            })
            .collect();
        for m in member_ops {
            if let ItemDef::Function(f) = m {
                let outer = resolve::member_subst(self.db, self.file, f.loc(self.db), &ln);
                cands.push(Candidate {
                    func: f,
                    outer,
                    this_ty: Some(ln.clone()),
                    derivative: Vec::new(),
                });
            }
        }
        let arg_tys = vec![lt.clone(), rt.clone()];
        // `x.a + y.a` on generic operands inside a generic `operator+` of a struct: no user
        // operator takes them, so the constraint's builtin operator applies.
        let builtin = self.generic_operand_result(op, &ln, &rn);
        if builtin.is_some()
            && !cands
                .iter()
                .any(|c| self.try_candidate(c, None, &arg_tys).is_ok())
        {
            cands.clear();
        }
        if !cands.is_empty() {
            if let Some((chosen, ret)) =
                self.pick_overload(&cands, None, &[lhs, rhs], &arg_tys, range, &op_name, true)
            {
                self.record_call(e, chosen);
                return ret;
            }
            if let Some(ty) = self.generic_operand_result(op, &ln, &rn) {
                return ty;
            }
            // `pick_overload` reported the error.
            return Ty::Unknown;
        }
        if let Some(ty) = self.generic_operand_result(op, &ln, &rn) {
            return ty;
        }
        let msg = format!(
            "operator `{}` cannot be applied to `{}` and `{}`",
            op.text(),
            self.display(&ln),
            self.display(&rn)
        );
        self.error("E2005", msg, self.op_range(e, lhs, rhs));
        Ty::Unknown
    }

    /// Operators on generic values (`T : IArithmetic`) are checked through their constraints
    /// when specialised; here the result takes the operand's type.
    fn generic_operand_result(&self, op: BinaryOp, l: &Ty, r: &Ty) -> Option<Ty> {
        let generic = |t: &Ty| matches!(t, Ty::Param(_) | Ty::Assoc(..) | Ty::This);
        // `vector<T, N> / T`: a vector or matrix of a generic element with a scalar of it keeps
        // the vector's shape (the scalar is broadcast, as for concrete element types).
        let generic_shape =
            |t: &Ty| matches!(t, Ty::Vector(e, _) | Ty::Matrix(e, ..) if generic(e));
        let shaped = if generic_shape(l) && (generic(r) || r.is_numeric_shape()) {
            Some(l)
        } else if generic_shape(r) && (generic(l) || l.is_numeric_shape()) {
            Some(r)
        } else {
            None
        };
        if let Some(shape) = shaped {
            if op.is_comparison() || matches!(op, BinaryOp::And | BinaryOp::Or) {
                return Some(shape.with_scalar(ScalarKind::Bool));
            }
            return Some(shape.clone());
        }
        if !(generic(l) || generic(r)) {
            return None;
        }
        if op.is_comparison() || matches!(op, BinaryOp::And | BinaryOp::Or) {
            return Some(Ty::BOOL);
        }
        Some(if generic(l) { l.clone() } else { r.clone() })
    }

    /// The range of a binary operator token (as slangc reports it).
    fn op_range(&self, e: ExprId, _lhs: ExprId, _rhs: ExprId) -> TextRange {
        self.body.anchor(e)
    }

    /// Builtin operators on scalars, vectors and matrices, with HLSL's promotions.
    fn binary_result(&mut self, op: BinaryOp, l: &Ty, r: &Ty, range: TextRange) -> Ty {
        let (l, r) = (self.normalize(l), self.normalize(r));
        if l.has_unknown() || r.has_unknown() {
            return if op.is_comparison() { Ty::BOOL } else { l };
        }
        if !(l.is_numeric_shape() && r.is_numeric_shape()) {
            if let Some(t) = self.generic_operand_result(op, &l, &r) {
                return t;
            }
            let msg = format!(
                "operator `{}` cannot be applied to `{}` and `{}`",
                op.text(),
                self.display(&l),
                self.display(&r)
            );
            self.error("E2005", msg, range);
            return Ty::Unknown;
        }
        let (lk, rk) = (
            l.scalar_kind().unwrap_or(ScalarKind::Int),
            r.scalar_kind().unwrap_or(ScalarKind::Int),
        );
        let shape = match (&l, &r) {
            (Ty::Scalar(_), other) | (other, Ty::Scalar(_)) => Some(other.clone()),
            (Ty::Vector(_, n), Ty::Vector(_, m)) if n == m => Some(l.clone()),
            (Ty::Vector(_, Len::Known(1)), other) | (other, Ty::Vector(_, Len::Known(1))) => {
                Some(other.clone())
            }
            (Ty::Matrix(_, a, b), Ty::Matrix(_, c, d)) if a == c && b == d => Some(l.clone()),
            _ => None,
        };
        let Some(shape) = shape else {
            let msg = format!(
                "operator `{}` cannot be applied to `{}` and `{}`: the shapes differ",
                op.text(),
                self.display(&l),
                self.display(&r)
            );
            self.error("E2005", msg, range);
            return Ty::Unknown;
        };
        let common = if lk >= rk { lk } else { rk };
        let common = if common == ScalarKind::Bool
            && !matches!(
                op,
                BinaryOp::And
                    | BinaryOp::Or
                    | BinaryOp::Eq
                    | BinaryOp::Ne
                    | BinaryOp::BitAnd
                    | BinaryOp::BitOr
                    | BinaryOp::BitXor
            ) {
            ScalarKind::Int
        } else {
            common
        };
        if op.is_bitwise() && (lk.is_float() || rk.is_float()) {
            let msg = format!(
                "operator `{}` needs integer operands, found `{}` and `{}`",
                op.text(),
                self.display(&l),
                self.display(&r)
            );
            self.error("E2005", msg, range);
            return Ty::Unknown;
        }
        match op {
            _ if op.is_comparison() => shape.with_scalar(ScalarKind::Bool),
            BinaryOp::And | BinaryOp::Or => shape.with_scalar(ScalarKind::Bool),
            BinaryOp::Shl | BinaryOp::Shr => l.clone(),
            _ => shape.with_scalar(common),
        }
    }

    /// The instance fields a memberwise construction (`S(a, b)`, `S s = {a, b}`) takes, in order:
    /// those of the base structs first, outermost first (slangc's synthesised `__init` of
    /// `struct B : A` takes `A`'s fields, then `B`'s).
    fn memberwise_field_tys(&self, ty: &Ty) -> Vec<Ty> {
        let mut owners = resolve::struct_base_chain(self.db, ty);
        owners.reverse();
        owners.push(ty.clone());
        let mut out = Vec::new();
        for owner in &owners {
            let Ty::Adt(decl, args) = owner else {
                continue;
            };
            let data = lower::type_decl_data(self.db, *decl);
            let subst = type_args_subst(self.db, *decl, args);
            out.extend(
                data.fields
                    .iter()
                    .zip(field_types(self.db, *decl).iter())
                    .filter(|(f, _)| !f.modifiers.is_static)
                    .map(|(_, t)| t.subst(&|p| resolve::subst_lookup(&subst, &p))),
            );
        }
        out
    }

    fn infer_init_list(&mut self, items: &[ExprId], expected: Option<&Ty>, range: TextRange) -> Ty {
        let Some(expected) = expected.map(|t| self.normalize(t)) else {
            for item in items {
                self.infer_expr(*item, None);
            }
            return Ty::Unknown;
        };
        let (elem_tys, what): (Vec<Ty>, &str) = match &expected {
            Ty::Array(elem, len) => {
                let n = match len {
                    Len::Known(n) => *n as usize,
                    _ => items.len(),
                };
                (vec![(**elem).clone(); n], "array elements")
            }
            Ty::Adt(decl, _)
                if lower::type_decl_data(self.db, *decl).kind == TypeDeclKind::Struct =>
            {
                (self.memberwise_field_tys(&expected), "fields")
            }
            Ty::Vector(elem, Len::Known(n)) => (vec![(**elem).clone(); *n as usize], "components"),
            Ty::Matrix(elem, Len::Known(r), Len::Known(c)) => {
                // Rows or scalars: accept either by checking against rows when the count matches.
                if items.len() == *r as usize {
                    (
                        vec![Ty::Vector(elem.clone(), Len::Known(*c)); *r as usize],
                        "rows",
                    )
                } else {
                    (vec![(**elem).clone(); (*r * *c) as usize], "components")
                }
            }
            _ => {
                for item in items {
                    self.infer_expr(*item, None);
                }
                return expected.clone();
            }
        };
        for (i, item) in items.iter().enumerate() {
            let want = elem_tys.get(i).cloned();
            let got = self.infer_expr(*item, want.as_ref());
            if let Some(want) = want {
                self.check_convertible(&got, &want, self.range(*item));
            }
        }
        if items.len() > elem_tys.len() {
            let msg = format!(
                "too many initialisers: `{}` has {} {what} but {} values were given",
                self.display(&expected),
                elem_tys.len(),
                items.len()
            );
            self.error("E2022", msg, range);
        }
        expected
    }

    // ---- calls --------------------------------------------------------------------------

    fn infer_call(
        &mut self,
        e: ExprId,
        callee: ExprId,
        args: &[ExprId],
        expected: Option<&Ty>,
    ) -> Ty {
        // Call-level problems point at the `(`, as slangc reports them.
        let range = self.body.anchor(e);
        let callee_ty = self.infer_expr(callee, None);
        // Explicit generic arguments: `f<float>(x)`.
        let (target, explicit) = match &self.body.exprs[callee] {
            Expr::GenericApply { base, args } => (*base, Some(args.clone())),
            _ => (callee, None),
        };
        let callee_name = callee_display_name(self.body, target);
        let explicit: Option<Vec<GenericArg>> = explicit.map(|a| {
            let mut diags = Vec::new();
            let r = a
                .iter()
                .map(|x| self.explicit_generic_arg(x, &mut diags))
                .collect();
            self.result.diags.extend(diags);
            r
        });
        let _ = expected;
        if let Some(ty) = self.type_exprs.get(&callee).cloned() {
            let arg_tys: Vec<Ty> = args.iter().map(|a| self.infer_expr(*a, None)).collect();
            return self.construct(e, &ty, args, &arg_tys, range);
        }
        if let Some((funcs, kinds, explicit)) = self.diff_exprs.get(&callee).cloned() {
            let arg_tys: Vec<Ty> = args.iter().map(|a| self.infer_expr(*a, None)).collect();
            let this = self.diff_this.get(&callee).cloned();
            if funcs
                .iter()
                .any(|f| nested_derivative_sig(self.db, *f, &kinds).is_none())
            {
                return Ty::Unknown;
            }
            let cands: Vec<Candidate> = funcs
                .iter()
                .map(|f| Candidate {
                    func: *f,
                    outer: this.as_ref().map_or_else(Vec::new, |t| {
                        resolve::member_subst(self.db, self.file, f.loc(self.db), t)
                    }),
                    this_ty: this.clone(),
                    derivative: kinds.clone(),
                })
                .collect();
            let name = kinds.iter().fold(callee_name.clone(), |inner, kind| {
                let op = if *kind == DiffKind::Forward {
                    "fwd_diff"
                } else {
                    "bwd_diff"
                };
                format!("{op}({inner})")
            });
            return match self.pick_overload(
                &cands,
                explicit.as_deref(),
                args,
                &arg_tys,
                range,
                &name,
                false,
            ) {
                Some((chosen, ret)) => {
                    self.record_call(e, chosen);
                    ret
                }
                None => Ty::Unknown,
            };
        }
        // `array.getCount()` is built into arrays.
        if let Expr::Field { base, name, .. } = &self.body.exprs[target]
            && name == "getCount"
            && args.is_empty()
            && matches!(self.normalize(&self.result.expr_ty(*base)), Ty::Array(..))
        {
            return Ty::INT;
        }
        if let Some((funcs, this_ty)) = self.fn_exprs.get(&target).cloned() {
            let arg_tys: Vec<Ty> = args.iter().map(|a| self.infer_expr(*a, None)).collect();
            let cands: Vec<Candidate> = funcs
                .iter()
                .map(|f| {
                    let outer = match &this_ty {
                        Some(t) => resolve::member_subst(self.db, self.file, f.loc(self.db), t),
                        None => Vec::new(),
                    };
                    Candidate {
                        func: *f,
                        outer,
                        this_ty: this_ty.clone(),
                        derivative: Vec::new(),
                    }
                })
                .collect();
            return match self.pick_overload(
                &cands,
                explicit.as_deref(),
                args,
                &arg_tys,
                range,
                &callee_name,
                false,
            ) {
                Some((chosen, ret)) => {
                    self.record_call(e, chosen);
                    self.result
                        .resolutions
                        .insert(target, ExprRes::Function(chosen));
                    self.check_mutating_call(target, chosen, range);
                    ret
                }
                None => Ty::Unknown,
            };
        }
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.infer_expr(*a, None)).collect();
        if is_make_tuple(&callee_name) && matches!(self.body.exprs[callee], Expr::Path(_)) {
            return Ty::Tuple(arg_tys.into());
        }
        if is_printf(&callee_name) {
            return Ty::Void;
        }
        if callee_ty.has_unknown() {
            return Ty::Unknown;
        }
        if let Ty::Lambda(lambda) = self.normalize(&callee_ty) {
            return self.call_lambda(&lambda, args, &arg_tys, range, &callee_name);
        }
        if let Some(ret) = self.call_operator(e, callee, &callee_ty, args, &arg_tys, &callee_name) {
            return ret;
        }
        // At the `(`, with slangc's words (E30016) first.
        let ty = self.display(&callee_ty);
        let msg = format!(
            "no call operation found for type '{ty}': `{callee_name}` of type `{ty}` cannot be called (declare an `operator()` to call values of this type)"
        );
        self.error("E2008", msg, range);
        Ty::Unknown
    }

    /// `f(args)` where `f` is a lambda: its parameters take the arguments (lowering calls the
    /// lambda's `operator()`).
    fn call_lambda(
        &mut self,
        lambda: &LambdaTy,
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
        callee_name: &str,
    ) -> Ty {
        if args.len() != lambda.params.len() {
            let msg = format!(
                "`{callee_name}` takes {} argument(s) but {} were given",
                lambda.params.len(),
                args.len()
            );
            self.error("E2007", msg, range);
            return lambda.ret.clone();
        }
        for ((a, t), p) in args.iter().zip(arg_tys).zip(&lambda.params) {
            self.check_convertible(t, p, self.range(*a));
        }
        lambda.ret.clone()
    }

    /// `f(args)` on a value whose type declares `operator()` (a struct, a generic parameter
    /// constrained by `IFunc`): a method call with the callee as receiver. `None` when the type
    /// has no `operator()`.
    fn call_operator(
        &mut self,
        e: ExprId,
        callee: ExprId,
        callee_ty: &Ty,
        args: &[ExprId],
        arg_tys: &[Ty],
        callee_name: &str,
    ) -> Option<Ty> {
        let recv_ty = self.normalize(callee_ty);
        let ops: Vec<FunctionId> =
            resolve::lookup_member_items(self.db, self.file, &recv_ty, CALL_OPERATOR)
                .into_iter()
                .filter_map(|d| match d {
                    ItemDef::Function(f) => Some(f),
                    _ => None,
                })
                .collect();
        if ops.is_empty() {
            return None;
        }
        // On a generic parameter, `IFunc`'s requirement restates the inherited
        // `IMutatingFunc` one: the constraint's own interface (found first) decides.
        let is_requirement = |f: &FunctionId| {
            f.loc(self.db).parent().and_then(|p| p.kind()) == Some(ItemKind::Interface)
        };
        let ops: Vec<FunctionId> = if ops.iter().all(is_requirement) {
            let first = ops[0].loc(self.db).parent();
            ops.iter()
                .copied()
                .filter(|f| f.loc(self.db).parent() == first)
                .collect()
        } else {
            ops
        };
        let cands: Vec<Candidate> = ops
            .iter()
            .map(|f| Candidate {
                func: *f,
                outer: resolve::member_subst(self.db, self.file, f.loc(self.db), &recv_ty),
                this_ty: Some(recv_ty.clone()),
                derivative: Vec::new(),
            })
            .collect();
        let range = self.body.anchor(e);
        let Some((chosen, ret)) =
            self.pick_overload(&cands, None, args, arg_tys, range, callee_name, false)
        else {
            return Some(Ty::Unknown);
        };
        self.record_call(e, chosen);
        if lower::fn_data(self.db, chosen).is_mutating() {
            self.check_lvalue_slangc(
                callee,
                Some("mutating method '()' cannot be called on an immutable value.".into()),
                &format!("call the `[mutating] operator()` of `{callee_name}`"),
                range,
            );
        }
        Some(ret)
    }

    /// Calling a `[mutating]` method needs a mutable receiver.
    fn check_mutating_call(&mut self, callee: ExprId, func: FunctionId, call_anchor: TextRange) {
        let data = lower::fn_data(self.db, func);
        if !(data.is_mutating() && data.kind == FnKind::Method) {
            return;
        }
        match self.body.exprs[callee].clone() {
            Expr::Field { base, .. } => self.check_lvalue_slangc(
                base,
                Some(format!(
                    "mutating method '{}' cannot be called on an immutable value.",
                    data.name
                )),
                "call a `[mutating]` method on this value",
                call_anchor,
            ),
            // Implicit `this`.
            Expr::Path(_)
                if self
                    .sig
                    .is_some_and(|s| !s.is_mutating && s.is_member && !s.is_static) =>
            {
                self.error(
                    "E2025",
                    "cannot call a `[mutating]` method on `this` from a non-mutating method: mark this method `[mutating]`",
                    self.range(callee),
                );
            }
            _ => {}
        }
    }

    /// `T(args)`: constructors of builtin shapes, `__init`s of structs, and casts.
    fn construct(
        &mut self,
        e: ExprId,
        ty: &Ty,
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
    ) -> Ty {
        let ty = self.normalize(ty);
        if ty.has_unknown() {
            return Ty::Unknown;
        }
        if ty.is_numeric_shape() {
            if arg_tys.iter().any(Ty::has_unknown) {
                return ty;
            }
            if arg_tys.len() == 1 {
                // Conversion or splat.
                self.check_cast(&arg_tys[0], &ty, range);
                return ty;
            }
            let want = match &ty {
                Ty::Scalar(_) => 1,
                Ty::Vector(_, Len::Known(n)) => *n,
                Ty::Matrix(_, Len::Known(r), Len::Known(c)) => r * c,
                _ => return ty,
            };
            let mut have = 0u32;
            for (i, t) in arg_tys.iter().enumerate() {
                let t = self.normalize(t);
                match &t {
                    Ty::Scalar(_) => have += 1,
                    Ty::Vector(_, Len::Known(n)) => have += n,
                    Ty::Matrix(_, Len::Known(r), Len::Known(c)) => have += r * c,
                    Ty::Param(_) | Ty::Assoc(..) => return ty,
                    _ => {
                        let msg = format!(
                            "cannot use a value of type `{}` to construct `{}`",
                            self.display(&t),
                            self.display(&ty)
                        );
                        self.error("E2012", msg, self.range(args[i]));
                        return ty;
                    }
                }
            }
            if have != want {
                let msg = format!(
                    "`{}` needs {want} components but the arguments provide {have}",
                    self.display(&ty)
                );
                self.error("E2012", msg, range);
            }
            return ty;
        }
        // Structs and other declared types: `__init` overloads.
        let inits: Vec<FunctionId> =
            resolve::lookup_member_items(self.db, self.file, &ty, "__init")
                .into_iter()
                .filter_map(|d| match d {
                    ItemDef::Function(f) => Some(f),
                    _ => None,
                })
                .collect();
        if !inits.is_empty() {
            let cands: Vec<Candidate> = inits
                .iter()
                .map(|f| Candidate {
                    func: *f,
                    outer: resolve::member_subst(self.db, self.file, f.loc(self.db), &ty),
                    this_ty: Some(ty.clone()),
                    derivative: Vec::new(),
                })
                .collect();
            let name = self.display(&ty);
            if let Some((chosen, _)) =
                self.pick_overload(&cands, None, args, arg_tys, range, &name, false)
            {
                self.record_call(e, chosen);
            }
            return ty;
        }
        match &ty {
            Ty::Adt(decl, targs)
                if lower::type_decl_data(self.db, *decl).kind == TypeDeclKind::Struct =>
            {
                // Memberwise construction, or a single value of the same type.
                if arg_tys.len() == 1 && self.conversion_cost(&arg_tys[0], &ty).is_some() {
                    return ty;
                }
                let fields = self.memberwise_field_tys(&ty);
                if arg_tys.len() > fields.len() {
                    let msg = format!(
                        "`{}` has {} fields but {} arguments were given (declare an `__init` to take other arguments)",
                        self.display(&ty),
                        fields.len(),
                        arg_tys.len()
                    );
                    self.error("E2007", msg, range);
                    return ty;
                }
                for (i, t) in arg_tys.iter().enumerate() {
                    self.check_convertible(t, &fields[i], self.range(args[i]));
                }
                ty
            }
            _ => {
                if arg_tys.len() == 1 {
                    self.check_cast(&arg_tys[0], &ty, range);
                }
                ty
            }
        }
    }

    /// Overload resolution: the applicable candidate with the lowest conversion cost wins;
    /// non-generic beats generic on ties. Reports an error and returns `None` when nothing
    /// applies or the best is ambiguous.
    #[allow(clippy::too_many_arguments)]
    fn pick_overload(
        &mut self,
        cands: &[Candidate],
        explicit: Option<&[GenericArg]>,
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
        name: &str,
        is_operator: bool,
    ) -> Option<(FunctionId, Ty)> {
        let mut applicable: Vec<(usize, Applicable)> = Vec::new();
        let mut rejections: Vec<(usize, Box<Rejection>)> = Vec::new();
        for (i, cand) in cands.iter().enumerate() {
            match self.try_candidate(cand, explicit, arg_tys) {
                Ok(app) => applicable.push((i, app)),
                Err(rej) => rejections.push((i, rej)),
            }
        }
        if applicable.is_empty() {
            self.report_no_overload(cands, &rejections, args, arg_tys, range, name, is_operator);
            return None;
        }
        let rank = |a: &Applicable| {
            (
                a.cost,
                a.generic,
                std::cmp::Reverse(a.specificity),
                std::cmp::Reverse(a.pattern_shape),
            )
        };
        let best = applicable.iter().map(|(_, a)| rank(a)).min()?;
        let winners: Vec<&(usize, Applicable)> =
            applicable.iter().filter(|(_, a)| rank(a) == best).collect();
        // A prototype and its definition (or the same declaration seen twice) are one function:
        // prefer the one with a body.
        let same_signature = winners
            .iter()
            .all(|(i, _)| same_signature(self.db, cands[*i].func, cands[winners[0].0].func));
        let winners: Vec<&(usize, Applicable)> = if same_signature {
            let with_body = winners
                .iter()
                .copied()
                .find(|(i, _)| lower::fn_data(self.db, cands[*i].func).has_body);
            vec![with_body.unwrap_or(winners[0])]
        } else {
            winners
        };
        let (index, app) = winners[0];
        if winners.len() > 1 && !arg_tys.iter().any(Ty::has_unknown) {
            let sigs: Vec<String> = winners
                .iter()
                .map(|(i, _)| self.fn_display(cands[*i].func))
                .collect();
            let mut diag = Diag::error(
                "E2006",
                format!(
                    "call to `{name}` is ambiguous: {} candidates match equally well; convert an argument explicitly",
                    winners.len()
                ),
                range,
            );
            for ((i, _), sig) in winners.iter().zip(sigs) {
                let f = cands[*i].func;
                diag = diag.with_related(
                    Some(ItemDef::Function(f)),
                    lower::fn_data(self.db, f).name_range,
                    format!("candidate: {sig}"),
                );
            }
            self.result.diags.push(diag);
            self.last_generic_args = app.generic_args.clone();
            return Some((cands[*index].func, app.ret.clone()));
        }
        // Arguments of `out`/`inout` parameters must be assignable.
        for (i, p) in app.params.iter().enumerate() {
            if p.dir.writes()
                && let Some(arg) = args.get(i)
            {
                self.check_lvalue_slangc(
                    *arg,
                    Some(format!(
                        "argument passed to parameter '{i}' must be l-value."
                    )),
                    "pass this expression as an `out`/`inout` argument",
                    self.range(*arg),
                );
            }
        }
        // Re-infer init-list arguments against their parameter types.
        for (i, arg) in args.iter().enumerate() {
            if matches!(self.body.exprs[*arg], Expr::InitList(_))
                && let Some(p) = app.params.get(i)
            {
                self.infer_expr(*arg, Some(&p.ty));
            }
        }
        self.last_generic_args = app.generic_args.clone();
        Some((cands[*index].func, app.ret.clone()))
    }

    fn try_candidate(
        &self,
        cand: &Candidate,
        explicit: Option<&[GenericArg]>,
        arg_tys: &[Ty],
    ) -> Result<Applicable, Box<Rejection>> {
        let sig = match cand.derivative.first() {
            Some(_) => match nested_derivative_sig(self.db, cand.func, &cand.derivative) {
                Some(sig) => sig,
                None => return Err(Box::new(Rejection::Infer("this".into()))),
            },
            None => fn_sig(self.db, cand.func),
        };
        let required = sig.params.iter().filter(|p| !p.has_default).count();
        let too_many = arg_tys.len() > sig.params.len() && sig.variadic_from.is_none();
        let required = sig.variadic_from.map_or(required, |k| required.min(k));
        if arg_tys.len() < required || too_many {
            return Err(Box::new(Rejection::Arity {
                expected: sig.params.len(),
                required,
            }));
        }
        // An `expand` argument stands for several arguments: only a parameter pack takes it.
        if let Some(index) = arg_tys
            .iter()
            .position(|a| matches!(a, Ty::Expand(..)))
            .filter(|i| sig.variadic_from.is_none_or(|from| *i < from))
        {
            return Err(Box::new(Rejection::Arg {
                index,
                expected: sig.params.get(index).map_or(Ty::Unknown, |p| p.ty.clone()),
            }));
        }
        if let Some(explicit) = explicit
            && explicit.len() > sig.generics.len()
        {
            return Err(Box::new(Rejection::GenericArity {
                expected: sig.generics.len(),
                given: explicit.len(),
            }));
        }
        let outer = &cand.outer;
        let this_ty = cand.this_ty.clone();
        let prep = |t: &Ty| {
            let t = t.subst(&|p| resolve::subst_lookup(outer, &p));
            match &this_ty {
                Some(this) => t.subst_this(this),
                None => t,
            }
        };
        let mut params: Vec<ParamSig> = sig
            .params
            .iter()
            .map(|p| ParamSig {
                ty: prep(&p.ty),
                ..p.clone()
            })
            .collect();
        let mut ret = prep(&sig.ret);
        let mut binds: Vec<(GenericParamId, GenericArg)> = Vec::new();
        if !sig.generics.is_empty() {
            if let Some(explicit) = explicit {
                for (g, a) in sig.generics.iter().zip(explicit.iter()) {
                    binds.push((g.clone(), a.clone()));
                }
            }
            // Collect candidate bindings from the arguments.
            let mut cands_by_param: Vec<Vec<GenericArg>> = vec![Vec::new(); sig.generics.len()];
            // The arguments of a parameter pack bind the pack itself (below).
            let fixed = sig.variadic_from.unwrap_or(params.len());
            for (p, a) in params.iter().zip(arg_tys.iter()).take(fixed) {
                let mut a = self.normalize(a);
                // A derived struct passed for a base struct parameter (`f<T>(A<T> x)` given a
                // `struct B : A<float>`) binds through the base it converts to.
                if let Ty::Adt(want, _) = &p.ty
                    && !matches!(&a, Ty::Adt(d, _) if d == want)
                    && let Some(base) = resolve::struct_base_chain(self.db, &a)
                        .into_iter()
                        .find(|b| matches!(b, Ty::Adt(d, _) if d == want))
                {
                    a = base;
                }
                unify(&p.ty, &a, &sig.generics, &mut cands_by_param);
            }
            for (i, g) in sig.generics.iter().enumerate() {
                if resolve::subst_lookup(&binds, g).is_some() {
                    continue;
                }
                // A type pack stands for one type per argument of the parameter pack (an
                // `expand` argument adds the caller's elements): each must meet the pack's
                // constraints (`each T : IGetter`). With several packs the split of the
                // arguments is not inferred.
                if sig.generic_is_pack.get(i).copied().unwrap_or(false) {
                    let single_pack = sig.generic_is_pack.iter().filter(|p| **p).count() == 1;
                    let (true, Some(from)) = (single_pack, sig.variadic_from) else {
                        binds.push((g.clone(), GenericArg::Type(Ty::Unknown)));
                        continue;
                    };
                    let items: Arc<[Ty]> = arg_tys
                        .iter()
                        .skip(from)
                        .map(|a| self.normalize(a))
                        .collect();
                    for item in items.iter() {
                        let elem = match item {
                            Ty::Expand(pattern, _) => pattern,
                            t => t,
                        };
                        for iface in resolve::param_constraints(self.db, g) {
                            if !resolve::implements(self.db, self.file, elem, &iface) {
                                return Err(Box::new(Rejection::Constraint {
                                    param: g.name.clone(),
                                    arg: Ty::Pack(items.clone()),
                                    iface,
                                }));
                            }
                        }
                    }
                    binds.push((g.clone(), GenericArg::Type(Ty::Pack(items))));
                    continue;
                }
                let found = &cands_by_param[i];
                let bound = if sig.generic_is_value[i] {
                    let lens: Vec<&Len> = found
                        .iter()
                        .filter_map(|a| match a {
                            GenericArg::Value(l) => Some(l),
                            _ => None,
                        })
                        .collect();
                    match lens.first() {
                        Some(first) if lens.iter().all(|l| l == first) => {
                            Some(GenericArg::Value((*first).clone()))
                        }
                        _ => None,
                    }
                } else {
                    let tys: Vec<Ty> = found
                        .iter()
                        .filter_map(|a| match a {
                            GenericArg::Type(t) => Some(t.clone()),
                            _ => None,
                        })
                        .collect();
                    if tys.is_empty() {
                        None
                    } else {
                        self.join(&tys).map(GenericArg::Type)
                    }
                };
                match bound {
                    Some(b) => binds.push((g.clone(), b)),
                    None => match sig.generic_defaults.get(i).cloned().flatten() {
                        Some(default) => {
                            let default = default.subst(&|p| resolve::subst_lookup(&binds, &p));
                            binds.push((g.clone(), default));
                        }
                        None => return Err(Box::new(Rejection::Infer(g.name.clone()))),
                    },
                }
            }
            // Constraints. An integer argument of a function over floats converts to `float`
            // of the same shape (`sqrt(4)`), as Slang's overloads allow.
            for bind in &mut binds {
                let (g, GenericArg::Type(arg)) = bind.clone() else {
                    continue;
                };
                if matches!(arg, Ty::Pack(_)) {
                    // Checked element by element above.
                    continue;
                }
                for iface in resolve::param_constraints(self.db, &g) {
                    if resolve::implements(self.db, self.file, &arg, &iface) {
                        continue;
                    }
                    let as_float = arg.with_scalar(ScalarKind::Float);
                    let promotable =
                        arg.scalar_kind().is_some_and(|k| !k.is_float()) && arg.is_numeric_shape();
                    if promotable && resolve::implements(self.db, self.file, &as_float, &iface) {
                        bind.1 = GenericArg::Type(as_float.clone());
                        continue;
                    }
                    return Err(Box::new(Rejection::Constraint {
                        param: g.name.clone(),
                        arg: arg.clone(),
                        iface,
                    }));
                }
            }
            let apply = |t: &Ty| t.subst(&|p| resolve::subst_lookup(&binds, &p));
            for p in &mut params {
                p.ty = self.normalize(&apply(&p.ty));
            }
            ret = self.normalize(&apply(&ret));
        }
        let mut cost = 0u32;
        for (i, (p, a)) in params.iter().zip(arg_tys.iter()).enumerate() {
            if sig.variadic_from == Some(i) {
                // The pack takes this and every later argument.
                break;
            }
            match self.conversion_cost(a, &p.ty) {
                Some(c) => cost += c.0,
                None => {
                    return Err(Box::new(Rejection::Arg {
                        index: i,
                        expected: p.ty.clone(),
                    }));
                }
            }
        }
        let generic_args = outer
            .iter()
            .cloned()
            .chain(binds.into_iter().map(|(g, a)| match a {
                GenericArg::Type(t) => (g, GenericArg::Type(self.normalize(&t))),
                value => (g, value),
            }))
            .collect();
        Ok(Applicable {
            cost,
            ret: self.normalize(&ret),
            generic_args,
            params,
            generic: !sig.generics.is_empty(),
            specificity: sig.generics.len() as u32,
            pattern_shape: match sig.generics.is_empty() {
                true => 0,
                false => sig.params.iter().map(|p| pattern_shape(&p.ty)).sum(),
            },
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn report_no_overload(
        &mut self,
        cands: &[Candidate],
        rejections: &[(usize, Box<Rejection>)],
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
        name: &str,
        is_operator: bool,
    ) {
        if arg_tys.iter().any(Ty::has_unknown) {
            return;
        }
        if let [(i, rej)] = rejections {
            let func = cands[*i].func;
            let sig_text = match cands[*i].derivative.as_slice() {
                [kind] => crate::derivative_signature_text(self.db, func, *kind)
                    .unwrap_or_else(|| self.fn_display(func)),
                _ => self.fn_display(func),
            };
            let diag = match &**rej {
                Rejection::Arity { expected, required } => {
                    let want = if required == expected {
                        format!("{expected}")
                    } else {
                        format!("{required} to {expected}")
                    };
                    let got = arg_tys.len();
                    let slangc = if got > *expected {
                        format!("too many arguments to call (got {got}, expected {expected})")
                    } else {
                        format!("not enough arguments to call (got {got}, expected {required})")
                    };
                    Diag::error(
                        "E2007",
                        format!("{slangc}: `{name}` takes {want} argument(s) but {got} were given"),
                        range,
                    )
                }
                Rejection::Arg { index, expected } => Diag::error(
                    "E2004",
                    format!(
                        "expected an expression of type '{}', got '{}': argument {} of `{name}` has type `{}`, which does not convert to `{}`",
                        crate::slangc_type_text(self.db, expected),
                        crate::slangc_type_text(self.db, &arg_tys[*index]),
                        index + 1,
                        self.display(&arg_tys[*index]),
                        self.display(expected)
                    ),
                    args.get(*index).map_or(range, |a| self.range(*a)),
                ),
                Rejection::Infer(param) => Diag::error(
                    "E2023",
                    format!(
                        "cannot infer generic parameter `{param}` of `{name}`: give it explicitly (`{name}<...>(...)`)"
                    ),
                    range,
                ),
                Rejection::GenericArity { expected, given } => Diag::error(
                    "E2023",
                    format!(
                        "too many generic arguments for `{name}`: it takes {expected}, {given} given"
                    ),
                    range,
                ),
                Rejection::Constraint { param, arg, iface } => Diag::error(
                    "E2015",
                    format!(
                        "type argument '{}' does not conform to the required interface '{}': `{}` does not conform to `{}`, required by generic parameter `{param}` of `{name}`{}",
                        crate::slangc_type_text(self.db, arg),
                        crate::slangc_type_text(self.db, iface),
                        self.display(arg),
                        self.display(iface),
                        self.inherited_conformance_note(arg, iface)
                    ),
                    range,
                ),
            };
            let related_range = lower::fn_data(self.db, func).name_range;
            let what = if !cands[*i].derivative.is_empty() {
                "derivative of the function declared here"
            } else {
                "declared here"
            };
            self.result.diags.push(diag.with_related(
                Some(ItemDef::Function(func)),
                related_range,
                format!("{what}: {sig_text}"),
            ));
            return;
        }
        let shown: Vec<String> = arg_tys.iter().map(|t| self.display(t)).collect();
        let what = if is_operator {
            format!("operator `{}`", name.trim_start_matches("operator"))
        } else {
            format!("`{name}`")
        };
        let mut diag = Diag::error(
            "E2005",
            format!(
                "no overload of {what} takes arguments ({})",
                shown.join(", ")
            ),
            range,
        );
        for (i, _) in rejections.iter().take(8) {
            let f = cands[*i].func;
            let sig = self.fn_display(f);
            diag = diag.with_related(
                Some(ItemDef::Function(f)),
                lower::fn_data(self.db, f).name_range,
                format!("candidate: {sig}"),
            );
        }
        self.result.diags.push(diag);
    }

    fn fn_display(&self, f: FunctionId) -> String {
        crate::fn_signature_text(self.db, f)
    }

    // ---- l-values -----------------------------------------------------------------------

    fn check_lvalue(&mut self, e: ExprId, action: &str) {
        self.check_lvalue_at(e, action, self.range(e));
    }

    fn check_lvalue_at(&mut self, e: ExprId, action: &str, at: TextRange) {
        self.check_lvalue_slangc(e, None, action, at);
    }

    /// Like `check_lvalue_at`, with slangc's message for the same error first.
    fn check_lvalue_slangc(
        &mut self,
        e: ExprId,
        slangc: Option<String>,
        action: &str,
        at: TextRange,
    ) {
        if let Err((code, msg)) = self.lvalue(e) {
            let full = match slangc {
                Some(s) => format!("{s} cannot {action}: {msg}"),
                None => format!("cannot {action}: {msg}"),
            };
            self.error(code, full, at);
        }
    }

    fn lvalue(&self, e: ExprId) -> Result<(), (&'static str, String)> {
        match &self.body.exprs[e] {
            Expr::Path(_) => match self.result.resolutions.get(&e) {
                Some(ExprRes::Local(l)) if self.is_captured(Capture::Local(*l)) => Err((
                    "E2009",
                    format!(
                        "`{}` is captured by value by this lambda and is read-only inside it",
                        self.body.locals[*l].name
                    ),
                )),
                Some(ExprRes::Param(i)) if self.is_captured(Capture::Param(*i)) => Err((
                    "E2009",
                    format!(
                        "`{}` is captured by value by this lambda and is read-only inside it",
                        self.sig
                            .and_then(|s| s.params.get(*i as usize))
                            .map_or("this parameter", |p| p.name.as_str())
                    ),
                )),
                Some(ExprRes::Local(l)) => {
                    let local = &self.body.locals[*l];
                    if local.mutable {
                        Ok(())
                    } else {
                        Err((
                            "E2009",
                            format!(
                                "`{}` is immutable (declared with `let` or `const`); declare it with `var`",
                                local.name
                            ),
                        ))
                    }
                }
                Some(ExprRes::Param(_)) => Ok(()),
                Some(ExprRes::Global(g)) => {
                    let data = lower::global_data(self.db, *g);
                    if data.modifiers.is_const || data.is_let {
                        Err(("E2009", format!("`{}` is a constant", data.name)))
                    } else if data.modifiers.is_static
                        || data.modifiers.is_groupshared
                        || data.in_type
                    {
                        Ok(())
                    } else {
                        let is_resource = matches!(global_ty(self.db, *g), Ty::Adt(..));
                        if is_resource {
                            Ok(())
                        } else {
                            Err((
                                "E2009",
                                format!(
                                    "`{}` is a uniform shader parameter and is read-only; declare it `static` for a mutable global",
                                    data.name
                                ),
                            ))
                        }
                    }
                }
                Some(ExprRes::Field(..)) | Some(ExprRes::Property(_)) => self.this_mutable(),
                Some(ExprRes::Function(_))
                | Some(ExprRes::Type(_))
                | Some(ExprRes::EnumCase(..)) => {
                    Err(("E2009", "it does not name a variable".into()))
                }
                _ => Ok(()),
            },
            Expr::This => self.this_mutable(),
            Expr::Field { base, name, .. } => {
                let bt = self.normalize(&self.result.expr_ty(*base));
                if matches!(bt, Ty::Scalar(_) | Ty::Vector(..)) && bt.scalar_kind().is_some() {
                    let len = bt.vector_len().unwrap_or(1);
                    if let Ok(idx) = swizzle_indices(name, len) {
                        let mut seen = idx.clone();
                        seen.sort_unstable();
                        seen.dedup();
                        if seen.len() != idx.len() {
                            return Err((
                                "E2011",
                                format!("the swizzle `{name}` repeats a component"),
                            ));
                        }
                    }
                }
                if let Some(ExprRes::Property(p)) = self.result.resolutions.get(&e) {
                    let data = lower::property_data(self.db, *p);
                    if data.setter.is_none() && !data.declares_set {
                        return Err((
                            "E2009",
                            format!("property `{}` has no `set` accessor", data.name),
                        ));
                    }
                }
                if self.type_exprs.contains_key(base) {
                    return Ok(());
                }
                self.lvalue(*base)
            }
            Expr::Index { base, .. } => {
                let bt = self.normalize(&self.result.expr_ty(*base));
                match &bt {
                    Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..) => self.lvalue(*base),
                    Ty::Adt(..) => match self.subscript_of(&bt) {
                        Some((sub, _)) => {
                            let data = lower::subscript_data(self.db, sub);
                            if data.setter.is_some() || data.declares_set {
                                Ok(())
                            } else {
                                Err((
                                    "E2009",
                                    format!(
                                        "`{}` is read-only (its subscript has no `set`)",
                                        self.display(&bt)
                                    ),
                                ))
                            }
                        }
                        None => Ok(()),
                    },
                    _ => Ok(()),
                }
            }
            Expr::Missing => Ok(()),
            Expr::NoDiff(inner) => self.lvalue(*inner),
            _ => Err((
                "E2009",
                "it is not a variable, field, element or swizzle".into(),
            )),
        }
    }

    fn this_mutable(&self) -> Result<(), (&'static str, String)> {
        match self.sig {
            Some(sig) if sig.is_member && !sig.is_mutating && !sig.is_static => Err((
                "E2025",
                "`this` is immutable in a non-mutating method; mark the method `[mutating]`".into(),
            )),
            _ => Ok(()),
        }
    }
}

/// Whether two declarations have one signature: a prototype and its definition. Generic
/// parameters are compared by position (`T f<T>(T x);` and `T f<T>(T x) {..}` declare one
/// function, though each `T` belongs to its own declaration).
fn same_signature(db: &dyn Db, a: FunctionId, b: FunctionId) -> bool {
    let (sa, sb) = (fn_sig(db, a), fn_sig(db, b));
    if sa.generic_is_value != sb.generic_is_value || sa.generic_is_pack != sb.generic_is_pack {
        return false;
    }
    // `b`'s generic parameters renamed to `a`'s.
    let rename = |t: &Ty| {
        t.subst(&|p| {
            let i = sb.generics.iter().position(|g| *g == p)?;
            let own = sa.generics.get(i)?.clone();
            Some(if sa.generic_is_value[i] {
                GenericArg::Value(Len::Param(own))
            } else {
                GenericArg::Type(Ty::Param(own))
            })
        })
    };
    sa.ret == rename(&sb.ret)
        && sa.params.len() == sb.params.len()
        && sa
            .params
            .iter()
            .zip(sb.params.iter())
            .all(|(x, y)| x.ty == rename(&y.ty))
}

/// The leading keyword of an expression's range (`expand`, `each`, `countof`): where slangc
/// points its diagnostics.
fn keyword_range(range: TextRange, keyword: &str) -> TextRange {
    TextRange::new(
        range.start,
        (range.start + keyword.len() as u32).min(range.end),
    )
}

/// `a.b::c` written with dots and colons, as one path (namespaces reached through `.`).
fn expr_as_path(body: &Body, e: ExprId) -> Option<PathRef> {
    match &body.exprs[e] {
        Expr::Path(p) => Some(p.clone()),
        Expr::Field {
            base,
            name,
            name_range,
        } => {
            let mut p = expr_as_path(body, *base)?;
            p.segments.push(crate::data::PathSegRef {
                name: name.clone(),
                args: None,
                range: *name_range,
            });
            Some(p)
        }
        _ => None,
    }
}

fn callee_display_name(body: &Body, e: ExprId) -> String {
    match &body.exprs[e] {
        Expr::Path(p) => resolve::path_text(p),
        Expr::Field { name, .. } => name.to_string(),
        Expr::GenericApply { base, .. } => callee_display_name(body, *base),
        Expr::Diff { func, .. } => callee_display_name(body, *func),
        _ => "expression".into(),
    }
}

/// Generic parameter substitution for a struct's type arguments.
pub fn type_args_subst(
    db: &dyn Db,
    decl: TypeDeclId,
    args: &[GenericArg],
) -> Vec<(GenericParamId, GenericArg)> {
    let data = lower::type_decl_data(db, decl);
    data.generics
        .iter()
        .enumerate()
        .zip(args.iter())
        .map(|((i, g), a)| {
            (
                GenericParamId {
                    owner: GenericOwner::TypeDecl(decl),
                    index: i as u32,
                    name: g.name.clone(),
                },
                a.clone(),
            )
        })
        .collect()
}

/// How much type structure a declared parameter type has around its generic parameters: a bare
/// parameter none, `vector<T, 2>` one level, `Box<Box<T>>` two.
fn pattern_shape(ty: &Ty) -> u32 {
    match ty {
        Ty::Param(_) | Ty::Unknown => 0,
        Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) => 1 + pattern_shape(e),
        Ty::Adt(_, args) => {
            1 + args
                .iter()
                .map(|a| match a {
                    GenericArg::Type(t) => pattern_shape(t),
                    GenericArg::Value(_) => 0,
                })
                .sum::<u32>()
        }
        Ty::Tuple(items) => 1 + items.iter().map(pattern_shape).sum::<u32>(),
        _ => 1,
    }
}

/// Collects candidate bindings of `generics` by matching a parameter type against an argument.
fn unify(param: &Ty, arg: &Ty, generics: &[GenericParamId], out: &mut [Vec<GenericArg>]) {
    let index_of = |p: &GenericParamId| generics.iter().position(|g| g == p);
    let unify_len = |pl: &Len, l: &Len, out: &mut [Vec<GenericArg>]| {
        if let Len::Param(p) = pl
            && let Some(i) = index_of(p)
        {
            out[i].push(GenericArg::Value(l.clone()));
        }
    };
    match (param, arg) {
        (Ty::Param(p), _) => {
            if let Some(i) = index_of(p) {
                out[i].push(GenericArg::Type(arg.clone()));
            }
        }
        (Ty::Vector(pe, pn), Ty::Vector(e, n)) => {
            unify(pe, e, generics, out);
            unify_len(pn, n, out);
        }
        // A scalar argument splats to a vector parameter: it still fixes the element type.
        (Ty::Vector(pe, _), Ty::Scalar(_)) => unify(pe, arg, generics, out),
        (Ty::Matrix(pe, pr, pc), Ty::Matrix(e, r, c)) => {
            unify(pe, e, generics, out);
            unify_len(pr, r, out);
            unify_len(pc, c, out);
        }
        (Ty::Array(pe, pn), Ty::Array(e, n)) => {
            unify(pe, e, generics, out);
            unify_len(pn, n, out);
        }
        (Ty::Adt(pd, pargs), Ty::Adt(d, args)) if pd == d => {
            for (pa, a) in pargs.iter().zip(args.iter()) {
                match (pa, a) {
                    (GenericArg::Type(pt), GenericArg::Type(t)) => unify(pt, t, generics, out),
                    (GenericArg::Value(pl), GenericArg::Value(l)) => unify_len(pl, l, out),
                    _ => {}
                }
            }
        }
        (Ty::Tuple(ps), Ty::Tuple(ts)) => {
            for (p, t) in ps.iter().zip(ts.iter()) {
                unify(p, t, generics, out);
            }
        }
        _ => {}
    }
}

/// Component indices of a vector swizzle (`xyzw` or `rgba`, not mixed).
pub fn swizzle_indices(name: &str, len: u32) -> Result<Vec<u32>, String> {
    if name.is_empty() || name.len() > 4 {
        return Err("a swizzle has 1 to 4 components".into());
    }
    let xyzw = name.chars().all(|c| "xyzw".contains(c));
    let rgba = name.chars().all(|c| "rgba".contains(c));
    if !xyzw && !rgba {
        return Err("use the components `x y z w` or `r g b a` (not mixed)".into());
    }
    let set = if xyzw { "xyzw" } else { "rgba" };
    let mut out = Vec::new();
    for c in name.chars() {
        let i = set.find(c).unwrap_or(0) as u32;
        if i >= len {
            return Err(format!(
                "component `{c}` is out of range for {len} component(s)"
            ));
        }
        out.push(i);
    }
    Ok(out)
}

/// `_m00`/`_11`-style matrix element swizzles: number of elements.
fn matrix_swizzle_len(name: &str) -> Option<u32> {
    let bytes = name.as_bytes();
    if bytes.first() != Some(&b'_') {
        return None;
    }
    let zero_based = name.starts_with("_m");
    let step = if zero_based { 4 } else { 3 };
    if !name.len().is_multiple_of(step) {
        return None;
    }
    Some((name.len() / step) as u32)
}

/// A `global_ty` that depends on itself (cyclic declarations) resolves to nothing.
fn global_ty_cycle(_db: &dyn Db, _id: salsa::Id, _global: GlobalId) -> Ty {
    Ty::Unknown
}

/// A `field_types` that depends on itself (cyclic declarations) resolves to nothing.
fn field_types_cycle(_db: &dyn Db, _id: salsa::Id, _decl: TypeDeclId) -> Arc<[Ty]> {
    Arc::from([])
}

/// A `property_ty` that depends on itself (cyclic declarations) resolves to nothing.
fn property_ty_cycle(_db: &dyn Db, _id: salsa::Id, _prop: PropertyId) -> Ty {
    Ty::Unknown
}

/// A `subscript_sig` that depends on itself (cyclic declarations) resolves to nothing.
fn subscript_sig_cycle(_db: &dyn Db, _id: salsa::Id, _sub: SubscriptId) -> (Arc<[ParamSig]>, Ty) {
    (Arc::from([]), Ty::Unknown)
}
