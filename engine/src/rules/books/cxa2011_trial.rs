//! The 2011 book's trial edition (2011 试行), used for about three years before the final
//! (seed 001: its 24.3 and 24.4; digest §1.7). Only what a move is differs.

use super::{cxa2011, Entry};
use crate::rules::rulebook::{ExchangeKinds, RuleBook, RuleBookId};

pub(crate) const ID: RuleBookId = RuleBookId::new("cxa2011-trial");
pub(crate) const ENTRY: Entry = Entry { id: ID, book };

pub(crate) fn book() -> RuleBook {
    RuleBook {
        id: ID,
        title: "《象棋竞赛规则》2011（试行版）",
        description: "《象棋竞赛规则》2011 试行版 (trial edition, before the final of 2011)",
        differences: vec![
            "24.3 捉: winning material by a series of checks or by a discovered attack (抽吃子) counts; a single check that wins material does not (the final added 将军得子 and dropped 抽吃子 as covered)",
            "24.4 兑: pieces of different kinds but equal value (马 and 炮) may be exchanged (the final: same kind only)",
        ],
        // What a move is.
        single_check_wins: false,
        exchange_kinds: ExchangeKinds::EqualValue,
        ..cxa2011::book()
    }
}
