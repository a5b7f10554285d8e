import { z } from 'zod';

// The server's Content-Security-Policy allows no eval. Zod compiles object schemas with `new Function` when it may,
// and merely probing whether it may is reported as a policy violation: validate without compiling. Zod decides when a
// schema is created, so main.tsx imports this module before any other.
z.config({ jitless: true });
