//! The item tree and per-item syntax: walking containers for items, the file outline, imports,
//! usings and cbuffers, the item sources (with the cheap update after an edit inside one
//! function) and the position-independent green node of each item. Apart from the lowering of
//! item data and bodies because it only finds and locates items; it lowers none of them.

use super::*;

/// One item found while walking a container.
pub(super) struct ChildItem {
    pub(super) seg: PathSeg,
    pub(super) node: SyntaxNode,
}

fn item_kind_of(node: &SyntaxNode) -> Option<ItemKind> {
    Some(match node.kind() {
        FN => ItemKind::Function,
        INIT => ItemKind::Init,
        // `struct S : I = Impl;` (or `extern struct`): a type defined as another one.
        STRUCT if is_struct_alias(node) => ItemKind::TypeAlias,
        STRUCT => ItemKind::Struct,
        INTERFACE => ItemKind::Interface,
        ENUM => ItemKind::Enum,
        TYPEALIAS | TYPEDEF => ItemKind::TypeAlias,
        ASSOC_TYPE => ItemKind::AssocType,
        NAMESPACE => ItemKind::Namespace,
        EXTENSION => ItemKind::Extension,
        PROPERTY => ItemKind::Property,
        SUBSCRIPT => ItemKind::Subscript,
        _ => return None,
    })
}

/// The item name of a `__func_extension fwd_diff(f)` / `bwd_diff(f)` / `__apply(f)` declaration:
/// its target as written (`fwd_diff(f)`, `__apply(f)`).
pub(crate) fn func_extension_derivative_name(node: &SyntaxNode) -> Option<SmolStr> {
    let target = node
        .children()
        .find(|c| c.kind() == DIFF_EXPR || is_apply_target(c))?;
    let text: String = target
        .text()
        .to_string()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    Some(SmolStr::new(text))
}

/// The `__apply(f)` target of a `__func_extension` (a call of the name `__apply`).
pub(crate) fn is_apply_target(node: &SyntaxNode) -> bool {
    node.kind() == CALL_EXPR
        && node
            .children()
            .find(|c| c.kind() == PATH_EXPR)
            .is_some_and(|p| p.text() == "__apply")
}

/// A GLSL `buffer B { ... }` block.
fn is_glsl_buffer(node: &SyntaxNode) -> bool {
    node.kind() == CBUFFER && has_token(node, BUFFER_KW)
}

/// `struct S : I = Impl;`: a struct declared as another type (no members; the type after `=`).
pub(super) fn is_struct_alias(node: &SyntaxNode) -> bool {
    node.kind() == STRUCT
        && !node.children().any(|c| c.kind() == MEMBER_LIST)
        && node.children().any(|c| is_type_kind(c.kind()))
}

