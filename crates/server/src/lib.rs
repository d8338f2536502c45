//! server: the language server. The only crate that knows LSP types.
//!
//! Shape of the event flow:
//! - Document edits (`didOpen`/`didChange`/`didClose`, configuration) are applied in arrival order
//!   on one path: a mutex taken without awaiting first, so a notification's edit lands before any
//!   later request takes its snapshot (tower-lsp starts handlers in order).
//! - Requests take a salsa snapshot under that mutex and compute on the blocking pool. A later
//!   edit cancels the computation (salsa unwinds it); the request answers `ContentModified`.
//! - Every computation runs under `catch_unwind`: a bug answers one request with an error and the
//!   server goes on.
//! - Diagnostics are published after a pause in typing (debounced), for every open document.
//! - Files named by `import`/`#include` in open documents are read from disk (beside the importer,
//!   then on the configured include paths) and given to the analysis.
//! - The stdlib has no file on disk: go-to-definition into it writes it once under the temp dir.
//! - Full compilation (generated code, compile errors on save, GPU previews) goes through a
//!   [`CompileBackend`] that the binary provides, always on the blocking pool. Without one the
//!   custom `dslang/*` requests answer `MethodNotFound`.

mod backend;
mod config;
mod convert;
mod document;

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use ide::{Analysis, AnalysisHost, Cancellable};
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::Notify;
use tower_lsp::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp::lsp_types::*;
use tower_lsp::{Client, LanguageServer, LspService, Server};

pub use backend::{BackendDiagnostic, CompileBackend, CompileOptions};
pub use config::Config;
pub use document::LineIndex;

use document::Document;

/// Runs the server on stdin/stdout until the client exits or stdin closes. Returns the process
/// exit code. No compile backend: the `dslang/*` requests answer `MethodNotFound`.
pub fn run_stdio() -> i32 {
    run_stdio_inner(None)
}

/// [`run_stdio`] with full compilation, generated code and previews through `backend`.
pub fn run_stdio_with(backend: Arc<dyn CompileBackend>) -> i32 {
    run_stdio_inner(Some(backend))
}

const ANALYSIS_STACK_BYTES: usize = 256 << 20;

fn run_stdio_inner(backend: Option<Arc<dyn CompileBackend>>) -> i32 {
    // Analyses recurse over the syntax tree (a 4096-operator chain is legal): give the blocking
    // threads that run them the CLI's deep stack instead of tokio's 2 MiB. Untouched stack pages
    // cost no memory.
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(ANALYSIS_STACK_BYTES)
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("dslang lsp: cannot start the async runtime: {e}");
            return 1;
        }
    };
    let code = runtime.block_on(serve_with(tokio::io::stdin(), tokio::io::stdout(), backend));
    // Analysis threads still running (cancelled or not) must not keep the process alive.
    runtime.shutdown_timeout(Duration::from_millis(200));
    code
}

/// Serves one client over the given streams (the tests use in-memory pipes). Returns when the
/// client sends `exit` or closes the input: 0 if `shutdown` came first, else 1 (as LSP says).
pub async fn serve<I, O>(input: I, output: O) -> i32
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    serve_with(input, output, None).await
}

/// [`serve`] with a compile backend.
pub async fn serve_with<I, O>(input: I, output: O, backend: Option<Arc<dyn CompileBackend>>) -> i32
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    let shutdown_requested = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(Notify::new());
    let flag = shutdown_requested.clone();
    let (service, socket) = LspService::build(move |client| Backend::new(client, flag, backend))
        .custom_method("dslang/generatedCode", Backend::generated_code)
        .custom_method("dslang/runPreview", Backend::run_preview)
        .custom_method("dslang/gradientCheck", Backend::gradient_check)
        .finish();
    let service = ExitWatch {
        inner: service,
        stop: stop.clone(),
    };
    let input = EofWatch {
        inner: input,
        stop: stop.clone(),
    };
    // tower-lsp's own loop can outlive both events (a handler waiting on a client that left), so
    // stop on either one directly.
    tokio::select! {
        _ = Server::new(input, output, socket).serve(service) => {}
        _ = stop.notified() => {}
    }
    if shutdown_requested.load(Ordering::SeqCst) {
        0
    } else {
        1
    }
}

