//! Differential pairs of structs holding textures, samplers or buffers: the pair's data is the
//! plain fields of both parts, its resources are globals bound where the derivative is called
//! (`func/pair_handles.rs`).

fn lower(src: &str) -> Result<lower::Lowered, Vec<hir::Diagnostic>> {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    lower::lower_program_full(&db, file, &lower::LowerOptions::default())
}

fn lowered_ir(src: &str) -> String {
    match lower(src) {
        Ok(lowered) => ir::print_module(&lowered.module),
        Err(diags) => panic!("lowering failed: {diags:?}"),
    }
}

/// A differentiable struct with a texture and a sampler: the pair carries `k` and its
/// derivative; the texture is the primal's global, read inside the derivative.
#[test]
fn pair_of_differentiable_struct_with_texture() {
    let ir = lowered_ir(
        r#"
struct Lit : IDifferentiable { Texture2D<float4> tex; SamplerState samp; float k; };
Texture2D<float4> gTex;
SamplerState gS;
RWStructuredBuffer<float> output;
[Differentiable] float f(Lit l, float x) { return x * l.k * (no_diff l.tex.SampleLevel(l.samp, float2(0.5, 0.5), 0)).x; }
[numthreads(1, 1, 1)]
void computeMain() { Lit l = { gTex, gS, 2.0 }; var dl = diffPair(l); var dx = diffPair(3.0); bwd_diff(f)(dl, dx, 1.0); output[0] = dx.d + dl.d.k; }
"#,
    );
    assert!(ir.contains("struct Lit {\n  k: float,\n}"), "{ir}");
    assert!(ir.contains("gTex"), "{ir}");
}

/// A location holding its buffer (`IDifferentiablePtrType`): each part of the pair names its
/// own buffer, and the user-written derivative writes through the derivative's.
#[test]
fn ptr_pair_of_location_holding_a_buffer() {
    let ir = lowered_ir(
        r#"
RWStructuredBuffer<float> values;
RWStructuredBuffer<float> grads;
struct Span : IDifferentiablePtrType
{
    typealias Differential = Span;
    RWStructuredBuffer<float> buf;
    uint offset;
}
void readBwd(DifferentialPtrPair<Span> s, float dOut) { s.d.buf[s.d.offset] += dOut; }
[BackwardDerivative(readBwd)]
float read(Span s) { return s.buf[s.offset]; }
[Differentiable] float f(Span s, float x) { return read(s) * x; }
[numthreads(1, 1, 1)]
void computeMain()
{
    Span s = { values, 1 };
    var x = diffPair(2.0);
    bwd_diff(f)(diffPair(s, { grads, 3 }), x, 1.0);
}
"#,
    );
    // The derivative writes `grads`, the primal reads `values`.
    assert!(ir.contains("grads"), "{ir}");
    assert!(ir.contains("values"), "{ir}");
}
