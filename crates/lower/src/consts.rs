//! Values of global constants (`static const`, `const`), evaluated at compile time into the
//! IR's `ConstValue` of the declared type.

use hir::export::{
    BinaryOp, Literal as HLit, PrefixOp, enum_case_value, global_body, infer_global,
};
use hir::{
    Body, Expr, ExprId, ExprRes, GenericArg, GenericParamId, GlobalId, InferenceResult, Len,
};
use ir::{ConstValue, Literal, Scalar, TypeId, TypeKind};

use crate::{Ctx, R, unsupported};

/// A compile-time value before it takes its declared type.
#[derive(Debug, Clone)]
enum Cv {
    Int(i64),
    Float(f64),
    Bool(bool),
    List(Vec<Cv>),
}

pub(crate) fn global_value(cx: &mut Ctx, g: GlobalId, ty: TypeId) -> R<ConstValue> {
    global_value_with(cx, g, ty, &[])
}

/// The value of a constant whose initialiser names generic value parameters (`static const int
/// Value = N;` in `struct S<let N : int>`), with `subst` binding them.
pub(crate) fn global_value_with(
    cx: &mut Ctx,
    g: GlobalId,
    ty: TypeId,
    subst: &[(GenericParamId, GenericArg)],
) -> R<ConstValue> {
    let cv = eval_global(cx, g, subst, 0)?;
    shape(cx, &cv, ty)
}

/// The starting value of a mutable `static` global: its initialiser (a compile-time constant), or
/// zero when it has none.
pub(crate) fn static_initial_value(cx: &mut Ctx, g: GlobalId, ty: TypeId) -> R<ConstValue> {
    if global_body(cx.db, g).root_expr.is_none() {
        return zero(cx, ty);
    }
    global_value(cx, g, ty)
}

/// An integer or bool constant expression of a function body (a `case` label such as
/// `kBase + 2 * kStep`, a `static_assert` condition).
pub(crate) fn int_expr(
    cx: &Ctx,
    body: &Body,
    infer: &InferenceResult,
    e: ExprId,
    subst: &[(GenericParamId, GenericArg)],
) -> R<i64> {
    match eval(cx, body, infer, e, subst, 0)? {
        Cv::Int(i) => Ok(i),
        Cv::Bool(b) => Ok(i64::from(b)),
        _ => Err(unsupported(
            "a constant that is not an integer or bool here",
        )),
    }
}

fn eval_global(cx: &Ctx, g: GlobalId, subst: &[(GenericParamId, GenericArg)], depth: u32) -> R<Cv> {
    if depth > 32 {
        return Err(unsupported("a constant defined in terms of itself"));
    }
    let body = global_body(cx.db, g);
    let infer = infer_global(cx.db, g);
    let Some(root) = body.root_expr else {
        return Err(unsupported("a constant without an initial value"));
    };
    eval(cx, &body, &infer, root, subst, depth)
}

