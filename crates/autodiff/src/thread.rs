//! Exit-flag threading: the normalised loops of primal regions without the flag's extra run.
//!
//! `normalize` turns every exit of a loop into a store of `true` to a flag local and guards the
//! rest of the run with `if (!flag)`; the next run's head tests the flag and breaks. For the
//! common shape, a run that starts with its exit test, this pass threads the flag: where the test
//! sets it, the rest of the run is cloned with the flag known true (only its unguarded statements
//! stay: the run counter, the stored flag) and followed by `break`; after the test the flag is
//! known false, so the rest of the run loses its guards. The run count, the stored values and the
//! tapes stay as they were; the driver then sees plain induction variables and one exit.
//!
//! ```text
//! loop { if (!brk) { c = ...; if (c) {} else { brk = true; } rest } else { break } }
//! =>
//! loop { if (!brk) { c = ...; if (c) {} else { brk = true; rest[brk: true]; break } rest[brk: false] }
//!        else { break } }
//! ```

use ir::{
    Block, Function, Inst, Literal, LocalId, Module, Place, PlaceRoot, Stmt, UnaryOp, ValueId,
};
use rustc_hash::FxHashMap;

use crate::emit::clone_block;

/// Threads the exit flags of every function of `module` (see the module comment).
pub fn thread_exit_flags(module: &mut Module) {
    for f in &mut module.functions {
        let mut body = std::mem::take(&mut f.body);
        thread_block(&mut body, f);
        f.body = body;
    }
}

fn thread_block(block: &mut Block, f: &mut Function) {
    for s in block.iter_mut() {
        match s {
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                thread_block(then_block, f);
                thread_block(else_block, f);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    thread_block(&mut c.body, f);
                }
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                thread_block(body, f);
                if continuing.is_empty() && break_if.is_none() {
                    thread_loop(body, f);
                }
            }
            _ => {}
        }
    }
}

/// The flag local of a loop body `[let l = load flag; let n = !l; if n { run } else { break }]`.
fn loop_flag(body: &Block, f: &Function) -> Option<LocalId> {
    let [
        Stmt::Let(l),
        Stmt::Let(n),
        Stmt::If {
            cond, else_block, ..
        },
    ] = body.as_slice()
    else {
        return None;
    };
    if cond != n || !matches!(else_block.as_slice(), [Stmt::Break]) {
        return None;
    }
    if f.value(*n)?.inst != Inst::Unary(UnaryOp::Not, *l) {
        return None;
    }
    flag_load(f, *l)
}

/// The local `v` loads whole, when `v` is such a load.
fn flag_load(f: &Function, v: ValueId) -> Option<LocalId> {
    match &f.value(v)?.inst {
        Inst::Load(Place {
            root: PlaceRoot::Local(l),
            path,
        }) if path.is_empty() => Some(*l),
        _ => None,
    }
}

fn is_true(f: &Function, v: ValueId) -> bool {
    matches!(
        f.value(v).map(|d| &d.inst),
        Some(Inst::Literal(Literal::Bool(true)))
    )
}

/// How `block` uses `flag`: `None` when in any way other than whole loads and stores of `true`;
/// else whether it stores.
fn flag_use(block: &[Stmt], f: &Function, flag: LocalId) -> Option<bool> {
    let mut stores = false;
    for s in block {
        match s {
            Stmt::Let(v) => {
                let on_flag = |p: &Place| p.root == PlaceRoot::Local(flag);
                let touches = match &f.value(*v)?.inst {
                    Inst::Load(p) | Inst::Atomic { place: p, .. } => on_flag(p),
                    Inst::Call(_, args) => args
                        .iter()
                        .any(|a| matches!(a, ir::Arg::Place(p) if on_flag(p))),
                    _ => false,
                };
                if touches && flag_load(f, *v) != Some(flag) {
                    return None;
                }
            }
            Stmt::Store { place, value } if place.root == PlaceRoot::Local(flag) => {
                if !place.path.is_empty() || !is_true(f, *value) {
                    return None;
                }
                stores = true;
            }
            Stmt::Store { .. } => {}
            other => {
                for b in children(other) {
                    stores |= flag_use(b, f, flag)?;
                }
            }
        }
    }
    Some(stores)
}

