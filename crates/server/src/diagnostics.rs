//! Publishing diagnostics: the debounced run over every open document, problems found in
//! `#include`d files, and the full compilation's errors merged in. Apart from the request
//! handlers because it runs on its own task, after the edits, not in answer to a request.

use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::Ordering;
use std::time::Duration;

use ide::{Analysis, Cancellable};
use tower_lsp::lsp_types::*;

use crate::{Backend, BackendDiagnostic, LineIndex, Locator, convert, panic_message};

impl Backend {
    pub(crate) fn schedule_diagnostics(&self, delay: Duration) {
        let generation = self.diagnostics_generation.fetch_add(1, Ordering::SeqCst) + 1;
        let counter = self.diagnostics_generation.clone();
        let state = self.state.clone();
        let client = self.client.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            if counter.load(Ordering::SeqCst) != generation {
                return; // a newer edit scheduled its own run
            }
            let (analysis, docs, locator) = {
                let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
                if state.loads_in_flight > 0 {
                    // Imports are being read: the last load reschedules this run, so that no
                    // "cannot find" is published for a file about to arrive.
                    state.diagnostics_waiting = true;
                    return;
                }
                let docs: Vec<DocDiagnosticsJob> = state
                    .docs
                    .iter()
                    .filter(|(_, d)| !d.path.starts_with("stdlib/"))
                    .map(|(uri, d)| {
                        // Compile errors describe the saved text: kept until the next edit.
                        let compiled = match state.compile_diagnostics.get(uri) {
                            Some((version, diags)) if *version == d.version => diags.clone(),
                            _ => Vec::new(),
                        };
                        DocDiagnosticsJob {
                            uri: uri.clone(),
                            path: d.path.clone(),
                            index: d.text.clone(),
                            version: d.version,
                            compiled,
                        }
                    })
                    .collect();
                (state.host.analysis(), docs, Self::locator(&state))
            };
            let computed = tokio::task::spawn_blocking(move || {
                let result = catch_unwind(AssertUnwindSafe(|| {
                    compute_diagnostics(&analysis, &locator, docs)
                }));
                drop(analysis);
                result
            })
            .await;
            match computed {
                Ok(Ok(Ok(computed))) => {
                    if counter.load(Ordering::SeqCst) != generation {
                        return;
                    }
                    // Included files that no longer have problems (and are not open) are cleared.
                    let stale: Vec<Url> = {
                        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
                        let now: HashSet<Url> = computed
                            .included
                            .iter()
                            .map(|(uri, _)| uri.clone())
                            .collect();
                        let stale = state
                            .included_published
                            .iter()
                            .filter(|uri| !now.contains(*uri) && !state.docs.contains_key(*uri))
                            .cloned()
                            .collect();
                        state.included_published = now;
                        stale
                    };
                    for (uri, diags, version) in computed.open {
                        client.publish_diagnostics(uri, diags, Some(version)).await;
                    }
                    for (uri, diags) in computed.included {
                        client.publish_diagnostics(uri, diags, None).await;
                    }
                    for uri in stale {
                        client.publish_diagnostics(uri, Vec::new(), None).await;
                    }
                }
                // Cancelled by an edit: that edit scheduled a new run.
                Ok(Ok(Err(_))) => {}
                Ok(Err(payload)) if payload.is::<ide::Cancelled>() => {}
                Ok(Err(payload)) => {
                    client
                        .log_message(
                            MessageType::ERROR,
                            format!("dslang: diagnostics failed: {}", panic_message(&*payload)),
                        )
                        .await
                }
                Err(e) => {
                    client
                        .log_message(
                            MessageType::ERROR,
                            format!("dslang: diagnostics task failed: {e}"),
                        )
                        .await
                }
            }
        });
    }
}

/// One open document's share of a diagnostics run.
struct DocDiagnosticsJob {
    uri: Url,
    path: String,
    index: LineIndex,
    version: i32,
    compiled: Vec<BackendDiagnostic>,
}

/// What one diagnostics run publishes.
struct ComputedDiagnostics {
    /// Per open document: its diagnostics and the version they describe.
    open: Vec<(Url, Vec<Diagnostic>, i32)>,
    /// Files that are not open, with the problems open documents find in them through `#include`.
    included: Vec<(Url, Vec<Diagnostic>)>,
}

