//! `Texture2D` / `RWTexture2D` globals: naga image types and the texture instructions. Storage
//! textures always load and store 4-component texels, so narrower texels are widened on store
//! and narrowed on load.

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
    }
}

fn texel_scalar(f: ir::TexelFormat) -> naga::Scalar {
    use ir::TexelFormat as T;
    match f {
        T::R32Float | T::Rg32Float | T::Rgba32Float => naga::Scalar::F32,
        T::R32Uint | T::Rg32Uint | T::Rgba32Uint => naga::Scalar::U32,
        T::R32Sint | T::Rg32Sint | T::Rgba32Sint => naga::Scalar::I32,
    }
}

impl Lowerer<'_> {
    /// The naga image type of a texture global; `loaded`: the shader reads a storage texture
    /// (so it needs read_write access; write-only otherwise, which every format supports).
    pub(super) fn texture_type(
        &mut self,
        access: BufferAccess,
        format: ir::TexelFormat,
        loaded: bool,
    ) -> Result<(Handle<Type>, String)> {
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
                    format!("texture_storage_2d<{}, {mode}>", format.name()),
                )
            }
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
                    format!("texture_2d<{name}>"),
                )
            }
        };
        let h = self.insert_type(
            None,
            Ti::Image {
                dim: naga::ImageDimension::D2,
                arrayed: false,
                class,
            },
        )?;
        Ok((h, wgsl))
    }

    /// An [`Inst::Texture`]: the loaded texel, the size, or `None` for a store.
    pub(super) fn texture_inst(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        op: ir::TextureOp,
        texture: GlobalId,
        args: &[ValueId],
    ) -> Result<Option<Handle<E>>> {
        let info = self
            .globals
            .get(texture.0 as usize)
            .copied()
            .ok_or_else(|| cx.err("unknown texture"))?;
        let Some(GlobalKind::Texture2D { format, .. }) =
            self.ir.globals.get(texture.0 as usize).map(|g| &g.kind)
        else {
            return Err(cx.err("a texture operation on a non-texture"));
        };
        let format = *format;
        let image = cx.add(out, E::GlobalVariable(info.handle));
        let arg = |cx: &FnCx, i: usize| -> Result<Handle<E>> {
            let v = args
                .get(i)
                .copied()
                .ok_or_else(|| cx.err("texture operation arity"))?;
            cx.value(v)
        };
        let components = format.components();
        Ok(match op {
            ir::TextureOp::Dimensions => Some(cx.add(
                out,
                E::ImageQuery {
                    image,
                    query: naga::ImageQuery::Size { level: None },
                },
            )),
            ir::TextureOp::Load => {
                let coordinate = arg(cx, 0)?;
                let level = if args.len() > 1 {
                    Some(arg(cx, 1)?)
                } else {
                    None
                };
                let texel = cx.add(
                    out,
                    E::ImageLoad {
                        image,
                        coordinate,
                        array_index: None,
                        sample: None,
                        level,
                    },
                );
                Some(match components {
                    4 => texel,
                    1 => cx.add(
                        out,
                        E::AccessIndex {
                            base: texel,
                            index: 0,
                        },
                    ),
                    _ => cx.add(
                        out,
                        E::Swizzle {
                            size: naga::VectorSize::Bi,
                            vector: texel,
                            pattern: [
                                naga::SwizzleComponent::X,
                                naga::SwizzleComponent::Y,
                                naga::SwizzleComponent::X,
                                naga::SwizzleComponent::X,
                            ],
                        },
                    ),
                })
            }
            ir::TextureOp::Store => {
                let coordinate = arg(cx, 0)?;
                let mut value = arg(cx, 1)?;
                if components < 4 {
                    // Padded as Slang does: (value, 0.., 1).
                    let scalar = texel_scalar(format);
                    let (zero, one) = match scalar.kind {
                        naga::ScalarKind::Float => {
                            (naga::Literal::F32(0.0), naga::Literal::F32(1.0))
                        }
                        naga::ScalarKind::Uint => (naga::Literal::U32(0), naga::Literal::U32(1)),
                        _ => (naga::Literal::I32(0), naga::Literal::I32(1)),
                    };
                    let zero = cx.add(out, E::Literal(zero));
                    let one = cx.add(out, E::Literal(one));
                    let vec4 = self.insert_type(
                        None,
                        Ti::Vector {
                            size: naga::VectorSize::Quad,
                            scalar,
                        },
                    )?;
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
                        array_index: None,
                        value,
                    },
                );
                None
            }
        })
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
        let GlobalKind::Texture2D { access, format } = g.kind else {
            return Err(CodegenError::Internal {
                function: None,
                message: format!("global {} is not a texture", id.0),
            });
        };
        let handle = self.out.global_variables.append(
            naga::GlobalVariable {
                name: Some(g.name.clone()),
                space: AddressSpace::Handle,
                binding: Some(naga::ResourceBinding { group: 0, binding }),
                ty,
                init: None,
                memory_decorations: naga::MemoryDecorations::empty(),
            },
            Span::UNDEFINED,
        );
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
            element_size: 4 * format.components(),
        });
        self.globals.push(GlobalInfo {
            handle,
            repr: Repr::VALUE,
        });
        Ok(())
    }
}
