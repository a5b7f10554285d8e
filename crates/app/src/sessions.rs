//! Opening a session, and who is still allowed in on every later call.
//!
//! Opening a session is one operation: verify the identity token, decide the account and its role, issue our
//! access token. The rules it keeps:
//! - An address counts as proven only from a sign-in that proves it (a verified password sign-in, or Google).
//!   Unproven addresses may buy and sell, but never become admin, never take over an account someone else opened,
//!   and never block the real owner: the owner's proven sign-in wins the address.
//! - Admin is decided at every session opening: a proven sign-in with an address in `ADMIN_EMAILS`. Anything else
//!   that was admin becomes a buyer.
//! - An address an admin deleted stays refused, whatever identity comes with it.
//! - Every change of role, the first proof of an address and a logout move the account's session generation on,
//!   revoking every access token issued before.

use std::collections::HashSet;
use std::sync::Arc;

use puronoboi_domain::{Account, AccountId, AccountRole, Email, PersonName};
use puronoboi_ports::{
    AccountStore, IdentityVerifier, LinkIdentityError, NewIdentityAccount, OpenIdentityAccountError, StoreError, SupersedeError,
    VerifiedIdentity, VerifyTokenError,
};

use crate::tokens::{AccessTokens, IssuedToken, TokenError};

/// What a person asked for when they signed up. Only buyer or seller can be asked for; admins come from configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RequestedRole {
    #[default]
    Buyer,
    Seller,
}

#[derive(Debug, Clone, Default)]
pub struct SessionRequest {
    pub name: Option<String>,
    pub role: Option<RequestedRole>,
}

