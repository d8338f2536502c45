//! What naga's WGSL writer leaves for us to do on its text: the `enable` directives it does not
//! write and entry-point names it escapes.

use naga::{Expression, Literal, Module, ScalarKind};

/// Entry points keep their Slang names exactly: a host asks for `bwd16`, as it would with
/// slangc's WGSL. naga's namer appends `_` to a name that ends in a digit (its numbered
/// suffixes could collide with it); the name is restored when nothing else in the module is
/// spelled that way.
pub fn keep_entry_point_names(module: &Module, text: String) -> String {
    let mut text = text;
    for ep in &module.entry_points {
        let name = ep.name.as_str();
        let escaped = format!("fn {name}_(");
        if text.contains(&format!("fn {name}(")) || !text.contains(&escaped) {
            continue;
        }
        if identifiers(&text).any(|word| word == name) {
            continue;
        }
        text = text.replacen(&escaped, &format!("fn {name}("), 1);
    }
    text
}

/// Buffers, textures and samplers keep their Slang names too (`C0`, not `C0_`): a host binds
/// them by the names the program gave them. Every word spelled like the escaped name is
/// renamed (the global, and struct members escaped the same way, which stay consistent), when
/// the Slang name itself appears nowhere in the text.
pub fn keep_binding_names(module: &Module, text: String) -> String {
    let mut text = text;
    for (_, g) in module.global_variables.iter() {
        let Some(name) = g.name.as_deref() else {
            continue;
        };
        if g.binding.is_none() || !name.ends_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        text = restore_name(text, name);
    }
    text
}

/// Struct members keep their Slang names too (`v1`, not `v1_`): a host writes uniform data by
/// member paths (`gFoo.v1`), as it does with slangc's WGSL. As for bindings, the escaped name is
/// renamed everywhere when the Slang name appears nowhere in the text and is no WGSL keyword or
/// predeclared name.
pub fn keep_member_names(module: &Module, text: String) -> String {
    let mut names: Vec<&str> = module
        .types
        .iter()
        .filter_map(|(_, t)| match &t.inner {
            naga::TypeInner::Struct { members, .. } => Some(members),
            _ => None,
        })
        .flatten()
        .filter_map(|m| m.name.as_deref())
        .filter(|n| n.ends_with(|c: char| c.is_ascii_digit()))
        .filter(|n| {
            !naga::keywords::wgsl::RESERVED.contains(n)
                && !naga::keywords::wgsl::BUILTIN_IDENTIFIERS.contains(n)
                && !names_a_wgsl_type(n)
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    let mut text = text;
    for name in names {
        text = restore_name(text, name);
    }
    text
}

/// `vec3`, `mat2x4`, `f32`, `i64`, ...: spellings of WGSL's predeclared types.
fn names_a_wgsl_type(name: &str) -> bool {
    let b = name.as_bytes();
    let dim = |c: u8| (b'2'..=b'4').contains(&c);
    match b {
        [b'v', b'e', b'c', n] => dim(*n),
        [b'm', b'a', b't', c, b'x', r] => dim(*c) && dim(*r),
        [b'i' | b'u' | b'f', rest @ ..] => matches!(rest, b"8" | b"16" | b"32" | b"64"),
        _ => false,
    }
}

/// `text` with every identifier spelled `from` spelled `to`.
fn rename_word(text: &str, from: &str, to: &str) -> String {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| is_word(c)) {
        out.push_str(&rest[..start]);
        let word_len = rest[start..]
            .find(|c: char| !is_word(c))
            .unwrap_or(rest.len() - start);
        let word = &rest[start..start + word_len];
        out.push_str(if word == from { to } else { word });
        rest = &rest[start + word_len..];
    }
    out.push_str(rest);
    out
}

/// The identifier-like words of `text`.
fn identifiers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// `enable subgroups;` when the module uses subgroup operations or built-ins (the standard
/// directive, as browsers require; wgpu's naga does not parse it yet, so the `gpu` crate removes
/// it before creating a module), and `enable f16;` when f16 appears only in expressions (naga
/// writes it for f16 types).
pub fn with_enable_directives(module: &Module, text: String) -> String {
    let mut directives = String::new();
    if uses_f16_expressions(module) && !text.contains("enable f16;") {
        directives.push_str("enable f16;\n");
    }
    if uses_subgroups(module) && !text.contains("enable subgroups;") {
        directives.push_str("enable subgroups;\n");
    }
    if directives.is_empty() {
        text
    } else {
        directives + &text
    }
}

fn functions(module: &Module) -> impl Iterator<Item = &naga::Function> {
    module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|ep| &ep.function))
}

