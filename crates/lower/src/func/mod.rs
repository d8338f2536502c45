//! Function bodies: hir statements and expressions to structured IR.
//!
//! Every hir local lives in an IR local (memory); reads of locals, parameters, fields and
//! elements are loads from places, writes are stores, so that assignment to any l-value is a
//! store to its place. Implicit conversions that hir inferred are made explicit here by
//! coercing each operand to the type its context needs.
//!
//! This file holds `FnLower`'s definition, the entry points (`lower_entry`, `lower_instance`,
//! `lower_static_init`) and the building and conversion helpers every part uses. The rest of
//! `FnLower` lives by concern: `stmt`, `expr`, `place`, `construct`, `call`, `property`,
//! `dynamic` and `intrinsic`, beside the older `bytes`, `counters`, `dyn_data`, `handles`,
//! `lambdas`, `math_rows` and `textures`.

use std::sync::Arc;

use hir::export::{StmtId, normalize};
use hir::{Body, ExprId, ExprRes, FnKind, FunctionId, GenericArg, ItemDef, ParamDir as HDir, Ty};
use ir::{
    BinaryOp, Block, Builtin, FuncId, Inst, Literal, Place, Scalar, TypeId, TypeKind, ValueId,
};
use rustc_hash::FxHashMap;

pub(crate) use exist::ExistState;

use crate::{Ctx, InstanceKey, LowerError, R, Subst, apply, internal, unsupported};

mod accessor_parts;
mod assoc_static;
mod atomic_ops;
mod bit_cast;
mod bitfields;
mod bodyless;
mod byte_float_atomics;
mod bytes;
mod call;
mod concrete_recv;
mod conditional;
mod construct;
mod core_intrinsics;
mod counters;
mod default_expr;
mod default_init;
mod descriptor_handles;
mod diff_this;
mod dyn_convert;
mod dyn_data;
mod dyn_diff;
mod dyn_members;
mod dyn_storage;
mod dynamic;
mod errors;
mod exist;
mod expr;
mod flat_init;
mod fn_values;
mod generic_const;
mod generic_subscripts;
mod handle_flow;
mod handles;
mod index_operand;
mod intrinsic;
mod lambdas;
mod math_rows;
mod matrix_ops;
mod pack_parts;
mod pair_handles;
mod place;
mod pointers;
mod property;
mod ref_calls;
mod requirement_views;
mod static_is;
mod stmt;
mod texture_compare;
mod texture_offsets;
mod texture_status;
mod textures;
mod tuple_compare;
mod tuple_expand;
mod unsized_arrays;
mod value_packs;
mod vector_atomics;
mod void_args;
mod wave_multi;

pub(crate) use call::unify;
pub(crate) use handle_flow::HandleOutputs;
pub(crate) use pair_handles::pair_from_marked;
pub(crate) use ref_calls::RefState;

