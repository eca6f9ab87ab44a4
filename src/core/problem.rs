//! What is wrong with one field of a form or a request body, as every rule
//! of the core says it: a leaf, so that any rule may name a field without
//! reaching up to the commands.

/// One field of a form or a request body, and what is wrong with it: a
/// translation key and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    pub field: &'static str,
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
    /// For a plural key (`form.too_long`): the number that picks the form.
    pub count: Option<u64>,
}

impl FieldProblem {
    pub fn new(field: &'static str, key: &'static str) -> Self {
        FieldProblem {
            field,
            key,
            args: Vec::new(),
            count: None,
        }
    }

    pub fn count(mut self, n: u64) -> Self {
        self.count = Some(n);
        self
    }

    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }
}

/// Why a player may not enter the event, at a field of the player form:
/// both the admission rules and an inclusive event's insurance refuse an
/// entry, and the one asks the other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryRefusal {
    pub field: &'static str,
    /// The translation key of the message.
    pub key: &'static str,
    /// The values the message names.
    pub args: Vec<(&'static str, String)>,
}
