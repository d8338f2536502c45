//! Error handling: a function declared `throws E` returns its error through two hidden `out`
//! parameters, a call under `try` tests them, and a `do` body is a one-run loop that a thrown
//! error breaks out of to its `catch` clause.

use expect_test::expect;

mod common;
use common::check;

#[test]
fn try_tests_the_hidden_flag_and_catch_takes_the_error() {
    check(
        r#"
enum E { A, B }
int f(int n) throws E
{
    if (n < 0) throw E.B;
    return n;
}
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    do
    {
        outputBuffer[0] = try f(-1);
    }
    catch (e : E)
    {
        outputBuffer[0] = int(e);
    }
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local caught: uint
              local e: int
              local error: int
              local threw: bool
              %0: uint = 0u
              store $caught, %0
              loop {
                %1: int = 0
                %2: int = 1
                %3: int = neg %2
                %4: int = call f(%3, out $error, out $threw)
                %5: bool = load $threw
                if %5 {
                  %6: int = load $error
                  store $e, %6
                  %7: uint = 1u
                  store $caught, %7
                  break
                }
                store @outputBuffer[%1], %4
                break
              }
              %8: uint = load $caught
              %9: uint = 1u
              %10: bool = eq %8, %9
              if %10 {
                %11: int = 0
                %12: int = load $e
                store @outputBuffer[%11], %12
              }
            }

            fn f(n: int, out error: int, out threw: bool) -> int {
              %0: bool = false
              store $threw, %0
              %1: int = zero
              store $error, %1
              %2: int = load $n
              %3: int = 0
              %4: bool = lt %2, %3
              if %4 {
                %5: int = 1
                store $error, %5
                %6: bool = true
                store $threw, %6
                %7: int = zero
                return %7
              }
              %8: int = load $n
              return %8
            }
        "#]],
    );
}
