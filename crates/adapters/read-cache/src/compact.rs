//! Copies of book pages and card lists kept as one byte buffer each instead of a tree of structs: a book page takes
//! about 380 bytes this way against about 750 as a `BookDetail` (its 320-byte struct plus nine heap strings), so the
//! whole catalogue of a large shop fits the memory a server instance is given. Decoding builds the domain values
//! again through their own parsers, so a copy can never hold something the domain would refuse.
//!
//! Layout: fixed-width little-endian numbers, 16-byte ids, and strings as a LEB128 length then their UTF-8 bytes.

use chrono::DateTime;
use puronoboi_domain::{
    AccountId, Author, Book, BookCard, BookDetail, BookId, BookLanguage, BookStatus, BookTitle, Category, CategoryId, Condition,
    Description, Email, Isbn, Location, MAX_PHOTOS, PersonName, Phone, PublishYear, Ratings, Reviews, SellerBlock, Taka,
};
use uuid::Uuid;

struct Writer(Vec<u8>);

impl Writer {
    fn id(&mut self, id: Uuid) {
        self.0.extend_from_slice(id.as_bytes());
    }

    fn i32(&mut self, n: i32) {
        self.0.extend_from_slice(&n.to_le_bytes());
    }

    fn i64(&mut self, n: i64) {
        self.0.extend_from_slice(&n.to_le_bytes());
    }

    fn f64(&mut self, n: f64) {
        self.0.extend_from_slice(&n.to_le_bytes());
    }

    fn flag(&mut self, b: bool) {
        self.0.push(u8::from(b));
    }

    fn status(&mut self, status: BookStatus) {
        self.0.push(match status {
            BookStatus::Available => 0,
            BookStatus::Pending => 1,
            BookStatus::Sold => 2,
            BookStatus::Withdrawn => 3,
            BookStatus::Hidden => 4,
        });
    }

    /// A grade as its place in [`Condition::ALL`].
    fn condition(&mut self, condition: Condition) {
        self.0.push(Condition::ALL.iter().position(|c| *c == condition).and_then(|at| u8::try_from(at).ok()).unwrap_or(u8::MAX));
    }

    /// No language as 0, a language as 1 + its place in [`BookLanguage::ALL`].
    fn language(&mut self, language: Option<BookLanguage>) {
        let at = language.and_then(|l| BookLanguage::ALL.iter().position(|x| *x == l)).map_or(0, |at| at + 1);
        self.0.push(u8::try_from(at).unwrap_or(u8::MAX));
    }

    /// A count or amount as LEB128: a byte for each 7 bits it needs (a price of 450 takes two bytes, not four).
    fn count(&mut self, mut n: u64) {
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                self.0.push(low);
                break;
            }
            self.0.push(low | 0x80);
        }
    }

    /// A signed number as a count: 0, -1, 1, -2, ... take 0, 1, 2, 3, ... (zigzag), so that a small number of
    /// either sign stays small.
    fn signed(&mut self, n: i64) {
        self.count(((n << 1) ^ (n >> 63)) as u64);
    }

    fn text(&mut self, s: &str) {
        self.count(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }

    fn finish(self) -> Box<[u8]> {
        self.0.into_boxed_slice()
    }
}

/// Reads what [`Writer`] wrote; `None` at the first thing that is not there or does not parse.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }

    fn id(&mut self) -> Option<Uuid> {
        self.array().map(Uuid::from_bytes)
    }

    fn i32(&mut self) -> Option<i32> {
        self.array().map(i32::from_le_bytes)
    }

    fn i64(&mut self) -> Option<i64> {
        self.array().map(i64::from_le_bytes)
    }

    fn f64(&mut self) -> Option<f64> {
        self.array().map(f64::from_le_bytes)
    }

    fn byte(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    fn flag(&mut self) -> Option<bool> {
        self.byte().map(|b| b != 0)
    }

    fn status(&mut self) -> Option<BookStatus> {
        Some(match self.byte()? {
            0 => BookStatus::Available,
            1 => BookStatus::Pending,
            2 => BookStatus::Sold,
            3 => BookStatus::Withdrawn,
            4 => BookStatus::Hidden,
            _ => return None,
        })
    }

    fn condition(&mut self) -> Option<Condition> {
        Condition::ALL.get(usize::from(self.byte()?)).copied()
    }

    fn language(&mut self) -> Option<Option<BookLanguage>> {
        match self.byte()? {
            0 => Some(None),
            n => BookLanguage::ALL.get(usize::from(n) - 1).copied().map(Some),
        }
    }

    fn count(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Some(n);
            }
        }
        None
    }

    fn signed(&mut self) -> Option<i64> {
        let n = self.count()?;
        Some(((n >> 1) as i64) ^ -((n & 1) as i64))
    }

    fn text(&mut self) -> Option<&'a str> {
        let len = usize::try_from(self.count()?).ok()?;
        std::str::from_utf8(self.take(len)?).ok()
    }

    fn is_done(&self) -> bool {
        self.0.is_empty()
    }
}

