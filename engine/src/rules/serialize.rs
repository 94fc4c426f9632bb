//! The rulings as JSON-shaped data (the `serde` feature): labels, verdicts and classes by their
//! names (the Chinese beside the English), pieces as `{side, kind, square}` with the name a
//! referee reads (红车(d4)), moves in ICCS, the evidence with its typed facts. `qili judge --json` and the corpus report's `results.json` are these shapes.

use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::rules::{Also, Chase, ChaseKind, Finding, Kept, OwnChase, OwnChaser, Rootedness, Spent};
use crate::rules::{
    Cycle, CycleRule, DrawClaim, Evidence, Label, Placed, PlyRuling, Ruling, SideRuling, Threat,
};
use crate::{Color, Move};

/// Moves as a list of ICCS strings.
struct Iccs<'a>(&'a [Move]);

impl Serialize for Iccs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for m in self.0 {
            seq.serialize_element(&m.to_string())?;
        }
        seq.end()
    }
}

/// `side` (`red`, `black`), `kind` (`king`, `advisor`, `elephant`, `horse`, `rook`, `cannon`,
/// `pawn`), `square` (ICCS), `chinese` (红车(d4)).
impl Serialize for Placed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Placed", 4)?;
        m.serialize_field("side", self.piece.color.name())?;
        m.serialize_field("kind", self.piece.role.name())?;
        m.serialize_field("square", &self.square.to_string())?;
        m.serialize_field("chinese", &self.to_string())?;
        m.end()
    }
}

impl Serialize for Label {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.chinese())
    }
}

impl Serialize for ChaseKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.chinese())
    }
}

impl Serialize for Rootedness {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.chinese())
    }
}

impl Serialize for Kept {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Kept", 2)?;
        m.serialize_field("way", &self.way)?;
        m.serialize_field("guard", &self.guard)?;
        m.end()
    }
}

/// `kind` and `kind_name`, `attacker`, `target`, `rootedness` and `rootedness_name`, `line`
/// always; `attackers`, and `held_by`,
/// `kept`, `freed` (ICCS, from the position before the move) where they apply.
impl Serialize for Threat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", &self.kind)?;
        m.serialize_entry("kind_name", self.kind.name())?;
        m.serialize_entry("attacker", &self.attacker)?;
        m.serialize_entry("target", &self.target)?;
        m.serialize_entry("rootedness", &self.rootedness)?;
        m.serialize_entry("rootedness_name", self.rootedness.name())?;
        m.serialize_entry("line", &Iccs(&self.line))?;
        m.serialize_entry("attackers", &self.attackers)?;
        if let Some(h) = &self.held_by {
            m.serialize_entry("held_by", h)?;
        }
        if let Some(k) = &self.kept {
            m.serialize_entry("kept", k)?;
        }
        if let Some(f) = &self.freed {
            m.serialize_entry("freed", &Iccs(f))?;
        }
        m.end()
    }
}

/// `null`, `{"exchange": piece}` or `"offer"`.
impl Serialize for Also {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Also::Nothing => s.serialize_none(),
            Also::Exchange(p) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("exchange", p)?;
                m.end()
            }
            Also::Offer => s.serialize_str("offer"),
        }
    }
}

