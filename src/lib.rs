//! Tengen: a Go tournament server. The pure rules live in [`core`]; everything
//! else is a thin shell (store, web, CLI) around it. See `ARCHITECTURE.md`.

pub mod cli;
pub mod core;
