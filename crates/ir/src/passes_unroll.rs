//! `[ForceUnroll]`: loops with an evident trip count become straight-line copies of their body
//! and continuing block, one per iteration, before any derivative is taken (so reverse mode sees
//! plain values, not loop state). In each copy the loop variable is a known constant: stores of
//! literals to whole locals are forwarded to the loads that follow, and the arithmetic on them
//! is folded (`float((2 * k) * (2 * k + 1))` becomes a literal). Dead `let`s are dropped.
//!
//! A loop stays as it is when its trip count is not evident (see [`trip_count`]), when it
//! would need more than [`MAX_UNROLL_COPIES`] copies, when it has a `break if`, or when its
//! body leaves by `break`/`continue` other than through its exit test.

use rustc_hash::FxHashMap;

use crate::module::*;
use crate::passes::{count_lets, fold, mark_uses, sweep};
use crate::types::{TypeKind, Types};

/// Most copies one loop is unrolled into (autodiff's `[ForceUnroll]` limit).
pub const MAX_UNROLL_COPIES: u32 = 1024;
/// Most statements (at any depth) all copies of one loop may add.
pub const MAX_UNROLLED_STATEMENTS: usize = 1 << 18;

/// Unrolls the `[ForceUnroll]` loops of every function.
pub fn unroll_forced_loops(module: &mut Module) {
    for i in 0..module.functions.len() {
        unroll_forced_loops_in(module, FuncId(i as u32));
    }
}

/// Unrolls the `[ForceUnroll]` loops of `f` (after [`inline_scalar_constants_in`] it, so a loop
/// bounded by a `static const` counts too); returns whether anything changed.
pub fn unroll_forced_loops_in(module: &mut Module, f: FuncId) -> bool {
    unroll_forced_loops_bounded(module, f).unwrap_or(false)
}

/// Nested `[ForceUnroll]` loops whose copies together would add more than
/// [`MAX_UNROLLED_STATEMENTS`] statements to one function (the product of the nested counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnrollBudgetExceeded {
    /// The function's statements (at any depth) before unrolling.
    pub statements: usize,
    /// The statements one function's unrolling may add.
    pub limit: usize,
}

/// [`unroll_forced_loops_in`], refusing (and leaving `f` as it was) when the copies of all its
/// loops together would exceed the budget: each loop is limited on its own, but nested loops
/// multiply (1,000 × 1,000 copies).
pub fn unroll_forced_loops_bounded(
    module: &mut Module,
    f: FuncId,
) -> Result<bool, UnrollBudgetExceeded> {
    inline_scalar_constants_in(module, f);
    let Module {
        functions, types, ..
    } = module;
    let Some(func) = functions.get_mut(f.0 as usize) else {
        return Ok(false);
    };
    if !has_forced_loop(&func.body) {
        return Ok(false);
    }
    let mut changed = false;
    let statements_before = statements(&func.body);
    let saved = (func.body.clone(), func.values.len());
    let mut budget = MAX_UNROLLED_STATEMENTS;
    // Nested loops whose bounds depend on an outer loop's variable become countable once the
    // outer copies are folded: a few rounds.
    for _ in 0..8 {
        let mut body = std::mem::take(&mut func.body);
        let unrolled = unroll_block(&mut func.values, &mut body, &mut budget);
        if budget == usize::MAX {
            func.body = saved.0;
            func.values.truncate(saved.1);
            return Err(UnrollBudgetExceeded {
                statements: statements_before,
                limit: MAX_UNROLLED_STATEMENTS,
            });
        }
        if unrolled {
            forward_block(&mut func.values, types, &body, FxHashMap::default());
        }
        func.body = body;
        changed |= unrolled;
        if !unrolled || !has_forced_loop(&func.body) {
            break;
        }
    }
    if changed {
        loop {
            let mut used = vec![false; func.values.len()];
            mark_uses(&func.body, &func.values, &mut used);
            let before = count_lets(&func.body);
            sweep(&mut func.body, &func.values, &used);
            if count_lets(&func.body) == before {
                break;
            }
        }
    }
    Ok(changed)
}

/// Loads of read-only scalar constants (`static const int kCount = 4;`) become their literal, so
/// that a loop bounded by one has an evident trip count, for unrolling here and for the trip
/// counts of reverse mode (Slang folds these constants too).
pub fn inline_scalar_constants(module: &mut Module) {
    for i in 0..module.functions.len() {
        inline_scalar_constants_in(module, FuncId(i as u32));
    }
}

