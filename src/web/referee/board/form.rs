//! What the board page's forms send.

/// What a board form sends; every field is optional so a half-filled form
/// comes back with what was typed and a message.
#[derive(serde::Deserialize, Default, Clone)]
pub(in crate::web::referee) struct BoardForm {
    #[serde(default)]
    pub(super) act: String,
    /// "white", "black" or "both".
    #[serde(default)]
    pub(super) player: String,
    #[serde(default)]
    pub(super) reason: String,
    /// Penalty: "ing", "pair_go" or "other".
    #[serde(default)]
    pub(super) cause: String,
    #[serde(default)]
    pub(super) amount: String,
    /// Time change in minutes, signed.
    #[serde(default)]
    pub(super) minutes: String,
    /// Correction: a result code as on the results page.
    #[serde(default)]
    pub(super) result: String,
    /// Confirmation: "players" or "referee".
    #[serde(default)]
    pub(super) confirmer: String,
    /// A move out of order (pair go, rengo): the three facts of the claim.
    #[serde(default)]
    pub(super) immediately: Option<String>,
    #[serde(default)]
    pub(super) intentional: Option<String>,
    #[serde(default)]
    pub(super) previous_in_order: Option<String>,
    /// A colour or handicap error: noticed "before" or "after" the third
    /// move, the colours swapped, the handicap stones placed.
    #[serde(default)]
    pub(super) third_move: String,
    #[serde(default)]
    pub(super) swapped: Option<String>,
    #[serde(default)]
    pub(super) handicap: String,
    /// WMSG fill-in count: whose territory is left partly unfilled
    /// ("black" or "white"), its empty points, the losing stones in it, an
    /// unfilled seki point, and whether Black moved last.
    #[serde(default)]
    pub(super) owner: String,
    #[serde(default)]
    pub(super) empty_points: String,
    #[serde(default)]
    pub(super) losing_stones: String,
    #[serde(default)]
    pub(super) seki: Option<String>,
    #[serde(default)]
    pub(super) black_last: Option<String>,
    /// How the game is counted under custom rules: "area" or "territory"
    /// (a ruleset says it itself).
    #[serde(default)]
    pub(super) count_kind: String,
    /// Area count: each side's stones and surrounded points.
    #[serde(default)]
    pub(super) black_area: String,
    #[serde(default)]
    pub(super) white_area: String,
    /// Territory count: each side's points, prisoners and passes, and
    /// whether White made the last pass.
    #[serde(default)]
    pub(super) black_territory: String,
    #[serde(default)]
    pub(super) black_prisoners: String,
    #[serde(default)]
    pub(super) black_passes: String,
    #[serde(default)]
    pub(super) white_territory: String,
    #[serde(default)]
    pub(super) white_prisoners: String,
    #[serde(default)]
    pub(super) white_passes: String,
    #[serde(default)]
    pub(super) white_last_pass: Option<String>,
    /// Stones of each colour counted after the count, "" when not counted
    /// (WMSG Proc. 9: 180 each).
    #[serde(default)]
    pub(super) black_stones: String,
    #[serde(default)]
    pub(super) white_stones: String,
    /// Nigiri: who holds the white stones ("white" or "black", as paired),
    /// how many, and the other's guess ("odd" or "even").
    #[serde(default)]
    pub(super) nigiri_holder: String,
    #[serde(default)]
    pub(super) nigiri_stones: String,
    #[serde(default)]
    pub(super) nigiri_guess: String,
    /// A sanction's violation: the entry number recording it, "" for none.
    #[serde(default)]
    pub(super) violation: String,
    /// A neutralised clock: one of the GTR's twelve circumstances.
    #[serde(default)]
    pub(super) neutralisation: String,
    /// An illegal move: whose clock the time allowed goes to.
    #[serde(default)]
    pub(super) time_player: String,
    /// A disturbed position: the remedy's number and why not an earlier one.
    #[serde(default)]
    pub(super) remedy: String,
    #[serde(default)]
    pub(super) justification: String,
    /// A clock correction: the time shown before and after ("45", "12:30").
    #[serde(default)]
    pub(super) clock_before: String,
    #[serde(default)]
    pub(super) clock_after: String,
    /// Adjournment: when the game resumes, one of the published times.
    #[serde(default)]
    pub(super) resumes: String,
    /// The referee confirmed that a forfeit or an absence replaces the
    /// result the board already has.
    #[serde(default)]
    pub(super) replace: Option<String>,
}
