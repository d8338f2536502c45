//! Print-buffer decoding without a GPU: records written by hand, damage reported inline.

use expect_test::expect;
use gpu::{PrintArgKind, PrintFormat, decode_print_buffer};

fn formats() -> Vec<PrintFormat> {
    vec![
        PrintFormat {
            format: "hello\n".into(),
            args: vec![],
        },
        PrintFormat {
            format: "i=%d u=%u x=%08X f=%.3f e=%e g=%g b=%u\n".into(),
            args: vec![
                PrintArgKind::I32,
                PrintArgKind::U32,
                PrintArgKind::U32,
                PrintArgKind::F32,
                PrintArgKind::F32,
                PrintArgKind::F32,
                PrintArgKind::Bool,
            ],
        },
        PrintFormat {
            format: "wide %d %u %f\n".into(),
            args: vec![PrintArgKind::I64, PrintArgKind::U64, PrintArgKind::F64],
        },
        PrintFormat {
            format: "%d and %d\n".into(),
            args: vec![PrintArgKind::I32],
        },
    ]
}

/// Builds a buffer: cursor, then records `[id + 1, words, args...]`, then `spare` zero words.
fn buffer(records: &[(u32, Vec<u32>)], spare: usize) -> Vec<u32> {
    let mut words = vec![0];
    for (id, args) in records {
        words.push(id + 1);
        words.push(args.len() as u32);
        words.extend(args);
    }
    words[0] = words.len() as u32 - 1;
    words.extend(std::iter::repeat_n(0, spare));
    words
}

#[test]
fn all_argument_kinds() {
    let wide_i = (-5i64) as u64;
    let wide_f = 0.125f64.to_bits();
    let words = buffer(
        &[
            (0, vec![]),
            (
                1,
                vec![
                    (-7i32) as u32,
                    4_000_000_000,
                    0xBEEF,
                    1.23456f32.to_bits(),
                    1234.5f32.to_bits(),
                    0.0001f32.to_bits(),
                    1,
                ],
            ),
            (
                2,
                vec![
                    wide_i as u32,
                    (wide_i >> 32) as u32,
                    u32::MAX,
                    1,
                    wide_f as u32,
                    (wide_f >> 32) as u32,
                ],
            ),
        ],
        3,
    );
    expect![[r#"
        hello
        i=-7 u=4000000000 x=0000BEEF f=1.235 e=1.234500e+03 g=0.0001 b=1
        wide -5 8589934591 0.125000
    "#]]
    .assert_eq(&decode_print_buffer(&words, &formats(), &[]));
}

#[test]
fn damage_is_reported_inline() {
    let cases = [
        // Unknown format id, then a good record.
        buffer(&[(9, vec![1]), (0, vec![])], 0),
        // Word count disagrees with the format.
        buffer(&[(1, vec![1, 2])], 0),
        // The format itself is bad (two conversions, one argument).
        buffer(&[(3, vec![1])], 0),
        // The cursor ran past the end: one record fits, the rest was lost.
        {
            let mut words = buffer(&[(0, vec![])], 1);
            words[0] = 40;
            words
        },
        // A record cut off by the end of the buffer.
        vec![4, 2, 5, 1],
        // Empty buffer and an untouched one.
        vec![],
        vec![0, 0, 0],
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|words| {
            format!(
                "{words:?} => {:?}",
                decode_print_buffer(words, &formats(), &[])
            )
        })
        .collect();
    expect![[r#"
        [5, 10, 1, 1, 1, 0] => "<unknown print format 9>\nhello\n"
        [4, 2, 2, 1, 2] => "<print format 1 takes 7 argument words, the record has 2>\n"
        [3, 4, 1, 1] => "<print format 3: format error at byte 7: more conversions than arguments>\n"
        [40, 1, 0, 0] => "hello\n<print buffer full: 38 of 40 words lost>\n"
        [4, 2, 5, 1] => "<truncated print record>\n<print buffer full: 4 of 4 words lost>\n"
        [] => ""
        [0, 0, 0] => """#]].assert_eq(&out.join("\n"));
}
