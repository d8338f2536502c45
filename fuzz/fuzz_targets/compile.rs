//! The compile pipeline on arbitrary bytes: hir → lower (entry point, monomorphisation, derivative
//! passes) → codegen (naga module, naga validation) → WGSL text. Any stage may refuse with
//! diagnostics; none may panic. One database serves every input (the stdlib is analysed once).
#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;

thread_local! {
    static DB: RefCell<hir::RootDatabase> = RefCell::new(hir::RootDatabase::default());
}

fuzz_target!(|data: &[u8]| {
    let (text, decode_errors) = syntax::decode_source(data);
    if !decode_errors.is_empty() {
        return;
    }
    DB.with(|db| {
        let mut db = db.borrow_mut();
        let file = db.set_file("/fuzz/input.slang", &text);
        let Ok(module) = lower::lower_program(&*db, file, None) else {
            return;
        };
        let Ok(lowered) = codegen::lower(&module, &codegen::Options::wgsl()) else {
            return;
        };
        if let Ok(wgsl) = codegen::to_wgsl(&lowered.module, &lowered.info) {
            assert!(!wgsl.is_empty());
        }
    });
});
