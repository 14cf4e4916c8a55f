// Label and value pairs of a record as read (a description list): what a screen reader announces as such.
import type { ReactNode } from 'react';
import { t } from '../../../i18n/zh-CN';

export type FieldItem = { label: string; value: ReactNode };

export const FieldList = ({ items, className }: { items: readonly FieldItem[]; className?: string }) => (
  <dl className={className ? `field-list ${className}` : 'field-list'}>
    {items.map((item) => (
      <div className="field-list-row" key={item.label}>
        <dt>{item.label}</dt>
        <dd>
          {item.value === '' || item.value === null || item.value === undefined ? (
            <span className="field-list-missing">{t.records.notFilled}</span>
          ) : (
            item.value
          )}
        </dd>
      </div>
    ))}
  </dl>
);
