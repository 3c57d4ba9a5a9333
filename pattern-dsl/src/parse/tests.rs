use super::*;

fn cond(src: &str) -> Result<Expr, Vec<Diagnostic>> {
    let text = format!("pattern p {{\n|*|\nif {src}\n}}\n");
    let (file, errors) = parse(&text);
    if !errors.is_empty() {
        return Err(errors);
    }
    match &file.patterns[0].statements[0] {
        Statement::If { expr, .. } => Ok(expr.clone()),
        other => panic!("{other:?}"),
    }
}

fn show(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Star => "*".into(),
        ExprKind::Call(n, args) => format!(
            "{}({})",
            n.name,
            args.iter().map(show).collect::<Vec<_>>().join(",")
        ),
        ExprKind::Unary(UnOp::Not, e) => format!("!{}", show(e)),
        ExprKind::Unary(UnOp::Neg, e) => format!("-{}", show(e)),
        ExprKind::Binary(op, l, r) => format!("[{} {} {}]", show(l), op.symbol(), show(r)),
        ExprKind::Paren(e) => format!("({})", show(e)),
    }
}

#[test]
fn precedence() {
    assert_eq!(
        show(&cond("lib(a) + 1 <= 3 && !ko(*) || connected(A, B)").unwrap()),
        "[[[[lib(a) + 1] <= 3] && !ko(*)] || connected(A,B)]"
    );
    assert_eq!(
        show(&cond("1 - 2 - 3 == -4").unwrap()),
        "[[[1 - 2] - 3] == -4]"
    );
    assert_eq!(show(&cond("!(a != b)").unwrap()), "!([a != b])");
    assert_eq!(show(&cond("f()").unwrap()), "f()");
}

#[test]
fn spans_cover_the_expression() {
    let text = "pattern p {\n|*|\nif lib(a) > 2 // c\n}\n";
    let (file, errors) = parse(text);
    assert!(errors.is_empty(), "{errors:?}");
    let Statement::If { expr, .. } = &file.patterns[0].statements[0] else {
        panic!()
    };
    assert_eq!(&text[expr.span.start..expr.span.end], "lib(a) > 2");
}

#[test]
fn syntax_errors() {
    for bad in ["lib(a", "lib(a) &&", "a < b < c", "(1", "1 2", "lib(a,)"] {
        assert!(cond(bad).is_err(), "{bad}");
    }
}
