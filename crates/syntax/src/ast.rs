//! Typed views over the untyped tree (rust-analyzer style). Every accessor returns an
//! `Option` or an iterator: broken code has missing pieces.

use std::marker::PhantomData;

use crate::SyntaxKind::{self, *};
use crate::{SyntaxElement, SyntaxNode, SyntaxNodeChildren, SyntaxToken, TextRange};

pub trait AstNode {
    fn can_cast(kind: SyntaxKind) -> bool
    where
        Self: Sized;
    fn cast(syntax: SyntaxNode) -> Option<Self>
    where
        Self: Sized;
    fn syntax(&self) -> &SyntaxNode;
}

pub trait AstToken {
    fn can_cast(kind: SyntaxKind) -> bool
    where
        Self: Sized;
    fn cast(syntax: SyntaxToken) -> Option<Self>
    where
        Self: Sized;
    fn syntax(&self) -> &SyntaxToken;
    fn text(&self) -> &str {
        self.syntax().text()
    }
}

/// Iterator over the children of a node that cast to `N`.
#[derive(Debug, Clone)]
pub struct AstChildren<N> {
    inner: SyntaxNodeChildren,
    ph: PhantomData<N>,
}

impl<N> AstChildren<N> {
    fn new(parent: &SyntaxNode) -> Self {
        AstChildren {
            inner: parent.children(),
            ph: PhantomData,
        }
    }
}

impl<N: AstNode> Iterator for AstChildren<N> {
    type Item = N;
    fn next(&mut self) -> Option<N> {
        self.inner.find_map(N::cast)
    }
}

mod support {
    use super::*;

    pub(super) fn child<N: AstNode>(parent: &SyntaxNode) -> Option<N> {
        parent.children().find_map(N::cast)
    }

    pub(super) fn children<N: AstNode>(parent: &SyntaxNode) -> AstChildren<N> {
        AstChildren::new(parent)
    }

