//! Forward-mode transcription ("linearize"): `f` -> `s_fwd_f`.
//!
//! Every instruction of the original body is cloned (its *primal*) and, when its result type is
//! differentiable, followed by the instructions computing its *differential* from the primals and
//! differentials of its operands. A differential that is known to be zero is not materialised
//! (`None`) until something needs it as an operand. Control flow is copied statement for
//! statement; every differentiable local gets a differential local beside it, and parameters of
//! differentiable type become `DifferentialPair<T>` (`.p` holds the primal, `.d` the differential),
//! so a place `$x.path` maps to `$x.p.path` and `$x.d.path'` (`path'` renames struct fields to the
//! fields of `T.Differential`).
//!
//! Calls are transcribed on demand through a worklist: a call to a differentiable `g` becomes a call
//! to `s_fwd_g` (or to `g`'s custom forward derivative), which is queued for transcription once.
//! Math intrinsics take their derivatives from functions registered in `DiffInfo::math_fwd`
//! (written in the stdlib); only operators that are (bi)linear or structural have rules here:
//! `+ - * / %`, negation, select, conversions, construct/extract/insert/swizzle/splat, and the
//! intrinsics `dot`, `cross`, `mul`, `transpose`, `mad`, `fma`.

use ir::{
    Access, Arg, BinaryOp, Block, FuncId, Function, Inst, Local, LocalId, MathFn, Module, Param,
    ParamDir, Place, PlaceRoot, Stmt, SwitchCase, TypeId, TypeKind, UnaryOp, ValueData, ValueId,
};

use crate::diff_info::DiffInfo;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiffError {
    /// `fwd_diff` of (or a differentiating call to) a function that is not differentiable.
    NotDifferentiable { function: String },
    /// A math intrinsic with a differentiable result and no registered derivative for these types.
    NoDerivative { function: String, intrinsic: String },
    /// A custom derivative or substitute whose signature does not fit.
    BadSignature { function: String, message: String },
    /// The input IR is inconsistent (a value used before definition, an unknown function ...).
    Malformed { function: String, message: String },
    /// A loop in a function differentiated in reverse mode has no `[MaxIters(N)]` bound
    /// (`loop_ordinal`: 1 for the function's first loop in source order).
    UnboundedLoop { function: String, loop_ordinal: u32 },
    /// The backward derivative's per-thread context (tapes, stored callee contexts and the
    /// contexts of the backward derivatives it calls) exceeds
    /// [`crate::reverse::MAX_CONTEXT_BYTES`]; `bytes` is the computed size.
    ContextTooLarge {
        function: String,
        bytes: u64,
        limit: u32,
        /// The backward derivative (among `function`'s and the ones it calls) with the
        /// largest tape of its own, where bounds are best lowered.
        largest: String,
    },
    /// A `[ForceUnroll]` loop whose `[MaxIters(N)]` asks for more copies than
    /// [`crate::normalize::MAX_UNROLL`].
    UnrollTooLarge {
        function: String,
        loop_ordinal: u32,
        iterations: u32,
        limit: u32,
    },
    /// The generated code does not type-check: a bug in this pass, reported with the IR errors.
    Internal {
        function: String,
        errors: Vec<String>,
    },
}

impl std::fmt::Display for DiffError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DiffError::NotDifferentiable { function } => {
                write!(f, "{function} is not differentiable")
            }
            DiffError::NoDerivative {
                function,
                intrinsic,
            } => write!(f, "in {function}: no derivative registered for {intrinsic}"),
            DiffError::BadSignature { function, message } => write!(f, "{function}: {message}"),
            DiffError::Malformed { function, message } => {
                write!(f, "in {function}: malformed IR: {message}")
            }
            DiffError::UnboundedLoop {
                function,
                loop_ordinal,
            } => write!(
                f,
                "in {function}: loop #{loop_ordinal} needs [MaxIters(N)] or [ForceUnroll] with \
                 [MaxIters(N)] to be differentiated in reverse mode (its iteration count is \
                 not known)"
            ),
            DiffError::ContextTooLarge {
                function,
                bytes,
                limit,
                largest,
            } => write!(
                f,
                "the backward derivative of {function} needs a context of {bytes} bytes per \
                 thread, more than the limit of {limit} bytes; the largest tape is {largest}'s: \
                 lower the [MaxIters(N)] bounds of its loops"
            ),
            DiffError::UnrollTooLarge {
                function,
                loop_ordinal,
                iterations,
                limit,
            } => write!(
                f,
                "in {function}: loop #{loop_ordinal} is [ForceUnroll] with {iterations} \
                 iterations, more than the limit of {limit} copies: lower its [MaxIters(N)] or \
                 drop [ForceUnroll]"
            ),
            DiffError::Internal { function, errors } => {
                write!(f, "in {function}: internal error: {}", errors.join("; "))
            }
        }
    }
}

impl std::error::Error for DiffError {}

type Result<T> = std::result::Result<T, DiffError>;

/// Returns the forward derivative of `f` (`fwd_diff(f)`): its custom derivative when one is
/// registered, otherwise `s_fwd_f`, transcribed together with every callee it needs. Repeated
/// requests return the same function; requesting the result again gives higher-order derivatives.
///
/// On error the module and `info` are left as they were before the call (functions declared for
/// this request are removed), so a later request starts afresh.
pub fn forward_derivative(module: &mut Module, info: &mut DiffInfo, f: FuncId) -> Result<FuncId> {
    let first_new = module.functions.len();
    let mut worklist = Vec::new();
    let result = request(module, info, &mut worklist, f).and_then(|result| {
        while let Some((orig, fwd)) = worklist.pop() {
            transcribe(module, info, &mut worklist, orig, fwd)?;
        }
        Ok(result)
    });
    if result.is_err() {
        // Only functions of this request can refer to the new ones, so dropping them all is safe.
        module.functions.truncate(first_new);
        let is_new = |g: &FuncId| g.0 as usize >= first_new;
        info.fwd_done.retain(|_, g| !is_new(g));
        info.differentiable.retain(|g| !is_new(g));
        info.ptr_twins.retain(|_, g| !is_new(g));
        info.ptr_twin_origin.retain(|g, _| !is_new(g));
    }
    result
}

