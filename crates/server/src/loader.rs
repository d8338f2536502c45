//! Files from disk: the workspace index (every `.slang`/`.slangh` file under the workspace
//! folders, scanned once at start and kept current by watched-file events) and the files that
//! `import`/`#include` name. Apart from the handlers because none of it holds the state lock while
//! it reads: what to load is computed on a snapshot, the files are read on the blocking pool,
//! and only the new texts are given to the analysis under the lock (salsa then re-checks only
//! what depends on a text that changed).

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tower_lsp::lsp_types::*;

use crate::{Backend, MAX_DISK_FILES, State, read_source_checked, uri_to_path};

/// At most this many files are indexed (the rest of a huge tree is left out, with a message).
const MAX_INDEXED_FILES: usize = 2000;
/// At most this much text is indexed in all.
const MAX_INDEXED_BYTES: u64 = 256 << 20;
/// Directory levels the scan descends.
const MAX_SCAN_DEPTH: usize = 32;
/// How long a request waits for its document's imports to load before answering without them.
const LOAD_WAIT: Duration = Duration::from_secs(2);
/// How long a workspace-wide request waits for the initial scan.
const INDEX_WAIT: Duration = Duration::from_secs(10);
/// Rounds of "what is still missing" per load (each round loads what the last one revealed).
const MAX_LOAD_ROUNDS: usize = 64;

/// What reading one file gave: its text, or why it was not read (`None`: no such file).
type ReadResult = std::result::Result<String, Option<String>>;

/// Whether a path is a source file the index covers.
fn is_indexed_source(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("slang" | "slangh")
    )
}

/// The workspace's source files under `roots`, read: regular files only (symbolic links to
/// files are read, links to directories are followed once: a directory is visited at most once
/// by its canonical path, so link cycles end), hidden directories and `node_modules` skipped,
/// bounded in count, depth and total size. Returns the files and whether the bounds cut the scan.
fn scan(roots: &[PathBuf]) -> (Vec<(String, ReadResult)>, bool) {
    let mut out = Vec::new();
    let mut visited: HashSet<PathBuf> = HashSet::new();
    let mut bytes = 0u64;
    let mut cut = false;
    let mut stack: Vec<(PathBuf, usize)> = roots.iter().map(|r| (r.clone(), 0)).collect();
    while let Some((dir, depth)) = stack.pop() {
        let Ok(canonical) = std::fs::canonicalize(&dir) else {
            continue;
        };
        if !visited.insert(canonical) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for path in entries {
            let hidden = path
                .file_name()
                .and_then(|n| n.to_str())
                .is_none_or(|n| n.starts_with('.') || n == "node_modules");
            if hidden {
                continue;
            }
            // `metadata` follows links: a link to a directory is scanned (once), a dangling one skipped.
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                if depth + 1 < MAX_SCAN_DEPTH {
                    stack.push((path, depth + 1));
                } else {
                    cut = true;
                }
                continue;
            }
            if !is_indexed_source(&path) {
                continue;
            }
            if out.len() >= MAX_INDEXED_FILES || bytes + meta.len() > MAX_INDEXED_BYTES {
                cut = true;
                continue;
            }
            let name = path.to_string_lossy().replace('\\', "/");
            let read = read_source_checked(&name);
            if let Ok(text) = &read {
                bytes += text.len() as u64;
            }
            out.push((name, read));
        }
    }
    (out, cut)
}

