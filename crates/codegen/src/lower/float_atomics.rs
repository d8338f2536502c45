//! Atomics WGSL has no builtin for, made exact with compare-exchange loops on `atomic<u32>`
//! words: every atomic on `half` and, unless the device's native `atomic<f32>` add/sub/exchange
//! apply, on `float` (add, sub, min, max, exchange, compare-exchange), and atomics on vector
//! components (split per component by lowering). The buffer or `groupshared` variable they apply
//! to is laid out byte by byte in `atomic<u32>` words (`narrow_mem.rs`); an atomic on the scalar
//! at a byte offset loads its word, computes the new value from the bits of the old one, and
//! swaps the word with `atomicCompareExchangeWeak` until no other invocation changed it in
//! between. A 16-bit scalar replaces only its half of the word, so neighbours are kept.
//! 32-bit integer add/sub/and/or/xor/exchange on such words stay native atomics.

use super::narrow_mem::{ByteOffset, Words, scalar_bytes};
use super::*;

/// Whether an atomic `op` on an element of scalar `s` needs the word representation
/// (`native_f32`: the device's `atomic<f32>` add/sub/exchange are enabled).
fn needs_words(op: AtomicOp, s: Option<Scalar>, native_f32: bool) -> bool {
    match s {
        Some(Scalar::I32 | Scalar::U32) => false,
        Some(Scalar::F32) => {
            !(native_f32 && matches!(op, AtomicOp::Add | AtomicOp::Sub | AtomicOp::Exchange))
        }
        _ => true,
    }
}

/// Whether the access path of `place` (from a value of type `ty`) goes through a vector (an
/// atomic on a component).
fn through_vector(types: &ir::Types, mut ty: TypeId, path: &[Access]) -> bool {
    for a in path {
        ty = match types.kind(ty) {
            TypeKind::Vector { .. } | TypeKind::Matrix { .. } => return true,
            TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => *elem,
            TypeKind::Struct(id) => {
                let (Access::Field(i) | Access::Index(i)) = a else {
                    return false;
                };
                match types
                    .struct_def(*id)
                    .and_then(|d| d.fields.get(*i as usize))
                {
                    Some(f) => f.ty,
                    None => return false,
                }
            }
            _ => return false,
        };
    }
    false
}

/// The globals (read-write storage buffers and `groupshared` variables) that some atomic needs
/// laid out in `atomic<u32>` words.
pub(super) fn word_atomic_globals(
    m: &ir::Module,
    types: &ir::Types,
    native_f32: bool,
) -> FxHashSet<GlobalId> {
    let mut out = FxHashSet::default();
    for f in &m.functions {
        for inst in live_insts(f) {
            let Inst::Atomic {
                op,
                place:
                    place @ Place {
                        root: PlaceRoot::Global(g),
                        ..
                    },
                value,
                ..
            } = inst
            else {
                continue;
            };
            let Some(global) = m.globals.get(g.0 as usize) else {
                continue;
            };
            // A storage buffer's place starts with the index of its element.
            let path = match global.kind {
                GlobalKind::StorageBuffer { .. } => place.path.get(1..).unwrap_or(&[]),
                _ => &place.path[..],
            };
            let s = f.value_ty(*value).and_then(|t| types.scalar_of(t));
            if needs_words(*op, s, native_f32) || through_vector(types, global.ty, path) {
                out.insert(*g);
            }
        }
    }
    out
}

