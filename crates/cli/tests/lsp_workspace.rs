//! The workspace index through the real `dslang lsp` binary: the server scans the workspace folder
//! for source files, so references, rename and workspace symbols cover files that are not open,
//! and watched-file events keep the index current (issue 23). And hostile includes (`/dev/stdin`,
//! `/dev/zero`, a FIFO, include cycles, a macro bomb) neither block other documents nor hide why
//! they were refused (issue 28, L2-L6).

mod lsp_client;

use std::path::Path;
use std::time::{Duration, Instant};

use lsp_client::{Client, url};
use serde_json::{Value, json};

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo");
    assert!(status.success());
}

/// `uri -> sorted "line:col"` of a list of locations (or of a workspace edit's changes).
fn by_file(dir: &Path, entries: impl Iterator<Item = (String, Value)>) -> Vec<String> {
    let prefix = url(dir);
    let mut out: Vec<String> = entries
        .map(|(uri, range)| {
            format!(
                "{} {}:{}",
                uri.strip_prefix(&prefix).unwrap_or(&uri),
                range["start"]["line"],
                range["start"]["character"]
            )
        })
        .collect();
    out.sort();
    out
}

fn references(
    client: &mut Client,
    dir: &Path,
    uri: &str,
    line: u32,
    character: u32,
) -> Vec<String> {
    let reply = client.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character},
               "context": {"includeDeclaration": true}}),
    );
    let locations = reply["result"].as_array().cloned().unwrap_or_default();
    by_file(
        dir,
        locations
            .into_iter()
            .map(|l| (l["uri"].as_str().unwrap().to_string(), l["range"].clone())),
    )
}

const MATERIALS: &str = "struct Material\n{\n    float roughness;\n};\n\nfloat rough(Material m) { return m.roughness; }\n";
const SHADE: &str =
    "import sub.materials;\n\nfloat shade(Material m)\n{\n    return rough(m) * 2.0;\n}\n";
const DEEP: &str = "import materials;\n\nMaterial make()\n{\n    Material m;\n    m.roughness = 0.5;\n    return m;\n}\n";

#[test]
fn references_rename_and_symbols_cover_unopened_files() {
    let dir = lsp_client::temp_dir("lsp-workspace", "index");
    // `sub/deep.slang` imports `materials` beside it and nothing imports it: only the scan finds it.
    write(&dir.join("sub/materials.slang"), MATERIALS);
    write(&dir.join("shade.slang"), SHADE);
    write(&dir.join("sub/deep.slang"), DEEP);
    write(&dir.join("notes.txt"), "Material is not code here");
    // A link back to the root (a cycle the scan must not follow forever) and a FIFO named like a
    // source file (the scan must not block on it).
    std::os::unix::fs::symlink(&dir, dir.join("sub/loop")).unwrap();
    mkfifo(&dir.join("pipe.slang"));

    let mut client = Client::spawn();
    let capabilities =
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
    client.initialize_with(Some(&dir), capabilities);
    // The server registers its file watcher (answered here, as an editor does).
    let registration = loop {
        let msg = client
            .messages
            .recv_timeout(lsp_client::TIMEOUT)
            .expect("registerCapability");
        if msg["method"] == "client/registerCapability" {
            client.send(json!({"jsonrpc": "2.0", "id": msg["id"], "result": null}));
            break msg;
        }
        if let (Some(id), Some(method)) = (msg.get("id"), msg.get("method")) {
            let result = if method == "workspace/configuration" {
                json!([{}])
            } else {
                Value::Null
            };
            client.send(json!({"jsonrpc": "2.0", "id": id, "result": result}));
        }
    };
    assert_eq!(
        registration["params"]["registrations"][0]["method"], "workspace/didChangeWatchedFiles",
        "{registration}"
    );

    let materials = client.open(&dir.join("sub/materials.slang"), MATERIALS);
    // References to `Material` from its declaration: the two unopened importers too.
    let refs = references(&mut client, &dir, &materials, 0, 8);
    assert_eq!(
        refs,
        [
            "/shade.slang 2:12",
            "/sub/deep.slang 2:0",
            "/sub/deep.slang 4:4",
            "/sub/materials.slang 0:7",
            "/sub/materials.slang 5:12",
        ],
        "{refs:?}"
    );
    // Workspace symbols: functions of files never opened.
    let reply = client.request("workspace/symbol", json!({"query": "make"}));
    let names: Vec<String> = reply["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{} {}",
                s["name"].as_str().unwrap(),
                s["location"]["uri"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
            )
        })
        .collect();
    assert!(names.contains(&"make deep.slang".to_string()), "{names:?}");
    // Rename edits every file that names the struct, opened or not.
    let reply = client.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": materials}, "position": {"line": 0, "character": 8},
               "newName": "Surface"}),
    );
    let changes = reply["result"]["changes"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let edits = by_file(
        &dir,
        changes.into_iter().flat_map(|(uri, edits)| {
            edits
                .as_array()
                .unwrap()
                .iter()
                .map(|e| {
                    assert_eq!(e["newText"], "Surface");
                    (uri.clone(), e["range"].clone())
                })
                .collect::<Vec<_>>()
        }),
    );
    assert_eq!(edits, refs, "{reply}");

    // A new file on disk, announced by the watcher, joins the index.
    let extra = dir.join("extra.slang");
    write(
        &extra,
        "import sub.materials;\nfloat f(Material m) { return m.roughness; }\n",
    );
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": url(&extra), "type": 1}]}),
    );
    // A deleted one leaves it.
    std::fs::remove_file(dir.join("shade.slang")).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": url(&dir.join("shade.slang")), "type": 3}]}),
    );
    let start = Instant::now();
    let expected = [
        "/extra.slang 1:8",
        "/sub/deep.slang 2:0",
        "/sub/deep.slang 4:4",
        "/sub/materials.slang 0:7",
        "/sub/materials.slang 5:12",
    ];
    loop {
        let refs = references(&mut client, &dir, &materials, 0, 8);
        if refs == expected {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{refs:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    client.shutdown();
}

/// The names `workspace/symbol` finds for `query`, as `name file`, sorted.
fn symbols(client: &mut Client, query: &str) -> Vec<String> {
    let reply = client.request("workspace/symbol", json!({ "query": query }));
    let mut names: Vec<String> = reply["result"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|s| {
            let uri = s["location"]["uri"].as_str().unwrap_or_default();
            format!(
                "{} {}",
                s["name"].as_str().unwrap_or_default(),
                uri.rsplit('/').next().unwrap_or_default()
            )
        })
        .collect();
    names.sort();
    names
}

/// Polls `symbols` until it gives `expected` (the index changes in the background).
fn wait_for_symbols(client: &mut Client, query: &str, expected: &[&str]) {
    let start = Instant::now();
    loop {
        let names = symbols(client, query);
        if names == expected {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{names:?}, expected {expected:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn workspace_folders_added_and_removed_change_the_index() {
    let dir = lsp_client::temp_dir("lsp-workspace", "folders");
    let (first, second) = (dir.join("first"), dir.join("second"));
    write(
        &first.join("near.slang"),
        "float nearby(float x) { return x; }\n",
    );
    write(
        &second.join("far.slang"),
        "float faraway(float x) { return x; }\n",
    );
    let mut client = Client::spawn();
    let folder = |path: &Path, name: &str| json!({"uri": url(path), "name": name});
    client.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": null, "rootUri": url(&first),
                   "workspaceFolders": [folder(&first, "first")],
                   "capabilities": {"workspace": {"workspaceFolders": true}}}}));
    let reply = client.answer(json!(1));
    let folders = &reply["result"]["capabilities"]["workspace"]["workspaceFolders"];
    assert_eq!(folders["supported"], true, "{reply}");
    assert_eq!(folders["changeNotifications"], true, "{reply}");
    client.notify("initialized", json!({}));
    wait_for_symbols(&mut client, "nearby", &["nearby near.slang"]);
    assert_eq!(symbols(&mut client, "faraway"), Vec::<String>::new());

    // A folder the user adds is scanned; one removed leaves the index with its files.
    client.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({"event": {"added": [folder(&second, "second")], "removed": []}}),
    );
    wait_for_symbols(&mut client, "faraway", &["faraway far.slang"]);
    client.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({"event": {"added": [], "removed": [folder(&first, "first")]}}),
    );
    wait_for_symbols(&mut client, "nearby", &[]);
    assert_eq!(symbols(&mut client, "faraway"), ["faraway far.slang"]);
    client.shutdown();
}

