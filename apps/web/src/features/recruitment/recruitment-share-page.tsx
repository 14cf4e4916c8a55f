// /recruitment/recruitment-share (M15) and /home/recruitment-share: the QR code of the referral link
// /register?empNo=<the signed-in employee> with the employee's name; save the picture; share it (WeChat / WeCom
// JS-SDK inside those browsers, else the Web Share API, else copy the link); and the candidates registered
// through the link (name masked, date, status, HR's answer).
import { Button, List, Tag } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { describeError } from '../../lib/api-client';
import { useSignedInUser } from '../../lib/current-user';
import { showToast } from '../../lib/toast';
import { useMyReferrals } from './api/recruitment';
import { drawReferralQr } from './qr-code';
import { configureInAppShare, copyText, shareClientOf, shareOutside } from './share-link';
import './recruitment.css';

const STATUS_COLORS: Record<string, 'primary' | 'success' | 'warning' | 'default'> = {
  REGISTERED: 'primary',
  CONTACTED: 'warning',
  HIRED: 'success',
  REJECTED: 'default',
};

const Referrals = () => {
  const referrals = useMyReferrals();
  if (referrals.isPending) return <LoadingState lines={2} blocks={1} />;
  if (referrals.isError)
    return (
      <ErrorState error={referrals.error} onRetry={() => void referrals.refetch()} isRetrying={referrals.isFetching} />
    );
  if (referrals.data.length === 0) return <EmptyState title={t.recruitment.candidatesEmpty} />;
  return (
    <List aria-label={t.recruitment.candidates}>
      {referrals.data.map((candidate) => (
        <List.Item
          key={candidate.id}
          description={
            candidate.answer ? (
              <>
                {`${candidate.positionApply} · ${candidate.createdAt}`}
                <br />
                {t.recruitment.answer}
                {candidate.answer}
              </>
            ) : (
              `${candidate.positionApply} · ${candidate.createdAt}`
            )
          }
          extra={
            <Tag color={STATUS_COLORS[candidate.status] ?? 'default'}>{t.recruitment.statuses[candidate.status]}</Tag>
          }
        >
          {candidate.maskedName}
        </List.Item>
      ))}
    </List>
  );
};

const RecruitmentSharePage = () => {
  const { profile } = useSignedInUser();
  const link = `${window.location.origin}/register?empNo=${encodeURIComponent(profile.userAccount)}`;
  const qr = useMemo(
    () => drawReferralQr({ text: link, caption: t.recruitment.referrer(profile.userName, profile.userAccount) }),
    [link, profile.userName, profile.userAccount],
  );
  const client = shareClientOf();
  const [isInAppReady, setInAppReady] = useState(false);
  const share = {
    title: t.recruitment.shareTitle,
    desc: t.recruitment.shareDesc(profile.userName),
    link,
    imgUrl: `${window.location.origin}/logo.svg`,
  };

  // Inside WeChat / WeCom the share menu is set up at once, so the ⋯ menu shares the referral link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the link does not change.
  useEffect(() => {
    if (!client) return;
    configureInAppShare({ client, share }).then(
      () => setInAppReady(true),
      (error) => void showToast({ content: describeError(error), kind: 'fail' }),
    );
  }, [client]);

  const onShare = async () => {
    if (client) {
      void showToast({ content: isInAppReady ? t.recruitment.wechatHint : t.recruitment.copied, kind: 'success' });
      if (!isInAppReady) await copyText(link);
      return;
    }
    const outcome = await shareOutside({ title: share.title, text: share.desc, url: link });
    if (outcome === 'copied') void showToast({ content: t.recruitment.copied, kind: 'success' });
    if (outcome === 'failed') void showToast({ content: t.recruitment.copyFailed, kind: 'fail' });
  };

  const onCopy = async () => {
    const isCopied = await copyText(link);
    void showToast({
      content: isCopied ? t.recruitment.copied : t.recruitment.copyFailed,
      kind: isCopied ? 'success' : 'fail',
    });
  };

  return (
    <div className="recruitment-page">
      <section className="recruitment-card" aria-label={t.recruitment.qrLabel(profile.userName)}>
        <p className="recruitment-intro">{t.recruitment.intro}</p>
        {qr && <img className="recruitment-qr" src={qr} alt={t.recruitment.qrLabel(profile.userName)} />}
        <p className="recruitment-link" data-testid="referral-link">
          {link}
        </p>
        <div className="recruitment-actions">
          <a
            className="adm-button adm-button-primary adm-button-fill-outline recruitment-save"
            href={qr}
            download="内部推荐二维码.png"
          >
            {t.recruitment.saveQr}
          </a>
          <Button color="primary" onClick={() => void onShare()}>
            {t.recruitment.share}
          </Button>
          <Button fill="none" color="primary" onClick={() => void onCopy()}>
            {t.recruitment.copyLink}
          </Button>
        </div>
        {client && <p className="recruitment-hint">{t.recruitment.saveHint}</p>}
      </section>
      <section className="recruitment-section">
        <h2 className="recruitment-title">{t.recruitment.candidates}</h2>
        <Referrals />
      </section>
    </div>
  );
};

export default RecruitmentSharePage;
