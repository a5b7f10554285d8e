//! The e-mails an order sends: which events of an order are told to whom. Who is told is a rule of the marketplace
//! (the seller learns the buyer's phone and meeting place when a book is ordered; the buyer is never written to about
//! their own order being placed, because they are looking at it), so it is a table here, and the outbox, the SQL that
//! fills it and the texts all read it.

use std::fmt;
use std::str::FromStr;

/// Something that happened to an order that its buyer, its seller or both are told about by e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NoticeKind {
    /// A buyer ordered a book: the seller gets the buyer's name, phone and meeting place.
    OrderPlaced,
    /// The buyer's card payment is held until the handover.
    CardHeld,
    /// The handover happened: the seller entered the buyer's code.
    Completed,
    /// The order was cancelled (by the buyer, or because an account it depends on closed).
    Cancelled,
    /// The order ran out of time.
    Expired,
    /// A day before the handover deadline, while the order is still open.
    DeadlineSoon,
}

/// Who receives a notice: the order's buyer or the seller of its book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NoticeRecipient {
    Buyer,
    Seller,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notice kind {0:?}")]
pub struct ParseNoticeKindError(pub String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notice recipient {0:?}: expected \"buyer\" or \"seller\"")]
pub struct ParseNoticeRecipientError(pub String);

impl NoticeKind {
    pub const ALL: [Self; 6] = [Self::OrderPlaced, Self::CardHeld, Self::Completed, Self::Cancelled, Self::Expired, Self::DeadlineSoon];

    /// The stored name: `order_placed`, `card_held`, `completed`, `cancelled`, `expired`, `deadline_soon`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::OrderPlaced => "order_placed",
            Self::CardHeld => "card_held",
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
            Self::Expired => "expired",
            Self::DeadlineSoon => "deadline_soon",
        }
    }

    /// Who is told. The buyer placed the order themselves and sees it on screen, so only the seller hears of it; every
    /// later event concerns both sides of the meeting.
    pub const fn recipients(self) -> &'static [NoticeRecipient] {
        match self {
            Self::OrderPlaced => &[NoticeRecipient::Seller],
            Self::CardHeld | Self::Completed | Self::Cancelled | Self::Expired | Self::DeadlineSoon => {
                &[NoticeRecipient::Seller, NoticeRecipient::Buyer]
            }
        }
    }

    /// Whether `recipient` is told of this kind of event.
    pub fn is_for(self, recipient: NoticeRecipient) -> bool {
        self.recipients().contains(&recipient)
    }
}

impl NoticeRecipient {
    pub const ALL: [Self; 2] = [Self::Buyer, Self::Seller];

    /// The stored name: `buyer` or `seller`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Buyer => "buyer",
            Self::Seller => "seller",
        }
    }
}

impl fmt::Display for NoticeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for NoticeRecipient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for NoticeKind {
    type Err = ParseNoticeKindError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == s).ok_or_else(|| ParseNoticeKindError(s.to_owned()))
    }
}

impl FromStr for NoticeRecipient {
    type Err = ParseNoticeRecipientError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|recipient| recipient.as_str() == s).ok_or_else(|| ParseNoticeRecipientError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_names_read_back_and_nothing_else_reads() {
        for kind in NoticeKind::ALL {
            assert_eq!(kind.as_str().parse::<NoticeKind>(), Ok(kind));
            assert_eq!(kind.to_string(), kind.as_str());
        }
        for recipient in NoticeRecipient::ALL {
            assert_eq!(recipient.as_str().parse::<NoticeRecipient>(), Ok(recipient));
        }
        for other in ["", "OrderPlaced", "order-placed", "Completed", "paid"] {
            assert_eq!(other.parse::<NoticeKind>(), Err(ParseNoticeKindError(other.to_owned())));
        }
        for other in ["", "Buyer", "admin", "both"] {
            assert!(other.parse::<NoticeRecipient>().is_err(), "{other:?}");
        }
    }

    #[test]
    fn the_stored_names_are_the_ones_the_outbox_table_allows() {
        let names: Vec<&str> = NoticeKind::ALL.into_iter().map(NoticeKind::as_str).collect();
        assert_eq!(names, ["order_placed", "card_held", "completed", "cancelled", "expired", "deadline_soon"]);
        let recipients: Vec<&str> = NoticeRecipient::ALL.into_iter().map(NoticeRecipient::as_str).collect();
        assert_eq!(recipients, ["buyer", "seller"]);
    }

    #[test]
    fn only_the_seller_hears_of_a_new_order_and_both_of_everything_after() {
        assert_eq!(NoticeKind::OrderPlaced.recipients(), [NoticeRecipient::Seller]);
        assert!(!NoticeKind::OrderPlaced.is_for(NoticeRecipient::Buyer), "the buyer placed it and sees it");
        for kind in [NoticeKind::CardHeld, NoticeKind::Completed, NoticeKind::Cancelled, NoticeKind::Expired, NoticeKind::DeadlineSoon] {
            assert!(kind.is_for(NoticeRecipient::Buyer) && kind.is_for(NoticeRecipient::Seller), "{kind}");
            assert_eq!(kind.recipients().len(), 2, "{kind}: each side once");
        }
    }
}