    pub(super) fn token(parent: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
        parent
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == kind)
    }

    /// The `n`th child castable to `N`.
    pub(super) fn nth<N: AstNode>(parent: &SyntaxNode, n: usize) -> Option<N> {
        parent.children().filter_map(N::cast).nth(n)
    }

    /// First child castable to `N` that comes after a direct token of kind `after`.
    pub(super) fn child_after<N: AstNode>(parent: &SyntaxNode, after: SyntaxKind) -> Option<N> {
        let mut seen = false;
        for e in parent.children_with_tokens() {
            match e {
                SyntaxElement::Token(t) if t.kind() == after => seen = true,
                SyntaxElement::Node(n) if seen => {
                    if let Some(x) = N::cast(n) {
                        return Some(x);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// First child castable to `N` that comes before a direct token of kind `before`.
    pub(super) fn child_before<N: AstNode>(parent: &SyntaxNode, before: SyntaxKind) -> Option<N> {
        for e in parent.children_with_tokens() {
            match e {
                SyntaxElement::Token(t) if t.kind() == before => return None,
                SyntaxElement::Node(n) => {
                    if let Some(x) = N::cast(n) {
                        return Some(x);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Text of the non-trivia tokens of `node`, concatenated.
    pub(super) fn compact_text(node: &SyntaxNode) -> String {
        let mut s = String::new();
        for t in node
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
        {
            if !t.kind().is_trivia() {
                s.push_str(t.text());
            }
        }
        s
    }
}

macro_rules! ast_node {
    ($(#[$attr:meta])* $name:ident, $kind:ident) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            pub(crate) syntax: SyntaxNode,
        }
        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(syntax: SyntaxNode) -> Option<Self> {
                if syntax.kind() == $kind { Some($name { syntax }) } else { None }
            }
            fn syntax(&self) -> &SyntaxNode {
                &self.syntax
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.syntax, f)
            }
        }
    };
}

macro_rules! ast_enum {
    ($(#[$attr:meta])* $name:ident { $($variant:ident),* $(,)? }) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant($variant),)*
        }
        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                $(<$variant as AstNode>::can_cast(kind))||*
            }
            fn cast(syntax: SyntaxNode) -> Option<Self> {
                $(if <$variant as AstNode>::can_cast(syntax.kind()) {
                    return <$variant as AstNode>::cast(syntax).map($name::$variant);
                })*
                None
            }
            fn syntax(&self) -> &SyntaxNode {
                match self {
                    $($name::$variant(it) => it.syntax(),)*
                }
            }
        }
        $(impl From<$variant> for $name {
            fn from(it: $variant) -> $name { $name::$variant(it) }
        })*
    };
}

// ---------------------------------------------------------------------------------------------
// Shared traits

/// Items, members, parameters and statements that can carry `[attributes]`.
pub trait HasAttrs: AstNode {
    fn attrs(&self) -> AstChildren<Attribute> {
        support::children(self.syntax())
    }
    /// Whether an attribute named `name` (last path segment) is present.
    fn has_attr(&self, name: &str) -> bool {
        self.attrs().any(|a| a.name().as_deref() == Some(name))
    }
}

/// Declarations with modifier keywords (`static`, `inout`, `no_diff`, `public`, ...).
pub trait HasModifiers: AstNode {
    fn modifiers(&self) -> Box<dyn Iterator<Item = SyntaxToken>> {
        Box::new(
            self.syntax()
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .filter(|t| t.kind().is_modifier_keyword()),
        )
    }
    fn has_modifier(&self, kind: SyntaxKind) -> bool {
        self.modifiers().any(|t| t.kind() == kind)
    }
}

pub trait HasName: AstNode {
    fn name(&self) -> Option<Name> {
        support::child(self.syntax())
    }
}

pub trait HasGenericParams: AstNode {
    fn generic_param_list(&self) -> Option<GenericParamList> {
        support::child(self.syntax())
    }
    fn where_clauses(&self) -> AstChildren<WhereClause> {
        support::children(self.syntax())
    }
}

// ---------------------------------------------------------------------------------------------
// Source file and items

ast_node!(SourceFile, SOURCE_FILE);
impl SourceFile {
    pub fn items(&self) -> AstChildren<Item> {
        support::children(&self.syntax)
    }
    /// Every preprocessor directive, wherever it is in the tree, in source order.
    pub fn directives(&self) -> impl Iterator<Item = PpDirective> + use<> {
        self.syntax.descendants().filter_map(PpDirective::cast)
    }
}

ast_enum!(
    /// A declaration at file, namespace, member or statement level.
    Item {
        Fn, Struct, Interface, Extension, Enum, Namespace, Typealias, Typedef, AssocType,
        Property, Subscript, Init, Cbuffer, VarDecl, Import, ModuleDecl, Implementing, Include,
    }
);
impl HasAttrs for Item {}
impl HasModifiers for Item {}

ast_node!(
    /// `T f<..>(params) : SEM where .. { }`, `func f(x : T) -> T { }`, `T operator+(..)`.
    Fn, FN
);
impl HasAttrs for Fn {}
impl HasModifiers for Fn {}
impl HasName for Fn {}
impl HasGenericParams for Fn {}
impl Fn {
    /// Whether declared with `func name(...) -> T`.
    pub fn is_func_style(&self) -> bool {
        support::token(&self.syntax, FUNC_KW).is_some()
    }
    pub fn ret_type(&self) -> Option<Type> {
        if support::token(&self.syntax, THIN_ARROW).is_some() {
            support::child_after(&self.syntax, THIN_ARROW)
        } else {
            support::child(&self.syntax)
        }
    }
    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.syntax)
    }
    pub fn params(&self) -> impl Iterator<Item = Param> + use<> {
        self.param_list().into_iter().flat_map(|l| l.params())
    }
    pub fn semantics(&self) -> AstChildren<Semantic> {
        support::children(&self.syntax)
    }
    pub fn body(&self) -> Option<Block> {
        support::child(&self.syntax)
    }
    pub fn is_operator(&self) -> bool {
        self.name()
            .is_some_and(|n| support::token(n.syntax(), OPERATOR_KW).is_some())
    }
}

ast_node!(
    /// `struct`/`class` declarations.
    Struct, STRUCT
);
impl HasAttrs for Struct {}
impl HasModifiers for Struct {}
impl HasName for Struct {}
impl HasGenericParams for Struct {}
impl Struct {
    pub fn is_class(&self) -> bool {
        support::token(&self.syntax, CLASS_KW).is_some()
    }
    pub fn base_list(&self) -> Option<BaseList> {
        support::child(&self.syntax)
    }
    pub fn member_list(&self) -> Option<MemberList> {
        support::child(&self.syntax)
    }
    pub fn members(&self) -> impl Iterator<Item = Item> + use<> {
        self.member_list().into_iter().flat_map(|l| l.members())
    }
}

ast_node!(Interface, INTERFACE);
impl HasAttrs for Interface {}
impl HasModifiers for Interface {}
impl HasName for Interface {}
impl HasGenericParams for Interface {}
impl Interface {
    pub fn base_list(&self) -> Option<BaseList> {
        support::child(&self.syntax)
    }
    pub fn member_list(&self) -> Option<MemberList> {
        support::child(&self.syntax)
    }
    pub fn members(&self) -> impl Iterator<Item = Item> + use<> {
        self.member_list().into_iter().flat_map(|l| l.members())
    }
}

ast_node!(
    /// `extension<T : IFoo> Vec<T> : IBar where ... { }`
    Extension, EXTENSION
);
impl HasAttrs for Extension {}
impl HasModifiers for Extension {}
impl HasGenericParams for Extension {}
impl Extension {
    pub fn target_type(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn base_list(&self) -> Option<BaseList> {
        support::child(&self.syntax)
    }
    pub fn member_list(&self) -> Option<MemberList> {
        support::child(&self.syntax)
    }
    pub fn members(&self) -> impl Iterator<Item = Item> + use<> {
        self.member_list().into_iter().flat_map(|l| l.members())
    }
}

ast_node!(MemberList, MEMBER_LIST);
impl MemberList {
    pub fn members(&self) -> AstChildren<Item> {
        support::children(&self.syntax)
    }
}

ast_node!(ItemList, ITEM_LIST);
impl ItemList {
    pub fn items(&self) -> AstChildren<Item> {
        support::children(&self.syntax)
    }
}

ast_node!(
    /// `: IFoo, IBar`
    BaseList, BASE_LIST
);
impl BaseList {
    pub fn types(&self) -> AstChildren<Type> {
        support::children(&self.syntax)
    }
}

ast_node!(Enum, ENUM);
impl HasAttrs for Enum {}
impl HasModifiers for Enum {}
impl HasName for Enum {}
impl Enum {
    pub fn is_enum_class(&self) -> bool {
        support::token(&self.syntax, CLASS_KW).is_some()
    }
    /// `enum E : uint`
    pub fn base_list(&self) -> Option<BaseList> {
        support::child(&self.syntax)
    }
    pub fn variant_list(&self) -> Option<EnumVariantList> {
        support::child(&self.syntax)
    }
    pub fn variants(&self) -> impl Iterator<Item = EnumVariant> + use<> {
        self.variant_list().into_iter().flat_map(|l| l.variants())
    }
}

ast_node!(EnumVariantList, ENUM_VARIANT_LIST);
impl EnumVariantList {
    pub fn variants(&self) -> AstChildren<EnumVariant> {
        support::children(&self.syntax)
    }
}

ast_node!(EnumVariant, ENUM_VARIANT);
impl HasAttrs for EnumVariant {}
impl HasName for EnumVariant {}
impl EnumVariant {
    pub fn value(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `namespace a::b { ... }`
    Namespace, NAMESPACE
);
impl HasAttrs for Namespace {}
impl HasModifiers for Namespace {}
impl HasName for Namespace {}
impl Namespace {
    /// All names of `namespace a::b`, outermost first.
    pub fn names(&self) -> AstChildren<Name> {
        support::children(&self.syntax)
    }
    pub fn item_list(&self) -> Option<ItemList> {
        support::child(&self.syntax)
    }
    pub fn items(&self) -> impl Iterator<Item = Item> + use<> {
        self.item_list().into_iter().flat_map(|l| l.items())
    }
}

ast_node!(
    /// `typealias Name<T> = Type;` (also `typealias Name : IFoo;` in interfaces)
    Typealias, TYPEALIAS
);
impl HasAttrs for Typealias {}
impl HasModifiers for Typealias {}
impl HasName for Typealias {}
impl HasGenericParams for Typealias {}
impl Typealias {
    pub fn ty(&self) -> Option<Type> {
        support::child_after(&self.syntax, EQ)
    }
    pub fn base_list(&self) -> Option<BaseList> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `typedef Type Name;`
    Typedef, TYPEDEF
);
impl HasAttrs for Typedef {}
impl HasModifiers for Typedef {}
impl HasName for Typedef {}
impl Typedef {
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn array_suffixes(&self) -> AstChildren<ArraySuffix> {
        support::children(&self.syntax)
    }
}

ast_node!(
    /// `associatedtype Name : IFoo;`
    AssocType, ASSOC_TYPE
);
impl HasAttrs for AssocType {}
impl HasModifiers for AssocType {}
impl HasName for AssocType {}
impl HasGenericParams for AssocType {}
impl AssocType {
    pub fn base_list(&self) -> Option<BaseList> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `property name : T { get; set(v) { } }` or `property T name { get; }`
    Property, PROPERTY
);
impl HasAttrs for Property {}
impl HasModifiers for Property {}
impl HasName for Property {}
impl Property {
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn accessor_list(&self) -> Option<AccessorList> {
        support::child(&self.syntax)
    }
    pub fn accessors(&self) -> impl Iterator<Item = Accessor> + use<> {
        self.accessor_list().into_iter().flat_map(|l| l.accessors())
    }
}

ast_node!(AccessorList, ACCESSOR_LIST);
impl AccessorList {
    pub fn accessors(&self) -> AstChildren<Accessor> {
        support::children(&self.syntax)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccessorKind {
    Get,
    Set,
    Ref,
}

ast_node!(
    /// `get { }`, `get;`, `set(v) { }`, `ref;`
    Accessor, ACCESSOR
);
impl HasAttrs for Accessor {}
impl HasModifiers for Accessor {}
impl Accessor {
    pub fn kind(&self) -> Option<AccessorKind> {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find_map(|t| match t.kind() {
                GET_KW => Some(AccessorKind::Get),
                SET_KW => Some(AccessorKind::Set),
                REF_KW => Some(AccessorKind::Ref),
                _ => None,
            })
    }
    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.syntax)
    }
    pub fn body(&self) -> Option<Block> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `__subscript(int i) -> T { get {...} set {...} }`
    Subscript, SUBSCRIPT
);
impl HasAttrs for Subscript {}
impl HasModifiers for Subscript {}
impl HasGenericParams for Subscript {}
impl Subscript {
    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.syntax)
    }
    pub fn ret_type(&self) -> Option<Type> {
        support::child_after(&self.syntax, THIN_ARROW)
    }
    pub fn accessor_list(&self) -> Option<AccessorList> {
        support::child(&self.syntax)
    }
    pub fn accessors(&self) -> impl Iterator<Item = Accessor> + use<> {
        self.accessor_list().into_iter().flat_map(|l| l.accessors())
    }
}

ast_node!(
    /// `__init(params) { }`
    Init, INIT
);
impl HasAttrs for Init {}
impl HasModifiers for Init {}
impl HasGenericParams for Init {}
impl Init {
    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.syntax)
    }
    pub fn params(&self) -> impl Iterator<Item = Param> + use<> {
        self.param_list().into_iter().flat_map(|l| l.params())
    }
    pub fn body(&self) -> Option<Block> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `cbuffer Name : register(b0) { fields }` / `tbuffer`
    Cbuffer, CBUFFER
);
impl HasAttrs for Cbuffer {}
impl HasModifiers for Cbuffer {}
impl HasName for Cbuffer {}
impl Cbuffer {
    pub fn is_tbuffer(&self) -> bool {
        support::token(&self.syntax, TBUFFER_KW).is_some()
    }
    pub fn semantics(&self) -> AstChildren<Semantic> {
        support::children(&self.syntax)
    }
    pub fn member_list(&self) -> Option<MemberList> {
        support::child(&self.syntax)
    }
    pub fn members(&self) -> impl Iterator<Item = Item> + use<> {
        self.member_list().into_iter().flat_map(|l| l.members())
    }
}

ast_node!(
    /// Variables (global, member, local): `static const float a[2] = {1, 2}, b;`,
    /// `let x = 1;`, `var y : float = 2;`. Also the `let` of `if (let c = ...)`.
    VarDecl, VAR_DECL
);
impl HasAttrs for VarDecl {}
impl HasModifiers for VarDecl {}
impl VarDecl {
    /// `let` or `var` keyword, if declared that way.
    pub fn let_or_var_token(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, LET_KW).or_else(|| support::token(&self.syntax, VAR_KW))
    }
    /// The declared type (`float3` of `float3 v;`); `None` for `let`/`var` (see declarators).
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn declarators(&self) -> AstChildren<Declarator> {
        support::children(&self.syntax)
    }
}

