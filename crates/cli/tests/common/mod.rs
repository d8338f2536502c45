//! Helpers shared by the CLI's integration tests.

use std::path::Path;

/// The file a `dslang test` result line names: `dir/t.slang.1` (the file's second test, as
/// slang-test names it) and `dir/t.slang:` are `t.slang`.
pub fn test_file_name(name: &str) -> String {
    let name = name.trim_end_matches(':');
    let file = Path::new(name)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match file.rsplit_once('.') {
        Some((stem, index))
            if stem.ends_with(".slang") && index.bytes().all(|b| b.is_ascii_digit()) =>
        {
            stem.to_string()
        }
        _ => file,
    }
}
