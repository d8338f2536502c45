//! Intrinsics: builtin functions and methods with no bodies (math, atomics, barriers, buffer
//! methods, differential `dadd`/`dmul`), `printf` and `static_assert`. Apart because each
//! maps straight to IR instructions instead of a call.

use hir::export::Literal as HLit;
use hir::{Expr, ExprId};
use ir::{
    Arg, AtomicOp, BarrierKind, BinaryOp, Inst, Literal, MathFn, Place, TypeId, TypeKind, ValueId,
};

use super::{FnLower, LPlace, Recv};
use crate::{InstanceKey, LowerError, R, apply, internal, unsupported};

impl FnLower<'_, '_> {
    /// `printf("format", args...)`: a print instruction the host decodes from the print buffer.
    pub(super) fn lower_printf(&mut self, args: &[ExprId]) -> R<Option<ValueId>> {
        let Some((first, rest)) = args.split_first() else {
            return Err(unsupported("`printf` without a format string"));
        };
        // A format that is a `String` value (a variable, a parameter, `?:`) travels as its hash,
        // the first argument of a runtime format; the host finds the text among the literals.
        let (format, values) = match &self.body.exprs[*first] {
            Expr::Literal(HLit::String(text)) => (Some(unescape(text)), Vec::new()),
            _ if matches!(self.ety(*first), hir::Ty::String) => {
                (None, vec![self.lower_expr(*first)?])
            }
            _ => return Err(unsupported("`printf` whose format is not a `String`")),
        };
        let mut values = values;
        for a in rest {
            values.push(self.lower_expr(*a)?);
        }
        // The print buffer holds scalars and vectors; a pointer (an emulated buffer offset) or
        // an aggregate has no format conversion to print it with.
        for &v in &values {
            let t = self.vty(v);
            if !matches!(
                self.kind(t),
                ir::TypeKind::Scalar(_) | ir::TypeKind::Vector { .. }
            ) {
                let shown = self.cx.module.types.display(t);
                return Err(unsupported(format!(
                    "a `printf` argument of type `{shown}` (only scalars and vectors are printed)"
                )));
            }
        }
        let id = match &format {
            Some(text) => self.cx.module.add_print_format(text),
            None => self.cx.module.add_runtime_print_format(),
        };
        self.emit(Inst::Print(id, values), None)?;
        Ok(None)
    }

