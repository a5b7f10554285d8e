/** Where readers write to the team: the contact page and a seller whose listing was hidden both point here. */
export const SUPPORT_EMAIL = 'support@puronoboi.com.bd';
