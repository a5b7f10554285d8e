//! Reading multipart/form-data bodies, the only way a picture arrives (the profile photo, the add-book form).
//!
//! An upload is admitted (the account's rate, then a slot; see `puronoboi_app::uploads`) before any of its body is
//! read, so an upload waiting for a slot holds nothing in memory; the slot stays held while the caller decodes and
//! stores the picture. A refused upload's body is read to its end before the answer goes out (see `crate::bodies`),
//! so its client sees the answer.

use std::collections::BTreeMap;

use axum::extract::multipart::MultipartError;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request};
use axum::http::StatusCode;
use puronoboi_app::images::MAX_UPLOAD_BYTES;
use puronoboi_app::uploads::{UploadSlot, Uploads};
use puronoboi_domain::{AccountId, MAX_PHOTOS};

use crate::error::{ApiError, ErrorCode};

/// Room for the multipart framing around a picture of the largest accepted size, and for a form's text fields.
const MULTIPART_OVERHEAD: usize = 64 * 1024;
/// The longest text field a form may send, in bytes (a 4,000-character description in Bangla is 12,000).
const MAX_TEXT_FIELD_BYTES: usize = 16 * 1024;
/// The field that carries the picture.
const PICTURE_FIELD: &str = "image";

/// The largest body an upload route accepts: a picture of the largest size with its form.
pub(crate) const LARGEST_UPLOAD: usize = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;

/// The body limit of a route that takes an upload.
pub(crate) fn upload_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(LARGEST_UPLOAD)
}

/// The largest add-book form: a listing's every photo at the largest size, with its text fields.
pub(crate) const LARGEST_LISTING_UPLOAD: usize = MAX_PHOTOS * MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;

/// The body limit of the add-book form, which may carry all of a listing's photos.
pub(crate) fn listing_upload_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(LARGEST_LISTING_UPLOAD)
}

/// A multipart/form-data body, not yet read. A body that is not a multipart form is a 400 `invalid_input`.
pub struct UploadForm(Multipart);

impl<S: Send + Sync> FromRequest<S> for UploadForm {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        Multipart::from_request(request, state)
            .await
            .map(Self)
            .map_err(|rejection| ApiError::invalid_input(format!("Send a multipart/form-data body: {}", rejection.body_text())))
    }
}

/// What a form with text fields and pictures sent: its text fields by name, and its pictures in the order they came.
#[derive(Debug, Default)]
pub struct FormFields {
    pub text: BTreeMap<String, String>,
    pub pictures: Vec<Vec<u8>>,
}

impl UploadForm {
    /// Admits the upload, then reads the picture in the field `image`. Other fields are skipped; file names and
    /// content types are ignored because the bytes alone decide what a picture is.
    pub async fn admitted_picture(mut self, uploads: &Uploads, account: AccountId) -> Result<(UploadSlot, Vec<u8>), ApiError> {
        let slot = uploads.admit(account).await?;
        // A sender too slow for the deadline gives its slot back to the uploads waiting for one.
        match tokio::time::timeout_at(slot.read_by(), self.picture()).await {
            Ok(bytes) => Ok((slot, bytes?)),
            Err(_) => Err(ApiError::new(ErrorCode::RequestTimeout, "The picture took too long to arrive. Please try again.")),
        }
    }

    /// Admits the upload, then reads a form that sends text fields with its picture (the add-book form). Only the
    /// `allowed` text fields are accepted, each once: a field the form does not have (an `email`, say) is refused
    /// rather than silently dropped.
    pub async fn admitted_fields(
        mut self,
        uploads: &Uploads,
        account: AccountId,
        allowed: &[&str],
    ) -> Result<(UploadSlot, FormFields), ApiError> {
        let slot = uploads.admit(account).await?;
        match tokio::time::timeout_at(slot.read_by(), self.fields(allowed)).await {
            Ok(read) => read.map(|fields| (slot, fields)),
            Err(_) => Err(ApiError::new(ErrorCode::RequestTimeout, "The form took too long to arrive. Please try again.")),
        }
    }

    async fn picture(&mut self) -> Result<Vec<u8>, ApiError> {
        while let Some(field) = self.0.next_field().await.map_err(unreadable)? {
            if field.name() == Some(PICTURE_FIELD) {
                return field.bytes().await.map(Vec::from).map_err(unreadable);
            }
        }
        Err(ApiError::invalid_input("Attach the picture as the form field 'image'."))
    }

    async fn fields(&mut self, allowed: &[&str]) -> Result<FormFields, ApiError> {
        let mut read = FormFields::default();
        while let Some(field) = self.0.next_field().await.map_err(unreadable)? {
            let name = field.name().unwrap_or_default().to_owned();
            if name == PICTURE_FIELD {
                // One more than allowed is read so that the form's check can name the field; beyond that the body is
                // not worth reading.
                if read.pictures.len() > MAX_PHOTOS {
                    return Err(ApiError::invalid_input(format!("Send at most {MAX_PHOTOS} pictures, each in a field 'image'.")));
                }
                read.pictures.push(field.bytes().await.map_err(unreadable)?.to_vec());
            } else if allowed.contains(&name.as_str()) {
                let bytes = field.bytes().await.map_err(unreadable)?;
                if bytes.len() > MAX_TEXT_FIELD_BYTES {
                    return Err(ApiError::invalid_input(format!("The field '{name}' is too long.")));
                }
                let text =
                    String::from_utf8(bytes.to_vec()).map_err(|_| ApiError::invalid_input(format!("The field '{name}' is not text.")))?;
                if read.text.insert(name.clone(), text).is_some() {
                    return Err(ApiError::invalid_input(format!("The field '{name}' was sent twice.")));
                }
            } else {
                return Err(ApiError::invalid_input(format!("This form has no field '{name}'.")));
            }
        }
        Ok(read)
    }
}

/// A body cut off at the route's limit is a picture too large; anything else is a form we cannot read.
fn unreadable(error: MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(ErrorCode::ImageTooLarge, "The picture is larger than 5 MB.")
    } else {
        ApiError::invalid_input(format!("Could not read the upload: {}", error.body_text()))
    }
}
