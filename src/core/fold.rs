//! Names folded for comparison as people type them: lower case, no
//! diacritics, punctuation as single spaces, apostrophes dropped
//! (`Dreelyi_Kis Ágota` → `dreelyi kis agota`, `O'Brien` → `obrien`).
//!
//! A table of our own covers Latin-1 and Latin Extended-A (every European
//! federation's letters, Romanian comma-below included); other scripts are
//! only lower-cased.

/// Base letters of U+00C0..=U+00FF; `*` marks the two-letter ones, space the signs × and ÷.
const LATIN_1: &[u8; 64] = b"aaaaaa*ceeeeiiiidnooooo ouuuuy**aaaaaa*ceeeeiiiidnooooo ouuuuy*y";

/// Base letters of U+0100..=U+017F (Latin Extended-A); `*` marks Ĳ ĳ Œ œ.
const LATIN_EXTENDED_A: &[u8; 128] = b"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkkkllllllllllnnnnnnnnnoooooo**rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/// What one character folds to.
enum Folded {
    /// Letters to write.
    Letters(&'static str),
    /// One lower-case character.
    Char(char),
    /// Written as nothing (apostrophes, combining marks).
    Nothing,
    /// A word boundary.
    Separator,
}

fn fold_char(c: char) -> Folded {
    const LETTERS: &str = "abcdefghijklmnopqrstuvwxyz";
    let letter = |b: u8| match b {
        b'a'..=b'z' => Folded::Letters(&LETTERS[usize::from(b - b'a')..][..1]),
        _ => Folded::Separator,
    };
    match c {
        'a'..='z' | '0'..='9' => Folded::Char(c),
        'A'..='Z' => Folded::Char(c.to_ascii_lowercase()),
        'Æ' | 'æ' => Folded::Letters("ae"),
        'Þ' | 'þ' => Folded::Letters("th"),
        'ß' => Folded::Letters("ss"),
        'Ĳ' | 'ĳ' => Folded::Letters("ij"),
        'Œ' | 'œ' => Folded::Letters("oe"),
        'Ș' | 'ș' => Folded::Letters("s"),
        'Ț' | 'ț' => Folded::Letters("t"),
        '\u{c0}'..='\u{ff}' => letter(LATIN_1[c as usize - 0xc0]),
        '\u{100}'..='\u{17f}' => letter(LATIN_EXTENDED_A[c as usize - 0x100]),
        '\'' | '’' | '‘' | '`' | 'ʼ' | '\u{300}'..='\u{36f}' => Folded::Nothing,
        c if c.is_alphanumeric() => Folded::Char(c.to_lowercase().next().unwrap_or(c)),
        _ => Folded::Separator,
    }
}

/// Appends the folded `text` to `out`; a separator at the end of `text` is
/// kept as one space, so a query `li ` can ask for the whole word `li`.
pub fn fold_into(text: &str, out: &mut String) {
    let mut pending_space = false;
    let start = out.len();
    for c in text.chars() {
        let write = |out: &mut String, pending: &mut bool| {
            if std::mem::take(pending) && out.len() > start {
                out.push(' ');
            }
        };
        match fold_char(c) {
            Folded::Letters(s) => {
                write(out, &mut pending_space);
                out.push_str(s);
            }
            Folded::Char(c) => {
                write(out, &mut pending_space);
                out.push(c);
            }
            Folded::Nothing => {}
            Folded::Separator => pending_space = true,
        }
    }
    if pending_space && out.len() > start {
        out.push(' ');
    }
}

/// The folded `text`.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fold_into(text, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diacritics_case_and_punctuation_fold_away() {
        assert_eq!(fold("Dreelyi_Kis Ágota"), "dreelyi kis agota");
        assert_eq!(fold("Boukerrouye Naïm"), "boukerrouye naim");
        assert_eq!(fold("ŁUKASZ Sawicki-Hughes"), "lukasz sawicki hughes");
        assert_eq!(fold("O'Brien  Seán"), "obrien sean");
        assert_eq!(fold("Şahin İpek Ğ"), "sahin ipek g");
        assert_eq!(fold("Strauß Æsa Øystein Þór"), "strauss aesa oystein thor");
        assert_eq!(
            fold("Ștefan Țurcanu Œuvre Ĳssel"),
            "stefan turcanu oeuvre ijssel"
        );
        assert_eq!(
            fold("Čapek Žofie Ďurina Ňeměc Řehoř Ůl"),
            "capek zofie durina nemec rehor ul"
        );
        assert_eq!(fold("Ákos Ő Ű"), "akos o u");
        assert_eq!(fold("Ýñçÿðĸſ"), "yncydks");
        assert_eq!(fold("Rene\u{301}"), "rene");
        assert_eq!(fold("Барбара"), "барбара");
    }

    #[test]
    fn only_a_trailing_separator_is_kept() {
        assert_eq!(fold("  (undefined) Man_Hai"), "undefined man hai");
        assert_eq!(fold("Li "), "li ");
        assert_eq!(fold("Li."), "li ");
        assert_eq!(fold("--"), "");
        let mut out = String::from("x");
        fold_into(" a", &mut out);
        assert_eq!(out, "xa");
    }

    #[test]
    fn every_latin_letter_folds_to_ascii() {
        for c in ('\u{c0}'..='\u{17f}').filter(|c| c.is_alphabetic()) {
            let folded = fold(&c.to_string());
            assert!(
                !folded.is_empty() && folded.bytes().all(|b| b.is_ascii_lowercase()),
                "{c} folds to {folded:?}"
            );
        }
    }
}
