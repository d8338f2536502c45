//! server: see ARCHITECTURE.md.
