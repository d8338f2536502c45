//! Constant evaluation of integer expressions: the values of `static const` globals, enum cases
//! and array lengths. A plain tree walk over a body, independent of the inference context.

use base_db::Db;

use crate::body::*;
use crate::ids::*;
use crate::lower;
use crate::resolve::{self, Resolution, Resolver};

/// The integer value of a constant global (`static const int N = 4;`), if it is one.
#[salsa::tracked(returns(copy), cycle_result = const_cycle)]
pub fn global_const_value(db: &dyn Db, global: GlobalId) -> Option<i64> {
    let data = lower::global_data(db, global);
    if !(data.modifiers.is_const || data.is_let || data.modifiers.is_static) {
        return None;
    }
    let body = lower::global_body(db, global);
    let resolver = Resolver::for_item(db, global.loc(db));
    const_eval(db, &resolver, &body, body.root_expr?)
}

fn const_cycle(_db: &dyn Db, _id: salsa::Id, _global: GlobalId) -> Option<i64> {
    None
}

pub(super) fn const_eval(
    db: &dyn Db,
    resolver: &Resolver<'_>,
    body: &Body,
    expr: ExprId,
) -> Option<i64> {
    match &body.exprs[expr] {
        Expr::Literal(Literal::Int { value, .. }) => Some(*value as i64),
        Expr::Literal(Literal::Bool(b)) => Some(i64::from(*b)),
        Expr::Path(p) => match resolver.resolve_path(p, &mut Vec::new())? {
            Resolution::Global(g) => global_const_value(db, g),
            Resolution::EnumCase(d, i) => resolve::enum_case_value(db, resolver.file, d, i),
            _ => None,
        },
        Expr::Prefix { op, expr } => {
            let v = const_eval(db, resolver, body, *expr)?;
            match op {
                PrefixOp::Neg => Some(v.wrapping_neg()),
                PrefixOp::Plus => Some(v),
                PrefixOp::Not => Some(i64::from(v == 0)),
                PrefixOp::BitNot => Some(!v),
                PrefixOp::Inc | PrefixOp::Dec | PrefixOp::Deref | PrefixOp::AddressOf => None,
            }
        }
        Expr::Cast { expr, .. } => const_eval(db, resolver, body, *expr),
        // `__floatAsInt(1.0f)`: the bits of a constant floating-point value.
        Expr::Call { callee, args }
            if args.len() == 1
                && matches!(&body.exprs[*callee], Expr::Path(p)
                    if p.segments.len() == 1 && p.segments[0].name == "__floatAsInt") =>
        {
            let (value, width) = const_float(db, resolver, body, args[0])?;
            Some(match width {
                FloatWidth::Half => i64::from(half_bits(value) as i16),
                FloatWidth::Float => i64::from((value as f32).to_bits() as i32),
                FloatWidth::Double => value.to_bits() as i64,
            })
        }
        Expr::Ternary {
            cond,
            then_branch,
            else_branch,
        } => {
            let chosen = if const_eval(db, resolver, body, *cond)? != 0 {
                then_branch
            } else {
                else_branch
            };
            const_eval(db, resolver, body, *chosen)
        }
        // `&&`/`||` short-circuit as they do at run time.
        Expr::Binary {
            op: op @ (BinaryOp::And | BinaryOp::Or),
            lhs,
            rhs,
        } => {
            let a = const_eval(db, resolver, body, *lhs)? != 0;
            if a == (*op == BinaryOp::Or) {
                return Some(i64::from(a));
            }
            Some(i64::from(const_eval(db, resolver, body, *rhs)? != 0))
        }
        Expr::Binary { op, lhs, rhs } => {
            let (a, b) = (
                const_eval(db, resolver, body, *lhs)?,
                const_eval(db, resolver, body, *rhs)?,
            );
            Some(match op {
                BinaryOp::Add => a.wrapping_add(b),
                BinaryOp::Sub => a.wrapping_sub(b),
                BinaryOp::Mul => a.wrapping_mul(b),
                BinaryOp::Div => a.checked_div(b)?,
                BinaryOp::Rem => a.checked_rem(b)?,
                BinaryOp::Shl => a.checked_shl(b as u32)?,
                BinaryOp::Shr => a.checked_shr(b as u32)?,
                BinaryOp::BitAnd => a & b,
                BinaryOp::BitOr => a | b,
                BinaryOp::BitXor => a ^ b,
                BinaryOp::Eq => i64::from(a == b),
                BinaryOp::Ne => i64::from(a != b),
                BinaryOp::Lt => i64::from(a < b),
                BinaryOp::Le => i64::from(a <= b),
                BinaryOp::Gt => i64::from(a > b),
                BinaryOp::Ge => i64::from(a >= b),
                _ => return None,
            })
        }
        // `sizeof(T)`, `sizeof(name)`, `alignof(...)` in Slang's natural layout.
        Expr::SizeOf {
            ty,
            expr,
            align,
            layout: None,
        } => {
            let operand = match expr {
                None => ty.clone(),
                Some(inner) => match &body.exprs[*inner] {
                    Expr::Path(p) => crate::data::TypeRef::Path(p.clone()),
                    _ => return None,
                },
            };
            let ty = resolver.sizeof_operand(&operand, &|_| None)?;
            let v = if *align {
                crate::layout::natural_align(db, resolver.file, &ty)
            } else {
                crate::layout::natural_size(db, resolver.file, &ty)
            };
            v.map(i64::from)
        }
        _ => None,
    }
}

