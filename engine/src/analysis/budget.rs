//! Budgets for the searches of one ply: every search stops when the budget is spent and says
//! so, so a monstrous position yields "undetermined" instead of a hang or an exhausted machine.
//! Both meters count, not time: a ply runs out at the same point on every machine and every
//! run, so its label is reproducible. The budget counts work (positions visited, bytes kept),
//! so what the searches remember or reuse changes how much of it a ply spends, never what an
//! answer is; its limit is a safety bound, far above what a real position needs (the
//! costliest ply of the corpus visits about 27 000 positions).

/// Why a search had to stop early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exhausted {
    /// It visited as many positions as it may.
    Nodes,
    /// Its caches hold as much as they may (see [`CACHE_BYTES`]).
    Memory,
}

/// Most bytes the caches of one ply's searches may hold, as they count them (entries and the
/// moves and lines they keep): with the tables' spare room, and what a ruling keeps besides,
/// a `judge` call stays under [`crate::rules::MEMORY_CEILING`]. Far above what the corpus
/// needs (its densest ply keeps a few MiB).
pub(crate) const CACHE_BYTES: usize = 32 << 20;

/// A count of positions a search may still visit, and of cache bytes it may still keep.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    given: u32,
    left: u32,
    exhausted: Option<Exhausted>,
}

impl Budget {
    pub fn new(nodes: u32) -> Budget {
        Budget {
            given: nodes,
            left: nodes,
            exhausted: None,
        }
    }

    /// The positions taken so far.
    pub fn spent(&self) -> u32 {
        self.given - self.left
    }

    /// Take one node; false once the budget is spent (and remember that it was), or once the
    /// caches held `cached` bytes beyond [`CACHE_BYTES`].
    #[inline]
    pub fn take(&mut self, cached: usize) -> bool {
        if self.exhausted.is_some() {
            return false;
        }
        if cached > CACHE_BYTES {
            self.exhausted = Some(Exhausted::Memory);
            return false;
        }
        if self.left == 0 {
            self.exhausted = Some(Exhausted::Nodes);
            return false;
        }
        self.left -= 1;
        true
    }

    /// Whether some search had to stop early.
    pub fn exhausted(&self) -> bool {
        self.exhausted.is_some()
    }

    /// Why, if some search had to stop early.
    pub fn exhaustion(&self) -> Option<Exhausted> {
        self.exhausted
    }
}
