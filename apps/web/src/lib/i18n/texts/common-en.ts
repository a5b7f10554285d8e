// The English texts. The spec's own wording is kept exactly ("SignUp", "Advertise Items", ...).
import { storefront } from './storefront-en';

export const common = {
  ...storefront,
  language: {
    label: 'Language',
  },
  loading: {
    page: 'Loading the page',
    payment: 'Loading the payment page',
    search: 'Loading the search',
  },
  validation: {
    required: 'This field is required',
    tooLong: 'At most {{max}} characters',
  },
  nav: {
    label: 'Main',
    brandHome: 'Puronoboi home',
    home: 'Home',
    shop: 'Shop',
    advertise: 'Advertise Items',
    blog: 'Blog',
    dashboard: 'Dashboard',
    login: 'Login',
    signup: 'SignUp',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    loadingAccount: 'Loading your account',
  },
  footer: {
    tagline:
      "Bangladesh's marketplace for used books. Buy for less, sell what you have read, and keep good books in circulation.",
    label: 'Footer',
    company: 'Company',
    home: 'Home',
    contacts: 'Contacts',
    about: 'About Us',
    privacy: 'Privacy Policy',
    follow: 'Follow us',
    facebook: 'Puronoboi on Facebook',
    x: 'Puronoboi on X (Twitter)',
    instagram: 'Puronoboi on Instagram',
    rights: '© {{year}} Puronoboi. All rights reserved.',
  },
  services: {
    eyebrow: 'Why Puronoboi',
    heading: 'Good books should not cost a fortune',
    buyingTitle: 'Used book buying',
    buyingText:
      'Pay far less than the shelf price for books that still have plenty of reading left in them, and sell the ones you have finished to readers who need them.',
    orderingTitle: 'Super easy to order',
    orderingText:
      'Find a book, press Buy Now and tell the seller where to meet. No haggling and no endless messages: the price you see is the price you pay.',
    deliveryTitle: 'Free delivery',
    deliveryText:
      'We bring your books to you at no extra charge, so a {{price}} paperback still costs {{price}} when it reaches your hands.',
  },
  contact: {
    eyebrow: 'Contact us',
    heading: 'Questions about an order or a listing?',
    text: 'Real people answer. Write to us or give us a call and we will help you sort it out.',
    email: 'E-mail',
    phone: 'Phone',
  },
} as const;