#[test]
fn hostile_includes_neither_block_other_documents_nor_hide_the_reason() {
    let dir = lsp_client::temp_dir("lsp-workspace", "hostile");
    mkfifo(&dir.join("fifo.h"));
    write(&dir.join("a.h"), "#include \"b.h\"\nfloat from_a;\n");
    write(&dir.join("b.h"), "#include \"a.h\"\nfloat from_b;\n");
    let mut bomb = String::from("#define A0 x\n");
    for i in 1..40 {
        bomb += &format!("#define A{i} A{} A{}\n", i - 1, i - 1);
    }
    let hostile = format!(
        "#include \"/dev/stdin\"\n#include \"/dev/zero\"\n#include \"fifo.h\"\n#include \"a.h\"\n{bomb}float boom() {{ return A39; }}\n"
    );
    let mut client = Client::start(&dir);
    let hostile_uri = client.open(&dir.join("hostile.slang"), &hostile);
    let good_text = "/// Twice its argument.\nfloat twice(float x) { return 2.0 * x; }\n";
    let good = client.open(&dir.join("good.slang"), good_text);
    // The other document answers at once.
    let start = Instant::now();
    let reply = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": good}, "position": {"line": 1, "character": 7}}),
    );
    let elapsed = start.elapsed();
    assert!(
        reply["result"]["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.contains("Twice its argument")),
        "{reply}"
    );
    assert!(elapsed < Duration::from_secs(3), "hover took {elapsed:?}");
    // The refused includes say why (asked again: waiting for the hover skipped what came before).
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": hostile_uri, "version": 2},
               "contentChanges": [{"text": hostile}]}),
    );
    let diagnostics = loop {
        let d = client.diagnostics_for(&hostile_uri);
        if d.iter().any(|l| l.contains("cannot read include file")) {
            break d;
        }
    };
    let refused: Vec<&String> = diagnostics.iter().filter(|d| d.contains("E2906")).collect();
    assert_eq!(refused.len(), 3, "{diagnostics:#?}");
    assert!(
        refused[0].contains("`/dev/stdin`: it is a FIFO"),
        "{diagnostics:#?}"
    );
    assert!(
        refused[1].contains("`/dev/zero`: it is a character device, not a regular file"),
        "{diagnostics:#?}"
    );
    assert!(
        refused[2].contains("`fifo.h`: it is a FIFO (named pipe), not a regular file"),
        "{diagnostics:#?}"
    );
    // And the server still answers after all of it.
    client.ping(99);
    client.close_and_wait();
}
