//! Textures and samplers of a job: creation from tightly packed texels (every layer and mip
//! level), binding layouts, and readback of level 0 into the same packed bytes (copies to
//! buffers pad each row to 256 bytes).

/// How the shader sees a texture binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureAccess {
    /// `texture_2d<T>` and the other sampled types, read with `textureLoad`/`textureSample*`.
    Sampled,
    /// `texture_storage_*<F, write>`.
    WriteOnly,
    /// `texture_storage_*<F, read_write>`.
    ReadWrite,
}

/// A texture binding's shape. `Binding::initial` holds, for each array layer (one for 3D
/// textures), each mip level from 0 up, its texels: x fastest, then y, then z.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureShape {
    pub format: wgpu::TextureFormat,
    pub width: u32,
    /// 1 for 1D textures.
    pub height: u32,
    /// The depth of a 3D texture, else the array layers (6 per cube).
    pub depth_or_layers: u32,
    /// Mip levels (1 for storage and 1D textures).
    pub mip_levels: u32,
    /// The view the shader binds (`D2Array` for `texture_2d_array`, `Cube`, ...).
    pub view: wgpu::TextureViewDimension,
    pub access: TextureAccess,
}

impl TextureShape {
    /// A 2D, single-level texture of `width` x `height` texels.
    pub fn d2(
        format: wgpu::TextureFormat,
        width: u32,
        height: u32,
        access: TextureAccess,
    ) -> TextureShape {
        TextureShape {
            format,
            width,
            height,
            depth_or_layers: 1,
            mip_levels: 1,
            view: wgpu::TextureViewDimension::D2,
            access,
        }
    }

    /// Bytes per texel (the formats used here are uncompressed).
    pub fn texel_bytes(&self) -> u32 {
        self.format.block_copy_size(None).unwrap_or(4)
    }

    fn dimension(&self) -> wgpu::TextureDimension {
        match self.view {
            wgpu::TextureViewDimension::D1 => wgpu::TextureDimension::D1,
            wgpu::TextureViewDimension::D3 => wgpu::TextureDimension::D3,
            _ => wgpu::TextureDimension::D2,
        }
    }

    /// A 3D texture (`depth_or_layers` is its depth).
    pub fn is_3d(&self) -> bool {
        self.view == wgpu::TextureViewDimension::D3
    }

    /// Array layers (1 for 3D textures).
    pub fn layers(&self) -> u32 {
        if self.is_3d() {
            1
        } else {
            self.depth_or_layers.max(1)
        }
    }

    /// (width, height, depth) of mip `level` (depth 1 except for 3D textures).
    pub fn level_size(&self, level: u32) -> (u32, u32, u32) {
        let side = |s: u32| (s.max(1) >> level.min(31)).max(1);
        let depth = if self.is_3d() {
            side(self.depth_or_layers)
        } else {
            1
        };
        (side(self.width), side(self.height), depth)
    }

    /// Bytes of every layer and level, packed.
    pub fn byte_size(&self) -> u64 {
        let per_layer: u64 = (0..self.mip_levels.max(1))
            .map(|level| {
                let (w, h, d) = self.level_size(level);
                u64::from(w) * u64::from(h) * u64::from(d)
            })
            .sum();
        per_layer * u64::from(self.layers()) * u64::from(self.texel_bytes())
    }

    /// Bytes that a readback gives: level 0 of every layer (or the whole 3D volume).
    pub fn readback_bytes(&self) -> u64 {
        u64::from(self.width.max(1))
            * u64::from(self.height.max(1))
            * u64::from(self.depth_or_layers.max(1))
            * u64::from(self.texel_bytes())
    }

    fn row_bytes(&self) -> u32 {
        self.width.max(1) * self.texel_bytes()
    }

