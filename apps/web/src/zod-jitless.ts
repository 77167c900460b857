// What `import { z } from 'zod'` gives the browser build (the alias in vite.config.ts): zod,
// told before any schema is built not to compile parsers with `new Function`. Probing for it
// broke the Content-Security-Policy (script-src 'self', no 'unsafe-eval'), which Chromium
// reports on every page. The server keeps zod's compiled parsers.
import { config, z } from 'zod/v4';

config({ jitless: true });

export { z };
