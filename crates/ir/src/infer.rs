//! Result types of instructions: used by the builder to type values and by the verifier to check
//! them.

use crate::module::*;
use crate::types::{Scalar, TypeId, TypeKind, Types};

/// What an instruction may refer to besides the type table.
pub struct Ctx<'a> {
    pub globals: &'a [Global],
    pub functions: &'a [Function],
    pub params: &'a [Param],
    pub locals: &'a [Local],
    pub values: &'a [ValueData],
}

impl Ctx<'_> {
    fn value_ty(&self, v: ValueId) -> Result<TypeId, String> {
        self.values
            .get(v.0 as usize)
            .map(|d| d.ty)
            .ok_or_else(|| format!("unknown value %{}", v.0))
    }
}

/// The type of the memory named by `place`.
pub fn place_type(types: &mut Types, ctx: &Ctx, place: &Place) -> Result<TypeId, String> {
    let mut ty = match place.root {
        PlaceRoot::Local(l) => ctx
            .locals
            .get(l.0 as usize)
            .map(|l| l.ty)
            .ok_or_else(|| format!("unknown local {}", l.0))?,
        PlaceRoot::Param(p) => ctx
            .params
            .get(p as usize)
            .map(|p| p.ty)
            .ok_or_else(|| format!("unknown parameter {p}"))?,
        PlaceRoot::Global(g) => {
            let global = ctx
                .globals
                .get(g.0 as usize)
                .ok_or_else(|| format!("unknown global {}", g.0))?;
            match global.kind {
                GlobalKind::StorageBuffer { .. } => types.runtime_array(global.ty),
                GlobalKind::Texture { .. } | GlobalKind::Sampler { .. } => {
                    return Err(format!("texture or sampler {} is not memory", global.name));
                }
                _ => global.ty,
            }
        }
    };
    for access in &place.path {
        let kind = types.kind(ty).clone();
        ty = match *access {
            Access::Field(i) => match kind {
                TypeKind::Struct(_) => types.element(ty, Some(i)),
                _ => None,
            }
            .ok_or_else(|| format!("no field {i} in {}", types.display(ty)))?,
            Access::Index(i) => match kind {
                TypeKind::Struct(_) => None,
                _ => types.element(ty, Some(i)),
            }
            .ok_or_else(|| {
                format!(
                    "index {i} out of range or not indexable in {}",
                    types.display(ty)
                )
            })?,
            Access::Dynamic(v) => {
                let index_ty = ctx.value_ty(v)?;
                expect_int_scalar(types, index_ty, "dynamic index")?;
                match kind {
                    TypeKind::Struct(_) => None,
                    _ => types.element(ty, None),
                }
                .ok_or_else(|| format!("{} is not indexable", types.display(ty)))?
            }
        };
    }
    Ok(ty)
}

fn expect_int_scalar(types: &Types, ty: TypeId, what: &str) -> Result<(), String> {
    match types.kind(ty) {
        TypeKind::Scalar(Scalar::I32 | Scalar::U32) => Ok(()),
        _ => Err(format!(
            "{what} must be int or uint, found {}",
            types.display(ty)
        )),
    }
}

/// Shape of scalar/vector types: (scalar, size) with size 1 for scalars.
fn sv(types: &Types, ty: TypeId) -> Option<(Scalar, u8)> {
    match *types.kind(ty) {
        TypeKind::Scalar(s) => Some((s, 1)),
        TypeKind::Vector { scalar, size } => Some((scalar, size)),
        _ => None,
    }
}

fn same(types: &Types, what: &str, tys: &[TypeId]) -> Result<TypeId, String> {
    let first = tys[0];
    for &t in &tys[1..] {
        if t != first {
            return Err(format!(
                "{what}: operand types differ ({} vs {})",
                types.display(first),
                types.display(t)
            ));
        }
    }
    Ok(first)
}

fn check_sv(
    types: &Types,
    what: &str,
    ty: TypeId,
    ok: impl Fn(Scalar) -> bool,
) -> Result<(Scalar, u8), String> {
    match sv(types, ty) {
        Some((s, n)) if ok(s) => Ok((s, n)),
        _ => Err(format!(
            "{what}: unsupported operand type {}",
            types.display(ty)
        )),
    }
}

