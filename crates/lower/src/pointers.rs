//! Pointers, emulated for WGSL and SPIR-V (which have no pointers to memory): a pointer value
//! is the IR struct `Ptr { root, offset }` (two `uint`s): `root` names a memory the program
//! can point into (0 is null) and `offset` is a byte offset in it, in Slang's natural layout
//! (`layout`). The roots are `uniform T* p` shader parameters (a storage buffer of `u32` words
//! named after the parameter, so hosts bind it by that name) and the `groupshared` variables
//! and structured buffers whose address the program takes (`__getAddress(shared[i])`, read and
//! written word by word through their typed memory). Every access goes through two helper
//! functions, `ptr_load(root, word) -> u32` and `ptr_store(root, word, bits)`, whose bodies are
//! written once all roots are known (`finish_pointers`). Function types stay refused.
//!
//! The body side (places `*p`, `p->f`, `p[i]`, arithmetic, comparisons, intrinsics) is
//! `func/pointers.rs`.

use hir::{Db, Ty};
use ir::{
    BinaryOp, BufferAccess, ConstValue, FuncId, FunctionBuilder, GlobalId, GlobalKind, Literal,
    Param, ParamDir, Place, Scalar, TypeId, TypeKind, Types, ValueId,
};

use crate::{Ctx, LowerError, R};

/// A memory pointers may point into.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Root {
    /// A storage buffer of `u32` words (a `uniform T*` parameter).
    Words(GlobalId),
    /// Typed memory (a `groupshared` variable, a structured buffer's elements) read and written
    /// word by word; `writable` is false for read-only buffers.
    Typed { global: GlobalId, writable: bool },
}

/// The pointer state of one lowering.
#[derive(Default)]
pub(crate) struct PtrState {
    ty: Option<TypeId>,
    /// Root `k + 1` is `roots[k]`.
    roots: Vec<Root>,
    load: Option<FuncId>,
    store: Option<FuncId>,
    /// The locals whose address each body takes, by (function, body).
    pub addressed: rustc_hash::FxHashMap<(FuncId, usize), rustc_hash::FxHashSet<hir::LocalId>>,
}

/// What a type is that the targets cannot hold, if it is one: `Some("function")`; pointers
/// (`Ptr`, `NullPtr`, `ConstBufferPointer`) are `Some("pointer")` and are emulated.
pub(crate) fn unsupported_type_kind(db: &dyn Db, ty: &Ty) -> Option<&'static str> {
    let named = |n: &str| hir::export::stdlib_decl_named(db, ty, n);
    if is_pointer(db, ty) {
        Some("pointer")
    } else if named("__FuncType") {
        Some("function")
    } else {
        None
    }
}

/// Whether `ty` is a pointer type (or `nullptr`'s).
pub(crate) fn is_pointer(db: &dyn Db, ty: &Ty) -> bool {
    let named = |n: &str| hir::export::stdlib_decl_named(db, ty, n);
    named("Ptr") || named("NullPtr") || named("ConstBufferPointer")
}

/// The type a pointer points at (`Ptr<T, ...>`, `ConstBufferPointer<T>`).
pub(crate) fn pointee(db: &dyn Db, ty: &Ty) -> Option<Ty> {
    if let Some(t) = hir::export::pointee_of(db, ty) {
        return Some(t);
    }
    if hir::export::stdlib_decl_named(db, ty, "ConstBufferPointer")
        && let Ty::Adt(_, args) = ty
        && let Some(hir::GenericArg::Type(t)) = args.first()
    {
        return Some(t.clone());
    }
    None
}

/// The diagnostic for a pointer construct the emulation cannot express (`what` names it).
pub(crate) fn pointers_unsupported(what: &str) -> LowerError {
    LowerError {
        code: "E4101",
        message: format!(
            "{what} cannot be compiled for the WGSL and SPIR-V targets: they have no pointers to \
             memory, and dslang emulates only pointers into `uniform T*` parameters, \
             `groupshared` variables and structured buffers (as a buffer and a byte offset)"
        ),
        ..crate::unsupported("")
    }
}

/// The diagnostic for a value of function type (`functype(...) -> R`).
pub(crate) fn function_values_unsupported(what: &str) -> LowerError {
    LowerError {
        code: "E4001",
        message: format!(
            "{what} cannot be compiled for the WGSL and SPIR-V targets: they have no function \
             values; take a generic parameter constrained by `IFunc<R, P...>` instead, which \
             lambdas and function objects satisfy"
        ),
        ..crate::unsupported("")
    }
}

/// (size, alignment) in bytes of an IR type in Slang's natural layout (bool as 4 bytes, as
/// in buffers); `None` for runtime arrays and void.
pub(crate) fn layout(types: &Types, ty: TypeId) -> Option<(u32, u32)> {
    layout_at(types, ty, 0)
}

