//! Texture and sampler globals: naga image and sampler types and the texture instructions.
//! Image loads and samples give 4-component texels, so narrower texels are narrowed on load and
//! widened on store (padded with `(0.., 1)` as slangc does).

use super::*;

/// The naga storage format of an IR texel format.
fn storage_format(f: ir::TexelFormat) -> naga::StorageFormat {
    use ir::TexelFormat as T;
    use naga::StorageFormat as N;
    match f {
        T::R32Float => N::R32Float,
        T::Rg32Float => N::Rg32Float,
        T::Rgba32Float => N::Rgba32Float,
        T::R32Uint => N::R32Uint,
        T::Rg32Uint => N::Rg32Uint,
        T::Rgba32Uint => N::Rgba32Uint,
        T::R32Sint => N::R32Sint,
        T::Rg32Sint => N::Rg32Sint,
        T::Rgba32Sint => N::Rgba32Sint,
        T::R16Float => N::R16Float,
        T::Rg16Float => N::Rg16Float,
        T::Rgba16Float => N::Rgba16Float,
        // Never a storage texture: lowering declares depth textures sampled.
        T::Depth32Float => N::R32Float,
    }
}

fn texel_scalar(f: ir::TexelFormat) -> naga::Scalar {
    use ir::TexelFormat as T;
    match f {
        T::R32Float | T::Rg32Float | T::Rgba32Float | T::Depth32Float => naga::Scalar::F32,
        // Images give and take `f32` texels; `half` ones are converted.
        T::R16Float | T::Rg16Float | T::Rgba16Float => naga::Scalar::F32,
        T::R32Uint | T::Rg32Uint | T::Rgba32Uint => naga::Scalar::U32,
        T::R32Sint | T::Rg32Sint | T::Rgba32Sint => naga::Scalar::I32,
    }
}

fn image_dim(dim: ir::TextureDim) -> naga::ImageDimension {
    match dim {
        ir::TextureDim::D1 => naga::ImageDimension::D1,
        ir::TextureDim::D2 => naga::ImageDimension::D2,
        ir::TextureDim::D3 => naga::ImageDimension::D3,
        ir::TextureDim::Cube => naga::ImageDimension::Cube,
    }
}

fn vector_size(n: u8) -> Option<naga::VectorSize> {
    match n {
        2 => Some(naga::VectorSize::Bi),
        3 => Some(naga::VectorSize::Tri),
        4 => Some(naga::VectorSize::Quad),
        _ => None,
    }
}

const XYZW: [naga::SwizzleComponent; 4] = [
    naga::SwizzleComponent::X,
    naga::SwizzleComponent::Y,
    naga::SwizzleComponent::Z,
    naga::SwizzleComponent::W,
];

/// A texture global's declaration, as the instructions need it.
#[derive(Clone, Copy)]
struct TextureDecl {
    dim: ir::TextureDim,
    arrayed: bool,
    format: ir::TexelFormat,
    /// Components of the texel type (1 to 4).
    texel_components: u8,
    /// A 1D texture declared as a 2D one of height 1 (`textures_1d.rs`).
    flat_1d: bool,
    /// A storage texture (RW): it has one level, and SPIR-V queries its size without one.
    storage: bool,
}

impl TextureDecl {
    /// A depth texture: its loads and samples give one `f32`, not a 4-component texel.
    fn depth(self) -> bool {
        self.format == ir::TexelFormat::Depth32Float
    }
}

