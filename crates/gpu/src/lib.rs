//! gpu: see ARCHITECTURE.md.
