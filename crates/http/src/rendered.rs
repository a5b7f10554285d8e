//! Public catalogue answers kept as the bytes they were answered with. The home page's lists (the grouped
//! listing, categories with counts, the advertised strip) and category pages are the same for every visitor and
//! are asked for all the time; the catalogue's copies spare the database, and these spare rebuilding and
//! serialising the same answer (62 KB for the grouped listing of a 100,000-book shop) on every request.
//!
//! A home list is kept as JSON and, from the first browser that asks for it (all of them accept it), compressed with
//! brotli, instead of being compressed again for every request. An answer of many (a category page, a search) is
//! kept once, compressed with brotli: browsers get those bytes as they are, and a client that does not take brotli
//! gets them decompressed (about 17 us for a 9 KB category page, against 50-90 us to compress it and the time to
//! render it). Kept as JSON too, a category page would take four times the memory: the default budget holds about
//! 85% of a million-book shop's category pages compressed, and would hold a fifth of them as JSON. A client that
//! accepts only gzip gets the JSON, which the router's compression layer compresses as it does every other answer.
//!
//! Freshness is the catalogue reader's: every answer is kept under the reader's version taken *before* it was read
//! (see `CatalogueReader::version`) and found only while that version is current, so nothing here is older than
//! the copies it was made from. A reader without a version (no cache, or a change feed that is not vouching) keeps
//! nothing here either.

use std::io::Write as _;

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use puronoboi_ports::allocated_bytes;
use serde::Serialize;

use crate::error::ApiError;

/// The memory the rendered answers may take when nothing else decides it (tests): the hot lists and several thousand
/// category pages. A server gives them their share of `READ_CACHE_MIB` ([`rendered_share`]).
pub const RENDERED_BYTES: u64 = 8 * 1024 * 1024;

/// Of a budget for copies of public reads, the bytes the rendered answers take: three quarters. The rest goes to
/// the catalogue's copies, which keep the book pages and what a category page is read from (each shelf's marks),
/// so that pages not kept here are read from the database in one short index range. At a million books the 20,800
/// pages of 24 cards down to the deepest the bench asks for take about 57 MB compressed with their keys: three
/// quarters of the default 56 MiB holds about 85% of them.
pub fn rendered_share(budget: u64) -> u64 {
    budget / 4 * 3
}

/// Counter of answers of many (category pages, searches) by `answer`: `kept` (sent from a kept copy) or `made`
/// (rendered and compressed, then kept). A no-op until the process installs a metrics recorder.
pub const RENDERED_ANSWERS: &str = "rendered_answers_total";

/// Gauge of the bytes the rendered answers take, by the estimate that bounds them.
pub const RENDERED_ANSWERS_BYTES: &str = "rendered_answers_bytes";

/// About what one kept answer weighs: a compressed category page of 24 cards and its key.
const TYPICAL_KEPT_BYTES: u64 = 2800;

/// Which form of an answer is kept.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Form {
    Json,
    /// Brotli-compressed JSON, made the first time a client that accepts it asks.
    Brotli,
}

/// A key as stored: the catalogue version, then which answer (route and query), then in which form.
type Stored = (u64, String, Form);

/// How often an answer is likely to be sent again before the catalogue changes: that decides how hard its brotli
/// form is worth compressing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reuse {
    /// The same answer for every visitor (the home page's lists): compressed hard once, sent many times.
    Shared,
    /// One of many answers (category pages, searches), most of them asked for once or twice between changes:
    /// compressed fast, since each is compressed about as often as it is sent, and kept only in that form.
    Scattered,
}

impl Reuse {
    /// Brotli's quality. Measured on an 8.3 KB category page (jemalloc, one thread): quality 5 took 548 us and 1756
    /// bytes, quality 1 75 us and 2104 bytes. Most of quality 5's time is the kernel handing out the fresh pages of
    /// its 1 MB match table, zeroed again for every answer (255 page faults); quality 1's tables are small. For a
    /// page compressed once per request that is a sevenfold cost for 350 bytes; for the home lists, compressed once
    /// per catalogue change, it is nothing.
    fn brotli_quality(self) -> u32 {
        match self {
            Reuse::Shared => 5,
            Reuse::Scattered => 1,
        }
    }
}

