//! Properties and subscripts: which accessor or stored field implements a property on a
//! concrete type, reads through getters, and `g[i]`/`g[r, c]` on values and buffers. Apart
//! because accessors are user functions reached through member syntax.

use hir::export::{
    BinaryOp as HOp, lookup_member_items, member_subst, property_data, struct_base_chain,
    subscript_data,
};
use hir::{Expr, ExprId, ExprRes, FunctionId, ItemDef, ItemKind, Ty};
use ir::{Arg, Inst, Place, ValueId};

use super::{Accessor, FnLower, LPlace};
use crate::{InstanceKey, R, internal, unsupported};

impl FnLower<'_, '_> {
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

    pub(super) fn property_place(
        &mut self,
        e: ExprId,
        p: hir::PropertyId,
        recv: Place,
        this_ty: Ty,
        base: Option<ExprId>,
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
        let bound = self.accessor_this(base, &this_ty)?;
        Ok(LPlace::Accessor(Box::new(Accessor {
            owner: p.loc(self.cx.db).clone(),
            recv,
            this_ty,
            getter: data.getter,
            setter: data.setter,
            reference: data.reference,
            args: Vec::new(),
            ty,
            bound,
            own_args: Vec::new(),
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

    pub(super) fn property_get(
        &mut self,
        p: hir::PropertyId,
        recv: ValueId,
        this_ty: &Ty,
    ) -> R<ValueId> {
        self.property_get_on(p, recv, this_ty, None)
    }

    /// [`Self::property_get`] of a property read on the expression `base` (`None`: on the
    /// enclosing method's `this`), whose resources the getter is specialised to.
    pub(super) fn property_get_on(
        &mut self,
        p: hir::PropertyId,
        recv: ValueId,
        this_ty: &Ty,
        base: Option<ExprId>,
    ) -> R<ValueId> {
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
        let bound = self.accessor_this(base, this_ty)?;
        self.accessor_get_bound(
            &p.loc(self.cx.db).clone(),
            getter,
            this_ty,
            recv,
            Vec::new(),
            bound,
        )
    }

    /// Calls a getter with the receiver's value and the subscript indices.
    pub(super) fn accessor_get(
        &mut self,
        owner: &hir::ItemLoc,
        getter: FunctionId,
        this_ty: &Ty,
        recv: ValueId,
        args: Vec<ValueId>,
    ) -> R<ValueId> {
        self.accessor_get_bound(owner, getter, this_ty, recv, args, Vec::new())
    }

    /// [`Self::accessor_get`] with the receiver's resources bound to globals (`accessor_this`).
    pub(super) fn accessor_get_bound(
        &mut self,
        owner: &hir::ItemLoc,
        getter: FunctionId,
        this_ty: &Ty,
        recv: ValueId,
        args: Vec<ValueId>,
        bound: crate::ResourceBindings,
    ) -> R<ValueId> {
        self.accessor_get_with(owner, getter, this_ty, recv, args, bound, Vec::new())
    }

    /// [`Self::accessor_get_bound`] with a generic subscript's own arguments (`own_args`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn accessor_get_with(
        &mut self,
        owner: &hir::ItemLoc,
        getter: FunctionId,
        this_ty: &Ty,
        recv: ValueId,
        args: Vec<ValueId>,
        bound: crate::ResourceBindings,
        own_args: crate::Subst,
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
            exist: Vec::new(),
            fn_args: Vec::new(),
            func: getter,
            subst: {
                let mut s = member_subst(self.cx.db, self.cx.file, owner, this_ty);
                s.extend(own_args);
                s
            },
            this_ty: Some(this_ty.clone()),
        };
        let id = self.cx.resource_instance(key, bound)?;
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
    pub(super) fn subscript_of(&self, ty: &Ty, arity: usize) -> Option<hir::SubscriptId> {
        hir::export::pick_subscript(self.cx.db, self.cx.file, ty, Some(arity))
    }

    pub(super) fn subscript_get(
        &mut self,
        e: ExprId,
        base: ExprId,
        index: ExprId,
        bt: &Ty,
    ) -> R<ValueId> {
        let indices = self.flatten_comma(index);
        if self.cx.is_interface(bt) {
            // An interface value: each concrete type's subscript, by a dispatch on the tag.
            let recv = self.lower_expr(base)?;
            let args = indices
                .into_iter()
                .map(|i| self.lower_expr(i))
                .collect::<R<Vec<_>>>()?;
            if self.is_dyn_value(bt, recv) {
                return self.dynamic_subscript_get(e, recv, args);
            }
            return self.subscript_get_values(bt, recv, args);
        }
        let sub = self
            .subscript_of(bt, indices.len())
            .ok_or_else(|| unsupported("indexing this value"))?;
        let getter = subscript_data(self.cx.db, sub)
            .getter
            .ok_or_else(|| unsupported("a subscript without `get`"))?;
        let recv = self.lower_expr(base)?;
        let args = indices
            .into_iter()
            .map(|i| self.lower_expr(i))
            .collect::<R<Vec<_>>>()?;
        let bound = self.accessor_this(Some(base), bt)?;
        let own_args = self.subscript_own_args(e, sub);
        self.accessor_get_with(
            &sub.loc(self.cx.db).clone(),
            getter,
            bt,
            recv,
            args,
            bound,
            own_args,
        )
    }

    /// The subscript of `bt` taking `args` read on the lowered receiver `recv`.
    fn subscript_get_values(&mut self, bt: &Ty, recv: ValueId, args: Vec<ValueId>) -> R<ValueId> {
        let sub = self
            .subscript_of(bt, args.len())
            .ok_or_else(|| unsupported("indexing this value"))?;
        let getter = subscript_data(self.cx.db, sub)
            .getter
            .ok_or_else(|| unsupported("a subscript without `get`"))?;
        self.accessor_get(&sub.loc(self.cx.db).clone(), getter, bt, recv, args)
    }

    /// The IR global of a buffer expression: a buffer global, or a `uniform` buffer parameter of
    /// the entry point (lowered to a global).
    pub(crate) fn buffer_global(&mut self, base: ExprId) -> R<ir::GlobalId> {
        if self.dereferenced_handle(base).is_some() {
            return self.resource_global(base);
        }
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
    pub(super) fn flatten_comma(&self, e: ExprId) -> Vec<ExprId> {
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
            // `s[]`: a subscript with no arguments.
            Expr::Missing if !self.body.unsupported.contains_key(&e) => Vec::new(),
            _ => vec![e],
        }
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
