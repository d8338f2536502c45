//! Texture and sampler globals (`Texture1D/2D/3D/Cube` and their arrays, `RWTexture1D/2D/3D`
//! and their arrays,
//! `SamplerState`): texel reads and writes, sampling and size queries. Each becomes an
//! [`Inst::Texture`] on the global (textures and samplers are not memory places).

use hir::ExprId;
use ir::{
    BufferAccess, GlobalId, GlobalKind, Inst, Scalar, TextureDim, TextureOp, TypeId, ValueId,
};

use super::{ArgSlot, FnLower, Recv, signature};
use crate::{Ctx, InstanceKey, LowerError, R, ResourceBindings, internal, unsupported};

impl Ctx<'_> {
    /// Textures, samplers and buffers: WGSL cannot pass them as values, so a function taking
    /// them is specialised to the globals each call passes.
    pub(crate) fn is_resource_ty(&self, ty: &hir::Ty) -> bool {
        self.texture_type(ty).is_some()
            || self.sampler_type(ty).is_some()
            || self.buffer_elem(ty).is_some()
    }

    /// The IR function of `key` with its resource parameters bound to the globals `bound`
    /// (no IR parameters for them); a plain instance when nothing is bound.
    pub(crate) fn resource_instance(
        &mut self,
        key: InstanceKey,
        bound: ResourceBindings,
    ) -> R<ir::FuncId> {
        if bound.is_empty() {
            return self.instance(key);
        }
        let cache_key = (key, bound);
        if let Some(id) = self.resource_instances.get(&cache_key) {
            return Ok(*id);
        }
        let (key, bound) = cache_key;
        let info = signature(self, &key)?;
        let name = self.instance_name(&key);
        let id = self.module.declare_function(&name, info.params, info.ret);
        self.resource_instances
            .insert((key.clone(), bound.clone()), id);
        self.resource_params.insert(id, bound);
        self.register_diff_facts(&key, id)?;
        self.queue_instance(key, id, info.infer_ret)?;
        Ok(id)
    }
}

/// The shape of a texture global, from its IR declaration.
#[derive(Clone, Copy)]
struct Shape {
    dim: TextureDim,
    arrayed: bool,
    sampled: bool,
    /// A depth texture (`DepthTexture2D`...).
    depth: bool,
}

impl Shape {
    /// Components of a texel address (the array layer last).
    fn coords(self) -> u8 {
        self.dim.coords() + u8::from(self.arrayed)
    }
}

/// `Sample` and friends compute a level of detail from screen-space derivatives, which only
/// fragment shaders have.
pub(super) fn fragment_only(method: &str) -> LowerError {
    LowerError {
        code: "E4103",
        message: format!(
            "`{method}` needs screen-space derivatives, which only fragment shaders have; in a \
             compute shader use `SampleLevel(s, uv, 0)` (or `SampleGrad(s, uv, ddx, ddy)` with \
             explicit gradients)"
        ),
        item: None,
        range: Default::default(),
    }
}

fn cube_load() -> LowerError {
    unsupported(
        "reading a cube texture by texel address (WGSL has no textureLoad on cube textures: \
         use SampleLevel)",
    )
}

impl FnLower<'_, '_> {
    /// The arguments that become IR arguments: resource arguments are bound in the callee.
    pub(super) fn without_resource_args(&self, slots: Vec<ArgSlot>) -> Vec<ArgSlot> {
        slots
            .into_iter()
            .filter(|slot| match slot {
                ArgSlot::Expr(a) | ArgSlot::Element(a, _) => !self.cx.is_handle_only(&self.ety(*a)),
            })
            .collect()
    }

    /// The arguments of a derivative call that are not resources (bound in the primal).
    pub(super) fn non_resource_args(&self, args: &[ExprId]) -> Vec<ExprId> {
        args.iter()
            .copied()
            .filter(|a| !self.cx.is_handle_only(&self.ety(*a)))
            .collect()
    }

    /// The texture global named by `base` and its texel type.
    pub(super) fn texture_global(&mut self, base: ExprId) -> R<(GlobalId, TypeId)> {
        let g = self.resource_global(base)?;
        let ty = self
            .cx
            .module
            .global(g)
            .map(|g| g.ty)
            .ok_or_else(|| internal("unknown texture global"))?;
        Ok((g, ty))
    }

    fn texture_shape(&self, texture: GlobalId) -> R<Shape> {
        match self.cx.module.global(texture).map(|g| &g.kind) {
            Some(GlobalKind::Texture {
                dim,
                arrayed,
                access,
                format,
            }) => Ok(Shape {
                dim: *dim,
                arrayed: *arrayed,
                sampled: *access == BufferAccess::Read,
                depth: *format == ir::TexelFormat::Depth32Float,
            }),
            _ => Err(internal("a texture operation on a non-texture")),
        }
    }