fn children(s: &Stmt) -> Vec<&Block> {
    match s {
        Stmt::If {
            then_block,
            else_block,
            ..
        } => vec![then_block, else_block],
        Stmt::Switch { cases, .. } => cases.iter().map(|c| &c.body).collect(),
        Stmt::Loop {
            body, continuing, ..
        } => vec![body, continuing],
        _ => Vec::new(),
    }
}

fn thread_loop(body: &mut Block, f: &mut Function) {
    let Some(flag) = loop_flag(body, f) else {
        return;
    };
    let Some(Stmt::If {
        then_block: run, ..
    }) = body.last_mut()
    else {
        return;
    };
    // The exit test: the first statement of the run that is not a `let`.
    let Some(i) = run.iter().position(|s| !matches!(s, Stmt::Let(_))) else {
        return;
    };
    let Stmt::If {
        then_block: stay,
        else_block: exit,
        ..
    } = &run[i]
    else {
        return;
    };
    let sets = |b: &Block| {
        matches!(b.as_slice(), [Stmt::Let(t), Stmt::Store { place, value }]
            if place.root == PlaceRoot::Local(flag) && place.path.is_empty() && value == t && is_true(f, *t))
    };
    if !stay.is_empty() || !sets(exit) {
        return;
    }
    let rest: Block = run[i + 1..].to_vec();
    if flag_use(&rest, f, flag).is_none()
        || run[..i]
            .iter()
            .any(|s| matches!(s, Stmt::Let(v) if flag_load(f, *v) == Some(flag)))
    {
        return;
    }
    // The flag set: the rest of the run with the flag true, then leave the loop.
    let mut map = FxHashMap::default();
    let mut done = clone_block(&rest, &mut f.values, &mut map);
    known_flag(&mut done, f, flag, true);
    let mut done = fold_known_ifs(done, f);
    done.push(Stmt::Break);
    // The flag clear: the rest with the flag false up to the first statement that may set it.
    let mut rest = rest;
    let until = rest
        .iter()
        .position(|s| flag_use(std::slice::from_ref(s), f, flag) != Some(false))
        .unwrap_or(rest.len());
    known_flag(&mut rest[..until], f, flag, false);
    let rest = fold_known_ifs(rest, f);
    let Stmt::If {
        else_block: exit, ..
    } = &mut run[i]
    else {
        return;
    };
    exit.extend(done);
    run.truncate(i + 1);
    run.extend(rest);
}

/// Turns the whole loads of `flag` in `block` (at any depth) into the literal `value`.
fn known_flag(block: &mut [Stmt], f: &mut Function, flag: LocalId, value: bool) {
    for s in block.iter_mut() {
        match s {
            Stmt::Let(v) => {
                if flag_load(f, *v) == Some(flag)
                    && let Some(d) = f.values.get_mut(v.0 as usize)
                {
                    d.inst = Inst::Literal(Literal::Bool(value));
                }
            }
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                known_flag(then_block, f, flag, value);
                known_flag(else_block, f, flag, value);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    known_flag(&mut c.body, f, flag, value);
                }
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                known_flag(body, f, flag, value);
                known_flag(continuing, f, flag, value);
            }
            _ => {}
        }
    }
}

/// A bool known from literals through `!`.
fn known_bool(f: &Function, v: ValueId) -> Option<bool> {
    match &f.value(v)?.inst {
        Inst::Literal(Literal::Bool(b)) => Some(*b),
        Inst::Unary(UnaryOp::Not, a) => known_bool(f, *a).map(|b| !b),
        _ => None,
    }
}

/// `block` with every `if` on a known condition replaced by the branch it takes (top level).
fn fold_known_ifs(block: Block, f: &Function) -> Block {
    let mut out = Vec::with_capacity(block.len());
    for s in block {
        match s {
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => match known_bool(f, cond) {
                Some(true) => out.extend(fold_known_ifs(then_block, f)),
                Some(false) => out.extend(fold_known_ifs(else_block, f)),
                None => out.push(Stmt::If {
                    cond,
                    then_block,
                    else_block,
                }),
            },
            other => out.push(other),
        }
    }
    out
}
