//! LSP transcripts through the real `dslang lsp` binary, for what needs the compile backend:
//! `dslang/generatedCode` (WGSL, IR, SPIR-V), compile errors published on save, and the preview
//! requests' answers.

mod lsp_client;

use std::path::Path;
use std::process::Command;

use lsp_client::{Client, url};
use serde_json::{Value, json};

fn temp_dir(name: &str) -> std::path::PathBuf {
    lsp_client::temp_dir("lsp-custom", name)
}

const PROGRAM: &str = r#"RWStructuredBuffer<float> outputBuffer;

[Differentiable]
float square(float x) { return x * x; }

[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    var p = diffPair(3.0);
    bwd_diff(square)(p, 1.0);
    outputBuffer[tid.x] = p.d;
}
"#;

fn open(client: &mut Client, path: &Path, text: &str) -> String {
    client.open(path, text)
}

#[test]
fn generated_code_wgsl_ir_and_spirv() {
    let dir = temp_dir("gen");
    let mut client = Client::start(&dir);
    let uri = open(&mut client, &dir.join("main.slang"), PROGRAM);
    assert_eq!(client.diagnostics_for(&uri), Vec::<String>::new());

    let wgsl = client.request(
        "dslang/generatedCode",
        json!({"uri": uri, "target": "wgsl"}),
    );
    let text = wgsl["result"]["text"].as_str().expect("wgsl text");
    assert!(text.contains("@compute"), "{text}");
    assert!(text.contains("fn computeMain"), "{text}");
    assert!(text.contains("outputBuffer"), "{text}");

    let ir = client.request("dslang/generatedCode", json!({"uri": uri, "target": "ir"}));
    let text = ir["result"]["text"].as_str().expect("ir text");
    assert!(text.contains("computeMain"), "{text}");
    // The backward derivative of `square` is part of the program.
    assert!(text.contains("square"), "{text}");

    let spirv = client.request(
        "dslang/generatedCode",
        json!({"uri": uri, "target": "spirv"}),
    );
    let text = spirv["result"]["text"].as_str().expect("spirv text");
    let has_dis = Command::new("spirv-dis").arg("--version").output().is_ok();
    if has_dis {
        assert!(text.contains("OpEntryPoint GLCompute"), "{text}");
    } else {
        assert!(
            text.starts_with("; spirv-dis (SPIRV-Tools) was not found"),
            "{text}"
        );
    }

    let bad = client.request(
        "dslang/generatedCode",
        json!({"uri": uri, "target": "hlsl"}),
    );
    assert_eq!(bad["error"]["code"], -32602, "{bad}");

    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generated_code_of_a_broken_file_fails_with_the_errors() {
    let dir = temp_dir("broken");
    let mut client = Client::start(&dir);
    let uri = open(
        &mut client,
        &dir.join("main.slang"),
        "[numthreads(1,1,1)]\nvoid computeMain() { float x = undefined_name; }\n",
    );
    let reply = client.request(
        "dslang/generatedCode",
        json!({"uri": uri, "target": "wgsl"}),
    );
    assert_eq!(reply["error"]["code"], -32803, "{reply}");
    let message = reply["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("compilation failed:\n2:32: E2"),
        "{message}"
    );
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `discard` type-checks but cannot be lowered for a compute shader: the type checker is silent
/// while typing, and the save publishes the compiler's error beside the live diagnostics.
#[test]
fn save_publishes_compile_errors() {
    let dir = temp_dir("save");
    let mut client = Client::start(&dir);
    let text = "RWStructuredBuffer<float> outputBuffer;\n[numthreads(1, 1, 1)]\nvoid computeMain(uint3 tid : SV_DispatchThreadID)\n{\n    if (tid.x > 4) discard;\n    outputBuffer[tid.x] = 1.0;\n}\n";
    let uri = open(&mut client, &dir.join("main.slang"), text);
    assert_eq!(client.diagnostics_for(&uri), Vec::<String>::new());
    client.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    );
    let after_save = client.diagnostics_for(&uri);
    assert_eq!(after_save.len(), 1, "{after_save:?}");
    assert!(
        after_save[0].starts_with("4:19 E4001 [dslang compile]"),
        "{after_save:?}"
    );

    // An edit drops the saved compile errors (they describe the saved text).
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"text": text.replace("discard;", "return;")}]}),
    );
    assert_eq!(client.diagnostics_for(&uri), Vec::<String>::new());
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

