//! The EGF rating preview (`core::gor`) as pages print it: the block and
//! per-game column of a player's page, and the standings' optional column.

use super::i18n::Lang;
use crate::core::gor::{EgfClass, PlayerGor, Preview};
use crate::core::{Player, PlayerId, RoundNo, Tournament};

/// A rating change with its sign, a true minus and `decimals` digits:
/// "+13.5", "−8", "0".
pub(super) fn signed(value: f64, decimals: usize) -> String {
    let digits = format!("{:.*}", decimals, value.abs());
    if digits.chars().all(|c| c == '0' || c == '.') {
        return digits;
    }
    let sign = if value < 0.0 { '−' } else { '+' };
    format!("{sign}{digits}")
}

/// The share of a game the class counts, in percent (a preview is never
/// of class X, which counts nothing).
fn percent(class: EgfClass) -> String {
    format!("{:.0}", class.weight().unwrap_or(0.0) * 100.0)
}

/// "2000 → 2010 (+10)".
fn line(gor: &PlayerGor) -> String {
    format!(
        "{} → {} ({})",
        gor.before,
        gor.after,
        signed(f64::from(gor.change()), 0)
    )
}

/// What a player's page says about their rating.
pub(super) struct PlayerBlock {
    /// "before → after (±change)"; `None` when the tournament is not rated.
    pub line: Option<String>,
    /// Where the numbers come from, in the reader's language.
    pub notes: Vec<String>,
    /// The player's rated games.
    gor: Option<crate::core::gor::PlayerGor>,
}

impl PlayerBlock {
    /// The preview of `player` from the games of the rounds the reader sees.
    pub fn of(
        tournament: &Tournament,
        player: &Player,
        visible: impl Fn(RoundNo) -> bool,
        lang: Lang,
    ) -> Self {
        let preview = crate::core::gor::preview(tournament, visible);
        let Some((preview, gor)) = preview
            .as_ref()
            .and_then(|p| p.of(player.id).map(|g| (p, g)))
        else {
            return PlayerBlock {
                line: None,
                notes: vec![lang.t("gor.not_rated")],
                gor: None,
            };
        };
        let mut notes = vec![lang.tf(
            "gor.preview_note",
            &[
                ("class", preview.class.to_string()),
                ("percent", percent(preview.class)),
            ],
        )];
        if gor.from_rank {
            notes.push(lang.tf(
                "gor.from_rank",
                &[
                    ("rating", gor.before.to_string()),
                    ("rank", player.rank.to_string()),
                ],
            ));
        }
        PlayerBlock {
            line: Some(line(gor)),
            notes,
            gor: Some(gor.clone()),
        }
    }

    /// The change of the game of `round` with one decimal, "" when it is not rated.
    pub fn game(&self, round: RoundNo) -> String {
        self.gor
            .as_ref()
            .and_then(|g| g.in_round(round))
            .map(|change| signed(change, 1))
            .unwrap_or_default()
    }
}

/// The standings' column: each player's change and its "before → after".
pub(super) struct Column(Preview);

impl Column {
    /// The column after the rounds `counted` accepts, when the organiser
    /// turned it on and the tournament is rated.
    pub fn of(tournament: &Tournament, counted: impl Fn(RoundNo) -> bool) -> Option<Self> {
        if !tournament.settings().display.show_gor_change {
            return None;
        }
        crate::core::gor::preview(tournament, counted).map(Column)
    }

    /// The cell of `player`: "+10" and, for its title, "2000 → 2010 (+10)".
    pub fn cell(&self, player: PlayerId) -> (String, String) {
        self.0
            .of(player)
            .map(|g| (signed(f64::from(g.change()), 0), line(g)))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::signed;

    #[test]
    fn changes_carry_their_sign_and_a_true_minus() {
        assert_eq!(signed(13.474, 1), "+13.5");
        assert_eq!(signed(-8.0, 0), "−8");
        assert_eq!(signed(0.0, 0), "0");
        assert_eq!(signed(-0.04, 1), "0.0");
    }
}
