//! Diagnostics of a file, as plain data.

use hir::{Db, SourceFile, TextRange};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelatedInfo {
    pub path: String,
    pub range: TextRange,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub range: TextRange,
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    pub related: Vec<RelatedInfo>,
}

pub(crate) fn diagnostics(db: &dyn Db, file: SourceFile) -> Vec<Diagnostic> {
    hir::diagnostics(db, file)
        .into_iter()
        .map(|d| Diagnostic {
            range: d.range,
            severity: match d.severity {
                hir::Severity::Error => Severity::Error,
                hir::Severity::Warning => Severity::Warning,
            },
            code: d.code,
            message: d.message,
            related: d
                .related
                .into_iter()
                .map(|r| RelatedInfo {
                    path: r.path.to_string(),
                    range: r.range,
                    message: r.message,
                })
                .collect(),
        })
        .collect()
}
