//! Rating lists: the EGD's `egf_db.txt` and the FFG's `ech_ffg_V3.txt`, read
//! into rated players, and [`RatingIndex`], which finds them as a name is typed.
//!
//! Both lists have fixed columns counted in bytes (OpenGotha `RatingList.java`
//! reads the same ones). The EGD's file mixes UTF-8 lines with ISO-8859-15
//! ones, so unless the organiser names the encoding each field is decoded
//! alone: UTF-8 when it is, else in the file's single-byte code page
//! (ISO-8859-15 as OpenGotha reads it, or windows-1251 for a Russian or
//! Ukrainian list, told apart by [`text::guess_single_byte`]). Lines that are
//! not player lines (HTML, headers, totals) are skipped; player lines that
//! cannot be read are reported with their number.

use crate::core::fold::{fold, fold_into};
use crate::core::formats::text::{self, TextError};
use crate::core::ids::{PlayerId, RoundNo};
use crate::core::player::{Player, RatingSource};
use crate::core::rank::Rank;
use crate::core::rating::Rating;
use crate::core::tournament::{Tournament, TournamentError};
use encoding_rs::{Encoding, ISO_8859_15, UTF_8};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

/// Which federation's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListKind {
    /// The European Go Database's `egf_db.txt`.
    Egf,
    /// The French federation's `ech_ffg_V3.txt`.
    Ffg,
}

impl fmt::Display for ListKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ListKind::Egf => "EGD",
            ListKind::Ffg => "FFG",
        })
    }
}

/// One player of a rating list. Unknown values (`XX`, `xxxx`, `-------`) are empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedPlayer {
    /// The list the player comes from.
    pub list: ListKind,
    /// EGD PIN (EGF lists).
    pub egf_pin: String,
    /// FFG licence number (FFG lists).
    pub ffg_licence: String,
    /// FFG licence status letter (FFG lists; `-` when none).
    pub ffg_licence_status: String,
    /// Family name.
    pub name: String,
    /// Given name.
    pub first_name: String,
    /// Country code.
    pub country: String,
    /// Club code.
    pub club: String,
    /// The EGD grade, or for FFG lists the rank of the rating (OpenGotha `rankFromRating`).
    pub rank: Rank,
    /// Rating on the GoR scale.
    pub rating: Rating,
}

impl RatedPlayer {
    /// A player to register with these values, from the list of `date`; the
    /// id is 0 until [`Tournament::register`](crate::core::Tournament::register) gives one.
    pub fn to_player(&self, date: Option<Date>) -> Player {
        let mut player = Player::new(PlayerId(0), &self.name, &self.first_name, self.rank);
        player.country = self.country.clone();
        player.club = self.club.clone();
        player.egf_pin = self.egf_pin.clone();
        player.ffg_licence = self.ffg_licence.clone();
        player.ffg_licence_status = self.ffg_licence_status.clone();
        player.rating = self.rating;
        player.rating_source = Some(self.source(date));
        player.rating_origin = self.origin().into();
        if self.list == ListKind::Egf {
            player.grade = self.rank.to_string();
        }
        player
    }

    /// Where a rating taken from this entry comes from.
    pub fn source(&self, date: Option<Date>) -> RatingSource {
        RatingSource {
            list: self.list,
            date,
            rank: self.rank,
        }
    }

    /// OpenGotha's `ratingOrigin` for a rating from this list. OpenGotha
    /// compares it with `EGF` and `FFG` exactly (`Player.getStrRawRating`,
    /// the RGF's `RatingOrigin.fromString`), so the list's date is kept in
    /// [`Player::rating_source`] and not written here.
    pub fn origin(&self) -> &'static str {
        match self.list {
            ListKind::Egf => "EGF",
            ListKind::Ffg => "FFG",
        }
    }
}

/// A player line that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct MalformedLine {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong, in words.
    pub problem: String,
}

/// A rating list as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingList {
    /// Which list it is.
    pub kind: ListKind,
    /// The list's date, when it states one.
    pub date: Option<Date>,
    /// Its players, in file order.
    pub players: Vec<RatedPlayer>,
    /// Player lines skipped because they could not be read.
    pub malformed: Vec<MalformedLine>,
}

impl RatingList {
    /// "EGD 2018-02-22", as the ratings taken from it are labelled.
    pub fn label(&self) -> String {
        label(self.kind, self.date)
    }
}

/// A list's name and date as organisers read them: `EGD 2018-02-22`, or
/// `EGD` for a list without a date.
pub fn label(kind: ListKind, date: Option<Date>) -> String {
    match date {
        Some(date) => format!("{kind} {date}"),
        None => kind.to_string(),
    }
}

