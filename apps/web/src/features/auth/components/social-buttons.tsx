import { useQuery } from '@tanstack/react-query';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { buttonClasses } from '@/components/ui/button.ts';
import { FacebookIcon } from '@/components/ui/icons.tsx';
import { fetchProviders, type SocialProvider } from '../api/auth-api.ts';

const LABELS: Record<SocialProvider, string> = { google: t.signIn.google, facebook: t.signIn.facebook };

/** Google / Facebook sign-in, only for the providers the server has configured. */
export function SocialButtons({ redirectTo }: { redirectTo: string | undefined }) {
  const { data } = useQuery({ queryKey: ['auth', 'providers'], queryFn: ({ signal }) => fetchProviders(signal), staleTime: Infinity });
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;
  const query = redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : '';
  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="text-center text-sm text-slate-600">{t.signIn.or}</p>
      {providers.map((provider) => (
        <a key={provider} href={`/api/auth/social/${provider}${query}`} className={buttonClasses('secondary', 'w-full')}>
          {provider === 'facebook' && <FacebookIcon className="size-5" />}
          {LABELS[provider]}
        </a>
      ))}
    </div>
  );
}
