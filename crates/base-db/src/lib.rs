//! base-db: see ARCHITECTURE.md.
