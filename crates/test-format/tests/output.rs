use expect_test::expect;
use test_format::{ElemType, compare_expected, format_buffer, format_words};

fn floats(values: &[f32]) -> Vec<u32> {
    values.iter().map(|v| v.to_bits()).collect()
}

#[test]
fn float_buffer_prints_like_printf() {
    let words = floats(&[
        1.0,
        0.0,
        -0.0,
        2.5,
        -1e-9,
        1.0 / 3.0,
        1e10,
        f32::INFINITY,
        f32::NAN,
    ]);
    expect![[r#"
        type: float
        1.000000
        0.000000
        -0.000000
        2.500000
        -0.000000
        0.333333
        10000000000.000000
        inf
        nan
    "#]]
    .assert_eq(&format_buffer(&words, ElemType::Float, true));
}

#[test]
fn integer_and_hex_buffers() {
    let words = [0, 1, 0xFFFF_FFFF, 0x8000_0000, 0x3F80_0000];
    let out = [
        format_buffer(&words, ElemType::Int32, true),
        format_buffer(&words, ElemType::UInt32, true),
        format_buffer(&words, ElemType::Float, false),
    ]
    .join("--\n");
    expect![[r#"
        type: int32_t
        0
        1
        -1
        -2147483648
        1065353216
        --
        type: uint32_t
        0
        1
        4294967295
        2147483648
        1065353216
        --
        0
        1
        FFFFFFFF
        80000000
        3F800000
    "#]]
    .assert_eq(&out);
}

#[test]
fn half_double_and_64_bit_buffers() {
    // halves 1.0 (0x3C00) and -2.0 (0xC000); then 65504 (0x7BFF) and the smallest subnormal.
    let halves = [0xC000_3C00, 0x0001_7BFF];
    let double = 1.5f64.to_bits();
    let doubles = [double as u32, (double >> 32) as u32];
    let out = [
        format_buffer(&halves, ElemType::Half, true),
        format_buffer(&doubles, ElemType::Double, true),
        format_buffer(&[0xFFFF_FFFF, 0xFFFF_FFFF], ElemType::Int64, true),
        format_buffer(&[0xFFFF_FFFF, 0xFFFF_FFFF], ElemType::UInt64, true),
    ]
    .join("--\n");
    expect![[r#"
        type: half
        1.000000
        -2.000000
        65504.000000
        0.000000
        --
        type: double
        1.500000
        --
        type: int64_t
        -1
        --
        type: uint64_t
        18446744073709551615
    "#]]
    .assert_eq(&out);
}

#[test]
fn struct_words_print_by_field_kind() {
    let words = [1.5f32.to_bits(), (-3i32) as u32, 2.0f32.to_bits(), 7];
    let kinds = [ElemType::Float, ElemType::Int32];
    let out = [
        format_words(&words, &kinds, true),
        format_words(&words, &kinds, false),
        format_words(&words, &[ElemType::Float, ElemType::Float], true),
    ]
    .join("--\n");
    expect![[r#"
        type: struct
        1.500000
        -3
        2.000000
        7
        --
        3FC00000
        FFFFFFFD
        40000000
        7
        --
        type: float
        1.500000
        -nan
        2.000000
        0.000000
    "#]]
    .assert_eq(&out);
}

fn verdict(expected: &str, actual: &str) -> String {
    match compare_expected(expected, actual) {
        Ok(()) => "ok".to_string(),
        Err(m) => m.to_string(),
    }
}

#[test]
fn comparison_rules() {
    let cases = [
        // Within relative 1e-4.
        ("type: float\n100.000000\n", "type: float\n100.009000\n"),
        // Outside it.
        ("type: float\n100.000000\n", "type: float\n100.020000\n"),
        // Zero needs |actual| < 1e-6.
        ("type: float\n0.000000\n", "type: float\n-0.000000\n"),
        ("type: float\n0.000000\n", "type: float\n0.000002\n"),
        // Extra actual lines are ignored; missing ones are not.
        (
            "type: float\n1.000000\n",
            "type: float\n1.000000\n2.000000\n",
        ),
        (
            "type: float\n1.000000\n2.000000\n",
            "type: float\n1.000000\n",
        ),
        // The type line must match.
        ("type: float\n1.000000\n", "type: int32_t\n1\n"),
        // Integers are exact.
        ("type: int32_t\n100000\n", "type: int32_t\n100001\n"),
        // Hex is exact; trailing blank lines and CRLF are ignored.
        ("3F800000\r\n\r\n", "3F800000\n"),
        ("3F800000\n", "3F800001\n"),
        // nan and inf match themselves.
        ("type: float\nnan\n-inf\n", "type: float\n-nan\n-inf\n"),
        ("type: float\ninf\n", "type: float\n-inf\n"),
        // Without a header, decimals still compare as floats.
        ("1.000000\n", "1.000010\n"),
        // Garbage never matches a number.
        ("type: float\n1.000000\n", "type: float\nabc\n"),
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|(e, a)| format!("{:?} vs {:?}: {}", e, a, verdict(e, a)))
        .collect();
    expect![[r#"
        "type: float\n100.000000\n" vs "type: float\n100.009000\n": ok
        "type: float\n100.000000\n" vs "type: float\n100.020000\n": line 2: expected `100.000000`, got `100.020000`
        "type: float\n0.000000\n" vs "type: float\n-0.000000\n": ok
        "type: float\n0.000000\n" vs "type: float\n0.000002\n": line 2: expected `0.000000`, got `0.000002`
        "type: float\n1.000000\n" vs "type: float\n1.000000\n2.000000\n": ok
        "type: float\n1.000000\n2.000000\n" vs "type: float\n1.000000\n": line 3: expected `2.000000`, but the output ended
        "type: float\n1.000000\n" vs "type: int32_t\n1\n": line 1: expected `type: float`, got `type: int32_t`
        "type: int32_t\n100000\n" vs "type: int32_t\n100001\n": line 2: expected `100000`, got `100001`
        "3F800000\r\n\r\n" vs "3F800000\n": ok
        "3F800000\n" vs "3F800001\n": line 1: expected `3F800000`, got `3F800001`
        "type: float\nnan\n-inf\n" vs "type: float\n-nan\n-inf\n": ok
        "type: float\ninf\n" vs "type: float\n-inf\n": line 2: expected `inf`, got `-inf`
        "1.000000\n" vs "1.000010\n": ok
        "type: float\n1.000000\n" vs "type: float\nabc\n": line 2: expected `1.000000`, got `abc`"#]].assert_eq(&out.join("\n"));
}