/// The items directly inside a container node (file, namespace, struct, interface, extension,
/// property, subscript), with stable ordinals among same-kind same-name siblings. The container's
/// declarations that are no items (`using`, `import`, `__include`, `module`, `implementing`) go
/// to `decls` when it is given, so that one walk finds both.
pub(super) fn child_items(
    container: &SyntaxNode,
    in_type: bool,
    mut decls: Option<&mut Vec<SyntaxNode>>,
) -> Vec<ChildItem> {
    let mut out: Vec<ChildItem> = Vec::new();
    let mut counts: FxHashMap<(ItemKind, SmolStr), u32> = FxHashMap::default();
    let mut push = |kind: ItemKind, name: SmolStr, node: SyntaxNode, out: &mut Vec<ChildItem>| {
        let ordinal = counts.entry((kind, name.clone())).or_insert(0);
        out.push(ChildItem {
            seg: PathSeg {
                kind,
                name,
                ordinal: *ordinal,
            },
            node,
        });
        *ordinal += 1;
    };
    let list = container
        .children()
        .find(|c| matches!(c.kind(), ITEM_LIST | MEMBER_LIST | ACCESSOR_LIST))
        .unwrap_or_else(|| container.clone());
    for child in list.children() {
        match child.kind() {
            VAR_DECL => {
                // `buffer B { ... } b;`: a GLSL block (checked in `forms.rs`).
                if let Some(decls) = decls.as_deref_mut()
                    && child.children().any(|c| is_glsl_buffer(&c))
                {
                    decls.push(child.clone());
                }
                // `struct S { ... } s;`: the struct is an item too.
                if let Some(s) = super::struct_vars::declared_struct(&child) {
                    let name = super::struct_vars::struct_item_name(&s);
                    push(ItemKind::Struct, name, s, &mut out);
                }
                // File-level variables and static members are globals; instance fields are not items.
                let is_static = lower_modifiers(&child).is_static;
                if in_type && !is_static {
                    continue;
                }
                for decl in child.children().filter(|d| d.kind() == DECLARATOR) {
                    push(ItemKind::Global, name_text(&decl), child.clone(), &mut out);
                }
            }
            CBUFFER => {
                if let Some(decls) = decls.as_deref_mut()
                    && is_glsl_buffer(&child)
                {
                    decls.push(child.clone());
                }
                // `cbuffer C { float a; }` declares globals `a`.
                for var in child
                    .children()
                    .filter(|c| c.kind() == MEMBER_LIST)
                    .flat_map(|l| l.children())
                {
                    if var.kind() == VAR_DECL {
                        for decl in var.children().filter(|d| d.kind() == DECLARATOR) {
                            push(ItemKind::Global, name_text(&decl), var.clone(), &mut out);
                        }
                    }
                }
            }
            ACCESSOR => {
                let name = accessor_name(&child);
                push(ItemKind::Function, name, child, &mut out);
            }
            FUNC_EXTENSION => {
                // `__func_extension fwd_diff(f)(...) { }` is a function: `f`'s custom derivative
                // (`[ForwardDerivativeOf(f)]`), named by its target, which no path can spell.
                if let Some(name) = func_extension_derivative_name(&child) {
                    push(ItemKind::Function, name, child.clone(), &mut out);
                }
                if let Some(decls) = decls.as_deref_mut() {
                    decls.push(child);
                }
            }
            USING | IMPORT | INCLUDE | MODULE_DECL | IMPLEMENTING | LAYOUT_DECL => {
                if let Some(decls) = decls.as_deref_mut() {
                    decls.push(child);
                }
            }
            _ => {
                if let Some(kind) = item_kind_of(&child) {
                    let name = match kind {
                        ItemKind::Init => SmolStr::new("__init"),
                        ItemKind::Subscript => SmolStr::new("__subscript"),
                        ItemKind::Extension => SmolStr::default(),
                        _ => name_text(&child),
                    };
                    push(kind, name, child, &mut out);
                }
            }
        }
    }
    out
}

pub(super) fn accessor_name(node: &SyntaxNode) -> SmolStr {
    if has_token(node, SET_KW) {
        "set".into()
    } else if has_token(node, REF_KW) {
        "ref".into()
    } else {
        "get".into()
    }
}

fn def_for(db: &dyn Db, loc: ItemLoc) -> Option<ItemDef> {
    Some(match loc.kind()? {
        ItemKind::Function | ItemKind::Init => ItemDef::Function(FunctionId::new(db, loc)),
        ItemKind::Struct | ItemKind::Interface | ItemKind::Enum => {
            ItemDef::TypeDecl(TypeDeclId::new(db, loc))
        }
        ItemKind::TypeAlias | ItemKind::AssocType => ItemDef::Alias(AliasId::new(db, loc)),
        ItemKind::Global => ItemDef::Global(GlobalId::new(db, loc)),
        ItemKind::Extension => ItemDef::Extension(ExtensionId::new(db, loc)),
        ItemKind::Property => ItemDef::Property(PropertyId::new(db, loc)),
        ItemKind::Subscript => ItemDef::Subscript(SubscriptId::new(db, loc)),
        ItemKind::Namespace => return None,
    })
}

pub(super) fn child_loc(parent: &ItemLoc, seg: PathSeg) -> ItemLoc {
    let mut path = parent.path.to_vec();
    path.push(seg);
    ItemLoc {
        file: parent.file,
        path: path.into(),
    }
}

