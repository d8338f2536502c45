//! What atomics the targets can express. WGSL (and the SPIR-V naga writes from the same module)
//! has atomics on 32-bit integers, and on `f32` for add, subtract and exchange (the float-atomics
//! device feature); the other atomics on `float` and `half` (add, sub, min, max, exchange,
//! compare-exchange) are compare-exchange loops on the `atomic<u32>` words holding them
//! (codegen's `float_atomics.rs`). There are none on `double`, 64-bit or narrow integers, nor
//! bitwise ones on floats: those are refused with E4105 naming the operation, the element type
//! and the target, instead of reaching the IR verifier.

use ir::{AtomicOp, Scalar, TypeId, TypeKind};

use crate::LowerError;

/// The E4105 diagnostic for an atomic `op` on an element of type `elem`, or `None` when the
/// targets have it.
pub(crate) fn refuse(types: &ir::Types, op: AtomicOp, elem: TypeId) -> Option<LowerError> {
    // Float atomics WGSL lacks are compare-exchange loops on `atomic<u32>` words (codegen's
    // `float_atomics.rs`); a vector's are split per component before this check.
    let float_op = !matches!(op, AtomicOp::And | AtomicOp::Or | AtomicOp::Xor);
    let why = match types.kind(elem) {
        TypeKind::Scalar(Scalar::I32 | Scalar::U32) => return None,
        TypeKind::Scalar(Scalar::F32 | Scalar::F16) if float_op => return None,
        TypeKind::Scalar(Scalar::F32 | Scalar::F16) => {
            "there are no bitwise atomics on floats".to_string()
        }
        TypeKind::Scalar(Scalar::F64) => {
            "their atomic words are 32 bits wide, so a 64-bit float cannot be updated atomically"
                .to_string()
        }
        TypeKind::Scalar(_) => "they have atomics on 32-bit integers and `float` only".to_string(),
        _ => "they have atomics on scalars only (32-bit integers and `float`)".to_string(),
    };
    Some(LowerError {
        code: "E4105",
        message: format!(
            "an atomic {} on `{}` cannot be compiled for WGSL or SPIR-V: {why}; use a 32-bit \
             element (for example `float`, or an `int`/`uint` holding fixed-point values)",
            op_name(op),
            types.display(elem)
        ),
        ..crate::unsupported("")
    })
}

fn op_name(op: AtomicOp) -> &'static str {
    match op {
        AtomicOp::CompareExchange => "compare-exchange",
        _ => op.name(),
    }
}

/// Atomics work on memory shared between invocations: an element of a read-write buffer or a
/// `groupshared` variable. Other places (a GLSL `buffer` block member, a uniform, a local)
/// are refused with E4105, not left to the IR verifier.
pub(crate) fn check_root(module: &ir::Module, place: &ir::Place) -> Result<(), LowerError> {
    let ok = match place.root {
        ir::PlaceRoot::Global(g) => module.global(g).is_some_and(|g| {
            matches!(
                g.kind,
                ir::GlobalKind::Groupshared
                    | ir::GlobalKind::StorageBuffer {
                        access: ir::BufferAccess::ReadWrite
                    }
            )
        }),
        _ => false,
    };
    if ok {
        return Ok(());
    }
    let what = match place.root {
        ir::PlaceRoot::Global(g) => module
            .global(g)
            .map_or("this variable".to_string(), |g| format!("`{}`", g.name)),
        _ => "a local variable or parameter".to_string(),
    };
    Err(LowerError {
        code: "E4105",
        message: format!(
            "an atomic operation on {what} cannot be compiled for WGSL or SPIR-V: their atomics \
             work on an element of a read-write buffer or a `groupshared` variable"
        ),
        ..crate::unsupported("")
    })
}

/// E4105 for an atomic on a texel of a storage texture (`RWTexture2D<float>.InterlockedAddF32`):
/// WGSL's storage textures have no atomics for float formats, and a compare-exchange loop would
/// need the texel as an `atomic<u32>`, which a texture bound as `r32float` is not.
pub(crate) fn refuse_texel(name: &str) -> LowerError {
    LowerError {
        code: "E4105",
        message: format!(
            "the texel atomic `{name}` cannot be compiled for WGSL or SPIR-V: their storage \
             textures have no float atomics, and a float texel cannot be updated by \
             compare-exchange on its bits; keep the values in a `RWStructuredBuffer<float>` \
             (whose float atomics compile) and copy them to the texture afterwards"
        ),
        ..crate::unsupported("")
    }
}
