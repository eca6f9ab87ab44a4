//! Registration: the organisers' player list and form, and players'
//! self-registration while it is open.
//!
//! | route | handler | who |
//! |---|---|---|
//! | `GET /t/{short}/players` | [`list_players`] | everyone (actions for organisers) |
//! | `GET /t/{short}/players/{no}/games` | [`show_player`] | everyone: the player's games in published rounds |
//! | `GET /t/{short}/players/new`, `POST /t/{short}/players` | [`new_player`], [`add_player`] | organisers |
//! | `GET /t/{short}/players/{no}/edit`, `POST /t/{short}/players/{no}` | [`edit_player`], [`update_player`] | organisers |
//! | `POST /t/{short}/players/import` | [`import_players`] | organisers: CSV or vbar file, all or nothing |
//! | `GET /t/{short}/players/ratings`, `POST` | [`preview_ratings`], [`update_ratings`] | organisers, before round 1 is paired: ratings from the newest rating list |
//! | `GET /t/{short}/players.csv` | [`export_players`] | organisers |
//! | `POST /t/{short}/players/{no}/confirm` | [`confirm_player`] | organisers |
//! | `GET /t/{short}/players/{no}/delete`, `POST` | [`confirm_delete`], [`delete_player`] | organisers |
//! | `GET /t/{short}/players/{no}/withdraw`, `POST` | [`confirm_withdraw`], [`withdraw_player`] | organisers: leaves from the next round to pair (a discipline-log act) |
//! | `GET /t/{short}/register`, `POST` | [`show_registration`], [`register`] | everyone, while open |
//! | `GET /t/{short}/registered/{no}` | [`show_registered`] | everyone |

use std::collections::HashMap;
use std::str::FromStr;

use askama::Template;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
// Repeated fields (the participation boxes) need serde_html_form's decoder.
use axum_extra::extract::Form;
use sha2::{Digest, Sha256};

use super::AppState;
use super::access::{Access, authorise, viewable};
use super::auth::SignedIn;
use super::change::{json, mutate, mutate_with_book};
use super::encodings::{EncodingOption, chosen_encoding, encoding_options, text_error};
use super::error::{WebError, WebResult};
use super::flash::Flash;
use super::page::{ConfirmPage, Ctx, FieldErrors, Layout, render, render_invalid};
use super::urls;
use crate::core::access::{self, Action};
use crate::core::discipline::Act;
use crate::core::formats::csv::FileError;
use crate::core::formats::rating_list::MatchedBy;
use crate::core::pairing::numbers;
use crate::core::settings::PreliminaryListing;
use crate::core::{
    Participation, Player, PlayerId, Rank, Rating, Registration, RoundNo, Tournament,
};
use crate::store::tournaments::{self, TournamentRow};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{short}/players", get(list_players).post(add_player))
        .route("/t/{short}/players/new", get(new_player))
        .route("/t/{short}/players/import", post(import_players))
        .route(
            "/t/{short}/players/ratings",
            get(preview_ratings).post(update_ratings),
        )
        .route("/t/{short}/players.csv", get(export_players))
        .route("/t/{short}/players/{no}/games", get(show_player))
        .route("/t/{short}/players/{no}", post(update_player))
        .route("/t/{short}/players/{no}/edit", get(edit_player))
        .route("/t/{short}/players/{no}/confirm", post(confirm_player))
        .route(
            "/t/{short}/players/{no}/delete",
            get(confirm_delete).post(delete_player),
        )
        .route(
            "/t/{short}/players/{no}/withdraw",
            get(confirm_withdraw).post(withdraw_player),
        )
        .route("/t/{short}/register", get(show_registration).post(register))
        .route("/t/{short}/registered/{no}", get(show_registered))
}

/// A player as the list shows them.
pub struct PlayerLine {
    pub no: u32,
    pub name: String,
    pub first_name: String,
    pub rank: String,
    pub rating: i32,
    /// The rating list and date the rating comes from ("EGD 2018-02-22"), or "".
    pub rating_source: String,
    pub club: String,
    pub country: String,
    pub is_final: bool,
    /// Rounds the player sits out, e.g. "2, 5".
    pub absent: String,
    /// Draw number, in systems that pair on them.
    pub draw: Option<u32>,
    /// "possibly the same person as …", for organisers; "" when nobody is.
    pub duplicate_of: String,
}

impl PlayerLine {
    fn of(p: &Player, rounds: u32) -> Self {
        let absent: Vec<String> = (1..=rounds)
            .filter_map(RoundNo::new)
            .filter(|r| !p.participation.plays(*r))
            .map(|r| r.get().to_string())
            .collect();
        PlayerLine {
            no: p.id.0,
            name: p.name.clone(),
            first_name: p.first_name.clone(),
            rank: p.rank.to_string(),
            rating: p.rating.gor(),
            rating_source: source_text(p),
            club: p.club.clone(),
            country: p.country.clone(),
            is_final: p.registration == Registration::Final,
            absent: absent.join(", "),
            draw: None,
            duplicate_of: String::new(),
        }
    }
}

/// "EGD 2018-02-22" for a rating from a list, "" for any other.
fn source_text(p: &Player) -> String {
    p.rating_source.map(|s| s.to_string()).unwrap_or_default()
}

