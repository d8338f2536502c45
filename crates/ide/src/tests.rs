//! Fixture tests: `$0` marks the cursor; `//- /path` lines start further files (the first file
//! holds the cursor unless another one has the marker).

use expect_test::{Expect, expect};

use crate::{AnalysisHost, TextRange};

struct Fixture {
    host: AnalysisHost,
    path: String,
    offset: u32,
    text: String,
}

fn fixture(src: &str) -> Fixture {
    let mut host = AnalysisHost::new();
    let mut files: Vec<(String, String)> = Vec::new();
    if src.trim_start().starts_with("//- ") {
        for chunk in src.trim_start().split("//- ").filter(|c| !c.is_empty()) {
            let (path, text) = chunk.split_once('\n').unwrap_or((chunk, ""));
            files.push((path.trim().to_string(), text.to_string()));
        }
    } else {
        files.push(("/ws/main.slang".to_string(), src.to_string()));
    }
    let mut cursor = None;
    for (path, text) in &mut files {
        if let Some(i) = text.find("$0") {
            text.replace_range(i..i + 2, "");
            cursor = Some((path.clone(), i as u32, text.clone()));
        }
        host.set_file(path, text);
    }
    let (path, offset, text) =
        cursor.unwrap_or_else(|| (files[0].0.clone(), 0, files[0].1.clone()));
    Fixture {
        host,
        path,
        offset,
        text,
    }
}

/// `text[range]` for readable snapshots.
fn slice(text: &str, r: TextRange) -> &str {
    text.get(r.start as usize..r.end as usize)
        .unwrap_or("<bad range>")
}

fn line_col(text: &str, offset: u32) -> String {
    let before = &text[..offset as usize];
    let line = before.matches('\n').count();
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1);
    format!("{}:{}", line + 1, col + 1)
}

fn check_hover(src: &str, expect: Expect) {
    let f = fixture(src);
    let got = f.host.analysis().hover(&f.path, f.offset).unwrap();
    let actual = match got {
        Some(h) => format!("[{}]\n{}\n", slice(&f.text, h.range), h.markdown),
        None => "no hover\n".to_string(),
    };
    expect.assert_eq(&actual);
}

fn check_completion(src: &str, expect: Expect) {
    let f = fixture(src);
    let items = f.host.analysis().completions(&f.path, f.offset).unwrap();
    let baseline = fixture("$0");
    let stdlib_names: Vec<String> = baseline
        .host
        .analysis()
        .completions(&baseline.path, 0)
        .unwrap()
        .into_iter()
        .map(|i| i.label)
        .collect();
    // Keywords and builtin types are the same everywhere: list the rest, then count those.
    let mut out = String::new();
    let mut fixed = 0;
    for item in &items {
        if matches!(
            item.kind,
            crate::CompletionKind::Keyword | crate::CompletionKind::BuiltinType
        ) {
            fixed += 1;
            continue;
        }
        // The stdlib's names are the same everywhere: keep two known ones, drop the rest.
        if stdlib_names.contains(&item.label) && !["sin", "dot"].contains(&item.label.as_str()) {
            continue;
        }
        out.push_str(&format!("{:?} {}", item.kind, item.label));
        if let Some(d) = &item.detail {
            out.push_str(&format!(" : {d}"));
        }
        if let Some(i) = &item.insert_text {
            out.push_str(&format!(" => {i}"));
        }
        out.push('\n');
    }
    if fixed > 0 {
        out.push_str(&format!("+ {fixed} keywords and builtin types\n"));
    }
    expect.assert_eq(&out);
}

fn check_definition(src: &str, expect: Expect) {
    let f = fixture(src);
    let navs = f
        .host
        .analysis()
        .goto_definition(&f.path, f.offset)
        .unwrap();
    let analysis = f.host.analysis();
    let mut out = String::new();
    for nav in navs {
        let text = analysis.file_text(&nav.path).unwrap().unwrap_or_default();
        out.push_str(&format!(
            "{} {} `{}` stdlib={}\n",
            nav.path,
            line_col(&text, nav.focus_range.start),
            slice(&text, nav.focus_range),
            nav.is_stdlib
        ));
    }
    expect.assert_eq(&out);
}