fn eval(
    cx: &Ctx,
    body: &Body,
    infer: &InferenceResult,
    e: ExprId,
    subst: &[(GenericParamId, GenericArg)],
    depth: u32,
) -> R<Cv> {
    let go = |x: ExprId| eval(cx, body, infer, x, subst, depth);
    // `__first(D)` of a bound value pack.
    if matches!(body.exprs[e], Expr::Call { .. })
        && let Some(Len::Known(n)) = crate::value_packs::value_pack_expr(subst, body, e)
    {
        return Ok(Cv::Int(i64::from(n as i32)));
    }
    Ok(match &body.exprs[e] {
        Expr::Literal(HLit::Int { value, .. }) => Cv::Int(*value as i64),
        Expr::Literal(HLit::Float { value, .. }) => Cv::Float(*value),
        Expr::Literal(HLit::Bool(b)) => Cv::Bool(*b),
        Expr::Prefix { op, expr } => match (op, go(*expr)?) {
            (PrefixOp::Plus, v) => v,
            (PrefixOp::Neg, Cv::Int(i)) => Cv::Int(i.wrapping_neg()),
            (PrefixOp::Neg, Cv::Float(f)) => Cv::Float(-f),
            (PrefixOp::Not, Cv::Bool(b)) => Cv::Bool(!b),
            (PrefixOp::BitNot, Cv::Int(i)) => Cv::Int(!i),
            _ => return Err(unsupported("this operator in a constant")),
        },
        // `&&`/`||` short-circuit as they do at run time.
        Expr::Binary {
            op: op @ (BinaryOp::And | BinaryOp::Or),
            lhs,
            rhs,
        } => {
            let a = truthy(&go(*lhs)?)?;
            if a == (*op == BinaryOp::Or) {
                Cv::Bool(a)
            } else {
                Cv::Bool(truthy(&go(*rhs)?)?)
            }
        }
        Expr::Binary { op, lhs, rhs } => binary(*op, go(*lhs)?, go(*rhs)?)?,
        Expr::Ternary {
            cond,
            then_branch,
            else_branch,
        } => go(if truthy(&go(*cond)?)? {
            *then_branch
        } else {
            *else_branch
        })?,
        Expr::Cast { expr, .. } => convert(go(*expr)?, &infer.expr_ty(e)),
        Expr::InitList(items) => Cv::List(items.iter().map(|i| go(*i)).collect::<R<_>>()?),
        // A call of a lambda runs its body: not a constant.
        Expr::Call { callee, .. } if matches!(infer.expr_ty(*callee), hir::Ty::Lambda(_)) => {
            return Err(unsupported("a lambda call in a constant"));
        }
        Expr::Call { args, .. }
            if !matches!(infer.resolutions.get(&e), Some(ExprRes::Function(_))) =>
        {
            // `S()` of a struct whose fields have initialisers: the defaults, which the
            // initialiser code computes (not a constant here).
            if let hir::Ty::Adt(d, _) = infer.expr_ty(e)
                && hir::type_decl_data(cx.db, d)
                    .fields
                    .iter()
                    .any(|f| f.has_default && f.global.is_none())
            {
                return Err(unsupported(
                    "a struct with field initialisers in a constant",
                ));
            }
            let items: Vec<Cv> = args.iter().map(|i| go(*i)).collect::<R<_>>()?;
            match <[Cv; 1]>::try_from(items) {
                // `float(n)`: a conversion.
                Ok([one]) => convert(one, &infer.expr_ty(e)),
                Err(items) => Cv::List(items),
            }
        }
        Expr::Path(_) | Expr::Field { .. } => match infer.resolutions.get(&e) {
            Some(ExprRes::Global(g)) => match type_args_subst(cx, body, infer, e, subst) {
                // `S<N - 1>.value`: the constant with `S`'s arguments.
                Some(inner) => eval_global(cx, *g, &inner, depth + 1)?,
                None => eval_global(cx, *g, subst, depth + 1)?,
            },
            Some(ExprRes::EnumCase(d, i)) => Cv::Int(
                enum_case_value(cx.db, cx.file, *d, *i)
                    .ok_or_else(|| unsupported("this enum case value"))?,
            ),
            // `const uint K = 1;` in the function: its initialiser (a `case K:` label).
            Some(ExprRes::Local(l)) if !body.locals[*l].mutable && depth < 32 => {
                let init = body.stmts.iter().find_map(|(_, s)| match s {
                    hir::Stmt::Local {
                        local,
                        init: Some(i),
                    } if local == l => Some(*i),
                    _ => None,
                });
                match init {
                    Some(i) => eval(cx, body, infer, i, subst, depth + 1)?,
                    None => return Err(unsupported("this name in a constant")),
                }
            }
            // A generic value parameter (`N` of `struct S<let N : int>`), bound by `subst`.
            None => match &body.exprs[e] {
                Expr::Path(path) => {
                    let name = path.last_name();
                    let bound = subst.iter().find_map(|(p, a)| match a {
                        GenericArg::Value(Len::Known(n)) if p.name == name => Some(*n),
                        _ => None,
                    });
                    match bound {
                        Some(n) => convert(Cv::Int(i64::from(n)), &infer.expr_ty(e)),
                        None => return Err(unsupported("this name in a constant")),
                    }
                }
                _ => return Err(unsupported("this name in a constant")),
            },
            _ => return Err(unsupported("this name in a constant")),
        },
        Expr::SizeOf { align, .. } => match infer.resolutions.get(&e) {
            Some(ExprRes::Type(t)) if infer.sizeof_layouts.contains_key(&e) => {
                let layout = &infer.sizeof_layouts[&e];
                Cv::Int(layout_size_align(cx, t, layout, *align)?)
            }
            Some(ExprRes::Type(t)) if *align => Cv::Int(natural_align(cx, t)?),
            Some(ExprRes::Type(t)) => Cv::Int(natural_size(cx, t)?),
            _ => return Err(unsupported("this `sizeof`")),
        },
        // `lut[sizeof(T) - 1]`: an element of a constant list.
        Expr::Index { base, index } => {
            let Cv::List(items) = go(*base)? else {
                return Err(unsupported("indexing this value in a constant"));
            };
            let k = match go(*index)? {
                Cv::Int(i) => i,
                Cv::Bool(b) => i64::from(b),
                Cv::Float(_) | Cv::List(_) => {
                    return Err(unsupported("a non-integer index in a constant"));
                }
            };
            usize::try_from(k)
                .ok()
                .and_then(|k| items.get(k).cloned())
                .ok_or_else(|| unsupported("an index out of range in a constant"))?
        }
        // `countof(D)` of a pack bound by `subst`, of an array or of a tuple.
        Expr::CountOf(inner) => {
            if let Some(n) = crate::value_packs::value_pack_count(subst, body, *inner) {
                return Ok(Cv::Int(n as i64));
            }
            let t = match infer.resolutions.get(inner) {
                Some(ExprRes::Type(t)) => t.clone(),
                _ => infer.expr_ty(*inner),
            };
            let t =
                hir::export::normalize(cx.db, cx.file, &crate::apply(&subst.to_vec(), None, &t));
            match t {
                hir::Ty::Array(_, Len::Known(n)) => Cv::Int(i64::from(n)),
                hir::Ty::Pack(items) | hir::Ty::Tuple(items) => Cv::Int(items.len() as i64),
                _ => return Err(unsupported("`countof` of this value in a constant")),
            }
        }
        _ => return Err(unsupported("this expression in a constant initialiser")),
    })
}

