//! Runtime values of the interpreter.

use ir::{Literal, Scalar, TypeId, TypeKind, Types};

/// A runtime value. Vectors, matrices (a list of rows), arrays and structs (fields in order) are all
/// `Composite`; the IR's types say which is which.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Void,
    Bool(bool),
    I32(i32),
    U32(u32),
    I64(i64),
    U64(u64),
    /// Stored as f32, rounded to half precision after every operation.
    F16(f32),
    F32(f32),
    F64(f64),
    Composite(Vec<Value>),
}

impl Value {
    pub fn from_literal(l: Literal) -> Value {
        match l {
            Literal::Bool(b) => Value::Bool(b),
            Literal::I32(x) => Value::I32(x),
            Literal::U32(x) => Value::U32(x),
            Literal::I64(x) => Value::I64(x),
            Literal::U64(x) => Value::U64(x),
            Literal::F16(x) => Value::F16(round_f16(x)),
            Literal::F32(x) => Value::F32(x),
            Literal::F64(x) => Value::F64(x),
        }
    }

    /// The zero value of `ty` (`false`, 0, all components/fields zero). Runtime arrays are empty.
    pub fn zero(types: &Types, ty: TypeId) -> Value {
        match *types.kind(ty) {
            TypeKind::Void => Value::Void,
            TypeKind::Scalar(s) => Value::zero_scalar(s),
            TypeKind::Vector { scalar, size } => {
                Value::Composite(vec![Value::zero_scalar(scalar); size as usize])
            }
            TypeKind::Matrix { scalar, rows, cols } => Value::Composite(vec![
                Value::Composite(
                    vec![Value::zero_scalar(scalar); cols as usize]
                );
                rows as usize
            ]),
            TypeKind::Array { elem, len } => {
                Value::Composite(vec![Value::zero(types, elem); len as usize])
            }
            TypeKind::RuntimeArray { .. } => Value::Composite(Vec::new()),
            TypeKind::Struct(id) => Value::Composite(
                types
                    .struct_def(id)
                    .map(|s| s.fields.iter().map(|f| Value::zero(types, f.ty)).collect())
                    .unwrap_or_default(),
            ),
        }
    }

    pub fn zero_scalar(s: Scalar) -> Value {
        Value::from_f64(s, 0.0)
    }

    /// A scalar of kind `s` holding `x` (converted as by `Convert`: saturating for ints).
    pub fn from_f64(s: Scalar, x: f64) -> Value {
        match s {
            Scalar::Bool => Value::Bool(x != 0.0),
            Scalar::I32 => Value::I32(x as i32),
            Scalar::U32 => Value::U32(x as u32),
            Scalar::I64 => Value::I64(x as i64),
            Scalar::U64 => Value::U64(x as u64),
            Scalar::F16 => Value::F16(round_f16(x as f32)),
            Scalar::F32 => Value::F32(x as f32),
            Scalar::F64 => Value::F64(x),
            // 8/16-bit integers: held in 32 bits (the interpreter does not wrap arithmetic).
            Scalar::I8 | Scalar::I16 => crate::ops::narrow(s, i128::from(x as i32)),
            Scalar::U8 | Scalar::U16 => crate::ops::narrow(s, i128::from(x as u32)),
        }
    }

    pub fn scalar(&self) -> Option<Scalar> {
        Some(match self {
            Value::Bool(_) => Scalar::Bool,
            Value::I32(_) => Scalar::I32,
            Value::U32(_) => Scalar::U32,
            Value::I64(_) => Scalar::I64,
            Value::U64(_) => Scalar::U64,
            Value::F16(_) => Scalar::F16,
            Value::F32(_) => Scalar::F32,
            Value::F64(_) => Scalar::F64,
            Value::Void | Value::Composite(_) => return None,
        })
    }

    /// Numeric value of a scalar as f64 (bools are 0/1).
    pub fn as_f64(&self) -> Option<f64> {
        Some(match *self {
            Value::Bool(b) => b as u8 as f64,
            Value::I32(x) => x as f64,
            Value::U32(x) => x as f64,
            Value::I64(x) => x as f64,
            Value::U64(x) => x as f64,
            Value::F16(x) | Value::F32(x) => x as f64,
            Value::F64(x) => x,
            Value::Void | Value::Composite(_) => return None,
        })
    }

