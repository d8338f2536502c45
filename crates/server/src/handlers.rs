//! The LSP handlers (`impl LanguageServer`): document sync, configuration, and every
//! language feature request, each computed through [`Backend::query`]. Apart from the server
//! state and plumbing in lib.rs because it is the bulk of the protocol surface.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Duration;

use ide::{Analysis, Cancellable};
use serde_json::Value;
use tower_lsp::LanguageServer;
use tower_lsp::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp::lsp_types::*;

use crate::{
    Backend, CompletionOrigin, Config, DIAGNOSTICS_DELAY, Document, LineIndex, Locator,
    RESOLVABLE_COMPLETIONS, content_modified, convert, internal_error, panic_message, uri_to_path,
};

impl Backend {
    /// Tells the user that a document is too large to analyse (it is left out, as if closed).
    async fn refuse_large_document(&self, uri: &Url, len: usize) {
        self.client
            .show_message(
                MessageType::ERROR,
                format!(
                    "dslang: {uri} is {} MiB, over the {} MiB limit of the language server, so it is not analysed: split it into modules (`import`) or `#include`d files",
                    len >> 20,
                    crate::MAX_DOCUMENT_BYTES >> 20
                ),
            )
            .await;
    }

    fn apply_config(&self, config: Config) {
        {
            let mut state = self.lock();
            if state.config == config {
                return;
            }
            state.host.set_options(config.compile_options());
            state.config = config;
        }
        // Include paths may have changed: what the documents import is looked up again.
        self.spawn_load_all();
        self.schedule_diagnostics(Duration::ZERO);
    }

    async fn fetch_config(&self) {
        let item = ConfigurationItem {
            scope_uri: None,
            section: Some("dslang".to_string()),
        };
        if let Ok(values) = self.client.configuration(vec![item]).await
            && let Some(value) = values.into_iter().next()
            && !value.is_null()
        {
            let root = self.lock().root.clone();
            self.apply_config(Config::from_json(&value, root.as_deref()));
        }
    }
}

