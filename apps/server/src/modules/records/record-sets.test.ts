// The server's field specs come from the contract's catalogues: the reviewer's differences list every field of a
// kind with its label, and the keys the records hold are the catalogue's.
import { FIELD_CATALOGUES, type FieldCatalogue } from '@ess/contract/record-fields';
import { describe, expect, it } from 'vitest';
import {
  BANK_KEYS,
  BASE_KEYS,
  CERTIFICATE_KEYS,
  dictionaryFieldsOf,
  fieldSpecsOf,
  fileFieldsOf,
  type RecordSet,
} from './record-sets';

const { base: BASE_FIELDS, education, work, title, skill, bank: BANK_FIELDS } = FIELD_CATALOGUES;
const CATALOGUES = [
  ['base', BASE_FIELDS],
  ['CER01', education],
  ['CER02', title],
  ['CER03', skill],
  ['CER04', work],
  ['bank', BANK_FIELDS],
] as const;

describe.each(CATALOGUES)('the fields of %s', (set: RecordSet, catalogue) => {
  it('are the catalogue’s, in its order, with its labels and formats', () => {
    expect(fieldSpecsOf(set)).toEqual(
      Object.entries(catalogue).map(([key, { label, format }]) => ({ key, label, format })),
    );
  });

  it('check the catalogue’s dictionaries and take the catalogue’s files', () => {
    const entries = Object.entries(catalogue as FieldCatalogue);
    expect(dictionaryFieldsOf(set).map(({ key }) => key)).toEqual(
      entries.filter(([, field]) => field.format.kind === 'dictionary').map(([key]) => key),
    );
    expect(fileFieldsOf(set).map(({ key }) => key)).toEqual(
      entries.filter(([, field]) => field.format.kind === 'file').map(([key]) => key),
    );
  });
});

describe('the keys the records hold', () => {
  it('are the catalogues’ keys but the sealed numbers', () => {
    expect([...BASE_KEYS, 'empCard'].sort()).toEqual(Object.keys(BASE_FIELDS).sort());
    expect([...BANK_KEYS, 'bankNo'].sort()).toEqual(Object.keys(BANK_FIELDS).sort());
    const certificateKeys = new Set([education, title, skill, work].flatMap((catalogue) => Object.keys(catalogue)));
    expect(new Set(CERTIFICATE_KEYS)).toEqual(certificateKeys);
  });
});
