//! Lambdas: capture tracking across the enclosing scopes, lambda bodies and their return types.

use std::sync::Arc;

use crate::TextRange;
use crate::body::*;
use crate::data::GenericParamKind;
use crate::ids::{GenericOwner, GenericParamId, GlobalId, ItemKind, TypeDeclId};
use crate::lower;
use crate::ty::{GenericArg, LambdaOwner, LambdaTy, Len, Ty};
use base_db::Db;

use super::{Capture, InferCtx, LambdaFrame, LambdaInfo};

impl<'a, 'db> InferCtx<'a, 'db> {
    /// The local named `name` and the index of the scope declaring it.
    pub(super) fn lookup_local_depth(&self, name: &str) -> Option<(LocalId, usize)> {
        self.scopes.iter().enumerate().rev().find_map(|(depth, s)| {
            s.iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, l)| (*l, depth))
        })
    }

    /// A read of an enclosing function's local (declared in scope `depth`) or parameter
    /// (`depth` 0) from inside lambdas: each lambda it crosses captures it.
    pub(super) fn note_capture(&mut self, capture: Capture, depth: usize) {
        for frame in self.lambda_frames.iter_mut().rev() {
            if depth >= frame.boundary {
                break;
            }
            if !frame.captures.contains(&capture) {
                frame.captures.push(capture);
            }
        }
    }

    /// Whether `capture` is a value the innermost lambda copied (read-only inside it).
    pub(super) fn is_captured(&self, capture: Capture) -> bool {
        self.lambda_frames
            .last()
            .is_some_and(|f| f.captures.contains(&capture))
    }

    /// `(float a, float b) => a * b`, `(int i) => { ...; return v; }`: the parameters' declared
    /// types and the body's (first `return`'s) type make the lambda's type.
    pub(super) fn infer_lambda(&mut self, e: ExprId, params: &[LocalId], body: LambdaBody) -> Ty {
        let mut param_tys = Vec::new();
        for p in params {
            let data = &self.body.locals[*p];
            let ty = match &data.ty {
                Some(t) => {
                    let mut diags = Vec::new();
                    let ty = self.resolver.resolve_type(t, &mut diags);
                    self.result.diags.extend(diags);
                    ty
                }
                None => Ty::Unknown,
            };
            self.set_local_ty(*p, ty.clone());
            param_tys.push(ty);
        }
        self.lambda_frames.push(LambdaFrame {
            boundary: self.scopes.len(),
            captures: Vec::new(),
            ret: None,
        });
        self.scopes.push(Vec::new());
        for p in params {
            self.declare(*p);
        }
        // `break`/`continue` inside the body cannot leave a loop around the lambda.
        let depths = (self.loop_depth, self.switch_depth);
        (self.loop_depth, self.switch_depth) = (0, 0);
        let ret = match body {
            LambdaBody::Expr(x) => self.infer_expr(x, None),
            LambdaBody::Block(b) => {
                self.infer_stmt(b);
                None.or_else(|| self.lambda_frames.last()?.ret.clone())
                    .map_or(Ty::Void, |(t, _)| t)
            }
        };
        (self.loop_depth, self.switch_depth) = depths;
        self.scopes.pop();
        let frame = self.lambda_frames.pop();
        let captures = frame.map(|f| f.captures).unwrap_or_default();
        let (owner, owner_args) = match (self.owner, self.global_owner) {
            (Some(f), _) => (LambdaOwner::Function(f), self.function_owner_args(f)),
            (None, Some(g)) => (LambdaOwner::Global(g), global_owner_args(self.db, g)),
            (None, None) => {
                self.error(
                    "E4001",
                    "lambda expressions outside functions and global initialisers are not supported yet",
                    self.range(e),
                );
                return Ty::Unknown;
            }
        };
        let ty = Arc::new(LambdaTy {
            owner,
            expr: e,
            params: param_tys,
            ret,
            owner_args,
        });
        self.result.lambdas.insert(
            e,
            LambdaInfo {
                params: params.to_vec(),
                this_ty: captures
                    .contains(&Capture::This)
                    .then(|| self.resolver.self_ctx.as_ref().map(|c| c.ty.clone()))
                    .flatten(),
                captures,
                ty: ty.clone(),
            },
        );
        Ty::Lambda(ty)
    }

    /// The generic arguments of the function `f` owning a lambda: its own parameters.
    fn function_owner_args(&self, f: crate::ids::FunctionId) -> Vec<GenericArg> {
        let declared = lower::fn_data(self.db, f).generics.clone();
        self.sig.map_or_else(Vec::new, |s| {
            s.generics
                .iter()
                .map(|g| {
                    let is_value = declared
                        .get(g.index as usize)
                        .is_some_and(|d| matches!(d.kind, GenericParamKind::Value { .. }));
                    param_arg(g, is_value)
                })
                .collect()
        })
    }

    /// `return v;` inside a lambda's block: the first one gives the lambda's result type and
    /// the others must return the same type (slangc E30111).
    pub(super) fn infer_lambda_return(&mut self, value: Option<ExprId>, range: TextRange) {
        let (ty, at) = match value {
            Some(v) => (self.infer_expr(v, None), self.range(v)),
            None => (Ty::Void, range),
        };
        let Some(frame) = self.lambda_frames.last_mut() else {
            return;
        };
        let first = match &frame.ret {
            None => {
                frame.ret = Some((ty, at));
                return;
            }
            Some((first, _)) => first.clone(),
        };
        if first != ty && !first.has_unknown() && !ty.has_unknown() {
            let msg = format!(
                "returned values must have the same type among all `return` statements inside a lambda expression: returned `{}` here, but `{}` previously",
                self.display(&ty),
                self.display(&first)
            );
            self.error("E2013", msg, range);
        }
    }
}

/// A generic parameter standing for itself, as a type or a value argument.
fn param_arg(g: &GenericParamId, is_value: bool) -> GenericArg {
    if is_value {
        GenericArg::Value(Len::Param(g.clone()))
    } else {
        GenericArg::Type(Ty::Param(g.clone()))
    }
}

/// The generic parameters of the struct declaring the static member `g` (none for a global
/// outside a type): a lambda in the initialiser of `static int m` in `S<let N : int>` is one
/// type per instance of `S`.
pub fn global_owner_params(db: &dyn Db, g: GlobalId) -> Vec<(GenericParamId, bool)> {
    let Some(parent) = g.loc(db).parent() else {
        return Vec::new();
    };
    if !matches!(parent.kind(), Some(ItemKind::Struct)) {
        return Vec::new();
    }
    let decl = TypeDeclId::new(db, parent);
    lower::type_decl_data(db, decl)
        .generics
        .iter()
        .enumerate()
        .map(|(i, d)| {
            (
                GenericParamId {
                    owner: GenericOwner::TypeDecl(decl),
                    index: i as u32,
                    name: d.name.clone(),
                },
                matches!(d.kind, GenericParamKind::Value { .. }),
            )
        })
        .collect()
}

fn global_owner_args(db: &dyn Db, g: GlobalId) -> Vec<GenericArg> {
    global_owner_params(db, g)
        .iter()
        .map(|(p, is_value)| param_arg(p, *is_value))
        .collect()
}