/// [`inline_scalar_constants`] for one function.
pub fn inline_scalar_constants_in(module: &mut Module, f: FuncId) {
    let constants: FxHashMap<GlobalId, Literal> = module
        .globals
        .iter()
        .enumerate()
        .filter_map(|(i, g)| match &g.kind {
            GlobalKind::Constant(ConstValue::Literal(l)) if !g.writable => {
                Some((GlobalId(i as u32), *l))
            }
            _ => None,
        })
        .collect();
    if constants.is_empty() {
        return;
    }
    if let Some(func) = module.functions.get_mut(f.0 as usize) {
        for v in &mut func.values {
            if let Inst::Load(place) = &v.inst
                && place.path.is_empty()
                && let PlaceRoot::Global(g) = place.root
                && let Some(l) = constants.get(&g)
                && module.types.kind(v.ty) == &TypeKind::Scalar(l.scalar())
            {
                v.inst = Inst::Literal(*l);
            }
        }
    }
}

fn has_forced_loop(block: &[Stmt]) -> bool {
    block.iter().any(|s| match s {
        Stmt::Loop {
            attrs,
            body,
            continuing,
            ..
        } => attrs.force_unroll || has_forced_loop(body) || has_forced_loop(continuing),
        Stmt::If {
            then_block,
            else_block,
            ..
        } => has_forced_loop(then_block) || has_forced_loop(else_block),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| has_forced_loop(&c.body)),
        _ => false,
    })
}

/// `budget`: the statements the copies may still add; set to `usize::MAX` when a loop needs
/// more (the whole unrolling is then abandoned).
fn unroll_block(values: &mut Vec<ValueData>, block: &mut Block, budget: &mut usize) -> bool {
    let mut changed = false;
    let mut out: Block = Vec::with_capacity(block.len());
    for s in std::mem::take(block) {
        match s {
            Stmt::Loop {
                mut body,
                mut continuing,
                break_if,
                attrs,
            } => {
                if attrs.force_unroll
                    && break_if.is_none()
                    && let Some(copies) = unrolled(values, &out, &body, &continuing, budget)
                {
                    out.extend(copies);
                    changed = true;
                    continue;
                }
                changed |= unroll_block(values, &mut body, budget);
                changed |= unroll_block(values, &mut continuing, budget);
                out.push(Stmt::Loop {
                    body,
                    continuing,
                    break_if,
                    attrs,
                });
            }
            Stmt::If {
                cond,
                mut then_block,
                mut else_block,
            } => {
                changed |= unroll_block(values, &mut then_block, budget);
                changed |= unroll_block(values, &mut else_block, budget);
                out.push(Stmt::If {
                    cond,
                    then_block,
                    else_block,
                });
            }
            Stmt::Switch {
                selector,
                mut cases,
            } => {
                for c in &mut cases {
                    changed |= unroll_block(values, &mut c.body, budget);
                }
                out.push(Stmt::Switch { selector, cases });
            }
            s => out.push(s),
        }
    }
    *block = out;
    changed
}

/// The copies replacing a countable loop (`before`: the statements preceding it in its block).
fn unrolled(
    values: &mut Vec<ValueData>,
    before: &[Stmt],
    body: &Block,
    continuing: &Block,
    budget: &mut usize,
) -> Option<Block> {
    if *budget == usize::MAX {
        return None;
    }
    let count = trip_count(values, before, body, continuing)?;
    if count > MAX_UNROLL_COPIES {
        return None;
    }
    let exit = body.iter().position(|s| !matches!(s, Stmt::Let(_)))?;
    let rest = &body[exit + 1..];
    if jumps_out(rest) || jumps_out(continuing) {
        return None;
    }
    let size = statements(body) + statements(continuing);
    let added = size.saturating_mul(count as usize);
    if added > MAX_UNROLLED_STATEMENTS {
        return None;
    }
    if added > *budget {
        *budget = usize::MAX;
        return None;
    }
    *budget -= added;
    // The exit test's own `let`s (loads of the counter and bound, the comparison) are dropped
    // when nothing else uses them.
    let mut used = vec![false; values.len()];
    mark_uses(&rest.to_vec(), values, &mut used);
    mark_uses(continuing, values, &mut used);
    let mut iteration: Block = body[..exit]
        .iter()
        .filter(|s| match s {
            Stmt::Let(v) => used.get(v.0 as usize).copied().unwrap_or(true),
            _ => true,
        })
        .cloned()
        .collect();
    iteration.extend(rest.iter().cloned());
    iteration.extend(continuing.iter().cloned());
    let mut out = Vec::new();
    for _ in 0..count {
        let mut map = FxHashMap::default();
        out.extend(clone_block(&iteration, values, &mut map));
    }
    Some(out)
}

