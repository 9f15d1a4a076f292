import { z } from 'zod';
import { es } from 'zod/locales';

// Any zod message a schema does not set itself comes out in Spanish. Imported for its
// effect by schemas/common.ts, so every user of a shared schema gets it.
z.config(es());

// In the browser, no JIT: zod probes `new Function('')` once to decide, and under our CSP (no
// 'unsafe-eval') the refused probe is reported as a violation (Lighthouse's best practices count it,
// decision 032). The server keeps the faster compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
