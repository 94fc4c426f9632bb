//! What the searches of one ply remember: the nodes and mates found, and the move lists.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use rustc_hash::FxHashMap;

use super::segment::SegmentKey;
use super::standing::standing_captures_into;
use super::{Frame, TAKING_CHECK};
use crate::position::Wanted;
use crate::{Move, Position};

/// What the searches of one ply remember. Emptied for every ply ([`super::Searcher::start_ply`]): a
/// ply's label may not depend on what was searched before it, and what they keep is counted
/// against the budget, so it stays bounded whatever the input. (The move lists stay, but a ply
/// sees and counts only those it asked for itself: see [`MoveLists`].)
#[derive(Default)]
pub(super) struct Caches {
    /// Mates by checks by position and most checks (`None`: none).
    pub(super) mates: FxHashMap<(u64, u32), Option<Vec<Move>>>,
    /// What the mate searches know of positions (attacker to move), by key.
    pub(super) mate_bounds: FxHashMap<u64, MateBounds>,
    /// The frames of the searches so far, by index.
    pub(super) frames: FxHashMap<Frame, u32>,
    /// The standing captures met in segment nodes, by index (see [`SegmentKey`]).
    pub(super) standings: FxHashMap<Vec<Move>, u32>,
    /// The index of no standing capture in `standings`, once met: the most asked for (every
    /// node of the defender's), so it is not looked up each time.
    pub(super) no_standing: Option<u32>,
    /// Segment nodes already searched (see [`super::Searcher::node`]): the value and where its line
    /// starts in `segment_lines` and how long it is.
    pub(super) segments: HashMap<SegmentKey, (i32, u32, u32), BuildHasherDefault<Digested>>,
    /// The lines of `segments`, one after the other in one buffer, so remembering a node costs
    /// no allocation of its own.
    pub(super) segment_lines: Vec<Move>,
    /// The move lists of the positions met so far (see [`MoveLists`]).
    pub(super) lists: MoveLists,
    /// Bytes the maps above hold, as the budget counts them (see [`Caches::bytes`]).
    pub(super) kept: usize,
    /// Emptied lines for the segment search to fill ([`Caches::spare_line`]): a node's lines
    /// and standing captures live only while it is searched, so their room is taken again by
    /// the next instead of allocated and freed each time. At most one per ply of the deepest
    /// line and node, so bounded by the segment's length; not counted by the budget, like any
    /// buffer that lives only while a node is searched.
    pub(super) spare: Vec<Vec<Move>>,
    /// Emptied room for the keys of answers to check being ordered ([`super::order::Answers`]),
    /// kept like `spare` and for the same reason.
    pub(super) spare_keys: Vec<Vec<(usize, usize)>>,
}

/// The hasher of [`Caches::segments`]: a key carries its hash (a [`SegmentKey`]'s digest),
/// worked out once for both the lookup and the insertion of a node.
#[derive(Default)]
pub(super) struct Digested(u64);

impl Hasher for Digested {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, _: &[u8]) {
        unreachable!("a digested key writes its digest alone");
    }

    /// The digest in both halves: the table picks buckets by the low bits and tags entries by
    /// the top ones.
    fn write_u32(&mut self, digest: u32) {
        let d = u64::from(digest);
        self.0 = d << 32 | d;
    }
}

/// What an entry of a map costs: its key and value, and a control byte.
pub(super) const fn entry<K, V>() -> usize {
    std::mem::size_of::<(K, V)>() + 1
}

impl Caches {
    /// Bytes kept, as the budget counts them: entries and the moves they hold, not the tables'
    /// spare room.
    pub(super) fn bytes(&self) -> usize {
        self.kept + self.lists.bytes()
    }

    /// Forget everything a ply may not find again, keeping the room the tables have grown to
    /// (the move lists stay, the ply's own again only when it asks: see [`MoveLists`]).
    pub(super) fn clear(&mut self) {
        self.mates.clear();
        self.mate_bounds.clear();
        self.frames.clear();
        self.standings.clear();
        self.no_standing = None;
        self.segments.clear();
        self.segment_lines.clear();
        self.lists.next_ply();
        self.kept = 0;
    }

    /// Forget everything, the move lists too: for a new searcher, which has seen nothing.
    pub(super) fn reset(&mut self) {
        self.clear();
        self.lists.forget();
    }

