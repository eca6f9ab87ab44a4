//! Uploaded rating lists, kept as the files were sent: at most one per
//! federation, since an upload deletes the older list of its kind.

use sqlx::{PgConnection, PgExecutor};
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

/// A stored list as the rating list page shows it.
#[derive(Debug, Clone)]
pub struct StoredList {
    pub rating_list_id: i64,
    pub uploaded_at: OffsetDateTime,
    /// The uploader's user name; none once their account is deleted.
    pub uploaded_by: Option<String>,
    pub file_name: String,
    pub player_count: i32,
    /// The file's size in bytes.
    pub size: i64,
}

/// What an upload stores.
pub struct NewList<'a> {
    pub uploaded_by: Uuid,
    /// The federation, as `ListKind` shows it ("EGD", "FFG").
    pub kind: &'a str,
    pub file_name: &'a str,
    pub player_count: i32,
    pub encoding: Option<&'a str>,
    pub content: &'a [u8],
}

/// Stores a list and deletes the older ones of its kind (and those stored
/// before kinds were recorded); returns the new id and how many went.
pub async fn replace(db: &mut PgConnection, list: NewList<'_>) -> sqlx::Result<(i64, u64)> {
    let id = sqlx::query_scalar!(
        "insert into rating_list (uploaded_by, kind, file_name, player_count, encoding, content)
         values ($1, $2, $3, $4, $5, $6)
         returning rating_list_id",
        list.uploaded_by,
        list.kind,
        list.file_name,
        list.player_count,
        list.encoding,
        list.content
    )
    .fetch_one(&mut *db)
    .await?;
    let removed = sqlx::query!(
        "delete from rating_list
         where rating_list_id <> $1 and (kind = $2 or kind is null)",
        id,
        list.kind
    )
    .execute(&mut *db)
    .await?
    .rows_affected();
    Ok((id, removed))
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

/// Every stored list, the newest (the one searched) first.
pub async fn stored(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<StoredList>> {
    sqlx::query_as!(
        StoredList,
        r#"select l.rating_list_id, l.uploaded_at, a.username as "uploaded_by?",
                  l.file_name, l.player_count, octet_length(l.content)::bigint as "size!"
           from rating_list l left join account a on a.account_id = l.uploaded_by
           order by l.rating_list_id desc"#
    )
    .fetch_all(db)
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
