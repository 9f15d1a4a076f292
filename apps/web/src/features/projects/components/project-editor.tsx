import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from '@arreglaya/shared/countries';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { projectAllows } from '@arreglaya/shared/lifecycles';
import type { ProjectData, ProjectDetail, ProjectInput } from '@arreglaya/shared/schemas/projects';
import type { ClientProfile } from '@arreglaya/shared/schemas/profile';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { authModals } from '@/lib/auth-modals.ts';
import { useCountry } from '@/lib/country.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { clearDraft, readDraft, saveDraft, type KeptProject } from '../draft.ts';
import { createProject, newPhotoItem, projectKeys, syncPhotos, updateProject, useProject, type PhotoEvents, type PhotoItem } from '../project.ts';
import { ProjectForm } from './project-form.tsx';

/** The form's values from a stored project (editing). */
function valuesOf(p: ProjectDetail): Partial<ProjectInput> {
  return {
    services: p.services,
    title: p.title,
    propertyType: p.propertyType,
    description: p.description,
    startDate: p.startDate,
    intention: p.intention,
    country: p.country,
    city: p.city ?? '',
    zone: p.zone,
    sector: p.sector,
    // The client's own page carries the address; a project stored before it asks for it now (decision 049).
    street: p.address?.street ?? '',
    reference: p.address?.reference ?? '',
  };
}

/** The client's profile location, which a new project starts from (the page reads it). */
export interface ProfileLocation {
  loading: boolean;
  data: ProfilePlace | undefined;
}

type ProfilePlace = Pick<ClientProfile, 'country' | 'city' | 'zone'> & { address?: string | null };

/**
 * A new project's city and zone, and its street from the profile's address, when the profile is
 * in the project's country: most jobs are at home, and the client can change it.
 */
export function locationDefaults(profile: ProfilePlace | undefined, country: CountryCode): Partial<ProjectInput> {
  if (!profile?.city || profile.country !== country) return {};
  return { city: profile.city, zone: profile.zone, ...(profile.address ? { street: profile.address } : {}) };
}

const newFiles = (photos: readonly PhotoItem[]) => photos.flatMap((p) => (p.kind === 'new' ? [p.file] : []));

/**
 * The visitor's kept draft (IndexedDB); undefined while it is being read. Read again when the
 * person signs in or up over the form (the page may redraw it): it holds what they had written.
 */
function useKeptDraft(skip: boolean, viewerId: string | null): KeptProject | null | undefined {
  const [kept, setKept] = useState<{ viewerId: string | null; draft: KeptProject | null } | null>(null);
  useEffect(() => {
    if (skip) return;
    let live = true;
    void readDraft().then((draft) => live && setKept({ viewerId, draft }));
    return () => {
      live = false;
    };
  }, [skip, viewerId]);
  if (skip) return null;
  return kept && kept.viewerId === viewerId ? kept.draft : undefined;
}

/**
 * /nuevoproyecto (and ?editar=<id>): the form for a client. A visitor fills it too; publishing
 * asks them to sign in or sign up, and the draft (IndexedDB, photos included) brings them back to
 * what they wrote, ready to publish. Saving creates or updates the project, then uploads, removes
 * and orders its photos, each with its progress; if some fail, the page stays with the saved
 * project so each can be retried or removed alone.
 */
