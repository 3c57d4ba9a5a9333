//! The `if` conditions: type-checked into IR expressions against the registry.

use crate::ast::{self, BinOp, ExprKind, UnOp};
use crate::diag::{Diagnostic, Span};
use crate::ir::{Cell, Expr, PointRef};
use crate::registry::{self, ArgKind, Type};

use super::{LabelDef, PatternValidator};

impl PatternValidator<'_> {
    pub(super) fn conditions(&mut self, labels: &[LabelDef]) -> Vec<Expr> {
        let mut out = Vec::new();
        for st in &self.def.statements {
            let ast::Statement::If { expr, .. } = st else {
                continue;
            };
            if let Some((e, ty)) = self.check(expr, labels) {
                if ty == Type::Bool {
                    out.push(e);
                } else {
                    self.error(
                        Diagnostic::new(
                            expr.span,
                            format!("condition must be bool, found {}", ty.name()),
                        )
                        .note("compare it, e.g. `lib(A) > 1`"),
                    );
                }
            }
        }
        out
    }

    /// Type-checks an expression. `None` after an error (already reported).
    fn check(&mut self, e: &ast::Expr, labels: &[LabelDef]) -> Option<(Expr, Type)> {
        match &e.kind {
            ExprKind::Int(v) => match i32::try_from(*v) {
                Ok(v) => Some((Expr::Int(v), Type::Int)),
                Err(_) => {
                    self.error(Diagnostic::new(
                        e.span,
                        "integer out of range (a 32-bit signed integer is expected)",
                    ));
                    None
                }
            },
            ExprKind::Star => Some((Expr::Int(0), Type::Point)),
            ExprKind::Name(n) => match n.as_str() {
                "true" => Some((Expr::Bool(true), Type::Bool)),
                "false" => Some((Expr::Bool(false), Type::Bool)),
                _ => {
                    if let Some(&(_, v)) = registry::CONSTANTS.iter().find(|c| c.0 == n) {
                        return Some((Expr::Int(v), Type::Int));
                    }
                    if registry::lookup(n).is_some() {
                        self.error(Diagnostic::new(
                            e.span,
                            format!("`{n}` is a predicate; call it, e.g. `{n}(A)`"),
                        ));
                        return None;
                    }
                    self.resolve_label(n, e.span, labels)
                        .map(|i| (Expr::Int(i as i32), Type::Point))
                }
            },
            ExprKind::Paren(inner) => self.check(inner, labels),
            ExprKind::Unary(op, inner) => {
                let (ie, ty) = self.check(inner, labels)?;
                let want = if *op == UnOp::Not {
                    Type::Bool
                } else {
                    Type::Int
                };
                let sym = if *op == UnOp::Not { "!" } else { "-" };
                if ty != want {
                    self.type_error(inner.span, want, ty, &format!("operand of `{sym}`"));
                    return None;
                }
                Some(match (op, ie) {
                    (UnOp::Neg, Expr::Int(v)) => (Expr::Int(v.wrapping_neg()), Type::Int),
                    (UnOp::Neg, ie) => (Expr::Neg(Box::new(ie)), Type::Int),
                    (UnOp::Not, ie) => (Expr::Not(Box::new(ie)), Type::Bool),
                })
            }
            ExprKind::Binary(op, l, r) => {
                let lc = self.check(l, labels);
                let rc = self.check(r, labels);
                let ((le, lt), (re, rt)) = (lc?, rc?);
                let what = format!("operand of `{}`", op.symbol());
                let (operand, result) = match op {
                    BinOp::Or | BinOp::And => (Type::Bool, Type::Bool),
                    BinOp::Add | BinOp::Sub => (Type::Int, Type::Int),
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Type::Int, Type::Bool),
                    BinOp::Eq | BinOp::Ne => {
                        if lt == Type::Point || rt == Type::Point {
                            let s = if lt == Type::Point { l.span } else { r.span };
                            self.error(
                                Diagnostic::new(s, "points cannot be compared")
                                    .note("points are only passed to predicates; compare e.g. `lib(a) == lib(b)`"),
                            );
                            return None;
                        }
                        if lt != rt {
                            self.type_error(r.span, lt, rt, &what);
                            return None;
                        }
                        (lt, Type::Bool)
                    }
                };
                let mut ok = true;
                if lt != operand {
                    self.type_error(l.span, operand, lt, &what);
                    ok = false;
                }
                if rt != operand {
                    self.type_error(r.span, operand, rt, &what);
                    ok = false;
                }
                ok.then(|| (Expr::Binary(*op, Box::new(le), Box::new(re)), result))
            }
            ExprKind::Call(name, args) => {
                let Some(pred) = registry::lookup(&name.name) else {
                    let names: Vec<&str> = registry::PREDICATES.iter().map(|p| p.name).collect();
                    self.error(
                        Diagnostic::new(name.span, format!("unknown predicate `{}`", name.name))
                            .note(format!("the predicates are: {}", names.join(", "))),
                    );
                    for a in args {
                        let _ = self.check(a, labels);
                    }
                    return None;
                };
                if args.len() != pred.args.len() {
                    let plural = if pred.args.len() == 1 { "" } else { "s" };
                    self.error(
                        Diagnostic::new(
                            e.span,
                            format!(
                                "`{}` takes {} argument{plural}, found {}",
                                pred.name,
                                pred.args.len(),
                                args.len()
                            ),
                        )
                        .note(format!("{}: {}", signature(pred), pred.doc)),
                    );
                    return None;
                }
                let mut points = Vec::new();
                let mut ok = true;
                for (a, &kind) in args.iter().zip(pred.args) {
                    match self.check(a, labels) {
                        Some((Expr::Int(i), Type::Point)) => {
                            let (point, cell, label) = if matches!(a.kind, ExprKind::Star) {
                                (PointRef::Anchor, Cell::Anchor, "*".to_string())
                            } else {
                                let l = &labels[i as usize];
                                (PointRef::Label(i as usize), l.cell, l.name.to_string())
                            };
                            let fits = match kind {
                                ArgKind::Stone => cell.may_be_stone(),
                                ArgKind::Empty => cell.may_be_empty(),
                                ArgKind::Any => cell != Cell::OffBoard,
                            };
                            if !fits {
                                let what = if cell == Cell::Anchor {
                                    "`*` is the (empty) move point".to_string()
                                } else {
                                    format!("`{label}` is on `{}`", cell.to_char())
                                };
                                self.error(
                                    Diagnostic::new(
                                        a.span,
                                        format!(
                                            "`{}` needs {}, but {what}",
                                            pred.name,
                                            kind.describe(),
                                        ),
                                    )
                                    .note(format!(
                                        "{}: {}",
                                        signature(pred),
                                        pred.doc
                                    )),
                                );
                                ok = false;
                            }
                            points.push(point);
                        }
                        Some((_, ty)) => {
                            self.error(
                                Diagnostic::new(
                                    a.span,
                                    format!(
                                        "argument of `{}` must be a point (a label or `*`), found {}",
                                        pred.name,
                                        ty.name()
                                    ),
                                )
                                .note(format!("{}: {}", signature(pred), pred.doc)),
                            );
                            ok = false;
                        }
                        None => ok = false,
                    }
                }
                ok.then_some((Expr::Call(pred.id, points), pred.result))
            }
        }
    }

    fn type_error(&mut self, span: Span, want: Type, found: Type, what: &str) {
        self.error(Diagnostic::new(
            span,
            format!(
                "type error: {what} must be {}, found {}",
                want.name(),
                found.name()
            ),
        ));
    }
}

/// `lib(stone) -> int`
pub fn signature(p: &registry::Predicate) -> String {
    let args: Vec<&str> = p
        .args
        .iter()
        .map(|a| match a {
            ArgKind::Stone => "stone",
            ArgKind::Empty => "empty",
            ArgKind::Any => "point",
        })
        .collect();
    format!("{}({}) -> {}", p.name, args.join(", "), p.result.name())
}
