//! Pages in headless Chromium (Debian's `chromium` and `chromium-driver`) and the W3C checker: what a person sees on a phone and on paper.
//!
//! One test binary per kind of test, each file a module: every binary
//! links the whole application, so fewer of them build faster.

#[path = "../common/mod.rs"]
mod common;

mod bracket;
mod browser;
mod crawl;
mod gor;
mod inclusive;
mod keyboard;
mod pages;
mod pair_go;
mod phone;
mod print;
mod team_event;
mod teams;
