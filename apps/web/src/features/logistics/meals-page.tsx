// /logistics/meals: the months with a meal deduction, paged; a month opens its meal lines.
import { useState } from 'react';
import { ButtonRow } from '../../components/action-rows';
import { PagedList } from '../../components/paged-list';
import { t } from '../../i18n/zh-CN';
import { formatMonth } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useMealMonths } from './api/get-meals';
import { MealDetailSheet } from './components/meal-detail-sheet';
import './logistics.css';

const MealsPage = () => {
  const paged = useMealMonths();
  const [openMonth, setOpenMonth] = useState<string>();
  const [isDetailOpen, setDetailOpen] = useState(false);
  return (
    <div className="logistics-page">
      <PagedList
        paged={paged}
        label={t.meals.list}
        emptyTitle={t.meals.empty}
        getKey={(month) => month.YEAR_MONTH}
        // SPEC §5: a deduction shows only when it is above zero.
        isShown={(month) => month.DEDUCTION_AMT > 0}
        renderItem={(month) => (
          <ButtonRow
            className="meal-month"
            description={t.meals.deduction}
            extra={<span className="money-strong">{formatMoney(month.DEDUCTION_AMT)}</span>}
            onClick={() => {
              setOpenMonth(month.YEAR_MONTH);
              setDetailOpen(true);
            }}
            hasPopup="dialog"
          >
            {formatMonth(month.YEAR_MONTH)}
          </ButtonRow>
        )}
      />
      <MealDetailSheet month={openMonth} isOpen={isDetailOpen} onClose={() => setDetailOpen(false)} />
    </div>
  );
};

export default MealsPage;
