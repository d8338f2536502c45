//! Drawing image buffers as PNG files: unsigned data as grayscale or colour, signed data as a
//! diverging blue-white-red heatmap with a legend strip (colour bar and its range written in a
//! small bitmap font). The encoder writes uncompressed deflate blocks, so no codec is needed.

use super::BufferView;

/// An RGB picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    /// Row-major RGB triples.
    pub rgb: Vec<u8>,
}

impl Picture {
    fn new(width: u32, height: u32, fill: [u8; 3]) -> Picture {
        Picture {
            width,
            height,
            rgb: fill
                .iter()
                .copied()
                .cycle()
                .take(width as usize * height as usize * 3)
                .collect(),
        }
    }

    fn put(&mut self, x: u32, y: u32, colour: [u8; 3]) {
        if x < self.width && y < self.height {
            let at = (y as usize * self.width as usize + x as usize) * 3;
            self.rgb[at..at + 3].copy_from_slice(&colour);
        }
    }

    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 3]> {
        (x < self.width && y < self.height).then(|| {
            let at = (y as usize * self.width as usize + x as usize) * 3;
            [self.rgb[at], self.rgb[at + 1], self.rgb[at + 2]]
        })
    }
}

/// The smallest side a drawn image gets (small images are scaled up, nearest neighbour).
const MIN_SIDE: u32 = 256;

/// The diverging colour of `t` in [-1, 1]: blue, white at 0, red.
pub fn diverging(t: f64) -> [u8; 3] {
    let t = if t.is_finite() {
        t.clamp(-1.0, 1.0)
    } else {
        0.0
    };
    let fade = |t: f64| (255.0 * (1.0 - t.abs())).round() as u8;
    if t < 0.0 {
        [fade(t), fade(t), 255]
    } else {
        [255, fade(t), fade(t)]
    }
}

fn unit_byte(v: f64) -> u8 {
    if v.is_finite() {
        (v.clamp(0.0, 1.0) * 255.0).round() as u8
    } else {
        0
    }
}

/// The columns and rows of a grid of `depth` slices (nearly square).
pub fn slice_grid(depth: u32) -> (u32, u32) {
    let depth = depth.max(1);
    let columns = (f64::from(depth).sqrt().ceil() as u32).max(1);
    (columns, depth.div_ceil(columns))
}

/// Draws an image buffer (one with `image` metadata); `None` for other buffers.
pub fn render(buffer: &BufferView) -> Option<Picture> {
    let image = buffer.image.as_ref()?;
    let (sw, sh, channels) = (image.width, image.height, image.channels as usize);
    // A 3D texture's slices side by side, in rows of `columns`; a slice per image otherwise.
    let depth = buffer.depth.unwrap_or(1).max(1);
    let (columns, rows) = slice_grid(depth);
    let (w, h) = (sw * columns, sh * rows);
    if channels == 0 || buffer.values.len() < sw as usize * sh as usize * depth as usize * channels
    {
        return None;
    }
    let scale = MIN_SIDE.div_ceil(w.max(h)).max(1);
    let legend = if image.signed { 40 } else { 0 };
    let mut picture = Picture::new(w * scale, h * scale + legend, [255, 255, 255]);
    // Unsigned data in [0, 1] is drawn as is; larger ranges are scaled by their maximum.
    let unsigned_scale = if image.max > 1.0 { image.max } else { 1.0 };
    let signed_scale = image.min.abs().max(image.max.abs());
    for y in 0..h {
        for x in 0..w {
            let z = (y / sh) * columns + x / sw;
            if z >= depth {
                continue;
            }
            let (x0, y0) = (x % sw, y % sh);
            let at =
                ((z as usize * sh as usize + y0 as usize) * sw as usize + x0 as usize) * channels;
            let px = &buffer.values[at..at + channels];
            let colour = if image.signed {
                diverging(if signed_scale > 0.0 {
                    px[0] / signed_scale
                } else {
                    0.0
                })
            } else {
                match channels {
                    1 => [unit_byte(px[0] / unsigned_scale); 3],
                    2 => [
                        unit_byte(px[0] / unsigned_scale),
                        unit_byte(px[1] / unsigned_scale),
                        0,
                    ],
                    _ => [
                        unit_byte(px[0] / unsigned_scale),
                        unit_byte(px[1] / unsigned_scale),
                        unit_byte(px[2] / unsigned_scale),
                    ],
                }
            };
            for dy in 0..scale {
                for dx in 0..scale {
                    picture.put(x * scale + dx, y * scale + dy, colour);
                }
            }
        }
    }
    if image.signed {
        draw_legend(&mut picture, h * scale, signed_scale);
    }
    Some(picture)
}