/// Whether `block` leaves its loop other than by returning: `break` or `continue` outside
/// nested loops (a `break` in a `switch` leaves the switch; its `continue` leaves the loop).
fn jumps_out(block: &[Stmt]) -> bool {
    fn walk(block: &[Stmt], in_switch: bool) -> bool {
        block.iter().any(|s| match s {
            Stmt::Break => !in_switch,
            Stmt::Continue => true,
            Stmt::If {
                then_block,
                else_block,
                ..
            } => walk(then_block, in_switch) || walk(else_block, in_switch),
            Stmt::Switch { cases, .. } => cases.iter().any(|c| walk(&c.body, true)),
            _ => false,
        })
    }
    walk(block, false)
}

fn statements(block: &[Stmt]) -> usize {
    block
        .iter()
        .map(|s| {
            1 + match s {
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => statements(then_block) + statements(else_block),
                Stmt::Switch { cases, .. } => cases.iter().map(|c| statements(&c.body)).sum(),
                Stmt::Loop {
                    body, continuing, ..
                } => statements(body) + statements(continuing),
                _ => 0,
            }
        })
        .sum()
}

/// A copy of `block` with fresh values for its `let`s (`map`: old -> new, uses renamed).
fn clone_block(
    block: &[Stmt],
    values: &mut Vec<ValueData>,
    map: &mut FxHashMap<ValueId, ValueId>,
) -> Block {
    let rename = |map: &FxHashMap<ValueId, ValueId>, v: ValueId| *map.get(&v).unwrap_or(&v);
    let mut out = Vec::with_capacity(block.len());
    for s in block {
        out.push(match s {
            Stmt::Let(v) => {
                let Some(data) = values.get(v.0 as usize).cloned() else {
                    out.push(s.clone());
                    continue;
                };
                let inst = map_values(&data.inst, &|x| rename(map, x));
                values.push(ValueData { ty: data.ty, inst });
                let new = ValueId(values.len() as u32 - 1);
                map.insert(*v, new);
                Stmt::Let(new)
            }
            Stmt::Store { place, value } => Stmt::Store {
                place: map_place(place, &|x| rename(map, x)),
                value: rename(map, *value),
            },
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => Stmt::If {
                cond: rename(map, *cond),
                then_block: clone_block(then_block, values, map),
                else_block: clone_block(else_block, values, map),
            },
            Stmt::Switch { selector, cases } => Stmt::Switch {
                selector: rename(map, *selector),
                cases: cases
                    .iter()
                    .map(|c| SwitchCase {
                        values: c.values.clone(),
                        is_default: c.is_default,
                        body: clone_block(&c.body, values, map),
                        fallthrough: c.fallthrough,
                    })
                    .collect(),
            },
            Stmt::Loop {
                body,
                continuing,
                break_if,
                attrs,
            } => {
                let body = clone_block(body, values, map);
                let continuing = clone_block(continuing, values, map);
                Stmt::Loop {
                    body,
                    continuing,
                    break_if: break_if.map(|b| rename(map, b)),
                    attrs: *attrs,
                }
            }
            Stmt::Return(v) => Stmt::Return(v.map(|v| rename(map, v))),
            Stmt::Break | Stmt::Continue | Stmt::Barrier(_) => s.clone(),
        });
    }
    out
}

fn map_place(p: &Place, f: &dyn Fn(ValueId) -> ValueId) -> Place {
    Place {
        root: p.root,
        path: p
            .path
            .iter()
            .map(|a| match a {
                Access::Dynamic(v) => Access::Dynamic(f(*v)),
                other => *other,
            })
            .collect(),
    }
}

