// 长辈版 offered once, on the first visit to home after the handbook: either answer is kept for the employee (the
// offer does not come back, on any phone), and the switch in 我的 → 设置 changes it later.
import { Dialog } from 'antd-mobile';
import { t } from '../../../i18n/zh-CN';
import { useSetLargeText } from '../../../lib/set-large-text';

const LargeTextOffer = () => {
  const setLargeText = useSetLargeText();
  return (
    <Dialog
      // Shown while the profile has no answer: the answer, saved or not yet, takes home's offer away.
      visible
      aria-label={t.largeTextOffer.title}
      title={t.largeTextOffer.title}
      content={t.largeTextOffer.content}
      actions={[
        { key: 'accept', text: t.largeTextOffer.accept, bold: true, onClick: () => setLargeText.mutate(true) },
        { key: 'decline', text: t.largeTextOffer.decline, onClick: () => setLargeText.mutate(false) },
      ]}
    />
  );
};

export default LargeTextOffer;
