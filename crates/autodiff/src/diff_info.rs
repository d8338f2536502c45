//! The differentiability table: what the lowering (from hir) tells autodiff about functions and
//! types, plus the `DifferentialPair<T>` struct types autodiff creates.

use ir::{FuncId, MathFn, TypeId, TypeKind, Types, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

/// How a differentiable struct maps to its `Differential`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructDiff {
    /// The `Differential` type (a struct; possibly the struct itself).
    pub diff_ty: TypeId,
    /// For each field of the primal struct, the index of the field holding its derivative in
    /// `diff_ty` (`None`: the field is not differentiable, e.g. an `int` or a `no_diff` field).
    pub fields: Vec<Option<u32>>,
}

/// Differentiability metadata of a module, filled by the lowering from hir (and by hand in tests).
#[derive(Clone, Debug, Default)]
pub struct DiffInfo {
    /// `[Differentiable]` functions (generated derivative functions are added automatically, so
    /// that they can be differentiated again).
    pub differentiable: FxHashSet<FuncId>,
    /// `[ForwardDerivative(d)]` on `f`: `f -> d`. `d` must have `f`'s forward signature.
    pub custom_fwd: FxHashMap<FuncId, FuncId>,
    /// Forward derivatives of math intrinsics, declared in the stdlib as `[ForwardDerivative]`
    /// functions; overloads are told apart by their parameter types (`DifferentialPair<T>` of the
    /// intrinsic's argument types).
    pub math_fwd: FxHashMap<MathFn, Vec<FuncId>>,
    /// `[PrimalSubstitute(g)]` on `f`: the derivative of `f` is synthesised from `g`'s body.
    pub primal_substitute: FxHashMap<FuncId, FuncId>,
    /// `[TreatAsDifferentiable]`: differentiable with zero derivatives.
    pub treat_as_differentiable: FxHashSet<FuncId>,
    /// `no_diff` parameters by index: they keep their primal type and carry no derivative.
    pub no_diff_params: FxHashMap<FuncId, FxHashSet<u32>>,
    /// Functions whose return type is `no_diff`: the result stays a plain value.
    pub no_diff_return: FxHashSet<FuncId>,
    /// `no_diff f(x)` call sites: (function containing the call, the call's value).
    pub no_diff_calls: FxHashSet<(FuncId, ValueId)>,
    /// Differentiable structs (`IDifferentiable` conformance), keyed by the struct's type.
    pub struct_diffs: FxHashMap<TypeId, StructDiff>,
    /// Structs whose differential carries a presence flag (`Optional<T>`: `{value, hasValue}`,
    /// its differential `Optional<T.Differential>`): the struct type (primal or differential)
    /// -> the index of the `bool` field, at the same index in both. A derivative built from a
    /// primal value takes the primal's flag; one accumulated through the value field has it set;
    /// zero is "absent" and sums are `||` (the core module's `dzero`/`dadd` of `Optional`).
    pub flag_fields: FxHashMap<TypeId, u32>,
    /// `DifferentialPair<T>` struct for each `T` (key) created so far.
    pairs: FxHashMap<TypeId, TypeId>,
    /// The inverse of `pairs`.
    pair_primals: FxHashMap<TypeId, TypeId>,
    /// Transcribed forward derivatives: `f -> s_fwd_f`.
    pub(crate) fwd_done: FxHashMap<FuncId, FuncId>,
    /// `[BackwardDerivative(d)]` on `f`: `f -> d`. `d` must have `f`'s backward signature.
    pub custom_bwd: FxHashMap<FuncId, FuncId>,
    /// Backward derivatives of math intrinsics (stdlib `[BackwardDerivative]` functions):
    /// `void d(inout DifferentialPair<T> x, ..., T.Differential dOut)`, told apart by types.
    pub math_bwd: FxHashMap<MathFn, Vec<FuncId>>,
    /// `[PreferRecompute]` callees: the caller's backward pass re-runs their primal code.
    pub prefer_recompute: FxHashSet<FuncId>,
    /// `[PreferCheckpoint]` callees: the caller stores their outputs instead of recomputing
    /// them where it needs them (see `reverse`).
    pub prefer_checkpoint: FxHashSet<FuncId>,
    /// Transcribed backward derivatives: `f -> s_bwd_f`.
    pub(crate) bwd_done: FxHashMap<FuncId, FuncId>,
    /// `[PreferCheckpoint]` callees split as in the paper: `f -> (s_primal_ctx_f,
    /// s_bwd_prop_f, context struct)`.
    pub bwd_split: FxHashMap<FuncId, (FuncId, FuncId, TypeId)>,
    /// Backward derivatives already transcribed (or being transcribed).
    pub(crate) bwd_transcribed: FxHashSet<FuncId>,
    /// Per-thread context (tape) size in bytes of each generated backward derivative: the
    /// fixed-size local storage its primal pass fills for its backward pass.
    pub bwd_context_bytes: FxHashMap<FuncId, u32>,
    /// `IDifferentiablePtrType` types (locations): the type -> its `Differential` (a location
    /// type too). Not differentiable values: they have no `dzero`/`dadd` and are never
    /// accumulated; a derivative takes them as `DifferentialPtrPair`s (see `ptr`).
    pub ptr_diffs: FxHashMap<TypeId, TypeId>,
    /// `DifferentialPtrPair<T>` struct for each ptr type `T` (key).
    ptr_pairs: FxHashMap<TypeId, TypeId>,
    /// Functions with ptr parameters -> their twin taking `DifferentialPtrPair`s (`ptr`).
    pub(crate) ptr_twins: FxHashMap<FuncId, FuncId>,
    /// The inverse of `ptr_twins`: a twin's derivatives are its original's.
    pub(crate) ptr_twin_origin: FxHashMap<FuncId, FuncId>,
    /// Tape capacities of the tiers backward derivatives are split into (`tiers`; default
    /// [`crate::DEFAULT_TAPE_TIERS`]).
    pub tape_tiers: crate::TapeTiers,
    /// Store loop-carried values in every run (no `crate::thin` thinning): for comparisons.
    pub whole_tapes: bool,
}

