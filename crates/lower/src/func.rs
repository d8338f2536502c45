//! Function bodies: hir statements and expressions to structured IR.
//!
//! Every hir local lives in an IR local (memory); reads of locals, parameters, fields and
//! elements are loads from places, writes are stores, so that assignment to any l-value is a
//! store to its place. Implicit conversions that hir inferred are made explicit here by
//! coercing each operand to the type its context needs.

use std::sync::Arc;

use hir::export::{
    BinaryOp as HOp, Literal as HLit, PostfixOp, PrefixOp, StmtId, enum_case_value,
    global_const_value, lookup_member_items, member_subst, normalize, property_data,
    struct_base_chain, subscript_data, swizzle_indices,
};
use hir::{
    Body, Expr, ExprId, ExprRes, FnKind, FunctionId, GenericArg, ItemDef, ItemKind, Len,
    ParamDir as HDir, Stmt, Ty,
};
use ir::{
    Arg, AtomicOp, BarrierKind, BinaryOp, Block, Builtin, FuncId, Inst, Literal, LoopAttrs, MathFn,
    Place, Scalar, SwitchCase, TypeId, TypeKind, UnaryOp, ValueId,
};
use rustc_hash::FxHashMap;

use crate::{Ctx, InstanceKey, LowerError, R, Subst, apply, internal, unsupported};

mod bytes;
mod counters;
mod dyn_data;
mod handles;
mod lambdas;
mod math_rows;
mod textures;

/// A signature of an instance in IR terms.
struct SigInfo {
    params: Vec<ir::Param>,
    ret: TypeId,
    /// The IR function takes `this` as its first parameter.
    has_this: bool,
    is_init: bool,
}

fn ir_dir(d: HDir) -> ir::ParamDir {
    match d {
        HDir::In => ir::ParamDir::In,
        HDir::Out => ir::ParamDir::Out,
        HDir::InOut | HDir::Ref => ir::ParamDir::InOut,
    }
}

fn signature(cx: &mut Ctx, key: &InstanceKey) -> R<SigInfo> {
    let sig = hir::fn_sig(cx.db, key.func);
    let data = hir::fn_data(cx.db, key.func);
    let is_init = data.kind == FnKind::Init;
    let has_this = sig.is_member && !sig.is_static && !is_init;
    let this = key.this_ty.as_ref();
    let mut params = Vec::new();
    if has_this {
        let this_ty = this.ok_or_else(|| internal("a method instance without a `this` type"))?;
        let ty = cx.ir_ty(this_ty)?;
        let dir = if sig.is_mutating {
            ir::ParamDir::InOut
        } else {
            ir::ParamDir::In
        };
        params.push(ir::Param {
            name: "this".into(),
            ty,
            dir,
        });
    }
    for p in &sig.params {
        match apply(&key.subst, this, &p.ty) {
            // A parameter pack: one parameter per element (`args_0`, `args_1`, ...).
            hir::Ty::Pack(items) => {
                for (k, t) in items.iter().enumerate() {
                    let ty = cx.ir_ty(t)?;
                    params.push(ir::Param {
                        name: format!("{}_{k}", p.name),
                        ty,
                        dir: ir_dir(p.dir),
                    });
                }
            }
            // Bound to a global per instance (see `resource_instance`): no IR parameter.
            t if cx.is_handle_only(&t) => {}
            t => {
                let ty = cx.ir_ty(&t)?;
                params.push(ir::Param {
                    name: p.name.to_string(),
                    ty,
                    dir: ir_dir(p.dir),
                });
            }
        }
    }
    let ret = if is_init {
        cx.ir_ty(this.ok_or_else(|| internal("an `__init` without its type"))?)?
    } else {
        cx.ir_ty(&apply(&key.subst, this, &sig.ret))?
    };
    Ok(SigInfo {
        params,
        ret,
        has_this,
        is_init,
    })
}

impl Ctx<'_> {
    /// The IR function of an instance; declared now and queued for lowering on first use.
    pub(crate) fn instance(&mut self, key: InstanceKey) -> R<FuncId> {
        if let Some(id) = self.instances.get(&key) {
            return Ok(*id);
        }
        let info = signature(self, &key)?;
        let name = self.instance_name(&key);
        let id = self.module.declare_function(&name, info.params, info.ret);
        self.instances.insert(key.clone(), id);
        self.pending.push((key.clone(), id));
        self.register_diff_facts(&key, id)?;
        Ok(id)
    }

    fn instance_name(&mut self, key: &InstanceKey) -> String {
        let data = hir::fn_data(self.db, key.func);
        let mut name = String::new();
        if let Some(Ty::Adt(d, _)) = &key.this_ty {
            name.push_str(&d.loc(self.db).name());
            name.push('_');
        }
        name.push_str(match data.kind {
            FnKind::Init => "init",
            FnKind::Getter => "get",
            FnKind::Setter => "set",
            _ => &data.name,
        });
        let sig = hir::fn_sig(self.db, key.func);
        for g in &sig.generics {
            if let Some(a) = hir::export::subst_lookup(&key.subst, g) {
                name.push('_');
                match a {
                    GenericArg::Type(Ty::Pack(items)) => {
                        let parts: Vec<String> = items.iter().map(|t| self.display(t)).collect();
                        name.push_str(&parts.join("_"));
                    }
                    GenericArg::Type(t) => name.push_str(&self.display(&t)),
                    GenericArg::Value(v) => name.push_str(&v.to_string()),
                }
            }
        }
        let name = name
            .replace("operator", "op")
            .replace('+', "add")
            .replace('-', "sub")
            .replace('*', "mul");
        self.fresh_name(&name)
    }
}

/// Lowers the entry point: system-value parameters take the builtin's own type (`uint3`, or
/// `uint` for `SV_GroupIndex`) and are converted to the declared type on entry.
pub(crate) fn lower_entry(cx: &mut Ctx, key: InstanceKey) -> R<(FuncId, Vec<Builtin>)> {
    let data = hir::fn_data(cx.db, key.func);
    let item = Some(ItemDef::Function(key.func));
    let mut builtins = Vec::new();
    let mut params = Vec::new();
    let sig = hir::fn_sig(cx.db, key.func);
    for (i, p) in data.params.iter().enumerate() {
        let at = |e: LowerError| LowerError {
            item,
            range: p.range,
            ..e
        };
        let Some((sem, _)) = p.semantic.clone() else {
            // A `uniform` parameter (a buffer or a uniform value) is a global bound after the
            // file's own, as Slang binds entry-point parameters.
            let ty = sig.params.get(i).map_or(Ty::Unknown, |s| s.ty.clone());
            let (g, handles) = cx.entry_uniform_global(&p.name, &ty).map_err(at)?;
            cx.entry_uniforms.insert(i as u32, g);
            if !handles.is_empty() {
                cx.entry_uniform_handles.insert(i as u32, handles);
            }
            continue;
        };
        let builtin = match sem.to_ascii_lowercase().as_str() {
            "sv_dispatchthreadid" => Builtin::DispatchThreadId,
            "sv_groupthreadid" => Builtin::GroupThreadId,
            "sv_groupid" => Builtin::GroupId,
            "sv_groupindex" => Builtin::GroupIndex,
            _ => return Err(at(unsupported(format!("the semantic `{sem}`")))),
        };
        let ty = match builtin {
            Builtin::GroupIndex => cx.module.types.u32(),
            _ => cx.module.types.vector(Scalar::U32, 3),
        };
        builtins.push(builtin);
        params.push(ir::Param {
            name: p.name.to_string(),
            ty,
            dir: ir::ParamDir::In,
        });
    }
    let void = cx.module.types.void();
    let id = cx.module.declare_function(&data.name, params, void);
    cx.instances.insert(key.clone(), id);
    lower_body(cx, key, id, true)?;
    Ok((id, builtins))
}

pub(crate) fn lower_instance(cx: &mut Ctx, key: InstanceKey, id: FuncId) -> R<()> {
    lower_body(cx, key, id, false)
}

fn lower_body(cx: &mut Ctx, key: InstanceKey, id: FuncId, is_entry: bool) -> R<()> {
    let db = cx.db;
    let data = hir::fn_data(db, key.func);
    let item = Some(ItemDef::Function(key.func));
    if !data.has_body {
        return Err(LowerError {
            item,
            range: data.name_range,
            ..unsupported(format!("a call to `{}`, which has no body", data.name))
        });
    }
    let declared = cx
        .module
        .function(id)
        .cloned()
        .ok_or_else(|| internal("a declared function is missing"))?;
    let info = if is_entry {
        SigInfo {
            params: declared.params.clone(),
            ret: declared.ret,
            has_this: false,
            is_init: false,
        }
    } else {
        signature(cx, &key)?
    };
    let body = hir::fn_body(db, key.func);
    let infer = hir::infer_function(db, key.func);
    let mut f = ir::Function {
        name: declared.name.clone(),
        params: info.params.clone(),
        ret: info.ret,
        locals: Vec::new(),
        values: Vec::new(),
        body: Vec::new(),
    };
    let offset = u32::from(info.has_this);
    // Accessors get parameters that are not written (`newValue`, subscript indices): count the
    // signature's.
    let hsig = hir::fn_sig(db, key.func);
    let param_count = hsig.params.len() as u32;
    // A parameter pack takes one IR parameter per element; later parameters shift.
    let pack_len = match hsig.variadic_from {
        Some(_) => (info.params.len() as u32).saturating_sub(offset + param_count - 1),
        None => 0,
    };
    let mut params: Vec<Place> = Vec::new();
    let mut pack_params: Vec<Place> = Vec::new();
    let mut next = offset;
    let bound = cx.resource_params.get(&id).cloned().unwrap_or_default();
    let mut param_handles: FxHashMap<u32, crate::Handles> = FxHashMap::default();
    let this_handles = bound
        .iter()
        .find(|(p, _)| *p == crate::THIS_PARAM)
        .map(|(_, h)| h.clone());
    for i in 0..param_count as usize {
        let handles = bound.iter().find(|(p, _)| *p == i as u32).map(|(_, h)| h);
        // A texture, sampler or buffer parameter is its global; a struct holding them is a
        // parameter of its plain fields with handles for the rest.
        let whole = handles.and_then(|h| h.iter().find(|(path, _)| path.is_empty()));
        let handle_only = hsig
            .params
            .get(i)
            .is_some_and(|p| cx.is_handle_only(&apply(&key.subst, key.this_ty.as_ref(), &p.ty)));
        if let Some((_, g)) = whole {
            params.push(Place::global(*g));
        } else if let Some(h) = handles
            && handle_only
        {
            // An array of resources: handles only, no IR parameter (its place is never read).
            param_handles.insert(i as u32, h.clone());
            let first = h.first().map(|(_, g)| *g);
            params.push(first.map_or(Place::param(next), Place::global));
        } else if let Some(h) = handles {
            param_handles.insert(i as u32, h.clone());
            params.push(Place::param(next));
            next += 1;
        } else if is_entry && let Some(g) = cx.entry_uniforms.get(&(i as u32)) {
            if let Some(h) = cx.entry_uniform_handles.get(&(i as u32)) {
                param_handles.insert(i as u32, h.clone());
            }
            // The entry point's `uniform` parameters are globals; the others keep their order.
            params.push(Place::global(*g));
        } else if hsig.variadic_from == Some(i) {
            pack_params = (next..next + pack_len).map(Place::param).collect();
            // Named alone (outside `each`), the pack has no single place.
            params.push(Place::param(next));
            next += pack_len;
        } else {
            params.push(Place::param(next));
            next += 1;
        }
    }
    let mut this_place = info.has_this.then(|| Place::param(0));
    let mut init_this = None;
    if info.is_init {
        f.locals.push(ir::Local {
            name: "this".into(),
            ty: info.ret,
        });
        let l = ir::LocalId(f.locals.len() as u32 - 1);
        this_place = Some(Place::local(l));
        init_this = Some(l);
    }
    let mut fl = FnLower {
        cx,
        id,
        item: ItemDef::Function(key.func),
        subst: key.subst.clone(),
        this_ty: key.this_ty.clone(),
        body: body.clone(),
        infer,
        f,
        blocks: vec![Vec::new()],
        locals: FxHashMap::default(),
        params,
        pack_params,
        pack_element: None,
        this_place,
        init_this,
        static_locals: FxHashMap::default(),
        local_handles: FxHashMap::default(),
        choices: Default::default(),
        param_handles,
        this_handles,
        breakables: Vec::new(),
        label_flags: FxHashMap::default(),
    };
    if let Some(l) = init_this {
        // Fields an `__init` leaves alone keep their declared defaults (`float y = 8.0;`).
        let z = if fl.cx.has_defaults(info.ret) {
            fl.struct_default(info.ret)?
        } else {
            fl.emit(Inst::Zero, Some(info.ret))?
        };
        fl.stmt(ir::Stmt::Store {
            place: Place::local(l),
            value: z,
        });
    }
    if is_entry {
        fl.convert_entry_params(&hir::fn_sig(db, key.func))?;
    }
    if let Some(root) = body.root_block {
        fl.lower_stmt(root)?;
    }
    if let Some(l) = init_this {
        let v = fl.emit(Inst::Load(Place::local(l)), None)?;
        fl.stmt(ir::Stmt::Return(Some(v)));
    }
    let mut f = fl.f;
    f.body = fl.blocks.pop().unwrap_or_default();
    if let Some(slot) = cx.module.function_mut(id) {
        *slot = f;
    }
    Ok(())
}

/// The initialiser of the mutable `static` global `g` (not a compile-time constant) lowered into
/// the entry function `entry` and stored to `place`: statements for the entry point to run first.
pub(crate) fn lower_static_init(
    cx: &mut Ctx,
    entry: FuncId,
    g: hir::GlobalId,
    place: Place,
    ty: TypeId,
) -> R<Vec<ir::Stmt>> {
    let body = hir::export::global_body(cx.db, g);
    let Some(root) = body.root_expr else {
        return Ok(Vec::new());
    };
    let f = cx
        .module
        .function(entry)
        .cloned()
        .ok_or_else(|| internal("the entry function is missing"))?;
    let mut fl = FnLower {
        infer: hir::export::infer_global(cx.db, g),
        cx,
        id: entry,
        item: ItemDef::Global(g),
        subst: Vec::new(),
        this_ty: None,
        body,
        f,
        blocks: vec![Vec::new()],
        locals: FxHashMap::default(),
        params: Vec::new(),
        pack_params: Vec::new(),
        pack_element: None,
        this_place: None,
        init_this: None,
        static_locals: FxHashMap::default(),
        local_handles: FxHashMap::default(),
        choices: Default::default(),
        param_handles: FxHashMap::default(),
        this_handles: None,
        breakables: Vec::new(),
        label_flags: FxHashMap::default(),
    };
    let value = fl.lower_value_as(root, ty)?;
    fl.stmt(ir::Stmt::Store { place, value });
    let stmts = fl.blocks.pop().unwrap_or_default();
    let f = fl.f;
    if let Some(slot) = cx.module.function_mut(entry) {
        *slot = f;
    }
    Ok(stmts)
}

/// A place that can be read and written.
#[derive(Clone, Debug)]
enum LPlace {
    Mem(Place),
    /// Components of a vector in memory (`v.xz`).
    Swizzle(Place, Vec<u8>),
    /// Several elements of a matrix in memory (`m._m01_m10`), read and written as a vector of
    /// type `.1`.
    Elements(Vec<Place>, TypeId),
    /// A property or subscript of a value in memory, read and written through its accessors.
    Accessor(Box<Accessor>),
    /// A texel of a storage texture (`tex[uint2(x, y)]`), read and written by texture operations.
    Texel {
        texture: ir::GlobalId,
        coords: ValueId,
        ty: TypeId,
    },
}

#[derive(Clone, Debug)]
struct Accessor {
    /// The property or subscript declaration (its owner's generic arguments apply).
    owner: hir::ItemLoc,
    recv: Place,
    this_ty: Ty,
    getter: Option<FunctionId>,
    setter: Option<FunctionId>,
    /// Subscript indices, already evaluated.
    args: Vec<ValueId>,
    ty: TypeId,
}

struct FnLower<'a, 'db> {
    cx: &'a mut Ctx<'db>,
    /// The IR function being built (for `no_diff` call sites).
    id: FuncId,
    item: ItemDef,
    subst: Subst,
    this_ty: Option<Ty>,
    body: Arc<Body>,
    infer: Arc<hir::InferenceResult>,
    f: ir::Function,
    blocks: Vec<Block>,
    locals: FxHashMap<hir::LocalId, ir::LocalId>,
    /// Where each hir parameter lives.
    params: Vec<Place>,
    /// Where each element of the parameter pack (`expand each T args`) lives.
    pack_params: Vec<Place>,
    /// The element of the packs being lowered, inside `expand` (`self.subst` then binds each
    /// type pack to that element's type).
    pack_element: Option<usize>,
    this_place: Option<Place>,
    /// The local holding the value under construction in an `__init`.
    init_this: Option<ir::LocalId>,
    /// Function-local `static` variables: private globals, kept between calls.
    static_locals: FxHashMap<hir::LocalId, ir::GlobalId>,
    /// Locals of texture, sampler or buffer type (`Texture2D t = gTex;`) and of structs holding
    /// them: WGSL has no resource variables, so each resource names the global it was given
    /// (see `func/handles.rs`).
    local_handles: FxHashMap<hir::LocalId, crate::Handles>,
    /// The same for parameters of struct type holding resources (bound per call) and for
    /// parameters bound to resource globals that were given fields.
    param_handles: FxHashMap<u32, crate::Handles>,
    /// The same for `this`, in methods of structs holding resources.
    this_handles: Option<crate::Handles>,
    /// Dynamic indices into arrays of resources, lowered as switches.
    choices: handles::HandleChoices,
    /// The loops and switches being lowered, innermost last (`break label;`).
    breakables: Vec<Breakable>,
    /// A `bool` local per labelled loop or switch that a `break label;` leaves from inside a
    /// nested one: set before the inner `break`, tested after each construct it passes.
    label_flags: FxHashMap<StmtId, ir::LocalId>,
}

/// A loop or `switch` being lowered.
struct Breakable {
    stmt: StmtId,
    /// Flags of labelled breaks that leave this construct on their way out: each is tested
    /// right after it (`if (flag) break;`), which leaves the next enclosing one.
    exits: Vec<ir::LocalId>,
}

impl<'a, 'db> FnLower<'a, 'db> {
    /// A lowerer for code of `item`'s body emitted into the IR function `f` (a lambda's
    /// `operator()`): no generic arguments, no `this`, parameters at `params`.
    fn for_body_part(
        cx: &'a mut Ctx<'db>,
        id: FuncId,
        item: FunctionId,
        f: ir::Function,
        params: Vec<Place>,
    ) -> Self {
        FnLower {
            body: hir::fn_body(cx.db, item),
            infer: hir::infer_function(cx.db, item),
            cx,
            id,
            item: ItemDef::Function(item),
            subst: Vec::new(),
            this_ty: None,
            f,
            blocks: vec![Vec::new()],
            locals: FxHashMap::default(),
            params,
            pack_params: Vec::new(),
            pack_element: None,
            this_place: None,
            init_this: None,
            static_locals: FxHashMap::default(),
            local_handles: FxHashMap::default(),
            param_handles: FxHashMap::default(),
            this_handles: None,
            choices: Default::default(),
            breakables: Vec::new(),
            label_flags: FxHashMap::default(),
        }
    }
}

impl FnLower<'_, '_> {
    // ---- building -------------------------------------------------------------------------

    fn locate(&self, mut e: LowerError, range: hir::TextRange) -> LowerError {
        if e.item.is_none() {
            e.item = Some(self.item);
            e.range = range;
        }
        e
    }

    fn stmt(&mut self, s: ir::Stmt) {
        if let Some(b) = self.blocks.last_mut() {
            b.push(s);
        }
    }

