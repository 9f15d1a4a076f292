import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { places as t } from '@arreglaya/shared/i18n/places';
import type { Place } from '@arreglaya/shared/place-index';
import { cx } from '@/lib/cx.ts';
import { useCountry } from '@/lib/country.ts';
import { usePlaceIndex } from '@/lib/country-places.ts';

interface PlaceComboboxProps {
  /** The chosen place's slug, or undefined. */
  value: string | undefined;
  onChange: (slug: string | undefined) => void;
  /**
   * The form field carrying the text as typed, when the combobox sits in a form that also works
   * without JavaScript (issue 46): /busqueda reads a place's name as well as its slug.
   */
  name?: string;
  label?: string;
  /** 'dark': on the landing's dark hero (white label). */
  tone?: 'light' | 'dark';
  className?: string;
}

/**
 * '¿Dónde?': a sector or a city, with suggestions from the visitor's country's places as the person
 * types (no request per keystroke). Those places load when the field is focused or typed into, or
 * holds a place (decision 070): until then it is a plain text field, and a page that shows it
 * fetches none of them on its first load. The WAI-ARIA combobox pattern: an input with a listbox popup; arrow
 * keys move through the suggestions (aria-activedescendant), Enter chooses, Escape closes.
 */
export function PlaceCombobox({ value, onChange, name, label = t.field.where, tone = 'light', className }: PlaceComboboxProps) {
  const id = useId();
  // The visitor's country's places come first (a name in two countries is theirs: decision 066).
  const { code: country } = useCountry();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  // Focused or typed into: its places are wanted.
  const [touched, setTouched] = useState(false);
  const index = usePlaceIndex(country, touched || value !== undefined, value);
  const chosen = value ? (index?.findPlace(value) ?? index?.placeOfField(value, country)) : undefined;
  // The server renders the chosen place's label; the browser's first render (hydration) has no
  // places yet and takes the input's text, so both agree; a later render fills it in once they load.
  const [text, setText] = useState(() =>
    typeof document === 'undefined' ? (chosen ? (index?.placeLabel(chosen) ?? '') : '') : ((document.getElementById(id) as HTMLInputElement | null)?.value ?? ''),
  );
  const placeLabel = (p: Place) => index?.placeLabel(p) ?? p.name;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text follows a place chosen elsewhere (the back button, 'Limpiar filtros').
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(chosen ? placeLabel(chosen) : '');
  }
  // The chosen place's label once its places are here (a place chosen before they were: the URL's).
  const [labelled, setLabelled] = useState<string | undefined>(undefined);
  if (chosen && index && labelled !== value) {
    setLabelled(value);
    if (text === '') setText(index.placeLabel(chosen));
  }
  const inputRef = useRef<HTMLInputElement>(null);
  // Text typed before hydration (a slow line) is in the input but not in the state, and the next
  // render would wipe it: it is taken over once hydrated, as if typed then, and the place it names
  // (if any) becomes the choice once the places are here.
  const typedBeforeHydration = useRef<string | undefined>(undefined);
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed === text) return;
    setText(typed);
    setTouched(true);
    typedBeforeHydration.current = typed;
    // Once, on mount: only hydration can leave the input and the state apart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const typed = typedBeforeHydration.current;
    if (typed === undefined || !index) return;
    typedBeforeHydration.current = undefined;
    const named = index.placeOfField(typed, country)?.slug;
    if (named !== value) {
      setShown(named);
      onChange(named);
    }
  }, [index, country, value, onChange]);
  // The suggestions for the text (the list shows them while open; an arrow key opens it on them).
  const options: Place[] = index ? index.suggestPlaces(text, 8, country) : [];
  const expanded = open && text.trim() !== '' && index !== undefined;

  const choose = (p: Place | undefined) => {
    setText(p ? placeLabel(p) : '');
    setOpen(false);
    setActive(-1);
    setShown(p?.slug);
    onChange(p?.slug);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      // Enter on a suggestion chooses it (and does not submit the form).
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={cx('relative', className)}>
      <label htmlFor={id} className={cx('mb-1 block font-semibold', tone === 'dark' ? 'text-lg text-white' : 'text-slate-900')}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={hintId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        value={text}
        placeholder={t.field.wherePlaceholder}
        onFocus={() => setTouched(true)}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setTouched(true);
          setText(next);
          setOpen(true);
          setActive(-1);
          // Typing again forgets the choice until a suggestion is taken (an exact name counts).
          if (value !== undefined) {
            setShown(undefined);
            onChange(undefined);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          // A name typed out in full is that place.
          if (!value) {
            const exact = index?.placeOfField(text, country);
            if (exact) choose(exact);
          }
        }}
        className="min-h-12 w-full rounded-md border border-slate-400 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500"
      />
      <p id={hintId} className="sr-only">
        {t.field.whereHint}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 text-slate-900 shadow-lg"
      >
        {expanded &&
          options.map((p, i) => (
            <li
              key={p.slug}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              // Chosen on mousedown, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(p);
              }}
              className={cx('min-h-11 cursor-pointer px-4 py-2.5', i === active ? 'bg-brand-700 text-white' : 'hover:bg-slate-100')}
            >
              {placeLabel(p)}
            </li>
          ))}
        {expanded && options.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-4 py-2.5 text-slate-700">
            {t.field.noMatch}
          </li>
        )}
      </ul>
      <p aria-live="polite" className="sr-only">
        {expanded ? (options.length > 0 ? t.field.suggestions(options.length) : t.field.noMatch) : ''}
      </p>
    </div>
  );
}
