//! Item data as written: signatures, fields, members, with type references not yet resolved.
//!
//! All ranges are relative to the start of the item's own syntax node, so that the data of an item
//! does not change when text before it moves (its queries stay valid).

use smol_str::SmolStr;

use crate::TextRange;
use crate::ids::{FunctionId, GlobalId, ItemDef};

/// A path as written: `a::b<T>.c` or `float3`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PathRef {
    pub segments: Vec<PathSegRef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PathSegRef {
    pub name: SmolStr,
    pub args: Option<Vec<GenericArgRef>>,
    pub range: TextRange,
}

/// The first segment of a path written with a leading `::` (`::f()`, `::Foo`): the global scope,
/// so the rest is looked up there only (past locals, members and enclosing namespaces).
pub const GLOBAL_SCOPE_SEGMENT: &str = "::";

impl PathRef {
    /// `::name`: `name` in the global scope.
    pub fn global(name: SmolStr, range: TextRange) -> PathRef {
        let mut path = PathRef::single(name, range);
        path.segments.insert(
            0,
            PathSegRef {
                name: GLOBAL_SCOPE_SEGMENT.into(),
                args: None,
                range: TextRange::new(range.start, range.start),
            },
        );
        path
    }

    pub fn single(name: SmolStr, range: TextRange) -> PathRef {
        PathRef {
            segments: vec![PathSegRef {
                name,
                args: None,
                range,
            }],
        }
    }

