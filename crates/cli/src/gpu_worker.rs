//! GPU work of the language server (previews, gradient checks) in a child process, `dslang
//! gpu-worker`, so that a runaway program cannot keep the server's cores or its device: a
//! dispatch that times out leaves the GPU's threads spinning (lavapipe cannot cancel a running
//! shader), pipeline creation for a large private array can take minutes, and a driver can
//! crash on a program (a local `float a[100000000]`). The server waits at most
//! [`time_limit`] for an answer; past it, or when the worker dies, the worker is killed and the
//! request answered with an error. The next request starts a fresh worker.
//!
//! The worker stays alive between requests (the device and the preview's saved runs, which
//! "continue" resumes, live in it) and exits after a request whose GPU timed out or was lost,
//! so that nothing keeps running. Protocol: one JSON request per line on its stdin, one JSON
//! answer per line on its stdout.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};
use server::CompileOptions;

/// How long one request may take (compiling, creating pipelines and running its frames) before
/// the worker is killed: `DSLANG_GPU_WORKER_LIMIT_S` seconds, by default 20 s beyond the
/// preview's own limit for all frames.
pub fn time_limit() -> Duration {
    std::env::var("DSLANG_GPU_WORKER_LIMIT_S")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map(Duration::from_secs_f64)
        .unwrap_or(driver::preview::PREVIEW_TIME_LIMIT + Duration::from_secs(20))
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: Option<BufReader<ChildStdout>>,
}

impl Worker {
    fn start() -> Result<Worker, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find dslang: {e}"))?;
        let mut child = Command::new(exe)
            .arg("gpu-worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the GPU process: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("cannot talk to the GPU process".to_string());
        };
        Ok(Worker {
            child,
            stdin,
            stdout: Some(BufReader::new(stdout)),
        })
    }

    /// Kills the worker (our own child, by its handle) and reaps it.
    fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The one worker (requests are serialised: the GPU runs one job at a time anyway).
static WORKER: Mutex<Option<Worker>> = Mutex::new(None);

/// Sends `request` to the worker and returns its answer, or an error answer
/// (`{"ok": false, "error": ...}`) when it took longer than `limit` or died.
pub fn call(request: &Value, limit: Duration) -> Value {
    let mut slot = WORKER.lock().unwrap_or_else(|p| p.into_inner());
    // A worker that died between requests (killed, crashed) is replaced before it is written
    // to: a write to its pipe could still succeed, and the request would fail for nothing.
    let alive = slot.take().and_then(|mut w| match w.child.try_wait() {
        Ok(None) => Some(w),
        _ => {
            w.stop();
            None
        }
    });
    let mut worker = match alive {
        Some(w) => w,
        None => match Worker::start() {
            Ok(w) => w,
            Err(e) => return failed(e),
        },
    };
    let mut line = request.to_string();
    line.push('\n');
    if worker.stdin.write_all(line.as_bytes()).is_err() || worker.stdin.flush().is_err() {
        // It had exited (after a timed-out request): start another once.
        worker.stop();
        worker = match Worker::start() {
            Ok(w) => w,
            Err(e) => return failed(e),
        };
        if worker.stdin.write_all(line.as_bytes()).is_err() || worker.stdin.flush().is_err() {
            worker.stop();
            return failed("cannot send the request to the GPU process".to_string());
        }
    }
    let Some(mut reader) = worker.stdout.take() else {
        worker.stop();
        return failed("the GPU process has no output".to_string());
    };
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut answer = String::new();
        let read = reader.read_line(&mut answer);
        let _ = send.send((reader, read.map(|n| (n, answer))));
    });
    match receive.recv_timeout(limit) {
        Ok((reader, Ok((n, answer)))) if n > 0 => {
            let value = serde_json::from_str::<Value>(&answer)
                .unwrap_or_else(|e| failed(format!("the GPU process answered badly: {e}")));
            let restart = value.get("restart").and_then(Value::as_bool) == Some(true);
            if restart {
                worker.stop();
            } else {
                worker.stdout = Some(reader);
                *slot = Some(worker);
            }
            value.get("answer").cloned().unwrap_or(value)
        }
        Ok(_) => {
            // End of output: the worker died (a crash in the driver, out of memory).
            let _ = worker.child.kill();
            let status = worker.child.wait();
            failed(format!(
                "the GPU process ended without an answer ({}): the program crashed the GPU \
                 driver or ran out of memory",
                status.map_or_else(|e| e.to_string(), |s| s.to_string())
            ))
        }
        Err(_) => {
            worker.stop();
            failed(format!(
                "the preview took longer than {:.0} s (compiling, creating the pipeline and \
                 running) and was stopped",
                limit.as_secs_f64()
            ))
        }
    }
}

fn failed(error: String) -> Value {
    json!({ "ok": false, "error": error, "diagnostics": [], "buffers": [], "kernels": [] })
}

/// The request for a preview or gradient check.
pub fn request(
    op: &str,
    path: &Path,
    text: &str,
    opts: &CompileOptions,
    frames: u32,
    inputs: Option<&Value>,
    function: Option<&str>,
) -> Value {
    json!({
        "op": op,
        "path": path.to_string_lossy(),
        "text": text,
        "include_paths": opts.include_paths,
        "defines": opts.defines,
        "entry": opts.entry,
        "frames": frames,
        "inputs": inputs,
        "function": function,
    })
}

fn options_of(request: &Value) -> CompileOptions {
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    CompileOptions {
        include_paths: strings(&request["include_paths"]),
        defines: request["defines"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|d| {
                        let name = d.get(0)?.as_str()?.to_string();
                        Some((name, d.get(1).and_then(Value::as_str).map(str::to_string)))
                    })
                    .collect()
            })
            .unwrap_or_default(),
        entry: request["entry"].as_str().map(str::to_string),
    }
}

/// `dslang gpu-worker`: answers requests from stdin until it closes.
pub fn serve() -> u8 {
    // The server may die without closing our input while we run (it was killed): then this
    // process is re-parented, and ends.
    let parent = std::os::unix::process::parent_id();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_millis(250));
            if std::os::unix::process::parent_id() != parent {
                std::process::exit(0);
            }
        }
    });
    let backend = crate::lsp_backend::DriverBackend;
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Ok(request) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let path = PathBuf::from(request["path"].as_str().unwrap_or_default());
        let text = request["text"].as_str().unwrap_or_default();
        let opts = options_of(&request);
        let frames = request["frames"].as_u64().unwrap_or(1) as u32;
        let answer = match request["op"].as_str() {
            Some("gradient_check") => {
                backend.gradient_check_here(&path, text, &opts, request["function"].as_str())
            }
            _ => match request.get("inputs").filter(|v| !v.is_null()) {
                Some(inputs) => {
                    backend.run_preview_with_inputs_here(&path, text, &opts, frames, inputs)
                }
                None => backend.run_preview_here(&path, text, &opts, frames),
            },
        };
        // After a timeout or a lost device the GPU may still be running the program: this
        // process ends, and with it that work.
        let restart = !driver::preview::shared_gpu_is_usable();
        let line = json!({ "answer": answer, "restart": restart }).to_string();
        if stdout.write_all(line.as_bytes()).is_err()
            || stdout.write_all(b"\n").is_err()
            || stdout.flush().is_err()
            || restart
        {
            break;
        }
    }
    std::process::exit(0)
}
