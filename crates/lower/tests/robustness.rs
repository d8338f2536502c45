//! Lowering never panics: every `.slang` file of the repository's test folders (valid programs,
//! programs with errors, autodiff tests, half-typed syntax) gives a module or diagnostics.

use std::path::{Path, PathBuf};

fn slang_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            slang_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "slang") {
            out.push(path);
        }
    }
}

/// The CLI runs each command on a thread with a 1 GiB stack (cli/src/main.rs): lowering and the
/// derivative passes recurse along nested statements, and debug builds of some corpus programs
/// (tests/slang-suite/autodiff) need more than a test thread's 2 MiB. This test does the same.
const LOWER_STACK_BYTES: usize = 256 << 20;

#[test]
fn lowering_never_panics() {
    std::thread::Builder::new()
        .stack_size(LOWER_STACK_BYTES)
        .spawn(lower_every_corpus_file)
        .expect("the lowering thread starts")
        .join()
        .expect("the lowering thread finishes");
}

fn lower_every_corpus_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests");
    let mut files = Vec::new();
    slang_files(&root, &mut files);
    files.sort();
    assert!(
        files.len() > 100,
        "expected the repository's test corpus, found {} files",
        files.len()
    );
    let (mut lowered, mut rejected) = (0, 0);
    let mut panics = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let outcome = std::panic::catch_unwind(|| {
            let mut db = hir::RootDatabase::default();
            let file = db.set_file("test.slang", &text);
            match lower::lower_program(&db, file, None) {
                Ok(_) => true,
                Err(d) => {
                    if std::env::var_os("LOWER_REASONS").is_some() {
                        println!(
                            "REASON {}: {} [{}] {:?}",
                            d[0].code,
                            d[0].message,
                            path.display(),
                            d[0].range
                        );
                    }
                    false
                }
            }
        });
        match outcome {
            Ok(true) => lowered += 1,
            Ok(false) => rejected += 1,
            Err(_) => panics.push(path.display().to_string()),
        }
    }
    println!(
        "{lowered} lowered, {rejected} rejected with diagnostics, {} panicked",
        panics.len()
    );
    assert!(panics.is_empty(), "lowering panicked on: {panics:#?}");
}
