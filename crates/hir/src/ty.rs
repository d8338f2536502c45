//! Semantic types and HLSL's implicit conversion ranking.

use std::fmt;
use std::sync::Arc;

use smol_str::SmolStr;

use crate::ids::{FunctionId, GenericParamId, GlobalId, TypeDeclId};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScalarKind {
    // The variant order is the promotion order of mixed arithmetic (`int8_t + int` is `int`):
    // narrower integers before wider, signed before unsigned of the same width, floats last.
    Bool,
    Int8,
    UInt8,
    Int16,
    UInt16,
    Int,
    UInt,
    Int64,
    UInt64,
    Half,
    Float,
    Double,
}

impl ScalarKind {
    pub fn name(self) -> &'static str {
        match self {
            ScalarKind::Bool => "bool",
            ScalarKind::Int8 => "int8_t",
            ScalarKind::UInt8 => "uint8_t",
            ScalarKind::Int16 => "int16_t",
            ScalarKind::UInt16 => "uint16_t",
            ScalarKind::Int => "int",
            ScalarKind::UInt => "uint",
            ScalarKind::Int64 => "int64_t",
            ScalarKind::UInt64 => "uint64_t",
            ScalarKind::Half => "half",
            ScalarKind::Float => "float",
            ScalarKind::Double => "double",
        }
    }

    pub fn from_name(name: &str) -> Option<ScalarKind> {
        Some(match name {
            "bool" => ScalarKind::Bool,
            "int8_t" => ScalarKind::Int8,
            "uint8_t" => ScalarKind::UInt8,
            "int16_t" => ScalarKind::Int16,
            "uint16_t" => ScalarKind::UInt16,
            "int" | "int32_t" | "dword" => ScalarKind::Int,
            "uint" | "uint32_t" => ScalarKind::UInt,
            "int64_t" => ScalarKind::Int64,
            "uint64_t" => ScalarKind::UInt64,
            "half" | "float16_t" => ScalarKind::Half,
            "float" | "float32_t" => ScalarKind::Float,
            "double" | "float64_t" => ScalarKind::Double,
            _ => return None,
        })
    }

    pub fn is_float(self) -> bool {
        matches!(
            self,
            ScalarKind::Half | ScalarKind::Float | ScalarKind::Double
        )
    }

    pub fn is_integer(self) -> bool {
        matches!(
            self,
            ScalarKind::Int8
                | ScalarKind::UInt8
                | ScalarKind::Int16
                | ScalarKind::UInt16
                | ScalarKind::Int
                | ScalarKind::UInt
                | ScalarKind::Int64
                | ScalarKind::UInt64
        )
    }

    pub fn is_signed(self) -> bool {
        !matches!(
            self,
            ScalarKind::UInt8
                | ScalarKind::UInt16
                | ScalarKind::UInt
                | ScalarKind::UInt64
                | ScalarKind::Bool
        )
    }

    /// The 8- and 16-bit integers (`int8_t`, `uint8_t`, `int16_t`, `uint16_t`).
    pub fn is_small_int(self) -> bool {
        matches!(
            self,
            ScalarKind::Int8 | ScalarKind::UInt8 | ScalarKind::Int16 | ScalarKind::UInt16
        )
    }

    /// The size in bytes of a value (`bool` as 4, its size in buffers).
    pub fn byte_size(self) -> u32 {
        match self {
            ScalarKind::Int8 | ScalarKind::UInt8 => 1,
            ScalarKind::Int16 | ScalarKind::UInt16 | ScalarKind::Half => 2,
            ScalarKind::Bool | ScalarKind::Int | ScalarKind::UInt | ScalarKind::Float => 4,
            ScalarKind::Int64 | ScalarKind::UInt64 | ScalarKind::Double => 8,
        }
    }

    /// Position in the promotion order used to pick the common type of mixed arithmetic.
    fn rank(self) -> u8 {
        self as u8
    }
}

