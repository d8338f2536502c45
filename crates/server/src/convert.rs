//! ide data to LSP types.

use ide::{CompletionKind, FoldKind, HlMod, HlTag, SymbolKind};
use tower_lsp::lsp_types as lsp;

use crate::document::LineIndex;

pub fn severity(s: ide::Severity) -> lsp::DiagnosticSeverity {
    match s {
        ide::Severity::Error => lsp::DiagnosticSeverity::ERROR,
        ide::Severity::Warning => lsp::DiagnosticSeverity::WARNING,
    }
}

pub fn completion_kind(k: CompletionKind) -> lsp::CompletionItemKind {
    use lsp::CompletionItemKind as K;
    match k {
        CompletionKind::Local | CompletionKind::Parameter | CompletionKind::Variable => K::VARIABLE,
        CompletionKind::Function => K::FUNCTION,
        CompletionKind::Method => K::METHOD,
        CompletionKind::Field | CompletionKind::Swizzle => K::FIELD,
        CompletionKind::Property => K::PROPERTY,
        CompletionKind::Struct => K::STRUCT,
        CompletionKind::Interface => K::INTERFACE,
        CompletionKind::Enum => K::ENUM,
        CompletionKind::EnumCase => K::ENUM_MEMBER,
        CompletionKind::Namespace => K::MODULE,
        CompletionKind::TypeAlias | CompletionKind::BuiltinType => K::TYPE_PARAMETER,
        CompletionKind::Constant => K::CONSTANT,
        CompletionKind::Keyword => K::KEYWORD,
        CompletionKind::Attribute => K::PROPERTY,
    }
}

pub fn symbol_kind(k: SymbolKind) -> lsp::SymbolKind {
    use lsp::SymbolKind as K;
    match k {
        SymbolKind::Function => K::FUNCTION,
        SymbolKind::Method => K::METHOD,
        SymbolKind::Constructor => K::CONSTRUCTOR,
        SymbolKind::Struct => K::STRUCT,
        SymbolKind::Interface => K::INTERFACE,
        SymbolKind::Enum => K::ENUM,
        SymbolKind::EnumMember => K::ENUM_MEMBER,
        SymbolKind::TypeAlias => K::TYPE_PARAMETER,
        SymbolKind::Variable => K::VARIABLE,
        SymbolKind::Constant => K::CONSTANT,
        SymbolKind::Field => K::FIELD,
        SymbolKind::Property => K::PROPERTY,
        SymbolKind::Extension => K::NAMESPACE,
        SymbolKind::Operator => K::OPERATOR,
    }
}

#[allow(deprecated)] // `deprecated` is a required field of the struct
pub fn document_symbol(index: &LineIndex, s: ide::Symbol) -> lsp::DocumentSymbol {
    let range = index.range(s.full_range);
    let mut selection_range = index.range(s.focus_range);
    // The selection must lie inside the range.
    if selection_range.start < range.start || selection_range.end > range.end {
        selection_range = range;
    }
    lsp::DocumentSymbol {
        name: s.name,
        detail: s.detail,
        kind: symbol_kind(s.kind),
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children: Some(
            s.children
                .into_iter()
                .map(|c| document_symbol(index, c))
                .collect(),
        ),
    }
}

pub fn semantic_token_legend() -> lsp::SemanticTokensLegend {
    use lsp::SemanticTokenType as T;
    let types = HlTag::ALL
        .iter()
        .map(|t| match t {
            HlTag::Comment => T::COMMENT,
            HlTag::String => T::STRING,
            HlTag::Number => T::NUMBER,
            HlTag::Keyword => T::KEYWORD,
            HlTag::Type => T::TYPE,
            HlTag::Struct => T::STRUCT,
            HlTag::Interface => T::INTERFACE,
            HlTag::Enum => T::ENUM,
            HlTag::EnumMember => T::ENUM_MEMBER,
            HlTag::TypeParameter => T::TYPE_PARAMETER,
            HlTag::Function => T::FUNCTION,
            HlTag::Method => T::METHOD,
            HlTag::Parameter => T::PARAMETER,
            HlTag::Variable => T::VARIABLE,
            HlTag::Property => T::PROPERTY,
            HlTag::Macro => T::MACRO,
            HlTag::Decorator => T::new("decorator"),
        })
        .collect();
    let modifiers = HlMod::NAMES
        .iter()
        .map(|m| lsp::SemanticTokenModifier::new(m))
        .collect();
    lsp::SemanticTokensLegend {
        token_types: types,
        token_modifiers: modifiers,
    }
}

/// Delta-encodes tokens; tokens spanning lines (block comments) are split per line.
pub fn semantic_tokens(
    index: &LineIndex,
    tokens: Vec<ide::SemanticToken>,
) -> Vec<lsp::SemanticToken> {
    let rope = index.rope();
    let mut pieces: Vec<(u32, u32, u32, u32, u32)> = Vec::new(); // line, start, len, type, mods
    for t in tokens {
        let start = index.position(t.range.start);
        let end = index.position(t.range.end);
        for line in start.line..=end.line {
            let line_len_cu = {
                let slice = rope.line(line as usize);
                let mut chars = slice.len_chars();
                while chars > 0 && matches!(slice.char(chars - 1), '\n' | '\r') {
                    chars -= 1;
                }
                slice.slice(..chars).len_utf16_cu() as u32
            };
            let from = if line == start.line {
                start.character
            } else {
                0
            };
            let to = if line == end.line {
                end.character
            } else {
                line_len_cu
            };
            if to > from {
                pieces.push((line, from, to - from, t.tag.index(), t.mods));
            }
        }
    }
    pieces.sort();
    let mut out = Vec::with_capacity(pieces.len());
    let (mut prev_line, mut prev_start) = (0, 0);
    for (line, start, length, token_type, mods) in pieces {
        let delta_line = line - prev_line;
        let delta_start = if delta_line == 0 {
            start - prev_start
        } else {
            start
        };
        out.push(lsp::SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type,
            token_modifiers_bitset: mods,
        });
        prev_line = line;
        prev_start = start;
    }
    out
}

pub fn folding_range(index: &LineIndex, f: &ide::Fold) -> Option<lsp::FoldingRange> {
    let start = index.position(f.range.start);
    let end = index.position(f.range.end);
    (end.line > start.line).then_some(lsp::FoldingRange {
        start_line: start.line,
        start_character: None,
        end_line: end.line,
        end_character: None,
        kind: Some(match f.kind {
            FoldKind::Region => lsp::FoldingRangeKind::Region,
            FoldKind::Comment => lsp::FoldingRangeKind::Comment,
            FoldKind::Imports => lsp::FoldingRangeKind::Imports,
        }),
        collapsed_text: None,
    })
}

/// Byte offsets within an ASCII-or-not label to UTF-16 offsets (signature parameter labels).
pub fn utf16_offsets(label: &str, (start, end): (u32, u32)) -> [u32; 2] {
    let cu = |b: u32| {
        label
            .get(..b as usize)
            .map_or(0, |s| s.encode_utf16().count() as u32)
    };
    [cu(start), cu(end)]
}

pub fn text_edits(index: &LineIndex, edits: Vec<ide::TextEdit>) -> Vec<lsp::TextEdit> {
    edits
        .into_iter()
        .map(|e| lsp::TextEdit {
            range: index.range(e.range),
            new_text: e.insert,
        })
        .collect()
}
