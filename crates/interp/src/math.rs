//! The math library (`ir::MathFn`) with HLSL semantics.

use ir::{MathFn, Scalar};

use crate::ops::{binary, fl, float, int, int_like, map_scalars, zip_scalars, zip3_scalars};
use crate::value::{Value, f16_bits_to_f32, f32_to_f16_bits};
use crate::{Result, malformed};

fn kind(v: &Value) -> Scalar {
    match v {
        Value::Composite(items) => items.first().map_or(Scalar::F32, kind),
        _ => v.scalar().unwrap_or(Scalar::F32),
    }
}

fn f1(a: &Value, f: fn(f64) -> f64) -> Result<Value> {
    map_scalars(a, &|x| Ok(float(kind(x), f(fl(x)?))))
}

fn f2(a: &Value, b: &Value, f: fn(f64, f64) -> f64) -> Result<Value> {
    zip_scalars(a, b, &|x, y| Ok(float(kind(x), f(fl(x)?, fl(y)?))))
}

fn f3(a: &Value, b: &Value, c: &Value, f: fn(f64, f64, f64) -> f64) -> Result<Value> {
    zip3_scalars(a, b, c, &|x, y, z| {
        Ok(float(kind(x), f(fl(x)?, fl(y)?, fl(z)?)))
    })
}

fn is_float(v: &Value) -> bool {
    kind(v).is_float()
}

fn comps(v: &Value) -> Vec<&Value> {
    match v {
        Value::Composite(items) => items.iter().collect(),
        s => vec![s],
    }
}

fn floats(v: &Value) -> Result<Vec<f64>> {
    comps(v).into_iter().map(fl).collect()
}

fn vector(s: Scalar, xs: impl IntoIterator<Item = f64>) -> Value {
    Value::Composite(xs.into_iter().map(|x| float(s, x)).collect())
}

fn dot(a: &Value, b: &Value) -> Result<Value> {
    let (xs, ys) = (comps(a), comps(b));
    if xs.len() != ys.len() {
        return malformed("dot of vectors of different sizes");
    }
    if is_float(a) {
        let mut acc = 0.0;
        for (x, y) in xs.iter().zip(&ys) {
            // Round each product and sum to the value's precision, as the GPU would.
            let p = fl(&float(kind(a), fl(x)? * fl(y)?))?;
            acc = fl(&float(kind(a), acc + p))?;
        }
        Ok(float(kind(a), acc))
    } else {
        let mut acc = int_like(xs[0], 0)?;
        for (x, y) in xs.iter().zip(&ys) {
            acc = binary(ir::BinaryOp::Add, &acc, &binary(ir::BinaryOp::Mul, x, y)?)?;
        }
        Ok(acc)
    }
}

fn rows(m: &Value) -> Result<Vec<&Value>> {
    match m {
        Value::Composite(r) => Ok(r.iter().collect()),
        _ => malformed("expected a matrix"),
    }
}

fn transpose(m: &Value) -> Result<Value> {
    let r = rows(m)?;
    let cols = r.first().map_or(0, |row| comps(row).len());
    Ok(Value::Composite(
        (0..cols)
            .map(|c| Value::Composite(r.iter().map(|row| comps(row)[c].clone()).collect()))
            .collect(),
    ))
}

fn is_matrix(v: &Value) -> bool {
    matches!(v, Value::Composite(items) if items.first().is_some_and(|x| matches!(x, Value::Composite(_))))
}

