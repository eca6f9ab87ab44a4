//! The fuzzers' corpus (`fuzz/corpus/<target>/`) replayed through the same
//! readers under `cargo test`, with no fuzzer: every input the fuzzers
//! kept, and every input that once crashed a reader, reads without a panic.

use std::path::Path;
use tengen::core::formats::readers::READERS;

#[test]
fn every_input_of_the_fuzz_corpus_reads_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let mut panicked = Vec::new();
    for (target, read) in READERS {
        let dir = root.join(target);
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("the corpus of {target}, {}: {e}", dir.display()));
        let mut inputs = 0;
        for entry in entries {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            if std::panic::catch_unwind(|| read(&bytes)).is_err() {
                panicked.push(path.display().to_string());
            }
            inputs += 1;
        }
        assert!(inputs > 0, "the corpus of {target} is empty");
    }
    assert!(panicked.is_empty(), "readers panicked on {panicked:?}");
}
