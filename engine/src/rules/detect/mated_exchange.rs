//! `24.4.mated-exchange`: an exchange that only seems offered, since taking gets the taker
//! mated at once: 杀 (24.4, 24.2; 《棋例的新变革》图3). It threatens nothing by itself, so a real
//! chase (参考图25) names the move first.

use crate::rules::classify::{placed, Classifier};
use crate::rules::detect::{Ply, Read};
use crate::rules::idle as kinds;
use crate::rules::rulebook::ExchangeKinds;
use crate::rules::Finding;

/// Where an exchange or a gift outweighs an attack, no trap can name the move: none is sought.
pub(crate) fn detect(c: &mut Classifier<'_>, ply: &Ply<'_>, r: &Read) -> Option<Finding> {
    if !r.upgrade {
        return None;
    }
    let same_kind = c.book.exchange_kinds == ExchangeKinds::SameKind;
    let traps = kinds::exchange_traps(&mut c.searcher, ply.before, ply.mv, &ply.after, same_kind);
    let &trap = traps.first()?;
    let line = kinds::trap_line(&mut c.searcher, &ply.after, trap);
    Some(Finding::MatedExchange {
        offered: placed(&ply.after, trap.offered),
        partner: placed(&ply.after, trap.partner),
        line,
    })
}
