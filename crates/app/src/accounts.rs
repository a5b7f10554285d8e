//! Signing in: which account an identity opens, with which role, and who is still allowed in.

use std::collections::HashSet;
use std::sync::Arc;

use puronoboi_domain::{AccountId, AccountRole, RequiredText};
use puronoboi_ports::{
    Account, AccountStore, LinkIdentityError, NewIdentityAccount, OpenIdentityAccountError, StoreError, VerifiedIdentity,
};

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
    /// The account was deleted (or the person behind the e-mail was removed): no way back in.
    #[error("Forbidden Access")]
    Forbidden,
    #[error("the identity carries no e-mail address")]
    NoEmail,
    #[error("invalid name: {0}")]
    InvalidName(String),
    /// Another identity already owns an account with this e-mail.
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
pub enum CallerError {
    /// Unknown or deleted account.
    #[error("Forbidden Access")]
    Forbidden,
    #[error(transparent)]
    Unknown(#[from] StoreError),
}

#[derive(Clone)]
pub struct Accounts {
    store: Arc<dyn AccountStore>,
    /// Lower-cased e-mails that are admins, from configuration.
    admin_emails: Arc<HashSet<String>>,
}

impl Accounts {
    pub const MAX_NAME_CHARS: usize = 120;

    pub fn new(store: Arc<dyn AccountStore>, admin_emails: impl IntoIterator<Item = String>) -> Self {
        let admin_emails = admin_emails.into_iter().map(|e| e.trim().to_lowercase()).filter(|e| !e.is_empty()).collect();
        Self { store, admin_emails: Arc::new(admin_emails) }
    }

    /// An identity is an admin only with a verified e-mail on the configured list: anyone can type an address into
    /// a sign-up form, only its owner can verify it.
    fn is_admin(&self, identity: &VerifiedIdentity) -> bool {
        identity.email_verified && identity.email.as_ref().is_some_and(|e| self.admin_emails.contains(&e.to_lowercase()))
    }

    /// Finds or opens the account a verified identity signs in to.
    pub async fn open_session(&self, identity: &VerifiedIdentity, request: SessionRequest) -> Result<Account, OpenSessionError> {
        if let Some(account) = self.store.account_by_firebase_uid(&identity.uid).await? {
            return self.admit(account, identity).await;
        }

        let email = identity.email.as_deref().map(str::trim).filter(|e| !e.is_empty()).ok_or(OpenSessionError::NoEmail)?;
        let known = self.store.accounts_by_email(email).await?;
        if known.iter().any(Account::is_deleted) {
            return Err(OpenSessionError::Forbidden);
        }
        if let Some(existing) = known.into_iter().find(|a| !a.is_deleted()) {
            // A seeded account waits for its owner; only the verified owner of the e-mail may claim it.
            if existing.firebase_uid.is_none() && identity.email_verified {
                return match self.store.link_identity(existing.id, &identity.uid).await {
                    Ok(account) => self.admit(account, identity).await,
                    Err(LinkIdentityError::AlreadyLinked) => self.retry_by_uid(identity).await,
                    Err(LinkIdentityError::NotFound) => Err(OpenSessionError::EmailTaken),
                    Err(LinkIdentityError::Unknown(e)) => Err(e.into()),
                };
            }
            return Err(OpenSessionError::EmailTaken);
        }

        let name = match request.name.as_deref().filter(|n| !n.trim().is_empty()).or(identity.name.as_deref()) {
            Some(name) => RequiredText::parse(name, Self::MAX_NAME_CHARS).map_err(|e| OpenSessionError::InvalidName(e.to_string()))?,
            None => RequiredText::parse(email.split('@').next().unwrap_or(email), Self::MAX_NAME_CHARS)
                .map_err(|e| OpenSessionError::InvalidName(e.to_string()))?,
        };
        let role = if self.is_admin(identity) {
            AccountRole::Admin
        } else {
            match request.role.unwrap_or_default() {
                RequestedRole::Buyer => AccountRole::Buyer,
                RequestedRole::Seller => AccountRole::Seller,
            }
        };
        let opened = self
            .store
            .open_identity_account(NewIdentityAccount {
                firebase_uid: identity.uid.clone(),
                name: name.into_inner(),
                email: email.to_owned(),
                role,
            })
            .await;
        match opened {
            Ok(account) => Ok(account),
            Err(OpenIdentityAccountError::EmailTaken) => Err(OpenSessionError::EmailTaken),
            // Two first sign-ins of one identity raced; the other one opened the account.
            Err(OpenIdentityAccountError::IdentityTaken) => self.retry_by_uid(identity).await,
            Err(OpenIdentityAccountError::Unknown(e)) => Err(e.into()),
        }
    }

