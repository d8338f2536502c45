//! slangc's spelling of command-line options, translated to ours before clap sees them, so build
//! scripts and test lines written for slangc work unchanged (cli.md, "slangc options").
//!
//! slangc's long options take one dash (`-entry main`, `-matrix-layout-row-major`); clap would
//! read `-obfuscate` as `-o bfuscate`. Options that change a program's meaning become our options;
//! those that do not apply to dslang's targets are dropped with a one-line note. An option neither
//! slangc nor dslang knows is left for clap to reject.

use std::ffi::OsString;

/// slangc options that take a value and map to one of ours.
const RENAMED_WITH_VALUE: &[(&str, &str)] = &[
    ("-entry", "--entry"),
    ("-stage", "--stage"),
    ("-target", "--target"),
    ("-conformance", "--conformance"),
    ("-output", "-o"),
];

/// slangc flags that map to one of our options.
const RENAMED_FLAGS: &[(&str, &[&str])] = &[
    (
        "-matrix-layout-row-major",
        &["--matrix-layout", "row-major"],
    ),
    (
        "-matrix-layout-column-major",
        &["--matrix-layout", "column-major"],
    ),
    ("-experimental-feature", &["--experimental-feature"]),
    ("-msvc-style-bitfield-packing", &["--msvc-bitfield-packing"]),
];

/// slangc flags dslang honours without being told: WGSL zero-initialises every variable, GLSL
/// syntax is always accepted.
const ALWAYS_ON: &[&str] = &["-allow-glsl", "-zero-initialize"];

/// slangc flags that do not change what dslang's targets compute (optimisation, debug
/// information, warnings, back-end routes and validation of other targets).
const IGNORED_FLAGS: &[&str] = &[
    "-g",
    "-O",
    "-w",
    "-obfuscate",
    "-emit-spirv-directly",
    "-emit-spirv-via-glsl",
    "-skip-spirv-validation",
    "-no-mangle",
    "-no-hlsl-binding",
    "-ignore-capabilities",
    "-minimum-slang-optimization",
    "-enable-experimental-passes",
    "-preserve-params",
    "-validate-ir",
    "-verbose-paths",
    "-fvk-use-entrypoint-name",
    "-fvk-use-gl-layout",
    "-fvk-use-scalar-layout",
    "-fvk-use-dx-layout",
    "-fvk-invert-y",
    "-fvk-use-dx-position-w",
    "-default-downstream-compiler",
    "-use-fast-math",
    "-disable-specialization",
    "-disable-dynamic-dispatch",
];

/// slangc flags that change a program's meaning in ways dslang does not implement: accepted, so
/// that programs that do not depend on them still compile, with a note that says so.
const NOT_IMPLEMENTED: &[&str] = &["-unscoped-enum"];

/// slangc options with a value that do not change what dslang's targets compute.
const IGNORED_WITH_VALUE: &[&str] = &[
    "-profile",
    "-capability",
    "-std",
    "-lang",
    "-line-directive-mode",
    "-fp-mode",
    "-denorm-mode-fp16",
    "-denorm-mode-fp32",
    "-denorm-mode-fp64",
    "-debug-info-format",
    "-source-embed-style",
    "-warnings-disable",
    // `all` or a list of warning ids: dslang's warnings never stop a compilation.
    "-warnings-as-errors",
    "-disable-warning",
    "-enable-warning",
];

/// The translated arguments (program name first) and the notes to print for dropped options.
pub struct Translated {
    pub args: Vec<OsString>,
    pub notes: Vec<String>,
}