    /// Integer scalars as i128 (exact for every int kind).
    pub fn as_i128(&self) -> Option<i128> {
        Some(match *self {
            Value::Bool(b) => b as i128,
            Value::I32(x) => x as i128,
            Value::U32(x) => x as i128,
            Value::I64(x) => x as i128,
            Value::U64(x) => x as i128,
            _ => return None,
        })
    }

    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }

    pub fn elements(&self) -> Option<&[Value]> {
        match self {
            Value::Composite(v) => Some(v),
            _ => None,
        }
    }

    /// All float scalars in element order (for tests and finite differences).
    pub fn flatten_floats(&self, out: &mut Vec<f64>) {
        match self {
            Value::F16(x) | Value::F32(x) => out.push(*x as f64),
            Value::F64(x) => out.push(*x),
            Value::Composite(items) => items.iter().for_each(|v| v.flatten_floats(out)),
            _ => {}
        }
    }

    /// Replaces float scalars in element order from `values` (the inverse of `flatten_floats`).
    pub fn with_floats(&self, values: &mut impl Iterator<Item = f64>) -> Value {
        match self {
            Value::F16(_) | Value::F32(_) | Value::F64(_) => match values.next() {
                Some(x) => Value::from_f64(self.scalar().unwrap_or(Scalar::F64), x),
                None => self.clone(),
            },
            Value::Composite(items) => {
                Value::Composite(items.iter().map(|v| v.with_floats(values)).collect())
            }
            other => other.clone(),
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Void => write!(f, "void"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::I32(x) => write!(f, "{x}"),
            Value::U32(x) => write!(f, "{x}u"),
            Value::I64(x) => write!(f, "{x}ll"),
            Value::U64(x) => write!(f, "{x}ull"),
            Value::F16(x) => write!(f, "{x:?}h"),
            Value::F32(x) => write!(f, "{x:?}"),
            Value::F64(x) => write!(f, "{x:?}l"),
            Value::Composite(items) => {
                write!(f, "(")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{v}")?;
                }
                write!(f, ")")
            }
        }
    }
}

/// Rounds an f32 to the nearest half-precision value (kept as f32).
pub fn round_f16(x: f32) -> f32 {
    f16_bits_to_f32(f32_to_f16_bits(x))
}

/// IEEE binary16 encoding of `x`, round to nearest even (`f32tof16`).
pub fn f32_to_f16_bits(x: f32) -> u32 {
    let bits = x.to_bits();
    let sign = (bits >> 16) & 0x8000;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        // Inf or NaN (keep NaN quiet).
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        // Subnormal half: shift the mantissa with its implicit bit.
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let halfway = 1 << (shift - 1);
        let rounded = if rem > halfway || (rem == halfway && half & 1 == 1) {
            half + 1
        } else {
            half
        };
        return sign | rounded;
    }
    let half = ((e as u32) << 10) | (mant >> 13);
    let rem = mant & 0x1fff;
    let rounded = if rem > 0x1000 || (rem == 0x1000 && half & 1 == 1) {
        half + 1
    } else {
        half
    };
    // A carry out of the mantissa correctly bumps the exponent (up to infinity).
    sign | rounded
}

/// The f32 value of a binary16 encoding (`f16tof32`, low 16 bits).
pub fn f16_bits_to_f32(h: u32) -> f32 {
    let sign = (h & 0x8000) << 16;
    let exp = (h >> 10) & 0x1f;
    let mant = h & 0x3ff;
    let bits = if exp == 0 {
        if mant == 0 {
            sign
        } else {
            // Subnormal: value = mant * 2^-24.
            let v = mant as f32 * (1.0 / 16_777_216.0);
            return if sign != 0 { -v } else { v };
        }
    } else if exp == 0x1f {
        sign | 0x7f80_0000 | (mant << 13)
    } else {
        sign | ((exp + 127 - 15) << 23) | (mant << 13)
    };
    f32::from_bits(bits)
}