    fn emit(&mut self, inst: Inst, explicit: Option<TypeId>) -> R<ValueId> {
        // `N - 1` with a generic value `N`: folded, so that counting loops keep literal bounds.
        let inst = match inst {
            Inst::Binary(op, a, b) => match (self.int_literal(a), self.int_literal(b), op) {
                (Some(x), Some(y), BinaryOp::Add) => Inst::Literal(Literal::I32(x.wrapping_add(y))),
                (Some(x), Some(y), BinaryOp::Sub) => Inst::Literal(Literal::I32(x.wrapping_sub(y))),
                (Some(x), Some(y), BinaryOp::Mul) => Inst::Literal(Literal::I32(x.wrapping_mul(y))),
                _ => Inst::Binary(op, a, b),
            },
            // `float(1.5h)`: a half literal read as a float needs no f16 support on the device.
            Inst::Convert(a, Scalar::F32) => match self.f.value(a).map(|d| &d.inst) {
                Some(Inst::Literal(Literal::F16(x))) => {
                    Inst::Literal(Literal::F32(round_to_half(*x)))
                }
                _ => inst,
            },
            other => other,
        };
        let ctx = ir::infer::Ctx {
            globals: &self.cx.module.globals,
            functions: &self.cx.module.functions,
            params: &self.f.params,
            locals: &self.f.locals,
            values: &self.f.values,
        };
        let ty = match ir::infer::infer_type(&mut self.cx.module.types, &ctx, &inst) {
            Ok(Some(t)) => t,
            Ok(None) => explicit.ok_or_else(|| internal(format!("{inst:?} needs a type")))?,
            Err(e) => return Err(internal(e)),
        };
        let v = self.f.add_value(ty, inst);
        self.stmt(ir::Stmt::Let(v));
        Ok(v)
    }

    /// The value of an `int` literal.
    fn int_literal(&self, v: ValueId) -> Option<i32> {
        match self.f.value(v).map(|d| &d.inst) {
            Some(Inst::Literal(Literal::I32(x))) => Some(*x),
            _ => None,
        }
    }

    fn block(&mut self, f: impl FnOnce(&mut Self) -> R<()>) -> R<Block> {
        self.blocks.push(Vec::new());
        let r = f(self);
        let b = self.blocks.pop().unwrap_or_default();
        r.map(|_| b)
    }

    fn new_local(&mut self, name: &str, ty: TypeId) -> ir::LocalId {
        self.f.locals.push(ir::Local {
            name: name.to_string(),
            ty,
        });
        ir::LocalId(self.f.locals.len() as u32 - 1)
    }

    fn vty(&self, v: ValueId) -> TypeId {
        self.f.value_ty(v).unwrap_or(TypeId(u32::MAX))
    }

    fn kind(&self, t: TypeId) -> TypeKind {
        self.cx.module.types.kind(t).clone()
    }

    fn place_ty(&mut self, p: &Place) -> R<TypeId> {
        let ctx = ir::infer::Ctx {
            globals: &self.cx.module.globals,
            functions: &self.cx.module.functions,
            params: &self.f.params,
            locals: &self.f.locals,
            values: &self.f.values,
        };
        ir::infer::place_type(&mut self.cx.module.types, &ctx, p).map_err(internal)
    }

    fn lit(&mut self, l: Literal) -> R<ValueId> {
        self.emit(Inst::Literal(l), None)
    }

    fn literal_of(&mut self, s: Scalar, int: i64, float: f64) -> R<ValueId> {
        self.lit(match s {
            Scalar::Bool => Literal::Bool(int != 0),
            Scalar::I32 => Literal::I32(int as i32),
            Scalar::U32 => Literal::U32(int as u32),
            Scalar::I64 => Literal::I64(int),
            Scalar::U64 => Literal::U64(int as u64),
            Scalar::F16 => Literal::F16(float as f32),
            Scalar::F32 => Literal::F32(float as f32),
            Scalar::F64 => Literal::F64(float),
        })
    }

    /// The type of an expression, with this instance's generic arguments.
    fn ety(&self, e: ExprId) -> Ty {
        let t = apply(&self.subst, self.this_ty.as_ref(), &self.infer.expr_ty(e));
        normalize(self.cx.db, self.cx.file, &t)
    }

    fn ir_ty(&mut self, t: &Ty) -> R<TypeId> {
        let t = apply(&self.subst, self.this_ty.as_ref(), t);
        self.cx.ir_ty(&t)
    }

    /// `T.N` where `N` is an interface's associated constant (`static const int N;`, no
    /// value): the `static const N` of the concrete type bound to `T`.
    fn associated_const(&self, g: hir::GlobalId, base: ExprId) -> Option<hir::GlobalId> {
        let db = self.cx.db;
        let data = hir::export::global_data(db, g);
        if !data.in_type || hir::export::global_body(db, g).root_expr.is_some() {
            return None;
        }
        let Some(ExprRes::Type(t)) = self.res(base) else {
            return None;
        };
        let t = apply(&self.subst, self.this_ty.as_ref(), &t);
        let Ty::Adt(decl, _) = normalize(db, self.cx.file, &t) else {
            return None;
        };
        hir::type_decl_data(db, decl)
            .members
            .iter()
            .find_map(|m| match *m {
                ItemDef::Global(c)
                    if c != g && hir::export::global_data(db, c).name == data.name =>
                {
                    Some(c)
                }
                _ => None,
            })
    }

    fn res(&self, e: ExprId) -> Option<ExprRes> {
        self.infer.resolutions.get(&e).cloned()
    }

    /// Enums compute as their backing integer type.
    fn numeric_view(&self, t: &Ty) -> Ty {
        if let Ty::Adt(d, _) = t
            && self.cx.is_enum(t)
        {
            return Ty::Scalar(match self.cx.enum_backing(*d) {
                Scalar::U32 => hir::ScalarKind::UInt,
                _ => hir::ScalarKind::Int,
            });
        }
        t.clone()
    }

    // ---- conversions ----------------------------------------------------------------------

    /// Converts `v` to `to`: numeric conversion, scalar splat, vector/matrix truncation.
    fn coerce(&mut self, v: ValueId, to: TypeId) -> R<ValueId> {
        let from = self.vty(v);
        if from == to {
            return Ok(v);
        }
        if let Some(cases) = self.cx.dyn_types.get(&to).cloned() {
            return self.make_dyn(to, &cases, Some(v), None);
        }
        if self.cx.optional_inner(to) == Some(from) {
            let yes = self.lit(Literal::Bool(true))?;
            return self.emit(Inst::Construct(vec![v, yes]), Some(to));
        }
        // A derived struct converts to its base struct by reading the hidden base field.
        if let TypeKind::Struct(sid) = self.kind(from)
            && self
                .cx
                .module
                .types
                .struct_def(sid)
                .and_then(|d| d.fields.first())
                .is_some_and(|f| f.name == crate::types::BASE_FIELD)
        {
            let base = self.emit(Inst::Extract(v, 0), None)?;
            return self.coerce(base, to);
        }
        let (fk, tk) = (self.kind(from), self.kind(to));
        let types = &self.cx.module.types;
        let fail = || {
            internal(format!(
                "cannot convert `{}` to `{}`",
                types.display(from),
                types.display(to)
            ))
        };
        match (fk, tk) {
            (TypeKind::Scalar(_), TypeKind::Scalar(s)) => self.emit(Inst::Convert(v, s), None),
            (
                TypeKind::Scalar(a),
                TypeKind::Vector { scalar: s, .. } | TypeKind::Matrix { scalar: s, .. },
            ) => {
                let c = if a == s {
                    v
                } else {
                    self.emit(Inst::Convert(v, s), None)?
                };
                self.emit(Inst::Splat(c), Some(to))
            }
            (TypeKind::Vector { size: n, .. }, TypeKind::Vector { scalar: s, size: m })
                if n >= m =>
            {
                let t = if n > m {
                    self.emit(Inst::Swizzle(v, (0..m).collect()), None)?
                } else {
                    v
                };
                if self.vty(t) == to {
                    Ok(t)
                } else {
                    self.emit(Inst::Convert(t, s), None)
                }
            }
            (TypeKind::Vector { .. }, TypeKind::Scalar(s)) => {
                let x = self.emit(Inst::Extract(v, 0), None)?;
                if self.vty(x) == to {
                    Ok(x)
                } else {
                    self.emit(Inst::Convert(x, s), None)
                }
            }
            (
                TypeKind::Matrix {
                    rows: r1, cols: c1, ..
                },
                TypeKind::Matrix {
                    scalar,
                    rows: r2,
                    cols: c2,
                },
            ) if r1 >= r2 && c1 >= c2 => {
                if (r1, c1) == (r2, c2) {
                    return self.emit(Inst::Convert(v, scalar), None);
                }
                let row_ty = self.cx.module.types.vector(scalar, c2);
                let mut rows = Vec::new();
                for r in 0..r2 {
                    let row = self.emit(Inst::Extract(v, r as u32), None)?;
                    rows.push(self.coerce(row, row_ty)?);
                }
                self.emit(Inst::Construct(rows), Some(to))
            }
            _ => Err(fail()),
        }
    }

    fn as_bool(&mut self, v: ValueId) -> R<ValueId> {
        let t = self.vty(v);
        let b = self
            .cx
            .module
            .types
            .with_scalar(t, Scalar::Bool)
            .ok_or_else(|| internal("a condition that is not a scalar"))?;
        self.coerce(v, b)
    }

    // ---- statements -----------------------------------------------------------------------

    /// `static T x = init;` in a function: a private global that keeps its value between calls,
    /// initialised the first time the declaration runs (a flag global records that).
    fn lower_static_local(&mut self, local: hir::LocalId, init: Option<ExprId>) -> R<()> {
        let ty = self.infer.local_ty(local);
        let ty = self.ir_ty(&ty)?;
        let name = self.cx.fresh_name(&self.body.locals[local].name);
        let zero = crate::consts::zero(self.cx, ty)?;
        let g = self.cx.module.add_private_global(&name, ty, zero);
        self.static_locals.insert(local, g);
        let Some(init) = init else {
            return Ok(());
        };
        let flag_name = self.cx.fresh_name(&format!("{name}_initialised"));
        let bool_ty = self.cx.module.types.scalar(Scalar::Bool);
        let flag = self.cx.module.add_private_global(
            &flag_name,
            bool_ty,
            ir::ConstValue::Literal(Literal::Bool(false)),
        );
        let done = self.emit(Inst::Load(Place::global(flag)), None)?;
        let first = self.emit(Inst::Unary(UnaryOp::Not, done), None)?;
        let then_block = self.block(|b| {
            let v = b.lower_value_as(init, ty)?;
            b.stmt(ir::Stmt::Store {
                place: Place::global(g),
                value: v,
            });
            let yes = b.lit(Literal::Bool(true))?;
            b.stmt(ir::Stmt::Store {
                place: Place::global(flag),
                value: yes,
            });
            Ok(())
        })?;
        self.stmt(ir::Stmt::If {
            cond: first,
            then_block,
            else_block: Vec::new(),
        });
        Ok(())
    }

    fn lower_stmt(&mut self, s: StmtId) -> R<()> {
        let range = self.body.stmt_range(s);
        let breakable = matches!(
            self.body.stmts[s],
            Stmt::For { .. } | Stmt::While { .. } | Stmt::DoWhile { .. } | Stmt::Switch { .. }
        );
        let r = if breakable {
            self.lower_breakable(s)
        } else {
            self.lower_stmt_inner(s)
        };
        r.map_err(|e| self.locate(e, range))
    }