/// A preview answers with a `PreviewResult` (or says why it cannot), and the save of a previewed
/// file pushes `dslang/previewUpdated` with the document's URI.
#[test]
fn preview_requests_answer_and_save_pushes_an_update() {
    let dir = temp_dir("preview");
    let mut client = Client::start(&dir);
    let uri = open(&mut client, &dir.join("main.slang"), PROGRAM);
    let preview = client.request("dslang/runPreview", json!({"uri": uri, "frames": 1}));
    let result = &preview["result"];
    assert!(result["ok"].is_boolean(), "{preview}");
    let check = client.request("dslang/gradientCheck", json!({"uri": uri}));
    assert!(check["result"].is_object(), "{check}");

    client.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    );
    let update = client.wait_for("previewUpdated", |m| m["method"] == "dslang/previewUpdated");
    assert_eq!(update["params"]["uri"], json!(uri));
    assert!(update["params"]["ok"].is_boolean(), "{update}");
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The end-to-end path of the editor's preview: a save of an example pushes a preview whose buffers
/// are the ones `dslang run --frames 1 --out` writes for the same file on the same machine.
#[test]
fn saved_example_preview_matches_dslang_run() {
    let dir = temp_dir("example");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/sdf_derivative.slang");
    let text = std::fs::read_to_string(&example).unwrap();
    let path = dir.join("sdf_derivative.slang");
    let mut client = Client::start(&dir);
    let uri = open(&mut client, &path, &text);
    // Asking once marks the document as previewed; the save then pushes with the default 1 frame.
    let first = client.request("dslang/runPreview", json!({"uri": uri, "frames": 1}));
    assert_eq!(first["result"]["ok"], json!(true), "{first}");
    client.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    );
    let update = client.wait_for("previewUpdated", |m| m["method"] == "dslang/previewUpdated");
    client.shutdown();
    let pushed = &update["params"];
    assert_eq!(pushed["ok"], json!(true), "{update}");

    let out = dir.join("out");
    let run = Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args([
            "run",
            path.to_str().unwrap(),
            "--frames",
            "1",
            "--out",
            out.to_str().unwrap(),
        ])
        .env("XDG_RUNTIME_DIR", dir.join("xdg"))
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let from_cli: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("preview.json")).unwrap()).unwrap();

    let buffers = |v: &Value| -> Vec<(String, Vec<f64>)> {
        v["buffers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let values = b["values"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap())
                    .collect();
                (b["name"].as_str().unwrap().to_string(), values)
            })
            .collect()
    };
    let (lsp, cli) = (buffers(pushed), buffers(&from_cli));
    assert!(
        !lsp.is_empty() && lsp.iter().any(|(_, v)| v.iter().any(|x| *x != 0.0)),
        "{pushed}"
    );
    assert_eq!(
        lsp.iter().map(|(n, v)| (n, v.len())).collect::<Vec<_>>(),
        cli.iter().map(|(n, v)| (n, v.len())).collect::<Vec<_>>()
    );
    for ((name, a), (_, b)) in lsp.iter().zip(&cli) {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            assert!(
                (x - y).abs() <= 1e-6 * x.abs().max(1.0),
                "{name}[{i}]: preview {x}, dslang run {y}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An error inside an `#include`d file is published for that file (with a note at the `#include`
/// line), the includer keeps a one-line summary there, a save adds no duplicate of it, and both
/// clear when the included file is fixed in the editor.
#[test]
fn include_errors_are_published_in_the_included_file() {
    let dir = temp_dir("include");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    let helpers = dir.join("inc/helpers.slang");
    let broken = "float helper(float x)\n{\n    return x * undefined_scale;\n}\n";
    std::fs::write(&helpers, broken).unwrap();
    let helpers_uri = url(&helpers);
    let mut client = Client::start(&dir);
    let main_text = PROGRAM.replace(
        "[Differentiable]",
        "#include \"inc/helpers.slang\"\n[Differentiable]",
    );
    let main_uri = open(&mut client, &dir.join("main.slang"), &main_text);
    let summary = "2:0 E2001 [dslang] error in included file inc/helpers.slang:3: undefined identifier 'undefined_scale'. Declare `undefined_scale` before its use, or check the spelling";
    assert_eq!(client.diagnostics_for(&main_uri), vec![summary.to_string()]);
    let in_helpers = client.wait_for("diagnostics of the included file", |m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == helpers_uri
    });
    let d = &in_helpers["params"]["diagnostics"][0];
    assert_eq!(
        in_helpers["params"]["diagnostics"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        d["range"]["start"],
        json!({"line": 2, "character": 15}),
        "{d}"
    );
    assert_eq!(d["code"], "E2001");
    let note = &d["relatedInformation"][0];
    assert_eq!(note["location"]["uri"], main_uri.as_str(), "{note}");
    assert_eq!(
        note["location"]["range"]["start"],
        json!({"line": 2, "character": 0})
    );
    assert_eq!(note["message"], "included from here");

    // The full compilation on save finds the same error: still one diagnostic on the includer.
    client.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": main_uri}}),
    );
    assert_eq!(client.diagnostics_for(&main_uri), vec![summary.to_string()]);

    // Fixed in the editor: the included file's own run and the includer's both come back clean.
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": helpers_uri, "languageId": "slang", "version": 1, "text": broken}}),
    );
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": helpers_uri, "version": 2},
               "contentChanges": [{"text": broken.replace("undefined_scale", "2.0")}]}),
    );
    let clean = |m: &Value, uri: &str| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(Vec::is_empty)
    };
    // The two files are checked by separate tasks: their clean reports come in either order.
    let (mut helpers_clean, mut main_clean) = (false, false);
    while !(helpers_clean && main_clean) {
        let m = client.wait_for("both files cleared", |m| {
            (clean(m, &helpers_uri) && m["params"]["version"] == 2) || clean(m, &main_uri)
        });
        if m["params"]["uri"] == helpers_uri {
            helpers_clean = true;
        } else {
            main_clean = true;
        }
    }
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The interactive preview's requests: `inputs` set a slider, and `continue` goes on from the
/// frame after the last run (the play button's requests).
#[test]
fn run_preview_inputs_set_controls_and_continue_the_run() {
    let dir = temp_dir("inputs");
    let mut client = Client::start(&dir);
    let text = "import playground;\n[playground::SLIDER(1.0, 0.0, 4.0)]\nuniform float amount;\n[playground::ZEROS(1)]\nRWStructuredBuffer<float> total;\n\n[shader(\"compute\")]\n[numthreads(1, 1, 1)]\n[playground::CALL(1, 1, 1)]\nvoid k(uint3 t : SV_DispatchThreadID) { total[0] = total[0] + amount; }\n";
    let uri = open(&mut client, &dir.join("inputs.slang"), text);
    let first = client.request(
        "dslang/runPreview",
        json!({"uri": uri, "frames": 2, "inputs": {"sliders": {"amount": 3.0}}}),
    );
    let result = &first["result"];
    if result["error"]
        .as_str()
        .is_some_and(|e| e.contains("adapter"))
    {
        client.shutdown();
        return;
    }
    assert_eq!(result["ok"], json!(true), "{first}");
    assert_eq!(result["buffers"][0]["values"], json!([6.0]), "{first}");
    assert_eq!(result["controls"][0]["value"], json!([3.0]));
    let next = client.request(
        "dslang/runPreview",
        json!({"uri": uri, "frames": 1, "inputs": {"sliders": {"amount": 0.5}, "continue": true}}),
    );
    assert_eq!(next["result"]["firstFrame"], json!(2), "{next}");
    assert_eq!(
        next["result"]["buffers"][0]["values"],
        json!([6.5]),
        "{next}"
    );
    // Malformed inputs take their defaults.
    let odd = client.request(
        "dslang/runPreview",
        json!({"uri": uri, "frames": 1, "inputs": {"sliders": "fast", "mouse": [1]}}),
    );
    assert_eq!(odd["result"]["buffers"][0]["values"], json!([1.0]), "{odd}");
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}
