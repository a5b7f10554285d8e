//! How each use case's errors become answers. One explicit `From` per error type: no blanket conversion picks a
//! status silently.

use puronoboi_app::images::UploadRejected;
use puronoboi_app::photos::PhotoError;
use puronoboi_app::profile::ProfileError;
use puronoboi_app::sessions::{AuthError, OpenSessionError};
use puronoboi_app::uploads::{UploadRefused, Uploads};
use puronoboi_app::{BookLookupError, GroupedError};
use puronoboi_domain::{CategoryChoiceError, FieldError, MergeIntoItself, PagingError};
use puronoboi_ports::{CategoryPageError, StoreError};

use crate::error::{ApiError, ErrorCode};

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        Self::internal(e.0.as_ref())
    }
}

impl From<PagingError> for ApiError {
    fn from(e: PagingError) -> Self {
        match e {
            PagingError::TooDeep { .. } => Self::new(ErrorCode::PageTooDeep, e.to_string()),
            PagingError::PageOutOfRange | PagingError::PerPageOutOfRange { .. } => Self::invalid_query(e.to_string()),
        }
    }
}

impl From<GroupedError> for ApiError {
    fn from(e: GroupedError) -> Self {
        match e {
            GroupedError::PerCategoryOutOfRange => Self::invalid_query(e.to_string()),
            GroupedError::Unknown(store) => store.into(),
        }
    }
}

impl From<BookLookupError> for ApiError {
    fn from(e: BookLookupError) -> Self {
        match e {
            BookLookupError::NotFound => Self::new(ErrorCode::BookNotFound, "No book has this id."),
            BookLookupError::Unknown(store) => store.into(),
        }
    }
}

