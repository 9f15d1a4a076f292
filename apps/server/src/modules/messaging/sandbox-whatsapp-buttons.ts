import { eq } from 'drizzle-orm';
import { WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import { BUTTON_TITLES, NOTICE_BUTTONS, WHATSAPP_BUTTON_LIMITS } from '@arreglaya/shared/i18n/whatsapp-buttons';
import type { NotificationType } from '@arreglaya/shared/notification-channels';
import type { Db } from '../../db/client.ts';
import { sandboxMessages } from '../../db/schema/index.ts';

// The WhatsApp stand-in's side of reply buttons (decision 062), as Meta's Cloud API documents them:
// an interactive message (`type: "interactive"`, `interactive.type: "button"`) has 1 to 3 reply
// buttons, each a unique title of at most 20 characters and an id of at most 256; a template's
// quick replies are approved with it and a send gives each one's payload as a `button` component
// (`sub_type: "quick_reply"`, `index`, `parameters: [{ type: "payload", payload }]`).

export interface GraphInteractive {
  type?: unknown;
  body?: { text?: unknown };
  action?: { buttons?: { type?: unknown; reply?: { id?: unknown; title?: unknown } }[] };
}

export interface GraphButtonComponent {
  type?: unknown;
  sub_type?: unknown;
  index?: unknown;
  parameters?: { type?: unknown; text?: unknown; payload?: unknown }[];
}

/** A button the phone presses: a reply button of an interactive message, or a template's quick reply. */
export interface PressedButton {
  kind: 'interactive' | 'template';
  /** The reply button's id, or the quick reply's payload. */
  id: string;
  title: string;
}

type Checked = { ok: true; body: string; buttons: { id: string; title: string }[] } | { ok: false; details: string };

export function checkInteractive(i: GraphInteractive | undefined): Checked {
  if (!i || i.type !== 'button') return { ok: false, details: 'interactive.type must be button' };
  const body = i.body?.text;
  if (typeof body !== 'string' || body.length === 0 || body.length > 1024) return { ok: false, details: 'interactive.body.text is required, at most 1024 characters' };
  const list = i.action?.buttons;
  if (!Array.isArray(list) || list.length === 0 || list.length > WHATSAPP_BUTTON_LIMITS.buttons)
    return { ok: false, details: `action.buttons must have 1 to ${WHATSAPP_BUTTON_LIMITS.buttons} buttons` };
  const buttons: { id: string; title: string }[] = [];
  for (const b of list) {
    const id = b.reply?.id;
    const title = b.reply?.title;
    if (b.type !== 'reply' || typeof id !== 'string' || typeof title !== 'string') return { ok: false, details: 'each button must be {type: reply, reply: {id, title}}' };
    if (title.length === 0 || [...title].length > WHATSAPP_BUTTON_LIMITS.title)
      return { ok: false, details: `button title must be 1 to ${WHATSAPP_BUTTON_LIMITS.title} characters` };
    if (id.length === 0 || id.length > WHATSAPP_BUTTON_LIMITS.id || id.trim() !== id)
      return { ok: false, details: `button id must be 1 to ${WHATSAPP_BUTTON_LIMITS.id} characters` };
    if (buttons.some((other) => other.title === title || other.id === id)) return { ok: false, details: 'button titles and ids must be unique' };
    buttons.push({ id, title });
  }
  return { ok: true, body, buttons };
}

/** The quick replies a template was approved with (their titles, in order). */
export function templateQuickReplies(templateName: string): readonly string[] {
  const type = (Object.keys(WHATSAPP_TEMPLATES) as NotificationType[]).find((t) => WHATSAPP_TEMPLATES[t].name === templateName);
  return (type && NOTICE_BUTTONS[type]?.map((a) => BUTTON_TITLES[a])) ?? [];
}

/** A template send's `button` components against the template's quick replies: each names one of them by index, once, with one payload. */
export function checkQuickReplies(
  titles: readonly string[],
  components: readonly GraphButtonComponent[],
): { ok: true; buttons: { id: string; title: string }[] | null } | { ok: false; details: string } {
  const given = components.filter((c) => c.type === 'button');
  if (given.length === 0) return { ok: true, buttons: null };
  const buttons: { id: string; title: string }[] = [];
  for (const c of given) {
    const index = typeof c.index === 'string' || typeof c.index === 'number' ? Number(c.index) : NaN;
    const payload = c.parameters?.[0]?.payload;
    if (c.sub_type !== 'quick_reply' || !Number.isInteger(index) || index < 0 || index >= titles.length)
      return { ok: false, details: `button: the template has ${titles.length} quick replies` };
    if (c.parameters?.length !== 1 || c.parameters[0]?.type !== 'payload' || typeof payload !== 'string' || payload.length === 0 || payload.length > WHATSAPP_BUTTON_LIMITS.id)
      return { ok: false, details: `button ${index}: one payload parameter of 1 to ${WHATSAPP_BUTTON_LIMITS.id} characters` };
    if (buttons.some((b) => b.title === titles[index])) return { ok: false, details: `button ${index} given twice` };
    buttons.push({ id: payload, title: titles[index]! });
  }
  return { ok: true, buttons };
}

/** A message the stand-in delivered and its buttons (what /dev/messages/press presses). */
export async function findSentMessage(db: Db, id: string) {
  const [row] = await db.select().from(sandboxMessages).where(eq(sandboxMessages.id, id));
  return row;
}
