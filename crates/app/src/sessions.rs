//! Opening a session, and who is still allowed in on every later call.
//!
//! Opening a session is one operation: verify the identity token, decide the account and its role, issue our
//! access token. The rules it keeps:
//! - An address counts as proven only from a sign-in that proves it (a verified password sign-in, or Google).
//!   Unproven addresses may buy and sell, but never become admin, never take over an account someone else opened,
//!   and never block the real owner: the owner's proven sign-in wins the address.
//! - Admin is decided at every session opening: a proven sign-in with an address in `ADMIN_EMAILS`. Anything else
//!   that was admin becomes a buyer.
//! - An address an admin deleted stays refused, whatever identity comes with it, if the closed account had proved
//!   it. If it had not, whoever held it was not known to be the owner, so the owner's proven sign-in opens a fresh
//!   account (an unproven one is still refused).
//! - Every change of role, the first proof of an address and a logout move the account's session generation on,
//!   revoking every access token issued before.
//! - A logout, a closure and the first proof of an address also end the identity's sign-ins: an identity token
//!   whose holder signed in (`auth_time`) before that instant opens no session (`SignInAgain`), however recently
//!   Firebase refreshed it. Where an identity admin is configured, the provider's refresh tokens are revoked too.

use std::collections::HashSet;
use std::sync::Arc;

use chrono::Utc;
use puronoboi_domain::{Account, AccountRole, Email, FieldError, PersonName, sessions_end_instant};
use puronoboi_ports::{
    AccountStore, IdentityVerifier, LinkIdentityError, NewIdentityAccount, OpenIdentityAccountError, StoreError, SupersedeError,
    VerifiedIdentity, VerifyTokenError,
};

use crate::revocation::SignInRevoker;
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
    /// The identity token comes from a sign-in made before the account's sign-ins were ended (a logout, a closure,
    /// the address proven by its owner): only a fresh sign-in opens a session.
    #[error("this sign-in has ended; sign in again")]
    SignInAgain,
    #[error("the identity carries no usable e-mail address")]
    NoEmail,
    /// The name (as sent, or taken from the identity) breaks the rules of a [`PersonName`].
    #[error("invalid name: {0}")]
    InvalidName(FieldError),
    /// Another account holds this address and this sign-in cannot win it.
    #[error("an account with this e-mail already exists")]
    EmailTaken,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