fn uses_f16_expressions(module: &Module) -> bool {
    functions(module).any(|f| {
        f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::Literal(Literal::F16(_))
                    | Expression::As {
                        kind: ScalarKind::Float,
                        convert: Some(2),
                        ..
                    }
            )
        })
    }) || module
        .global_expressions
        .iter()
        .any(|(_, e)| matches!(e, Expression::Literal(Literal::F16(_))))
}

fn uses_subgroups(module: &Module) -> bool {
    let subgroup_builtin = |binding: Option<&naga::Binding>| {
        matches!(
            binding,
            Some(naga::Binding::BuiltIn(
                naga::BuiltIn::SubgroupSize
                    | naga::BuiltIn::SubgroupInvocationId
                    | naga::BuiltIn::NumSubgroups
                    | naga::BuiltIn::SubgroupId
            ))
        )
    };
    let argument_uses = |arg: &naga::FunctionArgument| {
        subgroup_builtin(arg.binding.as_ref())
            || match &module.types[arg.ty].inner {
                naga::TypeInner::Struct { members, .. } => {
                    members.iter().any(|m| subgroup_builtin(m.binding.as_ref()))
                }
                _ => false,
            }
    };
    functions(module).any(|f| {
        f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::SubgroupBallotResult | Expression::SubgroupOperationResult { .. }
            )
        })
    }) || module
        .entry_points
        .iter()
        .any(|ep| ep.function.arguments.iter().any(argument_uses))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rename_word_renames_whole_words_only() {
        let text = "var<uniform> C0_: T; fn f() { let x = C0_.a + C0_x + xC0_; }";
        assert_eq!(
            rename_word(text, "C0_", "C0"),
            "var<uniform> C0: T; fn f() { let x = C0.a + C0_x + xC0_; }"
        );
    }

    #[test]
    fn identifiers_split_on_punctuation() {
        let words: Vec<&str> = identifiers("fn bwd16_(x: f32) -> vec3<f32> { 1f; }").collect();
        assert_eq!(words, ["fn", "bwd16_", "x", "f32", "vec3", "f32"]);
    }
}

#[cfg(test)]
mod member_name_tests {
    use super::*;

    /// naga's writer output for `src`, then [`keep_member_names`].
    fn written(src: &str) -> String {
        let module = naga::front::wgsl::parse_str(src).unwrap();
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::empty(),
        )
        .validate(&module)
        .unwrap();
        let text =
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .unwrap();
        keep_member_names(&module, text)
    }

    #[test]
    fn members_ending_in_digits_keep_their_names() {
        let text = written(
            "struct P { v1: f32, in2: vec2<f32> }
             @group(0) @binding(0) var<uniform> p: P;
             @group(0) @binding(1) var<storage, read_write> o: array<f32>;
             @compute @workgroup_size(1) fn main() { o[0] = p.v1 + p.in2.x; }",
        );
        assert!(text.contains("v1: f32") && text.contains("p.v1"), "{text}");
        assert!(
            text.contains("in2: vec2<f32>") && !text.contains("in2_"),
            "{text}"
        );
    }

    #[test]
    fn members_named_like_wgsl_types_stay_escaped() {
        let text = written(
            "struct P { vec2_: f32, f32_: f32 }
             @group(0) @binding(0) var<uniform> p: P;
             @group(0) @binding(1) var<storage, read_write> o: array<f32>;
             @compute @workgroup_size(1) fn main() { o[0] = p.vec2_ + p.f32_; }",
        );
        assert!(
            text.contains("p.vec2_") && text.contains("p.f32_"),
            "{text}"
        );
    }
}

/// Renames naga's escaped `name_` back to `name` everywhere, when the escaped spelling occurs and
/// the plain one occurs nowhere (so the rename cannot merge two identifiers).
fn restore_name(text: String, name: &str) -> String {
    let escaped = format!("{name}_");
    let mut seen_escaped = false;
    let mut clash = false;
    for word in identifiers(&text) {
        seen_escaped |= word == escaped;
        clash |= word == name;
    }
    if seen_escaped && !clash {
        rename_word(&text, &escaped, name)
    } else {
        text
    }
}
