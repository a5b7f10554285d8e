// What the payment pages say, word for word where the spec words it (sections 4 and 8).

export const SUCCESS_TOAST = 'Congratulations !! payment successful';
/** Any answer that is neither a success nor a refusal with the provider's reason. */
export const UNEXPECTED_STATE = 'Unexpected State';
export const UNEXPECTED_HINT =
  'We could not confirm this payment yet. Check its status in a moment before you try another card.';
/** createToken threw instead of answering (the card fields were left empty, say). */
export const CARD_UNREADABLE = 'Enter your card number, expiry date and CVC.';
/** A refusal that came without the provider's own words. */
export const CARD_DECLINED = 'The payment did not go through. Please try another card.';
export const AUTHENTICATION_FAILED = 'Your card could not be authenticated. Please try again or use another card.';
export const BOOK_TAKEN = 'Someone else has just ordered this book.';
export const NO_CARD_PAYMENTS = 'Card payments are not available on this server.';
