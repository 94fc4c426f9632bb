//! The rule books, one file each. A book is a value: its settings by name (what a move is, how
//! a cycle is found, how the sides are weighed) and its clause tables, read by the shared
//! mechanisms. A book that only recombines existing settings is one new file here and one line
//! in [`REGISTERED`]; a new mechanism is a new setting in `rulebook.rs` and the code that reads
//! it.

use crate::rules::rulebook::{RuleBook, RuleBookId};

pub(crate) mod axf;
pub(crate) mod cxa2011;
pub(crate) mod cxa2011_mass;
pub(crate) mod cxa2011_trial;
pub(crate) mod paiju;
#[cfg(test)]
pub(crate) mod test_book;

/// A registered book: its id and how to make it.
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    pub id: RuleBookId,
    pub book: fn() -> RuleBook,
}

/// The books qili rules by, in the order reports list them (the editions of the corpus).
pub(crate) const PUBLISHED: [Entry; 5] = [
    cxa2011::ENTRY,
    cxa2011_trial::ENTRY,
    paiju::ENTRY,
    cxa2011_mass::ENTRY,
    axf::ENTRY,
];

/// Every book a name finds: the published ones, and in the engine's own tests the test book.
#[cfg(not(test))]
const REGISTERED: &[&[Entry]] = &[&PUBLISHED];
#[cfg(test)]
const REGISTERED: &[&[Entry]] = &[&PUBLISHED, &[test_book::ENTRY]];

pub(crate) fn registered() -> impl Iterator<Item = &'static Entry> {
    REGISTERED.iter().flat_map(|books| books.iter())
}

/// The registered book with this id.
pub(crate) fn entry(id: RuleBookId) -> Option<&'static Entry> {
    registered().find(|e| e.id == id)
}
