//! The Slang Playground's attributes (`stdlib/playground.slang`) read from a checked file: how to
//! create each global and which entry points run in a frame, with what dispatch size.

use hir::export::{Attr, AttrArg, global_data, item_def_loc, item_offset};
use hir::{Diagnostic, ItemDef, Severity, TextRange};

/// How a global's contents are made.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum GlobalInit {
    /// `ZEROS(n)`: n zero elements.
    Zeros(u64),
    /// `RAND(n)`: n elements of uniform random floats in [0, 1).
    Rand(u64),
    /// `BLACK(w, h)`: a zero image of w x h elements.
    Black { width: u64, height: u64 },
    /// `BLACK_SCREEN(sx, sy)`: a zero image of the screen's size scaled.
    BlackScreen { scale_x: f64, scale_y: f64 },
    /// `TIME`: seconds since the first frame.
    Time,
    /// `FRAME_ID`: the frame number.
    FrameId,
    /// `SLIDER(value, min, max)`: a control of a scalar uniform.
    Slider { value: f64, min: f64, max: f64 },
    /// `BLACK_3D(w, h, d)`: a zero 3D texture.
    Black3d { width: u64, height: u64, depth: u64 },
    /// `SAMPLER`: linear filtering, repeat addressing.
    Sampler,
    /// `URL("path")`: a texture with the pixels of a PNG image (a local path only).
    Url(String),
    /// `MOUSE_POSITION`: a float4 of mouse data.
    MousePosition,
    /// `KEY("name")`: 1 while the key is pressed, else 0.
    Key(String),
    /// `COLOR_PICK(r, g, b)`: a control of a float3 uniform.
    ColorPick([f64; 3]),
}