/// A file that holds no rating list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatingListError {
    /// The file is not text in the encoding chosen or marked.
    #[error(transparent)]
    Text(#[from] TextError),
    /// Not one player line could be read.
    #[error("no player found in this {kind} rating list ({} malformed lines)", malformed.len())]
    NoPlayers {
        /// The layout the file was read as.
        kind: ListKind,
        /// The player lines that could not be read.
        malformed: Vec<MalformedLine>,
    },
}

/// Reads a rating list in the encoding it is found to have (see the module).
pub fn parse(bytes: &[u8]) -> Result<RatingList, RatingListError> {
    parse_in(bytes, None)
}

/// Reads a rating list in `chosen`, or the encoding it is found to have;
/// an FFG list is recognised by its `Echelle au` header.
pub fn parse_in(
    bytes: &[u8],
    chosen: Option<&'static Encoding>,
) -> Result<RatingList, RatingListError> {
    let (bytes, reading) = reading(bytes, chosen)?;
    let bytes = bytes.as_ref();
    let head = &bytes[..bytes.len().min(200)];
    let kind = if head.windows(10).any(|w| w == b"Echelle au") {
        ListKind::Ffg
    } else {
        ListKind::Egf
    };
    let mut list = RatingList {
        kind,
        date: None,
        players: Vec::new(),
        malformed: Vec::new(),
    };
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if list.date.is_none() {
            list.date = match kind {
                ListKind::Egf => egf_date(line),
                ListKind::Ffg => ffg_date(line),
            };
        }
        let read = match kind {
            ListKind::Egf => egf_player(line, reading),
            ListKind::Ffg => ffg_player(line, reading),
        };
        match read {
            Some(Ok(player)) => list.players.push(player),
            Some(Err(problem)) => list.malformed.push(MalformedLine {
                line: index + 1,
                problem,
            }),
            None => {}
        }
    }
    if list.players.is_empty() {
        return Err(RatingListError::NoPlayers {
            kind,
            malformed: list.malformed,
        });
    }
    Ok(list)
}

