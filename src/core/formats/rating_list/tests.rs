//! Rating lists: columns, encodings and problems; search, matching and
//! refreshing registered players.

use super::*;
use crate::core::formats::text::TextError;
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::player::Player;
use crate::core::rank::Rank;
use crate::core::tournament::{Tournament, TournamentError};
use jiff::civil::Date;

/// A line of `egf_db.txt`, columns as in the EGD's file.
fn egf_line(pin: &str, names: &str, country: &str, club: &str, grade: &str, gor: i32) -> String {
    format!(
        " {pin:>8}  {names:<37} {country:<3} {club:<4}   {grade:>3}   --   {gor:>4}     1  T171125N\n"
    )
}

fn egf_sample() -> String {
    let mut text = String::from("<html><title> List of Players EURO </title>\n(22 Feb 2018)\n");
    text += "   PIN          Name                              Club     Grade P&D    GoR    NT appearance\n";
    text += &egf_line("10437350", "Vannier Luc", "FR", "31Ba", "2k", 1833);
    text += &egf_line("16825589", "Aarle Barbara_van", "NL", "DBos", "17k", 356);
    text += &egf_line("15650261", "Aalto Jukka", "XX", "xxx", "20k", 218);
    text += &egf_line("12345678", "Broken Grade", "DE", "Berl", "2x", 1900);
    text += " 12345679  Short Line                            DE  Berl\n";
    text += &egf_line("14049145", "Li Wei", "CN", "Bei", "3d", 2250);
    text += &egf_line("14049146", "Lim Bo", "SG", "Sing", "1k", 2000);
    text += &egf_line("14049147", "Li Ming", "CN", "Bei", "2d", 2150);
    text += &egf_line("14049148", "Ali Li", "CN", "Bei", "5k", 1600);
    text + "\nNumber of players: 9\n</pre>\n"
}

fn sample_index() -> RatingIndex {
    RatingIndex::new(parse(egf_sample().as_bytes()).unwrap())
}

fn shown(players: &[&RatedPlayer]) -> Vec<String> {
    players
        .iter()
        .map(|p| format!("{} {}", p.name, p.first_name))
        .collect()
}

#[test]
fn an_egf_list_is_read_by_its_columns() {
    let list = parse(egf_sample().as_bytes()).unwrap();
    assert_eq!(list.kind, ListKind::Egf);
    assert_eq!(list.date, Some(Date::new(2018, 2, 22).unwrap()));
    assert_eq!(list.players.len(), 7);
    let luc = &list.players[0];
    assert_eq!(
        (
            luc.egf_pin.as_str(),
            luc.name.as_str(),
            luc.first_name.as_str()
        ),
        ("10437350", "Vannier", "Luc")
    );
    assert_eq!((luc.country.as_str(), luc.club.as_str()), ("FR", "31Ba"));
    assert_eq!((luc.rank, luc.rating.gor()), (Rank::Kyu(2), 1833));
    assert_eq!(list.players[1].first_name, "Barbara van");
    assert_eq!(
        (
            list.players[2].country.as_str(),
            list.players[2].club.as_str()
        ),
        ("", "")
    );
}

#[test]
fn unreadable_player_lines_are_reported_by_number() {
    let list = parse(egf_sample().as_bytes()).unwrap();
    let lines: Vec<_> = list.malformed.iter().map(|m| m.line).collect();
    assert_eq!(lines, [7, 8]);
    assert_eq!(
        list.malformed[0].to_string(),
        "line 7: PIN 12345678: grade \"2x\" is not a rank"
    );
    assert!(
        list.malformed[1]
            .problem
            .contains("ends before the rating column")
    );
    let none = parse(b"<html>\n 12345678  Only Broken\n").unwrap_err();
    assert!(
        matches!(none, RatingListError::NoPlayers { kind: ListKind::Egf, malformed } if malformed.len() == 1)
    );
}

#[test]
fn an_ffg_list_gives_ranks_from_ratings() {
    let line = |names: &[u8], rest: &str| {
        let mut bytes = names.to_vec();
        bytes.resize(38, b' ');
        bytes.extend_from_slice(rest.as_bytes());
        bytes
    };
    let text = [
        b"#Echelle au 23/02/2018 07:56:59\n".to_vec(),
        line(b"AAIJ Ren\xe9", "  243 e ------- xxxx NL\n"),
        line(b"AIT_BRAHAM Nouh", "-2950 L 1800083 92Ge FR\n"),
        line(b"BON Maxence", "-1600 - 0637009 xxxx \n"),
        line(b"BAD Rating", "abc   - 0637010 xxxx FR\n"),
    ]
    .concat();
    let list = parse(&text).unwrap();
    assert_eq!(list.kind, ListKind::Ffg);
    assert_eq!(list.date, Some(Date::new(2018, 2, 23).unwrap()));
    assert_eq!(list.players.len(), 3);
    let rene = &list.players[0];
    assert_eq!(
        (rene.name.as_str(), rene.first_name.as_str()),
        ("AAIJ", "René")
    );
    assert_eq!((rene.rating.gor(), rene.rank), (2293, Rank::Dan(3)));
    assert_eq!((rene.ffg_licence.as_str(), rene.club.as_str()), ("", ""));
    let nouh = &list.players[1];
    assert_eq!(nouh.name, "AIT BRAHAM");
    assert_eq!(
        (nouh.ffg_licence.as_str(), nouh.ffg_licence_status.as_str()),
        ("1800083", "L")
    );
    assert_eq!(nouh.rank, Rank::Kyu(30));
    assert_eq!(list.players[2].rank, Rank::Kyu(16));
    assert_eq!(list.players[2].country, "");
    assert_eq!(list.malformed[0].line, 5);
}

