//! `dslang run FILE --frames N --out DIR`: the preview's engine from the command line. Writes
//! `DIR/preview.json` (the preview protocol's `PreviewResult`) and one PNG per image buffer, and
//! prints a summary.

use std::path::Path;

use driver::preview::{self, PreviewInputs, PreviewResult};

use crate::exit;

/// The preview's user inputs on the command line (each implies preview mode). Defaults: controls
/// at their attribute's default, the mouse at (0, 0, 0, 0) (no button down), no key held.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct InputArgs {
    /// Sets a `playground::SLIDER` uniform (clamped to its range); repeatable.
    #[arg(long = "slider", value_name = "NAME=VALUE", value_parser = parse_slider, conflicts_with_all = ["dispatch", "json"])]
    sliders: Vec<(String, f64)>,
    /// Sets a `playground::COLOR_PICK` uniform (components in [0, 1]); repeatable.
    #[arg(long = "color", value_name = "NAME=R,G,B", value_parser = parse_color, conflicts_with_all = ["dispatch", "json"])]
    colors: Vec<(String, [f64; 3])>,
    /// The `playground::MOUSE_POSITION` value: x, y while a button is down, z and w where it was
    /// pressed (z > 0: button down, w > 0: clicked).
    #[arg(long, value_name = "X,Y,Z,W", value_parser = parse_mouse, conflicts_with_all = ["dispatch", "json"])]
    mouse: Option<[f64; 4]>,
    /// A key held for every frame (`event.code` or `event.key` name, e.g. `KeyA`, `ArrowLeft`, `a`),
    /// for `playground::KEY`; repeatable.
    #[arg(long = "key", value_name = "NAME", conflicts_with_all = ["dispatch", "json"])]
    keys: Vec<String>,
}

impl InputArgs {
    pub fn given(&self) -> bool {
        !self.sliders.is_empty()
            || !self.colors.is_empty()
            || self.mouse.is_some()
            || !self.keys.is_empty()
    }

    pub fn into_inputs(self) -> PreviewInputs {
        PreviewInputs {
            sliders: self.sliders.into_iter().collect(),
            colors: self.colors.into_iter().collect(),
            mouse: self.mouse.unwrap_or_default(),
            keys: self.keys,
            resume: false,
            from_frame: None,
        }
    }
}

fn numbers<const N: usize>(text: &str) -> Result<[f64; N], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let values: Vec<f64> = parts
        .iter()
        .map(|p| p.parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("`{text}` is not {N} comma-separated numbers"))?;
    values
        .try_into()
        .map_err(|_| format!("`{text}` is not {N} comma-separated numbers"))
}

fn named(text: &str) -> Result<(String, &str), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value)),
        _ => Err(format!("`{text}` is not NAME=VALUE")),
    }
}

fn parse_slider(text: &str) -> Result<(String, f64), String> {
    let (name, value) = named(text)?;
    let [value] = numbers::<1>(value)?;
    Ok((name, value))
}

fn parse_color(text: &str) -> Result<(String, [f64; 3]), String> {
    let (name, value) = named(text)?;
    Ok((name, numbers::<3>(value)?))
}

fn parse_mouse(text: &str) -> Result<[f64; 4], String> {
    numbers::<4>(text)
}

pub fn run(
    path: &Path,
    common: crate::compile::Common,
    frames: u32,
    out: Option<&Path>,
    inputs: &PreviewInputs,
) -> u8 {
    let bytes = match crate::input::read_file(path) {
        Ok(bytes) => bytes,
        Err(refused) => return refused.report(),
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let options = common.options();
    let gpu = match crate::compile::open_gpu() {
        Ok(gpu) => gpu,
        Err(status) => return status,
    };
    let result = preview::run_preview_with_on(&gpu, path, &text, &options, frames, inputs);
    // cli.md's header line for each error (columns in UTF-16 units, as the protocol counts).
    for d in result.diagnostics.iter().filter(|d| d.severity == "error") {
        eprintln!(
            "{}:{}:{}: error[{}]: {}",
            path.display(),
            d.line,
            d.column,
            d.code,
            d.message
        );
    }
    let mut written = Vec::new();
    if let Some(dir) = out {
        match write_outputs(dir, &result) {
            Ok(files) => written = files,
            Err(message) => {
                eprintln!("error: {message}");
                return exit::BAD_COMMAND_LINE;
            }
        }
    }
    print!("{}", summary(&result, &written));
    if let Some(error) = &result.error {
        eprintln!("{}: error: {error}", path.display());
    }
    if result.ok {
        exit::OK
    } else {
        exit::USER_ERROR
    }
}

/// Writes `preview.json` and the PNGs; returns the files written.
fn write_outputs(dir: &Path, result: &PreviewResult) -> Result<Vec<String>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    let json_path = dir.join("preview.json");
    let json =
        serde_json::to_string(result).map_err(|e| format!("cannot serialise the preview: {e}"))?;
    write_replacing(&json_path, (json + "\n").as_bytes())?;
    files.push(json_path.display().to_string());
    for buffer in &result.buffers {
        let Some(picture) = preview::png::render(buffer) else {
            continue;
        };
        let png_path = dir.join(format!("{}.png", file_stem(&buffer.name)));
        write_replacing(&png_path, &preview::png::encode(&picture))?;
        files.push(png_path.display().to_string());
    }
    Ok(files)
}

