//! Incrementality: which queries re-execute after an edit, observed through salsa's event log.

use std::sync::{Arc, Mutex};

use expect_test::{Expect, expect};
use salsa::plumbing::AsId;

use crate::{ItemDef, RootDatabase};

struct Logged {
    db: RootDatabase,
    log: Arc<Mutex<Vec<String>>>,
}

fn logged_db() -> Logged {
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let sink = log.clone();
    let db = RootDatabase::with_event_callback(Box::new(move |event| {
        if let salsa::EventKind::WillExecute { database_key } = event.kind
            && let Ok(mut log) = sink.lock()
        {
            log.push(format!("{database_key:?}"));
        }
    }));
    Logged { db, log }
}

impl Logged {
    fn take(&self) -> Vec<String> {
        self.log
            .lock()
            .map(|mut l| std::mem::take(&mut *l))
            .unwrap_or_default()
    }
}

/// A query's name in salsa's `name(Id(..))` debug form.
fn query_name(executed: &str) -> &str {
    executed.split('(').next().unwrap_or("")
}

/// Queries executed for each function of the file, as `function: query, query`, then the other
/// queries as `rest: query, query` (the file's syntax-level queries, which run again after every
/// edit, and whatever else ran). `item_syntax` re-runs for every item of an edited file (it
/// projects the item out of the new tree) and then compares equal, so nothing downstream of an
/// unchanged item runs.
fn executed_per_function(l: &Logged, file: crate::SourceFile) -> String {
    let executed = l.take();
    let mut attributed = vec![false; executed.len()];
    let mut out = String::new();
    for def in crate::file_items(&l.db, file) {
        let ItemDef::Function(f) = def else { continue };
        // Queries keyed by the function, and the syntax lookup keyed by its location.
        let key = format!("({:?})", f.as_id());
        let syntax_key = format!(
            "({:?})",
            crate::lower::ItemKey::new(&l.db, f.loc(&l.db).clone()).as_id()
        );
        let mut queries: Vec<&str> = Vec::new();
        for (e, seen) in executed.iter().zip(attributed.iter_mut()) {
            if e.ends_with(&key) || e.ends_with(&syntax_key) {
                *seen = true;
                queries.push(query_name(e));
            }
        }
        queries.sort_unstable();
        queries.dedup();
        let name = f.loc(&l.db).name();
        out.push_str(&format!("{name}: {}\n", queries.join(", ")));
    }
    let mut rest: Vec<&str> = executed
        .iter()
        .zip(&attributed)
        .filter(|(_, seen)| !**seen)
        .map(|(e, _)| query_name(e))
        .collect();
    rest.sort_unstable();
    rest.dedup();
    out.push_str(&format!("rest: {}\n", rest.join(", ")));
    out
}

const BEFORE: &str = "\
float f(float x) { return x * 2.0; }
float g(float y) { return y + 1.0; }
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) { float a = g(1.0); }
";

fn check_edit(after: &str, expect: Expect) {
    let mut l = logged_db();
    let file = l.db.set_file("main.slang", BEFORE);
    assert!(crate::diagnostics(&l.db, file).is_empty());
    l.take();
    l.db.set_file("main.slang", after);
    let diags = crate::diagnostics(&l.db, file);
    assert!(diags.is_empty(), "{diags:?}");
    expect.assert_eq(&executed_per_function(&l, file));
}

