//! Whole tournaments in as Tengen, OpenGotha, MacMahon (AutoKorsak) or EGF
//! results (h9) files, and out as Tengen, OpenGotha and MacMahon files.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /tournaments/import`, `POST /tournaments/import` | [`show_import`], [`import_tournament`] | organisers |
//! | `GET /t/{short}/export/opengotha.xml` | [`export_opengotha`] | organisers |
//! | `GET /t/{short}/export/macmahon.xml` | [`export_macmahon`] | organisers |
//! | `GET /t/{short}/export/tournament.json` | [`export_tengen`] | organisers |

use askama::Template;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;

use super::AppState;
use super::access::authorise;
use super::auth::SignedIn;
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::i18n::Lang;
use super::page::{Ctx, Layout, render, render_invalid};
use super::urls;
use crate::core::access::Action;
use crate::core::formats::archive::ArchiveError;
use crate::core::formats::h9_read::H9Problem;
use crate::core::formats::macmahon::{MacMahonProblem, Unread};
use crate::core::formats::opengotha;
use crate::core::formats::{Foreign, macmahon};
use crate::desk::imports::{self, ImportProblem};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/import",
            get(show_import).post(import_tournament),
        )
        .layer(DefaultBodyLimit::max(super::security::IMPORT_MAX))
        .route("/t/{short}/export/opengotha.xml", get(export_opengotha))
        .route("/t/{short}/export/macmahon.xml", get(export_macmahon))
        .route("/t/{short}/export/tournament.json", get(export_tengen))
}

#[derive(Template)]
#[template(path = "tournaments/import.html")]
struct ImportPage {
    layout: Layout,
    error: String,
    /// One message per malformed line (an h9 file names them all).
    problems: Vec<String>,
    time_zone: String,
}

/// An import that went through with things of the file not carried over.
#[derive(Template)]
#[template(path = "tournaments/imported.html")]
struct ImportedPage {
    layout: Layout,
    done: String,
    unread: Vec<String>,
    link: String,
}

fn may_organise(ctx: &Ctx) -> WebResult<()> {
    match &ctx.user {
        Some(u) if u.may_create_tournament() => Ok(()),
        _ => Err(WebError::Forbidden),
    }
}

async fn show_import(SignedIn(_): SignedIn, ctx: Ctx) -> WebResult<Html<String>> {
    may_organise(&ctx)?;
    render(&ImportPage {
        layout: Layout::new(&ctx, "import.title"),
        error: String::new(),
        problems: Vec::new(),
        // Empty: the import takes it from the file (see `imports::import_tournament`).
        time_zone: String::new(),
    })
}

