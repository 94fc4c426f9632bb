//! One ply → one label with its evidence (24.1–24.8, 26.1): the heart of the rulings.
//!
//! The order follows 从重 (the heavier nature names the move): 将, then 杀, then 捉, then the
//! idle kinds 兑, 献, 拦, 跟, and 闲. 杀 and 捉 ask what the mover could do if it moved again
//! (接续再走); 兑 and 献 ask what the opponent, who really moves next, could take.

use rustc_hash::FxHashMap;

use crate::analysis::budget::Exhausted;
use crate::analysis::search::{GainLine, Searcher, Terms, INF};
use crate::rules::branch::Branch;
use crate::rules::idle::{self, ExchangeOffer};
use crate::rules::label::{
    Also, ChaseKind, Facts, Kept, Label, OwnChaser, Placed, Rootedness, Threat,
};
use crate::rules::rulebook::{ChaseTargets, ChaseTest, ExchangeKinds, PawnChase, RuleBook};
use crate::rules::threats::{self, Found};
use crate::{Move, Position, Role, Square};

/// What the classifier keeps while it labels a ply: what it remembers is the ply's own (see
/// [`Classifier::start_ply`]).
pub(crate) struct Classifier<'a> {
    pub book: &'a RuleBook,
    searcher: Searcher,
    /// The winning first moves by position and terms searched under.
    gains: FxHashMap<(u64, Terms), Vec<GainLine>>,
    /// Both sides attack on every move of the cycle (for rule books where a pawn's chase then
    /// counts, 1999 style).
    pub mutual_attack: bool,
}

/// The ruling on one ply, before it is dressed for output: the branch that decided it and the
/// facts it rests on (the label is the branch's).
pub(crate) struct Classified {
    pub branch: Branch,
    pub facts: Facts,
    /// The chases found, for the adjudication (which kind of chase a side makes).
    pub threats: Vec<Found>,
    /// The move is idle only because the chase is the pawn's own (26.1).
    pub pawn_exempt: bool,
}

impl Classified {
    fn plain(branch: Branch, facts: Facts) -> Classified {
        Classified {
            branch,
            facts,
            threats: Vec::new(),
            pawn_exempt: false,
        }
    }

    pub fn label(&self) -> Label {
        self.branch.label()
    }
}