    /// The room the tables and buffers have grown to, in bytes (roughly: their capacities).
    pub(super) fn room(&self) -> usize {
        let lists = &self.lists;
        self.mates.capacity() * entry::<(u64, u32), Option<Vec<Move>>>()
            + self.mate_bounds.capacity() * entry::<u64, MateBounds>()
            + self.frames.capacity() * entry::<Frame, u32>()
            + self.standings.capacity() * entry::<Vec<Move>, u32>()
            + self.segments.capacity() * entry::<SegmentKey, (i32, u32, u32)>()
            + self.segment_lines.capacity() * size_of::<Move>()
            + lists.index.capacity() * entry::<(u64, List), Kept>()
            + lists.checks.capacity() * entry::<u64, (u32, u32)>()
            + lists.moves.capacity() * size_of::<Move>()
            + lists.keyed.capacity() * size_of::<(u64, Move)>()
    }

    pub(super) fn keep_mate(&mut self, key: (u64, u32), found: Option<Vec<Move>>) {
        let moves = found.as_ref().map_or(0, Vec::len);
        self.kept += entry::<(u64, u32), Option<Vec<Move>>>() + moves * size_of::<Move>();
        self.mates.insert(key, found);
    }

    /// The bounds kept for the position `hash`, made (knowing nothing) if need be.
    fn bounds_of(&mut self, hash: u64) -> &mut MateBounds {
        self.mate_bounds.entry(hash).or_insert_with(|| {
            self.kept += entry::<u64, MateBounds>();
            MateBounds::UNKNOWN
        })
    }

    /// The attacker has no mate here within `checks` checks.
    pub(super) fn keep_no_mate(&mut self, hash: u64, checks: u32) {
        let b = self.bounds_of(hash);
        b.none_within = b.none_within.max(checks);
    }

    /// The attacker mates here within `checks` checks.
    pub(super) fn keep_mate_within(&mut self, hash: u64, checks: u32) {
        let b = self.bounds_of(hash);
        b.mates_within = b.mates_within.min(checks);
    }

    /// The index of the frame `frame`, made if need be.
    pub(super) fn frame(&mut self, frame: &Frame) -> u32 {
        if let Some(&id) = self.frames.get(frame) {
            return id;
        }
        let id = u32::try_from(self.frames.len()).expect("fewer than 4 G frames");
        let held = frame.terms.forbidden.len()
            + frame.terms.laid_open.as_ref().map_or(0, Vec::len)
            + frame.elsewhere.len();
        self.kept += entry::<Frame, u32>() + held * size_of::<Move>();
        self.frames.insert(frame.clone(), id);
        id
    }

    /// The index of the standing captures `standing`, made if need be.
    pub(super) fn standing(&mut self, standing: &[Move]) -> u32 {
        if standing.is_empty() {
            if let Some(id) = self.no_standing {
                return id;
            }
            let id = self.standing_index(standing);
            self.no_standing = Some(id);
            return id;
        }
        self.standing_index(standing)
    }

    fn standing_index(&mut self, standing: &[Move]) -> u32 {
        if let Some(&id) = self.standings.get(standing) {
            return id;
        }
        let id = u32::try_from(self.standings.len()).expect("fewer than 4 G lists");
        self.kept += entry::<Vec<Move>, u32>() + size_of_val(standing);
        self.standings.insert(standing.to_vec(), id);
        id
    }

    /// An empty line, with the room of one given back before if there is one.
    pub(super) fn spare_line(&mut self) -> Vec<Move> {
        self.spare.pop().unwrap_or_default()
    }

    /// A line no longer needed, kept emptied for [`Caches::spare_line`].
    pub(super) fn give_back(&mut self, mut line: Vec<Move>) {
        line.clear();
        self.spare.push(line);
    }

    pub(super) fn keep_segment(&mut self, key: SegmentKey, value: i32, line: &[Move]) {
        let start = u32::try_from(self.segment_lines.len()).expect("fewer than 4 G moves");
        let len = u32::try_from(line.len()).expect("a short line");
        self.segment_lines.extend_from_slice(line);
        self.kept += entry::<SegmentKey, (i32, u32, u32)>() + size_of_val(line);
        self.segments.insert(key, (value, start, len));
    }
}

