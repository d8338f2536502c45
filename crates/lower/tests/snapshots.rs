//! IR snapshots of small programs (ir's printer), and the diagnostics of what cannot be lowered.

use expect_test::{Expect, expect};

mod common;
use common::{check, lower};

fn check_error(src: &str, expected: Expect) {
    match lower(src) {
        Ok(module) => panic!("expected an error, got:\n{}", ir::print_module(&module)),
        Err(diags) => {
            let text: Vec<String> = diags
                .iter()
                .map(|d| {
                    format!(
                        "{} {}..{} `{}`: {}",
                        d.code,
                        d.range.start,
                        d.range.end,
                        &src[d.range.start as usize..d.range.end as usize],
                        d.message
                    )
                })
                .collect();
            expected.assert_eq(&text.join("\n"));
        }
    }
}

#[test]
fn arithmetic_with_implicit_conversions() {
    check(
        r#"
RWStructuredBuffer<float> outputBuffer;
[numthreads(4, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    int i = int(tid.x);
    float3 v = 2;
    outputBuffer[tid.x] = v.y * i + 0.5;
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(4, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local i: int
              local v: float3
              %0: uint = load $tid[0]
              %1: int = convert.int %0
              store $i, %1
              %2: int = 2
              %3: float = convert.float %2
              %4: float3 = splat %3
              store $v, %4
              %5: uint = load $tid[0]
              %6: float = load $v[1]
              %7: int = load $i
              %8: float = convert.float %7
              %9: float = mul %6, %8
              %10: float = 0.5
              %11: float = add %9, %10
              store @outputBuffer[%5], %11
            }
        "#]],
    );
}

#[test]
fn loops_and_short_circuit() {
    check(
        r#"
RWStructuredBuffer<int> outputBuffer;
bool positive(int x) { return x > 0; }
[numthreads(1, 1, 1)]
void computeMain()
{
    int s = 0;
    for (int i = 0; i < 4; i++)
    {
        if (i == 2) continue;
        s += i;
    }
    outputBuffer[0] = (s > 1 && positive(s)) ? s : -1;
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local s: int
              local i: int
              local logic: bool
              local ternary: int
              %0: int = 0
              store $s, %0
              %1: int = 0
              store $i, %1
              loop {
                %2: int = load $i
                %3: int = 4
                %4: bool = lt %2, %3
                if %4 {
                } else {
                  break
                }
                %5: int = load $i
                %6: int = 2
                %7: bool = eq %5, %6
                if %7 {
                  continue
                }
                %8: int = load $i
                %9: int = load $s
                %10: int = add %9, %8
                store $s, %10
              } continuing {
                %11: int = load $i
                %12: int = 1
                %13: int = add %11, %12
                store $i, %13
              }
              %14: int = 0
              %15: int = load $s
              %16: int = 1
              %17: bool = gt %15, %16
              store $logic, %17
              if %17 {
                %18: int = load $s
                %19: bool = call positive(%18)
                store $logic, %19
              }
              %20: bool = load $logic
              if %20 {
                %21: int = load $s
                store $ternary, %21
              } else {
                %22: int = 1
                %23: int = neg %22
                store $ternary, %23
              }
              %24: int = load $ternary
              store @outputBuffer[%14], %24
            }

            fn positive(x: int) -> bool {
              %0: int = load $x
              %1: int = 0
              %2: bool = gt %0, %1
              return %2
            }
        "#]],
    );
}

#[test]
fn methods_mutating_and_generics_are_monomorphised() {
    check(
        r#"
RWStructuredBuffer<float> outputBuffer;
struct Counter
{
    float total;
    [mutating] void add(float x) { total += x; }
    float get() { return total; }
};
T twice<T : IArithmetic>(T x) { return x + x; }
[numthreads(1, 1, 1)]
void computeMain()
{
    Counter c = { 1.0 };
    c.add(2.0);
    outputBuffer[0] = twice(c.get()) + float(twice(3));
}
"#,
        expect![[r#"
            struct Counter {
              total: float,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local c: Counter
              %0: float = 1.0
              %1: Counter = construct %0
              store $c, %1
              %2: float = 2.0
              %3: void = call Counter_add(inout $c, %2)
              %4: int = 0
              %5: Counter = load $c
              %6: float = call Counter_get(%5)
              %7: float = call twice_float(%6)
              %8: int = 3
              %9: int = call twice_int(%8)
              %10: float = convert.float %9
              %11: float = add %7, %10
              store @outputBuffer[%4], %11
            }

            fn Counter_add(inout this: Counter, x: float) -> void {
              %0: float = load $x
              %1: float = load $this.total
              %2: float = add %1, %0
              store $this.total, %2
            }

            fn twice_float(x: float) -> float {
              %0: float = load $x
              %1: float = load $x
              %2: float = add %0, %1
              return %2
            }

            fn Counter_get(this: Counter) -> float {
              %0: float = load $this.total
              return %0
            }

            fn twice_int(x: int) -> int {
              %0: int = load $x
              %1: int = load $x
              %2: int = add %0, %1
              return %2
            }
        "#]],
    );
}

#[test]
fn out_arguments_through_swizzles_copy_back() {
    check(
        r#"
RWStructuredBuffer<float> outputBuffer;
void split(float x, out float a, inout float b) { a = x; b += x; }
[numthreads(1, 1, 1)]
void computeMain()
{
    float2 v = float2(1.0, 2.0);
    split(3.0, v.y, v.x);
    outputBuffer[0] = v.x + v.y;
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local v: float2
              %0: float = 1.0
              %1: float = 2.0
              %2: float2 = construct %0, %1
              store $v, %2
              %3: float = 3.0
              %4: void = call split(%3, out $v[1], inout $v[0])
              %5: int = 0
              %6: float = load $v[0]
              %7: float = load $v[1]
              %8: float = add %6, %7
              store @outputBuffer[%5], %8
            }

            fn split(x: float, out a: float, inout b: float) -> void {
              %0: float = load $x
              store $a, %0
              %1: float = load $x
              %2: float = load $b
              %3: float = add %2, %1
              store $b, %3
            }
        "#]],
    );
}

#[test]
fn resources_in_declaration_order_and_constants() {
    check(
        r#"
static const int kCount = 2;
StructuredBuffer<float> inputBuffer;
groupshared float shared[kCount];
RWStructuredBuffer<float> outputBuffer;
[numthreads(2, 1, 1)]
void computeMain(uint gi : SV_GroupIndex)
{
    shared[gi] = inputBuffer[gi];
    GroupMemoryBarrierWithGroupSync();
    outputBuffer[gi] = shared[kCount - 1 - gi];
}
"#,
        expect![[r#"
            global buffer(read) inputBuffer: float
            global groupshared shared: float[2]
            global buffer(read_write) outputBuffer: float
            global const kCount: int = 2
            entry computeMain = computeMain workgroup_size(2, 1, 1) (SV_GroupIndex)

            fn computeMain(gi: uint) -> void {
              %0: uint = load $gi
              %1: uint = load $gi
              %2: float = load @inputBuffer[%1]
              store @shared[%0], %2
              barrier Group
              %3: uint = load $gi
              %4: int = 2
              %5: int = 1
              %6: int = sub %4, %5
              %7: uint = load $gi
              %8: uint = convert.uint %6
              %9: uint = sub %8, %7
              %10: float = load @shared[%9]
              store @outputBuffer[%3], %10
            }
        "#]],
    );
}

#[test]
fn interface_values_without_type_conformance_number_the_conforming_structs() {
    // No `type_conformance` ids: the conforming structs of the file get tags in source order.
    check(
        r#"
interface IShape { float area(); }
struct Square : IShape { float s; float area() { return s * s; } }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    IShape shape = Square(2.0);
    outputBuffer[0] = shape.area();
}
"#,
        expect![[r#"
            struct Square {
              s: float,
            }
            struct IShape_Square {
              tag: uint,
              value: Square,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local shape: IShape_Square
              local dispatch: float
              %0: float = 2.0
              %1: Square = construct %0
              %2: uint = 0u
              %3: IShape_Square = construct %2, %1
              store $shape, %3
              %4: int = 0
              %5: IShape_Square = load $shape
              %6: uint = extract %5, 0
              %7: Square = extract %5, 1
              %8: float = call Square_area(%7)
              store $dispatch, %8
              %9: float = load $dispatch
              store @outputBuffer[%4], %9
            }

            fn Square_area(this: Square) -> float {
              %0: float = load $this.s
              %1: float = load $this.s
              %2: float = mul %0, %1
              return %2
            }
        "#]],
    );
}

#[test]
fn missing_entry_point_is_reported() {
    check_error(
        "float f(float x) { return x; }",
        expect![[
            r#"E4002 0..0 ``: no compute entry point: declare `computeMain` or a `[shader("compute")]` function"#
        ]],
    );
}

#[test]
fn printf_and_value_generics() {
    check(
        r#"
RWStructuredBuffer<float> outputBuffer;
float sum<let N : int>(float a[N]) { float s = 0; for (int i = 0; i < N; i++) s += a[i]; return s; }
[numthreads(1, 1, 1)]
void computeMain()
{
    float a[3] = { 1.0, 2.0, 3.0 };
    printf("sum=%f\n", sum(a));
    outputBuffer[0] = a.getCount();
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: float
            print_format 0 "sum=%f\n"
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local a: float[3]
              %0: float = 1.0
              %1: float = 2.0
              %2: float = 3.0
              %3: float[3] = construct %0, %1, %2
              store $a, %3
              %4: float[3] = load $a
              %5: float = call sum_3(%4)
              %6: void = print 0 (%5)
              %7: int = 0
              %8: int = 3
              %9: float = convert.float %8
              store @outputBuffer[%7], %9
            }

            fn sum_3(a: float[3]) -> float {
              local s: float
              local i: int
              %0: int = 0
              %1: float = convert.float %0
              store $s, %1
              %2: int = 0
              store $i, %2
              loop {
                %3: int = load $i
                %4: int = 3
                %5: bool = lt %3, %4
                if %5 {
                } else {
                  break
                }
                %6: int = load $i
                %7: float = load $a[%6]
                %8: float = load $s
                %9: float = add %8, %7
                store $s, %9
              } continuing {
                %10: int = load $i
                %11: int = 1
                %12: int = add %10, %11
                store $i, %12
              }
              %13: float = load $s
              return %13
            }
        "#]],
    );
}

#[test]
fn interface_values_dispatch_on_their_type_id() {
    let src = r#"
interface IShape { float area(); }
struct Square : IShape { float s; float area() { return s * s; } }
struct Unit : IShape { float area() { return 1.0; } }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    IShape shape = Square(2.0);
    outputBuffer[0] = shape.area();
}
"#;
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    let conformance = |t: &str, id| lower::TypeConformance {
        type_name: t.into(),
        interface: "IShape".into(),
        id,
    };
    let options = lower::LowerOptions {
        entry: None,
        type_conformances: vec![conformance("Square", 0), conformance("Unit", 1)],
        ..lower::LowerOptions::default()
    };
    let module = lower::lower_program_with(&db, file, &options).expect("lowers");
    expect![[r#"
        struct Square {
          s: float,
        }
        struct IShape_Square {
          tag: uint,
          value: Square,
        }
        global buffer(read_write) outputBuffer: float
        entry computeMain = computeMain workgroup_size(1, 1, 1) ()

        fn computeMain() -> void {
          local shape: IShape_Square
          local dispatch: float
          %0: float = 2.0
          %1: Square = construct %0
          %2: uint = 0u
          %3: IShape_Square = construct %2, %1
          store $shape, %3
          %4: int = 0
          %5: IShape_Square = load $shape
          %6: uint = extract %5, 0
          %7: Square = extract %5, 1
          %8: float = call Square_area(%7)
          store $dispatch, %8
          %9: float = load $dispatch
          store @outputBuffer[%4], %9
        }

        fn Square_area(this: Square) -> float {
          %0: float = load $this.s
          %1: float = load $this.s
          %2: float = mul %0, %1
          return %2
        }
    "#]]
    .assert_eq(&ir::print_module(&module));
}

#[test]
fn mutable_static_globals_are_private_globals() {
    // One copy per thread, starting from the initialiser (zero without one).
    check(
        r#"
static float counter = 0.5;
static int2 hits;
RWStructuredBuffer<float> outputBuffer;
void bump() { counter += 1.0; hits.y = 2; }
[numthreads(1, 1, 1)]
void computeMain()
{
    bump();
    outputBuffer[0] = counter + float(hits.y);
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: float
            global static counter: float = 0.5
            global static hits: int2 = {0, 0}
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              %0: void = call bump()
              %1: int = 0
              %2: float = load @counter
              %3: int = load @hits[1]
              %4: float = convert.float %3
              %5: float = add %2, %4
              store @outputBuffer[%1], %5
            }

            fn bump() -> void {
              %0: float = 1.0
              %1: float = load @counter
              %2: float = add %1, %0
              store @counter, %2
              %3: int = 2
              store @hits[1], %3
            }
        "#]],
    );
}

/// The functions of `src`'s module whose names are in `names`, printed (the stdlib's math
/// derivatives are left out).
fn check_functions(src: &str, names: &[&str], expected: Expect) {
    let module = lower(src).unwrap_or_else(|d| panic!("lowering failed: {d:?}"));
    let text: Vec<String> = module
        .functions
        .iter()
        .filter(|f| names.contains(&f.name.as_str()))
        .map(|f| ir::print_function(&module, f))
        .collect();
    expected.assert_eq(&text.join("\n"));
}

#[test]
fn forward_derivative_call() {
    check_functions(
        r#"
RWStructuredBuffer<float> outputBuffer;
[Differentiable]
float f(float x) { return x * x + sin(x); }
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    DifferentialPair<float> r = fwd_diff(f)(diffPair(2.0, 1.0));
    outputBuffer[0] = r.d;
}
"#,
        &["computeMain", "f", "s_fwd_f"],
        expect![[r#"
            fn computeMain(tid: uint3) -> void {
              local r: DiffPair_float
              %0: float = 2.0
              %1: float = 1.0
              %2: DiffPair_float = construct %0, %1
              %3: DiffPair_float = call s_fwd_f(%2)
              store $r, %3
              %4: int = 0
              %5: float = load $r.d
              store @outputBuffer[%4], %5
            }

            fn s_fwd_f(x: DiffPair_float) -> DiffPair_float {
              %0: float = load $x.p
              %1: float = load $x.d
              %2: float = load $x.p
              %3: float = load $x.d
              %4: float = mul %0, %2
              %5: float = mul %1, %2
              %6: float = mul %0, %3
              %7: float = add %5, %6
              %8: float = load $x.p
              %9: float = load $x.d
              %10: DiffPair_float = construct %8, %9
              %11: DiffPair_float = call fwd_sin(%10)
              %12: float = extract %11, 0
              %13: float = extract %11, 1
              %14: float = add %4, %12
              %15: float = add %7, %13
              %16: DiffPair_float = construct %14, %15
              return %16
            }
        "#]],
    );
}

#[test]
fn backward_derivative_call() {
    check_functions(
        r#"
RWStructuredBuffer<float> outputBuffer;
[Differentiable]
float f(float x, float y) { return x * y + exp(x); }
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    var x = diffPair(1.0);
    var y = diffPair(3.0);
    bwd_diff(f)(x, y, 1.0);
    outputBuffer[0] = x.d;
    outputBuffer[1] = y.d;
}
"#,
        &["computeMain", "f", "s_bwd_f"],
        expect![[r#"
            fn computeMain(tid: uint3) -> void {
              local x: DiffPair_float
              local y: DiffPair_float
              %0: float = 1.0
              %1: float = zero
              %2: DiffPair_float = construct %0, %1
              store $x, %2
              %3: float = 3.0
              %4: float = zero
              %5: DiffPair_float = construct %3, %4
              store $y, %5
              %6: float = 1.0
              %7: void = call s_bwd_f(inout $x, inout $y, %6)
              %8: int = 0
              %9: float = load $x.d
              store @outputBuffer[%8], %9
              %10: int = 1
              %11: float = load $y.d
              store @outputBuffer[%10], %11
            }

            fn s_bwd_f(inout x: DiffPair_float, inout y: DiffPair_float, dOut: float) -> void {
              local P_x: float
              local P_y: float
              local ret_flag: bool
              local retval: float
              local d_retval: float
              local adj5: float
              local adj2: float
              local adj4: float
              local pair: DiffPair_float
              local adj3: float
              local d_P_x: float
              local adj0: float
              local adj1: float
              local d_P_y: float
              %58: float = load $x.p
              store $P_x, %58
              %59: float = load $y.p
              store $P_y, %59
              %6: bool = false
              store $ret_flag, %6
              %0: float = load $P_x
              %1: float = load $P_y
              %2: float = mul %0, %1
              %3: float = load $P_x
              %4: float = exp %3
              %5: float = add %2, %4
              store $retval, %5
              %7: bool = true
              store $ret_flag, %7
              %49: float = zero
              store $adj0, %49
              %50: float = zero
              store $adj1, %50
              %51: float = zero
              store $adj2, %51
              %52: float = zero
              store $adj3, %52
              %53: float = zero
              store $adj4, %53
              %54: float = zero
              store $adj5, %54
              %55: float = zero
              store $d_P_x, %55
              %56: float = zero
              store $d_P_y, %56
              %57: float = load $dOut
              store $d_retval, %57
              %11: float = load $d_retval
              %12: float = zero
              store $d_retval, %12
              %13: float = load $adj5
              %14: float = add %13, %11
              store $adj5, %14
              %15: float = load $adj5
              %16: float = zero
              store $adj5, %16
              %17: float = load $adj2
              %18: float = add %17, %15
              store $adj2, %18
              %19: float = load $adj4
              %20: float = add %19, %15
              store $adj4, %20
              %21: float = load $adj4
              %22: float = zero
              store $adj4, %22
              %23: float = zero
              %24: DiffPair_float = construct %3, %23
              store $pair, %24
              %25: void = call bwd_exp(inout $pair, %21)
              %26: float = load $pair.d
              %27: float = load $adj3
              %28: float = add %27, %26
              store $adj3, %28
              %29: float = load $adj3
              %30: float = zero
              store $adj3, %30
              %31: float = load $d_P_x
              %32: float = add %31, %29
              store $d_P_x, %32
              %33: float = load $adj2
              %34: float = zero
              store $adj2, %34
              %35: float = mul %33, %1
              %36: float = load $adj0
              %37: float = add %36, %35
              store $adj0, %37
              %38: float = mul %33, %0
              %39: float = load $adj1
              %40: float = add %39, %38
              store $adj1, %40
              %41: float = load $adj1
              %42: float = zero
              store $adj1, %42
              %43: float = load $d_P_y
              %44: float = add %43, %41
              store $d_P_y, %44
              %45: float = load $adj0
              %46: float = zero
              store $adj0, %46
              %47: float = load $d_P_x
              %48: float = add %47, %45
              store $d_P_x, %48
              %60: float = load $d_P_x
              store $x.d, %60
              %61: float = load $d_P_y
              store $y.d, %61
              return
            }
        "#]],
    );
}

#[test]
fn derivative_errors_point_at_the_derivative() {
    check_error(
        r#"
RWStructuredBuffer<float> outputBuffer;
[Differentiable]
float f(float x)
{
    float y = x;
    [MaxIters(100000)]
    for (int i = 0; i < 100000; i++) { y = y * x; }
    return y;
}
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    var p = diffPair(1.0);
    bwd_diff(f)(p, 1.0);
    outputBuffer[0] = p.d;
}
"#,
        expect![
            "E3001 290..301 `bwd_diff(f)`: cannot differentiate: the backward derivative of f needs a context of 200005 bytes per thread, more than the limit of 65536 bytes; the largest tape is f's: lower the [MaxIters(N)] bounds of its loops"
        ],
    );
}

#[test]
fn byte_address_buffers_are_uint_words_at_byte_offsets() {
    check(
        r#"
RWByteAddressBuffer rw;
ByteAddressBuffer raw;
struct Pair { float a; bool b; };
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    Pair p = { asfloat(raw.Load(4)), true };
    rw.Store(8, p);
    rw.Store2(0, raw.Load2(0));
    uint bytes;
    rw.GetDimensions(bytes);
    rw.InterlockedAdd(16, bytes);
}
"#,
        expect![[r#"
            struct Pair {
              a: float,
              b: bool,
            }
            global buffer(read_write) rw: uint
            global buffer(read) raw: uint
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local p: Pair
              local bytes: uint
              %0: int = 4
              %1: uint = convert.uint %0
              %2: uint = 2u
              %3: uint = shr %1, %2
              %4: uint = load @raw[%3]
              %5: float = bitcast.float %4
              %6: bool = true
              %7: Pair = construct %5, %6
              store $p, %7
              %8: int = 8
              %9: uint = convert.uint %8
              %10: uint = 2u
              %11: uint = shr %9, %10
              %12: Pair = load $p
              %13: float = extract %12, 0
              %14: uint = bitcast.uint %13
              store @rw[%11], %14
              %15: bool = extract %12, 1
              %16: uint = convert.uint %15
              %17: uint = 1u
              %18: uint = add %11, %17
              store @rw[%18], %16
              %19: int = 0
              %20: uint = convert.uint %19
              %21: uint = 2u
              %22: uint = shr %20, %21
              %23: int = 0
              %24: uint = convert.uint %23
              %25: uint = 2u
              %26: uint = shr %24, %25
              %27: uint = load @raw[%26]
              %28: uint = 1u
              %29: uint = add %26, %28
              %30: uint = load @raw[%29]
              %31: uint2 = construct %27, %30
              %32: uint = extract %31, 0
              store @rw[%22], %32
              %33: uint = extract %31, 1
              %34: uint = 1u
              %35: uint = add %22, %34
              store @rw[%35], %33
              %36: uint = array_length @rw
              %37: uint = 4u
              %38: uint = mul %36, %37
              store $bytes, %38
              %39: int = 16
              %40: uint = convert.uint %39
              %41: uint = 2u
              %42: uint = shr %40, %41
              %43: uint = load $bytes
              %44: uint = atomic.add @rw[%42], %43
            }
        "#]],
    );
}

#[test]
fn interface_properties_resolve_to_the_concrete_member() {
    check(
        r#"
RWStructuredBuffer<float> outputBuffer;
interface ISized { property float size { get; set; } }
struct Box : ISized
{
    float side;
    property float size { get { return side * side; } set { side = newValue; } }
};
struct Plain : ISized { float size; };
float sizeOf<T : ISized>(T x) { return x.size; }
void grow<T : ISized>(inout T x) { x.size = 1.0; }
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    Box b = { 2.0 };
    Plain p = { 3.0 };
    grow(p);
    outputBuffer[0] = sizeOf(b) + sizeOf(p);
}
"#,
        expect![[r#"
            struct Box {
              side: float,
            }
            struct Plain {
              size: float,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local b: Box
              local p: Plain
              %0: float = 2.0
              %1: Box = construct %0
              store $b, %1
              %2: float = 3.0
              %3: Plain = construct %2
              store $p, %3
              %4: void = call grow_Plain(inout $p)
              %5: int = 0
              %6: Box = load $b
              %7: float = call sizeOf_Box(%6)
              %8: Plain = load $p
              %9: float = call sizeOf_Plain(%8)
              %10: float = add %7, %9
              store @outputBuffer[%5], %10
            }

            fn grow_Plain(inout x: Plain) -> void {
              %0: float = 1.0
              store $x.size, %0
            }

            fn sizeOf_Box(x: Box) -> float {
              %0: Box = load $x
              %1: float = call Box_get(%0)
              return %1
            }

            fn sizeOf_Plain(x: Plain) -> float {
              %0: float = load $x.size
              return %0
            }

            fn Box_get(this: Box) -> float {
              %0: float = load $this.side
              %1: float = load $this.side
              %2: float = mul %0, %1
              return %2
            }
        "#]],
    );
}

#[test]
fn textures_are_globals_read_and_written_by_texture_ops() {
    check(
        r#"
Texture2D<float4> colors;
RWTexture2D<float2> uv;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    uint w, h;
    uv.GetDimensions(w, h);
    float4 c = colors.Load(int3(1, 2, 0)) + colors[tid.xy];
    uv[tid.xy] += c.xy;
}
"#,
        expect![[r#"
            global texture2d(read, rgba32float) colors: float4
            global texture2d(read_write, rg32float) uv: float2
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local w: uint
              local h: uint
              local c: float4
              %0: uint2 = texture_dimensions @uv ()
              %1: uint = extract %0, 0
              store $w, %1
              %2: uint = extract %0, 1
              store $h, %2
              %3: int = 1
              %4: int = 2
              %5: int = 0
              %6: int3 = construct %3, %4, %5
              %7: int2 = swizzle %6.xy
              %8: int = extract %6, 2
              %9: float4 = texture_load @colors (%7, %8)
              %10: uint3 = load $tid
              %11: uint2 = swizzle %10.xy
              %12: int = 0
              %13: float4 = texture_load @colors (%11, %12)
              %14: float4 = add %9, %13
              store $c, %14
              %15: uint3 = load $tid
              %16: uint2 = swizzle %15.xy
              %17: float4 = load $c
              %18: float2 = swizzle %17.xy
              %19: float2 = texture_load @uv (%16)
              %20: float2 = add %19, %18
              %21: void = texture_store @uv (%16, %20)
            }
        "#]],
    );
}

#[test]
fn textures_of_bool_texels_have_no_format() {
    check_error(
        r#"
RWTexture2D<bool> image;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) { image[tid.xy] = true; }
"#,
        expect![
            "E4001 19..24 `image`: cannot lower a texture of `bool` texels (float, uint and int scalars and vectors are) yet"
        ],
    );
}

#[test]
fn samplers_and_texture_kinds() {
    check(
        r#"
Texture2DArray<float3> layers;
TextureCube<float4> sky;
SamplerState linearSampler;
RWTexture3D<float3> volume;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    uint w, h, n, levels;
    layers.GetDimensions(0, w, h, n, levels);
    float3 a = layers.SampleLevel(linearSampler, float3(0.5, 0.5, 1.0), 0.0);
    float4 b = sky.SampleGrad(linearSampler, float3(1.0, 0.0, 0.0), float3(0.0), float3(0.0));
    volume[tid] = a + b.xyz + layers[uint3(0, 0, n - 1)];
}
"#,
        expect![[r#"
            global texture2d_array(read, rgba32float) layers: float3
            global texturecube(read, rgba32float) sky: float4
            global sampler linearSampler
            global texture3d(read_write, rgba32float) volume: float3
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local w: uint
              local h: uint
              local n: uint
              local levels: uint
              local a: float3
              local b: float4
              %0: int = 0
              %1: uint = convert.uint %0
              %2: uint3 = texture_dimensions @layers (%1)
              %3: uint = extract %2, 0
              store $w, %3
              %4: uint = extract %2, 1
              store $h, %4
              %5: uint = extract %2, 2
              store $n, %5
              %6: uint = texture_levels @layers ()
              store $levels, %6
              %7: float = 0.5
              %8: float = 0.5
              %9: float = 1.0
              %10: float3 = construct %7, %8, %9
              %11: float = 0.0
              %12: float3 = texture_sample_level @layers @linearSampler (%10, %11)
              store $a, %12
              %13: float = 1.0
              %14: float = 0.0
              %15: float = 0.0
              %16: float3 = construct %13, %14, %15
              %17: float = 0.0
              %18: float3 = splat %17
              %19: float = 0.0
              %20: float3 = splat %19
              %21: float4 = texture_sample_grad @sky @linearSampler (%16, %18, %20)
              store $b, %21
              %22: uint3 = load $tid
              %23: float3 = load $a
              %24: float4 = load $b
              %25: float3 = swizzle %24.xyz
              %26: float3 = add %23, %25
              %27: int = 0
              %28: int = 0
              %29: uint = load $n
              %30: int = 1
              %31: uint = convert.uint %30
              %32: uint = sub %29, %31
              %33: uint = convert.uint %27
              %34: uint = convert.uint %28
              %35: uint3 = construct %33, %34, %32
              %36: int = 0
              %37: float3 = texture_load @layers (%35, %36)
              %38: float3 = add %26, %37
              %39: void = texture_store @volume (%22, %38)
            }
        "#]],
    );
}

#[test]
fn sample_in_compute_suggests_sample_level() {
    check_error(
        r#"
Texture2D<float4> tex;
SamplerState s;
RWStructuredBuffer<float4> output;
[numthreads(1, 1, 1)]
void computeMain() { output[0] = tex.Sample(s, float2(0.5)); }
"#,
        expect![
            "E4103 130..156 `tex.Sample(s, float2(0.5))`: `Sample` needs screen-space derivatives, which only fragment shaders have; in a compute shader use `SampleLevel(s, uv, 0)` (or `SampleGrad(s, uv, ddx, ddy)` with explicit gradients)"
        ],
    );
}

#[test]
fn target_switch_takes_the_wgsl_case_else_default() {
    check_functions(
        r#"
RWStructuredBuffer<int> output;
int pick() { __target_switch { case spirv: return 1; case wgsl: return 2; default: return 3; } }
int fallback() { __target_switch { case cuda: return 1; default: return 3; } }
[numthreads(1, 1, 1)]
void computeMain() { output[0] = pick() + fallback(); }
"#,
        &["pick", "fallback"],
        expect![[r#"
            fn pick() -> int {
              %0: int = 2
              return %0
            }

            fn fallback() -> int {
              %0: int = 3
              return %0
            }
        "#]],
    );
}

#[test]
fn inline_target_code_is_reported_at_its_span() {
    let program = |body: &str| {
        format!(
            "RWStructuredBuffer<float> output;\nfloat f(float x) {{ {body} }}\n\
             [numthreads(1, 1, 1)]\nvoid computeMain() {{ output[0] = f(1.0); }}\n"
        )
    };
    check_error(
        &program(r#"__target_switch { case wgsl: __intrinsic_asm "myHelper($0)"; }"#),
        expect![[
            r#"E4001 82..113 `__intrinsic_asm "myHelper($0)";`: cannot lower inline target code (`__intrinsic_asm`) yet"#
        ]],
    );
    check_error(
        &program("return spirv_asm { OpImageQuerySize $$float result $x };"),
        expect![
            "E4001 60..108 `spirv_asm { OpImageQuerySize $$float result $x }`: cannot lower the SPIR-V instruction `OpImageQuerySize` of a `spirv_asm` block for WGSL and naga's SPIR-V yet"
        ],
    );
    check_error(
        &program("__target_switch { case cuda: return x; }"),
        expect![
            "E4001 53..93 `__target_switch { case cuda: return x; }`: cannot lower a `__target_switch` without a `wgsl` or `default` case yet"
        ],
    );
}

/// The first loop of the backward derivative's primal region, as printed.
fn first_primal_loop(module: &ir::Module, function: &str) -> String {
    let text = ir::print_module(module);
    let start = text.find(&format!("fn {function}(")).expect("the function");
    let lines: Vec<&str> = text[start..].lines().collect();
    let first = lines
        .iter()
        .position(|l| l.trim_start().starts_with("loop"))
        .expect("a loop");
    let indent = lines[first].len() - lines[first].trim_start().len();
    let end = lines[first + 1..]
        .iter()
        .position(|l| l.len() - l.trim_start().len() == indent && l.trim_start() == "}")
        .expect("the loop's end");
    lines[first..first + end + 2]
        .iter()
        .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn exit_flag_is_threaded_in_the_primal_loop() {
    // The run that sets the exit flag counts itself, stores the flag and leaves at once; the
    // other runs lose their `if (!brk)` guards.
    let src = "
RWStructuredBuffer<float> outputBuffer;
[Differentiable]
float f(float x, int n)
{
    float y = x;
    [MaxIters(8)]
    for (int i = 0; i < n; i++) { y = y * x; }
    return y;
}
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    var x = diffPair(1.5);
    bwd_diff(f)(x, 3, 1.0);
    outputBuffer[0] = x.d;
}
";
    let module = lower(src).unwrap_or_else(|d| panic!("lowering failed: {d:?}"));
    expect![[r#"
          loop [MaxIters(8)] {
            %15: bool = load $brk1
            %16: bool = not %15
            if %16 {
              %2: int = load $i
              %3: int = load $P_n
              %4: bool = lt %2, %3
              if %4 {
              } else {
                %17: bool = true
                store $brk1, %17
                %116: bool = true
                store $tape18, %116
                %117: bool = not %116
                %122: bool = true
                %123: bool = not %122
                %127: int = load $iter1
                %128: int = 1
                %129: int = add %127, %128
                store $iter1, %129
                break
              }
              %18: bool = false
              store $tape18, %18
              %19: bool = not %18
              %5: float = load $y
              %112: int = load $iter1
              store $tape5[%112], %5
              %6: float = load $P_x
              %7: float = mul %5, %6
              store $y, %7
              %20: bool = false
              %21: bool = not %20
              %8: int = load $i
              %9: int = 1
              %10: int = add %8, %9
              store $i, %10
              %22: int = load $iter1
              %23: int = 1
              %24: int = add %22, %23
              store $iter1, %24
            } else {
              break
            }
          }"#]]
    .assert_eq(&first_primal_loop(&module, "s_bwd_f"));
}

/// `spirv_asm` instructions become Slang statements: a constant, arithmetic on `$x` and an id,
/// a store through `&y`, and the `result` id as the block's value.
#[test]
fn spirv_asm_blocks_translate_to_statements() {
    check(
        r#"
RWStructuredBuffer<float> output;
float f(float x, out float y)
{
    return spirv_asm
    {
        %two : $$float = OpConstant 2.0;
        %p = OpFMul $$float $x %two;
        OpStore &y %p;
        result : $$float = OpFNegate %p
    };
}
[numthreads(1, 1, 1)]
void computeMain() { float y; output[0] = f(1.0, y) + y; }
"#,
        expect![[r#"
            global buffer(read_write) output: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local y: float
              %0: int = 0
              %1: float = 1.0
              %2: float = call f(%1, out $y)
              %3: float = load $y
              %4: float = add %2, %3
              store @output[%0], %4
            }

            fn f(x: float, out y: float) -> float {
              local %two: float
              local %p: float
              local %result%: float
              %0: float = 2.0
              store $%two, %0
              %1: float = load $x
              %2: float = load $%two
              %3: float = mul %1, %2
              store $%p, %3
              %4: float = load $%p
              store $y, %4
              %5: float = load $%p
              %6: float = neg %5
              store $%result%, %6
              %7: float = load $%result%
              return %7
            }
        "#]],
    );
}