/// Creates a tournament from an OpenGotha, MacMahon, h9 or Tengen file:
/// everything or, on any problem, nothing, with the file's lines named.
/// What the file holds that Tengen has no place for is listed on a page
/// of its own before the tournament.
async fn import_tournament(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    mut multipart: Multipart,
) -> WebResult<Response> {
    may_organise(&ctx)?;
    let mut file = Vec::new();
    let mut time_zone = String::new();
    let mut short_name = String::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| WebError::BadUpload)?
    {
        match field.name() {
            Some("file") => {
                file = field
                    .bytes()
                    .await
                    .map_err(|_| WebError::BadUpload)?
                    .to_vec()
            }
            Some("time_zone") => time_zone = field.text().await.map_err(|_| WebError::BadUpload)?,
            Some("short_name") => {
                short_name = field.text().await.map_err(|_| WebError::BadUpload)?
            }
            _ => {}
        }
    }
    let refuse = |error: String, problems: Vec<String>, time_zone: &str| -> WebResult<Response> {
        let page = ImportPage {
            layout: Layout::new(&ctx, "import.title"),
            error,
            problems,
            time_zone: time_zone.to_string(),
        };
        Ok(render_invalid(&page)?.into_response())
    };
    let created = match imports::import_tournament(
        &app.store,
        app.config.limits,
        me.account_id,
        file,
        Some(&short_name),
        time_zone.trim(),
    )
    .await?
    {
        Ok(created) => created,
        Err(problem) => {
            let lang = ctx.lang;
            let at_line = |line: usize, text: String| {
                lang.tf(
                    "import.problem_at_line",
                    &[("line", line.to_string()), ("problem", text)],
                )
            };
            let (message, problems) = match &problem {
                ImportProblem::BadFile { line, problem } => (
                    lang.t("import.error_lines"),
                    vec![at_line(*line, opengotha_message(lang, problem))],
                ),
                ImportProblem::BadH9(errors) => (
                    lang.t("import.error_lines"),
                    errors
                        .iter()
                        .map(|e| at_line(e.line, h9_message(lang, &e.problem)))
                        .collect(),
                ),
                ImportProblem::BadMacMahon(e) => (
                    lang.t("import.error_lines"),
                    vec![at_line(e.line, macmahon_message(lang, &e.problem))],
                ),
                ImportProblem::NotATournament(foreign) => {
                    (not_a_tournament(lang, foreign), Vec::new())
                }
                ImportProblem::NoPlayers => (lang.t("import.no_players"), Vec::new()),
                ImportProblem::BadShortName => (lang.t("import.error_short_name"), Vec::new()),
                ImportProblem::ShortNameTaken => {
                    (lang.t("import.error_short_name_taken"), Vec::new())
                }
                ImportProblem::BadTimeZone => (lang.t("tournament.error.time_zone"), Vec::new()),
                ImportProblem::Settings(problems) => (
                    lang.t("import.error_settings"),
                    problems
                        .iter()
                        .map(|p| super::refusals::field_text(lang, p))
                        .collect(),
                ),
                ImportProblem::BadArchive(e) => (archive_message(lang, e), Vec::new()),
                ImportProblem::Inconsistent(e) => {
                    let (key, args) = super::error::discipline_message(e);
                    let args: Vec<(&str, String)> = args.into_iter().collect();
                    let detail = lang.tf(key, &args);
                    (
                        lang.tf("import.tengen.inconsistent", &[("detail", detail)]),
                        Vec::new(),
                    )
                }
            };
            return refuse(message, problems, &time_zone);
        }
    };
    let state = super::view::load(&app, created.row.tournament_id).await?;
    let (players, rounds) = (state.players().len(), state.settings().number_of_rounds);
    let link = urls::tournament(&created.row.short_name);
    if !created.unread.is_empty() {
        let page = ImportedPage {
            layout: Layout::new(&ctx, "import.title"),
            done: ctx.lang.tf(
                "import.done.title",
                &[
                    ("players", players.to_string()),
                    ("rounds", rounds.to_string()),
                ],
            ),
            unread: created
                .unread
                .iter()
                .map(|u| unread_message(ctx.lang, u))
                .collect(),
            link,
        };
        return Ok(render(&page)?.into_response());
    }
    Ok((
        Flash::new("notice.imported")
            .arg("players", players)
            .arg("rounds", rounds),
        Redirect::to(&link),
    )
        .into_response())
}

/// What a file of no program Tengen reads looks like, and what Tengen reads.
fn not_a_tournament(lang: Lang, foreign: &Foreign) -> String {
    match foreign {
        Foreign::Xml(element) => {
            lang.tf("import.not_tournament.xml", &[("element", element.clone())])
        }
        Foreign::Html => lang.t("import.not_tournament.html"),
        Foreign::Sgf => lang.t("import.not_tournament.sgf"),
        Foreign::Pdf => lang.t("import.not_tournament.pdf"),
        Foreign::Zip => lang.t("import.not_tournament.zip"),
        Foreign::Binary => lang.t("import.not_tournament.binary"),
    }
}

/// What of a MacMahon file its tournament does not hold, in `lang`; the
/// CLI says it in English.
pub(crate) fn unread_message(lang: Lang, unread: &Unread) -> String {
    let n = |v: usize| v.to_string();
    let args: Vec<(&str, String)> = match unread {
        Unread::Setting(element) => vec![(
            "setting",
            lang.t(&format!("import.macmahon.setting.{element}")),
        )],
        Unread::Criterion(name) => vec![("name", name.clone())],
        Unread::BelowThirtyKyu(count)
        | Unread::TenPro(count)
        | Unread::Jokers(count)
        | Unread::ResultPoints(count)
        | Unread::UnwantedPairings(count) => vec![("n", n(*count))],
        Unread::Adjustment { player, quarters } => vec![
            ("player", player.clone()),
            // Quarter points are exact in binary: 1.5, 0.25.
            ("points", {
                let points = (f64::from(*quarters) / 4.0).to_string();
                match lang {
                    Lang::En => points,
                    Lang::Ru | Lang::Uk => points.replace('.', ","),
                }
            }),
            ("rounded", (quarters / 4).to_string()),
        ],
    };
    lang.tf(unread.key(), &args)
}

