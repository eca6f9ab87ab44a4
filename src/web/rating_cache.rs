//! The newest rating list, read once per upload and kept in memory
//! ([`RatingCache`]), and the players in it that match a name or PIN
//! ([`suggestions`]): for the rating-list search and the player form.

use std::sync::{Arc, Mutex};

use encoding_rs::Encoding;

use super::AppState;
use super::error::WebResult;
use crate::core::formats::rating_list::{self, RatedPlayer, RatingIndex, SEARCH_LIMIT};

/// The index of the newest list, built once per upload.
#[derive(Default)]
pub struct RatingCache {
    current: Mutex<Option<(i64, Arc<RatingIndex>)>>,
}

impl RatingCache {
    /// The index of the newest uploaded list, if there is one.
    pub async fn index(&self, app: &AppState) -> WebResult<Option<Arc<RatingIndex>>> {
        Ok(self.current(app).await?.map(|(_, index)| index))
    }

    /// The newest uploaded list's id and index, if there is one.
    pub async fn current(&self, app: &AppState) -> WebResult<Option<(i64, Arc<RatingIndex>)>> {
        let Some(latest) = app.desk.latest_rating_list(&app.store.pool).await? else {
            return Ok(None);
        };
        if let Some((id, index)) = self.current.lock().expect("rating cache").as_ref()
            && *id == latest.rating_list_id
        {
            return Ok(Some((*id, index.clone())));
        }
        let content = app
            .desk
            .rating_list_content(&app.store.pool, latest.rating_list_id)
            .await?
            .unwrap_or_default();
        // Read as it was when uploaded: the same choice of encoding.
        let encoding = latest
            .encoding
            .as_deref()
            .and_then(|label| Encoding::for_label(label.as_bytes()));
        let index = tokio::task::spawn_blocking(move || {
            rating_list::parse_in(&content, encoding).map(RatingIndex::new)
        })
        .await
        .map_err(anyhow::Error::from)?
        .map_err(anyhow::Error::from)?;
        let index = Arc::new(index);
        *self.current.lock().expect("rating cache") = Some((latest.rating_list_id, index.clone()));
        Ok(Some((latest.rating_list_id, index)))
    }
}

/// A rated player as the search returns it, ready to fill the player form.
#[derive(serde::Serialize)]
pub struct Suggestion {
    pub name: String,
    pub first_name: String,
    pub rank: String,
    pub rating: i32,
    pub club: String,
    pub country: String,
    pub egf_pin: String,
}

impl From<&RatedPlayer> for Suggestion {
    fn from(p: &RatedPlayer) -> Self {
        Suggestion {
            name: p.name.clone(),
            first_name: p.first_name.clone(),
            rank: p.rank.to_string(),
            rating: p.rating.gor(),
            club: p.club.clone(),
            country: p.country.clone(),
            egf_pin: p.egf_pin.clone(),
        }
    }
}

/// Players of the newest list matching a name or PIN (at most 20).
pub async fn suggestions(app: &AppState, query: &str) -> WebResult<Vec<Suggestion>> {
    if query.trim().chars().count() < 2 {
        return Ok(Vec::new());
    }
    let Some(index) = app.ratings.index(app).await? else {
        return Ok(Vec::new());
    };
    Ok(index
        .search(query, SEARCH_LIMIT)
        .into_iter()
        .map(Suggestion::from)
        .collect())
}
