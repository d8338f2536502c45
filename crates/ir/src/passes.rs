//! Clean-up passes on function bodies: constant folding, unreachable-code removal, dead-code
//! elimination. They keep value ids stable (dead values stay in `Function::values`, unreferenced).

use crate::module::*;
use crate::types::{Scalar, TypeKind};

/// Folds arithmetic, comparisons and conversions whose operands are scalar literals.
pub fn fold_constants(module: &mut Module) {
    for f in &mut module.functions {
        // Values are defined before use, so one pass in id order sees folded operands.
        for i in 0..f.values.len() {
            if let Some(l) = fold(&f.values, &f.values[i].inst) {
                // Only keep folds whose literal has the value's declared scalar type.
                if module.types.kind(f.values[i].ty) == &TypeKind::Scalar(l.scalar()) {
                    f.values[i].inst = Inst::Literal(l);
                }
            }
        }
    }
}

fn lit(values: &[ValueData], v: ValueId) -> Option<Literal> {
    match values.get(v.0 as usize)?.inst {
        Inst::Literal(l) => Some(l),
        _ => None,
    }
}

pub(crate) fn fold(values: &[ValueData], inst: &Inst) -> Option<Literal> {
    use Literal::*;
    match *inst {
        Inst::Unary(op, a) => match (op, lit(values, a)?) {
            (UnaryOp::Neg, I32(x)) => Some(I32(x.wrapping_neg())),
            (UnaryOp::Neg, F32(x)) => Some(F32(-x)),
            (UnaryOp::Not, Bool(x)) => Some(Bool(!x)),
            (UnaryOp::BitNot, I32(x)) => Some(I32(!x)),
            (UnaryOp::BitNot, U32(x)) => Some(U32(!x)),
            (UnaryOp::Neg, I64(x)) => Some(I64(x.wrapping_neg())),
            (UnaryOp::Neg, U64(x)) => Some(U64(x.wrapping_neg())),
            (UnaryOp::BitNot, I64(x)) => Some(I64(!x)),
            (UnaryOp::BitNot, U64(x)) => Some(U64(!x)),
            _ => None,
        },
        Inst::Binary(op, a, b) => fold_binary(op, lit(values, a)?, lit(values, b)?),
        Inst::Convert(a, to) => {
            let l = lit(values, a)?;
            // Between integer types (64-bit ones included): two's-complement truncation or
            // extension, as HLSL converts.
            let int = match l {
                Bool(x) => Some(i128::from(x)),
                I32(x) => Some(i128::from(x)),
                U32(x) => Some(i128::from(x)),
                I64(x) => Some(i128::from(x)),
                U64(x) => Some(i128::from(x)),
                _ => None,
            };
            if let Some(i) = int
                && (matches!(l, I64(_) | U64(_)) || matches!(to, Scalar::I64 | Scalar::U64))
            {
                return match to {
                    Scalar::I32 => Some(I32(i as i32)),
                    Scalar::U32 => Some(U32(i as u32)),
                    Scalar::I64 => Some(I64(i as i64)),
                    Scalar::U64 => Some(U64(i as u64)),
                    Scalar::Bool => Some(Bool(i != 0)),
                    _ => None,
                };
            }
            let as_f64 = match l {
                Bool(x) => x as i64 as f64,
                I32(x) => x as f64,
                U32(x) => x as f64,
                F32(x) => x as f64,
                _ => return None,
            };
            match (l, to) {
                (_, Scalar::F32) => Some(F32(as_f64 as f32)),
                (F32(x), Scalar::I32) => Some(I32(x as i32)),
                (F32(x), Scalar::U32) => Some(U32(x as u32)),
                (I32(x), Scalar::U32) => Some(U32(x as u32)),
                (U32(x), Scalar::I32) => Some(I32(x as i32)),
                (Bool(x), Scalar::I32) => Some(I32(x as i32)),
                (Bool(x), Scalar::U32) => Some(U32(x as u32)),
                (_, Scalar::Bool) => Some(Bool(as_f64 != 0.0)),
                (I32(x), Scalar::I32) => Some(I32(x)),
                (U32(x), Scalar::U32) => Some(U32(x)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn fold_binary(op: BinaryOp, a: Literal, b: Literal) -> Option<Literal> {
    use BinaryOp::*;
    use Literal::*;
    // The same integer arithmetic for every width: wrapping, with division by zero and overflow
    // left to the target's rules.
    macro_rules! integer {
        ($lit:ident, $x:expr, $y:expr) => {{
            let (x, y) = ($x, $y);
            match op {
                Add => $lit(x.wrapping_add(y)),
                Sub => $lit(x.wrapping_sub(y)),
                Mul => $lit(x.wrapping_mul(y)),
                Div => $lit(x.checked_div(y)?),
                Rem => $lit(x.checked_rem(y)?),
                BitAnd => $lit(x & y),
                BitOr => $lit(x | y),
                BitXor => $lit(x ^ y),
                Eq => Bool(x == y),
                Ne => Bool(x != y),
                Lt => Bool(x < y),
                Le => Bool(x <= y),
                Gt => Bool(x > y),
                Ge => Bool(x >= y),
                _ => return None,
            }
        }};
    }
    Some(match (a, b) {
        (I32(x), I32(y)) => integer!(I32, x, y),
        (U32(x), U32(y)) => integer!(U32, x, y),
        (I64(x), I64(y)) => integer!(I64, x, y),
        (U64(x), U64(y)) => integer!(U64, x, y),
        (F32(x), F32(y)) => match op {
            Add => F32(x + y),
            Sub => F32(x - y),
            Mul => F32(x * y),
            Div => F32(x / y),
            Eq => Bool(x == y),
            Ne => Bool(x != y),
            Lt => Bool(x < y),
            Le => Bool(x <= y),
            Gt => Bool(x > y),
            Ge => Bool(x >= y),
            _ => return None,
        }
        .filter_finite()?,
        (Bool(x), Bool(y)) => match op {
            LogicalAnd => Bool(x && y),
            LogicalOr => Bool(x || y),
            Eq => Bool(x == y),
            Ne => Bool(x != y),
            _ => return None,
        },
        _ => return None,
    })
}

trait FilterFinite: Sized {
    fn filter_finite(self) -> Option<Self>;
}
impl FilterFinite for Literal {
    /// Non-finite results are left to run time: targets cannot spell inf/NaN literals.
    fn filter_finite(self) -> Option<Self> {
        match self {
            Literal::F32(x) if !x.is_finite() => None,
            l => Some(l),
        }
    }
}

/// Drops statements after a `return`, `break` or `continue` in the same block.
pub fn remove_unreachable(module: &mut Module) {
    for f in &mut module.functions {
        cut_after_terminators(&mut f.body);
    }
}

fn cut_after_terminators(block: &mut Block) {
    if let Some(pos) = block
        .iter()
        .position(|s| matches!(s, Stmt::Return(_) | Stmt::Break | Stmt::Continue))
    {
        block.truncate(pos + 1);
    }
    for s in block {
        for b in child_blocks_mut(s) {
            cut_after_terminators(b);
        }
    }
}

pub(crate) fn child_blocks_mut(s: &mut Stmt) -> Vec<&mut Block> {
    match s {
        Stmt::If {
            then_block,
            else_block,
            ..
        } => vec![then_block, else_block],
        Stmt::Switch { cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
        Stmt::Loop {
            body, continuing, ..
        } => vec![body, continuing],
        _ => Vec::new(),
    }
}

/// Removes `let`s of side-effect-free values that nothing uses, to a fixed point.
pub fn eliminate_dead_code(module: &mut Module) {
    for f in &mut module.functions {
        loop {
            let mut used = vec![false; f.values.len()];
            mark_uses(&f.body, &f.values, &mut used);
            let before = count_lets(&f.body);
            sweep(&mut f.body, &f.values, &used);
            if count_lets(&f.body) == before {
                break;
            }
        }
    }
}

fn mark(used: &mut [bool], v: ValueId) {
    if let Some(u) = used.get_mut(v.0 as usize) {
        *u = true;
    }
}

pub(crate) fn mark_uses(block: &Block, values: &[ValueData], used: &mut [bool]) {
    for s in block {
        match s {
            Stmt::Let(v) => {
                if let Some(d) = values.get(v.0 as usize) {
                    for op in d.inst.operands() {
                        mark(used, op);
                    }
                }
            }
            Stmt::Store { place, value } => {
                mark(used, *value);
                for op in place.operands() {
                    mark(used, op);
                }
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                mark(used, *cond);
                mark_uses(then_block, values, used);
                mark_uses(else_block, values, used);
            }
            Stmt::Switch { selector, cases } => {
                mark(used, *selector);
                for c in cases {
                    mark_uses(&c.body, values, used);
                }
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                mark_uses(body, values, used);
                mark_uses(continuing, values, used);
                if let Some(c) = break_if {
                    mark(used, *c);
                }
            }
            Stmt::Return(Some(v)) => mark(used, *v),
            Stmt::Return(None) | Stmt::Break | Stmt::Continue | Stmt::Barrier(_) => {}
        }
    }
}

pub(crate) fn sweep(block: &mut Block, values: &[ValueData], used: &[bool]) {
    block.retain(|s| match s {
        Stmt::Let(v) => {
            used.get(v.0 as usize).copied().unwrap_or(true)
                || values
                    .get(v.0 as usize)
                    .is_none_or(|d| d.inst.has_side_effects())
        }
        _ => true,
    });
    for s in block {
        for b in child_blocks_mut(s) {
            sweep(b, values, used);
        }
    }
}

pub(crate) fn count_lets(block: &Block) -> usize {
    block
        .iter()
        .map(|s| match s {
            Stmt::Let(_) => 1,
            Stmt::If {
                then_block,
                else_block,
                ..
            } => count_lets(then_block) + count_lets(else_block),
            Stmt::Switch { cases, .. } => cases.iter().map(|c| count_lets(&c.body)).sum(),
            Stmt::Loop {
                body, continuing, ..
            } => count_lets(body) + count_lets(continuing),
            _ => 0,
        })
        .sum()
}