/// Result type of `inst`, or `None` for instructions whose type is given explicitly (`Zero`,
/// `Construct`, `Splat`): for those the verifier checks the operands against the given type.
pub fn infer_type(types: &mut Types, ctx: &Ctx, inst: &Inst) -> Result<Option<TypeId>, String> {
    let ty = |v: ValueId| ctx.value_ty(v);
    let result = match inst {
        Inst::Literal(l) => types.scalar(l.scalar()),
        Inst::Zero | Inst::Construct(_) | Inst::Splat(_) => return Ok(None),
        Inst::Load(place) => {
            let t = place_type(types, ctx, place)?;
            if matches!(
                types.kind(t),
                TypeKind::RuntimeArray { .. } | TypeKind::Void
            ) {
                return Err(format!("cannot load a value of type {}", types.display(t)));
            }
            t
        }
        Inst::Unary(op, a) => {
            let t = ty(*a)?;
            match op {
                UnaryOp::Neg => match *types.kind(t) {
                    TypeKind::Matrix { scalar, .. } if scalar != Scalar::Bool => t,
                    _ => {
                        check_sv(types, "neg", t, |s| s != Scalar::Bool)?;
                        t
                    }
                },
                UnaryOp::Not => {
                    check_sv(types, "not", t, |s| s == Scalar::Bool)?;
                    t
                }
                UnaryOp::BitNot => {
                    check_sv(types, "bitnot", t, Scalar::is_int)?;
                    t
                }
            }
        }
        Inst::Binary(op, a, b) => {
            let (ta, tb) = (ty(*a)?, ty(*b)?);
            binary_type(types, *op, ta, tb)?
        }
        Inst::Select {
            cond,
            accept,
            reject,
        } => {
            let tc = ty(*cond)?;
            let t = same(types, "select", &[ty(*accept)?, ty(*reject)?])?;
            let (cs, cn) = check_sv(types, "select condition", tc, |s| s == Scalar::Bool)?;
            debug_assert_eq!(cs, Scalar::Bool);
            if cn != 1 && sv(types, t).map(|x| x.1) != Some(cn) {
                return Err(format!(
                    "select: condition {} does not match {}",
                    types.display(tc),
                    types.display(t)
                ));
            }
            t
        }
        Inst::Convert(a, s) => {
            let t = ty(*a)?;
            match *types.kind(t) {
                // Integer matrices convert to and from float ones (`float2x2(intMatrix)`).
                TypeKind::Matrix { scalar, .. } if scalar != Scalar::Bool && *s != Scalar::Bool => {
                }
                TypeKind::Scalar(_) | TypeKind::Vector { .. } => {}
                _ => return Err(format!("cannot convert {}", types.display(t))),
            }
            types.with_scalar(t, *s).ok_or("convert: bad operand")?
        }
        Inst::Bitcast(a, s) => {
            let t = ty(*a)?;
            let (from, _) = check_sv(types, "bitcast", t, |s| s != Scalar::Bool)?;
            if from.bits() != s.bits() || *s == Scalar::Bool {
                return Err(format!(
                    "bitcast from {} to {} changes width",
                    from.name(),
                    s.name()
                ));
            }
            types.with_scalar(t, *s).ok_or("bitcast: bad operand")?
        }
        Inst::Extract(a, i) => {
            let t = ty(*a)?;
            types
                .element(t, Some(*i))
                .ok_or_else(|| format!("extract: no element {i} in {}", types.display(t)))?
        }
        Inst::ExtractDyn(a, i) => {
            let t = ty(*a)?;
            expect_int_scalar(types, ty(*i)?, "extract index")?;
            match types.kind(t) {
                TypeKind::Vector { .. } | TypeKind::Matrix { .. } | TypeKind::Array { .. } => {
                    types.element(t, None).ok_or("extract: bad operand")?
                }
                _ => return Err(format!("extract: {} is not indexable", types.display(t))),
            }
        }
        Inst::Swizzle(a, comps) => {
            let t = ty(*a)?;
            let (s, n) = check_sv(types, "swizzle", t, |_| true)?;
            if comps.is_empty() || comps.len() > 4 || comps.iter().any(|&c| c >= n) {
                return Err(format!(
                    "swizzle {comps:?} out of range for {}",
                    types.display(t)
                ));
            }
            types.vector(s, comps.len() as u8)
        }
        Inst::Insert { base, index, value } => {
            let t = ty(*base)?;
            let elem = types
                .element(t, Some(*index))
                .ok_or_else(|| format!("insert: no element {index} in {}", types.display(t)))?;
            if elem != ty(*value)? {
                return Err("insert: value type differs from the element type".into());
            }
            t
        }
        Inst::InsertDyn { base, index, value } => {
            let t = ty(*base)?;
            expect_int_scalar(types, ty(*index)?, "insert index")?;
            let elem = match types.kind(t) {
                TypeKind::Vector { .. } | TypeKind::Matrix { .. } | TypeKind::Array { .. } => {
                    types.element(t, None)
                }
                _ => None,
            }
            .ok_or_else(|| format!("insert: {} is not indexable", types.display(t)))?;
            if elem != ty(*value)? {
                return Err("insert: value type differs from the element type".into());
            }
            t
        }
        Inst::Math(f, args) => {
            if args.len() != f.arity() {
                return Err(format!(
                    "{} takes {} arguments, got {}",
                    f.name(),
                    f.arity(),
                    args.len()
                ));
            }
            let tys = args.iter().map(|&a| ty(a)).collect::<Result<Vec<_>, _>>()?;
            math_type(types, *f, &tys)?
        }
        Inst::Call(f, args) => {
            let callee = ctx
                .functions
                .get(f.0 as usize)
                .ok_or_else(|| format!("unknown function {}", f.0))?;
            if callee.params.len() != args.len() {
                return Err(format!(
                    "call to {}: {} arguments for {} parameters",
                    callee.name,
                    args.len(),
                    callee.params.len()
                ));
            }
            for (i, (p, a)) in callee.params.iter().zip(args).enumerate() {
                let arg_ty = match (p.dir, a) {
                    (ParamDir::In, Arg::Value(v)) => ty(*v)?,
                    (ParamDir::Out | ParamDir::InOut, Arg::Place(place)) => {
                        place_type(types, ctx, place)?
                    }
                    _ => {
                        return Err(format!(
                            "call to {}: argument {i} has the wrong direction",
                            callee.name
                        ));
                    }
                };
                if arg_ty != p.ty {
                    return Err(format!(
                        "call to {}: argument {i} is {}, expected {}",
                        callee.name,
                        types.display(arg_ty),
                        types.display(p.ty)
                    ));
                }
            }
            callee.ret
        }
        Inst::Atomic {
            op,
            place,
            value,
            compare,
        } => {
            let root_ok = match place.root {
                PlaceRoot::Global(g) => ctx.globals.get(g.0 as usize).is_some_and(|g| {
                    matches!(
                        g.kind,
                        GlobalKind::Groupshared
                            | GlobalKind::StorageBuffer {
                                access: BufferAccess::ReadWrite
                            }
                    )
                }),
                _ => false,
            };
            if !root_ok {
                return Err("atomics need a read-write buffer or groupshared place".into());
            }
            let t = place_type(types, ctx, place)?;
            // Float atomics other than add/sub/exchange (and all on `half`) are compare-exchange
            // loops on the words holding them (codegen).
            let float_ok = !matches!(op, AtomicOp::And | AtomicOp::Or | AtomicOp::Xor);
            match types.kind(t) {
                TypeKind::Scalar(Scalar::I32 | Scalar::U32) => {}
                TypeKind::Scalar(Scalar::F32 | Scalar::F16) if float_ok => {}
                _ => return Err(format!("atomic {} on {}", op.name(), types.display(t))),
            }
            if ty(*value)? != t {
                return Err("atomic operand type differs from the place type".into());
            }
            match (op, compare) {
                (AtomicOp::CompareExchange, Some(c)) if ty(*c)? == t => {}
                (AtomicOp::CompareExchange, _) => {
                    return Err("compare_exchange needs a compare value".into());
                }
                (_, None) => {}
                (_, Some(_)) => return Err("only compare_exchange takes a compare value".into()),
            }
            t
        }
        Inst::ArrayLength(g) => match ctx.globals.get(g.0 as usize) {
            Some(Global {
                kind: GlobalKind::StorageBuffer { .. },
                ..
            }) => types.u32(),
            _ => return Err("array length of something that is not a storage buffer".into()),
        },
        Inst::Texture { op, texture, args } => {
            let Some(Global {
                ty: texel,
                kind:
                    GlobalKind::Texture {
                        dim,
                        arrayed,
                        access,
                        format,
                    },
                ..
            }) = ctx.globals.get(texture.0 as usize)
            else {
                return Err("a texture operation on something that is not a texture".into());
            };
            if let Some(s) = op.sampler()
                && !matches!(
                    ctx.globals.get(s.0 as usize).map(|g| &g.kind),
                    Some(GlobalKind::Sampler { .. })
                )
            {
                return Err(format!(
                    "{} with something that is not a sampler",
                    op.name()
                ));
            }
            let depth = *format == TexelFormat::Depth32Float;
            let arg_tys = args.iter().map(|a| ty(*a)).collect::<Result<Vec<_>, _>>()?;
            let coords = dim.coords() + u8::from(*arrayed);
            let sampled = *access == BufferAccess::Read;
            let is_vec = |types: &Types, t: TypeId, n: u8, float: bool| {
                types.vector_size(t) == Some(n)
                    && match types.scalar_of(t) {
                        Some(Scalar::F32) => float,
                        Some(Scalar::U32 | Scalar::I32) => !float,
                        _ => false,
                    }
            };
            match (op, arg_tys.as_slice()) {
                (TextureOp::Load, [c]) if is_vec(types, *c, coords, false) && !sampled => *texel,
                (TextureOp::Load, [c, level])
                    if is_vec(types, *c, coords, false)
                        && is_vec(types, *level, 1, false)
                        && sampled =>
                {
                    *texel
                }
                (TextureOp::Store, [c, v])
                    if is_vec(types, *c, coords, false) && *v == *texel && !sampled =>
                {
                    types.void()
                }
                (TextureOp::Dimensions, []) => {
                    types.vector(Scalar::U32, dim.size_components() + u8::from(*arrayed))
                }
                (TextureOp::Dimensions, [level]) if is_vec(types, *level, 1, false) && sampled => {
                    types.vector(Scalar::U32, dim.size_components() + u8::from(*arrayed))
                }
                (TextureOp::Levels, []) if sampled => types.u32(),
                (TextureOp::SampleLevel { .. }, [c, level])
                    if is_vec(types, *c, coords, true)
                        && is_vec(types, *level, 1, true)
                        && sampled =>
                {
                    *texel
                }
                (TextureOp::SampleGrad { .. }, [c, ddx, ddy])
                    if is_vec(types, *c, coords, true)
                        && is_vec(types, *ddx, dim.coords(), true)
                        && *ddy == *ddx
                        && sampled =>
                {
                    *texel
                }
                (TextureOp::Gather { component, .. }, [c])
                    if is_vec(types, *c, coords, true)
                        && sampled
                        && *component < 4
                        && matches!(types.scalar_of(*texel), Some(Scalar::F32 | Scalar::F16))
                        && !matches!(dim, TextureDim::D1 | TextureDim::D3) =>
                {
                    types.vector(Scalar::F32, 4)
                }
                (TextureOp::SampleCompare { .. }, [c, reference])
                    if is_vec(types, *c, coords, true)
                        && is_vec(types, *reference, 1, true)
                        && depth =>
                {
                    types.f32()
                }
                (TextureOp::GatherCompare { .. }, [c, reference])
                    if is_vec(types, *c, coords, true)
                        && is_vec(types, *reference, 1, true)
                        && depth
                        && !matches!(dim, TextureDim::D1 | TextureDim::D3) =>
                {
                    types.vector(Scalar::F32, 4)
                }
                _ => return Err(format!("malformed {}", op.name())),
            }
        }
        Inst::Print(_, args) => {
            for &a in args {
                let t = ty(a)?;
                check_sv(types, "print argument", t, |_| true)?;
            }
            types.void()
        }
    };
    Ok(Some(result))
}

