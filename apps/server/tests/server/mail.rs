//! Order e-mail from the real server binary on its embedded default (`MAIL_TRANSPORT` unset: files): an order placed
//! and handed over in the server's database is told to its seller, then to both sides, as `.eml` files in `MAIL_DIR`,
//! in each reader's language.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use puronoboi_domain::{AccountId, Language};
use puronoboi_ports::{AccountStore as _, OrderStore as _};
use puronoboi_postgres::PgStore;
use puronoboi_test_support::{TestDb, builders};

use crate::running::{Server, free_port, server_command};

/// The `.eml` files in `dir` once there are at least `n`, waiting up to 30 s (the worker looks every 5 s).
async fn messages(dir: &Path, n: usize, server: &Server) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mut found: Vec<String> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                    .filter_map(|p| std::fs::read_to_string(p).ok())
                    .collect()
            })
            .unwrap_or_default();
        if found.len() >= n {
            found.sort();
            return found;
        }
        assert!(Instant::now() < deadline, "{} of {n} messages in {}:\n{}", found.len(), dir.display(), server.log_tail());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn the_file_transport_writes_each_sides_messages_in_their_language() {
    let scratch = tempfile::tempdir().expect("a scratch dir");
    let mail_dir = scratch.path().join("mail");
    let db = TestDb::new().await;
    let store = PgStore::connect(&db.url, 2).expect("a pool");
    let seller: AccountId = builders::seller(&store, "nusrat@example.com", true).await;
    store.set_language(seller, Language::English).await.expect("the seller reads English");
    let category = builders::category(&store, "Novels").await;
    let book = builders::list(&store, builders::book(seller, &category, "Pather Panchali")).await;

    let port = free_port();
    let log = scratch.path().join("server.log");
    let mut command = server_command();
    command
        .env("DATABASE_URL", &db.url)
        .env("HOST", "127.0.0.1")
        .env("PORT", port.to_string())
        .env("IMAGES_DIR", scratch.path().join("images"))
        .env("MAIL_DIR", &mail_dir)
        .env("RUST_LOG", "info")
        .stdout(std::fs::File::create(&log).expect("a log file"))
        .stderr(Stdio::inherit());
    let server = Server::start(command, port, log).await;
    assert!(server.log().contains(&mail_dir.display().to_string()), "the server says where the mail goes:\n{}", server.log_tail());

    // Ordered: the seller hears of it, with the buyer's name, phone and meeting place, in English.
    let order = builders::hold(&store, book).await;
    let ordered = messages(&mail_dir, 1, &server).await;
    let to_seller = &ordered[0];
    assert!(to_seller.contains("nusrat@example.com"), "{to_seller}");
    for what in ["Farhana Akter", "01712-345678", "Dhanmondi 27", "Pather Panchali"] {
        assert!(to_seller.contains(what), "the seller's message names {what}:\n{to_seller}");
    }

    // Handed over (cash): both sides are told; the buyer, who never chose a language, in Bangla.
    store.hand_over(seller, order.id, true, chrono::Utc::now()).await.expect("handed over");
    let all = messages(&mail_dir, 3, &server).await;
    assert_eq!(all.len(), 3, "one message per side and event: {all:#?}");
    let buyer = store.account_by_id(order.buyer_id).await.expect("read").expect("the buyer");
    let to_buyer = all.iter().find(|m| m.contains(buyer.email.as_str())).expect("a message to the buyer");
    assert!(to_buyer.contains("=?utf-8?"), "a Bangla subject, encoded for mail: {to_buyer}");
    assert!(to_buyer.contains(&format!(".completed.{}@", order.id)), "the handover's message, its Message-ID from the outbox: {to_buyer}");
    let to_seller_again = all.iter().filter(|m| m.contains("nusrat@example.com")).count();
    assert_eq!(to_seller_again, 2, "ordered, then handed over");
}