fn layout_at(types: &Types, ty: TypeId, depth: u32) -> Option<(u32, u32)> {
    if depth > 64 {
        return None;
    }
    let bytes = |s: Scalar| if s == Scalar::Bool { 4 } else { s.bits() / 8 };
    match types.kind(ty).clone() {
        TypeKind::Scalar(s) => Some((bytes(s), bytes(s))),
        TypeKind::Vector { scalar, size } => Some((bytes(scalar) * u32::from(size), bytes(scalar))),
        TypeKind::Matrix { scalar, rows, cols } => Some((
            bytes(scalar) * u32::from(rows) * u32::from(cols),
            bytes(scalar),
        )),
        TypeKind::Array { elem, len } => {
            let (s, a) = layout_at(types, elem, depth + 1)?;
            Some((s.next_multiple_of(a).checked_mul(len)?, a))
        }
        TypeKind::Struct(id) => {
            let (mut size, mut align) = (0u32, 1u32);
            for f in &types.struct_def(id)?.fields {
                let (s, a) = layout_at(types, f.ty, depth + 1)?;
                size = size.next_multiple_of(a).checked_add(s)?;
                align = align.max(a);
            }
            Some((size.next_multiple_of(align), align))
        }
        TypeKind::RuntimeArray { .. } | TypeKind::Void => None,
    }
}

/// The distance in bytes between array elements of type `ty`.
pub(crate) fn stride(types: &Types, ty: TypeId) -> Option<u32> {
    layout(types, ty).map(|(s, a)| s.next_multiple_of(a))
}

/// The type of field `k` of the struct `ty`.
pub(crate) fn field_ty(types: &Types, ty: TypeId, k: u32) -> Option<TypeId> {
    match types.kind(ty) {
        TypeKind::Struct(id) => types.struct_def(*id)?.fields.get(k as usize).map(|f| f.ty),
        _ => None,
    }
}

/// The byte offset of field `k` of the struct `ty`.
pub(crate) fn field_offset(types: &Types, ty: TypeId, k: u32) -> Option<u32> {
    let TypeKind::Struct(id) = types.kind(ty).clone() else {
        return None;
    };
    let mut size = 0u32;
    for (i, f) in types.struct_def(id)?.fields.iter().enumerate() {
        let (s, a) = layout(types, f.ty)?;
        size = size.next_multiple_of(a);
        if i as u32 == k {
            return Some(size);
        }
        size = size.checked_add(s)?;
    }
    None
}

/// Whether every scalar of `ty` is 32 bits wide (or a bool), so that it is read and written
/// as whole words.
pub(crate) fn word_sized(types: &Types, ty: TypeId) -> bool {
    let ok = |s: Scalar| s == Scalar::Bool || s.bits() == 32;
    match types.kind(ty).clone() {
        TypeKind::Scalar(s)
        | TypeKind::Vector { scalar: s, .. }
        | TypeKind::Matrix { scalar: s, .. } => ok(s),
        TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => word_sized(types, elem),
        TypeKind::Struct(id) => types
            .struct_def(id)
            .is_some_and(|d| d.fields.iter().all(|f| word_sized(types, f.ty))),
        TypeKind::Void => false,
    }
}

