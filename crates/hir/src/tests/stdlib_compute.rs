//! The compute-side library of the core module (stdlib/{scalar,wave,atomics,pack,interop}.slang):
//! programs that use it type-check, and misuse is still reported.

use expect_test::expect;

use super::{check_diags, check_type};

#[test]
fn wave_mask_family_type_checks() {
    check_diags(
        r#"
RWStructuredBuffer<uint> output;
[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    WaveMask mask = WaveGetActiveMask();
    float f = WaveMaskSum(mask, 1.0);
    float3 v = WaveMaskPrefixProduct(mask, float3(1.0, 2.0, 3.0));
    uint b = WaveMaskBitOr(mask, id.x) | WaveMaskPrefixBitXor(mask, 3u);
    bool first = WaveMaskIsFirstLane(mask) && WaveMaskAllEqual(mask, 2) && WaveMaskAllTrue(mask, true);
    int lane = WaveMaskReadLaneAt(mask, int(id.x), 0) + WaveMaskShuffle(mask, 1, 2);
    WaveMask ballot = WaveMaskBallot(mask, id.x > 3) & WaveMaskMatch(mask, id.x);
    uint4 multi = WaveGetActiveMulti() | WaveMatch(id.x) | WaveGetLaneLtMask();
    float m = WaveMultiSum(f, multi) + WaveMultiPrefixInclusiveProduct(f, multi);
    uint x = WaveMultiPrefixExclusiveBitAnd(b, multi) + WaveMultiPrefixCountBits(first, multi);
    float r = WaveShuffle(f, 3) + WaveClusteredRotate(f, 1u, 4u) + WavePrefixMin(f);
    bool q = QuadAny(first) || QuadAll(first) || QuadReadAcrossX(first);
    GroupMemoryBarrierWithWaveSync();
    output[id.x] = b + x + ballot + WaveGetWaveIndex() + uint(m + r + v.x) + (q ? 1u : 0u);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn wave_ops_take_matrices_and_logical_types() {
    check_diags(
        r#"
T orAll<T : __BuiltinLogicalType>(T value) { return WaveActiveBitOr(value); }
[numthreads(32, 1, 1)]
void main()
{
    uint2x2 m = uint2x2(1, 2, 3, 4);
    uint2x2 a = WaveActiveBitXor(m);
    float2x2 f = WaveReadLaneAt(float2x2(1.0, 2.0, 3.0, 4.0), 1);
    bool b = orAll(true);
    int3 i = orAll(int3(1, 2, 3));
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn wave_logical_ops_reject_floats() {
    check_diags(
        r#"
[numthreads(32, 1, 1)]
void main()
{
    float f = WaveMaskBitAnd(WaveGetActiveMask(), 1.0);
}
"#,
        expect![[r#"
            5:29 error[E2015] type argument 'float' does not conform to the required interface '__BuiltinLogicalType': `float` does not conform to `__BuiltinLogicalType`, required by generic parameter `T` of `WaveMaskBitAnd`
                related stdlib/wave.slang@3040..3054: declared here: T WaveMaskBitAnd<T>(uint mask, T value)
        "#]],
    );
}

#[test]
fn static_members_of_builtin_scalars() {
    check_diags(
        r#"
static const float pi = float.getPi();
T halfTurn<T : __BuiltinFloatingPointType>() { return T.getPi(); }
T top<T : IRangedValue>() { return T.maxValue; }
[numthreads(1, 1, 1)]
void main()
{
    double d = double.getPi() + halfTurn<double>();
    int64_t big = int64_t.maxValue;
    int64_t small = int64_t.minValue;
    uint u = uint.maxValue + top<uint>();
    double dm = double.maxValue;
    half h = half.minValue;
    bool t = bool.maxValue;
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn get_pi_type() {
    check_type(
        r#"
void main() { let p = double.getPi(); p$0; }
"#,
        expect!["double"],
    );
}

#[test]
fn atomics_with_memory_orders() {
    check_diags(
        r#"
RWStructuredBuffer<Atomic<int>> counters;
RWStructuredBuffer<uint> plain;
groupshared uint shared;
[numthreads(1, 1, 1)]
void main()
{
    int old = counters[0].add(1, MemoryOrder.AcquireRelease);
    int inc = counters[0].increment() + counters[0].decrement(MemoryOrder::Relaxed);
    counters[0].reduceAdd(2);
    counters[0].reduceMax(3, MemoryOrder.SeqCst);
    counters[0].reduceInc();
    int v = counters[0].load(MemoryOrder.Acquire);
    counters[0].store(v, MemoryOrder.Release);
    uint a = __atomic_add(plain[0], 1u);
    uint c = __atomic_compare_exchange(shared, 0u, 1u);
    __atomic_reduce_add(shared, 4u);
    __atomic_reduce_xor(plain[1], 4u, MemoryOrder.Relaxed);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn packing_functions() {
    check_diags(
        r#"
[numthreads(1, 1, 1)]
void main()
{
    uint p = packUnorm4x8(float4(0.5)) ^ packSnorm2x16(half2(-0.5h, 0.5h)) ^ packHalf2x16(float2(1.0, 2.0));
    float4 a = unpackSnorm4x8ToFloat(p);
    half2 b = unpackUnorm2x16ToHalf(p);
    float2 c = unpackHalf2x16ToFloat(p);
    double2 d = asdouble(uint2(0, 1), uint2(2, 3));
    uint3 e = asuint(uint3(1, 2, 3));
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn cuda_and_tensor_interop() {
    check_diags(
        r#"
[CudaKernel]
void kernel(TensorView<float> input, TensorView<float> output, DiffTensorView<float> d)
{
    uint i = (cudaBlockIdx() * cudaBlockDim() + cudaThreadIdx()).x;
    output.store(i, sin(input.load(i)) + input[i] + d.load(i));
    output[i, 0] = float(input.size(0) + input.stride(0) + input.dims());
    float old;
    output.InterlockedAdd(i, 1.0, old);
    d.store(i, old);
}
uint layoutGeneric<L : IBufferDataLayout>() { return 0; }
Conditional<int, true> keep(int v) { return v; }
[numthreads(1, 1, 1)]
void main()
{
    uint n = layoutGeneric<Std430DataLayout>() + layoutGeneric<ScalarDataLayout>() + layoutGeneric<DefaultDataLayout>();
    Optional<int> o = keep(3).get();
    int hash = getStringHash("name");
    float arr[4] = makeArrayFromElement<float, 4>(1.0);
    int3 size = WorkgroupSize();
    if (n > 10)
        abort();
}
"#,
        expect![[r#""#]],
    );
}
