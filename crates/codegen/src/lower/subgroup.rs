//! Subgroup (wave) operations: HLSL's `Wave*` and `Quad*` intrinsics as naga subgroup
//! statements (WGSL `subgroupAdd`, `subgroupShuffle`, `quadSwapX`...; SPIR-V
//! `OpGroupNonUniform*`). They need the SUBGROUP device feature; naga 30's WGSL writes them without
//! an `enable subgroups;` directive (its WGSL front end, which wgpu runs, rejects the directive).
//!
//! The lane index and subgroup size are entry-point builtins in WGSL; HLSL reads them anywhere.
//! When some function asks for them, the entry point copies them into two private globals first
//! (as slangc does), and the queries load those. `WaveGetWaveIndex` reads a third one, filled
//! from `subgroup_id` (compute only: every dslang entry point is a compute one), added only when
//! some function asks for it.

use naga::{CollectiveOperation as Co, GatherMode, SubgroupOperation as So};

use super::*;

/// Names of the private globals that hold the entry point's subgroup builtins.
const LANE_INDEX_NAME: &str = "dslang_lane_index";
const LANE_COUNT_NAME: &str = "dslang_lane_count";
const WAVE_INDEX_NAME: &str = "dslang_wave_index";

/// The private `u32` globals holding `subgroup_invocation_id` and `subgroup_size`.
#[derive(Clone, Copy)]
pub(super) struct LaneGlobals {
    index: Handle<naga::GlobalVariable>,
    count: Handle<naga::GlobalVariable>,
    /// `subgroup_id`, when `WaveGetWaveIndex` is used.
    wave: Option<Handle<naga::GlobalVariable>>,
}

/// Operations that read the lane index or the subgroup size.
fn needs_lane_builtins(f: MathFn) -> bool {
    matches!(
        f,
        MathFn::WaveGetLaneIndex
            | MathFn::WaveGetLaneCount
            | MathFn::WaveGetWaveIndex
            | MathFn::WaveIsFirstLane
            | MathFn::QuadReadLaneAt
    )
}

/// Whether any function of `m` evaluates a lane query (only then the entry points get the
/// subgroup builtins, which need the SUBGROUP feature).
pub(super) fn uses_lane_builtins(m: &ir::Module) -> bool {
    m.functions.iter().any(|f| {
        live_insts(f)
            .iter()
            .any(|i| matches!(i, Inst::Math(op, _) if needs_lane_builtins(*op)))
    })
}

/// Whether any function of `m` asks for its subgroup's index in the workgroup.
fn uses_wave_index(m: &ir::Module) -> bool {
    m.functions.iter().any(|f| {
        live_insts(f)
            .iter()
            .any(|i| matches!(i, Inst::Math(MathFn::WaveGetWaveIndex, _)))
    })
}