fn map_values(inst: &Inst, f: &dyn Fn(ValueId) -> ValueId) -> Inst {
    match inst {
        Inst::Literal(_) | Inst::Zero | Inst::ArrayLength(_) => inst.clone(),
        Inst::Load(p) => Inst::Load(map_place(p, f)),
        Inst::Unary(op, a) => Inst::Unary(*op, f(*a)),
        Inst::Binary(op, a, b) => Inst::Binary(*op, f(*a), f(*b)),
        Inst::Select {
            cond,
            accept,
            reject,
        } => Inst::Select {
            cond: f(*cond),
            accept: f(*accept),
            reject: f(*reject),
        },
        Inst::Convert(a, s) => Inst::Convert(f(*a), *s),
        Inst::Bitcast(a, s) => Inst::Bitcast(f(*a), *s),
        Inst::Construct(vs) => Inst::Construct(vs.iter().map(|v| f(*v)).collect()),
        Inst::Splat(a) => Inst::Splat(f(*a)),
        Inst::Extract(a, i) => Inst::Extract(f(*a), *i),
        Inst::ExtractDyn(a, b) => Inst::ExtractDyn(f(*a), f(*b)),
        Inst::Swizzle(a, c) => Inst::Swizzle(f(*a), c.clone()),
        Inst::Insert { base, index, value } => Inst::Insert {
            base: f(*base),
            index: *index,
            value: f(*value),
        },
        Inst::InsertDyn { base, index, value } => Inst::InsertDyn {
            base: f(*base),
            index: f(*index),
            value: f(*value),
        },
        Inst::Math(m, vs) => Inst::Math(*m, vs.iter().map(|v| f(*v)).collect()),
        Inst::Call(g, args) => Inst::Call(
            *g,
            args.iter()
                .map(|a| match a {
                    Arg::Value(v) => Arg::Value(f(*v)),
                    Arg::Place(p) => Arg::Place(map_place(p, f)),
                })
                .collect(),
        ),
        Inst::Atomic {
            op,
            place,
            value,
            compare,
        } => Inst::Atomic {
            op: *op,
            place: map_place(place, f),
            value: f(*value),
            compare: compare.map(f),
        },
        Inst::Texture { op, texture, args } => Inst::Texture {
            op: *op,
            texture: *texture,
            args: args.iter().map(|v| f(*v)).collect(),
        },
        Inst::Print(fmt, vs) => Inst::Print(*fmt, vs.iter().map(|v| f(*v)).collect()),
    }
}

/// Forwards literals stored to whole locals to later loads of them and folds constants, in
/// program order. `known`: local -> the literal it holds here.
fn forward_block(
    values: &mut [ValueData],
    types: &Types,
    block: &[Stmt],
    mut known: FxHashMap<LocalId, Literal>,
) {
    for s in block {
        match s {
            Stmt::Let(v) => {
                let Some(data) = values.get(v.0 as usize) else {
                    continue;
                };
                let literal = match &data.inst {
                    Inst::Load(p) if p.path.is_empty() => match p.root {
                        PlaceRoot::Local(l) => known.get(&l).copied(),
                        _ => None,
                    },
                    inst => fold(values, inst),
                };
                if let Some(l) = literal
                    && types.kind(data.ty) == &TypeKind::Scalar(l.scalar())
                {
                    values[v.0 as usize].inst = Inst::Literal(l);
                }
                forget_place_args(&values[v.0 as usize].inst, &mut known);
            }
            Stmt::Store { place, value } => {
                if let PlaceRoot::Local(l) = place.root {
                    match values.get(value.0 as usize).map(|d| &d.inst) {
                        Some(Inst::Literal(lit)) if place.path.is_empty() => {
                            known.insert(l, *lit);
                        }
                        _ => {
                            known.remove(&l);
                        }
                    }
                }
            }
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                forward_block(values, types, then_block, known.clone());
                forward_block(values, types, else_block, known.clone());
                forget_written(values, std::slice::from_ref(s), &mut known);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    forward_block(values, types, &c.body, known.clone());
                }
                forget_written(values, std::slice::from_ref(s), &mut known);
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                // Each iteration sees what the loop writes from earlier iterations.
                forget_written(values, std::slice::from_ref(s), &mut known);
                forward_block(values, types, body, known.clone());
                forward_block(values, types, continuing, known.clone());
            }
            Stmt::Return(_) | Stmt::Break | Stmt::Continue | Stmt::Barrier(_) => {}
        }
    }
}

fn forget_place_args(inst: &Inst, known: &mut FxHashMap<LocalId, Literal>) {
    let mut forget = |p: &Place| {
        if let PlaceRoot::Local(l) = p.root {
            known.remove(&l);
        }
    };
    match inst {
        Inst::Call(_, args) => {
            for a in args {
                if let Arg::Place(p) = a {
                    forget(p);
                }
            }
        }
        Inst::Atomic { place, .. } => forget(place),
        _ => {}
    }
}

/// Drops from `known` every local that `block` may write, at any depth.
fn forget_written(values: &[ValueData], block: &[Stmt], known: &mut FxHashMap<LocalId, Literal>) {
    for s in block {
        match s {
            Stmt::Let(v) => {
                if let Some(d) = values.get(v.0 as usize) {
                    forget_place_args(&d.inst, known);
                }
            }
            Stmt::Store { place, .. } => {
                if let PlaceRoot::Local(l) = place.root {
                    known.remove(&l);
                }
            }
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                forget_written(values, then_block, known);
                forget_written(values, else_block, known);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    forget_written(values, &c.body, known);
                }
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                forget_written(values, body, known);
                forget_written(values, continuing, known);
            }
            _ => {}
        }
    }
}

