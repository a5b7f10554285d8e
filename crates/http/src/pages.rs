//! The web app's HTML page, sent with the API answers its first screen is about to ask for.
//!
//! Every client route (/, /shop, /books/…, /dashboard/…) loads the same built `index.html`; the app routes from
//! there. A page that opens with public data would, on a phone, wait for its code (React and the app, ~130 KB) and
//! only then ask for that data: one more round trip before anything can be drawn. So the server, which knows what
//! those first requests will be, answers them in advance: their JSON goes into the page in a data block
//!
//! ```html
//! <script type="application/json" id="page-answers">{"/api/config":{…},"/api/advertised":[…]}</script>
//! ```
//!
//! which the app's first request for exactly that path reads instead of the network (apps/web/src/lib/page-answers.ts).
//! A picture the first screen will show that the server already knows (a book page's cover) is preloaded from the
//! head, so it arrives while the code does instead of after it.
//!
//! The home page, the shop and a book page are also sent with their first screen drawn (the welcome, the first
//! shelf's covers, the book's cover and title), in the reader's language, where index.html marks it: a phone shows
//! the largest thing on its screen as soon as the page and its styles are in, not a second later once the code has
//! come and run. The markup is the web app's (its build writes `first-screens.json` beside `index.html`, see
//! apps/web/src/first-screens/first-screens.ts); the server fills in the book's words and pictures. The app replaces
//! it when it starts. The reader's language is the one the app last showed in this browser (a cookie it keeps), else
//! the first of the browser's languages that the app has, as the app itself decides on a first visit.
//! Only public answers, as a visitor gets them, and the very bytes the API would send (the rendered copies of
//! `crate::rendered` where there are some): as fresh as an API call made at the moment the page was asked for. A
//! book page carries the book as a visitor sees it (without the seller's phone and e-mail); a signed-in reader's
//! app asks for it with its token instead. A data block is not script: the Content-Security-Policy (no inline
//! script) is untouched.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use puronoboi_domain::BookId;

use crate::AppState;
use crate::dto::{BookDetailDto, ContactVisibility};
use crate::error::ApiError;
use crate::routes::catalogue::{ADVERTISED_KEY, advertised_answer, grouped_answer, grouped_key};

/// How long the page waits for its answers. They are usually kept copies (microseconds); when the database is slow
/// or away, the page goes out without them (the app then asks, and shows what goes wrong) rather than being held up.
const ANSWERS_WAIT: Duration = Duration::from_millis(500);

/// Books per category on the home page's shelves and on the shop's: what the app asks for
/// (apps/web/src/features/catalogue/api/get-grouped-books.ts).
const HOME_BOOKS_PER_CATEGORY: u32 = 4;
const SHOP_BOOKS_PER_CATEGORY: u32 = 24;

/// The shop's covers fetched with the page: its first shelf's first row on a phone, the largest thing on its screen
/// (the app's `SHOP_COVERS_AHEAD`). The home page opens with its hero, not with covers.
const SHOP_COVERS_AHEAD: usize = 2;

/// How many of the shop's first covers are drawn with the page (the app's `SHOP_CARDS_DRAWN`): the first row of the
/// first shelf on the widest screen.
const SHOP_CARDS_DRAWN: usize = 6;

/// The cookie in which the app keeps the language it last showed (apps/web/src/lib/i18n/shell-words.ts).
const LANGUAGE_COOKIE: &str = "puronoboi_language";

/// Where index.html wants the first screen.
const FIRST_SCREEN_MARK: &str = "<!--first-screen-->";

/// The built `index.html`, split where the preloads go (just before `</head>`), where the first screen goes (the
/// mark in the app's root) and where the answers go (just before `</body>`); with the first screens of the build.
pub struct AppPage {
    /// The head as built (`<html lang="en">`) and as a Bangla page starts (`<html lang="bn">`).
    head: String,
    head_bangla: String,
    body_before_screen: String,
    body: String,
    tail: String,
    screens: Option<FirstScreenTemplates>,
}

/// The languages the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum PageLanguage {
    #[default]
    English,
    Bangla,
}

impl PageLanguage {
    fn from_code(code: &str) -> Option<Self> {
        match code.trim().to_ascii_lowercase().split(['-', '_']).next() {
            Some("en") => Some(Self::English),
            Some("bn") => Some(Self::Bangla),
            _ => None,
        }
    }

