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
        Expr::SizeOf { ty, expr, align } => {
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
