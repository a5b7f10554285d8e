import type { Texts } from '../catalogue';
import type { common as en } from './common-en';
import { storefront } from './storefront-bn';

// The Bangla texts: every key of the English catalogue (the type check fails on a missing or misspelt one).
// Names stay as people know them: the brand is written পুরনো বই where it is read as words.
export const common: Texts<typeof en> = {
  ...storefront,
  language: {
    label: 'ভাষা',
  },
  loading: {
    page: 'পাতাটি আসছে',
    payment: 'পেমেন্টের পাতাটি আসছে',
    search: 'খোঁজার পাতাটি আসছে',
  },
  validation: {
    required: 'এই ঘরটি পূরণ করতে হবে',
    tooLong: 'সর্বোচ্চ {{max}}টি অক্ষর',
  },
  nav: {
    label: 'প্রধান',
    brandHome: 'পুরনো বই: প্রথম পাতা',
    home: 'হোম',
    shop: 'দোকান',
    advertise: 'বিজ্ঞাপনের বই',
    blog: 'ব্লগ',
    dashboard: 'ড্যাশবোর্ড',
    login: 'লগইন',
    signup: 'সাইন আপ',
    openMenu: 'মেনু খুলুন',
    closeMenu: 'মেনু বন্ধ করুন',
    loadingAccount: 'আপনার অ্যাকাউন্ট আসছে',
  },
  footer: {
    tagline: 'পুরনো বইয়ের বাংলাদেশি বাজার। কম দামে কিনুন, পড়া বই বিক্রি করুন, ভালো বই হাতে হাতে ঘুরুক।',
    label: 'নিচের মেনু',
    company: 'প্রতিষ্ঠান',
    home: 'হোম',
    contacts: 'যোগাযোগ',
    about: 'আমাদের কথা',
    privacy: 'গোপনীয়তা নীতি',
    follow: 'আমাদের সঙ্গে থাকুন',
    facebook: 'ফেসবুকে পুরনো বই',
    x: 'এক্সে (টুইটার) পুরনো বই',
    instagram: 'ইনস্টাগ্রামে পুরনো বই',
    rights: '© {{year}} পুরনো বই। সর্বস্বত্ব সংরক্ষিত।',
  },
  services: {
    eyebrow: 'কেন পুরনো বই',
    heading: 'ভালো বই কিনতে পকেট খালি করতে হয় না',
    buyingTitle: 'পুরনো বই কেনা',
    buyingText:
      'দোকানের দামের চেয়ে অনেক কম দামে কিনুন এমন বই, যার পড়ার মতো অনেক কিছুই এখনো বাকি; আর পড়া শেষ বইগুলো বিক্রি করুন যাঁদের দরকার তাঁদের কাছে।',
    orderingTitle: 'অর্ডার করা খুব সহজ',
    orderingText:
      'বই খুঁজুন, "এখনই কিনুন" চাপুন আর বিক্রেতাকে জানান কোথায় দেখা করবেন। দর কষাকষি নেই, শেষ না হওয়া মেসেজও নেই: যে দাম দেখছেন, সেই দামই দেবেন।',
    deliveryTitle: 'ফ্রি ডেলিভারি',
    deliveryText: 'বাড়তি কোনো খরচ ছাড়াই বই আপনার হাতে পৌঁছে দিই: {{price}} দামের পেপারব্যাক হাতে পৌঁছেও {{price}}-ই থাকে।',
  },
  contact: {
    eyebrow: 'যোগাযোগ করুন',
    heading: 'অর্ডার বা কোনো বই নিয়ে প্রশ্ন আছে?',
    text: 'উত্তর দেন সত্যিকারের মানুষ। আমাদের লিখুন বা ফোন করুন, আমরা মিটিয়ে দিতে সাহায্য করব।',
    email: 'ই-মেইল',
    phone: 'ফোন',
  },
};
