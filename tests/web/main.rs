//! The application through HTTP on a real PostgreSQL (one fresh database per test): pages, forms, the API, the referees' and the committee's work, imports and exports.
//!
//! One test binary per kind of test, each file a module: every binary
//! links the whole application, so fewer of them build faster.

#[path = "../common/mod.rs"]
mod common;

mod accounts;
mod adjournment;
mod admission;
mod api;
mod api_files;
mod api_teams;
mod archive;
mod audit;
mod closing;
mod discipline;
mod drafts;
mod home;
mod hygiene;
mod imports;
mod knockouts;
mod matches;
mod notices;
mod officials;
mod paperwork;
mod protocol;
mod rating_lists;
mod results;
mod rules_in_force;
mod sides;
mod stages;
mod supergroup;
mod tournament;
mod ukraine_swiss;
mod visibility;
mod walk;
