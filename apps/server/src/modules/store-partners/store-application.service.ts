import { formatCedula } from '@arreglaya/shared/cedula';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { BANK_ACCOUNT_TYPE_LABELS, storeForm as t } from '@arreglaya/shared/i18n/site-forms';
import type { StoreApplication } from '@arreglaya/shared/schemas/store-application';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { recordVisitorMessage, type Actor, type VisitorMessageDeps } from '../contact/visitor-message.ts';
import { insertStoreApplication, sealLegacyApplicationCedulas } from './store-application.repository.ts';

export interface StoreApplicationDeps extends VisitorMessageDeps {
  cipher: DataCipher;
}

/**
 * A hardware store applies to be a partner. The bank account number and the cédula are sealed
 * (AES-256-GCM) before they reach the database; the account never leaves it whole: mails and
 * logs carry the last 4.
 */
export async function applyAsStore(deps: StoreApplicationDeps, input: StoreApplication, actor: Actor): Promise<{ id: string }> {
  const { accountNumber, cedula, ...rest } = input;
  const last4 = accountNumber.slice(-4);
  const sealed = { account: deps.cipher.seal(accountNumber), cedula: deps.cipher.seal(cedula), last4 };
  const name = `${input.firstName} ${input.lastName}`;
  return recordVisitorMessage(
    deps,
    {
      insert: (tx) => insertStoreApplication(tx, rest, sealed, actor.userId),
      team: {
        subject: t.teamSubject(name),
        title: `Nueva solicitud de ferretería: ${name}`,
        lines: [
          `Nombre: ${name}`,
          `Cédula: ${formatCedula(input.cedula)}`,
          `Dirección: ${input.address}`,
          `Teléfono: ${input.phone}`,
          `Correo: ${input.email}`,
          `Servicios: ${input.serviceTypes.map((s) => SERVICE_LABELS[s]).join(', ')}`,
          `Banco: ${input.bank} (${BANK_ACCOUNT_TYPE_LABELS[input.accountType]}), cuenta terminada en ${last4}`,
          ...(input.comments ? [`Comentarios:\n${input.comments}`] : []),
        ],
        template: 'store-application-team',
      },
      ack: { to: input.email, subject: t.ackSubject, title: t.ackTitle, text: t.ack(last4), template: 'store-application-ack' },
      log: { action: 'store_application', location: '/comoferreterias', details: (id) => ({ contactId: id }) },
    },
    actor,
  );
}

/** At start: cédulas stored in the clear before they were encrypted are sealed (decision 010). */
export function sealLegacyCedulas(deps: Pick<StoreApplicationDeps, 'db' | 'cipher'>): Promise<number> {
  return sealLegacyApplicationCedulas(deps.db, (cedula) => deps.cipher.seal(cedula));
}
