//! codegen: see ARCHITECTURE.md.
