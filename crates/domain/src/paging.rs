//! Bounded pages of a list: every list the server returns has a limit a caller cannot lift.

/// Which page of a list a caller wants. Pages count from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    page: u32,
    per_page: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PagingError {
    #[error("page must be 1 or more")]
    PageOutOfRange,
    #[error("perPage must be between 1 and {max}")]
    PerPageOutOfRange { max: u32 },
}

impl PageRequest {
    pub const MAX_PER_PAGE: u32 = 100;
    /// Far past any real catalogue; keeps OFFSET arithmetic small.
    pub const MAX_PAGE: u32 = 100_000;

    pub fn new(page: u32, per_page: u32) -> Result<Self, PagingError> {
        if page == 0 || page > Self::MAX_PAGE {
            return Err(PagingError::PageOutOfRange);
        }
        if per_page == 0 || per_page > Self::MAX_PER_PAGE {
            return Err(PagingError::PerPageOutOfRange { max: Self::MAX_PER_PAGE });
        }
        Ok(Self { page, per_page })
    }

    pub const fn page(self) -> u32 {
        self.page
    }

    pub const fn per_page(self) -> u32 {
        self.per_page
    }

    pub const fn offset(self) -> u64 {
        (self.page as u64 - 1) * self.per_page as u64
    }
}

/// One page of results and the size of the whole list.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub request: PageRequest,
    pub total: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_count_from_page_one() {
        let second = PageRequest::new(2, 20);
        assert_eq!(second.map(PageRequest::offset), Ok(20));
    }

    #[test]
    fn huge_or_zero_sizes_are_refused() {
        assert_eq!(PageRequest::new(1, 101), Err(PagingError::PerPageOutOfRange { max: 100 }));
        assert_eq!(PageRequest::new(1, 0), Err(PagingError::PerPageOutOfRange { max: 100 }));
        assert_eq!(PageRequest::new(0, 10), Err(PagingError::PageOutOfRange));
        assert_eq!(PageRequest::new(PageRequest::MAX_PAGE + 1, 10), Err(PagingError::PageOutOfRange));
    }
}
