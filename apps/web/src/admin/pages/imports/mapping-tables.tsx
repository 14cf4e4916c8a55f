// A ready job's mapping: which field each column of the file fills, the date format of each date field, and what
// each value the server did not recognise stands for (or that its rows are skipped).
import { DATE_FORMATS, IMPORT_FIELDS } from '@ess/contract/import-kinds';
import type { ImportJob } from '@ess/contract/imports';
import { EMP_TYPE_LABELS, EMP_TYPES } from '@ess/contract/salary';
import { Select, Space } from 'antd';
import { ct } from '../../texts';
import { SectionTable } from './section-table';

export type Mapping = {
  columns: Record<string, string>;
  valueMap: Record<string, Record<string, string>>;
  dateFormats: Record<string, string>;
};

const SAFETY_TYPES = Object.entries(ct.imports.safetyTypes);
const LOOKUP_CHOICES: Record<string, { value: string; label: string }[]> = {
  empType: EMP_TYPES.map((code) => ({ value: code, label: `${code} ${EMP_TYPE_LABELS[code]}` })),
  safetyType: SAFETY_TYPES.map(([code, name]) => ({ value: code, label: `${code} ${name}` })),
};

export const MappingTables = ({
  job,
  mapping,
  onChange,
}: {
  job: ImportJob;
  mapping: Mapping;
  onChange: (change: (before: Mapping) => Mapping) => void;
}) => {
  const fields = IMPORT_FIELDS[job.kind];
  const dateFields = fields.filter((field) => field.type === 'date' || field.type === 'dateTime');
  /** One choice of a column's field or a date field's format kept. */
  const choose = (group: 'columns' | 'dateFormats', key: string, value: string) =>
    onChange((before) => ({ ...before, [group]: { ...before[group], [key]: value } }));
  return (
    <>
      <SectionTable
        title={ct.imports.mappingTitle}
        rowKey="index"
        dataSource={job.columns}
        scroll={{ y: 200 }}
        columns={[
          { title: ct.imports.fileColumn, dataIndex: 'header' },
          {
            title: ct.imports.targetField,
            render: (_, column) => (
              <Select
                aria-label={ct.imports.fieldOf(column.header)}
                style={{ width: 200 }}
                value={mapping.columns[column.header] ?? column.field ?? ''}
                onChange={(value) => choose('columns', column.header, value)}
                options={[
                  { value: '', label: ct.imports.skipColumn },
                  ...fields.map((field) => ({
                    value: field.key,
                    label: `${field.label}${field.isRequired ? ct.imports.required : ''}`,
                  })),
                ]}
              />
            ),
          },
        ]}
      />
      {dateFields.length > 0 && (
        <Space style={{ marginTop: 8 }}>
          {dateFields.map((field) => (
            <span key={field.key}>
              {ct.imports.dateFormatOf(field.label)}：
              <Select
                aria-label={ct.imports.dateFormatOf(field.label)}
                style={{ width: 140 }}
                value={mapping.dateFormats[field.key] ?? job.dateFormats[field.key] ?? 'yyyy-MM-dd'}
                onChange={(value) => choose('dateFormats', field.key, value)}
                options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
              />
            </span>
          ))}
        </Space>
      )}
      {job.unknownValues.length > 0 && (
        <SectionTable
          title={ct.imports.unknownTitle}
          rowKey={(row) => `${row.field}:${row.value}`}
          dataSource={job.unknownValues}
          columns={[
            { title: ct.imports.column, dataIndex: 'label', width: 120 },
            { title: ct.imports.value, dataIndex: 'value', width: 160 },
            {
              title: ct.imports.seenInRows,
              render: (_, row) => ct.imports.rowsSeen(row.rows.join('、'), row.count > row.rows.length, row.count),
            },
            {
              title: ct.imports.mapTo,
              render: (_, row) => {
                const lookup = fields.find((field) => field.key === row.field)?.lookup ?? 'empType';
                return (
                  <Select
                    aria-label={ct.imports.mapValueOf(row.value)}
                    style={{ width: 200 }}
                    placeholder={ct.imports.choose}
                    value={mapping.valueMap[row.field]?.[row.value]}
                    onChange={(value) =>
                      onChange((before) => ({
                        ...before,
                        valueMap: {
                          ...before.valueMap,
                          [row.field]: { ...before.valueMap[row.field], [row.value]: value },
                        },
                      }))
                    }
                    options={[{ value: '', label: ct.imports.skipRows }, ...(LOOKUP_CHOICES[lookup] ?? [])]}
                  />
                );
              },
            },
          ]}
        />
      )}
    </>
  );
};
