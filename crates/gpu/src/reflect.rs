//! Reading a WGSL module's buffer bindings with naga's WGSL front end, so a host can bind test
//! inputs to WGSL written by any compiler (slangc or dslang).

use naga::{AddressSpace, ScalarKind, TypeInner};
use test_format::{ElemType, UniformValue};

use crate::device::BindingKind;
use crate::texture::{SamplerShape, TextureAccess, TextureShape};

/// A buffer, texture or sampler global of a WGSL module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceInfo {
    pub name: String,
    pub group: u32,
    pub binding: u32,
    pub kind: BindingKind,
    /// Bytes per element: the array stride for `array<T>`, else the type's size.
    pub element_size: u32,
    /// The kind of each 32-bit word of one element (padding words take their neighbour's kind).
    pub word_kinds: Vec<ElemType>,
    /// `array<T>` without a size: the buffer's length decides the element count.
    pub runtime_sized: bool,
    /// Where the numbers of one element go, from the module's own layout (naga's offsets,
    /// which are those of the WGSL the compiler wrote); `None` for textures and samplers.
    pub layout: Option<ValueLayout>,
}

/// The layout of a value in a buffer: a scalar at a byte offset, or the parts of an aggregate
/// in order (struct fields, vector components, matrix columns, array elements).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueLayout {
    Scalar { offset: u32, kind: ElemType },
    Parts(Vec<ValueLayout>),
}

impl ValueLayout {
    /// The layout of type `ty` at byte `offset` of module `module`.
    fn of(module: &naga::Module, ty: naga::Handle<naga::Type>, offset: u32) -> ValueLayout {
        let scalars = |count: u32, step: u32, scalar: naga::Scalar| {
            ValueLayout::Parts(
                (0..count)
                    .map(|i| ValueLayout::Scalar {
                        offset: offset + i * step,
                        kind: scalar_kind(scalar),
                    })
                    .collect(),
            )
        };
        match module.types[ty].inner {
            TypeInner::Scalar(scalar) | TypeInner::Atomic(scalar) => ValueLayout::Scalar {
                offset,
                kind: scalar_kind(scalar),
            },
            TypeInner::Vector { size, scalar } => {
                scalars(size as u32, u32::from(scalar.width), scalar)
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let width = u32::from(scalar.width);
                let column_stride = if rows as u32 == 2 { 2 } else { 4 } * width;
                ValueLayout::Parts(
                    (0..columns as u32)
                        .map(|c| {
                            let base = offset + c * column_stride;
                            ValueLayout::Parts(
                                (0..rows as u32)
                                    .map(|r| ValueLayout::Scalar {
                                        offset: base + r * width,
                                        kind: scalar_kind(scalar),
                                    })
                                    .collect(),
                            )
                        })
                        .collect(),
                )
            }
            TypeInner::Array {
                base,
                size: naga::ArraySize::Constant(n),
                stride,
            } => ValueLayout::Parts(
                (0..n.get())
                    .map(|i| ValueLayout::of(module, base, offset + i * stride))
                    .collect(),
            ),
            TypeInner::Struct { ref members, .. } => ValueLayout::Parts(
                members
                    .iter()
                    .filter(|m| !is_padding_member(m))
                    .map(|m| ValueLayout::of(module, m.ty, offset + m.offset))
                    .collect(),
            ),
            _ => ValueLayout::Parts(Vec::new()),
        }
    }

    /// The scalars in order.
    fn leaves(&self, out: &mut Vec<(u32, ElemType)>) {
        match self {
            ValueLayout::Scalar { offset, kind } => out.push((*offset, *kind)),
            ValueLayout::Parts(parts) => parts.iter().for_each(|p| p.leaves(out)),
        }
    }

    /// Writes `value` into `bytes` at this layout's offsets. A list with one item per part fills
    /// the parts in turn; any other list (a flat `{1, 2, 3, 4}` for a struct of a float and a
    /// float3) fills the scalars in order. Numbers past the last scalar are dropped.
    pub fn place(&self, value: &UniformValue, bytes: &mut Vec<u8>) {
        match (self, value) {
            (ValueLayout::Scalar { offset, kind }, number) if number.encode(*kind).is_some() => {
                put_scalar(bytes, *offset, *kind, number)
            }
            (ValueLayout::Parts(parts), UniformValue::List(items))
                if parts.len() == items.len() =>
            {
                for (part, item) in parts.iter().zip(items) {
                    part.place(item, bytes);
                }
            }
            _ => {
                let mut leaves = Vec::new();
                self.leaves(&mut leaves);
                let mut numbers = Vec::new();
                collect_numbers(value, &mut numbers);
                for ((offset, kind), number) in leaves.into_iter().zip(numbers) {
                    put_scalar(bytes, offset, kind, number);
                }
            }
        }
    }
}

