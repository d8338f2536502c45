//! The stdio plumbing around tower-lsp: the runtime the stdio entry points run on, and the two
//! watchers that end the serve loop on `exit` or end of input. Apart from the handlers because
//! it knows nothing of documents or analyses.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::AsyncRead;
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

/// Signals `stop` when the input ends (or fails).
pub(crate) struct EofWatch<I> {
    pub(crate) inner: I,
    pub(crate) stop: Arc<Notify>,
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
