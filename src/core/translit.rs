//! Cyrillic names in Latin letters, so a name typed on a Russian or
//! Ukrainian keyboard finds the same name written in Latin (the EGD's
//! rating list, a player registered as `Shikshin`), and the other way.
//!
//! Two systems, because a federation's list and a passport follow the
//! language's own: Russian by BGN/PCGN (`Шикшин` → `shikshin`, `Щ` →
//! `shch`, `Й` → `y`), Ukrainian by the national system of 2010 (Cabinet
//! of Ministers resolution 55: `Г` → `h`, `И` → `y`, `Ї` → `i`, and at
//! the start of a word `Є`, `Ї`, `Й`, `Ю`, `Я` → `ye`, `yi`, `y`, `yu`,
//! `ya`). Letters of one language met in the other's name are spelt as
//! their own language spells them.

/// `text` in Latin letters, by the Ukrainian national system when
/// `ukrainian`, else by BGN/PCGN for Russian; a text without Cyrillic
/// letters comes back as it is.
pub fn latin(text: &str, ukrainian: bool) -> String {
    if !text.chars().any(is_cyrillic) {
        return text.to_string();
    }
    spell(text, if ukrainian { ukrainian_letter } else { russian })
}

/// The Latin spellings of `text` in both systems, when it holds Cyrillic
/// letters; none otherwise. Other characters are kept as they are.
pub fn latin_spellings(text: &str) -> Vec<String> {
    if !text.chars().any(is_cyrillic) {
        return Vec::new();
    }
    let mut spellings = vec![spell(text, russian), spell(text, ukrainian_letter)];
    spellings.dedup();
    spellings
}

fn is_cyrillic(c: char) -> bool {
    matches!(c, '\u{400}'..='\u{4ff}')
}

/// `text` with each Cyrillic letter spelt by `system`, which is told
/// whether the letter starts a word; capitals stay capitals.
fn spell(text: &str, system: fn(char, bool) -> &'static str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut word_start = true;
    for c in text.chars() {
        if is_cyrillic(c) {
            let lower = c.to_lowercase().next().unwrap_or(c);
            let latin = system(lower, word_start);
            if c != lower {
                let mut letters = latin.chars();
                if let Some(first) = letters.next() {
                    out.extend(first.to_uppercase());
                    out.push_str(letters.as_str());
                }
            } else {
                out.push_str(latin);
            }
        } else {
            out.push(c);
        }
        word_start = !c.is_alphabetic() && c != '\'' && c != '’';
    }
    out
}

/// BGN/PCGN for Russian.
fn russian(c: char, _word_start: bool) -> &'static str {
    match c {
        'й' => "y",
        'и' => "i",
        'г' => "g",
        'е' | 'ё' | 'э' | 'є' => "e",
        'ы' => "y",
        'ю' => "yu",
        'я' => "ya",
        'і' | 'ї' => "i",
        'ґ' => "g",
        c => common(c),
    }
}

/// The Ukrainian national system (2010).
fn ukrainian_letter(c: char, word_start: bool) -> &'static str {
    match (c, word_start) {
        ('г', _) => "h",
        ('ґ', _) => "g",
        ('и', _) => "y",
        ('і', _) => "i",
        ('є', true) => "ye",
        ('є', false) => "ie",
        ('ї', true) => "yi",
        ('ї', false) => "i",
        ('й', true) => "y",
        ('й', false) => "i",
        ('ю', true) => "yu",
        ('ю', false) => "iu",
        ('я', true) => "ya",
        ('я', false) => "ia",
        ('е' | 'ё' | 'э', _) => "e",
        ('ы', _) => "y",
        (c, _) => common(c),
    }
}

/// Letters both systems spell alike; a sign (ь, ъ) is spelt as nothing.
fn common(c: char) -> &'static str {
    match c {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'д' => "d",
        'ж' => "zh",
        'з' => "z",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "shch",
        _ => "",
    }
}

/// `text` folded as [`crate::core::fold`] folds (case, diacritics,
/// punctuation aside), then in each Latin spelling when it is Cyrillic.
fn spelt(text: &str) -> Vec<String> {
    use crate::core::fold::fold;
    let mut all = vec![fold(text)];
    all.extend(latin_spellings(text).iter().map(|s| fold(s)));
    all
}

/// A name searched for, in either script: its forms are worked out once,
/// then tried on every name of a page.
pub struct NameQuery(Vec<String>);

impl NameQuery {
    pub fn new(query: &str) -> Self {
        NameQuery(
            spelt(query.trim())
                .into_iter()
                .filter(|q| !q.trim().is_empty())
                .collect(),
        )
    }

    /// Whether it finds `name`; an empty query finds nobody.
    pub fn finds(&self, name: &str) -> bool {
        !self.0.is_empty()
            && spelt(name)
                .iter()
                .any(|n| self.0.iter().any(|q| n.contains(q.as_str())))
    }
}

/// Whether `query` finds `name`, in either script.
#[cfg(test)]
fn name_contains(name: &str, query: &str) -> bool {
    NameQuery::new(query).finds(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_and_ukrainian_names_are_spelt_as_their_lists_spell_them() {
        assert_eq!(latin_spellings("Шикшин"), ["Shikshin", "Shykshyn"]);
        assert_eq!(
            latin_spellings("Иванов Пётр"),
            ["Ivanov Petr", "Yvanov Petr"]
        );
        assert_eq!(
            latin_spellings("Щербаков Юрий"),
            ["Shcherbakov Yuriy", "Shcherbakov Yuryi"]
        );
        assert_eq!(
            latin_spellings("Гнатюк Ярослава"),
            ["Gnatyuk Yaroslava", "Hnatiuk Yaroslava"]
        );
        assert_eq!(
            latin_spellings("Їжакевич Євгенія"),
            ["Izhakevich Evgeniya", "Yizhakevych Yevheniia"]
        );
        assert_eq!(latin_spellings("Юрій"), ["Yuriy", "Yurii"]);
        assert_eq!(latin_spellings("Зінов'єв"), ["Zinov'ev", "Zinov'iev"]);
        assert!(latin_spellings("Shikshin").is_empty());
    }

    #[test]
    fn one_spelling_follows_the_language() {
        assert_eq!(latin("Гнатюк Ярослава", true), "Hnatiuk Yaroslava");
        assert_eq!(latin("Гнатюк Ярослава", false), "Gnatyuk Yaroslava");
        assert_eq!(latin("Müller", true), "Müller");
    }

    #[test]
    fn a_name_is_found_from_either_script() {
        assert!(name_contains("Shikshin Ilya", "Шикшин"));
        assert!(name_contains("Шикшин Илья", "shikshin"));
        assert!(name_contains("Hnatiuk Yaroslava", "Гнатюк"));
        assert!(name_contains("Ivanov Petr", "иван"));
        assert!(name_contains("Müller", "muller"));
        assert!(!name_contains("Ivanov Petr", "Петров"));
        assert!(!name_contains("Ivanov", "  "));
    }
}
