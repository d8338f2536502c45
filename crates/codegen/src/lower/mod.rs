//! IR -> naga.

use naga::proc::Layouter;
use naga::{
    AddressSpace, BinaryOperator as Bo, Block as NBlock, Expression as E, Handle,
    MathFunction as Mf, Span, Statement as S, Type, TypeInner as Ti,
};
use rustc_hash::{FxHashMap, FxHashSet};

use ir::{
    Access, Arg, AtomicOp, BarrierKind, BinaryOp, BufferAccess, Builtin, ConstValue, FuncId,
    GlobalId, GlobalKind, Inst, Literal, MathFn, ParamDir, Place, PlaceRoot, Scalar, Stmt, TypeId,
    TypeKind, UnaryOp, ValueId,
};

mod body;
mod cse;
mod float_atomics;
mod fmod;
mod int_matrix;
mod math;
mod narrow;
mod narrow_mem;
mod native_f64;
mod soft_f64;
mod subgroup;
mod textures;
mod textures_1d;
mod wide_aggregate;
mod wide_int;

use crate::reflect::{
    BindingInfo, BindingKind, EntryPointInfo, PrintFormatInfo, Reflection, StringInfo,
};
use crate::{CodegenError, Options, PADDING_MEMBER, PRINT_BUFFER_NAME};

type Result<T> = std::result::Result<T, CodegenError>;

/// How a type is laid out in memory of a given address space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct Repr {
    /// Host-shareable: `bool` becomes `u32`.
    host: bool,
    /// `i32`/`u32` scalars become `atomic<T>`.
    atomic_int: bool,
    /// `f32` scalars become `atomic<f32>`.
    atomic_float: bool,
    /// Uniform buffer (std140, as Slang lays them out): array elements and matrix columns take
    /// 16-byte slots (`vec4`), structs are 16-byte aligned.
    uniform: bool,
    /// Host matrices are stored row by row (`-matrix-layout-row-major`) rather than column by
    /// column (slangc's default).
    row_major: bool,
}

impl Repr {
    const VALUE: Repr = Repr {
        host: false,
        atomic_int: false,
        atomic_float: false,
        uniform: false,
        row_major: false,
    };
}

/// The representation of a struct field in a struct held in `repr`: a layout modifier on the
/// field (`row_major float4x4 m;`) decides the order of its matrices in host memory.
fn field_repr(repr: Repr, field: &ir::Field) -> Repr {
    match field.matrix_layout {
        Some(layout) if repr.host => Repr {
            row_major: layout == ir::MatrixLayout::RowMajor,
            ..repr
        },
        _ => repr,
    }
}

/// The representation in `repr` of field `i` of `ty` (`repr` itself when `ty` is no struct).
fn member_repr(types: &ir::Types, ty: TypeId, repr: Repr, i: u32) -> Repr {
    match *types.kind(ty) {
        TypeKind::Struct(id) => types
            .struct_def(id)
            .and_then(|s| s.fields.get(i as usize))
            .map_or(repr, |f| field_repr(repr, f)),
        _ => repr,
    }
}

/// Whether a float matrix with `cols` columns is held in `repr`'s memory differently from its
/// value (a naga matrix whose columns are the HLSL rows). Column-major memory always is (one
/// vector per HLSL column); row-major memory is the value itself, except in uniform buffers
/// when the rows are 2-vectors, which std140 puts in 16-byte slots (an array of `vec4`s).
fn host_float_matrix_differs(repr: Repr, cols: u8) -> bool {
    repr.host && (!repr.row_major || (repr.uniform && cols < 3))
}

#[derive(Clone, Copy)]
struct GlobalInfo {
    handle: Handle<naga::GlobalVariable>,
    repr: Repr,
    /// Laid out byte by byte in `u32` words (it holds 8- or 16-bit integers), with its
    /// element stride.
    words: Option<(narrow_mem::Words, u32)>,
}

/// Whether memory in `repr` holds `ty` differently from its value form (so loads and stores
/// convert): bools as `u32`, atomics, and matrices stored column by column in host memory.
fn repr_differs(types: &ir::Types, ty: TypeId, repr: Repr) -> bool {
    if repr == Repr::VALUE {
        return false;
    }
    match *types.kind(ty) {
        // Integer matrices are arrays of rows in memory as in values; bool rows are `u32`
        // vectors in host memory.
        TypeKind::Matrix { scalar, cols, .. } => {
            (scalar.is_float() && host_float_matrix_differs(repr, cols))
                || (repr.host && scalar == Scalar::Bool)
        }
        TypeKind::Scalar(s) | TypeKind::Vector { scalar: s, .. } => {
            (repr.host && s == Scalar::Bool)
                || (repr.atomic_int
                    && matches!(
                        ty_kind_scalar_only(types, ty),
                        Some(Scalar::I32 | Scalar::U32)
                    ))
                || (repr.atomic_float && ty_kind_scalar_only(types, ty) == Some(Scalar::F32))
        }
        TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => {
            padded_len(types, elem, repr).is_some() || repr_differs(types, elem, repr)
        }
        TypeKind::Struct(id) => {
            repr.uniform
                || types.struct_def(id).is_some_and(|s| {
                    s.fields
                        .iter()
                        .any(|f| repr_differs(types, f.ty, field_repr(repr, f)))
                })
        }
        TypeKind::Void => false,
    }
}

/// In a uniform buffer, array elements of scalar or 2-vector type sit in a `vec4` slot; this
/// gives their component count.
fn padded_len(types: &ir::Types, elem: TypeId, repr: Repr) -> Option<u8> {
    if !repr.uniform {
        return None;
    }
    match *types.kind(elem) {
        TypeKind::Scalar(_) => Some(1),
        TypeKind::Vector { size: 2, .. } => Some(2),
        _ => None,
    }
}

/// The scalar of a scalar type (atomics apply to scalars only, not vectors).
fn ty_kind_scalar_only(types: &ir::Types, ty: TypeId) -> Option<Scalar> {
    match *types.kind(ty) {
        TypeKind::Scalar(s) => Some(s),
        _ => None,
    }
}

fn internal(function: Option<&str>, message: impl Into<String>) -> CodegenError {
    CodegenError::Internal {
        function: function.map(str::to_string),
        message: message.into(),
    }
}