/// The namespace-level items of a file and its file-level declarations, as `item_sources` finds
/// them: paths and names only, no ranges and no syntax. The value is equal after any edit that
/// adds, removes or renames no item (inside a body, in a signature), so `item_tree` and
/// `file_usings`, which read it through `item_outline`, are not re-run after such an edit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ItemOutline {
    items: Vec<OutlineNode>,
    /// `module name;` at the top of the file (the first one).
    module_name: Option<SmolStr>,
    /// `implementing name;` (the first one).
    implementing: Option<SmolStr>,
    /// The namespaces of `using ns;` declarations at any namespace or type level, in source order.
    usings: Arc<[Arc<[SmolStr]>]>,
    /// Whether the file has declarations that `forms::form_diagnostics` checks (GLSL's
    /// `layout(...) in;` and `buffer` blocks, `__func_extension`).
    pub(crate) checked_forms: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum OutlineNode {
    Item(Arc<[PathSeg]>),
    Namespace {
        name: SmolStr,
        items: Vec<OutlineNode>,
    },
}

/// The outline of `item_sources`' walk. It reruns after every edit (an `Arc` clone) and compares
/// equal unless the file's items changed, and then salsa keeps what depends on it.
#[salsa::tracked(returns(clone))]
pub fn item_outline(db: &dyn Db, file: SourceFile) -> Arc<ItemOutline> {
    item_sources(db, file).outline.clone()
}

fn tree_items(db: &dyn Db, file: SourceFile, nodes: &[OutlineNode]) -> Vec<ItemNode> {
    nodes
        .iter()
        .filter_map(|node| match node {
            OutlineNode::Namespace { name, items } => Some(ItemNode::Namespace {
                name: name.clone(),
                items: tree_items(db, file, items),
            }),
            OutlineNode::Item(path) => {
                let loc = ItemLoc {
                    file,
                    path: path.clone(),
                };
                def_for(db, loc).map(ItemNode::Item)
            }
        })
        .collect()
}

#[salsa::tracked(returns(clone))]
pub fn item_tree(db: &dyn Db, file: SourceFile) -> Arc<ItemTree> {
    let outline = item_outline(db, file);
    Arc::new(ItemTree {
        items: tree_items(db, file, &outline.items),
        module_name: outline.module_name.clone(),
        implementing: outline.implementing.clone(),
    })
}

fn module_path_text(node: &SyntaxNode) -> SmolStr {
    if let Some(path) = node.children().find(|c| c.kind() == MODULE_PATH) {
        return SmolStr::new(path.text().to_string().trim());
    }
    if let Some(s) = tokens(node).find(|t| t.kind() == STRING) {
        return SmolStr::new(s.text().trim_matches('"'));
    }
    SmolStr::new(
        tokens(node)
            .filter(|t| t.kind() == IDENT)
            .map(|t| t.text().to_string())
            .collect::<Vec<_>>()
            .join("."),
    )
}

/// An `import` or `__include` of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportInfo {
    pub module: SmolStr,
    /// Range in the preprocessed text.
    pub range: TextRange,
    pub exported: bool,
    pub is_include: bool,
}

/// The file's top-level `import`s and `__include`s (found by `item_sources`' walk). Their ranges
/// make this a query of its own: an edit above an import shifts them, not the outline.
#[salsa::tracked(returns(clone))]
pub fn file_imports(db: &dyn Db, file: SourceFile) -> Arc<[ImportInfo]> {
    item_sources(db, file).imports.clone()
}

fn import_info(node: &SyntaxNode) -> ImportInfo {
    let is_include = node.kind() == INCLUDE;
    let mut module = module_path_text(node);
    if is_include && !module.ends_with(".slang") {
        module = format!("{module}.slang").into();
    }
    ImportInfo {
        module,
        range: range_of(node),
        exported: has_token(node, EXPORTED_KW),
        is_include,
    }
}

/// The namespaces named by `using ns;` declarations of the file (at any namespace level), as
/// paths: their names are visible unqualified everywhere in the file. From the outline, so it is
/// not re-run after an edit that changes no item.
#[salsa::tracked(returns(clone))]
pub fn file_usings(db: &dyn Db, file: SourceFile) -> Arc<[Arc<[SmolStr]>]> {
    item_outline(db, file).usings.clone()
}

