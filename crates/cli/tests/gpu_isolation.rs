//! The language server's GPU work runs in a child process (`dslang gpu-worker`): a runaway
//! shader, a pipeline that takes minutes to create, or a program that crashes the driver ends in
//! an error answer within the time limit, leaves no process behind, and later previews work.

mod lsp_client;

use std::path::Path;
use std::time::{Duration, Instant};

use lsp_client::Client;
use serde_json::{Value, json};

/// The worker's time limit in these tests (`DSLANG_GPU_WORKER_LIMIT_S`, read by the server).
const LIMIT_S: u64 = 8;

fn start(name: &str) -> (Client, std::path::PathBuf) {
    // SAFETY: every test of this file sets the same value before starting a server; nothing in
    // the test process reads it.
    unsafe { std::env::set_var("DSLANG_GPU_WORKER_LIMIT_S", LIMIT_S.to_string()) };
    let dir = lsp_client::temp_dir("gpu-isolation", name);
    let client = Client::start(&dir);
    (client, dir)
}

const GOOD: &str = r#"RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID) { outputBuffer[tid.x] = 42.0; }
"#;

/// Minutes on lavapipe (see gpu_safety.rs): the preview's 5 s dispatch limit stops it.
const RUNAWAY: &str = r#"//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -output-using-type -compute-dispatch 20000,1,1
//TEST_INPUT:ubuffer(data=[60000], stride=4):name=trips
//TEST_INPUT:ubuffer(data=[0], stride=4):out,name=outputBuffer
StructuredBuffer<uint> trips;
RWStructuredBuffer<uint> outputBuffer;
[numthreads(64, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    uint s = tid.x + 1;
    for (uint i = 0; i < trips[0]; i++) { s = s * 1664525u + 1013904223u; s ^= s >> 13; }
    if (s == 12345u) outputBuffer[0] = s;
}
"#;

fn preview(client: &mut Client, dir: &Path, file: &str, text: &str) -> (Value, Duration) {
    let uri = client.open(&dir.join(file), text);
    let start = Instant::now();
    let answer = client.request("dslang/runPreview", json!({"uri": uri, "frames": 1}));
    (answer, start.elapsed())
}

/// The server's `gpu-worker` children that are still running.
fn workers(client: &Client) -> Vec<u32> {
    let server = client.child.id();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // pid (comm) state ppid ...
        let after = stat.rsplit_once(") ").map(|(_, r)| r).unwrap_or_default();
        let mut fields = after.split_whitespace();
        let state = fields.next().unwrap_or_default();
        let ppid = fields.next().and_then(|p| p.parse::<u32>().ok());
        let cmdline = std::fs::read_to_string(entry.path().join("cmdline")).unwrap_or_default();
        if ppid == Some(server) && cmdline.contains("gpu-worker") && state != "Z" {
            found.push(pid);
        }
    }
    found
}

fn good_preview_still_works(client: &mut Client, dir: &Path) {
    let (answer, _) = preview(client, dir, "good.slang", GOOD);
    let result = &answer["result"];
    if result["ok"] != json!(true) {
        // No GPU here: the answer must still say so.
        assert!(result["error"].is_string(), "{answer}");
        return;
    }
    assert!(answer.to_string().contains("42"), "{answer}");
}

#[test]
fn a_runaway_preview_is_stopped_and_leaves_nothing_running() {
    let (mut client, dir) = start("runaway");
    let (answer, took) = preview(&mut client, &dir, "runaway.slang", RUNAWAY);
    let result = &answer["result"];
    assert_eq!(result["ok"], json!(false), "{answer}");
    assert!(result["error"].is_string(), "{answer}");
    assert!(took < Duration::from_secs(LIMIT_S + 5), "{took:?}");
    // The worker that ran it is gone within a second: no core keeps spinning.
    let start = Instant::now();
    while !workers(&client).is_empty() && start.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(workers(&client), Vec::<u32>::new());
    good_preview_still_works(&mut client, &dir);
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn slow_pipeline_creation_is_inside_the_time_limit() {
    // A local array of 65536 floats: lavapipe takes minutes to create its pipeline.
    let (mut client, dir) = start("pipeline");
    let text = "RWStructuredBuffer<float> outputBuffer;\n[numthreads(1, 1, 1)]\nvoid computeMain(uint3 tid : SV_DispatchThreadID) { float a[65536]; a[tid.x] = 1.0; outputBuffer[0] = a[tid.x + 1]; }\n";
    let (answer, took) = preview(&mut client, &dir, "slow.slang", text);
    assert!(answer["result"]["ok"].is_boolean(), "{answer}");
    assert!(took < Duration::from_secs(LIMIT_S + 5), "{took:?}");
    good_preview_still_works(&mut client, &dir);
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_huge_private_array_is_an_error_not_a_crash() {
    let (mut client, dir) = start("private");
    let text = "RWStructuredBuffer<float> outputBuffer;\n[numthreads(1, 1, 1)]\nvoid computeMain(uint3 tid : SV_DispatchThreadID) { float a[100000000]; a[tid.x] = 1.0; outputBuffer[0] = a[tid.x + 1]; }\n";
    let (answer, took) = preview(&mut client, &dir, "huge.slang", text);
    let result = &answer["result"];
    assert_eq!(result["ok"], json!(false), "{answer}");
    let error = result["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("private memory") || error.contains("no GPU") || error.contains("adapter"),
        "{answer}"
    );
    assert!(took < Duration::from_secs(LIMIT_S + 5), "{took:?}");
    good_preview_still_works(&mut client, &dir);
    client.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}
