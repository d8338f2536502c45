//! ir: the typed, structured IR of dslang.
//!
//! Values are SSA (`ValueId`, each defined once by `Stmt::Let` of an instruction with a result
//! type); control flow is structured (`If`, `Switch`, `Loop` with a continuing block), close to
//! naga so that code generation is direct, and region-shaped so that autodiff can reverse it.
//! Memory is reached through `Place`s (local, parameter or global root plus an access path).
//!
//! Conventions:
//! - Scoping: a value is visible after its `let` in its block and in blocks nested there; a loop's
//!   `continuing` block and `break_if` also see the loop body's values (as in naga).
//! - Parameters: `In` parameters are mutable copies (stores to them stay local); `Out`/`InOut`
//!   arguments are places, copied in and out around the call.
//! - Matrices are HLSL `floatRxC`: `m[r]` is a row; `MathFn::Mul` is HLSL `mul`,
//!   `BinaryOp::Mul` is component-wise.
//! - Types are interned in `Module::types`: equal `TypeId`s are equal types.
//! - `verify` checks types, scoping and control-flow placement; `infer::infer_type` gives the
//!   result type of an instruction (the builder uses it, so hand-built IR is typed by
//!   construction).
//!
//! Printed form (`print_module`, used by `dslang compile --target ir` and snapshot tests):
//!
//! ```text
//! global buffer(read_write) outputBuffer: float
//! entry computeMain = main workgroup_size(64, 1, 1) (SV_DispatchThreadID)
//!
//! fn main(tid: uint3) -> void {
//!   local acc: float
//!   %0: uint3 = load $tid
//!   %1: uint = swizzle %0.x
//!   %2: float = convert.float %1
//!   store @outputBuffer[%1], %2
//! }
//! ```
//! `$name` is a local or parameter, `@name` a global, `%n` a value; paths use `.field`, `[n]`
//! and `[%v]`.

pub mod builder;
pub mod infer;
pub mod module;
pub mod passes;
pub mod passes_features;
pub mod passes_unroll;
pub mod print;
pub mod types;
mod verify;

pub use builder::FunctionBuilder;
pub use module::*;
pub use print::{print_function, print_module};
pub use types::{Field, MatrixLayout, Scalar, StructDef, StructId, TypeId, TypeKind, Types};
pub use verify::verify;
