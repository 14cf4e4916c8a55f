// Paths the app shell itself navigates to; kept apart from the route table so the screens it lazily
// loads can link to them without importing the table back.
export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const PERSON_CENTER_PATH = '/user/person-center';
export const CHANGE_PASSWORD_PATH = '/system-setting/change-password';
export { HR_SUBMISSIONS_PATH, REVIEW_DETAIL_PATH, REVIEW_LIST_PATH } from '../lib/console-links';
