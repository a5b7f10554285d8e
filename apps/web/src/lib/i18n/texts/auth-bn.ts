import type { Texts } from '../catalogue';
import type { auth as en } from './auth-en';

// The Bangla texts of the auth pages: every key of the English ones (the type check fails on a missing one). "Sign
// in" and "log in" are both লগইন, as Bangladeshi sites say it; the providers are written as people say them (গুগল,
// ফেসবুক).
export const auth: Texts<typeof en> = {
  shell: {
    tagline: 'বই পুরনো, গল্প আনকোরা।',
    promiseBooks: 'হাজারো পুরনো বই, বিক্রেতার নিজের হাতে যাচাই করা',
    promiseSell: 'পড়া শেষ বই বিক্রি করুন, নিজের ঠিক করা দামে',
    promiseTrust: 'যাচাই করা বিক্রেতা আর ভরসার কার্ড পেমেন্ট',
    footnote: 'নীলক্ষেত থেকে আপনার দরজায়, একটি একটি করে বই।',
  },
  fields: {
    name: 'নাম',
    email: 'ই-মেইল',
    emailPlaceholder: 'আপনার ই-মেইল ঠিকানা',
    password: 'পাসওয়ার্ড',
  },
  login: {
    title: 'লগইন',
    lead: 'আবার স্বাগতম। বই অর্ডার করতে, উইশলিস্ট রাখতে বা আপনার বিক্রির বইগুলো সামলাতে লগইন করুন।',
    signedInAs: 'আপনি <0>{{email}}</0> হিসেবে লগইন করে আছেন।',
    wrongAccount: 'এই অ্যাকাউন্ট দিয়ে আপনার চাওয়া পাতাটি খোলা যায় না; অন্য অ্যাকাউন্ট দিয়ে লগইন করুন।',
    switchAccount: 'অ্যাকাউন্ট বদলাতে নিচে লগইন করুন।',
    form: 'লগইন',
    passwordPlaceholder: 'আপনার পাসওয়ার্ড',
    forgotPassword: 'পাসওয়ার্ড ভুলে গেছেন?',
    submit: 'লগইন',
    submitting: 'লগইন হচ্ছে...',
    newHere: 'পুরনো বইয়ে নতুন?',
    signupLink: 'নতুন অ্যাকাউন্ট খুলুন',
    success: 'লগইন সফল হয়েছে',
  },
  signup: {
    title: 'নতুন অ্যাকাউন্ট খুলুন',
    lead: 'ন্যায্য দামে পুরনো বই কিনুন, কিংবা পড়া শেষ বইগুলো বিক্রি করুন।',
    form: 'সাইন আপ',
    namePlaceholder: 'আপনার পুরো নাম',
    passwordPlaceholder: 'একটি পাসওয়ার্ড দিন',
    seller: 'বিক্রেতা অ্যাকাউন্ট',
    sellerHint: 'নিজের বই বিক্রির জন্য তুলতে চালু করুন। শুধু কিনতে চাইলে বন্ধ রাখুন।',
    submit: 'সাইন আপ',
    submitting: 'আপনার অ্যাকাউন্ট খোলা হচ্ছে...',
    haveAccount: 'আগেই অ্যাকাউন্ট আছে?',
    loginLink: 'লগইন করুন',
    success: 'অ্যাকাউন্ট খোলা হয়েছে',
  },
  validation: {
    nameRequired: 'নাম লিখতে হবে',
    emailRequired: 'ই-মেইল লিখতে হবে',
    passwordRequired: 'পাসওয়ার্ড লিখতে হবে',
  },
  providers: {
    google: 'গুগল',
    facebook: 'ফেসবুক',
  },
  social: {
    divider: 'অথবা নিচের যেকোনোটি দিয়ে',
    signInWith: '{{provider}} দিয়ে লগইন করুন',
  },
  gate: {
    unavailable: 'এই মুহূর্তে লগইন করা যাচ্ছে না',
    notConfigured:
      '<0>এই সার্ভারে লগইনের ব্যবস্থা চালু করা হয়নি।</0> চালু না হওয়া পর্যন্ত আপনি সব বই ঘুরে দেখতে পারবেন, দাম ও বিস্তারিতও দেখতে পারবেন; তবে বিক্রেতাদের ফোন নম্বর আর ই-মেইল ঠিকানা শুধু লগইন করা ব্যবহারকারীদের জন্য।',
    browse: 'দোকান ঘুরে দেখুন',
  },
  chooser: {
    title: '{{provider}} অ্যাকাউন্ট বেছে নিন (লোকাল এমুলেটর)',
    explanation:
      'এই সার্ভারে আসল {{provider}} নয়, চলছে তার একটি লোকাল বিকল্প; তাই কোনো আসল অ্যাকাউন্ট এতে জড়িত নয়। কোনো পরিচয় দিয়ে প্রথমবার লগইন করলে সেটি একটি ক্রেতা অ্যাকাউন্ট পায়।',
    accounts: '{{provider}} অ্যাকাউন্টগুলো',
    signingIn: 'লগইন হচ্ছে',
    other: 'অন্য অ্যাকাউন্ট ব্যবহার করুন',
    back: 'ফিরে যান',
    continue: '{{provider}} দিয়ে চালিয়ে যান',
    cancel: 'বাতিল',
  },
  errors: {
    wrongCredentials: 'ই-মেইল বা পাসওয়ার্ড ভুল।',
    invalidEmail: 'ই-মেইল ঠিকানাটি সঠিক মনে হচ্ছে না।',
    emailInUse: 'এই ই-মেইলে আগেই একটি অ্যাকাউন্ট আছে। বরং লগইন করুন।',
    weakPassword: 'আরও লম্বা পাসওয়ার্ড দিন: অন্তত {{min}}টি অক্ষর।',
    tooManyRequests: 'অনেকবার চেষ্টা করা হয়েছে। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
    disabled: 'এই অ্যাকাউন্টটি বন্ধ করে দেওয়া হয়েছে।',
    network: 'লগইনের সেবার সঙ্গে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    popupBlocked: 'আপনার ব্রাউজার লগইনের উইন্ডোটি আটকে দিয়েছে। এই সাইটের জন্য পপ-আপ চালু করে আবার চেষ্টা করুন।',
    otherMethod: 'এই ই-মেইলে অন্য উপায়ে লগইন করা একটি অ্যাকাউন্ট আগেই আছে। সেই উপায়েই লগইন করুন।',
    notEnabled: 'এই সার্ভারে এই উপায়ে লগইন চালু নেই।',
    unauthorizedDomain: 'এই ঠিকানা থেকে লগইন করার অনুমতি নেই।',
    failed: 'লগইন করা যায়নি। আবার চেষ্টা করুন।',
  },
};
