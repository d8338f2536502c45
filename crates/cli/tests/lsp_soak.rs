//! LSP soak: the real `dslang lsp` under a long seeded stream of edits (typed snippets, deletions,
//! pastes of fragments of other corpus files, undo runs back to earlier texts) interleaved with
//! hover, completion, definition and semantic-token requests.
//!
//! Asserts: the server never exits or answers with a protocol error (other than ContentModified
//! and RequestCancelled), every message is well-formed JSON-RPC, every response arrives within
//! `RESPONSE_BOUND`, and the resident set stays flat (final RSS ≤ 1.5 × the RSS after warm-up +
//! 32 MiB).
//!
//! `DSLANG_SOAK_EDITS` (default 2,000 in CI; the full run is 10,000) sets the number of edits, `DSLANG_SOAK_SEED` the seed,
//! `DSLANG_SOAK_CSV=path` writes the RSS curve (edit, RSS KiB) for bench/.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Debug build on a shared machine: generous, but catches a hang or a runaway request.
const RESPONSE_BOUND: Duration = Duration::from_secs(10);
const CONTENT_MODIFIED: i64 = -32801;
const REQUEST_CANCELLED: i64 = -32800;

/// SplitMix64: reproducible from the seed, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn corpus() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "slang") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests"),
        &mut files,
    );
    files.sort();
    files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter(|t| t.len() < 8_000)
        .collect()
}

/// LSP position (line, UTF-16 column) of byte `offset` (a char boundary) in `text`.
fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    json!({ "line": line, "character": character })
}

fn char_boundary(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Messages from the server, parsed on a reader thread.
struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Result<Value, String>>,
    next_id: i64,
    /// Latency of every answered request, by method.
    latencies: HashMap<&'static str, Vec<Duration>>,
    content_modified: usize,
}

fn read_message(reader: &mut impl BufRead) -> Result<Option<Value>, String> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Ok(None);
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            length = Some(
                v.parse::<usize>()
                    .map_err(|e| format!("bad Content-Length {v}: {e}"))?,
            );
        }
    }
    let length = length.ok_or("a message without Content-Length")?;
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    let value: Value = serde_json::from_slice(&body).map_err(|e| format!("not JSON: {e}"))?;
    if value.get("jsonrpc") != Some(&json!("2.0")) {
        return Err(format!("not JSON-RPC 2.0: {value}"));
    }
    Ok(Some(value))
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dslang"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start dslang lsp");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                match read_message(&mut reader) {
                    Ok(Some(v)) => {
                        if tx.send(Ok(v)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => return,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            }
        });
        Server {
            child,
            stdin,
            messages: rx,
            next_id: 1,
            latencies: HashMap::new(),
            content_modified: 0,
        }
    }

    fn send(&mut self, mut message: Value) {
        // `shutdown` and `exit` take no params: tower-lsp rejects `"params": null`.
        if message.get("params") == Some(&Value::Null)
            && let Some(object) = message.as_object_mut()
        {
            object.remove("params");
        }
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|_| self.stdin.flush())
            .expect("the server reads its input (it did not exit)");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and waits for its response; answers the server's own requests meanwhile.
    /// `None` for ContentModified / RequestCancelled.
    fn request(&mut self, method: &'static str, params: Value) -> Option<Value> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let started = Instant::now();
        loop {
            let left = RESPONSE_BOUND
                .checked_sub(started.elapsed())
                .unwrap_or_else(|| panic!("{method} got no response within {RESPONSE_BOUND:?}"));
            let message = match self.messages.recv_timeout(left) {
                Ok(Ok(m)) => m,
                Ok(Err(e)) => panic!("malformed message from the server: {e}"),
                Err(RecvTimeoutError::Timeout) => {
                    panic!("{method} got no response within {RESPONSE_BOUND:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!(
                        "the server exited during {method}: {:?}",
                        self.child.try_wait()
                    )
                }
            };
            if message.get("method").is_some() {
                // A server request (configuration, registration) gets an empty answer.
                if let Some(server_id) = message.get("id") {
                    self.send(json!({ "jsonrpc": "2.0", "id": server_id, "result": null }));
                }
                continue;
            }
            if message.get("id") != Some(&json!(id)) {
                continue;
            }
            self.latencies
                .entry(method)
                .or_default()
                .push(started.elapsed());
            if let Some(error) = message.get("error") {
                let code = error.get("code").and_then(Value::as_i64);
                assert!(
                    code == Some(CONTENT_MODIFIED) || code == Some(REQUEST_CANCELLED),
                    "{method} failed: {error}"
                );
                self.content_modified += 1;
                return None;
            }
            return Some(
                message.get("result").cloned().unwrap_or_else(|| {
                    panic!("a response with neither result nor error: {message}")
                }),
            );
        }
    }

    /// Reads notifications that arrived so far (diagnostics) and checks them.
    fn drain(&mut self) {
        loop {
            match self.messages.try_recv() {
                Ok(Ok(m)) => {
                    if m.get("method").is_some()
                        && let Some(server_id) = m.get("id")
                    {
                        self.send(json!({ "jsonrpc": "2.0", "id": server_id, "result": null }));
                    }
                }
                Ok(Err(e)) => panic!("malformed message from the server: {e}"),
                Err(_) => return,
            }
        }
    }

    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server is alive");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS in /proc/PID/status")
    }
}