    /// A loop or `switch`, then the tests of the labelled breaks that leave it for an
    /// enclosing one. The IR's `break` leaves only the innermost construct, so `break outer;`
    /// sets `outer`'s flag and each construct between re-breaks while it is set.
    fn lower_breakable(&mut self, s: StmtId) -> R<()> {
        self.breakables.push(Breakable {
            stmt: s,
            exits: Vec::new(),
        });
        let lowered = self.block(|b| b.lower_stmt_inner(s));
        let exits = self.breakables.pop().map(|b| b.exits).unwrap_or_default();
        let lowered = lowered?;
        // Cleared on every entry: the construct may run again (inside another loop).
        if let Some(&flag) = self.label_flags.get(&s) {
            let no = self.lit(Literal::Bool(false))?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(flag),
                value: no,
            });
        }
        for st in lowered {
            self.stmt(st);
        }
        for flag in exits {
            let set = self.emit(Inst::Load(Place::local(flag)), None)?;
            self.stmt(ir::Stmt::If {
                cond: set,
                then_block: vec![ir::Stmt::Break],
                else_block: Vec::new(),
            });
        }
        Ok(())
    }

    /// `break label;` (hir resolved the label and reported unknown or unbreakable ones).
    fn lower_break_label(&mut self, label: hir::LabelId) -> R<()> {
        let data = &self.body.labels[label];
        let pos = data
            .target
            .and_then(|t| self.breakables.iter().rposition(|b| b.stmt == t));
        let Some(pos) = pos else {
            return Err(internal(format!(
                "`break {}` outside the statement it names",
                data.name
            )));
        };
        if pos + 1 < self.breakables.len() {
            let target = self.breakables[pos].stmt;
            let flag = match self.label_flags.get(&target) {
                Some(&f) => f,
                None => {
                    let bool_ty = self.cx.module.types.scalar(Scalar::Bool);
                    let f = self.new_local(&format!("break_{}", data.name), bool_ty);
                    self.label_flags.insert(target, f);
                    f
                }
            };
            let yes = self.lit(Literal::Bool(true))?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(flag),
                value: yes,
            });
            for b in &mut self.breakables[pos + 1..] {
                if !b.exits.contains(&flag) {
                    b.exits.push(flag);
                }
            }
        }
        self.stmt(ir::Stmt::Break);
        Ok(())
    }

    fn lower_stmt_inner(&mut self, s: StmtId) -> R<()> {
        match self.body.stmts[s].clone() {
            Stmt::Local { local, init } if self.body.locals[local].is_static => {
                self.lower_static_local(local, init)
            }
            Stmt::Local { local, init } if self.cx.is_handle_only(&self.infer.local_ty(local)) => {
                match init {
                    Some(init) => self.bind_local(local, init),
                    None => Ok(()),
                }
            }
            Stmt::Local { local, init } => {
                let hir_ty = self.infer.local_ty(local);
                if let Some(init) = init
                    && self.has_handles(&hir_ty)
                {
                    self.bind_local(local, init)?;
                }
                let ty = self.ir_ty(&hir_ty)?;
                let name = self.body.locals[local].name.to_string();
                let l = self.new_local(&name, ty);
                self.locals.insert(local, l);
                let value = match init {
                    Some(init) => Some(self.lower_value_as(init, ty)?),
                    None if self.cx.has_defaults(ty) => Some(self.struct_default(ty)?),
                    None => None,
                };
                if let Some(v) = value {
                    self.stmt(ir::Stmt::Store {
                        place: Place::local(l),
                        value: v,
                    });
                }
                Ok(())
            }
            Stmt::Expr(e) => {
                let mark = self.blocks.last().map_or(0, Vec::len);
                match self.lower_effect(e) {
                    Err(x) => match self.take_choice() {
                        // Stored through `arr[i]` of buffers: once per element.
                        Some((index, count)) => {
                            if let Some(b) = self.blocks.last_mut() {
                                b.truncate(mark);
                            }
                            self.lower_by_choice(index, count, None, |this| {
                                this.lower_effect(e).map(|_| None)
                            })
                            .map(|_| ())
                        }
                        None => Err(x),
                    },
                    ok => ok,
                }
            }
            Stmt::Block(stmts) | Stmt::Seq(stmts) => {
                for s in stmts {
                    self.lower_stmt(s)?;
                }
                Ok(())
            }
            Stmt::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let c = self.lower_cond(cond)?;
                let then_block = self.block(|b| b.lower_stmt(then_branch))?;
                let else_block = match else_branch {
                    Some(e) => self.block(|b| b.lower_stmt(e))?,
                    None => Vec::new(),
                };
                self.stmt(ir::Stmt::If {
                    cond: c,
                    then_block,
                    else_block,
                });
                Ok(())
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
                attrs,
            } => {
                if let Some(init) = init {
                    self.lower_stmt(init)?;
                }
                let loop_body = self.block(|b| {
                    if let Some(cond) = cond {
                        b.break_unless(cond)?;
                    }
                    b.lower_stmt(body)
                })?;
                let continuing = self.block(|b| match step {
                    Some(step) => b.lower_effect(step),
                    None => Ok(()),
                })?;
                let attrs = loop_attrs(&attrs);
                self.stmt(ir::Stmt::Loop {
                    body: loop_body,
                    continuing,
                    break_if: None,
                    attrs,
                });
                Ok(())
            }
            Stmt::While { cond, body, attrs } => {
                let loop_body = self.block(|b| {
                    b.break_unless(cond)?;
                    b.lower_stmt(body)
                })?;
                self.stmt(ir::Stmt::Loop {
                    body: loop_body,
                    continuing: Vec::new(),
                    break_if: None,
                    attrs: loop_attrs(&attrs),
                });
                Ok(())
            }
            Stmt::DoWhile { body, cond, attrs } => {
                let loop_body = self.block(|b| b.lower_stmt(body))?;
                let mut break_if = None;
                let continuing = self.block(|b| {
                    let c = b.lower_cond(cond)?;
                    break_if = Some(b.emit(Inst::Unary(UnaryOp::Not, c), None)?);
                    Ok(())
                })?;
                self.stmt(ir::Stmt::Loop {
                    body: loop_body,
                    continuing,
                    break_if,
                    attrs: loop_attrs(&attrs),
                });
                Ok(())
            }
            Stmt::Switch { scrutinee, cases } => self.lower_switch(scrutinee, &cases),
            Stmt::Break => {
                self.stmt(ir::Stmt::Break);
                Ok(())
            }
            Stmt::BreakLabel { name, target } => match target {
                Some(label) => self.lower_break_label(label),
                None => Err(internal(format!("`break {name}` names no label"))),
            },
            Stmt::Continue => {
                self.stmt(ir::Stmt::Continue);
                Ok(())
            }
            Stmt::Return(value) => {
                if let Some(l) = self.init_this {
                    let v = self.emit(Inst::Load(Place::local(l)), None)?;
                    self.stmt(ir::Stmt::Return(Some(v)));
                    return Ok(());
                }
                let v = match value {
                    Some(v) if !self.cx.module.types.is_void(self.f.ret) => {
                        let ret = self.f.ret;
                        Some(self.lower_value_as(v, ret)?)
                    }
                    Some(v) => {
                        self.lower_effect(v)?;
                        None
                    }
                    None => None,
                };
                self.stmt(ir::Stmt::Return(v));
                Ok(())
            }
            Stmt::Empty => Ok(()),
            Stmt::Discard => Err(unsupported("`discard` (compute shaders cannot discard)")),
            Stmt::IfLet {
                local,
                init,
                then_branch,
                else_branch,
            } => {
                let opt = self.lower_expr(init)?;
                if self.cx.optional_inner(self.vty(opt)).is_none() {
                    return Err(unsupported(
                        "`if (let ...)` on a value that is not an `Optional`",
                    ));
                }
                let has = self.emit(Inst::Extract(opt, 1), None)?;
                let ty = self.infer.local_ty(local);
                let ty = self.ir_ty(&ty)?;
                let name = self.body.locals[local].name.to_string();
                let l = self.new_local(&name, ty);
                self.locals.insert(local, l);
                let then_block = self.block(|b| {
                    let v = b.emit(Inst::Extract(opt, 0), None)?;
                    let v = b.coerce(v, ty)?;
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(l),
                        value: v,
                    });
                    b.lower_stmt(then_branch)
                })?;
                let else_block = match else_branch {
                    Some(e) => self.block(|b| b.lower_stmt(e))?,
                    None => Vec::new(),
                };
                self.stmt(ir::Stmt::If {
                    cond: has,
                    then_block,
                    else_block,
                });
                Ok(())
            }
        }
    }

    /// `if (!cond) break;`
    fn break_unless(&mut self, cond: ExprId) -> R<()> {
        // `if (c) {} else { break }`: the shape autodiff reads a counting loop's trip count from.
        let c = self.lower_cond(cond)?;
        self.stmt(ir::Stmt::If {
            cond: c,
            then_block: Vec::new(),
            else_block: vec![ir::Stmt::Break],
        });
        Ok(())
    }

    fn lower_cond(&mut self, e: ExprId) -> R<ValueId> {
        let v = self.lower_expr(e)?;
        self.as_bool(v)
    }

    fn lower_switch(&mut self, scrutinee: ExprId, cases: &[hir::export::SwitchCase]) -> R<()> {
        let v = self.lower_expr(scrutinee)?;
        let sel_scalar = match self.cx.module.types.scalar_of(self.vty(v)) {
            Some(Scalar::U32) => Scalar::U32,
            _ => Scalar::I32,
        };
        let sel_ty = self.cx.module.types.scalar(sel_scalar);
        let selector = self.coerce(v, sel_ty)?;
        let mut out: Vec<SwitchCase> = Vec::new();
        let mut pending_values: Vec<i64> = Vec::new();
        let mut pending_default = false;
        for case in cases {
            match case.value {
                Some(value) => pending_values.push(self.case_value(value)?),
                None => pending_default = true,
            }
            if case.body.is_empty() {
                continue;
            }
            let body = self.block(|b| {
                for s in &case.body {
                    b.lower_stmt(*s)?;
                }
                Ok(())
            })?;
            let ends = matches!(
                body.last(),
                Some(ir::Stmt::Break | ir::Stmt::Return(_) | ir::Stmt::Continue)
            );
            out.push(SwitchCase {
                values: std::mem::take(&mut pending_values),
                is_default: std::mem::take(&mut pending_default),
                body,
                fallthrough: !ends,
            });
        }
        if !pending_values.is_empty() || pending_default {
            out.push(SwitchCase {
                values: pending_values,
                is_default: pending_default,
                body: Vec::new(),
                fallthrough: false,
            });
        }
        if let Some(last) = out.last_mut() {
            last.fallthrough = false;
        }
        if !out.iter().any(|c| c.is_default) {
            out.push(SwitchCase {
                values: Vec::new(),
                is_default: true,
                body: Vec::new(),
                fallthrough: false,
            });
        }
        self.stmt(ir::Stmt::Switch {
            selector,
            cases: out,
        });
        Ok(())
    }

    fn case_value(&self, e: ExprId) -> R<i64> {
        match &self.body.exprs[e] {
            Expr::Literal(HLit::Int { value, .. }) => Ok(*value as i64),
            Expr::Literal(HLit::Bool(b)) => Ok(i64::from(*b)),
            Expr::Prefix {
                op: PrefixOp::Neg,
                expr,
            } => Ok(-self.case_value(*expr)?),
            Expr::Cast { expr, .. } => self.case_value(*expr),
            _ => match self.res(e) {
                Some(ExprRes::EnumCase(d, i)) => enum_case_value(self.cx.db, self.cx.file, d, i),
                Some(ExprRes::Global(g)) => global_const_value(self.cx.db, g),
                _ => None,
            }
            .map_or_else(
                || crate::consts::int_expr(self.cx, &self.body, &self.infer, e),
                Ok,
            ),
        }
    }

    // ---- expressions ----------------------------------------------------------------------

    /// Lowers an expression for its effects only.
    fn lower_effect(&mut self, e: ExprId) -> R<()> {
        let range = self.body.expr_range(e);
        match self.body.exprs[e].clone() {
            Expr::Call { callee, args } => self
                .lower_call(e, callee, &args)
                .map(|_| ())
                .map_err(|x| self.locate(x, range)),
            Expr::Binary {
                op: HOp::Comma,
                lhs,
                rhs,
            } => {
                self.lower_effect(lhs)?;
                self.lower_effect(rhs)
            }
            Expr::Assign { op: None, lhs, rhs } if self.cx.is_handle_only(&self.ety(lhs)) => self
                .bind_handles(lhs, rhs)
                .map_err(|x| self.locate(x, range)),
            Expr::Expand(inner) => {
                let n = self.expand_len(e).map_err(|x| self.locate(x, range))?;
                for k in 0..n {
                    self.in_pack_element(k, |this| this.lower_effect(inner))?;
                }
                Ok(())
            }
            // `no_diff update(v, n);` as a statement: the call may be void (no value for
            // `lower_expr`), so every call it emits is marked instead.
            Expr::NoDiff(inner) if matches!(self.body.exprs[inner], Expr::Call { .. }) => {
                let first = self.f.values.len();
                self.lower_effect(inner)?;
                for k in first..self.f.values.len() {
                    if matches!(self.f.values[k].inst, Inst::Call(..)) {
                        self.cx
                            .diff
                            .no_diff_calls
                            .insert((self.id, ValueId(k as u32)));
                    }
                }
                Ok(())
            }
            _ => self.lower_expr(e).map(|_| ()),
        }
    }

    /// Whether hir parameter `i` is the parameter pack.
    fn is_pack_param(&self, i: u32) -> bool {
        matches!(self.item, ItemDef::Function(f)
            if hir::fn_sig(self.cx.db, f).variadic_from == Some(i as usize))
    }

    /// How many elements the packs of the `expand` expression `e` have in this instance.
    fn expand_len(&self, e: ExprId) -> R<usize> {
        let Ty::Expand(_, pack) = self.infer.expr_ty(e) else {
            return Err(internal("an `expand` without a pack"));
        };
        match hir::export::subst_lookup(&self.subst, &pack) {
            Some(GenericArg::Type(t)) => t
                .pack_len()
                .ok_or_else(|| unsupported("an `expand` whose pack is not known here")),
            _ => Err(unsupported("an `expand` whose pack is not bound")),
        }
    }

    /// Runs `f` for element `k` of this instance's packs: each type pack is bound to its
    /// element's type and `each args` reads that element.
    fn in_pack_element<T>(&mut self, k: usize, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        if self.pack_element.is_some() {
            return Err(unsupported("an `expand` inside another `expand`"));
        }
        let saved = self.subst.clone();
        self.subst = saved
            .iter()
            .map(|(g, a)| match a {
                GenericArg::Type(Ty::Pack(items)) => match items.get(k) {
                    Some(t) => (g.clone(), GenericArg::Type(t.clone())),
                    None => (g.clone(), a.clone()),
                },
                _ => (g.clone(), a.clone()),
            })
            .collect();
        self.pack_element = Some(k);
        let r = f(self);
        self.pack_element = None;
        self.subst = saved;
        r
    }

    /// `makeTuple(expand each args, ...)`: one tuple element per spread argument.
    fn lower_spread_tuple(&mut self, args: &[ExprId], ty: TypeId) -> R<ValueId> {
        let fields: Vec<TypeId> = match self.kind(ty) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .map(|s| s.fields.iter().map(|f| f.ty).collect())
                .unwrap_or_default(),
            _ => return Err(internal("a tuple that is not a struct")),
        };
        let slots = self.spread_args(args)?;
        if slots.len() != fields.len() {
            return Err(internal("a tuple whose elements do not match its type"));
        }
        let mut vals = Vec::new();
        for (slot, field) in slots.into_iter().zip(fields) {
            vals.push(match slot {
                ArgSlot::Expr(a) => self.lower_value_as(a, field)?,
                ArgSlot::Element(a, k) => {
                    self.in_pack_element(k, |this| this.lower_value_as(a, field))?
                }
            });
        }
        self.emit(Inst::Construct(vals), Some(ty))
    }

    /// The arguments of a call with `expand` arguments spread out: one entry per element.
    fn spread_args(&self, args: &[ExprId]) -> R<Vec<ArgSlot>> {
        let mut out = Vec::new();
        for a in args {
            match self.body.exprs[*a] {
                Expr::Expand(inner) => {
                    let n = self.expand_len(*a)?;
                    out.extend((0..n).map(|k| ArgSlot::Element(inner, k)));
                }
                _ => out.push(ArgSlot::Expr(*a)),
            }
        }
        Ok(out)
    }

    /// Lowers `e` converted to `ty` (initialiser lists take their shape from `ty`).
    fn lower_value_as(&mut self, e: ExprId, ty: TypeId) -> R<ValueId> {
        if let Expr::InitList(items) = self.body.exprs[e].clone() {
            let range = self.body.expr_range(e);
            return self
                .lower_init_list(&items, ty)
                .map_err(|x| self.locate(x, range));
        }
        let range = self.body.expr_range(e);
        if self.cx.dyn_types.contains_key(&ty) && self.has_handles(&self.ety(e)) {
            // An interface value is a tag and the data of each conforming type (`dyn_data.rs`).
            let what = format!(
                "an interface-typed value made from `{}`, which holds textures, samplers or \
                 buffers (dynamic dispatch carries data only; a generic parameter \
                 `<S : IFace>` keeps the concrete type)",
                self.cx.display(&self.ety(e))
            );
            return Err(self.locate(unsupported(what), range));
        }
        let v = self.lower_expr(e)?;
        self.coerce(v, ty).map_err(|x| self.locate(x, range))
    }

    fn lower_expr(&mut self, e: ExprId) -> R<ValueId> {
        let range = self.body.expr_range(e);
        let mark = self.blocks.last().map_or(0, Vec::len);
        match self.lower_expr_inner(e) {
            Err(x) if !self.has_handles(&self.ety(e)) => match self.take_choice() {
                // Read through `arr[i]` of resources: once per element (`func/handles.rs`).
                Some((index, count)) => {
                    if let Some(b) = self.blocks.last_mut() {
                        b.truncate(mark);
                    }
                    let ty = self.ir_ty(&self.ety(e))?;
                    let local = self.lower_by_choice(index, count, Some(ty), |this| {
                        this.lower_expr(e).map(Some)
                    })?;
                    let local = local.ok_or_else(|| internal("a choice without its local"))?;
                    self.emit(Inst::Load(Place::local(local)), None)
                }
                None => Err(self.locate(x, range)),
            },
            r => r.map_err(|x| self.locate(x, range)),
        }
    }

    fn lower_expr_inner(&mut self, e: ExprId) -> R<ValueId> {
        match self.body.exprs[e].clone() {
            Expr::Literal(HLit::None) => {
                let ty = self.ety(e);
                let t = self.ir_ty(&ty)?;
                self.emit(Inst::Zero, Some(t))
            }
            Expr::Literal(lit) => {
                let ty = self.ety(e);
                let s = match &ty {
                    Ty::Scalar(k) => crate::types::scalar(*k),
                    _ => return Err(unsupported("this literal")),
                };
                match lit {
                    HLit::Int { value, .. } => self.literal_of(s, value as i64, value as f64),
                    HLit::Float { value, .. } => self.literal_of(s, value as i64, value),
                    HLit::Bool(b) => self.lit(Literal::Bool(b)),
                    _ => Err(unsupported("string and `none` literals")),
                }
            }
            Expr::Path(_)
            | Expr::This
            | Expr::Field { .. }
            | Expr::Index { .. }
            | Expr::Each(_) => {
                if let Some(p) = self.try_place(e)? {
                    return self.load_lplace(&p);
                }
                self.lower_rvalue_access(e)
            }
            Expr::Call { callee, args } => self
                .lower_call(e, callee, &args)?
                .ok_or_else(|| unsupported("the value of a `void` call")),
            Expr::Lambda { .. } => self.lower_lambda_value(e),
            Expr::Binary {
                op: HOp::Comma,
                lhs,
                rhs,
            } => {
                self.lower_effect(lhs)?;
                self.lower_expr(rhs)
            }
            Expr::Binary { op, lhs, rhs } => self.lower_binary(e, op, lhs, rhs),
            Expr::Assign { op, lhs, rhs } => self.lower_assign(op, lhs, rhs),
            Expr::Prefix { op, expr }
                if matches!(op, PrefixOp::Neg | PrefixOp::Not | PrefixOp::BitNot)
                    && matches!(self.ety(expr), Ty::Adt(..))
                    && !self.cx.is_enum(&self.ety(expr)) =>
            {
                let symbol = match op {
                    PrefixOp::Neg => "-",
                    PrefixOp::Not => "!",
                    _ => "~",
                };
                let ty = self.ety(expr);
                let f = self
                    .unary_operator(symbol, &ty)
                    .ok_or_else(|| unsupported(format!("operator `{symbol}` on this type")))?;
                self.call_function(e, f, None, None, None, &[expr])?
                    .ok_or_else(|| unsupported("a `void` operator"))
            }
            Expr::Prefix { op, expr } => match op {
                PrefixOp::Inc | PrefixOp::Dec => self.lower_step(expr, op == PrefixOp::Inc, true),
                PrefixOp::Plus => self.lower_expr(expr),
                PrefixOp::Neg => {
                    let v = self.lower_expr(expr)?;
                    let ty = self.ety(e);
                    let ty = self.numeric_view(&ty);
                    let t = self.ir_ty(&ty)?;
                    let v = self.coerce(v, t)?;
                    self.emit(Inst::Unary(UnaryOp::Neg, v), None)
                }
                PrefixOp::Not => {
                    let v = self.lower_expr(expr)?;
                    let v = self.as_bool(v)?;
                    self.emit(Inst::Unary(UnaryOp::Not, v), None)
                }
                PrefixOp::BitNot => {
                    let v = self.lower_expr(expr)?;
                    self.emit(Inst::Unary(UnaryOp::BitNot, v), None)
                }
            },
            Expr::Postfix { op, expr } => self.lower_step(expr, op == PostfixOp::Inc, false),
            Expr::Ternary {
                cond,
                then_branch,
                else_branch,
            } => {
                let ty = self.ety(e);
                let ty = self.ir_ty(&ty)?;
                let c = self.lower_expr(cond)?;
                let c = self.as_bool(c)?;
                if self
                    .cx
                    .module
                    .types
                    .vector_size(self.vty(c))
                    .is_some_and(|n| n > 1)
                {
                    let a = self.lower_value_as(then_branch, ty)?;
                    let b = self.lower_value_as(else_branch, ty)?;
                    return self.emit(
                        Inst::Select {
                            cond: c,
                            accept: a,
                            reject: b,
                        },
                        None,
                    );
                }
                // Only the chosen branch runs.
                let tmp = self.new_local("ternary", ty);
                let then_block = self.block(|b| {
                    let v = b.lower_value_as(then_branch, ty)?;
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(tmp),
                        value: v,
                    });
                    Ok(())
                })?;
                let else_block = self.block(|b| {
                    let v = b.lower_value_as(else_branch, ty)?;
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(tmp),
                        value: v,
                    });
                    Ok(())
                })?;
                self.stmt(ir::Stmt::If {
                    cond: c,
                    then_block,
                    else_block,
                });
                self.emit(Inst::Load(Place::local(tmp)), None)
            }
            Expr::Cast { expr, .. } => {
                let ty = self.ety(e);
                let t = self.ir_ty(&ty)?;
                self.lower_value_as(expr, t)
            }
            Expr::InitList(items) => {
                let ty = self.ety(e);
                let t = self.ir_ty(&ty)?;
                self.lower_init_list(&items, t)
            }
            Expr::NoDiff(inner) => {
                let v = self.lower_expr(inner)?;
                // Calls and intrinsics (`no_diff WaveActiveMax(x)`) carry no derivative there.
                if matches!(
                    self.f.value(v).map(|d| &d.inst),
                    Some(Inst::Call(..) | Inst::Math(..))
                ) {
                    self.cx.diff.no_diff_calls.insert((self.id, v));
                }
                Ok(v)
            }
            Expr::CountOf(inner) => {
                // `countof(T)` names a type; `countof(args)` and `countof(array)` a value.
                let ty = match self.res(inner) {
                    Some(ExprRes::Type(t)) => normalize(
                        self.cx.db,
                        self.cx.file,
                        &apply(&self.subst, self.this_ty.as_ref(), &t),
                    ),
                    _ => self.ety(inner),
                };
                match ty {
                    Ty::Array(_, Len::Known(n)) => self.lit(Literal::I32(n as i32)),
                    Ty::Pack(items) | Ty::Tuple(items) => {
                        self.lit(Literal::I32(items.len() as i32))
                    }
                    _ => Err(unsupported("`countof` of this value")),
                }
            }
            Expr::Expand(_) => Err(unsupported(
                "the value of an `expand` outside an argument list",
            )),
            Expr::Diff { .. } => Err(unsupported(
                "`fwd_diff`/`bwd_diff` (the autodiff passes run on the IR)",
            )),
            Expr::GenericApply { .. } => Err(unsupported("a generic function used as a value")),
            Expr::Is { expr, ty } => {
                let target = self.named_type(&ty)?;
                let (_, matches) = self.dyn_case_test(expr, &target)?;
                Ok(matches)
            }
            Expr::As { expr, .. } => {
                let opt = self.ety(e);
                let target = self
                    .cx
                    .adt_arg(&opt, "Optional")
                    .ok_or_else(|| internal("`as` without an Optional type"))?;
                let (payload, matches) = self.dyn_case_test(expr, &target)?;
                let opt_ty = self.ir_ty(&opt)?;
                let target_ty = self.ir_ty(&target)?;
                let value = match payload {
                    Some(v) => v,
                    None => self.emit(Inst::Zero, Some(target_ty))?,
                };
                self.emit(Inst::Construct(vec![value, matches]), Some(opt_ty))
            }
            Expr::SizeOf { .. } => match self.res(e) {
                Some(ExprRes::Type(t)) => {
                    let t = apply(&self.subst, self.this_ty.as_ref(), &t);
                    let size = crate::consts::natural_size(self.cx, &t)?;
                    self.lit(Literal::I32(size as i32))
                }
                _ => Err(unsupported("this `sizeof`")),
            },
            Expr::Missing => match self.body.unsupported.get(&e) {
                Some(what) => Err(unsupported(*what)),
                None => Err(internal("a missing expression")),
            },
        }
    }

    /// Field, swizzle, element and property reads of values that are not in memory.
    fn lower_rvalue_access(&mut self, e: ExprId) -> R<ValueId> {
        match self.body.exprs[e].clone() {
            Expr::Path(_) => match self.res(e) {
                Some(ExprRes::EnumCase(d, i)) => {
                    let v = enum_case_value(self.cx.db, self.cx.file, d, i)
                        .ok_or_else(|| unsupported("this enum case"))?;
                    let s = self.cx.enum_backing(d);
                    self.literal_of(s, v, v as f64)
                }
                Some(ExprRes::Property(p)) => {
                    let this = self
                        .this_place
                        .clone()
                        .ok_or_else(|| unsupported("a property outside a method"))?;
                    let this_ty = self
                        .this_ty
                        .clone()
                        .ok_or_else(|| internal("no `this` type"))?;
                    let recv = self.emit(Inst::Load(this), None)?;
                    self.property_get(p, recv, &this_ty)
                }
                _ => {
                    let Expr::Path(path) = &self.body.exprs[e] else {
                        return Err(internal("not a path"));
                    };
                    match self.generic_value(&path.last_name()) {
                        Some(n) => {
                            let t = self.ety(e);
                            let t = self.ir_ty(&t)?;
                            let v = self.lit(Literal::I32(n as i32))?;
                            self.coerce(v, t)
                        }
                        None => Err(unsupported("this name as a value")),
                    }
                }
            },
            Expr::Field { base, name, .. } => {
                let bt = self.ety(base);
                if let Some(ExprRes::Property(p)) = self.res(e) {
                    let recv = self.lower_expr(base)?;
                    return self.property_get(p, recv, &bt);
                }
                if let Some(ExprRes::EnumCase(d, i)) = self.res(e) {
                    let v = enum_case_value(self.cx.db, self.cx.file, d, i)
                        .ok_or_else(|| unsupported("this enum case"))?;
                    let s = self.cx.enum_backing(d);
                    return self.literal_of(s, v, v as f64);
                }
                let v = self.lower_expr(base)?;
                if let Some(ExprRes::Field(decl, i)) = self.res(e) {
                    let idx = self.member_index(&bt, decl, i, &name)?;
                    let v = self.extract_base(v, self.base_hops(&bt, decl))?;
                    return self.emit(Inst::Extract(v, idx), None);
                }
                if let Some(i) = tuple_index(&bt, &name) {
                    return self.emit(Inst::Extract(v, i), None);
                }
                if let Ty::Matrix(..) = bt
                    && let Some(elements) = matrix_elements(&name)
                {
                    let mut parts = Vec::new();
                    for (r, c) in elements {
                        let row = self.emit(Inst::Extract(v, r), None)?;
                        parts.push(self.emit(Inst::Extract(row, c), None)?);
                    }
                    if let [one] = parts.as_slice() {
                        return Ok(*one);
                    }
                    let t = self.ir_ty(&self.ety(e))?;
                    return self.emit(Inst::Construct(parts), Some(t));
                }
                if let Some(comps) = self.swizzle(&bt, &name) {
                    if matches!(bt, Ty::Scalar(_)) {
                        let t = self.ir_ty(&self.ety(e))?;
                        return self.coerce(v, t);
                    }
                    return if comps.len() == 1 {
                        self.emit(Inst::Extract(v, comps[0] as u32), None)
                    } else {
                        self.emit(Inst::Swizzle(v, comps), None)
                    };
                }
                Err(unsupported(format!("the member `{name}` here")))
            }
            Expr::Index { base, index } => {
                let bt = self.ety(base);
                if matches!(bt, Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..)) {
                    let v = self.lower_expr(base)?;
                    let i = self.lower_expr(index)?;
                    return self.emit(Inst::ExtractDyn(v, i), None);
                }
                if self.cx.texture_elem(&bt).is_some() {
                    let (texture, _) = self.texture_global(base)?;
                    let coords = self.texel_coords(texture, index)?;
                    return self.texel_load(texture, coords);
                }
                self.subscript_get(e, base, index, &bt)
            }
            _ => Err(internal("not an access expression")),
        }
    }

    /// Index of hir field `i` among the instance fields kept in the IR struct.
    /// The IR field of member `i` (`name`) of `decl` read on a value of type `base`: members of a
    /// synthesised `S.Differential` are found by name (it has only the differentiable fields).
    fn member_index(&mut self, base: &Ty, decl: hir::TypeDeclId, i: u32, name: &str) -> R<u32> {
        let base = apply(&self.subst, self.this_ty.as_ref(), base);
        if !matches!(base, Ty::Assoc(..)) {
            return Ok(self.field_index(decl, i));
        }
        // A derivative field of a base struct: its index in the base's differential, which the
        // caller reaches through the hidden base parts (`base_hops`).
        if let Some(owner) = self.differential_base_owner(&base, decl) {
            let owner_diff = normalize(
                self.cx.db,
                self.cx.file,
                &Ty::Assoc(Arc::new(owner), "Differential".into()),
            );
            return self.member_index(&owner_diff, decl, i, name);
        }
        let t = self.ir_ty(&base)?;
        let TypeKind::Struct(sid) = self.kind(t) else {
            return Ok(self.field_index(decl, i));
        };
        self.cx
            .module
            .types
            .struct_def(sid)
            .and_then(|d| d.fields.iter().position(|f| f.name == name))
            .map(|x| x as u32)
            .ok_or_else(|| unsupported(format!("the member `{name}` of this differential")))
    }

    fn field_index(&self, decl: hir::TypeDeclId, i: u32) -> u32 {
        let hidden_base = u32::from(crate::types::has_hidden_base(self.cx.db, decl));
        // Static fields and resource fields (handles, see `resources.rs`) are not stored.
        hidden_base
            + self
                .cx
                .stored_fields(decl)
                .iter()
                .filter(|k| **k < i as usize)
                .count() as u32
    }

    /// How many hidden base fields (`struct B : A`) lie between a value of type `ty` and the
    /// members of `decl`: 0 when `ty` is `decl` itself (or not a struct deriving from it).
    fn base_hops(&self, ty: &Ty, decl: hir::TypeDeclId) -> usize {
        let ty = apply(&self.subst, self.this_ty.as_ref(), ty);
        let ty = normalize(self.cx.db, self.cx.file, &ty);
        // A synthesised `B.Differential` holds `A.Differential` first, as `B` holds `A`.
        let primal = match &ty {
            Ty::Assoc(inner, name) if name == "Differential" => (**inner).clone(),
            // `gBlock.field` of a `ParameterBlock<B>` is `B`'s.
            _ => self.cx.uniform_block_arg(&ty).unwrap_or(ty),
        };
        if matches!(primal, Ty::Adt(d, _) if d == decl) {
            return 0;
        }
        hir::export::struct_base_chain(self.cx.db, &primal)
            .iter()
            .position(|b| matches!(b, Ty::Adt(d, _) if *d == decl))
            .map_or(0, |k| k + 1)
    }

    /// For a synthesised differential `B.Differential` and a field of base struct `decl`: the
    /// base type (with `B`'s arguments) whose differential holds the field.
    fn differential_base_owner(&self, diff: &Ty, decl: hir::TypeDeclId) -> Option<Ty> {
        let Ty::Assoc(inner, name) = diff else {
            return None;
        };
        if name != "Differential" || matches!(&**inner, Ty::Adt(d, _) if *d == decl) {
            return None;
        }
        hir::export::struct_base_chain(self.cx.db, inner)
            .into_iter()
            .find(|b| matches!(b, Ty::Adt(d, _) if *d == decl))
    }

    /// The receiver of method `f` of a base struct called on a derived value (`struct B : A`):
    /// the hidden base field, and its type. Other receivers are returned as they are.
    fn inherited_receiver(&mut self, f: hir::FunctionId, recv: Recv, recv_ty: Ty) -> R<(Recv, Ty)> {
        let db = self.cx.db;
        let Some(parent) = f
            .loc(db)
            .parent()
            .filter(|p| p.kind() == Some(ItemKind::Struct))
        else {
            return Ok((recv, recv_ty));
        };
        let hops = self.base_hops(&recv_ty, hir::TypeDeclId::new(db, parent));
        if hops == 0 {
            return Ok((recv, recv_ty));
        }
        let resolved = apply(&self.subst, self.this_ty.as_ref(), &recv_ty);
        let resolved = normalize(db, self.cx.file, &resolved);
        let Some(base_ty) = hir::export::struct_base_chain(db, &resolved)
            .get(hops - 1)
            .cloned()
        else {
            return Ok((recv, recv_ty));
        };
        let recv = match recv {
            Recv::Value(v) => Recv::Value(self.extract_base(v, hops)?),
            Recv::Place(LPlace::Mem(mut p)) => {
                for _ in 0..hops {
                    p = p.field(0);
                }
                Recv::Place(LPlace::Mem(p))
            }
            other => other,
        };
        Ok((recv, base_ty))
    }

    /// `v` read through `hops` hidden base fields.
    fn extract_base(&mut self, mut v: ValueId, hops: usize) -> R<ValueId> {
        for _ in 0..hops {
            v = self.emit(Inst::Extract(v, 0), None)?;
        }
        Ok(v)
    }

    fn swizzle(&self, ty: &Ty, name: &str) -> Option<Vec<u8>> {
        let len = match ty {
            Ty::Vector(_, Len::Known(n)) => *n,
            Ty::Scalar(_) => 1,
            _ => return None,
        };
        swizzle_indices(name, len)
            .ok()
            .map(|v| v.into_iter().map(|x| x as u8).collect())
    }

    /// The memory place an expression names, if it names one. Emits the index computations.
    fn try_place(&mut self, e: ExprId) -> R<Option<LPlace>> {
        Ok(match self.body.exprs[e].clone() {
            Expr::Path(_) => match self.res(e) {
                Some(ExprRes::Local(l)) if self.static_locals.contains_key(&l) => self
                    .static_locals
                    .get(&l)
                    .map(|g| LPlace::Mem(Place::global(*g))),
                Some(ExprRes::Local(l)) => {
                    let l = *self
                        .locals
                        .get(&l)
                        .ok_or_else(|| internal("a local used before its declaration"))?;
                    Some(LPlace::Mem(Place::local(l)))
                }
                Some(ExprRes::Param(i)) if self.is_pack_param(i) => {
                    return Err(unsupported(
                        "a parameter pack named without `each` (outside `countof`)",
                    ));
                }
                Some(ExprRes::Param(i)) => self.params.get(i as usize).cloned().map(LPlace::Mem),
                Some(ExprRes::Global(g)) => {
                    let ty = normalize(
                        self.cx.db,
                        self.cx.file,
                        &hir::export::global_ty(self.cx.db, g),
                    );
                    if self.cx.buffer_elem(&ty).is_some() {
                        return Ok(None);
                    }
                    Some(LPlace::Mem(self.cx.global_place(g)?))
                }
                Some(ExprRes::Field(..)) if self.cx.is_handle_only(&self.ety(e)) => {
                    return Err(resource_field_value());
                }
                Some(ExprRes::Field(decl, i)) => {
                    let mut this = self
                        .this_place
                        .clone()
                        .ok_or_else(|| unsupported("a field outside a method"))?;
                    if let Some(this_ty) = self.this_ty.clone() {
                        for _ in 0..self.base_hops(&this_ty, decl) {
                            this = this.field(0);
                        }
                    }
                    Some(LPlace::Mem(this.field(self.field_index(decl, i))))
                }
                Some(ExprRes::Property(p)) => match (self.this_place.clone(), self.this_ty.clone())
                {
                    (Some(this), Some(this_ty)) => Some(self.property_place(e, p, this, this_ty)?),
                    _ => None,
                },
                _ => None,
            },
            Expr::This => self.this_place.clone().map(LPlace::Mem),
            Expr::Each(inner) => match self.res(inner) {
                Some(ExprRes::Param(i)) if self.is_pack_param(i) => {
                    let k = self
                        .pack_element
                        .ok_or_else(|| internal("`each` outside `expand`"))?;
                    let place = self
                        .pack_params
                        .get(k)
                        .cloned()
                        .ok_or_else(|| internal("a pack element past the pack's end"))?;
                    Some(LPlace::Mem(place))
                }
                _ => return Err(unsupported("`each` of this expression")),
            },
            Expr::Field { base, name, .. } => {
                if let Some(ExprRes::Global(g)) = self.res(e) {
                    let g = self.associated_const(g, base).unwrap_or(g);
                    return Ok(Some(LPlace::Mem(self.cx.global_place(g)?)));
                }
                let bt = self.ety(base);
                if self.cx.is_diff_pair(&bt) && matches!(name.as_str(), "p" | "v" | "d") {
                    // `DifferentialPair<T>` is the struct `{p, d}`.
                    let Some(LPlace::Mem(recv)) = self.try_place(base)? else {
                        return Ok(None);
                    };
                    return Ok(Some(LPlace::Mem(recv.field(u32::from(name == "d")))));
                }
                if let Some(ExprRes::Property(p)) = self.res(e) {
                    // A property of an interface value is read through a dispatch on its tag.
                    if self.cx.is_interface(&bt) {
                        return Ok(None);
                    }
                    let Some(LPlace::Mem(recv)) = self.try_place(base)? else {
                        return Ok(None);
                    };
                    return Ok(Some(self.property_place(e, p, recv, bt)?));
                }
                if matches!(self.res(e), Some(ExprRes::Field(..)))
                    && self.cx.is_handle_only(&self.ety(e))
                {
                    return Err(resource_field_value());
                }
                let field = match self.res(e) {
                    Some(ExprRes::Field(decl, i)) => Some(self.member_index(&bt, decl, i, &name)?),
                    _ => tuple_index(&bt, &name),
                };
                if field.is_none()
                    && matches!(bt, Ty::Matrix(..))
                    && let Some([(r, c)]) = matrix_elements(&name).as_deref()
                {
                    let Some(LPlace::Mem(p)) = self.try_place(base)? else {
                        return Ok(None);
                    };
                    return Ok(Some(LPlace::Mem(p.index(*r).index(*c))));
                }
                if field.is_none()
                    && matches!(bt, Ty::Matrix(..))
                    && let Some(elements) = matrix_elements(&name)
                {
                    let Some(LPlace::Mem(p)) = self.try_place(base)? else {
                        return Ok(None);
                    };
                    let t = self.ir_ty(&self.ety(e))?;
                    let places = elements
                        .iter()
                        .map(|(r, c)| p.clone().index(*r).index(*c))
                        .collect();
                    return Ok(Some(LPlace::Elements(places, t)));
                }
                let swz = if field.is_none() && matches!(bt, Ty::Vector(..)) {
                    self.swizzle(&bt, &name)
                } else {
                    None
                };
                if field.is_none() && swz.is_none() {
                    return Ok(None);
                }
                let Some(LPlace::Mem(mut p)) = self.try_place(base)? else {
                    return Ok(None);
                };
                if let Some(ExprRes::Field(decl, _)) = self.res(e) {
                    for _ in 0..self.base_hops(&bt, decl) {
                        p = p.field(0);
                    }
                }
                match (field, swz) {
                    (Some(i), _) => Some(LPlace::Mem(p.field(i))),
                    (None, Some(c)) if c.len() == 1 => Some(LPlace::Mem(p.index(c[0] as u32))),
                    (None, Some(c)) => Some(LPlace::Swizzle(p, c)),
                    _ => None,
                }
            }
            Expr::Index { base, index } => {
                let bt = self.ety(base);
                if self.cx.texture_elem(&bt).is_some() {
                    let (texture, ty) = self.texture_global(base)?;
                    let coords = self.texel_coords(texture, index)?;
                    return Ok(Some(LPlace::Texel {
                        texture,
                        coords,
                        ty,
                    }));
                }
                if self.cx.buffer_elem(&bt).is_some() {
                    let g = self.buffer_global(base)?;
                    let i = self.lower_expr(index)?;
                    return Ok(Some(LPlace::Mem(Place::global(g).dynamic(i))));
                }
                if matches!(bt, Ty::Adt(..)) {
                    let arity = self.flatten_comma(index).len();
                    let Some(sub) = self.subscript_of(&bt, arity) else {
                        return Ok(None);
                    };
                    let Some(LPlace::Mem(recv)) = self.try_place(base)? else {
                        return Ok(None);
                    };
                    let data = subscript_data(self.cx.db, sub);
                    let ty = self.ety(e);
                    let ty = self.ir_ty(&ty)?;
                    let args = self
                        .flatten_comma(index)
                        .into_iter()
                        .map(|i| self.lower_expr(i))
                        .collect::<R<Vec<_>>>()?;
                    return Ok(Some(LPlace::Accessor(Box::new(Accessor {
                        owner: sub.loc(self.cx.db).clone(),
                        recv,
                        this_ty: bt,
                        getter: data.getter,
                        setter: data.setter,
                        args,
                        ty,
                    }))));
                }
                if !matches!(bt, Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..)) {
                    return Ok(None);
                }
                let Some(LPlace::Mem(p)) = self.try_place(base)? else {
                    return Ok(None);
                };
                match &self.body.exprs[index] {
                    Expr::Literal(HLit::Int { value, .. }) if *value < u32::MAX as u64 => {
                        Some(LPlace::Mem(p.index(*value as u32)))
                    }
                    _ => {
                        let i = self.lower_expr(index)?;
                        Some(LPlace::Mem(p.dynamic(i)))
                    }
                }
            }
            _ => None,
        })
    }

    fn lplace_ty(&mut self, p: &LPlace) -> R<TypeId> {
        match p {
            LPlace::Mem(p) => self.place_ty(p),
            LPlace::Swizzle(p, c) => {
                let t = self.place_ty(p)?;
                let s = self
                    .cx
                    .module
                    .types
                    .scalar_of(t)
                    .ok_or_else(|| internal("a swizzle of a non-vector"))?;
                Ok(self.cx.module.types.vector(s, c.len() as u8))
            }
            LPlace::Elements(_, ty) | LPlace::Texel { ty, .. } => Ok(*ty),
            LPlace::Accessor(a) => Ok(a.ty),
        }
    }

    fn load_lplace(&mut self, p: &LPlace) -> R<ValueId> {
        match p {
            LPlace::Mem(p) => self.emit(Inst::Load(p.clone()), None),
            LPlace::Swizzle(p, c) => {
                let v = self.emit(Inst::Load(p.clone()), None)?;
                self.emit(Inst::Swizzle(v, c.clone()), None)
            }
            LPlace::Elements(places, ty) => {
                let parts = places
                    .iter()
                    .map(|p| self.emit(Inst::Load(p.clone()), None))
                    .collect::<R<Vec<_>>>()?;
                self.emit(Inst::Construct(parts), Some(*ty))
            }
            LPlace::Accessor(a) => {
                let getter = a
                    .getter
                    .ok_or_else(|| unsupported("reading a property or subscript without `get`"))?;
                let recv = self.emit(Inst::Load(a.recv.clone()), None)?;
                self.accessor_get(&a.owner, getter, &a.this_ty, recv, a.args.clone())
            }
            LPlace::Texel {
                texture, coords, ..
            } => self.texel_load(*texture, *coords),
        }
    }

    /// Stores `v` (converted to the place's type) into the place.
    fn store_lplace(&mut self, p: &LPlace, v: ValueId) -> R<()> {
        let root = match p {
            LPlace::Mem(p) | LPlace::Swizzle(p, _) => Some(p.root),
            LPlace::Elements(places, _) => places.first().map(|p| p.root),
            LPlace::Accessor(a) => Some(a.recv.root),
            LPlace::Texel { .. } => None,
        };
        if let Some(ir::PlaceRoot::Global(g)) = root
            && self
                .cx
                .module
                .global(g)
                .is_some_and(|g| matches!(g.kind, ir::GlobalKind::Constant(_)) && !g.writable)
        {
            // hir reports assignments to constants; this guards the IR's invariant.
            return Err(unsupported("writing to a constant global"));
        }
        let t = self.lplace_ty(p)?;
        let v = self.coerce(v, t)?;
        match p {
            LPlace::Mem(p) => self.stmt(ir::Stmt::Store {
                place: p.clone(),
                value: v,
            }),
            LPlace::Swizzle(p, comps) => {
                for (k, c) in comps.iter().enumerate() {
                    let x = self.emit(Inst::Extract(v, k as u32), None)?;
                    self.stmt(ir::Stmt::Store {
                        place: p.clone().index(*c as u32),
                        value: x,
                    });
                }
            }
            LPlace::Elements(places, _) => {
                for (k, p) in places.iter().enumerate() {
                    let x = self.emit(Inst::Extract(v, k as u32), None)?;
                    self.stmt(ir::Stmt::Store {
                        place: p.clone(),
                        value: x,
                    });
                }
            }
            LPlace::Accessor(a) => {
                let setter = a
                    .setter
                    .ok_or_else(|| unsupported("writing a property or subscript without `set`"))?;
                let key = InstanceKey {
                    func: setter,
                    subst: member_subst(self.cx.db, self.cx.file, &a.owner, &a.this_ty),
                    this_ty: Some(a.this_ty.clone()),
                };
                let id = self.cx.instance(key)?;
                let params = self
                    .cx
                    .module
                    .function(id)
                    .map(|f| f.params.clone())
                    .unwrap_or_default();
                if params.len() != a.args.len() + 2 {
                    return Err(internal("setter arity"));
                }
                let mut args = vec![Arg::Place(a.recv.clone())];
                for (x, p) in a.args.iter().zip(&params[1..]) {
                    args.push(Arg::Value(self.coerce(*x, p.ty)?));
                }
                let last = params[params.len() - 1].ty;
                args.push(Arg::Value(self.coerce(v, last)?));
                self.emit(Inst::Call(id, args), None)?;
            }
            LPlace::Texel {
                texture, coords, ..
            } => {
                let read_only = self.cx.module.global(*texture).is_some_and(|g| {
                    matches!(
                        g.kind,
                        ir::GlobalKind::Texture {
                            access: ir::BufferAccess::Read,
                            ..
                        }
                    )
                });
                if read_only {
                    // hir reports writes to a sampled texture (no `set`); this guards the IR.
                    return Err(unsupported("writing to a read-only texture"));
                }
                self.emit(
                    Inst::Texture {
                        op: ir::TextureOp::Store,
                        texture: *texture,
                        args: vec![*coords, v],
                    },
                    None,
                )?;
            }
        }
        Ok(())
    }

    fn lvalue(&mut self, e: ExprId) -> R<LPlace> {
        let range = self.body.expr_range(e);
        self.try_place(e)?.ok_or_else(|| {
            self.locate(
                unsupported("assignment to this expression (properties, subscripts)"),
                range,
            )
        })
    }

    fn lower_assign(&mut self, op: Option<HOp>, lhs: ExprId, rhs: ExprId) -> R<ValueId> {
        if op.is_none() && self.has_handles(&self.ety(lhs)) {
            // The plain fields are stored below; the resources are handles.
            self.bind_handles(lhs, rhs)?;
        }
        let place = self.lvalue(lhs)?;
        let ty = self.lplace_ty(&place)?;
        let value = match op {
            None => self.lower_value_as(rhs, ty)?,
            Some(op) => {
                // The right side runs first (`y += y *= 3` adds to the updated `y`).
                let r = self.lower_expr(rhs)?;
                let cur = self.load_lplace(&place)?;
                let (lt, rt) = (self.ety(lhs), self.ety(rhs));
                let v = self.binary_values(op, cur, &lt, r, &rt)?;
                self.coerce(v, ty)?
            }
        };
        self.store_lplace(&place, value)?;
        Ok(value)
    }

    fn lower_step(&mut self, target: ExprId, inc: bool, prefix: bool) -> R<ValueId> {
        let place = self.lvalue(target)?;
        let old = self.load_lplace(&place)?;
        let ty = self.vty(old);
        let s = self
            .cx
            .module
            .types
            .scalar_of(ty)
            .ok_or_else(|| unsupported("`++`/`--` on this type"))?;
        let one = self.literal_of(s, 1, 1.0)?;
        let one = self.coerce(one, ty)?;
        let new = self.emit(
            Inst::Binary(if inc { BinaryOp::Add } else { BinaryOp::Sub }, old, one),
            None,
        )?;
        self.store_lplace(&place, new)?;
        Ok(if prefix { new } else { old })
    }

    fn lower_binary(&mut self, e: ExprId, op: HOp, lhs: ExprId, rhs: ExprId) -> R<ValueId> {
        if let Some(ExprRes::Function(f)) = self.res(e) {
            return self
                .call_function(e, f, None, None, None, &[lhs, rhs])?
                .ok_or_else(|| unsupported("a `void` operator"));
        }
        // `opt == none` / `opt != none`: whether the Optional is empty / holds a value.
        if matches!(op, HOp::Eq | HOp::Ne)
            && matches!(self.body.exprs[rhs], Expr::Literal(HLit::None))
            && self.cx.adt_arg(&self.ety(lhs), "Optional").is_some()
        {
            let opt = self.lower_expr(lhs)?;
            let has_value = self.emit(Inst::Extract(opt, 1), None)?;
            return if op == HOp::Eq {
                self.emit(Inst::Unary(UnaryOp::Not, has_value), None)
            } else {
                Ok(has_value)
            };
        }
        let (lt, rt) = (self.ety(lhs), self.ety(rhs));
        let scalar_logic = matches!(op, HOp::And | HOp::Or) && matches!(self.ety(e), Ty::Scalar(_));
        if scalar_logic {
            // Short-circuit: the right operand runs only when it decides the result.
            let bool_ty = self.cx.module.types.bool();
            let tmp = self.new_local("logic", bool_ty);
            let a = self.lower_cond(lhs)?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(tmp),
                value: a,
            });
            let eval_rhs = self.block(|b| {
                let v = b.lower_cond(rhs)?;
                b.stmt(ir::Stmt::Store {
                    place: Place::local(tmp),
                    value: v,
                });
                Ok(())
            })?;
            let (then_block, else_block) = if op == HOp::And {
                (eval_rhs, Vec::new())
            } else {
                (Vec::new(), eval_rhs)
            };
            self.stmt(ir::Stmt::If {
                cond: a,
                then_block,
                else_block,
            });
            return self.emit(Inst::Load(Place::local(tmp)), None);
        }
        let a = self.lower_expr(lhs)?;
        let b = self.lower_expr(rhs)?;
        self.binary_values(op, a, &lt, b, &rt)
    }

    /// A builtin binary operator on values of hir types `lt`/`rt`, with HLSL's promotions.
    fn binary_values(&mut self, op: HOp, a: ValueId, lt: &Ty, b: ValueId, rt: &Ty) -> R<ValueId> {
        let (lt, rt) = (self.numeric_view(lt), self.numeric_view(rt));
        let (Some(lk), Some(rk)) = (lt.scalar_kind(), rt.scalar_kind()) else {
            return Err(unsupported(format!(
                "operator `{}` on `{}` and `{}`",
                op.text(),
                self.cx.display(&lt),
                self.cx.display(&rt)
            )));
        };
        let shape = match (&lt, &rt) {
            (Ty::Scalar(_), other) => other.clone(),
            (other, Ty::Scalar(_)) => other.clone(),
            (Ty::Vector(_, Len::Known(1)), other) => other.clone(),
            _ => lt.clone(),
        };
        let mut common = if lk >= rk { lk } else { rk };
        let bool_ok = matches!(
            op,
            HOp::And | HOp::Or | HOp::Eq | HOp::Ne | HOp::BitAnd | HOp::BitOr | HOp::BitXor
        );
        if common == hir::ScalarKind::Bool && !bool_ok {
            common = hir::ScalarKind::Int;
        }
        if matches!(op, HOp::Shl | HOp::Shr) {
            let lty = self.ir_ty(&lt.clone())?;
            let lty = match (&lt, &shape) {
                (Ty::Scalar(_), Ty::Vector(..)) => self.ir_ty(&shape.with_scalar(lk))?,
                _ => lty,
            };
            let a = self.coerce(a, lty)?;
            let amount_kind = if rk.is_integer() {
                rk
            } else {
                hir::ScalarKind::UInt
            };
            let rty = self.ir_ty(&shape.with_scalar(amount_kind))?;
            let b = self.coerce(b, rty)?;
            let o = if op == HOp::Shl {
                BinaryOp::Shl
            } else {
                BinaryOp::Shr
            };
            return self.emit(Inst::Binary(o, a, b), None);
        }
        let cty = self.ir_ty(&shape.with_scalar(common))?;
        let a = self.coerce(a, cty)?;
        let b = self.coerce(b, cty)?;
        let o = match op {
            HOp::Add => BinaryOp::Add,
            HOp::Sub => BinaryOp::Sub,
            HOp::Mul => BinaryOp::Mul,
            HOp::Div => BinaryOp::Div,
            HOp::Rem => BinaryOp::Rem,
            HOp::BitAnd => BinaryOp::BitAnd,
            HOp::BitOr => BinaryOp::BitOr,
            HOp::BitXor => BinaryOp::BitXor,
            HOp::And => BinaryOp::LogicalAnd,
            HOp::Or => BinaryOp::LogicalOr,
            HOp::Eq => BinaryOp::Eq,
            HOp::Ne => BinaryOp::Ne,
            HOp::Lt => BinaryOp::Lt,
            HOp::Le => BinaryOp::Le,
            HOp::Gt => BinaryOp::Gt,
            HOp::Ge => BinaryOp::Ge,
            HOp::Shl | HOp::Shr | HOp::Comma => return Err(internal("operator handled elsewhere")),
        };
        let (a, b) = if matches!(o, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
            (self.as_bool(a)?, self.as_bool(b)?)
        } else {
            (a, b)
        };
        self.emit(Inst::Binary(o, a, b), None)
    }

    // ---- constructors and initialiser lists ----------------------------------------------

    fn lower_init_list(&mut self, items: &[ExprId], ty: TypeId) -> R<ValueId> {
        match self.kind(ty) {
            TypeKind::Array { elem, len } => {
                if items.len() > len as usize {
                    return Err(unsupported("a flattened initialiser list"));
                }
                let mut vals = Vec::new();
                for i in 0..len as usize {
                    vals.push(match items.get(i) {
                        Some(item) => self.lower_value_as(*item, elem)?,
                        None => self.emit(Inst::Zero, Some(elem))?,
                    });
                }
                self.emit(Inst::Construct(vals), Some(ty))
            }
            TypeKind::Struct(_) => {
                let items = &self.without_handle_items(items);
                if items.len() > self.memberwise_arity(ty) {
                    return Err(unsupported("a flattened initialiser list"));
                }
                let decl = match self.cx.struct_decl(ty) {
                    Some(Ty::Adt(d, _)) => Some(d),
                    _ => None,
                };
                self.memberwise(ty, decl, items)
            }
            TypeKind::Scalar(_) | TypeKind::Vector { .. } | TypeKind::Matrix { .. } => {
                if items.is_empty() {
                    return self.emit(Inst::Zero, Some(ty));
                }
                let vals: Vec<ValueId> = items
                    .iter()
                    .map(|i| self.lower_expr(*i))
                    .collect::<R<_>>()?;
                self.construct_numeric(ty, vals)
            }
            _ => Err(unsupported("an initialiser list of this type")),
        }
    }

    /// Struct `ty` (of declaration `decl`) built from `items` in field order, defaults for the
    /// fields left out. A base struct held in the hidden first field (`struct B : A`) takes the
    /// first items, as many as it has fields itself (slangc's `B(a_fields..., b_fields...)`).
    fn memberwise(
        &mut self,
        ty: TypeId,
        decl: Option<hir::TypeDeclId>,
        items: &[ExprId],
    ) -> R<ValueId> {
        let fields = self.struct_field_tys(ty);
        let mut vals = Vec::new();
        let mut rest = items;
        for (i, f) in fields.iter().enumerate() {
            if i == 0 && self.has_base_field(ty) {
                let taken = rest.len().min(self.memberwise_arity(*f));
                let base_decl = match self.cx.struct_decl(*f) {
                    Some(Ty::Adt(d, _)) => Some(d),
                    _ => None,
                };
                vals.push(self.memberwise(*f, base_decl, &rest[..taken])?);
                rest = &rest[taken..];
                continue;
            }
            let own = i - usize::from(self.has_base_field(ty));
            vals.push(match (rest.get(own), decl) {
                (Some(item), _) => self.lower_value_as(*item, *f)?,
                (None, Some(d)) => self.field_default(d, i, *f)?,
                (None, None) => self.emit(Inst::Zero, Some(*f))?,
            });
        }
        self.emit(Inst::Construct(vals), Some(ty))
    }

    /// How many items a memberwise construction of struct `ty` takes: its fields, with a hidden
    /// base field counted as the base's own arity.
    fn memberwise_arity(&self, ty: TypeId) -> usize {
        let fields = self.struct_field_tys(ty);
        match fields.first() {
            Some(base) if self.has_base_field(ty) => {
                self.memberwise_arity(*base) + fields.len() - 1
            }
            _ => fields.len(),
        }
    }

    fn struct_field_tys(&self, ty: TypeId) -> Vec<TypeId> {
        match self.kind(ty) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .map(|s| s.fields.iter().map(|f| f.ty).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Whether struct `ty` holds a base struct in its hidden first field (`struct B : A`).
    fn has_base_field(&self, ty: TypeId) -> bool {
        match self.kind(ty) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .and_then(|d| d.fields.first())
                .is_some_and(|f| f.name == crate::types::BASE_FIELD),
            _ => false,
        }
    }

    /// `float3(a, b, c)`, `float3(x)`, `float2x2(row0, row1)`, `int(x)`.
    fn construct_numeric(&mut self, ty: TypeId, vals: Vec<ValueId>) -> R<ValueId> {
        if vals.len() == 1 {
            return self.coerce(vals[0], ty);
        }
        match self.kind(ty) {
            TypeKind::Vector { scalar, .. } => {
                let mut parts = Vec::new();
                for v in vals {
                    let t = self.vty(v);
                    let want = self
                        .cx
                        .module
                        .types
                        .with_scalar(t, scalar)
                        .ok_or_else(|| unsupported("this constructor argument"))?;
                    parts.push(self.coerce(v, want)?);
                }
                self.emit(Inst::Construct(parts), Some(ty))
            }
            TypeKind::Matrix { scalar, rows, cols } => {
                let row_ty = self.cx.module.types.vector(scalar, cols);
                if vals.len() == rows as usize
                    && vals
                        .iter()
                        .all(|v| self.vty(*v) != self.cx.module.types.scalar(scalar) || cols == 1)
                {
                    let rows: Vec<ValueId> = vals
                        .into_iter()
                        .map(|v| self.coerce(v, row_ty))
                        .collect::<R<_>>()?;
                    return self.emit(Inst::Construct(rows), Some(ty));
                }
                let s_ty = self.cx.module.types.scalar(scalar);
                let mut flat = Vec::new();
                for v in vals {
                    match self.kind(self.vty(v)) {
                        TypeKind::Vector { size, .. } => {
                            for k in 0..size {
                                let x = self.emit(Inst::Extract(v, k as u32), None)?;
                                flat.push(self.coerce(x, s_ty)?);
                            }
                        }
                        _ => flat.push(self.coerce(v, s_ty)?),
                    }
                }
                self.emit(Inst::Construct(flat), Some(ty))
            }
            _ => Err(unsupported("this constructor")),
        }
    }

    fn construct(&mut self, e: ExprId, ty: &Ty, args: &[ExprId]) -> R<ValueId> {
        let t = self.ir_ty(ty)?;
        match self.kind(t) {
            TypeKind::Struct(_) => {
                if args.len() == 1 && self.ir_ty(&self.ety(args[0]))? == t {
                    return self.lower_expr(args[0]);
                }
                let decl = match ty {
                    Ty::Adt(d, _) => Some(*d),
                    _ => None,
                };
                let args = &self.without_handle_items(args);
                self.memberwise(t, decl, args)
            }
            TypeKind::Array { .. } => self.lower_init_list(args, t),
            _ => {
                let _ = e;
                let vals: Vec<ValueId> =
                    args.iter().map(|a| self.lower_expr(*a)).collect::<R<_>>()?;
                self.construct_numeric(t, vals)
            }
        }
    }

    // ---- calls ------------------------------------------------------------------------------

    /// Lowers a call; `None` for `void` results.
    fn lower_call(&mut self, e: ExprId, callee: ExprId, args: &[ExprId]) -> R<Option<ValueId>> {
        let (target, explicit) = match &self.body.exprs[callee] {
            Expr::GenericApply { base, args } => (*base, Some(args.clone())),
            _ => (callee, None),
        };
        if matches!(self.body.exprs[target], Expr::Diff { .. }) {
            let range = self.body.expr_range(target);
            return self
                .lower_diff_call(e, target, args)
                .map_err(|x| self.locate(x, range));
        }
        if let Expr::Field { base, name, .. } = &self.body.exprs[target]
            && name == "getCount"
            && args.is_empty()
            && let Ty::Array(_, Len::Known(n)) = self.ety(*base)
        {
            return self.lit(Literal::I32(n as i32)).map(Some);
        }
        let type_callee = match self.res(callee).or_else(|| self.res(target)) {
            Some(ExprRes::Type(t)) => Some(t),
            _ => None,
        };
        if let Some(ty) = type_callee {
            let ty = normalize(
                self.cx.db,
                self.cx.file,
                &apply(&self.subst, self.this_ty.as_ref(), &ty),
            );
            if let Some(ExprRes::Function(init)) = self.res(e) {
                // `T()` for `T : IDefaultInitializable` on a struct without an `__init()` of its
                // own: the implicit constructor (field defaults).
                let implicit = args.is_empty()
                    && self.resolve_requirement(init, &Some(ty.clone()), None) == init
                    && init.loc(self.cx.db).parent().and_then(|p| p.kind())
                        == Some(ItemKind::Interface)
                    && !self.cx.is_interface(&ty);
                if !implicit {
                    return self.call_function(e, init, Some(ty), None, None, args);
                }
            }
            return self.construct(e, &ty, args).map(Some);
        }
        if let Expr::Path(p) = &self.body.exprs[target]
            && p.last_name() == "makeTuple"
            && !matches!(self.res(e), Some(ExprRes::Function(_)))
        {
            let ty = self.ety(e);
            let t = self.ir_ty(&ty)?;
            if args
                .iter()
                .any(|a| matches!(self.body.exprs[*a], Expr::Expand(_)))
            {
                return self.lower_spread_tuple(args, t).map(Some);
            }
            return self.lower_init_list(args, t).map(Some);
        }
        if let Expr::Path(p) = &self.body.exprs[target]
            && matches!(p.last_name().as_str(), "printf" | "print")
            && !matches!(self.res(e), Some(ExprRes::Function(_)))
        {
            return self.lower_printf(args);
        }
        if !matches!(self.res(e), Some(ExprRes::Function(_)))
            && let Ty::Lambda(lambda) = self.ety(target)
        {
            let recv = self.lower_expr(target)?;
            return self.call_lambda(&lambda, recv, args);
        }
        let Some(ExprRes::Function(f)) = self.res(e) else {
            let name = match &self.body.exprs[target] {
                Expr::Path(p) => p.last_name().to_string(),
                Expr::Field { name, .. } => name.to_string(),
                _ => "this callee".into(),
            };
            return Err(unsupported(format!("a call to `{name}`")));
        };
        let sig = hir::fn_sig(self.cx.db, f);
        // A path or member naming the function is a method call; anything else (a local, a
        // field, a call's result) is the value `operator()` is called on.
        let names_function = matches!(self.body.exprs[target], Expr::Path(_) | Expr::Field { .. })
            && matches!(self.res(target), Some(ExprRes::Function(_)));
        if hir::fn_data(self.cx.db, f).name == hir::CALL_OPERATOR && !names_function {
            // `f(x)` on a value: `operator()` with the callee as receiver.
            let recv_ty = self.ety(target);
            let recv = if sig.is_mutating {
                Recv::Place(self.lvalue(target)?)
            } else {
                Recv::Value(self.lower_expr(target)?)
            };
            return self.call_function(e, f, Some(recv_ty), Some(recv), None, args);
        }
        match self.body.exprs[target].clone() {
            Expr::Field { base, .. }
                if !matches!(
                    self.res(base),
                    Some(ExprRes::Type(_)) | Some(ExprRes::Namespace)
                ) && sig.is_member =>
            {
                let bt = self.ety(base);
                if sig.is_static {
                    return self.call_function(e, f, Some(bt), None, explicit.as_deref(), args);
                }
                let recv = if sig.is_mutating || self.cx.adt_arg(&bt, "Atomic").is_some() {
                    Recv::Place(self.lvalue(base)?)
                } else if self.cx.buffer_elem(&bt).is_some() || self.cx.texture_elem(&bt).is_some()
                {
                    Recv::Buffer(base)
                } else {
                    Recv::Value(self.lower_expr(base)?)
                };
                let (recv, bt) = self.inherited_receiver(f, recv, bt)?;
                self.call_function(e, f, Some(bt), Some(recv), explicit.as_deref(), args)
            }
            Expr::Field { base, .. } if sig.is_member => {
                let ty = match self.res(base) {
                    Some(ExprRes::Type(t)) => Some(normalize(
                        self.cx.db,
                        self.cx.file,
                        &apply(&self.subst, self.this_ty.as_ref(), &t),
                    )),
                    _ => None,
                };
                self.call_function(e, f, ty, None, explicit.as_deref(), args)
            }
            _ if sig.is_member && !sig.is_static => {
                // A method named without `this.`.
                let this = self
                    .this_place
                    .clone()
                    .ok_or_else(|| unsupported("a method call without `this`"))?;
                let recv = if sig.is_mutating {
                    Recv::Place(LPlace::Mem(this))
                } else {
                    Recv::Value(self.emit(Inst::Load(this), None)?)
                };
                let (recv, this_ty) = match self.this_ty.clone() {
                    Some(t) => {
                        let (recv, t) = self.inherited_receiver(f, recv, t)?;
                        (recv, Some(t))
                    }
                    None => (recv, None),
                };
                self.call_function(e, f, this_ty, Some(recv), explicit.as_deref(), args)
            }
            _ if sig.is_member => {
                let this_ty = self.this_ty.clone();
                self.call_function(e, f, this_ty, None, explicit.as_deref(), args)
            }
            _ => self.call_function(e, f, None, None, explicit.as_deref(), args),
        }
    }

    /// Binds the generic parameters of `f` from argument and result types.
    fn instance_key(
        &mut self,
        e: ExprId,
        f: FunctionId,
        this_ty: Option<Ty>,
        explicit: &[GenericArg],
        args: &[ExprId],
    ) -> R<InstanceKey> {
        let db = self.cx.db;
        let sig = hir::fn_sig(db, f);
        // A method called on a `ParameterBlock<S>` / `ConstantBuffer<S>` is `S`'s (the blocks
        // have no members): `S`'s generic arguments come from it.
        let this_ty = this_ty.map(|t| self.cx.uniform_block_arg(&t).unwrap_or(t));
        let outer = match &this_ty {
            Some(t) => member_subst(db, self.cx.file, f.loc(db), t),
            None => Vec::new(),
        };
        let mut own: Subst = match self.recorded_generic_args(e, &sig) {
            Some(own) => own,
            None => sig
                .generics
                .iter()
                .cloned()
                .zip(explicit.iter().cloned())
                .collect(),
        };
        if !sig.generics.is_empty() && own.len() < sig.generics.len() {
            // Fallback where hir records no generic arguments: unary operators on structs
            // (`-c` calling a generic `operator-`), which hir types without resolving a call.
            let this = this_ty.as_ref();
            let ret = apply(&outer, this, &sig.ret);
            let result = self.ety(e);
            unify(&ret, &result, &sig.generics, &mut own);
            for (p, a) in sig.params.iter().zip(args) {
                let pt = apply(&outer, this, &p.ty);
                let at = self.ety(*a);
                unify(&pt, &at, &sig.generics, &mut own);
            }
        }
        let mut subst = outer;
        for g in &sig.generics {
            match hir::export::subst_lookup(&own, g) {
                Some(a) => subst.push((g.clone(), a)),
                None => {
                    return Err(unsupported(format!(
                        "a call whose generic argument `{}` is not inferred from its arguments",
                        g.name
                    )));
                }
            }
        }
        Ok(InstanceKey {
            func: f,
            subst,
            this_ty: if sig.is_member { this_ty } else { None },
        })
    }

    /// The callee's own generic arguments that hir chose for the call `e`
    /// (`hir::call_generic_args`), in this instance's terms. hir records them for the
    /// declaration it resolved; when lowering calls another one (an interface requirement's
    /// implementation on a concrete type) they carry over by position.
    fn recorded_generic_args(&self, e: ExprId, sig: &hir::FnSig) -> Option<Subst> {
        let recorded = self.infer.generic_args_of(e)?;
        let own: Vec<&GenericArg> = recorded
            .iter()
            .filter(|(p, _)| matches!(p.owner, hir::export::GenericOwner::Function(_)))
            .map(|(_, a)| a)
            .collect();
        if own.len() != sig.generics.len() {
            return None;
        }
        Some(
            sig.generics
                .iter()
                .zip(own)
                .map(|(g, a)| (g.clone(), self.instance_arg(a)))
                .collect(),
        )
    }

    /// A generic argument written in this function's terms, with this instance's bindings.
    fn instance_arg(&self, a: &GenericArg) -> GenericArg {
        match a {
            GenericArg::Type(t) => GenericArg::Type(normalize(
                self.cx.db,
                self.cx.file,
                &apply(&self.subst, self.this_ty.as_ref(), t),
            )),
            GenericArg::Value(v) => {
                GenericArg::Value(v.subst(&|p| hir::export::subst_lookup(&self.subst, &p)))
            }
        }
    }

    /// An interface requirement called on a concrete type: the type's implementation.
    fn resolve_requirement(
        &self,
        f: FunctionId,
        this_ty: &Option<Ty>,
        call_args: Option<&[ExprId]>,
    ) -> FunctionId {
        let db = self.cx.db;
        let Some(this) = this_ty else { return f };
        let in_interface = f.loc(db).parent().and_then(|p| p.kind()) == Some(ItemKind::Interface);
        if !in_interface || matches!(this, Ty::Param(_) | Ty::Assoc(..) | Ty::This) {
            return f;
        }
        let data = hir::fn_data(db, f);
        let req_sig = hir::fn_sig(db, f);
        // A requirement with a parameter pack (`IFunc`'s `operator()`) is met by a method taking
        // the pack's types: as many parameters as the call has arguments, and among overloads
        // (`operator()(int)` and `operator()(float3)`) the one taking the arguments' types.
        let pack_args = call_args.filter(|_| req_sig.variadic_from.is_some());
        let arity = pack_args.map_or(req_sig.params.len(), <[ExprId]>::len);
        let impls: Vec<FunctionId> = lookup_member_items(db, self.cx.file, this, &data.name)
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Function(g) => Some(g),
                _ => None,
            })
            .filter(|g| {
                *g != f
                    && hir::fn_sig(db, *g).params.len() == arity
                    && hir::fn_data(db, *g).has_body
                    && g.loc(db).parent().and_then(|p| p.kind()) != Some(ItemKind::Interface)
            })
            .collect();
        let takes_args = |g: &FunctionId| {
            let Some(args) = pack_args else { return true };
            let outer = member_subst(db, self.cx.file, g.loc(db), this);
            hir::fn_sig(db, *g).params.iter().zip(args).all(|(p, a)| {
                normalize(db, self.cx.file, &apply(&outer, Some(this), &p.ty)) == self.ety(*a)
            })
        };
        impls
            .iter()
            .copied()
            .find(takes_args)
            .or_else(|| impls.first().copied())
            .unwrap_or(f)
    }

    /// `a.lessThan(b)`, `a.add(b)`, `a.neg()`...: the IComparable / IArithmetic requirements
    /// called on a builtin scalar, vector or matrix, which have no bodies (the operators
    /// implement them). `None` for any other call.
    fn builtin_requirement(
        &mut self,
        f: FunctionId,
        this_ty: &Option<Ty>,
        recv: &Option<Recv>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let db = self.cx.db;
        let (Some(this), Some(Recv::Value(a))) = (this_ty, recv) else {
            return Ok(None);
        };
        let this = normalize(
            db,
            self.cx.file,
            &apply(&self.subst, self.this_ty.as_ref(), this),
        );
        let in_interface = f.loc(db).parent().and_then(|p| p.kind()) == Some(ItemKind::Interface);
        if !in_interface || !matches!(this, Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..)) {
            return Ok(None);
        }
        let op = match hir::fn_data(db, f).name.as_str() {
            "neg" if args.is_empty() => {
                return self.emit(Inst::Unary(UnaryOp::Neg, *a), None).map(Some);
            }
            "lessThan" => HOp::Lt,
            "lessThanOrEquals" => HOp::Le,
            "equals" => HOp::Eq,
            "add" => HOp::Add,
            "sub" => HOp::Sub,
            "mul" => HOp::Mul,
            "div" => HOp::Div,
            "mod" => HOp::Rem,
            _ => return Ok(None),
        };
        let [other] = args else { return Ok(None) };
        let b = self.lower_expr(*other)?;
        let other_ty = self.ety(*other);
        self.binary_values(op, *a, &this, b, &other_ty).map(Some)
    }

    fn call_function(
        &mut self,
        e: ExprId,
        f: FunctionId,
        this_ty: Option<Ty>,
        recv: Option<Recv>,
        explicit: Option<&[hir::export::GenericArgRef]>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        // `f(x)` in generic code whose `F : IFunc<...>` is bound to a lambda.
        if let Some(Ty::Lambda(lambda)) = &this_ty
            && hir::fn_data(self.cx.db, f).name == hir::CALL_OPERATOR
        {
            let recv = match recv {
                Some(Recv::Value(v)) => v,
                Some(Recv::Place(lp)) => self.load_lplace(&lp)?,
                _ => return Err(unsupported("this lambda receiver")),
            };
            return self.call_lambda(lambda, recv, args);
        }
        let f = self.resolve_requirement(f, &this_ty, Some(args));
        if let Some(v) = self.builtin_requirement(f, &this_ty, &recv, args)? {
            return Ok(Some(v));
        }
        let data = hir::fn_data(self.cx.db, f);
        let sig = hir::fn_sig(self.cx.db, f);
        if args.len() > sig.params.len() && sig.variadic_from.is_none() {
            return Err(internal("a call with more arguments than parameters"));
        }
        let explicit = self.explicit_args(e, f, explicit)?;
        if data.name == "createDynamicObject" && !data.has_body {
            let ty = self.ety(e);
            let t = self.ir_ty(&ty)?;
            if !self.cx.dyn_types.contains_key(&t) {
                return Err(unsupported("`createDynamicObject` of this type"));
            }
            let first = args
                .first()
                .ok_or_else(|| internal("createDynamicObject arity"))?;
            let u32_ty = self.cx.module.types.u32();
            let tag = self.lower_value_as(*first, u32_ty)?;
            let data = match args.get(1) {
                Some(a) => Some(self.lower_expr(*a)?),
                None => None,
            };
            return self.dyn_from_data(t, tag, data).map(Some);
        }
        if let (Some(Ty::Adt(d, _)), Some(Recv::Value(v))) = (&this_ty, &recv)
            && hir::type_decl_data(self.cx.db, *d).kind == hir::TypeDeclKind::Interface
        {
            let iface = this_ty.clone().unwrap_or(Ty::Unknown);
            return self.dynamic_call(e, f, &iface, *v, &explicit, args);
        }
        let key = self.instance_key(e, f, this_ty, &explicit, args)?;
        if let Some(attr) = data.attr("__intrinsic") {
            let name = match attr.args.first() {
                Some(hir::export::AttrArg::String(s)) => s.clone(),
                _ => data.name.to_string(),
            };
            return self.intrinsic(&name, &data.name, &key, recv, args);
        }
        let bound = self.resource_args(e, &key, args)?;
        let id = self.cx.resource_instance(key.clone(), bound)?;
        let params = self
            .cx
            .module
            .function(id)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        let mut ir_args = Vec::new();
        let mut writebacks: Vec<(LPlace, ir::LocalId)> = Vec::new();
        let mut param_iter = params.iter();
        if sig.is_member && !sig.is_static && data.kind != FnKind::Init {
            let p = param_iter
                .next()
                .ok_or_else(|| internal("a method without `this`"))?
                .clone();
            match recv {
                Some(Recv::Value(v)) => ir_args.push(Arg::Value(self.coerce(v, p.ty)?)),
                Some(Recv::Place(lp)) => {
                    if p.dir == ir::ParamDir::In {
                        let v = self.load_lplace(&lp)?;
                        ir_args.push(Arg::Value(v));
                    } else {
                        ir_args.push(self.place_arg(lp, p.ty, true, &mut writebacks)?);
                    }
                }
                _ => return Err(unsupported("this method receiver")),
            }
        }
        let slots = self.without_resource_args(self.spread_args(args)?);
        for (i, p) in param_iter.enumerate() {
            let arg = match slots.get(i) {
                Some(ArgSlot::Expr(a)) => self.lower_arg(*a, p, &mut writebacks)?,
                Some(ArgSlot::Element(a, k)) => {
                    self.in_pack_element(*k, |this| this.lower_arg(*a, p, &mut writebacks))?
                }
                // Parameters after the pack cannot have been left out (the pack takes the rest).
                None if sig.variadic_from.is_some() => {
                    return Err(internal("a parameter pack with too few arguments"));
                }
                None => Arg::Value(self.default_arg(f, i, p.ty)?),
            };
            ir_args.push(arg);
        }
        self.emit_call(id, ir_args, writebacks)
    }

    /// One argument for parameter `p`: a value for `in`, else a place (copy-in copy-out through a
    /// temporary recorded in `writebacks`).
    fn lower_arg(
        &mut self,
        a: ExprId,
        p: &ir::Param,
        writebacks: &mut Vec<(LPlace, ir::LocalId)>,
    ) -> R<Arg> {
        if p.dir == ir::ParamDir::In {
            return Ok(Arg::Value(self.lower_value_as(a, p.ty)?));
        }
        let lp = self.lvalue(a)?;
        self.place_arg(lp, p.ty, p.dir == ir::ParamDir::InOut, writebacks)
    }

    /// Emits the call, copies `out`/`inout` temporaries back, and gives the result unless void.
    fn emit_call(
        &mut self,
        callee: ir::FuncId,
        args: Vec<Arg>,
        writebacks: Vec<(LPlace, ir::LocalId)>,
    ) -> R<Option<ValueId>> {
        let v = self.emit(Inst::Call(callee, args), None)?;
        for (lp, tmp) in writebacks {
            let x = self.emit(Inst::Load(Place::local(tmp)), None)?;
            self.store_lplace(&lp, x)?;
        }
        Ok((!self.cx.module.types.is_void(self.vty(v))).then_some(v))
    }

    /// An `out`/`inout` argument: the place itself when its type matches, else a temporary
    /// copied back after the call.
    fn place_arg(
        &mut self,
        lp: LPlace,
        ty: TypeId,
        copy_in: bool,
        writebacks: &mut Vec<(LPlace, ir::LocalId)>,
    ) -> R<Arg> {
        if let LPlace::Mem(p) = &lp
            && self.place_ty(p)? == ty
            && !matches!(p.root, ir::PlaceRoot::Global(_))
        {
            return Ok(Arg::Place(p.clone()));
        }
        let tmp = self.new_local("arg", ty);
        if copy_in {
            let v = self.load_lplace(&lp)?;
            let v = self.coerce(v, ty)?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(tmp),
                value: v,
            });
        }
        writebacks.push((lp, tmp));
        Ok(Arg::Place(Place::local(tmp)))
    }

    /// What an interface property requirement stands for on a concrete type: the type's own
    /// property, or a stored field of that name.
    fn resolve_property(&self, p: hir::PropertyId, this_ty: &Ty) -> PropertyImpl {
        let db = self.cx.db;
        let in_interface = p.loc(db).parent().and_then(|x| x.kind()) == Some(ItemKind::Interface);
        if !in_interface || !matches!(this_ty, Ty::Adt(..)) || self.cx.is_interface(this_ty) {
            return PropertyImpl::Property(p);
        }
        let name = property_data(db, p).name.clone();
        let found = lookup_member_items(db, self.cx.file, this_ty, &name)
            .into_iter()
            .find_map(|d| match d {
                ItemDef::Property(q)
                    if q != p
                        && q.loc(db).parent().and_then(|x| x.kind())
                            != Some(ItemKind::Interface) =>
                {
                    Some(q)
                }
                _ => None,
            });
        if let Some(q) = found {
            return PropertyImpl::Property(q);
        }
        // A field of the type or of one of its base structs (`struct B : A, I`), `hops` hidden
        // base fields down.
        let owners = std::iter::once(this_ty.clone()).chain(struct_base_chain(db, this_ty));
        for (hops, owner) in owners.enumerate() {
            let Ty::Adt(decl, _) = owner else { continue };
            let data = hir::type_decl_data(db, decl);
            if let Some(i) = data
                .fields
                .iter()
                .position(|f| f.name == name && !(f.modifiers.is_static || f.global.is_some()))
            {
                let index = self.field_index(decl, i as u32);
                return PropertyImpl::Field { hops, index };
            }
        }
        PropertyImpl::Property(p)
    }

    fn property_place(
        &mut self,
        e: ExprId,
        p: hir::PropertyId,
        recv: Place,
        this_ty: Ty,
    ) -> R<LPlace> {
        let p = match self.resolve_property(p, &this_ty) {
            PropertyImpl::Property(q) => q,
            PropertyImpl::Field { hops, index } => {
                let mut place = recv;
                for _ in 0..hops {
                    place = place.field(0);
                }
                return Ok(LPlace::Mem(place.field(index)));
            }
        };
        let data = property_data(self.cx.db, p);
        if let Some(i) = self.optional_field(&this_ty, &data.name) {
            return Ok(LPlace::Mem(recv.field(i)));
        }
        let ty = self.ety(e);
        let ty = self.ir_ty(&ty)?;
        Ok(LPlace::Accessor(Box::new(Accessor {
            owner: p.loc(self.cx.db).clone(),
            recv,
            this_ty,
            getter: data.getter,
            setter: data.setter,
            args: Vec::new(),
            ty,
        })))
    }

    /// `Optional<T>`'s properties are the fields of its IR struct.
    fn optional_field(&self, this_ty: &Ty, name: &str) -> Option<u32> {
        self.cx.adt_arg(this_ty, "Optional")?;
        match name {
            "value" => Some(0),
            "hasValue" => Some(1),
            _ => None,
        }
    }

    fn property_get(&mut self, p: hir::PropertyId, recv: ValueId, this_ty: &Ty) -> R<ValueId> {
        if self.cx.is_interface(this_ty) && self.cx.dyn_types.contains_key(&self.vty(recv)) {
            return self.dynamic_property_get(p, recv, this_ty);
        }
        let p = match self.resolve_property(p, this_ty) {
            PropertyImpl::Property(q) => q,
            PropertyImpl::Field { hops, index } => {
                let v = self.extract_base(recv, hops)?;
                return self.emit(Inst::Extract(v, index), None);
            }
        };
        let data = property_data(self.cx.db, p);
        if let Some(i) = self.optional_field(this_ty, &data.name) {
            return self.emit(Inst::Extract(recv, i), None);
        }
        if self.cx.is_diff_pair(this_ty) && matches!(data.name.as_str(), "p" | "v" | "d") {
            return self.emit(Inst::Extract(recv, u32::from(data.name == "d")), None);
        }
        let getter = data
            .getter
            .ok_or_else(|| unsupported("a property without a getter"))?;
        self.accessor_get(
            &p.loc(self.cx.db).clone(),
            getter,
            this_ty,
            recv,
            Vec::new(),
        )
    }

    /// Calls a getter with the receiver's value and the subscript indices.
    fn accessor_get(
        &mut self,
        owner: &hir::ItemLoc,
        getter: FunctionId,
        this_ty: &Ty,
        recv: ValueId,
        args: Vec<ValueId>,
    ) -> R<ValueId> {
        if let Some(attr) = hir::fn_data(self.cx.db, getter).attr("__intrinsic") {
            return match attr.args.first() {
                Some(hir::export::AttrArg::String(s)) if s == "optional_value" => {
                    self.emit(Inst::Extract(recv, 0), None)
                }
                Some(hir::export::AttrArg::String(s)) if s == "optional_has_value" => {
                    self.emit(Inst::Extract(recv, 1), None)
                }
                Some(hir::export::AttrArg::String(s)) if s == "diff_pair_primal" => {
                    self.emit(Inst::Extract(recv, 0), None)
                }
                Some(hir::export::AttrArg::String(s)) if s == "diff_pair_diff" => {
                    self.emit(Inst::Extract(recv, 1), None)
                }
                _ => Err(unsupported("this builtin property")),
            };
        }
        if !hir::fn_data(self.cx.db, getter).has_body {
            return Err(unsupported("an accessor declared without a body"));
        }
        let key = InstanceKey {
            func: getter,
            subst: member_subst(self.cx.db, self.cx.file, owner, this_ty),
            this_ty: Some(this_ty.clone()),
        };
        let id = self.cx.instance(key)?;
        let params = self
            .cx
            .module
            .function(id)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        if params.len() != args.len() + 1 {
            return Err(internal("getter arity"));
        }
        let mut ir_args = Vec::new();
        let recv = self.coerce(recv, params[0].ty)?;
        ir_args.push(if params[0].dir == ir::ParamDir::In {
            Arg::Value(recv)
        } else {
            let tmp = self.new_local("this", params[0].ty);
            self.stmt(ir::Stmt::Store {
                place: Place::local(tmp),
                value: recv,
            });
            Arg::Place(Place::local(tmp))
        });
        for (x, p) in args.iter().zip(&params[1..]) {
            ir_args.push(Arg::Value(self.coerce(*x, p.ty)?));
        }
        self.emit(Inst::Call(id, ir_args), None)
    }

    /// The `__subscript` of `ty` taking `arity` indices (`g[i]` and `g[r, c]` may both exist).
    fn subscript_of(&self, ty: &Ty, arity: usize) -> Option<hir::SubscriptId> {
        let subs: Vec<hir::SubscriptId> =
            lookup_member_items(self.cx.db, self.cx.file, ty, "__subscript")
                .into_iter()
                .filter_map(|d| match d {
                    ItemDef::Subscript(s) => Some(s),
                    _ => None,
                })
                .collect();
        subs.iter()
            .copied()
            .find(|s| subscript_data(self.cx.db, *s).params.len() == arity)
            .or_else(|| subs.first().copied())
    }

    fn subscript_get(&mut self, _e: ExprId, base: ExprId, index: ExprId, bt: &Ty) -> R<ValueId> {
        let arity = self.flatten_comma(index).len();
        let sub = self
            .subscript_of(bt, arity)
            .ok_or_else(|| unsupported("indexing this value"))?;
        let getter = subscript_data(self.cx.db, sub)
            .getter
            .ok_or_else(|| unsupported("a subscript without `get`"))?;
        let recv = self.lower_expr(base)?;
        let args = self
            .flatten_comma(index)
            .into_iter()
            .map(|i| self.lower_expr(i))
            .collect::<R<Vec<_>>>()?;
        self.accessor_get(&sub.loc(self.cx.db).clone(), getter, bt, recv, args)
    }

    /// The IR global of a buffer expression: a buffer global, or a `uniform` buffer parameter of
    /// the entry point (lowered to a global).
    pub(crate) fn buffer_global(&mut self, base: ExprId) -> R<ir::GlobalId> {
        match self.res(base) {
            Some(ExprRes::Global(g)) => self.cx.global(g),
            Some(ExprRes::Param(i)) => match self.params.get(i as usize) {
                Some(Place {
                    root: ir::PlaceRoot::Global(g),
                    path,
                }) if path.is_empty() => Ok(*g),
                _ => Err(unsupported("a buffer that is not a global")),
            },
            _ => self.resource_global(base),
        }
    }

    /// `g[a, b]`: the index is a comma expression of the subscript's arguments.
    fn flatten_comma(&self, e: ExprId) -> Vec<ExprId> {
        match &self.body.exprs[e] {
            Expr::Binary {
                op: HOp::Comma,
                lhs,
                rhs,
            } => {
                let mut v = self.flatten_comma(*lhs);
                v.extend(self.flatten_comma(*rhs));
                v
            }
            _ => vec![e],
        }
    }

    /// A value of an interface's dynamic struct: from a concrete value (its case's tag) or from
    /// a run-time tag with zero payloads.
    fn make_dyn(
        &mut self,
        ty: TypeId,
        cases: &[crate::DynCase],
        value: Option<ValueId>,
        tag: Option<ValueId>,
    ) -> R<ValueId> {
        let field_tys: Vec<TypeId> = match self.kind(ty) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .map(|s| s.fields.iter().map(|f| f.ty).collect())
                .unwrap_or_default(),
            _ => return Err(internal("a dynamic type that is not a struct")),
        };
        let (tag, own_field) = match (value, tag) {
            (Some(v), _) => {
                let vt = self.vty(v);
                let mut found = None;
                for c in cases {
                    if self.cx.ir_ty(&c.ty)? == vt {
                        found = Some(c.clone());
                    }
                }
                let case = found.ok_or_else(|| {
                    unsupported(
                        "converting this type to the interface: give it a `type_conformance` id",
                    )
                })?;
                (self.lit(Literal::U32(case.id))?, case.field)
            }
            (None, Some(t)) => (t, None),
            (None, None) => return Err(internal("make_dyn")),
        };
        let mut fields = vec![tag];
        for (i, fty) in field_tys.iter().enumerate().skip(1) {
            fields.push(match (own_field, value) {
                (Some(k), Some(v)) if k as usize == i => v,
                _ => self.emit(Inst::Zero, Some(*fty))?,
            });
        }
        self.emit(Inst::Construct(fields), Some(ty))
    }

    /// For `value is T` / `value as T` on an interface value: the payload of case `T` (if it
    /// has one) and whether the value's tag is `T`'s.
    fn dyn_case_test(&mut self, value: ExprId, target: &Ty) -> R<(Option<ValueId>, ValueId)> {
        let v = self.lower_expr(value)?;
        let vt = self.vty(v);
        let cases =
            self.cx.dyn_types.get(&vt).cloned().ok_or_else(|| {
                unsupported("`is`/`as` on a value that is not of an interface type")
            })?;
        let Some(case) = cases.iter().find(|c| c.ty == *target) else {
            // A type that does not conform: never a match.
            return Ok((None, self.lit(Literal::Bool(false))?));
        };
        let tag = self.emit(Inst::Extract(v, 0), None)?;
        let id = self.lit(Literal::U32(case.id))?;
        let matches = self.emit(Inst::Binary(BinaryOp::Eq, tag, id), None)?;
        let payload = match case.field {
            Some(f) => Some(self.emit(Inst::Extract(v, f), None)?),
            None => None,
        };
        Ok((payload, matches))
    }

    /// The type a written type name stands for (the target of `is`): a type of this file.
    fn named_type(&self, ty: &hir::export::TypeRef) -> R<Ty> {
        match ty {
            hir::export::TypeRef::Path(p) if p.segments.len() == 1 => {
                let name = p.last_name();
                self.cx
                    .type_decl_by_name(&name)
                    .map(|d| Ty::Adt(d, std::sync::Arc::from([])))
                    .ok_or_else(|| unsupported(format!("`is {name}`: a type of this file")))
            }
            _ => Err(unsupported("`is` with this type")),
        }
    }

    /// A method call on an interface value: a `switch` on its tag calling each concrete type's
    /// implementation.
    fn dynamic_call(
        &mut self,
        e: ExprId,
        f: FunctionId,
        iface: &Ty,
        recv: ValueId,
        explicit: &[GenericArg],
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let sig = hir::fn_sig(self.cx.db, f);
        if args.len() != sig.params.len() {
            return Err(unsupported(
                "dynamic dispatch of a method with default parameters",
            ));
        }
        // A generic requirement (`warp<let N : int>`) is dispatched at the call's own generic
        // arguments: every case instantiates its implementation with them, by position.
        let own: Vec<GenericArg> = match self.recorded_generic_args(e, &sig) {
            Some(own) => own.into_iter().map(|(_, a)| a).collect(),
            None => explicit.to_vec(),
        };
        if own.len() != sig.generics.len() {
            return Err(unsupported(
                "dynamic dispatch of a generic method whose generic arguments are not inferred",
            ));
        }
        let own_subst: Subst = sig.generics.iter().cloned().zip(own.clone()).collect();
        let cases = self
            .cx
            .dyn_types
            .get(&self.vty(recv))
            .cloned()
            .ok_or_else(|| internal("not a dynamic value"))?;
        // Arguments are evaluated once, before the switch; `out`/`inout` ones are places (or
        // temporaries written back after the switch) that every case passes on.
        // A generic interface's parameters (`T` of `IGetter<T>`) as the interface type binds them.
        let iface_subst = member_subst(self.cx.db, self.cx.file, f.loc(self.cx.db), iface);
        let in_iface = |t: &Ty| {
            t.subst(&|p| {
                hir::export::subst_lookup(&iface_subst, &p)
                    .or_else(|| hir::export::subst_lookup(&own_subst, &p))
            })
            .subst_this(iface)
        };
        let mut values = Vec::new();
        let mut writebacks = Vec::new();
        for (a, p) in args.iter().zip(&sig.params) {
            let t = self.cx.ir_ty(&in_iface(&p.ty))?;
            values.push(if p.dir == HDir::In {
                Arg::Value(self.lower_value_as(*a, t)?)
            } else {
                let lp = self.lvalue(*a)?;
                self.place_arg(lp, t, p.dir == HDir::InOut, &mut writebacks)?
            });
        }
        let ret = self.cx.ir_ty(&in_iface(&sig.ret))?;
        let is_void = self.cx.module.types.is_void(ret);
        let result = (!is_void).then(|| self.new_local("dispatch", ret));
        let tag = self.emit(Inst::Extract(recv, 0), None)?;
        let mut switch_cases = Vec::new();
        for case in &cases {
            let g = self.resolve_requirement(f, &Some(case.ty.clone()), None);
            let mut subst = member_subst(self.cx.db, self.cx.file, g.loc(self.cx.db), &case.ty);
            let impl_generics = hir::fn_sig(self.cx.db, g).generics.clone();
            if impl_generics.len() != own.len() {
                return Err(internal(
                    "an implementation with other generic parameters than its requirement",
                ));
            }
            subst.extend(impl_generics.into_iter().zip(own.iter().cloned()));
            let key = InstanceKey {
                func: g,
                subst,
                this_ty: Some(case.ty.clone()),
            };
            let body = self.block(|b| {
                let id = b.cx.instance(key)?;
                let params =
                    b.cx.module
                        .function(id)
                        .map(|f| f.params.clone())
                        .unwrap_or_default();
                let mut call_args = Vec::new();
                let mut rest = params.iter();
                if params.len() == values.len() + 1 {
                    let this_ty = rest
                        .next()
                        .map(|p| p.ty)
                        .ok_or_else(|| internal("dispatch"))?;
                    let payload = match case.field {
                        Some(k) => b.emit(Inst::Extract(recv, k), None)?,
                        None => b.emit(Inst::Zero, Some(this_ty))?,
                    };
                    call_args.push(Arg::Value(payload));
                }
                for (v, p) in values.iter().zip(rest) {
                    call_args.push(match v {
                        Arg::Value(v) => Arg::Value(b.coerce(*v, p.ty)?),
                        place => place.clone(),
                    });
                }
                let r = b.emit(Inst::Call(id, call_args), None)?;
                if let Some(l) = result {
                    let r = b.coerce(r, ret)?;
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(l),
                        value: r,
                    });
                }
                Ok(())
            })?;
            switch_cases.push(SwitchCase {
                values: vec![i64::from(case.id)],
                is_default: false,
                body,
                fallthrough: false,
            });
        }
        switch_cases.push(SwitchCase {
            values: Vec::new(),
            is_default: true,
            body: Vec::new(),
            fallthrough: false,
        });
        self.stmt(ir::Stmt::Switch {
            selector: tag,
            cases: switch_cases,
        });
        for (lp, tmp) in writebacks {
            let x = self.emit(Inst::Load(Place::local(tmp)), None)?;
            self.store_lplace(&lp, x)?;
        }
        match result {
            Some(l) => self.emit(Inst::Load(Place::local(l)), None).map(Some),
            None => Ok(None),
        }
    }

    /// A property read on an interface value: a `switch` on its tag reading each concrete type's
    /// property or the stored field that satisfies the requirement.
    fn dynamic_property_get(
        &mut self,
        p: hir::PropertyId,
        recv: ValueId,
        iface: &Ty,
    ) -> R<ValueId> {
        let cases = self
            .cx
            .dyn_types
            .get(&self.vty(recv))
            .cloned()
            .ok_or_else(|| internal("not a dynamic value"))?;
        let iface_subst = member_subst(self.cx.db, self.cx.file, p.loc(self.cx.db), iface);
        let ret = hir::export::property_ty(self.cx.db, p)
            .subst(&|g| hir::export::subst_lookup(&iface_subst, &g))
            .subst_this(iface);
        let ret = self.cx.ir_ty(&ret)?;
        let result = self.new_local("dispatch", ret);
        let tag = self.emit(Inst::Extract(recv, 0), None)?;
        let mut switch_cases = Vec::new();
        for case in &cases {
            let body = self.block(|b| {
                let payload = match case.field {
                    Some(k) => b.emit(Inst::Extract(recv, k), None)?,
                    None => {
                        let t = b.cx.ir_ty(&case.ty)?;
                        b.emit(Inst::Zero, Some(t))?
                    }
                };
                let v = b.property_get(p, payload, &case.ty)?;
                let v = b.coerce(v, ret)?;
                b.stmt(ir::Stmt::Store {
                    place: Place::local(result),
                    value: v,
                });
                Ok(())
            })?;
            switch_cases.push(SwitchCase {
                values: vec![i64::from(case.id)],
                is_default: false,
                body,
                fallthrough: false,
            });
        }
        switch_cases.push(SwitchCase {
            values: Vec::new(),
            is_default: true,
            body: Vec::new(),
            fallthrough: false,
        });
        self.stmt(ir::Stmt::Switch {
            selector: tag,
            cases: switch_cases,
        });
        self.emit(Inst::Load(Place::local(result)), None)
    }

    /// `printf("format", args...)`: a print instruction the host decodes from the print buffer.
    fn lower_printf(&mut self, args: &[ExprId]) -> R<Option<ValueId>> {
        let Some((first, rest)) = args.split_first() else {
            return Err(unsupported("`printf` without a format string"));
        };
        let Expr::Literal(HLit::String(text)) = &self.body.exprs[*first] else {
            return Err(unsupported("`printf` whose format is not a string literal"));
        };
        let text = unescape(text);
        let values = rest
            .iter()
            .map(|a| self.lower_expr(*a))
            .collect::<R<Vec<_>>>()?;
        let id = self.cx.module.add_print_format(&text);
        self.emit(Inst::Print(id, values), None)?;
        Ok(None)
    }

    /// The value bound to a generic value parameter (`let N : int`) of this instance.
    fn generic_value(&self, name: &str) -> Option<i64> {
        self.subst.iter().find_map(|(p, a)| match a {
            GenericArg::Value(Len::Known(n)) if p.name == name => Some(i64::from(*n)),
            _ => None,
        })
    }

    /// The `k`th own generic argument of `f` that the type checker chose for the call `e`
    /// (for explicit arguments lowering cannot read alone, such as typealiases).
    fn checked_generic_arg(&self, e: ExprId, f: FunctionId, k: usize) -> Option<GenericArg> {
        let chosen = self.infer.generic_args_of(e)?;
        let (_, arg) = chosen.iter().find(|(p, _)| {
            p.owner == hir::export::GenericOwner::Function(f) && p.index as usize == k
        })?;
        Some(match arg {
            GenericArg::Type(t) => GenericArg::Type(normalize(
                self.cx.db,
                self.cx.file,
                &apply(&self.subst, self.this_ty.as_ref(), t),
            )),
            other => other.clone(),
        })
    }

    /// The explicit generic arguments of the call `e` of `f`, each as written or, where lowering
    /// cannot read it alone (`f<float, Affine<float>>`), as the type checker chose it.
    fn explicit_args(
        &self,
        e: ExprId,
        f: FunctionId,
        explicit: Option<&[hir::export::GenericArgRef]>,
    ) -> R<Vec<GenericArg>> {
        explicit
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(k, a)| {
                self.explicit_arg(a)
                    .or_else(|err| self.checked_generic_arg(e, f, k).ok_or(err))
            })
            .collect()
    }

    /// An explicit generic argument of a call (`f<3>()`, `f<float>(x)`).
    fn explicit_arg(&self, arg: &hir::export::GenericArgRef) -> R<GenericArg> {
        self.explicit_arg_inner(arg)
    }

    fn explicit_arg_inner(&self, arg: &hir::export::GenericArgRef) -> R<GenericArg> {
        use hir::export::{ConstRef, GenericArgRef, TypeRef};
        let value = |n: i64| {
            u32::try_from(n)
                .map(|n| GenericArg::Value(Len::Known(n)))
                .map_err(|_| unsupported("a negative generic argument"))
        };
        match arg {
            GenericArgRef::Const(ConstRef::Int(n)) => value(*n),
            GenericArgRef::Const(ConstRef::Path(p)) | GenericArgRef::Type(TypeRef::Path(p))
                if p.segments.len() == 1 =>
            {
                let name = p.last_name();
                if let Some(n) = self
                    .generic_value(&name)
                    .or_else(|| self.cx.const_by_name(&name))
                {
                    return value(n);
                }
                if let Some((_, a)) = self
                    .subst
                    .iter()
                    .find(|(g, a)| g.name == name && matches!(a, GenericArg::Type(_)))
                {
                    return Ok(a.clone());
                }
                if p.segments[0].args.is_none()
                    && let Some(t) = hir::export::builtin_type(&name)
                {
                    return Ok(GenericArg::Type(t));
                }
                if p.segments[0].args.is_none()
                    && let Some(d) = self.cx.type_decl_by_name(&name)
                {
                    return Ok(GenericArg::Type(Ty::Adt(d, std::sync::Arc::from([]))));
                }
                Err(unsupported(format!(
                    "the explicit generic argument `{name}`"
                )))
            }
            _ => Err(unsupported("this explicit generic argument")),
        }
    }

    /// A user `operator-` (and friends) taking one value of type `ty`.
    fn unary_operator(&self, symbol: &str, ty: &Ty) -> Option<FunctionId> {
        let name = format!("operator{symbol}");
        let db = self.cx.db;
        hir::file_items(db, self.cx.file)
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Function(f) => Some(f),
                _ => None,
            })
            .find(|f| {
                let data = hir::fn_data(db, *f);
                let sig = hir::fn_sig(db, *f);
                data.name == name
                    && sig.params.len() == 1
                    && !sig.is_member
                    && normalize(db, self.cx.file, &sig.params[0].ty) == *ty
            })
    }

    /// The value of a parameter's literal default (`float scale = 2.0`), as type `ty`.
    fn default_arg(&mut self, f: FunctionId, index: usize, ty: TypeId) -> R<ValueId> {
        let data = hir::fn_data(self.cx.db, f);
        let param = data
            .params
            .get(index)
            .ok_or_else(|| internal("a missing parameter"))?;
        let lit =
            crate::defaults::default_literal(self.cx.db, ItemDef::Function(f), param.name_range)
                .ok_or_else(|| unsupported("a default argument that is not a literal"))?;
        self.default_value(lit, ty)
    }

    fn default_value(&mut self, lit: crate::defaults::DefaultLit, ty: TypeId) -> R<ValueId> {
        use crate::defaults::DefaultLit;
        let s = self
            .cx
            .module
            .types
            .scalar_of(ty)
            .ok_or_else(|| unsupported("a default value of this type"))?;
        let v = match lit {
            DefaultLit::Int(i) => self.literal_of(s, i, i as f64)?,
            DefaultLit::Float(x) => self.literal_of(s, x as i64, x)?,
            DefaultLit::Bool(b) => self.literal_of(s, i64::from(b), f64::from(u8::from(b)))?,
        };
        self.coerce(v, ty)
    }

    /// The value a struct takes without initialiser: field defaults, zero elsewhere.
    fn struct_default(&mut self, ty: TypeId) -> R<ValueId> {
        let Some(Ty::Adt(decl, _)) = self.cx.struct_decl(ty) else {
            return self.emit(Inst::Zero, Some(ty));
        };
        let TypeKind::Struct(id) = self.kind(ty) else {
            return self.emit(Inst::Zero, Some(ty));
        };
        let field_tys: Vec<TypeId> = self
            .cx
            .module
            .types
            .struct_def(id)
            .map(|s| s.fields.iter().map(|f| f.ty).collect())
            .unwrap_or_default();
        let mut vals = Vec::new();
        for (k, fty) in field_tys.iter().enumerate() {
            vals.push(self.field_default(decl, k, *fty)?);
        }
        self.emit(Inst::Construct(vals), Some(ty))
    }

    /// Field `k` (among the IR struct's fields) of `decl` without an initialiser.
    fn field_default(&mut self, decl: hir::TypeDeclId, k: usize, ty: TypeId) -> R<ValueId> {
        // The hidden base field (`struct B : A`) comes before the declared fields.
        let hidden_base = crate::types::has_hidden_base(self.cx.db, decl);
        let Some(k) = k.checked_sub(usize::from(hidden_base)) else {
            return if self.cx.has_defaults(ty) {
                self.struct_default(ty)
            } else {
                self.emit(Inst::Zero, Some(ty))
            };
        };
        let data = hir::type_decl_data(self.cx.db, decl);
        let field = self
            .cx
            .stored_fields(decl)
            .get(k)
            .and_then(|i| data.fields.get(*i));
        if let Some(f) = field
            && f.has_default
        {
            let lit =
                crate::defaults::default_literal(self.cx.db, ItemDef::TypeDecl(decl), f.name_range)
                    .ok_or_else(|| {
                        unsupported(format!(
                            "the default value of field `{}` (only literals are supported)",
                            f.name
                        ))
                    })?;
            return self.default_value(lit, ty);
        }
        if self.cx.has_defaults(ty) {
            self.struct_default(ty)
        } else {
            self.emit(Inst::Zero, Some(ty))
        }
    }

    // ---- intrinsics -------------------------------------------------------------------------

    /// `static_assert(condition[, message])`: fails lowering when the constant condition is false.
    fn static_assert(&mut self, args: &[ExprId]) -> R<()> {
        let &[cond, ..] = args else {
            return Err(internal("static_assert without a condition"));
        };
        if crate::consts::int_expr(self.cx, &self.body, &self.infer, cond)? == 0 {
            let message = match args.get(1).map(|m| &self.body.exprs[*m]) {
                Some(Expr::Literal(HLit::String(text))) => format!(": {text}"),
                _ => String::new(),
            };
            return Err(LowerError {
                code: "E4004",
                message: format!("static assertion failed{message}"),
                item: None,
                range: self.body.expr_range(cond),
            });
        }
        Ok(())
    }

    fn intrinsic(
        &mut self,
        intrinsic: &str,
        name: &str,
        key: &InstanceKey,
        recv: Option<Recv>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        // Graphics-stage and bindless operations: type-checked, but no compute target has them.
        if let Some(err) = crate::stage_only(intrinsic, name) {
            return Err(err);
        }
        // A compile-time check: nothing to emit (its message is a string, which has no IR type).
        if intrinsic == "static_assert" {
            return self.static_assert(args).map(|()| None);
        }
        // Texture methods take samplers, which have no IR value type.
        if intrinsic.starts_with("texture_") {
            return self.texture_op(intrinsic, recv, args);
        }
        let sig = hir::fn_sig(self.cx.db, key.func);
        let this = key.this_ty.as_ref();
        let param_tys: Vec<TypeId> = sig
            .params
            .iter()
            .map(|p| self.cx.ir_ty(&apply(&key.subst, this, &p.ty)))
            .collect::<R<_>>()?;
        let ret_ty = self.cx.ir_ty(&apply(&key.subst, this, &sig.ret))?;
        // Intrinsics take exactly their declared arguments (hir checked the call).
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| internal("intrinsic arity"))
        };
        let in_args = |s: &mut Self, n: usize| -> R<Vec<ValueId>> {
            (0..n)
                .map(|i| match (args.get(i), param_tys.get(i)) {
                    (Some(a), Some(t)) => s.lower_value_as(*a, *t),
                    _ => Err(internal("intrinsic arity")),
                })
                .collect()
        };
        let atomic = |op: &str| -> Option<AtomicOp> {
            Some(match op {
                "atomic_add" => AtomicOp::Add,
                "atomic_sub" => AtomicOp::Sub,
                "atomic_and" => AtomicOp::And,
                "atomic_or" => AtomicOp::Or,
                "atomic_xor" => AtomicOp::Xor,
                "atomic_min" => AtomicOp::Min,
                "atomic_max" => AtomicOp::Max,
                "atomic_exchange" => AtomicOp::Exchange,
                "atomic_compare_exchange" => AtomicOp::CompareExchange,
                _ => return None,
            })
        };
        if intrinsic.starts_with("byte_") {
            return self.byte_buffer_op(intrinsic, recv, ret_ty, &param_tys, args);
        }
        if intrinsic.starts_with("counter_") {
            return self.counter_buffer_op(intrinsic, recv, &param_tys, args);
        }
        match intrinsic {
            "workgroup_barrier" | "storage_barrier" | "all_barrier" => {
                let kind = match intrinsic {
                    "workgroup_barrier" => BarrierKind::Group,
                    "storage_barrier" => BarrierKind::Device,
                    _ => BarrierKind::All,
                };
                self.stmt(ir::Stmt::Barrier(kind));
                Ok(None)
            }
            "bitcast" => {
                let v = in_args(self, 1)?;
                let s = self
                    .cx
                    .module
                    .types
                    .scalar_of(ret_ty)
                    .ok_or_else(|| internal("bitcast"))?;
                if self.vty(v[0]) == ret_ty {
                    return Ok(Some(v[0]));
                }
                self.emit(Inst::Bitcast(v[0], s), None).map(Some)
            }
            "select" => {
                let v = in_args(self, 3)?;
                let c = self.as_bool(v[0])?;
                self.emit(
                    Inst::Select {
                        cond: c,
                        accept: v[1],
                        reject: v[2],
                    },
                    None,
                )
                .map(Some)
            }
            "detach" => {
                let x = in_args(self, 1)?[0];
                let f = self.cx.detach_fn(self.vty(x))?;
                self.emit(Inst::Call(f, vec![Arg::Value(x)]), None)
                    .map(Some)
            }
            "diff_pair_make" | "diff_pair_make_zero" => {
                let pair = match (&key.this_ty, sig.is_member) {
                    (Some(t), true) => self.cx.ir_ty(t)?,
                    _ => ret_ty,
                };
                let v = in_args(self, args.len())?;
                let p = *v.first().ok_or_else(|| internal("diffPair arity"))?;
                let d = match v.get(1) {
                    Some(d) => *d,
                    None => {
                        let pty = self.vty(p);
                        let dty = self
                            .cx
                            .diff
                            .diff_type(&mut self.cx.module.types, pty)
                            .ok_or_else(|| unsupported("`diffPair` of this type"))?;
                        self.emit(Inst::Zero, Some(dty))?
                    }
                };
                self.emit(Inst::Construct(vec![p, d]), Some(pair)).map(Some)
            }
            "diff_pair_primal" | "diff_pair_diff" => {
                let pair = match recv {
                    Some(Recv::Value(v)) => v,
                    Some(Recv::Place(lp)) => self.load_lplace(&lp)?,
                    _ => return Err(unsupported("this differential pair receiver")),
                };
                let i = u32::from(intrinsic == "diff_pair_diff");
                self.emit(Inst::Extract(pair, i), None).map(Some)
            }
            "to_float" => {
                let v = match recv {
                    Some(Recv::Value(v)) => v,
                    Some(Recv::Place(lp)) => self.load_lplace(&lp)?,
                    _ => return Err(unsupported("`toFloat` without a receiver")),
                };
                self.coerce(v, ret_ty).map(Some)
            }
            "dzero" => self.emit(Inst::Zero, Some(ret_ty)).map(Some),
            "dadd" => {
                let v = in_args(self, 2)?;
                self.dadd(v[0], v[1], ret_ty).map(Some)
            }
            "dmul" => {
                let v = in_args(self, 2)?;
                self.dmul(v[0], v[1], ret_ty).map(Some)
            }
            "sincos" => {
                let x = self.lower_value_as(
                    arg(0)?,
                    *param_tys.first().ok_or_else(|| internal("sincos"))?,
                )?;
                let s = self.emit(Inst::Math(MathFn::Sin, vec![x]), None)?;
                let c = self.emit(Inst::Math(MathFn::Cos, vec![x]), None)?;
                let sp = self.lvalue(arg(1)?)?;
                self.store_lplace(&sp, s)?;
                let cp = self.lvalue(arg(2)?)?;
                self.store_lplace(&cp, c)?;
                Ok(None)
            }
            "buffer_load" => {
                let Some(Recv::Buffer(base)) = recv else {
                    return Err(unsupported("this buffer load"));
                };
                let g = self.buffer_global(base)?;
                let i = self.lower_expr(arg(0)?)?;
                self.emit(Inst::Load(Place::global(g).dynamic(i)), None)
                    .map(Some)
            }
            "buffer_dimensions" => {
                let Some(Recv::Buffer(base)) = recv else {
                    return Err(unsupported("`GetDimensions` on this value"));
                };
                let g = self.buffer_global(base)?;
                let n = self.emit(Inst::ArrayLength(g), None)?;
                let p = self.lvalue(arg(0)?)?;
                self.store_lplace(&p, n)?;
                if args.len() > 1 {
                    let elem = self
                        .cx
                        .module
                        .global(g)
                        .map(|x| x.ty)
                        .ok_or_else(|| internal("buffer"))?;
                    let stride = byte_size(&self.cx.module.types, elem)
                        .ok_or_else(|| unsupported("the stride of this buffer"))?;
                    let s = self.lit(Literal::U32(stride))?;
                    let p = self.lvalue(arg(1)?)?;
                    self.store_lplace(&p, s)?;
                }
                Ok(None)
            }
            "optional_make" => {
                let v = in_args(self, 1)?;
                let t = self
                    .cx
                    .ir_ty(key.this_ty.as_ref().ok_or_else(|| internal("Optional"))?)?;
                self.coerce(v[0], t).map(Some)
            }
            "atomic_load" | "atomic_store" => {
                let Some(Recv::Place(LPlace::Mem(place))) = recv else {
                    return Err(unsupported("this atomic receiver"));
                };
                if intrinsic == "atomic_load" {
                    return self.emit(Inst::Load(place), None).map(Some);
                }
                let elem = self.place_ty(&place)?;
                let v = self.lower_value_as(arg(0)?, elem)?;
                self.stmt(ir::Stmt::Store { place, value: v });
                Ok(None)
            }
            op if atomic(op).is_some() && recv.is_some() => {
                let op = atomic(op).unwrap_or(AtomicOp::Add);
                let Some(Recv::Place(LPlace::Mem(place))) = recv else {
                    return Err(unsupported("this atomic receiver"));
                };
                let elem = self.place_ty(&place)?;
                let (compare, value) = if op == AtomicOp::CompareExchange {
                    (
                        Some(self.lower_value_as(arg(0)?, elem)?),
                        self.lower_value_as(arg(1)?, elem)?,
                    )
                } else {
                    (None, self.lower_value_as(arg(0)?, elem)?)
                };
                self.emit(
                    Inst::Atomic {
                        op,
                        place,
                        value,
                        compare,
                    },
                    None,
                )
                .map(Some)
            }
            op if atomic(op).is_some() && recv.is_none() => {
                let op = atomic(op).unwrap_or(AtomicOp::Add);
                let LPlace::Mem(place) = self.lvalue(arg(0)?)? else {
                    return Err(unsupported("an atomic on a swizzle"));
                };
                let elem = self.place_ty(&place)?;
                let (compare, value, out) = if op == AtomicOp::CompareExchange {
                    let c = self.lower_value_as(arg(1)?, elem)?;
                    let v = self.lower_value_as(arg(2)?, elem)?;
                    (Some(c), v, args.get(3))
                } else {
                    (None, self.lower_value_as(arg(1)?, elem)?, args.get(2))
                };
                let old = self.emit(
                    Inst::Atomic {
                        op,
                        place,
                        value,
                        compare,
                    },
                    None,
                )?;
                if let Some(out) = out {
                    let p = self.lvalue(*out)?;
                    self.store_lplace(&p, old)?;
                }
                Ok(None)
            }
            "mul_mat_mat" | "mul_mat_vec" | "mul_vec_mat" | "mul_scalar" => {
                let v = in_args(self, 2)?;
                self.emit(Inst::Math(MathFn::Mul, v), None).map(Some)
            }
            _ => {
                // By the function's name, else by the intrinsic's (`WaveBroadcastLaneAt` is
                // `[__intrinsic("WaveReadLaneAt")]`).
                let f = MathFn::from_name(name)
                    .or_else(|| MathFn::from_name(intrinsic))
                    .ok_or_else(|| unsupported(format!("the intrinsic `{name}`")))?;
                if recv.is_some() || args.len() != f.arity() {
                    return Err(unsupported(format!(
                        "the intrinsic `{name}` with these arguments"
                    )));
                }
                let v = in_args(self, args.len())?;
                if let Some(r) = self.math_on_matrix_rows(f, &v, ret_ty)? {
                    return Ok(Some(r));
                }
                let r = self.emit(Inst::Math(f, v), None)?;
                self.coerce(r, ret_ty).map(Some)
            }
        }
    }

    /// `T.dadd(a, b)`: component-wise sum, field by field for struct differentials.
    fn dadd(&mut self, a: ValueId, b: ValueId, ty: TypeId) -> R<ValueId> {
        match self.kind(ty) {
            TypeKind::Struct(_) | TypeKind::Array { .. } => {
                let n = crate::diff::component_count(&self.cx.module.types, ty);
                let mut parts = Vec::new();
                for i in 0..n {
                    let x = self.emit(Inst::Extract(a, i), None)?;
                    let y = self.emit(Inst::Extract(b, i), None)?;
                    let t = self.vty(x);
                    parts.push(self.dadd(x, y, t)?);
                }
                self.emit(Inst::Construct(parts), Some(ty))
            }
            _ => self.emit(Inst::Binary(BinaryOp::Add, a, b), None),
        }
    }

    /// `T.dmul(s, d)`: every float component of `d` scaled by `s`.
    fn dmul(&mut self, s: ValueId, d: ValueId, ty: TypeId) -> R<ValueId> {
        match self.kind(ty) {
            TypeKind::Struct(_) | TypeKind::Array { .. } => {
                let n = crate::diff::component_count(&self.cx.module.types, ty);
                let mut parts = Vec::new();
                for i in 0..n {
                    let x = self.emit(Inst::Extract(d, i), None)?;
                    let t = self.vty(x);
                    parts.push(self.dmul(s, x, t)?);
                }
                self.emit(Inst::Construct(parts), Some(ty))
            }
            TypeKind::Scalar(sc)
            | TypeKind::Vector { scalar: sc, .. }
            | TypeKind::Matrix { scalar: sc, .. } => {
                let st = self.cx.module.types.scalar(sc);
                let mut k = self.coerce(s, st)?;
                if !matches!(self.kind(ty), TypeKind::Scalar(_)) {
                    k = self.emit(Inst::Splat(k), Some(ty))?;
                }
                self.emit(Inst::Binary(BinaryOp::Mul, k, d), None)
            }
            _ => Err(unsupported("`dmul` on this type")),
        }
    }

    /// `fwd_diff(f)(args)` / `bwd_diff(f)(args)` (nested too): lowers `f`, asks autodiff for
    /// the derivative and calls it.
    fn lower_diff_call(
        &mut self,
        e: ExprId,
        target: ExprId,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let mut kinds = Vec::new();
        let mut inner = target;
        let mut explicit = None;
        loop {
            match &self.body.exprs[inner] {
                Expr::Diff { kind, func } => {
                    kinds.push(*kind);
                    inner = *func;
                }
                Expr::GenericApply { base, args } => {
                    explicit = Some(args.clone());
                    inner = *base;
                }
                _ => break,
            }
        }
        kinds.reverse();
        let Some(ExprRes::Function(f)) = self.res(e) else {
            return Err(unsupported("this `fwd_diff`/`bwd_diff` callee"));
        };
        let db = self.cx.db;
        let sig = hir::fn_sig(db, f);
        let this_ty = if sig.is_member {
            let base = match &self.body.exprs[inner] {
                Expr::Field { base, .. } => Some(*base),
                _ => None,
            };
            match base.and_then(|b| self.res(b)) {
                Some(ExprRes::Type(t)) => Some(normalize(
                    db,
                    self.cx.file,
                    &apply(&self.subst, self.this_ty.as_ref(), &t),
                )),
                _ => self.this_ty.clone(),
            }
        } else {
            None
        };
        let outer = match &this_ty {
            Some(t) => member_subst(db, self.cx.file, f.loc(db), t),
            None => Vec::new(),
        };
        let mut own: Subst = match self.recorded_generic_args(e, &sig) {
            Some(own) => own,
            None => {
                // Written arguments (`bwd_diff(f<float, Affine<float>>)`) as hir checked them
                // where they are more than a name.
                let explicit = self.explicit_args(e, f, explicit.as_deref())?;
                sig.generics.iter().cloned().zip(explicit).collect()
            }
        };
        if !sig.generics.is_empty()
            && own.len() < sig.generics.len()
            && let Some(first) = kinds.first()
            && let Some(dsig) = hir::derivative_sig(db, f, *first)
        {
            for (p, a) in dsig.params.iter().zip(args) {
                let pt = apply(&outer, this_ty.as_ref(), &p.ty);
                let at = self.ety(*a);
                unify(&pt, &at, &sig.generics, &mut own);
            }
        }
        let mut subst = outer;
        for g in &sig.generics {
            let a = hir::export::subst_lookup(&own, g).ok_or_else(|| {
                unsupported(format!(
                    "a derivative call whose generic argument `{}` is not inferred",
                    g.name
                ))
            })?;
            subst.push((g.clone(), a));
        }
        let key = InstanceKey {
            func: f,
            subst,
            this_ty: if sig.is_member { this_ty } else { None },
        };
        let bound = self.resource_args(e, &key, args)?;
        let primal = self.cx.resource_instance(key, bound)?;
        let args = &self.non_resource_args(args);
        let d = self.cx.derivative(primal, &kinds)?;
        let params = self
            .cx
            .module
            .function(d)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        if params.len() != args.len() {
            return Err(unsupported(format!(
                "a derivative call with {} arguments (the derivative takes {})",
                args.len(),
                params.len()
            )));
        }
        let mut ir_args = Vec::new();
        let mut writebacks: Vec<(LPlace, ir::LocalId)> = Vec::new();
        for (p, a) in params.iter().zip(args) {
            let arg = self.lower_arg(*a, p, &mut writebacks)?;
            ir_args.push(arg);
        }
        self.emit_call(d, ir_args, writebacks)
    }

    fn convert_entry_params(&mut self, sig: &hir::FnSig) -> R<()> {
        let mut ir_index = 0;
        for (i, p) in sig.params.iter().enumerate() {
            if self.cx.entry_uniforms.contains_key(&(i as u32)) {
                continue;
            }
            let k = ir_index;
            ir_index += 1;
            let want = self.ir_ty(&p.ty)?;
            let Some(have) = self.f.params.get(k).map(|p| p.ty) else {
                break;
            };
            if want == have {
                continue;
            }
            let l = self.new_local(&p.name, want);
            let v = self.emit(Inst::Load(Place::param(k as u32)), None)?;
            let v = self.coerce(v, want)?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(l),
                value: v,
            });
            self.params[i] = Place::local(l);
        }
        Ok(())
    }
}