impl Lowerer<'_> {
    /// An atomic `op` on the scalar of type `ty` at `off` in the word-laid-out global `base`;
    /// the old value.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn words_atomic(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: AtomicOp,
        (base, words, off): (Handle<E>, Words, ByteOffset),
        value: Handle<E>,
        compare: Option<Handle<E>>,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        if words.uniform || !words.atomic {
            return Err(cx.err("atomic on read-only words"));
        }
        let s = self
            .types()
            .scalar_of(ty)
            .filter(|_| matches!(self.types().kind(ty), TypeKind::Scalar(_)))
            .ok_or_else(|| cx.err("atomic on a non-scalar word place"))?;
        let n = scalar_bytes(s).ok_or_else(|| CodegenError::Unsupported {
            what: format!("an atomic operation on `{}`", s.name()),
            target: self.opts.target,
        })?;
        let (w, shift) = self.word_at(cx, out, off);
        let ptr = self.word_ptr(cx, out, base, words, w);
        let u32_ty = self.scalar_type(Scalar::U32)?;
        let t = self.ty(ty, Repr::VALUE)?;
        // Whole 32-bit integers: the native atomic on the word (the same bits for `int`).
        let native = match op {
            AtomicOp::Add => Some(naga::AtomicFunction::Add),
            AtomicOp::Sub => Some(naga::AtomicFunction::Subtract),
            AtomicOp::And => Some(naga::AtomicFunction::And),
            AtomicOp::Or => Some(naga::AtomicFunction::InclusiveOr),
            AtomicOp::Xor => Some(naga::AtomicFunction::ExclusiveOr),
            AtomicOp::Exchange => Some(naga::AtomicFunction::Exchange { compare: None }),
            _ => None,
        };
        if let (Some(fun), Scalar::I32 | Scalar::U32, None) = (native, s, shift) {
            let bits = self.value_to_bits(cx, out, value, s)?;
            let r = cx.add_result(E::AtomicResult {
                ty: u32_ty,
                comparison: false,
            });
            push(
                out,
                S::Atomic {
                    pointer: ptr,
                    fun,
                    value: bits,
                    result: Some(r),
                },
            );
            return self.bits_to_value(cx, out, r, s, n);
        }
        let result_ty = self.out.generate_predeclared_type(
            naga::PredeclaredType::AtomicCompareExchangeWeakResult(naga::Scalar::U32),
        );
        self.layouter
            .update(self.out.to_ctx())
            .map_err(|e| cx.err(format!("layout: {e}")))?;
        let width_mask = if n >= 4 {
            u32::MAX
        } else {
            (1u32 << (8 * n)) - 1
        };
        // The bits of the compare value, as they sit in the word's low bits.
        let compare_bits = match compare {
            Some(c) => {
                let b = self.value_to_bits(cx, out, c, s)?;
                let m = cx.add(out, E::Literal(naga::Literal::U32(width_mask)));
                Some(self.bin(cx, out, Bo::And, b, m))
            }
            None => None,
        };
        let word_var = cx.temp("atomic_word", u32_ty);
        let first = cx.add(out, E::Load { pointer: ptr });
        push(
            out,
            S::Store {
                pointer: word_var,
                value: first,
            },
        );
        let old_var = cx.temp("atomic_old", t);
        let mut body = NBlock::new();
        let cur = cx.add(&mut body, E::Load { pointer: word_var });
        let mut bits = match shift {
            Some(sh) => self.bin(cx, &mut body, Bo::ShiftRight, cur, sh),
            None => cur,
        };
        if n < 4 {
            let m = cx.add(&mut body, E::Literal(naga::Literal::U32(width_mask)));
            bits = self.bin(cx, &mut body, Bo::And, bits, m);
        }
        let old = self.bits_to_value(cx, &mut body, bits, s, n)?;
        push(
            &mut body,
            S::Store {
                pointer: old_var,
                value: old,
            },
        );
        if let Some(cb) = compare_bits {
            // A compare-exchange that sees other bits leaves the word as it is.
            let differs = self.bin(cx, &mut body, Bo::NotEqual, bits, cb);
            let mut leave = NBlock::new();
            push(&mut leave, S::Break);
            push(
                &mut body,
                S::If {
                    condition: differs,
                    accept: leave,
                    reject: NBlock::new(),
                },
            );
        }
        let new = match op {
            AtomicOp::Add => self.bin(cx, &mut body, Bo::Add, old, value),
            AtomicOp::Sub => self.bin(cx, &mut body, Bo::Subtract, old, value),
            AtomicOp::And => self.bin(cx, &mut body, Bo::And, old, value),
            AtomicOp::Or => self.bin(cx, &mut body, Bo::InclusiveOr, old, value),
            AtomicOp::Xor => self.bin(cx, &mut body, Bo::ExclusiveOr, old, value),
            AtomicOp::Min | AtomicOp::Max => {
                let fun = if op == AtomicOp::Min {
                    Mf::Min
                } else {
                    Mf::Max
                };
                cx.add(
                    &mut body,
                    E::Math {
                        fun,
                        arg: old,
                        arg1: Some(value),
                        arg2: None,
                        arg3: None,
                    },
                )
            }
            AtomicOp::Exchange | AtomicOp::CompareExchange => value,
        };
        let new_bits = self.value_to_bits(cx, &mut body, new, s)?;
        let merged = if n >= 4 {
            new_bits
        } else {
            let m = cx.add(&mut body, E::Literal(naga::Literal::U32(width_mask)));
            let low = self.bin(cx, &mut body, Bo::And, new_bits, m);
            let (set, at) = match shift {
                Some(sh) => (
                    self.bin(cx, &mut body, Bo::ShiftLeft, low, sh),
                    self.bin(cx, &mut body, Bo::ShiftLeft, m, sh),
                ),
                None => (low, m),
            };
            let keep = cx.add(
                &mut body,
                E::Unary {
                    op: naga::UnaryOperator::BitwiseNot,
                    expr: at,
                },
            );
            let kept = self.bin(cx, &mut body, Bo::And, cur, keep);
            self.bin(cx, &mut body, Bo::InclusiveOr, kept, set)
        };
        let r = cx.add_result(E::AtomicResult {
            ty: result_ty,
            comparison: true,
        });
        push(
            &mut body,
            S::Atomic {
                pointer: ptr,
                fun: naga::AtomicFunction::Exchange { compare: Some(cur) },
                value: merged,
                result: Some(r),
            },
        );
        let seen = cx.add(&mut body, E::AccessIndex { base: r, index: 0 });
        let swapped = cx.add(&mut body, E::AccessIndex { base: r, index: 1 });
        let mut done = NBlock::new();
        push(&mut done, S::Break);
        push(
            &mut body,
            S::If {
                condition: swapped,
                accept: done,
                reject: NBlock::new(),
            },
        );
        push(
            &mut body,
            S::Store {
                pointer: word_var,
                value: seen,
            },
        );
        push(
            out,
            S::Loop {
                body,
                continuing: NBlock::new(),
                break_if: None,
            },
        );
        Ok(cx.add(out, E::Load { pointer: old_var }))
    }
}
