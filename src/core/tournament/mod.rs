//! The tournament aggregate: settings, players, games, byes and teams, and
//! the only methods that change them.
//!
//! Invariant: every game and bye names registered players, lies within the
//! planned rounds, and no player has two assignments in one round.

use super::ids::{BoardNo, PlayerId, RoundNo};
use super::player::{Player, Registration};
use super::round::{Bye, Game};
use super::settings::Settings;
use super::units::HalfPoints;
use serde::{Deserialize, Serialize};

mod parts;
mod play_offs;
pub mod ratings;
mod results;
mod teams;
pub use parts::{CHUNK, Part, PartsError, Piece};
pub use play_offs::PlayOff;
pub use teams::{LineUpFiled, Team, TeamBoard};

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
    /// The round already has games; unpair it first.
    #[error("round {0} is already paired")]
    RoundAlreadyPaired(RoundNo),
    /// A result was entered in the round, so its pairing stays.
    #[error("round {0} has results; it can no longer be unpaired")]
    RoundHasResults(RoundNo),
    /// No game is on that board.
    #[error("round {round} has no board {board}")]
    NoSuchBoard {
        /// The round.
        round: RoundNo,
        /// The board asked for.
        board: BoardNo,
    },
    /// The player has games or byes, which would lose their opponent.
    #[error("player {0} has games; withdraw them instead of deleting")]
    PlayerHasGames(PlayerId),
    /// The player's draw number is in the table the rounds are paired on
    /// (fixed when round 1 was paired), which deleting would change.
    #[error("player {0} has a place in the table; withdraw them instead of deleting")]
    PlayerInTable(PlayerId),
    /// The player is a member of a team, whose line-ups would lose them.
    #[error("player {0} is a member of a team; take them out of it first")]
    PlayerInTeam(PlayerId),
    /// Ratings and ranks come from a rating list only until round 1 is
    /// paired; from then on they have placed and paired players.
    #[error("ratings are fixed once round 1 is paired")]
    RatingsFixed,
    /// A played jigo on a board whose komi has a half point, which rules a tie out.
    #[error("board {board} of round {round} has a half-point komi; a jigo is impossible")]
    ImpossibleJigo {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// A margin or a way of ending given with no winner on the board.
    #[error(
        "board {board} of round {round}: only a game won on the board has a margin, a resignation or a loss on time"
    )]
    MethodWithoutWinner {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
    /// An equal count entered otherwise than the game's tie rule decides
    /// it: a jigo, or the win of the other colour, where the rule gives it
    /// to `winner` (GTR "Komi"; Ing and Japanese handicap games).
    #[error("board {board} of round {round}: an equal count is a win for {winner:?}")]
    TieGoesTo {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The colour the tie rule gives the game to.
        winner: crate::core::round::Colour,
    },
    /// A margin the komi rules out.
    #[error("board {board} of round {round}: a margin of {margin} is impossible with komi {komi}")]
    ImpossibleMargin {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The margin typed.
        margin: HalfPoints,
        /// The game's komi.
        komi: HalfPoints,
    },
    /// A loss on time in a tournament without a time limit.
    #[error("board {board} of round {round}: the tournament has no time limit, so no loss on time")]
    NoTimeLimit {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
    },
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
    /// The number the next registration gets. A deleted registration's
    /// number is never given again, so a private link, an audit line or a
    /// printed list that names it never comes to mean someone else.
    #[serde(default)]
    next_player: u32,
    /// Play-off games between tied players, after the rounds (Ukrainian
    /// rules III.3.5): no round holds them, and OpenGotha files do not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    play_offs: Vec<PlayOff>,
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
            next_player: 1,
            play_offs: Vec::new(),
        }
    }

    /// Whether visitors see `player`: a confirmed player always, a
    /// preliminary registration unless the organiser hides those until
    /// confirmed. Staff see everyone.
    pub fn is_public(&self, player: &Player) -> bool {
        player.registration == Registration::Final
            || self.settings.preliminary_players == super::settings::PreliminaryListing::Apart
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
        // Numbers only grow, so the last player holds the highest: a file of
        // thousands of players registers in linear time.
        let next = self
            .players
            .last()
            .map_or(1, |p| p.id.0 + 1)
            .max(self.next_player);
        self.next_player = next + 1;
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

    /// Seats other players in games of `round`: every game with a player
    /// in `to` gets that player's replacement, all at once, so members can
    /// swap boards. No player may end up with two games in the round.
    pub fn reseat(
        &mut self,
        round: RoundNo,
        to: &std::collections::HashMap<PlayerId, PlayerId>,
    ) -> Result<(), TournamentError> {
        for new in to.values() {
            self.player(*new)
                .ok_or(TournamentError::UnknownPlayer(*new))?;
        }
        let mut games = self.games.clone();
        for g in games.iter_mut().filter(|g| g.round == round) {
            g.white = to.get(&g.white).copied().unwrap_or(g.white);
            g.black = to.get(&g.black).copied().unwrap_or(g.black);
            if g.white == g.black {
                return Err(TournamentError::SelfPairing(g.white));
            }
        }
        let mut seen = std::collections::HashSet::new();
        let in_round = games
            .iter()
            .filter(|g| g.round == round)
            .flat_map(|g| [g.white, g.black])
            .chain(
                self.byes
                    .iter()
                    .filter(|b| b.round == round)
                    .map(|b| b.player),
            );
        for player in in_round {
            if !seen.insert(player) {
                return Err(TournamentError::AlreadyAssigned { player, round });
            }
        }
        self.games = games;
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

/// Changes the organiser makes during a tournament. Each keeps the
/// aggregate's invariant, or refuses and changes nothing.
impl Tournament {
    /// Replaces a registered player's details (same id).
    pub fn update_player(&mut self, player: Player) -> Result<(), TournamentError> {
        let slot = self
            .players
            .iter_mut()
            .find(|p| p.id == player.id)
            .ok_or(TournamentError::UnknownPlayer(player.id))?;
        *slot = player;
        Ok(())
    }

    /// Deletes a registration made by mistake; players with games are withdrawn instead.
    pub fn remove_player(&mut self, id: PlayerId) -> Result<Player, TournamentError> {
        let index = self
            .players
            .iter()
            .position(|p| p.id == id)
            .ok_or(TournamentError::UnknownPlayer(id))?;
        let has_games = self.games.iter().any(|g| g.colour_of(id).is_some())
            || self.byes.iter().any(|b| b.player == id)
            || self
                .play_offs
                .iter()
                .any(|p| p.winner == id || p.loser == id);
        if has_games {
            return Err(TournamentError::PlayerHasGames(id));
        }
        if self.team_of(id).is_some() {
            return Err(TournamentError::PlayerInTeam(id));
        }
        let paired = !self.games.is_empty() || !self.byes.is_empty();
        // Only confirmed players are placed in the table (see `pairing::numbers`).
        let player = &self.players[index];
        if paired && player.draw_number.is_some() && player.registration == Registration::Final {
            return Err(TournamentError::PlayerInTable(id));
        }
        Ok(self.players.remove(index))
    }

    /// Whether a round has any game or bye.
    pub fn is_paired(&self, round: RoundNo) -> bool {
        self.games.iter().any(|g| g.round == round) || self.byes.iter().any(|b| b.round == round)
    }

    /// The first round without games, if any is left.
    pub fn next_round(&self) -> Option<RoundNo> {
        (1..=self.settings.number_of_rounds)
            .filter_map(RoundNo::new)
            .find(|r| !self.is_paired(*r))
    }

    /// Records a round's pairing: every game and the bye, or nothing.
    pub fn record_pairing(
        &mut self,
        round: RoundNo,
        games: Vec<Game>,
        bye: Option<PlayerId>,
    ) -> Result<(), TournamentError> {
        if self.is_paired(round) {
            return Err(TournamentError::RoundAlreadyPaired(round));
        }
        let mut next = self.clone();
        for game in games {
            next.add_game(Game { round, ..game })?;
        }
        if let Some(player) = bye {
            next.give_bye(Bye { round, player })?;
        }
        *self = next;
        Ok(())
    }

    /// Removes a round's games and bye while no result has been entered.
    pub fn unpair(&mut self, round: RoundNo) -> Result<(), TournamentError> {
        if self
            .games
            .iter()
            .any(|g| g.round == round && g.result != super::round::GameResult::Unknown)
        {
            return Err(TournamentError::RoundHasResults(round));
        }
        self.games.retain(|g| g.round != round);
        self.byes.retain(|b| b.round != round);
        Ok(())
    }

    /// Takes a round's games and byes away, results and all: the chief
    /// referee's cancellation (Ukrainian rules V.3).
    pub fn cancel_round(&mut self, round: RoundNo) {
        self.games.retain(|g| g.round != round);
        self.byes.retain(|b| b.round != round);
    }

    /// The game on a board of a round.
    pub fn game_on(&self, round: RoundNo, board: BoardNo) -> Option<&Game> {
        self.games
            .iter()
            .find(|g| g.round == round && g.board == board)
    }
}

#[cfg(test)]
mod tests;