ast_node!(
    /// `name[3][4] : SEM = init` or, after `let`/`var`, `name : T = init`.
    Declarator, DECLARATOR
);
impl HasName for Declarator {}
impl Declarator {
    pub fn array_suffixes(&self) -> AstChildren<ArraySuffix> {
        support::children(&self.syntax)
    }
    /// The `: T` annotation of `let`/`var` declarators.
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn semantics(&self) -> AstChildren<Semantic> {
        support::children(&self.syntax)
    }
    pub fn initializer(&self) -> Option<Expr> {
        support::child_after(&self.syntax, EQ)
    }
}

ast_node!(
    /// `[N]` after a declarator name (`[]` has no size).
    ArraySuffix, ARRAY_SUFFIX
);
impl ArraySuffix {
    pub fn size(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `: SV_DispatchThreadID`, `: register(b0, space1)`
    Semantic, SEMANTIC
);
impl Semantic {
    pub fn name_ref(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `import a.b;` / `import "file.slang";` / `__exported import x;`
    Import, IMPORT
);
impl HasAttrs for Import {}
impl HasModifiers for Import {}
impl Import {
    pub fn module_path(&self) -> Option<ModulePath> {
        support::child(&self.syntax)
    }
    pub fn file_string(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, STRING)
    }
}

ast_node!(
    /// `module name;`
    ModuleDecl, MODULE_DECL
);
impl HasAttrs for ModuleDecl {}
impl HasModifiers for ModuleDecl {}
impl ModuleDecl {
    pub fn module_path(&self) -> Option<ModulePath> {
        support::child(&self.syntax)
    }
    pub fn file_string(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, STRING)
    }
}