fn compress(json: &[u8], reuse: Reuse) -> Result<Bytes, ApiError> {
    // Brotli's default 4 MiB window: windows of 64 KiB and less make quality 5 take its slow match finder (seven
    // times slower on a category page).
    let mut compressed = Vec::with_capacity(json.len() / 4);
    {
        let mut writer = brotli::CompressorWriter::new(&mut compressed, 4096, reuse.brotli_quality(), 22);
        writer.write_all(json).map_err(|e| ApiError::internal(&e))?;
    }
    Ok(kept_bytes(compressed))
}

/// `bytes` as a copy to keep: in an allocation of exactly their length. A `Vec` grows by doubling, and `Bytes` made
/// from it holds its whole capacity (serde_json's output is often near twice its length): kept as it is, a copy
/// would take up to twice the memory its weight counts, and the cache's bound would not bound the memory.
fn kept_bytes(bytes: Vec<u8>) -> Bytes {
    Bytes::from(bytes.into_boxed_slice())
}

fn decompress(compressed: &[u8]) -> Result<Bytes, ApiError> {
    let mut json = Vec::with_capacity(compressed.len() * 5);
    brotli::BrotliDecompress(&mut &compressed[..], &mut json).map_err(|e| ApiError::internal(&e))?;
    Ok(Bytes::from(json))
}

fn render_json<T: Serialize>(answer: &T) -> Result<Bytes, ApiError> {
    serde_json::to_vec(answer).map(kept_bytes).map_err(|e| ApiError::internal(&e))
}

fn response(body: Bytes, form: Form) -> Response {
    let content_type = (header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    let vary = (header::VARY, HeaderValue::from_static("accept-encoding"));
    match form {
        Form::Json => ([content_type, vary], body).into_response(),
        Form::Brotli => ([content_type, vary, (header::CONTENT_ENCODING, HeaderValue::from_static("br"))], body).into_response(),
    }
}

#[derive(Clone)]
struct Weight;

impl quick_cache::Weighter<Stored, Bytes> for Weight {
    fn weight(&self, key: &Stored, body: &Bytes) -> u64 {
        // The slot, the key's text and the body, each allocation as the allocator rounds it, and the header a kept
        // body gets when it is first shared with a response.
        const SLOT: usize = std::mem::size_of::<Stored>() + std::mem::size_of::<Bytes>() + 32;
        const SHARED_HEADER: usize = 32;
        u64::try_from(SLOT + allocated_bytes(key.1.len()) + allocated_bytes(body.len()) + SHARED_HEADER).unwrap_or(u64::MAX)
    }
}

/// Whether the request's `Accept-Encoding` takes brotli (`br`, with no `q=0`).
pub fn accepts_brotli(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let coding = parts.next().unwrap_or_default();
        let refused = parts.any(|p| p.strip_prefix("q=").is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0)));
        coding.eq_ignore_ascii_case("br") && !refused
    })
}

/// The rendered answers of this server instance.
pub struct RenderedAnswers {
    kept: quick_cache::sync::Cache<Stored, Bytes, Weight>,
}

impl RenderedAnswers {
    pub fn new(max_bytes: u64) -> Self {
        // The item table is sized for compressed category pages, the answers there are most of (about 2.8 KB each
        // with the key); quick_cache also sizes its memory of evicted keys by this estimate.
        let items = usize::try_from(max_bytes / TYPICAL_KEPT_BYTES).unwrap_or(usize::MAX).max(16);
        Self { kept: quick_cache::sync::Cache::with_weighter(items, max_bytes.max(1), Weight) }
    }