/// Rewrites slangc's options in `args` (the whole command line, program name first) into ours.
/// A command line that starts with a file instead of a command is slangc's form: it compiles.
pub fn translate(args: impl IntoIterator<Item = OsString>) -> Translated {
    let mut input = args.into_iter();
    let mut out: Vec<OsString> = input.next().into_iter().collect();
    let mut notes = Vec::new();
    let rest: Vec<OsString> = input.collect();
    if let Some(first) = rest.first().and_then(|a| a.to_str())
        && is_source_path(first)
    {
        out.push("compile".into());
    }
    let mut i = 0;
    while i < rest.len() {
        let arg = &rest[i];
        i += 1;
        let Some(text) = arg.to_str() else {
            out.push(arg.clone());
            continue;
        };
        if text == "--" {
            out.extend(rest[i - 1..].iter().cloned());
            break;
        }
        if let Some((_, ours)) = RENAMED_WITH_VALUE
            .iter()
            .find(|(theirs, _)| *theirs == text)
        {
            out.push((*ours).into());
            if let Some(value) = rest.get(i) {
                out.push(value.clone());
                i += 1;
            }
        } else if let Some((_, ours)) = RENAMED_FLAGS.iter().find(|(theirs, _)| *theirs == text) {
            out.extend(ours.iter().map(OsString::from));
        } else if ALWAYS_ON.contains(&text) {
        } else if IGNORED_WITH_VALUE.contains(&text) {
            let value = rest.get(i).and_then(|v| v.to_str()).unwrap_or("");
            i += usize::from(i < rest.len());
            notes.push(format!(
                "`{text} {value}` does not apply to dslang's targets; ignored"
            ));
        } else if NOT_IMPLEMENTED.contains(&text) {
            notes.push(format!("`{text}` is not implemented by dslang; ignored"));
        } else if is_ignored_flag(text) {
            notes.push(format!(
                "`{text}` does not apply to dslang's targets; ignored"
            ));
        } else {
            out.push(arg.clone());
        }
    }
    Translated { args: out, notes }
}

/// `-O`, `-O0`..`-O3`, `-g`, `-g0`..`-g3`, any `-W...` warning option, and the table's flags.
fn is_ignored_flag(text: &str) -> bool {
    let numbered = |prefix: &str| {
        text.strip_prefix(prefix)
            .is_some_and(|level| level.len() == 1 && level.as_bytes()[0].is_ascii_digit())
    };
    IGNORED_FLAGS.contains(&text)
        || numbered("-O")
        || numbered("-g")
        || (text.starts_with("-W") && text.len() > 2)
}

/// A Slang source file named where slangc's command line starts (`slangc f.slang -target ...`).
fn is_source_path(text: &str) -> bool {
    !text.starts_with('-')
        && [".slang", ".hlsl", ".glsl", ".fx", ".hlsli", ".slangh"]
            .iter()
            .any(|ext| text.ends_with(ext))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str) -> (String, Vec<String>) {
        let t = translate(line.split(' ').map(OsString::from));
        let args: Vec<String> = t
            .args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        (args.join(" "), t.notes)
    }

    #[test]
    fn meaning_changing_options_become_ours() {
        let (args, notes) = run(
            "dslang compile t.slang -entry main -stage compute -target wgsl -conformance A:I=3 \
             -matrix-layout-column-major -experimental-feature -msvc-style-bitfield-packing \
             -DX=1 -D Y -I inc -o out.wgsl",
        );
        assert_eq!(
            args,
            "dslang compile t.slang --entry main --stage compute --target wgsl --conformance A:I=3 \
             --matrix-layout column-major --experimental-feature --msvc-bitfield-packing \
             -DX=1 -D Y -I inc -o out.wgsl"
        );
        assert!(notes.is_empty());
    }

    #[test]
    fn options_that_do_not_apply_are_dropped_with_a_note() {
        let (args, notes) = run(
            "dslang compile t.slang -O3 -g0 -Wno-41020 -obfuscate -emit-spirv-directly \
             -allow-glsl -profile sm_6_5 -warnings-as-errors all -o x",
        );
        assert_eq!(args, "dslang compile t.slang -o x");
        assert_eq!(
            notes,
            [
                "`-O3` does not apply to dslang's targets; ignored",
                "`-g0` does not apply to dslang's targets; ignored",
                "`-Wno-41020` does not apply to dslang's targets; ignored",
                "`-obfuscate` does not apply to dslang's targets; ignored",
                "`-emit-spirv-directly` does not apply to dslang's targets; ignored",
                "`-profile sm_6_5` does not apply to dslang's targets; ignored",
                "`-warnings-as-errors all` does not apply to dslang's targets; ignored",
            ]
        );
    }

    #[test]
    fn slangc_command_line_without_a_command_compiles() {
        let (args, _) = run("dslang shader.slang -target spirv -entry main -o s.spv");
        assert_eq!(
            args,
            "dslang compile shader.slang --target spirv --entry main -o s.spv"
        );
    }

    #[test]
    fn unknown_options_and_our_own_pass_through() {
        let (args, notes) = run("dslang check -frobnicate --feature f16 a.slang");
        assert_eq!(args, "dslang check -frobnicate --feature f16 a.slang");
        assert!(notes.is_empty());
    }
}
