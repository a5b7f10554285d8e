//! The production image host: pictures uploaded to imgbb.com through its v1 API, answered as the URL imgbb serves
//! them from. Several server instances share it, unlike the local-files host.
//!
//! The API key is a secret of the server: it travels only in the request's query string and is kept out of every
//! error this adapter returns (reqwest's own errors print the request URL, key included, so they are stripped of
//! it first).

use std::time::Duration;

use anyhow::anyhow;
use async_trait::async_trait;
use puronoboi_ports::{ImageHost, ImageHostError};
use reqwest::{StatusCode, Url, multipart};
use serde::Deserialize;

/// imgbb's upload endpoint.
pub const DEFAULT_ENDPOINT: &str = "https://api.imgbb.com/1/upload";
/// Where imgbb serves the pictures it stores (browsers load them from here; the page's CSP must allow it).
pub const PICTURE_ORIGIN: &str = "https://i.ibb.co";
/// How long one upload may take, connecting to reading the whole answer. imgbb usually answers in a second or two;
/// past this the seller is better served by an error to retry than by a spinner.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// imgbb's answer is a few hundred bytes of JSON; anything far larger is not imgbb talking.
const MAX_ANSWER_BYTES: usize = 1024 * 1024;

pub struct ImgbbHost {
    api_key: String,
    endpoint: String,
    http: reqwest::Client,
    timeout: Duration,
}

impl ImgbbHost {
    /// `http` may be shared with other adapters; this host sets its own per-request timeout.
    pub fn new(api_key: String, http: reqwest::Client) -> Self {
        Self::with_endpoint(api_key, DEFAULT_ENDPOINT.to_owned(), http)
    }

    /// Uploads to `endpoint` instead of imgbb's (tests use a local mock server).
    pub fn with_endpoint(api_key: String, endpoint: String, http: reqwest::Client) -> Self {
        Self { api_key, endpoint, http, timeout: DEFAULT_TIMEOUT }
    }

    /// Replaces [`DEFAULT_TIMEOUT`].
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Removes the key from text that came back from the outside, in case it was echoed.
    fn redact(&self, text: &str) -> String {
        if self.api_key.is_empty() { text.to_owned() } else { text.replace(&self.api_key, "[redacted]") }
    }
}

impl std::fmt::Debug for ImgbbHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImgbbHost")
            .field("api_key", &"[redacted]")
            .field("endpoint", &self.endpoint)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

#[async_trait]
impl ImageHost for ImgbbHost {
    /// Errors: `Rejected` with imgbb's own message when it answers 4xx with its error JSON (bad key, an image it
    /// will not take); `Unknown` for a timeout, a connection failure, a 5xx, a rate limit (429), and any answer
    /// that is not imgbb's JSON or lacks the image's URL.
    async fn store(&self, bytes: Vec<u8>, extension: &str) -> Result<String, ImageHostError> {
        // The extension becomes part of the multipart header's file name: only our own fixed ones belong there.
        if extension.is_empty() || !extension.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(anyhow!("refusing picture extension {extension:?}").into());
        }
        let image = multipart::Part::bytes(bytes)
            .file_name(format!("upload.{extension}"))
            .mime_str(mime_for(extension))
            .map_err(|error| anyhow!(error.without_url()).context("building the upload for imgbb"))?;
        let form = multipart::Form::new().part("image", image);

