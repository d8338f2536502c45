//! Item data: the per-item queries (`fn_data`, `type_decl_data`, `alias_data`, `global_data`,
//! `extension_data`, `property_data`, `subscript_data`) that lower an item's declaration from its
//! syntax. Apart from the item tree (which finds items) and from the shared signature lowering
//! in `signatures.rs` (which these queries call).

use super::*;

#[salsa::tracked(returns(clone))]
pub fn fn_data(db: &dyn Db, func: FunctionId) -> Arc<FnData> {
    let loc = func.loc(db);
    let in_type = loc.parent().is_some_and(|p| {
        matches!(
            p.kind(),
            Some(
                ItemKind::Struct
                    | ItemKind::Interface
                    | ItemKind::Extension
                    | ItemKind::Enum
                    | ItemKind::Property
                    | ItemKind::Subscript
            )
        )
    });
    let Some(node) = item_node(db, loc) else {
        return Arc::new(empty_fn(loc.name(), in_type));
    };
    let mut data = lower_fn(&node, in_type);
    if node.kind() == FUNC_EXTENSION {
        // Named by the item tree (its target as written): the node has no NAME.
        data.name = loc.name();
        // Without the experimental feature slangc does not register the derivative.
        if !db.workspace().options(db).experimental_features {
            data.attrs.retain(|a| {
                !matches!(
                    a.name.as_str(),
                    "ForwardDerivativeOf" | "BackwardDerivativeOf" | "ApplyOf"
                )
            });
        }
    }
    Arc::new(data)
}

fn empty_fn(name: SmolStr, in_type: bool) -> FnData {
    FnData {
        name,
        kind: FnKind::Free,
        attrs: Vec::new(),
        modifiers: Modifiers::default(),
        generics: Vec::new(),
        where_preds: Vec::new(),
        params: Vec::new(),
        ret: TypeRef::Error,
        ret_semantic: None,
        has_body: false,
        name_range: TextRange::default(),
        ret_range: None,
        in_type,
        throws: None,
    }
}

fn lower_fn(node: &SyntaxNode, in_type: bool) -> FnData {
    let kind = match node.kind() {
        INIT => FnKind::Init,
        ACCESSOR => match accessor_name(node).as_str() {
            "set" => FnKind::Setter,
            "ref" => FnKind::RefAccessor,
            _ => FnKind::Getter,
        },
        _ if in_type => FnKind::Method,
        _ => FnKind::Free,
    };
    let name = match kind {
        FnKind::Init => SmolStr::new("__init"),
        FnKind::Getter | FnKind::Setter | FnKind::RefAccessor => accessor_name(node),
        _ => name_text(node),
    };
    let name_range = node
        .children()
        .find(|c| c.kind() == NAME)
        .map(|n| range_of(&n))
        .or_else(|| {
            tokens(node)
                .find(|t| matches!(t.kind(), INIT_KW | GET_KW | SET_KW | REF_KW))
                .map(|t| token_range(&t))
        })
        .unwrap_or_default();
    let ret_node = node.children().find(|c| is_type_kind(c.kind()));
    let mut params: Vec<ParamData> = node
        .children()
        .find(|c| c.kind() == PARAM_LIST)
        .map(|l| {
            l.children()
                .filter(|p| p.kind() == PARAM)
                .map(|p| lower_param(&p))
                .collect()
        })
        .unwrap_or_default();
    // `f(void)`: C's spelling of an empty parameter list.
    if let [only] = params.as_slice()
        && only.name.is_empty()
        && matches!(&only.ty, TypeRef::Path(p) if p.segments.len() == 1
            && p.segments[0].name == "void"
            && p.segments[0].args.is_none())
    {
        params.clear();
    }
    FnData {
        name,
        kind,
        attrs: lower_attrs(node),
        modifiers: lower_modifiers(node),
        generics: lower_generics(node),
        where_preds: lower_where(node),
        params,
        ret: ret_node.as_ref().map_or(
            // `func f(...)` without `-> T` returns nothing.
            if matches!(kind, FnKind::Free | FnKind::Method) && !has_token(node, FUNC_KW) {
                TypeRef::Error
            } else {
                TypeRef::Path(PathRef::single("void".into(), TextRange::default()))
            },
            lower_type,
        ),
        ret_semantic: node
            .children()
            .find(|c| c.kind() == SEMANTIC)
            .map(|s| semantic_name(&s).0),
        has_body: node.children().any(|c| c.kind() == BLOCK),
        name_range,
        ret_range: ret_node.map(|r| range_of(&r)),
        in_type,
        throws: node
            .children()
            .find(|c| c.kind() == THROWS_CLAUSE)
            .map(|t| {
                t.children()
                    .find(|c| is_type_kind(c.kind()))
                    .map_or(TypeRef::Error, |t| lower_type(&t))
            }),
    }
}