/// The namespace path of a `using` declaration (empty when it names none).
pub(super) fn using_path(node: &SyntaxNode) -> Arc<[SmolStr]> {
    node.children()
        .find(|c| c.kind() == PATH)
        .map(|path| {
            path.descendants()
                .filter(|c| c.kind() == NAME_REF)
                .map(|c| name_text_of_ref(&c))
                .collect()
        })
        .unwrap_or_else(|| Arc::from([]))
}

pub(super) fn name_text_of_ref(node: &SyntaxNode) -> SmolStr {
    node.children_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .find(|t| t.kind() == IDENT)
        .map(|t| SmolStr::new(t.text()))
        .unwrap_or_default()
}

/// The file-level `cbuffer NAME { members }` blocks: each block's name and its members' names
/// in order (the members are also file-level globals).
#[salsa::tracked(returns(clone))]
pub fn file_cbuffers(db: &dyn Db, file: SourceFile) -> Arc<[(SmolStr, Arc<[SmolStr]>)]> {
    let root = syntax_root(db, file);
    root.children()
        .filter(|c| c.kind() == CBUFFER)
        .map(|block| {
            let members = block
                .children()
                .filter(|c| c.kind() == MEMBER_LIST)
                .flat_map(|list| list.children())
                .filter(|var| var.kind() == VAR_DECL)
                .flat_map(|var| var.children().filter(|d| d.kind() == DECLARATOR))
                .map(|decl| name_text(&decl))
                .collect();
            (name_text(&block), members)
        })
        .collect()
}

/// Where each item's syntax is: absolute range (preprocessed text) and the green node.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ItemSources {
    map: FxHashMap<Arc<[PathSeg]>, (TextRange, ItemGreen)>,
    /// The items that own a body (functions, `__init`s, accessors with a body, globals) sorted
    /// by start, so that the one around a cursor is a binary search. Kept here rather than in a
    /// query of its own: this query reruns after every edit anyway (its ranges shift), and the
    /// walk that fills it already has every range at hand.
    owners: Vec<BodyOwner>,
    /// `max_end[i]`: the largest end among `owners[..=i]`, to stop the search early.
    max_end: Vec<u32>,
    /// What `item_outline` returns: found by the same walk.
    outline: Arc<ItemOutline>,
    /// What `file_imports` returns.
    imports: Arc<[ImportInfo]>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct BodyOwner {
    range: TextRange,
    path: Arc<[PathSeg]>,
    /// A global's own declarator: `float a = 1.0, b = 2.0;` is one node for two globals, and a
    /// cursor in `2.0` is in `b`'s body.
    declarator: Option<TextRange>,
}

impl ItemSources {
    /// The innermost body owner whose range (preprocessed text, ends included) contains `offset`
    /// and whose kind `accept`s; among equal ranges (`float a, b;`) the one whose declarator
    /// contains `offset`, else the first in source order.
    pub(crate) fn innermost_owner(
        &self,
        offset: u32,
        accept: impl Fn(ItemKind) -> bool,
    ) -> Option<(&Arc<[PathSeg]>, TextRange)> {
        let upto = self.owners.partition_point(|o| o.range.start <= offset);
        // Smaller is better; ties go to the earlier owner (the loop runs backwards).
        let rank = |o: &BodyOwner| {
            let in_declarator = o.declarator.is_some_and(|d| d.contains_inclusive(offset));
            (o.range.len(), !in_declarator)
        };
        let mut best: Option<&BodyOwner> = None;
        for i in (0..upto).rev() {
            // No earlier owner reaches the offset.
            if self.max_end[i] < offset {
                break;
            }
            let owner = &self.owners[i];
            if owner.range.contains_inclusive(offset)
                && owner.path.last().is_some_and(|seg| accept(seg.kind))
                && best.is_none_or(|b| rank(owner) <= rank(b))
            {
                best = Some(owner);
            }
        }
        best.map(|o| (&o.path, o.range))
    }
}

