//! `playground::URL`: the pixels of a local PNG image as RGBA floats in [0, 1]. The preview reads
//! no network: an `http(s)://` URL is refused with a hint; a relative path is taken from the
//! program's folder; a `file://` URL names a local path.

use std::io::Cursor;
use std::path::{Path, PathBuf};

/// The largest image file read.
const MAX_FILE_BYTES: u64 = 64 << 20;

/// A decoded image: `width * height` RGBA texels, row-major from the top.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Image {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<[f32; 4]>,
}

/// The file `url` names, for a program at `program`.
pub(crate) fn resolve(url: &str, program: &Path) -> Result<PathBuf, String> {
    let url = url.trim();
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.contains("://") && !lower.starts_with("file://")
    {
        return Err(format!(
            "`URL(\"{url}\")`: the preview reads no network; save the image beside the program and name it by path (`URL(\"image.png\")`)"
        ));
    }
    let path = Path::new(url.strip_prefix("file://").unwrap_or(url));
    Ok(if path.is_absolute() {
        path.to_path_buf()
    } else {
        program.parent().unwrap_or(Path::new(".")).join(path)
    })
}

/// Reads and decodes a PNG file; `max_texels` bounds width x height.
pub(crate) fn load_png(path: &Path, max_texels: u64) -> Result<Image, String> {
    let shown = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read image {shown}: {e}"))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(format!(
            "image {shown} has {size} bytes; the preview reads at most {} MiB",
            MAX_FILE_BYTES >> 20
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read image {shown}: {e}"))?;
    decode_png(&bytes, max_texels).map_err(|why| format!("image {shown}: {why}"))
}

/// Decodes PNG bytes (any colour type and bit depth) to RGBA floats.
pub(crate) fn decode_png(bytes: &[u8], max_texels: u64) -> Result<Image, String> {
    if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Err("not a PNG file (the preview reads PNG images only)".into());
    }
    let mut decoder = png::Decoder::new_with_limits(
        Cursor::new(bytes),
        png::Limits {
            bytes: (MAX_FILE_BYTES as usize) * 2,
        },
    );
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let (width, height) = {
        let info = reader.info();
        (info.width, info.height)
    };
    if u64::from(width) * u64::from(height) > max_texels {
        return Err(format!(
            "{width}x{height} pixels is larger than the preview allows ({max_texels} pixels)"
        ));
    }
    let size = reader
        .output_buffer_size()
        .ok_or("the image is too large to decode")?;
    let mut buffer = vec![0; size];
    let frame = reader.next_frame(&mut buffer).map_err(|e| e.to_string())?;
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err("an indexed image was not expanded".into()),
    };
    let unit = |b: u8| f32::from(b) / 255.0;
    let mut rgba = Vec::with_capacity(width as usize * height as usize);
    for row in buffer.chunks(frame.line_size).take(height as usize) {
        for px in row.chunks_exact(channels).take(width as usize) {
            rgba.push(match *px {
                [g] => [unit(g), unit(g), unit(g), 1.0],
                [g, a] => [unit(g), unit(g), unit(g), unit(a)],
                [r, g, b] => [unit(r), unit(g), unit(b), 1.0],
                [r, g, b, a, ..] => [unit(r), unit(g), unit(b), unit(a)],
                _ => [0.0; 4],
            });
        }
    }
    rgba.resize(width as usize * height as usize, [0.0; 4]);
    Ok(Image {
        width,
        height,
        rgba,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_urls_are_refused_and_paths_are_beside_the_program() {
        let program = Path::new("/work/shaders/main.slang");
        assert_eq!(
            resolve("img/a.png", program),
            Ok(PathBuf::from("/work/shaders/img/a.png"))
        );
        assert_eq!(
            resolve("/tmp/a.png", program),
            Ok(PathBuf::from("/tmp/a.png"))
        );
        assert_eq!(
            resolve("file:///tmp/a.png", program),
            Ok(PathBuf::from("/tmp/a.png"))
        );
        let refused = resolve("https://example.com/a.png", program);
        assert!(
            refused
                .as_ref()
                .is_err_and(|e| e.contains("reads no network")),
            "{refused:?}"
        );
    }

    #[test]
    fn decodes_our_own_encoder_output_and_refuses_other_formats() {
        let picture = super::super::png::Picture {
            width: 2,
            height: 1,
            rgb: vec![255, 0, 0, 0, 51, 255],
        };
        let image =
            decode_png(&super::super::png::encode(&picture), 100).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((image.width, image.height), (2, 1));
        assert_eq!(image.rgba[0], [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(image.rgba[1], [0.0, 0.2, 1.0, 1.0]);
        assert!(decode_png(b"\xff\xd8\xff\xe0 JFIF", 100).is_err_and(|e| e.contains("PNG")));
        assert!(decode_png(&super::super::png::encode(&picture), 1).is_err());
        // A truncated file is an error, not a panic.
        let bytes = super::super::png::encode(&picture);
        assert!(decode_png(&bytes[..bytes.len() / 2], 100).is_err());
    }
}