fn semantic_name(node: &SyntaxNode) -> (SmolStr, TextRange) {
    match node.children().find(|c| c.kind() == NAME_REF) {
        Some(n) => (SmolStr::new(n.text().to_string().trim()), range_of(&n)),
        None => (SmolStr::default(), range_of(node)),
    }
}

pub(super) fn lower_param(node: &SyntaxNode) -> ParamData {
    let mut ty = node
        .children()
        .find(|c| is_type_kind(c.kind()))
        .map_or(TypeRef::Error, |t| lower_type(&t));
    // A parameter pack (`expand each T args`) records `variadic`; its type is the element's.
    if let TypeRef::Expand(inner) = ty {
        ty = *inner;
    }
    ty = with_array_suffixes(ty, node);
    let name_node = node.children().find(|c| c.kind() == NAME);
    ParamData {
        name: name_node
            .as_ref()
            .map(|n| SmolStr::new(n.text().to_string()))
            .unwrap_or_default(),
        ty,
        modifiers: lower_modifiers(node),
        has_default: has_token(node, EQ),
        variadic: node.children().any(|c| c.kind() == EXPAND_TYPE),
        semantic: node
            .children()
            .find(|c| c.kind() == SEMANTIC)
            .map(|s| semantic_name(&s)),
        range: range_of(node),
        name_range: name_node.map_or_else(|| range_of(node), |n| range_of(&n)),
    }
}

/// `ty` as the declarator `node` makes it: `float a[2][3]` is an array of 2 arrays of 3.
pub(super) fn with_array_suffixes(mut ty: TypeRef, node: &SyntaxNode) -> TypeRef {
    let suffixes: Vec<_> = node
        .children()
        .filter(|c| c.kind() == ARRAY_SUFFIX)
        .collect();
    for suffix in suffixes.iter().rev() {
        ty = TypeRef::Array(Box::new(ty), array_suffix_len(suffix));
    }
    ty
}

pub(super) fn array_suffix_len(suffix: &SyntaxNode) -> Option<ConstRef> {
    suffix
        .children()
        .find(|c| is_expr_kind(c.kind()))
        .map(|e| lower_const(&e))
}

