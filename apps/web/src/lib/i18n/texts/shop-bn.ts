import type { Texts } from '../catalogue';
import type { shop as en } from './shop-en';

// The Bangla texts of the shop pages: every key of the English ones (the type check fails on a missing one).
export const shop: Texts<typeof en> = {};
