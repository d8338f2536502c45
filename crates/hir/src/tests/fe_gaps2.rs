//! Front-end gaps closed against the reference compiler (second round): vectors and matrices of
//! a generic element type conform to the builtin operand interfaces, GLSL type names, ...

use expect_test::expect;

use super::check_diags;

#[test]
fn vectors_of_generic_elements_conform_like_their_element() {
    check_diags(
        r#"
T sumOf<T : __BuiltinArithmeticType>(T v, uint4 m) { return WaveMultiSum(v, m); }
T andOf<T : __BuiltinLogicalType>(T v, uint4 m) { return WaveMultiBitAnd(v, m); }
T first<T : __BuiltinType>(T v) { return WaveReadLaneFirst(v); }

__generic<T : __BuiltinArithmeticType, let N : int>
vector<T, N> vsum(vector<T, N> v, uint4 m) { return sumOf(v, m); }

__generic<T : __BuiltinLogicalType, let N : int>
vector<T, N> vand(vector<T, N> v, uint4 m) { return WaveMultiBitAnd(v, m); }

__generic<T : __BuiltinLogicalType, let R : int, let C : int>
matrix<T, R, C> mand(matrix<T, R, C> v, uint4 m) { return andOf(v, m); }

__generic<T : __BuiltinType, let N : int>
vector<T, N> vany(vector<T, N> v) { return first(v); }

__generic<T, let N : int>
vector<T, N> unconstrained(vector<T, N> v, uint4 m) { return sumOf(v, m); }

void use(uint4 m)
{
    vsum<int, 3>(int3(1, 2, 3), m);
    vand<bool, 2>(bool2(true, false), m);
    vany<half, 4>(half4(1.0h));
    sumOf(float2x2(1.0), m);
    andOf(float2(1.0), m);
    andOf(int8_t(1), m);
    vand<uint16_t, 3>(uint16_t3(1, 2, 3), m);
}
"#,
        expect![[r#"
            19:67 error[E2015] type argument 'vector<T,N>' does not conform to the required interface '__BuiltinArithmeticType': `vector<T, N>` does not conform to `__BuiltinArithmeticType`, required by generic parameter `T` of `sumOf`
                related main.slang@3..8: declared here: T sumOf<T>(T v, uint4 m)
            27:10 error[E2015] type argument 'vector<float,2>' does not conform to the required interface '__BuiltinLogicalType': `float2` does not conform to `__BuiltinLogicalType`, required by generic parameter `T` of `andOf`
                related main.slang@85..90: declared here: T andOf<T>(T v, uint4 m)
        "#]],
    );
}

#[test]
fn glsl_type_names_in_glsl_mode() {
    check_diags(
        r#"#version 450
layout(set = 0, binding = 0) uniform isampler1D texSampler[2];
uniform sampler2DShadow shadow;
void main()
{
    uvec3 id = uvec3(1, 2, 3);
    vec4 color = vec4(0.5);
    ivec2 cell = ivec2(id.xy);
    bvec2 mask = bvec2(true, false);
    dvec3 wide = dvec3(1.0);
    mat4 m = mat4(1.0);
    mat2x3 r;
    vec4 moved = mul(m, color);
    float3 same = r[0];
}
"#,
        expect![""],
    );
}

#[test]
fn glsl_type_names_through_import_only() {
    check_diags(
        r#"
import glsl;
vec3 scale(vec3 v, float s) { return v * s; }
"#,
        expect![""],
    );
    // Outside GLSL mode and without the import the names stay free for the program's own use.
    check_diags(
        r#"
struct vec3 { float x, y, z; }
typealias ivec2 = int2;
vec3 make() { vec3 v; v.x = 1.0; return v; }
uvec3 missing;
"#,
        expect![[r#"
            5:1 error[E2002] unknown type `uvec3`: declare it, import the module that declares it, or check the spelling
        "#]],
    );
}

#[test]
fn float_as_int_is_a_constant() {
    // A wrong value gives an array a negative size (E2231), so each check below is a constant.
    check_diags(
        r#"
static const int16_t halfOne = __floatAsInt(1.0h);
static const int floatOne = __floatAsInt(1.0f);
static const int64_t doubleOne = __floatAsInt(1.0lf);
static const int exponent = (__floatAsInt(2.0f) >> 23) - 126;
static const int fromInt = __floatAsInt(float(1));
int table[exponent];
static const int ok = floatOne == 1065353216 && __floatAsInt(-1.0f) == -1082130432
    && halfOne == 15360 && __floatAsInt(-2.0h) == -16384 && __floatAsInt(0.000061035156h) == 1024
    && doubleOne == 4607182418800017408 && fromInt == floatOne;
static const int wrong = __floatAsInt(1.0f) == 1;
int allRight[ok ? 1 : -1];
int notRight[wrong ? 1 : -1];
void use() { int n = __floatAsInt(3.5f); }
"#,
        expect![[r#"
            13:5 error[E2231] array size must be non-negative: 'notRight' is declared with size -1; give the array a size of 0 or more
        "#]],
    );
}

#[test]
fn using_namespace_inside_a_function_body() {
    check_diags(
        r#"
namespace Outer
{
    uint pick() { return 1u; }
    namespace Inner
    {
        uint inner() { return 2u; }
        struct Item { int v; }
    }
}
uint first()
{
    using namespace Outer;
    return pick();
}
uint second()
{
    using namespace Outer::Inner;
    Item it;
    it.v = 3;
    return inner() + uint(it.v);
}
uint third()
{
    return inner();
}
namespace Shapes { struct Box<let N : uint> { uint v; } uint size<let N : uint>(Box<N> b) { return N; } }
struct Box<let N : uint> { float w; }
uint size<let N : uint>(Box<N> b) { return 0; }
uint fourth()
{
    using namespace Shapes;
    Box<3> b = { 1 };
    return size<3>(b) + b.v;
}
"#,
        expect![[r#"
            25:12 error[E2001] undefined identifier 'inner'. Declare `inner` before its use, or check the spelling
        "#]],
    );
}

#[test]
fn requirement_with_this_met_by_a_generic_struct_through_an_extension() {
    check_diags(
        r#"
interface IPair<T, int N>
{
    This combine(This other);
    T first();
}
struct Pair<T, int N>
{
    T a;
    This combine(This other) { return this; }
    T first() { return a; }
}
extension<U, int M> Pair<U, M> : IPair<U, M> {}

struct Wrong<T>
{
    T a;
    int combine(This other) { return 0; }
    T first() { return a; }
}
extension<U> Wrong<U> : IPair<U, 2> {}
"#,
        expect![[r#"
            18:9 error[E2016] member 'combine' does not match interface requirement. `combine` does not match the requirement of interface `IPair`: it must be `This combine(This other)`
                related main.slang@38..45: requirement declared here
        "#]],
    );
}

#[test]
fn explicit_generic_arguments_after_a_scoped_name() {
    check_diags(
        r#"
interface IDecoder
{
    associatedtype Params;
    static float decode<let N : uint>(float x);
}
struct Decoder : IDecoder
{
    typealias Params = float;
    static float decode<let N : uint>(float x) { return x + float(N); }
}
namespace util { T twice<T>(T x) { return x; } struct Box<T> { T v; } }
float viaParam<T : IDecoder>(float y) { return T::decode<4>(y); }
float viaType(float y) { return Decoder::decode<2>(y) + util::twice<float>(y); }
int viaNamespace() { util::Box<int> b = util::Box<int>(3); return b.v; }
float missing(float y) { return Decoder::decode(y); }
"#,
        expect![[r#"
            16:48 error[E2023] cannot infer generic parameter `N` of `Decoder::decode`: give it explicitly (`Decoder::decode<...>(...)`)
                related main.slang@174..180: declared here: static float decode<N>(float x)
        "#]],
    );
}
