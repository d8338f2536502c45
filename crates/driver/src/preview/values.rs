//! A buffer's bytes as the protocol's `BufferView`: scalars by the element layout, and image
//! metadata for 2D data.

use test_format::ElemType;

use super::session::Resource;
use super::{BufferView, ImageInfo};

/// Scalars kept per buffer in the JSON (a 512 x 512 RGBA image fits).
pub const MAX_VALUES: usize = 1 << 20;

fn half_to_f32(bits: u16) -> f32 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((bits >> 10) & 0x1f);
    let mantissa = f32::from(bits & 0x3ff);
    match exponent {
        0 => sign * mantissa * 2f32.powi(-24),
        31 if mantissa == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + mantissa / 1024.0) * 2f32.powi(exponent - 15),
    }
}

/// The scalars of one element: each word by its kind (64-bit kinds take two words, halves two
/// per word).
fn element_scalars(words: &[u32], kinds: &[ElemType], out: &mut Vec<f64>) {
    let mut i = 0;
    while i < words.len() {
        let kind = kinds.get(i).copied().unwrap_or(ElemType::UInt32);
        let wide =
            || u64::from(words[i]) | (u64::from(words.get(i + 1).copied().unwrap_or(0)) << 32);
        match kind {
            ElemType::Float => out.push(f64::from(f32::from_bits(words[i]))),
            ElemType::Int32 => out.push(f64::from(words[i] as i32)),
            ElemType::UInt32 => out.push(f64::from(words[i])),
            ElemType::Half => {
                out.push(f64::from(half_to_f32(words[i] as u16)));
                out.push(f64::from(half_to_f32((words[i] >> 16) as u16)));
            }
            ElemType::Double => out.push(f64::from_bits(wide())),
            ElemType::Int64 => out.push(wide() as i64 as f64),
            ElemType::UInt64 => out.push(wide() as f64),
        }
        i += match kind {
            ElemType::Double | ElemType::Int64 | ElemType::UInt64 => 2,
            _ => 1,
        };
    }
}

fn scalar_name(element_type: &str, kind: ElemType) -> &'static str {
    if element_type.starts_with("bool") {
        return "bool";
    }
    match kind {
        ElemType::Float => "f32",
        ElemType::Half => "f16",
        ElemType::Double => "f64",
        ElemType::Int32 => "i32",
        ElemType::UInt32 => "u32",
        ElemType::Int64 => "i64",
        ElemType::UInt64 => "u64",
    }
}

/// `float3` and friends: the vector width written in the type, to drop the padding scalar of a
/// 16-byte `vec3` element.
fn written_width(element_type: &str) -> Option<usize> {
    let digits = element_type.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let prefix = &element_type[..element_type.len() - digits.len()];
    let scalar = matches!(
        prefix,
        "float" | "half" | "double" | "int" | "uint" | "bool" | "int64_t" | "uint64_t"
    );
    match digits.parse::<usize>() {
        Ok(n @ 1..=4) if scalar => Some(n),
        _ => None,
    }
}

pub(crate) fn buffer_view(resource: &Resource, image_sizes: &[(u32, u32)]) -> BufferView {
    let words = gpu::bytes_to_words(&resource.bytes);
    let words_per_element = (resource.element_size as usize).div_ceil(4).max(1);
    let count = resource.element_count();
    let mut scratch = Vec::new();
    element_scalars(
        &words[..words_per_element.min(words.len())],
        &resource.word_kinds,
        &mut scratch,
    );
    let layout_width = scratch.len().max(1);
    let components = written_width(&resource.element_type)
        .filter(|&w| w <= layout_width)
        .unwrap_or(layout_width);
    let mut values = Vec::new();
    let mut truncated = false;
    for element in words.chunks(words_per_element) {
        if values.len() + components > MAX_VALUES {
            truncated = true;
            break;
        }
        scratch.clear();
        element_scalars(element, &resource.word_kinds, &mut scratch);
        scratch.resize(layout_width, 0.0);
        values.extend_from_slice(&scratch[..components]);
    }
    let image = image_of(resource, count, components, &values, truncated, image_sizes);
    BufferView {
        name: resource.name.clone(),
        ty: resource.element_type.clone(),
        scalar: scalar_name(
            &resource.element_type,
            resource
                .word_kinds
                .first()
                .copied()
                .unwrap_or(ElemType::UInt32),
        ),
        components: components as u32,
        count,
        values,
        truncated,
        image,
        depth: (resource.depth > 1).then_some(resource.depth),
    }
}

/// Image metadata: the buffer's own `BLACK` size, or the size of an image of the program with
/// the same number of elements (a loss image beside the render target, say).
fn image_of(
    resource: &Resource,
    count: u64,
    components: usize,
    values: &[f64],
    truncated: bool,
    image_sizes: &[(u32, u32)],
) -> Option<ImageInfo> {
    if truncated || components > 4 {
        return None;
    }
    let (width, height) = resource.image.or_else(|| {
        image_sizes
            .iter()
            .copied()
            .find(|&(w, h)| w > 1 && h > 1 && u64::from(w) * u64::from(h) == count)
    })?;
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let (min, max) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let (min, max) = if min <= max { (min, max) } else { (0.0, 0.0) };
    Some(ImageInfo {
        width,
        height,
        channels: components as u32,
        signed: min < 0.0,
        min,
        max,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_decode() {
        assert_eq!(half_to_f32(0x3c00), 1.0);
        assert_eq!(half_to_f32(0xc000), -2.0);
        assert_eq!(half_to_f32(0x0001), 2f32.powi(-24));
    }

    #[test]
    fn written_widths() {
        assert_eq!(written_width("float3"), Some(3));
        assert_eq!(written_width("uint"), None);
        assert_eq!(written_width("MyStruct2"), None);
        assert_eq!(written_width("float3x3"), None);
    }
}
