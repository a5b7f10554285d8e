//! Profile photo uploads: the bytes decide, never the name; size, type and metadata are checked on the server.

use std::io::{Read as _, Write as _};
use std::time::Duration;

use puronoboi_app::uploads::UploadGate;
use puronoboi_test_support::pictures::{LATITUDE, contains, exif_app1_with_gps_and_orientation_6, jpeg_of, png_of, rationals, wide_rgb};
use puronoboi_test_support::{Identity, TestApp, expect_json};

async fn upload(app: &TestApp, token: &str, file_name: &str, mime: &str, bytes: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned()).mime_str(mime).expect("a mime type");
    let form = reqwest::multipart::Form::new().part("image", part);
    app.client.post(app.url("/api/me/photo")).bearer_auth(token).multipart(form).send().await.expect("answered")
}

async fn signed_in_app() -> (TestApp, String) {
    let app = TestApp::builder().identity(Identity::Emulator).spawn().await;
    let token = app.signed_in(&format!("photo-{}@puronoboi.test", uuid::Uuid::new_v4().simple()), "buyer").await;
    (app, token)
}

#[tokio::test]
async fn a_png_named_jpg_is_accepted_for_its_bytes_and_becomes_the_profile_photo() {
    let (app, token) = signed_in_app().await;
    let me = expect_json(upload(&app, &token, "holiday.jpg", "image/jpeg", png_of(&wide_rgb())).await, 200, "upload").await;
    let url = me["photoUrl"].as_str().expect("a photo url");
    assert!(url.ends_with(".png"), "stored as what it is: {url}");

    let served = app.get(url).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    let profile = expect_json(app.client.get(app.url("/api/me")).bearer_auth(&token).send().await.expect("answered"), 200, "me").await;
    assert_eq!(profile["photoUrl"], url);
}

#[tokio::test]
async fn a_text_file_named_png_is_refused() {
    let (app, token) = signed_in_app().await;
    let response = upload(&app, &token, "me.png", "image/png", b"definitely not a picture".to_vec()).await;
    let body = expect_json(response, 415, "upload").await;
    assert_eq!(body["error"]["code"], "unsupported_image");
}

#[tokio::test]
async fn a_six_mebibyte_file_is_refused_with_413_and_the_error_body() {
    let (app, token) = signed_in_app().await;
    let mut big = png_of(&wide_rgb());
    big.resize(6 * 1024 * 1024, 0);
    let body = expect_json(upload(&app, &token, "big.png", "image/png", big).await, 413, "upload").await;
    assert_eq!(body["error"]["code"], "image_too_large");
}

#[tokio::test]
async fn gps_exif_never_reaches_storage() {
    let (app, token) = signed_in_app().await;
    let plain = jpeg_of(&wide_rgb());
    let mut with_gps = plain[..2].to_vec();
    with_gps.extend(exif_app1_with_gps_and_orientation_6());
    with_gps.extend_from_slice(&plain[2..]);
    assert!(contains(&with_gps, &rationals(&LATITUDE)), "the fixture carries a GPS position");

    let me = expect_json(upload(&app, &token, "phone.jpg", "image/jpeg", with_gps).await, 200, "upload").await;
    let stored = app.get(me["photoUrl"].as_str().expect("a url")).await.bytes().await.expect("the stored file");
    assert!(!contains(&stored, b"Exif"), "no EXIF block in what was stored");
    assert!(!contains(&stored, &rationals(&LATITUDE)), "no GPS position in what was stored");
}

#[tokio::test]
async fn uploads_need_a_signed_in_caller_and_an_image_field() {
    let (app, token) = signed_in_app().await;
    let anonymous = app
        .client
        .post(app.url("/api/me/photo"))
        .multipart(reqwest::multipart::Form::new().part("image", reqwest::multipart::Part::bytes(png_of(&wide_rgb()))))
        .send()
        .await
        .expect("answered");
    assert_eq!(expect_json(anonymous, 401, "anonymous upload").await["error"]["code"], "unauthenticated");

    let wrong_field = reqwest::multipart::Form::new().part("photo", reqwest::multipart::Part::bytes(png_of(&wide_rgb())));
    let response = app.client.post(app.url("/api/me/photo")).bearer_auth(&token).multipart(wrong_field).send().await.expect("answered");
    let body = expect_json(response, 400, "upload").await;
    assert_eq!(body["error"]["code"], "invalid_input");
}