fn binary_type(types: &mut Types, op: BinaryOp, ta: TypeId, tb: TypeId) -> Result<TypeId, String> {
    use BinaryOp::*;
    let name = op.name();
    match op {
        Add | Sub | Mul | Div | Rem => {
            let t = same(types, name, &[ta, tb])?;
            match *types.kind(t) {
                TypeKind::Matrix { scalar, .. } if scalar != Scalar::Bool => Ok(t),
                _ => check_sv(types, name, t, |s| s != Scalar::Bool).map(|_| t),
            }
        }
        // On bools too: `a & b` of two conditions evaluates both (HLSL and Slang allow it).
        BitAnd | BitOr | BitXor => {
            let t = same(types, name, &[ta, tb])?;
            check_sv(types, name, t, |s| s.is_int() || s == Scalar::Bool).map(|_| t)
        }
        Shl | Shr => {
            let (_, na) = check_sv(types, name, ta, Scalar::is_int)?;
            let (_, nb) = check_sv(types, name, tb, Scalar::is_int)?;
            if na != nb {
                return Err(format!("{name}: shift amount shape differs"));
            }
            Ok(ta)
        }
        Eq | Ne | Lt | Le | Gt | Ge => {
            let t = same(types, name, &[ta, tb])?;
            let allow_bool = matches!(op, Eq | Ne);
            let (_, n) = check_sv(types, name, t, |s| allow_bool || s != Scalar::Bool)?;
            Ok(types.vector(Scalar::Bool, n))
        }
        LogicalAnd | LogicalOr => {
            let t = same(types, name, &[ta, tb])?;
            check_sv(types, name, t, |s| s == Scalar::Bool).map(|_| t)
        }
    }
}

