//! What every page shares: the request context (language, signed-in person,
//! CSRF token) and the typed layout that `templates/base.html` reads.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::Html;

use super::AppState;
use super::auth::{self, Csrf};
use super::error::WebResult;
use super::i18n::Lang;
use crate::desk::Account;

/// The request's context, extracted once per handler.
pub struct Ctx {
    pub lang: Lang,
    pub user: Option<Account>,
    pub csrf: Csrf,
    pub path: String,
    /// The one-time notice of the save before the redirect here ("" when none).
    pub notice: String,
}

impl FromRequestParts<AppState> for Ctx {
    type Rejection = super::error::WebError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let user = auth::session_of(parts, app).await?;
        let csrf = parts.extensions.get::<Csrf>().cloned().unwrap_or_default();
        let lang = Lang::negotiate(&parts.headers);
        Ok(Ctx {
            lang,
            user,
            csrf,
            path: parts.uri.path().to_string(),
            notice: super::flash::notice(&parts.headers, lang),
        })
    }
}

impl Ctx {
    /// Whether a site administrator is signed in.
    pub fn is_admin(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.is_admin)
    }

    /// Whether the signed-in person runs this tournament in any role
    /// (`roles` are theirs in it): staff see unpublished rounds.
    pub fn is_staff(&self, roles: &[crate::core::access::StaffRole]) -> bool {
        !roles.is_empty() || self.is_admin()
    }
}

/// The page shell: title, language and navigation.
pub struct Layout {
    pub title: String,
    pub lang: Lang,
    pub user: Option<Account>,
    pub csrf: Csrf,
    pub path: String,
    /// The event stream that tells this page to reload, if it is a live page.
    pub live: String,
    /// The one-time notice shown above the content ("" when none).
    pub notice: String,
}

impl Layout {
    /// A layout titled with the translation of `title_key`.
    pub fn new(ctx: &Ctx, title_key: &str) -> Self {
        Layout {
            title: ctx.lang.t(title_key),
            lang: ctx.lang,
            user: ctx.user.clone(),
            csrf: ctx.csrf.clone(),
            path: ctx.path.clone(),
            live: String::new(),
            notice: ctx.notice.clone(),
        }
    }

    /// The same layout on a page that reloads when the tournament changes.
    /// The stream is told the version the page shows, so a change made
    /// before it connects, or while the page was hidden, still reloads it.
    pub fn live(self, short_name: &str, version: i32) -> Self {
        Layout {
            live: super::urls::events(short_name, version),
            ..self
        }
    }

    /// A layout with a title that needs no translation (a tournament's name).
    pub fn titled(ctx: &Ctx, title: &str) -> Self {
        Layout {
            title: title.to_string(),
            ..Layout::new(ctx, "app.name")
        }
    }

    /// The text for `key` in the page's language.
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// The languages other than the current one, for the switcher.
    pub fn other_langs(&self) -> Vec<Lang> {
        Lang::ALL.into_iter().filter(|l| *l != self.lang).collect()
    }
}

/// Renders a template into an HTML response.
pub fn render(page: &impl askama::Template) -> WebResult<Html<String>> {
    Ok(Html(page.render().map_err(anyhow::Error::from)?))
}

/// Messages for the fields of a re-rendered form, already translated.
#[derive(Debug, Default)]
pub struct FieldErrors(Vec<(&'static str, String)>);

impl FieldErrors {
    pub fn add(&mut self, field: &'static str, message: String) {
        self.0.push((field, message));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The message for a field, or "" when it has none (templates test `!= ""`).
    pub fn get(&self, field: &str) -> &str {
        self.0
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m.as_str())
            .unwrap_or("")
    }
}

/// A 422 page: a form re-rendered with its values and messages.
pub fn render_invalid(
    page: &impl askama::Template,
) -> WebResult<(axum::http::StatusCode, Html<String>)> {
    Ok((axum::http::StatusCode::UNPROCESSABLE_ENTITY, render(page)?))
}

/// A page that carries a form's refusal: 200 without one, 422 with one.
pub fn render_refusal(
    page: &impl askama::Template,
    refused: bool,
) -> WebResult<axum::response::Response> {
    use axum::response::IntoResponse;
    Ok(if refused {
        render_invalid(page)?.into_response()
    } else {
        render(page)?.into_response()
    })
}

/// A question before an irreversible step, answered without JavaScript: the
/// destructive button is a link here, and this page's form posts the step.
#[derive(askama::Template)]
#[template(path = "confirm.html")]
pub struct ConfirmPage {
    pub layout: Layout,
    /// "Delete the registration of Anna Ivanova?"
    pub question: String,
    /// What follows from it ("This cannot be undone.").
    pub consequence: String,
    /// Where the form posts.
    pub action: String,
    /// The label of the button that does it.
    pub button: String,
    /// Where "Cancel" goes back to.
    pub cancel: String,
}