/// An object with `kind` (`check`, `mate`, `chase`, `exchange` … in snake case) and the
/// variant's fields.
impl Serialize for Finding {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        match self {
            Finding::Check { king, checkers } => {
                m.serialize_entry("kind", "check")?;
                m.serialize_entry("king", king.name())?;
                m.serialize_entry("checkers", checkers)?;
            }
            Finding::KingAnswer { king } => {
                m.serialize_entry("kind", "king_answer")?;
                m.serialize_entry("king", king.name())?;
            }
            Finding::Mate { line, also } => {
                m.serialize_entry("kind", "mate")?;
                m.serialize_entry("line", &Iccs(line))?;
                m.serialize_entry("also", also)?;
            }
            Finding::MatedExchange {
                offered,
                partner,
                line,
            } => {
                m.serialize_entry("kind", "mated_exchange")?;
                m.serialize_entry("offered", offered)?;
                m.serialize_entry("partner", partner)?;
                m.serialize_entry("line", &Iccs(line))?;
            }
            Finding::ChaseDirect(c)
            | Finding::ChaseJoint(c)
            | Finding::ChaseByChecks(c)
            | Finding::ChaseByExchange(c)
            | Finding::ChaseFreed(c)
            | Finding::ChaseHolds(c) => chase(&mut m, c)?,
            Finding::KingOwn(own) | Finding::PawnOwn(own) => own_chase(&mut m, own)?,
            Finding::Budget { spent, so_far } => budget(&mut m, spent, so_far)?,
            Finding::Exchange { offered, partner } => pair(
                &mut m,
                "exchange",
                ("offered", offered),
                ("partner", partner),
            )?,
            Finding::Offer { offered, taker } => {
                pair(&mut m, "offer", ("offered", offered), ("taker", taker))?
            }
            Finding::Block {
                blocker,
                blocked,
                threat,
            } => {
                pair(&mut m, "block", ("blocker", blocker), ("blocked", blocked))?;
                m.serialize_entry("threat", &threat.to_string())?;
            }
            Finding::Follow { follower, followed } => pair(
                &mut m,
                "follow",
                ("follower", follower),
                ("followed", followed),
            )?,
            Finding::KeyPoint { side, threat } => {
                m.serialize_entry("kind", "key_point")?;
                m.serialize_entry("side", side.name())?;
                m.serialize_entry("threat", threat)?;
            }
            Finding::ChaseToChase { capturer, target } => pair(
                &mut m,
                "stood_before",
                ("capturer", capturer),
                ("target", target),
            )?,
            Finding::Idle => m.serialize_entry("kind", "idle")?,
        }
        m.end()
    }
}

/// 捉: the new threats, those kept up, and what else the move is.
fn chase<M: SerializeMap>(m: &mut M, c: &Chase) -> Result<(), M::Error> {
    m.serialize_entry("kind", "chase")?;
    m.serialize_entry("threats", &c.threats)?;
    m.serialize_entry("kept", &c.kept)?;
    m.serialize_entry("also", &c.also)
}

/// 26.1: the backing king or pawn (`null` when it takes), and the threat.
fn own_chase<M: SerializeMap>(m: &mut M, own: &OwnChase) -> Result<(), M::Error> {
    m.serialize_entry("kind", "own_chase")?;
    match own.by {
        OwnChaser::Capturer => m.serialize_entry("backing", &None::<Placed>)?,
        OwnChaser::Backing(p) => m.serialize_entry("backing", &p)?,
    }
    m.serialize_entry("threat", &own.threat)
}

/// 未定: the budget spent, and what was found so far.
fn budget<M: SerializeMap>(m: &mut M, spent: &Spent, so_far: &Finding) -> Result<(), M::Error> {
    m.serialize_entry("kind", "undetermined")?;
    match spent {
        Spent::Nodes(n) => m.serialize_entry("nodes", n)?,
        Spent::CacheMib(c) => m.serialize_entry("cache_mib", c)?,
        Spent::Shared(n) => m.serialize_entry("shared_nodes", n)?,
    }
    m.serialize_entry("so_far", &so_far.label())?;
    m.serialize_entry("so_far_name", so_far.label().name())?;
    m.serialize_entry("facts", so_far)
}

/// `kind` and two pieces, the shape of most idle kinds' facts.
fn pair<M: SerializeMap>(
    m: &mut M,
    kind: &str,
    (k1, p1): (&str, &Placed),
    (k2, p2): (&str, &Placed),
) -> Result<(), M::Error> {
    m.serialize_entry("kind", kind)?;
    m.serialize_entry(k1, p1)?;
    m.serialize_entry(k2, p2)
}