/// dslang's codegen fills std140 gaps of uniform structs with `u32` members `_pad`, `_pad_1`, ...
/// (`codegen::PADDING_MEMBER`): they hold no field of the source type.
fn is_padding_member(member: &naga::StructMember) -> bool {
    member.name.as_deref().is_some_and(|name| {
        name.strip_prefix("_pad").is_some_and(|rest| {
            rest.is_empty()
                || rest
                    .strip_prefix('_')
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        })
    })
}

/// The numbers of a value in order (nesting dropped).
fn collect_numbers<'a>(value: &'a UniformValue, out: &mut Vec<&'a UniformValue>) {
    match value {
        UniformValue::List(items) => items.iter().for_each(|v| collect_numbers(v, out)),
        number => out.push(number),
    }
}

/// One number of a `set` value stored at `offset` for a scalar of kind `kind`, in that kind's
/// width (`UniformValue::encode`: the literal's kind decides int or float bits).
fn put_scalar(bytes: &mut Vec<u8>, offset: u32, kind: ElemType, number: &UniformValue) {
    let Some(encoded) = number.encode(kind) else {
        return;
    };
    let start = offset as usize;
    if bytes.len() < start + encoded.len() {
        bytes.resize(start + encoded.len(), 0);
    }
    bytes[start..start + encoded.len()].copy_from_slice(&encoded);
}

/// What a host needs to know about a WGSL module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WgslInfo {
    /// The storage and uniform buffer globals, in declaration order.
    pub resources: Vec<ResourceInfo>,
    /// Names of the `@compute` entry points.
    pub compute_entries: Vec<String>,
}

/// Reads a WGSL module's buffer globals and compute entry points. Parse errors come back as
/// naga's rendered message.
pub fn reflect_wgsl(source: &str) -> Result<WgslInfo, String> {
    let source = &crate::wgsl_for_naga(source);
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let compute_entries = module
        .entry_points
        .iter()
        .filter(|e| e.stage == naga::ShaderStage::Compute)
        .map(|e| e.name.clone())
        .collect();
    let mut resources = Vec::new();
    for (_, global) in module.global_variables.iter() {
        let kind = match global.space {
            AddressSpace::Storage { access } => BindingKind::Storage {
                read_only: !access.contains(naga::StorageAccess::STORE),
            },
            AddressSpace::Uniform => BindingKind::Uniform,
            AddressSpace::Handle => {
                if let (Some(binding), TypeInner::Sampler { comparison: false }) =
                    (&global.binding, &module.types[global.ty].inner)
                {
                    // Linear until a test input says otherwise (render-test's default).
                    resources.push(ResourceInfo {
                        name: global.name.clone().unwrap_or_default(),
                        group: binding.group,
                        binding: binding.binding,
                        kind: BindingKind::Sampler(SamplerShape { linear: true }),
                        element_size: 0,
                        word_kinds: Vec::new(),
                        runtime_sized: false,
                        layout: None,
                    });
                    continue;
                }
                if let (Some(binding), Some(texture)) = (
                    &global.binding,
                    texture_resource(&module.types[global.ty].inner),
                ) {
                    resources.push(ResourceInfo {
                        name: global.name.clone().unwrap_or_default(),
                        group: binding.group,
                        binding: binding.binding,
                        kind: BindingKind::Texture(texture.0),
                        element_size: texture.0.texel_bytes(),
                        word_kinds: texture.1,
                        runtime_sized: false,
                        layout: None,
                    });
                }
                continue;
            }
            _ => continue,
        };
        let Some(binding) = &global.binding else {
            continue;
        };
        let ty = &module.types[global.ty];
        let (element, element_size, runtime_sized) = match ty.inner {
            TypeInner::Array {
                base,
                size: naga::ArraySize::Dynamic,
                stride,
            } => (base, stride, true),
            _ => (global.ty, ty.inner.size(module.to_ctx()), false),
        };
        let mut words: Vec<Option<ElemType>> = vec![None; element_size.div_ceil(4) as usize];
        fill_word_kinds(&module, element, 0, &mut words);
        resources.push(ResourceInfo {
            name: global.name.clone().unwrap_or_default(),
            group: binding.group,
            binding: binding.binding,
            kind,
            element_size,
            word_kinds: settle_padding(words),
            runtime_sized,
            layout: Some(ValueLayout::of(&module, element, 0)),
        });
    }
    Ok(WgslInfo {
        resources,
        compute_entries,
    })
}

