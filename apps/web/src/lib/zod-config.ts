import { config } from 'zod/v4/core';

// The server's Content-Security-Policy allows no eval. Zod compiles object schemas with `new Function` when it may,
// and merely probing whether it may is reported as a policy violation: validate without compiling. Zod decides when a
// schema is created, so main.tsx imports this module before any other. Only the settings come from zod's core here (the
// same global settings `z.config` writes): the schema library itself stays in the chunks of the pages with forms.
config({ jitless: true });
