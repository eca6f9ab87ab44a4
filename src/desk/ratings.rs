//! The site's rating lists (EGD, FFG …): uploaded by its administrators,
//! read by every tournament's registration and rating refresh.

use super::{Desk, DeskError};
use crate::store::rating_lists;
pub use crate::store::rating_lists::{NewList, RatingListInfo, StoredList};

impl Desk {
    /// The stored lists, the newest (the one searched) first.
    pub async fn rating_lists(&self, db: &sqlx::PgPool) -> Result<Vec<StoredList>, DeskError> {
        Ok(rating_lists::stored(db).await?)
    }

    /// The newest list, without its content.
    pub async fn latest_rating_list(
        &self,
        db: &sqlx::PgPool,
    ) -> Result<Option<RatingListInfo>, DeskError> {
        Ok(rating_lists::latest(db).await?)
    }

    /// A stored list's file as uploaded.
    pub async fn rating_list_content(
        &self,
        db: &sqlx::PgPool,
        id: i64,
    ) -> Result<Option<Vec<u8>>, DeskError> {
        Ok(rating_lists::content(db, id).await?)
    }

    /// Keeps `list` as the site's newest, in place of the older ones of its kind.
    pub async fn replace_rating_list(&self, list: NewList<'_>) -> Result<(), DeskError> {
        let mut tx = self.store.begin().await?;
        rating_lists::replace(&mut tx, list).await?;
        tx.commit().await?;
        Ok(())
    }
}
