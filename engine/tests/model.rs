//! The ruling model (docs/ruling-model.md) and the code name the same branches: every branch
//! of `qili::rules::Branch` has its section (a `### ` heading naming its id), and every id a
//! heading names is a branch.

use qili::rules::Branch;

#[test]
fn the_model_document_names_every_branch_and_no_other() {
    let doc = include_str!("../../docs/ruling-model.md");
    let mut named: Vec<&str> = doc
        .lines()
        .filter(|l| l.starts_with("### "))
        .flat_map(|l| l.split('`').skip(1).step_by(2))
        .collect();
    named.sort();
    let mut ids: Vec<&str> = Branch::ALL.iter().map(|b| b.id()).collect();
    ids.sort();
    assert_eq!(named, ids);
}
