//! The generators as they were before the checking and capturing moves were generated
//! directly: every pseudo-legal move made and filtered. Kept for the tests, which hold the
//! generators to producing exactly these lists, in this order, on many positions (the
//! searches take the first best line, so the order is part of every ruling).

use super::legality::Guard;
use super::movegen::CheckSquares;
use super::zones::lines_through;
use super::{Position, Wanted};
use crate::Move;

/// [`Position::collect_moves`] as it was.
pub(super) fn collect_moves(pos: &Position, wanted: Wanted) -> Vec<Move> {
    let mut out = Vec::new();
    match wanted {
        Wanted::All => collect_legal(pos, false, &mut out),
        Wanted::Captures => collect_legal(pos, true, &mut out),
        Wanted::Checks => each_checking(pos, Some(false), |m| out.push(m)),
        Wanted::Tactical => each_checking(pos, Some(true), |m| out.push(m)),
        Wanted::QuietChecks => each_checking(pos, None, |m| out.push(m)),
    }
    out
}

/// [`Position::count_checks`] as it was.
pub(super) fn count_checks(pos: &Position) -> (usize, usize) {
    let (mut checks, mut taking) = (0, 0);
    each_checking(pos, Some(false), |m| {
        checks += 1;
        if pos.board.get(m.to).is_some() {
            taking += 1;
        }
    });
    (checks, taking)
}

fn collect_legal(pos: &Position, captures_only: bool, out: &mut Vec<Move>) {
    let us = pos.turn;
    let guard = Guard::new(pos);
    for from in pos.board.occupied_by(us) {
        match pos.board.get(from) {
            Some(p) if guard.may_move(from, p.role) => {}
            _ => continue,
        }
        let safe = guard.safe_from(from);
        pos.gen_piece(from, |m| {
            let wanted = !captures_only || pos.board.get(m.to).is_some();
            if wanted && (safe || guard.allows(pos, m)) {
                out.push(m);
            }
        });
    }
}

fn each_checking(pos: &Position, captures: Option<bool>, mut found: impl FnMut(Move)) {
    let quiet_only = captures.is_none();
    let captures = captures == Some(true);
    let us = pos.turn;
    let guard = Guard::new(pos);
    let their_king = pos.king(!us);
    let checking = CheckSquares::new(pos);
    for from in pos.board.occupied_by(us) {
        let role = match pos.board.get(from) {
            Some(p) if guard.may_move(from, p.role) => p.role,
            _ => continue,
        };
        let checks_to = checking.targets(from, role);
        pos.gen_piece(from, |m| {
            let takes = pos.board.get(m.to).is_some();
            if quiet_only && takes {
                return;
            }
            let keep = captures && takes;
            if !keep && !checks_to.contains(m.to) {
                return;
            }
            if !guard.allows(pos, m) {
                return;
            }
            if keep
                || pos.attacked_after_move(!us, m, lines_through(their_king, m.from, m.to), true)
            {
                found(m);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::SetupMode;

    /// Checks the random games rarely reach: a rook with a cannon behind it (taking the rook
    /// leaves the cannon's check), a rook and a horse, a cannon and its screen, a pawn; a
    /// cannon screened by a cannon (a piece landing before the screen makes it check).
    const DOUBLE_CHECKS: [&str; 4] = [
        "3k5/4c4/9/9/R3r4/9/9/9/9/4K4 w",
        "3k5/9/9/9/9/9/9/3n5/R3r4/4K3C w",
        "3k5/4c4/9/9/9/9/9/9/4p4/R3K4 w",
        "r2a1a3/1C1C1k3/2n1b4/p1p1p1p1p/4c1P2/N8/P1P5P/2c6/9/2BAKAB2 b",
    ];

    /// The positions of random games from each perft position, with the other side to move
    /// too where that is a position: tens of thousands of positions, many in check.
    fn positions() -> Vec<Position> {
        let roots: Vec<Position> = include_str!("../../tests/perft.txt")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| fen::parse(l.split(';').next().expect("a FEN"), SetupMode::Standard))
            .chain(
                DOUBLE_CHECKS
                    .iter()
                    .map(|f| fen::parse(f, SetupMode::Standard)),
            )
            .map(|p| p.expect("a legal position"))
            .collect();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut all = Vec::new();
        for root in &roots {
            for _game in 0..40 {
                let mut p = root.clone();
                for _ply in 0..120 {
                    all.push(p.clone());
                    if let Some(q) = p.with_turn(!p.turn()) {
                        all.push(q);
                    }
                    let moves = reference_legal(&p);
                    if moves.is_empty() {
                        break;
                    }
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // Prefer captures and checks now and then, so the games reach open
                    // boards and checks.
                    let tactical = collect_moves(&p, Wanted::Tactical);
                    let pick = if x % 3 == 0 && !tactical.is_empty() {
                        tactical[(x >> 8) as usize % tactical.len()]
                    } else {
                        moves[(x >> 8) as usize % moves.len()]
                    };
                    p.play_unchecked(pick);
                }
            }
        }
        all
    }

    fn reference_legal(p: &Position) -> Vec<Move> {
        collect_moves(p, Wanted::All)
    }

    /// Every generator gives the old generator's list, move for move in the same order, and
    /// the check count is the old count.
    #[test]
    fn the_generators_give_the_old_lists_in_the_old_order() {
        let all = positions();
        assert!(all.len() > 20_000, "{} positions", all.len());
        let mut in_check = 0;
        for p in &all {
            in_check += usize::from(p.in_check());
            for wanted in [
                Wanted::All,
                Wanted::Captures,
                Wanted::Checks,
                Wanted::Tactical,
                Wanted::QuietChecks,
            ] {
                let mut got = Vec::new();
                p.collect_moves(wanted, &mut got);
                assert_eq!(
                    got,
                    collect_moves(p, wanted),
                    "{wanted:?} {}",
                    fen::write(p)
                );
            }
            assert_eq!(p.count_checks(), count_checks(p), "{}", fen::write(p));
            assert_eq!(p.has_legal_move(), !reference_legal(p).is_empty());
        }
        eprintln!("{} positions, {in_check} in check", all.len());
        assert!(in_check > 1_000, "{in_check} positions in check");
    }
}
