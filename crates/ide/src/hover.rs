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

/// A type declaration shown for `ty` (the declaration itself, or one use of a generic type with
/// its arguments: `DifferentialPair<Ray>` lists `p` and `d` with `Ray`'s types).
fn type_text(db: &dyn Db, file: SourceFile, t: hir::TypeDeclId, ty: &Ty) -> String {
    let data = hir::type_decl_data(db, t);
    let applied = matches!(ty, Ty::Adt(_, args) if !args.is_empty());
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
    let header = if applied {
        hir::display_ty(db, ty)
    } else {
        format!("{}{generics}", data.name)
    };
    let mut text = format!("{}{keyword} {header}", attrs_text(&data.attrs));
    // Fields, and the properties of a generic type used with its arguments (a pair's `p`, `d`).
    let fields: Vec<String> = hir::members_of(db, file, ty)
        .into_iter()
        .filter_map(|m| match m.kind {
            hir::MemberKind::Field => Some(format!("    {} {};", m.detail, m.name)),
            hir::MemberKind::Property if applied => {
                Some(format!("    property {} {};", m.detail, m.name))
            }
            _ => None,
        })
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
    // Nested derivatives: `fwd_diff(bwd_diff(f))` collects the kinds outermost first.
    let mut kinds = vec![kind];
    let mut after = range.end as usize;
    let f = loop {
        let rest = text.get(after..)?;
        let arg_start = after + rest.find('(')? + 1;
        let arg = text[arg_start..].trim_start();
        let arg_offset = arg_start + text[arg_start..].len() - arg.len();
        match util::ident_at(text, arg_offset as u32) {
            Some((inner, inner_range)) if inner_range.start as usize == arg_offset => {
                match inner.as_str() {
                    "fwd_diff" | "__fwd_diff" => kinds.push(hir::DiffKind::Forward),
                    "bwd_diff" | "__bwd_diff" => kinds.push(hir::DiffKind::Backward),
                    _ => {
                        let target = util::occurrence_at(db, file, arg_offset as u32)?;
                        let Def::Item(ItemDef::Function(f)) = target.def else {
                            return None;
                        };
                        break f;
                    }
                }
                after = inner_range.end as usize;
            }
            _ => return None,
        }
    };
    if kinds.len() > 1 {
        kinds.reverse();
        return nested_derivative_hover(db, f, &kinds, range);
    }
    let signature = hir::derivative_signature_text(db, f, kind)?;
    let mut markdown = code(&signature);
    let mut lines = derivative_param_lines(db, f, kind);
    if kind == hir::DiffKind::Backward
        && let Some(bytes) = context_size(db, f)
    {
        lines.push(format!(
            "- context: {bytes} bytes per thread (the primal values `bwd_diff` keeps for the backward pass)"
        ));
    }
    if !lines.is_empty() {
        markdown.push_str("\n\n");
        markdown.push_str(&lines.join("\n"));
    }
    Some(HoverResult { range, markdown })
}

/// `fwd_diff(fwd_diff(f))`, `bwd_diff(fwd_diff(f))`: the whole nested signature (`kinds`
/// innermost first) and one line per parameter.
fn nested_derivative_hover(
    db: &dyn Db,
    f: hir::FunctionId,
    kinds: &[hir::DiffKind],
    range: hir::TextRange,
) -> Option<HoverResult> {
    let signature = hir::nested_derivative_signature_text(db, f, kinds)?;
    let sig = hir::nested_derivative_sig(db, f, kinds)?;
    let mut markdown = code(&signature);
    let lines: Vec<String> = sig
        .params
        .iter()
        .map(|p| format!("- `{}`", param_text(db, p)))
        .chain(std::iter::once(format!(
            "- returns `{}`",
            hir::display_ty(db, &sig.ret)
        )))
        .collect();
    markdown.push_str("\n\n");
    markdown.push_str(&lines.join("\n"));
    Some(HoverResult { range, markdown })
}

fn param_text(db: &dyn Db, p: &hir::ParamSig) -> String {
    let dir = match p.dir {
        hir::ParamDir::In => "",
        hir::ParamDir::Out => "out ",
        hir::ParamDir::InOut => "inout ",
        hir::ParamDir::Ref => "ref ",
    };
    let no_diff = if p.no_diff { "no_diff " } else { "" };
    format!("{dir}{no_diff}{} {}", hir::display_ty(db, &p.ty), p.name)
}

