//! The stdio plumbing around tower-lsp: the runtime the stdio entry points run on, and the watcher
//! that ends the serve loop on `exit` (the end of input ends it in `transport`). Apart from the handlers because
//! it knows nothing of documents or analyses.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::{CompileBackend, serve_with};

const ANALYSIS_STACK_BYTES: usize = 256 << 20;

pub(crate) fn run_stdio_inner(backend: Option<Arc<dyn CompileBackend>>) -> i32 {
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

/// Signals `stop` when the client sends `exit`.
pub(crate) struct ExitWatch<S> {
    pub(crate) inner: S,
    pub(crate) stop: Arc<Notify>,
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