/// A counted loop's exit test: the first non-`let` statement of its body, `if (c) {} else break;`
/// (`(c, false)`: the loop exits when `c` is false) or `if (c) break;` (`(c, true)`).
pub fn loop_exit_test(body: &[Stmt]) -> Option<(ValueId, bool)> {
    match body.iter().find(|s| !matches!(s, Stmt::Let(_)))? {
        Stmt::If {
            cond,
            then_block,
            else_block,
        } if then_block.is_empty() && else_block == &vec![Stmt::Break] => Some((*cond, false)),
        Stmt::If {
            cond,
            then_block,
            else_block,
        } if else_block.is_empty() && then_block == &vec![Stmt::Break] => Some((*cond, true)),
        _ => None,
    }
}

/// The iteration count of a counting loop, when it is evident: the body starts with an exit test
/// `if (i < N) {} else { break }` (or `if (!(..)) break`-shaped: the other branch) comparing a
/// whole local `i` with an integer literal, `continuing` steps `i` by a literal at its top level,
/// nothing else writes `i`, and the last statement of `before` writing `i` stores a literal.
pub fn trip_count(
    values: &[ValueData],
    before: &[Stmt],
    body: &[Stmt],
    continuing: &[Stmt],
) -> Option<u32> {
    // A literal, or a conversion or negation of one (`uint i = 0; i < 4` converts the int
    // literals; `int i = -3` negates one).
    let lit = |v: ValueId| {
        let inst = &values.get(v.0 as usize)?.inst;
        let l = match inst {
            Inst::Literal(l) => *l,
            Inst::Convert(..) | Inst::Unary(..) => fold(values, inst)?,
            _ => return None,
        };
        match l {
            Literal::I32(x) => Some(x as i64),
            Literal::U32(x) => Some(x as i64),
            _ => None,
        }
    };
    let counter_of = |v: ValueId| match values.get(v.0 as usize).map(|d| &d.inst) {
        Some(Inst::Load(p)) if p.path.is_empty() => match p.root {
            PlaceRoot::Local(l) => Some(l),
            _ => None,
        },
        _ => None,
    };
    let (cond, exit_on_true) = loop_exit_test(body)?;
    let Some(Inst::Binary(op, a, b)) = values.get(cond.0 as usize).map(|d| &d.inst) else {
        return None;
    };
    let (op, a, b) = (*op, *a, *b);
    let (i, bound, counter_left) = match (counter_of(a), lit(b), lit(a), counter_of(b)) {
        (Some(i), Some(n), _, _) => (i, n, true),
        (_, _, Some(n), Some(i)) => (i, n, false),
        _ => return None,
    };
    let writes_i = |s: &Stmt| {
        let mut known = FxHashMap::default();
        known.insert(i, Literal::Bool(false));
        forget_written(values, std::slice::from_ref(s), &mut known);
        known.is_empty()
    };
    if body.iter().any(writes_i) {
        return None;
    }
    // Step: exactly one store to `i` in `continuing`, at its top level: `i = i +/- k`.
    let steps: Vec<&Stmt> = continuing.iter().filter(|s| writes_i(s)).collect();
    let [Stmt::Store { place, value }] = steps.as_slice() else {
        return None;
    };
    if !place.path.is_empty() {
        return None;
    }
    let step = match values.get(value.0 as usize).map(|d| &d.inst) {
        Some(Inst::Binary(BinaryOp::Add, x, k)) if counter_of(*x) == Some(i) => lit(*k)?,
        Some(Inst::Binary(BinaryOp::Sub, x, k)) if counter_of(*x) == Some(i) => -lit(*k)?,
        _ => return None,
    };
    // Start: the last write to `i` before the loop, a top-level store of a literal.
    let pos = before.iter().rposition(writes_i)?;
    let Stmt::Store { place, value } = &before[pos] else {
        return None;
    };
    if !place.path.is_empty() {
        return None;
    }
    let mut x = lit(*value)?;
    let holds = |x: i64| {
        let (l, r) = if counter_left { (x, bound) } else { (bound, x) };
        let c = match op {
            BinaryOp::Lt => l < r,
            BinaryOp::Le => l <= r,
            BinaryOp::Gt => l > r,
            BinaryOp::Ge => l >= r,
            BinaryOp::Ne => l != r,
            _ => return None,
        };
        Some(c != exit_on_true)
    };
    let mut count = 0u32;
    const LIMIT: u32 = 1 << 16;
    while holds(x)? {
        count += 1;
        x += step;
        if count > LIMIT {
            return None;
        }
    }
    Some(count)
}
