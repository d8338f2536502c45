//! A client for LSP transcripts through the real `dslang lsp` binary over pipes, shared by the
//! LSP integration tests (`mod lsp_client;`): framing, requests and notifications, waiting for a
//! message while answering the server's own requests, and ending the process.

#![allow(dead_code)] // each test file uses a part

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a test waits for one message before failing.
pub const TIMEOUT: Duration = Duration::from_secs(60);

pub struct Client {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    /// Starts `dslang lsp` without initialising it.
    pub fn spawn() -> Client {
        Self::spawn_in(None)
    }

    fn spawn_in(runtime_dir: Option<&Path>) -> Client {
        let mut command = Command::new(env!("CARGO_BIN_EXE_dslang"));
        command
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = runtime_dir {
            command.env("XDG_RUNTIME_DIR", dir);
        }
        let mut child = command.spawn().expect("start dslang lsp");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(v) = line.strip_prefix("Content-Length: ") {
                        len = v.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; len.unwrap_or(0)];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                if let Ok(v) = serde_json::from_slice::<Value>(&body)
                    && tx.send(v).is_err()
                {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            messages: rx,
            next_id: 1000,
        }
    }

    /// Starts `dslang lsp` (its runtime directory inside `root`) and initialises it with `root`
    /// as the workspace.
    pub fn start(root: &Path) -> Client {
        let runtime = root.join("xdg");
        std::fs::create_dir_all(&runtime).unwrap();
        let mut client = Self::spawn_in(Some(&runtime));
        client.initialize(Some(root));
        client
    }

    pub fn raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    pub fn body(&mut self, body: &[u8]) {
        let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        framed.extend_from_slice(body);
        self.raw(&framed);
    }

    pub fn send(&mut self, msg: Value) {
        self.body(msg.to_string().as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        let mut msg = json!({"jsonrpc": "2.0", "method": method});
        if !params.is_null() {
            msg["params"] = params;
        }
        self.send(msg);
    }

    /// The next message satisfying `pred`, answering server requests on the way.
    pub fn wait_for(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let msg = self
                .messages
                .recv_timeout(TIMEOUT)
                .unwrap_or_else(|_| panic!("timed out waiting for {what}"));
            if let (Some(id), Some(method)) = (msg.get("id"), msg.get("method")) {
                let result = if method == "workspace/configuration" {
                    json!([{}])
                } else {
                    Value::Null
                };
                self.send(json!({"jsonrpc": "2.0", "id": id, "result": result}));
                continue;
            }
            if pred(&msg) {
                return msg;
            }
        }
    }

    pub fn answer(&mut self, id: Value) -> Value {
        self.wait_for(&format!("the answer to {id}"), |m| {
            m.get("id") == Some(&id) && m.get("method").is_none()
        })
    }

    /// Sends a request; its id, to wait for the answer later.
    pub fn start_request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut msg = json!({"jsonrpc": "2.0", "id": id, "method": method});
        // `shutdown` takes no params at all.
        if !params.is_null() {
            msg["params"] = params;
        }
        self.send(msg);
        json!(id)
    }

    /// Sends a request and returns the whole response (`result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.start_request(method, params);
        self.answer(id)
    }

    pub fn initialize(&mut self, root: Option<&Path>) {
        self.initialize_with(root, json!({}));
    }

    /// `initialize` (with the client's `capabilities`) and `initialized`.
    pub fn initialize_with(&mut self, root: Option<&Path>, capabilities: Value) {
        let root = root.map(|r| Value::String(url(r)));
        self.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"processId": null, "rootUri": root, "capabilities": capabilities}}));
        self.answer(json!(1));
        self.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    }

    /// `didOpen` of `path` with `text`, which is also written to disk. Returns the URI.
    pub fn open(&mut self, path: &Path, text: &str) -> String {
        std::fs::write(path, text).unwrap();
        let uri = url(path);
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": text}}),
        );
        uri
    }

    /// A request any initialised server answers quickly (an error: the document is not open).
    pub fn ping(&mut self, id: i64) {
        self.send(
            json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
            "params": {"textDocument": {"uri": "file:///nowhere.slang"},
                       "position": {"line": 0, "character": 0}}}),
        );
        let reply = self.answer(json!(id));
        assert!(
            reply.get("result").is_some() || reply.get("error").is_some(),
            "{reply}"
        );
    }

    /// The next diagnostics published for `uri`, one line each: `line:col code [source] message`.
    pub fn diagnostics_for(&mut self, uri: &str) -> Vec<String> {
        let msg = self.wait_for("diagnostics", |m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        msg["params"]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                format!(
                    "{}:{} {} [{}] {}",
                    d["range"]["start"]["line"],
                    d["range"]["start"]["character"],
                    d["code"].as_str().unwrap_or("-"),
                    d["source"].as_str().unwrap_or("-"),
                    d["message"].as_str().unwrap_or("")
                )
            })
            .collect()
    }

    /// `shutdown`, `exit`, and a successful exit.
    pub fn shutdown(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "dslang lsp exited with {status}");
    }

    /// Closes the server's input and waits (at most 5 s) for it to exit.
    pub fn close_and_wait(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if start.elapsed() > Duration::from_secs(5) {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("dslang lsp still running 5 s after its input closed");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A failed test leaves no server behind.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

pub fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A fresh, empty directory for one test (`prefix` names the test file).
pub fn temp_dir(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dslang-{prefix}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