/// The width of a constant floating-point value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FloatWidth {
    Half,
    Float,
    Double,
}

/// A constant floating-point expression: a literal (its suffix gives the width: `h` half, `l`/`lf`
/// double, otherwise float), a negation, or a conversion of a constant integer (`float(1)`).
fn const_float(
    db: &dyn Db,
    resolver: &Resolver<'_>,
    body: &Body,
    expr: ExprId,
) -> Option<(f64, FloatWidth)> {
    match &body.exprs[expr] {
        Expr::Literal(Literal::Float { value, suffix }) => {
            let width = match suffix.map(|c| c.to_ascii_lowercase()) {
                Some('h') => FloatWidth::Half,
                Some('l') => FloatWidth::Double,
                _ => FloatWidth::Float,
            };
            Some((*value, width))
        }
        Expr::Prefix {
            op: PrefixOp::Neg,
            expr,
        } => const_float(db, resolver, body, *expr).map(|(v, w)| (-v, w)),
        Expr::Prefix {
            op: PrefixOp::Plus,
            expr,
        } => const_float(db, resolver, body, *expr),
        Expr::Call { callee, args } if args.len() == 1 => {
            let Expr::Path(p) = &body.exprs[*callee] else {
                return None;
            };
            let width = match p.segments.as_slice() {
                [seg] if seg.args.is_none() => match seg.name.as_str() {
                    "half" => FloatWidth::Half,
                    "float" => FloatWidth::Float,
                    "double" => FloatWidth::Double,
                    _ => return None,
                },
                _ => return None,
            };
            let value = match const_float(db, resolver, body, args[0]) {
                Some((v, _)) => v,
                None => const_eval(db, resolver, body, args[0])? as f64,
            };
            Some((value, width))
        }
        _ => None,
    }
}

/// The IEEE 754 binary16 bits of `value` (rounded to nearest even).
fn half_bits(value: f64) -> u16 {
    let f = value as f32;
    let bits = f.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        // Infinity or NaN.
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // Subnormal or zero in half precision.
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rest = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let round = rest > mid || (rest == mid && half & 1 == 1);
        return sign | (half + u32::from(round)) as u16;
    }
    let half = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1fff;
    let round = rest > 0x1000 || (rest == 0x1000 && half & 1 == 1);
    sign | (half + u32::from(round)) as u16
}
