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
//!   then on the configured include paths) and given to the analysis; the workspace folders are
//!   scanned for `.slang`/`.slangh` files at start and kept current through watched-file events,
//!   so references, rename and workspace symbols see every file of the project (`loader`). All
//!   reads happen outside the state lock: a document including `/dev/stdin` or a FIFO cannot stop
//!   the others' answers, and such files are refused with the reason.
//! - The stdlib has no file on disk: go-to-definition into it writes it once under the temp dir.
//! - Full compilation (generated code, compile errors on save, GPU previews) goes through a
//!   [`CompileBackend`] that the binary provides, always on the blocking pool. Without one the
//!   custom `dslang/*` requests answer `MethodNotFound`.
// Analysis and compiler code never unwraps: user input becomes a diagnostic, not a panic.
#![deny(clippy::unwrap_used)]

mod backend;
mod config;
mod convert;
mod diagnostics;
mod document;
mod ext;
mod handlers;
mod loader;
mod main_loop;
mod transport;

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use ide::{Analysis, AnalysisHost, Cancellable};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt};
use tokio::sync::Notify;
use tower_lsp::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp::lsp_types::*;
use tower_lsp::{Client, LspService, Server};

pub use backend::{BackendDiagnostic, CompileBackend, CompileOptions};
pub use config::Config;
pub use document::LineIndex;

use document::Document;
use main_loop::{ExitWatch, run_stdio_inner};

/// Runs the server on stdin/stdout until the client exits or stdin closes. Returns the process
/// exit code. No compile backend: the `dslang/*` requests answer `MethodNotFound`.
pub fn run_stdio() -> i32 {
    run_stdio_inner(None)
}

/// [`run_stdio`] with full compilation, generated code and previews through `backend`.
pub fn run_stdio_with(backend: Arc<dyn CompileBackend>) -> i32 {
    run_stdio_inner(Some(backend))
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
    // tower-lsp reads and writes in-memory pipes; our framing sits between them and the client
    // (see `transport`).
    let (to_server, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, from_server) = tokio::io::duplex(1 << 16);
    let (queue, mut outgoing) = tokio::sync::mpsc::unbounded_channel();
    let mut output = Box::pin(output);
    // tower-lsp's own loop can outlive both the end of input and `exit` (a handler waiting on a
    // client that left), so stop on either one directly.
    tokio::select! {
        _ = Server::new(server_in, server_out, socket).serve(service) => {}
        _ = transport::read_client(input, to_server, queue.clone()) => {}
        _ = transport::relay_frames(from_server, queue) => {}
        _ = transport::write_client(&mut outgoing, &mut output) => {}
        _ = stop.notified() => {}
    }
    // Answers already queued (to a malformed last message, say) still reach the client.
    let _ = tokio::time::timeout(Duration::from_millis(200), async {
        while let Ok(framed) = outgoing.try_recv() {
            if output.write_all(&framed).await.is_err() {
                break;
            }
        }
        let _ = output.flush().await;
    })
    .await;
    if shutdown_requested.load(Ordering::SeqCst) {
        0
    } else {
        1
    }
}
/// How long typing must pause before diagnostics are recomputed and published.
const DIAGNOSTICS_DELAY: Duration = Duration::from_millis(150);
/// The largest document analysed (and file read for an import): a bigger one is refused with a
/// message. Real shaders are far smaller; this keeps one document from taking gigabytes.
pub(crate) const MAX_DOCUMENT_BYTES: usize = 32 << 20;
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
    /// Files read from disk because something imports them or the workspace index found them
    /// (virtual path = absolute path).
    disk_files: HashSet<String>,
    /// The workspace folders the index scans.
    roots: Vec<PathBuf>,
    /// Files that exist but were not read, with why (devices, FIFOs, over the size limit).
    refused: HashMap<String, String>,
    /// Documents whose imports are being loaded (path -> loads in flight): their requests wait
    /// for them (briefly), so an answer right after `didOpen` sees the imported files.
    loading: HashMap<String, u32>,
    /// Loads running (those of keystrokes too): diagnostics wait for all of them.
    loads_in_flight: u32,
    /// Workspace scans not finished: workspace-wide requests wait for them (briefly).
    indexing: usize,
    /// A diagnostics run was skipped because loads were in flight: the last load reschedules it.
    diagnostics_waiting: bool,
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

/// The directory the stdlib is written to for go-to-definition: private to this user, so that
/// nobody else can plant a `core.slang` for the editor to open (issue 28, S1). Under
/// `$XDG_RUNTIME_DIR` when it is private (keyed by the library's content, so a newer server never
/// shows an older copy); else a fresh directory of this process's own (mode 0700) in the
/// temporary directory, never a predictable shared name.
fn stdlib_dir() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(private_stdlib_dir).clone()
}

