import { useSearchParams } from 'react-router';

/**
 * The page's state kept in the address (tab, filters, search, page), so a reload or a shared link
 * shows the same view. `update` sets or removes parameters; a change of filter resets the page.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | number | null | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  const page = Number(params.get('page'));
  return { params, update, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** The value of `name` if it is one of `allowed`, else the first of them. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T {
  const given = value ?? '';
  return (allowed as readonly string[]).includes(given) ? (given as T) : allowed[0]!;
}