impl GlobalInit {
    /// Attributes that give a `uniform` its value each frame.
    pub(crate) fn is_uniform(&self) -> bool {
        matches!(
            self,
            GlobalInit::Time
                | GlobalInit::FrameId
                | GlobalInit::Slider { .. }
                | GlobalInit::MousePosition
                | GlobalInit::Key(_)
                | GlobalInit::ColorPick(_)
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PlaygroundGlobal {
    pub name: String,
    pub init: GlobalInit,
}

/// The dispatch size of a kernel, in threads.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CallSize {
    Threads([u64; 3]),
    /// One thread per element (or pixel) of the named resource.
    SizeOf(String),
    /// `CALL_INDIRECT("buffer", offset)`: three u32 workgroup counts at byte `offset` of the
    /// buffer, read before each dispatch.
    Indirect {
        buffer: String,
        offset: u64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PlaygroundKernel {
    pub name: String,
    pub size: CallSize,
    /// `CALL::ONCE`: the first frame only.
    pub once: bool,
    pub range: TextRange,
}

#[derive(Debug, Default)]
pub(crate) struct Playground {
    pub globals: Vec<PlaygroundGlobal>,
    /// Entry points with a `CALL` attribute, in source order.
    pub kernels: Vec<PlaygroundKernel>,
    /// Attributes with wrong arguments.
    pub errors: Vec<Diagnostic>,
    /// Globals of imported library modules, applied where the program has them.
    pub library_globals: Vec<PlaygroundGlobal>,
}

/// The attribute name without spaces and without the `playground::` prefix, when it has it.
fn playground_name(attr: &Attr) -> Option<String> {
    let name: String = attr.name.chars().filter(|c| !c.is_whitespace()).collect();
    name.strip_prefix("playground::").map(str::to_string)
}

fn number(arg: &AttrArg) -> Option<f64> {
    match arg {
        AttrArg::Int(i) => Some(*i as f64),
        AttrArg::Float(text) | AttrArg::Other(text) => text
            .trim()
            .trim_end_matches(['f', 'F', 'h', 'H', 'l', 'L'])
            .parse()
            .ok(),
        _ => None,
    }
}

fn count(arg: Option<&AttrArg>) -> Option<u64> {
    number(arg?)
        .filter(|v| *v >= 1.0 && v.fract() == 0.0 && *v <= 1e12)
        .map(|v| v as u64)
}

/// A byte offset of `CALL_INDIRECT`: a non-negative multiple of 4.
fn byte_offset(arg: &AttrArg) -> Option<u64> {
    number(arg)
        .filter(|v| *v >= 0.0 && v.fract() == 0.0 && *v <= 1e12 && (*v as u64).is_multiple_of(4))
        .map(|v| v as u64)
}

/// Reads the playground attributes of the root file's globals and functions.
pub(crate) fn read(db: &hir::RootDatabase, file: hir::SourceFile) -> Playground {
    let map = &hir::preprocessed(db, file).map;
    let mut out = Playground::default();
    let mut root_globals = Vec::new();
    for item in hir::file_items(db, file) {
        // Attribute ranges are relative to their item.
        let offset = item_offset(db, &item_def_loc(db, item));
        let place = |attr: &Attr| map.range_to_original(attr.range.shifted(offset));
        let error = |attr: &Attr, message: String| Diagnostic {
            code: "E4201",
            message,
            range: place(attr),
            severity: Severity::Error,
            related: Vec::new(),
        };
        match item {
            ItemDef::Global(global) => {
                let data = global_data(db, global);
                if data.in_type {
                    continue;
                }
                root_globals.push(data.name.to_string());
                for attr in &data.attrs {
                    let Some(kind) = playground_name(attr) else {
                        continue;
                    };
                    match global_init(&kind, &attr.args) {
                        Ok(Some(init)) => out.globals.push(PlaygroundGlobal {
                            name: data.name.to_string(),
                            init,
                        }),
                        Ok(None) => {}
                        Err(why) => out.errors.push(error(attr, why)),
                    }
                }
            }
            ItemDef::Function(function) => {
                let data = hir::fn_data(db, function);
                if data.in_type {
                    continue;
                }
                let mut size = None;
                let mut once = false;
                let mut range = TextRange::default();
                for attr in &data.attrs {
                    let Some(kind) = playground_name(attr) else {
                        continue;
                    };
                    match kind.as_str() {
                        "CALL" => {
                            let dims: Vec<Option<u64>> =
                                attr.args.iter().map(|a| count(Some(a))).collect();
                            if dims.is_empty() || dims.len() > 3 || dims.iter().any(Option::is_none)
                            {
                                out.errors.push(error(
                                    attr,
                                    "`playground::CALL(x, y, z)` takes 1 to 3 positive integer thread counts".into(),
                                ));
                                continue;
                            }
                            let mut threads = [1u64; 3];
                            for (slot, d) in threads.iter_mut().zip(dims) {
                                *slot = d.unwrap_or(1);
                            }
                            size = Some(CallSize::Threads(threads));
                            range = place(attr);
                        }
                        "CALL::SIZE_OF" => match attr.args.as_slice() {
                            [AttrArg::String(name)] => {
                                size = Some(CallSize::SizeOf(name.clone()));
                                range = place(attr);
                            }
                            _ => out.errors.push(error(
                                attr,
                                "`playground::CALL::SIZE_OF(\"name\")` takes the name of a resource as a string".into(),
                            )),
                        },
                        "CALL_INDIRECT" => match attr.args.as_slice() {
                            [AttrArg::String(name), offset] if byte_offset(offset).is_some() => {
                                size = Some(CallSize::Indirect {
                                    buffer: name.clone(),
                                    offset: byte_offset(offset).unwrap_or(0),
                                });
                                range = place(attr);
                            }
                            _ => out.errors.push(error(
                                attr,
                                "`playground::CALL_INDIRECT(\"buffer\", offset)` takes the name of a buffer as a string and a byte offset that is a multiple of 4".into(),
                            )),
                        },
                        "CALL::ONCE" => once = true,
                        _ => {}
                    }
                }
                if let Some(size) = size {
                    out.kernels.push(PlaygroundKernel {
                        name: data.name.to_string(),
                        size,
                        once,
                        range,
                    });
                }
            }
            _ => {}
        }
    }
    // The library's import-only modules declare globals with attributes too (`rendering`'s
    // `outputTexture`); they apply where the program uses the global (it imported the module)
    // and did not declare one of the same name itself.
    for library in hir::Db::workspace(db).stdlib(db).iter() {
        if !hir::is_import_only_module(library.path(db)) {
            continue;
        }
        for item in hir::file_items(db, *library) {
            let ItemDef::Global(global) = item else {
                continue;
            };
            let data = global_data(db, global);
            if data.in_type || root_globals.iter().any(|n| **n == *data.name) {
                continue;
            }
            for attr in &data.attrs {
                if let Some(kind) = playground_name(attr)
                    && let Ok(Some(init)) = global_init(&kind, &attr.args)
                {
                    out.library_globals.push(PlaygroundGlobal {
                        name: data.name.to_string(),
                        init,
                    });
                }
            }
        }
    }
    out
}

/// The init of one global attribute; `Ok(None)` for attributes the preview does not act on.
fn global_init(kind: &str, args: &[AttrArg]) -> Result<Option<GlobalInit>, String> {
    let init = match kind {
        "ZEROS" => GlobalInit::Zeros(
            count(args.first())
                .filter(|_| args.len() == 1)
                .ok_or("`playground::ZEROS(n)` takes a positive element count")?,
        ),
        "RAND" => GlobalInit::Rand(
            count(args.first())
                .filter(|_| args.len() == 1)
                .ok_or("`playground::RAND(n)` takes a positive element count")?,
        ),
        "BLACK" => match (count(args.first()), count(args.get(1)), args.len()) {
            (Some(width), Some(height), 2) => GlobalInit::Black { width, height },
            _ => return Err("`playground::BLACK(w, h)` takes a positive width and height".into()),
        },
        "BLACK_SCREEN" => match (args.first().and_then(number), args.get(1).and_then(number)) {
            (Some(scale_x), Some(scale_y)) if scale_x > 0.0 && scale_y > 0.0 && args.len() == 2 => {
                GlobalInit::BlackScreen { scale_x, scale_y }
            }
            _ => {
                return Err(
                    "`playground::BLACK_SCREEN(sx, sy)` takes two positive scales of the screen size"
                        .into(),
                );
            }
        },
        "TIME" => GlobalInit::Time,
        "FRAME_ID" => GlobalInit::FrameId,
        "SLIDER" => match args.iter().map(number).collect::<Option<Vec<f64>>>() {
            Some(v) if v.len() == 3 && v[1] <= v[2] && (v[1]..=v[2]).contains(&v[0]) => {
                GlobalInit::Slider {
                    value: v[0],
                    min: v[1],
                    max: v[2],
                }
            }
            _ => {
                return Err(
                    "`playground::SLIDER(default, min, max)` takes three numbers with min <= default <= max"
                        .into(),
                );
            }
        },
        "BLACK_3D" => match (
            count(args.first()),
            count(args.get(1)),
            count(args.get(2)),
            args.len(),
        ) {
            (Some(width), Some(height), Some(depth), 3) => GlobalInit::Black3d {
                width,
                height,
                depth,
            },
            _ => {
                return Err(
                    "`playground::BLACK_3D(w, h, d)` takes a positive width, height and depth"
                        .into(),
                );
            }
        },
        "SAMPLER" => {
            if !args.is_empty() {
                return Err("`playground::SAMPLER` takes no arguments".into());
            }
            GlobalInit::Sampler
        }
        "URL" => match args {
            [AttrArg::String(url)] if !url.trim().is_empty() => GlobalInit::Url(url.clone()),
            _ => {
                return Err(
                    "`playground::URL(\"image.png\")` takes the path of a PNG image as a string"
                        .into(),
                );
            }
        },
        "MOUSE_POSITION" => {
            if !args.is_empty() {
                return Err("`playground::MOUSE_POSITION` takes no arguments".into());
            }
            GlobalInit::MousePosition
        }
        "KEY" => match args {
            [AttrArg::String(key)] if !key.is_empty() => GlobalInit::Key(key.clone()),
            _ => {
                return Err(
                    "`playground::KEY(\"KeyA\")` takes a key name as a string (a JavaScript `event.code` or `event.key`)"
                        .into(),
                );
            }
        },
        "COLOR_PICK" => match args.iter().map(number).collect::<Option<Vec<f64>>>() {
            Some(v) if v.len() == 3 && v.iter().all(|c| (0.0..=1.0).contains(c)) => {
                GlobalInit::ColorPick([v[0], v[1], v[2]])
            }
            _ => {
                return Err(
                    "`playground::COLOR_PICK(r, g, b)` takes three numbers in [0, 1], the default colour"
                        .into(),
                );
            }
        },
        _ => return Ok(None),
    };
    Ok(Some(init))
}