    /// Texel coordinates as `uintN` (`tex[tid.xy]`, `tex[int3(x, y, layer)]`).
    pub(super) fn texel_coords(&mut self, texture: GlobalId, index: ExprId) -> R<ValueId> {
        let shape = self.texture_shape(texture)?;
        let ty = self.cx.module.types.vector(Scalar::U32, shape.coords());
        self.lower_value_as(index, ty)
    }

    /// The texel at `coords` (mip level 0 of a sampled texture).
    pub(super) fn texel_load(&mut self, texture: GlobalId, coords: ValueId) -> R<ValueId> {
        let shape = self.texture_shape(texture)?;
        if shape.dim == TextureDim::Cube {
            return Err(cube_load());
        }
        let mut args = vec![coords];
        if shape.sampled {
            args.push(self.lit(ir::Literal::I32(0))?);
        }
        self.emit(
            Inst::Texture {
                op: TextureOp::Load,
                texture,
                args,
            },
            None,
        )
    }

    /// The sampler global named by `e`.
    pub(super) fn sampler_global(&mut self, e: ExprId) -> R<GlobalId> {
        let g = self.resource_global(e)?;
        match self.cx.module.global(g).map(|g| &g.kind) {
            Some(GlobalKind::Sampler { .. }) => Ok(g),
            _ => Err(internal("a sampler argument that is not a sampler global")),
        }
    }

    /// A `float` vector of `n` components from `e`.
    pub(super) fn float_arg(&mut self, e: ExprId, n: u8) -> R<ValueId> {
        let ty = self.cx.module.types.vector(Scalar::F32, n);
        self.lower_value_as(e, ty)
    }

    /// Components `range` of vector `v` (a scalar for one component).
    fn components(&mut self, v: ValueId, range: std::ops::Range<u8>) -> R<ValueId> {
        if range.len() == 1 {
            self.emit(Inst::Extract(v, u32::from(range.start)), None)
        } else {
            self.emit(Inst::Swizzle(v, range.collect()), None)
        }
    }

