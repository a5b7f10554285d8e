//! Security headers for the web app: a Content-Security-Policy that allows only what the app loads, no framing,
//! no MIME sniffing, a strict referrer policy, and HSTS for deployments behind HTTPS.

use std::collections::BTreeSet;

use crate::dto::{AuthMode, PaymentProvider, PublicConfigDto};

/// What the security headers say, decided once at start-up from the run-time configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecurityHeaders {
    pub content_security_policy: String,
    /// `Strict-Transport-Security`, only for deployments served over HTTPS (`HSTS=true`).
    pub hsts: bool,
}

/// `scheme://host[:port]` of a URL, the form CSP source lists use.
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next().filter(|h| !h.is_empty())?;
    Some(format!("{scheme}://{host}"))
}

impl SecurityHeaders {
    /// Scripts only from this origin and the identity and payment providers the configuration names; never inline
    /// scripts. Inline styles are allowed (the UI library sets some). `image_origins` are where uploaded pictures
    /// are served from when they are not on this server (imgbb).
    pub fn for_config(config: &PublicConfigDto, image_origins: &[String], hsts: bool) -> Self {
        let mut script: BTreeSet<String> = BTreeSet::new();
        let mut connect: BTreeSet<String> = BTreeSet::new();
        let mut frame: BTreeSet<String> = BTreeSet::new();
        let mut img: BTreeSet<String> = image_origins.iter().filter_map(|u| origin(u)).collect();

        if let Some(firebase) = &config.auth.firebase {
            match config.auth.mode {
                AuthMode::Emulator => {
                    if let Some(emulator) = firebase.emulator_url.as_deref().and_then(origin) {
                        connect.insert(emulator);
                    }
                }
                AuthMode::Firebase => {
                    // The Firebase JS SDK talks to these for sign-in and token refresh, and runs its pop-up helper
                    // (Google's API loader and an iframe on the auth domain) for Google and Facebook sign-in.
                    for api in
                        ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com", "https://www.googleapis.com"]
                    {
                        connect.insert(api.to_owned());
                    }
                    script.insert("https://apis.google.com".to_owned());
                    frame.insert(format!("https://{}", firebase.auth_domain));
                    // Profile pictures of Google and Facebook sign-ins.
                    img.insert("https://lh3.googleusercontent.com".to_owned());
                }
                AuthMode::None => {}
            }
        }
        if config.payments.provider == PaymentProvider::Stripe {
            let js = config.payments.stripe_js_url.as_deref().and_then(origin).unwrap_or_else(|| "https://js.stripe.com".to_owned());
            script.insert(js.clone());
            frame.insert(js.clone());
            connect.insert(js);
            if config.payments.stripe_js_url.as_deref().is_none_or(|u| u.starts_with("https://js.stripe.com")) {
                // Stripe's own list for Stripe.js: its script and frames come from js.stripe.com and its
                // subdomains, its API calls go to api.stripe.com, and 3-D Secure pages open from hooks.stripe.com.
                script.insert("https://*.js.stripe.com".to_owned());
                frame.insert("https://*.js.stripe.com".to_owned());
                connect.insert("https://api.stripe.com".to_owned());
                frame.insert("https://hooks.stripe.com".to_owned());
            }
        }

        let list = |extra: &BTreeSet<String>| extra.iter().fold(String::new(), |acc, o| format!("{acc} {o}"));
        let policy = [
            "default-src 'self'".to_owned(),
            format!("script-src 'self'{}", list(&script)),
            "style-src 'self' 'unsafe-inline'".to_owned(),
            format!("img-src 'self' data: blob:{}", list(&img)),
            "font-src 'self' data:".to_owned(),
            format!("connect-src 'self'{}", list(&connect)),
            format!("frame-src {}", if frame.is_empty() { "'none'".to_owned() } else { list(&frame).trim_start().to_owned() }),
            "object-src 'none'".to_owned(),
            "base-uri 'self'".to_owned(),
            "form-action 'self'".to_owned(),
            "frame-ancestors 'none'".to_owned(),
        ]
        .join("; ");
        Self { content_security_policy: policy, hsts }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dto::{AuthConfigDto, FirebaseWebConfigDto, PaymentsConfigDto};

    fn config(mode: AuthMode, emulator_url: Option<&str>, stripe_js: Option<&str>) -> PublicConfigDto {
        PublicConfigDto {
            auth: AuthConfigDto {
                mode,
                firebase: Some(FirebaseWebConfigDto {
                    api_key: "k".into(),
                    auth_domain: "puronoboi.firebaseapp.com".into(),
                    project_id: "puronoboi".into(),
                    emulator_url: emulator_url.map(str::to_owned),
                }),
            },
            payments: PaymentsConfigDto {
                provider: if stripe_js.is_some() { PaymentProvider::Stripe } else { PaymentProvider::None },
                publishable_key: None,
                stripe_js_url: stripe_js.map(str::to_owned),
                card_minimum_taka: 60,
            },
        }
    }

    fn directive<'a>(policy: &'a str, name: &str) -> &'a str {
        policy.split("; ").find(|d| d.starts_with(name)).unwrap_or_default()
    }

    #[test]
    fn the_embedded_default_allows_the_emulator_and_nothing_inline() {
        let csp = SecurityHeaders::for_config(&config(AuthMode::Emulator, Some("http://127.0.0.1:9099"), None), &[], false)
            .content_security_policy;
        assert_eq!(directive(&csp, "script-src"), "script-src 'self'");
        assert_eq!(directive(&csp, "connect-src"), "connect-src 'self' http://127.0.0.1:9099");
        assert_eq!(directive(&csp, "frame-ancestors"), "frame-ancestors 'none'");
        assert_eq!(directive(&csp, "frame-src"), "frame-src 'none'");
        assert!(!csp.contains("unsafe-eval"));
        assert!(!directive(&csp, "script-src").contains("unsafe-inline"));
    }

    #[test]
    fn a_real_project_allows_firebase_and_stripe_and_the_image_host() {
        let csp = SecurityHeaders::for_config(
            &config(AuthMode::Firebase, None, Some("https://js.stripe.com/v3/")),
            &["https://i.ibb.co/abc/x.png".to_owned()],
            true,
        )
        .content_security_policy;
        assert_eq!(
            directive(&csp, "script-src"),
            "script-src 'self' https://*.js.stripe.com https://apis.google.com https://js.stripe.com"
        );
        assert!(directive(&csp, "connect-src").contains("https://identitytoolkit.googleapis.com"));
        assert!(directive(&csp, "connect-src").contains("https://api.stripe.com"));
        assert!(directive(&csp, "frame-src").contains("https://puronoboi.firebaseapp.com"));
        assert!(directive(&csp, "img-src").contains("https://i.ibb.co"));
    }

    #[test]
    fn localstripe_is_allowed_where_it_runs() {
        let csp =
            SecurityHeaders::for_config(&config(AuthMode::Emulator, None, Some("http://localhost:8420/js.stripe.com/v3/")), &[], false)
                .content_security_policy;
        assert!(directive(&csp, "script-src").contains("http://localhost:8420"));
        assert!(!csp.contains("api.stripe.com"));
    }
}
