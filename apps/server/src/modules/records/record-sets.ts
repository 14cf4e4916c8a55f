// The record sets of an employee that a change request can touch, and the fields of each as a reviewer reads them:
// the contract's field catalogue of the set's kind (label, format, the dictionary a value comes from).
import {
  BANK_FIELDS,
  BASE_FIELDS,
  EDUCATION_FIELDS,
  type FieldCatalogue,
  type FieldFormat,
  keysOfFields,
  SKILL_FIELDS,
  TITLE_FIELDS,
  WORK_FIELDS,
} from '@ess/contract/record-fields';
import { CER_TYPES, type CerType } from '@ess/contract/records';

/** base (the base data), a certificate type (its whole list), bank (the card). */
export type RecordSet = 'base' | CerType | 'bank';

export const CERTIFICATE_NAMES: Record<CerType, string> = {
  CER01: '学历',
  CER02: '职称证书',
  CER03: '技能证书',
  CER04: '工作经历',
};

/** The catalogue of each record set's kind. */
export const FIELDS_OF_SET: Record<RecordSet, FieldCatalogue> = {
  base: BASE_FIELDS,
  CER01: EDUCATION_FIELDS,
  CER02: TITLE_FIELDS,
  CER03: SKILL_FIELDS,
  CER04: WORK_FIELDS,
  bank: BANK_FIELDS,
};

/** Every record set. */
export const RECORD_SETS = Object.keys(FIELDS_OF_SET) as RecordSet[];

export type FieldSpec = { key: string; label: string; format: FieldFormat };

/** The fields of a set in the order of its form, as the reviewer's differences list them. */
export const fieldSpecsOf = (set: RecordSet): FieldSpec[] =>
  Object.entries(FIELDS_OF_SET[set]).map(([key, { label, format }]) => ({ key, label, format }));

/** The base data fields a record holds as they are (empCard is sealed beside its masked form). */
export const BASE_KEYS = keysOfFields(BASE_FIELDS).filter(
  (key): key is Exclude<keyof typeof BASE_FIELDS, 'empCard'> => key !== 'empCard',
);

/** Every field a certificate row holds: the fields of the four certificate kinds together. */
export const CERTIFICATE_KEYS = [...new Set(CER_TYPES.flatMap((cerType) => Object.keys(FIELDS_OF_SET[cerType])))] as (
  | keyof typeof EDUCATION_FIELDS
  | keyof typeof WORK_FIELDS
  | keyof typeof TITLE_FIELDS
  | keyof typeof SKILL_FIELDS
)[];

/** The card's fields as a record holds them (its number is sealed beside its masked form). */
export const BANK_KEYS = keysOfFields(BANK_FIELDS).filter(
  (key): key is Exclude<keyof typeof BANK_FIELDS, 'bankNo'> => key !== 'bankNo',
);

/** The dictionary fields of a set: what a sent value is checked against, and the name a refusal gives it. */
export const dictionaryFieldsOf = (set: RecordSet) =>
  fieldSpecsOf(set).flatMap(({ key, label, format }) =>
    format.kind === 'dictionary' ? [{ key, label, stateType: format.stateType }] : [],
  );

/** The file fields of a set with the upload types each takes. */
export const fileFieldsOf = (set: RecordSet) =>
  fieldSpecsOf(set).flatMap(({ key, format }) => (format.kind === 'file' ? [{ key, upTypes: format.upTypes }] : []));
