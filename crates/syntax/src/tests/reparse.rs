//! Incremental reparsing gives exactly the tree and errors of a full parse, and shares the
//! untouched nodes.

use crate::reparse::reparse_block;
use crate::{Parse, SyntaxKind, parse, reparse};

/// Deterministic pseudo-random numbers (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

const INSERTS: &[&str] = &[
    " ",
    "x",
    "+",
    "1",
    ";",
    "}",
    "{",
    "(",
    ")",
    "\n",
    "/*",
    "//",
    "#",
    "\"",
    "1.0f",
    "float y = 2;",
    "{ }",
    "return",
    "if (a) ",
    "<",
    ">",
];

fn edit(text: &str, rng: &mut Rng) -> String {
    let mut at = rng.below(text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut end = (at + rng.below(6)).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let insert = if rng.below(3) == 0 {
        ""
    } else {
        INSERTS[rng.below(INSERTS.len())]
    };
    let end = if insert.is_empty() {
        end.max(at)
    } else {
        at + rng.below(2) * (end - at)
    };
    format!("{}{}{}", &text[..at], insert, &text[end..])
}

fn assert_same(incremental: &Parse, full: &Parse, text: &str) {
    assert!(
        incremental.green() == full.green()
            && crate::green_eq(incremental.green(), full.green())
            && incremental.errors() == full.errors(),
        "incremental reparse differs from a full parse of:\n{text}\n--- incremental\n{}\n--- full\n{}",
        incremental.debug_dump(),
        full.debug_dump()
    );
}

#[test]
fn random_edits_match_full_parses() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut fast = 0;
    let mut fast_with_errors = 0;
    let mut total = 0;
    for path in super::corpus::corpus_files().iter().step_by(3) {
        let Ok(mut text) = std::fs::read_to_string(path) else {
            continue;
        };
        let mut current = parse(&text);
        // Chained edits: each reparse result is the base of the next one.
        for _ in 0..12 {
            let next = edit(&text, &mut rng);
            if let Some(quick) = reparse_block(&text, &current, &next) {
                fast += 1;
                fast_with_errors += !quick.errors().is_empty() as usize;
            }
            total += 1;
            let incremental = reparse(&text, &current, &next);
            assert_same(&incremental, &parse(&next), &next);
            text = next;
            current = incremental;
        }
    }
    // Many random edits break the syntax or land outside bodies; the fast path must still be taken
    // often enough for the comparison to test it.
    assert!(
        fast * 20 > total,
        "only {fast} of {total} edits were reparsed incrementally"
    );
    // Typing passes through broken statements: those edits must take the fast path too.
    assert!(
        fast_with_errors * 50 > total,
        "only {fast_with_errors} of {total} edits with syntax errors were reparsed incrementally"
    );
}

#[test]
fn typing_a_statement_stays_incremental() {
    let full =
        "float f(float x) {\n    float y = x * 2.0;\n    return y;\n}\nstruct S { float a; }\n";
    let at = full.find("    return").unwrap();
    let typed = "    float z = sin(y) + 1.0;\n";
    let mut text = full.to_string();
    let mut current = parse(&text);
    // Each keystroke of the new statement, most of them leaving a syntax error in the body.
    for end in 1..=typed.len() {
        let next = format!("{}{}{}", &full[..at], &typed[..end], &full[at..]);
        let quick = reparse_block(&text, &current, &next)
            .unwrap_or_else(|| panic!("a full reparse for {:?}", &typed[..end]));
        assert_same(&quick, &parse(&next), &next);
        text = next;
        current = quick;
    }
}

#[test]
fn body_edit_reuses_the_other_items() {
    let old = "float f(float x) { return x; }\nstruct S { float a; }\nfloat g() { if (true) { return 1.0; } return 2.0; }\n";
    let new = old.replace("return 1.0;", "return 1.0 + f(3.0);");
    let old_parse = parse(old);
    let new_parse = reparse_block(old, &old_parse, &new).expect("the edit stays inside a block");
    assert_same(&new_parse, &parse(&new), &new);
    let items = |p: &Parse| {
        p.syntax_node()
            .children()
            .filter(|n| n.kind() != SyntaxKind::ERROR)
            .map(|n| n.green().to_owned())
            .collect::<Vec<_>>()
    };
    let (before, after) = (items(&old_parse), items(&new_parse));
    let shared: Vec<bool> = before
        .iter()
        .zip(&after)
        .map(|(a, b)| std::ptr::eq::<rowan::GreenNodeData>(&**a, &**b))
        .collect();
    assert_eq!(shared, [true, true, false]);
    assert!(crate::green_eq(&before[0], &after[0]) && !crate::green_eq(&before[2], &after[2]));
    assert!(!crate::green_eq(old_parse.green(), new_parse.green()));
}

#[test]
fn edits_that_leave_a_block_fall_back() {
    let old = "void f() { int a = 1; }\nvoid g() { }\n";
    let parse_old = parse(old);
    // Unbalanced brace, a comment swallowing the close, and an edit touching the brace itself.
    for new in [
        "void f() { int a = 1; { }\nvoid g() { }\n",
        "void f() { int a = 1; // }\nvoid g() { }\n",
        "void f() { int a = 1; /* }\nvoid g() { }\n",
        "void f() { int a = 1; \nvoid g() { }\n",
        "void f() { int a = 1;\n#define X\n }\nvoid g() { }\n",
    ] {
        assert!(reparse_block(old, &parse_old, new).is_none(), "{new}");
        assert_same(&reparse(old, &parse_old, new), &parse(new), new);
    }
}
