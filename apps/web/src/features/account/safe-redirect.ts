// Where to go after sign-in: only a path of this site, so a crafted link cannot send the user away.
const hasControlCharacters = (value: string) => [...value].some((character) => character.charCodeAt(0) < 0x20);

export const toSafeRedirect = (value: string | null | undefined, fallback = '/'): string => {
  if (!value?.startsWith('/')) return fallback;
  // "//host" and "/\host" are read by browsers as another site.
  if (value.startsWith('//') || value.startsWith('/\\') || hasControlCharacters(value)) return fallback;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login#')) return fallback;
  return value;
};
