//! Rendering of diagnostics in the cli.md format: a `FILE:LINE:COL: error[CODE]: message` line,
//! then the source line with a caret under the span (codespan-reporting draws the snippet).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config, DisplayStyle};

use crate::exit;

/// One diagnostic in byte offsets of the decoded source text.
pub struct Reported {
    pub code: &'static str,
    pub message: String,
    pub range: std::ops::Range<usize>,
}

/// One error in the file where it is (the checked file or one it `#include`s), in byte offsets of
/// that file's decoded text, with its related notes ("included from here"...).
pub struct LocatedReport {
    pub path: Arc<str>,
    pub code: &'static str,
    pub message: String,
    pub range: std::ops::Range<usize>,
    pub notes: Vec<Note>,
}

/// A related place of a [`LocatedReport`], shown as a secondary label in its own file.
pub struct Note {
    pub path: Arc<str>,
    pub message: String,
    pub range: std::ops::Range<usize>,
}

/// `dslang check FILE...`: exit 0 when no file has an error, 1 when one has, 2 when a file
/// cannot be read.
pub fn check_files(files: &[PathBuf], options: &driver::Options) -> u8 {
    let mut status = exit::OK;
    for (i, path) in files.iter().enumerate() {
        let bytes = match crate::input::read_file(path) {
            Ok(bytes) => bytes,
            Err(refused) => {
                let code = refused.report();
                if code == exit::BAD_COMMAND_LINE {
                    return code;
                }
                status = code;
                continue;
            }
        };
        let loaded = driver::load(path, &bytes, options);
        let reported = located_errors_of(loaded.diagnostics_located());
        if !reported.is_empty() {
            status = exit::USER_ERROR;
            print_located(&loaded, &reported);
        }
        if i + 1 == files.len() {
            // The process ends next: freeing the analysis (every parse and query result of
            // the standard library) would only cost time.
            std::mem::forget(loaded);
        }
    }
    status
}

