//! autodiff: Slang's derivative passes on the IR (see the design note below).
//!
//! # Design
//!
//! The passes follow Slang's (`../reference/autodiff-ir-passes.md`), one module each:
//! `linearize` (forward mode, this crate today) then, for reverse mode, `unzip`, `transpose`,
//! `checkpoint` and `extract`.
//!
//! **Metadata.** What hir knows about differentiability reaches this crate as a plain table,
//! [`DiffInfo`]: `[Differentiable]` functions, custom forward derivatives, stdlib derivatives of math
//! intrinsics (`math_fwd`, overloads chosen by parameter types), primal substitutes,
//! `[TreatAsDifferentiable]`, `no_diff` parameters/returns/call sites, and the `Differential` of each
//! differentiable struct with its field mapping ([`StructDiff`]). Nothing about `sin`'s derivative
//! lives in Rust: only operators that are linear, bilinear or structural have rules in `linearize`
//! (`+ - * / %`, negation, select, conversions, construct/extract/insert/swizzle/splat, `dot`,
//! `cross`, `mul`, `transpose`, `mad`, `fma`); every other intrinsic needs a registered derivative,
//! and its absence is an error (`DiffError::NoDerivative`), never a silent zero.
//!
//! **DifferentialPair lowering.** `DifferentialPair<T>` is an ordinary IR struct
//! `DiffPair_T { p: T, d: T.Differential }`, created once per `T` by [`DiffInfo::pair_type`] (the
//! lowering must use the same function so its pairs and ours are the same `TypeId`). Pairs are
//! registered as differentiable structs with `Differential = DiffPair_<T.Differential>`, so a
//! derivative function is itself differentiable and `fwd_diff(fwd_diff(f))` is just a second
//! `forward_derivative` request on the first result (pairs of pairs). Since pairs are lowered before
//! the passes run, there is no separate pair-lowering pass, and codegen sees plain structs.
//!
//! **Reverse mode plug-in.** `linearize` produces, for every original value, a primal value and a
//! differential value in separate SSA values, differentials in separate locals (`d_<name>`), and
//! differential inputs/outputs in the `.d` fields of pair parameters. Unzip will need to know which
//! values are primal and which differential: the transcriber already holds both maps
//! (`primal`/`diff`); the next step exposes them as an inst-tag table returned beside the function
//! (primal / differential / mixed for pair constructions and calls to derivatives), exactly Slang's
//! inst-tagging. Unzip then splits each structured region into a primal copy followed by a
//! differential copy (our IR is structured, so this is a region walk, not block cloning);
//! transpose reverses the differential regions (loops with `[MaxIters]`, state recorded in
//! fixed-size arrays by checkpointing), turning each differential instruction into accumulations
//! into the operands' adjoints; calls become calls to the callee's backward derivative, again
//! through a worklist keyed like `DiffInfo::fwd_done`.

mod checkpoint;
pub mod diff_info;
mod emit;
pub mod linearize;
pub mod normalize;
pub mod reverse;
mod transpose;

pub use diff_info::{DiffInfo, StructDiff};
pub use linearize::{DiffError, forward_derivative};
pub use reverse::backward_derivative;
