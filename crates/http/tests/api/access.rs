//! Who reaches what: every operation the API serves, called by every kind of caller, answers the status written
//! in one table, and no refused call changes a single row. The ids in each path are chosen per caller so that the
//! intruders aim at someone else's things: buyer B at buyer A's order and wish list, seller B at seller A's book,
//! everyone else at A's things too; the closed account aims at its own (former) order. On top of the status:
//!
//! - every call that must not change data (any refusal, any GET) leaves a digest of every writable table as it was;
//! - every call that may change data (an owner's own action) is checked for its effect in the database;
//! - no answer to anyone carries another person's private data (an order's id, delivery address or the buyer's
//!   e-mail; the seller of a book held by a live order sees its id and its buyer's address, nobody else does), and the
//!   lists under `/api/me/...` hold exactly the caller's own items;
//! - every row is a routed operation (none falls through to the API's "No such API endpoint." answer), and the
//!   table lists exactly the operations the API's OpenAPI document describes, so a new route without a row fails.

use std::collections::BTreeSet;

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use puronoboi_app::handover_codes::HandoverCodes;
use puronoboi_domain::AccountId;
use puronoboi_test_support::cards::VISA;
use puronoboi_test_support::pictures::{png_of, wide_rgb};
use puronoboi_test_support::{Identity, TestApp, builders, expect_json, test_session_secret, unique};
use reqwest::Method;
use serde_json::{Value, json};

/// Seller A's book's photos: the builders' cover, and a second one.
const FIRST_PHOTO: &str = "/images/test.svg";
const SECOND_PHOTO: &str = "/images/test-back.svg";

/// The callers, in the order of the table's columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Anonymous,
    BuyerA,
    BuyerB,
    SellerA,
    SellerB,
    Admin,
    /// A buyer whose account the admin closed; their access token is still within its lifetime.
    Deleted,
    /// Buyer A's access token, validly signed with the server's own secret but past its expiry.
    Expired,
}

use Who::{Admin, Anonymous, BuyerA, BuyerB, Deleted, Expired, SellerA, SellerB};

const CALLERS: [Who; 8] = [Anonymous, BuyerA, BuyerB, SellerA, SellerB, Admin, Deleted, Expired];

