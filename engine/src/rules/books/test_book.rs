//! A book of the engine's tests, to show that a book made of existing settings is one file
//! (and one line in the registry): the 2011 book's moves and weighing, its cycles ruled only
//! at the third occurrence and without the nine-round rule, as the Asian rules find them.

use super::{axf, cxa2011, Entry};
use crate::rules::rulebook::{RuleBook, RuleBookId};

pub(crate) const ID: RuleBookId = RuleBookId::new("test-threefold");
pub(crate) const ENTRY: Entry = Entry { id: ID, book };

pub(crate) fn book() -> RuleBook {
    RuleBook {
        id: ID,
        title: "测试用：《象棋竞赛规则》2011，三次重复方判",
        description: "the 2011 book, a cycle ruled at the third occurrence (a test book)",
        differences: vec!["a cycle is ruled when its position has occurred three times"],
        cycle: axf::CYCLE,
        ..cxa2011::book()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, parse_moves};
    use crate::rules::{judge, Verdict};
    use crate::SetupMode;

    #[test]
    fn the_test_book_is_registered_and_ruled_with() {
        assert_eq!(RuleBookId::from_name("test-threefold"), Some(ID));
        let named = RuleBook::by_name("test-threefold").expect("registered");
        assert_eq!(named, book());
        assert_eq!(format!("{ID:?}"), "TestThreefold");
        assert!(!RuleBookId::ALL.contains(&ID), "not a published book");

        let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard)
            .expect("a legal position");
        let round = parse_moves(&start, "f0e0 e8f8 e0f0 f8e8").expect("moves");
        let twice = judge(&start, &round, &named).expect("legal moves");
        assert_eq!(twice.book, ID);
        assert_eq!(twice.verdict, Verdict::NoRepetition, "two occurrences");
        let thrice = judge(&start, &round.repeat(2), &named).expect("legal moves");
        let cxa = judge(&start, &round, &RuleBook::cxa2011()).expect("legal moves");
        assert_ne!(cxa.verdict, Verdict::NoRepetition);
        assert_eq!(thrice.verdict, cxa.verdict, "the 2011 book's ruling, later");
    }
}
