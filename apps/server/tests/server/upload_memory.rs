//! The real server binary under a burst of the costliest uploads there are: 30 at once (from 30 accounts), each a 5 MiB PNG that
//! decodes to 40 megapixels. Uploads past the gate's slots and queue are turned away with 429, the rest are stored,
//! none fails, and the process's peak memory stays under 512 MiB.

use std::process::Stdio;
use std::time::{Duration, Instant};

use image::{ImageEncoder as _, Rgb, RgbImage};
use puronoboi_firebase_verify::EmulatorAdmin;
use puronoboi_test_support::{TEST_PROJECT_ID, TestDb, emulator_host};

use crate::running::{Server, free_port, server_command};

const UPLOADS: usize = 30;
const PEAK_LIMIT_KIB: u64 = 512 * 1024;
/// The server's upload cap (5 MiB); the picture must fit under it or it would be refused unread.
const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;

/// A field from /proc/<pid>/status, in KiB.
fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// 6300 x 6300 (39.7 MP, under the 40 MP cap) of one colour sprinkled with random pixels: a small file that
/// decodes to 119 MB of RGB. The sprinkle keeps the deflate stream from collapsing to nothing, so the server also
/// spends real time inflating it.
fn decompression_heavy_png() -> Vec<u8> {
    let mut seed: u32 = 0x9E37_79B9;
    let mut next = move || {
        // xorshift32: deterministic noise without a random-number crate.
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    let picture = RgbImage::from_fn(6300, 6300, |_, _| {
        let r = next();
        if r % 1000 < 11 { Rgb([(r >> 8) as u8, (r >> 16) as u8, (r >> 24) as u8]) } else { Rgb([212, 196, 160]) }
    });
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(picture.as_raw(), 6300, 6300, image::ExtendedColorType::Rgb8)
        .expect("the PNG encodes");
    png
}

async fn start_server(database_url: &str, emulator: &str, images_dir: &std::path::Path, log: std::path::PathBuf) -> Server {
    let port = free_port();
    let log_file = std::fs::File::create(&log).expect("a log file");
    let mut command = server_command();
    command
        .env("DATABASE_URL", database_url)
        .env("FIREBASE_PROJECT_ID", TEST_PROJECT_ID)
        .env("FIREBASE_AUTH_EMULATOR_HOST", emulator)
        .env("HOST", "127.0.0.1")
        .env("PORT", port.to_string())
        .env("SESSION_SECRET", "5f1c3a9e7b2d4f608a1e3c5b7d9f2a4c6e8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f")
        .env("IMAGES_DIR", images_dir)
        .env("UPLOAD_RATE_PER_MINUTE", "100")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(log_file);
    Server::start(command, port, log).await
}

#[tokio::test(flavor = "multi_thread")]
async fn thirty_uploads_of_forty_megapixels_at_once_stay_under_512_mib_and_never_fail() {
    let png = tokio::task::spawn_blocking(decompression_heavy_png).await.expect("the picture is made");
    assert!(png.len() <= MAX_UPLOAD_BYTES, "the picture is {} bytes, over the upload cap", png.len());
    assert!(png.len() > MAX_UPLOAD_BYTES / 2, "the picture is {} bytes: too little to weigh on the body limit", png.len());

    let db = TestDb::new().await;
    let emulator = emulator_host().await;
    let scratch = tempfile::tempdir().expect("a scratch dir");
    let images_dir = scratch.path().join("images");
    let server = start_server(&db.url, &emulator, &images_dir, scratch.path().join("server.log")).await;
    let address = server.address.clone();

    let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("a client");
    let admin = EmulatorAdmin::new(TEST_PROJECT_ID, emulator, client.clone()).expect("an emulator admin");
    // One account per upload: an account uploads one picture at a time, and this is about the gate's slots.
    let mut tokens = Vec::with_capacity(UPLOADS);
    for _ in 0..UPLOADS {
        let email = format!("memory-{}@puronoboi.test", uuid::Uuid::new_v4().simple());
        let (_, id_token) = admin.sign_up(&email, "correct horse battery", Some("Memory Test")).await.expect("a sign-up");
        let session: serde_json::Value = client
            .post(format!("{address}/api/session"))
            .bearer_auth(&id_token)
            .json(&serde_json::json!({ "accountType": "buyer" }))
            .send()
            .await
            .expect("the session answers")
            .json()
            .await
            .expect("a JSON session");
        tokens.push(session["accessToken"].as_str().unwrap_or_else(|| panic!("an access token: {session}")).to_owned());
    }

    let pid = server.pid();
    let baseline_kib = status_kib(pid, "VmRSS:").expect("the server's memory");
    let sampling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let sampling = sampling.clone();
        tokio::spawn(async move {
            let mut highest = 0;
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                highest = highest.max(status_kib(pid, "VmRSS:").unwrap_or(0));
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            highest
        })
    };

    let started = Instant::now();
    let uploads: Vec<_> = tokens
        .into_iter()
        .map(|token| {
            let (client, url, png) = (client.clone(), format!("{address}/api/me/photo"), png.clone());
            tokio::spawn(async move {
                let part = reqwest::multipart::Part::bytes(png).file_name("heavy.png").mime_str("image/png").expect("a mime type");
                let response =
                    client.post(url).bearer_auth(token).multipart(reqwest::multipart::Form::new().part("image", part)).send().await;
                match response {
                    Ok(response) => {
                        let status = response.status().as_u16();
                        (status, response.text().await.unwrap_or_default())
                    }
                    Err(e) => (0, format!("no answer: {e:#}")),
                }
            })
        })
        .collect();
    let mut answers = Vec::new();
    for upload in uploads {
        answers.push(upload.await.expect("the upload task ran"));
    }
    let elapsed = started.elapsed();
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
    let sampled_kib = sampler.await.expect("the sampler ran");
    let peak_kib = status_kib(pid, "VmHWM:").expect("the server's peak memory");

    let stored = answers.iter().filter(|(status, _)| *status == 200).count();
    let turned_away = answers.iter().filter(|(status, _)| *status == 429).count();
    eprintln!(
        "{UPLOADS} uploads of a {} byte 6300x6300 PNG in {:.1} s: {stored} answered 200, {turned_away} answered 429; server RSS \
         {} MiB before, highest sampled {} MiB, peak (VmHWM) {} MiB",
        png.len(),
        elapsed.as_secs_f64(),
        baseline_kib / 1024,
        sampled_kib / 1024,
        peak_kib / 1024,
    );

    for (status, body) in &answers {
        assert!(*status == 200 || *status == 429, "an upload answered {status}: {body}\n{}", server.log_tail());
        if *status == 429 {
            assert!(body.contains("\"rate_limited\""), "{body}");
        }
    }
    assert!(stored >= 1, "at least one upload is stored: {answers:?}");
    assert!(peak_kib < PEAK_LIMIT_KIB, "the server peaked at {} MiB", peak_kib / 1024);
}