fn mul(a: &Value, b: &Value) -> Result<Value> {
    let (am, bm) = (is_matrix(a), is_matrix(b));
    match (a, b) {
        (Value::Composite(_), Value::Composite(_)) => {}
        // A scalar operand scales the other one.
        (Value::Composite(_), _) => return map_scalars(a, &|x| binary(ir::BinaryOp::Mul, x, b)),
        _ => return map_scalars(b, &|y| binary(ir::BinaryOp::Mul, a, y)),
    }
    match (am, bm) {
        (false, false) => dot(a, b),
        // row vector times matrix: (v M)[j] = dot(v, column j)
        (false, true) => {
            let t = transpose(b)?;
            Ok(Value::Composite(
                rows(&t)?
                    .into_iter()
                    .map(|c| dot(a, c))
                    .collect::<Result<_>>()?,
            ))
        }
        (true, false) => Ok(Value::Composite(
            rows(a)?
                .into_iter()
                .map(|r| dot(r, b))
                .collect::<Result<_>>()?,
        )),
        (true, true) => {
            let t = transpose(b)?;
            let tcols = rows(&t)?;
            Ok(Value::Composite(
                rows(a)?
                    .into_iter()
                    .map(|r| {
                        Ok(Value::Composite(
                            tcols.iter().map(|c| dot(r, c)).collect::<Result<_>>()?,
                        ))
                    })
                    .collect::<Result<_>>()?,
            ))
        }
    }
}

fn det(m: &[Vec<f64>]) -> f64 {
    let n = m.len();
    if n == 1 {
        return m[0][0];
    }
    if n == 2 {
        return m[0][0] * m[1][1] - m[0][1] * m[1][0];
    }
    // Cofactor expansion along the first row (n <= 4).
    (0..n)
        .map(|c| {
            let minor: Vec<Vec<f64>> = m[1..]
                .iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .filter(|(j, _)| *j != c)
                        .map(|(_, x)| *x)
                        .collect()
                })
                .collect();
            let sign = if c % 2 == 0 { 1.0 } else { -1.0 };
            sign * m[0][c] * det(&minor)
        })
        .sum()
}

fn sign(x: &Value) -> Result<Value> {
    Ok(Value::I32(match x {
        Value::F16(_) | Value::F32(_) | Value::F64(_) => {
            let f = fl(x)?;
            if f > 0.0 {
                1
            } else if f < 0.0 {
                -1
            } else {
                0
            }
        }
        _ => int(x)?.signum() as i32,
    }))
}

fn min_max(a: &Value, b: &Value, take_min: bool) -> Result<Value> {
    zip_scalars(a, b, &|x, y| {
        if is_float(x) {
            let (p, q) = (fl(x)?, fl(y)?);
            Ok(float(kind(x), if take_min { p.min(q) } else { p.max(q) }))
        } else {
            let (p, q) = (int(x)?, int(y)?);
            int_like(x, if take_min { p.min(q) } else { p.max(q) })
        }
    })
}

fn bits_u32(x: &Value) -> Result<(u32, bool)> {
    match *x {
        Value::U32(v) => Ok((v, false)),
        Value::I32(v) => Ok((v as u32, true)),
        _ => malformed("bit operation on a non-32-bit integer"),
    }
}

fn bit_result(x: &Value, bits: u32) -> Value {
    match x {
        Value::I32(_) => Value::I32(bits as i32),
        _ => Value::U32(bits),
    }
}

fn need(v: Option<&Value>) -> Result<&Value> {
    match v {
        Some(v) => Ok(v),
        None => malformed("missing argument"),
    }
}