pub fn lower_module(m: &ir::Module, opts: &Options) -> Result<(naga::Module, Reflection)> {
    let mut l = Lowerer {
        ir: m,
        opts,
        out: naga::Module::default(),
        layouter: Layouter::default(),
        type_cache: FxHashMap::default(),
        globals: Vec::new(),
        functions: vec![None; m.functions.len()],
        print_buffer: None,
        reflection: Reflection::default(),
        field_members: FxHashMap::default(),
        scratch_types: m.types.clone(),
        lanes: None,
        wide_fns: FxHashMap::default(),
        flat_1d: FxHashSet::default(),
    };
    l.lower_globals()?;
    if subgroup::uses_lane_builtins(m) {
        l.lanes = Some(l.add_lane_globals(m)?);
    }
    for f in call_order(m, opts.target)? {
        let func = l.build_function(f, None)?;
        let h = l.out.functions.append(func, Span::UNDEFINED);
        l.functions[f.0 as usize] = Some(h);
    }
    for ep in &m.entry_points {
        l.lower_entry_point(ep)?;
    }
    l.reflect_prints();
    Ok((l.out, l.reflection))
}

/// The instructions a function's body actually evaluates (passes may leave dead values behind
/// in `Function::values`).
fn live_insts(f: &ir::Function) -> Vec<&Inst> {
    fn walk<'f>(f: &'f ir::Function, block: &'f ir::Block, out: &mut Vec<&'f Inst>) {
        for s in block {
            match s {
                Stmt::Let(v) => out.extend(f.value(*v).map(|d| &d.inst)),
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => {
                    walk(f, then_block, out);
                    walk(f, else_block, out);
                }
                Stmt::Switch { cases, .. } => cases.iter().for_each(|c| walk(f, &c.body, out)),
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    walk(f, body, out);
                    walk(f, continuing, out);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(f, &f.body, &mut out);
    out
}

fn callees(f: &ir::Function) -> Vec<FuncId> {
    live_insts(f)
        .into_iter()
        .filter_map(|i| match i {
            Inst::Call(c, _) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Functions to emit as plain naga functions, callees first (naga forbids forward calls):
/// those reachable from the entry points (or all of them in a module without entry points),
/// except entry functions nobody calls. Recursion is unsupported on GPUs.
fn call_order(m: &ir::Module, target: crate::Target) -> Result<Vec<FuncId>> {
    let n = m.functions.len();
    let entry_fns: FxHashSet<FuncId> = m.entry_points.iter().map(|e| e.function).collect();
    let roots: Vec<FuncId> = if m.entry_points.is_empty() {
        (0..n as u32).map(FuncId).collect()
    } else {
        m.entry_points.iter().map(|e| e.function).collect()
    };
    let mut called = FxHashSet::default();
    // 0 = unvisited, 1 = in progress, 2 = done
    let mut state = vec![0u8; n];
    let mut order = Vec::new();
    fn visit(
        m: &ir::Module,
        f: FuncId,
        target: crate::Target,
        state: &mut [u8],
        order: &mut Vec<FuncId>,
        called: &mut FxHashSet<FuncId>,
    ) -> Result<()> {
        let Some(func) = m.function(f) else {
            return Ok(());
        };
        match state[f.0 as usize] {
            2 => return Ok(()),
            1 => {
                return Err(CodegenError::Unsupported {
                    what: format!("recursion (through `{}`)", func.name),
                    target,
                });
            }
            _ => {}
        }
        state[f.0 as usize] = 1;
        for c in callees(func) {
            called.insert(c);
            visit(m, c, target, state, order, called)?;
        }
        state[f.0 as usize] = 2;
        order.push(f);
        Ok(())
    }
    for f in roots {
        visit(m, f, target, &mut state, &mut order, &mut called)?;
    }
    // Entry functions become naga entry points; they need a plain copy only when called.
    order.retain(|f| !entry_fns.contains(f) || called.contains(f));
    Ok(order)
}

struct Lowerer<'a> {
    ir: &'a ir::Module,
    opts: &'a Options,
    out: naga::Module,
    layouter: Layouter,
    type_cache: FxHashMap<(TypeId, Repr), Handle<Type>>,
    globals: Vec<GlobalInfo>,
    functions: Vec<Option<Handle<naga::Function>>>,
    print_buffer: Option<Handle<naga::GlobalVariable>>,
    reflection: Reflection,
    /// naga member index of each IR field, per naga struct (padding shifts them in uniforms).
    field_members: FxHashMap<Handle<Type>, Vec<u32>>,
    /// A copy of the IR type table that lowering may intern into (element types of places and
    /// constants). One copy serves the whole module: it moves into each `FnCx` and back, and
    /// interning only appends, so ids stay valid. A copy per function made codegen quadratic.
    scratch_types: ir::Types,
    /// Private copies of the subgroup builtins, when some function queries its lane.
    lanes: Option<subgroup::LaneGlobals>,
    /// The 64-bit integer helpers copied into the module so far (`wide_int.rs`).
    wide_fns: FxHashMap<String, Handle<naga::Function>>,
    /// 1D textures declared as 2D textures of height 1 (`textures.rs`: WGSL has no 1D array
    /// textures and samples 1D textures only in fragment shaders).
    flat_1d: FxHashSet<GlobalId>,
}

fn vsize(n: u8) -> Option<naga::VectorSize> {
    match n {
        2 => Some(naga::VectorSize::Bi),
        3 => Some(naga::VectorSize::Tri),
        4 => Some(naga::VectorSize::Quad),
        _ => None,
    }
}

fn naga_scalar(s: Scalar) -> naga::Scalar {
    match s {
        Scalar::Bool => naga::Scalar::BOOL,
        // Held in 32 bits and wrapped after each operation (`narrow.rs`).
        Scalar::I32 | Scalar::I8 | Scalar::I16 => naga::Scalar::I32,
        Scalar::U32 | Scalar::U8 | Scalar::U16 => naga::Scalar::U32,
        Scalar::I64 => naga::Scalar::I64,
        Scalar::U64 => naga::Scalar::U64,
        Scalar::F16 => naga::Scalar::F16,
        Scalar::F32 => naga::Scalar::F32,
        Scalar::F64 => naga::Scalar::F64,
    }
}

impl Lowerer<'_> {
    fn types(&self) -> &ir::Types {
        &self.ir.types
    }

    fn check_scalar(&self, s: Scalar) -> Result<()> {
        let o = self.opts;
        // Core WGSL has none of these; wgpu accepts them in WGSL (and SPIR-V) on devices with
        // the matching feature, so the caller enables them from the device's features.
        let (ok, feature) = match s {
            // Emulated on the bits in two 32-bit words without the feature (`soft_f64.rs`).
            Scalar::F64 => (true, "SHADER_F64"),
            // Emulated in two 32-bit words without the feature (`wide_int.rs`).
            Scalar::I64 | Scalar::U64 => (true, "SHADER_INT64"),
            Scalar::F16 => (o.shader_f16, "SHADER_F16"),
            _ => (true, ""),
        };
        if ok {
            Ok(())
        } else {
            Err(CodegenError::MissingFeature {
                what: format!("the type `{}`", s.name()),
                feature,
                target: o.target,
            })
        }
    }

    fn insert_type(&mut self, name: Option<String>, inner: Ti) -> Result<Handle<Type>> {
        let h = self.out.types.insert(Type { name, inner }, Span::UNDEFINED);
        self.layouter
            .update(self.out.to_ctx())
            .map_err(|e| internal(None, format!("layout: {e}")))?;
        Ok(h)
    }

    fn scalar_type(&mut self, s: Scalar) -> Result<Handle<Type>> {
        self.check_scalar(s)?;
        if self.is_emulated64(s) {
            return self.wide_type();
        }
        self.insert_type(None, Ti::Scalar(naga_scalar(s)))
    }

    fn vector_type(&mut self, s: Scalar, n: u8) -> Result<Handle<Type>> {
        match vsize(n) {
            Some(size) => {
                self.check_scalar(s)?;
                self.check_wide_aggregate(s, n)?;
                self.insert_type(
                    None,
                    Ti::Vector {
                        size,
                        scalar: naga_scalar(s),
                    },
                )
            }
            None => self.scalar_type(s),
        }
    }

    /// The naga type of an IR type in a given representation.
    fn ty(&mut self, ty: TypeId, repr: Repr) -> Result<Handle<Type>> {
        if let Some(&h) = self.type_cache.get(&(ty, repr)) {
            return Ok(h);
        }
        self.check_host_narrow(ty, repr)?;
        let leaf = |s: Scalar| -> Scalar {
            if repr.host && s == Scalar::Bool {
                Scalar::U32
            } else {
                s
            }
        };
        let h = match self.types().kind(ty).clone() {
            TypeKind::Void => return Err(internal(None, "void has no naga type")),
            TypeKind::Scalar(s) => {
                let s = leaf(s);
                let atomic = (repr.atomic_int && matches!(s, Scalar::I32 | Scalar::U32))
                    || (repr.atomic_float && s == Scalar::F32);
                if atomic {
                    self.insert_type(None, Ti::Atomic(naga_scalar(s)))?
                } else {
                    self.scalar_type(s)?
                }
            }
            TypeKind::Vector { scalar, size } if self.is_wide_vector(ty) => {
                self.wide_vector_type(scalar, size, repr)?
            }
            TypeKind::Vector { scalar, size } => self.vector_type(leaf(scalar), size)?,
            TypeKind::Matrix { scalar, rows, cols } if self.is_emulated64(scalar) => {
                self.check_scalar(scalar)?;
                self.wide_matrix_type(scalar, rows, cols, repr)?
            }
            TypeKind::Matrix { scalar, rows, cols } => {
                self.check_scalar(scalar)?;
                self.check_wide_aggregate(scalar, rows.max(cols))?;
                let (Some(columns), Some(nrows)) = (vsize(rows), vsize(cols)) else {
                    return Err(CodegenError::Unsupported {
                        what: format!("the matrix type `{}`", self.types().display(ty)),
                        target: self.opts.target,
                    });
                };
                // Row by row, rows of 3 or 4 integers fill the uniform's 16-byte slots as the
                // array of rows below does; column by column (slangc's default) they cannot be
                // stored as rows, and 2-vector rows would need 16-byte slots.
                if !scalar.is_float() && repr.uniform && !(repr.row_major && cols >= 3) {
                    return Err(CodegenError::Unsupported {
                        what: format!(
                            "the integer matrix type `{}` in a uniform buffer",
                            self.types().display(ty)
                        ),
                        target: self.opts.target,
                    });
                }
                if repr.host && repr.row_major && scalar.is_float() && repr.uniform && cols < 3 {
                    // Row-major in a uniform buffer: each 2-vector row in a `vec4` slot.
                    let slot = self.vector_type(leaf(scalar), 4)?;
                    let size = naga::ArraySize::Constant(
                        std::num::NonZeroU32::MIN.saturating_add(rows as u32 - 1),
                    );
                    let h = self.insert_type(
                        None,
                        Ti::Array {
                            base: slot,
                            size,
                            stride: 16,
                        },
                    )?;
                    self.type_cache.insert((ty, repr), h);
                    return Ok(h);
                }
                if repr.host && !repr.row_major && scalar.is_float() {
                    // In buffers, Slang stores matrices column-major: one vector per HLSL column
                    // (a 16-byte `vec4` slot per column in uniform buffers).
                    let column =
                        self.vector_type(leaf(scalar), if repr.uniform { 4 } else { rows })?;
                    let mut stride = self.layouter[column].to_stride();
                    if repr.uniform {
                        stride = naga::proc::Alignment::SIXTEEN.round_up(stride);
                    }
                    let size = naga::ArraySize::Constant(
                        std::num::NonZeroU32::MIN.saturating_add(cols as u32 - 1),
                    );
                    let h = self.insert_type(
                        None,
                        Ti::Array {
                            base: column,
                            size,
                            stride,
                        },
                    )?;
                    self.type_cache.insert((ty, repr), h);
                    return Ok(h);
                }
                if !scalar.is_float() {
                    // WGSL has float matrices only: an integer or bool matrix is an array of its
                    // rows, in values and in buffers (row-major there, as slangc lays it out).
                    let row = self.vector_type(leaf(scalar), cols)?;
                    let stride = self.layouter[row].to_stride();
                    let size = naga::ArraySize::Constant(
                        std::num::NonZeroU32::MIN.saturating_add(rows as u32 - 1),
                    );
                    let h = self.insert_type(
                        None,
                        Ti::Array {
                            base: row,
                            size,
                            stride,
                        },
                    )?;
                    self.type_cache.insert((ty, repr), h);
                    return Ok(h);
                }
                // HLSL rows are naga columns (see the crate docs).
                self.insert_type(
                    None,
                    Ti::Matrix {
                        columns,
                        rows: nrows,
                        scalar: naga_scalar(scalar),
                    },
                )?
            }
            TypeKind::Array { elem, len } => {
                let base = match (
                    padded_len(self.types(), elem, repr),
                    self.types().scalar_of(elem),
                ) {
                    (Some(_), Some(s)) => {
                        self.vector_type(if s == Scalar::Bool { Scalar::U32 } else { s }, 4)?
                    }
                    _ => self.ty(elem, repr)?,
                };
                let mut stride = self.layouter[base].to_stride();
                if repr.uniform {
                    stride = naga::proc::Alignment::SIXTEEN.round_up(stride);
                }
                let size = std::num::NonZeroU32::new(len)
                    .map(naga::ArraySize::Constant)
                    .ok_or_else(|| internal(None, "zero-length array"))?;
                self.insert_type(None, Ti::Array { base, size, stride })?
            }
            TypeKind::RuntimeArray { elem } => {
                let base = self.ty(elem, repr)?;
                let stride = self.layouter[base].to_stride();
                self.insert_type(
                    None,
                    Ti::Array {
                        base,
                        size: naga::ArraySize::Dynamic,
                        stride,
                    },
                )?
            }
            TypeKind::Struct(id) => {
                let def = self
                    .types()
                    .struct_def(id)
                    .cloned()
                    .ok_or_else(|| internal(None, "unknown struct"))?;
                let mut members = Vec::new();
                let mut field_members = Vec::new();
                let mut offset = 0u32;
                let mut align = naga::proc::Alignment::ONE;
                let pad_ty = if repr.uniform {
                    Some(self.scalar_type(Scalar::U32)?)
                } else {
                    None
                };
                // WGSL cannot spell offsets, so std140 gaps become explicit `u32` padding members.
                let pad = |members: &mut Vec<naga::StructMember>, from: u32, to: u32| {
                    if let Some(pad_ty) = pad_ty {
                        for at in (from..to).step_by(4) {
                            members.push(naga::StructMember {
                                name: Some(PADDING_MEMBER.to_string()),
                                ty: pad_ty,
                                binding: None,
                                offset: at,
                            });
                        }
                    }
                };
                for f in &def.fields {
                    let fty = self.ty(f.ty, field_repr(repr, f))?;
                    let layout = self.layouter[fty];
                    let mut member_align = layout.alignment;
                    if repr.uniform
                        && matches!(
                            self.out.types[fty].inner,
                            Ti::Array { .. } | Ti::Struct { .. }
                        )
                    {
                        member_align = member_align.max(naga::proc::Alignment::SIXTEEN);
                    }
                    let natural = layout.alignment.round_up(offset);
                    let wanted = member_align.round_up(offset);
                    self.check_wide_host_offset(f.ty, repr, wanted, "a field")?;
                    pad(&mut members, natural, wanted);
                    offset = wanted;
                    align = align.max(member_align);
                    field_members.push(members.len() as u32);
                    members.push(naga::StructMember {
                        name: Some(f.name.clone()),
                        ty: fty,
                        binding: None,
                        offset,
                    });
                    offset += layout.size;
                }
                if repr.uniform {
                    align = align.max(naga::proc::Alignment::SIXTEEN);
                    let end = align.round_up(offset.max(1));
                    pad(&mut members, offset, end);
                }
                let span = align.round_up(offset.max(1));
                self.check_wide_host_offset(ty, repr, span, "the size")?;
                let name = if repr.uniform {
                    format!("{}_uniform", def.name)
                } else if repr_differs(self.types(), ty, repr) {
                    format!("{}_host", def.name)
                } else {
                    def.name.clone()
                };
                let h = self.insert_type(Some(name), Ti::Struct { members, span })?;
                self.field_members.insert(h, field_members);
                self.type_cache.insert((ty, repr), h);
                return Ok(h);
            }
        };
        self.type_cache.insert((ty, repr), h);
        Ok(h)
    }

    /// The naga member index of IR field `field` of struct `ty` in `repr`.
    fn member_index(&mut self, ty: TypeId, repr: Repr, field: u32) -> Result<u32> {
        let h = self.ty(ty, repr)?;
        Ok(self
            .field_members
            .get(&h)
            .and_then(|m| m.get(field as usize))
            .copied()
            .unwrap_or(field))
    }

    fn lower_globals(&mut self) -> Result<()> {
        // Which globals are targets of atomics, and with which scalar kinds.
        let mut atomic_int = FxHashSet::default();
        let mut atomic_float = FxHashSet::default();
        let mut prints = false;
        let mut loaded_textures = FxHashSet::default();
        for f in &self.ir.functions {
            for inst in live_insts(f) {
                match inst {
                    Inst::Atomic {
                        place:
                            Place {
                                root: PlaceRoot::Global(g),
                                ..
                            },
                        value,
                        ..
                    } => {
                        let ty = f.value_ty(*value).unwrap_or(TypeId(u32::MAX));
                        if self.types().scalar_of(ty) == Some(Scalar::F32) {
                            atomic_float.insert(*g);
                        } else {
                            atomic_int.insert(*g);
                        }
                    }
                    Inst::Print(..) => prints = true,
                    Inst::Texture {
                        op: ir::TextureOp::Load,
                        texture,
                        ..
                    } => {
                        loaded_textures.insert(*texture);
                    }
                    _ => {}
                }
            }
        }
        self.flat_1d = self.one_d_textures_as_2d();
        let word_atomics =
            float_atomics::word_atomic_globals(self.ir, self.types(), self.opts.float32_atomics);
        let mut binding = 0u32;
        for (i, g) in self.ir.globals.iter().enumerate() {
            let id = GlobalId(i as u32);
            let atomics = Repr {
                atomic_int: atomic_int.contains(&id),
                atomic_float: atomic_float.contains(&id),
                ..Repr::VALUE
            };
            // A layout modifier of the buffer (`ConstantBuffer<row_major float3x4>`) wins over
            // the command line's default.
            let row_major = g.matrix_layout.map_or(self.opts.row_major_matrices, |l| {
                l == ir::MatrixLayout::RowMajor
            });
            let (space, repr, bind) = match &g.kind {
                GlobalKind::StorageBuffer { access } => {
                    let mut a = naga::StorageAccess::LOAD;
                    if *access == BufferAccess::ReadWrite {
                        a |= naga::StorageAccess::STORE;
                    }
                    (
                        AddressSpace::Storage { access: a },
                        Repr {
                            host: true,
                            row_major,
                            ..atomics
                        },
                        true,
                    )
                }
                GlobalKind::Uniform => (
                    AddressSpace::Uniform,
                    Repr {
                        host: true,
                        uniform: true,
                        row_major,
                        ..Repr::VALUE
                    },
                    true,
                ),
                GlobalKind::Texture { .. } => {
                    let (ty, wgsl_type) = self.texture_type(
                        &g.kind,
                        loaded_textures.contains(&id),
                        self.flat_1d.contains(&id),
                    )?;
                    self.texture_global(g, id, ty, wgsl_type, binding)?;
                    binding += 1;
                    continue;
                }
                GlobalKind::Sampler { .. } => {
                    self.sampler_global(g, binding)?;
                    binding += 1;
                    continue;
                }
                GlobalKind::Groupshared => (AddressSpace::WorkGroup, atomics, false),
                GlobalKind::Constant(_) => (AddressSpace::Private, Repr::VALUE, false),
            };
            if (matches!(
                g.kind,
                GlobalKind::StorageBuffer { .. } | GlobalKind::Uniform
            ) && narrow_mem::holds_narrow(self.types(), g.ty))
                || word_atomics.contains(&id)
            {
                self.words_global(g, id, space, binding, atomics)?;
                if g.kind != GlobalKind::Groupshared {
                    binding += 1;
                }
                continue;
            }
            let place_ty = match g.kind {
                GlobalKind::StorageBuffer { .. } => self.runtime_array_of(g.ty, repr)?,
                _ => self.ty(g.ty, repr)?,
            };
            if g.kind == GlobalKind::Uniform && !self.uniform_layout_ok(place_ty) {
                return Err(CodegenError::Unsupported {
                    what: format!(
                        "the uniform `{}` of type `{}` (arrays, matrices and nested structs in uniform \
                         buffers need 16-byte aligned layouts)",
                        g.name,
                        self.types().display(g.ty)
                    ),
                    target: self.opts.target,
                });
            }
            let init = match &g.kind {
                GlobalKind::Constant(value) => Some(self.const_expr(value, g.ty)?),
                _ => None,
            };
            let resource_binding = bind.then_some(naga::ResourceBinding { group: 0, binding });
            let handle = self.out.global_variables.append(
                naga::GlobalVariable {
                    name: Some(g.name.clone()),
                    space,
                    binding: resource_binding,
                    ty: place_ty,
                    init,
                    memory_decorations: naga::MemoryDecorations::empty(),
                },
                Span::UNDEFINED,
            );
            if bind {
                let elem = self.ty(g.ty, repr)?;
                let (kind, access) = match g.kind {
                    GlobalKind::StorageBuffer {
                        access: BufferAccess::Read,
                    } => (BindingKind::Storage, "read"),
                    GlobalKind::StorageBuffer {
                        access: BufferAccess::ReadWrite,
                    } => (BindingKind::Storage, "read_write"),
                    _ => (BindingKind::Uniform, "read"),
                };
                let layout = self.layouter[elem];
                let element_size = if kind == BindingKind::Storage {
                    layout.to_stride()
                } else {
                    layout.size
                };
                self.reflection.bindings.push(BindingInfo {
                    name: g.name.clone(),
                    group: 0,
                    binding,
                    kind,
                    access,
                    element_type: self.types().display(g.ty),
                    wgsl_type: self.wgsl_type_name(elem),
                    element_size,
                });
                binding += 1;
            }
            self.globals.push(GlobalInfo {
                handle,
                repr,
                words: None,
            });
        }
        if prints {
            let word = self.insert_type(None, Ti::Atomic(naga::Scalar::U32))?;
            let ty = self.insert_type(
                None,
                Ti::Array {
                    base: word,
                    size: naga::ArraySize::Dynamic,
                    stride: 4,
                },
            )?;
            let h = self.out.global_variables.append(
                naga::GlobalVariable {
                    name: Some(PRINT_BUFFER_NAME.to_string()),
                    space: AddressSpace::Storage {
                        access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE,
                    },
                    binding: Some(naga::ResourceBinding { group: 0, binding }),
                    ty,
                    init: None,
                    memory_decorations: naga::MemoryDecorations::empty(),
                },
                Span::UNDEFINED,
            );
            self.print_buffer = Some(h);
            self.reflection.bindings.push(BindingInfo {
                name: PRINT_BUFFER_NAME.to_string(),
                group: 0,
                binding,
                kind: BindingKind::Print,
                access: "read_write",
                element_type: "uint".into(),
                wgsl_type: "atomic<u32>".into(),
                element_size: 4,
            });
        }
        Ok(())
    }

    /// WGSL's uniform address space wants 16-byte array strides and 16-byte aligned struct
    /// members of struct or array type; our layouts follow storage rules.
    fn uniform_layout_ok(&self, h: Handle<Type>) -> bool {
        match &self.out.types[h].inner {
            Ti::Array { base, stride, .. } => stride % 16 == 0 && self.uniform_layout_ok(*base),
            Ti::Struct { members, .. } => members.iter().all(|m| {
                let nested = matches!(
                    self.out.types[m.ty].inner,
                    Ti::Array { .. } | Ti::Struct { .. }
                );
                (!nested || m.offset % 16 == 0) && self.uniform_layout_ok(m.ty)
            }),
            _ => true,
        }
    }

    fn runtime_array_of(&mut self, elem: TypeId, repr: Repr) -> Result<Handle<Type>> {
        let base = self.ty(elem, repr)?;
        let stride = self.layouter[base].to_stride();
        self.insert_type(
            None,
            Ti::Array {
                base,
                size: naga::ArraySize::Dynamic,
                stride,
            },
        )
    }

    fn wgsl_type_name(&self, h: Handle<Type>) -> String {
        let t = &self.out.types[h];
        if let Some(name) = &t.name {
            return name.clone();
        }
        let sc = |s: naga::Scalar| match (s.kind, s.width) {
            (naga::ScalarKind::Bool, _) => "bool".to_string(),
            (naga::ScalarKind::Float, w) => format!("f{}", w * 8),
            (naga::ScalarKind::Sint, w) => format!("i{}", w * 8),
            (naga::ScalarKind::Uint, w) => format!("u{}", w * 8),
            _ => "?".to_string(),
        };
        match t.inner {
            Ti::Scalar(s) => sc(s),
            Ti::Atomic(s) => format!("atomic<{}>", sc(s)),
            Ti::Vector { size, scalar } => format!("vec{}<{}>", size as u8, sc(scalar)),
            Ti::Matrix {
                columns,
                rows,
                scalar,
            } => format!("mat{}x{}<{}>", columns as u8, rows as u8, sc(scalar)),
            Ti::Array {
                base,
                size: naga::ArraySize::Constant(n),
                ..
            } => {
                format!("array<{}, {n}>", self.wgsl_type_name(base))
            }
            Ti::Array { base, .. } => format!("array<{}>", self.wgsl_type_name(base)),
            _ => "?".into(),
        }
    }

    fn const_expr(&mut self, value: &ConstValue, ty: TypeId) -> Result<Handle<E>> {
        // Element types may need interning: borrow the scratch table for the whole tree.
        let mut types = std::mem::take(&mut self.scratch_types);
        let result = self.const_expr_in(&mut types, value, ty);
        self.scratch_types = types;
        result
    }

    fn const_expr_in(
        &mut self,
        types: &mut ir::Types,
        value: &ConstValue,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let e = match value {
            ConstValue::Literal(l) => {
                if let Some(h) = self.wide_const_literal(*l)? {
                    return Ok(h);
                }
                let e = self.literal_expr(*l)?;
                return Ok(self.out.global_expressions.append(e, Span::UNDEFINED));
            }
            ConstValue::Composite(items) => {
                let mut components = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let ety = types
                        .element(ty, Some(i as u32))
                        .ok_or_else(|| internal(None, "bad constant"))?;
                    components.push(self.const_expr_in(types, item, ety)?);
                }
                E::Compose {
                    ty: self.ty(ty, Repr::VALUE)?,
                    components,
                }
            }
        };
        Ok(self.out.global_expressions.append(e, Span::UNDEFINED))
    }

    fn literal_expr(&mut self, l: Literal) -> Result<E> {
        self.check_scalar(l.scalar())?;
        Ok(E::Literal(match l {
            Literal::Bool(b) => naga::Literal::Bool(b),
            Literal::I32(x) => naga::Literal::I32(x),
            Literal::U32(x) => naga::Literal::U32(x),
            Literal::I64(x) => naga::Literal::I64(x),
            Literal::U64(x) => naga::Literal::U64(x),
            Literal::F16(x) => naga::Literal::F16(half::f16::from_f32(x)),
            Literal::F32(x) => naga::Literal::F32(x),
            Literal::F64(x) => naga::Literal::F64(x),
        }))
    }

    fn reflect_prints(&mut self) {
        for (i, f) in self.ir.print_formats.iter().enumerate() {
            let mut arg_kinds = Vec::new();
            'found: for func in &self.ir.functions {
                for inst in live_insts(func) {
                    if let Inst::Print(id, args) = inst
                        && id.0 as usize == i
                    {
                        for (n, a) in args.iter().enumerate() {
                            if f.runtime && n == 0 {
                                // The format's hash (`PrintFormatInfo::arg_kinds`).
                                arg_kinds.push("format".to_string());
                                continue;
                            }
                            let ty = func.value_ty(*a).unwrap_or(TypeId(0));
                            let n = self.types().vector_size(ty).unwrap_or(1);
                            // One entry per scalar component; 64-bit ones take two words.
                            let kind = match self.types().scalar_of(ty).map(Scalar::held_as) {
                                Some(Scalar::F32 | Scalar::F16) => "f32",
                                Some(Scalar::I32) => "i32",
                                Some(Scalar::Bool) => "bool",
                                Some(Scalar::I64) => "i64",
                                Some(Scalar::U64) => "u64",
                                Some(Scalar::F64) => "f64",
                                _ => "u32",
                            };
                            arg_kinds.extend(std::iter::repeat_n(kind.to_string(), n as usize));
                        }
                        break 'found;
                    }
                }
            }
            self.reflection.print_formats.push(PrintFormatInfo {
                id: i as u32,
                format: f.text.clone(),
                arg_kinds,
            });
        }
        self.reflection.strings = (self.ir.strings.iter())
            .map(|(hash, text)| StringInfo {
                hash: *hash,
                text: text.clone(),
            })
            .collect();
    }

    fn lower_entry_point(&mut self, ep: &ir::EntryPoint) -> Result<()> {
        let mut function = self.build_function(ep.function, Some(ep))?;
        self.bind_lane_builtins(&mut function)?;
        self.out.entry_points.push(naga::EntryPoint {
            name: ep.name.clone(),
            stage: naga::ShaderStage::Compute,
            early_depth_test: None,
            workgroup_size: ep.workgroup_size,
            workgroup_size_overrides: None,
            function,
            mesh_info: None,
            task_payload: None,
            incoming_ray_payload: None,
        });
        self.reflection.entry_points.push(EntryPointInfo {
            name: ep.name.clone(),
            workgroup_size: ep.workgroup_size,
        });
        Ok(())
    }
}

/// Where a parameter lives inside the naga function.
#[derive(Clone, Copy)]
enum ParamSlot {
    /// Read-only use: the argument value itself.
    Direct(Handle<E>),
    /// A local copy (written, dynamically indexed, or converted from a builtin).
    Local(Handle<E>),
    /// `out`/`inout`: a `ptr<function, T>` argument.
    Pointer(Handle<E>),
}

/// A lowered place: a pointer (or, for direct parameters, a value) and its memory representation.
struct PlaceExpr {
    expr: Handle<E>,
    is_pointer: bool,
    repr: Repr,
    ty: TypeId,
    /// A row of a matrix held column-major in host memory: `expr` points at the matrix and
    /// this is the row index; `ty` is the row vector type.
    row: Option<Handle<E>>,
    /// `expr` points at a `vec4` slot whose first components hold this 2-vector (uniform
    /// arrays).
    padded: bool,
    /// A place in a global laid out byte by byte (`narrow_mem`): `expr` is the global.
    words: Option<(narrow_mem::Words, narrow_mem::ByteOffset)>,
}

struct FnCx<'a> {
    ir_fn: &'a ir::Function,
    f: naga::Function,
    values: Vec<Option<Handle<E>>>,
    params: Vec<ParamSlot>,
    locals: Vec<Handle<E>>,
    /// IR types interned during lowering (element types of places).
    types: ir::Types,
    /// Global names: naga's namer names functions and locals first, so a local with a global's
    /// name would push the global (a buffer the host binds by name) to a new name.
    reserved: FxHashSet<String>,
    /// Values already computed in the current block and its parents (see `cse`).
    cse: cse::Cse,
    /// How deeply each expression nests when written inline in WGSL (see `MAX_INLINE_DEPTH`).
    inline_depth: FxHashMap<Handle<E>, u32>,
}

