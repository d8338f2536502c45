//! The seeded generator of differentiable programs.
//!
//! Values are kept smooth and moderate where that is cheap: square roots and logarithms take
//! `1 + e*e`, divisions divide by `1 + e*e`, `pow` takes a base in [0.5, 2.5], `asin` an argument in
//! [-0.5, 0.5], `exp` a bounded argument. Non-smooth operations (`abs`, `min`, `max`, `clamp`,
//! branches, `break`) are generated on purpose; the checker skips the points where finite
//! differences see their kinks.

use crate::ast::*;
use crate::rng::Rng;

/// Knobs of the generator; `Default` is what CI runs.
#[derive(Clone, Debug)]
pub struct GenConfig {
    pub max_inputs: usize,
    pub max_helpers: usize,
    pub max_stmts: usize,
    pub max_expr_depth: usize,
    pub max_nesting: usize,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            max_inputs: 4,
            max_helpers: 3,
            max_stmts: 6,
            max_expr_depth: 3,
            max_nesting: 2,
        }
    }
}

/// What a body may read and write at one point of generation.
#[derive(Clone, Default)]
struct Scope {
    /// Scalars readable here (parameters and locals).
    reals: Vec<String>,
    /// Scalars that may be assigned (locals and `inout` parameters).
    mutable: Vec<String>,
    arrays: Vec<(String, usize)>,
    /// Struct variables and their types.
    structs: Vec<(String, String)>,
    /// Loop counters in scope and their trip counts.
    counters: Vec<(String, usize)>,
    in_loop: bool,
}

struct Helper {
    name: String,
    /// `real` inputs before the optional struct and the `inout` parameter.
    inputs: usize,
    takes_struct: Option<String>,
    has_inout: bool,
}

struct Gen<'c> {
    rng: Rng,
    config: &'c GenConfig,
    fresh: usize,
    structs: Vec<String>,
    helpers: Vec<Helper>,
}

/// The program for `seed`: the same seed always gives the same program.
pub fn generate(seed: u64, config: &GenConfig) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        config,
        fresh: 0,
        structs: Vec::new(),
        helpers: Vec::new(),
    };
    let struct_count = g.rng.below(3);
    for i in 0..struct_count {
        g.structs.push(format!("S{i}"));
    }
    let helper_count = g.rng.below(config.max_helpers + 1);
    let mut helpers = Vec::new();
    for i in 0..helper_count {
        helpers.push(g.helper(i));
    }
    let inputs = 1 + g.rng.below(config.max_inputs.max(1));
    let params: Vec<Param> = (0..inputs)
        .map(|i| Param {
            name: format!("x{i}"),
            kind: ParamKind::In,
        })
        .collect();
    let mut scope = Scope {
        reals: params.iter().map(|p| p.name.clone()).collect(),
        ..Scope::default()
    };
    let count = 2 + g.rng.below(config.max_stmts.max(1));
    let mut body = g.block(&mut scope, 0, count);
    for h in 0..g.helpers.len() {
        g.call_helper(&mut scope, &mut body, h);
    }
    let ret = g.result(&scope);
    Program {
        structs: g.structs.clone(),
        helpers,
        main: Function {
            name: "f".into(),
            params,
            body,
            ret,
        },
    }
}