/// Whether an item's node owns a body that editor queries look into: functions, `__init`s and
/// globals; accessors only with a block (`get;` declares one without a function of its own).
fn owns_body(kind: ItemKind, node: &SyntaxNode) -> bool {
    match kind {
        ItemKind::Function if node.kind() == ACCESSOR => node.children().any(|c| c.kind() == BLOCK),
        ItemKind::Function | ItemKind::Init | ItemKind::Global => true,
        _ => false,
    }
}

/// An item's green node, compared with `syntax::green_eq` (shared subtrees by pointer: after an
/// incremental reparse every untouched item compares equal at once).
#[derive(Debug, Clone)]
pub struct ItemGreen(pub GreenNode);

impl PartialEq for ItemGreen {
    fn eq(&self, other: &Self) -> bool {
        syntax::green_eq(&self.0, &other.0)
    }
}

impl Eq for ItemGreen {}

/// What one walk over a file's items collects besides the sources (see `item_sources`).
#[derive(Default)]
struct FileDecls {
    imports: Vec<ImportInfo>,
    module_name: Option<SmolStr>,
    implementing: Option<SmolStr>,
    /// With their starts, to put them in source order (the walk visits a container's own
    /// declarations before its nested items').
    usings: Vec<(u32, Arc<[SmolStr]>)>,
    checked_forms: bool,
}

impl FileDecls {
    fn add(&mut self, node: &SyntaxNode, at_file_level: bool) {
        match node.kind() {
            LAYOUT_DECL | CBUFFER | VAR_DECL | FUNC_EXTENSION => self.checked_forms = true,
            USING => {
                let path = using_path(node);
                if !path.is_empty() {
                    self.usings.push((range_of(node).start, path));
                }
            }
            // Only the file's own level declares imports and the module.
            _ if !at_file_level => {}
            IMPORT | INCLUDE => self.imports.push(import_info(node)),
            MODULE_DECL if self.module_name.is_none() => {
                self.module_name = Some(module_path_text(node));
            }
            IMPLEMENTING if self.implementing.is_none() => {
                self.implementing = Some(module_path_text(node));
            }
            _ => {}
        }
    }
}

/// Walks the items of `container` (and of the namespaces, types, properties and subscripts in
/// it): their sources and body owners into `out`, the declarations into `decls`, and, where the
/// container is at namespace level, its items into `outline`.
fn collect_sources(
    container: &SyntaxNode,
    prefix: &[PathSeg],
    in_type: bool,
    mut outline: Option<&mut Vec<OutlineNode>>,
    out: &mut ItemSources,
    decls: &mut FileDecls,
) {
    let mut decl_nodes = Vec::new();
    let children = child_items(container, in_type, Some(&mut decl_nodes));
    for node in &decl_nodes {
        decls.add(node, prefix.is_empty());
    }
    for child in children {
        let mut path = prefix.to_vec();
        path.push(child.seg.clone());
        // `namespace a.b { }` (or `a::b`) is `namespace a { namespace b { } }`.
        let inner_namespaces = inner_namespace_names(&child);
        path.extend(inner_namespaces.iter().map(|name| PathSeg {
            kind: ItemKind::Namespace,
            name: name.clone(),
            ordinal: 0,
        }));
        let path: Arc<[PathSeg]> = path.into();
        let nested_in_type = matches!(
            child.seg.kind,
            ItemKind::Struct | ItemKind::Interface | ItemKind::Extension | ItemKind::Enum
        );
        let mut namespace_items = Vec::new();
        if matches!(
            child.seg.kind,
            ItemKind::Namespace
                | ItemKind::Struct
                | ItemKind::Interface
                | ItemKind::Extension
                | ItemKind::Property
                | ItemKind::Subscript
        ) {
            // A namespace's items are at namespace level when the namespace is.
            let nested_outline = (child.seg.kind == ItemKind::Namespace && outline.is_some())
                .then_some(&mut namespace_items);
            collect_sources(
                &child.node,
                &path,
                nested_in_type || in_type && child.seg.kind != ItemKind::Namespace,
                nested_outline,
                out,
                decls,
            );
        }
        if let Some(outline) = outline.as_deref_mut() {
            outline.push(match child.seg.kind {
                ItemKind::Namespace => {
                    let mut items = namespace_items;
                    for name in inner_namespaces.iter().rev() {
                        items = vec![OutlineNode::Namespace {
                            name: name.clone(),
                            items,
                        }];
                    }
                    OutlineNode::Namespace {
                        name: child.seg.name.clone(),
                        items,
                    }
                }
                _ => OutlineNode::Item(path.clone()),
            });
        }
        let range = range_of(&child.node);
        if owns_body(child.seg.kind, &child.node) {
            let declarator = (child.seg.kind == ItemKind::Global)
                .then(|| {
                    global_declarator(&child.node, &child.seg.name, child.seg.ordinal)
                        .or_else(|| global_declarator(&child.node, &child.seg.name, 0))
                })
                .flatten()
                .map(|d| range_of(&d));
            out.owners.push(BodyOwner {
                range,
                path: path.clone(),
                declarator,
            });
        }
        if matches!(child.seg.kind, ItemKind::Function | ItemKind::Init) {
            collect_local_sources(&child.node, &path, out, decls);
        }
        out.map
            .insert(path, (range, ItemGreen(child.node.green().to_owned())));
    }
}

