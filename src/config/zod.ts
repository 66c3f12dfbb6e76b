import { z } from 'zod';

// Extension pages and workers forbid `new Function` (MV3 CSP); zod's JIT would try it and log a
// CSP violation on every start. Imported first by each entrypoint.
z.config({ jitless: true });
