// The employee handbook PDF, served with the app (apps/web/public); an operator replaces the file.
export const HANDBOOK_URL = '/handbook.pdf';
