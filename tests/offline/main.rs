//! Everything that needs no server: the files against OpenGotha's own output, the readers' fuzz corpus, the architecture, the locale keys and the rules coverage table.
//!
//! One test binary per kind of test, each file a module: every binary
//! links the whole application, so fewer of them build faster.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod fuzz_corpus;
mod h9_read;
mod locale_keys;
mod macmahon;
mod opengotha_pairing;
mod opengotha_roundtrip;
mod opengotha_standings;
mod results_files;
mod rules_coverage;
mod team_standings;
