//! Fixture tests of the editing features: formatting, code actions, rename.

use expect_test::{Expect, expect};

use super::fixture;
use crate::{apply_edits, formatting};

fn check_format(src: &str, expect: Expect) {
    let edits = formatting::format(src);
    let once = apply_edits(src, &edits);
    let twice = apply_edits(&once, &formatting::format(&once));
    assert_eq!(once, twice, "formatting is not idempotent");
    expect.assert_eq(&once);
}

#[test]
fn format_reindents_by_brace_level() {
    check_format(
        "struct S {\nfloat x;\n      float y;\n}\nvoid f() {\nif (true) {\nreturn;\n}\n}\n",
        expect![[r#"
            struct S {
                float x;
                float y;
            }
            void f() {
                if (true) {
                    return;
                }
            }
        "#]],
    );
}

#[test]
fn format_spaces_operators_commas_and_keywords() {
    check_format(
        "float f(float a,float b){float c=a*b+1.0;if(c>=2.0){c-=1.0;}return c<0.0?-c:c;}\n",
        expect![[r#"
            float f(float a, float b) {float c = a * b + 1.0;if (c >= 2.0) {c -= 1.0;}return c < 0.0 ? -c : c;}
        "#]],
    );
}

#[test]
fn format_trims_trailing_whitespace_and_blank_lines() {
    check_format(
        "void f()   \n{   \n    let x = 1;  // note   \n\n\n\n    let y = 2;\n}\n\n\n",
        expect![[r#"
            void f()
            {
                let x = 1;  // note

                let y = 2;
            }
        "#]],
    );
}

#[test]
fn format_indents_unbraced_bodies_cases_and_continuations() {
    check_format(
        r#"
void f(int n, float a)
{
for (int i = 0; i < n; i++)
a += 1.0;
switch (n)
{
case 0:
a = 2.0;
break;
default:
break;
}
float s = a +
a;
float t = max(a,
a);
if (a > 0.0) a = 0.0;
else if (a < 0.0)
{
a = 1.0;
}
else
a = 2.0;
}
"#,
        expect![[r#"
            void f(int n, float a)
            {
                for (int i = 0; i < n; i++)
                    a += 1.0;
                switch (n)
                {
                    case 0:
                        a = 2.0;
                        break;
                    default:
                        break;
                }
                float s = a +
                    a;
                float t = max(a,
                    a);
                if (a > 0.0) a = 0.0;
                else if (a < 0.0)
                {
                    a = 1.0;
                }
                else
                    a = 2.0;
            }
        "#]],
    );
}

#[test]
fn format_keeps_directives_and_attributes() {
    check_format(
        "#define  SQ(x)   ((x)*(x))\n  #if 1\n[Differentiable]\nfloat g(float x) { return SQ(x); }\n#endif\n[numthreads(4,1,1)]\nvoid computeMain() {\n    #ifdef DEBUG\n  int k=1;\n    #endif\n}\n",
        expect![[r#"
            #define  SQ(x)   ((x)*(x))
              #if 1
            [Differentiable]
            float g(float x) { return SQ(x); }
            #endif
            [numthreads(4, 1, 1)]
            void computeMain() {
                #ifdef DEBUG
                int k = 1;
                #endif
            }
        "#]],
    );
}

#[test]
fn format_leaves_statements_with_syntax_errors() {
    check_format(
        "void f() {\nint  a=1;\n}\nvoid g() {\nint b = ;\n  int   c=2;\n}\n",
        expect![[r#"
            void f() {
                int  a = 1;
            }
            void g() {
            int b = ;
              int   c = 2;
            }
        "#]],
    );
}

#[test]
fn format_range_touches_only_the_selected_lines() {
    let src = "void f() {\nint a=1;\nint b=2;\n}\n";
    let line2 = src.find("int b").unwrap() as u32;
    let edits = formatting::format_range(src, crate::TextRange::new(line2, line2 + 3));
    expect![[r#"
        void f() {
        int a=1;
            int b = 2;
        }
    "#]]
    .assert_eq(&apply_edits(src, &edits));
}

#[test]
fn format_through_analysis_and_of_a_formatted_file_is_empty() {
    let f = fixture("void f()\n{\n    return;\n}\n");
    let edits = f.host.analysis().format(&f.path).unwrap();
    assert_eq!(edits, Vec::new());
    let f = fixture("void f()\n{\nreturn;\n}\n");
    let edits = f.host.analysis().format(&f.path).unwrap();
    assert_eq!(
        apply_edits(&f.text, &edits),
        "void f()\n{\n    return;\n}\n"
    );
}

/// The tokens other than whitespace, with comments' trailing spaces trimmed.
fn significant_tokens(text: &str) -> Vec<(syntax::SyntaxKind, String)> {
    syntax::parse(text)
        .syntax_node()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() != syntax::SyntaxKind::WHITESPACE)
        .map(|t| {
            let text = if t.kind() == syntax::SyntaxKind::COMMENT {
                t.text()
                    .lines()
                    .map(str::trim_end)
                    .collect::<Vec<_>>()
                    .join("\n")
            } else {
                t.text().to_string()
            };
            (t.kind(), text)
        })
        .collect()
}

/// Over every program of tests/syntax and tests/autodiff: formatting twice equals formatting
/// once, and only whitespace changes.
#[test]
fn format_is_idempotent_and_whitespace_only_on_corpus() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests");
    let mut files = Vec::new();
    let mut dirs = vec![root.join("syntax"), root.join("autodiff")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "slang") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 100, "found {} files", files.len());
    let mut changed = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let once = apply_edits(&text, &formatting::format(&text));
        let twice = apply_edits(&once, &formatting::format(&once));
        assert_eq!(once, twice, "not idempotent: {}", path.display());
        assert_eq!(
            significant_tokens(&text),
            significant_tokens(&once),
            "changed more than whitespace: {}",
            path.display()
        );
        assert_eq!(
            syntax::parse(&text).errors().len(),
            syntax::parse(&once).errors().len(),
            "{}",
            path.display()
        );
        changed += usize::from(once != text);
    }
    // The corpus is written by hand: some files do get reformatted.
    assert!(changed > 0);
}
