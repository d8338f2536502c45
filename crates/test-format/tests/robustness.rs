//! Arbitrary text never panics the parsers, and what they report stays inside the input.

use test_format::cformat::{CArg, format_c};
use test_format::{
    ReportedDiagnostic, compare_expected, filecheck, judge_diagnostics, parse_test_file,
};

/// Small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const PIECES: &[&str] = &[
    "//TEST",
    "(compute",
    ")",
    ":",
    "COMPARE_COMPUTE_EX",
    "(filecheck-buffer=CHECK)",
    "-compute-dispatch",
    " 4,1",
    ",",
    "-xslang",
    "-D",
    "X=1",
    "//TEST_INPUT:",
    "ubuffer(",
    "data=[",
    "1.0",
    " 0x",
    "-",
    "]",
    "stride=",
    "count=",
    "out",
    "name=",
    "set ",
    " = ",
    "type_conformance ",
    "A:B",
    "//CHECK:",
    "   ^",
    "^^",
    " msg",
    "//DIAGNOSTIC_TEST:SIMPLE(diag=CHECK):",
    "\n",
    "\n",
    "é",
    "{{",
    "}}",
    "[[",
    "]]",
    "V:",
    "CHECK-NEXT:",
    "CHECK-NOT:",
    "CHECK-SAME:",
    "type: float",
    "6.0",
    " ",
    "\t",
    "nan",
];

fn random_text(rng: &mut Rng) -> String {
    let len = rng.next() % 40;
    (0..len).map(|_| rng.pick(PIECES)).collect()
}

#[test]
fn random_directives_and_checks_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3000 {
        let text = random_text(&mut rng);
        let line_count = text.lines().count() as u32;
        let file = parse_test_file(&text);
        for error in &file.errors {
            assert!(
                (1..=line_count).contains(&error.line),
                "{error:?} in {text:?}"
            );
        }
        for input in &file.inputs {
            assert!(
                (1..=line_count).contains(&input.line),
                "{input:?} in {text:?}"
            );
        }
        if let Some(diagnostics) = &file.diagnostics {
            for e in &diagnostics.located {
                assert!(e.line < e.check_line && e.column >= 1, "{e:?} in {text:?}");
            }
            let reported = [ReportedDiagnostic {
                line: 1,
                column: 1,
                message: text.clone(),
                code: "E1".into(),
            }];
            let _ = judge_diagnostics(diagnostics, &reported);
        }
        let output = random_text(&mut rng);
        let _ = filecheck(&text, "CHECK", &output);
        let _ = compare_expected(&text, &output);
        let _ = format_c(
            &text,
            &[CArg::Int(-1), CArg::Float(f64::NAN), CArg::UInt(7)],
        );
    }
}