/// The players list by name, with the draw numbers where the system pairs on them.
fn player_lines(state: &Tournament) -> Vec<PlayerLine> {
    let rounds = state.settings().number_of_rounds;
    let numbers: HashMap<PlayerId, u32> = if numbers::pairs_on_numbers(state.settings().system) {
        numbers::numbered(state)
            .iter()
            .zip(1..)
            .map(|(p, n)| (p.id, n))
            .collect()
    } else {
        HashMap::new()
    };
    let mut players: Vec<PlayerLine> = state
        .players()
        .iter()
        .map(|p| PlayerLine {
            draw: numbers.get(&p.id).copied(),
            ..PlayerLine::of(p, rounds)
        })
        .collect();
    players.sort_by(|a, b| (&a.name, &a.first_name).cmp(&(&b.name, &b.first_name)));
    players
}

#[derive(Template)]
#[template(path = "players/index.html")]
struct PlayersPage {
    layout: Layout,
    tournament: TournamentRow,
    players: Vec<PlayerLine>,
    /// Registrations not yet confirmed, listed apart for visitors (staff
    /// see them in `players`, marked).
    preliminary: Vec<PlayerLine>,
    /// Whether the system pairs on draw numbers, which the list then shows.
    numbered: bool,
    can_manage: bool,
    /// Round 1 is not paired yet, so ratings may still be refreshed from a list.
    ratings_open: bool,
    encodings: Vec<EncodingOption>,
    /// Why an uploaded player list was refused, line by line.
    import_errors: Vec<String>,
}

async fn list_players(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let (tournament, roles) = viewable(&app, &ctx, &short).await?;
    let is_admin = ctx.is_admin();
    let state = super::view::view(&app, tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let can_manage = access::may(&roles, is_admin, Action::ManagePlayers);
    let mut players = player_lines(&state);
    let mut preliminary = Vec::new();
    if can_manage {
        for line in &mut players {
            let names = state
                .player(PlayerId(line.no))
                .map(|p| likely_duplicates(&state, p).join(", "))
                .unwrap_or_default();
            if !names.is_empty() {
                line.duplicate_of = ctx
                    .lang
                    .tf("player.possible_duplicate", &[("names", names)]);
            }
        }
    } else if !ctx.is_staff(&roles) {
        let (finals, others) = players.into_iter().partition(|p| p.is_final);
        players = finals;
        if state.settings().preliminary_players == PreliminaryListing::Apart {
            preliminary = others;
        }
    }
    render(&PlayersPage {
        layout: Layout::titled(&ctx, &tournament.name),
        can_manage,
        tournament,
        players,
        preliminary,
        numbered: numbers::pairs_on_numbers(state.settings().system),
        ratings_open: !state.is_paired(RoundNo::FIRST),
        encodings: encoding_options(ctx.lang, ""),
        import_errors: Vec::new(),
    })
}

/// The player form as typed.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct PlayerForm {
    pub name: String,
    pub first_name: String,
    pub rank: String,
    pub rating: String,
    pub country: String,
    pub club: String,
    pub egf_pin: String,
    pub smms_correction: String,
    /// Draw number for round robin, knockout and RFG Swiss; empty for none.
    pub draw_number: String,
    pub is_final: Option<String>,
    /// Rounds ticked as played, as "1", "2", … (repeated field `round`).
    #[serde(default)]
    pub round: Vec<String>,
    /// Fingerprint of the player as the form was loaded: a changed player refuses the edit.
    pub digest: String,
    pub email: String,
    /// "It is a different person" on the duplicate warning.
    pub confirm_duplicate: Option<String>,
}

fn digest(player: &Player) -> String {
    let bytes = serde_json::to_vec(player).unwrap_or_default();
    hex::encode(&Sha256::digest(bytes)[..12])
}

impl PlayerForm {
    fn of(player: &Player, rounds: u32) -> Self {
        PlayerForm {
            name: player.name.clone(),
            first_name: player.first_name.clone(),
            rank: player.rank.to_string(),
            rating: player.rating.gor().to_string(),
            country: player.country.clone(),
            club: player.club.clone(),
            egf_pin: player.egf_pin.clone(),
            smms_correction: player.smms_correction.to_string(),
            draw_number: player
                .draw_number
                .map(|n| n.to_string())
                .unwrap_or_default(),
            is_final: (player.registration == Registration::Final).then(|| "on".into()),
            round: (1..=rounds)
                .filter_map(RoundNo::new)
                .filter(|r| player.participation.plays(*r))
                .map(|r| r.get().to_string())
                .collect(),
            digest: digest(player),
            email: String::new(),
            confirm_duplicate: None,
        }
    }

    fn blank(rounds: u32) -> Self {
        PlayerForm {
            smms_correction: "0".into(),
            is_final: Some("on".into()),
            round: (1..=rounds).map(|r| r.to_string()).collect(),
            ..PlayerForm::default()
        }
    }

    fn plays(&self, round: &u32) -> bool {
        self.round.iter().any(|r| r == &round.to_string())
    }