pub(crate) fn encode_detail(detail: &BookDetail) -> Box<[u8]> {
    let (book, seller) = (&detail.book, &detail.seller);
    let mut w = Writer(Vec::with_capacity(128 + book.description.as_str().len()));
    w.id(book.id.as_uuid());
    w.id(book.seller_id.as_uuid());
    w.id(book.category.id.as_uuid());
    w.i32(book.publish_year.map_or(0, PublishYear::value));
    w.f64(book.ratings.value());
    w.i32(book.reviews.count());
    w.i32(book.original_price.amount());
    w.i32(book.resale_price.amount());
    w.status(book.status);
    w.flag(book.advertised);
    w.i64(book.created_at.timestamp_micros());
    w.flag(seller.verified);
    w.condition(book.condition);
    w.language(book.language);
    // The photos after the cover, then the texts (the cover among them).
    let more_photos = book.photos.get(1..).unwrap_or_default();
    w.0.push(u8::try_from(more_photos.len()).unwrap_or(u8::MAX));
    for photo in more_photos {
        w.text(photo);
    }
    w.text(book.isbn.as_ref().map_or("", Isbn::as_str));
    for text in [
        book.title.as_str(),
        book.author.as_str(),
        &book.category.name,
        book.description.as_str(),
        &book.picture_url,
        seller.name.as_str(),
        &seller.phone.e164(),
        seller.email.as_str(),
        seller.location.as_str(),
    ] {
        w.text(text);
    }
    w.finish()
}

pub(crate) fn decode_detail(bytes: &[u8]) -> Option<BookDetail> {
    let mut r = Reader(bytes);
    let id = BookId::from_uuid(r.id()?);
    let seller_id = AccountId::from_uuid(r.id()?);
    let category_id = CategoryId::from_uuid(r.id()?);
    let publish_year = Some(r.i32()?).filter(|y| *y != 0).map(PublishYear::stored);
    let ratings = Ratings::new(r.f64()?).ok()?;
    let reviews = Reviews::new(i64::from(r.i32()?)).ok()?;
    let original_price = Taka::new(i64::from(r.i32()?)).ok()?;
    let resale_price = Taka::new(i64::from(r.i32()?)).ok()?;
    let status = r.status()?;
    let advertised = r.flag()?;
    let created_at = DateTime::from_timestamp_micros(r.i64()?)?;
    let verified = r.flag()?;
    let condition = r.condition()?;
    let language = r.language()?;
    let more_photos = usize::from(r.byte()?);
    if more_photos >= MAX_PHOTOS {
        return None;
    }
    let more_photos = (0..more_photos).map(|_| r.text().map(str::to_owned)).collect::<Option<Vec<_>>>()?;
    let isbn = match r.text()? {
        "" => None,
        digits => Some(Isbn::stored(digits)?),
    };
    let title = BookTitle::parse(r.text()?).ok()?;
    let author = Author::parse(r.text()?).ok()?;
    let category = Category { id: category_id, name: r.text()?.to_owned() };
    let description = Description::parse(r.text()?).ok()?;
    let picture_url = r.text()?.to_owned();
    let book = Book {
        id,
        seller_id,
        title,
        author,
        category,
        description,
        photos: std::iter::once(picture_url.clone()).chain(more_photos).collect(),
        picture_url,
        publish_year,
        ratings,
        reviews,
        original_price,
        resale_price,
        status,
        advertised,
        created_at,
        condition,
        language,
        isbn,
    };
    let seller = SellerBlock {
        name: PersonName::parse(r.text()?).ok()?,
        phone: Phone::parse(r.text()?).ok()?,
        email: Email::parse(r.text()?).ok()?,
        location: Location::parse(r.text()?).ok()?,
        verified,
    };
    r.is_done().then_some(BookDetail { book, seller })
}

