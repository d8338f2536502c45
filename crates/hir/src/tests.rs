//! Fixture tests: `$0` marks a cursor.

use expect_test::{Expect, expect};

use crate::{RootDatabase, Severity};

mod corpus;
mod incremental;

/// Renders diagnostics as `line:col code message` (1-based), with related info indented.
pub(crate) fn render_diagnostics(db: &RootDatabase, file: crate::SourceFile, text: &str) -> String {
    let mut out = String::new();
    for d in crate::diagnostics(db, file) {
        let (line, col) = line_col(text, d.range.start);
        let sev = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        out.push_str(&format!("{line}:{col} {sev}[{}] {}\n", d.code, d.message));
        for r in &d.related {
            out.push_str(&format!("    related {}@{}..{}: {}\n", r.path, r.range.start, r.range.end, r.message));
        }
    }
    out
}

pub(crate) fn line_col(text: &str, offset: u32) -> (usize, usize) {
    let before = &text[..(offset as usize).min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

fn check_diags(fixture: &str, expect: Expect) {
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", fixture);
    expect.assert_eq(&render_diagnostics(&db, file, fixture));
}

fn cursor(fixture: &str) -> (String, u32) {
    let offset = fixture.find("$0").expect("fixture has a $0 cursor");
    (fixture.replacen("$0", "", 1), offset as u32)
}

fn check_type(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", &text);
    let ty = crate::type_at(&db, file, offset).unwrap_or_else(|| "<none>".into());
    let errors: Vec<String> = crate::diagnostics(&db, file)
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    let mut out = ty;
    for e in errors {
        out.push_str(&format!("\n{e}"));
    }
    expect.assert_eq(&out);
}

fn check_definition(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", &text);
    let out = match crate::definition_at(&db, file, offset) {
        Some(nav) => {
            let (line, col) = line_col(if nav.file == file { &text } else { nav.file.text(&db) }, nav.range.start);
            format!("{} `{}` at {}:{line}:{col}", nav.path, nav.name, "")
        }
        None => "<none>".into(),
    };
    expect.assert_eq(&out);
}

#[test]
fn stdlib_checks_clean() {
    let db = RootDatabase::default();
    let ws = base_db::Db::workspace(&db);
    let mut out = String::new();
    for file in ws.stdlib(&db).iter() {
        out.push_str(&render_diagnostics(&db, *file, file.text(&db)));
    }
    expect![[""]].assert_eq(&out);
}

#[test]
fn local_types() {
    check_type("void f() { let a = 1.0; let b = a$0 * 2; }", expect![["float"]]);
}
