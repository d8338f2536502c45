//! Hostile inputs: deep nesting, long chains, random token soup and mutated corpus files.
//! The parser must not panic or overflow the stack, must keep every byte, and must be fast.

use std::time::{Duration, Instant};

/// Small deterministic generator (SplitMix64), so failures reproduce.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Parses on a thread with a small (1 MiB) stack, to prove the depth limits hold even there.
fn parse_small_stack(src: String) -> (usize, Vec<String>) {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let parse = crate::parse(&src);
            assert_eq!(parse.syntax_node().text().len(), crate::TextSize::of(&src));
            let errors: Vec<String> = parse
                .errors()
                .iter()
                .map(|e| format!("{} {}", e.code, e.message))
                .collect();
            let depth = tree_depth(&parse.syntax_node());
            (depth, errors)
        })
        .expect("spawn")
        .join()
        .expect("parser thread panicked")
}

fn tree_depth(node: &crate::SyntaxNode) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for ev in node.preorder() {
        match ev {
            crate::WalkEvent::Enter(_) => {
                depth += 1;
                max = max.max(depth);
            }
            crate::WalkEvent::Leave(_) => depth -= 1,
        }
    }
    max
}

fn wrapped(body: &str) -> String {
    format!("void f()\n{{\n{body}\n}}\nvoid g() {{ }}\n")
}

#[test]
fn deeply_nested_inputs_do_not_overflow() {
    let n = 10_000;
    let cases: Vec<(&str, String)> = vec![
        (
            "parens",
            wrapped(&format!("x = {}1{};", "(".repeat(n), ")".repeat(n))),
        ),
        (
            "blocks",
            wrapped(&format!("{}{}", "{".repeat(n), "}".repeat(n))),
        ),
        (
            "unclosed parens",
            wrapped(&format!("x = {}1;", "(".repeat(n))),
        ),
        ("unclosed blocks", "{".repeat(n).to_string()),
        ("prefix ops", wrapped(&format!("x = {}1;", "-".repeat(n)))),
        ("not ops", wrapped(&format!("x = {}1;", "! ".repeat(n)))),
        ("casts", wrapped(&format!("x = {}1;", "(float)".repeat(n)))),
        ("assign chain", wrapped(&format!("{}1;", "a = ".repeat(n)))),
        (
            "ternary chain",
            wrapped(&format!("x = {}1;", "c ? 1 : ".repeat(n))),
        ),
        (
            "init lists",
            wrapped(&format!(
                "float x[1] = {}1{};",
                "{".repeat(n),
                "}".repeat(n)
            )),
        ),
        (
            "generic types",
            format!("{}int{} x;", "A<".repeat(n), ">".repeat(n)),
        ),
        (
            "namespaces",
            format!("{}{}", "namespace a { ".repeat(n), "}".repeat(n)),
        ),
        (
            "structs",
            format!("{}{}", "struct S { ".repeat(n), "}".repeat(n)),
        ),
        (
            "if chain",
            wrapped(&format!("{}x = 1;", "if (c) ".repeat(n))),
        ),
        (
            "else-if chain",
            wrapped(&format!(
                "if (c) x = 1; {}",
                "else if (c) x = 1; ".repeat(n)
            )),
        ),
        (
            "index chain",
            wrapped(&format!("x = {}0{};", "a[".repeat(n), "]".repeat(n))),
        ),
        (
            "calls",
            wrapped(&format!("x = {}0{};", "f(".repeat(n), ")".repeat(n))),
        ),
        (
            "diff ops",
            wrapped(&format!(
                "x = {}f{}(1.0);",
                "fwd_diff(".repeat(n),
                ")".repeat(n)
            )),
        ),
        ("attributes", format!("{}void f() {{}}", "[A(".repeat(n))),
        ("array types", format!("int{} x;", "[1]".repeat(n))),
    ];
    for (name, src) in cases {
        let started = Instant::now();
        let (depth, errors) = parse_small_stack(src);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{name}: too slow"
        );
        assert!(depth < 4_000, "{name}: tree depth {depth}");
        assert!(
            !errors.is_empty() && errors.len() <= 600,
            "{name}: {} errors",
            errors.len()
        );
    }
}

#[test]
fn depth_limit_reports_one_error() {
    let src = wrapped(&format!(
        "x = {}1{};",
        "(".repeat(10_000),
        ")".repeat(10_000)
    ));
    let (_, errors) = parse_small_stack(src);
    assert_eq!(errors, vec!["E1001 nesting is too deep (more than 256 levels): simplify this code; the nested part is skipped".to_string()]);
}

#[test]
fn long_flat_chains() {
    // Realistic lengths parse cleanly.
    for (name, src) in [
        ("sum", wrapped(&format!("x = 1{};", " + a".repeat(200)))),
        ("members", wrapped(&format!("x = a{};", ".b".repeat(200)))),
        ("comma", wrapped(&format!("x = 1{};", ", a".repeat(200)))),
        ("statements", wrapped(&"x += 1;\n".repeat(100_000))),
        (
            "functions",
            "float f(float x) { return x * x; }\n".repeat(20_000),
        ),
    ] {
        let (_, errors) = parse_small_stack(src);
        assert!(errors.is_empty(), "{name}: {errors:?}");
    }
    // Absurd lengths are cut with one error and a bounded tree depth.
    for (name, src) in [
        ("sum", wrapped(&format!("x = 1{};", " + a".repeat(100_000)))),
        (
            "members",
            wrapped(&format!("x = a{};", ".b".repeat(100_000))),
        ),
        (
            "comma",
            wrapped(&format!("x = 1{};", ", a".repeat(100_000))),
        ),
        ("postfix", wrapped(&format!("x{};", "++".repeat(100_000)))),
        ("array type", format!("int{} x;", "[1]".repeat(100_000))),
    ] {
        let started = Instant::now();
        let (depth, errors) = parse_small_stack(src);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{name}: too slow"
        );
        assert!(depth < 1_000, "{name}: tree depth {depth}");
        assert!(
            errors[0].contains("nesting is too deep") && errors.len() <= 3,
            "{name}: {errors:?}"
        );
    }
}
