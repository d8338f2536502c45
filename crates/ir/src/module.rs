//! Module, functions and the structured, SSA-valued body.

use crate::types::{Scalar, TypeId, Types};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);
/// An SSA value: defined once by `Stmt::Let`, visible after it in its block and nested blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormatId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    Bool(bool),
    I32(i32),
    U32(u32),
    I64(i64),
    U64(u64),
    /// Stored as f32; codegen rounds to half.
    F16(f32),
    F32(f32),
    F64(f64),
}

impl Literal {
    pub fn scalar(self) -> Scalar {
        match self {
            Literal::Bool(_) => Scalar::Bool,
            Literal::I32(_) => Scalar::I32,
            Literal::U32(_) => Scalar::U32,
            Literal::I64(_) => Scalar::I64,
            Literal::U64(_) => Scalar::U64,
            Literal::F16(_) => Scalar::F16,
            Literal::F32(_) => Scalar::F32,
            Literal::F64(_) => Scalar::F64,
        }
    }

    /// An infinite or NaN float, which no target can spell as a constant expression.
    pub fn is_non_finite(self) -> bool {
        match self {
            Literal::F16(x) | Literal::F32(x) => !x.is_finite(),
            Literal::F64(x) => !x.is_finite(),
            _ => false,
        }
    }
}

/// Initial value of a global constant: a literal or a composite in element order
/// (matrices row by row, structs field by field).
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    Literal(Literal),
    Composite(Vec<ConstValue>),
}

