//! LSP transcript tests: an in-process server on in-memory pipes, driven by a tiny JSON-RPC client.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::Duration;

use expect_test::expect;
use serde_json::{Value, json};
use tokio::io::{
    AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream, ReadHalf, WriteHalf,
};

struct Client {
    writer: WriteHalf<DuplexStream>,
    reader: BufReader<ReadHalf<DuplexStream>>,
    next_id: i64,
    /// Notifications and server requests seen while waiting for something else.
    pending: VecDeque<Value>,
    /// What `workspace/configuration` answers.
    settings: Value,
    server: tokio::task::JoinHandle<i32>,
}

const TIMEOUT: Duration = Duration::from_secs(20);

impl Client {
    fn start(settings: Value) -> Client {
        let (client_side, server_side) = tokio::io::duplex(1 << 20);
        let (server_in, server_out) = tokio::io::split(server_side);
        let server = tokio::spawn(server::serve(server_in, server_out));
        let (reader, writer) = tokio::io::split(client_side);
        Client {
            writer,
            reader: BufReader::new(reader),
            next_id: 1,
            pending: VecDeque::new(),
            settings,
            server,
        }
    }

    async fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        let framed = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        self.writer
            .write_all(framed.as_bytes())
            .await
            .expect("write to server");
    }

    async fn read(&mut self) -> Value {
        let mut len = None;
        loop {
            let mut line = String::new();
            let n = tokio::time::timeout(TIMEOUT, self.reader.read_line(&mut line))
                .await
                .expect("server reply in time")
                .unwrap();
            assert!(n > 0, "server closed its output");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                len = Some(v.parse::<usize>().unwrap());
            }
        }
        let mut body = vec![0; len.expect("Content-Length header")];
        self.reader.read_exact(&mut body).await.unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    /// Reads one message, answering server requests on the way (they are also kept).
    async fn read_handling(&mut self) -> Value {
        let msg = self.read().await;
        if let (Some(id), Some(method)) = (msg.get("id"), msg.get("method").and_then(Value::as_str))
        {
            let result = match method {
                "workspace/configuration" => json!([self.settings.clone()]),
                _ => Value::Null,
            };
            self.send(json!({"jsonrpc": "2.0", "id": id.clone(), "result": result}))
                .await;
        }
        msg
    }

    async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut msg = json!({"jsonrpc": "2.0", "id": id, "method": method});
        if !params.is_null() {
            msg["params"] = params;
        }
        self.send(msg).await;
        loop {
            let msg = self.read_handling().await;
            if msg.get("id") == Some(&json!(id)) && msg.get("method").is_none() {
                return msg;
            }
            self.pending.push_back(msg);
        }
    }

    async fn notify(&mut self, method: &str, params: Value) {
        let mut msg = json!({"jsonrpc": "2.0", "method": method});
        if !params.is_null() {
            msg["params"] = params;
        }
        self.send(msg).await;
    }

    /// Waits for `publishDiagnostics` for `uri` (at `version` when given).
    async fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Value {
        let matches = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && version.is_none_or(|v| m["params"]["version"] == v)
        };
        if let Some(i) = self.pending.iter().position(matches) {
            return self.pending.remove(i).unwrap()["params"].clone();
        }
        loop {
            let msg = self.read_handling().await;
            if matches(&msg) {
                return msg["params"].clone();
            }
            self.pending.push_back(msg);
        }
    }

    async fn initialize(&mut self, root: &Path) -> Value {
        let root_uri = url(root);
        let reply = self
            .request("initialize", json!({"processId": null, "rootUri": root_uri, "capabilities": {"workspace": {"configuration": true}}}))
            .await;
        self.notify("initialized", json!({})).await;
        reply
    }

    async fn shutdown_and_exit(mut self) -> i32 {
        let reply = self.request("shutdown", Value::Null).await;
        assert!(
            reply.get("error").is_none() && reply["result"].is_null(),
            "{reply}"
        );
        self.notify("exit", Value::Null).await;
        tokio::time::timeout(TIMEOUT, self.server)
            .await
            .expect("server stops after exit")
            .unwrap()
    }
}

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

fn temp_workspace(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dslang-lsp-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    dir
}

fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

