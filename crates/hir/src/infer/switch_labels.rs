//! The labels of one `switch`: at most one `default:` (slangc E30602) and no two `case`s with
//! the same constant value (slangc E30605). Lowering and the IR take both for granted.

use super::InferCtx;
use super::const_eval::const_eval;
use crate::body::SwitchCase;

impl InferCtx<'_, '_> {
    pub(super) fn check_switch_labels(&mut self, cases: &[SwitchCase]) {
        let mut seen_default = false;
        let mut seen_values: Vec<i64> = Vec::new();
        for case in cases {
            match case.value {
                None if seen_default => {
                    let msg =
                        "multiple `default` cases are not allowed within a `switch` statement";
                    self.error("E2047", msg, case.label);
                }
                None => seen_default = true,
                Some(value) => {
                    // Values the front end cannot fold (generic value parameters) are left to
                    // lowering, which knows them per instance.
                    // `E.A` is a member access that inference resolved (the labels are
                    // checked after the case values are inferred).
                    let enum_case = match self.result.resolutions.get(&value) {
                        Some(super::ExprRes::EnumCase(d, i)) => {
                            crate::resolve::enum_case_value(self.db, self.file, *d, *i)
                        }
                        _ => None,
                    };
                    let value =
                        enum_case.or_else(|| const_eval(self.db, &self.resolver, self.body, value));
                    let Some(v) = value else {
                        continue;
                    };
                    if seen_values.contains(&v) {
                        let msg = format!(
                            "duplicate case value {v}: duplicate cases are not allowed within a `switch` statement"
                        );
                        self.error("E2048", msg, case.label);
                    } else {
                        seen_values.push(v);
                    }
                }
            }
        }
    }
}
