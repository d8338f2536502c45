//! Stable identities of items.
//!
//! An item is named by its file and its path of containers (`namespace a { struct S { void f(); } }`
//! gives `a/S/f`), with an ordinal that tells apart same-named siblings of the same kind
//! (overloads). Nothing in an id depends on text positions or bodies, so typing inside a body keeps
//! every id, and queries keyed by ids stay valid.

use std::sync::Arc;

use base_db::SourceFile;
use smol_str::SmolStr;

/// The kind of an item, part of its identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    Function,
    Struct,
    Interface,
    Enum,
    TypeAlias,
    AssocType,
    Global,
    Namespace,
    Extension,
    Property,
    Subscript,
    Init,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PathSeg {
    pub kind: ItemKind,
    pub name: SmolStr,
    pub ordinal: u32,
}

/// Where an item is: file plus container path (the last segment is the item itself).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ItemLoc {
    pub file: SourceFile,
    pub path: Arc<[PathSeg]>,
}

impl ItemLoc {
    pub fn name(&self) -> SmolStr {
        self.path.last().map(|s| s.name.clone()).unwrap_or_default()
    }

    pub fn kind(&self) -> Option<ItemKind> {
        self.path.last().map(|s| s.kind)
    }

    /// The location of the containing item, if it is not the file.
    pub fn parent(&self) -> Option<ItemLoc> {
        (self.path.len() > 1).then(|| ItemLoc {
            file: self.file,
            path: self.path[..self.path.len() - 1].into(),
        })
    }
}

macro_rules! item_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[salsa::interned(unsafe(no_lifetime), revisions = usize::MAX, debug)]
        pub struct $name {
            #[returns(ref)]
            pub loc: ItemLoc,
        }
    };
}

item_id!(
    /// A function, method, `__init`, operator, or property/subscript accessor with a body.
    FunctionId
);
item_id!(
    /// A struct, interface or enum.
    TypeDeclId
);
item_id!(
    /// A `typedef`, `typealias` or `associatedtype`.
    AliasId
);
item_id!(
    /// A global variable or constant (including `static const` members of types).
    GlobalId
);
item_id!(
    /// An `extension` block.
    ExtensionId
);
item_id!(
    /// A `property` declaration.
    PropertyId
);
item_id!(
    /// A `__subscript` declaration.
    SubscriptId
);

/// Anything that can own generic parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GenericOwner {
    Function(FunctionId),
    TypeDecl(TypeDeclId),
    Extension(ExtensionId),
    /// `typealias Array<T, let N : int> = T[N]`: bound where the alias is given arguments.
    Alias(AliasId),
    /// `__subscript<I>(I index) -> T`: bound at each `x[i]` from the index types.
    Subscript(SubscriptId),
    /// Parameters of builtin shapes (`vector<T, N>`), only in signatures written in the stdlib.
    Builtin,
}

/// A generic parameter: owner, position, and name (kept for display without a database).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GenericParamId {
    pub owner: GenericOwner,
    pub index: u32,
    pub name: SmolStr,
}

impl GenericParamId {
    pub fn name(&self) -> SmolStr {
        self.name.clone()
    }
}

/// Any item, for lookups that return mixed kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemDef {
    Function(FunctionId),
    TypeDecl(TypeDeclId),
    Alias(AliasId),
    Global(GlobalId),
    Extension(ExtensionId),
    Property(PropertyId),
    Subscript(SubscriptId),
}