/// After an edit inside a body the file-level queries that rerun are the syntax-level ones
/// (`preprocessed`, `parse`, the walk `item_sources`) and the projections of that walk, which
/// compare equal (`item_outline`, `file_imports`): `item_tree` and `file_usings`, and everything
/// keyed on them (scopes, duplicate checks), do not rerun.
#[test]
fn editing_a_body_reruns_only_that_function() {
    // The edit also shifts `g` and `computeMain`: their queries must not notice.
    check_edit(
        &BEFORE.replace("x * 2.0", "x * 3.0 + 1.0"),
        expect![[r#"
            f: diff_diagnostics, fn_body, fn_data, fn_diagnostics, fn_local_items, fn_local_usings, infer, item_syntax
            g: item_syntax
            computeMain: item_syntax
            rest: file_imports, item_outline, item_sources, parse, preprocessed, tuple_syntax, visible_files
        "#]],
    );
}

#[test]
fn adding_a_statement_reruns_only_that_body() {
    // `computeMain` calls `g`: neither `g`'s signature nor its body's queries run again.
    check_edit(
        &BEFORE.replace("float a = g(1.0);", "float a = g(1.0); float b = a * a;"),
        expect![[r#"
            f: item_syntax
            g: item_syntax
            computeMain: diff_diagnostics, fn_body, fn_data, fn_diagnostics, fn_local_items, fn_local_usings, infer, item_syntax
            rest: file_imports, item_outline, item_sources, parse, preprocessed, tuple_syntax, visible_files
        "#]],
    );
}

/// A signature edit reruns the signature's queries and its callers' inference; the item tree
/// holds no signatures (only which items there are), so it is equal and does not rerun.
#[test]
fn editing_a_signature_reruns_its_dependants() {
    // `computeMain` calls `g`; `f` does not.
    check_edit(
        &BEFORE.replace("float g(float y)", "float g(float y, float z = 0.0)"),
        expect![[r#"
            f: item_syntax
            g: diff_diagnostics, fn_body, fn_data, fn_diagnostics, fn_local_items, fn_local_usings, fn_sig, infer, item_syntax
            computeMain: infer, item_syntax
            rest: file_imports, item_outline, item_sources, parse, preprocessed, tuple_syntax, visible_files
        "#]],
    );
}

/// Adding an item changes the outline: `item_tree` reruns, and with it the file's scope and
/// duplicate checks; the signatures resolve their types again (equal), and only the function
/// that calls into the changed scope (`computeMain`) infers again.
#[test]
fn adding_a_function_reruns_the_item_tree() {
    check_edit(
        &BEFORE.replace("[numthreads", "float h(float z) { return z; }\n[numthreads"),
        expect![[r#"
            f: item_syntax
            g: item_syntax
            h: diff_diagnostics, fn_body, fn_data, fn_diagnostics, fn_local_items, fn_local_usings, fn_sig, infer, item_syntax
            computeMain: item_syntax
            rest: duplicate_diagnostics, file_imports, file_usings, fragment_module_main, item_outline, item_sources, item_tree, lookup_in_namespace_memo, module_scope, parse, preprocessed, tuple_syntax, visible_files
        "#]],
    );
}

/// Renaming a function changes the outline too (the old name's queries are simply not asked).
#[test]
fn renaming_a_function_reruns_the_item_tree() {
    check_edit(
        &BEFORE.replace("float f(", "float f2("),
        expect![[r#"
            f2: diff_diagnostics, fn_body, fn_data, fn_diagnostics, fn_local_items, fn_local_usings, fn_sig, infer, item_syntax
            g: item_syntax
            computeMain: item_syntax
            rest: duplicate_diagnostics, file_imports, file_usings, fragment_module_main, item_outline, item_sources, item_tree, lookup_in_namespace_memo, module_scope, parse, preprocessed, tuple_syntax, visible_files
        "#]],
    );
}

/// Finding the function around a cursor after a body edit (what completion and hover do first on
/// every keystroke) runs no query of its own: it searches the file's item sources, which rerun
/// after any edit, so the ranges it sees are the shifted ones. Of the functions' queries only
/// the edited body's run again (and each found function's syntax lookup, equal again).
#[test]
fn function_at_a_cursor_after_a_body_edit_reruns_nothing_per_function() {
    let mut l = logged_db();
    let file = l.db.set_file("main.slang", BEFORE);
    assert!(crate::diagnostics(&l.db, file).is_empty());
    let after = BEFORE.replace("x * 2.0", "x * 3.0 + 1.0");
    l.db.set_file("main.slang", &after);
    l.take();
    let mut out = String::new();
    // Inside the edited body, at its new end, in the shifted functions, on an attribute.
    for needle in [
        "3.0 + 1.0",
        "; }\nfloat g",
        "y + 1.0",
        "g(1.0)",
        "[numthreads",
    ] {
        let offset = after.find(needle).unwrap_or(0) as u32 + 2;
        let found = crate::function_at(&l.db, file, offset);
        let line = match found {
            Some((f, start)) => {
                // The start agrees with the item's own lookup; the body is the memoized one.
                assert_eq!(start, crate::item_start(&l.db, ItemDef::Function(f)));
                let body = crate::fn_body(&l.db, f);
                let name = f.loc(&l.db).name();
                let text = &after[start as usize..];
                let head = text.lines().next().unwrap_or("");
                format!("{name} at {start} `{head}`, {} locals", body.locals.len())
            }
            None => "none".to_string(),
        };
        out.push_str(&format!("{needle:?} at {offset}: {line}\n"));
    }
    out.push_str(&executed_per_function(&l, file));
    expect![[r#"
        "3.0 + 1.0" at 32: f at 0 `float f(float x) { return x * 3.0 + 1.0; }`, 0 locals
        "; }\nfloat g" at 41: f at 0 `float f(float x) { return x * 3.0 + 1.0; }`, 0 locals
        "y + 1.0" at 71: g at 43 `float g(float y) { return y + 1.0; }`, 0 locals
        "g(1.0)" at 166: computeMain at 80 `[numthreads(1, 1, 1)]`, 1 locals
        "[numthreads" at 82: computeMain at 80 `[numthreads(1, 1, 1)]`, 1 locals
        f: fn_body, fn_local_items, item_syntax
        g: item_syntax
        computeMain: item_syntax
        rest: item_sources, parse, preprocessed, tuple_syntax
    "#]]
    .assert_eq(&out);
}

/// The function around a cursor among members, accessors and `__init`s (innermost first); an
/// accessor without a body is no function of its own, so its property's cursor finds none.
#[test]
fn function_at_finds_members_and_accessors() {
    let text = "\
struct S {
    float v;
    __init(float x) { v = x; }
    float get2() { return v * 2.0; }
    property float twice { get { return v * 2.0; } set { v = newValue / 2.0; } }
    property float plain { get; }
}
static const float a = 1.0, b = 2.0h;
float free(S s) { return s.get2(); }
";
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", text);
    let mut out = String::new();
    for needle in [
        "v = x",
        "v * 2.0; }\n    prop",
        "return v * 2.0; } set",
        "newValue",
        "get; }",
        "s.get2",
        "float v",
    ] {
        let offset = text.find(needle).unwrap_or(0) as u32 + 1;
        let found = crate::function_at(&db, file, offset).map(|(f, start)| {
            let path: Vec<String> = f.loc(&db).path.iter().map(|s| s.name.to_string()).collect();
            let head = text[start as usize..].lines().next().unwrap_or("").trim();
            format!("{} `{head}`", path.join("/"))
        });
        out.push_str(&format!(
            "{needle:?}: {}\n",
            found.as_deref().unwrap_or("none")
        ));
    }
    // Globals own bodies too (hover's types): two declarators are one declaration, and each
    // initialiser is in its own global's body.
    for needle in ["1.0, b", "2.0h;\nfloat"] {
        let offset = text.find(needle).unwrap_or(0) as u32;
        let ty = crate::type_at(&db, file, offset);
        out.push_str(&format!(
            "{needle:?}: {}\n",
            ty.as_deref().unwrap_or("none")
        ));
    }
    expect![[r#"
        "v = x": S/__init `__init(float x) { v = x; }`
        "v * 2.0; }\n    prop": S/get2 `float get2() { return v * 2.0; }`
        "return v * 2.0; } set": S/twice/get `get { return v * 2.0; } set { v = newValue / 2.0; } }`
        "newValue": S/twice/set `set { v = newValue / 2.0; } }`
        "get; }": none
        "s.get2": free `float free(S s) { return s.get2(); }`
        "float v": none
        "1.0, b": float
        "2.0h;\nfloat": half
    "#]]
    .assert_eq(&out);
}

/// After an edit inside one top-level function `item_sources` updates its last value (new
/// syntax for that function, later items shifted) instead of walking the file; after any other
/// edit it walks. Either way the value must be a fresh walk's: each text of an editing session is
/// compared with the sources of a new database.
#[test]
fn item_sources_after_edits_equal_a_fresh_walk() {
    let base = "\
import helpers;
float f(float x) { return x * 2.0; }
namespace N { using M; float inner(float y) { return y; } }
struct S { float v; float get() { return v; } }
static const float a = 1.0, b = 2.0;
float h(float x) { return x; }
float h(int x) { return float(x); }
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) { float t = f(1.0); }
";
    let edits: [(&str, &str); 9] = [
        // Inside f's body: longer, then shorter again.
        ("x * 2.0", "x * 2.0 + 1.0"),
        (" + 1.0", ""),
        // The second overload of h, the last function, a body with a syntax error.
        ("float(x)", "float(x + 1)"),
        ("float t = f(1.0);", "float t = f(1.0); t += 1.0;"),
        ("return x * 2.0;", "return x * ;"),
        // A block left open: the reparse changes the tree's shape.
        ("return x * ;", "return x * { ;"),
        ("return x * { ;", "return x * 2.0;"),
        // A renamed function and a method's body: not the in-place path.
        ("float f(float x)", "float g(float x)"),
        ("return v;", "return v * 2.0;"),
    ];
    let mut text = base.to_string();
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", &text);
    let mut out = String::new();
    for (from, to) in edits {
        text = text.replacen(from, to, 1);
        db.set_file("main.slang", &text);
        let kept = crate::lower::item_sources(&db, file);
        let mut fresh = RootDatabase::default();
        let fresh_file = fresh.set_file("main.slang", &text);
        let walked = crate::lower::item_sources(&fresh, fresh_file);
        assert_eq!(kept, walked, "after {from:?} -> {to:?}:\n{text}");
        // What the cursor lookup sees in h's second overload.
        let offset = text.find("float(x").unwrap_or(0) as u32;
        let (f, start) = crate::function_at(&db, file, offset).unwrap_or_else(|| {
            panic!("no function at {offset}");
        });
        out.push_str(&format!(
            "{to:?}: {} ordinal {} at {start}\n",
            f.loc(&db).name(),
            f.loc(&db).path.last().map_or(0, |s| s.ordinal)
        ));
    }
    expect![[r#"
        "x * 2.0 + 1.0": h ordinal 1 at 235
        "": h ordinal 1 at 229
        "float(x + 1)": h ordinal 1 at 229
        "float t = f(1.0); t += 1.0;": h ordinal 1 at 229
        "return x * ;": h ordinal 1 at 226
        "return x * { ;": h ordinal 1 at 228
        "return x * 2.0;": h ordinal 1 at 229
        "float g(float x)": h ordinal 1 at 229
        "return v * 2.0;": h ordinal 1 at 235
    "#]]
    .assert_eq(&out);
}