/// The diagnostics of every open document. A problem in `#include`d text is published for the
/// included file (with "included from here" notes), and the `#include` line gets a summary; an
/// included file that is open itself shows those besides its own.
fn compute_diagnostics(
    analysis: &Analysis,
    locator: &Locator,
    docs: Vec<DocDiagnosticsJob>,
) -> Cancellable<ComputedDiagnostics> {
    let mut open: Vec<(Url, String, Vec<Diagnostic>, i32)> = Vec::new();
    // By virtual path, in a stable order.
    let mut elsewhere: std::collections::BTreeMap<String, Vec<Diagnostic>> = Default::default();
    for job in docs {
        let mut groups = analysis.diagnostics_by_file(&job.path)?.into_iter();
        let mut diags = Vec::new();
        for d in groups.next().map(|g| g.diagnostics).unwrap_or_default() {
            diags.push(to_lsp_diagnostic(analysis, locator, &job.index, d)?);
        }
        merge_compile_diagnostics(&mut diags, &job.index, &job.compiled);
        for group in groups {
            let Some(index) = locator.index(analysis, &group.path)? else {
                continue;
            };
            let list = elsewhere.entry(group.path).or_default();
            for d in group.diagnostics {
                add_merged(list, to_lsp_diagnostic(analysis, locator, &index, d)?);
            }
        }
        open.push((job.uri, job.path, diags, job.version));
    }
    let mut out = ComputedDiagnostics {
        open: Vec::new(),
        included: Vec::new(),
    };
    for (uri, path, mut diags, version) in open {
        for d in elsewhere.remove(&path).unwrap_or_default() {
            add_merged(&mut diags, d);
        }
        out.open.push((uri, diags, version));
    }
    for (path, diags) in elsewhere {
        if let Some(uri) = locator.uri(&path) {
            out.included.push((uri, diags));
        }
    }
    Ok(out)
}

/// Adds `d` unless the same problem is listed already (the same included text seen from two
/// documents): then only its related notes join the listed one's.
fn add_merged(list: &mut Vec<Diagnostic>, d: Diagnostic) {
    let same = list
        .iter_mut()
        .find(|x| x.range == d.range && x.code == d.code && x.message == d.message);
    match same {
        Some(listed) => {
            for r in d.related_information.unwrap_or_default() {
                let notes = listed.related_information.get_or_insert_with(Vec::new);
                if !notes.contains(&r) {
                    notes.push(r);
                }
            }
        }
        None => list.push(d),
    }
}

/// Adds the full compilation's errors that the live analysis did not report already.
fn merge_compile_diagnostics(
    diags: &mut Vec<Diagnostic>,
    index: &LineIndex,
    compiled: &[BackendDiagnostic],
) {
    for d in compiled {
        let range = index.range(ide::TextRange::new(d.start, d.end.max(d.start)));
        let code = NumberOrString::String(d.code.clone());
        if diags
            .iter()
            .any(|live| live.code.as_ref() == Some(&code) && live.range.start == range.start)
        {
            continue;
        }
        diags.push(Diagnostic {
            range,
            severity: Some(if d.is_error {
                DiagnosticSeverity::ERROR
            } else {
                DiagnosticSeverity::WARNING
            }),
            code: Some(code),
            code_description: None,
            source: Some("dslang compile".to_string()),
            message: d.message.clone(),
            related_information: None,
            tags: None,
            data: None,
        });
    }
}

fn to_lsp_diagnostic(
    analysis: &Analysis,
    locator: &Locator,
    index: &LineIndex,
    d: ide::Diagnostic,
) -> Cancellable<Diagnostic> {
    let mut related = Vec::new();
    for r in d.related {
        if let Some(location) = locator.location(analysis, &r.path, r.range)? {
            related.push(DiagnosticRelatedInformation {
                location,
                message: r.message,
            });
        }
    }
    Ok(Diagnostic {
        range: index.range(d.range),
        severity: Some(convert::severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_string())),
        code_description: None,
        source: Some("dslang".to_string()),
        message: d.message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    })
}
