//! The examples under examples/ run through the preview engine on the GPU (lavapipe here), as
//! `dslang run examples/X.slang --frames N --out DIR` runs them: the optimisations converge and
//! the images hold what they should.

use std::path::{Path, PathBuf};

use driver::Options;
use driver::preview::{BufferView, PreviewResult, gradient_check_on, png, run_preview_on};

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

fn run(name: &str, frames: u32) -> Option<PreviewResult> {
    let gpu = gpu()?;
    let (path, text) = example(name);
    let result = run_preview_on(gpu, &path, &text, &Options::default(), frames);
    assert!(
        result.ok,
        "{name}: {:?} {:?}",
        result.error, result.diagnostics
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

/// The RGB(A) or scalar value of pixel (x, y) of an image buffer.
fn pixel(buffer: &BufferView, x: u32, y: u32) -> &[f64] {
    let image = buffer
        .image
        .as_ref()
        .unwrap_or_else(|| panic!("`{}` is not an image", buffer.name));
    let channels = image.channels as usize;
    let at = (y * image.width + x) as usize * channels;
    &buffer.values[at..at + channels]
}

#[test]
fn gaussian_splatting_fits_the_smiley() {
    let Some(result) = run("gaussian_splatting.slang", 100) else {
        return;
    };
    let loss = &buffer(&result, "loss").values;
    assert!(
        loss[99] < loss[0] / 5.0,
        "loss went from {} to {}",
        loss[0],
        loss[99]
    );
    assert!(
        loss[50] < loss[0] && loss[99] < loss[50],
        "{:?}",
        &loss[..100]
    );
    let image = buffer(&result, "image");
    assert_eq!(
        image.image.as_ref().map(|i| (i.width, i.height, i.signed)),
        Some((32, 32, false))
    );
    // The face's cheek is yellow, the eyes and the smile dark, the corner background dark.
    let cheek = pixel(image, 8, 14);
    assert!(
        cheek[0] > 0.6 && cheek[1] > 0.5 && cheek[2] < 0.35,
        "{cheek:?}"
    );
    let eye = pixel(image, 11, 12);
    assert!(eye[0] < 0.5 && eye[1] < 0.4, "{eye:?}");
    let smile = pixel(image, 16, 23);
    assert!(smile[0] < 0.6, "{smile:?}");
    let corner = pixel(image, 1, 1);
    assert!(corner.iter().take(3).all(|c| *c < 0.3), "{corner:?}");
    // The residual is signed and drawn with a legend.
    let residual = buffer(&result, "residual");
    assert!(residual.image.as_ref().is_some_and(|i| i.signed));
    let picture = png::render(residual).unwrap_or_else(|| panic!("the residual draws"));
    assert_eq!((picture.width, picture.height), (256, 296));
}

#[test]
fn brdf_fit_recovers_the_parameters() {
    let Some(result) = run("brdf_fit.slang", 40) else {
        return;
    };
    let loss = &buffer(&result, "loss").values;
    assert!(
        loss[39] < loss[0] * 1e-3,
        "loss went from {} to {}",
        loss[0],
        loss[39]
    );
    let params = &buffer(&result, "params").values;
    let truth = [0.7, 0.4, 0.3f64.ln()];
    for (fit, want) in params.iter().zip(truth) {
        assert!(
            (fit - want).abs() < 0.02 * want.abs(),
            "fit {params:?}, truth {truth:?}"
        );
    }
    // Both spheres look the same: the left is lit with the true BRDF, the right with the fit.
    let spheres = buffer(&result, "spheres");
    for (x, y) in [(32, 32), (20, 20), (40, 30), (32, 50)] {
        let left = pixel(spheres, x, y);
        let right = pixel(spheres, x + 64, y);
        for (l, r) in left.iter().zip(right) {
            assert!((l - r).abs() < 0.02, "({x}, {y}): {left:?} vs {right:?}");
        }
    }
    assert!(pixel(spheres, 32, 32)[0] > 0.3, "the sphere is lit");
}

#[test]
fn sdf_derivative_images_are_signed_where_the_shape_moves() {
    let Some(result) = run("sdf_derivative.slang", 1) else {
        return;
    };
    let shape = buffer(&result, "shape");
    // Pixel centres are in [-1, 1]^2 with y up: x = (px + 0.5) / 64 - 1. The circle has centre
    // (0.25, 0) and radius 0.3; the box is centred at (-0.35, 0).
    let to_pixel = |x: f64| ((x + 1.0) * 64.0 - 0.5).round() as u32;
    assert!(pixel(shape, to_pixel(0.25), 64)[0] > 0.99);
    assert!(pixel(shape, to_pixel(-0.35), 64)[0] > 0.99);
    assert!(pixel(shape, 2, 2)[0] < 0.01);
    let d_center = buffer(&result, "dCenterX");
    let info = d_center
        .image
        .as_ref()
        .unwrap_or_else(|| panic!("an image"));
    assert!(info.signed && info.min < -1.0 && info.max > 1.0, "{info:?}");
    // Moving the circle right: its right edge gains coverage, its top and bottom do not change.
    let right_edge = pixel(d_center, to_pixel(0.55), 64)[0];
    assert!(right_edge > 1.0, "{right_edge}");
    let top = pixel(d_center, to_pixel(0.25), to_pixel(-0.3))[0];
    assert!(top.abs() < 0.5, "{top}");
    // Inside, far from edges, nothing changes.
    assert!(pixel(d_center, to_pixel(0.25), 64)[0].abs() < 1e-3);
    // Growing the radius gains coverage all around the circle, and loses it nowhere.
    let d_radius = buffer(&result, "dRadius");
    assert!(pixel(d_radius, to_pixel(0.55), 64)[0] > 1.0);
    assert!(d_radius.values.iter().all(|v| *v >= 0.0));
}

#[test]
fn gradient_check_passes_on_the_examples_functions() {
    let Some(gpu) = gpu() else { return };
    for (name, functions) in [
        ("gaussian_splatting.slang", &["splat"][..]),
        ("brdf_fit.slang", &["brdf"][..]),
        ("sdf_derivative.slang", &["circle", "smoothUnion"][..]),
    ] {
        let (path, text) = example(name);
        for function in functions {
            let result = gradient_check_on(gpu, &path, &text, &Options::default(), Some(function));
            assert!(result.passed, "{name}: {function}: {result:#?}");
        }
    }
}