/// Edits of several files as a workspace edit (`None` when a file has no URI).
fn workspace_edit(
    analysis: &Analysis,
    locator: &Locator,
    edits: Vec<ide::FileEdit>,
) -> Cancellable<Option<WorkspaceEdit>> {
    let mut changes: HashMap<Url, Vec<TextEdit>> = HashMap::new();
    for file_edit in edits {
        let (Some(uri), Some(index)) = (
            locator.uri(&file_edit.path),
            locator.index(analysis, &file_edit.path)?,
        ) else {
            return Ok(None);
        };
        changes
            .entry(uri)
            .or_default()
            .extend(convert::text_edits(&index, file_edit.edits));
    }
    Ok(Some(WorkspaceEdit {
        changes: Some(changes),
        ..Default::default()
    }))
}
#[tower_lsp::async_trait]
impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        #[allow(deprecated)] // root_path is the fallback for clients without root_uri
        let root = params
            .root_uri
            .as_ref()
            .and_then(|u| u.to_file_path().ok())
            .or_else(|| params.root_path.as_ref().map(PathBuf::from));
        let roots = crate::loader::workspace_roots(&params, root.as_deref());
        let config = params
            .initialization_options
            .as_ref()
            .map(|v| Config::from_json(v, root.as_deref()));
        let can_watch_files = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|c| c.dynamic_registration)
            .unwrap_or(false);
        let lazy_completion_detail = params
            .capabilities
            .text_document
            .as_ref()
            .and_then(|t| t.completion.as_ref())
            .and_then(|c| c.completion_item.as_ref())
            .and_then(|i| i.resolve_support.as_ref())
            .is_some_and(|r| r.properties.iter().any(|p| p == "detail"));
        {
            let mut state = self.lock();
            state.lazy_completion_detail = lazy_completion_detail;
            state.root = root;
            state.roots = roots;
            state.can_watch_files = can_watch_files;
            if let Some(config) = config {
                state.host.set_options(config.compile_options());
                state.config = config;
            }
        }
        Ok(InitializeResult {
            server_info: Some(ServerInfo {
                name: "dslang".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
            capabilities: ServerCapabilities {
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::INCREMENTAL),
                        save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                            include_text: Some(false),
                        })),
                        ..Default::default()
                    },
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                completion_provider: Some(CompletionOptions {
                    trigger_characters: Some(vec![".".to_string(), "[".to_string()]),
                    resolve_provider: Some(true),
                    ..Default::default()
                }),
                signature_help_provider: Some(SignatureHelpOptions {
                    trigger_characters: Some(vec!["(".to_string(), ",".to_string()]),
                    ..Default::default()
                }),
                definition_provider: Some(OneOf::Left(true)),
                references_provider: Some(OneOf::Left(true)),
                document_highlight_provider: Some(OneOf::Left(true)),
                document_symbol_provider: Some(OneOf::Left(true)),
                workspace_symbol_provider: Some(OneOf::Left(true)),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: convert::semantic_token_legend(),
                            full: Some(SemanticTokensFullOptions::Bool(true)),
                            range: Some(false),
                            ..Default::default()
                        },
                    ),
                ),
                folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
                document_formatting_provider: Some(OneOf::Left(true)),
                document_range_formatting_provider: Some(OneOf::Left(true)),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::new("refactor.generate"),
                        ]),
                        ..Default::default()
                    },
                )),
                rename_provider: Some(OneOf::Right(RenameOptions {
                    prepare_provider: Some(true),
                    work_done_progress_options: Default::default(),
                })),
                inlay_hint_provider: Some(OneOf::Left(true)),
                workspace: Some(WorkspaceServerCapabilities {
                    workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                        supported: Some(true),
                        change_notifications: Some(OneOf::Left(true)),
                    }),
                    file_operations: None,
                }),
                ..Default::default()
            },
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        if self.lock().can_watch_files {
            let watchers = serde_json::json!({"watchers": [
                {"globPattern": "**/*.{slang,slangh,h,hlsl}"}
            ]});
            let registration = Registration {
                id: "dslang-watch-imports".to_string(),
                method: "workspace/didChangeWatchedFiles".to_string(),
                register_options: Some(watchers),
            };
            if let Err(e) = self.client.register_capability(vec![registration]).await {
                self.client
                    .log_message(
                        MessageType::WARNING,
                        format!("dslang: cannot watch files: {e}"),
                    )
                    .await;
            }
        }
        // The index is built in the background: requests answer meanwhile (workspace-wide ones
        // wait for it, briefly).
        self.spawn_index();
        self.fetch_config().await;
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        self.apply_folder_changes(params.event);
        self.schedule_diagnostics(Duration::ZERO);
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        self.apply_watched_changes(params.changes).await;
        self.schedule_diagnostics(Duration::ZERO);
    }

    async fn shutdown(&self) -> Result<()> {
        self.shutdown_requested.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        if params.text_document.text.len() > crate::MAX_DOCUMENT_BYTES {
            self.refuse_large_document(&params.text_document.uri, params.text_document.text.len())
                .await;
            return;
        }
        let path = uri_to_path(&params.text_document.uri);
        {
            let mut state = self.lock();
            let doc = params.text_document;
            Self::set_document(&mut state, &path, &doc.text);
            state.docs.insert(
                doc.uri,
                Document {
                    text: LineIndex::new(&doc.text),
                    version: doc.version,
                    path: path.clone(),
                },
            );
        }
        self.spawn_load(vec![path]);
        self.schedule_diagnostics(Duration::ZERO);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let refused = {
            let mut state = self.lock();
            let Some(doc) = state.docs.get_mut(&uri) else {
                return;
            };
            for change in &params.content_changes {
                doc.apply(change);
            }
            doc.version = params.text_document.version;
            let (path, text) = (doc.path.clone(), doc.text());
            if text.len() > crate::MAX_DOCUMENT_BYTES {
                // Forget it, as if closed: requests on it answer that it is not open.
                state.docs.remove(&uri);
                if !path.starts_with("stdlib/") {
                    state.host.remove_file(&path);
                }
                Err(text.len())
            } else {
                Self::set_document(&mut state, &path, &text);
                Ok(path)
            }
        };
        match refused {
            Err(len) => {
                self.refuse_large_document(&uri, len).await;
                self.schedule_diagnostics(Duration::ZERO);
                return;
            }
            Ok(path) => self.spawn_edit_load(path),
        }
        self.schedule_diagnostics(DIAGNOSTICS_DELAY);
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        if self.compile.is_some() {
            self.compile_on_save(params.text_document.uri).await;
        }
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        // Other files may import it: keep what is on disk (read outside the lock), forget
        // unsaved buffers.
        let path = uri_to_path(&uri);
        let on_disk = if path.starts_with("stdlib/") {
            None
        } else {
            let p = path.clone();
            tokio::task::spawn_blocking(move || crate::read_source(&p))
                .await
                .ok()
                .flatten()
        };
        {
            let mut state = self.lock();
            state.compile_diagnostics.remove(&uri);
            state.previewed.remove(&uri);
            if let Some(doc) = state.docs.remove(&uri)
                && !doc.path.starts_with("stdlib/")
            {
                match on_disk {
                    Some(text) => {
                        Self::set_document(&mut state, &doc.path, &text);
                        state.disk_files.insert(doc.path.clone());
                    }
                    None => {
                        state.host.remove_file(&doc.path);
                        state.disk_files.remove(&doc.path);
                    }
                }
            }
        }
        self.client.publish_diagnostics(uri, Vec::new(), None).await;
        self.schedule_diagnostics(Duration::ZERO);
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        let root = self.lock().root.clone();
        match &params.settings {
            Value::Object(map) if !map.is_empty() => {
                self.apply_config(Config::from_json(&params.settings, root.as_deref()))
            }
            _ => self.fetch_config().await,
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let pos = params.text_document_position_params;
        self.query(&pos.text_document.uri, move |ctx| {
            let offset = ctx.index.offset(pos.position);
            Ok(ctx.analysis.hover(&ctx.path, offset)?.map(|h| Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: h.markdown,
                }),
                range: Some(ctx.index.range(h.range)),
            }))
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let pos = params.text_document_position;
        let uri = pos.text_document.uri;
        let (config, id) = {
            let mut state = self.lock();
            let config = ide::CompletionConfig {
                lazy_detail: state.lazy_completion_detail,
                limit: state.config.completion_limit,
            };
            state.next_completion_id += 1;
            let id = state.next_completion_id;
            // Remembered here, not on the analysis thread: an edit waiting for this lock also
            // waits for that thread's snapshot.
            if let Some(offset) = state.docs.get(&uri).map(|d| d.text.offset(pos.position)) {
                let origins = &mut state.completion_origins;
                if origins.len() == RESOLVABLE_COMPLETIONS {
                    origins.pop_front();
                }
                origins.push_back(CompletionOrigin {
                    id,
                    uri: uri.clone(),
                    offset,
                });
            }
            (config, id)
        };
        self.query(&uri, move |ctx| {
            let offset = ctx.index.offset(pos.position);
            let list = ctx.analysis.completions_with(&ctx.path, offset, config)?;
            let items = list
                .items
                .into_iter()
                .enumerate()
                .map(|(i, c)| CompletionItem {
                    label: c.label,
                    kind: Some(convert::completion_kind(c.kind)),
                    detail: c.detail,
                    insert_text: c.insert_text,
                    // Keep the analysis' order (scopes first) among equally good matches.
                    sort_text: Some(format!("{i:05}")),
                    data: c.detail_deferred.then(|| Value::from(id)),
                    ..Default::default()
                })
                .collect();
            // A plain array says the list is complete; a cut one must say it is not.
            Ok(Some(if list.is_incomplete {
                CompletionResponse::List(CompletionList {
                    is_incomplete: true,
                    items,
                })
            } else {
                CompletionResponse::Array(items)
            }))
        })
        .await
    }

    async fn completion_resolve(&self, mut item: CompletionItem) -> Result<CompletionItem> {
        let origin = item.data.as_ref().and_then(Value::as_u64).and_then(|id| {
            let state = self.lock();
            state
                .completion_origins
                .iter()
                .find(|o| o.id == id)
                .map(|o| (o.uri.clone(), o.offset))
        });
        // An item of an older list (or one we did not defer) is given back as it is.
        let Some((uri, offset)) = origin else {
            return Ok(item);
        };
        let label = item.label.clone();
        let resolved = self
            .query(&uri, move |ctx| {
                ctx.analysis.resolve_completion(&ctx.path, offset, &label)
            })
            .await;
        match resolved {
            Ok(Some(full)) => {
                item.detail = full.detail;
                item.data = None;
                Ok(item)
            }
            // Gone from that place (edited away, document closed): nothing to add.
            Ok(None) => Ok(item),
            Err(e) if e.code == content_modified().code => Ok(item),
            Err(e) if matches!(e.code, ErrorCode::InvalidParams) => Ok(item),
            Err(e) => Err(e),
        }
    }

    async fn signature_help(&self, params: SignatureHelpParams) -> Result<Option<SignatureHelp>> {
        let pos = params.text_document_position_params;
        self.query(&pos.text_document.uri, move |ctx| {
            let offset = ctx.index.offset(pos.position);
            Ok(ctx
                .analysis
                .signature_help(&ctx.path, offset)?
                .map(|help| SignatureHelp {
                    signatures: help
                        .signatures
                        .into_iter()
                        .map(|s| SignatureInformation {
                            parameters: Some(
                                s.parameters
                                    .iter()
                                    .map(|p| ParameterInformation {
                                        label: ParameterLabel::LabelOffsets(
                                            convert::utf16_offsets(&s.label, *p),
                                        ),
                                        documentation: None,
                                    })
                                    .collect(),
                            ),
                            label: s.label,
                            documentation: None,
                            active_parameter: None,
                        })
                        .collect(),
                    active_signature: Some(help.active_signature),
                    active_parameter: Some(help.active_parameter),
                }))
        })
        .await
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let pos = params.text_document_position_params;
        self.query(&pos.text_document.uri, move |ctx| {
            let offset = ctx.index.offset(pos.position);
            let mut locations = Vec::new();
            for nav in ctx.analysis.goto_definition(&ctx.path, offset)? {
                if let Some(loc) =
                    ctx.locator
                        .location(&ctx.analysis, &nav.path, nav.focus_range)?
                {
                    locations.push(loc);
                }
            }
            Ok(match locations.len() {
                0 => None,
                1 => locations.pop().map(GotoDefinitionResponse::Scalar),
                _ => Some(GotoDefinitionResponse::Array(locations)),
            })
        })
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        self.wait_for_index().await;
        let pos = params.text_document_position;
        let include_declaration = params.context.include_declaration;
        self.query(&pos.text_document.uri, move |ctx| {
            let offset = ctx.index.offset(pos.position);
            let mut out = Vec::new();
            for r in ctx
                .analysis
                .references(&ctx.path, offset, include_declaration)?
            {
                if let Some(loc) = ctx.locator.location(&ctx.analysis, &r.path, r.range)? {
                    out.push(loc);
                }
            }
            Ok(Some(out))
        })
        .await
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let pos = params.text_document_position_params;
        self.query(&pos.text_document.uri, move |ctx| {
            let offset = ctx.index.offset(pos.position);
            let highlights = ctx.analysis.highlight_related(&ctx.path, offset)?;
            Ok(Some(
                highlights
                    .into_iter()
                    .map(|(range, is_decl)| DocumentHighlight {
                        range: ctx.index.range(range),
                        kind: Some(if is_decl {
                            DocumentHighlightKind::WRITE
                        } else {
                            DocumentHighlightKind::READ
                        }),
                    })
                    .collect(),
            ))
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.query(&params.text_document.uri, move |ctx| {
            let symbols = ctx.analysis.document_symbols(&ctx.path)?;
            Ok(Some(DocumentSymbolResponse::Nested(
                symbols
                    .into_iter()
                    .map(|s| convert::document_symbol(&ctx.index, s))
                    .collect(),
            )))
        })
        .await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<Vec<SymbolInformation>>> {
        self.wait_for_index().await;
        let (analysis, locator) = {
            let state = self.lock();
            (state.host.analysis(), Self::locator(&state))
        };
        let query = params.query;
        let joined = tokio::task::spawn_blocking(move || {
            catch_unwind(AssertUnwindSafe(
                || -> Cancellable<Vec<SymbolInformation>> {
                    let mut out = Vec::new();
                    for s in analysis.workspace_symbols(&query)? {
                        if let Some(location) =
                            locator.location(&analysis, &s.path, s.focus_range)?
                        {
                            #[allow(deprecated)] // `deprecated` is a required field
                            out.push(SymbolInformation {
                                name: s.name,
                                kind: convert::symbol_kind(s.kind),
                                tags: None,
                                deprecated: None,
                                location,
                                container_name: s.container,
                            });
                        }
                    }
                    Ok(out)
                },
            ))
        })
        .await;
        match joined {
            Ok(Ok(Ok(v))) => Ok(Some(v)),
            Ok(Ok(Err(_))) => Err(content_modified()),
            Ok(Err(p)) if p.is::<ide::Cancelled>() => Err(content_modified()),
            Ok(Err(p)) => Err(internal_error(format!(
                "dslang: internal error: {}",
                panic_message(&*p)
            ))),
            Err(e) => Err(internal_error(format!("dslang: request task failed: {e}"))),
        }
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.query(&params.text_document.uri, move |ctx| {
            let tokens = ctx.analysis.semantic_tokens(&ctx.path)?;
            Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
                result_id: None,
                data: convert::semantic_tokens(&ctx.index, tokens),
            })))
        })
        .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.query(&params.text_document.uri, move |ctx| {
            let folds = ctx.analysis.folding_ranges(&ctx.path)?;
            Ok(Some(
                folds
                    .iter()
                    .filter_map(|f| convert::folding_range(&ctx.index, f))
                    .collect(),
            ))
        })
        .await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let range = params.range;
        self.query(&params.text_document.uri, move |ctx| {
            let hints = ctx
                .analysis
                .inlay_hints(&ctx.path, Some(ctx.index.text_range(range)))?;
            Ok(Some(
                hints
                    .into_iter()
                    .map(|h| InlayHint {
                        position: ctx.index.position(h.offset),
                        label: InlayHintLabel::String(h.label),
                        kind: Some(match h.kind {
                            ide::InlayKind::Type => InlayHintKind::TYPE,
                            ide::InlayKind::Parameter => InlayHintKind::PARAMETER,
                            ide::InlayKind::ContextSize => InlayHintKind::TYPE,
                        }),
                        text_edits: None,
                        tooltip: None,
                        padding_left: Some(h.kind == ide::InlayKind::ContextSize),
                        padding_right: Some(h.kind == ide::InlayKind::Parameter),
                        data: None,
                    })
                    .collect(),
            ))
        })
        .await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        let options = format_options(&params.options);
        self.query(&params.text_document.uri, move |ctx| {
            let edits = ctx.analysis.format(&ctx.path, options)?;
            Ok(Some(convert::text_edits(&ctx.index, edits)))
        })
        .await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        let range = params.range;
        let options = format_options(&params.options);
        self.query(&params.text_document.uri, move |ctx| {
            let edits =
                ctx.analysis
                    .format_range(&ctx.path, ctx.index.text_range(range), options)?;
            Ok(Some(convert::text_edits(&ctx.index, edits)))
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let range = params.range;
        let diagnostics = params.context.diagnostics;
        let only = params.context.only;
        self.query(&params.text_document.uri, move |ctx| {
            let assists = ctx
                .analysis
                .assists(&ctx.path, ctx.index.text_range(range))?;
            let mut out = Vec::new();
            for a in assists {
                let kind = match a.kind {
                    ide::AssistKind::QuickFix => CodeActionKind::QUICKFIX,
                    ide::AssistKind::Generate => CodeActionKind::new("refactor.generate"),
                };
                if let Some(only) = &only
                    && !only.iter().any(|k| kind.as_str().starts_with(k.as_str()))
                {
                    continue;
                }
                let Some(edit) = workspace_edit(&ctx.analysis, &ctx.locator, a.edits)? else {
                    continue;
                };
                let fixed: Vec<Diagnostic> = diagnostics
                    .iter()
                    .filter(|d| {
                        a.fixes.is_some_and(|code| {
                            d.code == Some(NumberOrString::String(code.to_string()))
                        })
                    })
                    .cloned()
                    .collect();
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: a.label,
                    kind: Some(kind),
                    diagnostics: (!fixed.is_empty()).then_some(fixed),
                    edit: Some(edit),
                    is_preferred: Some(a.id == "insert_no_diff" || a.id == "add_max_iters"),
                    ..Default::default()
                }));
            }
            Ok(Some(out))
        })
        .await
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let position = params.position;
        let answer = self
            .query(&params.text_document.uri, move |ctx| {
                let offset = ctx.index.offset(position);
                Ok(ctx
                    .analysis
                    .prepare_rename(&ctx.path, offset)?
                    .map(|range| ctx.index.range(range)))
            })
            .await?;
        match answer {
            Ok(range) => Ok(Some(PrepareRenameResponse::Range(range))),
            // The client shows the message: why this name cannot be renamed.
            Err(message) => Err(Error::invalid_params(message)),
        }
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        self.wait_for_index().await;
        let pos = params.text_document_position;
        let new_name = params.new_name;
        let answer = self
            .query(&pos.text_document.uri, move |ctx| {
                let offset = ctx.index.offset(pos.position);
                match ctx.analysis.rename(&ctx.path, offset, &new_name)? {
                    Ok(edits) => Ok(Ok(workspace_edit(&ctx.analysis, &ctx.locator, edits)?)),
                    Err(message) => Ok(Err(message)),
                }
            })
            .await?;
        answer.map_err(Error::invalid_params)
    }
}

/// The editor's indentation settings for the formatter.
fn format_options(options: &FormattingOptions) -> ide::FormatOptions {
    ide::FormatOptions {
        tab_size: options.tab_size,
        insert_spaces: options.insert_spaces,
    }
}
