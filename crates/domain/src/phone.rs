//! Bangladesh mobile numbers: how a buyer reaches a seller and a seller reaches a buyer.

use std::fmt;

use crate::digits::latin_digits;
use crate::field::{FieldProblem, FieldReason};

/// A Bangladesh mobile number: `01`, an operator digit from 3 to 9, then 8 digits. Accepted as `01...`,
/// `+8801...` or `8801...`, with spaces or dashes anywhere; stored as `+8801XXXXXXXXX` and shown as
/// `01XXX-XXXXXX`, the way people in Bangladesh write it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone {
    /// The 11 national digits, `01XXXXXXXXX`.
    national: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    #[error("this field is required")]
    Blank,
    #[error("enter a Bangladesh mobile number, e.g. 01712-345678")]
    NotAMobileNumber,
}

impl FieldProblem for PhoneError {
    fn reason(&self) -> FieldReason {
        match self {
            Self::Blank => FieldReason::Required,
            Self::NotAMobileNumber => FieldReason::InvalidPhone,
        }
    }
}

impl Phone {
    pub fn parse(raw: &str) -> Result<Self, PhoneError> {
        let latin = latin_digits(raw);
        let trimmed = latin.trim();
        if trimmed.is_empty() {
            return Err(PhoneError::Blank);
        }
        let compact: String = trimmed.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        let national = compact
            .strip_prefix("+880")
            .or_else(|| compact.strip_prefix("880"))
            .map_or_else(|| compact.clone(), |rest| format!("0{}", rest.strip_prefix('0').unwrap_or(rest)));
        let bytes = national.as_bytes();
        let valid =
            bytes.len() == 11 && bytes.iter().all(u8::is_ascii_digit) && bytes.starts_with(b"01") && (b'3'..=b'9').contains(&bytes[2]);
        if !valid {
            return Err(PhoneError::NotAMobileNumber);
        }
        Ok(Self { national })
    }

    /// `+8801XXXXXXXXX`: what the database keeps.
    pub fn e164(&self) -> String {
        format!("+88{}", self.national)
    }

    /// `01XXX-XXXXXX`: what people read.
    pub fn display(&self) -> String {
        format!("{}-{}", &self.national[..5], &self.national[5..])
    }
}

impl fmt::Display for Phone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn accepts_every_common_way_of_writing_it() {
        for raw in ["01712345678", "+8801712345678", "8801712345678", "017-1234-5678", " +880 1712 345678 ", "+880-17123-45678"] {
            let phone = Phone::parse(raw).unwrap_or_else(|e| panic!("{raw:?}: {e}"));
            assert_eq!(phone.e164(), "+8801712345678", "{raw:?}");
            assert_eq!(phone.display(), "01712-345678", "{raw:?}");
        }
    }

    #[test]
    fn bengali_digits_are_the_same_number_stored_in_latin_digits() {
        for raw in ["০১৭১২-৩৪৫৬৭৮", "+৮৮০ ১৭১২ ৩৪৫৬৭৮", "৮৮০১৭১২৩৪৫৬৭৮", "০১৭১২-345678"]
        {
            let phone = Phone::parse(raw).unwrap_or_else(|e| panic!("{raw:?}: {e}"));
            assert_eq!((phone.e164(), phone.display()), ("+8801712345678".to_owned(), "01712-345678".to_owned()), "{raw:?}");
        }
        assert_eq!(Phone::parse("০১২১২৩৪৫৬৭৮"), Err(PhoneError::NotAMobileNumber), "an operator digit of 2 in either script");
    }

    #[test]
    fn each_problem_has_its_reason() {
        assert_eq!(PhoneError::Blank.reason(), FieldReason::Required);
        assert_eq!(PhoneError::NotAMobileNumber.reason(), FieldReason::InvalidPhone);
    }

    #[test]
    fn refuses_what_is_not_a_bangladesh_mobile() {
        assert_eq!(Phone::parse("  "), Err(PhoneError::Blank));
        for raw in ["0171234567", "017123456789", "01212345678", "02712345678", "+8802712345678", "+9101712345678", "0171234567a", "phone"]
        {
            assert_eq!(Phone::parse(raw), Err(PhoneError::NotAMobileNumber), "{raw:?}");
        }
    }

    proptest! {
        #[test]
        fn what_it_stores_parses_back_to_itself(operator in 3u8..=9, rest in 0u32..100_000_000) {
            let phone = Phone::parse(&format!("01{operator}{rest:08}")).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(Phone::parse(&phone.e164()), Ok(phone.clone()));
            prop_assert_eq!(Phone::parse(&phone.display()), Ok(phone));
        }
    }
}
