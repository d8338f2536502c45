//! ide: editor features over `hir`, as plain data.
//!
//! Everything here speaks editor terms: byte offsets into a file's original text, labels and
//! markdown strings. No LSP types (the `server` crate converts). Files are named by the virtual
//! path they were given to [`AnalysisHost::set_file`].
//!
//! Every query on [`Analysis`] returns [`Cancellable`]: when the host applies an edit while a query
//! runs on a snapshot, salsa unwinds the query with `Cancelled`, which arrives here as `Err`.
// Analysis and compiler code never unwraps: user input becomes a diagnostic, not a panic.
#![deny(clippy::unwrap_used)]

mod assists;
mod completion;
mod diagnostics;
mod docs;
mod folding;
mod formatting;
mod hover;
mod inlay_hints;
mod navigation;
mod rename;
mod semantic_tokens;
mod signature_help;
mod symbols;
mod util;

#[cfg(test)]
mod tests;

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

pub use assists::{Assist, AssistKind, FileEdit};
pub use completion::{CompletionConfig, CompletionItem, CompletionKind, CompletionList};
pub use diagnostics::{Diagnostic, FileDiagnostics, RelatedInfo, Severity};
pub use folding::{Fold, FoldKind};
pub use formatting::{FormatOptions, TextEdit, apply_edits};
pub use hir::{CompileOptions, TextRange};
pub use hover::HoverResult;
pub use inlay_hints::{InlayHint, InlayKind};
pub use navigation::{FileRange, Navigation};
pub use semantic_tokens::{HlMod, HlTag, SemanticToken};
pub use signature_help::{SignatureHelp, SignatureInfo};
pub use symbols::{Symbol, SymbolKind, WorkspaceSymbol};
pub use syntax::decode_source;

/// `Err` when an edit cancelled the query.
pub type Cancellable<T> = Result<T, salsa::Cancelled>;

/// The payload a cancelled query unwinds with (for callers that catch panics themselves).
pub use salsa::Cancelled;

/// Owns the database; the one writer. Edits cancel queries running on snapshots.
#[derive(Default)]
pub struct AnalysisHost {
    db: hir::RootDatabase,
}

impl AnalysisHost {
    pub fn new() -> AnalysisHost {
        AnalysisHost::default()
    }

    /// Adds or replaces a file (by virtual path).
    pub fn set_file(&mut self, path: &str, text: &str) {
        self.db.set_file(path, text);
    }

    pub fn remove_file(&mut self, path: &str) {
        self.db.remove_file(path);
    }

    pub fn set_options(&mut self, options: CompileOptions) {
        self.db.set_options(options);
    }

    /// Files found on disk but not read (devices, FIFOs, directories, files over the size limit),
    /// each with the reason an `#include` of it reports (`is a FIFO, not a regular file`).
    pub fn set_refused(&mut self, refused: Vec<(Arc<str>, Arc<str>)>) {
        self.db.set_refused(refused);
    }

    /// A read-only view for queries on other threads.
    pub fn analysis(&self) -> Analysis {
        Analysis {
            db: self.db.clone(),
        }
    }

    /// The `import` / `#include` targets of a file that no loaded file satisfies: for each, the
    /// candidate virtual paths in resolution order (beside the file, then each include
    /// directory). The caller loads the first that exists on disk, then asks again.
    pub fn missing_imports(&self, path: &str) -> Vec<Vec<String>> {
        let db = &self.db;
        match db.file(path) {
            Some(file) => {
                salsa::Cancelled::catch(AssertUnwindSafe(|| hir::missing_files(db, file)))
                    .unwrap_or_default()
            }
            None => Vec::new(),
        }
    }

    /// Whether a file with this virtual path is loaded.
    pub fn has_file(&self, path: &str) -> bool {
        self.db.file(path).is_some()
    }
}

/// A snapshot of the database. Cheap to clone; every query is cancellable.
#[derive(Clone)]
pub struct Analysis {
    db: hir::RootDatabase,
}

impl Analysis {
    fn with_file<T: Default>(
        &self,
        path: &str,
        f: impl FnOnce(&dyn hir::Db, hir::SourceFile) -> T,
    ) -> Cancellable<T> {
        let db = &self.db;
        salsa::Cancelled::catch(AssertUnwindSafe(|| match util::any_file(db, path) {
            Some(file) => f(db, file),
            None => T::default(),
        }))
    }

    /// [`AnalysisHost::missing_imports`] on a snapshot: the host can compute what to load from
    /// disk without holding its own lock, and an edit cancels the computation.
    pub fn missing_imports(&self, path: &str) -> Cancellable<Vec<Vec<String>>> {
        self.with_file(path, hir::missing_files)
    }

    /// The text of a file as the analysis sees it (user or stdlib).
    pub fn file_text(&self, path: &str) -> Cancellable<Option<Arc<str>>> {
        let db = &self.db;
        salsa::Cancelled::catch(AssertUnwindSafe(|| {
            util::any_file(db, path).map(|f| f.text(db).clone())
        }))
    }

