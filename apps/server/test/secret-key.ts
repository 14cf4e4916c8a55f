// The SECRET_KEY of the test servers; the template database's demo data is sealed with it.
export const TEST_SECRET_KEY = 'test-secret-key-that-is-long-enough-000000';