/// Why a file in Tengen's format was not read, in the reader's language.
fn archive_message(lang: Lang, e: &ArchiveError) -> String {
    match e {
        ArchiveError::NotJson(detail) => {
            lang.tf("import.tengen.not_json", &[("detail", detail.clone())])
        }
        ArchiveError::OtherFormat(_) => lang.t("import.tengen.other_format"),
        ArchiveError::LaterVersion(v) => {
            lang.tf("import.tengen.later_version", &[("version", v.to_string())])
        }
    }
}

/// An OpenGotha file's problem in the reader's language.
fn opengotha_message(lang: Lang, problem: &opengotha::Problem) -> String {
    use opengotha::Problem;
    match problem {
        Problem::UnknownEncoding(label) => {
            lang.tf("import.og.unknown_encoding", &[("encoding", label.clone())])
        }
        Problem::WrongEncoding(encoding) => lang.tf(
            "import.og.wrong_encoding",
            &[("encoding", (*encoding).to_owned())],
        ),
        Problem::NotXml(detail) => lang.tf("import.og.not_xml", &[("detail", detail.clone())]),
        Problem::Truncated(element) => {
            lang.tf("import.og.truncated", &[("element", element.clone())])
        }
        Problem::NoTournament => lang.t("import.og.no_tournament"),
        Problem::NoSections => lang.t("import.og.no_sections"),
        Problem::TooDeep(depth) => lang.tf("import.too_deep", &[("depth", depth.to_string())]),
        Problem::TooManyElements(n) => lang.tf("import.too_many_elements", &[("n", n.to_string())]),
        Problem::Foreign { element, count } => lang.tf(
            "import.og.foreign",
            &[("element", element.clone()), ("n", count.to_string())],
        ),
        Problem::WrongRoot(element) => {
            lang.tf("import.og.wrong_root", &[("element", element.clone())])
        }
        Problem::BadAttribute { element, detail } => lang.tf(
            "import.og.bad_attribute",
            &[("element", element.clone()), ("detail", detail.clone())],
        ),
        Problem::MissingAttribute { element, attribute } => lang.tf(
            "import.og.missing_attribute",
            &[
                ("element", element.clone()),
                ("attribute", attribute.clone()),
            ],
        ),
        Problem::BadValue {
            element,
            attribute,
            value,
        } => lang.tf(
            "import.og.bad_value",
            &[
                ("element", element.clone()),
                ("attribute", attribute.clone()),
                ("value", value.clone()),
            ],
        ),
        Problem::UnknownPlayer(key) => lang.tf("import.og.unknown_player", &[("key", key.clone())]),
        Problem::Refused(e) => lang.t(super::error::domain_message_key(e)),
    }
}

/// An h9 line's problem in the reader's language.
fn h9_message(lang: Lang, problem: &H9Problem) -> String {
    let n = |v: &dyn ToString| v.to_string();
    match problem {
        H9Problem::NotText { encoding } => {
            lang.tf("import.h9.not_text", &[("encoding", encoding.clone())])
        }
        H9Problem::NoPlayers => lang.t("import.h9.no_players"),
        H9Problem::NoRounds => lang.t("import.h9.no_rounds"),
        H9Problem::TooManyRounds { found, max } => lang.tf(
            "import.h9.too_many_rounds",
            &[("found", n(found)), ("max", n(max))],
        ),
        H9Problem::NoRank => lang.t("import.h9.no_rank"),
        H9Problem::NoName => lang.t("import.h9.no_name"),
        H9Problem::FewerEntries { found, expected } => lang.tf(
            "import.h9.fewer_entries",
            &[("found", n(found)), ("expected", n(expected))],
        ),
        H9Problem::MoreEntries { found, expected } => lang.tf(
            "import.h9.more_entries",
            &[("found", n(found)), ("expected", n(expected))],
        ),
        H9Problem::BadResult { round, token } => lang.tf(
            "import.h9.bad_result",
            &[("round", n(round)), ("token", token.clone())],
        ),
        H9Problem::BadCriterion { token } => {
            lang.tf("import.h9.bad_criterion", &[("token", token.clone())])
        }
        H9Problem::UnknownOpponent {
            round,
            opponent,
            players,
        } => lang.tf(
            "import.h9.unknown_opponent",
            &[
                ("round", n(round)),
                ("opponent", n(opponent)),
                ("players", n(players)),
            ],
        ),
        H9Problem::OwnOpponent { round } => {
            lang.tf("import.h9.own_opponent", &[("round", n(round))])
        }
        H9Problem::SidesDisagree { round, other_line } => lang.tf(
            "import.h9.sides_disagree",
            &[("round", n(round)), ("other", n(other_line))],
        ),
        H9Problem::BadTag { tag, value } => lang.tf(
            "import.h9.bad_tag",
            &[("tag", tag.clone()), ("value", value.clone())],
        ),
    }
}

