// The four kinds of certificate records (SPEC §3: CER01 education, CER02 title, CER03 skill, CER04 work): the
// fields each keeps, its form (rules from the contract's record schema, so the messages are the spec's), and how
// a record reads in a list.
import type { CerType, CertificateRow } from '@ess/contract/records';
import { educationRecord, MIN_RECORD_DATE, skillRecord, titleRecord, workRecord } from '@ess/contract/records';
import { Form, Input, TextArea } from 'antd-mobile';
import type { ComponentType } from 'react';
import { contractFormRules, contractRules } from '../../components/form/contract-rules';
import { DateField, PickerField, type PickerOption } from '../../components/form/picker-field';
import { RequiredLabel } from '../../components/form/required-label';
import { FileUploader } from '../../components/upload/file-uploader';
import { t } from '../../i18n/zh-CN';
import type { FieldItem } from './components/field-list';

/** A record as the forms hold it: every field a certificate has; a kind uses some of them. */
export type RecordValues = {
  id?: number;
  major?: string;
  title?: string;
  schoolName?: string;
  cerStartDate?: string;
  cerEndDate?: string;
  cerEffDate?: string;
  filePath?: string;
  quitReason?: string;
  personalSkill?: string;
};
type RecordField = Exclude<keyof RecordValues, 'id'>;

export type RecordSummary = { title: string; items: FieldItem[]; file?: { path: string; label: string } };