pub(crate) fn fname(module: &Module, f: FuncId) -> String {
    module
        .function(f)
        .map_or_else(|| format!("#{}", f.0), |f| f.name.clone())
}

/// Whether parameter `i` of `f` becomes a pair in `f`'s forward derivative.
pub(crate) fn param_paired(module: &mut Module, info: &DiffInfo, f: FuncId, i: usize) -> bool {
    let Some(ty) = module
        .function(f)
        .and_then(|func| func.params.get(i))
        .map(|p| p.ty)
    else {
        return false;
    };
    !info.is_no_diff_param(f, i as u32) && info.is_differentiable_type(&mut module.types, ty)
}

pub(crate) fn ret_paired(module: &mut Module, info: &DiffInfo, f: FuncId) -> bool {
    let Some(ret) = module.function(f).map(|func| func.ret) else {
        return false;
    };
    !info.no_diff_return.contains(&f) && info.is_differentiable_type(&mut module.types, ret)
}

/// The forward signature of `f`: pairs for differentiable parameters and return.
fn forward_signature(module: &mut Module, info: &mut DiffInfo, f: FuncId) -> (Vec<Param>, TypeId) {
    let func = module.function(f).cloned();
    let Some(func) = func else {
        let void = module.types.void();
        return (Vec::new(), void);
    };
    let mut params = Vec::new();
    for (i, p) in func.params.iter().enumerate() {
        let ty = if param_paired(module, info, f, i) {
            info.pair_type(&mut module.types, p.ty).unwrap_or(p.ty)
        } else if let Some(pair) = crate::ptr::param_pair(module, info, f, i) {
            pair
        } else {
            p.ty
        };
        params.push(Param {
            name: p.name.clone(),
            ty,
            dir: p.dir,
        });
    }
    let ret = if ret_paired(module, info, f) {
        info.pair_type(&mut module.types, func.ret)
            .unwrap_or(func.ret)
    } else {
        func.ret
    };
    (params, ret)
}

/// Resolves `fwd_diff(f)`, declaring `s_fwd_f` and queueing its transcription when needed.
fn request(
    module: &mut Module,
    info: &mut DiffInfo,
    worklist: &mut Vec<(FuncId, FuncId)>,
    f: FuncId,
) -> Result<FuncId> {
    // A callee's twin (pair parameters) has the callee's derivatives.
    let f = crate::ptr::origin(info, f);
    let name = fname(module, f);
    if let Some(&d) = info.custom_fwd.get(&f) {
        check_custom_signature(module, info, f, d)?;
        return Ok(d);
    }
    if let Some(&d) = info.fwd_done.get(&f) {
        return Ok(d);
    }
    if module.function(f).is_none() {
        return Err(DiffError::Malformed {
            function: name,
            message: "unknown function".into(),
        });
    }
    if !info.differentiable.contains(&f) && !info.treat_as_differentiable.contains(&f) {
        return Err(DiffError::NotDifferentiable { function: name });
    }
    let (params, ret) = forward_signature(module, info, f);
    let fwd = module.declare_function(&format!("s_fwd_{name}"), params, ret);
    info.fwd_done.insert(f, fwd);
    // Derivatives are differentiable again (higher order).
    info.differentiable.insert(fwd);
    worklist.push((f, fwd));
    Ok(fwd)
}

/// A custom forward derivative must have exactly the forward signature of its primal.
fn check_custom_signature(
    module: &mut Module,
    info: &mut DiffInfo,
    f: FuncId,
    d: FuncId,
) -> Result<()> {
    let (params, ret) = forward_signature(module, info, f);
    let Some(custom) = module.function(d) else {
        return Err(DiffError::Malformed {
            function: fname(module, f),
            message: "unknown custom derivative".into(),
        });
    };
    let fits = custom.ret == ret
        && custom.params.len() == params.len()
        && custom
            .params
            .iter()
            .zip(&params)
            .all(|(c, p)| c.ty == p.ty && c.dir == p.dir);
    if fits {
        return Ok(());
    }
    let types = &module.types;
    let shown: Vec<String> = params
        .iter()
        .map(|p| {
            let dir = match p.dir {
                ParamDir::In => "",
                ParamDir::Out => "out ",
                ParamDir::InOut => "inout ",
            };
            format!("{dir}{}", types.display(p.ty))
        })
        .collect();
    Err(DiffError::BadSignature {
        function: fname(module, f),
        message: format!(
            "custom forward derivative {} must have the signature ({}) -> {}",
            custom.name,
            shown.join(", "),
            types.display(ret)
        ),
    })
}

/// The body `f`'s derivative is synthesised from: `f` itself, its primal substitute, or (for
/// `[TreatAsDifferentiable]`) a wrapper that just calls `f`, whose call gets zero derivatives.
pub(crate) fn derivative_source(
    module: &mut Module,
    info: &mut DiffInfo,
    f: FuncId,
) -> Result<(FuncId, Function)> {
    let (src_id, mut func) = plain_derivative_source(module, info, f)?;
    call_substitutes(module, info, &mut func);
    // Locations (`IDifferentiablePtrType`) are held as `DifferentialPtrPair`s.
    let func = crate::ptr::rewrite(module, info, f, src_id, func)?;
    Ok((src_id, func))
}

/// In derivative code a call to a function with a differentiable primal substitute calls the
/// substitute, for its value as well as its derivative (the user guide's `[PrimalSubstituteOf]`;
/// reverse mode otherwise recomputed the original's value next to the substitute's derivative).
fn call_substitutes(module: &Module, info: &DiffInfo, func: &mut Function) {
    for v in &mut func.values {
        if let Inst::Call(g, _) = &mut v.inst
            && let Some(&sub) = info.primal_substitute.get(g)
            && info.differentiable.contains(&sub)
            && let (Some(orig), Some(s)) = (module.function(*g), module.function(sub))
            && orig.params == s.params
            && orig.ret == s.ret
        {
            *g = sub;
        }
    }
}