    /// Checks the fields and builds the player (`id` is kept for edits);
    /// `others` are the players registered, whose draw numbers are taken.
    fn validate(
        &self,
        ctx: &Ctx,
        id: PlayerId,
        (rounds, others): (u32, &[Player]),
        self_registration: bool,
    ) -> Result<Player, FieldErrors> {
        let mut errors = FieldErrors::default();
        let t = |key: &str| ctx.lang.t(key);
        let name = self.name.trim();
        if name.is_empty() {
            errors.add("name", t("form.required"));
        }
        for (field, max) in overlong(&[
            ("name", &self.name),
            ("first_name", &self.first_name),
            ("club", &self.club),
            ("egf_pin", &self.egf_pin),
            ("email", &self.email),
        ]) {
            errors.add(field, ctx.lang.plural("form.too_long", max as u64));
        }
        let rank = Rank::from_str(self.rank.trim());
        if rank.is_err() {
            errors.add("rank", t("form.bad_rank"));
        }
        let rating = match self.rating.trim() {
            "" => None,
            text => match text.parse::<i32>() {
                Ok(r) if (Rating::MIN..=Rating::MAX).contains(&r) => Some(Rating::new(r)),
                _ => {
                    errors.add(
                        "rating",
                        format!(
                            "{} {}–{}",
                            t("form.number_between"),
                            Rating::MIN,
                            Rating::MAX
                        ),
                    );
                    None
                }
            },
        };
        let country = self.country.trim().to_uppercase();
        if !(country.is_empty()
            || (country.len() == 2 && country.chars().all(|c| c.is_ascii_alphabetic())))
        {
            errors.add("country", t("player.error.country"));
        }
        let correction = match self.smms_correction.trim() {
            "" => 0,
            text => text
                .parse::<i32>()
                .ok()
                .filter(|c| (-5..=5).contains(c))
                .unwrap_or_else(|| {
                    errors.add(
                        "smms_correction",
                        format!("{} -5–5", t("form.number_between")),
                    );
                    0
                }),
        };
        let draw_number = match self.draw_number.trim() {
            "" => None,
            _ if self_registration => None,
            text => text
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=9999).contains(n))
                .or_else(|| {
                    errors.add(
                        "draw_number",
                        format!("{} 1–9999", t("form.number_between")),
                    );
                    None
                }),
        };
        if draw_number.is_some()
            && others
                .iter()
                .any(|p| p.id != id && p.draw_number == draw_number)
        {
            errors.add("draw_number", t("player.error.draw_number_taken"));
        }
        let email = self.email.trim();
        if self_registration && !email.is_empty() && !email.contains('@') {
            errors.add("email", t("player.error.email"));
        }
        let (Ok(rank), true) = (rank, errors.is_empty()) else {
            return Err(errors);
        };
        let mut player = Player::new(id, name, self.first_name.trim(), rank);
        player.rating = rating.unwrap_or_else(|| Rating::of_rank(rank));
        player.rating_origin = if rating.is_some() {
            "MAN".into()
        } else {
            "INI".into()
        };
        player.country = country;
        player.club = self.club.trim().to_string();
        player.egf_pin = self.egf_pin.trim().to_string();
        player.smms_correction = correction;
        player.draw_number = draw_number;
        player.grade = rank.to_string();
        player.registration = if self_registration || self.is_final.is_none() {
            Registration::Preliminary
        } else {
            Registration::Final
        };
        if !self_registration {
            player.participation = (1..=rounds)
                .filter_map(RoundNo::new)
                .fold(Participation::ALL, |p, r| p.with(r, self.plays(&r.get())));
        }
        Ok(player)
    }
}

/// The longest text each field of a player takes: names and clubs longer
/// than any real one only widen every list they appear in (a 300-character
/// name made a phone page 5,327 px wide). EGF pins have 8 digits; RFC 5321
/// allows 254 characters of e-mail address.
const MAX_LENGTHS: [(&str, usize); 5] = [
    ("name", 60),
    ("first_name", 60),
    ("club", 60),
    ("egf_pin", 16),
    ("email", 254),
];

/// The fields, of (name, text as typed), longer than their limit, with it:
/// the one check of the player form, self-registration and the API.
pub(super) fn overlong(fields: &[(&'static str, &str)]) -> Vec<(&'static str, usize)> {
    fields
        .iter()
        .filter_map(|(field, text)| {
            let max = MAX_LENGTHS.iter().find(|(f, _)| f == field)?.1;
            (text.trim().chars().count() > max).then_some((*field, max))
        })
        .collect()
}

/// A registration with the same name and first name, written the same way
/// but for case and spacing: the same form sent twice.
fn same_registration<'t>(state: &'t Tournament, player: &Player) -> Option<&'t Player> {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let (name, first) = (norm(&player.name), norm(&player.first_name));
    state
        .players()
        .iter()
        .find(|p| norm(&p.name) == name && norm(&p.first_name) == first)
}

/// Names already registered that look like this one, for a warning:
/// the same EGF pin, or the same name and first name once case and accents
/// are folded (`Ivanova Anna`, `IVANOVA Anna`), or the two swapped.
fn likely_duplicates(state: &Tournament, player: &Player) -> Vec<String> {
    let fold = crate::core::fold::fold;
    let (name, first) = (fold(&player.name), fold(&player.first_name));
    state
        .players()
        .iter()
        .filter(|p| p.id != player.id)
        .filter(|p| {
            let same_pin = !player.egf_pin.is_empty() && p.egf_pin == player.egf_pin;
            let same_name = fold(&p.name) == name && fold(&p.first_name) == first;
            let swapped = fold(&p.name) == first && fold(&p.first_name) == name;
            same_pin || same_name || swapped
        })
        .map(|p| p.full_name())
        .collect()
}