export type RecordKind = {
  cerType: CerType;
  /** 学历, 工作经历, 职称证书, 技能证书. */
  name: string;
  /** The form's name (the prefix of its fields' ids). */
  formName: string;
  fields: readonly RecordField[];
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

const educationRules = contractRules(educationRecord);
const educationFormRules = contractFormRules(educationRecord);
const edu = t.records.education;

export const EDUCATION: RecordKind = {
  cerType: 'CER01',
  name: edu.name,
  formName: 'education',
  fields: ['major', 'title', 'schoolName', 'cerStartDate', 'cerEndDate', 'filePath'],
  summarize: (record, majorName) => ({
    title: record.schoolName ?? '',
    items: [
      { label: edu.major, value: majorName(record.major) },
      { label: edu.title, value: record.title },
      { label: edu.period, value: period(record) },
    ],
    file: record.filePath ? { path: record.filePath, label: edu.filePath } : undefined,
  }),
  FormFields: ({ majorOptions }) => (
    <>
      <Form.Item name="major" label={<RequiredLabel>{edu.major}</RequiredLabel>} rules={educationRules('major')}>
        <PickerField label={edu.major} options={majorOptions} />
      </Form.Item>
      <Form.Item name="title" label={<RequiredLabel>{edu.title}</RequiredLabel>} rules={educationRules('title')}>
        <Input placeholder={edu.titlePlaceholder} maxLength={100} clearable />
      </Form.Item>
      <Form.Item
        name="schoolName"
        label={<RequiredLabel>{edu.schoolName}</RequiredLabel>}
        rules={educationRules('schoolName')}
      >
        <Input placeholder={edu.schoolPlaceholder} maxLength={100} clearable />
      </Form.Item>
      <Form.Item
        name="cerStartDate"
        label={<RequiredLabel>{edu.cerStartDate}</RequiredLabel>}
        rules={educationRules('cerStartDate')}
      >
        <DateField label={edu.cerStartDate} min={MIN_RECORD_DATE} isPastOnly />
      </Form.Item>
      <Form.Item
        name="cerEndDate"
        label={<RequiredLabel>{edu.cerEndDate}</RequiredLabel>}
        rules={educationFormRules('cerEndDate')}
        dependencies={['cerStartDate']}
      >
        <DateField label={edu.cerEndDate} min={MIN_RECORD_DATE} />
      </Form.Item>
      <Form.Item name="filePath" label={t.form.optional(edu.filePath)} rules={educationRules('filePath')}>
        <FileUploader upType="SCHOOL" label={edu.filePath} accepts="image-or-pdf" />
      </Form.Item>
    </>
  ),
};

const workRules = contractRules(workRecord);
const workFormRules = contractFormRules(workRecord);
const work = t.records.work;

export const WORK: RecordKind = {
  cerType: 'CER04',
  name: work.name,
  formName: 'work',
  fields: ['schoolName', 'title', 'cerStartDate', 'cerEndDate', 'quitReason', 'personalSkill'],
  summarize: (record) => ({
    title: record.schoolName ?? '',
    items: [
      { label: work.title, value: record.title },
      ...(record.cerStartDate || record.cerEndDate ? [{ label: work.period, value: period(record) }] : []),
      { label: work.quitReason, value: record.quitReason },
      ...(record.personalSkill ? [{ label: work.personalSkill, value: record.personalSkill }] : []),
    ],
  }),
  FormFields: () => (
    <>
      <Form.Item
        name="schoolName"
        label={<RequiredLabel>{work.schoolName}</RequiredLabel>}
        rules={workRules('schoolName')}
      >
        <Input placeholder={work.schoolPlaceholder} maxLength={100} clearable />
      </Form.Item>
      <Form.Item name="title" label={<RequiredLabel>{work.title}</RequiredLabel>} rules={workRules('title')}>
        <Input placeholder={work.titlePlaceholder} maxLength={100} clearable />
      </Form.Item>
      <Form.Item name="cerStartDate" label={t.form.optional(work.cerStartDate)} rules={workRules('cerStartDate')}>
        <DateField label={work.cerStartDate} min={MIN_RECORD_DATE} isPastOnly isOptional />
      </Form.Item>
      <Form.Item
        name="cerEndDate"
        label={t.form.optional(work.cerEndDate)}
        rules={workFormRules('cerEndDate')}
        dependencies={['cerStartDate']}
      >
        <DateField label={work.cerEndDate} min={MIN_RECORD_DATE} isPastOnly isOptional />
      </Form.Item>
      <Form.Item
        name="quitReason"
        label={<RequiredLabel>{work.quitReason}</RequiredLabel>}
        rules={workRules('quitReason')}
      >
        <TextArea
          placeholder={work.quitReasonPlaceholder}
          maxLength={200}
          rows={2}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
      <Form.Item name="personalSkill" label={t.form.optional(work.personalSkill)} rules={workRules('personalSkill')}>
        <TextArea
          placeholder={work.personalSkillPlaceholder}
          maxLength={200}
          rows={2}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
    </>
  ),
};

type CertificateWords = typeof t.records.title | typeof t.records.skill;

const CertificateFields = ({
  schema,
  words,
}: {
  schema: typeof titleRecord | typeof skillRecord;
  words: CertificateWords;
}) => {
  const rules = contractRules(schema);
  return (
    <>
      <Form.Item name="title" label={<RequiredLabel>{words.title}</RequiredLabel>} rules={rules('title')}>
        <Input placeholder={words.titlePlaceholder} maxLength={100} clearable />
      </Form.Item>
      <Form.Item
        name="cerEffDate"
        label={<RequiredLabel>{words.cerEffDate}</RequiredLabel>}
        rules={rules('cerEffDate')}
      >
        <DateField label={words.cerEffDate} min={MIN_RECORD_DATE} isPastOnly />
      </Form.Item>
      <Form.Item name="filePath" label={t.form.optional(words.filePath)} rules={rules('filePath')}>
        <FileUploader upType="TITLE" label={words.filePath} accepts="image-or-pdf" />
      </Form.Item>
    </>
  );
};

const TitleFields = () => <CertificateFields schema={titleRecord} words={t.records.title} />;
const SkillFields = () => <CertificateFields schema={skillRecord} words={t.records.skill} />;

const certificateKind = (cerType: 'CER02' | 'CER03', words: CertificateWords): RecordKind => ({
  cerType,
  name: words.name,
  formName: cerType === 'CER02' ? 'title' : 'skill',
  fields: ['title', 'cerEffDate', 'filePath'],
  summarize: (record) => ({
    title: record.title ?? '',
    items: [{ label: words.cerEffDate, value: record.cerEffDate }],
    file: record.filePath ? { path: record.filePath, label: words.filePath } : undefined,
  }),
  FormFields: cerType === 'CER02' ? TitleFields : SkillFields,
});

export const TITLE = certificateKind('CER02', t.records.title);
export const SKILL = certificateKind('CER03', t.records.skill);
