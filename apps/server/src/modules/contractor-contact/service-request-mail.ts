import { contractorContact as t } from '@arreglaya/shared/i18n/contractor-contact';
import type { ContactProject } from '@arreglaya/shared/schemas/directory';
import { formatDay } from '@arreglaya/shared/format-dates';
import { renderMail } from '../mail/layout.ts';

export interface ServiceRequestMail {
  contractorFirstName: string;
  clientFirstName: string;
  message: string;
  project: ContactProject | null;
  /** Where the contractor answers: the messages page, until the chat exists (decision 014). */
  acceptUrl: string;
  rejectUrl: string;
}

/** A project's start date (YYYY-MM-DD, a calendar day) written as every day is (format-dates.ts): '05 dic 2026'. */
export function formatStartDate(isoDate: string, locale = 'es-DO'): string {
  return formatDay(isoDate, locale);
}

/**
 * The spec's service-request notification: the client's words, the project when given, and
 * two buttons (accept, reject).
 */
export function renderServiceRequestMail(m: ServiceRequestMail): { subject: string; text: string; html: string } {
  const paragraphs = [t.emailGreeting(m.contractorFirstName), t.emailIntro(m.clientFirstName || t.aClient), t.emailMessage(m.message)];
  if (m.project) paragraphs.push(`${t.emailProject(m.project.title)}\n${t.emailStartDate(formatStartDate(m.project.startDate))}`);
  const actions = [
    { label: t.emailAccept, url: m.acceptUrl },
    { label: t.emailReject, url: m.rejectUrl },
  ];
  return { subject: t.emailSubject, ...renderMail({ title: t.emailTitle, paragraphs, actions, footer: t.emailFooter }) };
}