/// The member that implements a property on a concrete type.
enum PropertyImpl {
    Property(hir::PropertyId),
    /// A stored field satisfying an interface property requirement: its IR field index, in the
    /// struct `hops` hidden base fields down (`struct B : A, I` with the field in `A`).
    Field {
        hops: usize,
        index: u32,
    },
}

/// One argument of a call after `expand` arguments are spread out.
#[derive(Clone, Copy)]
enum ArgSlot {
    Expr(ExprId),
    /// Element `k` of an `expand` argument: its expression, lowered for that element.
    Element(ExprId, usize),
}

/// The receiver of a method call.
enum Recv {
    Value(ValueId),
    Place(LPlace),
    /// A structured buffer global (its methods are intrinsics on the global).
    Buffer(ExprId),
}

/// A texture, sampler or buffer field read where a value is needed: it is a handle, not data.
fn resource_field_value() -> LowerError {
    unsupported(
        "a texture, sampler or buffer field as a value here (use it directly: sample, load, \
         index, or pass it to a function)",
    )
}

fn loop_attrs(attrs: &[hir::export::Attr]) -> LoopAttrs {
    let mut out = LoopAttrs::default();
    for a in attrs {
        match a.name.as_str() {
            "MaxIters" => {
                if let Some(hir::export::AttrArg::Int(n)) = a.args.first() {
                    out.max_iters = u32::try_from(*n).ok();
                }
            }
            "ForceUnroll" | "unroll" => out.force_unroll = a.name == "ForceUnroll",
            _ => {}
        }
    }
    out
}

