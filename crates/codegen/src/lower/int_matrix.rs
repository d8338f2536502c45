//! Integer and bool matrices (`int2x2`, `uint3x3`): WGSL has float matrices only, so their values
//! are arrays of row vectors (as slangc emits them) and every operation works row by row.

use super::*;

/// The shape of a matrix type held as an array of rows: (scalar, rows, columns).
pub(super) fn row_array_matrix(types: &ir::Types, ty: TypeId) -> Option<(Scalar, u8, u8)> {
    match *types.kind(ty) {
        TypeKind::Matrix { scalar, rows, cols } if !scalar.is_float() => Some((scalar, rows, cols)),
        _ => None,
    }
}

impl Lowerer<'_> {
    /// Row `r` of a row-array matrix, or the value itself for a scalar operand (naga applies a
    /// scalar to every component of a vector).
    fn row_of(
        &self,
        cx: &mut FnCx,
        out: &mut NBlock,
        v: Handle<E>,
        ty: TypeId,
        r: u32,
    ) -> Handle<E> {
        if matches!(self.types().kind(ty), TypeKind::Matrix { .. }) {
            cx.add(out, E::AccessIndex { base: v, index: r })
        } else {
            v
        }
    }

    /// `a op b` where one operand is a row-array matrix (the other a matrix of the same shape
    /// or a scalar): the operator on each row.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn rowwise_binary(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: Bo,
        (left, ta): (Handle<E>, TypeId),
        (right, tb): (Handle<E>, TypeId),
        rows: u8,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let mut components = Vec::new();
        for r in 0..rows as u32 {
            let a = self.row_of(cx, out, left, ta, r);
            let b = self.row_of(cx, out, right, tb, r);
            components.push(self.bin(cx, out, op, a, b));
        }
        let t = self.ty(ty, Repr::VALUE)?;
        Ok(cx.add(out, E::Compose { ty: t, components }))
    }

    /// A matrix converted to another scalar type when either side is a row-array matrix:
    /// each row converted and the rows composed into the target (a naga matrix takes HLSL
    /// rows as its columns, an array takes them as elements).
    pub(super) fn convert_matrix(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        value: Handle<E>,
        rows: u8,
        to: Scalar,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let ns = naga_scalar(to);
        let mut components = Vec::new();
        for r in 0..rows as u32 {
            let row = cx.add(
                out,
                E::AccessIndex {
                    base: value,
                    index: r,
                },
            );
            components.push(cx.add(
                out,
                E::As {
                    expr: row,
                    kind: ns.kind,
                    convert: Some(ns.width),
                },
            ));
        }
        let t = self.ty(ty, Repr::VALUE)?;
        Ok(cx.add(out, E::Compose { ty: t, components }))
    }

    /// `mul(a, b)` with a row-array matrix operand: `M v` is a dot product per row, `v M` the sum
    /// of the rows scaled by `v`'s components, `M N` row `r` of `M` times `N`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn mul_rows(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        a: Handle<E>,
        b: Handle<E>,
        ta: TypeId,
        tb: TypeId,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let ka = self.types().kind(ta).clone();
        let kb = self.types().kind(tb).clone();
        let t = self.ty(ty, Repr::VALUE)?;
        let components = match (ka, kb) {
            (TypeKind::Matrix { rows, .. }, TypeKind::Vector { .. }) => (0..rows as u32)
                .map(|r| {
                    let row = cx.add(out, E::AccessIndex { base: a, index: r });
                    self.m(cx, out, Mf::Dot, &[row, b])
                })
                .collect(),
            (TypeKind::Vector { size, .. }, TypeKind::Matrix { .. }) => {
                return Ok(self.vector_times_rows(cx, out, a, size, b));
            }
            (TypeKind::Matrix { rows, cols, .. }, TypeKind::Matrix { .. }) => (0..rows as u32)
                .map(|r| {
                    let row = cx.add(out, E::AccessIndex { base: a, index: r });
                    self.vector_times_rows(cx, out, row, cols, b)
                })
                .collect(),
            _ => return Err(cx.err("mul: bad operands")),
        };
        Ok(cx.add(out, E::Compose { ty: t, components }))
    }

    /// `v M` for a row-array `M` with `n` rows: `sum over r of v[r] * M[r]`.
    fn vector_times_rows(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        v: Handle<E>,
        n: u8,
        m: Handle<E>,
    ) -> Handle<E> {
        let mut sum = None;
        for r in 0..n as u32 {
            let k = cx.add(out, E::AccessIndex { base: v, index: r });
            let row = cx.add(out, E::AccessIndex { base: m, index: r });
            let term = self.bin(cx, out, Bo::Multiply, row, k);
            sum = Some(match sum {
                Some(s) => self.bin(cx, out, Bo::Add, s, term),
                None => term,
            });
        }
        sum.unwrap_or(v)
    }

    /// `transpose(M)` of a row-array matrix: row `c` of the result gathers component `c` of
    /// every row.
    pub(super) fn transpose_rows(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        m: Handle<E>,
        (scalar, rows, cols): (Scalar, u8, u8),
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let row_ty = self.vector_type(scalar, rows)?;
        let mut components = Vec::new();
        for c in 0..cols as u32 {
            let parts = (0..rows as u32)
                .map(|r| {
                    let row = cx.add(out, E::AccessIndex { base: m, index: r });
                    cx.add(
                        out,
                        E::AccessIndex {
                            base: row,
                            index: c,
                        },
                    )
                })
                .collect();
            components.push(cx.add(
                out,
                E::Compose {
                    ty: row_ty,
                    components: parts,
                },
            ));
        }
        let t = self.ty(ty, Repr::VALUE)?;
        Ok(cx.add(out, E::Compose { ty: t, components }))
    }
}
