//! The `tengen` binary as a process: `serve` on its embedded database, the CLI, a database outage.
//!
//! One test binary per kind of test, each file a module: every binary
//! links the whole application, so fewer of them build faster.

#[path = "../common/mod.rs"]
mod common;

mod outage;
mod serve;
