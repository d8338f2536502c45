//! autodiff: see ARCHITECTURE.md.
