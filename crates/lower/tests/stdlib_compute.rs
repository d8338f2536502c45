//! The compute library of stdlib/{wave,atomics,pack,interop}.slang through lowering: what has a
//! WGSL form lowers (atomics with memory orders, increment/decrement, the `__atomic_*` functions,
//! the WaveMask family over the SM 6.0 operations, packing), and what has none is an E4001
//! diagnostic that names it, never a panic.

mod common;

use expect_test::{Expect, expect};

fn lower(src: &str) -> Result<lower::Lowered, Vec<hir::Diagnostic>> {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    lower::lower_program_full(&db, file, &lower::LowerOptions::default())
}

/// The IR of the entry point `main` (the whole module).
fn check(src: &str, expected: Expect) {
    match lower(src) {
        Ok(lowered) => expected.assert_eq(&ir::print_module(&lowered.module)),
        Err(diags) => panic!("lowering failed: {diags:?}"),
    }
}

fn check_error(src: &str, expected: Expect) {
    match lower(src) {
        Ok(lowered) => panic!(
            "expected an error, got:\n{}",
            ir::print_module(&lowered.module)
        ),
        Err(diags) => {
            let text = common::located(src, &diags);
            expected.assert_eq(&text);
        }
    }
}

#[test]
fn atomics_with_orders_and_increments() {
    check(
        r#"
RWStructuredBuffer<Atomic<uint>> counters;
RWStructuredBuffer<uint> plain;
[numthreads(1, 1, 1)]
void main()
{
    uint a = counters[0].increment();
    uint b = counters[0].add(2u, MemoryOrder.AcquireRelease);
    counters[0].reduceMax(a + b);
    counters[0].reduceDec();
    uint c = __atomic_add(plain[0], 3u);
    __atomic_reduce_or(plain[1], c);
    uint d = __atomic_compare_exchange(plain[2], 0u, 1u);
    plain[3] = __atomic_increment(plain[4]) + d;
}
"#,
        expect![[r#"
            global buffer(read_write) counters: uint
            global buffer(read_write) plain: uint
            entry main = main workgroup_size(1, 1, 1) ()

            fn main() -> void {
              local a: uint
              local b: uint
              local c: uint
              local d: uint
              %0: int = 0
              %1: int = 1
              %2: uint = convert.uint %1
              %3: uint = atomic.add @counters[%0], %2
              store $a, %3
              %4: int = 0
              %5: uint = 2u
              %6: uint = atomic.add @counters[%4], %5
              store $b, %6
              %7: int = 0
              %8: uint = load $a
              %9: uint = load $b
              %10: uint = add %8, %9
              %11: uint = atomic.max @counters[%7], %10
              %12: int = 0
              %13: int = 1
              %14: uint = convert.uint %13
              %15: uint = atomic.sub @counters[%12], %14
              %16: int = 0
              %17: uint = 3u
              %18: uint = atomic.add @plain[%16], %17
              store $c, %18
              %19: int = 1
              %20: uint = load $c
              %21: uint = atomic.or @plain[%19], %20
              %22: int = 2
              %23: uint = 0u
              %24: uint = 1u
              %25: uint = atomic.compare_exchange @plain[%22], %24, %23
              store $d, %25
              %26: int = 3
              %27: int = 4
              %28: int = 1
              %29: uint = convert.uint %28
              %30: uint = atomic.add @plain[%27], %29
              %31: uint = load $d
              %32: uint = add %30, %31
              store @plain[%26], %32
            }
        "#]],
    );
}

#[test]
fn wave_mask_and_packing_lower_through_core_operations() {
    let src = r#"
RWStructuredBuffer<uint> output;
[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    WaveMask mask = WaveGetActiveMask();
    uint s = WaveMaskSum(mask, id.x) + WaveMaskPrefixSum(mask, 1u) + WaveMaskBallot(mask, id.x > 3u);
    bool q = QuadAny(id.x == 0u) && QuadAll(true);
    uint p = packUnorm4x8(float4(0.25)) ^ packHalf2x16(unpackHalf2x16ToFloat(s));
    output[id.x] = s + p + (q ? 1u : 0u);
}
"#;
    assert!(lower(src).is_ok(), "{:?}", lower(src).err());
}

#[test]
fn operations_without_a_wgsl_form_are_diagnosed() {
    let program = |body: &str| {
        format!(
            "RWStructuredBuffer<float> output;\n[numthreads(32, 1, 1)]\nvoid main() {{ {body} }}\n"
        )
    };
    check_error(
        &program("GroupMemoryBarrierWithWaveSync();"),
        expect![
            "E4001 `GroupMemoryBarrierWithWaveSync()`: cannot lower the intrinsic `GroupMemoryBarrierWithWaveSync` yet"
        ],
    );
    check_error(
        &program("output[0] = float(cudaThreadIdx().x);"),
        expect!["E4001 `cudaThreadIdx()`: cannot lower the intrinsic `cudaThreadIdx` yet"],
    );
    check_error(
        &program("abort();"),
        expect!["E4001 `abort()`: cannot lower the intrinsic `abort` yet"],
    );
}

#[test]
fn tensor_views_are_diagnosed() {
    check_error(
        r#"
TensorView<float> input;
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void main() { output[0] = input.load(0); }
"#,
        expect!["E4001 `input`: cannot lower the type `TensorView<float>` here yet"],
    );
}
