import { Link } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { accountPath, type SessionUser } from '@/lib/session-user.ts';
import { formatNumber } from '@/lib/format.ts';
import { NoticesMenuItem, NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { StarRating } from '../ui/star-rating.tsx';
import { linkClasses } from './nav-link-classes.ts';
import { MESSAGES_PATH, PhoneMessagesItem } from './unread-messages.tsx';

// The signed-in person's parts of the header (navbar.tsx loads them once the session says so).

export { MenuButtonUnread } from './unread-messages.tsx';

const t = shell.nav;

/** The phone menu's "Mensajes" and "Avisos", with their counts (not a sysadmin's). */
export function SignedInMenuItems({ user }: { user: SessionUser }) {
  return (
    <>
      <PhoneMessagesItem count={user.unreadMessages} linkClasses={linkClasses} />
      <NoticesMenuItem unread={user.unreadNotices} className="md:hidden" />
    </>
  );
}

export function UserArea({ user }: { user: SessionUser }) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const account = accountPath(user);
  return (
    <div
      aria-label={t.accountLabel}
      role="group"
      className="mt-2 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3 md:mt-0 md:ml-1 md:flex-nowrap md:gap-2 md:border-0 md:pt-0"
    >
      <Link to={account} className="flex items-center gap-2 rounded-md px-1 py-1 hover:bg-brand-50">
        <Avatar src={user.avatarUrl} size="sm" />
        <span className="flex flex-col leading-tight">
          <span className="max-w-48 truncate font-semibold text-slate-900 md:max-w-28 lg:max-w-40">{fullName}</span>
          {user.role !== 'sysadmin' && <StarRating value={user.rating} size="sm" className="text-xs" />}
        </span>
      </Link>
      {user.role !== 'sysadmin' && <NotificationBell unread={user.unreadNotices} display="hidden md:inline-flex" />}
      {/* Both roles (spec §2); kept current by the session's polling (useAutoLogout). */}
      {/* Below 768 px the menu's "Mensajes" entry carries the count. */}
      {user.unreadMessages > 0 && (
        <Link
          to={MESSAGES_PATH}
          className="inline-flex min-w-6 items-center max-md:hidden justify-center rounded-full bg-red-700 px-2 py-0.5 text-sm font-bold text-white hover:bg-red-800"
          aria-label={t.unreadMessages(user.unreadMessages)}
        >
          {formatNumber(user.unreadMessages)}
        </Link>
      )}
      <Link to="/signout" className="rounded-md px-3 py-2 font-medium whitespace-nowrap md:px-2 xl:px-3 text-slate-700 hover:bg-brand-50">
        {t.signOut}
      </Link>
    </div>
  );
}
