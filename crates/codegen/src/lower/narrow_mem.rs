//! 8- and 16-bit integers in memory shared with the host. WGSL has no integer narrower than 32
//! bits, so a storage or uniform buffer whose element type holds one (`RWStructuredBuffer<uint8_t>`,
//! a struct with an `int16_t` field, a `cbuffer` with a `uint8_t4`) is declared as an array of
//! `u32` words and laid out byte by byte as Slang lays it out for the host: std430 in storage
//! buffers (a scalar takes its own size and alignment, a 3-vector is aligned as a 4-vector,
//! array strides and struct sizes rounded up to their alignment), std140 in uniform buffers
//! (arrays and structs also 16-byte aligned), so `RWStructuredBuffer<int8_t>` has a 1-byte
//! stride. A place in such a buffer is a byte offset; loads read the word holding each scalar
//! and extract its bits (sign-extending the signed ones), stores of 8- and 16-bit scalars
//! clear their bits with `atomicAnd` and set them with `atomicOr` on `atomic<u32>` words, so
//! threads writing neighbouring bytes of one word do not race; 32-bit scalars are whole words.
//! Matrices and 64-bit scalars in such buffers are refused.

use super::*;

/// How a global laid out byte by byte holds its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Words {
    /// `array<atomic<u32>>`: a read-write storage buffer.
    pub atomic: bool,
    /// `array<vec4<u32>, N>`: a uniform buffer (std140 rules).
    pub uniform: bool,
}

/// A byte offset into a word-addressed global: `dynamic` (a multiple of `dyn_align`) plus
/// `konst`.
#[derive(Clone, Copy, Debug)]
pub(super) struct ByteOffset {
    pub dynamic: Option<Handle<E>>,
    pub dyn_align: u32,
    pub konst: u32,
}

impl ByteOffset {
    fn plus(self, k: u32) -> ByteOffset {
        ByteOffset {
            konst: self.konst.wrapping_add(k),
            ..self
        }
    }
}

/// Whether `ty` holds an 8- or 16-bit integer anywhere.
pub(super) fn holds_narrow(types: &ir::Types, ty: TypeId) -> bool {
    match types.kind(ty) {
        TypeKind::Scalar(s) | TypeKind::Vector { scalar: s, .. } => s.is_narrow_int(),
        TypeKind::Matrix { scalar, .. } => scalar.is_narrow_int(),
        TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
            holds_narrow(types, *elem)
        }
        TypeKind::Struct(id) => types
            .struct_def(*id)
            .is_some_and(|s| s.fields.iter().any(|f| holds_narrow(types, f.ty))),
        TypeKind::Void => false,
    }
}

fn round_up(x: u32, align: u32) -> u32 {
    x.div_ceil(align.max(1)).saturating_mul(align.max(1))
}

/// Bytes of a scalar in host memory (`bool` is a 32-bit word); `None` for 64-bit scalars.
pub(super) fn scalar_bytes(s: Scalar) -> Option<u32> {
    match s {
        Scalar::I8 | Scalar::U8 => Some(1),
        Scalar::I16 | Scalar::U16 | Scalar::F16 => Some(2),
        Scalar::Bool | Scalar::I32 | Scalar::U32 | Scalar::F32 => Some(4),
        Scalar::I64 | Scalar::U64 | Scalar::F64 => None,
    }
}

