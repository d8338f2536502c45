//! Pointers and function types: hir types them (`stdlib/ptr.slang`), but the WGSL and SPIR-V
//! that dslang emits (through naga) have no pointers to memory and no function values, so
//! lowering refuses them with a diagnostic that names the construct and the targets.

use hir::{Db, Ty};

use crate::LowerError;

/// What a type is that the targets cannot hold, if it is one: `Some("the pointer type `int*`")`.
pub(crate) fn unsupported_type_kind(db: &dyn Db, ty: &Ty) -> Option<&'static str> {
    let named = |n: &str| hir::export::stdlib_decl_named(db, ty, n);
    if named("Ptr") || named("NullPtr") || named("ConstBufferPointer") {
        Some("pointer")
    } else if named("__FuncType") {
        Some("function")
    } else {
        None
    }
}

/// The diagnostic for a pointer (`what` names the construct: "the pointer type `int*`",
/// "the dereference `*p`").
pub(crate) fn pointers_unsupported(what: &str) -> LowerError {
    LowerError {
        code: "E4001",
        message: format!(
            "{what} cannot be compiled for the WGSL and SPIR-V targets: they have no pointers to \
             memory (Slang emits pointers only for CUDA, C++ and SPIR-V physical storage buffers); \
             pass a buffer and an index instead"
        ),
        ..crate::unsupported("")
    }
}

/// The diagnostic for a value of function type (`functype(...) -> R`).
pub(crate) fn function_values_unsupported(what: &str) -> LowerError {
    LowerError {
        code: "E4001",
        message: format!(
            "{what} cannot be compiled for the WGSL and SPIR-V targets: they have no function \
             values; take a generic parameter constrained by `IFunc<R, P...>` instead, which \
             lambdas and function objects satisfy"
        ),
        ..crate::unsupported("")
    }
}
