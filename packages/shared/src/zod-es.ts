import { z } from 'zod';
import { es } from 'zod/locales';

// Any zod message a schema does not set itself comes out in Spanish. Imported for its
// effect by schemas/common.ts, so every user of a shared schema gets it.
z.config(es());
