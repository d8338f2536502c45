//! The language server's protocol robustness through the real `dslang lsp` binary over pipes:
//! malformed messages are answered and the server goes on, every request is answered, and the
//! process ends when its input closes, whatever state it is in (issues 25 and 28).

mod lsp_client;

use std::time::{Duration, Instant};

use lsp_client::{Client, url};
use serde_json::{Value, json};

fn temp_dir(name: &str) -> std::path::PathBuf {
    lsp_client::temp_dir("lsp-protocol", name)
}

#[test]
fn malformed_messages_are_answered_and_the_server_goes_on() {
    let mut client = Client::spawn();
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
    Client::spawn().close_and_wait();
    // After `initialize`, with a document open.
    let dir = temp_dir("eof");
    let mut client = Client::spawn();
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
    let mut client = Client::spawn();
    client.initialize(None);
    client.body(b"{\"truncated");
    assert_eq!(client.answer(Value::Null)["error"]["code"], -32700);
    client.close_and_wait();
    // In the middle of a frame.
    let mut client = Client::spawn();
    client.initialize(None);
    client.raw(b"Content-Length: 100\r\n\r\n{\"jsonrpc\":");
    client.close_and_wait();
    // After `shutdown`, without `exit`.
    let mut client = Client::spawn();
    client.initialize(None);
    client.send(json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}));
    client.answer(json!(3));
    client.close_and_wait();
}

#[test]
fn includes_of_devices_are_refused_and_large_documents_are_refused_with_a_message() {
    let dir = temp_dir("devices");
    let mut client = Client::spawn();
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