/// The cards of one category page. Each card says whether it is of `category` (all of them, on a category page) in
/// one byte instead of repeating the category's 16-byte id, and its numbers take the bytes they need: together a
/// 24-card page takes about 3 KB instead of 3.5 (the allocator's 3,072-byte size class instead of 3,584), so the same
/// memory holds a sixth more pages.
pub(crate) fn encode_cards(cards: &[BookCard], category: CategoryId) -> Box<[u8]> {
    let mut w = Writer(Vec::with_capacity(cards.len() * 128));
    w.count(cards.len() as u64);
    for card in cards {
        w.id(card.id.as_uuid());
        if card.category_id == category {
            w.flag(false);
        } else {
            w.flag(true);
            w.id(card.category_id.as_uuid());
        }
        w.f64(card.ratings.value());
        w.signed(i64::from(card.reviews.count()));
        w.signed(i64::from(card.original_price.amount()));
        w.signed(i64::from(card.resale_price.amount()));
        w.flag(card.seller_verified);
        w.status(card.status);
        w.condition(card.condition);
        for text in [card.title.as_str(), card.author.as_str(), &card.picture_url, card.location.as_str()] {
            w.text(text);
        }
    }
    w.finish()
}

pub(crate) fn decode_cards(bytes: &[u8], category: CategoryId) -> Option<Vec<BookCard>> {
    let mut r = Reader(bytes);
    let n = usize::try_from(r.count()?).ok()?;
    let mut cards = Vec::with_capacity(n.min(bytes.len()));
    for _ in 0..n {
        let id = BookId::from_uuid(r.id()?);
        let category_id = if r.flag()? { CategoryId::from_uuid(r.id()?) } else { category };
        let ratings = Ratings::new(r.f64()?).ok()?;
        let reviews = Reviews::new(r.signed()?).ok()?;
        let original_price = Taka::new(r.signed()?).ok()?;
        let resale_price = Taka::new(r.signed()?).ok()?;
        let seller_verified = r.flag()?;
        let status = r.status()?;
        let condition = r.condition()?;
        cards.push(BookCard {
            id,
            category_id,
            title: BookTitle::parse(r.text()?).ok()?,
            author: Author::parse(r.text()?).ok()?,
            picture_url: r.text()?.to_owned(),
            ratings,
            reviews,
            original_price,
            resale_price,
            location: Location::parse(r.text()?).ok()?,
            seller_verified,
            status,
            condition,
        });
    }
    r.is_done().then_some(cards)
}

#[cfg(test)]
pub(crate) mod tests {
    use chrono::{TimeZone as _, Utc};

    use super::*;

    pub(crate) fn detail(description: &str, publish_year: Option<i32>) -> BookDetail {
        BookDetail {
            book: Book {
                id: BookId::new(),
                seller_id: AccountId::new(),
                title: BookTitle::parse("Pather Panchali").unwrap(),
                author: Author::parse("Bibhutibhushan Bandyopadhyay").unwrap(),
                category: Category { id: CategoryId::new(), name: "উপন্যাস (Novels)".into() },
                description: Description::parse(description).unwrap(),
                picture_url: "https://i.ibb.co/abc/cover.jpg".into(),
                photos: vec!["https://i.ibb.co/abc/cover.jpg".into()],
                publish_year: publish_year.map(PublishYear::stored),
                ratings: Ratings::new(4.5).unwrap(),
                reviews: Reviews::new(312).unwrap(),
                original_price: Taka::new(450).unwrap(),
                resale_price: Taka::new(200).unwrap(),
                status: BookStatus::Pending,
                advertised: true,
                created_at: Utc.with_ymd_and_hms(2026, 11, 2, 9, 30, 0).unwrap() + chrono::Duration::microseconds(123_456),
                condition: Condition::Good,
                language: None,
                isbn: None,
            },
            seller: SellerBlock {
                name: PersonName::parse("Nusrat Jahan").unwrap(),
                phone: Phone::parse("01712345678").unwrap(),
                email: Email::parse("nusrat@example.com").unwrap(),
                location: Location::parse("Mirpur 10, Dhaka").unwrap(),
                verified: true,
            },
        }
    }

    fn card(n: u8, status: BookStatus) -> BookCard {
        BookCard {
            id: BookId::from_uuid(Uuid::from_bytes([n; 16])),
            category_id: CategoryId::from_uuid(Uuid::from_bytes([n ^ 0x5a; 16])),
            title: BookTitle::parse(&format!("Book {n}")).unwrap(),
            author: Author::parse("Humayun Ahmed").unwrap(),
            picture_url: format!("/images/{n}.jpg"),
            ratings: Ratings::new(f64::from(n % 6)).unwrap(),
            reviews: Reviews::new(i64::from(n) * 3).unwrap(),
            original_price: Taka::new(500).unwrap(),
            resale_price: Taka::new(i64::from(n) + 1).unwrap(),
            location: Location::parse("Agrabad, Chattogram").unwrap(),
            seller_verified: n.is_multiple_of(2),
            status,
            condition: Condition::ALL[usize::from(n) % Condition::ALL.len()],
        }
    }