/// How the bytes of one field become text.
#[derive(Debug, Clone, Copy)]
enum Reading {
    /// UTF-8 when the field is, else this single-byte code page.
    Utf8Else(&'static Encoding),
    /// Always this encoding (chosen, or UTF-8 checked for the whole file).
    Only(&'static Encoding),
}

/// The bytes to cut into columns and how to read their fields. A file in
/// a chosen or marked encoding must decode whole, or nothing is read; one
/// in UTF-16 is cut as its UTF-8, the bytes the EGD counts its columns in.
fn reading<'a>(
    bytes: &'a [u8],
    chosen: Option<&'static Encoding>,
) -> Result<(Cow<'a, [u8]>, Reading), TextError> {
    let marked = Encoding::for_bom(bytes).map(|(encoding, _)| encoding);
    let Some(encoding) = chosen.or(marked) else {
        let latin = if std::str::from_utf8(bytes).is_ok() {
            UTF_8
        } else {
            text::guess_single_byte(bytes, ISO_8859_15)
        };
        return Ok((Cow::Borrowed(bytes), Reading::Utf8Else(latin)));
    };
    let whole = text::decode_text(bytes, Some(encoding), ISO_8859_15)?;
    if encoding.is_single_byte() {
        Ok((Cow::Borrowed(bytes), Reading::Only(encoding)))
    } else {
        Ok((Cow::Owned(whole.into_bytes()), Reading::Only(UTF_8)))
    }
}

/// `egf_db.txt` columns (OpenGotha `RatingList.parseFile`).
const EGF_PIN: Range<usize> = 1..9;
const EGF_NAMES: Range<usize> = 11..48;
const EGF_COUNTRY: Range<usize> = 49..52;
const EGF_CLUB: Range<usize> = 53..57;
const EGF_GRADE: Range<usize> = 60..63;
const EGF_GOR: Range<usize> = 71..75;

/// A player line, `None` for any other line.
fn egf_player(line: &[u8], reading: Reading) -> Option<Result<RatedPlayer, String>> {
    let field = |range| field(line, range, reading);
    let pin = field(EGF_PIN);
    if pin.is_empty() || !pin.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if line.len() < EGF_GOR.end {
        return Some(Err(format!(
            "PIN {pin}: the line ends before the rating column ({} characters)",
            EGF_GOR.end
        )));
    }
    let grade = field(EGF_GRADE);
    let Ok(rank) = grade.parse::<Rank>() else {
        return Some(Err(format!("PIN {pin}: grade {grade:?} is not a rank")));
    };
    let gor = field(EGF_GOR);
    let Ok(gor) = gor.parse::<i32>() else {
        return Some(Err(format!("PIN {pin}: rating {gor:?} is not a number")));
    };
    let (name, first_name) = names(&field(EGF_NAMES));
    Some(Ok(RatedPlayer {
        list: ListKind::Egf,
        egf_pin: pin,
        ffg_licence: String::new(),
        ffg_licence_status: String::new(),
        name,
        first_name,
        country: known(field(EGF_COUNTRY), "XX"),
        club: known(field(EGF_CLUB), "xxxx"),
        rank,
        rating: Rating::new(gor),
    }))
}

/// The list's date, written `(22 Feb 2018)` in the page header.
fn egf_date(line: &[u8]) -> Option<Date> {
    let text = std::str::from_utf8(line).ok()?.trim();
    let inner = text.strip_prefix('(')?.strip_suffix(')')?;
    let mut parts = inner.split_whitespace();
    let day: i8 = parts.next()?.parse().ok()?;
    let month = parts.next()?;
    let year: i16 = parts.next()?.parse().ok()?;
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.iter().position(|m| m.eq_ignore_ascii_case(month))? as i8 + 1;
    Date::new(year, month, day).ok()
}

/// `ech_ffg_V3.txt` columns (OpenGotha `RatingList.parseFile`).
const FFG_NAMES: Range<usize> = 0..38;
const FFG_RATING: Range<usize> = 38..43;
const FFG_STATUS: Range<usize> = 44..45;
const FFG_LICENCE: Range<usize> = 46..53;
const FFG_CLUB: Range<usize> = 54..58;
const FFG_COUNTRY: Range<usize> = 59..61;

/// A player line, `None` for a blank or `#` line.
fn ffg_player(line: &[u8], reading: Reading) -> Option<Result<RatedPlayer, String>> {
    if line.iter().all(|b| b.is_ascii_whitespace()) || line.starts_with(b"#") {
        return None;
    }
    let field = |range| field(line, range, reading);
    let (name, first_name) = names(&field(FFG_NAMES));
    let rating = field(FFG_RATING);
    let Ok(rating) = rating.parse::<i32>() else {
        return Some(Err(format!(
            "{name} {first_name}: rating {rating:?} is not a number"
        )));
    };
    let rating = Rating::from_ffg(rating);
    Some(Ok(RatedPlayer {
        list: ListKind::Ffg,
        egf_pin: String::new(),
        ffg_licence: known(field(FFG_LICENCE), "-------"),
        ffg_licence_status: field(FFG_STATUS),
        name,
        first_name,
        country: field(FFG_COUNTRY),
        club: known(field(FFG_CLUB), "xxxx"),
        rank: rank_of_rating(rating),
        rating,
    }))
}

/// The date of the header `#Echelle au 23/02/2018 07:56:59`.
fn ffg_date(line: &[u8]) -> Option<Date> {
    let text = std::str::from_utf8(line).ok()?;
    let date = text
        .split("Echelle au ")
        .nth(1)?
        .split_whitespace()
        .next()?;
    let mut parts = date.split('/');
    let day: i8 = parts.next()?.parse().ok()?;
    let month: i8 = parts.next()?.parse().ok()?;
    let year: i16 = parts.next()?.parse().ok()?;
    Date::new(year, month, day).ok()
}

/// The rank a GoR rating stands for, rounded to the nearest grade (OpenGotha `Player.rankFromRating`).
fn rank_of_rating(rating: Rating) -> Rank {
    Rank::from_opengotha_value((rating.gor() + 950).div_euclid(100) - 30)
}

/// The trimmed text of byte columns `range` (clipped to the line).
fn field(line: &[u8], range: Range<usize>, reading: Reading) -> String {
    let end = range.end.min(line.len());
    let bytes = line.get(range.start..end).unwrap_or_default();
    let encoding = match reading {
        Reading::Utf8Else(_) if std::str::from_utf8(bytes).is_ok() => UTF_8,
        Reading::Utf8Else(encoding) | Reading::Only(encoding) => encoding,
    };
    // A UTF-8 character cut by a column edge reads as U+FFFD rather than
    // failing the line: OpenGotha cuts the same columns.
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    text.trim().to_owned()
}

/// Family and given name: the first word, then the rest; `_` stands for a space in a name.
fn names(both: &str) -> (String, String) {
    let (name, first_name) = both.split_once(' ').unwrap_or((both, ""));
    let spaced = |s: &str| s.trim().replace('_', " ");
    (spaced(name), spaced(first_name))
}

/// `text`, or nothing where the list writes `unknown` (or a shorter run of it).
fn known(text: String, unknown: &str) -> String {
    if !text.is_empty() && unknown.starts_with(text.as_str()) {
        String::new()
    } else {
        text
    }
}

/// Most results a search returns unless asked for fewer.
pub const SEARCH_LIMIT: usize = 20;

/// A rating list indexed for search-as-you-type: by folded `name first` and
/// `first name` prefixes, and by exact PIN or licence.
///
/// Built once; a search costs two binary searches and a walk over at most
/// `limit` matches per tier, allocating only the folded query and the results.
#[derive(Debug, Clone)]
pub struct RatingIndex {
    list: RatingList,
    /// Every folded key, one after the other.
    keys: String,
    /// `name first` keys, sorted.
    by_name: Vec<Key>,
    /// `first name` keys, sorted.
    by_first_name: Vec<Key>,
    /// PIN or licence (upper case) → player.
    by_id: HashMap<String, u32>,
}

/// A slice of [`RatingIndex::keys`] and the player it names.
#[derive(Debug, Clone, Copy)]
struct Key {
    start: u32,
    end: u32,
    player: u32,
}

impl RatingIndex {
    /// Indexes `list`.
    pub fn new(list: RatingList) -> Self {
        let mut keys = String::new();
        let mut by_name = Vec::with_capacity(list.players.len());
        let mut by_first_name = Vec::with_capacity(list.players.len());
        let mut by_id = HashMap::with_capacity(list.players.len());
        let push = |keys: &mut String, text: &str, player: u32| {
            let start = keys.len() as u32;
            fold_into(text.trim(), keys);
            let end = keys.len() as u32;
            (end > start).then_some(Key { start, end, player })
        };
        for (i, p) in list.players.iter().enumerate() {
            let i = i as u32;
            by_name.extend(push(&mut keys, &format!("{} {}", p.name, p.first_name), i));
            if !p.first_name.is_empty() {
                by_first_name.extend(push(&mut keys, &format!("{} {}", p.first_name, p.name), i));
            }
            for id in [&p.egf_pin, &p.ffg_licence] {
                if !id.is_empty() {
                    by_id.entry(id.to_ascii_uppercase()).or_insert(i);
                }
            }
        }
        let mut index = RatingIndex {
            list,
            keys,
            by_name,
            by_first_name,
            by_id,
        };
        let keys = std::mem::take(&mut index.keys);
        let key = |k: &Key| &keys[k.start as usize..k.end as usize];
        index.by_name.sort_unstable_by(|a, b| key(a).cmp(key(b)));
        index
            .by_first_name
            .sort_unstable_by(|a, b| key(a).cmp(key(b)));
        index.keys = keys;
        index
    }