/// The bindings of a generic type's parameters that `S<5, N>.value` gives (the arguments in
/// terms of the enclosing constant's own, bound by `subst`); `None` for another form.
fn type_args_subst(
    cx: &Ctx,
    body: &Body,
    infer: &InferenceResult,
    e: ExprId,
    subst: &[(GenericParamId, GenericArg)],
) -> Option<Vec<(GenericParamId, GenericArg)>> {
    let Expr::Field { base, .. } = &body.exprs[e] else {
        return None;
    };
    let Some(ExprRes::Type(hir::Ty::Adt(decl, args))) = infer.resolutions.get(base) else {
        return None;
    };
    if args.is_empty() {
        return None;
    }
    let outer = subst.to_vec();
    let generics = &hir::type_decl_data(cx.db, *decl).generics;
    Some(
        generics
            .iter()
            .enumerate()
            .zip(args.iter())
            .map(|((i, g), a)| {
                let p = GenericParamId {
                    owner: hir::export::GenericOwner::TypeDecl(*decl),
                    index: i as u32,
                    name: g.name.clone(),
                };
                let a = a.subst(&|q| hir::export::subst_lookup(&outer, &q));
                let a = match a {
                    GenericArg::Type(t) => {
                        GenericArg::Type(hir::export::normalize(cx.db, cx.file, &t))
                    }
                    v => v,
                };
                (p, a)
            })
            .collect(),
    )
}

