//! Types of the IR: small `Copy` ids interned in a module-level table.

use rustc_hash::FxHashMap;

/// Scalar kinds. `Bool` is a value type only; codegen stores it as `u32` in buffers.
/// The 8- and 16-bit integers are values held in a 32-bit integer of the same signedness (WGSL
/// has none narrower): every operation that can leave their range (arithmetic, shifts left,
/// conversions to them) is followed by a wrap to their width, sign-extended for the signed ones
/// (`codegen/src/lower/narrow.rs`), so a held value is always in range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    Bool,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F16,
    F32,
    F64,
}

impl Scalar {
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Scalar::I8
                | Scalar::U8
                | Scalar::I16
                | Scalar::U16
                | Scalar::I32
                | Scalar::U32
                | Scalar::I64
                | Scalar::U64
        )
    }
    pub fn is_signed_int(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }
    /// An 8- or 16-bit integer, held in 32 bits.
    pub fn is_narrow_int(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::U8 | Scalar::I16 | Scalar::U16)
    }
    /// The scalar that holds values of `self`: the 32-bit integer of the same signedness for
    /// the narrow integers, `self` otherwise.
    pub fn held_as(self) -> Scalar {
        match self {
            Scalar::I8 | Scalar::I16 => Scalar::I32,
            Scalar::U8 | Scalar::U16 => Scalar::U32,
            s => s,
        }
    }
    /// Width in bits (bool counts as 32, its storage size in buffers).
    pub fn bits(self) -> u32 {
        match self {
            Scalar::I8 | Scalar::U8 => 8,
            Scalar::F16 | Scalar::I16 | Scalar::U16 => 16,
            Scalar::Bool | Scalar::I32 | Scalar::U32 | Scalar::F32 => 32,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => 64,
        }
    }
    /// The HLSL/Slang spelling, used by the printer.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I8 => "int8_t",
            Scalar::U8 => "uint8_t",
            Scalar::I16 => "int16_t",
            Scalar::U16 => "uint16_t",
            Scalar::I32 => "int",
            Scalar::U32 => "uint",
            Scalar::I64 => "int64_t",
            Scalar::U64 => "uint64_t",
            Scalar::F16 => "half",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructId(pub u32);

/// The shape of a type. Matrices have HLSL semantics: `Matrix { rows: R, cols: C }` is `floatRxC`,
/// R rows of C columns; `m[r]` is row `r` (a vector of C elements).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Void,
    Scalar(Scalar),
    Vector {
        scalar: Scalar,
        size: u8,
    },
    Matrix {
        scalar: Scalar,
        rows: u8,
        cols: u8,
    },
    Array {
        elem: TypeId,
        len: u32,
    },
    /// Unsized array: only as the element sequence of a storage buffer.
    RuntimeArray {
        elem: TypeId,
    },
    Struct(StructId),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    pub name: String,
    pub ty: TypeId,
    /// A `row_major`/`column_major` modifier on the field: how its matrices are laid out in
    /// buffers, whatever the global default is. `None`: the default.
    pub matrix_layout: Option<MatrixLayout>,
}

/// The memory order of a matrix in buffers and uniforms (HLSL's layout modifiers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixLayout {
    /// Each row contiguous (`row_major`).
    RowMajor,
    /// Each column contiguous (`column_major`).
    ColumnMajor,
}

/// A named struct. Dynamic-dispatch values are plain structs `{tag: uint, payload...}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructDef {
    pub name: String,
    pub fields: Vec<Field>,
}

/// The type table of a module. Interning makes `TypeId` equality type equality.
#[derive(Clone, Debug, Default)]
pub struct Types {
    kinds: Vec<TypeKind>,
    lookup: FxHashMap<TypeKind, TypeId>,
    structs: Vec<StructDef>,
}