    /// The language the app will open in: the one it last showed in this browser (its cookie), else the first of the
    /// browser's languages that it has (`Accept-Language`, in the browser's order), else English.
    fn of_request(headers: &HeaderMap) -> Self {
        let kept = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|cookies| cookies.split(';'))
            .filter_map(|cookie| cookie.trim().split_once('='))
            .find(|(name, _)| *name == LANGUAGE_COOKIE)
            .and_then(|(_, value)| Self::from_code(value));
        kept.or_else(|| {
            headers
                .get_all(header::ACCEPT_LANGUAGE)
                .iter()
                .filter_map(|value| value.to_str().ok())
                .flat_map(|tags| tags.split(','))
                .filter(|tag| !tag.split(';').skip(1).any(|parameter| parameter.trim().replace(' ', "") == "q=0"))
                .find_map(|tag| Self::from_code(tag.split(';').next().unwrap_or_default()))
        })
        .unwrap_or_default()
    }
}

/// One language's first screens as the web app's build words them (`first-screens.json`). `{{name}}` is a value the
/// server fills in; `shopChip` and `shopCard` are repeated into the shop's `{{chips}}` and `{{cards}}`.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct FirstScreenWords {
    /// What every page's head carries in this language (a Bangla page fetches the Bengali faces with it).
    head: String,
    home: String,
    shop: String,
    shop_chip: String,
    shop_card: String,
    book: String,
}

#[derive(Debug, serde::Deserialize)]
struct FirstScreenTemplates {
    en: FirstScreenWords,
    bn: FirstScreenWords,
}

/// A category as the first screens show it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
struct ScreenCategory {
    id: String,
    name: String,
}

/// A book as the first screens show it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
struct ScreenBook {
    id: String,
    title: String,
    author: String,
    picture: String,
}

/// A shelf of the shop's answer (`GET /api/books/grouped`), as far as the first screen reads it.
#[derive(Debug, serde::Deserialize)]
struct ScreenShelf {
    category: ScreenCategory,
    books: Vec<ScreenBook>,
}

/// The first screen a page is sent with, and what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
enum FirstScreen {
    Home,
    /// The shop's categories (those with books) and its first shelf's first books.
    Shop {
        categories: Vec<ScreenCategory>,
        first: ScreenCategory,
        books: Vec<ScreenBook>,
    },
    Book {
        book: ScreenBook,
        category: ScreenCategory,
    },
}

/// What a page is sent with: the answers to its opening requests (each an API path and its JSON), the pictures
/// its first screen shows that the server already knows of, that screen, and the language to word it in.
#[derive(Debug, Default)]
struct Opened {
    answers: Vec<(String, Bytes)>,
    pictures: Vec<String>,
    screen: Option<FirstScreen>,
    language: PageLanguage,
}

/// One request the app makes as a page opens.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Opening {
    /// `GET /api/config`: run-time settings, read by every page at start-up.
    Config,
    /// `GET /api/advertised`: every page's navigation shows "Advertise Items" only when something is advertised.
    Advertised,
    /// `GET /api/books/grouped?perCategory=N`: the shelves of the home page and of the shop.
    Grouped(u32),
    /// `GET /api/books/{id}` as a visitor: a book's page. The id as the page's address spells it (the app asks for
    /// that very path).
    Book { id: BookId, as_requested: String },
}

impl Opening {
    fn path(&self) -> String {
        match self {
            Self::Config => "/api/config".to_owned(),
            Self::Advertised => "/api/advertised".to_owned(),
            Self::Grouped(per_category) => format!("/api/books/grouped?perCategory={per_category}"),
            Self::Book { as_requested, .. } => format!("/api/books/{as_requested}"),
        }
    }
}

/// The requests the page at `path` opens with.
fn openings(path: &str) -> Vec<Opening> {
    let mut openings = vec![Opening::Config, Opening::Advertised];
    match path.trim_end_matches('/') {
        "" | "/home" => openings.push(Opening::Grouped(HOME_BOOKS_PER_CATEGORY)),
        "/shop" => openings.push(Opening::Grouped(SHOP_BOOKS_PER_CATEGORY)),
        other => {
            // Only an id that is one: anything else is a page the app shows as not found without asking.
            if let Some(as_requested) = other.strip_prefix("/books/").filter(|id| !id.contains('/'))
                && let Ok(id) = as_requested.parse::<BookId>()
            {
                openings.push(Opening::Book { id, as_requested: as_requested.to_owned() });
            }
        }
    }
    openings
}