/// Size and alignment of `ty` in Slang's std430 layout (std140 when `uniform`); `None` for
/// what this module does not lay out (matrices, 64-bit scalars).
pub(super) fn byte_layout(types: &ir::Types, ty: TypeId, uniform: bool) -> Option<(u32, u32)> {
    match *types.kind(ty) {
        TypeKind::Scalar(s) => scalar_bytes(s).map(|n| (n, n)),
        TypeKind::Vector { scalar, size } => {
            let n = scalar_bytes(scalar)?;
            let size = u32::from(size);
            let align = if size == 3 { 4 * n } else { size * n };
            Some((size * n, align))
        }
        TypeKind::Array { elem, len } => {
            let stride = elem_stride(types, elem, uniform)?;
            let (_, align) = byte_layout(types, elem, uniform)?;
            let align = if uniform { align.max(16) } else { align };
            Some((stride.saturating_mul(len), align))
        }
        TypeKind::Struct(id) => {
            let def = types.struct_def(id)?;
            let mut offset = 0u32;
            let mut align = 1u32;
            for f in &def.fields {
                let (s, a) = byte_layout(types, f.ty, uniform)?;
                offset = round_up(offset, a).saturating_add(s);
                align = align.max(a);
            }
            if uniform {
                align = align.max(16);
            }
            Some((round_up(offset, align), align))
        }
        TypeKind::Matrix { .. } | TypeKind::RuntimeArray { .. } | TypeKind::Void => None,
    }
}

/// The distance between elements of type `elem` in an array.
pub(super) fn elem_stride(types: &ir::Types, elem: TypeId, uniform: bool) -> Option<u32> {
    let (size, align) = byte_layout(types, elem, uniform)?;
    let align = if uniform { align.max(16) } else { align };
    Some(round_up(size, align))
}

/// The offset of field `field` of struct `ty`.
fn field_offset(types: &ir::Types, ty: TypeId, field: u32, uniform: bool) -> Option<u32> {
    let TypeKind::Struct(id) = *types.kind(ty) else {
        return None;
    };
    let def = types.struct_def(id)?;
    let mut offset = 0u32;
    for (i, f) in def.fields.iter().enumerate() {
        let (s, a) = byte_layout(types, f.ty, uniform)?;
        offset = round_up(offset, a);
        if i as u32 == field {
            return Some(offset);
        }
        offset = offset.saturating_add(s);
    }
    None
}