/// WGSL parsers limit expression nesting (naga's own to under 200 levels, blocks included), and
/// naga writes each single-use expression inline, parenthesised: a long source chain such as
/// `a + b + ... + z` would come out as one deeply nested expression. Past this depth the
/// expression gets a name, so it is written as a `let` and its users start again at depth 1.
const MAX_INLINE_DEPTH: u32 = 64;

/// The operands naga may write inline inside `e`.
fn inline_operands(e: &E) -> Vec<Handle<E>> {
    match e {
        E::Binary { left, right, .. } => vec![*left, *right],
        E::Unary { expr, .. } | E::As { expr, .. } | E::Derivative { expr, .. } => vec![*expr],
        E::Select {
            condition,
            accept,
            reject,
        } => vec![*condition, *accept, *reject],
        E::Math {
            arg,
            arg1,
            arg2,
            arg3,
            ..
        } => [Some(*arg), *arg1, *arg2, *arg3]
            .into_iter()
            .flatten()
            .collect(),
        E::Relational { argument, .. } => vec![*argument],
        E::Access { base, index } => vec![*base, *index],
        E::AccessIndex { base, .. } => vec![*base],
        E::Swizzle { vector, .. } => vec![*vector],
        E::Splat { value, .. } => vec![*value],
        E::Compose { components, .. } => components.clone(),
        E::Load { pointer } => vec![*pointer],
        _ => Vec::new(),
    }
}

