//! Front-end gaps closed against the reference compiler: declaration shapes it rejects
//! (typealias cycles, negative array sizes) and forms it accepts.

use expect_test::expect;

use super::check_diags;

#[test]
fn typealias_cycles() {
    check_diags(
        r#"
typealias First = Second;
typealias Second = First;
typealias Loop = Loop[2];
typealias Fine = float;
typealias AlsoFine = Fine[3];
struct Holder { typealias Inner = int; Inner next[1]; }
typealias Later = Holder.Inner;
void use() { AlsoFine a; }
"#,
        expect![[r#"
            2:11 error[E2230] cyclic reference 'First': the typealias is defined through itself (First -> Second -> First); make one of the aliases in the cycle name a concrete type
            3:11 error[E2230] cyclic reference 'Second': the typealias is defined through itself (Second -> First -> Second); make one of the aliases in the cycle name a concrete type
            4:11 error[E2230] cyclic reference 'Loop': the typealias is defined through itself (Loop -> Loop); make one of the aliases in the cycle name a concrete type
        "#]],
    );
}

#[test]
fn negative_array_sizes() {
    check_diags(
        r#"
static const int kBack = -2;
static float table[-5];
struct Rows { int cells[kBack]; int fine[3]; }
void sizes(float param[-1])
{
    float local[-3];
    float nested[2][-4];
    float zero[0];
    float ok[4];
}
"#,
        expect![[r#"
            3:14 error[E2231] array size must be non-negative: 'table' is declared with size -5; give the array a size of 0 or more
            4:19 error[E2231] array size must be non-negative: 'cells' is declared with size -2; give the array a size of 0 or more
            5:18 error[E2231] array size must be non-negative: 'param' is declared with size -1; give the array a size of 0 or more
            7:11 error[E2231] array size must be non-negative: 'local' is declared with size -3; give the array a size of 0 or more
            8:11 error[E2231] array size must be non-negative: 'nested' is declared with size -4; give the array a size of 0 or more
        "#]],
    );
}

#[test]
fn unscoped_enum_cases() {
    check_diags(
        r#"
[UnscopedEnum]
enum Fruit : uint { Apple = 3, Pear }
enum Scoped { Near, Far }
uint pick(Fruit f) { return f == Apple ? uint(Pear) : uint(Fruit.Apple); }
Scoped far() { return Scoped.Far; }
Scoped near() { return Near; }
"#,
        expect![[r#"
            7:24 error[E2001] undefined identifier 'Near'. Declare `Near` before its use, or check the spelling
        "#]],
    );
}

#[test]
fn expand_over_patterns_and_tuples() {
    check_diags(
        r#"
struct Box<T> { T v; }
void accept<each T>(expand each T value) {}
float unwrap<T : __BuiltinFloatingPointType>(Box<T> b) { return float(b.v); }
void boxes<each T : __BuiltinFloatingPointType>(expand Box<each T> items)
{
    accept(expand unwrap(each items));
}
void touch<T>(T v) {}
void all<each T>(T v)
{
    expand touch(each v);
}
int pair(int a, float b) { return a + int(b); }
int count<each T>(expand each T values) { return countof(T); }
struct Packed<each T> { int size() { return countof(T); } }
void use()
{
    boxes(Box<float>(1.0), Box<half>(2.0h));
    all(1, 2.0, 3u);
    Tuple<int, expand each Tuple<float, uint>> wide = makeTuple(1, 2.0, 3u);
    Tuple<int, float> t = makeTuple(2, 3.0);
    int p = pair(expand each t);
    int n = count<int, float>(expand each t);
    Packed<int, float> k;
    int m = k.size();
}
"#,
        expect![""],
    );
}

#[test]
fn enum_conditions_matrix_select_and_derivative_members() {
    check_diags(
        r#"
[Flags]
enum Bits { One, Two }
enum Plain { Off, On }
int flags(Bits b, Plain p)
{
    int n = 0;
    if (b & Bits.One) n += 1;
    while (p) { n += 2; break; }
    return p ? n : -n;
}
int2x2 pick(bool2x2 c, int2x2 a, int2x2 b) { return select(c, a, b); }
[Differentiable] float square(float x) { return x * x; }
float slope()
{
    var pair = diffPair(3.0, 1.0);
    square.bwd_diff(pair, 1.0);
    return square.fwd_diff(diffPair(2.0, 1.0)).d + pair.d;
}
"#,
        expect![""],
    );
}
