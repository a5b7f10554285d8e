//! What an account holder sets about themselves beyond the photo: the language they read the marketplace in.

use std::sync::Arc;

use puronoboi_domain::{Account, AccountId, Language};
use puronoboi_ports::{AccountStore, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// The account was closed before the change reached it.
    #[error("the account is closed")]
    AccountClosed,
    #[error(transparent)]
    Unknown(#[from] StoreError),
}

pub struct Profiles {
    accounts: Arc<dyn AccountStore>,
}

impl Profiles {
    pub fn new(accounts: Arc<dyn AccountStore>) -> Self {
        Self { accounts }
    }

    /// Keeps the language the holder reads in on the account, so that every device they sign in on follows it (and
    /// the messages sent to them are written in it).
    pub async fn set_language(&self, account: AccountId, language: Language) -> Result<Account, ProfileError> {
        self.accounts.set_language(account, language).await?.ok_or(ProfileError::AccountClosed)
    }
}

#[cfg(test)]
mod tests {
    use puronoboi_domain::AccountRole;
    use puronoboi_fakes::accounts::{InMemoryAccounts, new_account};

    use super::*;

    #[tokio::test]
    async fn the_language_is_kept_on_the_account_and_a_closed_account_keeps_nothing() {
        let accounts = Arc::new(InMemoryAccounts::default());
        let profiles = Profiles::new(accounts.clone());
        let open =
            accounts.open_identity_account(new_account("lang", "lang@example.test", true, AccountRole::Buyer)).await.expect("opened");
        assert_eq!(open.language, None, "no language until the holder chooses");

        let chosen = profiles.set_language(open.id, Language::Bangla).await.expect("set");
        assert_eq!(chosen.language, Some(Language::Bangla));
        let stored = accounts.account_by_id(open.id).await.expect("read").expect("there");
        assert_eq!(stored.language, Some(Language::Bangla));

        accounts.close_account(open.id, puronoboi_domain::ClosedReason::DeletedByAdmin).await.expect("closed");
        let refused = profiles.set_language(open.id, Language::English).await;
        assert!(matches!(refused, Err(ProfileError::AccountClosed)), "{refused:?}");
    }
}
