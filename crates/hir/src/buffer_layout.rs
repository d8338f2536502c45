//! The data-layout argument of structured buffers: Slang's core module declares
//! `StructuredBuffer<T, L : IBufferDataLayout = DefaultDataLayout>` (and the same for the other
//! structured buffers), so `StructuredBuffer<Foo, ScalarDataLayout>` names the buffer of `Foo`
//! laid out by `L`. Our declarations take only `T`: a second argument that is one of the
//! library's layout types is accepted and dropped here (the buffer is laid out as the target
//! lays out storage buffers).

use base_db::{Db, FileKind};

use crate::data::TypeDeclData;
use crate::ids::TypeDeclId;
use crate::ty::{GenericArg, Ty};

/// The structured buffers that take a layout argument in Slang's core module.
const LAYOUT_BUFFERS: &[&str] = &[
    "StructuredBuffer",
    "RWStructuredBuffer",
    "RasterizerOrderedStructuredBuffer",
    "AppendStructuredBuffer",
    "ConsumeStructuredBuffer",
];

/// The library's data-layout types (`IBufferDataLayout`'s conformances).
const LAYOUTS: &[&str] = &[
    "DefaultDataLayout",
    "Std140DataLayout",
    "Std430DataLayout",
    "ScalarDataLayout",
    "CDataLayout",
];

/// Removes the layout argument of `decl<T, L>` when `decl` is a library structured buffer of one
/// generic parameter and `L` a library layout type.
pub(crate) fn drop_layout_argument(
    db: &dyn Db,
    decl: TypeDeclId,
    data: &TypeDeclData,
    args: &mut Vec<GenericArg>,
) {
    if args.len() != 2 || data.generics.len() != 1 {
        return;
    }
    let loc = decl.loc(db);
    if loc.file.kind(db) != FileKind::Stdlib || !LAYOUT_BUFFERS.contains(&loc.name().as_str()) {
        return;
    }
    let is_layout = |a: &GenericArg| match a {
        GenericArg::Type(Ty::Adt(l, _)) => {
            let l = l.loc(db);
            l.file.kind(db) == FileKind::Stdlib && LAYOUTS.contains(&l.name().as_str())
        }
        _ => false,
    };
    if is_layout(&args[1]) {
        args.truncate(1);
    }
}
