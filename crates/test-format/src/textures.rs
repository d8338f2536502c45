//! Texture and sampler `//TEST_INPUT`s and the texel contents Slang's render-test generates
//! for them:
//!
//! ```text
//! //TEST_INPUT: Texture2D(size=4, content=gradient, mipMaps=1):name=tex
//! //TEST_INPUT: Texture2D(size=4, content=one, arrayLength=2):name=texArray
//! //TEST_INPUT: TextureCube(size=2, content=chessboard):name=cube
//! //TEST_INPUT: RWTexture2D(format=R_Float32, size=4, content=zero):out,name=image
//! //TEST_INPUT: Sampler(filteringMode=point):name=samplerState
//! ```
//!
//! Contents follow render-test's `generateTextureDataRGB8`: each texel is an RGBA8 colour
//! computed from its coordinates at each mip level (`size >> level` texels a side), the same
//! for every array layer and cube face:
//! - `zero`: `0x00000000`; `one`: `0xFFFFFFFF`;
//! - `gradient`: r = x / (size - 1) * 255, g = y / (size - 1) * 255, b = z / (size - 1) * 255
//!   (truncated to bytes; 0 when the size is 1), alpha 255;
//! - `chessboard`: white `0xFFFFFFFF` where `(x < size/2) ^ (y < size/2) ^ (z < size/2)`, else
//!   grey `0xFF808080`; unused coordinates are 0 (so a 2D board has white where x and y are on
//!   the same side of the middle).
//!
//! Float formats hold each channel as `byte / 255` (render-test converts its RGBA8 data to
//! `R_Float32` this way); integer formats, which render-test does not generate, hold 1 where the
//! channel byte is 255 and 0 elsewhere (so `one` is all ones). Without `format`, a sampled
//! texture is RGBA8 unorm, render-test's default.

/// A texture input's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureInputDim {
    D1,
    D2,
    D3,
    Cube,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureContent {
    Zero,
    One,
    Gradient,
    ChessBoard,
}

/// A texel format named by `format=` (Slang's gfx names, old and new spellings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureInputFormat {
    Rgba8Unorm,
    R32Float,
    Rg32Float,
    Rgba32Float,
    R32Uint,
    Rg32Uint,
    Rgba32Uint,
    R32Sint,
    Rg32Sint,
    Rgba32Sint,
    R16Float,
    Rg16Float,
    Rgba16Float,
}

impl TextureInputFormat {
    fn parse(name: &str) -> Option<TextureInputFormat> {
        use TextureInputFormat::*;
        Some(match name {
            "RGBA_Unorm_UInt8" | "R8G8B8A8_UNORM" | "RGBA8Unorm" => Rgba8Unorm,
            "R_Float32" | "R32_FLOAT" => R32Float,
            "RG_Float32" | "R32G32_FLOAT" => Rg32Float,
            "RGBA_Float32" | "R32G32B32A32_FLOAT" => Rgba32Float,
            "R_UInt32" | "R32_UINT" => R32Uint,
            "RG_UInt32" | "R32G32_UINT" => Rg32Uint,
            "RGBA_UInt32" | "R32G32B32A32_UINT" => Rgba32Uint,
            "R_SInt32" | "R_Int32" | "R32_SINT" => R32Sint,
            "RG_SInt32" | "RG_Int32" | "R32G32_SINT" => Rg32Sint,
            "RGBA_SInt32" | "RGBA_Int32" | "R32G32B32A32_SINT" => Rgba32Sint,
            "R_Float16" | "R16_FLOAT" => R16Float,
            "RG_Float16" | "R16G16_FLOAT" => Rg16Float,
            "RGBA_Float16" | "R16G16B16A16_FLOAT" => Rgba16Float,
            // render-test's newer names.
            _ => return Self::parse_short(name),
        })
    }

    /// The format names of render-test's `Format` enumeration (`R32Float`, `RGBA16Float`...).
    fn parse_short(name: &str) -> Option<TextureInputFormat> {
        use TextureInputFormat::*;
        Some(match name {
            "R32Float" => R32Float,
            "RG32Float" => Rg32Float,
            "RGBA32Float" => Rgba32Float,
            "R32Uint" => R32Uint,
            "RG32Uint" => Rg32Uint,
            "RGBA32Uint" => Rgba32Uint,
            "R32Sint" => R32Sint,
            "RG32Sint" => Rg32Sint,
            "RGBA32Sint" => Rgba32Sint,
            "R16Float" => R16Float,
            "RG16Float" => Rg16Float,
            "RGBA16Float" => Rgba16Float,
            _ => return None,
        })
    }
}