        let sent =
            self.http.post(&self.endpoint).query(&[("key", self.api_key.as_str())]).multipart(form).timeout(self.timeout).send().await;
        let mut response = sent.map_err(|error| transport_error(error, "sending the picture to imgbb"))?;
        let status = response.status();

        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|error| transport_error(error, "reading imgbb's answer"))? {
            if body.len() + chunk.len() > MAX_ANSWER_BYTES {
                return Err(anyhow!("imgbb answered {status} with more than {MAX_ANSWER_BYTES} bytes").into());
            }
            body.extend_from_slice(&chunk);
        }
        let answer: Option<Answer> = serde_json::from_slice(&body).ok();

        if status.is_success() {
            let answer =
                answer.ok_or_else(|| anyhow!("imgbb answered {status} with something that is not its JSON: {}", self.snippet(&body)))?;
            if answer.success == Some(false) {
                return Err(anyhow!("imgbb answered {status} but with success false: {}", self.snippet(&body)).into());
            }
            let url = answer.data.and_then(|data| data.url).ok_or_else(|| anyhow!("imgbb answered {status} without data.url"))?;
            return checked_url(&url).map_err(|error| error.context(format!("imgbb answered {status} with an unusable URL")).into());
        }

        let retryable = status == StatusCode::TOO_MANY_REQUESTS || status == StatusCode::REQUEST_TIMEOUT;
        let message = answer.and_then(|answer| answer.error).and_then(|error| error.message).filter(|m| !m.trim().is_empty());
        if status.is_client_error()
            && !retryable
            && let Some(message) = message
        {
            return Err(ImageHostError::Rejected(self.redact(&message)));
        }
        Err(anyhow!("imgbb answered {status}: {}", self.snippet(&body)).into())
    }
    /// imgbb has no API to delete a picture (only a delete page for a person to click), so a replaced picture stays
    /// on imgbb. Nothing links to it any more; the README says so under deployment.
    async fn delete(&self, url: &str) -> Result<(), ImageHostError> {
        tracing::debug!(%url, "imgbb offers no delete API; the replaced picture stays there unlinked");
        Ok(())
    }
}

impl ImgbbHost {
    /// The start of an unexpected answer, for the log that records the cause of a 5xx.
    fn snippet(&self, body: &[u8]) -> String {
        let text = String::from_utf8_lossy(body);
        let short: String = text.chars().take(200).collect();
        self.redact(&short)
    }
}

/// imgbb's answers: `{"data": {"url": ...}, "success": true, "status": 200}` or
/// `{"status_code": 400, "error": {"message": ..., "code": ...}, "status_txt": ...}`.
#[derive(Deserialize)]
struct Answer {
    data: Option<AnswerData>,
    success: Option<bool>,
    error: Option<AnswerError>,
}

#[derive(Deserialize)]
struct AnswerData {
    url: Option<String>,
}

#[derive(Deserialize)]
struct AnswerError {
    message: Option<String>,
}

