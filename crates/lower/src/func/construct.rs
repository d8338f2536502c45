//! Constructors and initialiser lists (`float3(a, b, c)`, `S(x, y)`, `{ ... }`), memberwise
//! construction with base structs, and the default values of parameters, fields and structs.
//! Apart because building a value from parts is one concern, separate from the expression walk.

use hir::{ExprId, ExprRes, ItemDef, Ty};
use ir::{Inst, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// `{ a, b }` that hir resolved to a constructor of the struct (`Optional<T> o = { v };`).
    pub(super) fn init_list_constructor(
        &mut self,
        e: ExprId,
        items: &[ExprId],
    ) -> R<Option<ValueId>> {
        let Some(ExprRes::Function(init)) = self.res(e) else {
            return Ok(None);
        };
        let ty = self.ety(e);
        match self.call_function(e, init, Some(ty), None, None, items)? {
            Some(v) => Ok(Some(v)),
            None => Err(unsupported(
                "an initialiser list whose constructor produces no value",
            )),
        }
    }

    pub(super) fn lower_init_list(&mut self, items: &[ExprId], ty: TypeId) -> R<ValueId> {
        match self.kind(ty) {
            TypeKind::Array { elem, len } => {
                if items.len() > len as usize {
                    return self.lower_flat_init_list(items, ty);
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
                    return self.lower_flat_init_list(items, ty);
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
                let mut vals: Vec<ValueId> = items
                    .iter()
                    .map(|i| self.lower_expr(*i))
                    .collect::<R<_>>()?;
                // `int4 v = {4, 5, 6}`: the components left out are zero.
                if let TypeKind::Vector { scalar, size } = self.kind(ty)
                    && vals.len() > 1
                    && vals.len() < size as usize
                    && vals
                        .iter()
                        .all(|v| matches!(self.kind(self.vty(*v)), TypeKind::Scalar(_)))
                {
                    let s = self.cx.module.types.scalar(scalar);
                    while vals.len() < size as usize {
                        vals.push(self.emit(Inst::Zero, Some(s))?);
                    }
                }
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
            if self.is_bits_field(ty, i) {
                // A bit-field backing: the bit fields take no items (slangc), they start at 0.
                vals.push(self.emit(Inst::Zero, Some(*f))?);
                continue;
            }
            let own = i
                - usize::from(self.has_base_field(ty))
                - (0..i).filter(|k| self.is_bits_field(ty, *k)).count();
            vals.push(match (rest.get(own), decl) {
                (Some(item), _) => self.lower_value_as(*item, *f)?,
                (None, Some(d)) => self.field_default(d, ty, i, *f)?,
                (None, None) => self.emit(Inst::Zero, Some(*f))?,
            });
        }
        self.emit(Inst::Construct(vals), Some(ty))
    }

    /// How many items a memberwise construction of struct `ty` takes: its fields, with a hidden
    /// base field counted as the base's own arity.
    fn memberwise_arity(&self, ty: TypeId) -> usize {
        let fields = self.struct_field_tys(ty);
        let bits = (0..fields.len())
            .filter(|k| self.is_bits_field(ty, *k))
            .count();
        match fields.first() {
            Some(base) if self.has_base_field(ty) => {
                self.memberwise_arity(*base) + fields.len() - 1 - bits
            }
            _ => fields.len() - bits,
        }
    }

    /// Whether field `k` of struct `ty` is the backing integer of bit fields (`bitfields.rs`).
    fn is_bits_field(&self, ty: TypeId, k: usize) -> bool {
        match self.kind(ty) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .and_then(|d| d.fields.get(k))
                .is_some_and(|f| f.name.starts_with(crate::bitfields::BITS_FIELD_PREFIX)),
            _ => false,
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

    pub(super) fn construct(&mut self, e: ExprId, ty: &Ty, args: &[ExprId]) -> R<ValueId> {
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
            // `T()` with `T` a scalar, vector or matrix: zero.
            TypeKind::Scalar(_) | TypeKind::Vector { .. } | TypeKind::Matrix { .. }
                if args.is_empty() =>
            {
                self.emit(Inst::Zero, Some(t))
            }
            _ => {
                let _ = e;
                let vals: Vec<ValueId> =
                    args.iter().map(|a| self.lower_expr(*a)).collect::<R<_>>()?;
                self.construct_numeric(t, vals)
            }
        }
    }

    /// The value of a parameter's literal default (`float scale = 2.0`), as type `ty`.
    /// Other defaults are expressions, lowered with the callee's `key` (its generic arguments).
    pub(super) fn default_arg(
        &mut self,
        key: &crate::InstanceKey,
        index: usize,
        ty: TypeId,
    ) -> R<ValueId> {
        let f = key.func;
        let data = hir::fn_data(self.cx.db, f);
        let param = data
            .params
            .get(index)
            .ok_or_else(|| internal("a missing parameter"))?;
        match crate::defaults::default_literal(self.cx.db, ItemDef::Function(f), param.name_range) {
            Some(lit) => self.default_value(lit, ty),
            None => self.default_arg_expr(f, index, key.subst.clone(), key.this_ty.clone(), ty),
        }
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
    pub(super) fn struct_default(&mut self, ty: TypeId) -> R<ValueId> {
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
            vals.push(self.field_default(decl, ty, k, *fty)?);
        }
        self.emit(Inst::Construct(vals), Some(ty))
    }

    /// Field `k` (among the IR struct's fields) of `decl` without an initialiser.
    /// `owner` is the IR struct (whose generic arguments a default expression may use).
    fn field_default(
        &mut self,
        decl: hir::TypeDeclId,
        owner: TypeId,
        k: usize,
        ty: TypeId,
    ) -> R<ValueId> {
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
        let index = self.cx.stored_fields(decl).get(k).copied();
        let field = index.and_then(|i| data.fields.get(i));
        if let (Some(f), Some(index)) = (field, index)
            && f.has_default
            && !f.is_bit_field()
        {
            let lit =
                crate::defaults::default_literal(self.cx.db, ItemDef::TypeDecl(decl), f.name_range);
            return match lit {
                Some(lit) => self.default_value(lit, ty),
                None => {
                    let owner = self.cx.struct_decl(owner);
                    self.field_default_expr(decl, index, owner, ty)
                }
            };
        }
        if self.cx.has_defaults(ty) {
            self.struct_default(ty)
        } else {
            self.emit(Inst::Zero, Some(ty))
        }
    }
}
