//! Wave operations WGSL has no builtin for, written as loops over the subgroup's lanes with the
//! subgroup operations it has (shuffle, ballot, lane index and count):
//! - the partitioned `WaveMulti*` family: reductions and scans over the lanes a `uint4` mask
//!   names (lane `i` at component `i / 32`, bit `i % 32`);
//! - `WavePrefixMin`/`Max`/`BitAnd`/`BitOr`/`BitXor`: exclusive scans over the active lanes;
//! - `WaveMatch`: the active lanes whose value equals this lane's;
//! - `WaveGetLaneEqMask`/`Ge`/`Gt`/`Le`/`Lt`: masks relative to this lane's index;
//! - `WaveRotate` and `WaveClusteredRotate`: a shuffle from the lane `delta` places up.
//!
//! Every active lane runs the same loop over lane indices `0 .. WaveGetLaneCount()` (a trip count
//! uniform across the subgroup), reading lane `i`'s value with a shuffle, so the shuffles stay in
//! uniform control flow; each lane folds in the values of the lanes its mask (and the scan's
//! range: all, those before it, those up to it) selects. An exclusive scan with no lane before
//! gives the operation's identity (0, 1, all ones, the type's largest or smallest value; for
//! floats +inf and -inf), as SPIR-V's and GLSL's scans do.