/// Signals `stop` when the input ends (or fails).
struct EofWatch<I> {
    inner: I,
    stop: Arc<Notify>,
}

impl<I: AsyncRead + Unpin> AsyncRead for EofWatch<I> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let this = &mut *self;
        let poll = std::pin::Pin::new(&mut this.inner).poll_read(cx, buf);
        match &poll {
            std::task::Poll::Ready(Ok(()))
                if buf.filled().len() == before && buf.remaining() > 0 =>
            {
                this.stop.notify_one()
            }
            std::task::Poll::Ready(Err(_)) => this.stop.notify_one(),
            _ => {}
        }
        poll
    }
}

/// Signals `stop` when the client sends `exit`.
struct ExitWatch<S> {
    inner: S,
    stop: Arc<Notify>,
}

impl<S> tower_service::Service<tower_lsp::jsonrpc::Request> for ExitWatch<S>
where
    S: tower_service::Service<tower_lsp::jsonrpc::Request>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::result::Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: tower_lsp::jsonrpc::Request) -> S::Future {
        let is_exit = request.method() == "exit";
        let future = self.inner.call(request);
        if is_exit {
            self.stop.notify_one();
        }
        future
    }
}

/// How long typing must pause before diagnostics are recomputed and published.
const DIAGNOSTICS_DELAY: Duration = Duration::from_millis(150);
/// Upper bound on files loaded from disk through imports (a guard against import storms).
const MAX_DISK_FILES: usize = 512;
/// Completion requests whose items `completionItem/resolve` can still complete (the client
/// resolves items of the list it shows, the latest).
const RESOLVABLE_COMPLETIONS: usize = 4;

/// Where a completion list was computed: its items carry `id` as their `data`, and resolving one
/// recomputes that item alone at this place.
struct CompletionOrigin {
    id: u64,
    uri: Url,
    offset: u32,
}

struct State {
    host: AnalysisHost,
    docs: HashMap<Url, Document>,
    config: Config,
    root: Option<PathBuf>,
    /// Files read from disk because something imports them (virtual path = absolute path).
    disk_files: HashSet<String>,
    /// Whether the client lets us register a file watcher (so imported files stay current).
    can_watch_files: bool,
    /// Errors of the last full compilation on save, with the document version they describe.
    /// They describe the saved program as a whole: a change of any file drops them all (an edit
    /// of an included file can fix or move them).
    compile_diagnostics: HashMap<Url, (i32, Vec<BackendDiagnostic>)>,
    /// Counts the changes of file texts given to the analysis: a compilation started before a
    /// change does not publish its errors after it.
    text_changes: u64,
    /// Documents the client asked a preview for: each save pushes `dslang/previewUpdated`.
    previewed: HashSet<Url>,
    /// Files that are not open but got diagnostics because an open document `#include`s them:
    /// cleared when their problems go away.
    included_published: HashSet<Url>,
    /// The client resolves completion items' `detail` (`completionItem/resolve`): lists leave it
    /// out, which makes them cheaper to compute and to send.
    lazy_completion_detail: bool,
    /// The latest completion lists (at most [`RESOLVABLE_COMPLETIONS`]), oldest first.
    completion_origins: std::collections::VecDeque<CompletionOrigin>,
    next_completion_id: u64,
}