export function ProjectEditor({ editId, profile }: { editId: string | null; profile?: ProfileLocation }) {
  const { user, isLoading } = useViewer();
  const country = useCountry();
  const project = useProject(editId && user ? user.id : null, editId);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  // Read once: the draft a visitor left before signing in or up.
  const kept = useKeptDraft(editId !== null, user?.id ?? null);
  const draft = kept?.values ?? null;
  // The project this form created when some of its photos did not upload: later saves update it.
  const [savedId, setSavedId] = useState<string | null>(null);

  const onValuesChange = useCallback(
    (values: Partial<ProjectInput>, photos: PhotoItem[]) => {
      if (!user && !editId) void saveDraft(values, newFiles(photos));
    },
    [user, editId],
  );

  const storedPhotos = useMemo<PhotoItem[]>(() => (project.data ? project.data.photos.map((p) => ({ kind: 'stored', id: p.id })) : []), [project.data]);
  const draftPhotos = useMemo<PhotoItem[]>(() => (kept ? kept.photos.map(newPhotoItem) : []), [kept]);

  if (isLoading || kept === undefined || (editId && user && project.isPending) || (!editId && profile?.loading)) return <PageSpinner />;

  if (user && user.role !== 'client') {
    return <p className="rounded-md border-l-4 border-brand-700 bg-brand-50 p-4 text-brand-900">{t.form.clientsOnly}</p>;
  }
  if (editId && !user) return <SignInPrompt redirectTo={location.pathname + location.search} />;
  if (editId && project.isError) return <p role="alert">{errorMessage(project.error)}</p>;
  const existing = project.data ?? null;
  const formCountry = (existing?.country ?? draft?.country ?? country.code) as CountryCode;
  // A visitor's draft keeps the city they chose; without one, the profile's.
  const newDefaults = draft?.city ? draft : { ...draft, ...locationDefaults(profile?.data, formCountry) };
  if (editId && (!existing || !existing.viewer.isClient || !projectAllows('edit', existing.status))) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">{t.form.notEditable}</p>
        <Link to="/perfil/proyectos" className={buttonClasses('secondary')}>
          {t.page.back}
        </Link>
      </div>
    );
  }

  const done = (projectId: string, message: string) => {
    messageBox.show({ text: message, kind: 'success' });
    void navigate(`/proyectos/${projectId}`);
  };

  const onSubmit = async (values: ProjectData, photos: PhotoItem[], events: PhotoEvents) => {
    if (!user) {
      await saveDraft(values, newFiles(photos));
      authModals.openSignIn({ redirectTo: location.pathname + location.search });
      return;
    }
    const target = existing?.id ?? savedId;
    const saved = target ? await updateProject(target, values) : await createProject(values);
    if (!existing) void clearDraft();
    const failures = await syncPhotos(
      saved.project.id,
      saved.project.photos.map((p) => p.id),
      photos,
      events,
    ).catch((error: unknown) => [errorMessage(error)]);
    await queryClient.invalidateQueries({ queryKey: projectKeys.all(user.id) });
    if (failures.length === 0) return done(saved.project.id, saved.message);
    setSavedId(saved.project.id);
    messageBox.show({ text: `${t.form.photosFailed} ${failures.join(' · ')}`, kind: 'error' });
  };

  /** One failed photo sent again, alone; once none is left, on to the project. */
  const onRetryPhoto = async (photos: PhotoItem[], key: string, events: PhotoEvents) => {
    const projectId = existing?.id ?? savedId;
    if (!projectId || !user) return;
    const stored = photos.flatMap((p) => (p.kind === 'stored' ? [p.id] : []));
    const failures = await syncPhotos(
      projectId,
      stored,
      photos.filter((p) => p.kind === 'stored' || p.key === key),
      events,
    ).catch((error: unknown) => {
      events.failed(key, errorMessage(error));
      return [errorMessage(error)];
    });
    await queryClient.invalidateQueries({ queryKey: projectKeys.all(user.id) });
    const left = photos.some((p) => p.kind === 'new' && p.key !== key);
    if (failures.length === 0 && !left) done(projectId, t.form.photosSaved);
  };

  return (
    <div className="flex flex-col gap-6">
      {!user && <SignInPrompt redirectTo={location.pathname + location.search} />}
      {savedId && (
        <div role="status" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-amber-950">{t.form.savedWithFailures}</p>
          <Link to={`/proyectos/${savedId}`} className={buttonClasses('secondary', 'shrink-0')}>
            {t.form.viewProject}
          </Link>
        </div>
      )}
      <ProjectForm
        key={existing?.id ?? 'new'}
        country={formCountry}
        defaults={existing ? valuesOf(existing) : newDefaults}
        photos={existing ? storedPhotos : draftPhotos}
        editing={existing !== null || savedId !== null}
        onSubmit={onSubmit}
        onRetryPhoto={onRetryPhoto}
        onValuesChange={onValuesChange}
      />
    </div>
  );
}

function SignInPrompt({ redirectTo }: { redirectTo: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-brand-900">{t.form.signInFirst}</p>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button type="button" onClick={() => authModals.openSignIn({ redirectTo })} className={buttonClasses('primary')}>
          {t.form.signIn}
        </button>
        <button type="button" onClick={() => authModals.openSignUp({ role: 'client', returnTo: redirectTo })} className={buttonClasses('secondary')}>
          {t.form.signUp}
        </button>
      </div>
    </div>
  );
}