#[derive(Template)]
#[template(path = "players/form.html")]
struct PlayerFormPage {
    layout: Layout,
    tournament: TournamentRow,
    form: PlayerForm,
    errors: FieldErrors,
    rounds: Vec<u32>,
    /// The player's number when editing.
    editing: Option<u32>,
    /// Deleting the registration would be taken (see [`may_delete`]).
    deletable: bool,
    duplicates: Vec<String>,
    /// The rating-list search typed, and its matches.
    lookup: String,
    lookups: Vec<LookupLine>,
    /// Where the player's rating comes from ("EGD 2018-02-22"), or "".
    rating_source: String,
}

/// What the new-player page can be opened with: a rating-list search, or
/// the values of a chosen rating-list entry.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct NewPlayerQuery {
    lookup: String,
    name: String,
    first_name: String,
    rank: String,
    rating: String,
    club: String,
    country: String,
    egf_pin: String,
}

/// A rating-list match with the link that fills the form with it.
pub struct LookupLine {
    pub label: String,
    pub href: String,
}

async fn new_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Query(query): Query<NewPlayerQuery>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let state = super::view::load(&app, tournament.tournament_id).await?;
    let rounds = state.settings().number_of_rounds;
    let lookups = super::rating_cache::suggestions(&app, &query.lookup)
        .await?
        .into_iter()
        .map(|p| {
            let href = form_urlencoded::Serializer::new(String::new())
                .append_pair("name", &p.name)
                .append_pair("first_name", &p.first_name)
                .append_pair("rank", &p.rank)
                .append_pair("rating", &p.rating.to_string())
                .append_pair("club", &p.club)
                .append_pair("country", &p.country)
                .append_pair("egf_pin", &p.egf_pin)
                .finish();
            LookupLine {
                label: format!(
                    "{} {} · {} · {} {} · {}",
                    p.name, p.first_name, p.rank, p.club, p.country, p.egf_pin
                ),
                href: format!("{}/new?{href}", urls::players(&tournament.short_name)),
            }
        })
        .collect();
    let form = PlayerForm {
        name: query.name,
        first_name: query.first_name,
        rank: query.rank,
        rating: query.rating,
        club: query.club,
        country: query.country,
        egf_pin: query.egf_pin,
        ..PlayerForm::blank(rounds)
    };
    render(&PlayerFormPage {
        layout: Layout::new(&ctx, "player.new.title"),
        tournament,
        form,
        errors: FieldErrors::default(),
        rounds: (1..=rounds).collect(),
        editing: None,
        deletable: false,
        duplicates: Vec::new(),
        lookup: query.lookup,
        lookups,
        rating_source: String::new(),
    })
}

/// Adds a player; a likely duplicate is shown once for confirmation.
async fn add_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let state = super::view::load(&app, access.tournament.tournament_id).await?;
    let rounds = state.settings().number_of_rounds;
    let page = |errors, duplicates| PlayerFormPage {
        layout: Layout::new(&ctx, "player.new.title"),
        tournament: access.tournament.clone(),
        form: form.clone(),
        errors,
        rounds: (1..=rounds).collect(),
        editing: None,
        deletable: false,
        duplicates,
        lookup: String::new(),
        lookups: Vec::new(),
        rating_source: String::new(),
    };
    let mut player = match form.validate(&ctx, PlayerId(0), (rounds, state.players()), false) {
        Ok(player) => player,
        Err(errors) => return Ok(render_invalid(&page(errors, Vec::new()))?.into_response()),
    };
    stamp(&app, &mut player).await?;
    let duplicates = likely_duplicates(&state, &player);
    if !duplicates.is_empty() && form.confirm_duplicate.is_none() {
        return Ok(render_invalid(&page(FieldErrors::default(), duplicates))?.into_response());
    }
    let name = player.full_name();
    mutate(&app, &access, "player.add", |t| {
        let id = t.register(player);
        let after = json(t.player(id).expect("just registered"))?;
        Ok(((), None, Some(after)))
    })
    .await?;
    Ok((
        Flash::new("notice.player_saved").arg("name", name),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    )
        .into_response())
}

async fn edit_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let view = super::view::view(&app, tournament.tournament_id).await?;
    let deletable = may_delete(&view, no).is_ok();
    let state = view.entered;
    let player = state.player(PlayerId(no)).ok_or(WebError::NotFound)?;
    let rounds = state.settings().number_of_rounds;
    render(&PlayerFormPage {
        layout: Layout::titled(&ctx, &player.full_name()),
        form: PlayerForm::of(player, rounds),
        tournament,
        errors: FieldErrors::default(),
        rounds: (1..=rounds).collect(),
        editing: Some(no),
        deletable,
        duplicates: Vec::new(),
        lookup: String::new(),
        lookups: Vec::new(),
        rating_source: source_text(player),
    })
}

