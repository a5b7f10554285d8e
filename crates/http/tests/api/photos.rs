//! Profile photo uploads: the bytes decide, never the name; size, type and metadata are checked on the server.

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
    assert_eq!(anonymous.status(), 401);

    let wrong_field = reqwest::multipart::Form::new().part("photo", reqwest::multipart::Part::bytes(png_of(&wide_rgb())));
    let response = app.client.post(app.url("/api/me/photo")).bearer_auth(&token).multipart(wrong_field).send().await.expect("answered");
    let body = expect_json(response, 400, "upload").await;
    assert_eq!(body["error"]["code"], "invalid_input");
}