fn private_stdlib_dir() -> PathBuf {
    use std::hash::{Hash, Hasher};
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    Analysis::stdlib_files().hash(&mut hasher);
    let name = format!("dslang-stdlib-{:016x}", hasher.finish());
    let private = |dir: &std::path::Path| {
        std::fs::symlink_metadata(dir)
            .is_ok_and(|m| m.is_dir() && m.permissions().mode() & 0o077 == 0)
    };
    if let Some(runtime) = std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from)
        && runtime.is_absolute()
        && private(&runtime)
    {
        return runtime.join(name);
    }
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    for attempt in 0u32..16 {
        let dir = std::env::temp_dir().join(format!(
            "{name}-{}-{:08x}",
            std::process::id(),
            nanos.wrapping_mul(2_654_435_761).wrapping_add(attempt)
        ));
        // `create`, not `create_all`: a name someone else took is never used.
        if std::fs::DirBuilder::new().mode(0o700).create(&dir).is_ok() {
            return dir;
        }
    }
    // No private directory: a path that cannot exist, so go-to-definition finds no file.
    PathBuf::from("/nonexistent/dslang-stdlib")
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
/// A file's text from disk, decoded as the compiler decodes it: bytes that are not UTF-8 become
/// U+FFFD, so a Latin-1 module still loads (and gets the compiler's E1004 when opened).
///
/// Regular files only, at most [`MAX_DOCUMENT_BYTES`]: `#include "/dev/stdin"` would read our own
/// JSON-RPC input, `/dev/zero` or a FIFO would never end (the compiler's loader does the same).
pub(crate) fn read_source(path: &str) -> Option<String> {
    read_source_checked(path).ok()
}

/// [`read_source`] that says why a file was not read: `Err(None)` when there is no such file,
/// `Err(Some(reason))` when there is one but it is not read ("is a FIFO (named pipe), not a
/// regular file"), phrased to follow "it" in the include diagnostic.
pub(crate) fn read_source_checked(path: &str) -> std::result::Result<String, Option<String>> {
    use std::io::Read;
    // Checked before opening: opening a FIFO blocks until someone writes to it.
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(None),
        Err(e) => return Err(Some(format!("cannot be examined ({e})"))),
    };
    if !meta.is_file() {
        return Err(Some(format!(
            "is {}, not a regular file",
            file_type_name(&meta)
        )));
    }
    let too_large = || {
        format!(
            "is over the language server's limit of {} MiB",
            MAX_DOCUMENT_BYTES >> 20
        )
    };
    if meta.len() > MAX_DOCUMENT_BYTES as u64 {
        return Err(Some(too_large()));
    }
    let file = std::fs::File::open(path).map_err(|e| Some(format!("cannot be opened ({e})")))?;
    // The path may have been replaced between the two looks.
    match file.metadata() {
        Ok(meta) if meta.is_file() => {}
        Ok(meta) => {
            return Err(Some(format!(
                "is {}, not a regular file",
                file_type_name(&meta)
            )));
        }
        Err(e) => return Err(Some(format!("cannot be examined ({e})"))),
    }
    let mut bytes = Vec::new();
    file.take(MAX_DOCUMENT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Some(format!("cannot be read ({e})")))?;
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return Err(Some(too_large()));
    }
    Ok(ide::decode_source(&bytes).0)
}

/// What a file that is not a regular file is, for messages.
fn file_type_name(meta: &std::fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

fn uri_to_path(uri: &Url) -> String {
    if let Ok(p) = uri.to_file_path() {
        if let Ok(rest) = p.strip_prefix(stdlib_dir()) {
            return format!("stdlib/{}", rest.to_string_lossy());
        }
        return p.to_string_lossy().replace('\\', "/");
    }
    uri.to_string()
}

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

#[derive(Clone)]
struct Backend {
    client: Client,
    state: Arc<Mutex<State>>,
    diagnostics_generation: Arc<AtomicU64>,
    shutdown_requested: Arc<AtomicBool>,
    compile: Option<Arc<dyn CompileBackend>>,
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
            roots: Vec::new(),
            refused: HashMap::new(),
            loading: HashMap::new(),
            loads_in_flight: 0,
            indexing: 0,
            diagnostics_waiting: false,
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
    /// A run cancelled by a change the client did not make to this document (files loaded in
    /// the background, the index, another document) is run again on a fresh snapshot, a few
    /// times: the answer is still current, so `ContentModified` would be a false refusal.
    async fn query<T, F>(&self, uri: &Url, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: Fn(&Ctx) -> Cancellable<T> + Send + Sync + 'static,
    {
        const ATTEMPTS: usize = 4;
        let f = Arc::new(f);
        self.wait_for_loads(uri).await;
        for attempt in 1..=ATTEMPTS {
            let (ctx, version) = {
                let state = self.lock();
                let Some(doc) = state.docs.get(uri) else {
                    return Err(Error::invalid_params(format!("document not open: {uri}")));
                };
                let ctx = Ctx {
                    analysis: state.host.analysis(),
                    path: doc.path.clone(),
                    index: doc.text.clone(),
                    locator: Self::locator(&state),
                };
                (ctx, doc.version)
            };
            let run = f.clone();
            let joined = tokio::task::spawn_blocking(move || {
                let result = catch_unwind(AssertUnwindSafe(|| run(&ctx)));
                // Drop the snapshot here, on this thread: a pending edit waits for it.
                drop(ctx);
                result
            })
            .await;
            match joined {
                Ok(Ok(Ok(value))) => return Ok(value),
                Ok(Ok(Err(_cancelled))) => {}
                Ok(Err(payload)) if payload.is::<ide::Cancelled>() => {}
                Ok(Err(payload)) => {
                    return Err(internal_error(format!(
                        "dslang: internal error: {}",
                        panic_message(&*payload)
                    )));
                }
                Err(e) => return Err(internal_error(format!("dslang: request task failed: {e}"))),
            }
            let edited_here = self
                .lock()
                .docs
                .get(uri)
                .is_none_or(|doc| doc.version != version);
            if edited_here || attempt == ATTEMPTS {
                break;
            }
        }
        Err(content_modified())
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
        // (The caller loads its imports afterwards, outside the lock: `loader`.)
        let _ = catch_unwind(AssertUnwindSafe(|| host.set_file(path, text)));
    }
}
