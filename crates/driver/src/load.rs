//! File IO for the analysis: `hir` reads nothing from disk, so the driver loads the files that a
//! program imports, transitively, before asking for diagnostics.

use std::collections::HashSet;

/// Loads every file that `root` imports (directly or through other imports) from disk.
/// Candidates that do not exist are skipped; `hir` reports what stays missing.
pub fn load_dependencies(db: &mut hir::RootDatabase, root: hir::SourceFile) {
    let mut queue = vec![root];
    let mut tried: HashSet<String> = HashSet::new();
    while let Some(file) = queue.pop() {
        for candidates in hir::missing_files(db, file) {
            for path in candidates {
                if !tried.insert(path.clone()) {
                    continue;
                }
                if let Ok(bytes) = std::fs::read(&path) {
                    let (text, _) = syntax::decode_source(&bytes);
                    queue.push(db.set_file(&path, &text));
                    break;
                }
            }
        }
    }
}
