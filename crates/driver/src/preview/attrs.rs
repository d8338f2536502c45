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
    /// `SLIDER(value, min, max)`: the value.
    Slider { value: f64 },
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

/// Reads the playground attributes of the root file's globals and functions.
pub(crate) fn read(db: &hir::RootDatabase, file: hir::SourceFile) -> Playground {
    let map = &hir::preprocessed(db, file).map;
    let mut out = Playground::default();
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
            Some(values) if values.len() == 3 => GlobalInit::Slider { value: values[0] },
            _ => {
                return Err("`playground::SLIDER(default, min, max)` takes three numbers".into());
            }
        },
        _ => return Ok(None),
    };
    Ok(Some(init))
}
