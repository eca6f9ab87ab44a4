//! The final protocol (RFG code 26.2.1 з; Ukrainian rules III.8) as a page
//! to print on A4 and as a spreadsheet; what it holds and why is in
//! [`crate::core::formats::protocol`].
//!
//! | route | handler |
//! |---|---|
//! | `GET /t/{short}/protocol?lang=ru\|uk\|en` | [`show_protocol`] |
//! | `GET /t/{short}/protocol.csv?lang=ru\|uk\|en` | [`download_protocol`] |
//! | `POST /t/{short}/protocol/verify`, `…/declare` | [`close_tournament`] |
//!
//! Whoever may read the standings may read the protocol, over the same
//! rounds: published ones for visitors, every paired one for staff. Under
//! the prizes it shows the acts that close the tournament: the supervisor's
//! verification of the final list and the declaration of the winners.

use crate::core::discipline::Ruleset;
use crate::web::access::{Reader, Reading};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};

use super::AppState;
use super::access::Signed;
use super::closing::{Actions, Closing, actions, closing};
use super::error::WebResult;
use super::flash::Flash;
use super::i18n::Lang;
use super::page::{Ctx, Layout, render};
use super::rule_words::RulesInForce;
use super::settings_form::{SYSTEMS, time_label};
use crate::core::System;
use crate::core::access::Action;
use crate::core::command::Command;
use crate::core::discipline::listed;
use crate::core::formats::protocol::{self, CellWords, Protocol, RankNorms, Words};
use crate::core::pairing::parameters::SeedSystem;
use crate::core::rules::time::TimeControl;
use crate::desk::TournamentRow;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/protocol", get(show_protocol))
        .route("/t/{short}/protocol.csv", get(download_protocol))
        .route("/t/{short}/protocol/{act}", post(close_tournament))
}

/// Round and criterion columns a portrait A4 page holds beside number,
/// place, name, rank and club at 8 pt; more turn the page to landscape.
const PORTRAIT_COLUMNS: usize = 9;

#[derive(serde::Deserialize, Default)]
struct ProtocolQuery {
    lang: Option<String>,
}

/// One player's line, ready to print.
struct ProtocolLine {
    number: u32,
    place: String,
    name: String,
    rank: String,
    club: String,
    cells: Vec<String>,
    values: Vec<String>,
}

/// A person on the panel: role, name, category.
struct PanelLine {
    role: String,
    name: String,
    category: String,
}

#[derive(Template)]
#[template(path = "protocol/show.html")]
struct ProtocolPage {
    layout: Layout,
    tournament: TournamentRow,
    /// Label and value of each header line.
    heading: Vec<(String, String)>,
    rounds: Vec<u32>,
    /// Criterion names and what they mean.
    criteria: Vec<(String, String)>,
    lines: Vec<ProtocolLine>,
    panel: Vec<PanelLine>,
    /// The chief referee and the chief secretary, who sign (role, name).
    signatures: Vec<(String, String)>,
    rank_norms: RankNorms,
    landscape: bool,
    /// The other languages the protocol can be read in.
    other_langs: Vec<Lang>,
    /// Open appeals that can change prizes (RFG 26.4 ж), e.g. "#1, #3".
    pending_appeals: String,
    /// Who wins what: place, name, money, title and indivisible prize.
    prizes: Vec<[String; 5]>,
    /// The final list's verification and the winners' declaration.
    closing: Closing,
    /// What the reader may do about them.
    actions: Actions,
}

/// The protocol's language: `?lang=` when it names one, else the reader's.
fn language(ctx: &Ctx, query: &ProtocolQuery) -> Lang {
    query
        .lang
        .as_deref()
        .and_then(Lang::from_code)
        .unwrap_or(ctx.lang)
}

/// What the page and the spreadsheet read.
struct Loaded {
    tournament: TournamentRow,
    protocol: Protocol,
    /// Open appeals that can change prizes, e.g. "#1, #3".
    pending: String,
    ruleset: Ruleset,
    closing: Closing,
    actions: Actions,
}

/// The protocol the reader may see, with the tournament and its closing acts.
async fn load(ctx: &Ctx, opened: Reading) -> WebResult<Loaded> {
    let view = opened.view().await?;
    let state = view.for_standings();
    let last = opened.last_visible_round().await?;
    let closing = closing(&view, ctx.lang, &opened.tournament.time_zone);
    let actions = actions(&opened, &closing).await?;
    let tournament = opened.tournament;
    Ok(Loaded {
        pending: listed(&view.book.pending_prize_appeals()),
        ruleset: view.book.settings.ruleset,
        protocol: protocol::protocol(&state, last),
        tournament,
        closing,
        actions,
    })
}