impl FnCx<'_> {
    fn err(&self, msg: impl Into<String>) -> CodegenError {
        internal(Some(&self.ir_fn.name), msg)
    }
    fn value(&self, v: ValueId) -> Result<Handle<E>> {
        self.values
            .get(v.0 as usize)
            .copied()
            .flatten()
            .ok_or_else(|| self.err(format!("value %{} has no naga expression", v.0)))
    }
    fn vty(&self, v: ValueId) -> Result<TypeId> {
        self.ir_fn
            .value_ty(v)
            .ok_or_else(|| self.err(format!("unknown value %{}", v.0)))
    }
    /// Adds an expression and emits it in `block` unless naga treats it as pre-emitted.
    fn add(&mut self, block: &mut NBlock, e: E) -> Handle<E> {
        let pre = e.needs_pre_emit();
        let operands = inline_operands(&e);
        let depth = 1 + operands
            .iter()
            .map(|o| self.inline_depth.get(o).copied().unwrap_or(0))
            .max()
            .unwrap_or(0);
        let can_name = !pre && !matches!(e, E::Access { .. } | E::AccessIndex { .. });
        let h = self.f.expressions.append(e, Span::UNDEFINED);
        if !pre {
            block.push(S::Emit(naga::Range::new_from_bounds(h, h)), Span::UNDEFINED);
        }
        if depth > MAX_INLINE_DEPTH && can_name {
            self.f.named_expressions.insert(h, "chain".to_string());
        } else if !pre {
            self.inline_depth.insert(h, depth);
        }
        h
    }
    /// Adds an expression that a statement defines (call and atomic results).
    fn add_result(&mut self, e: E) -> Handle<E> {
        self.f.expressions.append(e, Span::UNDEFINED)
    }
    /// `name`, or `name` plus `suffix` when a global has that name (naga's namer trims
    /// trailing underscores, so the suffix must be a word).
    fn unreserved(&self, name: &str, suffix: &str) -> String {
        if self.reserved.contains(name) {
            format!("{name}_{suffix}")
        } else {
            name.to_string()
        }
    }
    fn temp(&mut self, name: &str, ty: Handle<Type>) -> Handle<E> {
        let name = self.unreserved(name, "local");
        let lv = self.f.local_variables.append(
            naga::LocalVariable {
                name: Some(name),
                ty,
                init: None,
            },
            Span::UNDEFINED,
        );
        self.f
            .expressions
            .append(E::LocalVariable(lv), Span::UNDEFINED)
    }
}

