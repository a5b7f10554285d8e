//! Order e-mail: what each notice of the outbox says, in its reader's language, and the worker that delivers the
//! outbox from every server instance.
//!
//! A message is written for the person it goes to: the seller learns who ordered and how to reach them, the buyer where
//! their order stands and where to find it. No message carries a handover code: a code in a mailbox could be read by
//! anyone who sees the seller's screen or the buyer's inbox, and the code is the buyer's proof that they have the book.
//! There is no field for one in a notice, so none can be rendered.
//!
//! Delivery is at least once: a notice is recorded sent only after the transport took it, so a worker that dies in
//! between leaves it to be sent again when its lease ends. Its Message-ID is made from the outbox row, so the second
//! copy is the same message to a mail program.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, FixedOffset, Utc};
use puronoboi_domain::{CancelReason, Language, NoticeKind, NoticeRecipient, OrderId, PaymentMethod, Taka};
use puronoboi_ports::{Mail, MailError, MailOutbox, MailSender, NoticeOrder, QueuedNotice, StoreError};

use crate::orders::OrderPeriods;

/// Counter: messages handed to the mail transport.
pub const MAIL_SENT: &str = "mail_sent_total";
/// Counter: attempts that failed and will be tried again.
pub const MAIL_RETRIED: &str = "mail_retried_total";
/// Counter: messages given up on (refused for good, or out of attempts): their readers never get them.
pub const MAIL_FAILED: &str = "mail_failed_total";

/// How many times a message is tried before it is given up on. Spaced by [`MAIL_RETRY_FIRST`], doubling: 1 minute,
/// 2, 4, ... 256, about eight and a half hours in all, long enough for a relay's outage to end.
pub const MAX_MAIL_ATTEMPTS: u32 = 10;
/// The wait after the first failed attempt; each later one waits twice as long as the one before.
pub const MAIL_RETRY_FIRST: Duration = Duration::from_secs(60);

/// The wait before the next attempt at a message that has failed `failed_attempts` times (at least once).
pub fn retry_delay(failed_attempts: u32) -> Duration {
    MAIL_RETRY_FIRST.saturating_mul(2_u32.saturating_pow(failed_attempts.saturating_sub(1)))
}

/// Where the messages' links point and where their Message-IDs are made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSite {
    url: String,
    message_id_domain: String,
}

impl MailSite {
    /// `public_url`: the site's address as readers open it (`https://puronoboi.com`); `message_id_domain`: the
    /// domain after the `@` of every Message-ID, the sender's own.
    pub fn new(public_url: &str, message_id_domain: &str) -> Self {
        Self { url: public_url.trim_end_matches('/').to_owned(), message_id_domain: message_id_domain.to_owned() }
    }

    /// The buyer's page of one order: where its state and its handover code are.
    pub fn order_page(&self, order: OrderId) -> String {
        format!("{}/dashboard/payment/{order}", self.url)
    }

    /// The seller's My Products page: their books, the orders on them, and where a handover code is entered.
    pub fn my_products(&self) -> String {
        format!("{}/dashboard/myProducts", self.url)
    }

    /// The same for every copy of one outbox row, and different for any other.
    fn message_id(&self, notice: &QueuedNotice) -> String {
        format!("<{}.{}.{}@{}>", notice.id, notice.kind, notice.order.id, self.message_id_domain)
    }
}

/// The outbox held a notice the marketplace never sends (the domain's table says who is told of what).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the {recipient} is not told of {kind}")]
pub struct NotAddressed {
    pub kind: NoticeKind,
    pub recipient: NoticeRecipient,
}

/// The message `notice` is, in its reader's language, with links into `site`.
pub fn render(notice: &QueuedNotice, site: &MailSite) -> Result<Mail, NotAddressed> {
    let not_addressed = NotAddressed { kind: notice.kind, recipient: notice.recipient };
    if !notice.kind.is_for(notice.recipient) {
        return Err(not_addressed);
    }
    let language = notice.to.language;
    let words = Words::of(language);
    let facts = Facts::of(notice, language);
    let letter = match language {
        Language::Bangla => bangla(notice.kind, notice.recipient, &facts, words),
        Language::English => english(notice.kind, notice.recipient, &facts, words),
    }
    .ok_or(not_addressed)?;
    let link = match notice.recipient {
        NoticeRecipient::Buyer => (words.order_page, site.order_page(notice.order.id)),
        NoticeRecipient::Seller => (words.my_products, site.my_products()),
    };
    let greeting = words.greeting.replace("{name}", notice.to.name.trim());
    Ok(Mail {
        outbox_id: notice.id,
        kind: notice.kind,
        to_address: notice.to.email.clone(),
        to_name: notice.to.name.clone(),
        subject: letter.subject.clone(),
        text: letter.text(&greeting, &link, words),
        html: Some(letter.html(&greeting, &link, words, language)),
        message_id: site.message_id(notice),
    })
}

/// What one message says, before it is laid out as text or HTML.
struct Letter {
    subject: String,
    /// The news, as one paragraph of sentences.
    lead: Vec<String>,
    /// Labelled facts, one a line.
    details: Vec<(&'static str, String)>,
    /// What to do next, a paragraph each.
    advice: Vec<String>,
}

impl Letter {
    fn text(&self, greeting: &str, (link_label, link): &(&str, String), words: &Words) -> String {
        let mut out = format!("{greeting}\n\n{}\n", self.lead.join(" "));
        if !self.details.is_empty() {
            out.push('\n');
            for (label, value) in &self.details {
                out.push_str(&format!("{label}: {value}\n"));
            }
        }
        for paragraph in &self.advice {
            out.push_str(&format!("\n{paragraph}\n"));
        }
        out.push_str(&format!("\n{link_label}: {link}\n\n— {}\n\n{}\n", words.signature, words.footer));
        out
    }