/// `branch`, `clause`, `text`, `threats` and `line` (the chase's threats and the line shown,
/// for readers that want no more), then the typed `facts`.
impl Serialize for Evidence {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Evidence", 6)?;
        m.serialize_field("branch", self.branch().id())?;
        m.serialize_field("clause", self.clause.as_str())?;
        m.serialize_field("text", &self.text())?;
        m.serialize_field("threats", self.threats())?;
        m.serialize_field("line", &Iccs(self.line()))?;
        m.serialize_field("facts", &self.finding)?;
        m.end()
    }
}

/// `ply`, `side`, `iccs`, `chinese`, `label` (将 …), `label_name` (`check` …), `judged`,
/// `evidence`.
impl Serialize for PlyRuling {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("PlyRuling", 8)?;
        m.serialize_field("ply", &self.ply)?;
        m.serialize_field("side", self.side.name())?;
        m.serialize_field("iccs", &self.mv.to_string())?;
        m.serialize_field("chinese", &self.chinese)?;
        m.serialize_field("label", &self.label)?;
        m.serialize_field("label_name", self.label.name())?;
        m.serialize_field("judged", &self.judged)?;
        m.serialize_field("evidence", &self.evidence)?;
        m.end()
    }
}

/// `class`, `class_chinese`, `summary`.
impl Serialize for SideRuling {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("SideRuling", 3)?;
        m.serialize_field("class", self.class.name())?;
        m.serialize_field("class_chinese", self.class_chinese)?;
        m.serialize_field("summary", &self.summary)?;
        m.end()
    }
}

/// `rule`, `start` and `end` (1-based ply numbers), `period` (`null` for nine rounds),
/// `occurrences`, `note`, `red`, `black`.
impl Serialize for Cycle {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Cycle", 8)?;
        m.serialize_field("rule", self.rule.name())?;
        m.serialize_field("start", &(self.start + 1))?;
        m.serialize_field("end", &(self.start + self.len))?;
        let period = match self.rule {
            CycleRule::Repetition { period } => Some(period),
            CycleRule::NineRounds { .. } => None,
        };
        m.serialize_field("period", &period)?;
        m.serialize_field("occurrences", &self.occurrences)?;
        m.serialize_field("note", &self.note)?;
        m.serialize_field("red", &self.red)?;
        m.serialize_field("black", &self.black)?;
        m.end()
    }
}

/// `rules`, `plies`, `cycle`, `verdict`, `verdict_chinese`, `reason`, `draw_claim`.
impl Serialize for Ruling {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Ruling", 7)?;
        m.serialize_field("rules", &self.book)?;
        m.serialize_field("plies", &self.plies)?;
        m.serialize_field("cycle", &self.cycle)?;
        m.serialize_field("verdict", self.verdict.name())?;
        m.serialize_field("verdict_chinese", self.verdict.chinese())?;
        m.serialize_field("reason", &self.reason)?;
        m.serialize_field("draw_claim", &self.draw_claim)?;
        m.end()
    }
}

/// `plies_without_capture`, `red_checks`, `black_checks`, `claimants` (`red`, `black`),
/// `clause`, `chinese`.
impl Serialize for DrawClaim {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("DrawClaim", 6)?;
        m.serialize_field("plies_without_capture", &self.plies_without_capture)?;
        m.serialize_field("red_checks", &self.red_checks)?;
        m.serialize_field("black_checks", &self.black_checks)?;
        let claimants: Vec<&str> = self
            .claimants
            .iter()
            .map(|c| match c {
                Color::Red => "red",
                Color::Black => "black",
            })
            .collect();
        m.serialize_field("claimants", &claimants)?;
        m.serialize_field("clause", self.clause)?;
        m.serialize_field("chinese", &self.chinese())?;
        m.end()
    }
}
