//! Diagnostics: the per-item form (ranges relative to the item) and the public, file-level form.

use std::sync::Arc;

use crate::TextRange;
use crate::ids::ItemDef;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// Extra information attached to a diagnostic (a candidate, the declaration of something).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DiagRelated {
    /// The item the range is relative to; `None` for the item that owns the diagnostic.
    pub item: Option<ItemDef>,
    pub range: TextRange,
    pub message: String,
}

/// A diagnostic produced by an item's queries: the range is relative to the item's syntax node.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diag {
    pub code: &'static str,
    pub message: String,
    pub range: TextRange,
    pub severity: Severity,
    pub related: Vec<DiagRelated>,
    /// The item `range` is relative to, when it is not the item that owns the diagnostic (a
    /// struct's conformance error pointing at one of its methods).
    pub item: Option<ItemDef>,
}

impl Diag {
    pub fn error(code: &'static str, message: impl Into<String>, range: TextRange) -> Diag {
        Diag {
            code,
            message: message.into(),
            range,
            severity: Severity::Error,
            related: Vec::new(),
            item: None,
        }
    }

    pub fn warning(code: &'static str, message: impl Into<String>, range: TextRange) -> Diag {
        Diag {
            code,
            message: message.into(),
            range,
            severity: Severity::Warning,
            related: Vec::new(),
            item: None,
        }
    }

    /// Makes `range` relative to `item` instead of the owning item.
    pub fn in_item(mut self, item: ItemDef) -> Diag {
        self.item = Some(item);
        self
    }

    pub fn with_related(
        mut self,
        item: Option<ItemDef>,
        range: TextRange,
        message: impl Into<String>,
    ) -> Diag {
        self.related.push(DiagRelated {
            item,
            range,
            message: message.into(),
        });
        self
    }
}

/// Related information of a public diagnostic, possibly in another file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RelatedInfo {
    /// Virtual path of the file the range is in.
    pub path: Arc<str>,
    pub range: TextRange,
    pub message: String,
}

/// A diagnostic on the original text of a file (byte offsets).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Stable code: `E1xxx` syntax, `E2xxx` names and types, `E29xx` preprocessor,
    /// `E31xx` differentiability (hir's checks, messages starting with slangc's words): E3101
    /// derivative through a non-differentiable call, E3102 derivative lost in a `no_diff` store,
    /// E3103 loop without `[MaxIters]`/`[ForceUnroll]`, E3105 `no_diff` misuse,
    /// E3106 `fwd_diff`/`bwd_diff` of a non-differentiable function, E3107 `bwd_diff` inside
    /// differentiable code, E3108 custom derivative signature, E3109 `[DerivativeMember]` target,
    /// E3110 a method not differentiable as its requirement is (`dzero`/`dadd`, interfaces),
    /// E3111 `IDifferentiablePtrType` not as an `in` parameter, E3112 both `IDifferentiable` and `IDifferentiablePtrType`, E3113 a declared
    /// `Differential` whose own `Differential` differs, E3114 a field of a struct with a hand-written
    /// `Differential` of another type without `[DerivativeMember]`, E3115 `fwd_diff(value.method)`
    /// (a method bound to a value), E3116 `abort` in reverse-differentiated code (lowering's check).
    /// Recursion is slangc's own code E55201 (a backend refusal). (`E30xx` are the autodiff
    /// lowering's.)
    pub code: &'static str,
    pub message: String,
    pub range: TextRange,
    pub severity: Severity,
    pub related: Vec<RelatedInfo>,
}
