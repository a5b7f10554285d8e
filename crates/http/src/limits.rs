//! Rate limits on the calls that cost us money or reveal people: opening sessions, placing orders, card payments
//! (and asking how one stands), wish-list writes, and book pages read with a token (they show the seller's phone
//! and e-mail). Each kind of call has a limit per client address and one per account.
//!
//! Many people here share one public address behind their mobile operator's NAT, so the per-address limits are
//! generous: they stop floods, not people. The per-account limits are the tight ones.
//!
//! The counts are kept in this instance's memory (GCRA, the `governor` crate): with N instances behind a load
//! balancer a client may get up to N times the limit. That is enough to stop one account walking every book page,
//! and it costs no database round trip on the calls it guards. Limits that must hold across instances (card
//! attempts, uploads) are counted in PostgreSQL by their use cases.

use std::fmt;
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::str::FromStr;
use std::sync::{Arc, Weak};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use ipnet::IpNet;
use puronoboi_domain::{Account, AccountId, AccountRole};

use crate::AppState;
use crate::error::ApiError;
use crate::extract::{Caller, MaybeCaller};

/// So many calls per period, in a burst or spread out: `20/min` allows 20 at once, then one every 3 seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    count: NonZeroU32,
    per: Duration,
}

impl Rate {
    pub const fn per_minute(count: NonZeroU32) -> Self {
        Self { count, per: Duration::from_secs(60) }
    }

    pub const fn per_hour(count: NonZeroU32) -> Self {
        Self { count, per: Duration::from_secs(3600) }
    }

    fn quota(self) -> Quota {
        let interval = (self.per / self.count.get()).max(Duration::from_nanos(1));
        Quota::with_period(interval).map_or_else(|| Quota::per_second(NonZeroU32::MAX), |q| q.allow_burst(self.count))
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = match self.per.as_secs() {
            1 => "s",
            60 => "min",
            3600 => "hour",
            86_400 => "day",
            _ => return write!(f, "{}/{}s", self.count, self.per.as_secs()),
        };
        write!(f, "{}/{unit}", self.count)
    }
}

/// A limit as the configuration writes it: `off`, or `<count>/<s|min|hour|day>`, e.g. `30/min`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    Off,
    Limit(Rate),
}

impl Setting {
    fn rate(self) -> Option<Rate> {
        match self {
            Self::Off => None,
            Self::Limit(rate) => Some(rate),
        }
    }
}

impl FromStr for Setting {
    type Err = String;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        let raw = raw.trim();
        if raw.eq_ignore_ascii_case("off") {
            return Ok(Self::Off);
        }
        let wrong = || format!("expected `off` or a count per period such as `30/min` (s, min, hour or day), got {raw:?}");
        let (count, unit) = raw.split_once('/').ok_or_else(wrong)?;
        let count: NonZeroU32 = count.trim().parse().map_err(|_| wrong())?;
        let per = match unit.trim().to_ascii_lowercase().as_str() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            "day" => Duration::from_secs(86_400),
            _ => return Err(wrong()),
        };
        Ok(Self::Limit(Rate { count, per }))
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Off => f.write_str("off"),
            Self::Limit(rate) => rate.fmt(f),
        }
    }
}

/// One kind of call's limits: per client address and per account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub per_ip: Setting,
    pub per_account: Setting,
}

impl Limit {
    const fn new(per_ip: Rate, per_account: Rate) -> Self {
        Self { per_ip: Setting::Limit(per_ip), per_account: Setting::Limit(per_account) }
    }

    /// No limit at all (tests and benches that race many buyers from one address).
    pub const OFF: Self = Self { per_ip: Setting::Off, per_account: Setting::Off };
}

/// The kinds of call that are limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `POST /api/session`.
    Sessions,
    /// `POST /api/orders`.
    Orders,
    /// `POST /api/orders/{id}/payment` and `/payment/sync`.
    Payments,
    /// `POST /api/wishlist` and `DELETE /api/wishlist/{bookId}`.
    WishList,
    /// `GET /api/books/{id}` with a valid token: the answer shows the seller's phone and e-mail.
    Contacts,
    /// `POST /api/reports`: enough reports hide a listing.
    Reports,
}