/// A length that may be a generic value parameter (`let N : int`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Len {
    Known(u32),
    Param(GenericParamId),
    /// Arithmetic on value parameters (`W * H`), folded to `Known` once they are bound.
    Op(LenOp, Arc<Len>, Arc<Len>),
    /// Unsized (`T[]`) or not computable.
    Unknown,
    /// The values a value pack (`let each D : int`) stands for at one use, in order
    /// (`Dims<1, 2, 3>`); an item may be the caller's own pack (`Len::Param`), spliced in when
    /// that pack is bound (`packs.rs`).
    Pack(Arc<[Len]>),
    /// `countof(P)` of a type or value pack parameter, folded to `Known` once it is bound.
    Count(GenericParamId),
}

/// The integer operators a length expression may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LenOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    /// Comparisons and logical operators (`Conditional<T, A && (0 < N)>`): 1 or 0, operands
    /// read as `int`s.
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl LenOp {
    pub fn from_token(op: &str) -> Option<LenOp> {
        Some(match op {
            "+" => LenOp::Add,
            "-" => LenOp::Sub,
            "*" => LenOp::Mul,
            "/" => LenOp::Div,
            "%" => LenOp::Rem,
            "<<" => LenOp::Shl,
            ">>" => LenOp::Shr,
            "&" => LenOp::BitAnd,
            "|" => LenOp::BitOr,
            "^" => LenOp::BitXor,
            "<" => LenOp::Lt,
            "<=" => LenOp::Le,
            ">" => LenOp::Gt,
            ">=" => LenOp::Ge,
            "==" => LenOp::Eq,
            "!=" => LenOp::Ne,
            "&&" => LenOp::And,
            "||" => LenOp::Or,
            _ => return None,
        })
    }

    fn token(self) -> &'static str {
        match self {
            LenOp::Add => "+",
            LenOp::Sub => "-",
            LenOp::Mul => "*",
            LenOp::Div => "/",
            LenOp::Rem => "%",
            LenOp::Shl => "<<",
            LenOp::Shr => ">>",
            LenOp::BitAnd => "&",
            LenOp::BitOr => "|",
            LenOp::BitXor => "^",
            LenOp::Lt => "<",
            LenOp::Le => "<=",
            LenOp::Gt => ">",
            LenOp::Ge => ">=",
            LenOp::Eq => "==",
            LenOp::Ne => "!=",
            LenOp::And => "&&",
            LenOp::Or => "||",
        }
    }
}

impl Len {
    /// `a op b`, folded when both sides are known; `Unknown` when either side is, or when the
    /// result is not a valid length (negative, overflow, division by zero).
    pub fn op(op: LenOp, a: Len, b: Len) -> Len {
        match (&a, &b) {
            (Len::Unknown | Len::Pack(_), _) | (_, Len::Unknown | Len::Pack(_)) => Len::Unknown,
            (Len::Known(x), Len::Known(y)) => {
                let (x, y) = (*x, *y);
                let v = match op {
                    LenOp::Add => x.checked_add(y),
                    LenOp::Sub => x.checked_sub(y),
                    LenOp::Mul => x.checked_mul(y),
                    LenOp::Div => x.checked_div(y),
                    LenOp::Rem => x.checked_rem(y),
                    LenOp::Shl => x.checked_shl(y),
                    LenOp::Shr => x.checked_shr(y),
                    LenOp::BitAnd => Some(x & y),
                    LenOp::BitOr => Some(x | y),
                    LenOp::BitXor => Some(x ^ y),
                    LenOp::Lt => Some(u32::from((x as i32) < (y as i32))),
                    LenOp::Le => Some(u32::from((x as i32) <= (y as i32))),
                    LenOp::Gt => Some(u32::from((x as i32) > (y as i32))),
                    LenOp::Ge => Some(u32::from((x as i32) >= (y as i32))),
                    LenOp::Eq => Some(u32::from(x == y)),
                    LenOp::Ne => Some(u32::from(x != y)),
                    LenOp::And => Some(u32::from(x != 0 && y != 0)),
                    LenOp::Or => Some(u32::from(x != 0 || y != 0)),
                };
                v.map_or(Len::Unknown, Len::Known)
            }
            _ => Len::Op(op, Arc::new(a), Arc::new(b)),
        }
    }