impl Lowerer<'_> {
    /// The naga image type of a texture global and its WGSL spelling; `loaded`: the shader
    /// reads a storage texture (so it needs read_write access; write-only otherwise, which
    /// every format supports).
    /// `flat_1d`: a 1D texture declared as a 2D one (`textures_1d.rs`).
    pub(super) fn texture_type(
        &mut self,
        kind: &GlobalKind,
        loaded: bool,
        flat_1d: bool,
    ) -> Result<(Handle<Type>, String)> {
        let GlobalKind::Texture {
            dim,
            arrayed,
            access,
            format,
        } = *kind
        else {
            return Err(internal(None, "a texture type of a non-texture global"));
        };
        let dim = if flat_1d { ir::TextureDim::D2 } else { dim };
        let array = if arrayed { "_array" } else { "" };
        let (class, wgsl) = match access {
            BufferAccess::ReadWrite => {
                let a = if loaded {
                    naga::StorageAccess::LOAD | naga::StorageAccess::STORE
                } else {
                    naga::StorageAccess::STORE
                };
                let mode = if loaded { "read_write" } else { "write" };
                (
                    naga::ImageClass::Storage {
                        format: storage_format(format),
                        access: a,
                    },
                    format!(
                        "texture_storage_{}{array}<{}, {mode}>",
                        dim.name(),
                        format.name()
                    ),
                )
            }
            BufferAccess::Read if format == ir::TexelFormat::Depth32Float => (
                naga::ImageClass::Depth { multi: false },
                format!("texture_depth_{}{array}", dim.name()),
            ),
            BufferAccess::Read => {
                let scalar = texel_scalar(format);
                let name = match scalar.kind {
                    naga::ScalarKind::Float => "f32",
                    naga::ScalarKind::Uint => "u32",
                    _ => "i32",
                };
                (
                    naga::ImageClass::Sampled {
                        kind: scalar.kind,
                        multi: false,
                    },
                    format!("texture_{}{array}<{name}>", dim.name()),
                )
            }
        };
        let h = self.insert_type(
            None,
            Ti::Image {
                dim: image_dim(dim),
                arrayed,
                class,
            },
        )?;
        Ok((h, wgsl))
    }

    fn texture_decl(&self, cx: &FnCx, texture: GlobalId) -> Result<TextureDecl> {
        let Some(g) = self.ir.globals.get(texture.0 as usize) else {
            return Err(cx.err("unknown texture"));
        };
        let GlobalKind::Texture {
            dim,
            arrayed,
            format,
            access,
        } = g.kind
        else {
            return Err(cx.err("a texture operation on a non-texture"));
        };
        Ok(TextureDecl {
            dim,
            arrayed,
            format,
            texel_components: self.types().vector_size(g.ty).unwrap_or(1),
            flat_1d: self.flat_1d.contains(&texture),
            storage: access == BufferAccess::ReadWrite,
        })
    }

    /// An [`Inst::Texture`]: the loaded or sampled texel, the size, the level count, or `None`
    /// for a store.
    pub(super) fn texture_inst(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: ir::TextureOp,
        texture: GlobalId,
        args: &[ValueId],
    ) -> Result<Option<Handle<E>>> {
        let global_expr = |this: &Self, cx: &mut FnCx, out: &mut NBlock, g: GlobalId| {
            let info = this
                .globals
                .get(g.0 as usize)
                .copied()
                .ok_or_else(|| cx.err("unknown texture or sampler"))?;
            Ok::<_, CodegenError>(cx.add(out, E::GlobalVariable(info.handle)))
        };
        let decl = self.texture_decl(cx, texture)?;
        let image = global_expr(self, cx, out, texture)?;
        let arg = |cx: &FnCx, i: usize| -> Result<Handle<E>> {
            let v = args
                .get(i)
                .copied()
                .ok_or_else(|| cx.err("texture operation arity"))?;
            cx.value(v)
        };
        Ok(match op {
            ir::TextureOp::Dimensions => {
                let level = if args.is_empty() || decl.storage {
                    None
                } else {
                    Some(arg(cx, 0)?)
                };
                let mut size = cx.add(
                    out,
                    E::ImageQuery {
                        image,
                        query: naga::ImageQuery::Size { level },
                    },
                );
                if decl.flat_1d {
                    size = cx.add(
                        out,
                        E::AccessIndex {
                            base: size,
                            index: 0,
                        },
                    );
                }
                if !decl.arrayed {
                    return Ok(Some(size));
                }
                if decl.storage && self.opts.target == crate::Target::SpirV {
                    // naga's SPIR-V writer asks a storage image for its layers with a level
                    // (OpImageQuerySizeLod), which Vulkan allows on sampled images only.
                    return Err(CodegenError::Unsupported {
                        what: "the layer count of a storage (RW) array texture".into(),
                        target: self.opts.target,
                    });
                }
                // HLSL reports the layer count after the size.
                let layers = cx.add(
                    out,
                    E::ImageQuery {
                        image,
                        query: naga::ImageQuery::NumLayers,
                    },
                );
                let n = decl.dim.size_components();
                let mut parts: Vec<Handle<E>> = if n == 1 {
                    vec![size]
                } else {
                    (0..u32::from(n))
                        .map(|i| {
                            cx.add(
                                out,
                                E::AccessIndex {
                                    base: size,
                                    index: i,
                                },
                            )
                        })
                        .collect()
                };
                parts.push(layers);
                let ty = self.naga_vector_type(naga::Scalar::U32, n + 1)?;
                Some(cx.add(
                    out,
                    E::Compose {
                        ty,
                        components: parts,
                    },
                ))
            }
            ir::TextureOp::Levels => Some(cx.add(
                out,
                E::ImageQuery {
                    image,
                    query: naga::ImageQuery::NumLevels,
                },
            )),
            ir::TextureOp::Load => {
                let row = self.texel_row(cx, out, decl, args)?;
                let (coordinate, array_index) =
                    self.split_coords(cx, out, decl, arg(cx, 0)?, row)?;
                let level = if args.len() > 1 && !decl.storage {
                    Some(arg(cx, 1)?)
                } else {
                    None
                };
                let texel = cx.add(
                    out,
                    E::ImageLoad {
                        image,
                        coordinate,
                        array_index,
                        sample: None,
                        level,
                    },
                );
                Some(narrow(cx, out, texel, decl))
            }
            ir::TextureOp::SampleLevel { sampler } | ir::TextureOp::SampleGrad { sampler } => {
                let sampler = global_expr(self, cx, out, sampler)?;
                let row = decl
                    .flat_1d
                    .then(|| (self.flat_1d_sample_row(cx, out, image), naga::Scalar::F32));
                let (coordinate, array_index) =
                    self.split_coords(cx, out, decl, arg(cx, 0)?, row)?;
                // slangc truncates the layer coordinate (`i32(uv.z)`).
                let array_index = array_index.map(|layer| {
                    cx.add(
                        out,
                        E::As {
                            expr: layer,
                            kind: naga::ScalarKind::Sint,
                            convert: Some(4),
                        },
                    )
                });
                let level = match op {
                    // A depth texture's level is an integer (the mip level read).
                    ir::TextureOp::SampleLevel { .. } if decl.depth() => {
                        let level = arg(cx, 1)?;
                        naga::SampleLevel::Exact(cx.add(
                            out,
                            E::As {
                                expr: level,
                                kind: naga::ScalarKind::Sint,
                                convert: Some(4),
                            },
                        ))
                    }
                    ir::TextureOp::SampleLevel { .. } => naga::SampleLevel::Exact(arg(cx, 1)?),
                    _ => {
                        let (mut x, mut y) = (arg(cx, 1)?, arg(cx, 2)?);
                        if decl.flat_1d {
                            x = self.flat_1d_gradient(cx, out, x)?;
                            y = self.flat_1d_gradient(cx, out, y)?;
                        }
                        naga::SampleLevel::Gradient { x, y }
                    }
                };
                let texel = cx.add(
                    out,
                    E::ImageSample {
                        image,
                        sampler,
                        gather: None,
                        coordinate,
                        array_index,
                        offset: None,
                        level,
                        depth_ref: None,
                        clamp_to_edge: false,
                    },
                );
                Some(narrow(cx, out, texel, decl))
            }
            ir::TextureOp::SampleCompare { sampler } | ir::TextureOp::GatherCompare { sampler } => {
                let sampler = global_expr(self, cx, out, sampler)?;
                let (coordinate, array_index) =
                    self.split_coords(cx, out, decl, arg(cx, 0)?, None)?;
                let array_index = array_index.map(|layer| {
                    cx.add(
                        out,
                        E::As {
                            expr: layer,
                            kind: naga::ScalarKind::Sint,
                            convert: Some(4),
                        },
                    )
                });
                let gather = matches!(op, ir::TextureOp::GatherCompare { .. })
                    .then_some(naga::SwizzleComponent::X);
                Some(cx.add(
                    out,
                    E::ImageSample {
                        image,
                        sampler,
                        gather,
                        coordinate,
                        array_index,
                        offset: None,
                        level: naga::SampleLevel::Zero,
                        depth_ref: Some(arg(cx, 1)?),
                        clamp_to_edge: false,
                    },
                ))
            }
            ir::TextureOp::Gather { sampler, component } => {
                let sampler = global_expr(self, cx, out, sampler)?;
                let (coordinate, array_index) =
                    self.split_coords(cx, out, decl, arg(cx, 0)?, None)?;
                let array_index = array_index.map(|layer| {
                    cx.add(
                        out,
                        E::As {
                            expr: layer,
                            kind: naga::ScalarKind::Sint,
                            convert: Some(4),
                        },
                    )
                });
                let gather = match component {
                    0 => naga::SwizzleComponent::X,
                    1 => naga::SwizzleComponent::Y,
                    2 => naga::SwizzleComponent::Z,
                    _ => naga::SwizzleComponent::W,
                };
                Some(cx.add(
                    out,
                    E::ImageSample {
                        image,
                        sampler,
                        gather: Some(gather),
                        coordinate,
                        array_index,
                        offset: None,
                        level: naga::SampleLevel::Zero,
                        depth_ref: None,
                        clamp_to_edge: false,
                    },
                ))
            }
            ir::TextureOp::Store => {
                let row = self.texel_row(cx, out, decl, args)?;
                let (coordinate, array_index) =
                    self.split_coords(cx, out, decl, arg(cx, 0)?, row)?;
                let mut value = arg(cx, 1)?;
                if decl.format.is_half() {
                    value = cx.add(
                        out,
                        E::As {
                            expr: value,
                            kind: naga::ScalarKind::Float,
                            convert: Some(4),
                        },
                    );
                }
                let components = decl.texel_components;
                if components < 4 {
                    // Padded as slangc does: (value, 0.., 1).
                    let scalar = texel_scalar(decl.format);
                    let (zero, one) = match scalar.kind {
                        naga::ScalarKind::Float => {
                            (naga::Literal::F32(0.0), naga::Literal::F32(1.0))
                        }
                        naga::ScalarKind::Uint => (naga::Literal::U32(0), naga::Literal::U32(1)),
                        _ => (naga::Literal::I32(0), naga::Literal::I32(1)),
                    };
                    let zero = cx.add(out, E::Literal(zero));
                    let one = cx.add(out, E::Literal(one));
                    let vec4 = self.naga_vector_type(scalar, 4)?;
                    let mut parts = vec![value];
                    parts.extend(std::iter::repeat_n(zero, 3 - components as usize));
                    parts.push(one);
                    value = cx.add(
                        out,
                        E::Compose {
                            ty: vec4,
                            components: parts,
                        },
                    );
                }
                push(
                    out,
                    S::ImageStore {
                        image,
                        coordinate,
                        array_index,
                        value,
                    },
                );
                None
            }
        })
    }

    /// The row a 1D texel address reads on a texture declared as 2D (`None` otherwise).
    fn texel_row(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        decl: TextureDecl,
        args: &[ValueId],
    ) -> Result<Option<(Handle<E>, naga::Scalar)>> {
        if !decl.flat_1d {
            return Ok(None);
        }
        let coords = *args
            .first()
            .ok_or_else(|| cx.err("texture operation arity"))?;
        self.flat_1d_texel_row(cx, out, coords).map(Some)
    }

    /// Splits an HLSL coordinate (texel coordinate, then the layer on arrayed textures) into
    /// naga's coordinate and array index; `row` (its value and scalar): the second coordinate
    /// of a 1D texture declared as 2D.
    fn split_coords(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        decl: TextureDecl,
        coords: Handle<E>,
        row: Option<(Handle<E>, naga::Scalar)>,
    ) -> Result<(Handle<E>, Option<Handle<E>>)> {
        let (coordinate, layer) = self.split_layer(cx, out, decl, coords);
        let coordinate = match row {
            Some((row, scalar)) if decl.flat_1d => {
                self.flat_1d_coord(cx, out, coordinate, row, scalar)?
            }
            _ => coordinate,
        };
        Ok((coordinate, layer))
    }

    fn split_layer(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        decl: TextureDecl,
        coords: Handle<E>,
    ) -> (Handle<E>, Option<Handle<E>>) {
        if !decl.arrayed {
            return (coords, None);
        }
        let n = decl.dim.coords();
        let coordinate = match vector_size(n) {
            Some(size) => cx.add(
                out,
                E::Swizzle {
                    size,
                    vector: coords,
                    pattern: XYZW,
                },
            ),
            None => cx.add(
                out,
                E::AccessIndex {
                    base: coords,
                    index: 0,
                },
            ),
        };
        let layer = cx.add(
            out,
            E::AccessIndex {
                base: coords,
                index: u32::from(n),
            },
        );
        (coordinate, Some(layer))
    }

    fn naga_vector_type(&mut self, scalar: naga::Scalar, n: u8) -> Result<Handle<Type>> {
        let inner = match vector_size(n) {
            Some(size) => Ti::Vector { size, scalar },
            None => Ti::Scalar(scalar),
        };
        self.insert_type(None, inner)
    }
}

