//! Operators: component-wise unary/binary ops, conversions, constructors, atomics.

use ir::{AtomicOp, BinaryOp, Scalar, TypeId, TypeKind, Types, UnaryOp};

use crate::value::{Value, round_f16};
use crate::{Result, malformed};

/// Applies `f` to every scalar of a scalar/vector/matrix value.
pub(crate) fn map_scalars(v: &Value, f: &dyn Fn(&Value) -> Result<Value>) -> Result<Value> {
    match v {
        Value::Composite(items) => Ok(Value::Composite(
            items
                .iter()
                .map(|x| map_scalars(x, f))
                .collect::<Result<_>>()?,
        )),
        _ => f(v),
    }
}

/// Applies `f` component-wise to two values of the same shape.
pub(crate) fn zip_scalars(
    a: &Value,
    b: &Value,
    f: &dyn Fn(&Value, &Value) -> Result<Value>,
) -> Result<Value> {
    match (a, b) {
        (Value::Composite(xs), Value::Composite(ys)) if xs.len() == ys.len() => {
            Ok(Value::Composite(
                xs.iter()
                    .zip(ys)
                    .map(|(x, y)| zip_scalars(x, y, f))
                    .collect::<Result<_>>()?,
            ))
        }
        (Value::Composite(_), _) | (_, Value::Composite(_)) => malformed("operand shapes differ"),
        _ => f(a, b),
    }
}

/// Applies `f` component-wise to three values of the same shape.
pub(crate) fn zip3_scalars(
    a: &Value,
    b: &Value,
    c: &Value,
    f: &dyn Fn(&Value, &Value, &Value) -> Result<Value>,
) -> Result<Value> {
    match (a, b, c) {
        (Value::Composite(xs), Value::Composite(ys), Value::Composite(zs))
            if xs.len() == ys.len() && ys.len() == zs.len() =>
        {
            Ok(Value::Composite(
                xs.iter()
                    .zip(ys)
                    .zip(zs)
                    .map(|((x, y), z)| zip3_scalars(x, y, z, f))
                    .collect::<Result<_>>()?,
            ))
        }
        (Value::Composite(_), _, _) | (_, Value::Composite(_), _) | (_, _, Value::Composite(_)) => {
            malformed("operand shapes differ")
        }
        _ => f(a, b, c),
    }
}

/// A float result of kind `s`, rounded to its precision.
pub(crate) fn float(s: Scalar, x: f64) -> Value {
    match s {
        Scalar::F16 => Value::F16(round_f16(x as f32)),
        Scalar::F32 => Value::F32(x as f32),
        _ => Value::F64(x),
    }
}

fn is_float(v: &Value) -> bool {
    matches!(v, Value::F16(_) | Value::F32(_) | Value::F64(_))
}

/// An int result of the kind of `like`, wrapped to its width.
pub(crate) fn int_like(like: &Value, x: i128) -> Result<Value> {
    Ok(match like {
        Value::I32(_) => Value::I32(x as i32),
        Value::U32(_) => Value::U32(x as u32),
        Value::I64(_) => Value::I64(x as i64),
        Value::U64(_) => Value::U64(x as u64),
        _ => return malformed("integer operation on a non-integer"),
    })
}

fn bits_of(v: &Value) -> u32 {
    v.scalar().map_or(32, Scalar::bits)
}