    /// Whether the length depends on a generic value parameter.
    pub fn has_params(&self) -> bool {
        match self {
            Len::Param(_) | Len::Count(_) => true,
            Len::Op(_, a, b) => a.has_params() || b.has_params(),
            Len::Pack(items) => items.iter().any(Len::has_params),
            Len::Known(_) | Len::Unknown => false,
        }
    }

    /// Substitutes value parameters, folding arithmetic whose operands become known.
    pub fn subst(&self, f: &dyn Fn(GenericParamId) -> Option<GenericArg>) -> Len {
        match self {
            Len::Param(p) => match f(p.clone()) {
                Some(GenericArg::Value(v)) => v,
                _ => self.clone(),
            },
            Len::Op(op, a, b) => Len::op(*op, a.subst(f), b.subst(f)),
            Len::Pack(items) => Len::pack_subst(items, f),
            Len::Count(p) => match f(p.clone()) {
                Some(GenericArg::Type(Ty::Pack(items))) => Len::Known(items.len() as u32),
                Some(GenericArg::Value(Len::Pack(items))) => Len::Known(items.len() as u32),
                _ => self.clone(),
            },
            other => other.clone(),
        }
    }
}

impl fmt::Display for Len {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Len::Known(n) => write!(f, "{n}"),
            Len::Param(p) => write!(f, "{}", p.name()),
            Len::Count(p) => write!(f, "countof({})", p.name()),
            Len::Op(op, a, b) => {
                let side = |l: &Len| match l {
                    Len::Op(..) => format!("({l})"),
                    _ => l.to_string(),
                };
                write!(f, "{} {} {}", side(a), op.token(), side(b))
            }
            Len::Unknown => Ok(()),
            Len::Pack(items) => {
                for (i, l) in items.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{l}")?;
                }
                Ok(())
            }
        }
    }
}

/// A generic argument: a type or a value (`let N`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GenericArg {
    Type(Ty),
    Value(Len),
}

impl GenericArg {
    /// Substitutes generic parameters in the type or length.
    pub fn subst(&self, f: &dyn Fn(GenericParamId) -> Option<GenericArg>) -> GenericArg {
        match self {
            GenericArg::Type(t) => GenericArg::Type(t.subst(f)),
            GenericArg::Value(v) => GenericArg::Value(v.subst(f)),
        }
    }
}

/// A semantic type. Cheap to clone.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ty {
    /// Not known (an error was reported, or the construct is not modelled): never produces
    /// further errors.
    Unknown,
    Void,
    Scalar(ScalarKind),
    /// `vector<T, N>`; the element is a scalar or a generic parameter.
    Vector(Arc<Ty>, Len),
    /// `matrix<T, R, C>`.
    Matrix(Arc<Ty>, Len, Len),
    Array(Arc<Ty>, Len),
    /// A struct, enum, interface or builtin generic type declared in source (stdlib included).
    Adt(TypeDeclId, Arc<[GenericArg]>),
    /// A generic type parameter.
    Param(GenericParamId),
    /// An associated type of a type (`T.Differential`) that is not resolved further.
    Assoc(Arc<Ty>, SmolStr),
    /// `This` inside an interface.
    This,
    Tuple(Arc<[Ty]>),
    String,
    /// A function used as a value (`fwd_diff(f)`, a callee that was not called).
    Func(FunctionId),
    /// The types a type pack (`each T`) stands for at one call, in order. An item may be an
    /// [`Ty::Expand`] of the caller's own pack, spliced in when that pack is bound.
    Pack(Arc<[Ty]>),
    /// `expand P`: the pattern `P` once per element of the pack `T` (inside `P`, `T` means the
    /// element): the type of an `expand` expression inside a generic function.
    Expand(Arc<Ty>, GenericParamId),
    /// The type of one lambda expression (`(float a) => a * k`): a struct of its captures with
    /// an `operator()`, conforming to `IFunc<ret, params...>`.
    Lambda(Arc<LambdaTy>),
    /// A pack query or `__packBranch` on a pack that is still generic (`__first(T)`,
    /// `__packBranch(T, A, B)`): resolved on substitution once the pack is known
    /// (`pack_query.rs`).
    PackQuery(crate::pack_query::PackOp, Arc<[Ty]>),
}