/// One random edit of `text`: (start, end, replacement), byte offsets on char boundaries.
fn random_edit(rng: &mut Rng, text: &str, corpus: &[String]) -> (usize, usize, String) {
    const SNIPPETS: &[&str] = &[
        "float ",
        "x",
        " + ",
        " * ",
        "(",
        ")",
        "{",
        "}",
        ";",
        "\n",
        "return ",
        "[Differentiable]\n",
        "fwd_diff(",
        "bwd_diff(",
        "diffPair(",
        "struct S { float a; };\n",
        "if (x > 0) ",
        "for (int i = 0; i < 4; i++) ",
        "[MaxIters(4)]\n",
        ".",
        "sin(",
        "no_diff ",
        "<",
        ">",
        "\"",
        "//",
        "/*",
        "é",
        "😀",
        "import m;\n",
        "interface I { float f(); }\n",
        "T g<T : IDifferentiable>(T a) { return a; }\n",
    ];
    let at = char_boundary(text, rng.below(text.len() + 1));
    match rng.below(10) {
        // type a snippet
        0..=3 => (at, at, SNIPPETS[rng.below(SNIPPETS.len())].to_string()),
        // delete a short range
        4..=6 => {
            let end = char_boundary(text, at + 1 + rng.below(40));
            (at, end, String::new())
        }
        // paste a fragment of another corpus file
        7 | 8 => {
            let other = &corpus[rng.below(corpus.len())];
            let from = char_boundary(other, rng.below(other.len()));
            let to = char_boundary(other, from + rng.below(300));
            (at, at, other[from..to].to_string())
        }
        // replace a range by a fragment (a paste over a selection)
        _ => {
            let end = char_boundary(text, at + rng.below(80));
            let other = &corpus[rng.below(corpus.len())];
            let from = char_boundary(other, rng.below(other.len()));
            let to = char_boundary(other, from + rng.below(120));
            (at, end, other[from..to].to_string())
        }
    }
}

/// The single incremental change turning `old` into `new` (common prefix and suffix kept).
fn diff_change(old: &str, new: &str) -> (usize, usize, String) {
    let mut prefix = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    prefix = char_boundary(old, prefix.min(new.len()));
    while !new.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let max_suffix = (old.len() - prefix).min(new.len() - prefix);
    let mut suffix = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(max_suffix)
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix) {
        suffix -= 1;
    }
    (
        prefix,
        old.len() - suffix,
        new[prefix..new.len() - suffix].to_string(),
    )
}

