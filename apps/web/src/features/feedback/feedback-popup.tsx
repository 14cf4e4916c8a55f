// The feedback form as a sheet over the current screen (top bar → 反馈).
import { Sheet } from '../../components/sheet';
import { t } from '../../i18n/zh-CN';
import { useCurrentUser } from '../../lib/current-user';
import { FeedbackForm } from './feedback-form';
import './feedback.css';

const FeedbackPopup = ({ visible, onClose }: { visible: boolean; onClose: () => void }) => {
  const { data: currentUser } = useCurrentUser();
  return (
    <Sheet visible={visible} title={t.feedback.title} onClose={onClose}>
      <FeedbackForm bu={currentUser?.profile.baseBu ?? ''} onSubmitted={onClose} />
    </Sheet>
  );
};

export default FeedbackPopup;
