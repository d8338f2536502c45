//! The instruction forms of `spirv_asm { ... }` blocks (E2229). An instruction is
//! `[id [: type] =] Opcode operands...`, instructions are separated by `;`, the `result` marker
//! names the block's value and so sits in its last instruction, the assignment forms need an
//! opcode that has a result id (and a result type, for `id : type =`), and an opcode without
//! operands takes none.

use base_db::Db;
use syntax::SyntaxKind::*;
use syntax::SyntaxToken;

use super::{item_node, token_range};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower::spirv_asm_ops::result_form;

/// Opcodes whose only operands are optional or none: nothing may follow them.
const NO_OPERANDS: &[&str] = &[
    "OpNop",
    "OpReturn",
    "OpKill",
    "OpUnreachable",
    "OpNoLine",
    "OpEmitVertex",
    "OpEndPrimitive",
    "OpTerminateInvocation",
    "OpIgnoreIntersectionKHR",
    "OpTerminateRayKHR",
];

pub(super) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let Some(node) = item_node(db, ItemDef::Function(func)) else {
        return;
    };
    for asm in node.descendants().filter(|n| n.kind() == SPIRV_ASM_EXPR) {
        let tokens: Vec<SyntaxToken> = asm
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| !t.kind().is_trivia())
            .collect();
        // Drop `spirv_asm {` and the closing `}`.
        let Some(open) = tokens.iter().position(|t| t.text() == "{") else {
            continue;
        };
        let end = if tokens.last().is_some_and(|t| t.text() == "}") {
            tokens.len() - 1
        } else {
            tokens.len()
        };
        if open + 1 > end {
            continue;
        }
        let inner = &tokens[open + 1..end];
        let instructions: Vec<&[SyntaxToken]> = inner
            .split(|t| t.text() == ";")
            .filter(|i| !i.is_empty())
            .collect();
        let last = instructions.len().saturating_sub(1);
        for (i, inst) in instructions.iter().enumerate() {
            check_instruction(inst, i == last, out);
        }
    }
}

fn error(message: String, token: &SyntaxToken) -> Diag {
    Diag::error("E2229", message, token_range(token))
}

fn check_instruction(inst: &[SyntaxToken], is_last: bool, out: &mut Vec<Diag>) {
    if !is_last && let Some(marker) = inst.iter().find(|t| t.text() == "result") {
        out.push(error(
            "misplaced result-id marker: `result` names the value of the whole `spirv_asm` block, so only its last instruction may use it; add `OpCopyObject $$T result %id` at the end instead".to_string(),
            marker,
        ));
    }
    let eq = inst.iter().position(|t| t.text() == "=");
    let op_at = match eq {
        Some(eq) => {
            let prefix = &inst[..eq];
            let colon = prefix.iter().position(|t| t.text() == ":");
            let id_ok = matches!(prefix.first().map(|t| t.text()), Some("%" | "result"))
                || prefix.first().is_some_and(|t| t.text().starts_with('%'));
            if !id_ok && prefix.first().is_some_and(|t| t.text().starts_with("Op")) {
                // `OpLoad %a %b %c : $$int = ...`: two instructions run together.
                let at = colon.map_or(&inst[eq], |c| &prefix[c]);
                out.push(error(
                    format!(
                        "unexpected '{}' among the operands of {}: did you forget a ';' after that instruction?",
                        at.text(),
                        prefix[0].text()
                    ),
                    at,
                ));
                return;
            }
            if !id_ok {
                out.push(error(
                    "unexpected token before '=': an assignment names its result id first (`%x = Op...` or `%x : $$type = Op...`)".to_string(),
                    &prefix.first().cloned().unwrap_or_else(|| inst[eq].clone()),
                ));
                return;
            }
            if let Some(c) = colon
                && c + 1 >= eq
            {
                out.push(error(
                    "unexpected '=': a result type goes between ':' and '=' (`%x : $$int = Op...`)"
                        .to_string(),
                    &inst[eq],
                ));
                return;
            }
            let Some(op) = inst.get(eq + 1) else {
                out.push(error(
                    "unexpected end of instruction after '=': write the opcode that computes the result (`%x = OpIAdd ...`)".to_string(),
                    &inst[eq],
                ));
                return;
            };
            let name = op.text();
            if !result_form(name).1 {
                out.push(error(
                    format!("instruction has no result-id operand: cannot use the 'x = {name} ...' syntax because {name} does not produce a result id; write `{name} ...` alone"),
                    &inst[0],
                ));
            } else if colon.is_some() && !result_form(name).0 {
                out.push(error(
                    format!("instruction has no result-type-id operand: cannot use the 'x : <type> = {name} ...' syntax because {name} has no result type; write `%x = {name} ...`"),
                    &inst[colon.unwrap_or(0) + 1],
                ));
            }
            eq + 1
        }
        None => {
            let first = &inst[0];
            if first.kind() != IDENT && !first.text().starts_with("Op") {
                out.push(error(
                    format!(
                        "unexpected '{}': an instruction starts with its opcode, or with `%x =` to name its result",
                        first.text()
                    ),
                    first,
                ));
                return;
            }
            if let Some(colon) = inst.iter().find(|t| t.text() == ":") {
                out.push(error(
                    "unexpected ':': a result type is written only in the `%x : $$type = Op...` form; did you forget a ';' after the previous instruction?".to_string(),
                    colon,
                ));
                return;
            }
            0
        }
    };
    let Some(op) = inst.get(op_at) else {
        return;
    };
    if let Some(colon) = inst[op_at..].iter().find(|t| t.text() == ":") {
        out.push(error(
            format!(
                "unexpected ':' among the operands of {}: did you forget a ';' after this instruction?",
                op.text()
            ),
            colon,
        ));
    }
    if NO_OPERANDS.contains(&op.text()) && inst.len() > op_at + 1 {
        out.push(error(
            format!(
                "{} does not take any operands: remove them, or end the instruction with ';'",
                op.text()
            ),
            op,
        ));
    }
}