#[derive(Debug, thiserror::Error)]
pub enum OpenSessionError {
    /// The identity token is not a valid, current token for our project.
    #[error("identity token rejected: {0}")]
    IdentityRejected(String),
    /// The identity token could not be checked (the provider's certificates are unreachable).
    #[error("identity tokens cannot be verified right now")]
    IdentityUnavailable(#[source] anyhow::Error),
    /// The account was deleted by an admin (or the identity's account was closed): no way back in.
    #[error("Forbidden Access")]
    AccountDeleted,
    #[error("the identity carries no usable e-mail address")]
    NoEmail,
    #[error("invalid name: {0}")]
    InvalidName(String),
    /// Another account holds this address and this sign-in cannot win it.
    #[error("an account with this e-mail already exists")]
    EmailTaken,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl From<StoreError> for OpenSessionError {
    fn from(e: StoreError) -> Self {
        Self::Unknown(e.0)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("not one of our access tokens")]
    Unauthenticated,
    #[error("the access token has expired")]
    TokenExpired,
    #[error("the access token was revoked")]
    TokenRevoked,
    #[error("Forbidden Access")]
    AccountDeleted,
    #[error(transparent)]
    Unknown(#[from] StoreError),
}

/// A session that just opened: the account and the access token for it.
pub struct OpenedSession {
    pub account: Account,
    pub token: IssuedToken,
}

#[derive(Clone)]
pub struct Sessions {
    verifier: Arc<dyn IdentityVerifier>,
    store: Arc<dyn AccountStore>,
    tokens: Arc<AccessTokens>,
    admin_emails: Arc<HashSet<Email>>,
}

/// How often a session opening starts over after a concurrent change to the same accounts (two first sign-ins of
/// one identity, a takeover racing another). Each retry sees the other's committed result, so two are plenty.
const ATTEMPTS: usize = 3;

impl Sessions {
    pub fn new(
        verifier: Arc<dyn IdentityVerifier>,
        store: Arc<dyn AccountStore>,
        tokens: AccessTokens,
        admin_emails: impl IntoIterator<Item = Email>,
    ) -> Self {
        Self { verifier, store, tokens: Arc::new(tokens), admin_emails: Arc::new(admin_emails.into_iter().collect()) }
    }

    /// Verifies the identity token, finds or opens the account, decides its role and issues an access token.
    pub async fn open(&self, id_token: &str, request: SessionRequest) -> Result<OpenedSession, OpenSessionError> {
        let identity = self.verifier.verify(id_token).await.map_err(|e| match e {
            VerifyTokenError::Rejected(reason) => OpenSessionError::IdentityRejected(reason),
            VerifyTokenError::Unavailable(cause) => OpenSessionError::IdentityUnavailable(cause),
        })?;
        let account = self.account_for(&identity, &request).await?;
        let token = self.tokens.issue(account.id, account.session_generation).map_err(anyhow::Error::from)?;
        Ok(OpenedSession { account, token })
    }

    /// The live account behind an access token. Every call re-reads the account, so a closed account and a revoked
    /// token are refused at once.
    pub async fn authenticate(&self, access_token: &str) -> Result<Account, AuthError> {
        let claims = self.tokens.verify(access_token).map_err(|e| match e {
            TokenError::Invalid => AuthError::Unauthenticated,
            TokenError::Expired => AuthError::TokenExpired,
        })?;
        let account = self.store.account_by_id(claims.account).await?.ok_or(AuthError::AccountDeleted)?;
        if account.is_closed() {
            return Err(AuthError::AccountDeleted);
        }
        if account.session_generation != claims.generation {
            return Err(AuthError::TokenRevoked);
        }
        Ok(account)
    }

    /// Logout: every access token of the account stops working.
    pub async fn end_all(&self, account: AccountId) -> Result<(), StoreError> {
        self.store.end_sessions(account).await.map(|_| ())
    }

    fn is_listed_admin(&self, email: &Email) -> bool {
        self.admin_emails.contains(email)
    }

    /// The role an account gets at this session opening.
    fn role_for(&self, current: AccountRole, email: &Email, proven: bool) -> AccountRole {
        if proven && self.is_listed_admin(email) {
            AccountRole::Admin
        } else if current == AccountRole::Admin {
            AccountRole::Buyer
        } else {
            current
        }
    }

    async fn account_for(&self, identity: &VerifiedIdentity, request: &SessionRequest) -> Result<Account, OpenSessionError> {
        let email = identity.email.as_deref().and_then(|e| Email::parse(e).ok()).ok_or(OpenSessionError::NoEmail)?;
        let proven = identity.proves_email();
        for _ in 0..ATTEMPTS {
            let known = self.store.accounts_by_email(&email).await?;
            if known.iter().any(Account::is_deleted_by_admin) {
                return Err(OpenSessionError::AccountDeleted);
            }
            if let Some(account) = self.store.account_by_firebase_uid(&identity.uid).await? {
                return self.admit(account, &email, proven).await;
            }
            let outcome = match known.into_iter().find(|a| !a.is_closed()) {
                None => self.open_new(identity, request, &email, proven).await?,
                // A seeded account waits for its owner; only the proven owner of the address may claim it.
                Some(seeded) if seeded.firebase_uid.is_none() => {
                    if !proven {
                        return Err(OpenSessionError::EmailTaken);
                    }
                    match self.store.link_identity(seeded.id, &identity.uid).await {
                        Ok(account) => Some(self.admit(account, &email, proven).await?),
                        Err(LinkIdentityError::AlreadyLinked | LinkIdentityError::NotFound) => None,
                        Err(LinkIdentityError::Unknown(e)) => return Err(e.into()),
                    }
                }
                // Someone opened an account with this address without proving it; its proven owner takes it over.
                Some(unproven) if proven && !unproven.email_verified => {
                    let owner = self.new_account(identity, request, &email, proven)?;
                    match self.store.supersede_and_open(unproven.id, owner).await {
                        Ok(account) => {
                            tracing::warn!(closed = %unproven.id, opened = %account.id, "the proven owner of an address took it over");
                            Some(account)
                        }
                        Err(
                            SupersedeError::Changed
                            | SupersedeError::Open(OpenIdentityAccountError::EmailTaken | OpenIdentityAccountError::IdentityTaken),
                        ) => None,
                        Err(SupersedeError::Open(OpenIdentityAccountError::Unknown(e))) => return Err(e.into()),
                    }
                }
                Some(_) => return Err(OpenSessionError::EmailTaken),
            };
            if let Some(account) = outcome {
                return Ok(account);
            }
            // A concurrent session opening changed these accounts: look again.
        }
        Err(anyhow::anyhow!("the accounts for an identity kept changing during a session opening").into())
    }

    fn new_account(
        &self,
        identity: &VerifiedIdentity,
        request: &SessionRequest,
        email: &Email,
        proven: bool,
    ) -> Result<NewIdentityAccount, OpenSessionError> {
        let typed = request.name.as_deref().filter(|n| !n.trim().is_empty());
        let from_token = identity.name.as_deref().filter(|n| !n.trim().is_empty());
        let name = match typed.or(from_token) {
            Some(name) => PersonName::parse(name).map_err(|e| OpenSessionError::InvalidName(e.to_string()))?,
            None => PersonName::parse(email.local_part()).map_err(|e| OpenSessionError::InvalidName(e.to_string()))?,
        };
        let requested = match request.role.unwrap_or_default() {
            RequestedRole::Buyer => AccountRole::Buyer,
            RequestedRole::Seller => AccountRole::Seller,
        };
        Ok(NewIdentityAccount {
            firebase_uid: identity.uid.clone(),
            name,
            email: email.clone(),
            email_verified: proven,
            role: self.role_for(requested, email, proven),
        })
    }

    /// `None` when a concurrent first sign-in of the same identity or address won: the caller looks again.
    async fn open_new(
        &self,
        identity: &VerifiedIdentity,
        request: &SessionRequest,
        email: &Email,
        proven: bool,
    ) -> Result<Option<Account>, OpenSessionError> {
        match self.store.open_identity_account(self.new_account(identity, request, email, proven)?).await {
            Ok(account) => Ok(Some(account)),
            Err(OpenIdentityAccountError::EmailTaken | OpenIdentityAccountError::IdentityTaken) => Ok(None),
            Err(OpenIdentityAccountError::Unknown(e)) => Err(e.into()),
        }
    }

    async fn admit(&self, account: Account, email: &Email, proven: bool) -> Result<Account, OpenSessionError> {
        if account.is_closed() {
            return Err(OpenSessionError::AccountDeleted);
        }
        // A sign-in proves the account's address only if it is that address (Firebase lets a user change theirs).
        let proven = proven && account.email == *email;
        let role = self.role_for(account.role, &account.email, proven);
        if role == account.role && (account.email_verified || !proven) {
            return Ok(account);
        }
        if role != account.role {
            tracing::info!(account = %account.id, from = %account.role, to = %role, "role changed at sign-in");
        }
        self.store.record_sign_in(account.id, role, proven).await?.ok_or(OpenSessionError::AccountDeleted)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::time::Duration;

    use async_trait::async_trait;
    use puronoboi_domain::ClosedReason;
    use puronoboi_fixtures::accounts::{InMemoryAccounts, account_store_contract};

    use super::*;
    use crate::tokens::SessionSecret;

    /// Identity tokens are names of identities set up by the test.
    #[derive(Default)]
    struct FakeVerifier(std::sync::Mutex<HashMap<String, VerifiedIdentity>>);

    impl FakeVerifier {
        fn add(&self, token: &str, uid: &str, email: &str, verified: bool, provider: &str) {
            let identity = VerifiedIdentity {
                uid: uid.into(),
                email: Some(email.into()),
                email_verified: verified,
                name: Some("Token Name".into()),
                picture: None,
                sign_in_provider: Some(provider.into()),
            };
            self.0.lock().expect("lock").insert(token.into(), identity);
        }
    }

    #[async_trait]
    impl IdentityVerifier for FakeVerifier {
        async fn verify(&self, id_token: &str) -> Result<VerifiedIdentity, VerifyTokenError> {
            self.0.lock().expect("lock").get(id_token).cloned().ok_or_else(|| VerifyTokenError::Rejected("unknown".into()))
        }
    }

    fn sessions(store: &Arc<InMemoryAccounts>, verifier: &Arc<FakeVerifier>) -> Sessions {
        let secret = SessionSecret::parse(&"0f1e2d3c4b5a6978".repeat(4)).expect("a secret");
        let tokens = AccessTokens::new(&secret, Duration::from_secs(900)).expect("tokens");
        let admins = [Email::parse("Admin@Puronoboi.test").expect("an e-mail")];
        Sessions::new(Arc::clone(verifier) as Arc<dyn IdentityVerifier>, Arc::clone(store) as Arc<dyn AccountStore>, tokens, admins)
    }

    fn setup() -> (Arc<InMemoryAccounts>, Arc<FakeVerifier>, Sessions) {
        let store = Arc::new(InMemoryAccounts::default());
        let verifier = Arc::new(FakeVerifier::default());
        let sessions = sessions(&store, &verifier);
        (store, verifier, sessions)
    }

    fn seller(name: &str) -> SessionRequest {
        SessionRequest { name: Some(name.into()), role: Some(RequestedRole::Seller) }
    }

    #[tokio::test]
    async fn the_in_memory_fake_keeps_the_account_store_contract() {
        account_store_contract(&InMemoryAccounts::default()).await;
    }

    #[tokio::test]
    async fn a_first_session_opens_a_buyer_unless_a_seller_was_asked_for_and_the_role_is_chosen_once() {
        let (_, verifier, sessions) = setup();
        verifier.add("b", "u1", "b@x.test", false, "password");
        verifier.add("s", "u2", "s@x.test", false, "password");
        let buyer = sessions.open("b", SessionRequest::default()).await.expect("opens").account;
        assert_eq!((buyer.role, buyer.name.as_str(), buyer.verified), (AccountRole::Buyer, "Token Name", false));
        let nusrat = sessions.open("s", seller(" Nusrat ")).await.expect("opens").account;
        assert_eq!((nusrat.role, nusrat.name.as_str(), nusrat.email.as_str()), (AccountRole::Seller, "Nusrat", "s@x.test"));
        let again = sessions.open("b", seller("Someone")).await.expect("opens").account;
        assert_eq!((again.id, again.role), (buyer.id, AccountRole::Buyer), "a buyer cannot turn seller by asking again");
    }

    #[tokio::test]
    async fn admin_needs_a_listed_address_proven_by_this_very_sign_in() {
        let (_, verifier, sessions) = setup();
        verifier.add("typed", "u1", "admin@puronoboi.test", false, "password");
        verifier.add("facebook", "u1", "admin@puronoboi.test", true, "facebook.com");
        verifier.add("google", "u1", "ADMIN@puronoboi.test", true, "google.com");
        let squatter = sessions.open("typed", seller("x")).await.expect("opens");
        assert_eq!(squatter.account.role, AccountRole::Seller, "an unproven claim on the admin address is not an admin");
        assert_eq!(sessions.open("facebook", SessionRequest::default()).await.expect("opens").account.role, AccountRole::Seller);
        let admin = sessions.open("google", SessionRequest::default()).await.expect("opens");
        assert_eq!((admin.account.id, admin.account.role), (squatter.account.id, AccountRole::Admin));
        assert!(matches!(sessions.authenticate(&squatter.token.token).await, Err(AuthError::TokenRevoked)), "older tokens die");
        assert_eq!(sessions.authenticate(&admin.token.token).await.expect("current").role, AccountRole::Admin);

        // The next sign-in that proves nothing is not an admin session.
        let demoted = sessions.open("facebook", SessionRequest::default()).await.expect("opens");
        assert_eq!(demoted.account.role, AccountRole::Buyer);
        assert!(matches!(sessions.authenticate(&admin.token.token).await, Err(AuthError::TokenRevoked)));
    }

    #[tokio::test]
    async fn a_closed_address_stays_closed_for_every_identity_but_a_superseded_one_frees_it() {
        let (store, verifier, sessions) = setup();
        verifier.add("gone", "u1", "gone@x.test", true, "password");
        verifier.add("gone-again", "u2", "Gone@X.test", true, "google.com");
        let gone = sessions.open("gone", SessionRequest::default()).await.expect("opens");
        store.close_account(gone.account.id, ClosedReason::DeletedByAdmin).await.expect("ok");
        assert!(matches!(sessions.open("gone", SessionRequest::default()).await, Err(OpenSessionError::AccountDeleted)));
        assert!(matches!(sessions.open("gone-again", SessionRequest::default()).await, Err(OpenSessionError::AccountDeleted)));
        assert!(matches!(sessions.authenticate(&gone.token.token).await, Err(AuthError::AccountDeleted)));

        verifier.add("squat", "s1", "prize@x.test", false, "password");
        verifier.add("owner", "o1", "prize@x.test", true, "google.com");
        let squatter = sessions.open("squat", seller("Squatter")).await.expect("opens");
        let owner = sessions.open("owner", SessionRequest::default()).await.expect("takes over");
        assert_ne!(owner.account.id, squatter.account.id);
        assert!(owner.account.email_verified);
        assert!(matches!(sessions.authenticate(&squatter.token.token).await, Err(AuthError::AccountDeleted)));
        assert!(matches!(sessions.open("squat", SessionRequest::default()).await, Err(OpenSessionError::AccountDeleted)));
        assert_eq!(sessions.open("owner", SessionRequest::default()).await.expect("again").account.id, owner.account.id);
    }

    #[tokio::test]
    async fn unproven_identities_never_take_an_address_someone_else_holds() {
        let (store, verifier, sessions) = setup();
        let seeded = store.seed("rahim@x.test", None, AccountRole::Seller);
        verifier.add("impostor", "bad", "rahim@x.test", false, "password");
        verifier.add("facebook", "fb", "rahim@x.test", true, "facebook.com");
        verifier.add("owner", "rahim", "rahim@x.test", true, "password");
        verifier.add("second", "other", "rahim@x.test", true, "google.com");
        assert!(matches!(sessions.open("impostor", SessionRequest::default()).await, Err(OpenSessionError::EmailTaken)));
        assert!(matches!(sessions.open("facebook", SessionRequest::default()).await, Err(OpenSessionError::EmailTaken)));
        let owner = sessions.open("owner", SessionRequest::default()).await.expect("claims the seeded account").account;
        assert_eq!(
            (owner.id, owner.role, owner.firebase_uid.as_deref(), owner.email_verified),
            (seeded, AccountRole::Seller, Some("rahim"), true)
        );
        assert!(
            matches!(sessions.open("second", SessionRequest::default()).await, Err(OpenSessionError::EmailTaken)),
            "a proven holder keeps it"
        );
    }

    #[tokio::test]
    async fn logout_revokes_every_token_and_bad_tokens_are_told_apart() {
        let (_, verifier, sessions) = setup();
        verifier.add("t", "u1", "a@x.test", false, "password");
        let first = sessions.open("t", SessionRequest::default()).await.expect("opens");
        let second = sessions.open("t", SessionRequest::default()).await.expect("opens");
        sessions.end_all(first.account.id).await.expect("logs out");
        for token in [&first.token.token, &second.token.token] {
            assert!(matches!(sessions.authenticate(token).await, Err(AuthError::TokenRevoked)));
        }
        assert!(matches!(sessions.authenticate("nonsense").await, Err(AuthError::Unauthenticated)));
        assert!(matches!(sessions.open("not-a-token", SessionRequest::default()).await, Err(OpenSessionError::IdentityRejected(_))));
    }

    #[tokio::test]
    async fn an_identity_without_email_or_with_an_overlong_name_is_refused() {
        let (_, verifier, sessions) = setup();
        verifier.add("t", "u1", "not an address", true, "password");
        assert!(matches!(sessions.open("t", SessionRequest::default()).await, Err(OpenSessionError::NoEmail)));
        verifier.add("long", "u2", "x@x.test", true, "password");
        let long = SessionRequest { name: Some("n".repeat(121)), role: None };
        assert!(matches!(sessions.open("long", long).await, Err(OpenSessionError::InvalidName(_))));
    }
}
