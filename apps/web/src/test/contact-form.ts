import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { contact as t } from '@arreglaya/shared/i18n/contact';

/** Fills the /contactus form as a visitor does (component tests). */
export async function fillContactForm(user: UserEvent): Promise<void> {
  await user.type(screen.getByLabelText(t.firstName), 'Lucía');
  await user.type(screen.getByLabelText(t.email), 'lucia@prueba.do');
  await user.selectOptions(screen.getByLabelText(t.messageType), 'sugerencia');
  await user.type(screen.getByLabelText(t.message), 'Una sugerencia para la página.');
}
