//! A seller's listings: `POST /api/books`, `GET /api/me/books`, `PATCH` and `DELETE /api/books/{id}`, and
//! `POST`/`DELETE /api/books/{id}/advertise`. Only sellers, and only on their own books: another seller's book
//! answers 404 like a book that does not exist, so ids cannot be probed.

use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use puronoboi_app::images::MAX_UPLOAD_BYTES;
use puronoboi_app::listings::{CategoryChoice, NewListing};
use puronoboi_domain::{AccountRole, BookId, CategoryId, ListingEditForm, ListingForm};

use crate::AppState;
use crate::dto::{EditListingDto, PageDto, SellerBookDto};
use crate::error::{ApiError, ErrorCode};
use crate::extract::{ApiQuery, Caller, PageQuery, parse_id};
use crate::routes::accounts::{MULTIPART_OVERHEAD, admitted_multipart};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/books", post(create).layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD)))
        .route("/me/books", get(mine))
        .route("/books/{id}", patch(edit).delete(withdraw))
        .route("/books/{id}/advertise", post(advertise).delete(stop_advertising))
}

const SELLERS_ONLY: &str = "list and manage books";

/// The text fields of the add-book form, by their camelCase names.
const TEXT_FIELDS: [&str; 13] = [
    "title",
    "author",
    "categoryId",
    "newCategory",
    "sellerName",
    "location",
    "phone",
    "originalPrice",
    "resalePrice",
    "publishYear",
    "description",
    "ratings",
    "reviews",
];

async fn create(State(state): State<AppState>, caller: Caller, mut form: Multipart) -> Result<(StatusCode, Json<SellerBookDto>), ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let (slot, fields, picture) = admitted_multipart(&state.uploads, seller.id, &mut form, &TEXT_FIELDS).await?;
    let mut unreadable = puronoboi_domain::FieldErrors::new();
    let text = |name: &str| fields.get(name).cloned().unwrap_or_default();
    let mut number = |name: &'static str| -> Option<i64> {
        let raw = fields.get(name).map(|v| v.trim()).filter(|v| !v.is_empty())?;
        raw.parse().map_err(|_| unreadable.insert(name, "must be a whole number".to_owned())).ok()
    };
    let (publish_year, reviews, original_price, resale_price) =
        (number("publishYear"), number("reviews"), number("originalPrice"), number("resalePrice"));
    let ratings = match fields.get("ratings").map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => None,
        Some(raw) => raw.parse::<f64>().map_err(|_| unreadable.insert("ratings", "must be a number from 0 to 5".to_owned())).ok(),
    };
    let category =
        match (fields.get("categoryId").filter(|v| !v.trim().is_empty()), fields.get("newCategory").filter(|v| !v.trim().is_empty())) {
            (Some(_), Some(_)) => {
                unreadable.insert("categoryId", "choose a category from the list or type a new one, not both".to_owned());
                None
            }
            (Some(id), None) => match id.trim().parse::<CategoryId>() {
                Ok(id) => Some(CategoryChoice::Existing(id)),
                Err(_) => {
                    unreadable.insert("categoryId", "choose a category from the list".to_owned());
                    None
                }
            },
            (None, Some(name)) => Some(CategoryChoice::New(name.clone())),
            (None, None) => None,
        };
    let request = NewListing {
        form: ListingForm {
            title: text("title"),
            author: text("author"),
            description: fields.get("description").cloned(),
            publish_year,
            ratings,
            reviews,
            seller_name: text("sellerName"),
            location: text("location"),
            phone: text("phone"),
            original_price,
            resale_price,
        },
        category,
        picture,
        unreadable,
    };
    let created = state.listings.create(&seller, &slot, request).await?;
    Ok((StatusCode::CREATED, Json(created.into())))
}

async fn mine(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<SellerBookDto>>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let request = q.request(20)?;
    Ok(Json(PageDto::from_page(state.listings.of_seller(seller.id, request).await?)))
}

fn book_id(raw: &str) -> Result<BookId, ApiError> {
    parse_id(raw, ErrorCode::BookNotFound, "book")
}

async fn advertise(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<SellerBookDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    Ok(Json(state.listings.advertise(seller.id, book_id(&id)?, true).await?.into()))
}

async fn stop_advertising(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<SellerBookDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    Ok(Json(state.listings.advertise(seller.id, book_id(&id)?, false).await?.into()))
}

async fn withdraw(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    state.listings.withdraw(seller.id, book_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn edit(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Result<Json<SellerBookDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let id = book_id(&id)?;
    let dto: EditListingDto = serde_json::from_slice(&body).map_err(|e| ApiError::invalid_input(format!("Invalid edit: {e}")))?;
    let form = ListingEditForm {
        original_price: dto.original_price,
        resale_price: dto.resale_price,
        description: dto.description,
        location: dto.location,
        phone: dto.phone,
    };
    Ok(Json(state.listings.edit(seller.id, id, form).await?.into()))
}