pub(crate) fn eval(f: MathFn, args: &[&Value]) -> Result<Value> {
    use MathFn::*;
    if args.len() != f.arity() {
        return malformed(format!("{} with {} arguments", f.name(), args.len()));
    }
    // Checked before reading an argument: the lane queries take none.
    if f.is_subgroup() {
        return no_subgroups(f);
    }
    let a = args[0];
    let b = args.get(1).copied();
    let c = args.get(2).copied();
    Ok(match f {
        Sqrt => f1(a, f64::sqrt)?,
        Rsqrt => f1(a, |x| 1.0 / x.sqrt())?,
        Rcp => f1(a, |x| 1.0 / x)?,
        Exp => f1(a, f64::exp)?,
        Exp2 => f1(a, f64::exp2)?,
        Log => f1(a, f64::ln)?,
        Log2 => f1(a, f64::log2)?,
        Log10 => f1(a, f64::log10)?,
        Sin => f1(a, f64::sin)?,
        Cos => f1(a, f64::cos)?,
        Tan => f1(a, f64::tan)?,
        Asin => f1(a, f64::asin)?,
        Acos => f1(a, f64::acos)?,
        Atan => f1(a, f64::atan)?,
        Sinh => f1(a, f64::sinh)?,
        Cosh => f1(a, f64::cosh)?,
        Tanh => f1(a, f64::tanh)?,
        Asinh => f1(a, f64::asinh)?,
        Acosh => f1(a, f64::acosh)?,
        Atanh => f1(a, f64::atanh)?,
        Floor => f1(a, f64::floor)?,
        Ceil => f1(a, f64::ceil)?,
        // WGSL `round` (what codegen emits) rounds halves to even.
        Round => f1(a, f64::round_ties_even)?,
        Trunc => f1(a, f64::trunc)?,
        Frac => f1(a, |x| x - x.floor())?,
        Radians => f1(a, f64::to_radians)?,
        Degrees => f1(a, f64::to_degrees)?,
        Saturate => f1(a, |x| x.clamp(0.0, 1.0))?,
        Abs => map_scalars(a, &|x| {
            if is_float(x) {
                Ok(float(kind(x), fl(x)?.abs()))
            } else {
                int_like(x, int(x)?.abs())
            }
        })?,
        Sign => map_scalars(a, &sign)?,
        Min => min_max(a, need(b)?, true)?,
        Max => min_max(a, need(b)?, false)?,
        Clamp => min_max(&min_max(a, need(b)?, false)?, need(c)?, true)?,
        Lerp => f3(a, need(b)?, need(c)?, |x, y, t| x + (y - x) * t)?,
        SmoothStep => f3(a, need(b)?, need(c)?, |e0, e1, x| {
            let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        })?,
        // HLSL step(y, x) = x >= y ? 1 : 0
        Step => f2(a, need(b)?, |y, x| if x >= y { 1.0 } else { 0.0 })?,
        Pow => f2(a, need(b)?, f64::powf)?,
        Atan2 => f2(a, need(b)?, f64::atan2)?,
        Fmod => f2(a, need(b)?, |x, y| x % y)?,
        CopySign => f2(a, need(b)?, f64::copysign)?,
        Fma | Mad => zip3_scalars(a, need(b)?, need(c)?, &|x, y, z| {
            if is_float(x) {
                // Two roundings (product, then sum) as mad; fma differs by at most one ulp.
                let p = fl(&float(kind(x), fl(x)? * fl(y)?))?;
                Ok(float(kind(x), p + fl(z)?))
            } else {
                binary(ir::BinaryOp::Add, &binary(ir::BinaryOp::Mul, x, y)?, z)
            }
        })?,
        Dot => dot(a, need(b)?)?,
        Cross => {
            let (x, y) = (floats(a)?, floats(need(b)?)?);
            if x.len() != 3 || y.len() != 3 {
                return malformed("cross of non-3-vectors");
            }
            vector(
                kind(a),
                [
                    x[1] * y[2] - x[2] * y[1],
                    x[2] * y[0] - x[0] * y[2],
                    x[0] * y[1] - x[1] * y[0],
                ],
            )
        }
        Length => {
            let d = fl(&dot(a, a)?)?;
            float(kind(a), d.sqrt())
        }
        Distance => {
            let diff = binary(ir::BinaryOp::Sub, a, need(b)?)?;
            let d = fl(&dot(&diff, &diff)?)?;
            float(kind(a), d.sqrt())
        }
        Normalize => {
            let len = fl(&dot(a, a)?)?.sqrt();
            vector(kind(a), floats(a)?.into_iter().map(|x| x / len))
        }
        Reflect => {
            let n = need(b)?;
            let d = fl(&dot(n, a)?)?;
            let (i, n) = (floats(a)?, floats(n)?);
            vector(kind(a), i.iter().zip(&n).map(|(i, n)| i - 2.0 * d * n))
        }
        Refract => {
            let n = need(b)?;
            let eta = fl(need(c)?)?;
            let d = fl(&dot(n, a)?)?;
            let k = 1.0 - eta * eta * (1.0 - d * d);
            let (i, n) = (floats(a)?, floats(n)?);
            if k < 0.0 {
                vector(kind(a), i.iter().map(|_| 0.0))
            } else {
                let s = eta * d + k.sqrt();
                vector(kind(a), i.iter().zip(&n).map(|(i, n)| eta * i - s * n))
            }
        }
        FaceForward => {
            let d = fl(&dot(need(c)?, need(b)?)?)?;
            if d < 0.0 { a.clone() } else { f1(a, |x| -x)? }
        }
        Mul => mul(a, need(b)?)?,
        Transpose => transpose(a)?,
        Determinant => {
            let m: Vec<Vec<f64>> = rows(a)?.into_iter().map(floats).collect::<Result<_>>()?;
            if m.iter().any(|r| r.len() != m.len()) {
                return malformed("determinant of a non-square matrix");
            }
            float(kind(a), det(&m))
        }
        IsNan => map_scalars(a, &|x| Ok(Value::Bool(fl(x)?.is_nan())))?,
        IsInf => map_scalars(a, &|x| Ok(Value::Bool(fl(x)?.is_infinite())))?,
        All => Value::Bool(
            comps(a)
                .into_iter()
                .all(|x| x.as_f64().is_some_and(|v| v != 0.0)),
        ),
        Any => Value::Bool(
            comps(a)
                .into_iter()
                .any(|x| x.as_f64().is_some_and(|v| v != 0.0)),
        ),
        F16ToF32 => map_scalars(a, &|x| Ok(Value::F32(f16_bits_to_f32(bits_u32(x)?.0))))?,
        F32ToF16 => map_scalars(a, &|x| Ok(Value::U32(f32_to_f16_bits(fl(x)? as f32))))?,
        Dst => {
            let (x, y) = (floats(a)?, floats(need(b)?)?);
            if x.len() != 4 || y.len() != 4 {
                return malformed("dst of non-4-vectors");
            }
            vector(kind(a), [1.0, x[1] * y[1], x[2], y[3]])
        }
        Lit => {
            let (nl, nh, m) = (fl(a)?, fl(need(b)?)?, fl(need(c)?)?);
            let spec = if nl < 0.0 || nh < 0.0 {
                0.0
            } else {
                nh.powf(m)
            };
            vector(kind(a), [1.0, nl.max(0.0), spec, 1.0])
        }
        CountBits => map_scalars(a, &|x| Ok(Value::U32(bits_u32(x)?.0.count_ones())))?,
        FirstBitLow => map_scalars(a, &|x| {
            let (v, _) = bits_u32(x)?;
            Ok(bit_result(
                x,
                if v == 0 { u32::MAX } else { v.trailing_zeros() },
            ))
        })?,
        FirstBitHigh => map_scalars(a, &|x| {
            let (v, signed) = bits_u32(x)?;
            // For signed values: the highest bit that differs from the sign bit.
            let v = if signed && (v as i32) < 0 { !v } else { v };
            Ok(bit_result(
                x,
                if v == 0 {
                    u32::MAX
                } else {
                    31 - v.leading_zeros()
                },
            ))
        })?,
        ReverseBits => map_scalars(a, &|x| {
            let (v, _) = bits_u32(x)?;
            Ok(bit_result(x, v.reverse_bits()))
        })?,
        WaveGetLaneIndex
        | WaveGetLaneCount
        | WaveGetWaveIndex
        | WaveIsFirstLane
        | WaveActiveSum
        | WaveActiveProduct
        | WaveActiveMin
        | WaveActiveMax
        | WaveActiveBitAnd
        | WaveActiveBitOr
        | WaveActiveBitXor
        | WaveActiveAllTrue
        | WaveActiveAnyTrue
        | WaveActiveBallot
        | WaveActiveCountBits
        | WavePrefixSum
        | WavePrefixProduct
        | WavePrefixCountBits
        | WaveReadLaneAt
        | WaveReadLaneFirst
        | QuadReadAcrossX
        | QuadReadAcrossY
        | QuadReadAcrossDiagonal
        | QuadReadLaneAt => return no_subgroups(f),
    })
}

/// The interpreter runs one thread at a time: a subgroup operation has no other lanes to read.
fn no_subgroups(f: MathFn) -> Result<Value> {
    malformed(format!(
        "{} (the interpreter runs one thread: subgroup operations need a GPU)",
        f.name()
    ))
}