    fn html(&self, greeting: &str, (link_label, link): &(&str, String), words: &Words, language: Language) -> String {
        let mut out = format!(
            "<!DOCTYPE html>\n<html lang=\"{}\">\n<head><meta charset=\"utf-8\"><title>{}</title></head>\n\
             <body style=\"font-family: sans-serif; line-height: 1.5; color: #222\">\n<p>{}</p>\n<p>{}</p>\n",
            language.code(),
            escape(&self.subject),
            escape(greeting),
            escape(&self.lead.join(" ")),
        );
        if !self.details.is_empty() {
            out.push_str("<table style=\"border-collapse: collapse\">\n");
            for (label, value) in &self.details {
                out.push_str(&format!(
                    "<tr><th style=\"text-align: left; font-weight: normal; color: #555; padding: 2px 16px 2px 0\">{}</th>\
                     <td style=\"padding: 2px 0\">{}</td></tr>\n",
                    escape(label),
                    escape(value),
                ));
            }
            out.push_str("</table>\n");
        }
        for paragraph in &self.advice {
            out.push_str(&format!("<p>{}</p>\n", escape(paragraph)));
        }
        out.push_str(&format!(
            "<p><a href=\"{}\">{}</a></p>\n<p>— {}</p>\n<p style=\"color: #777; font-size: small\">{}</p>\n</body>\n</html>\n",
            escape(link),
            escape(link_label),
            escape(words.signature),
            escape(words.footer),
        ));
        out
    }
}

/// Text for HTML: an order's title, a person's name or a meeting place may hold `<` or `&`.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The words every message of one language shares.
struct Words {
    greeting: &'static str,
    signature: &'static str,
    footer: &'static str,
    order_page: &'static str,
    my_products: &'static str,
    buyer: &'static str,
    phone: &'static str,
    place: &'static str,
    price: &'static str,
    payment: &'static str,
    hand_over_by: &'static str,
    cash: &'static str,
    card: &'static str,
}

const BANGLA_WORDS: Words = Words {
    greeting: "প্রিয় {name},",
    signature: "পুরনো বই",
    footer: "পুরনো বই-এ আপনার একটি অর্ডারের খবর জানাতে এই ই-মেইল। এর উত্তর দেওয়ার দরকার নেই।",
    order_page: "আপনার অর্ডার",
    my_products: "আমার বই",
    buyer: "ক্রেতা",
    phone: "ফোন",
    place: "দেখা করার জায়গা",
    price: "দাম",
    payment: "পেমেন্ট",
    hand_over_by: "হস্তান্তরের শেষ সময়",
    cash: "হস্তান্তরের সময় নগদে",
    card: "কার্ডে (হস্তান্তর পর্যন্ত টাকা আটকে রাখা থাকে)",
};

const ENGLISH_WORDS: Words = Words {
    greeting: "Hello {name},",
    signature: "Puronoboi",
    footer: "This e-mail tells you about an order of yours on Puronoboi. There is no need to reply.",
    order_page: "Your order",
    my_products: "My Products",
    buyer: "Buyer",
    phone: "Phone",
    place: "Meeting place",
    price: "Price",
    payment: "Payment",
    hand_over_by: "Hand over by",
    cash: "Cash at the handover",
    card: "Card (the money is held until the handover)",
};

impl Words {
    const fn of(language: Language) -> &'static Self {
        match language {
            Language::Bangla => &BANGLA_WORDS,
            Language::English => &ENGLISH_WORDS,
        }
    }
}

/// A notice's data as its reader reads it: money and times in their digits.
struct Facts<'a> {
    title: &'a str,
    author: &'a str,
    price: String,
    buyer: &'a str,
    phone: String,
    place: &'a str,
    card: bool,
    cancel_reason: Option<CancelReason>,
    deadline: Option<String>,
}

impl<'a> Facts<'a> {
    fn of(notice: &'a QueuedNotice, language: Language) -> Self {
        let order = &notice.order;
        Self {
            title: order.title.trim(),
            author: order.author.trim(),
            price: taka(order.price, language),
            buyer: order.buyer_name.trim(),
            // Latin digits in both languages: what a phone's dialer reads when the number is tapped or copied.
            phone: order.buyer_phone.display(),
            place: order.meeting_place.trim(),
            card: order.payment_method == PaymentMethod::Card,
            cancel_reason: order.cancel_reason,
            deadline: order.handover_deadline.map(|at| bangladesh_time(at, language)),
        }
    }

    fn payment<'w>(&self, words: &'w Words) -> &'w str {
        if self.card { words.card } else { words.cash }
    }

    /// The buyer's name, phone and meeting place: what a seller needs to arrange the meeting.
    fn contact(&self, words: &Words) -> Vec<(&'static str, String)> {
        vec![(words.buyer, self.buyer.to_owned()), (words.phone, self.phone.clone()), (words.place, self.place.to_owned())]
    }

    fn deadline_line(&self, words: &Words) -> Option<(&'static str, String)> {
        self.deadline.clone().map(|at| (words.hand_over_by, at))
    }
}