    /// A `texture_*` intrinsic called on a texture global.
    pub(super) fn texture_op(
        &mut self,
        intrinsic: &str,
        recv: Option<Recv>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        // `Load(..., out uint status)`, `SampleLevel(..., out uint status)`, ...
        if let Some(base) = intrinsic.strip_suffix("_status") {
            return self.texture_op_with_status(base, recv, args);
        }
        let Some(Recv::Buffer(base)) = recv else {
            return Err(unsupported("this texture receiver"));
        };
        let (texture, texel_ty) = self.texture_global(base)?;
        let shape = self.texture_shape(texture)?;
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| internal("intrinsic arity"))
        };
        let texture_inst = |this: &mut Self, op: TextureOp, args: Vec<ValueId>| {
            this.emit(Inst::Texture { op, texture, args }, None)
        };
        let compare_shape = (shape.dim, shape.arrayed, shape.depth);
        if let Some(r) = self.texture_compare(intrinsic, texture, compare_shape, args) {
            return r;
        }
        match intrinsic {
            // `GetDimensions(out w[, out h[, out d | out layers]])`.
            "texture_dimensions" => {
                let size = texture_inst(self, TextureOp::Dimensions, Vec::new())?;
                self.store_components(size, args)?;
                Ok(None)
            }
            // `GetDimensions(mip, out w, ..., out levels)`.
            "texture_dimensions_level" => {
                if args.len() < 2 {
                    return Err(internal("GetDimensions arity"));
                }
                let uint = self.cx.module.types.u32();
                let level = self.lower_value_as(arg(0)?, uint)?;
                let size = texture_inst(self, TextureOp::Dimensions, vec![level])?;
                let outs = args.get(1..args.len() - 1).unwrap_or_default();
                self.store_components(size, outs)?;
                let levels = texture_inst(self, TextureOp::Levels, Vec::new())?;
                let place = self.lvalue(arg(args.len() - 1)?)?;
                self.store_lplace(&place, levels)?;
                Ok(None)
            }
            // `RWTexture*.Load(coords)` and the subscript getters.
            "texture_load" => {
                let coords = self.texel_coords(texture, arg(0)?)?;
                self.texel_load(texture, coords).map(Some)
            }
            // `Texture*.Load(intN(coords.., mip)[, offset])`: WGSL's textureLoad has no offset,
            // so it is added to the texel coordinate (not the layer).
            "texture_load_level" | "texture_load_level_offset" => {
                if shape.dim == TextureDim::Cube {
                    return Err(cube_load());
                }
                let n = shape.coords();
                let ty = self.cx.module.types.vector(Scalar::I32, n + 1);
                let v = self.lower_value_as(arg(0)?, ty)?;
                let mut coords = self.components(v, 0..n)?;
                let level = self.emit(Inst::Extract(v, u32::from(n)), None)?;
                if intrinsic == "texture_load_level_offset" {
                    let m = shape.dim.coords();
                    let offset_ty = self.cx.module.types.vector(Scalar::I32, m);
                    let mut offset = self.lower_value_as(arg(1)?, offset_ty)?;
                    if shape.arrayed {
                        let zero = self.lit(ir::Literal::I32(0))?;
                        let mut parts: Vec<ValueId> = if m == 1 {
                            vec![offset]
                        } else {
                            (0..u32::from(m))
                                .map(|i| self.emit(Inst::Extract(offset, i), None))
                                .collect::<R<_>>()?
                        };
                        parts.push(zero);
                        offset = self.emit(Inst::Construct(parts), Some(self.vty(coords)))?;
                    }
                    coords = self.emit(Inst::Binary(ir::BinaryOp::Add, coords, offset), None)?;
                }
                texture_inst(self, TextureOp::Load, vec![coords, level]).map(Some)
            }
            "texture_store" => {
                let coords = self.texel_coords(texture, arg(0)?)?;
                let value = self.lower_value_as(arg(1)?, texel_ty)?;
                texture_inst(self, TextureOp::Store, vec![coords, value])?;
                Ok(None)
            }
            "texture_sample_level" | "texture_sample_level_offset" | "texture_sample_grad"
                if !matches!(
                    self.cx.module.types.scalar_of(texel_ty),
                    Some(Scalar::F32 | Scalar::F16)
                ) =>
            {
                Err(unsupported(
                    "sampling a texture of integer texels (WGSL samples float textures only: \
                     use Load)",
                ))
            }
            "texture_sample_level" | "texture_sample_level_offset" => {
                let sampler = self.sampler_global(arg(0)?)?;
                let mut coords = self.float_arg(arg(1)?, shape.coords())?;
                let level = self.float_arg(arg(2)?, 1)?;
                if intrinsic == "texture_sample_level_offset" {
                    let index = self.sample_level_index(level)?;
                    coords = self.offset_sample_coords(
                        texture,
                        shape.dim,
                        shape.arrayed,
                        coords,
                        index,
                        arg(3)?,
                    )?;
                }
                texture_inst(
                    self,
                    TextureOp::SampleLevel { sampler },
                    vec![coords, level],
                )
                .map(Some)
            }
            "texture_sample_grad" => {
                let sampler = self.sampler_global(arg(0)?)?;
                let coords = self.float_arg(arg(1)?, shape.coords())?;
                let ddx = self.float_arg(arg(2)?, shape.dim.coords())?;
                let ddy = self.float_arg(arg(3)?, shape.dim.coords())?;
                texture_inst(
                    self,
                    TextureOp::SampleGrad { sampler },
                    vec![coords, ddx, ddy],
                )
                .map(Some)
            }
            // `Gather`/`GatherRed` (channel 0) ... `GatherAlpha` (channel 3), at level 0.
            "texture_gather"
            | "texture_gather_green"
            | "texture_gather_blue"
            | "texture_gather_alpha"
            | "texture_gather_offset"
            | "texture_gather_green_offset"
            | "texture_gather_blue_offset"
            | "texture_gather_alpha_offset" => {
                if !matches!(
                    self.cx.module.types.scalar_of(texel_ty),
                    Some(Scalar::F32 | Scalar::F16)
                ) {
                    return Err(unsupported(
                        "gathering from a texture of integer texels (dslang's Gather returns \
                         float4)",
                    ));
                }
                let base = intrinsic.trim_end_matches("_offset");
                let component = match base {
                    "texture_gather" => 0,
                    "texture_gather_green" => 1,
                    "texture_gather_blue" => 2,
                    _ => 3,
                };
                if shape.depth && component != 0 {
                    return Err(unsupported(
                        "gathering a channel other than red from a depth texture (a depth \
                         texel has one channel)",
                    ));
                }
                let sampler = self.sampler_global(arg(0)?)?;
                let mut coords = self.float_arg(arg(1)?, shape.coords())?;
                if base != intrinsic {
                    let level = self.lit(ir::Literal::U32(0))?;
                    coords = self.offset_sample_coords(
                        texture,
                        shape.dim,
                        shape.arrayed,
                        coords,
                        level,
                        arg(2)?,
                    )?;
                }
                texture_inst(self, TextureOp::Gather { sampler, component }, vec![coords]).map(Some)
            }
            "texture_sample" => Err(fragment_only("Sample")),
            "texture_sample_bias" => Err(fragment_only("SampleBias")),
            _ => Err(unsupported(format!("the texture method `{intrinsic}`"))),
        }
    }

    /// Stores the components of the size vector `size` into the `out` arguments `outs`, in
    /// order (each converted to its variable's type: `uint` or `float`).
    fn store_components(&mut self, size: ValueId, outs: &[ExprId]) -> R<()> {
        let n = self
            .cx
            .module
            .types
            .vector_size(self.vty(size))
            .unwrap_or(1);
        if outs.len() != usize::from(n) {
            return Err(internal("GetDimensions arity"));
        }
        for (i, out) in outs.iter().enumerate() {
            let v = if n == 1 {
                size
            } else {
                self.emit(Inst::Extract(size, i as u32), None)?
            };
            let place = self.lvalue(*out)?;
            self.store_lplace(&place, v)?;
        }
        Ok(())
    }
}