/// A texture type: its shape (1 texel a side until a test input gives the size) and texel
/// word kinds.
fn texture_resource(inner: &TypeInner) -> Option<(TextureShape, Vec<ElemType>)> {
    let TypeInner::Image {
        dim,
        arrayed,
        class,
    } = *inner
    else {
        return None;
    };
    use wgpu::TextureViewDimension as V;
    let view = match (dim, arrayed) {
        (naga::ImageDimension::D1, false) => V::D1,
        (naga::ImageDimension::D2, false) => V::D2,
        (naga::ImageDimension::D2, true) => V::D2Array,
        (naga::ImageDimension::D3, false) => V::D3,
        (naga::ImageDimension::Cube, false) => V::Cube,
        (naga::ImageDimension::Cube, true) => V::CubeArray,
        _ => return None,
    };
    let (format, access) = match class {
        naga::ImageClass::Storage { format, access } => {
            let access = if access.contains(naga::StorageAccess::LOAD) {
                TextureAccess::ReadWrite
            } else {
                TextureAccess::WriteOnly
            };
            (storage_format(format)?, access)
        }
        naga::ImageClass::Sampled { kind, multi: false } => {
            let format = match kind {
                ScalarKind::Uint => wgpu::TextureFormat::Rgba32Uint,
                ScalarKind::Sint => wgpu::TextureFormat::Rgba32Sint,
                _ => wgpu::TextureFormat::Rgba32Float,
            };
            (format, TextureAccess::Sampled)
        }
        _ => return None,
    };
    let shape = TextureShape {
        depth_or_layers: if matches!(view, V::Cube | V::CubeArray) {
            6
        } else {
            1
        },
        view,
        ..TextureShape::d2(format, 1, 1, access)
    };
    let kind = match format.sample_type(None, None) {
        Some(wgpu::TextureSampleType::Uint) => ElemType::UInt32,
        Some(wgpu::TextureSampleType::Sint) => ElemType::Int32,
        _ => ElemType::Float,
    };
    Some((shape, vec![kind; (shape.texel_bytes() / 4).max(1) as usize]))
}

/// The wgpu format of a naga storage format (the 32-bit and 8-bit unorm ones hosts create).
fn storage_format(format: naga::StorageFormat) -> Option<wgpu::TextureFormat> {
    use naga::StorageFormat as N;
    use wgpu::TextureFormat as W;
    Some(match format {
        N::R32Float => W::R32Float,
        N::Rg32Float => W::Rg32Float,
        N::Rgba32Float => W::Rgba32Float,
        N::R32Uint => W::R32Uint,
        N::Rg32Uint => W::Rg32Uint,
        N::Rgba32Uint => W::Rgba32Uint,
        N::R32Sint => W::R32Sint,
        N::Rg32Sint => W::Rg32Sint,
        N::Rgba32Sint => W::Rgba32Sint,
        N::R16Float => W::R16Float,
        N::Rg16Float => W::Rg16Float,
        N::Rgba16Float => W::Rgba16Float,
        _ => return None,
    })
}

fn scalar_kind(scalar: naga::Scalar) -> ElemType {
    match (scalar.kind, scalar.width) {
        (ScalarKind::Float, 2) => ElemType::Half,
        (ScalarKind::Float, 8) => ElemType::Double,
        (ScalarKind::Float, _) => ElemType::Float,
        (ScalarKind::Sint, 8) => ElemType::Int64,
        (ScalarKind::Sint, _) => ElemType::Int32,
        (ScalarKind::Uint, 8) => ElemType::UInt64,
        _ => ElemType::UInt32,
    }
}

fn fill_word_kinds(
    module: &naga::Module,
    ty: naga::Handle<naga::Type>,
    offset: u32,
    words: &mut [Option<ElemType>],
) {
    let mut put = |offset: u32, scalar: naga::Scalar| {
        let kind = scalar_kind(scalar);
        let first = (offset / 4) as usize;
        let count = u32::from(scalar.width).div_ceil(4) as usize;
        for slot in words.iter_mut().skip(first).take(count) {
            slot.get_or_insert(kind);
        }
    };
    match module.types[ty].inner {
        TypeInner::Scalar(scalar) | TypeInner::Atomic(scalar) => put(offset, scalar),
        TypeInner::Vector { size, scalar } => {
            for i in 0..size as u32 {
                put(offset + i * u32::from(scalar.width), scalar);
            }
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => {
            // Columns are vectors aligned like vec2/vec4 (vec3 columns take vec4 space).
            let rows_n = rows as u32;
            let column_stride = if rows_n == 2 { 2 } else { 4 } * u32::from(scalar.width);
            for c in 0..columns as u32 {
                for r in 0..rows_n {
                    put(
                        offset + c * column_stride + r * u32::from(scalar.width),
                        scalar,
                    );
                }
            }
        }
        TypeInner::Array {
            base,
            size: naga::ArraySize::Constant(n),
            stride,
        } => {
            for i in 0..n.get() {
                fill_word_kinds(module, base, offset + i * stride, words);
            }
        }
        TypeInner::Struct { ref members, .. } => {
            for member in members {
                fill_word_kinds(module, member.ty, offset + member.offset, words);
            }
        }
        _ => {}
    }
}

/// Padding words print like the word before them (the first word's kind when at the front), so a
/// `vec3<f32>` element prints as four floats, as Slang's runner does.
fn settle_padding(words: Vec<Option<ElemType>>) -> Vec<ElemType> {
    let first = words
        .iter()
        .flatten()
        .next()
        .copied()
        .unwrap_or(ElemType::UInt32);
    let mut previous = first;
    words
        .into_iter()
        .map(|w| {
            let kind = w.unwrap_or(previous);
            previous = kind;
            kind
        })
        .collect()
}
