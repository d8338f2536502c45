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
    let edits = formatting::format_range(
        src,
        crate::TextRange::new(line2, line2 + 3),
        crate::FormatOptions::default(),
    );
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
    let edits = f
        .host
        .analysis()
        .format(&f.path, crate::FormatOptions::default())
        .unwrap();
    assert_eq!(edits, Vec::new());
    let f = fixture("void f()\n{\nreturn;\n}\n");
    let edits = f
        .host
        .analysis()
        .format(&f.path, crate::FormatOptions::default())
        .unwrap();
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

/// Over every `.slang` file of tests/, stdlib/ and examples/ (syntax errors included):
/// formatting twice equals formatting once, only whitespace changes, and the errors stay the same.
#[test]
fn format_is_idempotent_and_whitespace_only_on_corpus() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let files = super::slang_files_under(vec![
        root.join("tests"),
        root.join("stdlib"),
        root.join("examples"),
    ]);
    assert!(files.len() > 500, "found {} files", files.len());
    let mut changed = 0;
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let text = syntax::decode_source(&bytes).0;
        let once = apply_edits(&text, &formatting::format(&text));
        let twice = apply_edits(&once, &formatting::format(&once));
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        if once != twice {
            failures.push(format!("{name}: not idempotent"));
        }
        if significant_tokens(&text) != significant_tokens(&once) {
            failures.push(format!("{name}: changed more than whitespace"));
        }
        let errors = |t: &str| {
            syntax::parse(t)
                .errors()
                .iter()
                .map(|e| e.message.clone())
                .collect::<Vec<_>>()
        };
        if errors(&text) != errors(&once) {
            failures.push(format!("{name}: syntax errors changed"));
        }
        changed += usize::from(once != text);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The corpus is written by hand: some files do get reformatted.
    assert!(changed > 0);
}

// ---------------------------------------------------------------------------------------------
// Code actions

/// Every assist at the cursor (`$0`; `$0..$1`-free: the range is the cursor), each with the
/// files it edits shown after the edit.
fn check_assists(src: &str, expect: Expect) {
    let f = fixture(src);
    let analysis = f.host.analysis();
    let at = crate::TextRange::new(f.offset, f.offset);
    let mut out = String::new();
    for a in analysis.assists(&f.path, at).unwrap() {
        out.push_str(&format!(
            "{} {:?} fixes={} : {}\n",
            a.id,
            a.kind,
            a.fixes.unwrap_or("-"),
            a.label
        ));
        for fe in &a.edits {
            let text = analysis.file_text(&fe.path).unwrap().unwrap_or_default();
            out.push_str(&format!(
                "--- {}\n{}",
                fe.path,
                apply_edits(&text, &fe.edits)
            ));
        }
    }
    if out.is_empty() {
        out.push_str("no assists\n");
    }
    expect.assert_eq(&out);
}