impl Ctx<'_> {
    /// The IR type of every pointer: `Ptr { root: uint, offset: uint }`.
    pub(crate) fn ptr_ty(&mut self) -> TypeId {
        if let Some(t) = self.ptr.ty {
            return t;
        }
        let u = self.module.types.u32();
        let t = self
            .module
            .types
            .add_struct("Ptr", vec![("root", u), ("offset", u)]);
        self.ptr.ty = Some(t);
        t
    }

    pub(crate) fn is_ptr_ty(&self, t: TypeId) -> bool {
        self.ptr.ty == Some(t)
    }

    /// A `uniform T* name` shader parameter: the storage buffer `name` of words it points
    /// into, and a constant global holding the pointer to its start.
    pub(crate) fn pointer_parameter(&mut self, name: &str) -> GlobalId {
        let u = self.module.types.u32();
        let buf = self.module.add_global(
            name,
            u,
            GlobalKind::StorageBuffer {
                access: BufferAccess::ReadWrite,
            },
        );
        self.ptr.roots.push(Root::Words(buf));
        let root = self.ptr.roots.len() as u32;
        let ty = self.ptr_ty();
        let cname = self.fresh_name(&format!("{name}_ptr"));
        let value = ConstValue::Composite(vec![
            ConstValue::Literal(Literal::U32(root)),
            ConstValue::Literal(Literal::U32(0)),
        ]);
        self.module.add_private_global(&cname, ty, value)
    }

    /// The root id of the typed global `g` (a `groupshared` variable or structured buffer).
    pub(crate) fn typed_root(&mut self, g: GlobalId) -> R<u32> {
        if let Some(k) = self.ptr.roots.iter().position(
            |r| matches!(r, Root::Typed { global, .. } | Root::Words(global) if *global == g),
        ) {
            return Ok(k as u32 + 1);
        }
        let global = self
            .module
            .global(g)
            .cloned()
            .ok_or_else(|| crate::internal("an unknown global"))?;
        let writable = match global.kind {
            GlobalKind::Groupshared => true,
            // A local whose address is taken, or a mutable `static`.
            GlobalKind::Constant(_) if global.writable => true,
            GlobalKind::StorageBuffer { access } => access == BufferAccess::ReadWrite,
            _ => {
                return Err(pointers_unsupported(
                    "the address of a uniform or constant global",
                ));
            }
        };
        if !word_sized(&self.module.types, global.ty) {
            return Err(pointers_unsupported(
                "a pointer into memory holding 8-, 16- or 64-bit scalars",
            ));
        }
        self.ptr.roots.push(Root::Typed {
            global: g,
            writable,
        });
        Ok(self.ptr.roots.len() as u32)
    }

    /// `ptr_load(root, word) -> uint` and `ptr_store(root, word, bits)`, declared on first use
    /// and written by `finish_pointers`.
    pub(crate) fn ptr_fns(&mut self) -> (FuncId, FuncId) {
        if let (Some(l), Some(s)) = (self.ptr.load, self.ptr.store) {
            return (l, s);
        }
        let u = self.module.types.u32();
        let void = self.module.types.void();
        let p = |n: &str| Param {
            name: n.into(),
            ty: u,
            dir: ParamDir::In,
        };
        let ln = self.fresh_name("ptr_load");
        let l = self
            .module
            .declare_function(&ln, vec![p("root"), p("word")], u);
        let sn = self.fresh_name("ptr_store");
        let s = self
            .module
            .declare_function(&sn, vec![p("root"), p("word"), p("bits")], void);
        self.ptr.load = Some(l);
        self.ptr.store = Some(s);
        (l, s)
    }

    /// Writes the bodies of `ptr_load` and `ptr_store`: a test of the root, then the word of
    /// that memory (typed memory walked down to the scalar holding the word).
    pub(crate) fn finish_pointers(&mut self) -> R<()> {
        let (Some(load), Some(store)) = (self.ptr.load, self.ptr.store) else {
            return Ok(());
        };
        let roots = self.ptr.roots.clone();
        let mut b = FunctionBuilder::for_declared(&mut self.module, load);
        let root = b.load(Place::param(0));
        let word = b.load(Place::param(1));
        for (k, r) in roots.iter().enumerate() {
            let id = b.u32(k as u32 + 1);
            let hit = b.binary(BinaryOp::Eq, root, id);
            let r = r.clone();
            b.if_(
                hit,
                |b| {
                    let v = match &r {
                        Root::Words(g) => b.load(Place::global(*g).dynamic(word)),
                        Root::Typed { global, .. } => {
                            let ty = b.module().global_place_type(*global).unwrap_or(TypeId(0));
                            word_load(b, Place::global(*global), ty, word)
                        }
                    };
                    b.ret(Some(v));
                },
                |_| {},
            );
        }
        let zero = b.u32(0);
        b.ret(Some(zero));
        b.finish()
            .map_err(|e| crate::internal(format!("ptr_load: {}", e.join("; "))))?;
        let mut b = FunctionBuilder::for_declared(&mut self.module, store);
        let root = b.load(Place::param(0));
        let word = b.load(Place::param(1));
        let bits = b.load(Place::param(2));
        for (k, r) in roots.iter().enumerate() {
            if matches!(
                r,
                Root::Typed {
                    writable: false,
                    ..
                }
            ) {
                continue;
            }
            let id = b.u32(k as u32 + 1);
            let hit = b.binary(BinaryOp::Eq, root, id);
            let r = r.clone();
            b.if_(
                hit,
                |b| match &r {
                    Root::Words(g) => b.store(Place::global(*g).dynamic(word), bits),
                    Root::Typed { global, .. } => {
                        let ty = b.module().global_place_type(*global).unwrap_or(TypeId(0));
                        word_store(b, Place::global(*global), ty, word, bits);
                    }
                },
                |_| {},
            );
        }
        b.finish()
            .map_err(|e| crate::internal(format!("ptr_store: {}", e.join("; "))))?;
        Ok(())
    }
}

/// The bits of a 32-bit scalar as a `uint`.
fn to_bits(b: &mut FunctionBuilder, v: ValueId, s: Scalar) -> ValueId {
    match s {
        Scalar::U32 => v,
        Scalar::Bool => {
            let one = b.u32(1);
            let zero = b.u32(0);
            b.select(v, one, zero)
        }
        _ => b.bitcast(v, Scalar::U32),
    }
}