#[test]
fn a_rated_player_becomes_a_player_to_register() {
    let list = parse(egf_sample().as_bytes()).unwrap();
    let player = list.players[0].to_player(list.date);
    assert_eq!(player.full_name(), "Vannier Luc");
    assert_eq!(
        player.rating_source.map(|s| s.to_string()).as_deref(),
        Some("EGD 2018-02-22")
    );
    assert_eq!(
        (player.egf_pin.as_str(), player.club.as_str()),
        ("10437350", "31Ba")
    );
    assert_eq!((player.rank, player.rating.gor()), (Rank::Kyu(2), 1833));
    assert_eq!(
        (player.rating_origin.as_str(), player.grade.as_str()),
        ("EGF", "2K")
    );
}

#[test]
fn search_finds_prefixes_of_either_name_order() {
    let index = sample_index();
    assert_eq!(shown(&index.search("vann", 10)), ["Vannier Luc"]);
    assert_eq!(shown(&index.search("luc v", 10)), ["Vannier Luc"]);
    assert_eq!(
        shown(&index.search("BARBARA VAN a", 10)),
        ["Aarle Barbara van"]
    );
    assert_eq!(
        shown(&index.search("aarle barbara-van", 10)),
        ["Aarle Barbara van"]
    );
    assert!(index.search("zz", 10).is_empty());
    assert!(index.search("  ", 10).is_empty());
}

/// Issue 31: on a Russian or Ukrainian keyboard, a Latin list is searched
/// by the name's Latin spellings.
#[test]
fn a_name_typed_in_cyrillic_finds_its_latin_spelling() {
    let index = sample_index();
    assert_eq!(shown(&index.search("Ванн", 10)), ["Vannier Luc"]);
    assert_eq!(
        shown(&index.search("ли ", 10)),
        ["Li Ming", "Li Wei", "Ali Li"]
    );
    assert!(index.search("Жж", 10).is_empty());
}

#[test]
fn whole_words_rank_first_then_family_names() {
    let index = sample_index();
    assert_eq!(
        shown(&index.search("li", 10)),
        ["Li Ming", "Li Wei", "Ali Li", "Lim Bo"]
    );
    assert_eq!(
        shown(&index.search("li ", 10)),
        ["Li Ming", "Li Wei", "Ali Li"]
    );
    assert_eq!(shown(&index.search("li", 2)), ["Li Ming", "Li Wei"]);
    assert_eq!(
        shown(&index.search("li", 3)),
        ["Li Ming", "Li Wei", "Ali Li"]
    );
    assert!(index.search("li", 0).is_empty());
}

#[test]
fn a_windows_1251_list_reads_its_cyrillic_names() {
    let text = String::from("(03 May 2018)\n")
        + &egf_line("13000001", "Иванов Пётр", "RU", "Msk", "1d", 2090)
        + &egf_line(
            "13000002",
            "Шевченко Тарас_Григорович",
            "UA",
            "Kyiv",
            "3k",
            1750,
        );
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    for chosen in [None, Some(encoding_rs::WINDOWS_1251)] {
        let list = parse_in(&bytes, chosen).unwrap();
        assert_eq!(
            shown(&list.players.iter().collect::<Vec<_>>()),
            ["Иванов Пётр", "Шевченко Тарас Григорович"]
        );
        assert_eq!(list.players[1].club, "Kyiv");
        assert_eq!(list.date, Some(Date::new(2018, 5, 3).unwrap()));
    }
}

#[test]
fn a_list_that_is_not_the_chosen_encoding_is_refused_with_its_line() {
    let bytes = [
        b"(03 May 2018)\n".as_slice(),
        egf_line("13000001", "Kim Ji", "KR", "Seou", "1d", 2090).as_bytes(),
        &encoding_rs::ISO_8859_15
            .encode(&egf_line(
                "13000002",
                "Müller Hans",
                "DE",
                "Berl",
                "3k",
                1750,
            ))
            .0,
    ]
    .concat();
    assert_eq!(
        parse_in(&bytes, Some(encoding_rs::UTF_8)),
        Err(RatingListError::Text(TextError::Malformed {
            line: 3,
            encoding: "UTF-8"
        }))
    );
    assert_eq!(parse(&bytes).unwrap().players[1].name, "Müller");
}

