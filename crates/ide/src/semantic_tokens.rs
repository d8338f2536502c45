//! Semantic tokens for a whole file: lexical classes from the syntax tree, and names classified by
//! what they resolve to.

use hir::{Db, ItemDef, SourceFile, TextRange};
use rustc_hash::FxHashMap;
use syntax::{NodeOrToken, SyntaxKind, SyntaxNode};

use crate::util::{self, Def};

/// Token classes. The server's legend lists them in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HlTag {
    Comment,
    String,
    Number,
    Keyword,
    Type,
    Struct,
    Interface,
    Enum,
    EnumMember,
    TypeParameter,
    Function,
    Method,
    Parameter,
    Variable,
    Property,
    Macro,
    Decorator,
}

impl HlTag {
    pub const ALL: [HlTag; 17] = [
        HlTag::Comment,
        HlTag::String,
        HlTag::Number,
        HlTag::Keyword,
        HlTag::Type,
        HlTag::Struct,
        HlTag::Interface,
        HlTag::Enum,
        HlTag::EnumMember,
        HlTag::TypeParameter,
        HlTag::Function,
        HlTag::Method,
        HlTag::Parameter,
        HlTag::Variable,
        HlTag::Property,
        HlTag::Macro,
        HlTag::Decorator,
    ];

    pub fn index(self) -> u32 {
        HlTag::ALL.iter().position(|t| *t == self).unwrap_or(0) as u32
    }
}

/// Modifier bits; the server's legend lists them in bit order.
pub struct HlMod;

