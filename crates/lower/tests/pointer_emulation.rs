//! Pointers emulated as (root, byte offset) pairs: the IR of `uniform T*` parameters (word
//! buffers named after them), `groupshared` roots, `*p`, `p->f`, `p[i]` and arithmetic.

use expect_test::{Expect, expect};

fn check_ir(src: &str, expected: Expect) {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    match lower::lower_program(&db, file, None) {
        Ok(module) => expected.assert_eq(&ir::print_module(&module)),
        Err(diags) => panic!("{diags:?}"),
    }
}

#[test]
fn uniform_pointer_reads_and_writes_words() {
    check_ir(
        "RWStructuredBuffer<float> output;
struct P { float a; float2 b; }
uniform P* data;
[numthreads(1, 1, 1)]
void computeMain() { output[0] = data->b.y + data[1].a; (data + 2)->a = 4.0; }",
        expect![[r#"
            struct Ptr {
              root: uint,
              offset: uint,
            }
            struct P {
              a: float,
              b: float2,
            }
            global buffer(read_write) output: float
            global buffer(read_write) data: uint
            global static data_ptr: Ptr = {1u, 0u}
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              %0: int = 0
              %1: Ptr = load @data_ptr
              %2: uint = 4u
              %3: uint = extract %1, 0
              %4: uint = extract %1, 1
              %5: uint = add %4, %2
              %6: Ptr = construct %3, %5
              %7: uint = 4u
              %8: uint = extract %6, 0
              %9: uint = extract %6, 1
              %10: uint = add %9, %7
              %11: Ptr = construct %8, %10
              %12: uint = extract %11, 0
              %13: uint = extract %11, 1
              %14: uint = 2u
              %15: uint = shr %13, %14
              %16: uint = call ptr_load(%12, %15)
              %17: float = bitcast.float %16
              %18: Ptr = load @data_ptr
              %19: int = 1
              %20: uint = bitcast.uint %19
              %21: uint = 12u
              %22: uint = mul %20, %21
              %23: uint = extract %18, 0
              %24: uint = extract %18, 1
              %25: uint = add %24, %22
              %26: Ptr = construct %23, %25
              %27: uint = extract %26, 0
              %28: uint = extract %26, 1
              %29: uint = 2u
              %30: uint = shr %28, %29
              %31: uint = call ptr_load(%27, %30)
              %32: float = bitcast.float %31
              %33: float = add %17, %32
              store @output[%0], %33
              %34: Ptr = load @data_ptr
              %35: int = 2
              %36: uint = bitcast.uint %35
              %37: uint = 12u
              %38: uint = mul %36, %37
              %39: uint = extract %34, 0
              %40: uint = extract %34, 1
              %41: uint = add %40, %38
              %42: Ptr = construct %39, %41
              %43: float = 4.0
              %44: uint = extract %42, 0
              %45: uint = extract %42, 1
              %46: uint = 2u
              %47: uint = shr %45, %46
              %48: uint = bitcast.uint %43
              %49: void = call ptr_store(%44, %47, %48)
            }

            fn ptr_load(root: uint, word: uint) -> uint {
              %0: uint = load $root
              %1: uint = load $word
              %2: uint = 1u
              %3: bool = eq %0, %2
              if %3 {
                %4: uint = load @data[%1]
                return %4
              }
              %5: uint = 0u
              return %5
            }

            fn ptr_store(root: uint, word: uint, bits: uint) -> void {
              %0: uint = load $root
              %1: uint = load $word
              %2: uint = load $bits
              %3: uint = 1u
              %4: bool = eq %0, %3
              if %4 {
                store @data[%1], %2
              }
            }
        "#]],
    );
}

#[test]
fn groupshared_roots_are_walked_by_word() {
    check_ir(
        "RWStructuredBuffer<int> output;
groupshared int2 cache[2];
[numthreads(1, 1, 1)]
void computeMain() { int* p = __getAddress(cache[1].y); *p = 3; output[0] = p != nullptr ? *(p - 1) : 0; }",
        expect![[r#"
            struct Ptr {
              root: uint,
              offset: uint,
            }
            global buffer(read_write) output: int
            global groupshared cache: int2[2]
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local p: Ptr
              local ternary: int
              %0: uint = 1u
              %1: uint = 0u
              %2: uint = 8u
              %3: uint = add %1, %2
              %4: uint = 4u
              %5: uint = add %3, %4
              %6: Ptr = construct %0, %5
              store $p, %6
              %7: Ptr = load $p
              %8: int = 3
              %9: uint = extract %7, 0
              %10: uint = extract %7, 1
              %11: uint = 2u
              %12: uint = shr %10, %11
              %13: uint = bitcast.uint %8
              %14: void = call ptr_store(%9, %12, %13)
              %15: int = 0
              %16: Ptr = load $p
              %17: Ptr = zero
              %18: uint = extract %16, 0
              %19: uint = extract %16, 1
              %20: uint = extract %17, 0
              %21: uint = extract %17, 1
              %22: bool = eq %18, %20
              %23: bool = ne %19, %21
              %24: bool = ne %18, %20
              %25: bool = or %24, %23
              if %25 {
                %26: Ptr = load $p
                %27: int = 1
                %28: uint = bitcast.uint %27
                %29: uint = 4u
                %30: uint = mul %28, %29
                %31: uint = extract %26, 0
                %32: uint = extract %26, 1
                %33: uint = sub %32, %30
                %34: Ptr = construct %31, %33
                %35: uint = extract %34, 0
                %36: uint = extract %34, 1
                %37: uint = 2u
                %38: uint = shr %36, %37
                %39: uint = call ptr_load(%35, %38)
                %40: int = bitcast.int %39
                store $ternary, %40
              } else {
                %41: int = 0
                store $ternary, %41
              }
              %42: int = load $ternary
              store @output[%15], %42
            }

            fn ptr_load(root: uint, word: uint) -> uint {
              %0: uint = load $root
              %1: uint = load $word
              %2: uint = 1u
              %3: bool = eq %0, %2
              if %3 {
                %4: uint = 2u
                %5: uint = div %1, %4
                %6: uint = rem %1, %4
                %7: int = load @cache[%5][%6]
                %8: uint = bitcast.uint %7
                return %8
              }
              %9: uint = 0u
              return %9
            }

            fn ptr_store(root: uint, word: uint, bits: uint) -> void {
              %0: uint = load $root
              %1: uint = load $word
              %2: uint = load $bits
              %3: uint = 1u
              %4: bool = eq %0, %3
              if %4 {
                %5: uint = 2u
                %6: uint = div %1, %5
                %7: uint = rem %1, %5
                %8: int = bitcast.int %2
                store @cache[%6][%7], %8
              }
            }
        "#]],
    );
}
