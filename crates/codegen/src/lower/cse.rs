//! Common subexpressions and redundant loads, removed while a function body is lowered.
//!
//! The IR keeps what the source wrote: `(2 * k) * (2 * k + 1)` loads `k` twice and multiplies
//! twice, and a value stored into a local is loaded back on the next line. slangc's WGSL computes
//! such values once; so does this: a pure instruction whose operands lowered to the same naga
//! expressions reuses the earlier result, a load of a local or parameter reuses the last load or
//! stored value until something writes that variable.
//!
//! Validity follows naga's scoping: a result emitted in a block may be reused in that block and
//! in blocks nested inside it, never after the nested block ends. Nested blocks therefore start
//! from the enclosing cache and the enclosing cache comes back afterwards, less the loads of
//! variables the nested statement writes (a loop drops them before its body too: the body runs
//! again after writing them).

use super::*;

/// What a lowered value is computed from, when that alone determines it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum CseKey {
    /// The literal's text and type (literals hold floats, which are not `Eq`).
    Literal(String, TypeId),
    Unary(UnaryOp, Handle<E>, TypeId),
    Binary(BinaryOp, Handle<E>, Handle<E>, TypeId),
    Convert(Handle<E>, Scalar, TypeId),
    Extract(Handle<E>, u32),
    Swizzle(Handle<E>, Vec<u8>),
    /// A local or parameter read through constant indices.
    Load(Place),
}

/// Most entries the cache holds; past it, it starts empty again (it is an optimisation, so
/// forgetting is always correct), which keeps the copies made at each nested block bounded in
/// very long functions.
const MAX_ENTRIES: usize = 1 << 12;

/// The cache of one function: keys to the naga expressions that hold them, with the cached
/// loads indexed by their variable, so that a store forgets them without scanning the cache
/// (a scan per store made long straight-line functions quadratic).
#[derive(Clone, Debug, Default)]
pub(super) struct Cse {
    map: FxHashMap<CseKey, Handle<E>>,
    loads: FxHashMap<PlaceRoot, Vec<Place>>,
}

impl Cse {
    pub(super) fn get(&self, key: &CseKey) -> Option<&Handle<E>> {
        self.map.get(key)
    }

    pub(super) fn insert(&mut self, key: CseKey, h: Handle<E>) {
        if self.map.len() >= MAX_ENTRIES {
            self.map.clear();
            self.loads.clear();
        }
        let load = match &key {
            CseKey::Load(p) => Some(p.clone()),
            _ => None,
        };
        if self.map.insert(key, h).is_none()
            && let Some(p) = load
        {
            self.loads.entry(p.root).or_default().push(p);
        }
    }
}

/// A place whose loads may be reused: a local or parameter at a constant path.
fn cacheable(place: &Place) -> bool {
    !matches!(place.root, PlaceRoot::Global(_))
        && !place.path.iter().any(|a| matches!(a, Access::Dynamic(_)))
}

/// The key of `inst` once its operands are lowered, or `None` when it must be lowered anew.
pub(super) fn key(cx: &FnCx, inst: &Inst, ty: TypeId) -> Option<CseKey> {
    let h = |v: &ValueId| cx.value(*v).ok();
    Some(match inst {
        Inst::Literal(l) => CseKey::Literal(format!("{l:?}"), ty),
        Inst::Unary(op, a) => CseKey::Unary(*op, h(a)?, ty),
        Inst::Binary(op, a, b) => CseKey::Binary(*op, h(a)?, h(b)?, ty),
        Inst::Convert(a, s) => CseKey::Convert(h(a)?, *s, ty),
        Inst::Extract(a, i) => CseKey::Extract(h(a)?, *i),
        Inst::Swizzle(a, comps) => CseKey::Swizzle(h(a)?, comps.clone()),
        Inst::Load(place) if cacheable(place) => CseKey::Load(place.clone()),
        _ => return None,
    })
}

/// Forgets the loads of the variable at `root`.
pub(super) fn forget_root(cse: &mut Cse, root: &PlaceRoot) {
    if let Some(places) = cse.loads.remove(root) {
        for p in places {
            cse.map.remove(&CseKey::Load(p));
        }
    }
}

/// After `value` was stored into `place`: earlier loads of that variable are stale, and a store
/// to the whole variable is what the next load reads.
pub(super) fn stored(cse: &mut Cse, place: &Place, value: Option<Handle<E>>) {
    if matches!(place.root, PlaceRoot::Global(_)) {
        return;
    }
    forget_root(cse, &place.root);
    if let Some(value) = value
        && place.path.is_empty()
    {
        cse.insert(CseKey::Load(place.clone()), value);
    }
}

/// The locals and parameters `blocks` may write (stores, `out` arguments, atomics).
pub(super) fn written_roots<'b>(
    f: &ir::Function,
    blocks: impl IntoIterator<Item = &'b ir::Block>,
) -> Vec<PlaceRoot> {
    fn walk(f: &ir::Function, block: &ir::Block, out: &mut Vec<PlaceRoot>) {
        for s in block {
            match s {
                Stmt::Store { place, .. } => out.push(place.root),
                Stmt::Let(v) => match f.value(*v).map(|d| &d.inst) {
                    Some(Inst::Call(_, args)) => {
                        for a in args {
                            if let Arg::Place(p) = a {
                                out.push(p.root);
                            }
                        }
                    }
                    Some(Inst::Atomic { place, .. }) => out.push(place.root),
                    _ => {}
                },
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => {
                    walk(f, then_block, out);
                    walk(f, else_block, out);
                }
                Stmt::Switch { cases, .. } => cases.iter().for_each(|c| walk(f, &c.body, out)),
                Stmt::Loop {
                    body, continuing, ..
                } => {
                    walk(f, body, out);
                    walk(f, continuing, out);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for block in blocks {
        walk(f, block, &mut out);
    }
    out.retain(|r| !matches!(r, PlaceRoot::Global(_)));
    out
}

/// `cse` without the loads of `roots`.
pub(super) fn without(mut cse: Cse, roots: &[PlaceRoot]) -> Cse {
    for r in roots {
        forget_root(&mut cse, r);
    }
    cse
}