/// A colour bar from -s (left) to +s (right) with `-s`, `0` and `+s` written under it.
fn draw_legend(picture: &mut Picture, top: u32, s: f64) {
    let margin = 8;
    let bar_top = top + 6;
    let bar_height = 12;
    let width = picture.width.saturating_sub(2 * margin).max(1);
    for x in 0..width {
        let t = 2.0 * f64::from(x) / f64::from(width.max(2) - 1) - 1.0;
        for y in 0..bar_height {
            picture.put(margin + x, bar_top + y, diverging(t));
        }
    }
    let text_top = bar_top + bar_height + 4;
    let low = format!("-{}", short_number(s));
    let high = format!("+{}", short_number(s));
    draw_text(picture, margin, text_top, &low);
    let zero_x = margin + width / 2;
    draw_text(picture, zero_x.saturating_sub(2), text_top, "0");
    let high_width = text_width(&high);
    draw_text(
        picture,
        (margin + width).saturating_sub(high_width),
        text_top,
        &high,
    );
}

/// A number in at most about 8 characters: `0.0123`, `12.5`, `1.2e-5`.
pub fn short_number(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    if (1e-3..1e5).contains(&v.abs()) {
        let text = format!("{v:.4}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        text.chars().take(8).collect()
    } else {
        format!("{v:.1e}")
    }
}

/// 3x5 glyphs, one row per entry, bit 2 = left column.
fn glyph(c: char) -> [u8; 5] {
    match c {
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 7, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 1, 1, 1],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        '-' => [0, 0, 7, 0, 0],
        '+' => [0, 2, 7, 2, 0],
        '.' => [0, 0, 0, 0, 2],
        'e' => [0, 7, 7, 4, 7],
        _ => [0; 5],
    }
}

const GLYPH_SCALE: u32 = 2;

fn text_width(text: &str) -> u32 {
    text.chars().count() as u32 * 4 * GLYPH_SCALE
}