#[test]
fn lsp_survives_random_edits_with_flat_memory() {
    let edits = env_u64("DSLANG_SOAK_EDITS", 2000) as usize;
    let seed = env_u64("DSLANG_SOAK_SEED", 11);
    let corpus = corpus();
    assert!(corpus.len() > 50, "the test corpus");
    let mut rng = Rng(seed);
    let root = std::env::temp_dir().join(format!("dslang-soak-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    let path = root.join("soak.slang");
    let mut text = corpus[rng.below(corpus.len())].clone();
    std::fs::write(&path, &text).unwrap();
    let uri = format!("file://{}", path.display());

    let mut server = Server::start();
    let init = server.request(
        "initialize",
        json!({ "processId": null, "rootUri": format!("file://{}", root.display()), "capabilities": {} }),
    );
    assert!(init.is_some_and(|r| r.get("capabilities").is_some()));
    server.notify("initialized", json!({}));
    server.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "slang", "version": 0, "text": text } }),
    );

    let started = Instant::now();
    let warm_up = (edits / 10).max(1);
    let mut history: Vec<String> = vec![text.clone()];
    let mut rss_curve: Vec<(usize, u64, usize)> = vec![(0, server.rss_kib(), text.len())];
    let mut requests = 0;
    let mut version = 0;
    let mut edit = 0;
    while edit < edits {
        // An undo run: back to an earlier text in one change, as an editor's undo does.
        let change = if rng.below(50) == 0 && history.len() > 2 {
            let back = history[history.len() - 1 - rng.below(history.len().min(20))].clone();
            diff_change(&text, &back)
        } else if text.len() > 30_000 {
            // Keep documents editor-sized: cut a large piece.
            let at = char_boundary(&text, rng.below(text.len()));
            (at, char_boundary(&text, at + 5_000), String::new())
        } else {
            random_edit(&mut rng, &text, &corpus)
        };
        let (start, end, new_text) = change;
        let range = json!({ "start": position(&text, start), "end": position(&text, end) });
        text.replace_range(start..end, &new_text);
        version += 1;
        server.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": range, "text": new_text }],
            }),
        );
        if edit % 10 == 0 {
            history.push(text.clone());
            if history.len() > 200 {
                history.remove(0);
            }
        }
        edit += 1;
        // Requests after a few edits, at random positions.
        if rng.below(3) == 0 {
            let at = char_boundary(&text, rng.below(text.len() + 1));
            let doc = json!({ "textDocument": { "uri": uri }, "position": position(&text, at) });
            let (method, params) = match rng.below(4) {
                0 => ("textDocument/hover", doc),
                1 => ("textDocument/completion", doc),
                2 => ("textDocument/definition", doc),
                _ => (
                    "textDocument/semanticTokens/full",
                    json!({ "textDocument": { "uri": uri } }),
                ),
            };
            server.request(method, params);
            requests += 1;
        }
        server.drain();
        if edit % 100 == 0 || edit == warm_up {
            rss_curve.push((edit, server.rss_kib(), text.len()));
        }
    }
    // A final synchronous request: the server caught up with every edit.
    let tokens = server.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert!(tokens.is_none_or(|t| t.get("data").is_some()));
    let elapsed = started.elapsed();
    let final_rss = server.rss_kib();
    rss_curve.push((edits, final_rss, text.len()));

    server.request("shutdown", json!(null));
    server.notify("exit", json!(null));
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the server did not exit after `exit`"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");

    let warm_rss = rss_curve
        .iter()
        .find(|(e, _, _)| *e >= warm_up)
        .map(|(_, r, _)| *r)
        .unwrap_or(final_rss);
    let peak_rss = rss_curve.iter().map(|(_, r, _)| *r).max().unwrap_or(0);
    println!(
        "{edits} edits, {requests} requests ({} ContentModified) in {:.1} s; RSS after warm-up {} MiB, peak {} MiB, final {} MiB",
        server.content_modified,
        elapsed.as_secs_f64(),
        warm_rss / 1024,
        peak_rss / 1024,
        final_rss / 1024
    );
    let mut methods: Vec<_> = server.latencies.iter().collect();
    methods.sort_by_key(|(m, _)| *m);
    for (method, times) in methods {
        let mut t = times.clone();
        t.sort();
        println!(
            "  {method}: {} requests, median {:?}, p99 {:?}, max {:?}",
            t.len(),
            t[t.len() / 2],
            t[(t.len() * 99 / 100).min(t.len() - 1)],
            t[t.len() - 1]
        );
    }
    if let Ok(csv) = std::env::var("DSLANG_SOAK_CSV") {
        let rows: String = rss_curve
            .iter()
            .map(|(e, r, bytes)| format!("{e},{r},{bytes}\n"))
            .collect();
        std::fs::write(csv, format!("edit,rss_kib,document_bytes\n{rows}")).unwrap();
    }
    assert!(
        final_rss <= warm_rss * 3 / 2 + 32 * 1024,
        "memory grows: {warm_rss} KiB after warm-up, {final_rss} KiB at the end; curve {rss_curve:?}"
    );
}