    /// `static_assert(condition[, message])`: fails lowering when the constant condition is false.
    fn static_assert(&mut self, args: &[ExprId]) -> R<()> {
        let &[cond, ..] = args else {
            return Err(internal("static_assert without a condition"));
        };
        if crate::consts::int_expr(self.cx, &self.body, &self.infer, cond, &self.subst)? == 0 {
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

    pub(super) fn intrinsic(
        &mut self,
        intrinsic: &str,
        name: &str,
        key: &InstanceKey,
        recv: Option<Recv>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        if intrinsic.starts_with("bindless:DescriptorHandle") {
            // A handle is data: its conversions and comparisons (`descriptor_handles.rs`).
            let (param_tys, ret_ty) = self.signature_ir_tys(key)?;
            return self.handle_intrinsic(intrinsic, recv, args, &param_tys, ret_ty);
        }
        // Graphics-stage and bindless operations: type-checked, but no compute target has them.
        if let Some(err) = crate::stage_only(intrinsic, name) {
            return Err(err);
        }
        // A compile-time check: nothing to emit (its message is a string, which has no IR type).
        if intrinsic == "static_assert" {
            return self.static_assert(args).map(|()| None);
        }
        if intrinsic.starts_with("texture_atomic_") {
            return Err(crate::atomics::refuse_texel(name));
        }
        // Texture methods take samplers, which have no IR value type.
        if intrinsic.starts_with("texture_") {
            return self.texture_op(intrinsic, recv, args);
        }
        let (param_tys, ret_ty) = self.signature_ir_tys(key)?;
        if let Some(r) = self.core_intrinsic(intrinsic, key, args, &param_tys, ret_ty) {
            return r;
        }
        if let Some(r) = self.wave_loop_intrinsic(intrinsic, args, &param_tys, ret_ty) {
            return r;
        }
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
            "bitcast" | "reinterpret" => {
                let v = in_args(self, 1)?;
                self.bit_cast_value(v[0], ret_ty, intrinsic == "bitcast")
                    .map(Some)
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
                let pair = match (&key.this_ty, hir::fn_sig(self.cx.db, key.func).is_member) {
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
                let xt = self.vty(x);
                // On a matrix, row by row (WGSL's `sin`/`cos` take scalars and vectors).
                let elementwise = |s: &mut Self, f: MathFn| -> R<ValueId> {
                    match s.math_on_matrix_rows(f, &[x], xt)? {
                        Some(r) => Ok(r),
                        None => s.emit(Inst::Math(f, vec![x]), None),
                    }
                };
                let s = elementwise(self, MathFn::Sin)?;
                let c = elementwise(self, MathFn::Cos)?;
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
            "conditional_make" | "conditional_get" | "conditional_set" => {
                let this_ty = key
                    .this_ty
                    .clone()
                    .ok_or_else(|| unsupported("`Conditional` without its type"))?;
                let value = match param_tys.first() {
                    Some(_) => Some(in_args(self, 1)?[0]),
                    None => None,
                };
                self.conditional_op(intrinsic, &this_ty, recv, value, ret_ty)
            }
            "optional_make" => {
                let v = in_args(self, 1)?;
                let t = self
                    .cx
                    .ir_ty(key.this_ty.as_ref().ok_or_else(|| internal("Optional"))?)?;
                self.coerce(v[0], t).map(Some)
            }
            // `Atomic<T>.increment()` / `.decrement()`: an atomic add (sub) of one that returns
            // the old value (a memory-order argument is accepted and ignored, as for the others).
            "atomic_increment" | "atomic_decrement" if recv.is_some() => {
                let Some(Recv::Place(LPlace::Mem(place))) = recv else {
                    return Err(unsupported("this atomic receiver"));
                };
                let elem = self.place_ty(&place)?;
                let (op, value) = self.atomic_step(intrinsic == "atomic_increment", elem)?;
                self.atomic_old(op, place, value, None, ret_ty)
            }
            // `__atomic_add(dest, value[, order])` and the like: the old value of `dest` (dropped
            // by the `void` reduce forms); `increment`/`decrement` add or subtract one.
            op if op.starts_with("atomic_fetch_") && recv.is_none() => {
                let base = &op["atomic_fetch_".len()..];
                let LPlace::Mem(place) = self.lvalue(arg(0)?)? else {
                    return Err(unsupported("an atomic on a swizzle"));
                };
                let elem = self.place_ty(&place)?;
                let (op, compare, value) = match base {
                    "increment" | "decrement" => {
                        let (op, one) = self.atomic_step(base == "increment", elem)?;
                        (op, None, one)
                    }
                    "compare_exchange" => {
                        let c = self.lower_value_as(arg(1)?, elem)?;
                        let v = self.lower_value_as(arg(2)?, elem)?;
                        (AtomicOp::CompareExchange, Some(c), v)
                    }
                    _ => {
                        let op = atomic(&format!("atomic_{base}"))
                            .ok_or_else(|| unsupported(format!("the intrinsic `{name}`")))?;
                        (op, None, self.lower_value_as(arg(1)?, elem)?)
                    }
                };
                self.atomic_old(op, place, value, compare, ret_ty)
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
                // The `reduce*` methods drop the old value.
                self.atomic_old(op, place, value, compare, ret_ty)
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
    /// `increment` / `decrement`: an atomic add or subtract of one in the element's type.
    fn atomic_step(&mut self, increment: bool, elem: TypeId) -> R<(AtomicOp, ValueId)> {
        let one = self.lit(Literal::I32(1))?;
        let one = self.coerce(one, elem)?;
        let op = if increment {
            AtomicOp::Add
        } else {
            AtomicOp::Sub
        };
        Ok((op, one))
    }

    /// An atomic operation on `place`; its old value is the result unless the call returns
    /// `void` (the `reduce*` forms).
    fn atomic_old(
        &mut self,
        op: AtomicOp,
        place: ir::Place,
        value: ValueId,
        compare: Option<ValueId>,
        ret_ty: TypeId,
    ) -> R<Option<ValueId>> {
        let old = self.emit(
            Inst::Atomic {
                op,
                place,
                value,
                compare,
            },
            None,
        )?;
        Ok((!self.cx.module.types.is_void(ret_ty)).then_some(old))
    }

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
}

/// Size in bytes of a buffer element of scalar or vector type (its structured-buffer stride).
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

/// The text of a string literal with its escapes (`\n`, `\t`, `\\`, `\"`) resolved.
pub(super) fn unescape(raw: &str) -> String {
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

impl FnLower<'_, '_> {
    /// The IR types of an instance's parameters and result (its generic arguments applied).
    fn signature_ir_tys(&mut self, key: &InstanceKey) -> R<(Vec<TypeId>, TypeId)> {
        let sig = hir::fn_sig(self.cx.db, key.func);
        let this = key.this_ty.as_ref();
        let param_tys: Vec<TypeId> = sig
            .params
            .iter()
            .map(|p| self.cx.ir_ty(&apply(&key.subst, this, &p.ty)))
            .collect::<R<_>>()?;
        let ret_ty = self.cx.ir_ty(&apply(&key.subst, this, &sig.ret))?;
        Ok((param_tys, ret_ty))
    }
}
