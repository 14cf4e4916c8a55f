// The four kinds of certificate records (SPEC §3: CER01 education, CER02 title, CER03 skill, CER04 work): the
// fields each keeps and its form, both from the contract's field catalogue of the kind (labels, formats, and the
// rules of the record schema, so the messages are the spec's), and how a record reads in a list.

import {
  EDUCATION_FIELDS,
  type FieldCatalogue,
  keysOfFields,
  MIN_RECORD_DATE,
  type RecordField,
  SKILL_FIELDS,
  TITLE_FIELDS,
  WORK_FIELDS,
} from '@ess/contract/record-fields';
import type { CerType, CertificateRow } from '@ess/contract/records';
import { educationRecord, skillRecord, titleRecord, workRecord } from '@ess/contract/records';
import { Form, Input, TextArea } from 'antd-mobile';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import { contractFormRules, contractRules } from '../../components/form/contract-rules';
import { DateField, PickerField, type PickerOption } from '../../components/form/picker-field';
import { FileUploader } from '../../components/upload/file-uploader';
import { t } from '../../i18n/zh-CN';
import type { FieldItem } from './components/field-list';
import { fieldLabel } from './field-label';

/** A record as the forms hold it: every field a certificate kind has (a kind uses some of them), the id kept. */
export type RecordValues = { id?: number } & Partial<
  Record<
    keyof typeof EDUCATION_FIELDS | keyof typeof WORK_FIELDS | keyof typeof TITLE_FIELDS | keyof typeof SKILL_FIELDS,
    string
  >
>;
type CertificateField = Exclude<keyof RecordValues, 'id'>;

export type RecordSummary = { title: string; items: FieldItem[]; file?: { path: string; label: string } };

export type RecordKind = {
  cerType: CerType;
  /** 学历, 工作经历, 职称证书, 技能证书. */
  name: string;
  /** The form's name (the prefix of its fields' ids). */
  formName: string;
  fields: readonly CertificateField[];
  summarize: (record: RecordValues, majorName: (code: string | undefined) => string) => RecordSummary;
  FormFields: ComponentType<{ majorOptions: readonly PickerOption[] }>;
};

/** A row from the server as a form's record: the kind's fields, blanks as undefined, the id kept. */
export const recordOfRow = (kind: RecordKind, row: CertificateRow): RecordValues => {
  const record: RecordValues = row.id === undefined ? {} : { id: row.id };
  for (const field of kind.fields) {
    const value = row[field];
    if (value !== null && value !== '') record[field] = value;
  }
  return record;
};

/** 2016-09-01 至 2019-06-30, each date kept on one line. */
const period = (record: RecordValues) =>
  record.cerStartDate || record.cerEndDate ? (
    <>
      <span className="no-wrap">{record.cerStartDate ?? '—'}</span> {t.records.dateTo}{' '}
      <span className="no-wrap">{record.cerEndDate ?? '—'}</span>
    </>
  ) : (
    ''
  );

/** The control of a field, by its format. */
const FieldControl = ({
  field,
  placeholder,
  dictionaryOptions,
  ...controlled
}: {
  field: RecordField;
  placeholder?: string;
  dictionaryOptions: readonly PickerOption[];
}) => {
  const { format, label } = field;
  switch (format.kind) {
    case 'dictionary':
      return <PickerField label={label} options={dictionaryOptions} {...controlled} />;
    case 'date':
      return (
        <DateField
          label={label}
          min={MIN_RECORD_DATE}
          isPastOnly={format.isPastOnly}
          isOptional={!field.required}
          {...controlled}
        />
      );
    case 'file':
      return <FileUploader upType={format.upTypes[0]} label={label} accepts="image-or-pdf" {...controlled} />;
    case 'text':
      return format.isMultiline ? (
        <TextArea
          placeholder={placeholder}
          maxLength={format.max}
          rows={2}
          autoSize={{ minRows: 2, maxRows: 4 }}
          {...controlled}
        />
      ) : (
        <Input placeholder={placeholder} maxLength={format.max} clearable {...controlled} />
      );
    default:
      return <Input placeholder={placeholder} {...controlled} />;
  }
};

