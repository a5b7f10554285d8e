//! Each order's handover code, derived from the server's session secret and the order's id: never stored, the same on
//! every instance, shown only to the order's buyer. Without the secret, the codes of the orders in a copy of the
//! database cannot be worked out; the 5-wrong-codes lock keeps anyone from trying them one by one at the meeting.

use hmac::{Hmac, Mac};
use puronoboi_domain::{HandoverCode, OrderId};
use sha2::Sha256;

use crate::tokens::SessionSecret;

type HmacSha256 = Hmac<Sha256>;

/// What the session secret is stretched into for handover codes, so that codes and access tokens never share a key.
const PURPOSE: &[u8] = b"puronoboi handover codes v1";

/// Derives handover codes. Changing the session secret changes the code of every open order (a buyer then shows the
/// new one); nothing else depends on it.
#[derive(Clone)]
pub struct HandoverCodes {
    key: [u8; 32],
}

impl std::fmt::Debug for HandoverCodes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HandoverCodes(<redacted>)")
    }
}

impl HandoverCodes {
    pub fn new(secret: &SessionSecret) -> Self {
        Self { key: hmac(secret.as_bytes(), PURPOSE) }
    }

    /// The handover code of `order`.
    pub fn code(&self, order: OrderId) -> HandoverCode {
        let digest = hmac(&self.key, order.as_uuid().as_bytes());
        HandoverCode::from_number(u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]]))
    }

    /// Whether `typed` is the handover code of `order`.
    pub fn is_code_of(&self, order: OrderId, typed: HandoverCode) -> bool {
        self.code(order).matches(typed)
    }
}

fn hmac(key: &[u8], message: &[u8]) -> [u8; 32] {
    // HMAC takes a key of any length: `new_from_slice` cannot fail for it.
    let mut mac = HmacSha256::new_from_slice(key).unwrap_or_else(|_| unreachable!("HMAC accepts keys of any length"));
    mac.update(message);
    mac.finalize().into_bytes().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(byte: u8) -> SessionSecret {
        SessionSecret::parse(&format!("{byte:02x}{}", "ab".repeat(31))).expect("a secret")
    }

    #[test]
    fn an_order_has_one_code_on_every_instance_and_its_own() {
        let (first, second) = (HandoverCodes::new(&secret(1)), HandoverCodes::new(&secret(1)));
        let order = OrderId::new();
        assert_eq!(first.code(order), second.code(order), "two instances with one secret agree");
        assert!(first.is_code_of(order, second.code(order)));
        let others: std::collections::HashSet<String> = (0..200).map(|_| first.code(OrderId::new()).to_string()).collect();
        assert!(others.len() > 190, "codes spread over the space: {} distinct of 200", others.len());
        assert!(others.iter().all(|code| code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())));
    }

    #[test]
    fn another_secret_gives_other_codes() {
        let orders: Vec<OrderId> = (0..20).map(|_| OrderId::new()).collect();
        let (ours, theirs) = (HandoverCodes::new(&secret(1)), HandoverCodes::new(&secret(2)));
        let same = orders.iter().filter(|order| ours.code(**order) == theirs.code(**order)).count();
        assert!(same <= 1, "{same} of 20 codes survive a change of secret");
    }

    #[test]
    fn a_wrong_code_is_not_the_code() {
        let codes = HandoverCodes::new(&secret(1));
        let order = OrderId::new();
        let right = codes.code(order);
        let wrong =
            HandoverCode::parse(&format!("{:06}", (right.to_string().parse::<u32>().expect("digits") + 1) % 1_000_000)).expect("a code");
        assert!(codes.is_code_of(order, right));
        assert!(!codes.is_code_of(order, wrong));
        assert!(!format!("{codes:?}").contains(&format!("{:?}", codes.key)), "the key never prints");
    }
}
