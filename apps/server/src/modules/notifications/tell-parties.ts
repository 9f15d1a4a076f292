import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import type { Tx } from '../../db/client.ts';
import { projectPeople } from '../payments/payments.service.ts';
import { notify, projectUrl, type Notice, type NotifyDeps, type TemplateFacts } from '../projects/project-notify.ts';

// The one way the money notices tell a project's people (decision 074's listeners): the project's
// title and its two people read once, then the same notice to one or both of them, each with
// their own paragraphs, in the project's conversation, their outside channels and by mail.

export type Side = 'client' | 'contractor';
export type ProjectPeople = Awaited<ReturnType<typeof projectPeople>>;

/** What is told: a Notice without its person, with who is told and what each reads, written from the project's title. */
export interface PartiesNotice extends Omit<Notice, 'to' | 'known' | 'pair' | 'paragraphs' | 'facts' | 'outside' | 'subject' | 'title'> {
  /** The mail's subject and the notice's title (a catalogue entry, e.g. projectMail.projectApproved). */
  text: { subject: string; title: string };
  /** Who is told, in this order, each with the paragraphs after the greeting (from the project's title and people as read); none: nobody is told. */
  told: (title: string, people: ProjectPeople | undefined) => readonly (readonly [Side, string[]])[];
  /** The WhatsApp template's other facts (an amount); the project's title is always given. */
  facts?: Omit<TemplateFacts, 'project'>;
  /** Its own text and WhatsApp parameters on the outside channels (Notice.outside), from the title and the person's paragraphs. */
  outside?: (title: string, paragraphs: string[]) => NonNullable<Notice['outside']>;
}

/** The same paragraphs to both, the client first. */
export const both = (paragraphs: string[]): [Side, string[]][] => [
  ['client', paragraphs],
  ['contractor', paragraphs],
];

type Pair = { clientId: string; contractorId: string; projectId: string };

/**
 * Tells a project's client and/or contractor the notice `n`, in their conversation (`about`: the
 * pair itself, or a money event whose payload names them, as the money step recorded them): one
 * read of the project's title and people (their contact and mail preference), then one notify()
 * each. Without `actions`, the notice opens the project.
 */
export async function tellParties(tx: Tx, deps: NotifyDeps, about: Pair | { projectId: string; payload: Omit<Pair, 'projectId'> }, n: PartiesNotice): Promise<void> {
  const pair = 'payload' in about ? { clientId: about.payload.clientId, contractorId: about.payload.contractorId, projectId: about.projectId } : about;
  const people = await projectPeople(tx, pair.projectId);
  const title = people?.title ?? '';
  const { told, facts, actions, outside, text, ...notice } = n;
  const open = actions ?? [{ label: tm.open, url: projectUrl(deps.appUrl, pair.projectId) }];
  for (const [side, paragraphs] of told(title, people))
    await notify(tx, deps, {
      ...notice,
      subject: text.subject,
      title: text.title,
      to: side === 'client' ? pair.clientId : pair.contractorId,
      known: people?.[side] ?? undefined,
      pair,
      paragraphs,
      actions: open,
      facts: { ...facts, project: title },
      ...(outside ? { outside: outside(title, paragraphs) } : {}),
    });
}