/// A MacMahon file's problem in the reader's language.
fn macmahon_message(lang: Lang, problem: &MacMahonProblem) -> String {
    let n = |v: &dyn ToString| v.to_string();
    match problem {
        MacMahonProblem::Xml(detail) => {
            lang.tf("import.macmahon.xml", &[("detail", detail.clone())])
        }
        MacMahonProblem::TooDeep(depth) => {
            lang.tf("import.too_deep", &[("depth", depth.to_string())])
        }
        MacMahonProblem::TooManyElements(n) => {
            lang.tf("import.too_many_elements", &[("n", n.to_string())])
        }
        MacMahonProblem::Foreign { element, count } => lang.tf(
            "import.macmahon.foreign",
            &[("element", element.clone()), ("n", count.to_string())],
        ),
        MacMahonProblem::NotMacMahon(element) => lang.tf(
            "import.macmahon.not_macmahon",
            &[("element", element.clone())],
        ),
        MacMahonProblem::Missing(element) => {
            lang.tf("import.macmahon.missing", &[("element", element.clone())])
        }
        MacMahonProblem::BadValue { element, value } => lang.tf(
            "import.macmahon.bad_value",
            &[("element", element.clone()), ("value", value.clone())],
        ),
        MacMahonProblem::DuplicatePlayer(id) => {
            lang.tf("import.macmahon.duplicate_player", &[("id", id.clone())])
        }
        MacMahonProblem::UnknownPlayer(id) => {
            lang.tf("import.macmahon.unknown_player", &[("id", id.clone())])
        }
        MacMahonProblem::RoundOutOfRange { round, rounds } => lang.tf(
            "import.macmahon.round_out_of_range",
            &[("round", n(round)), ("rounds", n(rounds))],
        ),
        MacMahonProblem::RoundCount { found, max } => lang.tf(
            "import.macmahon.round_count",
            &[("found", n(found)), ("max", n(max))],
        ),
        MacMahonProblem::SelfPairing => lang.t("import.macmahon.self_pairing"),
        MacMahonProblem::PairedTwice { round } => {
            lang.tf("import.macmahon.paired_twice", &[("round", n(round))])
        }
    }
}

/// The tournament as an OpenGotha file, to open in OpenGotha or keep as a backup.
async fn export_opengotha(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    // Federations rate the results as they stand after sanctions and appeals.
    let state = super::view::view(&app, access.tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let disposition = format!(
        "attachment; filename=\"{}.xml\"",
        access.tournament.short_name
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/xml; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        opengotha::export(&state),
    )
        .into_response())
}

/// The tournament as a MacMahon 3.10 file, to go back to MacMahon or
/// AutoKorsak mid-event: results as they stand after sanctions and appeals,
/// dated by the hall's clock.
async fn export_macmahon(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    let state = super::view::view(&app, access.tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let zone =
        jiff::tz::TimeZone::get(&access.tournament.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    let saved = jiff::Timestamp::now().to_zoned(zone).datetime();
    let disposition = format!(
        "attachment; filename=\"{}.macmahon.xml\"",
        access.tournament.short_name
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/xml; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        macmahon::export(&state, saved),
    )
        .into_response())
}

/// The whole tournament in Tengen's own format, sanctions, appeals, staff
/// and audit log included, for another Tengen server to import.
async fn export_tengen(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::EditSettings).await?;
    let archive = app.desk.export(access.tournament.tournament_id).await?;
    let disposition = format!(
        "attachment; filename=\"{}.tengen.json\"",
        access.tournament.short_name
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/json; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        archive.write(),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_macmahon_setting_not_carried_over_is_worded_in_every_language() {
        for element in macmahon::SETTINGS {
            for lang in [Lang::En, Lang::Ru, Lang::Uk] {
                let key = format!("import.macmahon.setting.{element}");
                assert_ne!(lang.t(&key), key, "{lang:?}");
            }
        }
    }
}