fn english(kind: NoticeKind, recipient: NoticeRecipient, f: &Facts<'_>, w: &Words) -> Option<Letter> {
    use NoticeKind::*;
    use NoticeRecipient::*;
    let (title, author, price, buyer) = (f.title, f.author, &f.price, f.buyer);
    let card_released = "Any hold on your card for this order is being released: nothing was taken.";
    let letter = match (kind, recipient) {
        (OrderPlaced, Buyer) => return None,
        (OrderPlaced, Seller) => Letter {
            subject: format!("New order: {title}"),
            lead: vec![format!(
                "{buyer} has ordered your book “{title}” by {author} for {price}. It is kept for them while the order is open."
            )],
            details: [f.contact(w), vec![(w.payment, f.payment(w).to_owned())]].concat(),
            advice: vec![
                "Call the buyer to agree when to meet. At the handover, once they have the book, the buyer reads out the \
                 6-digit handover code from their order page: enter it under the order in My Products to complete the sale."
                    .to_owned(),
            ],
        },
        (CardHeld, Seller) => Letter {
            subject: format!("Card payment held: {title}"),
            lead: vec![format!(
                "The buyer's card now holds {price} for “{title}”. The money is taken only at the handover, when you \
                 enter the buyer's handover code in My Products."
            )],
            details: f.contact(w).into_iter().chain(f.deadline_line(w)).collect(),
            advice: vec!["If the handover does not happen in time, the hold is released and the book goes back on sale.".to_owned()],
        },
        (CardHeld, Buyer) => Letter {
            subject: format!("Your card payment is held: {title}"),
            lead: vec![format!(
                "Your card now holds {price} for “{title}” by {author}. Nothing has been taken yet: the money is taken \
                 only at the handover, when you give the seller your handover code."
            )],
            details: [(w.place, f.place.to_owned())].into_iter().chain(f.deadline_line(w)).collect(),
            advice: vec![
                "Your handover code is on your order page. Do not give it to anyone before you have the book in your hands.".to_owned(),
            ],
        },
        (Completed, Seller) => Letter {
            subject: format!("Sold: {title}"),
            lead: vec![
                format!("The handover of “{title}” is complete and the book is sold."),
                if f.card {
                    format!("The {price} held on the buyer's card is now being taken.")
                } else {
                    format!("The buyer paid {price} in cash at the meeting.")
                },
            ],
            details: vec![(w.buyer, buyer.to_owned())],
            advice: vec!["Thank you for selling on Puronoboi.".to_owned()],
        },
        (Completed, Buyer) => Letter {
            subject: format!("Handover complete: {title}"),
            lead: vec![
                format!("The handover of “{title}” is complete: the book is yours."),
                if f.card {
                    format!("The {price} held on your card is now being taken.")
                } else {
                    format!("You paid {price} in cash at the meeting.")
                },
            ],
            details: vec![],
            advice: vec!["Thank you for buying on Puronoboi. Enjoy the book!".to_owned()],
        },
        (Cancelled, Seller) => {
            let mut lead = vec![format!("The order for “{title}” was cancelled.")];
            lead.extend(f.cancel_reason.map(|reason| {
                match reason {
                    CancelReason::ByBuyer => "The buyer cancelled it.",
                    CancelReason::BuyerAccountClosed => "The buyer's account was closed.",
                    CancelReason::SellerAccountClosed => "Your account was closed, and the book left the shop with it.",
                }
                .to_owned()
            }));
            if f.cancel_reason != Some(CancelReason::SellerAccountClosed) {
                lead.push("The book is back on sale.".to_owned());
            }
            Letter { subject: format!("Order cancelled: {title}"), lead, details: vec![(w.buyer, buyer.to_owned())], advice: vec![] }
        }
        (Cancelled, Buyer) => {
            let mut lead = vec![format!("Your order for “{title}” ({price}) was cancelled.")];
            lead.extend(f.cancel_reason.map(|reason| {
                match reason {
                    CancelReason::ByBuyer => "You cancelled it.",
                    CancelReason::BuyerAccountClosed => "Your account was closed.",
                    CancelReason::SellerAccountClosed => "The seller's account was closed, and the book is no longer for sale.",
                }
                .to_owned()
            }));
            if f.card {
                lead.push(card_released.to_owned());
            }
            Letter { subject: format!("Your order is cancelled: {title}"), lead, details: vec![], advice: vec![] }
        }
        (Expired, Seller) => Letter {
            subject: format!("Order expired: {title}"),
            lead: vec![format!("The order for “{title}” was not completed in time and has expired. The book is back on sale.")],
            details: vec![(w.buyer, buyer.to_owned())],
            advice: vec![],
        },
        (Expired, Buyer) => {
            let mut lead = vec![format!(
                "Your order for “{title}” ({price}) was not completed in time and has expired, so the book went back on sale."
            )];
            if f.card {
                lead.push(card_released.to_owned());
            }
            Letter { subject: format!("Your order has expired: {title}"), lead, details: vec![], advice: vec![] }
        }
        (DeadlineSoon, _) => {
            let lead = match f.deadline {
                Some(_) => format!("Time for the handover of “{title}” is nearly up."),
                None => format!("Time for the handover of “{title}” is nearly up: it must happen by tomorrow."),
            };
            let (details, advice) = match recipient {
                Seller => (
                    f.contact(w),
                    "Meet the buyer before then and enter their handover code in My Products. Otherwise the order closes \
                     and the book goes back on sale."
                        .to_owned(),
                ),
                Buyer => (
                    vec![(w.place, f.place.to_owned()), (w.price, price.clone())],
                    format!(
                        "Meet the seller before then, check the book, and give them the handover code from your order page. \
                         Otherwise the order closes{}",
                        if f.card { ", and the hold on your card is released." } else { "." }
                    ),
                ),
            };
            Letter {
                subject: format!("Handover due soon: {title}"),
                lead: vec![lead],
                details: f.deadline_line(w).into_iter().chain(details).collect(),
                advice: vec![advice],
            }
        }
    };
    Some(letter)
}