#[salsa::tracked(returns(clone))]
pub fn type_decl_data(db: &dyn Db, decl: TypeDeclId) -> Arc<TypeDeclData> {
    let loc = decl.loc(db);
    let kind = match loc.kind() {
        Some(ItemKind::Interface) => TypeDeclKind::Interface,
        Some(ItemKind::Enum) => TypeDeclKind::Enum,
        _ => TypeDeclKind::Struct,
    };
    let Some(node) = item_node(db, loc) else {
        return Arc::new(TypeDeclData {
            name: loc.name(),
            kind,
            attrs: Vec::new(),
            modifiers: Modifiers::default(),
            generics: Vec::new(),
            where_preds: Vec::new(),
            bases: Vec::new(),
            fields: Vec::new(),
            variants: Vec::new(),
            members: Vec::new(),
            name_range: TextRange::default(),
        });
    };
    let mut fields = Vec::new();
    let members = member_defs(db, &node, loc);
    if let Some(list) = node.children().find(|c| c.kind() == MEMBER_LIST) {
        // Static members are globals; keep their ids next to the field data for lookups.
        let mut static_counts: FxHashMap<SmolStr, u32> = FxHashMap::default();
        for var in list.children().filter(|c| c.kind() == VAR_DECL) {
            let modifiers = lower_modifiers(&var);
            let attrs = lower_attrs(&var);
            let base_ty = var
                .children()
                .find(|c| is_type_kind(c.kind()))
                .map(|t| lower_type(&t))
                .or_else(|| super::struct_vars::declared_struct_type(&var))
                .unwrap_or(TypeRef::Error);
            for decl_node in var.children().filter(|d| d.kind() == DECLARATOR) {
                let name = name_text(&decl_node);
                let global = if modifiers.is_static {
                    let ordinal = static_counts.entry(name.clone()).or_insert(0);
                    let id = GlobalId::new(
                        db,
                        child_loc(
                            loc,
                            PathSeg {
                                kind: ItemKind::Global,
                                name: name.clone(),
                                ordinal: *ordinal,
                            },
                        ),
                    );
                    *ordinal += 1;
                    Some(id)
                } else {
                    None
                };
                if global.is_some() {
                    continue;
                }
                // `var x : int;` (let-style) writes the type in the declarator.
                let mut ty = match base_ty {
                    TypeRef::Error => decl_node
                        .children()
                        .find(|c| is_type_kind(c.kind()))
                        .map_or(TypeRef::Error, |t| lower_type(&t)),
                    _ => base_ty.clone(),
                };
                ty = with_array_suffixes(ty, &decl_node);
                fields.push(FieldData {
                    name,
                    ty,
                    modifiers: modifiers.clone(),
                    attrs: attrs.clone(),
                    has_default: has_token(&decl_node, EQ),
                    name_range: decl_node
                        .children()
                        .find(|c| c.kind() == NAME)
                        .map_or_else(|| range_of(&decl_node), |n| range_of(&n)),
                    global,
                    bit_width: decl_node
                        .children()
                        .find(|c| c.kind() == BIT_WIDTH)
                        .map(|w| {
                            let width = w
                                .children()
                                .find(|c| is_expr_kind(c.kind()))
                                .map_or(ConstRef::Other, |e| lower_const(&e));
                            (width, range_of(&w))
                        }),
                });
            }
        }
    }
    let variants = node
        .children()
        .find(|c| c.kind() == ENUM_VARIANT_LIST)
        .map(|l| {
            l.children()
                .filter(|v| v.kind() == ENUM_VARIANT)
                .map(|v| VariantData {
                    name: name_text(&v),
                    value: v
                        .children()
                        .find(|c| is_expr_kind(c.kind()))
                        .map(|e| lower_const(&e)),
                    name_range: v
                        .children()
                        .find(|c| c.kind() == NAME)
                        .map_or_else(|| range_of(&v), |n| range_of(&n)),
                })
                .collect()
        })
        .unwrap_or_default();
    Arc::new(TypeDeclData {
        name: name_text(&node),
        kind,
        attrs: lower_attrs(&node),
        modifiers: lower_modifiers(&node),
        generics: local_type_generics(db, loc, lower_generics(&node)),
        where_preds: local_type_where(db, loc, lower_where(&node)),
        bases: lower_bases(&node),
        fields,
        variants,
        members,
        name_range: node
            .children()
            .find(|c| c.kind() == NAME)
            .map_or_else(|| range_of(&node), |n| range_of(&n)),
    })
}

fn lower_bases(node: &SyntaxNode) -> Vec<TypeRef> {
    node.children()
        .filter(|c| c.kind() == BASE_LIST)
        .flat_map(|b| {
            b.children()
                .filter(|t| is_type_kind(t.kind()))
                .collect::<Vec<_>>()
        })
        .flat_map(|t| lower_bound_types(&t))
        .collect()
}

