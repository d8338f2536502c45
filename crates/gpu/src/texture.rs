//! 2D textures of a job: creation from tightly packed rows, binding layouts, and readback into
//! the same packed bytes (copies to buffers pad each row to 256 bytes).

/// How the shader sees a texture binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureAccess {
    /// `texture_2d<T>`, read with `textureLoad`.
    Sampled,
    /// `texture_storage_2d<F, write>`.
    WriteOnly,
    /// `texture_storage_2d<F, read_write>`.
    ReadWrite,
}

/// A texture binding's shape: `Binding::initial` holds `height` rows of `width` texels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureShape {
    pub format: wgpu::TextureFormat,
    pub width: u32,
    pub height: u32,
    pub access: TextureAccess,
}

impl TextureShape {
    /// Bytes per texel (the formats used here are uncompressed).
    pub fn texel_bytes(&self) -> u32 {
        self.format.block_copy_size(None).unwrap_or(4)
    }
    /// Bytes of the packed rows.
    pub fn byte_size(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height) * u64::from(self.texel_bytes())
    }
    fn row_bytes(&self) -> u32 {
        self.width * self.texel_bytes()
    }
    /// Row pitch of a texture-to-buffer copy.
    pub(crate) fn padded_row_bytes(&self) -> u32 {
        self.row_bytes()
            .div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT)
            * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT
    }

    pub(crate) fn layout_type(&self) -> wgpu::BindingType {
        let storage = |access| wgpu::BindingType::StorageTexture {
            access,
            format: self.format,
            view_dimension: wgpu::TextureViewDimension::D2,
        };
        match self.access {
            TextureAccess::WriteOnly => storage(wgpu::StorageTextureAccess::WriteOnly),
            TextureAccess::ReadWrite => storage(wgpu::StorageTextureAccess::ReadWrite),
            TextureAccess::Sampled => wgpu::BindingType::Texture {
                sample_type: match self.format.sample_type(None, None) {
                    Some(wgpu::TextureSampleType::Uint) => wgpu::TextureSampleType::Uint,
                    Some(wgpu::TextureSampleType::Sint) => wgpu::TextureSampleType::Sint,
                    _ => wgpu::TextureSampleType::Float { filterable: false },
                },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: false,
            },
        }
    }

    /// Creates the texture and uploads `initial` (packed rows, zero-filled when short).
    pub(crate) fn create(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        label: &str,
        initial: &[u8],
    ) -> wgpu::Texture {
        let usage = match self.access {
            TextureAccess::Sampled => wgpu::TextureUsages::TEXTURE_BINDING,
            _ => wgpu::TextureUsages::STORAGE_BINDING,
        } | wgpu::TextureUsages::COPY_SRC
            | wgpu::TextureUsages::COPY_DST;
        let size = self.extent();
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size,
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: self.format,
            usage,
            view_formats: &[],
        });
        let mut data = initial.to_vec();
        data.resize(self.byte_size() as usize, 0);
        queue.write_texture(
            texture.as_image_copy(),
            &data,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(self.row_bytes()),
                rows_per_image: Some(self.height),
            },
            size,
        );
        texture
    }

    fn extent(&self) -> wgpu::Extent3d {
        wgpu::Extent3d {
            width: self.width.max(1),
            height: self.height.max(1),
            depth_or_array_layers: 1,
        }
    }

    /// Records a copy of `texture` into a new mappable buffer of padded rows.
    pub(crate) fn copy_out(
        &self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        texture: &wgpu::Texture,
    ) -> wgpu::Buffer {
        let pitch = self.padded_row_bytes();
        let read = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: u64::from(pitch) * u64::from(self.height.max(1)),
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
        padded
            .chunks(pitch)
            .take(self.height as usize)
            .flat_map(|r| &r[..row.min(r.len())])
            .copied()
            .collect()
    }
}
