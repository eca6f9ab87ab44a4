//! The time zone a tournament is most likely held in, from what its file
//! says: the country named in its location, else the country most of its
//! players come from. Only countries whose players EGF, RFG and Ukrainian
//! tournaments see are listed; each has one zone (Russia and Kazakhstan
//! their capitals', as most of their tournaments are played there).

use super::Tournament;
use super::fold::fold;

/// (ISO 3166 code, IANA zone, names people write in a location: English,
/// the country's own, Russian and Ukrainian where they differ).
const COUNTRIES: &[(&str, &str, &[&str])] = &[
    ("AM", "Asia/Yerevan", &["Armenia", "Армения", "Вірменія"]),
    (
        "AT",
        "Europe/Vienna",
        &["Austria", "Österreich", "Австрия", "Австрія"],
    ),
    ("AZ", "Asia/Baku", &["Azerbaijan", "Азербайджан"]),
    ("BA", "Europe/Sarajevo", &["Bosnia"]),
    (
        "BE",
        "Europe/Brussels",
        &["Belgium", "Belgique", "België", "Бельгия", "Бельгія"],
    ),
    (
        "BG",
        "Europe/Sofia",
        &["Bulgaria", "България", "Болгария", "Болгарія"],
    ),
    ("BY", "Europe/Minsk", &["Belarus", "Беларусь", "Білорусь"]),
    (
        "CH",
        "Europe/Zurich",
        &["Switzerland", "Schweiz", "Suisse", "Швейцария", "Швейцарія"],
    ),
    ("CN", "Asia/Shanghai", &["China", "Китай"]),
    ("CY", "Asia/Nicosia", &["Cyprus", "Кипр", "Кіпр"]),
    (
        "CZ",
        "Europe/Prague",
        &["Czech", "Czechia", "Česko", "Чехия", "Чехія"],
    ),
    (
        "DE",
        "Europe/Berlin",
        &["Germany", "Deutschland", "Германия", "Німеччина"],
    ),
    (
        "DK",
        "Europe/Copenhagen",
        &["Denmark", "Danmark", "Дания", "Данія"],
    ),
    (
        "EE",
        "Europe/Tallinn",
        &["Estonia", "Eesti", "Эстония", "Естонія"],
    ),
    (
        "ES",
        "Europe/Madrid",
        &["Spain", "España", "Испания", "Іспанія"],
    ),
    (
        "FI",
        "Europe/Helsinki",
        &["Finland", "Suomi", "Финляндия", "Фінляндія"],
    ),
    ("FR", "Europe/Paris", &["France", "Франция", "Франція"]),
    (
        "GB",
        "Europe/London",
        &[
            "United Kingdom",
            "England",
            "Scotland",
            "Wales",
            "Великобритания",
            "Велика Британія",
        ],
    ),
    ("GE", "Asia/Tbilisi", &["Georgia", "Грузия", "Грузія"]),
    (
        "GR",
        "Europe/Athens",
        &["Greece", "Ελλάδα", "Греция", "Греція"],
    ),
    (
        "HR",
        "Europe/Zagreb",
        &["Croatia", "Hrvatska", "Хорватия", "Хорватія"],
    ),
    (
        "HU",
        "Europe/Budapest",
        &["Hungary", "Magyarország", "Венгрия", "Угорщина"],
    ),
    (
        "IE",
        "Europe/Dublin",
        &["Ireland", "Éire", "Ирландия", "Ірландія"],
    ),
    ("IL", "Asia/Jerusalem", &["Israel", "Израиль", "Ізраїль"]),
    (
        "IT",
        "Europe/Rome",
        &["Italy", "Italia", "Италия", "Італія"],
    ),
    ("JP", "Asia/Tokyo", &["Japan", "Япония", "Японія"]),
    ("KR", "Asia/Seoul", &["Korea", "Корея"]),
    ("KZ", "Asia/Almaty", &["Kazakhstan", "Казахстан"]),
    ("LT", "Europe/Vilnius", &["Lithuania", "Lietuva", "Литва"]),
    ("LU", "Europe/Luxembourg", &["Luxembourg", "Люксембург"]),
    (
        "LV",
        "Europe/Riga",
        &["Latvia", "Latvija", "Латвия", "Латвія"],
    ),
    ("MD", "Europe/Chisinau", &["Moldova", "Молдова", "Молдавия"]),
    (
        "NL",
        "Europe/Amsterdam",
        &["Netherlands", "Nederland", "Нидерланды", "Нідерланди"],
    ),
    (
        "NO",
        "Europe/Oslo",
        &["Norway", "Norge", "Норвегия", "Норвегія"],
    ),
    (
        "PL",
        "Europe/Warsaw",
        &["Poland", "Polska", "Польша", "Польща"],
    ),
    (
        "PT",
        "Europe/Lisbon",
        &["Portugal", "Португалия", "Португалія"],
    ),
    (
        "RO",
        "Europe/Bucharest",
        &["Romania", "România", "Румыния", "Румунія"],
    ),
    (
        "RS",
        "Europe/Belgrade",
        &["Serbia", "Србија", "Сербия", "Сербія"],
    ),
    ("RU", "Europe/Moscow", &["Russia", "Россия", "Росія"]),
    (
        "SE",
        "Europe/Stockholm",
        &["Sweden", "Sverige", "Швеция", "Швеція"],
    ),
    (
        "SI",
        "Europe/Ljubljana",
        &["Slovenia", "Slovenija", "Словения", "Словенія"],
    ),
    (
        "SK",
        "Europe/Bratislava",
        &["Slovakia", "Slovensko", "Словакия", "Словаччина"],
    ),
    (
        "TR",
        "Europe/Istanbul",
        &["Turkey", "Türkiye", "Турция", "Туреччина"],
    ),
    ("UA", "Europe/Kyiv", &["Ukraine", "Україна", "Украина"]),
];

