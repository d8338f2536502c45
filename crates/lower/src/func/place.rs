//! Places: the memory an l-value names (locals, parameters, fields, elements, swizzles,
//! matrix elements, accessor-backed properties and subscripts, storage-texture texels), loads
//! and stores through them, and assignment and `++`/`--`. Apart because writes go through
//! places while plain reads need not.

use hir::export::{BinaryOp as HOp, Literal as HLit, member_subst, normalize, subscript_data};
use hir::{Expr, ExprId, ExprRes, Ty};
use ir::{Arg, BinaryOp, Inst, Place, TypeId, ValueId};

use super::{Accessor, FnLower, LPlace, matrix_elements, tuple_index};
use crate::{InstanceKey, LowerError, R, internal, unsupported};

impl FnLower<'_, '_> {
    /// The memory place an expression names, if it names one. Emits the index computations.
    pub(super) fn try_place(&mut self, e: ExprId) -> R<Option<LPlace>> {
        if let Some(p) = self.place_overrides.get(&e) {
            return Ok(Some(LPlace::Mem(p.clone())));
        }
        if let Some(lp) = self.pointer_place(e)? {
            return Ok(Some(lp));
        }
        if let Some(lp) = self.ref_call_place(e)? {
            return Ok(Some(lp));
        }
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
                // The pack passed as is, read once per element (`f(args)`).
                Some(ExprRes::Param(i)) if self.is_pack_param(i) && self.pack_element.is_some() => {
                    let k = self.pack_element.unwrap_or_default();
                    let place = self
                        .pack_params
                        .get(k)
                        .cloned()
                        .ok_or_else(|| internal("a pack element past the pack's end"))?;
                    Some(LPlace::Mem(place))
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
                    Some(LPlace::Mem(self.global_place_in(g, e)?))
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
                    if let Some(slot) = self.bit_slot(decl, i) {
                        return self.bit_place(this, decl, slot).map(Some);
                    }
                    Some(LPlace::Mem(this.field(self.field_index(decl, i))))
                }
                Some(ExprRes::Property(p)) => match (self.this_place.clone(), self.this_ty.clone())
                {
                    (Some(this), Some(this_ty)) => {
                        Some(self.property_place(e, p, this, this_ty, None)?)
                    }
                    _ => None,
                },
                _ => None,
            },
            Expr::This => self.this_place.clone().map(LPlace::Mem),
            Expr::Prefix {
                op: hir::export::PrefixOp::Deref,
                ..
            } => {
                return Err(crate::pointers::pointers_unsupported(
                    "the dereference `*p`",
                ));
            }
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
                _ if self.is_each_tuple(inner) => return self.each_tuple_place(inner),
                _ => match self.pack_part_place(inner)? {
                    Some(place) => Some(place),
                    None => return Err(unsupported("`each` of this expression")),
                },
            },
            Expr::Field { base, name, .. } => {
                if let Some(ExprRes::Global(g)) = self.res(e) {
                    let g = self.associated_const(g, base).unwrap_or(g);
                    return Ok(Some(LPlace::Mem(self.global_place_in(g, e)?)));
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
                    return Ok(Some(self.property_place(e, p, recv, bt, Some(base))?));
                }
                if matches!(self.res(e), Some(ExprRes::Field(..)))
                    && self.cx.is_handle_only(&self.ety(e))
                {
                    return Err(resource_field_value());
                }
                let field = match self.res(e) {
                    Some(ExprRes::Field(decl, i)) => Some(self.member_index(&bt, decl, i, &name)?),
                    _ => self.tuple_element(&bt, &name),
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
                let swz = if field.is_none() && matches!(bt, Ty::Vector(..) | Ty::Scalar(_)) {
                    self.swizzle(&bt, &name)
                } else {
                    None
                };
                if field.is_none() && swz.is_none() {
                    return Ok(None);
                }
                // A swizzle of a scalar, of a swizzle or of matrix elements (`v.x`, `v.zyx.xy`,
                // `m._m00_m11.yx`) names some of the base's scalar places.
                if let (None, Some(comps)) = (field, &swz) {
                    return match self.try_place(base)? {
                        Some(lp) => self.swizzle_place(lp, comps),
                        None => Ok(None),
                    };
                }
                let Some(LPlace::Mem(mut p)) = self.try_place(base)? else {
                    return Ok(None);
                };
                if let Some(ExprRes::Field(decl, i)) = self.res(e) {
                    for _ in 0..self.base_hops(&bt, decl) {
                        p = p.field(0);
                    }
                    if let Some(slot) = self.bit_slot(decl, i)
                        && !matches!(bt, Ty::Assoc(..))
                    {
                        return self.bit_place(p, decl, slot).map(Some);
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
                let bt = self.resource_view_ty(base);
                if self.cx.texture_elem(&bt).is_some() {
                    let (texture, ty) = self.texture_global(base)?;
                    let coords = self.texel_coords(texture, index)?;
                    return Ok(Some(LPlace::Texel {
                        texture,
                        coords,
                        ty,
                    }));
                }
                if let Some(elem) = self.zero_length_elem(&bt) {
                    // The index still runs (it may have effects); nothing is stored.
                    self.lower_expr(index)?;
                    let ty = self.ir_ty(&elem)?;
                    return Ok(Some(LPlace::Nowhere(ty)));
                }
                if self.cx.buffer_elem(&bt).is_some() {
                    let g = self.buffer_global(base)?;
                    let i = self.lower_index(index)?;
                    return Ok(Some(LPlace::Mem(Place::global(g).dynamic(i))));
                }
                if self.cx.is_interface(&bt) {
                    // A subscript of an interface value is read through a dispatch on its tag.
                    return Ok(None);
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
                    let bound = self.accessor_this(Some(base), &bt)?;
                    let args = self
                        .flatten_comma(index)
                        .into_iter()
                        .map(|i| self.lower_expr(i))
                        .collect::<R<Vec<_>>>()?;
                    let own_args = self.subscript_own_args(e, sub);
                    return Ok(Some(LPlace::Accessor(Box::new(Accessor {
                        owner: sub.loc(self.cx.db).clone(),
                        recv,
                        this_ty: bt,
                        getter: data.getter,
                        setter: data.setter,
                        reference: data.reference,
                        args,
                        ty,
                        bound,
                        own_args,
                    }))));
                }
                if !matches!(bt, Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..)) {
                    return Ok(None);
                }
                let p = match self.try_place(base)? {
                    Some(LPlace::Mem(p)) => p,
                    // `m._41_32[1]`, `v.yx[0]`: a constant index picks one of the swizzle's
                    // places.
                    Some(lp @ (LPlace::Swizzle(..) | LPlace::Elements(..))) => {
                        let Expr::Literal(HLit::Int { value, .. }) = self.body.exprs[index] else {
                            return Ok(None);
                        };
                        let k = usize::try_from(value).unwrap_or(usize::MAX);
                        return Ok(match lp {
                            LPlace::Swizzle(p, comps) => {
                                comps.get(k).map(|c| LPlace::Mem(p.index(u32::from(*c))))
                            }
                            LPlace::Elements(places, _) => places.get(k).cloned().map(LPlace::Mem),
                            _ => None,
                        });
                    }
                    _ => return Ok(None),
                };
                // `v[i]` of a `vector<T, 1>` (a scalar in IR) is `v` itself.
                let pt = self.place_ty(&p)?;
                let scalar_base = matches!(bt, Ty::Vector(..))
                    && matches!(self.kind(pt), ir::TypeKind::Scalar(_));
                match &self.body.exprs[index] {
                    _ if scalar_base => Some(LPlace::Mem(p)),
                    // Past the end of a vector or matrix (hir warns; an array's is an error):
                    // reads give zero and writes are dropped, never an invalid access.
                    Expr::Literal(HLit::Int { value, .. })
                        if self
                            .place_extent(pt)
                            .is_some_and(|n| *value >= u64::from(n)) =>
                    {
                        let elem = self.cx.module.types.element(pt, None);
                        elem.map(LPlace::Nowhere)
                    }
                    Expr::Literal(HLit::Int { value, .. }) if *value < u32::MAX as u64 => {
                        Some(LPlace::Mem(p.index(*value as u32)))
                    }
                    _ => {
                        let i = self.lower_index(index)?;
                        Some(LPlace::Mem(p.dynamic(i)))
                    }
                }
            }
            _ => None,
        })
    }

    /// Components `comps` of the vector (or scalar) place `base`: one component is a plain
    /// place, several of one vector in memory a `Swizzle`, several scattered ones `Elements`.
    /// Swizzles of accessors and texels are not places (they are read as values).
    fn swizzle_place(&mut self, base: LPlace, comps: &[u8]) -> R<Option<LPlace>> {
        let (scalars, whole): (Vec<Place>, Option<(Place, Vec<u8>)>) = match base {
            LPlace::Mem(p) => {
                let t = self.place_ty(&p)?;
                match self.kind(t) {
                    ir::TypeKind::Scalar(_) => (vec![p], None),
                    ir::TypeKind::Vector { size, .. } => {
                        let all = (0..size).collect::<Vec<u8>>();
                        let places = all.iter().map(|c| p.clone().index(u32::from(*c))).collect();
                        (places, Some((p, all)))
                    }
                    _ => return Ok(None),
                }
            }
            LPlace::Swizzle(p, cs) => {
                let places = cs.iter().map(|c| p.clone().index(u32::from(*c))).collect();
                (places, Some((p, cs)))
            }
            LPlace::Elements(places, _) => (places, None),
            _ => return Ok(None),
        };
        let picked = comps
            .iter()
            .map(|c| scalars.get(*c as usize).cloned())
            .collect::<Option<Vec<Place>>>()
            .ok_or_else(|| internal("a swizzle component past the vector's end"))?;
        if let [one] = picked.as_slice() {
            return Ok(Some(LPlace::Mem(one.clone())));
        }
        if let Some((p, cs)) = whole {
            let picked_comps: Vec<u8> = comps.iter().map(|c| cs[*c as usize]).collect();
            return Ok(Some(LPlace::Swizzle(p, picked_comps)));
        }
        let first = picked
            .first()
            .ok_or_else(|| internal("an empty swizzle"))?
            .clone();
        let st = self.place_ty(&first)?;
        let s = self
            .cx
            .module
            .types
            .scalar_of(st)
            .ok_or_else(|| internal("a swizzle of a non-scalar element"))?;
        let ty = self.cx.module.types.vector(s, picked.len() as u8);
        Ok(Some(LPlace::Elements(picked, ty)))
    }

    pub(super) fn lplace_ty(&mut self, p: &LPlace) -> R<TypeId> {
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
            LPlace::Elements(_, ty) | LPlace::Texel { ty, .. } | LPlace::Nowhere(ty) => Ok(*ty),
            LPlace::Bits(b) => Ok(b.ty),
            LPlace::Accessor(a) => Ok(a.ty),
            LPlace::Through { inner, .. } => self.lplace_ty(inner),
            LPlace::Ptr { ty, .. } => Ok(*ty),
            LPlace::RefCall(r) => Ok(r.ty),
        }
    }

    pub(super) fn load_lplace(&mut self, p: &LPlace) -> R<ValueId> {
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
                self.accessor_get_with(
                    &a.owner,
                    getter,
                    &a.this_ty,
                    recv,
                    a.args.clone(),
                    a.bound.clone(),
                    a.own_args.clone(),
                )
            }
            LPlace::Bits(b) => self.load_bits(b),
            LPlace::Texel {
                texture, coords, ..
            } => self.texel_load(*texture, *coords),
            LPlace::Nowhere(ty) => self.emit(Inst::Zero, Some(*ty)),
            LPlace::Through { inner, .. } => self.load_lplace(inner),
            LPlace::Ptr { ptr, ty } => self.ptr_read(*ptr, *ty),
            LPlace::RefCall(r) => self.load_ref_call(r),
        }
    }

    /// Stores `v` (converted to the place's type) into the place.
    pub(super) fn store_lplace(&mut self, p: &LPlace, v: ValueId) -> R<()> {
        let root = match p {
            LPlace::Mem(p) | LPlace::Swizzle(p, _) => Some(p.root),
            LPlace::Elements(places, _) => places.first().map(|p| p.root),
            LPlace::Accessor(a) => Some(a.recv.root),
            LPlace::Bits(b) => b.backing.as_ref().map(|p| p.root),
            LPlace::Texel { .. }
            | LPlace::Nowhere(_)
            | LPlace::Through { .. }
            | LPlace::Ptr { .. }
            | LPlace::RefCall(_) => None,
        };
        // A `[nonmutating] set` takes its receiver by value: a constant receiver is fine.
        let nonmutating = matches!(p, LPlace::Accessor(a) if a.setter.is_some_and(|s| {
            hir::fn_data(self.cx.db, s).attr("nonmutating").is_some()
        }));
        if let Some(ir::PlaceRoot::Global(g)) = root
            && !nonmutating
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
            LPlace::Nowhere(_) => {}
            LPlace::Ptr { ptr, ty } => self.ptr_write(*ptr, *ty, v)?,
            LPlace::RefCall(r) => self.store_ref_call(r, v)?,
            LPlace::Through { inner, copy, outer } => {
                self.store_through(inner, copy, outer, v)?;
            }
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
            LPlace::Bits(b) => self.store_bits(b, v)?,
            LPlace::Accessor(a) => {
                // Without `set`, the `ref` accessor's setter instance (`func/ref_calls.rs`).
                let (setter, via_ref) = match (a.setter, a.reference) {
                    (Some(s), _) => (s, false),
                    (None, Some(r)) => (r, true),
                    (None, None) => {
                        return Err(unsupported("writing a property or subscript without `set`"));
                    }
                };
                let key = InstanceKey {
                    exist: Vec::new(),
                    fn_args: Vec::new(),
                    func: setter,
                    subst: {
                        let mut s = member_subst(self.cx.db, self.cx.file, &a.owner, &a.this_ty);
                        s.extend(a.own_args.iter().cloned());
                        s
                    },
                    this_ty: Some(a.this_ty.clone()),
                };
                let mut id = self.cx.resource_instance(key.clone(), a.bound.clone())?;
                if via_ref {
                    id = self.cx.ref_setter(&key, id)?;
                }
                let params = self
                    .cx
                    .module
                    .function(id)
                    .map(|f| f.params.clone())
                    .unwrap_or_default();
                if params.len() != a.args.len() + 2 {
                    return Err(internal("setter arity"));
                }
                let mut args = vec![if params[0].dir == ir::ParamDir::In {
                    Arg::Value(self.emit(Inst::Load(a.recv.clone()), None)?)
                } else {
                    Arg::Place(a.recv.clone())
                }];
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

    /// `t._2_1 = ...` of a tuple: its elements' places, in the swizzle's order (reads build
    /// the tuple from the value instead).
    fn tuple_swizzle_place(&mut self, e: ExprId) -> R<Option<LPlace>> {
        let Expr::Field { base, name, .. } = &self.body.exprs[e] else {
            return Ok(None);
        };
        let (base, name) = (*base, name.clone());
        let bt = self.ety(base);
        let Ty::Tuple(items) = &bt else {
            return Ok(None);
        };
        let Some(indices) = hir::export::tuple_swizzle(&name, items.len()) else {
            return Ok(None);
        };
        if tuple_index(&bt, &name).is_some() {
            return Ok(None);
        }
        let Some(LPlace::Mem(p)) = self.try_place(base)? else {
            return Ok(None);
        };
        let t = self.ir_ty(&self.ety(e))?;
        let places = indices.iter().map(|i| p.clone().field(*i as u32)).collect();
        Ok(Some(LPlace::Elements(places, t)))
    }

    pub(super) fn lvalue(&mut self, e: ExprId) -> R<LPlace> {
        let range = self.body.expr_range(e);
        if let Some(p) = self.tuple_swizzle_place(e)? {
            return Ok(p);
        }
        if let Some(p) = self.accessor_part_place(e)? {
            return Ok(p);
        }
        self.try_place(e)?.ok_or_else(|| {
            self.locate(
                unsupported("assignment to this expression (properties, subscripts)"),
                range,
            )
        })
    }

    pub(super) fn lower_assign(&mut self, op: Option<HOp>, lhs: ExprId, rhs: ExprId) -> R<ValueId> {
        if let Some(op) = op
            && self.is_atomic_expr(lhs)
        {
            return self.lower_atomic_compound(op, lhs, rhs);
        }
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

    pub(super) fn lower_step(&mut self, target: ExprId, inc: bool, prefix: bool) -> R<ValueId> {
        if self.is_atomic_expr(target) {
            return self.lower_atomic_step(target, inc, prefix);
        }
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
}

/// A texture, sampler or buffer field read where a value is needed: it is a handle, not data.
fn resource_field_value() -> LowerError {
    unsupported(
        "a texture, sampler or buffer field as a value here (use it directly: sample, load, \
         index, or pass it to a function)",
    )
}

impl FnLower<'_, '_> {
    /// How many elements a constant index may reach in a place of type `t`.
    pub(super) fn place_extent(&self, t: TypeId) -> Option<u32> {
        match self.kind(t) {
            ir::TypeKind::Vector { size, .. } => Some(size as u32),
            ir::TypeKind::Matrix { rows, .. } => Some(rows as u32),
            ir::TypeKind::Array { len, .. } => Some(len),
            _ => None,
        }
    }
}
