//! The settings a rule book is made of, each a type an embedder can name; the books themselves
//! are values, one file each under `rules/books/`. What differs between books is data; the
//! mechanisms that read it are shared.

use std::fmt;

use crate::rules::books;
use crate::rules::Branch;

/// A clause of a rule book that a label rests on, as the evidence cites it (`24.3`,
/// `排局细则第3条` …).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clause(pub &'static str);

impl Clause {
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<&str> for Clause {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// Which rule book. Also the edition a published answer belongs to: every edition the corpus
/// holds is ruled under its own book. Each is defined in its own file under `rules/books/`
/// (its name is the file's); ordered as the books are registered.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleBookId(&'static str);

#[allow(non_upper_case_globals)]
impl RuleBookId {
    /// 中国象棋协会《象棋竞赛规则》2011, 第六章 棋例 (final edition).
    pub const Cxa2011: RuleBookId = books::cxa2011::ID;
    /// The same book's trial edition (2011 试行), used for about three years before it.
    pub const Cxa2011Trial: RuleBookId = books::cxa2011_trial::ID;
    /// 《中国象棋排局规则》 draft (凌云子, 2008): composed problems (排局).
    pub const Paiju: RuleBookId = books::paiju::ID;
    /// 附录一《象棋群体比赛简明规定》 of the 2011 book: grass-roots events.
    pub const Cxa2011Mass: RuleBookId = books::cxa2011_mass::ID;
    /// 亚洲象棋联合会《象棋比赛规例》(4th revision), the text of the World Xiangqi Federation's 2018
    /// rules: the Asian rules most software follows.
    pub const Axf: RuleBookId = books::axf::ID;

    /// The published books, in the order reports list them.
    pub const ALL: [RuleBookId; 5] = {
        let p = books::PUBLISHED;
        [p[0].id, p[1].id, p[2].id, p[3].id, p[4].id]
    };

    /// A book file's id: its name as the CLI, the corpus and JSON write it.
    pub(crate) const fn new(name: &'static str) -> RuleBookId {
        RuleBookId(name)
    }

    pub const fn name(self) -> &'static str {
        self.0
    }

    pub fn from_name(s: &str) -> Option<RuleBookId> {
        books::registered().map(|e| e.id).find(|r| r.name() == s)
    }

    /// The names, for messages that list what was expected.
    pub fn names() -> String {
        RuleBookId::ALL.map(RuleBookId::name).join(", ")
    }

    /// The book's title in Chinese, for reports.
    pub fn chinese(self) -> &'static str {
        RuleBook::get(self).title
    }

    /// Where the book stands among those registered (the order of reports).
    fn rank(self) -> usize {
        books::registered()
            .position(|e| e.id == self)
            .unwrap_or(usize::MAX)
    }
}

impl PartialOrd for RuleBookId {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for RuleBookId {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.rank(), self.0).cmp(&(other.rank(), other.0))
    }
}