/// The item whose body holds a lambda expression: a function, or a global's (or static
/// member's) initialiser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LambdaOwner {
    Function(FunctionId),
    Global(GlobalId),
}

/// A lambda's identity (the item and the expression that wrote it) and its signature.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LambdaTy {
    pub owner: LambdaOwner,
    pub expr: crate::body::ExprId,
    pub params: Vec<Ty>,
    pub ret: Ty,
    /// The owner's own generic parameters, substituted like the rest: a lambda written in a
    /// generic function is one type per instance of it.
    pub owner_args: Vec<GenericArg>,
}

impl LambdaTy {
    fn map(&self, f: &dyn Fn(&Ty) -> Ty, g: &dyn Fn(&GenericArg) -> GenericArg) -> LambdaTy {
        LambdaTy {
            owner: self.owner,
            expr: self.expr,
            params: self.params.iter().map(f).collect(),
            ret: f(&self.ret),
            owner_args: self.owner_args.iter().map(g).collect(),
        }
    }
}

impl Ty {
    pub fn scalar(kind: ScalarKind) -> Ty {
        Ty::Scalar(kind)
    }

    pub fn vector(kind: ScalarKind, n: u32) -> Ty {
        Ty::Vector(Arc::new(Ty::Scalar(kind)), Len::Known(n))
    }

    pub fn matrix(kind: ScalarKind, r: u32, c: u32) -> Ty {
        Ty::Matrix(Arc::new(Ty::Scalar(kind)), Len::Known(r), Len::Known(c))
    }

    pub const BOOL: Ty = Ty::Scalar(ScalarKind::Bool);
    pub const INT: Ty = Ty::Scalar(ScalarKind::Int);
    pub const UINT: Ty = Ty::Scalar(ScalarKind::UInt);
    pub const FLOAT: Ty = Ty::Scalar(ScalarKind::Float);

    pub fn is_unknown(&self) -> bool {
        matches!(self, Ty::Unknown)
    }

