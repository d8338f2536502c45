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
        let escaped = format!("{name}_");
        let mut seen_escaped = false;
        let mut clash = false;
        for word in identifiers(&text) {
            seen_escaped |= word == escaped;
            clash |= word == name;
        }
        if seen_escaped && !clash {
            text = rename_word(&text, &escaped, name);
        }
    }
    text
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
