//! The tournament aggregate: settings, players, games, byes and teams, and
//! the only methods that change them.
//!
//! Invariant: every game and bye names registered players, lies within the
//! planned rounds, and no player has two assignments in one round.

use super::ids::{BoardNo, PlayerId, RoundNo};
use super::player::Player;
use super::round::{Bye, Game};
use super::settings::Settings;
use serde::{Deserialize, Serialize};

/// Why a change to a tournament was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// No player has this id.
    #[error("no player has id {0}")]
    UnknownPlayer(PlayerId),
    /// A game needs two different players.
    #[error("player {0} cannot play against themselves")]
    SelfPairing(PlayerId),
    /// The round is beyond the tournament's last round.
    #[error("round {round} is past the last round ({rounds})")]
    RoundOutOfRange {
        /// The round asked for.
        round: RoundNo,
        /// The number of rounds.
        rounds: u32,
    },
    /// The player already has a game or a bye in that round.
    #[error("player {player} already has a game or a bye in round {round}")]
    AlreadyAssigned {
        /// The player.
        player: PlayerId,
        /// The round.
        round: RoundNo,
    },
    /// Another player already has the bye of that round.
    #[error("round {0} already has a bye")]
    ByeTaken(RoundNo),
}

/// A team of a team event, with its board order per round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Team number.
    pub number: u32,
    /// Team name.
    pub name: String,
    /// Who plays which board in which round.
    pub boards: Vec<TeamBoard>,
}

/// One member's board in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamBoard {
    /// The round.
    pub round: RoundNo,
    /// The board, 1 = first board.
    pub board: BoardNo,
    /// The member.
    pub player: PlayerId,
}

/// Clubs treated as one for geographic pairing rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubsGroup {
    /// Group name.
    pub name: String,
    /// Club names.
    pub clubs: Vec<String>,
}

/// A tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    settings: Settings,
    players: Vec<Player>,
    games: Vec<Game>,
    byes: Vec<Bye>,
    teams: Vec<Team>,
    clubs_groups: Vec<ClubsGroup>,
}