fn plain_derivative_source(
    module: &mut Module,
    info: &DiffInfo,
    f: FuncId,
) -> Result<(FuncId, Function)> {
    let name = fname(module, f);
    let func = module
        .function(f)
        .cloned()
        .ok_or_else(|| DiffError::Malformed {
            function: name.clone(),
            message: "unknown function".into(),
        })?;
    if info.treat_as_differentiable.contains(&f) {
        return Ok((f, call_wrapper(module, f, &func)));
    }
    if let Some(&sub) = info.primal_substitute.get(&f) {
        let s = module
            .function(sub)
            .cloned()
            .ok_or_else(|| DiffError::Malformed {
                function: name.clone(),
                message: "unknown primal substitute".into(),
            })?;
        if s.params != func.params || s.ret != func.ret {
            return Err(DiffError::BadSignature {
                function: name,
                message: format!("primal substitute {} has a different signature", s.name),
            });
        }
        return Ok((sub, s));
    }
    Ok((f, func))
}

/// `R w(params) { return f(params); }`, built directly (in parameters by value, the others by
/// place).
fn call_wrapper(module: &mut Module, f: FuncId, func: &Function) -> Function {
    let mut values = Vec::new();
    let mut body = Vec::new();
    let mut args = Vec::new();
    for (i, p) in func.params.iter().enumerate() {
        if p.dir == ParamDir::In {
            let v = ValueId(values.len() as u32);
            values.push(ValueData {
                ty: p.ty,
                inst: Inst::Load(Place::param(i as u32)),
            });
            body.push(Stmt::Let(v));
            args.push(Arg::Value(v));
        } else {
            args.push(Arg::Place(Place::param(i as u32)));
        }
    }
    let r = ValueId(values.len() as u32);
    values.push(ValueData {
        ty: func.ret,
        inst: Inst::Call(f, args),
    });
    body.push(Stmt::Let(r));
    let void = module.types.is_void(func.ret);
    body.push(Stmt::Return(if void { None } else { Some(r) }));
    Function {
        name: func.name.clone(),
        params: func.params.clone(),
        ret: func.ret,
        locals: Vec::new(),
        values,
        body,
    }
}

fn transcribe(
    module: &mut Module,
    info: &mut DiffInfo,
    worklist: &mut Vec<(FuncId, FuncId)>,
    orig: FuncId,
    fwd: FuncId,
) -> Result<()> {
    let (src_id, src) = derivative_source(module, info, orig)?;
    let Some(decl) = module.function(fwd).cloned() else {
        return Err(DiffError::Malformed {
            function: fname(module, orig),
            message: "derivative declaration vanished".into(),
        });
    };
    let params_paired: Vec<bool> = (0..src.params.len())
        .map(|i| param_paired(module, info, orig, i))
        .collect();
    let ret_paired = ret_paired(module, info, orig);
    let mut t = Transcriber {
        module,
        info,
        worklist,
        src_id,
        out: Function {
            locals: Vec::new(),
            values: Vec::new(),
            body: Vec::new(),
            ..decl
        },
        blocks: vec![Vec::new()],
        primal: vec![None; src.values.len()],
        diff: vec![None; src.values.len()],
        local_diff: Vec::new(),
        params_paired,
        ret_paired,
        errors: Vec::new(),
        src: &src,
    };
    t.declare_locals();
    t.block(&src.body)?;
    let body = t.blocks.pop().unwrap_or_default();
    let Transcriber {
        mut out, errors, ..
    } = t;
    if !errors.is_empty() {
        return Err(DiffError::Internal {
            function: out.name,
            errors,
        });
    }
    out.body = body;
    if let Some(slot) = module.function_mut(fwd) {
        *slot = out;
    }
    Ok(())
}

struct Transcriber<'a> {
    module: &'a mut Module,
    info: &'a mut DiffInfo,
    worklist: &'a mut Vec<(FuncId, FuncId)>,
    /// The function whose body is transcribed (keys `no_diff_calls`).
    src_id: FuncId,
    src: &'a Function,
    out: Function,
    blocks: Vec<Block>,
    /// Original value -> its primal in `out`.
    primal: Vec<Option<ValueId>>,
    /// Original value -> its differential in `out` (`None`: zero).
    diff: Vec<Option<ValueId>>,
    /// Original local -> its differential local.
    local_diff: Vec<Option<LocalId>>,
    params_paired: Vec<bool>,
    ret_paired: bool,
    errors: Vec<String>,
}

