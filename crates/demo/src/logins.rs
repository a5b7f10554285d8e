//! Demo sign-ins for the embedded default: one admin, the demo sellers and two buyers, all with one known password.

use anyhow::Context as _;
use puronoboi_domain::{AccountRole, Email, PersonName};
use puronoboi_ports::{AccountStore, DemoIdentities, DemoLogin, LinkIdentityError, NewIdentityAccount, OpenIdentityAccountError};

use crate::catalogue::SELLERS;

/// Printed at start-up; the demo exists only on the local emulator.
pub const DEMO_PASSWORD: &str = "puronoboi-demo";
pub const DEMO_ADMIN_EMAIL: &str = "admin@puronoboi.test";

const BUYERS: [(&str, &str); 2] = [("Farhana Akter", "farhana@puronoboi.test"), ("Karim Hossain", "karim@puronoboi.test")];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoAccount {
    pub email: String,
    pub name: String,
    pub role: AccountRole,
    pub verified: bool,
}

/// Every demo sign-in, admin first.
pub fn demo_accounts() -> Vec<DemoAccount> {
    let admin = DemoAccount { email: DEMO_ADMIN_EMAIL.into(), name: "Puronoboi Admin".into(), role: AccountRole::Admin, verified: false };
    let sellers =
        SELLERS.iter().map(|s| DemoAccount { email: s.email.into(), name: s.name.into(), role: AccountRole::Seller, verified: s.verified });
    let buyers = BUYERS.iter().map(|(name, email)| DemoAccount {
        email: (*email).into(),
        name: (*name).into(),
        role: AccountRole::Buyer,
        verified: false,
    });
    std::iter::once(admin).chain(sellers).chain(buyers).collect()
}

/// Makes sure every demo account can sign in: its identity exists on the emulator and is linked to its account.
/// Idempotent; run at every start of the embedded default. Sellers must be seeded first (the catalogue seed).
pub async fn provision_demo_logins(identities: &dyn DemoIdentities, accounts: &dyn AccountStore) -> anyhow::Result<Vec<DemoAccount>> {
    let demo = demo_accounts();
    for account in &demo {
        let uid = identities
            .ensure_password_user(&DemoLogin {
                email: account.email.clone(),
                password: DEMO_PASSWORD.into(),
                display_name: account.name.clone(),
            })
            .await?;
        if accounts.account_by_firebase_uid(&uid).await?.is_some() {
            continue;
        }
        let email = Email::parse(&account.email).with_context(|| format!("demo e-mail {:?}", account.email))?;
        let existing = accounts.accounts_by_email(&email).await?.into_iter().find(|a| !a.is_closed());
        match existing {
            Some(found) => match accounts.link_identity(found.id, &uid).await {
                Ok(_) => {}
                Err(LinkIdentityError::AlreadyLinked) => tracing::warn!(
                    email = %account.email,
                    "this demo account belongs to an identity the emulator no longer has; delete var/ to start afresh"
                ),
                Err(e) => return Err(e.into()),
            },
            None => {
                let opened = accounts
                    .open_identity_account(NewIdentityAccount {
                        firebase_uid: uid,
                        name: PersonName::parse(&account.name).with_context(|| format!("demo name {:?}", account.name))?,
                        email,
                        // The demo sign-ins are created with verified addresses on the emulator.
                        email_verified: true,
                        role: account.role,
                    })
                    .await;
                match opened {
                    Ok(_) | Err(OpenIdentityAccountError::EmailTaken | OpenIdentityAccountError::IdentityTaken) => {}
                    Err(OpenIdentityAccountError::Unknown(e)) => return Err(e),
                }
            }
        }
    }
    Ok(demo)
}
