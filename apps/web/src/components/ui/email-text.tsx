import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column wraps only before its `@` and its dots (a `<wbr>` there),
 * never letter by letter; a single part longer than the line still breaks (`break-words`), as a
 * last resort. Copying it copies the address unchanged.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
