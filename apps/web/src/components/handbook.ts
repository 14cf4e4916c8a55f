// The employee handbook PDF the app ships (apps/web/public): read before sign-in, and by a plant HR has published no
// version for. A published version has its own signed-in address (the profile's `handbook.url`).
export const HANDBOOK_URL = '/handbook.pdf';