/// `Texture1D/2D/3D/Cube(...)` or `RWTexture1D/2D/3D(...)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureInput {
    pub dim: TextureInputDim,
    /// `RWTexture*`: a storage texture.
    pub storage: bool,
    /// Texels a side at level 0 (`size=N`; `width=`/`height=` set one side).
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    /// `arrayLength=N`: an arrayed texture of N layers (cubes: N cubes).
    pub array_length: Option<u32>,
    /// `mipMaps=N`; `None` or 0: the full chain.
    pub mip_maps: Option<u32>,
    pub content: TextureContent,
    pub format: Option<TextureInputFormat>,
}

/// The largest texture side a test input may ask for (the device checks its own limits later).
pub const MAX_TEXTURE_SIDE: u32 = 1 << 14;

impl TextureInput {
    /// Array layers of the GPU texture: cube faces times the array length.
    pub fn layers(&self) -> u32 {
        let faces = if self.dim == TextureInputDim::Cube {
            6
        } else {
            1
        };
        faces * self.array_length.unwrap_or(1).max(1)
    }

    /// Mip levels: `mipMaps`, else the full chain; one for storage and 1D textures (WebGPU
    /// binds storage textures one level at a time and has no 1D mip chains).
    pub fn mip_levels(&self) -> u32 {
        if self.storage || self.dim == TextureInputDim::D1 {
            return 1;
        }
        let largest = self.width.max(self.height).max(self.depth).max(1);
        let full = 32 - largest.leading_zeros();
        match self.mip_maps {
            Some(n) if n > 0 => n.min(full),
            _ => full,
        }
    }

    /// Texels a side of `level`: (width, height, depth), each at least 1.
    pub fn level_size(&self, level: u32) -> (u32, u32, u32) {
        let side = |s: u32| (s >> level.min(31)).max(1);
        (side(self.width), side(self.height), side(self.depth))
    }

    /// The RGBA8 colours (`0xAABBGGRR`) of one layer of `level`, x fastest, then y, then z.
    pub fn level_colors(&self, level: u32) -> Vec<u32> {
        let (w, h, d) = self.level_size(level);
        // render-test has one size for all axes and compares unused coordinates (0) with it.
        let sizes = match self.dim {
            TextureInputDim::D1 => [w, w, w],
            TextureInputDim::D2 | TextureInputDim::Cube => [w, h, w],
            TextureInputDim::D3 => [w, h, d],
        };
        let mut colors = Vec::with_capacity((w * h * d) as usize);
        for z in 0..d {
            for y in 0..h {
                for x in 0..w {
                    colors.push(self.color([x, y, z], sizes));
                }
            }
        }
        colors
    }

    fn color(&self, at: [u32; 3], size: [u32; 3]) -> u32 {
        match self.content {
            TextureContent::Zero => 0,
            TextureContent::One => 0xFFFF_FFFF,
            TextureContent::Gradient => {
                let channel = |i: usize| {
                    if size[i] <= 1 {
                        0
                    } else {
                        (at[i] as f32 / (size[i] - 1) as f32 * 255.0) as u8 as u32
                    }
                };
                0xFF00_0000 + channel(0) + (channel(1) << 8) + (channel(2) << 16)
            }
            TextureContent::ChessBoard => {
                let side = |i: usize| at[i] < (size[i] >> 1);
                if side(0) ^ side(1) ^ side(2) {
                    0xFFFF_FFFF
                } else {
                    0xFF80_8080
                }
            }
        }
    }
}

/// Channel `c` (0 = red) of an RGBA8 colour as a unorm float.
pub fn color_channel(color: u32, c: u32) -> f32 {
    ((color >> (8 * c)) & 0xFF) as f32 / 255.0
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filtering {
    Point,
    Linear,
}

/// `Sampler` / `Sampler(filteringMode=point|linear)`: repeat addressing, linear filtering (in
/// and between mip levels) unless `point`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SamplerInput {
    pub filtering: Filtering,
}

