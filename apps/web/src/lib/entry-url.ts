// The address the app was entered with. WeChat on iOS checks a JS-SDK signature against this URL, not the current
// one after in-app navigation, so the share page signs it there. Read once, before the router changes the address.
export const ENTRY_URL = window.location.href.split('#')[0] ?? window.location.href;