async fn update_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let id = PlayerId(no);
    let state = super::view::load(&app, access.tournament.tournament_id).await?;
    let rounds = state.settings().number_of_rounds;
    let mut player = match form.validate(&ctx, id, (rounds, state.players()), false) {
        Ok(player) => player,
        Err(errors) => {
            let page = PlayerFormPage {
                layout: Layout::titled(&ctx, &access.tournament.name),
                tournament: access.tournament.clone(),
                form,
                errors,
                rounds: (1..=rounds).collect(),
                editing: Some(no),
                deletable: false,
                duplicates: Vec::new(),
                lookup: String::new(),
                lookups: Vec::new(),
                rating_source: state.player(id).map(source_text).unwrap_or_default(),
            };
            return Ok(render_invalid(&page)?.into_response());
        }
    };
    if let Some(before) = state.player(id) {
        // The licence is not on the form: the list may give one only where there is none.
        player.ffg_licence.clone_from(&before.ffg_licence);
        player
            .ffg_licence_status
            .clone_from(&before.ffg_licence_status);
    }
    stamp(&app, &mut player).await?;
    let name = player.full_name();
    mutate(&app, &access, "player.edit", |t| {
        let before = t.player(id).ok_or(WebError::NotFound)?.clone();
        if digest(&before) != form.digest {
            return Err(WebError::StaleForm);
        }
        // Fields the form does not show (birth year…) stay as they were; a
        // rating left as it was keeps where it came from.
        let same_rating = player.rating == before.rating;
        let updated = Player {
            aga_id: before.aga_id.clone(),
            aga_expiration_date: before.aga_expiration_date.clone(),
            birth_year: before.birth_year,
            gender: before.gender,
            rating_origin: if same_rating {
                before.rating_origin.clone()
            } else {
                player.rating_origin.clone()
            },
            rating_source: if same_rating {
                before.rating_source
            } else {
                player.rating_source
            },
            ..player
        };
        t.update_player(updated)?;
        let after = json(t.player(id).expect("just updated"))?;
        Ok(((), Some(json(&before)?), Some(after)))
    })
    .await?;
    Ok((
        Flash::new("notice.player_saved").arg("name", name),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    )
        .into_response())
}

async fn confirm_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let name = mutate(&app, &access, "player.confirm", |t| {
        let before = t.player(PlayerId(no)).ok_or(WebError::NotFound)?.clone();
        let after = Player {
            registration: Registration::Final,
            ..before.clone()
        };
        t.update_player(after.clone())?;
        Ok((after.full_name(), Some(json(&before)?), Some(json(&after)?)))
    })
    .await?;
    Ok((
        Flash::new("notice.player_confirmed").arg("name", name),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    ))
}

/// Asks before [`delete_player`]: a registration, once deleted, is gone.
/// A deletion the step would refuse is refused here, before the question.
async fn confirm_delete(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let step = PlayerStep {
        title_key: "player.delete",
        question_key: "confirm.delete_player",
        consequence_key: "confirm.irreversible",
        path: "delete",
        cancel: format!("{}/edit", urls::player(&short, no)),
    };
    confirm_player_step(&app, me, &ctx, &short, no, step, |view| {
        may_delete(view, no)
    })
    .await
}

/// Refuses as [`delete_player`] would, changing nothing.
fn may_delete(view: &super::view::View, no: u32) -> WebResult<()> {
    let player = PlayerId(no);
    view.book.clone().forget_player(&view.entered, player)?;
    view.entered.clone().remove_player(player)?;
    Ok(())
}

/// A step on one player that asks first ([`confirm_delete`], [`confirm_withdraw`]).
struct PlayerStep {
    title_key: &'static str,
    question_key: &'static str,
    consequence_key: &'static str,
    /// The step's path under the player, which the form posts to.
    path: &'static str,
    cancel: String,
}

async fn confirm_player_step(
    app: &AppState,
    me: crate::store::accounts::Account,
    ctx: &Ctx,
    short: &str,
    no: u32,
    step: PlayerStep,
    refused: impl FnOnce(&super::view::View) -> WebResult<()>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(app, short, me, Action::ManagePlayers).await?;
    let view = super::view::view(app, tournament.tournament_id).await?;
    let player = view
        .entered
        .player(PlayerId(no))
        .ok_or(WebError::NotFound)?;
    let name = [("name", player.full_name())];
    refused(&view)?;
    render(&ConfirmPage {
        layout: Layout::new(ctx, step.title_key),
        question: ctx.lang.tf(step.question_key, &name),
        consequence: ctx.lang.t(step.consequence_key),
        action: format!("{}/{}", urls::player(&short, no), step.path),
        button: ctx.lang.t(step.title_key),
        cancel: step.cancel,
    })
}

async fn delete_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let name = mutate_with_book(&app, &access, None, "player.delete", |t, book| {
        book.forget_player(t, PlayerId(no))?;
        let removed = t.remove_player(PlayerId(no))?;
        Ok((removed.full_name(), Some(json(&removed)?), None))
    })
    .await?;
    Ok((
        Flash::new("notice.player_deleted").arg("name", name),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    ))
}

#[derive(Template)]
#[template(path = "players/register.html")]
struct RegistrationPage {
    layout: Layout,
    tournament: TournamentRow,
    form: PlayerForm,
    errors: FieldErrors,
}