impl HlMod {
    pub const DECLARATION: u32 = 1;
    pub const READONLY: u32 = 2;
    pub const DEFAULT_LIBRARY: u32 = 4;
    pub const NAMES: [&'static str; 3] = ["declaration", "readonly", "defaultLibrary"];
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SemanticToken {
    /// On the original text; may span lines (block comments).
    pub range: TextRange,
    pub tag: HlTag,
    pub mods: u32,
}

/// Names of the types built into the checker (no declaration to resolve to).
pub(crate) fn is_builtin_type_name(name: &str) -> bool {
    const SCALARS: [&str; 14] = [
        "float",
        "half",
        "double",
        "int",
        "uint",
        "bool",
        "int64_t",
        "uint64_t",
        "int8_t",
        "uint8_t",
        "int16_t",
        "uint16_t",
        "float16_t",
        "float32_t",
    ];
    if matches!(name, "void" | "vector" | "matrix" | "Array") {
        return true;
    }
    SCALARS.iter().any(|s| {
        name.strip_prefix(s).is_some_and(|rest| {
            let b = rest.as_bytes();
            match b {
                [] => true,
                [n] => (b'1'..=b'4').contains(n),
                [r, b'x', c] => (b'1'..=b'4').contains(r) && (b'1'..=b'4').contains(c),
                _ => false,
            }
        })
    })
}

fn def_tag(db: &dyn Db, def: Def) -> (HlTag, u32) {
    match def {
        Def::Item(ItemDef::Function(f)) => {
            let data = hir::fn_data(db, f);
            (
                if data.in_type {
                    HlTag::Method
                } else {
                    HlTag::Function
                },
                0,
            )
        }
        Def::Item(ItemDef::TypeDecl(t)) => match hir::type_decl_data(db, t).kind {
            hir::TypeDeclKind::Struct => (HlTag::Struct, 0),
            hir::TypeDeclKind::Interface => (HlTag::Interface, 0),
            hir::TypeDeclKind::Enum => (HlTag::Enum, 0),
        },
        Def::Item(ItemDef::Alias(_)) => (HlTag::Type, 0),
        Def::Item(ItemDef::Global(g)) => {
            let data = hir::export::global_data(db, g);
            let readonly = if data.modifiers.is_const || data.is_let {
                HlMod::READONLY
            } else {
                0
            };
            (
                if data.in_type {
                    HlTag::Property
                } else {
                    HlTag::Variable
                },
                readonly,
            )
        }
        Def::Item(ItemDef::Property(_)) | Def::Field(..) => (HlTag::Property, 0),
        Def::Item(ItemDef::Extension(_) | ItemDef::Subscript(_)) => (HlTag::Type, 0),
        Def::Local(f, l) => {
            let body = hir::fn_body(db, f);
            let mutable = body
                .locals
                .iter()
                .find(|(id, _)| *id == l)
                .is_some_and(|(_, d)| d.mutable);
            (HlTag::Variable, if mutable { 0 } else { HlMod::READONLY })
        }
        Def::Param(..) => (HlTag::Parameter, 0),
        Def::Variant(..) => (HlTag::EnumMember, HlMod::READONLY),
    }
}

fn is_stdlib_def(db: &dyn Db, def: Def) -> bool {
    util::def_site(db, def).is_some_and(|(f, _)| f.kind(db) == hir::FileKind::Stdlib)
}

pub(crate) fn semantic_tokens(db: &dyn Db, file: SourceFile) -> Vec<SemanticToken> {
    let pp = hir::preprocessed(db, file);
    let text = file.text(db);
    let names: FxHashMap<TextRange, util::Occurrence> = util::occurrences(db, file)
        .into_iter()
        .map(|o| (o.range, o))
        .collect();
    let root = SyntaxNode::new_root(hir::parse(db, file).green);
    let mut out = Vec::new();
    for el in root.descendants_with_tokens() {
        let NodeOrToken::Token(token) = el else {
            continue;
        };
        let kind = token.kind();
        let r = token.text_range();
        let range = pp
            .map
            .range_to_original(TextRange::new(r.start().into(), r.end().into()));
        // Tokens produced by macro expansion or includes have no place in the original text.
        if text.get(range.start as usize..range.end as usize) != Some(token.text()) {
            continue;
        }
        let in_node = |k: SyntaxKind| token.parent_ancestors().any(|n| n.kind() == k);
        let in_directive = token.parent_ancestors().any(|n| n.kind().is_pp_directive());
        let (tag, mods) = match kind {
            SyntaxKind::COMMENT => (HlTag::Comment, 0),
            SyntaxKind::STRING | SyntaxKind::CHAR => (HlTag::String, 0),
            SyntaxKind::INT_NUMBER | SyntaxKind::FLOAT_NUMBER => (HlTag::Number, 0),
            _ if in_directive && kind != SyntaxKind::WHITESPACE => (HlTag::Macro, 0),
            k if k.is_keyword() || k.is_contextual_keyword() => (HlTag::Keyword, 0),
            SyntaxKind::IDENT => {
                if let Some(o) = names.get(&range) {
                    let (tag, mut mods) = def_tag(db, o.def);
                    if o.is_decl {
                        mods |= HlMod::DECLARATION;
                    }
                    if is_stdlib_def(db, o.def) {
                        mods |= HlMod::DEFAULT_LIBRARY;
                    }
                    (tag, mods)
                } else if in_node(SyntaxKind::ATTRIBUTE)
                    && token
                        .prev_token()
                        .is_some_and(|t| t.kind() == SyntaxKind::L_BRACK)
                {
                    (HlTag::Decorator, 0)
                } else if is_builtin_type_name(token.text()) {
                    (HlTag::Type, HlMod::DEFAULT_LIBRARY)
                } else if in_node(SyntaxKind::TYPE_PARAM) || in_node(SyntaxKind::PATH_TYPE) {
                    (HlTag::Type, 0)
                } else {
                    continue;
                }
            }
            _ => continue,
        };
        out.push(SemanticToken { range, tag, mods });
    }
    macro_tokens(text, &pp, &mut out);
    out.sort_by_key(|t| (t.range.start, t.range.end));
    out.dedup_by(|a, b| a.range.start < b.range.end);
    out
}

/// Preprocessor directives and macro names, found in the original text (the parsed text has
/// directives removed and macros expanded).
fn macro_tokens(text: &str, pp: &hir::preprocess::Preprocessed, out: &mut Vec<SemanticToken>) {
    let names: rustc_hash::FxHashSet<&str> = pp.macros.iter().map(|m| m.name.as_str()).collect();
    let declared: rustc_hash::FxHashSet<u32> = pp
        .macros
        .iter()
        .filter_map(|m| m.name_range.map(|r| r.start))
        .collect();
    let mut line_start = 0usize;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(rest) = trimmed.strip_prefix('#') {
            let word_len = rest
                .trim_start()
                .bytes()
                .take_while(|b| b.is_ascii_alphabetic())
                .count();
            let end = line_start + indent + 1 + (rest.len() - rest.trim_start().len()) + word_len;
            out.push(SemanticToken {
                range: TextRange::new((line_start + indent) as u32, end as u32),
                tag: HlTag::Macro,
                mods: 0,
            });
        }
        line_start += line.len();
    }
    if names.is_empty() {
        return;
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if util::is_ident_byte(bytes[i]) && (i == 0 || !util::is_ident_byte(bytes[i - 1])) {
            let mut end = i;
            while end < bytes.len() && util::is_ident_byte(bytes[end]) {
                end += 1;
            }
            if names.contains(&text[i..end]) {
                let mods = if declared.contains(&(i as u32)) {
                    HlMod::DECLARATION
                } else {
                    0
                };
                out.push(SemanticToken {
                    range: TextRange::new(i as u32, end as u32),
                    tag: HlTag::Macro,
                    mods,
                });
            }
            i = end;
        } else {
            i += 1;
        }
    }
}
