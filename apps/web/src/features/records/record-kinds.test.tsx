// The record forms come from the contract's field catalogues: every field of a kind is on its form under its
// catalogue label (required ones marked, optional ones 选填), and the lists name the kind's fields.
import { FIELD_CATALOGUES, type FieldCatalogue } from '@ess/contract/record-fields';
import { Form } from 'antd-mobile';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { EDUCATION, type RecordKind, SKILL, TITLE, WORK } from './record-kinds';

const KINDS: [string, RecordKind, FieldCatalogue][] = [
  ['education', EDUCATION, FIELD_CATALOGUES.education],
  ['work', WORK, FIELD_CATALOGUES.work],
  ['title', TITLE, FIELD_CATALOGUES.title],
  ['skill', SKILL, FIELD_CATALOGUES.skill],
];

describe.each(KINDS)('the %s form', (_name, kind, catalogue) => {
  it('keeps the catalogue’s fields', () => {
    expect(kind.fields).toEqual(Object.keys(catalogue));
  });

  it('shows every field of the catalogue under its label', () => {
    const { FormFields } = kind;
    const { container } = renderScreen(
      <Form name={kind.formName}>
        <FormFields majorOptions={[]} />
      </Form>,
    );
    const labels = [...container.querySelectorAll('.adm-form-item-label')].map((label) => label.textContent ?? '');
    const fields = Object.values(catalogue);
    expect(labels).toHaveLength(fields.length);
    fields.forEach((field, index) => {
      expect(labels[index], field.label).toContain(field.label);
      expect(labels[index]?.includes('选填'), field.label).toBe(!field.required);
    });
  });
});