    /// The list indexed.
    pub fn list(&self) -> &RatingList {
        &self.list
    }

    /// Where a rating taken from `entry` of this list comes from.
    pub fn source(&self, entry: &RatedPlayer) -> RatingSource {
        entry.source(self.list.date)
    }

    /// The entry for a registered player: by EGD PIN, else by FFG licence,
    /// else by name and given name once folded. A name two entries share
    /// finds nobody: guessing could give a player someone else's rating.
    pub fn find(&self, player: &Player) -> Option<(&RatedPlayer, MatchedBy)> {
        let by_id = |id: &str, of: fn(&RatedPlayer) -> &str| {
            let id = id.trim();
            if id.is_empty() {
                return None;
            }
            let entry = &self.list.players[*self.by_id.get(&id.to_ascii_uppercase())? as usize];
            of(entry).eq_ignore_ascii_case(id).then_some(entry)
        };
        if let Some(entry) = by_id(&player.egf_pin, |p| &p.egf_pin) {
            return Some((entry, MatchedBy::EgfPin));
        }
        if let Some(entry) = by_id(&player.ffg_licence, |p| &p.ffg_licence) {
            return Some((entry, MatchedBy::FfgLicence));
        }
        let name = fold(&format!("{} {}", player.name, player.first_name));
        let key = |k: &Key| &self.keys[k.start as usize..k.end as usize];
        let start = self.by_name.partition_point(|k| key(k) < name.as_str());
        let mut same = self.by_name[start..].iter().take_while(|k| key(k) == name);
        match (same.next(), same.next()) {
            (Some(only), None) => Some((&self.list.players[only.player as usize], MatchedBy::Name)),
            _ => None,
        }
    }

    /// Up to `limit` players for what has been typed, best first: the PIN or
    /// licence typed; then names where the query ends a word (`li` finds `Li
    /// Wei` before `Lim`), by family name then given name; then other prefix
    /// matches, in the same order. Case and diacritics do not matter.
    pub fn search(&self, query: &str, limit: usize) -> Vec<&RatedPlayer> {
        let mut found: Vec<u32> = Vec::with_capacity(limit.min(SEARCH_LIMIT * 5));
        let add = |player: u32, found: &mut Vec<u32>| {
            if found.len() < limit && !found.contains(&player) {
                found.push(player);
            }
        };
        if let Some(&player) = self.by_id.get(&query.trim().to_ascii_uppercase()) {
            add(player, &mut found);
        }
        let folded = fold(query);
        if !folded.is_empty() {
            let name = self.matches(&self.by_name, &folded);
            let first_name = self.matches(&self.by_first_name, &folded);
            // A player shows up at most twice (both key orders), so this walks at most 2 × limit keys.
            let tiers = [name.0, first_name.0, name.1, first_name.1];
            for key in tiers.iter().flat_map(|keys| keys.iter()) {
                if found.len() == limit {
                    break;
                }
                add(key.player, &mut found);
            }
        }
        found
            .into_iter()
            .map(|i| &self.list.players[i as usize])
            .collect()
    }

