//! File formats: reading and writing other programs' files, without I/O
//! (callers pass and receive text).
pub mod crosstable;
pub mod csv;
pub mod h9;
pub mod opengotha;
pub mod pairing_tsv;
pub mod protocol;
pub mod rating_list;
pub mod standings_tsv;
pub mod text;
pub mod tou;