/// How a bye's cell reads: "+" under the RFG code, a technical win (20.2 а),
/// elsewhere the word for a player free in the round.
fn bye_word(ruleset: Ruleset, lang: Lang) -> String {
    match ruleset {
        Ruleset::Rfg => "+".to_string(),
        Ruleset::Egf | Ruleset::Ukraine | Ruleset::Custom => lang.t("protocol.bye"),
    }
}

/// The header lines in `lang`: dates, place, system, rounds, time control,
/// rules, handicap and criteria (Ukrainian III.8 1), III.2 2)–8)).
fn heading(p: &Protocol, ruleset: Ruleset, lang: Lang) -> Vec<(String, String)> {
    let g = &p.general;
    let dates = match (g.begin_date.as_str(), g.end_date.as_str()) {
        ("", "") => String::new(),
        (b, e) if b == e || e.is_empty() => b.to_string(),
        (b, e) => format!("{b} – {e}"),
    };
    let system = SYSTEMS
        .iter()
        .find(|(_, s)| *s == p.system)
        .map(|(k, _)| lang.t(&format!("system.{k}")))
        .unwrap_or_default();
    let mut rounds = p.planned_rounds.to_string();
    if p.rounds < p.planned_rounds {
        rounds = format!(
            "{rounds} ({})",
            lang.tf(
                "protocol.after_round",
                &[
                    ("round", p.rounds.to_string()),
                    ("rounds", p.planned_rounds.to_string())
                ]
            )
        );
    }
    // The rule text and the rules of play in force, with the komi applied
    // and what an equal count meant (Ukrainian III.8 1), RFG 15.2).
    let rules = format!(
        "{}×{}; {}",
        p.rules.board_size,
        p.rules.board_size,
        RulesInForce::under(&p.rules, ruleset, lang).line(lang)
    );
    let handicap = if p.handicap.ceiling == 0 {
        lang.t("protocol.no_handicap")
    } else {
        let basis = if p.handicap.based_on_mms {
            "protocol.basis_mms"
        } else {
            "protocol.basis_rank"
        };
        lang.tf(
            "protocol.handicap_text",
            &[
                ("basis", lang.t(basis)),
                ("correction", p.handicap.correction.to_string()),
                (
                    "ceiling",
                    lang.plural("protocol.stones", u64::from(p.handicap.ceiling)),
                ),
                ("threshold", p.handicap.no_handicap_threshold.to_string()),
            ],
        )
    };
    let criteria = p
        .criteria
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ");
    [
        ("protocol.dates", dates),
        ("settings.location", g.location.clone()),
        ("protocol.system", system),
        ("protocol.rounds", rounds),
        (
            "protocol.time",
            time_label(&TimeControl::from(&p.time), lang),
        ),
        ("protocol.rules", rules),
        ("protocol.handicap", handicap),
        ("protocol.pairing", pairing_text(p, lang)),
        ("protocol.criteria", criteria),
    ]
    .into_iter()
    .filter(|(_, value)| !value.is_empty())
    .map(|(key, value)| (lang.t(key), value))
    .collect()
}

/// The pairing parameters the regulations publish (RFG App. 7 §1.5): the
/// McMahon bar and floor, how groups are seeded and until which round,
/// and whether players of one club or city are kept apart.
fn pairing_text(p: &Protocol, lang: Lang) -> String {
    let seed = |s: SeedSystem| {
        lang.t(match s {
            SeedSystem::SplitAndRandom => "protocol.seed.random",
            SeedSystem::SplitAndFold => "protocol.seed.fold",
            SeedSystem::SplitAndSlip => "protocol.seed.slip",
        })
    };
    let mut parts = Vec::new();
    if p.system == System::McMahon {
        parts.push(lang.tf(
            "protocol.bar_floor",
            &[
                ("bar", p.mcmahon.bar.to_string()),
                ("floor", p.mcmahon.floor.to_string()),
            ],
        ));
    }
    let pairing = &p.pairing;
    parts.push(lang.tf(
        "protocol.seeding",
        &[
            ("first", seed(pairing.seed_system1)),
            ("round", pairing.last_round_for_seed_system1.to_string()),
            ("then", seed(pairing.seed_system2)),
        ],
    ));
    parts.push(lang.t(if pairing.avoid_same_geo > 0 {
        "protocol.same_club_avoided"
    } else {
        "protocol.same_club_allowed"
    }));
    parts.join("; ")
}