    /// The keys of `sorted` starting with `prefix`: those where it ends a word, then the rest.
    fn matches<'a>(&self, sorted: &'a [Key], prefix: &str) -> (&'a [Key], &'a [Key]) {
        let key = |k: &Key| &self.keys[k.start as usize..k.end as usize];
        let start = sorted.partition_point(|k| key(k) < prefix);
        let len = sorted[start..].partition_point(|k| key(k).starts_with(prefix));
        let range = &sorted[start..start + len];
        // Sorted keys put `prefix` and `prefix …` first: a space sorts before any letter.
        let words = range.partition_point(|k| {
            key(k)
                .as_bytes()
                .get(prefix.len())
                .is_none_or(|&b| b == b' ')
        });
        range.split_at(words)
    }

    /// What refreshing `players`' ratings from this list would change.
    ///
    /// The rating becomes the list's. The rank follows the list only while
    /// it is still the rank the previous list gave ([`RatingSource::rank`]):
    /// McMahon groups and handicaps are drawn from ranks, and a rank the
    /// organiser set by hand (a promotion, a declared grade) is a decision
    /// a rating list does not overrule. OpenGotha's "Update ratings" never
    /// touches ranks; a rank the list put there may follow it.
    pub fn updates(&self, players: &[Player]) -> RatingUpdates {
        let mut updates = RatingUpdates::default();
        for player in players {
            let Some((entry, matched_by)) = self.find(player) else {
                updates.not_found.push(player.id);
                continue;
            };
            let follows = player.rating_source.is_some_and(|s| s.rank == player.rank);
            let change = RatingChange {
                player: player.id,
                matched_by,
                rating: entry.rating,
                rank: if follows { entry.rank } else { player.rank },
                source: self.source(entry),
                origin: entry.origin(),
                egf_pin: entry.egf_pin.clone(),
                ffg_licence: entry.ffg_licence.clone(),
            };
            if change.applied(player) == *player {
                updates.unchanged += 1;
            } else {
                updates.changes.push(change);
            }
        }
        updates
    }
}

/// How a registered player was found in a rating list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchedBy {
    /// Their EGD PIN.
    EgfPin,
    /// Their FFG licence number.
    FfgLicence,
    /// Their name and given name, folded, shared by no other entry.
    Name,
}

/// One player's rating as a newer list gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingChange {
    /// The player.
    pub player: PlayerId,
    /// How they were found.
    pub matched_by: MatchedBy,
    /// The list's rating.
    pub rating: Rating,
    /// The rank after the update (see [`RatingIndex::updates`]).
    pub rank: Rank,
    /// The list and its date.
    pub source: RatingSource,
    /// OpenGotha's `ratingOrigin` for it.
    pub origin: &'static str,
    /// The list's EGD PIN, written where the player has none.
    pub egf_pin: String,
    /// The list's FFG licence, written where the player has none.
    pub ffg_licence: String,
}

impl RatingChange {
    /// `player` with this change made.
    pub fn applied(&self, player: &Player) -> Player {
        let mut after = player.clone();
        after.rating = self.rating;
        if after.rank != self.rank {
            after.rank = self.rank;
            after.grade = self.rank.to_string();
        }
        after.rating_source = Some(self.source);
        after.rating_origin = self.origin.into();
        if after.egf_pin.is_empty() {
            after.egf_pin.clone_from(&self.egf_pin);
        }
        if after.ffg_licence.is_empty() {
            after.ffg_licence.clone_from(&self.ffg_licence);
        }
        after
    }
}

/// What a refresh from a newer list would do, player by player.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RatingUpdates {
    /// Players whose rating, rank or list would change, in registration order.
    pub changes: Vec<RatingChange>,
    /// Players the list does not have.
    pub not_found: Vec<PlayerId>,
    /// Players found with nothing to change.
    pub unchanged: usize,
}

