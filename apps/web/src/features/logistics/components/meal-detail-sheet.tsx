// The meal lines of one month in a bottom sheet: time, cost, subsidy and 实扣 = cost − subsidy (SPEC §5).
import { List } from 'antd-mobile';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states';
import { Sheet } from '../../../components/sheet';
import { t } from '../../../i18n/zh-CN';
import { formatMonth } from '../../../lib/dates';
import { formatMoney, subtractMoney } from '../../../lib/money';
import { useMealsDetail } from '../api/get-meals-detail';

const MealLines = ({ month }: { month: string }) => {
  const detail = useMealsDetail(month);
  if (detail.isPending) return <LoadingState lines={3} blocks={2} />;
  if (detail.isError) {
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} isRetrying={detail.isFetching} />;
  }
  if (detail.data.length === 0) return <EmptyState title={t.meals.detailEmpty} />;
  return (
    <List className="meal-lines">
      {detail.data.map((line, index) => (
        <List.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: two meals may share a minute; the server's order is stable
          key={`${line.COST_TIME}-${index}`}
          description={
            <span className="meal-line-parts">
              {t.meals.cost} {formatMoney(line.COST_AMOUNT)} · {t.meals.subsidy} {formatMoney(line.SUBSIDY_AMOUNT)}
            </span>
          }
          extra={
            <span className="meal-line-actual">
              <span className="meal-line-actual-label">{t.meals.actual}</span>
              {formatMoney(subtractMoney(line.COST_AMOUNT, line.SUBSIDY_AMOUNT))}
            </span>
          }
        >
          <span className="meal-line-time">{line.COST_TIME}</span>
        </List.Item>
      ))}
    </List>
  );
};

type MealDetailSheetProps = { month: string | undefined; isOpen: boolean; onClose: () => void };

export const MealDetailSheet = ({ month, isOpen, onClose }: MealDetailSheetProps) => (
  <Sheet visible={isOpen} title={month ? t.meals.detailTitle(formatMonth(month)) : ''} onClose={onClose} size="tall">
    {month && <MealLines month={month} />}
  </Sheet>
);
