//! `__intrinsic_asm "..."` for the WGSL target: inline code that only calls a WGSL builtin
//! function on the enclosing function's parameters (`"exp"`, `"sin($0)"`, `"max($1, $0)"`) is
//! that builtin's call; the core module has the same function under the same (or its HLSL)
//! name. Any other inline code stays unsupported (E4001 at lowering).

use super::*;

/// WGSL builtin functions whose core-module function has the same meaning, by WGSL name, with
/// the core module's name where it differs.
const WGSL_BUILTINS: &[(&str, &str)] = &[
    ("abs", "abs"),
    ("acos", "acos"),
    ("acosh", "acosh"),
    ("all", "all"),
    ("any", "any"),
    ("asin", "asin"),
    ("asinh", "asinh"),
    ("atan", "atan"),
    ("atan2", "atan2"),
    ("atanh", "atanh"),
    ("ceil", "ceil"),
    ("clamp", "clamp"),
    ("cos", "cos"),
    ("cosh", "cosh"),
    ("countOneBits", "countbits"),
    ("cross", "cross"),
    ("degrees", "degrees"),
    ("determinant", "determinant"),
    ("distance", "distance"),
    ("dot", "dot"),
    ("dpdx", "ddx"),
    ("dpdy", "ddy"),
    ("exp", "exp"),
    ("exp2", "exp2"),
    ("floor", "floor"),
    ("fma", "fma"),
    ("fract", "frac"),
    ("fwidth", "fwidth"),
    ("inverseSqrt", "rsqrt"),
    ("length", "length"),
    ("log", "log"),
    ("log2", "log2"),
    ("max", "max"),
    ("min", "min"),
    ("mix", "lerp"),
    ("normalize", "normalize"),
    ("pow", "pow"),
    ("radians", "radians"),
    ("reflect", "reflect"),
    ("refract", "refract"),
    ("reverseBits", "reversebits"),
    ("round", "round"),
    ("saturate", "saturate"),
    ("sign", "sign"),
    ("sin", "sin"),
    ("sinh", "sinh"),
    ("smoothstep", "smoothstep"),
    ("sqrt", "sqrt"),
    ("step", "step"),
    ("tan", "tan"),
    ("tanh", "tanh"),
    ("transpose", "transpose"),
    ("trunc", "trunc"),
];

/// The core-module function and the parameter indices of inline WGSL `code` that calls one
/// builtin: `name` (every parameter in order) or `name($i, ...)`.
pub(super) fn wgsl_builtin_call(code: &str, params: usize) -> Option<(&'static str, Vec<usize>)> {
    let code = code.trim();
    let (name, args) = match code.split_once('(') {
        None => (code, (0..params).collect()),
        Some((name, rest)) => {
            let inner = rest.trim_end().strip_suffix(')')?;
            let mut args = Vec::new();
            if !inner.trim().is_empty() {
                for a in inner.split(',') {
                    let i: usize = a.trim().strip_prefix('$')?.parse().ok()?;
                    if i >= params {
                        return None;
                    }
                    args.push(i);
                }
            }
            (name.trim(), args)
        }
    };
    let (_, core) = WGSL_BUILTINS.iter().find(|(w, _)| *w == name)?;
    Some((core, args))
}

impl BodyLowerer {
    /// `__intrinsic_asm "exp";` in a function `T f(T x)`: `return exp(x);` when the code calls
    /// a WGSL builtin on the parameters (`None` otherwise, or when the function has the
    /// builtin's own name, which would call itself).
    pub(super) fn inline_wgsl(&mut self, node: &SyntaxNode, range: TextRange) -> Option<Stmt> {
        let code = tokens(node).find(|t| t.kind() == STRING)?;
        let code = code.text();
        let code = code.strip_prefix('"')?.strip_suffix('"')?;
        let func = node.ancestors().find(|a| a.kind() == FN)?;
        let params: Vec<SmolStr> = func
            .children()
            .filter(|c| c.kind() == PARAM_LIST)
            .flat_map(|l| l.children().filter(|p| p.kind() == PARAM))
            .map(|p| name_text(&p))
            .collect();
        let (callee, args) = wgsl_builtin_call(code, params.len())?;
        if name_text(&func) == callee {
            return None;
        }
        let callee = self
            .body
            .alloc_expr(Expr::Path(PathRef::single(callee.into(), range)), range);
        let args = args
            .into_iter()
            .map(|i| {
                let path = PathRef::single(params[i].clone(), range);
                self.body.alloc_expr(Expr::Path(path), range)
            })
            .collect();
        let call = self.body.alloc_expr(Expr::Call { callee, args }, range);
        let returns_void = func
            .children()
            .find(|c| is_type_kind(c.kind()))
            .is_none_or(|t| t.text() == "void");
        Some(if returns_void {
            Stmt::Expr(call)
        } else {
            Stmt::Return(Some(call))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::wgsl_builtin_call;

    #[test]
    fn inline_wgsl_builtin_calls() {
        assert_eq!(wgsl_builtin_call("exp", 1), Some(("exp", vec![0])));
        assert_eq!(wgsl_builtin_call("sin($0)", 1), Some(("sin", vec![0])));
        assert_eq!(
            wgsl_builtin_call(" mix($1, $0 , $2) ", 3),
            Some(("lerp", vec![1, 0, 2]))
        );
        assert_eq!(
            wgsl_builtin_call("inverseSqrt", 1),
            Some(("rsqrt", vec![0]))
        );
        // Out of range, other `$` forms, expressions and unknown names stay unsupported.
        assert_eq!(wgsl_builtin_call("sin($1)", 1), None);
        assert_eq!(wgsl_builtin_call("$P_exp($0)", 1), None);
        assert_eq!(wgsl_builtin_call("sin($0) * 2.0", 1), None);
        assert_eq!(wgsl_builtin_call("bitcast<f32>($0)", 1), None);
        assert_eq!(wgsl_builtin_call("select($0, $1, $2)", 3), None);
    }
}
