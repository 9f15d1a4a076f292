import { contractorContact as t } from '@arreglaya/shared/i18n/contractor-contact';
import type { ContactProject } from '@arreglaya/shared/schemas/directory';
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

/** A project's start date (YYYY-MM-DD, a calendar day) as people in the Dominican Republic write it. */
export function formatStartDate(isoDate: string, locale = 'es-DO'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * The spec's service-request notification: the client's words, the project when given, and
 * two buttons (accept, reject). The shared layout draws one button; the second is drawn by
 * the same layout and placed beside the first, so both keep its look.
 */
export function renderServiceRequestMail(m: ServiceRequestMail): { subject: string; text: string; html: string } {
  const paragraphs = [t.emailGreeting(m.contractorFirstName), t.emailIntro(m.clientFirstName || t.aClient), t.emailMessage(m.message)];
  if (m.project) paragraphs.push(`${t.emailProject(m.project.title)}\n${t.emailStartDate(formatStartDate(m.project.startDate))}`);
  const accept = { label: t.emailAccept, url: m.acceptUrl };
  const reject = { label: t.emailReject, url: m.rejectUrl };
  const mail = renderMail({ title: t.emailTitle, paragraphs, action: accept, footer: t.emailFooter });
  const button = (html: string) => /<p><a href=[\s\S]*?<\/a><\/p>/.exec(html)?.[0] ?? '';
  const acceptButton = button(mail.html);
  const rejectButton = button(renderMail({ title: '', paragraphs: [], action: reject }).html);
  const acceptLine = `${accept.label}: ${accept.url}\n`;
  return {
    subject: t.emailSubject,
    text: mail.text.replace(acceptLine, `${acceptLine}${reject.label}: ${reject.url}\n`),
    html: mail.html.replace(acceptButton, `${acceptButton}${rejectButton}`),
  };
}
