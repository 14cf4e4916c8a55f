// The app's old routes of HR's work (/review/change-list, /review/change-detail?id=…, /hr/submissions): the work
// moved to the HR console, so opening one goes there by a full navigation that replaces this entry (Back does not
// loop), to the same filters or request. The words and the link stay in case the browser does not leave.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { consoleAddressOf, leaveForConsole } from '../../lib/console-links';
import './console-moved.css';

const ConsoleMovedPage = () => {
  const { pathname, search } = useLocation();
  const address = consoleAddressOf(pathname, search);
  useEffect(() => leaveForConsole(address), [address]);
  return (
    <section className="console-moved" aria-labelledby="console-moved-title">
      <h2 id="console-moved-title" className="console-moved-title">
        {t.consoleMoved.title}
      </h2>
      <p className="console-moved-text">{t.consoleMoved.text}</p>
      <a className="console-moved-link" href={address}>
        {t.consoleMoved.link}
      </a>
    </section>
  );
};

export default ConsoleMovedPage;
