// All tables, for the Drizzle handle and drizzle-kit.
export * from './account';
export * from './announcements';
export * from './audit';
export * from './handbook';
export * from './home';
export * from './imports';
export * from './operations';
export * from './platforms';
export * from './proposals';
export * from './queries';
export * from './question-bank';
export * from './records';
export * from './site';
export * from './training';
