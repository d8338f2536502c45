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
                if let Ok(bytes) = read_source_file(std::path::Path::new(&path)) {
                    let (text, _) = syntax::decode_source(&bytes);
                    queue.push(db.set_file(&path, &text));
                    break;
                }
            }
        }
    }
}

/// The largest source file read for an `import` or `#include` (far above any real module).
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// Reads a source file named by an `import` or `#include`: regular files only (not `/dev/zero`,
/// `/dev/stdin`, a FIFO or a directory, which would never end or block), at most
/// [`MAX_SOURCE_BYTES`]. What is refused stays missing, and `hir` reports it (E2906).
pub fn read_source_file(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind, Read};
    let refuse = |why: &str| Error::new(ErrorKind::InvalidInput, why.to_string());
    // Checked before opening: opening a FIFO blocks until someone writes to it.
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(refuse("not a regular file"));
    }
    if meta.len() > MAX_SOURCE_BYTES {
        return Err(refuse("over the size limit"));
    }
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(refuse("not a regular file"));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SOURCE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(refuse("over the size limit"));
    }
    Ok(bytes)
}