/// A signature of an instance in IR terms.
struct SigInfo {
    params: Vec<ir::Param>,
    ret: TypeId,
    /// The IR function takes `this` as its first parameter.
    has_this: bool,
    is_init: bool,
    /// The result is an interface whose concrete type the body's first `return` decides
    /// (`exist.rs`); `ret` is `void` until then.
    infer_ret: bool,
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
    for (i, p) in sig.params.iter().enumerate() {
        match apply(
            &key.subst,
            this,
            &crate::pack_params::param_pattern_ty(&sig, i),
        ) {
            // A parameter pack: one parameter per element (`args_0`, `args_1`, ...).
            hir::Ty::Pack(items) => {
                for (k, t) in items.iter().enumerate() {
                    // A `void` element is no parameter (`void_args.rs`).
                    if *t == hir::Ty::Void {
                        continue;
                    }
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
                let ty = match key.exist.iter().find(|(k, _)| *k as usize == i) {
                    // An unsized array parameter, sized by the call (`unsized_arrays.rs`).
                    Some((_, concrete)) if unsized_arrays::is_unsized(&t) => cx.ir_ty(concrete)?,
                    Some((_, concrete)) => cx.static_dyn_ty(&t, concrete)?,
                    None => cx.ir_ty(&t)?,
                };
                params.push(ir::Param {
                    name: p.name.to_string(),
                    ty,
                    dir: ir_dir(p.dir),
                });
            }
        }
    }
    // A function declared `throws E`: the error and whether it threw (`func/errors.rs`).
    params.extend(errors::hidden_params(cx, key.func)?);
    let mut infer_ret = false;
    let ret = if is_init {
        cx.ir_ty(this.ok_or_else(|| internal("an `__init` without its type"))?)?
    } else if cx.returns_handle_only(key) {
        // A resource is returned as the global it names (`func/handle_flow.rs`).
        cx.module.types.void()
    } else {
        let ret = apply(&key.subst, this, &sig.ret);
        if cx.infers_result(key, &ret) {
            infer_ret = true;
            cx.module.types.void()
        } else {
            cx.ir_ty(&ret)?
        }
    };
    Ok(SigInfo {
        params,
        ret,
        has_this,
        is_init,
        infer_ret,
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
        self.register_diff_facts(&key, id)?;
        self.queue_instance(key, id, info.infer_ret)?;
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
        for (_, t) in &key.exist {
            name.push('_');
            name.push_str(&self.display(t));
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
        // An `out` parameter of an entry point is a stage output (a varying of a vertex or
        // fragment shader); a compute shader has none.
        if p.modifiers.dir != HDir::In {
            return Err(at(LowerError {
                code: "E4103",
                message: format!(
                    "the entry-point parameter `{}` is an `out` or `inout` stage output (a \
                     varying of a graphics stage); dslang's targets (WGSL and SPIR-V compute \
                     shaders) have no such stage: write results to a RWStructuredBuffer instead",
                    p.name
                ),
                item: None,
                range: hir::TextRange::default(),
            }));
        }
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
    if !data.has_body && !bodyless::can_synthesize(cx, &data, id) {
        return Err(LowerError {
            item,
            range: data.name_range,
            ..unsupported(format!("a call to `{}`, which has no body", data.name))
        });
    }
    // Recursion: WGSL and SPIR-V shaders have no call stack (the front end accepts it, as
    // slangc's does; its backends refuse it for such targets the same way).
    if let Some(d) = hir::recursive_calls(db, key.func).into_iter().next() {
        return Err(LowerError {
            code: d.code,
            message: d.message,
            item,
            range: d.range,
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
            infer_ret: false,
        }
    } else if cx.is_ref_setter(id) {
        // The getter's parameters and the value (`func/ref_calls.rs`), as declared.
        SigInfo {
            params: declared.params.clone(),
            ret: declared.ret,
            ..signature(cx, &key)?
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
        } else if handle_only && !is_entry {
            // An `out` resource parameter: no IR parameter, its globals come from the body.
            params.push(Place::param(next));
        } else if is_entry && let Some(g) = cx.entry_uniforms.get(&(i as u32)) {
            if let Some(h) = cx.entry_uniform_handles.get(&(i as u32)) {
                param_handles.insert(i as u32, h.clone());
            }
            // The entry point's `uniform` parameters are globals; the others keep their order.
            params.push(Place::global(*g));
        } else if hsig.variadic_from == Some(i) {
            pack_params = (next..next + pack_len).map(Place::param).collect();
            // `void` elements have no parameter (`void_args.rs`); nothing reads them.
            let elems = apply(
                &key.subst,
                key.this_ty.as_ref(),
                &crate::pack_params::param_pattern_ty(&hsig, i),
            );
            if let hir::Ty::Pack(items) = elems
                && items.contains(&hir::Ty::Void)
            {
                let mut n = next;
                pack_params = items
                    .iter()
                    .map(|t| {
                        let place = Place::param(n);
                        if *t != hir::Ty::Void {
                            n += 1;
                        }
                        place
                    })
                    .collect();
            }
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
        place_overrides: FxHashMap::default(),
        local_handles: FxHashMap::default(),
        choices: Default::default(),
        viewed_args: Default::default(),
        param_handles,
        this_handles,
        breakables: Vec::new(),
        label_flags: FxHashMap::default(),
        errors: Default::default(),
        flow: Default::default(),
        prelowered: FxHashMap::default(),
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
    } else {
        fl.begin_throwing_fn(key.func)?;
    }
    fl.cx.lowering_now.insert(id);
    let lowered = if !data.has_body {
        // A declaration without a body whose body is implied (`func/bodyless.rs`).
        fl.synthesize_body(&data)
    } else {
        match body.root_block {
            Some(root) => fl.lower_stmt(root),
            None => Ok(()),
        }
    };
    fl.cx.lowering_now.remove(&id);
    lowered?;
    if let Some(out) = fl.finish_handle_outputs()? {
        fl.cx.handle_outputs.insert(id, out);
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
/// The type declaring the `static` member `g` (its `This`), when it is a non-generic struct.
fn static_owner(db: &dyn hir::Db, g: hir::GlobalId) -> Option<Ty> {
    let parent = g.loc(db).parent()?;
    if !matches!(parent.kind(), Some(hir::ItemKind::Struct)) {
        return None;
    }
    let decl = hir::TypeDeclId::new(db, parent);
    hir::type_decl_data(db, decl)
        .generics
        .is_empty()
        .then(|| Ty::Adt(decl, std::sync::Arc::from([])))
}

/// `subst` binds the generic parameters of the struct declaring `g` (`generic_statics.rs`).
pub(crate) fn lower_static_init(
    cx: &mut Ctx,
    entry: FuncId,
    (g, subst): (hir::GlobalId, crate::Subst),
    place: Place,
    ty: TypeId,
) -> R<Vec<ir::Stmt>> {
    let body = hir::export::global_body(cx.db, g);
    let Some(root) = body.root_expr else {
        return Ok(Vec::new());
    };
    let owner = if subst.is_empty() {
        static_owner(cx.db, g)
    } else {
        crate::generic_statics::static_owner_instance(cx.db, g, &subst)
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
        subst,
        this_ty: owner,
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
        place_overrides: FxHashMap::default(),
        local_handles: FxHashMap::default(),
        choices: Default::default(),
        viewed_args: Default::default(),
        param_handles: FxHashMap::default(),
        this_handles: None,
        breakables: Vec::new(),
        label_flags: FxHashMap::default(),
        errors: Default::default(),
        flow: Default::default(),
        prelowered: FxHashMap::default(),
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
    /// A bit field (`int a : 3;`): bits of its backing integer.
    Bits(Box<bitfields::BitPlace>),
    /// A texel of a storage texture (`tex[uint2(x, y)]`), read and written by texture operations.
    Texel {
        texture: ir::GlobalId,
        coords: ValueId,
        ty: TypeId,
    },
    /// An element of a zero-length array (`T m[0]`, `T m[N]` with `N` 0): nothing is stored
    /// there (Slang drops such arrays); reads give zero and writes are dropped.
    Nowhere(TypeId),
    /// A part (`inner`) of a copy of an accessor's value (`outer`): written in the copy, then
    /// the copy is stored back through `outer` (`accessor_parts.rs`).
    Through {
        inner: Box<LPlace>,
        copy: Place,
        outer: Box<LPlace>,
    },
    /// Memory behind a pointer (`*p`, `p->f`, `p[i]`): the pointer value and the IR type of
    /// what it points at (`func/pointers.rs`).
    Ptr {
        ptr: ValueId,
        ty: TypeId,
    },
    /// What a call of a function returning `Ref<T>` names (`func/ref_calls.rs`).
    RefCall(Box<ref_calls::RefCall>),
}

#[derive(Clone, Debug)]
struct Accessor {
    /// The property or subscript declaration (its owner's generic arguments apply).
    owner: hir::ItemLoc,
    recv: Place,
    this_ty: Ty,
    getter: Option<FunctionId>,
    setter: Option<FunctionId>,
    /// A `ref` accessor: writes go through its setter instance when there is no `set`.
    reference: Option<FunctionId>,
    /// Subscript indices, already evaluated.
    args: Vec<ValueId>,
    ty: TypeId,
    /// The globals of the receiver's resources (`accessor_this`).
    bound: crate::ResourceBindings,
    /// A generic subscript's own generic arguments (`subscript_own_args`).
    own_args: Subst,
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
    /// Places that stand for expressions while a part of an accessor's value is written
    /// (`accessor_parts.rs`).
    place_overrides: FxHashMap<ExprId, Place>,
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
    /// Arguments passed through a non-differentiable interface's `This` parameters
    /// (`requirement_views.rs`): detached.
    viewed_args: rustc_hash::FxHashSet<ExprId>,
    /// The loops and switches being lowered, innermost last (`break label;`).
    breakables: Vec<Breakable>,
    /// A `bool` local per labelled loop or switch that a `break label;` leaves from inside a
    /// nested one: set before the inner `break`, tested after each construct it passes.
    label_flags: FxHashMap<StmtId, ir::LocalId>,
    /// Where thrown errors go (`func/errors.rs`).
    errors: errors::ErrorState,
    /// Resources handed back by returns and calls (`func/handle_flow.rs`).
    flow: handle_flow::FlowState,
    /// Arguments and initialisers already lowered (to learn the concrete type behind an
    /// interface-typed parameter or local, `exist.rs`): `lower_expr` takes them from here.
    prelowered: FxHashMap<ExprId, ValueId>,
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
    /// `operator()`, its owner a function or a global's initialiser): no generic arguments, no
    /// `this`, parameters at `params`.
    fn for_body_part(
        cx: &'a mut Ctx<'db>,
        id: FuncId,
        owner: hir::LambdaOwner,
        f: ir::Function,
        params: Vec<Place>,
    ) -> Self {
        let (body, infer, item) = match owner {
            hir::LambdaOwner::Function(func) => (
                hir::fn_body(cx.db, func),
                hir::infer_function(cx.db, func),
                ItemDef::Function(func),
            ),
            hir::LambdaOwner::Global(g) => (
                hir::export::global_body(cx.db, g),
                hir::export::infer_global(cx.db, g),
                ItemDef::Global(g),
            ),
        };
        FnLower {
            body,
            infer,
            cx,
            id,
            item,
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
            place_overrides: FxHashMap::default(),
            local_handles: FxHashMap::default(),
            param_handles: FxHashMap::default(),
            this_handles: None,
            choices: Default::default(),
            viewed_args: Default::default(),
            breakables: Vec::new(),
            label_flags: FxHashMap::default(),
            errors: Default::default(),
            flow: Default::default(),
            prelowered: FxHashMap::default(),
        }
    }
}

impl FnLower<'_, '_> {
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
            // Element 0 of a `vector<T, 1>` (a scalar in IR) is the value itself.
            Inst::Extract(v, 0) | Inst::ExtractDyn(v, _)
                if matches!(self.kind(self.vty(v)), TypeKind::Scalar(_)) =>
            {
                return Ok(v);
            }
            // Atomics the targets lack are refused here, for every path that makes one.
            Inst::Atomic { op, ref place, .. } => {
                let elem = self.place_ty(place)?;
                if let TypeKind::Vector { .. } = self.kind(elem) {
                    return self.vector_atomic(inst, elem);
                }
                if let Some(e) = crate::atomics::refuse(&self.cx.module.types, op, elem) {
                    return Err(e);
                }
                crate::atomics::check_root(&self.cx.module, place)?;
                inst
            }
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
        let is_load = matches!(inst, Inst::Load(_));
        let v = self.f.add_value(ty, inst);
        self.stmt(ir::Stmt::Let(v));
        if is_load && self.cx.dyn_storage.contains_key(&ty) {
            // An interface value read from a buffer: rebuilt from Slang's existential layout.
            return self.dyn_from_storage(v);
        }
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
        if s.is_narrow_int() {
            // An 8/16-bit literal: the 32-bit one converted (codegen wraps it to the width).
            let wide = self.literal_of(s.held_as(), int, float)?;
            return self.emit(Inst::Convert(wide, s), None);
        }
        self.lit(match s {
            Scalar::Bool => Literal::Bool(int != 0),
            Scalar::I32 => Literal::I32(int as i32),
            Scalar::U32 => Literal::U32(int as u32),
            Scalar::I64 => Literal::I64(int),
            Scalar::U64 => Literal::U64(int as u64),
            Scalar::F16 => Literal::F16(float as f32),
            Scalar::F32 => Literal::F32(float as f32),
            Scalar::F64 => Literal::F64(float),
            Scalar::I8 | Scalar::U8 | Scalar::I16 | Scalar::U16 => {
                return Err(internal("a narrow literal"));
            }
        })
    }

    /// The type of an expression, with this instance's generic arguments.
    fn ety(&self, e: ExprId) -> Ty {
        if let Some(t) = self.each_tuple_ty(e) {
            return t;
        }
        let t = apply(&self.subst, self.this_ty.as_ref(), &self.infer.expr_ty(e));
        normalize(self.cx.db, self.cx.file, &t)
    }

    /// The element type of `ty` when it is a zero-length array (which holds no data).
    fn zero_length_elem(&self, ty: &Ty) -> Option<Ty> {
        match normalize(self.cx.db, self.cx.file, ty) {
            Ty::Array(elem, hir::Len::Known(0)) => Some((*elem).clone()),
            _ => None,
        }
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
        self.associated_const_of(g, &t)
    }

    /// The constant of type `t` (after substitution) that implements the bodyless
    /// interface requirement `g` (`static const This identity;`), by name.
    pub(super) fn associated_const_of(&self, g: hir::GlobalId, t: &Ty) -> Option<hir::GlobalId> {
        let db = self.cx.db;
        let data = hir::export::global_data(db, g);
        if !data.in_type || hir::export::global_body(db, g).root_expr.is_some() {
            return None;
        }
        let t = apply(&self.subst, self.this_ty.as_ref(), t);
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
                Ok(Scalar::U32) => hir::ScalarKind::UInt,
                _ => hir::ScalarKind::Int,
            });
        }
        t.clone()
    }

    /// Whether `ty` is a struct derived from another (its first field holds the base part).
    fn has_base_part(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Struct(sid) if self
            .cx
            .module
            .types
            .struct_def(sid)
            .and_then(|d| d.fields.first())
            .is_some_and(|f| f.name == crate::types::BASE_FIELD))
    }

    /// Converts `v` to `to`: numeric conversion, scalar splat, vector/matrix truncation.
    fn coerce(&mut self, v: ValueId, to: TypeId) -> R<ValueId> {
        let from = self.vty(v);
        if from == to {
            return Ok(v);
        }
        if self.cx.is_ptr_ty(from) || self.cx.is_ptr_ty(to) {
            return self.coerce_pointer(v, from, to);
        }
        // An interface value stored into a buffer element: Slang's existential layout.
        if let Some(dyn_ty) = self.cx.dyn_storage.get(&to).copied() {
            let v = self.coerce(v, dyn_ty)?;
            return self.dyn_to_storage(v, to);
        }
        // A single-case interface value converts by its payload (`exist.rs`).
        if self.cx.exist.of.contains_key(&from) {
            if let Some(inner) = self.cx.optional_inner(to)
                && inner != from
            {
                let x = self.coerce(v, inner)?;
                return self.coerce(x, to);
            }
            let payload = self.emit(Inst::Extract(v, 1), None)?;
            return self.coerce(payload, to);
        }
        if let Some(cases) = self.cx.dyn_types.get(&to).cloned() {
            return self.make_dyn(to, &cases, Some(v), None);
        }
        // Any value converts to one that holds no data (`Conditional<T, false>` from a `T`).
        if self.cx.is_empty_struct(to) {
            return self.emit(Inst::Zero, Some(to));
        }
        if self.cx.optional_inner(to) == Some(from) {
            let yes = self.lit(Literal::Bool(true))?;
            return self.emit(Inst::Construct(vec![v, yes]), Some(to));
        }
        // A derived struct converts to its base struct by reading the hidden base field.
        if self.has_base_part(from) {
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
        if self.cx.is_ptr_ty(t) {
            // `if (p)`: whether the pointer is not null.
            let b = self.cx.module.types.bool();
            return self.coerce(v, b);
        }
        let b = self
            .cx
            .module
            .types
            .with_scalar(t, Scalar::Bool)
            .ok_or_else(|| internal("a condition that is not a scalar"))?;
        self.coerce(v, b)
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

impl FnLower<'_, '_> {
    /// `t._1` on a tuple, or on a `ConstantBuffer` of one: the element index.
    fn tuple_element(&self, ty: &Ty, name: &str) -> Option<u32> {
        match self.cx.uniform_block_arg(ty) {
            Some(inner) => tuple_index(&normalize(self.cx.db, self.cx.file, &inner), name),
            None => tuple_index(ty, name),
        }
    }
}

/// `t._1` on a tuple: the element index.
fn tuple_index(ty: &Ty, name: &str) -> Option<u32> {
    let Ty::Tuple(items) = ty else { return None };
    let i: u32 = name.strip_prefix('_')?.parse().ok()?;
    ((i as usize) < items.len()).then_some(i)
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