ast_node!(
    /// `implementing name;`
    Implementing, IMPLEMENTING
);
impl HasAttrs for Implementing {}
impl HasModifiers for Implementing {}
impl Implementing {
    pub fn module_path(&self) -> Option<ModulePath> {
        support::child(&self.syntax)
    }
    pub fn file_string(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, STRING)
    }
}

ast_node!(
    /// `__include "file.slang";` / `__include name;`
    Include, INCLUDE
);
impl HasAttrs for Include {}
impl HasModifiers for Include {}
impl Include {
    pub fn module_path(&self) -> Option<ModulePath> {
        support::child(&self.syntax)
    }
    pub fn file_string(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, STRING)
    }
}

ast_node!(
    /// `a.b.c` in `import a.b.c;`
    ModulePath, MODULE_PATH
);
impl ModulePath {
    pub fn segments(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == IDENT)
    }
    /// Segments joined with `.`.
    pub fn dotted(&self) -> String {
        self.segments()
            .map(|t| t.text().to_string())
            .collect::<Vec<_>>()
            .join(".")
    }
}

/// The unquoted contents of a string literal token (escapes kept as written).
pub fn unquote(token: &SyntaxToken) -> &str {
    let t = token.text();
    let t = t.strip_prefix('"').unwrap_or(t);
    t.strip_suffix('"').unwrap_or(t)
}

// ---------------------------------------------------------------------------------------------
// Names, paths, attributes, generics, parameters

ast_node!(Name, NAME);
impl Name {
    pub fn ident_token(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }
    /// The name without trivia (`operator+` for operator overloads).
    pub fn text(&self) -> String {
        support::compact_text(&self.syntax)
    }
}

ast_node!(NameRef, NAME_REF);
impl NameRef {
    /// The identifier (or `This`, or a keyword in attribute names).
    pub fn token(&self) -> Option<SyntaxToken> {
        self.syntax.first_token()
    }
    /// The name without trivia (`operator+` for an operator named as a value).
    pub fn text(&self) -> String {
        match self.token() {
            Some(t) if t.kind() == SyntaxKind::OPERATOR_KW => support::compact_text(&self.syntax),
            Some(t) => t.text().to_string(),
            None => String::new(),
        }
    }
}

ast_node!(
    /// `a::b.C<T>.D`: segments separated by `.` or `::`.
    Path, PATH
);
impl Path {
    pub fn segments(&self) -> AstChildren<PathSegment> {
        support::children(&self.syntax)
    }
    pub fn last_segment(&self) -> Option<PathSegment> {
        self.segments().last()
    }
}

ast_node!(PathSegment, PATH_SEGMENT);
impl PathSegment {
    pub fn name_ref(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }
    pub fn generic_arg_list(&self) -> Option<GenericArgList> {
        support::child(&self.syntax)
    }
    /// The `.` or `::` before this segment (none for the first).
    pub fn separator(&self) -> Option<SyntaxToken> {
        let mut prev = self.syntax.prev_sibling_or_token();
        while let Some(e) = prev {
            match e {
                SyntaxElement::Token(t) if t.kind().is_trivia() => prev = t.prev_sibling_or_token(),
                SyntaxElement::Token(t) if matches!(t.kind(), DOT | COLON2) => return Some(t),
                _ => return None,
            }
        }
        None
    }
}

