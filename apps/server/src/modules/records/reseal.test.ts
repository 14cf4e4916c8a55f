// Rotating SECRET_KEY: `npm run ess -- reseal` seals every number again with the new key, readable as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { TEST_SECRET_KEY } from '../../../test/secret-key';
import { createPersonalDataCipher } from '../../core/personal-data';
import { resealPersonalData } from './reseal';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const sealedValues = async () =>
  (
    await t.database.pool.query<{ value: string }>(
      `select emp_card_enc as value from employee_profiles where emp_card_enc is not null
       union all select bank_no_enc from bank_cards`,
    )
  ).rows.map(({ value }) => value);

describe('resealPersonalData', () => {
  it('moves every number sealed with a previous key to the current one, and leaves the rest', async () => {
    const before = await sealedValues();
    expect(before.length).toBeGreaterThan(0);
    const rotated = createPersonalDataCipher('the-next-secret-key-that-is-long-enough-0', [TEST_SECRET_KEY]);
    const opened = before.map((value) => rotated.open(value));

    expect(await resealPersonalData(t.database.db, rotated)).toBeGreaterThanOrEqual(before.length);
    const after = await sealedValues();
    expect(after.every((value) => !rotated.isSealedWithOldKey(value))).toBe(true);
    const withoutOldKey = createPersonalDataCipher('the-next-secret-key-that-is-long-enough-0');
    expect(after.map((value) => withoutOldKey.open(value)).sort()).toEqual([...opened].sort());
    expect(await resealPersonalData(t.database.db, rotated)).toBe(0);
  });
});