fn push(block: &mut NBlock, s: S) {
    block.push(s, Span::UNDEFINED);
}

/// Parameters that can be read straight from the argument: never stored to, never passed as an
/// out argument or atomic target, never dynamically indexed.
fn direct_params(f: &ir::Function) -> Vec<bool> {
    let mut direct: Vec<bool> = f.params.iter().map(|p| p.dir == ParamDir::In).collect();
    let mut kill = |p: &Place| {
        if let PlaceRoot::Param(i) = p.root
            && let Some(d) = direct.get_mut(i as usize)
        {
            *d = false;
        }
    };
    fn walk(b: &ir::Block, f: &ir::Function, kill: &mut dyn FnMut(&Place)) {
        for s in b {
            match s {
                Stmt::Store { place, .. } => kill(place),
                Stmt::Let(v) => match f.value(*v).map(|d| &d.inst) {
                    Some(Inst::Load(p)) if p.operands().next().is_some() => kill(p),
                    Some(Inst::Atomic { place, .. }) => kill(place),
                    Some(Inst::Call(_, args)) => {
                        for a in args {
                            if let Arg::Place(p) = a {
                                kill(p);
                            }
                        }
                    }
                    _ => {}
                },
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => {
                    walk(then_block, f, kill);
                    walk(else_block, f, kill);
                }
                Stmt::Switch { cases, .. } => cases.iter().for_each(|c| walk(&c.body, f, kill)),
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    walk(body, f, kill);
                    walk(continuing, f, kill);
                }
                _ => {}
            }
        }
    }
    walk(&f.body, f, &mut kill);
    direct
}

