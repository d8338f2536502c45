//! Tiered tapes (`autodiff::TapeTiers`): a backward derivative whose loop tapes are large is a
//! dispatcher trying copies with small tapes first; what runs must be the full function's
//! gradient, bit for bit, at every trip count.

mod support;

use autodiff::{DiffInfo, TapeTiers, backward_derivative, context_size, forward_derivative};
use expect_test::expect;
use interp::Value;
use ir::*;
use support::*;

fn attrs(max_iters: u32) -> LoopAttrs {
    LoopAttrs {
        max_iters: Some(max_iters),
        force_unroll: false,
    }
}

/// `for (i = start; i < end; i++) body(i)`.
fn for_loop(
    b: &mut FunctionBuilder,
    i: LocalId,
    start: ValueId,
    end: ValueId,
    attrs: LoopAttrs,
    body: impl FnOnce(&mut FunctionBuilder, ValueId),
) {
    b.store(Place::local(i), start);
    b.loop_(
        attrs,
        |b| {
            let iv = b.load(Place::local(i));
            let more = b.lt(iv, end);
            b.if_(more, |_| {}, |b| b.brk());
            body(b, iv);
        },
        |b| {
            let iv = b.load(Place::local(i));
            let one = b.i32(1);
            let n = b.add(iv, one);
            b.store(Place::local(i), n);
            None
        },
    );
}

fn setup(tiers: TapeTiers) -> (Module, DiffInfo, TypeId) {
    let mut m = Module::new();
    let mut info = DiffInfo::new();
    info.tape_tiers = tiers;
    let f64t = m.types.scalar(Scalar::F64);
    stdlib(&mut m, &mut info, f64t);
    (m, info, f64t)
}

/// `double myPow(double x, int n) { double r = 1; [MaxIters(max)] for (i < n) r *= x; return
/// r; }`: `r` is stored once per iteration.
fn my_pow(m: &mut Module, info: &mut DiffInfo, ty: TypeId, max: u32) -> FuncId {
    let i32t = m.types.i32();
    func(m, info, "myPow", ty, |b| {
        let x = b.param("x", ty, ParamDir::In);
        let n = b.param("n", i32t, ParamDir::In);
        let result = b.local("result", ty);
        let i = b.local("i", i32t);
        let one = f64lit(b, 1.0);
        b.store(Place::local(result), one);
        let zero = b.i32(0);
        let nv = b.load(Place::param(n));
        for_loop(b, i, zero, nv, attrs(max), |b, _| {
            let r = b.load(Place::local(result));
            let xv = b.load(Place::param(x));
            let p = b.mul(r, xv);
            b.store(Place::local(result), p);
        });
        let r = b.load(Place::local(result));
        b.ret(Some(r));
    })
}

/// `bwd_diff(f)(x, n, 1)`: `x`'s derivative.
fn bwd_at(m: &Module, bwd: FuncId, x: f64, n: i32) -> f64 {
    let pair = Value::Composite(vec![Value::F64(x), Value::F64(0.0)]);
    let (_, outs) = interp::call(m, bwd, vec![pair, Value::I32(n), Value::F64(1.0)])
        .unwrap_or_else(|e| panic!("{e}"));
    let Value::Composite(pd) = &outs[0] else {
        panic!("backward output is not a pair")
    };
    pd[1].as_f64().unwrap()
}

fn names(m: &Module) -> Vec<String> {
    m.functions
        .iter()
        .map(|f| f.name.clone())
        .filter(|n| n.starts_with("s_bwd_"))
        .collect()
}

fn show(m: &Module, name: &str) -> String {
    let f = m.find_function(name).unwrap();
    print_function(m, m.function(f).unwrap())
}