impl Backend {
    /// Waits (at most [`LOAD_WAIT`]) until no load of `uri`'s imports is in flight.
    pub(crate) async fn wait_for_loads(&self, uri: &Url) {
        let start = Instant::now();
        loop {
            let busy = {
                let state = self.lock();
                state
                    .docs
                    .get(uri)
                    .is_some_and(|d| state.loading.contains_key(&d.path))
            };
            if !busy || start.elapsed() > LOAD_WAIT {
                return;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    /// Waits (at most [`INDEX_WAIT`]) for the workspace scan, for requests about every file.
    pub(crate) async fn wait_for_index(&self) {
        let start = Instant::now();
        while self.lock().indexing > 0 && start.elapsed() < INDEX_WAIT {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Loads, in the background, the files that `paths` import or include (transitively). The
    /// paths count as loading from now on (their requests wait), until the load ends.
    pub(crate) fn spawn_load(&self, paths: Vec<String>) {
        self.spawn_load_with(paths, true);
    }

    /// [`Backend::spawn_load`] after a keystroke: requests do not wait for it (what they would
    /// wait for is the reparse they do anyway; a new `import` line shows its module's names from
    /// the next request on), diagnostics do.
    pub(crate) fn spawn_edit_load(&self, path: String) {
        self.spawn_load_with(vec![path], false);
    }

    fn spawn_load_with(&self, paths: Vec<String>, requests_wait: bool) {
        if paths.is_empty() {
            return;
        }
        {
            let mut state = self.lock();
            state.loads_in_flight += 1;
            if requests_wait {
                for p in &paths {
                    *state.loading.entry(p.clone()).or_default() += 1;
                }
            }
        }
        let this = self.clone();
        tokio::spawn(async move {
            let changed = this.load_imports(paths.clone()).await;
            let reschedule = {
                let mut state = this.lock();
                state.loads_in_flight -= 1;
                if requests_wait {
                    for p in &paths {
                        if let Some(n) = state.loading.get_mut(p) {
                            *n -= 1;
                            if *n == 0 {
                                state.loading.remove(p);
                            }
                        }
                    }
                }
                let waiting = state.diagnostics_waiting && state.loads_in_flight == 0;
                if waiting {
                    state.diagnostics_waiting = false;
                }
                waiting || changed
            };
            if reschedule {
                this.schedule_diagnostics(Duration::ZERO);
            }
        });
    }

    /// [`Backend::spawn_load`] for every open document.
    pub(crate) fn spawn_load_all(&self) {
        let paths: Vec<String> = {
            let state = self.lock();
            state.docs.values().map(|d| d.path.clone()).collect()
        };
        self.spawn_load(paths);
    }

    /// The load itself: asks a snapshot what is missing, reads the candidates on the blocking
    /// pool, gives what was found to the analysis, and asks again while that reveals more.
    /// Returns whether the analysis' inputs changed.
    async fn load_imports(&self, paths: Vec<String>) -> bool {
        let mut work = paths;
        let mut changed = false;
        for _ in 0..MAX_LOAD_ROUNDS {
            if work.is_empty() {
                break;
            }
            let analysis = self.lock().host.analysis();
            let batch = work.clone();
            let found = tokio::task::spawn_blocking(move || {
                catch_unwind(AssertUnwindSafe(|| -> Option<Vec<(String, ReadResult)>> {
                    let mut found = Vec::new();
                    let mut tried = HashSet::new();
                    for path in &batch {
                        for alternatives in analysis.missing_imports(path).ok()? {
                            // The first candidate that exists wins, as in the compiler's lookup;
                            // refused ones are remembered with their reason.
                            for candidate in alternatives {
                                if !tried.insert(candidate.clone()) {
                                    continue;
                                }
                                match read_source_checked(&candidate) {
                                    Err(None) => continue,
                                    Ok(text) => {
                                        found.push((candidate, Ok(text)));
                                        break;
                                    }
                                    Err(Some(reason)) => {
                                        found.push((candidate, Err(Some(reason))));
                                        break;
                                    }
                                }
                            }
                        }
                    }
                    drop(analysis);
                    Some(found)
                }))
            })
            .await;
            let found = match found {
                Ok(Ok(Some(found))) => found,
                // Cancelled by an edit: ask again on a newer snapshot.
                Ok(Ok(None)) => continue,
                Ok(Err(payload)) if payload.is::<ide::Cancelled>() => continue,
                _ => break,
            };
            let mut next = Vec::new();
            {
                let mut state = self.lock();
                let open: HashSet<String> = state.docs.values().map(|d| d.path.clone()).collect();
                let mut refused_changed = false;
                for (path, read) in found {
                    match read {
                        Ok(text) => {
                            if open.contains(&path)
                                || state.host.has_file(&path)
                                || state.disk_files.len() >= MAX_DISK_FILES + MAX_INDEXED_FILES
                            {
                                continue;
                            }
                            refused_changed |= state.refused.remove(&path).is_some();
                            Self::set_document(&mut state, &path, &text);
                            state.disk_files.insert(path.clone());
                            next.push(path);
                        }
                        Err(reason) => {
                            let reason = reason.unwrap_or_default();
                            if state.refused.get(&path) != Some(&reason) {
                                state.refused.insert(path, reason);
                                refused_changed = true;
                            }
                        }
                    }
                }
                if refused_changed {
                    push_refused(&mut state);
                    changed = true;
                }
            }
            if next.is_empty() {
                break;
            }
            changed = true;
            // Loaded files can import more, and the importers' own includes can now go deeper.
            work.extend(next);
        }
        changed
    }

    /// Scans the workspace folders in the background and gives every source file found to the
    /// analysis (open documents keep the client's text), then loads their imports.
    pub(crate) fn spawn_index(&self) {
        let roots = self.lock().roots.clone();
        self.spawn_index_of(roots);
    }

    /// [`Backend::spawn_index`] of some folders only (those a client adds later).
    fn spawn_index_of(&self, roots: Vec<PathBuf>) {
        if roots.is_empty() {
            return;
        }
        self.lock().indexing += 1;
        let this = self.clone();
        tokio::spawn(async move {
            let scanned = tokio::task::spawn_blocking(move || scan(&roots)).await;
            let mut indexed = Vec::new();
            let mut cut = false;
            {
                let mut state = this.lock();
                if let Ok((files, was_cut)) = scanned {
                    cut = was_cut;
                    let open: HashSet<String> =
                        state.docs.values().map(|d| d.path.clone()).collect();
                    let mut refused_changed = false;
                    for (path, read) in files {
                        if open.contains(&path) {
                            continue;
                        }
                        match read {
                            Ok(text) => {
                                Self::set_document(&mut state, &path, &text);
                                state.disk_files.insert(path.clone());
                                indexed.push(path);
                            }
                            Err(reason) => {
                                state.refused.insert(path, reason.unwrap_or_default());
                                refused_changed = true;
                            }
                        }
                    }
                    if refused_changed {
                        push_refused(&mut state);
                    }
                }
                state.indexing -= 1;
            }
            if cut {
                this.client
                    .show_message(
                        MessageType::WARNING,
                        format!(
                            "dslang: the workspace has more than {MAX_INDEXED_FILES} source files (or {} MiB of them): references and rename see only the first ones",
                            MAX_INDEXED_BYTES >> 20
                        ),
                    )
                    .await;
            }
            this.spawn_load(indexed);
            this.schedule_diagnostics(Duration::ZERO);
        });
    }

    /// Applies a change of the workspace folders: files scanned from a removed folder leave the
    /// index (unless open, or under a folder that stays), an added folder is scanned, and the open
    /// documents' imports load again (one of them may have been a file that just left).
    pub(crate) fn apply_folder_changes(&self, event: WorkspaceFoldersChangeEvent) {
        let paths = |folders: Vec<WorkspaceFolder>| -> Vec<PathBuf> {
            folders
                .into_iter()
                .filter_map(|f| f.uri.to_file_path().ok())
                .collect()
        };
        let (added, removed) = (paths(event.added), paths(event.removed));
        let (new_roots, loads) = {
            let mut state = self.lock();
            state.roots.retain(|r| !removed.contains(r));
            let mut new_roots = Vec::new();
            for root in added {
                if !state.roots.contains(&root) {
                    state.roots.push(root.clone());
                    new_roots.push(root);
                }
            }
            let open: HashSet<String> = state.docs.values().map(|d| d.path.clone()).collect();
            let roots = state.roots.clone();
            let leaves = |path: &String| {
                let path = Path::new(path);
                !open.contains(path.to_str().unwrap_or_default())
                    && removed.iter().any(|r| path.starts_with(r))
                    && !roots.iter().any(|r| path.starts_with(r))
            };
            let leaving: Vec<String> = state
                .disk_files
                .iter()
                .filter(|p| leaves(p))
                .cloned()
                .collect();
            for path in leaving {
                state.host.remove_file(&path);
                state.disk_files.remove(&path);
            }
            let refused_before = state.refused.len();
            state.refused.retain(|p, _| !leaves(p));
            if state.refused.len() != refused_before {
                push_refused(&mut state);
            }
            (new_roots, open.into_iter().collect::<Vec<_>>())
        };
        self.spawn_index_of(new_roots);
        self.spawn_load(loads);
    }

    /// Applies watched-file events: files read from disk (imported or indexed) are re-read, new
    /// source files under the workspace folders join the index, deleted ones leave it. The reads
    /// happen outside the lock; an unchanged text changes nothing in the analysis.
    pub(crate) async fn apply_watched_changes(&self, changes: Vec<FileEvent>) {
        let wanted: Vec<(String, bool)> = {
            let state = self.lock();
            let open: HashSet<&str> = state.docs.values().map(|d| d.path.as_str()).collect();
            changes
                .iter()
                .filter_map(|change| {
                    let path = uri_to_path(&change.uri);
                    // Open documents are the client's truth.
                    if open.contains(path.as_str()) {
                        return None;
                    }
                    let known =
                        state.disk_files.contains(&path) || state.refused.contains_key(&path);
                    let in_roots = is_indexed_source(Path::new(&path))
                        && state.roots.iter().any(|r| Path::new(&path).starts_with(r));
                    (known || in_roots).then_some((path, change.typ == FileChangeType::DELETED))
                })
                .collect()
        };
        let reads = tokio::task::spawn_blocking(move || {
            let mut seen = HashSet::new();
            wanted
                .into_iter()
                .rev()
                .filter(|(path, _)| seen.insert(path.clone()))
                .map(|(path, deleted)| {
                    let read = if deleted {
                        Err(None)
                    } else {
                        read_source_checked(&path)
                    };
                    (path, read)
                })
                .collect::<Vec<_>>()
        })
        .await
        .unwrap_or_default();
        let mut loads = Vec::new();
        {
            let mut state = self.lock();
            let open: HashSet<String> = state.docs.values().map(|d| d.path.clone()).collect();
            let mut refused_changed = false;
            for (path, read) in reads {
                if open.contains(&path) {
                    continue;
                }
                refused_changed |= state.refused.remove(&path).is_some();
                match read {
                    Ok(text) => {
                        Self::set_document(&mut state, &path, &text);
                        state.disk_files.insert(path.clone());
                        loads.push(path);
                    }
                    Err(reason) => {
                        state.host.remove_file(&path);
                        state.disk_files.remove(&path);
                        if let Some(reason) = reason {
                            state.refused.insert(path, reason);
                            refused_changed = true;
                        }
                    }
                }
            }
            if refused_changed {
                push_refused(&mut state);
            }
            // A deleted or renamed file may now be found elsewhere; a new one may now resolve.
            loads.extend(state.docs.values().map(|d| d.path.clone()));
        }
        self.spawn_load(loads);
    }
}

/// Gives the analysis the refused files and their reasons.
fn push_refused(state: &mut State) {
    let refused: Vec<(Arc<str>, Arc<str>)> = state
        .refused
        .iter()
        .filter(|(_, reason)| !reason.is_empty())
        .map(|(p, r)| (Arc::from(p.as_str()), Arc::from(r.as_str())))
        .collect();
    state.host.set_refused(refused);
}

/// The workspace folders of an `initialize` request: its `workspaceFolders`, else its root.
pub(crate) fn workspace_roots(params: &InitializeParams, root: Option<&Path>) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| f.uri.to_file_path().ok())
        .collect();
    if roots.is_empty()
        && let Some(root) = root
    {
        roots.push(root.to_path_buf());
    }
    let mut seen = HashMap::new();
    roots.retain(|r| seen.insert(r.clone(), ()).is_none());
    roots
}