/// A scalar converted to the scalar type `ty` (other values are kept for `shape`).
fn convert(v: Cv, ty: &hir::Ty) -> Cv {
    match (ty, &v) {
        (hir::Ty::Scalar(k), Cv::Int(_) | Cv::Float(_) | Cv::Bool(_)) if k.is_float() => {
            Cv::Float(as_f64(&v))
        }
        (hir::Ty::Scalar(k), Cv::Int(_) | Cv::Float(_) | Cv::Bool(_)) if k.is_integer() => {
            Cv::Int(as_i64(&v))
        }
        // `(bool)2`: nonzero is `true`.
        (hir::Ty::Scalar(hir::ScalarKind::Bool), Cv::Int(_) | Cv::Float(_)) => {
            Cv::Bool(as_f64(&v) != 0.0)
        }
        _ => v,
    }
}

/// A scalar constant as a condition.
fn truthy(v: &Cv) -> R<bool> {
    match v {
        Cv::Bool(b) => Ok(*b),
        Cv::Int(i) => Ok(*i != 0),
        Cv::Float(f) => Ok(*f != 0.0),
        Cv::List(_) => Err(unsupported("a vector as a constant condition")),
    }
}

fn binary(op: BinaryOp, a: Cv, b: Cv) -> R<Cv> {
    use BinaryOp::*;
    if matches!(op, Eq | Ne | Lt | Le | Gt | Ge) {
        let ord = match (&a, &b) {
            (Cv::Int(x), Cv::Int(y)) => x.partial_cmp(y),
            (Cv::Bool(x), Cv::Bool(y)) => x.partial_cmp(y),
            // A bool against a number: the bool as 0 or 1 (HLSL's promotion).
            (
                x @ (Cv::Int(_) | Cv::Float(_) | Cv::Bool(_)),
                y @ (Cv::Int(_) | Cv::Float(_) | Cv::Bool(_)),
            ) => as_f64(x).partial_cmp(&as_f64(y)),
            _ => return Err(unsupported("this comparison in a constant")),
        };
        // NaN compares unequal and unordered.
        return Ok(Cv::Bool(match (op, ord) {
            (Ne, None) => true,
            (_, None) => false,
            (Eq, Some(o)) => o.is_eq(),
            (Ne, Some(o)) => o.is_ne(),
            (Lt, Some(o)) => o.is_lt(),
            (Le, Some(o)) => o.is_le(),
            (Gt, Some(o)) => o.is_gt(),
            (_, Some(o)) => o.is_ge(),
        }));
    }
    Ok(match (a, b) {
        (Cv::Int(a), Cv::Int(b)) => Cv::Int(match op {
            Add => a.wrapping_add(b),
            Sub => a.wrapping_sub(b),
            Mul => a.wrapping_mul(b),
            Div => a
                .checked_div(b)
                .ok_or_else(|| unsupported("a constant division by zero"))?,
            Rem => a
                .checked_rem(b)
                .ok_or_else(|| unsupported("a constant division by zero"))?,
            Shl => a.wrapping_shl(b as u32),
            Shr => a.wrapping_shr(b as u32),
            BitAnd => a & b,
            BitOr => a | b,
            BitXor => a ^ b,
            _ => return Err(unsupported("this operator in a constant")),
        }),
        (a @ (Cv::Int(_) | Cv::Float(_)), b @ (Cv::Int(_) | Cv::Float(_))) => {
            let (a, b) = (as_f64(&a), as_f64(&b));
            Cv::Float(match op {
                Add => a + b,
                Sub => a - b,
                Mul => a * b,
                Div => a / b,
                Rem => a % b,
                _ => return Err(unsupported("this operator in a constant")),
            })
        }
        _ => return Err(unsupported("this operator in a constant")),
    })
}

