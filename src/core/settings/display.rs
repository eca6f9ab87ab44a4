//! OpenGotha's display and publishing parameters: what its lists show and
//! where it publishes them, kept so that a file read and written back
//! loses nothing.

use serde::{Deserialize, Serialize};

/// OpenGotha's `DPParameterSet`: what lists show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayParameters {
    /// `playerSortType`: `name`, `rank` or `grade`.
    pub player_sort: String,
    /// `gameFormat`: `full` or `short`.
    pub game_format: String,
    /// `showPlayerGrade`.
    pub show_player_grade: bool,
    /// `showPlayerCountry`.
    pub show_player_country: bool,
    /// `showPlayerClub`.
    pub show_player_club: bool,
    /// `showByePlayer`.
    pub show_bye_player: bool,
    /// `showNotPairedPlayers`.
    pub show_not_paired_players: bool,
    /// `showNotParticipatingPlayers`.
    pub show_not_participating_players: bool,
    /// `showNotFinallyRegisteredPlayers`.
    pub show_not_finally_registered_players: bool,
    /// `displayNPPlayers`: list players with no game and no bye in standings.
    pub display_non_playing_players: bool,
    /// `displayNumCol`.
    pub display_number_column: bool,
    /// `displayPlCol`.
    pub display_place_column: bool,
    /// `displayCoCol`.
    pub display_country_column: bool,
    /// `displayClCol`.
    pub display_club_column: bool,
    /// `displayIndGamesInMatches`.
    pub display_individual_games_in_matches: bool,
    /// Tengen's own, not in OpenGotha files: the standings show each
    /// player's EGF rating change so far (`core::gor`), when the organiser
    /// turns it on.
    #[serde(default)]
    pub show_gor_change: bool,
}

impl Default for DisplayParameters {
    fn default() -> Self {
        DisplayParameters {
            player_sort: "name".into(),
            game_format: "full".into(),
            show_player_grade: true,
            show_player_country: false,
            show_player_club: true,
            show_bye_player: true,
            show_not_paired_players: true,
            show_not_participating_players: true,
            show_not_finally_registered_players: true,
            display_non_playing_players: false,
            display_number_column: true,
            display_place_column: true,
            display_country_column: true,
            display_club_column: false,
            display_individual_games_in_matches: true,
            show_gor_change: false,
        }
    }
}

/// OpenGotha's `PublishParameterSet`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublishParameters {
    /// `print`.
    pub print: bool,
    /// `exportToLocalFile`.
    pub export_to_local_file: bool,
    /// `htmlAutoScroll`.
    pub html_auto_scroll: bool,
}

impl Default for PublishParameters {
    fn default() -> Self {
        PublishParameters {
            print: true,
            export_to_local_file: true,
            html_auto_scroll: false,
        }
    }
}
