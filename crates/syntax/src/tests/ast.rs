//! Typed accessors on realistic code.

use crate::ast::*;
use expect_test::expect;

fn parse(text: &str) -> SourceFile {
    let parse = crate::parse(text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    parse.tree()
}

fn t<N: AstNode>(n: Option<N>) -> String {
    n.map(|n| n.syntax().text().to_string())
        .unwrap_or_else(|| "-".to_string())
}

#[test]
fn function_accessors() {
    let file = parse(
        "[Differentiable] [PreferRecompute]\npublic T f<T : IFoo, let N : int>(inout T x, no_diff float k[2] = {1, 2}) : SV_Target where T : IBar { return x; }",
    );
    let Some(Item::Fn(f)) = file.items().next() else {
        panic!("no fn")
    };
    let params: Vec<String> = f
        .params()
        .map(|p| {
            format!(
                "{} {} {} mods={:?} arrays={} default={}",
                t(p.ty()),
                t(p.name()),
                p.has_modifier(crate::SyntaxKind::INOUT_KW),
                p.modifiers()
                    .map(|m| m.text().to_string())
                    .collect::<Vec<_>>(),
                p.array_suffixes().count(),
                t(p.default_value())
            )
        })
        .collect();
    let generics: Vec<String> = f
        .generic_param_list()
        .into_iter()
        .flat_map(|l| l.params())
        .map(|g| match g {
            GenericParam::TypeParam(p) => format!("type {} : {}", t(p.name()), t(p.bound())),
            GenericParam::ValueParam(p) => format!("value {} : {}", t(p.name()), t(p.ty())),
        })
        .collect();
    let wheres: Vec<String> = f
        .where_clauses()
        .flat_map(|w| w.predicates())
        .map(|p| format!("{} : {}", t(p.ty()), t(p.bound())))
        .collect();
    let attrs: Vec<String> = f.attrs().filter_map(|a| a.name()).collect();
    expect![[r#"
        (
            "f",
            "T",
            [
                "Differentiable",
                "PreferRecompute",
            ],
            true,
            [
                "type T : IFoo",
                "value N : int",
            ],
            [
                "T x true mods=[\"inout\"] arrays=0 default=-",
                "float k false mods=[\"no_diff\"] arrays=1 default={1, 2}",
            ],
            [
                ": SV_Target",
            ],
            [
                "T : IBar",
            ],
            Some(
                1,
            ),
        )
    "#]]
    .assert_debug_eq(&(
        t(f.name()),
        t(f.ret_type()),
        attrs,
        f.has_modifier(crate::SyntaxKind::PUBLIC_KW),
        generics,
        params,
        f.semantics()
            .map(|s| s.syntax().text().to_string())
            .collect::<Vec<_>>(),
        wheres,
        f.body().map(|b| b.stmts().count()),
    ));
}

#[test]
fn struct_members() {
    let file = parse(
        "struct S : IDifferentiable { float a[3], b = 1; __init(float r) {} float m() { return a[0]; } property float p { get; } typealias D = S; }",
    );
    let Some(Item::Struct(s)) = file.items().next() else {
        panic!("no struct")
    };
    let members: Vec<String> = s
        .members()
        .map(|m| match m {
            Item::VarDecl(v) => format!(
                "var {} {:?}",
                t(v.ty()),
                v.declarators()
                    .map(|d| format!(
                        "{}[{}]={}",
                        t(d.name()),
                        d.array_suffixes().count(),
                        t(d.initializer())
                    ))
                    .collect::<Vec<_>>()
            ),
            Item::Init(i) => format!("init {}", i.params().count()),
            Item::Fn(f) => format!("fn {}", t(f.name())),
            Item::Property(p) => format!("property {} {}", t(p.name()), t(p.ty())),
            Item::Typealias(a) => format!("alias {} = {}", t(a.name()), t(a.ty())),
            other => format!("{other:?}"),
        })
        .collect();
    let bases: Vec<String> = s
        .base_list()
        .into_iter()
        .flat_map(|b| b.types())
        .map(|ty| ty.syntax().to_string())
        .collect();
    expect![[r#"
        (
            "S",
            [
                "IDifferentiable",
            ],
            [
                "var float [\"a[1]=-\", \"b[0]=1\"]",
                "init 1",
                "fn m",
                "property p float",
                "alias D = S",
            ],
        )
    "#]]
    .assert_debug_eq(&(t(s.name()), bases, members));
}

#[test]
fn statement_accessors() {
    let file = parse(
        "void f() { for (int i = 0; i < 4; i++) { if (let c = s as C) x = 1; else y = 2; } if (a) b(); while (k) k--; do { } while (q); switch (m) { case 1: case 2: r = 3; break; default: r = 4; } }",
    );
    let Some(Item::Fn(f)) = file.items().next() else {
        panic!("no fn")
    };
    let mut out = Vec::new();
    for stmt in f.body().unwrap().stmts() {
        out.push(match stmt {
            Stmt::ForStmt(s) => {
                let inner = match s.body() {
                    Some(Stmt::Block(b)) => b.stmts().next(),
                    _ => None,
                };
                let if_info = match inner {
                    Some(Stmt::IfStmt(i)) => format!(
                        "let={} cond={} then={} else={}",
                        t(i.let_condition()),
                        t(i.condition()),
                        t(i.then_branch()),
                        t(i.else_branch())
                    ),
                    _ => "-".to_string(),
                };
                format!(
                    "for init={} cond={} step={} | {}",
                    t(s.init()),
                    t(s.condition()),
                    t(s.step()),
                    if_info
                )
            }
            Stmt::IfStmt(i) => format!(
                "if cond={} then={} else={}",
                t(i.condition()),
                t(i.then_branch()),
                t(i.else_branch())
            ),
            Stmt::WhileStmt(w) => format!("while {} {}", t(w.condition()), t(w.body())),
            Stmt::DoStmt(d) => format!("do {} {}", t(d.body()), t(d.condition())),
            Stmt::SwitchStmt(s) => format!(
                "switch {} {:?}",
                t(s.expr()),
                s.clauses()
                    .map(|c| match &c {
                        SwitchClause::CaseClause(cc) =>
                            format!("case {} stmts={}", t(cc.value()), cc.stmts().count()),
                        SwitchClause::DefaultClause(d) =>
                            format!("default stmts={}", d.stmts().count()),
                    })
                    .collect::<Vec<_>>()
            ),
            other => format!("{other:?}"),
        });
    }
    expect![[r#"
        [
            "for init=int i = 0; cond=i < 4 step=i++ | let=let c = s as C cond=- then=x = 1; else=y = 2;",
            "if cond=a then=b(); else=-",
            "while k k--;",
            "do { } q",
            "switch m [\"case 1 stmts=0\", \"case 2 stmts=2\", \"default stmts=1\"]",
        ]
    "#]].assert_debug_eq(&out);
}

#[test]
fn expression_accessors() {
    let file = parse(
        "void f() { r = bwd_diff(g)(dp, 1.0) + (float)x * a[i].y ? T.dzero() : no_diff h(1); }",
    );
    let Some(Item::Fn(f)) = file.items().next() else {
        panic!("no fn")
    };
    let mut out = Vec::new();
    for node in f.syntax().descendants() {
        let Some(e) = Expr::cast(node) else { continue };
        out.push(match e {
            Expr::BinExpr(b) => format!("bin {:?} {} | {}", b.op_kind(), t(b.lhs()), t(b.rhs())),
            Expr::TernaryExpr(e) => format!(
                "ternary {} ? {} : {}",
                t(e.condition()),
                t(e.then_expr()),
                t(e.else_expr())
            ),
            Expr::CallExpr(c) => format!("call {} args={}", t(c.callee()), c.args().count()),
            Expr::DiffExpr(d) => format!("diff {:?} {}", d.kind(), t(d.function())),
            Expr::CastExpr(c) => format!("cast {} {}", t(c.ty()), t(c.expr())),
            Expr::FieldExpr(fe) => format!("field {} . {}", t(fe.receiver()), t(fe.name_ref())),
            Expr::IndexExpr(i) => format!("index {} [{}]", t(i.base()), t(i.index())),
            Expr::NoDiffExpr(n) => format!("no_diff {}", t(n.expr())),
            Expr::Literal(l) => format!("literal {:?}", l.kind()),
            Expr::PathExpr(p) => format!("path {}", t(p.name_ref())),
            other => format!("{:?}", other.syntax().kind()),
        });
    }
    expect![[r#"
        [
            "bin Some(EQ) r | bwd_diff(g)(dp, 1.0) + (float)x * a[i].y ? T.dzero() : no_diff h(1)",
            "path r",
            "ternary bwd_diff(g)(dp, 1.0) + (float)x * a[i].y ? T.dzero() : no_diff h(1)",
            "bin Some(PLUS) bwd_diff(g)(dp, 1.0) | (float)x * a[i].y",
            "call bwd_diff(g) args=2",
            "diff Some(Backward) g",
            "path g",
            "path dp",
            "literal Some(Float)",
            "bin Some(STAR) (float)x | a[i].y",
            "cast float x",
            "path x",
            "field a[i] . y",
            "index a [i]",
            "path a",
            "path i",
            "call T.dzero args=0",
            "field T . dzero",
            "path T",
            "no_diff h(1)",
            "call h args=1",
            "path h",
            "literal Some(Int)",
        ]
    "#]]
    .assert_debug_eq(&out);
}

#[test]
fn module_items() {
    let file = parse(
        "module m;\nimplementing m;\nimport a.b;\nimport \"f.slang\";\n__include \"h.slang\";\nnamespace x::y { enum E : uint { A = 1, B } }",
    );
    let out: Vec<String> = file
        .items()
        .map(|i| match i {
            Item::ModuleDecl(m) => format!("module {:?}", m.module_path().map(|p| p.dotted())),
            Item::Implementing(m) => {
                format!("implementing {:?}", m.module_path().map(|p| p.dotted()))
            }
            Item::Import(m) => format!(
                "import {:?} {:?}",
                m.module_path().map(|p| p.dotted()),
                m.file_string().map(|s| unquote(&s).to_string())
            ),
            Item::Include(m) => format!(
                "include {:?}",
                m.file_string().map(|s| unquote(&s).to_string())
            ),
            Item::Namespace(n) => {
                let e = n.items().next();
                let variants = match e {
                    Some(Item::Enum(e)) => e
                        .variants()
                        .map(|v| format!("{}={}", t(v.name()), t(v.value())))
                        .collect::<Vec<_>>(),
                    _ => vec![],
                };
                format!(
                    "namespace {:?} {:?}",
                    n.names().map(|n| n.text()).collect::<Vec<_>>(),
                    variants
                )
            }
            other => format!("{other:?}"),
        })
        .collect();
    expect![[r#"
        [
            "module Some(\"m\")",
            "implementing Some(\"m\")",
            "import Some(\"a.b\") None",
            "import None Some(\"f.slang\")",
            "include Some(\"h.slang\")",
            "namespace [\"x\", \"y\"] [\"A=1\", \"B=-\"]",
        ]
    "#]]
    .assert_debug_eq(&out);
}

#[test]
fn literal_values() {
    let file = parse(
        "float x = 0x1Fu + 017 + 42ull + 1.5f + .25 + 1e-3h + 2.lf + 3f;\nstring s = \"a\\tb\\\"c\\n\";",
    );
    let mut out = Vec::new();
    for tok in file
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        if let Some(i) = IntNumber::cast(tok.clone()) {
            out.push(format!(
                "int {} = {:?} suffix={:?} unsigned={} 64={}",
                i.text(),
                i.value(),
                i.suffix(),
                i.is_unsigned(),
                i.is_64_bit()
            ));
        } else if let Some(f) = FloatNumber::cast(tok.clone()) {
            out.push(format!(
                "float {} = {:?} suffix={:?}",
                f.text(),
                f.value(),
                f.suffix()
            ));
        } else if let Some(s) = StringLit::cast(tok) {
            out.push(format!("string {:?}", s.value()));
        }
    }
    expect![[r#"
        [
            "int 0x1Fu = Some(31) suffix=\"u\" unsigned=true 64=false",
            "int 017 = Some(15) suffix=\"\" unsigned=false 64=false",
            "int 42ull = Some(42) suffix=\"ull\" unsigned=true 64=true",
            "float 1.5f = Some(1.5) suffix=\"f\"",
            "float .25 = Some(0.25) suffix=\"\"",
            "float 1e-3h = Some(0.001) suffix=\"h\"",
            "float 2.lf = Some(2.0) suffix=\"lf\"",
            "float 3f = Some(3.0) suffix=\"f\"",
            "string \"a\\tb\\\"c\\n\"",
        ]
    "#]]
    .assert_debug_eq(&out);
}

#[test]
fn doc_comments() {
    let file = parse(
        "// licence header\n\n/// Squares.\n/// Twice.\nfloat sq(float x);\n/** Block\n * doc. */\nstruct S {\n    /// The radius.\n    float r;\n    float noDoc;\n}\n// plain comment\nfloat g();",
    );
    let mut out = Vec::new();
    for node in file.syntax().descendants() {
        if let Some(item) = Item::cast(node) {
            out.push(format!("{:?}", item.doc_comment()));
        }
    }
    expect![[r#"
        [
            "Some(\"Squares.\\nTwice.\")",
            "Some(\"Block\\ndoc.\")",
            "Some(\"The radius.\")",
            "None",
            "None",
        ]
    "#]]
    .assert_debug_eq(&out);
}
