//! The Playground-style examples (examples/playground_*.slang) through the preview engine on the
//! GPU (lavapipe here), as `dslang run FILE --frames N --out DIR` and the VS Code preview run them:
//! the animated image moves and follows its controls, the printing example prints, the fit
//! converges at a speed its learning-rate slider sets. Images are checked pixel by pixel as the
//! PNGs draw them.

use std::path::{Path, PathBuf};

use driver::Options;
use driver::preview::{BufferView, PreviewInputs, PreviewResult, png, run_preview_with_on};

mod common;
use common::gpu;

fn example(name: &str) -> (PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    (path, text)
}

fn run(name: &str, frames: u32, inputs: &PreviewInputs) -> Option<PreviewResult> {
    let gpu = gpu()?;
    let (path, text) = example(name);
    let result = run_preview_with_on(gpu, &path, &text, &Options::default(), frames, inputs);
    assert!(
        result.ok,
        "{name}: {:?} {:?}",
        result.error,
        result
            .diagnostics
            .iter()
            .map(|d| &d.message)
            .collect::<Vec<_>>()
    );
    assert_eq!(result.frames, frames);
    Some(result)
}

fn buffer<'a>(result: &'a PreviewResult, name: &str) -> &'a BufferView {
    result
        .buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no buffer `{name}`"))
}

fn picture(result: &PreviewResult, name: &str) -> png::Picture {
    png::render(buffer(result, name)).unwrap_or_else(|| panic!("`{name}` draws no picture"))
}

fn near(got: Option<[u8; 3]>, want: [u8; 3]) -> bool {
    got.is_some_and(|g| g.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 2))
}

#[test]
fn animated_rings_move_with_time_and_follow_the_slider_and_colour() {
    let Some(first) = run("playground_animated.slang", 1, &PreviewInputs::default()) else {
        return;
    };
    // `rendering`'s outputTexture is the 256 x 256 screen.
    let image = picture(&first, "outputTexture");
    assert_eq!((image.width, image.height), (256, 256));
    assert!(first.animated);
    // At the centre at time 0 the wave is 1: the warm colour (0.9, 0.5, 0.2).
    assert!(
        near(image.pixel(128, 128), [230, 128, 51]),
        "{:?}",
        image.pixel(128, 128)
    );
    // Later frames differ (TIME moves the rings).
    let Some(later) = run("playground_animated.slang", 20, &PreviewInputs::default()) else {
        return;
    };
    let moved = picture(&later, "outputTexture");
    let differing = (0..256)
        .step_by(8)
        .filter(|&x| moved.pixel(x, 128) != image.pixel(x, 128))
        .count();
    assert!(differing > 16, "only {differing} of 32 pixels moved");
    // The colour picker sets the ring colour; the slider the number of rings.
    let inputs = PreviewInputs {
        colors: [("warm".to_string(), [0.0, 1.0, 0.0])].into(),
        sliders: [("rings".to_string(), 16.0)].into(),
        ..PreviewInputs::default()
    };
    let Some(picked) = run("playground_animated.slang", 1, &inputs) else {
        return;
    };
    let picked_image = picture(&picked, "outputTexture");
    // Near the centre the wave is nearly 1: nearly the picked green.
    let centre = picked_image.pixel(128, 128).unwrap_or_default();
    assert!(
        centre[0] < 8 && centre[1] > 245 && centre[2] < 12,
        "{centre:?}"
    );
    // 8 pixels (r = 1/32) from the centre: 4 rings give cos(pi/4), nearly warm; 16 rings give
    // cos(pi), the dark blue.
    let at = 128 + 8;
    assert!(
        picked_image.pixel(at, 128) != image.pixel(at, 128),
        "the slider changed nothing"
    );
}

#[test]
fn printing_prints_several_values_and_draws_with_a_lambda() {
    let Some(result) = run("playground_printing.slang", 2, &PreviewInputs::default()) else {
        return;
    };
    // CALL::ONCE: printed in the first frame only.
    assert_eq!(
        result.printed,
        [
            "thread 0: x = 0.00, x^2 = 0.000",
            "thread 4: x = 2.00, x^2 = 4.000",
            "a vector's y 2.500000, a uint 42, an int -3",
        ]
    );
    assert_eq!(
        buffer(&result, "squares").values,
        [0.0, 0.25, 1.0, 2.25, 4.0, 6.25, 9.0, 12.25]
    );
    let image = picture(&result, "outputTexture");
    assert!(near(image.pixel(10, 10), [77, 179, 140]));
    assert_eq!(image.pixel(200, 10), Some([255, 255, 255]));
}

#[test]
fn the_fit_converges_and_its_learning_rate_slider_sets_the_speed() {
    let Some(fast) = run("playground_fit.slang", 200, &PreviewInputs::default()) else {
        return;
    };
    let params = &buffer(&fast, "params").values;
    // The truth is 0.7 x + 0.2 plus noise of +-0.05.
    assert!(
        (params[0] - 0.7).abs() < 0.08 && (params[1] - 0.2).abs() < 0.05,
        "{params:?}"
    );
    assert!(params[2] < 1e-3, "loss {}", params[2]);
    let control = &fast.controls[0];
    assert_eq!(
        (control.name.as_str(), control.kind),
        ("learningRate", "slider")
    );
    let slow_inputs = PreviewInputs {
        sliders: [("learningRate".to_string(), 0.02)].into(),
        ..PreviewInputs::default()
    };
    let Some(slow) = run("playground_fit.slang", 200, &slow_inputs) else {
        return;
    };
    let slow_loss = buffer(&slow, "params").values[2];
    assert!(slow_loss > 5.0 * params[2], "{slow_loss} vs {}", params[2]);
    // The plot: the fitted line (orange) passes near (x, a x + b).
    let plot = picture(&fast, "plot");
    let x = 0.5;
    let y = 1.0 - (params[0] * x + params[1]);
    let (px, py) = ((x * 256.0) as u32 + 2, (y * 256.0) as u32);
    let found = (py.saturating_sub(6)..py + 6).any(|yy| near(plot.pixel(px, yy), [255, 140, 26]));
    assert!(found, "no orange near ({px}, {py})");
    assert!(near(plot.pixel(250, 250), [20, 20, 31]));
}