puronoboi_ports::unknown_from_store_error!(OpenSessionError);

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
    revoker: SignInRevoker,
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
        Self {
            verifier,
            store,
            tokens: Arc::new(tokens),
            admin_emails: Arc::new(admin_emails.into_iter().collect()),
            revoker: SignInRevoker::default(),
        }
    }

    /// Also revokes the provider's refresh tokens when sign-ins end (logout, an address taken over).
    #[must_use]
    pub fn with_revoker(mut self, revoker: SignInRevoker) -> Self {
        self.revoker = revoker;
        self
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

    /// Logout: every access token of the account stops working, and so does every identity token from a sign-in
    /// before now (on any device). Answers only once the end instant (the next whole second, the granularity of
    /// `auth_time`) has passed, so that the person's next sign-in is never mistaken for one from before.
    pub async fn end_all(&self, account: &Account) -> Result<(), StoreError> {
        let ended_at = sessions_end_instant(Utc::now());
        self.store.end_sessions(account.id, ended_at).await?;
        tokio::time::sleep((ended_at - Utc::now()).to_std().unwrap_or_default()).await;
        // After the wait: the provider revokes by the second too, so every refresh token issued up to the end
        // instant is covered, and none issued after the answer.
        self.revoker.revoke(account.firebase_uid.as_deref()).await;
        Ok(())
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
            // An address an admin closed stays closed, unless the closed account never proved it and this sign-in does.
            let closed_by_admin: Vec<&Account> = known.iter().filter(|a| a.is_deleted_by_admin()).collect();
            if closed_by_admin.iter().any(|a| !a.frees_address_for_proven_owner()) || (!proven && !closed_by_admin.is_empty()) {
                return Err(OpenSessionError::AccountDeleted);
            }
            if let Some(account) = self.store.account_by_firebase_uid(&identity.uid).await? {
                if account.is_closed() {
                    match self.reopen(account, identity, request, &email, proven).await? {
                        Some(account) => return Ok(account),
                        None => continue,
                    }
                }
                if account.sign_in_predates_end(identity.auth_time) {
                    return Err(OpenSessionError::SignInAgain);
                }
                return self.admit(account, &email, proven, identity).await;
            }
            let outcome = match known.into_iter().find(|a| !a.is_closed()) {
                None => self.open_new(identity, request, &email, proven).await?,
                // A seeded account waits for its owner; only the proven owner of the address may claim it.
                Some(seeded) if seeded.firebase_uid.is_none() => {
                    if !proven {
                        return Err(OpenSessionError::EmailTaken);
                    }
                    match self.store.link_identity(seeded.id, &identity.uid).await {
                        Ok(account) => Some(self.admit(account, &email, proven, identity).await?),
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
                            self.revoker.revoke(unproven.firebase_uid.as_deref()).await;
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

    /// The identity's account is closed. The one way back: an admin closed it while its address was unproven, and
    /// this is a fresh, proven sign-in with that address. Firebase links a proven sign-in (Google) to the identity
    /// that used the address unproven, so the address's owner arrives with the squatter's identity; the owner gets a
    /// fresh account, and the squatter's older identity tokens stay refused. `None`: look again.
    async fn reopen(
        &self,
        closed: Account,
        identity: &VerifiedIdentity,
        request: &SessionRequest,
        email: &Email,
        proven: bool,
    ) -> Result<Option<Account>, OpenSessionError> {
        if !closed.frees_address_for_proven_owner() || closed.email != *email {
            return Err(OpenSessionError::AccountDeleted);
        }
        if closed.sign_in_predates_end(identity.auth_time) {
            return Err(OpenSessionError::SignInAgain);
        }
        if !proven {
            return Err(OpenSessionError::AccountDeleted);
        }
        let owner = self.new_account(identity, request, email, proven)?;
        match self.store.reopen_for_proven_owner(closed.id, owner, identity.auth_time).await {
            Ok(account) => {
                tracing::warn!(closed = %closed.id, opened = %account.id, "the proven owner of an address an admin closed opened a fresh account");
                Ok(Some(account))
            }
            // Someone else proved the address since the closure and holds it now.
            Err(SupersedeError::Open(OpenIdentityAccountError::EmailTaken)) => Err(OpenSessionError::EmailTaken),
            Err(SupersedeError::Changed | SupersedeError::Open(OpenIdentityAccountError::IdentityTaken)) => Ok(None),
            Err(SupersedeError::Open(OpenIdentityAccountError::Unknown(e))) => Err(e.into()),
        }
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
            Some(name) => PersonName::parse(name).map_err(|e| OpenSessionError::InvalidName(FieldError::of(&e)))?,
            None => PersonName::parse(email.local_part()).map_err(|e| OpenSessionError::InvalidName(FieldError::of(&e)))?,
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

    async fn admit(&self, account: Account, email: &Email, proven: bool, identity: &VerifiedIdentity) -> Result<Account, OpenSessionError> {
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
        self.store.record_sign_in(account.id, role, proven, identity.auth_time).await?.ok_or(OpenSessionError::AccountDeleted)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::time::Duration;

    use async_trait::async_trait;
    use puronoboi_domain::ClosedReason;
    use puronoboi_fakes::accounts::{InMemoryAccounts, account_store_contract};

    use super::*;
    use crate::tokens::SessionSecret;

    /// Identity tokens are names of identities set up by the test.
    #[derive(Default)]
    struct FakeVerifier(std::sync::Mutex<HashMap<String, VerifiedIdentity>>);

    /// When the tokens of [`FakeVerifier::add`] were signed in: an hour ago, so that anything the test ends now
    /// ends them.
    fn an_hour_ago() -> chrono::DateTime<Utc> {
        let now = Utc::now() - chrono::Duration::hours(1);
        now - chrono::Duration::nanoseconds(i64::from(chrono::Timelike::nanosecond(&now)))
    }

    impl FakeVerifier {
        /// A token from a sign-in an hour ago.
        fn add(&self, token: &str, uid: &str, email: &str, verified: bool, provider: &str) {
            self.add_at(token, uid, email, verified, provider, an_hour_ago());
        }

        /// A token from a sign-in at `auth_time` (whole seconds, as Firebase says it).
        fn add_at(&self, token: &str, uid: &str, email: &str, verified: bool, provider: &str, auth_time: chrono::DateTime<Utc>) {
            let identity = VerifiedIdentity {
                uid: uid.into(),
                email: Some(email.into()),
                email_verified: verified,
                name: Some("Token Name".into()),
                picture: None,
                sign_in_provider: Some(provider.into()),
                auth_time: auth_time - chrono::Duration::nanoseconds(i64::from(chrono::Timelike::nanosecond(&auth_time))),
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
        sessions.end_all(&first.account).await.expect("logs out");
        for token in [&first.token.token, &second.token.token] {
            assert!(matches!(sessions.authenticate(token).await, Err(AuthError::TokenRevoked)));
        }
        assert!(matches!(sessions.authenticate("nonsense").await, Err(AuthError::Unauthenticated)));
        assert!(matches!(sessions.open("not-a-token", SessionRequest::default()).await, Err(OpenSessionError::IdentityRejected(_))));
    }

    #[tokio::test]
    async fn after_logout_only_a_sign_in_made_after_it_opens_a_session() {
        let (_, verifier, sessions) = setup();
        verifier.add("lost-phone", "u1", "a@x.test", false, "password");
        let phone = sessions.open("lost-phone", SessionRequest::default()).await.expect("opens");
        let before = Utc::now();
        sessions.end_all(&phone.account).await.expect("logs out");
        assert!(Utc::now() >= sessions_end_instant(before), "the logout answers once its second is over");

        assert!(matches!(sessions.open("lost-phone", SessionRequest::default()).await, Err(OpenSessionError::SignInAgain)));
        // A sign-in in the very second the logout happened may have been made before it: refused too.
        verifier.add_at("same-second", "u1", "a@x.test", false, "password", before);
        assert!(matches!(sessions.open("same-second", SessionRequest::default()).await, Err(OpenSessionError::SignInAgain)));
        // Any sign-in made after the logout answered is accepted at once.
        verifier.add_at("fresh", "u1", "a@x.test", false, "password", Utc::now());
        let fresh = sessions.open("fresh", SessionRequest::default()).await.expect("a fresh sign-in opens");
        assert_eq!(fresh.account.id, phone.account.id);
        assert!(matches!(sessions.open("lost-phone", SessionRequest::default()).await, Err(OpenSessionError::SignInAgain)), "still");
    }

    /// Records whom it was asked to revoke, and fails every time.
    #[derive(Default)]
    struct FailingIdentityAdmin(std::sync::Mutex<Vec<String>>);

    #[async_trait]
    impl puronoboi_ports::IdentityAdmin for FailingIdentityAdmin {
        async fn revoke_sign_ins(&self, uid: &str) -> Result<(), anyhow::Error> {
            self.0.lock().expect("lock").push(uid.to_owned());
            Err(anyhow::anyhow!("Firebase is unreachable"))
        }
    }

    #[tokio::test]
    async fn a_logout_asks_the_provider_to_revoke_and_succeeds_when_that_fails() {
        let (store, verifier, _) = setup();
        let admin = Arc::new(FailingIdentityAdmin::default());
        let sessions = sessions(&store, &verifier)
            .with_revoker(SignInRevoker::new(Some(Arc::clone(&admin) as Arc<dyn puronoboi_ports::IdentityAdmin>)));
        verifier.add("t", "u1", "a@x.test", false, "password");
        let opened = sessions.open("t", SessionRequest::default()).await.expect("opens");
        sessions.end_all(&opened.account).await.expect("the logout stands though the revocation failed");
        assert_eq!(*admin.0.lock().expect("lock"), vec!["u1".to_owned()]);
        assert!(matches!(sessions.authenticate(&opened.token.token).await, Err(AuthError::TokenRevoked)));
        assert!(matches!(sessions.open("t", SessionRequest::default()).await, Err(OpenSessionError::SignInAgain)));
    }

    #[tokio::test]
    async fn the_first_proof_of_an_address_ends_the_sign_ins_made_before_it() {
        let (_, verifier, sessions) = setup();
        verifier.add("squatter", "u1", "prize@x.test", false, "password");
        let squatter = sessions.open("squatter", seller("Squatter")).await.expect("opens");
        // Firebase links the owner's Google sign-in to the identity the squatter made, and keeps its uid.
        verifier.add_at("owner", "u1", "prize@x.test", true, "google.com", Utc::now());
        let owner = sessions.open("owner", SessionRequest::default()).await.expect("opens");
        assert_eq!((owner.account.id, owner.account.email_verified), (squatter.account.id, true));
        assert!(matches!(sessions.open("squatter", SessionRequest::default()).await, Err(OpenSessionError::SignInAgain)));
        // The squatter's device refreshes tokens that now say the address is verified, with the squatter's sign-in time.
        verifier.add("squatter-refreshed", "u1", "prize@x.test", true, "password");
        assert!(matches!(sessions.open("squatter-refreshed", SessionRequest::default()).await, Err(OpenSessionError::SignInAgain)));
        assert_eq!(sessions.open("owner", SessionRequest::default()).await.expect("again").account.id, owner.account.id);
    }

    #[tokio::test]
    async fn the_proven_owner_gets_a_fresh_account_after_an_admin_closed_an_unproven_one() {
        let (store, verifier, sessions) = setup();
        // The same Firebase identity: the owner's Google sign-in is linked to the one the squatter made.
        verifier.add("squatter", "u1", "prize@x.test", false, "password");
        let squatter = sessions.open("squatter", seller("Squatter")).await.expect("opens");
        store.close_account(squatter.account.id, ClosedReason::DeletedByAdmin).await.expect("ok").expect("was live");
        assert!(matches!(sessions.open("squatter", SessionRequest::default()).await, Err(OpenSessionError::AccountDeleted)));
        // Once Firebase has linked the owner's proven sign-in, the identity's address is verified, and the squatter's
        // device refreshes tokens that say so, still carrying the squatter's sign-in time.
        verifier.add("squatter-refreshed", "u1", "prize@x.test", true, "password");
        assert!(
            matches!(sessions.open("squatter-refreshed", SessionRequest::default()).await, Err(OpenSessionError::SignInAgain)),
            "a proven-looking token from a sign-in before the closure is not a fresh sign-in"
        );

        let after_closure = Utc::now() + chrono::Duration::seconds(2);
        verifier.add_at("owner", "u1", "prize@x.test", true, "google.com", after_closure);
        let owner = sessions.open("owner", SessionRequest::default()).await.expect("a fresh account");
        assert_ne!(owner.account.id, squatter.account.id);
        assert_eq!(
            (owner.account.email.as_str(), owner.account.email_verified, owner.account.role),
            ("prize@x.test", true, AccountRole::Buyer)
        );
        assert_eq!(sessions.open("owner", SessionRequest::default()).await.expect("again").account.id, owner.account.id);
        assert!(matches!(sessions.open("squatter", SessionRequest::default()).await, Err(OpenSessionError::AccountDeleted)));
        assert!(matches!(sessions.open("squatter-refreshed", SessionRequest::default()).await, Err(OpenSessionError::SignInAgain)));
        assert!(matches!(sessions.authenticate(&squatter.token.token).await, Err(AuthError::AccountDeleted)));

        // Another identity: the owner gets a fresh account; the squatter's identity and unproven ones stay refused.
        verifier.add("squatter-2", "s2", "other@x.test", false, "password");
        let second = sessions.open("squatter-2", seller("Squatter")).await.expect("opens");
        store.close_account(second.account.id, ClosedReason::DeletedByAdmin).await.expect("ok").expect("was live");
        verifier.add("unproven", "s3", "other@x.test", false, "password");
        verifier.add("facebook", "s4", "other@x.test", true, "facebook.com");
        verifier.add("owner-2", "o2", "other@x.test", true, "password");
        for refused in ["squatter-2", "unproven", "facebook"] {
            assert!(matches!(sessions.open(refused, SessionRequest::default()).await, Err(OpenSessionError::AccountDeleted)), "{refused}");
        }
        let owner = sessions.open("owner-2", SessionRequest::default()).await.expect("a fresh account");
        assert_ne!(owner.account.id, second.account.id);
        assert!(matches!(sessions.open("squatter-2", SessionRequest::default()).await, Err(OpenSessionError::AccountDeleted)));
    }

    #[tokio::test]
    async fn an_address_whose_proven_account_an_admin_closed_stays_refused() {
        let (store, verifier, sessions) = setup();
        verifier.add("owner", "u1", "gone@x.test", true, "google.com");
        let gone = sessions.open("owner", SessionRequest::default()).await.expect("opens");
        store.close_account(gone.account.id, ClosedReason::DeletedByAdmin).await.expect("ok").expect("was live");
        verifier.add_at("fresh", "u1", "gone@x.test", true, "google.com", Utc::now() + chrono::Duration::seconds(2));
        verifier.add_at("other", "u2", "gone@x.test", true, "password", Utc::now() + chrono::Duration::seconds(2));
        for refused in ["owner", "fresh", "other"] {
            assert!(matches!(sessions.open(refused, SessionRequest::default()).await, Err(OpenSessionError::AccountDeleted)), "{refused}");
        }
    }

    #[tokio::test]
    async fn an_identity_without_email_or_with_an_overlong_name_is_refused() {
        let (_, verifier, sessions) = setup();
        verifier.add("t", "u1", "not an address", true, "password");
        assert!(matches!(sessions.open("t", SessionRequest::default()).await, Err(OpenSessionError::NoEmail)));
        verifier.add("long", "u2", "x@x.test", true, "password");
        let long = SessionRequest { name: Some("n".repeat(121)), role: None };
        let refused = sessions.open("long", long).await;
        let Err(OpenSessionError::InvalidName(error)) = refused else { panic!("expected InvalidName") };
        assert_eq!(error.reason(), puronoboi_domain::FieldReason::TooLong { limit: 120 });
    }
}