/// The panel in `lang`, director first; people not named are left out.
fn panel(p: &Protocol, lang: Lang) -> Vec<PanelLine> {
    let g = &p.general;
    let line = |key: &str, name: &str, category: &str| PanelLine {
        role: lang.t(key),
        name: name.to_string(),
        category: category.to_string(),
    };
    let mut lines = vec![
        line("settings.director", &g.director, ""),
        line(
            "settings.chief_referee",
            &g.panel.chief_referee.name,
            &g.panel.chief_referee.category,
        ),
        line(
            "settings.chief_secretary",
            &g.panel.chief_secretary.name,
            &g.panel.chief_secretary.category,
        ),
    ];
    lines.extend(
        g.panel
            .referees
            .iter()
            .map(|r| line("protocol.referee", &r.name, &r.category)),
    );
    lines.retain(|l| !l.name.is_empty());
    lines
}

/// `GET /t/{short}/protocol`: the protocol to read and print.
async fn show_protocol(
    mut ctx: Ctx,
    Reader(opened): Reader,
    Query(query): Query<ProtocolQuery>,
) -> WebResult<Html<String>> {
    ctx.lang = language(&ctx, &query);
    let lang = ctx.lang;
    let loaded = load(&ctx, opened).await?;
    let (tournament, p, ruleset) = (loaded.tournament, loaded.protocol, loaded.ruleset);
    let (white, black, bye) = (
        lang.t("protocol.white"),
        lang.t("protocol.black"),
        bye_word(ruleset, lang),
    );
    let words = CellWords {
        white: &white,
        black: &black,
        bye: &bye,
    };
    let decimal_comma = lang != Lang::En;
    let lines = p
        .lines
        .iter()
        .map(|l| ProtocolLine {
            number: l.number,
            place: l.place.to_string(),
            name: format!("{} {}", l.surname, l.first_name).trim().to_string(),
            rank: l.rank.to_string(),
            club: l.club.clone(),
            cells: l.cells.iter().map(|c| c.text(&words)).collect(),
            values: p
                .criteria
                .iter()
                .zip(&l.values)
                .map(|(c, v)| protocol::value(*c, *v, decimal_comma))
                .collect(),
        })
        .collect();
    let prizes = prize_lines(&p, decimal_comma);
    let g = &p.general;
    let signatures = [
        ("settings.chief_referee", &g.panel.chief_referee.name),
        ("settings.chief_secretary", &g.panel.chief_secretary.name),
    ]
    .into_iter()
    .map(|(key, name)| (lang.t(key), name.clone()))
    .collect();
    render(&ProtocolPage {
        layout: Layout::titled(
            &ctx,
            &format!("{} — {}", tournament.name, lang.t("protocol.title")),
        ),
        heading: heading(&p, ruleset, lang),
        rounds: (1..=p.rounds).collect(),
        criteria: super::rule_words::named(lang, &p.criteria),
        lines,
        panel: panel(&p, lang),
        signatures,
        rank_norms: p.rank_norms.clone(),
        landscape: p.rounds as usize + p.criteria.len() > PORTRAIT_COLUMNS,
        other_langs: Lang::ALL.into_iter().filter(|l| *l != lang).collect(),
        pending_appeals: loaded.pending,
        prizes,
        closing: loaded.closing,
        actions: loaded.actions,
        tournament,
    })
}

/// The prize list under the table: place, name, money, title, award.
fn prize_lines(p: &Protocol, decimal_comma: bool) -> Vec<[String; 5]> {
    let table: Vec<_> = p.lines.iter().map(|l| (l.player, l.place)).collect();
    crate::core::prizes::awards(&table, &p.prizes)
        .into_iter()
        .filter_map(|a| {
            let line = p.lines.iter().find(|l| l.player == a.player)?;
            let money = match (a.cents / 100, a.cents % 100) {
                (0, 0) => String::new(),
                (whole, 0) => whole.to_string(),
                (whole, cents) if decimal_comma => format!("{whole},{cents:02}"),
                (whole, cents) => format!("{whole}.{cents:02}"),
            };
            let name = format!("{} {}", line.surname, line.first_name)
                .trim()
                .to_string();
            Some([line.place.to_string(), name, money, a.title, a.award])
        })
        .collect()
}