impl Kind {
    pub const ALL: [Self; 6] = [Self::Sessions, Self::Orders, Self::Payments, Self::WishList, Self::Contacts, Self::Reports];

    /// The configuration's name for this kind: `RATE_LIMIT_<NAME>_PER_IP` and `..._PER_ACCOUNT`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Sessions => "SESSIONS",
            Self::Orders => "ORDERS",
            Self::Payments => "PAYMENTS",
            Self::WishList => "WISHLIST",
            Self::Contacts => "CONTACTS",
            Self::Reports => "REPORTS",
        }
    }

    /// What the caller did too often, for the 429's message.
    const fn what(self) -> &'static str {
        match self {
            Self::Sessions => "sign-ins",
            Self::Orders => "orders",
            Self::Payments => "payment requests",
            Self::WishList => "wish-list changes",
            Self::Contacts => "book pages with the sellers' contact details",
            Self::Reports => "reports",
        }
    }
}

const fn n(count: u32) -> NonZeroU32 {
    match NonZeroU32::new(count) {
        Some(count) => count,
        None => NonZeroU32::MIN,
    }
}

/// Every limit. [`RateLimits::default`] holds the production defaults, which the README's configuration table
/// lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    pub sessions: Limit,
    pub orders: Limit,
    pub payments: Limit,
    pub wish_list: Limit,
    pub contacts: Limit,
    pub reports: Limit,
}

impl Default for RateLimits {
    /// A person signs in a few times an hour (a session is renewed every 15 minutes, once per tab), holds at most
    /// five unpaid orders, pays each in a try or two, and reads a few dozen book pages in a sitting. The per-address
    /// limits allow dozens of such people behind one address at once.
    fn default() -> Self {
        Self {
            sessions: Limit::new(Rate::per_minute(n(120)), Rate::per_minute(n(10))),
            orders: Limit::new(Rate::per_minute(n(120)), Rate::per_minute(n(10))),
            payments: Limit::new(Rate::per_minute(n(120)), Rate::per_minute(n(20))),
            wish_list: Limit::new(Rate::per_minute(n(300)), Rate::per_minute(n(60))),
            // An hour's allowance of 120 covers any real shopper; walking 10,000 books takes one account 3 days.
            contacts: Limit::new(Rate::per_minute(n(600)), Rate::per_hour(n(120))),
            // A reader reports a few things in a sitting; the store also caps an account at 20 a day.
            reports: Limit::new(Rate::per_minute(n(60)), Rate::per_minute(n(5))),
        }
    }
}

impl RateLimits {
    /// Every limit off.
    pub const OFF: Self = Self {
        sessions: Limit::OFF,
        orders: Limit::OFF,
        payments: Limit::OFF,
        wish_list: Limit::OFF,
        contacts: Limit::OFF,
        reports: Limit::OFF,
    };

    pub fn get(&self, kind: Kind) -> Limit {
        match kind {
            Kind::Sessions => self.sessions,
            Kind::Orders => self.orders,
            Kind::Payments => self.payments,
            Kind::WishList => self.wish_list,
            Kind::Contacts => self.contacts,
            Kind::Reports => self.reports,
        }
    }

    pub fn get_mut(&mut self, kind: Kind) -> &mut Limit {
        match kind {
            Kind::Sessions => &mut self.sessions,
            Kind::Orders => &mut self.orders,
            Kind::Payments => &mut self.payments,
            Kind::WishList => &mut self.wish_list,
            Kind::Contacts => &mut self.contacts,
            Kind::Reports => &mut self.reports,
        }
    }
}

/// The proxies whose `X-Forwarded-For` is believed: addresses and networks (`10.0.0.0/8`, `::1`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// A comma-separated list of IP addresses and CIDR networks; empty trusts nobody.
    pub fn parse(raw: &str) -> Result<Self, String> {
        raw.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("{entry:?} is neither an IP address nor a network such as 10.0.0.0/8"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&address))
    }

    /// The client's address: the peer's, unless the peer is a trusted proxy; then the right-most address of
    /// `X-Forwarded-For` that is not itself a trusted proxy (each proxy appends the address it was reached from,
    /// so everything left of that can be written by the client and is not believed).
    pub fn client_address(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return peer;
        }
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect();
        let mut client = peer;
        for hop in forwarded.iter().rev() {
            let Ok(address) = hop.parse::<IpAddr>().map(|a| a.to_canonical()) else { break };
            client = address;
            if !self.trusts(address) {
                break;
            }
        }
        client
    }
}

