//! Code actions: quick fixes for the differentiability checks and derivative stubs.
//!
//! - E3101 (derivative through a non-differentiable call), E3107 (`bwd_diff` call in
//!   differentiable code): insert `no_diff` before the call.
//! - E3101, E3106 (`fwd_diff`/`bwd_diff` of a non-differentiable function): add `[Differentiable]`
//!   to the callee when it is a user function.
//! - E3103 (loop without a bound): add `[MaxIters(N)]` before the loop.
//! - On a free function's name: generate a `[BackwardDerivativeOf(f)]` / `[ForwardDerivativeOf(f)]`
//!   function with the signature the derivative must have.

use hir::{Db, DiffKind, ItemDef, ParamDir, SourceFile, TextRange};
use syntax::{SyntaxKind, SyntaxNode};

use crate::formatting::TextEdit;
use crate::util::{self, Def};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssistKind {
    /// Fixes a diagnostic.
    QuickFix,
    /// Writes new code.
    Generate,
}

/// Edits to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEdit {
    pub path: String,
    pub edits: Vec<TextEdit>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assist {
    /// Stable identifier (for tests and clients).
    pub id: &'static str,
    pub label: String,
    pub kind: AssistKind,
    /// The diagnostic code it fixes (quick fixes).
    pub fixes: Option<&'static str>,
    pub edits: Vec<FileEdit>,
}

/// The loop bound proposed when the loop's condition names none.
const DEFAULT_MAX_ITERS: u32 = 64;

pub(crate) fn assists(db: &dyn Db, file: SourceFile, range: TextRange) -> Vec<Assist> {
    let text = file.text(db);
    let path = file.path(db).to_string();
    let root = syntax::parse(text).syntax_node();
    let mut out = Vec::new();
    let touches = |r: TextRange| r.end >= range.start && r.start <= range.end;
    for d in hir::diagnostics(db, file) {
        // A diagnostic points at one token (a call's `(`, a loop's keyword): the fix is offered
        // anywhere on the construct it is about.
        match d.code {
            "E3101" | "E3107" => {
                let Some(call) = enclosing(&root, d.range.start, &[SyntaxKind::CALL_EXPR]) else {
                    continue;
                };
                if !touches(d.range) && !touches(node_range(&call)) {
                    continue;
                }
                let at = u32::from(call.text_range().start());
                out.push(Assist {
                    id: "insert_no_diff",
                    label: "Insert `no_diff` before the call (its derivative is dropped)"
                        .to_string(),
                    kind: AssistKind::QuickFix,
                    fixes: Some(d.code),
                    edits: vec![insert(&path, at, "no_diff ")],
                });
                if d.code == "E3101"
                    && let Some(callee) = hir::callee_at(db, file, d.range.start)
                    && let Some(a) = add_differentiable(db, callee, d.code)
                {
                    out.push(a);
                }
            }
            "E3106" => {
                let diff = enclosing(&root, d.range.start, &[SyntaxKind::DIFF_EXPR]);
                if !touches(d.range) && !diff.is_some_and(|n| touches(node_range(&n))) {
                    continue;
                }
                if let Some(target) = diff_operand(db, file, &root, d.range.start)
                    && let Some(a) = add_differentiable(db, target, d.code)
                {
                    out.push(a);
                }
            }
            "E3103" => {
                use SyntaxKind::*;
                if let Some(lp) = enclosing(&root, d.range.start, &[FOR_STMT, WHILE_STMT, DO_STMT])
                    && (touches(d.range) || touches(loop_header(&lp)))
                {
                    let at = u32::from(lp.text_range().start());
                    let n = loop_bound(&lp).unwrap_or(DEFAULT_MAX_ITERS);
                    let indent = line_indent(text, at);
                    out.push(Assist {
                        id: "add_max_iters",
                        label: format!(
                            "Add `[MaxIters({n})]` to the loop (an upper bound on its iterations)"
                        ),
                        kind: AssistKind::QuickFix,
                        fixes: Some(d.code),
                        edits: vec![insert(&path, at, &format!("[MaxIters({n})]\n{indent}"))],
                    });
                }
            }
            _ => {}
        }
    }
    out.extend(derivative_stubs(db, file, range.start));
    out
}

