/** One line of a console entry's details (`<dl>`): its label and value; nothing when there is no value. */
export function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="inline font-medium text-slate-700">{label}: </dt>
      <dd className="inline break-words text-slate-900">{value}</dd>
    </div>
  );
}
