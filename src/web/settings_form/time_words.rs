//! The time control in words, in the reader's language: the form's live
//! line (its EGF adjusted time and class) and the label the overview and
//! the protocol print.

use super::{OVERTIMES, TournamentForm, value_of};
use crate::web::i18n::Lang;

/// The time control as typed, with its EGF adjusted time and class
/// (`60 min + 5×30 s · 82 min 30 s · class A`); `None` while a field is unreadable.
pub fn time_summary(form: &TournamentForm, lang: Lang, internet: bool) -> Option<String> {
    use crate::core::rules::time::TimeControl;
    let number = |text: &str| text.trim().parse::<u32>().ok();
    let time = crate::core::settings::TimeSystem {
        basic_minutes: number(&form.basic_minutes)?,
        overtime: value_of(&OVERTIMES, &form.overtime)?,
        std_byo_yomi_seconds: number(&form.byo_yomi_seconds)?,
        canadian_moves: number(&form.canadian_moves)?.max(1),
        canadian_seconds: number(&form.canadian_seconds)?,
        fischer_seconds: number(&form.fischer_seconds)?,
    };
    let control = TimeControl::from(&time);
    Some(format!(
        "{} · {} {} · {} {}",
        time_label(&control, lang),
        lang.t("settings.adjusted_time"),
        span(control.egf_adjusted_time(), lang),
        lang.t("overview.egf_class"),
        control.egf_class(internet)
    ))
}

/// A duration as people write it in `lang`: `90 min`, `1 мин 30 с`.
fn span(d: std::time::Duration, lang: Lang) -> String {
    let unit = |key, n: u64| lang.tf(key, &[("n", n.to_string())]);
    match (d.as_secs() / 60, d.as_secs() % 60) {
        (0, s) => unit("time.seconds", s),
        (m, 0) => unit("time.minutes", m),
        (m, s) => format!("{} {}", unit("time.minutes", m), unit("time.seconds", s)),
    }
}

/// A time control's label in `lang` (the core's `Display` is the English
/// one, kept for files): `60 мин + 5×30 с`, `45 хв + 15 с за хід`.
pub fn time_label(control: &crate::core::rules::time::TimeControl, lang: Lang) -> String {
    use crate::core::rules::time::Overtime;
    let main = span(control.main, lang);
    let overtime = match control.overtime {
        Overtime::SuddenDeath => return main,
        Overtime::ByoYomi { periods, period } => format!("{periods}×{}", span(period, lang)),
        Overtime::Canadian { stones, period } => format!(
            "{}/{}",
            lang.plural("time.canadian", u64::from(stones)),
            span(period, lang)
        ),
        Overtime::Fischer { increment } => {
            lang.tf("time.fischer", &[("span", span(increment, lang))])
        }
        Overtime::Ing => lang.tf("time.ing", &[("span", span(control.ing_period(), lang))]),
    };
    format!("{main} + {overtime}")
}
