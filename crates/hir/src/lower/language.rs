//! The language version a file is written against (`#language slang 2026`, also `#lang`; user
//! guide, "language version"), as far as it changes how bodies are lowered: from Slang 2026 on a
//! parenthesised comma list `(a, b)` is a tuple (`makeTuple(a, b)`), not a comma expression.

use base_db::{Db, SourceFile};

/// True when the file declares Slang 2026 or later (`2026`, `202b`, `latest`, `202c`, `next`).
/// The directive is a line of its own whose first non-blank character is `#`.
#[salsa::tracked(returns(copy))]
pub fn tuple_syntax(db: &dyn Db, file: SourceFile) -> bool {
    let text = file.text(db);
    text.lines().any(|line| {
        let Some(rest) = line.trim_start().strip_prefix('#') else {
            return false;
        };
        let mut words = rest.split_whitespace();
        if !matches!(words.next(), Some("language" | "lang")) {
            return false;
        }
        let mut version = words.next();
        if version == Some("slang") {
            version = words.next();
        }
        matches!(version, Some("2026" | "202b" | "latest" | "202c" | "next"))
    })
}