fn math_type(types: &mut Types, f: MathFn, tys: &[TypeId]) -> Result<TypeId, String> {
    use MathFn::*;
    let name = f.name();
    let float = |types: &Types, t: TypeId| check_sv(types, name, t, Scalar::is_float);
    let numeric = |types: &Types, t: TypeId| check_sv(types, name, t, |s| s != Scalar::Bool);
    let int = |types: &Types, t: TypeId| check_sv(types, name, t, Scalar::is_int);
    let float_vec = |types: &Types, t: TypeId| match float(types, t)? {
        (_, 1) => Err(format!(
            "{name}: expects a vector, found {}",
            types.display(t)
        )),
        x => Ok(x),
    };
    Ok(match f {
        Sqrt | Rsqrt | Rcp | Exp | Exp2 | Log | Log2 | Log10 | Sin | Cos | Tan | Asin | Acos
        | Atan | Sinh | Cosh | Tanh | Asinh | Acosh | Atanh | Floor | Ceil | Round | Trunc
        | Frac | Radians | Degrees | Saturate => {
            float(types, tys[0])?;
            tys[0]
        }
        Normalize => {
            float_vec(types, tys[0])?;
            tys[0]
        }
        Abs => {
            numeric(types, tys[0])?;
            tys[0]
        }
        Sign => {
            let (_, n) = numeric(types, tys[0])?;
            types.vector(Scalar::I32, n)
        }
        Min | Max | Clamp | Mad => {
            let t = same(types, name, tys)?;
            numeric(types, t)?;
            t
        }
        Lerp | SmoothStep | Step | Pow | Atan2 | Fmod | CopySign | Fma => {
            let t = same(types, name, tys)?;
            float(types, t)?;
            t
        }
        Dot => {
            let t = same(types, name, tys)?;
            let (s, n) = numeric(types, t)?;
            if n == 1 {
                return Err("dot: expects vectors".into());
            }
            types.scalar(s)
        }
        Cross => {
            let t = same(types, name, tys)?;
            if float(types, t)?.1 != 3 {
                return Err("cross: expects 3-component vectors".into());
            }
            t
        }
        Length => {
            let (s, _) = float(types, tys[0])?;
            types.scalar(s)
        }
        Distance => {
            let t = same(types, name, tys)?;
            let (s, _) = float(types, t)?;
            types.scalar(s)
        }
        Reflect => {
            let t = same(types, name, tys)?;
            float_vec(types, t)?;
            t
        }
        FaceForward => {
            let t = same(types, name, tys)?;
            float_vec(types, t)?;
            t
        }
        Refract => {
            let t = same(types, name, &tys[..2])?;
            let (s, _) = float_vec(types, t)?;
            if tys[2] != types.scalar(s) {
                return Err("refract: eta must be a scalar of the vector's type".into());
            }
            t
        }
        Mul => mul_type(types, tys[0], tys[1])?,
        Transpose => match *types.kind(tys[0]) {
            TypeKind::Matrix { scalar, rows, cols } => types.matrix(scalar, cols, rows),
            _ => return Err("transpose: expects a matrix".into()),
        },
        Determinant => match *types.kind(tys[0]) {
            TypeKind::Matrix { scalar, rows, cols } if rows == cols && scalar.is_float() => {
                types.scalar(scalar)
            }
            _ => return Err("determinant: expects a square float matrix".into()),
        },
        IsNan | IsInf => {
            let (_, n) = float(types, tys[0])?;
            types.vector(Scalar::Bool, n)
        }
        All | Any => {
            check_sv(types, name, tys[0], |_| true)?;
            types.bool()
        }
        F16ToF32 => {
            let (s, n) = int(types, tys[0])?;
            if s != Scalar::U32 {
                return Err("f16tof32: expects uint".into());
            }
            types.vector(Scalar::F32, n)
        }
        F32ToF16 => {
            let (s, n) = float(types, tys[0])?;
            if s != Scalar::F32 {
                return Err("f32tof16: expects float".into());
            }
            types.vector(Scalar::U32, n)
        }
        Dst => {
            let t = same(types, name, tys)?;
            if float(types, t)?.1 != 4 {
                return Err("dst: expects 4-component vectors".into());
            }
            t
        }
        Lit => {
            let t = same(types, name, tys)?;
            let (s, n) = float(types, t)?;
            if n != 1 {
                return Err("lit: expects scalars".into());
            }
            types.vector(s, 4)
        }
        CountBits => {
            let (_, n) = int(types, tys[0])?;
            types.vector(Scalar::U32, n)
        }
        FirstBitHigh | FirstBitLow | ReverseBits => {
            int(types, tys[0])?;
            tys[0]
        }
        WaveGetLaneIndex | WaveGetLaneCount | WaveGetWaveIndex => types.scalar(Scalar::U32),
        WaveIsFirstLane => types.bool(),
        WaveActiveSum | WaveActiveProduct | WaveActiveMin | WaveActiveMax | WavePrefixSum
        | WavePrefixProduct => {
            numeric(types, tys[0])?;
            tys[0]
        }
        // Lane-to-lane copies take booleans too.
        WaveReadLaneFirst | QuadReadAcrossX | QuadReadAcrossY | QuadReadAcrossDiagonal => {
            check_sv(types, name, tys[0], |_| true)?;
            tys[0]
        }
        WaveActiveBitAnd | WaveActiveBitOr | WaveActiveBitXor => {
            int(types, tys[0])?;
            tys[0]
        }
        WaveReadLaneAt | QuadReadLaneAt => {
            check_sv(types, name, tys[0], |_| true)?;
            let (_, n) = int(types, tys[1])?;
            if n != 1 {
                return Err(format!("{name}: the lane index must be a scalar"));
            }
            tys[0]
        }
        WaveActiveAllTrue | WaveActiveAnyTrue | WaveActiveBallot | WaveActiveCountBits
        | WavePrefixCountBits => {
            if tys[0] != types.bool() {
                return Err(format!("{name}: expects a bool"));
            }
            match f {
                WaveActiveBallot => types.vector(Scalar::U32, 4),
                WaveActiveCountBits | WavePrefixCountBits => types.scalar(Scalar::U32),
                _ => types.bool(),
            }
        }
    })
}

