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
    /// Lists are for browsing: a page starting past the first rows is refused, so nobody can make the database
    /// skip millions of rows per request.
    #[error("only the first {max_rows} rows of a list can be paged through; narrow the list instead")]
    TooDeep { max_rows: u64 },
}

impl PageRequest {
    pub const MAX_PER_PAGE: u32 = 100;
    /// How deep into a list a page may start.
    pub const MAX_ROWS: u64 = 10_000;

    pub fn new(page: u32, per_page: u32) -> Result<Self, PagingError> {
        if page == 0 {
            return Err(PagingError::PageOutOfRange);
        }
        if per_page == 0 || per_page > Self::MAX_PER_PAGE {
            return Err(PagingError::PerPageOutOfRange { max: Self::MAX_PER_PAGE });
        }
        let request = Self { page, per_page };
        if request.offset() >= Self::MAX_ROWS {
            return Err(PagingError::TooDeep { max_rows: Self::MAX_ROWS });
        }
        Ok(request)
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

impl<T> Page<T> {
    /// The same page with each item converted.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page { items: self.items.into_iter().map(f).collect(), request: self.request, total: self.total }
    }
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
    }

    #[test]
    fn pages_start_within_the_first_ten_thousand_rows() {
        assert_eq!(PageRequest::new(1000, 10).map(PageRequest::offset), Ok(9_990), "rows 9,991 to 10,000");
        assert_eq!(PageRequest::new(1001, 10), Err(PagingError::TooDeep { max_rows: 10_000 }));
        assert_eq!(PageRequest::new(101, 100), Err(PagingError::TooDeep { max_rows: 10_000 }));
        assert_eq!(PageRequest::new(u32::MAX, 100), Err(PagingError::TooDeep { max_rows: 10_000 }));
    }
}