impl Lowerer<'_> {
    fn words_unsupported(&self, what: String) -> CodegenError {
        CodegenError::Unsupported {
            what: format!(
                "{what} in a buffer or uniform that holds 8- or 16-bit integers or is the target \
                 of float atomics (such memory is laid out byte by byte in `u32` words)"
            ),
            target: self.opts.target,
        }
    }

    /// The naga type of a word-addressed global of IR type `ty` (a runtime array's element
    /// type for storage buffers), with the element stride for reflection.
    pub(super) fn words_global_type(
        &mut self,
        ty: TypeId,
        words: Words,
        runtime: bool,
    ) -> Result<(Handle<Type>, u32)> {
        let Some((size, _)) = byte_layout(self.types(), ty, words.uniform) else {
            return Err(self.words_unsupported(format!(
                "the type `{}` (matrices and 64-bit scalars)",
                self.types().display(ty)
            )));
        };
        let stride = if runtime {
            elem_stride(self.types(), ty, words.uniform).unwrap_or(size)
        } else {
            size
        };
        let word = if words.atomic {
            self.insert_type(None, Ti::Atomic(naga::Scalar::U32))?
        } else {
            self.scalar_type(Scalar::U32)?
        };
        let h = if words.uniform {
            let slot = self.vector_type(Scalar::U32, 4)?;
            let n = size.div_ceil(16).max(1);
            self.insert_type(
                None,
                Ti::Array {
                    base: slot,
                    size: naga::ArraySize::Constant(
                        std::num::NonZeroU32::new(n).unwrap_or(std::num::NonZeroU32::MIN),
                    ),
                    stride: 16,
                },
            )?
        } else {
            self.insert_type(
                None,
                Ti::Array {
                    base: word,
                    size: naga::ArraySize::Dynamic,
                    stride: 4,
                },
            )?
        };
        Ok((h, stride))
    }

    /// The naga type of a `groupshared` variable of IR type `ty` held in `atomic<u32>` words.
    fn words_workgroup_type(&mut self, ty: TypeId) -> Result<(Handle<Type>, u32)> {
        let Some((size, _)) = byte_layout(self.types(), ty, false) else {
            return Err(self.words_unsupported(format!(
                "the type `{}` (matrices and 64-bit scalars)",
                self.types().display(ty)
            )));
        };
        let word = self.insert_type(None, Ti::Atomic(naga::Scalar::U32))?;
        let n = size.div_ceil(4).max(1);
        let h = self.insert_type(
            None,
            Ti::Array {
                base: word,
                size: naga::ArraySize::Constant(
                    std::num::NonZeroU32::new(n).unwrap_or(std::num::NonZeroU32::MIN),
                ),
                stride: 4,
            },
        )?;
        Ok((h, size))
    }

    /// The place of `place` in a word-addressed global whose pointer is `base`.
    pub(super) fn words_place(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        place: &Place,
        base: Handle<E>,
        words: Words,
        mut ty: TypeId,
    ) -> Result<PlaceExpr> {
        let uniform = words.uniform;
        let mut off = ByteOffset {
            dynamic: None,
            dyn_align: 1 << 16,
            konst: 0,
        };
        for access in &place.path {
            let (next, stride) = match *cx.types.kind(ty) {
                TypeKind::Struct(_) => {
                    let (Access::Field(i) | Access::Index(i)) = *access else {
                        return Err(cx.err("dynamic index into a struct"));
                    };
                    let o = field_offset(&cx.types, ty, i, uniform)
                        .ok_or_else(|| cx.err("bad field"))?;
                    off = off.plus(o);
                    ty = cx
                        .types
                        .element(ty, Some(i))
                        .ok_or_else(|| cx.err("bad access path"))?;
                    continue;
                }
                TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
                    (elem, elem_stride(&cx.types, elem, uniform))
                }
                TypeKind::Vector { scalar, .. } => {
                    let s = cx.types.scalar(scalar);
                    (s, scalar_bytes(scalar))
                }
                _ => {
                    return Err(self
                        .words_unsupported(format!("an access into `{}`", cx.types.display(ty))));
                }
            };
            let stride = stride.ok_or_else(|| {
                self.words_unsupported(format!("the type `{}`", cx.types.display(next)))
            })?;
            match *access {
                Access::Field(i) | Access::Index(i) => off = off.plus(i.wrapping_mul(stride)),
                Access::Dynamic(v) => {
                    let idx = cx.value(v)?;
                    let idx = cx.add(
                        out,
                        E::As {
                            expr: idx,
                            kind: naga::ScalarKind::Uint,
                            convert: Some(4),
                        },
                    );
                    let k = cx.add(out, E::Literal(naga::Literal::U32(stride)));
                    let scaled = self.bin(cx, out, Bo::Multiply, idx, k);
                    off.dynamic = Some(match off.dynamic {
                        Some(d) => self.bin(cx, out, Bo::Add, d, scaled),
                        None => scaled,
                    });
                    off.dyn_align = off.dyn_align.min(1 << stride.trailing_zeros().min(16));
                }
            }
            ty = next;
        }
        Ok(PlaceExpr {
            expr: base,
            is_pointer: true,
            repr: Repr::VALUE,
            ty,
            row: None,
            padded: false,
            words: Some((words, off)),
        })
    }

    /// The word index and bit shift of the scalar at `off`.
    pub(super) fn word_at(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        off: ByteOffset,
    ) -> (Handle<E>, Option<Handle<E>>) {
        let lit = |cx: &mut FnCx, out: &mut NBlock, x: u32| {
            cx.add(out, E::Literal(naga::Literal::U32(x)))
        };
        match off.dynamic {
            None => {
                let w = lit(cx, out, off.konst / 4);
                let s = (!off.konst.is_multiple_of(4)).then(|| lit(cx, out, (off.konst % 4) * 8));
                (w, s)
            }
            Some(d) if off.dyn_align.is_multiple_of(4) => {
                let two = lit(cx, out, 2);
                let dw = self.bin(cx, out, Bo::ShiftRight, d, two);
                let w = if off.konst / 4 != 0 {
                    let k = lit(cx, out, off.konst / 4);
                    self.bin(cx, out, Bo::Add, dw, k)
                } else {
                    dw
                };
                let s = (!off.konst.is_multiple_of(4)).then(|| lit(cx, out, (off.konst % 4) * 8));
                (w, s)
            }
            Some(d) => {
                let full = if off.konst != 0 {
                    let k = lit(cx, out, off.konst);
                    self.bin(cx, out, Bo::Add, d, k)
                } else {
                    d
                };
                let two = lit(cx, out, 2);
                let w = self.bin(cx, out, Bo::ShiftRight, full, two);
                let three = lit(cx, out, 3);
                let low = self.bin(cx, out, Bo::And, full, three);
                let s = self.bin(cx, out, Bo::ShiftLeft, low, three);
                (w, Some(s))
            }
        }
    }

    /// A pointer to word `w` of the global `base`.
    pub(super) fn word_ptr(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        base: Handle<E>,
        words: Words,
        w: Handle<E>,
    ) -> Handle<E> {
        if words.uniform {
            let two = cx.add(out, E::Literal(naga::Literal::U32(2)));
            let slot = self.bin(cx, out, Bo::ShiftRight, w, two);
            let three = cx.add(out, E::Literal(naga::Literal::U32(3)));
            let lane = self.bin(cx, out, Bo::And, w, three);
            let p = cx.add(out, E::Access { base, index: slot });
            cx.add(
                out,
                E::Access {
                    base: p,
                    index: lane,
                },
            )
        } else {
            cx.add(out, E::Access { base, index: w })
        }
    }

    /// Loads a value of type `ty` at `off`.
    pub(super) fn words_load(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        base: Handle<E>,
        words: Words,
        off: ByteOffset,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        match cx.types.kind(ty).clone() {
            TypeKind::Scalar(s) => {
                let n = scalar_bytes(s)
                    .ok_or_else(|| self.words_unsupported(format!("the type `{}`", s.name())))?;
                let (w, shift) = self.word_at(cx, out, off);
                let ptr = self.word_ptr(cx, out, base, words, w);
                let word = cx.add(out, E::Load { pointer: ptr });
                let mut bits = match shift {
                    Some(sh) => self.bin(cx, out, Bo::ShiftRight, word, sh),
                    None => word,
                };
                if n < 4 && !s.is_signed_int() {
                    let mask = cx.add(out, E::Literal(naga::Literal::U32((1u32 << (8 * n)) - 1)));
                    bits = self.bin(cx, out, Bo::And, bits, mask);
                }
                self.bits_to_value(cx, out, bits, s, n)
            }
            TypeKind::Vector { scalar, size } => {
                let n = scalar_bytes(scalar).ok_or_else(|| {
                    self.words_unsupported(format!("the type `{}`", scalar.name()))
                })?;
                let s_ty = cx.types.scalar(scalar);
                let mut components = Vec::new();
                for i in 0..u32::from(size) {
                    components.push(self.words_load(
                        cx,
                        out,
                        base,
                        words,
                        off.plus(i * n),
                        s_ty,
                    )?);
                }
                let t = self.ty(ty, Repr::VALUE)?;
                Ok(cx.add(out, E::Compose { ty: t, components }))
            }
            TypeKind::Struct(_) | TypeKind::Array { .. } => {
                let count = self.composite_len(&cx.types, ty);
                let mut components = Vec::new();
                for i in 0..count {
                    let (sub_ty, o) = self.sub_offset(cx, ty, i, words.uniform)?;
                    components.push(self.words_load(cx, out, base, words, off.plus(o), sub_ty)?);
                }
                let t = self.ty(ty, Repr::VALUE)?;
                Ok(cx.add(out, E::Compose { ty: t, components }))
            }
            _ => Err(self.words_unsupported(format!("the type `{}`", cx.types.display(ty)))),
        }
    }

    /// The type and offset of element `i` of the struct or array `ty`.
    fn sub_offset(
        &mut self,
        cx: &mut FnCx,
        ty: TypeId,
        i: u32,
        uniform: bool,
    ) -> Result<(TypeId, u32)> {
        let sub_ty = cx
            .types
            .element(ty, Some(i))
            .ok_or_else(|| cx.err("bad composite"))?;
        let o = match *cx.types.kind(ty) {
            TypeKind::Struct(_) => field_offset(&cx.types, ty, i, uniform),
            _ => elem_stride(&cx.types, sub_ty, uniform).map(|s| s.wrapping_mul(i)),
        }
        .ok_or_else(|| self.words_unsupported(format!("the type `{}`", cx.types.display(ty))))?;
        Ok((sub_ty, o))
    }

    /// The value of scalar `s` from its `n` low bytes in `bits` (a `u32`; for signed scalars
    /// the bits above them are ignored).
    pub(super) fn bits_to_value(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        bits: Handle<E>,
        s: Scalar,
        n: u32,
    ) -> Result<Handle<E>> {
        let bitcast = |cx: &mut FnCx, out: &mut NBlock, e, kind| {
            cx.add(
                out,
                E::As {
                    expr: e,
                    kind,
                    convert: None,
                },
            )
        };
        Ok(match s {
            Scalar::U8 | Scalar::U16 | Scalar::U32 => bits,
            Scalar::I8 | Scalar::I16 => {
                let k = cx.add(out, E::Literal(naga::Literal::U32(32 - 8 * n)));
                let up = self.bin(cx, out, Bo::ShiftLeft, bits, k);
                let i = bitcast(cx, out, up, naga::ScalarKind::Sint);
                self.bin(cx, out, Bo::ShiftRight, i, k)
            }
            Scalar::I32 => bitcast(cx, out, bits, naga::ScalarKind::Sint),
            Scalar::F32 => bitcast(cx, out, bits, naga::ScalarKind::Float),
            Scalar::Bool => {
                let zero = cx.add(out, E::Literal(naga::Literal::U32(0)));
                self.bin(cx, out, Bo::NotEqual, bits, zero)
            }
            Scalar::F16 => {
                self.check_scalar(Scalar::F16)?;
                let pair = cx.add(
                    out,
                    E::Math {
                        fun: Mf::Unpack2x16float,
                        arg: bits,
                        arg1: None,
                        arg2: None,
                        arg3: None,
                    },
                );
                let x = cx.add(
                    out,
                    E::AccessIndex {
                        base: pair,
                        index: 0,
                    },
                );
                cx.add(
                    out,
                    E::As {
                        expr: x,
                        kind: naga::ScalarKind::Float,
                        convert: Some(2),
                    },
                )
            }
            _ => return Err(self.words_unsupported(format!("the type `{}`", s.name()))),
        })
    }

    /// The bits of `v`, a value of scalar `s`, as a `u32` (low `n` bytes meaningful).
    pub(super) fn value_to_bits(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        v: Handle<E>,
        s: Scalar,
    ) -> Result<Handle<E>> {
        let bitcast = |cx: &mut FnCx, out: &mut NBlock, e| {
            cx.add(
                out,
                E::As {
                    expr: e,
                    kind: naga::ScalarKind::Uint,
                    convert: None,
                },
            )
        };
        Ok(match s {
            Scalar::U8 | Scalar::U16 | Scalar::U32 => v,
            Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::F32 => bitcast(cx, out, v),
            Scalar::Bool => {
                let one = cx.add(out, E::Literal(naga::Literal::U32(1)));
                let zero = cx.add(out, E::Literal(naga::Literal::U32(0)));
                cx.add(
                    out,
                    E::Select {
                        condition: v,
                        accept: one,
                        reject: zero,
                    },
                )
            }
            Scalar::F16 => {
                let x = cx.add(
                    out,
                    E::As {
                        expr: v,
                        kind: naga::ScalarKind::Float,
                        convert: Some(4),
                    },
                );
                let zero = cx.add(out, E::Literal(naga::Literal::F32(0.0)));
                let t = self.vector_type(Scalar::F32, 2)?;
                let pair = cx.add(
                    out,
                    E::Compose {
                        ty: t,
                        components: vec![x, zero],
                    },
                );
                cx.add(
                    out,
                    E::Math {
                        fun: Mf::Pack2x16float,
                        arg: pair,
                        arg1: None,
                        arg2: None,
                        arg3: None,
                    },
                )
            }
            _ => return Err(self.words_unsupported(format!("the type `{}`", s.name()))),
        })
    }

    /// Stores `value` of type `ty` at `off`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn words_store(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        base: Handle<E>,
        words: Words,
        off: ByteOffset,
        ty: TypeId,
        value: Handle<E>,
    ) -> Result<()> {
        if words.uniform || !words.atomic {
            return Err(cx.err("store into a read-only buffer"));
        }
        match cx.types.kind(ty).clone() {
            TypeKind::Scalar(s) => {
                let n = scalar_bytes(s)
                    .ok_or_else(|| self.words_unsupported(format!("the type `{}`", s.name())))?;
                let bits = self.value_to_bits(cx, out, value, s)?;
                let (w, shift) = self.word_at(cx, out, off);
                let ptr = self.word_ptr(cx, out, base, words, w);
                if n == 4 {
                    // naga's `Store` to an atomic pointer is `atomicStore`.
                    push(
                        out,
                        S::Store {
                            pointer: ptr,
                            value: bits,
                        },
                    );
                    return Ok(());
                }
                let m = (1u32 << (8 * n)) - 1;
                let mask = cx.add(out, E::Literal(naga::Literal::U32(m)));
                let low = self.bin(cx, out, Bo::And, bits, mask);
                let (set, keep) = match shift {
                    Some(sh) => {
                        let set = self.bin(cx, out, Bo::ShiftLeft, low, sh);
                        let at = self.bin(cx, out, Bo::ShiftLeft, mask, sh);
                        let keep = cx.add(
                            out,
                            E::Unary {
                                op: naga::UnaryOperator::BitwiseNot,
                                expr: at,
                            },
                        );
                        (set, keep)
                    }
                    None => {
                        let keep = cx.add(out, E::Literal(naga::Literal::U32(!m)));
                        (low, keep)
                    }
                };
                push(
                    out,
                    S::Atomic {
                        pointer: ptr,
                        fun: naga::AtomicFunction::And,
                        value: keep,
                        result: None,
                    },
                );
                push(
                    out,
                    S::Atomic {
                        pointer: ptr,
                        fun: naga::AtomicFunction::InclusiveOr,
                        value: set,
                        result: None,
                    },
                );
                Ok(())
            }
            TypeKind::Vector { scalar, size } => {
                let n = scalar_bytes(scalar).ok_or_else(|| {
                    self.words_unsupported(format!("the type `{}`", scalar.name()))
                })?;
                let s_ty = cx.types.scalar(scalar);
                for i in 0..u32::from(size) {
                    let part = cx.add(
                        out,
                        E::AccessIndex {
                            base: value,
                            index: i,
                        },
                    );
                    self.words_store(cx, out, base, words, off.plus(i * n), s_ty, part)?;
                }
                Ok(())
            }
            TypeKind::Struct(_) | TypeKind::Array { .. } => {
                let count = self.composite_len(&cx.types, ty);
                for i in 0..count {
                    let (sub_ty, o) = self.sub_offset(cx, ty, i, words.uniform)?;
                    let part = cx.add(
                        out,
                        E::AccessIndex {
                            base: value,
                            index: i,
                        },
                    );
                    self.words_store(cx, out, base, words, off.plus(o), sub_ty, part)?;
                }
                Ok(())
            }
            _ => Err(self.words_unsupported(format!("the type `{}`", cx.types.display(ty)))),
        }
    }

    /// `arrayLength` of a word-addressed storage buffer whose elements are `stride` bytes.
    pub(super) fn words_array_length(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        base: Handle<E>,
        stride: u32,
    ) -> Handle<E> {
        let len = cx.add(out, E::ArrayLength(base));
        let four = cx.add(out, E::Literal(naga::Literal::U32(4)));
        let bytes = self.bin(cx, out, Bo::Multiply, len, four);
        let s = cx.add(out, E::Literal(naga::Literal::U32(stride.max(1))));
        self.bin(cx, out, Bo::Divide, bytes, s)
    }
}