#[test]
fn goto_definition_of_a_break_label_is_the_enclosing_label() {
    check_definition(
        r#"
void main() {
    outer:
    for (int i = 0; i < 4; i++) {
        outer:
        while (true) { break out$0er; }
    }
}
"#,
        expect![[r#"
            /ws/main.slang 5:9 `outer` stdlib=false
        "#]],
    );
}

fn check_references(src: &str, expect: Expect) {
    let f = fixture(src);
    let analysis = f.host.analysis();
    let refs = analysis.references(&f.path, f.offset, true).unwrap();
    let mut out = String::new();
    for r in refs {
        let text = analysis.file_text(&r.path).unwrap().unwrap_or_default();
        out.push_str(&format!(
            "{} {} `{}`\n",
            r.path,
            line_col(&text, r.range.start),
            slice(&text, r.range)
        ));
    }
    let highlights = analysis.highlight_related(&f.path, f.offset).unwrap();
    out.push_str("highlights:");
    for (r, decl) in highlights {
        out.push_str(&format!(
            " {}{}",
            line_col(&f.text, r.start),
            if decl { "(decl)" } else { "" }
        ));
    }
    out.push('\n');
    expect.assert_eq(&out);
}

fn check_symbols(src: &str, expect: Expect) {
    fn dump(text: &str, syms: &[crate::Symbol], depth: usize, out: &mut String) {
        for s in syms {
            out.push_str(&format!(
                "{}{:?} {} @{} [{}]{}\n",
                "  ".repeat(depth),
                s.kind,
                s.name,
                line_col(text, s.focus_range.start),
                slice(text, s.focus_range),
                s.detail
                    .as_ref()
                    .map(|d| format!(" : {d}"))
                    .unwrap_or_default()
            ));
            dump(text, &s.children, depth + 1, out);
        }
    }
    let f = fixture(src);
    let syms = f.host.analysis().document_symbols(&f.path).unwrap();
    let mut out = String::new();
    dump(&f.text, &syms, 0, &mut out);
    expect.assert_eq(&out);
}

fn check_tokens(src: &str, expect: Expect) {
    let f = fixture(src);
    let tokens = f.host.analysis().semantic_tokens(&f.path).unwrap();
    let mut out = String::new();
    for t in tokens {
        let mut mods = Vec::new();
        for (bit, name) in crate::HlMod::NAMES.iter().enumerate() {
            if t.mods & (1 << bit) != 0 {
                mods.push(*name);
            }
        }
        out.push_str(
            &format!(
                "{:?} `{}` {}\n",
                t.tag,
                slice(&f.text, t.range),
                mods.join(",")
            )
            .replace(" \n", "\n"),
        );
    }
    expect.assert_eq(&out);
}

fn check_diagnostics(src: &str, expect: Expect) {
    let f = fixture(src);
    let diags = f.host.analysis().diagnostics(&f.path).unwrap();
    let mut out = String::new();
    for d in diags {
        out.push_str(&format!(
            "{:?} {} {} `{}`: {}\n",
            d.severity,
            d.code,
            line_col(&f.text, d.range.start),
            slice(&f.text, d.range),
            d.message
        ));
        for r in d.related {
            out.push_str(&format!(
                "  related {} {}..{}: {}\n",
                r.path, r.range.start, r.range.end, r.message
            ));
        }
    }
    expect.assert_eq(&out);
}

/// `diagnostics_by_file`: each group's path, then its diagnostics as in [`check_diagnostics`]
/// (positions in that group's file).
fn check_diagnostics_by_file(src: &str, expect: Expect) {
    let f = fixture(src);
    let analysis = f.host.analysis();
    let mut out = String::new();
    for group in analysis.diagnostics_by_file(&f.path).unwrap() {
        let text = analysis.file_text(&group.path).unwrap().unwrap_or_default();
        out.push_str(&format!("{}\n", group.path));
        for d in group.diagnostics {
            out.push_str(&format!(
                "  {:?} {} {} `{}`: {}\n",
                d.severity,
                d.code,
                line_col(&text, d.range.start),
                slice(&text, d.range),
                d.message
            ));
            for r in d.related {
                let text = analysis.file_text(&r.path).unwrap().unwrap_or_default();
                out.push_str(&format!(
                    "    related {} {} `{}`: {}\n",
                    r.path,
                    line_col(&text, r.range.start),
                    slice(&text, r.range),
                    r.message
                ));
            }
        }
    }
    expect.assert_eq(&out);
}

// ---------------------------------------------------------------------------------------------
// Hover

#[test]
fn hover_local_shows_type() {
    check_hover(
        r#"
void main() {
    let v = float3(1.0, 2.0, 3.0);
    float y = v$0.x;
}
"#,
        expect![[r#"
            [v]
            ```slang
            float3 v
            ```

            local variable
        "#]],
    );
}

#[test]
fn hover_function_call_shows_signature_and_attributes() {
    check_hover(
        r#"
[Differentiable]
float square(float x) { return x * x; }
void main() { float y = squ$0are(2.0); }
"#,
        expect![[r#"
            [square]
            ```slang
            [Differentiable]
            float square(float x)
            ```
        "#]],
    );
}

#[test]
fn hover_parameter() {
    check_hover(
        r#"
float f(inout float acc, no_diff float w) { acc += w$0; return acc; }
"#,
        expect![[r#"
            [w]
            ```slang
            no_diff float w
            ```

            parameter of `f`
        "#]],
    );
}

#[test]
fn hover_struct_name_lists_fields() {
    check_hover(
        r#"
struct Ray { float3 origin; float3 dir; }
void main() { Ra$0y r; }
"#,
        expect![[r#"
            [Ray]
            ```slang
            struct Ray
            {
                float3 origin;
                float3 dir;
            }
            ```
        "#]],
    );
}

#[test]
fn hover_differentiable_struct_shows_its_differential() {
    check_hover(
        r#"
struct MyPartialDiffType : IDifferentiable { float x; no_diff float y; int n; }
void main() { MyPartial$0DiffType v; }
"#,
        expect![[r#"
            [MyPartialDiffType]
            ```slang
            struct MyPartialDiffType
            {
                float x;
                float y;
                int n;
            }

            struct MyPartialDiffType_Differential : IDifferentiable
            {
                float x;
                // dropped: float y (`no_diff`)
                // dropped: int n (`int` does not conform to IDifferentiable)
            };
            ```
        "#]],
    );
}

#[test]
fn hover_field_access() {
    check_hover(
        r#"
struct Ray { float3 origin; no_diff float3 dir; }
float3 f(Ray r) { return r.di$0r; }
"#,
        expect![[r#"
            [dir]
            ```slang
            no_diff float3 dir
            ```

            field of `Ray`
        "#]],
    );
}

#[test]
fn hover_stdlib_function() {
    check_hover(
        r#"
float f(float x) { return s$0in(x); }
"#,
        expect![[r#"
            [sin]
            ```slang
            [Differentiable]
            T sin<T>(T x)
            ```

            forward derivative: `__fwd_sin`  
            backward derivative: `__bwd_sin`
        "#]],
    );
}

#[test]
fn hover_expression_without_name() {
    check_hover(
        r#"
float f(float x) { return x + 1.0$0; }
"#,
        expect![[r#"
            [1.0]
            ```slang
            float
            ```
        "#]],
    );
}

#[test]
fn hover_on_broken_code() {
    check_hover(
        r#"
float f(float x) {
    let y = x * 2.0;
    return y$0 +
}
"#,
        expect![[r#"
            [y]
            ```slang
            float y
            ```

            local variable
        "#]],
    );
}

#[test]
fn hover_nothing_on_whitespace() {
    check_hover(
        "void main() {   $0  }\n",
        expect![[r#"
        no hover
    "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Completion

#[test]
fn complete_scope_names() {
    check_completion(
        r#"
static const int COUNT = 4;
struct Light { float3 color; }
float helper(float a) { return a; }
void main(float p) {
    float before = 1.0;
    {
        float hidden = 2.0;
    }
    $0
    float after = 3.0;
}
"#,
        expect![[r#"
            Local before : float
            Parameter p : float
            Constant COUNT : int
            Struct Light : Light
            Function helper : float helper(float a)
            Function main : void main(float p)
            Function sin : T sin<T>(T x)
            Function dot : T dot<T, N>(vector<T, N> x, vector<T, N> y)
            + 90 keywords and builtin types
        "#]],
    );
}

#[test]
fn complete_members_of_struct() {
    check_completion(
        r#"
struct Light { float3 color; float intensity; float power() { return intensity; } }
void main(Light l) { float x = l.$0 }
"#,
        expect![[r#"
            Field color : float3
            Field intensity : float
            Method power : float power()
        "#]],
    );
}

#[test]
fn complete_swizzles_of_vector() {
    check_completion(
        r#"
void main() { float2 v = float2(1.0, 2.0); float x = v.$0; }
"#,
        expect![[r#"
            TypeAlias Differential : float2
            Method getCount : int getCount()
            TypeAlias Element : float
            Constant elementCount : int
            Swizzle x : float
            Swizzle y : float
            Swizzle xy : float2
            Swizzle xx : float2
            Swizzle yx : float2
            Swizzle yy : float2
            Swizzle r : float
            Swizzle g : float
            Swizzle rg : float2
            Swizzle rr : float2
            Swizzle gr : float2
            Swizzle gg : float2
        "#]],
    );
}

#[test]
fn complete_attributes() {
    check_completion(
        r#"
[Back$0
float f(float x) { return x; }
"#,
        expect![[r#"
            Attribute BackwardDifferentiable : function can be differentiated in backward mode
            Attribute BackwardDerivative : user-defined backward derivative: [BackwardDerivative(fn)] => BackwardDerivative(
            Attribute BackwardDerivativeOf : this function is the backward derivative of another => BackwardDerivativeOf(
        "#]],
    );
}

#[test]
fn complete_attribute_argument_lists_functions() {
    check_completion(
        r#"
void f_bwd(inout DifferentialPair<float> x, float d) {}
[BackwardDerivative(f_$0)]
float f(float x) { return x; }
"#,
        expect![[r#"
            Function f_bwd : void f_bwd(inout DifferentialPair<float> x, float d)
            + 1 keywords and builtin types
        "#]],
    );
}

#[test]
fn index_bracket_is_not_an_attribute() {
    check_completion(
        r#"
void main() { float a[3]; float b = a[$0]; }
"#,
        expect![[r#"
            Local b : float
            Local a : float[3]
            Function main : void main()
            Function sin : T sin<T>(T x)
            Function dot : T dot<T, N>(vector<T, N> x, vector<T, N> y)
            + 90 keywords and builtin types
        "#]],
    );
}

#[test]
fn complete_names_from_imported_file() {
    check_completion(
        r#"
//- /ws/util.slang
float helperFromUtil(float x) { return x; }
//- /ws/main.slang
import util;
void main() { float y = hel$0 }
"#,
        expect![[r#"
            Function helperFromUtil : float helperFromUtil(float x)
        "#]],
    );
}

#[test]
fn completion_filter_is_a_case_insensitive_subsequence() {
    check_completion(
        r#"
float shadeValue(float x) { return x; }
float sharpen(float x) { return x; }
float other(float x) { return x; }
void main() { float sharpV = 1.0; float y = SHV$0 }
"#,
        expect![[r#"
            Local sharpV : float
            Function shadeValue : float shadeValue(float x)
        "#]],
    );
}

#[test]
fn completion_in_a_number_is_empty() {
    check_completion("void main() { float x = 12$0 }\n", expect![[""]]);
}

/// A list computed with `lazy_detail`: which items wait for resolve, and what resolve gives.
fn lazy_and_resolved(src: &str) -> String {
    let f = fixture(src);
    let a = f.host.analysis();
    let config = crate::CompletionConfig {
        lazy_detail: true,
        limit: None,
    };
    let lazy = a.completions_with(&f.path, f.offset, config).unwrap();
    let eager = a.completions(&f.path, f.offset).unwrap();
    let baseline = fixture("$0");
    let stdlib_names: Vec<String> = baseline
        .host
        .analysis()
        .completions(&baseline.path, 0)
        .unwrap()
        .into_iter()
        .map(|i| i.label)
        .collect();
    assert_eq!(lazy.items.len(), eager.len());
    let mut out = String::new();
    for (item, full) in lazy.items.iter().zip(&eager) {
        assert_eq!(item.label, full.label);
        // Whatever was left out, resolve gives the eager list's item back.
        let resolved = a
            .resolve_completion(&f.path, f.offset, &item.label)
            .unwrap();
        assert_eq!(resolved.as_ref(), Some(full), "resolving {}", item.label);
        // Listed: the file's names and one of the stdlib's.
        if matches!(
            item.kind,
            crate::CompletionKind::Keyword | crate::CompletionKind::BuiltinType
        ) || stdlib_names.contains(&item.label) && item.label != "sin"
        {
            continue;
        }
        let shown = match (&item.detail, item.detail_deferred) {
            (_, true) => "(resolve)".to_string(),
            (Some(d), false) => d.clone(),
            (None, false) => "-".to_string(),
        };
        out.push_str(&format!(
            "{:?} {} : {shown} => {}\n",
            item.kind,
            item.label,
            full.detail.as_deref().unwrap_or("-")
        ));
    }
    out
}

#[test]
fn lazy_completion_leaves_details_to_resolve() {
    expect![[r#"
        Local total : (resolve) => float
        Parameter p : float => float
        TypeAlias T : - => -
        Constant LIMIT : (resolve) => int
        Struct Light : (resolve) => Light
        Function helper : (resolve) => float helper(float a)
        Function main : (resolve) => T main<T>(float p)
        Function sin : (resolve) => T sin<T>(T x)
    "#]]
    .assert_eq(&lazy_and_resolved(
        r#"
static const int LIMIT = 4;
struct Light { float3 color; }
float helper(float a) { return a; }
T main<T>(float p) {
    float total = 1.0;
    $0
}
"#,
    ));
    // After `.` every item has its detail at once (the members' types come with the list).
    expect![[r#"
        Field color : float3 => float3
    "#]]
    .assert_eq(&lazy_and_resolved(
        r#"
struct Light { float3 color; }
void main(Light l) { l.c$0 }
"#,
    ));
}

#[test]
fn resolve_of_a_label_the_position_does_not_offer_is_none() {
    let f = fixture("float helper(float a) { return a; }\nvoid main() { $0 }\n");
    let a = f.host.analysis();
    assert_eq!(
        a.resolve_completion(&f.path, f.offset, "nothing").unwrap(),
        None
    );
    assert_eq!(
        a.resolve_completion("/missing.slang", 0, "helper").unwrap(),
        None
    );
}

#[test]
fn completion_limit_cuts_and_says_so() {
    let f = fixture(
        "float helper(float a) { return a; }\nfloat helmet(float a) { return a; }\nvoid main() { hel$0 }\n",
    );
    let a = f.host.analysis();
    let list = |limit| {
        let config = crate::CompletionConfig {
            lazy_detail: false,
            limit,
        };
        let list = a.completions_with(&f.path, f.offset, config).unwrap();
        let labels: Vec<String> = list.items.into_iter().map(|i| i.label).collect();
        (labels, list.is_incomplete)
    };
    expect![[r#"
        (
            [
                "helper",
                "helmet",
                "IsHelperLane",
                "IArithmeticAtomicable",
                "CheckAccessFullyMapped",
            ],
            false,
        )
    "#]]
    .assert_debug_eq(&list(None));
    expect![[r#"
        (
            [
                "helper",
            ],
            true,
        )
    "#]]
    .assert_debug_eq(&list(Some(1)));
    // (The length of the whole list, which grows with the stdlib's matching names.)
    let all = list(None);
    assert_eq!(
        list(Some(all.0.len())),
        all,
        "a limit the list fits is no cut"
    );
}

/// The queries that a lazy completion runs after an edit inside one function body, by name: the
/// file's syntax-level queries (equal again, so nothing downstream reruns) and the edited
/// function's body; not the memoized scope lists, no signature and no inference.
#[test]
fn completion_after_a_body_edit_recomputes_only_that_function() {
    use std::sync::{Arc, Mutex};
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let sink = log.clone();
    let mut host = AnalysisHost {
        db: hir::RootDatabase::with_event_callback(Box::new(move |event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind
                && let Ok(mut log) = sink.lock()
            {
                log.push(format!("{database_key:?}"));
            }
        })),
    };
    let before = "float helper(float a) { return a; }\nfloat other(float b) { return b * 2.0; }\nvoid main() {\n    float x = 1.0;\n    \n}\n";
    let path = "/ws/main.slang";
    host.set_file(path, before);
    let cursor = before.find("    \n}").unwrap() as u32 + 4;
    let lazy = crate::CompletionConfig {
        lazy_detail: true,
        limit: None,
    };
    host.analysis()
        .completions_with(path, cursor, lazy)
        .unwrap();
    log.lock().unwrap().clear();
    let after = format!(
        "{}x{}",
        &before[..cursor as usize],
        &before[cursor as usize..]
    );
    host.set_file(path, &after);
    let list = host
        .analysis()
        .completions_with(path, cursor + 1, lazy)
        .unwrap();
    assert!(list.items.iter().any(|i| i.label == "x"), "{list:?}");
    let mut executed: Vec<String> = log
        .lock()
        .unwrap()
        .iter()
        .map(|e| e.split('(').next().unwrap_or("").to_string())
        .collect();
    executed.sort();
    executed.dedup();
    expect![[r#"
        [
            "file_imports",
            "fn_body",
            "fn_data",
            "fn_local_items",
            "fn_local_usings",
            "imports_of",
            "item_outline",
            "item_sources",
            "item_syntax",
            "parse",
            "preprocessed",
            "tuple_syntax",
            "visible_files",
        ]
    "#]]
    .assert_debug_eq(&executed);
}

/// The server's workspace index adds files to the database as it finds them and re-reads those
/// that change on disk: a new file and an edit of one function re-infer that function alone, not
/// the bodies of the other files (an importer of an unchanged module included).
#[test]
fn indexing_a_new_file_and_editing_another_reinfers_only_the_edited_function() {
    use std::sync::{Arc, Mutex};
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let sink = log.clone();
    let mut host = AnalysisHost {
        db: hir::RootDatabase::with_event_callback(Box::new(move |event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind
                && let Ok(mut log) = sink.lock()
            {
                log.push(format!("{database_key:?}"));
            }
        })),
    };
    host.set_file(
        "/ws/a.slang",
        "struct S { float v; };\nfloat get(S s) { return s.v; }\n",
    );
    host.set_file(
        "/ws/b.slang",
        "import a;\nfloat twice(S s) { return 2.0 * get(s); }\n",
    );
    host.set_file("/ws/c.slang", "float h(float x) { return x + 1.0; }\n");
    for path in ["/ws/a.slang", "/ws/b.slang", "/ws/c.slang"] {
        host.analysis().diagnostics(path).unwrap();
    }
    log.lock().unwrap().clear();
    host.set_file("/ws/d.slang", "float unrelated() { return 3.0; }\n");
    host.set_file("/ws/c.slang", "float h(float x) { return x + 2.0; }\n");
    for path in ["/ws/a.slang", "/ws/b.slang", "/ws/c.slang"] {
        host.analysis().diagnostics(path).unwrap();
    }
    let log = log.lock().unwrap();
    let count = |query: &str| log.iter().filter(|e| e.starts_with(query)).count();
    // One body inferred, one file reparsed (the edited one); the importer of `a` only checks that
    // its import still resolves to the same file.
    assert_eq!((count("infer("), count("parse(")), (1, 1), "{log:#?}");
}

// ---------------------------------------------------------------------------------------------
// Signature help

#[test]
fn signature_help_active_parameter() {
    let f = fixture(
        r#"
float lerp3(float a, float b, inout float t) { return a; }
void main() { float t = 0.5; lerp3(1.0, $0 }
"#,
    );
    let help = f
        .host
        .analysis()
        .signature_help(&f.path, f.offset)
        .unwrap()
        .expect("signature help");
    let sig = &help.signatures[help.active_signature as usize];
    let params: Vec<&str> = sig
        .parameters
        .iter()
        .map(|(s, e)| &sig.label[*s as usize..*e as usize])
        .collect();
    expect![[r#"
        (
            "float lerp3(float a, float b, inout float t)",
            [
                "float a",
                "float b",
                "inout float t",
            ],
            1,
        )
    "#]]
    .assert_debug_eq(&(sig.label.as_str(), params, help.active_parameter));
}

// ---------------------------------------------------------------------------------------------
// Navigation

#[test]
fn definition_of_local() {
    check_definition(
        r#"
void main() {
    float total = 0.0;
    total$0 += 1.0;
}
"#,
        expect![[r#"
            /ws/main.slang 3:11 `total` stdlib=false
        "#]],
    );
}

#[test]
fn definition_of_function_in_other_file() {
    check_definition(
        r#"
//- /ws/lib/math.slang
float twice(float x) { return 2.0 * x; }
//- /ws/main.slang
import lib.math;
float f() { return tw$0ice(1.0); }
"#,
        expect![[r#"
            /ws/lib/math.slang 1:7 `twice` stdlib=false
        "#]],
    );
}

#[test]
fn definition_into_stdlib() {
    check_definition(
        r#"
float f(float x) { return co$0s(x); }
"#,
        expect![[r#"
            stdlib/core.slang 188:41 `cos` stdlib=true
        "#]],
    );
}

#[test]
fn definition_of_type_in_type_position() {
    check_definition(
        r#"
struct Material { float roughness; }
float f(Mat$0erial m) { return m.roughness; }
"#,
        expect![[r#"
            /ws/main.slang 2:8 `Material` stdlib=false
        "#]],
    );
}

#[test]
fn definition_of_field() {
    check_definition(
        r#"
struct Material { float roughness; }
float f(Material m) { return m.rough$0ness; }
"#,
        expect![[r#"
            /ws/main.slang 2:25 `roughness` stdlib=false
        "#]],
    );
}

#[test]
fn references_of_function_across_files() {
    check_references(
        r#"
//- /ws/util.slang
float twice(float x) { return 2.0 * x; }
float four(float x) { return twice(twice(x)); }
//- /ws/main.slang
import util;
float f() { return tw$0ice(1.0) + twice(2.0); }
"#,
        expect![[r#"
            /ws/main.slang 2:20 `twice`
            /ws/main.slang 2:33 `twice`
            /ws/util.slang 1:7 `twice`
            /ws/util.slang 2:30 `twice`
            /ws/util.slang 2:36 `twice`
            highlights: 2:20 2:33
        "#]],
    );
}

#[test]
fn references_of_local_stay_in_function() {
    check_references(
        r#"
float f(float a) { float s$0um = a; sum += 1.0; return sum; }
float g(float sum) { return sum; }
"#,
        expect![[r#"
            /ws/main.slang 2:26 `sum`
            /ws/main.slang 2:35 `sum`
            /ws/main.slang 2:54 `sum`
            highlights: 2:26(decl) 2:35 2:54
        "#]],
    );
}

#[test]
fn references_of_field() {
    check_references(
        r#"
struct P { float w$0eight; }
float f(P p) { return p.weight * p.weight; }
"#,
        expect![[r#"
            /ws/main.slang 2:18 `weight`
            /ws/main.slang 3:25 `weight`
            /ws/main.slang 3:36 `weight`
            highlights: 2:18(decl) 3:25 3:36
        "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Symbols

#[test]
fn document_symbols_nest_members() {
    check_symbols(
        r#"
static const float PI = 3.14159;
struct Sphere {
    float3 center;
    float radius;
    float area() { return 4.0 * PI * radius * radius; }
}
interface IShape { float area(); }
enum Mode { Fast, Exact }
[Differentiable]
float render(Sphere s) { return s.area(); }
"#,
        expect![[r#"
            Constant PI @2:20 [PI] : float
            Struct Sphere @3:8 [Sphere]
              Field center @4:12 [center] : float3
              Field radius @5:11 [radius] : float
              Method area @6:11 [area] : float area()
            Interface IShape @8:11 [IShape]
              Method area @8:26 [area] : float area()
            Enum Mode @9:6 [Mode]
              EnumMember Fast @9:13 [Fast]
              EnumMember Exact @9:19 [Exact]
            Function render @11:7 [render] : float render(Sphere s)
        "#]],
    );
}

#[test]
fn document_symbols_leave_out_a_declaration_without_its_name() {
    // Typed one character at a time: `static const float ` has no name yet, and error recovery
    // makes an item of it up to the next declaration.
    check_symbols(
        r#"
// Being typed:
static const float
[playground::ZEROS(8)]
RWStructuredBuffer<float> grads;
struct S { float a; }
"#,
        expect![[r#"
            Variable grads @5:27 [grads] : RWStructuredBuffer<float>
            Struct S @6:8 [S]
              Field a @6:18 [a] : float
        "#]],
    );
}

#[test]
fn workspace_symbols_fuzzy() {
    let f = fixture(
        r#"
//- /ws/a.slang
float renderDiff(float x) { return x; }
struct RenderState { float t; }
//- /ws/b.slang
float other() { return 1.0; }
"#,
    );
    let syms = f.host.analysis().workspace_symbols("rndr").unwrap();
    let got: Vec<String> = syms
        .iter()
        .map(|s| format!("{} {:?} {}", s.name, s.kind, s.path))
        .collect();
    expect![[r#"
        [
            "renderDiff Function /ws/a.slang",
            "RenderState Struct /ws/a.slang",
        ]
    "#]]
    .assert_debug_eq(&got);
}

// ---------------------------------------------------------------------------------------------
// Semantic tokens, folding, inlay hints, diagnostics

#[test]
fn semantic_tokens_classify_names() {
    check_tokens(
        r#"
// lit
struct S { float v; }
[Differentiable]
float f(S s, float k) {
    let c = 2;
    return sin(s.v) * k + c;
}
"#,
        expect![[r#"
            Comment `// lit`
            Keyword `struct`
            Struct `S` declaration
            Type `float` defaultLibrary
            Property `v` declaration
            Decorator `Differentiable`
            Type `float` defaultLibrary
            Function `f` declaration
            Struct `S`
            Parameter `s` declaration
            Type `float` defaultLibrary
            Parameter `k` declaration
            Keyword `let`
            Variable `c` declaration,readonly
            Number `2`
            Keyword `return`
            Function `sin` defaultLibrary
            Parameter `s`
            Property `v`
            Parameter `k`
            Variable `c` readonly
        "#]],
    );
}

#[test]
fn folding_ranges() {
    let f = fixture(
        r#"// one
// two
struct S {
    float a;
}
/* block
   comment */
void main() {
    if (true) {
        return;
    }
}
"#,
    );
    let folds = f.host.analysis().folding_ranges(&f.path).unwrap();
    let got: Vec<String> = folds
        .iter()
        .map(|fold| {
            format!(
                "{:?} {}..{}",
                fold.kind,
                line_col(&f.text, fold.range.start),
                line_col(&f.text, fold.range.end)
            )
        })
        .collect();
    expect![[r#"
        [
            "Comment 1:1..2:7",
            "Region 3:10..5:2",
            "Comment 6:1..7:14",
            "Region 8:13..12:2",
            "Region 9:15..11:6",
        ]
    "#]]
    .assert_debug_eq(&got);
}

#[test]
fn inlay_hints_for_untyped_declarations() {
    let f = fixture(
        r#"
struct S { float3 p; }
void main(S s) {
    let a = s.p;
    var b = a.xy;
    float c = 1.0;
    let d = fwd_diff(sin);
}
"#,
    );
    let hints = f.host.analysis().inlay_hints(&f.path, None).unwrap();
    let got: Vec<String> = hints
        .iter()
        .map(|h| format!("{} {}", line_col(&f.text, h.offset), h.label))
        .collect();
    expect![[r#"
        [
            "4:10 : float3",
            "5:10 : float2",
        ]
    "#]]
    .assert_debug_eq(&got);
}

#[test]
fn diagnostics_with_related_information() {
    check_diagnostics(
        r#"
struct A { int x; }
struct A { int y; }
float f(float x) { return x + undefined_name; }
"#,
        expect![[r#"
            Error E2019 3:8 `A`: `A` is defined more than once in this scope: rename one of them
              related /ws/main.slang 8..9: first definition here
            Error E2001 4:31 `undefined_name`: undefined identifier 'undefined_name'. Declare `undefined_name` before its use, or check the spelling
        "#]],
    );
}

#[test]
fn diagnostics_syntax_error() {
    check_diagnostics(
        "void main() { float x = ; }\n",
        expect![[r#"
        Error E1001 1:25 `;`: unexpected ';', expected an expression
    "#]],
    );
}

#[test]
fn unknown_file_gives_empty_results() {
    let host = AnalysisHost::new();
    let a = host.analysis();
    assert_eq!(a.hover("/nope.slang", 0).unwrap(), None);
    assert!(a.completions("/nope.slang", 0).unwrap().is_empty());
    assert!(a.diagnostics("/nope.slang").unwrap().is_empty());
    assert!(a.goto_definition("/nope.slang", 3).unwrap().is_empty());
}

#[test]
fn edits_cancel_queries_on_snapshots() {
    let mut f = fixture("float f(float x) { return x; }\n");
    let analysis = f.host.analysis();
    let path = f.path.clone();
    // The edit below waits for every snapshot to be dropped; queries on the snapshot see the
    // pending write and unwind with `Cancelled` instead of finishing.
    let reader = std::thread::spawn(move || {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while std::time::Instant::now() < deadline {
            if analysis.semantic_tokens(&path).is_err() {
                return true;
            }
            std::thread::yield_now();
        }
        false
    });
    f.host
        .set_file(&f.path, "float f(float x) { return x * 2.0; }\n");
    assert!(
        reader.join().unwrap(),
        "the snapshot's query was cancelled by the edit"
    );
    let hover = f
        .host
        .analysis()
        .hover(&f.path, 26)
        .unwrap()
        .expect("hover on x after the edit");
    assert!(hover.markdown.contains("float x"), "{}", hover.markdown);
}

#[test]
fn hover_bwd_diff_shows_derivative_signature() {
    check_hover(
        r#"
[Differentiable]
float f(float x) { return x * x; }
void main() { var p = diffPair(1.0); bwd$0_diff(f)(p, 1.0); }
"#,
        expect![[r#"
            [bwd_diff]
            ```slang
            void bwd_diff(f)(inout DifferentialPair<float> x, float dResult)
            ```

            - `inout DifferentialPair<float> x` — `float x` is differentiable: primal and derivative in, derivative out
            - `float dResult` — the derivative of `f`'s result, propagated back
            - returns nothing: the derivatives come back through the `inout` pairs
            - context: 0 bytes per thread (the primal values `bwd_diff` keeps for the backward pass)
        "#]],
    );
}

#[test]
fn hover_fwd_diff_of_vector_function() {
    check_hover(
        r#"
[Differentiable]
float3 g(float3 v, float k) { return v * k; }
void main() { let d = fwd_$0diff(g); }
"#,
        expect![[r#"
            [fwd_diff]
            ```slang
            DifferentialPair<float3> fwd_diff(g)(DifferentialPair<float3> v, DifferentialPair<float> k)
            ```

            - `DifferentialPair<float3> v` — `float3 v` is differentiable: primal and derivative in
            - `DifferentialPair<float> k` — `float k` is differentiable: primal and derivative in
            - returns `DifferentialPair<float3>`: the result and its derivative
        "#]],
    );
}

#[test]
fn hover_generic_property_use_substitutes_arguments() {
    check_hover(
        "void main() { var p = diffPair(1.0); p.d$0; }\n",
        expect![[r#"
        [d]
        ```slang
        property float d
        ```
    "#]],
    );
}

#[test]
fn hover_local_of_associated_differential_type() {
    check_hover(
        "struct S : IDifferentiable { float a; }\nvoid main() { S.Differential d$0; }\n",
        expect![[r#"
        [d]
        ```slang
        S.Differential d
        ```

        local variable
    "#]],
    );
}

#[test]
fn complete_inside_unclosed_function() {
    check_completion(
        r#"
float helper(float a) { return a; }
void main(float3 pos) {
    float len = length(pos);
    if (len > 1.0) {
        le$0
"#,
        expect![[r#"
            Local len : float
            Function helper : float helper(float a)
            + 10 keywords and builtin types
        "#]],
    );
}

#[test]
fn complete_members_on_broken_statement() {
    check_completion(
        r#"
struct Light { float3 color; }
void main(Light l) {
    float3 c = l.$0
    float unrelated = 1.0;
}
"#,
        expect![[r#"
            Field color : float3
        "#]],
    );
}

#[test]
fn complete_after_float_literal_dot_is_empty() {
    check_completion("void main() { float x = 1.$0 }\n", expect![[""]]);
}

#[test]
fn complete_loop_attribute() {
    check_completion(
        r#"
[Differentiable]
float f(float x) {
    [$0]
    for (int i = 0; i < 4; i++) { x = x * 2.0; }
    return x;
}
"#,
        expect![[r#"
            Attribute Differentiable : function can be differentiated in both modes
            Attribute ForwardDifferentiable : function can be differentiated in forward mode
            Attribute BackwardDifferentiable : function can be differentiated in backward mode
            Attribute ForwardDerivative : user-defined forward derivative: [ForwardDerivative(fn)] => ForwardDerivative(
            Attribute BackwardDerivative : user-defined backward derivative: [BackwardDerivative(fn)] => BackwardDerivative(
            Attribute ForwardDerivativeOf : this function is the forward derivative of another => ForwardDerivativeOf(
            Attribute BackwardDerivativeOf : this function is the backward derivative of another => BackwardDerivativeOf(
            Attribute PrimalSubstitute : use another function as the primal => PrimalSubstitute(
            Attribute TreatAsDifferentiable : treat as differentiable with a zero derivative
            Attribute PreferRecompute : recompute values in the backward pass
            Attribute PreferCheckpoint : store values for the backward pass
            Attribute MaxIters : bound on loop iterations for the backward pass => MaxIters(
            Attribute ForceUnroll : unroll the loop
            Attribute unroll : unroll the loop
            Attribute loop : keep the loop
            Attribute mutating : method may modify `this`
            Attribute numthreads : workgroup size of a compute entry point => numthreads(
            Attribute shader : entry point stage: [shader("compute")] => shader(
            Attribute DerivativeMember : field holds the derivative of another => DerivativeMember(
        "#]],
    );
}

#[test]
fn signature_help_lists_overloads() {
    let f = fixture(
        r#"
float mix2(float a, float b) { return a; }
float mix2(float a, float b, float t) { return a; }
void main() { mix2(1.0, 2.0, $0 }
"#,
    );
    let help = f
        .host
        .analysis()
        .signature_help(&f.path, f.offset)
        .unwrap()
        .expect("signature help");
    let labels: Vec<&str> = help.signatures.iter().map(|s| s.label.as_str()).collect();
    expect![[r#"
        (
            [
                "float mix2(float a, float b)",
                "float mix2(float a, float b, float t)",
            ],
            1,
            2,
        )
    "#]]
    .assert_debug_eq(&(labels, help.active_signature, help.active_parameter));
}

#[test]
fn signature_help_none_outside_calls() {
    let f = fixture("void main() { float x = 1.0; $0 }\n");
    assert_eq!(
        f.host.analysis().signature_help(&f.path, f.offset).unwrap(),
        None
    );
}

#[test]
fn references_of_struct_in_type_positions() {
    check_references(
        r#"
struct Ra$0y { float3 o; }
Ray make(Ray r) { Ray copy = r; return copy; }
"#,
        expect![[r#"
            /ws/main.slang 2:8 `Ray`
            /ws/main.slang 3:1 `Ray`
            /ws/main.slang 3:10 `Ray`
            /ws/main.slang 3:19 `Ray`
            highlights: 2:8(decl) 3:1 3:10 3:19
        "#]],
    );
}

#[test]
fn definition_from_declaration_is_itself() {
    check_definition(
        "float comp$0ute(float x) { return x; }\n",
        expect![[r#"
        /ws/main.slang 1:7 `compute` stdlib=false
    "#]],
    );
}

#[test]
fn diagnostics_on_original_text_with_macros() {
    check_diagnostics(
        r#"#define SCALE 2.0
#ifdef MISSING_FLAG
float unused() { return 1.0; }
#endif
float f(float x) { return x * SCALE + nope; }
"#,
        expect![[r#"
            Error E2001 5:39 `nope`: undefined identifier 'nope'. Declare `nope` before its use, or check the spelling
        "#]],
    );
}

#[test]
fn semantic_tokens_mark_directives_and_macros() {
    check_tokens(
        r#"#define K 2.0
float f(float x) { return x * K; }
"#,
        expect![[r#"
            Macro `#define`
            Macro `K` declaration
            Type `float` defaultLibrary
            Function `f` declaration
            Type `float` defaultLibrary
            Parameter `x` declaration
            Keyword `return`
            Parameter `x`
            Macro `K`
        "#]],
    );
}

#[test]
fn document_symbols_for_properties_and_extensions() {
    check_symbols(
        r#"
struct Counter {
    int n;
    property int twice { get { return n * 2; } }
    __init(int start) { n = start; }
}
extension Counter { int half() { return n / 2; } }
"#,
        expect![[r#"
            Struct Counter @2:8 [Counter]
              Field n @3:9 [n] : int
              Property twice @4:18 [twice] : int
              Constructor __init @5:5 [__init] : __init(int start)
            Extension extension Counter @7:11 [Counter]
              Method half @7:25 [half] : int half()
        "#]],
    );
}

#[test]
fn inlay_hints_only_in_requested_range() {
    let f = fixture(
        r#"
void a() { let x = 1.0; }
void b() { let y = 2; }
"#,
    );
    let start = f.text.find("void b").unwrap() as u32;
    let hints = f
        .host
        .analysis()
        .inlay_hints(&f.path, Some(TextRange::new(start, f.text.len() as u32)))
        .unwrap();
    let got: Vec<String> = hints
        .iter()
        .map(|h| format!("{} {}", line_col(&f.text, h.offset), h.label))
        .collect();
    expect![[r#"
        [
            "3:17 : int",
        ]
    "#]]
    .assert_debug_eq(&got);
}

#[test]
fn folding_ranges_group_imports() {
    let f = fixture(
        r#"
//- /ws/a.slang
float fa() { return 1.0; }
//- /ws/b.slang
float fb() { return 1.0; }
//- /ws/main.slang
import a;
import b;
void main() {}
"#,
    );
    let folds = f.host.analysis().folding_ranges("/ws/main.slang").unwrap();
    let text = f
        .host
        .analysis()
        .file_text("/ws/main.slang")
        .unwrap()
        .unwrap();
    let got: Vec<String> = folds
        .iter()
        .map(|fold| {
            format!(
                "{:?} {}..{}",
                fold.kind,
                line_col(&text, fold.range.start),
                line_col(&text, fold.range.end)
            )
        })
        .collect();
    expect![[r#"
        [
            "Imports 1:1..2:10",
        ]
    "#]]
    .assert_debug_eq(&got);
}

#[test]
fn missing_imports_lists_disk_candidates() {
    let mut host = AnalysisHost::new();
    host.set_options(crate::CompileOptions {
        include_dirs: vec!["/inc".into()],
        defines: Vec::new(),
        experimental_features: false,
        ..Default::default()
    });
    host.set_file(
        "/ws/main.slang",
        "import util;\nimport lib.shading;\n#include \"common.h\"\nvoid main() {}\n",
    );
    host.set_file("/ws/util.slang", "");
    expect![[r#"
        [
            [
                "/ws/common.h",
                "/inc/common.h",
            ],
            [
                "/ws/lib/shading.slang",
                "/inc/lib/shading.slang",
            ],
        ]
    "#]]
    .assert_debug_eq(&host.missing_imports("/ws/main.slang"));
}

#[test]
fn hover_in_stdlib_file() {
    let host = AnalysisHost::new();
    let (path, text) = crate::Analysis::stdlib_files()[0];
    let offset = text.find("associatedtype Differential").unwrap() as u32 + 16;
    let hover = host.analysis().hover(path, offset).unwrap();
    assert!(hover.is_some_and(|h| h.markdown.contains("Differential")));
}

/// The `.slang` files below `dirs`, sorted (the corpus sweeps of these tests).
fn slang_files_under(mut dirs: Vec<std::path::PathBuf>) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
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
    files.sort();
    files
}

/// Every feature at many offsets of the repository's test programs, whole and cut short in the
/// middle (broken syntax), must answer without panicking.
#[test]
fn features_never_panic_on_corpus() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests");
    let files = slang_files_under(vec![root]);
    assert!(!files.is_empty(), "no test programs found");
    // Every 8th file keeps the run short in debug builds.
    let mut checked = 0;
    for path in files.iter().step_by(8) {
        let Ok(full) = std::fs::read_to_string(path) else {
            continue;
        };
        let mut cut = full.len() / 2;
        while !full.is_char_boundary(cut) {
            cut -= 1;
        }
        for text in [full.as_str(), &full[..cut]] {
            let mut host = AnalysisHost::new();
            host.set_file("/t/main.slang", text);
            let a = host.analysis();
            let p = "/t/main.slang";
            a.diagnostics(p).unwrap();
            a.semantic_tokens(p).unwrap();
            a.folding_ranges(p).unwrap();
            a.document_symbols(p).unwrap();
            a.inlay_hints(p, None).unwrap();
            a.workspace_symbols("a").unwrap();
            let step = (text.len() / 25).max(1);
            for offset in (0..=text.len()).step_by(step) {
                let offset = offset as u32;
                a.hover(p, offset).unwrap();
                a.completions(p, offset).unwrap();
                a.signature_help(p, offset).unwrap();
                a.goto_definition(p, offset).unwrap();
                a.references(p, offset, true).unwrap();
            }
            checked += 1;
        }
    }
    assert!(checked > 10, "checked {checked} texts");
}

mod core_module;
mod editing;
mod features;
mod format_reference;
mod precision;

#[test]
fn diagnostics_of_included_files_are_grouped_by_file() {
    check_diagnostics_by_file(
        r#"
//- /ws/main.slang
#include "inc/helpers.slang"
float main_fn(float x) { return helper(x) + missing_here; }
//- /ws/inc/helpers.slang
float helper(float x) {
    return x * undefined_scale;
}
float other() { return nope; }
"#,
        expect![[r#"
            /ws/main.slang
              Error E2001 1:1 `#include "inc/helpers.slang"`: error in included file inc/helpers.slang:2: undefined identifier 'undefined_scale'. Declare `undefined_scale` before its use, or check the spelling (and 1 more)
                related /ws/inc/helpers.slang 2:16 `undefined_scale`: E2001: undefined identifier 'undefined_scale'. Declare `undefined_scale` before its use, or check the spelling
                related /ws/inc/helpers.slang 4:24 `nope`: E2001: undefined identifier 'nope'. Declare `nope` before its use, or check the spelling
              Error E2001 2:45 `missing_here`: undefined identifier 'missing_here'. Declare `missing_here` before its use, or check the spelling
            /ws/inc/helpers.slang
              Error E2001 2:16 `undefined_scale`: undefined identifier 'undefined_scale'. Declare `undefined_scale` before its use, or check the spelling
                related /ws/main.slang 1:1 `#include "inc/helpers.slang"`: included from here
              Error E2001 4:24 `nope`: undefined identifier 'nope'. Declare `nope` before its use, or check the spelling
                related /ws/main.slang 1:1 `#include "inc/helpers.slang"`: included from here
        "#]],
    );
}

#[test]
fn diagnostics_of_nested_includes_summarise_on_the_outer_include_line() {
    check_diagnostics_by_file(
        r#"
//- /ws/main.slang
#include "a.slang"
void main() {}
//- /ws/a.slang
#include "b.slang"
//- /ws/b.slang
float g() { return 1.0 +; }
"#,
        expect![[r#"
            /ws/main.slang
              Error E1001 1:1 `#include "a.slang"`: error in included file b.slang:1: unexpected ';', expected an expression
                related /ws/b.slang 1:25 `;`: E1001: unexpected ';', expected an expression
            /ws/b.slang
              Error E1001 1:25 `;`: unexpected ';', expected an expression
                related /ws/a.slang 1:1 `#include "b.slang"`: included from here
                related /ws/main.slang 1:1 `#include "a.slang"`: included from here
        "#]],
    );
}

#[test]
fn diagnostics_by_file_without_includes_is_the_file_alone() {
    check_diagnostics_by_file(
        "float f(float x) { return y; }\n",
        expect![[r#"
            /ws/main.slang
              Error E2001 1:27 `y`: undefined identifier 'y'. Declare `y` before its use, or check the spelling
        "#]],
    );
}

#[test]
fn complete_enum_cases_after_dot() {
    check_completion(
        r#"
enum Mode { Add, Mul = 4, Max }
void main() { let m = Mode.$0 }
"#,
        expect![[r#"
            EnumCase Add : Mode.Add = 0
            EnumCase Mul : Mode.Mul = 4
            EnumCase Max : Mode.Max = 5
        "#]],
    );
}

#[test]
fn complete_enum_cases_after_double_colon_with_a_prefix() {
    check_completion(
        r#"
enum Mode { Add, Mul }
void main() { let m = Mode::M$0 }
"#,
        expect![[r#"
            EnumCase Mul : Mode.Mul = 1
        "#]],
    );
}

#[test]
fn complete_statics_after_type_name() {
    check_completion(
        r#"
struct Counter {
    static const int LIMIT = 8;
    static int made;
    float value;
    static Counter make() { Counter c; c.value = 0.0; return c; }
    float get() { return value; }
    struct Inner { int x; }
}
void main() { let c = Counter.$0 }
"#,
        expect![[r#"
            Struct Inner : Inner
            Constant LIMIT : int
            Constant made : int
            Method make : static Counter make()
        "#]],
    );
}

#[test]
fn complete_namespace_members_after_double_colon() {
    check_completion(
        r#"
namespace shapes {
    float area(float r) { return 3.14 * r * r; }
    struct Circle { float r; }
    enum Kind { Round, Square }
    namespace detail { int helper() { return 1; } }
}
void main() { let a = shapes::$0 }
"#,
        expect![[r#"
            Function area : float area(float r)
            Struct Circle : Circle
            Enum Kind : Kind
            Namespace detail
        "#]],
    );
}

#[test]
fn complete_nested_namespace_and_enum_in_namespace() {
    check_completion(
        r#"
namespace shapes {
    enum Kind { Round, Square }
    namespace detail { int helper() { return 1; } }
}
void main() { let a = shapes::detail::$0 }
"#,
        expect![[r#"
            Function helper : int helper()
        "#]],
    );
    check_completion(
        r#"
namespace shapes { enum Kind { Round, Square } }
void main() { let k = shapes::Kind::$0 }
"#,
        expect![[r#"
            EnumCase Round : Kind.Round = 0
            EnumCase Square : Kind.Square = 1
        "#]],
    );
}

#[test]
fn complete_namespace_members_after_dot() {
    check_completion(
        r#"
namespace shapes { float area(float r) { return r; } }
void main() { let a = shapes.$0 }
"#,
        expect![[r#"
            Function area : float area(float r)
        "#]],
    );
}

#[test]
fn complete_members_of_this() {
    check_completion(
        r#"
struct Particle {
    float3 position;
    float mass;
    float energy() { return 0.5 * this.$0 }
}
"#,
        expect![[r#"
            Field position : float3
            Field mass : float
            Method energy : float energy()
        "#]],
    );
}

#[test]
fn complete_interface_requirements_on_constrained_generic() {
    check_completion(
        r#"
interface IShape { float area(); float perimeter(); static float unit(); }
float total<T : IShape>(T shape) { return shape.$0 }
"#,
        expect![[r#"
            Method area : float area()
            Method perimeter : float perimeter()
            Method unit : static float unit()
        "#]],
    );
    // `where` clauses constrain too; on the type itself only the static requirements.
    check_completion(
        r#"
interface IShape { float area(); static float unit(); }
float total<T>(T shape) where T : IShape { return T.$0 }
"#,
        expect![[r#"
            Method unit : static float unit()
        "#]],
    );
}

#[test]
fn complete_members_of_differential_pair() {
    check_completion(
        r#"
[Differentiable] float square(float x) { return x * x; }
void main() {
    var p = diffPair(2.0, 1.0);
    bwd_diff(square)(p, 1.0);
    float g = p.$0
}
"#,
        expect![[r#"
            TypeAlias Differential : DifferentialPair<float>
            Property p : float
            Property d : float
            Property v : float
            Method getPrimal : float getPrimal()
            Method getDifferential : float getDifferential()
        "#]],
    );
}