use ir::{BinaryOp, Inst, Literal, MathFn, Place, Scalar, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{R, internal, unsupported};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fold {
    Sum,
    Product,
    Min,
    Max,
    And,
    Or,
    Xor,
    /// The number of selected lanes whose (bool) value is true.
    CountBits,
}

/// Which lanes of the mask a lane combines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Range {
    All,
    Before,
    UpTo,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LaneCmp {
    Eq,
    Ge,
    Gt,
    Le,
    Lt,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wave {
    /// A fold over the lanes; `masked`: the mask is the second argument, else the active lanes.
    Fold {
        fold: Fold,
        range: Range,
        masked: bool,
    },
    Match,
    LaneMask(LaneCmp),
    Rotate,
    ClusteredRotate,
}

fn classify(intrinsic: &str) -> Option<Wave> {
    use Fold::*;
    use Range::*;
    let multi = |fold, range| Wave::Fold {
        fold,
        range,
        masked: true,
    };
    Some(match intrinsic {
        "WaveMultiSum" => multi(Sum, All),
        "WaveMultiProduct" => multi(Product, All),
        "WaveMultiMin" => multi(Min, All),
        "WaveMultiMax" => multi(Max, All),
        "WaveMultiBitAnd" => multi(And, All),
        "WaveMultiBitOr" => multi(Or, All),
        "WaveMultiBitXor" => multi(Xor, All),
        "WaveMultiPrefixCountBits" => multi(CountBits, Before),
        "WaveMultiPrefixSum" | "WaveMultiPrefixExclusiveSum" => multi(Sum, Before),
        "WaveMultiPrefixProduct" | "WaveMultiPrefixExclusiveProduct" => multi(Product, Before),
        "WaveMultiPrefixInclusiveSum" => multi(Sum, UpTo),
        "WaveMultiPrefixInclusiveProduct" => multi(Product, UpTo),
        "WaveMultiPrefixExclusiveMin" => multi(Min, Before),
        "WaveMultiPrefixExclusiveMax" => multi(Max, Before),
        "WaveMultiPrefixInclusiveMin" => multi(Min, UpTo),
        "WaveMultiPrefixInclusiveMax" => multi(Max, UpTo),
        "WaveMultiPrefixBitAnd" | "WaveMultiPrefixExclusiveBitAnd" => multi(And, Before),
        "WaveMultiPrefixBitOr" | "WaveMultiPrefixExclusiveBitOr" => multi(Or, Before),
        "WaveMultiPrefixBitXor" | "WaveMultiPrefixExclusiveBitXor" => multi(Xor, Before),
        "WaveMultiPrefixInclusiveBitAnd" => multi(And, UpTo),
        "WaveMultiPrefixInclusiveBitOr" => multi(Or, UpTo),
        "WaveMultiPrefixInclusiveBitXor" => multi(Xor, UpTo),
        "WavePrefixMin" | "WavePrefixMax" | "WavePrefixBitAnd" | "WavePrefixBitOr"
        | "WavePrefixBitXor" => Wave::Fold {
            fold: match intrinsic {
                "WavePrefixMin" => Min,
                "WavePrefixMax" => Max,
                "WavePrefixBitAnd" => And,
                "WavePrefixBitOr" => Or,
                _ => Xor,
            },
            range: Before,
            masked: false,
        },
        "WaveMatch" => Wave::Match,
        "WaveGetLaneEqMask" => Wave::LaneMask(LaneCmp::Eq),
        "WaveGetLaneGeMask" => Wave::LaneMask(LaneCmp::Ge),
        "WaveGetLaneGtMask" => Wave::LaneMask(LaneCmp::Gt),
        "WaveGetLaneLeMask" => Wave::LaneMask(LaneCmp::Le),
        "WaveGetLaneLtMask" => Wave::LaneMask(LaneCmp::Lt),
        "WaveRotate" => Wave::Rotate,
        "WaveClusteredRotate" => Wave::ClusteredRotate,
        _ => return None,
    })
}

impl FnLower<'_, '_> {
    /// Lowers `intrinsic` when it is one of this module's wave operations; `None` when not.
    pub(super) fn wave_loop_intrinsic(
        &mut self,
        intrinsic: &str,
        args: &[hir::ExprId],
        param_tys: &[TypeId],
        ret_ty: TypeId,
    ) -> Option<R<Option<ValueId>>> {
        let wave = classify(intrinsic)?;
        Some((|| {
            let mut v = Vec::new();
            for (a, t) in args.iter().zip(param_tys) {
                v.push(self.lower_value_as(*a, *t)?);
            }
            if v.len() != param_tys.len() {
                return Err(internal("intrinsic arity"));
            }
            let r = match wave {
                Wave::Fold {
                    fold,
                    range,
                    masked,
                } => {
                    let value = *v.first().ok_or_else(|| internal("wave arity"))?;
                    let mask = if masked {
                        *v.get(1).ok_or_else(|| internal("wave arity"))?
                    } else {
                        self.active_lanes()?
                    };
                    let ty = self.vty(value);
                    let r = self.wave_fold_rows(fold, range, value, mask, ty)?;
                    self.coerce(r, ret_ty)?
                }
                Wave::Match => {
                    let value = *v.first().ok_or_else(|| internal("wave arity"))?;
                    self.wave_match(value)?
                }
                Wave::LaneMask(cmp) => self.lane_mask(cmp)?,
                Wave::Rotate | Wave::ClusteredRotate => {
                    let value = *v.first().ok_or_else(|| internal("wave arity"))?;
                    let delta = *v.get(1).ok_or_else(|| internal("wave arity"))?;
                    let cluster = v.get(2).copied();
                    self.wave_rotate(value, delta, cluster)?
                }
            };
            Ok(Some(r))
        })())
    }

    /// `WaveActiveBallot(true)`: the active lanes as a `uint4`.
    fn active_lanes(&mut self) -> R<ValueId> {
        let t = self.lit(Literal::Bool(true))?;
        self.emit(Inst::Math(MathFn::WaveActiveBallot, vec![t]), None)
    }

    fn u32_lit(&mut self, x: u32) -> R<ValueId> {
        self.lit(Literal::U32(x))
    }

    fn wbin(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> R<ValueId> {
        self.emit(Inst::Binary(op, a, b), None)
    }

    /// Whether bit `i` (a `u32` lane index) of the `uint4` mask is set.
    fn mask_has(&mut self, mask: ValueId, i: ValueId) -> R<ValueId> {
        let five = self.u32_lit(5)?;
        let k = self.wbin(BinaryOp::Shr, i, five)?;
        let word = self.emit(Inst::ExtractDyn(mask, k), None)?;
        let low = self.u32_lit(31)?;
        let bit = self.wbin(BinaryOp::BitAnd, i, low)?;
        let shifted = self.wbin(BinaryOp::Shr, word, bit)?;
        let one = self.u32_lit(1)?;
        let b = self.wbin(BinaryOp::BitAnd, shifted, one)?;
        let zero = self.u32_lit(0)?;
        self.wbin(BinaryOp::Ne, b, zero)
    }

    /// Runs `body(self, i)` for each lane index `i` (a `u32`) of the subgroup, in order.
    fn for_each_lane(&mut self, body: impl FnOnce(&mut Self, ValueId) -> R<()>) -> R<()> {
        let u32_ty = self.cx.module.types.u32();
        let counter = self.new_local("wave_lane", u32_ty);
        let zero = self.u32_lit(0)?;
        self.stmt(ir::Stmt::Store {
            place: Place::local(counter),
            value: zero,
        });
        let count = self.emit(Inst::Math(MathFn::WaveGetLaneCount, vec![]), None)?;
        let mut next = None;
        let lowered = self.block(|b| {
            let i = b.emit(Inst::Load(Place::local(counter)), None)?;
            let done = b.wbin(BinaryOp::Ge, i, count)?;
            b.stmt(ir::Stmt::If {
                cond: done,
                then_block: vec![ir::Stmt::Break],
                else_block: Vec::new(),
            });
            body(b, i)?;
            let one = b.u32_lit(1)?;
            next = Some(b.wbin(BinaryOp::Add, i, one)?);
            Ok(())
        })?;
        let continuing = self.block(|b| {
            let n = next.ok_or_else(|| internal("lane loop"))?;
            b.stmt(ir::Stmt::Store {
                place: Place::local(counter),
                value: n,
            });
            Ok(())
        })?;
        self.stmt(ir::Stmt::Loop {
            body: lowered,
            continuing,
            break_if: None,
            attrs: ir::LoopAttrs::default(),
        });
        Ok(())
    }

    /// A fold of `value` (a scalar, vector or matrix) over the lanes; a matrix row by row.
    fn wave_fold_rows(
        &mut self,
        fold: Fold,
        range: Range,
        value: ValueId,
        mask: ValueId,
        ty: TypeId,
    ) -> R<ValueId> {
        if let TypeKind::Matrix { rows, .. } = self.kind(ty) {
            let mut parts = Vec::new();
            for r in 0..u32::from(rows) {
                let row = self.emit(Inst::Extract(value, r), None)?;
                let row_ty = self.vty(row);
                parts.push(self.wave_fold(fold, range, row, mask, row_ty)?);
            }
            return self.emit(Inst::Construct(parts), Some(ty));
        }
        self.wave_fold(fold, range, value, mask, ty)
    }

    fn wave_fold(
        &mut self,
        fold: Fold,
        range: Range,
        value: ValueId,
        mask: ValueId,
        ty: TypeId,
    ) -> R<ValueId> {
        let s = self
            .cx
            .module
            .types
            .scalar_of(ty)
            .ok_or_else(|| unsupported("a wave operation on this type"))?;
        let u32_ty = self.cx.module.types.u32();
        // Bools travel as 0/1 words (subgroup shuffles take numbers).
        let (value, acc_ty) = if fold == Fold::CountBits {
            let one = self.u32_lit(1)?;
            let zero = self.u32_lit(0)?;
            let c = self.as_bool(value)?;
            let bit = self.emit(
                Inst::Select {
                    cond: c,
                    accept: one,
                    reject: zero,
                },
                None,
            )?;
            (bit, u32_ty)
        } else if s == Scalar::Bool {
            let t = self
                .cx
                .module
                .types
                .with_scalar(ty, Scalar::U32)
                .ok_or_else(|| internal("bool shape"))?;
            (self.coerce(value, t)?, t)
        } else {
            (value, ty)
        };
        let acc_scalar = if s == Scalar::Bool || fold == Fold::CountBits {
            Scalar::U32
        } else {
            s
        };
        let identity = self.fold_identity(fold, acc_scalar)?;
        let identity = self.coerce(identity, acc_ty)?;
        let acc = self.new_local("wave_acc", acc_ty);
        self.stmt(ir::Stmt::Store {
            place: Place::local(acc),
            value: identity,
        });
        let lane = match range {
            Range::All => None,
            _ => Some(self.emit(Inst::Math(MathFn::WaveGetLaneIndex, vec![]), None)?),
        };
        self.for_each_lane(|b, i| {
            let other = b.emit(Inst::Math(MathFn::WaveReadLaneAt, vec![value, i]), None)?;
            let mut take = b.mask_has(mask, i)?;
            if let Some(lane) = lane {
                let op = if range == Range::Before {
                    BinaryOp::Lt
                } else {
                    BinaryOp::Le
                };
                let order = b.wbin(op, i, lane)?;
                take = b.wbin(BinaryOp::LogicalAnd, take, order)?;
            }
            let then_block = b.block(|b| {
                let cur = b.emit(Inst::Load(Place::local(acc)), None)?;
                let next = b.fold_step(fold, cur, other)?;
                b.stmt(ir::Stmt::Store {
                    place: Place::local(acc),
                    value: next,
                });
                Ok(())
            })?;
            b.stmt(ir::Stmt::If {
                cond: take,
                then_block,
                else_block: Vec::new(),
            });
            Ok(())
        })?;
        let r = self.emit(Inst::Load(Place::local(acc)), None)?;
        if s == Scalar::Bool && fold != Fold::CountBits {
            let bool_ty = ty;
            return self.coerce(r, bool_ty);
        }
        Ok(r)
    }

    fn fold_step(&mut self, fold: Fold, a: ValueId, b: ValueId) -> R<ValueId> {
        match fold {
            Fold::Sum | Fold::CountBits => self.wbin(BinaryOp::Add, a, b),
            Fold::Product => self.wbin(BinaryOp::Mul, a, b),
            Fold::And => self.wbin(BinaryOp::BitAnd, a, b),
            Fold::Or => self.wbin(BinaryOp::BitOr, a, b),
            Fold::Xor => self.wbin(BinaryOp::BitXor, a, b),
            Fold::Min => self.emit(Inst::Math(MathFn::Min, vec![a, b]), None),
            Fold::Max => self.emit(Inst::Math(MathFn::Max, vec![a, b]), None),
        }
    }

    /// The identity of `fold` on scalars `s`.
    fn fold_identity(&mut self, fold: Fold, s: Scalar) -> R<ValueId> {
        let (int, float): (i64, f64) = match fold {
            Fold::Sum | Fold::Or | Fold::Xor | Fold::CountBits => (0, 0.0),
            Fold::Product => (1, 1.0),
            Fold::And => (-1, 0.0),
            Fold::Min => (int_bound(s, true), f64::INFINITY),
            Fold::Max => (int_bound(s, false), f64::NEG_INFINITY),
        };
        if fold == Fold::And && s.is_float() {
            return Err(unsupported("a bitwise wave operation on floats"));
        }
        self.literal_of(s, int, float)
    }

    /// `WaveMatch(value)`: the active lanes whose value equals this lane's.
    fn wave_match(&mut self, value: ValueId) -> R<ValueId> {
        let u32_ty = self.cx.module.types.u32();
        let mask_ty = self.cx.module.types.vector(Scalar::U32, 4);
        let ty = self.vty(value);
        let value = match self.cx.module.types.scalar_of(ty) {
            Some(Scalar::Bool) => {
                let t = self
                    .cx
                    .module
                    .types
                    .with_scalar(ty, Scalar::U32)
                    .ok_or_else(|| internal("bool shape"))?;
                self.coerce(value, t)?
            }
            Some(_) if !matches!(self.kind(ty), TypeKind::Matrix { .. }) => value,
            _ => return Err(unsupported("`WaveMatch` on this type")),
        };
        let active = self.active_lanes()?;
        let zero = self.emit(Inst::Zero, Some(mask_ty))?;
        let acc = self.new_local("wave_match", mask_ty);
        self.stmt(ir::Stmt::Store {
            place: Place::local(acc),
            value: zero,
        });
        let _ = u32_ty;
        self.for_each_lane(|b, i| {
            let other = b.emit(Inst::Math(MathFn::WaveReadLaneAt, vec![value, i]), None)?;
            let eq = b.wbin(BinaryOp::Eq, other, value)?;
            let eq = match b.kind(b.vty(eq)) {
                TypeKind::Vector { .. } => b.emit(Inst::Math(MathFn::All, vec![eq]), None)?,
                _ => eq,
            };
            let on = b.mask_has(active, i)?;
            let take = b.wbin(BinaryOp::LogicalAnd, eq, on)?;
            let then_block = b.block(|b| {
                let five = b.u32_lit(5)?;
                let k = b.wbin(BinaryOp::Shr, i, five)?;
                let low = b.u32_lit(31)?;
                let sh = b.wbin(BinaryOp::BitAnd, i, low)?;
                let one = b.u32_lit(1)?;
                let bit = b.wbin(BinaryOp::Shl, one, sh)?;
                let cur = b.emit(Inst::Load(Place::local(acc)), None)?;
                let word = b.emit(Inst::ExtractDyn(cur, k), None)?;
                let word = b.wbin(BinaryOp::BitOr, word, bit)?;
                b.stmt(ir::Stmt::Store {
                    place: Place::local(acc).dynamic(k),
                    value: word,
                });
                Ok(())
            })?;
            b.stmt(ir::Stmt::If {
                cond: take,
                then_block,
                else_block: Vec::new(),
            });
            Ok(())
        })?;
        self.emit(Inst::Load(Place::local(acc)), None)
    }

    /// `WaveGetLane{Eq,Ge,Gt,Le,Lt}Mask()`: the lanes (of 128) whose index compares so with
    /// this lane's.
    fn lane_mask(&mut self, cmp: LaneCmp) -> R<ValueId> {
        let mask_ty = self.cx.module.types.vector(Scalar::U32, 4);
        let lane = self.emit(Inst::Math(MathFn::WaveGetLaneIndex, vec![]), None)?;
        let five = self.u32_lit(5)?;
        let k = self.wbin(BinaryOp::Shr, lane, five)?;
        let low = self.u32_lit(31)?;
        let sh = self.wbin(BinaryOp::BitAnd, lane, low)?;
        let one = self.u32_lit(1)?;
        let all = self.u32_lit(u32::MAX)?;
        let zero = self.u32_lit(0)?;
        // In this lane's word: the bits at and above (`ge`), below (`lt`) its bit.
        let eq = self.wbin(BinaryOp::Shl, one, sh)?;
        let ge = self.wbin(BinaryOp::Shl, all, sh)?;
        let lt = self.emit(Inst::Unary(ir::UnaryOp::BitNot, ge), None)?;
        let (mine, below, above) = match cmp {
            LaneCmp::Eq => (eq, zero, zero),
            LaneCmp::Ge => (ge, zero, all),
            LaneCmp::Gt => (self.wbin(BinaryOp::BitXor, ge, eq)?, zero, all),
            LaneCmp::Le => (self.wbin(BinaryOp::BitOr, lt, eq)?, all, zero),
            LaneCmp::Lt => (lt, all, zero),
        };
        let mut parts = Vec::new();
        for c in 0..4u32 {
            let cv = self.u32_lit(c)?;
            let is_mine = self.wbin(BinaryOp::Eq, k, cv)?;
            let is_below = self.wbin(BinaryOp::Lt, cv, k)?;
            let other = self.emit(
                Inst::Select {
                    cond: is_below,
                    accept: below,
                    reject: above,
                },
                None,
            )?;
            parts.push(self.emit(
                Inst::Select {
                    cond: is_mine,
                    accept: mine,
                    reject: other,
                },
                None,
            )?);
        }
        self.emit(Inst::Construct(parts), Some(mask_ty))
    }

    /// `WaveRotate(value, delta)`: lane `(i + delta) % count`'s value; clustered: within the
    /// cluster of `clusterSize` lanes holding lane `i`.
    fn wave_rotate(
        &mut self,
        value: ValueId,
        delta: ValueId,
        cluster: Option<ValueId>,
    ) -> R<ValueId> {
        let lane = self.emit(Inst::Math(MathFn::WaveGetLaneIndex, vec![]), None)?;
        let size = match cluster {
            Some(c) => c,
            None => self.emit(Inst::Math(MathFn::WaveGetLaneCount, vec![]), None)?,
        };
        let pos = self.wbin(BinaryOp::Rem, lane, size)?;
        let base = self.wbin(BinaryOp::Sub, lane, pos)?;
        let moved = self.wbin(BinaryOp::Add, pos, delta)?;
        let wrapped = self.wbin(BinaryOp::Rem, moved, size)?;
        let source = self.wbin(BinaryOp::Add, base, wrapped)?;
        let ty = self.vty(value);
        if let TypeKind::Matrix { rows, .. } = self.kind(ty) {
            let mut parts = Vec::new();
            for r in 0..u32::from(rows) {
                let row = self.emit(Inst::Extract(value, r), None)?;
                parts.push(self.emit(Inst::Math(MathFn::WaveReadLaneAt, vec![row, source]), None)?);
            }
            return self.emit(Inst::Construct(parts), Some(ty));
        }
        if self.cx.module.types.scalar_of(ty) == Some(Scalar::Bool) {
            // Shuffles take numbers: a bool travels as 0 or 1.
            let t = self
                .cx
                .module
                .types
                .with_scalar(ty, Scalar::U32)
                .ok_or_else(|| internal("bool shape"))?;
            let bits = self.coerce(value, t)?;
            let r = self.emit(Inst::Math(MathFn::WaveReadLaneAt, vec![bits, source]), None)?;
            return self.coerce(r, ty);
        }
        let r = self.emit(
            Inst::Math(MathFn::WaveReadLaneAt, vec![value, source]),
            None,
        )?;
        self.coerce(r, ty)
    }
}

/// The largest (`max`) or smallest integer of `s`, as an `i64` (unsigned 64-bit: its bits).
fn int_bound(s: Scalar, max: bool) -> i64 {
    if s == Scalar::Bool {
        return i64::from(max);
    }
    let bits = s.bits().min(64);
    match (s.is_signed_int(), max) {
        (true, true) if bits >= 64 => i64::MAX,
        (true, false) if bits >= 64 => i64::MIN,
        (true, true) => (1i64 << (bits - 1)) - 1,
        (true, false) => -(1i64 << (bits - 1)),
        (false, true) if bits >= 64 => -1,
        (false, true) => (1i64 << bits) - 1,
        (false, false) => 0,
    }
}