impl ConstValue {
    /// Whether an infinite or NaN float is anywhere in the value.
    pub fn has_non_finite(&self) -> bool {
        match self {
            ConstValue::Literal(l) => l.is_non_finite(),
            ConstValue::Composite(items) => items.iter().any(ConstValue::has_non_finite),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BufferAccess {
    Read,
    ReadWrite,
}

#[derive(Clone, Debug, PartialEq)]
pub enum GlobalKind {
    /// `RWStructuredBuffer<T>` / `StructuredBuffer<T>`: `Global::ty` is the element type `T`;
    /// the place's type is `T[]`.
    StorageBuffer { access: BufferAccess },
    /// `ConstantBuffer<T>`, `cbuffer`, `uniform` globals: `Global::ty` is `T`.
    Uniform,
    /// `groupshared T name;`
    Groupshared,
    /// A per-thread global with its initial value: `static const` and other constants, or a
    /// mutable `static` variable when [`Global::writable`] is set.
    Constant(ConstValue),
    /// A texture (`Texture1D/2D/3D/2DArray/Cube<T>` with `Read` access, a sampled image;
    /// `RWTexture1D/2D/3D/2DArray<T>` with `ReadWrite`, a storage image): `Global::ty` is the
    /// texel type `T`; only [`Inst::Texture`] reads or writes it. A sampled texture's `format`
    /// only says the scalar kind; a storage one's is its WGSL storage format.
    Texture {
        dim: TextureDim,
        arrayed: bool,
        access: BufferAccess,
        format: TexelFormat,
    },
    /// `SamplerState` (`comparison: false`) / `SamplerComparisonState`: `Global::ty` is void;
    /// named by the sampling [`TextureOp`]s.
    Sampler { comparison: bool },
}

/// A texture's dimensionality.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureDim {
    D1,
    D2,
    D3,
    Cube,
}

impl TextureDim {
    /// Components of a texel coordinate (without the array index); a cube's is a direction.
    pub fn coords(self) -> u8 {
        match self {
            TextureDim::D1 => 1,
            TextureDim::D2 => 2,
            TextureDim::D3 | TextureDim::Cube => 3,
        }
    }
    /// Components of the size `GetDimensions` reports (a cube's faces are 2D).
    pub fn size_components(self) -> u8 {
        match self {
            TextureDim::D1 => 1,
            TextureDim::D2 | TextureDim::Cube => 2,
            TextureDim::D3 => 3,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            TextureDim::D1 => "1d",
            TextureDim::D2 => "2d",
            TextureDim::D3 => "3d",
            TextureDim::Cube => "cube",
        }
    }
}

/// The storage format of a 2D texture's texels, chosen from the texel type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelFormat {
    R32Float,
    Rg32Float,
    Rgba32Float,
    R32Uint,
    Rg32Uint,
    Rgba32Uint,
    R32Sint,
    Rg32Sint,
    Rgba32Sint,
    /// `half` texels: read and written through `f32` (a sampled texture's texels are `f32`
    /// in WGSL), stored as 16-bit floats by storage textures.
    R16Float,
    Rg16Float,
    Rgba16Float,
    /// A depth texture (`DepthTexture2D`...): `float` texels, compared by the
    /// `*Compare` operations; sampled only.
    Depth32Float,
}

impl TexelFormat {
    /// Scalars per texel.
    pub fn components(self) -> u32 {
        match self {
            TexelFormat::R32Float
            | TexelFormat::R32Uint
            | TexelFormat::R32Sint
            | TexelFormat::R16Float
            | TexelFormat::Depth32Float => 1,
            TexelFormat::Rg32Float
            | TexelFormat::Rg32Uint
            | TexelFormat::Rg32Sint
            | TexelFormat::Rg16Float => 2,
            _ => 4,
        }
    }
    /// Bytes per texel.
    pub fn bytes(self) -> u32 {
        match self {
            TexelFormat::R16Float | TexelFormat::Rg16Float | TexelFormat::Rgba16Float => {
                2 * self.components()
            }
            _ => 4 * self.components(),
        }
    }
    /// `half` texels, read and written through `f32`.
    pub fn is_half(self) -> bool {
        matches!(
            self,
            TexelFormat::R16Float | TexelFormat::Rg16Float | TexelFormat::Rgba16Float
        )
    }
    /// The texel format of a texel of `components` scalars of `scalar`. Three components are
    /// stored in the four-component format (WGSL has no three-component storage format; slangc
    /// maps `RWTexture2D<float3>` to `rgba32float` the same way).
    pub fn of(scalar: Scalar, components: u8) -> Option<TexelFormat> {
        use TexelFormat::*;
        Some(match (scalar, components) {
            (Scalar::F32, 1) => R32Float,
            (Scalar::F32, 2) => Rg32Float,
            (Scalar::F32, 3 | 4) => Rgba32Float,
            (Scalar::U32, 1) => R32Uint,
            (Scalar::U32, 2) => Rg32Uint,
            (Scalar::U32, 3 | 4) => Rgba32Uint,
            (Scalar::I32, 1) => R32Sint,
            (Scalar::I32, 2) => Rg32Sint,
            (Scalar::I32, 3 | 4) => Rgba32Sint,
            (Scalar::F16, 1) => R16Float,
            (Scalar::F16, 2) => Rg16Float,
            (Scalar::F16, 3 | 4) => Rgba16Float,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            TexelFormat::R32Float => "r32float",
            TexelFormat::Rg32Float => "rg32float",
            TexelFormat::Rgba32Float => "rgba32float",
            TexelFormat::R32Uint => "r32uint",
            TexelFormat::Rg32Uint => "rg32uint",
            TexelFormat::Rgba32Uint => "rgba32uint",
            TexelFormat::R32Sint => "r32sint",
            TexelFormat::Rg32Sint => "rg32sint",
            TexelFormat::Rgba32Sint => "rgba32sint",
            TexelFormat::R16Float => "r16float",
            TexelFormat::Rg16Float => "rg16float",
            TexelFormat::Rgba16Float => "rgba16float",
            TexelFormat::Depth32Float => "depth32float",
        }
    }
}

/// An operation on a [`GlobalKind::Texture`] global. Coordinates are HLSL's: the texel
/// coordinate followed by the array layer on arrayed textures (`uint`/`int` vectors for texel
/// addresses, `float` vectors for sampling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureOp {
    /// The texel: `args = [coords]` on a storage texture, `[coords, level: int]` on a sampled
    /// one.
    Load,
    /// `args = [coords, value: T]`: void; storage textures only.
    Store,
    /// `args = []` (level 0) or `[level: uint]` (sampled textures): the size as `uintN`, with
    /// the layer count as the last component of an arrayed texture (HLSL's order).
    Dimensions,
    /// `args = []`: the number of mip levels (`uint`); sampled textures only.
    Levels,
    /// `args = [coords: floatN, level: float]`: the filtered texel, using `sampler`.
    SampleLevel { sampler: GlobalId },
    /// `args = [coords: floatN, ddx: floatN, ddy: floatN]` (gradients of the texel coordinate
    /// without the layer): the filtered texel, using `sampler`.
    SampleGrad { sampler: GlobalId },
    /// `args = [coords: floatN]`: channel `component` (0 = red) of the four texels that bilinear
    /// filtering at `coords` would read, as a `float4` (HLSL's Gather/GatherRed...); level 0.
    Gather { sampler: GlobalId, component: u8 },
    /// `args = [coords: floatN, reference: float]` on a depth texture: the filtered result of
    /// comparing `reference` with the texels at level 0 by the comparison sampler's test
    /// (1.0 where it passes), a `float` (HLSL's SampleCmpLevelZero).
    SampleCompare { sampler: GlobalId },
    /// `args = [coords: floatN, reference: float]` on a depth texture: the comparison results
    /// of the four texels bilinear filtering reads, a `float4` (HLSL's GatherCmp); level 0.
    GatherCompare { sampler: GlobalId },
}

impl TextureOp {
    pub fn name(self) -> &'static str {
        match self {
            TextureOp::Load => "texture_load",
            TextureOp::Store => "texture_store",
            TextureOp::Dimensions => "texture_dimensions",
            TextureOp::Levels => "texture_levels",
            TextureOp::SampleLevel { .. } => "texture_sample_level",
            TextureOp::SampleGrad { .. } => "texture_sample_grad",
            TextureOp::Gather { .. } => "texture_gather",
            TextureOp::SampleCompare { .. } => "texture_sample_compare",
            TextureOp::GatherCompare { .. } => "texture_gather_compare",
        }
    }
    /// The sampler global a sampling operation reads.
    pub fn sampler(self) -> Option<GlobalId> {
        match self {
            TextureOp::SampleLevel { sampler }
            | TextureOp::SampleGrad { sampler }
            | TextureOp::Gather { sampler, .. }
            | TextureOp::SampleCompare { sampler }
            | TextureOp::GatherCompare { sampler } => Some(sampler),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub ty: TypeId,
    pub kind: GlobalKind,
    /// A `GlobalKind::Constant` that functions may store to (a mutable `static` variable,
    /// private to each thread, starting from the constant value). False for every other kind.
    pub writable: bool,
    /// A layout modifier of the buffer or uniform (`ConstantBuffer<row_major float3x4>`,
    /// `row_major float4x4 m;`): how its matrices are laid out, whatever the default is.
    pub matrix_layout: Option<crate::types::MatrixLayout>,
}

impl Global {
    pub fn is_resource(&self) -> bool {
        matches!(
            self.kind,
            GlobalKind::StorageBuffer { .. }
                | GlobalKind::Uniform
                | GlobalKind::Texture { .. }
                | GlobalKind::Sampler { .. }
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamDir {
    In,
    Out,
    InOut,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub ty: TypeId,
    pub dir: ParamDir,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Local {
    pub name: String,
    pub ty: TypeId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaceRoot {
    Local(LocalId),
    /// Parameter by index. `In` parameters are mutable copies, as in HLSL.
    Param(u32),
    Global(GlobalId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    /// Struct field by index.
    Field(u32),
    /// Array element, matrix row or vector component by constant index.
    Index(u32),
    /// Array element, matrix row or vector component by a runtime index (int or uint value).
    Dynamic(ValueId),
}

/// A memory location: a root and an access path. Swizzle writes are lowered to one store per
/// component (`Access::Index`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub root: PlaceRoot,
    pub path: Vec<Access>,
}

impl Place {
    pub fn local(l: LocalId) -> Place {
        Place {
            root: PlaceRoot::Local(l),
            path: Vec::new(),
        }
    }
    pub fn param(i: u32) -> Place {
        Place {
            root: PlaceRoot::Param(i),
            path: Vec::new(),
        }
    }
    pub fn global(g: GlobalId) -> Place {
        Place {
            root: PlaceRoot::Global(g),
            path: Vec::new(),
        }
    }
    pub fn field(mut self, i: u32) -> Place {
        self.path.push(Access::Field(i));
        self
    }
    pub fn index(mut self, i: u32) -> Place {
        self.path.push(Access::Index(i));
        self
    }
    pub fn dynamic(mut self, v: ValueId) -> Place {
        self.path.push(Access::Dynamic(v));
        self
    }
    /// Values read by the access path.
    pub fn operands(&self) -> impl Iterator<Item = ValueId> + '_ {
        self.path.iter().filter_map(|a| match a {
            Access::Dynamic(v) => Some(*v),
            _ => None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    /// Logical not on bool / bool vectors.
    Not,
    BitNot,
}

/// Binary operators, with the semantics codegen gives them (and an interpreter must match):
/// - integer `Div` truncates toward zero, `Rem` has the sign of the dividend; division by zero
///   yields the dividend for `Div` and 0 for `Rem`, and `MIN / -1` yields `MIN` (WGSL's rules);
/// - float `Rem` is `x - y * trunc(x / y)` (HLSL `fmod`);
/// - `Shl`/`Shr` take the shift amount modulo the bit width; `Shr` is arithmetic on signed ints;
/// - integer `Add`/`Sub`/`Mul` wrap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    /// Component-wise, also on matrices (HLSL `*`); linear-algebra products are `MathFn::Mul`.
    Mul,
    Div,
    /// Integer remainder (truncating) or float `fmod` semantics (sign of the dividend), as HLSL `%`.
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    LogicalAnd,
    LogicalOr,
}

impl BinaryOp {
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }
    pub fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "sub",
            BinaryOp::Mul => "mul",
            BinaryOp::Div => "div",
            BinaryOp::Rem => "rem",
            BinaryOp::BitAnd => "bitand",
            BinaryOp::BitOr => "bitor",
            BinaryOp::BitXor => "bitxor",
            BinaryOp::Shl => "shl",
            BinaryOp::Shr => "shr",
            BinaryOp::Eq => "eq",
            BinaryOp::Ne => "ne",
            BinaryOp::Lt => "lt",
            BinaryOp::Le => "le",
            BinaryOp::Gt => "gt",
            BinaryOp::Ge => "ge",
            BinaryOp::LogicalAnd => "and",
            BinaryOp::LogicalOr => "or",
        }
    }
}

macro_rules! math_fns {
    ($($variant:ident $name:literal $arity:literal,)*) => {
        /// The layer-1 math library with HLSL semantics (codegen maps each to naga). Result
        /// types that differ from the first argument's: `sign` gives `int` of the same shape;
        /// `dot`, `length`, `distance`, `determinant` a scalar; `isnan`/`isinf` bool of the same
        /// shape; `all`/`any` a bool (non-bool arguments test `!= 0`); `countbits` and
        /// `f32tof16` uint of the same shape (the half in the low 16 bits); `f16tof32` float;
        /// `lit` and `dst` `float4`; `mul` follows HLSL `mul` over scalars, vectors and
        /// matrices. `step(edge, x)` is `x >= edge ? 1 : 0`; `firstbithigh` on a negative int
        /// finds the highest 0 bit (-1 if none), as WGSL's `firstLeadingBit`; `round` rounds
        /// half to even.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum MathFn { $($variant,)* }
        impl MathFn {
            pub const ALL: &'static [MathFn] = &[$(MathFn::$variant,)*];
            /// The HLSL name.
            pub fn name(self) -> &'static str {
                match self { $(MathFn::$variant => $name,)* }
            }
            pub fn arity(self) -> usize {
                match self { $(MathFn::$variant => $arity,)* }
            }
            pub fn from_name(name: &str) -> Option<MathFn> {
                match name { $($name => Some(MathFn::$variant),)* _ => None }
            }
        }
    };
}

math_fns! {
    Abs "abs" 1, Sign "sign" 1, Min "min" 2, Max "max" 2, Clamp "clamp" 3, Saturate "saturate" 1,
    Lerp "lerp" 3, SmoothStep "smoothstep" 3, Step "step" 2,
    Sqrt "sqrt" 1, Rsqrt "rsqrt" 1, Rcp "rcp" 1,
    Exp "exp" 1, Exp2 "exp2" 1, Log "log" 1, Log2 "log2" 1, Log10 "log10" 1, Pow "pow" 2,
    Sin "sin" 1, Cos "cos" 1, Tan "tan" 1, Asin "asin" 1, Acos "acos" 1, Atan "atan" 1, Atan2 "atan2" 2,
    Sinh "sinh" 1, Cosh "cosh" 1, Tanh "tanh" 1,
    Asinh "asinh" 1, Acosh "acosh" 1, Atanh "atanh" 1,
    Floor "floor" 1, Ceil "ceil" 1, Round "round" 1, Trunc "trunc" 1, Frac "frac" 1,
    Fmod "fmod" 2, Fma "fma" 3, Mad "mad" 3,
    Dot "dot" 2, Cross "cross" 2, Length "length" 1, Distance "distance" 2, Normalize "normalize" 1,
    Reflect "reflect" 2, Refract "refract" 3, FaceForward "faceforward" 3,
    Mul "mul" 2, Transpose "transpose" 1, Determinant "determinant" 1,
    IsNan "isnan" 1, IsInf "isinf" 1, All "all" 1, Any "any" 1,
    F16ToF32 "f16tof32" 1, F32ToF16 "f32tof16" 1,
    Dst "dst" 2, Lit "lit" 3, Radians "radians" 1, Degrees "degrees" 1, CopySign "copysign" 2,
    CountBits "countbits" 1, FirstBitHigh "firstbithigh" 1, FirstBitLow "firstbitlow" 1,
    ReverseBits "reversebits" 1,
    // Subgroup (wave) operations: codegen maps them to WGSL's subgroup builtins (they need the
    // SUBGROUP device feature); they read other lanes, so only the GPU evaluates them.
    WaveGetLaneIndex "WaveGetLaneIndex" 0, WaveGetLaneCount "WaveGetLaneCount" 0,
    WaveGetWaveIndex "WaveGetWaveIndex" 0,
    WaveIsFirstLane "WaveIsFirstLane" 0,
    WaveActiveSum "WaveActiveSum" 1, WaveActiveProduct "WaveActiveProduct" 1,
    WaveActiveMin "WaveActiveMin" 1, WaveActiveMax "WaveActiveMax" 1,
    WaveActiveBitAnd "WaveActiveBitAnd" 1, WaveActiveBitOr "WaveActiveBitOr" 1,
    WaveActiveBitXor "WaveActiveBitXor" 1,
    WaveActiveAllTrue "WaveActiveAllTrue" 1, WaveActiveAnyTrue "WaveActiveAnyTrue" 1,
    WaveActiveBallot "WaveActiveBallot" 1, WaveActiveCountBits "WaveActiveCountBits" 1,
    WavePrefixSum "WavePrefixSum" 1, WavePrefixProduct "WavePrefixProduct" 1,
    WavePrefixCountBits "WavePrefixCountBits" 1,
    WaveReadLaneAt "WaveReadLaneAt" 2, WaveReadLaneFirst "WaveReadLaneFirst" 1,
    QuadReadAcrossX "QuadReadAcrossX" 1, QuadReadAcrossY "QuadReadAcrossY" 1,
    QuadReadAcrossDiagonal "QuadReadAcrossDiagonal" 1, QuadReadLaneAt "QuadReadLaneAt" 2,
}

impl MathFn {
    /// A subgroup operation: its value depends on the other lanes of the subgroup (and it needs
    /// the SUBGROUP device feature).
    pub fn is_subgroup(self) -> bool {
        use MathFn::*;
        matches!(
            self,
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
                | QuadReadLaneAt
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    Min,
    Max,
    Exchange,
    /// `compare` operand required; returns the original value.
    CompareExchange,
}

impl AtomicOp {
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
            AtomicOp::Exchange => "exchange",
            AtomicOp::CompareExchange => "compare_exchange",
        }
    }
}

/// A call argument: `In` parameters take values, `Out`/`InOut` take places (copy-in copy-out).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Value(ValueId),
    Place(Place),
}

/// An instruction; its result type lives in `ValueData::ty`.
#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    Literal(Literal),
    /// The zero value of the result type (all fields/components zero, `false`).
    Zero,
    Load(Place),
    Unary(UnaryOp, ValueId),
    /// Operands have the same type, except shifts (amount: any int of the same shape).
    Binary(BinaryOp, ValueId, ValueId),
    /// `cond ? accept : reject`, component-wise when `cond` is a bool vector.
    Select {
        cond: ValueId,
        accept: ValueId,
        reject: ValueId,
    },
    /// Numeric conversion (same shape, new scalar), including to and from bool.
    Convert(ValueId, Scalar),
    /// Bit reinterpretation between scalars of the same width (`asfloat`, `asuint`, ...).
    Bitcast(ValueId, Scalar),
    /// Vector from scalars/vectors, matrix from rows or from all scalars (row-major), struct from
    /// fields, array from elements.
    Construct(Vec<ValueId>),
    /// Scalar to every component of the result type (a vector or a matrix).
    Splat(ValueId),
    /// Struct field, vector component, matrix row or array element by constant index.
    Extract(ValueId, u32),
    /// Vector component, matrix row or array element by runtime index.
    ExtractDyn(ValueId, ValueId),
    /// Vector swizzle, 1 to 4 components (a single component gives a scalar).
    Swizzle(ValueId, Vec<u8>),
    /// A copy of `base` with element `index` replaced.
    Insert {
        base: ValueId,
        index: u32,
        value: ValueId,
    },
    InsertDyn {
        base: ValueId,
        index: ValueId,
        value: ValueId,
    },
    Math(MathFn, Vec<ValueId>),
    Call(FuncId, Vec<Arg>),
    /// Atomic read-modify-write on a buffer or groupshared place; yields the original value.
    Atomic {
        op: AtomicOp,
        place: Place,
        value: ValueId,
        compare: Option<ValueId>,
    },
    /// Element count of a storage buffer (`uint`).
    ArrayLength(GlobalId),
    /// A texture read, write or size query (see [`TextureOp`]).
    Texture {
        op: TextureOp,
        texture: GlobalId,
        args: Vec<ValueId>,
    },
    /// `printf(format, args...)`: void.
    Print(FormatId, Vec<ValueId>),
}

impl Inst {
    /// Every value operand, in order (including those inside places).
    pub fn operands(&self) -> Vec<ValueId> {
        match self {
            Inst::Literal(_) | Inst::Zero | Inst::ArrayLength(_) => Vec::new(),
            Inst::Load(p) => p.operands().collect(),
            Inst::Unary(_, a) | Inst::Convert(a, _) | Inst::Bitcast(a, _) | Inst::Splat(a) => {
                vec![*a]
            }
            Inst::Extract(a, _) | Inst::Swizzle(a, _) => vec![*a],
            Inst::Binary(_, a, b) | Inst::ExtractDyn(a, b) => vec![*a, *b],
            Inst::Select {
                cond,
                accept,
                reject,
            } => vec![*cond, *accept, *reject],
            Inst::Construct(v) | Inst::Math(_, v) | Inst::Print(_, v) => v.clone(),
            Inst::Texture { args, .. } => args.clone(),
            Inst::Insert { base, value, .. } => vec![*base, *value],
            Inst::InsertDyn { base, index, value } => vec![*base, *index, *value],
            Inst::Call(_, args) => args
                .iter()
                .flat_map(|a| match a {
                    Arg::Value(v) => vec![*v],
                    Arg::Place(p) => p.operands().collect(),
                })
                .collect(),
            Inst::Atomic {
                place,
                value,
                compare,
                ..
            } => {
                let mut v: Vec<ValueId> = place.operands().collect();
                v.push(*value);
                v.extend(compare);
                v
            }
        }
    }
    /// Whether removing an unused instance changes behaviour.
    pub fn has_side_effects(&self) -> bool {
        matches!(
            self,
            Inst::Call(..)
                | Inst::Atomic { .. }
                | Inst::Print(..)
                | Inst::Texture {
                    op: TextureOp::Store,
                    ..
                }
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ValueData {
    pub ty: TypeId,
    pub inst: Inst,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct LoopAttrs {
    /// `[MaxIters(N)]`
    pub max_iters: Option<u32>,
    /// `[ForceUnroll]`
    pub force_unroll: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BarrierKind {
    /// `GroupMemoryBarrierWithGroupSync`
    Group,
    /// `DeviceMemoryBarrierWithGroupSync`
    Device,
    /// `AllMemoryBarrierWithGroupSync`
    All,
    /// `GroupMemoryBarrier` (memory only, no execution sync; WGSL has none, so it syncs there)
    GroupMemory,
    /// `DeviceMemoryBarrier`
    DeviceMemory,
    /// `AllMemoryBarrier`
    AllMemory,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    /// Selector values (`case 1: case 2:` share one body).
    pub values: Vec<i64>,
    /// This case also holds `default:`.
    pub is_default: bool,
    pub body: Block,
    /// Control falls into the next case's body at the end of this one (HLSL fall-through).
    pub fallthrough: bool,
}

pub type Block = Vec<Stmt>;

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Let(ValueId),
    Store {
        place: Place,
        value: ValueId,
    },
    If {
        cond: ValueId,
        then_block: Block,
        else_block: Block,
    },
    /// Selector is `int` or `uint`; cases in source order.
    Switch {
        selector: ValueId,
        cases: Vec<SwitchCase>,
    },
    /// `loop { body; continuing { continuing; break if break_if } }`; values of `body` are visible
    /// in `continuing` and `break_if`.
    Loop {
        body: Block,
        continuing: Block,
        break_if: Option<ValueId>,
        attrs: LoopAttrs,
    },
    /// Leaves the innermost loop or switch.
    Break,
    Continue,
    Return(Option<ValueId>),
    Barrier(BarrierKind),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    pub ret: TypeId,
    pub locals: Vec<Local>,
    pub values: Vec<ValueData>,
    pub body: Block,
}

impl Function {
    /// Adds a value without placing it: the caller puts a `Stmt::Let` for it in the body.
    pub fn add_value(&mut self, ty: TypeId, inst: Inst) -> ValueId {
        self.values.push(ValueData { ty, inst });
        ValueId(self.values.len() as u32 - 1)
    }
    pub fn value(&self, v: ValueId) -> Option<&ValueData> {
        self.values.get(v.0 as usize)
    }
    pub fn value_ty(&self, v: ValueId) -> Option<TypeId> {
        self.value(v).map(|d| d.ty)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// `SV_DispatchThreadID` (global invocation id)
    DispatchThreadId,
    /// `SV_GroupThreadID` (local invocation id)
    GroupThreadId,
    /// `SV_GroupID` (workgroup id)
    GroupId,
    /// `SV_GroupIndex` (local invocation index)
    GroupIndex,
}

impl Builtin {
    pub fn name(self) -> &'static str {
        match self {
            Builtin::DispatchThreadId => "SV_DispatchThreadID",
            Builtin::GroupThreadId => "SV_GroupThreadID",
            Builtin::GroupId => "SV_GroupID",
            Builtin::GroupIndex => "SV_GroupIndex",
        }
    }
}

/// A compute entry point: `function`'s parameters are all `In` and each has a builtin.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryPoint {
    pub name: String,
    pub function: FuncId,
    pub workgroup_size: [u32; 3],
    pub builtins: Vec<Builtin>,
}

/// Slang's `getStringHash`: the same 32-bit hash slangc computes for a string literal, so that
/// programs that store or compare hashes get slangc's numbers.
pub fn string_hash(text: &str) -> u32 {
    text.bytes().fold(0u32, |h, b| {
        u32::from(b)
            .wrapping_add(h << 6)
            .wrapping_add(h << 16)
            .wrapping_sub(h)
    })
}

/// A `printf` format string; `%` conversions are decoded by the host from the argument words.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintFormat {
    pub text: String,
    /// The format is a `String` value known only at run time: the first argument is its hash,
    /// which the host looks up among the module's `strings` (`text` is empty).
    pub runtime: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Module {
    pub types: Types,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    pub entry_points: Vec<EntryPoint>,
    pub print_formats: Vec<PrintFormat>,
    /// The texts of the module's string literals by their hash (a `String` value is its hash).
    pub strings: Vec<(u32, String)>,
}

impl Module {
    pub fn new() -> Module {
        Module::default()
    }
    pub fn add_global(&mut self, name: &str, ty: TypeId, kind: GlobalKind) -> GlobalId {
        self.globals.push(Global {
            name: name.to_string(),
            ty,
            kind,
            writable: false,
            matrix_layout: None,
        });
        GlobalId(self.globals.len() as u32 - 1)
    }
    /// A mutable per-thread global (`static T name = init;`).
    pub fn add_private_global(&mut self, name: &str, ty: TypeId, init: ConstValue) -> GlobalId {
        self.globals.push(Global {
            name: name.to_string(),
            ty,
            kind: GlobalKind::Constant(init),
            writable: true,
            matrix_layout: None,
        });
        GlobalId(self.globals.len() as u32 - 1)
    }
    pub fn global(&self, g: GlobalId) -> Option<&Global> {
        self.globals.get(g.0 as usize)
    }
    pub fn function(&self, f: FuncId) -> Option<&Function> {
        self.functions.get(f.0 as usize)
    }
    pub fn function_mut(&mut self, f: FuncId) -> Option<&mut Function> {
        self.functions.get_mut(f.0 as usize)
    }
    pub fn find_function(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| FuncId(i as u32))
    }
    /// Declares a function with an empty body so that calls to it can be built before it is
    /// (e.g. mutual references while lowering); fill it with `FunctionBuilder::for_declared`.
    pub fn declare_function(&mut self, name: &str, params: Vec<Param>, ret: TypeId) -> FuncId {
        self.functions.push(Function {
            name: name.to_string(),
            params,
            ret,
            locals: Vec::new(),
            values: Vec::new(),
            body: Vec::new(),
        });
        FuncId(self.functions.len() as u32 - 1)
    }
    /// Adds a complete function (for passes that build bodies directly).
    pub fn add_function(&mut self, f: Function) -> FuncId {
        self.functions.push(f);
        FuncId(self.functions.len() as u32 - 1)
    }
    pub fn add_print_format(&mut self, text: &str) -> FormatId {
        if let Some(i) = (self.print_formats.iter()).position(|f| !f.runtime && f.text == text) {
            return FormatId(i as u32);
        }
        self.print_formats.push(PrintFormat {
            text: text.to_string(),
            runtime: false,
        });
        FormatId(self.print_formats.len() as u32 - 1)
    }
    /// The format of `printf(format, ...)` where `format` is a `String` value: the print
    /// instruction's first argument is the format's hash. One per call, as the kinds of the
    /// arguments that follow are the call's own (codegen reflects them per format).
    pub fn add_runtime_print_format(&mut self) -> FormatId {
        self.print_formats.push(PrintFormat {
            text: String::new(),
            runtime: true,
        });
        FormatId(self.print_formats.len() as u32 - 1)
    }
    /// Records a string literal; its value in the program is the returned hash.
    pub fn add_string(&mut self, text: &str) -> u32 {
        let hash = string_hash(text);
        if !self.strings.iter().any(|(h, t)| *h == hash && t == text) {
            self.strings.push((hash, text.to_string()));
        }
        hash
    }
    pub fn add_entry_point(
        &mut self,
        name: &str,
        function: FuncId,
        workgroup_size: [u32; 3],
        builtins: Vec<Builtin>,
    ) {
        self.entry_points.push(EntryPoint {
            name: name.to_string(),
            function,
            workgroup_size,
            builtins,
        });
    }
    /// The type of the memory a global names (`T[]` for a storage buffer of `T`).
    pub fn global_place_type(&mut self, g: GlobalId) -> Option<TypeId> {
        let global = self.globals.get(g.0 as usize)?;
        let ty = global.ty;
        Some(match global.kind {
            GlobalKind::StorageBuffer { .. } => self.types.runtime_array(ty),
            _ => ty,
        })
    }
}