impl Lowerer<'_> {
    /// Declares `g`, a storage or uniform buffer holding 8- or 16-bit integers, as words.
    pub(super) fn words_global(
        &mut self,
        g: &ir::Global,
        id: GlobalId,
        space: AddressSpace,
        binding: u32,
        atomics: Repr,
    ) -> Result<()> {
        let storage = matches!(g.kind, GlobalKind::StorageBuffer { .. });
        let read_write = matches!(
            g.kind,
            GlobalKind::StorageBuffer {
                access: BufferAccess::ReadWrite
            }
        );
        // Atomics on such words are `float_atomics.rs`'s.
        let _ = atomics;
        let groupshared = g.kind == GlobalKind::Groupshared;
        let words = Words {
            atomic: read_write || groupshared,
            uniform: !storage && !groupshared,
        };
        let (ty, stride) = if groupshared {
            self.words_workgroup_type(g.ty)?
        } else {
            self.words_global_type(g.ty, words, storage)?
        };
        let handle = self.out.global_variables.append(
            naga::GlobalVariable {
                name: Some(g.name.clone()),
                space,
                binding: (!groupshared).then_some(naga::ResourceBinding { group: 0, binding }),
                ty,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            Span::UNDEFINED,
        );
        let _ = id;
        if groupshared {
            self.globals.push(GlobalInfo {
                handle,
                repr: Repr::VALUE,
                words: Some((words, stride)),
            });
            return Ok(());
        }
        let (kind, access) = match (storage, read_write) {
            (true, true) => (BindingKind::Storage, "read_write"),
            (true, false) => (BindingKind::Storage, "read"),
            _ => (BindingKind::Uniform, "read"),
        };
        let wgsl_type = if words.uniform {
            "vec4<u32>"
        } else if words.atomic {
            "atomic<u32>"
        } else {
            "u32"
        };
        self.reflection.bindings.push(BindingInfo {
            name: g.name.clone(),
            group: 0,
            binding,
            kind,
            access,
            element_type: self.types().display(g.ty),
            wgsl_type: wgsl_type.into(),
            element_size: stride,
        });
        self.globals.push(GlobalInfo {
            handle,
            repr: Repr::VALUE,
            words: Some((words, stride)),
        });
        Ok(())
    }
}

