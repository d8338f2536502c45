#[test]
fn smoke() {
    let p = crate::parse(
        "#define N 4\nstruct S<T : IFoo> : IBar { float a[3], b = 1; __init(float x) { a = x; } }\n[numthreads(1,1,1)] void f(uint3 t : SV_DispatchThreadID) { Foo<int> x; a < b; a * b; float y = (float)x + f<float>(a) * bwd_diff(g)(dp, 1.0); if (let c = s as Circle) {} for (int i = 0; i < N; i++) {} }",
    );
    println!("{}", p.debug_dump());
}
