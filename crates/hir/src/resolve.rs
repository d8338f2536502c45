//! Name and type resolution in the context of an item, member lookup, and interface conformance.

use std::sync::Arc;

use base_db::{Db, SourceFile};
use smol_str::SmolStr;

use crate::TextRange;
use crate::data::{
    ConstRef, GenericArgRef, GenericParamData, GenericParamKind, PathRef, TypeDeclKind, TypeRef,
};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::scope::{self, ScopeEntry};
use crate::ty::{GenericArg, Len, ScalarKind, Ty};

mod packs;

/// What a name denotes (outside of function bodies, whose locals `infer` handles first).
#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    /// A type (declared, aliased, builtin, or a generic type parameter).
    Type(Ty),
    /// Overloaded functions with the same name (free functions or static/instance methods).
    Functions(Vec<FunctionId>),
    Global(GlobalId),
    /// A generic value parameter (`let N : int`).
    GenericValue(GenericParamId),
    Namespace(Arc<[SmolStr]>),
    /// A case of an enum.
    EnumCase(TypeDeclId, u32),
    /// A name that only exists as a member of the enclosing type (resolved by `infer` through
    /// `this`).
    ImplicitMember,
    /// A declaration that exists but is not accessible from here.
    Inaccessible(ItemDef),
}

/// The enclosing type of a member, when resolving inside a struct, interface or extension.
#[derive(Debug, Clone, PartialEq)]
pub struct SelfCtx {
    /// The type `this` has.
    pub ty: Ty,
    pub decl: Option<TypeDeclId>,
    pub is_interface: bool,
    /// Members declared in the enclosing type or extension body itself. Names resolve against
    /// these (not against every extension) so that resolving a signature never needs the
    /// conformances of all types, which would make queries depend on each other in cycles.
    pub own_members: Arc<Vec<ItemDef>>,
}

/// Lexical context of an item: file, enclosing namespaces, generic parameters in scope and the
/// enclosing type.
#[derive(Clone)]
pub struct Resolver<'db> {
    pub db: &'db dyn Db,
    pub file: SourceFile,
    pub ns_path: Vec<SmolStr>,
    /// Innermost last.
    pub generics: Vec<(GenericOwner, Arc<Vec<GenericParamData>>)>,
    pub self_ctx: Option<SelfCtx>,
    /// The types enclosing `self_ctx`'s type (a struct declared inside a struct), innermost
    /// last: their typealiases and nested types stay visible inside the inner type.
    pub outer_types: Vec<SelfCtx>,
    /// An item names resolve past: the typealias whose own target is being resolved
    /// (`typedef Foo Foo;` in a namespace names the outer `Foo`, not itself).
    pub hidden: Option<ItemDef>,
    /// Types and typealiases declared inside the enclosing function bodies that are in scope
    /// here, innermost last (see `lower::locals`).
    pub local_items: Vec<LocalItem>,
    /// The namespaces that `using namespace` statements in the enclosing function bodies open
    /// (for the whole body; see `lower::fn_local_usings`).
    pub local_usings: Vec<Arc<[SmolStr]>>,
}

/// A local type or typealias in scope, with the generic arguments it takes implicitly: the
/// enclosing function's generic parameters (a local struct of `f<T>` is `Val<T>`).
#[derive(Debug, Clone)]
pub struct LocalItem {
    pub name: SmolStr,
    pub def: ItemDef,
    pub implicit_args: Arc<[GenericArg]>,
}

