//! Library modules that a file sees only when it imports them (the Playground's `printing` and
//! `rendering`), beside the core module that every file sees.

use expect_test::expect;

use super::check_diags;

#[test]
fn rendering_gives_draw_pixel_and_the_output_texture() {
    check_diags(
        r#"
import playground;
import rendering;

[shader("compute")]
[numthreads(16, 16, 1)]
[playground::CALL::SIZE_OF("outputTexture")]
void imageMain(uint2 id : SV_DispatchThreadID)
{
    drawPixel(id, (int2 size) => float4(float(id.x) / float(size.x), 0.5, 0.25, 1.0));
    uint w, h;
    outputTexture.GetDimensions(w, h);
}
"#,
        expect![""],
    );
}

#[test]
fn printing_gives_the_printable_interface() {
    check_diags(
        r#"
import printing;

void show<T : IPrintf>(T value) { printf("%d\n", value); }

[numthreads(1, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID)
{
    show(3);
    show(float2(1.0, 2.0));
    printf("thread %d\n", id.x);
}
"#,
        expect![""],
    );
}

#[test]
fn modules_not_imported_stay_out_of_scope() {
    // A Playground program that declares its own image without `import rendering` keeps it.
    check_diags(
        r#"
RWTexture2D<float4> outputTexture;
void paint(uint2 p) { outputTexture[p] = float4(1.0); }
void show<T : IPrintf>(T value) {}
void draw(uint2 p) { drawPixel(p, (int2 s) => float4(0.0)); }
"#,
        expect![[r#"
            4:15 error[E2002] unknown type `IPrintf`: declare it, import the module that declares it, or check the spelling
            5:22 error[E2001] undefined identifier 'drawPixel'. Declare `drawPixel` before its use, or check the spelling
        "#]],
    );
}
