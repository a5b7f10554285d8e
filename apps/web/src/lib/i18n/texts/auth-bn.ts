import type { Texts } from '../catalogue';
import type { auth as en } from './auth-en';

// The Bangla texts of the auth pages: every key of the English ones (the type check fails on a missing one).
export const auth: Texts<typeof en> = {};