    /// True when the type mentions `Unknown` anywhere (no diagnostics should be built on it).
    pub fn has_unknown(&self) -> bool {
        match self {
            Ty::Unknown => true,
            Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) | Ty::Assoc(e, _) => {
                e.has_unknown()
            }
            // A value argument that could not be evaluated (`M<__shapeConcat(A, B, 0)>`) is as
            // unknown as a type that could not be resolved.
            Ty::Adt(_, args) => args.iter().any(|a| match a {
                GenericArg::Type(t) => t.has_unknown(),
                GenericArg::Value(l) => matches!(l, Len::Unknown),
            }),
            Ty::Tuple(items) | Ty::Pack(items) => items.iter().any(Ty::has_unknown),
            Ty::Expand(p, _) => p.has_unknown(),
            // A query on a generic pack is not checkable before it is known.
            Ty::PackQuery(..) => true,
            _ => false,
        }
    }

    /// The scalar kind of a scalar, vector or matrix.
    pub fn scalar_kind(&self) -> Option<ScalarKind> {
        match self {
            Ty::Scalar(k) => Some(*k),
            Ty::Vector(e, _) | Ty::Matrix(e, _, _) => e.scalar_kind(),
            _ => None,
        }
    }

    pub fn is_numeric_shape(&self) -> bool {
        matches!(self, Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..))
            && self.scalar_kind().is_some()
    }

    /// Replaces the scalar kind of a scalar/vector/matrix type.
    pub fn with_scalar(&self, kind: ScalarKind) -> Ty {
        match self {
            Ty::Scalar(_) => Ty::Scalar(kind),
            Ty::Vector(_, n) => Ty::Vector(Arc::new(Ty::Scalar(kind)), n.clone()),
            Ty::Matrix(_, r, c) => Ty::Matrix(Arc::new(Ty::Scalar(kind)), r.clone(), c.clone()),
            other => other.clone(),
        }
    }

    pub fn vector_len(&self) -> Option<u32> {
        match self {
            Ty::Vector(_, Len::Known(n)) => Some(*n),
            _ => None,
        }
    }

    /// Substitutes generic parameters.
    pub fn subst(&self, f: &dyn Fn(GenericParamId) -> Option<GenericArg>) -> Ty {
        let subst_len = |len: &Len| len.subst(f);
        match self {
            Ty::Param(p) => match f(p.clone()) {
                Some(GenericArg::Type(t)) => t,
                _ => self.clone(),
            },
            Ty::Vector(e, n) => normalize_vector(e.subst(f), subst_len(n)),
            Ty::Matrix(e, r, c) => Ty::Matrix(Arc::new(e.subst(f)), subst_len(r), subst_len(c)),
            Ty::Array(e, n) => Ty::Array(Arc::new(e.subst(f)), subst_len(n)),
            Ty::Adt(id, args) => Ty::Adt(
                *id,
                args.iter()
                    .map(|a| match a {
                        GenericArg::Type(t) => GenericArg::Type(t.subst(f)),
                        GenericArg::Value(v) => GenericArg::Value(subst_len(v)),
                    })
                    .collect(),
            ),
            Ty::Assoc(base, name) => Ty::Assoc(Arc::new(base.subst(f)), name.clone()),
            // `Tuple<expand each T>` (`makeTuple(expand each args)`) splices the bound pack.
            Ty::Tuple(items) => Ty::Tuple(
                items
                    .iter()
                    .flat_map(|t| match (t, t.subst(f)) {
                        (Ty::Expand(..) | Ty::PackQuery(..), Ty::Pack(inner)) => inner.to_vec(),
                        // `Tuple<T>` of a type pack `T`: the pack's types (`Tuple` is
                        // `Tuple<each T>`), as `Tuple<expand each T>`.
                        (Ty::Param(_), Ty::Pack(inner)) => inner.to_vec(),
                        (_, t) => vec![t],
                    })
                    .collect(),
            ),
            Ty::Pack(items) => {
                // A bound pack inside a pack is spliced into it.
                let mut out = Vec::new();
                for item in items.iter() {
                    match item.subst(f) {
                        Ty::Pack(inner) => out.extend(inner.iter().cloned()),
                        t => out.push(t),
                    }
                }
                Ty::Pack(out.into())
            }
            Ty::Expand(pattern, pack) => {
                // The pattern once per element: `T` inside it is the element.
                let with_elem = |elem: Ty| {
                    let elem = GenericArg::Type(elem);
                    pattern.subst(&|p| if p == *pack { Some(elem.clone()) } else { f(p) })
                };
                match f(pack.clone()) {
                    Some(GenericArg::Type(Ty::Pack(items))) => Ty::Pack(
                        items
                            .iter()
                            .map(|item| match item {
                                // An element that is itself a pattern over another pack.
                                Ty::Expand(inner, other) => Ty::Expand(
                                    Arc::new(with_elem((**inner).clone())),
                                    other.clone(),
                                ),
                                t => with_elem(t.clone()),
                            })
                            .collect(),
                    ),
                    Some(GenericArg::Type(Ty::Param(other))) => {
                        Ty::Expand(Arc::new(with_elem(Ty::Param(other.clone()))), other)
                    }
                    _ => Ty::Expand(
                        Arc::new(pattern.subst(&|p| if p == *pack { None } else { f(p) })),
                        pack.clone(),
                    ),
                }
            }
            Ty::Lambda(l) => Ty::Lambda(Arc::new(l.map(&|t| t.subst(f), &|a| a.subst(f)))),
            Ty::PackQuery(op, args) => crate::pack_query::reapply(*op, args, |t| t.subst(f)),
            other => other.clone(),
        }
    }

    /// The number of types a bound pack stands for, when every item is known (no `expand` of a
    /// pack that is still generic).
    pub fn pack_len(&self) -> Option<usize> {
        match self {
            Ty::Pack(items) if !items.iter().any(|t| matches!(t, Ty::Expand(..))) => {
                Some(items.len())
            }
            _ => None,
        }
    }

    /// Replaces `This` with a concrete type.
    pub fn subst_this(&self, this: &Ty) -> Ty {
        match self {
            Ty::This => this.clone(),
            Ty::Vector(e, n) => Ty::Vector(Arc::new(e.subst_this(this)), n.clone()),
            Ty::Matrix(e, r, c) => Ty::Matrix(Arc::new(e.subst_this(this)), r.clone(), c.clone()),
            Ty::Array(e, n) => Ty::Array(Arc::new(e.subst_this(this)), n.clone()),
            Ty::Assoc(base, name) => Ty::Assoc(Arc::new(base.subst_this(this)), name.clone()),
            Ty::Adt(id, args) => Ty::Adt(
                *id,
                args.iter()
                    .map(|a| match a {
                        GenericArg::Type(t) => GenericArg::Type(t.subst_this(this)),
                        v => v.clone(),
                    })
                    .collect(),
            ),
            Ty::Tuple(items) => Ty::Tuple(items.iter().map(|t| t.subst_this(this)).collect()),
            Ty::Pack(items) => Ty::Pack(items.iter().map(|t| t.subst_this(this)).collect()),
            Ty::Expand(p, pack) => Ty::Expand(Arc::new(p.subst_this(this)), pack.clone()),
            Ty::Lambda(l) => Ty::Lambda(Arc::new(l.map(&|t| t.subst_this(this), &|a| match a {
                GenericArg::Type(t) => GenericArg::Type(t.subst_this(this)),
                v => v.clone(),
            }))),
            Ty::PackQuery(op, args) => {
                crate::pack_query::reapply(*op, args, |t| t.subst_this(this))
            }
            other => other.clone(),
        }
    }

    /// Whether the type mentions a generic parameter (inference is needed before comparing).
    pub fn has_params(&self) -> bool {
        match self {
            Ty::Param(_) => true,
            Ty::Vector(e, n) => e.has_params() || n.has_params(),
            Ty::Matrix(e, r, c) => e.has_params() || r.has_params() || c.has_params(),
            Ty::Array(e, n) => e.has_params() || n.has_params(),
            Ty::Assoc(e, _) => e.has_params(),
            Ty::Adt(_, args) => args.iter().any(|a| match a {
                GenericArg::Type(t) => t.has_params(),
                GenericArg::Value(v) => v.has_params(),
            }),
            Ty::Tuple(items) | Ty::Pack(items) => items.iter().any(Ty::has_params),
            Ty::Expand(..) => true,
            Ty::PackQuery(_, args) => args.iter().any(Ty::has_params),
            Ty::Lambda(l) => {
                l.params.iter().any(Ty::has_params)
                    || l.ret.has_params()
                    || l.owner_args.iter().any(|a| match a {
                        GenericArg::Type(t) => t.has_params(),
                        GenericArg::Value(v) => v.has_params(),
                    })
            }
            _ => false,
        }
    }
}