/// The texel of `decl` from a 4-component texel (the first components), or a depth texture's
/// `f32` as it is.
fn narrow(cx: &mut FnCx, out: &mut NBlock, texel: Handle<E>, decl: TextureDecl) -> Handle<E> {
    if decl.depth() {
        return texel;
    }
    let texel = narrow_components(cx, out, texel, decl.texel_components);
    if !decl.format.is_half() {
        return texel;
    }
    cx.add(
        out,
        E::As {
            expr: texel,
            kind: naga::ScalarKind::Float,
            convert: Some(2),
        },
    )
}

fn narrow_components(
    cx: &mut FnCx,
    out: &mut NBlock,
    texel: Handle<E>,
    components: u8,
) -> Handle<E> {
    match vector_size(components) {
        Some(naga::VectorSize::Quad) => texel,
        Some(size) => cx.add(
            out,
            E::Swizzle {
                size,
                vector: texel,
                pattern: XYZW,
            },
        ),
        None => cx.add(
            out,
            E::AccessIndex {
                base: texel,
                index: 0,
            },
        ),
    }
}

impl Lowerer<'_> {
    /// Declares texture global `g` (a handle at `binding`) and reflects it.
    pub(super) fn texture_global(
        &mut self,
        g: &ir::Global,
        id: GlobalId,
        ty: Handle<Type>,
        wgsl_type: String,
        binding: u32,
    ) -> Result<()> {
        let GlobalKind::Texture { access, format, .. } = g.kind else {
            return Err(internal(None, format!("global {} is not a texture", id.0)));
        };
        let handle = self.handle_global(g, ty, binding);
        let (kind, access) = match access {
            BufferAccess::ReadWrite if wgsl_type.ends_with(", write>") => {
                (BindingKind::StorageTexture, "write")
            }
            BufferAccess::ReadWrite => (BindingKind::StorageTexture, "read_write"),
            BufferAccess::Read => (BindingKind::SampledTexture, "read"),
        };
        self.reflection.bindings.push(BindingInfo {
            name: g.name.clone(),
            group: 0,
            binding,
            kind,
            access,
            element_type: self.types().display(g.ty),
            wgsl_type,
            element_size: format.bytes(),
        });
        self.globals.push(GlobalInfo {
            handle,
            repr: Repr::VALUE,
            words: None,
        });
        Ok(())
    }

    /// Declares sampler global `g` at `binding` and reflects it.
    pub(super) fn sampler_global(&mut self, g: &ir::Global, binding: u32) -> Result<()> {
        let GlobalKind::Sampler { comparison } = g.kind else {
            return Err(internal(
                None,
                format!("global {} is not a sampler", g.name),
            ));
        };
        let ty = self.insert_type(None, Ti::Sampler { comparison })?;
        let handle = self.handle_global(g, ty, binding);
        let wgsl_type = if comparison {
            "sampler_comparison"
        } else {
            "sampler"
        };
        self.reflection.bindings.push(BindingInfo {
            name: g.name.clone(),
            group: 0,
            binding,
            kind: BindingKind::Sampler,
            access: "read",
            element_type: if comparison {
                "SamplerComparisonState"
            } else {
                "SamplerState"
            }
            .into(),
            wgsl_type: wgsl_type.into(),
            element_size: 0,
        });
        self.globals.push(GlobalInfo {
            handle,
            repr: Repr::VALUE,
            words: None,
        });
        Ok(())
    }

    fn handle_global(
        &mut self,
        g: &ir::Global,
        ty: Handle<Type>,
        binding: u32,
    ) -> Handle<naga::GlobalVariable> {
        self.out.global_variables.append(
            naga::GlobalVariable {
                name: Some(g.name.clone()),
                space: AddressSpace::Handle,
                binding: Some(naga::ResourceBinding { group: 0, binding }),
                ty,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            Span::UNDEFINED,
        )
    }
}