impl Tournament {
    /// An empty tournament.
    pub fn new(settings: Settings) -> Self {
        Tournament {
            settings,
            players: Vec::new(),
            games: Vec::new(),
            byes: Vec::new(),
            teams: Vec::new(),
            clubs_groups: Vec::new(),
        }
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Replaces the settings.
    pub fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    /// Registers a player and returns the new surrogate id (the id in `player` is replaced).
    pub fn register(&mut self, mut player: Player) -> PlayerId {
        let next = self.players.iter().map(|p| p.id.0 + 1).max().unwrap_or(1);
        player.id = PlayerId(next);
        self.players.push(player);
        PlayerId(next)
    }

    /// Declares whether `player` takes part in `round` (a withdrawal is absence from every later round).
    pub fn set_participation(
        &mut self,
        player: PlayerId,
        round: RoundNo,
        plays: bool,
    ) -> Result<(), TournamentError> {
        let p = self
            .players
            .iter_mut()
            .find(|p| p.id == player)
            .ok_or(TournamentError::UnknownPlayer(player))?;
        p.participation = p.participation.with(round, plays);
        Ok(())
    }

    /// Players in registration order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The player with this id.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// Games in the order they were added.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// Byes in the order they were given.
    pub fn byes(&self) -> &[Bye] {
        &self.byes
    }

    /// Teams.
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// Clubs groups.
    pub fn clubs_groups(&self) -> &[ClubsGroup] {
        &self.clubs_groups
    }

    /// The last round that has a game, if any.
    pub fn last_round_with_game(&self) -> Option<RoundNo> {
        self.games.iter().map(|g| g.round).max()
    }

    /// Adds a game after checking both players are free in that round.
    pub fn add_game(&mut self, game: Game) -> Result<(), TournamentError> {
        if game.white == game.black {
            return Err(TournamentError::SelfPairing(game.white));
        }
        self.check_round(game.round)?;
        for p in [game.white, game.black] {
            self.check_free(p, game.round)?;
        }
        self.games.push(game);
        Ok(())
    }

    /// Gives `player` the bye of `round`.
    pub fn give_bye(&mut self, bye: Bye) -> Result<(), TournamentError> {
        self.check_round(bye.round)?;
        self.check_free(bye.player, bye.round)?;
        if self.byes.iter().any(|b| b.round == bye.round) {
            return Err(TournamentError::ByeTaken(bye.round));
        }
        self.byes.push(bye);
        Ok(())
    }

    /// Adds a team; every member must be registered.
    pub fn add_team(&mut self, team: Team) -> Result<(), TournamentError> {
        for b in &team.boards {
            self.player(b.player)
                .ok_or(TournamentError::UnknownPlayer(b.player))?;
        }
        self.teams.push(team);
        Ok(())
    }

    /// Adds a clubs group.
    pub fn add_clubs_group(&mut self, group: ClubsGroup) {
        self.clubs_groups.push(group);
    }

    fn check_round(&self, round: RoundNo) -> Result<(), TournamentError> {
        let rounds = self.settings.number_of_rounds;
        if round.get() > rounds {
            return Err(TournamentError::RoundOutOfRange { round, rounds });
        }
        Ok(())
    }

    fn check_free(&self, player: PlayerId, round: RoundNo) -> Result<(), TournamentError> {
        self.player(player)
            .ok_or(TournamentError::UnknownPlayer(player))?;
        let in_game = self
            .games
            .iter()
            .any(|g| g.round == round && g.colour_of(player).is_some());
        let has_bye = self
            .byes
            .iter()
            .any(|b| b.round == round && b.player == player);
        if in_game || has_bye {
            return Err(TournamentError::AlreadyAssigned { player, round });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rank::Rank;
    use crate::core::round::{GameResult, ResultOrigin};
    use crate::core::units::HalfPoints;

    fn game(round: u32, white: PlayerId, black: PlayerId) -> Game {
        Game {
            round: RoundNo::new(round).unwrap(),
            board: BoardNo::new(1).unwrap(),
            white,
            black,
            handicap: 0,
            komi: HalfPoints::from_halves(13),
            result: GameResult::WhiteWins,
            origin: ResultOrigin::Played,
            colours_known: true,
        }
    }

    #[test]
    fn a_player_cannot_have_two_games_in_one_round() {
        let mut t = Tournament::new(Settings::default());
        let a = t.register(Player::new(PlayerId(0), "A", "a", Rank::Kyu(1)));
        let b = t.register(Player::new(PlayerId(0), "B", "b", Rank::Kyu(2)));
        let c = t.register(Player::new(PlayerId(0), "C", "c", Rank::Kyu(3)));
        assert_eq!((a, b, c), (PlayerId(1), PlayerId(2), PlayerId(3)));
        t.add_game(game(1, a, b)).unwrap();
        assert_eq!(
            t.add_game(game(1, c, a)),
            Err(TournamentError::AlreadyAssigned {
                player: a,
                round: RoundNo::FIRST
            })
        );
        assert_eq!(
            t.give_bye(Bye {
                round: RoundNo::FIRST,
                player: b
            }),
            Err(TournamentError::AlreadyAssigned {
                player: b,
                round: RoundNo::FIRST
            })
        );
        t.give_bye(Bye {
            round: RoundNo::FIRST,
            player: c,
        })
        .unwrap();
        assert_eq!(
            t.add_game(game(9, a, b)),
            Err(TournamentError::RoundOutOfRange {
                round: RoundNo::new(9).unwrap(),
                rounds: 5
            })
        );
        assert_eq!(
            t.add_game(game(2, a, a)),
            Err(TournamentError::SelfPairing(a))
        );
        assert_eq!(t.last_round_with_game(), Some(RoundNo::FIRST));
    }
}