    /// Row pitch of a texture-to-buffer copy.
    pub(crate) fn padded_row_bytes(&self) -> u32 {
        self.row_bytes()
            .div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT)
            * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT
    }

    /// The binding's layout; `features`: the device's (32-bit float formats filter only with
    /// `FLOAT32_FILTERABLE`).
    pub(crate) fn layout_type(&self, features: wgpu::Features) -> wgpu::BindingType {
        let storage = |access| wgpu::BindingType::StorageTexture {
            access,
            format: self.format,
            view_dimension: self.view,
        };
        match self.access {
            TextureAccess::WriteOnly => storage(wgpu::StorageTextureAccess::WriteOnly),
            TextureAccess::ReadWrite => storage(wgpu::StorageTextureAccess::ReadWrite),
            TextureAccess::Sampled => wgpu::BindingType::Texture {
                sample_type: match self.format.sample_type(None, None) {
                    Some(wgpu::TextureSampleType::Uint) => wgpu::TextureSampleType::Uint,
                    Some(wgpu::TextureSampleType::Sint) => wgpu::TextureSampleType::Sint,
                    _ => wgpu::TextureSampleType::Float {
                        filterable: self
                            .format
                            .guaranteed_format_features(features)
                            .flags
                            .contains(wgpu::TextureFormatFeatureFlags::FILTERABLE),
                    },
                },
                view_dimension: self.view,
                multisampled: false,
            },
        }
    }

    /// Creates the texture, uploads `initial` (packed as [`TextureShape`] says, zero-filled
    /// when short) and makes the view the shader binds.
    pub(crate) fn create(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        label: &str,
        initial: &[u8],
    ) -> (wgpu::Texture, wgpu::TextureView) {
        let usage = match self.access {
            TextureAccess::Sampled => wgpu::TextureUsages::TEXTURE_BINDING,
            _ => wgpu::TextureUsages::STORAGE_BINDING,
        } | wgpu::TextureUsages::COPY_SRC
            | wgpu::TextureUsages::COPY_DST;
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: self.extent(),
            mip_level_count: self.mip_levels.max(1),
            sample_count: 1,
            dimension: self.dimension(),
            format: self.format,
            usage,
            view_formats: &[],
        });
        let mut data = initial.to_vec();
        data.resize(self.byte_size() as usize, 0);
        let texel = self.texel_bytes();
        let mut offset = 0usize;
        for layer in 0..self.layers() {
            for level in 0..self.mip_levels.max(1) {
                let (w, h, d) = self.level_size(level);
                let bytes = (w * h * d * texel) as usize;
                let Some(chunk) = data.get(offset..offset + bytes) else {
                    return self.view_of(texture);
                };
                queue.write_texture(
                    wgpu::TexelCopyTextureInfo {
                        texture: &texture,
                        mip_level: level,
                        origin: wgpu::Origin3d {
                            x: 0,
                            y: 0,
                            z: layer,
                        },
                        aspect: wgpu::TextureAspect::All,
                    },
                    chunk,
                    wgpu::TexelCopyBufferLayout {
                        offset: 0,
                        bytes_per_row: Some(w * texel),
                        rows_per_image: Some(h),
                    },
                    wgpu::Extent3d {
                        width: w,
                        height: h,
                        depth_or_array_layers: d,
                    },
                );
                offset += bytes;
            }
        }
        self.view_of(texture)
    }

    fn view_of(&self, texture: wgpu::Texture) -> (wgpu::Texture, wgpu::TextureView) {
        let single_layer = matches!(
            self.view,
            wgpu::TextureViewDimension::D1
                | wgpu::TextureViewDimension::D2
                | wgpu::TextureViewDimension::D3
        );
        let view = texture.create_view(&wgpu::TextureViewDescriptor {
            dimension: Some(self.view),
            // Storage bindings see one level; a plain 2D view one layer.
            mip_level_count: (self.access != TextureAccess::Sampled).then_some(1),
            array_layer_count: (single_layer && !self.is_3d()).then_some(1),
            ..Default::default()
        });
        (texture, view)
    }

    fn extent(&self) -> wgpu::Extent3d {
        wgpu::Extent3d {
            width: self.width.max(1),
            height: self.height.max(1),
            depth_or_array_layers: self.depth_or_layers.max(1),
        }
    }

    /// Records a copy of level 0 of `texture` into a new mappable buffer of padded rows.
    pub(crate) fn copy_out(
        &self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        texture: &wgpu::Texture,
    ) -> wgpu::Buffer {
        let pitch = self.padded_row_bytes();
        let rows = self.height.max(1) * self.depth_or_layers.max(1);
        let read = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: u64::from(pitch) * u64::from(rows),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        encoder.copy_texture_to_buffer(
            texture.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &read,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(pitch),
                    rows_per_image: Some(self.height.max(1)),
                },
            },
            self.extent(),
        );
        read
    }

    /// The packed rows of a buffer written by [`TextureShape::copy_out`].
    pub(crate) fn unpad(&self, padded: &[u8]) -> Vec<u8> {
        let (pitch, row) = (self.padded_row_bytes() as usize, self.row_bytes() as usize);
        let rows = (self.height.max(1) * self.depth_or_layers.max(1)) as usize;
        padded
            .chunks(pitch)
            .take(rows)
            .flat_map(|r| &r[..row.min(r.len())])
            .copied()
            .collect()
    }
}

/// A sampler binding: repeat addressing on every axis, linear or nearest filtering within and
/// between mip levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SamplerShape {
    pub linear: bool,
}

impl SamplerShape {
    pub(crate) fn layout_type(&self) -> wgpu::BindingType {
        wgpu::BindingType::Sampler(if self.linear {
            wgpu::SamplerBindingType::Filtering
        } else {
            wgpu::SamplerBindingType::NonFiltering
        })
    }

    pub(crate) fn create(&self, device: &wgpu::Device, label: &str) -> wgpu::Sampler {
        let (filter, mip) = if self.linear {
            (wgpu::FilterMode::Linear, wgpu::MipmapFilterMode::Linear)
        } else {
            (wgpu::FilterMode::Nearest, wgpu::MipmapFilterMode::Nearest)
        };
        device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some(label),
            address_mode_u: wgpu::AddressMode::Repeat,
            address_mode_v: wgpu::AddressMode::Repeat,
            address_mode_w: wgpu::AddressMode::Repeat,
            mag_filter: filter,
            min_filter: filter,
            mipmap_filter: mip,
            ..Default::default()
        })
    }
}