/// Every operation of the API and the status each caller gets. Paths are axum's templates as the routers register
/// them; [`World::request`] fills in the ids per caller (A's things for everyone; the closed account's own order).
#[rustfmt::skip]
const TABLE: &[(&str, &str, [u16; 8])] = &[
    //                                                     anon  buyA  buyB  selA  selB  admin closed expired
    ("GET",    "/api/health",                             [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/ready",                              [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/config",                             [200,  200,  200,  200,  200,  200,  200,  200]),
    // Opening a session takes the Firebase ID token: each caller sends their own (the expired column sends its
    // expired access token, which is no ID token).
    ("POST",   "/api/session",                            [401,  200,  200,  200,  200,  200,  403,  401]),
    ("POST",   "/api/session/logout",                     [401,  204,  204,  204,  204,  204,  403,  401]),
    ("GET",    "/api/me",                                 [401,  200,  200,  200,  200,  200,  403,  401]),
    ("POST",   "/api/me/photo",                           [401,  200,  200,  200,  200,  200,  403,  401]),
    ("PUT",    "/api/me/language",                        [401,  200,  200,  200,  200,  200,  403,  401]),
    // The public catalogue: a stale or closed account's token is read as an anonymous visit, never an error.
    ("GET",    "/api/categories",                         [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/categories/{id}/books",              [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/books/grouped",                      [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/books/{id}",                         [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/advertised",                         [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/search",                             [200,  200,  200,  200,  200,  200,  200,  200]),
    // A seller's listings: {id} is seller A's book; seller B gets the 404 of a book that does not exist.
    ("POST",   "/api/books",                              [401,  403,  403,  201,  201,  403,  403,  401]),
    ("GET",    "/api/me/books",                           [401,  403,  403,  200,  200,  403,  403,  401]),
    ("PATCH",  "/api/books/{id}",                         [401,  403,  403,  200,  404,  403,  403,  401]),
    ("DELETE", "/api/books/{id}",                         [401,  403,  403,  204,  404,  403,  403,  401]),
    ("POST",   "/api/books/{id}/advertise",               [401,  403,  403,  200,  404,  403,  403,  401]),
    ("DELETE", "/api/books/{id}/advertise",               [401,  403,  403,  200,  404,  403,  403,  401]),
    // Seller A's book has two photos: the owner adds a third, removes the second ({n} is 1) or swaps them.
    ("POST",   "/api/books/{id}/pictures",                [401,  403,  403,  201,  404,  403,  403,  401]),
    ("DELETE", "/api/books/{id}/pictures/{n}",            [401,  403,  403,  200,  404,  403,  403,  401]),
    ("PUT",    "/api/books/{id}/pictures/order",          [401,  403,  403,  200,  404,  403,  403,  401]),
    // The admin's: verify names seller A, delete names buyer A; seller A's books and buyer A's orders are the
    // admin's to read and nobody else's, their owners' included.
    ("GET",    "/api/admin/sellers",                      [401,  403,  403,  403,  403,  200,  403,  401]),
    ("GET",    "/api/admin/buyers",                       [401,  403,  403,  403,  403,  200,  403,  401]),
    ("GET",    "/api/admin/sellers/{id}/books",           [401,  403,  403,  403,  403,  200,  403,  401]),
    ("GET",    "/api/admin/buyers/{id}/orders",           [401,  403,  403,  403,  403,  200,  403,  401]),
    ("POST",   "/api/admin/sellers/{id}/verify",          [401,  403,  403,  403,  403,  200,  403,  401]),
    ("DELETE", "/api/admin/accounts/{id}",                [401,  403,  403,  403,  403,  204,  403,  401]),
    // Reports: anyone signed in but the admin reports seller A's book, its seller excepted; the admin decides.
    ("POST",   "/api/reports",                            [401,  201,  201,  409,  201,  403,  403,  401]),
    ("GET",    "/api/admin/reports",                      [401,  403,  403,  403,  403,  200,  403,  401]),
    ("POST",   "/api/admin/reports/{id}/dismiss",         [401,  403,  403,  403,  403,  200,  403,  401]),
    ("POST",   "/api/admin/books/{id}/hide",              [401,  403,  403,  403,  403,  204,  403,  401]),
    ("POST",   "/api/admin/books/{id}/restore",           [401,  403,  403,  403,  403,  204,  403,  401]),
    // The admin's categories: rename and merge name the category of every book here (merged into an empty one),
    // delete names that empty one.
    ("GET",    "/api/admin/categories",                   [401,  403,  403,  403,  403,  200,  403,  401]),
    ("PATCH",  "/api/admin/categories/{id}",              [401,  403,  403,  403,  403,  200,  403,  401]),
    ("POST",   "/api/admin/categories/{id}/merge",        [401,  403,  403,  403,  403,  200,  403,  401]),
    ("DELETE", "/api/admin/categories/{id}",              [401,  403,  403,  403,  403,  204,  403,  401]),
    // A buyer's: {id} is buyer A's order (the closed account's own), {book_id} a book on buyer A's wish list;
    // buyer B gets the 404 of an order that does not exist.
    ("POST",   "/api/orders",                             [401,  201,  201,  403,  403,  403,  403,  401]),
    ("GET",    "/api/me/orders",                          [401,  200,  200,  403,  403,  403,  403,  401]),
    ("GET",    "/api/orders/{id}",                        [401,  200,  404,  403,  403,  403,  403,  401]),
    ("PATCH",  "/api/orders/{id}",                        [401,  200,  404,  403,  403,  403,  403,  401]),
    ("POST",   "/api/orders/{id}/cancel",                 [401,  200,  404,  403,  403,  403,  403,  401]),
    ("POST",   "/api/orders/{id}/payment",                [401,  200,  404,  403,  403,  403,  403,  401]),
    ("POST",   "/api/orders/{id}/payment/sync",           [401,  200,  404,  403,  403,  403,  403,  401]),
    // The handover: {id} is buyer A's order for seller A's book, and everyone sends its right code; only seller A,
    // whose book it is, completes it (seller B gets the 404 of an order that does not exist).
    ("POST",   "/api/orders/{id}/handover",               [401,  403,  403,  200,  404,  403,  403,  401]),
    // Reviews: {id} is buyer A's completed order of seller A's book (the closed account's own order for it); the
    // answer's {id} is buyer A's review of another of seller A's books. Buyer B and seller B get the 404 of a thing
    // that does not exist.
    ("POST",   "/api/orders/{id}/review",                 [401,  201,  404,  403,  403,  403,  403,  401]),
    ("POST",   "/api/reviews/{id}/answer",                [401,  403,  403,  201,  404,  403,  403,  401]),
    // The public seller pages, of seller A.
    ("GET",    "/api/sellers/{id}",                       [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/sellers/{id}/reviews",               [200,  200,  200,  200,  200,  200,  200,  200]),
    ("GET",    "/api/sellers/{id}/books",                 [200,  200,  200,  200,  200,  200,  200,  200]),
    ("POST",   "/api/wishlist",                           [401,  201,  201,  403,  403,  403,  403,  401]),
    ("GET",    "/api/me/wishlist",                        [401,  200,  200,  403,  403,  403,  403,  401]),
    ("DELETE", "/api/wishlist/{book_id}",                 [401,  204,  404,  403,  403,  403,  403,  401]),
    // The payment provider's notifications: the signature is the only credential, and no access token is one.
    ("POST",   "/api/payments/stripe/webhook",            [400,  400,  400,  400,  400,  400,  400,  400]),
];

/// The API's own description of itself is not an operation on anyone's data, so it has no row.
const OPENAPI_DOCUMENT: &str = "/api/openapi.json";

/// What the API answers for a path no router serves.
const FALLBACK_MESSAGE: &str = "No such API endpoint.";

fn method(name: &str) -> Method {
    name.parse().unwrap_or_else(|_| panic!("a method: {name}"))
}

struct Person {
    id: String,
    email: String,
    /// Our access token.
    token: String,
    /// The Firebase ID token the account signed in with.
    id_token: String,
}

enum Body {
    Empty,
    Json(Value),
    Multipart(reqwest::multipart::Form),
    /// A raw JSON payload (the webhook's).
    Raw(Vec<u8>),
}

/// One app with two buyers, two sellers, an admin and a closed account, each owning things the others aim at.
struct World {
    app: TestApp,
    buyer_a: Person,
    buyer_b: Person,
    seller_a: Person,
    seller_b: Person,
    admin: Person,
    deleted: Person,
    expired: String,
    category: String,
    /// A category without books.
    empty_category: String,
    /// Seller A's available book, on buyer A's wish list.
    book_a: String,
    /// Seller B's available book, on buyer B's wish list.
    book_b: String,
    /// Seller A's book held by buyer A's pending order.
    held_a: String,
    /// Available books for buyer A and buyer B to order or wish for (seller B's).
    for_sale: [String; 2],
    order_a: String,
    order_b: String,
    /// The closed account's order, cancelled when the account was closed.
    order_deleted: String,
    /// Buyer A's order of a seller A book, handed over and not reviewed yet.
    completed_a: String,
    /// Buyer A's review of another order of a seller A book, handed over.
    review_a: String,
    /// Buyer B's open report of seller A.
    report_a: String,
    /// Seller A's book the admin hid.
    hidden_a: String,
    /// Every order of buyer A.
    orders_of_a: BTreeSet<String>,
    /// Text only some callers may ever see, with who may see it.
    private: Vec<(String, Vec<Who>)>,
}

/// A fresh emulator identity with an account of `account_type`; `verified` signs in with a verified address (the
/// admin's way in).
async fn person(app: &TestApp, email: String, account_type: &str, verified: bool) -> Person {
    let id_token = if verified {
        use puronoboi_ports::DemoIdentities as _;
        let login = puronoboi_ports::DemoLogin {
            email: email.clone(),
            password: "correct horse battery".into(),
            display_name: "Test Person".into(),
        };
        app.emulator().ensure_password_user(&login).await.expect("a verified identity");
        app.emulator().sign_in_with_password(&email, "correct horse battery").await.expect("signs in")
    } else {
        app.sign_up(&email, Some("Test Person")).await.1
    };
    let (status, session) = app.open_session(&id_token, json!({ "accountType": account_type })).await;
    assert_eq!(status, 200, "{session}");
    Person {
        id: session["user"]["id"].as_str().expect("an id").to_owned(),
        email,
        token: session["accessToken"].as_str().expect("a token").to_owned(),
        id_token,
    }
}

fn expired_token(account: &str) -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = json!({ "sub": account, "gen": 0, "iss": "puronoboi", "aud": "puronoboi-api", "iat": now - 1000, "exp": now - 60 });
    let key = EncodingKey::from_secret(test_session_secret().as_bytes());
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &key).expect("a token")
}

async fn send(app: &TestApp, method: Method, path: &str, token: Option<&str>, body: Body) -> reqwest::Response {
    let mut request = app.client.request(method, app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request = match body {
        Body::Empty => request,
        Body::Json(value) => request.json(&value),
        Body::Multipart(form) => request.multipart(form),
        Body::Raw(bytes) => request.header("content-type", "application/json").body(bytes),
    };
    request.send().await.expect("answered")
}

impl World {
    async fn new() -> Self {
        let admin_email = unique("admin");
        let app = TestApp::builder()
            .identity(Identity::Emulator)
            .admin_emails(&[admin_email.as_str()])
            .card_payments()
            .uploads_per_minute(100)
            .spawn()
            .await;
        let (buyer_a, buyer_b, seller_a, seller_b, admin, deleted) = tokio::join!(
            person(&app, unique("buyer-a"), "buyer", false),
            person(&app, unique("buyer-b"), "buyer", false),
            person(&app, unique("seller-a"), "seller", false),
            person(&app, unique("seller-b"), "seller", false),
            person(&app, admin_email, "buyer", true),
            person(&app, unique("deleted"), "buyer", false),
        );
        let category = builders::category(&app.store, "Novels").await;
        let empty_category = builders::category(&app.store, "Atlases").await.id.to_string();
        let shelve = |seller: &Person, title: &str| {
            let seller: AccountId = seller.id.parse().expect("an account id");
            builders::list(&app.store, builders::book(seller, &category, title))
        };
        let book_a = {
            let seller: AccountId = seller_a.id.parse().expect("an account id");
            let mut book = builders::book(seller, &category, "Seller A's book");
            book.more_photos = vec![SECOND_PHOTO.to_owned()];
            builders::list(&app.store, book).await.to_string()
        };
        let held_a = shelve(&seller_a, "Seller A's held book").await.to_string();
        let held_d = shelve(&seller_a, "Seller A's book the closed account ordered").await.to_string();
        let book_b = shelve(&seller_b, "Seller B's book").await.to_string();
        let held_b = shelve(&seller_b, "Seller B's held book").await.to_string();
        let for_sale = [shelve(&seller_b, "For sale 1").await.to_string(), shelve(&seller_b, "For sale 2").await.to_string()];

        let mut private = Vec::new();
        // An order is its buyer's. Its id and delivery address are also shown to the seller of the book while the
        // order is live (so that they can meet and hand the book over against it), and to nobody once it is closed.
        let mut order = async |buyer: &Person, book: &str, who: Who, seller: Option<Who>| {
            let location = format!("Private address of {who:?} {}", uuid::Uuid::new_v4().simple());
            let body = json!({ "bookId": book, "phone": "01712345678", "location": location });
            let placed = send(&app, Method::POST, "/api/orders", Some(&buyer.token), Body::Json(body)).await;
            let id = expect_json(placed, 201, "POST /api/orders").await["id"].as_str().expect("id").to_owned();
            private.push((id.clone(), std::iter::once(who).chain(seller).collect()));
            private.push((location, std::iter::once(who).chain(seller).collect()));
            id
        };
        let order_a = order(&buyer_a, &held_a, BuyerA, Some(SellerA)).await;
        let order_b = order(&buyer_b, &held_b, BuyerB, Some(SellerB)).await;
        // Cancelled when the admin closes the account below.
        let order_deleted = order(&deleted, &held_d, Deleted, None).await;
        // Two of seller A's books handed over to buyer A; the second one reviewed.
        let codes = HandoverCodes::new(&test_session_secret());
        let mut handed_over = Vec::new();
        for title in ["Seller A's book handed over", "Seller A's book handed over and reviewed"] {
            let book = shelve(&seller_a, title).await.to_string();
            let id = order(&buyer_a, &book, BuyerA, Some(SellerA)).await;
            let code = json!({ "code": codes.code(id.parse().expect("an order id")).to_string() });
            let path = format!("/api/orders/{id}/handover");
            expect_json(send(&app, Method::POST, &path, Some(&seller_a.token), Body::Json(code)).await, 200, "the handover").await;
            handed_over.push(id);
        }
        let completed_a = handed_over[0].clone();
        let reviewed = send(
            &app,
            Method::POST,
            &format!("/api/orders/{}/review", handed_over[1]),
            Some(&buyer_a.token),
            Body::Json(json!({ "asDescribed": 4, "communication": 5, "onTime": 3 })),
        )
        .await;
        let review_a = expect_json(reviewed, 201, "buyer A's review").await["id"].as_str().expect("an id").to_owned();
        let orders_of_a = BTreeSet::from([order_a.clone(), handed_over[0].clone(), handed_over[1].clone()]);
        let reported = send(
            &app,
            Method::POST,
            "/api/reports",
            Some(&buyer_b.token),
            Body::Json(json!({ "targetType": "seller", "targetId": seller_a.id, "reason": "scam" })),
        )
        .await;
        let report_a = expect_json(reported, 201, "buyer B's report").await["id"].as_str().expect("an id").to_owned();
        let hidden_a = shelve(&seller_a, "Seller A's hidden book").await.to_string();
        let hide = Body::Json(json!({ "reason": "counterfeit" }));
        let hidden = send(&app, Method::POST, &format!("/api/admin/books/{hidden_a}/hide"), Some(&admin.token), hide).await;
        assert_eq!(hidden.status(), 204, "the admin hides a book");
        for (buyer, book) in [(&buyer_a, &book_a), (&buyer_b, &book_b)] {
            let wished = send(&app, Method::POST, "/api/wishlist", Some(&buyer.token), Body::Json(json!({ "bookId": book }))).await;
            expect_json(wished, 201, "POST /api/wishlist").await;
        }
        // A buyer's e-mail is theirs and the admin's to see.
        private.push((buyer_a.email.clone(), vec![BuyerA, Admin]));
        private.push((buyer_b.email.clone(), vec![BuyerB, Admin]));
        let closed = send(&app, Method::DELETE, &format!("/api/admin/accounts/{}", deleted.id), Some(&admin.token), Body::Empty).await;
        assert_eq!(closed.status(), 204, "the admin closes the account");
        let expired = expired_token(&buyer_a.id);
        World {
            app,
            category: category.id.to_string(),
            empty_category,
            buyer_a,
            buyer_b,
            seller_a,
            seller_b,
            admin,
            deleted,
            expired,
            book_a,
            book_b,
            held_a,
            for_sale,
            order_a,
            order_b,
            order_deleted,
            completed_a,
            review_a,
            report_a,
            hidden_a,
            orders_of_a,
            private,
        }
    }

    fn person(&self, who: Who) -> Option<&Person> {
        match who {
            BuyerA => Some(&self.buyer_a),
            BuyerB => Some(&self.buyer_b),
            SellerA => Some(&self.seller_a),
            SellerB => Some(&self.seller_b),
            Admin => Some(&self.admin),
            Deleted => Some(&self.deleted),
            Anonymous | Expired => None,
        }
    }

    /// What the caller sends as `Authorization: Bearer`: their ID token to open a session, else their access
    /// token.
    fn credential(&self, who: Who, template: &str) -> Option<String> {
        match who {
            Anonymous => None,
            Expired => Some(self.expired.clone()),
            _ => self.person(who).map(|p| if template == "/api/session" { p.id_token.clone() } else { p.token.clone() }),
        }
    }

    /// The path with its ids filled in for this caller, and a valid body for the operation.
    async fn request(&self, who: Who, method: &str, template: &str) -> (String, Body) {
        let order = if who == Deleted { &self.order_deleted } else { &self.order_a };
        let id = match template {
            "/api/orders/{id}/review" if who != Deleted => self.completed_a.as_str(),
            "/api/reviews/{id}/answer" => self.review_a.as_str(),
            "/api/admin/reports/{id}/dismiss" => self.report_a.as_str(),
            "/api/admin/books/{id}/hide" => self.book_a.as_str(),
            "/api/admin/books/{id}/restore" => self.hidden_a.as_str(),
            t if t.starts_with("/api/sellers/{id}") => self.seller_a.id.as_str(),
            t if t.starts_with("/api/categories/") => self.category.as_str(),
            t if t.starts_with("/api/books/{id}") => self.book_a.as_str(),
            t if t.starts_with("/api/orders/{id}") => order.as_str(),
            "/api/admin/sellers/{id}/verify" | "/api/admin/sellers/{id}/books" => self.seller_a.id.as_str(),
            "/api/admin/buyers/{id}/orders" => self.buyer_a.id.as_str(),
            "/api/admin/accounts/{id}" => self.buyer_a.id.as_str(),
            "/api/admin/categories/{id}" if method == "DELETE" => self.empty_category.as_str(),
            t if t.starts_with("/api/admin/categories/{id}") => self.category.as_str(),
            _ => "",
        };
        let path = template.replace("{id}", id).replace("{book_id}", &self.book_a).replace("{n}", "1");
        let for_sale = if who == BuyerB { &self.for_sale[1] } else { &self.for_sale[0] };
        let body = match (method, template) {
            ("POST", "/api/session") => Body::Json(json!({})),
            ("PUT", "/api/me/language") => Body::Json(json!({ "language": "bn" })),
            ("POST", "/api/me/photo") => Body::Multipart(
                reqwest::multipart::Form::new().part("image", reqwest::multipart::Part::bytes(png_of(&wide_rgb())).file_name("me.png")),
            ),
            ("POST", "/api/books") => {
                let fields = [
                    ("title", format!("Listed by {who:?}")),
                    ("author", "Jibanananda Das".to_owned()),
                    ("categoryId", self.category.clone()),
                    ("sellerName", "Rahim Uddin".to_owned()),
                    ("location", "Nilkhet, Dhaka".to_owned()),
                    ("phone", "01715384926".to_owned()),
                    ("originalPrice", "400".to_owned()),
                    ("resalePrice", "250".to_owned()),
                    ("condition", "good".to_owned()),
                ];
                let form = fields.into_iter().fold(reqwest::multipart::Form::new(), |form, (name, value)| form.text(name, value));
                Body::Multipart(form.part("image", reqwest::multipart::Part::bytes(png_of(&wide_rgb())).file_name("cover.png")))
            }
            ("PATCH", "/api/books/{id}") => Body::Json(json!({ "resalePrice": 199 })),
            ("POST", "/api/reports") => Body::Json(json!({ "targetType": "book", "targetId": self.book_a, "reason": "scam" })),
            ("POST", "/api/admin/books/{id}/hide") => Body::Json(json!({ "reason": "counterfeit" })),
            ("POST", "/api/books/{id}/pictures") => Body::Multipart(
                reqwest::multipart::Form::new().part("image", reqwest::multipart::Part::bytes(png_of(&wide_rgb())).file_name("back.png")),
            ),
            ("PUT", "/api/books/{id}/pictures/order") => Body::Json(json!({ "order": [SECOND_PHOTO, FIRST_PHOTO] })),
            ("PATCH", "/api/orders/{id}") => Body::Json(json!({ "paymentMethod": "card" })),
            ("PATCH", "/api/admin/categories/{id}") => Body::Json(json!({ "name": format!("Renamed by {who:?}") })),
            ("POST", "/api/admin/categories/{id}/merge") => Body::Json(json!({ "into": self.empty_category })),
            ("POST", "/api/orders") => {
                Body::Json(json!({ "bookId": for_sale, "phone": "01812345678", "location": format!("Nilkhet ({who:?})") }))
            }
            ("POST", "/api/orders/{id}/payment") => Body::Json(json!({ "cardToken": builders::card_token(&self.app, VISA).await })),
            ("POST", "/api/orders/{id}/handover") => {
                let order_id = order.parse().expect("an order id");
                Body::Json(json!({ "code": HandoverCodes::new(&test_session_secret()).code(order_id).to_string() }))
            }
            ("POST", "/api/wishlist") => Body::Json(json!({ "bookId": for_sale })),
            ("POST", "/api/orders/{id}/review") => {
                Body::Json(json!({ "asDescribed": 5, "communication": 4, "onTime": 5, "comment": "Good" }))
            }
            ("POST", "/api/reviews/{id}/answer") => Body::Json(json!({ "text": format!("Thanks from {who:?}") })),
            ("POST", "/api/payments/stripe/webhook") => Body::Raw(
                serde_json::to_vec(&json!({
                    "id": "evt_access_table", "object": "event", "type": "payment_intent.succeeded",
                    "data": { "object": { "id": "pi_access_table", "object": "payment_intent", "metadata": { "order_id": self.order_a } } }
                }))
                .expect("JSON"),
            ),
            _ => Body::Empty,
        };
        (path, body)
    }

    async fn count(&self, sql: &str) -> i64 {
        self.app.count(sql).await
    }
}

/// Whether a call with this answer may change data: a successful write. Reads and refusals must not.
fn may_change(method: &str, status: u16) -> bool {
    method != "GET" && (200..300).contains(&status)
}

fn ids(list: &Value) -> BTreeSet<String> {
    list["items"]
        .as_array()
        .unwrap_or_else(|| panic!("a list with items: {list}"))
        .iter()
        .map(|item| item["id"].as_str().or(item["bookId"].as_str()).expect("an id").to_owned())
        .collect()
}

/// What a call answered: the checks beyond its status. Returns the problems found.
async fn check_answer(w: &World, who: Who, method: &str, template: &str, status: u16, body: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (secret, allowed) in &w.private {
        if !allowed.contains(&who) && body.contains(secret.as_str()) {
            problems.push(format!("leaks another person's private data ({secret}): {body}"));
        }
    }
    let json: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    if status >= 400 {
        let code = json["error"]["code"].as_str().unwrap_or_default();
        if code.is_empty() || json["error"]["message"] == FALLBACK_MESSAGE {
            problems.push(format!("not an answer of the operation: {body}"));
        }
        let fitting = match status {
            401 => ["unauthenticated", "token_expired"].contains(&code),
            403 => ["wrong_role", "account_deleted"].contains(&code),
            404 => code.ends_with("_not_found"),
            400 => code == "invalid_signature",
            // A seller reporting their own listing: the one refusal that is about whose thing it is, not access.
            409 => code == "own_report_target",
            _ => false,
        };
        if !fitting {
            problems.push(format!("error code {code} does not fit {status}: {body}"));
        }
        return problems;
    }
    let me = w.person(who).map(|p| p.id.clone()).unwrap_or_default();
    let mut expect = |ok: bool, what: &str| {
        if !ok {
            problems.push(format!("{what}: {body}"));
        }
    };
    match (method, template) {
        ("GET", "/api/me") => expect(json["id"] == me.as_str(), "answers the caller's own account"),
        ("POST", "/api/session") => expect(json["user"]["id"] == me.as_str(), "opens the caller's own account"),
        ("GET", "/api/me/orders") => {
            let own = match who {
                BuyerA => w.orders_of_a.clone(),
                _ => BTreeSet::from([w.order_b.clone()]),
            };
            expect(ids(&json) == own, "lists exactly the caller's own orders");
        }
        ("GET", "/api/me/wishlist") => {
            let own = match who {
                BuyerA => &w.book_a,
                _ => &w.book_b,
            };
            expect(ids(&json) == BTreeSet::from([own.clone()]), "lists exactly the caller's own wish list");
        }
        ("GET", "/api/me/books") => {
            let foreign = w.count(&format!("SELECT count(*) AS n FROM books WHERE seller_id <> '{me}'")).await;
            let listed = ids(&json);
            let others =
                w.count(&format!("SELECT count(*) AS n FROM books WHERE seller_id <> '{me}' AND id::text IN ({})", quoted(&listed))).await;
            let own = w.count(&format!("SELECT count(*) AS n FROM books WHERE seller_id = '{me}'")).await;
            expect(foreign > 0 && others == 0 && listed.len() as i64 == own, "lists exactly the caller's own books");
        }
        ("GET", "/api/orders/{id}") => expect(json["id"] == w.order_a.as_str(), "answers the caller's own order"),
        ("GET", "/api/books/{id}") => {
            let signed_in = !matches!(who, Anonymous | Deleted | Expired);
            expect(json["seller"]["phone"].is_string() == signed_in, "shows the seller's contact to live accounts only");
        }
        _ => {}
    }
    if may_change(method, status) {
        problems.extend(check_effect(w, who, method, template, &json).await);
    }
    problems
}

fn quoted(ids: &BTreeSet<String>) -> String {
    if ids.is_empty() { "NULL".to_owned() } else { ids.iter().map(|id| format!("'{id}'")).collect::<Vec<_>>().join(",") }
}

/// The change an owner's own successful write must have made, read from the database.
async fn check_effect(w: &World, who: Who, method: &str, template: &str, answer: &Value) -> Vec<String> {
    let me = w.person(who).map(|p| p.id.clone()).unwrap_or_default();
    let for_sale = if who == BuyerB { &w.for_sale[1] } else { &w.for_sale[0] };
    let (a, ha) = (&w.book_a, &w.held_a);
    let checks: Vec<(&str, String)> = match (method, template) {
        ("POST", "/api/session") => vec![],
        ("POST", "/api/session/logout") => vec![(
            "the caller's sessions ended",
            format!("SELECT count(*) AS n FROM accounts WHERE id = '{me}' AND session_generation = 1"),
        )],
        ("POST", "/api/me/photo") => vec![(
            "the caller has the photo",
            format!(
                "SELECT count(*) AS n FROM accounts WHERE id = '{me}' AND photo_url = '{}'",
                answer["photoUrl"].as_str().unwrap_or("?")
            ),
        )],
        ("PUT", "/api/me/language") => vec![(
            "the caller's own account reads in Bangla",
            format!("SELECT count(*) AS n FROM accounts WHERE id = '{me}' AND language = 'bn'"),
        )],
        ("POST", "/api/books") => vec![(
            "the book is the caller's, on sale and not advertised",
            format!(
                "SELECT count(*) AS n FROM books WHERE seller_id = '{me}' AND title = 'Listed by {who:?}' AND status = 'available' AND NOT advertised"
            ),
        )],
        ("PATCH", "/api/books/{id}") => vec![(
            "the owner's book has the new price",
            format!("SELECT count(*) AS n FROM books WHERE id = '{a}' AND resale_price = 199 AND seller_id = '{me}'"),
        )],
        ("DELETE", "/api/books/{id}") => {
            vec![("the owner's book is withdrawn", format!("SELECT count(*) AS n FROM books WHERE id = '{a}' AND status = 'withdrawn'"))]
        }
        ("POST", "/api/books/{id}/advertise") => {
            vec![("the owner's book is advertised", format!("SELECT count(*) AS n FROM books WHERE id = '{a}' AND advertised"))]
        }
        ("DELETE", "/api/books/{id}/advertise") => {
            vec![("the owner's book is not advertised", format!("SELECT count(*) AS n FROM books WHERE id = '{a}' AND NOT advertised"))]
        }
        ("POST", "/api/reports") => vec![(
            "the caller's report of seller A's book is open",
            format!("SELECT count(*) AS n FROM reports WHERE reporter_id = '{me}' AND target_id = '{a}' AND state = 'open'"),
        )],
        ("POST", "/api/admin/reports/{id}/dismiss") => vec![(
            "buyer B's report is dismissed by the admin",
            format!("SELECT count(*) AS n FROM reports WHERE id = '{}' AND state = 'dismissed' AND decided_by = '{me}'", w.report_a),
        )],
        ("POST", "/api/admin/books/{id}/hide") => vec![
            (
                "seller A's book is hidden by the admin",
                format!("SELECT count(*) AS n FROM books WHERE id = '{a}' AND status = 'hidden' AND hidden_by = 'admin'"),
            ),
            ("the action is recorded", format!("SELECT count(*) AS n FROM admin_actions WHERE action = 'hide_book' AND book_id = '{a}'")),
        ],
        ("POST", "/api/admin/books/{id}/restore") => vec![(
            "the hidden book is for sale again",
            format!("SELECT count(*) AS n FROM books WHERE id = '{}' AND status = 'available' AND hidden_by IS NULL", w.hidden_a),
        )],
        ("POST", "/api/books/{id}/pictures") => vec![(
            "the owner's book has a third photo, the cover unchanged",
            format!("SELECT count(*) AS n FROM books WHERE id = '{a}' AND cardinality(more_photos) = 2 AND picture_url = '{FIRST_PHOTO}'"),
        )],
        ("DELETE", "/api/books/{id}/pictures/{n}") => vec![(
            "the owner's book lost its second photo",
            format!("SELECT count(*) AS n FROM books WHERE id = '{a}' AND more_photos = '{{}}' AND picture_url = '{FIRST_PHOTO}'"),
        )],
        ("PUT", "/api/books/{id}/pictures/order") => vec![(
            "the owner's book has its second photo as the cover",
            format!(
                "SELECT count(*) AS n FROM books WHERE id = '{a}' AND picture_url = '{SECOND_PHOTO}' AND more_photos = ARRAY['{FIRST_PHOTO}']"
            ),
        )],
        ("POST", "/api/admin/sellers/{id}/verify") => vec![
            ("seller A is verified", format!("SELECT count(*) AS n FROM accounts WHERE id = '{}' AND verified", w.seller_a.id)),
            (
                "the action is recorded",
                format!("SELECT count(*) AS n FROM admin_actions WHERE action = 'verify_seller' AND admin_id = '{me}'"),
            ),
        ],
        ("DELETE", "/api/admin/accounts/{id}") => vec![
            ("buyer A is closed", format!("SELECT count(*) AS n FROM accounts WHERE id = '{}' AND deleted_at IS NOT NULL", w.buyer_a.id)),
            (
                "buyer A's order is cancelled",
                format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND cancel_reason = 'buyer_account_closed'", w.order_a),
            ),
        ],
        ("PATCH", "/api/admin/categories/{id}") => vec![
            (
                "the category is renamed",
                format!("SELECT count(*) AS n FROM categories WHERE id = '{}' AND name = 'Renamed by Admin'", w.category),
            ),
            (
                "the action is recorded",
                format!(
                    "SELECT count(*) AS n FROM admin_actions WHERE action = 'rename_category' AND admin_id = '{me}' AND category_id = '{}'",
                    w.category
                ),
            ),
        ],
        ("POST", "/api/admin/categories/{id}/merge") => vec![
            ("the merged category is gone", format!("SELECT 1 - count(*) AS n FROM categories WHERE id = '{}'", w.category)),
            (
                "every book moved",
                format!(
                    "SELECT (count(*) > 0 AND count(*) = count(*) FILTER (WHERE category_id = '{}'))::int::bigint AS n FROM books",
                    w.empty_category
                ),
            ),
            (
                "the action is recorded",
                format!(
                    "SELECT count(*) AS n FROM admin_actions WHERE action = 'merge_category' AND admin_id = '{me}' AND category_id = '{}'",
                    w.category
                ),
            ),
        ],
        ("DELETE", "/api/admin/categories/{id}") => vec![
            ("the empty category is gone", format!("SELECT 1 - count(*) AS n FROM categories WHERE id = '{}'", w.empty_category)),
            (
                "the action is recorded",
                format!(
                    "SELECT count(*) AS n FROM admin_actions WHERE action = 'delete_category' AND admin_id = '{me}' AND category_id = '{}'",
                    w.empty_category
                ),
            ),
        ],
        ("POST", "/api/orders") => vec![(
            "the order is the caller's, at the book's price",
            format!(
                "SELECT count(*) AS n FROM orders o JOIN books b ON b.id = o.book_id WHERE o.buyer_id = '{me}' AND o.book_id = '{for_sale}' AND o.price = b.resale_price AND o.status = 'pending' AND b.status = 'pending'"
            ),
        )],
        ("POST", "/api/orders/{id}/cancel") => vec![
            (
                "the owner's order is cancelled",
                format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND buyer_id = '{me}' AND cancel_reason = 'by_buyer'", w.order_a),
            ),
            ("its book is for sale again", format!("SELECT count(*) AS n FROM books WHERE id = '{ha}' AND status = 'available'")),
        ],
        ("POST", "/api/orders/{id}/payment") => vec![
            (
                "the owner's order is held by the card, until the handover",
                format!(
                    "SELECT count(*) AS n FROM orders WHERE id = '{}' AND buyer_id = '{me}' AND status = 'held' AND payment_method = 'card'",
                    w.order_a
                ),
            ),
            ("nothing is taken before the handover", format!("SELECT 1 - count(*) AS n FROM payments WHERE order_id = '{}'", w.order_a)),
        ],
        ("PATCH", "/api/orders/{id}") => vec![(
            "the owner's order is to be paid by card",
            format!(
                "SELECT count(*) AS n FROM orders WHERE id = '{}' AND buyer_id = '{me}' AND status = 'pending' AND payment_method = 'card'",
                w.order_a
            ),
        )],
        ("POST", "/api/orders/{id}/handover") => vec![
            (
                "the order is completed, paid in cash",
                format!(
                    "SELECT count(*) AS n FROM orders WHERE id = '{}' AND status = 'completed' AND payment_method = 'cash' AND completed_at IS NOT NULL",
                    w.order_a
                ),
            ),
            ("its book is sold", format!("SELECT count(*) AS n FROM books WHERE id = '{ha}' AND status = 'sold'")),
        ],
        ("POST", "/api/orders/{id}/payment/sync") => vec![(
            "no card tried: the order stays pending",
            format!("SELECT count(*) AS n FROM orders WHERE id = '{}' AND status = 'pending'", w.order_a),
        )],
        ("POST", "/api/orders/{id}/review") => vec![(
            "the caller's completed order has the review",
            format!(
                "SELECT count(*) AS n FROM reviews WHERE order_id = '{}' AND buyer_id = '{me}' AND as_described = 5 AND comment = 'Good'",
                w.completed_a
            ),
        )],
        ("POST", "/api/reviews/{id}/answer") => vec![(
            "the seller's review has the answer",
            format!(
                "SELECT count(*) AS n FROM reviews WHERE id = '{}' AND seller_id = '{me}' AND answer = 'Thanks from {who:?}'",
                w.review_a
            ),
        )],
        ("POST", "/api/wishlist") => vec![(
            "the book is on the caller's list",
            format!("SELECT count(*) AS n FROM wish_list_items WHERE buyer_id = '{me}' AND book_id = '{for_sale}'"),
        )],
        ("DELETE", "/api/wishlist/{book_id}") => vec![
            (
                "the book left the caller's list",
                format!("SELECT 1 - count(*) AS n FROM wish_list_items WHERE buyer_id = '{me}' AND book_id = '{a}'"),
            ),
            (
                "buyer B's list is untouched",
                format!("SELECT count(*) AS n FROM wish_list_items WHERE buyer_id = '{}' AND book_id = '{}'", w.buyer_b.id, w.book_b),
            ),
        ],
        _ => vec![("a check of this write's effect", "SELECT 0 AS n".to_owned())],
    };
    let mut problems = Vec::new();
    for (what, sql) in checks {
        if w.count(&sql).await != 1 {
            problems.push(format!("{what}: not so in the database ({sql})"));
        }
    }
    if (method, template) == ("POST", "/api/session/logout") {
        let token = w.person(who).map(|p| p.token.clone()).unwrap_or_default();
        let me = send(&w.app, Method::GET, "/api/me", Some(&token), Body::Empty).await;
        if me.status() != 401 {
            problems.push(format!("the caller's token still works after logout: {}", me.status()));
        }
    }
    problems
}

/// Runs one row on a fresh world: the cells that must not change data first, each proven against table digests,
/// then the owners' writes, each checked for its effect.
async fn run_row(method_name: &str, template: &str, expected: &[u16; 8]) -> Vec<String> {
    let w = World::new().await;
    let mut cells: Vec<(Who, u16)> = CALLERS.iter().copied().zip(expected.iter().copied()).collect();
    cells.sort_by_key(|(_, status)| may_change(method_name, *status));
    let mut failures = Vec::new();
    for (who, status) in cells {
        let (path, body) = w.request(who, method_name, template).await;
        let before = builders::table_digests(&w.app).await;
        let response = send(&w.app, method(method_name), &path, w.credential(who, template).as_deref(), body).await;
        let got = response.status().as_u16();
        let text = response.text().await.expect("a body");
        let mut problems = Vec::new();
        if got != status {
            problems.push(format!("answered {got}, the table says {status}: {text}"));
        } else {
            problems.extend(check_answer(&w, who, method_name, template, got, &text).await);
        }
        if !may_change(method_name, status) {
            let changed = builders::changed_tables(&before, &builders::table_digests(&w.app).await);
            if !changed.is_empty() {
                problems.push(format!("changed the database (tables {changed:?})"));
            }
        }
        failures.extend(problems.into_iter().map(|p| format!("{method_name} {template} as {who:?} ({path}): {p}")));
    }
    failures
}

#[tokio::test]
async fn every_operation_answers_every_caller_as_the_table_says_and_refusals_change_nothing() {
    let mut failures = Vec::new();
    // Two rows at a time: each has its own app and database, so they cannot disturb each other.
    for pair in TABLE.chunks(2) {
        let answers = futures_util::future::join_all(pair.iter().map(|(m, t, expected)| run_row(m, t, expected))).await;
        failures.extend(answers.into_iter().flatten());
    }
    assert!(failures.is_empty(), "{} cell(s) disagree with the access table:\n{}", failures.len(), failures.join("\n"));
}

#[tokio::test]
async fn every_row_of_the_table_is_an_operation_the_api_serves() {
    let app = TestApp::spawn().await;
    let mut unrouted = Vec::new();
    for (method_name, template, _) in TABLE {
        let path = template
            .replace("{id}", &uuid::Uuid::new_v4().to_string())
            .replace("{book_id}", &uuid::Uuid::new_v4().to_string())
            .replace("{n}", "0");
        let response = send(&app, method(method_name), &path, None, Body::Empty).await;
        let status = response.status().as_u16();
        let body = response.text().await.expect("a body");
        if status == 405 || body.contains(FALLBACK_MESSAGE) {
            unrouted.push(format!("{method_name} {template} ({status}: {body})"));
        }
    }
    assert!(unrouted.is_empty(), "rows no router serves:\n{}", unrouted.join("\n"));
}

/// A route added without a row here fails: the table must list exactly the operations of the API's OpenAPI
/// document (generated from the routers), by method and path template.
#[tokio::test]
async fn the_table_lists_exactly_the_operations_the_openapi_document_describes() {
    let app = TestApp::spawn().await;
    let response = app.get(OPENAPI_DOCUMENT).await;
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    assert_eq!(status, 200, "the API serves no OpenAPI document at {OPENAPI_DOCUMENT}, so the table cannot be checked against it: {text}");
    let document: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{OPENAPI_DOCUMENT} is not JSON ({e}): {text}"));
    let paths = document["paths"].as_object().unwrap_or_else(|| panic!("the document has no paths object: {document}"));
    const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
    let documented: BTreeSet<(String, String)> = paths
        .iter()
        .filter(|(path, _)| path.as_str() != OPENAPI_DOCUMENT)
        .flat_map(|(path, item)| {
            let operations = item.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()).unwrap_or_default();
            operations.into_iter().filter(|m| METHODS.contains(&m.as_str())).map(|m| (m.to_uppercase(), path.clone())).collect::<Vec<_>>()
        })
        .collect();
    let tabled: BTreeSet<(String, String)> = TABLE.iter().map(|(m, p, _)| ((*m).to_owned(), (*p).to_owned())).collect();
    assert_eq!(tabled.len(), TABLE.len(), "a row is in the table twice");
    let missing: Vec<String> = documented.difference(&tabled).map(|(m, p)| format!("  {m} {p}")).collect();
    let extra: Vec<String> = tabled.difference(&documented).map(|(m, p)| format!("  {m} {p}")).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "the access table and the API disagree.\nDocumented operations without a row (add one, with every caller's status):\n{}\nRows the API does not document (remove them, or document the route):\n{}",
        if missing.is_empty() { "  (none)".to_owned() } else { missing.join("\n") },
        if extra.is_empty() { "  (none)".to_owned() } else { extra.join("\n") },
    );
}

/// The digests used above do see a change: a table test whose proof could never fail would prove nothing.
#[tokio::test]
async fn the_table_digests_notice_a_changed_row() {
    let w = World::new().await;
    let before = builders::table_digests(&w.app).await;
    assert_eq!(before.len(), builders::WRITABLE_TABLES.len());
    w.count(&format!(
        "WITH c AS (UPDATE books SET reviews = reviews + 1 WHERE id = '{}' RETURNING 1) SELECT count(*) AS n FROM c",
        w.book_b
    ))
    .await;
    assert_eq!(builders::changed_tables(&before, &builders::table_digests(&w.app).await), vec!["books".to_owned()]);
}
