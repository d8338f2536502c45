//! End to end with a real editor: headless Neovim's built-in LSP client runs `dslang lsp`, opens a
//! file, receives diagnostics and asks for a hover. The Lua side writes what Neovim received to a
//! file, and the test compares that with a snapshot.
//!
//! Skipped (with a printed reason) when `nvim` is not installed, unless `DSLANG_REQUIRE_NVIM` is set.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use expect_test::expect;

/// The client: works with Neovim 0.7 (`start_client`) and newer (`vim.lsp.start`).
const CLIENT_LUA: &str = r#"
local out_path = os.getenv("DSLANG_NVIM_OUT")
local lines = {}
local function log(s) table.insert(lines, s) end
local function finish()
  local f = io.open(out_path, "w")
  f:write(table.concat(lines, "\n") .. "\n")
  f:close()
  vim.cmd("qa!")
end

local ok, err = pcall(function()
  local root = os.getenv("DSLANG_NVIM_ROOT")
  vim.cmd("edit " .. vim.fn.fnameescape(root .. "/main.slang"))
  local buf = vim.api.nvim_get_current_buf()
  local config = {
    name = "dslang",
    cmd = { os.getenv("DSLANG_BIN"), "lsp" },
    root_dir = root,
    settings = { dslang = { includePaths = { "include" } } },
  }
  local client_id = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(buf, client_id)

  -- Diagnostics arrive after the settings are applied (the import must resolve).
  local got = vim.wait(30000, function()
    local ds = vim.diagnostic.get(buf)
    return #ds == 1
  end, 50)
  log("diagnostics received: " .. tostring(got))
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    log(string.format("diagnostic %d:%d %s %s", d.lnum, d.col, tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)), d.message))
  end

  local client = vim.lsp.get_client_by_id(client_id)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 2, character = 23 } }
  local resp = client.request_sync("textDocument/hover", params, 20000, buf)
  if resp and resp.result then
    log("hover:")
    log(resp.result.contents.value)
  else
    log("hover failed: " .. vim.inspect(resp))
  end

  client.stop()
  local stopped = vim.wait(10000, function() return client.is_stopped() end, 50)
  log("client stopped: " .. tostring(stopped))
end)
if not ok then log("lua error: " .. tostring(err)) end
finish()
"#;

fn find_nvim() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("nvim"))
        .find(|p| p.is_file())
}

#[test]
fn neovim_gets_diagnostics_and_hover() {
    let Some(nvim) = find_nvim() else {
        if std::env::var_os("DSLANG_REQUIRE_NVIM").is_some() {
            panic!("nvim is not installed but DSLANG_REQUIRE_NVIM is set");
        }
        eprintln!("skipping neovim_gets_diagnostics_and_hover: `nvim` not found in PATH");
        return;
    };
    let root = std::env::temp_dir().join(format!("dslang-nvim-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("include")).unwrap();
    std::fs::write(
        root.join("include/shading.slang"),
        "float fresnel(float cosTheta, float f0) { return f0; }\n",
    )
    .unwrap();
    // Line 2 holds the hover target (`fresnel` at column 23) and the one error (`missing`).
    std::fs::write(
        root.join("main.slang"),
        "import shading;\n// é😀 non-ASCII before the code\nfloat shade(float c) { fresnel(c, 0.04); return missing; }\n",
    )
    .unwrap();
    let script = root.join("client.lua");
    std::fs::write(&script, CLIENT_LUA).unwrap();
    let out = root.join("out.txt");
    let xdg = root.join("xdg");

    let mut child = Command::new(nvim)
        .args(["--headless", "--clean", "-u", "NONE", "-i", "NONE", "-n"])
        .arg("-c")
        .arg(format!("luafile {}", script.display()))
        .env("DSLANG_BIN", env!("CARGO_BIN_EXE_dslang"))
        .env("DSLANG_NVIM_ROOT", &root)
        .env("DSLANG_NVIM_OUT", &out)
        // Keep Neovim's state and logs out of the user's home.
        .env("XDG_STATE_HOME", &xdg)
        .env("XDG_DATA_HOME", &xdg)
        .env("XDG_CACHE_HOME", &xdg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start nvim");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("nvim did not finish in time");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let received =
        std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("no output from nvim ({e})"));
    expect![[r#"
        diagnostics received: true
        diagnostic 2:48 E2001 undefined identifier 'missing'. Declare `missing` before its use, or check the spelling
        hover:
        ```slang
        float fresnel(float cosTheta, float f0)
        ```
        client stopped: true
    "#]]
    .assert_eq(&received);
    let _ = std::fs::remove_dir_all(Path::new(&root));
}

/// Reads one framed JSON-RPC message from the server.
fn read_message(out: &mut impl std::io::BufRead) -> String {
    let mut len = 0;
    loop {
        let mut line = String::new();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "server closed stdout"
        );
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            len = v.parse().unwrap();
        }
    }
    let mut body = vec![0; len];
    out.read_exact(&mut body).unwrap();
    String::from_utf8(body).unwrap()
}

fn send(input: &mut impl std::io::Write, body: &str) {
    write!(input, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
    input.flush().unwrap();
}

fn wait_with_deadline(child: &mut std::process::Child) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("dslang lsp did not exit");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The real binary: answers `initialize`, and exits (code 1: no `shutdown` came) when stdin closes.
#[test]
fn lsp_binary_exits_when_stdin_closes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dslang"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start dslang lsp");
    let mut input = child.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(child.stdout.take().unwrap());
    send(
        &mut input,
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#,
    );
    let reply = read_message(&mut output);
    assert!(reply.contains(r#""name":"dslang""#), "{reply}");
    drop(input);
    assert_eq!(wait_with_deadline(&mut child), 1);
}

/// The real binary: `shutdown` then `exit` ends the process with code 0.
#[test]
fn lsp_binary_exits_after_shutdown_and_exit() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dslang"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start dslang lsp");
    let mut input = child.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(child.stdout.take().unwrap());
    send(
        &mut input,
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#,
    );
    read_message(&mut output);
    send(
        &mut input,
        r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
    );
    assert_eq!(
        read_message(&mut output),
        r#"{"jsonrpc":"2.0","result":null,"id":2}"#
    );
    send(&mut input, r#"{"jsonrpc":"2.0","method":"exit"}"#);
    // stdin stays open: `exit` alone must end the process.
    assert_eq!(wait_with_deadline(&mut child), 0);
    drop(input);
}
