//! Sessions and the signed-in account.

use puronoboi_domain::{Account, AccountRole, Language};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum AccountRoleDto {
    Buyer,
    Seller,
    Admin,
}

impl From<AccountRole> for AccountRoleDto {
    fn from(role: AccountRole) -> Self {
        match role {
            AccountRole::Buyer => Self::Buyer,
            AccountRole::Seller => Self::Seller,
            AccountRole::Admin => Self::Admin,
        }
    }
}

/// A language the marketplace speaks: Bangla (`bn`) or English (`en`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub enum LanguageDto {
    #[serde(rename = "bn")]
    Bangla,
    #[serde(rename = "en")]
    English,
}

impl From<Language> for LanguageDto {
    fn from(language: Language) -> Self {
        match language {
            Language::Bangla => Self::Bangla,
            Language::English => Self::English,
        }
    }
}

impl From<LanguageDto> for Language {
    fn from(language: LanguageDto) -> Self {
        match language {
            LanguageDto::Bangla => Self::Bangla,
            LanguageDto::English => Self::English,
        }
    }
}

/// `PUT /api/me/language`: the language the account holder reads the marketplace in, on every device.
#[derive(Debug, Clone, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LanguageChoiceDto {
    pub language: LanguageDto,
}

/// What a person may ask to be at sign-up: the Seller Account toggle. Admins come only from configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum AccountTypeDto {
    Buyer,
    Seller,
}

/// `POST /api/session`, with `Authorization: Bearer <Firebase ID token>`. Both fields matter only the first time
/// an identity signs in, when its account is opened.
#[derive(Debug, Clone, Default, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export, optional_fields)]
pub struct SessionRequestDto {
    /// Display name for the new account; defaults to the name in the identity token.
    pub name: Option<String>,
    /// Defaults to buyer (social sign-in gives buyers).
    pub account_type: Option<AccountTypeDto>,
}

/// The signed-in account: `GET /api/me`.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MeDto {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub role: AccountRoleDto,
    /// Sellers: verified by the admin.
    pub verified: bool,
    pub photo_url: Option<String>,
    /// The language the holder chose (on any device); absent until they choose.
    pub language: Option<LanguageDto>,
}

impl From<Account> for MeDto {
    fn from(a: Account) -> Self {
        Self {
            id: a.id.as_uuid(),
            name: a.name,
            email: a.email.as_str().to_owned(),
            role: a.role.into(),
            verified: a.verified,
            photo_url: a.photo_url,
            language: a.language.map(Into::into),
        }
    }
}

/// Our own short-lived access token, sent back as `Authorization: Bearer <accessToken>`.
#[derive(Debug, Clone, Serialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SessionDto {
    pub access_token: String,
    /// RFC 3339; renew from a fresh Firebase ID token before then.
    pub expires_at: String,
    pub user: MeDto,
}
