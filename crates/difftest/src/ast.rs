//! The generated programs as a small syntax tree: printing it gives Slang source, and the
//! minimiser shrinks it by editing the tree (a text-level shrinker would mostly make parse errors).
//!
//! Every scalar is written `real`; the checker defines `typealias real = float;` for the
//! derivative program and `typealias real = double;` for the finite-difference oracle.

use std::fmt::Write;

#[derive(Clone, Debug, PartialEq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// An array index: a constant or a loop counter that stays below the array length.
#[derive(Clone, Debug, PartialEq)]
pub enum Index {
    Const(usize),
    Counter(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Var(String),
    Lit(f64),
    /// `s.a` / `s.b`.
    Field(String, usize),
    Elem(String, Index),
    /// A loop counter as a real: `real(i)`.
    Counter(String),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    /// An intrinsic or a generated helper without `inout` parameters.
    Call(String, Vec<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    Var(String),
    Field(String, usize),
    Elem(String, Index),
}

#[derive(Clone, Debug, PartialEq)]
pub enum AssignOp {
    Set,
    Add,
    Mul,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Decl(String, Expr),
    Assign(Place, AssignOp, Expr),
    /// `real a[n];` followed by one assignment per element.
    Array(String, Vec<Expr>),
    /// `S s;` followed by the two field assignments.
    Struct(String, String, [Expr; 2]),
    /// `if (lhs < rhs) { then } else { otherwise }`.
    If(Expr, Expr, Vec<Stmt>, Vec<Stmt>),
    /// `[MaxIters(max_iters)] for (int counter = 0; counter < count; counter++) { body }`.
    Loop {
        counter: String,
        count: usize,
        max_iters: usize,
        body: Vec<Stmt>,
    },
    /// `if (lhs < rhs) break;` (only inside loops).
    Break(Expr, Expr),
    /// `target = helper(args..., inout_arg);` (`target` may be absent: the call is a statement).
    CallInout {
        target: Option<Place>,
        helper: String,
        args: Vec<Expr>,
        inout: Place,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum ParamKind {
    In,
    Inout,
    /// A differentiable struct passed by value.
    Struct(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
    pub ret: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// Struct names; each has two `real` fields `a` and `b` and conforms to `IDifferentiable`.
    pub structs: Vec<String>,
    /// Helpers, callees before callers.
    pub helpers: Vec<Function>,
    /// The function under test: `real f(real x0, ...)`.
    pub main: Function,
}

impl Program {
    /// Number of `real` inputs of the function under test.
    pub fn inputs(&self) -> usize {
        self.main.params.len()
    }

    /// The Slang source of the structs and functions (without the `real` alias and wrappers).
    pub fn render(&self) -> String {
        let mut out = String::new();
        for s in &self.structs {
            let _ = writeln!(
                out,
                "struct {s} : IDifferentiable\n{{\n    real a;\n    real b;\n}};\n"
            );
        }
        for f in self.helpers.iter().chain(std::iter::once(&self.main)) {
            render_function(&mut out, f);
            out.push('\n');
        }
        out
    }

    /// Size in syntax nodes (statements and expressions), for minimisation reports.
    pub fn size(&self) -> usize {
        self.helpers
            .iter()
            .chain(std::iter::once(&self.main))
            .map(|f| block_size(&f.body) + expr_size(&f.ret) + 1)
            .sum()
    }
}

fn block_size(b: &[Stmt]) -> usize {
    b.iter().map(stmt_size).sum()
}

fn stmt_size(s: &Stmt) -> usize {
    1 + match s {
        Stmt::Decl(_, e) | Stmt::Assign(_, _, e) => expr_size(e),
        Stmt::Array(_, es) => es.iter().map(expr_size).sum(),
        Stmt::Struct(_, _, es) => es.iter().map(expr_size).sum(),
        Stmt::If(l, r, t, e) => expr_size(l) + expr_size(r) + block_size(t) + block_size(e),
        Stmt::Loop { body, .. } => block_size(body),
        Stmt::Break(l, r) => expr_size(l) + expr_size(r),
        Stmt::CallInout { args, .. } => args.iter().map(expr_size).sum(),
    }
}

fn expr_size(e: &Expr) -> usize {
    1 + match e {
        Expr::Bin(_, a, b) => expr_size(a) + expr_size(b),
        Expr::Neg(a) => expr_size(a),
        Expr::Call(_, args) => args.iter().map(expr_size).sum(),
        _ => 0,
    }
}

const FIELDS: [&str; 2] = ["a", "b"];

fn render_function(out: &mut String, f: &Function) {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| match &p.kind {
            ParamKind::In => format!("real {}", p.name),
            ParamKind::Inout => format!("inout real {}", p.name),
            ParamKind::Struct(s) => format!("{s} {}", p.name),
        })
        .collect();
    let _ = writeln!(
        out,
        "[Differentiable]\nreal {}({})\n{{",
        f.name,
        params.join(", ")
    );
    render_block(out, &f.body, 1);
    let _ = writeln!(out, "    return {};\n}}", expr_text(&f.ret));
}

fn render_block(out: &mut String, block: &[Stmt], depth: usize) {
    for s in block {
        render_stmt(out, s, depth);
    }
}

fn render_stmt(out: &mut String, s: &Stmt, depth: usize) {
    let pad = "    ".repeat(depth);
    match s {
        Stmt::Decl(name, e) => {
            let _ = writeln!(out, "{pad}real {name} = {};", expr_text(e));
        }
        Stmt::Assign(place, op, e) => {
            let op = match op {
                AssignOp::Set => "=",
                AssignOp::Add => "+=",
                AssignOp::Mul => "*=",
            };
            let _ = writeln!(out, "{pad}{} {op} {};", place_text(place), expr_text(e));
        }
        Stmt::Array(name, elems) => {
            let _ = writeln!(out, "{pad}real {name}[{}];", elems.len());
            for (i, e) in elems.iter().enumerate() {
                let _ = writeln!(out, "{pad}{name}[{i}] = {};", expr_text(e));
            }
        }
        Stmt::Struct(name, ty, fields) => {
            let _ = writeln!(out, "{pad}{ty} {name};");
            for (f, e) in FIELDS.iter().zip(fields) {
                let _ = writeln!(out, "{pad}{name}.{f} = {};", expr_text(e));
            }
        }
        Stmt::If(l, r, then, otherwise) => {
            let _ = writeln!(
                out,
                "{pad}if ({} < {})\n{pad}{{",
                expr_text(l),
                expr_text(r)
            );
            render_block(out, then, depth + 1);
            if otherwise.is_empty() {
                let _ = writeln!(out, "{pad}}}");
            } else {
                let _ = writeln!(out, "{pad}}}\n{pad}else\n{pad}{{");
                render_block(out, otherwise, depth + 1);
                let _ = writeln!(out, "{pad}}}");
            }
        }
        Stmt::Loop {
            counter,
            count,
            max_iters,
            body,
        } => {
            let _ = writeln!(
                out,
                "{pad}[MaxIters({max_iters})]\n{pad}for (int {counter} = 0; {counter} < {count}; {counter}++)\n{pad}{{"
            );
            render_block(out, body, depth + 1);
            let _ = writeln!(out, "{pad}}}");
        }
        Stmt::Break(l, r) => {
            let _ = writeln!(out, "{pad}if ({} < {}) break;", expr_text(l), expr_text(r));
        }
        Stmt::CallInout {
            target,
            helper,
            args,
            inout,
        } => {
            let mut all: Vec<String> = args.iter().map(expr_text).collect();
            all.push(place_text(inout));
            let call = format!("{helper}({})", all.join(", "));
            match target {
                Some(t) => {
                    let _ = writeln!(out, "{pad}{} = {call};", place_text(t));
                }
                None => {
                    let _ = writeln!(out, "{pad}{call};");
                }
            }
        }
    }
}

fn index_text(i: &Index) -> String {
    match i {
        Index::Const(k) => k.to_string(),
        Index::Counter(c) => c.clone(),
    }
}

pub fn place_text(p: &Place) -> String {
    match p {
        Place::Var(v) => v.clone(),
        Place::Field(s, f) => format!("{s}.{}", FIELDS[*f % 2]),
        Place::Elem(a, i) => format!("{a}[{}]", index_text(i)),
    }
}

pub fn expr_text(e: &Expr) -> String {
    match e {
        Expr::Var(v) => v.clone(),
        // Literals keep a decimal point so Slang reads them as floating point.
        Expr::Lit(x) => {
            let text = format!("{x:.3}");
            if x.is_sign_negative() {
                format!("({text})")
            } else {
                text
            }
        }
        Expr::Field(s, f) => format!("{s}.{}", FIELDS[*f % 2]),
        Expr::Elem(a, i) => format!("{a}[{}]", index_text(i)),
        Expr::Counter(c) => format!("real({c})"),
        Expr::Bin(op, a, b) => {
            let op = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mul => "*",
                BinOp::Div => "/",
            };
            format!("({} {op} {})", expr_text(a), expr_text(b))
        }
        Expr::Neg(a) => format!("(-{})", expr_text(a)),
        Expr::Call(name, args) => {
            let args: Vec<String> = args.iter().map(expr_text).collect();
            format!("{name}({})", args.join(", "))
        }
    }
}