    pub fn last_name(&self) -> SmolStr {
        self.segments
            .last()
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    pub fn range(&self) -> TextRange {
        match (self.segments.first(), self.segments.last()) {
            (Some(a), Some(b)) => TextRange::new(a.range.start, b.range.end),
            _ => TextRange::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GenericArgRef {
    Type(TypeRef),
    Const(ConstRef),
}

/// A type as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeRef {
    Path(PathRef),
    /// `T[N]`; `None` length for `T[]`.
    Array(Box<TypeRef>, Option<ConstRef>),
    /// `This`.
    This,
    /// `expand P` in a generic argument list (`Tuple<expand each T>`): `P` once per element of
    /// the pack it names.
    Expand(Box<TypeRef>),
    /// `T*`: `Ptr<T>` of the stdlib (`stdlib/ptr.slang`).
    Pointer(Box<TypeRef>),
    /// `functype(A, B) throws E -> R`.
    Func {
        params: Vec<TypeRef>,
        ret: Box<TypeRef>,
        throws: Option<Box<TypeRef>>,
    },
    /// `IA & IB`: a conjunction of interfaces (as a constraint or base: each of them).
    And(Vec<TypeRef>),
    /// A pack query (`__first(T)`, `__trimLast(T)`) or `__packBranch(P, E, N)` written as a
    /// type, with the member path after it (`__first(T).Element`), if any.
    PackQuery {
        op: crate::pack_query::PackOp,
        args: Vec<GenericArgRef>,
        member: Option<PathRef>,
        range: TextRange,
    },
    /// Missing or unparsable (the parser reported it).
    Error,
}

impl TypeRef {
    pub fn range(&self) -> Option<TextRange> {
        match self {
            TypeRef::Path(p) => Some(p.range()),
            TypeRef::Array(inner, _) | TypeRef::Expand(inner) | TypeRef::Pointer(inner) => {
                inner.range()
            }
            TypeRef::Func { ret, .. } => ret.range(),
            TypeRef::And(parts) => parts.first().and_then(TypeRef::range),
            TypeRef::PackQuery { range, .. } => Some(*range),
            _ => None,
        }
    }
}

/// A compile-time integer expression (array sizes, value generic arguments).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ConstRef {
    Int(i64),
    Path(PathRef),
    Binary(SmolStr, Box<ConstRef>, Box<ConstRef>),
    Neg(Box<ConstRef>),
    /// `!x`, `~x`.
    Unary(SmolStr, Box<ConstRef>),
    /// `c ? a : b`.
    Select(Box<ConstRef>, Box<ConstRef>, Box<ConstRef>),
    /// `sizeof(T)` / `sizeof(x)` (a name, kept as a type path: a variable's type is looked up
    /// when it names one), or `alignof(...)` with `align`.
    SizeOf(Box<TypeRef>, bool),
    /// `countof(P)` of a pack parameter named by a path.
    CountOf(PathRef),
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AttrArg {
    Int(i64),
    Float(String),
    String(String),
    Path(PathRef),
    Other(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Attr {
    pub name: SmolStr,
    pub args: Vec<AttrArg>,
    pub range: TextRange,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Visibility {
    Public,
    #[default]
    Internal,
    Private,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ParamDir {
    #[default]
    In,
    Out,
    InOut,
    /// `ref` or `__ref` parameters; treated as `inout` for checks.
    Ref,
}

impl ParamDir {
    pub fn writes(self) -> bool {
        !matches!(self, ParamDir::In)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Modifiers {
    pub is_static: bool,
    pub is_const: bool,
    pub is_uniform: bool,
    pub is_groupshared: bool,
    pub no_diff: bool,
    pub visibility: Option<Visibility>,
    pub dir: ParamDir,
    /// `row_major` / `column_major`, on the declaration or inside its type
    /// (`ConstantBuffer<row_major float3x4>`): the memory order of its matrices in buffers.
    pub matrix_layout: Option<MatrixLayout>,
}

/// A matrix layout modifier (`row_major`, `column_major`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatrixLayout {
    RowMajor,
    ColumnMajor,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GenericParamKind {
    Type { constraints: Vec<TypeRef> },
    Value { ty: TypeRef },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GenericParamData {
    pub name: SmolStr,
    pub kind: GenericParamKind,
    pub range: TextRange,
    /// A type pack (`each T`).
    pub variadic: bool,
    /// `T = float`, `let N : int = 4`: what an omitted argument means.
    pub default: Option<GenericArgRef>,
}

/// `where T : IFoo`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WherePred {
    pub subject: TypeRef,
    pub bounds: Vec<TypeRef>,
    /// `where optional T : I`: arguments need not conform; members of `I` are usable on a `T`
    /// only where `T is I` was tested.
    pub optional: bool,
    /// `where A == B`: a type equality (the bound is a type, not an interface).
    pub equal: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParamData {
    pub name: SmolStr,
    pub ty: TypeRef,
    pub modifiers: Modifiers,
    pub has_default: bool,
    /// A parameter pack (`expand each T args`).
    pub variadic: bool,
    pub semantic: Option<(SmolStr, TextRange)>,
    pub range: TextRange,
    pub name_range: TextRange,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FnKind {
    Free,
    Method,
    Init,
    Getter,
    Setter,
    /// `ref` accessors of subscripts.
    RefAccessor,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FnData {
    pub name: SmolStr,
    pub kind: FnKind,
    pub attrs: Vec<Attr>,
    pub modifiers: Modifiers,
    pub generics: Vec<GenericParamData>,
    pub where_preds: Vec<WherePred>,
    pub params: Vec<ParamData>,
    pub ret: TypeRef,
    pub ret_semantic: Option<SmolStr>,
    pub has_body: bool,
    pub name_range: TextRange,
    pub ret_range: Option<TextRange>,
    /// Whether the declaration sits in a struct/interface/extension (so `this` exists).
    pub in_type: bool,
    /// `throws E`: the type of the errors the function may throw.
    pub throws: Option<TypeRef>,
}

impl FnData {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }

    pub fn is_mutating(&self) -> bool {
        (self.attr("mutating").is_some() || matches!(self.kind, FnKind::Setter | FnKind::Init))
            && self.attr("nonmutating").is_none()
    }

    pub fn is_differentiable(&self) -> bool {
        self.attrs.iter().any(|a| {
            matches!(
                a.name.as_str(),
                "Differentiable" | "ForwardDifferentiable" | "BackwardDifferentiable"
            )
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeDeclKind {
    Struct,
    Interface,
    Enum,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldData {
    pub name: SmolStr,
    pub ty: TypeRef,
    pub modifiers: Modifiers,
    pub attrs: Vec<Attr>,
    pub has_default: bool,
    pub name_range: TextRange,
    /// Static fields and `static const` members are globals with their own id.
    pub global: Option<GlobalId>,
    /// A bit field (`uint a : 4;`): its width as written, and the width's range.
    pub bit_width: Option<(ConstRef, TextRange)>,
}

impl FieldData {
    /// Whether the field is a bit field (`uint a : 4;`): part of a hidden backing integer, not
    /// a memberwise-construction parameter.
    pub fn is_bit_field(&self) -> bool {
        self.bit_width.is_some()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantData {
    pub name: SmolStr,
    pub value: Option<ConstRef>,
    pub name_range: TextRange,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeDeclData {
    pub name: SmolStr,
    pub kind: TypeDeclKind,
    pub attrs: Vec<Attr>,
    pub modifiers: Modifiers,
    pub generics: Vec<GenericParamData>,
    pub where_preds: Vec<WherePred>,
    pub bases: Vec<TypeRef>,
    /// Instance fields, in order (enum: empty).
    pub fields: Vec<FieldData>,
    pub variants: Vec<VariantData>,
    /// Backing type of an enum (`enum E : uint`).
    pub members: Vec<ItemDef>,
    pub name_range: TextRange,
}

impl TypeDeclData {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AliasData {
    pub name: SmolStr,
    /// The aliased type; `None` for an `associatedtype` requirement.
    pub target: Option<TypeRef>,
    /// Constraints of an associated type.
    pub constraints: Vec<TypeRef>,
    pub generics: Vec<GenericParamData>,
    pub name_range: TextRange,
    pub is_assoc: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GlobalData {
    pub name: SmolStr,
    /// `None` for `let`/`var` whose type comes from the initialiser.
    pub ty: Option<TypeRef>,
    pub modifiers: Modifiers,
    pub attrs: Vec<Attr>,
    pub has_init: bool,
    pub is_let: bool,
    pub name_range: TextRange,
    pub in_type: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ExtensionData {
    pub generics: Vec<GenericParamData>,
    pub where_preds: Vec<WherePred>,
    pub target: TypeRef,
    pub bases: Vec<TypeRef>,
    pub members: Vec<ItemDef>,
    pub target_range: TextRange,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PropertyData {
    pub name: SmolStr,
    pub ty: TypeRef,
    pub modifiers: Modifiers,
    pub getter: Option<FunctionId>,
    pub setter: Option<FunctionId>,
    /// `{ get; set; }` written without bodies (in interfaces and stdlib).
    pub declares_get: bool,
    pub declares_set: bool,
    /// A `ref` accessor with a body: it returns the memory the value lives in, so writes go
    /// through it when there is no `set` (`crate::ref_type`).
    pub reference: Option<FunctionId>,
    pub declares_ref: bool,
    pub name_range: TextRange,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubscriptData {
    /// `__subscript<I>(I index)`: the subscript's own generic parameters and `where` clauses.
    pub generics: Vec<GenericParamData>,
    pub where_preds: Vec<WherePred>,
    pub params: Vec<ParamData>,
    pub ret: TypeRef,
    pub modifiers: Modifiers,
    pub getter: Option<FunctionId>,
    pub setter: Option<FunctionId>,
    pub declares_get: bool,
    pub declares_set: bool,
    /// A `ref` accessor with a body: it returns the memory the value lives in, so writes go
    /// through it when there is no `set` (`crate::ref_type`).
    pub reference: Option<FunctionId>,
    pub declares_ref: bool,
    pub range: TextRange,
}

/// The body-independent items of one file, nested as written. Holds no ranges and no bodies, so
/// it compares equal after an edit inside a body (and queries reading it are not re-run).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ItemTree {
    pub items: Vec<ItemNode>,
    /// `module name;` at the top of the file.
    pub module_name: Option<SmolStr>,
    /// `implementing name;`.
    pub implementing: Option<SmolStr>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ItemNode {
    Item(ItemDef),
    Namespace { name: SmolStr, items: Vec<ItemNode> },
}
