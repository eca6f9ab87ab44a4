//! MacMahon files as MacMahon 3.10 and AutoKorsak write them: results
//! Black's score first, byes in `<Black>`, quarter-point adjustments, the
//! country table's clubs; what Tengen has no place for listed. The files
//! refused are `problem_tests.rs`'.

use super::*;
use crate::core::ids::RoundNo;
use crate::core::player::Registration;
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::round::{GameResult, ResultOrigin};
use crate::core::settings::System;
use crate::core::standings::Criterion;

/// A participant as MacMahon writes one; `extra` goes before `<GoPlayer>`,
/// `player` inside it after the level.
pub(super) fn participant(
    id: u32,
    surname: &str,
    level: &str,
    extra: &str,
    player: &str,
) -> String {
    format!(
        "  <IndividualParticipant typeversion=\"1\">
    <Id>{id}</Id>
    <Joker>false</Joker>
    <PreliminaryRegistration>false</PreliminaryRegistration>
    <ScoreAdjustment>false</ScoreAdjustment>
    <ScoreAdjustmentValue>0</ScoreAdjustmentValue>
    <SuperBarMember>false</SuperBarMember>{extra}
    <GoPlayer typeversion=\"1\">
      <AsianName>false</AsianName>
      <Surname><![CDATA[{surname}]]></Surname>
      <GoLevel>{level}</GoLevel>{player}
    </GoPlayer>
  </IndividualParticipant>
"
    )
}

/// A game as MacMahon writes one.
pub(super) fn game(board: u32, black: u32, white: u32, result: &str, by_referee: bool) -> String {
    format!(
        "    <Pairing typeversion=\"2\">
      <ForcedPairing>false</ForcedPairing>
      <PairingWithBye>false</PairingWithBye>
      <Black>{black}</Black>
      <White>{white}</White>
      <Handicap>0</Handicap>
      <AllowJigo>false</AllowJigo>
      <Result>{result}</Result>
      <ResultByReferee>{by_referee}</ResultByReferee>
      <ResultPoints>0</ResultPoints>
      <BoardNumber>{board}</BoardNumber>
      <BoardNumberFixed>false</BoardNumberFixed>
    </Pairing>
"
    )
}

pub(super) fn bye(player: u32) -> String {
    format!(
        "    <Pairing typeversion=\"2\">
      <PairingWithBye>true</PairingWithBye>
      <Black>{player}</Black>
      <BoardNumber>0</BoardNumber>
    </Pairing>
"
    )
}

pub(super) fn round(number: u32, pairings: &str) -> String {
    format!(
        "  <TournamentRound typeversion=\"2\">\n    <RoundNumber>{number}</RoundNumber>\n{pairings}  </TournamentRound>\n"
    )
}

/// Settings as a MacMahon 3.10 file has them, then `body`.
pub(super) fn file(settings: &str, body: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>
<Tournament typeversion=\"9\">
  <NumberOfRounds>3</NumberOfRounds>
  <Name><![CDATA[Кубок Харкова]]></Name>{settings}
  <UpperMacMahonBar>true</UpperMacMahonBar>
  <UpperMacMahonBarLevel>2d</UpperMacMahonBarLevel>
  <LowerMacMahonBar>true</LowerMacMahonBar>
  <LowerMacMahonBarLevel>20k</LowerMacMahonBarLevel>
  <Boardsize>13</Boardsize>
  <Walllist typeversion=\"3\">
    <WeakSortCriteria>1</WeakSortCriteria>
    <SortCriterionDescriptor typeversion=\"2\">
      <ShortName>Score</ShortName>
    </SortCriterionDescriptor>
    <SortCriterionDescriptor typeversion=\"2\">
      <ShortName>SOS</ShortName>
    </SortCriterionDescriptor>
  </Walllist>
  <Country typeversion=\"1\">
    <InternetCode>ua</InternetCode>
    <Name>Ukraine</Name>
    <Club typeversion=\"1\">
      <Name>Kharkiv Go Club</Name>
      <EGDName>Khar</EGDName>
    </Club>
  </Country>
{body}</Tournament>
"
    )
}

/// Five players and two rounds: every kind of result, a bye, a player
/// sitting out round 3, clubs from the table.
pub(super) fn tournament() -> String {
    let players = [
        participant(
            1,
            "Шевченко",
            "3d",
            "",
            "\n      <FirstName><![CDATA[Олена]]></FirstName>\n      <Rating>2290</Rating>\n      <EgdPin>13512345</EgdPin>\n      <Country>ua</Country>\n      <Club>Kharkiv Go Club</Club>",
        ),
        participant(
            2,
            "Ivanov",
            "1k",
            "\n    <NotPlayingInRound>3</NotPlayingInRound>",
            "",
        ),
        participant(
            3,
            "Lee Ann",
            "35k",
            "",
            "\n      <Country>de</Country>\n      <Club>Berlin</Club>",
        ),
        participant(4, "Sato", "10p", "", ""),
        participant(
            7,
            "Brandt",
            "5k",
            "",
            "",
        )
        .replace(
            "<PreliminaryRegistration>false",
            "<PreliminaryRegistration>true",
        )
        .replace("<ScoreAdjustment>false", "<ScoreAdjustment>true")
        .replace(
            "<ScoreAdjustmentValue>0",
            "<ScoreAdjustmentValue>-8",
        ),
    ]
    .concat();
    let rounds = [
        round(
            1,
            &[
                game(1, 1, 2, "1-0", false),
                game(2, 3, 4, "0-1", true),
                bye(7),
            ]
            .concat(),
        ),
        round(
            2,
            &[
                game(1, 4, 1, "½-½", false),
                game(2, 7, 2, "0-0", false),
                bye(3),
            ]
            .concat(),
        ),
        round(3, ""),
    ]
    .concat();
    file("", &(players + &rounds))
}