fn mul_type(types: &mut Types, a: TypeId, b: TypeId) -> Result<TypeId, String> {
    let ka = types.kind(a).clone();
    let kb = types.kind(b).clone();
    let err = || {
        format!(
            "mul: incompatible operands {} and {}",
            types.display(a),
            types.display(b)
        )
    };
    let scalar_of = |k: &TypeKind| match *k {
        TypeKind::Scalar(s)
        | TypeKind::Vector { scalar: s, .. }
        | TypeKind::Matrix { scalar: s, .. } => Some(s),
        _ => None,
    };
    let (Some(sa), Some(sb)) = (scalar_of(&ka), scalar_of(&kb)) else {
        return Err(err());
    };
    if sa != sb || sa == crate::types::Scalar::Bool {
        return Err(err());
    }
    use TypeKind::*;
    Ok(match (ka, kb) {
        (Scalar(_), _) => b,
        (_, Scalar(_)) => a,
        (Vector { size: n, .. }, Vector { size: m, .. }) if n == m => types.scalar(sa),
        (Vector { size, .. }, Matrix { rows, cols, .. }) if size == rows => types.vector(sa, cols),
        (Matrix { rows, cols, .. }, Vector { size, .. }) if size == cols => types.vector(sa, rows),
        (Matrix { rows, cols: k, .. }, Matrix { rows: k2, cols, .. }) if k == k2 => {
            types.matrix(sa, rows, cols)
        }
        _ => return Err(err()),
    })
}

