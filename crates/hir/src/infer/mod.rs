//! Signatures and type inference of bodies: expression types, name resolution inside bodies,
//! overload resolution with HLSL conversion ranking, generic inference, l-value checks.
//!
//! This module holds the inference results, the entry points (`infer`, `infer_global`) and the
//! inference context with its shared helpers. The context's methods are spread by concern:
//! `stmt`, `expr`, `path` (names and members), `lambda`, `call`, `overload`, `convert`
//! (conversion costs) and `lvalue`. `signature` holds the signature queries and `const_eval`
//! the constant evaluation, neither of which needs the context.

mod atomic_ops;
mod call;
mod cast_init;
mod const_eval;
mod constant_index;
mod convert;
mod defaults;
mod diff_bound;
mod diff_method_value;
pub use diff_bound::nondiff_view_params;
mod errors;
pub use errors::fn_throws;
mod expr;
mod fn_values;
mod generic_subscripts;
mod glsl_ops;
mod init_list;
pub(crate) mod lambda;
mod lvalue;
mod matrix_parts;
mod optional;
mod overload;
mod pack_query;
mod packs;
mod path;
mod pointer;
mod signature;
mod stmt;
mod switch_labels;
mod tuple_packs;
mod tuples;
mod unary_ops;
mod value_types;

pub use const_eval::global_const_value;
pub use defaults::{infer_field_default, infer_param_default};
pub use path::{swizzle_indices, tuple_swizzle};
pub use pointer::{pointee_of, stdlib_decl_named};
pub(crate) use signature::is_ptr_differentiable;
pub use signature::{
    FnSig, ParamSig, bit_field_widths, derivative_sig, field_types, fn_sig, global_ty,
    nested_derivative_sig, property_ty, type_args_subst, type_decl_sig_diags,
};

use std::sync::Arc;

use base_db::{Db, SourceFile};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::TextRange;
use crate::body::*;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve::{self, Resolver};
use crate::ty::{GenericArg, LambdaTy, Len, Ty};

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
    ctx.global_owner = Some(global);
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

/// Generic arguments bound to their parameters.
pub type GenericArgs = Arc<[(GenericParamId, GenericArg)]>;

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
    /// The data layout type of each `sizeof(T, Layout)` / `alignof(T, Layout)` (its operand
    /// is the expression's resolution).
    pub sizeof_layouts: FxHashMap<ExprId, Ty>,
    /// Generic functions named as values with explicit arguments (`apply(f<float>)`): the
    /// function chosen and its generic arguments (`Expr::GenericApply` that is not called).
    pub fn_values: FxHashMap<ExprId, (FunctionId, GenericArgs)>,
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
    ctx.check_throws_clause();
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

impl Candidate {
    /// A free function called directly: no outer generic arguments, no `this`, no derivative.
    fn plain(func: FunctionId) -> Self {
        Candidate {
            func,
            outer: Vec::new(),
            this_ty: None,
            derivative: Vec::new(),
        }
    }
}

/// The functions under `fwd_diff`/`bwd_diff`: candidates, the derivative kinds from the innermost
/// out (`fwd_diff(bwd_diff(f))` is `[Backward, Forward]`), explicit generic arguments.
type DiffCallee = (Vec<FunctionId>, Vec<DiffKind>, Option<Vec<GenericArg>>);

struct Applicable {
    cost: u32,
    /// `[OverloadRank(n)]` of the candidate (0 without it): among candidates of equal cost the
    /// higher rank wins (the core module's `IComparable` `min` yields to the builtin ones).
    overload_rank: i64,
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
    /// For each enclosing `expand`, the element types of a concrete tuple it repeats over
    /// (`f(expand each t)` with `t : Tuple<int, float>`), innermost last.
    expand_tuples: Vec<Option<Arc<[Ty]>>>,
    /// The function whose body this is (`None` for global initialisers): lambdas' identity.
    owner: Option<FunctionId>,
    /// The global whose initialiser this is (`None` for function bodies): lambdas' identity.
    global_owner: Option<GlobalId>,
    /// The lambdas being inferred, innermost last.
    lambda_frames: Vec<LambdaFrame>,
    /// `try` expressions being inferred (calls inside may throw).
    try_depth: u32,
    /// The enclosing `do`/`catch` statements' clauses, innermost last (`None`: catches all).
    catch_frames: Vec<Vec<Option<Ty>>>,
    /// `T is I` tests of the enclosing `if`s (for `where optional T : I`).
    optional_checked: Vec<(GenericParamId, TypeDeclId)>,
    /// Expressions naming a value pack (`D` of `let each D : int`).
    value_generic_packs: FxHashMap<ExprId, GenericParamId>,
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
            expand_tuples: Vec::new(),
            owner: None,
            global_owner: None,
            lambda_frames: Vec::new(),
            try_depth: 0,
            catch_frames: Vec::new(),
            optional_checked: Vec::new(),
            value_generic_packs: FxHashMap::default(),
        }
    }

    fn finish(self) -> InferenceResult {
        self.result
    }

    /// Records the function a call resolved to, with the generic arguments `pick_overload` chose.
    fn record_call(&mut self, call: ExprId, chosen: FunctionId) {
        self.check_throwing_call(call, chosen);
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
        let ty = resolve::normalize(self.db, self.file, ty);
        // In a function declared `where T == S`, `T` is `S` (members and conversions of `S`).
        if let Ty::Param(_) = &ty
            && let Some(f) = self.owner
            && let Some((_, same)) = crate::conform::fn_equalities(self.db, f)
                .into_iter()
                .find(|(a, b)| a == &ty && !b.has_params())
        {
            return same;
        }
        // `where T.Differential == T`: the associated type is the type it equals.
        if let Ty::Assoc(..) = &ty
            && let Some(f) = self.owner
            && let Some(same) = crate::conform::fn_equalities(self.db, f)
                .into_iter()
                .find_map(|(a, b)| match () {
                    _ if a == ty && b != ty => Some(b),
                    _ if b == ty && a != ty && !matches!(a, Ty::Assoc(..)) => Some(a),
                    _ => None,
                })
        {
            return same;
        }
        ty
    }
}
