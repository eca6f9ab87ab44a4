//! Tengen: a Go tournament server. The pure rules live in [`core`]; everything
//! else is a thin shell around it: [`store`] (PostgreSQL), [`web`] (pages and
//! the JSON API), [`cli`] (offline commands) and [`server`] (wiring them up).
//! See `ARCHITECTURE.md`.

rust_i18n::i18n!("src/locales", fallback = "en");

pub mod cli;
pub mod config;
pub mod core;
pub mod desk;
pub mod server;
pub mod store;
pub mod web;