/// Checks operands of the explicitly typed instructions against their declared type.
pub fn check_explicit(types: &mut Types, ctx: &Ctx, inst: &Inst, ty: TypeId) -> Result<(), String> {
    let vty = |v: ValueId| ctx.value_ty(v);
    match inst {
        Inst::Zero => match types.kind(ty) {
            TypeKind::Void | TypeKind::RuntimeArray { .. } => {
                Err(format!("no zero value of {}", types.display(ty)))
            }
            _ => Ok(()),
        },
        Inst::Splat(a) => match *types.kind(ty) {
            TypeKind::Vector { scalar, .. } | TypeKind::Matrix { scalar, .. }
                if types.kind(vty(*a)?) == &TypeKind::Scalar(scalar) =>
            {
                Ok(())
            }
            _ => Err(format!(
                "splat to {} of a {}",
                types.display(ty),
                types.display(vty(*a)?)
            )),
        },
        Inst::Construct(args) => {
            let arg_tys = args
                .iter()
                .map(|&a| vty(a))
                .collect::<Result<Vec<_>, _>>()?;
            let shown = types.display(ty);
            let bad = || format!("construct {shown}: operands do not match");
            match types.kind(ty).clone() {
                TypeKind::Vector { scalar, size } => {
                    let mut count = 0u32;
                    for &t in &arg_tys {
                        match sv(types, t) {
                            Some((s, n)) if s == scalar => count += n as u32,
                            _ => return Err(bad()),
                        }
                    }
                    if count == size as u32 {
                        Ok(())
                    } else {
                        Err(bad())
                    }
                }
                TypeKind::Matrix { scalar, rows, cols } => {
                    let row = types.vector(scalar, cols);
                    let sc = types.scalar(scalar);
                    let ok = (arg_tys.len() == rows as usize && arg_tys.iter().all(|&t| t == row))
                        || (arg_tys.len() == rows as usize * cols as usize
                            && arg_tys.iter().all(|&t| t == sc));
                    if ok { Ok(()) } else { Err(bad()) }
                }
                TypeKind::Array { elem, len } => {
                    if arg_tys.len() == len as usize && arg_tys.iter().all(|&t| t == elem) {
                        Ok(())
                    } else {
                        Err(bad())
                    }
                }
                TypeKind::Struct(id) => {
                    let fields: Vec<TypeId> = types
                        .struct_def(id)
                        .map(|s| s.fields.iter().map(|f| f.ty).collect())
                        .unwrap_or_default();
                    if fields == arg_tys {
                        Ok(())
                    } else {
                        Err(bad())
                    }
                }
                _ => Err(bad()),
            }
        }
        _ => Ok(()),
    }
}