    async fn retry_by_uid(&self, identity: &VerifiedIdentity) -> Result<Account, OpenSessionError> {
        match self.store.account_by_firebase_uid(&identity.uid).await? {
            Some(account) => self.admit(account, identity).await,
            None => Err(anyhow::anyhow!("an identity was linked concurrently but cannot be found").into()),
        }
    }

    async fn admit(&self, account: Account, identity: &VerifiedIdentity) -> Result<Account, OpenSessionError> {
        if account.is_deleted() {
            return Err(OpenSessionError::Forbidden);
        }
        if account.role != AccountRole::Admin && self.is_admin(identity) {
            return Ok(self.store.promote_to_admin(account.id).await?);
        }
        Ok(account)
    }

    /// The live account behind an access token. Unknown and deleted accounts are refused on every call.
    pub async fn caller(&self, id: AccountId) -> Result<Account, CallerError> {
        match self.store.account_by_id(id).await? {
            Some(account) if !account.is_deleted() => Ok(account),
            _ => Err(CallerError::Forbidden),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use async_trait::async_trait;
    use chrono::Utc;

    use super::*;

    /// An in-memory AccountStore with the same uniqueness rules as the database.
    #[derive(Default)]
    struct FakeStore {
        accounts: Mutex<Vec<Account>>,
    }

    impl FakeStore {
        fn seed(&self, email: &str, uid: Option<&str>, role: AccountRole, deleted: bool) -> AccountId {
            let account = Account {
                id: AccountId::new(),
                firebase_uid: uid.map(str::to_owned),
                name: "Seeded".into(),
                email: email.into(),
                role,
                verified: false,
                photo_url: None,
                created_at: Utc::now(),
                deleted_at: deleted.then(Utc::now),
            };
            let id = account.id;
            self.accounts.lock().expect("lock").push(account);
            id
        }

        fn update(&self, id: AccountId, change: impl FnOnce(&mut Account)) -> Option<Account> {
            let mut accounts = self.accounts.lock().expect("lock");
            let account = accounts.iter_mut().find(|a| a.id == id)?;
            change(account);
            Some(account.clone())
        }
    }

    #[async_trait]
    impl AccountStore for FakeStore {
        async fn account_by_id(&self, id: AccountId) -> Result<Option<Account>, StoreError> {
            Ok(self.accounts.lock().expect("lock").iter().find(|a| a.id == id).cloned())
        }
        async fn account_by_firebase_uid(&self, uid: &str) -> Result<Option<Account>, StoreError> {
            Ok(self.accounts.lock().expect("lock").iter().find(|a| a.firebase_uid.as_deref() == Some(uid)).cloned())
        }
        async fn accounts_by_email(&self, email: &str) -> Result<Vec<Account>, StoreError> {
            Ok(self.accounts.lock().expect("lock").iter().filter(|a| a.email.eq_ignore_ascii_case(email)).cloned().collect())
        }
        async fn open_identity_account(&self, new: NewIdentityAccount) -> Result<Account, OpenIdentityAccountError> {
            let mut accounts = self.accounts.lock().expect("lock");
            if accounts.iter().any(|a| !a.is_deleted() && a.email.eq_ignore_ascii_case(&new.email)) {
                return Err(OpenIdentityAccountError::EmailTaken);
            }
            if accounts.iter().any(|a| a.firebase_uid.as_deref() == Some(new.firebase_uid.as_str())) {
                return Err(OpenIdentityAccountError::IdentityTaken);
            }
            let account = Account {
                id: AccountId::new(),
                firebase_uid: Some(new.firebase_uid),
                name: new.name,
                email: new.email,
                role: new.role,
                verified: false,
                photo_url: None,
                created_at: Utc::now(),
                deleted_at: None,
            };
            accounts.push(account.clone());
            Ok(account)
        }
        async fn link_identity(&self, id: AccountId, uid: &str) -> Result<Account, LinkIdentityError> {
            self.update(id, |a| a.firebase_uid = Some(uid.to_owned())).ok_or(LinkIdentityError::NotFound)
        }
        async fn promote_to_admin(&self, id: AccountId) -> Result<Account, StoreError> {
            self.update(id, |a| a.role = AccountRole::Admin).ok_or_else(|| anyhow::anyhow!("missing").into())
        }
        async fn set_photo_url(&self, id: AccountId, url: &str) -> Result<Account, StoreError> {
            self.update(id, |a| a.photo_url = Some(url.to_owned())).ok_or_else(|| anyhow::anyhow!("missing").into())
        }
    }

    fn identity(uid: &str, email: &str, verified: bool) -> VerifiedIdentity {
        VerifiedIdentity {
            uid: uid.into(),
            email: Some(email.into()),
            email_verified: verified,
            name: Some("Token Name".into()),
            picture: None,
            sign_in_provider: Some("password".into()),
        }
    }

    fn service(store: &Arc<FakeStore>) -> Accounts {
        Accounts::new(Arc::clone(store) as Arc<dyn AccountStore>, ["Admin@Puronoboi.test".to_owned()])
    }

    fn seller_request(name: &str) -> SessionRequest {
        SessionRequest { name: Some(name.into()), role: Some(RequestedRole::Seller) }
    }

    #[tokio::test]
    async fn a_first_session_opens_a_buyer_account_unless_a_seller_was_asked_for() {
        let store = Arc::new(FakeStore::default());
        let accounts = service(&store);
        let buyer = accounts.open_session(&identity("u1", "b@x.test", false), SessionRequest::default()).await.expect("opens");
        assert_eq!((buyer.role, buyer.name.as_str(), buyer.verified), (AccountRole::Buyer, "Token Name", false));
        let seller = accounts.open_session(&identity("u2", "s@x.test", false), seller_request(" Nusrat ")).await.expect("opens");
        assert_eq!((seller.role, seller.name.as_str(), seller.email.as_str()), (AccountRole::Seller, "Nusrat", "s@x.test"));
    }

    #[tokio::test]
    async fn the_role_is_chosen_only_the_first_time() {
        let store = Arc::new(FakeStore::default());
        let accounts = service(&store);
        let first = accounts.open_session(&identity("u1", "b@x.test", false), SessionRequest::default()).await.expect("opens");
        let again = accounts.open_session(&identity("u1", "b@x.test", false), seller_request("Someone")).await.expect("opens");
        assert_eq!((again.id, again.role), (first.id, AccountRole::Buyer), "a buyer cannot turn seller by asking again");
    }

    #[tokio::test]
    async fn admins_come_from_configuration_and_only_with_a_verified_email() {
        let store = Arc::new(FakeStore::default());
        let accounts = service(&store);
        let squatter = accounts.open_session(&identity("u1", "admin@puronoboi.test", false), seller_request("x")).await.expect("opens");
        assert_eq!(squatter.role, AccountRole::Seller, "an unverified claim on the admin address is not an admin");

        let store = Arc::new(FakeStore::default());
        let accounts = service(&store);
        let admin = accounts.open_session(&identity("u1", "ADMIN@puronoboi.test", true), SessionRequest::default()).await.expect("opens");
        assert_eq!(admin.role, AccountRole::Admin);
    }

    #[tokio::test]
    async fn an_existing_account_on_the_admin_list_is_promoted_at_its_next_session() {
        let store = Arc::new(FakeStore::default());
        store.seed("admin@puronoboi.test", Some("u1"), AccountRole::Buyer, false);
        let account = service(&store).open_session(&identity("u1", "admin@puronoboi.test", true), SessionRequest::default()).await;
        assert_eq!(account.expect("opens").role, AccountRole::Admin);
    }

    #[tokio::test]
    async fn a_deleted_account_is_forbidden_and_cannot_return_under_a_new_identity() {
        let store = Arc::new(FakeStore::default());
        store.seed("gone@x.test", Some("u1"), AccountRole::Seller, true);
        let accounts = service(&store);
        let same = accounts.open_session(&identity("u1", "gone@x.test", true), SessionRequest::default()).await;
        assert!(matches!(same, Err(OpenSessionError::Forbidden)), "{same:?}");
        let fresh = accounts.open_session(&identity("u2", "Gone@X.test", true), SessionRequest::default()).await;
        assert!(matches!(fresh, Err(OpenSessionError::Forbidden)), "{fresh:?}");
    }

    #[tokio::test]
    async fn a_seeded_account_is_claimed_only_by_the_verified_owner_of_its_email() {
        let store = Arc::new(FakeStore::default());
        let seeded = store.seed("rahim@x.test", None, AccountRole::Seller, false);
        let accounts = service(&store);
        let impostor = accounts.open_session(&identity("u-bad", "rahim@x.test", false), SessionRequest::default()).await;
        assert!(matches!(impostor, Err(OpenSessionError::EmailTaken)), "{impostor:?}");
        let owner = accounts.open_session(&identity("u-rahim", "rahim@x.test", true), SessionRequest::default()).await.expect("claims");
        assert_eq!((owner.id, owner.role, owner.firebase_uid.as_deref()), (seeded, AccountRole::Seller, Some("u-rahim")));
    }

    #[tokio::test]
    async fn a_second_identity_cannot_take_a_linked_accounts_email() {
        let store = Arc::new(FakeStore::default());
        store.seed("taken@x.test", Some("u1"), AccountRole::Buyer, false);
        let other = service(&store).open_session(&identity("u2", "taken@x.test", true), SessionRequest::default()).await;
        assert!(matches!(other, Err(OpenSessionError::EmailTaken)), "{other:?}");
    }

    #[tokio::test]
    async fn an_identity_without_email_or_with_an_overlong_name_is_refused() {
        let store = Arc::new(FakeStore::default());
        let accounts = service(&store);
        let mut no_email = identity("u1", "x@x.test", true);
        no_email.email = None;
        assert!(matches!(accounts.open_session(&no_email, SessionRequest::default()).await, Err(OpenSessionError::NoEmail)));
        let long = SessionRequest { name: Some("n".repeat(121)), role: None };
        assert!(matches!(accounts.open_session(&identity("u1", "x@x.test", true), long).await, Err(OpenSessionError::InvalidName(_))));
    }

    #[tokio::test]
    async fn callers_must_be_live_accounts() {
        let store = Arc::new(FakeStore::default());
        let live = store.seed("a@x.test", Some("u1"), AccountRole::Buyer, false);
        let deleted = store.seed("b@x.test", Some("u2"), AccountRole::Buyer, true);
        let accounts = service(&store);
        assert_eq!(accounts.caller(live).await.expect("live").id, live);
        assert!(matches!(accounts.caller(deleted).await, Err(CallerError::Forbidden)));
        assert!(matches!(accounts.caller(AccountId::new()).await, Err(CallerError::Forbidden)));
    }
}