impl RatingUpdates {
    /// Makes the changes in `tournament`, all or none. Refused once round 1
    /// is paired: ratings and ranks have then placed players in McMahon
    /// groups, given handicaps and broken ties, so changing them would
    /// change a round already played.
    pub fn apply(&self, tournament: &mut Tournament) -> Result<(), TournamentError> {
        if tournament.is_paired(RoundNo::FIRST) {
            return Err(TournamentError::RatingsFixed);
        }
        let mut next = tournament.clone();
        for change in &self.changes {
            let player = next
                .player(change.player)
                .ok_or(TournamentError::UnknownPlayer(change.player))?;
            let after = change.applied(player);
            next.update_player(after)?;
        }
        *tournament = next;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of `egf_db.txt`, columns as in the EGD's file.
    fn egf_line(
        pin: &str,
        names: &str,
        country: &str,
        club: &str,
        grade: &str,
        gor: i32,
    ) -> String {
        format!(
            " {pin:>8}  {names:<37} {country:<3} {club:<4}   {grade:>3}   --   {gor:>4}     1  T171125N\n"
        )
    }

    fn egf_sample() -> String {
        let mut text = String::from("<html><title> List of Players EURO </title>\n(22 Feb 2018)\n");
        text += "   PIN          Name                              Club     Grade P&D    GoR    NT appearance\n";
        text += &egf_line("10437350", "Vannier Luc", "FR", "31Ba", "2k", 1833);
        text += &egf_line("16825589", "Aarle Barbara_van", "NL", "DBos", "17k", 356);
        text += &egf_line("15650261", "Aalto Jukka", "XX", "xxx", "20k", 218);
        text += &egf_line("12345678", "Broken Grade", "DE", "Berl", "2x", 1900);
        text += " 12345679  Short Line                            DE  Berl\n";
        text += &egf_line("14049145", "Li Wei", "CN", "Bei", "3d", 2250);
        text += &egf_line("14049146", "Lim Bo", "SG", "Sing", "1k", 2000);
        text += &egf_line("14049147", "Li Ming", "CN", "Bei", "2d", 2150);
        text += &egf_line("14049148", "Ali Li", "CN", "Bei", "5k", 1600);
        text + "\nNumber of players: 9\n</pre>\n"
    }

    fn sample_index() -> RatingIndex {
        RatingIndex::new(parse(egf_sample().as_bytes()).unwrap())
    }

    fn shown(players: &[&RatedPlayer]) -> Vec<String> {
        players
            .iter()
            .map(|p| format!("{} {}", p.name, p.first_name))
            .collect()
    }

    #[test]
    fn an_egf_list_is_read_by_its_columns() {
        let list = parse(egf_sample().as_bytes()).unwrap();
        assert_eq!(list.kind, ListKind::Egf);
        assert_eq!(list.date, Some(Date::new(2018, 2, 22).unwrap()));
        assert_eq!(list.players.len(), 7);
        let luc = &list.players[0];
        assert_eq!(
            (
                luc.egf_pin.as_str(),
                luc.name.as_str(),
                luc.first_name.as_str()
            ),
            ("10437350", "Vannier", "Luc")
        );
        assert_eq!((luc.country.as_str(), luc.club.as_str()), ("FR", "31Ba"));
        assert_eq!((luc.rank, luc.rating.gor()), (Rank::Kyu(2), 1833));
        assert_eq!(list.players[1].first_name, "Barbara van");
        assert_eq!(
            (
                list.players[2].country.as_str(),
                list.players[2].club.as_str()
            ),
            ("", "")
        );
    }

    #[test]
    fn unreadable_player_lines_are_reported_by_number() {
        let list = parse(egf_sample().as_bytes()).unwrap();
        let lines: Vec<_> = list.malformed.iter().map(|m| m.line).collect();
        assert_eq!(lines, [7, 8]);
        assert_eq!(
            list.malformed[0].to_string(),
            "line 7: PIN 12345678: grade \"2x\" is not a rank"
        );
        assert!(
            list.malformed[1]
                .problem
                .contains("ends before the rating column")
        );
        let none = parse(b"<html>\n 12345678  Only Broken\n").unwrap_err();
        assert!(
            matches!(none, RatingListError::NoPlayers { kind: ListKind::Egf, malformed } if malformed.len() == 1)
        );
    }

    #[test]
    fn an_ffg_list_gives_ranks_from_ratings() {
        let line = |names: &[u8], rest: &str| {
            let mut bytes = names.to_vec();
            bytes.resize(38, b' ');
            bytes.extend_from_slice(rest.as_bytes());
            bytes
        };
        let text = [
            b"#Echelle au 23/02/2018 07:56:59\n".to_vec(),
            line(b"AAIJ Ren\xe9", "  243 e ------- xxxx NL\n"),
            line(b"AIT_BRAHAM Nouh", "-2950 L 1800083 92Ge FR\n"),
            line(b"BON Maxence", "-1600 - 0637009 xxxx \n"),
            line(b"BAD Rating", "abc   - 0637010 xxxx FR\n"),
        ]
        .concat();
        let list = parse(&text).unwrap();
        assert_eq!(list.kind, ListKind::Ffg);
        assert_eq!(list.date, Some(Date::new(2018, 2, 23).unwrap()));
        assert_eq!(list.players.len(), 3);
        let rene = &list.players[0];
        assert_eq!(
            (rene.name.as_str(), rene.first_name.as_str()),
            ("AAIJ", "René")
        );
        assert_eq!((rene.rating.gor(), rene.rank), (2293, Rank::Dan(3)));
        assert_eq!((rene.ffg_licence.as_str(), rene.club.as_str()), ("", ""));
        let nouh = &list.players[1];
        assert_eq!(nouh.name, "AIT BRAHAM");
        assert_eq!(
            (nouh.ffg_licence.as_str(), nouh.ffg_licence_status.as_str()),
            ("1800083", "L")
        );
        assert_eq!(nouh.rank, Rank::Kyu(30));
        assert_eq!(list.players[2].rank, Rank::Kyu(16));
        assert_eq!(list.players[2].country, "");
        assert_eq!(list.malformed[0].line, 5);
    }

    #[test]
    fn a_rated_player_becomes_a_player_to_register() {
        let list = parse(egf_sample().as_bytes()).unwrap();
        let player = list.players[0].to_player(list.date);
        assert_eq!(player.full_name(), "Vannier Luc");
        assert_eq!(
            player.rating_source.map(|s| s.to_string()).as_deref(),
            Some("EGD 2018-02-22")
        );
        assert_eq!(
            (player.egf_pin.as_str(), player.club.as_str()),
            ("10437350", "31Ba")
        );
        assert_eq!((player.rank, player.rating.gor()), (Rank::Kyu(2), 1833));
        assert_eq!(
            (player.rating_origin.as_str(), player.grade.as_str()),
            ("EGF", "2K")
        );
    }

    #[test]
    fn search_finds_prefixes_of_either_name_order() {
        let index = sample_index();
        assert_eq!(shown(&index.search("vann", 10)), ["Vannier Luc"]);
        assert_eq!(shown(&index.search("luc v", 10)), ["Vannier Luc"]);
        assert_eq!(
            shown(&index.search("BARBARA VAN a", 10)),
            ["Aarle Barbara van"]
        );
        assert_eq!(
            shown(&index.search("aarle barbara-van", 10)),
            ["Aarle Barbara van"]
        );
        assert!(index.search("zz", 10).is_empty());
        assert!(index.search("  ", 10).is_empty());
    }

    #[test]
    fn whole_words_rank_first_then_family_names() {
        let index = sample_index();
        assert_eq!(
            shown(&index.search("li", 10)),
            ["Li Ming", "Li Wei", "Ali Li", "Lim Bo"]
        );
        assert_eq!(
            shown(&index.search("li ", 10)),
            ["Li Ming", "Li Wei", "Ali Li"]
        );
        assert_eq!(shown(&index.search("li", 2)), ["Li Ming", "Li Wei"]);
        assert_eq!(
            shown(&index.search("li", 3)),
            ["Li Ming", "Li Wei", "Ali Li"]
        );
        assert!(index.search("li", 0).is_empty());
    }

    #[test]
    fn a_windows_1251_list_reads_its_cyrillic_names() {
        let text = String::from("(03 May 2018)\n")
            + &egf_line("13000001", "Иванов Пётр", "RU", "Msk", "1d", 2090)
            + &egf_line(
                "13000002",
                "Шевченко Тарас_Григорович",
                "UA",
                "Kyiv",
                "3k",
                1750,
            );
        let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
        for chosen in [None, Some(encoding_rs::WINDOWS_1251)] {
            let list = parse_in(&bytes, chosen).unwrap();
            assert_eq!(
                shown(&list.players.iter().collect::<Vec<_>>()),
                ["Иванов Пётр", "Шевченко Тарас Григорович"]
            );
            assert_eq!(list.players[1].club, "Kyiv");
            assert_eq!(list.date, Some(Date::new(2018, 5, 3).unwrap()));
        }
    }

    #[test]
    fn a_list_that_is_not_the_chosen_encoding_is_refused_with_its_line() {
        let bytes = [
            b"(03 May 2018)\n".as_slice(),
            egf_line("13000001", "Kim Ji", "KR", "Seou", "1d", 2090).as_bytes(),
            &encoding_rs::ISO_8859_15
                .encode(&egf_line(
                    "13000002",
                    "Müller Hans",
                    "DE",
                    "Berl",
                    "3k",
                    1750,
                ))
                .0,
        ]
        .concat();
        assert_eq!(
            parse_in(&bytes, Some(encoding_rs::UTF_8)),
            Err(RatingListError::Text(TextError::Malformed {
                line: 3,
                encoding: "UTF-8"
            }))
        );
        assert_eq!(parse(&bytes).unwrap().players[1].name, "Müller");
    }

    fn registered(t: &mut Tournament, name: &str, first: &str, rank: &str) -> PlayerId {
        t.register(Player::new(PlayerId(0), name, first, rank.parse().unwrap()))
    }

    #[test]
    fn players_are_matched_by_pin_then_licence_then_a_name_no_one_else_has() {
        let index = sample_index();
        let mut t = Tournament::new(Default::default());
        let luc = registered(&mut t, "VANNIER", "luc", "2k");
        let by_pin = registered(&mut t, "Someone", "Else", "1d");
        let li = registered(&mut t, "Li", "Wei", "3d");
        let nobody = registered(&mut t, "Nobody", "Here", "5k");
        let mut p = t.player(by_pin).unwrap().clone();
        p.egf_pin = "14049147".into();
        t.update_player(p).unwrap();
        let found = |id| {
            index
                .find(t.player(id).unwrap())
                .map(|(e, by)| (e.egf_pin.clone(), by))
        };
        assert_eq!(found(luc), Some(("10437350".into(), MatchedBy::Name)));
        assert_eq!(found(by_pin), Some(("14049147".into(), MatchedBy::EgfPin)));
        assert_eq!(found(li), Some(("14049145".into(), MatchedBy::Name)));
        assert_eq!(found(nobody), None);
        let mut twice = egf_sample();
        twice += &egf_line("14049149", "Li Wei", "SG", "Sing", "9k", 1200);
        let index = RatingIndex::new(parse(twice.as_bytes()).unwrap());
        assert_eq!(index.find(t.player(li).unwrap()), None, "two Li Wei");
    }

    #[test]
    fn a_refresh_changes_ratings_and_only_the_ranks_the_list_gave() {
        let old = RatingIndex::new(parse(egf_sample().as_bytes()).unwrap());
        let mut t = Tournament::new(Default::default());
        for pin in ["10437350", "14049145"] {
            let entry = old
                .list()
                .players
                .iter()
                .find(|p| p.egf_pin == pin)
                .unwrap();
            t.register(entry.to_player(old.list().date));
        }
        // The organiser promoted Li Wei by hand.
        let mut li = t.player(PlayerId(2)).unwrap().clone();
        li.rank = Rank::Dan(4);
        t.update_player(li).unwrap();
        let hand = registered(&mut t, "Aalto", "Jukka", "15k");
        let absent = registered(&mut t, "Nobody", "Here", "5k");
        let newer = egf_sample()
            .replace("(22 Feb 2018)", "(03 May 2018)")
            .replace(
                &egf_line("10437350", "Vannier Luc", "FR", "31Ba", "2k", 1833),
                &egf_line("10437350", "Vannier Luc", "FR", "31Ba", "1k", 1960),
            )
            .replace(
                &egf_line("14049145", "Li Wei", "CN", "Bei", "3d", 2250),
                &egf_line("14049145", "Li Wei", "CN", "Bei", "3d", 2270),
            );
        let newer = RatingIndex::new(parse(newer.as_bytes()).unwrap());
        let updates = newer.updates(t.players());
        assert_eq!(updates.not_found, [absent]);
        assert_eq!(updates.unchanged, 0);
        let shown: Vec<_> = updates
            .changes
            .iter()
            .map(|c| format!("{} {} {} {}", c.player, c.rank, c.rating.gor(), c.source))
            .collect();
        assert_eq!(
            shown,
            [
                format!("{} 1K 1960 EGD 2018-05-03", PlayerId(1)),
                format!("{} 4D 2270 EGD 2018-05-03", PlayerId(2)),
                format!("{hand} 15K 218 EGD 2018-05-03"),
            ]
        );
        updates.apply(&mut t).unwrap();
        let aalto = t.player(hand).unwrap();
        assert_eq!(
            (aalto.egf_pin.as_str(), aalto.rating_origin.as_str()),
            ("15650261", "EGF")
        );
        assert_eq!(newer.updates(t.players()).changes, []);
        assert_eq!(newer.updates(t.players()).unchanged, 3);
    }

    #[test]
    fn ratings_are_fixed_once_round_one_is_paired() {
        let index = sample_index();
        let mut t = Tournament::new(Default::default());
        let luc = registered(&mut t, "Vannier", "Luc", "2k");
        let updates = index.updates(t.players());
        assert_eq!(updates.changes.len(), 1);
        t.give_bye(crate::core::Bye {
            round: RoundNo::FIRST,
            player: luc,
        })
        .unwrap();
        let before = t.clone();
        assert_eq!(updates.apply(&mut t), Err(TournamentError::RatingsFixed));
        assert_eq!(t, before);
    }

    #[test]
    fn a_pin_is_found_exactly() {
        let index = sample_index();
        assert_eq!(shown(&index.search(" 14049148 ", 10)), ["Ali Li"]);
        assert!(index.search("1404914", 10).is_empty());
    }
}