impl State {
    /// Loads, transitively, the files imported by `path` that exist on disk.
    fn load_imports(&mut self, path: &str) {
        let mut work = vec![path.to_string()];
        let mut seen: HashSet<String> = HashSet::new();
        while let Some(current) = work.pop() {
            if !seen.insert(current.clone()) {
                continue;
            }
            // Ask again after each load: an included file can include more.
            loop {
                let host = &self.host;
                let Ok(missing) = catch_unwind(AssertUnwindSafe(|| host.missing_imports(&current)))
                else {
                    break;
                };
                let mut loaded_any = false;
                for alternatives in missing {
                    if self.disk_files.len() >= MAX_DISK_FILES {
                        return;
                    }
                    // The first candidate that exists wins, as in the compiler's own lookup.
                    let found = alternatives
                        .into_iter()
                        .find_map(|c| std::fs::read_to_string(&c).ok().map(|t| (c, t)));
                    if let Some((candidate, text)) = found
                        && !self.host.has_file(&candidate)
                    {
                        self.host.set_file(&candidate, &text);
                        self.disk_files.insert(candidate.clone());
                        work.push(candidate);
                        loaded_any = true;
                    }
                }
                if !loaded_any {
                    break;
                }
            }
        }
    }

    fn load_all_imports(&mut self) {
        let paths: Vec<String> = self.docs.values().map(|d| d.path.clone()).collect();
        for p in paths {
            self.load_imports(&p);
        }
    }
}

/// Maps between URIs and the analysis' virtual paths, and finds line indexes for paths.
#[derive(Clone)]
struct Locator {
    open: HashMap<String, (Url, LineIndex)>,
}

impl Locator {
    fn uri(&self, path: &str) -> Option<Url> {
        if let Some((uri, _)) = self.open.get(path) {
            return Some(uri.clone());
        }
        path_to_uri(path)
    }

    fn index(&self, analysis: &Analysis, path: &str) -> Cancellable<Option<LineIndex>> {
        if let Some((_, index)) = self.open.get(path) {
            return Ok(Some(index.clone()));
        }
        Ok(analysis.file_text(path)?.map(|t| LineIndex::new(&t)))
    }

    fn location(
        &self,
        analysis: &Analysis,
        path: &str,
        range: ide::TextRange,
    ) -> Cancellable<Option<Location>> {
        let (Some(uri), Some(index)) = (self.uri(path), self.index(analysis, path)?) else {
            return Ok(None);
        };
        Ok(Some(Location {
            uri,
            range: index.range(range),
        }))
    }
}

/// The directory the stdlib is written to for go-to-definition (keyed by its content, so a
/// newer server never shows an older copy).
fn stdlib_dir() -> PathBuf {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    Analysis::stdlib_files().hash(&mut hasher);
    std::env::temp_dir().join(format!("dslang-stdlib-{:016x}", hasher.finish()))
}

fn path_to_uri(path: &str) -> Option<Url> {
    if let Some(rest) = path.strip_prefix("stdlib/") {
        let dir = stdlib_dir();
        let file = dir.join(rest);
        if !file.exists() {
            let text = Analysis::stdlib_files().iter().find(|(p, _)| *p == path)?.1;
            std::fs::create_dir_all(file.parent()?).ok()?;
            // Write then rename, so a concurrent reader never sees half a file.
            let tmp = file.with_extension(format!("tmp{}", std::process::id()));
            std::fs::write(&tmp, text).ok()?;
            std::fs::rename(&tmp, &file).ok()?;
        }
        return Url::from_file_path(file).ok();
    }
    if path.starts_with('/') {
        return Url::from_file_path(path).ok();
    }
    Url::parse(path).ok()
}

/// Virtual path of a document: its file-system path, or the stdlib path for our stdlib copies,
/// or the URI itself for unsaved buffers.
fn uri_to_path(uri: &Url) -> String {
    if let Ok(p) = uri.to_file_path() {
        if let Ok(rest) = p.strip_prefix(stdlib_dir()) {
            return format!("stdlib/{}", rest.to_string_lossy());
        }
        return p.to_string_lossy().replace('\\', "/");
    }
    uri.to_string()
}

/// LSP's `RequestFailed`: the request was valid but its work failed (a compile error).
const REQUEST_FAILED: i64 = -32803;

fn content_modified() -> Error {
    Error::new(ErrorCode::ContentModified)
}