/// Decodes and checks one file's bytes (syntax, preprocessor, names and types through `hir`,
/// imports loaded from disk); returns the decoded text and its error diagnostics in order, all on
/// the root file's text (an error inside an `#include`d file is on the `#include` line), as
/// DIAGNOSTIC_TEST expectations count them.
pub fn check_source(path: &Path, bytes: &[u8], include_dirs: &[String]) -> (String, Vec<Reported>) {
    let options = driver::Options {
        include_dirs: include_dirs.to_vec(),
        ..driver::Options::default()
    };
    let loaded = driver::load(path, bytes, &options);
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

/// The errors among `diagnostics`, each in its own file, for printing.
pub fn located_errors_of(diagnostics: Vec<hir::LocatedDiagnostic>) -> Vec<LocatedReport> {
    diagnostics
        .into_iter()
        .filter(|d| d.diagnostic.severity == hir::Severity::Error)
        .map(|d| LocatedReport {
            path: d.path,
            code: d.diagnostic.code,
            message: d.diagnostic.message,
            range: to_usize(d.diagnostic.range),
            notes: d
                .diagnostic
                .related
                .into_iter()
                .map(|r| Note {
                    path: r.path,
                    message: r.message,
                    range: to_usize(r.range),
                })
                .collect(),
        })
        .collect()
}

fn to_usize(range: hir::TextRange) -> std::ops::Range<usize> {
    range.start as usize..range.end as usize
}

pub fn print_diagnostics(path: &Path, text: &str, reported: &[Reported]) {
    let colour = std::io::stderr().is_terminal();
    let rendered = render(&path.display().to_string(), text, reported, colour);
    let _ = std::io::stderr().write_all(rendered.as_bytes());
}

/// Prints errors located in `loaded`'s files (the root file and those it includes or imports).
pub fn print_located(loaded: &driver::Loaded, reported: &[LocatedReport]) {
    let colour = std::io::stderr().is_terminal();
    let sources = |path: &str| loaded.text_of(path);
    let shown = &reported[..reported.len().min(MAX_PRINTED_ERRORS)];
    let mut rendered = render_located(&sources, shown, colour);
    if reported.len() > shown.len() {
        // The analysis's own limits (E1008, E2914) say what was not checked: always shown.
        let limits: Vec<&LocatedReport> = reported[shown.len()..]
            .iter()
            .filter(|r| LIMIT_CODES.contains(&r.code))
            .collect();
        rendered.push_str(&format!(
            "dslang: {} more errors not shown (the first {MAX_PRINTED_ERRORS} are)\n",
            reported.len() - shown.len() - limits.len()
        ));
        for r in limits {
            let one = LocatedReport {
                path: r.path.clone(),
                code: r.code,
                message: r.message.clone(),
                range: r.range.clone(),
                notes: Vec::new(),
            };
            rendered.push_str(&render_located(&sources, &[one], colour));
        }
    }
    let _ = std::io::stderr().write_all(rendered.as_bytes());
}

/// Codes of the analysis's per-file limits (more syntax errors, declarations not checked).
const LIMIT_CODES: [&str; 2] = ["E1008", "E2914"];

/// Errors printed per command: a file of a million mistakes is summarised, not printed whole
/// (each error's snippet is several lines).
const MAX_PRINTED_ERRORS: usize = 1000;

/// Renders diagnostics of one file to a string; `colour` adds ANSI escapes.
pub fn render(name: &str, text: &str, reported: &[Reported], colour: bool) -> String {
    let name: Arc<str> = Arc::from(name);
    let text: Arc<str> = Arc::from(text);
    let located: Vec<LocatedReport> = reported
        .iter()
        .map(|r| LocatedReport {
            path: name.clone(),
            code: r.code,
            message: r.message.clone(),
            range: r.range.clone(),
            notes: Vec::new(),
        })
        .collect();
    let sources = |path: &str| (*name == *path).then(|| text.clone());
    render_located(&sources, &located, colour)
}

/// Renders diagnostics that may be in several files: `source` gives the text of a file by path.
/// Each error's snippet and caret are in its own file; notes are secondary labels in theirs (a
/// note in a file with no text is left out rather than drawn on the wrong text).
pub fn render_located(
    source: &dyn Fn(&str) -> Option<Arc<str>>,
    reported: &[LocatedReport],
    colour: bool,
) -> String {
    let mut files: SimpleFiles<Arc<str>, Arc<str>> = SimpleFiles::new();
    let mut ids: Vec<(Arc<str>, usize)> = Vec::new();
    // `primary`: an error's own file always gets an entry (empty when its text is unknown), so
    // the header still names the place.
    let mut file_id = |path: &Arc<str>, primary: bool| -> Option<usize> {
        if let Some((_, id)) = ids.iter().find(|(p, _)| p == path) {
            return Some(*id);
        }
        let text = source(path).or_else(|| primary.then(|| Arc::from("")))?;
        let id = files.add(path.clone(), text);
        ids.push((path.clone(), id));
        Some(id)
    };
    let mut diagnostics = Vec::new();
    for r in reported {
        let Some(primary) = file_id(&r.path, true) else {
            continue;
        };
        let mut labels = vec![Label::primary(primary, r.range.clone())];
        for note in &r.notes {
            if let Some(id) = file_id(&note.path, false) {
                labels.push(Label::secondary(id, note.range.clone()).with_message(&note.message));
            }
        }
        diagnostics.push(
            Diagnostic::error()
                .with_code(r.code)
                .with_message(&r.message)
                .with_labels(labels),
        );
    }
    let config = Config::default();
    let short = Config {
        display_style: DisplayStyle::Short,
        ..Config::default()
    };
    let mut out = String::new();
    for diagnostic in &diagnostics {
        let diagnostic = clamped(&files, diagnostic);
        let header = emit(&files, &short, &diagnostic, colour);
        out.push_str(&header);
        // A snippet of a very long line (a minified or generated file, a million NUL bytes) would
        // be the whole line for each error: say how long it is instead.
        if let Some(len) = long_primary_line(&files, &diagnostic) {
            out.push_str(&format!("  (the line is {len} bytes long: not shown)\n"));
            continue;
        }
        let body = emit(&files, &config, &diagnostic, colour);
        // The rich form repeats the header without the location: keep only its snippet.
        if let Some((_, snippet)) = body.split_once('\n') {
            out.push_str(snippet);
        }
        out.push_str(&note_lines(&files, &diagnostic));
    }
    out
}

/// A `FILE:LINE:COL: note: message` line per labelled note (slangc prints its notes as their own
/// located lines, so tools reading the output find the note's place, not only the error's).
fn note_lines(files: &SimpleFiles<Arc<str>, Arc<str>>, diagnostic: &Diagnostic<usize>) -> String {
    use codespan_reporting::files::Files as _;
    let mut out = String::new();
    for label in diagnostic.labels.iter().skip(1) {
        if label.message.is_empty() {
            continue;
        }
        let (Ok(name), Ok(at)) = (
            files.name(label.file_id),
            files.location(label.file_id, label.range.start),
        ) else {
            continue;
        };
        out.push_str(&format!(
            "{name}:{}:{}: note: {}\n",
            at.line_number, at.column_number, label.message
        ));
    }
    out
}

/// Lines longer than this are not shown in snippets.
const MAX_SNIPPET_LINE: usize = 1000;

/// The length of the line holding `diagnostic`'s primary label, when it is over
/// [`MAX_SNIPPET_LINE`] bytes.
fn long_primary_line(
    files: &SimpleFiles<Arc<str>, Arc<str>>,
    diagnostic: &Diagnostic<usize>,
) -> Option<usize> {
    let label = diagnostic.labels.first()?;
    let text: &str = files.get(label.file_id).ok()?.source();
    let at = label.range.start.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    (end - start > MAX_SNIPPET_LINE).then_some(end - start)
}

/// `diagnostic` with each label's range inside its file's text and on character boundaries
/// (codespan refuses others, and a stale range must not lose the whole message).
fn clamped(
    files: &SimpleFiles<Arc<str>, Arc<str>>,
    diagnostic: &Diagnostic<usize>,
) -> Diagnostic<usize> {
    let mut diagnostic = diagnostic.clone();
    for label in &mut diagnostic.labels {
        let Ok(file) = files.get(label.file_id) else {
            continue;
        };
        let text: &str = file.source();
        let fit = |mut at: usize| {
            at = at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        };
        let start = fit(label.range.start);
        label.range = start..fit(label.range.end).max(start);
    }
    diagnostic
}

fn emit(
    files: &SimpleFiles<Arc<str>, Arc<str>>,
    config: &Config,
    diagnostic: &Diagnostic<usize>,
    colour: bool,
) -> String {
    let mut buffer = Vec::new();
    let result = if colour {
        let mut writer = term::termcolor::Ansi::new(&mut buffer);
        term::emit_to_write_style(&mut writer, config, files, diagnostic)
    } else {
        term::emit_to_io_write(&mut buffer, config, files, diagnostic)
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

    #[test]
    fn renders_notes_in_their_own_files_and_survives_bad_ranges() {
        let main: Arc<str> = Arc::from("main.slang");
        let inc: Arc<str> = Arc::from("inc.slang");
        let texts = [
            (main.clone(), Arc::from("#include \"inc.slang\"\n")),
            (inc.clone(), Arc::from("float f() { return y; }\n")),
        ];
        let source = |path: &str| {
            texts
                .iter()
                .find(|(p, _)| **p == *path)
                .map(|(_, t): &(Arc<str>, Arc<str>)| t.clone())
        };
        let reported = vec![
            LocatedReport {
                path: inc.clone(),
                code: "E2001",
                message: "undefined identifier 'y'".into(),
                range: 19..20,
                notes: vec![
                    Note {
                        path: main.clone(),
                        message: "included from here".into(),
                        range: 0..20,
                    },
                    // A file never loaded: the note is left out.
                    Note {
                        path: Arc::from("gone.slang"),
                        message: "lost".into(),
                        range: 0..1,
                    },
                ],
            },
            // Past the end of the text: clamped to it instead of failing to render.
            LocatedReport {
                path: main,
                code: "E4002",
                message: "no entry point".into(),
                range: 500..900,
                notes: Vec::new(),
            },
        ];
        expect![[r#"
            inc.slang:1:20: error[E2001]: undefined identifier 'y'
              ┌─ inc.slang:1:20
              │
            1 │ float f() { return y; }
              │                    ^
              │
              ┌─ main.slang:1:1
              │
            1 │ #include "inc.slang"
              │ -------------------- included from here

            main.slang:1:1: note: included from here
            main.slang:2:1: error[E4002]: no entry point
              ┌─ main.slang:2:1
              │
            2 │ 
              │ ^

        "#]]
        .assert_eq(&render_located(&source, &reported, false));
    }
}