/// `vector<T, 1>` is not the same as `T` in Slang, but a vector of a known scalar stays a vector;
/// this only rebuilds the node.
fn normalize_vector(elem: Ty, len: Len) -> Ty {
    Ty::Vector(Arc::new(elem), len)
}

/// How an argument converts to a parameter type; lower is better. Mirrors Slang's conversion
/// costs: exact < promotion < integer-to-float < other conversions; splatting a scalar to a vector
/// and truncating a vector add to the cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cost(pub u32);

impl Cost {
    pub const EXACT: Cost = Cost(0);
    pub const PROMOTION: Cost = Cost(10);
    pub const INT_TO_FLOAT: Cost = Cost(100);
    pub const CONVERSION: Cost = Cost(200);
    pub const SPLAT: Cost = Cost(50);
    /// Converting to or from an interface (existential) or a generic parameter.
    pub const TO_INTERFACE: Cost = Cost(300);
}

/// The cost of an implicit scalar conversion, or `None` if there is none.
pub fn scalar_conversion(from: ScalarKind, to: ScalarKind) -> Cost {
    use ScalarKind::*;
    if from == to {
        return Cost::EXACT;
    }
    match (from, to) {
        // Widening between integers. A wider target of the same signedness costs more the wider
        // it is (`int16_t` prefers `int` over `int64_t`), and unsigned to signed costs one more
        // than unsigned to unsigned (`uint16_t` prefers `uint` over `int`).
        (f, t) if f.is_integer() && t.is_integer() && widens(f, t) && f.is_small_int() => {
            let steps = (t.byte_size() / f.byte_size()).trailing_zeros() - 1;
            Cost(Cost::PROMOTION.0 + steps + u32::from(!f.is_signed() && t.is_signed()))
        }
        (Int, Int64)
        | (UInt, UInt64)
        | (UInt, Int64)
        | (Half, Float)
        | (Half, Double)
        | (Float, Double) => Cost::PROMOTION,
        (f, t) if f.is_integer() && t.is_float() => Cost::INT_TO_FLOAT,
        (Bool, t) if t.is_integer() => Cost::PROMOTION,
        _ => Cost(Cost::CONVERSION.0 + u32::from(from.rank().abs_diff(to.rank()))),
    }
}

