//! Duplicates: a pattern identical to an earlier one after symmetry is an error.

use std::collections::HashMap;

use crate::diag::{Diagnostic, Span};
use crate::ir::{Pattern, Point, PointRef, Transform};

/// The label-name-independent identity of a pattern under a transformation.
fn identity_key(p: &Pattern, t: Transform) -> (Vec<Point>, Vec<(i32, i32)>, Vec<String>) {
    let (points, _) = p.transformed(t);
    let at = |r: PointRef| match r {
        PointRef::Anchor => "(0,0)".to_string(),
        PointRef::Label(i) => {
            let (dx, dy) = t.apply(p.labels[i].dx, p.labels[i].dy);
            format!("({dx},{dy})")
        }
    };
    let targets = p.labels[..p.targets]
        .iter()
        .map(|l| t.apply(l.dx, l.dy))
        .collect();
    let mut conds: Vec<String> = p.conditions.iter().map(|c| c.render_with(&at)).collect();
    conds.sort();
    // A prior feature pattern stands for its feature level, not for its figure.
    if let Some((name, level)) = &p.feature {
        conds.push(format!("feature {name} {level}"));
    }
    (points, targets, conds)
}

/// Reports every pattern identical to an earlier one under some kept transformation.
pub(super) fn check(patterns: &[Pattern], spans: &[Span], errors: &mut Vec<Diagnostic>) {
    type Key = (Vec<Point>, Vec<(i32, i32)>, Vec<String>);
    let mut seen: HashMap<Key, (usize, Transform)> = HashMap::new();
    for (i, p) in patterns.iter().enumerate() {
        let mut reported = false;
        for &t in &p.transforms {
            let key = identity_key(p, t);
            if let Some(&(j, s)) = seen.get(&key) {
                if !reported && j != i {
                    reported = true;
                    let q = &patterns[j];
                    // t(p) == s(q), so p == u(q) with u = t⁻¹ ∘ s.
                    let u = t.inverse().after(s);
                    let how = if u == Transform::Identity {
                        String::new()
                    } else {
                        format!(" transformed by `{}`", u.name())
                    };
                    errors.push(
                        Diagnostic::new(
                            spans[i],
                            format!(
                                "pattern `{}` is identical to pattern `{}`{how}",
                                p.name, q.name
                            ),
                        )
                        .note(format!(
                            "`{}` is defined on line {}; same figure, targets and conditions after symmetry",
                            q.name, q.line
                        )),
                    );
                }
            } else {
                seen.insert(key, (i, t));
            }
        }
    }
}
