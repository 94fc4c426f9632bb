//! Node budgets for the searches inside a ruling: every search stops when its budget is spent
//! and says so, so a monstrous position yields "undetermined" instead of a hang.

/// A count of positions a search may still visit.
#[derive(Clone, Debug)]
pub struct Budget {
    left: u32,
    spent: u32,
    exhausted: bool,
}

impl Budget {
    pub fn new(nodes: u32) -> Budget {
        Budget {
            left: nodes,
            spent: 0,
            exhausted: false,
        }
    }

    /// Take one node; false once the budget is spent (and remember that it was).
    #[inline]
    pub fn take(&mut self) -> bool {
        if self.left == 0 {
            self.exhausted = true;
            return false;
        }
        self.left -= 1;
        self.spent += 1;
        true
    }

    /// Whether some search had to stop early.
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    pub fn spent(&self) -> u32 {
        self.spent
    }
}
