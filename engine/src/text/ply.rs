//! A ply's evidence in Chinese, rendered from its [`Finding`]: one sentence shape per way a label is
//! decided, naming pieces by colour, kind and square (红车(d4)) and lines in Chinese notation.

use crate::notation::chinese;
use crate::rules::{
    Also, Chase, ChaseKind, Finding, OwnChase, OwnChaser, Placed, Rootedness, Spent, Threat,
};
use crate::{Color, Move, Position};

/// The sentence for `finding`, the evidence of `mv` played in `before`.
///
/// ```
/// use qili::notation::{fen, iccs};
/// use qili::rules::{describe, judge, RuleBook};
/// use qili::SetupMode;
///
/// let pos = fen::parse("4k4/9/9/9/4n4/9/9/9/9/R2K5 w", SetupMode::Standard).unwrap();
/// let mv = iccs::parse("a0a5").unwrap();
/// let ruling = judge(&pos, &[mv], &RuleBook::cxa2011()).unwrap();
/// // Nothing repeats, so nothing is judged; `judge_with(.., Scope::AllPlies)` labels every ply.
/// assert!(ruling.plies.is_empty());
/// let finding = qili::rules::Finding::Idle;
/// assert_eq!(describe(&finding, &pos, mv), "走子后不构成将、杀、捉");
/// ```
pub fn describe(finding: &Finding, before: &Position, mv: Move) -> String {
    let after = before.after(mv);
    // The mover moving again, where 杀 and 捉 are read (a checking move gives no such turn).
    let again = || {
        after
            .with_turn(before.turn())
            .unwrap_or_else(|| after.clone())
    };
    match finding {
        Finding::Check { king, checkers } => check(*king, checkers),
        Finding::KingAnswer { king } => {
            format!("动{}应将，即使附带产生捉或杀，也按闲处理", king_name(*king))
        }
        Finding::Mate { line, also } => with_also(
            format!(
                "接续再走可连续将军将死对方：{}",
                chinese_line(&again(), line)
            ),
            also,
        ),
        Finding::MatedExchange {
            offered,
            partner,
            line,
        } => format!(
            "貌似{offered}与{partner}邀兑，但对方兑子后立即被将死：{}，不是兑，是杀",
            chinese_line(&after, line)
        ),
        Finding::ChaseDirect(c)
        | Finding::ChaseJoint(c)
        | Finding::ChaseByChecks(c)
        | Finding::ChaseByExchange(c)
        | Finding::ChaseFreed(c)
        | Finding::ChaseHolds(c) => chase(before, &again(), c),
        Finding::Exchange { offered, partner } => exchange(offered, partner),
        Finding::Offer { offered, taker } => {
            format!("{offered}送吃，{taker}吃后不致立即被将死，也不立即在子力价值上受损")
        }
        Finding::Block {
            blocker,
            blocked,
            threat,
        } => {
            let threatening = before
                .with_turn(!before.turn())
                .unwrap_or_else(|| before.clone());
            let threat = chinese::write(&threatening, *threat);
            format!("{blocker}阻拦{blocked}（原伏{threat}），本身不具攻击作用")
        }
        Finding::Follow { follower, followed } => {
            format!("{follower}盯住{followed}，对方有根，不具攻击作用")
        }
        Finding::Idle => "走子后不构成将、杀、捉".to_string(),
        Finding::ChaseToChase { capturer, target } => {
            format!("走子前{capturer}已可得{target}，走子后仍是原有的捉，未产生新的捉（从捉到捉）")
        }
        Finding::KingOwn(own) | Finding::PawnOwn(own) => own_chase(before, &again(), own),
        Finding::KeyPoint { side, threat } => format!(
            "{}方只有一个进攻子，对方子力占优，是守和的一方；{}只是附带捉士（象），按闲处理",
            side.chinese(),
            describe_threat(before, &again(), threat)
        ),
        Finding::Budget { spent, so_far } => format!(
            "搜索超出预算（{}），无法确定着法性质；已得结论：{}（{}）",
            match spent {
                Spent::Nodes(n) => format!("{n} 个局面"),
                Spent::CacheMib(m) => format!("缓存 {m} MiB"),
                Spent::Shared(n) => format!("同判各着共 {n} 个局面"),
            },
            so_far.label().chinese(),
            describe(so_far, before, mv)
        ),
    }
}

