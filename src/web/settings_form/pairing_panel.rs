//! The advanced pairing panel of the tournament form: OpenGotha's pair
//! weights, each at most its maximum, the geography preferences, the
//! seeding systems and the secondary criteria's rank threshold.

use super::{SEED_SYSTEMS, TournamentForm, fields, value_of};
use crate::core::settings::PairingParameters;
use crate::web::i18n::Lang;
use crate::web::page::FieldErrors;

impl TournamentForm {
    /// Reads the panel into `p`, each problem into `errors`.
    pub(super) fn read_pairing_panel(
        &self,
        lang: Lang,
        p: &mut PairingParameters,
        errors: &mut FieldErrors,
    ) {
        let t = |key: &str| lang.t(key);
        let number = |field, text: &str, range, errors: &mut FieldErrors| {
            fields::number(lang, field, text, range, errors)
        };
        let rank =
            |field, text: &str, errors: &mut FieldErrors| fields::rank(lang, field, text, errors);
        let weight =
            |field: &'static str, text: &str, max: i64, errors: &mut FieldErrors| match text
                .trim()
                .parse::<i64>(
            ) {
                Ok(w) if (0..=max).contains(&w) => Some(w),
                _ => {
                    errors.add(field, format!("{} 0–{max}", t("form.number_between")));
                    None
                }
            };
        for (field, text, max, slot) in [
            (
                "pai_minimize_score_difference",
                &self.pai_minimize_score_difference,
                100_000_000_000,
                &mut p.minimize_score_difference,
            ),
            (
                "pai_dudd_weight",
                &self.pai_dudd_weight,
                100_000_000,
                &mut p.dudd_weight,
            ),
            (
                "pai_maximize_seeding",
                &self.pai_maximize_seeding,
                5_000_000,
                &mut p.maximize_seeding,
            ),
            (
                "pai_balance_white_black",
                &self.pai_balance_white_black,
                1_000_000,
                &mut p.balance_white_black,
            ),
            ("pai_random", &self.pai_random, 1_000_000_000, &mut p.random),
            (
                "pai_avoid_same_geo",
                &self.pai_avoid_same_geo,
                100_000_000_000_000,
                &mut p.avoid_same_geo,
            ),
        ] {
            if let Some(w) = weight(field, text, max, errors) {
                *slot = w;
            }
        }
        let club = number(
            "pai_prefer_mms_diff_rather_than_same_club",
            &self.pai_prefer_mms_diff_rather_than_same_club,
            0..=10,
            errors,
        );
        let country = number(
            "pai_prefer_mms_diff_rather_than_same_country",
            &self.pai_prefer_mms_diff_rather_than_same_country,
            0..=10,
            errors,
        );
        if let (Some(club), Some(country)) = (club, country) {
            (
                p.prefer_mms_diff_rather_than_same_club,
                p.prefer_mms_diff_rather_than_same_country,
            ) = (club as i32, country as i32);
        }
        match (
            value_of(&SEED_SYSTEMS, &self.pai_seed_system1),
            value_of(&SEED_SYSTEMS, &self.pai_seed_system2),
        ) {
            (Some(a), Some(b)) => (p.seed_system1, p.seed_system2) = (a, b),
            _ => errors.add("pai_seed_system1", t("form.choose")),
        }
        if let Some(n) = number(
            "pai_last_round_for_seed_system1",
            &self.pai_last_round_for_seed_system1,
            1..=21,
            errors,
        ) {
            p.last_round_for_seed_system1 = n;
        }
        if let Some(threshold) = rank(
            "pai_secondary_rank_threshold",
            &self.pai_secondary_rank_threshold,
            errors,
        ) {
            p.secondary_rank_threshold = threshold;
        }
    }
}
