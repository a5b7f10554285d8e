import type { Texts } from '../catalogue';
import type { storefront as en } from './storefront-en';

// The Bangla texts of the storefront shown at start: part of the common catalogue (common-bn.ts spreads them in).
// Bangla has one plural form: the `_one` and `_other` keys say the same.
export const storefront: Texts<typeof en> = {
  hero: {
    label: 'বিশেষ আকর্ষণ',
    carousel: 'স্লাইডশো',
    slide: 'স্লাইড',
    position: '{{total}}টির মধ্যে {{index}}',
    goTo: '{{index}} নম্বর স্লাইডে যান',
    previous: 'আগের স্লাইড',
    next: 'পরের স্লাইড',
    play: 'স্লাইডশো চালু করুন',
    pause: 'স্লাইডশো থামান',
    slides: {
      secondLife: {
        eyebrow: 'পুরনো বই, ন্যায্য দাম',
        headline: 'প্রতিটি বইকে দিন নতুন জীবন',
        subline:
          'রবীন্দ্রনাথ, হুমায়ূন আহমেদ থেকে এইচএসসি গাইড: সারা বাংলাদেশে পুরনো বই কিনুন ও বিক্রি করুন, দোকানের দামের অনেক কমে।',
        cta: 'বই কিনুন',
        art: 'ছবি: গাছের পাশে পড়া বইয়ের স্তূপ',
      },
      textbooks: {
        eyebrow: 'শিক্ষার্থীদের সাশ্রয় বেশি',
        headline: 'প্রতি সেমিস্টারে কম দামে পাঠ্যবই',
        subline:
          'ভর্তি গাইড, বোর্ড বই আর বিশ্ববিদ্যালয়ের বই, সদ্য পড়া শেষ করা শিক্ষার্থীদের কাছ থেকে। বইয়ের অবস্থা দেখুন, কত সাশ্রয় দেখুন, অর্ডার করুন।',
        cta: 'পাঠ্যবই খুঁজুন',
        art: 'ছবি: দামের ট্যাগসহ একটি খোলা বই',
      },
      delivery: {
        eyebrow: 'ফ্রি ডেলিভারি',
        headline: 'এক মিনিটে অর্ডার, ডেলিভারি আমাদের খরচে।',
        subline: 'বই বেছে নিন, কোথায় দেখা করবেন জানান, নিরাপদে পেমেন্ট করুন। যাচাই করা বিক্রেতা, টাকায় স্পষ্ট দাম, কোনো লুকানো খরচ নেই।',
        cta: 'বই দেখা শুরু করুন',
        art: 'ছবি: বইয়ের পার্সেল নিয়ে ডেলিভারি ভ্যান',
      },
    },
  },
  plans: {
    eyebrow: 'সাবস্ক্রিপশন প্ল্যান',
    heading: 'বেশি পড়ুন, কম খরচ করুন',
    text: 'বই ধার নিন, ডেলিভারিতে সাশ্রয় করুন, প্রতি মাসে আরও বেশি বই বিক্রি করুন। প্ল্যানগুলো শিগগিরই চালু হবে; এখন কোনো টাকা লাগবে না।',
    perMonth: 'প্রতি মাসে',
    borrow_one: 'একসঙ্গে {{number}}টি বই ধার',
    borrow_other: 'একসঙ্গে {{number}}টি বই ধার',
    discount: 'ডেলিভারিতে {{percent}}% ছাড়',
    soon: 'শিগগিরই আসছে',
    standard: { name: 'স্ট্যান্ডার্ড প্ল্যান', selling: 'বিক্রি: মাসে {{number}}টি বই' },
    popular: { name: 'সবচেয়ে জনপ্রিয়', selling: 'বিক্রি: মাসে {{number}}টি' },
    premium: { name: 'প্রিমিয়াম', selling: 'বিক্রি: সীমাহীন' },
  },
  bookCard: {
    sold: 'বিক্রি হয়ে গেছে',
    reserved: 'সংরক্ষিত',
  },
  advertised: {
    eyebrow: 'বিক্রেতাদের বাছাই করা',
    heading: 'বিজ্ঞাপনের বই',
    text: 'সারা দেশের বিক্রেতাদের সদ্য যোগ হওয়া বই, এখনো অর্ডার করা যায়।',
    error: 'বিজ্ঞাপনের বইগুলো আনা যায়নি',
  },
  explore: {
    eyebrow: 'বই ঘুরে দেখুন',
    heading: 'ক্যাটাগরি ধরে খুঁজে নিন পরের বই',
    more: 'আরও বই দেখুন',
    seeAll: 'সব দেখুন',
    seeAllIn: 'সব দেখুন: {{category}}',
  },
  searchBox: {
    label: 'বই খুঁজুন',
    placeholder: 'বইয়ের নাম বা লেখকের নাম লিখুন',
    open: 'বই খুঁজুন',
    close: 'খোঁজা বন্ধ করুন',
    suggestions: 'প্রস্তাবিত বই',
    none: 'কোনো বই পাওয়া যায়নি',
    count_one: '{{number}}টি বই পাওয়া গেছে',
    count_other: '{{number}}টি বই পাওয়া গেছে',
  },
};