async fn open_tournament(app: &AppState, ctx: &Ctx, short: &str) -> WebResult<TournamentRow> {
    let (tournament, _) = viewable(app, ctx, short).await?;
    if !tournament.registration_open {
        return Err(WebError::RegistrationClosed);
    }
    Ok(tournament)
}

async fn show_registration(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let tournament = open_tournament(&app, &ctx, &short).await?;
    render(&RegistrationPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        form: PlayerForm::default(),
        errors: FieldErrors::default(),
    })
}

#[derive(Template)]
#[template(path = "players/registered.html")]
struct RegisteredPage {
    layout: Layout,
    tournament: TournamentRow,
    name: String,
}

/// Self-registration: the player arrives as preliminary, for an organiser to confirm.
async fn register(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(short): Path<String>,
    Form(form): Form<PlayerForm>,
) -> WebResult<Response> {
    let tournament = open_tournament(&app, &ctx, &short).await?;
    let player = match form.validate(&ctx, PlayerId(0), (0, &[]), true) {
        Ok(player) => player,
        Err(errors) => {
            let page = RegistrationPage {
                layout: Layout::titled(&ctx, &tournament.name),
                tournament,
                form,
                errors,
            };
            return Ok(render_invalid(&page)?.into_response());
        }
    };
    let id = tournament.tournament_id;
    let mut tx = app.store.begin().await?;
    tournaments::lock(&mut tx, id)
        .await?
        .ok_or(WebError::NotFound)?;
    let mut state = tournaments::load_state(&mut *tx, id)
        .await?
        .ok_or(WebError::NotFound)?;
    // The same name sent again is nearly always the form submitted twice or
    // a player unsure it worked: telling them so beats a second entry the
    // organiser must find and delete. A near match (accents, swapped names)
    // may be another person, so it is accepted and flagged on the list.
    if let Some(existing) = same_registration(&state, &player) {
        let mut errors = FieldErrors::default();
        errors.add(
            "name",
            ctx.lang.tf(
                "register.already_registered",
                &[("player", existing.full_name())],
            ),
        );
        let page = RegistrationPage {
            layout: Layout::titled(&ctx, &tournament.name),
            tournament,
            form,
            errors,
        };
        return Ok(render_invalid(&page)?.into_response());
    }
    let name = player.full_name();
    let no = state.register(player);
    tournaments::save_state(&mut *tx, id, &state).await?;
    let email = form.email.trim();
    if !email.is_empty() {
        tournaments::save_contact(&mut *tx, id, no.0 as i32, email).await?;
    }
    let after = json(state.player(no).expect("just registered"))?;
    crate::store::audit::record(
        &mut *tx,
        Some(id),
        None,
        "player.self_register",
        None,
        Some(after),
    )
    .await?;
    tx.commit().await?;
    app.live.changed(id);
    Ok((
        Flash::new("notice.registered").arg("name", name),
        Redirect::to(&urls::registered(&tournament.short_name, no.0)),
    )
        .into_response())
}

async fn show_registered(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let (tournament, roles) = viewable(&app, &ctx, &short).await?;
    let state = super::view::view(&app, tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let player = state.player(PlayerId(no)).ok_or(WebError::NotFound)?;
    // Where preliminary registrations are hidden, this page names nobody
    // to someone trying numbers; the person who just registered reads
    // their name in the notice the registration left.
    let name = if ctx.is_staff(&roles) || state.is_public(player) {
        player.full_name()
    } else {
        String::new()
    };
    render(&RegisteredPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        name,
    })
}

/// One of a player's games as their page lists it.
struct GameLine {
    round: u32,
    board: u32,
    colour: String,
    opponent: String,
    opponent_no: u32,
    handicap: u8,
    result: String,
    /// What the game changes in the EGF rating preview, "" when not rated.
    gor: String,
}

#[derive(Template)]
#[template(path = "players/show.html")]
struct PlayerPage {
    layout: Layout,
    tournament: TournamentRow,
    player: PlayerLine,
    games: Vec<GameLine>,
    byes: Vec<u32>,
    gor: super::gor::PlayerBlock,
}

/// A player's page: their games of every published round, with results.
async fn show_player(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let (tournament, roles) = viewable(&app, &ctx, &short).await?;
    let is_staff = ctx.is_staff(&roles);
    let state = super::view::view(&app, tournament.tournament_id)
        .await?
        .effective
        .tournament;
    let published = crate::store::rounds::states(&app.store.pool, tournament.tournament_id).await?;
    let visible = |round: RoundNo| {
        is_staff
            || published
                .iter()
                .any(|s| s.round_no as u32 == round.get() && s.published_at.is_some())
    };
    let id = PlayerId(no);
    let player = state
        .player(id)
        .filter(|p| is_staff || state.is_public(p))
        .ok_or(WebError::NotFound)?;
    // Everyone who sees the page sees the preview, from the rounds they see.
    let gor = super::gor::PlayerBlock::of(&state, player, visible, ctx.lang);
    let mut games: Vec<GameLine> = state
        .games()
        .iter()
        .filter(|g| visible(g.round))
        .filter_map(|g| {
            let colour = g.colour_of(id)?;
            let opponent = g.opponent_of(id)?;
            let key = match colour {
                crate::core::Colour::White => "round.white",
                crate::core::Colour::Black => "round.black",
            };
            Some(GameLine {
                round: g.round.get(),
                board: g.board.get(),
                colour: ctx.lang.t(key),
                opponent: state
                    .player(opponent)
                    .map(|p| p.full_name())
                    .unwrap_or_default(),
                opponent_no: opponent.0,
                handicap: g.handicap,
                // White's score first, as on the pairing list.
                result: crate::core::results::notation(g.result, g.origin),
                gor: gor.game(g.round),
            })
        })
        .collect();
    games.sort_by_key(|g| g.round);
    let byes = state
        .byes()
        .iter()
        .filter(|b| b.player == id && visible(b.round))
        .map(|b| b.round.get())
        .collect();
    render(&PlayerPage {
        layout: Layout::titled(&ctx, &player.full_name())
            .live(&tournament.short_name, tournament.version),
        player: PlayerLine::of(player, state.settings().number_of_rounds),
        tournament,
        games,
        byes,
        gor,
    })
}