/// One markdown line per parameter of `fwd_diff(f)` / `bwd_diff(f)`: what became of the primal
/// parameter, and why.
fn derivative_param_lines(db: &dyn Db, f: hir::FunctionId, kind: hir::DiffKind) -> Vec<String> {
    let Some(sig) = hir::derivative_sig(db, f, kind) else {
        return Vec::new();
    };
    let primal = hir::fn_sig(db, f);
    let name = &hir::fn_data(db, f).name;
    let is_pair = |p: &hir::ParamSig| hir::display_ty(db, &p.ty).starts_with("DifferentialPair<");
    let mut out = Vec::new();
    for p in &sig.params {
        let shown = param_text(db, p);
        let Some(orig) = primal.params.iter().find(|o| o.name == p.name) else {
            let why = if p.name == "dResult" {
                format!("the derivative of `{name}`'s result, propagated back")
            } else if p.name == "this" {
                "the object the method is called on".to_string()
            } else {
                "added by the transformation".to_string()
            };
            out.push(format!("- `{shown}` — {why}"));
            continue;
        };
        let primal_text = param_text(db, orig);
        let why = match (kind, is_pair(p), orig.dir) {
            (hir::DiffKind::Forward, true, hir::ParamDir::In) => "primal and derivative in",
            (hir::DiffKind::Forward, true, hir::ParamDir::Out) => "primal and derivative out",
            (hir::DiffKind::Forward, true, _) => "primal and derivative in and out",
            (hir::DiffKind::Backward, true, hir::ParamDir::In) => {
                "primal and derivative in, derivative out"
            }
            (hir::DiffKind::Backward, true, _) => {
                "primal in, the derivative of its final value in, of its initial value out"
            }
            (hir::DiffKind::Backward, false, hir::ParamDir::Out) if !orig.no_diff => {
                "the derivative of the output comes in"
            }
            _ => "",
        };
        let line = if why.is_empty() {
            let reason = if orig.no_diff {
                "`no_diff`".to_string()
            } else {
                format!(
                    "`{}` does not conform to IDifferentiable",
                    hir::display_ty(db, &orig.ty)
                )
            };
            format!("- `{shown}` — not differentiable ({reason}): passed as is")
        } else {
            format!("- `{shown}` — `{primal_text}` is differentiable: {why}")
        };
        out.push(line);
    }
    for orig in &primal.params {
        if !sig.params.iter().any(|p| p.name == orig.name) {
            out.push(format!(
                "- `{}` — dropped: a non-differentiable output",
                param_text(db, orig)
            ));
        }
    }
    let ret = hir::display_ty(db, &sig.ret);
    out.push(match kind {
        hir::DiffKind::Forward if ret.starts_with("DifferentialPair<") => {
            format!("- returns `{ret}`: the result and its derivative")
        }
        hir::DiffKind::Forward => format!("- returns `{ret}`: the result has no derivative"),
        hir::DiffKind::Backward => {
            "- returns nothing: the derivatives come back through the `inout` pairs".to_string()
        }
    });
    out
}

/// `S.Differential` / `T.Differential` / `float3.Differential`: the type it names, rendered.
fn differential_member_hover(db: &dyn Db, file: SourceFile, offset: u32) -> Option<HoverResult> {
    let text = file.text(db);
    let (word, range) = util::ident_at(text, offset)?;
    if word != "Differential" {
        return None;
    }
    let before = text[..range.start as usize].trim_end();
    let before = before.strip_suffix('.')?.trim_end();
    let base_start = before
        .bytes()
        .rposition(|b| !util::is_ident_byte(b))
        .map_or(0, |i| i + 1);
    let base = &before[base_start..];
    if base.is_empty() {
        return None;
    }
    let types = util::visible_types(db, file);
    let markdown = match types.get(base) {
        Some(ItemDef::TypeDecl(t)) => code(&hir::differential_type_text(
            db,
            &Ty::Assoc(
                std::sync::Arc::new(Ty::Adt(*t, Default::default())),
                "Differential".into(),
            ),
        )),
        _ if is_builtin_float_type(base) => code(&format!("typealias Differential = {base};")),
        _ => format!(
            "{}\n\nthe `Differential` of `{base}`, from its IDifferentiable conformance",
            code(&format!("{base}.Differential"))
        ),
    };
    Some(HoverResult { range, markdown })
}

/// `float`, `half3`, `double2x2`: builtin types that are their own differential.
fn is_builtin_float_type(name: &str) -> bool {
    let rest = ["float", "half", "double"]
        .iter()
        .find_map(|p| name.strip_prefix(p));
    match rest {
        Some("") => true,
        Some(dims) => {
            let bytes = dims.as_bytes();
            matches!(bytes, [b'1'..=b'4'] | [b'1'..=b'4', b'x', b'1'..=b'4'])
        }
        None => false,
    }
}

