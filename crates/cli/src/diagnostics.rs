//! Rendering of diagnostics in the cli.md format: a `FILE:LINE:COL: error[CODE]: message` line,
//! then the source line with a caret under the span (codespan-reporting draws the snippet).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config, DisplayStyle};

use crate::exit;

/// One diagnostic in byte offsets of the decoded source text.
pub struct Reported {
    pub code: &'static str,
    pub message: String,
    pub range: std::ops::Range<usize>,
}

/// `dslang check FILE...`: exit 0 when no file has an error, 1 when one has, 2 when a file
/// cannot be read.
pub fn check_files(files: &[PathBuf]) -> u8 {
    let mut status = exit::OK;
    for path in files {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(err) => {
                eprintln!("{}: error: cannot read file: {err}", path.display());
                return exit::BAD_COMMAND_LINE;
            }
        };
        let (text, reported) = check_source(path, &bytes);
        if !reported.is_empty() {
            status = exit::USER_ERROR;
            print_diagnostics(path, &text, &reported);
        }
    }
    status
}

/// Decodes and checks one file's bytes (syntax, preprocessor, names and types through `hir`,
/// imports loaded from disk); returns the decoded text and its error diagnostics in order.
pub fn check_source(path: &Path, bytes: &[u8]) -> (String, Vec<Reported>) {
    let loaded = driver::load(path, bytes, &driver::Options::default());
    let reported = errors_of(loaded.diagnostics());
    (loaded.text, reported)
}

/// The errors among `diagnostics`, for printing.
pub fn errors_of(diagnostics: Vec<hir::Diagnostic>) -> Vec<Reported> {
    diagnostics
        .into_iter()
        .filter(|d| d.severity == hir::Severity::Error)
        .map(|d| Reported {
            code: d.code,
            message: d.message,
            range: d.range.start as usize..d.range.end as usize,
        })
        .collect()
}

pub fn print_diagnostics(path: &Path, text: &str, reported: &[Reported]) {
    let colour = std::io::stderr().is_terminal();
    let rendered = render(&path.display().to_string(), text, reported, colour);
    let _ = std::io::stderr().write_all(rendered.as_bytes());
}

/// Renders diagnostics to a string; `colour` adds ANSI escapes.
pub fn render(name: &str, text: &str, reported: &[Reported], colour: bool) -> String {
    let file = SimpleFile::new(name, text);
    let config = Config::default();
    let short = Config {
        display_style: DisplayStyle::Short,
        ..Config::default()
    };
    let mut out = String::new();
    for r in reported {
        let diagnostic = Diagnostic::error()
            .with_code(r.code)
            .with_message(&r.message)
            .with_labels(vec![Label::primary((), r.range.clone())]);
        let header = emit(&file, &short, &diagnostic, colour);
        let body = emit(&file, &config, &diagnostic, colour);
        out.push_str(&header);
        // The rich form repeats the header without the location: keep only its snippet.
        if let Some((_, snippet)) = body.split_once('\n') {
            out.push_str(snippet);
        }
    }
    out
}

fn emit(
    file: &SimpleFile<&str, &str>,
    config: &Config,
    diagnostic: &Diagnostic<()>,
    colour: bool,
) -> String {
    let mut buffer = Vec::new();
    let result = if colour {
        let mut writer = term::termcolor::Ansi::new(&mut buffer);
        term::emit_to_write_style(&mut writer, config, file, diagnostic)
    } else {
        term::emit_to_io_write(&mut buffer, config, file, diagnostic)
    };
    if let Err(err) = result {
        return format!("<cannot render diagnostic: {err}>\n");
    }
    String::from_utf8_lossy(&buffer).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    #[test]
    fn renders_location_header_line_and_caret() {
        let text = "float f(float x)\n{\n    return x * 2\n}\n";
        let reported = vec![Reported {
            code: "E1001",
            message: "expected `;` after the return value".into(),
            range: 35..35,
        }];
        expect![[r#"
            shader.slang:3:17: error[E1001]: expected `;` after the return value
              ┌─ shader.slang:3:17
              │
            3 │     return x * 2
              │                 ^

        "#]]
        .assert_eq(&render("shader.slang", text, &reported, false));
    }
}