impl Types {
    pub fn intern(&mut self, kind: TypeKind) -> TypeId {
        if let Some(&id) = self.lookup.get(&kind) {
            return id;
        }
        let id = TypeId(self.kinds.len() as u32);
        self.kinds.push(kind.clone());
        self.lookup.insert(kind, id);
        id
    }
    pub fn kind(&self, ty: TypeId) -> &TypeKind {
        // Ids only come from this table; an unknown id reads as void rather than panicking.
        self.kinds.get(ty.0 as usize).unwrap_or(&TypeKind::Void)
    }
    pub fn len(&self) -> usize {
        self.kinds.len()
    }
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }
    pub fn void(&mut self) -> TypeId {
        self.intern(TypeKind::Void)
    }
    pub fn scalar(&mut self, s: Scalar) -> TypeId {
        self.intern(TypeKind::Scalar(s))
    }
    pub fn bool(&mut self) -> TypeId {
        self.scalar(Scalar::Bool)
    }
    pub fn i32(&mut self) -> TypeId {
        self.scalar(Scalar::I32)
    }
    pub fn u32(&mut self) -> TypeId {
        self.scalar(Scalar::U32)
    }
    pub fn f32(&mut self) -> TypeId {
        self.scalar(Scalar::F32)
    }
    /// `size` 1 gives the scalar type, so shape arithmetic stays uniform.
    pub fn vector(&mut self, scalar: Scalar, size: u8) -> TypeId {
        if size == 1 {
            return self.scalar(scalar);
        }
        self.intern(TypeKind::Vector { scalar, size })
    }
    pub fn matrix(&mut self, scalar: Scalar, rows: u8, cols: u8) -> TypeId {
        self.intern(TypeKind::Matrix { scalar, rows, cols })
    }
    pub fn array(&mut self, elem: TypeId, len: u32) -> TypeId {
        self.intern(TypeKind::Array { elem, len })
    }
    pub fn runtime_array(&mut self, elem: TypeId) -> TypeId {
        self.intern(TypeKind::RuntimeArray { elem })
    }
    pub fn add_struct(&mut self, name: &str, fields: Vec<(&str, TypeId)>) -> TypeId {
        let id = StructId(self.structs.len() as u32);
        self.structs.push(StructDef {
            name: name.to_string(),
            fields: fields
                .into_iter()
                .map(|(name, ty)| Field {
                    name: name.to_string(),
                    ty,
                    matrix_layout: None,
                })
                .collect(),
        });
        self.intern(TypeKind::Struct(id))
    }
    /// Gives field `field` of struct `id` its own matrix layout (`row_major float4x4 m;`).
    pub fn set_field_matrix_layout(
        &mut self,
        id: StructId,
        field: usize,
        layout: Option<MatrixLayout>,
    ) {
        if let Some(f) = self
            .structs
            .get_mut(id.0 as usize)
            .and_then(|s| s.fields.get_mut(field))
        {
            f.matrix_layout = layout;
        }
    }
    pub fn struct_def(&self, id: StructId) -> Option<&StructDef> {
        self.structs.get(id.0 as usize)
    }
    pub fn structs(&self) -> impl Iterator<Item = (StructId, &StructDef)> {
        self.structs
            .iter()
            .enumerate()
            .map(|(i, s)| (StructId(i as u32), s))
    }
    /// Every interned type with its id, in creation order.
    pub fn iter(&self) -> impl Iterator<Item = (TypeId, &TypeKind)> {
        self.kinds
            .iter()
            .enumerate()
            .map(|(i, k)| (TypeId(i as u32), k))
    }

    /// Element scalar of a scalar, vector or matrix type.
    pub fn scalar_of(&self, ty: TypeId) -> Option<Scalar> {
        match *self.kind(ty) {
            TypeKind::Scalar(s)
            | TypeKind::Vector { scalar: s, .. }
            | TypeKind::Matrix { scalar: s, .. } => Some(s),
            _ => None,
        }
    }
    /// Component count of a scalar (1) or vector type.
    pub fn vector_size(&self, ty: TypeId) -> Option<u8> {
        match *self.kind(ty) {
            TypeKind::Scalar(_) => Some(1),
            TypeKind::Vector { size, .. } => Some(size),
            _ => None,
        }
    }
    pub fn is_void(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Void)
    }
    /// The same shape with another scalar (`float3` -> `bool3`).
    pub fn with_scalar(&mut self, ty: TypeId, s: Scalar) -> Option<TypeId> {
        match *self.kind(ty) {
            TypeKind::Scalar(_) => Some(self.scalar(s)),
            TypeKind::Vector { size, .. } => Some(self.vector(s, size)),
            TypeKind::Matrix { rows, cols, .. } => Some(self.matrix(s, rows, cols)),
            _ => None,
        }
    }
    /// Type of element `index` of a composite (struct field, vector component, matrix row,
    /// array element). `index` is ignored for arrays.
    pub fn element(&mut self, ty: TypeId, index: Option<u32>) -> Option<TypeId> {
        match self.kind(ty).clone() {
            TypeKind::Vector { scalar, size } => match index {
                Some(i) if i >= size as u32 => None,
                _ => Some(self.scalar(scalar)),
            },
            TypeKind::Matrix { scalar, rows, cols } => match index {
                Some(i) if i >= rows as u32 => None,
                _ => Some(self.vector(scalar, cols)),
            },
            TypeKind::Array { elem, len } => match index {
                Some(i) if i >= len => None,
                _ => Some(elem),
            },
            TypeKind::RuntimeArray { elem } => Some(elem),
            TypeKind::Struct(id) => {
                let i = index?;
                self.struct_def(id)?.fields.get(i as usize).map(|f| f.ty)
            }
            TypeKind::Void | TypeKind::Scalar(_) => None,
        }
    }
    /// Whether `ty` contains `bool` anywhere (bool is not host-shareable).
    pub fn contains_bool(&self, ty: TypeId) -> bool {
        match *self.kind(ty) {
            TypeKind::Scalar(s)
            | TypeKind::Vector { scalar: s, .. }
            | TypeKind::Matrix { scalar: s, .. } => s == Scalar::Bool,
            TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
                self.contains_bool(elem)
            }
            TypeKind::Struct(id) => self
                .struct_def(id)
                .is_some_and(|s| s.fields.iter().any(|f| self.contains_bool(f.ty))),
            TypeKind::Void => false,
        }
    }
    /// Whether `ty` contains a matrix of more than one row and column anywhere (one whose memory
    /// layout depends on row- or column-major order).
    pub fn contains_layout_sensitive_matrix(&self, ty: TypeId) -> bool {
        match *self.kind(ty) {
            TypeKind::Matrix { rows, cols, .. } => rows > 1 && cols > 1,
            TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
                self.contains_layout_sensitive_matrix(elem)
            }
            TypeKind::Struct(id) => self.struct_def(id).is_some_and(|s| {
                s.fields
                    .iter()
                    .any(|f| self.contains_layout_sensitive_matrix(f.ty))
            }),
            TypeKind::Void | TypeKind::Scalar(_) | TypeKind::Vector { .. } => false,
        }
    }
    /// Whether `ty` contains a scalar of the given kind anywhere.
    pub fn contains_scalar(&self, ty: TypeId, pred: &dyn Fn(Scalar) -> bool) -> bool {
        match *self.kind(ty) {
            TypeKind::Scalar(s)
            | TypeKind::Vector { scalar: s, .. }
            | TypeKind::Matrix { scalar: s, .. } => pred(s),
            TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
                self.contains_scalar(elem, pred)
            }
            TypeKind::Struct(id) => self
                .struct_def(id)
                .is_some_and(|s| s.fields.iter().any(|f| self.contains_scalar(f.ty, pred))),
            TypeKind::Void => false,
        }
    }

    /// HLSL-style spelling: `float3`, `float2x3`, `int[4]`, `Foo`, `float[]`.
    pub fn display(&self, ty: TypeId) -> String {
        match *self.kind(ty) {
            TypeKind::Void => "void".into(),
            TypeKind::Scalar(s) => s.name().into(),
            TypeKind::Vector { scalar, size } => vector_name(scalar, size),
            TypeKind::Matrix { scalar, rows, cols } => {
                format!("{}{rows}x{cols}", short_scalar(scalar))
            }
            TypeKind::Array { elem, len } => format!("{}[{len}]", self.display(elem)),
            TypeKind::RuntimeArray { elem } => format!("{}[]", self.display(elem)),
            TypeKind::Struct(id) => self
                .struct_def(id)
                .map_or_else(|| format!("struct#{}", id.0), |s| s.name.clone()),
        }
    }
}

fn short_scalar(s: Scalar) -> &'static str {
    // Vector spellings of 64-bit types follow Slang: `int64_t3` exists, we keep the full name.
    s.name()
}

fn vector_name(s: Scalar, size: u8) -> String {
    format!("{}{size}", short_scalar(s))
}
