//! ir: see ARCHITECTURE.md.