impl AppPage {
    /// Reads `index.html` and `first-screens.json` from the built web app. Without the second (a build from before
    /// them), pages go out without a first screen.
    pub fn load(dist: &Path) -> std::io::Result<Self> {
        let page = Self::new(&std::fs::read_to_string(dist.join("index.html"))?);
        let screens = match std::fs::read(dist.join("first-screens.json")) {
            Ok(json) => Some(serde_json::from_slice(&json).map_err(std::io::Error::other)?),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
            Err(error) => return Err(error),
        };
        Ok(Self { screens, ..page })
    }

    fn new(html: &str) -> Self {
        let body_end = html.rfind("</body>").unwrap_or(html.len());
        let head_end = html[..body_end].find("</head>").unwrap_or(0);
        let head = html[..head_end].to_owned();
        let (body_before_screen, body) = match html[head_end..body_end].split_once(FIRST_SCREEN_MARK) {
            Some((before, after)) => (before.to_owned(), after.to_owned()),
            None => (html[head_end..body_end].to_owned(), String::new()),
        };
        Self {
            head_bangla: head.replacen(r#"<html lang="en""#, r#"<html lang="bn""#, 1),
            head,
            body_before_screen,
            body,
            tail: html[body_end..].to_owned(),
            screens: None,
        }
    }

    /// The page with a preload of each picture at the end of its head, and the answers in a data block at the end of
    /// its body; the built page as it is when there are neither.
    fn render(&self, opened: &Opened) -> String {
        let json_length: usize = opened.answers.iter().map(|(path, json)| path.len() + json.len() + 4).sum();
        let pictures_length: usize = opened.pictures.iter().map(|src| src.len() + 80).sum();
        let mut html = String::with_capacity(
            self.head.len() + self.body_before_screen.len() + self.body.len() + self.tail.len() + json_length + pictures_length + 4096,
        );
        let words = self.screens.as_ref().map(|screens| if opened.language == PageLanguage::Bangla { &screens.bn } else { &screens.en });
        html.push_str(if opened.language == PageLanguage::Bangla { &self.head_bangla } else { &self.head });
        if let Some(words) = words {
            html.push_str(&words.head);
        }
        for src in &opened.pictures {
            // Fetched with the page rather than once the app has drawn it: the largest thing on a phone's screen.
            html.push_str(r#"<link rel="preload" as="image" fetchpriority="high" href=""#);
            push_attribute_value(&mut html, src);
            html.push_str("\">\n");
        }
        html.push_str(&self.body_before_screen);
        if let (Some(screen), Some(words)) = (&opened.screen, words) {
            push_first_screen(&mut html, words, screen);
        }
        html.push_str(&self.body);
        if !opened.answers.is_empty() {
            html.push_str(r#"<script type="application/json" id="page-answers">{"#);
            for (index, (path, json)) in opened.answers.iter().enumerate() {
                if index > 0 {
                    html.push(',');
                }
                // Our own paths, with at most a parsed book id in them: nothing to escape in a JSON string.
                html.push('"');
                html.push_str(path);
                html.push_str("\":");
                push_script_safe_json(&mut html, json);
            }
            html.push_str("}</script>\n");
        }
        html.push_str(&self.tail);
        html
    }
}

/// Appends `value` escaped for a double-quoted attribute.
fn push_attribute_value(html: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '&' => html.push_str("&amp;"),
            '"' => html.push_str("&quot;"),
            '<' => html.push_str("&lt;"),
            '>' => html.push_str("&gt;"),
            other => html.push(other),
        }
    }
}

/// Appends `json` so that it cannot end the `<script>` element it sits in. `<`, `>` and `&` can only occur inside
/// JSON strings (never in its structure), where their `\u` escapes mean the same characters; unescaped, a book titled
/// `</script><script>…` would close the data block and have the rest read as HTML.
fn push_script_safe_json(html: &mut String, json: &[u8]) {
    // Our own serde_json output: always UTF-8. Anything else is left out rather than sent damaged.
    let Ok(text) = std::str::from_utf8(json) else {
        html.push_str("null");
        return;
    };
    for c in text.chars() {
        match c {
            '<' => html.push_str("\\u003c"),
            '>' => html.push_str("\\u003e"),
            '&' => html.push_str("\\u0026"),
            other => html.push(other),
        }
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<Bytes, ApiError> {
    serde_json::to_vec(value).map(Bytes::from).map_err(|e| ApiError::internal(&e))
}

/// Appends `template` with each `{{name}}` in it replaced by what `fill` appends for that name (nothing for a name it
/// does not know).
fn push_template(html: &mut String, template: &str, mut fill: impl FnMut(&str, &mut String)) {
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        html.push_str(&rest[..start]);
        let Some(length) = rest[start + 2..].find("}}") else {
            rest = &rest[start..];
            break;
        };
        fill(&rest[start + 2..start + 2 + length], html);
        rest = &rest[start + 2 + length + 2..];
    }
    html.push_str(rest);
}

/// Appends `screen` worded by `words`; every value from a book or category is escaped.
fn push_first_screen(html: &mut String, words: &FirstScreenWords, screen: &FirstScreen) {
    let category_value = |category: &ScreenCategory, name: &str, html: &mut String| match name {
        "categoryId" => push_attribute_value(html, &category.id),
        "categoryName" => push_attribute_value(html, &category.name),
        _ => {}
    };
    let book_value = |book: &ScreenBook, name: &str, html: &mut String| match name {
        "bookId" => push_attribute_value(html, &book.id),
        "title" => push_attribute_value(html, &book.title),
        "author" => push_attribute_value(html, &book.author),
        "picture" => push_attribute_value(html, &book.picture),
        _ => {}
    };
    match screen {
        FirstScreen::Home => html.push_str(&words.home),
        FirstScreen::Book { book, category } => push_template(html, &words.book, |name, html| {
            book_value(book, name, html);
            category_value(category, name, html);
        }),
        FirstScreen::Shop { categories, first, books } => push_template(html, &words.shop, |name, html| match name {
            "chips" => {
                for category in categories {
                    push_template(html, &words.shop_chip, |name, html| category_value(category, name, html));
                }
            }
            "cards" => {
                for (index, book) in books.iter().enumerate() {
                    push_template(html, &words.shop_card, |name, html| match name {
                        // The first row on a phone is fetched ahead of the rest (as the app's shelves do).
                        "fetchPriority" => html.push_str(if index < SHOP_COVERS_AHEAD { "high" } else { "auto" }),
                        name => book_value(book, name, html),
                    });
                }
            }
            name => category_value(first, name, html),
        }),
    }
}

/// The shop's first screen and the covers to fetch with the page, read from the shelves' JSON (the kept copy's
/// bytes: the shelves are not built again for this). None when no shelf has a book (the app says the shop is empty).
fn shop_screen(shelves_json: &[u8]) -> Option<(FirstScreen, Vec<String>)> {
    let shelves = serde_json::from_slice::<Vec<ScreenShelf>>(shelves_json).ok()?;
    let mut stocked = shelves.into_iter().filter(|shelf| !shelf.books.is_empty());
    let first = stocked.next()?;
    let categories = std::iter::once(first.category.clone()).chain(stocked.map(|shelf| shelf.category)).collect();
    let books: Vec<ScreenBook> = first.books.into_iter().take(SHOP_CARDS_DRAWN).collect();
    let covers = books.iter().take(SHOP_COVERS_AHEAD).map(|book| book.picture.clone()).collect();
    Some((FirstScreen::Shop { categories, first: first.category, books }, covers))
}

/// One opening answer: its JSON, as the API would send it.
struct Answer {
    json: Bytes,
    /// The pictures it leads the page to show first.
    pictures: Vec<String>,
    /// The first screen drawn from it.
    screen: Option<FirstScreen>,
}

impl Answer {
    fn json(json: Bytes) -> Self {
        Self { json, pictures: Vec::new(), screen: None }
    }
}

async fn answer(state: &AppState, opening: &Opening) -> Result<Answer, ApiError> {
    match *opening {
        Opening::Config => Ok(Answer::json(to_json(state.public_config.as_ref())?)),
        Opening::Advertised => {
            let version = state.storefront.version();
            Ok(Answer::json(state.rendered.json_bytes(version, ADVERTISED_KEY.to_owned(), advertised_answer(state)).await?))
        }
        Opening::Grouped(per_category) => {
            let version = state.storefront.version();
            let json = state.rendered.json_bytes(version, grouped_key(per_category), grouped_answer(state, per_category)).await?;
            if per_category != SHOP_BOOKS_PER_CATEGORY {
                return Ok(Answer::json(json));
            }
            let (screen, pictures) = shop_screen(&json).map_or((None, Vec::new()), |(screen, covers)| (Some(screen), covers));
            Ok(Answer { json, pictures, screen })
        }
        Opening::Book { id, .. } => {
            let version = state.storefront.version();
            let detail = state.storefront.book(id).await?;
            let score = crate::routes::reviews::seller_score(state, detail.book.seller_id, version).await?;
            let book = BookDetailDto::new(detail, ContactVisibility::Hidden, score);
            // The picture the page shows large: the first photo (the cover).
            let picture = book.pictures.first().unwrap_or(&book.picture).clone();
            let screen = FirstScreen::Book {
                book: ScreenBook {
                    id: book.id.to_string(),
                    title: book.title.clone(),
                    author: book.author.clone(),
                    picture: picture.clone(),
                },
                category: ScreenCategory { id: book.category.id.to_string(), name: book.category.name.clone() },
            };
            Ok(Answer { json: to_json(&book)?, pictures: vec![picture], screen: Some(screen) })
        }
    }
}

/// What `path` opens with that could be had within [`ANSWERS_WAIT`]; the rest is left to the app.
async fn opened(state: &AppState, path: &str, language: PageLanguage) -> Opened {
    let pending = openings(path).into_iter().map(|opening| async move {
        match tokio::time::timeout(ANSWERS_WAIT, answer(state, &opening)).await {
            Ok(Ok(answer)) => Some((opening.path(), answer)),
            // A book that is not there (or no longer for anyone to see): the app asks, and shows that.
            Ok(Err(error)) if error.status() == axum::http::StatusCode::NOT_FOUND => None,
            Ok(Err(error)) => {
                tracing::warn!(?opening, ?error, "the page goes out without this answer");
                None
            }
            Err(_) => {
                tracing::warn!(?opening, "the page goes out without this answer: it took too long");
                None
            }
        }
    });
    // The home page's welcome is the same for everyone.
    let home = matches!(path.trim_end_matches('/'), "" | "/home");
    let mut opened = Opened { language, screen: home.then_some(FirstScreen::Home), ..Opened::default() };
    for (path, answer) in futures_util::future::join_all(pending).await.into_iter().flatten() {
        opened.answers.push((path, answer.json));
        opened.pictures.extend(answer.pictures);
        opened.screen = opened.screen.or(answer.screen);
    }
    opened
}

/// `GET` of any client route: the app's page with the answers it opens with.
pub async fn page(State((state, page)): State<(AppState, Arc<AppPage>)>, request: Request) -> Response {
    let language = PageLanguage::of_request(request.headers());
    let html = page.render(&opened(&state, request.uri().path(), language).await);
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
            // Worded in the reader's language, which these two tell.
            (header::VARY, HeaderValue::from_static("accept-language, cookie")),
            // The answers are of this moment: a browser asks again on every visit (the assets it links are the ones
            // kept for a year).
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        html,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "<!doctype html><html><head><title>P</title></head><body><div id=\"root\"></div>\
                         <script type=\"module\" src=\"/assets/boot.js\"></script></body></html>";

    fn answers(answers: &[(&str, &'static [u8])]) -> Opened {
        Opened { answers: answers.iter().map(|(path, json)| ((*path).to_owned(), Bytes::from_static(json))).collect(), ..Opened::default() }
    }

    fn data_block(html: &str) -> serde_json::Value {
        let start = html.find(r#"<script type="application/json" id="page-answers">"#).expect("a data block");
        let json_start = html[start..].find('>').expect("the tag's end") + start + 1;
        let end = html[json_start..].find("</script>").expect("the element's end") + json_start;
        serde_json::from_str(&html[json_start..end]).expect("the block is JSON")
    }

    #[test]
    fn the_answers_go_in_a_data_block_before_the_end_of_the_body() {
        let page = AppPage::new(INDEX);
        let html = page.render(&answers(&[("/api/config", br#"{"auth":null}"#), ("/api/advertised", b"[]")]));
        assert!(html.starts_with("<!doctype html><html><head><title>P</title></head><body><div id=\"root\"></div>"));
        assert!(html.ends_with("<script type=\"application/json\" id=\"page-answers\">{\"/api/config\":{\"auth\":null},\"/api/advertised\":[]}</script>\n</body></html>"), "{html}");
        assert_eq!(data_block(&html), serde_json::json!({"/api/config": {"auth": null}, "/api/advertised": []}));
    }

    #[test]
    fn without_answers_the_page_is_the_built_one() {
        assert_eq!(AppPage::new(INDEX).render(&Opened::default()), INDEX);
        // A page without a head or body end (not what the build makes) still gets its answers, at the end.
        let bare = AppPage::new("<p>hello").render(&answers(&[("/api/advertised", b"[]")]));
        assert!(bare.starts_with("<p>hello<script type=\"application/json\""), "{bare}");
    }

    #[test]
    fn a_title_cannot_close_the_data_block() {
        let hostile = serde_json::to_vec(&serde_json::json!([{
            "title": "</script><script>alert(1)</script><!-- & -->",
            "author": "Rabindranath <Tagore>"
        }]))
        .expect("JSON");
        let html = AppPage::new(INDEX)
            .render(&Opened { answers: vec![("/api/advertised".to_owned(), Bytes::from(hostile))], ..Opened::default() });
        let block_start = html.find("id=\"page-answers\">").expect("a block");
        let block = &html[block_start..];
        // The only `<` left in the block is the one that closes it, followed by the page's own end.
        assert_eq!(block.matches('<').count(), 3, "{block}");
        assert!(block.ends_with("}</script>\n</body></html>"), "{block}");
        assert!(!block.contains("<script>alert"), "{block}");
        // And the app reads back exactly what the API would have said.
        assert_eq!(data_block(&html)["/api/advertised"][0]["title"], "</script><script>alert(1)</script><!-- & -->");
        assert_eq!(data_block(&html)["/api/advertised"][0]["author"], "Rabindranath <Tagore>");
    }

    #[test]
    fn the_first_pictures_are_preloaded_from_the_head() {
        let opened = Opened {
            pictures: vec!["/images/cover.svg".to_owned(), "https://i.ibb.co/x/a.jpg?a=1&b=\"><script>".to_owned()],
            ..Opened::default()
        };
        let html = AppPage::new(INDEX).render(&opened);
        assert_eq!(
            html,
            "<!doctype html><html><head><title>P</title>\
             <link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/images/cover.svg\">\n\
             <link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"https://i.ibb.co/x/a.jpg?a=1&amp;b=&quot;&gt;&lt;script&gt;\">\n\
             </head><body><div id=\"root\"></div><script type=\"module\" src=\"/assets/boot.js\"></script></body></html>"
        );
    }

    fn book(id: &str, title: &str) -> ScreenBook {
        ScreenBook {
            id: id.to_owned(),
            title: title.to_owned(),
            author: format!("Author of {title}"),
            picture: format!("/images/{id}.svg"),
        }
    }

    fn category(id: &str, name: &str) -> ScreenCategory {
        ScreenCategory { id: id.to_owned(), name: name.to_owned() }
    }

    #[test]
    fn the_shops_first_screen_is_its_first_shelf_with_books() {
        let shelves = br#"[{"category":{"id":"a","name":"Empty"},"books":[],"bookCount":0},
            {"category":{"id":"b","name":"Novels"},"books":[{"id":"1","picture":"/images/1.svg","title":"One","author":"Author of One","resalePrice":100},
            {"id":"2","picture":"/images/2.svg","title":"Two","author":"Author of Two"},{"id":"3","picture":"/images/3.svg","title":"Three","author":"Author of Three"}],"bookCount":3},
            {"category":{"id":"c","name":"Poems"},"books":[{"id":"4","picture":"/images/4.svg","title":"Four","author":"Author of Four"}],"bookCount":1}]"#;
        let (screen, covers) = shop_screen(shelves).expect("a shelf with books");
        assert_eq!(covers, ["/images/1.svg", "/images/2.svg"]);
        assert_eq!(
            screen,
            FirstScreen::Shop {
                categories: vec![category("b", "Novels"), category("c", "Poems")],
                first: category("b", "Novels"),
                books: vec![book("1", "One"), book("2", "Two"), book("3", "Three")],
            }
        );
        // Only the first row of the widest screen is drawn.
        let many = serde_json::to_vec(&serde_json::json!([{"category": {"id": "b", "name": "Novels"}, "books":
            (0..10).map(|n| serde_json::json!({"id": n.to_string(), "title": "T", "author": "A", "picture": "/p.svg"})).collect::<Vec<_>>()}]))
        .expect("JSON");
        let Some((FirstScreen::Shop { books, .. }, _)) = shop_screen(&many) else { panic!("a shop screen") };
        assert_eq!(books.len(), SHOP_CARDS_DRAWN);
        assert_eq!(shop_screen(br#"[{"category":{"id":"a","name":"Empty"},"books":[]}]"#), None, "no books: the app says so");
        assert_eq!(shop_screen(b"[]"), None);
        assert_eq!(shop_screen(b"not json"), None);
    }

    const WITH_MARK: &str = "<!doctype html><html lang=\"en\" data-theme=\"p\"><head><title>P</title></head><body><div id=\"root\">\
                             <header>bar</header><!--first-screen--></div></body></html>";

    fn with_screens() -> AppPage {
        let word = |language: &str| FirstScreenWords {
            head: format!("<link head-{language}>"),
            home: format!("<main lang-{language}>welcome</main>"),
            shop: format!(
                "<main lang-{language}><ul>{{{{chips}}}}</ul><h2 id=\"{{{{categoryId}}}}\">{{{{categoryName}}}}</h2><ul>{{{{cards}}}}</ul></main>"
            ),
            shop_chip: "<li>{{categoryName}}</li>".to_owned(),
            shop_card: "<li><img src=\"{{picture}}\" alt=\"{{title}}\" fetchpriority=\"{{fetchPriority}}\">{{author}}{{unknown}}</li>"
                .to_owned(),
            book: format!(
                "<main lang-{language}><a href=\"/category/{{{{categoryId}}}}\">{{{{categoryName}}}}</a><img src=\"{{{{picture}}}}\" alt=\"{{{{title}}}}\"><h1>{{{{title}}}}</h1>{{{{author}}}}</main>"
            ),
        };
        AppPage { screens: Some(FirstScreenTemplates { en: word("en"), bn: word("bn") }), ..AppPage::new(WITH_MARK) }
    }

    fn body_of(html: &str) -> &str {
        let start = html.find("<body>").expect("a body") + "<body>".len();
        &html[start..html.find("</body>").expect("its end")]
    }

    #[test]
    fn the_first_screen_goes_where_the_page_marks_it_in_the_readers_language() {
        let page = with_screens();
        let english = page.render(&Opened { screen: Some(FirstScreen::Home), ..Opened::default() });
        assert!(
            english.starts_with("<!doctype html><html lang=\"en\" data-theme=\"p\"><head><title>P</title><link head-en></head>"),
            "{english}"
        );
        assert_eq!(body_of(&english), "<div id=\"root\"><header>bar</header><main lang-en>welcome</main></div>");
        let bangla = page.render(&Opened { screen: Some(FirstScreen::Home), language: PageLanguage::Bangla, ..Opened::default() });
        assert!(
            bangla.starts_with("<!doctype html><html lang=\"bn\" data-theme=\"p\"><head><title>P</title><link head-bn></head>"),
            "{bangla}"
        );
        assert_eq!(body_of(&bangla), "<div id=\"root\"><header>bar</header><main lang-bn>welcome</main></div>");
        // No screen (a dashboard page), or a build without first screens: the page as built, less the mark.
        assert_eq!(body_of(&page.render(&Opened::default())), "<div id=\"root\"><header>bar</header></div>");
        let unscreened = AppPage::new(WITH_MARK).render(&Opened { screen: Some(FirstScreen::Home), ..Opened::default() });
        assert_eq!(body_of(&unscreened), "<div id=\"root\"><header>bar</header></div>");
    }

    #[test]
    fn the_shops_and_a_books_screens_are_filled_in_and_escaped() {
        let page = with_screens();
        let shop = FirstScreen::Shop {
            categories: vec![category("b", "Novels & <Stories>"), category("c", "Poems")],
            first: category("b", "Novels & <Stories>"),
            books: vec![book("1", "One"), book("2", "\"><script>alert(1)</script>"), book("3", "Three")],
        };
        let html = page.render(&Opened { screen: Some(shop), ..Opened::default() });
        assert_eq!(
            body_of(&html),
            "<div id=\"root\"><header>bar</header><main lang-en><ul><li>Novels &amp; &lt;Stories&gt;</li><li>Poems</li></ul>\
             <h2 id=\"b\">Novels &amp; &lt;Stories&gt;</h2><ul>\
             <li><img src=\"/images/1.svg\" alt=\"One\" fetchpriority=\"high\">Author of One</li>\
             <li><img src=\"/images/2.svg\" alt=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\" fetchpriority=\"high\">Author of &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</li>\
             <li><img src=\"/images/3.svg\" alt=\"Three\" fetchpriority=\"auto\">Author of Three</li></ul></main></div>"
        );
        let book_screen = FirstScreen::Book { book: book("7", "পথের পাঁচালী"), category: category("c", "Poems") };
        let html = page.render(&Opened { screen: Some(book_screen), language: PageLanguage::Bangla, ..Opened::default() });
        assert_eq!(
            body_of(&html),
            "<div id=\"root\"><header>bar</header><main lang-bn><a href=\"/category/c\">Poems</a>\
             <img src=\"/images/7.svg\" alt=\"পথের পাঁচালী\"><h1>পথের পাঁচালী</h1>Author of পথের পাঁচালী</main></div>"
        );
    }

    fn request_headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(name, value)| (header::HeaderName::from_static(name), HeaderValue::from_static(value))).collect()
    }

    #[test]
    fn the_page_speaks_the_language_the_app_will_open_in() {
        use PageLanguage::{Bangla, English};
        let of = |pairs: &[(&'static str, &'static str)]| PageLanguage::of_request(&request_headers(pairs));
        assert_eq!(of(&[]), English);
        assert_eq!(of(&[("accept-language", "bn-BD,bn;q=0.9,en;q=0.8")]), Bangla);
        assert_eq!(of(&[("accept-language", "bn")]), Bangla);
        assert_eq!(of(&[("accept-language", "fr-FR, BN;q=0.5, en;q=0.4")]), Bangla, "the first language the app has");
        assert_eq!(of(&[("accept-language", "en-GB,en;q=0.9,bn;q=0.8")]), English);
        assert_eq!(of(&[("accept-language", "bn;q=0, en")]), English, "q=0: not wanted");
        assert_eq!(of(&[("accept-language", "fr, de")]), English);
        // The language the app last showed in this browser comes first.
        assert_eq!(of(&[("accept-language", "en"), ("cookie", "theme=dark; puronoboi_language=bn")]), Bangla);
        assert_eq!(of(&[("accept-language", "bn"), ("cookie", "puronoboi_language=en")]), English);
        assert_eq!(of(&[("accept-language", "bn"), ("cookie", "puronoboi_language=fr")]), Bangla, "not a language the app has");
        assert_eq!(of(&[("accept-language", "bn"), ("cookie", "other_language=en")]), Bangla);
    }

    #[test]
    fn each_page_opens_with_the_settings_the_navigation_and_its_own_list() {
        use Opening::{Advertised, Config, Grouped};
        assert_eq!(openings("/"), [Config, Advertised, Grouped(HOME_BOOKS_PER_CATEGORY)]);
        assert_eq!(openings("/home"), [Config, Advertised, Grouped(HOME_BOOKS_PER_CATEGORY)]);
        assert_eq!(openings("/shop"), [Config, Advertised, Grouped(SHOP_BOOKS_PER_CATEGORY)]);
        assert_eq!(openings("/shop/"), [Config, Advertised, Grouped(SHOP_BOOKS_PER_CATEGORY)]);
        assert_eq!(openings("/books/8d4f"), [Config, Advertised], "not a book id: nothing to send");
        let id = "0b7e5c1e-3f0a-4d6e-9b1a-2c3d4e5f6a7b";
        let book = Opening::Book { id: id.parse().expect("an id"), as_requested: id.to_owned() };
        assert_eq!(openings(&format!("/books/{id}")), [Config, Advertised, book.clone()]);
        assert_eq!(book.path(), format!("/api/books/{id}"));
        assert_eq!(openings(&format!("/books/{id}/extra")), [Config, Advertised]);
        assert_eq!(openings("/dashboard/myOrders"), [Config, Advertised]);
        assert_eq!(Grouped(24).path(), "/api/books/grouped?perCategory=24");
    }
}
