//! Compile-time evaluation of values whose types need a device feature (64-bit integers, `double`,
//! `half`): slangc folds constant expressions and drops dead code before emitting, so a program
//! whose 64-bit values are all constants (`static const uint64_t K = ~0ull; ... (1 / K) == 0`)
//! compiles for a target without 64-bit integers. Codegen runs this only when the module as
//! lowered needs a feature the target lacks, and keeps its first error when that remains.
//!
//! The pass inlines scalar `static const`s, folds literals (64-bit integer arithmetic,
//! comparisons and conversions included), drops values nothing uses and the stores to locals
//! nothing reads. A local or private constant nothing refers to any more holds no value: it is
//! given the type `uint`, so its declaration needs no feature.

use rustc_hash::FxHashSet;

use crate::module::*;
use crate::passes;
use crate::passes_unroll;
use crate::types::{Scalar, TypeKind};

/// Folds and prunes `module` as described above.
pub fn fold_for_features(module: &mut Module) {
    passes_unroll::inline_scalar_constants(module);
    passes::fold_constants(module);
    passes::eliminate_dead_code(module);
    let uint = module.types.scalar(Scalar::U32);
    let mut used_globals: FxHashSet<u32> = FxHashSet::default();
    for f in &mut module.functions {
        // Locals read anywhere (a load, a place argument, an atomic) stay.
        let mut read: FxHashSet<u32> = FxHashSet::default();
        for d in &f.values {
            for p in inst_places(&d.inst) {
                match p.root {
                    PlaceRoot::Local(l) => {
                        read.insert(l.0);
                    }
                    PlaceRoot::Global(g) => {
                        used_globals.insert(g.0);
                    }
                    _ => {}
                }
            }
            if let Inst::ArrayLength(g) | Inst::Texture { texture: g, .. } = &d.inst {
                used_globals.insert(g.0);
            }
        }
        drop_stores(&mut f.body, &read, &mut used_globals);
        for (i, l) in f.locals.iter_mut().enumerate() {
            if !read.contains(&(i as u32)) && !stored(&f.body, i as u32) {
                l.ty = uint;
            }
        }
    }
    passes::eliminate_dead_code(module);
    for (i, g) in module.globals.iter_mut().enumerate() {
        if let GlobalKind::Constant(ConstValue::Literal(l)) = &g.kind
            && !used_globals.contains(&(i as u32))
            && matches!(module.types.kind(g.ty), TypeKind::Scalar(s) if *s == l.scalar())
        {
            g.ty = uint;
            g.kind = GlobalKind::Constant(ConstValue::Literal(Literal::U32(0)));
        }
    }
}

fn inst_places(inst: &Inst) -> Vec<&Place> {
    match inst {
        Inst::Load(p) | Inst::Atomic { place: p, .. } => vec![p],
        Inst::Call(_, args) => args
            .iter()
            .filter_map(|a| match a {
                Arg::Place(p) => Some(p),
                Arg::Value(_) => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Removes the stores to locals not in `read`; records the globals stored to.
fn drop_stores(block: &mut Block, read: &FxHashSet<u32>, globals: &mut FxHashSet<u32>) {
    block.retain(|s| match s {
        Stmt::Store { place, .. } => match place.root {
            PlaceRoot::Local(l) => read.contains(&l.0),
            PlaceRoot::Global(g) => {
                globals.insert(g.0);
                true
            }
            _ => true,
        },
        _ => true,
    });
    for s in block {
        for b in passes::child_blocks_mut(s) {
            drop_stores(b, read, globals);
        }
    }
}

fn stored(block: &Block, local: u32) -> bool {
    block.iter().any(|s| match s {
        Stmt::Store { place, .. } => place.root == PlaceRoot::Local(LocalId(local)),
        Stmt::If {
            then_block,
            else_block,
            ..
        } => stored(then_block, local) || stored(else_block, local),
        Stmt::Switch { cases, .. } => cases.iter().any(|c| stored(&c.body, local)),
        Stmt::Loop {
            body, continuing, ..
        } => stored(body, local) || stored(continuing, local),
        _ => false,
    })
}
