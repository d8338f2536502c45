//! Signature help: the overloads of the function whose argument list holds the cursor.

use hir::{Db, FunctionId, ItemDef, SourceFile};

use crate::util;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureInfo {
    pub label: String,
    /// Byte ranges of each parameter within `label`.
    pub parameters: Vec<(u32, u32)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureHelp {
    pub signatures: Vec<SignatureInfo>,
    pub active_signature: u32,
    pub active_parameter: u32,
}

/// Finds the unclosed `(` before the cursor in the same statement, and the argument index.
fn open_call(text: &str, offset: usize) -> Option<(usize, u32)> {
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut commas = 0u32;
    let mut i = offset.min(bytes.len());
    while i > 0 {
        i -= 1;
        match bytes[i] {
            b')' | b']' => depth += 1,
            b'(' | b'[' if depth > 0 => depth -= 1,
            b'(' => return Some((i, commas)),
            b'[' => return None,
            b',' if depth == 0 => commas += 1,
            b';' | b'{' | b'}' => return None,
            _ => {}
        }
    }
    None
}

fn signature(db: &dyn Db, f: FunctionId) -> SignatureInfo {
    signature_info(db, hir::fn_signature_text(db, f), &hir::fn_sig(db, f))
}

fn signature_info(db: &dyn Db, label: String, sig: &hir::FnSig) -> SignatureInfo {
    let mut parameters = Vec::new();
    let mut from = label.find('(').map_or(0, |i| i + 1);
    for p in &sig.params {
        let needle = format!("{} {}", hir::display_ty(db, &p.ty), p.name);
        if let Some(found) = label[from..].find(&needle) {
            // Include a direction prefix (`inout `) written before the type.
            let end = from + found + needle.len();
            let start = label[..from + found]
                .rfind(['(', ','])
                .map_or(from + found, |i| i + 1);
            let start = start + label[start..].len() - label[start..].trim_start().len();
            parameters.push((start as u32, end as u32));
            from = end;
        }
    }
    SignatureInfo { label, parameters }
}

pub(crate) fn signature_help(db: &dyn Db, file: SourceFile, offset: u32) -> Option<SignatureHelp> {
    let text = file.text(db);
    let (paren, active_parameter) = open_call(text, offset as usize)?;
    let before = text[..paren].trim_end();
    if before.ends_with(')') {
        return derivative_call_help(db, file, before, active_parameter);
    }
    let (name, name_range) = util::ident_at(before, before.len() as u32)?;
    // The overload the checker chose, when the call is complete enough to resolve.
    let chosen = hir::callee_at(db, file, name_range.start);
    // `value.name(`: the overloads of the receiver's type only, not every function of that name.
    let receiver_end = before[..name_range.start as usize].trim_end();
    let mut candidates: Vec<FunctionId> = Vec::new();
    if let Some(receiver) = receiver_end.strip_suffix('.') {
        candidates = hir::methods_at(db, file, receiver.trim_end().len() as u32, &name);
    } else {
        for f in util::visible_files(db, file) {
            for item in hir::file_items(db, f) {
                if let ItemDef::Function(func) = item
                    && util::item_name(db, item) == name
                    && !candidates.contains(&func)
                {
                    candidates.push(func);
                }
            }
        }
    }
    if let Some(c) = chosen
        && util::item_name(db, ItemDef::Function(c)) == name
    {
        candidates.retain(|f| *f != c);
        candidates.insert(0, c);
    }
    if candidates.is_empty() {
        return None;
    }
    let signatures: Vec<SignatureInfo> = candidates.iter().map(|f| signature(db, *f)).collect();
    // Prefer the first overload with enough parameters for the argument being typed.
    let active_signature = signatures
        .iter()
        .position(|s| s.parameters.len() as u32 > active_parameter)
        .unwrap_or(0) as u32;
    Some(SignatureHelp {
        signatures,
        active_signature,
        active_parameter,
    })
}

/// Inside `fwd_diff(f)(...)` / `bwd_diff(f)(...)`: the translated signature. `before` ends with
/// the `)` of the operator's argument.
fn derivative_call_help(
    db: &dyn Db,
    file: SourceFile,
    before: &str,
    active_parameter: u32,
) -> Option<SignatureHelp> {
    let bytes = before.as_bytes();
    let mut depth = 0i32;
    let mut open = None;
    for i in (0..bytes.len()).rev() {
        match bytes[i] {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    open = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    let open = open?;
    let op_text = before[..open].trim_end();
    let (op, _) = util::ident_at(op_text, op_text.len() as u32)?;
    let kind = match op.as_str() {
        "fwd_diff" | "__fwd_diff" => hir::DiffKind::Forward,
        "bwd_diff" | "__bwd_diff" => hir::DiffKind::Backward,
        _ => return None,
    };
    let arg_start = open + 1 + (before[open + 1..].len() - before[open + 1..].trim_start().len());
    let target = util::occurrence_at(db, file, arg_start as u32)?;
    let util::Def::Item(ItemDef::Function(f)) = target.def else {
        return None;
    };
    let label = hir::derivative_signature_text(db, f, kind)?;
    let sig = hir::derivative_sig(db, f, kind)?;
    Some(SignatureHelp {
        signatures: vec![signature_info(db, label, &sig)],
        active_signature: 0,
        active_parameter,
    })
}
