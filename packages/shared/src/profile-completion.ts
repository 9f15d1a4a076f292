import { isValidCedula } from './cedula.ts';

// How complete a profile is (spec §4 "Profile completeness"): the bar on /perfil/info (5
// checks) and on /profile/info and /contractor/profile (11 checks). The form computes it
// from what is typed, so the bar moves while the person fills it in.

export const CLIENT_COMPLETION_ITEMS = ['firstName', 'lastName', 'email', 'phone', 'address'] as const;

/**
 * The spec's 11 contractor checks counted the e-mail twice; the second one is the photo here,
 * the thing a client looks at first (docs/spec-decisions.md).
 */
export const CONTRACTOR_COMPLETION_ITEMS = ['firstName', 'lastName', 'phone', 'address', 'email', 'cedula', 'companyName', 'photo', 'city', 'description', 'serviceTypes'] as const;

export type CompletionItem = (typeof CLIENT_COMPLETION_ITEMS)[number] | (typeof CONTRACTOR_COMPLETION_ITEMS)[number];

export interface Completion {
  done: number;
  total: number;
  /** 0–100, rounded down (100 only when every check passes). */
  percent: number;
  missing: CompletionItem[];
}

type Text = string | null | undefined;

/** What is typed so far (a form's watched values) or stored; absent counts as missing. */
export interface ClientCompletionInput {
  firstName?: Text;
  lastName?: Text;
  email?: Text;
  phone?: Text;
  address?: Text;
}

export interface ContractorCompletionInput extends ClientCompletionInput {
  cedula?: Text;
  companyName?: Text;
  city?: Text;
  description?: Text;
  serviceTypes?: readonly (string | undefined)[] | null | false;
  hasPhoto: boolean;
}

const filled = (value: Text): boolean => typeof value === 'string' && value.trim() !== '';

function summarise<T extends CompletionItem>(items: readonly T[], passes: (item: T) => boolean): Completion {
  const missing = items.filter((item) => !passes(item));
  const done = items.length - missing.length;
  return { done, total: items.length, percent: Math.floor((done * 100) / items.length), missing };
}

export function clientProfileCompletion(p: ClientCompletionInput): Completion {
  return summarise(CLIENT_COMPLETION_ITEMS, (item) => filled(p[item]));
}

export function contractorProfileCompletion(p: ContractorCompletionInput): Completion {
  return summarise(CONTRACTOR_COMPLETION_ITEMS, (item) => {
    switch (item) {
      case 'photo':
        return p.hasPhoto;
      case 'serviceTypes':
        return Array.isArray(p.serviceTypes) && p.serviceTypes.length > 0;
      case 'cedula':
        // A typed but wrong cédula does not count.
        return filled(p.cedula) && isValidCedula(p.cedula!);
      default:
        return filled(p[item]);
    }
  });
}
