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
    fn identifiers_split_on_punctuation() {
        let words: Vec<&str> = identifiers("fn bwd16_(x: f32) -> vec3<f32> { 1f; }").collect();
        assert_eq!(words, ["fn", "bwd16_", "x", "f32", "vec3", "f32"]);
    }
}