fn as_f64(v: &Cv) -> f64 {
    match v {
        Cv::Int(i) => *i as f64,
        Cv::Float(f) => *f,
        Cv::Bool(b) => f64::from(u8::from(*b)),
        Cv::List(_) => 0.0,
    }
}

fn as_i64(v: &Cv) -> i64 {
    match v {
        Cv::Int(i) => *i,
        Cv::Float(f) => *f as i64,
        Cv::Bool(b) => i64::from(*b),
        Cv::List(_) => 0,
    }
}

fn literal(v: &Cv, s: Scalar) -> Literal {
    match s {
        Scalar::Bool => Literal::Bool(as_i64(v) != 0 || as_f64(v) != 0.0),
        Scalar::I32 => Literal::I32(as_i64(v) as i32),
        Scalar::U32 => Literal::U32(as_i64(v) as u32),
        // 8/16-bit integers are held in 32 bits, wrapped to their width.
        Scalar::I8 => Literal::I32(i32::from(as_i64(v) as i8)),
        Scalar::U8 => Literal::U32(u32::from(as_i64(v) as u8)),
        Scalar::I16 => Literal::I32(i32::from(as_i64(v) as i16)),
        Scalar::U16 => Literal::U32(u32::from(as_i64(v) as u16)),
        Scalar::I64 => Literal::I64(as_i64(v)),
        Scalar::U64 => Literal::U64(as_i64(v) as u64),
        Scalar::F16 => Literal::F16(as_f64(v) as f32),
        Scalar::F32 => Literal::F32(as_f64(v) as f32),
        Scalar::F64 => Literal::F64(as_f64(v)),
    }
}

fn flatten(v: &Cv, out: &mut Vec<Cv>) {
    match v {
        Cv::List(items) => items.iter().for_each(|i| flatten(i, out)),
        other => out.push(other.clone()),
    }
}

/// The largest constant array written out element by element (a lookup table of a million
/// floats; `static const float a[100000000] = {...}` would take gigabytes).
const MAX_CONSTANT_BYTES: u64 = 4 << 20;

/// Gives a compile-time value the IR type `ty` (splats scalars, flattens constructor lists).
fn shape(cx: &mut Ctx, v: &Cv, ty: TypeId) -> R<ConstValue> {
    let kind = cx.module.types.kind(ty).clone();
    let mismatch = || unsupported("this constant initialiser shape");
    Ok(match kind {
        TypeKind::Scalar(s) => match v {
            Cv::List(items) if items.len() == 1 => shape(cx, &items[0], ty)?,
            Cv::List(_) => return Err(mismatch()),
            v => ConstValue::Literal(literal(v, s)),
        },
        TypeKind::Vector { scalar, size } => {
            let mut flat = Vec::new();
            flatten(v, &mut flat);
            if flat.len() == 1 {
                flat = vec![flat[0].clone(); size as usize];
            }
            if flat.len() != size as usize {
                return Err(mismatch());
            }
            ConstValue::Composite(
                flat.iter()
                    .map(|x| ConstValue::Literal(literal(x, scalar)))
                    .collect(),
            )
        }
        TypeKind::Matrix { scalar, rows, cols } => {
            let mut flat = Vec::new();
            flatten(v, &mut flat);
            if flat.len() == 1 {
                flat = vec![flat[0].clone(); rows as usize * cols as usize];
            }
            if flat.len() != rows as usize * cols as usize {
                return Err(mismatch());
            }
            ConstValue::Composite(
                flat.chunks(cols as usize)
                    .map(|row| {
                        ConstValue::Composite(
                            row.iter()
                                .map(|x| ConstValue::Literal(literal(x, scalar)))
                                .collect(),
                        )
                    })
                    .collect(),
            )
        }
        TypeKind::Array { elem, len } => {
            let Cv::List(items) = v else {
                return Err(mismatch());
            };
            let bytes = crate::types::min_bytes(&cx.module.types, ty);
            if bytes > MAX_CONSTANT_BYTES {
                return Err(crate::LowerError {
                    code: "E4003",
                    message: format!(
                        "a constant of type `{}` needs at least {bytes} bytes, more than the \
                         {MAX_CONSTANT_BYTES}-byte limit of a constant written out in the shader: \
                         make it a buffer, or a global that is not `const`",
                        cx.module.types.display(ty)
                    ),
                    ..unsupported("")
                });
            }
            let mut out = Vec::new();
            for i in 0..len as usize {
                out.push(match items.get(i) {
                    Some(item) => shape(cx, item, elem)?,
                    None => zero(cx, elem)?,
                });
            }
            ConstValue::Composite(out)
        }
        TypeKind::Struct(id) => {
            let fields: Vec<TypeId> = cx
                .module
                .types
                .struct_def(id)
                .map(|s| s.fields.iter().map(|f| f.ty).collect())
                .unwrap_or_default();
            let Cv::List(items) = v else {
                return Err(mismatch());
            };
            let mut out = Vec::new();
            for (i, f) in fields.iter().enumerate() {
                out.push(match items.get(i) {
                    Some(item) => shape(cx, item, *f)?,
                    None => zero(cx, *f)?,
                });
            }
            ConstValue::Composite(out)
        }
        _ => return Err(mismatch()),
    })
}