impl DiffInfo {
    pub fn new() -> DiffInfo {
        DiffInfo::default()
    }

    /// `T.Differential`, or `None` when `T` is not differentiable. Float scalars, vectors and
    /// matrices are their own differential; arrays follow their element; structs need an entry in
    /// `struct_diffs` (see `derive_struct_differential`).
    pub fn diff_type(&self, types: &mut Types, ty: TypeId) -> Option<TypeId> {
        match *types.kind(ty) {
            TypeKind::Scalar(s)
            | TypeKind::Vector { scalar: s, .. }
            | TypeKind::Matrix { scalar: s, .. }
                if s.is_float() =>
            {
                Some(ty)
            }
            TypeKind::Array { elem, len } => {
                let d = self.diff_type(types, elem)?;
                Some(types.array(d, len))
            }
            TypeKind::Struct(_) => self.struct_diffs.get(&ty).map(|s| s.diff_ty),
            _ => None,
        }
    }

    pub fn is_differentiable_type(&self, types: &mut Types, ty: TypeId) -> bool {
        self.diff_type(types, ty).is_some()
    }

    /// `DifferentialPair<T>`: a struct `{p: T, d: T.Differential}`, created once per `T`. The pair
    /// is itself differentiable with `Differential = DifferentialPair<T.Differential>` (what
    /// higher-order differentiation needs). `None` when `T` is not differentiable.
    pub fn pair_type(&mut self, types: &mut Types, ty: TypeId) -> Option<TypeId> {
        if let Some(&p) = self.pairs.get(&ty) {
            return Some(p);
        }
        let d = self.diff_type(types, ty)?;
        let name = format!("DiffPair_{}", mangle(&types.display(ty)));
        let pair = types.add_struct(&name, vec![("p", ty), ("d", d)]);
        self.pairs.insert(ty, pair);
        self.pair_primals.insert(pair, ty);
        // T.Differential.Differential == T.Differential, so this recursion stops after one step.
        let diff_pair = if d == ty {
            pair
        } else {
            self.pair_type(types, d)?
        };
        self.struct_diffs.insert(
            pair,
            StructDiff {
                diff_ty: diff_pair,
                fields: vec![Some(0), Some(1)],
            },
        );
        Some(pair)
    }

    /// `DifferentialPtrPair<T>` for an `IDifferentiablePtrType` `T` (registered in `ptr_diffs`):
    /// a struct `{p: T, d: T.Differential}` created once per `T`, not differentiable itself.
    pub fn ptr_pair_type(&mut self, types: &mut Types, ty: TypeId) -> Option<TypeId> {
        if let Some(&p) = self.ptr_pairs.get(&ty) {
            return Some(p);
        }
        let d = *self.ptr_diffs.get(&ty)?;
        let name = format!("DiffPtrPair_{}", mangle(&types.display(ty)));
        let pair = types.add_struct(&name, vec![("p", ty), ("d", d)]);
        self.ptr_pairs.insert(ty, pair);
        Some(pair)
    }

