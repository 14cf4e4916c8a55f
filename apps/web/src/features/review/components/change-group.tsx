// One record the request touches (基本信息, 新增学历, 修改工作经历, 删除…, 银行卡): its fields with the value before and
// after side by side. A changed field is marked by colour and by the words 已修改 with an icon, never colour alone.
import type { ChangeField, ChangeGroup as Group } from '@ess/contract/review';
import { Tag } from 'antd-mobile';
import { EditSOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { t } from '../../../i18n/zh-CN';
import { FileValue } from './file-value';

const TAG_COLORS: Record<Group['change'], string> = {
  added: 'success',
  removed: 'danger',
  changed: 'warning',
  unchanged: 'default',
};

const Value = ({ field, value, name }: { field: ChangeField; value: string | null; name: string }) => {
  if (value === null || value === '') return <span className="review-empty-value">{t.review.emptyValue}</span>;
  if (field.isFile) return <FileValue path={value} name={name} />;
  return <span className="review-value">{value}</span>;
};

export const ChangeGroup = ({ group }: { group: Group }) => {
  const titleId = useId();
  return (
    <section className={`review-group review-group-${group.change}`} aria-labelledby={titleId}>
      <h3 className="review-group-title" id={titleId}>
        <span>{group.title}</span>
        <Tag color={TAG_COLORS[group.change]} fill="outline">
          {t.review.groupChanges[group.change]}
        </Tag>
      </h3>
      {group.fields.length === 0 ? (
        <p className="review-group-empty">{t.review.noFields}</p>
      ) : (
        <table className="review-fields">
          <thead>
            <tr>
              <th scope="col">{t.review.field}</th>
              <th scope="col">{t.review.before}</th>
              <th scope="col">{t.review.after}</th>
            </tr>
          </thead>
          <tbody>
            {group.fields.map((field) => (
              <tr key={field.label} className={field.isChanged ? 'review-field is-changed' : 'review-field'}>
                <th scope="row">
                  <span className="review-field-label">{field.label}</span>
                  {field.isChanged && (
                    <span className="review-changed-mark">
                      <EditSOutline aria-hidden="true" />
                      {t.review.changed}
                    </span>
                  )}
                </th>
                <td className="review-before">
                  <Value field={field} value={field.before} name={t.review.sideBefore(field.label)} />
                </td>
                <td className="review-after">
                  <Value field={field} value={field.after} name={t.review.sideAfter(field.label)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
};