fn node_range(n: &SyntaxNode) -> TextRange {
    TextRange::new(n.text_range().start().into(), n.text_range().end().into())
}

/// A loop from its keyword to the `)` of its header (`do`: the keyword alone).
fn loop_header(lp: &SyntaxNode) -> TextRange {
    let start = u32::from(lp.text_range().start());
    let end = lp
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| matches!(t.kind(), SyntaxKind::R_PAREN | SyntaxKind::DO_KW))
        .map_or(start, |t| t.text_range().end().into());
    TextRange::new(start, end)
}

fn insert(path: &str, at: u32, text: &str) -> FileEdit {
    FileEdit {
        path: path.to_string(),
        edits: vec![TextEdit {
            range: TextRange::new(at, at),
            insert: text.to_string(),
        }],
    }
}

/// The innermost node of one of `kinds` around `offset`.
fn enclosing(root: &SyntaxNode, offset: u32, kinds: &[SyntaxKind]) -> Option<SyntaxNode> {
    let token = root
        .token_at_offset(offset.into())
        .right_biased()
        .or_else(|| root.token_at_offset(offset.into()).left_biased())?;
    token.parent_ancestors().find(|n| kinds.contains(&n.kind()))
}

/// The whitespace that starts the line holding `offset`.
fn line_indent(text: &str, offset: u32) -> String {
    let start = text[..offset as usize].rfind('\n').map_or(0, |i| i + 1);
    text[start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// `i < 10` / `i <= 9` in a `for` condition (alone or in a `&&`): the trip count it bounds.
fn loop_bound(lp: &SyntaxNode) -> Option<u32> {
    use SyntaxKind::*;
    let cond = lp.children().find(|c| c.kind() == BIN_EXPR)?;
    cond.descendants()
        .filter(|n| n.kind() == BIN_EXPR)
        .find_map(|bin| {
            let op = bin
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| matches!(t.kind(), LT | LTEQ))?;
            let rhs = bin.children().last()?;
            if rhs.kind() != LITERAL {
                return None;
            }
            let n: u32 = rhs.text().to_string().trim().parse().ok()?;
            Some(if op.kind() == LT {
                n
            } else {
                n.saturating_add(1)
            })
        })
}

/// The function a `fwd_diff(f)` / `bwd_diff(f)` at `offset` names.
fn diff_operand(
    db: &dyn Db,
    file: SourceFile,
    root: &SyntaxNode,
    offset: u32,
) -> Option<hir::FunctionId> {
    let diff = enclosing(root, offset, &[SyntaxKind::DIFF_EXPR])?;
    let name = diff
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == SyntaxKind::IDENT)?;
    match util::occurrence_at(db, file, name.text_range().start().into())?.def {
        Def::Item(ItemDef::Function(f)) => Some(f),
        _ => None,
    }
}

/// `[Differentiable]` on a user function (the stdlib is not the user's to edit).
fn add_differentiable(db: &dyn Db, f: hir::FunctionId, code: &'static str) -> Option<Assist> {
    let (file, full, _) = hir::item_ranges(db, ItemDef::Function(f));
    if file.kind(db) == hir::FileKind::Stdlib {
        return None;
    }
    let data = hir::fn_data(db, f);
    if data.attr("Differentiable").is_some() {
        return None;
    }
    let text = file.text(db);
    let indent = line_indent(text, full.start);
    Some(Assist {
        id: "add_differentiable",
        label: format!("Mark `{}` [Differentiable]", data.name),
        kind: AssistKind::QuickFix,
        fixes: Some(code),
        edits: vec![insert(
            file.path(db),
            full.start,
            &format!("[Differentiable]\n{indent}"),
        )],
    })
}