impl Transcriber<'_> {
    fn malformed(&self, message: impl Into<String>) -> DiffError {
        DiffError::Malformed {
            function: self.src.name.clone(),
            message: message.into(),
        }
    }

    fn declare_locals(&mut self) {
        for l in &self.src.locals {
            self.out.locals.push(l.clone());
        }
        for l in &self.src.locals {
            let d = self.info.diff_type(&mut self.module.types, l.ty);
            self.local_diff.push(d.map(|ty| {
                self.out.locals.push(Local {
                    name: format!("d_{}", l.name),
                    ty,
                });
                LocalId(self.out.locals.len() as u32 - 1)
            }));
        }
    }

    fn new_local(&mut self, name: &str, ty: TypeId) -> LocalId {
        self.out.locals.push(Local {
            name: format!("{name}{}", self.out.locals.len()),
            ty,
        });
        LocalId(self.out.locals.len() as u32 - 1)
    }

    // ---- emission -------------------------------------------------------------------------

    fn push(&mut self, s: Stmt) {
        if let Some(b) = self.blocks.last_mut() {
            b.push(s);
        }
    }

    /// Appends an instruction to `out`, typed as the IR builder types it.
    fn emit(&mut self, inst: Inst, explicit: Option<TypeId>) -> ValueId {
        let v =
            crate::emit::append_value(self.module, &mut self.out, inst, explicit, &mut self.errors);
        self.push(Stmt::Let(v));
        v
    }

    fn bin(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        self.emit(Inst::Binary(op, a, b), None)
    }

    fn zero(&mut self, ty: TypeId) -> ValueId {
        self.emit(Inst::Zero, Some(ty))
    }

    fn sub_block(&mut self, b: &Block) -> Result<Block> {
        self.blocks.push(Vec::new());
        let r = self.block(b);
        let out = self.blocks.pop().unwrap_or_default();
        r.map(|()| out)
    }

    // ---- value maps -----------------------------------------------------------------------

    fn src_ty(&self, v: ValueId) -> Result<TypeId> {
        self.src
            .value_ty(v)
            .ok_or_else(|| self.malformed(format!("unknown value %{}", v.0)))
    }

    fn p(&self, v: ValueId) -> Result<ValueId> {
        self.primal
            .get(v.0 as usize)
            .copied()
            .flatten()
            .ok_or_else(|| self.malformed(format!("%{} used before its definition", v.0)))
    }

    fn d_opt(&self, v: ValueId) -> Option<ValueId> {
        self.diff.get(v.0 as usize).copied().flatten()
    }

    fn diff_ty(&mut self, ty: TypeId) -> Option<TypeId> {
        self.info.diff_type(&mut self.module.types, ty)
    }

    /// The differential of `v`, materialising a zero when it is known to be zero.
    fn d(&mut self, v: ValueId) -> Result<ValueId> {
        if let Some(d) = self.d_opt(v) {
            return Ok(d);
        }
        let ty = self.src_ty(v)?;
        let dty = self.diff_ty(ty).ok_or_else(|| {
            self.malformed(format!("differential of non-differentiable %{}", v.0))
        })?;
        Ok(self.zero(dty))
    }

    fn pair(&mut self, v: ValueId) -> Result<ValueId> {
        let ty = self.src_ty(v)?;
        let pair_ty = self
            .info
            .pair_type(&mut self.module.types, ty)
            .ok_or_else(|| self.malformed(format!("pair of non-differentiable %{}", v.0)))?;
        let (p, d) = (self.p(v)?, self.d(v)?);
        Ok(self.emit(Inst::Construct(vec![p, d]), Some(pair_ty)))
    }

    // ---- places ---------------------------------------------------------------------------

    fn map_path(&self, path: &[Access]) -> Result<Vec<Access>> {
        path.iter()
            .map(|a| {
                Ok(match *a {
                    Access::Dynamic(v) => Access::Dynamic(self.p(v)?),
                    other => other,
                })
            })
            .collect()
    }

    fn root_ty(&self, root: PlaceRoot) -> Option<TypeId> {
        match root {
            PlaceRoot::Local(l) => self.src.locals.get(l.0 as usize).map(|l| l.ty),
            PlaceRoot::Param(i) => self.src.params.get(i as usize).map(|p| p.ty),
            PlaceRoot::Global(g) => self.module.global(g).map(|g| g.ty),
        }
    }

    fn primal_place(&self, place: &Place) -> Result<Place> {
        let mut path = Vec::new();
        if let PlaceRoot::Param(i) = place.root
            && self.params_paired.get(i as usize).copied().unwrap_or(false)
        {
            path.push(Access::Field(0));
        }
        path.extend(self.map_path(&place.path)?);
        Ok(Place {
            root: place.root,
            path,
        })
    }

    /// Where the differential of `place` lives, or `None` (globals, `no_diff` parameters,
    /// non-differentiable fields).
    fn diff_place(&mut self, place: &Place) -> Result<Option<Place>> {
        let (root, mut path) = match place.root {
            PlaceRoot::Local(l) => match self.local_diff.get(l.0 as usize).copied().flatten() {
                Some(dl) => (PlaceRoot::Local(dl), Vec::new()),
                None => return Ok(None),
            },
            PlaceRoot::Param(i) if self.params_paired.get(i as usize).copied().unwrap_or(false) => {
                (PlaceRoot::Param(i), vec![Access::Field(1)])
            }
            PlaceRoot::Param(_) | PlaceRoot::Global(_) => return Ok(None),
        };
        let Some(mut ty) = self.root_ty(place.root) else {
            return Err(self.malformed("unknown place root"));
        };
        for a in &place.path {
            let dynamic = match *a {
                Access::Dynamic(v) => Some(self.p(v)?),
                _ => None,
            };
            let types = &mut self.module.types;
            match *a {
                Access::Field(i) => {
                    let Some(sd) = self.info.struct_diff(ty) else {
                        return Ok(None);
                    };
                    let Some(j) = sd.fields.get(i as usize).copied().flatten() else {
                        return Ok(None);
                    };
                    path.push(Access::Field(j));
                    ty = types
                        .element(ty, Some(i))
                        .ok_or_else(|| self.malformed("bad field access"))?;
                }
                Access::Index(i) => {
                    path.push(Access::Index(i));
                    ty = types
                        .element(ty, Some(i))
                        .ok_or_else(|| self.malformed("bad index"))?;
                }
                Access::Dynamic(_) => {
                    path.extend(dynamic.map(Access::Dynamic));
                    ty = types
                        .element(ty, None)
                        .ok_or_else(|| self.malformed("bad dynamic index"))?;
                }
            }
        }
        Ok(Some(Place { root, path }))
    }

    // ---- statements -----------------------------------------------------------------------

    fn block(&mut self, b: &Block) -> Result<()> {
        for s in b {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> Result<()> {
        match s {
            Stmt::Let(v) => self.let_(*v)?,
            Stmt::Store { place, value } => {
                let pp = self.primal_place(place)?;
                let pv = self.p(*value)?;
                self.push(Stmt::Store {
                    place: pp,
                    value: pv,
                });
                let vty = self.src_ty(*value)?;
                if self.diff_ty(vty).is_some()
                    && let Some(dp) = self.diff_place(place)?
                {
                    let dv = self.d(*value)?;
                    self.push(Stmt::Store {
                        place: dp,
                        value: dv,
                    });
                }
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let cond = self.p(*cond)?;
                let then_block = self.sub_block(then_block)?;
                let else_block = self.sub_block(else_block)?;
                self.push(Stmt::If {
                    cond,
                    then_block,
                    else_block,
                });
            }
            Stmt::Switch { selector, cases } => {
                let selector = self.p(*selector)?;
                let mut new_cases = Vec::new();
                for c in cases {
                    new_cases.push(SwitchCase {
                        values: c.values.clone(),
                        is_default: c.is_default,
                        body: self.sub_block(&c.body)?,
                        fallthrough: c.fallthrough,
                    });
                }
                self.push(Stmt::Switch {
                    selector,
                    cases: new_cases,
                });
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                attrs,
            } => {
                let body = self.sub_block(body)?;
                // `continuing` sees the body's values: the maps still hold them.
                self.blocks.push(Vec::new());
                let r = self.block(continuing);
                let break_if = match (r, break_if) {
                    (Ok(()), Some(c)) => Some(self.p(*c)),
                    (Ok(()), None) => None,
                    (Err(e), _) => Some(Err(e)),
                };
                let continuing = self.blocks.pop().unwrap_or_default();
                let break_if = break_if.transpose()?;
                self.push(Stmt::Loop {
                    body,
                    continuing,
                    break_if,
                    attrs: *attrs,
                });
            }
            Stmt::Return(v) => {
                let v = match v {
                    Some(v) if self.ret_paired => Some(self.pair(*v)?),
                    Some(v) => Some(self.p(*v)?),
                    None => None,
                };
                self.push(Stmt::Return(v));
            }
            Stmt::Break | Stmt::Continue | Stmt::Barrier(_) => self.push(s.clone()),
        }
        Ok(())
    }

    // ---- instructions ---------------------------------------------------------------------

    fn set(&mut self, v: ValueId, p: ValueId, d: Option<ValueId>) {
        if let Some(slot) = self.primal.get_mut(v.0 as usize) {
            *slot = Some(p);
        }
        if let Some(slot) = self.diff.get_mut(v.0 as usize) {
            *slot = d;
        }
    }

    /// Clones `inst` with operands mapped to primals.
    fn primal_inst(&self, inst: &Inst) -> Result<Inst> {
        let p = |v: &ValueId| self.p(*v);
        Ok(match inst {
            Inst::Literal(l) => Inst::Literal(*l),
            Inst::Zero => Inst::Zero,
            Inst::Load(place) => Inst::Load(self.primal_place(place)?),
            Inst::Unary(op, a) => Inst::Unary(*op, p(a)?),
            Inst::Binary(op, a, b) => Inst::Binary(*op, p(a)?, p(b)?),
            Inst::Select {
                cond,
                accept,
                reject,
            } => Inst::Select {
                cond: p(cond)?,
                accept: p(accept)?,
                reject: p(reject)?,
            },
            Inst::Convert(a, s) => Inst::Convert(p(a)?, *s),
            Inst::Bitcast(a, s) => Inst::Bitcast(p(a)?, *s),
            Inst::Construct(args) => Inst::Construct(args.iter().map(p).collect::<Result<_>>()?),
            Inst::Splat(a) => Inst::Splat(p(a)?),
            Inst::Extract(a, i) => Inst::Extract(p(a)?, *i),
            Inst::ExtractDyn(a, i) => Inst::ExtractDyn(p(a)?, p(i)?),
            Inst::Swizzle(a, c) => Inst::Swizzle(p(a)?, c.clone()),
            Inst::Insert { base, index, value } => Inst::Insert {
                base: p(base)?,
                index: *index,
                value: p(value)?,
            },
            Inst::InsertDyn { base, index, value } => Inst::InsertDyn {
                base: p(base)?,
                index: p(index)?,
                value: p(value)?,
            },
            Inst::Math(f, args) => Inst::Math(*f, args.iter().map(p).collect::<Result<_>>()?),
            Inst::Call(f, args) => Inst::Call(
                *f,
                args.iter()
                    .map(|a| {
                        Ok(match a {
                            Arg::Value(v) => Arg::Value(p(v)?),
                            Arg::Place(pl) => Arg::Place(self.primal_place(pl)?),
                        })
                    })
                    .collect::<Result<_>>()?,
            ),
            Inst::Atomic {
                op,
                place,
                value,
                compare,
            } => Inst::Atomic {
                op: *op,
                place: self.primal_place(place)?,
                value: p(value)?,
                compare: compare.map(|c| self.p(c)).transpose()?,
            },
            Inst::ArrayLength(g) => Inst::ArrayLength(*g),
            Inst::Texture { op, texture, args } => Inst::Texture {
                op: *op,
                texture: *texture,
                args: args.iter().map(p).collect::<Result<_>>()?,
            },
            Inst::Print(f, args) => Inst::Print(*f, args.iter().map(p).collect::<Result<_>>()?),
        })
    }

    fn let_(&mut self, v: ValueId) -> Result<()> {
        let data = self
            .src
            .value(v)
            .cloned()
            .ok_or_else(|| self.malformed(format!("unknown value %{}", v.0)))?;
        let dty = self.diff_ty(data.ty);
        match &data.inst {
            Inst::Call(f, args) => return self.call(v, *f, args),
            Inst::Math(f, args) if dty.is_some() && !is_rule_math(*f) => {
                return self.math_call(v, *f, args, data.ty);
            }
            _ => {}
        }
        let explicit = match data.inst {
            Inst::Zero | Inst::Construct(_) | Inst::Splat(_) => Some(data.ty),
            _ => None,
        };
        let inst = self.primal_inst(&data.inst)?;
        let p = self.emit(inst, explicit);
        let d = match dty {
            Some(dty) => self.differential(&data.inst, data.ty, dty)?,
            None => None,
        };
        self.set(v, p, d);
        Ok(())
    }

    /// Sum of optional differentials (`None` is zero).
    fn add_opt(&mut self, a: Option<ValueId>, b: Option<ValueId>) -> Option<ValueId> {
        match (a, b) {
            (Some(a), Some(b)) => Some(self.bin(BinaryOp::Add, a, b)),
            (a, None) => a,
            (None, b) => b,
        }
    }

    /// The differential of a rule-transcribed instruction with differentiable result `ty`.
    fn differential(&mut self, inst: &Inst, ty: TypeId, dty: TypeId) -> Result<Option<ValueId>> {
        Ok(match inst {
            Inst::Literal(_) | Inst::Zero | Inst::Bitcast(..) | Inst::ArrayLength(_) => None,
            Inst::Atomic { .. } | Inst::Print(..) | Inst::Call(..) => None,
            // Texels are not differentiable (like buffer elements read without a derivative).
            Inst::Texture { .. } => None,
            Inst::Load(place) => self
                .diff_place(place)?
                .map(|dp| self.emit(Inst::Load(dp), None)),
            Inst::Unary(UnaryOp::Neg, a) => self
                .d_opt(*a)
                .map(|da| self.emit(Inst::Unary(UnaryOp::Neg, da), None)),
            Inst::Unary(..) => None,
            Inst::Binary(op, a, b) => self.binary_diff(*op, *a, *b)?,
            Inst::Select {
                cond,
                accept,
                reject,
            } => {
                if self.d_opt(*accept).is_none() && self.d_opt(*reject).is_none() {
                    None
                } else {
                    let c = self.p(*cond)?;
                    let (da, db) = (self.d(*accept)?, self.d(*reject)?);
                    Some(self.emit(
                        Inst::Select {
                            cond: c,
                            accept: da,
                            reject: db,
                        },
                        None,
                    ))
                }
            }
            // Float to float conversions carry the derivative; from ints it is zero.
            Inst::Convert(a, s) => self
                .d_opt(*a)
                .map(|da| self.emit(Inst::Convert(da, *s), None)),
            Inst::Construct(args) => self.construct_diff(args, ty, dty)?,
            Inst::Splat(a) => self
                .d_opt(*a)
                .map(|da| self.emit(Inst::Splat(da), Some(dty))),
            Inst::Extract(a, i) => {
                let aty = self.src_ty(*a)?;
                match (self.d_opt(*a), self.field_index(aty, *i)) {
                    (Some(da), Some(j)) => Some(self.emit(Inst::Extract(da, j), None)),
                    _ => None,
                }
            }
            Inst::ExtractDyn(a, i) => match self.d_opt(*a) {
                Some(da) => {
                    let pi = self.p(*i)?;
                    Some(self.emit(Inst::ExtractDyn(da, pi), None))
                }
                None => None,
            },
            Inst::Swizzle(a, comps) => self
                .d_opt(*a)
                .map(|da| self.emit(Inst::Swizzle(da, comps.clone()), None)),
            Inst::Insert { base, index, value } => {
                match self.field_index(ty, *index) {
                    // Writing a non-differentiable field leaves the differential alone.
                    None => self.d_opt(*base),
                    Some(_) if self.d_opt(*base).is_none() && self.d_opt(*value).is_none() => None,
                    Some(j) => {
                        let (db, dv) = (self.d(*base)?, self.d(*value)?);
                        Some(self.emit(
                            Inst::Insert {
                                base: db,
                                index: j,
                                value: dv,
                            },
                            None,
                        ))
                    }
                }
            }
            Inst::InsertDyn { base, index, value } => {
                if self.d_opt(*base).is_none() && self.d_opt(*value).is_none() {
                    None
                } else {
                    let (db, dv, pi) = (self.d(*base)?, self.d(*value)?, self.p(*index)?);
                    Some(self.emit(
                        Inst::InsertDyn {
                            base: db,
                            index: pi,
                            value: dv,
                        },
                        None,
                    ))
                }
            }
            Inst::Math(f, args) => self.math_rule(*f, args)?,
        })
    }

    /// Index of element `i` of `ty` inside `ty.Differential` (struct fields are renumbered).
    fn field_index(&self, ty: TypeId, i: u32) -> Option<u32> {
        match self.module.types.kind(ty) {
            TypeKind::Struct(_) => self
                .info
                .struct_diff(ty)
                .and_then(|sd| sd.fields.get(i as usize).copied().flatten()),
            _ => Some(i),
        }
    }

    fn binary_diff(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> Result<Option<ValueId>> {
        let (da, db) = (self.d_opt(a), self.d_opt(b));
        if da.is_none() && db.is_none() {
            return Ok(None);
        }
        Ok(match op {
            BinaryOp::Add => self.add_opt(da, db),
            BinaryOp::Sub => match (da, db) {
                (Some(da), Some(db)) => Some(self.bin(BinaryOp::Sub, da, db)),
                (da, None) => da,
                (None, Some(db)) => Some(self.emit(Inst::Unary(UnaryOp::Neg, db), None)),
            },
            // d(a*b) = da*b + a*db
            BinaryOp::Mul => {
                let (pa, pb) = (self.p(a)?, self.p(b)?);
                let l = da.map(|da| self.bin(BinaryOp::Mul, da, pb));
                let r = db.map(|db| self.bin(BinaryOp::Mul, pa, db));
                self.add_opt(l, r)
            }
            // d(a/b) = (da*b - a*db) / (b*b)
            BinaryOp::Div => {
                let (pa, pb) = (self.p(a)?, self.p(b)?);
                match db {
                    None => da.map(|da| self.bin(BinaryOp::Div, da, pb)),
                    Some(db) => {
                        let adb = self.bin(BinaryOp::Mul, pa, db);
                        let num = match da {
                            Some(da) => {
                                let dab = self.bin(BinaryOp::Mul, da, pb);
                                self.bin(BinaryOp::Sub, dab, adb)
                            }
                            None => self.emit(Inst::Unary(UnaryOp::Neg, adb), None),
                        };
                        let bb = self.bin(BinaryOp::Mul, pb, pb);
                        Some(self.bin(BinaryOp::Div, num, bb))
                    }
                }
            }
            // a % b = a - b*trunc(a/b): d = da - db*trunc(a/b) (trunc is piecewise constant).
            BinaryOp::Rem => match db {
                None => da,
                Some(db) => {
                    let (pa, pb) = (self.p(a)?, self.p(b)?);
                    let q = self.bin(BinaryOp::Div, pa, pb);
                    let tq = self.emit(Inst::Math(MathFn::Trunc, vec![q]), None);
                    let dbq = self.bin(BinaryOp::Mul, db, tq);
                    match da {
                        Some(da) => Some(self.bin(BinaryOp::Sub, da, dbq)),
                        None => Some(self.emit(Inst::Unary(UnaryOp::Neg, dbq), None)),
                    }
                }
            },
            // Comparisons, bit and logical operators have no differentiable result.
            _ => None,
        })
    }

    fn construct_diff(
        &mut self,
        args: &[ValueId],
        ty: TypeId,
        dty: TypeId,
    ) -> Result<Option<ValueId>> {
        if args.iter().all(|&a| self.d_opt(a).is_none()) {
            return Ok(None);
        }
        let mut dargs = Vec::new();
        match self.module.types.kind(ty) {
            TypeKind::Struct(_) => {
                let map = self
                    .info
                    .struct_diff(ty)
                    .map(|sd| sd.fields.clone())
                    .unwrap_or_default();
                // The differential struct's fields in order, each from its primal field.
                let mut by_diff: Vec<(u32, ValueId)> = Vec::new();
                for (i, a) in args.iter().enumerate() {
                    if let Some(Some(j)) = map.get(i) {
                        by_diff.push((*j, *a));
                    }
                }
                if by_diff.is_empty() {
                    // No field carries a derivative (a differential of no fields): zero.
                    return Ok(None);
                }
                // A presence flag is the primal's (`Optional(v)`'s derivative is `Optional(dv)`).
                let flag = self.info.flag_fields.get(&ty).copied();
                if let Some(k) = flag
                    && let Some(&a) = args.get(k as usize)
                {
                    by_diff.push((k, a));
                }
                by_diff.sort_by_key(|(j, _)| *j);
                for (j, a) in by_diff {
                    if Some(j) == flag {
                        dargs.push(self.p(a)?);
                    } else {
                        dargs.push(self.d(a)?);
                    }
                }
            }
            _ => {
                for &a in args {
                    dargs.push(self.d(a)?);
                }
            }
        }
        Ok(Some(self.emit(Inst::Construct(dargs), Some(dty))))
    }

    /// Rules for the (bi)linear intrinsics (see `is_rule_math`); other intrinsics reaching here
    /// have no differentiable result.
    fn math_rule(&mut self, f: MathFn, args: &[ValueId]) -> Result<Option<ValueId>> {
        let ds: Vec<Option<ValueId>> = args.iter().map(|&a| self.d_opt(a)).collect();
        if ds.iter().all(Option::is_none) {
            return Ok(None);
        }
        let ps: Vec<ValueId> = args.iter().map(|&a| self.p(a)).collect::<Result<_>>()?;
        let math = |t: &mut Self, x: ValueId, y: ValueId| t.emit(Inst::Math(f, vec![x, y]), None);
        Ok(match f {
            MathFn::Dot | MathFn::Cross | MathFn::Mul => {
                let l = ds[0].map(|d0| math(self, d0, ps[1]));
                let r = ds[1].map(|d1| math(self, ps[0], d1));
                self.add_opt(l, r)
            }
            MathFn::Transpose => ds[0].map(|d0| self.emit(Inst::Math(f, vec![d0]), None)),
            MathFn::Mad | MathFn::Fma => {
                let l = ds[0].map(|d0| self.bin(BinaryOp::Mul, d0, ps[1]));
                let r = ds[1].map(|d1| self.bin(BinaryOp::Mul, ps[0], d1));
                let lr = self.add_opt(l, r);
                self.add_opt(lr, ds[2])
            }
            _ => None,
        })
    }

    /// An intrinsic with a differentiable result: call its registered forward derivative.
    fn math_call(&mut self, v: ValueId, f: MathFn, args: &[ValueId], ty: TypeId) -> Result<()> {
        let arg_tys: Vec<TypeId> = args
            .iter()
            .map(|&a| self.src_ty(a))
            .collect::<Result<_>>()?;
        let pargs: Vec<ValueId> = args.iter().map(|&a| self.p(a)).collect::<Result<_>>()?;
        let no_diff = self.info.no_diff_calls.contains(&(self.src_id, v));
        if no_diff || args.iter().all(|&a| self.d_opt(a).is_none()) {
            // Constant inputs or a `no_diff` call: the derivative is zero, keep the plain
            // intrinsic.
            let p = self.emit(Inst::Math(f, pargs), None);
            self.set(v, p, None);
            return Ok(());
        }
        // A non-differentiable operand (a lane index...) is passed as its plain value.
        let mut want = Vec::new();
        let mut paired = Vec::new();
        for &t in &arg_tys {
            let pair = self.info.pair_type(&mut self.module.types, t);
            paired.push(pair.is_some());
            want.push(pair.unwrap_or(t));
        }
        let ret_pair = self.info.pair_type(&mut self.module.types, ty);
        let candidates = self.info.math_fwd.get(&f).cloned().unwrap_or_default();
        let found = candidates.into_iter().find(|&d| {
            self.module.function(d).is_some_and(|df| {
                df.params.len() == want.len()
                    && df
                        .params
                        .iter()
                        .zip(&want)
                        .all(|(p, w)| p.dir == ParamDir::In && p.ty == *w)
                    && Some(df.ret) == ret_pair
            })
        });
        let Some(dfn) = found else {
            let tys: Vec<String> = arg_tys
                .iter()
                .map(|&t| self.module.types.display(t))
                .collect();
            return Err(DiffError::NoDerivative {
                function: self.src.name.clone(),
                intrinsic: format!("{}({})", f.name(), tys.join(", ")),
            });
        };
        let mut call_args = Vec::new();
        for (&a, is_paired) in args.iter().zip(paired) {
            let value = if is_paired { self.pair(a)? } else { self.p(a)? };
            call_args.push(Arg::Value(value));
        }
        let r = self.emit(Inst::Call(dfn, call_args), None);
        let p = self.emit(Inst::Extract(r, 0), None);
        let d = self.emit(Inst::Extract(r, 1), None);
        self.set(v, p, Some(d));
        Ok(())
    }

    fn call(&mut self, v: ValueId, f: FuncId, args: &[Arg]) -> Result<()> {
        let info = &self.info;
        let zero_derivative = info.no_diff_calls.contains(&(self.src_id, v))
            || info.treat_as_differentiable.contains(&f)
            || !(info.differentiable.contains(&f) || info.custom_fwd.contains_key(&f));
        let callee = self
            .module
            .function(f)
            .cloned()
            .ok_or_else(|| self.malformed(format!("call to unknown function #{}", f.0)))?;
        if callee.params.len() != args.len() {
            return Err(self.malformed(format!("call to {} with wrong arity", callee.name)));
        }
        if zero_derivative {
            let inst = self.primal_inst(&Inst::Call(f, args.to_vec()))?;
            let p = self.emit(inst, None);
            self.set(v, p, None);
            // Outputs of the call carry no derivative: clear their differentials.
            for (prm, a) in callee.params.iter().zip(args) {
                if prm.dir != ParamDir::In
                    && let Arg::Place(pl) = a
                    && let Some(dp) = self.diff_place(pl)?
                    && let Some(dty) = self.diff_ty(prm.ty)
                {
                    let z = self.zero(dty);
                    self.push(Stmt::Store {
                        place: dp,
                        value: z,
                    });
                }
            }
            return Ok(());
        }
        let fwd = request(self.module, self.info, self.worklist, f)?;
        let fwd_params = self
            .module
            .function(fwd)
            .map(|d| d.params.clone())
            .unwrap_or_default();
        if fwd_params.len() != args.len() {
            return Err(DiffError::BadSignature {
                function: callee.name.clone(),
                message: "forward derivative has a different parameter count".into(),
            });
        }
        let mut call_args = Vec::new();
        // (temporary pair local, primal place, differential place) to copy back after the call.
        let mut copy_back = Vec::new();
        // Differentials of `no_diff` outputs, zeroed after the call.
        let mut cleared = Vec::new();
        for (i, (prm, a)) in callee.params.iter().zip(args).enumerate() {
            let paired = param_paired(self.module, self.info, f, i);
            match (a, paired) {
                (Arg::Value(x), true) => call_args.push(Arg::Value(self.pair(*x)?)),
                (Arg::Value(x), false) => call_args.push(Arg::Value(self.p(*x)?)),
                (Arg::Place(pl), false) => {
                    call_args.push(Arg::Place(self.primal_place(pl)?));
                    // A `no_diff` output overwrites the place with a value without derivative.
                    if let Some(dp) = self.diff_place(pl)?
                        && let Some(dty) = self.diff_ty(prm.ty)
                    {
                        cleared.push((dp, dty));
                    }
                }
                (Arg::Place(pl), true) => {
                    let pair_ty = fwd_params[i].ty;
                    let tmp = self.new_local("pair", pair_ty);
                    let pp = self.primal_place(pl)?;
                    let dp = self.diff_place(pl)?;
                    if prm.dir == ParamDir::InOut {
                        let pv = self.emit(Inst::Load(pp.clone()), None);
                        let dv = match &dp {
                            Some(dp) => self.emit(Inst::Load(dp.clone()), None),
                            None => {
                                let dty = self.diff_ty(prm.ty).unwrap_or(prm.ty);
                                self.zero(dty)
                            }
                        };
                        let pair = self.emit(Inst::Construct(vec![pv, dv]), Some(pair_ty));
                        self.push(Stmt::Store {
                            place: Place::local(tmp),
                            value: pair,
                        });
                    }
                    call_args.push(Arg::Place(Place::local(tmp)));
                    copy_back.push((tmp, pp, dp));
                }
            }
        }
        let r = self.emit(Inst::Call(fwd, call_args), None);
        for (dp, dty) in cleared {
            let z = self.zero(dty);
            self.push(Stmt::Store {
                place: dp,
                value: z,
            });
        }
        for (tmp, pp, dp) in copy_back {
            let pv = self.emit(Inst::Load(Place::local(tmp).field(0)), None);
            self.push(Stmt::Store {
                place: pp,
                value: pv,
            });
            if let Some(dp) = dp {
                let dv = self.emit(Inst::Load(Place::local(tmp).field(1)), None);
                self.push(Stmt::Store {
                    place: dp,
                    value: dv,
                });
            }
        }
        if ret_paired(self.module, self.info, f) {
            let p = self.emit(Inst::Extract(r, 0), None);
            let d = self.emit(Inst::Extract(r, 1), None);
            self.set(v, p, Some(d));
        } else {
            self.set(v, r, None);
        }
        Ok(())
    }
}

/// Intrinsics differentiated by a rule in this file: linear or bilinear in their arguments.
pub(crate) fn is_rule_math(f: MathFn) -> bool {
    matches!(
        f,
        MathFn::Dot | MathFn::Cross | MathFn::Mul | MathFn::Transpose | MathFn::Mad | MathFn::Fma
    )
}
