// jsdom lays nothing out, so every element has a null offsetParent and antd-mobile's InfiniteScroll
// never asks for a page; giving elements their parent makes the list's end count as "in view", as on a
// phone whose screen is taller than the rows loaded so far.
export const pretendLaidOut = () => {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentNode;
    },
  });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
  };
};
