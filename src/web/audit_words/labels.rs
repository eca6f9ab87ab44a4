//! The settings form's labels of the stored settings the audit log names.

use super::Lang;

/// The settings form's label of a stored setting (`general.name` →
/// "Tournament name"); a setting the form does not show keeps its path.
pub(super) fn setting_label(lang: Lang, path: &str) -> String {
    const LABELS: &[(&str, &str)] = &[
        ("general.name", "tournament.name"),
        ("general.short_name", "tournament.short_name"),
        ("general.location", "settings.location"),
        ("general.begin_date", "settings.begin_date"),
        ("general.end_date", "settings.end_date"),
        ("system", "settings.system"),
        ("number_of_rounds", "settings.rounds"),
        ("mcmahon.bar", "settings.bar"),
        ("mcmahon.floor", "settings.floor"),
        ("rules.board_size", "settings.board_size"),
        ("rules.komi", "settings.komi"),
        ("rules.tie_rule", "settings.tie_rule"),
        ("time.basic_minutes", "settings.basic_minutes"),
        ("time.overtime", "settings.overtime"),
        ("time.std_byo_yomi_seconds", "settings.byo_yomi_seconds"),
        ("time.canadian_moves", "settings.canadian_moves"),
        ("time.canadian_seconds", "settings.canadian_seconds"),
        ("time.fischer_seconds", "settings.fischer_seconds"),
        (
            "handicap.no_handicap_threshold",
            "settings.handicap_threshold",
        ),
        ("handicap.correction", "settings.handicap_correction"),
        ("handicap.ceiling", "settings.handicap_ceiling"),
        ("preliminary_players", "settings.preliminary_players"),
        ("header.time_zone", "tournament.time_zone"),
        ("header.registration_open", "settings.registration_open"),
        ("header.is_public", "settings.is_public"),
        (
            "header.late_forfeit_minutes",
            "settings.late_forfeit_minutes",
        ),
    ];
    LABELS
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, key)| lang.t(key))
        .unwrap_or_else(|| path.to_string())
}