/// Registers every player of an uploaded CSV (OpenGotha's `Name;FirstName;
/// Rank;Country;Club`) or vbar file; any bad row refuses the whole file.
async fn import_players(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
    mut multipart: axum::extract::Multipart,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let mut file = Vec::new();
    let mut encoding = String::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| WebError::BadUpload)?
    {
        if field.name() == Some("encoding") {
            encoding = field.text().await.map_err(|_| WebError::BadUpload)?;
        } else if field.name() == Some("file") {
            file = field
                .bytes()
                .await
                .map_err(|_| WebError::BadUpload)?
                .to_vec();
        }
    }
    let chosen = chosen_encoding(&encoding)?;
    let players = match crate::core::formats::csv::import_bytes(&file, chosen) {
        Ok(players) => players,
        Err(e) => {
            let state = super::view::load(&app, access.tournament.tournament_id).await?;
            let import_errors = match e {
                FileError::Text(e) => vec![text_error(ctx.lang, &e)],
                FileError::Rows(e) => std::iter::once(e.to_string())
                    .chain(e.rows.iter().map(ToString::to_string))
                    .collect(),
            };
            let page = PlayersPage {
                layout: Layout::titled(&ctx, &access.tournament.name),
                tournament: access.tournament.clone(),
                players: player_lines(&state),
                preliminary: Vec::new(),
                numbered: numbers::pairs_on_numbers(state.settings().system),
                can_manage: true,
                ratings_open: !state.is_paired(RoundNo::FIRST),
                encodings: encoding_options(ctx.lang, &encoding),
                import_errors,
            };
            return Ok(render_invalid(&page)?.into_response());
        }
    };
    let count = players.len();
    mutate(&app, &access, "player.import", |t| {
        let ids: Vec<PlayerId> = players.into_iter().map(|p| t.register(p)).collect();
        let after = json(
            &ids.iter()
                .filter_map(|id| t.player(*id))
                .collect::<Vec<_>>(),
        )?;
        Ok(((), None, Some(after)))
    })
    .await?;
    Ok((
        Flash::new("notice.players_added").arg("count", count),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    )
        .into_response())
}

async fn export_players(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
) -> WebResult<Response> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let state = super::view::load(&app, access.tournament.tournament_id).await?;
    let disposition = format!(
        "attachment; filename=\"{}-players.csv\"",
        access.tournament.short_name
    );
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/csv; charset=utf-8".to_string(),
            ),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        crate::core::formats::csv::export(state.players()),
    )
        .into_response())
}

