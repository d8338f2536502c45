//! Texture and sampler TEST_INPUTs and render-test's generated contents.

use expect_test::{Expect, expect};
use test_format::textures::{color_channel, parse_sampler_input, parse_texture_input};
use test_format::{InputKind, TextureInput, parse_test_file};

fn texture(text: &str) -> TextureInput {
    match parse_texture_input(text) {
        Some(Ok(t)) => t,
        other => panic!("{text}: {other:?}"),
    }
}

/// Level `level` of layer 0 as rows of `RRGGBBAA` colours (z slices separated by a blank line).
fn check_level(text: &str, level: u32, expect: Expect) {
    let t = texture(text);
    let (w, h, _) = t.level_size(level);
    let colors = t.level_colors(level);
    let mut out = String::new();
    for (i, slice) in colors.chunks((w * h) as usize).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for row in slice.chunks(w as usize) {
            let words: Vec<String> = row
                .iter()
                .map(|c| format!("{:08X}", c.swap_bytes()))
                .collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn parses_every_texture_and_sampler_form() {
    let file = parse_test_file(
        "//TEST_INPUT: Texture2D(size=4, content=gradient, mipMaps=1):name=t
//TEST_INPUT: Texture1D(size=8, content = one):name t1
//TEST_INPUT: Texture3D(size=2, content=chessboard, format=R_Float32):name=t3
//TEST_INPUT: TextureCube(size=2, content=one, arrayLength=2):name=tc
//TEST_INPUT: RWTexture2D(format=RGBA_Float32, size=4, content=zero):out,name=rw
//TEST_INPUT: Sampler:name=s
//TEST_INPUT: Sampler(filteringMode=point):name=sp
//TEST_INPUT: set s2 = Sampler(filteringMode=linear)
",
    );
    assert!(file.errors.is_empty(), "{:?}", file.errors);
    let summary: Vec<String> = file
        .inputs
        .iter()
        .map(|i| {
            let kind = match &i.kind {
                InputKind::Texture(t) => format!(
                    "{:?} storage={} {}x{}x{} layers={} levels={} {:?} {:?}",
                    t.dim,
                    t.storage,
                    t.width,
                    t.height,
                    t.depth,
                    t.layers(),
                    t.mip_levels(),
                    t.content,
                    t.format
                ),
                InputKind::Sampler(s) => format!("sampler {:?}", s.filtering),
                other => format!("{other:?}"),
            };
            format!("{:?} out={} {kind}", i.name, i.out)
        })
        .collect();
    expect![[r#"
        Some("t") out=false D2 storage=false 4x4x1 layers=1 levels=1 Gradient None
        Some("t1") out=false D1 storage=false 8x1x1 layers=1 levels=1 One None
        Some("t3") out=false D3 storage=false 2x2x2 layers=1 levels=2 ChessBoard Some(R32Float)
        Some("tc") out=false Cube storage=false 2x2x1 layers=12 levels=2 One None
        Some("rw") out=true D2 storage=true 4x4x1 layers=1 levels=1 Zero Some(Rgba32Float)
        Some("s") out=false sampler Linear
        Some("sp") out=false sampler Point
        Some("s2") out=false sampler Linear"#]]
    .assert_eq(&summary.join("\n"));
}

#[test]
fn bad_texture_and_sampler_arguments_are_errors() {
    let errors: Vec<String> = [
        "Texture2D(size=4, content=stripes)",
        "Texture2D(size=0)",
        "Texture2D(size=4, format=BC7)",
        "Texture2D(size=4, arrayLength=0)",
        "Texture2D(size=99999999999)",
        "Texture2D(size=4",
        "Texture2D(colour=red)",
    ]
    .iter()
    .map(|t| parse_texture_input(t).unwrap().unwrap_err())
    .chain([parse_sampler_input("Sampler(filteringMode=cubic)")
        .unwrap()
        .unwrap_err()])
    .collect();
    expect![[r#"
        `Texture2D(size=4, content=stripes)`: unknown content `stripes`
        `Texture2D(size=0)`: a texture needs at least one texel a side
        `Texture2D(size=4, format=BC7)`: unknown texture format `BC7`
        `Texture2D(size=4, arrayLength=0)`: `arrayLength=0`: expected at least one layer
        `Texture2D(size=99999999999)`: `size=99999999999`: expected a count up to 16384
        `Texture2D(size=4`: expected `)` after the arguments
        `Texture2D(colour=red)`: unknown texture argument `colour`
        `Sampler(filteringMode=cubic)`: unknown sampler argument `filteringMode=cubic`"#]]
    .assert_eq(&errors.join("\n"));
    assert!(parse_texture_input("Texture2DMS(size=4)").is_none());
    assert!(parse_sampler_input("SamplerFoo").is_none());
}

#[test]
fn gradient_contents() {
    check_level(
        "Texture2D(size=4, content=gradient)",
        0,
        expect![[r#"
            000000FF 550000FF AA0000FF FF0000FF
            005500FF 555500FF AA5500FF FF5500FF
            00AA00FF 55AA00FF AAAA00FF FFAA00FF
            00FF00FF 55FF00FF AAFF00FF FFFF00FF
        "#]],
    );
    // Level 1 is 2x2: the gradient spans its own size.
    check_level(
        "Texture2D(size=4, content=gradient)",
        1,
        expect![[r#"
            000000FF FF0000FF
            00FF00FF FFFF00FF
        "#]],
    );
    check_level(
        "Texture3D(size=2, content=gradient)",
        0,
        expect![[r#"
            000000FF FF0000FF
            00FF00FF FFFF00FF

            0000FFFF FF00FFFF
            00FFFFFF FFFFFFFF
        "#]],
    );
    // x / 3 * 255 in f32 is exactly 85 and 170 here.
    check_level(
        "Texture1D(size=4, content=gradient)",
        0,
        expect![[r#"
            000000FF 550000FF AA0000FF FF0000FF
        "#]],
    );
    assert!((color_channel(0xFF00_AA55, 0) - 85.0 / 255.0).abs() < 1e-7);
    assert_eq!(color_channel(0xFF00_AA55, 3), 1.0);
}

#[test]
fn chessboard_contents() {
    // 2D: z = 0 counts as "low", so white where x and y are on the same side.
    check_level(
        "Texture2D(size=4, content=chessboard)",
        0,
        expect![[r#"
            FFFFFFFF FFFFFFFF 808080FF 808080FF
            FFFFFFFF FFFFFFFF 808080FF 808080FF
            808080FF 808080FF FFFFFFFF FFFFFFFF
            808080FF 808080FF FFFFFFFF FFFFFFFF
        "#]],
    );
    check_level(
        "Texture3D(size=2, content=chessboard)",
        0,
        expect![[r#"
            FFFFFFFF 808080FF
            808080FF FFFFFFFF

            808080FF FFFFFFFF
            FFFFFFFF 808080FF
        "#]],
    );
    // A 1x1 level: every coordinate is 0 and 0 < 1 >> 1 is false.
    check_level(
        "Texture2D(size=2, content=chessboard)",
        1,
        expect![[r#"
            808080FF
        "#]],
    );
}