fn bangla(kind: NoticeKind, recipient: NoticeRecipient, f: &Facts<'_>, w: &Words) -> Option<Letter> {
    use NoticeKind::*;
    use NoticeRecipient::*;
    let (title, author, price, buyer) = (f.title, f.author, &f.price, f.buyer);
    let card_released = "এই অর্ডারের জন্য আপনার কার্ডে টাকা আটকে রাখা থাকলে তা ছেড়ে দেওয়া হচ্ছে; কোনো টাকা কাটা হয়নি।";
    let letter = match (kind, recipient) {
        (OrderPlaced, Buyer) => return None,
        (OrderPlaced, Seller) => Letter {
            subject: format!("নতুন অর্ডার: {title}"),
            lead: vec![format!(
                "{buyer} আপনার “{title}” (লেখক: {author}) বইটি {price} দামে অর্ডার করেছেন। অর্ডারটি খোলা থাকা পর্যন্ত বইটি তাঁর জন্য রাখা থাকবে।"
            )],
            details: [f.contact(w), vec![(w.payment, f.payment(w).to_owned())]].concat(),
            advice: vec![
                "কখন দেখা করবেন, তা ঠিক করতে ক্রেতাকে ফোন করুন। হস্তান্তরের সময় বই হাতে পেলে ক্রেতা তাঁর অর্ডার পাতা থেকে ৬ অঙ্কের \
                 হস্তান্তর কোডটি বলবেন; “আমার বই” পাতায় অর্ডারটির নিচে কোডটি লিখলেই বিক্রি সম্পন্ন হবে।"
                    .to_owned(),
            ],
        },
        (CardHeld, Seller) => Letter {
            subject: format!("কার্ডে টাকা আটকে রাখা হয়েছে: {title}"),
            lead: vec![format!(
                "“{title}” বইটির জন্য ক্রেতার কার্ডে {price} আটকে রাখা হয়েছে। টাকা কাটা হবে শুধু হস্তান্তরের সময়, যখন আপনি “আমার বই” \
                 পাতায় ক্রেতার হস্তান্তর কোড লিখবেন।"
            )],
            details: f.contact(w).into_iter().chain(f.deadline_line(w)).collect(),
            advice: vec!["সময়মতো হস্তান্তর না হলে আটকে রাখা টাকা ছেড়ে দেওয়া হবে, আর বইটি আবার বিক্রির জন্য ফিরে যাবে।".to_owned()],
        },
        (CardHeld, Buyer) => Letter {
            subject: format!("আপনার কার্ডে টাকা আটকে রাখা হয়েছে: {title}"),
            lead: vec![format!(
                "“{title}” (লেখক: {author}) বইটির জন্য আপনার কার্ডে {price} আটকে রাখা হয়েছে। এখনো কোনো টাকা কাটা হয়নি: টাকা কাটা হবে \
                 শুধু হস্তান্তরের সময়, যখন আপনি বিক্রেতাকে আপনার হস্তান্তর কোড দেবেন।"
            )],
            details: [(w.place, f.place.to_owned())].into_iter().chain(f.deadline_line(w)).collect(),
            advice: vec!["হস্তান্তর কোডটি আপনার অর্ডার পাতায় আছে। বই হাতে পাওয়ার আগে কাউকে কোডটি দেবেন না।".to_owned()],
        },
        (Completed, Seller) => Letter {
            subject: format!("বিক্রি সম্পন্ন: {title}"),
            lead: vec![
                format!("“{title}” বইটির হস্তান্তর সম্পন্ন হয়েছে, বইটি বিক্রি হয়ে গেছে।"),
                if f.card {
                    format!("ক্রেতার কার্ডে আটকে রাখা {price} এখন কেটে নেওয়া হচ্ছে।")
                } else {
                    format!("ক্রেতা দেখা করার সময় নগদে {price} দিয়েছেন।")
                },
            ],
            details: vec![(w.buyer, buyer.to_owned())],
            advice: vec!["পুরনো বই-এ বই বিক্রির জন্য ধন্যবাদ।".to_owned()],
        },
        (Completed, Buyer) => Letter {
            subject: format!("হস্তান্তর সম্পন্ন: {title}"),
            lead: vec![
                format!("“{title}” বইটির হস্তান্তর সম্পন্ন হয়েছে: বইটি এখন আপনার।"),
                if f.card {
                    format!("আপনার কার্ডে আটকে রাখা {price} এখন কেটে নেওয়া হচ্ছে।")
                } else {
                    format!("আপনি দেখা করার সময় নগদে {price} দিয়েছেন।")
                },
            ],
            details: vec![],
            advice: vec!["পুরনো বই-এ কেনাকাটার জন্য ধন্যবাদ। বইটি পড়ে আনন্দ পাবেন, এই কামনা করি।".to_owned()],
        },
        (Cancelled, Seller) => {
            let mut lead = vec![format!("“{title}” বইটির অর্ডার বাতিল হয়েছে।")];
            lead.extend(f.cancel_reason.map(|reason| {
                match reason {
                    CancelReason::ByBuyer => "ক্রেতা অর্ডারটি বাতিল করেছেন।",
                    CancelReason::BuyerAccountClosed => "ক্রেতার অ্যাকাউন্ট বন্ধ হয়ে গেছে।",
                    CancelReason::SellerAccountClosed => "আপনার অ্যাকাউন্ট বন্ধ হয়ে যাওয়ায় বইটিও দোকান থেকে সরে গেছে।",
                }
                .to_owned()
            }));
            if f.cancel_reason != Some(CancelReason::SellerAccountClosed) {
                lead.push("বইটি আবার বিক্রির জন্য ফিরে গেছে।".to_owned());
            }
            Letter {
                subject: format!("অর্ডার বাতিল: {title}"), lead, details: vec![(w.buyer, buyer.to_owned())], advice: vec![]
            }
        }
        (Cancelled, Buyer) => {
            let mut lead = vec![format!("“{title}” বইটির ({price}) অর্ডার বাতিল হয়েছে।")];
            lead.extend(f.cancel_reason.map(|reason| {
                match reason {
                    CancelReason::ByBuyer => "আপনি অর্ডারটি বাতিল করেছেন।",
                    CancelReason::BuyerAccountClosed => "আপনার অ্যাকাউন্ট বন্ধ হয়ে গেছে।",
                    CancelReason::SellerAccountClosed => "বিক্রেতার অ্যাকাউন্ট বন্ধ হয়ে গেছে, বইটিও আর বিক্রি হচ্ছে না।",
                }
                .to_owned()
            }));
            if f.card {
                lead.push(card_released.to_owned());
            }
            Letter {
                subject: format!("আপনার অর্ডার বাতিল হয়েছে: {title}"), lead, details: vec![], advice: vec![]
            }
        }
        (Expired, Seller) => Letter {
            subject: format!("অর্ডারের মেয়াদ শেষ: {title}"),
            lead: vec![format!("সময়মতো সম্পন্ন না হওয়ায় “{title}” বইটির অর্ডারের মেয়াদ শেষ হয়ে গেছে। বইটি আবার বিক্রির জন্য ফিরে গেছে।")],
            details: vec![(w.buyer, buyer.to_owned())],
            advice: vec![],
        },
        (Expired, Buyer) => {
            let mut lead =
                vec![format!("সময়মতো সম্পন্ন না হওয়ায় “{title}” বইটির ({price}) অর্ডারের মেয়াদ শেষ হয়ে গেছে, আর বইটি আবার বিক্রির জন্য ফিরে গেছে।")];
            if f.card {
                lead.push(card_released.to_owned());
            }
            Letter {
                subject: format!("আপনার অর্ডারের মেয়াদ শেষ: {title}"), lead, details: vec![], advice: vec![]
            }
        }
        (DeadlineSoon, _) => {
            let lead = match f.deadline {
                Some(_) => format!("“{title}” বইটির হস্তান্তরের সময় প্রায় শেষ।"),
                None => format!("“{title}” বইটির হস্তান্তরের সময় প্রায় শেষ: আগামীকালের মধ্যে হস্তান্তর করতে হবে।"),
            };
            let (details, advice) = match recipient {
                Seller => (
                    f.contact(w),
                    "এর মধ্যে ক্রেতার সঙ্গে দেখা করে “আমার বই” পাতায় তাঁর হস্তান্তর কোড লিখুন। তা না হলে অর্ডারটি বন্ধ হয়ে যাবে, আর বইটি \
                     আবার বিক্রির জন্য ফিরে যাবে।"
                        .to_owned(),
                ),
                Buyer => (
                    vec![(w.place, f.place.to_owned()), (w.price, price.clone())],
                    format!(
                        "এর মধ্যে বিক্রেতার সঙ্গে দেখা করে বইটি দেখে নিন, তারপর আপনার অর্ডার পাতা থেকে হস্তান্তর কোডটি বিক্রেতাকে দিন। তা না \
                         হলে অর্ডারটি বন্ধ হয়ে যাবে{}",
                        if f.card {
                            ", আর আপনার কার্ডে আটকে রাখা টাকা ছেড়ে দেওয়া হবে।"
                        } else {
                            "।"
                        }
                    ),
                ),
            };
            Letter {
                subject: format!("হস্তান্তরের সময় প্রায় শেষ: {title}"),
                lead: vec![lead],
                details: f.deadline_line(w).into_iter().chain(details).collect(),
                advice: vec![advice],
            }
        }
    };
    Some(letter)
}

/// An amount as the site shows it (the web app's `formatTaka`): digits grouped the South Asian way (12,34,567), in
/// the reader's digits, then the taka sign: "1,250 ৳", "১,২৫০ ৳".
pub fn taka(amount: Taka, language: Language) -> String {
    format!("{} ৳", in_digits_of(&grouped(amount.amount().unsigned_abs()), language))
}

/// Thousands, then lakhs and crores: the last three digits, then pairs.
fn grouped(number: u32) -> String {
    let digits = number.to_string();
    let (head, last_three) = digits.split_at(digits.len().saturating_sub(3));
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (front, pair) = rest.split_at(rest.len() - 2);
        groups.push(pair);
        rest = front;
    }
    if !rest.is_empty() {
        groups.push(rest);
    }
    groups.reverse();
    groups.push(last_three);
    groups.join(",")
}