ast_node!(
    /// `[name]`, `[name(args)]`, `[ns::name(args)]`, `[[vk::binding(0)]]`
    Attribute, ATTRIBUTE
);
impl Attribute {
    pub fn path(&self) -> Option<Path> {
        support::child(&self.syntax)
    }
    /// The last path segment: `binding` of `[[vk::binding(0)]]`.
    pub fn name(&self) -> Option<String> {
        self.path()?.last_segment()?.name_ref().map(|n| n.text())
    }
    /// The whole path without trivia: `vk::binding`.
    pub fn full_name(&self) -> Option<String> {
        self.path().map(|p| support::compact_text(p.syntax()))
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
    pub fn args(&self) -> impl Iterator<Item = Expr> + use<> {
        self.arg_list().into_iter().flat_map(|l| l.args())
    }
    pub fn is_double_bracket(&self) -> bool {
        self.syntax
            .children_with_tokens()
            .filter(|e| e.kind() == L_BRACK)
            .count()
            == 2
    }
}

ast_node!(
    /// `<T : IFoo, let N : int, each U>` or `__generic<T>`
    GenericParamList, GENERIC_PARAM_LIST
);
impl GenericParamList {
    pub fn params(&self) -> AstChildren<GenericParam> {
        support::children(&self.syntax)
    }
    /// Written as the `__generic<...>` prefix.
    pub fn is_prefix_form(&self) -> bool {
        support::token(&self.syntax, GENERIC_KW).is_some()
    }
}

ast_enum!(GenericParam {
    TypeParam,
    ValueParam
});

ast_node!(
    /// `T`, `T : IFoo`, `T = float`, `each T : IFoo`
    TypeParam, TYPE_PARAM
);
impl HasName for TypeParam {}
impl TypeParam {
    pub fn is_variadic(&self) -> bool {
        support::token(&self.syntax, EACH_KW).is_some()
    }
    pub fn bound(&self) -> Option<Type> {
        support::child_after::<Type>(&self.syntax, COLON).filter(|t| {
            // not the default after `=`
            support::token(&self.syntax, EQ)
                .is_none_or(|eq| t.syntax().text_range().start() < eq.text_range().start())
        })
    }
    pub fn default_type(&self) -> Option<Type> {
        support::child_after(&self.syntax, EQ)
    }
}

ast_node!(
    /// `let N : int = 4` or `int N`
    ValueParam, VALUE_PARAM
);
impl HasName for ValueParam {}
impl ValueParam {
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn default_value(&self) -> Option<Expr> {
        support::child_after(&self.syntax, EQ)
    }
}

ast_node!(
    /// `<float, 3>` after a type or expression name.
    GenericArgList, GENERIC_ARG_LIST
);
impl GenericArgList {
    pub fn args(&self) -> AstChildren<GenericArg> {
        support::children(&self.syntax)
    }
}

ast_enum!(GenericArg { TypeArg, ConstArg });

ast_node!(TypeArg, TYPE_ARG);
impl TypeArg {
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// A literal or expression generic argument (`3` of `vector<float, 3>`).
    ConstArg, CONST_ARG
);
impl ConstArg {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `where T : IFoo, U : IBar`
    WhereClause, WHERE_CLAUSE
);
impl WhereClause {
    pub fn predicates(&self) -> AstChildren<WherePred> {
        support::children(&self.syntax)
    }
}

ast_node!(
    /// `T : IFoo` (conformance) or `T.Differential == T` (type equality).
    WherePred, WHERE_PRED
);
impl WherePred {
    pub fn ty(&self) -> Option<Type> {
        support::nth(&self.syntax, 0)
    }
    /// The interface of `T : IFoo`, or the right-hand type of `==`.
    pub fn bound(&self) -> Option<Type> {
        support::nth(&self.syntax, 1)
    }
    pub fn is_type_equality(&self) -> bool {
        support::token(&self.syntax, EQ2).is_some()
    }
}

ast_node!(ParamList, PARAM_LIST);
impl ParamList {
    pub fn params(&self) -> AstChildren<Param> {
        support::children(&self.syntax)
    }
}

ast_node!(
    /// `inout float x[3] : SEM = default`, `x : float` (func style), `v` (setter).
    Param, PARAM
);
impl HasAttrs for Param {}
impl HasModifiers for Param {}
impl HasName for Param {}
impl Param {
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn array_suffixes(&self) -> AstChildren<ArraySuffix> {
        support::children(&self.syntax)
    }
    pub fn semantics(&self) -> AstChildren<Semantic> {
        support::children(&self.syntax)
    }
    pub fn default_value(&self) -> Option<Expr> {
        support::child_after(&self.syntax, EQ)
    }
}

ast_node!(ArgList, ARG_LIST);
impl ArgList {
    pub fn args(&self) -> AstChildren<Expr> {
        support::children(&self.syntax)
    }
}

// ---------------------------------------------------------------------------------------------
// Types

ast_enum!(Type {
    PathType,
    ArrayType,
    ExpandType,
    EachType
});

ast_node!(
    /// `float3`, `vector<float, 3>`, `a::b.C`, `T.Differential`, `This`
    PathType, PATH_TYPE
);
impl PathType {
    pub fn path(&self) -> Option<Path> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `T[N]`, `T[]`
    ArrayType, ARRAY_TYPE
);
impl ArrayType {
    pub fn element_type(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn size(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `expand T`
    ExpandType, EXPAND_TYPE
);
impl ExpandType {
    pub fn inner(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `each T`
    EachType, EACH_TYPE
);
impl EachType {
    pub fn inner(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
}

// ---------------------------------------------------------------------------------------------
// Statements

ast_enum!(Stmt {
    Block,
    ExprStmt,
    EmptyStmt,
    IfStmt,
    ForStmt,
    WhileStmt,
    DoStmt,
    SwitchStmt,
    BreakStmt,
    ContinueStmt,
    ReturnStmt,
    DiscardStmt,
    DeferStmt,
    LabeledStmt,
    VarDecl,
    Struct,
    Enum,
    Typedef,
    Typealias,
    Interface,
    Namespace,
    Extension,
    Fn,
});
impl HasAttrs for Stmt {}

ast_node!(Block, BLOCK);
impl HasAttrs for Block {}
impl Block {
    pub fn stmts(&self) -> AstChildren<Stmt> {
        support::children(&self.syntax)
    }
    pub fn l_curly(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, L_CURLY)
    }
    pub fn r_curly(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, R_CURLY)
    }
}

ast_node!(ExprStmt, EXPR_STMT);
impl HasAttrs for ExprStmt {}
impl ExprStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(EmptyStmt, EMPTY_STMT);

ast_node!(IfStmt, IF_STMT);
impl HasAttrs for IfStmt {}
impl IfStmt {
    /// The condition expression (`None` for `if (let x = ...)`).
    pub fn condition(&self) -> Option<Expr> {
        support::child_before(&self.syntax, R_PAREN)
    }
    /// `let c = s as Circle` of `if (let c = s as Circle)`.
    pub fn let_condition(&self) -> Option<VarDecl> {
        support::child_before(&self.syntax, R_PAREN)
    }
    pub fn then_branch(&self) -> Option<Stmt> {
        self.branches().0
    }
    pub fn else_branch(&self) -> Option<Stmt> {
        self.branches().1
    }
    fn branches(&self) -> (Option<Stmt>, Option<Stmt>) {
        let mut after_cond = support::token(&self.syntax, R_PAREN).is_none();
        let mut after_else = false;
        let (mut then_b, mut else_b) = (None, None);
        for e in self.syntax.children_with_tokens() {
            match e {
                SyntaxElement::Token(t) if t.kind() == R_PAREN => after_cond = true,
                SyntaxElement::Token(t) if t.kind() == ELSE_KW => after_else = true,
                SyntaxElement::Node(n) if after_cond => {
                    if let Some(s) = Stmt::cast(n) {
                        if after_else {
                            else_b = Some(s);
                        } else if then_b.is_none() {
                            then_b = Some(s);
                        }
                    }
                }
                _ => {}
            }
        }
        (then_b, else_b)
    }
    pub fn else_token(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, ELSE_KW)
    }
}

ast_node!(
    /// `for (init; cond; step) body`
    ForStmt, FOR_STMT
);
impl HasAttrs for ForStmt {}
impl ForStmt {
    fn parts(&self) -> (Option<Stmt>, Option<Expr>, Option<Expr>, Option<Stmt>) {
        // 0: init, 1: condition, 2: step, 3: body
        let mut state = 0;
        let (mut init, mut cond, mut step, mut body) = (None, None, None, None);
        for e in self.syntax.children_with_tokens() {
            match e {
                SyntaxElement::Token(t) => match (t.kind(), state) {
                    (SEMICOLON, 0) => state = 1,
                    (SEMICOLON, 1) => state = 2,
                    (R_PAREN, 1 | 2) => state = 3,
                    _ => {}
                },
                SyntaxElement::Node(n) => match state {
                    0 => {
                        if matches!(n.kind(), VAR_DECL | EXPR_STMT) {
                            init = Stmt::cast(n);
                            state = 1;
                        }
                    }
                    1 => cond = cond.or_else(|| Expr::cast(n)),
                    2 => step = step.or_else(|| Expr::cast(n)),
                    3 => body = body.or_else(|| Stmt::cast(n)),
                    _ => {}
                },
            }
        }
        (init, cond, step, body)
    }
    pub fn init(&self) -> Option<Stmt> {
        self.parts().0
    }
    pub fn condition(&self) -> Option<Expr> {
        self.parts().1
    }
    pub fn step(&self) -> Option<Expr> {
        self.parts().2
    }
    pub fn body(&self) -> Option<Stmt> {
        self.parts().3
    }
}

ast_node!(WhileStmt, WHILE_STMT);
impl HasAttrs for WhileStmt {}
impl WhileStmt {
    pub fn condition(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn body(&self) -> Option<Stmt> {
        support::child_after(&self.syntax, R_PAREN)
    }
}

ast_node!(DoStmt, DO_STMT);
impl HasAttrs for DoStmt {}
impl DoStmt {
    pub fn body(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
    pub fn condition(&self) -> Option<Expr> {
        support::child_after(&self.syntax, WHILE_KW)
    }
}

ast_node!(SwitchStmt, SWITCH_STMT);
impl HasAttrs for SwitchStmt {}
impl SwitchStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn body(&self) -> Option<SwitchBody> {
        support::child(&self.syntax)
    }
    pub fn clauses(&self) -> impl Iterator<Item = SwitchClause> + use<> {
        self.body().into_iter().flat_map(|b| b.clauses())
    }
}

ast_node!(SwitchBody, SWITCH_BODY);
impl SwitchBody {
    pub fn clauses(&self) -> AstChildren<SwitchClause> {
        support::children(&self.syntax)
    }
}

ast_enum!(SwitchClause {
    CaseClause,
    DefaultClause
});
impl SwitchClause {
    pub fn stmts(&self) -> AstChildren<Stmt> {
        support::children(self.syntax())
    }
}

ast_node!(
    /// `case value: stmts`
    CaseClause, CASE_CLAUSE
);
impl CaseClause {
    pub fn value(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn stmts(&self) -> AstChildren<Stmt> {
        support::children(&self.syntax)
    }
}

ast_node!(DefaultClause, DEFAULT_CLAUSE);
impl DefaultClause {
    pub fn stmts(&self) -> AstChildren<Stmt> {
        support::children(&self.syntax)
    }
}

ast_node!(BreakStmt, BREAK_STMT);
impl HasAttrs for BreakStmt {}
impl BreakStmt {
    /// `outer` of `break outer;`.
    pub fn label(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }
}
ast_node!(ContinueStmt, CONTINUE_STMT);
impl HasAttrs for ContinueStmt {}
ast_node!(
    /// `outer: for (...) { ... }`
    LabeledStmt, LABELED_STMT
);
impl HasAttrs for LabeledStmt {}
impl LabeledStmt {
    pub fn label(&self) -> Option<Name> {
        support::child(&self.syntax)
    }
    pub fn stmt(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
}
ast_node!(DiscardStmt, DISCARD_STMT);
impl HasAttrs for DiscardStmt {}
ast_node!(DeferStmt, DEFER_STMT);
impl HasAttrs for DeferStmt {}
impl DeferStmt {
    /// The statement run when the enclosing scope exits.
    pub fn stmt(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
}
ast_node!(ReturnStmt, RETURN_STMT);
impl HasAttrs for ReturnStmt {}
impl ReturnStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

// ---------------------------------------------------------------------------------------------
// Expressions

ast_enum!(Expr {
    Literal,
    PathExpr,
    ThisExpr,
    ParenExpr,
    CastExpr,
    InitListExpr,
    CallExpr,
    IndexExpr,
    FieldExpr,
    PrefixExpr,
    PostfixExpr,
    BinExpr,
    TernaryExpr,
    DiffExpr,
    NoDiffExpr,
    IsExpr,
    AsExpr,
    SizeofExpr,
    CountofExpr,
    ExpandExpr,
    EachExpr,
});

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LiteralKind {
    Int,
    Float,
    String,
    Char,
    Bool(bool),
    None,
}

ast_node!(Literal, LITERAL);
impl Literal {
    pub fn token(&self) -> Option<SyntaxToken> {
        self.syntax.first_token()
    }
    pub fn kind(&self) -> Option<LiteralKind> {
        Some(match self.token()?.kind() {
            INT_NUMBER => LiteralKind::Int,
            FLOAT_NUMBER => LiteralKind::Float,
            STRING => LiteralKind::String,
            CHAR => LiteralKind::Char,
            TRUE_KW => LiteralKind::Bool(true),
            FALSE_KW => LiteralKind::Bool(false),
            NONE_KW => LiteralKind::None,
            _ => return None,
        })
    }
}

ast_node!(
    /// A name in an expression, with optional explicit generic arguments: `x`, `f<float>`,
    /// `float3` (in `float3(1, 2, 3)`), `This`.
    PathExpr, PATH_EXPR
);
impl PathExpr {
    pub fn name_ref(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }
    pub fn generic_arg_list(&self) -> Option<GenericArgList> {
        support::child(&self.syntax)
    }
}

ast_node!(ThisExpr, THIS_EXPR);

ast_node!(ParenExpr, PAREN_EXPR);
impl ParenExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `(float)x`
    CastExpr, CAST_EXPR
);
impl CastExpr {
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child_after(&self.syntax, R_PAREN)
    }
}

ast_node!(
    /// `{1, {2, 3}}`
    InitListExpr, INIT_LIST_EXPR
);
impl InitListExpr {
    pub fn exprs(&self) -> AstChildren<Expr> {
        support::children(&self.syntax)
    }
}

ast_node!(CallExpr, CALL_EXPR);
impl CallExpr {
    pub fn callee(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
    pub fn args(&self) -> impl Iterator<Item = Expr> + use<> {
        self.arg_list().into_iter().flat_map(|l| l.args())
    }
}

ast_node!(IndexExpr, INDEX_EXPR);
impl IndexExpr {
    pub fn base(&self) -> Option<Expr> {
        support::child_before(&self.syntax, L_BRACK)
    }
    pub fn index(&self) -> Option<Expr> {
        support::child_after(&self.syntax, L_BRACK)
    }
}

ast_node!(
    /// `a.b`, `v.xyz`, `T.dzero`, `a::b`, `Foo<T>.method`
    FieldExpr, FIELD_EXPR
);
impl FieldExpr {
    pub fn receiver(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn name_ref(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }
    pub fn generic_arg_list(&self) -> Option<GenericArgList> {
        support::child(&self.syntax)
    }
    /// `.` or `::`
    pub fn op_token(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, DOT).or_else(|| support::token(&self.syntax, COLON2))
    }
}

fn first_op_token(node: &SyntaxNode) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())
}

ast_node!(PrefixExpr, PREFIX_EXPR);
impl PrefixExpr {
    pub fn op_token(&self) -> Option<SyntaxToken> {
        first_op_token(&self.syntax)
    }
    pub fn op_kind(&self) -> Option<SyntaxKind> {
        self.op_token().map(|t| t.kind())
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(PostfixExpr, POSTFIX_EXPR);
impl PostfixExpr {
    pub fn op_token(&self) -> Option<SyntaxToken> {
        first_op_token(&self.syntax)
    }
    pub fn op_kind(&self) -> Option<SyntaxKind> {
        self.op_token().map(|t| t.kind())
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// Binary operators, assignments (`=`, `+=`, ...) and the comma operator.
    BinExpr, BIN_EXPR
);
impl BinExpr {
    pub fn lhs(&self) -> Option<Expr> {
        support::nth(&self.syntax, 0)
    }
    pub fn rhs(&self) -> Option<Expr> {
        support::nth(&self.syntax, 1)
    }
    pub fn op_token(&self) -> Option<SyntaxToken> {
        first_op_token(&self.syntax)
    }
    pub fn op_kind(&self) -> Option<SyntaxKind> {
        self.op_token().map(|t| t.kind())
    }
    pub fn is_assignment(&self) -> bool {
        matches!(
            self.op_kind(),
            Some(
                EQ | PLUSEQ
                    | MINUSEQ
                    | STAREQ
                    | SLASHEQ
                    | PERCENTEQ
                    | SHLEQ
                    | SHREQ
                    | AMPEQ
                    | CARETEQ
                    | PIPEEQ
            )
        )
    }
}

ast_node!(TernaryExpr, TERNARY_EXPR);
impl TernaryExpr {
    pub fn condition(&self) -> Option<Expr> {
        support::nth(&self.syntax, 0)
    }
    pub fn then_expr(&self) -> Option<Expr> {
        support::child_after(&self.syntax, QUESTION)
    }
    pub fn else_expr(&self) -> Option<Expr> {
        support::child_after(&self.syntax, COLON)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiffKind {
    Forward,
    Backward,
}

ast_node!(
    /// `fwd_diff(f)`, `bwd_diff(f)`, `__fwd_diff(f)`, `__bwd_diff(f)`
    DiffExpr, DIFF_EXPR
);
impl DiffExpr {
    pub fn keyword(&self) -> Option<SyntaxToken> {
        self.syntax.first_token()
    }
    pub fn kind(&self) -> Option<DiffKind> {
        match self.keyword()?.kind() {
            FWD_DIFF_KW | UFWD_DIFF_KW => Some(DiffKind::Forward),
            BWD_DIFF_KW | UBWD_DIFF_KW => Some(DiffKind::Backward),
            _ => None,
        }
    }
    pub fn function(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `no_diff expr`
    NoDiffExpr, NO_DIFF_EXPR
);
impl NoDiffExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(IsExpr, IS_EXPR);
impl IsExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
}

ast_node!(AsExpr, AS_EXPR);
impl AsExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `sizeof(T)` / `sizeof(expr)`
    SizeofExpr, SIZEOF_EXPR
);
impl SizeofExpr {
    pub fn ty(&self) -> Option<Type> {
        support::child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(CountofExpr, COUNTOF_EXPR);
impl CountofExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(ExpandExpr, EXPAND_EXPR);
impl ExpandExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(EachExpr, EACH_EXPR);
impl EachExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

ast_node!(
    /// `(float x) => x * 2` or `(int i) => { return i; }`
    LambdaExpr, LAMBDA_EXPR
);
impl LambdaExpr {
    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.syntax)
    }
    pub fn params(&self) -> impl Iterator<Item = Param> + use<> {
        self.param_list().into_iter().flat_map(|l| l.params())
    }
    /// The expression body (`None` for a block body).
    pub fn body_expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
    pub fn body_block(&self) -> Option<Block> {
        support::child(&self.syntax)
    }
}

// ---------------------------------------------------------------------------------------------
// Preprocessor directives

/// One directive line (`#define`, `#if`, ...). Macros are not expanded here.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PpDirective {
    syntax: SyntaxNode,
}

impl AstNode for PpDirective {
    fn can_cast(kind: SyntaxKind) -> bool {
        kind.is_pp_directive()
    }
    fn cast(syntax: SyntaxNode) -> Option<Self> {
        if syntax.kind().is_pp_directive() {
            Some(PpDirective { syntax })
        } else {
            None
        }
    }
    fn syntax(&self) -> &SyntaxNode {
        &self.syntax
    }
}

impl PpDirective {
    pub fn kind(&self) -> SyntaxKind {
        self.syntax.kind()
    }
    /// `define`, `if`, ... (the identifier after `#`).
    pub fn directive_name(&self) -> Option<SyntaxToken> {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == IDENT)
    }
    /// The macro of `#define`/`#undef`/`#ifdef`/`#ifndef`.
    pub fn macro_name(&self) -> Option<Name> {
        support::child(&self.syntax)
    }
    pub fn is_function_like(&self) -> bool {
        support::child::<PpParamList>(&self.syntax).is_some()
    }
    /// Parameter names of a function-like macro.
    pub fn params(&self) -> Vec<SyntaxToken> {
        support::child::<PpParamList>(&self.syntax)
            .map(|l| {
                l.syntax
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| t.kind() == IDENT || t.kind() == ELLIPSIS)
                    .collect()
            })
            .unwrap_or_default()
    }
    /// Replacement list / condition / file name / pragma text.
    pub fn body(&self) -> Option<PpBody> {
        support::child(&self.syntax)
    }
    /// The replacement range of a `#define`, trimmed of trailing whitespace and comments.
    pub fn replacement_range(&self) -> Option<TextRange> {
        let toks = self.body()?.tokens();
        let first = toks.first()?;
        let last = toks.last()?;
        Some(TextRange::new(
            first.text_range().start(),
            last.text_range().end(),
        ))
    }
}

ast_node!(PpParamList, PP_PARAM_LIST);
ast_node!(PpBody, PP_BODY);
impl PpBody {
    /// Non-trivia tokens (line continuations and comments dropped).
    pub fn tokens(&self) -> Vec<SyntaxToken> {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| !t.kind().is_trivia())
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens

macro_rules! ast_token {
    ($(#[$attr:meta])* $name:ident, $kind:ident) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            syntax: SyntaxToken,
        }
        impl AstToken for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(syntax: SyntaxToken) -> Option<Self> {
                if syntax.kind() == $kind { Some($name { syntax }) } else { None }
            }
            fn syntax(&self) -> &SyntaxToken {
                &self.syntax
            }
        }
    };
}

ast_token!(
    /// `42`, `0x1Fu`, `0b101`, `017`, `3ull`
    IntNumber, INT_NUMBER
);
impl IntNumber {
    /// Splits `0x1Fu` into digits with radix prefix (`0x1F`) and suffix (`u`).
    pub fn split_suffix(&self) -> (&str, &str) {
        let text = self.text();
        let is_hex = text.starts_with("0x") || text.starts_with("0X");
        let is_bin = text.starts_with("0b") || text.starts_with("0B");
        let end = text
            .char_indices()
            .skip(if is_hex || is_bin { 2 } else { 0 })
            .find(|&(_, c)| {
                if is_hex {
                    !c.is_ascii_hexdigit()
                } else {
                    !c.is_ascii_digit()
                }
            })
            .map_or(text.len(), |(i, _)| i);
        text.split_at(end)
    }
    pub fn suffix(&self) -> &str {
        self.split_suffix().1
    }
    pub fn is_unsigned(&self) -> bool {
        self.suffix().contains(['u', 'U'])
    }
    /// `l`/`ll` suffixes mean 64-bit in Slang.
    pub fn is_64_bit(&self) -> bool {
        self.suffix().contains(['l', 'L'])
    }
    /// The value (hex, binary, octal with a leading 0, or decimal); `None` if malformed or too
    /// large.
    pub fn value(&self) -> Option<u64> {
        let digits = self.split_suffix().0;
        if let Some(hex) = digits
            .strip_prefix("0x")
            .or_else(|| digits.strip_prefix("0X"))
        {
            u64::from_str_radix(hex, 16).ok()
        } else if let Some(bin) = digits
            .strip_prefix("0b")
            .or_else(|| digits.strip_prefix("0B"))
        {
            u64::from_str_radix(bin, 2).ok()
        } else if digits.len() > 1 && digits.starts_with('0') {
            u64::from_str_radix(&digits[1..], 8).ok()
        } else {
            digits.parse().ok()
        }
    }
}

ast_token!(
    /// `1.0`, `1.f`, `.5`, `1e-3`, `1.0h`, `1.0lf`, `3f`
    FloatNumber, FLOAT_NUMBER
);
impl FloatNumber {
    fn split(&self) -> (&str, &str) {
        let text = self.text();
        let lower = text.to_ascii_lowercase();
        let n = if lower.ends_with("lf") {
            2
        } else if lower.ends_with(['f', 'h', 'l']) {
            1
        } else {
            0
        };
        text.split_at(text.len() - n)
    }
    /// `f`, `h`, `l`, `lf` or empty.
    pub fn suffix(&self) -> &str {
        self.split().1
    }
    pub fn value(&self) -> Option<f64> {
        let digits = self.split().0;
        let digits = digits.strip_suffix('.').unwrap_or(digits);
        digits.parse().ok()
    }
}

ast_token!(
    /// `"text"` with C escapes.
    StringLit, STRING
);
impl StringLit {
    /// The contents with escapes (`\n`, `\t`, `\\`, `\"`, `\'`, `\0`, `\r`) resolved.
    pub fn value(&self) -> String {
        let text = self.text();
        let inner = text.strip_prefix('"').unwrap_or(text);
        let inner = inner.strip_suffix('"').unwrap_or(inner);
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
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
}

ast_token!(
    /// `// ...` or `/* ... */`
    Comment, COMMENT
);
impl Comment {
    /// `///` and `/** */` comments document the declaration that follows.
    pub fn is_doc(&self) -> bool {
        let t = self.text();
        (t.starts_with("///") && !t.starts_with("////")) || (t.starts_with("/**") && t != "/**/")
    }
}

/// Declarations with documentation: the `///` (or `/** */`) comments directly above them.
pub trait HasDocComments: AstNode {
    /// The text of the doc comments right before the node (no blank line in between), with
    /// the comment markers removed, one line per comment line.
    fn doc_comment(&self) -> Option<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut prev = self.syntax().prev_sibling_or_token();
        while let Some(el) = prev {
            let Some(tok) = el.as_token().cloned() else {
                break;
            };
            match tok.kind() {
                WHITESPACE if tok.text().matches('\n').count() <= 1 => {}
                COMMENT => match Comment::cast(tok.clone()) {
                    Some(c) if c.is_doc() => {
                        let t = c.text();
                        if let Some(line) = t.strip_prefix("///") {
                            lines.push(
                                line.strip_prefix(' ')
                                    .unwrap_or(line)
                                    .trim_end()
                                    .to_string(),
                            );
                        } else {
                            let body = t.trim_start_matches("/**").trim_end_matches("*/");
                            for l in body.lines().rev() {
                                let l = l.trim().trim_start_matches('*').trim();
                                lines.push(l.to_string());
                            }
                        }
                    }
                    _ => break,
                },
                _ => break,
            }
            prev = tok.prev_sibling_or_token();
        }
        lines.reverse();
        while lines.first().is_some_and(|l| l.is_empty()) {
            lines.remove(0);
        }
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

impl HasDocComments for Item {}
impl HasDocComments for Fn {}
impl HasDocComments for Struct {}
impl HasDocComments for Interface {}
impl HasDocComments for Enum {}
impl HasDocComments for EnumVariant {}
impl HasDocComments for VarDecl {}
impl HasDocComments for Property {}
impl HasDocComments for Typealias {}
impl HasDocComments for Typedef {}
impl HasDocComments for AssocType {}
impl HasDocComments for Namespace {}
impl HasDocComments for Init {}
impl HasDocComments for Subscript {}