impl From<CategoryPageError> for ApiError {
    fn from(e: CategoryPageError) -> Self {
        match e {
            CategoryPageError::NotFound => Self::new(ErrorCode::CategoryNotFound, "No category has this id."),
            CategoryPageError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        match e {
            AuthError::Unauthenticated => Self::unauthenticated("Sign in to continue."),
            AuthError::TokenExpired => Self::new(ErrorCode::TokenExpired, "Your session has expired. Please sign in again."),
            AuthError::TokenRevoked => Self::new(
                ErrorCode::TokenRevoked,
                "This session has ended (you logged out, or your account changed). Please sign in again.",
            ),
            AuthError::AccountDeleted => Self::account_deleted(),
            AuthError::Unknown(store) => store.into(),
        }
    }
}

impl From<OpenSessionError> for ApiError {
    fn from(e: OpenSessionError) -> Self {
        match e {
            OpenSessionError::IdentityRejected(reason) => {
                tracing::info!(%reason, "identity token rejected");
                Self::unauthenticated("Your sign-in could not be verified. Please sign in again.")
            }
            OpenSessionError::IdentityUnavailable(cause) => {
                tracing::error!(error = %format!("{cause:#}"), "cannot verify identity tokens");
                Self::unavailable("Sign-in is unavailable right now. Please try again shortly.")
            }
            OpenSessionError::AccountDeleted => Self::account_deleted(),
            OpenSessionError::SignInAgain => Self::new(
                ErrorCode::SignInAgain,
                "You were signed out of this account (you logged out, or it changed hands). Please sign in again.",
            ),
            OpenSessionError::NoEmail => Self::invalid_input("Your sign-in has no e-mail address; sign in another way."),
            OpenSessionError::InvalidName(error) => Self::field("name", error),
            OpenSessionError::EmailTaken => {
                Self::new(ErrorCode::EmailTaken, "Another sign-in already uses this e-mail address. Sign in the way you first signed up.")
            }
            OpenSessionError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<UploadRejected> for ApiError {
    fn from(e: UploadRejected) -> Self {
        match e {
            UploadRejected::TooLarge { .. } => Self::new(ErrorCode::ImageTooLarge, "The picture is larger than 5 MB."),
            UploadRejected::TooManyPixels { .. } => {
                Self::new(ErrorCode::ImageTooLarge, "The picture has too many pixels; use one under 40 megapixels.")
            }
            UploadRejected::NotAnImage => Self::new(ErrorCode::UnsupportedImage, "Upload a JPEG, PNG or WebP picture."),
            UploadRejected::Corrupt(_) => Self::new(ErrorCode::UnsupportedImage, "The picture could not be read; it may be damaged."),
        }
    }
}

impl From<ProfileError> for ApiError {
    fn from(e: ProfileError) -> Self {
        match e {
            ProfileError::AccountClosed => Self::account_deleted(),
            ProfileError::Unknown(cause) => cause.into(),
        }
    }
}

impl From<PhotoError> for ApiError {
    fn from(e: PhotoError) -> Self {
        match e {
            PhotoError::Rejected(rejected) => rejected.into(),
            // The picture already passed our checks, so a refusal is about our account with the host (a bad key,
            // a quota): log it for us, and do not blame the person uploading.
            PhotoError::HostRefused(reason) => {
                tracing::error!(%reason, "the image host refused a checked picture");
                Self::unavailable("Pictures cannot be stored right now. Please try again later.")
            }
            PhotoError::AccountClosed => Self::account_deleted(),
            PhotoError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

/// When to try an upload again that found every slot taken: about as long as a slot is held.
const BUSY_RETRY_AFTER: std::time::Duration = std::time::Duration::from_secs(5);

impl From<UploadRefused> for ApiError {
    fn from(e: UploadRefused) -> Self {
        match e {
            UploadRefused::InProgress => Self::new(
                ErrorCode::UploadInProgress,
                "Another of your pictures is still uploading. Please wait for it to finish, then try again.",
            ),
            UploadRefused::TooMany => Self::rate_limited("Too many uploads. Please wait a minute and try again.", Uploads::RATE_WINDOW),
            // Not a failure: the upload was turned away before its picture was looked at, and a retry soon will do.
            UploadRefused::Busy => {
                tracing::warn!("an upload was turned away: no upload slot was free and the queue was full or too slow");
                Self::rate_limited("The server is busy with other uploads. Please try again in a moment.", BUSY_RETRY_AFTER)
            }
            UploadRefused::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_ports::ListingChangeError> for ApiError {
    fn from(e: puronoboi_ports::ListingChangeError) -> Self {
        use puronoboi_ports::ListingChangeError;
        match e {
            ListingChangeError::NotFound => Self::new(ErrorCode::BookNotFound, "You have no book with this id."),
            ListingChangeError::Unavailable(status) => Self::new(
                ErrorCode::BookUnavailable,
                format!("This book is {status}: only an available book can be changed, advertised or deleted."),
            ),
            ListingChangeError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_ports::PhotoChangeError> for ApiError {
    fn from(e: puronoboi_ports::PhotoChangeError) -> Self {
        use puronoboi_domain::{FieldError, NotThePhotos, TooManyPhotos};
        use puronoboi_ports::PhotoChangeError;
        match e {
            PhotoChangeError::NotFound => Self::new(ErrorCode::BookNotFound, "You have no book with this id."),
            PhotoChangeError::Unavailable(status) => {
                Self::new(ErrorCode::BookUnavailable, format!("This book is {status}: only an available book's photos can change."))
            }
            PhotoChangeError::Full => Self::validation([("image", FieldError::of(&TooManyPhotos))].into()),
            PhotoChangeError::LastPhoto => {
                Self::new(ErrorCode::LastPhoto, "A listing keeps at least one photo: add another before removing this one.")
            }
            PhotoChangeError::NoSuchPhoto => Self::new(ErrorCode::PhotoNotFound, "The listing has no photo at this position."),
            PhotoChangeError::NotTheSamePhotos => Self::validation([("order", FieldError::of(&NotThePhotos))].into()),
            PhotoChangeError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_app::listings::AddPhotoError> for ApiError {
    fn from(e: puronoboi_app::listings::AddPhotoError) -> Self {
        use puronoboi_app::listings::AddPhotoError;
        match e {
            AddPhotoError::Change(change) => change.into(),
            AddPhotoError::Picture(picture) => picture.into(),
        }
    }
}

impl From<puronoboi_app::listings::CreateListingError> for ApiError {
    fn from(e: puronoboi_app::listings::CreateListingError) -> Self {
        use puronoboi_app::listings::CreateListingError;
        match e {
            CreateListingError::Invalid(errors) => Self::validation(errors),
            CreateListingError::Picture(picture) => picture.into(),
            CreateListingError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_app::listings::EditListingError> for ApiError {
    fn from(e: puronoboi_app::listings::EditListingError) -> Self {
        use puronoboi_app::listings::EditListingError;
        match e {
            EditListingError::Invalid(errors) => Self::validation(errors),
            EditListingError::Change(change) => change.into(),
        }
    }
}

impl From<puronoboi_ports::AdminActionError> for ApiError {
    fn from(e: puronoboi_ports::AdminActionError) -> Self {
        use puronoboi_ports::AdminActionError;
        match e {
            AdminActionError::NotFound => Self::new(ErrorCode::AccountNotFound, "No such account (it may have been deleted already)."),
            AdminActionError::IsAdmin => Self::new(ErrorCode::CannotDeleteAdmin, "Admin accounts cannot be deleted."),
            AdminActionError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_ports::CategoryActionError> for ApiError {
    fn from(e: puronoboi_ports::CategoryActionError) -> Self {
        use puronoboi_ports::CategoryActionError;
        match e {
            CategoryActionError::NotFound => {
                Self::new(ErrorCode::CategoryNotFound, "No category has this id (it may have been merged or deleted).")
            }
            CategoryActionError::IntoNotFound => Self::field("into", FieldError::of(&CategoryChoiceError::NotFromTheList)),
            CategoryActionError::SameCategory => Self::field("into", FieldError::of(&MergeIntoItself)),
            CategoryActionError::NameTaken(existing) => {
                Self::new(ErrorCode::CategoryNameTaken, format!("Another category is already named \"{}\".", existing.name))
            }
            CategoryActionError::NotEmpty { books } => Self::new(
                ErrorCode::CategoryNotEmpty,
                format!(
                    "This category still holds {books} {} (withdrawn ones count). Merge it into another category instead.",
                    if books == 1 { "book" } else { "books" }
                ),
            ),
            CategoryActionError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_app::admin::RenameCategoryError> for ApiError {
    fn from(e: puronoboi_app::admin::RenameCategoryError) -> Self {
        use puronoboi_app::admin::RenameCategoryError;
        match e {
            RenameCategoryError::Invalid(errors) => Self::validation(errors),
            RenameCategoryError::Action(action) => action.into(),
        }
    }
}

/// What a buyer is told when someone else won the race for a book.
pub const SOMEONE_ELSE_ORDERED: &str = "Someone else has just ordered this book.";

impl From<puronoboi_app::orders::PlaceError> for ApiError {
    fn from(e: puronoboi_app::orders::PlaceError) -> Self {
        use puronoboi_app::orders::PlaceError;
        use puronoboi_ports::PlaceOrderError;
        match e {
            PlaceError::Invalid(errors) => Self::validation(errors),
            PlaceError::Store(PlaceOrderError::BookNotFound) => Self::new(ErrorCode::BookNotFound, "No book has this id."),
            PlaceError::Store(PlaceOrderError::BookUnavailable) => Self::new(ErrorCode::BookUnavailable, SOMEONE_ELSE_ORDERED),
            PlaceError::Store(PlaceOrderError::TooManyPending) => Self::new(
                ErrorCode::TooManyPendingOrders,
                format!(
                    "You already have {} unpaid orders. Pay for or cancel one of them in My Orders before ordering another book.",
                    puronoboi_domain::MAX_PENDING_ORDERS_PER_BUYER
                ),
            ),
            PlaceError::Store(PlaceOrderError::BuyerClosed) => Self::account_deleted(),
            PlaceError::Store(PlaceOrderError::Unknown(cause)) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_ports::OrderChangeError> for ApiError {
    fn from(e: puronoboi_ports::OrderChangeError) -> Self {
        use puronoboi_ports::OrderChangeError;
        match e {
            OrderChangeError::NotFound => Self::new(ErrorCode::OrderNotFound, "You have no order with this id."),
            OrderChangeError::Closed(status) => order_closed(status),
            OrderChangeError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_app::orders::ChoosePaymentError> for ApiError {
    fn from(e: puronoboi_app::orders::ChoosePaymentError) -> Self {
        use puronoboi_app::orders::ChoosePaymentError;
        match e {
            ChoosePaymentError::CardUnavailable(why) => why.into(),
            ChoosePaymentError::Store(e) => e.into(),
        }
    }
}

impl From<puronoboi_app::orders::HandOverError> for ApiError {
    fn from(e: puronoboi_app::orders::HandOverError) -> Self {
        use puronoboi_app::orders::HandOverError;
        use puronoboi_ports::HandoverError;
        match e {
            HandOverError::Invalid(errors) => Self::validation(errors),
            HandOverError::NotFound | HandOverError::Store(HandoverError::NotFound) => {
                Self::new(ErrorCode::OrderNotFound, "None of your books has an order with this id.")
            }
            HandOverError::Store(HandoverError::Closed(puronoboi_domain::OrderStatus::Held)) => Self::new(
                ErrorCode::OrderClosed,
                "The buyer's code was just entered for this order and its payment is being taken; reload to see it completed.",
            ),
            HandOverError::Store(HandoverError::Closed(status)) => Self::new(
                ErrorCode::OrderClosed,
                format!("This order is {status}; only an order awaiting its handover is handed over with the buyer's code."),
            ),
            HandOverError::Payment(e) => e.into(),
            HandOverError::Store(HandoverError::Locked(locked)) => Self::handover_locked(locked.retry_after(chrono::Utc::now())),
            HandOverError::Store(HandoverError::Unknown(cause)) => Self::internal(cause.as_ref()),
        }
    }
}

fn order_closed(status: puronoboi_domain::OrderStatus) -> ApiError {
    let message = match status {
        puronoboi_domain::OrderStatus::Held => {
            "A card already holds this order's price until the handover: it cannot be paid again or changed, only handed over or cancelled."
                .to_owned()
        }
        other => format!("This order is {other}; it can no longer be paid, changed or cancelled."),
    };
    ApiError::new(ErrorCode::OrderClosed, message)
}

impl From<puronoboi_ports::AddWishError> for ApiError {
    fn from(e: puronoboi_ports::AddWishError) -> Self {
        use puronoboi_ports::AddWishError;
        match e {
            AddWishError::BookNotFound => Self::new(ErrorCode::BookNotFound, "No book has this id."),
            AddWishError::Full => Self::new(
                ErrorCode::WishListFull,
                format!("Your wish list already holds {} books. Remove one to add another.", puronoboi_app::orders::WISH_LIST_LIMIT),
            ),
            AddWishError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_app::payments::PayError> for ApiError {
    fn from(e: puronoboi_app::payments::PayError) -> Self {
        use puronoboi_app::payments::PayError;
        match e {
            PayError::NotConfigured => Self::unavailable("Card payments are not available on this server."),
            PayError::NotFound => Self::new(ErrorCode::OrderNotFound, "You have no order with this id."),
            PayError::Closed(status) => order_closed(status),
            PayError::BelowMinimum { minimum } => Self::new(
                ErrorCode::BelowCardMinimum,
                format!("Card payments start at {minimum}; this book costs less, so it cannot be paid by card."),
            ),
            PayError::TooManyOrderAttempts { retry_after } => {
                Self::rate_limited(puronoboi_app::payments::TOO_MANY_ORDER_ATTEMPTS, retry_after)
            }
            PayError::TooManyAccountAttempts { retry_after } => {
                Self::rate_limited(puronoboi_app::payments::TOO_MANY_ACCOUNT_ATTEMPTS, retry_after)
            }
            PayError::Unavailable(cause) => {
                tracing::error!(error = %format!("{cause:#}"), "the card payment provider failed");
                Self::unavailable("The card payment service is not answering. Your card was not charged; please try again in a minute.")
            }
            PayError::Unknown(cause) => Self::internal(cause.as_ref()),
            // Our own intent came back altered: an anomaly worth an alarm, never a recorded payment.
            mismatch @ PayError::Mismatch { .. } => Self::internal(&mismatch),
            PayError::HoldEnded(_) => Self::new(
                ErrorCode::CardHoldEnded,
                "The buyer's card no longer holds the price, so nothing could be taken. Take the price in cash, or the buyer may cancel and order again.",
            ),
        }
    }
}

impl From<puronoboi_app::payments::WebhookHandlingError> for ApiError {
    fn from(e: puronoboi_app::payments::WebhookHandlingError) -> Self {
        use puronoboi_app::payments::WebhookHandlingError;
        match e {
            WebhookHandlingError::NotConfigured => Self::unavailable("Card payments are not configured."),
            WebhookHandlingError::Untrusted(reason) => {
                tracing::warn!(%reason, "refused a payment webhook");
                Self::new(ErrorCode::InvalidSignature, format!("The webhook was refused: {reason}."))
            }
            WebhookHandlingError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_app::reviews::WriteReviewError> for ApiError {
    fn from(e: puronoboi_app::reviews::WriteReviewError) -> Self {
        use puronoboi_app::reviews::WriteReviewError;
        use puronoboi_domain::ReviewRefusal;
        use puronoboi_ports::AddReviewError;
        let not_completed = || Self::new(ErrorCode::OrderNotCompleted, "Only an order that was handed over can be reviewed.");
        let reviewed = || Self::new(ErrorCode::AlreadyReviewed, "You have reviewed this order already.");
        match e {
            WriteReviewError::NotFound => Self::new(ErrorCode::OrderNotFound, "You have no order with this id."),
            WriteReviewError::Invalid(errors) => Self::validation(errors),
            WriteReviewError::Refused(ReviewRefusal::NotCompleted(_)) | WriteReviewError::Store(AddReviewError::NotCompleted) => {
                not_completed()
            }
            WriteReviewError::Refused(ReviewRefusal::AlreadyReviewed) | WriteReviewError::Store(AddReviewError::AlreadyReviewed) => {
                reviewed()
            }
            WriteReviewError::Refused(ReviewRefusal::WindowClosed { .. }) => Self::new(
                ErrorCode::ReviewWindowClosed,
                format!(
                    "Reviews are taken for {} days after the handover; this order's time has passed.",
                    puronoboi_domain::REVIEW_WINDOW_DAYS
                ),
            ),
            WriteReviewError::Refused(ReviewRefusal::SharedPhone) => Self::new(
                ErrorCode::SharedPhone,
                "Your phone number on this order is also on the seller's listings: accounts that share a phone number cannot review each other.",
            ),
            WriteReviewError::Store(AddReviewError::Unknown(cause)) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_app::reviews::AnswerError> for ApiError {
    fn from(e: puronoboi_app::reviews::AnswerError) -> Self {
        use puronoboi_app::reviews::AnswerError;
        use puronoboi_ports::AnswerReviewError;
        match e {
            AnswerError::Invalid(errors) => Self::validation(errors),
            AnswerError::Store(AnswerReviewError::NotFound) => {
                Self::new(ErrorCode::ReviewNotFound, "No review of your orders has this id.")
            }
            AnswerError::Store(AnswerReviewError::AlreadyAnswered) => {
                Self::new(ErrorCode::AlreadyAnswered, "You have answered this review already.")
            }
            AnswerError::Store(AnswerReviewError::Unknown(cause)) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_app::reports::ReportError> for ApiError {
    fn from(e: puronoboi_app::reports::ReportError) -> Self {
        use puronoboi_app::reports::ReportError;
        use puronoboi_ports::FileReportError;
        match e {
            ReportError::Invalid(errors) => Self::validation(errors),
            ReportError::Admin => Self::new(ErrorCode::WrongRole, "Admins decide on reports rather than file them."),
            ReportError::Refused(FileReportError::TargetNotFound) => Self::not_found("There is nothing to report with this id."),
            ReportError::Refused(FileReportError::OwnTarget) => {
                Self::new(ErrorCode::OwnReportTarget, "You cannot report your own listing or your own account.")
            }
            ReportError::Refused(FileReportError::DailyLimit { limit, retry_after }) => Self::rate_limited(
                format!("You have filed {limit} reports in the last 24 hours, the most allowed. Try again later."),
                retry_after,
            ),
            ReportError::Refused(FileReportError::Unknown(cause)) => Self::internal(cause.as_ref()),
        }
    }
}

impl From<puronoboi_ports::ModerationError> for ApiError {
    fn from(e: puronoboi_ports::ModerationError) -> Self {
        use puronoboi_ports::ModerationError;
        match e {
            ModerationError::NotFound => Self::new(ErrorCode::BookNotFound, "No book has this id."),
            ModerationError::Decided => Self::new(ErrorCode::ReportDecided, "These reports were decided already."),
            ModerationError::WrongStatus(status) => Self::new(
                ErrorCode::BookUnavailable,
                format!("This book is {status}: only an available listing can be hidden, and only a hidden one restored."),
            ),
            ModerationError::Unknown(cause) => Self::internal(cause.as_ref()),
        }
    }
}