/// Writes `bytes` to `path` through a new file renamed over it: a symlink or hard link planted
/// at `path` is replaced, never written through.
fn write_replacing(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    // `create_new` fails on anything already there, a link included.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .map_err(cannot)?;
    let written = std::io::Write::write_all(&mut file, bytes).and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written.and_then(|()| std::fs::rename(&temp, path)) {
        let _ = std::fs::remove_file(&temp);
        return Err(cannot(e));
    }
    Ok(())
}

/// A buffer name as a file name (names are identifiers; anything else becomes `_`).
fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The text printed after a preview run.
pub fn summary(result: &PreviewResult, written: &[String]) -> String {
    let mut out = String::new();
    if let Some(adapter) = &result.adapter {
        out += &format!("adapter: {adapter}\n");
    }
    out += &format!(
        "frames: {}, GPU time {:.1} ms\n",
        result.frames, result.time_ms
    );
    for kernel in &result.kernels {
        out += &format!(
            "kernel {}: dispatch {:?}, {} calls, {:.1} ms\n",
            kernel.entry_point, kernel.dispatch, kernel.calls, kernel.time_ms
        );
    }
    for control in &result.controls {
        let value: Vec<String> = control
            .value
            .iter()
            .map(|v| preview::png::short_number(*v))
            .collect();
        let range = match (control.min, control.max) {
            (Some(min), Some(max)) => format!(
                " (from {} to {})",
                preview::png::short_number(min),
                preview::png::short_number(max)
            ),
            _ => String::new(),
        };
        out += &format!(
            "{} {} = {}{range}\n",
            control.kind,
            control.name,
            value.join(", ")
        );
    }
    for buffer in &result.buffers {
        let finite = buffer.values.iter().copied().filter(|v| v.is_finite());
        let (min, max) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
        let range = if min <= max {
            format!(
                "min {} max {}",
                preview::png::short_number(min),
                preview::png::short_number(max)
            )
        } else {
            "no finite values".into()
        };
        let shape = match &buffer.image {
            Some(image) if buffer.depth.is_some() => format!(
                "{}x{}x{} volume",
                image.width,
                image.height,
                buffer.depth.unwrap_or(1)
            ),
            Some(image) => format!(
                "{}x{} image{}",
                image.width,
                image.height,
                if image.signed { " (signed)" } else { "" }
            ),
            None => format!("{} elements", buffer.count),
        };
        let first: Vec<String> = buffer
            .values
            .iter()
            .take(8)
            .map(|v| preview::png::short_number(*v))
            .collect();
        let more = match buffer.values.last() {
            Some(last) if buffer.values.len() > 8 => {
                format!(", ..., {}", preview::png::short_number(*last))
            }
            _ => String::new(),
        };
        out += &format!(
            "buffer {} ({}): {shape}, {range}: [{}{more}]\n",
            buffer.name,
            buffer.ty,
            first.join(", ")
        );
    }
    for line in &result.printed {
        out += &format!("printf: {line}\n");
    }
    for file in written {
        out += &format!("wrote {file}\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use driver::preview::{BufferView, ImageInfo, KernelRun};
    use expect_test::expect;

    fn result() -> PreviewResult {
        PreviewResult {
            ok: true,
            file: "/x/shader.slang".into(),
            adapter: Some("llvmpipe".into()),
            backend: Some("vulkan".into()),
            frames: 2,
            time_ms: 1.25,
            kernels: vec![KernelRun {
                entry_point: "k".into(),
                dispatch: [2, 1, 1],
                calls: 2,
                time_ms: 1.25,
            }],
            buffers: vec![
                BufferView {
                    name: "img".into(),
                    ty: "float".into(),
                    scalar: "f32",
                    components: 1,
                    count: 4,
                    values: vec![-1.0, 0.0, 0.5, 1.0],
                    truncated: false,
                    image: Some(ImageInfo {
                        width: 2,
                        height: 2,
                        channels: 1,
                        signed: true,
                        min: -1.0,
                        max: 1.0,
                    }),
                    depth: None,
                },
                BufferView {
                    name: "plain".into(),
                    ty: "uint".into(),
                    scalar: "u32",
                    components: 1,
                    count: 9,
                    values: (0..9).map(f64::from).collect(),
                    truncated: false,
                    image: None,
                    depth: None,
                },
            ],
            printed: vec!["hello".into()],
            ..PreviewResult::default()
        }
    }

    #[test]
    fn writes_json_and_one_png_per_image_and_summarises() {
        let dir = std::env::temp_dir().join(format!("dslang-cli-preview-{}", std::process::id()));
        let written = write_outputs(&dir, &result()).unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<String> = written
            .iter()
            .map(|p| p.rsplit('/').next().unwrap_or_default().to_string())
            .collect();
        assert_eq!(names, ["preview.json", "img.png"]);
        let json: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join("preview.json")).unwrap_or_default(),
        )
        .unwrap_or_default();
        assert_eq!(json["buffers"][0]["image"]["signed"], true);
        assert_eq!(json["kernels"][0]["entryPoint"], "k");
        let png = std::fs::read(dir.join("img.png")).unwrap_or_default();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let _ = std::fs::remove_dir_all(&dir);
        expect![[r#"
            adapter: llvmpipe
            frames: 2, GPU time 1.2 ms
            kernel k: dispatch [2, 1, 1], 2 calls, 1.2 ms
            buffer img (float): 2x2 image (signed), min -1 max 1: [-1, 0, 0.5, 1]
            buffer plain (uint): 9 elements, min 0 max 8: [0, 1, 2, 3, 4, 5, 6, 7, ..., 8]
            printf: hello
            wrote out/preview.json
        "#]]
        .assert_eq(&summary(&result(), &["out/preview.json".to_string()]));
    }
}