impl Lowerer<'_> {
    /// `bit_cast` between 8- or 16-bit scalars (or vectors of them) of the same width, one of
    /// them a narrow integer: `value` holds `from`s, the result `ty` holds `to`s.
    pub(super) fn bitcast_narrow(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        value: Handle<E>,
        from: Scalar,
        to: Scalar,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let n = self.types().vector_size(ty).unwrap_or(1);
        if from != Scalar::F16 && to != Scalar::F16 {
            // Both integers held in 32 bits: reinterpret, then wrap to the width.
            let kind = naga_scalar(to.held_as()).kind;
            let v = cx.add(
                out,
                E::As {
                    expr: value,
                    kind,
                    convert: None,
                },
            );
            return self.wrap_narrow(cx, out, v, ty);
        }
        // A half and a 16-bit integer: through the bits of `pack2x16float`, per component.
        let mut parts = Vec::new();
        for i in 0..u32::from(n) {
            let x = if n > 1 {
                cx.add(
                    out,
                    E::AccessIndex {
                        base: value,
                        index: i,
                    },
                )
            } else {
                value
            };
            let bits = if from == Scalar::F16 {
                self.value_to_bits(cx, out, x, Scalar::F16)?
            } else {
                cx.add(
                    out,
                    E::As {
                        expr: x,
                        kind: naga::ScalarKind::Uint,
                        convert: None,
                    },
                )
            };
            let mask = cx.add(out, E::Literal(naga::Literal::U32(0xFFFF)));
            let bits = self.bin(cx, out, Bo::And, bits, mask);
            parts.push(self.bits_to_value(cx, out, bits, to, 2)?);
        }
        if n > 1 {
            let t = self.ty(ty, Repr::VALUE)?;
            Ok(cx.add(
                out,
                E::Compose {
                    ty: t,
                    components: parts,
                },
            ))
        } else {
            Ok(parts[0])
        }
    }
}
