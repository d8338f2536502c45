//! The custom `dslang/*` requests and the compilation on save: everything that goes through
//! the [`CompileBackend`] the binary provides. Apart because it is the one part of the server
//! that runs full compilations (and GPU work), always on the blocking pool.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use tower_lsp::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp::lsp_types::*;

use crate::{
    Backend, CompileBackend, CompileOptions, LineIndex, config, internal_error, panic_message,
};

/// LSP's `RequestFailed`: the request was valid but its work failed (a compile error).
const REQUEST_FAILED: i64 = -32803;

/// Params of `dslang/generatedCode`.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct GeneratedCodeParams {
    uri: Url,
    target: String,
}

/// Params of `dslang/runPreview`.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct RunPreviewParams {
    uri: Url,
    frames: Option<u32>,
    /// The user's inputs: control values, mouse, keys, `continue` (docs/preview-protocol.md).
    #[serde(default)]
    inputs: Option<Value>,
}

/// Params of `dslang/gradientCheck`.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct GradientCheckParams {
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
impl Backend {
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
        let joined = tokio::task::spawn_blocking(move || {
            let result = catch_unwind(AssertUnwindSafe(|| f(&job)));
            // The compilation's database, IR and module are dropped by now: give their memory
            // back (see `release_free_memory`).
            drop(job);
            release_free_memory();
            result
        })
        .await;
        match joined {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(payload)) => Err(internal_error(format!(
                "dslang: internal error: {}",
                panic_message(&*payload)
            ))),
            Err(e) => Err(internal_error(format!("dslang: request task failed: {e}"))),
        }
    }

    pub(crate) async fn generated_code(&self, params: GeneratedCodeParams) -> Result<Value> {
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

    pub(crate) async fn run_preview(&self, params: RunPreviewParams) -> Result<Value> {
        let job = self.backend_job(&params.uri)?;
        self.lock().previewed.insert(params.uri.clone());
        let frames = params
            .frames
            .unwrap_or(job.preview_frames)
            .clamp(1, config::MAX_PREVIEW_FRAMES);
        let inputs = params.inputs;
        Self::on_blocking(job, move |job| match &inputs {
            Some(inputs) => job.compile.run_preview_with_inputs(
                &job.path,
                &job.text,
                &job.options,
                frames,
                inputs,
            ),
            None => job
                .compile
                .run_preview(&job.path, &job.text, &job.options, frames),
        })
        .await
    }

    pub(crate) async fn gradient_check(&self, params: GradientCheckParams) -> Result<Value> {
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
    pub(crate) async fn compile_on_save(&self, uri: Url) {
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
}

/// Returns the heap's free pages to the system. A full compilation (a fresh database, the IR,
/// the naga module) allocates some hundred MiB on whichever pool thread runs it; glibc keeps what
/// is freed in that thread's arena, so without this the server's RSS grew by the size of a
/// compilation for each pool thread that ever ran one (37 -> 134 MiB over 40 saves of a
/// 5,000-line file).
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory of the allocator's arenas to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}