/// The key an address is counted under. An IPv6 subscriber usually holds a whole /64, so it counts as one.
fn address_key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
    }
}

struct Limiters {
    per_ip: Option<DefaultKeyedRateLimiter<IpAddr>>,
    per_account: Option<DefaultKeyedRateLimiter<AccountId>>,
}

/// The live counters behind [`RateLimits`], and who is believed about the client's address.
pub struct RateLimiter {
    kinds: [Limiters; 6],
    trusted_proxies: TrustedProxies,
    clock: DefaultClock,
}

impl RateLimiter {
    /// How often keys that have been idle long enough to be back at a full allowance are forgotten.
    const SWEEP_EVERY: Duration = Duration::from_secs(30);

    /// The counters, and (inside a tokio runtime) a task that forgets idle keys so memory stays bounded by the
    /// clients of the last minutes, not of the process's life. The task ends when the limiter is dropped.
    pub fn new(limits: RateLimits, trusted_proxies: TrustedProxies) -> Arc<Self> {
        let limiters = |kind: Kind| {
            let limit = limits.get(kind);
            Limiters {
                per_ip: limit.per_ip.rate().map(|rate| DefaultKeyedRateLimiter::keyed(rate.quota())),
                per_account: limit.per_account.rate().map(|rate| DefaultKeyedRateLimiter::keyed(rate.quota())),
            }
        };
        let limiter = Arc::new(Self { kinds: Kind::ALL.map(limiters), trusted_proxies, clock: DefaultClock::default() });
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(Self::sweep(Arc::downgrade(&limiter)));
        }
        limiter
    }

    async fn sweep(limiter: Weak<Self>) {
        let mut every = tokio::time::interval(Self::SWEEP_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        every.tick().await;
        loop {
            every.tick().await;
            let Some(limiter) = limiter.upgrade() else { return };
            limiter.forget_idle();
        }
    }

    /// Forgets every key whose allowance is full again: it would be counted exactly as a new key.
    fn forget_idle(&self) {
        for kind in &self.kinds {
            if let Some(per_ip) = &kind.per_ip {
                per_ip.retain_recent();
                per_ip.shrink_to_fit();
            }
            if let Some(per_account) = &kind.per_account {
                per_account.retain_recent();
                per_account.shrink_to_fit();
            }
        }
    }

    /// How many keys are held, across every limit.
    pub fn keys(&self) -> usize {
        self.kinds.iter().map(|k| k.per_ip.as_ref().map_or(0, |l| l.len()) + k.per_account.as_ref().map_or(0, |l| l.len())).sum()
    }

    fn limiters(&self, kind: Kind) -> &Limiters {
        match kind {
            Kind::Sessions => &self.kinds[0],
            Kind::Orders => &self.kinds[1],
            Kind::Payments => &self.kinds[2],
            Kind::WishList => &self.kinds[3],
            Kind::Contacts => &self.kinds[4],
            Kind::Reports => &self.kinds[5],
        }
    }

    /// The calling client's address (see [`TrustedProxies::client_address`]). A request that did not come over
    /// a socket (the router driven in process) counts as the unspecified address.
    pub fn client_address(&self, parts: &Parts) -> IpAddr {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map_or(IpAddr::from([0, 0, 0, 0]), |info| info.0.ip());
        self.trusted_proxies.client_address(peer, &parts.headers)
    }

    /// Counts one call of `kind` from `address`; 429 `rate_limited` with `Retry-After` beyond the limit.
    pub fn check_address(&self, kind: Kind, address: IpAddr) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiters(kind).per_ip else { return Ok(()) };
        limiter.check_key(&address_key(address)).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            ApiError::rate_limited(
                format!("Too many {} from your network right now. Please try again in {}.", kind.what(), in_words(wait)),
                wait,
            )
        })
    }

    /// Counts one call of `kind` by `account`; 429 `rate_limited` with `Retry-After` beyond the limit.
    pub fn check_account(&self, kind: Kind, account: AccountId) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiters(kind).per_account else { return Ok(()) };
        limiter.check_key(&account).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            ApiError::rate_limited(
                format!("Too many {} from your account right now. Please try again in {}.", kind.what(), in_words(wait)),
                wait,
            )
        })
    }
}

