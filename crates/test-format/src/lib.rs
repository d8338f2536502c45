//! test-format: see ARCHITECTURE.md.
