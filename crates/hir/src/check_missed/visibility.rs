//! Visibility of members across modules (user guide, "modules and access control"; language
//! reference, struct types): a member with no access modifier is `internal`, except that an
//! interface's members take the interface's visibility and, from language version 2026 on, a
//! member of a struct or class takes the visibility of its enclosing type (the defining file's
//! version decides). A module (a file with `module m;`) shows only its `public` declarations to
//! other modules; a file without a module declaration shows everything (the legacy rule that
//! `scope::is_accessible` applies to top-level names too).

use base_db::{Db, FileKind, SourceFile};

use crate::data::{TypeDeclKind, Visibility};
use crate::ids::*;
use crate::lower;

/// The language version a file is written against (`#language slang 2026`): 2018 (legacy) when
/// it names none; `latest` is 2026 and `next`/`202c` a later one.
#[salsa::tracked]
pub(crate) fn language_version(db: &dyn Db, file: SourceFile) -> u32 {
    for line in file.text(db).lines() {
        let line = line.trim_start();
        let Some(rest) = line.strip_prefix('#') else {
            continue;
        };
        let rest = rest.trim_start();
        let Some(args) = rest
            .strip_prefix("language")
            .or_else(|| rest.strip_prefix("lang"))
            .filter(|a| a.starts_with(char::is_whitespace))
        else {
            continue;
        };
        let mut words = args.split_whitespace();
        let mut word = words.next().unwrap_or("");
        if word == "slang" {
            word = words.next().unwrap_or("");
        }
        return match word {
            "2025" | "202a" => 2025,
            "2026" | "202b" | "latest" => 2026,
            "202c" | "next" => 2027,
            _ => 2018,
        };
    }
    2018
}

/// The effective visibility of a member of `parent` declared with `explicit` (its modifier).
fn member_visibility(db: &dyn Db, parent: TypeDeclId, explicit: Option<Visibility>) -> Visibility {
    if let Some(v) = explicit {
        return v;
    }
    let data = lower::type_decl_data(db, parent);
    let inherits = match data.kind {
        TypeDeclKind::Interface | TypeDeclKind::Enum => true,
        TypeDeclKind::Struct => *language_version(db, parent.loc(db).file) >= 2026,
    };
    if inherits {
        type_visibility(db, parent)
    } else {
        Visibility::Internal
    }
}

/// The effective visibility of a type declaration (nested ones through their parents).
fn type_visibility(db: &dyn Db, decl: TypeDeclId) -> Visibility {
    let explicit = lower::type_decl_data(db, decl).modifiers.visibility;
    match parent_type(db, decl.loc(db)) {
        Some(parent) => member_visibility(db, parent, explicit),
        None => explicit.unwrap_or(Visibility::Internal),
    }
}

/// The struct, class, interface or enum an item is declared in.
fn parent_type(db: &dyn Db, loc: &ItemLoc) -> Option<TypeDeclId> {
    let parent = loc.parent()?;
    matches!(
        parent.kind(),
        Some(ItemKind::Struct | ItemKind::Interface | ItemKind::Enum)
    )
    .then(|| TypeDeclId::new(db, parent))
}

/// Whether `from` sees the non-`public` declarations of `owner`: the same file, a core module
/// file, a legacy file (no `module` declaration), or another file of the same module.
fn sees_internals(db: &dyn Db, owner: SourceFile, from: SourceFile) -> bool {
    if owner == from || owner.kind(db) == FileKind::Stdlib {
        return true;
    }
    let tree = lower::item_tree(db, owner);
    if tree.module_name.is_none() {
        return true;
    }
    let from_tree = lower::item_tree(db, from);
    if from_tree.implementing.is_some() && from_tree.implementing == tree.module_name {
        return true;
    }
    from_tree.module_name.is_none()
        && from_tree.implementing.is_some()
        && crate::scope::visible_files(db, owner).contains(&from)
}

/// Whether a member of `parent` declared with `explicit` may be used from `from`. `private`
/// members are left to the checks of private access (E2026), which also cover one module.
pub(crate) fn member_accessible(
    db: &dyn Db,
    parent: TypeDeclId,
    explicit: Option<Visibility>,
    from: SourceFile,
) -> bool {
    if explicit == Some(Visibility::Private) {
        return true;
    }
    sees_internals(db, parent.loc(db).file, from)
        || member_visibility(db, parent, explicit) == Visibility::Public
}

/// Whether a nested item (a type, typealias, method or property declared in a struct, class,
/// interface or enum) may be used from `from`; top-level items are `scope::is_accessible`'s.
pub(crate) fn nested_item_accessible(db: &dyn Db, def: ItemDef, from: SourceFile) -> bool {
    let loc = lower::item_def_loc(db, def);
    let Some(parent) = parent_type(db, &loc) else {
        return true;
    };
    if sees_internals(db, loc.file, from) {
        return true;
    }
    let explicit = match def {
        // A private method is E2026's (private access).
        ItemDef::Function(f) => match lower::fn_data(db, f).modifiers.visibility {
            Some(Visibility::Private) => return true,
            v => v,
        },
        ItemDef::TypeDecl(t) => lower::type_decl_data(db, t).modifiers.visibility,
        ItemDef::Global(g) => lower::global_data(db, g).modifiers.visibility,
        _ => return true,
    };
    member_visibility(db, parent, explicit) == Visibility::Public
}
