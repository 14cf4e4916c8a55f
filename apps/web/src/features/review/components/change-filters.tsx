// The plant and the kind of change, as the phone's own pickers (native selects: labelled, keyboard-operable, and
// as good with a mouse on an office PC).
import { PLANTS, type Plant } from '@ess/contract/plants';
import { CHANGE_KIND_WORDS, CHANGE_KINDS, type ChangeKind } from '@ess/contract/records';
import { useId } from 'react';
import { t } from '../../../i18n/zh-CN';

type Filter = { bu: Plant | ''; kind: ChangeKind | '' };
type ChangeFiltersProps = Filter & { onChange: (filter: Filter) => void };

export const ChangeFilters = ({ bu, kind, onChange }: ChangeFiltersProps) => {
  const plantId = useId();
  const kindId = useId();
  return (
    <fieldset className="review-fieldset">
      <legend className="visually-hidden">{t.review.filters}</legend>
      <div className="review-filters">
        <div className="review-filter">
          <label htmlFor={plantId}>{t.review.plant}</label>
          <select
            id={plantId}
            value={bu}
            onChange={(event) => onChange({ bu: event.target.value as Plant | '', kind })}
          >
            <option value="">{t.review.allPlants}</option>
            {PLANTS.map((plant) => (
              <option key={plant} value={plant}>
                {plant}
              </option>
            ))}
          </select>
        </div>
        <div className="review-filter">
          <label htmlFor={kindId}>{t.review.kind}</label>
          <select
            id={kindId}
            value={kind}
            onChange={(event) => onChange({ bu, kind: event.target.value as ChangeKind | '' })}
          >
            <option value="">{t.review.allKinds}</option>
            {CHANGE_KINDS.map((value) => (
              <option key={value} value={value}>
                {t.review.kindText(CHANGE_KIND_WORDS[value])}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
};
