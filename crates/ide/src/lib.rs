//! ide: see ARCHITECTURE.md.
