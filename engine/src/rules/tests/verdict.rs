//! Cycles, verdicts and the evidence's shape.

use super::*;

#[test]
fn long_check_against_idle_loses_when_there_is_no_other_move() {
    // The mirror image of 图6: the rook is the only piece that can move.
    let r = ruling("6b2/4k4/9/9/9/9/9/9/6p2/1cBR1K3 w", "d0e0 e8d8 e0d0 d8e8");
    let cycle = r.cycle.as_ref().expect("repeats");
    assert_eq!(cycle.red.class, SideClass::LongCheck);
    assert_eq!(cycle.black.class, SideClass::Allowed);
    assert_eq!(r.verdict, Verdict::RedLoses);
    assert_eq!(cycle.red.summary, "长将");
}

#[test]
fn moves_that_do_not_repeat_are_not_judged() {
    let r = ruling("3akab2/9/9/9/9/9/9/9/4A4/3K5 w", "e1f2 e9e8");
    assert_eq!(r.verdict, Verdict::NoRepetition);
    assert!(r.cycle.is_none());
}

/// The rook checks nine times on three points (a9, a8, e8, e9) as the king steps about, and
/// positions come back without any occurring three times: the nine-round rule judges the
/// eighteen plies (red's 长将, red must change). With one round fewer, or where nothing came
/// back, no rule applies.
#[test]
fn nine_rounds_of_alternating_checks_are_judged_without_a_threefold_repetition() {
    use crate::notation::parse_moves;
    use crate::rules::CycleRule;
    let pos = fen::parse("4k4/9/9/9/R8/9/9/3A5/9/3K5 w", SetupMode::Standard).expect("legal");
    let nine = "车九进四 将5进1 车九退一 将5退1 车九进一 将5进1 车九退一 将5退1 车九平五 将5平6 \
                车五进一 将6进1 车五退一 将6退1 车五进一 将6进1 车五退一 将6进1";
    let moves = parse_moves(&pos, nine).expect("legal");
    let r = judge(&pos, &moves, &RuleBook::cxa2011()).expect("legal");
    let c = r.cycle.as_ref().expect("nine rounds");
    assert_eq!(
        c.rule,
        CycleRule::NineRounds {
            attacker: Color::Red
        }
    );
    assert_eq!((c.start, c.len), (0, 18));
    assert_eq!(c.red.summary, "长将");
    assert_eq!(r.verdict, Verdict::RedMustChange, "{}", r.reason);
    assert!(r.reason.contains("九个回合"), "{}", r.reason);
    // Eight rounds (the first left out): the last position is new, so nothing is judged.
    let later = pos.after(moves[0]).after(moves[1]);
    let r = judge(&later, &moves[2..], &RuleBook::cxa2011()).expect("legal");
    assert_eq!(r.verdict, Verdict::NoRepetition, "{}", r.reason);
}

/// Each label's evidence names its pieces and squares as typed facts, and its sentence is
/// rendered from them: the checking rook; the blocking pawn and the mating move it stops; the
/// pair offered for exchange; the horse that may take the offered rook; the chased horse with
/// its attacker, rootedness and line.
#[test]
fn the_evidence_carries_typed_facts_and_its_text_is_rendered_from_them() {
    use crate::rules::{describe, Finding};
    let sq = |p: &crate::rules::Placed| p.square.to_string();
    let check = ruling("4k4/9/9/9/9/9/9/9/9/R2K5 w", "a0a9");
    match &check.plies[0].evidence.finding {
        Finding::Check { king, checkers } => {
            assert_eq!(*king, Color::Black);
            assert_eq!(checkers.iter().map(sq).collect::<Vec<_>>(), ["a9"]);
        }
        f => panic!("{f:?}"),
    }
    let block = ruling("4k4/9/9/2n6/9/2p6/9/9/1R7/R2K5 w", "a0a8 c4b4");
    match &block.plies[1].evidence.finding {
        Finding::Block {
            blocker, threat, ..
        } => assert_eq!(
            (sq(blocker), threat.to_string()),
            ("b4".into(), "b1b9".into())
        ),
        f => panic!("{f:?}"),
    }
    let exchange = ruling("4ka3/n8/2r6/9/9/9/9/7R1/N8/3K5 w", "h2c2");
    match &exchange.plies[0].evidence.finding {
        Finding::Exchange { offered, partner } => {
            assert_eq!((sq(offered), sq(partner)), ("c2".into(), "c7".into()))
        }
        f => panic!("{f:?}"),
    }
    let offer = ruling("4ka3/9/9/9/4n4/9/7R1/9/9/3K5 w", "h3f3");
    match &offer.plies[0].evidence.finding {
        Finding::Offer { offered, taker } => {
            assert_eq!((sq(offered), sq(taker)), ("f3".into(), "e5".into()))
        }
        f => panic!("{f:?}"),
    }
    let pos = "4k4/9/9/9/4n4/9/9/9/9/R2K5 w";
    let chase = ruling(pos, "a0a5");
    let t = &chase.plies[0].evidence.threats()[0];
    assert_eq!(
        (sq(&t.attacker), sq(&t.target), t.rootedness),
        ("a5".into(), "e5".into(), Rootedness::Rootless)
    );
    assert_eq!(t.attackers.iter().map(sq).collect::<Vec<_>>(), ["a5"]);
    assert_eq!(t.line[0], iccs::parse("a5e5").unwrap());
    let start = fen::parse(pos, SetupMode::Standard).unwrap();
    let p = &chase.plies[0];
    assert_eq!(
        describe(&p.evidence.finding, &start, p.mv),
        p.evidence.text()
    );
}

#[test]
fn verdicts_read_in_the_books_words_in_either_script() {
    for (text, v) in [
        ("红方变着，不变作负", Verdict::RedMustChange),
        ("紅方變著，不變作負", Verdict::RedMustChange),
        ("黑方作负", Verdict::BlackLoses),
        ("双方不变作和", Verdict::Draw),
        ("未形成循环重复，不适用棋例", Verdict::NoRepetition),
    ] {
        assert_eq!(Verdict::from_chinese(text), Some(v), "{text}");
    }
    for v in Verdict::PUBLISHED {
        assert_eq!(Verdict::from_chinese(v.chinese()), Some(v), "{v}");
    }
    assert_eq!(Verdict::from_chinese("红方长捉"), None);
}
