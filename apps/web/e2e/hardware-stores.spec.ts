import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { es } from '@arreglaya/shared/i18n/es';
import { referral as r, storeForm as s } from '@arreglaya/shared/i18n/site-forms';
import { test, expect } from './support/fixtures.ts';

function referralForm(page: Page) {
  const form = page.getByRole('form', { name: r.title });
  return { name: form.getByLabel(r.name, { exact: true }), contact: form.getByLabel(r.contact, { exact: true }), submit: form.getByRole('button', { name: r.submit }) };
}

function storeForm(page: Page) {
  const form = page.getByRole('form', { name: s.title });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  return {
    form,
    firstName: field(s.firstName),
    lastName: field(s.lastName),
    cedula: field(s.cedula),
    address: field(s.address),
    phone: field(s.phone),
    email: field(s.email),
    services: form.getByRole('group', { name: s.serviceTypes }),
    bank: field(s.bank),
    accountType: field(s.accountType),
    accountNumber: field(s.accountNumber),
    comments: field(s.comments),
    submit: form.getByRole('button', { name: s.submit }),
  };
}

const to = (address: string) => (m: { to?: { address?: string }[] }) => (m.to ?? []).some((a) => a.address === address);

test.describe('/comoferreterias', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/comoferreterias');
    await expect(page.getByRole('heading', { level: 1, name: 'Programa para ferreterías' })).toBeVisible();
  });

  test('explains the programme and offers share buttons with a prefilled WhatsApp message', async ({ page }) => {
    await expect(page).toHaveTitle('Programa para ferreterías · ArreglaYa');
    for (const name of ['Compartir en Facebook', 'Compartir en X (Twitter)', 'Compartir en LinkedIn', 'Enviar por WhatsApp']) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toBeVisible();
    }
    const whatsapp = await page.getByRole('link', { name: /^Enviar por WhatsApp/ }).getAttribute('href');
    expect(decodeURIComponent(whatsapp!.replace('https://wa.me/?text=', ''))).toContain('Te recomiendo ArreglaYa');
    await expect(page.getByRole('link', { name: 'Compartir por correo' })).toHaveAttribute('href', /^mailto:\?subject=/);
  });

  test('refer a friend: both inputs are required and the contact must be an e-mail or a phone', async ({ page }) => {
    const f = referralForm(page);
    await f.submit.click();
    await expect(f.name).toHaveAccessibleDescription('Campo obligatorio.');
    await expect(f.contact).toHaveAccessibleDescription(/Campo obligatorio\./);
    await f.name.fill('Julio');
    await f.contact.fill('mi vecino');
    await f.submit.click();
    await expect(f.contact).toHaveAccessibleDescription(/Escribe un correo o un teléfono válido\./);
  });

  test('refer a friend by e-mail: thanked, and the friend gets the invitation', async ({ page, mailbox }) => {
    const f = referralForm(page);
    const email = `julio.${randomUUID().slice(0, 8)}@ejemplo.do`;
    await f.name.fill('Julio');
    await f.contact.fill(email);
    await f.submit.click();
    await expect(page.getByRole('status').filter({ hasText: es.success.referralSent })).toBeVisible();
    await expect(f.name).toHaveValue('');
    const mail = await mailbox.waitFor(to(email));
    expect(mail.subject).toBe('ArreglaYa - Un amigo te recomienda ArreglaYa');
    // Our words only: not even the friend's name as typed (decision 019).
    expect(mail.text).toContain('Hola:');
    expect(mail.text).not.toContain('Julio');
  });

  test('store form: every rule shows its message', async ({ page }) => {
    const f = storeForm(page);
    await f.submit.click();
    for (const field of [f.firstName, f.lastName, f.address, f.email, f.bank]) {
      await expect(field).toHaveAccessibleDescription('Campo obligatorio.');
    }
    await expect(f.cedula).toHaveAccessibleDescription(/Campo obligatorio\./);
    await expect(f.phone).toHaveAccessibleDescription(/Campo obligatorio\./);
    await expect(f.accountType).toHaveAccessibleDescription('Elige una opción válida.');
    await expect(f.accountNumber).toHaveAccessibleDescription(/Campo obligatorio\./);
    await expect(f.services).toHaveAccessibleDescription('Selecciona al menos una opción.');
    // The first invalid field in reading order gets the focus.
    await expect(f.firstName).toBeFocused();

    await f.cedula.fill('001-1234567-0');
    await f.accountNumber.fill('12ab');
    await f.email.fill('ferreteria-sin-arroba');
    await f.submit.click();
    await expect(f.cedula).toHaveAccessibleDescription(/Cédula inválida\./);
    await expect(f.accountNumber).toHaveAccessibleDescription(/Número de cuenta inválido/);
    await expect(f.email).toHaveAccessibleDescription('Correo inválido.');
  });

  test('store form is sent: thanked, the team and the store get mails showing only the last 4 digits', async ({ page, mailbox }) => {
    const f = storeForm(page);
    const id = randomUUID().slice(0, 8);
    const email = `ferreteria.${id}@ejemplo.do`;
    await f.firstName.fill('Rafael');
    await f.lastName.fill('Taveras');
    await f.cedula.fill(`001-1234567-${cedulaCheckDigit('0011234567')}`);
    await f.address.fill(`Av. Duarte 145, Santo Domingo ${id}`);
    await f.phone.fill('809-555-0147');
    await f.email.fill(email);
    await f.services.getByLabel('Plomería').check();
    await f.services.getByLabel('Electricidad').check();
    await f.bank.fill('Banco Popular Dominicano');
    await f.accountType.selectOption({ label: 'Ahorros' });
    await f.accountNumber.fill('7901-2345-6789');
    await f.submit.click();
    await expect(page.getByRole('status').filter({ hasText: es.siteSuccess.storeApplicationSent })).toBeVisible();
    await expect(f.firstName).toHaveValue('');

    const team = await mailbox.waitFor((m) => (m.subject ?? '').includes('Nueva solicitud de ferretería') && (m.text ?? '').includes(id));
    expect(team.text).toContain('terminada en 6789');
    expect(team.text).not.toContain('790123456789');
    const ack = await mailbox.waitFor(to(email));
    expect(ack.text).toContain('terminada en 6789');
  });
});