/// A 32-bit scalar from its bits.
fn from_bits(b: &mut FunctionBuilder, w: ValueId, s: Scalar) -> ValueId {
    match s {
        Scalar::U32 => w,
        Scalar::Bool => {
            let zero = b.u32(0);
            b.binary(BinaryOp::Ne, w, zero)
        }
        _ => b.bitcast(w, s),
    }
}

/// Word `w` (a `uint` value) of the typed memory `place` of type `ty`.
fn word_load(b: &mut FunctionBuilder, place: Place, ty: TypeId, w: ValueId) -> ValueId {
    let kind = b.types().kind(ty).clone();
    match kind {
        TypeKind::Scalar(s) => {
            let v = b.load(place);
            to_bits(b, v, s)
        }
        TypeKind::Vector { scalar, .. } => {
            let v = b.load(place.dynamic(w));
            to_bits(b, v, scalar)
        }
        TypeKind::Matrix { scalar, cols, .. } => {
            let c = b.u32(u32::from(cols));
            let row = b.binary(BinaryOp::Div, w, c);
            let col = b.binary(BinaryOp::Rem, w, c);
            let v = b.load(place.dynamic(row).dynamic(col));
            to_bits(b, v, scalar)
        }
        TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
            let words = stride(b.types(), elem).unwrap_or(4) / 4;
            let n = b.u32(words.max(1));
            let i = b.binary(BinaryOp::Div, w, n);
            let r = b.binary(BinaryOp::Rem, w, n);
            word_load(b, place.dynamic(i), elem, r)
        }
        TypeKind::Struct(id) => {
            let fields = b
                .types()
                .struct_def(id)
                .cloned()
                .map(|d| d.fields)
                .unwrap_or_default();
            let mut acc = b.u32(0);
            for (k, f) in fields.iter().enumerate() {
                let start = field_offset(b.types(), ty, k as u32).unwrap_or(0) / 4;
                let end = start + layout(b.types(), f.ty).map_or(0, |(s, _)| s.div_ceil(4));
                let s = b.u32(start);
                let e = b.u32(end);
                let ge = b.binary(BinaryOp::Ge, w, s);
                let lt = b.binary(BinaryOp::Lt, w, e);
                let inside = b.binary(BinaryOp::LogicalAnd, ge, lt);
                let rel = b.sub(w, s);
                let v = word_load(b, place.clone().field(k as u32), f.ty, rel);
                acc = b.select(inside, v, acc);
            }
            acc
        }
        TypeKind::Void => b.u32(0),
    }
}

/// Stores the word `bits` at word `w` of the typed memory `place` of type `ty`.
fn word_store(b: &mut FunctionBuilder, place: Place, ty: TypeId, w: ValueId, bits: ValueId) {
    let kind = b.types().kind(ty).clone();
    match kind {
        TypeKind::Scalar(s) => {
            let v = from_bits(b, bits, s);
            b.store(place, v);
        }
        TypeKind::Vector { scalar, .. } => {
            let v = from_bits(b, bits, scalar);
            b.store(place.dynamic(w), v);
        }
        TypeKind::Matrix { scalar, cols, .. } => {
            let c = b.u32(u32::from(cols));
            let row = b.binary(BinaryOp::Div, w, c);
            let col = b.binary(BinaryOp::Rem, w, c);
            let v = from_bits(b, bits, scalar);
            b.store(place.dynamic(row).dynamic(col), v);
        }
        TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
            let words = stride(b.types(), elem).unwrap_or(4) / 4;
            let n = b.u32(words.max(1));
            let i = b.binary(BinaryOp::Div, w, n);
            let r = b.binary(BinaryOp::Rem, w, n);
            word_store(b, place.dynamic(i), elem, r, bits);
        }
        TypeKind::Struct(id) => {
            let fields = b
                .types()
                .struct_def(id)
                .cloned()
                .map(|d| d.fields)
                .unwrap_or_default();
            for (k, f) in fields.iter().enumerate() {
                let start = field_offset(b.types(), ty, k as u32).unwrap_or(0) / 4;
                let end = start + layout(b.types(), f.ty).map_or(0, |(s, _)| s.div_ceil(4));
                let s = b.u32(start);
                let e = b.u32(end);
                let ge = b.binary(BinaryOp::Ge, w, s);
                let lt = b.binary(BinaryOp::Lt, w, e);
                let inside = b.binary(BinaryOp::LogicalAnd, ge, lt);
                let fty = f.ty;
                let fplace = place.clone().field(k as u32);
                b.if_(
                    inside,
                    |b| {
                        let rel = b.sub(w, s);
                        word_store(b, fplace, fty, rel, bits);
                    },
                    |_| {},
                );
            }
        }
        TypeKind::Void => {}
    }
}