/// What is known of a position's mates by checks (the attacker to move): whether it mates
/// within `n` checks only grows with `n` (a mate within fewer is one within more), so two
/// bounds say it for every `n`.
#[derive(Clone, Copy)]
pub(super) struct MateBounds {
    /// No mate within this many checks (nor fewer).
    pub(super) none_within: u32,
    /// A mate within this many checks (and more); `u32::MAX`: none known.
    pub(super) mates_within: u32,
}

impl MateBounds {
    const UNKNOWN: MateBounds = MateBounds {
        none_within: 0,
        mates_within: u32::MAX,
    };
}

/// Which list of moves of a position [`MoveLists`] keeps.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum List {
    /// Every legal move, in the order of [`canonical`].
    Legal,
    /// The checking moves, in the order of [`canonical`].
    Checks,
    /// The captures and checks, in the order of [`canonical`].
    Tactical,
    /// The legal captures, in the order of [`canonical`]: the head of `Tactical` (captures sort
    /// before all other moves, and the stable sort keeps the generator's order on ties).
    Captures,
    /// The checks that capture nothing, in the order of [`canonical`]: the tail of `Tactical`.
    QuietChecks,
    /// The captures the other side could make if it were its turn
    /// ([`super::standing::standing_captures`]), in the generator's order.
    Standing,
}

/// The move lists of the positions the searches have met, each generated and ordered once:
/// the mate searches deepen one check at a time and the gain searches of one ply meet the same
/// positions again and again, so most lists are asked for several times; and the plies of a
/// cycle search around the same positions, so the lists are kept from ply to ply too. A list
/// depends on the position only (placement and side to move, which its Zobrist key stands for,
/// as in the other caches), so keeping it changes no answer. What a ply sees is still the
/// ply's own: a list is [`MoveLists::known`] and counted in [`MoveLists::bytes`] only once the
/// ply has asked for it (its `ply` stamp), exactly as if every ply started empty. The lists
/// share one buffer, so keeping one costs no allocation of its own.
#[derive(Default)]
pub(super) struct MoveLists {
    /// Where each list stands in `moves`, and the last ply that asked for it.
    pub(super) index: FxHashMap<(u64, List), Kept>,
    pub(super) moves: Vec<Move>,
    /// How many checks the side to move has, weighted as [`super::order::Answers`] weighs
    /// them, where only that number was wanted; and the last ply that asked.
    pub(super) checks: FxHashMap<u64, (u32, u32)>,
    /// Room for sorting a new list (see [`canonical`]).
    pub(super) keyed: Vec<(u64, Move)>,
    /// The current ply's stamp.
    pub(super) ply: u32,
    /// Bytes the lists the current ply asked for would hold had it made them itself.
    pub(super) charged: usize,
}

/// A list kept by [`MoveLists`]: its place in the buffer and the stamp of the last ply that
/// asked for it.
#[derive(Clone, Copy)]
pub(super) struct Kept {
    pub(super) start: u32,
    pub(super) len: u32,
    pub(super) ply: u32,
}

/// Most moves [`MoveLists`] keeps from one ply to the next (8 MiB of them): beyond, the next
/// ply starts empty, so what a ruling holds stays near what one ply may.
pub(super) const KEPT_MOVES: usize = (8 << 20) / size_of::<Move>();

impl MoveLists {
    /// Bytes the current ply's lists hold, as the budget counts them: what a ply that made
    /// them all itself would hold.
    pub(super) fn bytes(&self) -> usize {
        self.charged
    }

    /// Start a new ply: no list is the ply's yet. The lists stay for it to find again, unless
    /// they hold more than [`KEPT_MOVES`].
    pub(super) fn next_ply(&mut self) {
        if self.moves.len() > KEPT_MOVES || self.ply == u32::MAX {
            self.forget();
        }
        self.ply += 1;
        self.charged = 0;
    }

    /// Forget every list, keeping the room.
    pub(super) fn forget(&mut self) {
        self.index.clear();
        self.moves.clear();
        self.checks.clear();
        self.ply = 0;
        self.charged = 0;
    }

    /// How many checks the side to move has, weighted as [`super::order::Answers`] weighs them.
    pub(super) fn weighed_checks(&mut self, pos: &Position) -> u32 {
        let ply = self.ply;
        let e = self.checks.entry(pos.hash()).or_insert_with(|| {
            let (checks, taking) = pos.count_checks();
            let n = u32::try_from(checks + TAKING_CHECK * taking).expect("few checks");
            (n, ply.wrapping_sub(1))
        });
        if e.1 != ply {
            e.1 = ply;
            self.charged += entry::<u64, u32>();
        }
        e.0
    }

