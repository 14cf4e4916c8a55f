// The field catalogues: every field of a kind is in the kind's schema under its key, with the catalogue's required
// message and length, and nothing is in the schema that the catalogue does not name.
import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUES, type FieldCatalogue, TITLE_FIELDS } from './record-fields';
import {
  bankCardForm,
  changeBodies,
  educationRecord,
  employeeBaseForm,
  skillRecord,
  titleRecord,
  workRecord,
} from './records';

const KINDS: [string, FieldCatalogue, { shape: Record<string, unknown> }][] = [
  ['base', FIELD_CATALOGUES.base, employeeBaseForm],
  ['education', FIELD_CATALOGUES.education, educationRecord],
  ['work', FIELD_CATALOGUES.work, workRecord],
  ['title', FIELD_CATALOGUES.title, titleRecord],
  ['skill', FIELD_CATALOGUES.skill, skillRecord],
  ['bank', FIELD_CATALOGUES.bank, bankCardForm],
];

describe.each(KINDS)('the %s catalogue', (_name, catalogue, schema) => {
  it('is the schema: each field under its key with its rule, and nothing else but the record id', () => {
    for (const [key, field] of Object.entries(catalogue)) expect(schema.shape[key], key).toBe(field.schema);
    expect(Object.keys(schema.shape).filter((key) => key !== 'id')).toEqual(Object.keys(catalogue));
  });

  it("refuses a required field left empty with the catalogue's message", () => {
    for (const field of Object.values(catalogue)) {
      if (!field.required) continue;
      expect(field.schema.safeParse('').error?.issues[0]?.message, field.label).toBe(field.required);
    }
  });

  it('refuses text longer than its length', () => {
    for (const field of Object.values(catalogue)) {
      if (field.format.kind !== 'text') continue;
      const tooLong = '5'.repeat(field.format.max + 1);
      expect(field.schema.safeParse(tooLong).success, field.label).toBe(false);
    }
  });
});

describe('a field added to a catalogue', () => {
  it('is checked by the schema derived from it', async () => {
    const { schemaOfFields } = await import('./record-fields');
    const schema = schemaOfFields({ ...TITLE_FIELDS, issuer: { ...TITLE_FIELDS.title, label: '发证机关' } });
    expect(Object.keys(schema.shape)).toContain('issuer');
    expect(schema.safeParse({ title: '工程师', cerEffDate: '2020-01-01' }).error?.issues[0]?.path).toEqual(['issuer']);
  });
});

describe('birth status', () => {
  const base = {
    empTelNo: '13812345678',
    address: '南通',
    empCardType: '01',
    empHeight: '170',
    empWeight: '60',
    empPolitical: '01',
    emergencyContactName: '张三',
    emergencyContactTelNo: '13812345678',
    empCardScanUp: '/api/files/00000000-0000-0000-0000-000000000001',
    empCardScanDown: '/api/files/00000000-0000-0000-0000-000000000002',
    hasBirth: '01',
  };
  const educations = [
    { major: '05', title: '机械', schoolName: '南通大学', cerStartDate: '2008-09-01', cerEndDate: '2012-06-30' },
  ];

  it('is kept for the married and dropped for the unmarried', () => {
    const married = changeBodies.APP_EDIT_PERSON.parse({ base: { ...base, isMarry: 'Y' }, educations });
    expect(married.base.hasBirth).toBe('01');
    const unmarried = changeBodies.APP_EDIT_PERSON.parse({ base: { ...base, isMarry: 'N' }, educations });
    expect(unmarried.base.hasBirth).toBeUndefined();
  });
});