/// Latin digits as the reader writes them: Bengali digits (০-৯) in Bangla.
fn in_digits_of(text: &str, language: Language) -> String {
    match language {
        Language::English => text.to_owned(),
        Language::Bangla => text.chars().map(|c| c.to_digit(10).and_then(|d| char::from_u32(u32::from('০') + d)).unwrap_or(c)).collect(),
    }
}

/// Bangladesh keeps one offset all year (UTC+6, no daylight saving).
const BANGLADESH_SECONDS_EAST: i32 = 6 * 3600;

const ENGLISH_WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const BANGLA_WEEKDAYS: [&str; 7] = ["সোমবার", "মঙ্গলবার", "বুধবার", "বৃহস্পতিবার", "শুক্রবার", "শনিবার", "রবিবার"];
const ENGLISH_MONTHS: [&str; 12] =
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const BANGLA_MONTHS: [&str; 12] =
    ["জানুয়ারি", "ফেব্রুয়ারি", "মার্চ", "এপ্রিল", "মে", "জুন", "জুলাই", "আগস্ট", "সেপ্টেম্বর", "অক্টোবর", "নভেম্বর", "ডিসেম্বর"];

/// A moment as people in Bangladesh read it, whatever the server's zone: "Monday 1 December, 15:00 (Bangladesh
/// time)", "সোমবার, ১ ডিসেম্বর, ১৫:০০ (বাংলাদেশ সময়)".
fn bangladesh_time(at: DateTime<Utc>, language: Language) -> String {
    use chrono::{Datelike as _, Timelike as _};
    let local = match FixedOffset::east_opt(BANGLADESH_SECONDS_EAST) {
        Some(offset) => at.with_timezone(&offset).naive_local(),
        None => at.naive_utc(),
    };
    let weekday = local.weekday().num_days_from_monday() as usize;
    let month = local.month0() as usize;
    let clock = format!("{:02}:{:02}", local.hour(), local.minute());
    match language {
        Language::English => format!(
            "{} {} {}, {clock} (Bangladesh time)",
            ENGLISH_WEEKDAYS.get(weekday).copied().unwrap_or_default(),
            local.day(),
            ENGLISH_MONTHS.get(month).copied().unwrap_or_default(),
        ),
        Language::Bangla => format!(
            "{}, {} {}, {} (বাংলাদেশ সময়)",
            BANGLA_WEEKDAYS.get(weekday).copied().unwrap_or_default(),
            in_digits_of(&local.day().to_string(), language),
            BANGLA_MONTHS.get(month).copied().unwrap_or_default(),
            in_digits_of(&clock, language),
        ),
    }
}

/// What one delivery round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Delivered {
    /// Handed to the transport.
    pub sent: u32,
    /// Failed, to be tried again.
    pub retrying: u32,
    /// Given up on.
    pub dropped: u32,
}

/// Delivers the outbox. Every server instance runs one: each takes notices the others are not holding, so a notice
/// goes out once however many instances run, and a notice held by an instance that died comes due again when its
/// lease ends.
#[derive(Clone)]
pub struct MailDelivery {
    outbox: Arc<dyn MailOutbox>,
    sender: Arc<dyn MailSender>,
    site: MailSite,
    /// How long orders wait, for the handover deadline a message names.
    periods: OrderPeriods,
}

impl MailDelivery {
    /// How long a round holds the notices it took before another instance may take them: longer than a whole batch
    /// of sends that each use their full [`Self::SEND_TIMEOUT`] (checked below), so a live worker never loses its
    /// notices to another one.
    const LEASE: Duration = Duration::from_secs(10 * 60);
    /// Notices taken at once.
    const BATCH: u32 = 20;
    /// The longest one send may take before it counts as a failed attempt.
    const SEND_TIMEOUT: Duration = Duration::from_secs(25);
    /// Batches one round works through at most; the next round goes on with the rest.
    const MAX_BATCHES: u32 = 10;

    pub fn new(outbox: Arc<dyn MailOutbox>, sender: Arc<dyn MailSender>, site: MailSite) -> Self {
        Self { outbox, sender, site, periods: OrderPeriods::default() }
    }

    /// The configured hold period and handover days, for the deadlines the messages name.
    #[must_use]
    pub fn with_periods(mut self, periods: OrderPeriods) -> Self {
        self.periods = periods;
        self
    }

    /// Sends the notices due at `now`, batch by batch, until none is left (or [`Self::MAX_BATCHES`]). A message the
    /// transport refuses for good, or that failed [`MAX_MAIL_ATTEMPTS`] times, is given up on; any other failure is
    /// tried again after [`retry_delay`]. Errors: the outbox could not be read or written; the notices of the batch
    /// not yet recorded come due again when their lease ends.
    pub async fn deliver_due(&self, now: DateTime<Utc>) -> Result<Delivered, StoreError> {
        const { assert!(MailDelivery::SEND_TIMEOUT.as_secs() * MailDelivery::BATCH as u64 <= MailDelivery::LEASE.as_secs() * 9 / 10) };
        let mut delivered = Delivered::default();
        for _ in 0..Self::MAX_BATCHES {
            // A notice taken here is not due at `now` again (leased, or retried later), so each batch is a new one.
            let due = self.outbox.take_due(now, Self::LEASE, i64::from(Self::BATCH)).await?;
            let full = due.len() >= Self::BATCH as usize;
            for notice in &due {
                self.deliver(notice, now, &mut delivered).await?;
            }
            if !full {
                break;
            }
        }
        Ok(delivered)
    }

    async fn deliver(&self, notice: &QueuedNotice, now: DateTime<Utc>, delivered: &mut Delivered) -> Result<(), StoreError> {
        let order = &notice.order;
        let deadline =
            puronoboi_domain::handover_deadline(order.status, order.placed_at, order.held_at, self.periods.hold, self.periods.handover);
        let notice = &QueuedNotice {
            order: NoticeOrder { handover_deadline: order.handover_deadline.or(deadline), ..order.clone() },
            ..notice.clone()
        };
        let mail = match render(notice, &self.site) {
            Ok(mail) => mail,
            Err(e) => {
                tracing::error!(outbox = %notice.id, order = %notice.order.id, error = %e, "dropped a notice nobody is sent");
                self.outbox.give_up(notice.id, now, &e.to_string()).await?;
                metrics::counter!(MAIL_FAILED).increment(1);
                delivered.dropped += 1;
                return Ok(());
            }
        };
        let sent = match tokio::time::timeout(Self::SEND_TIMEOUT, self.sender.send(&mail)).await {
            Ok(sent) => sent,
            Err(_) => Err(MailError::Transient(anyhow::anyhow!("the transport did not answer within {:?}", Self::SEND_TIMEOUT))),
        };
        let failed_attempts = notice.failed_attempts.saturating_add(1);
        match sent {
            Ok(()) => {
                self.outbox.mark_sent(notice.id, Utc::now()).await?;
                metrics::counter!(MAIL_SENT).increment(1);
                delivered.sent += 1;
            }
            Err(MailError::Transient(e)) if failed_attempts < MAX_MAIL_ATTEMPTS => {
                let retry_at = now + chrono::Duration::from_std(retry_delay(failed_attempts)).unwrap_or(chrono::Duration::MAX);
                tracing::warn!(outbox = %notice.id, kind = %notice.kind, attempt = failed_attempts, %retry_at, error = %format!("{e:#}"), "an e-mail was not sent; trying again later");
                self.outbox.mark_failed(notice.id, retry_at, &format!("{e:#}")).await?;
                metrics::counter!(MAIL_RETRIED).increment(1);
                delivered.retrying += 1;
            }
            Err(e) => {
                tracing::error!(outbox = %notice.id, kind = %notice.kind, order = %notice.order.id, attempts = failed_attempts, error = %e, "gave up on an e-mail");
                self.outbox.give_up(notice.id, now, &e.to_string()).await?;
                metrics::counter!(MAIL_FAILED).increment(1);
                delivered.dropped += 1;
            }
        }
        Ok(())
    }

