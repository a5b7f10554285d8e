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
use axum::http::{HeaderValue, header};
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

/// The built `index.html`, split where the preloads go (just before `</head>`) and where the answers go (just before
/// `</body>`).
pub struct AppPage {
    head: String,
    body: String,
    tail: String,
}

/// What a page is sent with: the answers to its opening requests (each an API path and its JSON) and the pictures
/// its first screen shows that the server already knows of.
#[derive(Debug, Default)]
struct Opened {
    answers: Vec<(String, Bytes)>,
    pictures: Vec<String>,
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
    /// Reads `index.html` from the built web app.
    pub fn load(dist: &Path) -> std::io::Result<Self> {
        Ok(Self::new(&std::fs::read_to_string(dist.join("index.html"))?))
    }

    fn new(html: &str) -> Self {
        let body_end = html.rfind("</body>").unwrap_or(html.len());
        let head_end = html[..body_end].find("</head>").unwrap_or(0);
        Self { head: html[..head_end].to_owned(), body: html[head_end..body_end].to_owned(), tail: html[body_end..].to_owned() }
    }

    /// The page with a preload of each picture at the end of its head, and the answers in a data block at the end of
    /// its body; the built page as it is when there are neither.
    fn render(&self, opened: &Opened) -> String {
        let json_length: usize = opened.answers.iter().map(|(path, json)| path.len() + json.len() + 4).sum();
        let pictures_length: usize = opened.pictures.iter().map(|src| src.len() + 80).sum();
        let mut html = String::with_capacity(self.head.len() + self.body.len() + self.tail.len() + json_length + pictures_length + 128);
        html.push_str(&self.head);
        for src in &opened.pictures {
            // Fetched with the page rather than once the app has drawn it: the largest thing on a phone's screen.
            html.push_str(r#"<link rel="preload" as="image" fetchpriority="high" href=""#);
            push_attribute_value(&mut html, src);
            html.push_str("\">\n");
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

/// The covers of the first `count` books of the first shelf that has any, read from the shelves' JSON (the kept copy's
/// bytes: the shelves are not built again for this).
fn first_covers(shelves_json: &[u8], count: usize) -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct Shelf {
        books: Vec<Cover>,
    }
    #[derive(serde::Deserialize)]
    struct Cover {
        picture: String,
    }
    let Ok(shelves) = serde_json::from_slice::<Vec<Shelf>>(shelves_json) else {
        return Vec::new();
    };
    shelves
        .into_iter()
        .find(|shelf| !shelf.books.is_empty())
        .map_or_else(Vec::new, |shelf| shelf.books.into_iter().take(count).map(|book| book.picture).collect())
}

/// One opening answer's JSON, as the API would send it, and the pictures it leads the page to show first.
async fn answer(state: &AppState, opening: &Opening) -> Result<(Bytes, Vec<String>), ApiError> {
    match *opening {
        Opening::Config => Ok((to_json(state.public_config.as_ref())?, Vec::new())),
        Opening::Advertised => {
            let version = state.storefront.version();
            Ok((state.rendered.json_bytes(version, ADVERTISED_KEY.to_owned(), advertised_answer(state)).await?, Vec::new()))
        }
        Opening::Grouped(per_category) => {
            let version = state.storefront.version();
            let json = state.rendered.json_bytes(version, grouped_key(per_category), grouped_answer(state, per_category)).await?;
            let covers = if per_category == SHOP_BOOKS_PER_CATEGORY { first_covers(&json, SHOP_COVERS_AHEAD) } else { Vec::new() };
            Ok((json, covers))
        }
        Opening::Book { id, .. } => {
            let version = state.storefront.version();
            let detail = state.storefront.book(id).await?;
            let score = crate::routes::reviews::seller_score(state, detail.book.seller_id, version).await?;
            let book = BookDetailDto::new(detail, ContactVisibility::Hidden, score);
            let picture = book.picture.clone();
            Ok((to_json(&book)?, vec![picture]))
        }
    }
}

/// What `path` opens with that could be had within [`ANSWERS_WAIT`]; the rest is left to the app.
async fn opened(state: &AppState, path: &str) -> Opened {
    let pending = openings(path).into_iter().map(|opening| async move {
        match tokio::time::timeout(ANSWERS_WAIT, answer(state, &opening)).await {
            Ok(Ok((json, pictures))) => Some((opening.path(), json, pictures)),
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
    let mut opened = Opened::default();
    for (path, json, pictures) in futures_util::future::join_all(pending).await.into_iter().flatten() {
        opened.answers.push((path, json));
        opened.pictures.extend(pictures);
    }
    opened
}

/// `GET` of any client route: the app's page with the answers it opens with.
pub async fn page(State((state, page)): State<(AppState, Arc<AppPage>)>, request: Request) -> Response {
    let html = page.render(&opened(&state, request.uri().path()).await);
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
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
        Opened {
            answers: answers.iter().map(|(path, json)| ((*path).to_owned(), Bytes::from_static(json))).collect(),
            pictures: Vec::new(),
        }
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
            .render(&Opened { answers: vec![("/api/advertised".to_owned(), Bytes::from(hostile))], pictures: Vec::new() });
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
            answers: Vec::new(),
            pictures: vec!["/images/cover.svg".to_owned(), "https://i.ibb.co/x/a.jpg?a=1&b=\"><script>".to_owned()],
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

    #[test]
    fn the_shops_first_covers_come_from_its_first_shelf_with_books() {
        let shelves = br#"[{"category":{"id":"a","name":"Empty"},"books":[],"bookCount":0},
            {"category":{"id":"b","name":"Novels"},"books":[{"id":"1","picture":"/images/1.svg","title":"One"},
            {"id":"2","picture":"https://i.ibb.co/2.jpg"},{"id":"3","picture":"/images/3.svg"}],"bookCount":3},
            {"category":{"id":"c","name":"Poems"},"books":[{"id":"4","picture":"/images/4.svg"}],"bookCount":1}]"#;
        assert_eq!(first_covers(shelves, 2), ["/images/1.svg", "https://i.ibb.co/2.jpg"]);
        assert_eq!(first_covers(shelves, 5), ["/images/1.svg", "https://i.ibb.co/2.jpg", "/images/3.svg"]);
        assert_eq!(first_covers(b"[]", 2), Vec::<String>::new());
        assert_eq!(first_covers(b"not json", 2), Vec::<String>::new());
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