impl Lowerer<'_> {
    fn build_function(
        &mut self,
        id: FuncId,
        entry: Option<&ir::EntryPoint>,
    ) -> Result<naga::Function> {
        let ir_fn = self
            .ir
            .function(id)
            .ok_or_else(|| internal(None, "unknown function"))?;
        let mut reserved: FxHashSet<String> =
            self.ir.globals.iter().map(|g| g.name.clone()).collect();
        reserved.insert(PRINT_BUFFER_NAME.to_string());
        let mut cx = FnCx {
            ir_fn,
            f: naga::Function::default(),
            values: vec![None; ir_fn.values.len()],
            params: Vec::new(),
            locals: Vec::new(),
            types: std::mem::take(&mut self.scratch_types),
            reserved,
            cse: cse::Cse::default(),
            inline_depth: FxHashMap::default(),
        };
        let result = self.lower_function(&mut cx, ir_fn, entry);
        self.scratch_types = std::mem::take(&mut cx.types);
        result.map(|()| cx.f)
    }

    /// Arguments, result, locals and body of `ir_fn` into `cx.f`.
    fn lower_function<'f>(
        &mut self,
        cx: &mut FnCx<'f>,
        ir_fn: &'f ir::Function,
        entry: Option<&ir::EntryPoint>,
    ) -> Result<()> {
        cx.f.name = Some(cx.unreserved(&ir_fn.name, "fn"));
        let direct = direct_params(ir_fn);
        let mut prologue = NBlock::new();
        for (i, p) in ir_fn.params.iter().enumerate() {
            let value_ty = self.ty(p.ty, Repr::VALUE)?;
            let (arg_ty, binding) = match entry {
                Some(ep) => {
                    let b = ep
                        .builtins
                        .get(i)
                        .copied()
                        .ok_or_else(|| cx.err("entry parameter without builtin"))?;
                    let (ty, bi) = match b {
                        Builtin::DispatchThreadId => (
                            self.vector_type(Scalar::U32, 3)?,
                            naga::BuiltIn::GlobalInvocationId,
                        ),
                        Builtin::GroupThreadId => (
                            self.vector_type(Scalar::U32, 3)?,
                            naga::BuiltIn::LocalInvocationId,
                        ),
                        Builtin::GroupId => (
                            self.vector_type(Scalar::U32, 3)?,
                            naga::BuiltIn::WorkGroupId,
                        ),
                        Builtin::GroupIndex => (
                            self.scalar_type(Scalar::U32)?,
                            naga::BuiltIn::LocalInvocationIndex,
                        ),
                    };
                    (ty, Some(naga::Binding::BuiltIn(bi)))
                }
                None if p.dir == ParamDir::In => (value_ty, None),
                None => (
                    self.insert_type(
                        None,
                        Ti::Pointer {
                            base: value_ty,
                            space: AddressSpace::Function,
                        },
                    )?,
                    None,
                ),
            };
            cx.f.arguments.push(naga::FunctionArgument {
                name: Some(cx.unreserved(&p.name, "param")),
                ty: arg_ty,
                binding,
            });
            let arg =
                cx.f.expressions
                    .append(E::FunctionArgument(i as u32), Span::UNDEFINED);
            let slot = if p.dir != ParamDir::In {
                ParamSlot::Pointer(arg)
            } else if arg_ty == value_ty && direct[i] {
                ParamSlot::Direct(arg)
            } else {
                let local = cx.temp(&p.name, value_ty);
                let value = if arg_ty == value_ty {
                    arg
                } else {
                    self.convert_builtin(cx, &mut prologue, arg, arg_ty, p.ty)?
                };
                push(
                    &mut prologue,
                    S::Store {
                        pointer: local,
                        value,
                    },
                );
                ParamSlot::Local(local)
            };
            cx.params.push(slot);
        }
        if !self.types().is_void(ir_fn.ret) {
            cx.f.result = Some(naga::FunctionResult {
                ty: self.ty(ir_fn.ret, Repr::VALUE)?,
                binding: None,
            });
        }
        for l in &ir_fn.locals {
            let ty = self.ty(l.ty, Repr::VALUE)?;
            let h = cx.temp(&l.name, ty);
            cx.locals.push(h);
        }
        let mut body = prologue;
        self.lower_block(cx, &ir_fn.body, &mut body)?;
        // HLSL lets control reach the end of a non-void function when every path returned
        // (e.g. after an endless loop); naga needs a terminator, which is never reached.
        if cx.f.result.is_some() && !matches!(body.last(), Some(S::Return { .. })) {
            let ty = self.ty(ir_fn.ret, Repr::VALUE)?;
            let zero = cx.add(&mut body, E::ZeroValue(ty));
            push(&mut body, S::Return { value: Some(zero) });
        }
        cx.f.body = body;
        Ok(())
    }

    /// Builtin `vec3<u32>`/`u32` to the parameter's declared type (`int3`, `uint2`, `int`...).
    fn convert_builtin(
        &mut self,
        cx: &mut FnCx,
        block: &mut NBlock,
        arg: Handle<E>,
        arg_ty: Handle<Type>,
        to: TypeId,
    ) -> Result<Handle<E>> {
        let (scalar, n) = match *self.types().kind(to) {
            TypeKind::Scalar(s) => (s, 1),
            TypeKind::Vector { scalar, size } => (scalar, size),
            _ => return Err(cx.err("bad builtin parameter type")),
        };
        let arg_is_vec = matches!(self.out.types[arg_ty].inner, Ti::Vector { .. });
        let mut e = arg;
        if arg_is_vec && n < 3 {
            e = match vsize(n) {
                Some(size) => cx.add(
                    block,
                    E::Swizzle {
                        size,
                        vector: e,
                        pattern: [
                            naga::SwizzleComponent::X,
                            naga::SwizzleComponent::Y,
                            naga::SwizzleComponent::Z,
                            naga::SwizzleComponent::W,
                        ],
                    },
                ),
                None => cx.add(block, E::AccessIndex { base: e, index: 0 }),
            };
        }
        if scalar != Scalar::U32 {
            e = cx.add(
                block,
                E::As {
                    expr: e,
                    kind: naga_scalar(scalar).kind,
                    convert: Some(4),
                },
            );
        }
        Ok(e)
    }
}