#[salsa::tracked(returns(clone))]
pub fn alias_data(db: &dyn Db, alias: AliasId) -> Arc<AliasData> {
    let loc = alias.loc(db);
    let is_assoc = loc.kind() == Some(ItemKind::AssocType);
    let Some(node) = item_node(db, loc) else {
        return Arc::new(AliasData {
            name: loc.name(),
            target: None,
            constraints: Vec::new(),
            generics: Vec::new(),
            name_range: TextRange::default(),
            is_assoc,
        });
    };
    let target = if is_assoc {
        None
    } else {
        let mut ty = node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map_or(TypeRef::Error, |t| lower_type(&t));
        // `typedef float Arr[4];`
        ty = with_array_suffixes(ty, &node);
        // `type_param T : I;` stands for a type conforming to `I`: `I`'s existential here.
        let is_type_param = node
            .children_with_tokens()
            .any(|t| t.kind() == TYPE_PARAM_KW);
        if is_type_param && matches!(ty, TypeRef::Error) {
            ty = lower_bases(&node)
                .into_iter()
                .next()
                .unwrap_or(TypeRef::Error);
        }
        Some(ty)
    };
    Arc::new(AliasData {
        name: name_text(&node),
        target,
        constraints: lower_bases(&node),
        generics: lower_generics(&node),
        name_range: node
            .children()
            .find(|c| c.kind() == NAME)
            .map_or_else(|| range_of(&node), |n| range_of(&n)),
        is_assoc,
    })
}

/// The declarator of a global inside its `VAR_DECL` (several globals can share one).
pub(super) fn global_declarator(node: &SyntaxNode, name: &str, ordinal: u32) -> Option<SyntaxNode> {
    node.children()
        .filter(|d| d.kind() == DECLARATOR && name_text(d) == name)
        .nth(ordinal as usize)
}

#[salsa::tracked(returns(clone))]
pub fn global_data(db: &dyn Db, global: GlobalId) -> Arc<GlobalData> {
    let loc = global.loc(db);
    let in_type = loc.parent().is_some_and(|p| {
        matches!(
            p.kind(),
            Some(ItemKind::Struct | ItemKind::Interface | ItemKind::Extension)
        )
    });
    let ordinal = loc.path.last().map_or(0, |s| s.ordinal);
    let node = item_node(db, loc);
    let decl = node.as_ref().and_then(|n| {
        global_declarator(n, &loc.name(), ordinal).or_else(|| global_declarator(n, &loc.name(), 0))
    });
    let (Some(node), Some(decl)) = (node, decl) else {
        return Arc::new(GlobalData {
            name: loc.name(),
            ty: None,
            modifiers: Modifiers::default(),
            attrs: Vec::new(),
            has_init: false,
            is_let: false,
            name_range: TextRange::default(),
            in_type,
        });
    };
    let is_let = has_token(&node, LET_KW);
    // `let x: int = ...` (let-style) writes the type in the declarator.
    let type_node = node
        .children()
        .find(|c| is_type_kind(c.kind()))
        .or_else(|| decl.children().find(|c| is_type_kind(c.kind())));
    let ty = type_node
        .map(|t| lower_type(&t))
        .or_else(|| super::struct_vars::declared_struct_type(&node))
        .map(|ty| with_array_suffixes(ty, &decl));
    Arc::new(GlobalData {
        name: loc.name(),
        ty,
        modifiers: lower_modifiers(&node),
        attrs: lower_attrs(&node),
        has_init: has_token(&decl, EQ),
        is_let,
        name_range: decl
            .children()
            .find(|c| c.kind() == NAME)
            .map_or_else(|| range_of(&decl), |n| range_of(&n)),
        in_type,
    })
}

#[salsa::tracked(returns(clone))]
pub fn extension_data(db: &dyn Db, ext: ExtensionId) -> Arc<ExtensionData> {
    let loc = ext.loc(db);
    let Some(node) = item_node(db, loc) else {
        return Arc::new(ExtensionData {
            generics: Vec::new(),
            where_preds: Vec::new(),
            target: TypeRef::Error,
            bases: Vec::new(),
            members: Vec::new(),
            target_range: TextRange::default(),
        });
    };
    let target = node.children().find(|c| is_type_kind(c.kind()));
    Arc::new(ExtensionData {
        generics: lower_generics(&node),
        where_preds: lower_where(&node),
        target: target.as_ref().map_or(TypeRef::Error, lower_type),
        bases: lower_bases(&node),
        members: member_defs(db, &node, loc),
        target_range: target.map_or_else(|| range_of(&node), |t| range_of(&t)),
    })
}

