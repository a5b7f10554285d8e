//! A seller's listings: `POST /api/books`, `GET /api/me/books`, `PATCH` and `DELETE /api/books/{id}`, and
//! `POST`/`DELETE /api/books/{id}/advertise`. Only sellers, and only on their own books: another seller's book
//! answers 404 like a book that does not exist, so ids cannot be probed.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use puronoboi_domain::{AccountRole, BookId};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::dto::{BookLanguageDto, ConditionDto, EditListingDto, NewListingFields, PageDto, PictureOrderDto, SellerBookDto};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller, PageQuery, parse_id};
use crate::multipart::{self, UploadForm};
use crate::openapi::{BadBody, BadQuery, Invalid, SignedIn, Upload};
use utoipa_axum::router::UtoipaMethodRouterExt as _;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create).layer(multipart::listing_upload_limit()))
        .routes(routes!(mine))
        .routes(routes!(edit, withdraw))
        .routes(routes!(advertise, stop_advertising))
        .routes(routes!(add_picture).layer(multipart::upload_limit()))
        .routes(routes!(remove_picture))
        .routes(routes!(order_pictures))
}

/// One more photo of the copy, as multipart/form-data.
#[derive(utoipa::ToSchema)]
#[expect(dead_code, reason = "describes the multipart form in the API description; the handler reads the picture itself")]
struct NewPictureForm {
    /// A JPEG, PNG or WebP picture of at most 5 MB.
    #[schema(format = Binary, content_media_type = "application/octet-stream")]
    image: Vec<u8>,
}

/// Adds a photo of the copy after the others (a listing has at most 5, the cover included).
#[utoipa::path(
    post,
    path = "/books/{id}/pictures",
    tag = "listings",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    request_body(content = NewPictureForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = SellerBookDto),
        Upload,
        (status = 422, description = "`validation_failed`: the listing has 5 photos already (`image`: `too_many_photos`).", body = ErrorBody),
        (status = 404, description = "`book_not_found`: the seller has no book with this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only an available book's photos can change.", body = ErrorBody),
        SignedIn,
        (status = 503, description = "`unavailable`: pictures cannot be stored right now.", body = ErrorBody),
    )
)]
async fn add_picture(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    form: UploadForm,
) -> Result<(StatusCode, Json<SellerBookDto>), ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let book = book_id(&id)?;
    state.listings.photo_room(seller.id, book).await?;
    let (slot, picture) = form.admitted_picture(&state.uploads, seller.id).await?;
    let changed = state.listings.add_photo(seller.id, &slot, book, picture).await?;
    Ok((StatusCode::CREATED, Json(changed.into())))
}

/// Removes the photo at position `n` (0 is the cover; the next photo then becomes the cover). A listing keeps at
/// least one photo.
#[utoipa::path(
    delete,
    path = "/books/{id}/pictures/{n}",
    tag = "listings",
    security(("bearer" = [])),
    params(
        ("id" = Uuid, Path, description = "The book's id."),
        ("n" = u32, Path, description = "The photo's position in `pictures`, from 0 (the cover).", maximum = 4),
    ),
    responses(
        (status = 200, body = SellerBookDto),
        (status = 404, description = "`book_not_found`: the seller has no book with this id; `photo_not_found`: it has no photo at `n`.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only an available book's photos can change; `last_photo`: the listing's only photo stays.", body = ErrorBody),
        SignedIn,
    )
)]
async fn remove_picture(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath((id, n)): ApiPath<(String, String)>,
) -> Result<Json<SellerBookDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let book = book_id(&id)?;
    let position: usize =
        n.parse().map_err(|_| ApiError::new(ErrorCode::PhotoNotFound, "A photo's position is a number from 0 (the cover)."))?;
    Ok(Json(state.listings.remove_photo(seller.id, book, position).await?.into()))
}

/// Puts the listing's photos in a new order: `order` names each of its photos (by address, as `pictures` lists
/// them) exactly once, the new cover first.
#[utoipa::path(
    put,
    path = "/books/{id}/pictures/order",
    tag = "listings",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    request_body = PictureOrderDto,
    responses(
        (status = 200, body = SellerBookDto),
        BadBody,
        (status = 422, description = "`validation_failed`: `order` does not name each of the listing's photos once (`not_the_photos`).", body = ErrorBody),
        (status = 404, description = "`book_not_found`: the seller has no book with this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only an available book's photos can change.", body = ErrorBody),
        SignedIn,
    )
)]
async fn order_pictures(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<PictureOrderDto>,
) -> Result<Json<SellerBookDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let book = book_id(&id)?;
    Ok(Json(state.listings.order_photos(seller.id, book, &dto.order).await?.into()))
}

const SELLERS_ONLY: &str = "list and manage books";