#[test]
fn small_loop_tape_is_split_into_a_dispatcher_a_tier_and_the_full_function() {
    let (mut m, mut info, f64t) = setup(TapeTiers::new([16]));
    let f = my_pow(&mut m, &mut info, f64t, 40);
    let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(verify(&m), Ok(()));
    expect![[r#"
        fn s_bwd_myPow(inout x: DiffPair_double, n: int, dOut: double) -> void {
          %0: int = load $n
          %1: double = load $dOut
          %2: int = 0
          %3: int = load $n
          %5: int = 2147483631
          %6: bool = gt %2, %5
          %7: int = 16
          %8: int = add %2, %7
          %9: bool = lt %8, %3
          %10: bool = or %6, %9
          if %10 {
            %4: void = call s_bwd_myPow_full(inout $x, %0, %1)
          } else {
            %11: bool = call s_bwd_myPow_tier16(inout $x, %0, %1)
            %12: bool = not %11
            if %12 {
              %13: void = call s_bwd_myPow_full(inout $x, %0, %1)
            }
          }
          return
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_myPow"));
    expect![[r#"
        fn s_bwd_myPow_tier16(inout x: DiffPair_double, n: int, dOut: double) -> bool {
          local result: double
          local i: int
          local P_x: double
          local P_n: int
          local ret_flag: bool
          local retval: double
          local brk1: bool
          local iter1: int
          local d_retval: double
          local adj11: double
          local d_result: double
          local rev16: int
          local adj7: double
          local adj5: double
          local tape5: double[9]
          local adj6: double
          local d_P_x: double
          local tape18: bool
          %214: double = load $x.p
          store $P_x, %214
          %215: int = load $n
          store $P_n, %215
          %12: bool = false
          store $ret_flag, %12
          %0: double = 1.0l
          store $result, %0
          %1: int = 0
          %2: int = load $P_n
          store $i, %1
          %13: bool = false
          store $brk1, %13
          %14: int = 0
          store $iter1, %14
          %217: int = load $i
          %218: int = 2147483631
          %219: bool = gt %217, %218
          %220: int = 16
          %221: int = add %217, %220
          %222: bool = lt %221, %2
          %223: bool = or %219, %222
          if %223 {
            %224: bool = false
            return %224
          }
          loop [MaxIters(16)] {
            %15: bool = load $brk1
            %16: bool = not %15
            if %16 {
              %3: int = load $i
              %4: bool = lt %3, %2
              if %4 {
              } else {
                %17: bool = true
                store $brk1, %17
              }
              %18: bool = load $brk1
              store $tape18, %18
              %19: bool = not %18
              if %19 {
                %5: double = load $result
                %208: int = load $iter1
                %209: int = 1
                %210: int = shr %208, %209
                %211: int = bitand %208, %209
                %212: int = 0
                %213: bool = eq %211, %212
                if %213 {
                  store $tape5[%210], %5
                }
                %6: double = load $P_x
                %7: double = mul %5, %6
                store $result, %7
              }
              %20: bool = load $brk1
              %21: bool = not %20
              if %21 {
                %8: int = load $i
                %9: int = 1
                %10: int = add %8, %9
                store $i, %10
              }
              %22: int = load $iter1
              %23: int = 1
              %24: int = add %22, %23
              store $iter1, %24
            } else {
              break
            }
          }
          %25: int = load $iter1
          %11: double = load $result
          store $retval, %11
          %26: bool = true
          store $ret_flag, %26
          %201: double = zero
          store $adj5, %201
          %202: double = zero
          store $adj6, %202
          %203: double = zero
          store $adj7, %203
          %204: double = zero
          store $adj11, %204
          %205: double = zero
          store $d_result, %205
          %206: double = zero
          store $d_P_x, %206
          %207: double = load $dOut
          store $d_retval, %207
          %30: double = load $d_retval
          %31: double = zero
          store $d_retval, %31
          %32: double = load $adj11
          %33: double = add %32, %30
          store $adj11, %33
          %34: double = load $adj11
          %35: double = zero
          store $adj11, %35
          %36: double = load $d_result
          %37: double = add %36, %34
          store $d_result, %37
          store $rev16, %25
          %38: int = 0
          %39: int = 1
          %40: int = bitand %25, %39
          %41: bool = eq %40, %39
          if %41 {
            %42: int = 1
            %43: int = sub %25, %42
            store $rev16, %43
            %69: bool = load $tape18
            %70: int = 1
            %71: int = sub %25, %70
            %72: bool = eq %43, %71
            %73: bool = and %72, %69
            %74: bool = not %73
            if %74 {
              %44: double = load $d_result
              %45: double = zero
              store $d_result, %45
              %46: double = load $adj7
              %47: double = add %46, %44
              store $adj7, %47
              %48: double = load $adj7
              %49: double = zero
              store $adj7, %49
              %50: double = load $P_x
              %51: double = mul %48, %50
              %52: double = load $adj5
              %53: double = add %52, %51
              store $adj5, %53
              %54: int = 1
              %55: int = shr %43, %54
              %56: int = bitand %43, %54
              %57: double = load $tape5[%55]
              %58: double = mul %48, %57
              %59: double = load $adj6
              %60: double = add %59, %58
              store $adj6, %60
              %61: double = load $adj6
              %62: double = zero
              store $adj6, %62
              %63: double = load $d_P_x
              %64: double = add %63, %61
              store $d_P_x, %64
              %65: double = load $adj5
              %66: double = zero
              store $adj5, %66
              %67: double = load $d_result
              %68: double = add %67, %65
              store $d_result, %68
            }
          } else {
            %75: bool = ne %25, %38
            if %75 {
              %76: int = 1
              %77: int = sub %25, %76
              store $rev16, %77
              %107: bool = load $tape18
              %108: int = 1
              %109: int = sub %25, %108
              %110: bool = eq %77, %109
              %111: bool = and %110, %107
              %112: bool = not %111
              if %112 {
                %78: double = load $d_result
                %79: double = zero
                store $d_result, %79
                %80: double = load $adj7
                %81: double = add %80, %78
                store $adj7, %81
                %82: double = load $adj7
                %83: double = zero
                store $adj7, %83
                %84: double = load $P_x
                %85: double = mul %82, %84
                %86: double = load $adj5
                %87: double = add %86, %85
                store $adj5, %87
                %88: int = 1
                %89: int = shr %77, %88
                %90: int = bitand %77, %88
                %91: double = load $tape5[%89]
                %92: int = 1
                %93: int = sub %77, %92
                %94: double = load $P_x
                %95: double = mul %91, %94
                %96: double = mul %82, %95
                %97: double = load $adj6
                %98: double = add %97, %96
                store $adj6, %98
                %99: double = load $adj6
                %100: double = zero
                store $adj6, %100
                %101: double = load $d_P_x
                %102: double = add %101, %99
                store $d_P_x, %102
                %103: double = load $adj5
                %104: double = zero
                store $adj5, %104
                %105: double = load $d_result
                %106: double = add %105, %103
                store $d_result, %106
              }
              %113: int = 1
              %114: int = sub %77, %113
              store $rev16, %114
              %115: double = load $d_result
              %116: double = zero
              store $d_result, %116
              %117: double = load $adj7
              %118: double = add %117, %115
              store $adj7, %118
              %119: double = load $adj7
              %120: double = zero
              store $adj7, %120
              %121: double = load $P_x
              %122: double = mul %119, %121
              %123: double = load $adj5
              %124: double = add %123, %122
              store $adj5, %124
              %125: int = 1
              %126: int = shr %114, %125
              %127: int = bitand %114, %125
              %128: double = load $tape5[%126]
              %129: double = mul %119, %128
              %130: double = load $adj6
              %131: double = add %130, %129
              store $adj6, %131
              %132: double = load $adj6
              %133: double = zero
              store $adj6, %133
              %134: double = load $d_P_x
              %135: double = add %134, %132
              store $d_P_x, %135
              %136: double = load $adj5
              %137: double = zero
              store $adj5, %137
              %138: double = load $d_result
              %139: double = add %138, %136
              store $d_result, %139
            }
          }
          loop [MaxIters(41)] {
            %140: int = load $rev16
            %141: bool = gt %140, %38
            if %141 {
              %142: int = 1
              %143: int = sub %140, %142
              store $rev16, %143
              %144: double = load $d_result
              %145: double = zero
              store $d_result, %145
              %146: double = load $adj7
              %147: double = add %146, %144
              store $adj7, %147
              %148: double = load $adj7
              %149: double = zero
              store $adj7, %149
              %150: double = load $P_x
              %151: double = mul %148, %150
              %152: double = load $adj5
              %153: double = add %152, %151
              store $adj5, %153
              %154: int = 1
              %155: int = shr %143, %154
              %156: int = bitand %143, %154
              %157: double = load $tape5[%155]
              %158: int = 1
              %159: int = sub %143, %158
              %160: double = load $P_x
              %161: double = mul %157, %160
              %162: double = mul %148, %161
              %163: double = load $adj6
              %164: double = add %163, %162
              store $adj6, %164
              %165: double = load $adj6
              %166: double = zero
              store $adj6, %166
              %167: double = load $d_P_x
              %168: double = add %167, %165
              store $d_P_x, %168
              %169: double = load $adj5
              %170: double = zero
              store $adj5, %170
              %171: double = load $d_result
              %172: double = add %171, %169
              store $d_result, %172
              %173: int = 1
              %174: int = sub %143, %173
              store $rev16, %174
              %175: double = load $d_result
              %176: double = zero
              store $d_result, %176
              %177: double = load $adj7
              %178: double = add %177, %175
              store $adj7, %178
              %179: double = load $adj7
              %180: double = zero
              store $adj7, %180
              %181: double = load $P_x
              %182: double = mul %179, %181
              %183: double = load $adj5
              %184: double = add %183, %182
              store $adj5, %184
              %185: int = 1
              %186: int = shr %174, %185
              %187: int = bitand %174, %185
              %188: double = mul %179, %157
              %189: double = load $adj6
              %190: double = add %189, %188
              store $adj6, %190
              %191: double = load $adj6
              %192: double = zero
              store $adj6, %192
              %193: double = load $d_P_x
              %194: double = add %193, %191
              store $d_P_x, %194
              %195: double = load $adj5
              %196: double = zero
              store $adj5, %196
              %197: double = load $d_result
              %198: double = add %197, %195
              store $d_result, %198
            } else {
              break
            }
          }
          %199: double = load $d_result
          %200: double = zero
          store $d_result, %200
          %216: double = load $d_P_x
          store $x.d, %216
          %225: bool = true
          return %225
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_myPow_tier16"));
    expect![[r#"
        fn s_bwd_myPow_full(inout x: DiffPair_double, n: int, dOut: double) -> void {
          local result: double
          local i: int
          local P_x: double
          local P_n: int
          local ret_flag: bool
          local retval: double
          local brk1: bool
          local iter1: int
          local d_retval: double
          local adj11: double
          local d_result: double
          local rev16: int
          local adj7: double
          local adj5: double
          local tape5: double[21]
          local adj6: double
          local d_P_x: double
          local tape18: bool
          %214: double = load $x.p
          store $P_x, %214
          %215: int = load $n
          store $P_n, %215
          %12: bool = false
          store $ret_flag, %12
          %0: double = 1.0l
          store $result, %0
          %1: int = 0
          %2: int = load $P_n
          store $i, %1
          %13: bool = false
          store $brk1, %13
          %14: int = 0
          store $iter1, %14
          loop [MaxIters(40)] {
            %15: bool = load $brk1
            %16: bool = not %15
            if %16 {
              %3: int = load $i
              %4: bool = lt %3, %2
              if %4 {
              } else {
                %17: bool = true
                store $brk1, %17
              }
              %18: bool = load $brk1
              store $tape18, %18
              %19: bool = not %18
              if %19 {
                %5: double = load $result
                %208: int = load $iter1
                %209: int = 1
                %210: int = shr %208, %209
                %211: int = bitand %208, %209
                %212: int = 0
                %213: bool = eq %211, %212
                if %213 {
                  store $tape5[%210], %5
                }
                %6: double = load $P_x
                %7: double = mul %5, %6
                store $result, %7
              }
              %20: bool = load $brk1
              %21: bool = not %20
              if %21 {
                %8: int = load $i
                %9: int = 1
                %10: int = add %8, %9
                store $i, %10
              }
              %22: int = load $iter1
              %23: int = 1
              %24: int = add %22, %23
              store $iter1, %24
            } else {
              break
            }
          }
          %25: int = load $iter1
          %11: double = load $result
          store $retval, %11
          %26: bool = true
          store $ret_flag, %26
          %201: double = zero
          store $adj5, %201
          %202: double = zero
          store $adj6, %202
          %203: double = zero
          store $adj7, %203
          %204: double = zero
          store $adj11, %204
          %205: double = zero
          store $d_result, %205
          %206: double = zero
          store $d_P_x, %206
          %207: double = load $dOut
          store $d_retval, %207
          %30: double = load $d_retval
          %31: double = zero
          store $d_retval, %31
          %32: double = load $adj11
          %33: double = add %32, %30
          store $adj11, %33
          %34: double = load $adj11
          %35: double = zero
          store $adj11, %35
          %36: double = load $d_result
          %37: double = add %36, %34
          store $d_result, %37
          store $rev16, %25
          %38: int = 0
          %39: int = 1
          %40: int = bitand %25, %39
          %41: bool = eq %40, %39
          if %41 {
            %42: int = 1
            %43: int = sub %25, %42
            store $rev16, %43
            %69: bool = load $tape18
            %70: int = 1
            %71: int = sub %25, %70
            %72: bool = eq %43, %71
            %73: bool = and %72, %69
            %74: bool = not %73
            if %74 {
              %44: double = load $d_result
              %45: double = zero
              store $d_result, %45
              %46: double = load $adj7
              %47: double = add %46, %44
              store $adj7, %47
              %48: double = load $adj7
              %49: double = zero
              store $adj7, %49
              %50: double = load $P_x
              %51: double = mul %48, %50
              %52: double = load $adj5
              %53: double = add %52, %51
              store $adj5, %53
              %54: int = 1
              %55: int = shr %43, %54
              %56: int = bitand %43, %54
              %57: double = load $tape5[%55]
              %58: double = mul %48, %57
              %59: double = load $adj6
              %60: double = add %59, %58
              store $adj6, %60
              %61: double = load $adj6
              %62: double = zero
              store $adj6, %62
              %63: double = load $d_P_x
              %64: double = add %63, %61
              store $d_P_x, %64
              %65: double = load $adj5
              %66: double = zero
              store $adj5, %66
              %67: double = load $d_result
              %68: double = add %67, %65
              store $d_result, %68
            }
          } else {
            %75: bool = ne %25, %38
            if %75 {
              %76: int = 1
              %77: int = sub %25, %76
              store $rev16, %77
              %107: bool = load $tape18
              %108: int = 1
              %109: int = sub %25, %108
              %110: bool = eq %77, %109
              %111: bool = and %110, %107
              %112: bool = not %111
              if %112 {
                %78: double = load $d_result
                %79: double = zero
                store $d_result, %79
                %80: double = load $adj7
                %81: double = add %80, %78
                store $adj7, %81
                %82: double = load $adj7
                %83: double = zero
                store $adj7, %83
                %84: double = load $P_x
                %85: double = mul %82, %84
                %86: double = load $adj5
                %87: double = add %86, %85
                store $adj5, %87
                %88: int = 1
                %89: int = shr %77, %88
                %90: int = bitand %77, %88
                %91: double = load $tape5[%89]
                %92: int = 1
                %93: int = sub %77, %92
                %94: double = load $P_x
                %95: double = mul %91, %94
                %96: double = mul %82, %95
                %97: double = load $adj6
                %98: double = add %97, %96
                store $adj6, %98
                %99: double = load $adj6
                %100: double = zero
                store $adj6, %100
                %101: double = load $d_P_x
                %102: double = add %101, %99
                store $d_P_x, %102
                %103: double = load $adj5
                %104: double = zero
                store $adj5, %104
                %105: double = load $d_result
                %106: double = add %105, %103
                store $d_result, %106
              }
              %113: int = 1
              %114: int = sub %77, %113
              store $rev16, %114
              %115: double = load $d_result
              %116: double = zero
              store $d_result, %116
              %117: double = load $adj7
              %118: double = add %117, %115
              store $adj7, %118
              %119: double = load $adj7
              %120: double = zero
              store $adj7, %120
              %121: double = load $P_x
              %122: double = mul %119, %121
              %123: double = load $adj5
              %124: double = add %123, %122
              store $adj5, %124
              %125: int = 1
              %126: int = shr %114, %125
              %127: int = bitand %114, %125
              %128: double = load $tape5[%126]
              %129: double = mul %119, %128
              %130: double = load $adj6
              %131: double = add %130, %129
              store $adj6, %131
              %132: double = load $adj6
              %133: double = zero
              store $adj6, %133
              %134: double = load $d_P_x
              %135: double = add %134, %132
              store $d_P_x, %135
              %136: double = load $adj5
              %137: double = zero
              store $adj5, %137
              %138: double = load $d_result
              %139: double = add %138, %136
              store $d_result, %139
            }
          }
          loop [MaxIters(41)] {
            %140: int = load $rev16
            %141: bool = gt %140, %38
            if %141 {
              %142: int = 1
              %143: int = sub %140, %142
              store $rev16, %143
              %144: double = load $d_result
              %145: double = zero
              store $d_result, %145
              %146: double = load $adj7
              %147: double = add %146, %144
              store $adj7, %147
              %148: double = load $adj7
              %149: double = zero
              store $adj7, %149
              %150: double = load $P_x
              %151: double = mul %148, %150
              %152: double = load $adj5
              %153: double = add %152, %151
              store $adj5, %153
              %154: int = 1
              %155: int = shr %143, %154
              %156: int = bitand %143, %154
              %157: double = load $tape5[%155]
              %158: int = 1
              %159: int = sub %143, %158
              %160: double = load $P_x
              %161: double = mul %157, %160
              %162: double = mul %148, %161
              %163: double = load $adj6
              %164: double = add %163, %162
              store $adj6, %164
              %165: double = load $adj6
              %166: double = zero
              store $adj6, %166
              %167: double = load $d_P_x
              %168: double = add %167, %165
              store $d_P_x, %168
              %169: double = load $adj5
              %170: double = zero
              store $adj5, %170
              %171: double = load $d_result
              %172: double = add %171, %169
              store $d_result, %172
              %173: int = 1
              %174: int = sub %143, %173
              store $rev16, %174
              %175: double = load $d_result
              %176: double = zero
              store $d_result, %176
              %177: double = load $adj7
              %178: double = add %177, %175
              store $adj7, %178
              %179: double = load $adj7
              %180: double = zero
              store $adj7, %180
              %181: double = load $P_x
              %182: double = mul %179, %181
              %183: double = load $adj5
              %184: double = add %183, %182
              store $adj5, %184
              %185: int = 1
              %186: int = shr %174, %185
              %187: int = bitand %174, %185
              %188: double = mul %179, %157
              %189: double = load $adj6
              %190: double = add %189, %188
              store $adj6, %190
              %191: double = load $adj6
              %192: double = zero
              store $adj6, %192
              %193: double = load $d_P_x
              %194: double = add %193, %191
              store $d_P_x, %194
              %195: double = load $adj5
              %196: double = zero
              store $adj5, %196
              %197: double = load $d_result
              %198: double = add %197, %195
              store $d_result, %198
            } else {
              break
            }
          }
          %199: double = load $d_result
          %200: double = zero
          store $d_result, %200
          %216: double = load $d_P_x
          store $x.d, %216
          return
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_myPow_full"));
    // The context is the full function's tape (`r` in even runs: 21 doubles, and the exit
    // flag), not the sum of the copies.
    assert_eq!(info.bwd_context_bytes[&bwd], 21 * 8 + 1);
    assert_eq!(context_size(&m, &info, bwd), 21 * 8 + 1);
}

#[test]
fn every_trip_count_gets_the_full_functions_gradient() {
    let x = 1.003;
    let counts = [0, 1, 3, 15, 16, 17, 40, 63, 64, 65, 100, 127, 128];
    let run = |tiers: TapeTiers, whole_tapes: bool| {
        let (mut m, mut info, f64t) = setup(tiers);
        info.whole_tapes = whole_tapes;
        let f = my_pow(&mut m, &mut info, f64t, 128);
        let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(verify(&m), Ok(()));
        let grads: Vec<f64> = counts.iter().map(|&n| bwd_at(&m, bwd, x, n)).collect();
        (names(&m), grads, context_size(&m, &info, bwd))
    };
    let (tiered_names, tiered, tiered_context) = run(TapeTiers::default(), false);
    let (plain_names, plain, plain_context) = run(TapeTiers::none(), false);
    let (_, whole, whole_context) = run(TapeTiers::default(), true);
    expect![[r#"
        [
            "s_bwd_myPow",
            "s_bwd_myPow_tier16",
            "s_bwd_myPow_tier32",
            "s_bwd_myPow_tier64",
            "s_bwd_myPow_full",
        ]
    "#]]
    .assert_debug_eq(&tiered_names);
    assert_eq!(plain_names, ["s_bwd_myPow"]);
    assert_eq!(tiered, plain, "tiers changed a gradient");
    let want: Vec<f64> = counts
        .iter()
        .map(|&n| {
            if n == 0 {
                0.0
            } else {
                f64::from(n) * x.powi(n - 1)
            }
        })
        .collect();
    assert_close(&tiered, &want, 1e-12, "d/dx x^n");
    assert_eq!(tiered_context, plain_context);
    // `r` is stored in even runs only (`thin`): 65 entries, not 129; same gradients.
    assert_eq!(tiered, whole, "thinning changed a gradient");
    assert_eq!(tiered_context, 65 * 8 + 1);
    assert_eq!(whole_context, 129 * 8 + 1);
}

#[test]
fn nested_loops_and_stored_callee_contexts_are_bounded_per_level() {
    // double outer(double x, int n, int k) { double s = 0;
    //   [MaxIters(3)] for (j < k) [MaxIters(48)] for (i < n) s = s * x + myPow(x, j);
    //   return s; }   with myPow ([MaxIters(4)]) [PreferCheckpoint]: its context is stored per
    //   inner iteration, in a tape bounded like the others.
    let run = |tiers: TapeTiers| {
        let (mut m, mut info, f64t) = setup(tiers);
        let i32t = m.types.i32();
        let pow = my_pow(&mut m, &mut info, f64t, 4);
        info.prefer_checkpoint.insert(pow);
        let f = func(&mut m, &mut info, "outer", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let n = b.param("n", i32t, ParamDir::In);
            let k = b.param("k", i32t, ParamDir::In);
            let s = b.local("s", f64t);
            let i = b.local("i", i32t);
            let j = b.local("j", i32t);
            let z = f64lit(b, 0.0);
            b.store(Place::local(s), z);
            let zero = b.i32(0);
            let kv = b.load(Place::param(k));
            let nv = b.load(Place::param(n));
            let xv = b.load(Place::param(x));
            for_loop(b, j, zero, kv, attrs(3), |b, jv| {
                let zero = b.i32(0);
                for_loop(b, i, zero, nv, attrs(48), |b, _| {
                    let sv = b.load(Place::local(s));
                    let sx = b.mul(sv, xv);
                    let p = b.call(pow, vec![Arg::Value(xv), Arg::Value(jv)]);
                    let ns = b.add(sx, p);
                    b.store(Place::local(s), ns);
                });
            });
            let sv = b.load(Place::local(s));
            b.ret(Some(sv));
        });
        let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(verify(&m), Ok(()));
        let mut grads = Vec::new();
        for (n, k) in [(0, 3), (5, 2), (16, 3), (17, 1), (30, 3), (48, 3)] {
            let pair = Value::Composite(vec![Value::F64(0.97), Value::F64(0.0)]);
            let args = vec![pair, Value::I32(n), Value::I32(k), Value::F64(1.0)];
            let (_, outs) = interp::call(&m, bwd, args).unwrap_or_else(|e| panic!("{e}"));
            let Value::Composite(pd) = &outs[0] else {
                panic!("backward output is not a pair")
            };
            grads.push(pd[1].as_f64().unwrap());
        }
        let tapes: Vec<String> = m
            .functions
            .iter()
            .filter(|g| g.name.starts_with("s_bwd_outer"))
            .map(|g| {
                let locals: Vec<String> = g
                    .locals
                    .iter()
                    .filter(|l| l.name.starts_with("tape") || l.name.starts_with("ctx_tape"))
                    .map(|l| format!("{}: {}", l.name, m.types.display(l.ty)))
                    .collect();
                format!("{}: {}", g.name, locals.join(", "))
            })
            .collect();
        (grads, tapes, context_size(&m, &info, bwd))
    };
    let (tiered, tapes, tiered_context) = run(TapeTiers::default());
    let (plain, _, plain_context) = run(TapeTiers::none());
    assert_eq!(tiered, plain, "tiers changed a gradient");
    assert_eq!(tiered_context, plain_context);
    expect![[r#"
        [
            "s_bwd_outer: ",
            "s_bwd_outer_tier16: tape41: int[4], ctx_tape12: myPow_Context[49][4], tape10: double[17][4], tape34: bool[4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], tape27: bool, ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[17][4]",
            "s_bwd_outer_full: tape41: int[4], ctx_tape12: myPow_Context[49][4], tape10: double[49][4], tape34: bool[4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], tape27: bool, ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4], ctx_tape12: myPow_Context[49][4]",
        ]
    "#]].assert_debug_eq(&tapes);
}

#[test]
fn what_is_not_tiered() {
    let i32t_of = |m: &mut Module| m.types.i32();
    // A primal region that writes a buffer: giving up and starting again would write it twice.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let i32t = i32t_of(&mut m);
        let buf = m.add_global(
            "buf",
            f64t,
            GlobalKind::StorageBuffer {
                access: BufferAccess::ReadWrite,
            },
        );
        let f = func(&mut m, &mut info, "logged", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let n = b.param("n", i32t, ParamDir::In);
            let r = b.local("r", f64t);
            let i = b.local("i", i32t);
            let one = f64lit(b, 1.0);
            b.store(Place::local(r), one);
            let zero = b.i32(0);
            let nv = b.load(Place::param(n));
            for_loop(b, i, zero, nv, attrs(128), |b, iv| {
                let rv = b.load(Place::local(r));
                let xv = b.load(Place::param(x));
                let p = b.mul(rv, xv);
                b.store(Place::local(r), p);
                b.store(Place::global(buf).dynamic(iv), p);
            });
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names(&m), ["s_bwd_logged"], "buffer store");
    }
    // A callee of the primal region that writes a buffer, through an `inout` local.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let i32t = i32t_of(&mut m);
        let void = m.types.void();
        let buf = m.add_global(
            "buf",
            f64t,
            GlobalKind::StorageBuffer {
                access: BufferAccess::ReadWrite,
            },
        );
        let log = func(&mut m, &mut info, "log_value", void, |b| {
            let v = b.param("v", f64t, ParamDir::InOut);
            let vv = b.load(Place::param(v));
            b.store(Place::global(buf).index(0), vv);
            b.ret(None);
        });
        info.differentiable.remove(&log);
        let f = func(&mut m, &mut info, "logged_by_callee", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let n = b.param("n", i32t, ParamDir::In);
            let r = b.local("r", f64t);
            let i = b.local("i", i32t);
            let one = f64lit(b, 1.0);
            b.store(Place::local(r), one);
            let zero = b.i32(0);
            let nv = b.load(Place::param(n));
            for_loop(b, i, zero, nv, attrs(128), |b, _| {
                let rv = b.load(Place::local(r));
                let xv = b.load(Place::param(x));
                let p = b.mul(rv, xv);
                b.store(Place::local(r), p);
                b.call(log, vec![Arg::Place(Place::local(r))]);
            });
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            names(&m),
            ["s_bwd_logged_by_callee"],
            "callee's buffer store"
        );
    }
    // A barrier: an early return would make it non-uniform.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let i32t = i32t_of(&mut m);
        let f = func(&mut m, &mut info, "synced", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let n = b.param("n", i32t, ParamDir::In);
            let r = b.local("r", f64t);
            let i = b.local("i", i32t);
            let one = f64lit(b, 1.0);
            b.store(Place::local(r), one);
            b.barrier(BarrierKind::Group);
            let zero = b.i32(0);
            let nv = b.load(Place::param(n));
            for_loop(b, i, zero, nv, attrs(128), |b, _| {
                let rv = b.load(Place::local(r));
                let xv = b.load(Place::param(x));
                let p = b.mul(rv, xv);
                b.store(Place::local(r), p);
            });
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names(&m), ["s_bwd_synced"], "barrier");
    }
    // A loop that always runs 100 iterations would give up in every tier below 100.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let i32t = i32t_of(&mut m);
        let f = func(&mut m, &mut info, "pow100", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let r = b.local("r", f64t);
            let i = b.local("i", i32t);
            let one = f64lit(b, 1.0);
            b.store(Place::local(r), one);
            let zero = b.i32(0);
            let hundred = b.i32(100);
            for_loop(b, i, zero, hundred, attrs(128), |b, _| {
                let rv = b.load(Place::local(r));
                let xv = b.load(Place::param(x));
                let p = b.mul(rv, xv);
                b.store(Place::local(r), p);
            });
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names(&m), ["s_bwd_pow100"], "fixed trip count");
    }
    // Tapes too small to gain from a tier: MaxIters(20) keeps 21 doubles, tier 16 would keep 17.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let f = my_pow(&mut m, &mut info, f64t, 20);
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names(&m), ["s_bwd_myPow"], "small tape");
    }
    // Only tiers below MaxIters apply: MaxIters(64) gets tiers 16 and 32, not 64.
    {
        let (mut m, mut info, f64t) = setup(TapeTiers::default());
        let f = my_pow(&mut m, &mut info, f64t, 64);
        backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            names(&m),
            [
                "s_bwd_myPow",
                "s_bwd_myPow_tier16",
                "s_bwd_myPow_tier32",
                "s_bwd_myPow_full"
            ],
            "MaxIters(64)"
        );
    }
}

#[test]
fn derivatives_of_a_tiered_derivative_are_made_from_the_full_function() {
    let (mut m, mut info, f64t) = setup(TapeTiers::default());
    let f = my_pow(&mut m, &mut info, f64t, 128);
    let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
    info.differentiable.insert(bwd);
    let fwd_of_bwd = forward_derivative(&mut m, &mut info, bwd).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(verify(&m), Ok(()));
    // Forward mode of the dispatcher is made from the full function: no calls to the tiers.
    let calls: Vec<String> = m
        .function(fwd_of_bwd)
        .unwrap()
        .values
        .iter()
        .filter_map(|v| match &v.inst {
            Inst::Call(g, _) => Some(m.function(*g).unwrap().name.clone()),
            _ => None,
        })
        .collect();
    assert!(calls.iter().all(|c| !c.contains("_tier")), "{calls:?}");
    // d/dx of (d/dx x^n) = n (n - 1) x^(n-2), through forward mode of the backward derivative.
    let (x, n) = (1.01f64, 70);
    let pair = |p: f64, d: f64| Value::Composite(vec![Value::F64(p), Value::F64(d)]);
    let args = vec![
        // x = {p: {x, 0}, d: {1, 0}}: the direction perturbs `x.p`.
        Value::Composite(vec![pair(x, 0.0), pair(1.0, 0.0)]),
        Value::I32(n),
        pair(1.0, 0.0),
    ];
    let (_, outs) = interp::call(&m, fwd_of_bwd, args).unwrap_or_else(|e| panic!("{e}"));
    let Value::Composite(outer) = &outs[0] else {
        panic!("not a pair")
    };
    let Value::Composite(d_pair) = &outer[1] else {
        panic!("not a pair")
    };
    let second = d_pair[1].as_f64().unwrap();
    let nf = f64::from(n);
    assert_close(
        &[second],
        &[nf * (nf - 1.0) * x.powi(n - 2)],
        1e-9,
        "second derivative",
    );
}

#[test]
fn tape_tiers_parse() {
    let parse = |s: &str| s.parse::<TapeTiers>().map(|t| t.to_string());
    expect![[r#"
        [
            Ok(
                "16,64",
            ),
            Ok(
                "none",
            ),
            Ok(
                "8,16,32",
            ),
            Err(
                "`0` is not a tape capacity (a positive number of loop iterations; `none` turns tiers off)",
            ),
            Err(
                "`x` is not a tape capacity (a positive number of loop iterations; `none` turns tiers off)",
            ),
        ]
    "#]]
    .assert_debug_eq(&[
        parse("16,64"),
        parse("none"),
        parse(" 32, 8,16,16"),
        parse("0"),
        parse("16,x"),
    ]);
    assert_eq!(
        TapeTiers::default().capacities(),
        autodiff::DEFAULT_TAPE_TIERS
    );
}

/// A counting loop of the compute test: `for (i = a; i TEST n; i += step)`.
#[derive(Clone, Copy)]
struct Counting {
    label: &'static str,
    unsigned: bool,
    step: i64,
    test: BinaryOp,
}

/// `double count(double x, T a, T n) { double r = 1; [MaxIters(128)] for (T i = a; i TEST n;
/// i += step) r *= x; return r; }` (`-=` for a negative step).
fn counting_fn(m: &mut Module, info: &mut DiffInfo, ty: TypeId, c: Counting) -> FuncId {
    let it = if c.unsigned {
        m.types.scalar(Scalar::U32)
    } else {
        m.types.i32()
    };
    func(m, info, "count", ty, |b| {
        let x = b.param("x", ty, ParamDir::In);
        let a = b.param("a", it, ParamDir::In);
        let n = b.param("n", it, ParamDir::In);
        let result = b.local("result", ty);
        let i = b.local("i", it);
        let one = f64lit(b, 1.0);
        b.store(Place::local(result), one);
        let av = b.load(Place::param(a));
        b.store(Place::local(i), av);
        b.loop_(
            attrs(128),
            |b| {
                let iv = b.load(Place::local(i));
                let nv = b.load(Place::param(n));
                let more = b.binary(c.test, iv, nv);
                b.if_(more, |_| {}, |b| b.brk());
                let r = b.load(Place::local(result));
                let xv = b.load(Place::param(x));
                let p = b.mul(r, xv);
                b.store(Place::local(result), p);
            },
            |b| {
                let iv = b.load(Place::local(i));
                let mag = c.step.unsigned_abs();
                let k = if c.unsigned {
                    b.u32(mag as u32)
                } else {
                    b.i32(mag as i32)
                };
                let next = if c.step > 0 {
                    b.add(iv, k)
                } else {
                    b.sub(iv, k)
                };
                b.store(Place::local(i), next);
                None
            },
        );
        let r = b.load(Place::local(result));
        b.ret(Some(r));
    })
}

/// The number of iterations of `c` from `a` to `n` in wrapping 32-bit arithmetic, or `None`
/// past `limit`.
fn simulate(c: Counting, a: i64, n: i64, limit: u32) -> Option<u32> {
    let wrap = |x: i64| {
        if c.unsigned {
            i64::from(x as u32)
        } else {
            i64::from(x as u32 as i32)
        }
    };
    let holds = |i: i64| match c.test {
        BinaryOp::Lt => i < n,
        BinaryOp::Le => i <= n,
        BinaryOp::Gt => i > n,
        BinaryOp::Ge => i >= n,
        BinaryOp::Ne => i != n,
        _ => unreachable!("not a counting test"),
    };
    let mut i = wrap(a);
    for k in 0..=limit {
        if !holds(i) {
            return Some(k);
        }
        i = wrap(i + c.step);
    }
    None
}

/// `a` for a loop of `c` ending at `n` after `trips` iterations (before any wrapping).
fn start_for(c: Counting, n: i64, trips: i64) -> i64 {
    match c.test {
        BinaryOp::Lt => n - trips * c.step,
        BinaryOp::Le => n - (trips - 1) * c.step,
        BinaryOp::Gt => n - trips * c.step,
        BinaryOp::Ge => n - (trips - 1) * c.step,
        BinaryOp::Ne => n - trips * c.step,
        _ => unreachable!("not a counting test"),
    }
}

#[test]
fn counting_loops_give_up_at_their_entry_exactly_when_a_tier_cannot_hold_them() {
    let x = 1.003;
    let caps = [16u32, 32, 64];
    let shapes = [
        // (shape, bound n)
        (
            Counting {
                label: "int i < n, i++",
                unsigned: false,
                step: 1,
                test: BinaryOp::Lt,
            },
            -20,
        ),
        (
            Counting {
                label: "int i < n, i += 2",
                unsigned: false,
                step: 2,
                test: BinaryOp::Lt,
            },
            7,
        ),
        (
            Counting {
                label: "int i <= n, i++",
                unsigned: false,
                step: 1,
                test: BinaryOp::Le,
            },
            -3,
        ),
        (
            Counting {
                label: "int i > n, i--",
                unsigned: false,
                step: -1,
                test: BinaryOp::Gt,
            },
            -40,
        ),
        (
            Counting {
                label: "int i >= n, i -= 3",
                unsigned: false,
                step: -3,
                test: BinaryOp::Ge,
            },
            11,
        ),
        (
            Counting {
                label: "int i != n, i++",
                unsigned: false,
                step: 1,
                test: BinaryOp::Ne,
            },
            -5,
        ),
        (
            Counting {
                label: "int i != n, i -= 2",
                unsigned: false,
                step: -2,
                test: BinaryOp::Ne,
            },
            9,
        ),
        (
            Counting {
                label: "uint i < n, i++",
                unsigned: true,
                step: 1,
                test: BinaryOp::Lt,
            },
            200,
        ),
        // Stepping away from the exit: no iteration, or none that ends before wrapping around.
        (
            Counting {
                label: "int i < n, i--",
                unsigned: false,
                step: -1,
                test: BinaryOp::Lt,
            },
            30,
        ),
        (
            Counting {
                label: "uint i >= n, i--",
                unsigned: true,
                step: -1,
                test: BinaryOp::Ge,
            },
            2,
        ),
    ];
    let wrap_arg = |c: Counting, v: i64| {
        if c.unsigned {
            Value::U32(v as u32)
        } else {
            Value::I32(v as i32)
        }
    };
    let mut table = Vec::new();
    for (c, n) in shapes {
        // Trip counts on both sides of every capacity, and loops that only end by wrapping
        // around (or never): the tiers must give up on those.
        let mut cases: Vec<(i64, i64)> = [0i64, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 128]
            .iter()
            .map(|&t| (start_for(c, n, t), n))
            .collect();
        let edge = match (c.unsigned, c.step > 0) {
            (false, true) => i64::from(i32::MAX),
            (false, false) => i64::from(i32::MIN),
            (true, true) => i64::from(u32::MAX),
            (true, false) => 0,
        };
        // Near the end of the type: `i <= MAX` never ends; `i < MAX` with a step of 2 wraps.
        cases.push((edge - 3 * c.step, edge));
        // The wrong way round: no iteration, or (`!=`) a wrap-around.
        cases.push((n + c.step, n));
        cases.push((n - c.step * 300, n - c.step * 290));
        cases.push((n - 5, n));
        let mut tiered = None;
        let mut plain = None;
        for (tiers, slot) in [
            (TapeTiers::new(caps), &mut tiered),
            (TapeTiers::none(), &mut plain),
        ] {
            let (mut m, mut info, f64t) = setup(tiers);
            let f = counting_fn(&mut m, &mut info, f64t, c);
            let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(verify(&m), Ok(()));
            *slot = Some((m, bwd));
        }
        let (tm, tbwd) = tiered.unwrap();
        let (pm, pbwd) = plain.unwrap();
        for (a, n) in cases {
            let trips = simulate(c, a, n, 1 << 20);
            let args = |dx: f64| {
                let pair = Value::Composite(vec![Value::F64(x), Value::F64(dx)]);
                vec![pair, wrap_arg(c, a), wrap_arg(c, n), Value::F64(1.0)]
            };
            let mut row = format!("{}: a={a} n={n} trips={trips:?}", c.label);
            for cap in caps {
                let tier = tm.find_function(&format!("s_bwd_count_tier{cap}")).unwrap();
                let fits = trips.is_some_and(|t| t <= cap);
                // A loop the tier cannot hold would overrun its tape: the tier must give up.
                let (held, _) =
                    interp::call(&tm, tier, args(0.0)).unwrap_or_else(|e| panic!("{row}: {e}"));
                let Value::Bool(held) = held else {
                    panic!("{row}: tier returned {held:?}")
                };
                assert!(!held || fits, "{row}: tier {cap} ran a loop it cannot hold");
                row.push_str(&format!(
                    " {cap}:{}",
                    if held { "runs" } else { "gives up" }
                ));
            }
            if trips.is_some_and(|t| t <= 128) {
                let grad = |m: &Module, f: FuncId| {
                    let (_, outs) = interp::call(m, f, args(0.0)).unwrap_or_else(|e| panic!("{e}"));
                    let Value::Composite(pd) = &outs[0] else {
                        panic!("backward output is not a pair")
                    };
                    pd[1].as_f64().unwrap()
                };
                assert_eq!(
                    grad(&tm, tbwd),
                    grad(&pm, pbwd),
                    "{row}: tiers changed a gradient"
                );
            }
            table.push(row);
        }
    }
    expect![[r#"
        int i < n, i++: a=-20 n=-20 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i++: a=-21 n=-20 trips=Some(1) 16:runs 32:runs 64:runs
        int i < n, i++: a=-35 n=-20 trips=Some(15) 16:runs 32:runs 64:runs
        int i < n, i++: a=-36 n=-20 trips=Some(16) 16:runs 32:runs 64:runs
        int i < n, i++: a=-37 n=-20 trips=Some(17) 16:gives up 32:runs 64:runs
        int i < n, i++: a=-51 n=-20 trips=Some(31) 16:gives up 32:runs 64:runs
        int i < n, i++: a=-52 n=-20 trips=Some(32) 16:gives up 32:runs 64:runs
        int i < n, i++: a=-53 n=-20 trips=Some(33) 16:gives up 32:gives up 64:runs
        int i < n, i++: a=-83 n=-20 trips=Some(63) 16:gives up 32:gives up 64:runs
        int i < n, i++: a=-84 n=-20 trips=Some(64) 16:gives up 32:gives up 64:runs
        int i < n, i++: a=-85 n=-20 trips=Some(65) 16:gives up 32:gives up 64:gives up
        int i < n, i++: a=-148 n=-20 trips=Some(128) 16:gives up 32:gives up 64:gives up
        int i < n, i++: a=2147483644 n=2147483647 trips=Some(3) 16:gives up 32:gives up 64:gives up
        int i < n, i++: a=-19 n=-20 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i++: a=-320 n=-310 trips=Some(10) 16:runs 32:runs 64:runs
        int i < n, i++: a=-25 n=-20 trips=Some(5) 16:runs 32:runs 64:runs
        int i < n, i += 2: a=7 n=7 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i += 2: a=5 n=7 trips=Some(1) 16:runs 32:runs 64:runs
        int i < n, i += 2: a=-23 n=7 trips=Some(15) 16:runs 32:runs 64:runs
        int i < n, i += 2: a=-25 n=7 trips=Some(16) 16:runs 32:runs 64:runs
        int i < n, i += 2: a=-27 n=7 trips=Some(17) 16:gives up 32:runs 64:runs
        int i < n, i += 2: a=-55 n=7 trips=Some(31) 16:gives up 32:runs 64:runs
        int i < n, i += 2: a=-57 n=7 trips=Some(32) 16:gives up 32:runs 64:runs
        int i < n, i += 2: a=-59 n=7 trips=Some(33) 16:gives up 32:gives up 64:runs
        int i < n, i += 2: a=-119 n=7 trips=Some(63) 16:gives up 32:gives up 64:runs
        int i < n, i += 2: a=-121 n=7 trips=Some(64) 16:gives up 32:gives up 64:runs
        int i < n, i += 2: a=-123 n=7 trips=Some(65) 16:gives up 32:gives up 64:gives up
        int i < n, i += 2: a=-249 n=7 trips=Some(128) 16:gives up 32:gives up 64:gives up
        int i < n, i += 2: a=2147483641 n=2147483647 trips=Some(3) 16:gives up 32:gives up 64:gives up
        int i < n, i += 2: a=9 n=7 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i += 2: a=-593 n=-573 trips=Some(10) 16:runs 32:runs 64:runs
        int i < n, i += 2: a=2 n=7 trips=Some(3) 16:runs 32:runs 64:runs
        int i <= n, i++: a=-2 n=-3 trips=Some(0) 16:runs 32:runs 64:runs
        int i <= n, i++: a=-3 n=-3 trips=Some(1) 16:runs 32:runs 64:runs
        int i <= n, i++: a=-17 n=-3 trips=Some(15) 16:runs 32:runs 64:runs
        int i <= n, i++: a=-18 n=-3 trips=Some(16) 16:runs 32:runs 64:runs
        int i <= n, i++: a=-19 n=-3 trips=Some(17) 16:gives up 32:runs 64:runs
        int i <= n, i++: a=-33 n=-3 trips=Some(31) 16:gives up 32:runs 64:runs
        int i <= n, i++: a=-34 n=-3 trips=Some(32) 16:gives up 32:runs 64:runs
        int i <= n, i++: a=-35 n=-3 trips=Some(33) 16:gives up 32:gives up 64:runs
        int i <= n, i++: a=-65 n=-3 trips=Some(63) 16:gives up 32:gives up 64:runs
        int i <= n, i++: a=-66 n=-3 trips=Some(64) 16:gives up 32:gives up 64:runs
        int i <= n, i++: a=-67 n=-3 trips=Some(65) 16:gives up 32:gives up 64:gives up
        int i <= n, i++: a=-130 n=-3 trips=Some(128) 16:gives up 32:gives up 64:gives up
        int i <= n, i++: a=2147483644 n=2147483647 trips=None 16:gives up 32:gives up 64:gives up
        int i <= n, i++: a=-2 n=-3 trips=Some(0) 16:runs 32:runs 64:runs
        int i <= n, i++: a=-303 n=-293 trips=Some(11) 16:runs 32:runs 64:runs
        int i <= n, i++: a=-8 n=-3 trips=Some(6) 16:runs 32:runs 64:runs
        int i > n, i--: a=-40 n=-40 trips=Some(0) 16:runs 32:runs 64:runs
        int i > n, i--: a=-39 n=-40 trips=Some(1) 16:runs 32:runs 64:runs
        int i > n, i--: a=-25 n=-40 trips=Some(15) 16:runs 32:runs 64:runs
        int i > n, i--: a=-24 n=-40 trips=Some(16) 16:runs 32:runs 64:runs
        int i > n, i--: a=-23 n=-40 trips=Some(17) 16:gives up 32:runs 64:runs
        int i > n, i--: a=-9 n=-40 trips=Some(31) 16:gives up 32:runs 64:runs
        int i > n, i--: a=-8 n=-40 trips=Some(32) 16:gives up 32:runs 64:runs
        int i > n, i--: a=-7 n=-40 trips=Some(33) 16:gives up 32:gives up 64:runs
        int i > n, i--: a=23 n=-40 trips=Some(63) 16:gives up 32:gives up 64:runs
        int i > n, i--: a=24 n=-40 trips=Some(64) 16:gives up 32:gives up 64:runs
        int i > n, i--: a=25 n=-40 trips=Some(65) 16:gives up 32:gives up 64:gives up
        int i > n, i--: a=88 n=-40 trips=Some(128) 16:gives up 32:gives up 64:gives up
        int i > n, i--: a=-2147483645 n=-2147483648 trips=Some(3) 16:gives up 32:gives up 64:gives up
        int i > n, i--: a=-41 n=-40 trips=Some(0) 16:runs 32:runs 64:runs
        int i > n, i--: a=260 n=250 trips=Some(10) 16:runs 32:runs 64:runs
        int i > n, i--: a=-45 n=-40 trips=Some(0) 16:runs 32:runs 64:runs
        int i >= n, i -= 3: a=8 n=11 trips=Some(0) 16:runs 32:runs 64:runs
        int i >= n, i -= 3: a=11 n=11 trips=Some(1) 16:runs 32:runs 64:runs
        int i >= n, i -= 3: a=53 n=11 trips=Some(15) 16:runs 32:runs 64:runs
        int i >= n, i -= 3: a=56 n=11 trips=Some(16) 16:runs 32:runs 64:runs
        int i >= n, i -= 3: a=59 n=11 trips=Some(17) 16:gives up 32:runs 64:runs
        int i >= n, i -= 3: a=101 n=11 trips=Some(31) 16:gives up 32:runs 64:runs
        int i >= n, i -= 3: a=104 n=11 trips=Some(32) 16:gives up 32:runs 64:runs
        int i >= n, i -= 3: a=107 n=11 trips=Some(33) 16:gives up 32:gives up 64:runs
        int i >= n, i -= 3: a=197 n=11 trips=Some(63) 16:gives up 32:gives up 64:runs
        int i >= n, i -= 3: a=200 n=11 trips=Some(64) 16:gives up 32:gives up 64:runs
        int i >= n, i -= 3: a=203 n=11 trips=Some(65) 16:gives up 32:gives up 64:gives up
        int i >= n, i -= 3: a=392 n=11 trips=Some(128) 16:gives up 32:gives up 64:gives up
        int i >= n, i -= 3: a=-2147483639 n=-2147483648 trips=None 16:gives up 32:gives up 64:gives up
        int i >= n, i -= 3: a=8 n=11 trips=Some(0) 16:runs 32:runs 64:runs
        int i >= n, i -= 3: a=911 n=881 trips=Some(11) 16:runs 32:runs 64:runs
        int i >= n, i -= 3: a=6 n=11 trips=Some(0) 16:runs 32:runs 64:runs
        int i != n, i++: a=-5 n=-5 trips=Some(0) 16:runs 32:runs 64:runs
        int i != n, i++: a=-6 n=-5 trips=Some(1) 16:runs 32:runs 64:runs
        int i != n, i++: a=-20 n=-5 trips=Some(15) 16:runs 32:runs 64:runs
        int i != n, i++: a=-21 n=-5 trips=Some(16) 16:runs 32:runs 64:runs
        int i != n, i++: a=-22 n=-5 trips=Some(17) 16:gives up 32:runs 64:runs
        int i != n, i++: a=-36 n=-5 trips=Some(31) 16:gives up 32:runs 64:runs
        int i != n, i++: a=-37 n=-5 trips=Some(32) 16:gives up 32:runs 64:runs
        int i != n, i++: a=-38 n=-5 trips=Some(33) 16:gives up 32:gives up 64:runs
        int i != n, i++: a=-68 n=-5 trips=Some(63) 16:gives up 32:gives up 64:runs
        int i != n, i++: a=-69 n=-5 trips=Some(64) 16:gives up 32:gives up 64:runs
        int i != n, i++: a=-70 n=-5 trips=Some(65) 16:gives up 32:gives up 64:gives up
        int i != n, i++: a=-133 n=-5 trips=Some(128) 16:gives up 32:gives up 64:gives up
        int i != n, i++: a=2147483644 n=2147483647 trips=Some(3) 16:runs 32:runs 64:runs
        int i != n, i++: a=-4 n=-5 trips=None 16:gives up 32:gives up 64:gives up
        int i != n, i++: a=-305 n=-295 trips=Some(10) 16:runs 32:runs 64:runs
        int i != n, i++: a=-10 n=-5 trips=Some(5) 16:runs 32:runs 64:runs
        int i != n, i -= 2: a=9 n=9 trips=Some(0) 16:runs 32:runs 64:runs
        int i != n, i -= 2: a=11 n=9 trips=Some(1) 16:runs 32:runs 64:runs
        int i != n, i -= 2: a=39 n=9 trips=Some(15) 16:runs 32:runs 64:runs
        int i != n, i -= 2: a=41 n=9 trips=Some(16) 16:runs 32:runs 64:runs
        int i != n, i -= 2: a=43 n=9 trips=Some(17) 16:gives up 32:runs 64:runs
        int i != n, i -= 2: a=71 n=9 trips=Some(31) 16:gives up 32:runs 64:runs
        int i != n, i -= 2: a=73 n=9 trips=Some(32) 16:gives up 32:runs 64:runs
        int i != n, i -= 2: a=75 n=9 trips=Some(33) 16:gives up 32:gives up 64:runs
        int i != n, i -= 2: a=135 n=9 trips=Some(63) 16:gives up 32:gives up 64:runs
        int i != n, i -= 2: a=137 n=9 trips=Some(64) 16:gives up 32:gives up 64:runs
        int i != n, i -= 2: a=139 n=9 trips=Some(65) 16:gives up 32:gives up 64:gives up
        int i != n, i -= 2: a=265 n=9 trips=Some(128) 16:gives up 32:gives up 64:gives up
        int i != n, i -= 2: a=-2147483642 n=-2147483648 trips=Some(3) 16:runs 32:runs 64:runs
        int i != n, i -= 2: a=7 n=9 trips=None 16:gives up 32:gives up 64:gives up
        int i != n, i -= 2: a=609 n=589 trips=Some(10) 16:runs 32:runs 64:runs
        int i != n, i -= 2: a=4 n=9 trips=None 16:gives up 32:gives up 64:gives up
        uint i < n, i++: a=200 n=200 trips=Some(0) 16:runs 32:runs 64:runs
        uint i < n, i++: a=199 n=200 trips=Some(1) 16:runs 32:runs 64:runs
        uint i < n, i++: a=185 n=200 trips=Some(15) 16:runs 32:runs 64:runs
        uint i < n, i++: a=184 n=200 trips=Some(16) 16:runs 32:runs 64:runs
        uint i < n, i++: a=183 n=200 trips=Some(17) 16:gives up 32:runs 64:runs
        uint i < n, i++: a=169 n=200 trips=Some(31) 16:gives up 32:runs 64:runs
        uint i < n, i++: a=168 n=200 trips=Some(32) 16:gives up 32:runs 64:runs
        uint i < n, i++: a=167 n=200 trips=Some(33) 16:gives up 32:gives up 64:runs
        uint i < n, i++: a=137 n=200 trips=Some(63) 16:gives up 32:gives up 64:runs
        uint i < n, i++: a=136 n=200 trips=Some(64) 16:gives up 32:gives up 64:runs
        uint i < n, i++: a=135 n=200 trips=Some(65) 16:gives up 32:gives up 64:gives up
        uint i < n, i++: a=72 n=200 trips=Some(128) 16:gives up 32:gives up 64:gives up
        uint i < n, i++: a=4294967292 n=4294967295 trips=Some(3) 16:gives up 32:gives up 64:gives up
        uint i < n, i++: a=201 n=200 trips=Some(0) 16:runs 32:runs 64:runs
        uint i < n, i++: a=-100 n=-90 trips=Some(0) 16:runs 32:runs 64:runs
        uint i < n, i++: a=195 n=200 trips=Some(5) 16:runs 32:runs 64:runs
        int i < n, i--: a=30 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=31 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=45 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=46 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=47 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=61 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=62 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=63 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=93 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=94 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=95 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=158 n=30 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=-2147483645 n=-2147483648 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=29 n=30 trips=None 16:gives up 32:gives up 64:gives up
        int i < n, i--: a=330 n=320 trips=Some(0) 16:runs 32:runs 64:runs
        int i < n, i--: a=25 n=30 trips=None 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=1 n=2 trips=Some(0) 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=2 n=2 trips=Some(1) 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=16 n=2 trips=Some(15) 16:runs 32:gives up 64:gives up
        uint i >= n, i--: a=17 n=2 trips=Some(16) 16:runs 32:gives up 64:gives up
        uint i >= n, i--: a=18 n=2 trips=Some(17) 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=32 n=2 trips=Some(31) 16:gives up 32:runs 64:gives up
        uint i >= n, i--: a=33 n=2 trips=Some(32) 16:gives up 32:runs 64:gives up
        uint i >= n, i--: a=34 n=2 trips=Some(33) 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=64 n=2 trips=Some(63) 16:gives up 32:gives up 64:runs
        uint i >= n, i--: a=65 n=2 trips=Some(64) 16:gives up 32:gives up 64:runs
        uint i >= n, i--: a=66 n=2 trips=Some(65) 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=129 n=2 trips=Some(128) 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=3 n=0 trips=None 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=1 n=2 trips=Some(0) 16:gives up 32:gives up 64:gives up
        uint i >= n, i--: a=302 n=292 trips=Some(11) 16:runs 32:runs 64:runs
        uint i >= n, i--: a=-3 n=2 trips=None 16:gives up 32:gives up 64:gives up"#]].assert_eq(&table.join("\n"));
}

#[test]
fn a_loop_without_a_count_at_its_entry_keeps_the_check_in_the_loop() {
    // double grow(double x, double limit) { double r = x; [MaxIters(128)] while (r < limit)
    //   r = r * x; return r; }
    let run = |tiers: TapeTiers| {
        let (mut m, mut info, f64t) = setup(tiers);
        let f = func(&mut m, &mut info, "grow", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let limit = b.param("limit", f64t, ParamDir::In);
            let r = b.local("r", f64t);
            let xv = b.load(Place::param(x));
            b.store(Place::local(r), xv);
            b.loop_(
                attrs(128),
                |b| {
                    let rv = b.load(Place::local(r));
                    let lv = b.load(Place::param(limit));
                    let more = b.lt(rv, lv);
                    b.if_(more, |_| {}, |b| b.brk());
                    let xv = b.load(Place::param(x));
                    let p = b.mul(rv, xv);
                    b.store(Place::local(r), p);
                },
                |_| None,
            );
            let rv = b.load(Place::local(r));
            b.ret(Some(rv));
        });
        let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(verify(&m), Ok(()));
        let grads: Vec<f64> = [0.5, 1.2, 1.5, 2.0, 9.0, 40.0]
            .iter()
            .map(|&limit| {
                let pair = Value::Composite(vec![Value::F64(1.03), Value::F64(0.0)]);
                let limit = Value::Composite(vec![Value::F64(limit), Value::F64(0.0)]);
                let args = vec![pair, limit, Value::F64(1.0)];
                let (_, outs) = interp::call(&m, bwd, args).unwrap_or_else(|e| panic!("{e}"));
                let Value::Composite(pd) = &outs[0] else {
                    panic!("backward output is not a pair")
                };
                pd[1].as_f64().unwrap()
            })
            .collect();
        (m, grads)
    };
    let (_, plain) = run(TapeTiers::none());
    let (m, tiered) = run(TapeTiers::new([16]));
    assert_eq!(tiered, plain, "tiers changed a gradient");
    // Nothing before the loop: the first run of its then-branch past 16 iterations gives up.
    let text = show(&m, "s_bwd_grow_tier16");
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.contains("store $iter1"))
        .unwrap();
    let end = start
        + lines[start..]
            .iter()
            .position(|l| l.contains("return"))
            .unwrap();
    let dedented: String = lines[start..=end]
        .iter()
        .map(|l| format!("{}\n", l.strip_prefix("  ").unwrap_or(l)))
        .collect();
    expect![[r#"
        store $iter1, %9
        loop [MaxIters(16)] {
          %10: bool = load $brk1
          %11: bool = not %10
          if %11 {
            %110: int = load $iter1
            %111: int = 16
            %112: bool = gt %110, %111
            if %112 {
              %113: bool = false
              return %113
    "#]]
    .assert_eq(&dedented);
}

/// `double taylor(double x, int terms) { double sum = 1, term = 1; [MaxIters(128)] for (int k
/// = 1; k < terms; k++) { term = term * x; sum = sum + term; } return sum; }`
fn taylor(m: &mut Module, info: &mut DiffInfo, ty: TypeId) -> FuncId {
    let i32t = m.types.i32();
    func(m, info, "taylor", ty, |b| {
        let x = b.param("x", ty, ParamDir::In);
        let terms = b.param("terms", i32t, ParamDir::In);
        let sum = b.local("sum", ty);
        let term = b.local("term", ty);
        let k = b.local("k", i32t);
        let one = f64lit(b, 1.0);
        b.store(Place::local(sum), one);
        b.store(Place::local(term), one);
        let first = b.i32(1);
        let end = b.load(Place::param(terms));
        for_loop(b, k, first, end, attrs(128), |b, _| {
            let t = b.load(Place::local(term));
            let xv = b.load(Place::param(x));
            let t = b.mul(t, xv);
            b.store(Place::local(term), t);
            let s = b.load(Place::local(sum));
            let s = b.add(s, t);
            b.store(Place::local(sum), s);
        });
        let s = b.load(Place::local(sum));
        b.ret(Some(s));
    })
}

#[test]
fn a_count_known_from_parameters_lets_the_dispatcher_call_one_tier() {
    let run = |tiers: TapeTiers| {
        let (mut m, mut info, f64t) = setup(tiers);
        let f = taylor(&mut m, &mut info, f64t);
        let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(verify(&m), Ok(()));
        let counts = [0, 1, 2, 16, 17, 18, 32, 33, 34, 64, 65, 66, 100, 128, 129];
        let grads: Vec<f64> = counts.iter().map(|&n| bwd_at(&m, bwd, 1.01, n)).collect();
        (m, grads)
    };
    let (m, tiered) = run(TapeTiers::default());
    let (_, plain) = run(TapeTiers::none());
    assert_eq!(tiered, plain, "tiers changed a gradient");
    // `terms - 1` iterations: the tier of capacity C holds `terms <= C + 1`; the checks are
    // those of the tiers' entries (`k0 + C < terms` for `k < terms` stepping up from `k0 = 1`).
    expect![[r#"
        fn s_bwd_taylor(inout x: DiffPair_double, terms: int, dOut: double) -> void {
          %0: int = load $terms
          %1: double = load $dOut
          %2: int = 1
          %3: int = load $terms
          %23: int = 2147483631
          %24: bool = gt %2, %23
          %25: int = 16
          %26: int = add %2, %25
          %27: bool = lt %26, %3
          %28: bool = or %24, %27
          if %28 {
            %14: int = 2147483615
            %15: bool = gt %2, %14
            %16: int = 32
            %17: int = add %2, %16
            %18: bool = lt %17, %3
            %19: bool = or %15, %18
            if %19 {
              %5: int = 2147483583
              %6: bool = gt %2, %5
              %7: int = 64
              %8: int = add %2, %7
              %9: bool = lt %8, %3
              %10: bool = or %6, %9
              if %10 {
                %4: void = call s_bwd_taylor_full(inout $x, %0, %1)
              } else {
                %11: bool = call s_bwd_taylor_tier64(inout $x, %0, %1)
                %12: bool = not %11
                if %12 {
                  %13: void = call s_bwd_taylor_full(inout $x, %0, %1)
                }
              }
            } else {
              %20: bool = call s_bwd_taylor_tier32(inout $x, %0, %1)
              %21: bool = not %20
              if %21 {
                %22: void = call s_bwd_taylor_full(inout $x, %0, %1)
              }
            }
          } else {
            %29: bool = call s_bwd_taylor_tier16(inout $x, %0, %1)
            %30: bool = not %29
            if %30 {
              %31: void = call s_bwd_taylor_full(inout $x, %0, %1)
            }
          }
          return
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_taylor"));
}

#[test]
fn a_count_written_under_a_branch_keeps_the_cascade() {
    // `int n = terms; if (x < 0) n = n + 1; for (k = 1; k < n; k++) ...`: the bound is not
    // known from parameters at the loop's entry, so every tier is tried in turn.
    let run = |tiers: TapeTiers| {
        let (mut m, mut info, f64t) = setup(tiers);
        let i32t = m.types.i32();
        let f = func(&mut m, &mut info, "bumped", f64t, |b| {
            let x = b.param("x", f64t, ParamDir::In);
            let terms = b.param("terms", i32t, ParamDir::In);
            let n = b.local("n", i32t);
            let prod = b.local("prod", f64t);
            let k = b.local("k", i32t);
            let tv = b.load(Place::param(terms));
            b.store(Place::local(n), tv);
            let xv = b.load(Place::param(x));
            let zero = f64lit(b, 0.0);
            let neg = b.lt(xv, zero);
            b.if_(
                neg,
                |b| {
                    let nv = b.load(Place::local(n));
                    let one = b.i32(1);
                    let more = b.add(nv, one);
                    b.store(Place::local(n), more);
                },
                |_| {},
            );
            let one = f64lit(b, 1.0);
            b.store(Place::local(prod), one);
            let first = b.i32(1);
            let end = b.load(Place::local(n));
            for_loop(b, k, first, end, attrs(128), |b, _| {
                let p = b.load(Place::local(prod));
                let xv = b.load(Place::param(x));
                let p = b.mul(p, xv);
                b.store(Place::local(prod), p);
            });
            let p = b.load(Place::local(prod));
            b.ret(Some(p));
        });
        let bwd = backward_derivative(&mut m, &mut info, f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(verify(&m), Ok(()));
        let grads: Vec<f64> = [0, 16, 17, 18, 33, 34, 65, 66, 128]
            .iter()
            .flat_map(|&n| [bwd_at(&m, bwd, 1.01, n), bwd_at(&m, bwd, -1.01, n)])
            .collect();
        (m, grads)
    };
    let (m, tiered) = run(TapeTiers::default());
    let (_, plain) = run(TapeTiers::none());
    assert_eq!(tiered, plain, "tiers changed a gradient");
    expect![[r#"
        fn s_bwd_bumped(inout x: DiffPair_double, terms: int, dOut: double) -> void {
          %0: int = load $terms
          %1: double = load $dOut
          %7: bool = call s_bwd_bumped_tier16(inout $x, %0, %1)
          %8: bool = not %7
          if %8 {
            %5: bool = call s_bwd_bumped_tier32(inout $x, %0, %1)
            %6: bool = not %5
            if %6 {
              %3: bool = call s_bwd_bumped_tier64(inout $x, %0, %1)
              %4: bool = not %3
              if %4 {
                %2: void = call s_bwd_bumped_full(inout $x, %0, %1)
              }
            }
          }
          return
        }
    "#]]
    .assert_eq(&show(&m, "s_bwd_bumped"));
}