    /// The list `list` of `pos` if this ply already asked for it.
    pub(super) fn known(&self, pos: &Position, list: List) -> Option<&[Move]> {
        let k = self
            .index
            .get(&(pos.hash(), list))
            .filter(|k| k.ply == self.ply)?;
        Some(&self.moves[k.start as usize..(k.start + k.len) as usize])
    }

    /// Where the list `list` of `pos` stands in `moves`, made if need be. The buffer only
    /// grows while a ply lasts, so the range stays good while the searches below add lists of
    /// their own, and walking it costs no copy. A new list is generated straight into the
    /// buffer.
    pub(super) fn range(&mut self, pos: &Position, list: List) -> std::ops::Range<usize> {
        // One probe of the index whether the list is found or made: the entry stays held
        // while the list is generated into `moves` (another field).
        let vacant = match self.index.entry((pos.hash(), list)) {
            Entry::Occupied(mut e) => {
                let k = e.get_mut();
                if k.ply != self.ply {
                    k.ply = self.ply;
                    self.charged +=
                        entry::<(u64, List), (u32, u32)>() + k.len as usize * size_of::<Move>();
                }
                return k.start as usize..(k.start + k.len) as usize;
            }
            Entry::Vacant(e) => e,
        };
        let start = self.moves.len();
        let wanted = match list {
            List::Legal => Some(Wanted::All),
            List::Checks => Some(Wanted::Checks),
            List::Tactical => Some(Wanted::Tactical),
            List::Captures => Some(Wanted::Captures),
            List::QuietChecks => Some(Wanted::QuietChecks),
            List::Standing => None,
        };
        match wanted {
            Some(wanted) => {
                pos.collect_moves(wanted, &mut self.moves);
                canonical(pos, &mut self.moves[start..], &mut self.keyed);
            }
            None => standing_captures_into(pos, &mut self.moves),
        }
        let at = u32::try_from(start).expect("fewer than 4 G moves kept");
        let len = u32::try_from(self.moves.len() - start).expect("a short list");
        vacant.insert(Kept {
            start: at,
            len,
            ply: self.ply,
        });
        self.charged += entry::<(u64, List), (u32, u32)>() + len as usize * size_of::<Move>();
        start..self.moves.len()
    }

    /// The list `list` of `pos`.
    pub(super) fn get(&mut self, pos: &Position, list: List) -> Vec<Move> {
        let range = self.range(pos, list);
        self.moves[range].to_vec()
    }
}

/// Captures first, most valuable victim first, so cut-offs come early; then an order that
/// does not depend on how the board is turned: by the moving piece's role, where it comes
/// from and where it goes, each seen from its own side (rank from its back rank, distance
/// from the centre file). A mirrored or colour-swapped position is then searched in the same
/// order and ruled the same. Equal keys keep the generator's order (a stable sort).
pub(super) fn canonical(pos: &Position, moves: &mut [Move], keyed: &mut Vec<(u64, Move)>) {
    let us = pos.turn();
    // The key packed into one integer, field by field in the order above, each field in its
    // own byte (or more), so comparing integers compares the fields in turn; worked out once
    // per move rather than once per comparison.
    let key = |m: Move| -> u64 {
        let victim = pos.piece_at(m.to).map_or(-1, |p| {
            crate::analysis::material::piece_value(p.role).unwrap_or(1)
        });
        let role = pos.piece_at(m.from).map_or(0, |p| p.role.index());
        let rel = |s: crate::Square| {
            u64::from(s.rank().relative_to(us)) << 8 | u64::from(s.file().index().abs_diff(4))
        };
        let most_valuable_first = u64::try_from(1_000_000 - i64::from(victim))
            .expect("piece values are far below a million");
        most_valuable_first << 40 | (role as u64) << 32 | rel(m.from) << 16 | rel(m.to)
    };
    keyed.clear();
    keyed.extend(moves.iter().map(|&m| (key(m), m)));
    keyed.sort_by_key(|&(k, _)| k);
    for (slot, &(_, m)) in moves.iter_mut().zip(keyed.iter()) {
        *slot = m;
    }
}
