// Texts of the web shell (navbar, footer, not-found, placeholders, spinner, ...).
export const shell = {} as const;
