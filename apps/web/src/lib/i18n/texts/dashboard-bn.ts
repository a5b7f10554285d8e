import type { Texts } from '../catalogue';
import type { dashboard as en } from './dashboard-en';

// The Bangla texts of the dashboard pages: every key of the English ones (the type check fails on a missing one).
export const dashboard: Texts<typeof en> = {};
