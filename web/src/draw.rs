//! What the page draws for a ply's evidence, read off its typed facts: an arrow from each
//! attacking piece to what it attacks, and the lines (mate, winning material) to step through.

use qili::rules::{Finding, Placed, Threat};
use qili::{Move, Position};
use serde::Serialize;

/// An arrow between two points (ICCS squares), with what it shows: `check`, `chase`, `kept`
/// (a threat the move keeps up), `exchange`, `offer`, `block`, `follow`, `stood` (a capture
/// that stood before the move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Arrow {
    pub from: String,
    pub to: String,
    pub kind: &'static str,
}

/// A line of moves (ICCS) to step through from the position after the ply, and what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// `杀` for a mate, otherwise the piece the line wins (`黑车(d6)`).
    pub shows: String,
    pub moves: Vec<String>,
}

fn arrow(from: &Placed, to: &Placed, kind: &'static str) -> Arrow {
    Arrow {
        from: from.square.to_string(),
        to: to.square.to_string(),
        kind,
    }
}

fn threat_arrows(t: &Threat, kind: &'static str, out: &mut Vec<Arrow>) {
    // Every piece that takes part (the attacker first), each towards the target.
    for a in &t.attackers {
        out.push(arrow(a, &t.target, kind));
    }
    if t.attackers.is_empty() {
        out.push(arrow(&t.attacker, &t.target, kind));
    }
}

/// The arrows of `facts`; `after` is the position after the ply (where the checked king is).
pub fn arrows(facts: &Finding, after: &Position) -> Vec<Arrow> {
    let mut out = Vec::new();
    match facts {
        Finding::Check { king, checkers } => {
            let to = after.king(*king).to_string();
            if checkers.is_empty() {
                // The kings face each other.
                out.push(Arrow {
                    from: after.king(!*king).to_string(),
                    to: to.clone(),
                    kind: "check",
                });
            }
            for c in checkers {
                out.push(Arrow {
                    from: c.square.to_string(),
                    to: to.clone(),
                    kind: "check",
                });
            }
        }
        f if f.as_chase().is_some() => {
            let c = f.as_chase().expect("a chase");
            for t in &c.threats {
                threat_arrows(t, "chase", &mut out);
            }
            for t in &c.kept {
                threat_arrows(t, "kept", &mut out);
            }
        }
        Finding::KeyPoint { threat, .. } => threat_arrows(threat, "chase", &mut out),
        Finding::KingOwn(own) | Finding::PawnOwn(own) => {
            threat_arrows(&own.threat, "chase", &mut out)
        }
        Finding::Exchange { offered, partner } => {
            out.push(arrow(offered, partner, "exchange"));
            out.push(arrow(partner, offered, "exchange"));
        }
        Finding::MatedExchange {
            offered, partner, ..
        } => out.push(arrow(partner, offered, "exchange")),
        Finding::Offer { offered, taker } => out.push(arrow(taker, offered, "offer")),
        Finding::Block { threat, .. } => out.push(Arrow {
            from: threat.from.to_string(),
            to: threat.to.to_string(),
            kind: "block",
        }),
        Finding::Follow { follower, followed } => out.push(arrow(follower, followed, "follow")),
        Finding::ChaseToChase { capturer, target } => out.push(arrow(capturer, target, "stood")),
        Finding::Budget { so_far, .. } => return arrows(so_far, after),
        _ => {}
    }
    out
}

fn iccs(line: &[Move]) -> Vec<String> {
    line.iter().map(ToString::to_string).collect()
}

/// The lines of `facts`: the mating line, or each threat's winning line.
pub fn lines(facts: &Finding) -> Vec<Line> {
    match facts {
        Finding::Mate { line, .. } | Finding::MatedExchange { line, .. } => vec![Line {
            shows: "杀".to_string(),
            moves: iccs(line),
        }],
        f if f.as_chase().is_some() => f
            .threats()
            .iter()
            .filter(|t| !t.line.is_empty())
            .map(|t| Line {
                shows: t.target.to_string(),
                moves: iccs(&t.line),
            })
            .collect(),
        Finding::Budget { so_far, .. } => lines(so_far),
        _ => Vec::new(),
    }
}
