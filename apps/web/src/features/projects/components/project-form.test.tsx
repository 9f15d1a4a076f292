// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validation } from '@arreglaya/shared/i18n/common';
import { places as tplaces } from '@arreglaya/shared/i18n/places';
import { profile as tprofile } from '@arreglaya/shared/i18n/profile';
import { projects as tp, projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { todayIn, type ProjectData } from '@arreglaya/shared/schemas/projects';
import { ApiError } from '@/lib/api.ts';
import type { PhotoEvents, PhotoItem } from '../project.ts';
import { ProjectForm } from './project-form.tsx';
import { progressOf } from './project-progress.tsx';
import { locationDefaults } from './project-editor.tsx';

afterEach(cleanup);

const progress = () => Number(screen.getByRole('progressbar', { name: t.form.progress }).getAttribute('aria-valuenow'));
/** The error text bound to a control through aria-describedby. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

function tomorrow(): string {
  const d = new Date(`${todayIn('DO')}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: 'Plomería' }));
  await user.type(screen.getByLabelText(t.form.title), 'Cambiar calentador');
  await user.selectOptions(screen.getByLabelText(t.form.propertyType), 'casa');
  await user.type(screen.getByLabelText(t.form.description), 'El calentador gotea.');
  fireEvent.change(screen.getByLabelText(t.form.startDate), { target: { value: tomorrow() } });
  await user.selectOptions(screen.getByLabelText(t.form.city), 'santo-domingo');
  await user.type(screen.getByLabelText(t.form.street), 'Calle 8 #25');
}

const sectorSelect = () => screen.getByLabelText(tplaces.field.projectSector) as HTMLSelectElement;
const sectorNames = () => [...sectorSelect().options].map((o) => o.textContent);

describe('progressOf', () => {
  it('counts the five fields of spec §4 and the required city, and ignores blank text and the others', () => {
    expect(progressOf({})).toEqual({ percent: 0, done: 0 });
    expect(progressOf({ services: [], title: '   ', city: '' })).toEqual({ percent: 0, done: 0 });
    expect(progressOf({ services: ['plomeria'], title: 'x', city: 'santo-domingo' })).toEqual({ percent: 50, done: 3 });
    // The five fields of the spec without the city are not everything (decision in docs/spec-decisions.md).
    expect(progressOf({ services: ['plomeria'], title: 'x', propertyType: 'casa', startDate: '2030-01-01', description: 'y' })).toEqual({ percent: 83, done: 5 });
    expect(progressOf({ services: ['plomeria'], title: 'x', propertyType: 'casa', startDate: '2030-01-01', description: 'y', city: 'santiago' })).toEqual({
      percent: 100,
      done: 6,
    });
  });
});

describe('locationDefaults', () => {
  it("takes the profile's city and zone for a project in the profile's country", () => {
    expect(locationDefaults({ country: 'DO', city: 'santiago', zone: null }, 'DO')).toEqual({ city: 'santiago', zone: null });
    expect(locationDefaults({ country: 'CO', city: 'bogota', zone: null }, 'DO')).toEqual({});
    expect(locationDefaults({ country: 'DO', city: null, zone: null }, 'DO')).toEqual({});
    expect(locationDefaults(undefined, 'DO')).toEqual({});
  });
});

describe('ProjectForm', () => {
  it('moves the progress bar and the counters as fields are filled', async () => {
    const user = userEvent.setup();
    render(<ProjectForm country="DO" onSubmit={async () => {}} />);
    expect(progress()).toBe(0);
    await user.click(screen.getByRole('checkbox', { name: 'Plomería' }));
    expect(progress()).toBe(17);
    await user.type(screen.getByLabelText(t.form.title), 'Hola');
    expect(progress()).toBe(33);
    expect(screen.getByText(tp.titleLeft(96))).toBeTruthy();
    await user.type(screen.getByLabelText(t.form.description), 'abc');
    expect(screen.getByText(t.form.charsLeft(397))).toBeTruthy();
    expect(progress()).toBe(50);
    await user.selectOptions(screen.getByLabelText(t.form.city), 'santo-domingo');
    expect(progress()).toBe(67);
    expect(screen.getByText(t.form.progressText(4))).toBeTruthy();
  });

  it("starts from the client's profile city and zone, counted", () => {
    render(<ProjectForm country="DO" defaults={locationDefaults({ country: 'DO', city: 'santiago', zone: 'SD' }, 'DO')} onSubmit={async () => {}} />);
    expect((screen.getByLabelText(t.form.city) as HTMLSelectElement).value).toBe('santiago');
    expect((screen.getByLabelText(t.form.zone) as HTMLSelectElement).value).toBe('SD');
    expect(progress()).toBe(17);
  });

  it("puts each rule's Spanish message under its field and sends nothing", async () => {
    const user = userEvent.setup();
    let sent = 0;
    render(
      <ProjectForm
        country="DO"
        onSubmit={async () => {
          sent += 1;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: t.form.save }));
    await waitFor(() => expect(describedBy(screen.getByLabelText(t.form.title))).toContain(validation.required));
    expect(describedBy(screen.getByLabelText(t.form.propertyType))).toContain(validation.invalidOption);
    expect(describedBy(screen.getByLabelText(t.form.description))).toContain(validation.required);
    expect(describedBy(screen.getByLabelText(t.form.startDate))).toContain(validation.required);
    expect(describedBy(screen.getByLabelText(t.form.city))).toContain(validation.required);
    expect(describedBy(screen.getByRole('group', { name: t.form.services }))).toContain(validation.required);
    // The rest filled in: a start date in the past is refused under its field.
    await fillValid(user);
    fireEvent.change(screen.getByLabelText(t.form.startDate), { target: { value: '2001-01-01' } });
    await user.click(screen.getByRole('button', { name: t.form.save }));
    await waitFor(() => expect(describedBy(screen.getByLabelText(t.form.startDate))).toContain(tp.startDateInPast));
    expect(describedBy(screen.getByLabelText(t.form.title))).not.toContain(validation.required);
    expect(sent).toBe(0);
  });

  it("sends the schema's output and maps the server's field errors to the fields", async () => {
    const user = userEvent.setup();
    const received: ProjectData[] = [];
    render(
      <ProjectForm
        country="DO"
        onSubmit={async (values) => {
          received.push(values);
          throw new ApiError(400, 'VALIDATION', 'Revisa los campos.', { city: tp.cityNotInCountry, title: 'Título repetido.' });
        }}
      />,
    );
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: t.form.save }));
    await waitFor(() => expect(describedBy(screen.getByLabelText(t.form.city))).toContain(tp.cityNotInCountry));
    expect(describedBy(screen.getByLabelText(t.form.title))).toContain('Título repetido.');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      services: ['plomeria'],
      title: 'Cambiar calentador',
      propertyType: 'casa',
      country: 'DO',
      city: 'santo-domingo',
      zone: null,
      intention: 'ready',
      street: 'Calle 8 #25',
      reference: null,
    });
  });

  it('asks for the street and number, and sends them with the reference point', async () => {
    const user = userEvent.setup();
    const received: ProjectData[] = [];
    render(<ProjectForm country="DO" onSubmit={async (values) => void received.push(values)} />);
    await fillValid(user);
    await user.clear(screen.getByLabelText(t.form.street));
    await user.click(screen.getByRole('button', { name: t.form.save }));
    await waitFor(() => expect(describedBy(screen.getByLabelText(t.form.street))).toContain(validation.required));
    expect(received).toHaveLength(0);
    await user.type(screen.getByLabelText(t.form.street), 'Calle Respaldo 7 #14');
    await user.type(screen.getByLabelText(t.form.reference), 'Frente a la farmacia');
    await user.click(screen.getByRole('button', { name: t.form.save }));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ street: 'Calle Respaldo 7 #14', reference: 'Frente a la farmacia' });
  });

  it('offers only the sectors of the chosen zone, and drops a sector the new zone does not have', async () => {
    const user = userEvent.setup();
    render(<ProjectForm country="DO" onSubmit={async () => {}} />);
    await user.selectOptions(screen.getByLabelText(t.form.city), 'santo-domingo');
    await user.selectOptions(screen.getByLabelText(t.form.zone), 'DN');
    expect(sectorNames()).toContain('Naco');
    expect(sectorNames()).not.toContain('Los Mina');
    await user.selectOptions(screen.getByLabelText(t.form.zone), 'SDE');
    expect(sectorNames()).toContain('Los Mina');
    expect(sectorNames()).not.toContain('Naco');
    await user.selectOptions(sectorSelect(), 'los-mina');
    await user.selectOptions(screen.getByLabelText(t.form.zone), 'DN');
    await waitFor(() => expect(sectorSelect().value).toBe(''));
  });

  it("names the place field as the project's country does: Barrio in Colombia, Colonia in Mexico (decision 066)", async () => {
    const user = userEvent.setup();
    render(<ProjectForm country="CO" onSubmit={async () => {}} />);
    const barrio = screen.getByLabelText(tplaces.field.byCountry.CO.projectSector) as HTMLSelectElement;
    await user.selectOptions(screen.getByLabelText(t.form.city), 'medellin');
    expect(barrio.options[0]!.textContent).toBe(tplaces.field.byCountry.CO.chooseSector);
    expect([...barrio.options].map((o) => o.textContent)).toContain('El Poblado');
    cleanup();
    render(<ProjectForm country="MX" onSubmit={async () => {}} />);
    expect(screen.getByLabelText(tplaces.field.byCountry.MX.projectSector)).toBeTruthy();
    expect(screen.queryByLabelText(tplaces.field.projectSector)).toBeNull();
  });

  it("shows an error without fields in the form alert, as the catalogue's save failure", async () => {
    const user = userEvent.setup();
    render(
      <ProjectForm
        country="DO"
        onSubmit={async () => {
          throw new ApiError(409, 'CONFLICT', tp.refused.edit);
        }}
      />,
    );
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: t.form.save }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(tp.saveError(tp.refused.edit)));
  });
});

describe('the photos of a new project', () => {
  beforeEach(() => {
    // jsdom decodes no image and keeps no blob URLs: a small decodable picture, as a browser would see it.
    vi.stubGlobal('createImageBitmap', async () => ({ width: 800, height: 600, close: () => undefined }));
    URL.createObjectURL = () => 'blob:foto';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each upload on its photo, and a failed one can be retried alone', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const onSubmit = vi.fn(async (_values: ProjectData, photos: PhotoItem[], events: PhotoEvents) => {
      const [first, second] = photos.filter((p) => p.kind === 'new');
      events.progress(first!.key, 0.5);
      await held;
      events.stored(first!.key, '11111111-1111-4111-8111-111111111111');
      events.failed(second!.key, 'Sin conexión');
    });
    const onRetryPhoto = vi.fn(async (photos: PhotoItem[], key: string, events: PhotoEvents) => {
      sent.push(key);
      events.stored(key, '22222222-2222-4222-8222-222222222222');
    });
    render(<ProjectForm country="DO" onSubmit={onSubmit} onRetryPhoto={onRetryPhoto} />);
    await fillValid(user);
    fireEvent.change(screen.getByLabelText(t.form.addPhoto), {
      target: { files: [new File(['a'], 'sala.jpg', { type: 'image/jpeg' }), new File(['b'], 'cocina.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: t.form.photoAlt(2) })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: t.form.save }));
    const bar = await screen.findByRole('progressbar', { name: tprofile.photo.uploadingNamed('sala.jpg') });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByRole('progressbar', { name: tprofile.photo.uploadingNamed('cocina.png') }).getAttribute('aria-valuenow')).toBe('0');

    release();
    const alert = await screen.findByText(`${tprofile.photo.uploadFailedNamed('cocina.png')}: Sin conexión`);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('progressbar', { name: tprofile.photo.uploadingNamed('sala.jpg') })).toBeNull();
    // The stored one is shown from the server; the failed one keeps its buttons, for it alone.
    expect(screen.getByRole('img', { name: t.form.photoAlt(1) }).getAttribute('src')).toBe('/api/photos/11111111-1111-4111-8111-111111111111/md');
    expect(screen.queryByRole('button', { name: tprofile.photo.retryNamed('sala.jpg') })).toBeNull();

    await user.click(screen.getByRole('button', { name: tprofile.photo.retryNamed('cocina.png') }));
    await waitFor(() => expect(screen.getByRole('img', { name: t.form.photoAlt(2) }).getAttribute('src')).toBe('/api/photos/22222222-2222-4222-8222-222222222222/md'));
    expect(onRetryPhoto).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([onRetryPhoto.mock.calls[0]![1]]);
    expect(screen.queryByText(/no se subió/)).toBeNull();
  });

  it('refuses a file that is not an image at once, naming it, and keeps the others', async () => {
    vi.stubGlobal('createImageBitmap', async (file: File) => {
      if (file.name === 'falsa.jpg') throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      return { width: 800, height: 600, close: () => undefined };
    });
    render(<ProjectForm country="DO" onSubmit={async () => {}} />);
    fireEvent.change(screen.getByLabelText(t.form.addPhoto), {
      target: { files: [new File(['texto'], 'falsa.jpg', { type: 'image/jpeg' }), new File(['b'], 'buena.webp', { type: 'image/webp' })] },
    });
    expect(await screen.findByText(tprofile.photo.fileNotAnImage('falsa.jpg'))).toBeTruthy();
    expect(screen.getByRole('img', { name: t.form.photoAlt(1) })).toBeTruthy();
    expect(screen.queryByRole('img', { name: t.form.photoAlt(2) })).toBeNull();
  });
});
