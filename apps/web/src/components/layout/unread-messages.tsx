import { NavLink } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { cx } from '@/lib/cx.ts';
import { formatNumber } from '@/lib/format.ts';

const t = shell.nav;
export const MESSAGES_PATH = '/perfil/mensajes';

/**
 * The unread count on a phone (issue 31): a red pill that screen readers hear as "3 mensajes sin
 * leer". The count is the session's `unreadMessages`, the one source of the desktop badge, which
 * the chat's socket keeps live (decision 024). Nothing when there is nothing unread.
 */
function UnreadPill({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cx('inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white', className)}
      data-testid="unread-pill"
    >
      <span aria-hidden="true">{formatNumber(count)}</span>
      <span className="sr-only">{`, ${t.unreadCount(count)}`}</span>
    </span>
  );
}

/** On the closed header's menu button, at its top right corner. */
export function MenuButtonUnread({ count }: { count: number }) {
  return <UnreadPill count={count} className="absolute -top-0.5 -right-0.5 ring-2 ring-white" />;
}

/** "Mensajes" with its count, an entry of the phone menu (the desktop row has its own badge). */
export function PhoneMessagesItem({ count, linkClasses }: { count: number; linkClasses: (state: { isActive: boolean }) => string }) {
  return (
    <li className="md:hidden">
      <NavLink to={MESSAGES_PATH} className={(state) => cx(linkClasses(state), 'flex items-center justify-between gap-2')}>
        {t.messages}
        <UnreadPill count={count} />
      </NavLink>
    </li>
  );
}
