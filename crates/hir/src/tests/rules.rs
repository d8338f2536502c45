//! The declaration rules of `rules/` (codes E22xx): each rule's error, and the valid forms next to
//! it that must stay clean.

use expect_test::expect;

use super::{check_diags, check_diags_files};

#[test]
fn implementing_file_checked_alone() {
    check_diags_files(
        &[
            (
                "part.slang",
                "implementing lib;\nint helper() { return 1; }\n",
            ),
            (
                "lib.slang",
                "module lib;\n__include part;\nint twice() { return 2 * helper(); }\n",
            ),
        ],
        expect![[r#"
            1:1 error[E2201] this file is part of module `lib` (`implementing lib;`) and cannot be compiled on its own: compile the module's main file (the one that declares `module lib;` and `__include`s this file) instead
        "#]],
    );
    // The module's main file pulls the part in and checks clean.
    check_diags_files(
        &[
            (
                "lib.slang",
                "module lib;\n__include part;\nint twice() { return 2 * helper(); }\n",
            ),
            (
                "part.slang",
                "implementing lib;\nint helper() { return 1; }\n",
            ),
        ],
        expect![[""]],
    );
}

#[test]
fn import_of_module_with_syntax_errors() {
    check_diags_files(
        &[
            ("main.slang", "import middle;\nint f() { return 1; }\n"),
            ("middle.slang", "import broken;\n"),
            ("broken.slang", "int g(;\n"),
        ],
        expect![[r#"
            1:1 error[E2202] module `middle` cannot be imported: it has syntax errors, through `broken.slang`; fix them (check that file) and import it again
        "#]],
    );
}

#[test]
fn generic_entry_point() {
    check_diags(
        r#"
interface IShade { float value(); }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain<T : IShade>(uniform T shade, uint3 tid : SV_DispatchThreadID)
{
    outputBuffer[tid.x] = shade.value();
}
[shader("compute")]
[numthreads(1, 1, 1)]
void concreteMain(uniform IShade shade, uint3 tid : SV_DispatchThreadID)
{
    outputBuffer[tid.x] = helper(shade);
}
float helper<T : IShade>(T s) { return s.value(); }
"#,
        expect![[r#"
            5:6 error[E2203] entry point `computeMain` has generic parameters (`T`), and nothing specialises them: make the entry point concrete (an interface-typed parameter, or a concrete type in place of `T`), and call a generic helper from it
        "#]],
    );
}

#[test]
fn static_const_rules() {
    check_diags(
        r#"
static const int noValue;
extern static const int linkedLater;
interface ILimits
{
    static const int kMax = 4;
    static const int kMin;
}
uniform uint kMode = 0u;
const float kScale = 2.0;
[SpecializationConstant] const int kIterations = 4;
[vk::constant_id(1)] const int kSamples = 8;
cbuffer Params { float gain; }
static float runtimeValue = 1.0;
int readBuffer() { return 3; }
static const float fromCbuffer = gain * 2.0;
static const float fromStatic = runtimeValue;
static const int fromCall = readBuffer() + 1;
static const int fine = 4;
static const int alsoFine = fine * 2 + int(sqrt(16.0));
struct Loop<let N : int>
{
    static const int value = Loop<N + 1>::value;
}
void f()
{
    static const float localFromCbuffer = gain;
}
"#,
        expect![[r#"
            2:18 error[E2204] static const variable 'noValue' must have an initializer: give it a value (`= ...`), or declare it `extern static const` to have it linked in from another module
            6:22 error[E2205] 'kMax' cannot have an initializer because it is an interface requirement: each type that conforms gives its own value; remove `= ...` here and define `static const` 'kMax' in the conforming types
            9:14 error[E2207] global const variable with initializer must be declared static: 'kMode' is a shader parameter that the application sets, so it cannot have a value here; write `static const` for a constant, or drop the initializer
            10:13 error[E2207] global const variable with initializer must be declared static: 'kScale' is a shader parameter that the application sets, so it cannot have a value here; write `static const` for a constant, or drop the initializer
            16:20 error[E2206] initializer of static const global 'fromCbuffer' does not evaluate to a compile-time constant: it reads `gain`, which is not a `static const`; make it `static` (not `const`) to compute it at run time, or build it from literals and other `static const` values
            17:20 error[E2206] initializer of static const global 'fromStatic' does not evaluate to a compile-time constant: it reads `runtimeValue`, which is not a `static const`; make it `static` (not `const`) to compute it at run time, or build it from literals and other `static const` values
            18:18 error[E2206] initializer of static const global 'fromCall' does not evaluate to a compile-time constant: it calls `readBuffer`, which runs on the GPU; make it `static` (not `const`) to compute it at run time, or build it from literals and other `static const` values
            23:22 error[E2225] the initial-value expression for 'value' depends on the value of 'value' itself (for some generic arguments, or all): the evaluation never ends; compute the value without naming 'value'
        "#]],
    );
}

#[test]
fn com_interface_rules() {
    check_diags(
        r#"
[COM("6b49ad1c-2f0e-4d5a-9c3b-0d7e8f1a2b3c")]
interface IService
{
    associatedtype Handle;
    float query();
}
[COM("not-a-guid")]
interface IBadGuid { float query(); }
[COM("6b49ad1c-2f0e-4d5a-9c3b-0d7e8f1a2b3d")]
interface IDerivedService : IService { float more(); }
interface IPlain : IService { float other(); }
struct Impl : IService { typealias Handle = int; float query() { return 1.0; } }
"#,
        expect![[r#"
            5:20 error[E2208] associatedtype not allowed in a [COM] interface: a COM vtable has a fixed layout, and `Handle` would make it depend on the implementing type; use a concrete type or another [COM] interface instead
            8:1 error[E2209] 'not-a-guid' is not a valid GUID: a `[COM]` interface is identified by 32 hex digits grouped 8-4-4-4-12, like "6b49ad1c-2f0e-4d5a-9c3b-0d7e8f1a2b3c"
            12:20 error[E2210] an interface type that inherits from a [COM] interface must itself be a [COM] interface: `IPlain` inherits `IService`; add `[COM("guid")]` to `IPlain`
            13:15 error[E2211] a struct type cannot implement a [COM] interface: `IService` is called through a COM object pointer, and `Impl` is a value type; implement it in the host application, or drop `[COM]` from `IService`
        "#]],
    );
}

#[test]
fn is_and_as_rules() {
    check_diags(
        r#"
interface IShape { float area(); }
struct Circle : IShape { float r; float area() { return 3.0 * r * r; } }
struct Square : IShape { float s; float area() { return s * s; } }
struct Point { float x; }
bool testInterface<T>() { return T is IShape; }
void castInterface<T>(T v) { let s = v as IShape; }
float concrete(IShape shape, Point p)
{
    if (shape is Circle) return 1.0;
    if (let c = shape as Square) return c.s;
    bool never = p is Circle;
    return 0.0;
}
"#,
        expect![[r#"
            6:36 error[E2212] cannot use 'is' with an interface type (`IShape`) on the right-hand side: test a concrete type instead, or add an optional constraint (`where optional T : IShape`) and test that
            7:40 error[E2212] cannot use 'as' with an interface type (`IShape`) on the right-hand side: cast to a concrete type instead; to use `IShape` when a generic type conforms to it, add `where optional T : IShape` and test `if (T is IShape)`
            12:20 error[E2213] 'is' on unrelated concrete types will never succeed: the value is a `Point`, never a `Circle`; use 'is' on an interface-typed value or a generic parameter
        "#]],
    );
}

#[test]
fn type_declaration_rules() {
    check_diags(
        r#"
struct ByInt<D : int> {}
struct ByWhere<D> where D : float3 {}
struct Fine<let D : int, T : IArithmetic> {}
struct Outer { Inner inner; }
struct Inner { Outer items[2]; }
struct Grows<each T> { Grows<T, int> next; }
struct Tree { int children[4]; }
interface IA : IC { void a(); }
interface IB : IA { void b(); }
interface IC : IB { void c(); }
[UnscopedEnum]
enum class Mode { On, Off }
[UnscopedEnum]
enum Flags { Near, Far }
struct WithRef
{
    __ref float a;
    __constref float b;
}
void sizes()
{
    float missing[];
    float given[] = { 1.0, 2.0 };
    static float alsoMissing[];
}
void pack<T>(expand each T values) {}
void realPack<each T>(expand each T values) {}
"#,
        expect![[r#"
            2:18 error[E2214] type 'int' cannot be used as a constraint: a constraint names an interface; use the 'let' keyword to declare a generic value parameter: 'let D : int'
            3:29 error[E2214] type 'float3' cannot be used as a constraint: a `where` clause constrains a type to an interface
            5:8 error[E2215] type 'Outer' contains itself by value (field `inner`, field `items`): it would have infinite size; hold the inner value through an array index, a pointer or a buffer instead
            6:8 error[E2215] type 'Inner' contains itself by value (field `items`, field `inner`): it would have infinite size; hold the inner value through an array index, a pointer or a buffer instead
            7:8 error[E2215] type 'Grows' contains itself by value (field `next`): it would have infinite size; hold the inner value through an array index, a pointer or a buffer instead
            9:11 error[E2216] cyclic reference in inheritance graph 'IA': the interface inherits itself through its bases; remove one of the inheritance clauses of the cycle
            10:11 error[E2216] cyclic reference in inheritance graph 'IB': the interface inherits itself through its bases; remove one of the inheritance clauses of the cycle
            11:11 error[E2216] cyclic reference in inheritance graph 'IC': the interface inherits itself through its bases; remove one of the inheritance clauses of the cycle
            12:1 error[E2218] modifier 'UnscopedEnum' conflicts with 'class' on enum 'Mode': `enum class` keeps its cases inside the enum's scope and `[UnscopedEnum]` puts them outside; keep one of the two
            18:5 error[E2219] modifier '__ref' is not allowed here: it says how a parameter is passed, and only parameters take it; remove it (a field or global holds its own value)
            19:5 error[E2219] modifier '__constref' is not allowed here: it says how a parameter is passed, and only parameters take it; remove it (a field or global holds its own value)
            23:11 error[E2217] cannot instantiate a variable of unsized type: 'missing' is declared `[]` with no initializer; give the array a size (`[4]`) or initialise it (`= { ... }`)
            25:18 error[E2217] cannot instantiate a variable of unsized type: 'alsoMissing' is declared `[]` with no initializer; give the array a size (`[4]`) or initialise it (`= { ... }`)
            27:21 error[E2051] expected a type pack after 'each': `T` is a single type; declare it as a pack (`each T`) in the generic parameters, or drop `expand each`
        "#]],
    );
}

#[test]
fn accessor_and_extension_rules() {
    check_diags(
        r#"
interface IValue { float get(); }
struct Holder
{
    IValue stored;
    property IValue item
    {
        get { return stored; }
        ref { return stored; }
    }
}
struct Defaults { int a = 1; int b; }
extension Defaults
{
    __init() { b = 2; }
    __init(int x) { b = x; }
}
struct Plain { int a; }
extension Plain
{
    __init() { a = 0; }
}
struct Table
{
    RWStructuredBuffer<int> data;
    __subscript(int i) -> int
    {
        get { return data[i]; }
        set { data[i] = newValue; }
    }
}
Table table;
void write()
{
    table[0] = 1;
    static Table local;
    local[0] = 2;
}
"#,
        expect![[r#"
            9:9 error[E2220] a 'ref' accessor returning type 'IValue' is incompatible with dynamic dispatch: an interface-typed value is stored packed, and a reference into it would bypass the packing; use `get` and `set` accessors instead
            15:5 error[E2221] a default `__init()` cannot be a part of an `extension` of 'Defaults': its field initializers already make its default constructor; write the `__init()` inside the struct, or give this one parameters
            35:14 error[E2009] left of '=' is not an l-value. cannot assign to this expression: `table` is a uniform shader parameter and is read-only, and the `set` accessor of its subscript changes it (accessors are `[mutating]` by default); declare it `static`, or mark the accessor `[nonmutating]`
        "#]],
    );
}

#[test]
fn entry_point_semantics() {
    check_diags(
        r#"
struct VsOut { float4 pos : SV_Position; }
[shader("vertex")]
uint badPosition(uint id : SV_VertexID) : SV_Position { return id; }
[shader("vertex")]
float4 goodPosition(uint id : SV_VertexID) : SV_Position { return float4(0.0); }
[shader("fragment")]
float4 fragment(VsOut input, uint id : SV_VertexID) : SV_Target { return input.pos; }
RWStructuredBuffer<float> outputBuffer;
[shader("compute")]
[DerivativeGroupLinear]
[numthreads(3, 1, 1)]
void linearBad() { outputBuffer[0] = 1.0; }
[shader("compute")]
[DerivativeGroupQuad]
[numthreads(3, 2, 1)]
void quadBad() { outputBuffer[0] = 1.0; }
[shader("compute")]
[DerivativeGroupLinear]
[numthreads(8, 1, 1)]
void linearGood() { outputBuffer[0] = 1.0; }
"#,
        expect![[r#"
            4:6 error[E2222] type 'uint' is not valid for system value semantic 'SV_Position'; expected 'float4' (or 'float3', 'float2'): change the type, or use a user semantic for other data
            8:35 error[E2223] system value semantic 'SV_VertexID' cannot be used as input in the 'fragment' stage: it is an input of the vertex stage only; pass the value from there in a user semantic (`: TEXCOORD0`) instead
            11:1 error[E2224] `[DerivativeGroupLinear]` needs a total thread count that is a multiple of 4, and `numthreads` gives 3: change the workgroup size
            15:1 error[E2224] `[DerivativeGroupQuad]` needs the X and Y thread counts to be multiples of 2, and `numthreads` gives 3 x 2: change the workgroup size
        "#]],
    );
}

#[test]
fn require_target_rules() {
    check_diags(
        r#"
[require(spirv, hlsl)]
void both() {}
[require(glsl)]
struct GlslOnly
{
    int v;
    [require(hlsl)]
    void method() {}
    [require(hlsl)]
    static void staticMethod() {}
}
[require(hlsl)]
extension GlslOnly {}
[require(hlsl)]
interface IHlsl {}
[require(hlsl)]
[require(spirv)]
struct Wider : IHlsl {}
[require(hlsl)]
struct Same : IHlsl {}
"#,
        expect![[r#"
            2:1 error[E2226] 'require' resolves into a disallowed capability: one `require` asks for all of its atoms together, and `spirv` + `hlsl` exist on no common target; write one `[require(...)]` per target
            9:10 error[E2227] 'method' requires capability `hlsl`, which conflicts with the targets of 'GlslOnly' (`glsl`): a member exists only where its type does; require one of `glsl` instead, or widen the type's `[require(...)]`
            14:11 error[E2227] 'extension GlslOnly' requires capability `hlsl`, which conflicts with the targets of 'GlslOnly' (`glsl`): a member exists only where its type does; require one of `glsl` instead, or widen the type's `[require(...)]`
            19:8 error[E2228] 'Wider' has dependencies that are not compatible on the required compilation target 'spirv' ('IHlsl' exists on `hlsl` only): give both the same target atoms in `[require(...)]`
        "#]],
    );
}

#[test]
fn spirv_asm_forms() {
    check_diags(
        r#"
int misplaced(int n)
{
    return spirv_asm
    {
        OpConstant $$int %two 2;
        OpIMul $$int result $n %two;
        OpIAdd $$int %other %two %two;
    };
}
void forms()
{
    spirv_asm { OpNop %x; };
    spirv_asm { %t : %wrong = OpTypeInt 32 0; };
    spirv_asm { %s = OpStore %a %b; };
    spirv_asm { OpLoad %a %b %c %d %r : $$int = OpIAdd %r %r };
}
int good(int n)
{
    return spirv_asm
    {
        %two : $$int = OpConstant 2;
        %unused = OpTypeBool;
        OpIMul $$int result $n %two
    };
}
"#,
        expect![[r#"
            7:22 error[E2229] misplaced result-id marker: `result` names the value of the whole `spirv_asm` block, so only its last instruction may use it; add `OpCopyObject $$T result %id` at the end instead
            13:17 error[E2229] OpNop does not take any operands: remove them, or end the instruction with ';'
            14:22 error[E2229] instruction has no result-type-id operand: cannot use the 'x : <type> = OpTypeInt ...' syntax because OpTypeInt has no result type; write `%x = OpTypeInt ...`
            15:17 error[E2229] instruction has no result-id operand: cannot use the 'x = OpStore ...' syntax because OpStore does not produce a result id; write `OpStore ...` alone
            16:39 error[E2229] unexpected ':' among the operands of OpLoad: did you forget a ';' after that instruction?
        "#]],
    );
}

#[test]
fn custom_derivative_of_declaration() {
    check_diags(
        r#"
[ForwardDerivative(powJvp)]
float powDecl(float x, float n);
float powJvp(float x, float n, float dx, float dn) { return dx * n; }
"#,
        expect![[r#"
            2:2 error[E3108] invalid custom derivative. expected 2 parameters, got 4. The derivative must have the signature `DifferentialPair<float> fwd_diff(powDecl)(DifferentialPair<float> x, DifferentialPair<float> n)`
        "#]],
    );
}

#[test]
fn generic_arguments_in_types() {
    check_diags(
        r#"
interface IProvider { int value(); }
struct Wrapper<T : IProvider> { T inner; }
typealias Wrapped<T : IProvider> = Wrapper<T>;
struct Plain { int data; }
struct Good : IProvider { int value() { return 1; } }
void use<U : IProvider>()
{
    Wrapper<Plain> direct;
    Wrapped<Plain> aliased;
    Wrapper<Good> fine;
    Wrapper<U> generic;
}
"#,
        expect![[r#"
            9:5 error[E2015] type argument 'Plain' does not conform to the required interface 'IProvider', required by generic parameter `T` of `Wrapper`: implement `IProvider` for it, or pass a type that does
            10:5 error[E2015] type argument 'Plain' does not conform to the required interface 'IProvider', required by generic parameter `T` of `Wrapper`: implement `IProvider` for it, or pass a type that does
        "#]],
    );
}