    /// The embedded stdlib files: (virtual path, text).
    pub fn stdlib_files() -> &'static [(&'static str, &'static str)] {
        hir::STDLIB
    }

    pub fn diagnostics(&self, path: &str) -> Cancellable<Vec<Diagnostic>> {
        self.with_file(path, diagnostics::diagnostics)
    }

    /// The diagnostics that checking `path` finds, grouped by the file they are in: `path`'s own
    /// first (always present, maybe empty), with one summary on each `#include` line whose text has
    /// problems ("error in included file `x.slang`:3: ..."); then one group per `#include`d file
    /// with problems, each diagnostic carrying an "included from here" note per `#include` line.
    pub fn diagnostics_by_file(&self, path: &str) -> Cancellable<Vec<FileDiagnostics>> {
        self.with_file(path, diagnostics::diagnostics_by_file)
    }

    pub fn hover(&self, path: &str, offset: u32) -> Cancellable<Option<HoverResult>> {
        self.with_file(path, |db, file| hover::hover(db, file, offset))
    }

    /// Completions at `offset` with every detail, filtered by the identifier before it.
    pub fn completions(&self, path: &str, offset: u32) -> Cancellable<Vec<CompletionItem>> {
        self.completions_with(path, offset, CompletionConfig::default())
            .map(|list| list.items)
    }

    pub fn completions_with(
        &self,
        path: &str,
        offset: u32,
        config: CompletionConfig,
    ) -> Cancellable<CompletionList> {
        self.with_file(path, |db, file| {
            completion::completions(db, file, offset, config)
        })
    }

    /// The item labelled `label` of a completion at `offset`, with the detail a `lazy_detail`
    /// list left out; `None` when that request no longer offers it.
    pub fn resolve_completion(
        &self,
        path: &str,
        offset: u32,
        label: &str,
    ) -> Cancellable<Option<CompletionItem>> {
        self.with_file(path, |db, file| {
            completion::resolve(db, file, offset, label)
        })
    }

    pub fn signature_help(&self, path: &str, offset: u32) -> Cancellable<Option<SignatureHelp>> {
        self.with_file(path, |db, file| {
            signature_help::signature_help(db, file, offset)
        })
    }

    pub fn goto_definition(&self, path: &str, offset: u32) -> Cancellable<Vec<Navigation>> {
        self.with_file(path, |db, file| {
            navigation::goto_definition(db, file, offset)
        })
    }

    /// References to the symbol at `offset` in every user file, the declaration included when asked.
    pub fn references(
        &self,
        path: &str,
        offset: u32,
        include_declaration: bool,
    ) -> Cancellable<Vec<FileRange>> {
        self.with_file(path, |db, file| {
            navigation::references(db, file, offset, include_declaration)
        })
    }

    /// Occurrences of the symbol at `offset` in this file: (range, is the declaration).
    pub fn highlight_related(
        &self,
        path: &str,
        offset: u32,
    ) -> Cancellable<Vec<(TextRange, bool)>> {
        self.with_file(path, |db, file| {
            navigation::highlight_related(db, file, offset)
        })
    }

    pub fn document_symbols(&self, path: &str) -> Cancellable<Vec<Symbol>> {
        self.with_file(path, symbols::document_symbols)
    }

    pub fn workspace_symbols(&self, query: &str) -> Cancellable<Vec<WorkspaceSymbol>> {
        let db = &self.db;
        salsa::Cancelled::catch(AssertUnwindSafe(|| symbols::workspace_symbols(db, query)))
    }

    pub fn semantic_tokens(&self, path: &str) -> Cancellable<Vec<SemanticToken>> {
        self.with_file(path, semantic_tokens::semantic_tokens)
    }

    pub fn folding_ranges(&self, path: &str) -> Cancellable<Vec<Fold>> {
        self.with_file(path, folding::folding_ranges)
    }

    /// Code actions for a selection (or a cursor: an empty range): quick fixes for the
    /// diagnostics it touches, and generators.
    pub fn assists(&self, path: &str, range: TextRange) -> Cancellable<Vec<Assist>> {
        self.with_file(path, |db, file| assists::assists(db, file, range))
    }

    /// The name a rename at `offset` would change; `Err` says why there is none.
    pub fn prepare_rename(
        &self,
        path: &str,
        offset: u32,
    ) -> Cancellable<Result<TextRange, String>> {
        let db = &self.db;
        salsa::Cancelled::catch(AssertUnwindSafe(|| match util::any_file(db, path) {
            Some(file) => rename::prepare_rename(db, file, offset),
            None => Err("unknown file".to_string()),
        }))
    }

    /// Edits that rename the symbol at `offset` everywhere it is used.
    pub fn rename(
        &self,
        path: &str,
        offset: u32,
        new_name: &str,
    ) -> Cancellable<Result<Vec<FileEdit>, String>> {
        let db = &self.db;
        salsa::Cancelled::catch(AssertUnwindSafe(|| match util::any_file(db, path) {
            Some(file) => rename::rename(db, file, offset, new_name),
            None => Err("unknown file".to_string()),
        }))
    }

    /// Edits that format the whole file (whitespace only).
    pub fn format(&self, path: &str, options: FormatOptions) -> Cancellable<Vec<TextEdit>> {
        self.with_file(path, |db, file| formatting::format_file(db, file, options))
    }

    /// The formatting edits on the lines `range` touches.
    pub fn format_range(
        &self,
        path: &str,
        range: TextRange,
        options: FormatOptions,
    ) -> Cancellable<Vec<TextEdit>> {
        self.with_file(path, |db, file| {
            formatting::format_file_range(db, file, range, options)
        })
    }

    pub fn inlay_hints(&self, path: &str, range: Option<TextRange>) -> Cancellable<Vec<InlayHint>> {
        self.with_file(path, |db, file| inlay_hints::inlay_hints(db, file, range))
    }
}
