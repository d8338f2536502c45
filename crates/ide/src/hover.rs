//! Hover: what a name is and its type, as markdown.

use hir::{Db, ItemDef, SourceFile, TextRange, Ty};

use crate::util::{self, Def};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoverResult {
    /// The range the hover is about (the name or expression under the cursor).
    pub range: TextRange,
    pub markdown: String,
}

fn code(text: &str) -> String {
    format!("```slang\n{text}\n```")
}

/// Attributes that matter to a reader of a signature (differentiability, derivatives).
fn attrs_text(attrs: &[hir::export::Attr]) -> String {
    attrs
        .iter()
        .filter(|a| !a.name.starts_with("__"))
        .map(|a| {
            if a.args.is_empty() {
                format!("[{}]\n", a.name)
            } else {
                let args: Vec<String> = a
                    .args
                    .iter()
                    .map(|arg| match arg {
                        hir::export::AttrArg::Int(i) => i.to_string(),
                        hir::export::AttrArg::Float(s) | hir::export::AttrArg::Other(s) => {
                            s.clone()
                        }
                        hir::export::AttrArg::String(s) => format!("\"{s}\""),
                        hir::export::AttrArg::Path(p) => p
                            .segments
                            .iter()
                            .map(|s| s.name.as_str())
                            .collect::<Vec<_>>()
                            .join("::"),
                    })
                    .collect();
                format!("[{}({})]\n", a.name, args.join(", "))
            }
        })
        .collect()
}