impl Lowerer<'_> {
    pub(super) fn missing_subgroups(&self, what: &str) -> CodegenError {
        CodegenError::MissingFeature {
            what: format!("the subgroup operation `{what}`"),
            feature: "SUBGROUP",
            target: self.opts.target,
        }
    }

    /// Declares the two private globals (called once, before any function is lowered).
    pub(super) fn add_lane_globals(&mut self, m: &ir::Module) -> Result<LaneGlobals> {
        if !self.opts.subgroups {
            return Err(self.missing_subgroups("WaveGetLaneIndex"));
        }
        let u32_ty = self.scalar_type(Scalar::U32)?;
        let mut global = |name: &str| {
            self.out.global_variables.append(
                naga::GlobalVariable {
                    name: Some(name.to_string()),
                    space: AddressSpace::Private,
                    binding: None,
                    ty: u32_ty,
                    init: None,
                    memory_decorations: naga::MemoryDecorations::empty(),
                },
                Span::UNDEFINED,
            )
        };
        let index = global(LANE_INDEX_NAME);
        let count = global(LANE_COUNT_NAME);
        let wave = uses_wave_index(m).then(|| global(WAVE_INDEX_NAME));
        Ok(LaneGlobals { index, count, wave })
    }

    /// Gives an entry function the two subgroup builtins as extra arguments and stores them into
    /// the private globals before its body runs.
    pub(super) fn bind_lane_builtins(&mut self, function: &mut naga::Function) -> Result<()> {
        let Some(lanes) = self.lanes else {
            return Ok(());
        };
        let u32_ty = self.scalar_type(Scalar::U32)?;
        let mut prologue = NBlock::new();
        let wave = lanes
            .wave
            .map(|g| (WAVE_INDEX_NAME, naga::BuiltIn::SubgroupId, g));
        for (name, builtin, global) in [
            (
                LANE_INDEX_NAME,
                naga::BuiltIn::SubgroupInvocationId,
                lanes.index,
            ),
            (LANE_COUNT_NAME, naga::BuiltIn::SubgroupSize, lanes.count),
        ]
        .into_iter()
        .chain(wave)
        {
            let position = function.arguments.len() as u32;
            function.arguments.push(naga::FunctionArgument {
                name: Some(format!("{name}_in")),
                ty: u32_ty,
                binding: Some(naga::Binding::BuiltIn(builtin)),
            });
            let value = function
                .expressions
                .append(E::FunctionArgument(position), Span::UNDEFINED);
            let pointer = function
                .expressions
                .append(E::GlobalVariable(global), Span::UNDEFINED);
            prologue.push(S::Store { pointer, value }, Span::UNDEFINED);
        }
        let body = std::mem::take(&mut function.body);
        prologue.extend_block(body);
        function.body = prologue;
        Ok(())
    }

    fn lane_builtin(
        &self,
        cx: &mut FnCx,
        out: &mut NBlock,
        pick: fn(LaneGlobals) -> Option<Handle<naga::GlobalVariable>>,
    ) -> Result<Handle<E>> {
        let global = self
            .lanes
            .and_then(pick)
            .ok_or_else(|| cx.err("lane query without the lane globals"))?;
        let pointer = cx.add(out, E::GlobalVariable(global));
        Ok(cx.add(out, E::Load { pointer }))
    }

    /// A subgroup operation `f(args)` of IR result type `ty`.
    pub(super) fn subgroup(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        args: &[ValueId],
        ty: TypeId,
    ) -> Result<Handle<E>> {
        if !self.opts.subgroups {
            return Err(self.missing_subgroups(f.name()));
        }
        let a = args
            .iter()
            .map(|&v| cx.value(v))
            .collect::<Result<Vec<_>>>()?;
        if a.len() != f.arity() {
            return Err(cx.err(format!("{} with {} arguments", f.name(), a.len())));
        }
        if is_gather(f) && self.types().scalar_of(cx.vty(args[0])?) == Some(Scalar::Bool) {
            return self.bool_gather(cx, out, f, args, ty, a);
        }
        let result_ty = self.ty(ty, Repr::VALUE)?;
        use MathFn::*;
        let collective = |op, collective_op| Some((op, collective_op));
        let reduce = match f {
            WaveActiveSum => collective(So::Add, Co::Reduce),
            WaveActiveProduct => collective(So::Mul, Co::Reduce),
            WaveActiveMin => collective(So::Min, Co::Reduce),
            WaveActiveMax => collective(So::Max, Co::Reduce),
            WaveActiveBitAnd => collective(So::And, Co::Reduce),
            WaveActiveBitOr => collective(So::Or, Co::Reduce),
            WaveActiveBitXor => collective(So::Xor, Co::Reduce),
            WaveActiveAllTrue => collective(So::All, Co::Reduce),
            WaveActiveAnyTrue => collective(So::Any, Co::Reduce),
            WavePrefixSum => collective(So::Add, Co::ExclusiveScan),
            WavePrefixProduct => collective(So::Mul, Co::ExclusiveScan),
            _ => None,
        };
        if let Some((op, collective_op)) = reduce {
            return Ok(self.collective(cx, out, op, collective_op, a[0], result_ty));
        }
        Ok(match f {
            WaveGetLaneIndex => self.lane_builtin(cx, out, |l| Some(l.index))?,
            WaveGetLaneCount => self.lane_builtin(cx, out, |l| Some(l.count))?,
            WaveGetWaveIndex => self.lane_builtin(cx, out, |l| l.wave)?,
            WaveIsFirstLane => {
                // No `subgroupElect` in naga: the first active lane is the one whose index
                // equals the index broadcast from the first active lane.
                let lane = self.lane_builtin(cx, out, |l| Some(l.index))?;
                let u32_ty = self.scalar_type(Scalar::U32)?;
                let first = gather(cx, out, GatherMode::BroadcastFirst, lane, u32_ty);
                self.bin(cx, out, Bo::Equal, lane, first)
            }
            WaveActiveCountBits | WavePrefixCountBits => {
                // The number of (earlier) lanes whose predicate holds: a sum of 0s and 1s.
                let u32_ty = self.scalar_type(Scalar::U32)?;
                let one = cx.add(out, E::Literal(naga::Literal::U32(1)));
                let zero = cx.add(out, E::Literal(naga::Literal::U32(0)));
                let bit = cx.add(
                    out,
                    E::Select {
                        condition: a[0],
                        accept: one,
                        reject: zero,
                    },
                );
                let scope = if f == WaveActiveCountBits {
                    Co::Reduce
                } else {
                    Co::ExclusiveScan
                };
                self.collective(cx, out, So::Add, scope, bit, u32_ty)
            }
            WaveActiveBallot => {
                let result = cx.add_result(E::SubgroupBallotResult);
                push(
                    out,
                    S::SubgroupBallot {
                        result,
                        predicate: Some(a[0]),
                    },
                );
                result
            }
            _ if is_gather(f) => self.gather_op(cx, out, f, args, &a, result_ty)?,
            _ => return Err(cx.err(format!("{} is not a subgroup operation", f.name()))),
        })
    }

    /// A lane-to-lane copy (`is_gather`) of the lowered arguments `a`.
    fn gather_op(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        args: &[ValueId],
        a: &[Handle<E>],
        result_ty: Handle<Type>,
    ) -> Result<Handle<E>> {
        use MathFn::*;
        Ok(match f {
            WaveReadLaneAt => {
                let lane = self.lane_index_u32(cx, out, args[1], a[1])?;
                gather(cx, out, GatherMode::Shuffle(lane), a[0], result_ty)
            }
            WaveReadLaneFirst => gather(cx, out, GatherMode::BroadcastFirst, a[0], result_ty),
            QuadReadAcrossX => quad_swap(cx, out, naga::Direction::X, a[0], result_ty),
            QuadReadAcrossY => quad_swap(cx, out, naga::Direction::Y, a[0], result_ty),
            QuadReadAcrossDiagonal => {
                quad_swap(cx, out, naga::Direction::Diagonal, a[0], result_ty)
            }
            QuadReadLaneAt => {
                // naga's quadBroadcast wants a constant lane: shuffle to lane `quad * 4 + i`.
                let i = self.lane_index_u32(cx, out, args[1], a[1])?;
                let lane = self.lane_builtin(cx, out, |l| Some(l.index))?;
                let quad_mask = cx.add(out, E::Literal(naga::Literal::U32(!3)));
                let in_quad = cx.add(out, E::Literal(naga::Literal::U32(3)));
                let base = self.bin(cx, out, Bo::And, lane, quad_mask);
                let offset = self.bin(cx, out, Bo::And, i, in_quad);
                let source = self.bin(cx, out, Bo::InclusiveOr, base, offset);
                gather(cx, out, GatherMode::Shuffle(source), a[0], result_ty)
            }
            _ => return Err(cx.err(format!("{} is not a lane-to-lane copy", f.name()))),
        })
    }

    /// A lane-to-lane copy of booleans, which subgroup operations do not take: the values as
    /// `u32` across the lanes, then compared back (scalars and vectors alike).
    fn bool_gather(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        args: &[ValueId],
        ty: TypeId,
        mut a: Vec<Handle<E>>,
    ) -> Result<Handle<E>> {
        let words_ty = match self.types().kind(ty) {
            TypeKind::Vector { size, .. } => self.vector_type(Scalar::U32, *size)?,
            _ => self.scalar_type(Scalar::U32)?,
        };
        a[0] = cx.add(
            out,
            E::As {
                expr: a[0],
                kind: naga::ScalarKind::Uint,
                convert: Some(4),
            },
        );
        let words = self.gather_op(cx, out, f, args, &a, words_ty)?;
        Ok(cx.add(
            out,
            E::As {
                expr: words,
                kind: naga::ScalarKind::Bool,
                convert: Some(naga::BOOL_WIDTH),
            },
        ))
    }

    /// A subgroup operation on values of any representation, held as words when they are wide
    /// (64-bit integers emulated as `vec2<u32>`): lane-to-lane copies move every word and the
    /// bitwise reductions work word by word; the arithmetic ones would need carries and
    /// comparisons across the words, which naga's collectives cannot give.
    pub(super) fn wide_subgroup(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        args: &[ValueId],
        ty: TypeId,
    ) -> Result<Handle<E>> {
        use MathFn::*;
        let wordwise =
            is_gather(f) || matches!(f, WaveActiveBitAnd | WaveActiveBitOr | WaveActiveBitXor);
        if !wordwise {
            return Err(CodegenError::Unsupported {
                what: format!(
                    "`{}` of a 64-bit integer (without the device feature SHADER_INT64, 64-bit \
                     integers are pairs of 32-bit words; subgroup operations move them or \
                     combine them bitwise only)",
                    f.name()
                ),
                target: self.opts.target,
            });
        }
        self.subgroup(cx, out, f, args, ty)
    }

    /// A subgroup operation on one element `e` (of emulated 64-bit scalar type `s`) of a vector
    /// or matrix: lane-to-lane copies move both words, the bitwise reductions combine them word
    /// by word.
    pub(super) fn wide_subgroup_component(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        f: MathFn,
        args: &[ValueId],
        e: Handle<E>,
        s: Scalar,
    ) -> Result<Handle<E>> {
        use MathFn::*;
        if !self.opts.subgroups {
            return Err(self.missing_subgroups(f.name()));
        }
        let ty = self.wide_type()?;
        let mut a = vec![e];
        for &v in &args[1..] {
            a.push(cx.value(v)?);
        }
        match f {
            _ if is_gather(f) => self.gather_op(cx, out, f, args, &a, ty),
            WaveActiveBitAnd | WaveActiveBitOr | WaveActiveBitXor if s != Scalar::F64 => {
                let op = match f {
                    WaveActiveBitAnd => So::And,
                    WaveActiveBitOr => So::Or,
                    _ => So::Xor,
                };
                Ok(self.collective(cx, out, op, Co::Reduce, e, ty))
            }
            _ => Err(CodegenError::Unsupported {
                what: format!(
                    "`{}` of a vector of `{}` (emulated on pairs of 32-bit words)",
                    f.name(),
                    s.name()
                ),
                target: self.opts.target,
            }),
        }
    }

    fn collective(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: So,
        collective_op: Co,
        argument: Handle<E>,
        ty: Handle<Type>,
    ) -> Handle<E> {
        let result = cx.add_result(E::SubgroupOperationResult { ty });
        push(
            out,
            S::SubgroupCollectiveOperation {
                op,
                collective_op,
                argument,
                result,
            },
        );
        result
    }

    /// A lane index operand as `u32` (HLSL takes `uint`; an `int` is converted).
    pub(super) fn lane_index_u32(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        v: ValueId,
        h: Handle<E>,
    ) -> Result<Handle<E>> {
        let ty = cx.vty(v)?;
        Ok(match self.types().scalar_of(ty) {
            Some(Scalar::U32) => h,
            _ => cx.add(
                out,
                E::As {
                    expr: h,
                    kind: naga::ScalarKind::Uint,
                    convert: Some(4),
                },
            ),
        })
    }
}

/// Operations that copy a value from one lane to another, whatever its type.
fn is_gather(f: MathFn) -> bool {
    matches!(
        f,
        MathFn::WaveReadLaneAt
            | MathFn::WaveReadLaneFirst
            | MathFn::QuadReadAcrossX
            | MathFn::QuadReadAcrossY
            | MathFn::QuadReadAcrossDiagonal
            | MathFn::QuadReadLaneAt
    )
}

pub(super) fn gather(
    cx: &mut FnCx,
    out: &mut NBlock,
    mode: GatherMode,
    argument: Handle<E>,
    ty: Handle<Type>,
) -> Handle<E> {
    let result = cx.add_result(E::SubgroupOperationResult { ty });
    push(
        out,
        S::SubgroupGather {
            mode,
            argument,
            result,
        },
    );
    result
}

fn quad_swap(
    cx: &mut FnCx,
    out: &mut NBlock,
    direction: naga::Direction,
    argument: Handle<E>,
    ty: Handle<Type>,
) -> Handle<E> {
    gather(cx, out, GatherMode::QuadSwap(direction), argument, ty)
}
