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
    // Realistic lengths parse cleanly; flat operator chains (generated code) may be long.
    for (name, src) in [
        ("sum", wrapped(&format!("x = 1{};", " + a".repeat(200)))),
        (
            "long sum",
            wrapped(&format!("x = 1{};", " - a".repeat(4000))),
        ),
        (
            "long comma",
            wrapped(&format!("x = 1{};", ", a".repeat(4000))),
        ),
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
    // Absurd operator chains are cut with one error; the tree is as deep as the chain's budget.
    for (name, src) in [
        ("sum", wrapped(&format!("x = 1{};", " + a".repeat(100_000)))),
        (
            "comma",
            wrapped(&format!("x = 1{};", ", a".repeat(100_000))),
        ),
    ] {
        let (depth, errors) = parse_small_stack(src);
        assert!(depth < 4_200, "{name}: tree depth {depth}");
        assert_eq!(
            errors,
            [
                "E1001 expression chain is too long (more than 4096 operators): split it; the rest is skipped"
            ],
            "{name}"
        );
    }
    // Absurd postfix and type chains are cut with one error and a bounded tree depth.
    for (name, src) in [
        (
            "members",
            wrapped(&format!("x = a{};", ".b".repeat(100_000))),
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

/// `SYNTAX_FUZZ_CASES=100000` runs a longer fuzzing session than the default.
fn fuzz_cases(default: usize) -> usize {
    std::env::var("SYNTAX_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const SOUP: &[&str] = &[
    "struct",
    "interface",
    "extension",
    "enum",
    "namespace",
    "typedef",
    "typealias",
    "let",
    "var",
    "const",
    "static",
    "in",
    "out",
    "inout",
    "no_diff",
    "return",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default",
    "break",
    "continue",
    "import",
    "module",
    "This",
    "this",
    "true",
    "none",
    "is",
    "as",
    "where",
    "each",
    "expand",
    "fwd_diff",
    "bwd_diff",
    "__generic",
    "__init",
    "__subscript",
    "property",
    "get",
    "set",
    "cbuffer",
    "operator",
    "sizeof",
    "float",
    "float3",
    "int",
    "T",
    "x",
    "y",
    "Foo",
    "IFoo",
    "0",
    "1.0",
    "1.f",
    "0x1F",
    "2u",
    "1e-3",
    ".5",
    "\"s\"",
    "'c'",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    ">",
    ">>",
    ">=",
    "<=",
    "=",
    "==",
    "+",
    "-",
    "*",
    "/",
    "%",
    "++",
    "--",
    "+=",
    "&&",
    "||",
    "!",
    "~",
    "?",
    ":",
    "::",
    ";",
    ",",
    ".",
    "->",
    "[[",
    "]]",
    "\n",
    " ",
    "=>",
    "\n#define X 1\n",
    "\n#if X\n",
    "\n#endif\n",
    "// c\n",
    "/* c */",
    "/* open",
    "\"open",
    "@",
    "$",
    "\\",
    "\u{e9}",
    "\u{1F600}",
    "\t",
    "#",
    "\n#\n",
    "1..2",
    "0x",
    "1e",
];

fn exercise_ast(parse: &crate::Parse) {
    use crate::ast::*;
    let root = parse.syntax_node();
    for node in root.descendants() {
        if let Some(item) = Item::cast(node.clone()) {
            let _ = item.attrs().count();
            let _ = item.modifiers().count();
            if let Item::Fn(f) = &item {
                let _ = (
                    f.name().map(|n| n.text()),
                    f.ret_type(),
                    f.params().count(),
                    f.body(),
                    f.generic_param_list(),
                );
            }
            if let Item::VarDecl(v) = &item {
                for d in v.declarators() {
                    let _ = (
                        d.name(),
                        d.initializer(),
                        d.ty(),
                        d.array_suffixes().count(),
                    );
                }
            }
        }
        if let Some(stmt) = Stmt::cast(node.clone()) {
            match stmt {
                Stmt::IfStmt(s) => {
                    let _ = (
                        s.condition(),
                        s.let_condition(),
                        s.then_branch(),
                        s.else_branch(),
                    );
                }
                Stmt::ForStmt(s) => {
                    let _ = (s.init(), s.condition(), s.step(), s.body());
                }
                _ => {}
            }
        }
        if let Some(expr) = Expr::cast(node.clone()) {
            match expr {
                Expr::BinExpr(e) => {
                    let _ = (e.lhs(), e.rhs(), e.op_kind());
                }
                Expr::CallExpr(e) => {
                    let _ = (e.callee(), e.args().count());
                }
                Expr::DiffExpr(e) => {
                    let _ = (e.kind(), e.function());
                }
                Expr::Literal(e) => {
                    let _ = e.kind();
                }
                _ => {}
            }
        }
        if let Some(d) = PpDirective::cast(node.clone()) {
            let _ = (
                d.directive_name(),
                d.macro_name(),
                d.params(),
                d.replacement_range(),
            );
        }
    }
}

fn check_invariants(text: &str, what: &str) {
    let parse = crate::parse(text);
    assert_eq!(
        parse.syntax_node().text().to_string(),
        text,
        "{what}: text not preserved"
    );
    for e in parse.errors() {
        let (s, t) = (usize::from(e.range.start()), usize::from(e.range.end()));
        assert!(
            t <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(t),
            "{what}: bad range {e:?}"
        );
    }
    exercise_ast(&parse);
}

#[test]
fn random_token_soup() {
    let mut rng = Rng::new(0x5EED);
    let started = Instant::now();
    for case in 0..fuzz_cases(3000) {
        let len = rng.below(120);
        let mut text = String::new();
        for _ in 0..len {
            text.push_str(SOUP[rng.below(SOUP.len())]);
            if rng.below(3) == 0 {
                text.push(' ');
            }
        }
        check_invariants(&text, &format!("soup case {case}"));
    }
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "soup too slow: {:?}",
        started.elapsed()
    );
}

#[test]
fn mutated_corpus_files() {
    let files: Vec<Vec<u8>> = super::corpus::corpus_files()
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .collect();
    assert!(!files.is_empty(), "no corpus files found");
    let mut rng = Rng::new(42);
    let started = Instant::now();
    for case in 0..fuzz_cases(2000) {
        let mut bytes = files[rng.below(files.len())].clone();
        let n = bytes.len().max(1);
        match rng.below(5) {
            // flip a few bytes (may produce invalid UTF-8: decode_source handles it)
            0 => {
                for _ in 0..1 + rng.below(4) {
                    let i = rng.below(n);
                    if i < bytes.len() {
                        bytes[i] = rng.next() as u8;
                    }
                }
            }
            // truncate
            1 => bytes.truncate(rng.below(n)),
            // delete a range
            2 => {
                let a = rng.below(n);
                let b = (a + rng.below(200)).min(bytes.len());
                bytes.drain(a.min(b)..b);
            }
            // splice a piece of another file in
            3 => {
                let other = &files[rng.below(files.len())];
                let a = rng.below(other.len().max(1));
                let b = (a + rng.below(300)).min(other.len());
                let at = rng.below(n).min(bytes.len());
                let piece: Vec<u8> = other[a.min(b)..b].to_vec();
                bytes.splice(at..at, piece);
            }
            // duplicate a line range / insert soup tokens
            _ => {
                let at = rng.below(n).min(bytes.len());
                let tok = SOUP[rng.below(SOUP.len())].as_bytes().to_vec();
                bytes.splice(at..at, tok);
            }
        }
        let (text, decode_errors) = crate::decode_source(&bytes);
        for e in &decode_errors {
            assert_eq!(
                &text[e.range],
                "\u{FFFD}".repeat(usize::from(e.range.len()) / 3)
            );
        }
        check_invariants(&text, &format!("mutation case {case}"));
    }
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "mutations too slow: {:?}",
        started.elapsed()
    );
}

#[test]
fn generated_source_parses_cleanly() {
    let text = crate::testgen::generate_source(3000, 7);
    assert!(text.lines().count() >= 3000);
    assert_eq!(
        text,
        crate::testgen::generate_source(3000, 7),
        "not deterministic"
    );
    let parse = crate::parse(&text);
    assert!(
        parse.errors().is_empty(),
        "{:?}",
        &parse.errors()[..parse.errors().len().min(5)]
    );
    assert_eq!(parse.syntax_node().text().to_string(), text);
}

/// `cargo test --release -p syntax -- --ignored bench --nocapture`
#[test]
#[ignore]
fn bench_parse_generated() {
    let text = crate::testgen::generate_source(5000, 1);
    let _ = crate::parse(&text);
    let runs = 20;
    let started = Instant::now();
    let mut best = Duration::MAX;
    for _ in 0..runs {
        let t = Instant::now();
        let parse = crate::parse(&text);
        std::hint::black_box(&parse);
        best = best.min(t.elapsed());
    }
    let avg = started.elapsed() / runs;
    let mb = text.len() as f64 / 1e6;
    println!(
        "parse {} lines, {} bytes: best {:?} ({:.1} MB/s), mean {:?}",
        text.lines().count(),
        text.len(),
        best,
        mb / best.as_secs_f64(),
        avg
    );
}

/// Deleting one `}`/`)`/`;` from a valid file must give few errors: recovery is local.
#[test]
fn single_typos_give_few_errors() {
    let files: Vec<String> = super::corpus::corpus_files()
        .iter()
        .filter(|p| p.to_string_lossy().contains("tests/syntax/"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let mut rng = Rng::new(7);
    let mut worst = (0usize, String::new());
    let mut total = 0usize;
    let cases = 1000;
    for _ in 0..cases {
        let text = &files[rng.below(files.len())];
        let target = [b'}', b')', b';'][rng.below(3)];
        let positions: Vec<usize> = text
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == target)
            .map(|(i, _)| i)
            .collect();
        if positions.is_empty() {
            continue;
        }
        let at = positions[rng.below(positions.len())];
        let mut broken = text.clone();
        broken.remove(at);
        let n = crate::parse(&broken).errors().len();
        total += n;
        if n > worst.0 {
            let line = text[..at].matches('\n').count() + 1;
            let errs: Vec<String> = crate::parse(&broken)
                .errors()
                .iter()
                .map(|e| format!("{:?} {}", e.range, e.message))
                .collect();
            worst = (
                n,
                format!(
                    "removed {:?} at line {line} of {}: {errs:#?}",
                    target as char,
                    text.lines().nth(1).unwrap_or("")
                ),
            );
        }
    }
    let mean = total as f64 / cases as f64;
    println!("mean errors per typo {mean:.2}, worst {worst:?}");
    assert!(
        mean < 1.5 && worst.0 <= 6,
        "mean {mean:.2}, worst {worst:?}"
    );
}

#[test]
fn parse_is_shareable_across_threads() {
    fn assert_send_sync<T: Send + Sync + Clone + Eq>() {}
    assert_send_sync::<crate::Parse>();
    let text = "float f(float x) { return x; }";
    assert_eq!(crate::parse(text), crate::parse(text));
}