    /// The JSON answer `key` as kept under `version` (brotli-compressed, as hard as `reuse` makes worth it, when
    /// `brotli`), else `produce`'s answer, rendered and kept for next time. `version` must be taken before `produce`
    /// reads anything.
    pub async fn json<T: Serialize>(
        &self,
        version: Option<u64>,
        key: String,
        brotli: bool,
        reuse: Reuse,
        produce: impl Future<Output = Result<T, ApiError>>,
    ) -> Result<Response, ApiError> {
        let form = if brotli { Form::Brotli } else { Form::Json };
        let Some(version) = version else {
            // Nothing may be kept: compressed as a miss would be. Left to the router's compression layer (brotli
            // quality 4 with its 4 MiB window), a search answer took about three times as long to compress, and at a
            // million listings, with copies turned off, searches at 300 a second waited twice as long at p99.
            let json = render_json(&produce.await?)?;
            return match form {
                Form::Json => Ok(response(json, form)),
                Form::Brotli => Ok(response(compress(&json, reuse)?, form)),
            };
        };
        if reuse == Reuse::Scattered {
            // One form kept: brotli.
            let stored = (version, key, Form::Brotli);
            let compressed = match self.kept.get(&stored) {
                Some(compressed) => {
                    metrics::counter!(RENDERED_ANSWERS, "answer" => "kept").increment(1);
                    compressed
                }
                None => {
                    metrics::counter!(RENDERED_ANSWERS, "answer" => "made").increment(1);
                    let json = render_json(&produce.await?)?;
                    let compressed = compress(&json, reuse)?;
                    self.kept.insert(stored, compressed.clone());
                    metrics::gauge!(RENDERED_ANSWERS_BYTES).set(self.kept.weight() as f64);
                    if form == Form::Json {
                        return Ok(response(json, form));
                    }
                    compressed
                }
            };
            return match form {
                Form::Brotli => Ok(response(compressed, form)),
                Form::Json => Ok(response(decompress(&compressed)?, form)),
            };
        }
        let mut stored = (version, key, form);
        if let Some(body) = self.kept.get(&stored) {
            return Ok(response(body, form));
        }
        // Each form is kept only once a client has asked for it in that form: a browser's brotli copy does not
        // take memory for JSON that nobody asked for.
        stored.2 = Form::Json;
        let json = match self.kept.get(&stored) {
            Some(json) => json,
            None => {
                let answer = produce.await?;
                let json = render_json(&answer)?;
                if form == Form::Json {
                    self.kept.insert(stored, json.clone());
                    return Ok(response(json, form));
                }
                json
            }
        };
        if form == Form::Json {
            return Ok(response(json, form));
        }
        let compressed = compress(&json, reuse)?;
        stored.2 = Form::Brotli;
        self.kept.insert(stored, compressed.clone());
        Ok(response(compressed, form))
    }