fn mime_for(extension: &str) -> &'static str {
    match extension.to_ascii_lowercase().as_str() {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "svg" => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

/// reqwest's error Display carries the request URL, and with it `?key=...`: drop it before it can be logged.
fn transport_error(error: reqwest::Error, doing: &str) -> ImageHostError {
    let what = if error.is_timeout() { "timed out" } else { "failed" };
    anyhow!(error.without_url()).context(format!("{doing} {what}")).into()
}

/// The URL ends up in an `<img src>`: only a web address will do.
fn checked_url(url: &str) -> anyhow::Result<String> {
    let parsed = Url::parse(url)?;
    if !matches!(parsed.scheme(), "https" | "http") {
        return Err(anyhow!("scheme {:?} is not a web address", parsed.scheme()));
    }
    Ok(parsed.into())
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use wiremock::matchers::{method, path, query_param};
    use wiremock::{Mock, MockServer, Request, ResponseTemplate};

    use super::*;

    const KEY: &str = "s3cr3t-imgbb-key-0123456789";
    /// Bytes that are not valid UTF-8, so a multipart body that mangled them would not match.
    const PICTURE: &[u8] = b"\x89PNG\r\n\x1a\n\x00\xff\xfe picture bytes \x00\x01\x02";

    async fn host_for(server: &MockServer) -> ImgbbHost {
        ImgbbHost::with_endpoint(KEY.to_owned(), format!("{}/1/upload", server.uri()), reqwest::Client::new())
    }

    fn success(url: &str) -> ResponseTemplate {
        ResponseTemplate::new(200).set_body_json(json!({
            "data": {
                "id": "2ndCYJK",
                "title": "upload",
                "url_viewer": "https://ibb.co/2ndCYJK",
                "url": url,
                "display_url": url,
                "size": 42,
                "expiration": "0",
                "delete_url": "https://ibb.co/2ndCYJK/670a7e48ddcb85ac340c717a41047e5c"
            },
            "success": true,
            "status": 200
        }))
    }

    fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
        haystack.windows(needle.len()).position(|window| window == needle)
    }

    /// The headers and content of the multipart part named `name`.
    fn multipart_part(request: &Request, name: &str) -> (String, Vec<u8>) {
        let content_type = request.headers.get("content-type").and_then(|v| v.to_str().ok()).expect("content type");
        let boundary = content_type.split("boundary=").nth(1).expect("multipart boundary").trim_matches('"');
        let delimiter = format!("--{boundary}");
        let body = &request.body;
        let mut rest = body.as_slice();
        while let Some(start) = find(rest, delimiter.as_bytes()) {
            rest = &rest[start + delimiter.len()..];
            let headers_end = find(rest, b"\r\n\r\n").expect("part headers end");
            let headers = String::from_utf8_lossy(&rest[..headers_end]).into_owned();
            let content = &rest[headers_end + 4..];
            let content_end = find(content, format!("\r\n{delimiter}").as_bytes()).expect("part ends");
            if headers.contains(&format!("name=\"{name}\"")) {
                return (headers, content[..content_end].to_vec());
            }
        }
        panic!("no part named {name}");
    }

    #[tokio::test]
    async fn uploads_the_exact_bytes_as_the_image_field_with_the_key_in_the_query_and_answers_data_url() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/1/upload"))
            .and(query_param("key", KEY))
            .respond_with(success("https://i.ibb.co/2ndCYJK/upload.png"))
            .expect(1)
            .mount(&server)
            .await;

        let url = host_for(&server).await.store(PICTURE.to_vec(), "png").await.expect("stored");

        assert_eq!(url, "https://i.ibb.co/2ndCYJK/upload.png");
        let requests = server.received_requests().await.expect("recording on");
        let request = requests.first().expect("one request");
        assert!(
            request.headers.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("multipart/form-data")),
            "multipart upload"
        );
        let (headers, content) = multipart_part(request, "image");
        assert_eq!(content, PICTURE);
        assert!(headers.contains("filename=\"upload.png\""), "{headers}");
        assert!(headers.to_ascii_lowercase().contains("content-type: image/png"), "{headers}");
        assert!(find(&request.body, KEY.as_bytes()).is_none(), "the key is not in the body");
    }

    #[tokio::test]
    async fn a_jpeg_is_sent_as_image_jpeg() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(success("https://i.ibb.co/x/upload.jpg")).mount(&server).await;

        host_for(&server).await.store(PICTURE.to_vec(), "jpg").await.expect("stored");

        let requests = server.received_requests().await.expect("recording on");
        let (headers, _) = multipart_part(requests.first().expect("one request"), "image");
        assert!(headers.contains("filename=\"upload.jpg\""), "{headers}");
        assert!(headers.to_ascii_lowercase().contains("content-type: image/jpeg"), "{headers}");
    }

    #[tokio::test]
    async fn an_invalid_key_is_rejected_with_imgbbs_message_and_the_key_stays_out_of_the_error() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({
                "status_code": 400,
                "error": { "message": "Invalid API v1 key.", "code": 100 },
                "status_txt": "Bad Request"
            })))
            .mount(&server)
            .await;

        let error = host_for(&server).await.store(PICTURE.to_vec(), "png").await.expect_err("refused");

        match &error {
            ImageHostError::Rejected(message) => assert_eq!(message, "Invalid API v1 key."),
            other => panic!("expected Rejected, got {other:?}"),
        }
        assert!(!error.to_string().contains(KEY));
        assert!(!format!("{error:?}").contains(KEY));
    }

    #[tokio::test]
    async fn a_key_echoed_back_in_imgbbs_message_is_redacted() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({
                "status_code": 400,
                "error": { "message": format!("Invalid API v1 key {KEY}"), "code": 100 },
                "status_txt": "Bad Request"
            })))
            .mount(&server)
            .await;

        let error = host_for(&server).await.store(PICTURE.to_vec(), "png").await.expect_err("refused");

        assert!(matches!(&error, ImageHostError::Rejected(m) if m == "Invalid API v1 key [redacted]"), "{error:?}");
    }

    #[tokio::test]
    async fn a_server_error_is_unknown() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(500).set_body_string("<html>oops</html>")).mount(&server).await;

        let error = host_for(&server).await.store(PICTURE.to_vec(), "png").await.expect_err("failed");

        assert!(matches!(error, ImageHostError::Unknown(_)), "{error:?}");
        assert!(error.to_string().contains("500"), "{error}");
        assert!(!format!("{error:#}").contains(KEY));
    }

    #[tokio::test]
    async fn a_rate_limit_is_unknown_so_it_may_be_retried() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(429).set_body_json(json!({
                "status_code": 429, "error": { "message": "Rate limit reached", "code": 429 }, "status_txt": "Too Many Requests"
            })))
            .mount(&server)
            .await;

        let error = host_for(&server).await.store(PICTURE.to_vec(), "png").await.expect_err("failed");

        assert!(matches!(error, ImageHostError::Unknown(_)), "{error:?}");
    }

    #[tokio::test]
    async fn a_success_status_without_a_url_is_unknown() {
        for body in [
            json!({ "success": false }),
            json!({ "data": { "id": "x" }, "success": true, "status": 200 }),
            json!({ "data": { "url": "javascript:alert(1)" }, "success": true, "status": 200 }),
        ] {
            let server = MockServer::start().await;
            Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_body_json(&body)).mount(&server).await;

            let error = host_for(&server).await.store(PICTURE.to_vec(), "png").await.expect_err("no url");

            assert!(matches!(error, ImageHostError::Unknown(_)), "{body}: {error:?}");
        }
    }

    #[tokio::test]
    async fn an_answer_that_is_not_json_is_unknown() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(200).set_body_string("<html>captive portal</html>"))
            .mount(&server)
            .await;

        let error = host_for(&server).await.store(PICTURE.to_vec(), "png").await.expect_err("not json");

        assert!(matches!(error, ImageHostError::Unknown(_)), "{error:?}");
    }

    #[tokio::test]
    async fn a_client_error_that_is_not_imgbbs_json_is_unknown() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(413).set_body_string("<html>too big</html>")).mount(&server).await;

        let error = host_for(&server).await.store(PICTURE.to_vec(), "png").await.expect_err("refused");

        assert!(matches!(error, ImageHostError::Unknown(_)), "{error:?}");
    }

    #[tokio::test]
    async fn a_server_slower_than_the_timeout_is_unknown_and_the_key_stays_out_of_the_error() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(success("https://i.ibb.co/x/late.png").set_delay(Duration::from_secs(5)))
            .mount(&server)
            .await;
        let host = host_for(&server).await.with_timeout(Duration::from_millis(200));

        let started = std::time::Instant::now();
        let error = host.store(PICTURE.to_vec(), "png").await.expect_err("timed out");

        assert!(started.elapsed() < Duration::from_secs(4), "gave up at the timeout");
        assert!(matches!(error, ImageHostError::Unknown(_)), "{error:?}");
        let everything = format!("{error:#} {error:?}");
        assert!(everything.contains("timed out"), "{everything}");
        assert!(!everything.contains(KEY), "{everything}");
    }

    #[tokio::test]
    async fn an_unreachable_host_is_unknown_and_the_key_stays_out_of_the_error() {
        // Bind then drop a listener: nothing answers on that port.
        let port = std::net::TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().expect("address").port();
        let host = ImgbbHost::with_endpoint(KEY.to_owned(), format!("http://127.0.0.1:{port}/1/upload"), reqwest::Client::new());

        let error = host.store(PICTURE.to_vec(), "png").await.expect_err("unreachable");

        assert!(matches!(error, ImageHostError::Unknown(_)), "{error:?}");
        let everything = format!("{error:#} {error:?}");
        assert!(!everything.contains(KEY), "{everything}");
    }

    #[tokio::test]
    async fn refuses_extensions_that_would_bend_the_file_name() {
        let server = MockServer::start().await;
        let host = host_for(&server).await;
        for extension in ["", "png\"; name=\"key", "../png"] {
            assert!(matches!(host.store(PICTURE.to_vec(), extension).await, Err(ImageHostError::Unknown(_))), "{extension:?}");
        }
        assert!(server.received_requests().await.expect("recording on").is_empty());
    }

    #[test]
    fn debug_output_hides_the_key() {
        let host = ImgbbHost::new(KEY.to_owned(), reqwest::Client::new());
        assert!(!format!("{host:?}").contains(KEY));
    }
}