/// The zone of a country, by its ISO code (`PL` → `Europe/Warsaw`).
pub fn of_country(code: &str) -> Option<&'static str> {
    COUNTRIES
        .iter()
        .find(|(c, _, _)| c.eq_ignore_ascii_case(code.trim()))
        .map(|(_, zone, _)| *zone)
}

/// The zone of the country a location names (`Kraków, Polska`), by a
/// whole-word match of the folded names.
pub fn of_location(location: &str) -> Option<&'static str> {
    let words = format!(" {} ", fold(location));
    COUNTRIES
        .iter()
        .find(|(_, _, names)| {
            names
                .iter()
                .any(|name| words.contains(&format!(" {} ", fold(name))))
        })
        .map(|(_, zone, _)| *zone)
}

/// The zone a tournament is most likely held in: its location's country,
/// else the listed country most of its players come from (a tie goes to the
/// country met first in the players list); `None` when neither tells.
pub fn likely(t: &Tournament) -> Option<&'static str> {
    of_location(&t.settings().general.location).or_else(|| {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for p in t.players() {
            if let Some(zone) = of_country(&p.country) {
                match counts.iter_mut().find(|(z, _)| *z == zone) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((zone, 1)),
                }
            }
        }
        counts
            .into_iter()
            .rev()
            .max_by_key(|(_, n)| *n)
            .map(|(zone, _)| zone)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Player, PlayerId, Rank, Settings};
    use std::str::FromStr;

    fn tournament(location: &str, countries: &[&str]) -> Tournament {
        let mut settings = Settings::default();
        settings.general.location = location.into();
        let mut t = Tournament::new(settings);
        for country in countries {
            let mut p = Player::new(PlayerId(0), "A", "B", Rank::from_str("1k").unwrap());
            p.country = (*country).into();
            t.register(p);
        }
        t
    }

    #[test]
    fn the_location_names_the_country_in_any_of_its_languages() {
        assert_eq!(of_location("Kraków, Polska"), Some("Europe/Warsaw"));
        assert_eq!(of_location("Warsaw (Poland)"), Some("Europe/Warsaw"));
        assert_eq!(of_location("Київ, Україна"), Some("Europe/Kyiv"));
        assert_eq!(
            of_location("Санкт-Петербург, Россия"),
            Some("Europe/Moscow")
        );
        assert_eq!(of_location("Paris"), None, "cities are not guessed");
    }

    #[test]
    fn without_a_country_in_the_location_most_players_decide() {
        let t = tournament("Kraków", &["PL", "PL", "UA", "CZ", ""]);
        assert_eq!(likely(&t), Some("Europe/Warsaw"));
        assert_eq!(
            likely(&tournament("Brno, Czech Republic", &["PL", "PL"])),
            Some("Europe/Prague")
        );
        assert_eq!(likely(&tournament("", &["US", "XX"])), None);
    }

    #[test]
    fn every_listed_zone_is_in_the_time_zone_database_and_codes_are_unique() {
        let mut codes: Vec<&str> = COUNTRIES.iter().map(|(c, _, _)| *c).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), COUNTRIES.len());
        for (_, zone, _) in COUNTRIES {
            assert!(jiff::tz::TimeZone::get(zone).is_ok(), "{zone}");
        }
    }
}