/// On the name of a free function: its forward and backward derivative stubs, after it.
fn derivative_stubs(db: &dyn Db, file: SourceFile, offset: u32) -> Vec<Assist> {
    let Some(o) = util::occurrence_at(db, file, offset) else {
        return Vec::new();
    };
    let (Def::Item(ItemDef::Function(f)), true) = (o.def, o.is_decl) else {
        return Vec::new();
    };
    let data = hir::fn_data(db, f);
    if data.in_type || !data.has_body {
        return Vec::new();
    }
    let (_, full, _) = hir::item_ranges(db, ItemDef::Function(f));
    let text = file.text(db);
    let root = syntax::parse(text).syntax_node();
    let generics = enclosing(&root, o.range.start, &[SyntaxKind::FN])
        .map(|node| generics_text(&node))
        .unwrap_or_default();
    let mut out = Vec::new();
    for (kind, attr, suffix, id) in [
        (
            DiffKind::Forward,
            "ForwardDerivativeOf",
            "fwd",
            "generate_forward_derivative",
        ),
        (
            DiffKind::Backward,
            "BackwardDerivativeOf",
            "bwd",
            "generate_backward_derivative",
        ),
    ] {
        let Some(stub) = stub_text(db, f, kind, attr, suffix, &generics) else {
            continue;
        };
        out.push(Assist {
            id,
            label: format!("Generate `[{attr}({})]` function", data.name),
            kind: AssistKind::Generate,
            fixes: None,
            edits: vec![insert(file.path(db), full.end, &format!("\n\n{stub}"))],
        });
    }
    out
}

/// `<T : IFoo>` and a `where` clause as written on the function.
fn generics_text(func: &SyntaxNode) -> String {
    func.children()
        .find(|c| c.kind() == SyntaxKind::GENERIC_PARAM_LIST)
        .map(|g| g.text().to_string())
        .unwrap_or_default()
}

fn stub_text(
    db: &dyn Db,
    f: hir::FunctionId,
    kind: DiffKind,
    attr: &str,
    suffix: &str,
    generics: &str,
) -> Option<String> {
    let data = hir::fn_data(db, f);
    let primal = hir::fn_sig(db, f);
    let sig = hir::derivative_sig(db, f, kind)?;
    let params: Vec<String> = sig
        .params
        .iter()
        .map(|p| {
            let dir = match p.dir {
                ParamDir::In => "",
                ParamDir::Out => "out ",
                ParamDir::InOut => "inout ",
                ParamDir::Ref => "ref ",
            };
            let no_diff = if p.no_diff { "no_diff " } else { "" };
            format!("{dir}{no_diff}{} {}", hir::display_ty(db, &p.ty), p.name)
        })
        .collect();
    let is_pair = |name: &str| {
        sig.params
            .iter()
            .any(|p| p.name == name && hir::display_ty(db, &p.ty).starts_with("DifferentialPair<"))
    };
    let name = &data.name;
    let mut body = Vec::new();
    match kind {
        DiffKind::Forward => {
            let args: Vec<String> = primal
                .params
                .iter()
                .map(|p| {
                    if is_pair(&p.name) {
                        format!("{}.p", p.name)
                    } else {
                        p.name.to_string()
                    }
                })
                .collect();
            let terms: Vec<String> = primal
                .params
                .iter()
                .filter(|p| is_pair(&p.name))
                .map(|p| format!("d{name}/d{0} * {0}.d", p.name))
                .collect();
            body.push(format!(
                "// The derivative: {}.",
                if terms.is_empty() {
                    "none of the parameters carries one".to_string()
                } else {
                    terms.join(" + ")
                }
            ));
            if primal.ret == hir::Ty::Void {
                body.push(format!("{name}({});", args.join(", ")));
            } else if !hir::display_ty(db, &sig.ret).starts_with("DifferentialPair<") {
                body.push(format!("return {name}({});", args.join(", ")));
            } else {
                body.push(format!("let primal = {name}({});", args.join(", ")));
                body.push("return diffPair(primal); // derivative zero until written".to_string());
            }
        }
        DiffKind::Backward => {
            let result = sig
                .params
                .last()
                .filter(|p| p.name == "dResult")
                .map(|p| p.name.to_string());
            for p in primal.params.iter().filter(|p| is_pair(&p.name)) {
                let grad = match &result {
                    Some(r) => format!("d{name}/d{} * {r}", p.name),
                    None => format!("d{name}/d{}", p.name),
                };
                body.push(format!("// {0} = diffPair({0}.p, {grad});", p.name));
            }
            if body.is_empty() {
                body.push("// No parameter receives a derivative.".to_string());
            }
        }
    }
    let ret = hir::display_ty(db, &sig.ret);
    let body: String = body.iter().map(|l| format!("    {l}\n")).collect();
    Some(format!(
        "[{attr}({name})]\n{ret} {name}_{suffix}{generics}({})\n{{\n{body}}}",
        params.join(", ")
    ))
}
