//! Go-to-definition into the standard library opens a copy the server wrote in a directory
//! private to the user (issue 28, S1): a file planted at the old predictable
//! `$TMPDIR/dslang-stdlib-<hash>/...` is never opened.

mod lsp_client;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use lsp_client::Client;
use serde_json::{Value, json};

const PROGRAM: &str = "float f(float x) { return sin(x); }\n";

/// The file go-to-definition of `sin` in [`PROGRAM`] opens, through a fresh server.
fn definition_of_sin(dir: &Path) -> PathBuf {
    let mut client = Client::spawn();
    client.initialize(Some(dir));
    let uri = client.open(&dir.join("a.slang"), PROGRAM);
    let answer = client.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 27}}),
    );
    let result = &answer["result"];
    let first = if result.is_array() {
        &result[0]
    } else {
        result
    };
    let target = first
        .get("uri")
        .or_else(|| first.get("targetUri"))
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no definition: {answer}"));
    client.close_and_wait();
    PathBuf::from(target.strip_prefix("file://").unwrap())
}

/// The `dslang-stdlib-*` directory holding `file`.
fn stdlib_root(file: &Path) -> PathBuf {
    file.ancestors()
        .find(|a| {
            a.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("dslang-stdlib-"))
        })
        .unwrap_or_else(|| panic!("{} is not in a dslang-stdlib directory", file.display()))
        .to_path_buf()
}

fn private(dir: &Path) -> bool {
    std::fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o077 == 0)
}

#[test]
fn the_library_copy_is_private_and_a_planted_file_is_never_opened() {
    // No private runtime directory: the fallback in the temporary directory.
    // SAFETY: the only test of this file; nothing else reads the environment meanwhile.
    unsafe { std::env::remove_var("XDG_RUNTIME_DIR") };
    let dir = lsp_client::temp_dir("lsp-stdlib", "plant");
    let opened = definition_of_sin(&dir);
    let root = stdlib_root(&opened);
    assert!(private(&root), "{} is readable by others", root.display());
    let real = std::fs::read_to_string(&opened).unwrap();
    assert!(real.contains("sin"), "{}", opened.display());
    // Plant a file where the old server put its copy: `$TMPDIR/dslang-stdlib-<hash>/...`.
    let name = root.file_name().unwrap().to_string_lossy().into_owned();
    let hash_name: String = name.split('-').take(3).collect::<Vec<_>>().join("-");
    let planted_root = std::env::temp_dir().join(&hash_name);
    let planted = planted_root.join(opened.strip_prefix(&root).unwrap());
    std::fs::create_dir_all(planted.parent().unwrap()).unwrap();
    std::fs::write(&planted, "// planted\n").unwrap();
    let again = definition_of_sin(&dir);
    assert_ne!(again, planted);
    assert!(!again.starts_with(&planted_root), "{}", again.display());
    assert!(std::fs::read_to_string(&again).unwrap().contains("sin"));
    let _ = std::fs::remove_dir_all(&planted_root);
    // With a private runtime directory, the copy is kept there.
    let runtime = dir.join("runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    // SAFETY: as above.
    unsafe { std::env::set_var("XDG_RUNTIME_DIR", &runtime) };
    let in_runtime = definition_of_sin(&dir);
    assert!(in_runtime.starts_with(&runtime), "{}", in_runtime.display());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&root);
}