/// As the constants are named: `Cxa2011Trial` for `cxa2011-trial`.
impl fmt::Debug for RuleBookId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for word in self.0.split('-') {
            let mut chars = word.chars();
            if let Some(c) = chars.next() {
                write!(f, "{}{}", c.to_ascii_uppercase(), chars.as_str())?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for RuleBookId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for RuleBookId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A rule book's name that is none of qili's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule book `{0}` (expected one of: {names})", names = RuleBookId::names())]
pub struct UnknownRuleBook(pub String);

impl std::str::FromStr for RuleBookId {
    type Err = UnknownRuleBook;

    /// ```
    /// use qili::rules::RuleBookId;
    /// assert_eq!("cxa2011-trial".parse(), Ok(RuleBookId::Cxa2011Trial));
    /// assert!("cxa2012".parse::<RuleBookId>().unwrap_err().to_string().contains("cxa2011"));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleBookId::from_name(s).ok_or_else(|| UnknownRuleBook(s.to_string()))
    }
}

/// Limits on the searches inside a ruling. When one runs out the label is `Undetermined`
/// with the reason, never a hang.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budgets {
    /// Most positions all searches of one ply may visit together.
    pub nodes: u32,
    /// Most positions the searches of one [`crate::rules::judge_with`] call may visit
    /// together, over all the plies it labels; a caller that judges more at once shares one
    /// [`crate::rules::Work`] between its calls instead.
    pub call: u64,
    /// Most checking moves in a mating line (杀).
    pub mate_checks: u32,
    /// Checking moves in a mate that makes a capture no gain (得子后立即被将死): one, the
    /// opponent's next move (立即, 下一着不予考虑); not a budget but the clause's reading, kept
    /// here with the other search depths. A mate threat that stood before the capture refutes
    /// it to `mate_checks`.
    pub refute_checks: u32,
    /// Most plies in a winning line (checks, captures and answers). The longest line the
    /// sources publish as a 捉 (《棋例的新变革》图3: nine attacking moves and their answers)
    /// must fit.
    pub gain_plies: u32,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            nodes: 200_000,
            call: 500_000,
            mate_checks: 9,
            refute_checks: 1,
            gain_plies: 18,
        }
    }
}

/// How a pawn's own chase is treated (26.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PawnChase {
    /// Always permitted: idle (2011).
    AlwaysIdle,
    /// Idle, but a chase when both sides attack on every move (1999 wording, 排局).
    CountsInMutualAttack,
}

/// Which pieces a chase may target (24.3, 24.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChaseTargets {
    /// A piece that can be won: rootless, short-rooted, or worth more than what takes it (a
    /// 车 attacked by a 马 or 炮) — 2011.
    Winnable,
    /// Only rootless pieces (false and short roots count as rootless) — 1999 and the 排局 draft.
    RootlessOnly,
}

/// What an exchange offer (兑) may pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExchangeKinds {
    /// Pieces of the same kind only (2011 final, 24.4).
    SameKind,
    /// Any two pieces of equal value (马 and 炮, 士 and 相): 2011 trial, 1999, 排局.
    EqualValue,
}

/// Which of 24.3's ways of winning material a book counts as a chase. The CXA books count all
/// four; the Asian rules count only a capture the target cannot escape by its protection (a
/// piece without a real root, or a rook taken by a horse or cannon). Under
/// [`ChaseTest::Attack`] the chase is one capture by definition, and only `mate_first` and
/// `mutual_chase` are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChaseWays {
    /// Several pieces outnumbering the target's protectors (联合捉 of a 少根子). The AXF's rule
    /// 35: two or more pieces attacking a protected piece is no chase.
    pub outnumbering: bool,
    /// Winning material by a check or a series of checks (将军得子). AXF 97–98: a threat to
    /// capture that works only after a check is no chase.
    pub by_checks: bool,
    /// Coming out ahead after a complete exchange (完整交换).
    pub by_exchange: bool,
    /// A move that threatens mate and also chases is 杀 (从重, CXA) — or 捉 (AXF, where mate
    /// threats are allowed and chases are not: the chase is what the move is judged by).
    pub mate_first: bool,
    /// Attacking a piece of the same kind that can take back on the spot is a chase (CXA: unless
    /// it is an even exchange, 24.4). The AXF's rule 24: same-type pieces that can capture each
    /// other offer an exchange or a sacrifice, never a chase; only one that cannot take back (a
    /// blocked horse, a pinned cannon) is chased.
    pub mutual_chase: bool,
    /// An attack that stood before the move but did not pay, and pays now, is a new chase
    /// (CXA 24.3 with 从捉到捉: 参考图16, 34, 49). The AXF judges the attack itself: one that
    /// already existed never counts (a target that lost its protection is a new target set).
    pub freed: bool,
}

