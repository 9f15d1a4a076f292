// Text and count limits the forms show (a field's maxlength, "8 fotos como máximo") without zod
// (decision 070): the schemas that check them import them from here and export them too.

export const PROJECT_PHOTOS_MAX = 8;
export const NOTE_MAX = 1000;
export const COMMENT_MAX = 2000;
export const HIRE_END_REASON_MAX = 1000;
export const WARRANTY_REASON_MAX = 2000;
