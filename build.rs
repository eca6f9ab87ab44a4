//! The translations are compiled in by `rust_i18n::i18n!`, which cargo does
//! not know reads `src/locales/`: without this, an edited text would keep its
//! old wording until some Rust file changed.
fn main() {
    println!("cargo:rerun-if-changed=src/locales");
}
