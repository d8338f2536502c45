//! Pointers in bodies: `*p`, `p->f` and `p.f`, `p[i]` (places behind a pointer, read and
//! written word by word through `ptr_load`/`ptr_store`), `p + n`, `p - n`, comparisons,
//! `nullptr`, tests of a pointer as a bool, casts between pointer types, `__getAddress` of a
//! `groupshared` variable or a structured-buffer element, and the pointer intrinsics of
//! `stdlib/ptr.slang`. The representation is `crate::pointers`'.

use hir::export::{BinaryOp as HOp, PrefixOp};
use hir::{Expr, ExprId, ExprRes, Ty};
use ir::{Access, Arg, BinaryOp, Inst, Literal, PlaceRoot, Scalar, TypeId, TypeKind, ValueId};

use super::{FnLower, LPlace, Recv};
use crate::pointers::{self as ptrs, pointers_unsupported};
use crate::{R, internal};

/// Reads and writes through one pointer of more words than this are refused (each word is a
/// call; a loop would be needed beyond it).
const MAX_WORDS: u32 = 4096;

impl FnLower<'_, '_> {
    fn is_ptr(&self, t: &Ty) -> bool {
        ptrs::is_pointer(self.cx.db, t)
    }

    /// Whether `e` names memory behind a pointer: `*p`, `p->f`, `p.f`, `p[i]`, `p->v.x`, and
    /// fields and elements of those.
    pub(super) fn is_ptr_chain(&self, e: ExprId) -> bool {
        match &self.body.exprs[e] {
            Expr::Prefix {
                op: PrefixOp::Deref,
                expr,
            } => self.is_ptr(&self.ety(*expr)),
            Expr::Field { base, name, .. } => {
                let member = match self.res(e) {
                    Some(ExprRes::Field(..)) => true,
                    // One component of a vector (several are read from the loaded vector).
                    None => name.len() == 1,
                    _ => false,
                };
                member && (self.is_ptr(&self.ety(*base)) || self.is_ptr_chain(*base))
            }
            Expr::Index { base, .. } => {
                let bt = self.ety(*base);
                self.is_ptr(&bt)
                    || (self.is_ptr_chain(*base)
                        && matches!(bt, Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..)))
            }
            _ => false,
        }
    }

    /// The place behind a pointer that `e` names, when it names one.
    pub(super) fn pointer_place(&mut self, e: ExprId) -> R<Option<LPlace>> {
        if !self.is_ptr_chain(e) {
            return Ok(None);
        }
        let (ptr, ty) = self.pointer_to(e)?;
        Ok(Some(LPlace::Ptr { ptr, ty }))
    }

    fn pointee_ty(&self, t: &Ty) -> R<Ty> {
        ptrs::pointee(self.cx.db, t).ok_or_else(|| internal("a pointer without its pointee"))
    }

    /// The pointer to the memory the pointer chain `e` names, and that memory's IR type.
    fn pointer_to(&mut self, e: ExprId) -> R<(ValueId, TypeId)> {
        match self.body.exprs[e].clone() {
            Expr::Prefix { expr, .. } => {
                let p = self.lower_expr(expr)?;
                let t = self.ety(e);
                Ok((p, self.ir_ty(&t)?))
            }
            Expr::Field { base, name, .. } => {
                let bt = self.ety(base);
                let (p, holder, mut ht) = if self.is_ptr(&bt) {
                    let p = self.lower_expr(base)?;
                    let h = self.pointee_ty(&bt)?;
                    let ht = self.ir_ty(&h)?;
                    (p, h, ht)
                } else {
                    let (p, ht) = self.pointer_to(base)?;
                    (p, bt, ht)
                };
                if let Some(ExprRes::Field(decl, i)) = self.res(e) {
                    // A base struct is the hidden first field, at offset 0.
                    for _ in 0..self.base_hops(&holder, decl) {
                        ht = ptrs::field_ty(&self.cx.module.types, ht, 0)
                            .ok_or_else(|| internal("a base part without its field"))?;
                    }
                    let k = self.member_index(&holder, decl, i, &name)?;
                    let types = &self.cx.module.types;
                    let off = ptrs::field_offset(types, ht, k);
                    let fty = ptrs::field_ty(types, ht, k);
                    let (Some(off), Some(fty)) = (off, fty) else {
                        return Err(internal("a field behind a pointer without its layout"));
                    };
                    let q = self.ptr_add_bytes(p, off)?;
                    return Ok((q, fty));
                }
                let c = "xyzw"
                    .find(&*name)
                    .or_else(|| "rgba".find(&*name))
                    .ok_or_else(|| internal("a component name"))? as u32;
                let s = self
                    .cx
                    .module
                    .types
                    .scalar_of(ht)
                    .ok_or_else(|| internal("a component of a non-vector"))?;
                let st = self.cx.module.types.scalar(s);
                let size = ptrs::layout(&self.cx.module.types, st).map_or(4, |l| l.0);
                let q = self.ptr_add_bytes(p, c * size)?;
                Ok((q, st))
            }
            Expr::Index { base, index } => {
                let bt = self.ety(base);
                let (p, elem) = if self.is_ptr(&bt) {
                    let p = self.lower_expr(base)?;
                    let h = self.pointee_ty(&bt)?;
                    (p, self.ir_ty(&h)?)
                } else {
                    let (p, ht) = self.pointer_to(base)?;
                    let elem = match self.kind(ht) {
                        TypeKind::Array { elem, .. } => elem,
                        TypeKind::Vector { scalar, .. } => self.cx.module.types.scalar(scalar),
                        TypeKind::Matrix { scalar, cols, .. } => {
                            self.cx.module.types.vector(scalar, cols)
                        }
                        // `v[0]` of a `vector<T, 1>`, a scalar in IR: the scalar itself.
                        TypeKind::Scalar(_) if matches!(bt, Ty::Vector(..)) => {
                            self.lower_expr(index)?;
                            return Ok((p, ht));
                        }
                        _ => return Err(internal("an element of a non-array behind a pointer")),
                    };
                    (p, elem)
                };
                let i = self.lower_expr(index)?;
                let q = self.ptr_add_scaled(p, i, elem, false)?;
                Ok((q, elem))
            }
            _ => Err(internal("not a pointer chain")),
        }
    }

    /// `p` moved by `bytes`.
    fn ptr_add_bytes(&mut self, p: ValueId, bytes: u32) -> R<ValueId> {
        if bytes == 0 {
            return Ok(p);
        }
        let b = self.lit(Literal::U32(bytes))?;
        self.ptr_add_value(p, b, false)
    }

    /// `p` moved by `bytes` (a `uint`), backwards when `minus`.
    fn ptr_add_value(&mut self, p: ValueId, bytes: ValueId, minus: bool) -> R<ValueId> {
        let root = self.emit(Inst::Extract(p, 0), None)?;
        let off = self.emit(Inst::Extract(p, 1), None)?;
        let op = if minus { BinaryOp::Sub } else { BinaryOp::Add };
        let off = self.emit(Inst::Binary(op, off, bytes), None)?;
        let t = self.cx.ptr_ty();
        self.emit(Inst::Construct(vec![root, off]), Some(t))
    }

    /// `p` moved by `i` (any integer) elements of type `elem`.
    fn ptr_add_scaled(&mut self, p: ValueId, i: ValueId, elem: TypeId, minus: bool) -> R<ValueId> {
        let stride = ptrs::stride(&self.cx.module.types, elem)
            .ok_or_else(|| pointers_unsupported("a pointer to data of unknown size"))?;
        let i = self.offset_u32(i)?;
        let s = self.lit(Literal::U32(stride))?;
        let bytes = self.emit(Inst::Binary(BinaryOp::Mul, i, s), None)?;
        self.ptr_add_value(p, bytes, minus)
    }

    fn offset_u32(&mut self, v: ValueId) -> R<ValueId> {
        match self.kind(self.vty(v)) {
            TypeKind::Scalar(Scalar::U32) => Ok(v),
            TypeKind::Scalar(Scalar::I32) => self.emit(Inst::Bitcast(v, Scalar::U32), None),
            TypeKind::Scalar(_) => self.emit(Inst::Convert(v, Scalar::U32), None),
            _ => Err(internal("a pointer offset that is not a scalar")),
        }
    }

    /// The value of type `ty` that the pointer `p` points at.
    pub(super) fn ptr_read(&mut self, p: ValueId, ty: TypeId) -> R<ValueId> {
        if self.cx.dyn_types.contains_key(&ty) {
            return self.read_existential(p, ty);
        }
        self.checked_words(ty)?;
        let (load, _) = self.cx.ptr_fns();
        let root = self.emit(Inst::Extract(p, 0), None)?;
        let off = self.emit(Inst::Extract(p, 1), None)?;
        let two = self.lit(Literal::U32(2))?;
        let w0 = self.emit(Inst::Binary(BinaryOp::Shr, off, two), None)?;
        self.read_at(load, root, w0, 0, ty)
    }

    /// The receiver of `p->method()` / `p.method()` when `base` (of type `bt`) is a pointer
    /// and `f` a method of what it points at (not one of the pointer type's own): the value
    /// it points at, or its place for a `mutating` method, and the pointee type.
    pub(super) fn pointer_receiver(
        &mut self,
        base: ExprId,
        bt: &Ty,
        f: hir::FunctionId,
        mutating: bool,
    ) -> R<Option<(Recv, Ty)>> {
        let Some(pointee) = ptrs::pointee(self.cx.db, bt) else {
            return Ok(None);
        };
        let own = hir::fn_data(self.cx.db, f).attr("__intrinsic").is_some_and(|a| {
            matches!(a.args.first(), Some(hir::export::AttrArg::String(s)) if s.starts_with("ptr_"))
        });
        if own {
            return Ok(None);
        }
        let ptr = self.lower_expr(base)?;
        let ty = self.ir_ty(&pointee)?;
        let recv = if mutating {
            Recv::Place(LPlace::Ptr { ptr, ty })
        } else {
            Recv::Value(self.ptr_read(ptr, ty)?)
        };
        Ok(Some((recv, pointee)))
    }

    /// An interface value in memory as Slang lays it out: its type's id in word 2 (after a
    /// 64-bit slot), its data from word 4 on.
    fn read_existential(&mut self, p: ValueId, ty: TypeId) -> R<ValueId> {
        let (load, _) = self.cx.ptr_fns();
        let root = self.emit(Inst::Extract(p, 0), None)?;
        let off = self.emit(Inst::Extract(p, 1), None)?;
        let two = self.lit(Literal::U32(2))?;
        let w0 = self.emit(Inst::Binary(BinaryOp::Shr, off, two), None)?;
        let u = self.cx.module.types.u32();
        let mut tag = self.read_at(load, root, w0, 2, u)?;
        let tag_ty = ptrs::field_ty(&self.cx.module.types, ty, 0)
            .ok_or_else(|| internal("an interface value without its tag"))?;
        if tag_ty != u {
            tag = self.coerce(tag, tag_ty)?;
        }
        let types = &self.cx.module.types;
        let fields = match types.kind(ty) {
            TypeKind::Struct(id) => types
                .struct_def(*id)
                .map(|d| d.fields.iter().skip(1).map(|f| f.ty).collect::<Vec<_>>())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let words = fields
            .iter()
            .filter_map(|&t| ptrs::layout(types, t).map(|(s, _)| s.div_ceil(4)))
            .max()
            .unwrap_or(0)
            .clamp(1, MAX_WORDS);
        let mut data = Vec::with_capacity(words as usize);
        for i in 0..words {
            data.push(self.read_at(load, root, w0, 4 + i, u)?);
        }
        let at = self.cx.module.types.array(u, words);
        let data = self.emit(Inst::Construct(data), Some(at))?;
        self.dyn_from_data(ty, tag, Some(data))
    }

    /// Stores `v` (of type `ty`) where `p` points.
    pub(super) fn ptr_write(&mut self, p: ValueId, ty: TypeId, v: ValueId) -> R<()> {
        if self.cx.dyn_types.contains_key(&ty) {
            return Err(pointers_unsupported(
                "storing an interface value through a pointer",
            ));
        }
        self.checked_words(ty)?;
        let (_, store) = self.cx.ptr_fns();
        let root = self.emit(Inst::Extract(p, 0), None)?;
        let off = self.emit(Inst::Extract(p, 1), None)?;
        let two = self.lit(Literal::U32(2))?;
        let w0 = self.emit(Inst::Binary(BinaryOp::Shr, off, two), None)?;
        self.write_at(store, root, w0, 0, ty, v)
    }

    fn checked_words(&mut self, ty: TypeId) -> R<u32> {
        let types = &self.cx.module.types;
        if !ptrs::word_sized(types, ty) {
            return Err(pointers_unsupported(
                "reading or writing 8-, 16- or 64-bit data through a pointer",
            ));
        }
        let words = ptrs::layout(types, ty).map_or(0, |(s, _)| s.div_ceil(4));
        if words > MAX_WORDS {
            return Err(pointers_unsupported(&format!(
                "reading or writing {words} words at once through a pointer (at most {MAX_WORDS})"
            )));
        }
        Ok(words)
    }

    fn word_index(&mut self, w0: ValueId, word: u32) -> R<ValueId> {
        if word == 0 {
            return Ok(w0);
        }
        let k = self.lit(Literal::U32(word))?;
        self.emit(Inst::Binary(BinaryOp::Add, w0, k), None)
    }

    fn read_at(
        &mut self,
        load: ir::FuncId,
        root: ValueId,
        w0: ValueId,
        word: u32,
        ty: TypeId,
    ) -> R<ValueId> {
        match self.kind(ty) {
            TypeKind::Scalar(s) => {
                let idx = self.word_index(w0, word)?;
                let bits = self.emit(
                    Inst::Call(load, vec![Arg::Value(root), Arg::Value(idx)]),
                    None,
                )?;
                match s {
                    Scalar::U32 => Ok(bits),
                    Scalar::Bool => {
                        let zero = self.lit(Literal::U32(0))?;
                        self.emit(Inst::Binary(BinaryOp::Ne, bits, zero), None)
                    }
                    _ => self.emit(Inst::Bitcast(bits, s), None),
                }
            }
            kind => {
                let parts = self.part_layout(ty, &kind)?;
                let mut vals = Vec::with_capacity(parts.len());
                for (pt, at) in parts {
                    vals.push(self.read_at(load, root, w0, word + at / 4, pt)?);
                }
                self.emit(Inst::Construct(vals), Some(ty))
            }
        }
    }

    fn write_at(
        &mut self,
        store: ir::FuncId,
        root: ValueId,
        w0: ValueId,
        word: u32,
        ty: TypeId,
        v: ValueId,
    ) -> R<()> {
        match self.kind(ty) {
            TypeKind::Scalar(s) => {
                let idx = self.word_index(w0, word)?;
                let bits = match s {
                    Scalar::U32 => v,
                    Scalar::Bool => {
                        let one = self.lit(Literal::U32(1))?;
                        let zero = self.lit(Literal::U32(0))?;
                        self.emit(
                            Inst::Select {
                                cond: v,
                                accept: one,
                                reject: zero,
                            },
                            None,
                        )?
                    }
                    _ => self.emit(Inst::Bitcast(v, Scalar::U32), None)?,
                };
                self.emit(
                    Inst::Call(
                        store,
                        vec![Arg::Value(root), Arg::Value(idx), Arg::Value(bits)],
                    ),
                    None,
                )?;
                Ok(())
            }
            kind => {
                let parts = self.part_layout(ty, &kind)?;
                for (k, (pt, at)) in parts.into_iter().enumerate() {
                    let part = self.emit(Inst::Extract(v, k as u32), None)?;
                    self.write_at(store, root, w0, word + at / 4, pt, part)?;
                }
                Ok(())
            }
        }
    }

    /// The parts of a composite (components, rows, elements, fields) with their byte offsets.
    fn part_layout(&mut self, ty: TypeId, kind: &TypeKind) -> R<Vec<(TypeId, u32)>> {
        let types = &mut self.cx.module.types;
        Ok(match *kind {
            TypeKind::Vector { scalar, size } => {
                let st = types.scalar(scalar);
                (0..u32::from(size)).map(|c| (st, c * 4)).collect()
            }
            TypeKind::Matrix { scalar, rows, cols } => {
                let rt = types.vector(scalar, cols);
                (0..u32::from(rows))
                    .map(|r| (rt, r * 4 * u32::from(cols)))
                    .collect()
            }
            TypeKind::Array { elem, len } => {
                let s = ptrs::stride(types, elem).unwrap_or(4);
                (0..len).map(|i| (elem, i * s)).collect()
            }
            TypeKind::Struct(id) => {
                let fields = types
                    .struct_def(id)
                    .map(|d| d.fields.clone())
                    .unwrap_or_default();
                let mut out = Vec::new();
                for (k, f) in fields.iter().enumerate() {
                    let off = ptrs::field_offset(types, ty, k as u32)
                        .ok_or_else(|| internal("a field without its layout"))?;
                    out.push((f.ty, off));
                }
                out
            }
            _ => {
                return Err(pointers_unsupported(
                    "reading or writing this type through a pointer",
                ));
            }
        })
    }

    /// Values of pointer expressions that are not places: `nullptr`, `*p`, `p + n`, `p - n`,
    /// comparisons of pointers, `!p`, casts from and to pointers. `None` for other expressions.
    pub(super) fn pointer_expr(&mut self, e: ExprId) -> R<Option<ValueId>> {
        match self.body.exprs[e].clone() {
            Expr::Path(_)
                if self.res(e).is_none()
                    && hir::export::stdlib_decl_named(self.cx.db, &self.ety(e), "NullPtr") =>
            {
                let t = self.cx.ptr_ty();
                self.emit(Inst::Zero, Some(t)).map(Some)
            }
            Expr::Prefix {
                op: PrefixOp::Deref,
                ..
            } => match self.pointer_place(e)? {
                Some(lp) => self.load_lplace(&lp).map(Some),
                None => Ok(None),
            },
            Expr::Prefix {
                op: PrefixOp::Not,
                expr,
            } if self.is_ptr(&self.ety(expr)) => {
                let p = self.lower_expr(expr)?;
                let root = self.emit(Inst::Extract(p, 0), None)?;
                let zero = self.lit(Literal::U32(0))?;
                self.emit(Inst::Binary(BinaryOp::Eq, root, zero), None)
                    .map(Some)
            }
            Expr::Binary { op, lhs, rhs }
                if self.res(e).is_none()
                    && (self.is_ptr(&self.ety(lhs)) || self.is_ptr(&self.ety(rhs))) =>
            {
                self.pointer_binary(op, lhs, rhs).map(Some)
            }
            Expr::Prefix {
                op: PrefixOp::AddressOf,
                expr,
            } => self.address_of(expr).map(Some),
            Expr::Cast { expr, .. } => {
                let ty = self.ety(e);
                let from = self.ety(expr);
                match (self.is_ptr(&from), self.is_ptr(&ty)) {
                    (true, true) => self.lower_expr(expr).map(Some),
                    (false, true) => {
                        // An integer address: null for 0; other addresses are host memory.
                        let v = self.lower_expr(expr)?;
                        let off = self.offset_u32(v)?;
                        let zero = self.lit(Literal::U32(0))?;
                        let t = self.cx.ptr_ty();
                        self.emit(Inst::Construct(vec![zero, off]), Some(t))
                            .map(Some)
                    }
                    (true, false) => Err(pointers_unsupported(
                        "the conversion of a pointer to an integer address",
                    )),
                    _ => Ok(None),
                }
            }
            _ => Ok(None),
        }
    }

    fn pointer_binary(&mut self, op: HOp, lhs: ExprId, rhs: ExprId) -> R<ValueId> {
        let (lt, rt) = (self.ety(lhs), self.ety(rhs));
        let (lp, rp) = (
            ptrs::pointee(self.cx.db, &lt).is_some(),
            ptrs::pointee(self.cx.db, &rt).is_some(),
        );
        match op {
            HOp::Add | HOp::Sub if lp || rp => {
                let (pe, ie, pt) = if lp { (lhs, rhs, lt) } else { (rhs, lhs, rt) };
                let p = self.lower_expr(pe)?;
                let i = self.lower_expr(ie)?;
                let elem = self.pointee_ty(&pt)?;
                let elem = self.ir_ty(&elem)?;
                self.ptr_add_scaled(p, i, elem, op == HOp::Sub)
            }
            HOp::Eq | HOp::Ne | HOp::Lt | HOp::Le | HOp::Gt | HOp::Ge => {
                let a = self.lower_expr(lhs)?;
                let b = self.lower_expr(rhs)?;
                let (ar, ao) = self.ptr_parts(a)?;
                let (br, bo) = self.ptr_parts(b)?;
                let same_root = self.emit(Inst::Binary(BinaryOp::Eq, ar, br), None)?;
                let (cmp, root_rule) = match op {
                    HOp::Eq => (BinaryOp::Eq, BinaryOp::LogicalAnd),
                    HOp::Ne => (BinaryOp::Ne, BinaryOp::LogicalOr),
                    HOp::Lt => (BinaryOp::Lt, BinaryOp::LogicalAnd),
                    HOp::Le => (BinaryOp::Le, BinaryOp::LogicalAnd),
                    HOp::Gt => (BinaryOp::Gt, BinaryOp::LogicalAnd),
                    _ => (BinaryOp::Ge, BinaryOp::LogicalAnd),
                };
                let offs = self.emit(Inst::Binary(cmp, ao, bo), None)?;
                let root_part = if op == HOp::Ne {
                    self.emit(Inst::Binary(BinaryOp::Ne, ar, br), None)?
                } else {
                    same_root
                };
                self.emit(Inst::Binary(root_rule, root_part, offs), None)
            }
            HOp::And | HOp::Or => {
                let a = self.lower_expr(lhs)?;
                let a = self.truthy(a)?;
                let b = self.lower_expr(rhs)?;
                let b = self.truthy(b)?;
                let op = if op == HOp::And {
                    BinaryOp::LogicalAnd
                } else {
                    BinaryOp::LogicalOr
                };
                self.emit(Inst::Binary(op, a, b), None)
            }
            _ => Err(pointers_unsupported(&format!(
                "the operator `{}` on pointers",
                op.text()
            ))),
        }
    }

    /// The root and offset of a pointer value (`nullptr` and pointers share the IR type).
    fn ptr_parts(&mut self, p: ValueId) -> R<(ValueId, ValueId)> {
        let r = self.emit(Inst::Extract(p, 0), None)?;
        let o = self.emit(Inst::Extract(p, 1), None)?;
        Ok((r, o))
    }

    /// A bool from a value tested as a condition: a pointer is true when not null.
    fn truthy(&mut self, v: ValueId) -> R<ValueId> {
        let t = self.vty(v);
        if self.cx.is_ptr_ty(t) {
            let root = self.emit(Inst::Extract(v, 0), None)?;
            let zero = self.lit(Literal::U32(0))?;
            return self.emit(Inst::Binary(BinaryOp::Ne, root, zero), None);
        }
        let b = self.cx.module.types.bool();
        self.coerce(v, b)
    }

    /// Conversions from and to pointers, for `coerce`: a pointer tests as a bool (not null);
    /// an integer address is a pointer of no root (`0` is null); a pointer is no integer.
    pub(super) fn coerce_pointer(&mut self, v: ValueId, from: TypeId, to: TypeId) -> R<ValueId> {
        match (self.kind(from), self.kind(to)) {
            (_, TypeKind::Scalar(Scalar::Bool)) if self.cx.is_ptr_ty(from) => self.truthy(v),
            (TypeKind::Scalar(_), _) if self.cx.is_ptr_ty(to) => {
                let off = self.offset_u32(v)?;
                let zero = self.lit(Literal::U32(0))?;
                self.emit(Inst::Construct(vec![zero, off]), Some(to))
            }
            _ if self.cx.is_ptr_ty(from) => Err(pointers_unsupported(
                "the conversion of a pointer to an integer address",
            )),
            _ => Err(pointers_unsupported(
                "the conversion of this value to a pointer",
            )),
        }
    }

    /// Whether the body takes the address of `local` (`&x`, `__getAddress(x.f[i])`).
    pub(super) fn address_taken(&mut self, local: hir::LocalId) -> bool {
        let key = (self.id, std::sync::Arc::as_ptr(&self.body) as usize);
        if !self.cx.ptr.addressed.contains_key(&key) {
            let mut set = rustc_hash::FxHashSet::default();
            for (_, expr) in self.body.exprs.iter() {
                let operand = match expr {
                    Expr::Prefix {
                        op: PrefixOp::AddressOf,
                        expr,
                    } => Some(*expr),
                    Expr::Call { callee, args } if args.len() == 1 => match self.res(*callee) {
                        Some(ExprRes::Function(f))
                            if hir::fn_data(self.cx.db, f).attr("__intrinsic").is_some_and(
                                |a| matches!(a.args.first(), Some(hir::export::AttrArg::String(s)) if s == "address_of"),
                            ) =>
                        {
                            Some(args[0])
                        }
                        _ => None,
                    },
                    _ => None,
                };
                let mut cur = operand;
                while let Some(x) = cur {
                    cur = match &self.body.exprs[x] {
                        Expr::Field { base, .. } | Expr::Index { base, .. } => Some(*base),
                        Expr::Path(_) => {
                            if let Some(ExprRes::Local(l)) = self.res(x) {
                                set.insert(l);
                            }
                            None
                        }
                        _ => None,
                    };
                }
            }
            self.cx.ptr.addressed.insert(key, set);
        }
        self.cx
            .ptr
            .addressed
            .get(&key)
            .is_some_and(|s| s.contains(&local))
    }

    /// A local whose address is taken: a private global (the function cannot recurse, so one
    /// per thread is enough), zeroed or initialised each time its declaration runs.
    pub(super) fn lower_addressed_local(
        &mut self,
        local: hir::LocalId,
        name: &str,
        ty: TypeId,
        hir_ty: &Ty,
        init: Option<ExprId>,
    ) -> R<()> {
        let zero = crate::consts::zero(self.cx, ty)?;
        let gname = self.cx.fresh_name(name);
        let g = self.cx.module.add_private_global(&gname, ty, zero);
        self.static_locals.insert(local, g);
        let value = match init {
            Some(init) => self.lower_value_as(init, ty)?,
            None => match self.default_constructed(hir_ty)? {
                Some(v) => v,
                None if self.cx.has_defaults(ty) => self.struct_default(ty)?,
                None => self.emit(Inst::Zero, Some(ty))?,
            },
        };
        self.stmt(ir::Stmt::Store {
            place: ir::Place::global(g),
            value,
        });
        Ok(())
    }

    /// `__getAddress(x)` / `&x`: a pointer to the memory `x` names.
    pub(super) fn address_of(&mut self, x: ExprId) -> R<ValueId> {
        if let Some(LPlace::Ptr { ptr, .. }) = self.pointer_place(x)? {
            return Ok(ptr);
        }
        let place = match self.try_place(x)? {
            Some(LPlace::Mem(p)) => p,
            _ if self.cx.buffer_elem(&self.ety(x)).is_some() => {
                // A whole structured buffer: its first element.
                let g = self.buffer_global(x)?;
                ir::Place::global(g).index(0)
            }
            _ => {
                return Err(pointers_unsupported(
                    "the address of this expression (a local, parameter or value)",
                ));
            }
        };
        let PlaceRoot::Global(g) = place.root else {
            return Err(pointers_unsupported(
                "the address of a local variable or parameter",
            ));
        };
        let root = self.cx.typed_root(g)?;
        let mut ty = self
            .cx
            .module
            .global_place_type(g)
            .ok_or_else(|| internal("a global without its type"))?;
        let r = self.lit(Literal::U32(root))?;
        let mut off = self.lit(Literal::U32(0))?;
        for a in place.path.clone() {
            let types = &mut self.cx.module.types;
            let (step, next): (Option<(u32, Option<ValueId>)>, TypeId) =
                match (types.kind(ty).clone(), a) {
                    (TypeKind::Struct(_), Access::Field(k)) => {
                        let o = ptrs::field_offset(types, ty, k)
                            .ok_or_else(|| internal("a field without its layout"))?;
                        let f = ptrs::field_ty(types, ty, k)
                            .ok_or_else(|| internal("a field without its type"))?;
                        (Some((o, None)), f)
                    }
                    (
                        TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem },
                        Access::Index(i),
                    ) => {
                        let s = ptrs::stride(types, elem).unwrap_or(4);
                        (Some((s * i, None)), elem)
                    }
                    (
                        TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem },
                        Access::Dynamic(v),
                    ) => {
                        let s = ptrs::stride(types, elem).unwrap_or(4);
                        (Some((s, Some(v))), elem)
                    }
                    (TypeKind::Vector { scalar, .. }, Access::Index(i)) => {
                        (Some((4 * i, None)), types.scalar(scalar))
                    }
                    (TypeKind::Vector { scalar, .. }, Access::Dynamic(v)) => {
                        (Some((4, Some(v))), types.scalar(scalar))
                    }
                    (TypeKind::Matrix { scalar, cols, .. }, Access::Index(i)) => (
                        Some((4 * u32::from(cols) * i, None)),
                        types.vector(scalar, cols),
                    ),
                    (TypeKind::Matrix { scalar, cols, .. }, Access::Dynamic(v)) => (
                        Some((4 * u32::from(cols), Some(v))),
                        types.vector(scalar, cols),
                    ),
                    _ => return Err(internal("an access path that does not fit its type")),
                };
            ty = next;
            if let Some((scale, index)) = step {
                let add = match index {
                    None => self.lit(Literal::U32(scale))?,
                    Some(v) => {
                        let i = self.offset_u32(v)?;
                        let s = self.lit(Literal::U32(scale))?;
                        self.emit(Inst::Binary(BinaryOp::Mul, i, s), None)?
                    }
                };
                off = self.emit(Inst::Binary(BinaryOp::Add, off, add), None)?;
            }
        }
        let t = self.cx.ptr_ty();
        self.emit(Inst::Construct(vec![r, off]), Some(t))
    }

    /// The pointer intrinsics of `stdlib/ptr.slang` (`ptr_*`, `address_of`).
    pub(super) fn pointer_intrinsic(
        &mut self,
        name: &str,
        recv: Option<Recv>,
        args: &[ExprId],
        result: &Ty,
    ) -> R<Option<ValueId>> {
        let recv_value = |this: &mut Self, recv: Option<Recv>| -> R<ValueId> {
            match recv {
                Some(Recv::Value(v)) => Ok(v),
                Some(Recv::Place(lp)) => this.load_lplace(&lp),
                _ => match args.first() {
                    Some(&a) => this.lower_expr(a),
                    None => Err(internal("a pointer intrinsic without its pointer")),
                },
            }
        };
        match name {
            "address_of" => {
                let x = *args
                    .first()
                    .ok_or_else(|| internal("`__getAddress` without its operand"))?;
                self.address_of(x).map(Some)
            }
            "ptr_cast" => {
                let x = *args
                    .first()
                    .ok_or_else(|| internal("a pointer cast without its operand"))?;
                self.lower_expr(x).map(Some)
            }
            "ptr_load" => {
                let p = recv_value(self, recv)?;
                let t = self.ir_ty(result)?;
                self.ptr_read(p, t).map(Some)
            }
            "ptr_store" => {
                let (&pe, &ve) = match args {
                    [p, v] => (p, v),
                    _ => return Err(internal("a pointer store without its operands")),
                };
                let p = self.lower_expr(pe)?;
                let pt = self.ety(pe);
                let t = self.pointee_ty(&pt)?;
                let t = self.ir_ty(&t)?;
                let v = self.lower_value_as(ve, t)?;
                self.ptr_write(p, t, v)?;
                Ok(None)
            }
            "ptr_is_valid" => {
                let p = recv_value(self, recv)?;
                self.truthy(p).map(Some)
            }
            "ptr_from_int" => Err(pointers_unsupported(
                "a pointer made from an integer address",
            )),
            _ => Err(pointers_unsupported(&format!(
                "the pointer operation `{name}`"
            ))),
        }
    }
}