/** The fields whose check reads another field (an end date not before the start date), and the field it reads. */
const DEPENDENCIES: Partial<Record<CertificateField, CertificateField[]>> = { cerEndDate: ['cerStartDate'] };

/**
 * The form of a kind: one item per field of its catalogue, in its order, each checked by the record schema (a field
 * on its own; one that reads another also against the whole record, again when that other one changes).
 */
const catalogueFields =
  <C extends FieldCatalogue>(
    catalogue: C,
    schema: z.ZodObject<z.ZodRawShape>,
    placeholders: Partial<Record<keyof C, string>> = {},
  ): RecordKind['FormFields'] =>
  ({ majorOptions }) => {
    const fieldRules = contractRules(schema);
    const formRules = contractFormRules(schema);
    return (
      <>
        {Object.entries(catalogue).map(([key, field]) => {
          const dependencies = DEPENDENCIES[key as CertificateField]?.filter((other) => other in catalogue);
          return (
            <Form.Item
              key={key}
              name={key}
              label={fieldLabel(field)}
              rules={dependencies ? formRules(key) : fieldRules(key)}
              dependencies={dependencies}
            >
              <FieldControl field={field} placeholder={placeholders[key]} dictionaryOptions={majorOptions} />
            </Form.Item>
          );
        })}
      </>
    );
  };

const edu = t.records.education;

export const EDUCATION: RecordKind = {
  cerType: 'CER01',
  name: edu.name,
  formName: 'education',
  fields: keysOfFields(EDUCATION_FIELDS),
  summarize: (record, majorName) => ({
    title: record.schoolName ?? '',
    items: [
      { label: EDUCATION_FIELDS.major.label, value: majorName(record.major) },
      { label: EDUCATION_FIELDS.title.label, value: record.title },
      { label: edu.period, value: period(record) },
    ],
    file: record.filePath ? { path: record.filePath, label: EDUCATION_FIELDS.filePath.label } : undefined,
  }),
  FormFields: catalogueFields(EDUCATION_FIELDS, educationRecord, {
    title: edu.titlePlaceholder,
    schoolName: edu.schoolPlaceholder,
  }),
};

const work = t.records.work;

export const WORK: RecordKind = {
  cerType: 'CER04',
  name: work.name,
  formName: 'work',
  fields: keysOfFields(WORK_FIELDS),
  summarize: (record) => ({
    title: record.schoolName ?? '',
    items: [
      { label: WORK_FIELDS.title.label, value: record.title },
      ...(record.cerStartDate || record.cerEndDate ? [{ label: work.period, value: period(record) }] : []),
      { label: WORK_FIELDS.quitReason.label, value: record.quitReason },
      ...(record.personalSkill ? [{ label: WORK_FIELDS.personalSkill.label, value: record.personalSkill }] : []),
    ],
  }),
  FormFields: catalogueFields(WORK_FIELDS, workRecord, {
    schoolName: work.schoolPlaceholder,
    title: work.titlePlaceholder,
    quitReason: work.quitReasonPlaceholder,
    personalSkill: work.personalSkillPlaceholder,
  }),
};

const certificateKind = (
  cerType: 'CER02' | 'CER03',
  fields: typeof TITLE_FIELDS | typeof SKILL_FIELDS,
  schema: typeof titleRecord | typeof skillRecord,
  words: typeof t.records.title | typeof t.records.skill,
): RecordKind => ({
  cerType,
  name: words.name,
  formName: cerType === 'CER02' ? 'title' : 'skill',
  fields: keysOfFields(fields),
  summarize: (record) => ({
    title: record.title ?? '',
    items: [{ label: fields.cerEffDate.label, value: record.cerEffDate }],
    file: record.filePath ? { path: record.filePath, label: fields.filePath.label } : undefined,
  }),
  FormFields: catalogueFields(fields, schema, { title: words.titlePlaceholder }),
});

export const TITLE = certificateKind('CER02', TITLE_FIELDS, titleRecord, t.records.title);
export const SKILL = certificateKind('CER03', SKILL_FIELDS, skillRecord, t.records.skill);
