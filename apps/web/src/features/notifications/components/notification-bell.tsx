import { Link, NavLink } from 'react-router';
import { notices as t } from '@arreglaya/shared/i18n/notices';
import { cx } from '@/lib/cx.ts';
import { formatNumber } from '@/lib/format.ts';

// The notification centre's doors (issue 31): the bell in the desktop header and the "Avisos" entry
// of the phone menu, both to /perfil/avisos with the session's unread count (kept live by the chat's
// socket: chat-live writes /api/me/unread's answer into the session).

export const NOTICES_PATH = '/perfil/avisos';

function BellIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function Count({ unread, className }: { unread: number; className?: string }) {
  if (unread <= 0) return null;
  return (
    <span aria-hidden="true" className={cx('inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white', className)}>
      {formatNumber(unread)}
    </span>
  );
}

/**
 * The desktop header's bell: "Avisos, 3 sin leer" to a screen reader. `display` is the caller's
 * (`hidden md:inline-flex`): a display class here would compete with it.
 */
export function NotificationBell({ unread, display }: { unread: number; display: string }) {
  return (
    <Link
      to={NOTICES_PATH}
      aria-label={t.bell(unread)}
      className={cx('relative size-11 items-center justify-center rounded-md text-slate-700 hover:bg-brand-50 hover:text-brand-800', display)}
    >
      <BellIcon className="size-6" />
      <Count unread={unread} className="absolute top-0.5 right-0" />
    </Link>
  );
}

/** The phone menu's "Avisos" entry with its count. */
export function NoticesMenuItem({ unread, className }: { unread: number; className?: string }) {
  return (
    <li className={className}>
      <NavLink
        to={NOTICES_PATH}
        aria-label={t.bell(unread)}
        className={({ isActive }) =>
          cx(
            'flex items-center gap-2 rounded-md px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800',
            isActive ? 'text-brand-800 underline decoration-2 underline-offset-4' : 'text-slate-700',
          )
        }
      >
        <BellIcon className="size-5" />
        {t.title}
        <Count unread={unread} />
      </NavLink>
    </li>
  );
}