fn registered(t: &mut Tournament, name: &str, first: &str, rank: &str) -> PlayerId {
    t.register(Player::new(PlayerId(0), name, first, rank.parse().unwrap()))
}

#[test]
fn players_are_matched_by_pin_then_licence_then_a_name_no_one_else_has() {
    let index = sample_index();
    let mut t = Tournament::new(Default::default());
    let luc = registered(&mut t, "VANNIER", "luc", "2k");
    let by_pin = registered(&mut t, "Someone", "Else", "1d");
    let li = registered(&mut t, "Li", "Wei", "3d");
    let nobody = registered(&mut t, "Nobody", "Here", "5k");
    let mut p = t.player(by_pin).unwrap().clone();
    p.egf_pin = "14049147".into();
    t.update_player(p).unwrap();
    let found = |id| {
        index
            .find(t.player(id).unwrap())
            .map(|(e, by)| (e.egf_pin.clone(), by))
    };
    assert_eq!(found(luc), Some(("10437350".into(), MatchedBy::Name)));
    assert_eq!(found(by_pin), Some(("14049147".into(), MatchedBy::EgfPin)));
    assert_eq!(found(li), Some(("14049145".into(), MatchedBy::Name)));
    assert_eq!(found(nobody), None);
    let mut twice = egf_sample();
    twice += &egf_line("14049149", "Li Wei", "SG", "Sing", "9k", 1200);
    let index = RatingIndex::new(parse(twice.as_bytes()).unwrap());
    assert_eq!(index.find(t.player(li).unwrap()), None, "two Li Wei");
}

#[test]
fn a_refresh_changes_ratings_and_only_the_ranks_the_list_gave() {
    let old = RatingIndex::new(parse(egf_sample().as_bytes()).unwrap());
    let mut t = Tournament::new(Default::default());
    for pin in ["10437350", "14049145"] {
        let entry = old
            .list()
            .players
            .iter()
            .find(|p| p.egf_pin == pin)
            .unwrap();
        t.register(entry.to_player(old.list().date));
    }
    // The organiser promoted Li Wei by hand.
    let mut li = t.player(PlayerId(2)).unwrap().clone();
    li.rank = Rank::Dan(4);
    t.update_player(li).unwrap();
    let hand = registered(&mut t, "Aalto", "Jukka", "15k");
    let absent = registered(&mut t, "Nobody", "Here", "5k");
    let newer = egf_sample()
        .replace("(22 Feb 2018)", "(03 May 2018)")
        .replace(
            &egf_line("10437350", "Vannier Luc", "FR", "31Ba", "2k", 1833),
            &egf_line("10437350", "Vannier Luc", "FR", "31Ba", "1k", 1960),
        )
        .replace(
            &egf_line("14049145", "Li Wei", "CN", "Bei", "3d", 2250),
            &egf_line("14049145", "Li Wei", "CN", "Bei", "3d", 2270),
        );
    let newer = RatingIndex::new(parse(newer.as_bytes()).unwrap());
    let updates = newer.updates(t.players());
    assert_eq!(updates.not_found, [absent]);
    assert_eq!(updates.unchanged, 0);
    let shown: Vec<_> = updates
        .changes
        .iter()
        .map(|c| format!("{} {} {} {}", c.player, c.rank, c.rating.gor(), c.source))
        .collect();
    assert_eq!(
        shown,
        [
            format!("{} 1K 1960 EGD 2018-05-03", PlayerId(1)),
            format!("{} 4D 2270 EGD 2018-05-03", PlayerId(2)),
            format!("{hand} 15K 218 EGD 2018-05-03"),
        ]
    );
    updates.apply(&mut t).unwrap();
    let aalto = t.player(hand).unwrap();
    assert_eq!(
        (aalto.egf_pin.as_str(), aalto.rating_origin.as_str()),
        ("15650261", "EGF")
    );
    assert_eq!(newer.updates(t.players()).changes, []);
    assert_eq!(newer.updates(t.players()).unchanged, 3);
}

#[test]
fn ratings_are_fixed_once_round_one_is_paired() {
    let index = sample_index();
    let mut t = Tournament::new(Default::default());
    let luc = registered(&mut t, "Vannier", "Luc", "2k");
    let updates = index.updates(t.players());
    assert_eq!(updates.changes.len(), 1);
    t.give_bye(crate::core::Bye {
        round: RoundNo::FIRST,
        player: luc,
    })
    .unwrap();
    let before = t.clone();
    assert_eq!(updates.apply(&mut t), Err(TournamentError::RatingsFixed));
    assert_eq!(t, before);
}

#[test]
fn a_pin_is_found_exactly() {
    let index = sample_index();
    assert_eq!(shown(&index.search(" 14049148 ", 10)), ["Ali Li"]);
    assert!(index.search("1404914", 10).is_empty());
}
