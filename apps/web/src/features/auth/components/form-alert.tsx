/** The failure of a dialog form, in the dialog (spec §8). Kept in the DOM so it is announced. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
      {message}
    </div>
  );
}