#[test]
fn a_file_as_macmahon_writes_it_gives_settings_players_games_and_byes() {
    let Imported {
        tournament: t,
        unread,
    } = import(&tournament()).unwrap();
    let s = t.settings();
    assert_eq!(s.general.name, "Кубок Харкова");
    assert_eq!(
        (s.system, s.number_of_rounds, s.rules.board_size),
        (System::McMahon, 3, 13)
    );
    assert_eq!(
        (s.mcmahon.bar, s.mcmahon.floor),
        (Rank::Dan(2), Rank::Kyu(20))
    );
    assert_eq!(s.placement, [Criterion::Mms, Criterion::Sosm]);
    // No handicap without <HandicapUsed>true.
    assert_eq!(s.handicap.ceiling, 0);

    let players: Vec<_> = t
        .players()
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.first_name.as_str(),
                p.rank,
                p.country.as_str(),
                p.club.as_str(),
            )
        })
        .collect();
    assert_eq!(
        players,
        [
            ("Шевченко", "Олена", Rank::Dan(3), "UA", "Khar"),
            ("Ivanov", "", Rank::Kyu(1), "", ""),
            ("Lee Ann", "", Rank::Kyu(30), "DE", "Berlin"),
            ("Sato", "", Rank::Pro(9), "", ""),
            ("Brandt", "", Rank::Kyu(5), "", ""),
        ]
    );
    let p = t.players();
    assert_eq!(
        (p[0].rating, p[0].egf_pin.as_str()),
        (Rating::new(2290), "13512345")
    );
    assert_eq!(p[1].rating, Rating::of_rank(Rank::Kyu(1)));
    assert!(!p[1].participation.plays(RoundNo::new(3).unwrap()));
    assert!(p[1].participation.plays(RoundNo::new(2).unwrap()));
    // −8 quarter points: two points below the start score.
    assert_eq!(
        (p[4].registration, p[4].smms_correction),
        (Registration::Preliminary, -2)
    );

    let games: Vec<_> = t
        .games()
        .iter()
        .map(|g| {
            (
                g.round.get(),
                g.board.get(),
                g.black.0,
                g.white.0,
                g.result,
                g.origin,
            )
        })
        .collect();
    assert_eq!(
        games,
        [
            (1, 1, 1, 2, GameResult::BlackWins, ResultOrigin::Played),
            (1, 2, 3, 4, GameResult::WhiteWins, ResultOrigin::ByDefault),
            (2, 1, 4, 1, GameResult::Jigo, ResultOrigin::Played),
            (2, 2, 5, 2, GameResult::BothLose, ResultOrigin::Played),
        ]
    );
    let byes: Vec<_> = t
        .byes()
        .iter()
        .map(|b| (b.round.get(), b.player.0))
        .collect();
    assert_eq!(byes, [(1, 5), (2, 3)]);
    assert_eq!(unread, [Unread::BelowThirtyKyu(1), Unread::TenPro(1)]);
}

#[test]
fn what_tengen_has_no_place_for_is_listed() {
    let settings = "
  <HandicapUsed>true</HandicapUsed>
  <HandicapBelow>true</HandicapBelow>
  <HandicapBelowLevel>1d</HandicapBelowLevel>
  <HandicapIncludeInTieBreakers>true</HandicapIncludeInTieBreakers>
  <ByeShouldResultInZeroSOSetc>true</ByeShouldResultInZeroSOSetc>
  <MakePairingTopGroup>true</MakePairingTopGroup>";
    let players = participant(1, "Lee", "2k", "", "").replace("<Joker>false", "<Joker>true")
        + &participant(2, "Kim", "3k", "", "")
            .replace("<ScoreAdjustment>false", "<ScoreAdjustment>true")
            .replace("<ScoreAdjustmentValue>0", "<ScoreAdjustmentValue>6");
    let xml = file(settings, &players)
        .replace("<ShortName>SOS</ShortName>", "<ShortName>SORP</ShortName>")
        + "";
    let xml = xml.replace("</Tournament>", "  <UnwantedPairing typeversion=\"1\"><ParticipantOne>1</ParticipantOne><ParticipantTwo>2</ParticipantTwo></UnwantedPairing>\n</Tournament>");
    let Imported {
        tournament: t,
        unread,
    } = import(&xml).unwrap();
    assert_eq!(
        t.players()[1].smms_correction,
        1,
        "6 quarter points round to 1"
    );
    assert_eq!(
        unread,
        [
            Unread::Criterion("SORP".into()),
            Unread::Setting("HandicapBelow"),
            Unread::Setting("HandicapIncludeInTieBreakers"),
            Unread::Setting("ByeShouldResultInZeroSOSetc"),
            Unread::Setting("MakePairingTopGroup"),
            Unread::Adjustment {
                player: "Kim".into(),
                quarters: 6
            },
            Unread::Jokers(1),
            Unread::UnwantedPairings(1),
        ]
    );
}

#[test]
fn a_swiss_is_a_wall_list_that_starts_with_points_and_jigo_makes_komi_whole() {
    let xml = file(
        "\n  <AllowJigo>true</AllowJigo>",
        &participant(1, "Lee", "2k", "", ""),
    )
    .replace(
        "<ShortName>Score</ShortName>",
        "<ShortName>Points</ShortName>",
    );
    let t = import(&xml).unwrap().tournament;
    assert_eq!(t.settings().system, System::Swiss);
    assert_eq!(t.settings().placement, [Criterion::Nbw, Criterion::Sosw]);
    assert_eq!(t.settings().rules.komi.halves() % 2, 0);
}