/// Diagnostics as `line:col-line:col code message` lines.
fn render_diags(params: &Value) -> String {
    let mut out = String::new();
    for d in params["diagnostics"].as_array().unwrap() {
        let r = &d["range"];
        out.push_str(&format!(
            "{}:{}-{}:{} {} {}\n",
            r["start"]["line"],
            r["start"]["character"],
            r["end"]["line"],
            r["end"]["character"],
            d["code"].as_str().unwrap(),
            d["message"].as_str().unwrap()
        ));
        for rel in d["relatedInformation"].as_array().into_iter().flatten() {
            let uri = rel["location"]["uri"].as_str().unwrap();
            out.push_str(&format!(
                "  related {} {}: {}\n",
                uri.rsplit('/').next().unwrap(),
                rel["location"]["range"]["start"],
                rel["message"].as_str().unwrap()
            ));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transcript_edit_hover_complete_definition() {
    let ws = temp_workspace("transcript");
    std::fs::write(
        ws.join("inc/helper.slang"),
        "float helperScale(float x) { return 2.0 * x; }\n",
    )
    .unwrap();
    let main_path = ws.join("main.slang");
    let main_uri = url(&main_path);
    // Non-ASCII before the code on the same line: `é` is 1 UTF-16 unit / 2 bytes, `😀` 2 / 4.
    let text = "import helper;\n/*é😀*/ float f(float x) { let y = helperScale(x); return y; }\n";
    std::fs::write(&main_path, text).unwrap();

    let mut client = Client::start(json!({"includePaths": ["inc"]}));
    let init = client.initialize(&ws).await;
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
    assert_eq!(caps["hoverProvider"], true);

    client
        .notify("textDocument/didOpen", json!({"textDocument": {"uri": main_uri, "languageId": "slang", "version": 1, "text": text}}))
        .await;
    // The import resolves through the include path from `workspace/configuration`; diagnostics
    // may first be published before the settings arrive, so wait for a clean set.
    let mut diags = client.diagnostics(&main_uri, Some(1)).await;
    for _ in 0..5 {
        if diags["diagnostics"].as_array().unwrap().is_empty() {
            break;
        }
        diags = client.diagnostics(&main_uri, Some(1)).await;
    }
    assert_eq!(
        render_diags(&diags),
        "",
        "the import resolves through the configured include path"
    );

    // Hover on `y` in `return y;`: line 1, UTF-16 column after the non-ASCII comment.
    let line1 = text.lines().nth(1).unwrap();
    let col = |needle: &str| line1[..line1.find(needle).unwrap()].encode_utf16().count() as u32;
    let hover = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": main_uri}, "position": pos(1, col("y; }") )}),
        )
        .await;
    expect![[r#"
        ```slang
        float y
        ```

        local variable
        {"end":{"character":59,"line":1},"start":{"character":58,"line":1}}
    "#]]
    .assert_eq(&format!(
        "{}\n{}\n",
        hover["result"]["contents"]["value"].as_str().unwrap(),
        hover["result"]["range"]
    ));

    // Edit: replace `return y;` with `return y + missing;` (a range edit after the emoji), then
    // ask for hover at once: the edit must be applied before the request is served.
    let start = col("return y;");
    let end = start + "return y;".len() as u32;
    client
        .notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": main_uri, "version": 2}, "contentChanges": [
                {"range": {"start": pos(1, start), "end": pos(1, end)}, "text": "return y + missing;"}
            ]}),
        )
        .await;
    let hover = client
        .request("textDocument/hover", json!({"textDocument": {"uri": main_uri}, "position": pos(1, start + "return y + mi".len() as u32)}))
        .await;
    assert!(
        hover["result"].is_null(),
        "unresolved name has no hover: {hover}"
    );
    let diags = client.diagnostics(&main_uri, Some(2)).await;
    expect![[r#"
        1:62-1:69 E2001 undefined identifier 'missing'. Declare `missing` before its use, or check the spelling
    "#]]
    .assert_eq(&render_diags(&diags));

    // Completion of scope names after the edit.
    let completion = client
        .request("textDocument/completion", json!({"textDocument": {"uri": main_uri}, "position": pos(1, start + "return ".len() as u32)}))
        .await;
    let labels: Vec<&str> = completion["result"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    for expected in ["y", "x", "f", "helperScale", "float3", "return"] {
        assert!(
            labels.contains(&expected),
            "{expected} missing from {labels:?}"
        );
    }

    // Definition into the imported file on disk, and into the stdlib copy under the temp dir.
    let def = client
        .request("textDocument/definition", json!({"textDocument": {"uri": main_uri}, "position": pos(1, col("helperScale(x)") + 2)}))
        .await;
    assert_eq!(def["result"]["uri"], url(&ws.join("inc/helper.slang")));
    expect![[r#"{"end":{"character":17,"line":0},"start":{"character":6,"line":0}}"#]]
        .assert_eq(&def["result"]["range"].to_string());

    client
        .notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": main_uri, "version": 3}, "contentChanges": [{"text": "float g(float a) { return sin(a); }\n"}]}),
        )
        .await;
    let def = client
        .request(
            "textDocument/definition",
            json!({"textDocument": {"uri": main_uri}, "position": pos(0, 27)}),
        )
        .await;
    let uri = def["result"]["uri"].as_str().unwrap();
    let stdlib_file = uri.strip_prefix("file://").unwrap();
    let stdlib_text = std::fs::read_to_string(stdlib_file).unwrap();
    let line = def["result"]["range"]["start"]["line"].as_u64().unwrap() as usize;
    assert!(
        stdlib_text.lines().nth(line).unwrap().contains(" sin"),
        "points at sin's declaration"
    );

    // Symbols and semantic tokens answer on the new text.
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": main_uri}}),
        )
        .await;
    assert_eq!(symbols["result"][0]["name"], "g");
    let tokens = client
        .request(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": main_uri}}),
        )
        .await;
    // (deltaLine, deltaStart, length, type, modifiers) per token: float g ( float a ) ... sin ( a ).
    expect!["[0,0,5,4,4,0,6,1,10,1,0,2,5,4,4,0,6,1,12,1,0,5,6,3,0,0,7,3,10,4,0,4,1,12,0]"]
        .assert_eq(&tokens["result"]["data"].to_string());

    assert_eq!(client.shutdown_and_exit().await, 0);
    let _ = std::fs::remove_dir_all(&ws);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_stops_when_input_closes() {
    let ws = temp_workspace("eof");
    let mut client = Client::start(json!({}));
    client.initialize(&ws).await;
    let Client {
        writer,
        server,
        reader,
        ..
    } = client;
    drop(writer);
    drop(reader);
    let code = tokio::time::timeout(TIMEOUT, server)
        .await
        .expect("server stops when its input closes")
        .unwrap();
    assert_eq!(code, 1, "no shutdown request came first");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_on_unknown_documents_are_errors_not_crashes() {
    let ws = temp_workspace("unknown");
    let mut client = Client::start(json!({}));
    client.initialize(&ws).await;
    let reply = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": "file:///nowhere.slang"}, "position": pos(0, 0)}),
        )
        .await;
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
    // Positions past the end of the text clamp instead of failing.
    let uri = url(&ws.join("a.slang"));
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": "int a;"}})).await;
    let reply = client
        .request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": pos(40, 99)}),
        )
        .await;
    assert!(reply["result"].is_array(), "{reply}");
    assert_eq!(client.shutdown_and_exit().await, 0);
}

/// `line:col-line:col` of an LSP range.
fn render_range(r: &Value) -> String {
    format!(
        "{}:{}-{}:{}",
        r["start"]["line"], r["start"]["character"], r["end"]["line"], r["end"]["character"]
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transcript_navigation_features_and_settings() {
    let ws = temp_workspace("features");
    let uri = url(&ws.join("scene.slang"));
    let text = "#ifdef FAST\nfloat speed() { return undefinedFast; }\n#endif\nstruct P\n{\n    float w;\n}\nfloat f(P p) { return p.w * p.w; }\nvoid main() { let q = f(P(1.0)); }\n";
    let mut client = Client::start(json!({}));
    client.initialize(&ws).await;
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": text}})).await;
    let diags = client.diagnostics(&uri, Some(1)).await;
    assert_eq!(render_diags(&diags), "", "FAST is not defined yet");

    // Settings pushed by the client: defines map to the preprocessor; the hidden code now counts.
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"dslang": {"defines": {"FAST": "1"}}}}),
        )
        .await;
    let mut diags = client.diagnostics(&uri, Some(1)).await;
    for _ in 0..5 {
        if !diags["diagnostics"].as_array().unwrap().is_empty() {
            break;
        }
        diags = client.diagnostics(&uri, Some(1)).await;
    }
    expect![[r#"
        1:23-1:36 E2001 undefined identifier 'undefinedFast'. Declare `undefinedFast` before its use, or check the spelling
    "#]]
    .assert_eq(&render_diags(&diags));
    let symbols = client
        .request("workspace/symbol", json!({"query": "spd"}))
        .await;
    let names: Vec<&str> = symbols["result"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["speed"]);

    let at = |line: u32, character: u32| json!({"textDocument": {"uri": uri}, "position": pos(line, character)});
    let mut out = String::new();
    let refs = client
        .request("textDocument/references", json!({"textDocument": {"uri": uri}, "position": pos(5, 10), "context": {"includeDeclaration": true}}))
        .await;
    out.push_str("references:");
    for r in refs["result"].as_array().unwrap() {
        out.push_str(&format!(" {}", render_range(&r["range"])));
    }
    let highlights = client
        .request("textDocument/documentHighlight", at(7, 24))
        .await;
    out.push_str("\nhighlights:");
    for h in highlights["result"].as_array().unwrap() {
        out.push_str(&format!(" {}/{}", render_range(&h["range"]), h["kind"]));
    }
    let help = client
        .request("textDocument/signatureHelp", at(8, 24))
        .await;
    let sig = &help["result"]["signatures"][0];
    out.push_str(&format!(
        "\nsignature: {} params {}",
        sig["label"], sig["parameters"]
    ));
    let folds = client
        .request(
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    out.push_str("\nfolds:");
    for f in folds["result"].as_array().unwrap() {
        out.push_str(&format!(" {}-{}", f["startLine"], f["endLine"]));
    }
    let hints = client
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": {"start": pos(0, 0), "end": pos(9, 0)}}),
        )
        .await;
    out.push_str("\ninlay hints:");
    for h in hints["result"].as_array().unwrap() {
        out.push_str(&format!(
            " {}:{} {}",
            h["position"]["line"], h["position"]["character"], h["label"]
        ));
    }
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    out.push_str("\nsymbols:");
    for s in symbols["result"].as_array().unwrap() {
        out.push_str(&format!(
            " {}({})",
            s["name"].as_str().unwrap(),
            s["children"].as_array().map_or(0, Vec::len)
        ));
    }
    out.push('\n');
    expect![[r#"
        references: 5:10-5:11 7:24-7:25 7:30-7:31
        highlights: 5:10-5:11/3 7:24-7:25/2 7:30-7:31/2
        signature: "float f(P p)" params [{"label":[8,11]}]
        folds: 4-6
        inlay hints: 8:19 ": float"
        symbols: speed(0) P(1) f(0) main(0)
    "#]]
    .assert_eq(&out);
    assert_eq!(client.shutdown_and_exit().await, 0);
    let _ = std::fs::remove_dir_all(&ws);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn imported_files_on_disk_are_watched() {
    let ws = temp_workspace("watch");
    let helper = ws.join("helper.slang");
    std::fs::write(&helper, "float scale(float x) { return x; }\n").unwrap();
    let uri = url(&ws.join("main.slang"));
    let text = "import helper;\nfloat f(float x) { return scale(x); }\n";
    let mut client = Client::start(json!({}));
    let reply = client
        .request(
            "initialize",
            json!({"processId": null, "rootUri": url(&ws), "capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}}),
        )
        .await;
    assert!(reply.get("result").is_some());
    client.notify("initialized", json!({})).await;
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": text}})).await;
    assert_eq!(render_diags(&client.diagnostics(&uri, Some(1)).await), "");
    // The server asked to watch files.
    let registered = client
        .pending
        .iter()
        .any(|m| m["method"] == "client/registerCapability");
    assert!(registered, "{:?}", client.pending);

    // The imported file changes on disk: `scale` is gone, and the open file's diagnostics say so.
    std::fs::write(&helper, "float other(float x) { return x; }\n").unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": url(&helper), "type": 2}]}),
        )
        .await;
    let mut diags = client.diagnostics(&uri, Some(1)).await;
    for _ in 0..5 {
        if !diags["diagnostics"].as_array().unwrap().is_empty() {
            break;
        }
        diags = client.diagnostics(&uri, Some(1)).await;
    }
    expect![[r#"
        1:26-1:31 E2001 undefined identifier 'scale'. Declare `scale` before its use, or check the spelling
    "#]]
    .assert_eq(&render_diags(&diags));
    assert_eq!(client.shutdown_and_exit().await, 0);
    let _ = std::fs::remove_dir_all(&ws);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_module_that_is_not_utf8_still_loads() {
    let ws = temp_workspace("latin1");
    // A Latin-1 comment (0xE9 is `é`): not UTF-8, as old headers often are.
    std::fs::write(
        ws.join("legacy.slang"),
        b"// caf\xe9\nfloat legacyScale(float x) { return 2.0 * x; }\n",
    )
    .unwrap();
    let uri = url(&ws.join("main.slang"));
    let text = "import legacy;\nfloat f(float x) { return legacyScale(x); }\n";
    let mut client = Client::start(json!({}));
    client.initialize(&ws).await;
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": text}})).await;
    assert_eq!(render_diags(&client.diagnostics(&uri, Some(1)).await), "");
    assert_eq!(client.shutdown_and_exit().await, 0);
    let _ = std::fs::remove_dir_all(&ws);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rapid_edits_interleaved_with_requests() {
    let ws = temp_workspace("rapid");
    let uri = url(&ws.join("main.slang"));
    let body = |n: usize| {
        let mut text = String::from("float f(float x) {\n");
        for i in 0..n {
            text.push_str(&format!("    float v{i} = x * {i}.0 + sin(x);\n"));
        }
        text.push_str("    return x;\n}\n");
        text
    };
    let mut client = Client::start(json!({}));
    client.initialize(&ws).await;
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": body(1)}})).await;
    // Requests sent without waiting, each followed by an edit: every reply is a result or
    // ContentModified, never a crash or a reply computed on a mix of texts.
    let rounds = 30;
    for i in 0..rounds {
        let hover = json!({"jsonrpc": "2.0", "id": 1000 + i, "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri}, "position": pos(1, 11)}});
        client.send(hover).await;
        client
            .notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": i + 2}, "contentChanges": [{"text": body(i as usize + 2)}]}),
            )
            .await;
    }
    let mut answered = 0;
    while answered < rounds {
        let msg = client.read_handling().await;
        let Some(id) = msg.get("id").and_then(Value::as_i64) else {
            continue;
        };
        if !(1000..1000 + rounds).contains(&id) {
            continue;
        }
        answered += 1;
        match msg.get("error") {
            Some(e) => assert_eq!(e["code"], -32801, "{msg}"),
            None => assert!(
                msg["result"]["contents"]["value"]
                    .as_str()
                    .unwrap()
                    .contains("float v0"),
                "{msg}"
            ),
        }
    }
    // After the last edit, a request sees the last text.
    let last = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": pos(rounds as u32 + 1, 11)}),
        )
        .await;
    let value = last["result"]["contents"]["value"].as_str().unwrap();
    assert!(value.contains(&format!("float v{rounds}")), "{value}");
    assert_eq!(client.shutdown_and_exit().await, 0);
    let _ = std::fs::remove_dir_all(&ws);
}

/// Editing features over LSP: rename (with prepareRename), formatting, range formatting and the
/// differentiability quick fixes as workspace edits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transcript_rename_formatting_and_code_actions() {
    let ws = temp_workspace("editing");
    let main_path = ws.join("main.slang");
    let main_uri = url(&main_path);
    let text = "float helper(float x) { return x*2.0; }\n[Differentiable]\nfloat f(float x) {\nreturn helper(x);\n}\n";
    std::fs::write(&main_path, text).unwrap();
    let mut client = Client::start(json!({}));
    let init = client.initialize(&ws).await;
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["renameProvider"]["prepareProvider"], true);
    assert_eq!(caps["documentFormattingProvider"], true);
    client
        .notify("textDocument/didOpen", json!({"textDocument": {"uri": main_uri, "languageId": "slang", "version": 1, "text": text}}))
        .await;
    let diags = client.diagnostics(&main_uri, Some(1)).await;
    let diagnostics = diags["diagnostics"].clone();
    assert_eq!(diagnostics[0]["code"], "E3101", "{diags}");

    let prepare = client
        .request(
            "textDocument/prepareRename",
            json!({"textDocument": {"uri": main_uri}, "position": pos(3, 9)}),
        )
        .await;
    assert_eq!(render_range(&prepare["result"]), "3:7-3:13");
    let refused = client
        .request(
            "textDocument/prepareRename",
            json!({"textDocument": {"uri": main_uri}, "position": pos(3, 2)}),
        )
        .await;
    assert_eq!(refused["error"]["message"], "`return` is a keyword");
    let rename = client
        .request(
            "textDocument/rename",
            json!({"textDocument": {"uri": main_uri}, "position": pos(3, 9), "newName": "twice"}),
        )
        .await;
    let edits = rename["result"]["changes"][&main_uri].as_array().unwrap();
    let ranges: Vec<String> = edits
        .iter()
        .map(|e| format!("{} {}", render_range(&e["range"]), e["newText"]))
        .collect();
    expect![[r#"
        0:6-0:12 "twice"
        3:7-3:13 "twice"
    "#]]
    .assert_eq(&(ranges.join("\n") + "\n"));

    let formatting = client
        .request("textDocument/formatting", json!({"textDocument": {"uri": main_uri}, "options": {"tabSize": 4, "insertSpaces": true}}))
        .await;
    let edits: Vec<String> = formatting["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{} {}", render_range(&e["range"]), e["newText"]))
        .collect();
    expect![[r#"
        0:32-0:32 " "
        0:33-0:33 " "
        3:0-3:0 "    "
    "#]]
    .assert_eq(&(edits.join("\n") + "\n"));
    let range_formatting = client
        .request("textDocument/rangeFormatting", json!({"textDocument": {"uri": main_uri}, "range": {"start": pos(0, 0), "end": pos(0, 5)}, "options": {"tabSize": 4, "insertSpaces": true}}))
        .await;
    assert_eq!(range_formatting["result"].as_array().unwrap().len(), 2);

    let actions = client
        .request("textDocument/codeAction", json!({"textDocument": {"uri": main_uri}, "range": {"start": pos(3, 9), "end": pos(3, 9)}, "context": {"diagnostics": diagnostics}}))
        .await;
    let rendered: Vec<String> = actions["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let edit = &a["edit"]["changes"][&main_uri][0];
            format!(
                "{} [{}] fixes {} : {} {}",
                a["title"].as_str().unwrap(),
                a["kind"].as_str().unwrap(),
                a["diagnostics"].as_array().map_or(0, Vec::len),
                render_range(&edit["range"]),
                edit["newText"]
            )
        })
        .collect();
    expect![[r#"
        Insert `no_diff` before the call (its derivative is dropped) [quickfix] fixes 1 : 3:7-3:7 "no_diff "
        Mark `helper` [Differentiable] [quickfix] fixes 1 : 0:0-0:0 "[Differentiable]\n"
    "#]].assert_eq(&(rendered.join("\n") + "\n"));
    let generate_only = client
        .request("textDocument/codeAction", json!({"textDocument": {"uri": main_uri}, "range": {"start": pos(2, 6), "end": pos(2, 6)}, "context": {"diagnostics": [], "only": ["refactor"]}}))
        .await;
    let titles: Vec<&str> = generate_only["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    expect![[r#"
        [
            "Generate `[ForwardDerivativeOf(f)]` function",
            "Generate `[BackwardDerivativeOf(f)]` function",
        ]
    "#]]
    .assert_debug_eq(&titles);
    assert_eq!(client.shutdown_and_exit().await, 0);
}

impl Client {
    /// Waits for the next `publishDiagnostics` of `uri` whose rendering `pred` accepts (earlier
    /// runs, e.g. before the settings arrived, may publish other sets first).
    async fn diagnostics_where(&mut self, uri: &str, pred: impl Fn(&str) -> bool) -> Value {
        for _ in 0..10 {
            let params = self.diagnostics(uri, None).await;
            if pred(&render_diags(&params)) {
                return params;
            }
        }
        panic!("no publishDiagnostics for {uri} that matches");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_in_included_files_are_published_for_the_included_file() {
    let ws = temp_workspace("include-diags");
    let helpers = ws.join("inc/helpers.slang");
    let helpers_uri = url(&helpers);
    std::fs::write(
        &helpers,
        "float helper(float x) {\n    return x * undefined_scale;\n}\n",
    )
    .unwrap();
    let main_uri = url(&ws.join("main.slang"));
    let text = "#include \"inc/helpers.slang\"\nfloat f(float x) { return helper(x); }\n";
    let mut client = Client::start(json!({}));
    let reply = client
        .request(
            "initialize",
            json!({"processId": null, "rootUri": url(&ws), "capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}}),
        )
        .await;
    assert!(reply.get("result").is_some());
    client.notify("initialized", json!({})).await;
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": main_uri, "languageId": "slang", "version": 1, "text": text}})).await;

    // The includer shows a summary on its `#include` line ...
    let main = client.diagnostics_where(&main_uri, |d| !d.is_empty()).await;
    expect![[r#"
        0:0-0:28 E2001 error in included file inc/helpers.slang:2: undefined identifier 'undefined_scale'. Declare `undefined_scale` before its use, or check the spelling
          related helpers.slang {"character":15,"line":1}: E2001: undefined identifier 'undefined_scale'. Declare `undefined_scale` before its use, or check the spelling
    "#]]
    .assert_eq(&render_diags(&main));
    // ... and the included file (not open) gets the error where it is, with no version.
    let included = client
        .diagnostics_where(&helpers_uri, |d| !d.is_empty())
        .await;
    assert!(included["version"].is_null(), "{included}");
    expect![[r#"
        1:15-1:30 E2001 undefined identifier 'undefined_scale'. Declare `undefined_scale` before its use, or check the spelling
          related main.slang {"character":0,"line":0}: included from here
    "#]]
    .assert_eq(&render_diags(&included));

    // Fixed on disk: both clear.
    std::fs::write(
        &helpers,
        "float helper(float x) {\n    return x * 2.0;\n}\n",
    )
    .unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": helpers_uri, "type": 2}]}),
        )
        .await;
    client.diagnostics_where(&helpers_uri, str::is_empty).await;
    client.diagnostics_where(&main_uri, str::is_empty).await;

    // Broken again, then the include goes away: the included file is cleared too.
    std::fs::write(&helpers, "float helper(float x) { return nope; }\n").unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": helpers_uri, "type": 2}]}),
        )
        .await;
    let included = client
        .diagnostics_where(&helpers_uri, |d| !d.is_empty())
        .await;
    expect![[r#"
        0:31-0:35 E2001 undefined identifier 'nope'. Declare `nope` before its use, or check the spelling
          related main.slang {"character":0,"line":0}: included from here
    "#]]
    .assert_eq(&render_diags(&included));
    client
        .notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": main_uri, "version": 2}, "contentChanges": [{"text": "float f(float x) { return x; }\n"}]}),
        )
        .await;
    client.diagnostics_where(&helpers_uri, str::is_empty).await;
    assert_eq!(
        render_diags(&client.diagnostics(&main_uri, Some(2)).await),
        ""
    );
    assert_eq!(client.shutdown_and_exit().await, 0);
    let _ = std::fs::remove_dir_all(&ws);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_included_file_shows_its_errors_once() {
    let ws = temp_workspace("include-open");
    let helpers = ws.join("inc/helpers.slang");
    let helpers_uri = url(&helpers);
    let helpers_text = "float helper(float x) { return x * undefined_scale; }\n";
    std::fs::write(&helpers, helpers_text).unwrap();
    let main_uri = url(&ws.join("main.slang"));
    let text = "#include \"inc/helpers.slang\"\nfloat f(float x) { return helper(x); }\n";
    let mut client = Client::start(json!({}));
    client.initialize(&ws).await;
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": helpers_uri, "languageId": "slang", "version": 1, "text": helpers_text}})).await;
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": main_uri, "languageId": "slang", "version": 1, "text": text}})).await;
    // Its own check and the includer's find the same error: one diagnostic, with the note.
    let included = client
        .diagnostics_where(&helpers_uri, |d| d.contains("included from here"))
        .await;
    assert_eq!(included["version"], 1, "{included}");
    expect![[r#"
        0:35-0:50 E2001 undefined identifier 'undefined_scale'. Declare `undefined_scale` before its use, or check the spelling
          related main.slang {"character":0,"line":0}: included from here
    "#]]
    .assert_eq(&render_diags(&included));

    // Fixed in the editor: the open included file and the includer clear.
    let fixed = "float helper(float x) { return x * 2.0; }\n";
    client
        .notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": helpers_uri, "version": 2}, "contentChanges": [{"text": fixed}]}),
        )
        .await;
    assert_eq!(
        render_diags(&client.diagnostics(&helpers_uri, Some(2)).await),
        ""
    );
    client.diagnostics_where(&main_uri, str::is_empty).await;
    assert_eq!(client.shutdown_and_exit().await, 0);
    let _ = std::fs::remove_dir_all(&ws);
}

/// `label : detail (data)` per completion item.
fn render_completion(items: &[Value]) -> String {
    let mut out = String::new();
    for item in items {
        out.push_str(&format!(
            "{} : {}{}\n",
            item["label"].as_str().unwrap(),
            item["detail"].as_str().unwrap_or("-"),
            if item.get("data").is_some_and(|d| !d.is_null()) {
                " (resolve)"
            } else {
                ""
            }
        ));
    }
    out
}

async fn initialize_with(client: &mut Client, ws: &Path, capabilities: Value, options: Value) {
    let reply = client
        .request(
            "initialize",
            json!({"processId": null, "rootUri": url(ws), "capabilities": capabilities, "initializationOptions": options}),
        )
        .await;
    assert_eq!(
        reply["result"]["capabilities"]["completionProvider"]["resolveProvider"],
        true
    );
    client.notify("initialized", json!({})).await;
}

const HEL: &str = "float helper(float a) { return a; }\nfloat helmet(float a) { return a; }\nvoid main() { float hello = 1.0; hel }\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completion_details_come_with_resolve_when_the_client_resolves_them() {
    let ws = temp_workspace("resolve");
    let uri = url(&ws.join("main.slang"));
    let mut client = Client::start(json!({}));
    let caps = json!({"textDocument": {"completion": {"completionItem": {"resolveSupport": {"properties": ["documentation", "detail"]}}}}});
    initialize_with(&mut client, &ws, caps, json!({})).await;
    client
        .notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": HEL}}),
        )
        .await;
    let at = json!({"textDocument": {"uri": uri}, "position": pos(2, 36)});
    let reply = client.request("textDocument/completion", at.clone()).await;
    let items = reply["result"].as_array().expect("a complete list").clone();
    expect![[r#"
        hello : - (resolve)
        helper : - (resolve)
        helmet : - (resolve)
        IsHelperLane : - (resolve)
        IArithmeticAtomicable : - (resolve)
        CheckAccessFullyMapped : - (resolve)
    "#]]
    .assert_eq(&render_completion(&items));
    let mut resolved = Vec::new();
    for item in items {
        let reply = client.request("completionItem/resolve", item).await;
        resolved.push(reply["result"].clone());
    }
    expect![[r#"
        hello : float
        helper : float helper(float a)
        helmet : float helmet(float a)
        IsHelperLane : bool IsHelperLane()
        IArithmeticAtomicable : IArithmeticAtomicable
        CheckAccessFullyMapped : bool CheckAccessFullyMapped(uint status)
    "#]]
    .assert_eq(&render_completion(&resolved));
    // Items of a list the server no longer knows come back as they are.
    let stale = json!({"label": "helper", "data": 999_999});
    let reply = client
        .request("completionItem/resolve", stale.clone())
        .await;
    assert_eq!(reply["result"], stale);
    assert_eq!(client.shutdown_and_exit().await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completion_without_resolve_support_has_details_and_a_limit_marks_the_cut() {
    let ws = temp_workspace("limit");
    let uri = url(&ws.join("main.slang"));
    let settings = json!({"completion": {"limit": 2}});
    let mut client = Client::start(settings.clone());
    initialize_with(&mut client, &ws, json!({}), settings).await;
    client
        .notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "slang", "version": 1, "text": HEL}}),
        )
        .await;
    let at = json!({"textDocument": {"uri": uri}, "position": pos(2, 36)});
    let reply = client.request("textDocument/completion", at).await;
    assert_eq!(reply["result"]["isIncomplete"], true, "{reply}");
    expect![[r#"
        hello : float
        helper : float helper(float a)
    "#]]
    .assert_eq(&render_completion(
        reply["result"]["items"].as_array().unwrap(),
    ));
    assert_eq!(client.shutdown_and_exit().await, 0);
}
