//! Ports: what the use cases need from the outside world, one trait per concern.

pub mod accounts;
pub mod admin;
pub mod catalogue;
pub mod identity;
pub mod images;
pub mod listings;
pub mod mail;
pub mod orders;
pub mod payments;
pub mod readiness;
pub mod reports;
pub mod reviews;
pub mod search;
pub mod uploads;

pub use accounts::{AccountStore, LinkIdentityError, NewIdentityAccount, OpenIdentityAccountError, SupersedeError};
pub use admin::{
    AccountOverview, AdminActionError, AdminStore, BuyerOrdersForAdmin, CategoryActionError, CategoryOverview, MergedCategory,
    SellerBooksForAdmin,
};
pub use catalogue::{
    AddCategoryError, CatalogueChanges, CatalogueReader, CatalogueWriter, CategoryGroup, CategoryPageError, CategoryShelf, ListBookError,
    ShelfMark, StoreError, StoreUnreachable, allocated_bytes,
};
pub use identity::{DemoIdentities, DemoLogin, IdentityAdmin, IdentityVerifier, VerifiedIdentity, VerifyTokenError};
pub use images::{ImageHost, ImageHostError};
pub use listings::{ListingChangeError, OrderBuyer, PhotoChangeError, SellerListing, SellerListings};
pub use mail::{Addressee, Mail, MailError, MailOutbox, MailSender, NoticeOrder, OutboxId, QueuedNotice};
pub use orders::{
    AddWishError, CardAttemptError, CardAttemptId, CardAttemptLimits, CardAttemptOutcome, Handover, HandoverError, OrderChangeError,
    OrderStore, OwedRefund, PlaceOrderError, Placed, ReturnKind, Secured, SettleError, Settlement, WishListItem, WishListStore,
};
pub use payments::{
    CardRefusal, GatewayError, PaymentEvent, PaymentGateway, ProviderPayment, ProviderPaymentStatus, Refund, RefundStatus, WebhookError,
};
pub use readiness::ReadinessProbe;
pub use reports::{FileReportError, FiledReport, ModerationError, ReportGroup, ReportStore, ReportedThing};
pub use reviews::{AddReviewError, AnswerReviewError, ReviewStore, SellerProfile};
pub use search::SearchIndex;
pub use uploads::{TakeUploadError, UploadQuota};

/// Lets `?` turn a [`StoreError`] into an operation's error, as its `Unknown(anyhow::Error)` catch-all. The one
/// definition of that conversion: every such error enum, here and in the use cases, is listed in an invocation.
#[macro_export]
macro_rules! unknown_from_store_error {
    ($($error:ty),+ $(,)?) => {$(
        impl From<$crate::StoreError> for $error {
            fn from(e: $crate::StoreError) -> Self {
                Self::Unknown(e.0)
            }
        }
    )+};
}

unknown_from_store_error!(
    AdminActionError,
    CategoryActionError,
    LinkIdentityError,
    OpenIdentityAccountError,
    ListingChangeError,
    PhotoChangeError,
    PlaceOrderError,
    OrderChangeError,
    SettleError,
    CardAttemptError,
    AddWishError,
    AddReviewError,
    AnswerReviewError,
    FileReportError,
    ModerationError,
);
