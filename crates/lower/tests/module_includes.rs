//! A module's entry point may be declared in a file it `__include`s.

#[test]
fn entry_point_in_an_included_file() {
    let mut db = hir::RootDatabase::default();
    db.set_file(
        "part.slang",
        r#"
implementing m;
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain() { outputBuffer[0] = 7; }
"#,
    );
    let file = db.set_file("m.slang", "module m;\n__include part;\n");
    let module = lower::lower_program(&db, file, None).expect("lowers");
    let text = ir::print_module(&module);
    assert!(text.contains("computeMain"), "{text}");
}
