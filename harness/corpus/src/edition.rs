//! The editions that publish answers are the rule books: each edition's answers are judged
//! under the book of the same name ([`qili::rules::RuleBookId`]), so adding a book to the
//! engine adds the edition here, and nothing else lists them.

pub use qili::rules::RuleBookId as Edition;

#[cfg(test)]
mod tests {
    use super::*;
    use qili::rules::RuleBook;

    #[test]
    fn names_round_trip_and_every_edition_has_its_rule_book() {
        for e in Edition::ALL {
            assert_eq!(Edition::from_name(e.name()), Some(e));
            assert_eq!(RuleBook::get(e).id, e);
        }
    }
}
