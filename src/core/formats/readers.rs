//! Every reader of a file that comes from outside, by the name of its fuzz
//! target (`fuzz/fuzz_targets/`). The fuzzers and the corpus replay test
//! (`tests/offline/fuzz_corpus.rs`) take the readers from this one list, so a
//! reader added here is fuzzed and replayed by `cargo test`.

/// Reads a file and drops what it read: a fuzz target asks only that no
/// input makes a reader panic, hang or run out of memory.
pub type Reader = fn(&[u8]);

pub const READERS: [(&str, Reader); 7] = [
    ("opengotha", |b| drop(super::opengotha::import_bytes(b))),
    ("macmahon", |b| drop(super::macmahon::import_bytes(b))),
    ("h9", |b| drop(super::h9_read::import_bytes(b))),
    ("players_csv", |b| drop(super::csv::import_bytes(b, None))),
    ("rating_list", |b| drop(super::rating_list::parse(b))),
    ("tengen", |b| drop(super::archive::Archive::read(b))),
    // The results page's quick entry, as the form sends it (UTF-8 text).
    ("results_line", |b| {
        let text = String::from_utf8_lossy(b);
        for item in crate::core::results::entry_items(&text) {
            let _ = crate::core::results::parse_entry(item);
        }
    }),
];

/// The reader of a fuzz target.
pub fn reader(target: &str) -> Reader {
    READERS
        .iter()
        .find(|(name, _)| *name == target)
        .map(|(_, read)| *read)
        .unwrap_or_else(|| panic!("no reader is fuzzed as {target}"))
}
