//! Relevance over the demo catalogue: every query of the relevance set (`crates/demo/relevance.tsv`) through
//! `GET /api/search`, and the share of expected works found in each query's top 3 (recall@3), overall and per kind
//! of query. Fails under [`RECALL_AT_3_FLOOR`]; prints the figures and every miss (`just test` shows them).

use std::collections::BTreeMap;

use puronoboi_demo::relevance::relevance_set;
use puronoboi_test_support::TestApp;

/// The least share of expected works the top 3 results must hold.
const RECALL_AT_3_FLOOR: f64 = 0.95;

#[tokio::test]
async fn recall_at_3_over_the_relevance_set() {
    let app = TestApp::spawn_seeded().await;
    let cases = relevance_set().expect("the relevance set parses");
    let mut per_kind: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut misses = Vec::new();
    for case in &cases {
        let url = reqwest::Url::parse_with_params("http://x/api/search", [("q", case.query.as_str()), ("perPage", "3")]).expect("a URL");
        let body = app.get_json(&format!("/api/search?{}", url.query().unwrap_or_default()), 200).await;
        let top: Vec<&str> = body["items"].as_array().expect("items").iter().filter_map(|card| card["title"].as_str()).collect();
        let found = case.expected.iter().filter(|title| top.contains(&title.as_str())).count();
        let tally = per_kind.entry(case.kind.as_str()).or_default();
        tally.0 += found;
        tally.1 += case.expected.len();
        if found < case.expected.len() {
            misses.push(format!("  {:<9} {:?}: expected {:?}, top 3 {:?}", case.kind, case.query, case.expected, top));
        }
    }
    let (found, expected) = per_kind.values().fold((0, 0), |(f, e), (kf, ke)| (f + kf, e + ke));
    let recall = found as f64 / expected as f64;
    println!(
        "relevance: recall@3 {recall:.3} over {} queries ({found} of {expected} expected works; floor {RECALL_AT_3_FLOOR})",
        cases.len()
    );
    for (kind, (f, e)) in &per_kind {
        println!("  {kind:<9} {:.3} ({f} of {e})", *f as f64 / *e as f64);
    }
    if !misses.is_empty() {
        println!("misses:\n{}", misses.join("\n"));
    }
    assert!(recall >= RECALL_AT_3_FLOOR, "recall@3 {recall:.3} is under {RECALL_AT_3_FLOOR}");
}
