//! The language server's protocol robustness through the real `dslang lsp` binary over pipes:
//! malformed messages are answered and the server goes on, every request is answered, and the
//! process ends when its input closes, whatever state it is in (issues 25 and 28).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TIMEOUT: Duration = Duration::from_secs(20);

struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dslang"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start dslang lsp");
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
        }
    }

    fn raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn body(&mut self, body: &[u8]) {
        let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        framed.extend_from_slice(body);
        self.raw(&framed);
    }

    fn send(&mut self, msg: Value) {
        self.body(msg.to_string().as_bytes());
    }

    /// The next message satisfying `pred`, answering server requests on the way.
    fn wait_for(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
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

    fn answer(&mut self, id: Value) -> Value {
        self.wait_for(&format!("the answer to {id}"), |m| {
            m.get("id") == Some(&id) && m.get("method").is_none()
        })
    }

    fn initialize(&mut self, root: Option<&Path>) {
        let root = root.map(|r| Value::String(url(r)));
        self.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"processId": null, "rootUri": root, "capabilities": {}}}));
        self.answer(json!(1));
        self.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    }

    /// A request any initialised server answers quickly (an error: the document is not open).
    fn ping(&mut self, id: i64) {
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

    /// Closes the server's input and waits (at most 5 s) for it to exit.
    fn close_and_wait(mut self) -> std::process::ExitStatus {
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

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("dslang-lsp-protocol-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn malformed_messages_are_answered_and_the_server_goes_on() {
    let mut client = Client::start();
    client.initialize(None);
    // Invalid UTF-8, then truncated JSON: each answered with a parse error (id null).
    for bad in [
        &b"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"\xff\xfe\"}"[..],
        &b"{\"jsonrpc\":\"2.0\",\"id\":6,\"meth"[..],
    ] {
        client.body(bad);
        let reply = client.answer(Value::Null);
        assert_eq!(reply["error"]["code"], -32700, "{reply}");
        client.ping(10);
    }
    // A frame without a Content-Length, then garbage: skipped, and the next frame is read.
    client.raw(b"X-Junk: 1\r\n\r\nnot a frame at all ");
    assert_eq!(client.answer(Value::Null)["error"]["code"], -32700);
    client.ping(11);
    // Valid JSON that is not a JSON-RPC message: invalid request, with its id.
    client.send(json!({"jsonrpc": "1.0", "id": 12, "method": "x"}));
    assert_eq!(client.answer(json!(12))["error"]["code"], -32600);
    client.ping(13);
    // An unknown request with an id, `$/` or not: method not found.
    client.send(json!({"jsonrpc": "2.0", "id": 14, "method": "$/foo", "params": {}}));
    assert_eq!(client.answer(json!(14))["error"]["code"], -32601);
    client.send(json!({"jsonrpc": "2.0", "id": 15, "method": "foo/bar"}));
    assert_eq!(client.answer(json!(15))["error"]["code"], -32601);
    // An unknown `$/` notification is ignored, as the protocol allows.
    client.send(json!({"jsonrpc": "2.0", "method": "$/foo", "params": {}}));
    client.ping(16);
    // `shutdown` with `"params": null`, then `exit` (also with null): a clean exit.
    client.send(json!({"jsonrpc": "2.0", "id": 17, "method": "shutdown", "params": null}));
    let reply = client.answer(json!(17));
    assert!(
        reply.get("error").is_none() && reply["result"].is_null(),
        "{reply}"
    );
    client.send(json!({"jsonrpc": "2.0", "method": "exit", "params": null}));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = client.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "no exit after `exit`"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
}

#[test]
fn the_server_exits_when_its_input_closes_in_every_state() {
    // Before `initialize`.
    Client::start().close_and_wait();
    // After `initialize`, with a document open.
    let dir = temp_dir("eof");
    let mut client = Client::start();
    client.initialize(Some(&dir));
    let file = dir.join("a.slang");
    client.send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": url(&file), "languageId": "slang", "version": 1,
                         "text": "float f(float x) { return x * x; }\n"}}}),
    );
    client.ping(2);
    client.close_and_wait();
    // Right after a malformed message (the server used to stop reading there).
    let mut client = Client::start();
    client.initialize(None);
    client.body(b"{\"truncated");
    assert_eq!(client.answer(Value::Null)["error"]["code"], -32700);
    client.close_and_wait();
    // In the middle of a frame.
    let mut client = Client::start();
    client.initialize(None);
    client.raw(b"Content-Length: 100\r\n\r\n{\"jsonrpc\":");
    client.close_and_wait();
    // After `shutdown`, without `exit`.
    let mut client = Client::start();
    client.initialize(None);
    client.send(json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}));
    client.answer(json!(3));
    client.close_and_wait();
}

#[test]
fn includes_of_devices_are_refused_and_large_documents_are_refused_with_a_message() {
    let dir = temp_dir("devices");
    let mut client = Client::start();
    client.initialize(Some(&dir));
    // `/dev/stdin` is the server's own JSON-RPC input; `/dev/zero` never ends.
    let file = dir.join("dev.slang");
    let uri = url(&file);
    client.send(json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "slang", "version": 1,
            "text": "#include \"/dev/stdin\"\n#include \"/dev/zero\"\n#include \"/dev/urandom\"\nfloat f(float x) { return x; }\n"}}}));
    let diags = client.wait_for("diagnostics", |m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
    });
    let codes: Vec<&str> = diags["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(codes, ["E2906", "E2906", "E2906"], "{diags}");
    client.ping(2);
    // A document over the size limit: refused with a message, and the server goes on.
    let big = format!("// {}\n", "x".repeat(33 << 20));
    client.send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": url(&dir.join("big.slang")), "languageId": "slang",
                         "version": 1, "text": big}}}),
    );
    let shown = client.wait_for("the refusal", |m| m["method"] == "window/showMessage");
    assert!(
        shown["params"]["message"]
            .as_str()
            .unwrap()
            .contains("over the 32 MiB limit"),
        "{shown}"
    );
    client.ping(3);
    client.close_and_wait();
}
