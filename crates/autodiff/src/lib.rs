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
//! **Reverse mode** ([`backward_derivative`], `s_bwd_f`, the user guide's signature): `normalize`
//! (parameters into locals, single return, `break`/`continue` into flags and guards, `switch`
//! into an if-chain, canonical counted loops, `[ForceUnroll]` unrolled; loops need
//! `[MaxIters(N)]` or a trip count evident from a counting loop, otherwise
//! `DiffError::UnboundedLoop`), then one transcription in region order: the primal region
//! (`checkpoint`: the normalised body plus tape stores), the backward region (`transpose`: the
//! transposed linear rules of `linearize`, applied to the normalised body walked backwards, loops
//! reversed with a reverse counter), the epilogue writing the `.d` fields. Primal values the
//! backward region needs are used directly (top level), recomputed (pure instructions, loads of
//! locals the body never writes, calls to `[PreferRecompute]` callees) or stored in fixed-size
//! local arrays indexed by loop counters (`MaxIters + 1` per level). The tape lives in the
//! function (`DiffInfo::bwd_context_bytes` gives its per-thread size, [`context_size`] adds the
//! contexts of the backward derivatives it calls; a request whose total exceeds
//! [`MAX_CONTEXT_BYTES`] fails with `DiffError::ContextTooLarge`); `[PreferCheckpoint]`
//! callees are additionally extracted as in the paper into `s_primal_ctx_g` (primal code filling
//! a `g_Context` struct) and `s_bwd_prop_g` (propagation reading it), and their callers store
//! the context instead of re-running `g`'s primal code in the backward pass. Calls go to the
//! callee's backward derivative (or a registered `custom_bwd`); intrinsics without a linear rule
//! to `DiffInfo::math_bwd` functions (stdlib), never to Rust formulas.
//!
//! **Tiered tapes** (`tiers`). WGSL zero-initialises every function-local variable at function
//! entry, so a tape sized for `MaxIters` costs its full size on every call however few
//! iterations run. When a loop's tape is large, `s_bwd_f` becomes a dispatcher that first calls
//! copies whose tapes hold 16 and 64 iterations ([`TapeTiers`], default [`DEFAULT_TAPE_TIERS`];
//! `dslang compile --tape-tiers`), each giving up (returning `false` before its backward region)
//! when a loop needs more, then the full function. Only done when re-running the primal region
//! is unobservable (it writes nothing but locals, nothing synchronises); the reported context is
//! the full function's.

pub mod apply;
mod checkpoint;
pub mod diff_info;
mod emit;
pub mod linearize;
pub mod normalize;
mod ptr;
pub mod reverse;
mod thin;
mod thread;
mod tiers;
mod transpose;

pub use apply::apply_backward;
pub use diff_info::{DiffInfo, StructDiff};
pub use linearize::{DiffError, forward_derivative};
pub use reverse::{MAX_CONTEXT_BYTES, backward_derivative, context_size};
pub use thread::thread_exit_flags;
pub use tiers::{DEFAULT_TAPE_TIERS, TapeTiers};