impl<'db> Resolver<'db> {
    /// The context inside `loc` (its own generics included for functions, types and extensions).
    pub fn for_item(db: &'db dyn Db, loc: &ItemLoc) -> Resolver<'db> {
        let mut resolver = Resolver::for_item_without_receiver(db, loc);
        // `__func_extension __apply(T::m)`: `this` is `m`'s receiver.
        if resolver.self_ctx.is_none()
            && loc.kind() == Some(ItemKind::Function)
            && let Some(receiver) =
                crate::derivative_target::apply_receiver(db, FunctionId::new(db, loc.clone()))
        {
            resolver.self_ctx = Some(SelfCtx {
                ty: receiver.ty.clone(),
                decl: Some(receiver.decl),
                is_interface: false,
                own_members: Arc::new(lower::type_decl_data(db, receiver.decl).members.clone()),
            });
        }
        resolver
    }

    /// `for_item` without an `__apply` extension's receiver (what finding the receiver uses).
    pub(crate) fn for_item_without_receiver(db: &'db dyn Db, loc: &ItemLoc) -> Resolver<'db> {
        let mut resolver = Resolver {
            db,
            file: loc.file,
            ns_path: Vec::new(),
            generics: Vec::new(),
            self_ctx: None,
            outer_types: Vec::new(),
            hidden: None,
            local_items: Vec::new(),
            local_usings: Vec::new(),
        };
        for depth in 1..=loc.path.len() {
            let seg = &loc.path[depth - 1];
            let prefix = ItemLoc {
                file: loc.file,
                path: loc.path[..depth].into(),
            };
            match seg.kind {
                ItemKind::Namespace => resolver.ns_path.push(seg.name.clone()),
                ItemKind::Struct | ItemKind::Interface | ItemKind::Enum => {
                    let id = TypeDeclId::new(db, prefix);
                    let data = lower::type_decl_data(db, id);
                    resolver
                        .generics
                        .push((GenericOwner::TypeDecl(id), Arc::new(data.generics.clone())));
                    let mut args =
                        generic_args_as_params(GenericOwner::TypeDecl(id), &data.generics).to_vec();
                    args.extend(crate::nested::implicit_args_as_params(db, id));
                    let args: Arc<[GenericArg]> = args.into();
                    let is_interface = data.kind == TypeDeclKind::Interface;
                    if let Some(outer) = resolver.self_ctx.take() {
                        resolver.outer_types.push(outer);
                    }
                    resolver.self_ctx = Some(SelfCtx {
                        ty: if is_interface {
                            Ty::This
                        } else {
                            Ty::Adt(id, args)
                        },
                        decl: Some(id),
                        is_interface,
                        own_members: Arc::new(data.members.clone()),
                    });
                }
                ItemKind::Extension => {
                    let id = ExtensionId::new(db, prefix);
                    let data = lower::extension_data(db, id);
                    resolver
                        .generics
                        .push((GenericOwner::Extension(id), Arc::new(data.generics.clone())));
                    // The target is resolved in the context outside the extension plus its generics.
                    let target = resolver.resolve_type(&data.target, &mut Vec::new());
                    let decl = match &target {
                        Ty::Adt(d, _) => Some(*d),
                        _ => None,
                    };
                    let is_interface = decl.is_some_and(|d| {
                        lower::type_decl_data(db, d).kind == TypeDeclKind::Interface
                    });
                    let mut own = data.members.clone();
                    if let Some(d) = decl {
                        own.extend(lower::type_decl_data(db, d).members.iter().copied());
                    }
                    resolver.self_ctx = Some(SelfCtx {
                        ty: if is_interface { Ty::This } else { target },
                        decl,
                        is_interface,
                        own_members: Arc::new(own),
                    });
                }
                ItemKind::TypeAlias if depth == loc.path.len() => {
                    let id = AliasId::new(db, prefix);
                    let data = lower::alias_data(db, id);
                    if !data.generics.is_empty() {
                        resolver
                            .generics
                            .push((GenericOwner::Alias(id), Arc::new(data.generics.clone())));
                    }
                }
                ItemKind::Subscript => {
                    let id = SubscriptId::new(db, prefix);
                    let data = lower::subscript_data(db, id);
                    if !data.generics.is_empty() {
                        resolver
                            .generics
                            .push((GenericOwner::Subscript(id), Arc::new(data.generics.clone())));
                    }
                }
                ItemKind::Function | ItemKind::Init => {
                    let id = FunctionId::new(db, prefix);
                    let data = lower::fn_data(db, id);
                    resolver
                        .local_usings
                        .extend(lower::fn_local_usings(db, id).iter().cloned());
                    resolver
                        .generics
                        .push((GenericOwner::Function(id), Arc::new(data.generics.clone())));
                    // Inside an item declared in this function's body: the local items declared
                    // before it are visible.
                    if depth < loc.path.len() {
                        let inner = ItemLoc {
                            file: loc.file,
                            path: loc.path[..=depth].into(),
                        };
                        let args = resolver.implicit_args();
                        for local in lower::fn_local_items(db, id).iter() {
                            if lower::item_def_loc(db, local.def) == inner {
                                break;
                            }
                            resolver.local_items.push(LocalItem {
                                name: local.name.clone(),
                                def: local.def,
                                implicit_args: args.clone(),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        resolver
    }

    fn find_generic(&self, name: &str) -> Option<(GenericParamId, bool)> {
        for (owner, params) in self.generics.iter().rev() {
            if let Some(index) = params.iter().position(|p| p.name == name) {
                let is_value = matches!(params[index].kind, GenericParamKind::Value { .. });
                return Some((
                    GenericParamId {
                        owner: *owner,
                        index: index as u32,
                        name: params[index].name.clone(),
                    },
                    is_value,
                ));
            }
        }
        None
    }

    /// Every generic parameter in scope, outermost first, as arguments: what a type declared in
    /// a body here takes implicitly (see `lower::local_type_generics`).
    pub fn implicit_args(&self) -> Arc<[GenericArg]> {
        self.generics
            .iter()
            .flat_map(|(owner, params)| generic_args_as_params(*owner, params).to_vec())
            .collect()
    }

    /// Brings a type or typealias declared in a body into scope (until `local_items` is
    /// truncated at the end of its block).
    pub fn declare_local_item(&mut self, name: SmolStr, def: ItemDef) {
        let implicit_args = self.implicit_args();
        self.local_items.push(LocalItem {
            name,
            def,
            implicit_args,
        });
    }

    /// Inside a struct declared in a body, a type written in terms of the enclosing function's
    /// generic parameters (another local item of that body) in terms of the struct's implicit
    /// copies of them (see `lower::local_type_generics`).
    fn in_local_type(&self, ty: Ty) -> Ty {
        let Some(k) = self.generics.iter().rposition(|(owner, params)| {
            matches!(owner, GenericOwner::TypeDecl(d)
                if !params.is_empty() && lower::local_item_owner(d.loc(self.db)).is_some())
        }) else {
            return ty;
        };
        let inner = self.generics[k].0;
        let outer: Vec<GenericParamId> = self.generics[..k]
            .iter()
            .flat_map(|(owner, params)| {
                params.iter().enumerate().map(|(i, p)| GenericParamId {
                    owner: *owner,
                    index: i as u32,
                    name: p.name.clone(),
                })
            })
            .collect();
        let copies = &self.generics[k].1;
        let rename = |p: GenericParamId| {
            let i = outer.iter().position(|q| *q == p)?;
            let data = copies.get(i)?;
            let id = GenericParamId {
                owner: inner,
                index: i as u32,
                name: data.name.clone(),
            };
            Some(match data.kind {
                GenericParamKind::Type { .. } => GenericArg::Type(Ty::Param(id)),
                GenericParamKind::Value { .. } => GenericArg::Value(Len::Param(id)),
            })
        };
        ty.subst(&rename)
    }

    /// Resolves the first segment of a path.
    pub fn resolve_name(&self, name: &str) -> Option<Resolution> {
        if name == crate::data::GLOBAL_SCOPE_SEGMENT {
            return Some(Resolution::Namespace(Arc::from([])));
        }
        if let Some(local) = self.local_items.iter().rev().find(|l| l.name == name) {
            let ty = match local.def {
                ItemDef::TypeDecl(t) if t.loc(self.db).kind() == Some(ItemKind::Struct) => {
                    Ty::Adt(t, local.implicit_args.clone())
                }
                ItemDef::TypeDecl(t) => Ty::Adt(t, Arc::from([])),
                ItemDef::Alias(a) => alias_target(self.db, a),
                other => return Some(self.item_resolution(other)),
            };
            return Some(Resolution::Type(self.in_local_type(ty)));
        }
        if let Some((param, is_value)) = self.find_generic(name) {
            return Some(if is_value {
                Resolution::GenericValue(param)
            } else {
                Resolution::Type(Ty::Param(param))
            });
        }
        if name == "This"
            && let Some(ctx) = &self.self_ctx
        {
            return Some(Resolution::Type(ctx.ty.clone()));
        }
        if let Some(ctx) = &self.self_ctx
            && let Some(res) = self.own_member(ctx, name)
        {
            return Some(res);
        }
        for outer in self.outer_types.iter().rev() {
            if let Some(res @ Resolution::Type(_)) = self.own_member(outer, name) {
                return Some(res);
            }
        }
        // A `using namespace` in the function body opens its namespace in the body's scope,
        // inside the enclosing namespaces (its overloads hide theirs).
        if let Some(res) = self.resolve_in_local_usings(name) {
            return Some(res);
        }
        if let Some(res) = self.resolve_in_namespaces(name) {
            return Some(res);
        }
        if let Some(ty) = self.implicit_differential(name) {
            return Some(Resolution::Type(ty));
        }
        if let Some(ty) = self.inherited_assoc_type(name) {
            return Some(Resolution::Type(ty));
        }
        builtin_type(name).map(Resolution::Type)
    }

    /// `name` in the enclosing namespaces and the file's `using`s (not the enclosing type's
    /// members, generic parameters or locals).
    fn resolve_in_namespaces(&self, name: &str) -> Option<Resolution> {
        for depth in (0..=self.ns_path.len()).rev() {
            let entries =
                scope::lookup_in_namespace(self.db, self.file, &self.ns_path[..depth], name);
            if let Some(res) = self.entries_to_resolution(&entries, &self.ns_path[..depth], name) {
                return Some(res);
            }
        }
        for used in lower::file_usings(self.db, self.file).iter() {
            let entries = scope::lookup_in_namespace(self.db, self.file, used, name);
            if let Some(res) = self.entries_to_resolution(&entries, used, name) {
                return Some(res);
            }
        }
        None
    }

    /// The typealias a type name written here refers to, if it names one: a member of the
    /// enclosing type, or an item of an enclosing namespace (for the cycle check of aliases).
    pub(crate) fn alias_named(&self, name: &str) -> Option<AliasId> {
        if self.find_generic(name).is_some() || self.local_items.iter().any(|l| l.name == name) {
            return None;
        }
        if let Some(ctx) = &self.self_ctx
            && let Some(member) = ctx
                .own_members
                .iter()
                .copied()
                .find(|m| lower::item_def_name(self.db, *m) == name && Some(*m) != self.hidden)
        {
            return match member {
                ItemDef::Alias(a) => Some(a),
                _ => None,
            };
        }
        for depth in (0..=self.ns_path.len()).rev() {
            let entries =
                scope::lookup_in_namespace(self.db, self.file, &self.ns_path[..depth], name);
            let first = entries
                .iter()
                .find(|e| !matches!(e, ScopeEntry::Item(d) if Some(*d) == self.hidden));
            if let Some(first) = first {
                return match first {
                    ScopeEntry::Item(ItemDef::Alias(a)) => Some(*a),
                    _ => None,
                };
            }
        }
        None
    }

    /// `Differential` inside a type or interface that conforms to `IDifferentiable` (directly or
    /// through interfaces it inherits) and declares no `Differential` of its own: the type's
    /// own `This.Differential` (the requirement the conformance brings into scope).
    fn implicit_differential(&self, name: &str) -> Option<Ty> {
        if name != "Differential" {
            return None;
        }
        let ctx = self.self_ctx.as_ref()?;
        let decl = ctx.decl?;
        if !declares_differentiable(self.db, decl, 0) {
            return None;
        }
        let base = if ctx.is_interface {
            Ty::This
        } else {
            ctx.ty.clone()
        };
        Some(Ty::Assoc(Arc::new(base), "Differential".into()))
    }

    /// Fields, nested types, typealiases and methods declared in the enclosing type's body.
    fn own_member(&self, ctx: &SelfCtx, name: &str) -> Option<Resolution> {
        if let Some(decl) = ctx.decl
            && lower::type_decl_data(self.db, decl)
                .fields
                .iter()
                .any(|f| f.name == name)
        {
            return Some(Resolution::ImplicitMember);
        }
        let found: Vec<ItemDef> = ctx
            .own_members
            .iter()
            .copied()
            .filter(|m| lower::item_def_name(self.db, *m) == name && Some(*m) != self.hidden)
            .collect();
        let Some(first) = found.first() else {
            // Fields and methods inherited from base structs (`struct B : A`).
            let inherited = struct_base_chain(self.db, &ctx.ty).iter().any(|base| {
                let Ty::Adt(decl, _) = base else {
                    return false;
                };
                let data = lower::type_decl_data(self.db, *decl);
                data.fields.iter().any(|f| f.name == name)
                    || data
                        .members
                        .iter()
                        .any(|m| lower::item_def_name(self.db, *m) == name)
            });
            return inherited.then_some(Resolution::ImplicitMember);
        };
        match first {
            ItemDef::Alias(alias) => Some(Resolution::Type(alias_ty_in(
                self.db, self.file, *alias, &ctx.ty,
            ))),
            ItemDef::TypeDecl(t) => Some(Resolution::Type(crate::nested::member_type(
                self.db, *t, &ctx.ty,
            ))),
            _ => Some(Resolution::ImplicitMember),
        }
    }

    pub(crate) fn entries_to_resolution(
        &self,
        entries: &[ScopeEntry],
        ns: &[SmolStr],
        name: &str,
    ) -> Option<Resolution> {
        let hidden =
            |e: &&ScopeEntry| matches!(e, ScopeEntry::Item(def) if Some(*def) == self.hidden);
        if entries.iter().all(|e| hidden(&e)) {
            return None;
        }
        let accessible: Vec<&ScopeEntry> = entries
            .iter()
            .filter(|e| !hidden(e))
            .filter(|e| match e {
                ScopeEntry::Item(def) => scope::is_accessible(self.db, *def, self.file),
                ScopeEntry::EnumCase(decl, _) => {
                    scope::is_accessible(self.db, ItemDef::TypeDecl(*decl), self.file)
                }
                ScopeEntry::Namespace => true,
            })
            .collect();
        if accessible.is_empty() {
            if let Some(ScopeEntry::Item(def)) = entries.first() {
                return Some(Resolution::Inaccessible(*def));
            }
            return None;
        }
        let accessible = self.hide_core_entries(accessible, name);
        let functions: Vec<FunctionId> = accessible
            .iter()
            .filter_map(|e| match e {
                ScopeEntry::Item(ItemDef::Function(f)) => Some(*f),
                _ => None,
            })
            .collect();
        if !functions.is_empty() {
            return Some(Resolution::Functions(functions));
        }
        match accessible[0] {
            ScopeEntry::Namespace => {
                let mut path = ns.to_vec();
                path.push(SmolStr::new(name));
                Some(Resolution::Namespace(path.into()))
            }
            ScopeEntry::Item(def) => Some(self.item_resolution(*def)),
            ScopeEntry::EnumCase(decl, index) => Some(Resolution::EnumCase(*decl, *index)),
        }
    }

    /// Slang's scoping: the core module is the scope around every module, so a name declared by
    /// the user's files (the file, its includes and imports) hides the core module's
    /// declarations of that name (`uniform float step;` hides the function `step`, a user
    /// `lerp` hides the core module's overloads). Operator functions are the exception: a user
    /// `operator+` adds to the builtin operators.
    fn hide_core_entries<'e>(
        &self,
        entries: Vec<&'e ScopeEntry>,
        name: &str,
    ) -> Vec<&'e ScopeEntry> {
        if name.starts_with("operator") || entries.len() < 2 {
            return entries;
        }
        let in_core = |e: &ScopeEntry| -> bool {
            let file = match e {
                ScopeEntry::Item(def) => lower::item_def_file(self.db, *def),
                ScopeEntry::EnumCase(decl, _) => decl.loc(self.db).file,
                // A namespace may span files: it hides nothing and is not hidden.
                ScopeEntry::Namespace => return false,
            };
            file.kind(self.db) == base_db::FileKind::Stdlib
        };
        let user = entries
            .iter()
            .any(|e| !in_core(e) && !matches!(e, ScopeEntry::Namespace));
        if !user || self.file.kind(self.db) == base_db::FileKind::Stdlib {
            return entries;
        }
        entries.into_iter().filter(|e| !in_core(e)).collect()
    }

    fn item_resolution(&self, def: ItemDef) -> Resolution {
        match def {
            ItemDef::Function(f) => Resolution::Functions(vec![f]),
            ItemDef::TypeDecl(t) => Resolution::Type(Ty::Adt(t, Arc::from([]))),
            ItemDef::Alias(a) => Resolution::Type(alias_target(self.db, a)),
            ItemDef::Global(g) => Resolution::Global(g),
            _ => Resolution::ImplicitMember,
        }
    }

    /// Resolves a path in type/value position. `a::b` and `a.b` through namespaces and types.
    pub fn resolve_path(&self, path: &PathRef, diags: &mut Vec<Diag>) -> Option<Resolution> {
        let first = path.segments.first()?;
        let mut res = self.resolve_name(&first.name)?;
        // `example::Example` inside a struct with a field `example`: a qualified name starts
        // with a namespace or type, so a member of the same name does not hide it.
        if path.segments.len() > 1
            && matches!(res, Resolution::ImplicitMember)
            && let Some(outer @ (Resolution::Namespace(_) | Resolution::Type(_))) =
                self.resolve_in_namespaces(&first.name)
        {
            res = outer;
        }
        if let Some(args) = &first.args {
            res = self.apply_generic_args(res, args, first.range, diags);
        }
        for seg in &path.segments[1..] {
            res = match res {
                Resolution::Namespace(ns) => {
                    let entries = scope::lookup_in_namespace(self.db, self.file, &ns, &seg.name);
                    self.entries_to_resolution(&entries, &ns, &seg.name)?
                }
                // `Texture2D.Handle` for `struct Texture2D<T = float4>`: the member of
                // `Texture2D<float4>`, as a plain `Texture2D` means outside its declaration.
                Resolution::Type(Ty::Adt(decl, args))
                    if args.is_empty()
                        && self.self_ctx.as_ref().and_then(|c| c.decl) != Some(decl)
                        && self.all_defaulted(decl) =>
                {
                    let plain = Resolution::Type(Ty::Adt(decl, args));
                    match self.apply_generic_args(plain, &[], seg.range, diags) {
                        Resolution::Type(ty) => self.static_member(&ty, &seg.name)?,
                        _ => return None,
                    }
                }
                Resolution::Type(ty) => self.static_member(&ty, &seg.name)?,
                _ => return None,
            };
            if let Some(args) = &seg.args {
                res = self.apply_generic_args(res, args, seg.range, diags);
            }
        }
        Some(res)
    }

    /// `Type.member` / `Type::member` in a static context: nested types, associated types, static
    /// methods, static fields, enum cases.
    pub fn static_member(&self, ty: &Ty, name: &str) -> Option<Resolution> {
        if let Ty::Adt(decl, _) = ty {
            let data = lower::type_decl_data(self.db, *decl);
            if data.kind == TypeDeclKind::Enum
                && let Some(i) = data.variants.iter().position(|v| v.name == name)
            {
                return Some(Resolution::EnumCase(*decl, i as u32));
            }
        }
        let found = lookup_member_items(self.db, self.file, ty, name);
        // A member of a query on a pack that is still generic (`__packBranch(P, A, B)::get`):
        // symbolic until the pack is known.
        if found.is_empty() && matches!(ty, Ty::PackQuery(..)) {
            return Some(Resolution::Type(Ty::Assoc(
                Arc::new(ty.clone()),
                SmolStr::new(name),
            )));
        }
        if found.is_empty() {
            if let Ty::Param(_) | Ty::Assoc(..) | Ty::This | Ty::PackQuery(..) = ty {
                // Associated types of generic parameters stay symbolic (`T.Differential`).
                if name.chars().next().is_some_and(char::is_uppercase) {
                    return Some(Resolution::Type(Ty::Assoc(
                        Arc::new(ty.clone()),
                        SmolStr::new(name),
                    )));
                }
            }
            return None;
        }
        let functions: Vec<FunctionId> = found
            .iter()
            .filter_map(|d| match d {
                ItemDef::Function(f) => Some(*f),
                _ => None,
            })
            .collect();
        if !functions.is_empty() {
            return Some(Resolution::Functions(functions));
        }
        Some(match found[0] {
            ItemDef::Alias(a) => Resolution::Type(alias_ty_in(self.db, self.file, a, ty)),
            def @ ItemDef::TypeDecl(t) => {
                if crate::check_missed::visibility::nested_item_accessible(self.db, def, self.file)
                {
                    Resolution::Type(crate::nested::member_type(self.db, t, ty))
                } else {
                    Resolution::Inaccessible(def)
                }
            }
            ItemDef::Global(g) => Resolution::Global(g),
            _ => Resolution::ImplicitMember,
        })
    }

    /// Whether a type declares generic parameters and every one of them has a default.
    fn all_defaulted(&self, decl: TypeDeclId) -> bool {
        let generics = &lower::type_decl_data(self.db, decl).generics;
        !generics.is_empty() && generics.iter().all(|g| g.default.is_some())
    }

    pub fn apply_generic_args(
        &self,
        res: Resolution,
        args: &[GenericArgRef],
        range: TextRange,
        diags: &mut Vec<Diag>,
    ) -> Resolution {
        let mut args: Vec<GenericArg> = args
            .iter()
            .map(|a| self.resolve_generic_arg(a, diags))
            .collect();
        match res {
            // A generic alias (`Array<float, 3>`): its target with the arguments substituted.
            Resolution::Type(ty) if let Some(alias) = generic_alias_of(&ty) => {
                let data = lower::alias_data(self.db, alias);
                let owner = GenericOwner::Alias(alias);
                gather_trailing_pack(&data.generics, &mut args);
                if args.len() < data.generics.len() {
                    let alias_scope = Resolver::for_item(self.db, alias.loc(self.db));
                    for g in &data.generics[args.len()..] {
                        let Some(default) = &g.default else { break };
                        let default = alias_scope.resolve_generic_arg(default, diags);
                        let earlier = |p: GenericParamId| {
                            (p.owner == owner).then(|| args.get(p.index as usize).cloned())?
                        };
                        let default = default.subst(&earlier);
                        args.push(default);
                    }
                }
                if data.generics.len() != args.len() {
                    diags.push(Diag::error(
                        "E2024",
                        format!(
                            "`{}` takes {} generic argument(s) but {} were given",
                            data.name,
                            data.generics.len(),
                            args.len()
                        ),
                        range,
                    ));
                }
                let bound = |p: GenericParamId| {
                    (p.owner == owner).then(|| args.get(p.index as usize).cloned())?
                };
                Resolution::Type(ty.subst(&bound))
            }
            Resolution::Type(Ty::Adt(decl, implicit)) => {
                let data = lower::type_decl_data(self.db, decl);
                // A generic struct declared in a body: its implicit parameters come first.
                if !implicit.is_empty() && lower::local_item_owner(decl.loc(self.db)).is_some() {
                    args.splice(0..0, implicit.iter().cloned());
                }
                // Omitted trailing arguments take their defaults, read where they are declared.
                if args.len() < data.generics.len()
                    && data.generics[args.len()..]
                        .iter()
                        .all(|g| g.default.is_some())
                {
                    let decl_scope = Resolver::for_item(self.db, decl.loc(self.db));
                    let owner = GenericOwner::TypeDecl(decl);
                    for g in &data.generics[args.len()..] {
                        if let Some(default) = &g.default {
                            // `struct P<T, U = T>`: a default may name earlier parameters.
                            let default = decl_scope.resolve_generic_arg(default, diags);
                            let earlier = |p: GenericParamId| {
                                (p.owner == owner).then(|| args.get(p.index as usize).cloned())?
                            };
                            let default = default.subst(&earlier);
                            args.push(default);
                        }
                    }
                }
                gather_trailing_pack(&data.generics, &mut args);
                crate::buffer_layout::drop_layout_argument(self.db, decl, &data, &mut args);
                if data.generics.len() != args.len() && !data.generics.is_empty() {
                    diags.push(Diag::error(
                        "E2024",
                        format!(
                            "`{}` takes {} generic argument(s) but {} were given",
                            data.name,
                            data.generics.len(),
                            args.len()
                        ),
                        range,
                    ));
                }
                // A type nested in a generic type: its implicit arguments follow its own.
                if !implicit.is_empty()
                    && lower::local_item_owner(decl.loc(self.db)).is_none()
                    && crate::nested::takes_implicit_args(self.db, decl)
                {
                    args.extend(implicit.iter().cloned());
                }
                Resolution::Type(Ty::Adt(decl, args.into()))
            }
            // `Tuple<A, expand each Tuple<B, C>>`: an expanded concrete tuple splices its
            // elements in.
            Resolution::Type(Ty::Tuple(_)) => Resolution::Type(Ty::Tuple(
                args.into_iter()
                    .flat_map(|a| match a {
                        GenericArg::Type(Ty::Pack(items)) => items.to_vec(),
                        GenericArg::Type(t) => vec![t],
                        GenericArg::Value(_) => vec![Ty::Unknown],
                    })
                    .collect(),
            )),
            Resolution::Type(Ty::Vector(..)) | Resolution::Type(Ty::Matrix(..)) => {
                Resolution::Type(builtin_generic(range, &args, diags).unwrap_or(Ty::Unknown))
            }
            other => other,
        }
    }

    pub fn resolve_generic_arg(&self, arg: &GenericArgRef, diags: &mut Vec<Diag>) -> GenericArg {
        if let Some(value) = self.pack_query_value_arg(arg) {
            return value;
        }
        match arg {
            GenericArgRef::Type(TypeRef::Path(p))
                if p.segments.len() == 1 && p.segments[0].args.is_none() =>
            {
                // `Foo<N>`: a name may denote a value (generic value parameter or constant).
                match self.resolve_name(&p.segments[0].name) {
                    Some(Resolution::GenericValue(param)) => GenericArg::Value(Len::Param(param)),
                    Some(Resolution::Global(g)) => GenericArg::Value(
                        crate::infer::global_const_value(self.db, g)
                            .map_or_else(|| self.symbolic_const(g), |v| Len::Known(v as u32)),
                    ),
                    // `vector<T, N>` inside a generic type whose `static const int N = M & 0xFF;`
                    // depends on the type's own value parameters: kept symbolic.
                    Some(Resolution::ImplicitMember)
                        if let Some(g) = self.own_static_const(&p.segments[0].name) =>
                    {
                        GenericArg::Value(self.symbolic_const(g))
                    }
                    _ => GenericArg::Type(self.resolve_type(&TypeRef::Path(p.clone()), diags)),
                }
            }
            // `S<Color.Red>`: an enum case given for a value parameter (parsed as a type path).
            GenericArgRef::Type(TypeRef::Path(p))
                if p.segments.len() > 1
                    && p.segments.iter().all(|s| s.args.is_none())
                    && let Some(Resolution::EnumCase(decl, index)) =
                        self.resolve_path(p, &mut Vec::new()) =>
            {
                GenericArg::Value(
                    enum_case_value(self.db, self.file, decl, index)
                        .and_then(|v| u32::try_from(v).ok())
                        .map_or(Len::Unknown, Len::Known),
                )
            }
            // `Ptr<int, Access.Read>`: a qualified name may denote an enum case or constant.
            GenericArgRef::Type(TypeRef::Path(p))
                if p.segments.len() > 1
                    && matches!(
                        self.resolve_path(p, &mut Vec::new()),
                        Some(Resolution::EnumCase(..) | Resolution::Global(_))
                    ) =>
            {
                GenericArg::Value(self.eval_len(&ConstRef::Path(p.clone())))
            }
            GenericArgRef::Type(t) => GenericArg::Type(self.resolve_type(t, diags)),
            // A negative value argument (`S<-2>`) is kept as its 32-bit two's complement: the
            // parameter's type (`let N : int`) reads it back signed.
            GenericArgRef::Const(c) => GenericArg::Value(match self.eval_const(c) {
                Some(v) if v < 0 && v >= i64::from(i32::MIN) => Len::Known(v as i32 as u32),
                _ => self.eval_len(c),
            }),
        }
    }

    /// A constant member of the enclosing type (`static const int N = ...;`), by name.
    pub(crate) fn own_static_const(&self, name: &str) -> Option<GlobalId> {
        let ctx = self.self_ctx.as_ref()?;
        ctx.own_members.iter().find_map(|m| match m {
            ItemDef::Global(g) if lower::item_def_name(self.db, *m) == name => {
                let data = lower::global_data(self.db, *g);
                (data.modifiers.is_const || data.is_let || data.modifiers.is_static).then_some(*g)
            }
            _ => None,
        })
    }

    /// A constant's value as a length in terms of the generic value parameters in scope here
    /// (the constant's own initialiser evaluated by this resolver), `Unknown` when it is none.
    fn symbolic_const(&self, g: GlobalId) -> Len {
        let data = lower::global_data(self.db, g);
        if !(data.modifiers.is_const || data.is_let || data.modifiers.is_static) {
            return Len::Unknown;
        }
        lower::global_init_const(self.db, g).map_or(Len::Unknown, |c| self.eval_len(&c))
    }

    /// Evaluates an array length or value argument.
    pub fn eval_len(&self, c: &ConstRef) -> Len {
        self.eval_len_in(c, &|_| None)
    }

    /// `eval_len` inside a function body: `value_ty` gives the types of the local variables
    /// and parameters in scope by name (for `sizeof(x)`).
    pub fn eval_len_in(&self, c: &ConstRef, value_ty: &dyn Fn(&str) -> Option<Ty>) -> Len {
        if let ConstRef::Path(p) = c
            && p.segments.len() == 1
            && let Some(Resolution::GenericValue(param)) = self.resolve_name(&p.segments[0].name)
        {
            return Len::Param(param);
        }
        // `countof(T)` of a pack parameter in scope.
        if let ConstRef::CountOf(p) = c
            && p.segments.len() == 1
            && let Some((param, _)) = self.find_generic(&p.segments[0].name)
        {
            return Len::Count(param);
        }
        match self.eval_const_in(c, value_ty) {
            Some(v) if v >= 0 => Len::Known(v as u32),
            // `S<5>.value`, or `value` inside `S`: a constant of a generic type.
            None if let ConstRef::Path(p) = c
                && let Some(len) = self.generic_const_len(p) =>
            {
                len
            }
            // `c ? a : b` in a generic.
            None if let ConstRef::Select(cond, a, b) = c => self.select_len(
                self.eval_len_in(cond, value_ty),
                self.eval_len_in(a, value_ty),
                self.eval_len_in(b, value_ty),
            ),
            // `W * H` in a generic: kept symbolic, folded when the parameters are bound.
            None if let ConstRef::Binary(op, a, b) = c
                && let Some(op) = crate::ty::LenOp::from_token(op) =>
            {
                Len::op(
                    op,
                    self.eval_len_in(a, value_ty),
                    self.eval_len_in(b, value_ty),
                )
            }
            // `!B` in a generic: `B == 0`.
            None if let ConstRef::Unary(op, a) = c
                && op == "!" =>
            {
                Len::op(
                    crate::ty::LenOp::Eq,
                    self.eval_len_in(a, value_ty),
                    Len::Known(0),
                )
            }
            _ => Len::Unknown,
        }
    }

    pub fn eval_const(&self, c: &ConstRef) -> Option<i64> {
        self.eval_const_in(c, &|_| None)
    }

    /// `eval_const` with the types of the variables in scope (`eval_len_in`).
    pub fn eval_const_in(
        &self,
        c: &ConstRef,
        value_ty: &dyn Fn(&str) -> Option<Ty>,
    ) -> Option<i64> {
        match c {
            ConstRef::Int(v) => Some(*v),
            ConstRef::Neg(inner) => self.eval_const_in(inner, value_ty).map(|v| -v),
            ConstRef::Unary(op, inner) => {
                let v = self.eval_const_in(inner, value_ty)?;
                Some(if op == "!" { i64::from(v == 0) } else { !v })
            }
            ConstRef::Select(c, a, b) => match self.eval_const_in(c, value_ty)? {
                0 => self.eval_const_in(b, value_ty),
                _ => self.eval_const_in(a, value_ty),
            },
            ConstRef::Path(p) => match self.resolve_path(p, &mut Vec::new())? {
                Resolution::Global(g) => crate::infer::global_const_value(self.db, g),
                Resolution::EnumCase(decl, i) => enum_case_value(self.db, self.file, decl, i),
                _ => None,
            },
            ConstRef::Binary(op, a, b) => {
                let (a, b) = (
                    self.eval_const_in(a, value_ty)?,
                    self.eval_const_in(b, value_ty)?,
                );
                Some(match op.as_str() {
                    "+" => a.wrapping_add(b),
                    "-" => a.wrapping_sub(b),
                    "*" => a.wrapping_mul(b),
                    "/" => a.checked_div(b)?,
                    "%" => a.checked_rem(b)?,
                    "<<" => a.checked_shl(b as u32)?,
                    ">>" => a.checked_shr(b as u32)?,
                    "&" => a & b,
                    "|" => a | b,
                    "^" => a ^ b,
                    "<" => i64::from(a < b),
                    "<=" => i64::from(a <= b),
                    ">" => i64::from(a > b),
                    ">=" => i64::from(a >= b),
                    "==" => i64::from(a == b),
                    "!=" => i64::from(a != b),
                    "&&" => i64::from(a != 0 && b != 0),
                    "||" => i64::from(a != 0 || b != 0),
                    _ => return None,
                })
            }
            ConstRef::SizeOf(operand, align) => {
                let ty = self.sizeof_operand(operand, value_ty)?;
                let v = if *align {
                    crate::layout::natural_align(self.db, self.file, &ty)
                } else {
                    crate::layout::natural_size(self.db, self.file, &ty)
                };
                v.map(i64::from)
            }
            ConstRef::CountOf(_) | ConstRef::Other => None,
        }
    }

    /// The type `sizeof`/`alignof` measures: a variable's (a local or parameter by
    /// `value_ty`, a global) when the operand names one, else the operand as a type.
    pub(crate) fn sizeof_operand(
        &self,
        operand: &TypeRef,
        value_ty: &dyn Fn(&str) -> Option<Ty>,
    ) -> Option<Ty> {
        if let TypeRef::Path(p) = operand
            && p.segments.iter().all(|s| s.args.is_none())
        {
            if let [seg] = p.segments.as_slice()
                && let Some(t) = value_ty(&seg.name)
            {
                return Some(t);
            }
            if let Some(Resolution::Global(g)) = self.resolve_path(p, &mut Vec::new()) {
                return Some(crate::infer::global_ty(self.db, g));
            }
        }
        let ty = self.resolve_type(operand, &mut Vec::new());
        (!ty.has_unknown()).then_some(ty)
    }

    /// A generic type of the stdlib (`Ptr`, the function type) with leading arguments given
    /// and the rest defaulted. Looked up at the top level of the stdlib, so that a user type of
    /// the same name does not change what `T*` means.
    pub(crate) fn stdlib_generic(
        &self,
        name: &str,
        args: Vec<GenericArg>,
        range: TextRange,
        diags: &mut Vec<Diag>,
    ) -> Ty {
        let Some(Ty::Adt(decl, _)) = stdlib_type(self.db, self.file, name) else {
            return Ty::Unknown;
        };
        let data = lower::type_decl_data(self.db, decl);
        let mut full = args;
        // Defaults may name earlier parameters: substitute those given so far.
        for (i, p) in data.generics.iter().enumerate().skip(full.len()) {
            let Some(default) = &p.default else {
                return Ty::Unknown;
            };
            let resolver = Resolver::for_item(self.db, decl.loc(self.db));
            let arg = resolver.resolve_generic_arg(default, &mut Vec::new());
            let bound: Vec<(GenericParamId, GenericArg)> = full
                .iter()
                .enumerate()
                .map(|(j, a)| {
                    (
                        GenericParamId {
                            owner: GenericOwner::TypeDecl(decl),
                            index: j as u32,
                            name: data.generics[j].name.clone(),
                        },
                        a.clone(),
                    )
                })
                .collect();
            full.push(arg.subst(&|q| subst_lookup(&bound, &q)));
            let _ = i;
        }
        let _ = (range, diags);
        Ty::Adt(decl, full.into())
    }

    /// The interfaces a bound names (a constraint, a base, a `where` bound): a conjunction
    /// `IA & IB`, written out or through a `typealias`, stands for each of its parts.
    pub fn resolve_bounds(&self, tr: &TypeRef, diags: &mut Vec<Diag>) -> Vec<Ty> {
        match tr {
            TypeRef::And(parts) => parts
                .iter()
                .flat_map(|p| self.resolve_bounds(p, diags))
                .collect(),
            TypeRef::Path(path) if path.segments.len() == 1 && path.segments[0].args.is_none() => {
                if let Some(alias) = self.conjunction_alias(&path.segments[0].name) {
                    return alias_bounds(self.db, alias).to_vec();
                }
                vec![self.resolve_type(tr, diags)]
            }
            _ => vec![self.resolve_type(tr, diags)],
        }
    }

    /// A `typealias X = IA & IB;` visible by the name `name` from here.
    fn conjunction_alias(&self, name: &str) -> Option<AliasId> {
        if self.find_generic(name).is_some() {
            return None;
        }
        for depth in (0..=self.ns_path.len()).rev() {
            let entries =
                scope::lookup_in_namespace(self.db, self.file, &self.ns_path[..depth], name);
            if entries.is_empty() {
                continue;
            }
            return entries.iter().find_map(|e| match e {
                ScopeEntry::Item(ItemDef::Alias(a))
                    if matches!(lower::alias_data(self.db, *a).target, Some(TypeRef::And(_))) =>
                {
                    Some(*a)
                }
                _ => None,
            });
        }
        None
    }

    /// Resolves a type reference, reporting unknown names.
    pub fn resolve_type(&self, tr: &TypeRef, diags: &mut Vec<Diag>) -> Ty {
        match tr {
            TypeRef::Error => Ty::Unknown,
            TypeRef::This => match &self.self_ctx {
                Some(ctx) => ctx.ty.clone(),
                None => {
                    diags.push(Diag::error(
                        "E2002",
                        "`This` can only be used inside a type or interface",
                        TextRange::default(),
                    ));
                    Ty::Unknown
                }
            },
            TypeRef::Array(inner, len) => {
                let elem = self.resolve_type(inner, diags);
                let len = len.as_ref().map_or(Len::Unknown, |c| self.eval_len(c));
                Ty::Array(Arc::new(elem), len)
            }
            TypeRef::PackQuery {
                op,
                args,
                member,
                range,
            } => self.resolve_pack_query(*op, args, member.as_ref(), *range, diags),
            TypeRef::Expand(inner) => {
                let pattern = self.resolve_type(inner, diags);
                match first_type_pack(self.db, &pattern) {
                    // `expand each __trimFirst(T)`: the query is the pack.
                    _ if matches!(&pattern, Ty::PackQuery(op, _) if op.yields_pack()) => pattern,
                    Some(pack) => Ty::Expand(Arc::new(pattern), pack),
                    // `expand each Tuple<int, float>`: the tuple's element types, in order.
                    None if let Ty::Tuple(items) = &pattern => Ty::Pack(items.clone()),
                    None => {
                        diags.push(Diag::error(
                            "E2052",
                            "'expand' term captures no type packs: name a type pack with `each` inside it (`expand each T`)",
                            inner.range().unwrap_or_default(),
                        ));
                        Ty::Unknown
                    }
                }
            }
            TypeRef::Pointer(inner) => {
                let pointee = self.resolve_type(inner, diags);
                self.stdlib_generic(
                    "Ptr",
                    vec![GenericArg::Type(pointee)],
                    tr.range().unwrap_or_default(),
                    diags,
                )
            }
            TypeRef::Func {
                params,
                ret,
                throws,
            } => {
                let ret = self.resolve_type(ret, diags);
                let throws = throws
                    .as_ref()
                    .map_or(Ty::Void, |t| self.resolve_type(t, diags));
                let params: Vec<Ty> = params.iter().map(|p| self.resolve_type(p, diags)).collect();
                self.stdlib_generic(
                    FUNC_TYPE_DECL,
                    vec![
                        GenericArg::Type(ret),
                        GenericArg::Type(throws),
                        GenericArg::Type(Ty::Pack(params.into())),
                    ],
                    tr.range().unwrap_or_default(),
                    diags,
                )
            }
            // A conjunction used as a type (not as a list of bounds, where each part counts):
            // its first interface.
            TypeRef::And(parts) => {
                let tys: Vec<Ty> = parts.iter().map(|p| self.resolve_type(p, diags)).collect();
                tys.into_iter().next().unwrap_or(Ty::Unknown)
            }
            TypeRef::Path(path) => match self.resolve_path(path, diags) {
                // A plain `B` for `struct B<T = float>` outside `B` itself means `B<float>`.
                Some(Resolution::Type(Ty::Adt(decl, args)))
                    if args.is_empty()
                        && path.segments.last().is_some_and(|s| s.args.is_none())
                        && self.self_ctx.as_ref().and_then(|c| c.decl) != Some(decl)
                        && self.all_defaulted(decl) =>
                {
                    let plain = Resolution::Type(Ty::Adt(decl, args));
                    match self.apply_generic_args(plain, &[], path.range(), diags) {
                        Resolution::Type(ty) => ty,
                        _ => Ty::Unknown,
                    }
                }
                Some(Resolution::Type(ty)) => ty,
                Some(Resolution::Inaccessible(def)) => {
                    diags.push(Diag::error(
                        "E2026",
                        format!(
                            "`{}` is not public in its module: declare it `public` to use it here",
                            path.last_name()
                        ),
                        path.range(),
                    ));
                    let _ = def;
                    Ty::Unknown
                }
                Some(_) => {
                    diags.push(Diag::error(
                        "E2002",
                        format!("`{}` is not a type", path_text(path)),
                        path.range(),
                    ));
                    Ty::Unknown
                }
                None => {
                    diags.push(Diag::error(
                        "E2002",
                        format!(
                            "unknown type `{}`: declare it, import the module that declares it, or check the spelling",
                            path_text(path)
                        ),
                        path.range(),
                    ));
                    Ty::Unknown
                }
            },
        }
    }
}

pub fn path_text(path: &PathRef) -> String {
    let text = path
        .segments
        .iter()
        .map(|s| s.name.as_str())
        .collect::<Vec<_>>()
        .join("::");
    // `::f`, not `::::f`.
    text.strip_prefix("::::")
        .map_or(text.clone(), |t| format!("::{t}"))
}

fn generic_args_as_params(owner: GenericOwner, params: &[GenericParamData]) -> Arc<[GenericArg]> {
    params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let id = GenericParamId {
                owner,
                index: i as u32,
                name: p.name.clone(),
            };
            match p.kind {
                GenericParamKind::Type { .. } => GenericArg::Type(Ty::Param(id)),
                GenericParamKind::Value { .. } => GenericArg::Value(Len::Param(id)),
            }
        })
        .collect()
}

/// `vector<T, N>` / `matrix<T, R, C>` with arguments.
fn builtin_generic(range: TextRange, args: &[GenericArg], diags: &mut Vec<Diag>) -> Option<Ty> {
    let elem = match args.first() {
        Some(GenericArg::Type(t)) => t.clone(),
        _ => {
            diags.push(Diag::error(
                "E2024",
                "expected an element type as the first generic argument",
                range,
            ));
            return None;
        }
    };
    let len = |i: usize| match args.get(i) {
        Some(GenericArg::Value(v)) => v.clone(),
        _ => Len::Unknown,
    };
    match args.len() {
        2 => Some(Ty::Vector(Arc::new(elem), len(1))),
        3 => Some(Ty::Matrix(Arc::new(elem), len(1), len(2))),
        n => {
            diags.push(Diag::error(
                "E2024",
                format!("`vector` takes 2 generic arguments and `matrix` 3, but {n} were given"),
                range,
            ));
            None
        }
    }
}

/// Builtin type names: scalars, `float3`, `int2x2`, and the generic `vector`/`matrix` shapes
/// (their arguments are applied by the caller).
pub fn builtin_type(name: &str) -> Option<Ty> {
    if let Some(k) = ScalarKind::from_name(name) {
        return Some(Ty::Scalar(k));
    }
    match name {
        "void" => return Some(Ty::Void),
        "vector" => return Some(Ty::Vector(Arc::new(Ty::FLOAT), Len::Known(4))),
        "matrix" => {
            return Some(Ty::Matrix(
                Arc::new(Ty::FLOAT),
                Len::Known(4),
                Len::Known(4),
            ));
        }
        "String" | "string" => return Some(Ty::String),
        "Tuple" => return Some(Ty::Tuple(Arc::from([]))),
        _ => {}
    }
    // `float3`, `uint2`, `float4x4`, `int16_t2`, `uint8_t4x4`: a scalar name, then one
    // dimension 1-4 (a vector) or two joined by `x` (a matrix).
    let dim = |b: u8| (b'1'..=b'4').contains(&b).then(|| u32::from(b - b'0'));
    let bytes = name.as_bytes();
    match bytes {
        [.., r, b'x', c] if name.len() > 3 => {
            let kind = ScalarKind::from_name(name.get(..name.len() - 3)?)?;
            Some(Ty::matrix(kind, dim(*r)?, dim(*c)?))
        }
        [.., n] if name.len() > 1 => {
            let kind = ScalarKind::from_name(name.get(..name.len() - 1)?)?;
            Some(Ty::vector(kind, dim(*n)?))
        }
        _ => None,
    }
}

/// The target of a `typedef`/`typealias` (an associated type without a target resolves to itself,
/// symbolically).
#[salsa::tracked(returns(clone), cycle_result = alias_target_cycle)]
pub fn alias_target(db: &dyn Db, alias: AliasId) -> Ty {
    let data = lower::alias_data(db, alias);
    match &data.target {
        Some(target) => {
            let mut resolver = Resolver::for_item(db, alias.loc(db));
            resolver.hidden = Some(ItemDef::Alias(alias));
            resolver.resolve_type(target, &mut Vec::new())
        }
        None => Ty::Assoc(Arc::new(Ty::This), data.name.clone()),
    }
}

/// An alias found as a member of `owner`: substitutes the owner's generic arguments and, for
/// extension members, the parameters bound by matching the extension target.
fn alias_ty_in(db: &dyn Db, file: SourceFile, alias: AliasId, owner: &Ty) -> Ty {
    let target = alias_target(db, alias);
    if let Ty::Assoc(base, name) = &target
        && **base == Ty::This
    {
        return Ty::Assoc(Arc::new(owner.clone()), name.clone());
    }
    let subst = member_subst(db, file, alias.loc(db), owner);
    target
        .subst(&|p| subst_lookup(&subst, &p))
        .subst_this(owner)
}

/// The generic substitution that applies to a member declared at `member_loc` when accessed on a
/// value of type `owner`: the owner's arguments for members of generic types, or what matching an
/// extension's target binds.
pub fn member_subst(
    db: &dyn Db,
    file: SourceFile,
    member_loc: &ItemLoc,
    owner: &Ty,
) -> Vec<(GenericParamId, GenericArg)> {
    let Some(parent) = member_loc.parent() else {
        return Vec::new();
    };
    match parent.kind() {
        Some(ItemKind::Struct | ItemKind::Interface | ItemKind::Enum) => {
            let decl = TypeDeclId::new(db, parent);
            let data = lower::type_decl_data(db, decl);
            let bind = |args: &[GenericArg]| {
                let mut out: Vec<(GenericParamId, GenericArg)> = data
                    .generics
                    .iter()
                    .enumerate()
                    .zip(args.iter())
                    .map(|((i, p), a)| {
                        (
                            GenericParamId {
                                owner: GenericOwner::TypeDecl(decl),
                                index: i as u32,
                                name: p.name.clone(),
                            },
                            a.clone(),
                        )
                    })
                    .collect();
                out.extend(crate::nested::bind_implicit(
                    db,
                    decl,
                    data.generics.len(),
                    args,
                ));
                out
            };
            match owner {
                Ty::Adt(d, args) if *d == decl => bind(args),
                // A member of a base struct used through a derived one (`struct B : A<float>`):
                // the base's arguments as the derived type gives them.
                Ty::Adt(..) if data.kind == TypeDeclKind::Struct => {
                    match struct_base_chain(db, owner)
                        .iter()
                        .find(|b| matches!(b, Ty::Adt(d, _) if *d == decl))
                    {
                        Some(Ty::Adt(_, args)) => bind(args),
                        _ => Vec::new(),
                    }
                }
                // A member of a generic interface `IGetter<T>` used through a type that conforms
                // to `IGetter<float>` (a constrained type parameter, a struct): T is float.
                _ if data.kind == TypeDeclKind::Interface && !data.generics.is_empty() => {
                    let mut seen: Vec<Ty> = Vec::new();
                    let mut queue = direct_interfaces(db, file, owner);
                    // `struct Tensor<T, N> : ITensor<T, N>` used as `Tensor<float, 2>`: the
                    // interface is `ITensor<float, 2>` (a default method's or subscript's `T`
                    // is `float`).
                    if let Ty::Adt(od, oargs) = owner
                        && !oargs.is_empty()
                    {
                        let outer = crate::infer::type_args_subst(db, *od, oargs);
                        for b in &mut queue {
                            *b = b.subst(&|p| subst_lookup(&outer, &p));
                        }
                    }
                    while let Some(next) = queue.pop() {
                        let Ty::Adt(d, args) = &next else { continue };
                        if *d == decl {
                            return bind(args);
                        }
                        if seen.contains(&next) {
                            continue;
                        }
                        seen.push(next.clone());
                        // `interface IRWBuf<T> : IBuf<T>` reached as `IRWBuf<float>`: its base
                        // is `IBuf<float>`.
                        let outer = crate::infer::type_args_subst(db, *d, args);
                        queue.extend(
                            type_decl_bases(db, *d)
                                .iter()
                                .map(|b| b.subst(&|p| subst_lookup(&outer, &p))),
                        );
                    }
                    Vec::new()
                }
                _ => Vec::new(),
            }
        }
        Some(ItemKind::Extension) => {
            let ext = ExtensionId::new(db, parent);
            let target = extension_target(db, ext);
            // The owner itself, else the base struct the extension is for (`extension A<T>`
            // used through `struct B : A<float>`).
            let mut binds = Vec::new();
            if match_pattern(&target, owner, &mut binds) {
                let resolver = Resolver::for_item(db, ext.loc(db));
                bind_from_constraints(db, file, ext, &resolver, &mut binds);
                return binds;
            }
            for base in struct_base_chain(db, owner) {
                let mut base_binds = Vec::new();
                if match_pattern(&target, &base, &mut base_binds) {
                    return base_binds;
                }
            }
            binds
        }
        _ => Vec::new(),
    }
}

/// The generic alias whose parameters a resolved alias target still mentions (`T[N]` of
/// `typealias Array<T, let N : int> = T[N]` before its arguments are applied).
fn generic_alias_of(ty: &Ty) -> Option<AliasId> {
    let found = std::cell::Cell::new(None);
    ty.subst(&|p| {
        if let GenericOwner::Alias(a) = p.owner {
            found.set(Some(a));
        }
        None
    });
    found.get()
}

/// Whether a generic parameter is a type pack (`each T`).
pub fn is_type_pack(db: &dyn Db, p: &GenericParamId) -> bool {
    let generics = match p.owner {
        GenericOwner::Function(f) => lower::fn_data(db, f).generics.clone(),
        GenericOwner::TypeDecl(t) => lower::type_decl_data(db, t).generics.clone(),
        GenericOwner::Extension(e) => lower::extension_data(db, e).generics.clone(),
        GenericOwner::Alias(a) => lower::alias_data(db, a).generics.clone(),
        GenericOwner::Subscript(s) => lower::subscript_data(db, s).generics.clone(),
        GenericOwner::Builtin => return false,
    };
    generics.get(p.index as usize).is_some_and(|g| g.variadic)
}

/// The first type pack a type mentions (the pack an `expand` of it repeats over).
pub(crate) fn first_type_pack(db: &dyn Db, ty: &Ty) -> Option<GenericParamId> {
    match ty {
        Ty::Param(p) => is_type_pack(db, p).then(|| p.clone()),
        Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) | Ty::Assoc(e, _) => {
            first_type_pack(db, e)
        }
        Ty::Adt(_, args) => args.iter().find_map(|a| match a {
            GenericArg::Type(t) => first_type_pack(db, t),
            GenericArg::Value(_) => None,
        }),
        Ty::Tuple(items) => items.iter().find_map(|t| first_type_pack(db, t)),
        _ => None,
    }
}

pub fn subst_lookup(
    subst: &[(GenericParamId, GenericArg)],
    p: &GenericParamId,
) -> Option<GenericArg> {
    subst.iter().find(|(q, _)| q == p).map(|(_, a)| a.clone())
}

/// Matches an extension target pattern (with the extension's generic parameters) against a type,
/// collecting bindings. Returns whether it matches.
pub fn match_pattern(pattern: &Ty, ty: &Ty, binds: &mut Vec<(GenericParamId, GenericArg)>) -> bool {
    let bind =
        |p: &GenericParamId, a: GenericArg, binds: &mut Vec<(GenericParamId, GenericArg)>| {
            if let Some(existing) = subst_lookup(binds, p) {
                return existing == a;
            }
            binds.push((p.clone(), a));
            true
        };
    let match_len = |pl: &Len, l: &Len, binds: &mut Vec<(GenericParamId, GenericArg)>| match pl {
        Len::Param(p) if matches!(p.owner, GenericOwner::Extension(_)) => {
            bind(p, GenericArg::Value(l.clone()), binds)
        }
        other => other == l,
    };
    match (pattern, ty) {
        (Ty::Param(p), _) if matches!(p.owner, GenericOwner::Extension(_)) => {
            bind(p, GenericArg::Type(ty.clone()), binds)
        }
        (Ty::Vector(pe, pn), Ty::Vector(e, n)) => {
            match_pattern(pe, e, binds) && match_len(pn, n, binds)
        }
        (Ty::Matrix(pe, pr, pc), Ty::Matrix(e, r, c)) => {
            match_pattern(pe, e, binds) && match_len(pr, r, binds) && match_len(pc, c, binds)
        }
        (Ty::Array(pe, pn), Ty::Array(e, n)) => {
            match_pattern(pe, e, binds) && match_len(pn, n, binds)
        }
        // `extension<each A> Foo<A>` on `Foo<int, float>`: the extension's pack takes the
        // whole pack of arguments (one argument binds as the element itself).
        (Ty::Pack(ps), Ty::Pack(ts)) => match &ps[..] {
            [Ty::Param(p)] if matches!(p.owner, GenericOwner::Extension(_)) && ts.len() != 1 => {
                bind(p, GenericArg::Type(ty.clone()), binds)
            }
            _ => {
                ps.len() == ts.len()
                    && ps
                        .iter()
                        .zip(ts.iter())
                        .all(|(p, t)| match_pattern(p, t, binds))
            }
        },
        (Ty::Adt(pd, pargs), Ty::Adt(d, args)) if pd == d => {
            if pargs.is_empty() {
                return true;
            }
            pargs.iter().zip(args.iter()).all(|(pa, a)| match (pa, a) {
                (GenericArg::Type(pt), GenericArg::Type(t)) => match_pattern(pt, t, binds),
                (GenericArg::Value(pl), GenericArg::Value(l)) => match_len(pl, l, binds),
                _ => false,
            })
        }
        _ => pattern == ty,
    }
}

/// The target type of an extension, with the extension's generic parameters as `Ty::Param`s.
#[salsa::tracked(returns(clone), cycle_result = extension_target_cycle)]
pub fn extension_target(db: &dyn Db, ext: ExtensionId) -> Ty {
    let data = lower::extension_data(db, ext);
    let mut resolver = Resolver::for_item(db, ext.loc(db));
    // The target is written outside the extension's own members: no `Self`.
    resolver.self_ctx = None;
    resolver.resolve_type(&data.target, &mut Vec::new())
}

/// Interfaces an extension adds.
#[salsa::tracked(returns(clone), cycle_result = extension_bases_cycle)]
pub fn extension_bases(db: &dyn Db, ext: ExtensionId) -> Arc<[Ty]> {
    let data = lower::extension_data(db, ext);
    let mut resolver = Resolver::for_item(db, ext.loc(db));
    resolver.self_ctx = None;
    data.bases
        .iter()
        .flat_map(|b| resolver.resolve_bounds(b, &mut Vec::new()))
        .collect()
}

/// Declared bases of a struct/interface/enum, resolved.
#[salsa::tracked(returns(clone), cycle_result = type_decl_bases_cycle)]
pub fn type_decl_bases(db: &dyn Db, decl: TypeDeclId) -> Arc<[Ty]> {
    let data = lower::type_decl_data(db, decl);
    let mut resolver = Resolver::for_item(db, decl.loc(db));
    resolver.self_ctx = None;
    data.bases
        .iter()
        .flat_map(|b| resolver.resolve_bounds(b, &mut Vec::new()))
        .collect()
}

/// The base struct of a struct declared `struct B : A` (the first entry of its base list when
/// that names a struct), with `B`'s generic arguments applied. Slang stores it as a hidden first
/// field, so members of `A` are reached through that field.
pub fn struct_base(db: &dyn Db, ty: &Ty) -> Option<Ty> {
    let Ty::Adt(decl, args) = ty else {
        return None;
    };
    if lower::type_decl_data(db, *decl).kind != TypeDeclKind::Struct {
        return None;
    }
    let first = type_decl_bases(db, *decl).first().cloned()?;
    let Ty::Adt(base_decl, _) = &first else {
        return None;
    };
    if lower::type_decl_data(db, *base_decl).kind != TypeDeclKind::Struct || base_decl == decl {
        return None;
    }
    let subst = crate::infer::type_args_subst(db, *decl, args);
    Some(first.subst(&|p| subst_lookup(&subst, &p)))
}

/// The chain of base structs of `ty`, nearest first (bounded, so a cyclic declaration stops).
pub fn struct_base_chain(db: &dyn Db, ty: &Ty) -> Vec<Ty> {
    let mut chain: Vec<Ty> = Vec::new();
    let mut current = ty.clone();
    while let Some(base) = struct_base(db, &current) {
        if chain.len() >= 16 || chain.contains(&base) {
            break;
        }
        chain.push(base.clone());
        current = base;
    }
    chain
}

/// Extensions (visible from `file`) whose target matches `ty`, with the bindings.
pub fn extensions_for(
    db: &dyn Db,
    file: SourceFile,
    ty: &Ty,
) -> Vec<(ExtensionId, Vec<(GenericParamId, GenericArg)>)> {
    extensions_matching(db, file, ty, false)
}

/// Extensions that match `ty`; with `conformances_only`, only those that add interfaces (the
/// others cannot change what a type conforms to, and skipping them keeps blanket extensions such
/// as `extension<S : IShape> S` from making conformance depend on itself).
pub(crate) fn extensions_matching(
    db: &dyn Db,
    file: SourceFile,
    ty: &Ty,
    conformances_only: bool,
) -> Vec<(ExtensionId, Vec<(GenericParamId, GenericArg)>)> {
    extensions_matching_if(db, file, ty, conformances_only, &|_| true)
}

/// [`extensions_matching`] over the extensions `relevant` accepts (checked before their
/// constraints, so that a conformance does not ask for itself through unrelated extensions).
pub(crate) fn extensions_matching_if(
    db: &dyn Db,
    file: SourceFile,
    ty: &Ty,
    conformances_only: bool,
    relevant: &dyn Fn(ExtensionId) -> bool,
) -> Vec<(ExtensionId, Vec<(GenericParamId, GenericArg)>)> {
    let mut out = Vec::new();
    for ext in scope::extensions_for_head(db, file, ty).iter() {
        if conformances_only && lower::extension_data(db, *ext).bases.is_empty() {
            continue;
        }
        if !relevant(*ext) {
            continue;
        }
        let target = extension_target(db, *ext);
        let mut binds = Vec::new();
        if match_pattern(&target, ty, &mut binds) {
            // The extension's own constraints must hold for the bound arguments.
            let data = lower::extension_data(db, *ext);
            let resolver = Resolver::for_item(db, ext.loc(db));
            let ok = data.generics.iter().enumerate().all(|(i, gp)| {
                let GenericParamKind::Type { constraints } = &gp.kind else {
                    return true;
                };
                let id = GenericParamId {
                    owner: GenericOwner::Extension(*ext),
                    index: i as u32,
                    name: gp.name.clone(),
                };
                let Some(GenericArg::Type(arg)) = subst_lookup(&binds, &id) else {
                    return true;
                };
                constraints.iter().all(|c| {
                    let iface = resolver.resolve_type(c, &mut Vec::new());
                    implements(db, file, &arg, &iface)
                })
            });
            if ok && !conformances_only {
                bind_from_constraints(db, file, *ext, &resolver, &mut binds);
            }
            if ok && crate::conform::extension_where_holds(db, file, *ext, &binds) {
                out.push((*ext, binds));
            }
        }
    }
    out
}

/// Binds the extension parameters that its target does not name from the conformances of the
/// ones it does: `extension<T, U : IBuf<T>> U` on a `MyArray<int> : IBuf<int>` has `T = int`.
/// (Not while asking what a type conforms to: that would ask for the same conformances again.)
fn bind_from_constraints(
    db: &dyn Db,
    file: SourceFile,
    ext: ExtensionId,
    resolver: &Resolver<'_>,
    binds: &mut Vec<(GenericParamId, GenericArg)>,
) {
    let data = lower::extension_data(db, ext);
    for (i, gp) in data.generics.iter().enumerate() {
        let GenericParamKind::Type { constraints } = &gp.kind else {
            continue;
        };
        let id = GenericParamId {
            owner: GenericOwner::Extension(ext),
            index: i as u32,
            name: gp.name.clone(),
        };
        let Some(GenericArg::Type(arg)) = subst_lookup(binds, &id) else {
            continue;
        };
        for c in constraints {
            let iface = resolver
                .resolve_type(c, &mut Vec::new())
                .subst(&|p| subst_lookup(binds, &p));
            let Ty::Adt(decl, _) = &iface else {
                continue;
            };
            if !iface.has_params() {
                continue;
            }
            for inst in crate::witness::conformance_instances(db, file, &arg, *decl) {
                let mut trial = binds.clone();
                if match_pattern(&iface, &inst, &mut trial) {
                    *binds = trial;
                    break;
                }
            }
        }
    }
}

/// Trailing pack parameters (`IFunc<TR, each TP>`, `Alias<T, let each N : int>`) take the
/// remaining arguments (`value_packs.rs`).
fn gather_trailing_pack(generics: &[GenericParamData], args: &mut Vec<GenericArg>) {
    crate::value_packs::gather_trailing_packs(generics, args);
}

/// The stdlib declaration behind `functype(...) -> R` (`stdlib/ptr.slang`).
pub const FUNC_TYPE_DECL: &str = "__FuncType";

/// A type declared at the top level of a stdlib file, by name.
pub fn stdlib_type(db: &dyn Db, file: SourceFile, name: &str) -> Option<Ty> {
    scope::lookup_in_namespace(db, file, &[], name)
        .into_iter()
        .find_map(|e| match e {
            ScopeEntry::Item(ItemDef::TypeDecl(d))
                if d.loc(db).file.kind(db) == base_db::FileKind::Stdlib =>
            {
                Some(Ty::Adt(d, Arc::from([])))
            }
            _ => None,
        })
}

/// The interfaces of `typealias X = IA & IB;`.
#[salsa::tracked(returns(clone), cycle_result = alias_bounds_cycle)]
pub fn alias_bounds(db: &dyn Db, alias: AliasId) -> Arc<[Ty]> {
    let data = lower::alias_data(db, alias);
    match &data.target {
        Some(target) => Resolver::for_item(db, alias.loc(db))
            .resolve_bounds(target, &mut Vec::new())
            .into(),
        None => Arc::from([]),
    }
}

fn alias_bounds_cycle(_db: &dyn Db, _id: salsa::Id, _alias: AliasId) -> Arc<[Ty]> {
    Arc::from([])
}

/// An interface declared in the stdlib, by name.
pub fn stdlib_interface(db: &dyn Db, file: SourceFile, name: &str) -> Option<Ty> {
    scope::lookup_in_namespace(db, file, &[], name)
        .into_iter()
        .find_map(|e| match e {
            ScopeEntry::Item(ItemDef::TypeDecl(d)) => Some(Ty::Adt(d, Arc::from([]))),
            _ => None,
        })
}

/// Interfaces a type conforms to directly (declared bases, extension bases, constraints of a
/// generic parameter), not transitively.
pub fn direct_interfaces(db: &dyn Db, file: SourceFile, ty: &Ty) -> Vec<Ty> {
    let mut out = own_interfaces(db, file, ty);
    for (ext, _) in extensions_matching(db, file, ty, true) {
        out.extend(extension_bases(db, ext).iter().cloned());
    }
    out
}

/// [`direct_interfaces`] without the ones extensions add.
pub(crate) fn own_interfaces(db: &dyn Db, file: SourceFile, ty: &Ty) -> Vec<Ty> {
    let mut out: Vec<Ty> = Vec::new();
    match ty {
        // A base struct (`struct B : A`) is not an interface: slangc does not pass `A`'s
        // conformances on to `B` (E38029 for `g<T : I>(b)` when only `A : I`).
        Ty::Adt(decl, _) => {
            let skip = usize::from(struct_base(db, ty).is_some());
            out.extend(type_decl_bases(db, *decl).iter().skip(skip).cloned());
            // Every enum is an `__EnumType` (its `__Tag` is the tag type: `enum_tag_type`).
            if lower::type_decl_data(db, *decl).kind == TypeDeclKind::Enum
                && let Some(iface) = stdlib_interface(db, file, "__EnumType")
            {
                out.push(iface);
            }
        }
        Ty::Param(p) => out.extend(param_constraints(db, p)),
        // `S.Element` of `associatedtype Element : IScalar` in an interface of `S`.
        Ty::Assoc(base, assoc) => out.extend(assoc_constraints(db, file, base, assoc)),
        // Arrays of differentiable elements are differentiable (Slang's core module says so
        // with a generic extension on `T[N]`, which our syntax cannot spell as a target).
        Ty::Array(elem, _) => {
            if let Some(iface) = stdlib_interface(db, file, "IDifferentiable")
                && implements(db, file, elem, &iface)
            {
                out.push(iface);
            }
            // And arrays of locations are locations (`T[N].Differential` is
            // `T.Differential[N]`, as for values).
            if let Some(iface) = stdlib_interface(db, file, "IDifferentiablePtrType")
                && implements(db, file, elem, &iface)
            {
                out.push(iface);
            }
        }
        // So are tuples of differentiable elements (`Tuple<each T : IDifferentiable>`).
        Ty::Tuple(elems) if !elems.is_empty() => {
            if let Some(iface) = stdlib_interface(db, file, "IDifferentiable")
                && elems.iter().all(|e| implements(db, file, e, &iface))
            {
                out.push(iface);
            }
        }
        _ => {}
    }
    // `where vector<T, N> : IArithmetic` in the declaration of `T` and `N`.
    out.extend(crate::where_types::where_interfaces(db, ty));
    out
}

/// Constraints of the associated type `assoc` declared by an interface of `base`.
fn assoc_constraints(db: &dyn Db, file: SourceFile, base: &Ty, assoc: &str) -> Vec<Ty> {
    assoc_declared_bounds(db, file, base, assoc).unwrap_or_default()
}

/// The bounds of the `associatedtype assoc` declaration found in an interface of `base`; `None`
/// when no interface of `base` declares it.
fn assoc_declared_bounds(db: &dyn Db, file: SourceFile, base: &Ty, assoc: &str) -> Option<Vec<Ty>> {
    let mut seen = Vec::new();
    let mut queue = direct_interfaces(db, file, base);
    // An interface value (`IMaterial m; m.BSDF`): the interface's own associated types too.
    if let Ty::Adt(decl, _) = base
        && lower::type_decl_data(db, *decl).kind == TypeDeclKind::Interface
    {
        queue.push(base.clone());
    }
    while let Some(Ty::Adt(decl, args)) = queue.pop() {
        if seen.contains(&decl) {
            continue;
        }
        seen.push(decl);
        for m in lower::type_decl_data(db, decl).members.iter() {
            if let ItemDef::Alias(a) = m {
                let data = lower::alias_data(db, *a);
                if data.is_assoc && data.name == assoc {
                    let resolver = Resolver::for_item(db, decl.loc(db));
                    // The interface's parameters as `base`'s interface binds them
                    // (`associatedtype Data : IData<T>` of `ICalculation<float>`).
                    let subst = crate::infer::type_args_subst(db, decl, &args);
                    return Some(
                        data.constraints
                            .iter()
                            .map(|c| {
                                // `This` (`ISerializer<Data>`: `This.Data`) is `base`.
                                let t = resolver.resolve_type(c, &mut Vec::new()).subst_this(base);
                                if subst.is_empty() {
                                    t
                                } else {
                                    t.subst(&|p| subst_lookup(&subst, &p))
                                }
                            })
                            .collect(),
                    );
                }
            }
        }
        queue.extend(type_decl_bases(db, decl).iter().cloned());
    }
    None
}

/// Constraint interfaces of a generic type parameter (inline constraints and `where` clauses,
/// `where optional` ones included: their members are found, and `T is I` holds).
pub fn param_constraints(db: &dyn Db, p: &GenericParamId) -> Vec<Ty> {
    param_constraints_of(db, p, |_| true)
}

/// The constraints an argument must meet (not the `where optional` ones).
pub fn param_required_constraints(db: &dyn Db, p: &GenericParamId) -> Vec<Ty> {
    param_constraints_of(db, p, |optional| !optional)
}

/// The `where optional T : I` constraints of `T`.
pub fn param_optional_constraints(db: &dyn Db, p: &GenericParamId) -> Vec<Ty> {
    param_constraints_of(db, p, |optional| optional)
}

fn param_constraints_of(db: &dyn Db, p: &GenericParamId, take: impl Fn(bool) -> bool) -> Vec<Ty> {
    let (loc, generics, wheres) = match p.owner {
        GenericOwner::Function(f) => {
            let d = lower::fn_data(db, f);
            (f.loc(db).clone(), d.generics.clone(), d.where_preds.clone())
        }
        GenericOwner::TypeDecl(t) => {
            let d = lower::type_decl_data(db, t);
            (t.loc(db).clone(), d.generics.clone(), d.where_preds.clone())
        }
        GenericOwner::Extension(e) => {
            let d = lower::extension_data(db, e);
            (e.loc(db).clone(), d.generics.clone(), d.where_preds.clone())
        }
        GenericOwner::Alias(a) => {
            let d = lower::alias_data(db, a);
            (a.loc(db).clone(), d.generics.clone(), Vec::new())
        }
        GenericOwner::Subscript(s) => {
            let d = lower::subscript_data(db, s);
            (s.loc(db).clone(), d.generics.clone(), d.where_preds.clone())
        }
        GenericOwner::Builtin => return Vec::new(),
    };
    let resolver = Resolver::for_item(db, &loc);
    let mut out = Vec::new();
    if let Some(GenericParamData {
        kind: GenericParamKind::Type { constraints },
        ..
    }) = generics.get(p.index as usize)
        && take(false)
    {
        out.extend(
            constraints
                .iter()
                .flat_map(|c| resolver.resolve_bounds(c, &mut Vec::new())),
        );
    }
    for pred in &wheres {
        // Only a plain name can be this parameter; resolving `C.Elem` would look up `C`'s
        // members, which asks for `C`'s constraints again.
        let plain_name = matches!(&pred.subject, TypeRef::Path(path)
            if path.segments.len() == 1 && path.segments[0].args.is_none());
        if plain_name
            && !pred.equal
            && take(pred.optional)
            && resolver.resolve_type(&pred.subject, &mut Vec::new()) == Ty::Param(p.clone())
        {
            out.extend(
                pred.bounds
                    .iter()
                    .flat_map(|b| resolver.resolve_bounds(b, &mut Vec::new())),
            );
        }
    }
    out
}

/// Whether `ty` conforms to interface type `iface` (transitively through interface inheritance).
pub fn implements(db: &dyn Db, file: SourceFile, ty: &Ty, iface: &Ty) -> bool {
    if ty.has_unknown() || iface.has_unknown() || ty == iface {
        return true;
    }
    implements_query(db, file, ty.clone(), iface.clone())
}

/// Memoised conformance; a conformance that depends on itself (through constrained extensions)
/// does not hold.
#[salsa::tracked(returns(copy), cycle_result = implements_cycle)]
fn implements_query(db: &dyn Db, file: SourceFile, ty: Ty, iface: Ty) -> bool {
    let Ty::Adt(target, _) = &iface else {
        return false;
    };
    match &ty {
        // `This` is checked where it is defined.
        Ty::This => return true,
        // An associated type conforms to the bounds of its `associatedtype` declaration (and
        // their bases): a struct's synthesised `S.Differential` is `IDifferentiable`, not an
        // `IDifferentiablePtrType`. One whose declaration is not found is checked where defined.
        Ty::Assoc(base, name) if assoc_declared_bounds(db, file, base, name).is_none() => {
            return true;
        }
        Ty::Lambda(lambda) => return lambda_conforms(db, lambda, &iface),
        _ => {}
    }
    declared_conformance(db, file, &ty, *target)
        && !crate::check_missed::iface_args::args_conflict(db, file, &ty, &iface)
}

/// A lambda conforms to `IFunc<R, P...>` and `IMutatingFunc<R, P...>` (slangc synthesises the
/// conformance) when `R` is its result type and `P...` its parameter types.
fn lambda_conforms(db: &dyn Db, lambda: &crate::ty::LambdaTy, iface: &Ty) -> bool {
    let Ty::Adt(decl, args) = iface else {
        return false;
    };
    let name = lower::type_decl_data(db, *decl).name.clone();
    if !matches!(name.as_str(), "IFunc" | "IMutatingFunc") {
        return false;
    }
    let params = match args.get(1) {
        Some(GenericArg::Type(Ty::Pack(items))) => items.to_vec(),
        _ => return false,
    };
    args.first() == Some(&GenericArg::Type(lambda.ret.clone())) && params == lambda.params
}

/// `ty` conforms to `target` through its declared interfaces and their bases (for an associated
/// type: the bounds of its declaration, which `implements` does not consult).
pub(crate) fn declared_conformance(
    db: &dyn Db,
    file: SourceFile,
    ty: &Ty,
    target: TypeDeclId,
) -> bool {
    crate::conform::conforms_through(db, file, ty, target)
}

/// Whether `target` is among `start` or the interfaces they inherit.
pub(crate) fn reaches_interface(db: &dyn Db, start: Vec<Ty>, target: TypeDeclId) -> bool {
    let mut seen: Vec<Ty> = Vec::new();
    let mut queue = start;
    while let Some(next) = queue.pop() {
        if let Ty::Adt(d, _) = &next {
            if *d == target {
                return true;
            }
            if seen.contains(&next) {
                continue;
            }
            seen.push(next.clone());
            queue.extend(type_decl_bases(db, *d).iter().cloned());
        }
    }
    false
}

fn implements_cycle(_db: &dyn Db, _id: salsa::Id, _file: SourceFile, _ty: Ty, _iface: Ty) -> bool {
    false
}

/// Member items named `name` of a type: its own members, then extension members, then members
/// of interfaces it conforms to (requirements or defaults).
pub fn lookup_member_items(db: &dyn Db, file: SourceFile, ty: &Ty, name: &str) -> Vec<ItemDef> {
    let mut out = Vec::new();
    let push_from = |members: &[ItemDef], out: &mut Vec<ItemDef>| {
        for m in members {
            if lower::item_def_name(db, *m) == name && !out.contains(m) {
                out.push(*m);
            }
        }
    };
    if let Ty::Adt(decl, _) = ty {
        push_from(&lower::type_decl_data(db, *decl).members, &mut out);
    }
    for (ext, _) in extensions_for(db, file, ty) {
        push_from(&lower::extension_data(db, ext).members, &mut out);
    }
    if out.is_empty() {
        // Members inherited from base structs (`struct B : A`): the nearest declaring one wins,
        // so a derived type's own members shadow its bases'.
        for base in struct_base_chain(db, ty) {
            if let Ty::Adt(decl, _) = &base {
                push_from(&lower::type_decl_data(db, *decl).members, &mut out);
            }
            for (ext, _) in extensions_for(db, file, &base) {
                push_from(&lower::extension_data(db, ext).members, &mut out);
            }
            if !out.is_empty() {
                break;
            }
        }
    }
    if out.is_empty() {
        // Requirements of the interfaces (generic parameters, interface types, defaults).
        let mut seen = Vec::new();
        let mut queue = direct_interfaces(db, file, ty);
        if let Ty::Adt(decl, _) = ty
            && lower::type_decl_data(db, *decl).kind == TypeDeclKind::Interface
        {
            queue.extend(type_decl_bases(db, *decl).iter().cloned());
        }
        while let Some(Ty::Adt(decl, args)) = queue.pop() {
            if seen.contains(&decl) {
                continue;
            }
            seen.push(decl);
            push_from(&lower::type_decl_data(db, decl).members, &mut out);
            let iface = Ty::Adt(decl, args);
            for (ext, _) in extensions_for(db, file, &iface) {
                push_from(&lower::extension_data(db, ext).members, &mut out);
            }
            queue.extend(type_decl_bases(db, decl).iter().cloned());
        }
    }
    out
}

/// The tag type of an enum: the scalar of its base list (`enum E : uint8_t`), else `int`.
pub fn enum_tag_type(db: &dyn Db, decl: TypeDeclId) -> Ty {
    type_decl_bases(db, decl)
        .iter()
        .find(|b| matches!(b, Ty::Scalar(_)))
        .cloned()
        .unwrap_or(Ty::INT)
}

/// The value of an enum case (explicit values, otherwise previous + 1).
pub fn enum_case_value(
    db: &dyn Db,
    _file: SourceFile,
    decl: TypeDeclId,
    index: u32,
) -> Option<i64> {
    let data = lower::type_decl_data(db, decl);
    let resolver = Resolver::for_item(db, decl.loc(db));
    // A `[Flags]` enum's implicit values are bits: 1 first, then the next power of two above
    // the case before (`Zero = 0, A, B` are 0, 1, 2); others count up from 0.
    let flags = data.attr("Flags").is_some();
    let implicit = |prev: i64| -> i64 {
        if !flags {
            prev.wrapping_add(1)
        } else if prev <= 0 {
            1
        } else {
            (prev as u64)
                .checked_add(1)
                .and_then(u64::checked_next_power_of_two)
                .map_or(prev.wrapping_add(1), |p| p as i64)
        }
    };
    let mut value = if flags { 0 } else { -1i64 };
    for (i, v) in data.variants.iter().enumerate() {
        value = match &v.value {
            Some(c) => resolver.eval_const(c).unwrap_or_else(|| implicit(value)),
            None => implicit(value),
        };
        if i as u32 == index {
            return Some(value);
        }
    }
    None
}

/// The integer an attribute argument written in `item` stands for: a literal, or the name of a
/// constant in scope there (`[MaxIters(kMaxBounces)]`).
pub fn attr_int(db: &dyn Db, item: &ItemLoc, arg: &crate::data::AttrArg) -> Option<i64> {
    match arg {
        crate::data::AttrArg::Int(n) => Some(*n),
        crate::data::AttrArg::Path(p) => {
            Resolver::for_item(db, item).eval_const(&ConstRef::Path(p.clone()))
        }
        _ => None,
    }
}

/// Whether `decl` lists `IDifferentiable` among its bases, or an interface that (transitively)
/// does.
fn declares_differentiable(db: &dyn Db, decl: TypeDeclId, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    let data = lower::type_decl_data(db, decl);
    if data.kind == TypeDeclKind::Interface && data.name == "IDifferentiable" {
        return true;
    }
    let resolver = Resolver::for_item(db, decl.loc(db));
    data.bases
        .iter()
        .any(|b| match resolver.resolve_type(b, &mut Vec::new()) {
            Ty::Adt(d, _) if d != decl => declares_differentiable(db, d, depth + 1),
            _ => false,
        })
}

/// Resolves `Assoc(base, name)` on a concrete base through its typealiases (`float.Differential`
/// is `float`); leaves it symbolic for generic bases and for synthesised conformances.
pub fn normalize(db: &dyn Db, file: SourceFile, ty: &Ty) -> Ty {
    match ty {
        Ty::Assoc(base, name) => {
            let base = normalize(db, file, base);
            if let Ty::Array(elem, len) = &base {
                return Ty::Array(
                    Arc::new(normalize(db, file, &Ty::Assoc(elem.clone(), name.clone()))),
                    len.clone(),
                );
            }
            // `Tuple<A, B>.Differential` is `Tuple<A.Differential, B.Differential>`.
            if let Ty::Tuple(elems) = &base
                && name == "Differential"
            {
                return Ty::Tuple(
                    elems
                        .iter()
                        .map(|e| normalize(db, file, &Ty::Assoc(Arc::new(e.clone()), name.clone())))
                        .collect(),
                );
            }
            // A differential's differential is itself (`IDifferentiable` requires
            // `Differential.Differential == Differential`).
            if name == "Differential"
                && matches!(&base, Ty::Assoc(_, inner) if inner == "Differential")
            {
                return base;
            }
            if matches!(base, Ty::Param(_) | Ty::This | Ty::Unknown | Ty::Assoc(..)) {
                return Ty::Assoc(Arc::new(base), name.clone());
            }
            for item in lookup_member_items(db, file, &base, name) {
                if let ItemDef::Alias(alias) = item
                    && lower::alias_data(db, alias).target.is_some()
                {
                    return normalize(db, file, &alias_ty_in(db, file, alias, &base));
                }
            }
            // A nested type satisfies an `associatedtype` requirement of the same name
            // (`struct Impl : I { struct TAssoc : IAssoc {...} }`): `Impl.TAssoc` is that type.
            if let Ty::Adt(owner, _) = &base
                && let Some(nested) =
                    lower::type_decl_data(db, *owner)
                        .members
                        .iter()
                        .find_map(|m| match m {
                            ItemDef::TypeDecl(t)
                                if lower::item_def_name(db, *m) == name.as_str()
                                    && lower::type_decl_data(db, *t).kind
                                        != TypeDeclKind::Interface =>
                            {
                                Some(*t)
                            }
                            _ => None,
                        })
            {
                return crate::nested::member_type(db, nested, &base);
            }
            // `E.__Tag` of an enum: its tag type.
            if name == "__Tag"
                && let Ty::Adt(decl, _) = &base
                && lower::type_decl_data(db, *decl).kind == TypeDeclKind::Enum
            {
                return enum_tag_type(db, *decl);
            }
            // A synthesised differential whose fields are the struct's own is the struct.
            if name == "Differential"
                && let Ty::Adt(decl, _) = &base
                && crate::differential::struct_differential(db, *decl).kind
                    == crate::differential::DifferentialKind::OwnType
            {
                return base;
            }
            Ty::Assoc(Arc::new(base), name.clone())
        }
        Ty::Adt(d, args)
            if args.iter().any(|a| match a {
                GenericArg::Type(t) => crate::nested::mentions_assoc(t),
                GenericArg::Value(_) => false,
            }) =>
        {
            Ty::Adt(
                *d,
                args.iter()
                    .map(|a| match a {
                        GenericArg::Type(t) => GenericArg::Type(normalize(db, file, t)),
                        v => v.clone(),
                    })
                    .collect(),
            )
        }
        // `vector<T.FooType, 2>` with `T = float`: the element resolves like any other.
        Ty::Vector(e, n) if crate::nested::mentions_assoc(e) => {
            Ty::Vector(Arc::new(normalize(db, file, e)), n.clone())
        }
        Ty::Matrix(e, r, c) if crate::nested::mentions_assoc(e) => {
            Ty::Matrix(Arc::new(normalize(db, file, e)), r.clone(), c.clone())
        }
        Ty::Array(e, n) if crate::nested::mentions_assoc(e) => {
            Ty::Array(Arc::new(normalize(db, file, e)), n.clone())
        }
        Ty::Tuple(items) if items.iter().any(crate::nested::mentions_assoc) => {
            Ty::Tuple(items.iter().map(|t| normalize(db, file, t)).collect())
        }
        other => other.clone(),
    }
}

/// A `alias_target` that depends on itself (cyclic declarations) resolves to nothing.
fn alias_target_cycle(_db: &dyn Db, _id: salsa::Id, _alias: AliasId) -> Ty {
    Ty::Unknown
}

/// A `extension_target` that depends on itself (cyclic declarations) resolves to nothing.
fn extension_target_cycle(_db: &dyn Db, _id: salsa::Id, _ext: ExtensionId) -> Ty {
    Ty::Unknown
}

/// A `extension_bases` that depends on itself (cyclic declarations) resolves to nothing.
fn extension_bases_cycle(_db: &dyn Db, _id: salsa::Id, _ext: ExtensionId) -> Arc<[Ty]> {
    Arc::from([])
}

/// A `type_decl_bases` that depends on itself (cyclic declarations) resolves to nothing.
fn type_decl_bases_cycle(_db: &dyn Db, _id: salsa::Id, _decl: TypeDeclId) -> Arc<[Ty]> {
    Arc::from([])
}
