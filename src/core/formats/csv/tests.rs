//! Player lists: OpenGotha's CSV and vbar files read, problems named by line,
//! encodings, and export read back.

use super::*;

fn shown(players: &[Player]) -> Vec<String> {
    players
        .iter()
        .map(|p| {
            format!(
                "{}|{}|{}|{}|{}",
                p.name, p.first_name, p.rank, p.country, p.club
            )
        })
        .collect()
}

fn problems(text: &str) -> Vec<String> {
    import(text)
        .unwrap_err()
        .rows
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn opengothas_own_export_is_read_back() {
    let text =
        "\nName;FirstName;Rank;Country;Club;\nVannier;Luc;2K;FR;31Ba;\nAaij;René;4D;nl;Gron;\n";
    let players = import(text).unwrap();
    assert_eq!(
        shown(&players),
        ["Vannier|Luc|2K|FR|31Ba", "Aaij|René|4D|NL|Gron"]
    );
    assert_eq!(players[0].rating.gor(), 1900);
    assert_eq!(players[1].rating.gor(), 2400);
    assert_eq!(players[0].rating_origin, "INI");
}

#[test]
fn commas_quotes_a_bom_and_no_header_are_accepted() {
    let text =
        "\u{feff}\"Le Calvé, Jr\",\"Jean \"\"JJ\"\"\",1d,FR,\"Pa\nris\"\r\nSmith,Ann,15k,,\r\n";
    let players = import(text).unwrap();
    assert_eq!(
        shown(&players),
        ["Le Calvé, Jr|Jean \"JJ\"|1D|FR|Pa\nris", "Smith|Ann|15K||"]
    );
    let bytes = import_bytes("Kim;Ji;3k\n".as_bytes(), None).unwrap();
    assert_eq!(shown(&bytes), ["Kim|Ji|3K||"]);
}

#[test]
fn every_problem_is_reported_with_its_line_and_nothing_is_imported() {
    let text = "Name;FirstName;Rank;Country;Club\n\
                    Good;One;5k;DE;Berl\n\
                    ;NoName;35k;FRA;X\n\
                    Short;Row\n\
                    Good;One;1d;;\n\
                    Extra;Col;2d;PL;Wars;2100\n";
    assert_eq!(
        problems(text),
        [
            "line 3: the name is empty",
            "line 3: \"35k\" is not a rank (expected 30k–1k, 1d–9d or 1p–9p)",
            "line 3: country \"FRA\" is not a two-letter code",
            "line 4: 2 columns where Name;FirstName;Rank;Country;Club are expected",
            "line 5: Good One is already on line 2",
            "line 6: values after the Club column; expected Name;FirstName;Rank;Country;Club",
        ]
    );
    assert_eq!(
        problems("A;B;1k\n\"open;C;2k\nD;E;3k\n"),
        ["line 2: a quoted field is not closed"]
    );
}

#[test]
fn empty_files_are_refused() {
    assert_eq!(problems("\n  \n"), ["line 1: the file holds no player"]);
    assert_eq!(
        problems("Name;FirstName;Rank\n"),
        ["line 1: the file holds no player"]
    );
}

fn windows_1251(text: &str) -> Vec<u8> {
    encoding_rs::WINDOWS_1251.encode(text).0.into_owned()
}

#[test]
fn a_windows_1251_csv_reads_its_cyrillic_names() {
    let bytes = windows_1251(
        "Name;FirstName;Rank;Country;Club\nИванов;Пётр;1d;RU;Мск\nШевченко;Тарас;3k;UA;Київ\n",
    );
    for chosen in [None, Some(encoding_rs::WINDOWS_1251)] {
        assert_eq!(
            shown(&import_bytes(&bytes, chosen).unwrap()),
            ["Иванов|Пётр|1D|RU|Мск", "Шевченко|Тарас|3K|UA|Київ"]
        );
    }
}

#[test]
fn a_windows_1251_vbar_file_reads_its_cyrillic_names() {
    let bytes = windows_1251(
        "; экспорт MacMahon\nИванов|Пётр|1d|Мск|RU|2090|f\nШевченко|Тарас Григорович|3k|Київ|UA||p\n",
    );
    let players = import_bytes(&bytes, None).unwrap();
    assert_eq!(
        shown(&players),
        [
            "Иванов|Пётр|1D|RU|Мск",
            "Шевченко|Тарас Григорович|3K|UA|Київ"
        ]
    );
    assert_eq!(players[0].rating.gor(), 2090);
}

#[test]
fn a_latin_file_reads_in_windows_1252_unless_another_encoding_is_chosen() {
    let bytes = b"Aaij;Ren\xe9;1d;NL;Gron\nM\xfcller;Hans;3k;DE;Berl\n";
    assert_eq!(
        shown(&import_bytes(bytes, None).unwrap()),
        ["Aaij|René|1D|NL|Gron", "Müller|Hans|3K|DE|Berl"]
    );
    assert_eq!(
        import_bytes(bytes, Some(encoding_rs::UTF_8)),
        Err(FileError::Text(TextError::Malformed {
            line: 1,
            encoding: "UTF-8"
        }))
    );
}

#[test]
fn vbar_rows_carry_rating_and_registration() {
    let text = "; exported by MacMahon\n\
                    Vannier|Luc|2k|31Bapt|France|1850|p ; comment\n\
                    Kim|Ji|12|Seoul|K|| \n\
                    Lee|Su|15D|||2000|F\n";
    let players = import(text).unwrap();
    assert_eq!(
        shown(&players),
        ["Vannier|Luc|2K|FR|31Ba", "Kim|Ji|12K||Seou", "Lee|Su|9D||"]
    );
    assert_eq!(
        (players[0].rating.gor(), players[0].rating_origin.as_str()),
        (1850, "MAN")
    );
    assert_eq!(players[0].registration, Registration::Preliminary);
    assert_eq!(players[1].rating.gor(), 900);
    assert_eq!(players[2].registration, Registration::Final);
}

#[test]
fn vbar_problems_are_reported_with_their_lines() {
    let text = "A|B|5k|||3000|x\nC|D\nE|F|dan\n";
    assert_eq!(
        problems(text),
        [
            "line 1: rating \"3000\" is not a number from 0 to 2900",
            "line 1: registration \"x\" is neither p (preliminary) nor f (final)",
            "line 2: 2 fields where name|firstname|rank|club|country|rating|registration are expected",
            "line 3: \"dan\" is not a rank (expected 30k–1k, 1d–9d or 1p–9p)",
        ]
    );
}

#[test]
fn export_is_read_back_unchanged() {
    let players = import("\"Le Calvé; Jr\";Jean \"J\";1d;FR;Par\nSmith;Ann;3p;;\n").unwrap();
    let text = export(&players);
    assert_eq!(
        text,
        "Name;FirstName;Rank;Country;Club;\n\"Le Calvé; Jr\";\"Jean \"\"J\"\"\";1D;FR;Par;\nSmith;Ann;3P;;;\n"
    );
    assert_eq!(shown(&import(&text).unwrap()), shown(&players));
}