impl Gen<'_> {
    fn name(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    fn helper(&mut self, index: usize) -> Function {
        let name = format!("h{index}");
        let inputs = 1 + self.rng.below(2);
        let takes_struct = if self.rng.chance(0.4) {
            self.rng.pick(&self.structs).cloned()
        } else {
            None
        };
        let has_inout = self.rng.chance(0.6);
        let mut params: Vec<Param> = (0..inputs)
            .map(|i| Param {
                name: format!("a{i}"),
                kind: ParamKind::In,
            })
            .collect();
        let mut scope = Scope {
            reals: params.iter().map(|p| p.name.clone()).collect(),
            ..Scope::default()
        };
        if let Some(s) = &takes_struct {
            params.push(Param {
                name: "s".into(),
                kind: ParamKind::Struct(s.clone()),
            });
            scope.structs.push(("s".into(), s.clone()));
        }
        if has_inout {
            params.push(Param {
                name: "io".into(),
                kind: ParamKind::Inout,
            });
            scope.reals.push("io".into());
            scope.mutable.push("io".into());
        }
        let count = 1 + self.rng.below(self.config.max_stmts.div_ceil(2));
        let mut body = self.block(&mut scope, 1, count);
        if has_inout {
            // The inout parameter is always written, so its derivative flows both ways.
            let e = self.expr(&scope, 2);
            body.push(Stmt::Assign(Place::Var("io".into()), AssignOp::Set, e));
        }
        let ret = self.result(&scope);
        self.helpers.push(Helper {
            name: name.clone(),
            inputs,
            takes_struct,
            has_inout,
        });
        Function {
            name,
            params,
            body,
            ret,
        }
    }

    /// The returned value: one expression plus every assignable scalar (locals, `inout`
    /// parameters) and a parameter, so that no local is dead code.
    fn result(&mut self, scope: &Scope) -> Expr {
        let mut e = self.expr(scope, self.config.max_expr_depth);
        let mut terms = scope.mutable.clone();
        if let Some(v) = self.rng.pick(&scope.reals) {
            terms.push(v.clone());
        }
        for v in terms {
            let term = if self.rng.chance(0.3) {
                Expr::Call("sin".into(), vec![Expr::Var(v)])
            } else {
                Expr::Var(v)
            };
            e = Expr::Bin(BinOp::Add, Box::new(e), Box::new(term));
        }
        e
    }

    /// Appends a call of helper `h` to `body` (every helper is used at least once).
    fn call_helper(&mut self, scope: &mut Scope, body: &mut Vec<Stmt>, h: usize) {
        if let Some(ty) = self.helpers[h].takes_struct.clone()
            && !scope.structs.iter().any(|(_, t)| *t == ty)
        {
            let fields = [self.expr(scope, 2), self.expr(scope, 2)];
            let name = self.name("st");
            scope.structs.push((name.clone(), ty.clone()));
            body.push(Stmt::Struct(name, ty, fields));
        }
        let Some(args) = self.helper_args(scope, h) else {
            return;
        };
        let helper = self.helpers[h].name.clone();
        let result = self.name("v");
        if self.helpers[h].has_inout {
            let state = self.name("v");
            body.push(Stmt::Decl(state.clone(), self.expr(scope, 2)));
            body.push(Stmt::Decl(result.clone(), Expr::Lit(0.0)));
            body.push(Stmt::CallInout {
                target: Some(Place::Var(result.clone())),
                helper,
                args,
                inout: Place::Var(state.clone()),
            });
            scope.reals.push(state.clone());
            scope.mutable.push(state);
        } else {
            body.push(Stmt::Decl(result.clone(), Expr::Call(helper, args)));
        }
        scope.reals.push(result.clone());
        scope.mutable.push(result);
    }

    fn block(&mut self, scope: &mut Scope, nesting: usize, count: usize) -> Vec<Stmt> {
        (0..count).map(|_| self.stmt(scope, nesting)).collect()
    }

    /// A nested block: what it declares is not visible after it.
    fn inner_block(&mut self, scope: &Scope, nesting: usize, count: usize) -> Vec<Stmt> {
        let mut inner = scope.clone();
        self.block(&mut inner, nesting, count)
    }

    fn stmt(&mut self, scope: &mut Scope, nesting: usize) -> Stmt {
        let depth = self.config.max_expr_depth;
        let can_nest = nesting < self.config.max_nesting;
        loop {
            match self.rng.below(12) {
                0..=2 => {
                    let e = self.expr(scope, depth);
                    let name = self.name("v");
                    scope.reals.push(name.clone());
                    scope.mutable.push(name.clone());
                    return Stmt::Decl(name, e);
                }
                3 | 4 => {
                    let Some(place) = self.place(scope) else {
                        continue;
                    };
                    let op = match self.rng.below(4) {
                        0 => AssignOp::Add,
                        1 => AssignOp::Mul,
                        _ => AssignOp::Set,
                    };
                    let e = self.expr(scope, depth);
                    return Stmt::Assign(place, op, e);
                }
                5 if can_nest => {
                    let l = self.expr(scope, 2);
                    let r = self.expr(scope, 1);
                    let count = 1 + self.rng.below(3);
                    let then = self.inner_block(scope, nesting + 1, count);
                    let otherwise = if self.rng.chance(0.6) {
                        let count = 1 + self.rng.below(2);
                        self.inner_block(scope, nesting + 1, count)
                    } else {
                        Vec::new()
                    };
                    return Stmt::If(l, r, then, otherwise);
                }
                6 if can_nest => {
                    let counter = self.name("i");
                    let count = 1 + self.rng.below(4);
                    let max_iters = count + self.rng.below(3);
                    let mut inner = scope.clone();
                    inner.counters.push((counter.clone(), count));
                    inner.in_loop = true;
                    let body_len = 1 + self.rng.below(3);
                    let mut body = self.block(&mut inner, nesting + 1, body_len);
                    // A loop that changes nothing outside is dead code: make it accumulate.
                    if let Some(place) = self.place(scope) {
                        let e = self.expr(&inner, 2);
                        body.push(Stmt::Assign(place, AssignOp::Add, e));
                    }
                    return Stmt::Loop {
                        counter,
                        count,
                        max_iters,
                        body,
                    };
                }
                7 if scope.in_loop => {
                    let l = self.expr(scope, 1);
                    let r = Expr::Lit(self.literal());
                    return Stmt::Break(l, r);
                }
                8 => {
                    let len = 2 + self.rng.below(3);
                    let elems = (0..len).map(|_| self.expr(scope, 2)).collect();
                    let name = self.name("arr");
                    scope.arrays.push((name.clone(), len));
                    return Stmt::Array(name, elems);
                }
                9 => {
                    let Some(ty) = self.rng.pick(&self.structs).cloned() else {
                        continue;
                    };
                    let fields = [self.expr(scope, 2), self.expr(scope, 2)];
                    let name = self.name("st");
                    scope.structs.push((name.clone(), ty.clone()));
                    return Stmt::Struct(name, ty, fields);
                }
                10 | 11 => {
                    let with_inout: Vec<usize> = (0..self.helpers.len())
                        .filter(|&h| self.helpers[h].has_inout)
                        .collect();
                    let Some(&h) = self.rng.pick(&with_inout) else {
                        continue;
                    };
                    let Some(inout) = self.place(scope) else {
                        continue;
                    };
                    let Some(args) = self.helper_args(scope, h) else {
                        continue;
                    };
                    let target = if self.rng.chance(0.7) {
                        self.place(scope).filter(|t| *t != inout)
                    } else {
                        None
                    };
                    return Stmt::CallInout {
                        target,
                        helper: self.helpers[h].name.clone(),
                        args,
                        inout,
                    };
                }
                _ => continue,
            }
        }
    }

    /// Something assignable: a mutable scalar, a struct field or an array element.
    fn place(&mut self, scope: &Scope) -> Option<Place> {
        for _ in 0..4 {
            match self.rng.below(4) {
                0 | 1 => {
                    if let Some(v) = self.rng.pick(&scope.mutable) {
                        return Some(Place::Var(v.clone()));
                    }
                }
                2 => {
                    // Only locals: struct parameters are passed by value and not written back.
                    let locals: Vec<&String> = scope
                        .structs
                        .iter()
                        .map(|(s, _)| s)
                        .filter(|s| *s != "s")
                        .collect();
                    if let Some(s) = self.rng.pick(&locals) {
                        return Some(Place::Field((*s).clone(), self.rng.below(2)));
                    }
                }
                _ => {
                    if let Some((a, len)) = self.rng.pick(&scope.arrays).cloned() {
                        let index = self.index(scope, len);
                        return Some(Place::Elem(a, index));
                    }
                }
            }
        }
        None
    }

    fn index(&mut self, scope: &Scope, len: usize) -> Index {
        let fitting: Vec<&String> = scope
            .counters
            .iter()
            .filter(|(_, count)| *count <= len)
            .map(|(c, _)| c)
            .collect();
        match self.rng.pick(&fitting) {
            Some(c) if self.rng.chance(0.6) => Index::Counter((*c).clone()),
            _ => Index::Const(self.rng.below(len)),
        }
    }

    /// Arguments for helper `h`, or `None` when no struct of its parameter type is in scope.
    fn helper_args(&mut self, scope: &Scope, h: usize) -> Option<Vec<Expr>> {
        let mut args: Vec<Expr> = (0..self.helpers[h].inputs)
            .map(|_| self.expr(scope, 2))
            .collect();
        if let Some(ty) = &self.helpers[h].takes_struct {
            let fitting: Vec<&String> = scope
                .structs
                .iter()
                .filter(|(_, t)| t == ty)
                .map(|(s, _)| s)
                .collect();
            let s = self.rng.pick(&fitting)?;
            args.push(Expr::Var((*s).clone()));
        }
        Some(args)
    }

    fn literal(&mut self) -> f64 {
        let x = self.rng.range(0.1, 2.0);
        let x = (x * 1000.0).round() / 1000.0;
        if self.rng.chance(0.3) { -x } else { x }
    }

    fn leaf(&mut self, scope: &Scope) -> Expr {
        loop {
            match self.rng.below(10) {
                0..=5 => {
                    if let Some(v) = self.rng.pick(&scope.reals) {
                        return Expr::Var(v.clone());
                    }
                }
                6 => return Expr::Lit(self.literal()),
                7 => {
                    if let Some((s, _)) = self.rng.pick(&scope.structs) {
                        return Expr::Field(s.clone(), self.rng.below(2));
                    }
                }
                8 => {
                    if let Some((a, len)) = self.rng.pick(&scope.arrays).cloned() {
                        let index = self.index(scope, len);
                        return Expr::Elem(a, index);
                    }
                }
                _ => {
                    if let Some((c, _)) = self.rng.pick(&scope.counters) {
                        return Expr::Counter(c.clone());
                    }
                }
            }
            if scope.reals.is_empty() {
                return Expr::Lit(self.literal());
            }
        }
    }

    fn expr(&mut self, scope: &Scope, depth: usize) -> Expr {
        if depth == 0 || self.rng.chance(0.25) {
            return self.leaf(scope);
        }
        let d = depth - 1;
        let one = || Box::new(Expr::Lit(1.0));
        let call = |name: &str, args: Vec<Expr>| Expr::Call(name.into(), args);
        let square = |e: Expr| Expr::Bin(BinOp::Mul, Box::new(e.clone()), Box::new(e));
        // 1 + e*e: positive, away from the poles of sqrt/log/division.
        let positive = |e: Expr| Expr::Bin(BinOp::Add, one(), Box::new(square(e)));
        match self.rng.below(26) {
            0..=2 => Expr::Bin(
                BinOp::Add,
                Box::new(self.expr(scope, d)),
                Box::new(self.expr(scope, d)),
            ),
            3 | 4 => Expr::Bin(
                BinOp::Sub,
                Box::new(self.expr(scope, d)),
                Box::new(self.expr(scope, d)),
            ),
            5..=7 => Expr::Bin(
                BinOp::Mul,
                Box::new(self.expr(scope, d)),
                Box::new(self.expr(scope, d)),
            ),
            8 => {
                let num = self.expr(scope, d);
                let den = self.expr(scope, d.saturating_sub(1));
                Expr::Bin(BinOp::Div, Box::new(num), Box::new(positive(den)))
            }
            9 => Expr::Neg(Box::new(self.expr(scope, d))),
            10 => call("sin", vec![self.expr(scope, d)]),
            11 => call("cos", vec![self.expr(scope, d)]),
            12 => call("tanh", vec![self.expr(scope, d)]),
            13 => call("atan", vec![self.expr(scope, d)]),
            14 => {
                // exp of a bounded argument
                let inner = call("sin", vec![self.expr(scope, d)]);
                call("exp", vec![inner])
            }
            15 => call("sqrt", vec![positive(self.expr(scope, d))]),
            16 => call("log", vec![positive(self.expr(scope, d))]),
            17 => {
                let base = Expr::Bin(
                    BinOp::Add,
                    Box::new(Expr::Lit(1.5)),
                    Box::new(call("sin", vec![self.expr(scope, d)])),
                );
                let exponent = (self.rng.range(0.5, 3.0) * 100.0).round() / 100.0;
                call("pow", vec![base, Expr::Lit(exponent)])
            }
            18 => {
                let arg = Expr::Bin(
                    BinOp::Mul,
                    Box::new(Expr::Lit(0.5)),
                    Box::new(call("sin", vec![self.expr(scope, d)])),
                );
                call("asin", vec![arg])
            }
            19 => call("rsqrt", vec![positive(self.expr(scope, d))]),
            20 => call("abs", vec![self.expr(scope, d)]),
            21 => {
                let name = if self.rng.chance(0.5) { "min" } else { "max" };
                call(name, vec![self.expr(scope, d), self.expr(scope, d)])
            }
            22 => call(
                "clamp",
                vec![self.expr(scope, d), Expr::Lit(-1.0), Expr::Lit(1.0)],
            ),
            23 => {
                let t = call("sin", vec![self.expr(scope, d)]);
                call("lerp", vec![self.expr(scope, d), self.expr(scope, d), t])
            }
            24 => {
                // atan2 with a positive second argument stays away from its branch cut
                let x = positive(self.expr(scope, d.saturating_sub(1)));
                call("atan2", vec![self.expr(scope, d), x])
            }
            _ => {
                // a call of a helper without inout parameters
                let pure: Vec<usize> = (0..self.helpers.len())
                    .filter(|&h| !self.helpers[h].has_inout)
                    .collect();
                let chosen = self.rng.pick(&pure).copied();
                match chosen.and_then(|h| Some((h, self.helper_args(scope, h)?))) {
                    Some((h, args)) => Expr::Call(self.helpers[h].name.clone(), args),
                    None => call("sin", vec![self.expr(scope, d)]),
                }
            }
        }
    }
}