/// Binds generic parameters in `pattern` to the matching parts of `ty`.
fn unify(pattern: &Ty, ty: &Ty, generics: &[hir::GenericParamId], out: &mut Subst) {
    let bind = |p: &hir::GenericParamId, a: GenericArg, out: &mut Subst| {
        if generics.contains(p) && hir::export::subst_lookup(out, p).is_none() {
            out.push((p.clone(), a));
        }
    };
    let bind_len = |pl: &Len, l: &Len, out: &mut Subst| {
        if let Len::Param(p) = pl {
            bind(p, GenericArg::Value(l.clone()), out);
        }
    };
    match (pattern, ty) {
        (Ty::Param(p), t) if !t.has_unknown() => bind(p, GenericArg::Type(t.clone()), out),
        (Ty::Vector(pe, pn), Ty::Vector(e, n)) => {
            unify(pe, e, generics, out);
            bind_len(pn, n, out);
        }
        (Ty::Vector(pe, _), Ty::Scalar(_)) => unify(pe, ty, generics, out),
        (Ty::Matrix(pe, pr, pc), Ty::Matrix(e, r, c)) => {
            unify(pe, e, generics, out);
            bind_len(pr, r, out);
            bind_len(pc, c, out);
        }
        (Ty::Array(pe, pn), Ty::Array(e, n)) => {
            unify(pe, e, generics, out);
            bind_len(pn, n, out);
        }
        (Ty::Adt(pd, pargs), Ty::Adt(d, args)) if pd == d => {
            for (pa, a) in pargs.iter().zip(args.iter()) {
                match (pa, a) {
                    (GenericArg::Type(pt), GenericArg::Type(t)) => unify(pt, t, generics, out),
                    (GenericArg::Value(pl), GenericArg::Value(l)) => bind_len(pl, l, out),
                    _ => {}
                }
            }
        }
        _ => {}
    }
}

