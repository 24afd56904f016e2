// Every test process speaks to zod as the app does: the Spanish error map that createCore and the
// window's main.tsx install (shared/zod-spanish.ts). Component tests render forms without main.tsx.
import { installSpanishZodErrors } from '#shared/zod-spanish';

installSpanishZodErrors();
