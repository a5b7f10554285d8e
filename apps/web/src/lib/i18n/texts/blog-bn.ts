import type { Texts } from '../catalogue';
import type { blog as en } from './blog-en';

// The Bangla texts of the blog pages: every key of the English ones (the type check fails on a missing one).
export const blog: Texts<typeof en> = {};
