//! Entry-point rules: an entry point is concrete (no generic parameters), its system-value
//! semantics have the types and stages the semantic is defined for, and a derivative group
//! (`[DerivativeGroupLinear]`, `[DerivativeGroupQuad]`) has a thread count it can be built from.

use base_db::Db;

use crate::data::{AttrArg, FnKind, ParamDir};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::infer::fn_sig;
use crate::lower;
use crate::ty::{Len, ScalarKind, Ty};

pub(super) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    if data.in_type || data.kind != FnKind::Free {
        return;
    }
    let shader = data.attr("shader");
    let numthreads = data.attr("numthreads");
    if shader.is_none() && numthreads.is_none() {
        return;
    }
    // E2203: the stage runs the function as written; nothing supplies generic arguments.
    if let Some(first) = data.generics.first() {
        let names: Vec<&str> = data.generics.iter().map(|g| g.name.as_str()).collect();
        out.push(Diag::error(
            "E2203",
            format!(
                "entry point `{}` has generic parameters (`{}`), and nothing specialises them: make the entry point concrete (an interface-typed parameter, or a concrete type in place of `{}`), and call a generic helper from it",
                data.name,
                names.join(", "),
                first.name
            ),
            data.name_range,
        ));
    }
    check_derivative_group(&data, out);
    let stage = shader.and_then(|a| match a.args.first() {
        Some(AttrArg::String(s)) => Some(s.clone()),
        _ => None,
    });
    let stage = stage.unwrap_or_else(|| "compute".to_string());
    let sig = fn_sig(db, func);
    // E2222 / E2223: system-value semantics of the parameters and the result.
    for (i, p) in data.params.iter().enumerate() {
        let Some((semantic, _)) = &p.semantic else {
            continue;
        };
        let Some(ty) = sig.params.get(i).map(|p| &p.ty) else {
            continue;
        };
        check_semantic_type(db, semantic, ty, p.name_range, out);
        if !matches!(p.modifiers.dir, ParamDir::Out)
            && let Some(stages) = input_stages(semantic)
            && !stages.contains(&canonical_stage(&stage))
        {
            out.push(Diag::error(
                "E2223",
                format!(
                    "system value semantic '{semantic}' cannot be used as input in the '{stage}' stage: it is an input of the {} stage only; pass the value from there in a user semantic (`: TEXCOORD0`) instead",
                    stages.join("/")
                ),
                p.name_range,
            ));
        }
    }
    if let Some(semantic) = &data.ret_semantic {
        check_semantic_type(db, semantic, &sig.ret, data.name_range, out);
    }
}

fn canonical_stage(stage: &str) -> &str {
    match stage {
        "pixel" => "fragment",
        other => other,
    }
}

/// The stages whose input a system value is, for those that exist in one group of stages only.
fn input_stages(semantic: &str) -> Option<&'static [&'static str]> {
    let s = semantic.to_ascii_lowercase();
    Some(match s.as_str() {
        "sv_vertexid" => &["vertex"],
        "sv_dispatchthreadid" | "sv_groupid" | "sv_groupthreadid" | "sv_groupindex" => {
            &["compute", "mesh", "amplification"]
        }
        "sv_isfrontface" => &["fragment"],
        _ => return None,
    })
}

/// E2222: the types a system value has.
fn check_semantic_type(
    db: &dyn Db,
    semantic: &str,
    ty: &Ty,
    range: crate::TextRange,
    out: &mut Vec<Diag>,
) {
    if ty.has_unknown() {
        return;
    }
    let s = semantic.to_ascii_lowercase();
    let scalar_of = |ty: &Ty| match ty {
        Ty::Scalar(k) => Some((*k, 1)),
        Ty::Vector(e, Len::Known(n)) => match &**e {
            Ty::Scalar(k) => Some((*k, *n)),
            _ => None,
        },
        _ => None,
    };
    let integer = |k: ScalarKind| matches!(k, ScalarKind::Int | ScalarKind::UInt);
    let (ok, expected) = match s.as_str() {
        "sv_position" => (
            matches!(
                scalar_of(ty),
                Some((ScalarKind::Float | ScalarKind::Half, 2..=4))
            ),
            "'float4' (or 'float3', 'float2')",
        ),
        // (The compute stage's system values are checked with the entry point, in `check`.)
        "sv_vertexid" | "sv_instanceid" | "sv_primitiveid" => (
            matches!(scalar_of(ty), Some((k, 1)) if integer(k)),
            "'uint' (or 'int')",
        ),
        "sv_isfrontface" => (
            matches!(scalar_of(ty), Some((ScalarKind::Bool, 1))),
            "'bool'",
        ),
        _ => return,
    };
    if !ok {
        out.push(Diag::error(
            "E2222",
            format!(
                "type '{}' is not valid for system value semantic '{semantic}'; expected {expected}: change the type, or use a user semantic for other data",
                crate::display_ty(db, ty)
            ),
            range,
        ));
    }
}

/// E2224: a derivative group needs a thread count it can split into groups of four.
fn check_derivative_group(data: &crate::data::FnData, out: &mut Vec<Diag>) {
    let Some(numthreads) = data.attr("numthreads") else {
        return;
    };
    let dims: Vec<i64> = numthreads
        .args
        .iter()
        .map(|a| match a {
            AttrArg::Int(v) => Some(*v),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    if dims.is_empty() {
        return;
    }
    let dim = |i: usize| dims.get(i).copied().unwrap_or(1);
    if let Some(attr) = data.attr("DerivativeGroupLinear") {
        let total = dim(0) * dim(1) * dim(2);
        if total % 4 != 0 {
            out.push(Diag::error(
                "E2224",
                format!(
                    "`[DerivativeGroupLinear]` needs a total thread count that is a multiple of 4, and `numthreads` gives {total}: change the workgroup size"
                ),
                attr.range,
            ));
        }
    }
    if let Some(attr) = data.attr("DerivativeGroupQuad")
        && (dim(0) % 2 != 0 || dim(1) % 2 != 0)
    {
        out.push(Diag::error(
            "E2224",
            format!(
                "`[DerivativeGroupQuad]` needs the X and Y thread counts to be multiples of 2, and `numthreads` gives {} x {}: change the workgroup size",
                dim(0),
                dim(1)
            ),
            attr.range,
        ));
    }
}
