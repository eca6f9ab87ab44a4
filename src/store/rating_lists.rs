//! Uploaded rating lists, kept as the files were sent.

use sqlx::PgExecutor;
use time::OffsetDateTime;
use uuid::Uuid;

/// A stored list without its content.
#[derive(Debug, Clone)]
pub struct RatingListInfo {
    pub rating_list_id: i64,
    pub uploaded_at: OffsetDateTime,
    pub file_name: String,
    pub player_count: i32,
    /// The encoding chosen at upload (a WHATWG label), none for detected.
    pub encoding: Option<String>,
}

pub async fn insert(
    db: impl PgExecutor<'_>,
    uploaded_by: Uuid,
    file_name: &str,
    player_count: i32,
    encoding: Option<&str>,
    content: &[u8],
) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "insert into rating_list (uploaded_by, file_name, player_count, encoding, content)
         values ($1, $2, $3, $4, $5)
         returning rating_list_id",
        uploaded_by,
        file_name,
        player_count,
        encoding,
        content
    )
    .fetch_one(db)
    .await
}

/// The newest list, if any was uploaded.
pub async fn latest(db: impl PgExecutor<'_>) -> sqlx::Result<Option<RatingListInfo>> {
    sqlx::query_as!(
        RatingListInfo,
        "select rating_list_id, uploaded_at, file_name, player_count, encoding from rating_list
         order by rating_list_id desc limit 1"
    )
    .fetch_optional(db)
    .await
}

pub async fn content(
    db: impl PgExecutor<'_>,
    rating_list_id: i64,
) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar!(
        "select content from rating_list where rating_list_id = $1",
        rating_list_id
    )
    .fetch_optional(db)
    .await
}
