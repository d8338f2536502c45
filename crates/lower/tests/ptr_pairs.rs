//! `IDifferentiablePtrType` locations in derivatives: `DifferentialPtrPair<T>` lowers to a
//! `{p, d}` struct, and the derivatives of a function taking a location take its pair (an `in`
//! parameter in both modes) and hand it to the callee's twin, whose custom derivatives read `.d`.

use expect_test::expect;

const SOURCE: &str = r#"
RWStructuredBuffer<float> values;
RWStructuredBuffer<float> grads;

struct Cell : IDifferentiablePtrType
{
    typealias Differential = Cell;
    uint index;
};

void readBwd(DifferentialPtrPair<Cell> c, float dOut) { grads[c.d.index] += dOut; }

[BackwardDerivative(readBwd)]
float read(Cell c) { return values[c.index]; }

[Differentiable]
float f(Cell c, float x) { return read(c) * x; }

[numthreads(1, 1, 1)]
void computeMain()
{
    Cell c = { 1 };
    Cell dc = { 2 };
    var x = diffPair(0.5);
    bwd_diff(f)(diffPair(c, dc), x, 1.0);
    values[0] = x.d;
}
"#;

#[test]
fn backward_derivative_takes_and_forwards_the_pair() {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", SOURCE);
    let module = match lower::lower_program(&db, file, None) {
        Ok(m) => m,
        Err(d) => panic!("lowering failed: {d:?}"),
    };
    let printed = ir::print_module(&module);
    let bwd: Vec<&str> = printed
        .split("\n\n")
        .filter(|f| f.starts_with("fn s_bwd_f(") || f.starts_with("fn read_ptr("))
        .collect();
    expect![[r#"
        fn s_bwd_f(c: DiffPtrPair_Cell, inout x: DiffPair_float, dOut: float) -> void {
          local P_c: DiffPtrPair_Cell
          local P_x: float
          local ret_flag: bool
          local retval: float
          local d_retval: float
          local adj3: float
          local adj1: float
          local adj2: float
          local d_P_x: float
          %34: DiffPtrPair_Cell = load $c
          store $P_c, %34
          %35: float = load $x.p
          store $P_x, %35
          %5: bool = false
          store $ret_flag, %5
          %0: Cell = load $P_c.p
          %4: DiffPtrPair_Cell = load $P_c
          %1: float = call read_ptr(%4)
          %2: float = load $P_x
          %3: float = mul %1, %2
          store $retval, %3
          %6: bool = true
          store $ret_flag, %6
          %29: float = zero
          store $adj1, %29
          %30: float = zero
          store $adj2, %30
          %31: float = zero
          store $adj3, %31
          %32: float = zero
          store $d_P_x, %32
          %33: float = load $dOut
          store $d_retval, %33
          %10: float = load $d_retval
          %11: float = zero
          store $d_retval, %11
          %12: float = load $adj3
          %13: float = add %12, %10
          store $adj3, %13
          %14: float = load $adj3
          %15: float = zero
          store $adj3, %15
          %16: float = mul %14, %2
          %17: float = load $adj1
          %18: float = add %17, %16
          store $adj1, %18
          %19: float = mul %14, %1
          %20: float = load $adj2
          %21: float = add %20, %19
          store $adj2, %21
          %22: float = load $adj2
          %23: float = zero
          store $adj2, %23
          %24: float = load $d_P_x
          %25: float = add %24, %22
          store $d_P_x, %25
          %26: float = load $adj1
          %27: float = zero
          store $adj1, %27
          %28: void = call readBwd(%4, %26)
          %36: float = load $d_P_x
          store $x.d, %36
          return
        }

        fn read_ptr(c: DiffPtrPair_Cell) -> float {
          %0: uint = load $c.p.index
          %1: float = load @values[%0]
          return %1
        }
    "#]]
    .assert_eq(&bwd.join("\n\n"));
}

/// A `[PreferCheckpoint]` callee given a location is split as any other (issue 7): the caller's
/// primal region runs `s_primal_ctx_g` with the location's pair and keeps its context, and the
/// backward region hands that context to `s_bwd_prop_g` instead of re-running `g`. The
/// `[PreferRecompute]` callee is not split: its backward derivative runs its primal code again.
#[test]
fn checkpointed_callee_given_a_location_is_split() {
    let source = r#"
RWStructuredBuffer<float> values;
RWStructuredBuffer<float> grads;

struct Cell : IDifferentiablePtrType
{
    typealias Differential = Cell;
    uint index;
};

void readBwd(DifferentialPtrPair<Cell> c, float dOut) { grads[c.d.index] += dOut; }

[BackwardDerivative(readBwd)]
float read(Cell c) { return values[c.index]; }

[Differentiable]
[PreferCheckpoint]
float kept(Cell c, float x) { return read(c) * x * x; }

[Differentiable]
[PreferRecompute]
float again(Cell c, float x) { return read(c) * x * x; }

[Differentiable]
float f(Cell c, float x) { return kept(c, x) * kept(c, x + 1.0) + again(c, x) * again(c, x); }

[numthreads(1, 1, 1)]
void computeMain()
{
    Cell c = { 1 };
    Cell dc = { 2 };
    var x = diffPair(0.5);
    bwd_diff(f)(diffPair(c, dc), x, 1.0);
    values[0] = x.d;
}
"#;
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", source);
    let module = match lower::lower_program(&db, file, None) {
        Ok(m) => m,
        Err(d) => panic!("lowering failed: {d:?}"),
    };
    let printed = ir::print_module(&module);
    // Signatures of the derivative functions, and the calls in s_bwd_f.
    let mut lines = Vec::new();
    for func in printed.split("\n\n") {
        let header = func.lines().next().unwrap_or("");
        if !header.starts_with("fn s_") {
            continue;
        }
        lines.push(header.to_string());
        if header.starts_with("fn s_bwd_f(") {
            lines.extend(
                func.lines()
                    .filter(|l| l.contains("call "))
                    .map(|l| format!("  {}", l.trim())),
            );
        }
    }
    expect![[r#"
        fn s_bwd_f(c: DiffPtrPair_Cell, inout x: DiffPair_float, dOut: float) -> void {
          %2: float = call s_primal_ctx_kept(%17, %1, out $ctx2)
          %7: float = call s_primal_ctx_kept(%18, %6, out $ctx7)
          %11: float = call again_ptr(%19, %10)
          %14: float = call again_ptr(%20, %13)
          %48: void = call s_bwd_again(%20, inout $pair, %46)
          %60: void = call s_bwd_again(%19, inout $pair, %58)
          %81: void = call s_bwd_prop_kept(%18, inout $pair, %78, %80)
          %98: void = call s_bwd_prop_kept(%17, inout $pair, %95, %97)
        fn s_bwd_again(c: DiffPtrPair_Cell, inout x: DiffPair_float, dOut: float) -> void {
        fn s_primal_ctx_kept(c: DiffPtrPair_Cell, x: float, out ctx: kept_Context) -> float {
        fn s_bwd_prop_kept(c: DiffPtrPair_Cell, inout x: DiffPair_float, dOut: float, ctx: kept_Context) -> void {"#]]
    .assert_eq(&lines.join("\n"));
}
