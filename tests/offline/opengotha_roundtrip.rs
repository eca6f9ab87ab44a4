//! Every OpenGotha fixture survives import → export → import unchanged.

use std::path::Path;
use tengen::core::formats::opengotha;

#[test]
fn every_fixture_survives_export_and_import_unchanged() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/opengotha");
    if !dir.is_dir() {
        println!("skipped: ../shared/fixtures not found");
        return;
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures are readable") {
        let path = entry.expect("directory entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("xml") {
            continue;
        }
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let bytes = std::fs::read(&path).expect("fixture is readable");
        let first = match opengotha::import_bytes(&bytes) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{name}: import failed: {e}"));
                continue;
            }
        };
        match opengotha::import(&opengotha::export(&first)) {
            Ok(second) if second == first => checked += 1,
            Ok(_) => failures.push(format!("{name}: the re-imported model differs")),
            Err(e) => failures.push(format!("{name}: the export does not import: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0, "no fixture in {}", dir.display());
}