/// Size in bytes of a buffer element of scalar or vector type (its structured-buffer stride).
/// `x` rounded to the nearest half-precision value (ties to even), as a half literal holds it.
fn round_to_half(x: f32) -> f32 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    // The spacing of halves around `x`: 2^(e - 10), subnormals below 2^-14.
    let exponent = x.abs().log2().floor().max(-14.0) as i32;
    let ulp = 2f32.powi(exponent - 10);
    let rounded = (x / ulp).round_ties_even() * ulp;
    if rounded.abs() > 65504.0 {
        f32::INFINITY.copysign(x)
    } else {
        rounded
    }
}

fn byte_size(types: &ir::Types, ty: TypeId) -> Option<u32> {
    std430_layout(types, ty).map(|(size, align)| size.next_multiple_of(align))
}

/// (size, alignment) of `ty` in a storage buffer (std430, as WGSL lays it out): `vec3` aligns
/// to 16 bytes, arrays and structs to their largest member, bools take 4 bytes; float matrices
/// are arrays of columns, integer matrices arrays of rows.
fn std430_layout(types: &ir::Types, ty: TypeId) -> Option<(u32, u32)> {
    let scalar_bytes = |s: ir::Scalar| {
        if s == ir::Scalar::Bool {
            4
        } else {
            s.bits() / 8
        }
    };
    let vector = |s: ir::Scalar, n: u8| {
        let b = scalar_bytes(s);
        let align = if n == 2 { 2 * b } else { 4 * b };
        (b * u32::from(n), align)
    };
    let array = |(size, align): (u32, u32), len: u32| (size.next_multiple_of(align) * len, align);
    match types.kind(ty).clone() {
        TypeKind::Scalar(s) => Some((scalar_bytes(s), scalar_bytes(s))),
        TypeKind::Vector { scalar, size } => Some(vector(scalar, size)),
        TypeKind::Matrix { scalar, rows, cols } if scalar.is_float() => {
            Some(array(vector(scalar, rows), u32::from(cols)))
        }
        TypeKind::Matrix { scalar, rows, cols } => {
            Some(array(vector(scalar, cols), u32::from(rows)))
        }
        TypeKind::Array { elem, len } => Some(array(std430_layout(types, elem)?, len)),
        TypeKind::Struct(id) => {
            let (mut size, mut align) = (0u32, 1u32);
            for f in &types.struct_def(id)?.fields {
                let (s, a) = std430_layout(types, f.ty)?;
                size = size.next_multiple_of(a) + s;
                align = align.max(a);
            }
            Some((size.next_multiple_of(align), align))
        }
        _ => None,
    }
}