    /// The JSON answer `key` as kept under `version`, else `produce`'s answer, rendered and kept for next time: the
    /// same bytes [`RenderedAnswers::json`] answers with, for embedding elsewhere (a page's opening answers).
    pub async fn json_bytes<T: Serialize>(
        &self,
        version: Option<u64>,
        key: String,
        produce: impl Future<Output = Result<T, ApiError>>,
    ) -> Result<Bytes, ApiError> {
        let Some(version) = version else {
            return render_json(&produce.await?);
        };
        let stored = (version, key, Form::Json);
        if let Some(json) = self.kept.get(&stored) {
            return Ok(json);
        }
        let json = render_json(&produce.await?)?;
        self.kept.insert(stored, json.clone());
        Ok(json)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    async fn body(response: Response) -> String {
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
        String::from_utf8(bytes.to_vec()).expect("UTF-8")
    }

    /// An answer counting how often it was produced.
    async fn answer(calls: &AtomicUsize) -> Result<Vec<usize>, ApiError> {
        let n = calls.fetch_add(1, Ordering::SeqCst) + 1;
        Ok(vec![n])
    }

    #[tokio::test]
    async fn an_answer_is_rendered_once_per_version() {
        let rendered = RenderedAnswers::new(RENDERED_BYTES);
        let calls = AtomicUsize::new(0);
        let first = rendered.json(Some(1), "lists".into(), false, Reuse::Shared, answer(&calls)).await.expect("answered");
        assert_eq!(body(first).await, "[1]");
        let again = rendered.json(Some(1), "lists".into(), false, Reuse::Shared, answer(&calls)).await.expect("answered");
        assert_eq!(body(again).await, "[1]", "the kept bytes");
        assert_eq!(calls.load(Ordering::SeqCst), 1);

        // A new version (the catalogue changed): the old bytes are never served again.
        let changed = rendered.json(Some(2), "lists".into(), false, Reuse::Shared, answer(&calls)).await.expect("answered");
        assert_eq!(body(changed).await, "[2]");
        let other_key = rendered.json(Some(2), "other".into(), false, Reuse::Shared, answer(&calls)).await.expect("answered");
        assert_eq!(body(other_key).await, "[3]");
    }

    #[tokio::test]
    async fn the_bytes_for_a_page_are_the_kept_answer() {
        let rendered = RenderedAnswers::new(RENDERED_BYTES);
        let calls = AtomicUsize::new(0);
        let answered = rendered.json(Some(1), "lists".into(), false, Reuse::Shared, answer(&calls)).await.expect("answered");
        let bytes = rendered.json_bytes(Some(1), "lists".into(), answer(&calls)).await.expect("bytes");
        assert_eq!(body(answered).await.as_bytes(), &bytes[..]);
        assert_eq!(calls.load(Ordering::SeqCst), 1, "read once for both");
        // Kept by a page first, then answered from the same copy.
        let bytes = rendered.json_bytes(Some(2), "lists".into(), answer(&calls)).await.expect("bytes");
        let answered = rendered.json(Some(2), "lists".into(), false, Reuse::Shared, answer(&calls)).await.expect("answered");
        assert_eq!((&bytes[..], calls.load(Ordering::SeqCst)), (&b"[2]"[..], 2));
        assert_eq!(body(answered).await, "[2]");
        // Without a version (no change feed vouching), nothing is kept.
        rendered.json_bytes(None, "lists".into(), answer(&calls)).await.expect("bytes");
        rendered.json_bytes(None, "lists".into(), answer(&calls)).await.expect("bytes");
        assert_eq!(calls.load(Ordering::SeqCst), 4);
    }

    #[tokio::test]
    async fn an_answer_of_many_is_compressed_fast_and_reads_back_the_same() {
        let rendered = RenderedAnswers::new(RENDERED_BYTES);
        let list: Vec<String> = (0..200).map(|n| format!("The Silent Padma, Volume {n}")).collect();
        let fast = rendered.json(Some(1), "page".into(), true, Reuse::Scattered, async { Ok(list.clone()) }).await.expect("answered");
        let hard = rendered.json(Some(1), "list".into(), true, Reuse::Shared, async { Ok(list.clone()) }).await.expect("answered");
        let fast = axum::body::to_bytes(fast.into_body(), usize::MAX).await.expect("a body");
        let hard = axum::body::to_bytes(hard.into_body(), usize::MAX).await.expect("a body");
        for bytes in [&fast, &hard] {
            let mut json = Vec::new();
            brotli::BrotliDecompress(&mut &bytes[..], &mut json).expect("brotli");
            assert_eq!(serde_json::from_slice::<Vec<String>>(&json).expect("JSON"), list);
        }
        assert!(fast.len() >= hard.len(), "quality 1 ({}) is never smaller than quality 5 ({})", fast.len(), hard.len());
    }

    #[tokio::test]
    async fn browsers_get_the_brotli_copy_of_the_same_answer() {
        let rendered = RenderedAnswers::new(RENDERED_BYTES);
        let list: Vec<String> = (0..200).map(|n| format!("The Silent Padma, Volume {n}")).collect();
        let plain = rendered.json(Some(1), "lists".into(), false, Reuse::Shared, async { Ok(list.clone()) }).await.expect("answered");
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        let compressed = rendered
            .json(Some(1), "lists".into(), true, Reuse::Shared, async { Ok(vec!["not asked".to_owned()]) })
            .await
            .expect("answered");
        assert_eq!(compressed.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(compressed.headers()[header::VARY], "accept-encoding");
        let bytes = axum::body::to_bytes(compressed.into_body(), usize::MAX).await.expect("a body");
        let mut json = Vec::new();
        brotli::BrotliDecompress(&mut &bytes[..], &mut json).expect("brotli");
        assert!(bytes.len() * 4 < json.len(), "{} bytes compressed from {}", bytes.len(), json.len());
        assert_eq!(serde_json::from_slice::<Vec<String>>(&json).expect("JSON"), list);
        assert_eq!(body(plain).await, serde_json::to_string(&list).expect("JSON"));
    }

    #[tokio::test]
    async fn an_answer_of_many_is_kept_once_compressed_and_served_in_either_form() {
        let rendered = RenderedAnswers::new(RENDERED_BYTES);
        let calls = AtomicUsize::new(0);
        async fn list(calls: &AtomicUsize) -> Result<Vec<String>, ApiError> {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok((0..200).map(|n| format!("পথের পাঁচালী, part {n}")).collect())
        }
        let expected = serde_json::to_string(&list(&AtomicUsize::new(0)).await.expect("a list")).expect("JSON");

        // A client without brotli first: answered as JSON, kept compressed.
        let plain = rendered.json(Some(1), "page".into(), false, Reuse::Scattered, list(&calls)).await.expect("answered");
        assert_eq!(body(plain).await, expected);
        let compressed = rendered.json(Some(1), "page".into(), true, Reuse::Scattered, list(&calls)).await.expect("answered");
        assert_eq!(compressed.headers()[header::CONTENT_ENCODING], "br");
        let bytes = axum::body::to_bytes(compressed.into_body(), usize::MAX).await.expect("a body");
        let mut json = Vec::new();
        brotli::BrotliDecompress(&mut &bytes[..], &mut json).expect("brotli");
        assert_eq!(String::from_utf8(json).expect("UTF-8"), expected);
        // Again without brotli: decompressed from the kept copy.
        let plain = rendered.json(Some(1), "page".into(), false, Reuse::Scattered, list(&calls)).await.expect("answered");
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        assert_eq!(body(plain).await, expected);
        assert_eq!(calls.load(Ordering::SeqCst), 1, "read once for every form");
        assert_eq!(rendered.kept.len(), 1, "one form kept");
        assert!(rendered.kept.weight() < expected.len() as u64 / 2, "kept compressed: {} bytes", rendered.kept.weight());
    }

    #[test]
    fn brotli_is_taken_when_offered_and_not_refused() {
        let offered = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).expect("a header"));
            accepts_brotli(&headers)
        };
        assert!(offered("gzip, deflate, br, zstd"));
        assert!(offered("BR;q=0.5"));
        assert!(!offered("gzip, deflate"));
        assert!(!offered("br;q=0, gzip"));
        assert!(!offered("brotli"));
        assert!(!accepts_brotli(&HeaderMap::new()));
    }

    #[tokio::test]
    async fn without_a_version_nothing_is_kept() {
        let rendered = RenderedAnswers::new(RENDERED_BYTES);
        let calls = AtomicUsize::new(0);
        for expected in ["[1]", "[2]"] {
            let response = rendered.json(None, "lists".into(), false, Reuse::Shared, answer(&calls)).await.expect("answered");
            assert_eq!(body(response).await, expected);
        }
        // A browser still gets brotli, made as a miss makes it (not left to the router's slower on-the-fly layer).
        for expected in ["[3]", "[4]"] {
            let response = rendered.json(None, "page".into(), true, Reuse::Scattered, answer(&calls)).await.expect("answered");
            assert_eq!(response.headers()[header::CONTENT_ENCODING], "br");
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
            let mut json = Vec::new();
            brotli::BrotliDecompress(&mut &bytes[..], &mut json).expect("brotli");
            assert_eq!(json, expected.as_bytes());
        }
    }

    #[tokio::test]
    async fn a_failed_answer_is_not_kept() {
        let rendered = RenderedAnswers::new(RENDERED_BYTES);
        let failed = rendered
            .json(Some(1), "lists".into(), false, Reuse::Shared, async { Err::<Vec<usize>, _>(ApiError::unavailable("down")) })
            .await;
        assert!(failed.is_err());
        let calls = AtomicUsize::new(0);
        let ok = rendered.json(Some(1), "lists".into(), false, Reuse::Shared, answer(&calls)).await.expect("answered");
        assert_eq!(body(ok).await, "[1]");
    }
}
