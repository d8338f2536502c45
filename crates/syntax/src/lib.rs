//! syntax: see ARCHITECTURE.md.
