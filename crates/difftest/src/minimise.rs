//! Greedy minimisation of a failing program on its syntax tree: delete a statement, inline one arm
//! of a branch, run a loop once, replace an expression by one of its operands or a constant, drop
//! a helper. An edit is kept when the smaller program still fails with the same kind of mismatch.

use crate::ast::*;
use crate::check::{Checker, Verdict};

/// Visits the edit sites of a program in a fixed order and applies the `target`-th one.
struct Editor {
    target: usize,
    seen: usize,
    done: bool,
}

impl Editor {
    fn hit(&mut self) -> bool {
        let hit = !self.done && self.seen == self.target;
        self.seen += 1;
        if hit {
            self.done = true;
        }
        hit
    }

    fn block(&mut self, block: &mut Vec<Stmt>) {
        let mut i = 0;
        while i < block.len() && !self.done {
            if self.hit() {
                block.remove(i);
                return;
            }
            if let Stmt::If(_, _, then, otherwise) = &block[i] {
                let (then, otherwise) = (then.clone(), otherwise.clone());
                if self.hit() {
                    block.splice(i..=i, then);
                    return;
                }
                if self.hit() {
                    block.splice(i..=i, otherwise);
                    return;
                }
            }
            match &mut block[i] {
                Stmt::Decl(_, e) | Stmt::Assign(_, _, e) => self.expr(e),
                Stmt::Array(_, es) => es.iter_mut().for_each(|e| self.expr(e)),
                Stmt::Struct(_, _, es) => es.iter_mut().for_each(|e| self.expr(e)),
                Stmt::If(l, r, then, otherwise) => {
                    self.expr(l);
                    self.expr(r);
                    self.block(then);
                    self.block(otherwise);
                }
                Stmt::Loop {
                    count,
                    max_iters,
                    body,
                    ..
                } => {
                    if *count > 1 && self.hit() {
                        *count = 1;
                        *max_iters = 1;
                        return;
                    }
                    self.block(body);
                }
                Stmt::Break(l, r) => {
                    self.expr(l);
                    self.expr(r);
                }
                Stmt::CallInout { target, args, .. } => {
                    if target.is_some() && self.hit() {
                        *target = None;
                        return;
                    }
                    args.iter_mut().for_each(|e| self.expr(e));
                }
            }
            i += 1;
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        if self.done {
            return;
        }
        let children: Vec<Expr> = match e {
            Expr::Bin(_, a, b) => vec![(**a).clone(), (**b).clone()],
            Expr::Neg(a) => vec![(**a).clone()],
            Expr::Call(_, args) => args.clone(),
            _ => Vec::new(),
        };
        for c in children {
            if self.hit() {
                *e = c;
                return;
            }
        }
        if !matches!(e, Expr::Lit(_)) && self.hit() {
            *e = Expr::Lit(0.5);
            return;
        }
        match e {
            Expr::Bin(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Expr::Neg(a) => self.expr(a),
            Expr::Call(_, args) => args.iter_mut().for_each(|a| self.expr(a)),
            _ => {}
        }
    }

    fn function(&mut self, f: &mut Function) {
        self.block(&mut f.body);
        self.expr(&mut f.ret);
    }
}

/// Every program one edit away from `p`, smaller edits (whole statements) first.
fn variants(p: &Program) -> Vec<Program> {
    let mut out = Vec::new();
    for h in 0..p.helpers.len() {
        let mut q = p.clone();
        q.helpers.remove(h);
        out.push(q);
    }
    for s in 0..p.structs.len() {
        let mut q = p.clone();
        q.structs.remove(s);
        out.push(q);
    }
    for target in 0.. {
        let mut q = p.clone();
        let mut editor = Editor {
            target,
            seen: 0,
            done: false,
        };
        for f in q.helpers.iter_mut() {
            editor.function(f);
        }
        editor.function(&mut q.main);
        if !editor.done {
            break;
        }
        out.push(q);
    }
    out
}

/// Shrinks `program` while `checker` still finds a mismatch of kind `kind` with `seed`'s points.
pub fn minimise(checker: &mut Checker, program: &Program, seed: u64, kind: &str) -> Program {
    let mut current = program.clone();
    'shrink: loop {
        for candidate in variants(&current) {
            if candidate.size() >= current.size()
                && candidate.helpers.len() == current.helpers.len()
            {
                continue;
            }
            if let Verdict::Mismatch(m) = checker.check(&candidate, seed)
                && m.kind() == kind
            {
                current = candidate;
                continue 'shrink;
            }
        }
        return current;
    }
}
