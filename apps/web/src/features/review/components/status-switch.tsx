// 待审核 / 已通过 / 已驳回: which requests the list shows, as a row of pressed/unpressed buttons.
import { REVIEW_STATUSES, type ReviewStatus } from '@ess/contract/review';
import { t } from '../../../i18n/zh-CN';

export const StatusSwitch = ({
  value,
  onChange,
}: {
  value: ReviewStatus;
  onChange: (status: ReviewStatus) => void;
}) => (
  // A fieldset is no flex container before Chrome 86: the buttons are laid out by the div inside it.
  <fieldset className="review-fieldset">
    <legend className="visually-hidden">{t.review.status}</legend>
    <div className="review-status-switch">
      {REVIEW_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          className="review-status-button"
          aria-pressed={status === value}
          onClick={() => onChange(status)}
        >
          {t.review.statuses[status]}
        </button>
      ))}
    </div>
  </fieldset>
);
