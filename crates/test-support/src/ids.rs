//! Names no other test uses, so tests sharing an identity provider or a localstripe never meet each other's data.

/// An e-mail address of our test domain that no other test has: `<local>-<random>@puronoboi.test`.
pub fn unique(local: &str) -> String {
    format!("{local}-{}@puronoboi.test", uuid::Uuid::new_v4().simple())
}