/// 将: the pieces that attack the king, or the kings facing.
fn check(king: Color, checkers: &[Placed]) -> String {
    if checkers.is_empty() {
        "走子后两帅（将）照面".to_string()
    } else {
        let names: Vec<String> = checkers.iter().map(ToString::to_string).collect();
        format!("{}直接攻击对方{}", names.join("、"), king_name(king))
    }
}

/// 捉: the new threats, and those the move keeps up.
fn chase(before: &Position, again: &Position, c: &Chase) -> String {
    let mut shown = Vec::new();
    let text = threat_texts(before, again, &c.threats, &mut shown);
    let mut text = with_also(format!("接续再走，{text}"), &c.also);
    let kept = threat_texts(before, again, &c.kept, &mut shown);
    if !kept.is_empty() {
        text.push_str(&format!("（原有的捉仍在：{kept}）"));
    }
    text
}

/// 兑: the pair, of one kind or (older books) of equal value.
fn exchange(offered: &Placed, partner: &Placed) -> String {
    let kinds = if offered.piece.role == partner.piece.role {
        "同兵种"
    } else {
        "等值"
    };
    format!("{offered}与{partner}{kinds}邀兑；对方兑子后不致立即被将死，也不立即在子力价值上受损")
}

/// 26.1: the king's or a pawn's own chase.
fn own_chase(before: &Position, again: &Position, own: &OwnChase) -> String {
    let who = match own.by {
        OwnChaser::Backing(p) => {
            format!("{p}只以本身的攻击（保护吃子之处）参与，属")
        }
        OwnChaser::Capturer => own.threat.attacker.piece.name_cn(),
    };
    format!(
        "{who}本身捉子，允许，按闲处理：{}",
        describe_threat(before, again, &own.threat)
    )
}

/// The threats described one after another, one per piece and target not yet in `shown`: two
/// ways to the same win read as one threat.
fn threat_texts(
    before: &Position,
    again: &Position,
    threats: &[Threat],
    shown: &mut Vec<(crate::Square, crate::Square)>,
) -> String {
    let mut parts = Vec::new();
    for t in threats {
        let key = (t.attacker.square, t.target.square);
        if !shown.contains(&key) {
            shown.push(key);
            parts.push(describe_threat(before, again, t));
        }
    }
    parts.join("；")
}

/// One threat: who wins what and how, its line, and what makes it the move's.
fn describe_threat(before: &Position, again: &Position, t: &Threat) -> String {
    let (a, target) = (t.attacker, t.target);
    let root = match t.rootedness {
        Rootedness::Rootless => "无根",
        Rootedness::ShortRooted => "少根",
        Rootedness::Rooted => "有根，但得子有利",
    };
    let how = match t.kind {
        ChaseKind::Direct => format!("{a}可吃{target}（{root}）"),
        ChaseKind::Joint => format!("{a}与其他子联合吃{target}（{root}）"),
        ChaseKind::ByChecks => format!("{a}借将军得{target}"),
        ChaseKind::ByExchange => format!("经完整交换{a}得{target}"),
    };
    let mut text = format!("{how}：{}", chinese_line(again, &t.line));
    if let Some(h) = t.held_by {
        text.push_str(&format!("（{h}使{target}不能离线）"));
    }
    if let Some(k) = t.kept {
        text.push_str(&format!(
            "（{target}不能离线：吃{}则{}吃回）",
            k.way, k.guard
        ));
    }
    if let Some(then) = &t.freed {
        text.push_str(&format!(
            "（走子前此着得不偿失：{}；走子后不再，为新产生的捉）",
            chinese_line(before, then)
        ));
    }
    text
}

fn with_also(text: String, also: &Also) -> String {
    match also {
        Also::Exchange(a) => format!("{text}（{a}兼有邀兑，从重）"),
        Also::Offer => format!("{text}（兼有献子，从重）"),
        Also::Nothing => text,
    }
}

fn king_name(color: Color) -> &'static str {
    match color {
        Color::Red => "帅",
        Color::Black => "将",
    }
}

/// A line in Chinese notation, moves separated by spaces.
fn chinese_line(pos: &Position, line: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(chinese::write(&p, m));
        p.play_unchecked(m);
    }
    out.join(" ")
}