/// The assists with this id only.
fn check_assist(id: &str, src: &str, expect: Expect) {
    let f = fixture(src);
    let analysis = f.host.analysis();
    let at = crate::TextRange::new(f.offset, f.offset);
    let mut out = String::new();
    for a in analysis.assists(&f.path, at).unwrap() {
        if a.id != id {
            continue;
        }
        for fe in &a.edits {
            let text = analysis.file_text(&fe.path).unwrap().unwrap_or_default();
            out.push_str(&apply_edits(&text, &fe.edits));
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn assist_no_diff_and_differentiable_on_flagged_call() {
    check_assists(
        r#"
float helper(float x) { return x * 2.0; }
[Differentiable]
float f(float x) { return hel$0per(x); }
"#,
        expect![[r#"
            insert_no_diff QuickFix fixes=E3101 : Insert `no_diff` before the call (its derivative is dropped)
            --- /ws/main.slang

            float helper(float x) { return x * 2.0; }
            [Differentiable]
            float f(float x) { return no_diff helper(x); }
            add_differentiable QuickFix fixes=E3101 : Mark `helper` [Differentiable]
            --- /ws/main.slang

            [Differentiable]
            float helper(float x) { return x * 2.0; }
            [Differentiable]
            float f(float x) { return helper(x); }
        "#]],
    );
}

#[test]
fn assist_no_diff_on_method_call() {
    check_assist(
        "insert_no_diff",
        r#"
struct S { float k; float scale(float x) { return x * k; } }
[Differentiable]
float f(S s, float x) { return s.sc$0ale(x); }
"#,
        expect![[r#"

            struct S { float k; float scale(float x) { return x * k; } }
            [Differentiable]
            float f(S s, float x) { return no_diff s.scale(x); }
        "#]],
    );
}

#[test]
fn assist_differentiable_on_callee_in_other_file() {
    check_assist(
        "add_differentiable",
        r#"
//- /ws/main.slang
import util;
[Differentiable]
float f(float x) { return twi$0ce(x); }
//- /ws/util.slang
// helpers
float twice(float x) { return x + x; }
"#,
        expect![[r#"
            // helpers
            [Differentiable]
            float twice(float x) { return x + x; }
        "#]],
    );
}

#[test]
fn assist_no_stdlib_edit_for_non_differentiable_stdlib_call() {
    check_assists(
        r#"
[Differentiable]
float f(float x) { return QuadRead$0AcrossX(x); }
"#,
        expect![[r#"
            insert_no_diff QuickFix fixes=E3101 : Insert `no_diff` before the call (its derivative is dropped)
            --- /ws/main.slang

            [Differentiable]
            float f(float x) { return no_diff QuadReadAcrossX(x); }
        "#]],
    );
}

#[test]
fn assist_differentiable_for_fwd_diff_operand() {
    check_assist(
        "add_differentiable",
        r#"
float g(float x) { return x * x; }
void main() { let d = fwd$0_diff(g)(diffPair(1.0, 1.0)); }
"#,
        expect![[r#"

            [Differentiable]
            float g(float x) { return x * x; }
            void main() { let d = fwd_diff(g)(diffPair(1.0, 1.0)); }
        "#]],
    );
}

#[test]
fn assist_no_diff_on_bwd_diff_inside_differentiable_code() {
    check_assist(
        "insert_no_diff",
        r#"
[Differentiable]
float g(float x) { return x * x; }
[Differentiable]
float h(float x) { var p = diffPair(x); bwd$0_diff(g)(p, 1.0); return x; }
"#,
        expect![[r#"

            [Differentiable]
            float g(float x) { return x * x; }
            [Differentiable]
            float h(float x) { var p = diffPair(x); no_diff bwd_diff(g)(p, 1.0); return x; }
        "#]],
    );
}

#[test]
fn assist_max_iters_with_unknown_bound() {
    check_assist(
        "add_max_iters",
        r#"
[Differentiable]
float f(float x, int n)
{
    float y = x;
    fo$0r (int i = 0; i < n; i++)
        y = y * x;
    return y;
}
"#,
        expect![[r#"

            [Differentiable]
            float f(float x, int n)
            {
                float y = x;
                [MaxIters(64)]
                for (int i = 0; i < n; i++)
                    y = y * x;
                return y;
            }
        "#]],
    );
}

#[test]
fn assist_max_iters_on_while_loop() {
    check_assist(
        "add_max_iters",
        r#"
[Differentiable]
float f(float x)
{
    float y = x;
    wh$0ile (y < 10.0) { y = y * 2.0; }
    return y;
}
"#,
        expect![[r#"

            [Differentiable]
            float f(float x)
            {
                float y = x;
                [MaxIters(64)]
                while (y < 10.0) { y = y * 2.0; }
                return y;
            }
        "#]],
    );
}

#[test]
fn assist_generate_derivative_stubs() {
    check_assists(
        r#"
[Differentiable]
float sq$0r(float x, no_diff float k, int n) { return x * x * k; }
"#,
        expect![[r#"
            generate_forward_derivative Generate fixes=- : Generate `[ForwardDerivativeOf(sqr)]` function
            --- /ws/main.slang

            [Differentiable]
            float sqr(float x, no_diff float k, int n) { return x * x * k; }

            [ForwardDerivativeOf(sqr)]
            DifferentialPair<float> sqr_fwd(DifferentialPair<float> x, no_diff float k, int n)
            {
                // The derivative: dsqr/dx * x.d.
                let primal = sqr(x.p, k, n);
                return diffPair(primal); // derivative zero until written
            }
            generate_backward_derivative Generate fixes=- : Generate `[BackwardDerivativeOf(sqr)]` function
            --- /ws/main.slang

            [Differentiable]
            float sqr(float x, no_diff float k, int n) { return x * x * k; }

            [BackwardDerivativeOf(sqr)]
            void sqr_bwd(inout DifferentialPair<float> x, no_diff float k, int n, float dResult)
            {
                // x = diffPair(x.p, dsqr/dx * dResult);
            }
        "#]],
    );
}

#[test]
fn assist_generate_stub_of_vector_function() {
    check_assist(
        "generate_backward_derivative",
        r#"
float3 sc$0ale(float3 v, float s) { return v * s; }
"#,
        expect![[r#"

            float3 scale(float3 v, float s) { return v * s; }

            [BackwardDerivativeOf(scale)]
            void scale_bwd(inout DifferentialPair<float3> v, inout DifferentialPair<float> s, float3 dResult)
            {
                // v = diffPair(v.p, dscale/dv * dResult);
                // s = diffPair(s.p, dscale/ds * dResult);
            }
        "#]],
    );
}

#[test]
fn assist_generate_stub_of_generic_function() {
    check_assist(
        "generate_backward_derivative",
        r#"
[Differentiable]
T twi$0ce<T : IDifferentiable>(T x) { return x; }
"#,
        expect![[r#"

            [Differentiable]
            T twice<T : IDifferentiable>(T x) { return x; }

            [BackwardDerivativeOf(twice)]
            void twice_bwd<T : IDifferentiable>(inout DifferentialPair<T> x, T.Differential dResult)
            {
                // x = diffPair(x.p, dtwice/dx * dResult);
            }
        "#]],
    );
}

#[test]
fn assist_generate_stub_with_out_and_void() {
    check_assist(
        "generate_backward_derivative",
        r#"
void spl$0it(float x, out float a, inout float b) { a = x; b = b * x; }
"#,
        expect![[r#"

            void split(float x, out float a, inout float b) { a = x; b = b * x; }

            [BackwardDerivativeOf(split)]
            void split_bwd(inout DifferentialPair<float> x, float a, inout DifferentialPair<float> b)
            {
                // x = diffPair(x.p, dsplit/dx);
                // b = diffPair(b.p, dsplit/db);
            }
        "#]],
    );
}

#[test]
fn assist_none_on_call_site_or_member() {
    check_assists(
        r#"
struct S { float m$0(float x) { return x; } }
"#,
        expect![[r#"
            no assists
        "#]],
    );
}

#[test]
fn assist_none_without_diagnostics() {
    check_assists(
        r#"
[Differentiable]
float f(float x) { return si$0n(x); }
"#,
        expect![[r#"
            no assists
        "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Rename

fn check_rename(src: &str, new_name: &str, expect: Expect) {
    let f = fixture(src);
    let analysis = f.host.analysis();
    let out = match analysis.rename(&f.path, f.offset, new_name).unwrap() {
        Ok(edits) => {
            let mut out = String::new();
            for fe in edits {
                let text = analysis.file_text(&fe.path).unwrap().unwrap_or_default();
                out.push_str(&format!(
                    "--- {}\n{}",
                    fe.path,
                    apply_edits(&text, &fe.edits)
                ));
            }
            out
        }
        Err(e) => format!("error: {e}\n"),
    };
    expect.assert_eq(&out);
}

fn check_prepare_rename(src: &str, expect: Expect) {
    let f = fixture(src);
    let out = match f.host.analysis().prepare_rename(&f.path, f.offset).unwrap() {
        Ok(range) => format!("ok `{}`\n", super::slice(&f.text, range)),
        Err(e) => format!("error: {e}\n"),
    };
    expect.assert_eq(&out);
}

#[test]
fn rename_local() {
    check_rename(
        "void f() { float a$0cc = 1.0; acc += 2.0; float b = acc * acc; }\n",
        "sum",
        expect![[r#"
            --- /ws/main.slang
            void f() { float sum = 1.0; sum += 2.0; float b = sum * sum; }
        "#]],
    );
}

#[test]
fn rename_parameter() {
    check_rename(
        "float f(float x$0) { return x * x; }\nfloat g(float x) { return x; }\n",
        "t",
        expect![[r#"
            --- /ws/main.slang
            float f(float t) { return t * t; }
            float g(float x) { return x; }
        "#]],
    );
}

#[test]
fn rename_function_across_files_and_in_diff_operators() {
    check_rename(
        r#"
//- /ws/main.slang
import lib;
[Differentiable]
float f(float x) { return sq$0(x); }
void main() { var p = diffPair(1.0); bwd_diff(sq)(p, 1.0); }
//- /ws/lib.slang
[Differentiable]
float sq(float x) { return x * x; }
"#,
        "square",
        expect![[r#"
            --- /ws/lib.slang
            [Differentiable]
            float square(float x) { return x * x; }
            --- /ws/main.slang
            import lib;
            [Differentiable]
            float f(float x) { return square(x); }
            void main() { var p = diffPair(1.0); bwd_diff(square)(p, 1.0); }
        "#]],
    );
}

#[test]
fn rename_struct_and_field() {
    check_rename(
        "struct Ra$0y { float t; }\nRay make() { Ray r; r.t = 1.0; return r; }\n",
        "Beam",
        expect![[r#"
            --- /ws/main.slang
            struct Beam { float t; }
            Beam make() { Beam r; r.t = 1.0; return r; }
        "#]],
    );
    check_rename(
        "struct Ray { float t; }\nfloat get(Ray r) { return r.t$0; }\n",
        "dist",
        expect![[r#"
            --- /ws/main.slang
            struct Ray { float dist; }
            float get(Ray r) { return r.dist; }
        "#]],
    );
}

#[test]
fn rename_rejects_stdlib_keywords_and_bad_names() {
    check_prepare_rename(
        "float f(float x) { return si$0n(x); }\n",
        expect![[r#"
        error: `sin` is defined in the standard library and cannot be renamed
    "#]],
    );
    check_prepare_rename(
        "float f(float x) { ret$0urn x; }\n",
        expect![[r#"
        error: `return` is a keyword
    "#]],
    );
    check_prepare_rename(
        "float f(float x) { return x$0; }\n",
        expect![[r#"
        ok `x`
    "#]],
    );
    check_prepare_rename(
        "float f(float x) { return 1.0$0; }\n",
        expect![[r#"
        error: no name to rename here
    "#]],
    );
    check_rename(
        "float f(float x$0) { return x; }\n",
        "for",
        expect![[r#"
        error: `for` is a keyword
    "#]],
    );
    check_rename(
        "struct Ray$0 { float t; }\n",
        "float",
        expect![[r#"
        error: `float` names a builtin or standard-library declaration: pick another name
    "#]],
    );
    check_rename(
        "float f$0(float x) { return x; }\n",
        "sin",
        expect![[r#"
        error: `sin` names a builtin or standard-library declaration: pick another name
    "#]],
    );
    check_rename(
        "float f(float x$0) { return x; }\n",
        "2x",
        expect![[r#"
        error: `2x` is not an identifier
    "#]],
    );
}

#[test]
fn format_struct_members_and_methods() {
    check_format(
        "struct Acc\n{\nfloat v;\n[mutating]\nvoid add(float x)\n{\nv+=x;\n}\n}\n",
        expect![[r#"
            struct Acc
            {
                float v;
                [mutating]
                void add(float x)
                {
                    v += x;
                }
            }
        "#]],
    );
}

#[test]
fn format_namespace_and_enum() {
    check_format(
        "namespace ns {\nenum Mode {\nFast,\nSlow\n}\n}\n",
        expect![[r#"
            namespace ns {
                enum Mode {
                    Fast,
                    Slow
                }
            }
        "#]],
    );
}

#[test]
fn format_keeps_block_comments_and_reindents_line_comments() {
    check_format(
        "void f() {\n/* a block\n   comment */\n        // a line comment\nreturn;\n}\n",
        expect![[r#"
            void f() {
                /* a block
               comment */
                // a line comment
                return;
            }
        "#]],
    );
}

#[test]
fn format_initializer_lists() {
    check_format(
        "static const float weights[3] = {\n0.25,\n0.5,0.25\n};\n",
        expect![[r#"
            static const float weights[3] = {
                0.25,
                0.5, 0.25
            };
        "#]],
    );
}

#[test]
fn format_generic_arguments_keep_their_brackets() {
    check_format(
        "void f() { vector<float,3> v; DifferentialPair<float> p = diffPair(1.0); let b = 1 < 2; }\n",
        expect![[r#"
            void f() { vector<float, 3> v; DifferentialPair<float> p = diffPair(1.0); let b = 1 < 2; }
        "#]],
    );
}

#[test]
fn format_empty_and_whitespace_only_files() {
    assert_eq!(formatting::format(""), Vec::new());
    let edits = formatting::format("  \n\n\t\n");
    assert_eq!(apply_edits("  \n\n\t\n", &edits), "");
}

#[test]
fn format_keeps_crlf_line_endings() {
    // (Not a snapshot: expect-test would normalise the line ends.)
    let src = "void f()\r\n{\r\nreturn;   \r\n}\r\n";
    let once = apply_edits(src, &formatting::format(src));
    assert_eq!(once, "void f()\r\n{\r\n    return;\r\n}\r\n");
    assert_eq!(formatting::format(&once), Vec::new());
}

#[test]
fn format_crlf_line_comments_need_no_edit() {
    // A line comment's token holds the `\r` of its CRLF: the break after it is `\n` alone.
    let src = "// header\r\nvoid f()\r\n{\r\n    return; // done\r\n}\r\n";
    assert_eq!(formatting::format(src), Vec::new());
    let messy = "// header\r\nvoid f()\r\n{\r\nreturn; // done\r\n}\r\n";
    assert_eq!(apply_edits(messy, &formatting::format(messy)), src);
}

#[test]
fn format_honours_tab_size_and_tabs() {
    let src = "void f() {\nif (true) {\nreturn;\n}\n}\n";
    let two = crate::FormatOptions {
        tab_size: 2,
        insert_spaces: true,
    };
    let tabs = crate::FormatOptions {
        tab_size: 8,
        insert_spaces: false,
    };
    assert_eq!(
        apply_edits(src, &formatting::format_with(src, two)),
        "void f() {\n  if (true) {\n    return;\n  }\n}\n"
    );
    let tabbed = apply_edits(src, &formatting::format_with(src, tabs));
    assert_eq!(tabbed, "void f() {\n\tif (true) {\n\t\treturn;\n\t}\n}\n");
    assert_eq!(formatting::format_with(&tabbed, tabs), Vec::new());
}

#[test]
fn format_time_is_linear_in_the_file() {
    // A long block and many items: 8x the text must not take much more than 8x the time (the
    // indentation of each line used to rescan its block's and the file's children).
    let unit =
        "float f#(float x)\n{\nfloat y = x;\nif (y > 0.0)\n{\ny = y * 2.0;\n}\nreturn y;\n}\n";
    let file = |n: usize| -> String {
        let mut text: String = (0..n).map(|i| unit.replace('#', &i.to_string())).collect();
        text.push_str("void g()\n{\n");
        for i in 0..n {
            text.push_str(&format!("float v{i} = {i}.0;\n"));
        }
        text.push_str("}\n");
        text
    };
    // The best of seven runs: a busy machine (or the corpus tests running beside this one) slows
    // single runs, not the best one.
    let time = |text: &str| {
        (0..7)
            .map(|_| {
                let start = std::time::Instant::now();
                assert!(!formatting::format(text).is_empty());
                start.elapsed()
            })
            .min()
            .unwrap_or_default()
    };
    // Sizes large enough that both runs span many scheduler slices on a loaded machine (a run
    // shorter than one slice escapes the load that the longer one bears).
    let (small, large) = (file(4000), file(32000));
    let (t_small, t_large) = (time(&small), time(&large));
    assert!(
        t_large < t_small * 24,
        "formatting 8x the text took {t_large:?} against {t_small:?}"
    );
}

#[test]
fn format_do_while_and_ternary() {
    check_format(
        "void f(int n) {\nint i=0;\ndo\ni++;\nwhile(i<n);\nint m=i>2?1:0;\n}\n",
        expect![[r#"
            void f(int n) {
                int i = 0;
                do
                    i++;
                while (i < n);
                int m = i > 2 ? 1 : 0;
            }
        "#]],
    );
}

#[test]
fn assist_none_in_non_differentiable_caller() {
    check_assists(
        "float helper(float x) { return x; }\nfloat f(float x) { return hel$0per(x); }\n",
        expect![[r#"
            no assists
        "#]],
    );
}

#[test]
fn assist_max_iters_uses_literal_bound() {
    check_assist(
        "add_max_iters",
        r#"
[Differentiable]
float f(float x, int n)
{
    float y = x;
    fo$0r (int i = 0; i <= 7 && i < n; i++)
        y = y * x;
    return y;
}
"#,
        expect![[r#"

            [Differentiable]
            float f(float x, int n)
            {
                float y = x;
                [MaxIters(8)]
                for (int i = 0; i <= 7 && i < n; i++)
                    y = y * x;
                return y;
            }
        "#]],
    );
}

#[test]
fn assist_selection_covering_two_flagged_calls() {
    let f = fixture(
        "float h(float x) { return x; }\n[Differentiable]\nfloat f(float x) { return h(x) + h(x * 2.0); }\n",
    );
    let start = f.text.find("return").unwrap() as u32;
    let end = f.text.rfind(';').unwrap() as u32;
    let ids: Vec<&str> = f
        .host
        .analysis()
        .assists(&f.path, crate::TextRange::new(start, end))
        .unwrap()
        .iter()
        .map(|a| a.id)
        .collect();
    expect![[r#"
        [
            "insert_no_diff",
            "add_differentiable",
            "insert_no_diff",
            "add_differentiable",
        ]
    "#]]
    .assert_debug_eq(&ids);
}

#[test]
fn rename_method_and_its_calls() {
    check_rename(
        "struct Acc { float v; [mutating] void add(float x) { v += x; } }\nvoid main() { Acc a; a.ad$0d(1.0); a.add(2.0); }\n",
        "accumulate",
        expect![[r#"
            --- /ws/main.slang
            struct Acc { float v; [mutating] void accumulate(float x) { v += x; } }
            void main() { Acc a; a.accumulate(1.0); a.accumulate(2.0); }
        "#]],
    );
}

#[test]
fn rename_global_and_enum_case() {
    check_rename(
        "RWStructuredBuffer<float> bu$0f;\nvoid main() { buf[0] = 1.0; }\n",
        "output",
        expect![[r#"
            --- /ws/main.slang
            RWStructuredBuffer<float> output;
            void main() { output[0] = 1.0; }
        "#]],
    );
    check_rename(
        "enum E { A$0, B }\nE pick() { return E.A; }\n",
        "First",
        expect![[r#"
            --- /ws/main.slang
            enum E { First, B }
            E pick() { return E.First; }
        "#]],
    );
}

#[test]
fn rename_in_stdlib_file_is_refused() {
    let mut host = crate::AnalysisHost::new();
    host.set_file("/ws/main.slang", "float f(float x) { return x; }\n");
    let analysis = host.analysis();
    let (path, text) = crate::Analysis::stdlib_files()[0];
    let offset = text.find("float").unwrap_or(0) as u32;
    expect![[r#"
        Err(
            "the standard library cannot be edited",
        )
    "#]]
    .assert_debug_eq(&analysis.prepare_rename(path, offset).unwrap());
}

#[test]
fn format_range_outside_changes_is_empty() {
    let src = "void f() {\n    int a = 1;\n}\nvoid g() {\nint b=2;\n}\n";
    let edits = formatting::format_range(
        src,
        crate::TextRange::new(0, 5),
        crate::FormatOptions::default(),
    );
    assert_eq!(edits, Vec::new());
    assert!(!formatting::format(src).is_empty());
}

#[test]
fn format_attribute_lists_and_semantics() {
    check_format(
        "[numthreads(8,8,1)]\n[shader(\"compute\")]\nvoid main(uint3 id:SV_DispatchThreadID) {}\n",
        expect![[r#"
            [numthreads(8, 8, 1)]
            [shader("compute")]
            void main(uint3 id:SV_DispatchThreadID) {}
        "#]],
    );
}

#[test]
fn rename_parameter_of_generic_function() {
    check_prepare_rename(
        "T f<T>(T x) { return x$0; }\n",
        expect![[r#"
            ok `x`
        "#]],
    );
}

#[test]
fn assist_generate_stub_not_offered_on_prototype() {
    check_assists(
        "float pro$0to(float x);\n",
        expect![[r#"
        no assists
    "#]],
    );
}

#[test]
fn format_defer_bodies() {
    check_format(
        r#"
void f(int n)
{
defer
g();
defer{
h();
}
for (int i = 0; i < n; i++) defer
h(i);
switch (n)
{
case 1: defer g();
break;
}
}
"#,
        expect![[r#"
            void f(int n)
            {
                defer
                    g();
                defer {
                    h();
                }
                for (int i = 0; i < n; i++) defer
                        h(i);
                switch (n)
                {
                    case 1: defer g();
                        break;
                }
            }
        "#]],
    );
}

/// A program holding every item, statement and expression kind the parser produces.
const EVERY_KIND: &str = r#"
module every_kind;
import other.module;
__include "part.slang";
using namespace util;
typedef float Real;
typealias Vec = float3;
enum class Mode : uint { Fast, Exact = 4 }
namespace util { float sq(float x) { return x * x; } }
cbuffer Params : register(b0) { float scale; }
interface IShape { associatedtype P : IDifferentiable; float area(); property float size { get; } }
struct Circle : IShape
{
    typealias P = float;
    float r;
    __init(float radius) { r = radius; }
    float area() { return 3.14159 * r * r; }
    property float size { get { return r; } set(v) { r = v; } }
    __subscript(int i) -> float { get { return r * i; } }
    [mutating] void grow(float d) { this.r += d; }
}
extension Circle { float diameter() { return 2 * r; } }
Circle operator+(Circle a, Circle b) { return Circle(a.r + b.r); }
void each_print<each T>(expand each T args) { expand use(each args); }
float target_code(float x)
{
    __target_switch
    {
    case wgsl: __intrinsic_asm "abs($0)";
    default: return spirv_asm { OpFNegate $$float result $x };
    }
}
[Differentiable, PreferRecompute]
float body<let N : int>(float x, inout float y, out int z) where N : int
{
    var acc = 0.0;
    let k = (float)N;
    int a[2] = { 1, 2 };
    float3 v = float3(1.0, 2.0, 3.0);
    ;
    {
        acc += v.x * a[1];
    }
    if (x > 0.0) acc = -acc; else acc++;
    if (let c = shape as Circle) acc += c.r;
    bool b = shape is Circle;
    for (int i = 0; i < N; i++) { if (i == 2) continue; if (i == 3) break; }
    while (acc > 1.0) acc /= 2.0;
    do { acc -= 1.0; } while (acc > 4.0);
    switch (N) { case 1: acc = 1.0; break; default: acc = 0.0; }
    defer acc = 0.0;
    defer { y = acc; }
    z = sizeof(float) + countof(a);
    float d = no_diff detach(x);
    var dp = fwd_diff(body<N>)(diffPair(x, 1.0), y, z);
    let sq = (float t) => t * t;
    acc = b ? (acc + 1.0) * 2.0 : sq(acc);
    if (acc < 0.0) discard;
    return acc + k;
}
"#;

/// Every item, statement and expression kind round-trips through the formatter: as written, all
/// on one line, and with a line break between every two tokens, formatting changes whitespace
/// only, the text still parses without errors, and formatting again changes nothing.
#[test]
fn format_keeps_tokens_of_every_syntax_kind() {
    use syntax::SyntaxKind::*;
    let parse = syntax::parse(EVERY_KIND);
    let present: std::collections::HashSet<syntax::SyntaxKind> = parse
        .syntax_node()
        .descendants()
        .map(|n| n.kind())
        .collect();
    let kinds = [
        MODULE_DECL,
        IMPORT,
        INCLUDE,
        USING,
        TYPEDEF,
        TYPEALIAS,
        ENUM,
        NAMESPACE,
        CBUFFER,
        INTERFACE,
        ASSOC_TYPE,
        PROPERTY,
        STRUCT,
        INIT,
        FN,
        SUBSCRIPT,
        ACCESSOR,
        EXTENSION,
        BLOCK,
        EXPR_STMT,
        EMPTY_STMT,
        IF_STMT,
        FOR_STMT,
        WHILE_STMT,
        DO_STMT,
        SWITCH_STMT,
        CASE_CLAUSE,
        DEFAULT_CLAUSE,
        BREAK_STMT,
        CONTINUE_STMT,
        RETURN_STMT,
        DISCARD_STMT,
        DEFER_STMT,
        INTRINSIC_ASM_STMT,
        VAR_DECL,
        SPIRV_ASM_EXPR,
        LITERAL,
        PATH_EXPR,
        THIS_EXPR,
        PAREN_EXPR,
        CAST_EXPR,
        INIT_LIST_EXPR,
        CALL_EXPR,
        INDEX_EXPR,
        FIELD_EXPR,
        PREFIX_EXPR,
        POSTFIX_EXPR,
        BIN_EXPR,
        TERNARY_EXPR,
        DIFF_EXPR,
        NO_DIFF_EXPR,
        IS_EXPR,
        AS_EXPR,
        SIZEOF_EXPR,
        COUNTOF_EXPR,
        EXPAND_EXPR,
        EACH_EXPR,
        LAMBDA_EXPR,
    ];
    let missing: Vec<_> = kinds.iter().filter(|k| !present.contains(k)).collect();
    assert!(missing.is_empty(), "the sample lacks {missing:?}");
    assert_eq!(parse.errors(), &[], "the sample has syntax errors");

    let tokens: Vec<String> = syntax::lex(EVERY_KIND)
        .into_iter()
        .scan(0usize, |at, (kind, len)| {
            let start = *at;
            *at += usize::from(len);
            Some((kind, &EVERY_KIND[start..*at]))
        })
        .filter(|(kind, _)| !kind.is_trivia())
        .map(|(_, text)| text.to_string())
        .collect();
    // A token at column 0 may end an unclosed body, so broken lines start with a space.
    let variants = [EVERY_KIND.to_string(), tokens.join(" "), tokens.join("\n ")];
    for (i, text) in variants.iter().enumerate() {
        let once = apply_edits(text, &formatting::format(text));
        let twice = apply_edits(&once, &formatting::format(&once));
        assert_eq!(once, twice, "variant {i}: not idempotent");
        assert_eq!(
            significant_tokens(text),
            significant_tokens(&once),
            "variant {i}: changed more than whitespace"
        );
        let messages = |t: &str| -> Vec<String> {
            syntax::parse(t)
                .errors()
                .iter()
                .map(|e| e.message.clone())
                .collect()
        };
        assert_eq!(messages(text), Vec::<String>::new(), "variant {i}");
        assert_eq!(messages(&once), Vec::<String>::new(), "variant {i}");
    }
}

/// The every-kind program with its indentation removed is indented again.
#[test]
fn format_reindents_every_syntax_kind() {
    let flat: String = EVERY_KIND
        .lines()
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    check_format(
        &flat,
        expect![[r#"
            module every_kind;
            import other.module;
            __include "part.slang";
            using namespace util;
            typedef float Real;
            typealias Vec = float3;
            enum class Mode : uint { Fast, Exact = 4 }
            namespace util { float sq(float x) { return x * x; } }
            cbuffer Params : register(b0) { float scale; }
            interface IShape { associatedtype P : IDifferentiable; float area(); property float size { get; } }
            struct Circle : IShape
            {
                typealias P = float;
                float r;
                __init(float radius) { r = radius; }
                float area() { return 3.14159 * r * r; }
                property float size { get { return r; } set(v) { r = v; } }
                __subscript(int i) -> float { get { return r * i; } }
                [mutating] void grow(float d) { this.r += d; }
            }
            extension Circle { float diameter() { return 2 * r; } }
            Circle operator+(Circle a, Circle b) { return Circle(a.r + b.r); }
            void each_print<each T>(expand each T args) { expand use(each args); }
            float target_code(float x)
            {
                __target_switch
                {
                    case wgsl: __intrinsic_asm "abs($0)";
                    default: return spirv_asm { OpFNegate $$float result $x };
                }
            }
            [Differentiable, PreferRecompute]
            float body<let N : int>(float x, inout float y, out int z) where N : int
            {
                var acc = 0.0;
                let k = (float)N;
                int a[2] = { 1, 2 };
                float3 v = float3(1.0, 2.0, 3.0);
                ;
                {
                    acc += v.x * a[1];
                }
                if (x > 0.0) acc = -acc; else acc++;
                if (let c = shape as Circle) acc += c.r;
                bool b = shape is Circle;
                for (int i = 0; i < N; i++) { if (i == 2) continue; if (i == 3) break; }
                while (acc > 1.0) acc /= 2.0;
                do { acc -= 1.0; } while (acc > 4.0);
                switch (N) { case 1: acc = 1.0; break; default: acc = 0.0; }
                defer acc = 0.0;
                defer { y = acc; }
                z = sizeof(float) + countof(a);
                float d = no_diff detach(x);
                var dp = fwd_diff(body<N>)(diffPair(x, 1.0), y, z);
                let sq = (float t) => t * t;
                acc = b ? (acc + 1.0) * 2.0 : sq(acc);
                if (acc < 0.0) discard;
                return acc + k;
            }
        "#]],
    );
}

#[test]
fn format_keeps_labels_at_their_statement_level() {
    check_format(
        "void f() {\n    outer:\nfor (;;) {\n  inner:  while (true) { break outer; }\n    }\n      [MaxIters(4)] l:\n    for (;;) { break l; }\n}\n",
        expect![[r#"
            void f() {
                outer:
                for (;;) {
                    inner:  while (true) { break outer; }
                }
                [MaxIters(4)] l:
                for (;;) { break l; }
            }
        "#]],
    );
}
