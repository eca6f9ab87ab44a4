//! A tournament's document in parts, as the store keeps it: the settings,
//! the next registration number, and every list (players, games, byes,
//! teams, groups of clubs, play-offs) in chunks of [`CHUNK`] items. A
//! result changes one chunk of games, a registration one chunk of players:
//! a write then costs what it changed, not the size of the tournament
//! (issue 27: a result write in a 760-player tournament rewrote the whole
//! document, 32 ms). Chunks follow the lists' order, so the document read
//! back is the one written, item for item.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{ClubsGroup, PlayOff, Team, Tournament};
use crate::core::player::Player;
use crate::core::round::{Bye, Game};
use crate::core::settings::Settings;

/// Items per chunk of a list. The migration that split the stored
/// documents (`0016_document_parts.sql`) cut them at the same size.
pub const CHUNK: usize = 64;

/// One stored part: its name, its chunk (0 for a part that is not a
/// list) and what it holds.
#[derive(Debug)]
pub struct Part<'a> {
    pub name: &'static str,
    pub chunk: usize,
    pub piece: Piece<'a>,
}

/// What a part holds, serialised as the document's own field would be.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Piece<'a> {
    Settings(&'a Settings),
    NextPlayer(u32),
    Players(&'a [Player]),
    Games(&'a [Game]),
    Byes(&'a [Bye]),
    Teams(&'a [Team]),
    ClubsGroups(&'a [ClubsGroup]),
    PlayOffs(&'a [PlayOff]),
}

/// Why stored parts do not make a document.
#[derive(Debug, thiserror::Error)]
pub enum PartsError {
    #[error("unknown part {0}")]
    Unknown(String),
    #[error("part {name}: {source}")]
    Json {
        name: String,
        source: serde_json::Error,
    },
}

impl Tournament {
    /// The parts of `self` that differ from `before` (every part when there
    /// is no `before`): what a save must write.
    pub fn changed_parts<'a>(&'a self, before: Option<&Tournament>) -> Vec<Part<'a>> {
        let mut parts = Vec::new();
        if before.is_none_or(|b| b.settings != self.settings) {
            parts.push(Part {
                name: "settings",
                chunk: 0,
                piece: Piece::Settings(&self.settings),
            });
        }
        if before.is_none_or(|b| b.next_player != self.next_player) {
            parts.push(Part {
                name: "next_player",
                chunk: 0,
                piece: Piece::NextPlayer(self.next_player),
            });
        }
        let b = before;
        chunks(
            &mut parts,
            "players",
            &self.players,
            b.map(|b| &b.players[..]),
            Piece::Players,
        );
        chunks(
            &mut parts,
            "games",
            &self.games,
            b.map(|b| &b.games[..]),
            Piece::Games,
        );
        chunks(
            &mut parts,
            "byes",
            &self.byes,
            b.map(|b| &b.byes[..]),
            Piece::Byes,
        );
        chunks(
            &mut parts,
            "teams",
            &self.teams,
            b.map(|b| &b.teams[..]),
            Piece::Teams,
        );
        let groups = b.map(|b| &b.clubs_groups[..]);
        chunks(
            &mut parts,
            "clubs_groups",
            &self.clubs_groups,
            groups,
            Piece::ClubsGroups,
        );
        let play_offs = b.map(|b| &b.play_offs[..]);
        chunks(
            &mut parts,
            "play_offs",
            &self.play_offs,
            play_offs,
            Piece::PlayOffs,
        );
        parts
    }

    /// How many chunks each list part has: a save deletes the chunks past
    /// these, left by a list that shrank.
    pub fn chunk_counts(&self) -> [(&'static str, usize); 6] {
        let count = |len: usize| len.div_ceil(CHUNK);
        [
            ("players", count(self.players.len())),
            ("games", count(self.games.len())),
            ("byes", count(self.byes.len())),
            ("teams", count(self.teams.len())),
            ("clubs_groups", count(self.clubs_groups.len())),
            ("play_offs", count(self.play_offs.len())),
        ]
    }

    /// The document from its stored parts, each given as (name, JSON), the
    /// chunks of a list in order. No parts at all: an empty tournament with
    /// default settings, as a row created before the document existed.
    pub fn from_parts<'s>(
        parts: impl IntoIterator<Item = (&'s str, &'s str)>,
    ) -> Result<Tournament, PartsError> {
        let mut t = Tournament::new(Settings::default());
        for (name, json) in parts {
            match name {
                "settings" => t.settings = parse(name, json)?,
                "next_player" => t.next_player = parse(name, json)?,
                "players" => t.players.extend(parse::<Vec<Player>>(name, json)?),
                "games" => t.games.extend(parse::<Vec<Game>>(name, json)?),
                "byes" => t.byes.extend(parse::<Vec<Bye>>(name, json)?),
                "teams" => t.teams.extend(parse::<Vec<Team>>(name, json)?),
                "clubs_groups" => t.clubs_groups.extend(parse::<Vec<ClubsGroup>>(name, json)?),
                "play_offs" => t.play_offs.extend(parse::<Vec<PlayOff>>(name, json)?),
                other => return Err(PartsError::Unknown(other.to_string())),
            }
        }
        Ok(t)
    }
}

/// The chunks of `list` that differ from the same chunk of `before`.
fn chunks<'a, T: PartialEq>(
    parts: &mut Vec<Part<'a>>,
    name: &'static str,
    list: &'a [T],
    before: Option<&[T]>,
    piece: fn(&'a [T]) -> Piece<'a>,
) {
    for (chunk, items) in list.chunks(CHUNK).enumerate() {
        let old = before.and_then(|b| b.chunks(CHUNK).nth(chunk));
        if old != Some(items) {
            parts.push(Part {
                name,
                chunk,
                piece: piece(items),
            });
        }
    }
}

fn parse<T: DeserializeOwned>(name: &str, json: &str) -> Result<T, PartsError> {
    serde_json::from_str(json).map_err(|source| PartsError::Json {
        name: name.to_string(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{PlayerId, Rank};

    fn with_players(n: usize) -> Tournament {
        let mut t = Tournament::new(Settings::default());
        for i in 0..n {
            let name = format!("Name{i}");
            t.register(Player::new(PlayerId(0), &name, "First", Rank::Kyu(5)));
        }
        t
    }

    fn stored(t: &Tournament) -> Vec<(&'static str, String)> {
        t.changed_parts(None)
            .into_iter()
            .map(|p| (p.name, serde_json::to_string(&p.piece).unwrap()))
            .collect()
    }

    #[test]
    fn a_document_read_back_from_its_parts_is_the_one_written() {
        let t = with_players(CHUNK * 2 + 5);
        let parts = stored(&t);
        assert_eq!(parts.iter().filter(|(n, _)| *n == "players").count(), 3);
        let back = Tournament::from_parts(parts.iter().map(|(n, j)| (*n, j.as_str()))).unwrap();
        assert_eq!(back, t);
    }

    #[test]
    fn one_changed_player_changes_one_chunk_and_an_added_one_the_last() {
        let before = with_players(CHUNK * 2);
        let mut after = before.clone();
        after.players[CHUNK + 3].club = "Kyiv".into();
        let changed = after.changed_parts(Some(&before));
        assert_eq!(changed.len(), 1);
        assert_eq!((changed[0].name, changed[0].chunk), ("players", 1));
        after.register(Player::new(PlayerId(0), "New", "One", Rank::Dan(1)));
        let names: Vec<_> = after
            .changed_parts(Some(&before))
            .iter()
            .map(|p| (p.name, p.chunk))
            .collect();
        assert_eq!(names, [("next_player", 0), ("players", 1), ("players", 2)]);
    }

    #[test]
    fn no_parts_read_as_an_empty_tournament_and_an_unknown_part_is_refused() {
        let empty = Tournament::from_parts(std::iter::empty()).unwrap();
        assert_eq!(empty, Tournament::new(Settings::default()));
        assert!(matches!(
            Tournament::from_parts([("rounds", "[]")]),
            Err(PartsError::Unknown(_))
        ));
    }
}