impl<'a> Classifier<'a> {
    pub fn new(book: &'a RuleBook) -> Classifier<'a> {
        Classifier {
            book,
            searcher: Searcher::new(book.search_limits(), book.budgets.nodes),
            gains: FxHashMap::default(),
            mutual_attack: false,
        }
    }

    /// Start labelling a new ply: a fresh budget, and nothing remembered from the plies before,
    /// so that a ply's label is the same wherever it stands in a sequence and its searches'
    /// memory is the ply's alone.
    /// `nodes` is the ply's budget (the rule book's, or less when the plies judged together
    /// have less left, see [`crate::rules::Work`]).
    pub fn start_ply(&mut self, nodes: u32) {
        self.searcher.start_ply(nodes);
        self.gains.clear();
    }

    /// The positions this ply's searches have visited.
    pub fn spent(&self) -> u32 {
        self.searcher.spent()
    }

    /// Why the searches of this ply had to stop early, if they did.
    pub fn exhaustion(&self) -> Option<Exhausted> {
        self.searcher.exhaustion()
    }

    /// The winning first moves of the side to move under `terms`, each with its best line.
    fn gain_lines(&mut self, terms: &Terms, pos: &Position) -> Vec<GainLine> {
        let key = (pos.hash(), terms.clone());
        if let Some(g) = self.gains.get(&key) {
            return g.clone();
        }
        let g = self.searcher.gain_lines(terms, pos);
        if !self.searcher.exhausted() {
            self.gains.insert(key, g.clone());
        }
        g
    }

    /// The material threats of the side to move in `pos` under `terms`, described.
    fn threats(&mut self, terms: &Terms, pos: &Position) -> Vec<(GainLine, Found)> {
        self.gain_lines(terms, pos)
            .into_iter()
            .filter_map(|g| threats::describe(pos, &g).map(|f| (g, f)))
            .collect()
    }

    /// Label `mv` played in `before`. `previous` is the opponent's last move with the position
    /// before it, when the sequence has one.
    pub fn classify(
        &mut self,
        before: &Position,
        mv: Move,
        previous: Option<(&Position, Move)>,
    ) -> Classified {
        let after = before.after(mv);
        let mover = before.turn();
        let moved = before.piece_at(mv.from).expect("a legal move has a piece");

        // 将 (24.1).
        if after.in_check() {
            let checkers = after
                .checkers(mover)
                .into_iter()
                .filter_map(|s| after.piece_at(s).map(|p| Placed::new(p, s)))
                .collect();
            let facts = Facts::Check {
                king: !mover,
                checkers,
            };
            return Classified::plain(Branch::Check, facts);
        }

        // A king answering check is idle, whatever it sets up (26.1.2).
        if before.in_check() && moved.role == Role::King && self.book.king_answer_is_idle {
            return Classified::plain(Branch::KingAnswer, Facts::KingAnswer { king: mover });
        }

        let again = after
            .with_turn(mover)
            .expect("the mover did not give check, so it may move again");

        // 兑 / 献: what the opponent may take (it moves next, not the mover).
        let same_kind = self.book.exchange_kinds == ExchangeKinds::SameKind;
        let offers = idle::exchange_offers(&mut self.searcher, before, mv, &after, same_kind);
        let sacrifice = if offers.is_empty() {
            idle::sacrifice(
                &mut self.searcher,
                mv,
                &after,
                self.book.offer_same_kind_only,
            )
        } else {
            None
        };

        // 杀 (24.2). A mate that must begin by taking material with check is that capture's
        // threat first (将军得子, 24.3: 图17), unless the capture mates at once.
        let mut mate = self.searcher.mate_by_checks(&again);
        if let Some(line) = mate.clone() {
            if line.len() > 1 && again.piece_at(line[0].to).is_some() {
                mate = None;
                for first in again.legal_moves() {
                    if again.piece_at(first.to).is_none() {
                        if let Some(l) = self.searcher.mate_starting_with(&again, first) {
                            mate = Some(l);
                            break;
                        }
                    }
                }
            }
        }

        // An exchange offered is an exchange (24.4): the offered piece taking its partner is
        // the trade the move offers, not a threat of its own, even when it would mate (图29: the
        // rook offered on three files is 兑). The move threatens mate only by a way that does
        // not go through that trade. The partner's side may always take instead, evenly (that
        // is what makes it an offer); where taking loses, there is no offer and the mate counts
        // (图29's variant 车五平二: the rook that takes is mated, 杀).
        if let Some(line) = mate.clone() {
            let offered = |o: &&ExchangeOffer| {
                let take = Move::new(o.offered, o.partner);
                line.iter().step_by(2).any(|&m| m == take)
            };
            if let Some(&o) = offers.iter().find(offered) {
                mate = self
                    .searcher
                    .mate_avoiding(&again, Move::new(o.offered, o.partner));
            }
        }

        // 捉 (24.3): threats after the move that are new.
        let (new_threats, old_note, continuing) = match self.book.chase_test {
            ChaseTest::Gain => self.new_threats(before, mv, &again, &offers),
            ChaseTest::Attack => self.new_attacks(before, mv, &again, &offers, previous),
        };
        let (chases, exempt): (Vec<Found>, Vec<Found>) = new_threats
            .into_iter()
            .partition(|f| !self.exempt(f) && !self.own_attack(before, &again, mv, f));
        // 26.2: the side holding a draw with a single attacking piece chases an advisor or an
        // elephant only incidentally (占据守和要点，附带产生的捉士相按闲处理).
        let key_point = self.book.key_point && holds_draw_alone(before);
        let (chases, incidental): (Vec<Found>, Vec<Found>) = if key_point {
            chases
                .into_iter()
                .partition(|f| !matches!(f.target_piece.role, Role::Advisor | Role::Elephant))
        } else {
            (chases, Vec::new())
        };

        let upgrade = self.book.offers_upgrade || (offers.is_empty() && sacrifice.is_none());
        let also = match (offers.first(), sacrifice) {
            (Some(o), _) => Also::Exchange(placed(&after, o.offered)),
            (None, Some(_)) => Also::Offer,
            (None, None) => Also::Nothing,
        };
        let mate_first = self.book.chase_ways.mate_first || chases.is_empty();
        if let Some(line) = mate.clone().filter(|_| upgrade && mate_first) {
            return Classified::plain(Branch::Mate, Facts::Mate { line, also });
        }
        if !chases.is_empty() && upgrade {
            // A chase is weighed (26.9) by all it attacks after the move: the new threats make
            // the move 捉, and the ones it keeps up count too (参考图39: red's new chases of a
            // horse and an elephant go with the rook it keeps chasing jointly).
            let kept: Vec<Found> = continuing.into_iter().filter(|f| !self.exempt(f)).collect();
            let facts = Facts::Chase {
                threats: chases.iter().map(|f| to_threat(&again, f)).collect(),
                kept: kept.iter().map(|f| to_threat(&again, f)).collect(),
                also,
            };
            let branch = chase_branch(&chases);
            let mut weighed = chases;
            weighed.extend(kept.into_iter().map(|f| Found {
                standing: true,
                ..f
            }));
            return Classified {
                branch,
                facts,
                threats: weighed,
                pawn_exempt: false,
            };
        }

        if let Some(line) = mate.filter(|_| upgrade) {
            return Classified::plain(Branch::Mate, Facts::Mate { line, also });
        }

        // An exchange that only seems offered: taking gets the taker mated, so the move that
        // would have been 兑 is 杀 (24.4, 24.2; 《棋例的新变革》图3). It threatens nothing by
        // itself, so a real chase (参考图25) names the move first.
        let traps = idle::exchange_traps(&mut self.searcher, before, mv, &after, same_kind);
        if let Some(&trap) = traps.first().filter(|_| upgrade) {
            let line = idle::trap_line(&mut self.searcher, &after, trap);
            let facts = Facts::MatedExchange {
                offered: placed(&after, trap.offered),
                partner: placed(&after, trap.partner),
                line,
            };
            return Classified::plain(Branch::MatedExchange, facts);
        }
        // The idle kinds.
        if let Some(o) = offers.first() {
            let facts = Facts::Exchange {
                offered: placed(&after, o.offered),
                partner: placed(&after, o.partner),
            };
            return Classified::plain(Branch::Exchange, facts);
        }
        if let Some(take) = sacrifice {
            let facts = Facts::Offer {
                offered: Placed::new(moved, mv.to),
                taker: placed(&after, take.from),
            };
            return Classified::plain(Branch::Offer, facts);
        }
        if let Some(blocked) = idle::block(&mut self.searcher, before, mv, &after) {
            let threatening = before.with_turn(!mover).expect("checked in block()");
            let facts = Facts::Block {
                blocker: Placed::new(moved, mv.to),
                blocked: placed(&threatening, blocked.from),
                threat: blocked,
            };
            return Classified::plain(Branch::Block, facts);
        }
        if let Some(watched) = idle::follow(previous, mv, &after) {
            let facts = Facts::Follow {
                follower: Placed::new(moved, mv.to),
                followed: placed(&after, watched),
            };
            return Classified::plain(Branch::Follow, facts);
        }
        if let Some(f) = incidental.first() {
            let facts = Facts::KeyPoint {
                side: mover,
                threat: to_threat(&again, f),
            };
            return Classified::plain(Branch::KeyPoint, facts);
        }
        let (branch, facts) = if let Some(f) = exempt.first() {
            let by_attack = self.own_attack(before, &again, mv, f);
            let (role, by) = if by_attack {
                (moved.role, OwnChaser::Backing(Placed::new(moved, mv.to)))
            } else {
                (f.finisher.role, OwnChaser::Capturer)
            };
            let own = if role == Role::King {
                Branch::KingOwn
            } else {
                Branch::PawnOwn
            };
            let threat = to_threat(&again, f);
            (own, Facts::OwnChase { by, threat })
        } else if let Some((capturer, target)) = old_note {
            (
                Branch::ChaseToChase,
                Facts::StoodBefore { capturer, target },
            )
        } else {
            (Branch::Idle, Facts::Idle)
        };
        let mut c = Classified::plain(branch, facts);
        c.pawn_exempt = exempt.iter().any(|f| threats::own_chase_of(f, Role::Pawn));
        c
    }

    /// Whether the move made an old threat really pay: it wins more now than any of the same
    /// threats did before, counting what carrying it out gives away. If so, the line that showed
    /// the threat's worth before the move. What a capture gives away:
    ///
    /// * a piece its capturer guarded, to a capture of the defender (laid open; 参考图16: the
    ///   pawn steps out of the rook's attack, and the rook that guarded it may now take the
    ///   black pawn for nothing). What answered the threat before still answers it if it still
    ///   stands: a move that only abandons the guard of what the defender would take frees
    ///   nothing (参考图26);
    /// * material the defender then wins by a series of checks, beyond what its checks won
    ///   before the move (参考图34: the elephant that takes the cannon unblocks the rank on
    ///   which the rook would be won by checks; the rook steps off it);
    /// * a piece that takes part in the threat (a screen, a guard, a piece holding the target
    ///   or its guard in place), to a capture of the defender that stood: the threat needs
    ///   that piece, so it is worth only what it wins beyond it (图11: the cannon that pins the
    ///   elephant's guard is attacked by the rook and steps away, still pinning; 参考图49: the
    ///   horse that holds the cannon). A piece that steps out of an attack but takes no part
    ///   in the threat frees nothing (定本参考图37).
    fn freed(
        &mut self,
        before: &Position,
        again: &Position,
        g: &GainLine,
        same: &[&(GainLine, Found)],
    ) -> Option<GainLine> {
        let base = before
            .with_turn(!before.turn())
            .map_or(0, |p| self.check_gain_score(&p));
        // The captures of the defender that cost each old threat a piece it needs.
        let standing = self.searcher.standing(before);
        let needs: Vec<Vec<Move>> = same
            .iter()
            .map(|(bg, bf)| {
                standing
                    .iter()
                    .copied()
                    .filter(|d| d.to != bg.line[0].from && threats::needed_for(before, bf, d.to))
                    .collect()
            })
            .collect();
        // The best of the same threats by what it was really worth (its index; Err when the
        // cost by checks is what it comes to); its line is worked out only if it is shown.
        let mut best: Option<(i32, Result<usize, usize>)> = None;
        for (i, (bg, _)) in same.iter().enumerate() {
            let laid =
                self.searcher
                    .value(&Terms::laying_open(needs[i].clone()), before, bg.line[0]);
            let cost = self.check_cost_score(before, bg, base);
            let worst = match (laid, cost) {
                (Some(l), Some(c)) if c < l => (c, Err(i)),
                (Some(l), _) => (l, Ok(i)),
                (None, Some(c)) => (c, Err(i)),
                (None, None) => return None,
            };
            if best.as_ref().is_none_or(|b| worst.0 > b.0) {
                best = Some(worst);
            }
        }
        let (then, best) = best?;
        let then = then.max(0);
        if self
            .check_cost_score(again, g, base)
            .is_some_and(|c| c <= then)
        {
            return None;
        }
        let mut counted = Vec::new();
        for ((bg, _), need) in same.iter().zip(&needs) {
            counted.extend(self.searcher.laid_open_by(before, bg.line[0]));
            counted.extend(need);
        }
        let now = self.searcher.evaluate(
            &Terms::laying_open(counted),
            again,
            g.line[0],
            (then, then + 1),
        );
        now.filter(|e| e.score > then)?;
        match best {
            Ok(i) => self.searcher.evaluate(
                &Terms::laying_open(needs[i].clone()),
                before,
                same[i].0.line[0],
                (-INF, INF),
            ),
            Err(i) => self.check_cost(before, &same[i].0, base),
        }
    }

    /// [`Classifier::check_cost`] without its line.
    fn check_cost_score(&mut self, pos: &Position, g: &GainLine, base: i32) -> Option<i32> {
        let taken = taken_plainly(pos, g)?;
        Some(g.score - (self.check_gain_score(&taken) - base).max(0))
    }

    /// The threat `g` (a capture first) less what the defender then wins by checks beyond
    /// `base`, with the capture and those checks as its line; `None` if its first move is no
    /// plain capture.
    fn check_cost(&mut self, pos: &Position, g: &GainLine, base: i32) -> Option<GainLine> {
        let taken = taken_plainly(pos, g)?;
        let answer = self.check_gain(&taken);
        let mut line = vec![g.line[0]];
        line.extend(answer.line);
        Some(GainLine {
            score: g.score - (answer.score - base).max(0),
            line,
        })
    }

    /// [`Classifier::check_gain`] without its line: the best check's worth found by null
    /// windows alone (is there a check worth more than the best so far?), much cheaper than
    /// searching each winning check in a wide window.
    fn check_gain_score(&mut self, pos: &Position) -> i32 {
        let mut checks = pos.checking_moves();
        // The checks that take the most first: the best worth is likely found early, and
        // every later check needs only show that it does not beat it.
        checks.sort_by_key(|m| {
            std::cmp::Reverse(pos.piece_at(m.to).map_or(0, |p| {
                crate::analysis::material::piece_value(p.role).unwrap_or(1)
            }))
        });
        let mut best = 0;
        for m in checks {
            // Each answer is a lower bound of the check's worth: ask again above it until
            // it is not beaten. The checks before it are already known not to beat `best`.
            while let Some(e) = self
                .searcher
                .evaluate(&Terms::PLAIN, pos, m, (best, best + 1))
                .filter(|e| e.score > best)
            {
                best = e.score;
            }
        }
        best
    }

    /// The most the side to move wins by a line that starts with a check (0 if nothing).
    fn check_gain(&mut self, pos: &Position) -> GainLine {
        let mut best = GainLine {
            score: 0,
            line: Vec::new(),
        };
        for m in pos.checking_moves() {
            // Most checks win nothing: a null window says so quickly, and only a check that
            // beats the best so far is searched for its exact worth.
            let beats = |e: &GainLine| e.score > best.score;
            let null = (best.score, best.score + 1);
            if !self
                .searcher
                .evaluate(&Terms::PLAIN, pos, m, null)
                .is_some_and(|e| beats(&e))
            {
                continue;
            }
            if let Some(e) = self
                .searcher
                .evaluate(&Terms::PLAIN, pos, m, (best.score, INF))
            {
                if e.score > best.score {
                    best = e;
                }
            }
        }
        best
    }

    /// Whether the rule book counts this way of winning as a chase at all.
    fn counts(&self, again: &Position, f: &Found) -> bool {
        let target_ok = match self.book.chase_targets {
            ChaseTargets::Winnable => true,
            ChaseTargets::RootlessOnly => f.rootedness != Rootedness::Rooted,
        };
        let by_single_check = f.kind == ChaseKind::ByChecks && f.checks == 1 && !f.discovered;
        let ways = self.book.chase_ways;
        // A lesser piece that takes a greater one first wins whatever the protection (a rook
        // taken by a horse or cannon): a chase under every book, even when the line goes on
        // with the recapture.
        let value = |p: crate::Piece| crate::analysis::material::piece_value(p.role).unwrap_or(0);
        let lesser_first = f.capture_index == 0
            && f.line[0].to == f.target
            && value(f.capturer_piece) < value(f.target_piece);
        // A joint chase that only takes a target whose guards are false roots (pinned, or kept
        // off the square) takes a piece without a real root: the Asian rules' chase too.
        let way_ok = lesser_first
            || match f.kind {
                ChaseKind::Direct => true,
                ChaseKind::Joint => ways.outnumbering || f.shared,
                ChaseKind::ByChecks => ways.by_checks,
                ChaseKind::ByExchange => ways.by_exchange,
            };
        let root_ok = ways.outnumbering || lesser_first || f.rootedness != Rootedness::ShortRooted;
        let one_sided = ways.mutual_chase
            || f.capture_index != 0
            || f.capturer_piece.role != f.target_piece.role
            || !again
                .with_turn(!again.turn())
                .is_some_and(|t| t.is_legal(Move::new(f.target, f.capturer)));
        target_ok
            && way_ok
            && root_ok
            && one_sided
            && (self.book.single_check_wins || !by_single_check)
    }

    /// Whether the moved king or pawn takes part in a threat only by its own attack: it backs
    /// the capture up (guards the square the target is taken on) and does nothing else for it
    /// (it does not take, move in the line, screen, or hold), and the line's first move was
    /// open to the capturer before (the move unblocked nothing). Such a threat is its own chase
    /// too (26.1 帅(将)、兵(卒)本身捉子); one its move makes possible otherwise, by unblocking a
    /// line or a leg (图15) or becoming a screen (霍文会 图3), is not (26.1.1).
    fn own_attack(&self, before: &Position, again: &Position, mv: Move, f: &Found) -> bool {
        let role = again.piece_at(mv.to).map(|p| p.role);
        let exempt_role = match role {
            Some(Role::King) => true,
            Some(Role::Pawn) => {
                !(self.book.pawn_chase == PawnChase::CountsInMutualAttack && self.mutual_attack)
            }
            _ => false,
        };
        let first = f.line[0];
        exempt_role
            && threats::backs_up(again, f, mv.to)
            && !threats::needed_for(again, f, mv.to)
            && before.pseudo_targets(first.from).contains(&first.to)
    }

    /// Whether a chase is the king's or a pawn's own, which the rule book permits (26.1).
    fn exempt(&self, f: &Found) -> bool {
        threats::own_chase_of(f, Role::King)
            || (threats::own_chase_of(f, Role::Pawn)
                && !(self.book.pawn_chase == PawnChase::CountsInMutualAttack && self.mutual_attack))
    }

    /// The Asian rules' chases ([`ChaseTest::Attack`]) of the mover in `again` (the position
    /// after `mv`, mover to move): its captures next move, one capture each, that are chases
    /// ([`attack_counts`]), split into the new ones and those that stood before (the capturer
    /// could already take the target from where it stood, as unprotected: before the move, or
    /// before the opponent's last move when that move gave check, the target standing where it
    /// stands), with a note when one stood (从捉到捉). A move that answers check makes only the chases it takes part in or
    /// opens (参考图6, 19, 22; 47): an attack that stood before the check, though illegal while
    /// the check had to be answered, is no new one.
    fn new_attacks(
        &mut self,
        before: &Position,
        mv: Move,
        again: &Position,
        offers: &[ExchangeOffer],
        previous: Option<(&Position, Move)>,
    ) -> (Vec<Found>, Option<(Placed, Placed)>, Vec<Found>) {
        let offered: Vec<Move> = offers
            .iter()
            .map(|o| Move::new(o.offered, o.partner))
            .collect();
        let mut attacks: Vec<Found> = again
            .legal_moves()
            .into_iter()
            .filter(|m| !offered.contains(m))
            .filter_map(|m| {
                let victim = again.piece_at(m.to)?;
                let worth = threats::worth(victim, m.to);
                (worth > 0).then(|| {
                    threats::describe(
                        again,
                        &GainLine {
                            score: worth,
                            line: vec![m],
                        },
                    )
                })?
            })
            .filter(|f| attack_counts(again, f, self.book))
            .collect();
        if before.in_check() {
            attacks.retain(|f| {
                threats::participates(again, f, mv.to)
                    || !before.pseudo_targets(f.capturer).contains(&f.target)
            });
        }
        let mover = before.turn();
        let origin = |sq: Square| if sq == mv.to { mv.from } else { sq };
        // Whether in `pos` (the mover to move) the capturer, where it stood, could take the
        // target, standing where it stands, as a chase.
        let stood = |pos: &Position, f: &Found| {
            let from = origin(f.capturer);
            pos.piece_at(from) == Some(f.capturer_piece)
                && pos.piece_at(f.target) == Some(f.target_piece)
                && pos.pseudo_targets(from).contains(&f.target)
                && attack_counts_at(pos, Move::new(from, f.target), self.book)
        };
        // Before the opponent's last move, when that move gave check: an attack the check
        // interrupted (blocked it, or made it illegal) and the answer restores is no new one.
        let earlier = previous
            .filter(|_| before.in_check())
            .and_then(|(p, _)| p.with_turn(mover));
        let mut fresh = Vec::new();
        let mut continuing = Vec::new();
        let mut note = None;
        for f in attacks {
            let old = stood(before, &f) || earlier.as_ref().is_some_and(|p| stood(p, &f));
            if old {
                note.get_or_insert((
                    Placed::new(f.capturer_piece, origin(f.capturer)),
                    Placed::new(f.target_piece, f.target),
                ));
                continuing.push(f);
            } else {
                let mut f = f;
                if threats::participates(again, &f, mv.to)
                    && threats::holds_target(again, &f, mv.to)
                {
                    f.held_by = Some(mv.to);
                }
                fresh.push(f);
            }
        }
        (fresh, note, continuing)
    }

    /// The threats of the mover in `again` (the position after `mv`, mover to move) that the
    /// move created, and a note when threats only carried on from before (从捉到捉).
    fn new_threats(
        &mut self,
        before: &Position,
        mv: Move,
        again: &Position,
        offers: &[ExchangeOffer],
    ) -> (Vec<Found>, Option<(Placed, Placed)>, Vec<Found>) {
        // The exchange offered is an exchange, not a chase of the partner (24.4).
        let offered = offers
            .iter()
            .map(|o| Move::new(o.offered, o.partner))
            .collect();
        let mut after = self.threats(&Terms::forbidding(offered), again);
        // A move that answers check chases only with what it moves or the lines it opens: the
        // other captures stood before, when the check had to be answered first (参考图6, 19,
        // 22); one the answer unblocks is its own (参考图47).
        if before.in_check() {
            after.retain(|(g, f)| {
                let first = g.line[0];
                threats::participates(again, f, mv.to)
                    || !before.pseudo_targets(first.from).contains(&first.to)
            });
        }
        after.retain(|(_, f)| self.counts(again, f));
        if after.is_empty() {
            return (Vec::new(), None, Vec::new());
        }
        let earlier: Vec<(GainLine, Found)> = if before.in_check() {
            Vec::new()
        } else {
            self.threats(&Terms::PLAIN, before)
        };
        let origin = |sq: Square| if sq == mv.to { mv.from } else { sq };
        let mut fresh = Vec::new();
        let mut continuing = Vec::new();
        let mut note = None;
        for (g, f) in after {
            // A threat the moved piece takes part in is compared with the threats it took part
            // in before (a new attacker on an old target is a new chase: seed 001 图2); any
            // other threat with the threats of the same capturer.
            let moved_acts = threats::participates(again, &f, mv.to);
            let same: Vec<&(GainLine, Found)> = earlier
                .iter()
                .filter(|(bg, b)| {
                    if moved_acts {
                        threats::participates(before, b, mv.from)
                    } else {
                        // The same piece starting the same piece's win (参考图42: a check by a
                        // new piece is a new way to win, even for the same capturer).
                        b.capturer == origin(f.capturer)
                            && bg.line[0].from == origin(g.line[0].from)
                    }
                })
                .collect();
            if same.is_empty() {
                let mut f = f;
                if moved_acts && threats::holds_target(again, &f, mv.to) {
                    f.held_by = Some(mv.to);
                }
                fresh.push(f);
                continue;
            }
            let now_targets = threats::target_set(&mut self.searcher, again, &g);
            let mut then_targets = Vec::new();
            for (bg, _) in &same {
                for t in threats::target_set(&mut self.searcher, before, bg) {
                    if !then_targets.contains(&t) {
                        then_targets.push(t);
                    }
                }
            }
            let then_best = same
                .iter()
                .map(|(bg, _)| bg.score)
                .max()
                .unwrap_or(i32::MIN);
            let overlap = now_targets.iter().any(|t| then_targets.contains(t));
            let new = !overlap || g.score > then_best;
            let freed = if new || !self.book.chase_ways.freed {
                None
            } else {
                self.freed(before, again, &g, &same)
            };
            if new || freed.is_some() {
                let mut f = f;
                f.freed = freed.map(|then| then.line);
                fresh.push(f);
            } else {
                if note.is_none() {
                    let b = &same[0].1;
                    note = Some((
                        Placed::new(b.capturer_piece, b.capturer),
                        Placed::new(b.target_piece, b.target),
                    ));
                }
                continuing.push(f);
            }
        }
        (fresh, note, continuing)
    }
}

/// Whether a capture found in `again` (the mover to move) is an Asian chase: of a piece without
/// a real root — once taken, no piece of the defender may legally take back; where the capture
/// mates, no piece of the defender bears on the square (a protected piece taken with mate is a
/// mate threat, which is allowed, not a chase; an unprotected one is chased, diagram 53) — or of a
/// greater piece by a lesser one, taken first (a rook by a horse or cannon, rule 15). Same-type
/// pieces that can take each other on the spot offer an exchange (rule 24, 40), and the king's
/// and a pawn's own chases are sorted out afterwards, as for every book.
fn attack_counts(again: &Position, f: &Found, book: &RuleBook) -> bool {
    f.line.len() == 1 && attack_counts_at(again, f.line[0], book)
}

/// [`attack_counts`] for the capture `take` in `pos` (the capturer's side to move; the capture
/// may be illegal there, as before an answer to check, and is then judged on the board).
fn attack_counts_at(pos: &Position, take: Move, book: &RuleBook) -> bool {
    let (Some(capturer), Some(target)) = (pos.piece_at(take.from), pos.piece_at(take.to)) else {
        return false;
    };
    if capturer.color == target.color || !crate::analysis::material::is_material(target, take.to) {
        return false;
    }
    let value = |r: Role| crate::analysis::material::piece_value(r).unwrap_or(0);
    let lesser = value(capturer.role) < value(target.role);
    let mut taken = pos.clone();
    taken.play_unchecked(take);
    // A capture that mates leaves no answer at all: the target was unprotected only if nothing
    // of the defender bore on it (a protected piece taken with mate is a mate threat, allowed,
    // not a chase); otherwise none of the answers takes back.
    let answers = taken.legal_moves();
    let unprotected = if answers.is_empty() {
        taken.attackers(take.to, target.color).is_empty()
    } else {
        !answers.iter().any(|m| m.to == take.to)
    };
    let one_sided = book.chase_ways.mutual_chase
        || capturer.role != target.role
        || !pos
            .with_turn(!pos.turn())
            .is_some_and(|t| t.is_legal(Move::new(take.to, take.from)));
    (unprotected || lesser) && one_sided
}

/// Whether the side to move holds a draw with a single attacking piece (26.2, 守和方只有一个
/// 进攻子): one rook, horse, cannon or crossed pawn, against more attacking force.
fn holds_draw_alone(pos: &Position) -> bool {
    let force = |color: crate::Color| -> (usize, i32) {
        pos.board()
            .pieces()
            .filter(|(sq, p)| {
                p.color == color
                    && matches!(p.role, Role::Rook | Role::Horse | Role::Cannon | Role::Pawn)
                    && crate::analysis::material::is_material(*p, *sq)
            })
            .fold((0, 0), |(n, v), (_, p)| {
                (
                    n + 1,
                    v + crate::analysis::material::piece_value(p.role).unwrap_or(1),
                )
            })
    };
    let (mine, my_value) = force(pos.turn());
    let (_, their_value) = force(!pos.turn());
    mine == 1 && their_value > my_value
}

/// The branch that names a chase: how its first (biggest) new threat is new, or else how it
/// wins.
fn chase_branch(chases: &[Found]) -> Branch {
    let f = &chases[0];
    if f.held_by.is_some() {
        Branch::ChaseHolds
    } else if f.freed.is_some() {
        Branch::ChaseFreed
    } else {
        match f.kind {
            ChaseKind::Direct => Branch::ChaseDirect,
            ChaseKind::Joint => Branch::ChaseJoint,
            ChaseKind::ByChecks => Branch::ChaseByChecks,
            ChaseKind::ByExchange => Branch::ChaseByExchange,
        }
    }
}

/// A piece where it stands in `pos` (the caller knows a piece is there).
fn placed(pos: &Position, sq: Square) -> Placed {
    Placed::new(pos.piece_at(sq).expect("a piece stands there"), sq)
}

/// A threat found, as the evidence shows it: the pieces named where they stand in `again` (the
/// position after the move, the mover to move again).
fn to_threat(again: &Position, f: &Found) -> Threat {
    let at = |sq: Square| again.piece_at(sq).map(|p| Placed::new(p, sq));
    Threat {
        kind: f.kind,
        attacker: Placed::new(f.capturer_piece, f.capturer),
        attackers: threats::attackers(again, f)
            .into_iter()
            .filter_map(at)
            .collect(),
        target: Placed::new(f.target_piece, f.target),
        rootedness: f.rootedness,
        line: f.line.clone(),
        held_by: f.held_by.and_then(at),
        kept: f.kept.and_then(|(way, guard)| {
            Some(Kept {
                way: at(way)?,
                guard: at(guard)?,
            })
        }),
        freed: f.freed.clone(),
    }
}

/// The position after the first move of `g` when that move is a plain capture (it takes and
/// gives no check): what a cost by checks is weighed on.
fn taken_plainly(pos: &Position, g: &GainLine) -> Option<Position> {
    let first = g.line[0];
    pos.piece_at(first.to)?;
    let taken = pos.after(first);
    (!taken.in_check()).then_some(taken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::SetupMode;

    /// What the null windows find the best check worth is what searching each check in the
    /// open window finds, on positions where checks win material, mate, or win nothing.
    #[test]
    fn the_check_gain_found_by_null_windows_is_the_open_windows() {
        let book = RuleBook::cxa2011();
        for position in [
            "3a1k3/9/2r6/9/9/9/9/7R1/9/4K4 w",
            "3a5/4ak3/n8/4p4/9/3N5/9/R8/9/3K5 w",
            "9/n4k3/9/4p4/R8/3N5/9/9/9/3K5 w",
            "4k4/9/9/9/4n4/9/9/9/9/R3K4 w",
        ] {
            let pos = fen::parse(position, SetupMode::Standard).expect("legal");
            let open = Classifier::new(&book).check_gain(&pos).score;
            let null = Classifier::new(&book).check_gain_score(&pos);
            assert_eq!(null, open, "{position}");
        }
    }
}
