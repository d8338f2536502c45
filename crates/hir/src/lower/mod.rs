//! From syntax to HIR data: preprocessing and parsing queries, the item tree, per-item syntax
//! (position-independent green nodes), item data and bodies.
//!
//! The typed AST of `syntax` is young; lowering reads the untyped tree by node kinds through the
//! small helpers at the bottom of this file.

use std::sync::Arc;

use base_db::{Db, SourceFile};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;
use syntax::{GreenNode, SyntaxElement, SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

use crate::TextRange;
use crate::body::*;
use crate::data::*;
use crate::ids::*;
use crate::preprocess::{self, Preprocessed};

// ---------------------------------------------------------------------------------------------
// Text, preprocessing, parsing

/// The file after the preprocessor. Files without directives (and no command-line macros) take
/// the fast path: the text as is, an identity map.
#[salsa::tracked(returns(clone))]
pub fn preprocessed(db: &dyn Db, file: SourceFile) -> Arc<Preprocessed> {
    let text = file.text(db).clone();
    let defines = db.workspace().options(db).defines.clone();
    if defines.is_empty()
        && !preprocess::has_directives(&text)
        && !preprocess::uses_predefined_macros(&text)
    {
        return Arc::new(Preprocessed {
            text,
            ..Default::default()
        });
    }
    let mut resolver = |path: &str| {
        let target = base_db::resolve_relative(db, file, path)?;
        Some((target.path(db).clone(), target.text(db).clone()))
    };
    Arc::new(preprocess::preprocess(
        &text,
        file.path(db),
        &defines,
        &mut resolver,
    ))
}

/// The parse of the preprocessed text.
#[derive(Debug, Clone)]
pub struct ParsedFile {
    pub green: GreenNode,
    pub errors: Arc<[syntax::SyntaxError]>,
}

/// Compares shared subtrees by pointer, so an unchanged parse is recognised without walking it.
impl PartialEq for ParsedFile {
    fn eq(&self, other: &Self) -> bool {
        self.errors == other.errors && syntax::green_eq(&self.green, &other.green)
    }
}

impl Eq for ParsedFile {}

/// What `parse` keeps for the next revision (see `base_db::ReuseCache`): the text it parsed and
/// the result, so that an edit inside one block reparses only that block.
struct LastParse {
    text: Arc<str>,
    parse: syntax::Parse,
}

#[salsa::tracked(returns(clone))]
pub fn parse(db: &dyn Db, file: SourceFile) -> ParsedFile {
    let pp = preprocessed(db, file);
    let cache = db.reuse_cache();
    let parse = match cache.and_then(|c| c.get::<LastParse>("parse", file)) {
        Some(last) => syntax::reparse(&last.text, &last.parse, &pp.text),
        None => syntax::parse(&pp.text),
    };
    if let Some(cache) = cache {
        let last = LastParse {
            text: pp.text.clone(),
            parse: parse.clone(),
        };
        cache.put("parse", file, Arc::new(last));
    }
    ParsedFile {
        green: parse.green().clone(),
        errors: parse.errors().into(),
    }
}

pub fn syntax_root(db: &dyn Db, file: SourceFile) -> SyntaxNode {
    SyntaxNode::new_root(parse(db, file).green)
}

// ---------------------------------------------------------------------------------------------
// Item tree and per-item syntax

/// One item found while walking a container.
struct ChildItem {
    seg: PathSeg,
    node: SyntaxNode,
}

fn item_kind_of(node: &SyntaxNode) -> Option<ItemKind> {
    Some(match node.kind() {
        FN => ItemKind::Function,
        INIT => ItemKind::Init,
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

/// The items directly inside a container node (file, namespace, struct, interface, extension,
/// property, subscript), with stable ordinals among same-kind same-name siblings. The container's
/// declarations that are no items (`using`, `import`, `__include`, `module`, `implementing`) go
/// to `decls` when it is given, so that one walk finds both.
fn child_items(
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
                // File-level variables and static members are globals; instance fields are not items.
                let is_static = has_token(&child, STATIC_KW);
                if in_type && !is_static {
                    continue;
                }
                for decl in child.children().filter(|d| d.kind() == DECLARATOR) {
                    push(ItemKind::Global, name_text(&decl), child.clone(), &mut out);
                }
            }
            CBUFFER => {
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
            USING | IMPORT | INCLUDE | MODULE_DECL | IMPLEMENTING => {
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

fn accessor_name(node: &SyntaxNode) -> SmolStr {
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

fn child_loc(parent: &ItemLoc, seg: PathSeg) -> ItemLoc {
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
fn using_path(node: &SyntaxNode) -> Arc<[SmolStr]> {
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

fn name_text_of_ref(node: &SyntaxNode) -> SmolStr {
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
}

impl FileDecls {
    fn add(&mut self, node: &SyntaxNode, at_file_level: bool) {
        match node.kind() {
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
        out.map
            .insert(path, (range, ItemGreen(child.node.green().to_owned())));
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

fn item_node(db: &dyn Db, loc: &ItemLoc) -> Option<SyntaxNode> {
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

fn member_defs(db: &dyn Db, node: &SyntaxNode, loc: &ItemLoc) -> Vec<ItemDef> {
    child_items(node, true, None)
        .into_iter()
        .filter_map(|c| def_for(db, child_loc(loc, c.seg)))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Item data

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
    Arc::new(lower_fn(&node, in_type))
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
    }
}

fn semantic_name(node: &SyntaxNode) -> (SmolStr, TextRange) {
    match node.children().find(|c| c.kind() == NAME_REF) {
        Some(n) => (SmolStr::new(n.text().to_string().trim()), range_of(&n)),
        None => (SmolStr::default(), range_of(node)),
    }
}

fn lower_param(node: &SyntaxNode) -> ParamData {
    let mut ty = node
        .children()
        .find(|c| is_type_kind(c.kind()))
        .map_or(TypeRef::Error, |t| lower_type(&t));
    // A parameter pack (`expand each T args`) records `variadic`; its type is the element's.
    if let TypeRef::Expand(inner) = ty {
        ty = *inner;
    }
    for suffix in node
        .children()
        .filter(|c| c.kind() == ARRAY_SUFFIX)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        ty = TypeRef::Array(Box::new(ty), array_suffix_len(&suffix));
    }
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

fn array_suffix_len(suffix: &SyntaxNode) -> Option<ConstRef> {
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
                .map_or(TypeRef::Error, |t| lower_type(&t));
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
                let mut ty = base_ty.clone();
                for suffix in decl_node
                    .children()
                    .filter(|c| c.kind() == ARRAY_SUFFIX)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                {
                    ty = TypeRef::Array(Box::new(ty), array_suffix_len(&suffix));
                }
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
        generics: lower_generics(&node),
        where_preds: lower_where(&node),
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
        .map(|t| lower_type(&t))
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
        for suffix in node
            .children()
            .filter(|c| c.kind() == ARRAY_SUFFIX)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            ty = TypeRef::Array(Box::new(ty), array_suffix_len(&suffix));
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
fn global_declarator(node: &SyntaxNode, name: &str, ordinal: u32) -> Option<SyntaxNode> {
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
    let ty = type_node.map(|t| {
        let mut ty = lower_type(&t);
        for suffix in decl
            .children()
            .filter(|c| c.kind() == ARRAY_SUFFIX)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            ty = TypeRef::Array(Box::new(ty), array_suffix_len(&suffix));
        }
        ty
    });
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

fn accessors(
    db: &dyn Db,
    node: &SyntaxNode,
    loc: &ItemLoc,
) -> (Option<FunctionId>, Option<FunctionId>, bool, bool) {
    let (mut getter, mut setter, mut declares_get, mut declares_set) = (None, None, false, false);
    for child in child_items(node, true, None) {
        let has_body = child.node.children().any(|c| c.kind() == BLOCK);
        let id = FunctionId::new(db, child_loc(loc, child.seg.clone()));
        match child.seg.name.as_str() {
            "set" => {
                declares_set = true;
                if has_body {
                    setter = Some(id);
                }
            }
            _ => {
                declares_get = true;
                if has_body {
                    getter = Some(id);
                }
            }
        }
    }
    (getter, setter, declares_get, declares_set)
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
            name_range: TextRange::default(),
        });
    };
    let (getter, setter, declares_get, declares_set) = accessors(db, &node, loc);
    Arc::new(PropertyData {
        name: name_text(&node),
        ty: node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map_or(TypeRef::Error, |t| lower_type(&t)),
        modifiers: lower_modifiers(&node),
        getter,
        setter,
        declares_get,
        declares_set,
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
            params: Vec::new(),
            ret: TypeRef::Error,
            modifiers: Modifiers::default(),
            getter: None,
            setter: None,
            declares_get: true,
            declares_set: false,
            range: TextRange::default(),
        });
    };
    let (getter, setter, declares_get, declares_set) = accessors(db, &node, loc);
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
        params,
        ret: node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map_or(TypeRef::Error, |t| lower_type(&t)),
        modifiers: lower_modifiers(&node),
        getter,
        setter,
        declares_get,
        declares_set,
        range: tokens(&node)
            .find(|t| t.kind() == SUBSCRIPT_KW)
            .map_or_else(|| range_of(&node), |t| token_range(&t)),
    })
}

// ---------------------------------------------------------------------------------------------
// Shared lowering of signatures

fn lower_modifiers(node: &SyntaxNode) -> Modifiers {
    let mut m = Modifiers::default();
    let mut saw_in = false;
    let mut saw_out = false;
    for t in tokens(node) {
        match t.kind() {
            STATIC_KW => m.is_static = true,
            CONST_KW => m.is_const = true,
            UNIFORM_KW => m.is_uniform = true,
            GROUPSHARED_KW => m.is_groupshared = true,
            NO_DIFF_KW => m.no_diff = true,
            PUBLIC_KW => m.visibility = Some(Visibility::Public),
            INTERNAL_KW => m.visibility = Some(Visibility::Internal),
            PRIVATE_KW => m.visibility = Some(Visibility::Private),
            IN_KW => saw_in = true,
            OUT_KW => saw_out = true,
            INOUT_KW => m.dir = ParamDir::InOut,
            REF_KW => m.dir = ParamDir::Ref,
            _ => {}
        }
    }
    if saw_out {
        m.dir = if saw_in {
            ParamDir::InOut
        } else {
            ParamDir::Out
        };
    }
    m
}

/// A loop's attributes, with those written before its label (`[MaxIters(4)] outer: for`).
fn loop_attrs(node: &SyntaxNode) -> Vec<Attr> {
    let mut attrs = node
        .parent()
        .filter(|p| p.kind() == LABELED_STMT)
        .map(|p| lower_attrs(&p))
        .unwrap_or_default();
    attrs.extend(lower_attrs(node));
    attrs
}

fn lower_attrs(node: &SyntaxNode) -> Vec<Attr> {
    node.children()
        .filter(|c| c.kind() == ATTRIBUTE)
        .map(|a| {
            let name = a
                .children()
                .find(|c| c.kind() == PATH)
                .map(|p| SmolStr::new(p.text().to_string().trim()))
                .unwrap_or_default();
            let args = a
                .children()
                .find(|c| c.kind() == ARG_LIST)
                .map(|l| {
                    l.children()
                        .filter(|e| is_expr_kind(e.kind()))
                        .map(|e| lower_attr_arg(&e))
                        .collect()
                })
                .unwrap_or_default();
            Attr {
                name,
                args,
                range: range_of(&a),
            }
        })
        .collect()
}

fn lower_attr_arg(e: &SyntaxNode) -> AttrArg {
    match e.kind() {
        LITERAL => match first_token(e).map(|t| (t.kind(), t.text().to_string())) {
            Some((INT_NUMBER, text)) => {
                parse_int(&text).map_or(AttrArg::Other(text), |(v, _, _)| AttrArg::Int(v as i64))
            }
            Some((FLOAT_NUMBER, text)) => AttrArg::Float(text),
            Some((STRING, text)) => AttrArg::String(text.trim_matches('"').to_string()),
            Some((_, text)) => AttrArg::Other(text),
            None => AttrArg::Other(String::new()),
        },
        PREFIX_EXPR if has_token(e, MINUS) => match e
            .children()
            .find(|c| c.kind() == LITERAL)
            .and_then(|l| first_token(&l))
        {
            Some(t) if t.kind() == INT_NUMBER => parse_int(t.text())
                .map_or(AttrArg::Other(e.text().to_string()), |(v, _, _)| {
                    AttrArg::Int(-(v as i64))
                }),
            _ => AttrArg::Other(e.text().to_string()),
        },
        PATH_EXPR | FIELD_EXPR => match expr_as_path(e) {
            Some(p) => AttrArg::Path(p),
            None => AttrArg::Other(e.text().to_string()),
        },
        _ => AttrArg::Other(e.text().to_string()),
    }
}

/// `a.b::c` written as an expression, as a path (for attribute arguments).
fn expr_as_path(e: &SyntaxNode) -> Option<PathRef> {
    match e.kind() {
        PATH_EXPR => {
            let name_ref = e.children().find(|c| c.kind() == NAME_REF)?;
            Some(PathRef {
                segments: vec![PathSegRef {
                    name: name_ref_text(&name_ref),
                    args: None,
                    range: range_of(&name_ref),
                }],
            })
        }
        FIELD_EXPR => {
            let base = e.children().find(|c| is_expr_kind(c.kind()))?;
            let mut path = expr_as_path(&base)?;
            let name_ref = e.children().filter(|c| c.kind() == NAME_REF).last()?;
            path.segments.push(PathSegRef {
                name: name_ref_text(&name_ref),
                args: None,
                range: range_of(&name_ref),
            });
            Some(path)
        }
        _ => None,
    }
}

fn lower_generics(node: &SyntaxNode) -> Vec<GenericParamData> {
    node.children()
        .filter(|c| c.kind() == GENERIC_PARAM_LIST)
        .flat_map(|l| l.children().collect::<Vec<_>>())
        .filter_map(|p| match p.kind() {
            TYPE_PARAM => {
                // Types before `=` are constraints, the one after it the default.
                let (mut constraints, mut default) = (Vec::new(), None);
                let mut after_eq = false;
                for el in p.children_with_tokens() {
                    match el {
                        rowan::NodeOrToken::Token(t) if t.kind() == EQ => after_eq = true,
                        rowan::NodeOrToken::Node(t) if is_type_kind(t.kind()) && after_eq => {
                            default = Some(GenericArgRef::Type(lower_type(&t)));
                        }
                        rowan::NodeOrToken::Node(t) if is_type_kind(t.kind()) => {
                            constraints.push(lower_type(&t));
                        }
                        _ => {}
                    }
                }
                Some(GenericParamData {
                    name: name_text(&p),
                    kind: GenericParamKind::Type { constraints },
                    range: range_of(&p),
                    variadic: has_token(&p, EACH_KW),
                    default,
                })
            }
            VALUE_PARAM => Some(GenericParamData {
                name: name_text(&p),
                kind: GenericParamKind::Value {
                    ty: p
                        .children()
                        .find(|c| is_type_kind(c.kind()))
                        .map_or(TypeRef::Error, |t| lower_type(&t)),
                },
                range: range_of(&p),
                variadic: false,
                default: p
                    .children()
                    .find(|c| is_expr_kind(c.kind()))
                    .map(|e| GenericArgRef::Const(lower_const(&e))),
            }),
            _ => None,
        })
        .collect()
}

fn lower_where(node: &SyntaxNode) -> Vec<WherePred> {
    node.children()
        .filter(|c| c.kind() == WHERE_CLAUSE)
        .flat_map(|w| {
            w.children()
                .filter(|p| p.kind() == WHERE_PRED)
                .collect::<Vec<_>>()
        })
        .filter_map(|pred| {
            let mut types = pred
                .children()
                .filter(|c| is_type_kind(c.kind()))
                .map(|t| lower_type(&t));
            let subject = types.next()?;
            Some(WherePred {
                subject,
                bounds: types.collect(),
            })
        })
        .collect()
}

fn is_type_kind(kind: SyntaxKind) -> bool {
    matches!(kind, PATH_TYPE | ARRAY_TYPE | EXPAND_TYPE | EACH_TYPE)
}

pub fn lower_type(node: &SyntaxNode) -> TypeRef {
    match node.kind() {
        PATH_TYPE => match node.children().find(|c| c.kind() == PATH) {
            Some(path) => {
                let p = lower_path(&path);
                if p.segments.len() == 1
                    && p.segments[0].name == "This"
                    && p.segments[0].args.is_none()
                {
                    TypeRef::This
                } else {
                    TypeRef::Path(p)
                }
            }
            None => TypeRef::Error,
        },
        ARRAY_TYPE => {
            let inner = node
                .children()
                .find(|c| is_type_kind(c.kind()))
                .map_or(TypeRef::Error, |t| lower_type(&t));
            let len = node
                .children()
                .find(|c| is_expr_kind(c.kind()))
                .map(|e| lower_const(&e));
            TypeRef::Array(Box::new(inner), len)
        }
        EXPAND_TYPE => TypeRef::Expand(Box::new(
            node.children()
                .find(|c| is_type_kind(c.kind()))
                .map_or(TypeRef::Error, |t| lower_type(&t)),
        )),
        // `each T`: the element of the pack, written as the pack's type parameter.
        EACH_TYPE => node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map_or(TypeRef::Error, |t| lower_type(&t)),
        _ => TypeRef::Error,
    }
}

fn lower_path(path: &SyntaxNode) -> PathRef {
    let mut segments = Vec::new();
    for child in path.children() {
        match child.kind() {
            PATH => segments.extend(lower_path(&child).segments),
            PATH_SEGMENT => {
                let name_ref = child.children().find(|c| c.kind() == NAME_REF);
                segments.push(PathSegRef {
                    name: name_ref.as_ref().map(name_ref_text).unwrap_or_default(),
                    args: child
                        .children()
                        .find(|c| c.kind() == GENERIC_ARG_LIST)
                        .map(|l| lower_generic_args(&l)),
                    range: name_ref.map_or_else(|| range_of(&child), |n| range_of(&n)),
                });
            }
            _ => {}
        }
    }
    PathRef { segments }
}

fn lower_generic_args(list: &SyntaxNode) -> Vec<GenericArgRef> {
    list.children()
        .filter_map(|a| match a.kind() {
            TYPE_ARG => Some(GenericArgRef::Type(
                a.children()
                    .find(|c| is_type_kind(c.kind()))
                    .map_or(TypeRef::Error, |t| lower_type(&t)),
            )),
            CONST_ARG => Some(GenericArgRef::Const(
                a.children()
                    .find(|c| is_expr_kind(c.kind()))
                    .map_or(ConstRef::Other, |e| lower_const(&e)),
            )),
            _ => None,
        })
        .collect()
}

fn lower_const(e: &SyntaxNode) -> ConstRef {
    match e.kind() {
        LITERAL => match first_token(e) {
            Some(t) if t.kind() == TRUE_KW => ConstRef::Int(1),
            Some(t) if t.kind() == FALSE_KW => ConstRef::Int(0),
            t => t
                .filter(|t| t.kind() == INT_NUMBER)
                .and_then(|t| parse_int(t.text()))
                .map_or(ConstRef::Other, |(v, _, _)| ConstRef::Int(v as i64)),
        },
        PREFIX_EXPR if has_token(e, BANG) || has_token(e, TILDE) => {
            let op = if has_token(e, BANG) { "!" } else { "~" };
            e.children()
                .find(|c| is_expr_kind(c.kind()))
                .map_or(ConstRef::Other, |i| {
                    ConstRef::Unary(op.into(), Box::new(lower_const(&i)))
                })
        }
        TERNARY_EXPR => {
            let parts: Vec<SyntaxNode> = e.children().filter(|c| is_expr_kind(c.kind())).collect();
            match parts.as_slice() {
                [c, a, b] => ConstRef::Select(
                    Box::new(lower_const(c)),
                    Box::new(lower_const(a)),
                    Box::new(lower_const(b)),
                ),
                _ => ConstRef::Other,
            }
        }
        PATH_EXPR | FIELD_EXPR => expr_as_path(e).map_or(ConstRef::Other, ConstRef::Path),
        PAREN_EXPR => e
            .children()
            .find(|c| is_expr_kind(c.kind()))
            .map_or(ConstRef::Other, |i| lower_const(&i)),
        PREFIX_EXPR if has_token(e, MINUS) => e
            .children()
            .find(|c| is_expr_kind(c.kind()))
            .map_or(ConstRef::Other, |i| {
                ConstRef::Neg(Box::new(lower_const(&i)))
            }),
        BIN_EXPR => {
            let operands: Vec<SyntaxNode> =
                e.children().filter(|c| is_expr_kind(c.kind())).collect();
            let op: String = tokens(e)
                .filter(|t| !t.kind().is_trivia())
                .map(|t| t.text().to_string())
                .collect();
            match operands.as_slice() {
                [a, b] => ConstRef::Binary(
                    op.into(),
                    Box::new(lower_const(a)),
                    Box::new(lower_const(b)),
                ),
                _ => ConstRef::Other,
            }
        }
        _ => ConstRef::Other,
    }
}

/// Parses an integer literal: value, unsigned suffix, 64-bit suffix.
pub fn parse_int(text: &str) -> Option<(u64, bool, bool)> {
    let lower = text.to_ascii_lowercase();
    let digits = lower.trim_end_matches(['u', 'l']);
    let suffix = &lower[digits.len()..];
    let unsigned = suffix.contains('u');
    let wide = suffix.contains("ll") || (suffix.contains('l') && !unsigned && suffix.len() > 1);
    let value = if let Some(hex) = digits.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = digits.strip_prefix("0b") {
        u64::from_str_radix(bin, 2).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        u64::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse().ok()?
    };
    Some((value, unsigned, wide))
}

// ---------------------------------------------------------------------------------------------
// Bodies

#[salsa::tracked(returns(clone))]
pub fn fn_body(db: &dyn Db, func: FunctionId) -> Arc<Body> {
    let mut lowerer = BodyLowerer {
        body: Body::default(),
        hoisted_expands: Vec::new(),
        defer_scopes: Vec::new(),
        label_scopes: Vec::new(),
        none_names: 0,
        return_type: None,
    };
    if let Some(node) = item_node(db, func.loc(db))
        && let Some(block) = node.children().find(|c| c.kind() == BLOCK)
    {
        lowerer.return_type = (node.kind() == FN)
            .then(|| node.children().find(|c| is_type_kind(c.kind())))
            .flatten()
            .map(|t| lower_type(&t));
        lowerer.none_names = node
            .children()
            .filter(|c| c.kind() == PARAM_LIST)
            .flat_map(|l| l.children().filter(|p| p.kind() == PARAM))
            .filter(|p| name_text(p) == "none")
            .count();
        let root = lowerer.block(&block);
        lowerer.body.root_block = Some(root);
    }
    Arc::new(lowerer.body)
}

#[salsa::tracked(returns(clone))]
pub fn global_body(db: &dyn Db, global: GlobalId) -> Arc<Body> {
    let loc = global.loc(db);
    let mut lowerer = BodyLowerer {
        body: Body::default(),
        hoisted_expands: Vec::new(),
        defer_scopes: Vec::new(),
        label_scopes: Vec::new(),
        none_names: 0,
        return_type: None,
    };
    let ordinal = loc.path.last().map_or(0, |s| s.ordinal);
    if let Some(node) = item_node(db, loc)
        && let Some(decl) = global_declarator(&node, &loc.name(), ordinal)
        && let Some(init) = decl.children().find(|c| is_expr_kind(c.kind()))
    {
        let e = lowerer.expr(&init);
        lowerer.body.root_expr = Some(e);
    }
    Arc::new(lowerer.body)
}

pub fn is_expr_kind(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        LITERAL
            | PATH_EXPR
            | THIS_EXPR
            | SPIRV_ASM_EXPR
            | PAREN_EXPR
            | CAST_EXPR
            | INIT_LIST_EXPR
            | CALL_EXPR
            | INDEX_EXPR
            | FIELD_EXPR
            | PREFIX_EXPR
            | POSTFIX_EXPR
            | BIN_EXPR
            | TERNARY_EXPR
            | DIFF_EXPR
            | NO_DIFF_EXPR
            | IS_EXPR
            | AS_EXPR
            | SIZEOF_EXPR
            | COUNTOF_EXPR
            | EXPAND_EXPR
            | EACH_EXPR
            | LAMBDA_EXPR
    )
}

fn is_stmt_kind(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        BLOCK
            | EXPR_STMT
            | EMPTY_STMT
            | IF_STMT
            | FOR_STMT
            | WHILE_STMT
            | DO_STMT
            | SWITCH_STMT
            | BREAK_STMT
            | CONTINUE_STMT
            | RETURN_STMT
            | DISCARD_STMT
            | DEFER_STMT
            | INTRINSIC_ASM_STMT
            | ITEM_STMT
            | VAR_DECL
            | LABELED_STMT
    )
}

struct BodyLowerer {
    body: Body,
    /// `expand` nodes lowered as the root of the binary expression they start.
    hoisted_expands: Vec<SyntaxNode>,
    /// The scopes being lowered, innermost last, with the `defer`red statements seen so far.
    defer_scopes: Vec<DeferScope>,
    /// The labelled statements being lowered, innermost last.
    label_scopes: Vec<LabelScope>,
    /// Parameters and locals named `none` in scope: there `none` is that variable, as in slangc,
    /// not the empty `Optional` (`int none = 5; i = none;`).
    none_names: usize,
    /// The function's declared return type: the type of the local that holds a return value
    /// while deferred statements run (declared, so editors show no inferred-type hint for it).
    return_type: Option<TypeRef>,
}

/// A scope that `defer` statements, `break` or `continue` relate to.
struct DeferScope {
    kind: DeferScopeKind,
    /// The statements of `defer stmt;` in order of appearance (run last first).
    deferred: Vec<SyntaxNode>,
}

/// A label in scope for `break label;`.
struct LabelScope {
    label: LabelId,
    /// `defer_scopes.len()` where the labelled statement starts: `break label;` runs the defers
    /// of every scope from there inwards.
    defer_depth: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum DeferScopeKind {
    Block,
    Loop,
    Switch,
}

/// The name of the local holding a return value while deferred statements run (not an
/// identifier, so no user name can clash with it).
const DEFER_RETURN_LOCAL: &str = "return value";

/// The `expand` at the left end of a binary or conditional expression (`expand a + b`).
fn leading_expand(node: &SyntaxNode) -> Option<SyntaxNode> {
    if !matches!(node.kind(), BIN_EXPR | TERNARY_EXPR) {
        return None;
    }
    let mut cur = node.clone();
    loop {
        match cur.kind() {
            BIN_EXPR | TERNARY_EXPR => cur = cur.children().find(|c| is_expr_kind(c.kind()))?,
            EXPAND_EXPR => return Some(cur),
            _ => return None,
        }
    }
}

impl BodyLowerer {
    /// `(float a) => a * k` / `(int i) => { ... }`: parameters become locals of this body; a
    /// block body is a scope of its own (a `return` in it leaves the lambda, running none of the
    /// enclosing function's `defer`s).
    fn lambda(&mut self, node: &SyntaxNode) -> Expr {
        let params = node
            .children()
            .find(|c| c.kind() == PARAM_LIST)
            .map(|list| {
                list.children()
                    .filter(|c| c.kind() == PARAM)
                    .map(|p| {
                        let data = lower_param(&p);
                        self.body.locals.alloc(LocalData {
                            name: data.name,
                            ty: Some(data.ty),
                            array_dims: Vec::new(),
                            mutable: true,
                            is_static: false,
                            name_range: data.name_range,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        let body = match node.children().find(|c| c.kind() == BLOCK) {
            Some(block) => {
                // Nor can a `break label;` in it leave the enclosing function's loops.
                let saved = std::mem::take(&mut self.defer_scopes);
                let labels = std::mem::take(&mut self.label_scopes);
                let stmt = self.block(&block);
                self.defer_scopes = saved;
                self.label_scopes = labels;
                LambdaBody::Block(stmt)
            }
            None => LambdaBody::Expr(match node.children().find(|c| is_expr_kind(c.kind())) {
                Some(e) => self.expr(&e),
                None => self.missing(range_of(node)),
            }),
        };
        Expr::Lambda { params, body }
    }

    fn block(&mut self, node: &SyntaxNode) -> StmtId {
        let children = node.children().filter(|c| is_stmt_kind(c.kind()));
        let stmts = self.scope_stmts(DeferScopeKind::Block, children);
        self.body.alloc_stmt(Stmt::Block(stmts), range_of(node))
    }

    /// Lowers the statements of a scope (a block, a `case` clause); the statements it `defer`s
    /// run at its normal end, last declared first.
    fn scope_stmts(
        &mut self,
        kind: DeferScopeKind,
        nodes: impl Iterator<Item = SyntaxNode>,
    ) -> Vec<StmtId> {
        self.defer_scopes.push(DeferScope {
            kind,
            deferred: Vec::new(),
        });
        let none_names = self.none_names;
        let mut stmts = Vec::new();
        let mut falls_through = true;
        for child in nodes {
            falls_through = !matches!(
                child.kind(),
                RETURN_STMT | BREAK_STMT | CONTINUE_STMT | DISCARD_STMT
            );
            stmts.extend(self.stmt(&child));
        }
        let scope = self.defer_scopes.pop();
        if falls_through && let Some(scope) = scope {
            for deferred in scope.deferred.iter().rev() {
                stmts.extend(self.stmt(deferred));
            }
        }
        self.none_names = none_names;
        stmts
    }

    /// The body of an `if`, `else` or loop. A lone `defer` there is a scope of its own, as in
    /// slangc: `for (...) defer f(i);` runs `f(i)` at the end of every iteration.
    fn sub_stmt(&mut self, node: &SyntaxNode) -> StmtId {
        if node.kind() != DEFER_STMT {
            return self.stmt_one(node);
        }
        let stmts = self.scope_stmts(DeferScopeKind::Block, std::iter::once(node.clone()));
        self.body.alloc_stmt(Stmt::Block(stmts), range_of(node))
    }

    fn opt_sub_stmt(&mut self, node: Option<SyntaxNode>, range: TextRange) -> StmtId {
        match node {
            Some(n) => self.sub_stmt(&n),
            None => self.empty(range),
        }
    }

    /// Lowers a loop or switch body inside a scope that `break`/`continue` leave.
    fn in_scope<T>(&mut self, kind: DeferScopeKind, f: impl FnOnce(&mut Self) -> T) -> T {
        self.defer_scopes.push(DeferScope {
            kind,
            deferred: Vec::new(),
        });
        let out = f(self);
        self.defer_scopes.pop();
        out
    }

    /// The deferred statements that leaving the scopes up to and including the innermost one
    /// `stop` accepts must run, innermost scope first and last declared first in each (`break`
    /// leaves its `case` clause, whose defers run first).
    fn pending_defers(&self, stop: impl Fn(DeferScopeKind) -> bool) -> Vec<SyntaxNode> {
        let mut out = Vec::new();
        for scope in self.defer_scopes.iter().rev() {
            out.extend(scope.deferred.iter().rev().cloned());
            if stop(scope.kind) {
                break;
            }
        }
        out
    }

    /// `exit` (a `return`, `break` or `continue`) preceded by the deferred statements it runs.
    fn exit_through_defers(
        &mut self,
        pending: Vec<SyntaxNode>,
        exit: Stmt,
        range: TextRange,
    ) -> Stmt {
        if pending.is_empty() {
            return exit;
        }
        let mut stmts = Vec::new();
        // `return e;` evaluates `e` before the deferred statements run.
        let exit = match exit {
            Stmt::Return(Some(value)) => {
                let local = self.body.locals.alloc(LocalData {
                    name: DEFER_RETURN_LOCAL.into(),
                    ty: self.return_type.clone(),
                    array_dims: Vec::new(),
                    mutable: false,
                    is_static: false,
                    name_range: range,
                });
                stmts.push(self.body.alloc_stmt(
                    Stmt::Local {
                        local,
                        init: Some(value),
                    },
                    range,
                ));
                let path = PathRef::single(DEFER_RETURN_LOCAL.into(), range);
                Stmt::Return(Some(self.body.alloc_expr(Expr::Path(path), range)))
            }
            other => other,
        };
        // A deferred statement never sees its own scope's defers again.
        let saved = std::mem::take(&mut self.defer_scopes);
        for deferred in &pending {
            stmts.extend(self.stmt(deferred));
        }
        self.defer_scopes = saved;
        stmts.push(self.body.alloc_stmt(exit, range));
        Stmt::Block(stmts)
    }

    /// Lowers a statement; a declaration of several variables gives several statements.
    fn stmt(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let range = range_of(node);
        let stmt = match node.kind() {
            BLOCK => return vec![self.block(node)],
            VAR_DECL => return self.var_decl(node),
            EXPR_STMT => match node.children().find(|c| is_expr_kind(c.kind())) {
                Some(e) => Stmt::Expr(self.expr(&e)),
                None => Stmt::Empty,
            },
            IF_STMT => {
                let cond_node = node
                    .children()
                    .find(|c| is_expr_kind(c.kind()) || c.kind() == VAR_DECL);
                let mut branches = node
                    .children()
                    .filter(|c| is_stmt_kind(c.kind()) && c.kind() != VAR_DECL);
                let then_node = branches.next();
                let else_node = branches.next().or_else(|| {
                    node.children()
                        .find(|c| c.kind() == ELSE_BRANCH)
                        .and_then(|e| e.children().find(|c| is_stmt_kind(c.kind())))
                });
                let then_branch = self.opt_sub_stmt(then_node, range);
                let else_branch = else_node.map(|e| self.sub_stmt(&e));
                match cond_node {
                    Some(decl) if decl.kind() == VAR_DECL => {
                        let d = decl.children().find(|c| c.kind() == DECLARATOR);
                        let init = d
                            .as_ref()
                            .and_then(|d| d.children().find(|c| is_expr_kind(c.kind())));
                        let init = self.opt_expr(init, range);
                        let local = self.body.locals.alloc(LocalData {
                            name: d.as_ref().map(name_text).unwrap_or_default(),
                            ty: None,
                            array_dims: Vec::new(),
                            mutable: false,
                            is_static: false,
                            name_range: d
                                .as_ref()
                                .and_then(|d| d.children().find(|c| c.kind() == NAME))
                                .map_or(range, |n| range_of(&n)),
                        });
                        Stmt::IfLet {
                            local,
                            init,
                            then_branch,
                            else_branch,
                        }
                    }
                    Some(cond) => Stmt::If {
                        cond: self.expr(&cond),
                        then_branch,
                        else_branch,
                    },
                    None => Stmt::If {
                        cond: self.missing(range),
                        then_branch,
                        else_branch,
                    },
                }
            }
            FOR_STMT => {
                // The loop's own scope holds the variables of its initialiser.
                let none_names = self.none_names;
                let (mut init, mut cond, mut step, mut body) = (None, None, None, None);
                let mut state = 0;
                let mut after_paren = false;
                for el in node.children_with_tokens() {
                    match el {
                        SyntaxElement::Token(t) => match t.kind() {
                            SEMICOLON => state += 1,
                            R_PAREN => after_paren = true,
                            _ => {}
                        },
                        SyntaxElement::Node(n) => {
                            if after_paren {
                                if is_stmt_kind(n.kind()) {
                                    body = Some(
                                        self.in_scope(DeferScopeKind::Loop, |b| b.sub_stmt(&n)),
                                    );
                                }
                            } else if n.kind() == VAR_DECL || n.kind() == EXPR_STMT {
                                let stmts = self.stmt(&n);
                                init = Some(self.seq(stmts, range_of(&n)));
                                state = 1;
                            } else if is_expr_kind(n.kind()) {
                                let e = self.expr(&n);
                                match state {
                                    0 => {
                                        init =
                                            Some(self.body.alloc_stmt(Stmt::Expr(e), range_of(&n)))
                                    }
                                    1 => cond = Some(e),
                                    _ => step = Some(e),
                                }
                            }
                        }
                    }
                }
                let body = body.unwrap_or_else(|| self.empty(range));
                self.none_names = none_names;
                Stmt::For {
                    init,
                    cond,
                    step,
                    body,
                    attrs: loop_attrs(node),
                }
            }
            WHILE_STMT => {
                let cond = node.children().find(|c| is_expr_kind(c.kind()));
                let cond = self.opt_expr(cond, range);
                let body = node.children().find(|c| is_stmt_kind(c.kind()));
                let body = self.in_scope(DeferScopeKind::Loop, |b| b.opt_sub_stmt(body, range));
                Stmt::While {
                    cond,
                    body,
                    attrs: loop_attrs(node),
                }
            }
            DO_STMT => {
                let body = node.children().find(|c| is_stmt_kind(c.kind()));
                let body = self.in_scope(DeferScopeKind::Loop, |b| b.opt_sub_stmt(body, range));
                let cond = node.children().find(|c| is_expr_kind(c.kind()));
                let cond = self.opt_expr(cond, range);
                Stmt::DoWhile {
                    body,
                    cond,
                    attrs: loop_attrs(node),
                }
            }
            SWITCH_STMT if has_token(node, TARGET_SWITCH_KW) => return self.target_switch(node),
            SWITCH_STMT => {
                let target_switch = false;
                let scrutinee = node.children().find(|c| is_expr_kind(c.kind()));
                let scrutinee = self.opt_expr(scrutinee, range);
                let mut cases = Vec::new();
                if let Some(sw) = node.children().find(|c| c.kind() == SWITCH_BODY) {
                    for clause in sw.children() {
                        let value = match clause.kind() {
                            CASE_CLAUSE if target_switch => None,
                            CASE_CLAUSE => clause
                                .children()
                                .find(|c| is_expr_kind(c.kind()))
                                .map(|v| self.expr(&v)),
                            DEFAULT_CLAUSE => None,
                            _ => continue,
                        };
                        // A clause is a scope: its defers run before it falls through or breaks.
                        let stmts = clause.children().filter(|c| is_stmt_kind(c.kind()));
                        let body = self.scope_stmts(DeferScopeKind::Switch, stmts);
                        cases.push(SwitchCase { value, body });
                    }
                }
                Stmt::Switch { scrutinee, cases }
            }
            BREAK_STMT => match node.children().find(|c| c.kind() == NAME_REF) {
                Some(label) => self.break_label(&label, range),
                None => {
                    let pending = self.pending_defers(|k| k != DeferScopeKind::Block);
                    self.exit_through_defers(pending, Stmt::Break, range)
                }
            },
            CONTINUE_STMT => {
                let pending = self.pending_defers(|k| k == DeferScopeKind::Loop);
                self.exit_through_defers(pending, Stmt::Continue, range)
            }
            RETURN_STMT => {
                let value = node
                    .children()
                    .find(|c| is_expr_kind(c.kind()))
                    .map(|e| self.expr(&e));
                let pending = self.pending_defers(|_| false);
                self.exit_through_defers(pending, Stmt::Return(value), range)
            }
            DEFER_STMT => {
                if let Some(inner) = node.children().find(|c| is_stmt_kind(c.kind()))
                    && let Some(scope) = self.defer_scopes.last_mut()
                {
                    scope.deferred.push(inner);
                }
                Stmt::Empty
            }
            LABELED_STMT => return self.labeled(node),
            DISCARD_STMT => Stmt::Discard,
            INTRINSIC_ASM_STMT => {
                Stmt::Expr(self.unsupported(range, "inline target code (`__intrinsic_asm`)"))
            }
            _ => Stmt::Empty,
        };
        vec![self.body.alloc_stmt(stmt, range)]
    }

    /// `outer: stmt`: the label is in scope inside `stmt`; `break outer;` can leave `stmt` when
    /// it is a loop or a `switch`.
    fn labeled(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let name_node = node.children().find(|c| c.kind() == NAME);
        let label = self.body.labels.alloc(LabelData {
            name: name_node.as_ref().map(name_text_of_ref).unwrap_or_default(),
            name_range: name_node.as_ref().map_or(range_of(node), range_of),
            target: None,
        });
        let Some(inner) = node.children().find(|c| is_stmt_kind(c.kind())) else {
            return Vec::new();
        };
        self.label_scopes.push(LabelScope {
            label,
            defer_depth: self.defer_scopes.len(),
        });
        let stmts = self.stmt(&inner);
        self.label_scopes.pop();
        let breakable = matches!(inner.kind(), FOR_STMT | WHILE_STMT | DO_STMT | SWITCH_STMT)
            && !has_token(&inner, TARGET_SWITCH_KW);
        if breakable && let [target] = stmts[..] {
            self.body.labels[label].target = Some(target);
        }
        stmts
    }

    /// `break outer;`: runs the defers of the scopes it leaves, up to the labelled statement.
    fn break_label(&mut self, label: &SyntaxNode, range: TextRange) -> Stmt {
        let name = name_text_of_ref(label);
        let scope = self
            .label_scopes
            .iter()
            .rev()
            .find(|s| self.body.labels[s.label].name == name);
        let (target, depth) = match scope {
            Some(s) => (Some(s.label), s.defer_depth),
            None => (None, self.defer_scopes.len()),
        };
        let pending: Vec<SyntaxNode> = self.defer_scopes[depth..]
            .iter()
            .rev()
            .flat_map(|scope| scope.deferred.iter().rev().cloned())
            .collect();
        self.exit_through_defers(pending, Stmt::BreakLabel { name, target }, range)
    }

    fn opt_expr(&mut self, node: Option<SyntaxNode>, range: TextRange) -> ExprId {
        match node {
            Some(n) => self.expr(&n),
            None => self.missing(range),
        }
    }

    fn stmt_one(&mut self, node: &SyntaxNode) -> StmtId {
        let stmts = self.stmt(node);
        if stmts.len() == 1 {
            stmts[0]
        } else {
            self.seq(stmts, range_of(node))
        }
    }

    /// Several statements in the current scope (declarations with several declarators).
    fn seq(&mut self, stmts: Vec<StmtId>, range: TextRange) -> StmtId {
        if stmts.len() == 1 {
            return stmts[0];
        }
        self.body.alloc_stmt(Stmt::Seq(stmts), range)
    }

    fn empty(&mut self, range: TextRange) -> StmtId {
        self.body.alloc_stmt(Stmt::Empty, range)
    }

    fn missing(&mut self, range: TextRange) -> ExprId {
        self.body.alloc_expr(Expr::Missing, range)
    }

    /// A missing expression standing for source that parses but cannot be compiled.
    fn unsupported(&mut self, range: TextRange, what: &'static str) -> ExprId {
        let id = self.missing(range);
        self.body.unsupported.insert(id, what);
        id
    }

    /// `__target_switch { case wgsl: ... default: ... }`: we compile for one target family
    /// (WGSL, and SPIR-V through naga from the same IR), so the body is the `wgsl` case, else
    /// `default` (what slangc's wgsl target picks). Labels of one clause share its statements.
    fn target_switch(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let range = range_of(node);
        let clauses: Vec<SyntaxNode> = node
            .children()
            .find(|c| c.kind() == SWITCH_BODY)
            .map(|sw| {
                sw.children()
                    .filter(|c| matches!(c.kind(), CASE_CLAUSE | DEFAULT_CLAUSE))
                    .collect()
            })
            .unwrap_or_default();
        let names_wgsl = |clause: &SyntaxNode| {
            clause.kind() == CASE_CLAUSE
                && clause
                    .children()
                    .find(|c| is_expr_kind(c.kind()))
                    .is_some_and(|label| label.text() == "wgsl")
        };
        // An empty clause falls through to the next one with statements.
        let start = clauses
            .iter()
            .position(names_wgsl)
            .or_else(|| clauses.iter().position(|c| c.kind() == DEFAULT_CLAUSE));
        let Some(start) = start else {
            let what = "a `__target_switch` without a `wgsl` or `default` case";
            let missing = self.unsupported(range, what);
            return vec![self.body.alloc_stmt(Stmt::Expr(missing), range)];
        };
        let chosen = clauses[start..]
            .iter()
            .find(|c| c.children().any(|s| is_stmt_kind(s.kind())));
        let mut stmts: Vec<SyntaxNode> = chosen
            .map(|c| c.children().filter(|s| is_stmt_kind(s.kind())).collect())
            .unwrap_or_default();
        // A case's closing `break` leaves the target switch, not an enclosing loop.
        if stmts.last().is_some_and(|s| s.kind() == BREAK_STMT) {
            stmts.pop();
        }
        let body = self.scope_stmts(DeferScopeKind::Block, stmts.into_iter());
        vec![self.body.alloc_stmt(Stmt::Block(body), range)]
    }

    fn var_decl(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let modifiers = lower_modifiers(node);
        let is_let = has_token(node, LET_KW);
        let ty = node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map(|t| lower_type(&t));
        let mutable = !(is_let || modifiers.is_const);
        let mut out = Vec::new();
        for decl in node.children().filter(|d| d.kind() == DECLARATOR) {
            let array_dims = decl
                .children()
                .filter(|c| c.kind() == ARRAY_SUFFIX)
                .map(|s| array_suffix_len(&s))
                .collect();
            let name_range = decl
                .children()
                .find(|c| c.kind() == NAME)
                .map_or_else(|| range_of(&decl), |n| range_of(&n));
            // `var x: int` (let-style) writes the type in the declarator.
            let ty = ty.clone().or_else(|| {
                decl.children()
                    .find(|c| is_type_kind(c.kind()))
                    .map(|t| lower_type(&t))
            });
            let local = self.body.locals.alloc(LocalData {
                name: name_text(&decl),
                ty,
                array_dims,
                mutable,
                is_static: modifiers.is_static,
                name_range,
            });
            let init = decl
                .children()
                .find(|c| is_expr_kind(c.kind()))
                .map(|e| self.expr(&e));
            if self.body.locals[local].name == "none" {
                self.none_names += 1;
            }
            out.push(
                self.body
                    .alloc_stmt(Stmt::Local { local, init }, range_of(&decl)),
            );
        }
        out
    }

    fn expr(&mut self, node: &SyntaxNode) -> ExprId {
        let range = range_of(node);
        // `expand s += each x;` parses as `(expand s) += each x`, but Slang's `expand` takes
        // the whole expression after it (up to a comma): lower it as `expand (s += each x)`.
        if let Some(expand) = leading_expand(node)
            && !self.hoisted_expands.contains(&expand)
        {
            self.hoisted_expands.push(expand);
            let inner = self.expr(node);
            self.hoisted_expands.pop();
            return self.body.alloc_expr(Expr::Expand(inner), range);
        }
        let anchor = match node.kind() {
            BIN_EXPR => tokens(node)
                .find(|t| !t.kind().is_trivia())
                .map(|t| token_range(&t)),
            CALL_EXPR => node.children().find(|c| c.kind() == ARG_LIST).map(|l| {
                let r = range_of(&l);
                TextRange::new(r.start, r.start + 1)
            }),
            _ => None,
        };
        let id = self.expr_inner(node, range);
        if let Some(anchor) = anchor {
            self.body.anchors.insert(id, anchor);
        }
        id
    }

    fn expr_inner(&mut self, node: &SyntaxNode, range: TextRange) -> ExprId {
        let exprs: Vec<SyntaxNode> = node.children().filter(|c| is_expr_kind(c.kind())).collect();
        let sub = |this: &mut Self, i: usize| match exprs.get(i) {
            Some(e) => this.expr(e),
            None => this.missing(range),
        };
        let expr = match node.kind() {
            LITERAL
                if self.none_names > 0
                    && first_token(node).is_some_and(|t| t.kind() == NONE_KW) =>
            {
                Expr::Path(PathRef::single("none".into(), range))
            }
            LITERAL => Expr::Literal(lower_literal(node)),
            PATH_EXPR => {
                let name_ref = node.children().find(|c| c.kind() == NAME_REF);
                let name = name_ref.as_ref().map(name_ref_text).unwrap_or_default();
                let name_range = name_ref.map_or(range, |n| range_of(&n));
                let path = Expr::Path(PathRef::single(name, name_range));
                match node.children().find(|c| c.kind() == GENERIC_ARG_LIST) {
                    Some(list) => {
                        let base = self.body.alloc_expr(path, name_range);
                        Expr::GenericApply {
                            base,
                            args: lower_generic_args(&list),
                        }
                    }
                    None => path,
                }
            }
            THIS_EXPR => Expr::This,
            SPIRV_ASM_EXPR => return self.unsupported(range, "inline target code (`spirv_asm`)"),
            LAMBDA_EXPR => self.lambda(node),
            PAREN_EXPR => {
                return match exprs.first() {
                    Some(inner) => self.expr(inner),
                    None => self.missing(range),
                };
            }
            CAST_EXPR => {
                let ty = node
                    .children()
                    .find(|c| is_type_kind(c.kind()))
                    .map_or(TypeRef::Error, |t| lower_type(&t));
                Expr::Cast {
                    ty,
                    expr: sub(self, 0),
                }
            }
            INIT_LIST_EXPR => Expr::InitList(exprs.iter().map(|e| self.expr(e)).collect()),
            CALL_EXPR => {
                let callee = sub(self, 0);
                let args = node
                    .children()
                    .find(|c| c.kind() == ARG_LIST)
                    .map(|l| {
                        l.children()
                            .filter(|a| is_expr_kind(a.kind()))
                            .map(|a| self.expr(&a))
                            .collect()
                    })
                    .unwrap_or_default();
                Expr::Call { callee, args }
            }
            INDEX_EXPR => Expr::Index {
                base: sub(self, 0),
                index: sub(self, 1),
            },
            FIELD_EXPR => {
                let name_ref = node.children().filter(|c| c.kind() == NAME_REF).last();
                let name = name_ref.as_ref().map(name_ref_text).unwrap_or_default();
                let name_range = name_ref.map_or(range, |n| range_of(&n));
                let base = sub(self, 0);
                // `a::b` on a plain path is a longer path (namespaces, static members).
                if has_token(node, COLON2)
                    && let Expr::Path(p) = &self.body.exprs[base]
                {
                    let mut p = p.clone();
                    p.segments.push(PathSegRef {
                        name,
                        args: None,
                        range: name_range,
                    });
                    Expr::Path(p)
                } else {
                    let field = Expr::Field {
                        base,
                        name,
                        name_range,
                    };
                    // `x.method<T>(...)`: explicit generic arguments of a member.
                    match node.children().find(|c| c.kind() == GENERIC_ARG_LIST) {
                        Some(list) => Expr::GenericApply {
                            base: self.body.alloc_expr(field, name_range),
                            args: lower_generic_args(&list),
                        },
                        None => field,
                    }
                }
            }
            PREFIX_EXPR => {
                let op = match first_token(node).map(|t| t.kind()) {
                    Some(MINUS) => PrefixOp::Neg,
                    Some(PLUS) => PrefixOp::Plus,
                    Some(BANG) => PrefixOp::Not,
                    Some(TILDE) => PrefixOp::BitNot,
                    Some(PLUS2) => PrefixOp::Inc,
                    Some(MINUS2) => PrefixOp::Dec,
                    _ => PrefixOp::Plus,
                };
                Expr::Prefix {
                    op,
                    expr: sub(self, 0),
                }
            }
            POSTFIX_EXPR => {
                let op = if has_token(node, MINUS2) {
                    PostfixOp::Dec
                } else {
                    PostfixOp::Inc
                };
                Expr::Postfix {
                    op,
                    expr: sub(self, 0),
                }
            }
            BIN_EXPR => {
                let op_text: String = node
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| !t.kind().is_trivia())
                    .map(|t| t.text().to_string())
                    .collect();
                let lhs = sub(self, 0);
                let rhs = sub(self, 1);
                match op_text.as_str() {
                    "=" => Expr::Assign { op: None, lhs, rhs },
                    t if t.len() >= 2
                        && t.ends_with('=')
                        && !matches!(t, "==" | "!=" | "<=" | ">=") =>
                    {
                        Expr::Assign {
                            op: binary_op(&t[..t.len() - 1]),
                            lhs,
                            rhs,
                        }
                    }
                    t => Expr::Binary {
                        op: binary_op(t).unwrap_or(BinaryOp::Add),
                        lhs,
                        rhs,
                    },
                }
            }
            TERNARY_EXPR => Expr::Ternary {
                cond: sub(self, 0),
                then_branch: sub(self, 1),
                else_branch: sub(self, 2),
            },
            DIFF_EXPR => {
                let kind = if has_token(node, BWD_DIFF_KW) || has_token(node, UBWD_DIFF_KW) {
                    DiffKind::Backward
                } else {
                    DiffKind::Forward
                };
                Expr::Diff {
                    kind,
                    func: sub(self, 0),
                }
            }
            NO_DIFF_EXPR => Expr::NoDiff(sub(self, 0)),
            IS_EXPR | AS_EXPR => {
                let ty = node
                    .children()
                    .find(|c| is_type_kind(c.kind()))
                    .map_or(TypeRef::Error, |t| lower_type(&t));
                let expr = sub(self, 0);
                if node.kind() == IS_EXPR {
                    Expr::Is { expr, ty }
                } else {
                    Expr::As { expr, ty }
                }
            }
            SIZEOF_EXPR => match node.children().find(|c| is_type_kind(c.kind())) {
                Some(t) => Expr::SizeOf {
                    ty: lower_type(&t),
                    expr: None,
                },
                None => Expr::SizeOf {
                    ty: TypeRef::Error,
                    expr: Some(sub(self, 0)),
                },
            },
            COUNTOF_EXPR => Expr::CountOf(sub(self, 0)),
            // The `expand` that starts a binary expression was hoisted over the whole of it.
            EXPAND_EXPR if self.hoisted_expands.contains(node) => return sub(self, 0),
            EXPAND_EXPR => Expr::Expand(sub(self, 0)),
            EACH_EXPR => Expr::Each(sub(self, 0)),
            _ => Expr::Missing,
        };
        self.body.alloc_expr(expr, range)
    }
}

fn binary_op(text: &str) -> Option<BinaryOp> {
    Some(match text {
        "+" => BinaryOp::Add,
        "-" => BinaryOp::Sub,
        "*" => BinaryOp::Mul,
        "/" => BinaryOp::Div,
        "%" => BinaryOp::Rem,
        "<<" => BinaryOp::Shl,
        ">>" => BinaryOp::Shr,
        "&" => BinaryOp::BitAnd,
        "|" => BinaryOp::BitOr,
        "^" => BinaryOp::BitXor,
        "&&" => BinaryOp::And,
        "||" => BinaryOp::Or,
        "==" => BinaryOp::Eq,
        "!=" => BinaryOp::Ne,
        "<" => BinaryOp::Lt,
        "<=" => BinaryOp::Le,
        ">" => BinaryOp::Gt,
        ">=" => BinaryOp::Ge,
        "," => BinaryOp::Comma,
        _ => return None,
    })
}

fn lower_literal(node: &SyntaxNode) -> Literal {
    let Some(tok) = first_token(node) else {
        return Literal::None;
    };
    let text = tok.text();
    match tok.kind() {
        INT_NUMBER => match parse_int(text) {
            Some((value, unsigned, wide)) => Literal::Int {
                value,
                unsigned,
                wide,
            },
            None => Literal::Int {
                value: 0,
                unsigned: false,
                wide: false,
            },
        },
        FLOAT_NUMBER => {
            let last = text
                .chars()
                .last()
                .filter(|c| matches!(c, 'f' | 'F' | 'h' | 'H' | 'l' | 'L'));
            Literal::Float {
                value: syntax::float_literal_value(text).unwrap_or(0.0),
                suffix: last,
            }
        }
        TRUE_KW => Literal::Bool(true),
        FALSE_KW => Literal::Bool(false),
        STRING => Literal::String(text.trim_matches('"').to_string()),
        _ => Literal::None,
    }
}

// ---------------------------------------------------------------------------------------------
// Untyped tree helpers

fn range_of(node: &SyntaxNode) -> TextRange {
    let r = node.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

fn token_range(t: &SyntaxToken) -> TextRange {
    let r = t.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

fn tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> + use<> {
    // The iterator owns its cursor: no borrow of `node`, and nothing collected (this runs for
    // every item after every edit).
    node.children_with_tokens().filter_map(|e| e.into_token())
}

fn first_token(node: &SyntaxNode) -> Option<SyntaxToken> {
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())
}

fn has_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    tokens(node).any(|t| t.kind() == kind)
}

fn name_ref_text(node: &SyntaxNode) -> SmolStr {
    SmolStr::new(node.text().to_string().trim())
}

/// The declared name of a node: its `NAME` child (`operator+` for operator functions).
fn name_text(node: &SyntaxNode) -> SmolStr {
    node.children()
        .find(|c| c.kind() == NAME)
        .map(|n| {
            let mut parts = tokens(&n).filter(|t| !t.kind().is_trivia());
            let Some(first) = parts.next() else {
                return SmolStr::default();
            };
            // Most names are one token: no intermediate string.
            match parts.next() {
                None => SmolStr::new(first.text()),
                Some(second) => {
                    let mut text = format!("{}{}", first.text(), second.text());
                    parts.for_each(|t| text.push_str(t.text()));
                    SmolStr::new(text)
                }
            }
        })
        .unwrap_or_default()
}
