-- Accounts, categories and books: the catalogue a buyer browses.

CREATE TABLE accounts (
    id          uuid        PRIMARY KEY,
    name        text        NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
    email       text        NOT NULL CHECK (position('@' IN email) > 1),
    role        text        NOT NULL CHECK (role IN ('buyer', 'seller', 'admin')),
    verified    boolean     NOT NULL DEFAULT false,
    photo_url   text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    deleted_at  timestamptz
);
-- One live account per e-mail, whatever its letter case; a deleted account frees its address.
CREATE UNIQUE INDEX accounts_live_email_key ON accounts (lower(email)) WHERE deleted_at IS NULL;
-- The admin's seller and buyer tables list live accounts of one role, newest first.
CREATE INDEX accounts_live_role_idx ON accounts (role, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE categories (
    id          uuid        PRIMARY KEY,
    name        text        NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 60),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_name_key ON categories (lower(name));

CREATE TABLE books (
    id              uuid        PRIMARY KEY,
    seller_id       uuid        NOT NULL REFERENCES accounts (id),
    category_id     uuid        NOT NULL REFERENCES categories (id),
    title           text        NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    author          text        NOT NULL CHECK (length(btrim(author)) BETWEEN 1 AND 120),
    description     text        NOT NULL DEFAULT '' CHECK (length(description) <= 4000),
    picture_url     text        NOT NULL,
    publish_year    integer     CHECK (publish_year BETWEEN 1000 AND 2100),
    ratings         double precision NOT NULL DEFAULT 0 CHECK (ratings >= 0 AND ratings <= 5),
    reviews         integer     NOT NULL DEFAULT 0 CHECK (reviews >= 0),
    seller_name     text        NOT NULL,
    location        text        NOT NULL,
    phone           text        NOT NULL,
    seller_email    text        NOT NULL,
    -- Whole taka; see the domain's Taka type for the upper bound.
    original_price  integer     NOT NULL CHECK (original_price BETWEEN 1 AND 10000000),
    resale_price    integer     NOT NULL CHECK (resale_price BETWEEN 1 AND 10000000),
    status          text        NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'pending', 'sold')),
    advertised      boolean     NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL DEFAULT now()
);
-- Category pages, the grouped explore/shop lists and the per-category counts read available books of one
-- category, newest first.
CREATE INDEX books_available_by_category_idx ON books (category_id, created_at DESC, id DESC) WHERE status = 'available';
-- The advertised strip: advertised books still for sale, newest first.
CREATE INDEX books_advertised_available_idx ON books (created_at DESC, id DESC) WHERE advertised AND status = 'available';
-- A seller's own listings (and the foreign key's deletes).
CREATE INDEX books_seller_idx ON books (seller_id, created_at DESC);
