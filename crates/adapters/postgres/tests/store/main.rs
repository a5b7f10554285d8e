//! The PostgreSQL adapter against real databases (a throwaway cluster per run, a fresh database per test), as one
//! test binary: one link, one cluster started for all of them.

mod catalogue;
mod change_feed;
mod contracts;
mod mail_outbox;
mod refusals;
mod search;
mod transitions;
mod unreachable;
mod upload_quota;
