// /user/self-help: whom to ask about what, and how to send feedback. Static text, no calls.
import { List } from 'antd-mobile';
import { t } from '../../i18n/zh-CN';
import './self-help-page.css';

const SelfHelpPage = () => (
  <div className="help-page">
    <p className="help-intro">{t.selfHelp.intro}</p>
    <List header={t.selfHelp.askTitle}>
      {t.selfHelp.topics.map((topic) => (
        <List.Item key={topic.title} extra={<span className="help-who">{topic.who}</span>} description={topic.detail}>
          {topic.title}
        </List.Item>
      ))}
    </List>
    <List header={t.selfHelp.feedbackTitle}>
      <List.Item>
        <span className="help-steps">{t.selfHelp.feedbackSteps}</span>
      </List.Item>
    </List>
  </div>
);

export default SelfHelpPage;