#[tokio::test]
async fn past_the_upload_rate_an_upload_is_refused_with_429_and_the_photo_stays() {
    let app = TestApp::builder().identity(Identity::Emulator).uploads_per_minute(3).spawn().await;
    let token = app.signed_in(&format!("rate-{}@puronoboi.test", uuid::Uuid::new_v4().simple()), "buyer").await;
    let mut last = String::new();
    for n in 1..=3 {
        let me = expect_json(upload(&app, &token, "me.png", "image/png", png_of(&wide_rgb())).await, 200, &format!("upload {n}")).await;
        last = me["photoUrl"].as_str().expect("a photo url").to_owned();
    }

    let body = expect_json(upload(&app, &token, "me.jpg", "image/jpeg", jpeg_of(&wide_rgb())).await, 429, "the fourth upload").await;
    assert_eq!(body["error"]["code"], "rate_limited");
    assert_eq!(body["error"]["message"], "Too many uploads. Please wait a minute and try again.");

    let profile = expect_json(app.client.get(app.url("/api/me")).bearer_auth(&token).send().await.expect("answered"), 200, "me").await;
    assert_eq!(profile["photoUrl"], last.as_str(), "the third upload is still the photo");
    assert_eq!(app.get(&last).await.status(), 200, "and its file is still served");
    let stored = std::fs::read_dir(app.pictures.dir()).expect("the images dir").count();
    assert_eq!(stored, 1, "the refused upload stored nothing, and replaced photos were deleted");

    // The limit is per account: someone else uploads as usual.
    let other = app.signed_in(&format!("rate-other-{}@puronoboi.test", uuid::Uuid::new_v4().simple()), "buyer").await;
    expect_json(upload(&app, &other, "me.png", "image/png", png_of(&wide_rgb())).await, 200, "another account's upload").await;
}

/// Starts `POST /api/me/photo` over a raw connection and sends only the first part of the picture, then nothing.
fn start_slow_upload(app: &TestApp, token: &str) -> std::net::TcpStream {
    let boundary = "slow-sender-boundary";
    let part_head =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"slow.png\"\r\nContent-Type: image/png\r\n\r\n");
    let picture = png_of(&wide_rgb());
    let closing = format!("\r\n--{boundary}--\r\n");
    let host = app.address.trim_start_matches("http://");
    let head = format!(
        "POST /api/me/photo HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\n\r\n",
        part_head.len() + picture.len() + closing.len()
    );
    let mut stream = std::net::TcpStream::connect(host).expect("connects");
    stream.write_all(head.as_bytes()).expect("sends the head");
    stream.write_all(part_head.as_bytes()).expect("sends the part head");
    stream.write_all(&picture[..picture.len() / 2]).expect("sends half the picture");
    stream
}

#[tokio::test]
async fn with_every_slot_taken_an_upload_is_turned_away_at_once_and_a_slow_sender_loses_its_slot() {
    // One slot, nobody may wait, and a body must arrive within 2 s of getting the slot.
    let gate = UploadGate::new(1, 0, Duration::from_secs(5), Duration::from_secs(2));
    let app = TestApp::builder().identity(Identity::Emulator).upload_gate(gate).spawn().await;
    let token = app.signed_in(&format!("slow-{}@puronoboi.test", uuid::Uuid::new_v4().simple()), "buyer").await;
    let other = app.signed_in(&format!("queued-{}@puronoboi.test", uuid::Uuid::new_v4().simple()), "buyer").await;

    let mut slow = start_slow_upload(&app, &token);
    // Let the slow upload be admitted and take the slot.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let started = std::time::Instant::now();
    let body =
        expect_json(upload(&app, &other, "me.png", "image/png", png_of(&wide_rgb())).await, 429, "an upload with no slot free").await;
    assert!(started.elapsed() < Duration::from_secs(1), "turned away without waiting");
    assert_eq!(body["error"]["code"], "rate_limited");
    assert_eq!(body["error"]["message"], "The server is busy with other uploads. Please try again in a moment.");

    // Past its deadline the slow sender is answered and its slot is free again.
    let answer = tokio::task::spawn_blocking(move || {
        slow.set_read_timeout(Some(Duration::from_secs(10))).expect("a read timeout");
        let mut answer = String::new();
        let _ = slow.read_to_string(&mut answer);
        answer
    })
    .await
    .expect("the read ran");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"request_timeout\"") && answer.contains("took too long to arrive"), "{answer}");
    expect_json(upload(&app, &other, "me.png", "image/png", png_of(&wide_rgb())).await, 200, "an upload after the slot freed").await;
}
