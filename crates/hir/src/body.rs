//! Function bodies (and global initialisers) lowered from syntax into arenas.
//!
//! Ranges are relative to the owning item's syntax node (see `data.rs`).

use la_arena::{Arena, Idx};
use smol_str::SmolStr;

use crate::TextRange;
use crate::data::{Attr, ConstRef, GenericArgRef, PathRef, TypeRef};

pub type ExprId = Idx<Expr>;
pub type StmtId = Idx<Stmt>;
pub type LocalId = Idx<LocalData>;
pub type LabelId = Idx<LabelData>;

/// `outer:` of `outer: for (...)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelData {
    pub name: SmolStr,
    pub name_range: TextRange,
    /// The loop or `switch` the label names; `None` when it names another statement (which
    /// `break` cannot leave).
    pub target: Option<StmtId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    And,
    Or,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Comma,
}

impl BinaryOp {
    pub fn text(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "^",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Comma => ",",
        }
    }

    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }

    pub fn is_bitwise(self) -> bool {
        matches!(
            self,
            BinaryOp::Shl | BinaryOp::Shr | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrefixOp {
    Neg,
    Plus,
    Not,
    BitNot,
    Inc,
    Dec,
    /// `*p`: the value a pointer points at (an l-value).
    Deref,
    /// `&x` (and `__getAddress(x)`): a pointer to an l-value.
    AddressOf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PostfixOp {
    Inc,
    Dec,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    /// Value and whether it has a `u` suffix; `l`/`ll` suffixes make 64-bit.
    Int {
        value: u64,
        unsigned: bool,
        wide: bool,
    },
    /// Value text and the suffix kind.
    Float {
        value: f64,
        suffix: Option<char>,
    },
    Bool(bool),
    String(String),
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiffKind {
    Forward,
    Backward,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Missing,
    Literal(Literal),
    Path(PathRef),
    This,
    Field {
        base: ExprId,
        name: SmolStr,
        name_range: TextRange,
    },
    /// `a::b` where `a` is an expression-like path is lowered as [`Expr::Path`]; this is
    /// `Type::member` written after a non-path base.
    Index {
        base: ExprId,
        index: ExprId,
    },
    Call {
        callee: ExprId,
        args: Vec<ExprId>,
    },
    /// `f<float>` written as a callee or a value.
    GenericApply {
        base: ExprId,
        args: Vec<GenericArgRef>,
    },
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `a = b` (op `None`) and `a += b`.
    Assign {
        op: Option<BinaryOp>,
        lhs: ExprId,
        rhs: ExprId,
    },
    Prefix {
        op: PrefixOp,
        expr: ExprId,
    },
    Postfix {
        op: PostfixOp,
        expr: ExprId,
    },
    Ternary {
        cond: ExprId,
        then_branch: ExprId,
        else_branch: ExprId,
    },
    Cast {
        ty: TypeRef,
        expr: ExprId,
    },
    InitList(Vec<ExprId>),
    /// `fwd_diff(f)` / `bwd_diff(f)`.
    Diff {
        kind: DiffKind,
        func: ExprId,
    },
    /// `no_diff expr`.
    NoDiff(ExprId),
    Is {
        expr: ExprId,
        ty: TypeRef,
    },
    As {
        expr: ExprId,
        ty: TypeRef,
    },
    /// `sizeof(Type)` (`ty`) or `sizeof(expr)` (`expr`, which may also name a type); with
    /// `align`, `alignof(...)` (the operand's alignment in the same natural layout).
    SizeOf {
        ty: TypeRef,
        expr: Option<ExprId>,
        align: bool,
        /// `sizeof(T, Layout)` / `alignof(T, Layout)`: the buffer data layout
        /// (`Std430DataLayout`, ...) measured in, `None` for the natural layout.
        layout: Option<TypeRef>,
    },
    CountOf(ExprId),
    /// `expand e`: `e` once per element of the packs that `each` names inside it (a statement,
    /// or arguments spliced into a call).
    Expand(ExprId),
    /// `each args`: the current element of a value pack, inside `expand`.
    Each(ExprId),
    /// `(float a, int b) => a * b` or `=> { ... }`: the parameters are locals of this body.
    Lambda {
        params: Vec<LocalId>,
        body: LambdaBody,
    },
    /// `try f()`: a call of a function declared `throws E`; an error it throws goes to the
    /// enclosing `do`/`catch`, or out of the enclosing throwing function.
    Try(ExprId),
    /// Statements run in a scope of their own, then `value` (none: a `void` expression). What
    /// a `spirv_asm { ... }` block translates to (`lower/spirv_asm.rs`).
    Block {
        stmts: Vec<StmtId>,
        value: Option<ExprId>,
    },
}

/// What a lambda computes: an expression, or a block with `return`s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LambdaBody {
    Expr(ExprId),
    Block(StmtId),
}

#[derive(Debug, Clone, PartialEq)]
pub struct LocalData {
    pub name: SmolStr,
    /// `None` for `let`/`var` without a type.
    pub ty: Option<TypeRef>,
    /// Array suffixes written after the name (`float a[3]`).
    pub array_dims: Vec<Option<ConstRef>>,
    pub mutable: bool,
    pub is_static: bool,
    /// `static groupshared T x;` in a function: one variable shared by the thread group.
    pub is_groupshared: bool,
    pub name_range: TextRange,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    Local {
        local: LocalId,
        init: Option<ExprId>,
    },
    Expr(ExprId),
    Block(Vec<StmtId>),
    /// Statements in the enclosing scope (a declaration of several variables).
    Seq(Vec<StmtId>),
    If {
        cond: ExprId,
        then_branch: StmtId,
        else_branch: Option<StmtId>,
    },
    /// `if (let x = e as T)`: binds `local` in the then-branch.
    IfLet {
        local: LocalId,
        init: ExprId,
        then_branch: StmtId,
        else_branch: Option<StmtId>,
    },
    For {
        init: Option<StmtId>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: StmtId,
        attrs: Vec<Attr>,
    },
    While {
        cond: ExprId,
        body: StmtId,
        attrs: Vec<Attr>,
    },
    DoWhile {
        body: StmtId,
        cond: ExprId,
        attrs: Vec<Attr>,
    },
    Switch {
        scrutinee: ExprId,
        cases: Vec<SwitchCase>,
    },
    Break,
    /// `break outer;`: leaves the loop or `switch` labelled `outer` from inside nested ones.
    /// `target` is the innermost enclosing label of that name (`None`: no such label).
    BreakLabel {
        name: SmolStr,
        target: Option<LabelId>,
    },
    Continue,
    Return(Option<ExprId>),
    Discard,
    Empty,
    /// `throw e;`. `in_defer`: written in a `defer` with no `do`/`catch` between them (an error
    /// that would leave the deferred code, which slangc rejects).
    Throw {
        value: ExprId,
        in_defer: bool,
    },
    /// `do { ... } catch (e : E) { ... } catch { ... }`.
    DoCatch {
        body: StmtId,
        catches: Vec<CatchClause>,
    },
}

/// `catch (e : E) { ... }` (`local` is `e`, typed `E`) or `catch { ... }` (every error).
#[derive(Debug, Clone, PartialEq)]
pub struct CatchClause {
    pub local: Option<LocalId>,
    pub body: StmtId,
    /// Written `catch (E e)`: slangc takes only `catch (e : E)`.
    pub c_style: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SwitchCase {
    /// `None` for `default:`.
    pub value: Option<ExprId>,
    pub body: Vec<StmtId>,
    /// The `case`/`default` keyword, where label errors (a second `default`) point.
    pub label: TextRange,
}

/// A lowered body. `root` is the top block (functions) or the initialiser (globals).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Body {
    pub exprs: Arena<Expr>,
    pub expr_ranges: Vec<TextRange>,
    pub stmts: Arena<Stmt>,
    pub stmt_ranges: Vec<TextRange>,
    pub locals: Arena<LocalData>,
    pub labels: Arena<LabelData>,
    pub root_block: Option<StmtId>,
    pub root_expr: Option<ExprId>,
    /// The token a diagnostic about an expression points at, where that is not the expression's
    /// start: the operator of binary and assignment expressions, the `(` of calls (as slangc does).
    pub anchors: rustc_hash::FxHashMap<ExprId, TextRange>,
    /// Missing expressions that stand for source we parse but cannot compile (`spirv_asm`,
    /// `__intrinsic_asm`, a `__target_switch` without a WGSL case): what to tell the user.
    pub unsupported: rustc_hash::FxHashMap<ExprId, SmolStr>,
    /// Declarations of local types and typealiases (`struct Val { ... }`, `typealias V = ...;`
    /// inside a body): the `Stmt::Empty` that stands for each, with the item's name. Inference
    /// puts the item in scope there, up to the end of the enclosing block.
    pub local_items: rustc_hash::FxHashMap<StmtId, (SmolStr, crate::ids::ItemDef)>,
}

impl Body {
    pub fn alloc_expr(&mut self, expr: Expr, range: TextRange) -> ExprId {
        self.expr_ranges.push(range);
        self.exprs.alloc(expr)
    }

    pub fn alloc_stmt(&mut self, stmt: Stmt, range: TextRange) -> StmtId {
        self.stmt_ranges.push(range);
        self.stmts.alloc(stmt)
    }

    pub fn expr_range(&self, id: ExprId) -> TextRange {
        self.expr_ranges
            .get(id.into_raw().into_u32() as usize)
            .copied()
            .unwrap_or_default()
    }

    pub fn anchor(&self, id: ExprId) -> TextRange {
        self.anchors
            .get(&id)
            .copied()
            .unwrap_or_else(|| self.expr_range(id))
    }

    pub fn stmt_range(&self, id: StmtId) -> TextRange {
        self.stmt_ranges
            .get(id.into_raw().into_u32() as usize)
            .copied()
            .unwrap_or_default()
    }

    /// The innermost expression whose range contains `offset` (relative).
    pub fn expr_at(&self, offset: u32) -> Option<ExprId> {
        self.exprs
            .iter()
            .map(|(id, _)| (id, self.expr_range(id)))
            .filter(|(_, r)| r.start <= offset && offset <= r.end && !r.is_empty())
            .min_by_key(|(_, r)| r.len())
            .map(|(id, _)| id)
    }
}
