// The English texts of the storefront shown at start (the home page's blocks, book cards, the search box): part of
// the common catalogue (common-en.ts spreads them in), kept in a file of their own. They travel in the start-up
// download: keep them short. Numbers arrive formatted in the reader's digits (`{{number}}`); `count` only picks the
// plural form.
export const storefront = {
  hero: {
    label: 'Highlights',
    carousel: 'carousel',
    slide: 'slide',
    position: '{{index}} of {{total}}',
    goTo: 'Go to slide {{index}}',
    previous: 'Previous slide',
    next: 'Next slide',
    play: 'Play slideshow',
    pause: 'Pause slideshow',
    slides: {
      secondLife: {
        eyebrow: 'Used books, fair prices',
        headline: 'Give every book a second life',
        subline:
          'Buy and sell pre-loved books across Bangladesh, from Tagore and Humayun Ahmed to HSC guides, at a fraction of the shelf price.',
        cta: 'Shop books',
        art: 'Illustration: a stack of well-read books beside a plant',
      },
      textbooks: {
        eyebrow: 'Students save more',
        headline: 'Textbooks for less, every semester',
        subline:
          'Admission guides, board books and university texts from students who have just finished with them. Check the condition, see the saving, order.',
        cta: 'Find textbooks',
        art: 'Illustration: an open book with a price tag',
      },
      delivery: {
        eyebrow: 'Free delivery',
        headline: 'Order in a minute. Delivery is on us.',
        subline:
          'Choose a book, tell us where to meet and pay securely. Verified sellers, clear prices in taka, no hidden charges.',
        cta: 'Start browsing',
        art: 'Illustration: a delivery van carrying a parcel of books',
      },
    },
  },
  plans: {
    eyebrow: 'Subscription plans',
    heading: 'Read more, spend less',
    text: 'Borrow books, save on delivery and sell more each month. Plans launch soon; nothing is charged today.',
    perMonth: 'per month',
    borrow_one: '{{number}} book borrowed at a time',
    borrow_other: '{{number}} books borrowed at a time',
    discount: '{{percent}}% delivery discount',
    soon: 'Coming soon',
    standard: { name: 'Standard Plan', selling: 'Selling: {{number}} books per month' },
    popular: { name: 'Most Popular', selling: 'Selling: {{number}} per month' },
    premium: { name: 'Premium', selling: 'Selling: unlimited' },
  },
  bookCard: {
    sold: 'Sold',
    reserved: 'Reserved',
  },
  advertised: {
    eyebrow: 'Hand-picked by sellers',
    heading: 'Advertised Items',
    text: 'Fresh listings from sellers across the country, still available to order.',
    error: "We couldn't load advertised books",
  },
  explore: {
    eyebrow: 'Explore books',
    heading: 'Find your next read by category',
    more: 'View More Books',
    seeAll: 'See all',
    seeAllIn: 'See all {{category}} books',
  },
  searchBox: {
    label: 'Search books',
    placeholder: 'Search by title or author',
    open: 'Search books',
    close: 'Close search',
    suggestions: 'Suggestions',
    none: 'No suggestions',
    count_one: '{{number}} suggestion',
    count_other: '{{number}} suggestions',
  },
} as const;