/// `GET /t/{short}/protocol.csv`: the protocol as a spreadsheet.
async fn download_protocol(
    ctx: Ctx,
    Reader(opened): Reader,
    Query(query): Query<ProtocolQuery>,
) -> WebResult<Response> {
    let lang = language(&ctx, &query);
    let loaded = load(&ctx, opened).await?;
    let (tournament, p, ruleset) = (loaded.tournament, loaded.protocol, loaded.ruleset);
    let t = |key: &str| lang.t(key);
    let (title, number, place, surname, first_name, rank, club, round) = (
        t("protocol.title"),
        t("protocol.number"),
        t("protocol.place"),
        t("protocol.surname"),
        t("protocol.first_name"),
        t("protocol.rank"),
        t("protocol.club"),
        t("protocol.round"),
    );
    let (white, black, bye) = (
        t("protocol.white"),
        t("protocol.black"),
        bye_word(ruleset, lang),
    );
    let (director, chief, secretary, referee) = (
        t("settings.director"),
        t("settings.chief_referee"),
        t("settings.chief_secretary"),
        t("protocol.referee"),
    );
    let mut above = heading(&p, ruleset, lang);
    match &p.rank_norms {
        RankNorms::Fulfilled(norms) if norms.is_empty() => {}
        RankNorms::Fulfilled(norms) => above.push((t("protocol.rank_norms"), norms.clone())),
        RankNorms::NotAwarded => above.push((
            t("protocol.rank_norms"),
            t("protocol.rank_norms_not_awarded"),
        )),
    }
    let words = Words {
        title: &title,
        header: above,
        columns: [&number, &place, &surname, &first_name, &rank, &club],
        round: &round,
        cells: CellWords {
            white: &white,
            black: &black,
            bye: &bye,
        },
        decimal_comma: lang != Lang::En,
        roles: [&director, &chief, &secretary, &referee],
    };
    let file = format!(
        "attachment; filename=\"{}-protocol-{}.csv\"",
        tournament.short_name,
        lang.code()
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        protocol::csv(&p, &words),
    )
        .into_response())
}

/// The tournament version the closing act's form was read at: the act is
/// done on the list as the person saw it.
#[derive(serde::Deserialize)]
struct ClosingForm {
    version: i32,
}

/// `POST /t/{short}/protocol/verify`: a tournament supervisor verifies the
/// final result list (EGF GTR "Officials"); `…/declare`: the winners are
/// declared, refused, naming them, while appeals that can change titles or
/// prizes are open (GTR "EGF rules commission").
async fn close_tournament(
    State(_app): State<AppState>,
    Signed(access): Signed,
    Path((short, act)): Path<(String, String)>,
    Form(form): Form<ClosingForm>,
) -> WebResult<(Flash, Redirect)> {
    let (action, command, notice) = match act.as_str() {
        "verify" => (
            Action::VerifyStandings,
            Command::VerifyStandings,
            "notice.standings_verified",
        ),
        "declare" => (
            Action::DeclareWinners,
            Command::DeclareWinners,
            "notice.winners_declared",
        ),
        _ => return Err(super::error::WebError::NotFound),
    };
    access.require(action).await?;
    access.run(Some(form.version), command).await?;
    Ok((
        Flash::new(notice),
        Redirect::to(&super::urls::page(&short, "protocol")),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heading_publishes_the_bar_the_seeding_and_the_club_rule() {
        let mut t = crate::core::Tournament::new(crate::core::Settings::default());
        let mut s = t.settings().clone();
        s.mcmahon.bar = "3d".parse().unwrap();
        s.pairing.last_round_for_seed_system1 = 2;
        t.set_settings(s);
        let p = protocol::protocol(&t, 0);
        let heading = heading(&p, Ruleset::Egf, Lang::En);
        let (_, pairing) = heading
            .iter()
            .find(|(label, _)| *label == Lang::En.t("protocol.pairing"))
            .expect("a pairing line");
        assert!(pairing.contains("3D"), "{pairing}");
        assert!(pairing.contains(" 2"), "{pairing}");
        assert!(
            pairing.contains(&Lang::En.t("protocol.same_club_avoided")),
            "{pairing}"
        );
    }

    #[test]
    fn a_bye_reads_plus_in_an_rfg_protocol_and_free_elsewhere() {
        assert_eq!(bye_word(Ruleset::Rfg, Lang::Ru), "+");
        assert_eq!(
            bye_word(Ruleset::Ukraine, Lang::Uk),
            Lang::Uk.t("protocol.bye")
        );
        assert_ne!(bye_word(Ruleset::Egf, Lang::En), "+");
    }
}
