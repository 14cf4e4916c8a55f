// /logistics/person-stay: water, electricity and accommodation cost per month, paged, with the reminder
// that the figures may differ from what was actually deducted.
import type { DormitoryCost } from '@ess/contract/logistics';
import { List, NoticeBar } from 'antd-mobile';
import { PagedList } from '../../components/paged-list';
import { t } from '../../i18n/zh-CN';
import { formatMonth } from '../../lib/dates';
import { formatMoney, toCents } from '../../lib/money';
import { useDormitoryCosts } from './api/get-dormitory-cost-for-mobile';
import './logistics.css';

const totalOf = (cost: DormitoryCost) =>
  (toCents(cost.waterCost) + toCents(cost.tariffCost) + toCents(cost.accommodationCost)) / 100;

const CostMonth = ({ cost }: { cost: DormitoryCost }) => (
  <List.Item
    className="stay-month"
    extra={
      <span className="stay-total">
        <span className="stay-total-label">{t.dormitory.total}</span>
        <span className="money-strong">{formatMoney(totalOf(cost))}</span>
      </span>
    }
    description={
      <dl className="stay-costs">
        <div>
          <dt>{t.dormitory.water}</dt>
          <dd>{formatMoney(cost.waterCost)}</dd>
        </div>
        <div>
          <dt>{t.dormitory.electricity}</dt>
          <dd>{formatMoney(cost.tariffCost)}</dd>
        </div>
        <div>
          <dt>{t.dormitory.accommodation}</dt>
          <dd>{formatMoney(cost.accommodationCost)}</dd>
        </div>
      </dl>
    }
  >
    {formatMonth(cost.yearMonth)}
  </List.Item>
);

const PersonStayPage = () => {
  const paged = useDormitoryCosts();
  return (
    <div className="logistics-page">
      <NoticeBar className="logistics-notice" content={t.dormitory.notice} color="alert" wrap />
      <PagedList
        paged={paged}
        label={t.dormitory.list}
        emptyTitle={t.dormitory.empty}
        getKey={(cost) => cost.yearMonth}
        renderItem={(cost) => <CostMonth cost={cost} />}
      />
    </div>
  );
};

export default PersonStayPage;
