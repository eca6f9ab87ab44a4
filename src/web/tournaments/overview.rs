//! A tournament's public page (what a player wants to know before the first
//! round) and its poster for the hall.

use crate::core::rules::priority;
use crate::web::access::Reader;
use askama::Template;
use axum::response::Html;

use crate::core::Registration;
use crate::core::access::Action;
use crate::core::rules::time::TimeControl;
use crate::desk::TournamentRow;
use crate::web::error::WebResult;
use crate::web::page::{Ctx, Layout, render};
use crate::web::rule_words::RulesInForce;
use crate::web::settings_form;
use crate::web::urls::{self, site_url};

#[derive(Template)]
#[template(path = "tournaments/show.html")]
struct TournamentPage {
    layout: Layout,
    tournament: TournamentRow,
    /// Links to staff pages, shown only to staff.
    can_edit: bool,
    can_manage_staff: bool,
    can_referee: bool,
    is_staff: bool,
    info: Overview,
    /// The programme, one item a line.
    schedule: Vec<String>,
    /// A team event: its team standings are a tap away.
    has_teams: bool,
}

/// What a player wants to know before the first round.
struct Overview {
    dates: String,
    location: String,
    system: String,
    /// "5 rounds", in the reader's plural form.
    rounds: String,
    board_size: u8,
    /// The rule text, the rules of play, the komi applied and what an
    /// equal count means, in words.
    rules: String,
    /// Where handicap stones go, in words.
    placement: String,
    time: String,
    time_class: String,
    players: usize,
    /// The last published round, to jump to.
    current_round: Option<u32>,
    /// The GTR version in force, with its date; "" under another rule text.
    gtr: String,
    /// The order of priority of the rules, highest first, in words.
    priority: Vec<String>,
    /// The resumption times of adjourned games and the longest
    /// adjournment, which the GTR has published at the start; "" where
    /// games are not adjourned.
    adjournment: String,
}

fn adjournment_text(
    a: &crate::core::settings::Adjournment,
    lang: crate::web::i18n::Lang,
) -> String {
    if !a.allowed {
        return String::new();
    }
    let times: Vec<_> = a.times.iter().map(ToString::to_string).collect();
    let or_dash = |text: String| if text.is_empty() { "—".into() } else { text };
    lang.tf(
        "overview.adjournment_text",
        &[
            ("times", or_dash(times.join(", "))),
            (
                "minutes",
                or_dash(a.max_minutes.map(|m| m.to_string()).unwrap_or_default()),
            ),
        ],
    )
}

pub(super) async fn show_tournament(
    ctx: Ctx,
    Reader(opened): Reader,
) -> WebResult<axum::response::Response> {
    let tournament = opened.tournament.clone();
    let tournament_id = tournament.tournament_id;
    let is_staff = opened.is_staff();
    let viewed = opened.view().await?;
    let marks = &opened.state().await?.rounds;
    let ruleset = viewed.book.settings.ruleset;
    // The rounds' official starts follow the organiser's own lines, each
    // with its assembly (RFG 16.6.1).
    let round_times: Vec<String> = crate::web::view::round_times(opened.state().await?, ruleset)
        .iter()
        .map(|t| t.line(ctx.lang))
        .collect();
    let state = viewed.effective.tournament;
    let s = state.settings();
    let time = TimeControl::from(&s.time);
    let dates = match (s.general.begin_date.as_str(), s.general.end_date.as_str()) {
        ("", "") => String::new(),
        (b, e) if b == e || e.is_empty() => b.to_string(),
        (b, e) => format!("{b} – {e}"),
    };
    let system_key = settings_form::SYSTEMS
        .iter()
        .find(|(_, v)| *v == s.system)
        .map(|(k, _)| *k)
        .unwrap_or("mcmahon");
    let gtr = priority::gtr_version(s);
    let info = Overview {
        // Only the EGF text is the GTR; the others name themselves.
        gtr: if ruleset == crate::core::discipline::Ruleset::Egf {
            ctx.lang.tf(
                "priority.gtr_version_text",
                &[
                    ("name", gtr.name.to_string()),
                    ("from", gtr.valid_from.to_string()),
                ],
            )
        } else {
            String::new()
        },
        priority: priority::priority(priority::is_egf_tournament(s, ruleset))
            .iter()
            .map(|source| ctx.lang.t(&format!("priority.{}", source.key())))
            .collect(),
        adjournment: adjournment_text(&s.adjournment, ctx.lang),
        dates,
        location: s.general.location.clone(),
        system: ctx.lang.t(&format!("system.{system_key}")),
        rounds: ctx
            .lang
            .plural("overview.rounds", u64::from(s.number_of_rounds)),
        board_size: s.rules.board_size,
        rules: RulesInForce::of(s, ruleset, ctx.lang).line(ctx.lang),
        placement: ctx.lang.t(match s.rules.handicap_placement {
            crate::core::settings::HandicapPlacement::Fixed => "handicap_placement.fixed",
            crate::core::settings::HandicapPlacement::Free => "handicap_placement.free",
        }),
        time_class: time.egf_class(s.general.internet).to_string(),
        time: settings_form::time_label(&time, ctx.lang),
        // Visitors count the field of play, as their players list shows it.
        players: state
            .players()
            .iter()
            .filter(|p| is_staff || p.registration == Registration::Final)
            .count(),
        current_round: marks
            .iter()
            .filter(|(_, mark)| mark.published.is_some())
            .map(|(round, _)| *round)
            .max(),
    };
    let html = render(&TournamentPage {
        // The overview links the current round: it follows a publication.
        layout: Layout::titled(&ctx, &tournament.name)
            .live(&tournament.short_name, tournament.version),
        can_edit: opened.may(Action::EditSettings).await?,
        can_manage_staff: opened.may(Action::ManageStaff).await?,
        can_referee: opened.may(Action::LogSanction).await?,
        is_staff,
        has_teams: !state.teams().is_empty(),
        schedule: tournament
            .schedule
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from)
            .chain(round_times)
            .collect(),
        tournament,
        info,
    })?;
    Ok(crate::web::page_cache::cacheable(tournament_id, html))
}

#[derive(Template)]
#[template(path = "tournaments/poster.html")]
struct PosterPage {
    layout: Layout,
    tournament: TournamentRow,
    url: String,
    qr_svg: String,
}

/// A poster for the hall: players scan it instead of queueing at a sheet.
pub(super) async fn show_poster(
    ctx: Ctx,
    headers: axum::http::HeaderMap,
    Reader(opened): Reader,
) -> WebResult<Html<String>> {
    let tournament = opened.tournament;
    let url = format!(
        "{}{}",
        site_url(&headers),
        urls::tournament(&tournament.short_name)
    );
    let code = qrcode::QrCode::new(url.as_bytes()).map_err(anyhow::Error::from)?;
    let qr_svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build();
    // Inline SVG in HTML takes no XML declaration.
    let qr_svg = qr_svg
        .find("<svg")
        .map_or(qr_svg.clone(), |start| qr_svg[start..].to_string());
    render(&PosterPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        url,
        qr_svg,
    })
}