/// What a chase (捉) is found as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChaseTest {
    /// The CXA books (24.3): a move after which the mover, moving again, wins material in one
    /// segment (searched: captures, checks, exchanges), new against the threats before the
    /// move (从捉到捉: the same capturer's, the target sets, what they were worth).
    Gain,
    /// The Asian rules (digest §2.2): an attack the move makes — one capture, next move, of a
    /// piece without a real root (at the moment of capture no piece may legally take back, and
    /// the capture is no mate) or of a greater piece by a lesser one (a rook by a horse or
    /// cannon, rule 15) — that did not stand before the move: the capturer could not already
    /// take the target from where it stood, as unprotected, before the move or before the
    /// opponent's last move (an attack the opponent interrupted and the move restores). What
    /// the capture is worth after the recapture, or through a counter-capture elsewhere, does
    /// not count: the AXF judges the attack and the root, not a line.
    Attack,
}

/// What makes a side's cycle forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Perpetual {
    /// The CXA books: no idle move at all (every move is 将, 杀 or 捉), counted with
    /// [`Adjudication::least_attacks`].
    AnyAttack,
    /// The AXF: every move checks (perpetual check), or every move chases and one and the same
    /// piece is chased throughout, followed as it moves (perpetual chase). Anything else is
    /// allowed: mate threats, one check one chase, chasing different pieces in turn.
    OneKind,
}

/// When a repetition is a case for the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CycleRules {
    /// How many times the cycle's position must have occurred. The CXA figures print one period
    /// and are ruled at its second occurrence (a referee at the third: both are accepted); the
    /// AXF rules apply when the position occurs three times.
    pub least_occurrences: usize,
    /// The nine-round rule of the CXA referees (九个回合) applies.
    pub nine_rounds: bool,
    /// Which plies a repetition's ruling judges.
    pub judged: crate::rules::Judged,
}

/// How the two sides' classes give the verdict: the settings of the book's 25 and 26.9 (or
/// their counterparts), read by the adjudication.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Adjudication {
    /// What makes a cycle forbidden.
    pub perpetual: Perpetual,
    /// Attacking plies a side needs to play a forbidden cycle: one (2011), or two (the 排局
    /// draft: 二打, 多打; a single attack is allowed).
    pub least_attacks: usize,
    /// Both sides forbidden: whether the kinds of chase are weighed (2011 26.9.2, 26.9.3: a
    /// single-piece chase of a rook or rootless piece changes against a joint chase or a chase
    /// of a short-rooted piece). Without it, both forbidden is a draw.
    pub weighing: Option<Weighing>,
    /// A ply the searches cannot settle counts as idle (疑案从无, 附录一) instead of leaving
    /// its side, and the verdict, undetermined.
    pub doubt_is_idle: bool,
    /// The clauses a verdict's reason cites.
    pub general: &'static str,
    /// One-sided 长将 must change.
    pub long_check: &'static str,
    /// Forbidden against allowed: the forbidden side changes.
    pub one_forbidden: &'static str,
}

/// The weighing of two forbidden cycles (2011 26.9), with the clauses it cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weighing {
    /// The weighing as a whole (equal weights draw; cited after the general clause).
    pub clause: &'static str,
    /// The single-piece chase against the joint or short-rooted one.
    pub single_against_joint: &'static str,
    /// What the lighter forbidden cycle is, in the book's terms.
    pub lighter: &'static str,
    /// Why the heavier side changes, in the book's terms (the clause follows).
    pub heavier_changes: &'static str,
}

/// The clause each branch of the ruling model cites under a rule book, for every branch but
/// the budget's.
pub type LabelClauses = &'static [(Branch, &'static str)];

