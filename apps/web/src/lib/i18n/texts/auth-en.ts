// The English texts of the auth pages (/login, /signup, and what they show: the social buttons, the local emulator's
// account chooser, the sign-in errors), fetched with them. The spec's wording is kept exactly ("User login
// successfully", "Sign Up", "Seller Account"). Rich texts number their tags (<0>…</0>, read by `<Trans components>`):
// a tag named in words would be a Latin word in every language.
export const auth = {
  shell: {
    tagline: 'Second-hand books, first-hand stories.',
    promiseBooks: 'Thousands of used books, checked by their sellers',
    promiseSell: 'Sell the books you have finished, at your price',
    promiseTrust: 'Verified sellers and card payments you can trust',
    footnote: 'Nilkhet to your doorstep, one book at a time.',
  },
  fields: {
    name: 'Name',
    email: 'Email',
    emailPlaceholder: 'you@example.com',
    password: 'Password',
  },
  login: {
    title: 'Log in',
    lead: 'Welcome back. Log in to order books, keep a wish list or manage your listings.',
    signedInAs: 'You are logged in as <0>{{email}}</0>.',
    wrongAccount: 'That account cannot open the page you asked for; log in with another one.',
    switchAccount: 'Log in below to switch accounts.',
    form: 'Log in',
    passwordPlaceholder: 'Your password',
    forgotPassword: 'Forgot password?',
    submit: 'Login',
    submitting: 'Logging in...',
    newHere: 'New to Puronoboi?',
    signupLink: 'Create an account',
    success: 'User login successfully',
  },
  signup: {
    title: 'Create an account',
    lead: 'Buy used books at fair prices, or sell the ones you have finished.',
    form: 'Sign up',
    namePlaceholder: 'Your full name',
    passwordPlaceholder: 'Choose a password',
    seller: 'Seller Account',
    sellerHint: 'Turn on to list your own books for sale. Leave off to buy.',
    submit: 'Sign Up',
    submitting: 'Creating your account...',
    haveAccount: 'Already have an account?',
    loginLink: 'Log in',
    success: 'User created successfully',
  },
  validation: {
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    passwordRequired: 'Password is required',
  },
  providers: {
    google: 'Google',
    facebook: 'Facebook',
  },
  social: {
    divider: 'or continue with',
    signInWith: 'Sign in with {{provider}}',
  },
  gate: {
    unavailable: 'Sign-in is unavailable right now',
    notConfigured:
      "<0>Sign-in is not configured on this server.</0> Until it is, you can browse every book and see its price and details; the sellers' phone numbers and e-mail addresses are for signed-in users.",
    browse: 'Browse the shop',
  },
  chooser: {
    title: 'Choose a {{provider}} account (local emulator)',
    explanation:
      'This server uses a local stand-in for {{provider}}, so no real account is involved. The first time an identity signs in, it gets a buyer account.',
    accounts: '{{provider}} accounts',
    signingIn: 'Signing in',
    other: 'Use another account',
    back: 'Back',
    continue: 'Continue with {{provider}}',
    cancel: 'Cancel',
  },
  errors: {
    wrongCredentials: 'Wrong e-mail or password.',
    invalidEmail: 'That e-mail address does not look right.',
    emailInUse: 'An account already uses this e-mail. Log in instead.',
    weakPassword: 'Choose a longer password: at least {{min}} characters.',
    tooManyRequests: 'Too many attempts. Wait a moment, then try again.',
    disabled: 'This account has been disabled.',
    network: "We couldn't reach the sign-in service. Check your connection and try again.",
    popupBlocked: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
    otherMethod: 'An account already uses this e-mail with another way of signing in. Use that one instead.',
    notEnabled: 'This way of signing in is not enabled on this server.',
    unauthorizedDomain: 'Sign-in is not allowed from this address.',
    failed: 'Sign-in failed. Please try again.',
  },
} as const;