/// The items declared inside the body of the function `node` (see `locals.rs`): their sources,
/// and the members of local types.
fn collect_local_sources(
    node: &SyntaxNode,
    prefix: &[PathSeg],
    out: &mut ItemSources,
    decls: &mut FileDecls,
) {
    for local in super::locals::local_child_items(node) {
        let mut path = prefix.to_vec();
        path.push(local.seg.clone());
        let path: Arc<[PathSeg]> = path.into();
        if matches!(
            local.seg.kind,
            ItemKind::Struct | ItemKind::Interface | ItemKind::Enum
        ) {
            collect_sources(&local.node, &path, true, None, out, decls);
        }
        out.map.insert(
            path,
            (
                range_of(&local.node),
                ItemGreen(local.node.green().to_owned()),
            ),
        );
    }
}

/// The names after the first of a dotted namespace declaration (`b`, `c` of `namespace a.b.c`).
fn inner_namespace_names(child: &ChildItem) -> Vec<SmolStr> {
    if child.seg.kind != ItemKind::Namespace {
        return Vec::new();
    }
    child
        .node
        .children()
        .filter(|c| c.kind() == NAME)
        .skip(1)
        .map(|n| name_text_of_ref(&n))
        .collect()
}

/// One walk over the file's items: each item's range and green node, the body owners for
/// `function_at`, the outline (`item_outline`) and the imports (`file_imports`). The ranges shift
/// with any edit, so this value changes every time; the projections of the position-independent
/// parts compare equal and keep the queries after them from rerunning. After an edit inside one
/// top-level function the last value is updated instead of walking the file again (see
/// `sources_after_fn_edit`).
#[salsa::tracked(returns(clone))]
pub fn item_sources(db: &dyn Db, file: SourceFile) -> Arc<ItemSources> {
    let green = parse(db, file).green;
    let cache = db.reuse_cache();
    let last = cache.and_then(|c| c.get::<LastSources>("item_sources", file));
    let sources = last
        .and_then(|last| sources_after_fn_edit(&last, &green))
        .unwrap_or_else(|| walk_sources(&green));
    if let Some(cache) = cache {
        let last = LastSources {
            root: green,
            sources: sources.clone(),
        };
        cache.put("item_sources", file, Arc::new(last));
    }
    sources
}

