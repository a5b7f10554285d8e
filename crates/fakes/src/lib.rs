//! In-memory fakes of our own ports, with the contract cases each port's every implementation must pass (the fake
//! here and the real adapter in its own tests, so the two cannot drift apart), and pictures made in memory. Nothing
//! here touches a database or the network: usable from any crate's tests, including `app`'s, which the database
//! harness in `test-support` depends on.
#![expect(clippy::expect_used, reason = "fakes and contract cases stop the test loudly when something cannot be built")]

pub mod accounts;
pub mod admin;
pub mod catalogue;
pub mod images;
pub mod mail;
pub mod orders;
pub mod payments;
pub mod pictures;
pub mod reviews;
pub mod search;
pub mod shop;
pub mod uploads;
