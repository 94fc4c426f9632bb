//! The editions that publish answers, and the rule book each one is judged under. This is the
//! one list the lint, the runner and the reports share.

use std::fmt;

use qili::rules::RuleBook;

/// An edition of a rule book (or a body of published rulings) whose answers the corpus holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edition {
    /// 中国象棋协会《象棋竞赛规则》2011, final edition.
    Cxa2011,
    /// The 2011 trial edition (试行).
    Cxa2011Trial,
    /// 排局 rules for composed problems.
    Paiju,
    /// The 2011 rules for mass competitions (群众性比赛).
    Cxa2011Mass,
}

impl Edition {
    pub const ALL: [Edition; 4] = [
        Edition::Cxa2011,
        Edition::Cxa2011Trial,
        Edition::Paiju,
        Edition::Cxa2011Mass,
    ];

    /// The name used in case files, expectations and reports; also the rule book's name.
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Cxa2011 => "cxa2011",
            Edition::Cxa2011Trial => "cxa2011-trial",
            Edition::Paiju => "paiju",
            Edition::Cxa2011Mass => "cxa2011-mass",
        }
    }

    pub fn from_name(name: &str) -> Option<Edition> {
        Edition::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The names, for messages that list what was expected.
    pub fn names() -> String {
        Edition::ALL.map(Edition::name).join(", ")
    }

    /// In Chinese, for reports.
    pub const fn chinese(self) -> &'static str {
        match self {
            Edition::Cxa2011 => "《象棋竞赛规则》2011（正式版）",
            Edition::Cxa2011Trial => "《象棋竞赛规则》2011（试行版）",
            Edition::Paiju => "排局规则",
            Edition::Cxa2011Mass => "《象棋竞赛规则》2011 群众性比赛",
        }
    }

    /// The rule book this edition's answers are judged under, if qili has it yet.
    pub fn rule_book(self) -> Option<RuleBook> {
        RuleBook::by_name(self.name())
    }
}

impl serde::Serialize for Edition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_every_rule_book_is_an_edition() {
        for e in Edition::ALL {
            assert_eq!(Edition::from_name(e.name()), Some(e));
        }
        for book in RuleBook::all() {
            assert!(
                Edition::from_name(book.id.name()).is_some(),
                "rule book {} has no edition",
                book.id
            );
        }
        assert_eq!(
            Edition::Cxa2011.rule_book().map(|b| b.id.name()),
            Some("cxa2011")
        );
    }
}
