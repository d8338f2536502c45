//! No panics on any input: every test file of the repository, whole and cut at many points (as
//! while typing), goes through diagnostics and the editor queries.

use std::path::{Path, PathBuf};

use crate::RootDatabase;

fn all_slang_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            all_slang_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "slang") {
            out.push(path);
        }
    }
}

/// Char-boundary cut points spread over the text.
fn cuts(text: &str, count: usize) -> Vec<usize> {
    let step = (text.len() / count).max(1);
    (0..text.len())
        .step_by(step)
        .filter(|i| text.is_char_boundary(*i))
        .collect()
}

/// The CLI and the language server analyse on threads with deep stacks (1 GiB and 256 MiB):
/// name resolution and inference recurse along nested expressions, and the corpus holds a
/// 4000-operator chain, which a debug build cannot check on a test thread's 2 MiB. Same here.
const ANALYSIS_STACK_BYTES: usize = 256 << 20;

#[test]
fn truncated_files_never_panic() {
    std::thread::Builder::new()
        .stack_size(ANALYSIS_STACK_BYTES)
        .spawn(check_truncated_corpus_files)
        .expect("the analysis thread starts")
        .join()
        .expect("the analysis thread finishes");
}

fn check_truncated_corpus_files() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests"));
    let mut paths = Vec::new();
    all_slang_files(&root, &mut paths);
    paths.sort();
    let mut db = RootDatabase::default();
    let mut checked = 0;
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for cut in cuts(&text, 12).into_iter().chain([text.len()]) {
            let prefix = &text[..cut];
            let file = db.set_file("fuzz.slang", prefix);
            let _ = crate::diagnostics(&db, file);
            for offset in cuts(prefix, 6) {
                let _ = crate::type_at(&db, file, offset as u32);
                let _ = crate::definition_at(&db, file, offset as u32);
                let _ = crate::callee_at(&db, file, offset as u32);
                let _ = crate::members_at(&db, file, offset as u32);
            }
            checked += 1;
        }
    }
    assert!(
        checked > 100,
        "only {checked} inputs found under {}",
        root.display()
    );
}

#[test]
fn odd_text_never_panics() {
    let inputs = [
        "// héllo wörld \"é\\é\"\n#define X(a) a ## é\nfloat f() { return X(1); }",
        "#if\n#elif\n#else\n#else\n#endif\n#endif",
        "#define A B\n#define B A\nint x = A;",
        "#define F(x) F(x)\nint y = F(F(1));",
        "#include \"self.slang\"",
        "struct S : S {}; interface I : I {} extension S : I {}",
        "typealias A = B; typealias B = A; A a;",
        "static const int N = N + 1; float arr[N];",
        "void f() { f<f<f>>(); this.x.y.z = 1; }",
        "extension<T> T : IDifferentiable { } void g<T>(T x) { x.dzero(); }",
        "float3 v = float3(1, 2, 3).xyzw.xx.q;",
        "\u{0}\u{feff}struct \u{1F600} {}",
    ];
    for (i, text) in inputs.iter().enumerate() {
        let mut db = RootDatabase::default();
        db.set_file("self.slang", "#include \"self.slang\"\nint z;");
        let file = db.set_file(&format!("odd{i}.slang"), text);
        let _ = crate::diagnostics(&db, file);
        let _ = crate::type_at(&db, file, (text.len() / 2) as u32);
    }
}
