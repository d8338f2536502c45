//! The full check on arbitrary bytes: hir's items, names, types, inference and the
//! differentiability checks, as `dslang check` and the language server run them. Diagnostics must
//! stay inside the text.
//!
//! One database serves every input (as in the language server): the stdlib is analysed once, and
//! salsa's incremental reuse between unrelated texts is exercised too.
#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;

thread_local! {
    static DB: RefCell<hir::RootDatabase> = RefCell::new(hir::RootDatabase::default());
}

fuzz_target!(|data: &[u8]| {
    let (text, _decode_errors) = syntax::decode_source(data);
    DB.with(|db| {
        let mut db = db.borrow_mut();
        let file = db.set_file("/fuzz/input.slang", &text);
        for d in hir::diagnostics(&*db, file) {
            assert!(d.range.start <= d.range.end && d.range.end as usize <= text.len());
        }
    });
});