    /// Delivers every `every` until the process ends. Failures are logged and retried at the next tick.
    pub fn spawn(self, every: Duration) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                match self.deliver_due(Utc::now()).await {
                    Ok(Delivered { sent: 0, retrying: 0, dropped: 0 }) => {}
                    Ok(Delivered { sent, retrying, dropped }) => tracing::info!(sent, retrying, dropped, "delivered order e-mail"),
                    Err(e) => tracing::warn!(error = %e.0, "delivering order e-mail failed"),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use puronoboi_domain::Phone;
    use puronoboi_fakes::mail::{InMemoryMailOutbox, KnownOrder, RecordingSender, SendOutcome};
    use puronoboi_ports::{Addressee, NoticeOrder, OutboxId};

    use super::*;

    const ORDER: &str = "0b9f3c2e-6d1a-4c55-9a43-2f1b7a3c9e10";

    fn site() -> MailSite {
        MailSite::new("https://puronoboi.example/", "puronoboi.example")
    }

    fn order(method: PaymentMethod) -> NoticeOrder {
        NoticeOrder {
            id: ORDER.parse().expect("an order id"),
            title: "পথের পাঁচালী".to_owned(),
            author: "বিভূতিভূষণ বন্দ্যোপাধ্যায়".to_owned(),
            price: Taka::new(1250).expect("a price"),
            buyer_name: "Farhana Akter".to_owned(),
            buyer_phone: Phone::parse("01712345678").expect("a phone"),
            meeting_place: "Dhanmondi 27 <bus stop> & tea stall".to_owned(),
            payment_method: method,
            cancel_reason: None,
            status: puronoboi_domain::OrderStatus::Pending,
            placed_at: "2026-11-28T09:00:00Z".parse().expect("a time"),
            held_at: None,
            handover_deadline: None,
        }
    }

    fn addressee(recipient: NoticeRecipient, language: Language) -> Addressee {
        match recipient {
            NoticeRecipient::Buyer => Addressee { email: "farhana@example.test".to_owned(), name: "Farhana Akter".to_owned(), language },
            NoticeRecipient::Seller => Addressee { email: "rahim@example.test".to_owned(), name: "Rahim Uddin".to_owned(), language },
        }
    }

    fn notice(kind: NoticeKind, recipient: NoticeRecipient, language: Language, order: NoticeOrder) -> QueuedNotice {
        QueuedNotice { id: OutboxId(7), kind, recipient, failed_attempts: 0, order, to: addressee(recipient, language) }
    }

    /// Every message the marketplace sends, in both languages, for a card order and a cash order, with and without a
    /// deadline and a reason.
    fn every_message() -> Vec<(QueuedNotice, Mail)> {
        let mut all = Vec::new();
        for language in [Language::Bangla, Language::English] {
            for method in PaymentMethod::ALL {
                for deadline in [None, "2026-12-01T09:00:00Z".parse().ok()] {
                    for kind in NoticeKind::ALL {
                        for recipient in kind.recipients() {
                            let mut order = order(method);
                            order.handover_deadline = deadline;
                            if kind == NoticeKind::Cancelled {
                                order.cancel_reason = Some(CancelReason::ByBuyer);
                            }
                            let queued = notice(kind, *recipient, language, order);
                            let mail = render(&queued, &site()).unwrap_or_else(|e| panic!("{kind} to {recipient}: {e}"));
                            all.push((queued, mail));
                        }
                    }
                }
            }
        }
        all
    }

    fn is_bengali(c: char) -> bool {
        ('\u{0980}'..='\u{09FF}').contains(&c)
    }

    #[test]
    fn the_seller_of_a_new_order_learns_who_ordered_and_how_to_reach_them() {
        for language in [Language::Bangla, Language::English] {
            let mail = render(&notice(NoticeKind::OrderPlaced, NoticeRecipient::Seller, language, order(PaymentMethod::Cash)), &site())
                .expect("the seller is told");
            for fact in [
                "Farhana Akter",
                "01712-345678",
                "Dhanmondi 27 <bus stop> & tea stall",
                "পথের পাঁচালী",
                "https://puronoboi.example/dashboard/myProducts",
            ] {
                assert!(mail.text.contains(fact), "{language}: {fact} missing from\n{}", mail.text);
            }
            assert_eq!(mail.to_address, "rahim@example.test");
            let html = mail.html.expect("an HTML alternative");
            assert!(html.contains("Dhanmondi 27 &lt;bus stop&gt; &amp; tea stall") && !html.contains("<bus stop>"), "escaped: {html}");
            assert!(html.contains("href=\"https://puronoboi.example/dashboard/myProducts\""));
        }
        let bangla =
            render(&notice(NoticeKind::OrderPlaced, NoticeRecipient::Seller, Language::Bangla, order(PaymentMethod::Cash)), &site())
                .expect("rendered");
        assert_eq!(bangla.subject, "নতুন অর্ডার: পথের পাঁচালী");
        assert!(bangla.text.starts_with("প্রিয় Rahim Uddin,\n\nFarhana Akter আপনার “পথের পাঁচালী”"), "{}", bangla.text);
        assert!(bangla.text.contains("১,২৫০ ৳") && bangla.text.contains("পেমেন্ট: হস্তান্তরের সময় নগদে"), "{}", bangla.text);
        let english =
            render(&notice(NoticeKind::OrderPlaced, NoticeRecipient::Seller, Language::English, order(PaymentMethod::Card)), &site())
                .expect("rendered");
        assert_eq!(english.subject, "New order: পথের পাঁচালী");
        assert!(english.text.contains("for 1,250 ৳") && english.text.contains("Payment: Card"), "{}", english.text);
    }

    #[test]
    fn the_buyer_is_never_told_of_the_order_they_placed() {
        let placed = notice(NoticeKind::OrderPlaced, NoticeRecipient::Buyer, Language::English, order(PaymentMethod::Cash));
        assert_eq!(render(&placed, &site()), Err(NotAddressed { kind: NoticeKind::OrderPlaced, recipient: NoticeRecipient::Buyer }));
    }

    #[test]
    fn each_message_is_in_its_readers_language() {
        for (queued, mail) in every_message() {
            let bengali = mail.text.chars().filter(|c| is_bengali(*c)).count();
            // The fixtures' book is in Bangla either way; the rest of an English message is not.
            let own = mail.text.replace("পথের পাঁচালী", "").replace("বিভূতিভূষণ বন্দ্যোপাধ্যায়", "");
            let bengali_of_our_own = own.chars().filter(|c| is_bengali(*c)).count();
            match queued.to.language {
                Language::Bangla => {
                    assert!(bengali_of_our_own > own.chars().filter(char::is_ascii_alphabetic).count(), "mostly Bangla:\n{}", mail.text);
                    assert!(!mail.text.contains("1,250") && !mail.subject.contains("Hello"), "{}", mail.text);
                }
                Language::English => {
                    assert_eq!(own.chars().filter(|c| is_bengali(*c) && *c != '৳').count(), 0, "no Bangla of ours:\n{}", mail.text);
                    assert!(bengali > 0, "the book's own title stays as written");
                }
            }
            assert!(mail.html.as_deref().is_some_and(|h| h.contains(&format!("lang=\"{}\"", queued.to.language.code()))));
        }
    }

    #[test]
    fn links_go_to_the_readers_own_page() {
        for (queued, mail) in every_message() {
            let (own, other) = match queued.recipient {
                NoticeRecipient::Buyer => (format!("https://puronoboi.example/dashboard/payment/{ORDER}"), "/dashboard/myProducts"),
                NoticeRecipient::Seller => ("https://puronoboi.example/dashboard/myProducts".to_owned(), "/dashboard/payment/"),
            };
            assert!(mail.text.contains(&own) && !mail.text.contains(other), "{}: {}", queued.kind, mail.text);
        }
    }

    #[test]
    fn no_message_holds_a_handover_code() {
        // What the data itself puts in a message; anything else that looks like a code came from nowhere.
        let known = ["01712-345678", ORDER];
        for (queued, mail) in every_message() {
            let mut text = format!("{}\n{}\n{}", mail.subject, mail.text, mail.html.unwrap_or_default());
            for data in known {
                text = text.replace(data, "");
            }
            let latin: String = text.chars().map(|c| puronoboi_domain::digits::bengali_digit(c).unwrap_or(c)).collect();
            let longest_digit_run = latin.split(|c: char| !c.is_ascii_digit()).map(str::len).max().unwrap_or(0);
            assert!(longest_digit_run < 6, "{} to {}: a run of {longest_digit_run} digits in\n{text}", queued.kind, queued.recipient);
        }
    }

    #[test]
    fn a_payment_by_card_is_told_as_a_hold_and_cash_as_cash() {
        let completed = |method, language| {
            render(&notice(NoticeKind::Completed, NoticeRecipient::Buyer, language, order(method)), &site()).expect("rendered").text
        };
        assert!(completed(PaymentMethod::Card, Language::English).contains("The 1,250 ৳ held on your card is now being taken."));
        assert!(completed(PaymentMethod::Cash, Language::English).contains("You paid 1,250 ৳ in cash at the meeting."));
        assert!(completed(PaymentMethod::Card, Language::Bangla).contains("আপনার কার্ডে আটকে রাখা ১,২৫০ ৳ এখন কেটে নেওয়া হচ্ছে।"));
        assert!(completed(PaymentMethod::Cash, Language::Bangla).contains("আপনি দেখা করার সময় নগদে ১,২৫০ ৳ দিয়েছেন।"));
        let expired = render(&notice(NoticeKind::Expired, NoticeRecipient::Buyer, Language::English, order(PaymentMethod::Cash)), &site())
            .expect("rendered");
        assert!(!expired.text.contains("card"), "nothing about a card on a cash order: {}", expired.text);
    }

    #[test]
    fn a_cancelled_order_says_why() {
        let mut cancelled = order(PaymentMethod::Cash);
        cancelled.cancel_reason = Some(CancelReason::SellerAccountClosed);
        let buyer =
            render(&notice(NoticeKind::Cancelled, NoticeRecipient::Buyer, Language::Bangla, cancelled.clone()), &site()).expect("rendered");
        assert!(buyer.text.contains("বিক্রেতার অ্যাকাউন্ট বন্ধ হয়ে গেছে"), "{}", buyer.text);
        cancelled.cancel_reason = Some(CancelReason::ByBuyer);
        let seller =
            render(&notice(NoticeKind::Cancelled, NoticeRecipient::Seller, Language::English, cancelled), &site()).expect("rendered");
        assert!(seller.text.contains("The buyer cancelled it. The book is back on sale."), "{}", seller.text);
    }

    #[test]
    fn a_deadline_is_told_in_bangladesh_time_in_the_readers_digits() {
        let mut due = order(PaymentMethod::Card);
        due.handover_deadline = "2026-12-01T09:30:00Z".parse().ok();
        let english =
            render(&notice(NoticeKind::DeadlineSoon, NoticeRecipient::Seller, Language::English, due.clone()), &site()).expect("rendered");
        assert!(english.text.contains("Hand over by: Tuesday 1 December, 15:30 (Bangladesh time)"), "{}", english.text);
        let bangla = render(&notice(NoticeKind::DeadlineSoon, NoticeRecipient::Buyer, Language::Bangla, due), &site()).expect("rendered");
        assert!(bangla.text.contains("হস্তান্তরের শেষ সময়: মঙ্গলবার, ১ ডিসেম্বর, ১৫:৩০ (বাংলাদেশ সময়)"), "{}", bangla.text);
        let undated =
            render(&notice(NoticeKind::DeadlineSoon, NoticeRecipient::Buyer, Language::English, order(PaymentMethod::Cash)), &site())
                .expect("rendered");
        assert!(undated.text.contains("it must happen by tomorrow") && !undated.text.contains("Hand over by"), "{}", undated.text);
    }

    #[test]
    fn the_message_id_is_the_outbox_rows_own() {
        let queued = notice(NoticeKind::Completed, NoticeRecipient::Seller, Language::Bangla, order(PaymentMethod::Cash));
        let first = render(&queued, &site()).expect("rendered");
        assert_eq!(first.message_id, format!("<7.completed.{ORDER}@puronoboi.example>"));
        assert_eq!(render(&queued, &site()).expect("again").message_id, first.message_id, "a re-send is the same message");
        let other = QueuedNotice { id: OutboxId(8), ..queued };
        assert_ne!(render(&other, &site()).expect("rendered").message_id, first.message_id);
    }

    #[test]
    fn amounts_are_grouped_the_south_asian_way_in_the_readers_digits() {
        let written = |amount: i64, language| taka(Taka::new(amount).expect("a price"), language);
        assert_eq!(written(1, Language::English), "1 ৳");
        assert_eq!(written(999, Language::English), "999 ৳");
        assert_eq!(written(1250, Language::English), "1,250 ৳");
        assert_eq!(written(1250, Language::Bangla), "১,২৫০ ৳");
        assert_eq!(written(12_345, Language::Bangla), "১২,৩৪৫ ৳");
        assert_eq!(written(500_000, Language::English), "5,00,000 ৳", "a lakh is 1,00,000");
        assert_eq!(grouped(1_234_567), "12,34,567");
        assert_eq!(grouped(123_456_789), "12,34,56,789");
    }

    #[test]
    fn retries_wait_twice_as_long_each_time() {
        let minutes: Vec<u64> = (1..MAX_MAIL_ATTEMPTS).map(|n| retry_delay(n).as_secs() / 60).collect();
        assert_eq!(minutes, [1, 2, 4, 8, 16, 32, 64, 128, 256]);
        assert!(retry_delay(100) >= retry_delay(MAX_MAIL_ATTEMPTS), "saturates instead of overflowing");
    }

    struct World {
        outbox: Arc<InMemoryMailOutbox>,
        sender: Arc<RecordingSender>,
        delivery: MailDelivery,
    }

    fn world(sender: RecordingSender) -> World {
        let outbox = Arc::new(InMemoryMailOutbox::default());
        let sender = Arc::new(sender);
        let delivery = MailDelivery::new(outbox.clone(), sender.clone(), site());
        World { outbox, sender, delivery }
    }

    impl World {
        fn known_order(&self, language: Language) -> OrderId {
            let order = NoticeOrder { id: OrderId::new(), ..order(PaymentMethod::Cash) };
            let id = order.id;
            self.outbox.know_order(KnownOrder {
                order,
                buyer: addressee(NoticeRecipient::Buyer, language),
                seller: addressee(NoticeRecipient::Seller, language),
            });
            id
        }
    }

    #[tokio::test]
    async fn due_notices_are_sent_once_and_recorded() {
        let w = world(RecordingSender::default());
        let order = w.known_order(Language::Bangla);
        assert_eq!(w.outbox.enqueue(order, NoticeKind::Cancelled).await.expect("written"), 2, "buyer and seller");
        assert_eq!(w.outbox.enqueue(order, NoticeKind::Cancelled).await.expect("again"), 0, "written once");
        let now = Utc::now();
        assert_eq!(w.delivery.deliver_due(now).await.expect("delivered"), Delivered { sent: 2, retrying: 0, dropped: 0 });
        assert_eq!(w.delivery.deliver_due(now + chrono::Duration::hours(1)).await.expect("nothing left"), Delivered::default());
        let mut to: Vec<String> = w.sender.sent().into_iter().map(|m| m.to_address).collect();
        to.sort();
        assert_eq!(to, ["farhana@example.test", "rahim@example.test"]);
        assert!(w.outbox.rows().iter().all(|r| r.sent_at.is_some() && r.attempts == 0));
    }

    #[tokio::test]
    async fn a_failed_attempt_is_retried_later_with_backoff_then_given_up() {
        let w = world(RecordingSender::answering(SendOutcome::FailTransiently));
        let order = w.known_order(Language::English);
        w.outbox.enqueue(order, NoticeKind::OrderPlaced).await.expect("written");
        let mut now = Utc::now();
        for attempt in 1..MAX_MAIL_ATTEMPTS {
            assert_eq!(w.delivery.deliver_due(now).await.expect("tried"), Delivered { retrying: 1, ..Delivered::default() });
            let row = w.outbox.rows().remove(0);
            let wait = chrono::Duration::from_std(retry_delay(attempt)).expect("a wait");
            assert_eq!((row.attempts, row.due_at, row.sent_at), (attempt, now + wait, None), "attempt {attempt}");
            assert!(row.last_error.as_deref().is_some_and(|e| e.contains("421")), "{row:?}");
            // Not before it is due.
            assert_eq!(w.delivery.deliver_due(now + wait - chrono::Duration::seconds(1)).await.expect("early"), Delivered::default());
            now += wait;
        }
        assert_eq!(w.delivery.deliver_due(now).await.expect("the last"), Delivered { dropped: 1, ..Delivered::default() });
        let row = w.outbox.rows().remove(0);
        assert_eq!((row.attempts, row.dropped_at, row.sent_at), (MAX_MAIL_ATTEMPTS, Some(now), None));
        w.sender.answer(SendOutcome::Accept);
        assert_eq!(w.delivery.deliver_due(now + chrono::Duration::days(1)).await.expect("given up"), Delivered::default());
        assert!(w.sender.sent().is_empty());
    }

    #[tokio::test]
    async fn a_refused_message_is_given_up_at_once_and_the_others_still_go() {
        let w = world(RecordingSender::answering(SendOutcome::Refuse));
        let order = w.known_order(Language::English);
        w.outbox.enqueue(order, NoticeKind::Expired).await.expect("written");
        let now = Utc::now();
        assert_eq!(w.delivery.deliver_due(now).await.expect("tried"), Delivered { dropped: 2, ..Delivered::default() });
        assert!(w.outbox.rows().iter().all(|r| r.attempts == 1 && r.dropped_at == Some(now)));
    }

    #[tokio::test]
    async fn a_closed_account_gets_nothing_and_the_other_side_still_does() {
        let w = world(RecordingSender::default());
        let order = w.known_order(Language::English);
        w.outbox.close_account("farhana@example.test");
        w.outbox.enqueue(order, NoticeKind::Cancelled).await.expect("written");
        assert_eq!(w.delivery.deliver_due(Utc::now()).await.expect("delivered").sent, 1);
        assert_eq!(w.sender.sent().into_iter().map(|m| m.to_address).collect::<Vec<_>>(), ["rahim@example.test"]);
    }

    #[tokio::test]
    async fn a_long_backlog_goes_out_in_one_round_batch_by_batch() {
        let w = world(RecordingSender::default());
        for _ in 0..(MailDelivery::BATCH * 2 + 3) {
            let order = w.known_order(Language::Bangla);
            w.outbox.enqueue(order, NoticeKind::OrderPlaced).await.expect("written");
        }
        let delivered = w.delivery.deliver_due(Utc::now()).await.expect("delivered");
        assert_eq!(delivered.sent, MailDelivery::BATCH * 2 + 3);
        assert_eq!(w.sender.sent().len(), usize::try_from(delivered.sent).expect("a count"));
    }
}