/// `t._1` on a tuple: the element index.
fn tuple_index(ty: &Ty, name: &str) -> Option<u32> {
    let Ty::Tuple(items) = ty else { return None };
    let i: u32 = name.strip_prefix('_')?.parse().ok()?;
    ((i as usize) < items.len()).then_some(i)
}

/// The text of a string literal with its escapes (`\n`, `\t`, `\\`, `\"`) resolved.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// The (row, column) elements of a matrix member `_m01_m10` (zero-based) or `_12_21` (one-based).
fn matrix_elements(name: &str) -> Option<Vec<(u32, u32)>> {
    let (step, base) = if name.starts_with("_m") {
        (4, 0)
    } else {
        (3, 1)
    };
    if name.is_empty() || !name.len().is_multiple_of(step) {
        return None;
    }
    name.as_bytes()
        .chunks(step)
        .map(|chunk| {
            let digits = &chunk[step - 2..];
            let prefix_ok = chunk[0] == b'_' && (step == 3 || chunk[1] == b'm');
            let digit = |b: u8| {
                (b as char)
                    .to_digit(10)
                    .filter(|d| *d >= base && *d < base + 4)
            };
            match (prefix_ok, digit(digits[0]), digit(digits[1])) {
                (true, Some(r), Some(c)) => Some((r - base, c - base)),
                _ => None,
            }
        })
        .collect()
}
