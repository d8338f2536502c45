//! LSP transcripts through the real `dslang lsp` binary over pipes, one file each under
//! `tests/lsp-transcripts/`: what the client sends (`-->`) and what the server answers (`<--`),
//! JSON with sorted keys, the workspace folder written `file:///WS`. The messages a scenario does
//! not wait for (the server's own requests, which the client answers, and other notifications)
//! are left out: their order against the rest depends on timing. Issue 23's "What must be shown":
//! a rename of a struct used by an unopened importer, a diagnostic range that covers a whole
//! call, hover of a doc comment, malformed messages and `shutdown` with null params, and the
//! exit when the input closes with a request pending. `UPDATE_EXPECT=1` rewrites the files.

mod lsp_client;

use std::path::Path;
use std::time::{Duration, Instant};

use expect_test::{ExpectFile, expect_file};
use lsp_client::{Client, url};
use serde_json::{Map, Value, json};

/// A client that writes down what it sends and what it waits for.
struct Transcript {
    client: Client,
    root: String,
    log: String,
}

impl Transcript {
    fn new(client: Client, root: &Path) -> Transcript {
        Transcript {
            client,
            root: url(root),
            log: String::new(),
        }
    }

    fn note(&mut self, text: &str) {
        self.log.push_str(&format!("# {text}\n"));
    }

    fn record(&mut self, arrow: &str, msg: &Value) {
        let text = serde_json::to_string_pretty(&sorted(msg)).unwrap();
        let text = text.replace(&self.root, "file:///WS");
        self.log.push_str(&format!("{arrow} {text}\n"));
    }

    fn send(&mut self, msg: Value) {
        self.record("-->", &msg);
        self.client.send(msg);
    }

    /// A body sent as bytes (not necessarily JSON, not necessarily UTF-8).
    fn send_raw_body(&mut self, body: &[u8]) {
        self.log
            .push_str(&format!("--> (raw body) {}\n", body.escape_ascii()));
        self.client.body(body);
    }

    fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.answer(json!(id))
    }

    fn answer(&mut self, id: Value) -> Value {
        let reply = self.client.answer(id);
        self.record("<--", &reply);
        reply
    }

    fn notification(&mut self, method: &str, uri: &str) -> Value {
        let msg = self.client.wait_for(method, |m| {
            m["method"] == method && m["params"]["uri"] == uri
        });
        self.record("<--", &msg);
        msg
    }

    fn initialize(&mut self, root: Option<&Path>) {
        let root = root.map(|r| Value::String(url(r)));
        self.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"processId": null, "rootUri": root, "capabilities": {}}}));
        let reply = self.client.answer(json!(1));
        assert!(reply["result"]["capabilities"].is_object(), "{reply}");
        self.log
            .push_str("<-- (the answer to 1: the server's capabilities, not shown)\n");
        self.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    }

    fn open(&mut self, path: &Path, text: &str) -> String {
        std::fs::write(path, text).unwrap();
        let uri = url(path);
        self.send(
            json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": text}}}),
        );
        uri
    }

    /// `shutdown` and `exit` (both with `"params": null`, as Eglot and LSP4IJ send them), and
    /// the exit status.
    fn shutdown(mut self, id: i64) -> String {
        self.request(id, "shutdown", Value::Null);
        self.send(json!({"jsonrpc": "2.0", "method": "exit", "params": null}));
        let status = wait_exit(&mut self.client, Duration::from_secs(10));
        self.log
            .push_str(&format!("(the server exited: {})\n", describe(status)));
        self.log
    }
}

/// The value with every object's keys sorted (the server's order may depend on hashing).
fn sorted(v: &Value) -> Value {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let mut out = Map::new();
            for k in keys {
                out.insert(k.clone(), sorted(&map[k]));
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

fn wait_exit(client: &mut Client, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = client.child.try_wait().unwrap() {
            return status;
        }
        assert!(start.elapsed() < limit, "the server did not exit");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn describe(status: std::process::ExitStatus) -> String {
    match status.code() {
        Some(code) => format!("status {code}"),
        None => format!("{status}"),
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn check(log: String, expect: ExpectFile) {
    expect.assert_eq(&log);
}

#[test]
fn transcript_rename_reaches_an_unopened_importer() {
    let dir = lsp_client::temp_dir("lsp-transcripts", "rename");
    let materials = "struct Material\n{\n    float roughness;\n};\n\nfloat rough(Material m) { return m.roughness; }\n";
    write(
        &dir.join("shade.slang"),
        "import materials;\n\nfloat shade(Material m)\n{\n    return rough(m) * 2.0;\n}\n",
    );
    let mut t = Transcript::new(Client::spawn(), &dir);
    t.note("shade.slang imports materials and uses Material; it is never opened.");
    t.initialize(Some(&dir));
    let uri = t.open(&dir.join("materials.slang"), materials);
    t.note("Rename Material (line 0) to Surface: both files are edited.");
    t.request(
        2,
        "textDocument/rename",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 8},
               "newName": "Surface"}),
    );
    t.note("A keyword is refused, with the reason.");
    t.request(
        3,
        "textDocument/rename",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 8},
               "newName": "float"}),
    );
    check(
        t.shutdown(4),
        expect_file!["../../../tests/lsp-transcripts/rename-unopened-importer.txt"],
    );
}

