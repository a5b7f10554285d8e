//! The marketplace's rules, free of I/O: what a price, a book and an account are, and how a book's status may move.

pub mod account;
pub mod account_search;
pub mod book;
pub mod category;
pub mod copy;
pub mod digits;
pub mod email;
pub mod field;
pub mod handover;
pub mod ids;
pub mod language;
pub mod money;
pub mod notice;
pub mod order;
pub mod paging;
pub mod phone;
pub mod report;
pub mod review;
pub mod search;
pub mod search_text;
pub mod text;

pub use account::{Account, AccountRole, ClosedReason, Closure, ParseRoleError, sessions_end_instant};
pub use account_search::{AccountSearch, AccountSearchText, AccountSearchTextError};
pub use book::{
    Author, Book, BookCard, BookDetail, BookMove, BookStatus, BookTitle, Description, DescriptionError, IllegalStatusChange, Listing,
    ListingEdit, ListingEditForm, ListingForm, Location, MAX_PHOTOS, NewBook, NotThePhotos, ParseStatusError, PersonName, PublishYear,
    PublishYearError, Ratings, RatingsError, Reviews, ReviewsError, SellerBlock, TooManyPhotos,
};
pub use category::{
    Category, CategoryChoice, CategoryChoiceError, CategoryName, CategoryNameError, CategorySummary, MergeIntoItself, NewCategoriesUsedUp,
};
pub use copy::{BookLanguage, Condition, Isbn, IsbnError, UnknownChoice};
pub use digits::{NotANumber, WholeNumberError, latin_digits, parse_number, parse_whole_number};
pub use email::{Email, EmailError};
pub use field::{FieldError, FieldErrors, FieldProblem, FieldReason, Required};
pub use handover::{
    CAPTURE_CLAIM_TIMEOUT, DEFAULT_HANDOVER_DAYS, HANDOVER_LOCK, HandoverAttempts, HandoverCode, HandoverCodeError, HandoverLocked,
    MAX_HANDOVER_DAYS, MAX_WRONG_HANDOVER_CODES, ParsePaymentMethodError, PaymentMethod, WrongCode,
};
pub use ids::{AccountId, BookId, CategoryId, OrderId, ReportId, ReviewId};
pub use language::{Language, ParseLanguageError};
pub use money::{TAKA_CURRENCY, Taka, TakaError};
pub use notice::{NoticeKind, NoticeRecipient, ParseNoticeKindError, ParseNoticeRecipientError};
pub use order::{
    CancelReason, IllegalOrderChange, MAX_PENDING_ORDERS_PER_BUYER, Order, OrderContact, OrderContactForm, OrderMove, OrderStatus,
    ParseOrderStatusError, PaymentMismatch, ReportedPayment, handover_deadline,
};
pub use paging::{Page, PageRequest, PagingError};
pub use phone::{Phone, PhoneError};
pub use report::{
    HIDE_AFTER_REPORTS, MAX_REPORT_NOTE, REPORTS_PER_DAY, Report, ReportContent, ReportForm, ReportNote, ReportNoteError, ReportReason,
    ReportStatus, ReportTarget,
};
pub use review::{
    EndedOrders, Ending, MAX_REVIEW_TEXT, NEW_SELLER_BELOW, NewReview, PublishedReview, REVIEW_WINDOW_DAYS, Review, ReviewContent,
    ReviewForm, ReviewRatings, ReviewRefusal, ReviewSubject, ReviewText, ReviewTextError, SCORE_MONTHS, SellerAnswer, SellerHistory,
    SellerScore, Stars, StarsOutOfRange, first_name, parse_answer, review_deadline, score_window_start,
};
pub use search::{CopyFilter, PriceRange, PriceRangeError, SearchQuery, SearchSort, SearchText, SearchTextError};
pub use search_text::{QueryKeys, SEARCH_KEY_VERSION, SearchAliases, WorkKeys, query_keys, work_keys};
pub use text::{RequiredText, RequiredTextError};
