//! The whole run as one library call, without writing anything: what `qili run` renders, what
//! the benches and `qili perf` time.

use crate::corpus::Corpus;
use crate::expectations::Expectations;
use crate::results::{self, Results};
use crate::{rulebooks, run};

/// Judge every selected case × edition under its own rule book (compared with what was
/// published) and under every other rule book (the comparison table), both in one rayon pool,
/// and put the results together.
pub fn results(corpus: &Corpus, expectations: &Expectations, options: &run::Options) -> Results {
    let (runs, others) = rayon::join(
        || run::judge_all(corpus, expectations, options),
        || rulebooks::judge_others(corpus, options),
    );
    let mut r = results::build(corpus, expectations, &runs, options);
    r.rule_books = rulebooks::table(&runs, &others);
    r
}