#[test]
fn transcript_diagnostic_covers_the_whole_call() {
    let dir = lsp_client::temp_dir("lsp-transcripts", "diagnostic");
    let mut t = Transcript::new(Client::spawn(), &dir);
    t.initialize(Some(&dir));
    let uri = t.open(
        &dir.join("main.slang"),
        "float f(float x) { return x; }\nfloat g() { return f(1.0, 2.0); }\n",
    );
    t.note("The error's range is the call `f(1.0, 2.0)` (line 1, columns 19-30), not its `(`.");
    t.notification("textDocument/publishDiagnostics", &uri);
    check(
        t.shutdown(2),
        expect_file!["../../../tests/lsp-transcripts/diagnostic-whole-call.txt"],
    );
}

#[test]
fn transcript_hover_shows_a_doc_comment() {
    let dir = lsp_client::temp_dir("lsp-transcripts", "hover");
    let mut t = Transcript::new(Client::spawn(), &dir);
    t.initialize(Some(&dir));
    let uri = t.open(
        &dir.join("main.slang"),
        "/// Schlick's approximation of the Fresnel term.\n/// `cosTheta` is the cosine of the incident angle.\nfloat fresnel(float f0, float cosTheta) { return f0 + (1.0 - f0) * pow(1.0 - cosTheta, 5.0); }\nfloat g(float c) { return fresnel(0.04, c); }\n",
    );
    t.note("Hover on the call of `fresnel` (line 3).");
    t.request(
        2,
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 3, "character": 28}}),
    );
    check(
        t.shutdown(3),
        expect_file!["../../../tests/lsp-transcripts/hover-doc-comment.txt"],
    );
}

#[test]
fn transcript_malformed_messages_and_shutdown_with_null_params() {
    let dir = lsp_client::temp_dir("lsp-transcripts", "malformed");
    let mut t = Transcript::new(Client::spawn(), &dir);
    t.initialize(None);
    t.note("Invalid UTF-8: a parse error (id null), and the server goes on.");
    t.send_raw_body(b"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"\xff\xfe\"}");
    t.answer(Value::Null);
    t.request(6, "workspace/symbol", json!({"query": "nothing"}));
    t.note("Truncated JSON: a parse error, and the server goes on.");
    t.send_raw_body(b"{\"jsonrpc\":\"2.0\",\"id\":7,\"meth");
    t.answer(Value::Null);
    t.request(8, "workspace/symbol", json!({"query": "nothing"}));
    t.note("`shutdown` and `exit` with \"params\": null: a clean exit.");
    check(
        t.shutdown(9),
        expect_file!["../../../tests/lsp-transcripts/malformed-and-shutdown-null.txt"],
    );
}

#[test]
fn transcript_exit_when_input_closes_with_a_request_pending() {
    let dir = lsp_client::temp_dir("lsp-transcripts", "eof");
    let mut t = Transcript::new(Client::spawn(), &dir);
    t.initialize(Some(&dir));
    // A file whose formatting takes a while: the request is still pending when the input closes.
    let mut text = String::new();
    for i in 0..4000 {
        text.push_str(&format!("float f{i}(float x)\n{{\nreturn x * {i}.0;\n}}\n"));
    }
    let path = dir.join("big.slang");
    std::fs::write(&path, &text).unwrap();
    let uri = url(&path);
    t.note("didOpen of big.slang (4,000 functions; its text is not shown).");
    t.client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": text}}),
    );
    t.send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/formatting", "params": {
        "textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}}),
    );
    t.log
        .push_str("(the client closes the server's input without waiting for the answer)\n");
    drop(t.client.stdin.take());
    let status = wait_exit(&mut t.client, Duration::from_secs(5));
    t.log.push_str(&format!(
        "(the server exited within 5 s: {})\n",
        describe(status)
    ));
    check(
        t.log,
        expect_file!["../../../tests/lsp-transcripts/exit-on-closed-input.txt"],
    );
}