pub(crate) fn type_decl_text(db: &dyn Db, file: SourceFile, t: hir::TypeDeclId) -> String {
    let data = hir::type_decl_data(db, t);
    let keyword = match data.kind {
        hir::TypeDeclKind::Struct => "struct",
        hir::TypeDeclKind::Interface => "interface",
        hir::TypeDeclKind::Enum => "enum",
    };
    let generics = if data.generics.is_empty() {
        String::new()
    } else {
        format!(
            "<{}>",
            data.generics
                .iter()
                .map(|g| g.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let mut text = format!(
        "{}{keyword} {}{generics}",
        attrs_text(&data.attrs),
        data.name
    );
    let fields: Vec<String> = hir::members_of(db, file, &Ty::Adt(t, Default::default()))
        .into_iter()
        .filter(|m| m.kind == hir::MemberKind::Field)
        .map(|m| format!("    {} {};", m.detail, m.name))
        .collect();
    if !fields.is_empty() {
        text.push_str(&format!("\n{{\n{}\n}}", fields.join("\n")));
    }
    if data.kind == hir::TypeDeclKind::Enum {
        let cases: Vec<&str> = data.variants.iter().map(|v| v.name.as_str()).collect();
        text.push_str(&format!(" {{ {} }}", cases.join(", ")));
    }
    // A differentiable struct also shows its `Differential`: what `fwd_diff`/`bwd_diff` carry.
    if hir::struct_differential(db, t).kind != hir::DifferentialKind::NotDifferentiable {
        text.push_str(
            "

",
        );
        text.push_str(&hir::differential_type_text(
            db,
            &Ty::Adt(t, Default::default()),
        ));
    }
    text
}

fn fn_text(db: &dyn Db, f: hir::FunctionId) -> String {
    let data = hir::fn_data(db, f);
    format!(
        "{}{}",
        attrs_text(&data.attrs),
        hir::fn_signature_text(db, f)
    )
}

/// `fwd_diff(f)` / `bwd_diff(f)`: the derivative's signature, from the keyword.
fn derivative_hover(db: &dyn Db, file: SourceFile, offset: u32) -> Option<HoverResult> {
    let text = file.text(db);
    let (word, range) = util::ident_at(text, offset)?;
    let kind = match word.as_str() {
        "fwd_diff" | "__fwd_diff" => hir::DiffKind::Forward,
        "bwd_diff" | "__bwd_diff" => hir::DiffKind::Backward,
        _ => return None,
    };
    let rest = &text[range.end as usize..];
    let arg_start = range.end as usize + rest.find('(')? + 1;
    let arg_offset = arg_start + text[arg_start..].len() - text[arg_start..].trim_start().len();
    let target = util::occurrence_at(db, file, arg_offset as u32)?;
    let Def::Item(ItemDef::Function(f)) = target.def else {
        return None;
    };
    let signature = hir::derivative_signature_text(db, f, kind)?;
    Some(HoverResult {
        range,
        markdown: code(&signature),
    })
}

/// A type for display, or `None` when the checker does not know it.
fn known(ty: String) -> Option<String> {
    (!ty.is_empty() && !ty.contains("{unknown}")).then_some(ty)
}

/// The type of the expression at a use of a member (generic arguments substituted).
fn use_type(db: &dyn Db, file: SourceFile, offset: u32, is_decl: bool) -> Option<String> {
    if is_decl {
        return None;
    }
    hir::type_at(db, file, offset).and_then(known)
}

pub(crate) fn hover(db: &dyn Db, file: SourceFile, offset: u32) -> Option<HoverResult> {
    let text = file.text(db);
    if let Some(h) = derivative_hover(db, file, offset) {
        return Some(h);
    }
    let Some(occurrence) = util::occurrence_at(db, file, offset) else {
        // Not a resolved name (a literal, a builtin type, `this`): show the type of the
        // expression there, if any.
        let range = util::word_at(text, offset)?;
        let ty =
            hir::type_at(db, file, offset).filter(|t| !t.is_empty() && !t.contains("unknown"))?;
        return Some(HoverResult {
            range,
            markdown: code(&ty),
        });
    };
    let ident = occurrence.range;
    let markdown = match occurrence.def {
        Def::Item(ItemDef::Function(f)) => code(&fn_text(db, f)),
        Def::Item(ItemDef::TypeDecl(t)) => code(&type_decl_text(db, file, t)),
        Def::Item(ItemDef::Alias(a)) => {
            let target = hir::type_at(db, file, offset);
            let name = util::item_name(db, ItemDef::Alias(a));
            code(&match target {
                Some(t) => format!("typealias {name} = {t}"),
                None => format!("typealias {name}"),
            })
        }
        Def::Item(ItemDef::Global(g)) => {
            let name = util::item_name(db, ItemDef::Global(g));
            match known(hir::display_ty(db, &hir::export::global_ty(db, g))) {
                Some(ty) => code(&format!("{ty} {name}")),
                None => code(&name),
            }
        }
        Def::Item(ItemDef::Property(p)) => {
            // At a use, the expression's type has the receiver's generic arguments substituted.
            let ty = use_type(db, file, offset, occurrence.is_decl)
                .unwrap_or_else(|| hir::display_ty(db, &hir::export::property_ty(db, p)));
            code(&format!(
                "property {ty} {}",
                util::item_name(db, ItemDef::Property(p))
            ))
        }
        Def::Item(other) => code(&util::item_name(db, other)),
        Def::Local(f, l) => {
            let name = util::def_name(db, occurrence.def);
            let decl = match known(hir::display_ty(db, &hir::infer_function(db, f).local_ty(l))) {
                Some(ty) => format!("{ty} {name}"),
                None => name,
            };
            format!("{}\n\nlocal variable", code(&decl))
        }
        Def::Param(f, i) => {
            let sig = hir::fn_sig(db, f);
            let p = sig.params.get(i as usize)?;
            let dir = match p.dir {
                hir::ParamDir::In => "",
                hir::ParamDir::Out => "out ",
                hir::ParamDir::InOut => "inout ",
                hir::ParamDir::Ref => "ref ",
            };
            let no_diff = if p.no_diff { "no_diff " } else { "" };
            let owner = util::item_name(db, ItemDef::Function(f));
            format!(
                "{}\n\nparameter of `{owner}`",
                code(&format!(
                    "{dir}{no_diff}{} {}",
                    hir::display_ty(db, &p.ty),
                    p.name
                ))
            )
        }
        Def::Field(t, i) => {
            let data = hir::type_decl_data(db, t);
            let field = data.fields.get(i as usize)?;
            let tys = hir::export::field_types(db, t);
            let ty = use_type(db, file, offset, occurrence.is_decl).unwrap_or_else(|| {
                tys.get(i as usize)
                    .map(|t| hir::display_ty(db, t))
                    .unwrap_or_default()
            });
            let no_diff = if field.modifiers.no_diff {
                "no_diff "
            } else {
                ""
            };
            format!(
                "{}\n\nfield of `{}`",
                code(&format!("{no_diff}{ty} {}", field.name)),
                data.name
            )
        }
        Def::Variant(t, i) => {
            let data = hir::type_decl_data(db, t);
            code(&format!(
                "{}.{}",
                data.name,
                data.variants.get(i as usize)?.name
            ))
        }
    };
    Some(HoverResult {
        range: ident,
        markdown,
    })
}
