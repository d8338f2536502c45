//! Settings from `initializationOptions`, `workspace/configuration` (section `dslang`) and
//! `workspace/didChangeConfiguration`.
//!
//! ```json
//! { "includePaths": ["shaders/common"], "defines": { "USE_FAST_PATH": "1", "DEBUG": null },
//!   "entry": "computeMain", "preview": { "frames": 4 }, "completion": { "limit": 200 },
//!   "experimentalFeatures": true }
//! ```
//! `defines` may also be a list of `NAME` / `NAME=VALUE` strings.

use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

/// Upper bound on the frames of one preview (settings are user input).
pub const MAX_PREVIEW_FRAMES: u32 = 10_000;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    pub include_paths: Vec<String>,
    pub defines: Vec<(String, Option<String>)>,
    /// The entry point for full compilation and previews (`None`: `computeMain` or the only one).
    pub entry: Option<String>,
    /// Frames a preview runs when the request does not say (`None`: 1).
    pub preview_frames: Option<u32>,
    /// At most this many completion items per list (`None`: all); a cut list is marked
    /// incomplete, so the client asks again as the user types on.
    pub completion_limit: Option<usize>,
    /// slangc's `-experimental-feature`: `__func_extension` derivatives take effect.
    pub experimental_features: bool,
}

impl Config {
    /// Reads the settings object; unknown keys and wrong shapes are ignored (settings are user input).
    pub fn from_json(value: &Value, root: Option<&Path>) -> Config {
        // Accept `{ "dslang": { ... } }` as well as the section itself.
        let value = value.get("dslang").unwrap_or(value);
        let mut config = Config::default();
        if let Some(paths) = value.get("includePaths").and_then(Value::as_array) {
            for p in paths.iter().filter_map(Value::as_str) {
                let path = Path::new(p);
                let absolute = match root {
                    Some(root) if path.is_relative() => root.join(path),
                    _ => path.to_path_buf(),
                };
                config
                    .include_paths
                    .push(absolute.to_string_lossy().replace('\\', "/"));
            }
        }
        match value.get("defines") {
            Some(Value::Object(map)) => {
                for (name, v) in map {
                    let v = match v {
                        Value::Null => None,
                        Value::String(s) => Some(s.clone()),
                        other => Some(other.to_string()),
                    };
                    config.defines.push((name.clone(), v));
                }
            }
            Some(Value::Array(items)) => {
                for item in items.iter().filter_map(Value::as_str) {
                    match item.split_once('=') {
                        Some((name, v)) => config
                            .defines
                            .push((name.trim().to_string(), Some(v.trim().to_string()))),
                        None => config.defines.push((item.trim().to_string(), None)),
                    }
                }
            }
            _ => {}
        }
        config.defines.retain(|(name, _)| !name.is_empty());
        config.entry = value
            .get("entry")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(String::from);
        config.preview_frames = value
            .get("preview")
            .and_then(|p| p.get("frames"))
            .and_then(Value::as_u64)
            .map(|n| n.clamp(1, MAX_PREVIEW_FRAMES as u64) as u32);
        config.completion_limit = value
            .get("completion")
            .and_then(|c| c.get("limit"))
            .and_then(Value::as_u64)
            .map(|n| n.clamp(1, u32::MAX as u64) as usize);
        config.experimental_features = value
            .get("experimentalFeatures")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        config
    }

    /// The options the compile backend gets.
    pub fn backend_options(&self) -> crate::CompileOptions {
        crate::CompileOptions {
            include_paths: self.include_paths.clone(),
            defines: self.defines.clone(),
            entry: self.entry.clone(),
        }
    }

    pub fn compile_options(&self) -> ide::CompileOptions {
        ide::CompileOptions {
            include_dirs: self
                .include_paths
                .iter()
                .map(|p| Arc::from(p.as_str()))
                .collect(),
            defines: self
                .defines
                .iter()
                .map(|(n, v)| (Arc::from(n.as_str()), v.as_deref().map(Arc::from)))
                .collect(),
            experimental_features: self.experimental_features,
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_shapes() {
        let v = serde_json::json!({"dslang": {"includePaths": ["inc", "/abs"], "defines": {"A": "1", "B": null, "C": 2}}});
        let c = Config::from_json(&v, Some(Path::new("/root")));
        assert_eq!(c.include_paths, vec!["/root/inc", "/abs"]);
        assert_eq!(
            c.defines,
            vec![
                ("A".into(), Some("1".into())),
                ("B".into(), None),
                ("C".into(), Some("2".into()))
            ]
        );
        let v = serde_json::json!({"defines": ["X=3", "Y", ""], "includePaths": 5});
        let c = Config::from_json(&v, None);
        assert_eq!(
            c.defines,
            vec![("X".into(), Some("3".into())), ("Y".into(), None)]
        );
        assert!(c.include_paths.is_empty());
        assert_eq!((c.entry, c.preview_frames), (None, None));
    }

    #[test]
    fn preview_settings() {
        let v = serde_json::json!({"entry": "mainImage", "preview": {"frames": 1000000}});
        let c = Config::from_json(&v, None);
        assert_eq!(c.entry.as_deref(), Some("mainImage"));
        assert_eq!(c.preview_frames, Some(MAX_PREVIEW_FRAMES));
        let v = serde_json::json!({"entry": "  ", "preview": {"frames": "3"}});
        let c = Config::from_json(&v, None);
        assert_eq!((c.entry, c.preview_frames), (None, None));
    }

    #[test]
    fn completion_limit_setting() {
        let c = |v| Config::from_json(&v, None).completion_limit;
        assert_eq!(
            c(serde_json::json!({"completion": {"limit": 50}})),
            Some(50)
        );
        assert_eq!(c(serde_json::json!({"completion": {"limit": 0}})), Some(1));
        assert_eq!(c(serde_json::json!({"completion": {"limit": "50"}})), None);
        assert_eq!(c(serde_json::json!({})), None);
    }
}
