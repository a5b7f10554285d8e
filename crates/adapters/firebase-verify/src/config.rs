//! How the verifier is configured, and the rules that make a configuration safe to start with.

/// Where Google publishes the X.509 certificates whose keys sign Firebase ID tokens (a JSON object `kid -> PEM`).
pub const GOOGLE_CERTS_URL: &str = "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com";

/// The project prefix the Firebase emulators reserve for projects that exist nowhere but on this machine.
pub(crate) const DEMO_PROJECT_PREFIX: &str = "demo-";

/// Which identity tokens the server trusts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerifierMode {
    /// Real Firebase: RS256 tokens signed with Google's keys, published at `certs_url` (normally [`GOOGLE_CERTS_URL`]).
    Production { project_id: String, certs_url: String },
    /// The local Firebase Auth emulator at `emulator_host` (`host:port`, for example `127.0.0.1:9099`), whose tokens
    /// are unsigned. Only for `demo-` projects.
    Emulator { project_id: String, emulator_host: String },
}

impl VerifierMode {
    /// Production mode with Google's certificate endpoint.
    pub fn production(project_id: impl Into<String>) -> Self {
        Self::Production { project_id: project_id.into(), certs_url: GOOGLE_CERTS_URL.to_owned() }
    }

    /// Emulator mode for a `demo-` project on the emulator at `emulator_host` (`host:port`).
    pub fn emulator(project_id: impl Into<String>, emulator_host: impl Into<String>) -> Self {
        Self::Emulator { project_id: project_id.into(), emulator_host: emulator_host.into() }
    }

    pub fn project_id(&self) -> &str {
        match self {
            Self::Production { project_id, .. } | Self::Emulator { project_id, .. } => project_id,
        }
    }
}

/// A configuration the server must refuse to start with. The message says why and what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("the Firebase project id is empty")]
    EmptyProjectId,
    #[error(
        "the Firebase Auth emulator mode needs a project id starting with `demo-` (got {project_id:?}): the emulator's \
         tokens are unsigned, so they are only accepted for demo projects, which cannot exist on real Firebase"
    )]
    EmulatorNeedsDemoProject { project_id: String },
    #[error("the Firebase Auth emulator mode needs the emulator's host:port (for example 127.0.0.1:9099), and it is empty")]
    EmptyEmulatorHost,
    #[error("the Firebase Auth emulator host must be host:port without a scheme or path (got {host:?})")]
    MalformedEmulatorHost { host: String },
    #[error("the certificate URL {url:?} is not a usable http(s) URL: {reason}")]
    InvalidCertsUrl { url: String, reason: String },
}

pub(crate) fn check_project_id(project_id: &str) -> Result<(), ConfigError> {
    if project_id.trim().is_empty() { Err(ConfigError::EmptyProjectId) } else { Ok(()) }
}

/// The two conditions under which unsigned emulator tokens, or emulator admin calls, are allowed at all.
pub(crate) fn check_emulator(project_id: &str, emulator_host: &str) -> Result<(), ConfigError> {
    check_project_id(project_id)?;
    if !project_id.starts_with(DEMO_PROJECT_PREFIX) {
        return Err(ConfigError::EmulatorNeedsDemoProject { project_id: project_id.to_owned() });
    }
    if emulator_host.trim().is_empty() {
        return Err(ConfigError::EmptyEmulatorHost);
    }
    if emulator_host.contains("://") || emulator_host.contains('/') || emulator_host.chars().any(char::is_whitespace) {
        return Err(ConfigError::MalformedEmulatorHost { host: emulator_host.to_owned() });
    }
    Ok(())
}

pub(crate) fn check_certs_url(url: &str) -> Result<reqwest::Url, ConfigError> {
    let invalid = |reason: String| ConfigError::InvalidCertsUrl { url: url.to_owned(), reason };
    let parsed = reqwest::Url::parse(url).map_err(|e| invalid(e.to_string()))?;
    match parsed.scheme() {
        "https" | "http" => Ok(parsed),
        other => Err(invalid(format!("scheme {other:?} is neither http nor https"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emulator_needs_a_demo_project_and_a_host() {
        assert_eq!(check_emulator("demo-puronoboi", "127.0.0.1:9099"), Ok(()));
        assert_eq!(
            check_emulator("puronoboi-prod", "127.0.0.1:9099"),
            Err(ConfigError::EmulatorNeedsDemoProject { project_id: "puronoboi-prod".into() })
        );
        assert_eq!(check_emulator("demo-puronoboi", ""), Err(ConfigError::EmptyEmulatorHost));
        assert_eq!(check_emulator("demo-puronoboi", "  "), Err(ConfigError::EmptyEmulatorHost));
        assert_eq!(check_emulator("", "127.0.0.1:9099"), Err(ConfigError::EmptyProjectId));
        assert!(matches!(check_emulator("demo-x", "http://127.0.0.1:9099"), Err(ConfigError::MalformedEmulatorHost { .. })));
    }

    #[test]
    fn certs_url_must_be_http() {
        assert!(check_certs_url(GOOGLE_CERTS_URL).is_ok());
        assert!(check_certs_url("http://127.0.0.1:1234/certs").is_ok());
        assert!(matches!(check_certs_url("file:///etc/passwd"), Err(ConfigError::InvalidCertsUrl { .. })));
        assert!(matches!(check_certs_url("not a url"), Err(ConfigError::InvalidCertsUrl { .. })));
    }
}
