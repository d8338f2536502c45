//! ir: the typed, structured IR of dslang.
//!
//! Values are SSA (`ValueId`, each defined once by `Stmt::Let` of an instruction with a result
//! type); control flow is structured (`If`, `Switch`, `Loop` with a continuing block), close to
//! naga so that code generation is direct, and region-shaped so that autodiff can reverse it.
//! Memory is reached through `Place`s (local, parameter or global root plus an access path).

pub mod builder;
pub mod infer;
pub mod module;
pub mod passes;
pub mod print;
pub mod types;
mod verify;

pub use builder::FunctionBuilder;
pub use module::*;
pub use print::{print_function, print_module};
pub use types::{Field, Scalar, StructDef, StructId, TypeId, TypeKind, Types};
pub use verify::verify;