/// The accessors of a property or subscript body.
struct Accessors {
    getter: Option<FunctionId>,
    setter: Option<FunctionId>,
    reference: Option<FunctionId>,
    declares_get: bool,
    declares_set: bool,
    declares_ref: bool,
}

fn accessors(db: &dyn Db, node: &SyntaxNode, loc: &ItemLoc) -> Accessors {
    let mut a = Accessors {
        getter: None,
        setter: None,
        reference: None,
        declares_get: false,
        declares_set: false,
        declares_ref: false,
    };
    // A `ref` accessor also reads the value when there is no `get`.
    let mut ref_getter = None;
    for child in child_items(node, true, None) {
        let has_body = child.node.children().any(|c| c.kind() == BLOCK);
        let id = FunctionId::new(db, child_loc(loc, child.seg.clone()));
        let body = has_body.then_some(id);
        match child.seg.name.as_str() {
            "set" => {
                a.declares_set = true;
                a.setter = a.setter.or(body);
            }
            "ref" => {
                a.declares_ref = true;
                a.reference = a.reference.or(body);
                ref_getter = ref_getter.or(body);
            }
            _ => {
                a.declares_get = true;
                a.getter = a.getter.or(body);
            }
        }
    }
    if a.getter.is_none() && ref_getter.is_some() {
        a.getter = ref_getter;
        a.declares_get = true;
    }
    if !a.declares_get && a.declares_ref {
        a.declares_get = true;
    }
    a
}

#[salsa::tracked(returns(clone))]
pub fn property_data(db: &dyn Db, prop: PropertyId) -> Arc<PropertyData> {
    let loc = prop.loc(db);
    let Some(node) = item_node(db, loc) else {
        return Arc::new(PropertyData {
            name: loc.name(),
            ty: TypeRef::Error,
            modifiers: Modifiers::default(),
            getter: None,
            setter: None,
            declares_get: true,
            declares_set: false,
            reference: None,
            declares_ref: false,
            name_range: TextRange::default(),
        });
    };
    let a = accessors(db, &node, loc);
    Arc::new(PropertyData {
        name: name_text(&node),
        ty: node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map_or(TypeRef::Error, |t| lower_type(&t)),
        modifiers: lower_modifiers(&node),
        getter: a.getter,
        setter: a.setter,
        declares_get: a.declares_get,
        declares_set: a.declares_set,
        reference: a.reference,
        declares_ref: a.declares_ref,
        name_range: node
            .children()
            .find(|c| c.kind() == NAME)
            .map_or_else(|| range_of(&node), |n| range_of(&n)),
    })
}

#[salsa::tracked(returns(clone))]
pub fn subscript_data(db: &dyn Db, sub: SubscriptId) -> Arc<SubscriptData> {
    let loc = sub.loc(db);
    let Some(node) = item_node(db, loc) else {
        return Arc::new(SubscriptData {
            generics: Vec::new(),
            where_preds: Vec::new(),
            params: Vec::new(),
            ret: TypeRef::Error,
            modifiers: Modifiers::default(),
            getter: None,
            setter: None,
            declares_get: true,
            declares_set: false,
            reference: None,
            declares_ref: false,
            range: TextRange::default(),
        });
    };
    let a = accessors(db, &node, loc);
    let params = node
        .children()
        .find(|c| c.kind() == PARAM_LIST)
        .map(|l| {
            l.children()
                .filter(|p| p.kind() == PARAM)
                .map(|p| lower_param(&p))
                .collect()
        })
        .unwrap_or_default();
    Arc::new(SubscriptData {
        generics: lower_generics(&node),
        where_preds: lower_where(&node),
        params,
        ret: node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map_or(TypeRef::Error, |t| lower_type(&t)),
        modifiers: lower_modifiers(&node),
        getter: a.getter,
        setter: a.setter,
        declares_get: a.declares_get,
        declares_set: a.declares_set,
        reference: a.reference,
        declares_ref: a.declares_ref,
        range: tokens(&node)
            .find(|t| t.kind() == SUBSCRIPT_KW)
            .map_or_else(|| range_of(&node), |t| token_range(&t)),
    })
}