fn draw_text(picture: &mut Picture, left: u32, top: u32, text: &str) {
    for (i, c) in text.chars().enumerate() {
        let rows = glyph(c);
        for (row, bits) in rows.iter().enumerate() {
            for col in 0..3u32 {
                if bits & (4 >> col) == 0 {
                    continue;
                }
                for dy in 0..GLYPH_SCALE {
                    for dx in 0..GLYPH_SCALE {
                        picture.put(
                            left + (i as u32 * 4 + col) * GLYPH_SCALE + dx,
                            top + row as u32 * GLYPH_SCALE + dy,
                            [0, 0, 0],
                        );
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// PNG encoding

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in bytes.chunks(5552) {
        for &x in chunk {
            a += u32::from(x);
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    (b << 16) | a
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// The picture as a PNG file (8-bit RGB, stored deflate blocks).
pub fn encode(picture: &Picture) -> Vec<u8> {
    let row = picture.width as usize * 3;
    let mut raw = Vec::with_capacity((row + 1) * picture.height as usize);
    for y in 0..picture.height as usize {
        raw.push(0); // filter: none
        raw.extend_from_slice(&picture.rgb[y * row..(y + 1) * row]);
    }
    let mut zlib = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65535).collect();
    for (i, block) in blocks.iter().enumerate() {
        zlib.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        zlib.extend_from_slice(&len.to_le_bytes());
        zlib.extend_from_slice(&(!len).to_le_bytes());
        zlib.extend_from_slice(block);
    }
    if blocks.is_empty() {
        zlib.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    zlib.extend_from_slice(&adler32(&raw).to_be_bytes());
    let mut out = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    let mut header = Vec::new();
    header.extend_from_slice(&picture.width.to_be_bytes());
    header.extend_from_slice(&picture.height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preview::ImageInfo;

    #[test]
    fn checksums_match_known_values() {
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
    }

    #[test]
    fn diverging_map_is_blue_white_red() {
        assert_eq!(diverging(-1.0), [0, 0, 255]);
        assert_eq!(diverging(0.0), [255, 255, 255]);
        assert_eq!(diverging(1.0), [255, 0, 0]);
        assert_eq!(diverging(f64::NAN), [255, 255, 255]);
    }

    #[test]
    fn short_numbers() {
        assert_eq!(short_number(0.5), "0.5");
        assert_eq!(short_number(12.25), "12.25");
        assert_eq!(short_number(1.5e-5), "1.5e-5");
    }

    fn buffer(values: Vec<f64>, w: u32, h: u32, signed: bool) -> BufferView {
        let (min, max) = values
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
                (a.min(v), b.max(v))
            });
        BufferView {
            name: "img".into(),
            ty: "float".into(),
            scalar: "f32",
            components: 1,
            count: values.len() as u64,
            values,
            truncated: false,
            image: Some(ImageInfo {
                width: w,
                height: h,
                channels: 1,
                signed,
                min,
                max,
            }),
            depth: None,
        }
    }

    #[test]
    fn signed_image_gets_heatmap_and_legend() {
        let picture = render(&buffer(vec![-2.0, 0.0, 1.0, 2.0], 2, 2, true)).unwrap_or_else(|| {
            panic!("a signed 2x2 buffer draws");
        });
        // 2x2 scaled to 256x256, plus the 40-pixel legend.
        assert_eq!((picture.width, picture.height), (256, 296));
        assert_eq!(picture.pixel(10, 10), Some([0, 0, 255]));
        assert_eq!(picture.pixel(200, 10), Some([255, 255, 255]));
        assert_eq!(picture.pixel(200, 200), Some([255, 0, 0]));
        // The bar's ends.
        assert_eq!(picture.pixel(8, 262), Some([0, 0, 255]));
        assert_eq!(picture.pixel(247, 262), Some([255, 0, 0]));
        let png = encode(&picture);
        assert_eq!(&png[1..4], b"PNG");
    }

    #[test]
    fn slices_of_a_volume_lie_in_a_grid() {
        assert_eq!(slice_grid(1), (1, 1));
        assert_eq!(slice_grid(4), (2, 2));
        assert_eq!(slice_grid(5), (3, 2));
        // Two 1x1 slices: 0 then 1, side by side; the grid's unused cell stays white.
        let mut volume = buffer(vec![0.0, 1.0, 0.5], 1, 1, false);
        volume.depth = Some(3);
        let picture = render(&volume).unwrap_or_else(|| panic!("draws"));
        assert_eq!((picture.width, picture.height), (256, 256));
        assert_eq!(picture.pixel(10, 10), Some([0, 0, 0]));
        assert_eq!(picture.pixel(200, 10), Some([255, 255, 255]));
        assert_eq!(picture.pixel(10, 200), Some([128, 128, 128]));
        assert_eq!(picture.pixel(200, 200), Some([255, 255, 255]));
    }

    #[test]
    fn unsigned_image_is_grayscale() {
        let picture = render(&buffer(vec![0.0, 0.5, 1.0, 0.25], 2, 2, false))
            .unwrap_or_else(|| panic!("draws"));
        assert_eq!((picture.width, picture.height), (256, 256));
        assert_eq!(picture.pixel(0, 0), Some([0, 0, 0]));
        assert_eq!(picture.pixel(200, 0), Some([128, 128, 128]));
        assert_eq!(picture.pixel(0, 200), Some([255, 255, 255]));
    }
}