    /// Whether `ty` is an `IDifferentiablePtrType` type.
    pub fn is_ptr_type(&self, ty: TypeId) -> bool {
        self.ptr_diffs.contains_key(&ty)
    }

    /// The `T` of a `DifferentialPair<T>` struct (`None` for other types).
    pub fn pair_primal(&self, pair: TypeId) -> Option<TypeId> {
        self.pair_primals.get(&pair).copied()
    }

    /// Synthesises `IDifferentiable` for a struct as Slang does: the differential holds the
    /// differentiable fields (`no_diff_fields` excluded); when that is every field with the same
    /// types, the struct is its own differential, otherwise a `<Name>_Differential` struct is
    /// created (itself its own differential). Returns the differential type.
    pub fn derive_struct_differential(
        &mut self,
        types: &mut Types,
        ty: TypeId,
        no_diff_fields: &[u32],
    ) -> Option<TypeId> {
        if let Some(sd) = self.struct_diffs.get(&ty) {
            return Some(sd.diff_ty);
        }
        let TypeKind::Struct(id) = *types.kind(ty) else {
            return None;
        };
        let def = types.struct_def(id)?.clone();
        let mut map = Vec::new();
        let mut diff_fields: Vec<(String, TypeId)> = Vec::new();
        for (i, f) in def.fields.iter().enumerate() {
            let d = if no_diff_fields.contains(&(i as u32)) {
                None
            } else {
                self.diff_type(types, f.ty)
            };
            match d {
                Some(d) => {
                    map.push(Some(diff_fields.len() as u32));
                    diff_fields.push((f.name.clone(), d));
                }
                None => map.push(None),
            }
        }
        let same = map.iter().all(Option::is_some)
            && def
                .fields
                .iter()
                .zip(&diff_fields)
                .all(|(f, (_, d))| f.ty == *d);
        let diff_ty = if same {
            ty
        } else if diff_fields.is_empty() {
            // No field has a derivative: WGSL has no empty structs, so the differential holds
            // one unused word that is never differentiated (its values are always zero).
            let u = types.u32();
            let d = types.add_struct(&format!("{}_Differential", def.name), vec![("_empty", u)]);
            self.struct_diffs.insert(
                d,
                StructDiff {
                    diff_ty: d,
                    fields: vec![None],
                },
            );
            d
        } else {
            let fields = diff_fields.iter().map(|(n, t)| (n.as_str(), *t)).collect();
            let d = types.add_struct(&format!("{}_Differential", def.name), fields);
            let n = diff_fields.len();
            self.struct_diffs.insert(
                d,
                StructDiff {
                    diff_ty: d,
                    fields: (0..n as u32).map(Some).collect(),
                },
            );
            d
        };
        self.struct_diffs.insert(
            ty,
            StructDiff {
                diff_ty,
                fields: map,
            },
        );
        Some(diff_ty)
    }

    /// The struct-field mapping of a differentiable struct type.
    pub fn struct_diff(&self, ty: TypeId) -> Option<&StructDiff> {
        self.struct_diffs.get(&ty)
    }

    /// Registers `d` as the forward derivative of math intrinsic `f` (one overload).
    pub fn register_math_fwd(&mut self, f: MathFn, d: FuncId) {
        self.math_fwd.entry(f).or_default().push(d);
    }

    /// Registers `d` as the backward derivative of math intrinsic `f` (one overload).
    pub fn register_math_bwd(&mut self, f: MathFn, d: FuncId) {
        self.math_bwd.entry(f).or_default().push(d);
    }

    /// The backward derivative already made (or registered) for `f`, if any.
    pub fn backward_of(&self, f: FuncId) -> Option<FuncId> {
        self.custom_bwd
            .get(&f)
            .or_else(|| self.bwd_done.get(&f))
            .copied()
    }

    pub fn is_no_diff_param(&self, f: FuncId, i: u32) -> bool {
        self.no_diff_params.get(&f).is_some_and(|s| s.contains(&i))
    }

    /// The forward derivative already made (or registered) for `f`, if any.
    pub fn forward_of(&self, f: FuncId) -> Option<FuncId> {
        self.custom_fwd
            .get(&f)
            .or_else(|| self.fwd_done.get(&f))
            .copied()
    }
}

/// A type's display name as an identifier fragment (`float[4]` -> `float_4`).
fn mangle(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    while out.ends_with('_') {
        out.pop();
    }
    out
}