/// Whether every value of the integer type `from` fits in `to`.
fn widens(from: ScalarKind, to: ScalarKind) -> bool {
    (to.is_signed() || !from.is_signed()) && to.byte_size() > from.byte_size()
}

/// Implicit conversion cost between numeric shapes (scalar/vector/matrix), HLSL rules.
pub fn shape_conversion(from: &Ty, to: &Ty) -> Option<Cost> {
    let (fk, tk) = (from.scalar_kind()?, to.scalar_kind()?);
    let elem = scalar_conversion(fk, tk);
    match (from, to) {
        (Ty::Scalar(_), Ty::Scalar(_)) => Some(elem),
        (Ty::Scalar(_), Ty::Vector(..) | Ty::Matrix(..)) => Some(Cost(elem.0 + Cost::SPLAT.0)),
        // Slang rejects implicit truncation (`float2 v = float3(...)`), unlike HLSL.
        (Ty::Vector(_, a), Ty::Vector(_, b)) if a == b => Some(elem),
        (Ty::Vector(_, Len::Known(1)), Ty::Scalar(_)) => Some(elem),
        (Ty::Matrix(_, r1, c1), Ty::Matrix(_, r2, c2)) if r1 == r2 && c1 == c2 => Some(elem),
        _ => None,
    }
}

/// Display of a type needs names of declarations; [`crate::display`] does it with the database.
pub trait TyNames {
    fn decl_name(&self, id: TypeDeclId) -> SmolStr;
    /// For a type declared in a generic struct: that struct and the count of the type's own
    /// generic parameters (its arguments after those are the struct's, see `nested`).
    fn enclosing_generic(&self, _id: TypeDeclId) -> Option<(TypeDeclId, usize)> {
        None
    }
}

pub fn display_ty(ty: &Ty, names: &dyn TyNames) -> String {
    let mut out = String::new();
    write_ty(&mut out, ty, names);
    out
}

