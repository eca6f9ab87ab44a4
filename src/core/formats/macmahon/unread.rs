//! What a MacMahon file holds that its tournament in Tengen does not: the
//! organiser is told on the import's result page and by the CLI.

/// One thing of the file not carried over, with what a message names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unread {
    /// A setting Tengen has no counterpart for, switched on in the file:
    /// its element name, one of [`SETTINGS`] (the message words it as
    /// `import.macmahon.setting.<name>`).
    Setting(&'static str),
    /// A placement criterion of the wall list Tengen has not (`SORP`, or
    /// one only AutoKorsak knows).
    Criterion(String),
    /// Players weaker than 30 kyu, entered as 30 kyu (OpenGotha's floor).
    BelowThirtyKyu(usize),
    /// Players of 10 pro, entered as 9 pro.
    TenPro(usize),
    /// A score adjustment that is not whole points (MacMahon counts in
    /// quarter points), rounded toward zero: the player and the points.
    Adjustment { player: String, quarters: i32 },
    /// Jokers, MacMahon's players who fill an odd round.
    Jokers(usize),
    /// Games with extra result points (MacMahon's SORP).
    ResultPoints(usize),
    /// Pairings MacMahon was told to avoid.
    UnwantedPairings(usize),
}

impl Unread {
    /// The message key under `import.macmahon.unread.`.
    pub fn key(&self) -> &'static str {
        match self {
            Unread::Setting(_) => "import.macmahon.unread.setting",
            Unread::Criterion(_) => "import.macmahon.unread.criterion",
            Unread::BelowThirtyKyu(_) => "import.macmahon.unread.below_30k",
            Unread::TenPro(_) => "import.macmahon.unread.ten_pro",
            Unread::Adjustment { .. } => "import.macmahon.unread.adjustment",
            Unread::Jokers(_) => "import.macmahon.unread.jokers",
            Unread::ResultPoints(_) => "import.macmahon.unread.result_points",
            Unread::UnwantedPairings(_) => "import.macmahon.unread.unwanted",
        }
    }
}

/// The settings told as [`Unread::Setting`] when the file has them on.
pub const SETTINGS: [&str; 7] = [
    "HandicapBelow",
    "HandicapIncludeInTieBreakers",
    "ByeShouldResultInZeroSOSetc",
    "HalfScoreGroupsRoundDown",
    "RatingDeterminesRank",
    "RatingDeterminesStartScore",
    "MakePairingTopGroup",
];
