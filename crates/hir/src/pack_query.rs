//! Pack queries (`__first(P)`, `__last(P)`, `__trimFirst(P)`, `__trimLast(P)`) and the type-level
//! branch `__packBranch(P, Empty, NonEmpty)`: projections on a pack (a type pack, a bound pack
//! or a tuple) that stay symbolic ([`Ty::PackQuery`]) while the pack is generic and resolve
//! once it is known, on substitution.

use std::sync::Arc;

use crate::ty::Ty;

/// Which pack query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PackOp {
    First,
    Last,
    TrimFirst,
    TrimLast,
    /// `__packBranch(P, Empty, NonEmpty)`: three operands.
    Branch,
}

impl PackOp {
    pub fn from_name(name: &str) -> Option<PackOp> {
        Some(match name {
            "__first" => PackOp::First,
            "__last" => PackOp::Last,
            "__trimFirst" => PackOp::TrimFirst,
            "__trimLast" => PackOp::TrimLast,
            "__packBranch" => PackOp::Branch,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            PackOp::First => "__first",
            PackOp::Last => "__last",
            PackOp::TrimFirst => "__trimFirst",
            PackOp::TrimLast => "__trimLast",
            PackOp::Branch => "__packBranch",
        }
    }

    /// The number of operands the query takes.
    pub fn arity(self) -> usize {
        match self {
            PackOp::Branch => 3,
            _ => 1,
        }
    }

    /// E2024's message for `given` operands where the query takes another number.
    pub fn arity_message(self, given: usize) -> String {
        format!(
            "`{}` takes {} operand(s) but {given} were given",
            self.name(),
            self.arity()
        )
    }

    /// Whether the result is a pack (of the source's kind) rather than one element or type.
    pub fn yields_pack(self) -> bool {
        matches!(self, PackOp::TrimFirst | PackOp::TrimLast)
    }
}

/// The items of a known pack source (a bound pack or a tuple with no `expand` of a pack that is
/// still generic), and whether it is a tuple.
fn known_items(source: &Ty) -> Option<(&[Ty], bool)> {
    let (items, tuple) = match source {
        Ty::Pack(items) => (items, false),
        Ty::Tuple(items) => (items, true),
        _ => return None,
    };
    if items
        .iter()
        .any(|t| matches!(t, Ty::Expand(..) | Ty::PackQuery(..)))
    {
        return None;
    }
    Some((items, tuple))
}

/// `op` applied to `args`: resolved when the pack is known, else the symbolic query. A partial
/// query of an empty pack (`__first` of no types) is `Unknown` (an error reported where it is
/// written, when it is).
pub fn apply(op: PackOp, args: Vec<Ty>) -> Ty {
    if args.len() != op.arity() {
        return Ty::Unknown;
    }
    let Some((items, tuple)) = known_items(&args[0]) else {
        return Ty::PackQuery(op, args.into());
    };
    let rebuild = |rest: &[Ty]| {
        if tuple {
            Ty::Tuple(rest.into())
        } else {
            Ty::Pack(rest.into())
        }
    };
    match op {
        PackOp::First => items.first().cloned().unwrap_or(Ty::Unknown),
        PackOp::Last => items.last().cloned().unwrap_or(Ty::Unknown),
        PackOp::TrimFirst => rebuild(items.get(1..).unwrap_or(&[])),
        PackOp::TrimLast => rebuild(&items[..items.len().saturating_sub(1)]),
        PackOp::Branch => {
            if items.is_empty() {
                args[1].clone()
            } else {
                args[2].clone()
            }
        }
    }
}

/// Rebuilds a query after its operands changed (substitution), resolving it when it can.
pub fn reapply(op: PackOp, args: &Arc<[Ty]>, f: impl Fn(&Ty) -> Ty) -> Ty {
    apply(op, args.iter().map(f).collect())
}