/// "a second", "12 seconds", "3 minutes": how long to wait, rounded up.
fn in_words(wait: Duration) -> String {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    match seconds {
        0 | 1 => "a second".to_owned(),
        2..=90 => format!("{seconds} seconds"),
        _ => format!("{} minutes", seconds.div_ceil(60)),
    }
}

/// A kind of call, as a type, for [`Limited`].
pub trait LimitedKind {
    const KIND: Kind;
}

macro_rules! kinds {
    ($($(#[doc = $doc:literal])* $name:ident),+ $(,)?) => {$(
        $(#[doc = $doc])*
        pub struct $name;
        impl LimitedKind for $name {
            const KIND: Kind = Kind::$name;
        }
    )+};
}

kinds! {
    /// Opening a session.
    Sessions,
    /// Placing an order.
    Orders,
    /// Paying an order, or asking how its payment stands.
    Payments,
    /// Adding to or taking from the wish list.
    WishList,
    /// Reporting a listing or a seller.
    Reports,
}

/// The signed-in caller of a limited call. The client's address is counted before the token is even looked at
/// (a flood is turned away without reading an account), then the account.
pub struct Limited<K>(pub Caller, PhantomData<K>);

impl<K> Limited<K> {
    /// The caller, if the action is for this role (see [`Caller::require`]).
    pub fn require(self, role: AccountRole, action: &str) -> Result<Account, ApiError> {
        self.0.require(role, action)
    }
}

impl<K: LimitedKind + Send> FromRequestParts<AppState> for Limited<K> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        state.rate_limiter.check_address(K::KIND, state.rate_limiter.client_address(parts))?;
        let caller = Caller::from_request_parts(parts, state).await?;
        state.rate_limiter.check_account(K::KIND, caller.0.id)?;
        Ok(Self(caller, PhantomData))
    }
}

/// The client's address counted for a limited call whose account is known only once the call has done its work
/// (opening a session): the handler counts the account itself.
pub struct AddressCounted<K>(PhantomData<K>);

impl<K: LimitedKind + Send> FromRequestParts<AppState> for AddressCounted<K> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        state.rate_limiter.check_address(K::KIND, state.rate_limiter.client_address(parts))?;
        Ok(Self(PhantomData))
    }
}

/// Who reads a book page: nobody (the public page, never counted, so the cached read stays as fast as it is), or
/// a signed-in account, who sees the seller's contact details and is counted by address and by account.
pub struct ContactReader(pub Option<Account>);

