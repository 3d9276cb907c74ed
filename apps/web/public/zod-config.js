// Read by zod as it loads, before any schema is built. The page's CSP allows no eval, so zod's compiled parsers
// cannot run: jitless, it does not even try (the try alone reports a violation). A file, as the CSP allows no
// inline script either.
globalThis.__zod_globalConfig = { jitless: true };
