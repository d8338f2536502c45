//! Default values of parameters and struct fields (`float scale = 2.0`).
//!
//! hir records only that a default exists, not its expression, so the value is read from the
//! declaration's text after the name: literal defaults (numbers, `true`/`false`, with a sign and
//! suffixes) are supported; anything else is reported as not lowerable.

use hir::{Db, ItemDef, TextRange};

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum DefaultLit {
    Int(i64),
    Float(f64),
    Bool(bool),
}

/// The literal default written after the name at `name_range` (relative to `owner`).
pub(crate) fn default_literal(
    db: &dyn Db,
    owner: ItemDef,
    name_range: TextRange,
) -> Option<DefaultLit> {
    let loc = hir::export::item_def_loc(db, owner);
    let offset = hir::export::item_offset(db, &loc);
    let pp = hir::preprocessed(db, loc.file);
    let rest = pp.text.get((name_range.end + offset) as usize..)?;
    let rest = skip_array_suffixes(rest.trim_start()).trim_start();
    let rest = rest.strip_prefix('=')?;
    let rest = rest.trim_start();
    // `T(2)` / `float(1.5)`: a conversion of a literal to the parameter's type.
    if let Some(open) = rest.find('(')
        && rest[..open]
            .trim()
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_')
        && !rest[..open].trim().is_empty()
        && let Some(close) = rest[open..].find(')')
    {
        let inner = &rest[open + 1..open + close];
        if !inner.contains(',') {
            return parse_literal(inner.trim());
        }
    }
    let end = rest.find([',', ';', ')', '}']).unwrap_or(rest.len());
    parse_literal(rest[..end].trim())
}

fn skip_array_suffixes(mut s: &str) -> &str {
    while let Some(after) = s.strip_prefix('[') {
        match after.find(']') {
            Some(i) => s = after[i + 1..].trim_start(),
            None => return s,
        }
    }
    s
}

fn parse_literal(text: &str) -> Option<DefaultLit> {
    match text {
        "true" => return Some(DefaultLit::Bool(true)),
        "false" => return Some(DefaultLit::Bool(false)),
        _ => {}
    }
    let (negative, body) = match text.strip_prefix('-') {
        Some(b) => (true, b.trim_start()),
        None => (false, text),
    };
    let sign = if negative { -1.0 } else { 1.0 };
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        let digits = hex.trim_end_matches(['u', 'U', 'l', 'L']);
        let v = i64::from_str_radix(digits, 16).ok()?;
        return Some(DefaultLit::Int(if negative { -v } else { v }));
    }
    let is_float = body.contains(['.', 'e', 'E']) || body.ends_with(['f', 'F', 'h', 'H']);
    if is_float {
        let digits = body.trim_end_matches(['f', 'F', 'h', 'H', 'l', 'L']);
        return digits
            .parse::<f64>()
            .ok()
            .map(|v| DefaultLit::Float(sign * v));
    }
    let digits = body.trim_end_matches(['u', 'U', 'l', 'L']);
    let v: i64 = digits.parse().ok()?;
    Some(DefaultLit::Int(if negative { -v } else { v }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_with_signs_and_suffixes() {
        assert_eq!(parse_literal("2.0"), Some(DefaultLit::Float(2.0)));
        assert_eq!(parse_literal("-1.5f"), Some(DefaultLit::Float(-1.5)));
        assert_eq!(parse_literal("4"), Some(DefaultLit::Int(4)));
        assert_eq!(parse_literal("0x10u"), Some(DefaultLit::Int(16)));
        assert_eq!(parse_literal("- 3"), Some(DefaultLit::Int(-3)));
        assert_eq!(parse_literal("true"), Some(DefaultLit::Bool(true)));
        assert_eq!(parse_literal("float3(1, 2, 3"), None);
        assert_eq!(skip_array_suffixes("[3][4] = 1"), "= 1");
    }
}
