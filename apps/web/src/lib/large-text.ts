// 长辈版 (large text): one class on <html> re-maps the sizes (styles/large-text.css). The employee's choice is kept on
// the server (Account/SetLargeText, the profile's largeText) so another phone follows it; this phone remembers the
// last one too, so the first paint of the next visit is already in it, before the profile arrives. Not private: it
// stays after 退出登录, like a phone's own text size.
const ROOT_CLASS = 'ess-large';
const STORAGE_KEY = 'ess_large_text';

export const isLargeTextOn = () => document.documentElement.classList.contains(ROOT_CLASS);

export const applyLargeText = (isOn: boolean) => {
  if (isOn) document.documentElement.classList.add(ROOT_CLASS);
  else document.documentElement.classList.remove(ROOT_CLASS);
  try {
    localStorage.setItem(STORAGE_KEY, isOn ? '1' : '0');
  } catch {
    // Storage refused (a private tab): the profile sets it again at the next visit.
  }
};

/** At start, before the first render: the choice this phone saw last. */
export const restoreLargeText = () => {
  try {
    if (localStorage.getItem(STORAGE_KEY) === '1') document.documentElement.classList.add(ROOT_CLASS);
  } catch {
    // As above.
  }
};