impl FromRequestParts<AppState> for ContactReader {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let MaybeCaller(viewer) = MaybeCaller::from_request_parts(parts, state).await?;
        if let Some(account) = &viewer {
            state.rate_limiter.check_address(Kind::Contacts, state.rate_limiter.client_address(parts))?;
            state.rate_limiter.check_account(Kind::Contacts, account.id)?;
        }
        Ok(Self(viewer))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn addr(raw: &str) -> IpAddr {
        raw.parse().expect("an address")
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(value).expect("a header value"));
        }
        headers
    }

    #[test]
    fn settings_read_as_the_readme_writes_them() {
        assert_eq!("off".parse::<Setting>(), Ok(Setting::Off));
        assert_eq!("30/min".parse::<Setting>(), Ok(Setting::Limit(Rate::per_minute(n(30)))));
        assert_eq!(" 120 / hour ".parse::<Setting>(), Ok(Setting::Limit(Rate::per_hour(n(120)))));
        assert_eq!("5/s".parse::<Setting>().map(|s| s.to_string()), Ok("5/s".to_owned()));
        assert_eq!("2/day".parse::<Setting>().map(|s| s.to_string()), Ok("2/day".to_owned()));
        for bad in ["", "30", "0/min", "-1/min", "30/week", "many/min", "30/"] {
            assert!(bad.parse::<Setting>().is_err(), "{bad:?} must be refused");
        }
    }

    #[test]
    fn only_a_trusted_proxy_is_believed_and_only_for_what_it_appended() {
        let proxies = TrustedProxies::parse("10.0.0.0/8, 192.0.2.7,::1").expect("valid");
        let client = addr("203.0.113.9");
        // An untrusted peer's header is the client's own writing.
        assert_eq!(proxies.client_address(client, &forwarded(&["198.51.100.1"])), client);
        // Behind the load balancer: the address it appended.
        assert_eq!(proxies.client_address(addr("10.1.2.3"), &forwarded(&["203.0.113.9"])), client);
        // A client that writes its own X-Forwarded-For does not choose its address: the right-most untrusted wins.
        assert_eq!(proxies.client_address(addr("10.1.2.3"), &forwarded(&["1.1.1.1, 203.0.113.9"])), client);
        // Two proxies in a row, over two header lines.
        assert_eq!(proxies.client_address(addr("::1"), &forwarded(&["8.8.8.8", "203.0.113.9, 192.0.2.7"])), client);
        // A trusted peer without the header is the client as far as anyone knows.
        assert_eq!(proxies.client_address(addr("10.1.2.3"), &HeaderMap::new()), addr("10.1.2.3"));
        // Garbage ends the walk at the last address believed.
        assert_eq!(proxies.client_address(addr("10.1.2.3"), &forwarded(&["203.0.113.9, nonsense"])), addr("10.1.2.3"));
        // IPv4 over an IPv6 socket is the IPv4 address.
        assert_eq!(proxies.client_address(addr("::ffff:10.1.2.3"), &forwarded(&["203.0.113.9"])), client);
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.internal").is_err());
        assert_eq!(TrustedProxies::parse(" , ").expect("empty"), TrustedProxies::default());
    }

    #[tokio::test]
    async fn each_limit_counts_its_own_key_and_says_how_long_to_wait() {
        let mut limits = RateLimits::OFF;
        limits.orders = Limit::new(Rate::per_minute(n(2)), Rate::per_hour(n(1)));
        let limiter = RateLimiter::new(limits, TrustedProxies::default());
        let (one, other) = (addr("203.0.113.9"), addr("203.0.113.10"));
        assert!(limiter.check_address(Kind::Orders, one).is_ok() && limiter.check_address(Kind::Orders, one).is_ok());
        let refused = limiter.check_address(Kind::Orders, one).expect_err("a third within the minute");
        assert_eq!(refused.code(), crate::error::ErrorCode::RateLimited);
        let wait = refused.retry_after().expect("a Retry-After");
        assert!((29..=30).contains(&wait), "one more call is allowed every 30 seconds, got {wait}");
        assert!(limiter.check_address(Kind::Orders, other).is_ok(), "another address has its own allowance");
        assert!(limiter.check_address(Kind::Payments, one).is_ok(), "a limit that is off never refuses");

        let account = AccountId::new();
        assert!(limiter.check_account(Kind::Orders, account).is_ok());
        let refused = limiter.check_account(Kind::Orders, account).expect_err("one an hour");
        assert!((3599..=3600).contains(&refused.retry_after().expect("a Retry-After")));
        assert!(refused.message().contains("60 minutes"), "{}", refused.message());

        // A whole IPv6 /64 is one subscriber.
        let mut limits = RateLimits::OFF;
        limits.contacts.per_ip = Setting::Limit(Rate::per_minute(n(1)));
        let limiter = RateLimiter::new(limits, TrustedProxies::default());
        assert!(limiter.check_address(Kind::Contacts, addr("2001:db8:1:2::1")).is_ok());
        assert!(limiter.check_address(Kind::Contacts, addr("2001:db8:1:2:ffff::9")).is_err());
        assert!(limiter.check_address(Kind::Contacts, addr("2001:db8:1:3::1")).is_ok());
    }

    #[tokio::test]
    async fn idle_keys_are_forgotten() {
        let mut limits = RateLimits::OFF;
        limits.wish_list.per_ip = Setting::Limit(Rate { count: n(1000), per: Duration::from_millis(100) });
        let limiter = RateLimiter::new(limits, TrustedProxies::default());
        for last in 0..=255u8 {
            limiter.check_address(Kind::WishList, IpAddr::from([203, 0, 113, last])).expect("well within");
        }
        assert_eq!(limiter.keys(), 256);
        tokio::time::sleep(Duration::from_millis(150)).await;
        limiter.forget_idle();
        assert_eq!(limiter.keys(), 0, "every allowance is full again, so no key needs keeping");
    }
}