/// Asks before [`withdraw_player`], whose button sits beside every name.
async fn confirm_withdraw(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<Html<String>> {
    let step = PlayerStep {
        title_key: "player.withdraw",
        question_key: "confirm.withdraw_player",
        consequence_key: "confirm.withdraw_consequence",
        path: "withdraw",
        cancel: urls::players(&short),
    };
    confirm_player_step(&app, me, &ctx, &short, no, step, |_| Ok(())).await
}

/// Takes a player out of every round not yet paired; their games stay.
async fn withdraw_player(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path((short, no)): Path<(String, u32)>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let by = super::acts::official(&access.me)?;
    // A withdrawal is an act in the discipline log, dated, so its effect on
    // earlier and remaining games follows the tournament's rule text.
    let name = mutate_with_book(&app, &access, None, "player.withdraw", |t, book| {
        let player = PlayerId(no);
        let name = t.player(player).ok_or(WebError::NotFound)?.full_name();
        let from_round = t.next_round().ok_or(WebError::Domain(
            crate::core::TournamentError::RoundOutOfRange {
                round: RoundNo::from_index(t.settings().number_of_rounds as usize),
                rounds: t.settings().number_of_rounds,
            },
        ))?;
        let act = Act::Withdrawal {
            player,
            from_round,
            note: String::new(),
        };
        let entry = book.record(t, super::acts::now(), by, act)?;
        Ok((name, None, Some(json(&entry)?)))
    })
    .await?;
    Ok((
        Flash::new("notice.player_withdrawn").arg("name", name),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    ))
}

/// Keeps which list a rating came from when it is the rating the newest
/// list gives the player (found by PIN, licence or a name no one else has):
/// chosen from the list, or typed from it, it is that list's word.
async fn stamp(app: &AppState, player: &mut Player) -> WebResult<()> {
    let Some(index) = app.ratings.index(app).await? else {
        return Ok(());
    };
    if let Some((entry, _)) = index.find(player)
        && entry.rating == player.rating
    {
        player.rating_source = Some(index.source(entry));
        player.rating_origin = entry.origin().into();
        if player.ffg_licence.is_empty() {
            player.ffg_licence.clone_from(&entry.ffg_licence);
            player
                .ffg_licence_status
                .clone_from(&entry.ffg_licence_status);
        }
    }
    Ok(())
}

/// A player's rank and rating as the refresh page shows them, and the list's name and date.
fn rating_text(rank: Rank, rating: Rating, source: String) -> (String, String) {
    (format!("{rank} · {}", rating.gor()), source)
}

/// One line of the refresh preview.
struct RatingChangeLine {
    name: String,
    /// How the player was found in the list, in words.
    matched_by: String,
    before: (String, String),
    after: (String, String),
    /// The rank differs from the list's and stays, as set by hand.
    rank_kept: bool,
}

#[derive(Template)]
#[template(path = "players/ratings.html")]
struct RatingsPage {
    layout: Layout,
    tournament: TournamentRow,
    /// The newest list's id, and its federation and date; none without a list.
    list: Option<(i64, String)>,
    changes: Vec<RatingChangeLine>,
    not_found: Vec<String>,
    /// "3 players already have the list's rating", or "".
    unchanged: String,
}

/// What refreshing the ratings from the newest list would change; nothing
/// is saved until the organiser confirms. Refused once round 1 is paired.
async fn preview_ratings(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    ctx: Ctx,
    Path(short): Path<String>,
) -> WebResult<Html<String>> {
    let Access { tournament, .. } = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let state = super::view::load(&app, tournament.tournament_id).await?;
    if state.is_paired(RoundNo::FIRST) {
        return Err(crate::core::TournamentError::RatingsFixed.into());
    }
    let mut page = RatingsPage {
        layout: Layout::titled(&ctx, &tournament.name),
        tournament,
        list: None,
        changes: Vec::new(),
        not_found: Vec::new(),
        unchanged: String::new(),
    };
    let Some((list_id, index)) = app.ratings.current(&app).await? else {
        return render(&page);
    };
    let updates = index.updates(state.players());
    let name = |id| state.player(id).map(|p| p.full_name()).unwrap_or_default();
    page.changes = updates
        .changes
        .iter()
        .filter_map(|c| {
            let before = state.player(c.player)?;
            let matched_by = match c.matched_by {
                MatchedBy::EgfPin => ctx
                    .lang
                    .tf("ratings.update.by_pin", &[("pin", before.egf_pin.clone())]),
                MatchedBy::FfgLicence => ctx.lang.tf(
                    "ratings.update.by_licence",
                    &[("licence", before.ffg_licence.clone())],
                ),
                MatchedBy::Name => ctx.lang.t("ratings.update.by_name"),
            };
            Some(RatingChangeLine {
                name: before.full_name(),
                matched_by,
                before: rating_text(before.rank, before.rating, source_text(before)),
                after: rating_text(c.rank, c.rating, c.source.to_string()),
                rank_kept: c.rank != c.source.rank,
            })
        })
        .collect();
    page.not_found = updates.not_found.iter().map(|id| name(*id)).collect();
    if updates.unchanged > 0 {
        let players = ctx.lang.plural("count.players", updates.unchanged as u64);
        page.unchanged = ctx
            .lang
            .tf("ratings.update.unchanged", &[("players", players)]);
    }
    page.list = Some((list_id, index.list().label()));
    render(&page)
}

/// The refresh as previewed: the list and the tournament version it was
/// shown for, so a newer list or another change in between refuses it.
#[derive(serde::Deserialize)]
struct RatingsForm {
    list: i64,
    version: i32,
}

/// Sets every found player's rating (and a rank the list gave) from the
/// newest list, as one audited change.
async fn update_ratings(
    State(app): State<AppState>,
    SignedIn(me): SignedIn,
    Path(short): Path<String>,
    Form(form): Form<RatingsForm>,
) -> WebResult<(Flash, Redirect)> {
    let access = authorise(&app, &short, me, Action::ManagePlayers).await?;
    let (list_id, index) = app
        .ratings
        .current(&app)
        .await?
        .ok_or(WebError::StaleForm)?;
    if list_id != form.list {
        return Err(WebError::StaleForm);
    }
    let count = super::change::mutate_at(
        &app,
        &access,
        Some(form.version),
        "player.ratings_update",
        |t| {
            let updates = index.updates(t.players());
            let changed = |t: &Tournament| -> Vec<Player> {
                updates
                    .changes
                    .iter()
                    .filter_map(|c| t.player(c.player).cloned())
                    .collect()
            };
            let before = changed(t);
            updates.apply(t)?;
            Ok((
                updates.changes.len(),
                Some(json(&before)?),
                Some(json(&changed(t))?),
            ))
        },
    )
    .await?;
    Ok((
        Flash::new("notice.ratings_updated").arg("count", count),
        Redirect::to(&urls::players(&access.tournament.short_name)),
    ))
}
