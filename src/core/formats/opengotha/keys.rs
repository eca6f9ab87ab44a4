//! OpenGotha's player keys, and matching them to players whatever the
//! locale that wrote the file.

use super::problem::{ImportError, Problem};
use crate::core::ids::PlayerId;
use crate::core::player::Player;
use crate::core::tournament::Tournament;
use std::collections::HashMap;

/// OpenGotha's player key: name and first name, spaces removed, upper case.
pub(super) fn player_key(p: &Player) -> String {
    format!("{}{}", p.name, p.first_name)
        .replace(' ', "")
        .to_uppercase()
}

/// A key folded for locale-independent matching: Turkish dotted and dotless
/// i, and the accented Latin letters OpenGotha itself folds, become ASCII.
fn folded_key(key: &str) -> String {
    key.chars()
        .filter(|c| *c != ' ')
        .flat_map(char::to_uppercase)
        .map(|c| match c {
            'İ' | 'I' | 'Ì' | 'Í' | 'Î' | 'Ï' => 'I',
            'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'A',
            'Ç' => 'C',
            'È' | 'É' | 'Ê' | 'Ë' => 'E',
            'Ñ' => 'N',
            'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' => 'O',
            'Ù' | 'Ú' | 'Û' | 'Ü' => 'U',
            'Ý' => 'Y',
            'Ğ' => 'G',
            'Ş' => 'S',
            other => other,
        })
        .collect()
}

/// The folded key with only the letters A–Z kept: OpenGotha's key for files
/// of data version 200 and older ("obsolete canonical name").
fn letters_key(key: &str) -> String {
    folded_key(key)
        .chars()
        .filter(char::is_ascii_uppercase)
        .collect()
}

/// Resolves the player keys of a file: exactly, then folded, then by letters only.
pub(super) struct PlayerKeys {
    exact: HashMap<String, PlayerId>,
    folded: HashMap<String, PlayerId>,
    letters: HashMap<String, PlayerId>,
}

impl PlayerKeys {
    pub(super) fn new(t: &Tournament) -> Self {
        let mut keys = PlayerKeys {
            exact: HashMap::new(),
            folded: HashMap::new(),
            letters: HashMap::new(),
        };
        for p in t.players() {
            let key = player_key(p);
            keys.folded.entry(folded_key(&key)).or_insert(p.id);
            keys.letters.entry(letters_key(&key)).or_insert(p.id);
            keys.exact.entry(key).or_insert(p.id);
        }
        keys
    }

    pub(super) fn resolve(&self, key: &str, line: usize) -> Result<PlayerId, ImportError> {
        self.exact
            .get(key)
            .or_else(|| self.folded.get(&folded_key(key)))
            .or_else(|| self.letters.get(&letters_key(key)))
            .copied()
            .ok_or_else(|| ImportError {
                line,
                problem: Problem::UnknownPlayer(key.to_owned()),
            })
    }
}
