// 张伟,您好！ 入职第 N 天 · 已加入 X 个月 Y 天 (30 days a month, Asia/Shanghai).
import type { Profile } from '@ess/contract/account';
import { t } from '../../../i18n/zh-CN';
import { getServiceLength } from '../../../lib/dates';

export const WelcomeBanner = ({ profile }: { profile: Profile }) => {
  const service = getServiceLength(profile.empEnterDate);
  return (
    <section className="welcome-banner" aria-label={t.home.welcome(profile.userName)}>
      <p className="welcome-name">{t.home.welcome(profile.userName)}</p>
      {service ? (
        <p className="welcome-days">
          <span className="welcome-day-number">{t.home.joined(service.dayNumber)}</span>
          <span> · {t.home.joinedSpan(service.months, service.days)}</span>
        </p>
      ) : (
        <p className="welcome-days">{t.home.joinedUnknown}</p>
      )}
    </section>
  );
};
