import type { Texts } from '../catalogue';
import type { storefront as en } from './storefront-en';

// The Bangla texts of the storefront shown at start: part of the common catalogue (common-bn.ts spreads them in).
export const storefront: Texts<typeof en> = {};