    #[test]
    fn a_book_page_comes_back_exactly_as_it_went_in() {
        // A description longer than 127 bytes takes a two-byte length; Bangla text is several bytes a character.
        let long = "পুরনো বই, ভালো অবস্থায়। ".repeat(20);
        let mut described = detail("Five photos, an ISBN and a language.", Some(2001));
        described.book.photos = (0..MAX_PHOTOS).map(|n| format!("https://i.ibb.co/abc/{n}.jpg")).collect();
        described.book.picture_url = described.book.photos[0].clone();
        (described.book.condition, described.book.language) = (Condition::Acceptable, Some(BookLanguage::Other));
        described.book.isbn = Isbn::stored("9780306406157");
        assert!(described.book.isbn.is_some());
        for detail in [detail("Short.", Some(1955)), detail(&long, None), described] {
            let bytes = encode_detail(&detail);
            assert_eq!(decode_detail(&bytes), Some(detail));
        }
    }

    #[test]
    fn a_book_page_takes_about_half_the_memory_of_its_structs() {
        let detail = detail(&"A clean copy with a few pencil notes in the margins. ".repeat(2), Some(1990));
        let bytes = encode_detail(&detail);
        assert!(bytes.len() < 400, "{} bytes", bytes.len());
    }

    #[test]
    fn a_list_of_cards_comes_back_exactly_as_it_went_in() {
        let statuses = [BookStatus::Available, BookStatus::Pending, BookStatus::Sold, BookStatus::Withdrawn];
        let cards: Vec<BookCard> = (0..24).map(|n| card(n, statuses[usize::from(n) % 4])).collect();
        // Most cards of the page's category, one not (with its id kept).
        let category = cards[1].category_id;
        let mut of_page: Vec<BookCard> = cards.iter().cloned().map(|c| BookCard { category_id: category, ..c }).collect();
        of_page[0].category_id = cards[0].category_id;
        assert_eq!(decode_cards(&encode_cards(&of_page, category), category), Some(of_page));
        assert_eq!(decode_cards(&encode_cards(&cards, category), category), Some(cards));
        assert_eq!(decode_cards(&encode_cards(&[], category), category), Some(vec![]));
    }

    #[test]
    fn damaged_bytes_decode_to_nothing_rather_than_to_something_else() {
        let bytes = encode_detail(&detail("Short.", Some(1955)));
        for cut in [0, 1, 16, bytes.len() - 1] {
            assert_eq!(decode_detail(&bytes[..cut]), None, "cut at {cut}");
        }
        let mut longer = bytes.to_vec();
        longer.push(0);
        assert_eq!(decode_detail(&longer), None, "trailing bytes");
        let one = card(1, BookStatus::Available);
        let cards = encode_cards(std::slice::from_ref(&one), one.category_id);
        assert_eq!(decode_cards(&cards[..cards.len() - 2], one.category_id), None);
    }

    #[test]
    fn a_page_of_24_cards_fits_the_allocators_3072_byte_class() {
        // Texts as long as a typical listing's (the bench's million books average 85 bytes of them).
        let category = CategoryId::from_uuid(Uuid::from_bytes([9; 16]));
        let cards: Vec<BookCard> = (0..24u8)
            .map(|n| BookCard {
                category_id: category,
                title: BookTitle::parse("Pather Panch").unwrap(),
                author: Author::parse("Humayun Ahme").unwrap(),
                picture_url: "/images/bench/cover-4.jpg".into(),
                location: Location::parse("Agrabad, Chattogra").unwrap(),
                reviews: Reviews::new(1234).unwrap(),
                ..card(n, BookStatus::Available)
            })
            .collect();
        let bytes = encode_cards(&cards, category);
        assert!(bytes.len() <= 3072, "{} bytes", bytes.len());
        assert_eq!(decode_cards(&bytes, category), Some(cards));
    }

    #[test]
    fn numbers_of_either_sign_and_any_size_come_back() {
        let numbers = [0, 1, -1, 63, -64, 64, 450, 1 << 40, i64::MAX, i64::MIN];
        let mut w = Writer(Vec::new());
        for n in numbers {
            w.signed(n);
        }
        w.count(u64::MAX);
        let bytes = w.finish();
        let mut r = Reader(&bytes);
        for n in numbers {
            assert_eq!(r.signed(), Some(n));
        }
        assert_eq!(r.count(), Some(u64::MAX));
        assert!(r.is_done());
    }
}
