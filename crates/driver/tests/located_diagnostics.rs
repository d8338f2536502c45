//! `Loaded::diagnostics_located`, `locate_errors` and `text_of`: errors of `#include`d files in
//! the included file, with the texts the cli draws snippets from.

use std::path::PathBuf;

fn project(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dslang-driver-located-{}-{test}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, contents) in files {
        std::fs::write(dir.join(name), contents).unwrap();
    }
    dir
}

const INC: &str = "float helper(float x) { return x + nope; }\n";
const MAIN: &str = "#include \"inc.slang\"\n[shader(\"compute\")]\n[numthreads(1, 1, 1)]\nvoid computeMain() { float y = helper(1.0); }\n";

/// `path:start..end code message` per diagnostic, notes indented, with the directory cut off.
fn summary(dir: &std::path::Path, located: &[hir::LocatedDiagnostic]) -> String {
    let short = |p: &str| p.replace(&format!("{}/", dir.display()), "");
    let mut out = String::new();
    for d in located {
        let g = &d.diagnostic;
        out += &format!(
            "{}:{}..{} {} {}\n",
            short(&d.path),
            g.range.start,
            g.range.end,
            g.code,
            g.message
        );
        for r in &g.related {
            out += &format!(
                "  {}:{}..{} {}\n",
                short(&r.path),
                r.range.start,
                r.range.end,
                r.message
            );
        }
    }
    out
}

#[test]
fn an_included_files_error_is_located_there_and_its_text_is_available() {
    let dir = project("basic", &[("inc.slang", INC), ("main.slang", MAIN)]);
    let main = dir.join("main.slang");
    let loaded = driver::load(&main, MAIN.as_bytes(), &driver::Options::default());
    let located = loaded.diagnostics_located();
    expect_test::expect![[r#"
        inc.slang:35..39 E2001 undefined identifier 'nope'. Declare `nope` before its use, or check the spelling
          main.slang:0..20 included from here
    "#]].assert_eq(&summary(&dir, &located));
    let inc = &located[0].path;
    let text = loaded.text_of(inc).expect("the included file was loaded");
    let range = located[0].diagnostic.range;
    assert_eq!(&text[range.start as usize..range.end as usize], "nope");
    assert_eq!(loaded.text_of(&loaded.root_path()).as_deref(), Some(MAIN));
    assert_eq!(loaded.text_of("/no/such/file.slang"), None);

    // A failed compile reports the same located errors; the old API stays on the root file.
    let errors = match loaded.compile(&driver::Options::default()) {
        Ok(_) => panic!("the program has an error"),
        Err(errors) => errors,
    };
    assert_eq!(errors[0].range.start, 0, "old API: on the #include line");
    assert_eq!(loaded.locate_errors(errors), located);
}

#[test]
fn lowering_errors_stay_on_the_root_file() {
    let source = "float f(float x) { return x; }\n";
    let dir = project("lowering", &[("main.slang", source)]);
    let main = dir.join("main.slang");
    let loaded = driver::load(&main, source.as_bytes(), &driver::Options::default());
    assert!(loaded.diagnostics_located().is_empty());
    let errors = match loaded.compile(&driver::Options::default()) {
        Ok(_) => panic!("there is no entry point"),
        Err(errors) => errors,
    };
    let located = loaded.locate_errors(errors);
    expect_test::expect![[r#"
        main.slang:0..0 E4002 no compute entry point: declare `computeMain` or a `[shader("compute")]` function
    "#]].assert_eq(&summary(&dir, &located));
}