/// A rule book: its identity, a description, and the values of its strategy points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBook {
    pub id: RuleBookId,
    /// The book's title in Chinese, for reports.
    pub title: &'static str,
    /// One line for `qili rules`.
    pub description: &'static str,
    /// How it differs from cxa2011, one item per difference (empty for cxa2011 itself).
    pub differences: Vec<&'static str>,
    pub budgets: Budgets,
    /// A king move that answers check is idle even if it sets up a chase or a mate (26.1.2).
    pub king_answer_is_idle: bool,
    /// The side holding a draw with a single attacking piece chases an advisor or an elephant
    /// only incidentally (26.2 守和要点). The Asian rules have no such clause: an unprotected
    /// advisor or elephant is chased like any piece (digest §2.2's targets).
    pub key_point: bool,
    /// A move that is 兑 or 献 and also threatens mate or a chase takes the heavier label
    /// (从重; 2011 参考图23, 24, 26, 图20). The 排局 draft says it never does.
    pub offers_upgrade: bool,
    pub pawn_chase: PawnChase,
    pub chase_targets: ChaseTargets,
    /// Winning material by a single check counts as 捉 (2011 final: 将军或连续将军得子). The
    /// trial edition named only a series of checks, and 抽吃子 (a discovered attack).
    pub single_check_wins: bool,
    pub exchange_kinds: ExchangeKinds,
    /// Which ways of winning material are chases.
    pub chase_ways: ChaseWays,
    /// What a chase is found as.
    pub chase_test: ChaseTest,
    /// When a repetition is judged.
    pub cycle: CycleRules,
    /// The natural move limit, where the book has one.
    pub natural_limit: Option<crate::rules::NaturalLimit>,
    /// 献 needs a taker of the same kind (1999, 排局: 同兵种子吃掉此子).
    pub offer_same_kind_only: bool,
    pub adjudication: Adjudication,
    /// The clause each label cites.
    pub clauses: LabelClauses,
    /// How positions are checked: composed problems may have more pieces than the set.
    pub setup: crate::SetupMode,
}

impl RuleBook {
    /// 中国象棋协会《象棋竞赛规则》2011 第六章 棋例 (final edition): `books/cxa2011.rs`.
    pub fn cxa2011() -> RuleBook {
        books::cxa2011::book()
    }

    /// The 2011 trial edition: `books/cxa2011_trial.rs`.
    pub fn cxa2011_trial() -> RuleBook {
        books::cxa2011_trial::book()
    }

    /// The 排局 draft: `books/paiju.rs`.
    pub fn paiju() -> RuleBook {
        books::paiju::book()
    }

    /// 附录一《象棋群体比赛简明规定》: `books/cxa2011_mass.rs`.
    pub fn cxa2011_mass() -> RuleBook {
        books::cxa2011_mass::book()
    }

    /// The Asian rules: `books/axf.rs`.
    pub fn axf() -> RuleBook {
        books::axf::book()
    }

    /// The book of this id (every id is a registered book's: ids are made only by the book
    /// files).
    pub fn get(id: RuleBookId) -> RuleBook {
        let entry = books::entry(id).expect("every id is a registered book's");
        (entry.book)()
    }

    pub fn by_name(name: &str) -> Option<RuleBook> {
        RuleBookId::from_name(name).map(RuleBook::get)
    }

    /// The published books, in [`RuleBookId::ALL`] order.
    pub fn all() -> Vec<RuleBook> {
        RuleBookId::ALL.into_iter().map(RuleBook::get).collect()
    }

    /// A side's class in the book's words (the lighter forbidden cycle is the book's own).
    pub fn class_name(&self, class: crate::rules::SideClass) -> &'static str {
        match (class, self.adjudication.weighing) {
            (crate::rules::SideClass::ForbiddenSoft, Some(w)) => w.lighter,
            _ => class.chinese(),
        }
    }

    /// The clause `branch` cites under this book (empty for the budget's, which is no rule).
    pub fn clause(&self, branch: Branch) -> Clause {
        Clause(
            self.clauses
                .iter()
                .find(|(b, _)| *b == branch)
                .map_or("", |(_, c)| c),
        )
    }

    /// The search limits the budgets imply.
    pub(crate) fn search_limits(&self) -> crate::analysis::search::Limits {
        crate::analysis::search::Limits {
            mate_checks: self.budgets.mate_checks,
            refute_checks: self.budgets.refute_checks,
            gain_plies: self.budgets.gain_plies,
        }
    }
}
