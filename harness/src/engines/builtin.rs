//! qili's own engine as an adapter: it reads the request (FEN and ICCS, as an external adapter
//! would) and answers with its verdict and a label for every ply, so its answers go through
//! the same comparison as every other engine's.

use std::panic::{catch_unwind, AssertUnwindSafe};

use qili::notation::{fen, iccs};
use qili::rules::{judge_in, RuleBook, RuleBookId, Scope, Work};

use super::protocol::{Reply, Request};

/// The built-in adapter's name in reports.
pub const NAME: &str = "qili";

/// Answer one request with qili's ruling.
pub fn ask(request: &Request) -> Reply {
    let Some(id) = RuleBookId::from_name(&request.rules) else {
        return Reply::Answer {
            verdict: None,
            labels: None,
            note: Some(format!("no rule book {:?} in qili", request.rules)),
        };
    };
    let book = RuleBook::get(id);
    let start = match fen::parse(&request.fen, book.setup) {
        Ok(p) => p,
        Err(e) => return Reply::AdapterError(format!("the FEN {:?}: {e}", request.fen)),
    };
    let mut moves = Vec::with_capacity(request.moves.len());
    for (i, m) in request.moves.iter().enumerate() {
        match iccs::parse(m) {
            Ok(m) => moves.push(m),
            Err(e) => return Reply::AdapterError(format!("ply {} ({m}): {e}", i + 1)),
        }
    }
    // Within a ruling's budget, as the main run's ruling of the same case is: a case of the
    // densest plies costs each of them at most that (attack 2 of issue 30), and its answers are
    // the main run's.
    let mut work = Work::new(qili_io::bounds::MAX_RULING_WORK);
    match catch_unwind(AssertUnwindSafe(|| {
        judge_in(&start, &moves, &book, Scope::AllPlies, &mut work)
    })) {
        Ok(Ok(ruling)) => Reply::Answer {
            verdict: Some(ruling.verdict),
            labels: Some(ruling.plies.iter().map(|p| Some(p.label)).collect()),
            note: None,
        },
        Ok(Err(e)) => Reply::AdapterError(format!("the engine refused the moves: {e}")),
        Err(_) => Reply::AdapterError("the engine panicked".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::rules::{Label, Verdict};

    fn request(rules: &str, fen: &str, moves: &[&str]) -> Request {
        Request {
            id: "t".into(),
            rules: rules.into(),
            fen: fen.into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            moves_to_threefold: Vec::new(),
        }
    }

    #[test]
    fn it_rules_a_perpetual_check() {
        // 图6: red checks on and off with its rook and cannot change.
        let r = ask(&request(
            "cxa2011",
            "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
            &["f0e0", "e8f8", "e0f0", "f8e8"],
        ));
        let Reply::Answer {
            verdict, labels, ..
        } = r
        else {
            panic!("{r:?}")
        };
        assert_eq!(verdict, Some(Verdict::RedLoses));
        assert_eq!(labels.unwrap()[0], Some(Label::Check));
    }

    #[test]
    fn bad_requests_are_errors_and_unknown_books_unsupported() {
        let r = ask(&request("cxa2011", "not a fen", &[]));
        assert!(matches!(r, Reply::AdapterError(m) if m.contains("not a fen")));
        let r = ask(&request(
            "cxa2011",
            "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
            &["f0e0", "zz"],
        ));
        assert!(matches!(r, Reply::AdapterError(m) if m.starts_with("ply 2 (zz)")));
        let r = ask(&request("fide", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", &[]));
        assert!(matches!(r, Reply::Answer { verdict: None, .. }));
    }
}
