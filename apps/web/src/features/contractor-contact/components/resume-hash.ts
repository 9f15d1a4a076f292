/** The hash a visitor's 'Contactar' comes back with after signing in or up: the dialog then opens by itself. */
export const resumeHash = (contractorId: string) => `#contactar=${contractorId}`;
