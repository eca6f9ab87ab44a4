//! The three interface languages and how a request picks one: the
//! `tengen_lang` cookie set by the switcher, else the browser's
//! Accept-Language, else English. Texts live in `src/locales/*.yml`, one
//! file per area; `tests/offline/locale_keys.rs` checks them against the code.

use axum::http::HeaderMap;

use super::cookies;

/// Name of the cookie that remembers the chosen language.
pub const COOKIE: &str = "tengen_lang";

/// An interface language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Lang {
    En,
    Ru,
    Uk,
}

impl Lang {
    /// Every language, in the switcher's order.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ru, Lang::Uk];

    /// The BCP 47 code, as in `<html lang>` and the locale files.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Uk => "uk",
        }
    }

    /// The language's own name for itself, for the switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ru => "Русский",
            Lang::Uk => "Українська",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The cookie's choice, else the best Accept-Language match, else English.
    pub fn negotiate(headers: &HeaderMap) -> Lang {
        cookies::get(headers, COOKIE)
            .and_then(Lang::from_code)
            .or_else(|| {
                headers
                    .get(axum::http::header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .and_then(from_accept_language)
            })
            .unwrap_or(Lang::En)
    }

    /// The text for `key` in this language.
    pub fn t(self, key: &str) -> String {
        rust_i18n::t!(key, locale = self.code()).into_owned()
    }

    /// The text for a count of `n`: `key.one`, `key.few` or `key.many` by the
    /// language's plural rule, with `%{n}` replaced (CLDR: English has one and
    /// other, which `many` holds; Russian and Ukrainian one, few and many).
    pub fn plural(self, key: &str, n: u64) -> String {
        let form = match self {
            Lang::En if n == 1 => "one",
            Lang::En => "many",
            Lang::Ru | Lang::Uk => match (n % 10, n % 100) {
                (1, r) if r != 11 => "one",
                (2..=4, r) if !(12..=14).contains(&r) => "few",
                _ => "many",
            },
        };
        self.tf(&format!("{key}.{form}"), &[("n", self.number(n))])
    }

    /// A count as the reader writes it: `42,824` in English, `42 824` (a
    /// no-break space) in Russian and Ukrainian, as CLDR groups them.
    pub fn number(self, n: u64) -> String {
        let separator = match self {
            Lang::En => ',',
            Lang::Ru | Lang::Uk => '\u{a0}',
        };
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3);
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(separator);
            }
            out.push(d);
        }
        out
    }

    /// The text for `key` with each `%{name}` replaced by its value.
    pub fn tf(self, key: &str, args: &[(&str, String)]) -> String {
        args.iter().fold(self.t(key), |text, (name, value)| {
            text.replace(&format!("%{{{name}}}"), value)
        })
    }
}

/// The supported language with the highest quality in an Accept-Language
/// header; ties keep the header's order.
fn from_accept_language(header: &str) -> Option<Lang> {
    let mut best: Option<(f32, Lang)> = None;
    for item in header.split(',') {
        let mut parts = item.trim().split(';');
        let tag = parts.next().unwrap_or("").trim();
        let quality = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        let primary = tag.split('-').next().unwrap_or("");
        if let Some(lang) = Lang::from_code(primary)
            && quality > 0.0
            && best.is_none_or(|(q, _)| quality > q)
        {
            best = Some((quality, lang));
        }
    }
    best.map(|(_, lang)| lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_prefers_the_highest_quality_supported_language() {
        assert_eq!(
            from_accept_language("de-DE,uk;q=0.8,ru;q=0.9"),
            Some(Lang::Ru)
        );
        assert_eq!(from_accept_language("uk-UA, en;q=0.5"), Some(Lang::Uk));
        assert_eq!(from_accept_language("fr, de"), None);
        assert_eq!(from_accept_language("ru;q=0"), None);
    }

    #[test]
    fn counts_are_grouped_by_thousands_as_each_language_writes_them() {
        assert_eq!(Lang::En.number(42824), "42,824");
        assert_eq!(Lang::Ru.number(1_234_567), "1\u{a0}234\u{a0}567");
        assert_eq!(Lang::Uk.number(999), "999");
        assert_eq!(
            Lang::En.plural("count.rated_players", 5000),
            "5,000 players"
        );
    }

    #[test]
    fn counts_take_the_plural_form_of_their_language() {
        let forms = |lang: Lang| {
            [1, 2, 5, 11, 21, 22, 112]
                .map(|n| lang.plural("overview.rounds", n))
                .join(", ")
        };
        assert_eq!(
            forms(Lang::En),
            "1 round, 2 rounds, 5 rounds, 11 rounds, 21 rounds, 22 rounds, 112 rounds"
        );
        assert_eq!(
            forms(Lang::Ru),
            "1 тур, 2 тура, 5 туров, 11 туров, 21 тур, 22 тура, 112 туров"
        );
        assert_eq!(
            forms(Lang::Uk),
            "1 тур, 2 тури, 5 турів, 11 турів, 21 тур, 22 тури, 112 турів"
        );
    }
}
