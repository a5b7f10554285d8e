//! Ports: what the use cases need from the outside world, one trait per concern.

pub mod catalogue;
pub mod pictures;
pub mod readiness;

pub use catalogue::{
    AddCategoryError, CatalogueReader, CatalogueWriter, CategoryGroup, CategoryPageError, ChangeStatusError, ListBookError, NewAccount,
    NewBook, OpenAccountError, StoreError,
};
pub use pictures::{PictureStore, StorePictureError};
pub use readiness::ReadinessProbe;
