// @generated automatically by Diesel CLI.

diesel::table! {
    accounts (id) {
        id -> Uuid,
        name -> Text,
        email -> Text,
        role -> Text,
        verified -> Bool,
        photo_url -> Nullable<Text>,
        created_at -> Timestamptz,
        deleted_at -> Nullable<Timestamptz>,
        firebase_uid -> Nullable<Text>,
        email_verified -> Bool,
        session_generation -> Int8,
        closed_reason -> Nullable<Text>,
        sessions_ended_at -> Nullable<Timestamptz>,
        language -> Nullable<Text>,
    }
}

diesel::table! {
    admin_actions (id) {
        id -> Int8,
        admin_id -> Uuid,
        action -> Text,
        target_id -> Nullable<Uuid>,
        at -> Timestamptz,
        category_id -> Nullable<Uuid>,
        detail -> Nullable<Text>,
        book_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    books (id) {
        id -> Uuid,
        seller_id -> Uuid,
        category_id -> Uuid,
        title -> Text,
        author -> Text,
        description -> Text,
        picture_url -> Text,
        publish_year -> Nullable<Int4>,
        ratings -> Float8,
        reviews -> Int4,
        seller_name -> Text,
        location -> Text,
        phone -> Text,
        seller_email -> Text,
        original_price -> Int4,
        resale_price -> Int4,
        status -> Text,
        advertised -> Bool,
        created_at -> Timestamptz,
        work_id -> Nullable<Int8>,
        condition -> Text,
        language -> Nullable<Text>,
        isbn -> Nullable<Text>,
        more_photos -> Array<Text>,
        hidden_reason -> Nullable<Text>,
        hidden_by -> Nullable<Text>,
    }
}

diesel::table! {
    card_attempts (id) {
        id -> Int8,
        account_id -> Uuid,
        order_id -> Uuid,
        at -> Timestamptz,
        outcome -> Text,
    }
}

diesel::table! {
    categories (id) {
        id -> Uuid,
        name -> Text,
        created_at -> Timestamptz,
        created_by -> Nullable<Uuid>,
        last_used_at -> Timestamptz,
    }
}

diesel::table! {
    mail_outbox (id) {
        id -> Int8,
        order_id -> Uuid,
        kind -> Text,
        recipient -> Text,
        created_at -> Timestamptz,
        due_at -> Timestamptz,
        attempts -> Int4,
        last_error -> Nullable<Text>,
        sent_at -> Nullable<Timestamptz>,
        dropped_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    orders (id) {
        id -> Uuid,
        book_id -> Uuid,
        buyer_id -> Uuid,
        title -> Text,
        author -> Text,
        picture_url -> Text,
        price -> Int4,
        buyer_name -> Text,
        buyer_email -> Text,
        phone -> Text,
        location -> Text,
        status -> Text,
        cancel_reason -> Nullable<Text>,
        created_at -> Timestamptz,
        closed_at -> Nullable<Timestamptz>,
        payment_id -> Nullable<Text>,
        payment_attempted_at -> Nullable<Timestamptz>,
        paid_at -> Nullable<Timestamptz>,
        transaction_id -> Nullable<Text>,
        refund_id -> Nullable<Text>,
        payment_method -> Text,
        completed_at -> Nullable<Timestamptz>,
        handover_wrong_codes -> Int4,
        handover_locked_until -> Nullable<Timestamptz>,
        held_at -> Nullable<Timestamptz>,
        capture_claimed_at -> Nullable<Timestamptz>,
        hold_released_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    owed_refunds (order_id) {
        order_id -> Uuid,
        payment_id -> Text,
        failed_attempts -> Int4,
        retry_at -> Timestamptz,
        owed_since -> Timestamptz,
        kind -> Text,
    }
}

diesel::table! {
    payments (id) {
        id -> Int8,
        order_id -> Uuid,
        transaction_id -> Text,
        amount -> Int4,
        buyer_id -> Uuid,
        book_id -> Uuid,
        paid_at -> Timestamptz,
    }
}

diesel::table! {
    reports (id) {
        id -> Uuid,
        reporter_id -> Uuid,
        target_type -> Text,
        target_id -> Uuid,
        seller_id -> Uuid,
        reason -> Text,
        note -> Nullable<Text>,
        state -> Text,
        created_at -> Timestamptz,
        decided_at -> Nullable<Timestamptz>,
        decided_by -> Nullable<Uuid>,
    }
}

diesel::table! {
    reviews (id) {
        id -> Uuid,
        order_id -> Uuid,
        book_id -> Uuid,
        seller_id -> Uuid,
        buyer_id -> Uuid,
        as_described -> Int4,
        communication -> Int4,
        on_time -> Int4,
        comment -> Nullable<Text>,
        created_at -> Timestamptz,
        answer -> Nullable<Text>,
        answered_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    upload_quotas (account_id) {
        account_id -> Uuid,
        window_start -> Timestamptz,
        uploads -> Int4,
    }
}

diesel::table! {
    wish_list_items (buyer_id, book_id) {
        buyer_id -> Uuid,
        book_id -> Uuid,
        added_at -> Timestamptz,
    }
}

diesel::joinable!(books -> accounts (seller_id));
diesel::joinable!(books -> categories (category_id));
diesel::joinable!(card_attempts -> accounts (account_id));
diesel::joinable!(card_attempts -> orders (order_id));
diesel::joinable!(mail_outbox -> orders (order_id));
diesel::joinable!(orders -> accounts (buyer_id));
diesel::joinable!(orders -> books (book_id));
diesel::joinable!(owed_refunds -> orders (order_id));
diesel::joinable!(payments -> accounts (buyer_id));
diesel::joinable!(payments -> books (book_id));
diesel::joinable!(payments -> orders (order_id));
diesel::joinable!(reviews -> books (book_id));
diesel::joinable!(reviews -> orders (order_id));
diesel::joinable!(upload_quotas -> accounts (account_id));
diesel::joinable!(wish_list_items -> accounts (buyer_id));
diesel::joinable!(wish_list_items -> books (book_id));

diesel::allow_tables_to_appear_in_same_query!(
    accounts,
    admin_actions,
    books,
    card_attempts,
    categories,
    mail_outbox,
    orders,
    owed_refunds,
    reports,
    payments,
    reviews,
    upload_quotas,
    wish_list_items,
);
