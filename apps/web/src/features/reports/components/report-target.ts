// Apart from report-button.tsx, so that the form it loads (report-form.tsx) can name it without an
// import cycle (decision 068).

/** What is reported: a contractor's profile, or a message of one of the reporter's conversations. */
export type ReportTarget = { targetKind: 'profile'; contractorId: string } | { targetKind: 'message'; messageId: string };
