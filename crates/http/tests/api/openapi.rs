//! The API's description and the router cannot drift apart: every operation `GET /api/openapi.json` describes is
//! routed, and the document has the shape OpenAPI 3.1 tools (and the access-control table) read.

use std::collections::BTreeSet;

use puronoboi_test_support::{TestApp, expect_json};
use serde_json::Value;

const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/// Every (method, path) the document describes.
fn operations(doc: &Value) -> Vec<(String, String)> {
    let paths = doc["paths"].as_object().expect("paths is an object");
    let mut operations = Vec::new();
    for (path, item) in paths {
        let item = item.as_object().unwrap_or_else(|| panic!("{path}: a path item is an object"));
        for (key, _) in item.iter().filter(|(key, _)| METHODS.contains(&key.as_str())) {
            operations.push((key.clone(), path.clone()));
        }
    }
    operations
}

/// Every `$ref` in the document, wherever it sits.
fn refs<'a>(value: &'a Value, found: &mut BTreeSet<&'a str>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                found.insert(target);
            }
            map.values().for_each(|v| refs(v, found));
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, found)),
        _ => {}
    }
}

/// `/api/books/{id}/advertise` with an id that names nothing: routed, but no resource.
fn concrete(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map(|i| open + i).unwrap_or_else(|| panic!("{path}: an unclosed template"));
        out.push_str("00000000-0000-4000-8000-000000000000");
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

async fn is_the_api_fallback(response: reqwest::Response) -> bool {
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    status == 404 && body["error"]["message"] == "No such API endpoint."
}

#[tokio::test]
async fn the_served_document_is_openapi_3_1_with_every_path_under_api() {
    let app = TestApp::spawn().await;
    let doc = app.get_json("/api/openapi.json", 200).await;

    assert_eq!(doc, serde_json::to_value(puronoboi_http::openapi::document()).expect("the document serialises"), "served == generated");
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(doc["info"]["title"], "Puronoboi API");
    assert!(doc["info"]["version"].is_string(), "{}", doc["info"]);
    for scheme in ["bearer", "firebaseIdToken"] {
        let scheme = &doc["components"]["securitySchemes"][scheme];
        assert_eq!((&scheme["type"], &scheme["scheme"]), (&Value::from("http"), &Value::from("bearer")), "{scheme}");
    }

    let operations = operations(&doc);
    assert!(operations.len() >= 30, "{operations:?}");
    let mut operation_ids = BTreeSet::new();
    for (method, path) in &operations {
        assert!(path.starts_with("/api/"), "{path} is not under /api");
        assert!(!path.contains(':') && !path.contains('*'), "{path}: templates are written {{param}}");
        let operation = &doc["paths"][path][method];
        let id = operation["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path}: no operationId"));
        assert!(operation_ids.insert(id.to_owned()), "{method} {path}: operationId {id} is not unique");
        let responses = operation["responses"].as_object().unwrap_or_else(|| panic!("{method} {path}: no responses"));
        assert!(responses.keys().any(|s| s.starts_with('2')), "{method} {path}: no success response");
        for (status, response) in responses {
            assert!(status.len() == 3 && status.parse::<u16>().is_ok_and(|s| (100..600).contains(&s)), "{method} {path}: {status}");
            assert!(response["description"].is_string(), "{method} {path} {status}: a response needs a description");
            if status.starts_with('4') || status.starts_with('5') {
                assert_eq!(
                    response["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorBody",
                    "{method} {path} {status}: errors answer the error body"
                );
            }
        }
        // Each template in the path is a declared path parameter, and each declared path parameter is in the path.
        let declared: BTreeSet<&str> = operation["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["in"] == "path")
            .filter_map(|p| p["name"].as_str())
            .collect();
        let templated: BTreeSet<&str> = path.split('/').filter_map(|s| s.strip_prefix('{')?.strip_suffix('}')).collect();
        assert_eq!(declared, templated, "{method} {path}: path parameters");
    }

    let mut targets = BTreeSet::new();
    refs(&doc, &mut targets);
    for target in targets {
        let name = target.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{target}: refs point at schemas"));
        assert!(doc["components"]["schemas"][name].is_object(), "{target} does not resolve");
    }
}

#[tokio::test]
async fn every_documented_operation_is_routed() {
    let app = TestApp::spawn().await;
    let doc = app.get_json("/api/openapi.json", 200).await;

    // The check can fail: a path nobody routes reaches the fallback.
    assert!(is_the_api_fallback(app.get("/api/no-such-thing").await).await);

    for (method, path) in operations(&doc) {
        let url = app.url(&concrete(&path));
        let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).expect("an HTTP method");
        let response = app.client.request(method.clone(), &url).send().await.expect("the request is answered");
        assert_ne!(response.status().as_u16(), 405, "{method} {path} is documented but the path does not take {method}");
        assert!(!is_the_api_fallback(response).await, "{method} {path} is documented but not routed");
    }
}

#[tokio::test]
async fn a_signed_in_operation_requires_the_bearer_scheme_and_a_public_one_does_not() {
    let app = TestApp::spawn().await;
    let doc = app.get_json("/api/openapi.json", 200).await;
    let security = |method: &str, path: &str| doc["paths"][path][method]["security"].clone();

    assert_eq!(security("get", "/api/me"), serde_json::json!([{"bearer": []}]));
    assert_eq!(security("post", "/api/orders"), serde_json::json!([{"bearer": []}]));
    assert_eq!(security("post", "/api/session"), serde_json::json!([{"firebaseIdToken": []}]));
    assert_eq!(security("get", "/api/books/{id}"), serde_json::json!([{}, {"bearer": []}]), "a book's page takes a token or none");
    assert_eq!(security("get", "/api/categories"), Value::Null);

    // And what the document says is what the server does: no token, 401 with the documented body.
    let response = app.get("/api/me").await;
    let body = expect_json(response, 401, "GET /api/me without a token").await;
    assert_eq!(body["error"]["code"], "unauthenticated");
    assert!(doc["paths"]["/api/me"]["get"]["responses"]["401"].is_object());
}

#[tokio::test]
async fn paged_lists_state_their_bounds() {
    let app = TestApp::spawn().await;
    let doc = app.get_json("/api/openapi.json", 200).await;
    let parameters = doc["paths"]["/api/me/orders"]["get"]["parameters"].as_array().cloned().unwrap_or_default();
    let bounds = |name: &str| {
        let p = parameters.iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("no parameter {name}: {parameters:?}"));
        assert_eq!(p["in"], "query");
        (p["schema"]["minimum"].as_u64(), p["schema"]["maximum"].as_u64())
    };
    assert_eq!(bounds("page"), (Some(1), Some(10_000)));
    assert_eq!(bounds("perPage"), (Some(1), Some(100)));

    // The server keeps to them: one past the maximum is refused.
    let body = app.get_json("/api/categories/00000000-0000-4000-8000-000000000000/books?perPage=101", 400).await;
    assert_eq!(body["error"]["code"], "invalid_query");
}
