//! Documentation comments: the `///` lines or the `/** ... */` block right above a declaration
//! (its attributes included), as hover shows them.

use hir::Db;

use crate::util::{self, Def};

/// The documentation of `def`, as markdown text, if its declaration has any.
pub(crate) fn doc_of(db: &dyn Db, def: Def) -> Option<String> {
    let (file, start) = match def {
        Def::Local(..) | Def::Param(..) => return None,
        Def::Item(item) => {
            let (file, range) = hir::item_full_range(db, item);
            (file, range.start)
        }
        other => {
            let (file, range) = util::def_site(db, other)?;
            (file, range.start)
        }
    };
    doc_above(file.text(db), start as usize)
}

/// The doc comment that ends on the lines right above the line holding `offset`.
pub(crate) fn doc_above(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    // Only whitespace and attributes may stand before the name on its own line.
    let before: Vec<&str> = text[..line_start].lines().collect();
    let mut lines: Vec<&str> = Vec::new();
    let mut i = before.len();
    // Attributes on lines of their own (`[Differentiable]`) sit between the docs and the item.
    while i > 0 && is_attribute_line(before[i - 1]) {
        i -= 1;
    }
    if i > 0 && before[i - 1].trim_end().ends_with("*/") {
        // A `/** ... */` block.
        let mut j = i;
        while j > 0 {
            j -= 1;
            if before[j].trim_start().starts_with("/**") {
                let block = before[j..i].join("\n");
                return clean_block(&block);
            }
            if before[j].contains("/*") && !before[j].trim_start().starts_with("/**") {
                return None;
            }
        }
        return None;
    }
    while i > 0 {
        let trimmed = before[i - 1].trim_start();
        match trimmed.strip_prefix("///") {
            Some(rest) if !rest.starts_with('/') => {
                lines.push(rest.strip_prefix(' ').unwrap_or(rest).trim_end());
                i -= 1;
            }
            _ => break,
        }
    }
    if lines.is_empty() {
        return None;
    }
    lines.reverse();
    Some(lines.join("\n"))
}

fn is_attribute_line(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('[') && t.ends_with(']')
}

/// The text of a `/** ... */` comment, without its delimiters and leading `*`s.
fn clean_block(block: &str) -> Option<String> {
    let inner = block.trim().strip_prefix("/**")?.strip_suffix("*/")?;
    let lines: Vec<&str> = inner
        .lines()
        .map(|l| {
            let t = l.trim();
            t.strip_prefix('*')
                .map_or(t, |r| r.strip_prefix(' ').unwrap_or(r))
        })
        .collect();
    let text = lines.join("\n").trim().to_string();
    (!text.is_empty()).then_some(text)
}