pub(crate) fn zero(cx: &mut Ctx, ty: TypeId) -> R<ConstValue> {
    let z = match cx.module.types.kind(ty) {
        TypeKind::Scalar(_) | TypeKind::Vector { .. } | TypeKind::Matrix { .. } => Cv::Int(0),
        _ => Cv::List(Vec::new()),
    };
    shape(cx, &z, ty)
}

/// `sizeof(ty)` in Slang's natural layout (as slangc folds it; `hir::layout`).
pub(crate) fn natural_size(cx: &Ctx, ty: &hir::Ty) -> R<i64> {
    if matches!(ty, hir::Ty::Void) {
        // `sizeof(void)` is 0, as slangc folds it.
        return Ok(0);
    }
    hir::layout::natural_size(cx.db, cx.file, ty)
        .map(i64::from)
        .ok_or_else(|| unsupported(format!("`sizeof` of `{}`", cx.display(ty))))
}

/// `sizeof(ty, Layout)` (or `alignof` with `align`) in a buffer data layout (`hir::layout`).
pub(crate) fn layout_size_align(cx: &Ctx, ty: &hir::Ty, layout: &hir::Ty, align: bool) -> R<i64> {
    let what = if align { "alignof" } else { "sizeof" };
    let rules = hir::layout::data_layout_of(cx.db, layout).ok_or_else(|| {
        unsupported(format!(
            "`{what}` in the data layout `{}` (dslang knows the natural, scalar, std430 and \
             std140 layouts)",
            cx.display(layout)
        ))
    })?;
    if matches!(ty, hir::Ty::Void) {
        return Ok(0);
    }
    let (size, alignment) = hir::layout::data_layout_size_align(cx.db, cx.file, ty, rules)
        .ok_or_else(|| unsupported(format!("`{what}` of `{}`", cx.display(ty))))?;
    Ok(i64::from(if align { alignment } else { size }))
}

/// `alignof(ty)`: the alignment of `ty` in Slang's natural layout (`hir::layout`).
pub(crate) fn natural_align(cx: &Ctx, ty: &hir::Ty) -> R<i64> {
    hir::layout::natural_align(cx.db, cx.file, ty)
        .map(i64::from)
        .ok_or_else(|| unsupported(format!("`alignof` of `{}`", cx.display(ty))))
}
