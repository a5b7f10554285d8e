//! What the API sends and receives, as exported to TypeScript in bindings/. Separate from domain types on purpose:
//! the wire format changes only when we decide it does.

mod accounts;
mod admin_accounts;
mod admin_categories;
mod catalogue;
mod limits;
mod listings;
mod orders;
mod reports;
mod reviews;
mod search;

pub use accounts::*;
pub use admin_accounts::*;
pub use admin_categories::*;
pub use catalogue::*;
pub use limits::*;
pub use listings::*;
pub use orders::*;
pub use reports::*;
pub use reviews::*;
pub use search::*;