/// The add-book form, as multipart/form-data. Numbers are sent as text, in Latin or Bengali digits (`২৫০` is 250);
/// `categoryId` picks a category from the list and `newCategory` names a new one (one of the two).
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
#[expect(dead_code, reason = "describes the multipart form in the API description; the handler reads the form field by field")]
struct NewListingForm {
    title: String,
    author: String,
    #[schema(format = Uuid)]
    category_id: Option<String>,
    new_category: Option<String>,
    seller_name: String,
    location: String,
    /// A Bangladesh mobile number: `01XXXXXXXXX`, `+8801XXXXXXXXX` or `8801XXXXXXXXX`, spaces and dashes allowed,
    /// in Latin or Bengali digits (`০১৭১২-৩৪৫৬৭৮`); stored and answered as `01XXX-XXXXXX` in Latin digits.
    #[schema(pattern = r"^[\s+0-9০-৯-]+$")]
    phone: String,
    /// Whole taka, 1 to 500,000.
    #[schema(pattern = r"^[0-9০-৯]{1,7}$")]
    original_price: String,
    /// Whole taka, 1 to 500,000.
    #[schema(pattern = r"^[0-9০-৯]{1,7}$")]
    resale_price: String,
    /// 1450 to this year.
    #[schema(pattern = r"^[0-9০-৯]{4}$")]
    publish_year: Option<String>,
    description: Option<String>,
    /// From 0 to 5.
    #[schema(pattern = r"^[0-5০-৫](\.[0-9০-৯]+)?$")]
    ratings: Option<String>,
    #[schema(pattern = r"^[0-9০-৯]{1,6}$")]
    reviews: Option<String>,
    /// How worn the copy is.
    #[schema(inline)]
    condition: ConditionDto,
    /// The language the book is written in; left out or blank when the seller does not say.
    #[schema(inline)]
    language: Option<BookLanguageDto>,
    /// ISBN-10 or ISBN-13, hyphens, spaces and Bengali digits allowed; its check digit must match. Stored as ISBN-13.
    #[schema(pattern = r"^[\sIiSsBbNn:0-9০-৯Xx-]{0,40}$")]
    isbn: Option<String>,
    /// The photos of the copy, the cover first: 1 to 5 fields named `image`, each a JPEG, PNG or WebP picture of at
    /// most 5 MB.
    #[schema(format = Binary, content_media_type = "application/octet-stream", min_items = 1, max_items = 5)]
    image: Vec<Vec<u8>>,
}

/// Lists a book for sale.
#[utoipa::path(
    post,
    path = "/books",
    tag = "listings",
    security(("bearer" = [])),
    request_body(content = NewListingForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = SellerBookDto),
        Upload,
        Invalid,
        SignedIn,
        (status = 503, description = "`unavailable`: sign-in is not configured, or pictures cannot be stored right now.", body = ErrorBody),
    )
)]
async fn create(State(state): State<AppState>, caller: Caller, form: UploadForm) -> Result<(StatusCode, Json<SellerBookDto>), ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let (slot, form) = form.admitted_fields(&state.uploads, seller.id, &NewListingFields::NAMES).await?;
    let request = NewListingFields(form.text).try_into_domain(form.pictures);
    let created = state.listings.create(&seller, &slot, request).await?;
    Ok((StatusCode::CREATED, Json(created.into())))
}

/// The seller's own listings, newest first, 20 per page unless asked.
#[utoipa::path(
    get,
    path = "/me/books",
    operation_id = "my_books",
    tag = "listings",
    security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = PageDto<SellerBookDto>), BadQuery, SignedIn)
)]
async fn mine(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> Result<Json<PageDto<SellerBookDto>>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let request = q.request(20)?;
    let page = state.listings.of_seller(seller.id, request).await?;
    let periods = state.orders.periods();
    Ok(Json(PageDto::from_page(page.map(|listing| SellerBookDto::new(listing, periods)))))
}

fn book_id(raw: &str) -> Result<BookId, ApiError> {
    parse_id(raw, ErrorCode::BookNotFound, "book")
}

/// Puts the book in the home page's advertised strip.
#[utoipa::path(
    post,
    path = "/books/{id}/advertise",
    tag = "listings",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    responses(
        (status = 200, body = SellerBookDto),
        (status = 404, description = "`book_not_found`: the seller has no book with this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only an available book can be changed, advertised or deleted.", body = ErrorBody),
        SignedIn,
    )
)]
async fn advertise(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<Json<SellerBookDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    Ok(Json(state.listings.advertise(seller.id, book_id(&id)?, true).await?.into()))
}

/// Takes the book out of the advertised strip.
#[utoipa::path(
    delete,
    path = "/books/{id}/advertise",
    tag = "listings",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    responses(
        (status = 200, body = SellerBookDto),
        (status = 404, description = "`book_not_found`: the seller has no book with this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only an available book can be changed, advertised or deleted.", body = ErrorBody),
        SignedIn,
    )
)]
async fn stop_advertising(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<SellerBookDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    Ok(Json(state.listings.advertise(seller.id, book_id(&id)?, false).await?.into()))
}

/// Deletes the listing: it leaves the shop (the seller's sales history keeps it).
#[utoipa::path(
    delete,
    path = "/books/{id}",
    tag = "listings",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    responses(
        (status = 204, description = "The book is withdrawn."),
        (status = 404, description = "`book_not_found`: the seller has no book with this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only an available book can be changed, advertised or deleted.", body = ErrorBody),
        SignedIn,
    )
)]
async fn withdraw(State(state): State<AppState>, caller: Caller, ApiPath(id): ApiPath<String>) -> Result<StatusCode, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    state.listings.withdraw(seller.id, book_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Changes the prices, description, location or phone of an available listing.
#[utoipa::path(
    patch,
    path = "/books/{id}",
    tag = "listings",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The book's id.")),
    request_body = EditListingDto,
    responses(
        (status = 200, body = SellerBookDto),
        BadBody,
        Invalid,
        (status = 404, description = "`book_not_found`: the seller has no book with this id.", body = ErrorBody),
        (status = 409, description = "`book_unavailable`: only an available book can be changed, advertised or deleted.", body = ErrorBody),
        SignedIn,
    )
)]
async fn edit(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(dto): ApiJson<EditListingDto>,
) -> Result<Json<SellerBookDto>, ApiError> {
    let seller = caller.require(AccountRole::Seller, SELLERS_ONLY)?;
    let id = book_id(&id)?;
    Ok(Json(state.listings.edit(seller.id, id, dto.into()).await?.into()))
}