fn write_ty(out: &mut String, ty: &Ty, names: &dyn TyNames) {
    match ty {
        Ty::Unknown => out.push_str("{unknown}"),
        Ty::Void => out.push_str("void"),
        Ty::Scalar(k) => out.push_str(k.name()),
        // Only sizes up to 4 have short names (`float16` would read as a half-precision float).
        Ty::Vector(e, n) => match (&**e, n) {
            (Ty::Scalar(k), Len::Known(n @ 1..=4)) => {
                out.push_str(k.name());
                out.push_str(&n.to_string());
            }
            _ => {
                out.push_str("vector<");
                write_ty(out, e, names);
                out.push_str(&format!(", {n}>"));
            }
        },
        Ty::Matrix(e, r, c) => match (&**e, r, c) {
            (Ty::Scalar(k), Len::Known(r @ 1..=4), Len::Known(c @ 1..=4)) => {
                out.push_str(&format!("{}{r}x{c}", k.name()));
            }
            _ => {
                out.push_str("matrix<");
                write_ty(out, e, names);
                out.push_str(&format!(", {r}, {c}>"));
            }
        },
        Ty::Array(e, n) => {
            write_ty(out, e, names);
            out.push_str(&format!("[{n}]"));
        }
        Ty::Adt(id, args) if write_special_adt(out, *id, args, names) => {}
        // `Outer<float>.Inner`: a nested type with its enclosing type's arguments.
        Ty::Adt(id, args)
            if let Some((outer, own)) = names.enclosing_generic(*id)
                && args.len() > own =>
        {
            write_ty(out, &Ty::Adt(outer, args[own..].into()), names);
            out.push('.');
            write_ty(out, &Ty::Adt(*id, args[..own].into()), names);
        }
        Ty::Adt(id, args) => {
            out.push_str(&names.decl_name(*id));
            if !args.is_empty() {
                out.push('<');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match a {
                        GenericArg::Type(t) => write_ty(out, t, names),
                        GenericArg::Value(v) => out.push_str(&v.to_string()),
                    }
                }
                out.push('>');
            }
        }
        Ty::Param(p) => out.push_str(&p.name()),
        Ty::Assoc(base, name) => {
            write_ty(out, base, names);
            out.push('.');
            out.push_str(name);
        }
        Ty::This => out.push_str("This"),
        Ty::Tuple(items) => {
            out.push_str("Tuple<");
            for (i, t) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_ty(out, t, names);
            }
            out.push('>');
        }
        Ty::String => out.push_str("String"),
        Ty::Func(_) => out.push_str("{function}"),
        Ty::Lambda(l) => {
            out.push_str("lambda(");
            for (i, t) in l.params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_ty(out, t, names);
            }
            out.push_str(") -> ");
            write_ty(out, &l.ret, names);
        }
        // slangc writes a bound pack as its types, comma-separated.
        Ty::Pack(items) => {
            for (i, t) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_ty(out, t, names);
            }
        }
        Ty::Expand(p, _) => {
            out.push_str("expand ");
            write_ty(out, p, names);
        }
        Ty::PackQuery(op, args) => {
            out.push_str(op.name());
            out.push('(');
            for (i, t) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_ty(out, t, names);
            }
            out.push(')');
        }
    }
}

/// `Ptr<T>` with the default access, address space and layout is written `T*`, and the
/// stdlib's function type `functype(A, B) -> R`. False for other types.
fn write_special_adt(
    out: &mut String,
    id: TypeDeclId,
    args: &[GenericArg],
    names: &dyn TyNames,
) -> bool {
    let name = names.decl_name(id);
    match (name.as_str(), args) {
        (
            "Ptr",
            [
                GenericArg::Type(t),
                GenericArg::Value(Len::Known(0)),
                GenericArg::Value(Len::Known(0)),
                GenericArg::Type(Ty::Adt(layout, _)),
            ],
        ) if names.decl_name(*layout) == "DefaultDataLayout" => {
            write_ty(out, t, names);
            out.push('*');
            true
        }
        ("__FuncType", [GenericArg::Type(ret), GenericArg::Type(throws), rest @ ..]) => {
            out.push_str("functype(");
            let params: Vec<&Ty> = match rest {
                [GenericArg::Type(Ty::Pack(items))] => items.iter().collect(),
                _ => Vec::new(),
            };
            for (i, t) in params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_ty(out, t, names);
            }
            out.push(')');
            if *throws != Ty::Void {
                out.push_str(" throws ");
                write_ty(out, throws, names);
            }
            out.push_str(" -> ");
            write_ty(out, ret, names);
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversion_ranking_prefers_exact_then_promotion_then_int_to_float() {
        use ScalarKind::*;
        let exact = scalar_conversion(Float, Float);
        let promo = scalar_conversion(Float, Double);
        let i2f = scalar_conversion(Int, Float);
        let f2i = scalar_conversion(Float, Int);
        assert!(exact < promo && promo < i2f && i2f < f2i);
        let splat = shape_conversion(&Ty::FLOAT, &Ty::vector(Float, 3)).unwrap();
        assert!(splat > exact && splat < i2f);
        assert_eq!(
            shape_conversion(&Ty::vector(Float, 4), &Ty::vector(Float, 3)),
            None
        );
        assert_eq!(
            shape_conversion(&Ty::vector(Float, 2), &Ty::vector(Float, 3)),
            None
        );
    }
}
