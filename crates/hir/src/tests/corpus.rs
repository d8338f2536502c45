//! Real shaders in `tests/syntax/` must check without errors.

use crate::RootDatabase;

#[test]
fn syntax_corpus_checks_without_errors() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/syntax");
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.retain(|p| p.extension().is_some_and(|e| e == "slang"));
    entries.sort();
    let mut report = String::new();
    for path in &entries {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let mut db = RootDatabase::default();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("x.slang");
        let file = db.set_file(name, &text);
        let rendered = super::render_diagnostics(&db, file, &text);
        if !rendered.is_empty() {
            report.push_str(&format!("== {name}\n{rendered}"));
        }
    }
    assert!(report.is_empty(), "diagnostics in the corpus:\n{report}");
}