fn internal_error(message: String) -> Error {
    Error {
        code: ErrorCode::InternalError,
        message: message.into(),
        data: None,
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

struct Backend {
    client: Client,
    state: Arc<Mutex<State>>,
    diagnostics_generation: Arc<AtomicU64>,
    shutdown_requested: Arc<AtomicBool>,
    compile: Option<Arc<dyn CompileBackend>>,
}

/// Params of `dslang/generatedCode`.
#[derive(Debug, serde::Deserialize)]
struct GeneratedCodeParams {
    uri: Url,
    target: String,
}

/// Params of `dslang/runPreview`.
#[derive(Debug, serde::Deserialize)]
struct RunPreviewParams {
    uri: Url,
    frames: Option<u32>,
}

/// Params of `dslang/gradientCheck`.
#[derive(Debug, serde::Deserialize)]
struct GradientCheckParams {
    uri: Url,
    function: Option<String>,
}

/// `dslang/previewUpdated`: a `PreviewResult` plus the document's `uri`.
enum PreviewUpdated {}

impl notification::Notification for PreviewUpdated {
    type Params = Value;
    const METHOD: &'static str = "dslang/previewUpdated";
}

/// What a backend call works on: the document as the editor has it, and the settings.
struct BackendJob {
    compile: Arc<dyn CompileBackend>,
    path: PathBuf,
    text: String,
    version: i32,
    options: CompileOptions,
    preview_frames: u32,
}

/// What a request computes with: a snapshot, the document's path and text, and the locator.
struct Ctx {
    analysis: Analysis,
    path: String,
    index: LineIndex,
    locator: Locator,
}

impl Backend {
    fn new(
        client: Client,
        shutdown_requested: Arc<AtomicBool>,
        compile: Option<Arc<dyn CompileBackend>>,
    ) -> Backend {
        let state = State {
            host: AnalysisHost::new(),
            docs: HashMap::new(),
            config: Config::default(),
            root: None,
            disk_files: HashSet::new(),
            can_watch_files: false,
            compile_diagnostics: HashMap::new(),
            previewed: HashSet::new(),
            included_published: HashSet::new(),
            text_changes: 0,
            lazy_completion_detail: false,
            completion_origins: Default::default(),
            next_completion_id: 0,
        };
        Backend {
            client,
            state: Arc::new(Mutex::new(state)),
            diagnostics_generation: Arc::new(AtomicU64::new(0)),
            shutdown_requested,
            compile,
        }
    }

    /// The backend and the document for a `dslang/*` request; `MethodNotFound` without a backend.
    fn backend_job(&self, uri: &Url) -> Result<BackendJob> {
        let Some(compile) = self.compile.clone() else {
            return Err(Error::method_not_found());
        };
        let state = self.lock();
        let Some(doc) = state.docs.get(uri) else {
            return Err(Error::invalid_params(format!("document not open: {uri}")));
        };
        Ok(BackendJob {
            compile,
            path: PathBuf::from(&doc.path),
            text: doc.text(),
            version: doc.version,
            options: state.config.backend_options(),
            preview_frames: state.config.preview_frames.unwrap_or(1),
        })
    }

    /// Runs a backend call on the blocking pool (GPU work never runs on the main task),
    /// isolated from panics.
    async fn on_blocking<T: Send + 'static>(
        job: BackendJob,
        f: impl FnOnce(&BackendJob) -> T + Send + 'static,
    ) -> Result<T> {
        let joined =
            tokio::task::spawn_blocking(move || catch_unwind(AssertUnwindSafe(|| f(&job)))).await;
        match joined {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(payload)) => Err(internal_error(format!(
                "dslang: internal error: {}",
                panic_message(&*payload)
            ))),
            Err(e) => Err(internal_error(format!("dslang: request task failed: {e}"))),
        }
    }

    async fn generated_code(&self, params: GeneratedCodeParams) -> Result<Value> {
        if !matches!(params.target.as_str(), "wgsl" | "spirv" | "ir") {
            return Err(Error::invalid_params(format!(
                "unknown target `{}`: expected wgsl, spirv or ir",
                params.target
            )));
        }
        let job = self.backend_job(&params.uri)?;
        let target = params.target;
        let result = Self::on_blocking(job, move |job| {
            let code = job
                .compile
                .generated_code(&job.path, &job.text, &target, &job.options);
            (code, LineIndex::new(&job.text))
        })
        .await?;
        match result {
            (Ok(text), _) => Ok(serde_json::json!({ "text": text })),
            (Err(diagnostics), index) => {
                // The request fails; the errors say why (1-based positions, as in the CLI).
                let messages: Vec<String> = diagnostics
                    .iter()
                    .map(|d| {
                        let pos = index.position(d.start);
                        format!(
                            "{}:{}: {}: {}",
                            pos.line + 1,
                            pos.character + 1,
                            d.code,
                            d.message
                        )
                    })
                    .collect();
                Err(Error {
                    code: ErrorCode::ServerError(REQUEST_FAILED),
                    message: format!("compilation failed:\n{}", messages.join("\n")).into(),
                    data: None,
                })
            }
        }
    }

    async fn run_preview(&self, params: RunPreviewParams) -> Result<Value> {
        let job = self.backend_job(&params.uri)?;
        self.lock().previewed.insert(params.uri.clone());
        let frames = params
            .frames
            .unwrap_or(job.preview_frames)
            .clamp(1, config::MAX_PREVIEW_FRAMES);
        Self::on_blocking(job, move |job| {
            job.compile
                .run_preview(&job.path, &job.text, &job.options, frames)
        })
        .await
    }

    async fn gradient_check(&self, params: GradientCheckParams) -> Result<Value> {
        let job = self.backend_job(&params.uri)?;
        let function = params.function;
        Self::on_blocking(job, move |job| {
            job.compile
                .gradient_check(&job.path, &job.text, &job.options, function.as_deref())
        })
        .await
    }

    /// On save: the full compilation's errors join the live diagnostics, and a previewed
    /// document gets a fresh preview pushed.
    async fn compile_on_save(&self, uri: Url) {
        let Ok(job) = self.backend_job(&uri) else {
            return;
        };
        let (previewed, changes_before) = {
            let state = self.lock();
            (state.previewed.contains(&uri), state.text_changes)
        };
        let version = job.version;
        let result = Self::on_blocking(job, move |job| {
            let diagnostics = job
                .compile
                .compile_diagnostics(&job.path, &job.text, &job.options);
            let preview = previewed.then(|| {
                job.compile
                    .run_preview(&job.path, &job.text, &job.options, job.preview_frames)
            });
            (diagnostics, preview)
        })
        .await;
        match result {
            Ok((diagnostics, preview)) => {
                {
                    let mut state = self.lock();
                    if state.text_changes == changes_before {
                        state
                            .compile_diagnostics
                            .insert(uri.clone(), (version, diagnostics));
                    }
                }
                self.schedule_diagnostics(Duration::ZERO);
                if let Some(mut preview) = preview {
                    if let Value::Object(map) = &mut preview {
                        map.insert("uri".to_string(), Value::String(uri.to_string()));
                    }
                    self.client
                        .send_notification::<PreviewUpdated>(preview)
                        .await;
                }
            }
            Err(e) => {
                self.client
                    .log_message(
                        MessageType::ERROR,
                        format!("dslang: compilation on save failed: {}", e.message),
                    )
                    .await
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves consistent data (edits are whole operations).
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn locator(state: &State) -> Locator {
        Locator {
            open: state
                .docs
                .iter()
                .map(|(uri, d)| (d.path.clone(), (uri.clone(), d.text.clone())))
                .collect(),
        }
    }

    /// Runs `f` on a snapshot on the blocking pool, isolated from panics and cancellable by edits.
    async fn query<T, F>(&self, uri: &Url, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Ctx) -> Cancellable<T> + Send + 'static,
    {
        let ctx = {
            let state = self.lock();
            let Some(doc) = state.docs.get(uri) else {
                return Err(Error::invalid_params(format!("document not open: {uri}")));
            };
            Ctx {
                analysis: state.host.analysis(),
                path: doc.path.clone(),
                index: doc.text.clone(),
                locator: Self::locator(&state),
            }
        };
        let joined = tokio::task::spawn_blocking(move || {
            let result = catch_unwind(AssertUnwindSafe(|| f(&ctx)));
            // Drop the snapshot here, on this thread: a pending edit waits for it.
            drop(ctx);
            result
        })
        .await;
        match joined {
            Ok(Ok(Ok(value))) => Ok(value),
            Ok(Ok(Err(_cancelled))) => Err(content_modified()),
            Ok(Err(payload)) if payload.is::<ide::Cancelled>() => Err(content_modified()),
            Ok(Err(payload)) => Err(internal_error(format!(
                "dslang: internal error: {}",
                panic_message(&*payload)
            ))),
            Err(e) => Err(internal_error(format!("dslang: request task failed: {e}"))),
        }
    }

    /// Applies a change to the analysis (a document's new text), isolated from panics.
    fn set_document(state: &mut State, path: &str, text: &str) {
        if path.starts_with("stdlib/") {
            return;
        }
        // (A document opened with the text already loaded from disk changes nothing.)
        let same = state
            .host
            .analysis()
            .file_text(path)
            .ok()
            .flatten()
            .is_some_and(|old| *old == *text);
        if !same {
            state.text_changes += 1;
            state.compile_diagnostics.clear();
        }
        let host = &mut state.host;
        if catch_unwind(AssertUnwindSafe(|| host.set_file(path, text))).is_ok() {
            state.load_imports(path);
        }
    }

    fn schedule_diagnostics(&self, delay: Duration) {
        let generation = self.diagnostics_generation.fetch_add(1, Ordering::SeqCst) + 1;
        let counter = self.diagnostics_generation.clone();
        let state = self.state.clone();
        let client = self.client.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            if counter.load(Ordering::SeqCst) != generation {
                return; // a newer edit scheduled its own run
            }
            let (analysis, docs, locator) = {
                let state = state.lock().unwrap_or_else(|e| e.into_inner());
                let docs: Vec<DocDiagnosticsJob> = state
                    .docs
                    .iter()
                    .filter(|(_, d)| !d.path.starts_with("stdlib/"))
                    .map(|(uri, d)| {
                        // Compile errors describe the saved text: kept until the next edit.
                        let compiled = match state.compile_diagnostics.get(uri) {
                            Some((version, diags)) if *version == d.version => diags.clone(),
                            _ => Vec::new(),
                        };
                        DocDiagnosticsJob {
                            uri: uri.clone(),
                            path: d.path.clone(),
                            index: d.text.clone(),
                            version: d.version,
                            compiled,
                        }
                    })
                    .collect();
                (state.host.analysis(), docs, Self::locator(&state))
            };
            let computed = tokio::task::spawn_blocking(move || {
                let result = catch_unwind(AssertUnwindSafe(|| {
                    compute_diagnostics(&analysis, &locator, docs)
                }));
                drop(analysis);
                result
            })
            .await;
            match computed {
                Ok(Ok(Ok(computed))) => {
                    if counter.load(Ordering::SeqCst) != generation {
                        return;
                    }
                    // Included files that no longer have problems (and are not open) are cleared.
                    let stale: Vec<Url> = {
                        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
                        let now: HashSet<Url> = computed
                            .included
                            .iter()
                            .map(|(uri, _)| uri.clone())
                            .collect();
                        let stale = state
                            .included_published
                            .iter()
                            .filter(|uri| !now.contains(*uri) && !state.docs.contains_key(*uri))
                            .cloned()
                            .collect();
                        state.included_published = now;
                        stale
                    };
                    for (uri, diags, version) in computed.open {
                        client.publish_diagnostics(uri, diags, Some(version)).await;
                    }
                    for (uri, diags) in computed.included {
                        client.publish_diagnostics(uri, diags, None).await;
                    }
                    for uri in stale {
                        client.publish_diagnostics(uri, Vec::new(), None).await;
                    }
                }
                // Cancelled by an edit: that edit scheduled a new run.
                Ok(Ok(Err(_))) => {}
                Ok(Err(payload)) if payload.is::<ide::Cancelled>() => {}
                Ok(Err(payload)) => {
                    client
                        .log_message(
                            MessageType::ERROR,
                            format!("dslang: diagnostics failed: {}", panic_message(&*payload)),
                        )
                        .await
                }
                Err(e) => {
                    client
                        .log_message(
                            MessageType::ERROR,
                            format!("dslang: diagnostics task failed: {e}"),
                        )
                        .await
                }
            }
        });
    }

    fn apply_config(&self, config: Config) {
        {
            let mut state = self.lock();
            if state.config == config {
                return;
            }
            state.host.set_options(config.compile_options());
            state.config = config;
            state.load_all_imports();
        }
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

/// One open document's share of a diagnostics run.
struct DocDiagnosticsJob {
    uri: Url,
    path: String,
    index: LineIndex,
    version: i32,
    compiled: Vec<BackendDiagnostic>,
}

/// What one diagnostics run publishes.
struct ComputedDiagnostics {
    /// Per open document: its diagnostics and the version they describe.
    open: Vec<(Url, Vec<Diagnostic>, i32)>,
    /// Files that are not open, with the problems open documents find in them through `#include`.
    included: Vec<(Url, Vec<Diagnostic>)>,
}

/// The diagnostics of every open document. A problem in `#include`d text is published for the
/// included file (with "included from here" notes), and the `#include` line gets a summary; an
/// included file that is open itself shows those besides its own.
fn compute_diagnostics(
    analysis: &Analysis,
    locator: &Locator,
    docs: Vec<DocDiagnosticsJob>,
) -> Cancellable<ComputedDiagnostics> {
    let mut open: Vec<(Url, String, Vec<Diagnostic>, i32)> = Vec::new();
    // By virtual path, in a stable order.
    let mut elsewhere: std::collections::BTreeMap<String, Vec<Diagnostic>> = Default::default();
    for job in docs {
        let mut groups = analysis.diagnostics_by_file(&job.path)?.into_iter();
        let mut diags = Vec::new();
        for d in groups.next().map(|g| g.diagnostics).unwrap_or_default() {
            diags.push(to_lsp_diagnostic(analysis, locator, &job.index, d)?);
        }
        merge_compile_diagnostics(&mut diags, &job.index, &job.compiled);
        for group in groups {
            let Some(index) = locator.index(analysis, &group.path)? else {
                continue;
            };
            let list = elsewhere.entry(group.path).or_default();
            for d in group.diagnostics {
                add_merged(list, to_lsp_diagnostic(analysis, locator, &index, d)?);
            }
        }
        open.push((job.uri, job.path, diags, job.version));
    }
    let mut out = ComputedDiagnostics {
        open: Vec::new(),
        included: Vec::new(),
    };
    for (uri, path, mut diags, version) in open {
        for d in elsewhere.remove(&path).unwrap_or_default() {
            add_merged(&mut diags, d);
        }
        out.open.push((uri, diags, version));
    }
    for (path, diags) in elsewhere {
        if let Some(uri) = locator.uri(&path) {
            out.included.push((uri, diags));
        }
    }
    Ok(out)
}

/// Adds `d` unless the same problem is listed already (the same included text seen from two
/// documents): then only its related notes join the listed one's.
fn add_merged(list: &mut Vec<Diagnostic>, d: Diagnostic) {
    let same = list
        .iter_mut()
        .find(|x| x.range == d.range && x.code == d.code && x.message == d.message);
    match same {
        Some(listed) => {
            for r in d.related_information.unwrap_or_default() {
                let notes = listed.related_information.get_or_insert_with(Vec::new);
                if !notes.contains(&r) {
                    notes.push(r);
                }
            }
        }
        None => list.push(d),
    }
}

/// Adds the full compilation's errors that the live analysis did not report already.
fn merge_compile_diagnostics(
    diags: &mut Vec<Diagnostic>,
    index: &LineIndex,
    compiled: &[BackendDiagnostic],
) {
    for d in compiled {
        let range = index.range(ide::TextRange::new(d.start, d.end.max(d.start)));
        let code = NumberOrString::String(d.code.clone());
        if diags
            .iter()
            .any(|live| live.code.as_ref() == Some(&code) && live.range.start == range.start)
        {
            continue;
        }
        diags.push(Diagnostic {
            range,
            severity: Some(if d.is_error {
                DiagnosticSeverity::ERROR
            } else {
                DiagnosticSeverity::WARNING
            }),
            code: Some(code),
            code_description: None,
            source: Some("dslang compile".to_string()),
            message: d.message.clone(),
            related_information: None,
            tags: None,
            data: None,
        });
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

fn to_lsp_diagnostic(
    analysis: &Analysis,
    locator: &Locator,
    index: &LineIndex,
    d: ide::Diagnostic,
) -> Cancellable<Diagnostic> {
    let mut related = Vec::new();
    for r in d.related {
        if let Some(location) = locator.location(analysis, &r.path, r.range)? {
            related.push(DiagnosticRelatedInformation {
                location,
                message: r.message,
            });
        }
    }
    Ok(Diagnostic {
        range: index.range(d.range),
        severity: Some(convert::severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_string())),
        code_description: None,
        source: Some("dslang".to_string()),
        message: d.message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    })
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
                ..Default::default()
            },
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        if self.lock().can_watch_files {
            let watchers =
                serde_json::json!({"watchers": [{"globPattern": "**/*.{slang,h,hlsl}"}]});
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
        self.fetch_config().await;
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        {
            let mut state = self.lock();
            let open: HashSet<String> = state.docs.values().map(|d| d.path.clone()).collect();
            for change in params.changes {
                let path = uri_to_path(&change.uri);
                // Open documents are the client's truth; only files loaded from disk are refreshed.
                if open.contains(&path) || !state.disk_files.contains(&path) {
                    continue;
                }
                match std::fs::read_to_string(&path) {
                    Ok(text) if change.typ != FileChangeType::DELETED => {
                        Self::set_document(&mut state, &path, &text)
                    }
                    _ => {
                        state.host.remove_file(&path);
                        state.disk_files.remove(&path);
                    }
                }
            }
            // A deleted or renamed file may now be found elsewhere; a new one may now resolve.
            state.load_all_imports();
        }
        self.schedule_diagnostics(Duration::ZERO);
    }

    async fn shutdown(&self) -> Result<()> {
        self.shutdown_requested.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        {
            let mut state = self.lock();
            let doc = params.text_document;
            let path = uri_to_path(&doc.uri);
            Self::set_document(&mut state, &path, &doc.text);
            state.docs.insert(
                doc.uri,
                Document {
                    text: LineIndex::new(&doc.text),
                    version: doc.version,
                    path,
                },
            );
        }
        self.schedule_diagnostics(Duration::ZERO);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        {
            let mut state = self.lock();
            let uri = params.text_document.uri;
            let Some(doc) = state.docs.get_mut(&uri) else {
                return;
            };
            for change in &params.content_changes {
                doc.apply(change);
            }
            doc.version = params.text_document.version;
            let (path, text) = (doc.path.clone(), doc.text());
            Self::set_document(&mut state, &path, &text);
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
        {
            let mut state = self.lock();
            state.compile_diagnostics.remove(&uri);
            state.previewed.remove(&uri);
            if let Some(doc) = state.docs.remove(&uri)
                && !doc.path.starts_with("stdlib/")
            {
                // Other files may import it: keep what is on disk, forget unsaved buffers.
                match std::fs::read_to_string(&doc.path) {
                    Ok(text) => Self::set_document(&mut state, &doc.path, &text),
                    Err(_) => state.host.remove_file(&doc.path),
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
        self.query(&params.text_document.uri, move |ctx| {
            let edits = ctx.analysis.format(&ctx.path)?;
            Ok(Some(convert::text_edits(&ctx.index, edits)))
        })
        .await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        let range = params.range;
        self.query(&params.text_document.uri, move |ctx| {
            let edits = ctx
                .analysis
                .format_range(&ctx.path, ctx.index.text_range(range))?;
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
