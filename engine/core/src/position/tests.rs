use super::*;
use crate::notation::fen;

fn pos(f: &str) -> Position {
    fen::parse(f, SetupMode::Standard).unwrap()
}

fn mv(s: &str) -> Move {
    crate::notation::iccs::parse(s).unwrap()
}

#[test]
fn illegal_moves_say_why() {
    let p = Position::start();
    assert_eq!(
        p.check_move(mv("b0d1")).unwrap_err().to_string(),
        "the horse's leg at c0 is blocked"
    );
    assert_eq!(
        p.check_move(mv("b0b1")).unwrap_err().to_string(),
        "a horse cannot move from b0 to b1"
    );
    let p2 = p.play(mv("b2b6")).unwrap().play(mv("h9g7")).unwrap();
    assert_eq!(p2.check_move(mv("b0c2")), Ok(()));
    assert_eq!(p.check_move(mv("c0e2")), Ok(()), "elephant to the centre");
    assert_eq!(
        p.check_move(mv("a0a4")).unwrap_err().to_string(),
        "the rook's line is blocked at a3"
    );
    assert_eq!(
        p.check_move(mv("b2b7")).unwrap_err().to_string(),
        "the cannon needs exactly one screen to capture on b7, there is none"
    );
    assert_eq!(
        p.check_move(mv("b2b9")),
        Ok(()),
        "the cannon takes over the screen"
    );
    let screens = pos("1rbakabnr/1n7/1c5c1/4p4/9/9/4P4/1C5C1/9/RNBAKABNR w");
    assert_eq!(
        screens.check_move(mv("b2b9")).unwrap_err().to_string(),
        "the cannon needs exactly one screen to capture on b9, there are several"
    );
    assert_eq!(
        p.check_move(mv("a6a5")).unwrap_err().to_string(),
        "the piece on a6 is black's pawn, but it is red's turn"
    );
    // A horse whose leg is blocked.
    let q = pos("3k5/9/9/9/9/9/9/9/4A2R1/3AK2N1 w");
    assert_eq!(
        q.check_move(mv("h0i2")).unwrap_err().to_string(),
        "the horse's leg at h1 is blocked"
    );
    // The flying general: the advisor may not leave the file between the kings.
    let f = pos("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
    assert_eq!(f.check_move(mv("e1d2")), Err(MoveError::KingsWouldFace));
}

#[test]
fn make_and_undo_restore_everything() {
    let p = pos("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w");
    let mut q = p.clone();
    for m in p.legal_moves() {
        let u = q.play_unchecked(m);
        assert_eq!(q.hash(), q.compute_hash(), "incremental hash after {m}");
        let mut placed = Board::empty();
        for (s, piece) in q.board.pieces() {
            placed.set(s, Some(piece));
        }
        assert_eq!(q.board, placed, "the board's bit sets after {m}");
        q.undo(m, u);
        assert_eq!(q, p);
    }
}

#[test]
fn checking_and_tactical_moves_are_the_legal_moves_that_check_or_capture() {
    let fens = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
    ];
    // The perft positions too: many lines, screens and horse legs around both kings.
    let perft: Vec<&str> = include_str!("../../tests/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().expect("a FEN"))
        .collect();
    for f in fens.into_iter().chain(perft) {
        let root = pos(f);
        // The position and every position one and two plies later, for both sides.
        let mut all = vec![root.clone()];
        for m in root.legal_moves() {
            let p = root.after(m);
            all.extend(p.legal_moves().into_iter().map(|m| p.after(m)));
            all.push(p);
        }
        for p in all {
            // Each generator against the legal moves filtered by what it promises.
            let same = |mut got: Vec<Move>, wanted: &dyn Fn(Move) -> bool| {
                let mut expected: Vec<Move> =
                    p.legal_moves().into_iter().filter(|&m| wanted(m)).collect();
                expected.sort();
                got.sort();
                assert_eq!(got, expected, "{}", crate::notation::fen::write(&p));
            };
            let checks = |m: Move| p.after(m).in_check();
            let captures = |m: Move| p.piece_at(m.to).is_some();
            same(p.checking_moves(), &checks);
            same(p.capturing_moves(), &captures);
            same(p.tactical_moves(), &|m| captures(m) || checks(m));
            let legal = p.legal_moves();
            let counted = (
                legal.iter().filter(|&&m| checks(m)).count(),
                legal.iter().filter(|&&m| checks(m) && captures(m)).count(),
            );
            assert_eq!(
                p.count_checks(),
                counted,
                "{}",
                crate::notation::fen::write(&p)
            );
        }
    }
}

/// The generator's shortcuts (only moves that may stop a check are tried in check, only
/// the lines a move touches out of check) agree with trying every pseudo-legal move in
/// full, on the perft positions and every position up to two plies after them.
#[test]
fn legal_moves_are_the_pseudo_legal_moves_that_pass_check_move() {
    let roots: Vec<Position> = include_str!("../../tests/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| pos(l.split(';').next().expect("a FEN")))
        .collect();
    let mut all = Vec::new();
    for root in roots {
        for m in root.legal_moves() {
            let p = root.after(m);
            all.extend(p.legal_moves().into_iter().map(|m| p.after(m)));
            all.push(p);
        }
        all.push(root);
    }
    for p in all {
        let mut expected: Vec<Move> = Square::all()
            .filter(|&s| p.piece_at(s).is_some_and(|q| q.color == p.turn()))
            .flat_map(|s| {
                p.pseudo_targets(s)
                    .into_iter()
                    .map(move |t| Move::new(s, t))
            })
            .filter(|&m| p.check_move(m).is_ok())
            .collect();
        let mut got = p.legal_moves();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{}", crate::notation::fen::write(&p));
        assert_eq!(p.has_legal_move(), !expected.is_empty());
    }
}

/// The attackers of a square are the pieces whose pseudo-legal moves would take a piece
/// of the other side standing there, on the perft positions and one ply after them.
#[test]
fn attackers_are_the_pieces_that_could_take_there() {
    let mut all = Vec::new();
    for l in include_str!("../../tests/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let root = pos(l.split(';').next().expect("a FEN"));
        all.extend(root.legal_moves().into_iter().map(|m| root.after(m)));
        all.push(root);
    }
    for p in all {
        for target in Square::all() {
            for by in Color::ALL {
                let mut bait = p.clone();
                bait.board.set(target, Some(Piece::new(!by, Role::Pawn)));
                let mut expected: Vec<Square> = Square::all()
                    .filter(|&s| bait.piece_at(s).is_some_and(|q| q.color == by))
                    .filter(|&s| bait.pseudo_targets(s).contains(&target))
                    .collect();
                let mut got = p.attackers(target, by);
                expected.sort();
                got.sort();
                assert_eq!(got, expected, "{target} by {by} in {p:?}");
                assert_eq!(p.is_attacked_by(target, by), !expected.is_empty());
            }
        }
    }
}

#[test]
fn checks_and_attackers() {
    // Cannon check through a screen; horse check; pawn check.
    let p = pos("4k4/9/4P4/9/9/9/9/9/4C4/3K5 b");
    assert!(p.in_check());
    assert_eq!(
        p.checkers(Color::Red),
        vec![Square::parse("e1").unwrap()],
        "the pawn on e7 attacks e8, not the king"
    );
    let h = pos("4k4/9/5N3/9/9/9/9/9/9/3K5 b");
    assert!(h.in_check());
    let blocked = pos("4k4/5C3/5N3/9/9/9/9/9/9/3K5 b");
    assert!(!blocked.in_check());
}