pub(crate) fn unary(op: UnaryOp, a: &Value) -> Result<Value> {
    map_scalars(a, &|x| match (op, x) {
        (UnaryOp::Neg, _) if is_float(x) => Ok(float(x.scalar().unwrap_or(Scalar::F64), -fl(x)?)),
        (UnaryOp::Neg, _) => int_like(x, -int(x)?),
        (UnaryOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
        (UnaryOp::BitNot, _) => int_like(x, !int(x)?),
        _ => malformed(format!("{op:?} of {x}")),
    })
}

pub(crate) fn fl(v: &Value) -> Result<f64> {
    match v {
        Value::F16(x) | Value::F32(x) => Ok(*x as f64),
        Value::F64(x) => Ok(*x),
        _ => malformed(format!("expected a float, found {v}")),
    }
}

pub(crate) fn int(v: &Value) -> Result<i128> {
    match v {
        Value::I32(_) | Value::U32(_) | Value::I64(_) | Value::U64(_) => v
            .as_i128()
            .ok_or_else(|| crate::InterpError::Malformed("int".into())),
        _ => malformed(format!("expected an integer, found {v}")),
    }
}

pub(crate) fn binary(op: BinaryOp, a: &Value, b: &Value) -> Result<Value> {
    zip_scalars(a, b, &|x, y| scalar_binary(op, x, y))
}

fn scalar_binary(op: BinaryOp, x: &Value, y: &Value) -> Result<Value> {
    use BinaryOp::*;
    if let (Value::Bool(p), Value::Bool(q)) = (x, y) {
        return Ok(Value::Bool(match op {
            LogicalAnd => *p && *q,
            LogicalOr => *p || *q,
            Eq => p == q,
            Ne => p != q,
            _ => return malformed(format!("{} on bools", op.name())),
        }));
    }
    if is_float(x) {
        let s = x.scalar().unwrap_or(Scalar::F64);
        let (p, q) = (fl(x)?, fl(y)?);
        return Ok(match op {
            Add => float(s, p + q),
            Sub => float(s, p - q),
            Mul => float(s, p * q),
            Div => float(s, p / q),
            // HLSL `%` on floats is fmod: the sign of the dividend.
            Rem => float(s, p % q),
            Eq => Value::Bool(p == q),
            Ne => Value::Bool(p != q),
            Lt => Value::Bool(p < q),
            Le => Value::Bool(p <= q),
            Gt => Value::Bool(p > q),
            Ge => Value::Bool(p >= q),
            _ => return malformed(format!("{} on floats", op.name())),
        });
    }
    let (p, q) = (int(x)?, int(y)?);
    let bits = bits_of(x);
    let signed = matches!(x, Value::I32(_) | Value::I64(_));
    let min = if signed { -(1i128 << (bits - 1)) } else { 0 };
    match op {
        Add => int_like(x, p + q),
        Sub => int_like(x, p - q),
        Mul => int_like(x, p.wrapping_mul(q)),
        // WGSL: division by zero yields the dividend, and so does MIN / -1.
        Div if q == 0 || (signed && p == min && q == -1) => int_like(x, p),
        Div => int_like(x, p / q),
        Rem if q == 0 || (signed && p == min && q == -1) => int_like(x, 0),
        Rem => int_like(x, p % q),
        BitAnd => int_like(x, p & q),
        BitOr => int_like(x, p | q),
        BitXor => int_like(x, p ^ q),
        Shl => int_like(x, p << (q.rem_euclid(bits as i128))),
        Shr => int_like(x, p >> (q.rem_euclid(bits as i128))),
        Eq => Ok(Value::Bool(p == q)),
        Ne => Ok(Value::Bool(p != q)),
        Lt => Ok(Value::Bool(p < q)),
        Le => Ok(Value::Bool(p <= q)),
        Gt => Ok(Value::Bool(p > q)),
        Ge => Ok(Value::Bool(p >= q)),
        LogicalAnd | LogicalOr => malformed(format!("{} on integers", op.name())),
    }
}

pub(crate) fn select(c: &Value, a: &Value, b: &Value) -> Result<Value> {
    match c {
        Value::Bool(true) => Ok(a.clone()),
        Value::Bool(false) => Ok(b.clone()),
        Value::Composite(_) => zip3_scalars(c, a, b, &|c, a, b| match c {
            Value::Bool(true) => Ok(a.clone()),
            Value::Bool(false) => Ok(b.clone()),
            _ => malformed("select condition"),
        }),
        _ => malformed("select condition"),
    }
}

pub(crate) fn convert(x: &Value, to: Scalar) -> Result<Value> {
    if is_float(x) {
        let f = fl(x)?;
        return Ok(match to {
            Scalar::Bool => Value::Bool(f != 0.0),
            // `as` saturates and maps NaN to 0, as WGSL's conversions do.
            Scalar::I32 => Value::I32(f as i32),
            Scalar::U32 => Value::U32(f as u32),
            Scalar::I64 => Value::I64(f as i64),
            Scalar::U64 => Value::U64(f as u64),
            // 8/16-bit integers: held in 32 bits, wrapped to their width.
            s if s.is_narrow_int() => narrow(s, i128::from(f as i32)),
            s => float(s, f),
        });
    }
    let i = x
        .as_i128()
        .ok_or_else(|| crate::InterpError::Malformed(format!("convert {x}")))?;
    Ok(match to {
        Scalar::Bool => Value::Bool(i != 0),
        Scalar::I32 => Value::I32(i as i32),
        Scalar::U32 => Value::U32(i as u32),
        Scalar::I64 => Value::I64(i as i64),
        Scalar::U64 => Value::U64(i as u64),
        s if s.is_narrow_int() => narrow(s, i),
        s => float(s, i as f64),
    })
}

/// `i` wrapped to the width of the 8/16-bit integer `s`, held as a 32-bit value.
pub(crate) fn narrow(s: Scalar, i: i128) -> Value {
    match s {
        Scalar::I8 => Value::I32(i32::from(i as i8)),
        Scalar::U8 => Value::U32(u32::from(i as u8)),
        Scalar::I16 => Value::I32(i32::from(i as i16)),
        Scalar::U16 => Value::U32(u32::from(i as u16)),
        _ => Value::I32(i as i32),
    }
}

pub(crate) fn bitcast(x: &Value, to: Scalar) -> Result<Value> {
    let bits: u64 = match *x {
        Value::I32(v) => v as u32 as u64,
        Value::U32(v) => v as u64,
        Value::F32(v) => v.to_bits() as u64,
        Value::I64(v) => v as u64,
        Value::U64(v) => v,
        Value::F64(v) => v.to_bits(),
        _ => return malformed(format!("bitcast of {x}")),
    };
    if bits_of(x) != to.bits() {
        return malformed("bitcast changes width");
    }
    Ok(match to {
        Scalar::I32 => Value::I32(bits as u32 as i32),
        Scalar::U32 => Value::U32(bits as u32),
        Scalar::F32 => Value::F32(f32::from_bits(bits as u32)),
        Scalar::I64 => Value::I64(bits as i64),
        Scalar::U64 => Value::U64(bits),
        Scalar::F64 => Value::F64(f64::from_bits(bits)),
        _ => return malformed(format!("bitcast to {}", to.name())),
    })
}

/// `Construct`: vectors flatten their scalar/vector operands, matrices take rows or all scalars.
pub(crate) fn construct(types: &Types, ty: TypeId, vals: Vec<Value>) -> Result<Value> {
    match *types.kind(ty) {
        TypeKind::Vector { .. } => {
            let mut comps = Vec::new();
            for v in vals {
                match v {
                    Value::Composite(items) => comps.extend(items),
                    s => comps.push(s),
                }
            }
            Ok(Value::Composite(comps))
        }
        TypeKind::Matrix { rows, cols, .. } => {
            if vals.len() == rows as usize * cols as usize
                && vals.iter().all(|v| v.scalar().is_some())
            {
                Ok(Value::Composite(
                    vals.chunks(cols as usize)
                        .map(|r| Value::Composite(r.to_vec()))
                        .collect(),
                ))
            } else {
                Ok(Value::Composite(vals))
            }
        }
        TypeKind::Array { .. } | TypeKind::Struct(_) => Ok(Value::Composite(vals)),
        _ => malformed(format!("construct of {}", types.display(ty))),
    }
}

/// The new value an atomic operation stores.
pub(crate) fn atomic(op: AtomicOp, old: &Value, v: &Value, cmp: Option<&Value>) -> Result<Value> {
    use AtomicOp::*;
    Ok(match op {
        Add => binary(BinaryOp::Add, old, v)?,
        Sub => binary(BinaryOp::Sub, old, v)?,
        And => binary(BinaryOp::BitAnd, old, v)?,
        Or => binary(BinaryOp::BitOr, old, v)?,
        Xor => binary(BinaryOp::BitXor, old, v)?,
        Min => int_like(old, int(old)?.min(int(v)?))?,
        Max => int_like(old, int(old)?.max(int(v)?))?,
        Exchange => v.clone(),
        CompareExchange => match cmp {
            Some(c) if c == old => v.clone(),
            Some(_) => old.clone(),
            None => return malformed("compare_exchange without a compare value"),
        },
    })
}