fn walk_sources(green: &GreenNode) -> Arc<ItemSources> {
    let root = SyntaxNode::new_root(green.clone());
    let mut out = ItemSources::default();
    let mut decls = FileDecls::default();
    let mut items = Vec::new();
    collect_sources(&root, &[], false, Some(&mut items), &mut out, &mut decls);
    // The walk visits owners in source order already (they do not nest); the stable sort keeps
    // that order among equal starts.
    out.owners
        .sort_by_key(|o| (o.range.start, std::cmp::Reverse(o.range.end)));
    out.max_end = max_ends(&out.owners);
    decls.usings.sort_by_key(|(start, _)| *start);
    out.outline = Arc::new(ItemOutline {
        items,
        module_name: decls.module_name,
        implementing: decls.implementing,
        usings: decls.usings.into_iter().map(|(_, path)| path).collect(),
        checked_forms: decls.checked_forms,
    });
    out.imports = decls.imports.into();
    Arc::new(out)
}

fn max_ends(owners: &[BodyOwner]) -> Vec<u32> {
    owners
        .iter()
        .scan(0u32, |max, o| {
            *max = (*max).max(o.range.end);
            Some(*max)
        })
        .collect()
}

/// What `item_sources` keeps for the next revision (see `base_db::ReuseCache`): the tree it
/// walked and what it found.
struct LastSources {
    root: GreenNode,
    sources: Arc<ItemSources>,
}

/// The sources of `root` computed from the last ones, when the two trees differ in one top-level
/// function only and that function kept its name (what typing inside a body does: the
/// incremental reparse shares every other top-level child). That function's entry gets its new
/// green node and length and every item after it shifts; the outline and the other items'
/// syntax are the same. `None`: walk the file.
fn sources_after_fn_edit(last: &LastSources, root: &GreenNode) -> Option<Arc<ItemSources>> {
    if last.root.children().len() != root.children().len() {
        return None;
    }
    let mut start = 0u32;
    let mut changed = None;
    for (old, new) in last.root.children().zip(root.children()) {
        let same = match (old, new) {
            (rowan::NodeOrToken::Node(a), rowan::NodeOrToken::Node(b)) => std::ptr::eq(a, b),
            (rowan::NodeOrToken::Token(a), rowan::NodeOrToken::Token(b)) => std::ptr::eq(a, b),
            _ => false,
        };
        if !same {
            let (rowan::NodeOrToken::Node(old), rowan::NodeOrToken::Node(new)) = (old, new) else {
                return None;
            };
            if changed.is_some() {
                return None;
            }
            changed = Some((start, old, new));
        }
        start += u32::from(old.text_len());
    }
    let Some((old_start, old, new)) = changed else {
        // Every top-level child is shared: the same items at the same places.
        return Some(last.sources.clone());
    };
    if old.kind() != FN.into() || new.kind() != FN.into() {
        return None;
    }
    let old_range = TextRange::new(old_start, old_start + u32::from(old.text_len()));
    let new_len = u32::from(new.text_len());
    let new_range = TextRange::new(old_start, old_start + new_len);
    // The function's entry: a top-level body owner with exactly the old child's range.
    let at = last
        .sources
        .owners
        .partition_point(|o| o.range.start < old_start);
    let owner = last.sources.owners[at..]
        .iter()
        .take_while(|o| o.range.start == old_start)
        .find(|o| o.range == old_range && o.path.len() == 1)?;
    let seg = owner.path.first()?;
    let new_node = SyntaxNode::new_root(new.to_owned());
    if seg.kind != ItemKind::Function || name_text(&new_node) != seg.name {
        return None;
    }
    // Items declared inside the function have entries of their own: walk the file.
    if !super::locals::local_child_items(&new_node).is_empty()
        || last
            .sources
            .map
            .keys()
            .any(|p| p.len() > owner.path.len() && p.starts_with(&owner.path))
    {
        return None;
    }
    // Items after the function move by the change in its length; nothing contains it.
    let shift = |range: TextRange| {
        if range.start >= old_range.end {
            TextRange::new(
                range.start - old_range.end + new_range.end,
                range.end - old_range.end + new_range.end,
            )
        } else {
            range
        }
    };
    let mut out = ItemSources::clone(&last.sources);
    for (path, (range, green)) in out.map.iter_mut() {
        if Arc::ptr_eq(path, &owner.path) || **path == *owner.path {
            *range = new_range;
            *green = ItemGreen(new.to_owned());
        } else {
            *range = shift(*range);
        }
    }
    for o in &mut out.owners {
        if o.range == old_range && *o.path == *owner.path {
            o.range = new_range;
        } else {
            o.range = shift(o.range);
            o.declarator = o.declarator.map(shift);
        }
    }
    out.max_end = max_ends(&out.owners);
    out.imports = last
        .sources
        .imports
        .iter()
        .map(|import| ImportInfo {
            range: shift(import.range),
            ..import.clone()
        })
        .collect();
    Some(Arc::new(out))
}

