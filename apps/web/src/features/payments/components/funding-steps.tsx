import type { ReactNode, RefObject } from 'react';
import type { CountryCode } from '@arreglaya/shared/countries';
import { idDocumentText, type IdDocumentKind } from '@arreglaya/shared/id-documents';
import { FUNDING_CHOICES, LOCAL_METHODS, type LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import type { FundBody } from '../api/payments-api.ts';

// The parts of the funding step (funding-section.tsx) besides the card: a way to pay that is not a
// card, and the payer's document that dLocal asks in Colombia and Mexico (decision 067).

/** One of the project's country's ways to pay (FUNDING_CHOICES): a card, ArreglaYa's Dominican account, or a local method. */
export type Choice = (typeof FUNDING_CHOICES)[CountryCode][number];

/** What the fund request says for a choice that is not a card: Banco Popular's voucher stays the Dominican `cash` without a method. */
export function offlineBody(choice: Exclude<Choice, 'card'>, payerDocument: string | undefined): FundBody {
  if (choice === 'transfer') return { rail: 'transfer' };
  const document = payerDocument ? { payerDocument } : {};
  return choice === 'popular' ? { rail: 'cash', ...document } : { rail: 'cash', method: choice, ...document };
}

export function choiceText(choice: Choice): { label: string; hint: string } {
  return choice === 'card' || choice === 'transfer' ? t.offline.rails[choice] : t.offline.methods[choice];
}

/** The intro and the button of a choice that is not a card: a voucher, a transfer reference, a CLABE, or the bank's site. */
function offlineStep(choice: Exclude<Choice, 'card'>, amount: string): { intro: string; button: string } {
  if (choice === 'transfer') return { intro: t.offline.transferIntro, button: t.offline.generateTransfer(amount) };
  if (choice === 'pse') return { intro: t.offline.pseIntro, button: t.offline.goToBankAmount(amount) };
  if (choice === 'spei') return { intro: t.offline.speiIntro, button: t.offline.generateClabe(amount) };
  const intro = choice === 'popular' ? t.offline.cashIntro : t.offline.cashIntroAt(LOCAL_METHODS[choice satisfies LocalMethodId].provider);
  return { intro, button: t.offline.generateCash(amount) };
}

/**
 * The payer's document (cédula de ciudadanía, CURP) a card or a local method asks in Colombia and
 * Mexico (decision 067): typed each time, never kept in the browser (autocomplete off) nor by us.
 */
export function PayerDocumentField({
  kind,
  value,
  problem,
  inputRef,
  onChange,
}: {
  kind: IdDocumentKind;
  value: string;
  problem: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={idDocumentText(kind).label} hint={`${idDocumentText(kind).hint} ${t.offline.payerDocumentHint}`} error={problem ?? undefined}>
      {(c) => (
        <input
          {...c}
          ref={inputRef}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          autoCapitalize={kind === 'mx_curp' ? 'characters' : 'off'}
          inputMode={kind === 'co_cc' ? 'numeric' : 'text'}
          maxLength={40}
          className={inputClasses()}
        />
      )}
    </Field>
  );
}

/** A way to pay that is not a card: its intro, the payer's document where the country asks it (`documentField`), and its button. */
export function OfflineStep({
  choice,
  amount,
  busy,
  documentField,
  onPay,
}: {
  choice: Exclude<Choice, 'card'>;
  amount: string;
  busy: boolean;
  documentField: ReactNode;
  onPay: () => void;
}) {
  const step = offlineStep(choice, amount);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-800">{step.intro}</p>
      {choice !== 'transfer' && documentField}
      <div>
        <button type="button" disabled={busy} aria-busy={busy} onClick={onPay} className={buttonClasses('accent', 'w-full sm:w-auto')}>
          {busy ? t.offline.generating : step.button}
        </button>
      </div>
    </div>
  );
}