/// The custom derivatives and substitutes of `f`: those its own attributes name
/// (`[BackwardDerivative(g)]`) and the functions that declare themselves for it
/// (`[BackwardDerivativeOf(f)]`), as markdown lines with links to their declarations.
fn derivative_links(db: &dyn Db, file: SourceFile, f: hir::FunctionId) -> Vec<String> {
    const OWN: [(&str, &str); 3] = [
        ("ForwardDerivative", "forward derivative"),
        ("BackwardDerivative", "backward derivative"),
        ("PrimalSubstitute", "primal substitute"),
    ];
    let data = hir::fn_data(db, f);
    let files = util::visible_files(db, file);
    let functions: Vec<hir::FunctionId> = files
        .iter()
        .flat_map(|file| hir::file_items(db, *file))
        .filter_map(|d| match d {
            ItemDef::Function(g) => Some(g),
            _ => None,
        })
        .collect();
    let attr_target = |a: &hir::export::Attr| match a.args.first() {
        Some(hir::export::AttrArg::Path(p)) => p.segments.last().map(|s| s.name.to_string()),
        _ => None,
    };
    let mut out = Vec::new();
    for attr in &data.attrs {
        let Some((_, what)) = OWN.iter().find(|(name, _)| attr.name == *name) else {
            continue;
        };
        let Some(target) = attr_target(attr) else {
            continue;
        };
        let found = functions
            .iter()
            .copied()
            .find(|g| hir::fn_data(db, *g).name == target);
        out.push(format!("{what}: {}", link(db, &target, found)));
    }
    for g in &functions {
        if *g == f {
            continue;
        }
        for attr in &hir::fn_data(db, *g).attrs {
            let Some((_, what)) = OWN
                .iter()
                .find(|(name, _)| attr.name.strip_suffix("Of") == Some(*name))
            else {
                continue;
            };
            if attr_target(attr).as_deref() == Some(data.name.as_str()) {
                let name = hir::fn_data(db, *g).name.to_string();
                let line = format!("{what}: {}", link(db, &name, Some(*g)));
                // Overloads of one derivative (scalar, vectors) are one line.
                if !out.contains(&line) {
                    out.push(line);
                }
            }
        }
    }
    out
}

/// `` [`name`](file:///path#L12) `` for a function declared in a file on disk; the name alone
/// otherwise (the stdlib, unsaved buffers).
fn link(db: &dyn Db, name: &str, target: Option<hir::FunctionId>) -> String {
    let Some(g) = target else {
        return format!("`{name}`");
    };
    let (file, _, name_range) = hir::item_ranges(db, ItemDef::Function(g));
    let path = file.path(db);
    if !path.starts_with('/') {
        return format!("`{name}`");
    }
    let line = file.text(db)[..(name_range.start as usize).min(file.text(db).len())]
        .matches('\n')
        .count()
        + 1;
    format!("[`{name}`](file://{path}#L{line})")
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
    if let Some(h) = differential_member_hover(db, file, offset) {
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
        Def::Item(ItemDef::Function(f)) => {
            let mut markdown = code(&fn_text(db, f));
            let links = derivative_links(db, file, f);
            if !links.is_empty() {
                markdown.push_str("\n\n");
                markdown.push_str(&links.join("  \n"));
            }
            markdown
        }
        Def::Item(ItemDef::TypeDecl(t)) => {
            // A use with generic arguments (`DifferentialPair<Ray> p`) shows them filled in.
            let ty = hir::declared_type_at(db, file, offset)
                .filter(|ty| matches!(ty, Ty::Adt(d, args) if *d == t && !args.is_empty()))
                .unwrap_or_else(|| Ty::Adt(t, Default::default()));
            code(&type_text(db, file, t, &ty))
        }
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
    let markdown = match crate::docs::doc_of(db, occurrence.def) {
        Some(doc) => format!("{markdown}\n\n---\n\n{doc}"),
        None => markdown,
    };
    Some(HoverResult {
        range: ident,
        markdown,
    })
}

/// Bytes per thread of `bwd_diff(f)`'s intermediate context (free, non-generic functions of
/// files without errors).
pub(crate) fn context_size(db: &dyn Db, f: hir::FunctionId) -> Option<u32> {
    let data = hir::fn_data(db, f);
    if data.in_type {
        return None;
    }
    lower::context_size_of(db, f.loc(db).file, &data.name)
}
