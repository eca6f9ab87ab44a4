//! [`RatingIndex`]: a rating list indexed to find players as a name is
//! typed, to match registered players and to refresh their ratings.

use super::{RatedPlayer, RatingList};
use crate::core::fold::{fold, fold_into};
use crate::core::player::{Player, RatingSource};
use crate::core::tournament::ratings::{MatchedBy, RatingChange, RatingUpdates};
use std::collections::HashMap;

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
    /// matches, in the same order. Case and diacritics do not matter, and a
    /// name typed in Cyrillic finds its Latin spellings too (`Иванов` finds
    /// `Ivanov`, [`crate::core::translit`]), after what it finds as typed.
    pub fn search(&self, query: &str, limit: usize) -> Vec<&RatedPlayer> {
        let mut found: Vec<u32> = Vec::with_capacity(limit.min(SEARCH_LIMIT * 5));
        if let Some(&player) = self.by_id.get(&query.trim().to_ascii_uppercase()) {
            found.push(player);
        }
        self.search_names(query, limit, &mut found);
        for spelling in crate::core::translit::latin_spellings(query) {
            self.search_names(&spelling, limit, &mut found);
        }
        found.truncate(limit);
        found
            .into_iter()
            .map(|i| &self.list.players[i as usize])
            .collect()
    }

    /// Adds to `found`, up to `limit`, the players whose names `query` starts.
    fn search_names(&self, query: &str, limit: usize, found: &mut Vec<u32>) {
        let add = |player: u32, found: &mut Vec<u32>| {
            if found.len() < limit && !found.contains(&player) {
                found.push(player);
            }
        };
        let folded = fold(query);
        if !folded.is_empty() {
            let name = self.matches(&self.by_name, &folded);
            let first_name = self.matches(&self.by_first_name, &folded);
            // A player shows up at most twice (both key orders), so this walks at most 2 × limit keys.
            let tiers = [name.0, first_name.0, name.1, first_name.1];
            for key in tiers.iter().flat_map(|keys| keys.iter()) {
                if found.len() >= limit {
                    break;
                }
                add(key.player, found);
            }
        }
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
