//! A tournament as a whole file, for the organisers' downloads and the API
//! alike: OpenGotha, MacMahon (AutoKorsak) and Tengen's own, with the
//! results as they stand after sanctions and appeals, and the federations'
//! results files (EGF h9, FFG tou), which rate the games as played.

use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::AppState;
use super::access::Access;
use super::error::WebResult;
use crate::core::formats::text::Charset;
use crate::core::formats::{h9, macmahon, opengotha, tou};

/// Which file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FileKind {
    OpenGotha,
    MacMahon,
    Tengen,
    H9,
    Tou,
}

impl FileKind {
    /// Every file, by the name it has at the end of its address.
    pub(crate) const ALL: [(&'static str, FileKind); 5] = [
        ("opengotha.xml", FileKind::OpenGotha),
        ("macmahon.xml", FileKind::MacMahon),
        ("tournament.json", FileKind::Tengen),
        ("results.h9", FileKind::H9),
        ("results.tou", FileKind::Tou),
    ];

    pub(crate) fn named(name: &str) -> Option<FileKind> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
    }
}

/// How a results file is written; the other files have one form.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FileOptions {
    /// The encoding asked for; each file has its own default.
    pub encoding: Option<Charset>,
    /// h9: games won by default kept (the EGF rates none by default).
    pub keep_by_default: bool,
    /// h9: names in Latin letters.
    pub latin_names: bool,
}

/// A file ready to send.
pub(crate) struct FileOut {
    pub bytes: Vec<u8>,
    pub content_type: String,
    pub file_name: String,
}

impl IntoResponse for FileOut {
    fn into_response(self) -> Response {
        let disposition = format!("attachment; filename=\"{}\"", self.file_name);
        (
            [
                (header::CONTENT_TYPE, self.content_type),
                (header::CONTENT_DISPOSITION, disposition),
            ],
            self.bytes,
        )
            .into_response()
    }
}

/// The file `kind` of the tournament the caller was authorised for.
pub(crate) async fn export(
    app: &AppState,
    access: &Access,
    kind: FileKind,
    options: FileOptions,
) -> WebResult<FileOut> {
    let t = &access.tournament;
    let short = &t.short_name;
    let xml = |bytes: String, file_name: String| FileOut {
        bytes: bytes.into_bytes(),
        content_type: "application/xml; charset=utf-8".into(),
        file_name,
    };
    let text = |text: String, default: Charset, file_name: String| {
        let encoding = options.encoding.unwrap_or(default);
        FileOut {
            bytes: encoding.encode(&text),
            content_type: format!("text/plain; charset={}", encoding.label()),
            file_name,
        }
    };
    let view = super::view::view(app, t.tournament_id).await?;
    Ok(match kind {
        // The whole tournament: sanctions, appeals, staff and the log.
        FileKind::Tengen => FileOut {
            bytes: app.desk.export(t.tournament_id).await?.write().into_bytes(),
            content_type: "application/json; charset=utf-8".into(),
            file_name: format!("{short}.tengen.json"),
        },
        // Federations rate the results as they stand after sanctions and appeals.
        FileKind::OpenGotha => xml(
            opengotha::export(&view.effective.tournament),
            format!("{short}.xml"),
        ),
        // Dated by the hall's clock, as MacMahon dates its own files.
        FileKind::MacMahon => {
            let zone = jiff::tz::TimeZone::get(&t.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
            let saved = jiff::Timestamp::now().to_zoned(zone).datetime();
            xml(
                macmahon::export(&view.effective.tournament, saved),
                format!("{short}.macmahon.xml"),
            )
        }
        // The order and criteria of the standings as they stand, and the
        // games as played, including those the rules annul for the standings.
        FileKind::H9 => {
            let h9_options = h9::Options {
                keep_by_default: options.keep_by_default,
                latin_names: options.latin_names,
            };
            let played = h9::export_played(
                &view.for_standings(),
                &view.effective.tournament,
                h9_options,
            );
            text(played, Charset::Utf8, format!("{short}.h9"))
        }
        // The FFG reads ISO-8859-15, as OpenGotha writes it.
        FileKind::Tou => text(
            tou::export_played(&view.for_standings(), &view.effective.tournament),
            Charset::Latin9,
            format!("{short}.tou"),
        ),
    })
}
