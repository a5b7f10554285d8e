// The server's Content-Security-Policy allows no eval. Zod compiles object schemas with `new Function` when it may,
// and merely probing whether it may is reported as a policy violation: validate without compiling. Zod decides when a
// schema is created, so main.tsx imports this module before any other.
//
// Zod keeps its global settings on `globalThis.__zod_globalConfig` (what `z.config()` writes), taking an object that
// is already there. Setting the flag there directly keeps zod itself (even its core) out of the start-up JavaScript:
// the schema library loads with the pages that have forms. A test checks that zod reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
