-- When the account's sign-ins were last ended (logout, closure, its address taken over by its proven owner). A
-- Firebase ID token is refused at session opening when its holder signed in (`auth_time`) before this instant: a
-- lost phone or a stolen Firebase refresh token cannot open a new session after the person logged out. Always a
-- whole second, the granularity of `auth_time`.
ALTER TABLE accounts ADD COLUMN sessions_ended_at timestamptz
    CHECK (sessions_ended_at = date_trunc('second', sessions_ended_at));
