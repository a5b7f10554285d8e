import type { Texts } from '../catalogue';
import type { buying as en } from './buying-en';

// The Bangla texts of the buying pages: every key of the English ones (the type check fails on a missing one).
export const buying: Texts<typeof en> = {};