/// Interned key for per-item syntax lookups.
#[salsa::interned(unsafe(no_lifetime), revisions = usize::MAX, debug)]
pub struct ItemKey {
    #[returns(ref)]
    pub loc: ItemLoc,
}

/// The item's own green node: equal across edits that do not touch the item, so everything
/// computed from it is reused.
#[salsa::tracked(returns(clone))]
pub fn item_syntax(db: &dyn Db, key: ItemKey) -> Option<ItemGreen> {
    let loc = key.loc(db);
    item_sources(db, loc.file)
        .map
        .get(&loc.path)
        .map(|(_, green)| green.clone())
}

/// Start offset of an item in the preprocessed text (for turning relative ranges absolute).
pub fn item_offset(db: &dyn Db, loc: &ItemLoc) -> u32 {
    item_sources(db, loc.file)
        .map
        .get(&loc.path)
        .map_or(0, |(r, _)| r.start)
}

/// An item's range in the preprocessed text.
pub fn item_range(db: &dyn Db, loc: &ItemLoc) -> Option<TextRange> {
    item_sources(db, loc.file)
        .map
        .get(&loc.path)
        .map(|(range, _)| *range)
}

pub(crate) fn item_node(db: &dyn Db, loc: &ItemLoc) -> Option<SyntaxNode> {
    item_syntax(db, ItemKey::new(db, loc.clone())).map(|g| SyntaxNode::new_root(g.0))
}

pub fn item_def_loc(db: &dyn Db, def: ItemDef) -> ItemLoc {
    match def {
        ItemDef::Function(x) => x.loc(db).clone(),
        ItemDef::TypeDecl(x) => x.loc(db).clone(),
        ItemDef::Alias(x) => x.loc(db).clone(),
        ItemDef::Global(x) => x.loc(db).clone(),
        ItemDef::Extension(x) => x.loc(db).clone(),
        ItemDef::Property(x) => x.loc(db).clone(),
        ItemDef::Subscript(x) => x.loc(db).clone(),
    }
}

pub fn item_def_file(db: &dyn Db, def: ItemDef) -> SourceFile {
    item_def_loc(db, def).file
}

pub fn item_def_name(db: &dyn Db, def: ItemDef) -> SmolStr {
    item_def_loc(db, def).name()
}

pub fn item_def_visibility(db: &dyn Db, def: ItemDef) -> Option<Visibility> {
    match def {
        ItemDef::Function(f) => fn_data(db, f).modifiers.visibility,
        ItemDef::TypeDecl(t) => type_decl_data(db, t).modifiers.visibility,
        ItemDef::Global(g) => global_data(db, g).modifiers.visibility,
        _ => Some(Visibility::Public),
    }
}

/// The relative range of an item's name (for diagnostics and go-to-definition).
pub fn item_def_name_range(db: &dyn Db, def: ItemDef) -> TextRange {
    match def {
        ItemDef::Function(f) => fn_data(db, f).name_range,
        ItemDef::TypeDecl(t) => type_decl_data(db, t).name_range,
        ItemDef::Alias(a) => alias_data(db, a).name_range,
        ItemDef::Global(g) => global_data(db, g).name_range,
        ItemDef::Extension(e) => extension_data(db, e).target_range,
        ItemDef::Property(p) => property_data(db, p).name_range,
        ItemDef::Subscript(s) => subscript_data(db, s).range,
    }
}

pub(super) fn member_defs(db: &dyn Db, node: &SyntaxNode, loc: &ItemLoc) -> Vec<ItemDef> {
    child_items(node, true, None)
        .into_iter()
        .filter_map(|c| def_for(db, child_loc(loc, c.seg)))
        .collect()
}