/// Parses `Texture2D(...)`, `RWTexture3D(...)`, ... (`None`: not a texture kind).
pub fn parse_texture_input(text: &str) -> Option<Result<TextureInput, String>> {
    let text = text.trim();
    let kinds = [
        ("RWTexture1D", TextureInputDim::D1, true),
        ("RWTexture2D", TextureInputDim::D2, true),
        ("RWTexture3D", TextureInputDim::D3, true),
        ("Texture1D", TextureInputDim::D1, false),
        ("Texture2D", TextureInputDim::D2, false),
        ("Texture3D", TextureInputDim::D3, false),
        ("TextureCube", TextureInputDim::Cube, false),
    ];
    let (rest, dim, storage) = kinds.iter().find_map(|&(name, dim, storage)| {
        let rest = text.strip_prefix(name)?.trim_start();
        (rest.is_empty() || rest.starts_with('(')).then_some((rest, dim, storage))
    })?;
    Some(parse_texture_args(rest, dim, storage).map_err(|e| format!("`{text}`: {e}")))
}

fn parse_texture_args(
    rest: &str,
    dim: TextureInputDim,
    storage: bool,
) -> Result<TextureInput, String> {
    let mut input = TextureInput {
        dim,
        storage,
        width: 4,
        height: 4,
        depth: 4,
        array_length: None,
        mip_maps: None,
        content: TextureContent::Zero,
        format: None,
    };
    let args = match rest.strip_prefix('(') {
        Some(inner) => inner
            .strip_suffix(')')
            .ok_or("expected `)` after the arguments")?,
        None => "",
    };
    let count = |key: &str, value: &str| -> Result<u32, String> {
        value
            .parse::<u32>()
            .ok()
            .filter(|n| *n <= MAX_TEXTURE_SIDE)
            .ok_or(format!(
                "`{key}={value}`: expected a count up to {MAX_TEXTURE_SIDE}"
            ))
    };
    for arg in args.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        let (key, value) = arg
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or(format!("`{arg}`: expected key=value"))?;
        match key {
            "size" => {
                let n = count(key, value)?;
                (input.width, input.height, input.depth) = (n, n, n);
            }
            "width" => input.width = count(key, value)?,
            "height" => input.height = count(key, value)?,
            "depth" => input.depth = count(key, value)?,
            "arrayLength" => input.array_length = Some(count(key, value)?),
            "mipMaps" => input.mip_maps = Some(count(key, value)?),
            "content" => {
                input.content = match value {
                    "zero" => TextureContent::Zero,
                    "one" => TextureContent::One,
                    "gradient" => TextureContent::Gradient,
                    "chessboard" => TextureContent::ChessBoard,
                    _ => return Err(format!("unknown content `{value}`")),
                }
            }
            "format" => {
                input.format = Some(
                    TextureInputFormat::parse(value)
                        .ok_or(format!("unknown texture format `{value}`"))?,
                )
            }
            _ => return Err(format!("unknown texture argument `{key}`")),
        }
    }
    match dim {
        TextureInputDim::D1 => (input.height, input.depth) = (1, 1),
        TextureInputDim::D2 | TextureInputDim::Cube => input.depth = 1,
        TextureInputDim::D3 => {}
    }
    if dim == TextureInputDim::Cube {
        input.height = input.width;
    }
    if input.width == 0 || input.height == 0 || input.depth == 0 {
        return Err("a texture needs at least one texel a side".into());
    }
    if input.array_length == Some(0) {
        return Err("`arrayLength=0`: expected at least one layer".into());
    }
    Ok(input)
}

/// Parses `Sampler` / `Sampler(filteringMode=...)` (`None`: not a sampler kind).
pub fn parse_sampler_input(text: &str) -> Option<Result<SamplerInput, String>> {
    let text = text.trim();
    let rest = text.strip_prefix("Sampler")?.trim_start();
    if !(rest.is_empty() || rest.starts_with('(')) {
        return None;
    }
    let mut sampler = SamplerInput {
        filtering: Filtering::Linear,
    };
    let args = match rest.strip_prefix('(') {
        Some(inner) => match inner.strip_suffix(')') {
            Some(args) => args,
            None => return Some(Err(format!("`{text}`: expected `)`"))),
        },
        None => "",
    };
    for arg in args.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        match arg.split_once('=').map(|(k, v)| (k.trim(), v.trim())) {
            Some(("filteringMode", "point")) => sampler.filtering = Filtering::Point,
            Some(("filteringMode", "linear")) => sampler.filtering = Filtering::Linear,
            _ => return Some(Err(format!("`{text}`: unknown sampler argument `{arg}`"))),
        }
    }
    Some(Ok(sampler))
}
