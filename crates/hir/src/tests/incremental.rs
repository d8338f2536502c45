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

/// Queries executed for each function of the file, as `function: query, query`. `item_syntax`
/// re-runs for every item of an edited file (it projects the item out of the new tree) and then
/// compares equal, so nothing downstream of an unchanged item runs.
fn executed_per_function(l: &Logged, file: crate::SourceFile) -> String {
    let executed = l.take();
    let mut out = String::new();
    for def in crate::file_items(&l.db, file) {
        let ItemDef::Function(f) = def else { continue };
        // Queries keyed by the function, and the syntax lookup keyed by its location.
        let key = format!("({:?})", f.as_id());
        let syntax_key = format!(
            "({:?})",
            crate::lower::ItemKey::new(&l.db, f.loc(&l.db).clone()).as_id()
        );
        let mut queries: Vec<&str> = executed
            .iter()
            .filter(|e| e.ends_with(&key) || e.ends_with(&syntax_key))
            .map(|e| e.split('(').next().unwrap_or(""))
            .collect();
        queries.sort_unstable();
        queries.dedup();
        let name = f.loc(&l.db).name();
        out.push_str(&format!("{name}: {}\n", queries.join(", ")));
    }
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

#[test]
fn editing_a_body_reruns_only_that_function() {
    // The edit also shifts `g` and `computeMain`: their queries must not notice.
    check_edit(
        &BEFORE.replace("x * 2.0", "x * 3.0 + 1.0"),
        expect![[r#"
            f: diff_diagnostics, fn_body, fn_data, fn_diagnostics, infer, item_syntax
            g: item_syntax
            computeMain: item_syntax
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
            computeMain: diff_diagnostics, fn_body, fn_data, fn_diagnostics, infer, item_syntax
        "#]],
    );
}

#[test]
fn editing_a_signature_reruns_its_dependants() {
    // `computeMain` calls `g`; `f` does not.
    check_edit(
        &BEFORE.replace("float g(float y)", "float g(float y, float z = 0.0)"),
        expect![[r#"
            f: item_syntax
            g: diff_diagnostics, fn_body, fn_callees, fn_data, fn_diagnostics, fn_sig, infer, item_syntax
            computeMain: infer, item_syntax
        "#]],
    );
}
