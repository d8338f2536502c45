//! hir: see ARCHITECTURE.md.
